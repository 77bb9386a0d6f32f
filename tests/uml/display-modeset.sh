#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# display-modeset.sh BUILD: the display step's modetest part alone
# (tests/uml/display.sh BUILD modeset), for a board whose 3D core Mesa
# cannot drive yet: Linux's mxsfb on the display model, the panel's
# connector, mode and planes, and modetest's bars on the panel.
exec "$(dirname "$0")/display.sh" "$1" modeset
