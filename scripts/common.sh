# SPDX-License-Identifier: GPL-2.0-only
# Shared settings of the harness scripts; sourced, never run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything large (kernel source, kernel builds) lives outside git here.
CACHE=${ETNAVIV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/etnaviv}
KSRC_TAR=/usr/src/linux-source-6.1.tar.xz
KSRC=$CACHE/linux-source-6.1
# Mesa's build options (scripts/build-mesa): Debian's source of Mesa 22.3,
# its etnaviv Gallium driver and kmsro (EGL surfaceless, GBM and Wayland,
# GLES2 and desktop GL, glvnd, no LLVM, no X).
MESA_OPTS=(
	-Dbuildtype=release -Db_ndebug=true
	-Dgallium-drivers=etnaviv,kmsro -Dvulkan-drivers= -Dplatforms=wayland
	-Dglx=disabled -Degl=enabled -Dgbm=enabled -Dllvm=disabled
	-Dgles1=disabled -Dgles2=enabled -Dopengl=true -Dglvnd=true
	-Dzstd=disabled -Dvalgrind=disabled -Dlibunwind=disabled
	-Dgallium-va=disabled -Dgallium-vdpau=disabled -Dgallium-xa=disabled
	-Dlmsensors=disabled -Dbuild-tests=false -Dshared-glapi=enabled
)
# The cache keeps one build of each configuration, in a directory named
# by a digest of what configures it (the kernel's config fragments; Mesa's
# options and version), so that checkouts of other configurations (git
# worktrees, branches) share the cache without rebuilding each other's.
digest() { sha1sum | cut -c1-10; }
# Mesa with the etnaviv driver, built by scripts/build-mesa.
MESA=$CACHE/mesa-$( (printf '%s\n' "${MESA_OPTS[@]}"; echo "${ETNAVIV_MESA_VERSION:-}") | digest)
MESA_PREFIX=$MESA/prefix
# Per-repo build products (model module, DTBs, test programs).
OUT=$ROOT/build
FLAVOURS="plain debug"

die() { echo "error: $*" >&2; exit 1; }
log() { echo ">> $*" >&2; }

# kfrags FLAVOUR: the configuration fragments of a flavour's kernel.
kfrags() {
	echo "$ROOT/kernel/uml.config"
	[ "$1" != debug ] || echo "$ROOT/kernel/debug.config"
}
# kobj FLAVOUR: the kernel object directory of one flavour.
kobj() { echo "$CACHE/kernel-$1-$(cat $(kfrags "$1") | digest)"; }

# The board manifest (boards/boards.manifest): one line per board, fields
# separated by "|": board, soc, tags, pipes, cores.
MANIFEST=${ETNAVIV_MANIFEST:-$ROOT/boards/boards.manifest}
# The steps of make check (tests/steps.manifest): see its head.
STEPS=${ETNAVIV_STEPS:-$ROOT/tests/steps.manifest}

# manifest: its board lines, without comments and with the blanks around
# the "|" separators removed.
manifest() {
	sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' \
		-e 's/[[:space:]]*|[[:space:]]*/|/g' \
		-e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$MANIFEST"
}

# steps [KERNEL]: the steps of the step manifest, one a line (tab-separated
# "step NAME KERNEL BOARD DRIVER CHECKS LINE INDEX COMMAND", and "wait"),
# for a run on KERNEL (debug by default); non-zero after a mistake in it.
steps() {
	awk -f "$ROOT/scripts/steps.awk" -v kernel="${1:-debug}" \
		-v boards="$(manifest | cut -d'|' -f1 | xargs)" "$STEPS"
}

# steps_update COUNTS: the step manifest with the numbers of checks of
# COUNTS ("NAME GOT LINE INDEX" lines, as scripts/check writes them) in
# place of its own; the other numbers and every other byte unchanged.
steps_update() {
	awk '
		FNR == NR { got[$3 " " $4] = $2; lines[$3] = 1; next }
		!(FNR in lines) { print; next }
		{
			# the checks field: between the fourth and the fifth "|"
			s = $0; pre = ""
			for (i = 0; i < 4; i++) {
				p = index(s, "|"); pre = pre substr(s, 1, p); s = substr(s, p + 1)
			}
			p = index(s, "|"); field = substr(s, 1, p - 1); post = substr(s, p)
			lead = field; sub(/[^ \t].*/, "", lead)
			n = split(field, g, " "); idx = 0; out = ""
			for (i = 1; i <= n; i++) {
				m = split(g[i], c, "/"); grp = ""
				for (j = 1; j <= m; j++) {
					v = (FNR " " idx) in got ? got[FNR " " idx] : c[j]
					grp = grp (j > 1 ? "/" : "") v
					idx++
				}
				out = out (i > 1 ? " " : "") grp
			}
			w = length(field) - length(lead)
			while (length(out) < w - 1)
				out = out " "
			print pre lead out " " post
		}' "$1" "$STEPS"
}

# boards_of FAMILY: the boards, in manifest order, that the steps of the
# family FAMILY (a step name less "-{board}" and "-{driver}": smoke,
# conformance, gl-clear...) run on.
boards_of() {
	steps debug | awk -F'\t' -v f="$1" '
		$1 == "step" && $4 != "-" && index($2, f "-" $4) == 1 &&
		($2 == f "-" $4 || $2 == f "-" $4 "-" $5) && !seen[$4]++ { print $4 }'
}
