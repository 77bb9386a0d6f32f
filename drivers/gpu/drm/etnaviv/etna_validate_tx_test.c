// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, the samplers
 *
 * The footprint of a draw's textures (etna_validate_tx.c): each level's
 * bytes in its layout against the buffer its address was relocated to,
 * at the edge (the largest texture accepted, one byte less refused), the
 * levels the LOD range reaches, and what is refused.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "etna_regs.h"
#include "etna_test_stream.h"
#include "etna_validate.h"

#define TEX_2D_ARGB8	(ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D) | \
			 ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_A8R8G8B8) | \
			 ETNA_TE_MIP_SET(ETNA_TEX_FILTER_LINEAR))
#define TEX_MIP(f)	(ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D) | \
			 ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_A8R8G8B8) | \
			 ETNA_TE_MIP_SET(f))
#define LOD(min, max)	(ETNA_TE_LOD_MIN_SET(min) | ETNA_TE_LOD_MAX_SET(max))

/*
 * A GC880 draw sampling with sampler 3: CONFIG0 @cfg0, CONFIG1 @cfg1,
 * @w x @h texels, LOD_CONFIG @lod, levels 0..@levels - 1 relocated with
 * @room[l] bytes each (their relocations from ts->nr - @levels on).
 */
static struct etna_tstream *tex_stream(struct kunit *test, u32 cfg0, u32 cfg1,
				       u32 w, u32 h, u32 lod,
				       const u32 *room, unsigned int levels)
{
	struct etna_tstream *ts = etna_ts_new(test);
	struct etna_ts_3d d = {
		.w = 16, .h = 16, .cfg = PE_A8R8G8B8, .stride = 64,
		.room = { SZ_4K }, .vtx_stride = 16, .vtx_room = SZ_4K,
	};
	unsigned int l;

	etna_ts_gc880(ts);
	etna_ts_3d(ts, &d);
	etna_ts_load1(ts, ETNA_TE_SAMPLER_CONFIG0(3), cfg0);
	etna_ts_load1(ts, ETNA_TE_SAMPLER_CONFIG1(3), cfg1);
	etna_ts_load1(ts, ETNA_TE_SAMPLER_SIZE(3), h << 16 | w);
	etna_ts_load1(ts, ETNA_TE_SAMPLER_LOD_CONFIG(3), lod);
	etna_ts_load1(ts, ETNA_TE_SAMPLER_3D_CONFIG(3), 4);	/* depth 4 */
	for (l = 0; l < levels; l++)
		etna_ts_reloc1(ts, ETNA_TE_SAMPLER_LOD_ADDR(3, l), room[l]);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	return ts;
}

/* Accepted, then refused with the last relocation one byte shorter. */
static void expect_edge(struct etna_tstream *ts)
{
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1]--;
	EXPECT_REFUSED(ts, "texture past the end of its buffer");
}

/* 64 x 64 texels of 4 bytes in 4x4 tiles: 16 rows of 16 tiles. */
static void level0_to_the_last_byte(struct kunit *test)
{
	static const u32 room[] = { 64 * 64 * 4 };
	struct etna_tstream *ts;

	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, 0, room, 1);
	expect_edge(ts);
	/* one texel more each way: a column and a row of tiles more */
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 65, 65, 0, room, 1);
	EXPECT_REFUSED(ts, "texture past the end");
	ts->room[ts->nr - 1] = 16 * 17 * 64 + 17 * 64;
	expect_edge(ts);
}

/* The levels up to the larger of MIN and MAX, rounded up, are sampled. */
static void levels_by_lod(struct kunit *test)
{
	/* 64 x 64, 32 x 32, 16 x 16 */
	static const u32 room[] = { 16384, 4096, 1024 };
	struct etna_tstream *ts;

	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, LOD(0, 32), room, 2);
	expect_edge(ts);
	/* a fraction over level 1: level 2 too, whose address is not set */
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, LOD(0, 33), room, 2);
	EXPECT_REFUSED(ts, R_UNSET_TX);
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, LOD(0, 33), room, 3);
	expect_edge(ts);
	/* MIN above MAX: the clamp gives MIN */
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, LOD(64, 0), room, 3);
	expect_edge(ts);
	/* past the last level: level 13 at most (1 x 1 texels: one tile) */
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 64, 64, LOD(0, 1023), room, 3);
	EXPECT_REFUSED(ts, R_UNSET_TX);

	/*
	 * The mip filter: NONE samples MAX's integer part (Mesa's MAX of
	 * 1/32 for a one-level texture whose MIN and MAG filters differ),
	 * NEAREST the nearest level (1.5 is level 1, more is level 2)
	 */
	ts = tex_stream(test, TEX_MIP(ETNA_TEX_FILTER_NONE), 0, 64, 64,
			LOD(0, 63), room, 2);
	expect_edge(ts);
	ts = tex_stream(test, TEX_MIP(ETNA_TEX_FILTER_NEAREST), 0, 64, 64,
			LOD(0, 48), room, 2);
	expect_edge(ts);
	ts = tex_stream(test, TEX_MIP(ETNA_TEX_FILTER_NEAREST), 0, 64, 64,
			LOD(0, 49), room, 2);
	EXPECT_REFUSED(ts, R_UNSET_TX);
	ts = tex_stream(test, TEX_MIP(3), 0, 64, 64, 0, room, 1);
	EXPECT_REFUSED(ts, R_MODE_TX);
}

