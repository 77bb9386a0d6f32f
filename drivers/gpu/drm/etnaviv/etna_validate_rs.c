// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Validation, the resolve engine and tile status
 *
 * The footprint of a resolve (MMUv1), at each load of RS_KICKER (whatever
 * its value) or RS_KICKER_INPLACE, from the states loaded before it in
 * this stream (a LOAD_STATE that runs over a kicker kicks with the states
 * below it only). The device model's resolve engine is the description
 * (sim/vgc_rs.c, sim/doc/rs-ts.md):
 *
 *  - each pixel pipe runs the RS_WINDOW_SIZE window at its RS_PIPE_OFFSET
 *    (one-pipe cores: at 0), so the image pixels below the largest
 *    offset plus the window are reached, on the destination halved by
 *    DOWNSAMPLE_X/Y. RS_SINGLE_BUFFER is ignored: both pipes may run;
 *  - a side's bytes from its address follow its layout (linear, tiled,
 *    supertiled, multi-tiled, multi-supertiled: RS_CONFIG's TILED bit
 *    and the stride's TILING and MULTI), the RS_FORMAT's bytes per pixel
 *    and the stride, tiled layouts in whole tiles and supertiles. A
 *    one-pipe core uses RS_SOURCE_ADDR and RS_DEST_ADDR; a two-pipe core
 *    RS_PIPE_*_ADDR[0], and [1] for the second half of a MULTI surface;
 *  - a fill (CLEAR_CONTROL ENABLED1) writes the destination only; a copy
 *    also reads the source and, with a FAST_CLEAR bit in TS_MEM_CONFIG,
 *    the status entry (2 bits with 2BITPERTILE, else 4) of each 64-byte
 *    block of the source at or above TS_*_SURFACE_BASE, from
 *    TS_*_STATUS_BASE on (the addresses, as relocated, are compared);
 *  - an in-place resolve of N tiles reads N entries and writes N 64-byte
 *    blocks of TS_*_SURFACE_BASE for each FAST_CLEAR bit set;
 *  - refused as not bounded: a state the stream did not load (but for
 *    the tile-status states the kernel loads before it, @ts_in of
 *    struct etna_stream: etna_carry.c), the
 *    ENABLED4 fill modes, RS_EXTRA_CONFIG AA or TS_MODE, strides of the
 *    newer cores (SUPER_TILED_NEW, TS_MODE), unknown formats, MULTI on a
 *    core without two pipes, cores with more than two.
 */

#include <linux/kernel.h>
#include <linux/minmax.h>

#include "etna_regs.h"
#include "etna_validate.h"
#include "etna_validate_priv.h"

/* Bytes per pixel of an RS format, or 0 for one whose size is not known. */
static unsigned int etna_rs_bpp(unsigned int fmt)
{
	switch (fmt) {
	case ETNA_RS_FMT_X4R4G4B4 ... ETNA_RS_FMT_R5G6B5:
	case ETNA_RS_FMT_YUY2:
	case ETNA_RS_FMT_D16:
		return 2;
	case ETNA_RS_FMT_X8R8G8B8:
	case ETNA_RS_FMT_A8R8G8B8:
	case ETNA_RS_FMT_A2R10G10B10:
	case ETNA_RS_FMT_D32:
		return 4;
	case ETNA_RS_FMT_64BPP_CLEAR:
		return 8;
	default:
		return 0;
	}
}

/**
 * etna_tiled_extent() - the bytes of a tiled surface some pixels reach
 * @tile_row: the pitch of a row of 4x4 tiles
 * @bpp: bytes per pixel
 * @super: 64x64 supertiles of 256 tiles (etna_viv doc/hardware.md)
 * @multi: split between two pixel pipes, tile by tile (each half from
 *	its own address)
 * @x1: the pixels' columns are [0, @x1), @x1 not 0
 * @y1: their rows [0, @y1), @y1 not 0
 *
 * The layouts are those of the device model's resolve and pixel engines
 * (sim/vgc_surf.h; sim/doc/rs-ts.md section 4, sim/doc/3d-pipeline.md
 * section 6), counted in whole tiles and supertiles.
 *
 * Return: the bytes from the surface's address (each half's, for @multi)
 * up to the end of the last tile they reach.
 */
u64 etna_tiled_extent(u64 tile_row, unsigned int bpp, bool super, bool multi,
		      u64 x1, u64 y1)
{
	u64 s = tile_row, tile = 16 * bpp;
	u64 tx = (x1 - 1) / 4, ty = (y1 - 1) / 4;

	if (!super && !multi)
		return ty * s + (tx + 1) * tile;
	/* multi-tiled: every other row of tiles, each pair of columns */
	if (!super)
		return ty / 2 * s + ((tx | 1) + 1) * tile;
	/* supertiled: 64x64 blocks of 256 tiles, a row of them is 16 s */
	if (!multi)
		return ty / 16 * 16 * s + (tx / 16 + 1) * 256 * tile;
	/* multi-supertiled: a supertile of each half per 64x128 block */
	return ty / 32 * 16 * s + (tx / 16 + 1) * 256 * tile;
}

