/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Surface layouts of the device model: where pixel (x, y) of a surface
 * lies in GPU memory, in every layout the engines read and write, and
 * where the tile status (TS) entry of a byte of a surface lies. One
 * implementation for every engine: the resolve engine (vgc_rs.c), the
 * pixel engine (vgc_pe.c), the texture unit (vgc_tx.c) and the BLT
 * engine of the GC7000 (vgc_blt.c).
 *
 * The layouts (etna_viv doc/hardware.md "Texture tiling", "Supertiling"
 * and "Multi-tiling"; rnndb state_3d.xml; Mesa 22.3 etnaviv_resource.c,
 * etnaviv_rs.c):
 *  - linear: rows of pixels, the stride apart;
 *  - tiled: 4x4 tiles of pixels (16 pixels row by row), in rows of
 *    tiles the stride apart;
 *  - supertiled: 64x64 supertiles of 16x16 tiles, in rows of supertiles
 *    (a row of supertiles is 16 rows of tiles: 16 strides); tile (tx, ty)
 *    of a supertile is its (tx & 1) | (ty & 3) << 1 | (tx >> 1) << 3 |
 *    (ty >> 2) << 6 th (vgc_surf_col() and vgc_surf_row() hold the bits
 *    of each coordinate apart: they are disjoint);
 *  - multi-tiled: the tiles of two pixel pipes in a checkerboard, each
 *    pipe's half a tiled surface of its own (at @base[1] the second)
 *    holding every other row of tiles;
 *  - multi-supertiled: 64x128 blocks, one supertile of each half, pairs
 *    of tiles alternating between the halves along a row and from one
 *    row to the next.
 * The tests (tests/sim/test_surf.c) hold every layout against the
 * resolve engine's reference (tests/sim/refrs.c), written from the same
 * public descriptions apart from the model.
 *
 * Everything here is inline: the texture unit computes a texel's address
 * per lookup. The forms:
 *  - vgc_surf_tile() and vgc_surf_px(): a tile's and a pixel's address,
 *    any layout (per tile for the PE, per run of a row for the RS);
 *  - vgc_surf_col() and vgc_surf_row(): the parts of an address that
 *    depend on the column alone and on the row alone, in the layouts of
 *    one half (linear, tiled, supertiled), for the texture unit's
 *    footprints (two columns and two rows make four texels); a tile may
 *    be one 4x4 block of a compressed format.
 */
#ifndef VGC_SURF_H
#define VGC_SURF_H

#include "vgc_types.h"

/**
 * enum vgc_layout - how a surface is laid out in memory (see above)
 * @VGC_LINEAR: rows of pixels
 * @VGC_TILED: 4x4 tiles
 * @VGC_SUPER: 64x64 supertiles of 4x4 tiles
 * @VGC_MULTI_TILED: tiles split between two pixel pipes' halves
 * @VGC_MULTI_SUPER: supertiles split between two pixel pipes' halves
 */
enum vgc_layout {
	VGC_LINEAR,
	VGC_TILED,
	VGC_SUPER,
	VGC_MULTI_TILED,
	VGC_MULTI_SUPER,
};

/**
 * struct vgc_surf - a surface in GPU memory
 * @base: GPU address of pixel (0, 0); for the multi layouts, of each
 *	pixel pipe's half (@base[1] the second); @base[1] is @base[0] else
 * @stride: bytes of a row of pixels (linear), of a row of 4x4 tiles
 *	(the other layouts: four rows of pixels)
 * @bpp: bytes per pixel
 * @layout: the layout
 */
struct vgc_surf {
	u32 base[2];
	u32 stride;
	unsigned int bpp;
	enum vgc_layout layout;
};

/* The layout split between the two halves, of one half of @l. */
static inline bool vgc_layout_multi(enum vgc_layout l)
{
	return l == VGC_MULTI_TILED || l == VGC_MULTI_SUPER;
}

/*
 * The column's part of the offset of 4x4 tile column @tx from its half's
 * base: @super for supertiles, @tb bytes a tile.
 */
static __always_inline u32 vgc_tile_col(bool super, u32 tb, u32 tx)
{
	if (super)
		return (tx >> 4) * 256 * tb +
		       ((tx & 1) | (tx & 15) >> 1 << 3) * tb;
	return tx * tb;
}

/* The row's part (vgc_tile_col()) of tile row @ty: @trow bytes a row. */
static __always_inline u32 vgc_tile_row(bool super, u32 tb, u32 trow, u32 ty)
{
	if (super)
		return (ty >> 4) * 16 * trow +
		       ((ty & 3) << 1 | (ty & 15) >> 2 << 6) * tb;
	return ty * trow;
}

/*
 * The column's part of the address of pixel column @x in @layout (of one
 * half: linear, tiled or supertiled), @bpp bytes a pixel, @tb bytes a
 * tile; with @block each 4x4 tile is one block of a compressed format
 * (@x its column's block, no pixel offset within it).
 */
static __always_inline u32 vgc_surf_col(enum vgc_layout layout, u32 bpp,
					bool block, u32 tb, u32 x)
{
	if (layout == VGC_LINEAR)
		return x * bpp;
	return vgc_tile_col(layout == VGC_SUPER, tb, x / 4) +
	       (block ? 0 : (x % 4) * bpp);
}

