// SPDX-License-Identifier: GPL-2.0-only
/*
 * Primitive assembly and clipping of the 3D pipeline
 * (sim/doc/3d-pipeline.md): the vertices of each primitive of the draw
 * (points, lines, strips, loops, triangles, fans), the provoking vertex
 * of flat varyings, clipping against near, far, w > 0 and a guard band,
 * the perspective divide and the viewport; lines and points become
 * screen-aligned quads of two triangles.
 */
#include "vgc.h"
#include "vgc_3d_stages.h"
#include "vgc_math.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

/* Signed distance of @v to clip plane @pl (inside >= 0). */
static float plane_dist(const struct vgc_3d *p, const struct vgc_3d_vtx *v,
			unsigned int pl)
{
	const float *q = v->pos;

	switch (pl) {
	case 0:	/* near */
		return p->glz ? q[2] + q[3] : q[2];
	case 1:	/* far */
		return q[3] - q[2];
	case 2:
		return q[3] - VGC_3D_W_MIN;
	case 3:
		return p->guard * q[3] - q[0];
	case 4:
		return p->guard * q[3] + q[0];
	case 5:
		return p->guard * q[3] - q[1];
	default:
		return p->guard * q[3] + q[1];
	}
}

static void lerp_vtx(struct vgc_3d_vtx *d, const struct vgc_3d_vtx *a,
		     const struct vgc_3d_vtx *b, float t, unsigned int nvar)
{
	unsigned int i, k;

	for (k = 0; k < 4; k++)
		d->pos[k] = a->pos[k] + t * (b->pos[k] - a->pos[k]);
	for (i = 0; i < nvar; i++)
		for (k = 0; k < 4; k++)
			d->var[i][k] = a->var[i][k] +
				       t * (b->var[i][k] - a->var[i][k]);
	d->psize = a->psize;
}

/*
 * Clip the polygon in p->poly (p->npoly vertices; 2 for a line) against
 * the 7 planes, in place.
 */
static void clip_poly(struct vgc_3d *p, bool line)
{
	unsigned int pl, i, n, m;
	float da, db;

	/* inside every plane (NaN is not): the planes would keep it as is */
	for (pl = 0; pl < 7; pl++)
		for (i = 0; i < p->npoly; i++)
			if (!(plane_dist(p, &p->poly[i], pl) >= 0))
				goto clip;
	if (p->npoly >= (line ? 2 : 3))
		return;
clip:
	for (pl = 0; pl < 7 && p->npoly; pl++) {
		n = p->npoly;
		m = 0;
		for (i = 0; i < n; i++) {
			const struct vgc_3d_vtx *a = &p->poly[i];
			const struct vgc_3d_vtx *b = &p->poly[(i + 1) % n];
			bool ina, inb;

			if (line && i == 1)
				break;
			da = plane_dist(p, a, pl);
			db = plane_dist(p, b, pl);
			ina = da >= 0;
			inb = db >= 0;
			if (ina && m < VGC_3D_POLY)
				p->tmp[m++] = *a;
			/*
			 * the crossing from the inside vertex, whichever way
			 * the edge runs: the two triangles that share an edge
			 * get the same point (no gap, no overlap)
			 */
			if (ina != inb && m < VGC_3D_POLY) {
				if (ina)
					lerp_vtx(&p->tmp[m++], a, b,
						 da / (da - db), p->nvar);
				else
					lerp_vtx(&p->tmp[m++], b, a,
						 db / (db - da), p->nvar);
			}
			if (line && db >= 0 && m < VGC_3D_POLY)
				p->tmp[m++] = *b;
		}
		if (line && m > 2) {
			/* a segment keeps its inside part: 2 vertices */
			p->tmp[1] = p->tmp[m - 1];
			m = 2;
		}
		if (line && m < 2)
			m = 0;
		memcpy(p->poly, p->tmp, m * sizeof(p->poly[0]));
		p->npoly = m;
	}
	if (!line && p->npoly < 3)
		p->npoly = 0;
}

/* Window coordinates of clip-space vertex @v. */
static void project(const struct vgc_3d *p, const struct vgc_3d_vtx *v,
		    struct vgc_3d_wvtx *w)
{
	float iw = 1.0f / v->pos[3], z = v->pos[2] * iw;
	unsigned int i, k;

