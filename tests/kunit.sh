#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kunit.sh MODULE.ko...
#
# Run KUnit suites inside a simulated board, as the COMMAND of scripts/boot:
#   scripts/boot -- tests/kunit.sh path/to/tests.ko
# Loads each module (KUnit runs a module's suites while it loads), then reads
# every suite's KTAP log from /sys/kernel/debug/kunit/*/results and prints
# one line per test case:
#   PASS: kunit/<suite>/<case>
#   FAIL: kunit/<suite>/<case>      followed by its failure text, indented
#   SKIP: kunit/<suite>/<case>      (not a failure)
# and a closing "# kunit: N passed, N failed, N skipped".
# Exits 0 iff nothing failed and at least one case passed.
# Module paths are host paths, seen through hostfs.
set -u

usage() {
	sed -n '4,17s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

[ $# -gt 0 ] || usage
case $1 in -h|--help) usage ;; esac

kunit=/sys/kernel/debug/kunit
if [ ! -d "$kunit" ] && ! mountpoint -q /sys/kernel/debug; then
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
fi

insmod_failed=0
for m in "$@"; do
	name=$(basename "$m" .ko)
	if ! out=$(insmod "$m" 2>&1); then
		echo "FAIL: kunit/insmod/$name"
		printf '%s\n' "$out" | sed 's/^/    /'
		insmod_failed=$((insmod_failed + 1))
	fi
done
# The suites' logs hang off the module's memory, which UML's kmemleak does
# not scan: set what loading (and so running) them left aside.
"$UML_INIT" set-aside

shopt -s nullglob
results=("$kunit"/*/results)

# One KTAP results file per suite: a top-level "1..1", the suite's plan
# ("    1..N"), then for each case whatever it logged (failure text; the
# results of parameters, indented twice) and its result line, indented once
# ("    ok|not ok N name [# SKIP why]"), and "ok|not ok 1 suite" last.
# KUnit 6.1 keeps only 512 bytes of log per case: a case that logs more
# loses its result line, and the next result line may get stray spaces in
# front. Cases whose result line is missing are failures, reported by
# number with the text logged before the next result (the full log is in
# the kernel log); so is a failed suite with no failed case.
awk -v insmod_failed="$insmod_failed" '
function report_missing(upto,   k, name) {
	for (k = last + 1; k < upto; k++) {
		# Failure text starts with "# <case>: ...": name the case.
		name = "case-" k
		if (match(text, /# [A-Za-z0-9_]+: /))
			name = substr(text, RSTART + 2, RLENGTH - 4)
		printf "FAIL: kunit/%s/%s (no result line: log " \
			"truncated, see the kernel log)\n", suite, name
		printf "%s", text
		text = ""
		failed++
		suite_failed = 1
	}
}
function flush_suite() {
	if (suite == "")
		return
	report_missing(planned + 1)
	if (suite_bad && !suite_failed) {
		printf "FAIL: kunit/%s (suite failed)\n", suite
		printf "%s", text
		failed++
	}
	suite = ""
}
FNR == 1 {
	flush_suite()
	suite = FILENAME
	sub(/\/results$/, "", suite)
	sub(/.*\//, "", suite)
	planned = 0; last = 0; suite_bad = 0; suite_failed = 0; text = ""
}
function take(l,   bad, num, skip) {
	if (l ~ /^    1\.\.[0-9]+$/) {
		planned = substr(l, 8) + 0
		return
	}
	if (l ~ /^ +(not )?ok [0-9]+ / && match(l, /^ +/) && RLENGTH < 8) {
		l = substr(l, RLENGTH + 1)
		bad = l ~ /^not ok/
		sub(/^(not )?ok /, "", l)
		num = l + 0
		sub(/^[0-9]+ /, "", l)
		skip = l ~ / # SKIP/
		sub(/ # SKIP.*/, "", l)
		report_missing(num)
		last = num
		if (bad) {
			printf "FAIL: kunit/%s/%s\n", suite, l
			printf "%s", text
			failed++
			suite_failed = 1
		} else if (skip) {
			printf "SKIP: kunit/%s/%s\n", suite, l
			skipped++
		} else {
			printf "PASS: kunit/%s/%s\n", suite, l
			passed++
		}
		text = ""
		return
	}
	if (l ~ /^not ok [0-9]+ /) {
		suite_bad = 1
		return
	}
	if (l ~ /^[ \t]*(KTAP version|# Subtest:|ok [0-9]+ |1\.\.[0-9]+$)/ ||
	    l ~ /^[ \t]*$/)
		return
	sub(/^[ \t]+/, "", l)
	text = text "    " l "\n"
}
FNR == 1 {
	flush_suite()
	suite = FILENAME
	sub(/\/results$/, "", suite)
	sub(/.*\//, "", suite)
	planned = 0; last = 0; suite_bad = 0; suite_failed = 0; text = ""
}
{
	# A case log cut at the size limit has no final newline, so the
	# next case'"'"'s first line is glued to its last one.
	if (match($0, /[^ ]    (not )?ok [0-9]+ [A-Za-z0-9_]/)) {
		take(substr($0, 1, RSTART))
		take(substr($0, RSTART + 1))
	} else {
		take($0)
	}
}
END {
	flush_suite()
	printf "# kunit: %d passed, %d failed, %d skipped\n", \
		passed, failed + insmod_failed, skipped
	exit (failed + insmod_failed == 0 && passed > 0) ? 0 : 1
}
' "${results[@]}" /dev/null
