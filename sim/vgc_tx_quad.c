// SPDX-License-Identifier: GPL-2.0-only
/*
 * The texture unit's fast forms (sim/doc/texture-engine.md): the lookups
 * of a sampler whose every lookup samples level 0 bilinearly from 32-bit
 * ARGB or ABGR texels (bilinear0, vgc_tx_prepare()), a quad's four at
 * once, their texels read in place when the TX client's TLB holds their
 * page; the same arithmetic in the same order as the general path
 * (vgc_tx_filter()), and the same counts. And the samplers a run of the
 * 3D engine uses, decoded once (struct vgc_tx_cache).
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_tx_int.h"

/*
 * A bilinear0 lookup's footprint (vgc_tx_bilinear0()): the addresses of its
 * four texels (x0, y0), (x1, y0), (x0, y1), (x1, y1) and the fractions.
 */
struct tx_foot {
	u32 a[4];
	float fu, fv;
};

/* The footprint of @t->bilinear0 at (@u, @v), as vgc_tx_filter() finds it. */
static __always_inline void tx_foot_get(const struct vgc_tx_tex *t,
					float u, float v, struct tx_foot *f)
{
	const struct vgc_tx_plane *pl = &t->pl0;
	float su = vgc_clampf(u * t->fw, -TX_COORD_LIMIT, TX_COORD_LIMIT);
	float sv = vgc_clampf(v * t->fh, -TX_COORD_LIMIT, TX_COORD_LIMIT);
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
	if (t->layout == VGC_TILED) {
		ax0 = vgc_surf_col(VGC_TILED, 4, false, 64, x0);
		ax1 = vgc_surf_col(VGC_TILED, 4, false, 64, x1);
		ay0 = vgc_surf_row(VGC_TILED, 4, false, 64, pl->row, y0);
		ay1 = vgc_surf_row(VGC_TILED, 4, false, 64, pl->row, y1);
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
		su[k] = vgc_clampf(q->coord[k][0] * t->fw, -TX_COORD_LIMIT,
				   TX_COORD_LIMIT) - 0.5f;
		sv[k] = vgc_clampf(q->coord[k][1] * t->fh, -TX_COORD_LIMIT,
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
		u32 ax0 = vgc_surf_col(VGC_TILED, 4, false, 64, x0[k]);
		u32 ax1 = vgc_surf_col(VGC_TILED, 4, false, 64, x1[k]);
		u32 ay0 = vgc_surf_row(VGC_TILED, 4, false, 64, row, y0[k]);
		u32 ay1 = vgc_surf_row(VGC_TILED, 4, false, 64, row, y1[k]);

		f[k].a[0] = base + ax0 + ay0;
		f[k].a[1] = base + ax1 + ay0;
		f[k].a[2] = base + ax0 + ay1;
		f[k].a[3] = base + ax1 + ay1;
	}
}

/*
 * vgc_tx_filter()'s weights and sums of footprint @f's texels @b0..@b3 of
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
	/* vgc_tx_texel(): r, g, b, a in bytes @r, 1, @b, 3 */
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
 * vgc_tx_filter() of level 0 (@t->bilinear0: LINEAR, 32-bit ARGB) at (@u, @v),
 * whose footprint is @f (tx_foot_get()): the same arithmetic in the same
 * order, its four texels read in place when the TX client's TLB holds
 * their pages (one lookup when they share one); otherwise vgc_tx_filter()
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
		 * read of vgc_tx_filter() would be; nothing is read before all
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
	return vgc_tx_filter(c, t, &t->pl0, t->width, t->height,
			     VGC_TEX_FILTER_LINEAR, u, v, o);
}

int vgc_tx_bilinear0(struct vgc_core *c, const struct vgc_tx_tex *t,
		     float u, float v, float o[4])
{
	struct tx_foot f;

	tx_foot_get(t, u, v, &f);
	return tx_bilinear0_at(c, t, &f, u, v, o);
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
	vgc_tx_prepare(tc->core, s, &tc->tex[k]);
	return &tc->tex[k];
}

int vgc_tx_sample_cached(void *ctx, const struct vgc_sh_tex_req *req,
			 float out[4])
{
	struct vgc_tx_cache *tc = ctx;
	const struct vgc_tx_tex *tp = tx_cached(tc, req->sampler);
	struct vgc_tx_tex t;

	if (tp)
		return vgc_tx_lookup(tc->core, tp, req, out);
	vgc_tx_prepare(tc->core, req->sampler, &t);
	return vgc_tx_lookup(tc->core, &t, req, out);
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
		 * vgc_tx_lookup() of each, which reads only the coordinate; the
		 * erratum's condition is the same for the four (no register
		 * write comes between them).
		 */
		if (!c->tx_unorm8_ok)
			vgc_tx_unorm8_init(c);
		gating = tx_gating_broken(c);
		if (t->umask && t->vmask && t->layout == VGC_TILED)
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
				vgc_tx_result(c, out[k]);
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
