// SPDX-License-Identifier: GPL-2.0-only
/*
 * refrs: reference of the resolve engine (RS) and its tile status (TS)
 * reads, pixel by pixel on a flat memory. See refrs.h for what it covers
 * and Documentation/hardware/rs-ts-layouts.md for the layouts, the TS
 * encoding, their sources, and the points where the behaviour is deduced
 * rather than stated (marked "Deduction" below too).
 */
#include <string.h>

#include "refrs.h"
#include "vgc.h"		/* the VGC_RS_* and VGC_TS_* names */

/* 16 bytes of a 4x4 tile at 1 byte per pixel: a tile is 16 pixels. */
#define TILE_PIXELS	16
/* Bytes of surface memory one TS entry stands for (2 bits per tile). */
#define TS_BLOCK	64

/**
 * struct rs_op - an operation decoded from the states
 * @fmt: RS_FORMAT of source and destination (equal)
 * @bpp: bytes per pixel
 * @src_layout: layout of the source
 * @dst_layout: layout of the destination
 * @src_addr: base of the source; [1] the second pipe's half (multi)
 * @dst_addr: likewise for the destination
 * @src_stride: RS_SOURCE_STRIDE.STRIDE
 * @dst_stride: RS_DEST_STRIDE.STRIDE
 * @width: window width
 * @height: window height (of each pipe)
 * @npipes: pipes that work (their windows are @ox/@oy)
 * @ox: window origin X of each working pipe
 * @oy: window origin Y of each working pipe
 * @fill: ENABLED1 fill rather than copy
 * @fill_mask: bits of a pixel the fill writes
 * @fill_value: the pixel a fill writes
 * @flip: mirror the rows of the window
 * @swap_rb: exchange the R and B channels while copying
 * @ts: source fast clear through the colour TS
 * @ts_value: the pixel a cleared source block reads as
 */
struct rs_op {
	unsigned int fmt, bpp;
	enum refrs_layout src_layout, dst_layout;
	uint32_t src_addr[2], dst_addr[2];
	uint32_t src_stride, dst_stride;
	unsigned int width, height;
	unsigned int npipes;
	unsigned int ox[REFRS_PIPES], oy[REFRS_PIPES];
	bool fill;
	uint32_t fill_mask, fill_value;
	bool flip, swap_rb;
	bool ts;
	uint32_t ts_value;
};

/* Position and width of channel @ch (0 B, 1 G, 2 R, 3 A or X) of @fmt. */
static void channel(unsigned int fmt, unsigned int ch, unsigned int *shift,
		    unsigned int *width)
{
	static const unsigned char argb4444[4][2] = {
		{ 0, 4 }, { 4, 4 }, { 8, 4 }, { 12, 4 } };
	static const unsigned char argb1555[4][2] = {
		{ 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 1 } };
	static const unsigned char rgb565[4][2] = {
		{ 0, 5 }, { 5, 6 }, { 11, 5 }, { 16, 0 } };
	static const unsigned char argb8888[4][2] = {
		{ 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 8 } };
	const unsigned char (*t)[2];

	switch (fmt) {
	case VGC_RS_FMT_X4R4G4B4:
	case VGC_RS_FMT_A4R4G4B4:
		t = argb4444;
		break;
	case VGC_RS_FMT_X1R5G5B5:
	case VGC_RS_FMT_A1R5G5B5:
		t = argb1555;
		break;
	case VGC_RS_FMT_R5G6B5:
		t = rgb565;
		break;
	default:
		t = argb8888;
		break;
	}
	*shift = t[ch][0];
	*width = t[ch][1];
}

static uint32_t channel_mask(unsigned int fmt, unsigned int ch)
{
	unsigned int shift, width;

	channel(fmt, ch, &shift, &width);
	if (!width)
		return 0;
	return (uint32_t)(((1ull << width) - 1) << shift);
}

static unsigned int format_bpp(unsigned int fmt)
{
	switch (fmt) {
	case VGC_RS_FMT_X4R4G4B4:
	case VGC_RS_FMT_A4R4G4B4:
	case VGC_RS_FMT_X1R5G5B5:
	case VGC_RS_FMT_A1R5G5B5:
	case VGC_RS_FMT_R5G6B5:
		return 2;
	case VGC_RS_FMT_X8R8G8B8:
	case VGC_RS_FMT_A8R8G8B8:
		return 4;
	default:
		return 0;	/* not covered */
	}
}

