// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the validator, vertices and indices
 *
 * The footprint of a 3D draw on its vertex streams and its index stream
 * (etna_validate_3d.c), and the indices that bound an indexed draw
 * (etna_validate_idx.c): the largest draw accepted, the smallest refused,
 * and the snapshot of the indices the core reads.
 */

#include <kunit/test.h>
#include <linux/kernel.h>

#include "etna_regs.h"
#include "etna_test_stream.h"
#include "etna_validate.h"

/* A GC880 draw of float4 vertices, 16 bytes apart, from a @room buffer. */
static struct etna_tstream *vtx_stream(struct kunit *test,
				       struct etna_ts_3d *d, u32 room)
{
	struct etna_tstream *ts = etna_ts_new(test);

	etna_ts_gc880(ts);
	*d = (struct etna_ts_3d){ .w = 16, .h = 16, .cfg = PE_A8R8G8B8,
				  .stride = 64, .room = { SZ_4K },
				  .vtx_stride = 16, .vtx_room = room };
	etna_ts_3d(ts, d);
	return ts;
}

/*
 * Each primitive type reaches its last vertex, and no further: 3
 * primitives from vertex 2 (a line loop's count is its vertices').
 */
static void prim_types_to_the_last_vertex(struct kunit *test)
{
	static const struct {
		u32 type, last;
	} prims[] = {
		{ ETNA_PRIM_POINTS, 2 + 2 },
		{ ETNA_PRIM_LINES, 2 + 5 },
		{ ETNA_PRIM_LINE_STRIP, 2 + 3 },
		{ ETNA_PRIM_LINE_LOOP, 2 + 2 },
		{ ETNA_PRIM_TRIANGLES, 2 + 8 },
		{ ETNA_PRIM_TRIANGLE_STRIP, 2 + 4 },
		{ ETNA_PRIM_TRIANGLE_FAN, 2 + 4 },
	};
	struct etna_tstream *ts;
	struct etna_ts_3d d;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(prims); i++) {
		ts = vtx_stream(test, &d, 16 * (prims[i].last + 1));
		etna_ts_draw(ts, prims[i].type, 2, 3);
		EXPECT_ACCEPTED(ts);
		ts->room[d.vtx_reloc]--;
		EXPECT_REFUSED(ts, "past the end of its vertex stream");
	}
	/* the vertices wrap past 2^32 - 1: 2^32 - 1 is one of them */
	ts = vtx_stream(test, &d, SZ_1M);
	etna_ts_draw(ts, ETNA_PRIM_POINTS, 0xfffffffe, 3);
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
}

/*
 * The elements: each one's bytes in its own stream (a GC2000 has 8), END
 * when it lies past the components, none for the vertex index of
 * ID_ENABLE; a stride of 0 reads one vertex.
 */
static void elements_and_streams(struct kunit *test)
{
	struct etna_tstream *ts = etna_ts_new(test);
	struct etna_ts_3d d = {
		.w = 16, .h = 16, .cfg = PE_A8R8G8B8, .stride = 64,
		.room = { SZ_4K, SZ_4K }, .vtx_stride = 16, .vtx_room = SZ_4K,
	};
	unsigned int s1;

	etna_ts_gc2000(ts);
	etna_ts_3d(ts, &d);
	/* a second element: 2 shorts at 4 in stream 1, END 12, stride 12 */
	etna_ts_load1(ts, ETNA_FE_VERTEX_ELEMENT_CONFIG(1),
		      ETNA_FE_VE_TYPE_SET(ETNA_FE_DT_SHORT) |
		      ETNA_FE_VE_NUM_SET(2) | ETNA_FE_VE_STREAM_SET(1) |
		      ETNA_FE_VE_START_SET(4) | ETNA_FE_VE_END_SET(12));
	s1 = etna_ts_reloc1(ts, ETNA_FE_VERTEX_STREAMS_BASE_ADDR(1),
			    8 * 12 + 12);
	etna_ts_load1(ts, ETNA_FE_VERTEX_STREAMS_CONTROL(1), 12);
	etna_ts_load1(ts, ETNA_VS_INPUT_COUNT, 2);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 3);	/* vertices 0..8 */
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1]--;
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
	/* the element as the vertex index instead: not fetched */
	ts->w[ts->n - 5] = 2 | ETNA_VS_INPUT_COUNT_ID_ENABLE;
	EXPECT_ACCEPTED(ts);
	/* a stride of 0: every vertex is the first one */
	ts->w[ts->n - 5] = 2;
	ts->w[s1 + 2] = 0;
	ts->room[ts->nr - 1] = 12;
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1] = 11;
	EXPECT_REFUSED(ts, "past the end of its vertex stream");

	/* a format the footprint does not know (2_10_10_10) */
	ts = vtx_stream(test, &d, SZ_4K);
	etna_ts_load1(ts, ETNA_FE_VERTEX_ELEMENT_CONFIG(0),
		      ETNA_FE_VE_TYPE_SET(6));
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_REFUSED(ts, "vertex format");

	/* the GC600's one stream: FE_VERTEX_STREAM_* */
	ts = etna_ts_new(test);
	etna_ts_gc600(ts);
	d.vtx_room = 3 * 16;
	etna_ts_3d(ts, &d);
	etna_ts_draw(ts, ETNA_PRIM_TRIANGLES, 0, 1);
	EXPECT_ACCEPTED(ts);
	ts->room[d.vtx_reloc]--;
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
}