/* The row's part (vgc_surf_col()) of pixel row @y; @row: the stride. */
static __always_inline u32 vgc_surf_row(enum vgc_layout layout, u32 bpp,
					bool block, u32 tb, u32 row, u32 y)
{
	if (layout == VGC_LINEAR)
		return y * row;
	return vgc_tile_row(layout == VGC_SUPER, tb, row, y / 4) +
	       (block ? 0 : (y % 4) * 4 * bpp);
}

/*
 * GPU address of the 4x4 tile (@tx, @ty) of @s (any layout but linear,
 * where it is 0): a multi layout's tile is one of a half's, in a
 * checkerboard of tiles (multi-tiled: each half holds every other row of
 * tiles) or of pairs of tiles in 64x128 blocks (multi-supertiled: a
 * block holds a supertile of each half).
 */
static inline u32 vgc_surf_tile(const struct vgc_surf *s, u32 tx, u32 ty)
{
	u32 tb = 16 * s->bpp, h = 0, lx, ly;
	bool super;

	switch (s->layout) {
	case VGC_TILED:
	case VGC_SUPER:
		break;
	case VGC_MULTI_TILED:
		h = (tx ^ ty) & 1;
		tx ^= h;
		ty >>= 1;
		break;
	case VGC_MULTI_SUPER:
		lx = tx & 15;
		ly = ty & 31;
		h = ((lx >> 1) ^ ly) & 1;
		tx = (tx & ~15u) | (lx & ~2u) | (ly & 1) << 1;
		ty = (ty >> 5) * 16 + (ly >> 1);
		break;
	default:
		return 0;
	}
	super = s->layout == VGC_SUPER || s->layout == VGC_MULTI_SUPER;
	return s->base[h] + vgc_tile_row(super, tb, s->stride, ty) +
	       vgc_tile_col(super, tb, tx);
}

/* Offset of pixel (@x, @y) in its 4x4 tile, @bpp bytes a pixel. */
static inline u32 vgc_tile_px(unsigned int bpp, u32 x, u32 y)
{
	return ((y & 3) * 4 + (x & 3)) * bpp;
}

/*
 * GPU address of pixel (@x, @y) of @s; *@run: the pixels from it on that
 * follow it in memory along its row (the rest of its tile's row; the
 * whole row when linear).
 */
static inline u32 vgc_surf_px(const struct vgc_surf *s, u32 x, u32 y,
			      u32 *run)
{
	if (s->layout == VGC_LINEAR) {
		*run = ~0u;
		return s->base[0] + y * s->stride + x * s->bpp;
	}
	*run = 4 - (x & 3);
	return vgc_surf_tile(s, x >> 2, y >> 2) + vgc_tile_px(s->bpp, x, y);
}

/* Surface bytes one tile status entry covers (without 128B tiles). */
#define VGC_TS_BLOCK	64
/* ... at most (CACHE128B256BPERLINE cores: 128 or 256, by TS_MODE) */
#define VGC_TS_MAX_BLOCK	256

/**
 * struct vgc_ts - a surface's tile status: an entry of @bits bits per
 *	@block bytes of the surface from @surface on, packed from
 *	the least significant bits of each byte at @status (etna_viv
 *	doc/hardware.md, Mesa 22.3 etnaviv_resource.c); entry 1 says the
 *	block is cleared: it reads as @clear repeating in memory
 * @status: TS_*_STATUS_BASE
 * @surface: TS_*_SURFACE_BASE: the address entry 0 covers
 * @clear: TS_*_CLEAR_VALUE
 * @bits: bits of an entry: 2 (MINOR_FEATURE_0 2BITPERTILE) or 4
 * @block: surface bytes an entry covers: VGC_TS_BLOCK, or on the cores
 *	with 128-byte cache lines 128 or 256 (the surface's TS_MODE)
 */
struct vgc_ts {
	u32 status, surface, clear;
	unsigned int bits, block;
};

/* The number of the entry of the block holding @addr (>= @ts->surface). */
static inline u32 vgc_ts_index(const struct vgc_ts *ts, u32 addr)
{
	return (addr - ts->surface) / ts->block;
}

/* Where entry @n is: the byte at *@byte, from bit *@shift. */
static inline void vgc_ts_entry(const struct vgc_ts *ts, u32 n, u32 *byte,
				unsigned int *shift)
{
	u32 bit = n * ts->bits;

	*byte = ts->status + bit / 8;
	*shift = bit & 7;
}

/* The entry at @shift of the status byte @v. */
static inline unsigned int vgc_ts_value(const struct vgc_ts *ts, u8 v,
					unsigned int shift)
{
	return (v >> shift) & ((1u << ts->bits) - 1);
}

/*
 * @len bytes at @addr of memory that repeats the 32-bit @v (a cleared
 * block's clear value, a fill's pattern).
 */
static __always_inline void vgc_fill32(u8 *p, u32 addr, u32 v, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++)
		p[k] = v >> (8 * ((addr + k) & 3));
}

#endif /* VGC_SURF_H */
