/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The stages of the 3D pipeline and what they share (internal to it):
 * the draw (vgc_3d.c) decodes a draw's states and runs it, calling
 * primitive assembly and clipping (vgc_prim.c), which fetches and shades
 * vertices (vgc_vertex.c) and sets up triangles for the rasteriser
 * (vgc_raster.c), which shades quads and hands them to the pixel engine
 * (vgc_pe.c). All of them work on the core's struct vgc_3d (vgc_3d.h).
 */
#ifndef VGC_3D_STAGES_H
#define VGC_3D_STAGES_H

#include "vgc.h"
#include "vgc_math.h"
#include "vgc_sh.h"
#include "vgc_tx.h"

#define VGC_3D_SUB	((int)BIT(VGC_3D_SUBPIX))	/* subpixels per pixel */
#define VGC_3D_GUARD_PX	16384.0f	/* guard band half-width, pixels */
#define VGC_3D_W_MIN	0.0000001f	/* smallest clip w drawn */
/*
 * The window coordinates a vertex can have, in pixels: a vertex the
 * viewport puts farther (a hostile offset or scale: the guard band alone
 * keeps a real one within 2^14 pixels of the offset) is moved to this
 * limit, NaN to its low end, so that the rasteriser's edge functions
 * (products of two subpixel differences, 2^58 at most) stay in s64.
 */
#define VGC_3D_COORD_LIMIT	1048576.0f	/* 2^20 */

/* State @off as a float. */
static inline float vgc_3d_regf(const struct vgc_core *c, u32 off)
{
	return vgc_u2f(c->state[off >> 2]);
}

/* A float well inside the range every stage converts to integers. */
static inline bool vgc_3d_finite(float f)
{
	return f > -1e30f && f < 1e30f;
}

/* vgc_3d.c: the rest of the draw is something the model does not draw. */
void vgc_3d_unsupported(struct vgc_core *c);
/*
 * A shader's environment: the texture engine, through @tx (the samplers
 * decoded once for this run of the engine: vgc_3d_run()).
 */
static inline void vgc_3d_env(struct vgc_tx_cache *tx,
			      struct vgc_sh_env *env, bool front)
{
	memset(env, 0, sizeof(*env));
	env->sample = vgc_tx_sample_cached;	/* the texture engine */
	env->sample_quad = vgc_tx_sample_quad;	/* a quad's lookups at once */
	env->ctx = tx;
	env->front_face = front;
}

/*
 * vgc_vertex.c: the shaded vertex @i of the draw (through the vertex
 * cache); NULL when the index is the restart index or a fetch failed.
 * Its work is taken from *@budget.
 */
const struct vgc_3d_vtx *vgc_3d_vertex(struct vgc_core *c, u32 i,
				       long *budget, struct vgc_tx_cache *tx);

/* vgc_prim.c: fetch, shade, clip and project primitive p->prim. */
void vgc_3d_assemble(struct vgc_core *c, long *budget, struct vgc_tx_cache *tx);

/*
 * vgc_raster.c: set up @tri from three window vertices; false when
 * nothing is drawn (zero area, culled if @cull, outside the scissor).
 */
bool vgc_3d_setup_tri(struct vgc_core *c, struct vgc_3d_tri *tri,
		      const struct vgc_3d_wvtx *a, const struct vgc_3d_wvtx *b,
		      const struct vgc_3d_wvtx *d, bool cull);
/*
 * vgc_raster.c: visit quads of p->tri until the budget runs out or it is
 * done.
 */
void vgc_3d_raster(struct vgc_core *c, long *budget, struct vgc_tx_cache *tx);

/*
 * vgc_pe.c: the pixel engine's states, decoded into p->pe for a run of
 * the engine: the FE executes nothing while a draw is in flight and the
 * host's register writes are serialised with the FE's runs (sim/uml's
 * lock), so none changes within a run.
 */
void vgc_pe_init(struct vgc_core *c);
/* vgc_pe.c: the colour and depth surfaces of a draw, from its states. */
void vgc_pe_surfaces(struct vgc_core *c);
/*
 * vgc_pe.c: the shaded quad at (@qx, @qy), its pixels @live (bit i: the
 * pixel (qx + (i & 1), qy + (i >> 1))) of a @front facing triangle, from
 * the pixel shader's threads (p->t): the alpha test, stencil and depth,
 * the colour written.
 */
void vgc_pe_quad(struct vgc_core *c, s32 qx, s32 qy, unsigned int live,
		 bool front);

#endif /* VGC_3D_STAGES_H */