/* An index stream of @type at @room bytes, the stream holding @vertices. */
static struct etna_tstream *idx_stream(struct kunit *test, u32 type,
				       u32 room, u32 vertices)
{
	struct etna_ts_3d d;
	struct etna_tstream *ts = vtx_stream(test, &d, 16 * vertices);

	etna_ts_reloc1(ts, ETNA_FE_INDEX_STREAM_BASE_ADDR, room);
	etna_ts_load1(ts, ETNA_FE_INDEX_STREAM_CONTROL,
		      ETNA_FE_INDEX_TYPE_SET(type));
	return ts;
}

/*
 * The index stream: the entries first..first + last; streams that hold
 * the largest index of the type need no index read.
 */
static void index_stream(struct kunit *test)
{
	struct etna_tstream *ts;

	/* 16-bit: entries 2..4 of a triangle, 10 bytes */
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_SHORT, 10, 65536);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 2, 1, 0);
	EXPECT_ACCEPTED(ts);
	ts->room[ts->nr - 1]--;
	EXPECT_REFUSED(ts, "past the end of its index stream");

	/* 8-bit: 256 vertices hold any index, 255 with a bias of 1 do not */
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_CHAR, 3, 256);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 1, 0);
	EXPECT_ACCEPTED(ts);
	ts->w[ts->n - 2] = 1;	/* the bias */
	EXPECT_REFUSED(ts, "were not read");
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_CHAR, 3, 255);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 1, 0);
	EXPECT_REFUSED(ts, "were not read");

	/* 32-bit: always read; an index type 3 is not bounded */
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_INT, SZ_4K, 65536);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 1, 0);
	EXPECT_REFUSED(ts, "were not read");
	ts = idx_stream(test, 3, SZ_4K, 65536);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 1, 0);
	EXPECT_REFUSED(ts, "index type");
}

/*
 * Indices read: the largest plus the bias must be a vertex the streams
 * hold (8 vertices here), modulo 2^32 as the FE adds them.
 */
static void indices_read(struct kunit *test)
{
	u16 idx[8] = { 0, 1, 2, 7, 3, 4, 5, 6 };
	u32 idx32[3] = { 0xfffffff0, 0xfffffff5, 0xfffffff7 };
	struct etna_tstream *ts;

	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_SHORT, sizeof(idx), 8);
	ts->idx_mem = idx;
	ts->idx_len = sizeof(idx);
	ts->idx_reloc = ts->nr - 1;
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 2, 0);
	EXPECT_ACCEPTED(ts);
	idx[3] = 8;
	EXPECT_REFUSED(ts, "indexed draw past the end of its vertex stream");
	idx[3] = 7;
	ts->w[ts->n - 2] = 1;	/* bias 1: 7 + 1 */
	EXPECT_REFUSED(ts, "indexed draw past the end of its vertex stream");
	/* the second triangle alone, from index 3, biased down by 1 */
	ts->w[ts->n - 4] = 3;
	ts->w[ts->n - 3] = 1;
	ts->w[ts->n - 2] = -1u;
	EXPECT_ACCEPTED(ts);	/* 7 - 1, 3 - 1, 4 - 1: all wrap */
	idx[4] = 0;
	EXPECT_REFUSED(ts, "indexed draw past the end of its vertex stream");

	/* 32-bit indices that all wrap back under 8 with the bias */
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_INT, sizeof(idx32), 8);
	ts->idx_mem = idx32;
	ts->idx_len = sizeof(idx32);
	ts->idx_reloc = ts->nr - 1;
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 0, 1, 0x10);
	EXPECT_ACCEPTED(ts);	/* 0, 5 and 7 */
	/* some wrap, some do not: 2^32 - 1 lies between */
	idx32[0] = 0xffffffe0;
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
	/* none wraps */
	idx32[0] = 0;
	idx32[1] = 1;
	idx32[2] = 7;
	ts->w[ts->n - 2] = 0;
	EXPECT_ACCEPTED(ts);
	idx32[2] = 8;
	EXPECT_REFUSED(ts, "past the end of its vertex stream");
}

