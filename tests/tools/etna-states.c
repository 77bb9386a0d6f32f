// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit test of the decoding tables shared by etnaviv-disasm and
 * etnaviv-asm (tools/etna_states.c): the state table is sorted and free of
 * overlaps, every element's name parses back to its address, fields fit
 * their states, the command table is consistent, and a few known facts
 * (addresses of well-known states, command sizes) hold.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etna_states.h"
#include "gc_regs.h"

static unsigned int passed, failed;
static char why[512];

static bool __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return false;
}

static void report(const char *name, bool ok)
{
	if (ok) {
		printf("PASS: states/%s\n", name);
		passed++;
	} else {
		printf("FAIL: states/%s: %s\n", name, why);
		failed++;
	}
}

static uint32_t last_addr(const struct etna_state *s)
{
	uint32_t a = s->addr + (s->count - 1u) * s->stride;

	if (s->count2)
		a += (s->count2 - 1u) * s->stride2;
	return a;
}

/* Sorted by address; no element of one entry falls inside another. */
static bool sorted_no_overlap(void)
{
	unsigned int i, n = etna_nr_states();

	for (i = 0; i < n; i++) {
		const struct etna_state *s = etna_state_at_index(i);

		if (s->addr & 3 || s->stride % 4 || (s->count2 &&
						      s->stride2 % 4))
			return fail("%s: unaligned", s->name);
		if (!s->count || !s->stride)
			return fail("%s: empty", s->name);
		if (last_addr(s) > 0x3fffc)
			return fail("%s: beyond the 18-bit state space",
				    s->name);
		if (i && etna_state_at_index(i - 1)->addr >= s->addr)
			return fail("%s after %s: not sorted", s->name,
				    etna_state_at_index(i - 1)->name);
		/* the lookups must stop at the right entry */
		if (i && last_addr(etna_state_at_index(i - 1)) >= s->addr)
			return fail("%s overlaps %s", s->name,
				    etna_state_at_index(i - 1)->name);
	}
	return n > 300 ? true : fail("only %u states", n);
}

/* Every element: address -> name -> address, and the name is unique. */
static bool names_round_trip(void)
{
	unsigned int k, n = etna_nr_states(), elems = 0;

	for (k = 0; k < n; k++) {
		const struct etna_state *s = etna_state_at_index(k);
		unsigned int i, j, nj = s->count2 ? s->count2 : 1;

		for (i = 0; i < s->count; i++) {
			for (j = 0; j < nj; j++) {
				uint32_t a = s->addr + i * s->stride +
					     j * s->stride2, back;
				char name[80];

				if (!etna_state_name(a, name, sizeof(name)))
					return fail("0x%x (%s) has no name", a,
						    s->name);
				if (!etna_state_lookup(name, &back) ||
				    back != a)
					return fail("%s: 0x%x -> 0x%x", name, a,
						    back);
				elems++;
			}
		}
		for (i = 0; i < k; i++)
			if (!strcmp(etna_state_at_index(i)->name, s->name))
				return fail("%s twice", s->name);
	}
	return elems > 20000 ? true : fail("only %u elements", elems);
}

/* Addresses between and around entries have no name. */
static bool holes_unnamed(void)
{
	static const uint32_t holes[] = {
		0x0054, 0x0098, 0x0200, 0x07c0, 0x1258, 0x1324, 0x1438,
		0x2430, 0x2434, 0x10838, 0x1403c + 0x8000, 0x3fff8, 0x40000,
		0x1202,
	};
	unsigned int i;
	char name[80];

	for (i = 0; i < ETNA_ARRAY_SIZE(holes); i++)
		if (etna_state_name(holes[i], name, sizeof(name)))
			return fail("0x%x is named %s", holes[i], name);
	return true;
}