	if (p->glz)
		z = (z + 1.0f) * 0.5f;
	w->x = vgc_round_s64(vgc_clampf(v->pos[0] * iw * p->vp[0] + p->vp[3],
					-VGC_3D_COORD_LIMIT,
					VGC_3D_COORD_LIMIT) * VGC_3D_SUB);
	w->y = vgc_round_s64(vgc_clampf(v->pos[1] * iw * p->vp[1] + p->vp[4],
					-VGC_3D_COORD_LIMIT,
					VGC_3D_COORD_LIMIT) * VGC_3D_SUB);
	w->z = z * p->vp[2] + p->vp[5];
	w->iw = iw;
	for (i = 0; i < p->nvar; i++)
		for (k = 0; k < 4; k++)
			w->var[i][k] = v->var[i][k];
}

static void set_flat(struct vgc_3d *p, const struct vgc_3d_vtx *pv)
{
	memcpy(p->flatv, pv->var, sizeof(p->flatv));
}

/*
 * Point sprites: with PA_CONFIG.POINT_SPRITE_ENABLE, two of the varyings'
 * components (counted one varying after the other, as many a varying as
 * its 4 bits of the NUM_COMPONENTS states give) take the point's
 * coordinate at the corners of its quad @q (top left, top right, bottom
 * right, bottom left on the screen): s 0 on the left, 1 on the right, t 0
 * at the top, 1 at the bottom (gl_PointCoord's upper left origin, GL ES
 * 2.0 3.3). Before HALTI5 GL_VARYING_COMPONENT_USE marks them
 * POINTCOORD_X / _Y (2 bits a component) over
 * GL_VARYING_NUM_COMPONENTS(2); on HALTI5 GL_HALTI5_SH_SPECIALS.
 * PS_PCOORD_IN names the first (s; t the next, 0x7f none) over
 * PA_VARYING_NUM_COMPONENTS (Mesa 22.3 etna_link_shader(): the pre-HALTI5
 * states are no longer loaded there).
 */
static unsigned int pcoord_use(struct vgc_core *c, unsigned int comp)
{
	u32 first;

	if (vgc_caps(c)->halti < 5)
		return (REG(c, VGC_GL_VARYING_COMPONENT_USE(comp / 16)) >>
			(2 * (comp % 16))) & 3;
	first = VGC_SH_PS_PCOORD_IN(REG(c, VGC_GL_HALTI5_SH_SPECIALS));
	if (comp == first)
		return VGC_VARYING_POINTCOORD_X;
	if (comp == first + 1)
		return VGC_VARYING_POINTCOORD_Y;
	return 0;
}

static void point_coord(struct vgc_core *c, struct vgc_3d_wvtx q[4])
{
	static const float st[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 },
					{ 0, 1 } };
	const struct vgc_3d *p = &c->p3d;
	bool halti5 = vgc_caps(c)->halti >= 5;
	unsigned int n, k, comp = 0, num, use, i;
	u32 nc;

	if (!(REG(c, VGC_PA_CONFIG) & VGC_PA_POINT_SPRITE_ENABLE))
		return;
	for (n = 0; n < p->nvar && n < 16 && comp < 32; n++) {
		if (halti5)
			nc = REG(c, VGC_PA_VARYING_NUM_COMPONENTS(n / 8));
		else
			nc = REG(c, n < 8 ? VGC_GL_VARYING_NUM_COMPONENTS :
					    VGC_GL_VARYING_NUM_COMPONENTS2);
		num = (nc >> (4 * (n % 8))) & 7;
		for (k = 0; k < num && k < 4 && comp < 32; k++, comp++) {
			use = pcoord_use(c, comp);
			if (use != VGC_VARYING_POINTCOORD_X &&
			    use != VGC_VARYING_POINTCOORD_Y)
				continue;
			for (i = 0; i < 4; i++)
				q[i].var[n][k] =
					st[i][use == VGC_VARYING_POINTCOORD_Y];
		}
	}
}

/*
 * A screen-aligned quad from window vertex @a to @b (a line of width
 * @wd pixels; a point when a == b, @wd its size) in p->tri / p->tri2.
 */
