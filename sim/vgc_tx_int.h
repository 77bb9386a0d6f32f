/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the texture unit share (internal to it): the states
 * and the general lookup (vgc_tx.c), the formats and texel decoding
 * (vgc_tx_fmt.c), the fast bilinear forms and the samplers' cache
 * (vgc_tx_quad.c).
 */
#ifndef VGC_TX_INT_H
#define VGC_TX_INT_H

#include "vgc.h"
#include "vgc_math.h"
#include "vgc_surf.h"
#include "vgc_tx.h"

enum { R, G, B, A };

/* Texel layouts of the formats the model decodes. */
enum tx_kind {
	TX_A8, TX_L8, TX_I8, TX_A8L8,
	TX_ARGB4, TX_XRGB4, TX_ARGB8, TX_XRGB8, TX_ABGR8, TX_XBGR8,
	TX_R5G6B5, TX_A1RGB5, TX_X1RGB5,
	TX_D16, TX_D24X8,
	TX_G8R8, TX_A2BGR10, TX_R16F, TX_G16R16F, TX_ABGR16F,
	TX_DXT1, TX_DXT3, TX_DXT5, TX_ETC1,
};

/* Coordinates beyond this are clamped before any integer conversion. */
#define TX_COORD_LIMIT	16777216.0f	/* 2^24 */

/*
 * A texel's address in a plane is the plane's base plus a part that
 * depends on its column alone and one that depends on its row alone
 * (vgc_surf_col(), vgc_surf_row()): the column's (of texel column @x, of
 * its 4x4 block's for a compressed format).
 */
static inline u32 tx_addr_x(const struct vgc_tx_tex *t,
			    const struct vgc_tx_plane *pl, u32 x)
{
	return vgc_surf_col(t->layout, t->fmt.bytes, t->fmt.block, pl->tb, x);
}

static inline u32 tx_addr_y(const struct vgc_tx_tex *t,
			    const struct vgc_tx_plane *pl, u32 y)
{
	return vgc_surf_row(t->layout, t->fmt.bytes, t->fmt.block, pl->tb,
			    pl->row, y);
}

/* Texel index @i wrapped into 0..@n - 1 by @mode. */
static inline u32 tx_wrap(int i, u32 n, unsigned int mode)
{
	int m, size = (int)n;

	switch (mode) {
	case VGC_TEX_WRAP_REPEAT:
		if (!(n & (n - 1)))	/* a power of two: no division */
			return (u32)i & (n - 1);
		m = i % size;
		return m < 0 ? m + size : m;
	case VGC_TEX_WRAP_MIRRORED_REPEAT:
		if (!(n & (n - 1)))
			m = (int)((u32)i & (2 * n - 1));
		else
			m = i % (2 * size);
		if (m < 0)
			m += 2 * size;
		return m >= size ? 2 * size - 1 - m : m;
	default:	/* CLAMP_TO_EDGE */
		return i < 0 ? 0 : i >= size ? n - 1 : (u32)i;
	}
}

static inline void tx_rgba(float o[4], float r, float g, float b, float a)
{
	o[R] = r;
	o[G] = g;
	o[B] = b;
	o[A] = a;
}

/* An A8R8G8B8 texel at @b into @o. */
static inline void tx_argb8(const struct vgc_core *c, const u8 *b,
			    float o[4])
{
	const float *n8 = c->tx_unorm8;

	o[R] = n8[b[2]];
	o[G] = n8[b[1]];
	o[B] = n8[b[0]];
	o[A] = n8[b[3]];
}

/* @texel through the sampler's swizzle into @out. */
static inline void tx_swizzle(const struct vgc_tx_tex *t,
			      const float texel[4], float out[4])
{
	unsigned int ch;

	if (t->swz_id) {
		out[R] = texel[R];
		out[G] = texel[G];
		out[B] = texel[B];
		out[A] = texel[A];
		return;
	}
	for (ch = 0; ch < 4; ch++) {
		unsigned int sel = t->swz[ch];

		out[ch] = sel <= A ? texel[sel] :
			  sel == VGC_TEX_SWIZZLE_ONE ? 1.0f : 0.0f;
	}
}

/* The TX clock gating erratum applies now (see the top of vgc_tx.c). */
static inline bool tx_gating_broken(const struct vgc_core *c)
{
	return c->id->tx_gating_erratum &&
	       (c->state[VGC_PM_POWER_CONTROLS >> 2] &
		VGC_PM_MODULE_CLOCK_GATING) &&
	       !(c->state[VGC_PM_MODULE_CONTROLS >> 2] & VGC_PM_NO_GATING_TX);
}