/* Known facts (hw/gc.db, the ring protocol and libdrm's 2D test). */
static bool known_states(void)
{
	static const struct { uint32_t addr; const char *name; } known[] = {
		{ ST_MMUV2_SAFE_ADDRESS, "MMUv2_SAFE_ADDRESS" },
		{ ST_MMUV2_CONFIGURATION, "MMUv2_CONFIGURATION" },
		{ ST_MMUV2_PTA_CONFIG, "MMUv2_PTA_CONFIG" },
		{ ST_FE_COMMAND_ADDRESS, "FE_COMMAND_ADDRESS" },
		{ ST_FE_AUTO_FLUSH, "FE_AUTO_FLUSH" },
		{ ST_DE_SRC_ADDR, "DE_SRC_ADDRESS" },
		{ ST_DE_DEST_ADDR, "DE_DEST_ADDRESS" },
		{ ST_DE_DEST_CONFIG, "DE_DEST_CONFIG" },
		{ ST_DE_ROP, "DE_ROP" },
		{ ST_DE_CLEAR_PIXEL32, "DE_CLEAR_PIXEL_VALUE32" },
		{ ST_DE_PE_DITHER_HIGH, "DE_PE_DITHER_HIGH" },
		{ ST_DE_TILE_CONFIG, "DE_TILE_CONFIG" },
		{ ST_RS_SOURCE_ADDR, "RS_SOURCE_ADDR" },
		{ ST_TS_FLUSH_CACHE, "TS_FLUSH_CACHE" },
		{ ST_GL_PIPE_SELECT, "GL_PIPE_SELECT" },
		{ ST_GL_EVENT, "GL_EVENT" },
		{ ST_GL_SEMAPHORE, "GL_SEMAPHORE_TOKEN" },
		{ ST_GL_FLUSH_CACHE, "GL_FLUSH_CACHE" },
		{ ST_GL_FLUSH_MMU, "GL_FLUSH_MMU" },
		{ ST_GL_STALL_TOKEN, "GL_STALL_TOKEN" },
		{ ST_VS_INST_MEM(1), "VS_INST_MEM[1]" },
		{ ST_SH_INST_MEM(0), "SH_INST_MEM[0]" },
		{ ST_DE_FILTER_KERNEL(76), "DE_FILTER_KERNEL[76]" },
		{ ST_DE_BLOCK4_SRC_ADDRESS(1), "DE_BLOCK4_SRC_ADDRESS[1]" },
		{ ST_DE_BLOCK8_SRC_ADDRESS(7), "DE_BLOCK8_SRC_ADDRESS[7]" },
		{ ST_BLT_SET_COMMAND, "BLT_SET_COMMAND" },
		{ ST_BLT_ENABLE, "BLT_ENABLE" },
		{ ST_TE_SAMPLER_LOD_ADDR(3, 5), "TE_SAMPLER_LOD_ADDR[3][5]" },
		{ ST_NTE_SAMPLER_ADDR_LOD(31, 13),
		  "NTE_SAMPLER_ADDR_LOD[31][13]" },
		{ ST_DUMMY, "DUMMY" },
	};
	unsigned int i;
	uint32_t a;
	char name[80];

	for (i = 0; i < ETNA_ARRAY_SIZE(known); i++) {
		if (!etna_state_name(known[i].addr, name, sizeof(name)) ||
		    strcmp(name, known[i].name))
			return fail("0x%x: '%s', expected %s", known[i].addr,
				    name, known[i].name);
	}
	if (!etna_state_lookup("gl_flush_cache", &a) || a != ST_GL_FLUSH_CACHE)
		return fail("lookup is not case-insensitive");
	if (etna_state_lookup("VS_INST_MEM[1024]", &a) ||
	    etna_state_lookup("VS_INST_MEM", &a) ||
	    etna_state_lookup("GL_EVENT[0]", &a) ||
	    etna_state_lookup("TE_SAMPLER_LOD_ADDR[0]", &a) ||
	    etna_state_lookup("GL_EVENTS", &a))
		return fail("a bad name was accepted");
	return true;
}

/* Fields lie inside 32 bits and do not overlap within a state. */
static bool fields_consistent(void)
{
	unsigned int k, n = etna_nr_states();

	for (k = 0; k < n; k++) {
		const struct etna_state *s = etna_state_at_index(k);
		const struct etna_field *f;
		uint64_t seen = 0;

		for (f = s->fields; f && f->name; f++) {
			uint64_t m = ((1ull << f->width) - 1) << f->shift;

			if (!f->width || f->shift + f->width > 32)
				return fail("%s.%s: bits", s->name, f->name);
			if (m & seen)
				return fail("%s.%s overlaps", s->name, f->name);
			if (f->values && !f->values->names[0] &&
			    f->values->count == 1)
				return fail("%s.%s: empty enum", s->name,
					    f->name);
			seen |= m;
		}
	}
	return true;
}