static void quad_prim(struct vgc_core *c, const struct vgc_3d_wvtx *a,
		      const struct vgc_3d_wvtx *b, float wd, bool point)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_wvtx q[4];
	s64 h = vgc_round_s64(wd * 0.5f * VGC_3D_SUB);
	s64 dx = b->x - a->x, dy = b->y - a->y;
	bool xmajor = (dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy);

	if (h < 1)
		h = 1;
	q[0] = *a;
	q[1] = *b;
	q[2] = *b;
	q[3] = *a;
	if (point) {
		q[0].x -= h; q[0].y -= h;
		q[1].x += h; q[1].y -= h;
		q[2].x += h; q[2].y += h;
		q[3].x -= h; q[3].y += h;
		point_coord(c, q);
	} else if (xmajor) {
		q[0].y -= h; q[1].y -= h;
		q[2].y += h; q[3].y += h;
	} else {
		q[0].x -= h; q[1].x -= h;
		q[2].x += h; q[3].x += h;
	}
	p->line_quad = vgc_3d_setup_tri(c, &p->tri2, &q[0], &q[2], &q[3],
					false);
	p->raster = vgc_3d_setup_tri(c, &p->tri, &q[0], &q[1], &q[2], false);
	if (!p->raster && p->line_quad) {
		p->tri = p->tri2;
		p->raster = true;
		p->line_quad = false;
	}
}

void vgc_3d_assemble(struct vgc_core *c, long *budget, struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_vtx *v[3];
	const u32 lw = VGC_PA_LINE_WIDTH;
	u32 i = p->prim, ix[3], n, k, pv;
	bool last = REG(c, VGC_PA_SYSTEM_MODE) & VGC_PA_PROVOKING_LAST;

	switch (p->type) {
	case VGC_PRIM_POINTS:
		n = 1;
		ix[0] = i;
		break;
	case VGC_PRIM_LINES:
		n = 2;
		ix[0] = 2 * i;
		ix[1] = 2 * i + 1;
		break;
	case VGC_PRIM_LINE_STRIP:
		n = 2;
		ix[0] = i;
		ix[1] = i + 1;
		break;
	case VGC_PRIM_LINE_LOOP:
		n = 2;
		ix[0] = i;
		ix[1] = i + 1 >= p->verts ? 0 : i + 1;
		break;
	case VGC_PRIM_TRIANGLES:
		n = 3;
		ix[0] = 3 * i;
		ix[1] = 3 * i + 1;
		ix[2] = 3 * i + 2;
		break;
	case VGC_PRIM_TRIANGLE_STRIP:
		/* odd triangles swap their first two: the winding holds */
		n = 3;
		ix[0] = i + (i & 1);
		ix[1] = i + !(i & 1);
		ix[2] = i + 2;
		break;
	case VGC_PRIM_TRIANGLE_FAN:
		n = 3;
		ix[0] = 0;
		ix[1] = i + 1;
		ix[2] = i + 2;
		break;
	default:
		vgc_3d_unsupported(c);
		return;
	}
	for (k = 0; k < n; k++) {
		v[k] = vgc_3d_vertex(c, ix[k], budget, tx);
		if (!v[k])
			return;	/* restart index, or the draw aborts */
		p->poly[k] = *v[k];
	}
	c->stats.primitives_3d++;
	pv = last ? n - 1 : p->type == VGC_PRIM_TRIANGLE_FAN ? 1 : 0;
	set_flat(p, &p->poly[pv]);
	p->fan = 1;
	p->npoly = 0;

	if (n == 1) {
		struct vgc_3d_wvtx w;
		float sz = REG(c, VGC_PA_CONFIG) & VGC_PA_POINT_SIZE_ENABLE ?
			   p->poly[0].psize :
			   2 * vgc_3d_regf(c, VGC_PA_POINT_SIZE);

		for (k = 0; k < 7; k++)
			if (!(plane_dist(p, &p->poly[0], k) >= 0))
				return;
		project(p, &p->poly[0], &w);
		quad_prim(c, &w, &w, vgc_clampf(sz, 1.0f, 8192.0f), true);
		return;
	}
	for (k = 0; k < n; k++)
		for (i = 0; i < 4; i++)
			if (!vgc_3d_finite(p->poly[k].pos[i]))
				return;
	p->npoly = n;
	clip_poly(p, n == 2);
	for (k = 0; k < p->npoly; k++)
		project(p, &p->poly[k], &p->pw[k]);
	if (n == 2) {
		if (p->npoly == 2)
			quad_prim(c, &p->pw[0], &p->pw[1],
				  vgc_clampf(2 * vgc_3d_regf(c, lw), 1.0f,
					     8192.0f), false);
		p->npoly = 0;
	}
}