/*
 * The bytes from a surface's address (each half's, for a MULTI layout)
 * that the image pixels [0, @x1) x [0, @y1) reach, @x1 and @y1 not 0.
 * @stride is the RS stride state: a pixel row's pitch when linear, else
 * a row of 4x4 tiles' (sim/doc/rs-ts.md, section 4).
 */
static u64 etna_rs_extent(u32 stride, bool tiled, unsigned int bpp,
			  u64 x1, u64 y1)
{
	u64 s = ETNA_RS_STRIDE(stride);

	if (!tiled)
		return (y1 - 1) * s + x1 * bpp;
	return etna_tiled_extent(s, bpp, stride & ETNA_RS_STRIDE_TILING,
				 stride & ETNA_RS_STRIDE_MULTI, x1, y1);
}

/* One side of a resolve: the address slot of each half and their extent. */
struct etna_rs_side {
	enum etna_slot addr[2];
	unsigned int halves;
	u64 bytes;
};

/*
 * The source (@src) or destination of a resolve over the image pixels
 * [0, @x1) x [0, @y1): every half it uses must hold the bytes the layout
 * reaches. A one-pipe core uses RS_SOURCE_ADDR/RS_DEST_ADDR, a two-pipe
 * core RS_PIPE_*_ADDR[0], and [1] too for the second half of a MULTI
 * surface (sim/doc/rs-ts.md, section 5).
 */
static int etna_check_rs_side(struct etna_walk *w, bool src, u64 x1, u64 y1,
			      struct etna_rs_side *side)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot st = src ? FP_RS_SOURCE_STRIDE : FP_RS_DEST_STRIDE;
	u32 cfg = fp->val[FP_RS_CONFIG], stride = fp->val[st];
	bool tiled = cfg & (src ? ETNA_RS_CFG_SRC_TILED : ETNA_RS_CFG_DST_TILED);
	unsigned int bpp, h;

	if (!etna_fp_known(fp, st))
		return etna_refuse(w, "RS states not set in this stream");
	bpp = etna_rs_bpp(src ? ETNA_RS_CFG_SRC_FORMAT(cfg) :
				ETNA_RS_CFG_DST_FORMAT(cfg));
	if (!bpp || stride & (ETNA_RS_STRIDE_SUPER_TILED_NEW |
			      ETNA_RS_STRIDE_TS_MODE))
		return etna_refuse(w, "RS layout whose footprint is not bounded");
	side->halves = 1;
	if (w->pixel_pipes == 1) {
		side->addr[0] = src ? FP_RS_SOURCE_ADDR : FP_RS_DEST_ADDR;
	} else {
		side->addr[0] = src ? FP_RS_PIPE_SOURCE_ADDR0 :
				      FP_RS_PIPE_DEST_ADDR0;
		side->addr[1] = src ? FP_RS_PIPE_SOURCE_ADDR1 :
				      FP_RS_PIPE_DEST_ADDR1;
		if (tiled && stride & ETNA_RS_STRIDE_MULTI)
			side->halves = 2;
	}
	if (w->pixel_pipes != 2 && tiled && stride & ETNA_RS_STRIDE_MULTI)
		return etna_refuse(w, "RS layout whose footprint is not bounded");
	side->bytes = etna_rs_extent(stride, tiled, bpp, x1, y1);
	for (h = 0; h < side->halves; h++) {
		if (!etna_fp_known(fp, side->addr[h]))
			return etna_refuse(w, "RS states not set in this stream");
		if (side->bytes > fp->room[side->addr[h]])
			return etna_refuse(w, src ?
				"RS operation past the end of its source buffer" :
				"RS operation past the end of its destination buffer");
	}
	return 0;
}

/*
 * Whether the tile status entries @first..@last (2 or 4 bits each) lie in
 * the status buffer at slot @status. The entries are packed from the
 * buffer's address on.
 */
bool etna_ts_fits(const struct etna_walk *w, enum etna_slot status, u64 last)
{
	return DIV_ROUND_UP((last + 1) * w->ts_bits, 8) <=
	       w->fp->room[status];
}

/* The tile status states TS_MEM_CONFIG enables: colour, depth. */
static const enum etna_slot etna_ts_slots[2][2] = {
	{ FP_TS_COLOR_STATUS_BASE, FP_TS_COLOR_SURFACE_BASE },
	{ FP_TS_DEPTH_STATUS_BASE, FP_TS_DEPTH_SURFACE_BASE },
};

