// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 3D draw pipeline of the GC880, GC2000 and GC3000 as Mesa 22.3's
 * etnaviv programs it. What is modelled, the public sources of each fact
 * (etna_viv rnndb state_3d.xml, cmdstream.xml and doc/hardware.md; Mesa
 * 22.3 src/gallium/drivers/etnaviv/) and every rule the model had to
 * choose are in sim/doc/3d-pipeline.md. In short:
 *
 *  - vertex fetch: VS_INPUT_COUNT elements FE_VERTEX_ELEMENT_CONFIG[i]
 *    from the vertex streams (FE_VERTEX_STREAMS_* on cores with more than
 *    one stream, else FE_VERTEX_STREAM_*), indices from the index stream,
 *    all through the FE client of the MMU;
 *  - the vertex shader per vertex (sim/vgc_sh.c), a small vertex cache;
 *  - primitive assembly, clipping against near, far, w > 0 and a guard
 *    band, the perspective divide and the viewport, culling;
 *  - rasterisation of triangles (lines and points as screen-space quads)
 *    with 8 subpixel bits and the top-left fill rule, the scissor, in 2x2
 *    quads; perspective-correct or flat varyings; the pixel shader;
 *  - the pixel engine: alpha test, stencil, depth, blending, the colour
 *    mask, the render-target formats and layouts, the tile status (a
 *    cleared 64-byte block reads as the clear value; the first write to
 *    it fills it in memory and marks its entry 0);
 *  - bounded work per vgc_fe_run(): the FE blocks on the draw.
 */
#include "vgc.h"
#include "vgc_tx.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

#define SUB		(1 << VGC_3D_SUBPIX)	/* subpixels per pixel */
#define GUARD_PX	16384.0f	/* guard band half-width, pixels */
#define W_MIN		1e-7f		/* smallest clip w drawn */
#define TS_BLOCK	64		/* surface bytes one TS entry covers */

static float regf(const struct vgc_core *c, u32 off)
{
	return vgc_sh_u2f(REG(c, off));
}

static float absf(float f)
{
	return f < 0 ? -f : f;
}

static float clampf(float f, float lo, float hi)
{
	if (!(f >= lo))		/* NaN too */
		return lo;
	return f > hi ? hi : f;
}

/* Round to nearest, for |f| well inside the s64 range. */
static s64 round_s64(float f)
{
	return (s64)(f < 0 ? f - 0.5f : f + 0.5f);
}

/* The smallest integer >= @f, for @f in [-2^30, 2^30]. */
static s32 ceil32(float f)
{
	s32 i = (s32)f;

	return (float)i < f ? i + 1 : i;
}

static bool finite_ok(float f)
{
	return f > -1e30f && f < 1e30f;
}

/* IEEE half to single, without a conversion instruction. */
static float half_to_float(u16 h)
{
	u32 s = (u32)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;

	if (e == 0x1f)
		return vgc_sh_u2f(s | 0x7f800000u | m << 13);
	if (!e) {
		if (!m)
			return vgc_sh_u2f(s);
		/* subnormal: m * 2^-24 */
		return (s ? -1.0f : 1.0f) * (float)m * (1.0f / 16777216.0f);
	}
	return vgc_sh_u2f(s | (e + 112) << 23 | m << 13);
}

static bool core_single_buffer(const struct vgc_core *c)
{
	return c->id->minor[4] & VGC_MINOR4_SINGLE_BUFFER;
}

static unsigned int core_pipes(const struct vgc_core *c)
{
	unsigned int n = VGC_SPECS_PIXEL_PIPES(c->id->specs[0]);

	return n ? n : 1;
}

/*
 * The per-pipe address states: cores with HALTI0 other than the GC880
 * (Mesa 22.3 etnaviv_emit.c loads PE_PIPE_*_ADDR there, PE_*_ADDR
 * elsewhere).
 */
static bool core_pipe_addrs(const struct vgc_core *c)
{
	return (c->id->minor[1] & VGC_MINOR1_HALTI0) && c->id->model != 0x880;
}

/* ---- vertex fetch ---- */

/* Bytes of one component of an FE_DATA_TYPE; 0 if the model has none. */
static unsigned int type_size(unsigned int t)
{
	switch (t) {
	case VGC_FE_DT_BYTE:
	case VGC_FE_DT_UNSIGNED_BYTE:
		return 1;
	case VGC_FE_DT_SHORT:
	case VGC_FE_DT_UNSIGNED_SHORT:
	case VGC_FE_DT_HALF_FLOAT:
		return 2;
	case VGC_FE_DT_INT:
	case VGC_FE_DT_UNSIGNED_INT:
	case VGC_FE_DT_FLOAT:
	case VGC_FE_DT_FIXED:
		return 4;
	}
	return 0;
}

/* One component (little-endian bytes at @p) as the shader receives it. */
static float comp_value(const u8 *p, unsigned int t, bool norm)
{
	u32 u = p[0];

	if (type_size(t) >= 2)
		u |= (u32)p[1] << 8;
	if (type_size(t) == 4)
		u |= (u32)p[2] << 16 | (u32)p[3] << 24;
	switch (t) {
	case VGC_FE_DT_BYTE:
		return norm ? clampf((float)(s32)(signed char)u / 127.0f,
				     -1.0f, 1.0f) : (float)(signed char)u;
	case VGC_FE_DT_UNSIGNED_BYTE:
		return norm ? (float)u / 255.0f : (float)u;
	case VGC_FE_DT_SHORT:
		return norm ? clampf((float)(s16)u / 32767.0f, -1.0f, 1.0f) :
			      (float)(s16)u;
	case VGC_FE_DT_UNSIGNED_SHORT:
		return norm ? (float)u / 65535.0f : (float)u;
	case VGC_FE_DT_INT:
		return norm ? clampf((float)(s32)u / 2147483647.0f, -1.0f,
				     1.0f) : (float)(s32)u;
	case VGC_FE_DT_UNSIGNED_INT:
		return norm ? (float)u / 4294967295.0f : (float)u;
	case VGC_FE_DT_FLOAT:
		return vgc_sh_u2f(u);
	case VGC_FE_DT_HALF_FLOAT:
		return half_to_float(u);
	case VGC_FE_DT_FIXED:
		return (float)(s32)u / 65536.0f;
	}
	return 0;
}

/* Fetch the attributes of vertex @idx into @t; false if unsupported. */
static int fetch_attribs(struct vgc_core *c, u32 idx, u32 inst,
			 struct vgc_sh_regs *t)
{
	const struct vgc_sh_prog *vs = &c->p3d.vs;
	bool ids = REG(c, VGC_VS_INPUT_COUNT) & VGC_VS_INPUT_COUNT_ID_ENABLE;
	bool multi = VGC_SPECS_STREAM_COUNT(c->id->specs[0]) > 1;
	bool nfe = c->id->minor[4] & VGC_MINOR4_HALTI2;
	unsigned int n = vs->num_inputs, e, k, sz, num, type;
	u32 cfg, base, ctl, addr;
	u8 buf[16];

