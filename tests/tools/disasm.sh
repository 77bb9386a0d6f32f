#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# disasm.sh [BINDIR]: tests of etnaviv-disasm and etnaviv-asm (built with
# the sanitizers in build/tests/tools by default): exact text and bytes of
# known streams (the kernel ring's submit sequence, libdrm's 2D test
# stream, every opcode), round trips text -> binary -> text and binary ->
# text -> binary (hand-written streams, every opcode with odd paddings and
# unknown bits, random streams), dump formats, and the errors and exit
# statuses of bad input.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$(cd "${1:-$ROOT/build/tests/tools}" 2>/dev/null && pwd)
DIS=$BIN/etnaviv-disasm
ASM=$BIN/etnaviv-asm
if [ -z "$BIN" ] || [ ! -x "$DIS" ] || [ ! -x "$ASM" ]; then
	echo "FAIL: tools/setup: no etnaviv-disasm/etnaviv-asm in ${1:-$ROOT/build/tests/tools} (make first)"
	exit 1
fi
. "$ROOT/tests/checks.sh"
checks_begin tools
cd "$T" || exit 1

# bin FILE WORD...: write little-endian 32-bit words
bin() {
	local out=$1 w fmt=
	shift
	for w in "$@"; do
		w=$((w))
		fmt+=$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((w & 255)) \
			$((w >> 8 & 255)) $((w >> 16 & 255)) $((w >> 24 & 255)))
	done
	printf "$fmt" >"$out"
}

# hexwords FILE: the words of FILE, "0x%08x" separated by spaces
hexwords() {
	od -An -v -tx4 "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//; s/\([0-9a-f]\{8\}\)/0x\1/g'
}

# same NAME ACTUAL EXPECTED: compare two files, show the difference
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		ko "$1" "differs from the expected output: $(diff "$3" "$2" | head -6 | tr '\n' '|')"
	fi
}

# words NAME FILE WORD...: FILE holds exactly these words
words() {
	local name=$1 file=$2 got want
	shift 2
	got=$(hexwords "$file")
	want=$(printf '0x%08x ' "$@" | sed 's/ $//')
	if [ "$got" = "$want" ]; then
		ok "$name"
	else
		ko "$name" "got [$got], expected [$want]"
	fi
}

# rt_text NAME SRC [ASM-OPTS]: SRC assembles; its disassembly assembles
# (with --verify) to the same bytes and disassembles to the same text.
rt_text() {
	local name=$1 src=$2 why=
	shift 2
	if ! "$ASM" "$@" "$src" -o "$name.1.bin" 2>"$name.err"; then
		why="assembling the source failed: $(head -3 "$name.err")"
	elif ! "$DIS" "$@" "$name.1.bin" >"$name.1.s"; then
		why="disassembly exit status $?"
	elif ! "$ASM" --verify "$@" "$name.1.s" -o "$name.2.bin" 2>"$name.err"; then
		why="reassembly failed: $(head -3 "$name.err")"
	elif ! cmp -s "$name.1.bin" "$name.2.bin"; then
		why="reassembled bytes differ"
	elif ! "$DIS" "$@" "$name.2.bin" >"$name.2.s" ||
	     ! cmp -s "$name.1.s" "$name.2.s"; then
		why="second disassembly differs"
	fi
	if [ -n "$why" ]; then ko "$name" "$why"; else ok "$name"; fi
}

# rt_bin NAME FILE RC: disassembly exits RC; the text assembles (with
# --verify) back to the very same bytes.
rt_bin() {
	local name=$1 file=$2 want=$3 rc why=
	"$DIS" "$file" >"$name.s" 2>"$name.err"
	rc=$?
	if [ "$rc" != "$want" ]; then
		why="disassembly exit status $rc, expected $want"
	elif ! "$ASM" --verify "$name.s" -o "$name.bin" 2>"$name.err"; then
		why="reassembly failed: $(head -3 "$name.err" | tr '\n' '|')"
	elif ! cmp -s "$file" "$name.bin"; then
		why="reassembled bytes differ: $(cmp "$file" "$name.bin" 2>&1)"
	fi
	if [ -n "$why" ]; then ko "$name" "$why"; else ok "$name"; fi
}

# asm_err NAME RC MESSAGE: assembling $name.s (written by the caller)
# fails with status RC and MESSAGE on stderr, and writes no output file.
asm_err() {
	local name=$1 want=$2 msg=$3 rc
	rm -f "$name.out"
	"$ASM" "$name.s" -o "$name.out" 2>"$name.err" >/dev/null
	rc=$?
	if [ "$rc" != "$want" ]; then
		ko "asm-error/$name" "exit status $rc, expected $want ($(head -2 "$name.err"))"
	elif ! grep -qF -- "$msg" "$name.err"; then
		ko "asm-error/$name" "message [$(head -2 "$name.err")], expected [$msg]"
	elif [ -e "$name.out" ]; then
		ko "asm-error/$name" "an output file was written"
	else
		ok "asm-error/$name"
	fi
}

# ---------------------------------------------------------------------
# The kernel ring after the first 2D submit (the WAIT/LINK protocol of
# Linux 6.1's etnaviv_buffer.c), exact.

