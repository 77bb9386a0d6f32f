// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, the 3D engine's pixel side
 *
 * The footprint of a 3D draw (etna_validate_3d.c) on the render targets,
 * their tile status, the window, shader code and the occlusion query, at
 * each bound's edge: the largest draw accepted, the smallest refused, on
 * the cores of the MMUv1 boards (GC2000, GC880, GC600).
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "etna_regs.h"
#include "etna_test_stream.h"
#include "etna_validate.h"

#define F(x)		((u32)(x))	/* a float's bits, written out */
#define F_64_5		0x42810000u	/* 64.5 */
#define F_64_5_UP	0x42810001u	/* the next float */
#define F_NAN		0x7fc00000u
#define F_INF		0x7f800000u
#define F_NEG_INF	0xff800000u
#define F_MIN_DENORM	0x00000001u
#define F_2_POW_40	0x53800000u

static void edge_px(struct kunit *test)
{
	/* Mesa's right edges: the scissor's and the clip's margins */
	KUNIT_EXPECT_EQ(test, etna_edge_px((64 << 16) + 0x1119, true, true), 64u);
	KUNIT_EXPECT_EQ(test, etna_edge_px((64 << 16) + 0xffff, true, true), 65u);
	KUNIT_EXPECT_EQ(test, etna_edge_px((64 << 16) + 0x1119, true, false), 65u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(64 << 16, true, false), 64u);
	/* the sample at x + 1/2: an edge at 64.5 takes pixel 63, not 64 */
	KUNIT_EXPECT_EQ(test, etna_edge_px((64 << 16) + 0x8000, true, true), 64u);
	KUNIT_EXPECT_EQ(test, etna_edge_px((64 << 16) + 0x8001, true, true), 65u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_64_5, false, true), 64u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_64_5_UP, false, true), 65u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_64_5, false, false), 65u);
	/* nothing, and the largest */
	KUNIT_EXPECT_EQ(test, etna_edge_px(0, true, false), 0u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(0x80000000u, true, false), 0u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(0x7fffffff, true, false), 32768u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_NEG_INF, false, false), 0u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F(0xbf800000), false, false), 0u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_MIN_DENORM, false, true), 0u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_MIN_DENORM, false, false), 1u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_2_POW_40, false, false), 65536u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_INF, false, false), 65536u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_NAN, false, true), 65536u);
	KUNIT_EXPECT_EQ(test, etna_edge_px(F_NAN | 0x80000000u, false, true),
			65536u);
}

/* A GC880 target of 64 x 16 pixels of 4 bytes: 4 rows of 16 tiles. */
static struct etna_tstream *gc880_64x16(struct kunit *test,
					struct etna_ts_3d *d, u32 room)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_gc880(ts);
	*d = (struct etna_ts_3d){ .w = 64, .h = 16, .cfg = PE_A8R8G8B8,
				  .stride = 256, .room = { room },
				  .vtx_stride = 16, .vtx_room = SZ_4K };
	etna_ts_3d(ts, d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	return ts;
}

/* 3 rows of tiles at 4 strides each, then the last row's 16 tiles */
static void color_to_the_last_byte(struct kunit *test)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts = gc880_64x16(test, &d, 3 * 1024 + 16 * 64);

	EXPECT_ACCEPTED(ts);
	ts->room[d.color_reloc[0]]--;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	/* one row or one column more: another row or column of tiles */
	ts = gc880_64x16(test, &d, 4096);
	d.h = 17;
	ts->n = 0;
	ts->nr = 0;
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "past the end of its colour buffer");
	ts->room[d.color_reloc[0]] = 4096 + 1024;
	EXPECT_ACCEPTED(ts);

	/* 16-bit pixels on the GC600: half the bytes */
	ts = etna_ts_new(test);
	etna_ts_gc600(ts);
	d = (struct etna_ts_3d){ .w = 64, .h = 16, .cfg = PE_R5G6B5,
				 .stride = 128, .room = { 2048 },
				 .vtx_stride = 16, .vtx_room = SZ_4K };
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[d.color_reloc[0]]--;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");
}

