#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lib-uml.sh TOOLS_DIR OUT_DIR: run inside a simulated board with a 2D
# core (scripts/boot ... -- tests/tools/lib-uml.sh build/tools build):
# etnaviv-info must list the cores with the 2D one among them, and
# etnaviv-2d-demo --verify must draw its picture on the GPU exactly as the
# CPU reference does and write it as a PNG (OUT_DIR/demo-BOARD-DRIVER.png)
# identical to the reference's.
set -uo pipefail
TOOLS=$(cd "${1:?usage: lib-uml.sh TOOLS_DIR OUT_DIR}" && pwd) || exit 1
OUTDIR=$(cd "${2:?usage: lib-uml.sh TOOLS_DIR OUT_DIR}" && pwd) || exit 1
pre="lib-uml-${ETNAVIV_BOARD:-?}-${ETNAVIV_DRIVER:-?}"
png=$OUTDIR/demo-${ETNAVIV_BOARD:-board}-${ETNAVIV_DRIVER:-driver}.png
. "$(dirname "$0")/../checks.sh"
checks_begin "$pre"

if "$TOOLS/etnaviv-info" >"$T/info" 2>&1; then
	ok "etnaviv-info runs"
else
	ko "etnaviv-info runs" "$(tail -2 "$T/info" | tr '\n' '|')"
fi
if grep -Eq '^pipe [0-9]: GC[0-9a-f]+ rev 0x[0-9a-f]+ .*\[2D\]' "$T/info" &&
   grep -q 'PIPE_2D' "$T/info"; then
	ok "etnaviv-info lists the 2D core"
else
	ko "etnaviv-info lists the 2D core" "$(grep '^pipe' "$T/info" | tr '\n' '|')"
fi
if grep -q '  specs: stream count [0-9]' "$T/info"; then
	ok "etnaviv-info shows specs"
else
	ko "etnaviv-info shows specs" "no specs line"
fi
rm -f "$png"
if "$TOOLS/etnaviv-2d-demo" --verify -o "$png" >"$T/demo" 2>&1; then
	ok "demo matches the reference (--verify)"
else
	ko "demo matches the reference (--verify)" "$(tail -3 "$T/demo" | tr '\n' '|')"
fi
if grep -q 'PNG image data, 320 x 240' <<<"$(file "$png" 2>/dev/null)"; then
	ok "demo wrote a 320x240 PNG"
else
	ko "demo wrote a 320x240 PNG" "$(file "$png" 2>&1)"
fi
if "$TOOLS/etnaviv-2d-demo" --reference -o "$T/ref.png" >/dev/null 2>&1 &&
   cmp -s "$png" "$T/ref.png"; then
	ok "demo PNG equals the reference PNG"
else
	ko "demo PNG equals the reference PNG" "files differ"
fi
checks_end
