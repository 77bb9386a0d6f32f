/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The texture engine (TE) of the device model: the sampler the shader
 * core's texture instructions call (struct vgc_sh_env.sample). It decodes
 * the sampler states Mesa 22.3 loads on GC880, GC2000 (TE_SAMPLER_*),
 * GC3000 (NTE_SAMPLER_*, cores with HALTI1) and GC7000 (texture
 * descriptors, HALTI5: vgc_tx_desc.c), fetches texels through the
 * MMU as the TX client and filters them. See vgc_tx.c and
 * sim/doc/texture-engine.md for what is modelled and the rules chosen
 * where the public facts run out.
 */
#ifndef VGC_TX_H
#define VGC_TX_H

#include "vgc_surf.h"
#include "vgc_types.h"

struct vgc_sh_tex_req;
struct vgc_sh_tex_quad;
struct vgc_core;

/**
 * struct vgc_tx_fmt - how one texture format is stored
 * @kind: the texel layout (enum tx_kind in vgc_tx.c)
 * @bytes: bytes of a texel, or of a 4x4 block for the compressed ones
 * @block: the format is block-compressed (4x4 texels a block)
 */
struct vgc_tx_fmt {
	unsigned int kind;
	unsigned int bytes;
	bool block;
};

/**
 * struct vgc_tx_plane - where one face (or 3D slice) of one level lies
 * @base: GPU address of its first texel (block, tile)
 * @row: bytes of a row of texels (linear), of 4x4 tiles (tiled layouts)
 * @tb: bytes of a 4x4 tile: 16 texels, or one compressed block
 */
struct vgc_tx_plane {
	u32 base, row, tb;
};

/**
 * struct vgc_tx_tex - one sampler's states, decoded (vgc_tx.c)
 * @ok: the states are a configuration the model samples (the fields
 *	below are meaningful only then)
 * @level0: every lookup samples face 0 of level 0 with filter @min,
 *	whatever its LOD (2D, one filter, no mipmap, LOD_CONFIG's MIN and
 *	MAX below 1), at @pl0
 * @fmt: the format
 * @layout: the layout of each level: linear, tiled or supertiled
 * @align: the padding of a level's rows, in texels (4, 16 or 64)
 * @valign: the padding of its height (4 or 64)
 * @width: SIZE.WIDTH (level 0)
 * @height: SIZE.HEIGHT
 * @depth: 3D_CONFIG.DEPTH of a 3D texture, else 1
 * @cube: a cube map
 * @is3d: a 3D texture
 * @wrap_u: UWRAP
 * @wrap_v: VWRAP
 * @wrap_w: 3D_CONFIG.WRAP (3D)
 * @min: MIN filter
 * @mag: MAG filter
 * @mip: MIP filter
 * @lod_min: LOD_CONFIG.MIN as a float
 * @lod_max: LOD_CONFIG.MAX as a float
 * @lod_bias: LOD_CONFIG.BIAS as a float (0 unless BIAS_ENABLE)
 * @swz: CONFIG1.SWIZZLE_R, _G, _B, _A
 * @linear_stride: LINEAR_STRIDE of level 0 (linear layout)
 * @lod_addr: LOD_ADDR of level 0 in the core's states; level l's is
 *	@lod_addr[l * @lod_step] (read where used: no copy of all 14)
 * @lod_step: the distance of two levels' LOD_ADDR states, in words
 * @pl0: face 0 of level 0 (@level0)
 * @bilinear0: @level0 with a LINEAR filter on A8R8G8B8 or A8B8G8R8
 *	texels (tx_bilinear0() in vgc_tx.c); the next six fields are set
 *	only then
 * @rbyte: the byte of red in a texel: 2 (A8R8G8B8) or 0 (A8B8G8R8)
 * @bbyte: that of blue: 0 or 2
 * @fw: @width as a float
 * @fh: @height as a float
 * @umask: REPEAT on a power-of-two @width: @width - 1 (tx_wrap() is an
 *	AND with it), else 0
 * @vmask: likewise for @height and VWRAP
 * @swz_id: @bilinear0 and @swz is the identity (r, g, b, a)
 * @cmp: NTE_SAMPLER_BASELOD.COMPARE_ENABLE; in a lookup, with a
 *	reference: each depth texel is the comparison's result
 * @cmp_func: NTE_SAMPLER_BASELOD.COMPARE_FUNC
 * @cmp_ref: the lookup's reference (TEXLD's src2.x), clamped to 0..1
 *	(set per lookup, on a copy)
 * @max_level: the last level a lookup may sample (levels counted from
 *	the one @lod_addr points at): the TE's 13, or what a HALTI5
 *	descriptor's BASELOD allows
 * @fault: (with @ok false) reading the sampler's descriptor faulted
 * @ts_on: texels are read through the tile status @ts (HALTI5:
 *	NTE_DESCRIPTOR_TX_CTRL.TS_ENABLE): a texel of a block whose entry is
 *	1 (cleared) reads as @ts.clear repeating
 * @ts: the tile status: TS_SAMPLER_* of TX_CTRL.TS_INDEX, covering the
 *	texture from level 0's address
 */