/*
 * The snapshot: the indices the draws read, each load of the index stream
 * a region at its offset modulo 64, and the index stream address patched
 * so that the draws read the snapshot.
 */
static void indices_placed(struct kunit *test)
{
	u8 idx[200];
	struct etna_tstream *ts;
	u32 dst[64], gpu = 0x7fff0000;
	unsigned int at, at2, i;

	for (i = 0; i < sizeof(idx); i++)
		idx[i] = i % 8;
	ts = idx_stream(test, ETNA_FE_IT_UNSIGNED_CHAR, sizeof(idx), 8);
	ts->idx_mem = idx;
	ts->idx_len = sizeof(idx);
	ts->idx_reloc = ts->nr - 1;
	at = ts->n - 3;		/* the index stream address */
	ts->addr[ts->idx_reloc] = 0x10000005;
	/* two draws of one load: bytes 70..75 and 66..68 */
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 70, 2, 0);
	etna_ts_draw_indexed(ts, ETNA_PRIM_TRIANGLES, 66, 1, 0);
	EXPECT_ACCEPTED(ts);
	KUNIT_ASSERT_NOT_NULL(test, ts->scans);
	/* one region, 66..75, at 66 % 64 */
	KUNIT_EXPECT_EQ(test, etna_validate_indices_size(ts->scans), 2u + 10);
	memset(dst, 0xee, sizeof(dst));
	etna_validate_indices_place(ts->scans, ts->run, dst, gpu);
	KUNIT_EXPECT_EQ(test, ts->run[at], gpu + 2 - 66);
	KUNIT_EXPECT_EQ(test, memcmp((u8 *)dst + 2, idx + 66, 10), 0);

	/* a second load: its own region, 64-byte aligned after the first */
	at2 = etna_ts_reloc1(ts, ETNA_FE_INDEX_STREAM_BASE_ADDR, sizeof(idx));
	ts->addr[ts->nr - 1] = ts->addr[ts->idx_reloc];
	ts->idx_reloc = -1;	/* both relocations point at @idx */
	etna_ts_draw_indexed(ts, ETNA_PRIM_POINTS, 130, 3, 0);
	EXPECT_ACCEPTED(ts);
	KUNIT_EXPECT_EQ(test, etna_validate_indices_size(ts->scans),
			64u + 130 % 64 + 3);
	etna_validate_indices_place(ts->scans, ts->run, dst, gpu);
	KUNIT_EXPECT_EQ(test, ts->run[at], gpu + 2 - 66);
	KUNIT_EXPECT_EQ(test, ts->run[at2], gpu + 66 - 130);
	KUNIT_EXPECT_EQ(test, memcmp((u8 *)dst + 66, idx + 130, 3), 0);
}

static struct kunit_case etna_validate_vtx_cases[] = {
	KUNIT_CASE(prim_types_to_the_last_vertex),
	KUNIT_CASE(elements_and_streams),
	KUNIT_CASE(index_stream),
	KUNIT_CASE(indices_read),
	KUNIT_CASE(indices_placed),
	{}
};

static struct kunit_suite etna_validate_vtx_suite = {
	.name = "etnaviv-validate-vtx",
	.test_cases = etna_validate_vtx_cases,
};

kunit_test_suite(etna_validate_vtx_suite);
