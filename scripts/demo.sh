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
echo "== device model statistics"
for s in /sys/kernel/debug/vgc-model/*/stats; do
	d=$(basename "$(dirname "$s")")
	printf '%-22s %s\n' "$d" "$(grep -E '^(fe|commands|events|waits|mmu_faults|bus_errors|bad_commands|tlb_flushes):' "$s" | tr '\n' ' ')"
done
