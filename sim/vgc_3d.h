/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The 3D draw pipeline of the device model: vertex fetch, the vertex
 * shader per vertex, primitive assembly, clipping, setup, rasterisation
 * in 2x2 quads, the pixel shader and the pixel engine (depth, stencil,
 * blending, render-target layouts, tile status). A DRAW_PRIMITIVES,
 * DRAW_INDEXED_PRIMITIVES or DRAW_INSTANCED command starts a draw; the FE
 * blocks on it while vgc_fe_run() executes it in bounded chunks. See
 * vgc_3d.c, its stages (vgc_3d_stages.h) and sim/doc/3d-pipeline.md.
 */
#ifndef VGC_3D_H
#define VGC_3D_H

#include "vgc_sh.h"
#include "vgc_surf.h"

/* Varyings a vertex carries (PS inputs t1..t15). */
#define VGC_3D_VARYINGS		15
/* Vertices a triangle clipped against the 7 planes can have. */
#define VGC_3D_POLY		10
/* Shaded vertices kept for the next primitive (strips, fans, indices). */
#define VGC_3D_VCACHE		8
/* Subpixel bits of the rasteriser's vertex positions. */
#define VGC_3D_SUBPIX		8

/**
 * struct vgc_3d_vtx - a vertex after the vertex shader
 * @pos: clip-space position (x, y, z, w): VS output 0
 * @var: the varyings (VS outputs 1..)
 * @psize: the point size output, if the shader writes one
 */
struct vgc_3d_vtx {
	float pos[4];
	float var[VGC_3D_VARYINGS][4];
	float psize;
};

/**
 * struct vgc_3d_wvtx - a vertex in window coordinates, for the rasteriser
 * @x: window x, in 1 / 2^VGC_3D_SUBPIX pixels
 * @y: window y, likewise
 * @z: window depth (0..1 after the viewport transform)
 * @iw: 1 / clip w
 * @var: the varyings (the rasteriser weights them by @iw)
 */
struct vgc_3d_wvtx {
	s64 x, y;
	float z, iw;
	float var[VGC_3D_VARYINGS][4];
};

/**
 * struct vgc_3d_tri - one triangle set up for rasterisation
 * @v: its vertices in window coordinates, counter-clockwise-positive
 *	order fixed so that the edge functions are positive inside
 * @area: twice its area, in subpixels squared (> 0)
 * @flat: the varyings of the provoking vertex, for flat ones
 * @front: it faces front (the hardware's front: see vgc_raster.c)
 * @x0: first quad column of its bounding box (inside the scissor), pixels
 * @y0: first row
 * @x1: one past the last column
 * @y1: one past the last row
 * @qx: next quad to visit: column
 * @qy: row
 * @farea: @area as a float
 * @tl: edge i (opposite vertex i) is a top or left edge: 1, else 0
 * @e00: edge i's function at pixel (0, 0)
 * @dx: edge i's function's step a pixel to the right
 * @dy: its step a pixel down
 * @emax: what the function's largest value over a quad adds to its value
 *	at the quad's first pixel, plus @tl
 * @qa: the first column of row @qy a quad of which can be live
 * @qb: the column from which none can
 * @dz: the differences of z from vertex 0 to vertices 1 and 2
 * @dvar: those of the varyings
 */
struct vgc_3d_tri {
	struct vgc_3d_wvtx v[3];
	s64 area;
	float flat[VGC_3D_VARYINGS][4];
	bool front;
	s32 x0, y0, x1, y1, qx, qy;
	float farea;
	s64 tl[3], e00[3], dx[3], dy[3], emax[3];
	s32 qa, qb;
	float dz[2];
	float dvar[2][VGC_3D_VARYINGS][4];
};

