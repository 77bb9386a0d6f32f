/* SPDX-License-Identifier: MIT */
/*
 * 3D draws written by hand, for the tests inside the boards (draw3d.c),
 * the benchmark (bench.c) and the fuzzer (fuzz/ops.c): states loaded one
 * by one (their addresses, fields and values from gc_regs.h, generated
 * from hw/gc.db), hand-encoded shaders (isa.xml), a render target of
 * W x H pixels, and the 3D core's facts from GET_PARAM.
 * Header-only, as etna.h; its user includes check.h (fail()).
 */
#ifndef DRAW3D_H
#define DRAW3D_H

#include <sys/mman.h>

#include "etna.h"

/*
 * Shaders, one instruction each (the four words of the ISA, isa.xml):
 * MOV t0.xyzw, t0 (the position); MOV t2.xyzw, t1 (the colour to the
 * output); TEXLD t2.xyzw, tex0, t1. MOV reads its third operand.
 */
#define D3_DST(op, t)	(ISA0_OPCODE(op) | ISA0_DST_USE | ISA0_DST_REG(t) | \
			 ISA0_DST_COMPS(ISA_COMPS_XYZW))
static const uint32_t vs_mov[] = {
	D3_DST(INST_OPCODE_MOV, 0), 0, 0,
	ISA3_SRC2_USE | ISA3_SRC2_REG(0) | ISA3_SRC2_SWIZ(ISA_SWIZ_XYZW),
};
static const uint32_t ps_color[] = {
	D3_DST(INST_OPCODE_MOV, 2), 0, 0,
	ISA3_SRC2_USE | ISA3_SRC2_REG(1) | ISA3_SRC2_SWIZ(ISA_SWIZ_XYZW),
};
static const uint32_t ps_tex[] = {
	D3_DST(INST_OPCODE_TEXLD, 2),
	ISA1_TEX_SWIZ(ISA_SWIZ_XYZW) | ISA1_SRC0_USE | ISA1_SRC0_REG(1) |
	ISA1_SRC0_SWIZ(ISA_SWIZ_XYZW), 0, 0,
};

/* The render target: W x H pixels of 4 bytes, 4x4 tiled. */
#define W		64
#define H		16
#define STRIDE		(W * 4)
#define RT_BYTES	(STRIDE * H)
/* the rectangle drawn: [X0, X1) x [Y0, Y1) */
#define X0		16
#define X1		48
#define Y0		4
#define Y1		12
#define BACKGROUND	0x5a5a5a5au
#define MAGENTA		0xffff00ffu	/* the vertices' colour (1, 0, 1, 1) */
#define GREEN		0xff00ff00u	/* the texture's texels */
#define VTX_BYTES	32		/* float4 position, float4 colour */

/* The device and the 3D core: find_core() fills them in. */
static int d3_fd;
static uint32_t d3_pipe;
static bool d3_mmuv1;
static bool d3_pipe_addrs;	/* PE_PIPE_*_ADDR (HALTI0, not GC880) */
static bool d3_multi;		/* two pixel pipes, no SINGLE_BUFFER */
static bool d3_ranges;		/* unified shader memory with ranges */
static bool d3_streams;		/* FE_VERTEX_STREAMS_* (several streams) */
static unsigned int d3_ts_bits;	/* bits of a tile status entry */

/* A buffer of the test: its handle, size and CPU mapping. */
struct buf {
	uint32_t handle, size;
	uint8_t *map;
};

static inline bool buf_new(struct buf *b, uint32_t size)
{
	uint64_t off;
	int ret;

	b->size = size;
	b->map = NULL;
	ret = etna_gem_new(d3_fd, size, ETNA_BO_WC, &b->handle);
	if (ret)
		return fail("GEM_NEW: %s", strerror(-ret));
	ret = etna_gem_info(d3_fd, b->handle, &off);
	if (!ret) {
		b->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
			      d3_fd, off);
		if (b->map == MAP_FAILED)
			b->map = NULL;
	}
	return b->map || fail("mmap: %s", strerror(errno));
}

static inline void buf_free(struct buf *b)
{
	if (b->map)
		munmap(b->map, b->size);
	etna_gem_close(d3_fd, b->handle);
}

