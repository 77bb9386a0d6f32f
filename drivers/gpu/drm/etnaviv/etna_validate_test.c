// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator
 *
 * The command-stream validator (etna_validate.c) on the streams user space
 * sends. Each case builds a stream with the writer of etna_test_stream.c,
 * the way user space would, and checks both the verdict and, for
 * refusals, the reason given.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include <uapi/drm/etnaviv_drm.h>

#include "etna_regs.h"
#include "etna_test_stream.h"

/* DE_DEST_CONFIG of a clear, blit, stretch or line of 32-bit pixels */
#define DE_CLEAR32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_CLEAR))
#define DE_BLIT32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_BIT_BLT))
#define DE_STRETCH32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_STRETCH_BLT))
#define DE_LINE32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_LINE))
/* SRC_CONFIG of a 32-bit source in memory: both format fields */
#define DE_SRC32	(ETNA_DE_FMT_A8R8G8B8 << 24 | ETNA_DE_FMT_A8R8G8B8)
/* ROP3 SRCCOPY (S), and PATCOPY (P) */
#define DE_ROP_COPY	(ETNA_DE_ROP_TYPE_SET(2) | 0xcccc)
#define DE_ROP_PAT	(ETNA_DE_ROP_TYPE_SET(2) | 0xf0f0)

#define XY(x, y)	((u32)(y) << 16 | (x))
#include "etna_validate.h"

/*
 * The stream of libdrm's etnaviv_2d_test: 35 single-state loads into the DE
 * with DEST_ADDRESS relocated, DRAW_2D with COUNT 0 (256 rectangles), three
 * dummy loads to state 0 and a PE2D cache flush. 592 words.
 */
static void build_libdrm_2d(struct etna_tstream *ts, bool reloc)
{
	static const u16 de_states[] = {
		0x1204, 0x1208, 0x120c, 0x1210, 0x1214, 0x1218, 0x121c,
		0x1220, 0x1224, 0x1228, 0x122c, 0x1230, 0x1234, 0x125c,
		0x1260, 0x1264, 0x126c, 0x1278, 0x127c, 0x1280, 0x12b4,
		0x12b8, 0x12bc, 0x12c0, 0x1268, 0x1270, 0x1274, 0x12c4,
		0x12c8, 0x12cc, 0x12d0, 0x12d4, 0x12d8, 0x12e8, 0x12ec,
	};
	unsigned int i, at;

	for (i = 0; i < ARRAY_SIZE(de_states); i++) {
		at = etna_ts_load1(ts, de_states[i], 0);
		if (de_states[i] == 0x1228 && reloc)
			etna_ts_reloc(ts, at);
	}
	etna_ts_word(ts, D2D_HDR(0, 0));
	etna_ts_word(ts, 0);
	for (i = 0; i < 256; i++) {
		u32 x = 8 * (i % 16), y = 8 * (i / 16);

		etna_ts_word(ts, y << 16 | x);
		etna_ts_word(ts, (y + 4) << 16 | (x + 4));
	}
	for (i = 0; i < 3; i++)
		etna_ts_load1(ts, 0x0000, 0);
	etna_ts_load1(ts, 0x380c, 0x8);
}

static void libdrm_2d_stream_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	build_libdrm_2d(ts, true);
	KUNIT_EXPECT_EQ(test, ts->n, 592u);
	KUNIT_EXPECT_EQ(test, ts->nr, 1u);
	KUNIT_EXPECT_EQ(test, ts->relocs[0], 0x4cu);
	EXPECT_ACCEPTED(ts);
}

static void libdrm_2d_stream_without_reloc_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	build_libdrm_2d(ts, false);
	EXPECT_REFUSED(ts, R_NORELOC);
}

static void empty_stream_accepted(struct kunit *test)
{
	static const u32 nothing[2];
	struct etna_stream s = { .stream = nothing, .addr_relocs = true };
	const char *why = NULL;

	KUNIT_EXPECT_EQ(test, etna_validate_stream(&s, &why), 0);
	KUNIT_EXPECT_NULL(test, why);
}

static void empty_stream_with_reloc_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_reloc(ts, 0);
	EXPECT_REFUSED(ts, "beyond the end");
}

/*
 * Every control-flow command, CHIP_SELECT and some opcodes nobody defined.
 * One loop rather than a parameterised case: KUnit 6.1 keeps only the last
 * parameter's log in debugfs, which would hide which opcode failed.
 */
static void forbidden_opcodes_refused(struct kunit *test)
{
	static const struct {
		unsigned int op;
		const char *name;
	} ops[] = {
		{ 0, "opcode 0" }, { OP_END, "END" }, { OP_WAIT, "WAIT" },
		{ OP_LINK, "LINK" }, { OP_CALL, "CALL" },
		{ OP_RETURN, "RETURN" }, { OP_CHIP_SELECT, "CHIP_SELECT" },
		{ 14, "opcode 14" }, { 15, "WAIT_FENCE" },
		{ 16, "DRAW_INDIRECT" }, { 19, "SNAP_PAGES" },
		{ 31, "opcode 31" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		struct etna_tstream *ts = etna_ts_new(test);
		const char *why = NULL;
		int ret;

		etna_ts_cmd(ts, OP_NOP, 2);
		etna_ts_cmd(ts, ops[i].op, 2);
		/* Valid commands after it, so length is not the reason. */
		etna_ts_cmd(ts, OP_NOP, 2);
		etna_ts_cmd(ts, OP_NOP, 2);
		etna_ts_cmd(ts, OP_NOP, 2);
		ret = etna_ts_run(ts, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", ops[i].name);
		if (ret)
			KUNIT_EXPECT_TRUE_MSG(test, why && strstr(why, R_OPCODE),
					      "%s: %s", ops[i].name,
					      why ? why : "(no reason)");
	}
}

static void permitted_commands_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	ts->pipe = ETNA_PIPE_2D;
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_cmd(ts, OP_STALL, 2);
	etna_ts_load1(ts, 0x3800, 1);
	etna_ts_de_dest(ts, TS_ROOM, 0x100, DE_CLEAR32);
	etna_ts_word(ts, D2D_HDR(1, 0));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0x00100010);
	etna_ts_cmd(ts, OP_DRAW_PRIMITIVES, 4);
	etna_ts_cmd(ts, OP_DRAW_INDEXED, 6);
	etna_ts_cmd(ts, OP_DRAW_INSTANCED, 4);
	etna_ts_load(ts, 0x0600, 5);
	EXPECT_ACCEPTED(ts);
}

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

