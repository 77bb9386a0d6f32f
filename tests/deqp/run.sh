#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh DEQP LIST OUT [CHUNK]: run the dEQP cases LIST names (one a line)
# with the dEQP binary DEQP (deqp-gles2, its gles2/data beside it) in
# chunks of CHUNK cases (default 500), as Mesa's CI runs it: a 256x256
# pbuffer, RGBA8888 with D24S8, no MSAA. Writes one line "RESULT CASE
# [(DETAIL)]" a case to OUT (RESULT: dEQP's Pass, Fail, NotSupported,
# QualityWarning, CompatibilityWarning, ...; Crash when the process died
# in the case, Timeout when a chunk outlived its time in it, Missing for
# a case the binary does not have) and dEQP's output to OUT.log. After a
# crash or a timeout the next chunk starts at the case after it.
set -u
# dEQP's surfaceless target needs Mesa's surfaceless EGL platform, which
# is not the default of a Mesa built with the wayland platform
export EGL_PLATFORM=surfaceless
deqp=$1
list=$2
out=$3
chunk=${4:-500}
dir=$(cd "$(dirname "$deqp")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$out"
: >"$out.log"
grep -v '^#' "$list" | grep . >"$tmp/todo"
while [ -s "$tmp/todo" ]; do
	head -n "$chunk" "$tmp/todo" >"$tmp/cases"
	n=$(wc -l <"$tmp/cases")
	# dEQP reads gles2/data relative to its working directory
	(cd "$dir" && timeout -k 5 $((120 + 2 * n)) "$deqp" \
		--deqp-caselist-file="$tmp/cases" \
		--deqp-log-filename="$tmp/log.qpa" \
		--deqp-log-images=disable --deqp-log-shader-sources=disable \
		--deqp-surface-type=pbuffer \
		--deqp-gl-config-name=rgba8888d24s8ms0 \
		--deqp-surface-width=256 --deqp-surface-height=256) \
		>"$tmp/stdout" 2>&1
	rc=$?
	cat "$tmp/stdout" >>"$out.log"
	# "Test case 'NAME'.." then "  RESULT (DETAIL)"; the last case
	# started with no result is the one the process died in
	awk -v rc="$rc" -v res="$tmp/res" '
		/^Test case \047/ {
			if (cur != "")
				print "Crash " cur >res
			cur = $0
			sub(/^Test case \047/, "", cur)
			sub(/\047\.\.$/, "", cur)
			next
		}
		cur != "" && /^  [A-Za-z]+ \(/ {
			r = $1
			d = $0
			sub(/^  [A-Za-z]+ /, "", d)
			print r " " cur " " d >res
			cur = ""
		}
		END {
			if (cur != "")
				print (rc == 124 || rc == 137 ? "Timeout " : "Crash ") cur >res
		}' "$tmp/stdout"
	touch "$tmp/res"
	cat "$tmp/res" >>"$out"
	cut -d' ' -f2 "$tmp/res" | sort >"$tmp/done"
	# the chunk's cases without a result: again in the next chunk, unless
	# the process ran to its end (then the binary has no such case) or
	# made no progress at all (then the first one is where it died)
	grep -vxFf "$tmp/done" "$tmp/cases" >"$tmp/left" || true
	if [ -s "$tmp/left" ] && [ "$rc" = 0 ]; then
		sed 's/^/Missing /' "$tmp/left" >>"$out"
		: >"$tmp/left"
	elif [ -s "$tmp/left" ] && [ ! -s "$tmp/done" ]; then
		echo "Crash $(head -1 "$tmp/left") (exit $rc before the first case)" >>"$out"
		sed -i 1d "$tmp/left"
	fi
	rm -f "$tmp/res" "$tmp/log.qpa"
	{ cat "$tmp/left"; tail -n +$((n + 1)) "$tmp/todo"; } >"$tmp/next"
	mv "$tmp/next" "$tmp/todo"
done
