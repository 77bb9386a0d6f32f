#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# getparam-equal.sh [DIR]: every GET_PARAM answer (value or error) of every
# pipe of every board that runs smoke (tests/steps.manifest), with our
# driver and with upstream Linux 6.1's, must be the same; a difference
# fails, naming the board, the core and the parameter. DIR holds
# BOARD-DRIVER.params files as "smoke --dump-params" writes them
# (scripts/check's smoke runs do); a missing one is made by booting the
# board (ETNAVIV_CHECK_KERNEL, default plain) with "smoke
# --dump-params-only". Cores are matched by name: on the
# legacy board the drivers number the pipes differently (boards/README.md).
. "$(dirname "$0")/../../scripts/common.sh"
dir=${1:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
kernel=${ETNAVIV_CHECK_KERNEL:-plain}
fail=0
names=(
	[0x01]=GPU_MODEL [0x02]=GPU_REVISION [0x03]=GPU_FEATURES_0
	[0x04]=GPU_FEATURES_1 [0x05]=GPU_FEATURES_2 [0x06]=GPU_FEATURES_3
	[0x07]=GPU_FEATURES_4 [0x08]=GPU_FEATURES_5 [0x09]=GPU_FEATURES_6
	[0x0a]=GPU_FEATURES_7 [0x0b]=GPU_FEATURES_8 [0x0c]=GPU_FEATURES_9
	[0x0d]=GPU_FEATURES_10 [0x0e]=GPU_FEATURES_11 [0x0f]=GPU_FEATURES_12
	[0x10]=GPU_STREAM_COUNT [0x11]=GPU_REGISTER_MAX
	[0x12]=GPU_THREAD_COUNT [0x13]=GPU_VERTEX_CACHE_SIZE
	[0x14]=GPU_SHADER_CORE_COUNT [0x15]=GPU_PIXEL_PIPES
	[0x16]=GPU_VERTEX_OUTPUT_BUFFER_SIZE [0x17]=GPU_BUFFER_SIZE
	[0x18]=GPU_INSTRUCTION_COUNT [0x19]=GPU_NUM_CONSTANTS
	[0x1a]=GPU_NUM_VARYINGS [0x1b]=SOFTPIN_START_ADDR
	[0x1c]=GPU_PRODUCT_ID [0x1d]=GPU_CUSTOMER_ID [0x1e]=GPU_ECO_ID
	[0x1f]="0x1f (unknown)"
)

for board in $(boards_of smoke); do
	for driver in ours upstream; do
		f=$dir/$board-$driver.params
		[ -s "$f" ] && continue
		"$ROOT/scripts/boot" --kernel "$kernel" --board "$board" \
			--driver "$driver" -- "$OUT/tests/smoke" \
			--dump-params-only "$f" >"$dir/$board-$driver.log" 2>&1
	done
	o=$dir/$board-ours.params u=$dir/$board-upstream.params
	if ! [ -s "$o" ] || ! [ -s "$u" ]; then
		echo "FAIL: getparam-equal/$board: no answers from" \
			"$( [ -s "$o" ] || echo ours) $( [ -s "$u" ] || echo upstream)"
		fail=1
		continue
	fi
	diffs=0
	# key param value, sorted by key and param: join on "key param"
	while read -r key param ours upstream; do
		echo "FAIL: getparam-equal/$board/$key/${names[$param]}:" \
			"ours $ours, upstream $upstream"
		diffs=$((diffs + 1))
	done < <(join -a1 -a2 -e missing -o 0,1.2,2.2 \
			<(awk '{ print $1 ":" $2, $3 }' "$o" | sort) \
			<(awk '{ print $1 ":" $2, $3 }' "$u" | sort) |
		 awk '$2 != $3 { split($1, k, ":"); print k[1], k[2], $2, $3 }')
	n=$(wc -l <"$o")
	if [ $diffs = 0 ]; then
		echo "PASS: getparam-equal/$board: $n answers equal"
	else
		fail=1
	fi
done
exit $fail
