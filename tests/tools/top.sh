#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# top.sh TOOLS_DIR: run inside a simulated board (scripts/boot ... --
# tests/tools/top.sh build/tools). etnaviv-top's line mode while the GPU
# is idle (every engine at 0.0%) and while gpu-workload keeps it busy (an
# engine above 0, gpu-workload the top process); then its screen under
# tmux while the workload runs: the engine bars, the process list with
# gpu-workload and its share, the memory line. And its bad options.
set -uo pipefail
TOOLS=$(cd "${1:?usage: top.sh TOOLS_DIR}" && pwd) || exit 1
. "$(dirname "$0")/../checks.sh"
checks_begin "tools/top-${ETNAVIV_DRIVER:-?}"
TOP=$TOOLS/etnaviv-top

# bad input: a message and exit status 2
for args in "-d 0" "-d x" "-c 0" "--bogus" "extra"; do
	# shellcheck disable=SC2086
	"$TOP" $args >"$T/bad.out" 2>"$T/bad.err"
	rc=$?
	if [ $rc = 2 ] && [ -s "$T/bad.err" ]; then
		ok "bad-option $args"
	else
		ko "bad-option $args" "exit status $rc, stderr '$(head -1 "$T/bad.err")'"
	fi
done

# idle: every engine 0.0%
"$TOP" -n -c 2 -d 0.3 >"$T/idle.txt" 2>&1
rc=$?
lines=$(grep -c '^[0-9]' "$T/idle.txt")
if [ $rc = 0 ] && [ "$lines" = 2 ] && grep -q ' 3d ' "$T/idle.txt" &&
	! grep -Eq ' [23]d +([1-9][0-9]*\.[0-9]|0\.[1-9])%' "$T/idle.txt"; then
	ok idle-lines
else
	ko idle-lines "exit status $rc, $lines lines: $(head -3 "$T/idle.txt" | tr '\n' '|')"
fi

# busy: gpu-workload in a loop, in the background. etnaviv-top counts a
# client seen in two samples in a row: each process lives for several
# (20000 jobs: seconds; 2000 ended within one 0.5 s sample at times)
( while :; do "$TOOLS/gpu-workload" 20000 >/dev/null 2>&1 || exit; done ) &
wl=$!
# until the workload has the render node open (at most 10 s), not a
# fixed sleep: a loaded host starts it late
for _ in $(seq 100); do
	for p in $(pgrep -x gpu-workload); do
		ls -l "/proc/$p/fd" 2>/dev/null | grep -q renderD && break 2
	done
	sleep 0.1
done
# The cores' own count of their busy time (the device model's stats), over
# top's four samples: what top must show, measured apart from top. Work of
# less than 2 ms in those 2 s (0.1% a sample) is too little to show; a
# loaded host can starve the workload that much: then the check cannot
# decide, and says so.
busy_ns() {
	cat /sys/kernel/debug/vgc-model/*/stats 2>/dev/null |
		awk '/^busy_ns:/ { s += $2 } END { printf "%d\n", s }'
}
b0=$(busy_ns)
"$TOP" -n -c 4 -d 0.5 >"$T/busy.txt" 2>&1
rc=$?
work=$(($(busy_ns) - b0))
lines=$(grep -c '^[0-9]' "$T/busy.txt")
if [ $rc = 0 ] && [ "$lines" = 4 ] &&
	grep -Eq ' [23]d +([1-9][0-9]*\.[0-9]|0\.[1-9])%' "$T/busy.txt" &&
	grep -q 'top gpu-workload\[' "$T/busy.txt"; then
	ok busy-lines
elif [ $rc = 0 ] && [ "$lines" = 4 ] && [ "$work" -lt 2000000 ]; then
	skip busy-lines "the cores were busy $work ns during top's 2 s (the host starved the workload): too little to show"
else
	ko busy-lines "exit status $rc, $lines lines, the cores busy $work ns: $(head -3 "$T/busy.txt" | tr '\n' '|')"
fi
cat "$T/busy.txt"

# the screen, under tmux, with the workload still running
mkdir -p /dev/pts
mountpoint -q /dev/pts || mount -t devpts devpts /dev/pts
export TERM=xterm
# its socket: not on the host's file system (hostfs has no sockets)
SOCK=/run/etnaviv-top-test.$$
tmux -S "$SOCK" new-session -d -x 100 -y 30 "$TOP -d 0.5" 2>"$T/tmux.err"
# the screen refreshes every 0.5 s and the workload loop has gaps between
# its runs: look at it until a refresh shows both an engine busy and the
# workload's process line (at most 15 s), never once after a fixed sleep
busy_re='^[23]d +\[\|+ *\] +([1-9][0-9]*\.[0-9]|0\.[1-9])%'
proc_re='^ +[0-9]+  gpu-workload +[0-9.]+% +[0-9.]+% +[0-9]+ KiB'
screen=
for _ in $(seq 60); do
	sleep 0.25
	screen=$(tmux -S "$SOCK" capture-pane -p 2>/dev/null)
	echo "$screen" | grep -Eq "$busy_re" &&
		echo "$screen" | grep -Eq "$proc_re" && break
done
echo "$screen" >"$T/screen.txt"
cat "$T/screen.txt"
if echo "$screen" | grep -Eq "$busy_re"; then
	ok screen-busy-engine
else
	ko screen-busy-engine "no engine bar above 0: $(grep -E '^[23]d' "$T/screen.txt" | tr '\n' '|') $(head -1 "$T/tmux.err")"
fi
if echo "$screen" | grep -Eq "$proc_re"; then
	ok screen-process
else
	ko screen-process "no gpu-workload line: $(grep -A3 PID "$T/screen.txt" | tr '\n' '|')"
fi
if echo "$screen" | grep -Eq '^clients [0-9]+, memory [0-9]+ KiB'; then
	ok screen-memory
else
	ko screen-memory "no clients/memory line"
fi
tmux -S "$SOCK" send-keys q 2>/dev/null
sleep 0.5
tmux -S "$SOCK" kill-server 2>/dev/null
kill "$wl" 2>/dev/null
wait "$wl" 2>/dev/null
checks_end
