// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-disasm: print a Vivante GC front-end command stream one command
 * per line, with the names of the states it loads, in the syntax
 * etnaviv-asm assembles back (see usage() of both).
 *
 * Input: a binary little-endian stream; or an etnaviv devcoredump (its
 * ring and command buffers are disassembled at their GPU addresses); or a
 * text hex dump such as the driver's debugfs "ring" file.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etna_states.h"

/**
 * struct dis - one disassembly run
 * @out: where the text goes
 * @raw: no state names, no decoded fields
 * @dump: the words come from a memory dump: runs of zero words are
 *        summarised rather than reported as bad commands
 * @malformed: the stream had a truncated command, an unknown opcode or a
 *             partial word
 */
struct dis {
	FILE *out;
	bool raw;
	bool dump;
	bool malformed;
};

#define INDENT	"            "	/* width of "MNEMONIC___ " */

static void line_start(struct dis *d, uint32_t addr, uint32_t word)
{
	fprintf(d->out, "0x%08" PRIx32 ": 0x%08" PRIx32 "  ", addr, word);
}

static void line_end(struct dis *d, const char *comment)
{
	if (comment && comment[0])
		fprintf(d->out, "  ; %s", comment);
	fputc('\n', d->out);
}

/* "NAME (0xaddr)" or "0xaddr" */
static void print_state(struct dis *d, uint32_t addr)
{
	char name[64];

	if (!d->raw && etna_state_name(addr, name, sizeof(name)))
		fprintf(d->out, "%s (0x%04" PRIx32 ")", name, addr);
	else
		fprintf(d->out, "0x%04" PRIx32, addr);
}

static void describe(struct dis *d, uint32_t addr, uint32_t v, bool fixp,
		     char *buf, size_t size)
{
	buf[0] = '\0';
	if (d->raw)
		return;
	if (fixp)
		snprintf(buf, size, "%g (16.16)", (int32_t)v / 65536.0);
	else
		etna_state_describe(addr, v, buf, size);
}

/* .word lines for words that are not a whole command. */
static void print_words(struct dis *d, uint32_t addr, const uint32_t *w,
			size_t n, const char *comment)
{
	size_t i, k;

	for (i = 0; i < n; i += 4) {
		line_start(d, addr + 4 * i, w[i]);
		fputs(".word ", d->out);
		for (k = i; k < n && k < i + 4; k++)
			fprintf(d->out, "%s0x%08" PRIx32, k > i ? ", " : "", w[k]);
		line_end(d, i ? NULL : comment);
	}
}

/*
 * Loads into the register window (below 0x600) do nothing, except those
 * of the MMUv2 states SAFE_ADDRESS, CONFIGURATION and PTA_CONFIG; drivers
 * use state 0 (libdrm's tests/etnaviv/etnaviv_2d_test.c) or 4
 * (xf86-video-armada) as a dummy after DRAW_2D.
 */
static bool ignored_state(uint32_t state)
{
	return state < 0x600 && state != 0x180 && state != 0x184 &&
	       state != 0x1ac;
}