/**
 * struct vgc_3d_surf - a render target or depth buffer as the PE sees it
 * @mem: its layout (tiled or supertiled; split between two pixel pipes'
 *	halves on a GC2000) and place: the stride of a row of tiles is four
 *	PE_COLOR_STRIDE or PE_DEPTH_STRIDE (bytes of a row of pixels)
 * @fast_clear: tile status entries mark 64-byte blocks cleared
 * @ts: the tile status (TS_*_STATUS_BASE, _SURFACE_BASE, _CLEAR_VALUE)
 * @clear_hi: the clear value of the high word of a pixel of 8 bytes
 *	(TS_COLOR_CLEAR_VALUE_EXT; else @ts's)
 * @last_ok: @last holds the address of tile (@last_tx, @last_ty)
 * @last_tx: the tile's column
 * @last_ty: its row
 * @last: its address
 * @hit_ok: while the MMUv1 TLBs' generation is @hit_gen, the pixels of
 *	tile @last are in place from @hit_px (TLB hits of the surface's
 *	client, one page) and, if @hit_ts, their one TS entry is at
 *	@hit_shift in the byte at @hit_byte, in place at @hit_tsb (a TLB hit
 *	of the PE); emptied with @last and at each run of the engine (the
 *	bus error knob is set only between runs)
 */
struct vgc_3d_surf {
	struct vgc_surf mem;
	bool fast_clear;
	struct vgc_ts ts;
	u32 clear_hi;
	bool last_ok;
	u32 last_tx, last_ty, last;
	bool hit_ok, hit_ts;
	u32 hit_gen, hit_byte;
	unsigned int hit_shift;
	u8 *hit_px, *hit_tsb;
};

/**
 * struct vgc_3d_pe - the pixel engine's states, decoded once a run of the
 *	engine (vgc_3d_run(): no state can change within it)
 * @alpha_test: PE_ALPHA_OP.ALPHA_TEST
 * @alpha_func: its comparison
 * @alpha_ref: its reference
 * @depth_test: DEPTH_MODE is not NONE
 * @depth_write: it is, and PE_DEPTH_CONFIG.WRITE_ENABLE
 * @depth_func: the depth comparison
 * @depth_norm: PE_DEPTH_NORMALIZE
 * @sten: the stencil test runs (a D24S8 buffer, a stencil mode)
 * @two_sided: back faces use the back states
 * @ref: stencil reference of front [0] and back [1] faces
 * @mask: their compare masks
 * @wmask: their write masks
 * @sfunc: their stencil comparisons
 * @sfail: their operations when the stencil test fails
 * @dfail: when the depth test fails
 * @spass: when both pass
 * @comps: PE_COLOR_FORMAT.COMPONENTS: the channels written
 * @fmt_ok: the render-target format is one the model writes
 * @half: it holds IEEE halves (the extended R16F, G16R16F, A16B16G16R16F),
 *	@nch of them, red first (the w, sh, fm and keep below unused)
 * @has_a: it has alpha
 * @w: bits of R, G, B, A in a pixel
 * @sh: their shifts
 * @fm: the largest value of each channel written (a float), else 0
 * @keep: the bits of a pixel no channel written covers
 * @saturate: PS_CONTROL.SATURATE_RT0
 * @blend: PE_ALPHA_CONFIG.BLEND_ENABLE
 * @src: blend source factor of each channel
 * @dst: destination factor
 * @eq: equation
 * @cc: the blend constant colour (R, G, B, A)
 */
struct vgc_3d_pe {
	bool alpha_test;
	unsigned int alpha_func;
	u32 alpha_ref;
	bool depth_test, depth_write;
	unsigned int depth_func;
	float depth_norm;
	bool sten, two_sided;
	u8 ref[2], mask[2], wmask[2];
	u8 sfunc[2], sfail[2], dfail[2], spass[2];
	unsigned int comps;
	bool fmt_ok, half, has_a, saturate, blend;
	unsigned int nch;
	u8 w[4], sh[4];
	float fm[4];
	u32 keep;
	u8 src[4], dst[4], eq[4];
	float cc[4];
};

