#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# display.sh BUILD [all|modeset|kmscube]: the display clients inside a
# board with an eLCDIF, unmodified from Debian's packages, on the
# project's Mesa (etnaviv through kmsro, the driver the board booted with)
# and, for comparison, the host's Mesa (kms_swrast, that is llvmpipe, on
# the same display):
#  - modetest (libdrm) lists the panel's connector, its one mode and the
#    planes of Linux's mxsfb, and shows its test pattern in a dumb buffer
#    (no GPU): the panel's frame has its red, green and blue bars;
#  - kmscube renders its cube and page-flips on both; the frame the panel
#    showed for kmscube's frame FRAME (the model's capture after FRAME + 1
#    flips: kmscube shows a cleared frame first) is kept as PNG in
#    BUILD/display/ and compared with llvmpipe's: at most MAX_BAD pixels
#    may differ by more than THRESHOLD in a colour;
#  - glmark2-es2-drm --validate succeeds on every scene it runs;
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
THRESHOLD=16
MAX_BAD=400	# of 384000 pixels: the cube's edges (see the report line)

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
# kmscube's frame FRAME kept as BUILD/display/kmscube-NAME.png.
kmscube_run() {
	local name=$1 want=$2 run=() log=$out/kmscube-$1.log flips0
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
	if "$frame_tool" wait 30 >/dev/null &&
		"$frame_tool" save "$out/kmscube-$name.png" >/dev/null; then
		pass "$name/frame" "kmscube's frame $FRAME in $out/kmscube-$name.png"
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
kmscube_run "$tag" Vivante
if [ "$what" = kmscube ]; then
	exit $rc
fi
modetest_run
kmscube_run "$tag-llvmpipe" llvmpipe soft
if r=$("$frame_tool" compare "$out/kmscube-$tag.png" \
	"$out/kmscube-$tag-llvmpipe.png" $THRESHOLD $MAX_BAD); then
	pass kmscube-vs-llvmpipe "$r (at most $MAX_BAD)"
else
	fail kmscube-vs-llvmpipe "$r (at most $MAX_BAD)"
fi

# glmark2's validation: every scene it runs must succeed.
glmark2_validate() {
	local name=$1 log=$out/glmark2-validate-$1.log run=() ok bad
	[ "${2:-}" = soft ] && run=(soft)
	"${run[@]}" glmark2-es2-drm --validate \
		--winsys-options "drm-device=$card" >"$log" 2>&1
	local st=$?
	ok=$(grep -c 'Validation: Success' "$log")
	bad=$(grep -Ec 'Validation: (Failure|Unknown)' "$log")
	if [ "$st" = 0 ] && [ "$ok" -gt 0 ] && [ "$bad" = 0 ]; then
		pass "$name/glmark2-validate" "$ok scenes validated"
	else
		fail "$name/glmark2-validate" "exit $st, $ok succeeded, $bad not: $(grep -E 'Validation: (Failure|Unknown)' "$log" | tr '\n' ' ')"
	fi
}
glmark2_validate "$tag"

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
	if "$frame_tool" wait 120 >/dev/null &&
		"$frame_tool" save "$out/weston-$tag.png" >/dev/null; then
		c=$("$frame_tool" colors "$out/weston-$tag.png")
		read -r _ r _ g _ b _ <<<"$c"
		if [ "$r" -gt 500 ] && [ "$g" -gt 500 ] && [ "$b" -gt 500 ]; then
			pass weston-simple-egl "the panel shows the triangle ($c), $out/weston-$tag.png"
		else
			fail weston-simple-egl "no triangle on the panel: $c"
		fi
	else
		fail weston-simple-egl "no frame ($(tail -3 "$out/simple-egl-$tag.log" | tr '\n' ' '))"
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