/*
 * The layout table of etna_viv rnndb/state_3d.xml (RS stripe): CONFIG's
 * *_TILED bit (A), the stride's TILING bit (B, supertiled) and MULTI bit
 * (C). With A clear the surface is linear whatever B and C say.
 */
static enum refrs_layout layout_of(bool tiled, uint32_t stride)
{
	bool super = stride & VGC_RS_STRIDE_TILING;
	bool multi = stride & VGC_RS_STRIDE_MULTI;

	if (!tiled)
		return REFRS_LINEAR;
	if (multi)
		return super ? REFRS_MULTI_SUPERTILED : REFRS_MULTI_TILED;
	return super ? REFRS_SUPERTILED : REFRS_TILED;
}

static bool is_multi(enum refrs_layout l)
{
	return l == REFRS_MULTI_TILED || l == REFRS_MULTI_SUPERTILED;
}

/*
 * Index of 4x4 tile (tx, ty), both 0..15, inside a 64x64 supertile: the
 * order drawn in etna_viv doc/hardware.md ("Supertiling"): bit 0 is tx
 * bit 0, bits 2:1 are ty bits 1:0, bits 5:3 tx bits 3:1, bits 7:6 ty
 * bits 3:2.
 */
static unsigned int supertile_index(unsigned int tx, unsigned int ty)
{
	return (tx & 1) | (ty & 3) << 1 | ((tx >> 1) & 7) << 3 |
	       ((ty >> 2) & 3) << 6;
}

uint32_t refrs_pixel_addr(enum refrs_layout layout, unsigned int bpp,
			  uint32_t stride, const uint32_t addr[2],
			  unsigned int x, unsigned int y)
{
	unsigned int tx = x / 4, ty = y / 4, pipe, k, n;
	uint32_t in_tile = ((y % 4) * 4 + x % 4) * bpp;

	switch (layout) {
	case REFRS_LINEAR:
		return addr[0] + y * stride + x * bpp;
	case REFRS_TILED:
		/* etna_viv doc/hardware.md "Texture tiling"; the stride is
		 * the bytes of a row of tiles (Mesa etnaviv_rs.c: the level
		 * stride times 4) */
		return addr[0] + ty * stride + tx * TILE_PIXELS * bpp +
		       in_tile;
	case REFRS_SUPERTILED:
		/* a row of supertiles is 64 pixel rows: 16 rows of tiles */
		return addr[0] + (y / 64) * 16 * stride +
		       (x / 64) * 64 * 64 * bpp +
		       supertile_index(tx % 16, ty % 16) * TILE_PIXELS * bpp +
		       in_tile;
	case REFRS_MULTI_TILED:
		/*
		 * etna_viv doc/hardware.md "Multi-tiling": in each band of
		 * two rows of tiles the tiles alternate between the pipes
		 * in a checkerboard (0T0 1T0 0T2 1T2 / 1T1 0T1 1T3 0T3),
		 * and a pipe's tile k of the band sits at column
		 * (tx & ~1) | (ty & 1). Deduction: each pipe's half is a
		 * plain tiled surface of the full width and half the
		 * height, its row of tiles b holding band b.
		 */
		pipe = (tx ^ ty) & 1;
		k = (tx & ~1u) | (ty & 1);
		return addr[pipe] + (ty / 2) * stride +
		       k * TILE_PIXELS * bpp + in_tile;
	case REFRS_MULTI_SUPERTILED:
		/*
		 * etna_viv doc/hardware.md "Multi-tiling", second diagram
		 * (a 64x128 block: one supertile of each pipe, interleaved
		 * tile by tile). Read from it, for tile (tx, ty) of the
		 * block, tx 0..15, ty 0..31: the pipe is
		 * ((tx >> 1) ^ ty) & 1 and the tile's number in that
		 * pipe's supertile has bit 0 = tx bit 0, bits 2:1 = ty
		 * bits 2:1, bit 3 = ty bit 0, bits 5:4 = tx bits 3:2,
		 * bits 7:6 = ty bits 4:3. (The diagram has three typos:
		 * "0T018 0T018", "1T012 1T012", "0T201 0T201", each
		 * against the pattern of its neighbours.) Deduction: each
		 * pipe's half is a plain supertiled surface of the full
		 * width and half the height, block row b holding the
		 * pipe's supertile row b.
		 */
		tx %= 16;
		ty %= 32;
		pipe = ((tx >> 1) ^ ty) & 1;
		n = (tx & 1) | ((ty >> 1) & 3) << 1 | (ty & 1) << 3 |
		    ((tx >> 2) & 3) << 4 | ((ty >> 3) & 3) << 6;
		return addr[pipe] + (y / 128) * 16 * stride +
		       (x / 64) * 64 * 64 * bpp + n * TILE_PIXELS * bpp +
		       in_tile;
	}
	return 0;
}

