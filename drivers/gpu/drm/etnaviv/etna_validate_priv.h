/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command-stream validator's files share these: the states a walk
 * keeps (etna_validate.c), and the footprints of the engines it bounds
 * (etna_validate_2d.c, etna_validate_rs.c, etna_validate_3d.c and its
 * samplers, etna_validate_tx.c; the indices of indexed draws,
 * etna_validate_idx.c). Not for the rest of the driver, whose interface
 * is etna_validate.h.
 */
#ifndef __ETNA_VALIDATE_PRIV_H__
#define __ETNA_VALIDATE_PRIV_H__

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/types.h>

#include "etna_regs.h"

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
	FP_TS_COLOR_CLEAR_VALUE,
	FP_TS_DEPTH_CLEAR_VALUE,
	FP_RS_EXTRA_CONFIG,
	FP_RS_PIPE_SOURCE_ADDR0,
	FP_RS_PIPE_SOURCE_ADDR1,
	FP_RS_PIPE_DEST_ADDR0,
	FP_RS_PIPE_DEST_ADDR1,
	FP_RS_PIPE_OFFSET0,
	FP_RS_PIPE_OFFSET1,
	FP_YUV_CONFIG,
	/* the 3D engine: the pixel engine, its window, shader code */
	FP_3D_FIRST,
	FP_PE_COLOR_FORMAT = FP_3D_FIRST,
	FP_PE_COLOR_STRIDE,
	FP_PE_COLOR_ADDR,
	FP_PE_PIPE_COLOR_ADDR0,
	FP_PE_PIPE_COLOR_ADDR1,
	FP_PE_DEPTH_CONFIG,
	FP_PE_DEPTH_STRIDE,
	FP_PE_DEPTH_ADDR,
	FP_PE_PIPE_DEPTH_ADDR0,
	FP_PE_PIPE_DEPTH_ADDR1,
	FP_PE_STENCIL_CONFIG,
	FP_PE_HDEPTH_CONTROL,
	FP_GL_MULTI_SAMPLE_CONFIG,
	FP_SE_SCISSOR_RIGHT,
	FP_SE_SCISSOR_BOTTOM,
	FP_SE_CLIP_RIGHT,
	FP_SE_CLIP_BOTTOM,
	FP_PA_SYSTEM_MODE,
	FP_VS_ICACHE_CONTROL,
	FP_VS_RANGE,
	FP_PS_RANGE,
	FP_VS_INST_ADDR,
	FP_PS_INST_ADDR,
	/* vertex fetch: the elements of a vertex, the streams */
	FP_VTX_FIRST,
	FP_VS_INPUT_COUNT = FP_VTX_FIRST,
	FP_FE_VE0,
	FP_FE_VERTEX_STREAM_BASE_ADDR = FP_FE_VE0 + ETNA_FE_VERTEX_ELEMENTS,
	FP_FE_VERTEX_STREAM_CONTROL,
	FP_FE_STREAMS_BASE0,
	FP_FE_STREAMS_CONTROL0 = FP_FE_STREAMS_BASE0 + ETNA_FE_STREAMS,
	FP_VTX_END = FP_FE_STREAMS_CONTROL0 + ETNA_FE_STREAMS,
	/* the index stream (per draw) */
	FP_FE_INDEX_STREAM_BASE_ADDR = FP_VTX_END,
	FP_FE_INDEX_STREAM_CONTROL,
	/* the occlusion query */
	FP_GL_OCCLUSION_QUERY_ADDR,
	FP_GL_OCCLUSION_QUERY_CONTROL,
	/* the samplers: each state per sampler, LOD_ADDR per sampler and level */
	FP_TEX_FIRST,
	FP_TE_CONFIG0 = FP_TEX_FIRST,
	FP_TE_CONFIG1 = FP_TE_CONFIG0 + ETNA_TE_SAMPLERS,
	FP_TE_SIZE = FP_TE_CONFIG1 + ETNA_TE_SAMPLERS,
	FP_TE_LOD_CONFIG = FP_TE_SIZE + ETNA_TE_SAMPLERS,
	FP_TE_3D_CONFIG = FP_TE_LOD_CONFIG + ETNA_TE_SAMPLERS,
	FP_TE_LOD_ADDR = FP_TE_3D_CONFIG + ETNA_TE_SAMPLERS,
	FP_NR_SLOTS = FP_TE_LOD_ADDR + ETNA_TE_SAMPLERS * ETNA_TE_LODS
};

