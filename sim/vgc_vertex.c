// SPDX-License-Identifier: GPL-2.0-only
/*
 * Vertex fetch of the 3D pipeline (sim/doc/3d-pipeline.md): the draw's
 * vertex indices (the index stream, the restart index), each vertex's
 * attributes (VS_INPUT_COUNT elements FE_VERTEX_ELEMENT_CONFIG[i] from the
 * vertex streams: FE_VERTEX_STREAMS_* on cores with more than one
 * stream, NFE_VERTEX_STREAMS_* from HALTI2 on, else FE_VERTEX_STREAM_*),
 * all through the FE client of the MMU, the vertex shader per vertex
 * and a small vertex cache.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_3d_stages.h"
#include "vgc_math.h"

#define REG(c, off)	((c)->state[(off) >> 2])

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
		return norm ? vgc_clampf((float)(s32)(signed char)u / 127.0f,
					 -1.0f, 1.0f) : (float)(signed char)u;
	case VGC_FE_DT_UNSIGNED_BYTE:
		return norm ? (float)u / 255.0f : (float)u;
	case VGC_FE_DT_SHORT:
		return norm ? vgc_clampf((float)(s16)u / 32767.0f, -1.0f,
					 1.0f) : (float)(s16)u;
	case VGC_FE_DT_UNSIGNED_SHORT:
		return norm ? (float)u / 65535.0f : (float)u;
	case VGC_FE_DT_INT:
		return norm ? vgc_clampf((float)(s32)u / 2147483647.0f, -1.0f,
					 1.0f) : (float)(s32)u;
	case VGC_FE_DT_UNSIGNED_INT:
		return norm ? (float)u / 4294967295.0f : (float)u;
	case VGC_FE_DT_FLOAT:
		return vgc_u2f(u);
	case VGC_FE_DT_HALF_FLOAT:
		return vgc_half_to_float(u);
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
	bool multi = vgc_caps(c)->streams > 1;
	bool nfe = vgc_caps(c)->halti >= 2;
	unsigned int n = vs->num_inputs, e, k, sz, num, type;
	u32 cfg, base, ctl, addr;
	u8 buf[16];
	bool norm;
	u32 stream;

	if (ids && n)
		n--;
	for (e = 0; e < n && e < VGC_FE_VERTEX_ELEMENTS; e++) {
		/* HALTI5: the same fields up to START, in CONFIG0 */
		cfg = REG(c, vgc_caps(c)->halti >= 5 ?
			  VGC_NFE_GENERIC_ATTRIB_CONFIG0(e) :
			  VGC_FE_VERTEX_ELEMENT_CONFIG(e));
		type = VGC_FE_VE_TYPE(cfg);
		sz = type_size(type);
		if (!sz)
			return -1;
		num = VGC_FE_VE_NUM(cfg);
		if (!num)
			num = 4;
		/*
		 * Mesa 22.3 asks for a normalised format with SIGN_EXTEND
		 * (translate_vertex_format_normalize(), signed and unsigned
		 * alike), which the silicon normalises (Mesa's CI passes
		 * dEQP's normalised vertex arrays on a GC2000); ON the same
		 */
		norm = VGC_FE_VE_NORMALIZE(cfg) == VGC_FE_NORM_SIGN_EXTEND ||
		       VGC_FE_VE_NORMALIZE(cfg) == VGC_FE_NORM_ON;
		stream = VGC_FE_VE_STREAM(cfg);
		if (nfe) {
			base = REG(c, VGC_NFE_VERTEX_STREAMS_BASE_ADDR(stream));
			ctl = REG(c, VGC_NFE_VERTEX_STREAMS_CONTROL(stream));
		} else if (multi) {
			base = REG(c, VGC_FE_VERTEX_STREAMS_BASE_ADDR(stream));
			ctl = REG(c, VGC_FE_VERTEX_STREAMS_CONTROL(stream));
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
						       norm) :
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

const struct vgc_3d_vtx *vgc_3d_vertex(struct vgc_core *c, u32 i,
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
		vgc_3d_unsupported(c);
		return NULL;
	}
	if (p->abort)
		return NULL;
	vgc_3d_env(tx, &env, true);
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
