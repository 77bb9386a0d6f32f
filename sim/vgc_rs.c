// SPDX-License-Identifier: GPL-2.0-only
/*
 * The resolve engine (RS) and the tile status (TS) as the RS reads it, for
 * the GC880, GC2000 and GC3000. The facts and their public sources (etna_viv
 * rnndb state_3d.xml and doc/hardware.md, Mesa 22.3's etnaviv driver) and
 * every rule the model had to choose are in sim/doc/rs-ts.md; in short:
 *
 *  - a load of RS_KICKER with bit 0 set starts a copy (CLEAR_CONTROL.MODE
 *    DISABLED) or a fill (ENABLED1) of the RS_WINDOW_SIZE window; a core
 *    with two pixel pipes runs the window once per pipe, at RS_PIPE_OFFSET
 *    (pipe 0 only with RS_SINGLE_BUFFER.ENABLE on a SINGLE_BUFFER core;
 *    a pipe whose offset repeats pipe 0's does the same work and is
 *    skipped), with the addresses in RS_PIPE_SOURCE_ADDR/RS_PIPE_DEST_ADDR:
 *    [0] for every surface, [1] for the second half of a MULTI one; a
 *    one-pipe core uses RS_SOURCE_ADDR/RS_DEST_ADDR;
 *  - layouts: linear; 4x4 tiled; 64x64 supertiled; multi-tiled and
 *    multi-supertiled, where the tiles alternate between the two halves
 *    as etna_viv doc/hardware.md draws them;
 *  - a copy needs the same source and destination format and copies the
 *    bytes (exact), swapping the red and blue channels with SWAP_RB; a
 *    fill writes FILL_VALUE[0] (and [1] for 64BPP_CLEAR) as a pattern
 *    repeating in memory, with CLEAR_CONTROL.BITS[3:0] enabling the
 *    channels B, G, R, A of the source format;
 *  - with TS_MEM_CONFIG.COLOR_FAST_CLEAR (or DEPTH_FAST_CLEAR) a copy reads
 *    each 64-byte block of the source at or above TS_*_SURFACE_BASE whose
 *    entry (2 or 4 bits, 2BITPERTILE) in TS_*_STATUS_BASE is 1 as
 *    TS_*_CLEAR_VALUE, repeating in memory like a fill;
 *  - RS_KICKER_INPLACE (SINGLE_BUFFER cores) writes the colour clear value
 *    into each of the first N 64-byte blocks of the TS surface whose entry
 *    is 1;
 *  - downsampling, flipping, dithering, AA, endian swaps, ENABLED4 fills,
 *    format conversions, compression and the newer cores' TS modes are
 *    counted in rs_unsupported and the kick does nothing;
 *  - memory goes through the PE client of the MMU in runs (a tile, a part
 *    of a row); the first failed access ends the operation (rs_aborted),
 *    and writes are split at 4 KiB pages so nothing past a faulting page
 *    is written.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_surf.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

enum { B, G, R, A };

/**
 * struct rs_fmt - an RS_FORMAT as the model knows it
 * @bpp: bytes per pixel; 0: the model does not know the format
 * @chan: the format has B, G, R, A channels (else raw bits)
 * @fill_only: only a fill may use it (64BPP_CLEAR)
 * @width: bits of each channel, B, G, R, A
 * @shift: lowest bit of each
 */
struct rs_fmt {
	u8 bpp;
	bool chan, fill_only;
	u8 width[4], shift[4];
};

/* The channels as the formats' names state them, top bit first. */
static const struct rs_fmt rs_fmts[] = {
	[VGC_RS_FMT_X4R4G4B4] = { 2, true, false, { 4, 4, 4, 4 },
				  { 0, 4, 8, 12 } },
	[VGC_RS_FMT_A4R4G4B4] = { 2, true, false, { 4, 4, 4, 4 },
				  { 0, 4, 8, 12 } },
	[VGC_RS_FMT_X1R5G5B5] = { 2, true, false, { 5, 5, 5, 1 },
				  { 0, 5, 10, 15 } },
	[VGC_RS_FMT_A1R5G5B5] = { 2, true, false, { 5, 5, 5, 1 },
				  { 0, 5, 10, 15 } },
	[VGC_RS_FMT_R5G6B5] = { 2, true, false, { 5, 6, 5, 0 },
				{ 0, 5, 11, 16 } },
	[VGC_RS_FMT_X8R8G8B8] = { 4, true, false, { 8, 8, 8, 8 },
				  { 0, 8, 16, 24 } },
	[VGC_RS_FMT_A8R8G8B8] = { 4, true, false, { 8, 8, 8, 8 },
				  { 0, 8, 16, 24 } },
	[VGC_RS_FMT_YUY2] = { 2 },
	[VGC_RS_FMT_64BPP_CLEAR] = { 8, false, true },
	[VGC_RS_FMT_A2R10G10B10] = { 4, true, false, { 10, 10, 10, 2 },
				     { 0, 10, 20, 30 } },
	[VGC_RS_FMT_D32] = { 4 },
	[VGC_RS_FMT_D16] = { 2 },
};

