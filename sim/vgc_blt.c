// SPDX-License-Identifier: GPL-2.0-only
/*
 * The BLT engine of the GC7000 generation (MINOR_FEATURE_5 BLT_ENGINE),
 * which does there what the resolve engine did before: clears, copies and
 * in-place tile status resolves. The facts and their public sources
 * (rnndb state_blt.xml as Mesa 22.3 carries it, hw/state_blt.xml.h; what
 * Mesa 22.3's etnaviv_blt.c and Linux 6.1's etnaviv_buffer.c load) and
 * every rule the model had to choose are in sim/doc/blt.md; in short:
 *
 *  - a load of BLT_COMMAND while BLT_ENABLE is on starts CLEAR_IMAGE,
 *    COPY_IMAGE or INPLACE; with BLT_ENABLE off it is counted
 *    (blt_disabled) and does nothing; other commands are counted in
 *    blt_unsupported;
 *  - surfaces: BLT_*_ADDR is pixel (0, 0), the stride the bytes of a row
 *    of pixels, TILING LINEAR or 4x4 tiles (3), supertiles with
 *    FROM_SUPER_TILED (source) or TO_SUPER_TILED (destination) in the
 *    image config; the rectangle BLT_IMAGE_SIZE at BLT_SRC_POS and
 *    BLT_DEST_POS;
 *  - a clear writes BLT_CLEAR_COLOR0/1 under BLT_CLEAR_BITS0/1 as a
 *    pattern repeating in memory (8 bytes when CLEAR_BPP says 8 bytes a
 *    pixel, else the 4 of COLOR0); through the destination's tile status
 *    (TS in DEST_CONFIG) a block its entry marks cleared (1) is first
 *    filled with BLT_DEST_TS_CLEAR_VALUE0/1 and every block written is
 *    marked not cleared: what a reader through the tile status sees is
 *    what a fast clear leaves (the model stores the pixels, uncompressed
 *    with the config's COMPRESSION too);
 *  - a copy needs the same format on both sides and the identity
 *    swizzle, copies the bytes, reads the source through its tile status
 *    (SRC_TS, SRC_TS_CLEAR_VALUE0/1) and FLIP_Y writes the rows bottom
 *    up; an entry other than 0 or 1 (a compressed block: the model's
 *    engines store none) reads memory and is counted (blt_ts_compressed);
 *  - INPLACE fills each of the first BLT_INPLACE_TILE_COUNT blocks at
 *    BLT_DEST_ADDR whose entry at BLT_DEST_TS is 1 with the destination's
 *    clear value;
 *  - a tile status entry covers 64 bytes, or on CACHE128B256BPERLINE
 *    cores 128 or 256 (TS_MODE); endian swaps, downsampling, a copy's
 *    destination tile status, other formats, swizzles and commands are
 *    counted in blt_unsupported and the command does nothing;
 *  - the FE<->BLT semaphores: BLT work that no STALL (FE<-BLT) or stall
 *    token (RA<-BLT, for draws), after a semaphore to the BLT, waited for
 *    before a draw, a 2D operation or an event is counted (blt_unsynced),
 *    and so is BLT work whose BLT cache no BLT_SET_COMMAND flush wrote
 *    back (blt_unflushed);
 *  - memory goes through the PE client of the MMU; the first failed
 *    access ends the operation (blt_aborted).
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_blt.h"
#include "vgc_surf.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

/* Identity swizzles of source and destination (R 0, G 1, B 2, A 3). */
#define SWIZ_IDENTITY	0x688u
#define SWIZ_BOTH	(SWIZ_IDENTITY | SWIZ_IDENTITY << 12)

