// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 2D engine's span-wise path (sim/doc/2d-engine.md): blits and
 * stretches drawn a span at a time on whole words of the destination
 * layout, through the ROP's algebraic normal form, and spans drawn in
 * place in the host's memory where that cannot differ (vgc_dma_map()),
 * each access counted as the copy it stands for. Which operations it
 * draws and how is decided once per DRAW_2D (vgc_de_fast_setup()); the
 * loops are in vgc_de_kern.c.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_de_int.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

/*
 * Every path below computes what rop_pixel() computes for each pixel, on
 * whole words of the destination layout (one 32-bit pixel, or two 16-bit
 * ones): the ROP3 is bitwise, so for a fixed P each result bit is a
 * function of the S and D bits only, k0 ^ k1 & S ^ k2 & D ^ k3 & S & D
 * (its algebraic normal form), with the coefficients found by evaluating
 * the ROP on all-zero and all-one S and D. The x channel's forced ones
 * fold into the coefficients; a mono source bit fixes S (and, for ROP4,
 * the code), a mono pattern bit fixes P, so each pixel is one of at most
 * four variants, chosen by per-pixel masks.
 */

/* @v, a pixel in the destination format, repeated as a word as stored. */
static u64 rep(const struct vgc_de *de, u32 v)
{
	unsigned int i;
	u8 b[8];
	u64 w;

	for (i = 0; i < 8; i += de->df.bpp)
		put_px(b + i, de->df.bpp, v);
	memcpy(&w, b, 8);
	return w;
}

/* rop3() on the two halves of 64-bit words. */
static u64 rop3_64(const u32 *m, u64 p, u64 s, u64 d)
{
	return rop3(m, p, s, d) |
	       (u64)rop3(m, p >> 32, s >> 32, d >> 32) << 32;
}

/* The coefficients of the ROP table @m with pattern word @p. */
static void anf(const struct vgc_de *de, u64 *k, const u32 *m, u64 p)
{
	u64 v[4], s, d;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		s = i & 2 ? ~0ull : 0;
		d = i & 1 ? ~0ull : 0;
		if (de->rop_type == VGC_DE_ROP2_PATTERN)
			v[i] = rop3_64(m, p, p, d);
		else if (de->rop_type == VGC_DE_ROP2_SOURCE)
			v[i] = rop3_64(m, s, s, d);
		else
			v[i] = rop3_64(m, p, s, d);
	}
	k[0] = v[0];
	k[1] = v[0] ^ v[2];
	k[2] = v[0] ^ v[1];
	k[3] = v[0] ^ v[1] ^ v[2] ^ v[3];
}

static bool same_k(const u64 *a, const u64 *b)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
}

/* rk without a mono pattern: the same for every word. */
static void row_k_solid(struct vgc_de *de)
{
	unsigned int mb, c, w;

	for (mb = 0; mb < 2; mb++)
		for (c = 0; c < 4; c++)
			for (w = 0; w < BLK; w++)
				de->rk[mb][c][w] = de->k[1][mb][c];
}

