#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Tests of scripts/boot's interface and of the splat detector it uses.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
boot=$ROOT/scripts/boot
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t() {	# t NAME CONDITION-COMMAND...
	local name=$1
	shift
	if "$@"; then echo "PASS: boot/$name"; else echo "FAIL: boot/$name"; fi
}

"$boot" --board nosuch >"$tmp/o" 2>&1
rc=$?
t unknown-board-fails [ $rc != 0 ]
t unknown-board-lists-boards grep -q "imx6q.*imx6dl\|imx6dl.*imx6q" "$tmp/o"

"$boot" --driver nosuch >"$tmp/o" 2>&1
rc=$?
t unknown-driver-fails [ $rc != 0 ]
t unknown-driver-lists-drivers grep -q "upstream" "$tmp/o"

"$boot" --driver upstream -- /bin/sh -c 'exit 3' >"$tmp/o" 2>&1
t exit-status-propagates [ $? = 3 ]
t prints-kernel-log-path grep -q "^kernel log: .*kernel.log" "$tmp/o"

"$boot" --driver upstream -- /bin/sh -c 'echo hello-from-uml; id -u' \
	>"$tmp/o" 2>&1
t command-output-shown grep -qx "hello-from-uml" "$tmp/o"
t command-runs-as-root grep -qx "0" "$tmp/o"

"$boot" --board dove --driver upstream >"$tmp/o" 2>&1
t no-command-lists-gpus [ $? = 0 ]
t lists-gc600-on-dove grep -q "GC600 *0x19" "$tmp/o"

# The splat detector on canned logs.
printf 'boot\nWARNING: CPU: 0 PID: 1 at drivers/x.c:1 f+0x1/0x2\n' >"$tmp/k1"
"$ROOT/scripts/splat-check" "$tmp/k1" 2>/dev/null
t splat-warning-detected [ $? = 1 ]
printf 'boot\nBUG: KASAN: slab-use-after-free in f+0x1/0x2\n' >"$tmp/k2"
"$ROOT/scripts/splat-check" "$tmp/k2" 2>/dev/null
t splat-kasan-detected [ $? = 1 ]
printf 'boot\n=====\nWARNING: suspicious RCU usage\n6.1.192 #1 Not tainted\n-----\nlib/maple_tree.c:839 suspicious rcu_dereference_check() usage!\n' >"$tmp/k3"
"$ROOT/scripts/splat-check" "$tmp/k3" 2>/dev/null
t splat-allowlisted-baseline-passes [ $? = 0 ]
printf 'boot\nWARNING: suspicious RCU usage\nx\ndrivers/gpu/drm/etnaviv/etnaviv_gpu.c:1 suspicious\n' >"$tmp/k4"
"$ROOT/scripts/splat-check" "$tmp/k4" 2>/dev/null
t splat-rcu-elsewhere-detected [ $? = 1 ]
printf 'unreferenced object 0xffff (size 64):\n' >"$tmp/leak"
"$ROOT/scripts/splat-check" "$tmp/k3" "$tmp/leak" 2>/dev/null
t splat-kmemleak-detected [ $? = 1 ]
printf 'unreferenced object 0x81769050 (size 8):\n  comm "functional", pid 35, jiffies 4294938003\n  hex dump (first 8 bytes):\n    00 00 00 00 00 00 00 00                          ........\n  backtrace:\n' >"$tmp/leak8"
"$ROOT/scripts/splat-check" --driver upstream "$tmp/k3" "$tmp/leak8" 2>/dev/null
t splat-kmemleak-8-zero-bytes-no-backtrace-excused [ $? = 0 ]
sed 's/^  backtrace:$/  backtrace:\n    [<00000000>] etna_bo_new+0x1\/0x2 [etnaviv]/' "$tmp/leak8" >"$tmp/leak8t"
"$ROOT/scripts/splat-check" --driver ours "$tmp/k3" "$tmp/leak8t" 2>/dev/null
t splat-kmemleak-with-a-backtrace-detected [ $? = 1 ]
sed 's/00 00 00 00 00 00 00 01/x/; s/    00 00 00 00 00 00 00 00/    00 00 00 00 00 00 00 01/' "$tmp/leak8" >"$tmp/leak8b"
"$ROOT/scripts/splat-check" --driver upstream "$tmp/k3" "$tmp/leak8b" 2>/dev/null
t splat-kmemleak-other-8-bytes-detected [ $? = 1 ]

# The debug kernel's leak check, end to end (scripts/uml-init.c): loading
# modules before the command leaves nothing reported; a module loaded by
# the command looks leaked to UML's kmemleak (it does not scan module
# memory), so the boot must fail with the splat status.
"$boot" --kernel debug --driver ours -- /bin/true >"$tmp/o" 2>&1
t debug-boot-clean [ $? = 0 ]
"$boot" --kernel debug --driver ours -- /bin/sh -c \
	'insmod "$ETNAVIV_KDIR/fs/configfs/configfs.ko"' >"$tmp/o" 2>&1
t debug-boot-leak-detected [ $? = 124 ]
t debug-boot-leak-named grep -q "kmemleak reports a leak" "$tmp/o"
# ... unless the command sets aside what its load left ("$UML_INIT"
# set-aside, as tests/uml/params.sh does after reloading the driver with
# arguments, whose string looks leaked the same way): three loads, each
# with arguments, each set aside at once.
"$boot" --kernel debug --driver ours -- /bin/sh -c '
	for i in 1 2 3; do
		rmmod configfs 2>/dev/null
		insmod "$ETNAVIV_KDIR/fs/configfs/configfs.ko" set_aside_test=$i &&
			"$UML_INIT" set-aside || exit 1
	done' >"$tmp/o" 2>&1
t debug-boot-set-aside-clean [ $? = 0 ]
