# SPDX-License-Identifier: GPL-2.0-only
# checks.sh: sourced by the shell tests. `checks_begin PREFIX` makes a
# temporary directory $T (removed at exit) and zeroes the counters; `ok
# NAME` and `ko NAME WHY` print PASS:/FAIL: lines named PREFIX/NAME;
# `checks_end` prints the totals and returns non-zero after any failure.
checks_begin() {
	checks_prefix=$1
	pass=0
	fail=0
	T=$(mktemp -d)
	trap 'rm -rf "$T"' EXIT
}
ok() { echo "PASS: $checks_prefix/$1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $checks_prefix/$1: $2"; fail=$((fail + 1)); }
# skip NAME WHY: the check could not decide (say why); it neither passes
# nor fails
skip() { echo "SKIP: $checks_prefix/$1: $2"; }
checks_end() {
	echo "$checks_prefix: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