/* Bytes a pixel of a BLT_FORMAT; 0: the model does not know it. */
static unsigned int fmt_bpp(unsigned int f)
{
	switch (f) {
	case VGC_BLT_FMT_A8:
	case VGC_BLT_FMT_L8:
	case VGC_BLT_FMT_R8:
		return 1;
	case VGC_BLT_FMT_X4R4G4B4:
	case VGC_BLT_FMT_A4R4G4B4:
	case VGC_BLT_FMT_X1R5G5B5:
	case VGC_BLT_FMT_A1R5G5B5:
	case VGC_BLT_FMT_R5G6B5:
	case VGC_BLT_FMT_YUY2:
	case VGC_BLT_FMT_UYVY:
	case VGC_BLT_FMT_D16:
	case VGC_BLT_FMT_A8L8:
	case VGC_BLT_FMT_R8G8:
		return 2;
	case VGC_BLT_FMT_X8R8G8B8:
	case VGC_BLT_FMT_A8R8G8B8:
	case VGC_BLT_FMT_A2R10G10B10:
	case VGC_BLT_FMT_X24S8:
		return 4;
	case VGC_BLT_FMT_A16R16G16B16:
		return 8;
	}
	return 0;
}

/* @len bytes at @addr of memory repeating the 8 bytes of @pat. */
static void fill8(u8 *p, u32 addr, const u8 *pat, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++)
		p[k] = pat[(addr + k) & 7];
}

/* The 8-byte pattern of @v0, @v1 (@wide), or of @v0 repeating. */
static void pattern(u8 *pat, u32 v0, u32 v1, bool wide)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		pat[i] = (i < 4 || !wide ? v0 : v1) >> (8 * (i & 3));
}

/* ---- tile status ---- */

