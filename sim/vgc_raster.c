// SPDX-License-Identifier: GPL-2.0-only
/*
 * Triangle setup and rasterisation of the 3D pipeline
 * (sim/doc/3d-pipeline.md): edge functions on vertex positions of
 * VGC_3D_SUBPIX subpixel bits with the top-left fill rule, culling, the
 * scissor, the quads of a triangle's box row by row (the columns no
 * pixel of which can be covered skipped as a unit of work each), z linear
 * on the screen and perspective-correct or flat varyings for the pixel
 * shader's threads, a quad at a time; the pixel engine (vgc_pe.c) takes
 * each quad with a covered pixel.
 */
#include "vgc.h"
#include "vgc_3d_stages.h"
#include "vgc_math.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

static s64 edge(const struct vgc_3d_wvtx *a, const struct vgc_3d_wvtx *b,
		s64 px, s64 py)
{
	return (b->x - a->x) * (py - a->y) - (b->y - a->y) * (px - a->x);
}

/*
 * A value at a sample: @v0 plus the differences @d1, @d2 from it to the
 * values at the other two vertices weighted by their barycentric weights
 * @b1, @b2 [deduced]: a constant varying compares equal to its value after
 * interpolation on a real GC2000 (sim/doc/3d-pipeline.md).
 */
static float lerp3(float v0, float d1, float d2, float b1, float b2)
{
	return v0 + b1 * d1 + b2 * d2;
}

/* The edge a->b owns the samples on it: a top or a left edge. */
static bool top_left(const struct vgc_3d_wvtx *a, const struct vgc_3d_wvtx *b)
{
	s64 dx = b->x - a->x, dy = b->y - a->y;

	return dy < 0 || (dy == 0 && dx > 0);
}

static s32 clamp32(s64 v, s32 lo, s32 hi)
{
	return v < lo ? lo : v > hi ? hi : (s32)v;
}

/* Floor division by VGC_3D_SUB. */
static s64 floor_sub(s64 v)
{
	return v >= 0 ? v / VGC_3D_SUB : -((-v + VGC_3D_SUB - 1) / VGC_3D_SUB);
}

static s64 min3_s64(s64 a, s64 b, s64 c)
{
	s64 m = a < b ? a : b;

	return m < c ? m : c;
}

static s64 max3_s64(s64 a, s64 b, s64 c)
{
	s64 m = a > b ? a : b;

	return m > c ? m : c;
}

/*
 * What raster_quad() uses of @tri and is the same for its every pixel:
 * the edge functions at pixel (0, 0) (@off its sample's offset), their
 * steps and fill rule, the differences lerp3() takes (the same float
 * subtractions it would make a pixel).
 */
static void setup_steps(struct vgc_3d_tri *tri, unsigned int nvar, s64 off)
{
	const struct vgc_3d_wvtx *v = tri->v;
	unsigned int i, j, k;

	tri->farea = (float)tri->area;
	for (i = 0; i < 3; i++) {
		const struct vgc_3d_wvtx *a = &v[(i + 1) % 3];
		const struct vgc_3d_wvtx *b = &v[(i + 2) % 3];

		tri->tl[i] = top_left(a, b);
		tri->e00[i] = edge(a, b, off, off);
		tri->dx[i] = -(b->y - a->y) * VGC_3D_SUB;
		tri->dy[i] = (b->x - a->x) * VGC_3D_SUB;
		tri->emax[i] = (tri->dx[i] > 0 ? tri->dx[i] : 0) +
			       (tri->dy[i] > 0 ? tri->dy[i] : 0) + tri->tl[i];
	}
	for (j = 0; j < 2; j++) {
		tri->dz[j] = v[j + 1].z - v[0].z;
		for (i = 0; i < nvar; i++)
			for (k = 0; k < 4; k++)
				tri->dvar[j][i][k] = v[j + 1].var[i][k] -
						     v[0].var[i][k];
	}
}

