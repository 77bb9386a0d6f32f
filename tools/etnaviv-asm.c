// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-asm: assemble the text etnaviv-disasm prints (and simpler
 * hand-written forms of it) into a binary Vivante GC front-end command
 * stream of little-endian 32-bit words. See usage() for the syntax.
 *
 * This file reads the lines and dispatches each statement;
 * etnaviv_asm_parse.c parses numbers, states and values into the output,
 * etnaviv_asm_cmd.c encodes each command (etnaviv_asm.h).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etnaviv_asm.h"

/* ---------------------------------------------------------------------- */
/* Lines */

/*
 * The "ADDRESS: WORD" columns of the disassembler: returns the rest of
 * the line; records the check.
 */
static char *prefix(struct as *a, char *s, struct check *c)
{
	char *p = s, *end;

	memset(c, 0, sizeof(*c));
	if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
		return s;
	errno = 0;
	c->addr = (uint32_t)strtoull(p, &end, 16);
	if (*end != ':' || errno || end == p + 2)
		return s;
	c->has_addr = true;
	p = end + 1;
	for (;;) {
		char *q = p;

		while (isspace((unsigned char)*q))
			q++;
		if (q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
			break;
		c->words[c->nwords] = (uint32_t)strtoul(q, &end, 16);
		if (end - q != 10 || (*end && !isspace((unsigned char)*end)))
			break;
		if (c->nwords < ETNA_ARRAY_SIZE(c->words))
			c->nwords++;
		p = end;
	}
	return p;
}

static void statement(struct as *a, char *s)
{
	const struct etna_opcode *op;
	char *rest, *mn = s;

	rest = s + strcspn(s, " \t");
	if (*rest)
		*rest++ = '\0';
	if (a->d2d.active && strcasecmp(mn, "RECT") &&
	    strcasecmp(mn, "DATA"))
		finish_draw_2d(a);

	if (!strcasecmp(mn, "RECT")) {
		rect(a, rest);
		return;
	}
	if (!strcasecmp(mn, "DATA")) {
		data(a, rest);
		return;
	}
	if (!strcasecmp(mn, ".word") || !strcasecmp(mn, ".byte")) {
		directive_word(a, rest, mn[1] == 'b' || mn[1] == 'B');
		return;
	}
	op = etna_opcode_by_name(mn);
	if (!op) {
		error(a, "unknown mnemonic '%s'", mn);
		return;
	}
	if (a->len % 8) {
		error(a, "%s at offset 0x%zx is not 64-bit aligned (after an "
		      "odd number of .word or some .byte)", op->name, a->len);
		return;
	}
	switch (op->op) {
	case ETNA_OP_LOAD_STATE:
		load_state(a, rest);
		break;
	case ETNA_OP_DRAW_2D:
		draw_2d(a, op, rest);
		break;
	default:
		fixed_command(a, op, rest);
		break;
	}
}

static void add_check(struct as *a, const struct check *c)
{
	if (a->nchecks == a->capchecks) {
		a->capchecks = a->capchecks ? 2 * a->capchecks : 256;
		a->checks = xrealloc(a->checks,
				     a->capchecks * sizeof(*a->checks));
	}
	a->checks[a->nchecks++] = *c;
}

static void assemble_line(struct as *a, char *line)
{
	struct check c;
	char *s;
	size_t start;

	s = line + strcspn(line, ";#");
	*s = '\0';
	s = trim(prefix(a, line, &c));
	if (*s && a->d2d.active && strncasecmp(s, "RECT", 4) &&
	    strncasecmp(s, "DATA", 4))
		finish_draw_2d(a);	/* its padding precedes this line */
	start = a->len;
	if (*s && a->ls.active && a->ls.more) {
		unsigned int errors = a->errors;
		size_t mn = strcspn(s, " \t");
		char save = s[mn];

		s[mn] = '\0';
		if (etna_opcode_by_name(s) || !strcasecmp(s, ".word")) {
			error(a, "the LOAD_STATE of line %u continues (its "
			      "last line ends with ','), not a command",
			      a->ls.line);
			a->ls.active = false;
		}
		s[mn] = save;
		if (a->ls.active) {
			load_state_values(a, s);
			if (a->errors != errors)
				a->ls.active = false;
			else if (!a->ls.more)
				finish_load_state(a);
		}
	} else if (*s) {
		statement(a, s);
	}
	if (c.has_addr && a->verify) {
		c.line = a->line;
		c.off = start;
		add_check(a, &c);
	}
}

static void verify(struct as *a)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < a->nchecks; i++) {
		const struct check *c = &a->checks[i];
		uint32_t at = a->base + (uint32_t)c->off;

		if (c->addr != at) {
			error_at(a, c->line, "address 0x%08" PRIx32 " but this "
				 "line assembles at 0x%08" PRIx32, c->addr, at);
			continue;
		}
		for (k = 0; k < c->nwords; k++) {
			size_t off = c->off + 4 * k;
			uint32_t w;

			if (off + 4 > a->len) {
				error_at(a, c->line, "word column 0x%08" PRIx32
					 " but nothing assembles there",
					 c->words[k]);
				break;
			}
			w = word_at(a, off);
			if (w != c->words[k]) {
				error_at(a, c->line, "word column 0x%08" PRIx32
					 " but the line assembles to 0x%08"
					 PRIx32, c->words[k], w);
				break;
			}
		}
	}
}

