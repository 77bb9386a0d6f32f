// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-asm: the encoding of each command: LOAD_STATE, DRAW_2D with its
 * RECT and DATA lines, the commands of fixed layout and the .word and
 * .byte directives.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etnaviv_asm.h"

/* ---------------------------------------------------------------------- */
/* LOAD_STATE */

void finish_load_state(struct as *a)
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
void load_state_values(struct as *a, char *s)
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

void load_state(struct as *a, char *s)
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

void finish_draw_2d(struct as *a)
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

void rect(struct as *a, char *s)
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

void data(struct as *a, char *s)
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
	if (!k)
		return false;
	if (op->op == ETNA_OP_DRAW_2D)
		return k == 1;
	return !etna_opcode_uses_word(op, k);
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

void fixed_command(struct as *a, const struct etna_opcode *op,
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

void draw_2d(struct as *a, const struct etna_opcode *op, char *s)
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

void directive_word(struct as *a, char *s, bool bytes)
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
