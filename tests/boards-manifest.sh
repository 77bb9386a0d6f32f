#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The board manifest (boards/boards.manifest) against the boards and the
# steps of make check (tests/steps.manifest): one line per boards/*.dts
# and a .dts per line; known tags; the test families that run on a board
# suit its tags (smoke on every board; the 2D tests on 2D cores, the GL
# tests on 3D cores, isolation exactly on MMUv2 2D cores); pipes the
# board's device model has; and boards/README.md holds the table
# scripts/boards-table makes of them.
# boards-manifest.sh [MANIFEST]: check another manifest (the default: the repo's).
. "$(dirname "$0")/../scripts/common.sh"
[ $# -gt 0 ] && MANIFEST=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

t() {	# t NAME WHY-IF-FAILED: empty WHY passes
	if [ -z "$2" ]; then
		echo "PASS: boards/$1"
	else
		echo "FAIL: boards/$1: $2"
		fail=1
	fi
}

has() { case " $1 " in *" $2 "*) return 0 ;; esac; return 1; }

manifest >"$tmp/lines"
t manifest-readable "$([ -s "$tmp/lines" ] || echo "no board lines in $MANIFEST")"
# The test families of each board: "BOARD FAMILY" (a step's name less its
# board and driver), from the step manifest.
steps debug 2>"$tmp/steps.err" | awk -F'\t' '$1 == "step" && $4 != "-" {
	f = $2; sub("-" $4 "(-" $5 ")?$", "", f); print $4, f }' >"$tmp/families"
steps_err=$(cat "$tmp/steps.err")

for dts in "$ROOT"/boards/*.dts; do
	b=$(basename "$dts" .dts)
	t "listed/$b" "$(cut -d'|' -f1 "$tmp/lines" | grep -qx -- "$b" ||
		echo "boards/$b.dts has no line in the manifest")"
done
dup=$(cut -d'|' -f1 "$tmp/lines" | sort | uniq -d | xargs)
t unique-names "$([ -z "$dup" ] || echo "listed more than once: $dup")"

while IFS='|' read -r board soc tags pipes cores extra; do
	why=
	[ -n "$board" ] && [ -n "$soc" ] && [ -n "$tags" ] && [ -n "$pipes" ] &&
		[ -n "$cores" ] && [ -z "$extra" ] ||
		why="want 5 non-empty fields"
	t "fields/$board" "$why"

	why=
	[ -f "$ROOT/boards/$board.dts" ] || why="no boards/$board.dts"
	t "dts/$board" "$why"

	why=
	for w in $tags; do
		case $w in
		mmuv1|mmuv2|3d|2d|vg|sec|legacy|display) ;;
		*) why="unknown tag $w" ;;
		esac
	done
	has "$tags" mmuv1 && has "$tags" mmuv2 && why="both mmuv1 and mmuv2"
	has "$tags" mmuv1 || has "$tags" mmuv2 || why="neither mmuv1 nor mmuv2"
	has "$tags" 3d || has "$tags" 2d || why="neither 3d nor 2d"
	t "tags/$board" "$why"

	# the families of tests/steps.manifest that run on it
	why=
	tests=$(awk -v b="$board" '$1 == b { print $2 }' "$tmp/families" | xargs)
	has "$tests" smoke || why="no smoke"
	has "$tests" pixels && ! has "$tags" 2d && why="pixels without 2d"
	has "$tests" datapath && ! has "$tags" 2d && why="datapath without 2d"
	has "$tests" gl-clear && ! has "$tags" 3d && why="gl-clear without 3d"
	has "$tests" display && ! has "$tags" display && why="display without display"
	has "$tests" display && ! has "$tags" 3d && why="display without 3d"
	has "$tests" display-modeset && ! has "$tags" display &&
		why="display-modeset without display"
	if has "$tags" mmuv2 && has "$tags" 2d; then
		has "$tests" isolation || why="mmuv2 and 2d without isolation"
	else
		has "$tests" isolation && why="isolation needs mmuv2 and 2d"
	fi
	[ -z "$steps_err" ] || why=$steps_err
	t "tests/$board" "$why"

	# the device model's cores, from the board's device tree
	why=
	ids=
	if [ -f "$ROOT/boards/$board.dts" ]; then
		ids=$(dtc -q -I dts -O dts -i "$ROOT/boards" "$ROOT/boards/$board.dts" |
			sed -n 's/^[[:space:]]*sim,identities = \(.*\);/\1/p' | tr -d '",')
	fi
	[ -n "$ids" ] || why="no sim,identities in boards/$board.dts"
	IFS=';' read -ra orders <<<"$pipes"
	for o in "${orders[@]}"; do
		case $o in
		*:*)
			drv=$(echo "${o%%:*}" | xargs)
			case $drv in ours|upstream) ;; *) why="unknown driver $drv" ;; esac
			o=${o#*:} ;;
		esac
		set -- $o
		[ $# -ge 1 ] && [ $# -le 4 ] || why="$# pipes (1 to 4)"
		for c in "$@"; do
			[ -z "$ids" ] || has "$ids" "$c" ||
				why="pipe core $c is not in sim,identities ($ids)"
		done
	done
	t "pipes/$board" "$why"
done <"$tmp/lines"

# The README's table, between its markers, is the generated one.
sed -n '/^<!-- boards-table begin/,/^<!-- boards-table end/p' \
	"$ROOT/boards/README.md" | sed '1d;$d' >"$tmp/readme"
ETNAVIV_MANIFEST=$MANIFEST "$ROOT/scripts/boards-table" >"$tmp/table" 2>&1
t readme-table "$(diff -u "$tmp/table" "$tmp/readme" >"$tmp/diff" ||
	echo "boards/README.md differs from scripts/boards-table (make boards-table updates it):"; cat "$tmp/diff")"

exit $fail
