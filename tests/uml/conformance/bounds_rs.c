// SPDX-License-Identifier: MIT
/*
 * conformance: the resolve engine's and the tile status' bounds at their
 * exact edges (bounds.h). The footprints are those the validator draws
 * (drivers/gpu/drm/etnaviv/etna_validate_rs.c): the window at each pixel
 * pipe's offset, halved on the destination by downsampling; a linear side
 * of R rows and C pixels of B bytes at stride S reaches (R - 1) * S +
 * C * B bytes from its address; a tiled one's stride is a row of 4x4
 * tiles', counted in whole tiles, and in whole 64x64 supertiles of 256
 * tiles (a row of them 16 strides) when supertiled; a multi-tiled or
 * multi-supertiled side is two halves, each from its own address (etna_viv
 * doc/hardware.md, "Tiling", "Supertiling", "Multi-tiling"). An accepted
 * operation that moves bytes is checked to have reached its buffers'
 * last byte.
 */
#include "bounds.h"

/* ------------------------------------------------------------------ */
/* The resolve engine: its window, layouts and downsampling */

#define LAY(f)		offsetof(struct rs_lay, f)
#define SUPER_ROW	1024u	/* a row of 4x4 tiles, 64 pixels of 4 bytes */
#define SUPER_BO	32768u	/* two 64x64 supertiles of 4 bytes */

/*
 * A fill (@copy 0) or a copy of the @w x @h window: the destination's
 * halves in buffers 0 and 1 at @doff0 and @doff1, the source's in buffers
 * 2 and 3 at @soff0 and @soff1 (a one-pipe core's RS_*_ADDR and a
 * two-pipe core's RS_PIPE_*_ADDR[0] at the first; [1] at the second,
 * which only a MULTI side uses); @cfg RS_CONFIG's tiling and downsampling
 * bits, the strides with their TILING and MULTI bits; the pixel pipes at
 * @poff0 and @poff1 (RS_PIPE_OFFSET, two-pipe cores); @extra
 * RS_EXTRA_CONFIG.
 */
struct rs_lay {
	uint32_t cfg, sstride, dstride, w, h, copy;
	uint32_t doff0, doff1, soff0, soff1;
	uint32_t poff0, poff1, extra;
};

static void rs_lay_stream(struct sb *s, const struct rs_lay *op)
{
	memset(s, 0, sizeof(*s));
	ls_bo(s, ST_RS_DEST_ADDR, 0, op->doff0);
	ls_bo(s, ST_RS_PIPE_DEST_ADDR(0), 0, op->doff0);
	ls_bo(s, ST_RS_PIPE_DEST_ADDR(1), 1, op->doff1);
	ls_bo(s, ST_RS_SOURCE_ADDR, 2, op->soff0);
	ls_bo(s, ST_RS_PIPE_SOURCE_ADDR(0), 2, op->soff0);
	ls_bo(s, ST_RS_PIPE_SOURCE_ADDR(1), 3, op->soff1);
	ls(s, ST_RS_CONFIG, RS_CONFIG_A8R8G8B8 | op->cfg);
	ls(s, ST_RS_SOURCE_STRIDE, op->sstride);
	ls(s, ST_RS_DEST_STRIDE, op->dstride);
	ls(s, ST_RS_PIPE_OFFSET(0), op->poff0);
	ls(s, ST_RS_PIPE_OFFSET(1), op->poff1);
	ls(s, ST_RS_WINDOW_SIZE, WH_HEIGHT(op->h) | WH_WIDTH(op->w));
	ls(s, ST_RS_DITHER(0), 0xffffffff);
	ls(s, ST_RS_DITHER(1), 0xffffffff);
	ls(s, ST_RS_CLEAR_CONTROL, op->copy ? 0 : RS_CLEAR_FILL);
	ls(s, ST_RS_FILL_VALUE(0), NEW);
	ls(s, ST_RS_EXTRA_CONFIG, op->extra);
	ls(s, ST_TS_MEM_CONFIG, 0);
	ls(s, ST_RS_KICKER, 0xbeebbeeb);
}