/* Decide whether the span-wise path draws the operation; prepare it. */
static void span_setup(struct vgc_de *de)
{
	unsigned int pb, mb, i, b, ch, bpp = de->df.bpp;
	u64 xm = rep(de, de->df.xmask), *k;
	const u32 *m;

	de->fill_n = 0;
	de->sidx_n = 0;
	de->direct = false;
	de->fast = (de->cmd == VGC_DE_CMD_BIT_BLT ||
		    de->cmd == VGC_DE_CMD_STRETCH_BLT) &&
		   !per_pixel(de) && !reversed(de) && !de->fast_copy;
	if (!de->fast)
		return;
	for (pb = 0; pb < 2; pb++) {
		for (mb = 0; mb < 2; mb++) {
			k = de->k[pb][mb];
			m = de->rop_type == VGC_DE_ROP4 && de->mono && !mb ?
			    de->rop_m[1] : de->rop_m[0];
			anf(de, k, m, rep(de, de->pat_mono && !pb ?
					  de->pat_bg : de->pat_fg));
			if (!de->need_s || de->mono) {
				/* S is 0, or the mono bit's colour */
				u64 s = !de->need_s ? 0 :
					rep(de, mb ? de->mono_fg : de->mono_bg);

				k[0] ^= k[1] & s;
				k[2] ^= k[3] & s;
				k[1] = 0;
				k[3] = 0;
			}
			k[0] |= xm;
			k[1] &= ~xm;
			k[2] &= ~xm;
			k[3] &= ~xm;
			if (de->mono_transparent && mb == de->mono_tbit) {
				k[0] = 0;	/* D unchanged */
				k[1] = 0;
				k[3] = 0;
				k[2] = ~0ull;
			}
		}
	}
	de->pat_var = de->pat_mono &&
		      (!same_k(de->k[0][0], de->k[1][0]) ||
		       !same_k(de->k[0][1], de->k[1][1]));
	de->mono_var = de->need_s && de->mono &&
		       (!same_k(de->k[0][0], de->k[0][1]) ||
			!same_k(de->k[1][0], de->k[1][1]));
	row_k_solid(de);
	if (de->need_s && de->mono && de->mtab_bpp != bpp) {
		for (b = 0; b < 256; b++)
			for (i = 0; i < 8; i++)
				memset((u8 *)de->mtab[b] + i * bpp,
				       b & (1u << i) ? 0xff : 0, bpp);
		de->mtab_bpp = bpp;
	}
	de->conv = false;
	if (!de->need_s || de->mono)
		return;
	de->conv = de->sf.code != de->df.code;
	if (de->conv) {
		vgc_de_conv_tables(de);
		de->cterms = vgc_de_conv_terms(de);
		de->conv_set = de->cterms ? vgc_de_conv_set(de) : -1;
	}
	de->keymask = 0;
	for (ch = B; ch <= A; ch++)
		if (de->sf.width[ch] && !(ch == A && de->sf.x))
			de->keymask |= ((1u << de->sf.width[ch]) - 1) <<
				       de->sf.shift[ch];
	/*
	 * vgc_de_to_argb() widens without loss: equal there is equal in
	 * these bits
	 */
	de->keyraw = vgc_de_from_argb(&de->sf, de->keyv) & de->keymask;
	/*
	 * The result is S as converted (x bits set) where it does not
	 * depend on the pattern or D and nothing is transparent: S goes
	 * straight to the destination's buffer.
	 */
	k = de->k[1][1];
	de->direct = !de->pat_var && !de->key && k[0] == xm &&
		     k[1] == ~xm && !k[2] && !k[3] && (de->conv || !xm);
}

/*
 * Spans drawn in place (the host's memory read and written where it is,
 * see vgc_dma_map()): a copy between identical layouts and what the
 * span-wise path draws, on pixels aligned to their size. The
 * coefficients as blocks of pixels.
 */
static void inplace_setup(struct vgc_de *de)
{
	unsigned int mb, c, j;

	de->inplace = de->fast_copy || de->fast;
	if (!de->fast)
		return;
	for (j = 0; j < BLK; j++) {
		de->ikey32[0][j] = de->keymask;
		de->ikey32[1][j] = de->keyraw;
		de->ikey16[0][j] = de->keymask;
		de->ikey16[1][j] = de->keyraw;
	}
	for (mb = 0; mb < 2; mb++) {
		for (c = 0; c < 4; c++) {
			for (j = 0; j < BLK; j++) {
				de->ik32[mb][c][j] = de->k[1][mb][c];
				de->ik16[mb][c][j] = de->k[1][mb][c];
			}
		}
	}
}

void vgc_de_fast_setup(struct vgc_de *de)
{
	span_setup(de);
	inplace_setup(de);
}

/* Pixel @i of a mask array of the destination layout: all ones or not. */
static void put_mask(const struct vgc_de *de, u64 *a, unsigned int i,
		     bool on)
{
	memset((u8 *)a + i * de->df.bpp, on ? 0xff : 0, de->df.bpp);
}

/*
 * msel for the span (x..x+n-1, y) of a mono source; -1 if the read
 * failed. With @bits_ok, when the span's bits are contiguous and start
 * at a byte, leaves them in sbytes for the caller and returns 1.
 */
static int mono_sel(struct vgc_core *c, int x, int y, unsigned int n,
		    bool bits_ok)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 row = src_y(de, r, y) * de->mono_pitch, first = row + src_x(de, r, x);
	s64 b0 = first >> 3, b1 = (row + src_x(de, r, x + n - 1)) >> 3;
	unsigned int i, v, bo = first & 7, bpp = de->df.bpp;
	u8 *out = (u8 *)de->msel;
	s64 sx;

	if (!de->stream &&
	    vgc_dma_read(c, VGC_CLIENT_PE, de->src + (u32)b0, de->sbytes,
			 b1 - b0 + 1))
		return -1;
	if (!de->stream && de->cmd == VGC_DE_CMD_BIT_BLT) {
		if (bits_ok && !bo)
			return 1;
		vgc_de_expand_mono(out, de->sbytes, de->mtab, n, bo, bpp);
		return 0;
	}
	for (i = 0; i < n; i++) {
		sx = row + src_x(de, r, x + i);
		if (de->stream)
			v = stream_bit(de, sx);
		else
			v = (de->sbytes[(sx >> 3) - b0] >> (sx & 7)) & 1;
		put_mask(de, de->msel, i, v);
	}
	return 0;
}

