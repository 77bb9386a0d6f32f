// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 2D engine's pixel formats (sim/doc/2d-engine.md): DE formats 0-6
 * and their swizzles, channels widened by bit replication and narrowed
 * by truncation, x channels read as 0xff and written as ones; a source's
 * conversion to the destination's format, as tables per source byte or
 * as shifted masks, and the span's source pixels converted and keyed
 * (the loops in vgc_de_kern.c).
 */
#include "vgc.h"
#include "vgc_de_int.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

/* Channel widths of DE formats 0-6, indexed B, G, R, A. */
static const u8 fmt_width[7][4] = {
	{ 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 5, 5, 5, 1 }, { 5, 5, 5, 1 },
	{ 5, 6, 5, 0 }, { 8, 8, 8, 8 }, { 8, 8, 8, 8 },
};

static const bool fmt_x[7] = { true, false, true, false, false, true, false };

/* Channels from the top bit down for ARGB, RGBA, ABGR, BGRA. */
static const u8 swz_order[4][4] = {
	{ A, R, G, B }, { R, G, B, A }, { A, B, G, R }, { B, G, R, A },
};

bool vgc_de_fmt_decode(struct vgc_de_fmt *f, unsigned int fmt,
		       unsigned int swz)
{
	unsigned int i, ch, top;

	if (fmt >= ARRAY_SIZE(fmt_width))
		return false;
	f->bpp = fmt >= 5 ? 4 : 2;
	f->code = fmt << 2 | swz;
	top = f->bpp * 8;
	for (i = 0; i < 4; i++) {
		ch = swz_order[swz][i];
		top -= fmt_width[fmt][ch];
		f->width[ch] = fmt_width[fmt][ch];
		f->shift[ch] = top;
	}
	f->x = fmt_x[fmt];
	f->xmask = f->x ? ((1u << f->width[A]) - 1) << f->shift[A] : 0;
	return true;
}

static u32 widen(u32 v, unsigned int n)
{
	switch (n) {
	case 0:
		return 0xff;
	case 1:
		return v ? 0xff : 0;
	case 4:
		return v << 4 | v;
	case 5:
		return v << 3 | v >> 2;
	case 6:
		return v << 2 | v >> 4;
	}
	return v;
}

u32 vgc_de_to_argb(const struct vgc_de_fmt *f, u32 raw)
{
	u32 argb = 0, v;
	unsigned int ch;

	for (ch = B; ch <= A; ch++) {
		v = (raw >> f->shift[ch]) & ((1u << f->width[ch]) - 1);
		v = ch == A && f->x ? 0xff : widen(v, f->width[ch]);
		argb |= v << (8 * ch);
	}
	return argb;
}

u32 vgc_de_from_argb(const struct vgc_de_fmt *f, u32 argb)
{
	u32 raw = f->xmask;
	unsigned int ch;

	for (ch = B; ch <= A; ch++)
		if (f->width[ch] && !(ch == A && f->x))
			raw |= ((argb >> (8 * ch + 8 - f->width[ch])) &
				((1u << f->width[ch]) - 1)) << f->shift[ch];
	return raw;
}

/* The source's bits in the destination format, a table per byte. */
void vgc_de_conv_tables(struct vgc_de *de)
{
	unsigned int k, i, b;
	u32 zero = convert(de, 0), one;

	for (k = 0; k < de->sf.bpp; k++) {
		de->tab[k][0] = k ? 0 : zero;
		for (i = 0; i < 8; i++) {
			one = convert(de, 1u << (8 * k + i));
			for (b = 1u << i; b < 2u << i; b++)
				de->tab[k][b] = de->tab[k][b - (1u << i)] |
						one;
		}
	}
	for (; k < 4; k++)
		memset(de->tab[k], 0, sizeof(de->tab[k]));
}

/*
 * The conversion as shifted source masks, at most VGC_DE_TERMS of them
 * (false if it takes more): each destination bit copies one source bit
 * or is constant, so the bits that move by the same distance share a
 * mask.
 */
bool vgc_de_conv_terms(struct vgc_de *de)
{
	u32 zero = convert(de, 0), one, m[63];
	unsigned int sbit, dbit, t = 0;
	int d;

	memset(m, 0, sizeof(m));
	for (sbit = 0; sbit < de->sf.bpp * 8; sbit++) {
		one = convert(de, 1u << sbit) ^ zero;
		for (dbit = 0; dbit < de->df.bpp * 8; dbit++)
			if (one & (1u << dbit))
				m[dbit + 31 - sbit] |= 1u << sbit;
	}
	memset(de->cmask, 0, sizeof(de->cmask));
	memset(de->cl, 0, sizeof(de->cl));
	memset(de->cr, 0, sizeof(de->cr));
	for (d = 0; d < 63; d++) {
		if (!m[d])
			continue;
		if (t == VGC_DE_TERMS)
			return false;
		de->cmask[t] = m[d];
		de->cl[t] = d >= 31 ? d - 31 : 0;
		de->cr[t] = d < 31 ? 31 - d : 0;
		t++;
	}
	de->nterms = t;
	de->cconst = zero;
	return true;
}

/*
 * Conversions with the shift distances of the common pairs as constants
 * (vector shifts; not inlined, where the compiler would lose that the
 * buffers do not overlap): R5G6B5 and A4R4G4B4 (or X) to A8R8G8B8, A8R8G8B8 to
 * R5G6B5; a conversion whose distances are all among one of these sets
 * runs with its masks there (0 for a distance it does not use).
 */
