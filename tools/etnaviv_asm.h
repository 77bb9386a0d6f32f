/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etnaviv-asm's parts: the state of one assembly run and its output
 * (etnaviv_asm_parse.c, with the parsing of numbers, states and values)
 * and the encoding of each command (etnaviv_asm_cmd.c); etnaviv-asm.c
 * reads the lines and dispatches them.
 */
#ifndef ETNAVIV_ASM_H
#define ETNAVIV_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

void __attribute__((format(printf, 3, 4)))
error_at(struct as *a, unsigned int line, const char *fmt, ...);

#define error(a, ...)	error_at(a, (a)->line, __VA_ARGS__)

/* The output (etnaviv_asm_parse.c) */
void *xrealloc(void *p, size_t n);
void emit_byte(struct as *a, uint8_t b);
void emit(struct as *a, uint32_t w);
void patch(struct as *a, size_t off, uint32_t w);
uint32_t word_at(const struct as *a, size_t off);

/* Parsing (etnaviv_asm_parse.c) */
char *trim(char *s);
bool parse_u32(const char *s, uint32_t *v);
bool looks_numeric(const char *s);
int split(char *s, char **tok, int max);
bool parse_state(struct as *a, char *s, uint32_t *addr, bool any);
bool parse_value(struct as *a, char *s, uint32_t state, bool fixp,
		 uint32_t *value);

/* The commands (etnaviv_asm_cmd.c) */
void finish_load_state(struct as *a);
void load_state_values(struct as *a, char *s);
void load_state(struct as *a, char *s);
void finish_draw_2d(struct as *a);
void rect(struct as *a, char *s);
void data(struct as *a, char *s);
void fixed_command(struct as *a, const struct etna_opcode *op, char *s);
void draw_2d(struct as *a, const struct etna_opcode *op, char *s);
void directive_word(struct as *a, char *s, bool bytes);

#endif /* ETNAVIV_ASM_H */