bin ring.bin 0x40000006 0x00400010 0x40000002 0x00400000 \
	0x08010e04 0x0000001f 0x08010e03 0x00000000 0x08010e02 0x00000701 \
	0x48000000 0x00000701 0x08010e00 0x00000001 0x40000129 0x00401000 \
	0x08010e03 0x00000008 0x08010e02 0x00000701 0x48000000 0x00000701 \
	0x08010e01 0x00000045 0x380000c8 0x00000000 0x40000002 0x00400060
cat >ring.expected <<'EOF'
0x00400000: 0x40000006  LINK        prefetch=6 address=0x00400010
0x00400008: 0x40000002  LINK        prefetch=2 address=0x00400000
0x00400010: 0x08010e04  LOAD_STATE  GL_FLUSH_MMU (0x3810) = 0x0000001f  ; FLUSH_FEMMU FLUSH_UNK1 FLUSH_UNK2 FLUSH_PEMMU FLUSH_UNK4
0x00400018: 0x08010e03  LOAD_STATE  GL_FLUSH_CACHE (0x380c) = 0x00000000
0x00400020: 0x08010e02  LOAD_STATE  GL_SEMAPHORE_TOKEN (0x3808) = 0x00000701  ; FROM=FE TO=PE
0x00400028: 0x48000000  STALL       from=FE to=PE
0x00400030: 0x08010e00  LOAD_STATE  GL_PIPE_SELECT (0x3800) = 0x00000001  ; PIPE=2D
0x00400038: 0x40000129  LINK        prefetch=297 address=0x00401000
0x00400040: 0x08010e03  LOAD_STATE  GL_FLUSH_CACHE (0x380c) = 0x00000008  ; PE2D
0x00400048: 0x08010e02  LOAD_STATE  GL_SEMAPHORE_TOKEN (0x3808) = 0x00000701  ; FROM=FE TO=PE
0x00400050: 0x48000000  STALL       from=FE to=PE
0x00400058: 0x08010e01  LOAD_STATE  GL_EVENT (0x3804) = 0x00000045  ; EVENT_ID=5 FROM_PE
0x00400060: 0x380000c8  WAIT        delay=200
0x00400068: 0x40000002  LINK        prefetch=2 address=0x00400060  ; back to the WAIT: idle loop
EOF
"$DIS" --addr 0x400000 ring.bin >ring.s
same ring-exact ring.s ring.expected
if "$ASM" --verify --addr 0x400000 ring.s -o ring2.bin 2>ring.err &&
   cmp -s ring.bin ring2.bin; then
	ok ring-reassembles
else
	ko ring-reassembles "$(head -2 ring.err)"
fi
if "$ASM" --verify ring.s -o /dev/null 2>ring.err; then
	ko verify-base "addresses at 0x400000 verified with base 0"
elif grep -qF 'ring.s:1: address 0x00400000 but this line assembles at 0x00000000' ring.err; then
	ok verify-base
else
	ko verify-base "$(head -1 ring.err)"
fi

# --raw: no names, no comments
"$DIS" --raw ring.bin | sed -n '3p;6p;14p' >raw.s
cat >raw.expected <<'EOF'
0x00000010: 0x08010e04  LOAD_STATE  0x3810 = 0x0000001f
0x00000028: 0x48000000  STALL       from=FE to=PE
0x00000068: 0x40000002  LINK        prefetch=2 address=0x00400060
EOF
same disasm-raw raw.s raw.expected

# --verify catches an edited address and an edited word
sed '5s/^0x00400020/0x00400024/' ring.s >edit1.s
sed '6s/0x48000000  STALL/0x48000001  STALL/' ring.s >edit2.s
if ! "$ASM" --verify --addr 0x400000 edit1.s -o /dev/null 2>e1.err &&
   grep -qF 'edit1.s:5: address 0x00400024 but this line assembles at 0x00400020' e1.err &&
   ! "$ASM" --verify --addr 0x400000 edit2.s -o /dev/null 2>e2.err &&
   grep -qF 'edit2.s:6: word column 0x48000001 but the line assembles to 0x48000000' e2.err &&
   "$ASM" edit1.s -o /dev/null; then
	ok verify-detects-edits
else
	ko verify-detects-edits "$(cat e1.err e2.err | head -3 | tr '\n' '|')"
fi

# ---------------------------------------------------------------------
# libdrm's etnaviv_2d_test stream (libdrm tests/etnaviv/etnaviv_2d_test.c), hand-written.