static void dis_load_state(struct dis *d, uint32_t addr, const uint32_t *w)
{
	uint32_t n = (w[0] >> ETNA_LS_COUNT_SHIFT) & ETNA_LS_COUNT_MASK;
	uint32_t state = (w[0] & ETNA_LS_OFFSET_MASK) << 2;
	bool fixp = w[0] & ETNA_LS_FIXP;
	char desc[256], note[300];
	uint32_t i;

	if (!n)
		n = ETNA_LS_MAX_COUNT;
	for (i = 0; i < n; i++) {
		if (!i) {
			line_start(d, addr, w[0]);
			fprintf(d->out, "%-11s %s", "LOAD_STATE",
				fixp ? "FIXP " : "");
		} else {
			line_start(d, addr + 4 + 4 * i, w[1 + i]);
			fputs(INDENT, d->out);
		}
		print_state(d, state + 4 * i);
		fprintf(d->out, " = 0x%08" PRIx32, w[1 + i]);
		if (i + 1 < n)
			fputc(',', d->out);
		else if (!(n & 1) && w[n + 1])
			fprintf(d->out, " pad=0x%08" PRIx32, w[n + 1]);
		describe(d, state + 4 * i, w[1 + i], fixp, desc, sizeof(desc));
		if (!d->raw && ignored_state(state + 4 * i))
			snprintf(desc, sizeof(desc),
				 "register window: the FE ignores this load");
		if (!i && !((w[0] >> ETNA_LS_COUNT_SHIFT) & ETNA_LS_COUNT_MASK))
			snprintf(note, sizeof(note), "COUNT 0: 1024 states%s%s",
				 desc[0] ? "; " : "", desc);
		else
			snprintf(note, sizeof(note), "%s", desc);
		line_end(d, note);
	}
}

static void dis_draw_2d(struct dis *d, uint32_t addr, const uint32_t *w)
{
	uint32_t n = (w[0] >> ETNA_D2D_COUNT_SHIFT) & ETNA_D2D_COUNT_MASK;
	uint32_t data = (w[0] >> ETNA_D2D_DATA_SHIFT) & ETNA_D2D_DATA_MASK;
	uint32_t unk = w[0] & 0xffu, i;
	const uint32_t *r = w + 2, *dw;

	line_start(d, addr, w[0]);
	fprintf(d->out, "%-11s count=%u data=%u", "DRAW_2D",
		n ? n : ETNA_D2D_MAX_COUNT, data);
	if (unk)
		fprintf(d->out, " unk=0x%" PRIx32, unk);
	if (w[1])
		fprintf(d->out, " pad=0x%08" PRIx32, w[1]);
	line_end(d, n ? NULL : "COUNT 0: 256 rectangles");
	if (!n)
		n = ETNA_D2D_MAX_COUNT;
	for (i = 0; i < n; i++) {
		line_start(d, addr + 8 + 8 * i, r[2 * i]);
		fprintf(d->out, INDENT "RECT %u,%u %u,%u",
			r[2 * i] & 0xffff, r[2 * i] >> 16,
			r[2 * i + 1] & 0xffff, r[2 * i + 1] >> 16);
		line_end(d, NULL);
	}
	dw = r + 2 * n;
	for (i = 0; i < data; i++) {
		line_start(d, addr + 8 + 8 * n + 4 * i, dw[i]);
		fprintf(d->out, INDENT "DATA 0x%08" PRIx32, dw[i]);
		if (i + 1 == data && (data & 1) && dw[data])
			fprintf(d->out, " pad=0x%08" PRIx32, dw[data]);
		line_end(d, NULL);
	}
}

