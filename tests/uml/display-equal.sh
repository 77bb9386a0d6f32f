#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# display-equal.sh BUILD BOARD...: kmscube's frame 7 as the panel showed it
# (tests/uml/display.sh) is the same, pixel for pixel, with our driver and
# with upstream's on each board: the model draws the same commands into
# the same buffer, and each driver must hand kmsro the buffer it flips.
build=$1
shift
rc=0
for b in "$@"; do
	a=$build/display/kmscube-$b-ours-etnaviv.png
	u=$build/display/kmscube-$b-upstream-etnaviv.png
	if r=$("$build/tools/lcdif-frame" compare "$a" "$u" 0 0 2>&1); then
		echo "PASS: display-equal/$b: $r"
	else
		echo "FAIL: display-equal/$b: $r"
		rc=1
	fi
done
exit $rc
