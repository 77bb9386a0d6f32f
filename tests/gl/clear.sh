#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# clear.sh GL-CLEAR: run the GL clear tests (tests/gl/clear.c) once per
# setting of Mesa's etnaviv driver that changes how it clears and resolves:
# tile status and fast clear on (the default), off (no_ts), and render
# targets tiled instead of supertiled (no_supertile). Run inside a board.
set -u
rc=0
for opt in default no_ts no_supertile; do
	if [ "$opt" = default ]; then
		env -u ETNA_MESA_DEBUG "$1" --label "$opt" --ts || rc=1
	elif [ "$opt" = no_ts ]; then
		ETNA_MESA_DEBUG=$opt "$1" --label "$opt" || rc=1
	else
		ETNA_MESA_DEBUG=$opt "$1" --label "$opt" --ts || rc=1
	fi
done
exit $rc
