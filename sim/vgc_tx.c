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
 *  - anything else (arrays, borders, YUV, ETC2, float formats,
 *    split layouts, TS sampling, anisotropy) is counted in tx_unsupported
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
 */
#include "vgc.h"
#include "vgc_tx.h"

#define REG(c, off)	((c)->state[(off) >> 2])

enum { R, G, B, A };

/* Texel layouts of the formats the model decodes. */
enum tx_kind {
	TX_A8, TX_L8, TX_I8, TX_A8L8,
	TX_ARGB4, TX_XRGB4, TX_ARGB8, TX_XRGB8, TX_ABGR8, TX_XBGR8,
	TX_R5G6B5, TX_A1RGB5, TX_X1RGB5,
	TX_D16, TX_D24X8,
	TX_G8R8, TX_A2BGR10,
	TX_DXT1, TX_DXT3, TX_DXT5, TX_ETC1,
};

/* Layouts of a level in memory. */
enum tx_layout { TX_TILED, TX_SUPER, TX_LINEAR };

/* ---- arithmetic without libm ------------------------------------------ */

/* Coordinates beyond this are clamped before any integer conversion. */
#define TX_COORD_LIMIT	16777216.0f	/* 2^24 */

static float tx_clampf(float v, float lo, float hi)
{
	if (!(v >= lo))		/* also NaN */
		return lo;
	return v > hi ? hi : v;
}