/* Each word of a run of address states, not just as many relocations. */
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

static void load_state_overrun_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	/* COUNT 3 needs 4 words; give it 3. */
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_word(ts, LS_HDR(0x1204, 3));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	EXPECT_REFUSED(ts, R_OVERRUN);

	/* COUNT 2 needs its pad word too. */
	ts = etna_ts_new(test);
	etna_ts_word(ts, LS_HDR(0x1204, 2));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	EXPECT_REFUSED(ts, R_OVERRUN);
	etna_ts_word(ts, 0);
	EXPECT_ACCEPTED(ts);
}

static void draw_2d_overrun_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int i;

	/* COUNT 0 is 256 rectangles; provide 255. */
	etna_ts_de_dest(ts, TS_ROOM, 0x100, DE_CLEAR32);
	etna_ts_word(ts, D2D_HDR(0, 0));
	etna_ts_word(ts, 0);
	for (i = 0; i < 255 * 2; i++)
		etna_ts_word(ts, 0);
	EXPECT_REFUSED(ts, R_OVERRUN);
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	EXPECT_ACCEPTED(ts);
}

static void draw_2d_inline_data_skipped(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	/* One rectangle and 3 data words, padded to 4: 8 words in all. */
	etna_ts_de_dest(ts, TS_ROOM, 0x100, DE_CLEAR32);
	etna_ts_word(ts, D2D_HDR(1, 3));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0);
	etna_ts_word(ts, 0x00200020);
	/* Data that looks like commands is still data. */
	etna_ts_word(ts, HDR(OP_LINK) | 8);
	etna_ts_word(ts, 0);
	EXPECT_REFUSED(ts, R_OVERRUN);
	etna_ts_word(ts, HDR(OP_END));
	EXPECT_REFUSED(ts, R_OVERRUN);
	etna_ts_word(ts, 0);
	EXPECT_ACCEPTED(ts);

	/* What follows the data is a command again. */
	etna_ts_cmd(ts, OP_LINK, 2);
	EXPECT_REFUSED(ts, R_OPCODE);
}

static void draw_3d_overrun_refused(struct kunit *test)
{
	static const struct {
		unsigned int op, words;
	} draws[] = {
		{ OP_DRAW_PRIMITIVES, 4 },
		{ OP_DRAW_INDEXED, 6 },
		{ OP_DRAW_INSTANCED, 4 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(draws); i++) {
		struct etna_tstream *ts = etna_ts_new(test);

		etna_ts_cmd(ts, OP_NOP, 2);
		etna_ts_cmd(ts, draws[i].op, draws[i].words - 2);
		EXPECT_REFUSED(ts, R_OVERRUN);
		etna_ts_word(ts, 0);
		etna_ts_word(ts, 0);
		EXPECT_ACCEPTED(ts);
	}
}

static void count_zero_loads_1024_states(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	/*
	 * COUNT 0 at 0x1000: states 0x1000..0x1ffc, which include the PS
	 * instruction address 0x1028 and most DE addresses.
	 */
	etna_ts_load(ts, 0x1000, 1024);
	KUNIT_EXPECT_EQ(test, ts->w[0] & GENMASK(25, 16), 0u);
	KUNIT_EXPECT_EQ(test, ts->n, 1026u);
	EXPECT_REFUSED(ts, R_NORELOC);

	/* Read as 0 states, the header and a pad word would pass. */
	ts->n = 2;
	EXPECT_REFUSED(ts, R_OVERRUN);

	/* 0x4000..0x4ffc (shader instructions) holds no address. */
	ts = etna_ts_new(test);
	etna_ts_load(ts, 0x4000, 1024);
	EXPECT_ACCEPTED(ts);
	ts->n--;
	EXPECT_REFUSED(ts, R_OVERRUN);
}

static void count_zero_relocated_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at, i;

	/* 0x2400..0x33fc: the first 224 are TE sampler addresses. */
	at = etna_ts_load(ts, 0x2400, 1024);
	for (i = 0; i < 223; i++)
		etna_ts_reloc(ts, at + i);
	EXPECT_REFUSED(ts, R_NORELOC);
	etna_ts_reloc(ts, at + 223);
	EXPECT_ACCEPTED(ts);
}

static void fixp_into_address_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	at = etna_ts_load1(ts, 0x1228, 0);
	ts->w[at - 1] |= LS_FIXP;
	etna_ts_reloc(ts, at);
	EXPECT_REFUSED(ts, "fixed-point");

	/* FIXP elsewhere (viewport scale) is normal. */
	ts = etna_ts_new(test);
	at = etna_ts_load(ts, 0x0a00, 2);
	ts->w[at - 1] |= LS_FIXP;
	EXPECT_ACCEPTED(ts);
}

static void load_wrapping_past_last_state(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	/* State indices 0xfffe, 0xffff, then 0x0000..0x003d: no address */
	etna_ts_load(ts, 0x3fff8, 0x40);
	EXPECT_ACCEPTED(ts);

	/* ... and on into the register window after the wrap */
	ts = etna_ts_new(test);
	etna_ts_load(ts, 0x3fff8, 0x43);
	EXPECT_REFUSED(ts, R_WINDOW);
}