struct vgc_tx_tex {
	bool ok, level0;
	struct vgc_tx_fmt fmt;
	enum vgc_layout layout;
	unsigned int align, valign;
	unsigned int width, height, depth;
	bool cube, is3d;
	unsigned int wrap_u, wrap_v, wrap_w;
	unsigned int min, mag, mip;
	float lod_min, lod_max, lod_bias;
	unsigned int swz[4];
	u32 linear_stride;
	const u32 *lod_addr;
	unsigned int lod_step;
	struct vgc_tx_plane pl0;
	bool bilinear0;
	u8 rbyte, bbyte;
	float fw, fh;
	u32 umask, vmask;
	bool swz_id;
	bool cmp;
	unsigned int cmp_func;
	float cmp_ref;
	unsigned int max_level;
	bool fault;
	bool ts_on;
	struct vgc_ts ts;
};

/* Samplers a struct vgc_tx_cache holds decoded. */
#define VGC_TX_CACHED	4

/**
 * struct vgc_tx_cache - samplers decoded once for many lookups
 * @core: the core whose sampler states and memory are used
 * @n: entries in use
 * @sampler: the sampler index of each entry
 * @tex: its states, decoded
 *
 * Valid while the core's sampler states cannot change: the caller keeps
 * one for one run of the 3D engine (the FE executes no command while a
 * draw is in flight, and no register write comes within one run).
 * Initialise with vgc_tx_cache_init().
 */
struct vgc_tx_cache {
	struct vgc_core *core;
	unsigned int n;
	unsigned int sampler[VGC_TX_CACHED];
	struct vgc_tx_tex tex[VGC_TX_CACHED];
};

/* An empty cache of @c's samplers. */
static inline void vgc_tx_cache_init(struct vgc_tx_cache *tc,
				     struct vgc_core *c)
{
	tc->core = c;
	tc->n = 0;
}

/**
 * vgc_tx_sample() - one texture lookup
 * @ctx: the struct vgc_core * whose sampler states and memory are used
 * @req: the lookup (sampler index, coordinate, LOD mode, derivatives)
 * @out: filled with r, g, b, a, after the sampler's swizzle; zeros when
 *	the sampler is inactive or its configuration is not modelled
 *	(counted in stats.tx_unsupported)
 *
 * Counted in stats.tx_samples. A texel fetch that faults (MMU exception
 * or bus error) is counted in stats.tx_faults and ends the lookup.
 *
 * Return: 0, or -1 when a texel fetch faulted (the shader aborts).
 */
int vgc_tx_sample(void *ctx, const struct vgc_sh_tex_req *req, float out[4]);

/*
 * vgc_tx_sample_cached() - vgc_tx_sample() with @ctx a struct
 * vgc_tx_cache *: the same lookup, counts and result; a sampler's states
 * are decoded at its first lookup through the cache (the first
 * VGC_TX_CACHED samplers used; any other at every lookup).
 */
int vgc_tx_sample_cached(void *ctx, const struct vgc_sh_tex_req *req,
			 float out[4]);

/*
 * vgc_tx_sample_quad() - struct vgc_sh_env.sample_quad for @ctx a struct
 * vgc_tx_cache *: four vgc_tx_sample_cached() lookups in thread order,
 * the same counts and results.
 */
unsigned int vgc_tx_sample_quad(void *ctx, const struct vgc_sh_tex_quad *q,
				float out[4][4]);

#endif /* VGC_TX_H */