static bool describe_and_terms(void)
{
	char buf[256], err[128];
	uint32_t v, w;

	etna_state_describe(0x380c, 0x3, buf, sizeof(buf));
	if (strcmp(buf, "DEPTH COLOR"))
		return fail("FLUSH_CACHE 3: '%s'", buf);
	etna_state_describe(0x1234, 0x6, buf, sizeof(buf));
	if (strcmp(buf, "FORMAT=A8R8G8B8 COMMAND=CLEAR"))
		return fail("DEST_CONFIG 6: '%s'", buf);
	etna_state_describe(0x3800, 0x1, buf, sizeof(buf));
	if (strcmp(buf, "PIPE=2D"))
		return fail("PIPE_SELECT 1: '%s'", buf);
	etna_state_describe(0x3808, 0x701, buf, sizeof(buf));
	if (strcmp(buf, "FROM=FE TO=PE"))
		return fail("SEMAPHORE 0x701: '%s'", buf);
	etna_state_describe(0x3804, 0x80000045, buf, sizeof(buf));
	if (strcmp(buf, "EVENT_ID=5 FROM_PE unknown=0x80000000"))
		return fail("EVENT: '%s'", buf);
	etna_state_describe(0x0a00, 0x3fc00000, buf, sizeof(buf));
	if (strcmp(buf, "1.5"))
		return fail("float state: '%s'", buf);
	etna_state_describe(0x1204, 0x400, buf, sizeof(buf));
	if (strcmp(buf, "STRIDE=1024"))
		return fail("stride: '%s'", buf);

	if (!etna_state_value_term(0x380c, "PE2D", &v, err, sizeof(err)) ||
	    v != 8)
		return fail("PE2D: %s", err);
	if (!etna_state_value_term(0x1234, "command=bit_blt", &v, err,
				   sizeof(err)) || v != 0x2000)
		return fail("COMMAND=BIT_BLT: %s", err);
	if (!etna_state_value_term(0x1234, "FORMAT=5", &v, err, sizeof(err)) ||
	    v != 5)
		return fail("FORMAT=5: %s", err);
	if (etna_state_value_term(0x1234, "FORMAT=32", &w, err, sizeof(err)) ||
	    !strstr(err, "out of range"))
		return fail("FORMAT=32 accepted (%s)", err);
	if (etna_state_value_term(0x1234, "FORMAT", &w, err, sizeof(err)))
		return fail("a multi-bit field without value was accepted");
	if (etna_state_value_term(0x1234, "NOSUCH", &w, err, sizeof(err)))
		return fail("an unknown field was accepted");
	if (etna_state_value_term(0x1200, "X", &w, err, sizeof(err)))
		return fail("a field of a state without fields was accepted");
	return true;
}

/* The command table: unique numbers and names, sane operand layouts. */
static bool opcodes_consistent(void)
{
	unsigned int i, k, n = etna_nr_opcodes();

	for (i = 0; i < n; i++) {
		const struct etna_opcode *op = etna_opcode_at(i);
		unsigned int pads = 0, w;

		if (etna_opcode_by_op(op->op) != op ||
		    etna_opcode_by_name(op->name) != op)
			return fail("%s: lookup", op->name);
		if (op->words % 2)
			return fail("%s: odd size", op->name);
		for (k = 0; k < op->nr_operands; k++) {
			const struct etna_operand *o = &op->operands[k];
			unsigned int last = op->words ? op->words : 2;

			if (o->word >= last || o->shift + o->width > 32 ||
			    (o->hi_width && (o->hi_word >= last ||
					     o->hi_shift + o->hi_width > 32)))
				return fail("%s.%s: layout", op->name, o->name);
			if (o->word == 0 && o->shift + o->width > 27)
				return fail("%s.%s overlaps the opcode",
					    op->name, o->name);
		}
		for (w = 1; w < op->words; w++) {
			bool used = false;

			for (k = 0; k < op->nr_operands; k++)
				used |= op->operands[k].word == w ||
					(op->operands[k].hi_width &&
					 op->operands[k].hi_word == w);
			pads += !used;
		}
		if (pads > 1)
			return fail("%s: %u padding words", op->name, pads);
	}
	return n == 16 ? true : fail("%u opcodes", n);
}

