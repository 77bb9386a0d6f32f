// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, relocations
 *
 * Every address state relocated, and relocations of nothing else: the
 * address-state rule of the walk (etna_validate.c), on the values as the
 * relocations leave them.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include <uapi/drm/etnaviv_drm.h>

#include "etna_regs.h"
#include "etna_test_stream.h"

static void address_2d_needs_reloc(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	at = etna_ts_load1(ts, 0x1228, 0x10000000);
	EXPECT_REFUSED(ts, R_NORELOC);
	etna_ts_reloc(ts, at);
	EXPECT_ACCEPTED(ts);

	/* SRC_ADDRESS and a multi-source block too. */
	at = etna_ts_load1(ts, 0x1200, 0);
	EXPECT_REFUSED(ts, R_NORELOC);
	etna_ts_reloc(ts, at);
	at = etna_ts_load1(ts, 0x12ce0 + 7 * 4, 0);
	EXPECT_REFUSED(ts, R_NORELOC);
	etna_ts_reloc(ts, at);
	EXPECT_ACCEPTED(ts);
}

static void address_3d_needs_reloc(struct kunit *test)
{
	static const u32 addr_states[] = {
		0x0644,			/* FE index stream */
		0x3824,			/* GL occlusion query */
		0x14800 + 63 * 4,	/* last render target of the last pipe */
		0x3868,			/* GL fence out */
		0x14000,		/* BLT source */
		0x140c0 + 12 * 4,	/* BLT: the last MIP address */
	};
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int i, at;

	/* each load goes on the stream, after those already relocated */
	for (i = 0; i < ARRAY_SIZE(addr_states); i++) {
		at = etna_ts_load1(ts, addr_states[i], 0);
		EXPECT_REFUSED(ts, R_NORELOC);
		etna_ts_reloc(ts, at);
		/* the query the occlusion address turns on, off again */
		if (addr_states[i] == ETNA_GL_OCCLUSION_QUERY_ADDR)
			etna_ts_load1(ts, ETNA_GL_OCCLUSION_QUERY_CONTROL, 0);
		EXPECT_ACCEPTED(ts);
	}
}

static void pe_rt_pipe3_range_needs_reloc(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_load1(ts, 0x1540, 0);
	EXPECT_REFUSED(ts, R_NORELOC);

	ts = etna_ts_new(test);
	etna_ts_load1(ts, 0x155c, 0);
	EXPECT_REFUSED(ts, R_NORELOC);
}

static void array_ends_need_reloc(struct kunit *test)
{
	struct etna_tstream *ts;

	/* First and last of FE.VERTEX_STREAMS_BASE_ADDR[8]. */
	ts = etna_ts_new(test);
	etna_ts_load1(ts, 0x0680, 0);
	EXPECT_REFUSED(ts, R_NORELOC);

	ts = etna_ts_new(test);
	etna_ts_load1(ts, 0x069c, 0);
	EXPECT_REFUSED(ts, R_NORELOC);

	/* Its neighbours hold no address. */
	ts = etna_ts_new(test);
	etna_ts_load1(ts, 0x067c, 0);
	etna_ts_load1(ts, 0x06a0, 0);
	EXPECT_ACCEPTED(ts);
}

static void whole_array_relocated_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at, i;

	at = etna_ts_load(ts, 0x0680, 8);
	for (i = 0; i < 7; i++)
		etna_ts_reloc(ts, at + i);
	EXPECT_REFUSED(ts, R_NORELOC);
	etna_ts_reloc(ts, at + 7);
	EXPECT_ACCEPTED(ts);
}