static void register_window_refused(struct kunit *test)
{
	static const u32 addr[] = { 0x0100, 0x0184, 0x01ac, 0x0400, 0x05fc };
	struct etna_tstream *ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(addr); i++) {
		ts = etna_ts_new(test);
		etna_ts_load1(ts, addr[i], 0);
		EXPECT_REFUSED(ts, R_WINDOW);
		ts = etna_ts_new(test);
		ts->mmu_v2 = true;
		etna_ts_load1(ts, addr[i], 0);
		EXPECT_REFUSED(ts, R_WINDOW);
	}
	/* a load ending right below the window, one starting right after */
	ts = etna_ts_new(test);
	etna_ts_load(ts, 0x00f8, 2);
	etna_ts_load(ts, 0x0600, 1);
	EXPECT_ACCEPTED(ts);
	/* a run that starts below and reaches in */
	ts = etna_ts_new(test);
	etna_ts_load(ts, 0x00f8, 3);
	EXPECT_REFUSED(ts, R_WINDOW);
}

static void mmu_v2_addresses_need_no_reloc(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	ts->mmu_v2 = true;
	etna_ts_load1(ts, 0x1228, 0x12345000);	/* DE DEST_ADDRESS */
	etna_ts_load1(ts, 0x0644, 0x00400000);	/* FE INDEX_STREAM_BASE */
	EXPECT_ACCEPTED(ts);
	/* the same stream on MMUv1 */
	ts->mmu_v2 = false;
	EXPECT_REFUSED(ts, R_NORELOC);
	/* and opcodes stay checked */
	ts = etna_ts_new(test);
	ts->mmu_v2 = true;
	etna_ts_cmd(ts, OP_LINK, 2);
	EXPECT_REFUSED(ts, R_OPCODE);
}

static void odd_word_count_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_word(ts, HDR(OP_NOP));
	EXPECT_REFUSED(ts, R_OVERRUN);

	ts = etna_ts_new(test);
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_load1(ts, 0x1204, 0);
	etna_ts_word(ts, HDR(OP_STALL));
	EXPECT_REFUSED(ts, R_OVERRUN);

	/* the last header of a run of padding, one word short */
	ts = etna_ts_new(test);
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_cmd(ts, OP_STALL, 2);
	etna_ts_cmd(ts, OP_NOP, 2);
	etna_ts_word(ts, HDR(OP_NOP));
	EXPECT_REFUSED(ts, R_OVERRUN);
}

static void null_why_allowed(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_cmd(ts, OP_END, 2);
	KUNIT_EXPECT_EQ(test, etna_ts_run(ts, NULL), -EINVAL);
	ts = etna_ts_new(test);
	etna_ts_cmd(ts, OP_NOP, 2);
	KUNIT_EXPECT_EQ(test, etna_ts_run(ts, NULL), 0);
}

/* 64 KiB of 4-word loads, each with a relocated DEST_ADDRESS. */
static void big_stream_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	while (ts->n < 16384) {
		at = etna_ts_load(ts, 0x1224, 3);
		etna_ts_reloc(ts, at + 1);
	}
	KUNIT_EXPECT_EQ(test, ts->nr, 4096u);
	EXPECT_ACCEPTED(ts);

	/* Losing the last relocation is noticed at the very end. */
	ts->nr--;
	EXPECT_REFUSED(ts, R_NORELOC);
}

/* One DRAW_2D of the rectangle (x1,y1)-(x2,y2). */
static void draw_rect(struct etna_tstream *ts, u32 x1, u32 y1, u32 x2, u32 y2)
{
	etna_ts_word(ts, D2D_HDR(1, 0));
	etna_ts_word(ts, 0);
	etna_ts_word(ts, XY(x1, y1));
	etna_ts_word(ts, XY(x2, y2));
}

static void clip(struct etna_tstream *ts, u32 x1, u32 y1, u32 x2, u32 y2)
{
	etna_ts_load1(ts, ETNA_DE_CLIP_TOP_LEFT, XY(x1, y1));
	etna_ts_load1(ts, ETNA_DE_CLIP_BOTTOM_RIGHT, XY(x2, y2));
}

/*
 * Issue 18's example: a 4 KiB destination with a 128 KiB stride and a
 * clear at row 16408, whose address wraps past 4 GiB into the MMUv1
 * linear window.
 */
static void de_clear_past_dest_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_de_dest(ts, SZ_4K, 0x20000, DE_CLEAR32);
	clip(ts, 0, 0, 0x7fff, 0x7fff);
	draw_rect(ts, 0, 16408, 16, 16409);
	EXPECT_REFUSED(ts, R_PAST_BO);

	/* no clip in the stream bounds nothing either */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 0x20000, DE_CLEAR32);
	draw_rect(ts, 0, 16408, 16, 16409);
	EXPECT_REFUSED(ts, R_PAST_BO);

	/* MMUv2: the client's own space, nothing to bound */
	ts->mmu_v2 = true;
	EXPECT_ACCEPTED(ts);
}

/* 64 x 16 pixels of 4 bytes, stride 256: exactly 4 KiB. */
static void de_clear_to_the_last_byte(struct kunit *test)
{
	static const struct {
		u32 x2, y2, clip_x, clip_y;
		int want;
	} cases[] = {
		{ 64, 16, 0x7fff, 0x7fff, 0 },
		{ 64, 17, 0x7fff, 0x7fff, -EINVAL },
		{ 65, 16, 0x7fff, 0x7fff, -EINVAL },
		{ 1000, 1000, 64, 16, 0 },	/* the clip bounds it */
		{ 1000, 1000, 64, 17, -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct etna_tstream *ts = etna_ts_new(test);
		const char *why = NULL;
		int ret;

		etna_ts_de_dest(ts, SZ_4K, 256, DE_CLEAR32);
		clip(ts, 0, 0, cases[i].clip_x, cases[i].clip_y);
		draw_rect(ts, 0, 0, cases[i].x2, cases[i].y2);
		ret = etna_ts_run(ts, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].want, "case %u: %s", i,
				    why);
	}
}