/*
 * GC2000: multi-tiled, each pipe's half from its own address: 64 x 16
 * pixels take 2 rows of 16 tiles a half; supertiled, a supertile each.
 */
static void gc2000_halves(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	struct etna_ts_3d d = {
		.w = 64, .h = 16, .cfg = PE_A8R8G8B8, .stride = 256,
		.room = { 2048, 2048 }, .vtx_stride = 16, .vtx_room = SZ_4K,
	};
	unsigned int p;

	etna_ts_gc2000(ts);
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	for (p = 0; p < 2; p++) {
		ts->room[d.color_reloc[p]]--;
		EXPECT_REFUSED(ts, "past the end of its colour buffer");
		ts->room[d.color_reloc[p]]++;
	}

	ts = etna_ts_new(test);
	etna_ts_gc2000(ts);
	d.h = 64;
	d.cfg |= ETNA_PE_CF_SUPER_TILED;
	d.room[0] = 256 * 64;
	d.room[1] = 256 * 64;
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[d.color_reloc[1]]--;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");
}

/* The window: the smaller edge, whatever the stream loaded of the two. */
static void window_edges(struct kunit *test)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts;
	unsigned int at;

	/* a clip at 32.5 under a scissor of 64: 32 rows count */
	ts = etna_ts_new(test);
	etna_ts_gc880(ts);
	d = (struct etna_ts_3d){ .w = 64, .h = 64, .cfg = PE_A8R8G8B8,
				 .stride = 256, .room = { 7 * 1024 + 1024 },
				 .vtx_stride = 16, .vtx_room = SZ_4K };
	etna_ts_3d(ts, &d);
	etna_ts_fixp1(ts, ETNA_SE_CLIP_BOTTOM, (32 << 16) + 0x8000);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[d.color_reloc[0]]--;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	/* a float edge, and no half-pixel centre: one column more */
	ts = gc880_64x16(test, &d, 4096);
	ts->n -= 4;
	etna_ts_load1(ts, ETNA_SE_SCISSOR_RIGHT, 0x42800000);	/* 64.0 */
	etna_ts_load1(ts, ETNA_SE_CLIP_RIGHT, 0x42800000);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	etna_ts_load1(ts, ETNA_PA_SYSTEM_MODE, 0);
	etna_ts_load1(ts, ETNA_SE_SCISSOR_RIGHT, 0x42800001);
	etna_ts_load1(ts, ETNA_SE_CLIP_RIGHT, 0x42800001);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	/* a NaN edge takes 65536 columns */
	ts = gc880_64x16(test, &d, SZ_1M);
	ts->n -= 4;
	etna_ts_load1(ts, ETNA_SE_SCISSOR_RIGHT, F_NAN);
	etna_ts_load1(ts, ETNA_SE_CLIP_RIGHT, F_NAN);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	/* no pixel: no target is touched */
	ts = gc880_64x16(test, &d, 0);
	ts->n -= 4;
	at = etna_ts_load1(ts, ETNA_SE_SCISSOR_RIGHT, 0);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->w[at] = 0x3f000000;	/* 0.5: the first sample, 0.5, is not left of it */
	EXPECT_ACCEPTED(ts);
	ts->w[at] = 0x3f000001;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");
}