/**
 * struct vgc_tx_words - one sampler's states before decoding, in the TE's
 * field layout whatever their source (TE or NTE states, or a HALTI5
 * descriptor and its sampler states, vgc_tx_desc.c)
 * @cfg0: CONFIG0 (type, wraps, filters, format, addressing)
 * @cfg1: CONFIG1 (extended format, swizzle, HALIGN, array, TS)
 * @size: SIZE (of the first level sampled)
 * @cfg3d: 3D_CONFIG (depth, r wrap)
 * @linear_stride: the row stride of a linear level 0
 * @lod_min: LOD clamps, as floats
 * @lod_max: (see @lod_min)
 * @lod_bias: the sampler's LOD bias (0 when not enabled)
 * @cmp: depth comparison enabled
 * @cmp_func: its TEXTURE_COMPARE_FUNC
 * @lod_addr: the address of the first level sampled; level l's is
 *	@lod_addr[l * @lod_step]
 * @lod_step: (see @lod_addr)
 * @max_level: the last level (counted from @lod_addr's)
 * @ts_on: sampled through a tile status (its layout in @ts, but for
 *	@ts.surface: level 0's address)
 * @ts: (see @ts_on)
 */
struct vgc_tx_words {
	u32 cfg0, cfg1, size, cfg3d, linear_stride;
	float lod_min, lod_max, lod_bias;
	bool cmp;
	unsigned int cmp_func;
	const u32 *lod_addr;
	unsigned int lod_step, max_level;
	bool ts_on;
	struct vgc_ts ts;
};

/*
 * vgc_tx.c: tile status @i of the sampler TS states (TS_SAMPLER_*) into
 * @ts, entries of 128 or 256 bytes by @mode256 on the cores with 128-byte
 * cache lines, 64 on the others (@ts->surface left to the caller); false:
 * no such tile status
 */
bool vgc_tx_ts_get(struct vgc_core *c, unsigned int i, bool mode256,
		   struct vgc_ts *ts);

/*
 * vgc_tx_desc.c: sampler @s's descriptor (from the TX's descriptor cache,
 * or read through the MMU) and its sampler states into @w. Returns 0, 1
 * when they are not a configuration the model samples, -1 when reading
 * the descriptor faulted.
 */
int vgc_tx_desc_words(struct vgc_core *c, unsigned int s,
		      struct vgc_tx_words *w);

/* vgc_tx_fmt.c: how TE format @format (@ext: extended) is stored. */
bool vgc_tx_fmt_get(u32 format, u32 ext, bool halti0, struct vgc_tx_fmt *f);
/*
 * vgc_tx_fmt.c: tx_unorm(v, 8) of every byte v, in the core (a table
 * rather than a division a component)
 */
void vgc_tx_unorm8_init(struct vgc_core *c);
/*
 * vgc_tx_fmt.c: decode texel (@x, @y) whose bytes (of its block) are at
 * @b into @o.
 */
void vgc_tx_texel(const struct vgc_core *c, const struct vgc_tx_tex *t,
		  const u8 *b, u32 x, u32 y, float o[4]);

/* vgc_tx.c: sample plane @pl (@w x @h texels) with @filter at (@u, @v). */
int vgc_tx_filter(struct vgc_core *c, const struct vgc_tx_tex *t,
		  const struct vgc_tx_plane *pl, u32 w, u32 h,
		  unsigned int filter, float u, float v, float o[4]);
/*
 * vgc_tx.c: what the lookup returns: @out, or under the erratum the stale
 * latch.
 */
void vgc_tx_result(struct vgc_core *c, float out[4]);
/*
 * vgc_tx.c: sampler @s's states decoded into @t (@t->ok false: not a
 * configuration the model samples), with what follows from them for
 * every lookup.
 */
void vgc_tx_prepare(struct vgc_core *c, unsigned int s, struct vgc_tx_tex *t);
/* vgc_tx.c: one lookup with sampler states @tp (vgc_tx_sample()). */
int vgc_tx_lookup(struct vgc_core *c, const struct vgc_tx_tex *tp,
		  const struct vgc_sh_tex_req *req, float out[4]);

/* vgc_tx_quad.c: a lookup of @t->bilinear0 at (@u, @v). */
int vgc_tx_bilinear0(struct vgc_core *c, const struct vgc_tx_tex *t,
		     float u, float v, float o[4]);

#endif /* VGC_TX_INT_H */