/* A stream under construction, its buffers and relocations. */
#define MAX_WORDS	1024
#define MAX_BOS		8
#define MAX_RELOCS	32
struct stream {
	uint32_t w[MAX_WORDS];
	unsigned int n;
	struct drm_etnaviv_gem_submit_bo bos[MAX_BOS];
	unsigned int nr_bos;
	struct drm_etnaviv_gem_submit_reloc relocs[MAX_RELOCS];
	unsigned int nr_relocs;
};

static inline void ls(struct stream *s, uint32_t state, uint32_t v)
{
	s->w[s->n++] = ETNA_CMD_LOAD_STATE(state, 1);
	s->w[s->n++] = v;
}

static inline void lsx(struct stream *s, uint32_t state, uint32_t v)
{
	ls(s, state, v);
	s->w[s->n - 2] |= ETNA_CMD_LOAD_STATE_FIXP;
}

static inline void ls_code(struct stream *s, uint32_t state,
			   const uint32_t *code)
{
	unsigned int i;

	s->w[s->n++] = ETNA_CMD_LOAD_STATE(state, 4);
	for (i = 0; i < 4; i++)
		s->w[s->n++] = code[i];
	s->w[s->n++] = 0;
}

/* The buffer's index in the submit, added on first use. */
static inline uint32_t bo_index(struct stream *s, const struct buf *b,
				bool write)
{
	unsigned int i;

	for (i = 0; i < s->nr_bos; i++)
		if (s->bos[i].handle == b->handle)
			break;
	if (i == s->nr_bos) {
		s->bos[i].handle = b->handle;
		s->bos[i].flags = ETNA_SUBMIT_BO_READ;
		s->nr_bos++;
	}
	if (write)
		s->bos[i].flags |= ETNA_SUBMIT_BO_WRITE;
	return i;
}

/* Load address state @state with @b's address plus @offset. */
static inline void ls_reloc(struct stream *s, uint32_t state,
			    const struct buf *b, uint32_t offset, bool write)
{
	struct drm_etnaviv_gem_submit_reloc *r = &s->relocs[s->nr_relocs++];

	ls(s, state, 0);
	r->submit_offset = (s->n - 1) * 4;
	r->reloc_idx = bo_index(s, b, write);
	r->reloc_offset = offset;
}

static inline uint32_t fbits(float v)
{
	uint32_t x;

	memcpy(&x, &v, 4);
	return x;
}

/*
 * What every draw of the test loads: the shaders, the viewport, the
 * window of @w x @h pixels (the scissor and the clip, as Mesa 22.3 loads
 * them), the colour target at @rt (each pixel pipe's half at its
 * address, at @rt_off and half the target further), no depth, no tile
 * status, every sampler off, and one vertex stream @vb (position and
 * colour, VTX_BYTES a vertex).
 */