const char *refrs_result_name(enum refrs_result r)
{
	switch (r) {
	case REFRS_OK:
		return "ok";
	case REFRS_UNSUPPORTED:
		return "not covered by the reference";
	case REFRS_OUT_OF_MEMORY:
		return "an access falls outside memory";
	}
	return "?";
}

/* The same 16-bit pixel in both halves, as Mesa writes 16-bpp values. */
static bool value_ok(uint32_t v, unsigned int bpp)
{
	return bpp == 4 || (v & 0xffff) == v >> 16;
}

static enum refrs_result decode(const struct refrs_state *s,
				unsigned int pipes, struct rs_op *op)
{
	uint32_t cfg = s->config, cc = s->clear_control, tsc;
	unsigned int mode, i, p;

	memset(op, 0, sizeof(*op));
	if (pipes < 1 || pipes > REFRS_PIPES)
		return REFRS_UNSUPPORTED;
	op->fmt = VGC_RS_CFG_SRC_FORMAT(cfg);
	op->bpp = format_bpp(op->fmt);
	if (!op->bpp || VGC_RS_CFG_DST_FORMAT(cfg) != op->fmt)
		return REFRS_UNSUPPORTED;	/* conversions not covered */
	if (cfg & (VGC_RS_CFG_DOWNSAMPLE_X | VGC_RS_CFG_DOWNSAMPLE_Y))
		return REFRS_UNSUPPORTED;
	if ((s->source_stride | s->dest_stride) &
	    (VGC_RS_STRIDE_SUPER_TILED_NEW | VGC_RS_STRIDE_TS_MODE))
		return REFRS_UNSUPPORTED;
	if (s->extra_config)
		return REFRS_UNSUPPORTED;	/* AA, endian swap, TS mode */
	op->src_layout = layout_of(cfg & VGC_RS_CFG_SRC_TILED,
				   s->source_stride);
	op->dst_layout = layout_of(cfg & VGC_RS_CFG_DST_TILED,
				   s->dest_stride);
	op->src_stride = VGC_RS_STRIDE(s->source_stride);
	op->dst_stride = VGC_RS_STRIDE(s->dest_stride);
	op->flip = cfg & VGC_RS_CFG_FLIP;
	op->swap_rb = cfg & VGC_RS_CFG_SWAP_RB;

	/*
	 * Addresses. One pipe: RS_SOURCE_ADDR/RS_DEST_ADDR (Mesa
	 * etnaviv_rs.c emits only those there). Two pipes: the PIPE
	 * registers, and Mesa emits RS_PIPE_*_ADDR(1) only for a multi
	 * surface; deduction: a surface that is not multi lies at
	 * RS_PIPE_*_ADDR(0) for both pipes (the (1) register holds a
	 * stale value then), a multi surface has its halves at (0) and (1).
	 */
	if (pipes == 1) {
		if (is_multi(op->src_layout) || is_multi(op->dst_layout))
			return REFRS_UNSUPPORTED;
		op->src_addr[0] = op->src_addr[1] = s->source_addr;
		op->dst_addr[0] = op->dst_addr[1] = s->dest_addr;
	} else {
		op->src_addr[0] = s->pipe_source_addr[0];
		op->src_addr[1] = is_multi(op->src_layout) ?
				  s->pipe_source_addr[1] : op->src_addr[0];
		op->dst_addr[0] = s->pipe_dest_addr[0];
		op->dst_addr[1] = is_multi(op->dst_layout) ?
				  s->pipe_dest_addr[1] : op->dst_addr[0];
	}

	/*
	 * The window: WINDOW_SIZE is each pipe's window, placed at the
	 * pipe's RS_PIPE_OFFSET (Mesa's dual-pipe mode: height halved,
	 * pipe 1 at Y = height / 2). Deduction: with SINGLE_BUFFER.ENABLE
	 * only pipe 0 works (rnndb: "only resolves first pipe address");
	 * a single-pipe core has no offset.
	 */
	op->width = VGC_RS_WIDTH(s->window_size);
	op->height = VGC_RS_HEIGHT(s->window_size);
	op->npipes = pipes == 2 && !(s->single_buffer & 1) ? 2 : 1;
	for (p = 0; p < op->npipes; p++) {
		uint32_t off = pipes == 1 ? 0 : s->pipe_offset[p];

		op->ox[p] = VGC_RS_OFFSET_X(off);
		op->oy[p] = VGC_RS_OFFSET_Y(off);
	}
	if (op->width % 16 || op->height % 4)
		return REFRS_UNSUPPORTED;
	if (op->flip && op->npipes == 2 &&
	    (op->ox[0] != op->ox[1] || op->oy[0] != op->oy[1]))
		return REFRS_UNSUPPORTED;

	mode = VGC_RS_CLEAR_MODE(cc);
	if (mode == VGC_RS_CLEAR_ENABLED1) {
		/*
		 * rnndb: in mode ENABLED1 only the low four BITS count, one
		 * per channel of SOURCE_FORMAT; disabled channels keep their
		 * value. Mesa clears D24S8's depth with 0xeeee and its
		 * stencil (the low byte) with 0x1111 as A8R8G8B8, so bit 0
		 * is the least significant channel (B), bit 3 the most (A).
		 */
		if (op->swap_rb)
			return REFRS_UNSUPPORTED;
		op->fill = true;
		for (i = 0; i < 4; i++)
			if (VGC_RS_CLEAR_BITS(cc) & (1u << i))
				op->fill_mask |= channel_mask(op->fmt, i);
		if (!value_ok(s->fill_value[0], op->bpp))
			return REFRS_UNSUPPORTED;
		op->fill_value = s->fill_value[0];
	} else if (mode != VGC_RS_CLEAR_DISABLED) {
		return REFRS_UNSUPPORTED;
	}

	tsc = s->ts_mem_config;
	if (tsc & (VGC_TS_DEPTH_FAST_CLEAR | VGC_TS_DEPTH_COMPRESSION |
		   VGC_TS_COLOR_COMPRESSION))
		return REFRS_UNSUPPORTED;
	if (tsc & ~(VGC_TS_COLOR_FAST_CLEAR | VGC_TS_DEPTH_16BPP |
		    VGC_TS_DEPTH_AUTO_DISABLE | VGC_TS_COLOR_AUTO_DISABLE))
		return REFRS_UNSUPPORTED;
	/* A fill disregards the source, so its TS does not matter. */
	op->ts = !op->fill && (tsc & VGC_TS_COLOR_FAST_CLEAR);
	if (op->ts) {
		if (!value_ok(s->ts_color_clear_value, op->bpp))
			return REFRS_UNSUPPORTED;
		op->ts_value = s->ts_color_clear_value;
	}
	if (op->bpp == 2) {
		op->fill_value &= 0xffff;
		op->ts_value &= 0xffff;
	}
	return REFRS_OK;
}