static const int conv_sets[3][5] = {
	{ 8, 5, 3, -1, -2 }, { 16, 12, 8, 4, 0 }, { -8, -5, -3, 0, 0 },
};

/*
 * The set index for the conversion, its masks (and the constant bits)
 * in conv_m, each repeated for a block; -1 if none.
 */
int vgc_de_conv_set(struct vgc_de *de)
{
	unsigned int set, t, i, j;
	bool widen, narrow;
	u32 m[6];
	int d;

	for (set = 0; set < ARRAY_SIZE(conv_sets); set++) {
		widen = set < 2;
		narrow = set == 2;
		if (widen != (de->sf.bpp == 2 && de->df.bpp == 4) ||
		    narrow != (de->sf.bpp == 4 && de->df.bpp == 2))
			continue;
		memset(m, 0, sizeof(m));
		for (t = 0; t < de->nterms; t++) {
			d = (int)de->cl[t] - (int)de->cr[t];
			for (i = 0; i < 5; i++)
				if (conv_sets[set][i] == d)
					break;
			if (i == 5)
				break;
			m[i] |= de->cmask[t];
		}
		m[5] = de->cconst;
		if (t < de->nterms ||
		    (narrow && memcmp(m, vgc_de_conv_8888_565_m, sizeof(m))))
			continue;
		for (i = 0; i < 6; i++)
			for (j = 0; j < BLK; j++)
				de->conv_m[i][j] = m[i];
		return set;
	}
	return -1;
}

/* Any other conversion, a pixel at a time: the shifted masks or tables. */
void vgc_de_conv_any(const struct vgc_de *de, const u8 *in, u8 *out,
		     unsigned int n)
{
	unsigned int i, t, sbpp = de->sf.bpp, dbpp = de->df.bpp;
	u32 raw, v;

	for (i = 0; i < n; i++) {
		raw = get_px(in + i * sbpp, sbpp);
		if (de->cterms) {
			v = de->cconst;
			for (t = 0; t < de->nterms; t++)
				v |= ((raw & de->cmask[t]) << de->cl[t]) >>
				     de->cr[t];
		} else {
			v = de->tab[0][raw & 0xff] |
			    de->tab[1][(raw >> 8) & 0xff] |
			    de->tab[2][(raw >> 16) & 0xff] |
			    de->tab[3][raw >> 24];
		}
		put_px(out + i * dbpp, dbpp, v);
	}
}

/* Tables, 16-bit sources: two lookups a pixel. */
static void conv_tab16(const struct vgc_de *de, const u16 *restrict in,
		       u8 *restrict out, unsigned int n)
{
	const u32 *t0 = de->tab[0], *t1 = de->tab[1];
	unsigned int i;

	if (de->df.bpp == 4) {
		u32 *o = (u32 *)out;

		for (i = 0; i < n; i++)
			o[i] = t0[in[i] & 0xff] | t1[in[i] >> 8];
	} else {
		u16 *o = (u16 *)out;

		for (i = 0; i < n; i++)
			o[i] = t0[in[i] & 0xff] | t1[in[i] >> 8];
	}
}

/*
 * The span's source pixels as read (@in, source format) into @out in the
 * destination's format, and the colour key into kmask.
 */
void vgc_de_src_pixels(struct vgc_de *de, const void *in, void *out,
		       unsigned int n)
{
	unsigned int sel = (de->sf.bpp == 4) << 1 | (de->df.bpp == 4);

	if (!de->conv) {
		if (out && in != out)	/* NULL: the key alone */
			memcpy(out, in, n * de->df.bpp);
	} else if (de->conv_set == 0) {
		vgc_de_conv_565_8888(in, out, n, de->conv_m);
	} else if (de->conv_set == 1) {
		vgc_de_conv_4444_8888(in, out, n, de->conv_m);
	} else if (de->conv_set == 2) {
		vgc_de_conv_8888_565(in, out, n);
	} else if (de->sf.bpp == 2) {
		conv_tab16(de, in, out, n);
	} else {
		vgc_de_conv_any(de, in, out, n);
	}
	if (!de->key)
		return;
	if (sel == 0)
		vgc_de_key_2_2(de, in, de->k16, n);
	else if (sel == 1)
		vgc_de_key_2_4(de, in, de->k32, n);
	else if (sel == 2)
		vgc_de_key_4_2(de, in, de->k16, n);
	else
		vgc_de_key_4_4(de, in, de->k32, n);
}

/*
 * vgc_de_src_pixels() reading exactly @n pixels of @in (host memory): whole
 * blocks, then the rest a pixel at a time.
 */
void vgc_de_src_pixels_exact(struct vgc_de *de, const u8 *in, u8 *out,
			     unsigned int n)
{
	unsigned int i, m = n / BLK * BLK, sbpp = de->sf.bpp, dbpp = de->df.bpp;
	bool t;

	vgc_de_src_pixels(de, in, out, m);
	if (de->conv)
		vgc_de_conv_any(de, in + m * sbpp, out + m * dbpp, n - m);
	else if (out && in != out)
		memcpy(out + m * dbpp, in + m * sbpp, (n - m) * dbpp);
	for (i = m; de->key && i < n; i++) {
		t = (get_px(in + i * sbpp, sbpp) & de->keymask) == de->keyraw;
		put_px((u8 *)de->kmask + i * dbpp, dbpp, t ? ~0u : 0);
	}
}
