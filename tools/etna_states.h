/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Decoding tables of the Vivante GC front end (FE), shared by
 * etnaviv-disasm and etnaviv-asm: the command opcodes with the layout of
 * their words, and the names of the states LOAD_STATE writes, with the
 * bit fields of the well-known ones.
 *
 * Offsets, bit positions and names are hardware facts, taken from
 * /work/shared/reference/vivante-hw.md and from the etna_viv rules-ng
 * database (rnndb cmdstream.xml, state.xml, state_hi.xml, state_2d.xml,
 * state_3d.xml, state_blt.xml) as also found in Linux 6.1's generated
 * *.xml.h headers.
 */
#ifndef ETNA_STATES_H
#define ETNA_STATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ETNA_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Opcode of a command: bits 31:27 of its first (header) word. */
#define ETNA_OP_SHIFT		27
#define ETNA_OP(w)		((w) >> ETNA_OP_SHIFT)

enum etna_opcode_nr {
	ETNA_OP_LOAD_STATE = 1,
	ETNA_OP_END = 2,
	ETNA_OP_NOP = 3,
	ETNA_OP_DRAW_2D = 4,
	ETNA_OP_DRAW_PRIMITIVES = 5,
	ETNA_OP_DRAW_INDEXED_PRIMITIVES = 6,
	ETNA_OP_WAIT = 7,
	ETNA_OP_LINK = 8,
	ETNA_OP_STALL = 9,
	ETNA_OP_CALL = 10,
	ETNA_OP_RETURN = 11,
	ETNA_OP_DRAW_INSTANCED = 12,
	ETNA_OP_CHIP_SELECT = 13,
	ETNA_OP_WAIT_FENCE = 15,
	ETNA_OP_DRAW_INDIRECT = 16,
	ETNA_OP_SNAP_PAGES = 19,
};

/* LOAD_STATE header: FIXP b26, COUNT b25:16 (0 = 1024), OFFSET b15:0. */
#define ETNA_LS_FIXP		(1u << 26)
#define ETNA_LS_COUNT_SHIFT	16
#define ETNA_LS_COUNT_MASK	0x3ffu
#define ETNA_LS_MAX_COUNT	1024u
#define ETNA_LS_OFFSET_MASK	0xffffu

/* DRAW_2D header: DATA_COUNT b26:16, COUNT b15:8 (0 = 256 rectangles). */
#define ETNA_D2D_COUNT_SHIFT	8
#define ETNA_D2D_COUNT_MASK	0xffu
#define ETNA_D2D_MAX_COUNT	256u
#define ETNA_D2D_DATA_SHIFT	16
#define ETNA_D2D_DATA_MASK	0x7ffu

/**
 * struct etna_enum - names of the values of a field
 * @names: name of each value, indexed by value; NULL for a value without one
 * @count: number of entries in @names
 */
struct etna_enum {
	const char *const *names;
	unsigned int count;
};

/**
 * struct etna_field - a bit field of a state or of a command word
 * @name: field name (upper case)
 * @shift: position of the lowest bit
 * @width: number of bits
 * @values: names of the values, or NULL to print the value as a number
 * @hex: print the value in hexadecimal (masks, truth tables, addresses)
 *       rather than decimal
 * @quiet: leave the field out of a description when it is zero (the
 *         default of a rarely used field)
 */
struct etna_field {
	const char *name;
	uint8_t shift;
	uint8_t width;
	const struct etna_enum *values;
	bool hex;
	bool quiet;
};

/** enum etna_state_type - how a state's value is shown in a comment */
enum etna_state_type {
	ETNA_T_HEX,	/* fields only, if any */
	ETNA_T_ADDR,	/* a GPU address (relocated by the kernel) */
	ETNA_T_FLOAT,	/* an IEEE 754 single */
};

/**
 * struct etna_state - one state, or an array of states, of the FE's address
 * space (byte addresses; LOAD_STATE carries address >> 2)
 * @addr: byte address of element [0] ([0][0])
 * @name: name, "BLOCK_NAME"
 * @count: number of elements of the first index, 1 for a single state
 * @stride: bytes between elements of the first index
 * @count2: number of elements of the second index, 0 for none
 * @stride2: bytes between elements of the second index
 * @type: enum etna_state_type
 * @fields: bit fields, terminated by an entry with a NULL name; or NULL
 */
struct etna_state {
	uint32_t addr;
	const char *name;
	uint16_t count;
	uint16_t stride;
	uint16_t count2;
	uint16_t stride2;
	uint8_t type;
	const struct etna_field *fields;
};

/** enum etna_operand_kind - how a command operand is written */
enum etna_operand_kind {
	ETNA_K_DEC,	/* decimal number */
	ETNA_K_HEX,	/* hexadecimal number (addresses, masks) */
	ETNA_K_FLAG,	/* one bit, written as its bare name when set */
	ETNA_K_ENUM,	/* symbolic value (or a number) */
};

