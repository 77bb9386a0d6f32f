// SPDX-License-Identifier: MIT
/*
 * conformance: every bound at its exact edge. For each footprint the
 * MMUv1 validator draws (the 2D engine's destination and source, the
 * resolve engine's window at each pixel pipe's offset, the tile status
 * buffers) and each limit of the UAPI (etnaviv_drm.h), the largest value
 * accepted and the smallest refused, one dimension at a time. The edges
 * come from the definitions: a 2D or linear RS surface of R rows and C
 * pixels of B bytes at stride S reaches (R - 1) * S + C * B bytes from its
 * address (drivers/gpu/drm/etnaviv/etna_validate_2d.c, _rs.c), a tile
 * status buffer holds an entry of 2 or 4 bits (2BITPERTILE) for each
 * 64-byte block, and the UAPI header gives the counts. An accepted
 * operation that draws is checked to have filled its buffer to the last
 * byte, and the model to have seen no fault (check_model()).
 *
 * Refused edges that Linux 6.1 accepts (it bounds no footprint) are not
 * tried on upstream: the GPU would write past the buffer.
 */
#include "conformance.h"

#define EDGE_STRIDE	256u	/* 64 pixels of 4 bytes a row: 16 rows */
#define EDGE_W		64u
#define EDGE_H		16u
#define OLD		0xdeadbeefu	/* the buffers' contents before */
#define NEW		0x12345678u	/* what a fill or clear writes */

void ls(struct sb *s, uint32_t state, uint32_t v)
{
	s->w[s->n++] = ETNA_CMD_LOAD_STATE(state, 1);
	s->w[s->n++] = v;
}

/* A load of an address state: buffer @idx at @off. */
void ls_bo(struct sb *s, uint32_t state, uint32_t idx, uint64_t off)
{
	s->r[s->nr] = reloc_at((s->n + 1) * 4);
	s->r[s->nr].reloc_idx = idx;
	s->r[s->nr].reloc_offset = off;
	s->nr++;
	ls(s, state, 0);
}

/* Buffers of EDGE_BO bytes, filled with @fill through a mapping. */
bool bufs_new(uint32_t *h, unsigned int n, uint32_t fill)
{
	unsigned int i, j;
	uint32_t *p;

	for (i = 0; i < n; i++) {
		if (etna_gem_new(fd, EDGE_BO, ETNA_BO_WC, &h[i]))
			goto undo;
		p = map_bo(fd, h[i], EDGE_BO);
		if (!p) {
			i++;
			goto undo;
		}
		for (j = 0; j < EDGE_BO / 4; j++)
			p[j] = fill;
		munmap(p, EDGE_BO);
	}
	return true;
undo:
	while (i--)
		etna_gem_close(fd, h[i]);
	return false;
}

void bufs_close(const uint32_t *h, unsigned int n)
{
	while (n--)
		etna_gem_close(fd, h[n]);
}

/*
 * Submit @s with the buffers @h (the first @nw written, the rest read):
 * expect @want with ours; on upstream a refusal is not tried.
 */
static bool __printf(6, 7)
edge_expect(const struct engine *e, const struct sb *s, const uint32_t *h,
	    unsigned int n, int want, const char *fmt, ...)
{
	struct drm_etnaviv_gem_submit_bo bos[4];
	struct drm_etnaviv_gem_submit req;
	char name[128];
	unsigned int i;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (want && upstream) {
		info("submit-%s/%s: not run on upstream: it accepts it and "
		     "the GPU would go past the buffer", name, e->name);
		return true;
	}
	for (i = 0; i < n; i++) {
		bos[i].flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE;
		bos[i].handle = h[i];
		bos[i].presumed = 0;
	}
	req = sub_init(e, s->w, s->n, bos, n, (void *)s->r, s->nr);
	return sub_expect(e, &req, want, "%s%s", name,
			  want ? " (ours only)" : "");
}