/* @op with the field at @field set to @v, on the buffers @h[0..3]. */
static bool lay_try(const struct engine *e, const uint32_t *h,
		    struct rs_lay op, size_t field, uint32_t v, int want,
		    const char *name)
{
	struct sb s;

	*(uint32_t *)((char *)&op + field) = v;
	rs_lay_stream(&s, &op);
	return edge_expect(e, &s, h, 4, want, "%s", name);
}

/* Buffers 0-3 of @size bytes: the destination's OLD, the source's NEW. */
static bool lay_new(uint32_t *h, const uint32_t *size)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		if (!bufs_new(h + i, 1, size[i], i < 2 ? OLD : NEW)) {
			bufs_close(h, i);
			return false;
		}
	return true;
}

/*
 * One tiled side at its edge: @op (a fill: its destination; a copy: its
 * source) reaching the last byte of buffers @size, and after it buffer 0
 * holding NEW in @rows rows of @row_bytes bytes, @stride apart, from the
 * destination's offset (and buffer 1 from its own, for a MULTI
 * destination); then the window a pixel wider and a pixel taller, the
 * stride a byte longer and each half a byte further, refused. @pipes:
 * the pixel pipes it needs (MULTI: two), or 0.
 */
struct lay_edge {
	const char *name;
	struct rs_lay op;
	uint32_t size[4];
	uint32_t rows, stride, row_bytes;
	unsigned int pipes;
};

/* "bound-rs-@side@what", with "-half@i" before @tail when in two halves */
static void lay_name(char *name, const char *side, const char *what,
		     unsigned int halves, unsigned int i, const char *tail)
{
	char half[16] = "";

	if (halves > 1)
		snprintf(half, sizeof(half), "-half%u", i);
	snprintf(name, 80, "bound-rs-%s%s%s%s", side, what, half, tail);
}

static void lay_edges(const struct engine *e, const struct lay_edge *c)
{
	const size_t off[2][2] = {
		{ LAY(doff0), LAY(doff1) }, { LAY(soff0), LAY(soff1) },
	};
	bool src = c->op.copy;
	uint32_t st = src ? c->op.sstride : c->op.dstride, h[4], base;
	unsigned int halves = st & RS_STRIDE_MULTI ? 2 : 1, i;
	char name[80];

	if (!lay_new(h, c->size))
		return;
	snprintf(name, sizeof(name), "bound-rs-%s-%ux%u-last", c->name,
		 c->op.w, c->op.h);
	if (lay_try(e, h, c->op, LAY(w), c->op.w, 0, name))
		for (i = 0; i < (src ? 1 : halves); i++) {
			lay_name(name, c->name, src ? "-copied" : "",
				 src ? 1 : halves, i, "");
			check_drawn(e, h[i], c->size[i],
				    i ? c->op.doff1 : c->op.doff0, c->rows,
				    c->stride, c->row_bytes, name);
		}
	snprintf(name, sizeof(name), "bound-rs-%s-width-%u", c->name,
		 c->op.w + 1);
	lay_try(e, h, c->op, LAY(w), c->op.w + 1, -EINVAL, name);
	snprintf(name, sizeof(name), "bound-rs-%s-height-%u", c->name,
		 c->op.h + 1);
	lay_try(e, h, c->op, LAY(h), c->op.h + 1, -EINVAL, name);
	snprintf(name, sizeof(name), "bound-rs-%s-stride-%u", c->name,
		 (st & 0x3ffff) + 1);
	lay_try(e, h, c->op, src ? LAY(sstride) : LAY(dstride), st + 1,
		-EINVAL, name);
	for (i = 0; i < halves; i++) {
		lay_name(name, c->name, "", halves, i, "-one-byte-short");
		base = *(const uint32_t *)((const char *)&c->op + off[src][i]);
		lay_try(e, h, c->op, off[src][i], base + 1, -EINVAL, name);
	}
	bufs_close(h, 4);
}