	if (ids && n)
		n--;
	for (e = 0; e < n && e < VGC_FE_VERTEX_ELEMENTS; e++) {
		cfg = REG(c, VGC_FE_VERTEX_ELEMENT_CONFIG(e));
		type = VGC_FE_VE_TYPE(cfg);
		sz = type_size(type);
		if (!sz)
			return -1;
		num = VGC_FE_VE_NUM(cfg);
		if (!num)
			num = 4;
		if (nfe) {
			base = REG(c, VGC_NFE_VERTEX_STREAMS_BASE_ADDR(
					VGC_FE_VE_STREAM(cfg)));
			ctl = REG(c, VGC_NFE_VERTEX_STREAMS_CONTROL(
					VGC_FE_VE_STREAM(cfg)));
		} else if (multi) {
			base = REG(c, VGC_FE_VERTEX_STREAMS_BASE_ADDR(
					VGC_FE_VE_STREAM(cfg)));
			ctl = REG(c, VGC_FE_VERTEX_STREAMS_CONTROL(
					VGC_FE_VE_STREAM(cfg)));
		} else {
			base = REG(c, VGC_FE_VERTEX_STREAM_BASE_ADDR);
			ctl = REG(c, VGC_FE_VERTEX_STREAM_CONTROL);
		}
		addr = base + idx * VGC_FE_VS_STRIDE(ctl) + VGC_FE_VE_START(cfg);
		if (vgc_dma_read(c, VGC_CLIENT_FE, addr, buf, num * sz)) {
			c->p3d.abort = true;
			return 0;
		}
		for (k = 0; k < 4; k++) {
			float v = k < num ? comp_value(buf + k * sz, type,
				VGC_FE_VE_NORMALIZE(cfg) == VGC_FE_NORM_ON) :
				k == 3 ? 1.0f : 0.0f;

			vgc_sh_setf(t, vs->input_reg[e] % VGC_SH_TEMPS, k, v);
		}
	}
	if (ids && vs->num_inputs) {
		k = vs->input_reg[vs->num_inputs - 1] % VGC_SH_TEMPS;
		t->t[k][0] = idx;
		t->t[k][1] = inst;
	}
	return 0;
}

/* The index of the draw's vertex @i; false when it is the restart index. */
static bool vertex_index(struct vgc_core *c, u32 i, u32 *idx)
{
	struct vgc_3d *p = &c->p3d;
	u32 ctl = REG(c, VGC_FE_INDEX_STREAM_CONTROL), v = 0;
	unsigned int sz;

	if (!p->indexed) {
		*idx = p->first + i;
		return true;
	}
	switch (VGC_FE_INDEX_TYPE(ctl)) {
	case VGC_FE_IT_UNSIGNED_CHAR:
		sz = 1;
		break;
	case VGC_FE_IT_UNSIGNED_SHORT:
		sz = 2;
		break;
	default:
		sz = 4;
		break;
	}
	if (vgc_dma_read(c, VGC_CLIENT_FE, REG(c, VGC_FE_INDEX_STREAM_BASE_ADDR)
			 + (p->first + i) * sz, &v, sz)) {
		p->abort = true;
		return false;
	}
	/* little-endian host or not, the bytes are the index's */
	v = ((u8 *)&v)[0] | (sz > 1 ? ((u8 *)&v)[1] << 8 : 0) |
	    (sz > 2 ? (u32)((u8 *)&v)[2] << 16 | (u32)((u8 *)&v)[3] << 24 : 0);
	if ((ctl & VGC_FE_INDEX_RESTART) &&
	    v == REG(c, VGC_FE_PRIMITIVE_RESTART_INDEX))
		return false;
	*idx = v + p->bias;
	return true;
}

/* The rest of the draw is something the model does not draw. */
static void unsupported(struct vgc_core *c)
{
	c->stats.draws_unsupported++;
	c->p3d.abort = true;
	c->p3d.unsupported = true;
}

/*
 * A shader's environment: the texture engine, through @tx (the samplers
 * decoded once for this run of the engine: vgc_3d_run()).
 */
static void env_init(struct vgc_tx_cache *tx, struct vgc_sh_env *env,
		     bool front)
{
	memset(env, 0, sizeof(*env));
	env->sample = vgc_tx_sample_cached;	/* the texture engine */
	env->sample_quad = vgc_tx_sample_quad;	/* a quad's lookups at once */
	env->ctx = tx;
	env->front_face = front;
}

/*
 * The shaded vertex @i of the draw (through the vertex cache); NULL when
 * the index is the restart index or a fetch failed.
 */
static const struct vgc_3d_vtx *get_vertex(struct vgc_core *c, u32 i,
					   long *budget, struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_sh_regs *t = &p->t[0];
	struct vgc_3d_vtx *v;
	struct vgc_sh_env env;
	unsigned int k, o;
	u64 insns;
	u32 idx;

	if (!vertex_index(c, i, &idx))
		return NULL;
	for (k = 0; k < VGC_3D_VCACHE; k++)
		if (p->vc_ok[k] && p->vc_idx[k] == idx &&
		    p->vc_inst[k] == p->instance)
			return &p->vc[k];
	memset(t, 0, p->vs_temps * sizeof(t->t[0]));
	if (fetch_attribs(c, idx, p->instance, t)) {
		unsupported(c);
		return NULL;
	}
	if (p->abort)
		return NULL;
	env_init(tx, &env, true);
	insns = c->stats.sh_insns;
	vgc_sh_run_vs(c, &p->vs, t, &env);
	c->stats.sh_vs_insns += c->stats.sh_insns - insns;
	*budget -= 1 + (long)(c->stats.sh_insns - insns);
	c->stats.vertices_3d++;

	k = p->vc_next;
	p->vc_next = (k + 1) % VGC_3D_VCACHE;
	v = &p->vc[k];
	p->vc_ok[k] = true;
	p->vc_idx[k] = idx;
	p->vc_inst[k] = p->instance;
	for (o = 0; o < 4; o++)
		v->pos[o] = vgc_sh_getf(t, p->vs.output_reg[0] % VGC_SH_TEMPS, o);
	for (k = 0; k < VGC_3D_VARYINGS; k++)
		for (o = 0; o < 4; o++)
			v->var[k][o] = k + 1 < p->vs.num_outputs ?
				vgc_sh_getf(t, p->vs.output_reg[k + 1] %
					    VGC_SH_TEMPS, o) : 0.0f;
	v->psize = p->vs.num_outputs > 1 ?
		vgc_sh_getf(t, p->vs.output_reg[p->vs.num_outputs - 1] %
			    VGC_SH_TEMPS, 0) : 1.0f;
	return v;
}

/* ---- clipping, projection ---- */

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
		return q[3] - W_MIN;
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

			if (line && i == 1)
				break;
			da = plane_dist(p, a, pl);
			db = plane_dist(p, b, pl);
			if (da >= 0 && m < VGC_3D_POLY)
				p->tmp[m++] = *a;
			if ((da >= 0) != (db >= 0) && m < VGC_3D_POLY)
				lerp_vtx(&p->tmp[m++], a, b, da / (da - db),
					 p->nvar);
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
	w->x = round_s64((v->pos[0] * iw * p->vp[0] + p->vp[3]) * SUB);
	w->y = round_s64((v->pos[1] * iw * p->vp[1] + p->vp[4]) * SUB);
	w->z = z * p->vp[2] + p->vp[5];
	w->iw = iw;
	for (i = 0; i < p->nvar; i++)
		for (k = 0; k < 4; k++)
			w->var[i][k] = v->var[i][k];
}