static void array_needs_every_word(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at, plain, i;

	/* one word without, a plain state with one after the array */
	at = etna_ts_load(ts, 0x0680, 8);
	plain = etna_ts_load1(ts, 0x1204, 0);
	for (i = 0; i < 8; i++)
		if (i != 6)
			etna_ts_reloc(ts, at + i);
	etna_ts_reloc(ts, plain);
	EXPECT_REFUSED(ts, R_NORELOC);

	/* one word without, another twice */
	ts = etna_ts_new(test);
	at = etna_ts_load(ts, 0x0680, 8);
	for (i = 0; i < 8; i++) {
		if (i != 6)
			etna_ts_reloc(ts, at + i);
		if (i == 2)
			etna_ts_reloc(ts, at + i);
	}
	EXPECT_REFUSED(ts, R_NORELOC);

	/* every word, one twice */
	ts = etna_ts_new(test);
	at = etna_ts_load(ts, 0x0680, 8);
	for (i = 0; i < 8; i++) {
		etna_ts_reloc(ts, at + i);
		if (i == 2)
			etna_ts_reloc(ts, at + i);
	}
	EXPECT_ACCEPTED(ts);
}

static void third_state_of_load_needs_reloc(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	/* 0x1220, 0x1224, 0x1228 (DEST_ADDRESS), 0x122c */
	at = etna_ts_load(ts, 0x1220, 4);
	EXPECT_REFUSED(ts, R_NORELOC);

	/* A relocation of a neighbour does not cover it, and is refused. */
	etna_ts_reloc(ts, at + 1);
	etna_ts_reloc(ts, at + 3);
	EXPECT_REFUSED(ts, R_NOT_ADDR);

	ts->nr = 0;
	etna_ts_reloc(ts, at + 2);
	EXPECT_ACCEPTED(ts);
}

/*
 * A 2D clear of (0,0)-(8,8) into a 4 KiB buffer at stride 256, and where
 * its words are: the stride's value, a rectangle corner, a NOP's argument,
 * the pad word of a two-state load.
 */
struct clear_words {
	unsigned int stride, corner, nop_arg, pad;
};

static void clear_stream(struct etna_tstream *ts, struct clear_words *cw)
{
	unsigned int at;

	ts->pipe = ETNA_PIPE_2D;
	etna_ts_de_dest(ts, SZ_4K, 0x100, DE_CLEAR32);
	cw->stride = ts->n - 9;		/* etna_ts_de_dest()'s second load */
	at = etna_ts_load(ts, 0x1204, 2);
	cw->pad = at + 2;
	at = etna_ts_cmd(ts, OP_NOP, 2);
	cw->nop_arg = at + 1;
	at = etna_ts_word(ts, D2D_HDR(1, 0));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	cw->corner = etna_ts_word(ts, 0x00080008);
}

/*
 * A relocation of any word but an address state's value is refused: the
 * kernel applies relocations before the walk, so one on a rectangle, a
 * stride, a NOP or a pad word would turn what the walk bounded into a GPU
 * address (a 2 GiB rectangle corner, a stride past the buffer).
 */
static void relocs_off_address_values_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	struct clear_words cw;
	unsigned int words[4], i;

	clear_stream(ts, &cw);
	KUNIT_EXPECT_EQ(test, ts->w[cw.stride], 0x100u);
	EXPECT_ACCEPTED(ts);
	words[0] = cw.stride;
	words[1] = cw.pad;
	words[2] = cw.nop_arg;
	words[3] = cw.corner;
	for (i = 0; i < ARRAY_SIZE(words); i++) {
		ts = etna_ts_new(test);
		clear_stream(ts, &cw);
		/* relocations stay sorted: DEST_ADDRESS's comes first */
		etna_ts_reloc(ts, words[i]);
		EXPECT_REFUSED(ts, R_NOT_ADDR);
	}
}

/*
 * The relocated values are the ones the walk bounds: a rectangle far
 * down a 4 KiB buffer is refused as it is, and stays refused whatever
 * a relocation elsewhere patches in.
 */
static void relocated_values_are_walked(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	ts->pipe = ETNA_PIPE_2D;
	at = etna_ts_load1(ts, ETNA_DE_DEST_ADDRESS, 0);
	etna_ts_reloc_at(ts, at, 0x20000000, SZ_4K);
	etna_ts_load1(ts, ETNA_DE_DEST_STRIDE, 0x100);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 0);
	etna_ts_load1(ts, ETNA_DE_DEST_CONFIG, DE_CLEAR32);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, 0);
	etna_ts_load1(ts, ETNA_DE_CONFIG, 0);
	etna_ts_word(ts, D2D_HDR(1, 0));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	etna_ts_word(ts, XY(64, 16));
	EXPECT_ACCEPTED(ts);
	/* the same rectangle one row taller */
	ts->w[ts->n - 1] = XY(64, 17);
	EXPECT_REFUSED(ts, R_PAST_BO);
}