/*
 * Whether the buffer @h holds @v in the @rows rows of @row_bytes bytes,
 * @stride apart, from @off on, and @old everywhere else: the accepted
 * operation drew exactly there.
 */
static void check_drawn(const struct engine *e, uint32_t h, uint32_t off,
			uint32_t rows, uint32_t stride, uint32_t row_bytes,
			const char *name)
{
	uint32_t *p = map_bo(fd, h, EDGE_BO), want, b;
	bool ok = p != NULL;
	unsigned int i;

	for (i = 0; ok && i < EDGE_BO / 4; i++) {
		b = i * 4 - off;
		want = i * 4 >= off && b / stride < rows &&
		       b % stride < row_bytes ? NEW : OLD;
		if (p[i] != want)
			ok = fail("byte %u holds 0x%08x, want 0x%08x", i * 4,
				  p[i], want);
	}
	if (p)
		munmap(p, EDGE_BO);
	report(ok, "%s-drawn/%s (every byte it covers, nothing else)", name,
	       e->name);
}

/* ------------------------------------------------------------------ */
/* The 2D engine: destination and source */

/*
 * The destination states of a 2D @cmd into buffer 0 at @off with @stride,
 * rectangle (@x1,@y1)-(@x2,@y2); with DE_CMD_BIT_BLT the source is buffer
 * 1 at @soff with stride @sstride, from @ox,@oy, and with @pat the ROP
 * copies an 8 x 8 pattern from memory, buffer 2 at @poff.
 */
struct de_op {
	uint32_t cmd, off, stride, x1, y1, x2, y2;
	uint32_t soff, sstride, ox, oy;
	uint32_t pat, poff;
};

static void de_stream(struct sb *s, const struct de_op *op)
{
	memset(s, 0, sizeof(*s));
	if (op->cmd == DE_CMD_BIT_BLT) {
		ls_bo(s, ST_DE_SRC_ADDR, 1, op->soff);
		ls(s, ST_DE_SRC_STRIDE, op->sstride);
		ls(s, ST_DE_SRC_ROT_CONFIG, 0);
		ls(s, ST_DE_SRC_CONFIG, DE_SRC_FORMAT(DE_FORMAT_A8R8G8B8));
		ls(s, ST_DE_SRC_ORIGIN, RS_OFFSET_Y(op->oy) |
					RS_OFFSET_X(op->ox));
	}
	if (op->pat) {
		ls_bo(s, ST_DE_PATTERN_ADDR, 2, op->poff);
		ls(s, ST_DE_PATTERN_CONFIG, DE_PATTERN_MEMORY);
	}
	/* the clear of PE 1.0 cores (GC600) too: no other job's states */
	ls(s, ST_DE_ROP, op->pat ? DE_ROP3_PATCOPY : DE_ROP3_COPY);
	ls(s, ST_DE_ALPHA_CONTROL, 0);
	ls(s, ST_DE_PE_TRANSPARENCY, 0);
	ls(s, ST_DE_CLEAR_BYTE_MASK, 0xff);
	ls(s, ST_DE_CLEAR_PIXEL_LOW, NEW);
	ls(s, ST_DE_CLEAR_PIXEL_HIGH, NEW);
	ls_bo(s, ST_DE_DEST_ADDR, 0, op->off);
	ls(s, ST_DE_DEST_STRIDE, op->stride);
	ls(s, ST_DE_DEST_ROT_CONFIG, 0);
	ls(s, ST_DE_DEST_CONFIG, DE_DEST_FORMAT(DE_FORMAT_A8R8G8B8) |
				 DE_DEST_COMMAND(op->cmd));
	ls(s, ST_DE_ROT_ANGLE, 0);
	ls(s, ST_DE_CONFIG, 0);
	ls(s, ST_DE_CLIP_TOP_LEFT, 0);
	ls(s, ST_DE_CLIP_BOTTOM_RIGHT,
	   DE_CLIP_Y(DE_CLIP_MAX) | DE_CLIP_X(DE_CLIP_MAX));
	ls(s, ST_DE_CLEAR_PIXEL32, NEW);
	s->w[s->n++] = CMD_DRAW_2D(1, 0);
	s->w[s->n++] = 0;
	s->w[s->n++] = DRAW_2D_Y(op->y1) | DRAW_2D_X(op->x1);
	s->w[s->n++] = DRAW_2D_Y(op->y2) | DRAW_2D_X(op->x2);
	ls(s, ST_GL_FLUSH_CACHE, GL_FLUSH_PE2D);
}

