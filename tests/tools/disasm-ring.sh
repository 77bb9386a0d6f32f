#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# disasm-ring.sh TOOLS_DIR: run inside a simulated board (scripts/boot ... --
# tests/tools/disasm-ring.sh build/tools): put every engine to work with
# gpu-workload, then disassemble the driver's debugfs "ring" file: the
# real ring of each core must decode without a bad word, end in the idle
# WAIT/LINK loop, hold the jobs' events, and each ring must assemble back
# (with --verify) to the words of the dump.
set -uo pipefail
TOOLS=$(cd "${1:?usage: disasm-ring.sh TOOLS_DIR}" && pwd) || exit 1
JOBS=20
. "$(dirname "$0")/../checks.sh"
checks_begin "tools/ring-${ETNAVIV_DRIVER:-?}"

# Keep the cores powered (runtime PM "on"): a core that autosuspends stops
# its FE with an END in place of the idle WAIT (both drivers).
for c in /sys/bus/platform/drivers/etnaviv-gpu/*/power/control; do
	[ -e "$c" ] && echo on >"$c"
done

if "$TOOLS/gpu-workload" $JOBS >"$T/workload.log" 2>&1; then
	ok workload
else
	ko workload "$(tail -2 "$T/workload.log" | tr '\n' '|')"
fi

ring=$(ls /sys/kernel/debug/dri/*/ring 2>/dev/null | head -1)
if [ -z "$ring" ] || ! cat "$ring" >"$T/ring.txt" || [ ! -s "$T/ring.txt" ]; then
	ko debugfs "no debugfs ring file"
	echo "$pass passed, $fail failed"
	exit 1
fi

"$TOOLS/etnaviv-disasm" "$T/ring.txt" >"$T/ring.s" 2>"$T/ring.err"
rc=$?
sections=$(grep -Ec '^; (pipe |Ring Buffer)' "$T/ring.s")
loops=$(grep -c 'back to the WAIT: idle loop' "$T/ring.s")
events=$(grep -c 'LOAD_STATE  GL_EVENT (0x3804) = ' "$T/ring.s")
if [ $rc = 0 ] && ! grep -q '\.word' "$T/ring.s" && [ "$sections" -ge 1 ]; then
	ok decodes
else
	ko decodes "exit status $rc, $sections rings: $(grep -m2 '\.word' "$T/ring.s" | tr '\n' '|')$(head -1 "$T/ring.err")"
fi
# every ring ends in its idle loop; the last jobs' events are there
if [ "$loops" -ge "$sections" ] && [ "$events" -ge $JOBS ]; then
	ok idle-loop-and-events
else
	ko idle-loop-and-events "$sections rings, $loops idle loops, $events events"
fi

# Each ring: assemble its text at the dump's address with --verify and
# compare with the dump's words (zero runs after the tail are summarised
# by the disassembler, so the assembled words are a prefix of the dump).
awk -v dir="$T" '
	/^; (pipe |Ring Buffer)/ { n++; next }
	n { print > (dir "/sect" n ".s") }
' "$T/ring.s"
awk -v dir="$T" '
	{
		c = $0
		data = sub(/.*:/, "", c)
		k = split(c, f, " ")
		for (j = 1; j <= k; j++)
			if (length(f[j]) != 8 || f[j] ~ /[^0-9a-f]/)
				data = 0
		if (data && k) {
			if (n)
				printf "%s ", c > (dir "/sect" n ".hex")
		} else if ($0 ~ /[^[:space:]]/) {
			n++
		}
	}
' "$T/ring.txt"
bad=
for s in "$T"/sect*.s; do
	[ -e "$s" ] || { bad="no ring section"; break; }
	base=$(grep -m1 -o '^0x[0-9a-f]*:' "$s" | tr -d :)
	if ! "$TOOLS/etnaviv-asm" --verify --addr "$base" "$s" -o "$s.bin" 2>"$s.err"; then
		bad="$(basename "$s"): $(head -1 "$s.err")"
		break
	fi
	got=$(od -An -v -tx4 "$s.bin" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
	want=$(tr -s ' ' <"${s%.s}.hex" | sed 's/^ //; s/ $//')
	case "$want" in
	"$got"*) ;;
	*) bad="$(basename "$s"): assembled words differ from the dump"; break ;;
	esac
done
if [ -z "$bad" ]; then ok reassembles; else ko reassembles "$bad"; fi

checks_end
