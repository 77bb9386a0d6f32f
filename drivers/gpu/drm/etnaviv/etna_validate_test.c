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

/* Each word of a run of address states, not just as many relocations. */
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

static struct kunit_case etna_validate_cases[] = {
	KUNIT_CASE(libdrm_2d_stream_accepted),
	KUNIT_CASE(libdrm_2d_stream_without_reloc_refused),
	KUNIT_CASE(empty_stream_accepted),
	KUNIT_CASE(empty_stream_with_reloc_refused),
	KUNIT_CASE(forbidden_opcodes_refused),
	KUNIT_CASE(permitted_commands_accepted),
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
	KUNIT_CASE(kernel_states_refused),
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
