// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Validation, the 3D engine
 *
 * The footprint of a 3D draw (MMUv1): DRAW_PRIMITIVES and
 * DRAW_INDEXED_PRIMITIVES, from the states this stream loaded before the
 * draw. What the engine reads and writes is described by the device
 * model's 3D pipeline (sim/vgc_3d.c and its stages sim/vgc_vertex.c,
 * sim/vgc_prim.c, sim/vgc_raster.c and sim/vgc_pe.c;
 * sim/doc/3d-pipeline.md), the only description of several of its rules;
 * each is followed here as the model has it:
 *
 *  - the window: the pixel engine writes the pixels [0, W) x [0, H), W
 *    the first column whose sample (x + 1/2 with PA_SYSTEM_MODE's
 *    HALF_PIXEL_CENTER) lies at or right of SE_SCISSOR_RIGHT or
 *    SE_CLIP_RIGHT (the smaller), at most 65536; H likewise with the
 *    bottom edges. The edges are floats, or 16.16 fixed point that the
 *    FE converts (Mesa loads them so); the model truncates that
 *    conversion, so the exact value bounds it from above;
 *  - the colour target (PE_COLOR_FORMAT, PE_COLOR_STRIDE) and, when
 *    PE_DEPTH_CONFIG's DEPTH_MODE or PE_STENCIL_CONFIG's MODE is on, the
 *    depth target: 4x4 tiles or 64x64 supertiles, split between the two
 *    pixel pipes of a core without SINGLE_BUFFER (multi-tiled), the
 *    halves at PE_PIPE_*_ADDR[0] and [1] on cores with HALTI0 but the
 *    GC880, at PE_*_ADDR elsewhere; a row of tiles is four strides. Each
 *    half's bytes up to the window's last tile must fit in the buffer its
 *    address was relocated to; the colour target always counts (a draw
 *    without a colour buffer writes Mesa's dummy one);
 *  - their tile status (TS_MEM_CONFIG's FAST_CLEAR bits): the entry of
 *    each 64-byte block at or past TS_*_SURFACE_BASE, as for a resolve;
 *  - the vertex streams: VS_INPUT_COUNT elements (less the vertex-index
 *    input of ID_ENABLE), each FE_VERTEX_ELEMENT_CONFIG's bytes (its
 *    components, or END if larger) at the element's offset in the
 *    vertex of its stream (FE_VERTEX_STREAMS_*[] on cores with several
 *    streams, FE_VERTEX_STREAM_* on the others), the vertex at the
 *    index times the stream's stride: the largest index must fit every
 *    stream. A DRAW_PRIMITIVES reaches the vertices first up to first
 *    plus the last its primitives take; an indexed draw reads those
 *    entries of its index stream, and the vertices its indices name
 *    plus the bias: the largest index of its type bounds them when the
 *    streams hold it, else the indices are read (etna_validate_idx.c);
 *  - the samplers (etna_validate_tx.c); shader code from memory, on a
 *    core with an instruction cache that VS_ICACHE_CONTROL enables:
 *    RANGE's HIGH + 1 instructions of 16 bytes at VS/PS_INST_ADDR;
 *  - the occlusion query: a load of GL_OCCLUSION_QUERY_ADDR turns it on
 *    and the core stores its 64-bit count there, so the address needs
 *    8 bytes, and a stream may not end with a query on (the next job,
 *    maybe another client's, would count into this client's buffer);
 *  - refused as not bounded: a state the stream did not load (it holds
 *    what the previous job left, maybe another client's), multisampling,
 *    hierarchical depth, compressed tile status, the colour formats of
 *    PE_COLOR_FORMAT's FORMAT_EXT and those of more than 4 bytes,
 *    SUPER_TILED_NEW, unknown primitive types, cores with more than two
 *    pixel pipes or with the NTE and NFE states (none has an MMUv1), and
 *    DRAW_INSTANCED (Mesa 22.3 uses it on HALTI2 cores only, none of
 *    them with an MMUv1; the model does not describe its instance
 *    divisors).
 *
 * A draw of no primitive reads and writes nothing. The checks of each
 * group of states (surfaces, vertex streams, samplers) are kept until the
 * stream loads one of their states again.
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/minmax.h>

#include "etna_regs.h"
#include "etna_validate.h"
#include "etna_validate_priv.h"

#define ETNA_OP_DRAW_INDEXED	6
#define ETNA_OP_DRAW_INSTANCED	12

/* The window's largest edge, in pixels (the model's clamp). */
#define ETNA_MAX_EDGE		65536u

#define R_UNSET_3D	"3D states not set in this stream"
#define R_MODE_3D	"3D mode whose footprint is not bounded"

/*
 * The last vertex, from the draw's first, that @count primitives of @type
 * take (sim/vgc_prim.c, vgc_3d_assemble()): a line loop's count is its
 * vertices'.
 * -1 for a type the model does not draw.
 */
static s64 etna_prim_last(u32 type, u32 count)
{
	u64 n = count;

	switch (type) {
	case ETNA_PRIM_POINTS:
	case ETNA_PRIM_LINE_LOOP:
		return n - 1;
	case ETNA_PRIM_LINES:
		return 2 * n - 1;
	case ETNA_PRIM_LINE_STRIP:
		return n;
	case ETNA_PRIM_TRIANGLES:
		return 3 * n - 1;
	case ETNA_PRIM_TRIANGLE_STRIP:
	case ETNA_PRIM_TRIANGLE_FAN:
		return n + 1;
	default:
		return -1;
	}
}

/*
 * The first column (or row) of pixels a draw does not reach, from a
 * right (or bottom) edge @v of the scissor or the clip: 16.16 fixed
 * point if loaded so (@fixp), else a float's bits. A pixel is drawn when
 * its sample, x + 1/2 with @half, lies left of the edge (sim/vgc_3d.c,
 * scissor_px()): the bound is ceil(edge - 1/2), at most ETNA_MAX_EDGE. A
 * NaN or an infinity bounds at ETNA_MAX_EDGE. Integers only: the edge in
 * 32.32 fixed point, its bits below that rounded up.
 */
u32 etna_edge_px(u32 v, bool fixp, bool half)
{
	u32 m = v & GENMASK(22, 0);
	int e = (v >> 23) & 0xff, sh;
	u64 f, q;

	/* an infinity, or a NaN of either sign */
	if (!fixp && e == 0xff)
		return v >> 31 && !m ? 0 : ETNA_MAX_EDGE;
	/* 0 or below */
	if (fixp ? (s32)v <= 0 : v >> 31)
		return 0;
	if (fixp) {
		f = (u64)v << 16;
	} else {
		if (e)
			m |= BIT(23);
		else
			e = 1;
		/* the float is m * 2^(e - 150): in 32.32, m << (e - 118) */
		sh = e - 118;
		if (sh > 40)
			f = U64_MAX;	/* 2^32 and more */
		else if (sh >= 0)
			f = (u64)m << sh;
		else if (sh > -32)
			f = (m >> -sh) + !!(m & (BIT(-sh) - 1));
		else
			f = !!m;
	}
	if (half) {
		if (f <= BIT_ULL(31))
			return 0;
		f -= BIT_ULL(31);
	}
	q = (f >> 32) + !!(f & GENMASK_ULL(31, 0));
	return min_t(u64, q, ETNA_MAX_EDGE);
}
EXPORT_SYMBOL_IF_KUNIT(etna_edge_px);

/*
 * The window's extent along one axis: the smaller of the scissor's and
 * the clip's edge, from those the stream loaded (at least one).
 */
static int etna_window_edge(struct etna_walk *w, enum etna_slot scissor,
			    enum etna_slot clip, bool half, u64 *px)
{
	const struct etna_fp *fp = w->fp;
	u32 b = ETNA_MAX_EDGE + 1;

	if (etna_fp_loaded(fp, scissor))
		b = min(b, etna_edge_px(fp->val[scissor],
					test_bit(scissor, fp->fixp), half));
	if (etna_fp_loaded(fp, clip))
		b = min(b, etna_edge_px(fp->val[clip], test_bit(clip, fp->fixp),
					half));
	if (b > ETNA_MAX_EDGE)
		return etna_refuse(w, R_UNSET_3D);
	*px = b;
	return 0;
}

/* A render target: the slots of its states. */
struct etna_pe_surface {
	enum etna_slot config, stride, addr, pipe_addr0;
	const char *past;	/* why a target too small is refused */
	unsigned int ts;	/* its tile status: 0 colour, 1 depth */
};

static const struct etna_pe_surface etna_pe_color = {
	FP_PE_COLOR_FORMAT, FP_PE_COLOR_STRIDE, FP_PE_COLOR_ADDR,
	FP_PE_PIPE_COLOR_ADDR0, "3D draw past the end of its colour buffer", 0,
};

static const struct etna_pe_surface etna_pe_depth = {
	FP_PE_DEPTH_CONFIG, FP_PE_DEPTH_STRIDE, FP_PE_DEPTH_ADDR,
	FP_PE_PIPE_DEPTH_ADDR0, "3D draw past the end of its depth buffer", 1,
};

/*
 * The tile status of surface @t (0 colour, 1 depth) whose halves at
 * @addr[0..@n) each reach @bytes: the entries up to the last byte of
 * each must lie in the status buffer.
 */
static int etna_check_pe_ts(struct etna_walk *w, unsigned int t,
			    const enum etna_slot *addr, unsigned int n,
			    u64 bytes)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot status, surface;
	unsigned int h;
	u64 last;
	int ret;

	ret = etna_ts_in_use(w, t, &status, &surface);
	if (ret <= 0)
		return ret;
	for (h = 0; h < n; h++) {
		last = (u64)fp->val[addr[h]] + bytes - 1;
		if (last < fp->val[surface])
			continue;	/* below the surface: no look-up */
		if (!etna_ts_fits(w, status, (last - fp->val[surface]) / 64))
			return etna_refuse(w, "3D tile status past the end of its buffer");
	}
	return 0;
}

/* Render target @rt over the pixels [0, @x1) x [0, @y1). */
static int etna_check_pe_surface(struct etna_walk *w,
				 const struct etna_pe_surface *rt, u64 x1,
				 u64 y1)
{
	const struct etna_fp *fp = w->fp;
	const struct etna_stream *s = w->s;
	bool multi = w->pixel_pipes == 2 && !s->single_buffer;
	enum etna_slot addr[2] = { rt->addr, rt->addr };
	u32 cfg = fp->val[rt->config];
	unsigned int bpp, n = 1, h;
	bool super;
	u64 bytes;

	if (!etna_fp_known(fp, rt->config) || !etna_fp_known(fp, rt->stride))
		return etna_refuse(w, R_UNSET_3D);
	if (rt->ts) {
		bpp = cfg & ETNA_PE_DEPTH_FORMAT_D24S8 ? 4 : 2;
		super = cfg & ETNA_PE_DEPTH_SUPER_TILED;
	} else {
		if (cfg & (ETNA_PE_CF_FORMAT_EXT | ETNA_PE_CF_SUPER_TILED_NEW) ||
		    ETNA_PE_CF_FORMAT(cfg) > ETNA_RS_FMT_A8R8G8B8)
			return etna_refuse(w, R_MODE_3D);
		bpp = ETNA_PE_CF_FORMAT(cfg) > ETNA_RS_FMT_R5G6B5 ? 4 : 2;
		super = cfg & ETNA_PE_CF_SUPER_TILED;
	}
	/* both pipes' addresses, on a two-pipe core, split or not */
	if (s->pe_pipe_addrs) {
		addr[0] = rt->pipe_addr0;
		addr[1] = rt->pipe_addr0 + 1;
		n = w->pixel_pipes;
	} else if (multi) {
		n = 2;
	}
	bytes = etna_tiled_extent(4ull * fp->val[rt->stride], bpp, super, multi,
				  x1, y1);
	for (h = 0; h < n; h++) {
		if (!etna_fp_known(fp, addr[h]))
			return etna_refuse(w, R_UNSET_3D);
		if (bytes > fp->room[addr[h]])
			return etna_refuse(w, rt->past);
	}
	return etna_check_pe_ts(w, rt->ts, addr, n, bytes);
}

/*
 * Shader code a core with an instruction cache fetches from memory
 * (sim/vgc_sh_prog.c, vgc_sh_prog_get()): RANGE's HIGH + 1 instructions.
 */
static int etna_check_icache(struct etna_walk *w)
{
	static const enum etna_slot range[2] = { FP_VS_RANGE, FP_PS_RANGE };
	static const enum etna_slot addr[2] = { FP_VS_INST_ADDR,
						FP_PS_INST_ADDR };
	const struct etna_fp *fp = w->fp;
	unsigned int i;

	if (!w->s->icache)
		return 0;
	if (!etna_fp_known(fp, FP_VS_ICACHE_CONTROL))
		return etna_refuse(w, R_UNSET_3D);
	if (!(fp->val[FP_VS_ICACHE_CONTROL] & ETNA_VS_ICACHE_ENABLE))
		return 0;
	for (i = 0; i < 2; i++) {
		if (!etna_fp_known(fp, range[i]) || !etna_fp_known(fp, addr[i]))
			return etna_refuse(w, R_UNSET_3D);
		if (16ull * (ETNA_SH_RANGE_HIGH(fp->val[range[i]]) + 1) >
		    fp->room[addr[i]])
			return etna_refuse(w, "shader code past the end of its buffer");
	}
	return 0;
}

/*
 * What the pixel engine touches: the modes that would take it where
 * nothing bounds it, the window, the colour and depth targets.
 */
static int etna_check_pe(struct etna_walk *w)
{
	const struct etna_fp *fp = w->fp;
	u32 depth, stencil;
	u64 x1, y1;
	bool half;
	int ret;

	if (!etna_fp_known(fp, FP_GL_MULTI_SAMPLE_CONFIG) ||
	    !etna_fp_known(fp, FP_PE_HDEPTH_CONTROL))
		return etna_refuse(w, R_UNSET_3D);
	if (!etna_fp_known(fp, FP_TS_MEM_CONFIG))
		return etna_ts_unset(w);
	if (ETNA_GL_MSAA_SAMPLES(fp->val[FP_GL_MULTI_SAMPLE_CONFIG]) !=
	    ETNA_GL_MSAA_NONE ||
	    ETNA_PE_HDEPTH_FORMAT(fp->val[FP_PE_HDEPTH_CONTROL]) !=
	    ETNA_PE_HDEPTH_DISABLED ||
	    fp->val[FP_TS_MEM_CONFIG] & (ETNA_TS_COMPRESSION | ETNA_TS_HDEPTH))
		return etna_refuse(w, R_MODE_3D);
	ret = etna_check_icache(w);
	if (ret)
		return ret;

	/* without the half-pixel centre, the window is the larger */
	half = etna_fp_known(fp, FP_PA_SYSTEM_MODE) &&
	       fp->val[FP_PA_SYSTEM_MODE] & ETNA_PA_HALF_PIXEL_CENTER;
	ret = etna_window_edge(w, FP_SE_SCISSOR_RIGHT, FP_SE_CLIP_RIGHT, half,
			       &x1);
	if (!ret)
		ret = etna_window_edge(w, FP_SE_SCISSOR_BOTTOM,
				       FP_SE_CLIP_BOTTOM, half, &y1);
	if (ret || !x1 || !y1)
		return ret;	/* or no pixel: no target is touched */

	ret = etna_check_pe_surface(w, &etna_pe_color, x1, y1);
	if (ret)
		return ret;
	if (!etna_fp_known(fp, FP_PE_DEPTH_CONFIG) ||
	    !etna_fp_known(fp, FP_PE_STENCIL_CONFIG))
		return etna_refuse(w, R_UNSET_3D);
	depth = ETNA_PE_DEPTH_MODE(fp->val[FP_PE_DEPTH_CONFIG]);
	stencil = ETNA_PE_STENCIL_MODE(fp->val[FP_PE_STENCIL_CONFIG]);
	if (depth == ETNA_PE_DEPTH_MODE_NONE &&
	    stencil == ETNA_PE_STENCIL_DISABLED)
		return 0;
	return etna_check_pe_surface(w, &etna_pe_depth, x1, y1);
}

/* Bytes of one component of an FE_DATA_TYPE; 0 for one not bounded. */
static unsigned int etna_fe_type_size(unsigned int t)
{
	switch (t) {
	case ETNA_FE_DT_BYTE:
	case ETNA_FE_DT_UNSIGNED_BYTE:
		return 1;
	case ETNA_FE_DT_SHORT:
	case ETNA_FE_DT_UNSIGNED_SHORT:
	case ETNA_FE_DT_HALF_FLOAT:
		return 2;
	case ETNA_FE_DT_INT:
	case ETNA_FE_DT_UNSIGNED_INT:
	case ETNA_FE_DT_FLOAT:
	case ETNA_FE_DT_FIXED:
		return 4;
	default:
		return 0;
	}
}

/*
 * The highest vertex index every element's stream holds, into
 * w->idx_limit (U32_MAX: no stream limits it).
 */
static int etna_check_vertex_streams(struct etna_walk *w)
{
	const struct etna_fp *fp = w->fp;
	bool multi = w->s->streams > 1;
	enum etna_slot base, ctl;
	unsigned int n, e, size, num, stream;
	u32 cfg, in, stride, limit = U32_MAX;
	u64 bytes;

	if (!etna_fp_known(fp, FP_VS_INPUT_COUNT))
		return etna_refuse(w, R_UNSET_3D);
	in = fp->val[FP_VS_INPUT_COUNT];
	n = min_t(unsigned int, ETNA_VS_INPUT_COUNT_COUNT(in),
		  ETNA_FE_VERTEX_ELEMENTS);
	/* the last input is the vertex index, not fetched */
	if (in & ETNA_VS_INPUT_COUNT_ID_ENABLE && n)
		n--;
	for (e = 0; e < n; e++) {
		if (!etna_fp_known(fp, FP_FE_VE0 + e))
			return etna_refuse(w, R_UNSET_3D);
		cfg = fp->val[FP_FE_VE0 + e];
		size = etna_fe_type_size(ETNA_FE_VE_TYPE(cfg));
		if (!size)
			return etna_refuse(w, "vertex format whose footprint is not bounded");
		num = ETNA_FE_VE_NUM(cfg) ?: 4;
		bytes = max(ETNA_FE_VE_START(cfg) + num * size,
			    ETNA_FE_VE_END(cfg));
		stream = ETNA_FE_VE_STREAM(cfg);
		base = multi ? FP_FE_STREAMS_BASE0 + stream :
			       FP_FE_VERTEX_STREAM_BASE_ADDR;
		ctl = multi ? FP_FE_STREAMS_CONTROL0 + stream :
			      FP_FE_VERTEX_STREAM_CONTROL;
		if (!etna_fp_known(fp, base) || !etna_fp_known(fp, ctl))
			return etna_refuse(w, R_UNSET_3D);
		if (bytes > fp->room[base])
			return etna_refuse(w, "3D draw past the end of its vertex stream");
		stride = ETNA_FE_VS_STRIDE(fp->val[ctl]);
		if (stride)
			/* bytes <= room: the difference fits in 32 bits */
			limit = min_t(u32, limit,
				      (u32)(fp->room[base] - bytes) / stride);
	}
	w->idx_limit = limit;
	return 0;
}

/*
 * The indices of an indexed draw: the entries @first to @first + @last of
 * its index stream, and the vertices they name plus @bias.
 */
static int etna_check_indices(struct etna_walk *w, u32 first, u64 last,
			      u32 bias)
{
	const struct etna_fp *fp = w->fp;
	enum etna_slot base = FP_FE_INDEX_STREAM_BASE_ADDR;
	unsigned int size;
	u64 end, top;

	if (!etna_fp_known(fp, base) ||
	    !etna_fp_known(fp, FP_FE_INDEX_STREAM_CONTROL))
		return etna_refuse(w, R_UNSET_3D);
	switch (ETNA_FE_INDEX_TYPE(fp->val[FP_FE_INDEX_STREAM_CONTROL])) {
	case ETNA_FE_IT_UNSIGNED_CHAR:
		size = 1;
		break;
	case ETNA_FE_IT_UNSIGNED_SHORT:
		size = 2;
		break;
	case ETNA_FE_IT_UNSIGNED_INT:
		size = 4;
		break;
	default:
		return etna_refuse(w, "index type whose footprint is not bounded");
	}
	end = ((u64)first + last + 1) * size;
	if (end > fp->room[base])
		return etna_refuse(w, "3D draw past the end of its index stream");
	/* the largest index of the type, plus the bias, fits: no scan */
	top = (u64)bias + (BIT_ULL(8 * size) - 1);
	if (top <= w->idx_limit)
		return 0;
	return etna_idx_scan_add(w, first * size, last + 1, size, bias);
}

/**
 * etna_check_draw_3d() - the footprint of a 3D draw (MMUv1)
 * @w: the walk, at the draw
 * @cmd: the draw command's words
 *
 * Return: 0, a refusal, or -ENOMEM.
 */
int etna_check_draw_3d(struct etna_walk *w, const u32 *cmd)
{
	unsigned int op = FIELD_GET(GENMASK(31, 27), cmd[0]);
	bool indexed = op == ETNA_OP_DRAW_INDEXED;
	u32 first = cmd[2], count = cmd[3];
	s64 last;
	int ret;

	if (op == ETNA_OP_DRAW_INSTANCED) {
		if (!ETNA_DRAWI_VERTEX_COUNT(cmd[1]) ||
		    !(ETNA_DRAWI_INSTANCES(cmd[0]) |
		      ETNA_DRAWI_INSTANCES_HI(cmd[1])))
			return 0;	/* draws nothing */
		return etna_refuse(w, "DRAW_INSTANCED, whose footprint is not bounded");
	}
	if (!count)
		return 0;
	if (w->s->new_states || w->pixel_pipes > 2)
		return etna_refuse(w, "3D draw on a core whose footprints are not bounded");
	last = etna_prim_last(cmd[1], count);
	if (last < 0)
		return etna_refuse(w, "primitive type whose footprint is not bounded");

	if (w->dirty & ETNA_DIRTY_PE) {
		ret = etna_check_pe(w);
		if (ret)
			return ret;
		w->dirty &= ~ETNA_DIRTY_PE;
	}
	if (w->dirty & ETNA_DIRTY_TEX) {
		ret = etna_check_samplers(w);
		if (ret)
			return ret;
		w->dirty &= ~ETNA_DIRTY_TEX;
	}
	if (w->dirty & ETNA_DIRTY_VTX) {
		ret = etna_check_vertex_streams(w);
		if (ret)
			return ret;
		w->dirty &= ~ETNA_DIRTY_VTX;
	}
	if (indexed)
		return etna_check_indices(w, first, last, cmd[4]);
	/* the vertices first..first + last, wrapping past 2^32 - 1 */
	if ((u64)first + last > w->idx_limit)
		return etna_refuse(w, "3D draw past the end of its vertex stream");
	return 0;
}

/**
 * etna_check_stream_end_3d() - what a stream may not leave on (MMUv1)
 * @w: the walk, at the end of the stream
 *
 * Return: 0, or a refusal.
 */
int etna_check_stream_end_3d(struct etna_walk *w)
{
	if (w->occ_on)
		return etna_refuse(w, "occlusion query left on at the end of the stream");
	return 0;
}