/* ---- setup ---- */

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

/* Floor division by SUB. */
static s64 floor_sub(s64 v)
{
	return v >= 0 ? v / SUB : -((-v + SUB - 1) / SUB);
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
		tri->dx[i] = -(b->y - a->y) * SUB;
		tri->dy[i] = (b->x - a->x) * SUB;
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
 * Set up @tri from three window vertices; false when nothing is drawn
 * (zero area, culled, outside the scissor).
 */
static bool setup_tri(struct vgc_core *c, struct vgc_3d_tri *tri,
		      const struct vgc_3d_wvtx *a, const struct vgc_3d_wvtx *b,
		      const struct vgc_3d_wvtx *d, bool cull)
{
	struct vgc_3d *p = &c->p3d;
	s64 area = edge(a, b, d->x, d->y), off = p->half ? SUB / 2 : 0;
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
	minx = min3_s64(a->x, b->x, d->x);
	maxx = max3_s64(a->x, b->x, d->x);
	miny = min3_s64(a->y, b->y, d->y);
	maxy = max3_s64(a->y, b->y, d->y);
	/* pixels whose sample (x SUB + off) lies in the box */
	tri->x0 = clamp32(floor_sub(minx - off + SUB - 1), p->sc[0], p->sc[2]);
	tri->x1 = clamp32(floor_sub(maxx - off) + 1, p->sc[0], p->sc[2]);
	tri->y0 = clamp32(floor_sub(miny - off + SUB - 1), p->sc[1], p->sc[3]);
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

/* ---- the pixel engine ---- */

/*
 * GPU address of the 4x4 tile of @s holding pixel (x, y) (tiles,
 * supertiles, halves): a quad's four pixels share it.
 */
static u32 surf_tile(const struct vgc_3d_surf *s, u32 x, u32 y)
{
	u32 tx = x >> 2, ty = y >> 2, tb = 16 * s->bpp, trow = 4 * s->stride;
	u32 h = 0, lx, ly, sx, sy;

	if (s->multi) {
		if (s->super) {
			/* 64x128 blocks: one supertile of each half */
			lx = tx & 15;
			ly = ty & 31;
			h = ((lx >> 1) ^ ly) & 1;
			sx = (tx & ~15u) | (lx & ~2u) | (ly & 1) << 1;
			sy = (ty >> 5) * 16 + (ly >> 1);
			tx = sx;
			ty = sy;
		} else {
			/* a checkerboard of tiles; each half every other row */
			h = (tx ^ ty) & 1;
			tx ^= h;
			ty >>= 1;
		}
	}
	if (s->super) {
		u32 st = tx & 15, su = ty & 15;

		return s->base[h] + (ty >> 4) * 16 * trow + (tx >> 4) * 256 * tb +
		       ((st & 1) | (st >> 1) << 3 | (su & 3) << 1 |
			(su >> 2) << 6) * tb;
	}
	return s->base[h] + ty * trow + tx * tb;
}

/* surf_tile() of a tile other than the last, which it becomes. */
static noinline u32 surf_tile_new(struct vgc_3d_surf *s, u32 x, u32 y)
{
	s->last_ok = true;
	s->hit_ok = false;
	s->last_tx = x >> 2;
	s->last_ty = y >> 2;
	s->last = surf_tile(s, x, y);
	return s->last;
}

/*
 * surf_tile() of the tile last asked for again: the quad after a quad
 * often lies in the same tile. surf_init() empties it with each draw.
 */
static inline u32 surf_tile_again(struct vgc_3d_surf *s, u32 x, u32 y)
{
	if (!s->last_ok || s->last_tx != x >> 2 || s->last_ty != y >> 2)
		return surf_tile_new(s, x, y);
	return s->last;
}

/* Offset of pixel (x, y) of @s in its tile. */
static u32 tile_off(const struct vgc_3d_surf *s, u32 x, u32 y)
{
	return ((y & 3) * 4 + (x & 3)) * s->bpp;
}

/* The TS entry of the block holding @addr: the byte at @byte, at @shift. */
static inline void ts_entry(const struct vgc_3d_surf *s, u32 addr, u32 *byte,
			    unsigned int *shift)
{
	u32 n = (addr - s->ts_surface) / TS_BLOCK * s->ts_bits;

	*byte = s->ts_status + n / 8;
	*shift = n & 7;
}

/* The TS entry at @shift of byte @v says cleared (1). */
static inline bool ts_cleared(const struct vgc_3d_surf *s, u8 v,
			      unsigned int shift)
{
	return ((v >> shift) & ((1u << s->ts_bits) - 1)) == 1;
}

/* A read of @len bytes at @addr of a cleared block: the clear value's. */
static inline void ts_clear_read(const struct vgc_3d_surf *s, u32 addr,
				 u8 *buf, unsigned int len)
{
	unsigned int k;

	/* as in memory */
	for (k = 0; k < len; k++)
		buf[k] = s->ts_clear >> (8 * ((addr + k) & 3));
}

/*
 * The first write of @len bytes at @addr to a cleared block: the block
 * becomes memory again, the clear value with the pixel in it, and its TS
 * entry (@shift in the byte at @byte) 0.
 */
static noinline int ts_fill(struct vgc_core *c, const struct vgc_3d_surf *s,
			    enum vgc_client cl, u32 addr, const u8 *buf,
			    unsigned int len, u32 byte, unsigned int shift)
{
	u32 b0 = addr & ~(u32)(TS_BLOCK - 1);
	u8 blk[TS_BLOCK], cb[4], v;
	unsigned int k;

	/* the clear value's bytes of a word (b0 is word-aligned) */
	ts_clear_read(s, b0, cb, 4);
	for (k = 0; k < TS_BLOCK; k += 4)
		vgc_copy_small(blk + k, cb, 4);
	memcpy(blk + (addr - b0), buf, len);
	if (vgc_dma_write(c, cl, b0, blk, TS_BLOCK) ||
	    vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
		return -1;
	v &= ~(((1u << s->ts_bits) - 1) << shift);
	c->stats.ts_blocks_filled++;
	return vgc_dma_write(c, VGC_CLIENT_PE, byte, &v, 1);
}

/*
 * Read (@write false) or write @len bytes of a pixel at @addr; inline in
 * each caller, where @cl and @write are constants.
 */
static __always_inline int px_access(struct vgc_core *c,
				     const struct vgc_3d_surf *s,
				     enum vgc_client cl, u32 addr, u8 *buf,
				     unsigned int len, bool write)
{
	unsigned int shift;
	u32 byte;
	u8 v;

	/* a pixel is 2 or 4 bytes (surf_init()): its copies inline */
	len = len == 2 ? 2 : 4;
	if (s->ts && addr >= s->ts_surface) {
		ts_entry(s, addr, &byte, &shift);
		if (vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
			return -1;
		if (ts_cleared(s, v, shift)) {
			if (write)
				return ts_fill(c, s, cl, addr, buf, len, byte,
					       shift);
			ts_clear_read(s, addr, buf, len);
			return 0;
		}
	}
	return write ? vgc_dma_write(c, cl, addr, buf, len) :
		       vgc_dma_read(c, cl, addr, buf, len);
}

/*
 * What the read of a pixel saw, for a write of the same pixel right after
 * it: @hit, every read it made was a TLB hit; then @ts, it read a TS
 * entry (in the byte at @byte, at @shift) and @cleared, the entry said
 * cleared, else @px is the pixel in place.
 */
struct px_seen {
	bool hit, ts, cleared;
	u32 byte;
	unsigned int shift;
	u8 *px;
};

/*
 * Note in @s what the read of the pixel at @addr in its last tile saw
 * (@seen: every read a hit, the pixel in place; @tsb its TS byte) if it
 * holds for every pixel of the tile: one page, one TS entry or none.
 */
static __always_inline void px_note(struct vgc_core *c,
				    struct vgc_3d_surf *s, u32 addr,
				    const struct px_seen *seen, u8 *tsb)
{
	u32 end = s->last + 16 * s->bpp - 1;

	if (end < s->last || (s->last ^ end) >> VGC_PAGE_SHIFT)
		return;
	if (seen->ts ? s->last < s->ts_surface ||
		       (s->last - s->ts_surface) / TS_BLOCK !=
		       (end - s->ts_surface) / TS_BLOCK :
		       s->ts && end >= s->ts_surface)
		return;
	s->hit_ok = true;
	s->hit_gen = c->mmu1.gen;
	s->hit_ts = seen->ts;
	s->hit_byte = seen->byte;
	s->hit_shift = seen->shift;
	s->hit_tsb = tsb;
	s->hit_px = seen->px - (addr - s->last);
}

/*
 * px_access()'s read, that notes in @seen what it saw, of a pixel of
 * @s's last tile (surf_tile_again()): through the hits noted in @s when
 * no TLB changed since (the same hits, the same counts).
 */
static __always_inline int px_read(struct vgc_core *c,
				   struct vgc_3d_surf *s,
				   enum vgc_client cl, u32 addr, u8 *buf,
				   unsigned int len, struct px_seen *seen)
{
	u8 *h = NULL, v;

	len = len == 2 ? 2 : 4;
	if (s->hit_ok && s->hit_gen == c->mmu1.gen) {
		seen->hit = true;
		seen->ts = s->hit_ts;
		seen->cleared = false;
		seen->byte = s->hit_byte;
		seen->shift = s->hit_shift;
		seen->px = s->hit_px + (addr - s->last);
		if (s->hit_ts) {
			vgc_dma_count(c, s->hit_byte, 1, false);
			v = *s->hit_tsb;
			if (ts_cleared(s, v, s->hit_shift)) {
				seen->cleared = true;
				seen->px = NULL;
				ts_clear_read(s, addr, buf, len);
				return 0;
			}
		}
		vgc_dma_count(c, addr, len, false);
		vgc_copy_small(buf, seen->px, len);
		return 0;
	}
	seen->hit = true;
	seen->ts = s->ts && addr >= s->ts_surface;
	seen->cleared = false;
	seen->byte = 0;
	seen->shift = 0;
	seen->px = NULL;
	if (seen->ts) {
		ts_entry(s, addr, &seen->byte, &seen->shift);
		/* vgc_dma_read(), the hit noted */
		h = vgc_dma_hit(c, VGC_CLIENT_PE, seen->byte, 1);
		if (h) {
			vgc_dma_count(c, seen->byte, 1, false);
			v = *h;
		} else {
			seen->hit = false;
			if (vgc_dma(c, VGC_CLIENT_PE, seen->byte, &v, 1,
				    false))
				return -1;
		}
		if (ts_cleared(s, v, seen->shift)) {
			seen->cleared = true;
			ts_clear_read(s, addr, buf, len);
			return 0;
		}
	}
	seen->px = vgc_dma_hit(c, cl, addr, len);
	if (!seen->px) {
		seen->hit = false;
		return vgc_dma(c, cl, addr, buf, len, false);
	}
	vgc_dma_count(c, addr, len, false);
	vgc_copy_small(buf, seen->px, len);
	if (seen->hit)
		px_note(c, s, addr, seen, h);
	return 0;
}

/*
 * px_access()'s write of the pixel px_read() read into @seen, with
 * nothing between them that accesses memory, fills a TLB or injects a
 * bus error: when its reads were TLB hits, this write's are the same
 * hits of the same bytes (the TS byte has its value), and its own the
 * same lookup.
 */
static __always_inline int px_rewrite(struct vgc_core *c,
				      const struct vgc_3d_surf *s,
				      enum vgc_client cl, u32 addr,
				      const u8 *buf, unsigned int len,
				      const struct px_seen *seen)
{
	if (!seen->hit)
		return px_access(c, s, cl, addr, (u8 *)buf, len, true);
	len = len == 2 ? 2 : 4;
	if (seen->ts) {
		vgc_dma_count(c, seen->byte, 1, false);
		if (seen->cleared)
			return ts_fill(c, s, cl, addr, buf, len, seen->byte,
				       seen->shift);
	}
	vgc_dma_count(c, addr, len, true);
	vgc_copy_small(seen->px, buf, len);
	return 0;
}

static inline bool compare(unsigned int func, u32 a, u32 b)
{
	switch (func) {
	case VGC_CMP_NEVER:	return false;
	case VGC_CMP_LESS:	return a < b;
	case VGC_CMP_EQUAL:	return a == b;
	case VGC_CMP_LEQUAL:	return a <= b;
	case VGC_CMP_GREATER:	return a > b;
	case VGC_CMP_NOTEQUAL:	return a != b;
	case VGC_CMP_GEQUAL:	return a >= b;
	}
	return true;
}

static u8 stencil_op(unsigned int op, u8 s, u8 ref)
{
	switch (op) {
	case VGC_SOP_ZERO:	return 0;
	case VGC_SOP_REPLACE:	return ref;
	case VGC_SOP_INCR:
		return s == 255 ? 255 : s + 1;
	case VGC_SOP_DECR:
		return s ? s - 1 : 0;
	case VGC_SOP_INVERT:	return ~s;
	case VGC_SOP_INCR_WRAP:	return s + 1;
	case VGC_SOP_DECR_WRAP:	return s - 1;
	}
	return s;
}

/*
 * Stencil and depth of the pixel at @addr at window depth @z: false when
 * the pixel is discarded. Writes what the tests write.
 */
static bool depth_stencil(struct vgc_core *c, u32 addr, float z, bool front)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_pe *pe = &p->pe;
	u32 old = 0, val = 0, nv;
	bool d16 = p->depth.bpp == 2, pass;
	unsigned int f, op;
	u8 ref, mask, wmask;
	u8 s = 0, ns;
	u8 b[4] = { 0 };
	struct px_seen seen;

	if (!p->has_depth)
		return true;
	if (px_read(c, &p->depth, VGC_CLIENT_PEZ, addr, b, p->depth.bpp,
		    &seen)) {
		p->abort = true;
		return false;
	}
	old = b[0] | b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
	if (pe->depth_test)
		val = (u32)round_s64(clampf(z, 0.0f, 1.0f) * pe->depth_norm);
	if (!d16) {
		s = old & 0xff;
		old >>= 8;
	}
	pass = true;
	ns = s;
	if (pe->sten) {
		f = pe->two_sided && !front;	/* 1: back */
		ref = pe->ref[f];
		mask = pe->mask[f];
		wmask = pe->wmask[f];
		if (!compare(pe->sfunc[f], ref & mask, s & mask)) {
			pass = false;
			op = pe->sfail[f];
		} else if (pe->depth_test &&
			   !compare(pe->depth_func, val, old)) {
			pass = false;
			op = pe->dfail[f];
		} else {
			op = pe->spass[f];
		}
		ns = (s & ~wmask) | (stencil_op(op, s, ref) & wmask);
	} else if (pe->depth_test && !compare(pe->depth_func, val, old)) {
		pass = false;
	}
	nv = pass && pe->depth_write ? val : old;
	if (nv != old || ns != s) {
		nv = d16 ? nv : nv << 8 | ns;
		b[0] = nv;
		b[1] = nv >> 8;
		b[2] = nv >> 16;
		b[3] = nv >> 24;
		if (px_rewrite(c, &p->depth, VGC_CLIENT_PEZ, addr, b,
			       p->depth.bpp, &seen)) {
			p->abort = true;
			return false;
		}
	}
	return pass;
}

/* Widths and shifts of R, G, B, A of a PE colour format; false if none. */
static bool color_fmt(unsigned int f, u8 w[4], u8 sh[4], bool *has_a)
{
	static const struct { u8 w[4], sh[4]; bool a; } fmts[] = {
		[VGC_RS_FMT_X4R4G4B4] = { { 4, 4, 4, 4 }, { 8, 4, 0, 12 }, 0 },
		[VGC_RS_FMT_A4R4G4B4] = { { 4, 4, 4, 4 }, { 8, 4, 0, 12 }, 1 },
		[VGC_RS_FMT_X1R5G5B5] = { { 5, 5, 5, 1 }, { 10, 5, 0, 15 }, 0 },
		[VGC_RS_FMT_A1R5G5B5] = { { 5, 5, 5, 1 }, { 10, 5, 0, 15 }, 1 },
		[VGC_RS_FMT_R5G6B5] = { { 5, 6, 5, 0 }, { 11, 5, 0, 16 }, 0 },
		[VGC_RS_FMT_X8R8G8B8] = { { 8, 8, 8, 8 }, { 16, 8, 0, 24 }, 0 },
		[VGC_RS_FMT_A8R8G8B8] = { { 8, 8, 8, 8 }, { 16, 8, 0, 24 }, 1 },
	};

	if (f >= ARRAY_SIZE(fmts) || !fmts[f].w[0])
		return false;
	memcpy(w, fmts[f].w, 4);
	memcpy(sh, fmts[f].sh, 4);
	*has_a = fmts[f].a;
	return true;
}

/* Blend factor @f for channel @k (3: alpha) */
static float blend_factor(unsigned int f, unsigned int k, const float *s,
			  const float *d, const float *cc)
{
	switch (f) {
	case VGC_BF_ZERO:			return 0;
	case VGC_BF_ONE:			return 1;
	case VGC_BF_SRC_COLOR:			return s[k];
	case VGC_BF_ONE_MINUS_SRC_COLOR:	return 1 - s[k];
	case VGC_BF_SRC_ALPHA:			return s[3];
	case VGC_BF_ONE_MINUS_SRC_ALPHA:	return 1 - s[3];
	case VGC_BF_DST_ALPHA:			return d[3];
	case VGC_BF_ONE_MINUS_DST_ALPHA:	return 1 - d[3];
	case VGC_BF_DST_COLOR:			return d[k];
	case VGC_BF_ONE_MINUS_DST_COLOR:	return 1 - d[k];
	case VGC_BF_SRC_ALPHA_SATURATE:
		if (k == 3)
			return 1;
		return s[3] < 1 - d[3] ? s[3] : 1 - d[3];
	case VGC_BF_CONSTANT_ALPHA:		return cc[3];
	case VGC_BF_ONE_MINUS_CONSTANT_ALPHA:	return 1 - cc[3];
	case VGC_BF_CONSTANT_COLOR:		return cc[k];
	case VGC_BF_ONE_MINUS_CONSTANT_COLOR:	return 1 - cc[k];
	}
	return 0;
}

static float blend_eq(unsigned int eq, float s, float fs, float d, float fd)
{
	switch (eq) {
	case VGC_BEQ_SUBTRACT:		return s * fs - d * fd;
	case VGC_BEQ_REVERSE_SUBTRACT:	return d * fd - s * fs;
	case VGC_BEQ_MIN:
		return s < d ? s : d;
	case VGC_BEQ_MAX:
		return s > d ? s : d;
	}
	return s * fs + d * fd;
}

/* Colour @rgba of the render target's pixel at @addr. */
static void write_color(struct vgc_core *c, u32 addr, const float *rgba)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_pe *pe = &p->pe;
	const u8 *w = pe->w, *sh = pe->sh;
	u32 old = 0, nv, m;
	unsigned int k;
	float s[4], d[4], o[4];
	u8 b[4] = { 0 };
	struct px_seen seen;

	if (!pe->comps)
		return;
	if (!pe->fmt_ok) {
		unsupported(c);
		return;
	}
	if (px_read(c, &p->color, VGC_CLIENT_PE, addr, b, p->color.bpp,
		    &seen)) {
		p->abort = true;
		return;
	}
	old = b[0] | b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
	if (!pe->blend) {
		/* the pack clamps as the saturation would: no need of it */
		for (k = 0; k < 4; k++)
			o[k] = rgba[k];
		goto pack;	/* no destination, no constant */
	}
	for (k = 0; k < 4; k++)
		s[k] = pe->saturate ? clampf(rgba[k], 0, 1) : rgba[k];
	for (k = 0; k < 4; k++) {
		m = (1u << w[k]) - 1;
		d[k] = w[k] ? (float)((old >> sh[k]) & m) / (float)m : 1.0f;
		if (k == 3 && !pe->has_a)
			d[k] = 1.0f;
	}
	for (k = 0; k < 4; k++)
		o[k] = blend_eq(pe->eq[k], s[k],
				blend_factor(pe->src[k], k, s, d, pe->cc),
				d[k], blend_factor(pe->dst[k], k, s, d, pe->cc));
pack:
	/*
	 * Each written channel rounded to its bits (round_s64() of a value
	 * clamped to [0, fm], never negative); a channel that is not
	 * written has fm 0 and adds 0
	 */
	nv = old & pe->keep;
	for (k = 0; k < 4; k++)
		nv |= (u32)(clampf(o[k], 0, 1) * pe->fm[k] + 0.5f) << sh[k];
	b[0] = nv;
	b[1] = nv >> 8;
	b[2] = nv >> 16;
	b[3] = nv >> 24;
	if (px_rewrite(c, &p->color, VGC_CLIENT_PE, addr, b, p->color.bpp,
		       &seen)) {
		p->abort = true;
		return;
	}
	c->stats.pixels_written++;
}

/*
 * The pixel engine's states, decoded into p->pe for a run of the engine:
 * the FE executes nothing while a draw is in flight and the host's
 * register writes are serialised with the FE's runs (sim/uml's lock), so
 * none changes within a run.
 */
static void pe_init(struct vgc_core *c)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_pe *pe = &p->pe;
	u32 ao = REG(c, VGC_PE_ALPHA_OP), dc = REG(c, VGC_PE_DEPTH_CONFIG);
	u32 sc = REG(c, VGC_PE_STENCIL_CONFIG), so = REG(c, VGC_PE_STENCIL_OP);
	u32 ext = REG(c, VGC_PE_STENCIL_CONFIG_EXT);
	u32 ext2 = REG(c, VGC_PE_STENCIL_CONFIG_EXT2);
	u32 cf = REG(c, VGC_PE_COLOR_FORMAT), ac = REG(c, VGC_PE_ALPHA_CONFIG);
	u32 bc = REG(c, VGC_PE_ALPHA_BLEND_COLOR), m;
	unsigned int mode = VGC_PE_SC_MODE(sc), k;

	pe->alpha_test = ao & VGC_PE_ALPHA_TEST;
	pe->alpha_func = VGC_PE_ALPHA_FUNC(ao);
	pe->alpha_ref = VGC_PE_ALPHA_REF(ao);

	pe->depth_test = VGC_PE_DEPTH_MODE(dc) != VGC_PE_DEPTH_MODE_NONE;
	pe->depth_write = pe->depth_test && (dc & VGC_PE_DEPTH_WRITE);
	pe->depth_func = VGC_PE_DEPTH_FUNC(dc);
	pe->depth_norm = regf(c, VGC_PE_DEPTH_NORMALIZE);
	pe->sten = p->depth.bpp != 2 && mode != VGC_PE_STENCIL_DISABLED;
	pe->two_sided = mode == VGC_PE_STENCIL_TWO_SIDED;
	pe->ref[0] = VGC_PE_SC_REF_FRONT(sc);
	pe->ref[1] = VGC_PE_SC_REF_BACK(ext);
	pe->mask[0] = VGC_PE_SC_MASK_FRONT(sc);
	pe->mask[1] = VGC_PE_SC_MASK_BACK(ext2);
	pe->wmask[0] = VGC_PE_SC_WRITE_MASK(sc);
	pe->wmask[1] = VGC_PE_SC_WRITE_MASK_BACK(ext2);
	pe->sfunc[0] = VGC_PE_SOP_FUNC_FRONT(so);
	pe->sfunc[1] = VGC_PE_SOP_FUNC_BACK(so);
	pe->sfail[0] = VGC_PE_SOP_FAIL_FRONT(so);
	pe->sfail[1] = VGC_PE_SOP_FAIL_BACK(so);
	pe->dfail[0] = VGC_PE_SOP_DFAIL_FRONT(so);
	pe->dfail[1] = VGC_PE_SOP_DFAIL_BACK(so);
	pe->spass[0] = VGC_PE_SOP_PASS_FRONT(so);
	pe->spass[1] = VGC_PE_SOP_PASS_BACK(so);

	pe->comps = VGC_PE_CF_COMPONENTS(cf);
	pe->fmt_ok = color_fmt(VGC_PE_CF_FORMAT(cf), pe->w, pe->sh,
			       &pe->has_a);
	pe->keep = ~0u;
	for (k = 0; k < 4; k++) {
		pe->fm[k] = 0;
		if (!pe->fmt_ok || !pe->w[k] || !(pe->comps & BIT(k)))
			continue;
		m = (1u << pe->w[k]) - 1;
		pe->fm[k] = (float)m;
		pe->keep &= ~(m << pe->sh[k]);
	}
	pe->saturate = REG(c, VGC_PS_CONTROL) & VGC_PS_SATURATE_RT0;
	pe->blend = ac & VGC_PE_BLEND_ENABLE;
	for (k = 0; k < 4; k++) {
		if (k == 3 && (ac & VGC_PE_BLEND_SEPARATE)) {
			pe->src[k] = VGC_PE_BLEND_SRC_ALPHA(ac);
			pe->dst[k] = VGC_PE_BLEND_DST_ALPHA(ac);
			pe->eq[k] = VGC_PE_BLEND_EQ_ALPHA(ac);
		} else {
			pe->src[k] = VGC_PE_BLEND_SRC_COLOR(ac);
			pe->dst[k] = VGC_PE_BLEND_DST_COLOR(ac);
			pe->eq[k] = k == 3 ? VGC_PE_BLEND_EQ_ALPHA(ac) :
					     VGC_PE_BLEND_EQ_COLOR(ac);
		}
	}
	pe->cc[0] = VGC_BGRA8_R(bc) / 255.0f;
	pe->cc[1] = VGC_BGRA8_G(bc) / 255.0f;
	pe->cc[2] = VGC_BGRA8_B(bc) / 255.0f;
	pe->cc[3] = VGC_BGRA8_A(bc) / 255.0f;
}

/* ---- rasterisation ---- */

/* Shade and write the quad at (qx, qy) of p->tri; returns work done. */
static long raster_quad(struct vgc_core *c, s32 qx, s32 qy,
			struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_tri *tri = &p->tri;
	const struct vgc_3d_wvtx *v = tri->v;
	s64 off = p->half ? SUB / 2 : 0, px, py, e0, e[4][3];
	unsigned int live = 0, i, k, n, r, r0, r1, cols, rows;
	u32 fx[2], fy[2];
	float b[3][4], p1[4], p2[4], iw[4], z[4];
	struct vgc_sh_env env;
	u64 insns;
	s32 x, y;
	u32 dt = 0, ct = 0;

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
		px = (s64)(qx + k) * SUB + off;
		py = (s64)(qy + k) * SUB + off;
		fx[k] = vgc_sh_f2u((float)px / SUB);
		fy[k] = vgc_sh_f2u((float)py / SUB);
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
		t->t[0][2] = vgc_sh_f2u(z[i]);
		t->t[0][3] = vgc_sh_f2u(iw[i]);
	}
	for (n = 0; n < p->nvar; n++) {
		float v0[4], d1[4], d2[4], o[4];

		if (p->flat_var & BIT(n)) {
			for (i = 0; i < 4; i++)
				for (k = 0; k < 4; k++)
					p->t[i].t[n + 1][k] =
						vgc_sh_f2u(tri->flat[n][k]);
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
	env_init(tx, &env, tri->front);
	insns = c->stats.sh_insns;
	vgc_sh_run_ps(c, &p->ps, p->t, &live, &env);
	c->stats.sh_ps_insns += c->stats.sh_insns - insns;
	c->stats.pixels_shaded += 4;
	if (live) {
		dt = p->has_depth ? surf_tile_again(&p->depth, qx, qy) : 0;
		ct = p->pe.comps ? surf_tile_again(&p->color, qx, qy) : 0;
	}
	for (i = 0; i < 4 && !p->abort; i++) {
		float rgba[4];

		if (!(live & BIT(i)))
			continue;
		for (k = 0; k < 4; k++)
			rgba[k] = vgc_sh_getf(&p->t[i], p->ps.output_reg[0] %
					      VGC_SH_TEMPS, k);
		if (p->pe.alpha_test &&
		    !compare(p->pe.alpha_func,
			     (u32)round_s64(clampf(rgba[3], 0, 1) * 255.0f),
			     p->pe.alpha_ref)) {
			c->stats.pe_color_killed++;
			continue;
		}
		x = qx + (i & 1);
		y = qy + (i >> 1);
		/* the depth as the PS leaves it in t0.z (gl_FragDepth) */
		z[i] = vgc_sh_getf(&p->t[i], 0, 2);
		if (!depth_stencil(c, dt + tile_off(&p->depth, x, y), z[i],
				   tri->front)) {
			c->stats.pe_depth_killed++;
			continue;
		}
		c->stats.pe_depth_passed++;
		write_color(c, ct + tile_off(&p->color, x, y), rgba);
	}
	return 4 + (long)(c->stats.sh_insns - insns);
}

/* Visit quads of p->tri until the budget runs out or it is done. */
static void raster_step(struct vgc_core *c, long *budget,
			struct vgc_tx_cache *tx)
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

/* ---- primitives ---- */

static void set_flat(struct vgc_3d *p, const struct vgc_3d_vtx *pv)
{
	memcpy(p->flatv, pv->var, sizeof(p->flatv));
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
	s64 h = round_s64(wd * 0.5f * SUB), dx = b->x - a->x, dy = b->y - a->y;
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
	} else if (xmajor) {
		q[0].y -= h; q[1].y -= h;
		q[2].y += h; q[3].y += h;
	} else {
		q[0].x -= h; q[1].x -= h;
		q[2].x += h; q[3].x += h;
	}
	p->line_quad = setup_tri(c, &p->tri2, &q[0], &q[2], &q[3], false);
	p->raster = setup_tri(c, &p->tri, &q[0], &q[1], &q[2], false);
	if (!p->raster && p->line_quad) {
		p->tri = p->tri2;
		p->raster = true;
		p->line_quad = false;
	}
}

/* Fetch, shade, clip and project primitive p->prim. */
static void assemble(struct vgc_core *c, long *budget,
		     struct vgc_tx_cache *tx)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_vtx *v[3];
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
		unsupported(c);
		return;
	}
	for (k = 0; k < n; k++) {
		v[k] = get_vertex(c, ix[k], budget, tx);
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
			   p->poly[0].psize : 2 * regf(c, VGC_PA_POINT_SIZE);

		for (k = 0; k < 7; k++)
			if (!(plane_dist(p, &p->poly[0], k) >= 0))
				return;
		project(p, &p->poly[0], &w);
		quad_prim(c, &w, &w, clampf(sz, 1.0f, 8192.0f), true);
		return;
	}
	for (k = 0; k < n; k++)
		for (i = 0; i < 4; i++)
			if (!finite_ok(p->poly[k].pos[i]))
				return;
	p->npoly = n;
	clip_poly(p, n == 2);
	for (k = 0; k < p->npoly; k++)
		project(p, &p->poly[k], &p->pw[k]);
	if (n == 2) {
		if (p->npoly == 2)
			quad_prim(c, &p->pw[0], &p->pw[1],
				  clampf(2 * regf(c, VGC_PA_LINE_WIDTH), 1.0f,
					 8192.0f), false);
		p->npoly = 0;
	}
}

