// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, the resolve engine
 *
 * The footprint of a resolve and of its tile status (etna_validate_rs.c)
 * at its edges: the largest operation accepted, the smallest refused.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "etna_regs.h"
#include "etna_test_stream.h"
#include "etna_validate.h"

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
 * A copy of 64 x 16 pixels of 32 bits, linear, from 0x20000000 (@src_room
 * bytes there) to a 4 KiB buffer.
 */
static void rs_copy_kick(struct etna_tstream *ts, u32 src_room)
{
	unsigned int at;

	rs_states(ts, RS_CFG32(0, 0), 256, 256, 64, 16, RS_COPY, 0);
	at = etna_ts_load1(ts, ETNA_RS_SOURCE_ADDR, 0);
	etna_ts_reloc_at(ts, at, 0x20000000, src_room);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, SZ_4K);
	rs_kick(ts);
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
	rs_copy_kick(ts, src_room);
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

/*
 * The YUV tiler: an RS kick with YUV_CONFIG's ENABLE set runs it, and its
 * footprint is not bounded, so no load may set ENABLE (or load the state
 * in fixed point); every other field is free. MMUv2: the client's space.
 */
static void rs_yuv_tiler_refused(struct kunit *test)
{
	struct etna_tstream *ts;

	/* every field but ENABLE: accepted, with a resolve after it */
	ts = etna_ts_new(test);
	etna_ts_load1(ts, ETNA_YUV_CONFIG, (u32)~ETNA_YUV_ENABLE);
	rs_states(ts, RS_CFG32(0, 0), 0, 256, 64, 16, RS_FILL, 0);
	etna_ts_reloc1(ts, ETNA_RS_DEST_ADDR, SZ_4K);
	rs_kick(ts);
	EXPECT_ACCEPTED(ts);

	ts = etna_ts_new(test);
	etna_ts_load1(ts, ETNA_YUV_CONFIG, ETNA_YUV_ENABLE);
	EXPECT_REFUSED(ts, R_YUV);
	ts->mmu_v2 = true;
	EXPECT_ACCEPTED(ts);

	/* off again later: refused at the load (a kick could come between) */
	ts = etna_ts_new(test);
	etna_ts_load1(ts, ETNA_YUV_CONFIG, ETNA_YUV_ENABLE);
	etna_ts_load1(ts, ETNA_YUV_CONFIG, 0);
	EXPECT_REFUSED(ts, R_YUV);

	/* in fixed point, even 0: the FE's float is not a known value */
	ts = etna_ts_new(test);
	etna_ts_fixp1(ts, ETNA_YUV_CONFIG, 0);
	EXPECT_REFUSED(ts, R_YUV);
}

/*
 * The copy of rs_copy_ts() without its tile-status loads, as Mesa's
 * resolve lands in a new stream when the one that loaded them was full.
 */
static struct etna_tstream *rs_copy_after_flush(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	ts->ts_2bit = true;
	rs_copy_kick(ts, SZ_4K);
	return ts;
}

/*
 * Tile-status states loaded before the stream (the kernel's loads of
 * what the file's previous job left, etna_carry.c): without them a kick
 * that reads them is refused as wanting them; with them it is bounded by
 * them; the stream's own loads come after them; and the walk says which
 * the stream loaded, with what, through which relocation.
 */
