// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Validation, the samplers of a 3D draw
 *
 * Every sampler of a draw on an MMUv1 core (the TE states: 12 samplers)
 * that TE_SAMPLER_CONFIG0 turns on is bounded, whether the shaders sample
 * it or not; a sampler whose CONFIG0 the stream did not load is refused
 * (Mesa 22.3 loads CONFIG0 of every sampler, 0 for those it does not
 * use). The texture engine of the device model is the description
 * (sim/vgc_tx.c, sim/doc/texture-engine.md), followed here:
 *
 *  - level l is max(1, SIZE >> l) texels wide and high, at
 *    TE_SAMPLER_LOD_ADDR[s][l]; the levels sampled run from 0 to the one
 *    the largest level of detail names: the larger of LOD_CONFIG's MIN
 *    and MAX (5.5 fixed point: the model clamps to MIN, then to MAX) in
 *    CONFIG0's MIP filter, at most 13: NONE its integer part, NEAREST
 *    the level nearest to it, LINEAR the level above too when it has a
 *    fraction;
 *  - the layout: 4x4 tiles of texels row by row, a row of tiles padded
 *    to CONFIG1's HALIGN (4 or 16 texels) and the height to 4; 64x64
 *    supertiles with HALIGN SUPER_TILED (padding 64 both ways); the 4x4
 *    blocks of the compressed formats (DXT, ETC1) in rows, untiled;
 *  - the faces of a cube map, and the max(1, DEPTH >> l) slices of a 3D
 *    texture's level, one after the other, each the padded level's size;
 *  - each level's bytes, from its address to its last face's last tile,
 *    must fit in the buffer the address was relocated to;
 *  - refused as not bounded: unknown types and formats, LINEAR
 *    addressing (the linear stride states alias on the GC880 and GC2000,
 *    rnndb: which one a sampler reads is not known), the split layouts,
 *    arrays, sampling through the tile status (CONFIG1's USE_TS), a size
 *    or a 3D depth of 0.
 */

#include <linux/kernel.h>
#include <linux/minmax.h>

#include "etna_regs.h"
#include "etna_validate.h"
#include "etna_validate_priv.h"

#define R_UNSET_TX	"sampler states not set in this stream"
#define R_MODE_TX	"texture whose footprint is not bounded"

/*
 * The bytes of a texel (or of a 4x4 block, @block) of the format of
 * CONFIG0 @cfg0 and CONFIG1 @cfg1 (the extended format of a HALTI0
 * core's FORMAT NONE); 0 for a format not bounded.
 */
static unsigned int etna_tex_bytes(u32 cfg0, u32 cfg1, bool halti0,
				   bool *block)
{
	*block = false;
	switch (ETNA_TE_FORMAT(cfg0)) {
	case ETNA_TEX_FMT_A8:
	case ETNA_TEX_FMT_L8:
	case ETNA_TEX_FMT_I8:
		return 1;
	case ETNA_TEX_FMT_A8L8:
	case ETNA_TEX_FMT_A4R4G4B4:
	case ETNA_TEX_FMT_X4R4G4B4:
	case ETNA_TEX_FMT_R5G6B5:
	case ETNA_TEX_FMT_A1R5G5B5:
	case ETNA_TEX_FMT_X1R5G5B5:
	case ETNA_TEX_FMT_D16:
		return 2;
	case ETNA_TEX_FMT_A8R8G8B8:
	case ETNA_TEX_FMT_X8R8G8B8:
	case ETNA_TEX_FMT_A8B8G8R8:
	case ETNA_TEX_FMT_X8B8G8R8:
	case ETNA_TEX_FMT_D24X8:
		return 4;
	case ETNA_TEX_FMT_DXT1:
	case ETNA_TEX_FMT_ETC1:
		*block = true;
		return 8;
	case ETNA_TEX_FMT_DXT2_DXT3:
	case ETNA_TEX_FMT_DXT4_DXT5:
		*block = true;
		return 16;
	case ETNA_TEX_FMT_NONE:
		if (!halti0)
			return 0;
		switch (ETNA_TE_FORMAT_EXT(cfg1)) {
		case ETNA_TEX_FMT_EXT_G8R8:
			return 2;
		case ETNA_TEX_FMT_EXT_A2B10G10R10:
			return 4;
		}
		return 0;
	default:
		return 0;
	}
}

/* A sampler's texture, as far as its footprint goes. */
struct etna_tex {
	u32 width, height, depth;	/* level 0's; depth: slices, or 1 */
	unsigned int faces;		/* 6 for a cube map, else 1 */
	unsigned int bytes;		/* of a texel or a block */
	bool block;			/* 4x4 blocks of @bytes */
	bool super;			/* 64x64 supertiles */
	unsigned int align;		/* a row's padding, in texels */
};

/* The bytes of level @l, from its address to its last face's last tile. */
static u64 etna_tex_level_bytes(const struct etna_tex *t, unsigned int l)
{
	u64 w = max(t->width >> l, 1u), h = max(t->height >> l, 1u);
	u64 tb = t->block ? t->bytes : 16 * t->bytes;
	u64 row = ALIGN(w, t->align) / 4 * tb;
	u64 plane = row * (ALIGN(h, t->super ? 64 : 4) / 4);
	u64 tx = (w - 1) / 4, ty = (h - 1) / 4, last;
	u64 faces = t->faces > 1 ? t->faces : max(t->depth >> l, 1u);

	if (t->super)
		last = ty / 16 * 16 * row + (tx / 16 + 1) * 256 * tb;
	else
		last = ty * row + (tx + 1) * tb;
	return (faces - 1) * plane + last;
}

/* Sampler @s: its texture from its states, or a refusal. */
static int etna_tex_get(struct etna_walk *w, unsigned int s,
			struct etna_tex *t)
{
	const struct etna_fp *fp = w->fp;
	u32 cfg0 = fp->val[FP_TE_CONFIG0 + s], cfg1, size;
	unsigned int type = ETNA_TE_TYPE(cfg0);

	if (!etna_fp_known(fp, FP_TE_CONFIG1 + s) ||
	    !etna_fp_known(fp, FP_TE_SIZE + s) ||
	    !etna_fp_known(fp, FP_TE_LOD_CONFIG + s))
		return etna_refuse(w, R_UNSET_TX);
	cfg1 = fp->val[FP_TE_CONFIG1 + s];
	size = fp->val[FP_TE_SIZE + s];
	t->width = ETNA_TE_WIDTH(size);
	t->height = ETNA_TE_HEIGHT(size);
	t->faces = type == ETNA_TEX_TYPE_CUBE_MAP ? 6 : 1;
	t->depth = 1;
	if (type == ETNA_TEX_TYPE_3D) {
		if (!etna_fp_known(fp, FP_TE_3D_CONFIG + s))
			return etna_refuse(w, R_UNSET_TX);
		t->depth = ETNA_TE_3D_DEPTH(fp->val[FP_TE_3D_CONFIG + s]);
	} else if (type != ETNA_TEX_TYPE_1D && type != ETNA_TEX_TYPE_2D &&
		   type != ETNA_TEX_TYPE_CUBE_MAP) {
		return etna_refuse(w, R_MODE_TX);
	}
	t->bytes = etna_tex_bytes(cfg0, cfg1, w->s->halti0, &t->block);
	if (!t->bytes || !t->width || !t->height || !t->depth ||
	    cfg1 & (ETNA_TE_TEXTURE_ARRAY | ETNA_TE_USE_TS) ||
	    ETNA_TE_ADDRESSING(cfg0) != ETNA_TEX_ADDRESSING_TILED)
		return etna_refuse(w, R_MODE_TX);
	t->super = false;
	switch (ETNA_TE_HALIGN(cfg1)) {
	case ETNA_TEX_HALIGN_FOUR:
		t->align = 4;
		break;
	case ETNA_TEX_HALIGN_SIXTEEN:
		t->align = 16;
		break;
	case ETNA_TEX_HALIGN_SUPER_TILED:
		if (t->block)
			return etna_refuse(w, R_MODE_TX);
		t->super = true;
		t->align = 64;
		break;
	default:
		return etna_refuse(w, R_MODE_TX);
	}
	return 0;
}

/*
 * The last level a sampler with CONFIG0 @cfg0 and LOD_CONFIG @lod samples
 * (sim/vgc_tx.c, vgc_tx_lookup()), from the largest level of detail, the
 * larger of MIN and MAX (5.5 fixed point: 32 a level), at most the last
 * level; -1 for a mip filter not bounded.
 */
static int etna_tex_top_level(u32 cfg0, u32 lod)
{
	u32 t = max(ETNA_TE_LOD_MAX(lod), ETNA_TE_LOD_MIN(lod)), top;

	switch (ETNA_TE_MIP(cfg0)) {
	case ETNA_TEX_FILTER_NONE:
		top = t / 32;
		break;
	case ETNA_TEX_FILTER_NEAREST:		/* ceil(t + 1/2) - 1 */
		top = DIV_ROUND_UP(t + 16, 32) - 1;
		break;
	case ETNA_TEX_FILTER_LINEAR:
		top = DIV_ROUND_UP(t, 32);
		break;
	default:
		return -1;
	}
	return min_t(u32, top, ETNA_TE_LODS - 1);
}

/**
 * etna_check_samplers() - the textures a 3D draw may sample (MMUv1)
 * @w: the walk, at the draw
 *
 * Return: 0, or a refusal.
 */
int etna_check_samplers(struct etna_walk *w)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot addr;
	struct etna_tex t;
	unsigned int s;
	int ret, l, top;

	for (s = 0; s < ETNA_TE_SAMPLERS; s++) {
		if (!etna_fp_known(fp, FP_TE_CONFIG0 + s))
			return etna_refuse(w, R_UNSET_TX);
		if (ETNA_TE_TYPE(fp->val[FP_TE_CONFIG0 + s]) ==
		    ETNA_TEX_TYPE_NONE)
			continue;	/* off: never read */
		ret = etna_tex_get(w, s, &t);
		if (ret)
			return ret;
		top = etna_tex_top_level(fp->val[FP_TE_CONFIG0 + s],
					 fp->val[FP_TE_LOD_CONFIG + s]);
		if (top < 0)
			return etna_refuse(w, R_MODE_TX);
		for (l = 0; l <= top; l++) {
			addr = FP_TE_LOD_ADDR + s * ETNA_TE_LODS + l;
			if (!etna_fp_known(fp, addr))
				return etna_refuse(w, R_UNSET_TX);
			if (etna_tex_level_bytes(&t, l) > fp->room[addr])
				return etna_refuse(w, "texture past the end of its buffer");
		}
	}
	return 0;
}