/* A depth or stencil test reads the depth target. */
static void depth_target(struct kunit *test)
{
	static const u32 modes[][2] = {
		{ ETNA_PE_DEPTH_MODE_SET(ETNA_PE_DEPTH_MODE_Z), 0 },
		{ 0, ETNA_PE_STENCIL_MODE_SET(1) },
	};
	struct etna_ts_3d d;
	struct etna_tstream *ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		ts = gc880_64x16(test, &d, 4096);
		ts->n -= 4;
		etna_ts_load1(ts, ETNA_PE_DEPTH_STRIDE, 128);
		etna_ts_reloc1(ts, ETNA_PE_DEPTH_ADDR, 3 * 512 + 16 * 32);
		etna_ts_load1(ts, ETNA_PE_DEPTH_CONFIG, modes[i][0]);
		etna_ts_load1(ts, ETNA_PE_STENCIL_CONFIG, modes[i][1]);
		etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
		EXPECT_ACCEPTED(ts);
		ts->room[ts->nr - 1]--;
		EXPECT_REFUSED(ts, "past the end of its depth buffer");
	}

	/* D24S8, supertiled: a whole supertile of 4 bytes a pixel */
	ts = gc880_64x16(test, &d, 4096);
	ts->n -= 4;
	etna_ts_load1(ts, ETNA_PE_DEPTH_STRIDE, 256);
	etna_ts_reloc1(ts, ETNA_PE_DEPTH_ADDR, 64 * 64 * 4);
	etna_ts_load1(ts, ETNA_PE_DEPTH_CONFIG,
		      ETNA_PE_DEPTH_MODE_SET(ETNA_PE_DEPTH_MODE_Z) |
		      ETNA_PE_DEPTH_FORMAT_D24S8 | ETNA_PE_DEPTH_SUPER_TILED);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1]--;
	EXPECT_REFUSED(ts, "past the end of its depth buffer");

	/* with both off, the depth target's states need not be set */
	ts = gc880_64x16(test, &d, 4096);
	EXPECT_ACCEPTED(ts);
}

/*
 * The colour tile status on a GC2000 (2-bit entries): the two halves of
 * 2048 bytes, one after the other from the surface base, are 64 blocks.
 */
static void tile_status(struct kunit *test)
{
	u32 rt = 0x30000000;
	struct etna_ts_3d d = {
		.w = 64, .h = 16, .cfg = PE_A8R8G8B8, .stride = 256,
		.room = { 4096, 2048 }, .vtx_stride = 16, .vtx_room = SZ_4K,
	};
	struct etna_tstream *ts = etna_ts_new(test);
	unsigned int at, status;

	etna_ts_gc2000(ts);
	etna_ts_3d(ts, &d);
	ts->addr[d.color_reloc[0]] = rt;
	ts->addr[d.color_reloc[1]] = rt + 2048;
	etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, ETNA_TS_COLOR_FAST_CLEAR);
	etna_ts_reloc1(ts, ETNA_TS_COLOR_STATUS_BASE, 64 * 2 / 8);
	status = ts->nr - 1;
	at = etna_ts_load1(ts, ETNA_TS_COLOR_SURFACE_BASE, 0);
	etna_ts_reloc_at(ts, at, rt, 4096);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[status]--;
	EXPECT_REFUSED(ts, "3D tile status past the end of its buffer");

	/* the status base not loaded in this stream */
	ts = etna_ts_new(test);
	etna_ts_gc2000(ts);
	etna_ts_3d(ts, &d);
	etna_ts_load1(ts, ETNA_TS_MEM_CONFIG, ETNA_TS_COLOR_FAST_CLEAR);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "TS states not set in this stream");
}

/* Every state a draw reads must come from the stream. */
static void unset_states_refused(struct kunit *test)
{
	static const u32 states[] = {
		ETNA_GL_MULTI_SAMPLE_CONFIG, ETNA_PE_HDEPTH_CONTROL,
		ETNA_TS_MEM_CONFIG, ETNA_PE_COLOR_FORMAT, ETNA_PE_COLOR_STRIDE,
		ETNA_PE_COLOR_ADDR, ETNA_PE_DEPTH_CONFIG,
		ETNA_PE_STENCIL_CONFIG, ETNA_VS_INPUT_COUNT,
		ETNA_FE_VERTEX_ELEMENT_CONFIG(0),
		ETNA_FE_VERTEX_STREAMS_BASE_ADDR(0),
		ETNA_FE_VERTEX_STREAMS_CONTROL(0), ETNA_TE_SAMPLER_CONFIG0(0),
	};
	struct etna_tstream *ts;
	struct etna_ts_3d d;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(states); i++) {
		ts = etna_ts_new(test);
		etna_ts_gc880(ts);
		d = (struct etna_ts_3d){ .w = 64, .h = 16, .cfg = PE_A8R8G8B8,
					 .stride = 256, .room = { 4096 },
					 .vtx_stride = 16, .vtx_room = SZ_4K,
					 .skip = states[i] };
		etna_ts_3d(ts, &d);
		etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
		EXPECT_REFUSED(ts, R_UNSET);
	}
	/* the scissor and the clip: either edge is enough (the clip's: 65) */
	ts = etna_ts_new(test);
	etna_ts_gc880(ts);
	d.skip = ETNA_SE_SCISSOR_RIGHT;
	d.room[0] = 3 * 1024 + 17 * 64;
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
}

