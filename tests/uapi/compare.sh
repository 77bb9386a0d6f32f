#!/bin/bash
# SPDX-License-Identifier: MIT
#
# Checks that include/uapi/drm/etnaviv_drm.h is binary-compatible with the
# header Linux 6.1 installs, and that it is a well-formed UAPI header.
#
# Usage: tests/uapi/compare.sh      (from anywhere; needs gcc, g++, perl)
#
# Prints one line per check and exits non-zero if any failed:
#   uapi/same-abi-as-upstream  tests/uapi/compare.c built against both
#                              headers prints the same sizes, alignments,
#                              offsets, field types and constant values, and
#                              both headers define the same macro names and
#                              structure tags.  Done natively and for
#                              i386 (-m32, from the compiler's output).
#   uapi/facts-from-compiler   the facts read from the compiler's output
#                              equal the program's (natively).
#   uapi/header-c90            the header compiles alone as C90 (the rule of
#                              the kernel's CONFIG_UAPI_HEADER_TEST).
#   uapi/header-cxx            the header compiles alone as C++.
#   uapi/kernel-doc            scripts/kernel-doc finds nothing undocumented.
#
# The upstream header comes from the headers_install tree in the cache
# ($ETNAVIV_CACHE, default ~/.cache/etnaviv), as used by the Makefile.

set -u

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${ETNAVIV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/etnaviv}
U=$CACHE/uapi/include
OURS=$ROOT/include/uapi/drm/etnaviv_drm.h
THEIRS=$U/drm/etnaviv_drm.h
CC=${CC:-gcc}
CXX=${CXX:-g++}
INC=(-I "$U/drm" -I "$U")

TMP=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$TMP"' EXIT
failed=0

pass() { echo "PASS: $1"; }
fail() {
	echo "FAIL: $1: $2"
	[ $# -gt 2 ] && sed 's/^/    /' "$3"
	failed=1
}

if [ ! -r "$THEIRS" ]; then
	fail uapi/same-abi-as-upstream "no upstream header at $THEIRS"
	exit 1
fi

# Every fact compare.c prints, for one header and one set of flags.
facts() { # header flags... -> stdout
	local hdr=$1 bin
	shift
	bin=$TMP/facts.$RANDOM
	"$CC" -std=c11 -Wall -Wextra -Werror "$@" "${INC[@]}" \
		-DETNAVIV_HEADER="\"$hdr\"" -o "$bin" \
		"$ROOT/tests/uapi/compare.c" 2>&1 || return 1
	"$bin"
}

# Macro names and structure tags the header adds to what drm.h defines.
names() { # header flags... -> stdout
	local hdr=$1
	shift
	echo '#include "drm.h"' | "$CC" "$@" "${INC[@]}" -E -dM -x c - |
		awk '{ print $2 }' | sed 's/(.*//' | sort -u >"$TMP/base"
	echo "#include \"$hdr\"" | "$CC" "$@" "${INC[@]}" -E -dM -x c - |
		awk '{ print $2 }' | sed 's/(.*//' | sort -u |
		comm -13 "$TMP/base" - | sed 's/^/macro /'
	echo "#include \"$hdr\"" | "$CC" "$@" "${INC[@]}" -E -x c - |
		grep -o 'struct drm_etnaviv_[A-Za-z0-9_]*' | sort -u
}

# The same facts from the compiler alone (compare.c's FACTS_ASM: for
# i386, which this host may not run), printed as the program prints them.
facts_asm() { # header flags... -> stdout
	local hdr=$1
	shift
	"$CC" -std=c11 -Wall -Wextra -Werror -ffreestanding -S -o - \
		-DFACTS_ASM "$@" "${INC[@]}" -DETNAVIV_HEADER="\"$hdr\"" \
		"$ROOT/tests/uapi/compare.c" 2>&1 >"$TMP/facts.s" || return 1
	awk '
	BEGIN {
		split("__u8 __u16 __u32 __u64 __s8 __s16 __s32 __s64 char[64]", t)
		t[10] = "struct drm_etnaviv_timespec"
		split("int|unsigned int|long|unsigned long|long long|" \
		      "unsigned long long", c, "|")
	}
	function name(a, i) { return (i in a) ? a[i] : "?" }
	$1 != "#fact" { next }
	$2 == "struct" { printf "struct %s: size %d align %d\n", $3, $4, $5 }
	$2 == "field" {
		printf "  %s: offset %d size %d type %s\n", $3, $4, $5, name(t, $6)
	}
	$2 == "const" {
		v = sprintf("%04x%04x%04x%04x", $4, $5, $6, $7)
		sub(/^0+/, "", v)
		printf "%s = 0x%s (%s)\n", $3, v == "" ? "0" : v, name(c, $8)
	}' "$TMP/facts.s"
}

# The translation of the compiler's facts agrees with the program's own
# output, natively: then its i386 facts can be trusted.
if facts "$OURS" >"$TMP/run" 2>&1 && facts_asm "$OURS" >"$TMP/asm" 2>&1 &&
	[ -s "$TMP/asm" ] &&
	diff -u --label program --label compiler "$TMP/run" "$TMP/asm" >"$TMP/diff"
then
	pass uapi/facts-from-compiler
else
	fail uapi/facts-from-compiler "the compiler's facts differ" "$TMP/diff"
fi

# Native (a program) and i386 (the compiler's facts: no 32-bit C library
# or 32-bit execution needed).
flag_sets=("" "-m32")
abi_ok=1
for flags in "${flag_sets[@]}"; do
	# shellcheck disable=SC2086  # $flags is empty or one word
	{
		get=facts
		[ -n "$flags" ] && get=facts_asm
		if ! $get "$OURS" $flags >"$TMP/ours" 2>&1; then
			fail uapi/same-abi-as-upstream \
				"compare.c does not build against our header${flags:+ ($flags)}" \
				"$TMP/ours"
			abi_ok=0
			continue
		fi
		$get "$THEIRS" $flags >"$TMP/theirs" 2>&1
		names "$OURS" $flags >>"$TMP/ours"
		names "$THEIRS" $flags >>"$TMP/theirs"
	}
	if ! diff -u --label upstream --label ours \
		"$TMP/theirs" "$TMP/ours" >"$TMP/diff"; then
		fail uapi/same-abi-as-upstream \
			"differs from upstream${flags:+ ($flags)}" "$TMP/diff"
		abi_ok=0
	fi
done
[ $abi_ok = 1 ] && pass uapi/same-abi-as-upstream

if "$CC" -std=c90 -Wall -Werror "${INC[@]}" -fsyntax-only -x c \
	-include "$OURS" /dev/null >"$TMP/c90" 2>&1; then
	pass uapi/header-c90
else
	fail uapi/header-c90 "does not compile as C90" "$TMP/c90"
fi

if "$CXX" -Wall -Werror "${INC[@]}" -fsyntax-only -x c++ \
	-include "$OURS" /dev/null >"$TMP/cxx" 2>&1; then
	pass uapi/header-cxx
else
	fail uapi/header-cxx "does not compile as C++" "$TMP/cxx"
fi

KDOC=$CACHE/linux-source-6.1/scripts/kernel-doc
if [ ! -r "$KDOC" ]; then
	fail uapi/kernel-doc "no $KDOC"
elif perl "$KDOC" -none -Werror "$OURS" >"$TMP/kdoc" 2>&1; then
	pass uapi/kernel-doc
else
	fail uapi/kernel-doc "kernel-doc warnings" "$TMP/kdoc"
fi

exit $failed