static bool in_mem(const struct refrs_mem *m, uint32_t addr, uint32_t len)
{
	return addr >= m->base && addr - m->base <= m->size &&
	       len <= m->size - (addr - m->base);
}

static uint32_t get(const struct refrs_mem *m, uint32_t addr,
		    unsigned int bpp)
{
	const uint8_t *b = m->bytes + (addr - m->base);

	if (bpp == 2)
		return b[0] | b[1] << 8;
	return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

static void put(struct refrs_mem *m, uint32_t addr, unsigned int bpp,
		uint32_t v)
{
	uint8_t *b = m->bytes + (addr - m->base);
	unsigned int i;

	for (i = 0; i < bpp; i++)
		b[i] = v >> (8 * i);
}

/*
 * The TS entry of the surface byte at @addr: @bits bits (2 with
 * 2BITPERTILE, else 4) per 64 bytes of the surface counted from
 * @surface_base (Mesa etnaviv_screen.h etna_screen_get_tile_size(): 64
 * bytes without CACHE128B256BPERLINE; etnaviv_resource.c sizes the TS as
 * that many bits per tile). Deduction: entry e is bits
 * bits * (e mod (8 / bits)) and up of TS byte e / (8 / bits) (the first
 * entry in the least significant bits). -1: outside memory.
 */
int refrs_ts_entry(const struct refrs_mem *m, uint32_t status_base,
		   uint32_t surface_base, unsigned int bits, uint32_t addr)
{
	return refrs_ts_entry_block(m, status_base, surface_base, bits,
				    TS_BLOCK, addr);
}

int refrs_ts_entry_block(const struct refrs_mem *m, uint32_t status_base,
			 uint32_t surface_base, unsigned int bits,
			 uint32_t block, uint32_t addr)
{
	uint32_t e = (addr - surface_base) / block;
	uint32_t per_byte = 8 / bits;
	uint32_t at = status_base + e / per_byte;

	if (!in_mem(m, at, 1))
		return -1;
	return (m->bytes[at - m->base] >> (bits * (e % per_byte))) &
	       ((1u << bits) - 1);
}

static uint32_t swap_rb(uint32_t v, unsigned int fmt)
{
	unsigned int bs, rs, w;
	uint32_t b, r, mask;

	channel(fmt, 0, &bs, &w);
	channel(fmt, 2, &rs, &w);
	mask = (1u << w) - 1;
	b = (v >> bs) & mask;
	r = (v >> rs) & mask;
	v &= ~(mask << bs | mask << rs);
	return v | r << bs | b << rs;
}

/*
 * Visit every pixel of the operation: with @dry, check the accesses only
 * (in memory, covered); otherwise perform them.
 */
static enum refrs_result walk(const struct refrs_state *s,
			      const struct rs_op *op, struct refrs_mem *m,
			      bool dry)
{
	unsigned int p, x, y, X, Y, DY;
	uint32_t sa, da, v, lo_s = UINT32_MAX, hi_s = 0, lo_d = UINT32_MAX,
		 hi_d = 0;
	int e;

	for (p = 0; p < op->npipes; p++) {
		for (y = 0; y < op->height; y++) {
			Y = op->oy[p] + y;
			/* Deduction: FLIP mirrors the rows of the window. */
			DY = op->flip ? op->oy[p] + op->height - 1 - y : Y;
			for (x = 0; x < op->width; x++) {
				X = op->ox[p] + x;
				da = refrs_pixel_addr(op->dst_layout, op->bpp,
						      op->dst_stride,
						      op->dst_addr, X, DY);
				if (!in_mem(m, da, op->bpp))
					return REFRS_OUT_OF_MEMORY;
				if (dry) {
					lo_d = da < lo_d ? da : lo_d;
					hi_d = da > hi_d ? da : hi_d;
				}
				if (op->fill) {
					if (dry)
						continue;
					v = get(m, da, op->bpp);
					v = (v & ~op->fill_mask) |
					    (op->fill_value & op->fill_mask);
					put(m, da, op->bpp, v);
					continue;
				}
				sa = refrs_pixel_addr(op->src_layout, op->bpp,
						      op->src_stride,
						      op->src_addr, X, Y);
				if (!in_mem(m, sa, op->bpp))
					return REFRS_OUT_OF_MEMORY;
				e = 0;
				if (op->ts) {
					if (sa < s->ts_color_surface_base)
						return REFRS_UNSUPPORTED;
					e = refrs_ts_entry(m,
						s->ts_color_status_base,
						s->ts_color_surface_base, 2,
						sa);
					if (e < 0)
						return REFRS_OUT_OF_MEMORY;
					/*
					 * Mesa clears a TS with 0x55555555
					 * (entries of 1) on 2-bit cores:
					 * 1 is "cleared". Deduction: 0 is
					 * "the data is in memory"; 2 and 3
					 * (compression) are not covered.
					 */
					if (e > 1)
						return REFRS_UNSUPPORTED;
				}
				if (dry) {
					lo_s = sa < lo_s ? sa : lo_s;
					hi_s = sa > hi_s ? sa : hi_s;
					continue;
				}
				v = e == 1 ? op->ts_value :
					     get(m, sa, op->bpp);
				if (op->swap_rb)
					v = swap_rb(v, op->fmt);
				put(m, da, op->bpp, v);
			}
		}
	}
	/* A copy onto its own source depends on the order: not covered. */
	if (dry && !op->fill && op->width && op->height &&
	    lo_s <= hi_d + op->bpp - 1 && lo_d <= hi_s + op->bpp - 1)
		return REFRS_UNSUPPORTED;
	return REFRS_OK;
}

enum refrs_result refrs_check(const struct refrs_state *s,
			      unsigned int pipes, const struct refrs_mem *mem)
{
	struct rs_op op;
	enum refrs_result r = decode(s, pipes, &op);

	if (r != REFRS_OK)
		return r;
	return walk(s, &op, (struct refrs_mem *)mem, true);
}

enum refrs_result refrs_run(const struct refrs_state *s, unsigned int pipes,
			    struct refrs_mem *mem)
{
	struct rs_op op;
	enum refrs_result r = decode(s, pipes, &op);

	if (r != REFRS_OK)
		return r;
	r = walk(s, &op, mem, true);
	if (r != REFRS_OK)
		return r;
	return walk(s, &op, mem, false);
}
