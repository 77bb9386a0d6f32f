// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-asm: assemble the text etnaviv-disasm prints (and simpler
 * hand-written forms of it) into a binary Vivante GC front-end command
 * stream of little-endian 32-bit words. See usage() for the syntax.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etna_states.h"

#define MAX_ERRORS	20

/** struct check - an address/word prefix to verify (--verify) */
struct check {
	unsigned int line;
	size_t off;		/* byte offset of the line's first word */
	bool has_addr;
	uint32_t addr;
	unsigned int nwords;
	uint32_t words[4];
};

/** struct pending_ls - a LOAD_STATE whose values are still coming */
struct pending_ls {
	bool active;
	bool more;		/* the last line ended with ',' */
	unsigned int line;
	size_t hdr;		/* byte offset of the header */
	uint32_t state;		/* byte address of the first state */
	uint32_t count;
	bool fixp;
	uint32_t pad;
};

/** struct pending_d2d - a DRAW_2D whose RECT and DATA lines are coming */
struct pending_d2d {
	bool active;
	unsigned int line;
	size_t hdr;
	uint32_t hdr_word;	/* opcode and unknown bits */
	int count;		/* given count, -1 if none */
	int data;		/* given data count, -1 if none */
	uint32_t rects;
	uint32_t ndata;
	uint32_t pad;		/* after odd data */
};

/**
 * struct as - one assembly run
 * @buf: the output bytes
 * @len: bytes in @buf
 * @cap: size of @buf
 * @line: current line number (1-based)
 * @errors: number of errors reported
 * @verify: check the address and word columns
 * @base: GPU address of byte 0
 * @checks: the prefixes to verify
 */
struct as {
	uint8_t *buf;
	size_t len, cap;
	const char *file;
	unsigned int line;
	unsigned int errors;
	bool verify;
	uint32_t base;
	struct check *checks;
	size_t nchecks, capchecks;
	struct pending_ls ls;
	struct pending_d2d d2d;
};

static void __attribute__((format(printf, 3, 4)))
error_at(struct as *a, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	if (a->errors++ >= MAX_ERRORS)
		return;
	fprintf(stderr, "%s:%u: ", a->file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

#define error(a, ...)	error_at(a, (a)->line, __VA_ARGS__)

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("etnaviv-asm");
		exit(2);
	}
	return p;
}

static void emit_byte(struct as *a, uint8_t b)
{
	if (a->len == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 4096;
		a->buf = xrealloc(a->buf, a->cap);
	}
	a->buf[a->len++] = b;
}

static void emit(struct as *a, uint32_t w)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		emit_byte(a, (uint8_t)(w >> (8 * i)));
}

static void patch(struct as *a, size_t off, uint32_t w)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		a->buf[off + i] = (uint8_t)(w >> (8 * i));
}

static uint32_t word_at(const struct as *a, size_t off)
{
	return a->buf[off] | (uint32_t)a->buf[off + 1] << 8 |
	       (uint32_t)a->buf[off + 2] << 16 | (uint32_t)a->buf[off + 3] << 24;
}

/* ---------------------------------------------------------------------- */
/* Small parsing helpers */

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* An unsigned number (0x hex, 0 octal or decimal) that fits 32 bits. */
static bool parse_u32(const char *s, uint32_t *v)
{
	unsigned long long x;
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || *end || x > UINT32_MAX)
		return false;
	*v = (uint32_t)x;
	return true;
}

/* Whether s is a number at all (to tell "out of range" from "bad"). */
static bool looks_numeric(const char *s)
{
	return isdigit((unsigned char)*s);
}

/*
 * Split s in place into tokens separated by commas and blanks; returns the
 * number of tokens (at most max).
 */
