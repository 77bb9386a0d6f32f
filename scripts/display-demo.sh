#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What `make run` runs inside the simulated i.MX6 SoloX: kmscube through
# Mesa's kmsro (etnaviv renders, Linux's mxsfb scans out on the display
# model), and the panel's frame of kmscube's frame 7 as a PNG on the host.
build=$(cd "$(dirname "$0")/../build" && pwd)
tool=$build/tools/lcdif-frame
node=$(ls -d /sys/kernel/debug/lcdif-model/*/ | head -1)
card=
for c in /sys/class/drm/card[0-9]*; do
	d=$(readlink -f "$c/device/driver")
	[ "${d##*/}" = mxsfb ] && card=/dev/dri/${c##*/}
done
[ -n "$card" ] || { echo "no display card"; exit 1; }
echo "display card: $card (mxsfb-drm), GPU render node: /dev/dri/renderD128 ($ETNAVIV_DRIVER driver)"
"$tool" capture 8 || exit 1
kmscube -D "$card" -c 10 >"$build/kmscube.log" 2>&1 || { tail "$build/kmscube.log"; exit 1; }
grep -iE 'renderer:|version:' "$build/kmscube.log" | sed 's/^[[:space:]]*/  /'
"$tool" wait 30 >/dev/null || exit 1
"$tool" save "$build/kmscube.png" | sed 's/^/panel frame of kmscube frame 7: /'
grep -E '^(frames|frames_repeated|frames_late|irqs|flips):' "$node/stats" | tr '\n' ' '
echo
