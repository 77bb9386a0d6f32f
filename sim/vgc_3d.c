// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 3D draw pipeline of the GC880, GC2000 and GC3000 as Mesa 22.3's
 * etnaviv programs it: a draw's states decoded when the FE meets it, and
 * the draw run in bounded chunks. The stages are files of their own
 * (vgc_3d_stages.h). What is modelled, the public sources of each fact
 * (etna_viv rnndb state_3d.xml, cmdstream.xml and doc/hardware.md; Mesa
 * 22.3 src/gallium/drivers/etnaviv/) and every rule the model had to
 * choose are in sim/doc/3d-pipeline.md. In short:
 *
 *  - vertex fetch (vgc_vertex.c): indices, attributes through the FE
 *    client of the MMU, the vertex shader per vertex (sim/vgc_sh.c), a
 *    small vertex cache;
 *  - primitive assembly and clipping (vgc_prim.c): against near, far,
 *    w > 0 and a guard band, the perspective divide and the viewport;
 *  - setup and rasterisation (vgc_raster.c): triangles (lines and points
 *    as screen-space quads) with 8 subpixel bits and the top-left fill
 *    rule, culling, the scissor, in 2x2 quads; perspective-correct or
 *    flat varyings; the pixel shader;
 *  - the pixel engine (vgc_pe.c): alpha test, stencil, depth, blending,
 *    the colour mask, the render-target formats and layouts, the tile
 *    status;
 *  - bounded work per vgc_fe_run(): the FE blocks on the draw.
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

/* The smallest integer >= @f, for @f in [-2^30, 2^30]. */
static s32 ceil32(float f)
{
	s32 i = (s32)f;

	return (float)i < f ? i + 1 : i;
}

void vgc_3d_unsupported(struct vgc_core *c)
{
	c->stats.draws_unsupported++;
	c->p3d.abort = true;
	c->p3d.unsupported = true;
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
	return ceil32(vgc_clampf(f - (half ? 0.5f : 0.0f), 0.0f, 65536.0f));
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
	/*
	 * HALTI5 has no PA_SHADER_ATTRIBUTES (Mesa 22.3 loads them only
	 * before it) and interpolates every varying (sim/doc/3d-pipeline.md)
	 */
	p->flat = VGC_PA_SHADE(pa) == VGC_PA_SHADE_FLAT &&
		  vgc_caps(c)->halti < 5;
	p->flat_var = 0;
	for (i = 0; p->flat && i < p->nvar && i < 10; i++)
		if (!(REG(c, VGC_PA_SHADER_ATTRIBUTES(i)) &
		      VGC_PA_ATTR_BYPASS_FLAT))
			p->flat_var |= BIT(i);
	p->vp[0] = vgc_3d_regf(c, VGC_PA_VIEWPORT_SCALE_X);
	p->vp[1] = vgc_3d_regf(c, VGC_PA_VIEWPORT_SCALE_Y);
	p->vp[2] = vgc_3d_regf(c, VGC_PA_VIEWPORT_SCALE_Z);
	p->vp[3] = vgc_3d_regf(c, VGC_PA_VIEWPORT_OFFSET_X);
	p->vp[4] = vgc_3d_regf(c, VGC_PA_VIEWPORT_OFFSET_Y);
	p->vp[5] = vgc_3d_regf(c, VGC_PA_VIEWPORT_OFFSET_Z);
	for (i = 0; i < 6; i++)
		if (!vgc_3d_finite(p->vp[i]))
			p->vp[i] = 0;
	/* polygon offset (vgc_3d_setup_tri()) */
	p->zscale = vgc_3d_regf(c, VGC_SE_DEPTH_SCALE);
	p->zbias = vgc_3d_regf(c, VGC_SE_DEPTH_BIAS);
	if (!vgc_3d_finite(p->zscale))
		p->zscale = 0;
	if (!vgc_3d_finite(p->zbias))
		p->zbias = 0;
	/* Mesa lowers clip z to 0..w in the shader on the other cores */
	p->glz = vgc_caps(c)->gl_clip_z;
	sx = vgc_absf(p->vp[0]);
	sy = vgc_absf(p->vp[1]);
	s = sx > sy ? sx : sy;
	p->guard = VGC_3D_GUARD_PX / (s > 1.0f ? s : 1.0f);
	p->half = REG(c, VGC_PA_SYSTEM_MODE) & VGC_PA_HALF_PIXEL_CENTER;
	p->sc[0] = scissor_px(vgc_3d_regf(c, VGC_SE_SCISSOR_LEFT), p->half);
	p->sc[1] = scissor_px(vgc_3d_regf(c, VGC_SE_SCISSOR_TOP), p->half);
	p->sc[2] = scissor_px(vgc_3d_regf(c, VGC_SE_SCISSOR_RIGHT), p->half);
	p->sc[3] = scissor_px(vgc_3d_regf(c, VGC_SE_SCISSOR_BOTTOM), p->half);
	sc = scissor_px(vgc_3d_regf(c, VGC_SE_CLIP_RIGHT), p->half);
	if ((s32)sc < p->sc[2])
		p->sc[2] = sc;
	sc = scissor_px(vgc_3d_regf(c, VGC_SE_CLIP_BOTTOM), p->half);
	if ((s32)sc < p->sc[3])
		p->sc[3] = sc;
	vgc_pe_surfaces(c);
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
	long b0;

	/*
	 * no state changes within one run: its samplers and the pixel
	 * engine's states decoded once
	 */
	vgc_tx_cache_init(&tx, c);
	vgc_pe_init(c);
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
			vgc_3d_raster(c, budget, &tx);
			continue;
		}
		if (p->line_quad) {
			p->tri = p->tri2;
			p->line_quad = false;
			p->raster = true;
			continue;
		}
		if (p->fan + 1 < p->npoly) {
			p->raster = vgc_3d_setup_tri(c, &p->tri, &p->pw[0],
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
		b0 = *budget;
		vgc_3d_assemble(c, budget, &tx);
		p->prim++;
		/*
		 * A primitive is a unit of work at least: one of vertices the
		 * cache holds, or of the restart index, shades nothing, and a
		 * draw of 2^32 of them still returns after bounded work.
		 */
		if (*budget == b0)
			*budget -= 1;
	}
	return !p->busy;
}