/* The entry of the block holding @addr; -1 if reading it failed. */
static int ts_get(struct vgc_core *c, const struct vgc_blt_ts *t, u32 addr,
		  unsigned int *e)
{
	unsigned int shift;
	u32 byte;
	u8 v;

	vgc_ts_entry(&t->ts, (addr - t->ts.surface) / t->block, &byte, &shift);
	if (vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
		return -1;
	*e = vgc_ts_value(&t->ts, v, shift);
	return 0;
}

/* Set the entry of the block holding @addr to @e. */
static int ts_set(struct vgc_core *c, const struct vgc_blt_ts *t, u32 addr,
		  unsigned int e)
{
	unsigned int shift, m = (1u << t->ts.bits) - 1;
	u32 byte;
	u8 v;

	vgc_ts_entry(&t->ts, (addr - t->ts.surface) / t->block, &byte, &shift);
	if (vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
		return -1;
	v = (v & ~(m << shift)) | (e & m) << shift;
	return vgc_dma_write(c, VGC_CLIENT_PE, byte, &v, 1);
}

/* The part of [@addr, @addr + @len) in the block of @addr. */
static size_t in_block(const struct vgc_blt_ts *t, u32 addr, size_t len)
{
	size_t n = t->block - ((addr - t->ts.surface) % t->block);

	return n < len ? n : len;
}

/* Does the tile status cover @addr? */
static bool ts_covers(const struct vgc_blt_ts *t, u32 addr)
{
	return t->on && addr >= t->ts.surface;
}

/* A source read through the source's tile status. */
static int src_read(struct vgc_core *c, u32 addr, u8 *p, size_t len)
{
	struct vgc_blt_ts *t = &c->blt.sts;
	unsigned int e;
	size_t n;

	if (!ts_covers(t, addr))
		return vgc_dma_read(c, VGC_CLIENT_PE, addr, p, len);
	while (len) {
		n = in_block(t, addr, len);
		if (ts_get(c, t, addr, &e))
			return -1;
		if (e == 1) {
			fill8(p, addr, t->clear, n);
			c->stats.blt_ts_cleared++;
		} else {
			if (e)
				c->stats.blt_ts_compressed++;
			if (vgc_dma_read(c, VGC_CLIENT_PE, addr, p, n))
				return -1;
		}
		addr += n;
		p += n;
		len -= n;
	}
	return 0;
}

/*
 * Before a clear writes into the block of @addr through the tile status:
 * a cleared block becomes its clear value in memory; the entry then says
 * the block is in memory.
 */
static int dst_block_open(struct vgc_core *c, u32 addr)
{
	struct vgc_blt_ts *t = &c->blt.dts;
	u32 base = addr - (addr - t->ts.surface) % t->block;
	unsigned int e;

	if (ts_get(c, t, addr, &e))
		return -1;
	if (!e)
		return 0;
	if (e == 1) {
		fill8(c->blt.blk, base, t->clear, t->block);
		if (vgc_dma_write_pages(c, VGC_CLIENT_PE, base, c->blt.blk,
					t->block))
			return -1;
		c->stats.blt_ts_cleared++;
	} else {
		c->stats.blt_ts_compressed++;
	}
	return ts_set(c, t, addr, 0);
}

/* A clear's write of @len bytes at @addr (@p: room for them). */
static int dst_clear(struct vgc_core *c, u32 addr, u8 *p, size_t len)
{
	struct vgc_blt *b = &c->blt;
	size_t k, n;
	u8 m;

	while (len) {
		n = len;
		if (ts_covers(&b->dts, addr)) {
			n = in_block(&b->dts, addr, len);
			if (dst_block_open(c, addr))
				return -1;
		}
		if (b->full_mask) {
			fill8(p, addr, b->pat, n);
		} else {
			if (vgc_dma_read(c, VGC_CLIENT_PE, addr, p, n))
				return -1;
			for (k = 0; k < n; k++) {
				m = b->mask[(addr + k) & 7];
				p[k] = (p[k] & ~m) | (b->pat[(addr + k) & 7] & m);
			}
		}
		if (vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, p, n))
			return -1;
		addr += n;
		p += n;
		len -= n;
	}
	return 0;
}

enum blt_io { BLT_READ, BLT_WRITE, BLT_CLEAR };

/* Move @n pixels of row @y from column @x between @s and the buffer. */
static int row_io(struct vgc_core *c, const struct vgc_surf *s,
		  enum blt_io op, u32 x, u32 y, u32 n)
{
	struct vgc_blt *b = &c->blt;
	u32 i = 0, run, cnt, addr;
	u8 *p;
	int r;

	while (i < n) {
		addr = vgc_surf_px(s, x + i, y, &run);
		cnt = n - i < run ? n - i : run;
		p = b->buf + i * b->bpp;
		if (op == BLT_READ)
			r = src_read(c, addr, p, cnt * b->bpp);
		else if (op == BLT_WRITE)
			r = vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, p,
						cnt * b->bpp);
		else
			r = dst_clear(c, addr, p, cnt * b->bpp);
		if (r)
			return -1;
		i += cnt;
	}
	return 0;
}

/* The next chunk of a clear's or a copy's rectangle. */
static int rect_step(struct vgc_core *c, long *budget)
{
	struct vgc_blt *b = &c->blt;
	u32 n = b->width - b->x, dy;

	if (n > VGC_BLT_SPAN)
		n = VGC_BLT_SPAN;
	if (b->op == VGC_BLT_CMD_CLEAR_IMAGE) {
		if (row_io(c, &b->dst, BLT_CLEAR, b->dx + b->x, b->dy + b->y, n))
			return -1;
	} else {
		dy = b->dy + (b->flip ? b->height - 1 - b->y : b->y);
		if (row_io(c, &b->src, BLT_READ, b->sx + b->x, b->sy + b->y,
			   n) ||
		    row_io(c, &b->dst, BLT_WRITE, b->dx + b->x, dy, n))
			return -1;
	}
	c->stats.blt_pixels += n;
	*budget -= n;
	b->x += n;
	if (b->x < b->width)
		return 0;
	b->x = 0;
	if (++b->y >= b->height)
		b->busy = false;
	return 0;
}