static const struct rs_fmt *fmt_get(unsigned int f)
{
	if (f >= ARRAY_SIZE(rs_fmts) || !rs_fmts[f].bpp)
		return NULL;
	return &rs_fmts[f];
}

/*
 * Entry @n of the tile status: 0, or -1 if reading it failed.
 *
 * Status bytes come through the TS cache, which only a TS_FLUSH_CACHE
 * load (or a reset) empties: a client that rewrites a status buffer and
 * resolves without flushing reads stale entries, as on silicon. Each hit
 * is compared with memory and a stale one counted (ts_stale_reads).
 */
static int ts_entry(struct vgc_core *c, u32 n, unsigned int *status)
{
	struct vgc_rs *rs = &c->rs;
	unsigned int shift;
	u32 byte, blk;
	u8 now;

	vgc_ts_entry(&rs->ts, n, &byte, &shift);
	blk = byte & ~(u32)(VGC_RS_TS_CACHE - 1);

	if (rs->ts_cache_ok && rs->ts_cache_addr == blk) {
		if (!vgc_dma_read(c, VGC_CLIENT_PE, byte, &now, 1) &&
		    now != rs->ts_cache[byte - blk])
			c->stats.ts_stale_reads++;
	} else {
		rs->ts_cache_ok = false;
		if (vgc_dma_read(c, VGC_CLIENT_PE, blk, rs->ts_cache,
				 VGC_RS_TS_CACHE))
			return -1;
		rs->ts_cache_ok = true;
		rs->ts_cache_addr = blk;
	}
	*status = vgc_ts_value(&rs->ts, rs->ts_cache[byte - blk], shift);
	return 0;
}

/* A source read; blocks the tile status marks cleared read the clear value. */
static int src_read(struct vgc_core *c, u32 addr, u8 *p, size_t len)
{
	struct vgc_rs *rs = &c->rs;
	unsigned int status;
	u32 off;
	size_t n;

	if (!rs->fast_clear || addr < rs->ts.surface)
		return vgc_dma_read(c, VGC_CLIENT_PE, addr, p, len);
	while (len) {
		off = addr - rs->ts.surface;
		n = VGC_RS_TS_TILE - (off & (VGC_RS_TS_TILE - 1));
		if (n > len)
			n = len;
		if (ts_entry(c, off / VGC_RS_TS_TILE, &status))
			return -1;
		if (status == 1) {
			vgc_fill32(p, addr, rs->ts.clear, n);
			c->stats.rs_ts_cleared++;
		} else if (vgc_dma_read(c, VGC_CLIENT_PE, addr, p, n)) {
			return -1;
		}
		addr += n;
		p += n;
		len -= n;
	}
	return 0;
}

/* A fill of @len bytes at @addr (@p: room for them). */
static int dst_fill(struct vgc_core *c, u32 addr, u8 *p, size_t len)
{
	struct vgc_rs *rs = &c->rs;
	unsigned int i;
	size_t k;
	u8 m;

	if (rs->full_mask) {
		for (k = 0; k < len; k++)
			p[k] = rs->pat[(addr + k) % rs->pat_len];
	} else {
		if (vgc_dma_read(c, VGC_CLIENT_PE, addr, p, len))
			return -1;
		for (k = 0; k < len; k++) {
			i = (addr + k) % rs->pat_len;
			m = rs->pat_mask[i];
			p[k] = (p[k] & ~m) | (rs->pat[i] & m);
		}
	}
	return vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, p, len);
}

enum rs_io { RS_READ, RS_WRITE, RS_FILL };