static void dis_fixed(struct dis *d, const struct etna_opcode *op,
		      uint32_t addr, const uint32_t *w, const char *comment)
{
	char ops[256];
	size_t len = 0;
	unsigned int i, k;

	ops[0] = '\0';
	for (i = 0; i < op->nr_operands; i++) {
		const struct etna_operand *o = &op->operands[i];
		uint32_t v = etna_operand_get(o, w);
		const char *sep = len ? " " : "", *name;

		if (o->optional && !v)
			continue;
		switch (o->kind) {
		case ETNA_K_FLAG:
			etna_append(ops, sizeof(ops), &len, "%s%s", sep, o->name);
			break;
		case ETNA_K_ENUM:
			name = etna_enum_name(o->values, v);
			if (name)
				etna_append(ops, sizeof(ops), &len, "%s%s=%s", sep,
				    o->name, name);
			else
				etna_append(ops, sizeof(ops), &len, "%s%s=%" PRIu32,
				    sep, o->name, v);
			break;
		case ETNA_K_HEX:
			etna_append(ops, sizeof(ops), &len,
			    o->width + o->hi_width >= 32 ?
			    "%s%s=0x%08" PRIx32 : "%s%s=0x%" PRIx32, sep,
			    o->name, v);
			break;
		default:
			etna_append(ops, sizeof(ops), &len, "%s%s=%" PRIu32, sep,
			    o->name, v);
			break;
		}
	}
	for (k = 0; k < op->words; k++) {
		const char *sep = len ? " " : "";
		uint32_t unk;

		if (k && !etna_opcode_uses_word(op, k)) {
			if (w[k])
				etna_append(ops, sizeof(ops), &len, "%spad=0x%08" PRIx32,
				    sep, w[k]);
			continue;
		}
		unk = w[k] & ~etna_operand_mask(op, k);
		if (!unk)
			continue;
		if (k)
			etna_append(ops, sizeof(ops), &len, "%sunk%u=0x%" PRIx32, sep,
			    k, unk);
		else
			etna_append(ops, sizeof(ops), &len, "%sunk=0x%" PRIx32, sep,
			    unk);
	}
	line_start(d, addr, w[0]);
	if (len)
		fprintf(d->out, "%-11s %s", op->name, ops);
	else
		fputs(op->name, d->out);
	line_end(d, comment);
}

/*
 * Number of zero words from w[0], in whole 64-bit units: in a memory dump
 * they are the unused part of a buffer (opcode 0 is no command).
 */
static size_t zero_run(const uint32_t *w, size_t n)
{
	size_t i = 0;

	while (i + 1 < n && !w[i] && !w[i + 1])
		i += 2;
	return i;
}

/*
 * disassemble() - print the @n words at @w, word 0 at GPU address @base.
 * @tail: bytes after the last whole word (printed as .byte)
 */