/* Stretch: source pixel of each pixel of the span, from the first. */
static void stretch_index(struct vgc_de *de, int x, unsigned int n)
{
	const u16 *r = de->rects[de->rect];
	s64 first = src_x(de, r, x);
	unsigned int i;

	if (de->sidx_n == n && de->sidx_x == x && de->sidx_rect == de->rect)
		return;
	de->sidx_sorted = true;
	for (i = 0; i < n; i++) {
		de->sidx[i] = src_x(de, r, x + i) - first;
		if (i && de->sidx[i] < de->sidx[i - 1])
			de->sidx_sorted = false;
	}
	de->sidx_n = n;
	de->sidx_x = x;
	de->sidx_rect = de->rect;
}

/* sb (or dw, direct), and kmask, for the span (x..x+n-1, y). */
static int color_src(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 sy = src_y(de, r, y), first = src_x(de, r, x);
	unsigned int i, bpp = de->sf.bpp;
	u32 at = de->src + (u32)sy * de->src_stride + (u32)first * bpp;
	size_t len = (src_x(de, r, x + n - 1) - first + 1) * bpp;
	u8 *out = de->direct ? de->dbytes : de->sb;
	const void *in = de->sbytes;

	if (de->cmd == VGC_DE_CMD_BIT_BLT && !de->conv)
		in = out;	/* the pixels are the ones read */
	if (vgc_dma_read(c, VGC_CLIENT_PE, at, (void *)in, len))
		return -1;
	if (de->cmd == VGC_DE_CMD_STRETCH_BLT) {
		stretch_index(de, x, n);
		if (!de->conv && !de->key)
			in = out;	/* gathered as they are */
		else
			in = de->g32;
		if (bpp == 4) {
			u32 *g = (u32 *)in;

			for (i = 0; i < n; i++)
				g[i] = de->s32[de->sidx[i]];
		} else {
			u16 *g = (u16 *)in;

			for (i = 0; i < n; i++)
				g[i] = de->s16[de->sidx[i]];
		}
	}
	vgc_de_src_pixels(de, in, out, n);
	return 0;
}

/* rk for the row y of the span at x: the pattern's 8 pixels chosen. */
static void row_k(struct vgc_de *de, int x, int y)
{
	unsigned int i, mb, c, w, bpp = de->df.bpp;
	u64 sel[4];
	u8 row;

	row = de->pat_bits >> (((y + de->pat_oy) & 7) * 8);
	for (i = 0; i < 32 / bpp; i++)
		put_mask(de, sel, i, (row >> ((x + i + de->pat_ox) & 7)) & 1);
	for (mb = 0; mb < 2; mb++)
		for (c = 0; c < 4; c++)
			for (w = 0; w < BLK; w++)
				de->rk[mb][c][w] = mux64(sel[w & 3],
							 de->k[1][mb][c],
							 de->k[0][mb][c]);
}

/* Draw the span (x..x+n-1, y) span-wise; D is in dbytes if needed. */
int vgc_de_fast_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int nw = (n * de->df.bpp + 8 * BLK - 1) / (8 * BLK) * BLK;

	/* the source is read whenever the generic path reads it (faults) */
	if (de->need_s && de->mono && mono_sel(c, x, y, n, false))
		return -1;
	if (de->need_s && !de->mono && color_src(c, x, y, n))
		return -1;
	if (de->direct)
		return 0;	/* the source is the result */
	if (de->pat_var)
		row_k(de, x, y);
	if (de->mono_var) {
		vgc_de_eval_mono(de->dw, de->msel, de->rk[1], de->rk[0], nw);
		return 0;
	}
	if (!de->key) {
		vgc_de_eval_in(de->dw, de->sw, de->rk[1], nw);
		return 0;
	}
	vgc_de_eval_to(de->t, de->sw, de->dw, de->rk[1], nw);
	vgc_de_keep_d(de->dw, de->kmask, de->t, nw);
	return 0;
}

/* ik for the row y of the span at x: the pattern's 8 pixels chosen. */
static void row_ik(struct vgc_de *de, int x, int y)
{
	unsigned int j, mb, c;
	u8 row = de->pat_bits >> (((y + de->pat_oy) & 7) * 8);
	bool bit;

	for (j = 0; j < BLK; j++) {
		bit = (row >> ((x + j + de->pat_ox) & 7)) & 1;
		for (mb = 0; mb < 2; mb++) {
			for (c = 0; c < 4; c++) {
				de->ik32[mb][c][j] = de->k[bit][mb][c];
				de->ik16[mb][c][j] = de->k[bit][mb][c];
			}
		}
	}
}