/* Floor and ceiling of @a / @b, @b > 0. */
static s64 floor_div(s64 a, s64 b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static s64 ceil_div(s64 a, s64 b)
{
	return a >= 0 ? (a + b - 1) / b : -(-a / b);
}

/*
 * The quads of row tri->qy that can be live, tri->qa <= qx < tri->qb:
 * raster_quad() rejects every other one before its pixels' tests (an edge
 * function plus tri->emax is at most 0 there: linear in qx, it is
 * positive on one side of a column only); or every quad of the row.
 */
static void row_span(struct vgc_3d_tri *tri)
{
	s64 lo = tri->x0 & ~1, hi = tri->x1, e, d, v;
	unsigned int k;

	/* rows of one or two quads: not worth the divisions, visit each */
	for (k = 0; hi - lo > 4 && k < 3; k++) {
		/* quad qx passes edge k when e + qx * d > 0 */
		e = tri->e00[k] + tri->qy * tri->dy[k] + tri->emax[k];
		d = tri->dx[k];
		if (d > 0) {
			v = floor_div(-e, d) + 1;
			if (v > lo)
				lo = v;
		} else if (d < 0) {
			v = ceil_div(e, -d);
			if (v < hi)
				hi = v;
		} else if (e <= 0) {
			hi = lo;
		}
	}
	if (lo > tri->x1)
		lo = tri->x1;
	tri->qa = lo;
	tri->qb = hi < lo ? lo : hi;
}

/*
 * Polygon offset (GL ES 2.0 3.5.2) of triangle @tri, a polygon: its
 * window z moves by SE_DEPTH_SCALE * m + SE_DEPTH_BIAS / 2, m the larger
 * of |dz/dx| and |dz/dy| in window z a pixel. **[deduced]** Mesa 22.3
 * loads the factor as it is and the units as units * 2 / 65535
 * (etnaviv_rasterizer.c): a bias in clip-space z (-1..1), half of it in
 * window z, r = 1/65535. Lines and points (vgc_prim.c's quads) are not
 * offset, as GL says.
 */
static void polygon_offset(const struct vgc_3d *p, struct vgc_3d_tri *tri)
{
	struct vgc_3d_wvtx *v = tri->v;
	float x1, y1, x2, y2, z1, z2, dx, dy, m, o;
	unsigned int k;

	if (!p->zscale && !p->zbias)
		return;
	x1 = (float)(v[1].x - v[0].x) / VGC_3D_SUB;
	y1 = (float)(v[1].y - v[0].y) / VGC_3D_SUB;
	x2 = (float)(v[2].x - v[0].x) / VGC_3D_SUB;
	y2 = (float)(v[2].y - v[0].y) / VGC_3D_SUB;
	z1 = v[1].z - v[0].z;
	z2 = v[2].z - v[0].z;
	/* the plane's gradient: (area in pixels, never 0 here) */
	m = x1 * y2 - x2 * y1;
	dx = vgc_absf((z1 * y2 - z2 * y1) / m);
	dy = vgc_absf((z2 * x1 - z1 * x2) / m);
	m = dx > dy ? dx : dy;
	o = p->zscale * m + p->zbias * 0.5f;
	for (k = 0; k < 3; k++)
		v[k].z += o;
}

bool vgc_3d_setup_tri(struct vgc_core *c, struct vgc_3d_tri *tri,
		      const struct vgc_3d_wvtx *a, const struct vgc_3d_wvtx *b,
		      const struct vgc_3d_wvtx *d, bool cull)
{
	struct vgc_3d *p = &c->p3d;
	s64 area = edge(a, b, d->x, d->y), off = p->half ? VGC_3D_SUB / 2 : 0;
	s64 minx, maxx, miny, maxy;

	if (!area)
		return false;
	/* y points down: a positive area is clockwise on the screen */
	tri->front = area > 0;
	if (cull && ((p->cull == VGC_PA_CULL_CW && area > 0) ||
		     (p->cull == VGC_PA_CULL_CCW && area < 0))) {
		c->stats.triangles_culled++;
		return false;
	}
	tri->v[0] = *a;
	if (area > 0) {
		tri->v[1] = *b;
		tri->v[2] = *d;
	} else {
		tri->v[1] = *d;
		tri->v[2] = *b;
		area = -area;
	}
	tri->area = area;
	if (cull)
		polygon_offset(p, tri);
	minx = min3_s64(a->x, b->x, d->x);
	maxx = max3_s64(a->x, b->x, d->x);
	miny = min3_s64(a->y, b->y, d->y);
	maxy = max3_s64(a->y, b->y, d->y);
	/* pixels whose sample (x * VGC_3D_SUB + off) lies in the box */
	tri->x0 = clamp32(floor_sub(minx - off + VGC_3D_SUB - 1), p->sc[0],
			  p->sc[2]);
	tri->x1 = clamp32(floor_sub(maxx - off) + 1, p->sc[0], p->sc[2]);
	tri->y0 = clamp32(floor_sub(miny - off + VGC_3D_SUB - 1), p->sc[1],
			  p->sc[3]);
	tri->y1 = clamp32(floor_sub(maxy - off) + 1, p->sc[1], p->sc[3]);
	if (tri->x0 >= tri->x1 || tri->y0 >= tri->y1)
		return false;
	tri->qx = tri->x0 & ~1;
	tri->qy = tri->y0 & ~1;
	memcpy(tri->flat, p->flatv, sizeof(tri->flat));
	setup_steps(tri, p->nvar, off);
	row_span(tri);
	c->stats.triangles_3d++;
	return true;
}

/* Shade and write the quad at (qx, qy) of p->tri; returns work done. */
static long raster_quad(struct vgc_core *c, s32 qx, s32 qy,
			struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_tri *tri = &p->tri;
	const struct vgc_3d_wvtx *v = tri->v;
	s64 off = p->half ? VGC_3D_SUB / 2 : 0, px, py, e0, e[4][3];
	unsigned int live = 0, i, k, n, r, r0, r1, cols, rows;
	u32 fx[2], fy[2];
	float b[3][4], p1[4], p2[4], iw[4], z[4];
	struct vgc_sh_env env;
	u64 insns;

	/* the pixels in the box; the edge functions, linear in x and y */
	cols = (qx >= tri->x0 && qx < tri->x1) |
	       (qx + 1 >= tri->x0 && qx + 1 < tri->x1) << 1;
	rows = (qy >= tri->y0 && qy < tri->y1) |
	       (qy + 1 >= tri->y0 && qy + 1 < tri->y1) << 1;
	for (k = 0; k < 3; k++) {
		e0 = tri->e00[k] + qx * tri->dx[k] + qy * tri->dy[k];
		/* no pixel of the quad passes this edge: none is covered */
		if (e0 + tri->emax[k] <= 0) {
			c->stats.ra_quads++;
			return 1;
		}
		e[0][k] = e0;
		e[1][k] = e0 + tri->dx[k];
		e[2][k] = e0 + tri->dy[k];
		e[3][k] = e0 + tri->dx[k] + tri->dy[k];
	}
	/* e > 0, or e == 0 on a top or left edge: a pixel without a branch */
	for (i = 0; i < 4; i++)
		live |= (unsigned int)((e[i][0] + tri->tl[0] > 0) &
				       (e[i][1] + tri->tl[1] > 0) &
				       (e[i][2] + tri->tl[2] > 0)) << i;
	/* and in the box: pixel i is column i & 1, row i >> 1 */
	live &= (cols * (rows & 1)) | (cols * (rows >> 1)) << 2;
	c->stats.ra_quads++;
	if (!live)
		return 1;
	/*
	 * Every thread of a quad with a covered pixel gets its inputs,
	 * helpers too: z linear on the screen, the varyings with the
	 * perspective-correct weights (each screen weight over its vertex's
	 * w, normalised). Each step for the four threads at once (the same
	 * operations as one by one, which the compiler may pack).
	 */
	for (k = 0; k < 3; k++) {
		float f0 = e[0][k], f1 = e[1][k], f2 = e[2][k], f3 = e[3][k];

		b[k][0] = f0 / tri->farea;
		b[k][1] = f1 / tri->farea;
		b[k][2] = f2 / tri->farea;
		b[k][3] = f3 / tri->farea;
	}
	for (i = 0; i < 4; i++) {
		z[i] = lerp3(v[0].z, tri->dz[0], tri->dz[1], b[1][i], b[2][i]);
		iw[i] = b[0][i] * v[0].iw + b[1][i] * v[1].iw +
			b[2][i] * v[2].iw;
	}
	for (i = 0; i < 4; i++) {
		p1[i] = b[1][i] * v[1].iw / iw[i];
		p2[i] = b[2][i] * v[2].iw / iw[i];
	}
	/* the pixel centres of the quad's two columns and two rows */
	for (k = 0; k < 2; k++) {
		px = (s64)(qx + k) * VGC_3D_SUB + off;
		py = (s64)(qy + k) * VGC_3D_SUB + off;
		fx[k] = vgc_f2u((float)px / VGC_3D_SUB);
		fy[k] = vgc_f2u((float)py / VGC_3D_SUB);
	}
	r0 = p->nvar + 1;
	r1 = p->ps_temps;
	for (i = 0; i < 4; i++) {
		struct vgc_sh_regs *t = &p->t[i];

		/* t0 and the varyings are written whole: zero the rest */
		for (r = r0; r < r1; r++)
			__builtin_memset(t->t[r], 0, sizeof(t->t[r]));
		t->t[0][0] = fx[i & 1];
		t->t[0][1] = fy[i >> 1];
		t->t[0][2] = vgc_f2u(z[i]);
		t->t[0][3] = vgc_f2u(iw[i]);
	}
	for (n = 0; n < p->nvar; n++) {
		float v0[4], d1[4], d2[4], o[4];

		if (p->flat_var & BIT(n)) {
			for (i = 0; i < 4; i++)
				for (k = 0; k < 4; k++)
					p->t[i].t[n + 1][k] =
						vgc_f2u(tri->flat[n][k]);
			continue;
		}
		/*
		 * local copies, which no register write can alias: the four
		 * components of a thread one packed step
		 */
		memcpy(v0, v[0].var[n], sizeof(v0));
		memcpy(d1, tri->dvar[0][n], sizeof(d1));
		memcpy(d2, tri->dvar[1][n], sizeof(d2));
		for (i = 0; i < 4; i++) {
			for (k = 0; k < 4; k++)
				o[k] = lerp3(v0[k], d1[k], d2[k], p1[i],
					     p2[i]);
			memcpy(p->t[i].t[n + 1], o, sizeof(o));
		}
	}
	c->stats.ra_quads_live++;
	c->stats.ra_pixels += (live & 1) + (live >> 1 & 1) + (live >> 2 & 1) +
			      (live >> 3 & 1);
	vgc_3d_env(tx, &env, tri->front);
	insns = c->stats.sh_insns;
	vgc_sh_run_ps(c, &p->ps, p->t, &live, &env);
	c->stats.sh_ps_insns += c->stats.sh_insns - insns;
	c->stats.pixels_shaded += 4;
	if (live)
		vgc_pe_quad(c, qx, qy, live, tri->front);
	return 4 + (long)(c->stats.sh_insns - insns);
}

void vgc_3d_raster(struct vgc_core *c, long *budget, struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_tri *t = &p->tri;
	long n;

	while (*budget > 0 && !p->abort) {
		if (t->qy >= t->y1) {
			p->raster = false;
			return;
		}
		if (t->qx >= t->qa && t->qx < t->qb) {
			*budget -= raster_quad(c, t->qx, t->qy, tx);
			t->qx += 2;
		} else {
			/*
			 * the quads before qa, or from qb on: each counted
			 * as raster_quad() counts it, a unit of work
			 */
			n = ((t->qx < t->qa ? t->qa : t->x1) - t->qx + 1) / 2;
			if (n > *budget)
				n = *budget;
			c->stats.ra_quads += n;
			*budget -= n;
			t->qx += 2 * n;
		}
		if (t->qx >= t->x1) {
			t->qx = t->x0 & ~1;
			t->qy += 2;
			row_span(t);
		}
	}
}