static void disassemble(struct dis *d, const uint32_t *w, size_t n,
			uint32_t base, const uint8_t *tail, size_t ntail)
{
	uint32_t prev_op = 0, prev_addr = 0;
	size_t i = 0, k;

	while (i < n) {
		uint32_t addr = base + 4 * (uint32_t)i;
		const struct etna_opcode *op = etna_opcode_by_op(ETNA_OP(w[i]));
		unsigned int words = etna_cmd_words(w[i]);
		char note[96];
		size_t z;

		if (d->dump && (z = zero_run(w + i, n - i)) >= 2) {
			fprintf(d->out, "; 0x%08" PRIx32 "..0x%08" PRIx32
				": %zu zero words\n", addr,
				addr + 4 * (uint32_t)z - 1, z);
			i += z;
			prev_op = 0;
			continue;
		}
		if (!op) {
			snprintf(note, sizeof(note), "unknown opcode %u",
				 ETNA_OP(w[i]));
			print_words(d, addr, w + i, n - i < 2 ? n - i : 2, note);
			d->malformed = true;
			i += 2;
			prev_op = 0;
			continue;
		}
		if (i + words > n) {
			snprintf(note, sizeof(note),
				 "truncated %s: %zu of %u words", op->name,
				 n - i, words);
			print_words(d, addr, w + i, n - i, note);
			d->malformed = true;
			break;
		}
		note[0] = '\0';
		switch (op->op) {
		case ETNA_OP_LOAD_STATE:
			dis_load_state(d, addr, w + i);
			break;
		case ETNA_OP_DRAW_2D:
			dis_draw_2d(d, addr, w + i);
			break;
		case ETNA_OP_LINK:
			if (prev_op == ETNA_OP_WAIT && w[i + 1] == prev_addr &&
			    !d->raw)
				snprintf(note, sizeof(note),
					 "back to the WAIT: idle loop");
			/* fall through */
		default:
			dis_fixed(d, op, addr, w + i, note);
			break;
		}
		prev_op = op->op;
		prev_addr = addr;
		i += words;
	}
	if (ntail) {
		fprintf(d->out, "0x%08" PRIx32 ": .byte ", base + 4 * (uint32_t)n);
		for (k = 0; k < ntail; k++)
			fprintf(d->out, "%s0x%02x", k ? ", " : "", tail[k]);
		fprintf(d->out, "  ; %zu trailing byte%s, not a whole word\n",
			ntail, ntail > 1 ? "s" : "");
		d->malformed = true;
	}
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Disassemble the little-endian bytes at @p. */
static void dis_bytes(struct dis *d, const uint8_t *p, size_t len,
		      uint32_t base)
{
	size_t n = len / 4, i;
	uint32_t *w = malloc((n ? n : 1) * sizeof(*w));

	if (!w) {
		perror("etnaviv-disasm");
		exit(2);
	}
	for (i = 0; i < n; i++)
		w[i] = le32(p + 4 * i);
	disassemble(d, w, n, base, p + 4 * n, len % 4);
	free(w);
}

/* ---------------------------------------------------------------------- */
/* etnaviv devcoredump (facts: Linux 6.1 etnaviv_dump.h) */

#define ETDUMP_MAGIC	0x414e5445u	/* "ETNA" */
/* object header: magic, type, offset, size, iova (64 bits), data[2] */
#define ETDUMP_HDR_SIZE	32

enum { ETDUMP_REG, ETDUMP_MMU, ETDUMP_RING, ETDUMP_CMD, ETDUMP_BOMAP,
       ETDUMP_BO, ETDUMP_END };

static bool is_coredump(const uint8_t *p, size_t len)
{
	return len >= ETDUMP_HDR_SIZE && le32(p) == ETDUMP_MAGIC;
}

static void dis_coredump(struct dis *d, const uint8_t *p, size_t len)
{
	static const char *const types[] = {
		"registers", "MMU", "ring", "command buffer", "BO map", "BO",
	};
	size_t h;

	d->dump = true;
	for (h = 0; h + ETDUMP_HDR_SIZE <= len; h += ETDUMP_HDR_SIZE) {
		const uint8_t *hdr = p + h;
		uint32_t type = le32(hdr + 4), off = le32(hdr + 8);
		uint32_t size = le32(hdr + 12), iova = le32(hdr + 16), i;

		if (le32(hdr) != ETDUMP_MAGIC) {
			fprintf(d->out, "; devcoredump: bad object header at "
				"offset 0x%zx\n", h);
			d->malformed = true;
			return;
		}
		if (type == ETDUMP_END)
			return;
		if (off > len || size > len - off) {
			fprintf(d->out, "; devcoredump: object at offset 0x%zx "
				"runs past the end of the file\n", h);
			d->malformed = true;
			return;
		}
		fprintf(d->out, "; devcoredump object %zu: %s, GPU address "
			"0x%08" PRIx32 ", %" PRIu32 " bytes\n",
			h / ETDUMP_HDR_SIZE,
			type < ETDUMP_END ? types[type] : "unknown", iova, size);
		switch (type) {
		case ETDUMP_REG:
			for (i = 0; i + 8 <= size; i += 8) {
				uint32_t reg = le32(p + off + i);
				uint32_t val = le32(p + off + i + 4);
				char desc[256];

				fputs(";   ", d->out);
				print_state(d, reg);
				describe(d, reg, val, false, desc, sizeof(desc));
				fprintf(d->out, " = 0x%08" PRIx32 "%s%s\n", val,
					desc[0] ? "  " : "", desc);
			}
			break;
		case ETDUMP_RING:
		case ETDUMP_CMD:
			dis_bytes(d, p + off, size, iova);
			break;
		default:
			break;
		}
	}
	fputs("; devcoredump: no END object\n", d->out);
	d->malformed = true;
}

/* ---------------------------------------------------------------------- */
/* Text hex dumps: lines "[label] ADDR: xxxxxxxx xxxxxxxx ..." */

static bool is_text(const uint8_t *p, size_t len)
{
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	return true;
}

/*
 * Parse the data words of one dump line into @w (at most 16); returns how
 * many, or -1 if the line is not a data line: after its last ':' (which
 * follows a label, an offset or a pointer) come only 8-digit hex words.
 */
static int dump_line_words(const char *line, uint32_t *w)
{
	const char *colon = strrchr(line, ':'), *p;
	int n = 0;

	if (!colon || colon == line || !isspace((unsigned char)colon[1]))
		return -1;
	for (p = colon + 1; *p;) {
		char *end;
		unsigned long v;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (!isxdigit((unsigned char)*p))
			return -1;
		v = strtoul(p, &end, 16);
		if (end - p != 8 || (*end && !isspace((unsigned char)*end)) ||
		    n == 16)
			return -1;
		w[n++] = (uint32_t)v;
		p = end;
	}
	return n ? n : -1;
}

/*
 * Address in a dump's header line: "GPU 0x..." (our driver's debugfs) is
 * the GPU address (returns 2); "phys 0x..." (Linux 6.1's) the physical
 * one (returns 1); 0 if none.
 */
static int dump_header_base(const char *line, uint32_t *base)
{
	static const char *const keys[] = { "GPU 0x", "phys 0x" };
	unsigned int i;

	for (i = 0; i < ETNA_ARRAY_SIZE(keys); i++) {
		const char *p = strstr(line, keys[i]);

		if (p) {
			*base = (uint32_t)strtoull(p + strlen(keys[i]) - 2,
						   NULL, 16);
			return 2 - i;
		}
	}
	return 0;
}

/*
 * The GPU address of an etnaviv ring dump whose header gives only the
 * physical one: both drivers start the ring with WAIT (later patched to a
 * LINK) at ring+0 and "LINK prefetch 2 -> ring+0" at ring+8.
 */
static bool ring_gpu_base(const uint32_t *w, size_t n, uint32_t *base)
{
	if (n < 4 || w[2] != ((uint32_t)ETNA_OP_LINK << ETNA_OP_SHIFT | 2) ||
	    w[3] & 7)
		return false;
	*base = w[3];
	return true;
}

static void dis_section(struct dis *d, const uint32_t *w, size_t n,
			uint32_t base, bool guess)
{
	uint32_t gpu;

	if (guess && ring_gpu_base(w, n, &gpu) && gpu != base) {
		fprintf(d->out, "; GPU address 0x%08" PRIx32 ", from the ring's "
			"first LINK back to ring+0\n", gpu);
		base = gpu;
	}
	disassemble(d, w, n, base, NULL, 0);
}

/*
 * Returns false if the text holds no dump line at all. Each section (data
 * lines after a header line) starts at the GPU address its header names,
 * or at @base if it names none or @force_base.
 */
static bool dis_text_dump(struct dis *d, char *text, uint32_t base,
			  bool force_base)
{
	uint32_t *w = NULL, sect_base = base, lw[16];
	size_t n = 0, cap = 0;
	bool any = false, guess = false;
	char *line, *save;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		int k = dump_line_words(line, lw);

		if (k < 0) {
			char *e = line + strlen(line);
			int kind;

			while (e > line && isspace((unsigned char)e[-1]))
				*--e = '\0';
			if (!*line)
				continue;
			if (n) {
				dis_section(d, w, n, sect_base, guess);
				n = 0;
			}
			while (isspace((unsigned char)*line))
				line++;
			fprintf(d->out, "; %s\n", line);
			kind = force_base ? 0 : dump_header_base(line,
								 &sect_base);
			if (!kind)
				sect_base = base;
			guess = kind == 1;
			continue;
		}
		if (n + (size_t)k > cap) {
			cap = cap ? 2 * cap : 1024;
			w = realloc(w, cap * sizeof(*w));
			if (!w) {
				perror("etnaviv-disasm");
				exit(2);
			}
		}
		memcpy(w + n, lw, (size_t)k * sizeof(*w));
		n += (size_t)k;
		any = true;
	}
	if (n)
		dis_section(d, w, n, sect_base, guess);
	free(w);
	return any;
}

