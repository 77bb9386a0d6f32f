# SPDX-License-Identifier: GPL-2.0-only
# Shared settings of the harness scripts; sourced, never run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything large (kernel source, kernel builds) lives outside git here.
CACHE=${ETNAVIV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/etnaviv}
KSRC_TAR=/usr/src/linux-source-6.1.tar.xz
KSRC=$CACHE/linux-source-6.1
# Mesa with the etnaviv driver, built by scripts/build-mesa.
MESA_PREFIX=$CACHE/mesa/prefix
# Per-repo build products (model module, DTBs, test programs).
OUT=$ROOT/build
FLAVOURS="plain debug"

die() { echo "error: $*" >&2; exit 1; }
log() { echo ">> $*" >&2; }

# kobj FLAVOUR: the kernel object directory of one flavour.
kobj() { echo "$CACHE/kernel-$1"; }

# The board manifest (boards/boards.manifest): one line per board, fields
# separated by "|": board, soc, tags, pipes, tests, cores.
MANIFEST=${ETNAVIV_MANIFEST:-$ROOT/boards/boards.manifest}

# manifest: its board lines, without comments and with the blanks around
# the "|" separators removed.
manifest() {
	sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' \
		-e 's/[[:space:]]*|[[:space:]]*/|/g' \
		-e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$MANIFEST"
}

# boards_with TEST [TAG...]: the boards, in manifest order, that run the
# test group TEST and have every TAG.
boards_with() {
	manifest | awk -F'|' -v t="$1" -v tags="${*:2}" '
		function has(list, w) { return (" " list " ") ~ (" " w " ") }
		{
			ok = has($5, t)
			n = split(tags, want, " ")
			for (i = 1; i <= n; i++)
				ok = ok && has($3, want[i])
			if (ok)
				print $1
		}'
}
