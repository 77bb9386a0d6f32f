/* SPDX-License-Identifier: MIT */
/*
 * 3D draws written by hand, for the tests inside the boards (draw3d.c),
 * the benchmark (bench.c) and the fuzzer (fuzz/ops.c): states loaded one by one (etna_viv rnndb
 * state.xml, state_3d.xml), hand-encoded shaders (isa.xml), a render
 * target of W x H pixels, and the 3D core's facts from GET_PARAM.
 * Header-only, as etna.h; its user includes check.h (fail()).
 */
#ifndef DRAW3D_H
#define DRAW3D_H

#include <sys/mman.h>

#include "etna.h"

/* states (etna_viv rnndb state_3d.xml, state.xml) */
#define FE_VERTEX_ELEMENT_CONFIG(n)	(0x0600 + 4 * (n))
#define FE_INDEX_STREAM_BASE_ADDR	0x0644
#define FE_INDEX_STREAM_CONTROL		0x0648
#define FE_VERTEX_STREAM_BASE_ADDR	0x064c
#define FE_VERTEX_STREAM_CONTROL	0x0650
#define FE_VERTEX_STREAMS_BASE_ADDR(n)	(0x0680 + 4 * (n))
#define FE_VERTEX_STREAMS_CONTROL(n)	(0x06a0 + 4 * (n))
#define VS_END_PC			0x0800
#define VS_OUTPUT_COUNT			0x0804
#define VS_INPUT_COUNT			0x0808
#define VS_TEMP_REGISTER_CONTROL	0x080c
#define VS_OUTPUT0			0x0810
#define VS_INPUT0			0x0820
#define VS_START_PC			0x0838
#define VS_RANGE			0x085c
#define PA_VIEWPORT_SCALE_X		0x0a00
#define PA_VIEWPORT_SCALE_Y		0x0a04
#define PA_VIEWPORT_SCALE_Z		0x0a08
#define PA_VIEWPORT_OFFSET_X		0x0a0c
#define PA_VIEWPORT_OFFSET_Y		0x0a10
#define PA_VIEWPORT_OFFSET_Z		0x0a14
#define PA_SYSTEM_MODE			0x0a28	/* b4 HALF_PIXEL_CENTER */
#define PA_CONFIG			0x0a34
#define PA_SHADER_ATTRIBUTES0		0x0a40	/* b0 BYPASS_FLAT */
#define SE_SCISSOR_LEFT			0x0c00
#define SE_SCISSOR_TOP			0x0c04
#define SE_SCISSOR_RIGHT		0x0c08
#define SE_SCISSOR_BOTTOM		0x0c0c
#define SE_CLIP_RIGHT			0x0c20
#define SE_CLIP_BOTTOM			0x0c24
#define PS_END_PC			0x1000
#define PS_OUTPUT_REG			0x1004
#define PS_INPUT_COUNT			0x1008
#define PS_TEMP_REGISTER_CONTROL	0x100c
#define PS_CONTROL			0x1010	/* b1 SATURATE_RT0 */
#define PS_START_PC			0x1018
#define PS_RANGE			0x101c
#define PE_DEPTH_CONFIG			0x1400
#define PE_DEPTH_NORMALIZE		0x140c
#define PE_DEPTH_ADDR			0x1410
#define PE_DEPTH_STRIDE			0x1414
#define PE_STENCIL_CONFIG		0x141c
#define PE_ALPHA_CONFIG			0x1428
#define PE_COLOR_FORMAT			0x142c
#define PE_COLOR_ADDR			0x1430
#define PE_COLOR_STRIDE			0x1434
#define PE_HDEPTH_CONTROL		0x1454
#define PE_PIPE_COLOR_ADDR(n)		(0x1460 + 4 * (n))
#define PE_PIPE_DEPTH_ADDR(n)		(0x1480 + 4 * (n))
#define TS_MEM_CONFIG			0x1654	/* b1 COLOR_FAST_CLEAR */
#define TS_COLOR_STATUS_BASE		0x1658
#define TS_COLOR_SURFACE_BASE		0x165c
#define TE_SAMPLER_CONFIG0(n)		(0x2000 + 4 * (n))
#define TE_SAMPLER_SIZE(n)		(0x2040 + 4 * (n))
#define TE_SAMPLER_LOD_CONFIG(n)	(0x20c0 + 4 * (n))
#define TE_SAMPLER_CONFIG1(n)		(0x21c0 + 4 * (n))
#define TE_SAMPLER_LOD_ADDR(n, l)	(0x2400 + 4 * (n) + 0x40 * (l))
#define GL_FLUSH_CACHE			0x380c	/* b0 DEPTH, b1 COLOR */
#define GL_MULTI_SAMPLE_CONFIG		0x3818
#define GL_OCCLUSION_QUERY_ADDR		0x3824
#define GL_OCCLUSION_QUERY_CONTROL	0x3830
#define VS_INST_MEM			0x4000	/* cores without d3_ranges */
#define PS_INST_MEM			0x6000
#define SH_INST_MEM			0xc000	/* with VS_RANGE, PS_RANGE */