/* The next block of an in-place resolve. */
static int inplace_step(struct vgc_core *c, long *budget)
{
	struct vgc_blt *b = &c->blt;
	struct vgc_blt_ts *t = &b->dts;
	u32 addr = t->ts.surface + b->tile * t->block;
	unsigned int e;

	if (ts_get(c, t, addr, &e))
		return -1;
	if (e == 1) {
		fill8(b->blk, addr, t->clear, t->block);
		if (vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, b->blk,
					t->block))
			return -1;
		c->stats.blt_ts_cleared++;
	}
	*budget -= t->block / 4;
	if (++b->tile >= b->tiles)
		b->busy = false;
	return 0;
}

bool vgc_blt_run(struct vgc_core *c, long *budget)
{
	struct vgc_blt *b = &c->blt;
	int r;

	while (b->busy && *budget > 0) {
		r = b->op == VGC_BLT_CMD_INPLACE ? inplace_step(c, budget) :
						   rect_step(c, budget);
		if (r) {
			b->busy = false;	/* fault reported by the MMU */
			c->stats.blt_aborted++;
		}
	}
	return !b->busy;
}

/* ---- decoding ---- */

/* Surface bytes of a tile status entry, by a TS_MODE bit. */
static unsigned int ts_block(struct vgc_core *c, bool mode256)
{
	if (!vgc_caps(c)->ts_128b)
		return mode256 ? 0 : VGC_TS_BLOCK;
	return mode256 ? 256 : 128;
}

/* A tile status: entries at @status for the surface at @surface. */
static bool ts_setup(struct vgc_core *c, struct vgc_blt_ts *t, bool mode256,
		     u32 status, u32 surface, u32 v0, u32 v1, bool wide)
{
	t->on = true;
	t->block = ts_block(c, mode256);
	t->ts.status = status;
	t->ts.surface = surface;
	t->ts.clear = v0;
	t->ts.bits = vgc_caps(c)->ts_bits;
	t->ts.block = t->block;
	pattern(t->clear, v0, v1, wide);
	return t->block != 0;
}

/* The layout a stride state and an image config describe. */
static bool surf_setup(struct vgc_surf *s, u32 addr, u32 stride, u32 cfg,
		       u32 super_bit, unsigned int bpp)
{
	s->base[0] = addr;
	s->base[1] = addr;
	s->bpp = bpp;
	s->stride = VGC_BLT_STRIDE(stride);
	switch (VGC_BLT_STRIDE_TILING(stride)) {
	case VGC_BLT_TILING_LINEAR:
		if (cfg & super_bit)
			return false;
		s->layout = VGC_LINEAR;
		return true;
	case VGC_BLT_TILING_TILED:
		/* the stride of a row of pixels, four of a row of tiles */
		s->stride *= 4;
		s->layout = cfg & super_bit ? VGC_SUPER : VGC_TILED;
		return true;
	}
	return false;
}

static bool clear_setup(struct vgc_core *c)
{
	struct vgc_blt *b = &c->blt;
	u32 cfg = REG(c, VGC_BLT_CONFIG), dcfg = REG(c, VGC_BLT_DEST_CONFIG);
	u32 m0 = REG(c, VGC_BLT_CLEAR_BITS(0)), m1 = REG(c, VGC_BLT_CLEAR_BITS(1));
	bool wide;

	b->bpp = VGC_BLT_CFG_CLEAR_BPP(cfg) + 1;
	if (b->bpp != 1 && b->bpp != 2 && b->bpp != 4 && b->bpp != 8)
		return false;
	/* COMPRESSION: the model stores the pixels uncompressed (entry 0) */
	wide = b->bpp == 8;
	if (!surf_setup(&b->dst, REG(c, VGC_BLT_DEST_ADDR),
			REG(c, VGC_BLT_DEST_STRIDE), dcfg,
			VGC_BLT_IMG_TO_SUPER, b->bpp))
		return false;
	pattern(b->pat, REG(c, VGC_BLT_CLEAR_COLOR(0)),
		REG(c, VGC_BLT_CLEAR_COLOR(1)), wide);
	pattern(b->mask, m0, m1, wide);
	b->full_mask = m0 == ~0u && (!wide || m1 == ~0u);
	if (dcfg & VGC_BLT_IMG_TS)
		return ts_setup(c, &b->dts, dcfg & VGC_BLT_IMG_TS_MODE,
				REG(c, VGC_BLT_DEST_TS),
				REG(c, VGC_BLT_DEST_ADDR),
				REG(c, VGC_BLT_DEST_TS_CLEAR_VALUE(0)),
				REG(c, VGC_BLT_DEST_TS_CLEAR_VALUE(1)), wide);
	return true;
}