/* The layout and addresses of a colour or depth surface. */
static void surf_init(struct vgc_core *c, struct vgc_3d_surf *s, bool depth)
{
	u32 mc = REG(c, VGC_TS_MEM_CONFIG);

	if (core_pipe_addrs(c)) {
		s->base[0] = REG(c, depth ? VGC_PE_PIPE_DEPTH_ADDR(0) :
					    VGC_PE_PIPE_COLOR_ADDR(0));
		s->base[1] = REG(c, depth ? VGC_PE_PIPE_DEPTH_ADDR(1) :
					    VGC_PE_PIPE_COLOR_ADDR(1));
	} else {
		s->base[0] = REG(c, depth ? VGC_PE_DEPTH_ADDR : VGC_PE_COLOR_ADDR);
		s->base[1] = s->base[0];
	}
	s->multi = core_pipes(c) == 2 && !core_single_buffer(c);
	s->ts_bits = c->id->minor[0] & VGC_MINOR0_2BITPERTILE ? 2 : 4;
	s->last_ok = false;
	s->hit_ok = false;
	if (depth) {
		s->stride = REG(c, VGC_PE_DEPTH_STRIDE);
		s->bpp = VGC_PE_DEPTH_FORMAT(REG(c, VGC_PE_DEPTH_CONFIG)) ==
			 VGC_PE_DEPTH_D16 ? 2 : 4;
		s->super = REG(c, VGC_PE_DEPTH_CONFIG) & VGC_PE_DEPTH_SUPER;
		s->ts = mc & VGC_TS_DEPTH_FAST_CLEAR;
		s->ts_status = REG(c, VGC_TS_DEPTH_STATUS_BASE);
		s->ts_surface = REG(c, VGC_TS_DEPTH_SURFACE_BASE);
		s->ts_clear = REG(c, VGC_TS_DEPTH_CLEAR_VALUE);
	} else {
		u32 f = VGC_PE_CF_FORMAT(REG(c, VGC_PE_COLOR_FORMAT));

		s->stride = REG(c, VGC_PE_COLOR_STRIDE);
		s->bpp = f >= VGC_RS_FMT_X8R8G8B8 ? 4 : 2;
		s->super = REG(c, VGC_PE_COLOR_FORMAT) & VGC_PE_CF_SUPER;
		s->ts = mc & VGC_TS_COLOR_FAST_CLEAR;
		s->ts_status = REG(c, VGC_TS_COLOR_STATUS_BASE);
		s->ts_surface = REG(c, VGC_TS_COLOR_SURFACE_BASE);
		s->ts_clear = REG(c, VGC_TS_COLOR_CLEAR_VALUE);
	}
}