#define CMD_DRAW_PRIMITIVES	0x28000000u
#define CMD_DRAW_INDEXED	0x30000000u
#define PRIM_TRIANGLES		4
#define LS_FIXP			(1u << 26)

/*
 * Shaders (etna_viv rnndb isa.xml): MOV t0.xyzw, t0 (the position); MOV
 * t2.xyzw, t1 (the colour to the output); TEXLD t2.xyzw, tex0, t1.
 */
static const uint32_t vs_mov[] = { 0x07801009, 0, 0, 0x00390008 };
static const uint32_t ps_color[] = { 0x07821009, 0, 0, 0x00390018 };
static const uint32_t ps_tex[] = { 0x07821018, 0x39001f20, 0, 0 };

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
	s->w[s->n - 2] |= LS_FIXP;
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
	ls(s, GL_MULTI_SAMPLE_CONFIG, 0);
	/* two float4 elements (type FLOAT 8, four components) */
	ls(s, FE_VERTEX_ELEMENT_CONFIG(0), 8 | 16u << 24);
	ls(s, FE_VERTEX_ELEMENT_CONFIG(1), 8 | 16u << 16 | 32u << 24);
	ls_reloc(s, d3_streams ? FE_VERTEX_STREAMS_BASE_ADDR(0) :
		 FE_VERTEX_STREAM_BASE_ADDR, vb, 0, false);
	ls(s, d3_streams ? FE_VERTEX_STREAMS_CONTROL(0) :
	   FE_VERTEX_STREAM_CONTROL, VTX_BYTES);
	/* VS: t0 = t0; inputs and outputs t0, t1 */
	ls_code(s, d3_ranges ? SH_INST_MEM : VS_INST_MEM, vs_mov);
	if (d3_ranges)
		ls(s, VS_RANGE, 0);
	ls(s, VS_START_PC, 0);
	ls(s, VS_END_PC, 1);
	ls(s, VS_TEMP_REGISTER_CONTROL, 4);
	ls(s, VS_INPUT_COUNT, 2);
	ls(s, VS_INPUT0, 0 | 1 << 8);
	ls(s, VS_OUTPUT_COUNT, 2);
	ls(s, VS_OUTPUT0, 0 | 1 << 8);
	/* PS: t2 = t1, or its texel; the colour in t2 */
	if (d3_ranges) {
		ls_code(s, SH_INST_MEM + 0x100 * 16,
			textured ? ps_tex : ps_color);
		ls(s, PS_RANGE, 0x100 << 16 | 0x100);
	} else {
		ls_code(s, PS_INST_MEM, textured ? ps_tex : ps_color);
	}
	ls(s, PS_START_PC, 0);
	ls(s, PS_END_PC, 1);
	ls(s, PS_TEMP_REGISTER_CONTROL, 4);
	ls(s, PS_INPUT_COUNT, 2);
	ls(s, PS_OUTPUT_REG, 2);
	ls(s, PS_CONTROL, 1u << 1);
	ls(s, PA_SHADER_ATTRIBUTES0, 1);
	ls(s, PA_CONFIG, 0);
	/* the viewport: W x H pixels, x and y in 16.16 as Mesa loads them */
	lsx(s, PA_VIEWPORT_SCALE_X, (W / 2) << 16);
	lsx(s, PA_VIEWPORT_SCALE_Y, (H / 2) << 16);
	lsx(s, PA_VIEWPORT_OFFSET_X, (W / 2) << 16);
	lsx(s, PA_VIEWPORT_OFFSET_Y, (H / 2) << 16);
	ls(s, PA_VIEWPORT_SCALE_Z, fbits(1.0f));
	ls(s, PA_VIEWPORT_OFFSET_Z, 0);
	ls(s, PA_SYSTEM_MODE, 1u << 4);
	lsx(s, SE_SCISSOR_LEFT, 0);
	lsx(s, SE_SCISSOR_TOP, 0);
	lsx(s, SE_SCISSOR_RIGHT, (w << 16) + 0x1119);
	lsx(s, SE_SCISSOR_BOTTOM, (h << 16) + 0x1111);
	lsx(s, SE_CLIP_RIGHT, (w << 16) + 0xffff);
	lsx(s, SE_CLIP_BOTTOM, (h << 16) + 0xffff);
	/* the colour target, A8R8G8B8 (format 6) with every channel */
	ls(s, PE_COLOR_FORMAT, 6 | 0xf << 8);
	ls(s, PE_COLOR_STRIDE, stride);
	if (d3_pipe_addrs) {
		ls_reloc(s, PE_PIPE_COLOR_ADDR(0), rt, rt_off, true);
		ls_reloc(s, PE_PIPE_COLOR_ADDR(1), rt,
			 rt_off + (d3_multi ? RT_BYTES / 2 : 0), true);
	} else {
		ls_reloc(s, PE_COLOR_ADDR, rt, rt_off, true);
	}
	ls(s, PE_ALPHA_CONFIG, 0);
	ls(s, PE_DEPTH_CONFIG, 0);
	ls(s, PE_DEPTH_NORMALIZE, fbits(65535.0f));
	ls(s, PE_STENCIL_CONFIG, 0);
	ls(s, PE_HDEPTH_CONTROL, 0);
	ls(s, TS_MEM_CONFIG, 0);
	for (i = 0; i < 12; i++)
		ls(s, TE_SAMPLER_CONFIG0(i), 0);
}