static const u32 etna_ts_enable[2] = {
	ETNA_TS_COLOR_FAST_CLEAR, ETNA_TS_DEPTH_FAST_CLEAR,
};

/*
 * Tile status @t (colour or depth) of TS_MEM_CONFIG: 0 when it is not
 * enabled; 1 with its status and surface base slots in @status and
 * @surface; a refusal when those were not set in this stream.
 */
int etna_ts_in_use(struct etna_walk *w, unsigned int t, enum etna_slot *status,
		   enum etna_slot *surface)
{
	const struct etna_fp *fp = w->fp;

	if (!(fp->val[FP_TS_MEM_CONFIG] & etna_ts_enable[t]))
		return 0;
	*status = etna_ts_slots[t][0];
	*surface = etna_ts_slots[t][1];
	if (!etna_fp_known(fp, *status) || !etna_fp_known(fp, *surface))
		return etna_ts_unset(w);
	return 1;
}

/* The slot of each tile-status state (enum etna_tsr). */
static const u8 etna_tsr_slot[ETNA_TSR_COUNT] = {
	[ETNA_TSR_MEM_CONFIG] = FP_TS_MEM_CONFIG,
	[ETNA_TSR_COLOR_STATUS] = FP_TS_COLOR_STATUS_BASE,
	[ETNA_TSR_COLOR_SURFACE] = FP_TS_COLOR_SURFACE_BASE,
	[ETNA_TSR_COLOR_CLEAR] = FP_TS_COLOR_CLEAR_VALUE,
	[ETNA_TSR_DEPTH_STATUS] = FP_TS_DEPTH_STATUS_BASE,
	[ETNA_TSR_DEPTH_SURFACE] = FP_TS_DEPTH_SURFACE_BASE,
	[ETNA_TSR_DEPTH_CLEAR] = FP_TS_DEPTH_CLEAR_VALUE,
};

/*
 * A refusal for want of a tile-status state the stream did not load:
 * the caller may walk it again with the ones its file's jobs left
 * (etna_carry.c).
 */
int etna_ts_unset(struct etna_walk *w)
{
	if (w->s->ts_out)
		w->s->ts_out->wanted = true;
	return etna_refuse(w, "TS states not set in this stream");
}

/* The walk's states start with the tile-status states of @ts_in, if any. */
void etna_ts_seed(struct etna_walk *w)
{
	const struct etna_tsr_set *in = w->s->ts_in;
	struct etna_fp *fp = w->fp;
	unsigned int t, slot;

	if (!in)
		return;
	for_each_set_bit(t, &in->known, ETNA_TSR_COUNT) {
		slot = etna_tsr_slot[t];
		fp->val[slot] = in->val[t];
		fp->room[slot] = in->room[t];
		__clear_bit(slot, fp->fixp);
		__set_bit(slot, fp->known);
	}
}

/* The stream loaded tile-status slot @slot, through relocation @r or not. */
void etna_ts_loaded(struct etna_walk *w, enum etna_slot slot, int r)
{
	struct etna_tsr_out *out = w->s->ts_out;
	unsigned int t;

	if (!out)
		return;
	for (t = 0; t < ETNA_TSR_COUNT; t++) {
		if (etna_tsr_slot[t] == slot) {
			__set_bit(t, &out->loaded);
			out->left.reloc[t] = r;
			return;
		}
	}
}

/* At the end of an accepted walk: the tile-status states it leaves. */
void etna_ts_left(struct etna_walk *w)
{
	struct etna_tsr_out *out = w->s->ts_out;
	const struct etna_fp *fp = w->fp;
	unsigned int t, slot;

	if (!out || !fp)
		return;
	for (t = 0; t < ETNA_TSR_COUNT; t++) {
		slot = etna_tsr_slot[t];
		if (!etna_fp_known(fp, slot))
			continue;
		__set_bit(t, &out->left.known);
		out->left.val[t] = fp->val[slot];
		out->left.room[t] = fp->room[slot];
	}
}

/*
 * A copy with fast clear reads, for each 64-byte block of the source at
 * or above TS_*_SURFACE_BASE, its entry in TS_*_STATUS_BASE
 * (sim/doc/rs-ts.md, section 6): the entries up to the last source byte
 * must lie in the status buffer.
 */
static int etna_check_rs_ts(struct etna_walk *w, const struct etna_rs_side *src)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot status, surface;
	unsigned int t, h;
	u64 last;
	int ret;

	if (!etna_fp_known(fp, FP_TS_MEM_CONFIG))
		return etna_ts_unset(w);
	for (t = 0; t < ARRAY_SIZE(etna_ts_enable); t++) {
		ret = etna_ts_in_use(w, t, &status, &surface);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		for (h = 0; h < src->halves; h++) {
			last = (u64)fp->val[src->addr[h]] + src->bytes - 1;
			if (last < fp->val[surface])
				continue;	/* below the surface: no look-up */
			if (!etna_ts_fits(w, status,
					  (last - fp->val[surface]) / 64))
				return etna_refuse(w, "RS tile status past the end of its buffer");
		}
	}
	return 0;
}

