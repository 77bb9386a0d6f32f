#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# consistency.sh [BIN]: the hardware facts (hw/gc.db, as hw/gen.py lists
# them) against the validator's table, the tools' tables and the model,
# with build/tests/hw-consistency (tests/hw/consistency.c).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/build/tests/hw-consistency}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! python3 "$ROOT/hw/gen.py" --states >"$T/states"; then
	echo "FAIL: hw/listing: hw/gen.py --states failed"
	exit 1
fi
"$BIN" "$T/states"