/* The last of 256 rectangles, a line's start point, an empty rectangle. */
static void de_every_rectangle_counts(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int i;

	etna_ts_de_dest(ts, SZ_4K, 256, DE_CLEAR32);
	etna_ts_word(ts, D2D_HDR(0, 0));
	etna_ts_word(ts, 0);
	for (i = 0; i < 255; i++) {
		etna_ts_word(ts, XY(0, 0));
		etna_ts_word(ts, XY(64, 16));
	}
	etna_ts_word(ts, XY(0, 16));
	etna_ts_word(ts, XY(1, 17));
	EXPECT_REFUSED(ts, R_PAST_BO);
	/* inverted: draws nothing */
	ts->w[ts->n - 2] = XY(1, 17);
	ts->w[ts->n - 1] = XY(0, 16);
	EXPECT_ACCEPTED(ts);

	/* a line from (63,15) back to (0,0) is inside, (0,16) is not */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 256, DE_LINE32);
	etna_ts_load1(ts, ETNA_DE_PATTERN_CONFIG, 0);
	draw_rect(ts, 63, 15, 0, 0);
	EXPECT_ACCEPTED(ts);
	ts->w[ts->n - 2] = XY(0, 16);
	EXPECT_REFUSED(ts, R_PAST_BO);
}

static void de_dest_not_set_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_UNSET);

	/* everything but the configuration */
	ts = etna_ts_new(test);
	etna_ts_reloc1(ts, ETNA_DE_DEST_ADDRESS, SZ_4K);
	etna_ts_load1(ts, ETNA_DE_DEST_STRIDE, 256);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 0);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, 0);
	etna_ts_load1(ts, ETNA_DE_CONFIG, 0);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_UNSET);
	etna_ts_load1(ts, ETNA_DE_DEST_CONFIG, DE_CLEAR32);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_UNSET);	/* the first draw still */

	/* a masked ROT_ANGLE keeps a field this stream never set */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 256, DE_CLEAR32);
	ts->n -= 4;		/* drop ROT_ANGLE and DE_CONFIG */
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, ETNA_DE_ROT_DST_MASK);
	etna_ts_load1(ts, ETNA_DE_CONFIG, 0);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_UNSET);
}

/* The address a later relocation gives is the one that counts. */
static void de_dest_reloaded(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_de_dest(ts, SZ_1M, 256, DE_CLEAR32);
	etna_ts_reloc1(ts, ETNA_DE_DEST_ADDRESS, SZ_4K);
	draw_rect(ts, 0, 0, 64, 17);
	EXPECT_REFUSED(ts, R_PAST_BO);

	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 256, DE_CLEAR32);
	etna_ts_reloc1(ts, ETNA_DE_DEST_ADDRESS, SZ_1M);
	draw_rect(ts, 0, 0, 64, 17);
	EXPECT_ACCEPTED(ts);
}

/* A blit source: 4 KiB, 256-byte stride, 32-bit pixels. */
static void blit_source(struct etna_tstream *ts, u32 origin, u32 scfg)
{
	etna_ts_reloc1(ts, ETNA_DE_SRC_ADDRESS, SZ_4K);
	etna_ts_load1(ts, ETNA_DE_SRC_STRIDE, 256);
	etna_ts_load1(ts, ETNA_DE_SRC_ROTATION_CONFIG, 0);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG, scfg);
	etna_ts_load1(ts, ETNA_DE_SRC_ORIGIN, origin);
	etna_ts_load1(ts, ETNA_DE_ROP, DE_ROP_COPY);
}

static void de_blit_source_bounded(struct kunit *test)
{
	struct etna_tstream *ts;

	/* the last row of the source, then one past it */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	blit_source(ts, XY(0, 15), DE_SRC32);
	draw_rect(ts, 0, 0, 64, 1);
	EXPECT_ACCEPTED(ts);
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	blit_source(ts, XY(0, 16), DE_SRC32);
	draw_rect(ts, 0, 0, 64, 1);
	EXPECT_REFUSED(ts, R_PAST_BO);
	/* ... and one pixel past the end of the last row */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	blit_source(ts, XY(1, 15), DE_SRC32);
	draw_rect(ts, 0, 0, 64, 1);
	EXPECT_REFUSED(ts, R_PAST_BO);

	/* relative origin before the start of the buffer */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	blit_source(ts, XY(0xffff, 0), DE_SRC32 | ETNA_DE_SRC_CFG_RELATIVE);
	draw_rect(ts, 0, 0, 8, 1);
	EXPECT_REFUSED(ts, "before the start");
	ts->w[ts->n - 2] = XY(1, 0);
	EXPECT_ACCEPTED(ts);

	/* no source address in the stream */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG, DE_SRC32);
	draw_rect(ts, 0, 0, 8, 1);
	EXPECT_REFUSED(ts, R_UNSET);
	/* from the command stream: no memory read */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG,
		      DE_SRC32 | ETNA_DE_SRC_CFG_STREAM);
	etna_ts_load1(ts, ETNA_DE_ROP, DE_ROP_COPY);
	draw_rect(ts, 0, 0, 8, 1);
	EXPECT_ACCEPTED(ts);
}

static void de_stretch_source_bounded(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	/* 16 destination rows from 2 source rows, x 1:1 */
	etna_ts_de_dest(ts, SZ_1M, 256, DE_STRETCH32);
	blit_source(ts, XY(0, 14), DE_SRC32);
	etna_ts_load1(ts, ETNA_DE_STRETCH_FACTOR_LOW, 0x10000);
	etna_ts_load1(ts, ETNA_DE_STRETCH_FACTOR_HIGH, 0x2000);
	draw_rect(ts, 0, 0, 64, 16);
	EXPECT_ACCEPTED(ts);
	/* a factor that reaches far past it */
	ts->w[ts->n - 7] = 0x7fffffff;
	EXPECT_REFUSED(ts, R_PAST_BO);
}

static void de_rotated_dest(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	/* a 16 x 64 physical surface, 90 degrees: logical 64 x 16 */
	etna_ts_de_dest(ts, SZ_4K, 64, DE_CLEAR32);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 16);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE,
		      ETNA_DE_ROT_DST_SET(ETNA_DE_ROT_90));
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_HEIGHT, 64);
	draw_rect(ts, 0, 0, 64, 16);
	EXPECT_ACCEPTED(ts);
	draw_rect(ts, 0, 0, 65, 16);
	EXPECT_REFUSED(ts, "rotated");

	/* a physical surface larger than the buffer */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 64, DE_CLEAR32);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 16);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE,
		      ETNA_DE_ROT_DST_SET(ETNA_DE_ROT_90));
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_HEIGHT, 65);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_PAST_BO);
}