/*
 * A depth target of W x H D16 values at @off in @b, the second pixel
 * pipe's half @half bytes further (two pipes), tested LESS and written.
 */
static inline void depth_target(struct stream *s, const struct buf *b,
				uint32_t off, uint32_t half)
{
	ls(s, PE_DEPTH_STRIDE, W * 2);
	if (d3_pipe_addrs) {
		ls_reloc(s, PE_PIPE_DEPTH_ADDR(0), b, off, true);
		ls_reloc(s, PE_PIPE_DEPTH_ADDR(1), b,
			 off + (d3_multi ? half : 0), true);
	} else {
		ls_reloc(s, PE_DEPTH_ADDR, b, off, true);
	}
	/* DEPTH_MODE Z, D16, LESS, WRITE_ENABLE */
	ls(s, PE_DEPTH_CONFIG, 1 | 1u << 8 | 1u << 12);
}

/* The colour tile status at @off in @ts, of the target @rt (offset 0). */
static inline void color_ts(struct stream *s, const struct buf *ts,
			    uint32_t off, const struct buf *rt)
{
	ls(s, TS_MEM_CONFIG, 1u << 1);
	ls_reloc(s, TS_COLOR_STATUS_BASE, ts, off, true);
	ls_reloc(s, TS_COLOR_SURFACE_BASE, rt, 0, true);
}

/* Sampler 0: 8 x 8 A8R8G8B8 texels, 4x4 tiled (256 bytes) at @off in @b. */
static inline void texture_8x8(struct stream *s, const struct buf *b,
			       uint32_t off)
{
	/* 2D, MIN and MAG NEAREST, A8R8G8B8 (7), tiled */
	ls(s, TE_SAMPLER_CONFIG0(0), 2 | 1 << 7 | 1 << 11 | 7 << 13);
	/* swizzle R G B A, HALIGN FOUR */
	ls(s, TE_SAMPLER_CONFIG1(0), 0 << 8 | 1 << 12 | 2 << 16 | 3 << 20);
	ls(s, TE_SAMPLER_SIZE(0), 8 << 16 | 8);
	ls(s, TE_SAMPLER_LOD_CONFIG(0), 0);
	ls_reloc(s, TE_SAMPLER_LOD_ADDR(0, 0), b, off, false);
}

/* 16-bit indices from @off in @b, for draw_indexed(). */
static inline void index_stream(struct stream *s, const struct buf *b,
				uint32_t off)
{
	ls_reloc(s, FE_INDEX_STREAM_BASE_ADDR, b, off, false);
	ls(s, FE_INDEX_STREAM_CONTROL, 1);	/* UNSIGNED_SHORT */
}

/* The draw and the flush of the colour and depth caches after it. */
static inline void draw(struct stream *s, uint32_t first, uint32_t prims)
{
	s->w[s->n++] = CMD_DRAW_PRIMITIVES;
	s->w[s->n++] = PRIM_TRIANGLES;
	s->w[s->n++] = first;
	s->w[s->n++] = prims;
	ls(s, GL_FLUSH_CACHE, 3);
}

static inline void draw_indexed(struct stream *s, uint32_t first,
				uint32_t prims)
{
	s->w[s->n++] = CMD_DRAW_INDEXED;
	s->w[s->n++] = PRIM_TRIANGLES;
	s->w[s->n++] = first;
	s->w[s->n++] = prims;
	s->w[s->n++] = 0;
	s->w[s->n++] = 0;
	ls(s, GL_FLUSH_CACHE, 3);
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
	/* common.xml: chipMinorFeatures1 b23 HALTI0, 4 b6 SINGLE_BUFFER */
	d3_pipe_addrs = minor1 & (1u << 23) && model != 0x880;
	d3_multi = pipes == 2 && !(minor4 & (1u << 6));
	d3_ranges = model >= 0x1000 || model == 0x880;
	d3_streams = nstreams > 1;
	/* common.xml chipMinorFeatures0 b30 2BITPERTILE */
	d3_ts_bits = minor0 & (1u << 30) ? 2 : 4;
	printf("INFO: draw3d/core model 0x%llx, %llu pixel pipes, %llu "
	       "d3_streams, MMUv%d\n", (unsigned long long)model,
	       (unsigned long long)pipes, (unsigned long long)nstreams,
	       d3_mmuv1 ? 1 : 2);
	return d3_mmuv1 || fail("not an MMUv1 core");
}

#endif /* DRAW3D_H */
