#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What `make run` runs inside the simulated board.
tools=$(cd "$(dirname "$0")/../build/tools" && pwd)
echo "== GPU cores found by the etnaviv driver ($ETNAVIV_DRIVER driver, board $ETNAVIV_BOARD)"
"$tools/gpu-list" || exit 1
echo
echo "== workload: 1000 jobs on every engine"
"$tools/gpu-workload" 1000 || exit 1
echo
echo "== etnaviv-info (libetnaviv)"
"$tools/etnaviv-info" || exit 1
echo
png=$(cd "$tools/.." && pwd)/demo.png
echo "== 2D demo: a test pattern drawn by the 2D engine, checked against the CPU reference"
"$tools/etnaviv-2d-demo" --verify -o "$png" || exit 1
echo "the picture is on the host at $png"
echo
echo "== OpenGL: Mesa's etnaviv driver (built from Debian's source) on the 3D core"
"$tools/etnaviv-gl-info" || exit 1
echo
glpng=$(cd "$tools/.." && pwd)/gl-demo.png
echo "== GL demo: framebuffers cleared and blitted by the resolve engine, read back, checked against the CPU"
"$tools/etnaviv-gl-demo" --verify -o "$glpng" | grep -v '^renderer:' || exit 1
echo
cube=$(cd "$tools/.." && pwd)/gl-cube.png
echo "== GL cube: a textured, lit, depth-tested cube at four angles, drawn by the model's 3D pipeline"
"$tools/etnaviv-gl-cube" -o "$cube" | grep -v '^renderer:' || exit 1
echo
echo "== device model statistics"
for s in /sys/kernel/debug/vgc-model/*/stats; do
	d=$(basename "$(dirname "$s")")
	printf '%-16s %s\n' "$d" "$(grep -E '^(fe|commands|events|waits|mmu_faults|bus_errors|bad_commands|escapes|de_ops|de_pixels):' "$s" | tr '\n' ' ' | sed 's/ $//')"
done