static void rs_carried_tile_status(struct kunit *test)
{
	struct etna_tsr_set in = {
		.known = BIT(ETNA_TSR_MEM_CONFIG) | BIT(ETNA_TSR_COLOR_STATUS) |
			 BIT(ETNA_TSR_COLOR_SURFACE),
		.val = {
			[ETNA_TSR_MEM_CONFIG] = ETNA_TS_COLOR_FAST_CLEAR,
			[ETNA_TSR_COLOR_STATUS] = 0x30000000,
			[ETNA_TSR_COLOR_SURFACE] = 0x20000000,
		},
		/* 64 blocks of 2-bit entries: 16 bytes */
		.room = { [ETNA_TSR_COLOR_STATUS] = 16,
			  [ETNA_TSR_COLOR_SURFACE] = SZ_4K },
	};
	struct etna_tsr_out out;
	struct etna_tstream *ts;

	ts = rs_copy_after_flush(test);
	ts->ts_out = &out;
	EXPECT_REFUSED(ts, "TS states not set in this stream");
	KUNIT_EXPECT_TRUE(test, out.wanted);
	ts->ts_in = &in;
	EXPECT_ACCEPTED(ts);
	KUNIT_EXPECT_FALSE(test, out.wanted);
	KUNIT_EXPECT_EQ(test, out.loaded, 0);
	in.room[ETNA_TSR_COLOR_STATUS] = 15;
	EXPECT_REFUSED(ts, "tile status past the end of its buffer");
	KUNIT_EXPECT_FALSE(test, out.wanted);
	in.known &= ~BIT(ETNA_TSR_COLOR_STATUS);
	EXPECT_REFUSED(ts, "TS states not set in this stream");

	/* the stream's own TS_MEM_CONFIG, after the carried one */
	ts = etna_ts_new(test);
	ts->ts_2bit = true;
	ts->ts_in = &in;
	ts->ts_out = &out;
	etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, 0);
	EXPECT_ACCEPTED(ts);
	KUNIT_EXPECT_EQ(test, out.loaded, BIT(ETNA_TSR_MEM_CONFIG));
	KUNIT_EXPECT_EQ(test, out.left.val[ETNA_TSR_MEM_CONFIG], 0);

	/* what a stream that loads them leaves: relocations 0 and 1 */
	ts = rs_copy_ts(test, SZ_4K, 0x20000000, 16, true);
	ts->ts_out = &out;
	EXPECT_ACCEPTED(ts);
	KUNIT_EXPECT_EQ(test, out.loaded, BIT(ETNA_TSR_MEM_CONFIG) |
			BIT(ETNA_TSR_COLOR_STATUS) | BIT(ETNA_TSR_COLOR_SURFACE));
	KUNIT_EXPECT_EQ(test, out.left.known, out.loaded);
	KUNIT_EXPECT_EQ(test, out.left.reloc[ETNA_TSR_COLOR_STATUS], 0);
	KUNIT_EXPECT_EQ(test, out.left.reloc[ETNA_TSR_COLOR_SURFACE], 1);
	KUNIT_EXPECT_EQ(test, out.left.val[ETNA_TSR_COLOR_SURFACE],
			0x20000000);
	KUNIT_EXPECT_EQ(test, out.left.room[ETNA_TSR_COLOR_STATUS], 16);

	/* in fixed point: loaded, not known */
	ts = etna_ts_new(test);
	ts->ts_out = &out;
	etna_ts_fixp1(ts, ETNA_TS_COLOR_CLEAR_VALUE, 0);
	EXPECT_ACCEPTED(ts);
	KUNIT_EXPECT_EQ(test, out.loaded, BIT(ETNA_TSR_COLOR_CLEAR));
	KUNIT_EXPECT_EQ(test, out.left.known, 0);

	/* an in-place resolve wants them too; another refusal does not */
	ts = etna_ts_new(test);
	ts->ts_out = &out;
	etna_ts_load1(ts, ETNA_RS_KICKER_INPLACE, 64);
	EXPECT_REFUSED(ts, "TS states not set in this stream");
	KUNIT_EXPECT_TRUE(test, out.wanted);
	ts = etna_ts_new(test);
	ts->ts_out = &out;
	etna_ts_load1(ts, ETNA_TS_COLOR_STATUS_BASE, 0);
	EXPECT_REFUSED(ts, R_NORELOC);
	KUNIT_EXPECT_FALSE(test, out.wanted);
}

static struct kunit_case etna_validate_rs_cases[] = {
	KUNIT_CASE(rs_linear_to_the_last_byte),
	KUNIT_CASE(rs_tiled_layouts),
	KUNIT_CASE(rs_two_pipes),
	KUNIT_CASE(rs_copy_and_tile_status),
	KUNIT_CASE(rs_inplace_tiles),
	KUNIT_CASE(rs_stale_states_refused),
	KUNIT_CASE(rs_carried_tile_status),
	KUNIT_CASE(rs_mesa_gc2000_accepted),
	KUNIT_CASE(rs_yuv_tiler_refused),
	{}
};

static struct kunit_suite etna_validate_rs_suite = {
	.name = "etnaviv-validate-rs",
	.test_cases = etna_validate_rs_cases,
};

kunit_test_suite(etna_validate_rs_suite);