static int io(struct vgc_core *c, enum rs_io op, u32 addr, u8 *p, size_t len)
{
	switch (op) {
	case RS_READ:
		return src_read(c, addr, p, len);
	case RS_WRITE:
		return vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, p, len);
	default:
		return dst_fill(c, addr, p, len);
	}
}

/*
 * Move the block of @n x @rows pixels at (@ix, @iy) of @s between memory
 * and the chunk buffer (rows VGC_RS_SPAN pixels apart), or fill it. A
 * whole aligned tile is one access.
 */
static int surf_io(struct vgc_core *c, const struct vgc_surf *s,
		   enum rs_io op, u32 ix, u32 iy, u32 n, u32 rows)
{
	struct vgc_rs *rs = &c->rs;
	unsigned int bpp = rs->bpp, r, row = VGC_RS_SPAN * bpp;
	u32 x = ix, end = ix + n, run, cnt, addr;
	u8 *p;

	while (x < end) {
		p = rs->buf + (x - ix) * bpp;
		if (s->layout != VGC_LINEAR && rows == 4 && !(iy & 3) &&
		    !(x & 3) && end - x >= 4) {
			addr = vgc_surf_tile(s, x >> 2, iy >> 2);
			if (op == RS_WRITE)
				for (r = 0; r < 4; r++)
					memcpy(rs->tmp + r * 4 * bpp,
					       p + r * row, 4 * bpp);
			if (io(c, op, addr, rs->tmp, 16 * bpp))
				return -1;
			if (op == RS_READ)
				for (r = 0; r < 4; r++)
					memcpy(p + r * row,
					       rs->tmp + r * 4 * bpp, 4 * bpp);
			x += 4;
			continue;
		}
		cnt = end - x;
		for (r = 0; r < rows; r++) {
			addr = vgc_surf_px(s, x, iy + r, &run);
			if (cnt > run)
				cnt = run;
			if (io(c, op, addr, p + r * row, cnt * bpp))
				return -1;
		}
		x += cnt;
	}
	return 0;
}

static void swap_rb(struct vgc_rs *rs, u32 n, u32 rows)
{
	unsigned int sr = rs->rb_shift[0], sb = rs->rb_shift[1];
	u32 m = rs->rb_mask, v, i, r;
	u8 *p;

	for (r = 0; r < rows; r++) {
		p = rs->buf + r * VGC_RS_SPAN * rs->bpp;
		for (i = 0; i < n; i++, p += rs->bpp) {
			v = rs->bpp == 2 ? (u32)p[0] | p[1] << 8 :
			    (u32)p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
			v = (v & ~(m << sr | m << sb)) | ((v >> sr) & m) << sb |
			    ((v >> sb) & m) << sr;
			p[0] = v;
			p[1] = v >> 8;
			if (rs->bpp == 4) {
				p[2] = v >> 16;
				p[3] = v >> 24;
			}
		}
	}
}

/*
 * FLIP: row y of the window goes to row height - 1 - y of the
 * destination window, one row at a time (each moved to the chunk
 * buffer's first row, which has been written already).
 */
static int flip_write(struct vgc_core *c, u32 ix, u32 n, u32 rows)
{
	struct vgc_rs *rs = &c->rs;
	size_t row = VGC_RS_SPAN * rs->bpp;
	u32 r, dy;

	for (r = 0; r < rows; r++) {
		if (r)
			memmove(rs->buf, rs->buf + r * row, n * rs->bpp);
		dy = rs->offy[rs->pipe] + rs->height - 1 - (rs->y + r);
		if (surf_io(c, &rs->dst, RS_WRITE, ix, dy, n, 1))
			return -1;
	}
	return 0;
}

