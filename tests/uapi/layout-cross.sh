#!/bin/bash
# SPDX-License-Identifier: MIT
# The UAPI layout asserts of tests/uapi/layout.c, checked by the compilers
# of the other ABIs our header must fit: i386 (u64 only 4-byte aligned)
# and 32-bit ARM (EABI), the real boards. Compile-only: no 32-bit libc is
# needed (Debian's gcc-multilib conflicts with its ARM cross compiler).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${ETNAVIV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/etnaviv}
U=$CACHE/uapi/include
fail=0
check() {	# check NAME COMPILER [FLAGS...]
	local name=$1 cc=$2 out
	shift 2
	if ! command -v "$cc" >/dev/null; then
		echo "FAIL: uapi/layout-$name: $cc not installed"
		fail=1
		return
	fi
	if out=$("$cc" "$@" -std=c11 -Wall -Wextra -Werror -ffreestanding \
		-fsyntax-only -DLAYOUT_COMPILE_ONLY -I "$U/drm" -I "$U" \
		"$ROOT/tests/uapi/layout.c" 2>&1); then
		echo "PASS: uapi/layout-$name"
	else
		echo "FAIL: uapi/layout-$name: $(head -3 <<<"$out")"
		fail=1
	fi
}
check i386 gcc -m32
check armhf arm-linux-gnueabihf-gcc
exit $fail