/* @n temporaries, or more to hold t@reg (VGC_SH_TEMPS at most). */
static unsigned int max_temps(unsigned int n, unsigned int reg)
{
	reg = reg % VGC_SH_TEMPS + 1;
	return n > reg ? n : reg;
}

/*
 * The scissor edge @f (float pixels) as the first pixel whose centre is
 * at or past it.
 */
static s32 scissor_px(float f, bool half)
{
	return ceil32(clampf(f - (half ? 0.5f : 0.0f), 0.0f, 65536.0f));
}

void vgc_3d_draw(struct vgc_core *c, const u32 *w)
{
	struct vgc_3d *p = &c->p3d;
	u32 op = w[0] >> VGC_OP_SHIFT, sc, pa, i;
	float sx, sy, s;

	c->stats.draws_3d++;
	memset(p->vc_ok, 0, sizeof(p->vc_ok));
	p->abort = false;
	p->unsupported = false;
	p->raster = false;
	p->line_quad = false;
	p->npoly = 0;
	p->fan = 1;
	p->prim = 0;
	p->instance = 0;
	p->instances = 1;
	p->bias = 0;
	if (op == VGC_OP_DRAW_INSTANCED) {
		p->type = VGC_DRAWI_TYPE(w[0]);
		p->indexed = w[0] & VGC_DRAWI_INDEXED;
		p->instances = VGC_DRAWI_INSTANCES(w[0]) |
			       VGC_DRAWI_INSTANCES_HI(w[1]) << 16;
		p->verts = VGC_DRAWI_VERTEX_COUNT(w[1]);
		p->first = p->indexed ? 0 : w[2];
		p->bias = p->indexed ? w[2] : 0;
		switch (p->type) {
		case VGC_PRIM_POINTS:
		case VGC_PRIM_LINE_LOOP:
			p->prims = p->verts;
			break;
		case VGC_PRIM_LINES:
			p->prims = p->verts / 2;
			break;
		case VGC_PRIM_LINE_STRIP:
			p->prims = p->verts > 1 ? p->verts - 1 : 0;
			break;
		case VGC_PRIM_TRIANGLES:
			p->prims = p->verts / 3;
			break;
		default:
			p->prims = p->verts > 2 ? p->verts - 2 : 0;
			break;
		}
	} else {
		p->type = w[1];
		p->indexed = op == VGC_OP_DRAW_INDEXED;
		p->first = w[2];
		p->prims = w[3];
		p->bias = p->indexed ? w[4] : 0;
		/* a line loop's count is its vertices' */
		p->verts = p->prims;
	}
	if (!p->prims || !p->instances)
		return;
	if (vgc_sh_prog_get(c, VGC_SH_VS, &p->vs) != VGC_SH_OK ||
	    vgc_sh_prog_get(c, VGC_SH_PS, &p->ps) != VGC_SH_OK ||
	    !p->vs.num_outputs) {
		c->stats.draws_unsupported++;
		return;
	}
	p->nvar = p->ps.num_inputs ? p->ps.num_inputs - 1 : 0;
	if (p->nvar > VGC_3D_VARYINGS)
		p->nvar = VGC_3D_VARYINGS;
	p->vs_temps = vgc_sh_prog_temps(&p->vs);
	for (i = 0; i < p->vs.num_inputs; i++)
		p->vs_temps = max_temps(p->vs_temps, p->vs.input_reg[i]);
	for (i = 0; i < p->vs.num_outputs; i++)
		p->vs_temps = max_temps(p->vs_temps, p->vs.output_reg[i]);
	p->ps_temps = max_temps(vgc_sh_prog_temps(&p->ps), p->nvar);
	p->ps_temps = max_temps(p->ps_temps, p->ps.output_reg[0]);
	pa = REG(c, VGC_PA_CONFIG);
	p->cull = VGC_PA_CULL(pa);
	p->flat = VGC_PA_SHADE(pa) == VGC_PA_SHADE_FLAT;
	p->flat_var = 0;
	for (i = 0; p->flat && i < p->nvar && i < 10; i++)
		if (!(REG(c, VGC_PA_SHADER_ATTRIBUTES(i)) &
		      VGC_PA_ATTR_BYPASS_FLAT))
			p->flat_var |= BIT(i);
	p->vp[0] = regf(c, VGC_PA_VIEWPORT_SCALE_X);
	p->vp[1] = regf(c, VGC_PA_VIEWPORT_SCALE_Y);
	p->vp[2] = regf(c, VGC_PA_VIEWPORT_SCALE_Z);
	p->vp[3] = regf(c, VGC_PA_VIEWPORT_OFFSET_X);
	p->vp[4] = regf(c, VGC_PA_VIEWPORT_OFFSET_Y);
	p->vp[5] = regf(c, VGC_PA_VIEWPORT_OFFSET_Z);
	for (i = 0; i < 6; i++)
		if (!finite_ok(p->vp[i]))
			p->vp[i] = 0;
	/* Mesa lowers clip z to 0..w in the shader below 0x1000 but 0x880 */
	p->glz = c->id->model >= 0x1000 || c->id->model == 0x880;
	sx = absf(p->vp[0]);
	sy = absf(p->vp[1]);
	s = sx > sy ? sx : sy;
	p->guard = GUARD_PX / (s > 1.0f ? s : 1.0f);
	p->half = REG(c, VGC_PA_SYSTEM_MODE) & VGC_PA_HALF_PIXEL_CENTER;
	p->sc[0] = scissor_px(regf(c, VGC_SE_SCISSOR_LEFT), p->half);
	p->sc[1] = scissor_px(regf(c, VGC_SE_SCISSOR_TOP), p->half);
	p->sc[2] = scissor_px(regf(c, VGC_SE_SCISSOR_RIGHT), p->half);
	p->sc[3] = scissor_px(regf(c, VGC_SE_SCISSOR_BOTTOM), p->half);
	sc = scissor_px(regf(c, VGC_SE_CLIP_RIGHT), p->half);
	if ((s32)sc < p->sc[2])
		p->sc[2] = sc;
	sc = scissor_px(regf(c, VGC_SE_CLIP_BOTTOM), p->half);
	if ((s32)sc < p->sc[3])
		p->sc[3] = sc;
	surf_init(c, &p->color, false);
	surf_init(c, &p->depth, true);
	p->has_depth = VGC_PE_DEPTH_MODE(REG(c, VGC_PE_DEPTH_CONFIG)) !=
		       VGC_PE_DEPTH_MODE_NONE ||
		       VGC_PE_SC_MODE(REG(c, VGC_PE_STENCIL_CONFIG)) !=
		       VGC_PE_STENCIL_DISABLED;
	p->busy = true;
}