{
	cat <<'EOF'
; libdrm tests/etnaviv/etnaviv_2d_test.c: clear 256 4x4 squares
LOAD_STATE DE_SRC_STRIDE = 0
LOAD_STATE DE_SRC_ROTATION_CONFIG = 0
LOAD_STATE DE_SRC_CONFIG = 0
LOAD_STATE DE_SRC_ORIGIN = 0
LOAD_STATE DE_SRC_SIZE = 0
LOAD_STATE DE_SRC_COLOR_BG = 0
LOAD_STATE DE_SRC_COLOR_FG = 0
LOAD_STATE DE_STRETCH_FACTOR_LOW = 0
LOAD_STATE DE_STRETCH_FACTOR_HIGH = 0
LOAD_STATE DE_DEST_ADDRESS = 0x80000000   # relocated by the kernel
LOAD_STATE DE_DEST_STRIDE = 1024
LOAD_STATE DE_DEST_ROTATION_CONFIG = 0
LOAD_STATE de_dest_config = FORMAT=A8R8G8B8|COMMAND=CLEAR
LOAD_STATE DE_ROP = TYPE=ROP4|ROP_FG=0xcc|ROP_BG=0xcc
LOAD_STATE DE_CLIP_TOP_LEFT = 0
LOAD_STATE DE_CLIP_BOTTOM_RIGHT = X=256|Y=256
LOAD_STATE DE_CONFIG = 0
LOAD_STATE DE_SRC_ORIGIN_FRACTION = 0
LOAD_STATE DE_ALPHA_CONTROL = 0
LOAD_STATE DE_ALPHA_MODES = 0
LOAD_STATE DE_DEST_ROTATION_HEIGHT = 0
LOAD_STATE DE_SRC_ROTATION_HEIGHT = 0
LOAD_STATE DE_ROT_ANGLE = 0
LOAD_STATE DE_CLEAR_PIXEL_VALUE32 = 0xff40ff40
LOAD_STATE DE_CLEAR_BYTE_MASK = 0xff
LOAD_STATE DE_CLEAR_PIXEL_VALUE_LOW = 0xff40ff40
LOAD_STATE DE_CLEAR_PIXEL_VALUE_HIGH = 0xff40ff40
LOAD_STATE DE_DEST_COLOR_KEY = 0
LOAD_STATE DE_GLOBAL_SRC_COLOR = 0
LOAD_STATE DE_GLOBAL_DEST_COLOR = 0
LOAD_STATE DE_COLOR_MULTIPLY_MODES = 0
LOAD_STATE DE_PE_TRANSPARENCY = 0
LOAD_STATE DE_PE_CONTROL = 0
LOAD_STATE DE_PE_DITHER_LOW = 0xffffffff
LOAD_STATE DE_PE_DITHER_HIGH = 0xffffffff
DRAW_2D rects=256
EOF
	for r in $(seq 0 255); do
		x=$((r % 16 * 8)) y=$((r / 16 * 8))
		echo "    RECT $x,$y $((x + 4)),$((y + 4))"
	done
	cat <<'EOF'
LOAD_STATE 0x0000 = 0
LOAD_STATE 0x0000 = 0
LOAD_STATE 0x0000 = 0
LOAD_STATE GL_FLUSH_CACHE = PE2D
EOF
} >2d.s
if "$ASM" 2d.s -o 2d.bin 2>2d.err; then
	set -- $(hexwords 2d.bin)
	w=("$@")
	if [ ${#w[@]} = 592 ] && [ "${w[0]}" = 0x08010481 ] &&
	   [ "${w[21]}" = 0x00000400 ] && [ "${w[24]}" = 0x0801048d ] &&
	   [ "${w[25]}" = 0x00000006 ] && [ "${w[26]}" = 0x08010497 ] &&
	   [ "${w[27]}" = 0x0030cccc ] && [ "${w[31]}" = 0x01000100 ] &&
	   [ "${w[70]}" = 0x20000000 ] && [ "${w[71]}" = 0x00000000 ] &&
	   [ "${w[74]}" = 0x00000008 ] && [ "${w[75]}" = 0x0004000c ] &&
	   [ "${w[582]}" = 0x00780078 ] && [ "${w[583]}" = 0x007c007c ] &&
	   [ "${w[584]}" = 0x08010000 ] && [ "${w[590]}" = 0x08010e03 ] &&
	   [ "${w[591]}" = 0x00000008 ]; then
		ok 2d-test-bytes
	else
		ko 2d-test-bytes "${#w[@]} words: ${w[*]:0:4} ... ${w[*]:580:12}"
	fi
else
	ko 2d-test-bytes "$(head -2 2d.err)"
fi
"$DIS" 2d.bin >2d.dis
grep -F -e 'DE_ROP (0x125c)' -e 'DRAW_2D ' -e 'RECT 120,120' -e '0x00000920:' \
	-e 'DE_DEST_CONFIG' -e 'DE_CLIP_BOTTOM' 2d.dis >2d.lines
cat >2d.expected <<'EOF'
0x00000060: 0x0801048d  LOAD_STATE  DE_DEST_CONFIG (0x1234) = 0x00000006  ; FORMAT=A8R8G8B8 COMMAND=CLEAR
0x00000068: 0x08010497  LOAD_STATE  DE_ROP (0x125c) = 0x0030cccc  ; ROP_FG=0xcc ROP_BG=0xcc TYPE=ROP4
0x00000078: 0x08010499  LOAD_STATE  DE_CLIP_BOTTOM_RIGHT (0x1264) = 0x01000100  ; X=256 Y=256
0x00000118: 0x20000000  DRAW_2D     count=256 data=0  ; COUNT 0: 256 rectangles
0x00000918: 0x00780078              RECT 120,120 124,124
0x00000920: 0x08010000  LOAD_STATE  HI_CLOCK_CONTROL (0x0000) = 0x00000000  ; register window: the FE ignores this load
EOF
same 2d-test-text 2d.lines 2d.expected
rt_text 2d-test-roundtrip 2d.s

# ---------------------------------------------------------------------
# Every opcode in its hand-written form, exact bytes.

cat >ops.s <<'EOF'
LOAD_STATE GL_FLUSH_CACHE = COLOR|DEPTH
LOAD_STATE 0x1228 = 0x0, 0x10
END
END EVENT 5
NOP
DRAW_2D rects=1, data=1
RECT 1,2 3,4
DATA 0xdead
DRAW_PRIMITIVES TRIANGLES, 3, 2
DRAW_INDEXED_PRIMITIVES TRIANGLE_STRIP 0 10 5
WAIT 200
LINK 0x10, 0x1000
STALL FE PE
stall from=FE to=BLT
CALL 4, 0x2000, 7, 0x3000
RETURN
DRAW_INSTANCED TRIANGLES INDEXED 0x123456 10 5
CHIP_SELECT 0x3
WAIT_FENCE 100, 0x4000
DRAW_INDIRECT LINES INDEXED 0x5000
SNAP_PAGES
.word 0x12345678, 0x9abcdef0
EOF
if "$ASM" ops.s -o ops.bin 2>ops.err; then
	words every-opcode-bytes ops.bin \
		0x08010e03 0x00000003 0x0802048a 0x00000000 0x00000010 0 \
		0x10000000 0 0x10000105 0 0x18000000 0 \
		0x20010100 0 0x00020001 0x00040003 0x0000dead 0 \
		0x28000000 4 3 2 0x30000000 5 0 10 5 0 0x380000c8 0 \
		0x40000010 0x1000 0x48000000 0x701 0x48000000 0x1001 \
		0x50000004 0x2000 7 0x3000 0x58000000 0 \
		0x60143456 0x1200000a 5 0 0x68000003 0 0x78000064 0x4000 \
		0x80000102 0x5000 0x98000000 0 0x12345678 0x9abcdef0
else
	ko every-opcode-bytes "$(head -2 ops.err)"
fi
rt_text every-opcode-roundtrip ops.s
printf '.word 1, 2\n.byte 1, 2, 0xff\n' >bytes.s
if "$ASM" bytes.s -o bytes.bin 2>/dev/null &&
   [ "$(od -An -tx1 bytes.bin | tr -d ' \n')" = 01000000020000000102ff ]; then
	ok byte-directive
else
	ko byte-directive "$(od -An -tx1 bytes.bin 2>&1)"
fi

# Multi-state loads, with and without the state of each continuation.
cat >multi.s <<'EOF'
LOAD_STATE DE_SRC_ADDRESS = 1, 2,
    3, DE_SRC_CONFIG = 4,       ; the fourth value goes to 0x120c
    DE_SRC_ORIGIN (0x1210) = 5
LOAD_STATE 0x4000 = 7, 8 pad=0xabcd
EOF
if "$ASM" multi.s -o multi.bin 2>multi.err; then
	words multi-state-bytes multi.bin 0x08050480 1 2 3 4 5 \
		0x08021000 7 8 0xabcd
else
	ko multi-state-bytes "$(head -2 multi.err)"
fi
rt_text multi-state-roundtrip multi.s
"$DIS" multi.bin | sed -n '2p;6p;7p' >multi.lines
cat >multi.expected <<'EOF'
0x00000008: 0x00000002              DE_SRC_STRIDE (0x1204) = 0x00000002,  ; STRIDE=2
0x00000018: 0x08021000  LOAD_STATE  VS_INST_MEM[0] (0x4000) = 0x00000007,
0x00000020: 0x00000008              VS_INST_MEM[1] (0x4004) = 0x00000008 pad=0x0000abcd
EOF
same multi-state-text multi.lines multi.expected

# COUNT 0 loads 1024 states (and the assembler encodes 1024 values so)
{
	echo "LOAD_STATE VS_INST_MEM[0] = 0,"
	seq 1 1022 | sed 's/$/,/'
	echo 1023
} >count0.s
if "$ASM" count0.s -o count0.bin 2>count0.err; then
	set -- $(hexwords count0.bin)
	if [ $# = 1026 ] && [ "$1" = 0x08001000 ] && [ "${1025}" = 0x000003ff ] &&
	   [ "${1026}" = 0x00000000 ]; then
		ok count0-encoding
	else
		ko count0-encoding "$# words, header $1"
	fi
else
	ko count0-encoding "$(head -2 count0.err)"
fi
rt_text count0-roundtrip count0.s
"$DIS" count0.bin >count0.dis
if head -1 count0.dis | grep -qF 'VS_INST_MEM[0] (0x4000) = 0x00000000,  ; COUNT 0: 1024 states' &&
   [ "$(tail -1 count0.dis)" = '0x00001000: 0x000003ff              VS_INST_MEM[1023] (0x4ffc) = 0x000003ff' ] &&
   [ "$(wc -l <count0.dis)" = 1024 ]; then
	ok count0-text
else
	ko count0-text "$(sed -n '1p;$p' count0.dis | tr '\n' '|')"
fi

# FIXP: 16.16 values
echo 'LOAD_STATE FIXP PA_VIEWPORT_SCALE_X = 1.5, -2.25, 0x10000' >fixp.s
if "$ASM" fixp.s -o fixp.bin 2>fixp.err; then
	words fixp-bytes fixp.bin 0x0c030280 0x00018000 0xfffdc000 0x00010000
else
	ko fixp-bytes "$(head -2 fixp.err)"
fi
rt_text fixp-roundtrip fixp.s
if "$DIS" fixp.bin | sed -n 2p | grep -qF 'PA_VIEWPORT_SCALE_Y (0x0a04) = 0xfffdc000,  ; -2.25 (16.16)'; then
	ok fixp-text
else
	ko fixp-text "$("$DIS" fixp.bin | sed -n 2p)"
fi

# ---------------------------------------------------------------------
# Binary -> text -> binary: every opcode with padding words and unknown
# bits set, DRAW_2D with odd data and a pad, FIXP, COUNT 0.

bin odd.bin \
	0x08010e03 0x3 \
	0x08020480 1 2 0xfeedf00d \
	0x0c011000 0x8000 \
	0x1000ff05 0x11111111 \
	0x18abcdef 0x22222222 \
	0x200303ab 0x33333333 0x00020001 0x00040003 0x00060005 0x00080007 \
	0x000a0009 0x000c000b 1 2 3 0x44444444 \
	0x28000000 0x55 0 7 \
	0x30000000 9 1 2 3 0x66666666 \
	0x3fff0001 0x77777777 \
	0x47ff0000 0xdeadbeef \
	0x48000000 0xffffffff \
	0x57ff0000 1 2 3 \
	0x5f000000 0x88888888 \
	0x67e01234 0xff00ffff 6 0x99999999 \
	0x6fff0000 0xaaaaaaaa \
	0x7ffc0000 0x12340000 \
	0x87fffe00 0 \
	0x9fffffff 0xbbbbbbbb
rt_bin odd-fields-roundtrip odd.bin 0
if grep -qF 'NOP         unk=0xabcdef pad=0x22222222' odd-fields-roundtrip.s &&
   grep -qF 'STALL       from=31 to=31 unk1=0xffffe0e0' odd-fields-roundtrip.s &&
   grep -qF 'DRAW_2D     count=3 data=3 unk=0xab pad=0x33333333' odd-fields-roundtrip.s &&
   grep -qF 'DATA 0x00000003 pad=0x44444444' odd-fields-roundtrip.s &&
   grep -qF 'DRAW_PRIMITIVES type=85 start=0 count=7' odd-fields-roundtrip.s &&
   grep -qF '= 0x00000002 pad=0xfeedf00d' odd-fields-roundtrip.s; then
	ok odd-fields-text
else
	ko odd-fields-text "$(head -12 odd-fields-roundtrip.s | tr '\n' '|')"
fi
rt_bin 2d-test-bin-roundtrip 2d.bin 0

# Random streams: mostly well-formed commands with random fields, some
# garbage words, truncated ends and partial words (deterministic seeds).
gen() {
	awk -v seed="$1" '
	function r(n) { return int(rand() * n) }
	function w32() { return sprintf("0x%04x%04x", r(65536), r(65536)) }
	function put(s) { out[n++] = s }
	BEGIN {
		srand(seed)
		split("0x0e03 0x0e00 0x0480 0x048a 0x0485 0x1000 0x0280 0x0061 0x0000 0x0e01 0x4a00 0x0500 0xffff", st, " ")
		cmds = 1 + r(40)
		for (c = 0; c < cmds; c++) {
			k = r(20)
			if (k < 7) {		# LOAD_STATE
				cnt = r(10) < 9 ? 1 + r(6) : r(2) ? 0 : 1 + r(1023)
				nv = cnt ? cnt : 1024
				put(sprintf("0x%02x%02x%s", 8 + (r(4) ? 0 : 4) + int(cnt / 256), cnt % 256, substr(st[1 + r(13)], 3)))
				for (i = 0; i < nv; i++) put(w32())
				if (nv % 2 == 0) put(r(3) ? "0" : w32())
			} else if (k < 9) {	# DRAW_2D
				cnt = r(5) ? 1 + r(4) : 0
				nd = r(3) ? 0 : r(5)
				put(sprintf("0x2%01x%02x%02x%02x", nd / 256, nd % 256, cnt, r(4) ? 0 : r(256)))
				put(r(4) ? "0" : w32())
				for (i = 0; i < 2 * (cnt ? cnt : 256); i++) put(w32())
				for (i = 0; i < nd; i++) put(w32())
				if (nd % 2) put(r(3) ? "0" : w32())
			} else if (k < 18) {	# fixed-size commands
				split("2 3 7 8 9 11 13 15 16 19 5 6 10 12", op, " ")
				split("2 2 2 2 2 2 2 2 2 2 4 6 4 4", sz, " ")
				j = 1 + r(14)
				put(sprintf("0x%08x", op[j] * 134217728 + (r(2) ? r(256) : r(134217728))))
				for (i = 1; i < sz[j]; i++) put(r(2) ? sprintf("0x%x", r(300)) : w32())
			} else {		# garbage
				put(w32()); put(w32())
			}
		}
		if (r(4) == 0) n -= r(n) + 0
		for (i = 0; i < n; i++) print ".word " out[i]
		if (r(5) == 0) { printf ".byte 0x%02x", r(256); for (i = r(3); i > 0; i--) printf ", 0x%02x", r(256); print "" }
	}'
}
bad=
for seed in $(seq 1 60); do
	gen "$seed" >rand.s
	if ! "$ASM" rand.s -o "rand$seed.bin" 2>rand.err; then
		bad="seed $seed: generator output did not assemble: $(head -1 rand.err)"
		break
	fi
	"$DIS" "rand$seed.bin" >rand.dis 2>&1
	rc=$?
	if [ $rc -gt 1 ]; then
		bad="seed $seed: disassembly exit status $rc"
		break
	fi
	if ! "$ASM" --verify rand.dis -o rand.re 2>rand.err; then
		bad="seed $seed: $(head -1 rand.err)"
		break
	fi
	if ! cmp -s "rand$seed.bin" rand.re; then
		bad="seed $seed: reassembled bytes differ"
		break
	fi
	rm -f "rand$seed.bin"
done
if [ -z "$bad" ]; then ok random-streams-roundtrip; else ko random-streams-roundtrip "$bad"; fi

# ---------------------------------------------------------------------
# Dumps: the driver's debugfs ring, upstream's, a devcoredump.

{
	echo "pipe 1 ring at GPU 0x00400000, tail 0x70:"
	od -An -v -tx4 ring.bin | awk '{ printf "  %04x: %s %s %s %s\n", (NR - 1) * 16, $1, $2, $3, $4 }'
} >ring.txt
"$DIS" ring.txt >ring-txt.s
rc=$?
{ echo "; pipe 1 ring at GPU 0x00400000, tail 0x70:"; cat ring.expected; } >ring-txt.expected
if [ $rc = 0 ]; then same debugfs-ring-dump ring-txt.s ring-txt.expected
else ko debugfs-ring-dump "exit status $rc"; fi

# Linux 6.1's format: pointers hashed, the physical address in the header
# (the GPU address comes from the ring's first LINK back to ring+0)
printf 'Ring Buffer (134000.gpu): virt (____ptrval____) - phys 0x3e100000 - free 0x00000fe0\n' >up.txt
printf '\t0x(____ptrval____): 40000005 06100010 40000002 06100000 \n' >>up.txt
printf '\t0x(____ptrval____): 380000c8 00000000 40000002 06100010 \n' >>up.txt
for i in 1 2; do
	printf '\t0x(____ptrval____): 00000000 00000000 00000000 00000000 \n' >>up.txt
done
"$DIS" up.txt >up.s
rc=$?
cat >up.expected <<'EOF'
; Ring Buffer (134000.gpu): virt (____ptrval____) - phys 0x3e100000 - free 0x00000fe0
; GPU address 0x06100000, from the ring's first LINK back to ring+0
0x06100000: 0x40000005  LINK        prefetch=5 address=0x06100010
0x06100008: 0x40000002  LINK        prefetch=2 address=0x06100000
0x06100010: 0x380000c8  WAIT        delay=200
0x06100018: 0x40000002  LINK        prefetch=2 address=0x06100010  ; back to the WAIT: idle loop
; 0x06100020..0x0610003f: 8 zero words
EOF
if [ $rc = 0 ]; then same upstream-ring-dump up.s up.expected
else ko upstream-ring-dump "exit status $rc"; fi
"$DIS" --addr 0x3e100000 up.txt | sed -n 2p >up2.s
if [ "$(cat up2.s)" = '0x3e100000: 0x40000005  LINK        prefetch=5 address=0x06100010' ]; then
	ok dump-addr-override
else
	ko dump-addr-override "$(cat up2.s)"
fi

# devcoredump: headers (magic type offset size iova data[2]), then data
bin core.bin \
	0x414e5445 0 160 16 0x0 0 0 0 \
	0x414e5445 2 176 16 0x00400000 0 0 0 \
	0x414e5445 3 192 8 0x00401000 0 0 0 \
	0x414e5445 5 200 8 0x80000000 0 0 0 \
	0x414e5445 6 208 0 0 0 0 0 \
	0x4 0x7ffffffe 0x664 0x00400008 \
	0x380000c8 0 0x40000002 0x00400000 \
	0x40000007 0x00400040 \
	0xdeadbeef 0xdeadbeef
"$DIS" core.bin >core.s
rc=$?
cat >core.expected <<'EOF'
; devcoredump object 0: registers, GPU address 0x00000000, 16 bytes
;   HI_IDLE_STATE (0x0004) = 0x7ffffffe  DE PE SH PA SE RA TX VG IM FP TS BL ASYNCFE MC PPA WD NN TP unknown=0x7ff80000
;   FE_DMA_ADDRESS (0x0664) = 0x00400008
; devcoredump object 1: ring, GPU address 0x00400000, 16 bytes
0x00400000: 0x380000c8  WAIT        delay=200
0x00400008: 0x40000002  LINK        prefetch=2 address=0x00400000  ; back to the WAIT: idle loop
; devcoredump object 2: command buffer, GPU address 0x00401000, 8 bytes
0x00401000: 0x40000007  LINK        prefetch=7 address=0x00400040
; devcoredump object 3: BO, GPU address 0x80000000, 8 bytes
EOF
if [ $rc = 0 ]; then same devcoredump core.s core.expected
else ko devcoredump "exit status $rc: $(head -3 core.s | tr '\n' '|')"; fi

# ---------------------------------------------------------------------
# Malformed binary input: clear text, exit status 1; usage: 2.

bin trunc.bin 0x08010e03 3 0x08030480 1 2
"$DIS" trunc.bin >trunc.s
rc=$?
if [ $rc = 1 ] && grep -qxF '0x00000008: 0x08030480  .word 0x08030480, 0x00000001, 0x00000002  ; truncated LOAD_STATE: 3 of 4 words' trunc.s; then
	ok disasm-truncated
else
	ko disasm-truncated "exit status $rc: $(tail -1 trunc.s)"
fi
rt_bin disasm-truncated-roundtrip trunc.bin 1

bin unk.bin 0x70000001 2 0x18000000 0
"$DIS" unk.bin >unk.s
rc=$?
if [ $rc = 1 ] && grep -qxF '0x00000000: 0x70000001  .word 0x70000001, 0x00000002  ; unknown opcode 14' unk.s &&
   grep -qxF '0x00000008: 0x18000000  NOP' unk.s; then
	ok disasm-unknown-opcode
else
	ko disasm-unknown-opcode "exit status $rc: $(tr '\n' '|' <unk.s)"
fi

{ bin odd1.bin 0x18000000 0; printf '\x01\x02\x03' >>odd1.bin; }
"$DIS" odd1.bin >odd1.s
rc=$?
if [ $rc = 1 ] && grep -qxF '0x00000008: .byte 0x01, 0x02, 0x03  ; 3 trailing bytes, not a whole word' odd1.s; then
	ok disasm-odd-size
else
	ko disasm-odd-size "exit status $rc: $(tail -1 odd1.s)"
fi
rt_bin disasm-odd-size-roundtrip odd1.bin 1

bin lone.bin 0x18000000 0 0x18000000
"$DIS" lone.bin >lone.s
rc=$?
if [ $rc = 1 ] && grep -qF 'truncated NOP: 1 of 2 words' lone.s; then
	ok disasm-odd-word-count
else
	ko disasm-odd-word-count "exit status $rc: $(tail -1 lone.s)"
fi

: >empty.bin
if "$DIS" empty.bin >empty.s && [ ! -s empty.s ]; then ok disasm-empty
else ko disasm-empty "exit status $? or output"; fi

"$DIS" no-such-file >/dev/null 2>nf.err
rc=$?
if [ $rc = 2 ] && grep -qF 'no-such-file: No such file or directory' nf.err; then
	ok disasm-missing-file
else
	ko disasm-missing-file "exit status $rc: $(cat nf.err)"
fi
"$DIS" --bogus ring.bin >/dev/null 2>&1; r1=$?
"$DIS" --addr 0x100000000 ring.bin >/dev/null 2>&1; r2=$?
"$DIS" ring.bin ring.bin >/dev/null 2>&1; r3=$?
"$DIS" --help >help.txt; r4=$?
if [ "$r1$r2$r3$r4" = 2220 ] && grep -q '^usage: etnaviv-disasm' help.txt; then
	ok disasm-usage
else
	ko disasm-usage "exit statuses $r1 $r2 $r3 $r4"
fi

# ---------------------------------------------------------------------
# Assembler errors: FILE:LINE: message, exit status 1, no output.

printf 'NOP\n\nFOO 1\n' >mnemonic.s
asm_err mnemonic 1 'mnemonic.s:3: unknown mnemonic '"'FOO'"
echo 'WAIT 70000' >wait-range.s
asm_err wait-range 1 'wait-range.s:1: WAIT: delay=70000 out of range (0..65535)'
echo 'LINK 0x10000, 0x1000' >link-range.s
asm_err link-range 1 'LINK: prefetch=0x10000 out of range'
echo 'WAIT' >missing.s
asm_err missing 1 'missing.s:1: WAIT: missing delay'
echo 'LINK 1, 2, 3' >too-many.s
asm_err too-many 1 "LINK: too many operands ('3')"
echo 'NOP bogus=1' >no-operand.s
asm_err no-operand 1 "NOP has no operand 'bogus'"
echo 'NOP unk=0x10000000' >unk-overlap.s
asm_err unk-overlap 1 'NOP: unk=0x10000000 overlaps the known fields'
echo 'END id=32' >end-range.s
asm_err end-range 1 'END: id=32 out of range (0..31)'
echo 'STALL FE XX' >stall.s
asm_err stall 1 "STALL: bad to 'XX'"
echo 'LOAD_STATE NO_SUCH_STATE = 1' >state.s
asm_err state 1 "state.s:1: unknown state 'NO_SUCH_STATE'"
echo 'LOAD_STATE 0x40000 = 1' >state-range.s
asm_err state-range 1 'state address 0x40000 out of range'
echo 'LOAD_STATE GL_EVENT (0x3808) = 1' >state-mismatch.s
asm_err state-mismatch 1 'state GL_EVENT is at 0x3804, not 0x3808'
echo 'LOAD_STATE GL_FLUSH_CACHE 3' >syntax.s
asm_err syntax 1 "LOAD_STATE needs 'STATE = VALUE[, VALUE...]'"
echo 'LOAD_STATE GL_FLUSH_CACHE = 0x100000000' >value-range.s
asm_err value-range 1 "value '0x100000000' out of range or not a number"
echo 'LOAD_STATE GL_FLUSH_CACHE = COLOUR' >value-name.s
asm_err value-name 1 "bad value 'COLOUR': no field COLOUR in this state"
echo 'LOAD_STATE DE_DEST_CONFIG = FORMAT=A9R9G9B9' >value-enum.s
asm_err value-enum 1 "no value A9R9G9B9 for field FORMAT"
{ echo 'LOAD_STATE VS_INST_MEM[0] = 0,'; seq 1 1023 | sed 's/$/,/'; echo 1024; } >too-many-values.s
asm_err too-many-values 1 'too-many-values.s:1025: LOAD_STATE: more than 1024 values'
printf 'NOP\nLOAD_STATE GL_EVENT = 1,\n' >dangling.s
asm_err dangling 1 "dangling.s:2: LOAD_STATE: the value list ends with ',' but no value follows"
printf 'LOAD_STATE GL_EVENT = 1,\nNOP\n' >cont-cmd.s
asm_err cont-cmd 1 "cont-cmd.s:2: the LOAD_STATE of line 1 continues"
printf 'LOAD_STATE 0x1200 = 1,\n 0x1208 = 2\n' >cont-state.s
asm_err cont-state 1 'cont-state.s:2: value 2 of this LOAD_STATE goes to 0x1204, not 0x1208'
echo 'LOAD_STATE 0x1200 = 1 pad=2' >pad-none.s
asm_err pad-none 1 'pad= given but LOAD_STATE of 1 states has no pad word'
echo 'RECT 0,0 1,1' >rect.s
asm_err rect 1 'rect.s:1: RECT outside a DRAW_2D'
printf 'NOP\nDRAW_2D count=2\nRECT 0,0 1,1\nNOP\n' >d2d-count.s
asm_err d2d-count 1 'd2d-count.s:2: DRAW_2D count=2 but 1 RECT line follows'
printf 'DRAW_2D\nNOP\n' >d2d-empty.s
asm_err d2d-empty 1 'd2d-empty.s:1: DRAW_2D without RECT lines'
printf 'DRAW_2D\nRECT 70000,0 1,1\n' >d2d-coord.s
asm_err d2d-coord 1 "d2d-coord.s:2: RECT coordinate '70000' is not a number 0..65535"
printf 'DRAW_2D data=1\nRECT 0,0 1,1\n' >d2d-data.s
asm_err d2d-data 1 'DRAW_2D data=1 but 0 DATA words follow'
printf 'DRAW_2D count=0\n' >d2d-zero.s
asm_err d2d-zero 1 'DRAW_2D: count=0 out of range (1..256)'
printf '.word 1\nNOP\n' >align.s
asm_err align 1 'align.s:2: NOP at offset 0x4 is not 64-bit aligned'
echo '.byte 256' >byte-range.s
asm_err byte-range 1 ".byte value '256' out of range or not a number"
printf 'WAIT 1\nWAIT x\nWAIT 2\nFOO\n' >several.s
"$ASM" several.s -o several.out 2>several.err
rc=$?
if [ $rc = 1 ] && [ "$(wc -l <several.err)" = 2 ] &&
   grep -qF "several.s:2: WAIT: delay 'x' is not a number" several.err &&
   grep -qF "several.s:4: unknown mnemonic 'FOO'" several.err && [ ! -e several.out ]; then
	ok asm-error/several
else
	ko asm-error/several "exit status $rc: $(tr '\n' '|' <several.err)"
fi
"$ASM" no-such-file.s -o x.bin 2>nf.err
rc=$?
if [ $rc = 2 ] && grep -qF 'no-such-file.s: No such file or directory' nf.err; then
	ok asm-missing-file
else
	ko asm-missing-file "exit status $rc: $(cat nf.err)"
fi
"$ASM" --bogus ring.s >/dev/null 2>&1; r1=$?
"$ASM" ring.s ring.s >/dev/null 2>&1; r2=$?
"$ASM" --help >help.txt; r3=$?
if [ "$r1$r2$r3" = 220 ] && grep -q '^usage: etnaviv-asm' help.txt; then
	ok asm-usage
else
	ko asm-usage "exit statuses $r1 $r2 $r3"
fi
# standard input and output
if [ "$(echo 'WAIT 200' | "$ASM" | od -An -tx4 | tr -d ' \n')" = 380000c800000000 ] &&
   [ "$("$DIS" - <ring.bin | head -1 | cut -c1-22)" = '0x00000000: 0x40000006' ]; then
	ok stdin-stdout
else
	ko stdin-stdout "pipes do not work"
fi

checks_end