static inline void setup(struct stream *s, const struct buf *rt,
			 uint32_t rt_off, uint32_t w, uint32_t h,
			 uint32_t stride, const struct buf *vb, bool textured)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	ls(s, ST_GL_MULTI_SAMPLE_CONFIG, 0);
	/* two float4 elements (four components: NUM 0) */
	ls(s, ST_FE_VERTEX_ELEMENT_CONFIG(0),
	   FE_VERTEX_ELEMENT_TYPE(FE_DATA_TYPE_FLOAT) |
	   FE_VERTEX_ELEMENT_END(16));
	ls(s, ST_FE_VERTEX_ELEMENT_CONFIG(1),
	   FE_VERTEX_ELEMENT_TYPE(FE_DATA_TYPE_FLOAT) |
	   FE_VERTEX_ELEMENT_START(16) | FE_VERTEX_ELEMENT_END(32));
	ls_reloc(s, d3_streams ? ST_FE_VERTEX_STREAMS_BASE_ADDR(0) :
		 ST_FE_VERTEX_STREAM_BASE_ADDR, vb, 0, false);
	ls(s, d3_streams ? ST_FE_VERTEX_STREAMS_CONTROL(0) :
	   ST_FE_VERTEX_STREAM_CONTROL, FE_VERTEX_STRIDE(VTX_BYTES));
	/* VS: t0 = t0; inputs and outputs t0, t1 */
	ls_code(s, d3_ranges ? ST_SH_INST_MEM(0) : ST_VS_INST_MEM(0), vs_mov);
	if (d3_ranges)
		ls(s, ST_VS_RANGE, 0);
	ls(s, ST_VS_START_PC, 0);
	ls(s, ST_VS_END_PC, 1);
	ls(s, ST_VS_TEMP_REGISTER_CONTROL, 4);
	ls(s, ST_VS_INPUT_COUNT, 2);
	ls(s, ST_VS_INPUT(0), VS_INPUT_I0(0) | VS_INPUT_I1(1));
	ls(s, ST_VS_OUTPUT_COUNT, 2);
	ls(s, ST_VS_OUTPUT(0), VS_OUTPUT_O0(0) | VS_OUTPUT_O1(1));
	/* PS: t2 = t1, or its texel; the colour in t2 */
	if (d3_ranges) {
		/* instruction 0x100 on, four words each */
		ls_code(s, ST_SH_INST_MEM(0x100 * 4),
			textured ? ps_tex : ps_color);
		ls(s, ST_PS_RANGE, SH_RANGE_HIGH(0x100) | SH_RANGE_LOW(0x100));
	} else {
		ls_code(s, ST_PS_INST_MEM(0), textured ? ps_tex : ps_color);
	}
	ls(s, ST_PS_START_PC, 0);
	ls(s, ST_PS_END_PC, 1);
	ls(s, ST_PS_TEMP_REGISTER_CONTROL, 4);
	ls(s, ST_PS_INPUT_COUNT, 2);
	ls(s, ST_PS_OUTPUT_REG, 2);
	ls(s, ST_PS_CONTROL, PS_SATURATE_RT0);
	ls(s, ST_PA_SHADER_ATTRIBUTES(0), PA_BYPASS_FLAT);
	ls(s, ST_PA_CONFIG, 0);
	/* the viewport: W x H pixels, x and y in 16.16 as Mesa loads them */
	lsx(s, ST_PA_VIEWPORT_SCALE_X, (W / 2) << 16);
	lsx(s, ST_PA_VIEWPORT_SCALE_Y, (H / 2) << 16);
	lsx(s, ST_PA_VIEWPORT_OFFSET_X, (W / 2) << 16);
	lsx(s, ST_PA_VIEWPORT_OFFSET_Y, (H / 2) << 16);
	ls(s, ST_PA_VIEWPORT_SCALE_Z, fbits(1.0f));
	ls(s, ST_PA_VIEWPORT_OFFSET_Z, 0);
	ls(s, ST_PA_SYSTEM_MODE, PA_HALF_PIXEL_CENTER);
	lsx(s, ST_SE_SCISSOR_LEFT, 0);
	lsx(s, ST_SE_SCISSOR_TOP, 0);
	lsx(s, ST_SE_SCISSOR_RIGHT, (w << 16) + 0x1119);
	lsx(s, ST_SE_SCISSOR_BOTTOM, (h << 16) + 0x1111);
	lsx(s, ST_SE_CLIP_RIGHT, (w << 16) + 0xffff);
	lsx(s, ST_SE_CLIP_BOTTOM, (h << 16) + 0xffff);
	/* the colour target, A8R8G8B8 with every channel */
	ls(s, ST_PE_COLOR_FORMAT, PE_COLOR_A8R8G8B8_RGBA);
	ls(s, ST_PE_COLOR_STRIDE, stride);
	if (d3_pipe_addrs) {
		ls_reloc(s, ST_PE_PIPE_COLOR_ADDR(0), rt, rt_off, true);
		ls_reloc(s, ST_PE_PIPE_COLOR_ADDR(1), rt,
			 rt_off + (d3_multi ? RT_BYTES / 2 : 0), true);
	} else {
		ls_reloc(s, ST_PE_COLOR_ADDR, rt, rt_off, true);
	}
	ls(s, ST_PE_ALPHA_CONFIG, 0);
	ls(s, ST_PE_DEPTH_CONFIG, 0);
	ls(s, ST_PE_DEPTH_NORMALIZE, fbits(65535.0f));
	ls(s, ST_PE_STENCIL_CONFIG, 0);
	ls(s, ST_PE_HDEPTH_CONTROL, 0);
	ls(s, ST_TS_MEM_CONFIG, 0);
	for (i = 0; i < TE_SAMPLERS; i++)
		ls(s, ST_TE_SAMPLER_CONFIG0(i), 0);
}

/*
 * A depth target of W x H D16 values at @off in @b, the second pixel
 * pipe's half @half bytes further (two pipes), tested LESS and written.
 */
