#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# display.sh BUILD [all|modeset|kmscube]: the display clients inside a
# board with an eLCDIF, unmodified from Debian's packages, on the
# project's Mesa (etnaviv through kmsro, the driver the board booted with)
# and, for comparison, the host's Mesa (llvmpipe through kms_swrast, on
# the same display card):
#  - modetest (libdrm) lists the panel's connector, its one mode and the
#    planes of Linux's mxsfb, and shows its test pattern in a dumb buffer
#    (no GPU): the panel's frame has its red, green and blue bars;
#  - kmscube renders its cube and page-flips; the frame the panel showed
#    for kmscube's frame FRAME (the model's capture after FRAME + 1 flips:
#    kmscube shows a cleared frame first) is kept as PNG in
#    BUILD/display/ (kmscube cannot run on a software renderer on this
#    display: sim/doc/lcdif.md, "The clients");
#  - glmark2-es2-drm --validate, on the panel and off-screen: every scene
#    (with upstream's driver, those with short draws: short_draws below)
#    gets the verdict it gets on llvmpipe (off-screen: llvmpipe's buffers
#    cannot be scanned out here), and so none fails that llvmpipe passes;
#  - Weston 10's DRM backend (the panel's mode, no input devices) shows
#    weston-simple-egl drawing through etnaviv: the panel's frame (the
#    screenshot, BUILD/display/weston-*.png) has the triangle's red, green
#    and blue;
#  - the display model saw no DMA error nor a configuration it lacks.
# "modeset" (boards.manifest: the modeset group) runs modetest alone,
# "kmscube" the kmscube steps on etnaviv alone (make run); "all" (the
# display group) everything.
set -u
build=$1
what=${2:-all}
out=$build/display
mkdir -p "$out"
tag=${ETNAVIV_BOARD:-board}-${ETNAVIV_DRIVER:-driver}
frame_tool=$build/tools/lcdif-frame
rc=0
FRAME=7

pass() { echo "PASS: display/$tag/$1${2:+: $2}"; }
fail() { echo "FAIL: display/$tag/$1${2:+: $2}"; rc=1; }

node=$(ls -d /sys/kernel/debug/lcdif-model/*/ 2>/dev/null | head -1)
stat() { awk -v k="$1:" '$1 == k { print $2 }' "$node/stats"; }

# The card of Linux's mxsfb (the etnaviv driver's comes first).
card=
for c in /sys/class/drm/card[0-9]*; do
	d=$(readlink -f "$c/device/driver")
	[ "${d##*/}" = mxsfb ] && card=/dev/dri/${c##*/}
done
if [ -z "$card" ] || [ -z "$node" ]; then
	fail card "no mxsfb-drm card or no display model"
	exit 1
fi
pass card "$card"

# The host's Mesa: the board's GBM finds no driver for mxsfb-drm and takes
# kms_swrast (llvmpipe).
soft() {
	env -u LD_LIBRARY_PATH -u __EGL_VENDOR_LIBRARY_FILENAMES \
		-u LIBGL_DRIVERS_PATH LIBGL_ALWAYS_SOFTWARE=1 \
		GBM_ALWAYS_SOFTWARE=1 "$@"
}

# kmscube NAME RENDERER [soft]: FRAME + 3 frames, the panel's frame of
# kmscube's frame FRAME kept as BUILD/display/kmscube-BOARD-DRIVER-NAME.png.
kmscube_run() {
	local name=$1 want=$2 run=() log=$out/kmscube-$tag-$1.log flips0 png
	[ "${3:-}" = soft ] && run=(soft)
	"$frame_tool" capture $((FRAME + 1)) || fail "$name/capture"
	flips0=$(stat flips)
	if ! "${run[@]}" kmscube -D "$card" -c $((FRAME + 3)) >"$log" 2>&1; then
		fail "$name/kmscube" "exit status $? ($(tail -3 "$log" | tr '\n' ' '))"
		return 1
	fi
	if grep -qi "renderer:.*$want" "$log"; then
		pass "$name/kmscube" "$(grep -i -m1 'renderer:' "$log" | tr -s ' \t' ' ')"
	else
		fail "$name/kmscube" "renderer is not $want: $(grep -i -m1 'renderer:' "$log")"
	fi
	if [ $(($(stat flips) - flips0)) -ge $((FRAME + 3)) ]; then
		pass "$name/flips" "$(($(stat flips) - flips0)) page flips"
	else
		fail "$name/flips" "$(($(stat flips) - flips0)) page flips for $((FRAME + 3)) frames"
	fi
	png=$out/kmscube-$tag-$name.png
	rm -f "$png"
	if "$frame_tool" wait 30 >/dev/null &&
		"$frame_tool" save "$png" >/dev/null; then
		pass "$name/frame" "kmscube's frame $FRAME in $png"
	else
		fail "$name/frame" "no frame captured"
		return 1
	fi
}