/**
 * struct vgc_3d - the draw in flight
 * @busy: a draw is in flight
 * @type: PRIMITIVE_TYPE
 * @indexed: vertex indices come from the index stream
 * @first: first vertex (non-indexed), or first index (indexed)
 * @bias: added to each index (DRAW_INDEXED_PRIMITIVES offset)
 * @prims: primitives to draw
 * @verts: vertices the draw covers (DRAW_INSTANCED, line loops)
 * @instances: instances to draw
 * @instance: the one being drawn
 * @prim: next primitive
 * @poly: the current primitive after clipping, clip space
 * @npoly: its vertices
 * @fan: next triangle of @poly's fan (index of its second vertex)
 * @tri: the triangle being rasterised
 * @raster: @tri has quads left to visit
 * @line_quad: @tri is the first half of a line's or point's quad, the
 *	second half is in @tri2
 * @tri2: that second half
 * @vs: the vertex shader program of the draw
 * @ps: the pixel shader program
 * @vc_idx: the vertex cache: the vertex index of each entry
 * @vc_inst: the instance of each entry
 * @vc_ok: entry holds a vertex
 * @vc: the shaded vertices
 * @vc_next: the entry replaced next
 * @nvar: varyings the PS receives (PS_INPUT_COUNT - 1)
 * @flat: the draw shades flat varyings flat (PA_CONFIG.SHADE_MODEL)
 * @flat_var: bit i: varying i takes the provoking vertex's value
 * @flatv: the provoking vertex's varyings of the current primitive
 * @pw: @poly projected to window coordinates
 * @tmp: clipping's second buffer
 * @vp: viewport scale x, y, z, offset x, y, z
 * @zscale: polygon offset factor (SE_DEPTH_SCALE)
 * @zbias: polygon offset bias (SE_DEPTH_BIAS), in clip-space z
 * @glz: clip z is OpenGL's (-w..w): the PA maps it to 0..w itself
 * @guard: the guard band: |x|, |y| <= @guard w
 * @sc: the scissor (and clip) rectangle in pixels: x0, y0, x1, y1
 * @half: pixel centres at +0.5 (PA_SYSTEM_MODE.HALF_PIXEL_CENTER)
 * @cull: PA_CONFIG.CULL_FACE_MODE
 * @color: the render target
 * @depth: the depth buffer
 * @has_depth: depth or stencil tests run (DEPTH_MODE not NONE)
 * @pe: the pixel engine's states of this run
 * @abort: a memory access failed, or @unsupported: the draw ends
 * @unsupported: the draw needs what the model does not draw
 * @t: the quad's threads
 * @vs_temps: the temporaries a vertex's thread starts with zeroed: the
 *	ones the VS, its inputs and its outputs can touch (the others keep
 *	what they held, and nothing reads them)
 * @ps_temps: the same for a pixel's thread: the PS's, t0 and the
 *	varyings, the colour output
 *
 * Owned by its struct vgc_core (member p3d), private to the 3D pipeline
 * (vgc_3d_stages.h). The FE
 * executes nothing else while a draw is in flight, so the states it read
 * when the draw started cannot change under it.
 */
struct vgc_3d {
	bool busy;
	u32 type;
	bool indexed;
	u32 first, bias, prims, verts, instances, instance, prim;
	struct vgc_3d_vtx poly[VGC_3D_POLY];
	unsigned int npoly, fan;
	struct vgc_3d_tri tri, tri2;
	bool raster, line_quad;
	struct vgc_sh_prog vs, ps;
	u32 vc_idx[VGC_3D_VCACHE], vc_inst[VGC_3D_VCACHE];
	bool vc_ok[VGC_3D_VCACHE];
	struct vgc_3d_vtx vc[VGC_3D_VCACHE];
	unsigned int vc_next;
	unsigned int nvar;
	bool flat;
	u32 flat_var;
	float flatv[VGC_3D_VARYINGS][4];
	struct vgc_3d_wvtx pw[VGC_3D_POLY];
	struct vgc_3d_vtx tmp[VGC_3D_POLY];
	float vp[6];
	float zscale, zbias;
	bool glz;
	float guard;
	s32 sc[4];
	bool half;
	unsigned int cull;
	struct vgc_3d_surf color, depth;
	bool has_depth, abort, unsupported;
	struct vgc_3d_pe pe;
	struct vgc_sh_regs t[4];
	unsigned int vs_temps, ps_temps;
};

struct vgc_core;

/*
 * A DRAW_* command: @w holds its words (header first). Starts the draw,
 * or counts why not (stats.draws_unsupported).
 */
void vgc_3d_draw(struct vgc_core *c, const u32 *w);
/*
 * Run the draw in flight for at most @budget units of work (decremented:
 * a pixel, a shader instruction, a vertex fetched). Returns true when the
 * draw is done.
 */
bool vgc_3d_run(struct vgc_core *c, long *budget);

#endif /* VGC_3D_H */