/* ---------------------------------------------------------------------- */

static void usage(FILE *f)
{
	fputs(
"usage: etnaviv-disasm [--addr BASE] [--raw] [FILE|-]\n"
"\n"
"Disassemble a Vivante GC front-end command stream (little-endian 32-bit\n"
"words; standard input if FILE is - or missing). One line per command:\n"
"\n"
"  ADDRESS: FIRST-WORD  MNEMONIC  operands  ; comment\n"
"\n"
"LOAD_STATE prints one line per state (\"NAME (0xaddr) = value\", lines of\n"
"a multi-state load end with ','); DRAW_2D is followed by RECT and DATA\n"
"lines. Words that are not a whole command print as .word (or .byte).\n"
"The output assembles back with etnaviv-asm.\n"
"\n"
"An etnaviv devcoredump, or a text hex dump (\"LABEL: xxxxxxxx ...\" lines,\n"
"as in debugfs dri/N/ring), is recognised and its command buffers are\n"
"disassembled at their GPU addresses (a dump's header line gives it as\n"
"\"GPU 0x...\" or \"phys 0x...\"; --addr overrides it).\n"
"\n"
"  --addr BASE  GPU address of the first word (default 0, or the dump's)\n"
"  --raw        no state names, no decoded fields\n"
"  --help       this text\n"
"\n"
"Exit status: 0 ok, 1 malformed stream (truncated command, unknown\n"
"opcode, partial word), 2 bad usage or unreadable input.\n", f);
}

