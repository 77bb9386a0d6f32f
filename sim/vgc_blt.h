/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The BLT engine of the device model (the GC7000's blit engine): the
 * clear, copy or in-place tile status resolve a load of BLT_COMMAND
 * started, executed in bounded chunks by vgc_fe_run(), and the FE<->BLT
 * synchronisation it needs. See vgc_blt.c and sim/doc/blt.md.
 */
#ifndef VGC_BLT_H
#define VGC_BLT_H

#include "vgc_surf.h"

#define VGC_BLT_SPAN		256	/* pixels of one chunk */
#define VGC_BLT_MAX_BPP		8	/* bytes per pixel */
#define VGC_BLT_MAX_BLOCK	256	/* surface bytes of a TS entry */

/**
 * struct vgc_blt_ts - a surface's tile status as the BLT reads it
 * @on: the image config's TS bit: accesses go through the tile status
 * @ts: the entries (@ts.clear unused: @clear holds the pattern)
 * @block: surface bytes an entry covers (64, or 128/256 by TS_MODE)
 * @clear: the clear value as memory repeats it, 8 bytes (*_VALUE0, 1)
 */
struct vgc_blt_ts {
	bool on;
	struct vgc_ts ts;
	unsigned int block;
	u8 clear[8];
};

/**
 * struct vgc_blt - the BLT operation in flight and the BLT's sync state
 * @busy: an operation is in flight
 * @op: its BLT_COMMAND (CLEAR_IMAGE, COPY_IMAGE, INPLACE)
 * @flip: a copy writes the rectangle's rows in reverse order
 * @full_mask: a clear writes every bit of each pixel
 * @bpp: bytes per pixel
 * @width: BLT_IMAGE_SIZE width
 * @height: height
 * @sx: BLT_SRC_POS x
 * @sy: y
 * @dx: BLT_DEST_POS x
 * @dy: y
 * @x: next chunk: column in the rectangle
 * @y: row
 * @tiles: in-place resolve: entries to process
 * @tile: the next one
 * @pat: a clear's value as memory repeats it (8 bytes)
 * @mask: the bits of @pat it writes
 * @src: the source surface
 * @dst: the destination surface
 * @sts: the source's tile status
 * @dts: the destination's
 * @unsynced: BLT work no FE<-BLT stall has waited for yet
 * @unsynced_ra: BLT work neither a FE<-BLT nor a RA<-BLT stall has
 * @sem_from: the recipient a semaphore to the BLT was last loaded from
 *	(0: none since the last stall)
 * @buf: one chunk of pixels
 * @blk: one tile status block
 *
 * Owned by its struct vgc_core (member blt), private to vgc_blt.c. The
 * states are decoded when the command is loaded; the FE executes nothing
 * else until the operation completes.
 */
struct vgc_blt {
	bool busy;
	unsigned int op;
	bool flip, full_mask;
	unsigned int bpp;
	u32 width, height, sx, sy, dx, dy;
	u32 x, y;
	u32 tiles, tile;
	u8 pat[8], mask[8];
	struct vgc_surf src, dst;
	struct vgc_blt_ts sts, dts;
	bool unsynced, unsynced_ra;
	unsigned int sem_from;
	u8 buf[VGC_BLT_SPAN * VGC_BLT_MAX_BPP];
	u8 blk[VGC_BLT_MAX_BLOCK];
};

struct vgc_core;

/* The FE's hook (vgc_fe.h) for BLT_COMMAND. */
bool vgc_blt_state(struct vgc_core *c, u32 off, u32 *val);
/* The FE's hook for GL_SEMAPHORE_TOKEN and GL_STALL_TOKEN. */
bool vgc_blt_sync_state(struct vgc_core *c, u32 off, u32 *val);
/* A STALL command with @token (its second word). */
void vgc_blt_stall(struct vgc_core *c, u32 token);
/*
 * Another engine is about to use memory (@ra: a draw, which a RA<-BLT
 * stall orders too; else the FE: an event, a 2D operation): count BLT
 * work it was not synchronised with, or whose BLT cache was not flushed.
 */
void vgc_blt_check(struct vgc_core *c, bool ra);
/* A reset: the operation in flight is lost, nothing is owed. */
void vgc_blt_reset(struct vgc_core *c);
/*
 * Run the operation in flight for at most @budget pixels (decremented).
 * Returns true when the BLT is idle.
 */
bool vgc_blt_run(struct vgc_core *c, long *budget);

#endif /* VGC_BLT_H */
