#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# clear.sh BUILD: the GL tests inside a board, once per setting of Mesa's
# etnaviv driver that changes how it clears, copies and resolves: tile
# status and fast clear on (the default), off (no_ts), and render targets
# tiled instead of supertiled (no_supertile). Each setting runs the clear
# tests (tests/gl/clear.c), the GL demo with --verify
# (tools/etnaviv-gl-demo.c: blits through the resolve engine) and, when
# the host's llvmpipe rendered its reference (BUILD/gl-cube-ref.rgba), the
# cube scene (tools/etnaviv-gl-cube.c) compared with it. Then, once, a 3D
# job longer than the hang timeout (tests/gl/long3d.c). At the end, no
# core of the device model may have returned a texel corrupted by the TX
# clock gating erratum (tx_gating_corrupt: the driver must keep TX gating
# off where the core has it), nor signalled a job's event while a cache
# still held its work (unflushed_events: the driver's flushes at the end
# of a job), nor sampled through a texture descriptor it kept after the
# descriptor or the sampler's address changed without an invalidation
# (tx_desc_stale, HALTI5 cores: Mesa's NTE_DESCRIPTOR_INVALIDATE).
# Options after BUILD, for a board where part of this cannot run (its
# line in tests/steps.manifest says why): --only SETTING,... runs those
# settings alone; --no-cube reports the cube scene as skipped.
set -u
build=$1
shift
settings="default no_ts no_supertile"
cube=1
while [ $# -gt 0 ]; do
	case $1 in
	--only) settings=${2//,/ }; shift ;;
	--no-cube) cube= ;;
	*) echo "FAIL: gl-clear: unknown option $1"; exit 1 ;;
	esac
	shift
done
rc=0
for opt in $settings; do
	ts=--ts
	[ "$opt" = no_ts ] && ts=
	if [ "$opt" = default ]; then
		set -- env -u ETNA_MESA_DEBUG
	else
		set -- env ETNA_MESA_DEBUG="$opt"
	fi
	"$@" "$build/tests/gl-clear" --label "$opt" $ts || rc=1
	if out=$("$@" "$build/tools/etnaviv-gl-demo" --verify 2>&1); then
		echo "PASS: gl-demo/$opt: ${out##*$'\n'}"
	else
		echo "FAIL: gl-demo/$opt: $(echo "$out" | tr '\n' ' ')"
		rc=1
	fi
	[ -f "$build/gl-cube-ref.rgba" ] || continue
	if [ -z "$cube" ]; then
		echo "SKIP: gl-cube/$opt: not run on this board (tests/steps.manifest)"
		continue
	fi
	if out=$("$@" "$build/tools/etnaviv-gl-cube" \
		--compare "$build/gl-cube-ref.rgba" 2>&1); then
		echo "PASS: gl-cube/$opt: ${out##*$'\n'}"
	else
		echo "FAIL: gl-cube/$opt: $(echo "$out" | tr '\n' ' ')"
		rc=1
	fi
done
"$build/tests/gl-long3d" || rc=1
for st in /sys/kernel/debug/vgc-model/*/stats; do
	core=$(basename "$(dirname "$st")")
	for stat in tx_gating_corrupt unflushed_events tx_desc_stale; do
		n=$(awk -v k="$stat:" '$1 == k { print $2 }' "$st")
		if [ "$n" = 0 ]; then
			echo "PASS: gl-model/$core: $stat 0"
		else
			echo "FAIL: gl-model/$core: $stat ${n:-missing}"
			rc=1
		fi
	done
done
exit $rc