static bool command_sizes(void)
{
	static const struct { uint32_t hdr; unsigned int words; } c[] = {
		{ ETNA_CMD_LOAD_STATE(ST_GL_FLUSH_CACHE, 1), 2 },
		{ ETNA_CMD_LOAD_STATE(ST_DE_SRC_ADDR, 2), 4 },	/* + pad */
		{ ETNA_CMD_LOAD_STATE(ST_DE_SRC_ADDR, 3), 4 },
		/* COUNT 0: 1024 states + pad */
		{ ETNA_CMD_LOAD_STATE(ST_DE_SRC_ADDR, 0), 1026 },
		{ ETNA_CMD_LOAD_STATE(ST_DE_SRC_ADDR, 1023), 1024 },
		{ ETNA_CMD_END, 2 },
		{ ETNA_CMD_NOP, 2 },
		{ ETNA_CMD_DRAW_2D(1, 0), 4 },
		{ ETNA_CMD_DRAW_2D(0, 0), 514 },	/* COUNT 0: 256 rects */
		{ ETNA_CMD_DRAW_2D(2, 3), 10 },	/* 3 data words + pad */
		{ ETNA_CMD_DRAW_PRIMITIVES, 4 },
		{ ETNA_CMD_DRAW_INDEXED_PRIMITIVES, 6 },
		{ ETNA_CMD_WAIT(200), 2 },
		{ ETNA_CMD_LINK(2), 2 },
		{ ETNA_CMD_STALL, 2 },
		{ ETNA_CMD_CALL(0), 4 },
		{ ETNA_CMD_RETURN, 2 },
		{ ETNA_CMD_DRAW_INSTANCED, 4 },
		{ ETNA_CMD_CHIP_SELECT(1), 2 },
		{ ETNA_CMD_WAIT_FENCE, 2 },
		{ ETNA_CMD_DRAW_INDIRECT, 2 },
		{ ETNA_CMD_SNAP_PAGES, 2 },
	};
	unsigned int i;

	for (i = 0; i < ETNA_ARRAY_SIZE(c); i++)
		if (etna_cmd_words(c[i].hdr) != c[i].words)
			return fail("0x%08x: %u words, expected %u", c[i].hdr,
				    etna_cmd_words(c[i].hdr), c[i].words);
	if (etna_opcode_by_op(0) || etna_opcode_by_op(14) ||
	    etna_opcode_by_op(17) || etna_opcode_by_op(31))
		return fail("an unknown opcode has an entry");
	return true;
}

static bool operands_put_get(void)
{
	const struct etna_opcode *op = etna_opcode_by_name("DRAW_INSTANCED");
	const struct etna_opcode *d2d = etna_opcode_by_name("draw_2d");
	const struct etna_operand *inst = NULL;
	uint32_t w[4] = { 0 };
	unsigned int i;

	for (i = 0; op && i < op->nr_operands; i++)
		if (!strcmp(op->operands[i].name, "instances"))
			inst = &op->operands[i];
	if (!inst || !d2d)
		return fail("operands missing");
	/* split field: 16 bits in the header, 8 in word 1 */
	if (!etna_operand_put(inst, w, 0xabcdef) || w[0] != 0xcdef ||
	    w[1] != 0xab000000 || etna_operand_get(inst, w) != 0xabcdef)
		return fail("instances: 0x%x 0x%x", w[0], w[1]);
	if (etna_operand_put(inst, w, 0x1000000))
		return fail("a 25-bit instance count was accepted");
	/* DRAW_2D count: 256 is encoded as 0, 0 is refused */
	w[0] = 0;
	if (!etna_operand_put(&d2d->operands[0], w, 256) || w[0] ||
	    etna_operand_get(&d2d->operands[0], w) != 256)
		return fail("count 256: 0x%x", w[0]);
	if (etna_operand_put(&d2d->operands[0], w, 0) ||
	    etna_operand_put(&d2d->operands[0], w, 257))
		return fail("count 0 or 257 accepted");
	if (etna_operand_mask(d2d, 0) != 0xffffff00u)
		return fail("DRAW_2D header mask 0x%08x",
			    etna_operand_mask(d2d, 0));
	return true;
}

int main(void)
{
	report("sorted-no-overlap", sorted_no_overlap());
	report("names-round-trip", names_round_trip());
	report("holes-unnamed", holes_unnamed());
	report("known-states", known_states());
	report("fields", fields_consistent());
	report("describe-and-terms", describe_and_terms());
	report("opcodes", opcodes_consistent());
	report("command-sizes", command_sizes());
	report("operands", operands_put_get());
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