/* The next chunk of the window; -1 when an access failed. */
static int chunk_step(struct vgc_core *c, long *budget)
{
	struct vgc_rs *rs = &c->rs;
	u32 ix = rs->offx[rs->pipe] + rs->x, iy = rs->offy[rs->pipe] + rs->y;
	u32 n = rs->width - rs->x, rows = VGC_RS_BAND - (iy & 3);

	/* bands follow the rows of tiles of the image */
	if (rows > rs->height - rs->y)
		rows = rs->height - rs->y;
	if (n > VGC_RS_SPAN)
		n = VGC_RS_SPAN;
	if (rs->fill) {
		if (surf_io(c, &rs->dst, RS_FILL, ix, iy, n, rows))
			return -1;
	} else {
		if (surf_io(c, &rs->src, RS_READ, ix, iy, n, rows))
			return -1;
		if (rs->swap_rb)
			swap_rb(rs, n, rows);
		if (rs->flip) {
			if (flip_write(c, ix, n, rows))
				return -1;
		} else if (surf_io(c, &rs->dst, RS_WRITE, ix, iy, n, rows)) {
			return -1;
		}
	}
	c->stats.rs_pixels += n * rows;
	*budget -= n * rows;
	rs->x += n;
	if (rs->x < rs->width)
		return 0;
	rs->x = 0;
	rs->y += rows;
	if (rs->y < rs->height)
		return 0;
	rs->y = 0;
	if (++rs->pipe >= rs->npipes)
		rs->busy = false;
	return 0;
}

/* The next tile of an in-place resolve. */
static int inplace_step(struct vgc_core *c, long *budget)
{
	struct vgc_rs *rs = &c->rs;
	u32 addr = rs->ts.surface + rs->tile * VGC_RS_TS_TILE;
	unsigned int status;

	if (ts_entry(c, rs->tile, &status))
		return -1;
	if (status == 1) {
		vgc_fill32(rs->buf, addr, rs->ts.clear, VGC_RS_TS_TILE);
		if (vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, rs->buf,
					VGC_RS_TS_TILE))
			return -1;
		c->stats.rs_ts_cleared++;
	}
	*budget -= VGC_RS_TS_TILE / 4;
	if (++rs->tile >= rs->tiles)
		rs->busy = false;
	return 0;
}

void vgc_rs_ts_flush(struct vgc_core *c)
{
	c->rs.ts_cache_ok = false;
}

bool vgc_rs_run(struct vgc_core *c, long *budget)
{
	struct vgc_rs *rs = &c->rs;
	int r;

	while (rs->busy && *budget > 0) {
		r = rs->inplace ? inplace_step(c, budget) :
				  chunk_step(c, budget);
		if (r) {
			rs->busy = false;	/* fault reported by the MMU */
			c->stats.rs_aborted++;
		}
	}
	return !rs->busy;
}

/* The layout a stride state and a TILED bit describe; false if unknown. */
static bool surf_setup(struct vgc_core *c, struct vgc_surf *s, bool tiled,
		       u32 stride, u32 addr0, u32 addr1)
{
	s->bpp = c->rs.bpp;
	if (stride & (VGC_RS_STRIDE_SUPER_TILED_NEW | VGC_RS_STRIDE_TS_MODE))
		return false;	/* only cores with CACHE128B256BPERLINE */
	s->stride = VGC_RS_STRIDE(stride);
	s->base[0] = addr0;
	s->base[1] = addr0;
	if (!tiled) {
		s->layout = VGC_LINEAR;
		return true;
	}
	s->layout = stride & VGC_RS_STRIDE_TILING ? VGC_SUPER : VGC_TILED;
	if (stride & VGC_RS_STRIDE_MULTI) {
		if (vgc_caps(c)->pixel_pipes != 2)
			return false;
		s->layout = s->layout == VGC_SUPER ? VGC_MULTI_SUPER :
						     VGC_MULTI_TILED;
		s->base[1] = addr1;
	}
	return true;
}

/* The tile status a copy reads through; false if unsupported. */
static bool ts_setup(struct vgc_core *c)
{
	struct vgc_rs *rs = &c->rs;
	u32 mc = REG(c, VGC_TS_MEM_CONFIG);

	rs->fast_clear = false;
	rs->ts.bits = vgc_caps(c)->ts_bits;
	rs->ts.block = VGC_TS_BLOCK;
	switch (mc & (VGC_TS_COLOR_FAST_CLEAR | VGC_TS_DEPTH_FAST_CLEAR)) {
	case 0:
		return true;
	case VGC_TS_COLOR_FAST_CLEAR:
		if (mc & VGC_TS_COLOR_COMPRESSION)
			return false;
		rs->ts.status = REG(c, VGC_TS_COLOR_STATUS_BASE);
		rs->ts.surface = REG(c, VGC_TS_COLOR_SURFACE_BASE);
		rs->ts.clear = REG(c, VGC_TS_COLOR_CLEAR_VALUE);
		break;
	case VGC_TS_DEPTH_FAST_CLEAR:
		if (mc & VGC_TS_DEPTH_COMPRESSION)
			return false;
		rs->ts.status = REG(c, VGC_TS_DEPTH_STATUS_BASE);
		rs->ts.surface = REG(c, VGC_TS_DEPTH_SURFACE_BASE);
		rs->ts.clear = REG(c, VGC_TS_DEPTH_CLEAR_VALUE);
		break;
	default:
		return false;	/* which one applies: no source tells */
	}
	rs->fast_clear = true;
	return true;
}

