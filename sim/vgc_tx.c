// SPDX-License-Identifier: GPL-2.0-only
/*
 * The texture engine (TE) of the GC880, GC2000 and GC3000: one lookup per
 * call of vgc_tx_sample(), the shader core's sampler callback. The facts,
 * their public sources (etna_viv rnndb common_3d.xml, state_3d.xml and
 * doc/hardware.md; Mesa 22.3's etnaviv texture code; the Khronos ETC1
 * and S3TC specifications; the GLES 2.0 specification) and every rule the
 * model had to choose are in sim/doc/texture-engine.md; in short:
 *
 *  - the sampler states are the TE_SAMPLER_* ones (12 samplers) or, on a
 *    core with MINOR_FEATURE_2 HALTI1, the NTE_SAMPLER_* ones (32), as
 *    Mesa chooses; the fields are the same;
 *  - types 2D (and 1D, as 2D), cube maps (face from the major axis,
 *    faces of a level one after the other) and 3D (3D_CONFIG's DEPTH
 *    and WRAP; the slices of a level one after the other); formats A8, L8, I8, A8L8, the
 *    16 and 32-bit RGB(A) ones, D16, D24X8, DXT1/3/5, ETC1, and the
 *    extended G8R8 and A2B10G10R10; a depth comparison (NTE samplers:
 *    BASELOD's COMPARE_ENABLE and FUNC against TEXLD's src2.x, each
 *    texel compared before filtering); then CONFIG1's swizzle;
 *  - layouts: 4x4 tiled (rows padded to 4 or 16 pixels by HALIGN),
 *    64x64 supertiled, compressed blocks in rows (ADDRESSING_MODE TILED),
 *    linear (level 0, LINEAR_STRIDE);
 *  - LOD from the derivatives (GLES 2.0 3.7.7), plus the TEXLDB bias and
 *    LOD_CONFIG's bias, clamped to LOD_CONFIG's MIN..MAX; magnification
 *    when that is <= 0; NEAREST/LINEAR within a level, mipmap NONE,
 *    NEAREST, LINEAR; wrap REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE;
 *  - every texel through vgc_dma_read() as the TX client; a fault ends
 *    the lookup (tx_faults) and the caller aborts the shader;
 *  - HALTI5 (vgc_tx_desc.c): the texture from a descriptor in memory;
 *  - through a tile status (CONFIG1.USE_TS, HALTI5's TX_CTRL.TS_ENABLE):
 *    a cleared block's texels read as its clear value (tx_ts_read());
 *  - anything else (arrays, borders, YUV, ETC2, float formats,
 *    split layouts, anisotropy) is counted in tx_unsupported
 *    and returns zeros;
 *  - on a core with the TX clock gating erratum (hw/cores.db "errata
 *    tx_gating": GC2000 r5108), while module-level clock gating is on
 *    (PM_POWER_CONTROLS) and PM_MODULE_CONTROLS does not keep the TX
 *    module's clock running, a lookup returns the texel the previous
 *    lookup fetched (zeros after a reset) and counts tx_gating_corrupt:
 *    Linux disables TX gating on this revision as an erratum; what the
 *    wrong texels are is not public, and a stale result is the model's
 *    choice (sim/doc/texture-engine.md).
 *
 * Floating point, but no libm: floor and log2 are local (log2's error is
 * below 1e-6, sim/doc/texture-engine.md).
 *
 * This file decodes the states and runs the general lookup; the formats
 * and texel decoding are in vgc_tx_fmt.c, the fast bilinear forms and the
 * samplers' cache in vgc_tx_quad.c (what they share: vgc_tx_int.h).
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_tx_int.h"

#define REG(c, off)	((c)->state[(off) >> 2])

/* floor() of a value clamped to +-2^24 (NaN: 0), as an int. */
static int tx_floor(float v)
{
	int i;

	v = vgc_clampf(v, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	i = (int)v;
	return (float)i > v ? i - 1 : i;
}

/*
 * log2(@v) for @v > 0: the exponent of the float, then log2 of the
 * mantissa m in [sqrt(1/2), sqrt(2)) as 2/ln(2) * atanh(z), z = (m - 1) /
 * (m + 1), |z| < 0.1716, by its series to z^9 (truncation error below
 * 3e-9; float rounding dominates: about 1e-7 relative). @v <= 0 or NaN:
 * -128 (far below any LOD); infinities: +-128.
 */
static float tx_log2(float v)
{
	union { float f; u32 u; } x = { .f = v };
	int e;
	float m, z, z2, s;

	if (!(v > 0))
		return -128.0f;
	if (v > 3.0e38f)
		return 128.0f;
	if (v < 1.0f / 1.0e37f)	/* 1e-37, folded at compile time */
		return -128.0f;
	e = (int)((x.u >> 23) & 0xff) - 127;
	x.u = (x.u & 0x7fffffu) | 127u << 23;	/* m in [1, 2) */
	m = x.f;
	if (m > 1.41421356f) {
		m *= 0.5f;
		e++;
	}
	z = (m - 1.0f) / (m + 1.0f);
	z2 = z * z;
	s = z * (1.0f + z2 * (1.0f / 3 + z2 * (1.0f / 5 + z2 * (1.0f / 7 +
						    z2 * (1.0f / 9)))));
	return (float)e + s * 2.88539008f;	/* 2 / ln(2) */
}

/* A 5.5 fixed-point field as a float; @sign_bit set: two's complement. */
static float tx_fixp55(u32 v, u32 sign_bit)
{
	int i = (int)v;

	if (sign_bit && (v & (sign_bit >> 1)))
		i -= (int)sign_bit;
	return (float)i / 32.0f;
}

bool vgc_tx_ts_get(struct vgc_core *c, unsigned int i, bool mode256,
		   struct vgc_ts *ts)
{
	const struct vgc_caps *caps = vgc_caps(c);

	if (i >= VGC_TS_SAMPLERS || (mode256 && !caps->ts_128b))
		return false;
	ts->status = REG(c, VGC_TS_SAMPLER_STATUS_BASE(i));
	ts->clear = REG(c, VGC_TS_SAMPLER_CLEAR_VALUE(i));
	ts->bits = caps->ts_bits;
	ts->block = !caps->ts_128b ? VGC_TS_BLOCK : mode256 ? 256 : 128;
	return true;
}

/* Sampler @s's TE or NTE states (a core before HALTI5) into @w. */
static bool tx_state_words(struct vgc_core *c, unsigned int s,
			   struct vgc_tx_words *w)
{
	bool nte = vgc_caps(c)->halti >= 1;
	u32 lod;

	if (s >= (nte ? VGC_NTE_SAMPLERS : VGC_TE_SAMPLERS))
		return false;
	w->cmp = false;
	w->cmp_func = 0;
	if (nte) {
		w->cmp = REG(c, VGC_NTE_BASELOD(s)) & VGC_NTE_COMPARE_ENABLE;
		w->cmp_func = VGC_NTE_COMPARE_FUNC(REG(c, VGC_NTE_BASELOD(s)));
		w->cfg0 = REG(c, VGC_NTE_CONFIG0(s));
		w->cfg1 = REG(c, VGC_NTE_CONFIG1(s));
		w->size = REG(c, VGC_NTE_SIZE(s));
		lod = REG(c, VGC_NTE_LOD_CONFIG(s));
		w->cfg3d = REG(c, VGC_NTE_3D_CONFIG(s));
		w->linear_stride = REG(c, VGC_NTE_LINEAR_STRIDE(s));
		w->lod_addr = &REG(c, VGC_NTE_ADDR_LOD(s, 0));
		w->lod_step = (VGC_NTE_ADDR_LOD(s, 1) -
			       VGC_NTE_ADDR_LOD(s, 0)) / 4;
	} else {
		w->cfg0 = REG(c, VGC_TE_CONFIG0(s));
		w->cfg1 = REG(c, VGC_TE_CONFIG1(s));
		w->size = REG(c, VGC_TE_SIZE(s));
		lod = REG(c, VGC_TE_LOD_CONFIG(s));
		w->cfg3d = REG(c, VGC_TE_3D_CONFIG(s));
		w->linear_stride = REG(c, VGC_TE_LINEAR_STRIDE(s, 0));
		w->lod_addr = &REG(c, VGC_TE_LOD_ADDR(s, 0));
		w->lod_step = (VGC_TE_LOD_ADDR(s, 1) -
			       VGC_TE_LOD_ADDR(s, 0)) / 4;
	}
	w->lod_min = tx_fixp55(VGC_TE_LOD_MIN(lod), 0);
	w->lod_max = tx_fixp55(VGC_TE_LOD_MAX(lod), 0);
	w->lod_bias = lod & VGC_TE_LOD_BIAS_ENABLE ?
		tx_fixp55(VGC_TE_LOD_BIAS(lod), VGC_TE_LOD_BIAS_SIGN) : 0;
	w->max_level = VGC_TE_LODS - 1;
	/* CONFIG1.USE_TS: the tile status of the sampler's own index */
	w->ts_on = w->cfg1 & VGC_TE_USE_TS;
	return !w->ts_on ||
	       vgc_tx_ts_get(c, s, w->cfg1 & VGC_TE_TS_MODE, &w->ts);
}

/*
 * Decode sampler @s's states (a HALTI5 core: its descriptor and sampler
 * states, vgc_tx_desc.c); false: not a configuration the model samples
 * (@t->fault: reading the descriptor faulted).
 */
static bool tx_decode(struct vgc_core *c, unsigned int s, struct vgc_tx_tex *t)
{
	bool halti0 = vgc_caps(c)->halti >= 0;
	struct vgc_tx_words w;
	u32 cfg0, cfg1, size, halign, cfg3d;
	unsigned int type;

	t->fault = false;
	if (vgc_caps(c)->halti >= 5) {
		int r = vgc_tx_desc_words(c, s, &w);

		t->fault = r < 0;
		if (r)
			return false;
	} else if (!tx_state_words(c, s, &w)) {
		return false;
	}
	cfg0 = w.cfg0;
	cfg1 = w.cfg1;
	size = w.size;
	cfg3d = w.cfg3d;
	t->cmp = w.cmp;
	t->cmp_func = w.cmp_func;
	t->linear_stride = w.linear_stride;
	t->lod_addr = w.lod_addr;
	t->lod_step = w.lod_step;
	t->max_level = w.max_level;
	t->ts_on = w.ts_on;
	t->ts = w.ts;
	t->ts.surface = t->lod_addr[0];

	type = VGC_TE_TYPE(cfg0);
	if (type != VGC_TEX_TYPE_2D && type != VGC_TEX_TYPE_1D &&
	    type != VGC_TEX_TYPE_CUBE_MAP && type != VGC_TEX_TYPE_3D)
		return false;	/* NONE (inactive), the undefined ones */
	if (cfg1 & VGC_TE_TEXTURE_ARRAY)
		return false;
	t->cube = type == VGC_TEX_TYPE_CUBE_MAP;
	t->is3d = type == VGC_TEX_TYPE_3D;
	t->depth = t->is3d ? VGC_TE_3D_DEPTH(cfg3d) : 1;
	t->wrap_w = t->is3d ? VGC_TE_3D_WRAP(cfg3d) : VGC_TEX_WRAP_REPEAT;
	if (!t->depth || t->wrap_w > VGC_TEX_WRAP_CLAMP_TO_EDGE)
		return false;
	if (!vgc_tx_fmt_get(VGC_TE_FORMAT(cfg0), VGC_TE_FORMAT_EXT(cfg1),
			    halti0, &t->fmt))
		return false;

	t->width = VGC_TE_WIDTH(size);
	t->height = VGC_TE_HEIGHT(size);
	if (!t->width || !t->height)
		return false;

	t->wrap_u = VGC_TE_UWRAP(cfg0);
	t->wrap_v = VGC_TE_VWRAP(cfg0);
	if (t->wrap_u > VGC_TEX_WRAP_CLAMP_TO_EDGE ||
	    t->wrap_v > VGC_TEX_WRAP_CLAMP_TO_EDGE)
		return false;	/* CLAMP_TO_BORDER: no border colour state */
	t->min = VGC_TE_MIN(cfg0);
	t->mag = VGC_TE_MAG(cfg0);
	t->mip = VGC_TE_MIP(cfg0);
	if (t->min < VGC_TEX_FILTER_NEAREST || t->min > VGC_TEX_FILTER_LINEAR ||
	    t->mag < VGC_TEX_FILTER_NEAREST || t->mag > VGC_TEX_FILTER_LINEAR ||
	    t->mip > VGC_TEX_FILTER_LINEAR)
		return false;	/* NONE or ANISOTROPIC image filters */

	t->lod_min = w.lod_min;
	t->lod_max = w.lod_max;
	t->lod_bias = w.lod_bias;

	t->swz[R] = VGC_TE_SWIZZLE_R(cfg1);
	t->swz[G] = VGC_TE_SWIZZLE_G(cfg1);
	t->swz[B] = VGC_TE_SWIZZLE_B(cfg1);
	t->swz[A] = VGC_TE_SWIZZLE_A(cfg1);

	halign = VGC_TE_HALIGN(cfg1);
	if (VGC_TE_ADDRESSING(cfg0) == VGC_TEX_ADDRESSING_LINEAR) {
		if (t->fmt.block || t->cube)
			return false;
		t->layout = VGC_LINEAR;
		t->align = 1;
		t->valign = 1;
		return true;
	}
	if (VGC_TE_ADDRESSING(cfg0) != VGC_TEX_ADDRESSING_TILED)
		return false;
	t->valign = 4;
	switch (halign) {
	case VGC_TEX_HALIGN_FOUR:
		t->layout = VGC_TILED;
		t->align = 4;
		break;
	case VGC_TEX_HALIGN_SIXTEEN:
		t->layout = VGC_TILED;
		t->align = 16;
		break;
	case VGC_TEX_HALIGN_SUPER_TILED:
		if (t->fmt.block)
			return false;
		t->layout = VGC_SUPER;
		t->align = 64;
		t->valign = 64;
		break;
	default:
		return false;	/* the split layouts: Mesa never samples them */
	}
	return true;
}

static unsigned int tx_level_dim(unsigned int size, unsigned int level)
{
	size >>= level;
	return size ? size : 1;
}

static u32 tx_align(u32 v, u32 a)
{
	if (!(a & (a - 1)))	/* a power of two: no division */
		return (v + a - 1) & ~(a - 1);
	return (v + a - 1) / a * a;
}

/*
 * The plane of face @face of level @level (of slice @face of a 3D
 * texture: the slices of a level follow each other as the faces do).
 */
static void tx_plane_get(const struct vgc_tx_tex *t, unsigned int level,
			 unsigned int face, struct vgc_tx_plane *pl)
{
	u32 w = tx_level_dim(t->width, level);
	u32 h = tx_level_dim(t->height, level);
	u32 base = t->lod_addr[level * t->lod_step], bpp = t->fmt.bytes;

	if (t->layout == VGC_LINEAR) {
		pl->base = base + face * t->linear_stride * h;
		pl->row = t->linear_stride;
		pl->tb = 0;
		return;
	}
	pl->tb = t->fmt.block ? bpp : 16 * bpp;
	pl->row = tx_align(w, t->align) / 4 * pl->tb;
	pl->base = base + face * pl->row * (tx_align(h, t->valign) / 4);
}

/*
 * GPU address of texel (@x, @y) (of its 4x4 block, for a compressed
 * format) of plane @pl (the layouts: vgc_surf.h).
 */
static u32 tx_texel_addr(const struct vgc_tx_tex *t,
			 const struct vgc_tx_plane *pl, u32 x, u32 y)
{
	return pl->base + tx_addr_x(t, pl, x) + tx_addr_y(t, pl, y);
}

/*
 * The @len bytes of a texel (block) at @addr through @t's tile status:
 * in a block whose entry is 1 (cleared), the clear value repeating;
 * otherwise memory (entries of compressed blocks too: the model's
 * engines store data uncompressed).
 */
static int tx_ts_read(struct vgc_core *c, const struct vgc_tx_tex *t,
		      u32 addr, u8 *b, unsigned int len)
{
	unsigned int shift;
	u32 byte;
	u8 v;

	if (addr >= t->ts.surface) {
		vgc_ts_entry(&t->ts, vgc_ts_index(&t->ts, addr), &byte, &shift);
		if (vgc_dma_read(c, VGC_CLIENT_TX, byte, &v, 1))
			return -1;
		if (vgc_ts_value(&t->ts, v, shift) == 1) {
			vgc_fill32(b, addr, t->ts.clear, len);
			c->stats.tx_ts_cleared++;
			return 0;
		}
	}
	return vgc_dma_read(c, VGC_CLIENT_TX, addr, b, len);
}

/* Fetch and decode texel (@x, @y) of plane @pl into @o. */
static int tx_fetch(struct vgc_core *c, const struct vgc_tx_tex *t,
		    const struct vgc_tx_plane *pl, u32 x, u32 y, float o[4])
{
	u32 addr = tx_texel_addr(t, pl, x, y);
	u8 b[16];

	if (t->ts_on ? tx_ts_read(c, t, addr, b, t->fmt.bytes) :
	    vgc_dma_read(c, VGC_CLIENT_TX, addr, b, t->fmt.bytes)) {
		c->stats.tx_faults++;
		return -1;
	}
	vgc_tx_texel(c, t, b, x, y, o);
	return 0;
}

/*
 * Texels (@x[k & 1], @y[k >> 1]), k = 0..3, of plane @pl into @tex[k],
 * as four tx_fetch() calls would: when their four reads lie in one page
 * that the TX client's MMUv1 TLB holds (so each of the four reads would
 * be a TLB hit), the page is looked up once and each read is counted as
 * vgc_dma_read() counts it; otherwise one tx_fetch() after the other.
 */
static int tx_fetch4(struct vgc_core *c, const struct vgc_tx_tex *t,
		     const struct vgc_tx_plane *pl, const u32 x[2],
		     const u32 y[2], float tex[4][4])
{
	u32 ax[2], ay[2], a[4], len = t->fmt.bytes;
	const u8 *p;
	int k;

	if (t->ts_on)
		goto one_by_one;
	ax[0] = tx_addr_x(t, pl, x[0]);
	ax[1] = tx_addr_x(t, pl, x[1]);
	ay[0] = tx_addr_y(t, pl, y[0]);
	ay[1] = tx_addr_y(t, pl, y[1]);
	for (k = 0; k < 4; k++) {
		a[k] = pl->base + ax[k & 1] + ay[k >> 1];
		if ((a[k] >> VGC_PAGE_SHIFT) != (a[0] >> VGC_PAGE_SHIFT) ||
		    (a[k] & (VGC_PAGE_SIZE - 1)) + len > VGC_PAGE_SIZE)
			goto one_by_one;
	}
	p = vgc_dma_hit(c, VGC_CLIENT_TX, a[0], len);
	if (!p)
		goto one_by_one;
	p -= a[0] & (VGC_PAGE_SIZE - 1);
	for (k = 0; k < 4; k++) {
		vgc_dma_count(c, a[k], len, false);
		if (t->fmt.kind == TX_ARGB8)
			tx_argb8(c, p + (a[k] & (VGC_PAGE_SIZE - 1)), tex[k]);
		else
			vgc_tx_texel(c, t, p + (a[k] & (VGC_PAGE_SIZE - 1)),
				     x[k & 1], y[k >> 1], tex[k]);
	}
	return 0;

one_by_one:
	for (k = 0; k < 4; k++)
		if (tx_fetch(c, t, pl, x[k & 1], y[k >> 1], tex[k]))
			return -1;
	return 0;
}

int vgc_tx_filter(struct vgc_core *c, const struct vgc_tx_tex *t,
		  const struct vgc_tx_plane *pl, u32 w, u32 h,
		  unsigned int filter, float u, float v, float o[4])
{
	float su = vgc_clampf(u * w, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	float sv = vgc_clampf(v * h, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	float tex[4][4], fu, fv, wt[4];
	u32 x[2], y[2];
	int i0, j0, ch;

	if (filter == VGC_TEX_FILTER_NEAREST)
		return tx_fetch(c, t, pl,
				tx_wrap(tx_floor(su), w, t->wrap_u),
				tx_wrap(tx_floor(sv), h, t->wrap_v), o);

	su -= 0.5f;
	sv -= 0.5f;
	i0 = tx_floor(su);
	j0 = tx_floor(sv);
	fu = su - (float)i0;
	fv = sv - (float)j0;
	x[0] = tx_wrap(i0, w, t->wrap_u);
	x[1] = tx_wrap(i0 + 1, w, t->wrap_u);
	y[0] = tx_wrap(j0, h, t->wrap_v);
	y[1] = tx_wrap(j0 + 1, h, t->wrap_v);
	wt[0] = (1 - fu) * (1 - fv);
	wt[1] = fu * (1 - fv);
	wt[2] = (1 - fu) * fv;
	wt[3] = fu * fv;
	if (tx_fetch4(c, t, pl, x, y, tex))
		return -1;
	for (ch = 0; ch < 4; ch++)
		o[ch] = wt[0] * tex[0][ch] + wt[1] * tex[1][ch] +
			wt[2] * tex[2][ch] + wt[3] * tex[3][ch];
	return 0;
}

/* Sample one face (slice) of a level with @filter at (@u, @v) in [0, 1]. */
static int tx_slice(struct vgc_core *c, const struct vgc_tx_tex *t,
		    unsigned int level, unsigned int face, unsigned int filter,
		    float u, float v, float o[4])
{
	struct vgc_tx_plane pl;

	tx_plane_get(t, level, face, &pl);
	return vgc_tx_filter(c, t, &pl, tx_level_dim(t->width, level),
			     tx_level_dim(t->height, level), filter, u, v, o);
}

/*
 * Sample one level with @filter at (@u, @v, @w) in [0, 1] texture space:
 * face @face of a 2D or cube level; of a 3D level the slice
 * floor(w * depth) (NEAREST), or the two slices around w * depth - 1/2
 * weighted by its fraction (LINEAR), each wrapped by 3D_CONFIG.WRAP.
 */
static int tx_level(struct vgc_core *c, const struct vgc_tx_tex *t,
		    unsigned int level, unsigned int face, unsigned int filter,
		    float u, float v, float w, float o[4])
{
	u32 d = tx_level_dim(t->depth, level);
	float sw = vgc_clampf(w * d, -TX_COORD_LIMIT, TX_COORD_LIMIT), f;
	float b[4];
	unsigned int ch;
	int k0;

	if (!t->is3d)
		return tx_slice(c, t, level, face, filter, u, v, o);
	if (filter == VGC_TEX_FILTER_NEAREST)
		return tx_slice(c, t, level, tx_wrap(tx_floor(sw), d, t->wrap_w),
				filter, u, v, o);
	sw -= 0.5f;
	k0 = tx_floor(sw);
	f = sw - (float)k0;
	if (tx_slice(c, t, level, tx_wrap(k0, d, t->wrap_w), filter, u, v, o) ||
	    tx_slice(c, t, level, tx_wrap(k0 + 1, d, t->wrap_w), filter, u, v,
		     b))
		return -1;
	for (ch = 0; ch < 4; ch++)
		o[ch] = (1 - f) * o[ch] + f * b[ch];
	return 0;
}

/*
 * Cube map face and face coordinates of direction @d (GLES 2.0 table
 * 3.21): the major axis picks the face (ties: z over y over x), then
 * s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2.
 */
static unsigned int tx_cube_face(const float d[3], float st[2])
{
	float ax = vgc_absf(d[0]), ay = vgc_absf(d[1]), az = vgc_absf(d[2]);
	float sc, tc, ma;
	unsigned int face;

	if (az >= ax && az >= ay) {
		face = d[2] >= 0 ? 4 : 5;
		sc = d[2] >= 0 ? d[0] : -d[0];
		tc = -d[1];
		ma = az;
	} else if (ay >= ax) {
		face = d[1] >= 0 ? 2 : 3;
		sc = d[0];
		tc = d[1] >= 0 ? d[2] : -d[2];
		ma = ay;
	} else {
		face = d[0] >= 0 ? 0 : 1;
		sc = d[0] >= 0 ? -d[2] : d[2];
		tc = -d[1];
		ma = ax;
	}
	if (!(ma > 0)) {
		st[0] = 0.5f;
		st[1] = 0.5f;
		return face;
	}
	st[0] = (sc / ma + 1) * 0.5f;
	st[1] = (tc / ma + 1) * 0.5f;
	return face;
}

/* The face coordinates of @d projected on @face (for the derivatives). */
static void tx_cube_on_face(const float d[3], unsigned int face, float st[2])
{
	static const signed char axes[6][5] = {
		/* major, s axis and sign, t axis and sign */
		{ 0, 2, -1, 1, -1 }, { 0, 2, 1, 1, -1 },
		{ 1, 0, 1, 2, 1 }, { 1, 0, 1, 2, -1 },
		{ 2, 0, 1, 1, -1 }, { 2, 0, -1, 1, -1 },
	};
	const signed char *a = axes[face];
	float ma = vgc_absf(d[a[0]]);

	if (!(ma > 0)) {
		st[0] = 0.5f;
		st[1] = 0.5f;
		return;
	}
	st[0] = (a[2] * d[a[1]] / ma + 1) * 0.5f;
	st[1] = (a[4] * d[a[3]] / ma + 1) * 0.5f;
}

/* The level of detail before the clamps: GLES 2.0 3.7.7, squared form. */
static float tx_lambda(const struct vgc_tx_tex *t,
		       const struct vgc_sh_tex_req *req, unsigned int face,
		       const float st[2])
{
	float du[2], dv[2], dw[2], r2[2];
	int k;

	for (k = 0; k < 2; k++) {
		const float *d = k ? req->ddy : req->ddx;

		if (t->cube) {
			float p[3], q[2];

			p[0] = req->coord[0] + d[0];
			p[1] = req->coord[1] + d[1];
			p[2] = req->coord[2] + d[2];
			tx_cube_on_face(p, face, q);
			du[k] = (q[0] - st[0]) * t->width;
			dv[k] = (q[1] - st[1]) * t->height;
		} else {
			du[k] = d[0] * t->width;
			dv[k] = d[1] * t->height;
		}
		dw[k] = t->is3d ? d[2] * t->depth : 0;
		r2[k] = du[k] * du[k] + dv[k] * dv[k] + dw[k] * dw[k];
	}
	return 0.5f * tx_log2(r2[0] > r2[1] ? r2[0] : r2[1]);
}

void vgc_tx_result(struct vgc_core *c, float out[4])
{
	float fetched[4];
	unsigned int ch;

	if (!tx_gating_broken(c))
		return;
	c->stats.tx_gating_corrupt++;
	for (ch = 0; ch < 4; ch++) {
		fetched[ch] = out[ch];
		out[ch] = c->tx_latch[ch];
		c->tx_latch[ch] = fetched[ch];
	}
}

/*
 * tx_wrap() of @n texels by @mode as an AND with the mask returned:
 * REPEAT on a power of two larger than 1; else 0.
 */
static u32 tx_wrap_mask(u32 n, unsigned int mode)
{
	if (mode != VGC_TEX_WRAP_REPEAT || n < 2 || (n & (n - 1)))
		return 0;
	return n - 1;
}

void vgc_tx_prepare(struct vgc_core *c, unsigned int s, struct vgc_tx_tex *t)
{
	t->ok = tx_decode(c, s, t);
	/* any LOD samples level 0 with the same filter (vgc_tx_lookup()) */
	t->level0 = t->ok && !t->cube && !t->is3d && t->min == t->mag &&
		    t->mip == VGC_TEX_FILTER_NONE && t->lod_min < 1.0f &&
		    t->lod_max < 1.0f;
	if (t->level0)
		tx_plane_get(t, 0, 0, &t->pl0);
	t->bilinear0 = t->level0 && !t->ts_on &&
		       t->min == VGC_TEX_FILTER_LINEAR &&
		       (t->fmt.kind == TX_ARGB8 || t->fmt.kind == TX_ABGR8);
	t->swz_id = false;
	if (!t->bilinear0)
		return;
	/* vgc_tx_texel(): the two differ only in where red and blue are */
	t->rbyte = t->fmt.kind == TX_ARGB8 ? 2 : 0;
	t->bbyte = 2 - t->rbyte;
	t->fw = t->width;
	t->fh = t->height;
	t->umask = tx_wrap_mask(t->width, t->wrap_u);
	t->vmask = tx_wrap_mask(t->height, t->wrap_v);
	t->swz_id = t->swz[R] == R && t->swz[G] == G && t->swz[B] == B &&
		    t->swz[A] == A;
}

int vgc_tx_lookup(struct vgc_core *c, const struct vgc_tx_tex *tp,
		  const struct vgc_sh_tex_req *req, float out[4])
{
	const struct vgc_tx_tex *t = tp;
	struct vgc_tx_tex tcmp;
	float st[2], lambda, frac, a[4], b[4], texel[4];
	unsigned int face = 0, level, filter, ch;
	int lo;

	c->stats.tx_samples++;
	if (!c->tx_unorm8_ok)
		vgc_tx_unorm8_init(c);
	tx_rgba(out, 0, 0, 0, 0);
	if (!t->ok) {
		if (t->fault) {
			c->stats.tx_faults++;
			return -1;
		}
		c->stats.tx_unsupported++;
		return 0;
	}
	if (tp->cmp) {
		/* a comparison needs a reference: TEXLD's third operand */
		tcmp = *tp;
		tcmp.cmp = req->has_ref;
		tcmp.cmp_ref = vgc_clampf(req->ref, 0, 1);
		t = &tcmp;
	}

	if (t->bilinear0) {
		if (vgc_tx_bilinear0(c, t, req->coord[0], req->coord[1], texel))
			return -1;
		goto swizzle;
	}
	if (t->level0) {
		/*
		 * The clamped LOD is below 1 whatever the request: level 0,
		 * with MIN (= MAG) both sides of 0 (as below).
		 */
		if (vgc_tx_filter(c, t, &t->pl0, t->width, t->height, t->min,
				  req->coord[0], req->coord[1], texel))
			return -1;
		goto swizzle;
	}

	if (t->cube) {
		face = tx_cube_face(req->coord, st);
	} else {
		st[0] = req->coord[0];
		st[1] = req->coord[1];
	}

	if (t->min == t->mag && t->mip == VGC_TEX_FILTER_NONE &&
	    t->lod_min < 1.0f && t->lod_max < 1.0f)
		lambda = 0;	/* any LOD samples level 0 with the same filter */
	else if (req->mode == VGC_SH_TEX_LOD)
		lambda = req->lod;
	else
		lambda = tx_lambda(t, req, face, st);
	if (req->mode == VGC_SH_TEX_BIAS)
		lambda += req->lod;
	lambda += t->lod_bias;
	lambda = vgc_clampf(lambda, t->lod_min, t->lod_max);

	filter = lambda > 0 ? t->min : t->mag;
	if (lambda <= 0 || t->mip == VGC_TEX_FILTER_NONE) {
		/* the level the clamped LOD's integer part names */
		level = lambda > 0 ? (unsigned int)tx_floor(lambda) : 0;
		if (level > t->max_level)
			level = t->max_level;
		if (tx_level(c, t, level, face, filter, st[0], st[1],
			     req->coord[2], texel))
			return -1;
	} else if (t->mip == VGC_TEX_FILTER_NEAREST) {
		/* GLES 2.0: ceil(lambda + 1/2) - 1 */
		lo = tx_floor(lambda + 0.5f);
		if ((float)lo == lambda + 0.5f)
			lo--;
		level = (unsigned int)lo < t->max_level ? (unsigned int)lo :
			t->max_level;
		if (tx_level(c, t, level, face, filter, st[0], st[1],
			     req->coord[2], texel))
			return -1;
	} else {
		lo = tx_floor(lambda);
		frac = lambda - (float)lo;
		if (lo >= (int)t->max_level) {
			lo = (int)t->max_level;
			frac = 0;
		}
		if (tx_level(c, t, lo, face, filter, st[0], st[1],
			     req->coord[2], a))
			return -1;
		if (frac > 0) {
			if (tx_level(c, t, lo + 1, face, filter, st[0], st[1],
				     req->coord[2], b))
				return -1;
			for (ch = 0; ch < 4; ch++)
				a[ch] = (1 - frac) * a[ch] + frac * b[ch];
		}
		for (ch = 0; ch < 4; ch++)
			texel[ch] = a[ch];
	}

swizzle:
	tx_swizzle(t, texel, out);
	vgc_tx_result(c, out);
	return 0;
}

int vgc_tx_sample(void *ctx, const struct vgc_sh_tex_req *req, float out[4])
{
	struct vgc_core *c = ctx;
	struct vgc_tx_tex t;

	vgc_tx_prepare(c, req->sampler, &t);
	return vgc_tx_lookup(c, &t, req, out);
}