static void de_unbounded_layouts_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_de_dest(ts, SZ_1M, 256, DE_CLEAR32 | ETNA_DE_DST_CFG_TILED);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, "not bounded");

	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, ETNA_DE_FMT_A8R8G8B8 |
			ETNA_DE_DST_CFG_CMD(8));	/* multi-source */
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, "not bounded");
}

static void de_pattern_from_memory(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG,
		      DE_SRC32 | ETNA_DE_SRC_CFG_STREAM);
	etna_ts_load1(ts, ETNA_DE_ROP, DE_ROP_PAT);
	etna_ts_load1(ts, ETNA_DE_PATTERN_CONFIG, ETNA_DE_PAT_CFG_TYPE);
	draw_rect(ts, 0, 0, 8, 8);
	EXPECT_REFUSED(ts, R_UNSET);

	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG,
		      DE_SRC32 | ETNA_DE_SRC_CFG_STREAM);
	etna_ts_load1(ts, ETNA_DE_ROP, DE_ROP_PAT);
	etna_ts_load1(ts, ETNA_DE_PATTERN_CONFIG, ETNA_DE_PAT_CFG_TYPE);
	at = etna_ts_reloc1(ts, ETNA_DE_PATTERN_ADDRESS, 255);
	draw_rect(ts, 0, 0, 8, 8);
	EXPECT_REFUSED(ts, R_PAST_BO);
	ts->room[ts->nr - 1] = 256;
	KUNIT_EXPECT_EQ(test, ts->relocs[ts->nr - 1], at * 4);
	EXPECT_ACCEPTED(ts);
	/* a solid pattern reads no memory */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_1M, 256, DE_BLIT32);
	etna_ts_load1(ts, ETNA_DE_SRC_CONFIG,
		      DE_SRC32 | ETNA_DE_SRC_CFG_STREAM);
	etna_ts_load1(ts, ETNA_DE_ROP, DE_ROP_PAT);
	etna_ts_load1(ts, ETNA_DE_PATTERN_CONFIG, 0);
	draw_rect(ts, 0, 0, 8, 8);
	EXPECT_ACCEPTED(ts);
}

/* GL_EVENT and a foreign PIPE_SELECT, on both MMU versions */
static void kernel_states_refused(struct kunit *test)
{
	unsigned int mmu;

	for (mmu = 0; mmu < 2; mmu++) {
		struct etna_tstream *ts = etna_ts_new(test);

		ts->mmu_v2 = mmu;
		etna_ts_load1(ts, ETNA_GL_EVENT, 0x40);
		EXPECT_REFUSED(ts, R_KERNEL);

		/* inside a multi-state load from PIPE_SELECT on */
		ts = etna_ts_new(test);
		ts->mmu_v2 = mmu;
		etna_ts_load(ts, ETNA_GL_PIPE_SELECT, 3);
		EXPECT_REFUSED(ts, R_KERNEL);

		ts = etna_ts_new(test);
		ts->mmu_v2 = mmu;
		etna_ts_load1(ts, ETNA_GL_PIPE_SELECT, ETNA_PIPE_ID_2D);
		EXPECT_REFUSED(ts, R_PIPE);
		ts->pipe = ETNA_PIPE_2D;
		EXPECT_ACCEPTED(ts);
		ts->w[1] |= 2;		/* a bit that is no pipe */
		EXPECT_REFUSED(ts, R_PIPE);

		ts = etna_ts_new(test);
		ts->mmu_v2 = mmu;
		etna_ts_load1(ts, ETNA_GL_PIPE_SELECT, ETNA_PIPE_ID_3D);
		EXPECT_ACCEPTED(ts);
		ts->w[0] |= LS_FIXP;
		EXPECT_REFUSED(ts, R_PIPE);

		/* Mesa's semaphore and stall tokens stay */
		ts = etna_ts_new(test);
		ts->mmu_v2 = mmu;
		etna_ts_load1(ts, ETNA_GL_SEMAPHORE_TOKEN, ETNA_SYNC_FE_TO_PE);
		etna_ts_load1(ts, ETNA_GL_STALL_TOKEN, ETNA_SYNC_FE_TO_PE);
		etna_ts_cmd(ts, OP_STALL, 2);
		EXPECT_ACCEPTED(ts);
	}
}

/* RS_CONFIG of 32-bit pixels, source and destination tiled or not */
#define RS_CFG32(stiled, dtiled) \
	(ETNA_RS_CFG_SRC_FMT(ETNA_RS_FMT_A8R8G8B8) | \
	 ETNA_RS_CFG_DST_FMT(ETNA_RS_FMT_A8R8G8B8) | \
	 ((stiled) ? ETNA_RS_CFG_SRC_TILED : 0) | \
	 ((dtiled) ? ETNA_RS_CFG_DST_TILED : 0))
#define RS_FILL		ETNA_RS_CLEAR_MODE_SET(ETNA_RS_CLEAR_ENABLED1)
#define RS_COPY		ETNA_RS_CLEAR_MODE_SET(ETNA_RS_CLEAR_DISABLED)

/*
 * The RS states but the addresses, as Mesa's etna_submit_rs_state loads
 * them: a @w x @h window, and on two pipes the second pipe at @y1.
 */
