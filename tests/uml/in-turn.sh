#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# in-turn.sh CMD [ARG...] [--then CMD [ARG...]]...: run inside a board,
# the test programs one after the other in the same boot (scripts/check
# runs short tests so, to spare a boot each). Every program runs; the
# exit status is the first non-zero one, else 0.
rc=0
while [ $# -gt 0 ]; do
	cmd=()
	while [ $# -gt 0 ] && [ "$1" != --then ]; do
		cmd+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	[ ${#cmd[@]} -gt 0 ] || continue
	"${cmd[@]}"
	r=$?
	[ "$rc" != 0 ] || rc=$r
done
exit "$rc"