bool vgc_3d_run(struct vgc_core *c, long *budget)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_tx_cache tx;

	/*
	 * no state changes within one run: its samplers and the pixel
	 * engine's states decoded once
	 */
	vgc_tx_cache_init(&tx, c);
	pe_init(c);
	/* the bus error knob may have been set since the hits were noted */
	p->depth.hit_ok = false;
	p->color.hit_ok = false;

	while (p->busy && *budget > 0) {
		if (p->abort) {
			if (!p->unsupported)
				c->stats.draws_cut_short++;
			p->busy = false;
			break;
		}
		if (p->raster) {
			raster_step(c, budget, &tx);
			continue;
		}
		if (p->line_quad) {
			p->tri = p->tri2;
			p->line_quad = false;
			p->raster = true;
			continue;
		}
		if (p->fan + 1 < p->npoly) {
			p->raster = setup_tri(c, &p->tri, &p->pw[0],
					      &p->pw[p->fan],
					      &p->pw[p->fan + 1], true);
			p->fan++;
			*budget -= 1;
			continue;
		}
		if (p->prim >= p->prims) {
			if (++p->instance < p->instances) {
				p->prim = 0;
				continue;
			}
			p->busy = false;
			break;
		}
		assemble(c, budget, &tx);
		p->prim++;
	}
	return !p->busy;
}