static void usage(FILE *f)
{
	fputs(
"usage: etnaviv-asm [--addr BASE] [--verify] [-o OUT] [FILE|-]\n"
"\n"
"Assemble a Vivante GC front-end command stream from the text\n"
"etnaviv-disasm prints (standard input if FILE is - or missing; the\n"
"binary goes to OUT, or to standard output). One statement per line;\n"
"';' or '#' starts a comment; a leading \"0xADDRESS: 0xWORD\" column is\n"
"ignored, or checked with --verify. Numbers are decimal or 0x hex;\n"
"mnemonics, names and keywords are case-insensitive.\n"
"\n"
"  LOAD_STATE [FIXP] STATE = VALUE[, VALUE...] [pad=V]\n"
"      STATE: NAME, NAME[i], NAME (0xADDR) or 0xADDR (byte address);\n"
"      consecutive values go to consecutive states (1..1024; 1024 is\n"
"      encoded as COUNT 0). A trailing ',' continues the list on the\n"
"      next line, whose values may repeat their state: \"NAME = V\".\n"
"      VALUE: a number, or FIELD terms of the state joined by '|'\n"
"      (\"COLOR|DEPTH\", \"FORMAT=A8R8G8B8|COMMAND=CLEAR\"); in a FIXP\n"
"      load a number with a '.' is converted to 16.16 fixed point.\n"
"  DRAW_2D [count=N] [data=M]\n"
"      then N (1..256) lines \"RECT x1,y1 x2,y2\" and M (0..2047) words\n"
"      in \"DATA V[, V...]\" lines; count and data are counted when\n"
"      left out (rects=N is count=N)\n"
"  END [id=N] [EVENT]      NOP      RETURN\n"
"  WAIT delay              LINK prefetch, address\n"
"  STALL from, to          (FE, RA, PE, DE, BLT or a number)\n"
"  CALL prefetch, address, return_prefetch, return_address\n"
"  DRAW_PRIMITIVES type, start, count\n"
"  DRAW_INDEXED_PRIMITIVES type, start, count, offset\n"
"  DRAW_INSTANCED type, [INDEXED], instances, count, start\n"
"  CHIP_SELECT chips       WAIT_FENCE count, address\n"
"  DRAW_INDIRECT type, [INDEXED], address     SNAP_PAGES\n"
"  .word V[, V...]         .byte V[, V...]\n"
"\n"
"Operands are positional or name=value (as the disassembler prints\n"
"them); pad=V sets a command's padding word, unk=V (unkN=V) unknown bits\n"
"of its header (word N).\n"
"\n"
"  --addr BASE  GPU address of the first word, for --verify (default 0)\n"
"  --verify     check the address and word columns of each line\n"
"  -o OUT       output file (default: standard output)\n"
"  --help       this text\n"
"\n"
"Errors are reported as FILE:LINE: message. Exit status: 0 ok, 1 errors\n"
"in the input, 2 bad usage or I/O error.\n", f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "addr", required_argument, NULL, 'a' },
		{ "verify", no_argument, NULL, 'v' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct as a = { .file = "<stdin>" };
	const char *path = "-", *out = "-";
	unsigned long long base;
	char *line = NULL;
	size_t cap = 0;
	FILE *f, *o;
	int c;

	while ((c = getopt_long(argc, argv, "a:vo:h", opts, NULL)) != -1) {
		char *end;

		switch (c) {
		case 'a':
			errno = 0;
			base = strtoull(optarg, &end, 0);
			if (errno || *end || !*optarg || base > UINT32_MAX) {
				fprintf(stderr, "etnaviv-asm: bad address "
					"'%s'\n", optarg);
				return 2;
			}
			a.base = (uint32_t)base;
			break;
		case 'v':
			a.verify = true;
			break;
		case 'o':
			out = optarg;
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
		fprintf(stderr, "etnaviv-asm: one input file only\n");
		return 2;
	}
	if (optind < argc)
		path = argv[optind];
	if (strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "etnaviv-asm: %s: %s\n", path,
				strerror(errno));
			return 2;
		}
		a.file = path;
	} else {
		f = stdin;
	}

	while (getline(&line, &cap, f) >= 0) {
		a.line++;
		line[strcspn(line, "\r\n")] = '\0';
		assemble_line(&a, line);
	}
	free(line);
	if (ferror(f)) {
		fprintf(stderr, "etnaviv-asm: %s: read error\n", path);
		return 2;
	}
	if (f != stdin)
		fclose(f);
	finish_draw_2d(&a);
	if (a.ls.active)
		finish_load_state(&a);
	if (!a.errors && a.verify)
		verify(&a);
	free(a.checks);
	if (a.errors) {
		if (a.errors > MAX_ERRORS)
			fprintf(stderr, "%s: %u more errors\n", a.file,
				a.errors - MAX_ERRORS);
		free(a.buf);
		return 1;
	}

	o = strcmp(out, "-") ? fopen(out, "wb") : stdout;
	if (!o) {
		fprintf(stderr, "etnaviv-asm: %s: %s\n", out, strerror(errno));
		free(a.buf);
		return 2;
	}
	c = (a.len && fwrite(a.buf, 1, a.len, o) != a.len) |
	    (o == stdout ? fflush(o) : fclose(o));
	free(a.buf);
	if (c) {
		fprintf(stderr, "etnaviv-asm: %s: write error\n", out);
		return 2;
	}
	return 0;
}