static bool copy_setup(struct vgc_core *c)
{
	struct vgc_blt *b = &c->blt;
	u32 ss = REG(c, VGC_BLT_SRC_STRIDE), ds = REG(c, VGC_BLT_DEST_STRIDE);
	u32 scfg = REG(c, VGC_BLT_SRC_CONFIG), dcfg = REG(c, VGC_BLT_DEST_CONFIG);
	unsigned int f = VGC_BLT_SRC_STRIDE_FORMAT(ss);

	if (ss & (VGC_BLT_SRC_DOWNSAMPLE_X | VGC_BLT_SRC_DOWNSAMPLE_Y))
		return false;	/* MSAA resolves: not modelled */
	if (f != VGC_BLT_STRIDE_FORMAT(ds) || !fmt_bpp(f))
		return false;	/* format conversions: not modelled */
	if (REG(c, VGC_BLT_SWIZZLE) != SWIZ_BOTH || (dcfg & VGC_BLT_IMG_TS))
		return false;
	b->bpp = fmt_bpp(f);
	b->flip = dcfg & VGC_BLT_IMG_FLIP_Y;
	if (!surf_setup(&b->src, REG(c, VGC_BLT_SRC_ADDR), ss, scfg,
			VGC_BLT_IMG_FROM_SUPER, b->bpp) ||
	    !surf_setup(&b->dst, REG(c, VGC_BLT_DEST_ADDR), ds, dcfg,
			VGC_BLT_IMG_TO_SUPER, b->bpp))
		return false;
	if (scfg & VGC_BLT_IMG_TS)
		return ts_setup(c, &b->sts, scfg & VGC_BLT_IMG_TS_MODE,
				REG(c, VGC_BLT_SRC_TS),
				REG(c, VGC_BLT_SRC_ADDR),
				REG(c, VGC_BLT_SRC_TS_CLEAR_VALUE(0)),
				REG(c, VGC_BLT_SRC_TS_CLEAR_VALUE(1)),
				b->bpp == 8);
	return true;
}

static bool inplace_setup(struct vgc_core *c)
{
	struct vgc_blt *b = &c->blt;
	u32 cfg = REG(c, VGC_BLT_CONFIG);
	unsigned int lg = VGC_BLT_CFG_INPLACE_BPP(cfg);

	if (lg > 3)
		return false;
	b->bpp = 1u << lg;
	b->tiles = REG(c, VGC_BLT_INPLACE_TILE_COUNT);
	b->tile = 0;
	return ts_setup(c, &b->dts, cfg & VGC_BLT_CFG_INPLACE_TS_MODE,
			REG(c, VGC_BLT_DEST_TS), REG(c, VGC_BLT_DEST_ADDR),
			REG(c, VGC_BLT_DEST_TS_CLEAR_VALUE(0)),
			REG(c, VGC_BLT_DEST_TS_CLEAR_VALUE(1)), b->bpp == 8);
}

