// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-asm: the output buffer, error reports and the parsing of
 * numbers, tokens, state names and state values.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etnaviv_asm.h"

void error_at(struct as *a, unsigned int line, const char *fmt, ...)
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

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("etnaviv-asm");
		exit(2);
	}
	return p;
}

void emit_byte(struct as *a, uint8_t b)
{
	if (a->len == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 4096;
		a->buf = xrealloc(a->buf, a->cap);
	}
	a->buf[a->len++] = b;
}

void emit(struct as *a, uint32_t w)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		emit_byte(a, (uint8_t)(w >> (8 * i)));
}

void patch(struct as *a, size_t off, uint32_t w)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		a->buf[off + i] = (uint8_t)(w >> (8 * i));
}

uint32_t word_at(const struct as *a, size_t off)
{
	return a->buf[off] | (uint32_t)a->buf[off + 1] << 8 |
	       (uint32_t)a->buf[off + 2] << 16 | (uint32_t)a->buf[off + 3] << 24;
}

/* ---------------------------------------------------------------------- */
/* Small parsing helpers */

char *trim(char *s)
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
bool parse_u32(const char *s, uint32_t *v)
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
bool looks_numeric(const char *s)
{
	return isdigit((unsigned char)*s);
}

/*
 * Split s in place into tokens separated by commas and blanks; returns the
 * number of tokens (at most max).
 */
int split(char *s, char **tok, int max)
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
bool parse_state(struct as *a, char *s, uint32_t *addr, bool any)
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
bool parse_value(struct as *a, char *s, uint32_t state, bool fixp,
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
