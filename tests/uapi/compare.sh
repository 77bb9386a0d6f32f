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
#                              structure tags.  Done natively and, when
#                              gcc-multilib is installed, again with -m32.
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
trap 'rm -rf "$TMP"' EXIT
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

# Native build, plus i386 when the compiler can build for it.
flag_sets=("")
if echo 'int main(void) { return 0; }' |
	"$CC" -m32 -x c -o "$TMP/m32" - >/dev/null 2>&1; then
	flag_sets+=("-m32")
fi

abi_ok=1
for flags in "${flag_sets[@]}"; do
	# shellcheck disable=SC2086  # $flags is empty or one word
	{
		if ! facts "$OURS" $flags >"$TMP/ours" 2>&1; then
			fail uapi/same-abi-as-upstream \
				"compare.c does not build against our header${flags:+ ($flags)}" \
				"$TMP/ours"
			abi_ok=0
			continue
		fi
		facts "$THEIRS" $flags >"$TMP/theirs" 2>&1
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