/* What the engine would do with no bound on it. */
static void unbounded_modes_refused(struct kunit *test)
{
	static const struct {
		u32 state, val;
	} modes[] = {
		{ ETNA_GL_MULTI_SAMPLE_CONFIG, 2 },	/* 4X */
		{ ETNA_PE_HDEPTH_CONTROL, 5 },		/* D16 */
		{ ETNA_TS_MEM_CONFIG, ETNA_TS_COMPRESSION },
		{ ETNA_TS_MEM_CONFIG, ETNA_TS_HDEPTH },
		{ ETNA_PE_COLOR_FORMAT, PE_A8R8G8B8 | BIT(24) },  /* EXT */
		{ ETNA_PE_COLOR_FORMAT, PE_A8R8G8B8 |
					ETNA_PE_CF_SUPER_TILED_NEW },
		{ ETNA_PE_COLOR_FORMAT, ETNA_PE_CF_FORMAT_SET(7) },
	};
	struct etna_ts_3d d;
	struct etna_tstream *ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		ts = gc880_64x16(test, &d, 4096);
		ts->n -= 4;
		etna_ts_load1(ts, modes[i].state, modes[i].val);
		etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
		EXPECT_REFUSED(ts, R_MODE_3D);
	}

	/* primitive types the model does not draw: none, QUADS */
	ts = gc880_64x16(test, &d, 4096);
	ts->w[ts->n - 3] = 0;
	EXPECT_REFUSED(ts, "primitive type");
	ts->w[ts->n - 3] = 8;
	EXPECT_REFUSED(ts, "primitive type");

	/* an instanced draw of anything */
	ts = gc880_64x16(test, &d, 4096);
	ts->n -= 4;
	etna_ts_cmd(ts, OP_DRAW_INSTANCED, 4);
	ts->w[ts->n - 4] |= 1;			/* one instance */
	ts->w[ts->n - 3] = 3;			/* three vertices */
	EXPECT_REFUSED(ts, "DRAW_INSTANCED");

	/* cores whose states the footprints do not describe */
	ts = gc880_64x16(test, &d, 4096);
	ts->new_states = true;
	EXPECT_REFUSED(ts, "core whose footprints");
	ts->new_states = false;
	ts->pixel_pipes = 3;
	EXPECT_REFUSED(ts, "core whose footprints");
}

/* Draws of nothing read and write nothing, states or not. */
static void empty_draws_accepted(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 0);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 0, 0);
	etna_ts_cmd(ts, OP_DRAW_INSTANCED, 4);		/* no vertex */
	etna_ts_cmd(ts, OP_DRAW_INSTANCED, 4);
	ts->w[ts->n - 3] = 3;				/* no instance */
	EXPECT_ACCEPTED(ts);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, R_UNSET);
}