static int split(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		while (*s == ',' || isspace((unsigned char)*s))
			s++;
		if (!*s)
			return n;
		if (n == max)
			return max + 1;
		tok[n++] = s;
		while (*s && *s != ',' && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
}

/*
 * "NAME", "NAME (0xaddr)", "0xaddr" -> byte address of a state; @any
 * accepts addresses past the state space (those a LOAD_STATE near its end
 * runs into).
 */
static bool parse_state(struct as *a, char *s, uint32_t *addr, bool any)
{
	char *paren = strchr(s, '('), *name = s;
	uint32_t named = 0, given = 0;
	bool has_name, has_addr;

	if (paren) {
		char *close = strchr(paren, ')');

		if (!close || *trim(close + 1)) {
			error(a, "bad state '%s'", s);
			return false;
		}
		*close = '\0';
		*paren = '\0';
		if (!parse_u32(trim(paren + 1), &given)) {
			error(a, "bad state address '%s'", trim(paren + 1));
			return false;
		}
		has_addr = true;
	} else {
		has_addr = false;
	}
	name = trim(name);
	has_name = *name && !looks_numeric(name);
	if (!has_name && !has_addr) {
		if (!*name) {
			error(a, "missing state");
			return false;
		}
		if (!parse_u32(name, &given)) {
			error(a, "bad state '%s'", name);
			return false;
		}
		has_addr = true;
	} else if (has_name && !etna_state_lookup(name, &named)) {
		error(a, "unknown state '%s'", name);
		return false;
	} else if (!has_name && *name) {
		error(a, "bad state '%s'", name);
		return false;
	}
	if (has_name && has_addr && named != given) {
		error(a, "state %s is at 0x%04" PRIx32 ", not 0x%04" PRIx32,
		      name, named, given);
		return false;
	}
	*addr = has_name ? named : given;
	if (*addr & 3 || (!any && *addr > (ETNA_LS_OFFSET_MASK << 2))) {
		error(a, "state address 0x%" PRIx32 " out of range (a multiple "
		      "of 4 up to 0x3fffc)", *addr);
		return false;
	}
	return true;
}

/*
 * A value for state @state: terms separated by '|', each a number, a
 * fixed-point number with a '.' (FIXP loads: converted to 16.16), or a
 * symbolic field term (FLAG, FIELD=VALUE) of the state.
 */
static bool parse_value(struct as *a, char *s, uint32_t state, bool fixp,
			uint32_t *value)
{
	char *term, *save;
	uint32_t v = 0;

	s = trim(s);
	if (!*s) {
		error(a, "missing value");
		return false;
	}
	for (term = strtok_r(s, "|", &save); term;
	     term = strtok_r(NULL, "|", &save)) {
		uint32_t t;
		char err[128];

		term = trim(term);
		if (fixp && strchr(term, '.')) {
			char *end;
			double d = strtod(term, &end);

			if (*end || d < -32768.0 || d >= 32768.0) {
				error(a, "bad 16.16 fixed-point value '%s'",
				      term);
				return false;
			}
			t = (uint32_t)(int32_t)lround(d * 65536.0);
		} else if (looks_numeric(term)) {
			if (!parse_u32(term, &t)) {
				error(a, "value '%s' out of range or not a "
				      "number (32 bits)", term);
				return false;
			}
		} else if (!etna_state_value_term(state, term, &t, err,
						  sizeof(err))) {
			error(a, "bad value '%s': %s", term, err);
			return false;
		}
		v |= t;
	}
	*value = v;
	return true;
}

/* ---------------------------------------------------------------------- */
/* LOAD_STATE */

static void finish_load_state(struct as *a)
{
	struct pending_ls *ls = &a->ls;

	if (!ls->active)
		return;
	ls->active = false;
	if (ls->more) {
		error_at(a, ls->line, "LOAD_STATE: the value list ends with ','"
			 " but no value follows");
		return;
	}
	patch(a, ls->hdr, (uint32_t)ETNA_OP_LOAD_STATE << ETNA_OP_SHIFT |
	      (ls->fixp ? ETNA_LS_FIXP : 0) |
	      (ls->count & ETNA_LS_COUNT_MASK) << ETNA_LS_COUNT_SHIFT |
	      ls->state >> 2);
	if (!(ls->count & 1))
		emit(a, ls->pad);
}

/*
 * Values of a LOAD_STATE: "[STATE =] VALUE, ..." with an optional final
 * "pad=V"; a trailing ',' continues the list on the next line.
 */
static void load_state_values(struct as *a, char *s)
{
	struct pending_ls *ls = &a->ls;
	char *item, *next;

	s = trim(s);
	ls->more = false;
	for (item = s; item; item = next) {
		uint32_t expect = ls->state + 4 * ls->count, v, st;
		char *eq, *sp, *opt = NULL;

		next = strchr(item, ',');
		if (next)
			*next++ = '\0';
		item = trim(item);
		if (!*item) {
			if (next) {
				error(a, "empty value in list");
				return;
			}
			ls->more = true;	/* trailing ',' */
			break;
		}
		/* "STATE = VALUE": the state must be the next one */
		eq = strchr(item, '=');
		if (eq) {
			char save = *eq, *left;

			*eq = '\0';
			left = trim(item);
			/* one token, or "NAME (0xADDR)" */
			if (*left && (strchr(left, '(') ||
				      (!left[strcspn(left, " \t")] &&
				       (looks_numeric(left) ||
					etna_state_lookup(left, &st))))) {
				if (!parse_state(a, left, &st, true))
					return;
				if (st != expect) {
					error(a, "value %u of this LOAD_STATE "
					      "goes to 0x%04" PRIx32 ", not "
					      "0x%04" PRIx32, ls->count + 1,
					      expect, st);
					return;
				}
				item = eq + 1;
			} else {
				*eq = save;
			}
		}
		/* a final "pad=V" option */
		item = trim(item);
		sp = item + strcspn(item, " \t");
		if (*sp) {
			*sp = '\0';
			opt = trim(sp + 1);
		}
		if (ls->count == ETNA_LS_MAX_COUNT) {
			error(a, "LOAD_STATE: more than %u values",
			      ETNA_LS_MAX_COUNT);
			return;
		}
		if (!parse_value(a, item, expect, ls->fixp, &v))
			return;
		emit(a, v);
		ls->count++;
		if (opt) {
			if (next || strncasecmp(opt, "pad=", 4) ||
			    !parse_u32(opt + 4, &ls->pad)) {
				error(a, "unexpected '%s' after a value", opt);
				return;
			}
			if (ls->count & 1) {
				error(a, "pad= given but LOAD_STATE of %u "
				      "states has no pad word", ls->count);
				return;
			}
		}
	}
}

static void load_state(struct as *a, char *s)
{
	struct pending_ls *ls = &a->ls;
	char *eq, *spec = trim(s);
	unsigned int errors = a->errors;

	memset(ls, 0, sizeof(*ls));
	if (!strncasecmp(spec, "FIXP", 4) &&
	    (isspace((unsigned char)spec[4]))) {
		ls->fixp = true;
		spec = trim(spec + 4);
	}
	eq = strchr(spec, '=');
	if (!eq) {
		error(a, "LOAD_STATE needs 'STATE = VALUE[, VALUE...]'");
		return;
	}
	*eq = '\0';
	if (!parse_state(a, trim(spec), &ls->state, false))
		return;
	ls->active = true;
	ls->line = a->line;
	ls->hdr = a->len;
	emit(a, 0);	/* header, written when the count is known */
	load_state_values(a, eq + 1);
	if (a->errors != errors)
		ls->active = false;
	else if (!ls->more)
		finish_load_state(a);
}

/* ---------------------------------------------------------------------- */
/* DRAW_2D with its RECT and DATA lines */

static void finish_draw_2d(struct as *a)
{
	struct pending_d2d *d = &a->d2d;

	if (!d->active)
		return;
	d->active = false;
	if (!d->rects) {
		error_at(a, d->line, "DRAW_2D without RECT lines (1 to 256 "
			 "rectangles)");
		return;
	}
	if (d->count >= 0 && (uint32_t)d->count != d->rects) {
		error_at(a, d->line, "DRAW_2D count=%d but %u RECT line%s "
			 "follow%s", d->count, d->rects, d->rects > 1 ? "s" : "",
			 d->rects > 1 ? "" : "s");
		return;
	}
	if (d->data >= 0 && (uint32_t)d->data != d->ndata) {
		error_at(a, d->line, "DRAW_2D data=%d but %u DATA word%s "
			 "follow", d->data, d->ndata, d->ndata == 1 ? "" : "s");
		return;
	}
	patch(a, d->hdr, d->hdr_word |
	      (d->rects & ETNA_D2D_COUNT_MASK) << ETNA_D2D_COUNT_SHIFT |
	      d->ndata << ETNA_D2D_DATA_SHIFT);
	if (d->ndata & 1)
		emit(a, d->pad);
}

static void rect(struct as *a, char *s)
{
	struct pending_d2d *d = &a->d2d;
	uint32_t v[4];
	char *tok[5];
	int i;

	if (!d->active) {
		error(a, "RECT outside a DRAW_2D");
		return;
	}
	if (d->ndata) {
		error(a, "RECT after the DATA of a DRAW_2D");
		return;
	}
	if (split(s, tok, 4) != 4) {
		error(a, "RECT needs x1,y1 x2,y2");
		return;
	}
	for (i = 0; i < 4; i++) {
		if (!parse_u32(tok[i], &v[i]) || v[i] > 0xffff) {
			error(a, "RECT coordinate '%s' is not a number 0..65535",
			      tok[i]);
			return;
		}
	}
	if (d->rects == ETNA_D2D_MAX_COUNT) {
		error(a, "DRAW_2D: more than %u rectangles", ETNA_D2D_MAX_COUNT);
		return;
	}
	emit(a, v[0] | v[1] << 16);
	emit(a, v[2] | v[3] << 16);
	d->rects++;
}

static void data(struct as *a, char *s)
{
	struct pending_d2d *d = &a->d2d;
	char *tok[64];
	int n, i;

	if (!d->active) {
		error(a, "DATA outside a DRAW_2D");
		return;
	}
	n = split(s, tok, 63);
	if (n > 63 || !n) {
		error(a, n ? "too many words on one DATA line" :
		      "DATA needs a value");
		return;
	}
	for (i = 0; i < n; i++) {
		uint32_t v;

		if (!strncasecmp(tok[i], "pad=", 4) && i == n - 1) {
			if (!parse_u32(tok[i] + 4, &d->pad)) {
				error(a, "bad pad '%s'", tok[i] + 4);
				return;
			}
			if (!(d->ndata & 1)) {
				error(a, "pad= given but an even number of "
				      "DATA words has no pad word");
				return;
			}
			continue;
		}
		if (!parse_u32(tok[i], &v)) {
			error(a, "DATA word '%s' is not a 32-bit number", tok[i]);
			return;
		}
		if (d->ndata == ETNA_D2D_DATA_MASK) {
			error(a, "DRAW_2D: more than %u DATA words",
			      ETNA_D2D_DATA_MASK);
			return;
		}
		emit(a, v);
		d->ndata++;
	}
}

/* ---------------------------------------------------------------------- */
/* Commands with fixed layouts (and the header of DRAW_2D) */

static bool operand_value(struct as *a, const struct etna_opcode *op,
			  const struct etna_operand *o, const char *s,
			  uint32_t *w)
{
	uint32_t v;

	if (o->kind == ETNA_K_ENUM && !looks_numeric(s)) {
		if (!etna_enum_value(o->values, s, &v)) {
			error(a, "%s: bad %s '%s'", op->name, o->name, s);
			return false;
		}
	} else if (!parse_u32(s, &v)) {
		error(a, "%s: %s '%s' is not a number%s", op->name, o->name, s,
		      looks_numeric(s) ? " of 32 bits" : "");
		return false;
	}
	if (!etna_operand_put(o, w, v)) {
		error(a, "%s: %s=%s out of range (%u..%u)", op->name, o->name, s,
		      o->zero_is_max ? 1 : 0, etna_operand_max(o));
		return false;
	}
	return true;
}

/* Whether word @k of @op is padding (no operand lives there). */
static bool is_pad_word(const struct etna_opcode *op, unsigned int k)
{
	unsigned int i;

	if (!k)
		return false;
	if (op->op == ETNA_OP_DRAW_2D)
		return k == 1;
	for (i = 0; i < op->nr_operands; i++)
		if (op->operands[i].word == k ||
		    (op->operands[i].hi_width && op->operands[i].hi_word == k))
			return false;
	return true;
}

/* "pad=V", "unk=V", "unkN=V": raw bits of a padding word or unknown bits. */
static bool raw_bits(struct as *a, const struct etna_opcode *op,
		     const char *key, const char *val, uint32_t *w)
{
	unsigned int words = op->words ? op->words : 2, k = 0;
	uint32_t v, mask;

	if (!strcasecmp(key, "pad")) {
		for (k = 1; k < words && !is_pad_word(op, k); k++)
			;
	} else if (key[3]) {
		char *end;

		k = (unsigned int)strtoul(key + 3, &end, 10);
		if (*end || !isdigit((unsigned char)key[3]) || !k ||
		    is_pad_word(op, k))
			k = words;
	}
	if (k >= words) {
		error(a, "%s has no %s word", op->name, key);
		return false;
	}
	if (!parse_u32(val, &v)) {
		error(a, "%s: bad %s '%s'", op->name, key, val);
		return false;
	}
	mask = is_pad_word(op, k) ? 0 : etna_operand_mask(op, k);
	if (v & mask) {
		error(a, "%s: %s=0x%" PRIx32 " overlaps the known fields "
		      "(0x%08" PRIx32 ")", op->name, key, v, mask);
		return false;
	}
	w[k] |= v;
	return true;
}

/*
 * Parse the operands of @op from @s into the words @w (header opcode set
 * by the caller); @given records which operands were given. Operands are
 * "name=value", a flag's bare name, or positional: the next operand (in
 * table order, flags aside) not given yet.
 */
static bool parse_operands(struct as *a, const struct etna_opcode *op,
			   char *s, uint32_t *w, bool *given)
{
	char *tok[32];
	unsigned int i;
	int n, t;

	n = split(s, tok, 31);
	if (n > 31) {
		error(a, "%s: too many operands", op->name);
		return false;
	}
	for (t = 0; t < n; t++) {
		char *eq = strchr(tok[t], '='), *val = tok[t];
		const struct etna_operand *o;

		if (eq) {
			*eq = '\0';
			val = eq + 1;
			if (!strcasecmp(tok[t], "pad") ||
			    !strncasecmp(tok[t], "unk", 3)) {
				if (!raw_bits(a, op, tok[t], val, w))
					return false;
				continue;
			}
			/* "rects" is another name of DRAW_2D's count */
			if (op->op == ETNA_OP_DRAW_2D &&
			    !strcasecmp(tok[t], "rects"))
				strcpy(tok[t], "count");
			for (i = 0; i < op->nr_operands; i++)
				if (op->operands[i].kind != ETNA_K_FLAG &&
				    !strcasecmp(op->operands[i].name, tok[t]))
					break;
			if (i == op->nr_operands) {
				error(a, "%s has no operand '%s'", op->name,
				      tok[t]);
				return false;
			}
		} else {
			for (i = 0; i < op->nr_operands; i++)
				if (op->operands[i].kind == ETNA_K_FLAG &&
				    !strcasecmp(op->operands[i].name, tok[t]))
					break;
			if (i < op->nr_operands) {
				val = NULL;
			} else {
				for (i = 0; i < op->nr_operands; i++)
					if (!given[i] &&
					    op->operands[i].kind != ETNA_K_FLAG)
						break;
				if (i == op->nr_operands) {
					error(a, "%s: too many operands ('%s')",
					      op->name, tok[t]);
					return false;
				}
			}
		}
		o = &op->operands[i];
		if (given[i]) {
			error(a, "%s: %s given twice", op->name, o->name);
			return false;
		}
		given[i] = true;
		if (!val)
			w[o->word] |= 1u << o->shift;
		else if (!operand_value(a, op, o, val, w))
			return false;
	}
	return true;
}

static void fixed_command(struct as *a, const struct etna_opcode *op,
			  char *s)
{
	uint32_t w[8] = { (uint32_t)op->op << ETNA_OP_SHIFT };
	bool given[8] = { false };
	unsigned int i;

	if (!parse_operands(a, op, s, w, given))
		return;
	for (i = 0; i < op->nr_operands; i++) {
		if (!given[i] && !op->operands[i].optional) {
			error(a, "%s: missing %s", op->name,
			      op->operands[i].name);
			return;
		}
	}
	for (i = 0; i < op->words; i++)
		emit(a, w[i]);
}

static void draw_2d(struct as *a, const struct etna_opcode *op, char *s)
{
	struct pending_d2d *d = &a->d2d;
	uint32_t w[2] = { (uint32_t)op->op << ETNA_OP_SHIFT, 0 };
	bool given[2] = { false };

	if (!parse_operands(a, op, s, w, given))
		return;
	memset(d, 0, sizeof(*d));
	d->active = true;
	d->line = a->line;
	d->hdr = a->len;
	d->count = given[0] ? (int)etna_operand_get(&op->operands[0], w) : -1;
	d->data = given[1] ? (int)etna_operand_get(&op->operands[1], w) : -1;
	d->hdr_word = w[0] & ~(ETNA_D2D_COUNT_MASK << ETNA_D2D_COUNT_SHIFT |
			       ETNA_D2D_DATA_MASK << ETNA_D2D_DATA_SHIFT);
	emit(a, w[0]);
	emit(a, w[1]);
}

/* ---------------------------------------------------------------------- */
/* Directives */

static void directive_word(struct as *a, char *s, bool bytes)
{
	char *tok[64];
	int n, i;

	n = split(s, tok, 63);
	if (!n || n > 63) {
		error(a, "%s needs 1 to 63 values on a line",
		      bytes ? ".byte" : ".word");
		return;
	}
	for (i = 0; i < n; i++) {
		uint32_t v;

		if (!parse_u32(tok[i], &v) || (bytes && v > 0xff)) {
			error(a, "%s value '%s' out of range or not a number",
			      bytes ? ".byte" : ".word", tok[i]);
			return;
		}
		if (bytes)
			emit_byte(a, (uint8_t)v);
		else
			emit(a, v);
	}
}

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