/* The fill pattern and the bits it writes; false if unsupported. */
static bool fill_setup(struct vgc_core *c, const struct rs_fmt *f)
{
	struct vgc_rs *rs = &c->rs;
	u32 bits = VGC_RS_CLEAR_BITS(REG(c, VGC_RS_CLEAR_CONTROL)) & 0xf;
	u32 m = 0, all = 0, v;
	unsigned int ch, i;

	if (f->chan) {
		for (ch = B; ch <= A; ch++) {
			v = f->width[ch] ? ((1u << f->width[ch]) - 1) <<
					   f->shift[ch] : 0;
			all |= v;
			if (bits & (1u << ch))
				m |= v;
		}
	} else {
		if (bits != 0xf)
			return false;	/* channels of raw formats: unknown */
		all = ~0u;
		m = ~0u;
	}
	if (f->bpp == 2) {
		all |= all << 16;
		m |= m << 16;
	}
	rs->full_mask = m == all;
	rs->pat_len = f->bpp == 8 ? 8 : 4;
	for (i = 0; i < rs->pat_len; i++) {
		rs->pat[i] = REG(c, VGC_RS_FILL_VALUE(i / 4)) >> (8 * (i & 3));
		rs->pat_mask[i] = f->bpp == 8 ? 0xff : m >> (8 * (i & 3));
	}
	return true;
}

/* Decode the states of a kick into c->rs; false if unsupported. */
static bool rs_setup(struct vgc_core *c)
{
	struct vgc_rs *rs = &c->rs;
	u32 cfg = REG(c, VGC_RS_CONFIG), cc = REG(c, VGC_RS_CLEAR_CONTROL);
	u32 extra = REG(c, VGC_RS_EXTRA_CONFIG), win = REG(c, VGC_RS_WINDOW_SIZE);
	unsigned int mode = VGC_RS_CLEAR_MODE(cc), p;
	unsigned int pipes = vgc_caps(c)->pixel_pipes;
	unsigned int sfmt = VGC_RS_CFG_SRC_FORMAT(cfg);
	const struct rs_fmt *f = fmt_get(VGC_RS_CFG_DST_FORMAT(cfg));
	u32 src0, src1, dst0, dst1;

	if (cfg & (VGC_RS_CFG_DOWNSAMPLE_X | VGC_RS_CFG_DOWNSAMPLE_Y))
		return false;
	if (REG(c, VGC_RS_DITHER(0)) != ~0u || REG(c, VGC_RS_DITHER(1)) != ~0u)
		return false;
	if (VGC_RS_EXTRA_AA(extra) || VGC_RS_EXTRA_ENDIAN(extra) ||
	    (extra & VGC_RS_EXTRA_TS_MODE))
		return false;
	if (mode != VGC_RS_CLEAR_DISABLED && mode != VGC_RS_CLEAR_ENABLED1)
		return false;
	if (!f || sfmt != VGC_RS_CFG_DST_FORMAT(cfg) || pipes > VGC_RS_MAX_PIPES)
		return false;
	rs->fill = mode == VGC_RS_CLEAR_ENABLED1;
	rs->fast_clear = false;
	rs->bpp = f->bpp;
	rs->swap_rb = !rs->fill && (cfg & VGC_RS_CFG_SWAP_RB);
	if (rs->fill ? !fill_setup(c, f) : f->fill_only)
		return false;
	if (rs->swap_rb) {
		if (!f->chan || f->width[R] != f->width[B])
			return false;
		rs->rb_shift[0] = f->shift[R];
		rs->rb_shift[1] = f->shift[B];
		rs->rb_mask = (1u << f->width[R]) - 1;
	}
	if (!rs->fill && !ts_setup(c))
		return false;

	if (pipes > 1) {
		src0 = REG(c, VGC_RS_PIPE_SOURCE_ADDR(0));
		src1 = REG(c, VGC_RS_PIPE_SOURCE_ADDR(1));
		dst0 = REG(c, VGC_RS_PIPE_DEST_ADDR(0));
		dst1 = REG(c, VGC_RS_PIPE_DEST_ADDR(1));
	} else {
		src0 = REG(c, VGC_RS_SOURCE_ADDR);
		src1 = src0;
		dst0 = REG(c, VGC_RS_DEST_ADDR);
		dst1 = dst0;
	}
	if (!surf_setup(c, &rs->dst, cfg & VGC_RS_CFG_DST_TILED,
			REG(c, VGC_RS_DEST_STRIDE), dst0, dst1))
		return false;
	if (!rs->fill &&
	    !surf_setup(c, &rs->src, cfg & VGC_RS_CFG_SRC_TILED,
			REG(c, VGC_RS_SOURCE_STRIDE), src0, src1))
		return false;

	rs->npipes = pipes;
	if (vgc_caps(c)->single_buffer &&
	    (REG(c, VGC_RS_SINGLE_BUFFER) & VGC_RS_SINGLE_BUFFER_ENABLE))
		rs->npipes = 1;
	for (p = 0; p < rs->npipes; p++) {
		u32 o = pipes > 1 ? REG(c, VGC_RS_PIPE_OFFSET(p)) : 0;

		rs->offx[p] = VGC_RS_OFFSET_X(o);
		rs->offy[p] = VGC_RS_OFFSET_Y(o);
	}
	/* a pipe at pipe 0's offset would redo pipe 0's work */
	if (rs->npipes == 2 && rs->offx[1] == rs->offx[0] &&
	    rs->offy[1] == rs->offy[0])
		rs->npipes = 1;
	/*
	 * FLIP turns the window upside down (rnndb: "flip image in Y");
	 * how two pipes' windows would combine is not known: refused.
	 */
	rs->flip = !rs->fill && (cfg & VGC_RS_CFG_FLIP);
	if (rs->flip && rs->npipes > 1)
		return false;
	rs->width = VGC_RS_WIDTH(win);
	rs->height = VGC_RS_HEIGHT(win);
	rs->x = 0;
	rs->y = 0;
	rs->pipe = 0;
	rs->inplace = false;
	return true;
}

