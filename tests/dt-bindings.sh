#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The device-tree bindings are valid schemas, and every simulated board's
# GPU nodes satisfy them.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$ROOT/Documentation/devicetree/bindings
OUT=$ROOT/build/dt
rm -rf "$OUT"
mkdir -p "$OUT"
fail=0

t() {	# t NAME OK: report
	if [ "$2" = 0 ]; then echo "PASS: dt/$1"; else echo "FAIL: dt/$1"; fail=1; fi
}

for y in "$B"/gpu/*.yaml; do
	(cd "$B" && dt-doc-validate -u . "gpu/$(basename "$y")") >"$OUT/doc.log" 2>&1
	t "schema-$(basename "$y" .yaml)" $?
	[ -s "$OUT/doc.log" ] && cat "$OUT/doc.log"
done

# dt-validate exits 0 whatever it finds: judge its output.
(cd "$B" && dt-mk-schema -j .) >"$OUT/schema.json" 2>"$OUT/mk.log"
t processed-schema $?
# the checker itself must see a broken GPU node
sed '0,/clock-names = "bus", "core";/s//clock-names = "bus", "bogus";/' \
	"$ROOT/boards/imx6q.dtsi" >"$OUT/imx6q.dtsi"
cp "$ROOT/boards/clocks.dtsi" "$ROOT/boards/imx6q.dts" "$OUT/"
dtc -q -I dts -O dtb -i "$OUT" -o "$OUT/broken.dtb" "$OUT/imx6q.dts"
dt-validate -s "$OUT/schema.json" "$OUT/broken.dtb" 2>&1 |
	grep -q "gpu@134000: clock-names:1: 'bogus'"
t detects-a-broken-gpu-node $?
for dts in "$ROOT"/boards/*.dts; do
	b=$(basename "$dts" .dts)
	dtc -q -I dts -O dtb -i "$ROOT/boards" -o "$OUT/$b.dtb" "$dts"
	dt-validate -s "$OUT/schema.json" "$OUT/$b.dtb" >"$OUT/$b.log" 2>&1
	# only our bindings' nodes matter (the model node has no binding)
	grep -E "gpu@|gpu-subsystem|Traceback" "$OUT/$b.log" >"$OUT/$b.err"
	[ -s "$OUT/$b.err" ]
	t "board-$b-gpu-nodes" $(( ! $? ))
	cat "$OUT/$b.err"
done
exit $fail