/* Padded rows, supertiles, blocks, faces and slices. */
static void layouts(struct kunit *test)
{
	u32 room[1];
	struct etna_tstream *ts;

	/* 20 texels a row padded to 32 (HALIGN SIXTEEN): rows of 8 tiles */
	room[0] = 3 * 8 * 64 + 5 * 64;
	ts = tex_stream(test, TEX_2D_ARGB8,
			ETNA_TE_HALIGN_SET(ETNA_TEX_HALIGN_SIXTEEN), 20, 16, 0,
			room, 1);
	expect_edge(ts);
	/* supertiled: a whole supertile */
	room[0] = 64 * 64 * 4;
	ts = tex_stream(test, TEX_2D_ARGB8,
			ETNA_TE_HALIGN_SET(ETNA_TEX_HALIGN_SUPER_TILED), 8, 8, 0,
			room, 1);
	expect_edge(ts);
	/* DXT1: 16 x 16 texels are 4 rows of 4 blocks of 8 bytes */
	room[0] = 16 * 8;
	ts = tex_stream(test, ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D) |
			ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_DXT1), 0, 16, 16, 0,
			room, 1);
	expect_edge(ts);
	/* a cube map: six faces of 16 x 16 */
	room[0] = 6 * 16 * 16 * 4;
	ts = tex_stream(test, ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_CUBE_MAP) |
			ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_A8R8G8B8), 0, 16, 16, 0,
			room, 1);
	expect_edge(ts);
	/* a 3D texture: 4 slices (3D_CONFIG's DEPTH) */
	room[0] = 4 * 16 * 16 * 4;
	ts = tex_stream(test, ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_3D) |
			ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_A8R8G8B8), 0, 16, 16, 0,
			room, 1);
	expect_edge(ts);
	/* an extended format of the HALTI0 cores: G8R8, 2 bytes */
	room[0] = 16 * 16 * 2;
	ts = tex_stream(test, ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D),
			ETNA_TE_FORMAT_EXT_SET(ETNA_TEX_FMT_EXT_G8R8), 16, 16,
			0, room, 1);
	expect_edge(ts);
}

/* What the footprint does not describe, and states not set. */
static void unbounded_and_unset_refused(struct kunit *test)
{
	static const u32 room[] = { SZ_1M };
	static const u32 cfgs[][2] = {
		{ TEX_2D_ARGB8 |
		  ETNA_TE_ADDRESSING_SET(ETNA_TEX_ADDRESSING_LINEAR), 0 },
		{ TEX_2D_ARGB8, ETNA_TE_TEXTURE_ARRAY },
		{ TEX_2D_ARGB8, ETNA_TE_USE_TS },
		{ TEX_2D_ARGB8, ETNA_TE_HALIGN_SET(3) },	/* split */
		{ ETNA_TE_TYPE_SET(4) |
		  ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_A8R8G8B8), 0 },
		{ ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D) |
		  ETNA_TE_FORMAT_SET(14), 0 },			/* YUY2 */
		{ ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D) |
		  ETNA_TE_FORMAT_SET(ETNA_TEX_FMT_DXT1),
		  ETNA_TE_HALIGN_SET(ETNA_TEX_HALIGN_SUPER_TILED) },
	};
	struct etna_tstream *ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cfgs); i++) {
		ts = tex_stream(test, cfgs[i][0], cfgs[i][1], 16, 16, 0, room,
				1);
		EXPECT_REFUSED(ts, R_MODE_TX);
	}
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 0, 16, 0, room, 1);
	EXPECT_REFUSED(ts, R_MODE_TX);
	/* the level's address not set */
	ts = tex_stream(test, TEX_2D_ARGB8, 0, 16, 16, 0, room, 0);
	EXPECT_REFUSED(ts, R_UNSET_TX);
	/* an extended format without HALTI0 (the GC600) */
	ts = tex_stream(test, ETNA_TE_TYPE_SET(ETNA_TEX_TYPE_2D),
			ETNA_TE_FORMAT_EXT_SET(ETNA_TEX_FMT_EXT_G8R8), 16, 16,
			0, room, 1);
	ts->halti0 = false;
	EXPECT_REFUSED(ts, R_MODE_TX);
	/* an inactive sampler needs nothing more */
	ts = tex_stream(test, 0, 0, 0, 0, 0, room, 0);
	EXPECT_ACCEPTED(ts);
}

static struct kunit_case etna_validate_tx_cases[] = {
	KUNIT_CASE(level0_to_the_last_byte),
	KUNIT_CASE(levels_by_lod),
	KUNIT_CASE(layouts),
	KUNIT_CASE(unbounded_and_unset_refused),
	{}
};

static struct kunit_suite etna_validate_tx_suite = {
	.name = "etnaviv-validate-tx",
	.test_cases = etna_validate_tx_cases,
};

kunit_test_suite(etna_validate_tx_suite);