static inline void depth_target(struct stream *s, const struct buf *b,
				uint32_t off, uint32_t half)
{
	ls(s, ST_PE_DEPTH_STRIDE, W * 2);
	if (d3_pipe_addrs) {
		ls_reloc(s, ST_PE_PIPE_DEPTH_ADDR(0), b, off, true);
		ls_reloc(s, ST_PE_PIPE_DEPTH_ADDR(1), b,
			 off + (d3_multi ? half : 0), true);
	} else {
		ls_reloc(s, ST_PE_DEPTH_ADDR, b, off, true);
	}
	ls(s, ST_PE_DEPTH_CONFIG, PE_DEPTH_Z_D16_LESS_WRITE);
}

/* The colour tile status at @off in @ts, of the target @rt (offset 0). */
static inline void color_ts(struct stream *s, const struct buf *ts,
			    uint32_t off, const struct buf *rt)
{
	ls(s, ST_TS_MEM_CONFIG, TS_COLOR_FAST_CLEAR);
	ls_reloc(s, ST_TS_COLOR_STATUS_BASE, ts, off, true);
	ls_reloc(s, ST_TS_COLOR_SURFACE_BASE, rt, 0, true);
}

/* Sampler 0: 8 x 8 A8R8G8B8 texels, 4x4 tiled (256 bytes) at @off in @b. */
static inline void texture_8x8(struct stream *s, const struct buf *b,
			       uint32_t off)
{
	/* 2D, MIN and MAG NEAREST, A8R8G8B8, tiled (not linear) */
	ls(s, ST_TE_SAMPLER_CONFIG0(0), TE_2D_NEAREST_A8R8G8B8);
	ls(s, ST_TE_SAMPLER_CONFIG1(0), TE_RGBA_HALIGN_FOUR);
	ls(s, ST_TE_SAMPLER_SIZE(0), WH_HEIGHT(8) | WH_WIDTH(8));
	ls(s, ST_TE_SAMPLER_LOD_CONFIG(0), 0);
	ls_reloc(s, ST_TE_SAMPLER_LOD_ADDR(0, 0), b, off, false);
}

/* 16-bit indices from @off in @b, for draw_indexed(). */
static inline void index_stream(struct stream *s, const struct buf *b,
				uint32_t off)
{
	ls_reloc(s, ST_FE_INDEX_ADDR, b, off, false);
	ls(s, ST_FE_INDEX_STREAM_CONTROL, FE_INDEX_UNSIGNED_SHORT);
}

/* The draw and the flush of the colour and depth caches after it. */
static inline void draw(struct stream *s, uint32_t first, uint32_t prims)
{
	s->w[s->n++] = ETNA_CMD_DRAW_PRIMITIVES;
	s->w[s->n++] = PRIM_TRIANGLES;
	s->w[s->n++] = first;
	s->w[s->n++] = prims;
	ls(s, ST_GL_FLUSH_CACHE, GL_FLUSH_COLOR | GL_FLUSH_DEPTH);
}

static inline void draw_indexed(struct stream *s, uint32_t first,
				uint32_t prims)
{
	s->w[s->n++] = ETNA_CMD_DRAW_INDEXED_PRIMITIVES;
	s->w[s->n++] = PRIM_TRIANGLES;
	s->w[s->n++] = first;
	s->w[s->n++] = prims;
	s->w[s->n++] = 0;
	s->w[s->n++] = 0;
	ls(s, ST_GL_FLUSH_CACHE, GL_FLUSH_COLOR | GL_FLUSH_DEPTH);
}

/*
 * The rectangle's two triangles as vertices @at..@at + 5 of @vb: window
 * coordinates to the viewport's -1..1, colour MAGENTA (texture
 * coordinates (0.5, 0.5) for a texturing shader).
 */
static inline void rect_vertices(struct buf *vb, unsigned int at)
{
	static const int corner[6][2] = {
		{ X0, Y0 }, { X1, Y0 }, { X0, Y1 },
		{ X1, Y0 }, { X1, Y1 }, { X0, Y1 },
	};
	float v[8];
	unsigned int i;

	for (i = 0; i < 6; i++) {
		v[0] = 2.0f * corner[i][0] / W - 1;
		v[1] = 2.0f * corner[i][1] / H - 1;
		v[2] = 0.0f;
		v[3] = 1.0f;
		v[4] = 1.0f;
		v[5] = 0.0f;
		v[6] = 1.0f;
		v[7] = 1.0f;
		memcpy(vb->map + (at + i) * VTX_BYTES, v, sizeof(v));
	}
}