static void rs_states(struct etna_tstream *ts, u32 cfg, u32 sstride,
		      u32 dstride, u32 w, u32 h, u32 mode, u32 y1)
{
	etna_ts_load1(ts, ETNA_RS_CONFIG, cfg);
	etna_ts_load1(ts, ETNA_RS_SOURCE_STRIDE, sstride);
	etna_ts_load1(ts, ETNA_RS_DEST_STRIDE, dstride);
	if (ts->pixel_pipes == 2) {
		etna_ts_load1(ts, ETNA_RS_PIPE_OFFSET(0), 0);
		etna_ts_load1(ts, ETNA_RS_PIPE_OFFSET(1), XY(0, y1));
	}
	etna_ts_load1(ts, ETNA_RS_WINDOW_SIZE, XY(w, h));
	etna_ts_load1(ts, ETNA_RS_CLEAR_CONTROL, mode | 0xffff);
	etna_ts_load1(ts, ETNA_RS_EXTRA_CONFIG, 0);
}

static void rs_kick(struct etna_tstream *ts)
{
	etna_ts_load1(ts, ETNA_RS_KICKER, 0xbeebbeeb);
}

/* A one-pipe fill of a linear 4 KiB buffer: @w x @h at @stride. */
static int rs_fill_linear(struct kunit *test, u32 room, u32 stride, u32 w,
			  u32 h, const char **why)
{
	struct etna_tstream *ts = etna_ts_new(test);

	rs_states(ts, RS_CFG32(0, 0), 0, stride, w, h, RS_FILL, 0);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, room);
	rs_kick(ts);
	return etna_ts_run(ts, why);
}

/* Linear: 64 x 16 pixels of 4 bytes at 256 bytes a row are exactly 4 KiB. */
static void rs_linear_to_the_last_byte(struct kunit *test)
{
	static const struct {
		u32 room, stride, w, h;
		int want;
	} cases[] = {
		{ SZ_4K, 256, 64, 16, 0 },
		{ SZ_4K, 256, 64, 17, -EINVAL },
		{ SZ_4K, 256, 65, 16, -EINVAL },
		{ SZ_4K - 1, 256, 64, 16, -EINVAL },
		{ SZ_4K, 0x20000, 16, 2, -EINVAL },	/* the stride runs past */
		{ SZ_4K, 256, 0, 100, 0 },		/* an empty window */
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *why = NULL;
		int ret = rs_fill_linear(test, cases[i].room, cases[i].stride,
					 cases[i].w, cases[i].h, &why);

		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].want, "case %u: %s", i,
				    why);
		if (ret)
			KUNIT_EXPECT_TRUE(test, why && strstr(why, R_PAST_BO));
	}
}

/*
 * Tiled layouts on one pipe, a destination of 64 x 64 pixels of 4 bytes:
 * a row of 4x4 tiles is 1 KiB (the RS stride), 16 KiB in all, as tiles
 * or as one 64x64 supertile.
 */
static void rs_tiled_layouts(struct kunit *test)
{
	static const struct {
		u32 stride, w, h, room;
		int want;
	} cases[] = {
		{ SZ_1K, 64, 64, SZ_16K, 0 },			/* tiled */
		{ SZ_1K, 64, 65, SZ_16K, -EINVAL },
		{ SZ_1K, 68, 64, SZ_16K, -EINVAL },
		{ SZ_1K, 64, 61, SZ_16K - 1, -EINVAL },		/* whole tiles */
		{ SZ_1K | ETNA_RS_STRIDE_TILING, 64, 64, SZ_16K, 0 },
		{ SZ_1K | ETNA_RS_STRIDE_TILING, 1, 1, SZ_16K - 1, -EINVAL },
		{ SZ_1K | ETNA_RS_STRIDE_TILING, 65, 64, SZ_16K, -EINVAL },
		{ SZ_1K | ETNA_RS_STRIDE_TILING, 64, 65, SZ_16K, -EINVAL },
		{ SZ_1K | ETNA_RS_STRIDE_TILING, 64, 65, 16 * SZ_1K + SZ_16K, 0 },
		/* MULTI on a one-pipe core: not bounded */
		{ SZ_1K | ETNA_RS_STRIDE_MULTI, 64, 64, SZ_16K, -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct etna_tstream *ts = etna_ts_new(test);
		const char *why = NULL;
		int ret;

		rs_states(ts, RS_CFG32(0, 1), 0, cases[i].stride, cases[i].w,
			  cases[i].h, RS_FILL, 0);
		etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, cases[i].room);
		rs_kick(ts);
		ret = etna_ts_run(ts, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].want, "case %u: %s", i,
				    why);
	}
}

/*
 * Two pipes: each runs the window at its offset (dual-pipe mode: the
 * second at half the height), and a MULTI surface's second half is at
 * RS_PIPE_DEST_ADDR[1].
 */
static void rs_two_pipes(struct kunit *test)
{
	struct etna_tstream *ts;
	unsigned int at;

	/* 64 x 8 twice, rows 8..15 by the second pipe: the whole 4 KiB */
	ts = etna_ts_new(test);
	ts->pixel_pipes = 2;
	rs_states(ts, RS_CFG32(0, 0), 0, 256, 64, 8, RS_FILL, 8);
	at = etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), SZ_4K);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);
	/* the second pipe one row lower */
	ts->w[at - 8] = XY(0, 9);
	EXPECT_REFUSED(ts, R_PAST_BO);

	/* RS_DEST_ADDR is not what a two-pipe core uses */
	ts = etna_ts_new(test);
	ts->pixel_pipes = 2;
	rs_states(ts, RS_CFG32(0, 0), 0, 256, 64, 8, RS_FILL, 8);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, SZ_4K);
	rs_kick(ts);
	EXPECT_REFUSED(ts, R_UNSET);

	/*
	 * Multi-tiled, 64 x 16 pixels of 4 bytes: each half holds every
	 * other row of tiles (2 KiB); the second half one byte short.
	 */
	ts = etna_ts_new(test);
	ts->pixel_pipes = 2;
	rs_states(ts, RS_CFG32(0, 1), 0, SZ_1K | ETNA_RS_STRIDE_MULTI, 64, 8,
		  RS_FILL, 8);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), SZ_2K);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(1), SZ_2K);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);
	ts->room[1] = SZ_2K - 1;
	EXPECT_REFUSED(ts, R_PAST_BO);
	ts->room[1] = SZ_2K;
	ts->room[0] = SZ_2K - 1;
	EXPECT_REFUSED(ts, R_PAST_BO);

	/* the second half not in this stream */
	ts = etna_ts_new(test);
	ts->pixel_pipes = 2;
	rs_states(ts, RS_CFG32(0, 1), 0, SZ_1K | ETNA_RS_STRIDE_MULTI, 64, 8,
		  RS_FILL, 8);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), SZ_2K);
	rs_kick(ts);
	EXPECT_REFUSED(ts, R_UNSET);

	/* multi-supertiled, 64 x 128: a 64x64 supertile in each half */
	ts = etna_ts_new(test);
	ts->pixel_pipes = 2;
	rs_states(ts, RS_CFG32(0, 1), 0, SZ_1K | ETNA_RS_STRIDE_MULTI |
		  ETNA_RS_STRIDE_TILING, 64, 64, RS_FILL, 64);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), SZ_16K);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(1), SZ_16K);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);
	ts->room[1] = SZ_16K - 1;
	EXPECT_REFUSED(ts, R_PAST_BO);
}