static uint8_t *read_all(FILE *f, size_t *len)
{
	size_t cap = 65536, n = 0, r;
	uint8_t *buf = malloc(cap + 1);

	while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			uint8_t *nb = realloc(buf, 2 * cap + 1);

			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	if (!buf || ferror(f)) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "addr", required_argument, NULL, 'a' },
		{ "raw", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct dis d = { .out = stdout };
	const char *path = "-";
	unsigned long long base = 0;
	bool base_given = false;
	uint8_t *buf;
	size_t len;
	FILE *f;
	int c;

	while ((c = getopt_long(argc, argv, "a:rh", opts, NULL)) != -1) {
		char *end;

		switch (c) {
		case 'a':
			errno = 0;
			base = strtoull(optarg, &end, 0);
			if (errno || *end || !*optarg || base > UINT32_MAX) {
				fprintf(stderr, "etnaviv-disasm: bad address "
					"'%s'\n", optarg);
				return 2;
			}
			base_given = true;
			break;
		case 'r':
			d.raw = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind + 1 < argc) {
		fprintf(stderr, "etnaviv-disasm: one input file only\n");
		return 2;
	}
	if (optind < argc)
		path = argv[optind];
	f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		fprintf(stderr, "etnaviv-disasm: %s: %s\n", path,
			strerror(errno));
		return 2;
	}
	buf = read_all(f, &len);
	if (!buf) {
		fprintf(stderr, "etnaviv-disasm: %s: read error\n", path);
		return 2;
	}
	if (f != stdin)
		fclose(f);

	if (is_coredump(buf, len)) {
		dis_coredump(&d, buf, len);
	} else if (is_text(buf, len)) {
		d.dump = true;
		if (!dis_text_dump(&d, (char *)buf, (uint32_t)base, base_given)) {
			fprintf(stderr, "etnaviv-disasm: %s: text without "
				"hex dump lines\n", path);
			free(buf);
			return 1;
		}
	} else {
		dis_bytes(&d, buf, len, (uint32_t)base);
	}
	free(buf);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "etnaviv-disasm: write error\n");
		return 2;
	}
	return d.malformed ? 1 : 0;
}