/* One 2D operation: @op with the field at @field set to @v. */
static bool de_try(const struct engine *e, uint32_t *h, struct de_op op,
		   size_t field, uint32_t v, int want, const char *name)
{
	struct sb s;

	*(uint32_t *)((char *)&op + field) = v;
	de_stream(&s, &op);
	return edge_expect(e, &s, h, op.pat ? 3 :
			   op.cmd == DE_CMD_BIT_BLT ? 2 : 1, want, "%s", name);
}

static void test_bounds_2d(const struct engine *e)
{
	/* 64 x 16 pixels at 256 bytes a row: the 4 KiB, to the last byte */
	const struct de_op whole = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE,
		.x2 = EDGE_W, .y2 = EDGE_H,
	};
	/* the same, the last row one pixel short: room for a 4-byte offset */
	const struct de_op less = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE, .off = 4,
		.x2 = EDGE_W - 1, .y2 = EDGE_H,
	};
	/* 32 x 16 blitted from a 64 x 16 source: room for origin x 32 */
	const struct de_op blit = {
		.cmd = DE_CMD_BIT_BLT, .stride = EDGE_STRIDE,
		.x2 = EDGE_W / 2, .y2 = EDGE_H - 1,
		.sstride = EDGE_STRIDE, .ox = EDGE_W / 2, .oy = 1,
	};
	struct de_op op;
	uint32_t h[3];

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_2D)
		return;
	if (!bufs_new(h, 3, OLD))
		return;

	op = whole;
	if (de_try(e, h, op, offsetof(struct de_op, x2), EDGE_W, 0, "bound-2d-dst-x-64-last"))
		check_drawn(e, h[0], 0, EDGE_H, EDGE_STRIDE, EDGE_STRIDE,
			    "bound-2d-dst-x-64");
	de_try(e, h, op, offsetof(struct de_op, x2), EDGE_W + 1, -EINVAL, "bound-2d-dst-x-65");
	de_try(e, h, op, offsetof(struct de_op, y2), EDGE_H + 1, -EINVAL, "bound-2d-dst-y-17");
	de_try(e, h, op, offsetof(struct de_op, stride), EDGE_STRIDE + 4, -EINVAL,
	       "bound-2d-dst-stride-260");
	de_try(e, h, op, offsetof(struct de_op, stride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-dst-stride-257");
	/* a rectangle that starts inside reaches as far as one that does not */
	de_try(e, h, op, offsetof(struct de_op, x1), EDGE_W - 1, 0, "bound-2d-dst-x1-63-x2-64");
	op.x1 = EDGE_W - 1;
	de_try(e, h, op, offsetof(struct de_op, x2), EDGE_W + 1, -EINVAL,
	       "bound-2d-dst-x1-63-x2-65");

	/* the destination's offset in its buffer */
	bufs_close(h, 3);
	if (!bufs_new(h, 3, OLD))
		return;
	op = less;
	if (de_try(e, h, op, offsetof(struct de_op, off), 4, 0, "bound-2d-dst-offset-4-last"))
		check_drawn(e, h[0], 4, EDGE_H, EDGE_STRIDE,
			    EDGE_STRIDE - 4, "bound-2d-dst-offset-4");
	de_try(e, h, op, offsetof(struct de_op, off), 5, -EINVAL, "bound-2d-dst-offset-5");
	de_try(e, h, op, offsetof(struct de_op, off), 8, -EINVAL, "bound-2d-dst-offset-8");

	/* the source of a blit: origin x and y, stride, offset */
	bufs_close(h, 3);
	if (!bufs_new(h, 3, OLD))
		return;
	op = blit;
	de_try(e, h, op, offsetof(struct de_op, ox), EDGE_W / 2, 0, "bound-2d-src-x-origin-32-last");
	de_try(e, h, op, offsetof(struct de_op, ox), EDGE_W / 2 + 1, -EINVAL,
	       "bound-2d-src-x-origin-33");
	de_try(e, h, op, offsetof(struct de_op, oy), 2, -EINVAL, "bound-2d-src-y-origin-2");
	de_try(e, h, op, offsetof(struct de_op, sstride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-src-stride-257");
	de_try(e, h, op, offsetof(struct de_op, soff), 1, -EINVAL, "bound-2d-src-offset-1");
	op.oy = 0;
	de_try(e, h, op, offsetof(struct de_op, soff), EDGE_STRIDE, 0,
	       "bound-2d-src-offset-256-last");
	de_try(e, h, op, offsetof(struct de_op, soff), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-src-offset-257");

	/* a pattern from memory: 8 x 8 pixels of 4 bytes, the last 256 */
	op = blit;
	op.pat = 1;
	de_try(e, h, op, offsetof(struct de_op, poff), EDGE_BO - 256, 0,
	       "bound-2d-pattern-offset-3840-last");
	de_try(e, h, op, offsetof(struct de_op, poff), EDGE_BO - 255, -EINVAL,
	       "bound-2d-pattern-offset-3841");
	bufs_close(h, 3);
}

/* ------------------------------------------------------------------ */
/* The resolve engine: the window at each pixel pipe's offset */

/*
 * An RS fill of @w x @h at @stride into buffer 0 at @off, the pixel pipes
 * at @off0 and @off1 (RS_PIPE_OFFSET, two-pipe cores). Both destination
 * states are relocated: RS_DEST_ADDR (a one-pipe core's) and
 * RS_PIPE_DEST_ADDR[0] (a two-pipe core's).
 */
struct rs_op {
	uint32_t off, stride, w, h, off0, off1;
	uint32_t multi, off_half1;	/* multi-tiled: half 1 in buffer 1 */
};

static void rs_stream(struct sb *s, const struct rs_op *op)
{
	memset(s, 0, sizeof(*s));
	ls_bo(s, ST_RS_DEST_ADDR, 0, op->off);
	ls_bo(s, ST_RS_PIPE_DEST_ADDR(0), 0, op->off);
	if (op->multi)
		ls_bo(s, ST_RS_PIPE_DEST_ADDR(1), 1, op->off_half1);
	ls(s, ST_RS_CONFIG, RS_CONFIG_A8R8G8B8 |
			    (op->multi ? RS_CONFIG_DEST_TILED : 0));
	/* multi-tiled: MULTI without TILING (which makes it supertiled) */
	ls(s, ST_RS_DEST_STRIDE, op->stride |
				 (op->multi ? RS_STRIDE_MULTI : 0));
	ls(s, ST_RS_PIPE_OFFSET(0), op->off0);
	ls(s, ST_RS_PIPE_OFFSET(1), op->off1);
	ls(s, ST_RS_WINDOW_SIZE, WH_HEIGHT(op->h) | WH_WIDTH(op->w));
	ls(s, ST_RS_DITHER(0), 0xffffffff);
	ls(s, ST_RS_DITHER(1), 0xffffffff);
	ls(s, ST_RS_CLEAR_CONTROL, RS_CLEAR_FILL);
	ls(s, ST_RS_FILL_VALUE(0), NEW);
	ls(s, ST_RS_EXTRA_CONFIG, 0);
	ls(s, ST_RS_KICKER, 0xbeebbeeb);
}

static bool rs_try2(const struct engine *e, const uint32_t *h,
		    struct rs_op op, size_t field, uint32_t v, int want,
		    const char *name)
{
	struct sb s;

	*(uint32_t *)((char *)&op + field) = v;
	rs_stream(&s, &op);
	return edge_expect(e, &s, h, op.multi ? 2 : 1, want, "%s", name);
}

static bool rs_try(const struct engine *e, uint32_t h, struct rs_op op,
		   size_t field, uint32_t v, int want, const char *name)
{
	return rs_try2(e, &h, op, field, v, want, name);
}

/*
 * A two-pipe core's multi-tiled target: each pixel pipe's half from its
 * own address (RS_PIPE_DEST_ADDR[0] in buffer 0, [1] in buffer 1). The
 * 64 x 16 window's half is every other row of 4x4 tiles: 2 rows of
 * tiles of 1024 bytes (the stride of a multi-tiled surface is that of
 * one row of tiles), each half at the end of its buffer.
 */
static void test_bounds_rs_multi(const struct engine *e)
{
	const uint32_t half = 2 * 1024;
	const struct rs_op multi = {
		.stride = 1024, .w = EDGE_W, .h = EDGE_H, .multi = 1,
		.off = EDGE_BO - half, .off_half1 = EDGE_BO - half,
	};
	struct rs_op op = multi;
	uint32_t h[2];

	if (!bufs_new(h, 2, OLD))
		return;
	if (rs_try2(e, h, op, offsetof(struct rs_op, off), EDGE_BO - half, 0,
		    "bound-rs-multi-halves-last")) {
		check_drawn(e, h[0], EDGE_BO - half, 1, EDGE_BO, half,
			    "bound-rs-multi-half0");
		check_drawn(e, h[1], EDGE_BO - half, 1, EDGE_BO, half,
			    "bound-rs-multi-half1");
	}
	rs_try2(e, h, op, offsetof(struct rs_op, off), EDGE_BO - half + 1,
		-EINVAL, "bound-rs-multi-half0-one-byte-short");
	rs_try2(e, h, op, offsetof(struct rs_op, off_half1),
		EDGE_BO - half + 1, -EINVAL,
		"bound-rs-multi-half1-one-byte-short");
	rs_try2(e, h, op, offsetof(struct rs_op, w), EDGE_W + 1, -EINVAL,
		"bound-rs-multi-width-65");
	rs_try2(e, h, op, offsetof(struct rs_op, h), EDGE_H + 1, -EINVAL,
		"bound-rs-multi-height-17");
	rs_try2(e, h, op, offsetof(struct rs_op, stride), 1025, -EINVAL,
		"bound-rs-multi-stride-1025");
	bufs_close(h, 2);
}

static void test_bounds_rs(const struct engine *e, unsigned int pipes)
{
	const struct rs_op whole = {
		.stride = EDGE_STRIDE, .w = EDGE_W, .h = EDGE_H,
	};
	/* two pipes: each the half of the rows, the second below the first */
	const struct rs_op halves = {
		.stride = EDGE_STRIDE, .w = EDGE_W, .h = EDGE_H / 2,
		.off1 = RS_OFFSET_Y(EDGE_H / 2),
	};
	struct rs_op op;
	uint32_t h;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D)
		return;
	if (!bufs_new(&h, 1, OLD))
		return;
	op = whole;
	if (rs_try(e, h, op, offsetof(struct rs_op, w), EDGE_W, 0, "bound-rs-width-64-last"))
		check_drawn(e, h, 0, EDGE_H, EDGE_STRIDE, EDGE_STRIDE,
			    "bound-rs-width-64");
	rs_try(e, h, op, offsetof(struct rs_op, w), EDGE_W + 1, -EINVAL, "bound-rs-width-65");
	rs_try(e, h, op, offsetof(struct rs_op, h), EDGE_H + 1, -EINVAL, "bound-rs-height-17");
	rs_try(e, h, op, offsetof(struct rs_op, stride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-rs-stride-257");
	op.w = EDGE_W - 1;
	rs_try(e, h, op, offsetof(struct rs_op, off), 4, 0, "bound-rs-offset-4-last");
	rs_try(e, h, op, offsetof(struct rs_op, off), 5, -EINVAL, "bound-rs-offset-5");
	bufs_close(&h, 1);
	if (pipes != 2)
		return;

	/* each pixel pipe's half of the window, in x and in y */
	if (!bufs_new(&h, 1, OLD))
		return;
	op = halves;
	if (rs_try(e, h, op, offsetof(struct rs_op, off1), RS_OFFSET_Y(EDGE_H / 2), 0,
		   "bound-rs-pipe1-y-8-last"))
		check_drawn(e, h, 0, EDGE_H, EDGE_STRIDE, EDGE_STRIDE,
			    "bound-rs-pipe1-y-8");
	rs_try(e, h, op, offsetof(struct rs_op, off1), RS_OFFSET_Y(EDGE_H / 2 + 1), -EINVAL,
	       "bound-rs-pipe1-y-9");
	rs_try(e, h, op, offsetof(struct rs_op, off1), RS_OFFSET_Y(EDGE_H / 2) | RS_OFFSET_X(1),
	       -EINVAL, "bound-rs-pipe1-x-1");
	rs_try(e, h, op, offsetof(struct rs_op, off0), RS_OFFSET_Y(EDGE_H / 2 + 1), -EINVAL,
	       "bound-rs-pipe0-y-9");
	rs_try(e, h, op, offsetof(struct rs_op, off0), RS_OFFSET_X(1), -EINVAL,
	       "bound-rs-pipe0-x-1");
	rs_try(e, h, op, offsetof(struct rs_op, off0), RS_OFFSET_Y(EDGE_H / 2), 0,
	       "bound-rs-pipe0-y-8-last");
	bufs_close(&h, 1);
	test_bounds_rs_multi(e);
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
	if (!bufs_new(h, 1, OLD))
		return;
	if (!bufs_new(h + 1, 1, NEW)) {
		bufs_close(h, 1);
		return;
	}
	if (!bufs_new(h + 2, 1, 0)) {
		bufs_close(h, 2);
		return;
	}
	snprintf(name, sizeof(name),
		 "bound-ts-copy-status-%u-bit-offset-%u-last", bits,
		 EDGE_BO - need);
	if (ts_copy_try(e, h, w, EDGE_BO - need, 0, name))
		check_drawn(e, h[0], 0, EDGE_H, EDGE_STRIDE, w * 4,
			    "bound-ts-copy");
	snprintf(name, sizeof(name), "bound-ts-copy-status-%u-bit-offset-%u",
		 bits, EDGE_BO - need + 1);
	ts_copy_try(e, h, w, EDGE_BO - need + 1, -EINVAL, name);
	bufs_close(h, 3);
}

static void test_bounds_ts(const struct engine *e, unsigned int bits)
{
	/* 63 tiles: entries of 2 bits take 16 bytes (15.75), of 4: 32 (31.5) */
	uint32_t need = (63 * bits + 7) / 8, h[2];
	char name[64];
	unsigned int t;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D || upstream)
		return;
	if (!bufs_new(h, 2, 0))
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

/* ------------------------------------------------------------------ */
/* The UAPI's counts and sizes */

static void test_bounds_uapi(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit_pmr p;
	struct drm_etnaviv_gem_submit req;
	unsigned int nd, nsig;
	uint32_t *big;
	unsigned int i;

	/*
	 * The stream's limit, 128 KiB, alone: with a relocation array the
	 * kernel cannot read, a size within the limit fails on it (EFAULT),
	 * one over the limit before it (EINVAL).
	 */
	big = calloc(MAX_STREAM / 4 + 2, 4);
	if (big) {
		for (i = 0; i < MAX_STREAM / 4 + 2; i += 2)
			big[i] = ETNA_CMD_NOP;
		req = sub_init(e, big, MAX_STREAM / 4, &bo, 1, NULL, 1);
		sub_expect(e, &req, -EFAULT,
			   "bound-stream-131072-bytes (limit: then EFAULT)");
		req = sub_init(e, big, MAX_STREAM / 4 + 1, &bo, 1, NULL, 1);
		sub_expect(e, &req, -EINVAL, "bound-stream-131076-bytes");
		free(big);
	}
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.nr_pmrs = MAX_PMRS;
	req.pmrs = 0;
	sub_expect(e, &req, -EFAULT, "bound-nr-pmrs-128-null (within limit)");

	/* the engine's last domain and its last signal; one past each */
	nd = pm_exec_domains(e->exec_state, &nsig);
#define PMR(dom, sig) do {						\
		memset(&p, 0, sizeof(p));				\
		p.flags = ETNA_PM_PROCESS_PRE;				\
		p.read_offset = 1;					\
		p.domain = (dom);					\
		p.signal = (sig);					\
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);		\
		req.pmrs = (uintptr_t)&p;				\
		req.nr_pmrs = 1;					\
	} while (0)
	PMR(nd - 1, nsig - 1);
	sub_expect(e, &req, 0, "bound-pmr-last-domain-%u-last-signal-%u",
		   nd - 1, nsig - 1);
	PMR(nd, 0);
	sub_expect(e, &req, -EINVAL, "bound-pmr-domain-%u", nd);
	PMR(nd - 1, nsig);
	sub_expect(e, &req, -EINVAL, "bound-pmr-signal-%u", nsig);
#undef PMR
}

/*
 * Softpin (MMUv2): the first address, and a buffer that would cross the
 * top of the 32-bit space (the one ending there: softpin-last-8KiB). On
 * a file of its own: the shared file's buffers used without softpin took
 * the lowest addresses of its space.
 */
static void test_bounds_softpin(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ,
	};
	struct drm_etnaviv_gem_submit req;
	uint64_t start = 0;
	int shared = fd;
	uint32_t h;

	if (e->mmuv1 ||
	    etna_param(fd, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR, &start))
		return;
	fd = etna_open();
	if (etna_gem_new(fd, 8192, ETNA_BO_WC, &h)) {
		close(fd);
		fd = shared;
		return;
	}
	bo.handle = h;
	bo.presumed = start;
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect(e, &req, 0, "bound-softpin-at-start");
	bo.presumed = 0x100000000ull - 4096;
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect2(e, &req, -EINVAL, -ENOSPC,
		    "beyond the 32-bit space is a bad address, not a full one",
		    "bound-softpin-8KiB-crossing-4GiB");
	etna_gem_close(fd, h);
	close(fd);
	fd = shared;
}

void test_bounds(const struct engine *e)
{
	uint64_t pipes = 1, minor0 = 0;

	etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_PIXEL_PIPES, &pipes);
	etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_FEATURES_1, &minor0);
	test_bounds_2d(e);
	test_bounds_rs(e, pipes);
	test_bounds_ts(e, minor0 & ETNA_MINOR0_2BITPERTILE ? 2 : 4);
	test_bounds_uapi(e);
	test_bounds_softpin(e);
}

/*
 * GEM_NEW: the largest size, a page below 4 GiB (allocated lazily); the
 * smallest refused is gem-new-size-0xfffff001.
 */
void test_bounds_gem(void)
{
	uint32_t h = 0;
	int ret;

	ret = etna_gem_new(fd, 0xfffff000ull, ETNA_BO_WC, &h);
	if (!ret)
		etna_gem_close(fd, h);
	expect(ret, 0, "bound-gem-new-size-0xfffff000 (largest)");
}