/*
 * Draw the span (x..x+n-1, y) in place if it can be: 0, or -1 if the
 * mono source's read failed (the operation ends), or 1 if it cannot be
 * (nothing done). The destination and a colour source are in the host's
 * memory and do not overlap; each access counts as the copy it stands
 * for.
 */
int vgc_de_inplace_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	unsigned int bpp = de->df.bpp, sbpp = de->sf.bpp;
	u32 daddr, saddr = 0, len = n * bpp, slen = 0, a, k;
	u8 *d, *s = NULL, *g;
	const u8 *in, *sp;
	s64 first;
	int px, py, ms, bits = 0;

	physical(de, x, y, &px, &py);
	daddr = dst_addr(de, px, py);
	d = vgc_dma_map(c, VGC_CLIENT_PE, daddr, len, true);
	if (!d || (unsigned long)d % bpp)
		return 1;
	if (de->need_s && !de->mono) {
		first = src_x(de, r, x);
		saddr = de->src + (u32)src_y(de, r, y) * de->src_stride +
			(u32)first * sbpp;
		slen = (src_x(de, r, x + n - 1) - first + 1) * sbpp;
		s = vgc_dma_map(c, VGC_CLIENT_PE, saddr, slen, false);
		if (!s || (unsigned long)s % sbpp ||
		    (s < d + len && d < s + slen))
			return 1;
	}
	/* D read, S read, D written a page at a time */
	if (de->need_d)
		vgc_dma_count(c, daddr, len, false);
	if (de->need_s && de->mono) {
		/* 32-bit pixels: the bits straight into the ROP's loop */
		ms = mono_sel(c, x, y, n, bpp == 4 && de->mono_var);
		if (ms < 0)
			return -1;
		bits = ms;
	}
	if (s)
		vgc_dma_count(c, saddr, slen, false);
	for (a = 0; a < len; a += k) {
		k = VGC_PAGE_SIZE - ((daddr + a) & (VGC_PAGE_SIZE - 1));
		if (k > len - a)
			k = len - a;
		vgc_dma_count(c, daddr + a, k, true);
	}
	if (de->fast_copy) {
		memcpy(d, s, len);
		return 0;
	}
	in = s;
	if (s && de->cmd == VGC_DE_CMD_STRETCH_BLT) {
		stretch_index(de, x, n);
		g = de->direct && !de->conv ? d : (u8 *)de->g32;
		if (sbpp == 4)
			vgc_de_gather_32((u32 *)g, (const u32 *)s, de->sidx, n,
					 slen / 4, de->sidx_sorted);
		else
			vgc_de_gather_16((u16 *)g, (const u16 *)s, de->sidx, n);
		in = g;
	}
	if (de->direct && !de->conv) {
		/* the source as it is (gathered into d when stretched) */
		if (de->cmd == VGC_DE_CMD_BIT_BLT)
			memcpy(d, s, len);
		return 0;
	}
	sp = in;
	if (s && !de->conv && de->key && !de->pat_var) {
		/* the key on the source as it is, in the same loop */
		if (bpp == 4)
			vgc_de_inplace_32_keyed((u32 *)d, (const u32 *)in,
						de->ikey32[0], de->ikey32[1],
						de->ik32[1], n);
		else
			vgc_de_inplace_16_keyed((u16 *)d, (const u16 *)in,
						de->ikey16[0], de->ikey16[1],
						de->ik16[1], n);
		return 0;
	}
	if (s && (de->conv || de->key)) {
		if (de->conv)
			sp = de->direct ? d : de->sb;
		vgc_de_src_pixels_exact(de, in, de->conv ? (u8 *)sp : NULL, n);
		if (de->direct)
			return 0;
	}
	if (de->pat_var)
		row_ik(de, x, y);
	if (!sp)
		sp = d;	/* not read */
	if (bits)
		vgc_de_inplace_32_mono_bits((u32 *)d, de->sbytes, de->mtab,
					    de->ik32[1], de->ik32[0], n);
	else if (bpp == 4 && de->mono_var)
		vgc_de_inplace_32_mono((u32 *)d, de->m32, de->ik32[1],
				       de->ik32[0], n);
	else if (bpp == 4 && de->key)
		vgc_de_inplace_32_key((u32 *)d, (const u32 *)sp, de->k32,
				      de->ik32[1], n);
	else if (bpp == 4)
		vgc_de_inplace_32((u32 *)d, (const u32 *)sp, de->ik32[1], n);
	else if (de->mono_var)
		vgc_de_inplace_16_mono((u16 *)d, de->m16, de->ik16[1],
				       de->ik16[0], n);
	else if (de->key)
		vgc_de_inplace_16_key((u16 *)d, (const u16 *)sp, de->k16,
				      de->ik16[1], n);
	else
		vgc_de_inplace_16((u16 *)d, (const u16 *)sp, de->ik16[1], n);
	return 0;
}
