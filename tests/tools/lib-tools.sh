#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lib-tools.sh [BINDIR]: etnaviv-info and etnaviv-2d-demo on the host,
# without a GPU: options, bad input (a message on stderr and the right
# exit status), and the demo's CPU reference picture as a valid PNG.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/build/tools}
INFO=$BIN/etnaviv-info
DEMO=$BIN/etnaviv-2d-demo
. "$ROOT/tests/checks.sh"
checks_begin lib-tools

# expect NAME STATUS PATTERN CMD...: CMD exits STATUS and says PATTERN on
# stderr (on stdout for status 0).
expect() {
	local name=$1 want=$2 pat=$3 rc
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	local where=$T/err
	[ "$want" = 0 ] && where=$T/out
	if [ $rc != "$want" ]; then
		ko "$name" "exit status $rc, expected $want: $(head -2 "$T/err")"
	elif ! grep -q -- "$pat" "$where"; then
		ko "$name" "no '$pat' in: $(head -2 "$where")"
	else
		ok "$name"
	fi
}

expect "info --help" 0 "usage:" "$INFO" --help
expect "info bad option" 2 "usage:" "$INFO" --frobnicate
expect "info extra argument" 2 "unexpected argument" "$INFO" foo
expect "info --device without path" 2 "usage:" "$INFO" --device
expect "info missing device" 1 "/nonexistent/card0: No such file" "$INFO" --device /nonexistent/card0
expect "info non-DRM device" 1 "not an etnaviv DRM device" "$INFO" -d /dev/null
expect "demo --help" 0 "usage:" "$DEMO" --help
expect "demo bad option" 2 "usage:" "$DEMO" -x
expect "demo extra argument" 2 "unexpected argument" "$DEMO" out.png
expect "demo --verify --reference" 2 "exclude each other" "$DEMO" --verify --reference
expect "demo empty output" 2 "empty output name" "$DEMO" -o ""
expect "demo non-DRM device" 1 "/dev/null" "$DEMO" --device /dev/null -o "$T/x.png"
expect "demo unwritable output" 1 "$T/no/dir/x.png: No such file" "$DEMO" --reference -o "$T/no/dir/x.png"
if [ -e /dev/full ]; then
	expect "demo write error" 1 "/dev/full" "$DEMO" --reference -o /dev/full
fi
expect "demo reference picture" 0 "wrote $T/ref.png" "$DEMO" --reference -o "$T/ref.png"
if grep -q "PNG image data, 320 x 240, 8-bit/color RGBA" <<<"$(file "$T/ref.png")"; then
	ok "demo reference is a 320x240 RGBA PNG"
else
	ko "demo reference is a 320x240 RGBA PNG" "$(file "$T/ref.png")"
fi
checks_end