/* PE_COLOR_FORMAT under a mask keeps what this stream set before. */
static void masked_format(struct kunit *test)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts = gc880_64x16(test, &d, 4096);
	unsigned int at;

	ts->n -= 4;
	/* SUPER_TILED kept as 0: still the 4 KiB of tiles */
	at = etna_ts_load1(ts, ETNA_PE_COLOR_FORMAT,
			   PE_A8R8G8B8 | ETNA_PE_CF_SUPER_TILED |
			   ETNA_PE_CF_SUPER_TILED_MASK);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	/* written: a supertile of 16 KiB */
	ts->w[at] &= ~ETNA_PE_CF_SUPER_TILED_MASK;
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	/* a mask on the first load: a field this stream never set */
	ts = gc880_64x16(test, &d, 4096);
	for (at = 0; at < ts->n; at += 2)
		if (ts->w[at] == LS_HDR(ETNA_PE_COLOR_FORMAT, 1))
			ts->w[at + 1] |= ETNA_PE_CF_FORMAT_MASK;
	EXPECT_REFUSED(ts, R_UNSET_3D);
}

/* A core with an instruction cache fetches RANGE.HIGH + 1 instructions. */
static void shader_code_from_memory(struct kunit *test)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts = gc880_64x16(test, &d, 4096);

	ts->icache = true;
	EXPECT_REFUSED(ts, R_UNSET_3D);
	ts->n -= 4;
	etna_ts_load1(ts, ETNA_VS_ICACHE_CONTROL, 0);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->n -= 4;
	etna_ts_load1(ts, ETNA_VS_ICACHE_CONTROL, ETNA_VS_ICACHE_ENABLE);
	etna_ts_load1(ts, ETNA_VS_RANGE, 3 << 16);
	etna_ts_load1(ts, ETNA_PS_RANGE, 7 << 16);
	etna_ts_reloc1(ts, ETNA_VS_INST_ADDR, 4 * 16);
	etna_ts_reloc1(ts, ETNA_PS_INST_ADDR, 8 * 16);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1]--;
	EXPECT_REFUSED(ts, "shader code past the end");
	ts->room[ts->nr - 1]++;
	ts->room[ts->nr - 2]--;
	EXPECT_REFUSED(ts, "shader code past the end");
}

/* The occlusion query: 8 bytes at its address, and off at the end. */
static void occlusion_query(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_reloc1(ts, ETNA_GL_OCCLUSION_QUERY_ADDR, 8);
	etna_ts_load1(ts, ETNA_GL_OCCLUSION_QUERY_CONTROL, 0x1df5e76);
	EXPECT_ACCEPTED(ts);
	ts->room[0] = 7;
	EXPECT_REFUSED(ts, "occlusion query past the end");
	ts->room[0] = 8;
	ts->n -= 2;
	EXPECT_REFUSED(ts, "occlusion query left on");
}

/*
 * A draw's checks hold until the stream loads one of their states: a
 * smaller colour buffer or vertex stream after an accepted draw counts.
 */
static void checks_follow_reloads(struct kunit *test)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts = gc880_64x16(test, &d, 4096);

	etna_ts_reloc1(ts, ETNA_PE_COLOR_ADDR, 4095);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "past the end of its colour buffer");

	ts = gc880_64x16(test, &d, 4096);
	etna_ts_reloc1(ts, ETNA_FE_VERTEX_STREAMS_BASE_ADDR(0), 3 * 16 - 1);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
}

static struct kunit_case etna_validate_3d_cases[] = {
	KUNIT_CASE(edge_px),
	KUNIT_CASE(color_to_the_last_byte),
	KUNIT_CASE(gc2000_halves),
	KUNIT_CASE(window_edges),
	KUNIT_CASE(depth_target),
	KUNIT_CASE(tile_status),
	KUNIT_CASE(unset_states_refused),
	KUNIT_CASE(unbounded_modes_refused),
	KUNIT_CASE(empty_draws_accepted),
	KUNIT_CASE(masked_format),
	KUNIT_CASE(shader_code_from_memory),
	KUNIT_CASE(occlusion_query),
	KUNIT_CASE(checks_follow_reloads),
	{}
};

static struct kunit_suite etna_validate_3d_suite = {
	.name = "etnaviv-validate-3d",
	.test_cases = etna_validate_3d_cases,
};

kunit_test_suite(etna_validate_3d_suite);