static void reloc_on_header_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	etna_ts_load1(ts, 0x1204, 0);
	at = etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, R_NOT_ADDR);

	ts = etna_ts_new(test);
	at = etna_ts_load1(ts, 0x1228, 0);
	etna_ts_reloc(ts, at - 1);
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, R_NOT_ADDR);

	/* after a run of commands without payload */
	ts = etna_ts_new(test);
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_cmd(ts, OP_STALL, 2);
	at = etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, R_NOT_ADDR);

	/* after a load that used a relocation */
	ts = etna_ts_new(test);
	at = etna_ts_load1(ts, 0x1228, 0);
	etna_ts_reloc(ts, at);
	etna_ts_cmd(ts, OP_NOP, 2);
	at = etna_ts_cmd(ts, OP_STALL, 2);
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, R_NOT_ADDR);

	/* a draw's header, and its operand */
	ts = etna_ts_new(test);
	at = etna_ts_cmd(ts, OP_DRAW_PRIMITIVES, 4);
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, R_NOT_ADDR);
	ts = etna_ts_new(test);
	at = etna_ts_cmd(ts, OP_DRAW_PRIMITIVES, 4);
	etna_ts_reloc(ts, at + 3);
	EXPECT_REFUSED(ts, R_NOT_ADDR);
}

static void unaligned_reloc_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	at = etna_ts_load1(ts, 0x1228, 0);
	etna_ts_reloc(ts, at);
	ts->relocs[0] -= 2;
	EXPECT_REFUSED(ts, "aligned");
}

static void unsorted_relocs_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int a, b;

	a = etna_ts_load1(ts, 0x1200, 0);
	b = etna_ts_load1(ts, 0x1228, 0);
	etna_ts_reloc(ts, b);
	etna_ts_reloc(ts, a);
	EXPECT_REFUSED(ts, "not sorted");

	/* Non-decreasing is enough: the same word twice is fine. */
	ts->nr = 0;
	etna_ts_reloc(ts, a);
	etna_ts_reloc(ts, a);
	etna_ts_reloc(ts, b);
	EXPECT_ACCEPTED(ts);
}

static void reloc_beyond_end_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_load1(ts, 0x1228, 0);
	/* The last word is fine... */
	etna_ts_reloc(ts, ts->n - 1);
	EXPECT_ACCEPTED(ts);
	/* ...the word after it is not. */
	etna_ts_reloc(ts, ts->n);
	EXPECT_REFUSED(ts, "beyond the end");

	ts->nr = 0;
	ts->relocs[ts->nr++] = 0xfffffffc;
	EXPECT_REFUSED(ts, "beyond the end");
}

static struct kunit_case etna_validate_reloc_cases[] = {
	KUNIT_CASE(address_2d_needs_reloc),
	KUNIT_CASE(address_3d_needs_reloc),
	KUNIT_CASE(pe_rt_pipe3_range_needs_reloc),
	KUNIT_CASE(array_ends_need_reloc),
	KUNIT_CASE(whole_array_relocated_accepted),
	KUNIT_CASE(array_needs_every_word),
	KUNIT_CASE(third_state_of_load_needs_reloc),
	KUNIT_CASE(relocs_off_address_values_refused),
	KUNIT_CASE(relocated_values_are_walked),
	KUNIT_CASE(reloc_on_header_refused),
	KUNIT_CASE(unaligned_reloc_refused),
	KUNIT_CASE(unsorted_relocs_refused),
	KUNIT_CASE(reloc_beyond_end_refused),
	{}
};

static struct kunit_suite etna_validate_reloc_suite = {
	.name = "etnaviv-validate-relocs",
	.test_cases = etna_validate_reloc_cases,
};

kunit_test_suite(etna_validate_reloc_suite);