/*
 * What a draw's checks found, kept until a state they read changes: the
 * walk sets the bit of each group whose slots a load writes.
 */
#define ETNA_DIRTY_PE		BIT(0)	/* surfaces, window, shader code */
#define ETNA_DIRTY_VTX		BIT(1)	/* vertex elements, streams */
#define ETNA_DIRTY_TEX		BIT(2)	/* samplers */

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
	unsigned int load_reloc;	/* the load's first not yet looked at */
	bool addr_relocs;		/* address states need relocations */
	u32 pipe;			/* the job's pipe, as PIPE_SELECT has it */
	unsigned int pixel_pipes;	/* the core's, at least 1 */
	unsigned int ts_bits;		/* bits of a tile status entry */
	const struct etna_stream *s;	/* the core's facts */
	const char *why;
	struct etna_fp *fp;		/* MMUv1 only: NULL on MMUv2 */
	unsigned int dirty;		/* ETNA_DIRTY_*: groups to check again */
	u32 idx_limit;			/* the highest vertex index that fits */
	unsigned int idx_word;		/* FE_INDEX_STREAM_BASE_ADDR's word */
	int idx_reloc;			/* and its relocation */
	bool occ_on;			/* an occlusion query is on */
	struct etna_idx_scans *scans;	/* indexed draws to scan, or NULL */
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

/* States are 32 bits wide and indexed by a 16-bit number (byte address / 4). */
#define ETNA_NR_STATES		BIT(16)

/*
 * etna_validate_state.c: what each state is to the walk (an address, a
 * slot), by pages of 256 states
 */
#define ETNA_STATE_PAGES	24
#define ETNA_SE_ADDR		BIT(15)		/* an address state */
#define ETNA_SE_SLOT		GENMASK(14, 0)	/* its slot + 1, or 0 */
extern u8 etna_state_page_of[ETNA_NR_STATES / 256];
extern u16 etna_state_page[ETNA_STATE_PAGES][256];

/* Whether state index @idx takes a GPU address. */
static inline bool etna_is_addr_state(unsigned int idx)
{
	unsigned int page = etna_state_page_of[idx / 256];

	return page && etna_state_page[page - 1][idx % 256] & ETNA_SE_ADDR;
}

void etna_maps_ready(void);
unsigned int etna_addr_states_in(unsigned int first, unsigned int end);
int etna_track_states(struct etna_walk *w, unsigned int first,
		      unsigned int end, unsigned int word, bool fixp);

/* Whether the stream loaded @slot, as it is or in fixed point. */
static inline bool etna_fp_loaded(const struct etna_fp *fp,
				  enum etna_slot slot)
{
	return test_bit(slot, fp->known);
}

/* etna_validate_2d.c */
int etna_check_draw_2d(struct etna_walk *w, const u32 *rects, unsigned int n);

/* etna_validate_rs.c */
int etna_check_rs_kick(struct etna_walk *w, u32 kicker, u32 v, bool fixp);
u64 etna_tiled_extent(u64 tile_row, unsigned int bpp, bool super, bool multi,
		      u64 x1, u64 y1);
int etna_ts_in_use(struct etna_walk *w, unsigned int t, enum etna_slot *status,
		   enum etna_slot *surface);
int etna_ts_unset(struct etna_walk *w);
void etna_ts_seed(struct etna_walk *w);
void etna_ts_loaded(struct etna_walk *w, enum etna_slot slot, int r);
void etna_ts_left(struct etna_walk *w);
bool etna_ts_fits(const struct etna_walk *w, enum etna_slot status, u64 last);

/* etna_validate_3d.c */
int etna_check_draw_3d(struct etna_walk *w, const u32 *cmd);
int etna_check_stream_end_3d(struct etna_walk *w);

/* etna_validate_tx.c */
int etna_check_samplers(struct etna_walk *w);

/* etna_validate_idx.c */
int etna_idx_scan_add(struct etna_walk *w, u32 first, u32 count,
		      unsigned int size, u32 bias);

#endif /* __ETNA_VALIDATE_PRIV_H__ */
