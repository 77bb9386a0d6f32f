#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kmemleak-baseline.sh [--clear]: inside a board of the debug kernel, let
# kmemleak judge every object older than its minimum age (500 ms, set on
# the kernel command line by scripts/boot): a first scan records each
# object's checksum, the second reports the unreferenced ones unchanged
# since. With --clear, set aside what was reported: UML's kmemleak does
# not scan module memory, so what loading a module allocates looks
# unreferenced (as do the device tree's strings after booting); a script
# that loads a module calls this once it has. Does nothing without
# kmemleak.
k=/sys/kernel/debug/kmemleak
[ -w "$k" ] || exit 0
echo scan >"$k"
sleep 0.5
echo scan >"$k"
[ "${1:-}" = --clear ] && echo clear >"$k"
exit 0
