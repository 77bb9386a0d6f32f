#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh LIST OUT: run the piglit tests LIST names (tests/piglit/*.list,
# from Debian's piglit package) with the OpenGL this machine gives: inside
# a board Mesa's etnaviv on the modelled GPU, on the host llvmpipe. Writes
# one line "RESULT KIND TEST" a test to OUT (RESULT: piglit's pass, fail,
# skip, warn; crash when it printed no result; timeout after 60 s).
set -u
list=$1
out=$2
PIGLIT=${PIGLIT:-/usr/lib/x86_64-linux-gnu/piglit}
export PIGLIT_PLATFORM=surfaceless_egl
: >"$out"
grep -v '^#' "$list" | while read -r kind test; do
	case $kind in
	shader) cmd=("$PIGLIT/bin/shader_runner" "$PIGLIT/$test") ;;
	shader_gles2) cmd=("$PIGLIT/bin/shader_runner_gles2" "$PIGLIT/$test") ;;
	prog) cmd=("$PIGLIT/bin/$test") ;;
	*) continue ;;
	esac
	res=$(cd "$PIGLIT" && timeout 60 "${cmd[@]}" -auto -fbo 2>&1)
	rc=$?
	r=$(grep -o '"result": "[a-z]*"' <<<"$res" | tail -1 | cut -d'"' -f4)
	if [ -z "$r" ]; then
		r=crash
		[ $rc = 124 ] && r=timeout
	fi
	echo "$r $kind $test" >>"$out"
done