/*
 * A copy, linear 64 x 16 pixels of 4 bytes at 256 a row, whose source
 * has a tile status: its 64 blocks of 64 bytes have 64 entries (16 bytes
 * of 2 bits, 32 of 4 bits) from TS_COLOR_SURFACE_BASE on.
 */
static struct etna_tstream *rs_copy_ts(struct kunit *test, u32 src_room,
				       u32 surface, u32 status_room,
				       bool bits2)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	ts->ts_2bit = bits2;
	etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, ETNA_TS_COLOR_FAST_CLEAR);
	etna_ts_reloc1(ts, ETNA_TS_COLOR_STATUS_BASE, status_room);
	at = etna_ts_load1(ts, ETNA_TS_COLOR_SURFACE_BASE, 0);
	etna_ts_reloc_at(ts, at, surface, SZ_4K);
	rs_states(ts, RS_CFG32(0, 0), 256, 256, 64, 16, RS_COPY, 0);
	at = etna_ts_load1(ts, ETNA_RS_SOURCE_ADDR, 0);
	etna_ts_reloc_at(ts, at, 0x20000000, src_room);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, SZ_4K);
	rs_kick(ts);
	return ts;
}

static void rs_copy_and_tile_status(struct kunit *test)
{
	struct etna_tstream *ts;

	/* the source one byte short */
	EXPECT_REFUSED(rs_copy_ts(test, SZ_4K - 1, 0x20000000, 16, true),
		       R_PAST_BO);
	/* the status buffer: exactly 16 bytes, one fewer, 4-bit entries */
	EXPECT_ACCEPTED(rs_copy_ts(test, SZ_4K, 0x20000000, 16, true));
	EXPECT_REFUSED(rs_copy_ts(test, SZ_4K, 0x20000000, 15, true),
		       "tile status past the end of its buffer");
	EXPECT_REFUSED(rs_copy_ts(test, SZ_4K, 0x20000000, 16, false),
		       "tile status past the end of its buffer");
	EXPECT_ACCEPTED(rs_copy_ts(test, SZ_4K, 0x20000000, 32, false));
	/* a surface base far below the source: far entries */
	EXPECT_REFUSED(rs_copy_ts(test, SZ_4K, 0x1fff0000, 16, true),
		       "tile status past the end of its buffer");
	/* a source below the surface base does not read the status */
	EXPECT_ACCEPTED(rs_copy_ts(test, SZ_4K, 0x20001000, 1, true));

	/* TS_MEM_CONFIG not set in the stream: a stale one bounds nothing */
	ts = rs_copy_ts(test, SZ_4K, 0x20000000, 16, true);
	ts->w[0] = LS_HDR(ETNA_TS_COLOR_CLEAR_VALUE, 1);
	EXPECT_REFUSED(ts, "TS states not set in this stream");

	/* a fill ignores the source and the tile status */
	ts = rs_copy_ts(test, 0, 0x20000000, 0, true);
	ts->w[0] = LS_HDR(ETNA_TS_COLOR_CLEAR_VALUE, 1);
	ts->w[ts->n - 9] = RS_FILL | 0xffff;	/* RS_CLEAR_CONTROL */
	KUNIT_EXPECT_EQ(test, ts->w[ts->n - 10],
			LS_HDR(ETNA_RS_CLEAR_CONTROL, 1));
	EXPECT_ACCEPTED(ts);
}

/* RS_KICKER_INPLACE = N: N entries and N 64-byte blocks of the surface. */
static void rs_inplace_tiles(struct kunit *test)
{
	static const struct {
		u32 tiles, status_room, surface_room;
		int want;
	} cases[] = {
		{ 64, 16, SZ_4K, 0 },
		{ 65, 16, SZ_4K, -EINVAL },
		{ 64, 15, SZ_4K, -EINVAL },
		{ 64, 16, SZ_4K - 1, -EINVAL },
		{ 0, 0, 0, 0 },
		{ 0xffffffff, 16, SZ_4K, -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct etna_tstream *ts = etna_ts_new(test);
		const char *why = NULL;
		int ret;

		ts->ts_2bit = true;
		etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, ETNA_TS_COLOR_FAST_CLEAR);
		etna_ts_reloc1(ts, ETNA_TS_COLOR_STATUS_BASE,
			       cases[i].status_room);
		etna_ts_reloc1(ts, ETNA_TS_COLOR_SURFACE_BASE,
			       cases[i].surface_room);
		etna_ts_load1(ts, ETNA_RS_EXTRA_CONFIG, 0);
		etna_ts_load1(ts, ETNA_RS_KICKER_INPLACE, cases[i].tiles);
		ret = etna_ts_run(ts, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].want, "case %u: %s", i,
				    why);
	}
}

/*
 * States the stream did not load hold another job's values: a kick
 * needs them in the stream, before the kick.
 */
