// SPDX-License-Identifier: GPL-2.0-only
/*
 * The texture formats of the texture unit (sim/doc/texture-engine.md):
 * which TE_SAMPLER_CONFIG formats (and the extended ones) the model
 * decodes and how their texels are stored, and the decoding of a texel's
 * bytes into unorm floats: A8, L8, I8, A8L8, the 16 and 32-bit RGB(A)
 * ones, D16, D24X8 (with the depth comparison), G8R8, A2B10G10R10, the
 * half-float R16F, G16R16F and A16B16G16R16F (HALTI0 extended formats),
 * DXT1/3/5 (the S3TC specification) and ETC1 (the Khronos ETC1
 * specification).
 */
#include "vgc.h"
#include "vgc_math.h"
#include "vgc_tx_int.h"

bool vgc_tx_fmt_get(u32 format, u32 ext, bool halti0, struct vgc_tx_fmt *f)
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
	case VGC_TEX_FMT_EXT_R16F:
		*f = (struct vgc_tx_fmt){ TX_R16F, 2, false };
		return true;
	case VGC_TEX_FMT_EXT_G16R16F:
		*f = (struct vgc_tx_fmt){ TX_G16R16F, 4, false };
		return true;
	case VGC_TEX_FMT_EXT_A16B16G16R16F:
		*f = (struct vgc_tx_fmt){ TX_ABGR16F, 8, false };
		return true;
	default:
		return false;
	}
}

static float tx_unorm(u32 v, unsigned int bits)
{
	return (float)v / (float)((1u << bits) - 1);
}

void vgc_tx_unorm8_init(struct vgc_core *c)
{
	unsigned int v;

	for (v = 0; v < 256; v++)
		c->tx_unorm8[v] = tx_unorm(v, 8);
	c->tx_unorm8_ok = true;
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
	float v = t->cmp ? tx_compare(t, d) : d;

	tx_rgba(o, v, v, v, 1);
}

void vgc_tx_texel(const struct vgc_core *c, const struct vgc_tx_tex *t,
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
		tx_rgba(o, n8[v], n8[v], n8[v], n8[v]);
		break;
	case TX_A8L8:
		tx_rgba(o, n8[v & 0xff], n8[v & 0xff], n8[v & 0xff],
			n8[v >> 8]);
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
	case TX_R16F:
		tx_rgba(o, vgc_half_to_float((u16)v), 0, 0, 1);
		break;
	case TX_G16R16F:
		tx_rgba(o, vgc_half_to_float((u16)(v & 0xffff)),
			vgc_half_to_float((u16)(v >> 16)), 0, 1);
		break;
	case TX_ABGR16F:
		tx_rgba(o, vgc_half_to_float((u16)tx_le16(b)),
			vgc_half_to_float((u16)tx_le16(b + 2)),
			vgc_half_to_float((u16)tx_le16(b + 4)),
			vgc_half_to_float((u16)tx_le16(b + 6)));
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