/**
 * struct etna_operand - an operand of a command (a field of one of its
 * words, possibly continued by a high part in another word)
 * @name: lower-case name, used as "name=value"
 * @word: index of the word holding the field (0 = header)
 * @shift: position of the field's lowest bit
 * @width: width of the field
 * @kind: enum etna_operand_kind
 * @optional: omitted from the disassembly when zero
 * @zero_is_max: the value 2^@width is encoded as 0 (counts)
 * @values: names of values (ETNA_K_ENUM)
 * @hi_word: word holding the high part, if @hi_width is not zero
 * @hi_shift: position of the high part
 * @hi_width: width of the high part (0: none)
 */
struct etna_operand {
	const char *name;
	uint8_t word;
	uint8_t shift;
	uint8_t width;
	uint8_t kind;
	bool optional;
	bool zero_is_max;
	const struct etna_enum *values;
	uint8_t hi_word;
	uint8_t hi_shift;
	uint8_t hi_width;
};

/**
 * struct etna_opcode - a command of the FE
 * @op: opcode (header bits 31:27)
 * @name: mnemonic
 * @words: size in 32-bit words, header and padding included; 0 for the
 *         variable-size LOAD_STATE and DRAW_2D
 * @operands: the operands, in their positional order
 * @nr_operands: number of @operands
 */
struct etna_opcode {
	uint8_t op;
	const char *name;
	uint8_t words;
	const struct etna_operand *operands;
	uint8_t nr_operands;
};

/* The command table; lookups return NULL for an unknown opcode or name. */
const struct etna_opcode *etna_opcode_by_op(unsigned int op);
const struct etna_opcode *etna_opcode_by_name(const char *name);
unsigned int etna_nr_opcodes(void);
const struct etna_opcode *etna_opcode_at(unsigned int i);

/*
 * etna_cmd_words() - size in words of the command whose header is @hdr,
 * padding to 64 bits included.
 */
unsigned int etna_cmd_words(uint32_t hdr);

/* Mask of the bits of word @word of @op that its operands (and, in the
 * header, the opcode) cover. */
uint32_t etna_operand_mask(const struct etna_opcode *op, unsigned int word);

/* Value of an operand in the command words @w. */
uint32_t etna_operand_get(const struct etna_operand *o, const uint32_t *w);
/* Store @v into the words @w; returns false if @v does not fit. */
bool etna_operand_put(const struct etna_operand *o, uint32_t *w, uint32_t v);
/* Largest value of an operand. */
uint32_t etna_operand_max(const struct etna_operand *o);

/* The state table, sorted by address, without overlaps. */
unsigned int etna_nr_states(void);
const struct etna_state *etna_state_at_index(unsigned int i);

/*
 * etna_state_find() - the state (or array) containing byte address @addr,
 * with the indices of @addr in it; NULL if @addr has no name.
 */
const struct etna_state *etna_state_find(uint32_t addr, unsigned int *i,
					 unsigned int *j);

/*
 * etna_state_name() - write the name of byte address @addr ("NAME",
 * "NAME[i]" or "NAME[i][j]") to @buf; returns false (and writes nothing)
 * if the address has no name.
 */
bool etna_state_name(uint32_t addr, char *buf, size_t size);

/*
 * etna_state_lookup() - parse a state name as etna_state_name() writes it
 * (case-insensitive); returns false if it names no state.
 */
bool etna_state_lookup(const char *name, uint32_t *addr);

/*
 * etna_append() - format into @buf (of @size bytes) at offset *@len and
 * advance *@len; output past the end is cut, @buf stays NUL-terminated.
 */
void etna_append(char *buf, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * etna_state_describe() - write a short decoding of @value written to
 * state @addr (its fields, or its value as a float) to @buf; writes an
 * empty string if there is nothing to say.
 */
void etna_state_describe(uint32_t addr, uint32_t value, char *buf,
			 size_t size);

/*
 * etna_state_value_term() - the value of a symbolic term of a value of
 * state @addr: "FLAG" (a one-bit field) or "FIELD=VALUE" (VALUE a name of
 * the field's values or a number), in the field's position. Returns false
 * with a message in @err if the term is not valid for this state.
 */
bool etna_state_value_term(uint32_t addr, const char *term, uint32_t *value,
			   char *err, size_t errsize);

/* Name of value @v in @e, or NULL. */
const char *etna_enum_name(const struct etna_enum *e, uint32_t v);
/* Value named @name in @e (case-insensitive); false if none. */
bool etna_enum_value(const struct etna_enum *e, const char *name,
		     uint32_t *v);

#endif /* ETNA_STATES_H */