static bool inplace_setup(struct vgc_core *c, u32 tiles)
{
	struct vgc_rs *rs = &c->rs;
	u32 extra = REG(c, VGC_RS_EXTRA_CONFIG);

	if (!vgc_caps(c)->single_buffer)
		return false;	/* GC3000 and later: SINGLE_BUFFER cores */
	if (VGC_RS_EXTRA_AA(extra) || VGC_RS_EXTRA_ENDIAN(extra) ||
	    (extra & VGC_RS_EXTRA_TS_MODE) ||
	    (REG(c, VGC_RS_SOURCE_STRIDE) & (VGC_RS_STRIDE_SUPER_TILED_NEW |
					     VGC_RS_STRIDE_TS_MODE)))
		return false;
	if (!ts_setup(c) ||
	    (REG(c, VGC_TS_MEM_CONFIG) & VGC_TS_DEPTH_FAST_CLEAR))
		return false;
	rs->inplace = true;
	/* without a TS: nothing to fill */
	rs->tiles = rs->fast_clear ? tiles : 0;
	rs->tile = 0;
	return true;
}

void vgc_rs_kick(struct vgc_core *c, u32 off, u32 val)
{
	struct vgc_rs *rs = &c->rs;
	bool ok;

	if (off == VGC_RS_KICKER && !(val & 1))
		return;		/* a kick writes bit 0 */
	if (!(c->id->pipes & VGC_PIPE_3D)) {
		c->stats.rs_unsupported++;
		return;
	}
	if (off == VGC_RS_KICKER_INPLACE) {
		if (!val)
			return;
		ok = inplace_setup(c, val);
	} else {
		ok = rs_setup(c);
	}
	if (!ok) {
		c->stats.rs_unsupported++;
		return;
	}
	c->stats.rs_ops++;
	rs->busy = rs->inplace ? rs->tiles != 0 :
				 rs->width && rs->height && rs->npipes;
}

bool vgc_rs_state(struct vgc_core *c, u32 off, u32 *val)
{
	/* the RS starts; the FE waits for it (vgc_fe_run) */
	REG(c, off) = *val;
	vgc_rs_kick(c, off, *val);
	return false;
}