/*
 * The tiled layouts. 4x4 tiled: the 64 x 16 window is 4 rows of 16 tiles
 * of 64 bytes, a row of tiles 1024 bytes, the 4 KiB to the last byte; a
 * pixel wider or taller reaches a tile or a row of tiles more, a stride
 * a byte longer 3 bytes more. Multi-tiled (two pixel pipes): the 64 x 16
 * window's half is every other row of 4x4 tiles, 2 rows of tiles of
 * 1024 bytes (the stride of a multi-tiled surface is that of one row of
 * tiles), each half at the end of its buffer. Supertiled (64x64
 * supertiles of 16 KiB, a row of them 16 strides): the 64 x 128 window
 * is two supertiles, one below the other, 32 KiB to the last byte; one
 * pixel wider or taller reaches a supertile more, a stride a byte longer
 * 16 bytes more. Multi-supertiled (two pixel pipes): each 64 x 128 block
 * holds a supertile of each half, so the 64 x 256 window is two
 * supertiles of each half, 32 KiB from each half's address. Each as a
 * fill's destination (drawn whole) and, but the multi-tiled one, as a
 * copy's source (copied to a linear destination of 512 bytes a row,
 * with room for a row and a column more).
 */
static void test_bounds_rs_tiled(const struct engine *e, unsigned int pipes)
{
	const uint32_t st = SUPER_ROW | RS_STRIDE_TILING;
	const uint32_t ms = st | RS_STRIDE_MULTI, half = 2 * 1024;
	const struct lay_edge c[] = {
		{ "tiled-dst", { .cfg = RS_CONFIG_DEST_TILED, .dstride = 1024,
				 .w = EDGE_W, .h = EDGE_H },
		  { EDGE_BO, EDGE_BO, EDGE_BO, EDGE_BO },
		  1, EDGE_BO, EDGE_BO, 0 },
		{ "tiled-src", { .cfg = RS_CONFIG_SOURCE_TILED, .sstride = 1024,
				 .dstride = 512, .w = EDGE_W, .h = EDGE_H,
				 .copy = 1 },
		  { 3 * EDGE_BO, EDGE_BO, EDGE_BO, EDGE_BO },
		  EDGE_H, 512, 256, 0 },
		{ "super-dst", { .cfg = RS_CONFIG_DEST_TILED, .dstride = st,
				 .w = 64, .h = 128 },
		  { SUPER_BO, EDGE_BO, EDGE_BO, EDGE_BO },
		  1, SUPER_BO, SUPER_BO, 0 },
		{ "super-src", { .cfg = RS_CONFIG_SOURCE_TILED, .sstride = st,
				 .dstride = 512, .w = 64, .h = 128, .copy = 1 },
		  { 2 * SUPER_BO + EDGE_BO, EDGE_BO, SUPER_BO, EDGE_BO },
		  128, 512, 256, 0 },
		/* multi-tiled: MULTI without TILING */
		{ "multi", { .cfg = RS_CONFIG_DEST_TILED, .w = EDGE_W,
			     .h = EDGE_H, .dstride = 1024 | RS_STRIDE_MULTI,
			     .doff0 = EDGE_BO - half, .doff1 = EDGE_BO - half },
		  { EDGE_BO, EDGE_BO, EDGE_BO, EDGE_BO },
		  1, EDGE_BO, half, 2 },
		{ "msuper-dst", { .cfg = RS_CONFIG_DEST_TILED, .dstride = ms,
				  .w = 64, .h = 256 },
		  { SUPER_BO, SUPER_BO, EDGE_BO, EDGE_BO },
		  1, SUPER_BO, SUPER_BO, 2 },
		{ "msuper-src", { .cfg = RS_CONFIG_SOURCE_TILED, .sstride = ms,
				  .dstride = 512, .w = 64, .h = 256, .copy = 1 },
		  { 4 * SUPER_BO + EDGE_BO, EDGE_BO, SUPER_BO, SUPER_BO },
		  256, 512, 256, 2 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		if (!c[i].pipes || c[i].pipes == pipes)
			lay_edges(e, &c[i]);
}

/*
 * Downsampling (RS_CONFIG DOWNSAMPLE_X and _Y: the resolve of a
 * multisampled source) writes the window halved, rounded up, and reads
 * all of it. The device model does not downsample (such a kick counts in
 * rs_unsupported and moves no byte): these are the validator's edges,
 * an accepted one is not checked to reach its last byte. The linear
 * destination: 64 x 16 at 256 bytes a row, the 4 KiB; the source, 512
 * or 256 bytes a row, in a buffer with room (or at its end, @src_end).
 * The AA modes of RS_EXTRA_CONFIG, whose footprint the validator does
 * not bound, are refused.
 */
static void test_bounds_rs_down(const struct engine *e)
{
	static const struct {
		uint32_t cfg, w, h, sstride;
		const char *name;
	} d[] = {
		{ RS_CONFIG_DOWNSAMPLE_X | RS_CONFIG_DOWNSAMPLE_Y, 128, 32,
		  512, "xy" },
		{ RS_CONFIG_DOWNSAMPLE_X, 128, 16, 512, "x" },
		{ RS_CONFIG_DOWNSAMPLE_Y, 64, 32, EDGE_STRIDE, "y" },
	};
	struct rs_lay op = { .dstride = EDGE_STRIDE, .copy = 1 };
	uint32_t h[4], src_end;
	char name[80];
	unsigned int i;

	if (!lay_new(h, (const uint32_t[4]){ EDGE_BO, EDGE_BO, SUPER_BO,
					     EDGE_BO }))
		return;
	for (i = 0; i < ARRAY_SIZE(d); i++) {
		op.cfg = d[i].cfg;
		op.w = d[i].w;
		op.h = d[i].h;
		op.sstride = d[i].sstride;
		op.soff0 = 0;
		snprintf(name, sizeof(name), "bound-rs-down-%s-%ux%u-last",
			 d[i].name, op.w, op.h);
		lay_try(e, h, op, LAY(w), op.w, 0, name);
		snprintf(name, sizeof(name), "bound-rs-down-%s-width-%u",
			 d[i].name, op.w + 1);
		lay_try(e, h, op, LAY(w), op.w + 1, -EINVAL, name);
		snprintf(name, sizeof(name), "bound-rs-down-%s-height-%u",
			 d[i].name, op.h + 1);
		lay_try(e, h, op, LAY(h), op.h + 1, -EINVAL, name);
		/* the source is not halved: at its buffer's end, a byte short */
		src_end = SUPER_BO - (op.h - 1) * op.sstride - op.w * 4;
		snprintf(name, sizeof(name),
			 "bound-rs-down-%s-src-offset-%u-last", d[i].name,
			 src_end);
		lay_try(e, h, op, LAY(soff0), src_end, 0, name);
		snprintf(name, sizeof(name), "bound-rs-down-%s-src-offset-%u",
			 d[i].name, src_end + 1);
		lay_try(e, h, op, LAY(soff0), src_end + 1, -EINVAL, name);
	}
	/* RS_EXTRA_CONFIG's AA modes: a footprint not bounded, refused */
	op.soff0 = 0;
	for (i = 1; i < 4; i++) {
		snprintf(name, sizeof(name), "bound-rs-down-y-extra-aa-%u", i);
		lay_try(e, h, op, LAY(extra), RS_EXTRA_AA(i), -EINVAL, name);
	}
	bufs_close(h, 4);
}

/* ------------------------------------------------------------------ */
/* All of the resolve engine's edges */

void test_bounds_rs(const struct engine *e, unsigned int pipes)
{
	static const uint32_t size[4] = { EDGE_BO, EDGE_BO, EDGE_BO, EDGE_BO };
	const struct rs_lay whole = {
		.dstride = EDGE_STRIDE, .w = EDGE_W, .h = EDGE_H,
	};
	/* two pipes: each the half of the rows, the second below the first */
	const struct rs_lay halves = {
		.dstride = EDGE_STRIDE, .w = EDGE_W, .h = EDGE_H / 2,
		.poff1 = RS_OFFSET_Y(EDGE_H / 2),
	};
	struct rs_lay op;
	uint32_t h[4];

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D)
		return;
	if (!lay_new(h, size))
		return;
	op = whole;
	if (lay_try(e, h, op, LAY(w), EDGE_W, 0, "bound-rs-width-64-last"))
		check_drawn(e, h[0], EDGE_BO, 0, EDGE_H, EDGE_STRIDE,
			    EDGE_STRIDE, "bound-rs-width-64");
	lay_try(e, h, op, LAY(w), EDGE_W + 1, -EINVAL, "bound-rs-width-65");
	lay_try(e, h, op, LAY(h), EDGE_H + 1, -EINVAL, "bound-rs-height-17");
	lay_try(e, h, op, LAY(dstride), EDGE_STRIDE + 1, -EINVAL,
		"bound-rs-stride-257");
	op.w = EDGE_W - 1;
	lay_try(e, h, op, LAY(doff0), 4, 0, "bound-rs-offset-4-last");
	lay_try(e, h, op, LAY(doff0), 5, -EINVAL, "bound-rs-offset-5");
	bufs_close(h, 4);
	test_bounds_rs_tiled(e, pipes);
	test_bounds_rs_down(e);
	if (pipes != 2)
		return;

	/* each pixel pipe's half of the window, in x and in y */
	if (!lay_new(h, size))
		return;
	op = halves;
	if (lay_try(e, h, op, LAY(poff1), RS_OFFSET_Y(EDGE_H / 2), 0,
		    "bound-rs-pipe1-y-8-last"))
		check_drawn(e, h[0], EDGE_BO, 0, EDGE_H, EDGE_STRIDE,
			    EDGE_STRIDE, "bound-rs-pipe1-y-8");
	lay_try(e, h, op, LAY(poff1), RS_OFFSET_Y(EDGE_H / 2 + 1), -EINVAL,
		"bound-rs-pipe1-y-9");
	lay_try(e, h, op, LAY(poff1), RS_OFFSET_Y(EDGE_H / 2) | RS_OFFSET_X(1),
		-EINVAL, "bound-rs-pipe1-x-1");
	lay_try(e, h, op, LAY(poff0), RS_OFFSET_Y(EDGE_H / 2 + 1), -EINVAL,
		"bound-rs-pipe0-y-9");
	lay_try(e, h, op, LAY(poff0), RS_OFFSET_X(1), -EINVAL,
		"bound-rs-pipe0-x-1");
	lay_try(e, h, op, LAY(poff0), RS_OFFSET_Y(EDGE_H / 2), 0,
		"bound-rs-pipe0-y-8-last");
	bufs_close(h, 4);
}

/* ------------------------------------------------------------------ */
/* Tile status: an in-place resolve of N tiles, colour and depth */

/*
 * RS_KICKER_INPLACE of @tiles with the tile status @t (0 colour, 1 depth)
 * on: its status buffer is buffer 0 at @soff, its surface buffer 1 at
 * @surf.
 */
static bool ts_try(const struct engine *e, const uint32_t *h, unsigned int t,
		   uint32_t tiles, uint32_t soff, uint32_t surf, int want,
		   const char *name)
{
	static const char *const tn[] = { "color", "depth" };
	struct sb s = { .n = 0 };

	ls(&s, ST_TS_MEM_CONFIG, t ? TS_DEPTH_FAST_CLEAR : TS_COLOR_FAST_CLEAR);
	ls_bo(&s, t ? ST_TS_DEPTH_STATUS_BASE : ST_TS_COLOR_STATUS_BASE, 0,
	      soff);
	ls_bo(&s, t ? ST_TS_DEPTH_SURFACE_BASE : ST_TS_COLOR_SURFACE_BASE, 1,
	      surf);
	ls(&s, ST_RS_KICKER_INPLACE, tiles);
	ls(&s, ST_TS_MEM_CONFIG, 0);
	return edge_expect(e, &s, h, 2, want, "bound-ts-%s-%s", tn[t], name);
}

/*
 * A resolve copy (@w x 16, linear, buffer 1 to buffer 0) with the colour
 * fast clear on: the status entries of the source's blocks from the
 * surface base (the source's address), in buffer 2 at @soff.
 */
static bool ts_copy_try(const struct engine *e, const uint32_t *h,
			uint32_t w, uint32_t soff, int want, const char *name)
{
	struct sb s = { .n = 0 };

	ls_bo(&s, ST_RS_SOURCE_ADDR, 1, 0);
	ls_bo(&s, ST_RS_PIPE_SOURCE_ADDR(0), 1, 0);
	ls_bo(&s, ST_RS_DEST_ADDR, 0, 0);
	ls_bo(&s, ST_RS_PIPE_DEST_ADDR(0), 0, 0);
	ls(&s, ST_RS_CONFIG, RS_CONFIG_A8R8G8B8);
	ls(&s, ST_RS_SOURCE_STRIDE, EDGE_STRIDE);
	ls(&s, ST_RS_DEST_STRIDE, EDGE_STRIDE);
	ls(&s, ST_RS_PIPE_OFFSET(0), 0);
	ls(&s, ST_RS_PIPE_OFFSET(1), 0);
	ls(&s, ST_RS_WINDOW_SIZE, WH_HEIGHT(EDGE_H) | WH_WIDTH(w));
	ls(&s, ST_RS_DITHER(0), 0xffffffff);
	ls(&s, ST_RS_DITHER(1), 0xffffffff);
	ls(&s, ST_RS_CLEAR_CONTROL, 0);
	ls(&s, ST_RS_EXTRA_CONFIG, 0);
	ls(&s, ST_TS_MEM_CONFIG, TS_COLOR_FAST_CLEAR);
	ls_bo(&s, ST_TS_COLOR_STATUS_BASE, 2, soff);
	ls_bo(&s, ST_TS_COLOR_SURFACE_BASE, 1, 0);
	ls(&s, ST_RS_KICKER, 0xbeebbeeb);
	ls(&s, ST_TS_MEM_CONFIG, 0);
	return edge_expect(e, &s, h, 3, want, "%s", name);
}

/*
 * The source's last byte in block 60 (2-bit entries: 61 of them, 15.25
 * bytes) or 62 (4-bit: 63, 31.5 bytes): the last byte of status is
 * partly used, so that one entry more or less moves the edge.
 */
static void test_bounds_ts_copy(const struct engine *e, unsigned int bits)
{
	uint32_t w = bits == 2 ? 16 : 48, entries = bits == 2 ? 61 : 63;
	uint32_t need = (entries * bits + 7) / 8, h[3];
	char name[64];

	/* the destination as before, the source NEW, no entry cleared */
	if (!bufs_new(h, 1, EDGE_BO, OLD))
		return;
	if (!bufs_new(h + 1, 1, EDGE_BO, NEW)) {
		bufs_close(h, 1);
		return;
	}
	if (!bufs_new(h + 2, 1, EDGE_BO, 0)) {
		bufs_close(h, 2);
		return;
	}
	snprintf(name, sizeof(name),
		 "bound-ts-copy-status-%u-bit-offset-%u-last", bits,
		 EDGE_BO - need);
	if (ts_copy_try(e, h, w, EDGE_BO - need, 0, name))
		check_drawn(e, h[0], EDGE_BO, 0, EDGE_H, EDGE_STRIDE, w * 4,
			    "bound-ts-copy");
	snprintf(name, sizeof(name), "bound-ts-copy-status-%u-bit-offset-%u",
		 bits, EDGE_BO - need + 1);
	ts_copy_try(e, h, w, EDGE_BO - need + 1, -EINVAL, name);
	bufs_close(h, 3);
}

void test_bounds_ts(const struct engine *e, unsigned int bits)
{
	/* 63 tiles: entries of 2 bits take 16 bytes (15.75), of 4: 32 (31.5) */
	uint32_t need = (63 * bits + 7) / 8, h[2];
	char name[64];
	unsigned int t;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D || upstream)
		return;
	if (!bufs_new(h, 2, EDGE_BO, 0))
		return;
	for (t = 0; t < 2; t++) {
		ts_try(e, h, t, 64, 0, 0, 0, "surface-64-tiles-last");
		ts_try(e, h, t, 65, 0, 0, -EINVAL, "surface-65-tiles");
		ts_try(e, h, t, 63, 0, 64, 0, "surface-offset-64-last");
		ts_try(e, h, t, 63, 0, 65, -EINVAL, "surface-offset-65");
		snprintf(name, sizeof(name), "status-%u-bit-offset-%u-last",
			 bits, EDGE_BO - need);
		ts_try(e, h, t, 63, EDGE_BO - need, 0, 0, name);
		snprintf(name, sizeof(name), "status-%u-bit-offset-%u", bits,
			 EDGE_BO - need + 1);
		ts_try(e, h, t, 63, EDGE_BO - need + 1, 0, -EINVAL, name);
	}
	bufs_close(h, 2);
	test_bounds_ts_copy(e, bits);
}

