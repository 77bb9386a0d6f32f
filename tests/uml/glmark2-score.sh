#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# glmark2-score.sh etnaviv|llvmpipe [SCENE...]: glmark2-es2-drm (Debian's,
# unmodified) on the display board's card, with the project's Mesa
# (etnaviv through kmsro) or the host's (kms_swrast: llvmpipe, one
# rasteriser thread), both off-screen (800x480: llvmpipe's buffers are 64
# pixels aligned, 832 wide, and Linux 6.1's mxsfb scans out no pitch but
# width x 4); prints "GLMARK2 WHO score N" (make bench: scripts/bench).
# The default scenes are a short set, 5 s each: the model draws a few
# frames a second.
set -u
who=$1
shift
[ $# -gt 0 ] || set -- build:use-vbo=true texture:texture-filter=linear \
	shading:shading=phong bump:bump-render=normals effect2d pulsar \
	conditionals function loop
card=
for c in /sys/class/drm/card[0-9]*; do
	d=$(readlink -f "$c/device/driver")
	[ "${d##*/}" = mxsfb ] && card=/dev/dri/${c##*/}
done
[ -n "$card" ] || { echo "no mxsfb-drm card" >&2; exit 1; }
run=()
[ "$who" = llvmpipe ] && run=(env -u LD_LIBRARY_PATH
	-u __EGL_VENDOR_LIBRARY_FILENAMES -u LIBGL_DRIVERS_PATH
	LIBGL_ALWAYS_SOFTWARE=1 GBM_ALWAYS_SOFTWARE=1 LP_NUM_THREADS=1)
args=()
for s in "$@"; do
	args+=(-b "$s:duration=5")
done
log=$(mktemp)
"${run[@]}" glmark2-es2-drm --off-screen --winsys-options "drm-device=$card" "${args[@]}" \
	>"$log" 2>&1
st=$?
grep -E '^\[|renderer|RENDERER' "$log" >&2
score=$(awk '/glmark2 Score:/ { print $3 }' "$log")
rm -f "$log"
[ "$st" = 0 ] && [ -n "$score" ] || { echo "glmark2 failed (exit $st)" >&2; exit 1; }
echo "GLMARK2 $who score $score"
