# SPDX-License-Identifier: GPL-2.0-only
# Shared settings of the harness scripts; sourced, never run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything large (kernel source, kernel builds) lives outside git here.
CACHE=${ETNAVIV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/etnaviv}
KSRC_TAR=/usr/src/linux-source-6.1.tar.xz
KSRC=$CACHE/linux-source-6.1
# Per-repo build products (model module, DTBs, test programs).
OUT=$ROOT/build
FLAVOURS="plain debug"

die() { echo "error: $*" >&2; exit 1; }
log() { echo ">> $*" >&2; }

# kobj FLAVOUR: the kernel object directory of one flavour.
kobj() { echo "$CACHE/kernel-$1"; }
