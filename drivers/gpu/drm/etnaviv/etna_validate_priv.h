/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command-stream validator's files share these: the states a walk
 * keeps (etna_validate.c), and the footprints of the engines it bounds
 * (etna_validate_2d.c, etna_validate_rs.c). Not for the rest of the
 * driver, whose interface is etna_validate.h.
 */
#ifndef __ETNA_VALIDATE_PRIV_H__
#define __ETNA_VALIDATE_PRIV_H__

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/types.h>

/*
 * The states whose values bound what an operation reads and writes, as
 * slots of struct etna_fp (etna_validate.c maps each state to its slot).
 */
enum etna_slot {
	/* the 2D engine */
	FP_DE_SRC_ADDRESS,
	FP_DE_SRC_STRIDE,
	FP_DE_SRC_ROTATION_CONFIG,
	FP_DE_SRC_CONFIG,
	FP_DE_SRC_ORIGIN,
	FP_DE_STRETCH_FACTOR_LOW,
	FP_DE_STRETCH_FACTOR_HIGH,
	FP_DE_DEST_ADDRESS,
	FP_DE_DEST_STRIDE,
	FP_DE_DEST_ROTATION_CONFIG,
	FP_DE_DEST_CONFIG,
	FP_DE_PATTERN_ADDRESS,
	FP_DE_PATTERN_CONFIG,
	FP_DE_ROP,
	FP_DE_CLIP_TOP_LEFT,
	FP_DE_CLIP_BOTTOM_RIGHT,
	FP_DE_CONFIG,
	FP_DE_DEST_ROTATION_HEIGHT,
	FP_DE_ROT_ANGLE,
	/* the resolve engine and tile status */
	FP_RS_CONFIG,
	FP_RS_SOURCE_ADDR,
	FP_RS_SOURCE_STRIDE,
	FP_RS_DEST_ADDR,
	FP_RS_DEST_STRIDE,
	FP_RS_WINDOW_SIZE,
	FP_RS_CLEAR_CONTROL,
	FP_TS_MEM_CONFIG,
	FP_TS_COLOR_STATUS_BASE,
	FP_TS_COLOR_SURFACE_BASE,
	FP_TS_DEPTH_STATUS_BASE,
	FP_TS_DEPTH_SURFACE_BASE,
	FP_RS_EXTRA_CONFIG,
	FP_RS_PIPE_SOURCE_ADDR0,
	FP_RS_PIPE_SOURCE_ADDR1,
	FP_RS_PIPE_DEST_ADDR0,
	FP_RS_PIPE_DEST_ADDR1,
	FP_RS_PIPE_OFFSET0,
	FP_RS_PIPE_OFFSET1,
	FP_NR_SLOTS
};

/**
 * struct etna_fp - the bounding states as this stream left them
 * @val: each slot's value (as the stream gave it: loaded in fixed point,
 *	the 16.16 value before the FE made a float of it)
 * @room: address slots: bytes from the address (the slot's value, which
 *	the relocation patched in) to the end of the buffer it points into
 * @known: the slots this stream loaded; the others hold whatever the
 *	previous job (maybe another client's) left, so they bound nothing
 * @fixp: of those, the ones loaded in fixed point (the state holds the
 *	float the FE made of @val)
 */
struct etna_fp {
	u32 val[FP_NR_SLOTS];
	u32 room[FP_NR_SLOTS];
	DECLARE_BITMAP(known, FP_NR_SLOTS);
	DECLARE_BITMAP(fixp, FP_NR_SLOTS);
};

/* Where a walk through one stream stands. */
struct etna_walk {
	const u32 *stream;
	unsigned int words;
	const u32 *reloc_offs;
	const u32 *reloc_room;
	unsigned int nr_relocs;
	unsigned int next_reloc;	/* first relocation not yet passed */
	bool addr_relocs;		/* address states need relocations */
	u32 pipe;			/* the job's pipe, as PIPE_SELECT has it */
	unsigned int pixel_pipes;	/* the core's, at least 1 */
	unsigned int ts_bits;		/* bits of a tile status entry */
	const char *why;
	struct etna_fp *fp;		/* MMUv1 only: NULL on MMUv2 */
};

static inline int etna_refuse(struct etna_walk *w, const char *why)
{
	w->why = why;
	return -EINVAL;
}

/* Whether this stream loaded @slot, not in fixed point: @val is its value. */
static inline bool etna_fp_known(const struct etna_fp *fp,
				 enum etna_slot slot)
{
	return test_bit(slot, fp->known) && !test_bit(slot, fp->fixp);
}

/* etna_validate_2d.c */
int etna_check_draw_2d(struct etna_walk *w, const u32 *rects, unsigned int n);

/* etna_validate_rs.c */
int etna_check_rs_kick(struct etna_walk *w, u32 kicker, u32 v, bool fixp);

#endif /* __ETNA_VALIDATE_PRIV_H__ */
