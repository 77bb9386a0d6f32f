// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, the 2D engine
 *
 * The footprint of a DRAW_2D (etna_validate_2d.c) at its edges: the largest
 * operation accepted, the smallest refused.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "etna_regs.h"
#include "etna_test_stream.h"

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
	/* ... unless the stream set the field before */
	ts->n -= 8;
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, 0);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, ETNA_DE_ROT_DST_MASK);
	etna_ts_load1(ts, ETNA_DE_CONFIG, 0);
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_ACCEPTED(ts);

	/* a stride loaded in fixed point is a float: it bounds nothing */
	ts = etna_ts_new(test);
	etna_ts_de_dest(ts, SZ_4K, 256, DE_CLEAR32);
	ts->w[ts->n - 10] |= LS_FIXP;
	draw_rect(ts, 0, 0, 1, 1);
	EXPECT_REFUSED(ts, R_UNSET);
	ts->w[ts->n - 14] &= ~LS_FIXP;
	EXPECT_ACCEPTED(ts);
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

/*
 * A 2D clear into a 16-pixel-wide physical surface of @height rows at 64
 * bytes a row in a 4 KiB buffer, rotated 90 degrees: logical 64 x 16 when
 * @height is 64.
 */
static struct etna_tstream *rot90_dest(struct kunit *test, u32 height)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_de_dest(ts, SZ_4K, 64, DE_CLEAR32);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 16);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE,
		      ETNA_DE_ROT_DST_SET(ETNA_DE_ROT_90));
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_HEIGHT, height);
	return ts;
}

static void de_rotated_dest(struct kunit *test)
{
	struct etna_tstream *ts = rot90_dest(test, 64);

	/* a 16 x 64 physical surface, 90 degrees: logical 64 x 16 */
	draw_rect(ts, 0, 0, 64, 16);
	EXPECT_ACCEPTED(ts);
	draw_rect(ts, 0, 0, 65, 16);
	EXPECT_REFUSED(ts, "rotated");

	/* one logical row past: the last row accepted above */
	ts = rot90_dest(test, 64);
	draw_rect(ts, 0, 0, 64, 17);
	EXPECT_REFUSED(ts, "rotated");

	/* a physical surface larger than the buffer */
	ts = rot90_dest(test, 65);
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

static struct kunit_case etna_validate_2d_cases[] = {
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
	{}
};

static struct kunit_suite etna_validate_2d_suite = {
	.name = "etnaviv-validate-2d",
	.test_cases = etna_validate_2d_cases,
};

kunit_test_suite(etna_validate_2d_suite);