/* Decode the states of a command into c->blt; false if unsupported. */
static bool blt_setup(struct vgc_core *c, unsigned int op)
{
	struct vgc_blt *b = &c->blt;
	u32 cfg = REG(c, VGC_BLT_CONFIG), size = REG(c, VGC_BLT_IMAGE_SIZE);
	u32 sp = REG(c, VGC_BLT_SRC_POS), dp = REG(c, VGC_BLT_DEST_POS);

	memset(&b->sts, 0, sizeof(b->sts));
	memset(&b->dts, 0, sizeof(b->dts));
	b->op = op;
	b->flip = false;
	b->x = 0;
	b->y = 0;
	b->width = VGC_RS_WIDTH(size);
	b->height = VGC_RS_HEIGHT(size);
	b->sx = VGC_RS_OFFSET_X(sp);
	b->sy = VGC_RS_OFFSET_Y(sp);
	b->dx = VGC_RS_OFFSET_X(dp);
	b->dy = VGC_RS_OFFSET_Y(dp);
	switch (op) {
	case VGC_BLT_CMD_CLEAR_IMAGE:
		return clear_setup(c);
	case VGC_BLT_CMD_COPY_IMAGE:
		if (cfg & (VGC_BLT_CFG_SRC_ENDIAN | VGC_BLT_CFG_DEST_ENDIAN))
			return false;
		return copy_setup(c);
	case VGC_BLT_CMD_INPLACE:
		return inplace_setup(c);
	}
	return false;
}

bool vgc_blt_state(struct vgc_core *c, u32 off, u32 *val)
{
	struct vgc_blt *b = &c->blt;
	unsigned int op = VGC_BLT_COMMAND_OP(*val);

	REG(c, off) = *val;
	if (!vgc_caps(c)->blt) {
		c->stats.blt_unsupported++;	/* no BLT engine: nothing */
		return false;
	}
	if (!(REG(c, VGC_BLT_ENABLE) & VGC_BLT_ON)) {
		c->stats.blt_disabled++;
		return false;
	}
	if (!blt_setup(c, op)) {
		c->stats.blt_unsupported++;
		return false;
	}
	c->stats.blt_ops++;
	b->unsynced = true;
	b->unsynced_ra = true;
	/* the BLT starts; the FE waits for it (vgc_fe_run) */
	b->busy = op == VGC_BLT_CMD_INPLACE ? b->tiles != 0 :
					      b->width && b->height;
	return false;
}

/* ---- synchronisation ---- */

bool vgc_blt_sync_state(struct vgc_core *c, u32 off, u32 *val)
{
	struct vgc_blt *b = &c->blt;
	unsigned int from = VGC_SYNC_FROM(*val), to = VGC_SYNC_TO(*val);

	if (!vgc_caps(c)->blt || to != VGC_SYNC_BLT ||
	    !(REG(c, VGC_BLT_ENABLE) & VGC_BLT_ON))
		return true;
	if (off == VGC_GL_SEMAPHORE_TOKEN) {
		b->sem_from = from;
	} else if (from == VGC_SYNC_RA && b->sem_from == VGC_SYNC_RA) {
		/* GL_STALL_TOKEN: the RA waits for the BLT */
		b->unsynced_ra = false;
		b->sem_from = 0;
	}
	return true;
}

void vgc_blt_stall(struct vgc_core *c, u32 token)
{
	struct vgc_blt *b = &c->blt;

	if (!vgc_caps(c)->blt || VGC_SYNC_TO(token) != VGC_SYNC_BLT ||
	    VGC_SYNC_FROM(token) != VGC_SYNC_FE ||
	    b->sem_from != VGC_SYNC_FE)
		return;
	b->unsynced = false;
	b->unsynced_ra = false;
	b->sem_from = 0;
}

void vgc_blt_check(struct vgc_core *c, bool ra)
{
	struct vgc_blt *b = &c->blt;

	if (ra ? b->unsynced_ra : b->unsynced) {
		c->stats.blt_unsynced++;
		b->unsynced = false;	/* once per piece of BLT work */
		b->unsynced_ra = false;
	}
	if (c->flushed.blt != c->stats.blt_ops) {
		c->stats.blt_unflushed++;
		c->flushed.blt = c->stats.blt_ops;
	}
}

void vgc_blt_reset(struct vgc_core *c)
{
	struct vgc_blt *b = &c->blt;

	b->busy = false;
	b->unsynced = false;
	b->unsynced_ra = false;
	b->sem_from = 0;
}