/* floor() of a value clamped to +-2^24 (NaN: 0), as an int. */
static int tx_floor(float v)
{
	int i;

	v = tx_clampf(v, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	i = (int)v;
	return (float)i > v ? i - 1 : i;
}

static float tx_absf(float v)
{
	return v < 0 ? -v : v;
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
	if (v < 1.0e-37f)
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

/* ---- states ------------------------------------------------------------ */

/* A 5.5 fixed-point field as a float; @sign_bit set: two's complement. */
static float tx_fixp55(u32 v, u32 sign_bit)
{
	int i = (int)v;

	if (sign_bit && (v & (sign_bit >> 1)))
		i -= (int)sign_bit;
	return (float)i / 32.0f;
}

static bool tx_fmt_get(u32 format, u32 ext, bool halti0, struct vgc_tx_fmt *f)
{
	static const struct vgc_tx_fmt fmts[] = {
		[VGC_TEX_FMT_A8] = { TX_A8, 1 },
		[VGC_TEX_FMT_L8] = { TX_L8, 1 },
		[VGC_TEX_FMT_I8] = { TX_I8, 1 },
		[VGC_TEX_FMT_A8L8] = { TX_A8L8, 2 },
		[VGC_TEX_FMT_A4R4G4B4] = { TX_ARGB4, 2 },
		[VGC_TEX_FMT_X4R4G4B4] = { TX_XRGB4, 2 },
		[VGC_TEX_FMT_A8R8G8B8] = { TX_ARGB8, 4 },
		[VGC_TEX_FMT_X8R8G8B8] = { TX_XRGB8, 4 },
		[VGC_TEX_FMT_A8B8G8R8] = { TX_ABGR8, 4 },
		[VGC_TEX_FMT_X8B8G8R8] = { TX_XBGR8, 4 },
		[VGC_TEX_FMT_R5G6B5] = { TX_R5G6B5, 2 },
		[VGC_TEX_FMT_A1R5G5B5] = { TX_A1RGB5, 2 },
		[VGC_TEX_FMT_X1R5G5B5] = { TX_X1RGB5, 2 },
		[VGC_TEX_FMT_D16] = { TX_D16, 2 },
		[VGC_TEX_FMT_D24X8] = { TX_D24X8, 4 },
		[VGC_TEX_FMT_DXT1] = { TX_DXT1, 8, true },
		[VGC_TEX_FMT_DXT2_DXT3] = { TX_DXT3, 16, true },
		[VGC_TEX_FMT_DXT4_DXT5] = { TX_DXT5, 16, true },
		[VGC_TEX_FMT_ETC1] = { TX_ETC1, 8, true },
	};

	if (format != VGC_TEX_FMT_NONE) {
		if (format >= ARRAY_SIZE(fmts) || !fmts[format].bytes)
			return false;
		*f = fmts[format];
		return true;
	}
	/* FORMAT NONE: the extended format of CONFIG1 (HALTI0 cores) */
	if (!halti0)
		return false;
	switch (ext) {
	case VGC_TEX_FMT_EXT_G8R8:
		*f = (struct vgc_tx_fmt){ TX_G8R8, 2, false };
		return true;
	case VGC_TEX_FMT_EXT_A2B10G10R10:
		*f = (struct vgc_tx_fmt){ TX_A2BGR10, 4, false };
		return true;
	default:
		return false;
	}
}

/* Decode sampler @s's states; false: not a configuration the model samples. */
static bool tx_decode(struct vgc_core *c, unsigned int s, struct vgc_tx_tex *t)
{
	bool nte = c->id->minor[2] & VGC_MINOR2_HALTI1;
	bool halti0 = c->id->minor[1] & VGC_MINOR1_HALTI0;
	u32 cfg0, cfg1, size, lod, halign, cfg3d;
	unsigned int type;

	if (s >= (nte ? VGC_NTE_SAMPLERS : VGC_TE_SAMPLERS))
		return false;
	t->cmp = false;
	if (nte) {
		t->cmp = REG(c, VGC_NTE_BASELOD(s)) & VGC_NTE_COMPARE_ENABLE;
		t->cmp_func = VGC_NTE_COMPARE_FUNC(REG(c, VGC_NTE_BASELOD(s)));
		cfg0 = REG(c, VGC_NTE_CONFIG0(s));
		cfg1 = REG(c, VGC_NTE_CONFIG1(s));
		size = REG(c, VGC_NTE_SIZE(s));
		lod = REG(c, VGC_NTE_LOD_CONFIG(s));
		cfg3d = REG(c, VGC_NTE_3D_CONFIG(s));
		t->linear_stride = REG(c, VGC_NTE_LINEAR_STRIDE(s));
		t->lod_addr = &REG(c, VGC_NTE_ADDR_LOD(s, 0));
		t->lod_step = (VGC_NTE_ADDR_LOD(s, 1) -
			       VGC_NTE_ADDR_LOD(s, 0)) / 4;
	} else {
		cfg0 = REG(c, VGC_TE_CONFIG0(s));
		cfg1 = REG(c, VGC_TE_CONFIG1(s));
		size = REG(c, VGC_TE_SIZE(s));
		lod = REG(c, VGC_TE_LOD_CONFIG(s));
		cfg3d = REG(c, VGC_TE_3D_CONFIG(s));
		t->linear_stride = REG(c, VGC_TE_LINEAR_STRIDE(s, 0));
		t->lod_addr = &REG(c, VGC_TE_LOD_ADDR(s, 0));
		t->lod_step = (VGC_TE_LOD_ADDR(s, 1) -
			       VGC_TE_LOD_ADDR(s, 0)) / 4;
	}

	type = VGC_TE_TYPE(cfg0);
	if (type != VGC_TEX_TYPE_2D && type != VGC_TEX_TYPE_1D &&
	    type != VGC_TEX_TYPE_CUBE_MAP && type != VGC_TEX_TYPE_3D)
		return false;	/* NONE (inactive), the undefined ones */
	if (cfg1 & (VGC_TE_TEXTURE_ARRAY | VGC_TE_USE_TS))
		return false;
	t->cube = type == VGC_TEX_TYPE_CUBE_MAP;
	t->is3d = type == VGC_TEX_TYPE_3D;
	t->depth = t->is3d ? VGC_TE_3D_DEPTH(cfg3d) : 1;
	t->wrap_w = t->is3d ? VGC_TE_3D_WRAP(cfg3d) : VGC_TEX_WRAP_REPEAT;
	if (!t->depth || t->wrap_w > VGC_TEX_WRAP_CLAMP_TO_EDGE)
		return false;
	if (!tx_fmt_get(VGC_TE_FORMAT(cfg0), VGC_TE_FORMAT_EXT(cfg1), halti0,
			&t->fmt))
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

	t->lod_min = tx_fixp55(VGC_TE_LOD_MIN(lod), 0);
	t->lod_max = tx_fixp55(VGC_TE_LOD_MAX(lod), 0);
	t->lod_bias = lod & VGC_TE_LOD_BIAS_ENABLE ?
		tx_fixp55(VGC_TE_LOD_BIAS(lod), VGC_TE_LOD_BIAS_SIGN) : 0;

	t->swz[R] = VGC_TE_SWIZZLE_R(cfg1);
	t->swz[G] = VGC_TE_SWIZZLE_G(cfg1);
	t->swz[B] = VGC_TE_SWIZZLE_B(cfg1);
	t->swz[A] = VGC_TE_SWIZZLE_A(cfg1);

	halign = VGC_TE_HALIGN(cfg1);
	if (VGC_TE_ADDRESSING(cfg0) == VGC_TEX_ADDRESSING_LINEAR) {
		if (t->fmt.block || t->cube)
			return false;
		t->layout = TX_LINEAR;
		t->align = t->valign = 1;
		return true;
	}
	if (VGC_TE_ADDRESSING(cfg0) != VGC_TEX_ADDRESSING_TILED)
		return false;
	t->valign = 4;
	switch (halign) {
	case VGC_TEX_HALIGN_FOUR:
		t->layout = TX_TILED;
		t->align = 4;
		break;
	case VGC_TEX_HALIGN_SIXTEEN:
		t->layout = TX_TILED;
		t->align = 16;
		break;
	case VGC_TEX_HALIGN_SUPER_TILED:
		if (t->fmt.block)
			return false;
		t->layout = TX_SUPER;
		t->align = t->valign = 64;
		break;
	default:
		return false;	/* the split layouts: Mesa never samples them */
	}
	return true;
}

/* ---- texel addresses and fetches --------------------------------------- */

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

	if (t->layout == TX_LINEAR) {
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
 * A texel's address in a plane is the plane's base plus a part that
 * depends on its column alone and one that depends on its row alone (the
 * tile's bits of a supertile are disjoint bits of the two): the column's
 * (of texel column @x, of its 4x4 block's for a compressed format), in
 * @layout, @bpp bytes a texel (a block when @block), @tb bytes a tile.
 */
static __always_inline u32 tx_addr_x_of(unsigned int layout, u32 bpp,
					bool block, u32 tb, u32 x)
{
	u32 tx = x / 4;

	if (layout == TX_LINEAR)
		return x * bpp;
	if (layout == TX_SUPER)	/* never a compressed format */
		return (tx / 16) * 256 * tb +
		       ((tx & 1) | (tx % 16) >> 1 << 3) * tb + (x % 4) * bpp;
	if (block)
		return tx * tb;
	return tx * tb + (x % 4) * bpp;
}

/* The row's part of a texel's address (tx_addr_x_of()): texel row @y. */
static __always_inline u32 tx_addr_y_of(unsigned int layout, u32 bpp,
					bool block, u32 tb, u32 row, u32 y)
{
	u32 ty = y / 4;

	if (layout == TX_LINEAR)
		return y * row;
	if (layout == TX_SUPER)
		return (ty / 16) * 16 * row +
		       ((ty & 3) << 1 | (ty % 16) >> 2 << 6) * tb +
		       (y % 4) * 4 * bpp;
	if (block)
		return ty * row;
	return ty * row + (y % 4) * 4 * bpp;
}

static inline u32 tx_addr_x(const struct vgc_tx_tex *t,
			    const struct vgc_tx_plane *pl, u32 x)
{
	return tx_addr_x_of(t->layout, t->fmt.bytes, t->fmt.block, pl->tb, x);
}

static inline u32 tx_addr_y(const struct vgc_tx_tex *t,
			    const struct vgc_tx_plane *pl, u32 y)
{
	return tx_addr_y_of(t->layout, t->fmt.bytes, t->fmt.block, pl->tb,
			    pl->row, y);
}

/*
 * GPU address of texel (@x, @y) (of its 4x4 block, for a compressed
 * format) of plane @pl: supertiles of 64x64 texels in rows, the 4x4
 * tile (tx, ty) of a supertile at index (tx & 1) | (ty & 3) << 1 |
 * (tx >> 1) << 3 | (ty >> 2) << 6 (etna_viv doc/hardware.md), or 4x4
 * tiles in rows; texels row by row in a tile.
 */
static u32 tx_texel_addr(const struct vgc_tx_tex *t,
			 const struct vgc_tx_plane *pl, u32 x, u32 y)
{
	return pl->base + tx_addr_x(t, pl, x) + tx_addr_y(t, pl, y);
}

static float tx_unorm(u32 v, unsigned int bits)
{
	return (float)v / (float)((1u << bits) - 1);
}

/*
 * tx_unorm(v, 8) of every byte v, in the core (a table rather than a
 * division a component)
 */
static void tx_unorm8_init(struct vgc_core *c)
{
	unsigned int v;

	for (v = 0; v < 256; v++)
		c->tx_unorm8[v] = tx_unorm(v, 8);
	c->tx_unorm8_ok = true;
}

static void tx_rgba(float o[4], float r, float g, float b, float a)
{
	o[R] = r;
	o[G] = g;
	o[B] = b;
	o[A] = a;
}

/* RGB565 (DXT colour endpoints) to unorm floats. */
static void tx_565(u32 v, float o[3])
{
	o[R] = tx_unorm(v >> 11, 5);
	o[G] = tx_unorm((v >> 5) & 0x3f, 6);
	o[B] = tx_unorm(v & 0x1f, 5);
}

static u32 tx_le16(const u8 *p)
{
	return p[0] | (u32)p[1] << 8;
}

static u32 tx_le32(const u8 *p)
{
	return tx_le16(p) | tx_le16(p + 2) << 16;
}

/*
 * The colour block of the S3TC formats (8 bytes at @p): texel @i (0..15,
 * row by row). @dxt1: the two-endpoint comparison selects the 3-colour
 * mode with transparent black (the hardware decodes DXT1 as RGBA: Mesa
 * 22.3 etnaviv_format.c); else always 4 colours.
 */
static void tx_s3tc_color(const u8 *p, unsigned int i, bool dxt1, float o[4])
{
	u32 c0 = tx_le16(p), c1 = tx_le16(p + 2);
	unsigned int sel = (tx_le32(p + 4) >> (2 * i)) & 3, k;
	float e0[3], e1[3];

	tx_565(c0, e0);
	tx_565(c1, e1);
	o[A] = 1.0f;
	for (k = 0; k < 3; k++) {
		switch (sel) {
		case 0:
			o[k] = e0[k];
			break;
		case 1:
			o[k] = e1[k];
			break;
		case 2:
			o[k] = (!dxt1 || c0 > c1) ?
				(2 * e0[k] + e1[k]) / 3 : (e0[k] + e1[k]) / 2;
			break;
		default:
			if (!dxt1 || c0 > c1) {
				o[k] = (e0[k] + 2 * e1[k]) / 3;
			} else {
				o[k] = 0;
				o[A] = 0;
			}
			break;
		}
	}
}

/* The DXT5 alpha block (8 bytes at @p): texel @i's alpha. */
static float tx_dxt5_alpha(const u8 *p, unsigned int i)
{
	u32 a0 = p[0], a1 = p[1], bit = 3 * i, code;
	u64 bits = 0;
	unsigned int k;

	for (k = 0; k < 6; k++)
		bits |= (u64)p[2 + k] << (8 * k);
	code = (bits >> bit) & 7;
	if (code == 0)
		return a0 / 255.0f;
	if (code == 1)
		return a1 / 255.0f;
	if (a0 > a1)
		return ((8 - code) * a0 + (code - 1) * a1) / (7 * 255.0f);
	if (code == 6)
		return 0;
	if (code == 7)
		return 1;
	return ((6 - code) * a0 + (code - 1) * a1) / (5 * 255.0f);
}

/* The ETC1 block (8 bytes at @p, the specification's byte order). */
static void tx_etc1(const u8 *p, u32 x, u32 y, float o[4])
{
	static const int mod[8][2] = {
		{ 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
		{ 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
	};
	bool flip = p[3] & 1, diff = p[3] & 2;
	bool second = flip ? y >= 2 : x >= 2;
	unsigned int k = x * 4 + y;	/* texels column by column */
	unsigned int msb = ((p[4] << 8 | p[5]) >> k) & 1;
	unsigned int lsb = ((p[6] << 8 | p[7]) >> k) & 1;
	unsigned int table = (p[3] >> (second ? 2 : 5)) & 7;
	int m, base, ch, v;

	if (msb)
		m = -mod[table][lsb];
	else
		m = mod[table][lsb];
	for (ch = 0; ch < 3; ch++) {
		if (diff) {
			int b5 = p[ch] >> 3, d = p[ch] & 7;

			if (second)
				b5 += d >= 4 ? d - 8 : d;
			b5 &= 31;
			base = b5 << 3 | b5 >> 2;
		} else {
			base = (second ? p[ch] & 15 : p[ch] >> 4) * 17;
		}
		v = base + m;
		v = v < 0 ? 0 : v > 255 ? 255 : v;
		o[ch] = v / 255.0f;
	}
	o[A] = 1.0f;
}

/* A depth texel @d against the lookup's reference: 1.0 when it passes. */
static float tx_compare(const struct vgc_tx_tex *t, float d)
{
	float ref = t->cmp_ref;
	bool pass;

	switch (t->cmp_func) {
	case VGC_TEX_CMP_LEQUAL:
		pass = ref <= d;
		break;
	case VGC_TEX_CMP_GEQUAL:
		pass = ref >= d;
		break;
	case VGC_TEX_CMP_LESS:
		pass = ref < d;
		break;
	case VGC_TEX_CMP_GREATER:
		pass = ref > d;
		break;
	case VGC_TEX_CMP_EQUAL:
		pass = ref == d;
		break;
	case VGC_TEX_CMP_NOTEQUAL:
		pass = ref != d;
		break;
	case VGC_TEX_CMP_ALWAYS:
		pass = true;
		break;
	default:	/* NEVER */
		pass = false;
		break;
	}
	return pass ? 1.0f : 0.0f;
}

/* A depth texel @d: (d, d, d, 1), or the comparison's result for d. */
static void tx_depth(const struct vgc_tx_tex *t, float d, float o[4])
{
	o[R] = o[G] = o[B] = t->cmp ? tx_compare(t, d) : d;
	o[A] = 1;
}

/* An A8R8G8B8 texel at @b into @o. */
static void tx_argb8(const struct vgc_core *c, const u8 *b, float o[4])
{
	const float *n8 = c->tx_unorm8;

	o[R] = n8[b[2]];
	o[G] = n8[b[1]];
	o[B] = n8[b[0]];
	o[A] = n8[b[3]];
}

/* Decode texel (@x, @y) whose bytes (of its block) are at @b into @o. */
static void tx_texel(const struct vgc_core *c, const struct vgc_tx_tex *t,
		     const u8 *b, u32 x, u32 y, float o[4])
{
	const float *n8 = c->tx_unorm8;
	u32 v;
	unsigned int i;

	if (t->fmt.kind == TX_ARGB8) {	/* the common one first */
		tx_argb8(c, b, o);
		return;
	}
	i = (y % 4) * 4 + x % 4;
	v = t->fmt.bytes == 1 ? b[0] :
	    t->fmt.bytes == 2 ? tx_le16(b) : tx_le32(b);
	switch (t->fmt.kind) {
	case TX_A8:
		tx_rgba(o, 0, 0, 0, n8[v]);
		break;
	case TX_L8:
		tx_rgba(o, n8[v], n8[v], n8[v], 1);
		break;
	case TX_I8:
		o[R] = o[G] = o[B] = o[A] = n8[v];
		break;
	case TX_A8L8:
		o[R] = o[G] = o[B] = n8[v & 0xff];
		o[A] = n8[v >> 8];
		break;
	case TX_ARGB4:
	case TX_XRGB4:
		tx_rgba(o, tx_unorm((v >> 8) & 15, 4), tx_unorm((v >> 4) & 15, 4),
			tx_unorm(v & 15, 4),
			t->fmt.kind == TX_XRGB4 ? 1 : tx_unorm(v >> 12, 4));
		break;
	case TX_ARGB8:
	case TX_XRGB8:
		tx_rgba(o, n8[(v >> 16) & 0xff],
			n8[(v >> 8) & 0xff], n8[v & 0xff],
			t->fmt.kind == TX_XRGB8 ? 1 : n8[v >> 24]);
		break;
	case TX_ABGR8:
	case TX_XBGR8:
		tx_rgba(o, n8[v & 0xff], n8[(v >> 8) & 0xff],
			n8[(v >> 16) & 0xff],
			t->fmt.kind == TX_XBGR8 ? 1 : n8[v >> 24]);
		break;
	case TX_R5G6B5:
		tx_565(v, o);
		o[A] = 1;
		break;
	case TX_A1RGB5:
	case TX_X1RGB5:
		tx_rgba(o, tx_unorm((v >> 10) & 31, 5),
			tx_unorm((v >> 5) & 31, 5), tx_unorm(v & 31, 5),
			t->fmt.kind == TX_X1RGB5 ? 1 : (float)(v >> 15));
		break;
	case TX_D16:
		tx_depth(t, tx_unorm(v, 16), o);
		break;
	case TX_D24X8:
		tx_depth(t, tx_unorm(v >> 8, 24), o);
		break;
	case TX_G8R8:
		tx_rgba(o, n8[v & 0xff], n8[v >> 8], 0, 1);
		break;
	case TX_A2BGR10:
		tx_rgba(o, tx_unorm(v & 0x3ff, 10),
			tx_unorm((v >> 10) & 0x3ff, 10),
			tx_unorm((v >> 20) & 0x3ff, 10), tx_unorm(v >> 30, 2));
		break;
	case TX_DXT1:
		tx_s3tc_color(b, i, true, o);
		break;
	case TX_DXT3:
		tx_s3tc_color(b + 8, i, false, o);
		o[A] = tx_unorm((b[i / 2] >> (4 * (i % 2))) & 15, 4);
		break;
	case TX_DXT5:
		tx_s3tc_color(b + 8, i, false, o);
		o[A] = tx_dxt5_alpha(b, i);
		break;
	case TX_ETC1:
		tx_etc1(b, x % 4, y % 4, o);
		break;
	}
}

/* Fetch and decode texel (@x, @y) of plane @pl into @o. */
static int tx_fetch(struct vgc_core *c, const struct vgc_tx_tex *t,
		    const struct vgc_tx_plane *pl, u32 x, u32 y, float o[4])
{
	u8 b[16];

	if (vgc_dma_read(c, VGC_CLIENT_TX, tx_texel_addr(t, pl, x, y), b,
			 t->fmt.bytes)) {
		c->stats.tx_faults++;
		return -1;
	}
	tx_texel(c, t, b, x, y, o);
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
			tx_texel(c, t, p + (a[k] & (VGC_PAGE_SIZE - 1)),
				 x[k & 1], y[k >> 1], tex[k]);
	}
	return 0;

one_by_one:
	for (k = 0; k < 4; k++)
		if (tx_fetch(c, t, pl, x[k & 1], y[k >> 1], tex[k]))
			return -1;
	return 0;
}

/* ---- coordinates, wrap, filters ----------------------------------------- */

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

/*
 * Sample plane @pl (@w x @h texels) with @filter at (@u, @v) in [0, 1].
 */
static int tx_filter(struct vgc_core *c, const struct vgc_tx_tex *t,
		     const struct vgc_tx_plane *pl, u32 w, u32 h,
		     unsigned int filter, float u, float v, float o[4])
{
	float su = tx_clampf(u * w, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	float sv = tx_clampf(v * h, -TX_COORD_LIMIT, TX_COORD_LIMIT);
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

/*
 * A bilinear0 lookup's footprint (tx_bilinear0()): the addresses of its
 * four texels (x0, y0), (x1, y0), (x0, y1), (x1, y1) and the fractions.
 */
struct tx_foot {
	u32 a[4];
	float fu, fv;
};

/* The footprint of @t->bilinear0 at (@u, @v), as tx_filter() finds it. */
static __always_inline void tx_foot_get(const struct vgc_tx_tex *t,
					float u, float v, struct tx_foot *f)
{
	const struct vgc_tx_plane *pl = &t->pl0;
	float su = tx_clampf(u * t->fw, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	float sv = tx_clampf(v * t->fh, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	u32 x0, x1, y0, y1, ax0, ax1, ay0, ay1;
	int i0, j0;

	su -= 0.5f;
	sv -= 0.5f;
	/*
	 * tx_floor() without its clamp: su and sv are within +-2^24 (the
	 * clamps above; less 1/2 rounds to 2^24 at the ends), not NaN.
	 */
	i0 = (int)su;
	if ((float)i0 > su)
		i0--;
	j0 = (int)sv;
	if ((float)j0 > sv)
		j0--;
	f->fu = su - (float)i0;
	f->fv = sv - (float)j0;
	if (t->umask) {
		x0 = (u32)i0 & t->umask;
		x1 = (u32)(i0 + 1) & t->umask;
	} else {
		x0 = tx_wrap(i0, t->width, t->wrap_u);
		x1 = tx_wrap(i0 + 1, t->width, t->wrap_u);
	}
	if (t->vmask) {
		y0 = (u32)j0 & t->vmask;
		y1 = (u32)(j0 + 1) & t->vmask;
	} else {
		y0 = tx_wrap(j0, t->height, t->wrap_v);
		y1 = tx_wrap(j0 + 1, t->height, t->wrap_v);
	}
	/* 4 bytes a texel, 64 a tile (tx_plane_get()) */
	if (t->layout == TX_TILED) {
		ax0 = tx_addr_x_of(TX_TILED, 4, false, 64, x0);
		ax1 = tx_addr_x_of(TX_TILED, 4, false, 64, x1);
		ay0 = tx_addr_y_of(TX_TILED, 4, false, 64, pl->row, y0);
		ay1 = tx_addr_y_of(TX_TILED, 4, false, 64, pl->row, y1);
	} else {
		ax0 = tx_addr_x(t, pl, x0);
		ax1 = tx_addr_x(t, pl, x1);
		ay0 = tx_addr_y(t, pl, y0);
		ay1 = tx_addr_y(t, pl, y1);
	}
	f->a[0] = pl->base + ax0 + ay0;
	f->a[1] = pl->base + ax1 + ay0;
	f->a[2] = pl->base + ax0 + ay1;
	f->a[3] = pl->base + ax1 + ay1;
}

/*
 * tx_foot_get() of the four coordinates of @q when both wraps are masks
 * (@t->umask, @t->vmask) in the 4x4 tiled layout: the same operations,
 * a step at a time for the four (which the compiler may do at once).
 */
static __always_inline void tx_foot_get4(const struct vgc_tx_tex *t,
					 const struct vgc_sh_tex_quad *q,
					 struct tx_foot f[4])
{
	u32 base = t->pl0.base, row = t->pl0.row, um = t->umask;
	u32 vm = t->vmask, x0[4], x1[4], y0[4], y1[4];
	float su[4], sv[4];
	int i0[4], j0[4];
	unsigned int k;

	for (k = 0; k < 4; k++) {
		su[k] = tx_clampf(q->coord[k][0] * t->fw, -TX_COORD_LIMIT,
				  TX_COORD_LIMIT) - 0.5f;
		sv[k] = tx_clampf(q->coord[k][1] * t->fh, -TX_COORD_LIMIT,
				  TX_COORD_LIMIT) - 0.5f;
	}
	/* tx_foot_get()'s floor */
	for (k = 0; k < 4; k++) {
		i0[k] = (int)su[k];
		j0[k] = (int)sv[k];
		i0[k] -= (float)i0[k] > su[k];
		j0[k] -= (float)j0[k] > sv[k];
	}
	for (k = 0; k < 4; k++) {
		f[k].fu = su[k] - (float)i0[k];
		f[k].fv = sv[k] - (float)j0[k];
		x0[k] = (u32)i0[k] & um;
		x1[k] = (u32)(i0[k] + 1) & um;
		y0[k] = (u32)j0[k] & vm;
		y1[k] = (u32)(j0[k] + 1) & vm;
	}
	for (k = 0; k < 4; k++) {
		u32 ax0 = tx_addr_x_of(TX_TILED, 4, false, 64, x0[k]);
		u32 ax1 = tx_addr_x_of(TX_TILED, 4, false, 64, x1[k]);
		u32 ay0 = tx_addr_y_of(TX_TILED, 4, false, 64, row, y0[k]);
		u32 ay1 = tx_addr_y_of(TX_TILED, 4, false, 64, row, y1[k]);

		f[k].a[0] = base + ax0 + ay0;
		f[k].a[1] = base + ax1 + ay0;
		f[k].a[2] = base + ax0 + ay1;
		f[k].a[3] = base + ax1 + ay1;
	}
}

/*
 * tx_filter()'s weights and sums of footprint @f's texels @b0..@b3 of
 * @t (@t->bilinear0).
 */
static __always_inline void tx_foot_filter(const struct vgc_core *c,
					   const struct vgc_tx_tex *t,
					   const struct tx_foot *f,
					   const u8 *b0, const u8 *b1,
					   const u8 *b2, const u8 *b3,
					   float o[4])
{
	const float *n8 = c->tx_unorm8;
	float fu = f->fu, fv = f->fv, w0, w1, w2, w3;
	unsigned int r = t->rbyte, b = t->bbyte;

	w0 = (1 - fu) * (1 - fv);
	w1 = fu * (1 - fv);
	w2 = (1 - fu) * fv;
	w3 = fu * fv;
	/* tx_texel(): r, g, b, a in bytes @r, 1, @b, 3 */
	o[R] = w0 * n8[b0[r]] + w1 * n8[b1[r]] + w2 * n8[b2[r]] +
	       w3 * n8[b3[r]];
	o[G] = w0 * n8[b0[1]] + w1 * n8[b1[1]] + w2 * n8[b2[1]] +
	       w3 * n8[b3[1]];
	o[B] = w0 * n8[b0[b]] + w1 * n8[b1[b]] + w2 * n8[b2[b]] +
	       w3 * n8[b3[b]];
	o[A] = w0 * n8[b0[3]] + w1 * n8[b1[3]] + w2 * n8[b2[3]] +
	       w3 * n8[b3[3]];
}

/*
 * The four reads of a footprint whose texels are 4 bytes at 4-byte
 * aligned addresses: each counts as the one at @a would.
 */
static __always_inline void tx_foot_count(struct vgc_core *c, u32 a)
{
	unsigned int k;

	for (k = 0; k < 4; k++)
		vgc_dma_count(c, a, 4, false);
}

/*
 * tx_filter() of level 0 (@t->bilinear0: LINEAR, 32-bit ARGB) at (@u, @v),
 * whose footprint is @f (tx_foot_get()): the same arithmetic in the same
 * order, its four texels read in place when the TX client's TLB holds
 * their pages (one lookup when they share one); otherwise tx_filter()
 * from the start (nothing was read or counted yet).
 */
static int tx_bilinear0_at(struct vgc_core *c, const struct vgc_tx_tex *t,
			   const struct tx_foot *f, float u, float v,
			   float o[4])
{
	u32 a0 = f->a[0], a1 = f->a[1], a2 = f->a[2], a3 = f->a[3], page, in;
	const u8 *p, *b0, *b1, *b2, *b3;

	if ((a0 | a1 | a2 | a3) & 3)	/* a texel across a page's end */
		goto general;
	page = a0 >> VGC_PAGE_SHIFT;
	if ((a1 >> VGC_PAGE_SHIFT) == page && (a2 >> VGC_PAGE_SHIFT) == page &&
	    (a3 >> VGC_PAGE_SHIFT) == page) {
		p = vgc_dma_hit(c, VGC_CLIENT_TX, a0, 4);
		if (!p)
			goto general;
		p -= a0 & (VGC_PAGE_SIZE - 1);
		in = VGC_PAGE_SIZE - 1;
		b0 = p + (a0 & in);
		b1 = p + (a1 & in);
		b2 = p + (a2 & in);
		b3 = p + (a3 & in);
	} else {
		/*
		 * Across pages: in place when each is a TLB hit (as each
		 * read of tx_filter() would be; nothing is read before all
		 * four are known to be).
		 */
		b0 = vgc_dma_hit(c, VGC_CLIENT_TX, a0, 4);
		b1 = vgc_dma_hit(c, VGC_CLIENT_TX, a1, 4);
		b2 = vgc_dma_hit(c, VGC_CLIENT_TX, a2, 4);
		b3 = vgc_dma_hit(c, VGC_CLIENT_TX, a3, 4);
		if (!b0 || !b1 || !b2 || !b3)
			goto general;
	}
	tx_foot_count(c, a0);
	tx_foot_filter(c, t, f, b0, b1, b2, b3, o);
	return 0;

general:
	return tx_filter(c, t, &t->pl0, t->width, t->height,
			 VGC_TEX_FILTER_LINEAR, u, v, o);
}

/* tx_bilinear0_at() at (@u, @v) */
static int tx_bilinear0(struct vgc_core *c, const struct vgc_tx_tex *t,
			float u, float v, float o[4])
{
	struct tx_foot f;

	tx_foot_get(t, u, v, &f);
	return tx_bilinear0_at(c, t, &f, u, v, o);
}

/* Sample one face (slice) of a level with @filter at (@u, @v) in [0, 1]. */
static int tx_slice(struct vgc_core *c, const struct vgc_tx_tex *t,
		    unsigned int level, unsigned int face, unsigned int filter,
		    float u, float v, float o[4])
{
	struct vgc_tx_plane pl;

	tx_plane_get(t, level, face, &pl);
	return tx_filter(c, t, &pl, tx_level_dim(t->width, level),
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
	float sw = tx_clampf(w * d, -TX_COORD_LIMIT, TX_COORD_LIMIT), f;
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
	float ax = tx_absf(d[0]), ay = tx_absf(d[1]), az = tx_absf(d[2]);
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
		st[0] = st[1] = 0.5f;
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
	float ma = tx_absf(d[a[0]]);

	if (!(ma > 0)) {
		st[0] = st[1] = 0.5f;
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

/* The TX clock gating erratum applies now (see the top of this file). */
static bool tx_gating_broken(const struct vgc_core *c)
{
	return c->id->tx_gating_erratum &&
	       (REG(c, VGC_PM_POWER_CONTROLS) & VGC_PM_MODULE_CLOCK_GATING) &&
	       !(REG(c, VGC_PM_MODULE_CONTROLS) & VGC_PM_NO_GATING_TX);
}

/* What the lookup returns: @out, or under the erratum the stale latch. */
static void tx_result(struct vgc_core *c, float out[4])
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

/*
 * Sampler @s's states decoded into @t (@t->ok false: not a configuration
 * the model samples), with what follows from them for every lookup.
 */
static void tx_prepare(struct vgc_core *c, unsigned int s,
		       struct vgc_tx_tex *t)
{
	t->ok = tx_decode(c, s, t);
	/* any LOD samples level 0 with the same filter (vgc_tx_lookup()) */
	t->level0 = t->ok && !t->cube && !t->is3d && t->min == t->mag &&
		    t->mip == VGC_TEX_FILTER_NONE && t->lod_min < 1.0f &&
		    t->lod_max < 1.0f;
	if (t->level0)
		tx_plane_get(t, 0, 0, &t->pl0);
	t->bilinear0 = t->level0 && t->min == VGC_TEX_FILTER_LINEAR &&
		       (t->fmt.kind == TX_ARGB8 || t->fmt.kind == TX_ABGR8);
	t->swz_id = false;
	if (!t->bilinear0)
		return;
	/* tx_texel(): the two differ only in where red and blue are */
	t->rbyte = t->fmt.kind == TX_ARGB8 ? 2 : 0;
	t->bbyte = 2 - t->rbyte;
	t->fw = t->width;
	t->fh = t->height;
	t->umask = tx_wrap_mask(t->width, t->wrap_u);
	t->vmask = tx_wrap_mask(t->height, t->wrap_v);
	t->swz_id = t->swz[R] == R && t->swz[G] == G && t->swz[B] == B &&
		    t->swz[A] == A;
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

/* One lookup with sampler states @tp (vgc_tx_sample()). */
static int tx_lookup(struct vgc_core *c, const struct vgc_tx_tex *tp,
		     const struct vgc_sh_tex_req *req, float out[4])
{
	const struct vgc_tx_tex *t = tp;
	struct vgc_tx_tex tcmp;
	float st[2], lambda, frac, a[4], b[4], texel[4];
	unsigned int face = 0, level, filter, ch;
	int lo;

	c->stats.tx_samples++;
	if (!c->tx_unorm8_ok)
		tx_unorm8_init(c);
	tx_rgba(out, 0, 0, 0, 0);
	if (!t->ok) {
		c->stats.tx_unsupported++;
		return 0;
	}
	if (tp->cmp) {
		/* a comparison needs a reference: TEXLD's third operand */
		tcmp = *tp;
		tcmp.cmp = req->has_ref;
		tcmp.cmp_ref = tx_clampf(req->ref, 0, 1);
		t = &tcmp;
	}

	if (t->bilinear0) {
		if (tx_bilinear0(c, t, req->coord[0], req->coord[1], texel))
			return -1;
		goto swizzle;
	}
	if (t->level0) {
		/*
		 * The clamped LOD is below 1 whatever the request: level 0,
		 * with MIN (= MAG) both sides of 0 (as below).
		 */
		if (tx_filter(c, t, &t->pl0, t->width, t->height, t->min,
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
	lambda = tx_clampf(lambda, t->lod_min, t->lod_max);

	filter = lambda > 0 ? t->min : t->mag;
	if (lambda <= 0 || t->mip == VGC_TEX_FILTER_NONE) {
		/* the level the clamped LOD's integer part names */
		level = lambda > 0 ? (unsigned int)tx_floor(lambda) : 0;
		if (level >= VGC_TE_LODS)
			level = VGC_TE_LODS - 1;
		if (tx_level(c, t, level, face, filter, st[0], st[1],
			     req->coord[2], texel))
			return -1;
	} else if (t->mip == VGC_TEX_FILTER_NEAREST) {
		/* GLES 2.0: ceil(lambda + 1/2) - 1 */
		lo = tx_floor(lambda + 0.5f);
		if ((float)lo == lambda + 0.5f)
			lo--;
		level = lo < VGC_TE_LODS ? (unsigned int)lo : VGC_TE_LODS - 1;
		if (tx_level(c, t, level, face, filter, st[0], st[1],
			     req->coord[2], texel))
			return -1;
	} else {
		lo = tx_floor(lambda);
		frac = lambda - (float)lo;
		if (lo >= VGC_TE_LODS - 1) {
			lo = VGC_TE_LODS - 1;
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
	tx_result(c, out);
	return 0;
}

int vgc_tx_sample(void *ctx, const struct vgc_sh_tex_req *req, float out[4])
{
	struct vgc_core *c = ctx;
	struct vgc_tx_tex t;

	tx_prepare(c, req->sampler, &t);
	return tx_lookup(c, &t, req, out);
}

/*
 * Sampler @s's decoded states in cache @tc (decoded now when it has room),
 * or NULL: the cache is full of others.
 */
static const struct vgc_tx_tex *tx_cached(struct vgc_tx_cache *tc,
					  unsigned int s)
{
	unsigned int k;

	for (k = 0; k < tc->n; k++)
		if (tc->sampler[k] == s)
			return &tc->tex[k];
	if (tc->n == VGC_TX_CACHED)
		return NULL;
	k = tc->n++;
	tc->sampler[k] = s;
	tx_prepare(tc->core, s, &tc->tex[k]);
	return &tc->tex[k];
}

int vgc_tx_sample_cached(void *ctx, const struct vgc_sh_tex_req *req,
			 float out[4])
{
	struct vgc_tx_cache *tc = ctx;
	const struct vgc_tx_tex *tp = tx_cached(tc, req->sampler);
	struct vgc_tx_tex t;

	if (tp)
		return tx_lookup(tc->core, tp, req, out);
	tx_prepare(tc->core, req->sampler, &t);
	return tx_lookup(tc->core, &t, req, out);
}

unsigned int vgc_tx_sample_quad(void *ctx, const struct vgc_sh_tex_quad *q,
				float out[4][4])
{
	struct vgc_tx_cache *tc = ctx;
	struct vgc_core *c = tc->core;
	const struct vgc_tx_tex *t = tx_cached(tc, q->sampler);
	struct vgc_sh_tex_req req;
	struct tx_foot f[4];
	float texel[4];
	u32 any = 0, diff = 0, in = VGC_PAGE_SIZE - 1;
	const u8 *p;
	unsigned int k;
	bool gating;

	if (t && t->bilinear0 && !t->cmp) {
		/*
		 * tx_lookup() of each, which reads only the coordinate; the
		 * erratum's condition is the same for the four (no register
		 * write comes between them).
		 */
		if (!c->tx_unorm8_ok)
			tx_unorm8_init(c);
		gating = tx_gating_broken(c);
		if (t->umask && t->vmask && t->layout == TX_TILED)
			tx_foot_get4(t, q, f);
		else
			for (k = 0; k < 4; k++)
				tx_foot_get(t, q->coord[k][0], q->coord[k][1],
					    &f[k]);
		for (k = 0; k < 4; k++) {
			any |= f[k].a[0] | f[k].a[1] | f[k].a[2] | f[k].a[3];
			diff |= (f[k].a[0] ^ f[0].a[0]) |
				(f[k].a[1] ^ f[0].a[0]) |
				(f[k].a[2] ^ f[0].a[0]) |
				(f[k].a[3] ^ f[0].a[0]);
		}
		/*
		 * The 16 texels aligned in one page the TLB holds: one TLB
		 * lookup for the four, each read counted as in
		 * tx_bilinear0_at(); else each lookup through it (this check
		 * reads and counts nothing, and no hit changes the TLB).
		 */
		p = NULL;
		if (!(any & 3) && !(diff >> VGC_PAGE_SHIFT))
			p = vgc_dma_hit(c, VGC_CLIENT_TX, f[0].a[0], 4);
		if (p)
			p -= f[0].a[0] & in;
		for (k = 0; k < 4; k++) {
			c->stats.tx_samples++;
			if (p) {
				tx_foot_count(c, f[0].a[0]);
				tx_foot_filter(c, t, &f[k],
					       p + (f[k].a[0] & in),
					       p + (f[k].a[1] & in),
					       p + (f[k].a[2] & in),
					       p + (f[k].a[3] & in), texel);
			} else if (tx_bilinear0_at(c, t, &f[k], q->coord[k][0],
						   q->coord[k][1], texel)) {
				return k;
			}
			tx_swizzle(t, texel, out[k]);
			if (gating)
				tx_result(c, out[k]);
		}
		return 4;
	}
	for (k = 0; k < 4; k++) {
		vgc_sh_tex_quad_req(q, k, &req);
		if (vgc_tx_sample_cached(ctx, &req, out[k]))
			return k;
	}
	return 4;
}