static void rs_stale_states_refused(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at;

	rs_kick(ts);
	EXPECT_REFUSED(ts, R_UNSET);
	ts->mmu_v2 = true;
	EXPECT_ACCEPTED(ts);

	/* no destination address */
	ts = etna_ts_new(test);
	rs_states(ts, RS_CFG32(0, 0), 0, 256, 64, 16, RS_FILL, 0);
	rs_kick(ts);
	EXPECT_REFUSED(ts, R_UNSET);

	/* one load: the kicker comes first, the states after it */
	ts = etna_ts_new(test);
	at = etna_ts_load(ts, ETNA_RS_KICKER, 6);
	ts->w[at + 1] = RS_CFG32(0, 0);
	etna_ts_reloc(ts, at + 2);		/* RS_SOURCE_ADDR */
	etna_ts_reloc(ts, at + 4);		/* RS_DEST_ADDR */
	ts->w[at + 5] = 256;			/* RS_DEST_STRIDE */
	etna_ts_load1(ts, ETNA_RS_WINDOW_SIZE, XY(64, 16));
	etna_ts_load1(ts, ETNA_RS_CLEAR_CONTROL, RS_FILL);
	etna_ts_load1(ts, ETNA_RS_EXTRA_CONFIG, 0);
	EXPECT_REFUSED(ts, R_UNSET);

	/* kicked twice once they are all loaded: fine */
	ts = etna_ts_new(test);
	rs_states(ts, RS_CFG32(0, 0), 0, 256, 64, 16, RS_FILL, 0);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, SZ_4K);
	rs_kick(ts);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);
}

/*
 * What Mesa sends on a GC2000: a TS clear (a fill of the status buffer
 * as a 16-pixel wide tiled surface, in dual-pipe mode), then a resolve of
 * a multi-supertiled 256 x 256 render target with its tile status to a
 * linear buffer, each buffer exactly as large as Mesa makes it.
 */
static void rs_mesa_gc2000_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	u32 rt = 0x30000000, rt_size = 256 * 256 * 4, ts_size = 1024;
	unsigned int at;

	ts->pixel_pipes = 2;
	ts->ts_2bit = true;
	/* TS clear: 16 x (1024 / 64) at RS stride 0x100, halves of 8 rows */
	rs_states(ts, RS_CFG32(1, 1), 0, 0x100, 16, 8, RS_FILL, 8);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), ts_size);
	rs_kick(ts);

	etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, ETNA_TS_COLOR_FAST_CLEAR);
	etna_ts_reloc1(ts, ETNA_TS_COLOR_STATUS_BASE, ts_size);
	at = etna_ts_load1(ts, ETNA_TS_COLOR_SURFACE_BASE, 0);
	etna_ts_reloc_at(ts, at, rt, rt_size);
	rs_states(ts, RS_CFG32(1, 0), 16 * 256 | ETNA_RS_STRIDE_TILING |
		  ETNA_RS_STRIDE_MULTI, 256 * 4, 256, 128, RS_COPY, 128);
	at = etna_ts_load1(ts, ETNA_RS_PIPE_SOURCE_ADDR(0), 0);
	etna_ts_reloc_at(ts, at, rt, rt_size);
	at = etna_ts_load1(ts, ETNA_RS_PIPE_SOURCE_ADDR(1), 0);
	etna_ts_reloc_at(ts, at, rt + rt_size / 2, rt_size / 2);
	etna_ts_reloc1(ts, ETNA_RS_PIPE_DEST_ADDR(0), rt_size);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);

	/* a TS one entry short */
	ts->room[1] = ts_size - 1;
	EXPECT_REFUSED(ts, "tile status past the end of its buffer");
}

static struct kunit_case etna_validate_cases[] = {
	KUNIT_CASE(libdrm_2d_stream_accepted),
	KUNIT_CASE(libdrm_2d_stream_without_reloc_refused),
	KUNIT_CASE(empty_stream_accepted),
	KUNIT_CASE(empty_stream_with_reloc_refused),
	KUNIT_CASE(forbidden_opcodes_refused),
	KUNIT_CASE(permitted_commands_accepted),
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
	KUNIT_CASE(load_state_overrun_refused),
	KUNIT_CASE(draw_2d_overrun_refused),
	KUNIT_CASE(draw_2d_inline_data_skipped),
	KUNIT_CASE(draw_3d_overrun_refused),
	KUNIT_CASE(count_zero_loads_1024_states),
	KUNIT_CASE(count_zero_relocated_accepted),
	KUNIT_CASE(fixp_into_address_refused),
	KUNIT_CASE(load_wrapping_past_last_state),
	KUNIT_CASE(register_window_refused),
	KUNIT_CASE(mmu_v2_addresses_need_no_reloc),
	KUNIT_CASE(odd_word_count_refused),
	KUNIT_CASE(null_why_allowed),
	KUNIT_CASE(big_stream_accepted),
	KUNIT_CASE(de_clear_past_dest_refused),
	KUNIT_CASE(de_clear_to_the_last_byte),
	KUNIT_CASE(de_every_rectangle_counts),
	KUNIT_CASE(de_dest_not_set_refused),
	KUNIT_CASE(de_dest_reloaded),
	KUNIT_CASE(de_blit_source_bounded),
	KUNIT_CASE(de_stretch_source_bounded),
	KUNIT_CASE(de_rotated_dest),
	KUNIT_CASE(de_unbounded_layouts_refused),
	KUNIT_CASE(de_pattern_from_memory),
	KUNIT_CASE(kernel_states_refused),
	KUNIT_CASE(rs_linear_to_the_last_byte),
	KUNIT_CASE(rs_tiled_layouts),
	KUNIT_CASE(rs_two_pipes),
	KUNIT_CASE(rs_copy_and_tile_status),
	KUNIT_CASE(rs_inplace_tiles),
	KUNIT_CASE(rs_stale_states_refused),
	KUNIT_CASE(rs_mesa_gc2000_accepted),
	{}
};

static struct kunit_suite etna_validate_suite = {
	.name = "etnaviv-validate",
	.test_cases = etna_validate_cases,
};

kunit_test_suite(etna_validate_suite);

MODULE_DESCRIPTION("KUnit tests of the etnaviv command-stream validator and page tables");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_LICENSE("GPL");