/*
 * The offset of pixel (x, y) of the target from its first half: 4x4
 * tiles of 64 bytes in rows of W / 4 tiles, a pixel row in a tile 16
 * bytes; d3_multi-tiled, the tiles of two rows of tiles share one row of
 * each pipe's half, the pipes taking turns (etna_viv doc/hardware.md:
 * "0T0 1T0 0T2 1T2" over "1T1 0T1 1T3 0T3"), the second half
 * RT_BYTES / 2 on.
 */
static inline uint32_t px_offset(unsigned int x, unsigned int y)
{
	unsigned int tx = x / 4, ty = y / 4, in = (y % 4) * 16 + (x % 4) * 4;
	unsigned int pipe, n;

	if (!d3_multi)
		return ty * (W / 4) * 64 + tx * 64 + in;
	pipe = (tx + ty) % 2;
	n = (tx & ~1u) + ty % 2;
	return pipe * (RT_BYTES / 2) + ty / 2 * (W / 4) * 64 + n * 64 + in;
}

/*
 * Every pixel of the target at @off in @rt: @inside in the rectangle,
 * BACKGROUND elsewhere.
 */
static inline bool check_pixels(const struct buf *rt, uint32_t off,
				 uint32_t inside)
{
	unsigned int x, y, bad = 0;
	uint32_t v, want;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			memcpy(&v, rt->map + off + px_offset(x, y), 4);
			want = x >= X0 && x < X1 && y >= Y0 && y < Y1 ?
			       inside : BACKGROUND;
			if (v != want && !bad++)
				fail("pixel (%u, %u) is 0x%08x, want 0x%08x",
				     x, y, v, want);
		}
	if (bad)
		snprintf(why + strlen(why), sizeof(why) - strlen(why),
			 " (%u pixels wrong)", bad);
	return !bad;
}

static inline int submit(struct stream *s, uint32_t *fence, int in_fence)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = d3_pipe, .exec_state = ETNA_PIPE_3D,
		.nr_bos = s->nr_bos, .bos = (uintptr_t)s->bos,
		.nr_relocs = s->nr_relocs, .relocs = (uintptr_t)s->relocs,
		.stream_size = s->n * 4, .stream = (uintptr_t)s->w,
		.fence_fd = in_fence,
		.flags = in_fence >= 0 ? ETNA_SUBMIT_FENCE_FD_IN : 0,
	};
	int ret;

	if (s->n % 2)
		s->w[s->n++] = 0;
	req.stream_size = s->n * 4;
	ret = etna_ioctl(d3_fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	*fence = req.fence;
	return ret;
}

/* The 3D pipe of the device @fd and what its core is, from GET_PARAM. */
static inline bool find_core(int fd)
{
	uint64_t model, f0, minor0, minor1, minor4, pipes, nstreams, softpin;

	d3_fd = fd;

	for (d3_pipe = 0; d3_pipe < ETNA_MAX_PIPES; d3_pipe++)
		if (!etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_FEATURES_0,
				&f0) && f0 & ETNA_FEATURE_PIPE_3D)
			break;
	if (d3_pipe == ETNA_MAX_PIPES)
		return fail("no 3D engine");
	if (etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_MODEL, &model) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_FEATURES_1, &minor0) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_FEATURES_2, &minor1) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_FEATURES_5, &minor4) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_PIXEL_PIPES, &pipes) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_GPU_STREAM_COUNT,
		       &nstreams) ||
	    etna_param(d3_fd, d3_pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
		       &softpin))
		return fail("GET_PARAM failed");
	d3_mmuv1 = softpin == ~0ull;
	d3_pipe_addrs = minor1 & ETNA_MINOR1_HALTI0 && model != 0x880;
	d3_multi = pipes == 2 && !(minor4 & ETNA_MINOR4_SINGLE_BUFFER);
	d3_ranges = model >= 0x1000 || model == 0x880;
	d3_streams = nstreams > 1;
	d3_ts_bits = minor0 & ETNA_MINOR0_2BITPERTILE ? 2 : 4;
	printf("INFO: draw3d/core model 0x%llx, %llu pixel pipes, %llu "
	       "d3_streams, MMUv%d\n", (unsigned long long)model,
	       (unsigned long long)pipes, (unsigned long long)nstreams,
	       d3_mmuv1 ? 1 : 2);
	return d3_mmuv1 || fail("not an MMUv1 core");
}

#endif /* DRAW3D_H */
