/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The resolve engine (RS) of the device model and the tile status (TS) it
 * reads: the copy or fill a load of RS_KICKER (or RS_KICKER_INPLACE)
 * started, executed in bounded chunks by vgc_fe_run(). See vgc_rs.c and
 * sim/doc/rs-ts.md for what is modelled and the rules chosen where the
 * public facts run out.
 */
#ifndef VGC_RS_H
#define VGC_RS_H

#include "vgc_surf.h"

#define VGC_RS_SPAN		256	/* pixels of one chunk's row */
#define VGC_RS_BAND		4	/* rows of a chunk: one row of tiles */
#define VGC_RS_MAX_BPP		8	/* bytes per pixel (64BPP_CLEAR) */
#define VGC_RS_MAX_PIPES	2	/* pixel pipes the model runs */
#define VGC_RS_TS_TILE		64	/* surface bytes one TS entry covers */
#define VGC_RS_TS_CACHE		64	/* bytes of the status buffer cached */

/**
 * struct vgc_rs - the resolve operation in flight
 * @busy: an operation is in flight
 * @inplace: it is an in-place resolve (RS_KICKER_INPLACE)
 * @fill: it fills the destination (CLEAR_CONTROL.MODE ENABLED1)
 * @full_mask: the fill writes every bit of each pixel
 * @swap_rb: copies swap the red and blue channels
 * @flip: copies write the window's rows in reverse order
 * @fast_clear: copies read the source through the tile status @ts
 * @bpp: bytes per pixel
 * @width: RS_WINDOW_SIZE width
 * @height: height
 * @npipes: pixel pipes that run the window
 * @pipe: the pipe running now
 * @offx: each pipe's RS_PIPE_OFFSET x
 * @offy: y
 * @x: next chunk in the window: column
 * @y: row
 * @tiles: in-place resolve: tiles to process
 * @tile: the next one
 * @rb_shift: swap_rb: lowest bit of the red and the blue channel
 * @rb_mask: their common unshifted mask
 * @pat: the fill pattern as memory repeats it (@pat_len bytes)
 * @pat_mask: the bits of @pat that a masked fill writes
 * @pat_len: 4, or 8 for 64BPP_CLEAR
 * @src: the source surface
 * @dst: the destination surface
 * @ts: the tile status (of the colour or the depth surface)
 * @ts_cache_addr: status bytes cached: their address
 * @ts_cache_ok: @ts_cache holds them (until a TS flush or a reset, even
 *	across operations)
 * @ts_cache: the bytes
 * @buf: one chunk of pixels, VGC_RS_BAND rows of VGC_RS_SPAN
 * @tmp: one tile
 *
 * Owned by its struct vgc_core (member rs), private to vgc_rs.c. The
 * states are decoded when the kick executes; the FE executes nothing
 * else until the operation completes, so they cannot change under it.
 */
struct vgc_rs {
	bool busy, inplace, fill, full_mask, swap_rb, flip, fast_clear;
	unsigned int bpp;
	u32 width, height;
	unsigned int npipes, pipe;
	u32 offx[VGC_RS_MAX_PIPES], offy[VGC_RS_MAX_PIPES];
	u32 x, y;
	u32 tiles, tile;
	u8 rb_shift[2];
	u32 rb_mask;
	u8 pat[8], pat_mask[8];
	unsigned int pat_len;
	struct vgc_surf src, dst;
	struct vgc_ts ts;
	u32 ts_cache_addr;
	bool ts_cache_ok;
	u8 ts_cache[VGC_RS_TS_CACHE];
	u8 buf[VGC_RS_BAND * VGC_RS_SPAN * VGC_RS_MAX_BPP];
	u8 tmp[16 * VGC_RS_MAX_BPP];
};

struct vgc_core;

/*
 * A load of RS_KICKER or RS_KICKER_INPLACE (@off) with @val: start the
 * operation the RS and TS states describe (or count why not).
 */
void vgc_rs_kick(struct vgc_core *c, u32 off, u32 val);
/* The FE's hook (vgc_fe.h) for RS_KICKER and RS_KICKER_INPLACE. */
bool vgc_rs_state(struct vgc_core *c, u32 off, u32 *val);
/* A TS_FLUSH_CACHE load (or a reset): the TS cache forgets what it holds. */
void vgc_rs_ts_flush(struct vgc_core *c);
/*
 * Run the operation in flight for at most @budget pixels (decremented).
 * Returns true when the RS is idle.
 */
bool vgc_rs_run(struct vgc_core *c, long *budget);

#endif /* VGC_RS_H */