/*
 * An in-place resolve of @tiles 64-byte blocks (RS_KICKER_INPLACE): each
 * enabled tile status has its first @tiles entries read and the blocks
 * they cover at TS_*_SURFACE_BASE maybe written.
 */
static int etna_check_rs_inplace(struct etna_walk *w, u32 tiles, bool fixp)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot status, surface;
	unsigned int t;
	int ret;

	if (fixp)
		return etna_refuse(w, "RS tile count whose footprint is not bounded");
	if (!tiles)
		return 0;
	if (!etna_fp_known(fp, FP_TS_MEM_CONFIG))
		return etna_ts_unset(w);
	for (t = 0; t < ARRAY_SIZE(etna_ts_enable); t++) {
		ret = etna_ts_in_use(w, t, &status, &surface);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		if (!etna_ts_fits(w, status, (u64)tiles - 1))
			return etna_refuse(w, "RS tile status past the end of its buffer");
		if ((u64)tiles * 64 > fp->room[surface])
			return etna_refuse(w, "RS operation past the end of its TS surface buffer");
	}
	return 0;
}

/*
 * The footprint of a resolve started by a load of @kicker with value @v
 * (MMUv1), from the states this stream loaded before it. Every load of
 * RS_KICKER counts as a kick, whatever its value.
 */
int etna_check_rs_kick(struct etna_walk *w, u32 kicker, u32 v, bool fixp)
{
	const struct etna_fp *fp = w->fp;
	const u32 *val = fp->val;
	struct etna_rs_side dst, src;
	unsigned int mode, p;
	u64 x1 = 0, y1 = 0, dx1, dy1, width, height;
	u32 cfg, off;
	int ret;

	if (kicker == ETNA_RS_KICKER_INPLACE)
		return etna_check_rs_inplace(w, v, fixp);
	if (!etna_fp_known(fp, FP_RS_CONFIG) ||
	    !etna_fp_known(fp, FP_RS_WINDOW_SIZE) ||
	    !etna_fp_known(fp, FP_RS_CLEAR_CONTROL) ||
	    !etna_fp_known(fp, FP_RS_EXTRA_CONFIG))
		return etna_refuse(w, "RS states not set in this stream");
	mode = ETNA_RS_CLEAR_MODE(val[FP_RS_CLEAR_CONTROL]);
	if ((mode != ETNA_RS_CLEAR_DISABLED && mode != ETNA_RS_CLEAR_ENABLED1) ||
	    ETNA_RS_EXTRA_AA(val[FP_RS_EXTRA_CONFIG]) ||
	    val[FP_RS_EXTRA_CONFIG] & ETNA_RS_EXTRA_TS_MODE ||
	    w->pixel_pipes > 2)
		return etna_refuse(w, "RS operation whose footprint is not bounded");
	width = ETNA_RS_WIDTH(val[FP_RS_WINDOW_SIZE]);
	height = ETNA_RS_HEIGHT(val[FP_RS_WINDOW_SIZE]);
	if (!width || !height)
		return 0;

	/* each pipe runs the window at its offset, in image coordinates */
	for (p = 0; p < w->pixel_pipes; p++) {
		off = 0;
		if (w->pixel_pipes > 1) {
			if (!etna_fp_known(fp, FP_RS_PIPE_OFFSET0 + p))
				return etna_refuse(w, "RS states not set in this stream");
			off = val[FP_RS_PIPE_OFFSET0 + p];
		}
		x1 = max(x1, ETNA_RS_OFFSET_X(off) + width);
		y1 = max(y1, ETNA_RS_OFFSET_Y(off) + height);
	}

	/* downsampling halves the window on the destination */
	cfg = val[FP_RS_CONFIG];
	dx1 = cfg & ETNA_RS_CFG_DOWNSAMPLE_X ? DIV_ROUND_UP(x1, 2) : x1;
	dy1 = cfg & ETNA_RS_CFG_DOWNSAMPLE_Y ? DIV_ROUND_UP(y1, 2) : y1;
	ret = etna_check_rs_side(w, false, dx1, dy1, &dst);
	/* a fill disregards the source and the tile status */
	if (ret || mode == ETNA_RS_CLEAR_ENABLED1)
		return ret;
	ret = etna_check_rs_side(w, true, x1, y1, &src);
	if (ret)
		return ret;
	return etna_check_rs_ts(w, &src);
}
