#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# host.sh BUILD: the GL tests on the host's own Mesa (llvmpipe), before
# the boards run them: they check the tests themselves. The clear tests
# (tests/gl/clear.c), the GL demo with --verify, and the cube scene's
# reference for the boards (BUILD/gl-cube-ref.rgba), which a second
# rendering on the host must then match.
set -u
build=$1
rc=0
"$build/tests/gl-clear" --label host --any-renderer || rc=1

# tool NAME ARGS...: one PASS/FAIL line from a tool's exit status and
# the last line it printed.
tool() {
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then
		echo "PASS: $name: ${out##*$'\n'}"
	else
		echo "FAIL: $name: $(echo "$out" | tr '\n' ' ')"
		rc=1
	fi
}
tool gl-demo/host "$build/tools/etnaviv-gl-demo" --verify
rm -f "$build/gl-cube-ref.rgba"
tool gl-cube/host-reference "$build/tools/etnaviv-gl-cube" \
	--save "$build/gl-cube-ref.rgba"
tool gl-cube/host-again "$build/tools/etnaviv-gl-cube" \
	--compare "$build/gl-cube-ref.rgba"
exit $rc
