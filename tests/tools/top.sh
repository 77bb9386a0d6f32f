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

# busy: gpu-workload in the background, one process for the whole test:
# etnaviv-top counts a client seen in two samples in a row, and the fdinfo
# comparison below reads that process from top's first line to its fifth,
# however fast or slow the host (4e9 jobs: hours; 100000 ended before
# top's fifth line on a loaded host, 2000 within one 0.5 s sample at times)
"$TOOLS/gpu-workload" 4000000000 >/dev/null 2>&1 &
wl=$!
# until it has the render node open (at most 10 s), not a fixed sleep: a
# loaded host starts it late
wp=
for _ in $(seq 100); do
	ls -l "/proc/$wl/fd" 2>/dev/null | grep -q renderD && wp=$wl && break
	sleep 0.1
done
# The cores' own count of their busy time (the device model's stats), over
# top's four samples: what top must show, measured apart from top. Work of
# less than 2 ms in those 2 s (0.1% a sample) is too little to show; a
# loaded host can starve the workload that much: then the check cannot
# decide, and says so.
busy_ns() {
	cat /sys/kernel/debug/vgc-model/*/stats 2>/dev/null |
		awk '/^busy_ns:/ { s += $2 } END { printf "%.0f\n", s }'
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

# top's figure against the workload's fdinfo read here, at top's samples.
# While top runs (5 samples, 2 s apart), this script polls its output
# and reads the workload's fdinfo as each line appears, with shell
# builtins only (no process started between the two). Between two reads
# the workload's engine time grows by d; top's lines 2 to 5 give its
# share times the interval (top's printed times), summed: p. Top reads a
# client within its scan of /proc, which begins at the sample's printed
# time and takes at most what the interval took beyond its 2 s (top
# sleeps 2 s between a line and the next scan); this script's read of
# it comes at most u after the line appeared (u: from the poll before
# the line to the end of the read, measured). Both windows grow no
# faster than the clock, so |p - d| <= the scans and u of lines 1 and 5,
# plus 10 ms (the printed rounding: 0.05% of each interval, 1 ms times).
# The engines' figure holds every client: >= d less that. Undecided
# where that bound passes a fifth of top's window (the host delayed top
# or the polls: the check could not tell a figure off by a fifth), or
# the workload ended meanwhile.
pid_busy() {	# the engine time of process $1's etnaviv files, in $PB
	local f k v drv id seen=" "
	PB=
	for f in /proc/"$1"/fdinfo/*; do
		drv='' id=''
		while read -r k v _; do
			case $k in
			drm-driver:) drv=$v ;;
			drm-client-id:) id=$v
				[[ $seen == *" $id "* ]] && break
				seen+="$id " ;;
			drm-engine-*) [ "$drv" = etnaviv ] &&
				PB=$((${PB:-0} + v)) ;;
			esac
		done <"$f" 2>/dev/null
	done
}
# a 10 ms wait without starting a process: read -t on a FIFO nobody writes
mkfifo "$T/idle"
exec {idle}<>"$T/idle"
"$TOP" -n -c 5 -d 2 >"$T/cmp.txt" 2>&1 &
tp=$!
seen=0 poll=$EPOCHREALTIME
declare -a RB RU
while [ "$seen" -lt 5 ]; do
	prev=$poll poll=$EPOCHREALTIME
	mapfile -t L <"$T/cmp.txt"
	n=0
	for l in "${L[@]}"; do [[ $l == [0-9]* ]] && n=$((n + 1)); done
	if [ "$n" -gt "$seen" ]; then
		pid_busy "$wp"
		done_at=$EPOCHREALTIME
		# a line missed between polls: its read is late, u says so
		a=${done_at/./} b=${prev/./}	# EPOCHREALTIME in us
		RB[n]=${PB:--1} RU[n]=$((10#$a - 10#$b))
		seen=$n
	fi
	kill -0 "$tp" 2>/dev/null || [ "$seen" -ge 5 ] || break
	read -r -t 0.01 -u "$idle" _
done
wait "$tp"
exec {idle}<&-
cmp=$(awk -v pid="$wp" '/^[0-9]/ {
		n++; dt = $1 - prev; prev = $1
		if (n == 1) { first = $1; s1 = dt - 2 }
		s5 = dt - 2
		e = 0
		for (i = 2; i < NF; i++)
			if ($i == "3d" || $i == "2d") { v = $(i + 1); sub("%", "", v); e += v }
		p = -1
		for (i = 1; i < NF; i++)
			if ($i == "top" && index($(i + 1), "[" pid "]")) { v = $(i + 2); sub("%", "", v); p = v }
		if (n < 2) next
		if (p < 0) miss = 1
		pt += p / 100 * dt * 1e9; et += e / 100 * dt * 1e9
	} END { printf "%.0f %.0f %.0f %.0f %d\n", pt, et,
		(s1 > 0 ? s1 : 0) * 1e9 + (s5 > 0 ? s5 : 0) * 1e9,
		(prev - first) * 1e9, miss + 0 }' "$T/cmp.txt")
read -r top_p top_e scans top_w miss <<<"$cmp"
cat "$T/cmp.txt"
if [ "$seen" = 5 ] && [ "${RB[1]:--1}" -ge 0 ] && [ "${RB[5]:--1}" -ge 0 ] &&
	[ "$miss" = 0 ]; then
	d=$((RB[5] - RB[1]))
	tol=$(((RU[1] + RU[5]) * 1000 + scans + 10000000))
	why="fdinfo +$d ns between the reads at lines 1 and 5 (${RU[1]} and ${RU[5]} us after the poll before them; top's scans $scans ns); top over $top_w ns: the process $top_p ns, the engines $top_e ns; tolerance $tol ns"
	if [ "$tol" -gt $((top_w / 5)) ]; then
		skip top-matches-fdinfo "the host delayed this script's reads: $why"
	elif [ "$top_p" -ge $((d - tol)) ] && [ "$top_p" -le $((d + tol)) ] &&
		[ "$top_e" -ge $((d - tol)) ]; then
		ok top-matches-fdinfo
	else
		ko top-matches-fdinfo "$why"
	fi
	echo "top-matches-fdinfo: $why"
else
	skip top-matches-fdinfo "$seen of 5 lines seen, the workload (pid ${wp:-none}) gone at a read ('${RB[1]:-}' '${RB[5]:-}') or not top's top process ($miss): nothing to compare"
fi

# the screen, under tmux, with the workload still running
mkdir -p /dev/pts
mountpoint -q /dev/pts || mount -t devpts devpts /dev/pts
export TERM=xterm
# its socket: not on the host's file system (hostfs has no sockets)
SOCK=/run/etnaviv-top-test.$$
tmux -S "$SOCK" new-session -d -x 100 -y 30 "$TOP -d 0.5" 2>"$T/tmux.err"
# the screen refreshes every 0.5 s and shows a client from its second
# sample: look at it until a refresh shows both an engine busy and the
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