# modetest: the panel's connector and mode, the planes (mxsfb gives the
# i.MX6SoloX's version an overlay plane: the alpha surface).
planes=1
grep -q fsl,imx6sx-lcdif /proc/device-tree/display-model/*/compatible 2>/dev/null &&
	planes=2
modetest_run() {
	local m n conn c r g b
	m=$(modetest -M mxsfb-drm -c 2>&1)
	if echo "$m" | grep -Eq '[[:space:]]connected[[:space:]]+DPI-1' &&
		echo "$m" | grep -Eq '#0 800x480 60\.[0-9]+ 800 964 974 1063 480 490 500 523 33500'; then
		pass modetest-connector "DPI-1 connected, 800x480 at 60 Hz, 33.5 MHz"
	else
		fail modetest-connector "$(echo "$m" | head -12 | tr '\n' ' ')"
	fi
	m=$(modetest -M mxsfb-drm -p 2>&1)
	n=$(echo "$m" | sed -n '/^Planes:/,$p' | grep -Ec '^[0-9]+[[:space:]]')
	if [ "$n" = "$planes" ] && echo "$m" | grep -q 'XR24'; then
		pass modetest-planes "$n planes"
	else
		fail modetest-planes "$n planes, want $planes: $(echo "$m" | tail -8 | tr '\n' ' ')"
	fi
	# its test pattern in a dumb buffer, shown while modetest waits for
	# input (3 s)
	conn=$(modetest -M mxsfb-drm -c 2>/dev/null |
		awk '$3 == "connected" && $4 ~ /^DPI/ { print $1; exit }')
	"$frame_tool" capture 0
	sleep 3 | modetest -M mxsfb-drm -s "$conn:800x480" >"$out/modetest-$tag.log" 2>&1
	if "$frame_tool" wait 10 >/dev/null &&
		"$frame_tool" save "$out/modetest-$tag.png" >/dev/null; then
		c=$("$frame_tool" colors "$out/modetest-$tag.png")
		read -r _ r _ g _ b _ <<<"$c"
		if [ "$r" -gt 20000 ] && [ "$g" -gt 20000 ] && [ "$b" -gt 20000 ]; then
			pass modetest-pattern "the panel shows the bars ($c), $out/modetest-$tag.png"
		else
			fail modetest-pattern "no bars on the panel: $c"
		fi
	else
		fail modetest-pattern "no frame ($(tail -3 "$out/modetest-$tag.log" | tr '\n' ' '))"
	fi
}

model_stats() {
	for s in dma_errors unsupported bad_regs; do
		n=$(stat $s)
		if [ "$n" = 0 ]; then
			pass "model-$s" 0
		else
			fail "model-$s" "${n:-missing}"
		fi
	done
}

if [ "$what" = modeset ]; then
	modetest_run
	model_stats
	exit $rc
fi
kmscube_run etnaviv Vivante
if [ "$what" = kmscube ]; then
	exit $rc
fi
modetest_run
# glmark2's validation: each scene's verdict (Success, Failure: glmark2
# compares pixels with its references; Unknown: the scene has none), on the
# panel and off-screen, against llvmpipe's off-screen in the same board.
glmark2_validate() {
	local log=$out/glmark2-validate-$tag-$1.log run=() st
	[ "$2" = soft ] && run=(soft)
	shift 2
	"${run[@]}" glmark2-es2-drm --validate "$@" \
		--winsys-options "drm-device=$card" >"$log" 2>&1
	st=$?
	grep -E '^\[.*Validation: ' "$log" | sed 's/: Validation: / /' >"$log.verdicts"
	[ "$st" = 0 ] && [ -s "$log.verdicts" ]
}
# With upstream's driver, only the scenes whose draws are short. Its hang
# check resets a core whose FE has not moved for one or two of its 500 ms
# periods of the host's clock, and a draw that ends during the core dump
# before that reset hits a use-after-free in its recovery
# (Documentation/testing.md, display). The GC400 model draws these scenes
# in 60 ms at most (plain kernel, the step's for this driver) beside one
# other make check, 93 ms beside a kernel build and two make checks; the
# others' draws take up to 310 and 675 ms, five to six times that on the
# debug kernel.
short_draws='^\[(build|texture|pulsar|ideas|shadow)\] |^\[shading\] shading=gouraud |^\[bump\] bump-render=normals |^\[desktop\] effect=shadow:|^\[conditionals\] fragment-steps=0:'
glmark2_check() {
	local v=$out/glmark2-validate-$tag mode ok bad ref list=()
	if ! glmark2_validate llvmpipe soft --off-screen; then
		fail glmark2-validate "llvmpipe did not run ($(tail -3 "$v-llvmpipe.log" | tr '\n' ' '))"
		return
	fi
	ref=$v-llvmpipe.log.verdicts
	if [ "${ETNAVIV_DRIVER:-}" = upstream ]; then
		grep -E "$short_draws" "$ref" >"$v.ref"
		ref=$v.ref
		# "[scene] opt=val:opt=val Verdict" -> "scene:opt=val:opt=val"
		sed -E 's/ [^ ]+$//; s/^\[([^]]*)\] /\1:/; s/:<default>$//' \
			"$ref" >"$v.scenes"
		list=(-f "$v.scenes")
	fi
	# files, not process substitution: the board has no /dev/fd
	grep -v '^\[shadow\]' "$ref" >"$v.want"
	for mode in on-screen off-screen; do
		if ! glmark2_validate "etnaviv-$mode" hw "${list[@]}" \
			$([ $mode = off-screen ] && echo --off-screen); then
			fail "glmark2-validate-$mode" "exit status or no scene ($(tail -3 "$v-etnaviv-$mode.log" | tr '\n' ' '))"
			continue
		fi
		ok=$(grep -c ' Success$' "$v-etnaviv-$mode.log.verdicts")
		grep -v '^\[shadow\]' "$v-etnaviv-$mode.log.verdicts" >"$v.got"
		bad=$(diff "$v.want" "$v.got" | grep '^[<>]' | tr '\n' ' ')
		[ -s "$v.want" ] || bad="no verdicts from llvmpipe"
		if [ -z "$bad" ] && [ "$ok" -gt 0 ]; then
			pass "glmark2-validate-$mode" "$(wc -l <"$v-etnaviv-$mode.log.verdicts") scenes, each as on llvmpipe ($ok Success)"
		else
			fail "glmark2-validate-$mode" "verdicts differ from llvmpipe's: $bad"
		fi
	done
	# The shadow scene, apart (it softpins a buffer that ends at 4 GiB,
	# the top of Mesa 22.3's address heap): as on llvmpipe.
	if grep -qxF "$(grep '^\[shadow\]' "$v-llvmpipe.log.verdicts")" \
		"$v-etnaviv-off-screen.log.verdicts"; then
		pass glmark2-validate-shadow "as on llvmpipe"
	else
		fail glmark2-validate-shadow "$(grep -A1 '^\[shadow\]' "$v-etnaviv-off-screen.log" | tr '\n' ' ')"
	fi
}
glmark2_check

# Weston 10, DRM backend on the panel, no input devices; the direct
# launcher runs as root: the board has no virtual terminal (UML's own
# consoles are not VTs), so weston is shown none (a mount namespace where
# /dev/tty0 is /dev/null).
weston_run() {
	local xdg=/run/weston-$$ log=$out/weston-$tag.log pid cpid i
	mkdir -p -m 0700 "$xdg"
	cat >"$xdg/weston.ini" <<-EOF
	[core]
	idle-time=0
	require-input=false
	[shell]
	panel-position=none
	background-color=0xff202020
	[output]
	name=DPI-1
	mode=800x480
	EOF
	XDG_RUNTIME_DIR=$xdg unshare -m sh -c \
		'mount --bind /dev/null /dev/tty0 2>/dev/null; exec "$@"' weston \
		weston --backend=drm-backend.so --drm-device="${card##*/}" \
		--continue-without-input --config="$xdg/weston.ini" \
		--socket=wayland-1 --log="$log" &
	pid=$!
	for i in $(seq 600); do
		[ -S "$xdg/wayland-1" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.1
	done
	if [ ! -S "$xdg/wayland-1" ]; then
		fail weston "no compositor ($(tail -5 "$log" | tr '\n' ' '))"
		kill $pid 2>/dev/null
		wait $pid 2>/dev/null
		return
	fi
	pass weston "the DRM backend on ${card##*/}"
	"$frame_tool" capture $(($(stat flips_run) + 12)) || fail weston/capture
	XDG_RUNTIME_DIR=$xdg WAYLAND_DISPLAY=wayland-1 weston-simple-egl -f \
		>"$out/simple-egl-$tag.log" 2>&1 &
	cpid=$!
	# weston fades a new window in, and a loaded host starts the client
	# late: look at the panel frame after frame (at most 10 captures, 12
	# flips apart) until the triangle shows, never once after a guess
	c=
	for i in $(seq 10); do
		"$frame_tool" wait 120 >/dev/null &&
			"$frame_tool" save "$out/weston-$tag.png" >/dev/null || break
		c=$("$frame_tool" colors "$out/weston-$tag.png")
		read -r _ r _ g _ b _ <<<"$c"
		[ "$r" -gt 500 ] && [ "$g" -gt 500 ] && [ "$b" -gt 500 ] && break
		c="$c (capture $i)"
		"$frame_tool" capture $(($(stat flips_run) + 12)) || break
	done
	if [ -z "$c" ]; then
		fail weston-simple-egl "no frame ($(tail -3 "$out/simple-egl-$tag.log" | tr '\n' ' '))"
	elif [ "$r" -gt 500 ] && [ "$g" -gt 500 ] && [ "$b" -gt 500 ]; then
		pass weston-simple-egl "the panel shows the triangle ($c), $out/weston-$tag.png"
	else
		fail weston-simple-egl "no triangle on the panel in 10 frames: $c"
	fi
	kill -INT $cpid 2>/dev/null
	wait $cpid 2>/dev/null
	kill -TERM $pid 2>/dev/null
	wait $pid 2>/dev/null
	rm -rf "$xdg"
}
weston_run
model_stats
exit $rc
