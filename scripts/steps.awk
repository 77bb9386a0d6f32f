# SPDX-License-Identifier: GPL-2.0-only
#
# The steps of tests/steps.manifest, one a line (see the manifest for its
# format), for scripts/check, tests/boards-manifest.sh and scripts/boards-table:
#
#   awk -f steps.awk -v boards="B1 B2 ..." -v kernel=K tests/steps.manifest
#
# boards: every board of boards/boards.manifest, in its order; kernel: the
# run's kernel (plain or debug). Prints, separated by tabs,
#   step NAME KERNEL BOARD DRIVER CHECKS LINE INDEX COMMAND
# for each step (a host step: KERNEL, BOARD and DRIVER "-"; a board step
# on scripts/boot's default board: BOARD "-"), where LINE is the
# manifest's line and INDEX the step's place in its checks field (0, 1,
# ...), and "wait" for each wait line. A mistake in the manifest: a line
# "error: FILE:LINE: WHY" on stderr and exit status 1.

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

function oops(why) {
	printf "error: %s:%d: %s\n", FILENAME, FNR, why > "/dev/stderr"
	bad = 1
	exit 1
}

# fill(S, KEY, VAL): S with every KEY (a literal) replaced by VAL
function fill(s, key, val,    p, out) {
	out = ""
	while ((p = index(s, key))) {
		out = out substr(s, 1, p - 1) val
		s = substr(s, p + length(key))
	}
	return out s
}

function has(list, w) {
	return index(" " list " ", " " w " ") > 0
}

BEGIN {
	nb = split(boards, all_boards, " ")
}

/^[ \t]*(#|$)/ { next }

trim($0) == "wait" {
	print "wait"
	next
}

{
	# six fields; the command is the rest of the line
	line = $0
	for (i = 1; i <= 5; i++) {
		p = index(line, "|")
		if (!p)
			oops("want 6 fields separated by \"|\"")
		f[i] = trim(substr(line, 1, p - 1))
		line = substr(line, p + 1)
	}
	cmd = trim(line)
	name = f[1]
	if (name !~ /^[-a-z0-9{}]+$/)
		oops("step name \"" name "\": lower case, digits, \"-\" and {board}, {driver} only")
	if (cmd == "")
		oops(name ": no command")

	# the boards
	if (f[2] == "-") {
		n = 1
		b[1] = "-"
	} else if (f[2] == "all") {
		n = nb
		for (i = 1; i <= nb; i++)
			b[i] = all_boards[i]
	} else {
		n = split(f[2], b, " ")
		for (i = 1; i <= n; i++)
			if (!has(boards, b[i]))
				oops(name ": no board " b[i] " in boards/boards.manifest")
	}

	# the drivers, each with its kernel
	host = f[3] == "-"
	if (host) {
		if (f[2] != "-" || f[4] != "-")
			oops(name ": a host step (drivers \"-\") has boards \"-\" and kernel \"-\"")
		nd = 1
		d[1] = "-"
		k[1] = "-"
	} else {
		if (f[4] !~ /^(check|plain|debug)$/)
			oops(name ": kernel \"" f[4] "\": check, plain or debug")
		nd = split(f[3], d, " ")
		for (j = 1; j <= nd; j++) {
			k[j] = f[4]
			if (split(d[j], dk, ":") == 2) {
				d[j] = dk[1]
				k[j] = dk[2]
				if (k[j] !~ /^(check|plain|debug)$/)
					oops(name ": kernel \"" k[j] "\" of " d[j] ": check, plain or debug")
			}
			if (d[j] != "ours" && d[j] != "upstream")
				oops(name ": driver \"" d[j] "\": ours or upstream")
		}
	}
	if (n > 1 && !index(name, "{board}"))
		oops(name ": several boards and no {board} in the name")
	if (nd > 1 && !index(name, "{driver}"))
		oops(name ": several drivers and no {driver} in the name")
	if (f[2] == "-" && index(name, "{board}"))
		oops(name ": {board} without boards")
	if (host && index(name, "{driver}"))
		oops(name ": {driver} in a host step")

	# the numbers of checks: a group a board, a number a driver
	ng = split(f[5], g, " ")
	if (ng != n)
		oops(name ": " n " board(s), " ng " group(s) of checks")
	idx = 0
	for (i = 1; i <= n; i++) {
		if (split(g[i], c, "/") != nd)
			oops(name ": checks \"" g[i] "\" of board " b[i] ": want " nd " number(s)")
		for (j = 1; j <= nd; j++) {
			idx++
			if (c[j] !~ /^[0-9]+$/)
				oops(name ": checks \"" c[j] "\" is not a number")
			kern = k[j] == "check" ? kernel : k[j]
			# a step that needs the debug kernel is left out of a plain run
			if (k[j] == "debug" && kernel != "debug")
				continue
			s = fill(fill(name, "{board}", b[i]), "{driver}", d[j])
			x = fill(fill(fill(cmd, "{board}", b[i]), "{driver}", d[j]),
				 "{kernel}", kern)
			if (s in seen)
				oops("step " s " twice (line " seen[s] ")")
			seen[s] = FNR
			printf "step\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%s\n", s, kern, b[i],
				d[j], c[j], FNR, idx - 1, x
		}
	}
}

END {
	if (bad)
		exit 1
}
