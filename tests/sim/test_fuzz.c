// SPDX-License-Identifier: GPL-2.0-only
/*
 * A seeded hostile-state fuzzer of the model (issue 30, item 5): the model
 * runs inside the kernel, so whatever a command stream loads must give
 * defined results with bounded work. Each stream starts from states a
 * driver would load and mutates them at random: the 3D pipeline's
 * (vertex elements and streams, the programs and their uniforms, the
 * viewport, scissor, point and line sizes, the pixel engine, the tile
 * status, the samplers) with NaN, infinities, huge and tiny values among
 * them, random vertex, index and texel bytes, and a random draw; the 2D
 * engine's states and rectangles; the resolve engine's. The texture unit
 * also takes random lookups on random sampler states directly. Cores:
 * GC2000 and GC880 (MMUv1), GC3000 (MMUv2, MMU off), GC320 and GC600 (2D).
 *
 * Built with ASan and UBSan (float-cast-overflow too, see the Makefile):
 * an undefined operation or a bad access ends the program. Each
 * vgc_fe_run() call must return after bounded work: the primitives,
 * vertices, shaded pixels, shader instructions and 2D and resolve pixels
 * of one call stay within what its budget of units allows (an engine may
 * overrun by one operation's worth). A stream stops after CALLS calls.
 *
 * make check runs each target below on a fixed seed; a longer run:
 * build/tests/sim-fuzz [-n STREAMS] [-s SEED] (STREAMS per target).
 */

#define MEM_SIZE	(4u << 20)
#include "sim_test.h"
#include "sh_enc.h"
#include "vgc_sh.h"
#include "vgc_tx.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define CMD	0x1000u		/* the stream, up to 60 KiB */
#define VB	0x10000u	/* vertices, 64 KiB */
#define IB	0x20000u	/* indices, 64 KiB */
#define TEX	0x30000u	/* texels, 192 KiB */
#define SRC	0x60000u	/* 2D and RS sources, 640 KiB */
#define RT	0x100000u	/* render target and destinations, 1 MiB */
#define ZB	0x200000u	/* depth, 1 MiB */
#define TSB	0x300000u	/* tile status, 64 KiB */
#define CALLS	100		/* vgc_fe_run() calls a stream may take */
#define BUDGET	64		/* FE commands a call */
/* the units of a call (vgc_fe_run()), and what one operation may overrun */
#define UNITS	((uint64_t)VGC_DE_SPAN * VGC_DE_RUN_CHUNKS)
#define OVERRUN	((uint64_t)VGC_SH_DEFAULT_STEPS * 4 + 4 * VGC_DE_SPAN)

static uint32_t seed;
static uint32_t at;	/* where the next command goes */
static uint32_t gb;	/* GPU address of mem[0] */
static unsigned int streams = 60;

static uint32_t rnd(void)
{
	return sim_rnd(&seed);
}

static uint32_t below(uint32_t n)
{
	return rnd() % n;
}

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* A float's bits: NaN, infinities, extremes, zeros, any bits, ordinary. */
static uint32_t hfloat(void)
{
	static const uint32_t special[] = {
		0x7fc00000, 0xffc00000, 0x7f800000, 0xff800000, 0x7f7fffff,
		0xff7fffff, 0x00000001, 0x80000000, 0, 0x5f000000, 0xdf000000,
		0x4f800000, 0x7e967699, 0x3f800000, 0xbf800000, 0x33d6bf95,
		0x4b800000, 0x47000000,
	};

	switch (below(5)) {
	case 0:
		return special[below(ARRAY_SIZE(special))];
	case 1:
		return rnd();
	case 2:
		return fbits((float)below(4096) - 2048.0f);
	default:
		return fbits(((float)below(2000000) - 1000000.0f) / 1000.0f);
	}
}

/* A GPU address: mostly into one of the areas, sometimes anywhere. */
static uint32_t addr(void)
{
	static const uint32_t area[] = { VB, IB, TEX, SRC, RT, ZB, TSB };

	if (!below(8))
		return rnd();
	return gb + area[below(ARRAY_SIZE(area))] + (below(4) ? 0 :
							below(0x10000) & ~3u);
}

/* A 32-bit value: small, a power of two, a field's worth, or any. */
static uint32_t val(void)
{
	switch (below(4)) {
	case 0:
		return below(16);
	case 1:
		return 1u << below(32);
	case 2:
		return below(0x10000);
	default:
		return rnd();
	}
}

static void st(uint32_t reg, uint32_t v)
{
	if (at < CMD + 0xf000)
		at = emit_states(at, reg, &v, 1, 0);
}

static void stx(uint32_t reg, uint32_t v)	/* 16.16 fixed point */
{
	if (at < CMD + 0xf000)
		at = emit_states(at, reg, &v, 1, VGC_LS_FIXP);
}

/* One of the states of @regs, loaded with a hostile value. */
static void mutate(const uint32_t *regs, unsigned int n)
{
	uint32_t reg = regs[below(n)];

	switch (below(3)) {
	case 0:
		st(reg, hfloat());
		break;
	case 1:
		st(reg, val());
		break;
	default:
		st(reg, addr());
		break;
	}
}

static void fill(uint32_t off, uint32_t len, bool floats)
{
	uint32_t i, v;

	for (i = 0; i < len; i += 4) {
		v = floats && below(4) ? fbits((float)below(200) / 100.0f -
					       1.0f) : hfloat();
		if (!floats && below(2))
			v = rnd();
		memcpy(mem + off + i, &v, 4);
	}
}

/* ---- 3D ------------------------------------------------------------- */

static void program(bool vs, const struct ins *code, unsigned int n)
{
	uint32_t w[8 * 4], base = vs ? 0 : 0x100;
	unsigned int i;

	for (i = 0; i < n; i++)
		encode(&code[i], &w[i * 4]);
	if (!below(8))		/* a random instruction word */
		w[below(n * 4)] = rnd();
	for (i = 0; i < n * 4; i++)
		st(VGC_SH_INST_MEM + (base * 4 + i) * 4, w[i]);
	st(vs ? VGC_VS_RANGE : VGC_PS_RANGE, (base + n - 1) << 16 | base);
	st(vs ? VGC_VS_START_PC : VGC_PS_START_PC, 0);
	st(vs ? VGC_VS_END_PC : VGC_PS_END_PC, n);
	st(vs ? VGC_VS_TEMP_REGISTER_CONTROL : VGC_PS_TEMP_REGISTER_CONTROL,
	   4 + below(4));
}

/* Valid-looking states of a textured, depth-tested draw to mutate. */
static void base_3d(struct vgc_core *c)
{
	const struct ins vs[] = {
		alu(VGC_OPC_MAD, 1, MZ, T(0, ZZZZ), U(0, XXXX), U(0, YYYY)),
		alu(VGC_OPC_MOV, 0, MW, NONE, NONE, U(0, WWWW)),
	};
	struct ins tex = alu(VGC_OPC_TEXLD, 2, MXYZW, T(1, XYZW), NONE, NONE);
	const struct ins ps[] = {
		tex,
		alu(VGC_OPC_MUL, 2, MX | MY | MZ, T(2, XYZW), T(1, ZZZZ), NONE),
		alu(VGC_OPC_ADD, 2, MW, T(2, WWWW), NONE, U(0, XXXX)),
	};
	unsigned int i, n = 1 + below(4);

	st(VGC_GL_PIPE_SELECT, 0);
	for (i = 0; i < n; i++)
		st(VGC_FE_VERTEX_ELEMENT_CONFIG(i),
		   (below(4) ? VGC_FE_DT_FLOAT : below(16)) |
		   (1 + below(4)) << 12 | (i * 16) << 16 | below(2) << 7 |
		   (below(8) ? 0 : below(8)) << 8);
	st(VGC_FE_VERTEX_STREAMS_BASE_ADDR(0), gb + VB);
	st(VGC_FE_VERTEX_STREAMS_CONTROL(0), n * 16);
	st(VGC_NFE_VERTEX_STREAMS_BASE_ADDR(0), gb + VB);
	st(VGC_NFE_VERTEX_STREAMS_CONTROL(0), n * 16);
	st(VGC_FE_VERTEX_STREAM_BASE_ADDR, gb + VB);
	st(VGC_FE_VERTEX_STREAM_CONTROL, n * 16);
	st(VGC_FE_INDEX_STREAM_BASE_ADDR, gb + IB);
	st(VGC_FE_INDEX_STREAM_CONTROL, below(4) | below(2) << 8);
	program(true, vs, ARRAY_SIZE(vs));
	tex.tex = below(2);
	tex.tswiz = XYZW;
	program(false, ps, ARRAY_SIZE(ps));
	for (i = 0; i < 8; i++) {
		st(VGC_VS_UNIFORMS + 4 * i, hfloat());
		st(VGC_PS_UNIFORMS + 4 * i, hfloat());
		st(VGC_SH_UNIFORMS + 4 * i, hfloat());
	}
	st(VGC_VS_INPUT_COUNT, n | below(2) << 8);
	st(VGC_VS_INPUT(0), 0 | 1 << 8 | 2 << 16 | 3 << 24);
	st(VGC_VS_OUTPUT_COUNT, 1 + below(3));
	st(VGC_VS_OUTPUT(0), 0 | 1 << 8 | 2 << 16);
	st(VGC_PS_INPUT_COUNT, 1 + below(4));
	st(VGC_PS_OUTPUT_REG, 2);
	st(VGC_PS_CONTROL, below(2) ? VGC_PS_SATURATE_RT0 : 0);
	st(VGC_PA_SHADER_ATTRIBUTES(0), below(2) ? VGC_PA_ATTR_BYPASS_FLAT : 0);
	stx(VGC_PA_VIEWPORT_SCALE_X, 32u << 16);
	stx(VGC_PA_VIEWPORT_SCALE_Y, 32u << 16);
	stx(VGC_PA_VIEWPORT_OFFSET_X, 32u << 16);
	stx(VGC_PA_VIEWPORT_OFFSET_Y, 32u << 16);
	st(VGC_PA_VIEWPORT_SCALE_Z, fbits(0.5f));
	st(VGC_PA_VIEWPORT_OFFSET_Z, fbits(0.5f));
	st(VGC_PA_SYSTEM_MODE, below(4));
	st(VGC_PA_CONFIG, val());
	stx(VGC_SE_SCISSOR_LEFT, 0);
	stx(VGC_SE_SCISSOR_TOP, 0);
	stx(VGC_SE_SCISSOR_RIGHT, 64u << 16);
	stx(VGC_SE_SCISSOR_BOTTOM, 64u << 16);
	stx(VGC_SE_CLIP_RIGHT, 64u << 16);
	stx(VGC_SE_CLIP_BOTTOM, 64u << 16);
	st(VGC_PE_COLOR_FORMAT, below(8) | below(16) << 8 |
	   (below(2) ? VGC_PE_CF_SUPER : 0));
	st(VGC_PE_COLOR_ADDR, gb + RT);
	st(VGC_PE_PIPE_COLOR_ADDR(0), gb + RT);
	st(VGC_PE_PIPE_COLOR_ADDR(1), gb + RT + 0x40000);
	st(VGC_PE_COLOR_STRIDE, 256);
	st(VGC_PE_DEPTH_CONFIG, val());
	st(VGC_PE_DEPTH_NORMALIZE, below(2) ? fbits(65535.0f) : hfloat());
	st(VGC_PE_DEPTH_ADDR, gb + ZB);
	st(VGC_PE_PIPE_DEPTH_ADDR(0), gb + ZB);
	st(VGC_PE_PIPE_DEPTH_ADDR(1), gb + ZB + 0x40000);
	st(VGC_PE_DEPTH_STRIDE, 256);
	st(VGC_PE_STENCIL_CONFIG, val());
	st(VGC_PE_STENCIL_OP, rnd());
	st(VGC_PE_ALPHA_OP, val());
	st(VGC_PE_ALPHA_CONFIG, rnd());
	st(VGC_TS_MEM_CONFIG, below(4));
	st(VGC_TS_COLOR_STATUS_BASE, gb + TSB);
	st(VGC_TS_COLOR_SURFACE_BASE, gb + RT);
	st(VGC_TS_COLOR_CLEAR_VALUE, rnd());
	st(VGC_TS_DEPTH_STATUS_BASE, gb + TSB + 0x8000);
	st(VGC_TS_DEPTH_SURFACE_BASE, gb + ZB);
	st(VGC_TS_DEPTH_CLEAR_VALUE, rnd());
	for (i = 0; i < 2; i++) {
		uint32_t cfg0 = rnd() & ~(0x3u << 3 | 0x3u << 5);

		cfg0 |= below(3) << 3 | below(3) << 5;
		st(VGC_TE_CONFIG0(i), below(2) ? cfg0 : VGC_TEX_TYPE_2D |
		   VGC_TEX_FILTER_LINEAR << 7 | VGC_TEX_FILTER_LINEAR << 11 |
		   VGC_TEX_FMT_A8B8G8R8 << 13);
		st(VGC_TE_CONFIG1(i), below(2) ? rnd() : 0x3210u << 8);
		st(VGC_TE_SIZE(i), below(2) ? (1u << below(8)) |
		   (1u << below(8)) << 16 : rnd());
		st(VGC_TE_LOD_CONFIG(i), val());
		st(VGC_TE_LOD_ADDR(i, 0), gb + TEX);
		st(VGC_TE_LOD_ADDR(i, 1), addr());
		st(VGC_TE_3D_CONFIG(i), val());
		st(VGC_NTE_CONFIG0(i), below(2) ? cfg0 : rnd());
		st(VGC_NTE_CONFIG1(i), rnd());
		st(VGC_NTE_SIZE(i), rnd());
		st(VGC_NTE_LOD_CONFIG(i), val());
		st(VGC_NTE_ADDR_LOD(i, 0), gb + TEX);
		st(VGC_NTE_BASELOD(i), val());
	}
}

/* The states the mutations pick from. */
static const uint32_t states_3d[] = {
	VGC_PA_VIEWPORT_SCALE_X, VGC_PA_VIEWPORT_SCALE_Y,
	VGC_PA_VIEWPORT_SCALE_Z, VGC_PA_VIEWPORT_OFFSET_X,
	VGC_PA_VIEWPORT_OFFSET_Y, VGC_PA_VIEWPORT_OFFSET_Z,
	VGC_PA_LINE_WIDTH, VGC_PA_POINT_SIZE, VGC_PA_SYSTEM_MODE,
	VGC_PA_CONFIG, VGC_SE_SCISSOR_LEFT, VGC_SE_SCISSOR_TOP,
	VGC_SE_SCISSOR_RIGHT, VGC_SE_SCISSOR_BOTTOM, VGC_SE_CLIP_RIGHT,
	VGC_SE_CLIP_BOTTOM, VGC_PE_DEPTH_CONFIG, VGC_PE_DEPTH_NORMALIZE,
	VGC_PE_DEPTH_STRIDE, VGC_PE_COLOR_STRIDE, VGC_PE_COLOR_FORMAT,
	VGC_PE_ALPHA_OP, VGC_PE_ALPHA_BLEND_COLOR, VGC_PE_ALPHA_CONFIG,
	VGC_PE_STENCIL_OP, VGC_PE_STENCIL_CONFIG, VGC_PE_STENCIL_CONFIG_EXT,
	VGC_PE_STENCIL_CONFIG_EXT2, VGC_PE_COLOR_ADDR, VGC_PE_DEPTH_ADDR,
	VGC_TS_MEM_CONFIG, VGC_TS_COLOR_STATUS_BASE, VGC_TS_COLOR_SURFACE_BASE,
	VGC_TS_DEPTH_STATUS_BASE, VGC_TS_DEPTH_SURFACE_BASE,
	VGC_FE_VERTEX_ELEMENT_CONFIG(0), VGC_FE_VERTEX_ELEMENT_CONFIG(1),
	VGC_FE_VERTEX_STREAMS_CONTROL(0), VGC_FE_VERTEX_STREAM_CONTROL,
	VGC_NFE_VERTEX_STREAMS_CONTROL(0), VGC_FE_VERTEX_STREAM_BASE_ADDR,
	VGC_FE_INDEX_STREAM_CONTROL, VGC_FE_PRIMITIVE_RESTART_INDEX,
	VGC_VS_INPUT_COUNT, VGC_VS_OUTPUT_COUNT, VGC_VS_OUTPUT(0),
	VGC_VS_INPUT(0), VGC_PS_INPUT_COUNT, VGC_PS_OUTPUT_REG,
	VGC_VS_TEMP_REGISTER_CONTROL, VGC_PS_TEMP_REGISTER_CONTROL,
	VGC_VS_RANGE, VGC_PS_RANGE, VGC_VS_END_PC, VGC_PS_END_PC,
	VGC_VS_UNIFORMS, VGC_PS_UNIFORMS, VGC_VS_UNIFORM_BASE,
	VGC_PS_UNIFORM_BASE, VGC_PA_SHADER_ATTRIBUTES(0),
	VGC_TE_CONFIG0(0), VGC_TE_CONFIG1(0), VGC_TE_SIZE(0),
	VGC_TE_LOD_CONFIG(0), VGC_TE_3D_CONFIG(0), VGC_TE_LINEAR_STRIDE(0, 0),
	VGC_NTE_CONFIG0(0), VGC_NTE_SIZE(0), VGC_NTE_LOD_CONFIG(0),
	VGC_NTE_BASELOD(0), VGC_NTE_LINEAR_STRIDE(0),
};

/* A draw: any type, first, count, bias; now and then a huge one. */
static void draw(void)
{
	uint32_t op = below(3), count = below(8) ? below(40) : val();
	uint32_t *w = w32(at);

	if (at >= CMD + 0xf000)
		return;
	switch (op) {
	case 0:
		w[0] = 0x28000000u;	/* DRAW_PRIMITIVES */
		w[1] = below(10);
		w[2] = below(4) ? below(16) : rnd();
		w[3] = count;
		at += 16;
		break;
	case 1:
		w[0] = 0x30000000u;	/* DRAW_INDEXED_PRIMITIVES */
		w[1] = below(10);
		w[2] = below(4) ? below(16) : rnd();
		w[3] = count;
		w[4] = below(4) ? 0 : rnd();
		w[5] = 0;
		at += 24;
		break;
	default:
		w[0] = 0x60000000u | below(10) << 16 | below(2) << 20 |
		       (below(4) ? 1 + below(3) : val() & 0xffff);
		w[1] = (below(4) ? below(64) : rnd()) & 0xffffff;
		w[2] = below(4) ? below(16) : rnd();
		w[3] = 0;
		at += 16;
		break;
	}
}

static void stream_3d(struct vgc_core *c)
{
	unsigned int i, n = below(12);

	fill(VB, 0x10000, true);
	fill(IB, 0x10000, false);
	fill(TEX, 0x30000, false);
	fill(TSB, 0x10000, false);
	base_3d(c);
	for (i = 0; i < n; i++)
		mutate(states_3d, ARRAY_SIZE(states_3d));
	draw();
	if (below(2)) {
		mutate(states_3d, ARRAY_SIZE(states_3d));
		draw();
	}
}

/* ---- 2D and the resolve engine ---------------------------------------- */

static const uint32_t states_2d[] = {
	VGC_DE_SRC_ADDRESS, VGC_DE_SRC_STRIDE, VGC_DE_SRC_ROTATION_CONFIG,
	VGC_DE_SRC_CONFIG, VGC_DE_SRC_ORIGIN, VGC_DE_SRC_SIZE,
	VGC_DE_SRC_COLOR_BG, VGC_DE_SRC_COLOR_FG, VGC_DE_STRETCH_FACTOR_LOW,
	VGC_DE_STRETCH_FACTOR_HIGH, VGC_DE_DEST_ADDRESS, VGC_DE_DEST_STRIDE,
	VGC_DE_DEST_ROTATION_CONFIG, VGC_DE_DEST_CONFIG, VGC_DE_PATTERN_CONFIG,
	VGC_DE_PATTERN_LOW, VGC_DE_PATTERN_HIGH, VGC_DE_PATTERN_BG_COLOR,
	VGC_DE_PATTERN_FG_COLOR, VGC_DE_ROP, VGC_DE_CLIP_TOP_LEFT,
	VGC_DE_CLIP_BOTTOM_RIGHT, VGC_DE_CLEAR_BYTE_MASK, VGC_DE_CONFIG,
	VGC_DE_CLEAR_PIXEL_VALUE_LOW, VGC_DE_CLEAR_PIXEL_VALUE_HIGH,
	VGC_DE_DEST_ROTATION_HEIGHT, VGC_DE_SRC_ROTATION_HEIGHT,
	VGC_DE_ROT_ANGLE, VGC_DE_CLEAR_PIXEL_VALUE32, VGC_DE_PE_TRANSPARENCY,
};

static void stream_2d(struct vgc_core *c)
{
	unsigned int i, n = 1 + below(4), data = below(4) ? 0 : below(64);
	uint32_t *w;

	fill(SRC, 0x20000, false);
	st(VGC_GL_PIPE_SELECT, 1);
	st(VGC_DE_SRC_ADDRESS, gb + SRC);
	st(VGC_DE_SRC_STRIDE, 1024);
	st(VGC_DE_DEST_ADDRESS, gb + RT);
	st(VGC_DE_DEST_STRIDE, 1024);
	st(VGC_DE_DEST_ROTATION_CONFIG, 256 | below(2) << 16);
	st(VGC_DE_DEST_ROTATION_HEIGHT, 256);
	st(VGC_DE_SRC_ROTATION_CONFIG, 256);
	st(VGC_DE_SRC_ROTATION_HEIGHT, 256);
	st(VGC_DE_CLIP_TOP_LEFT, 0);
	st(VGC_DE_CLIP_BOTTOM_RIGHT, 256u << 16 | 256);
	st(VGC_DE_DEST_CONFIG, below(7) | below(4) << 12 | below(4) << 16);
	st(VGC_DE_SRC_CONFIG, below(11) << 24 | (rnd() & 0x00ffffff));
	st(VGC_DE_ROP, rnd());
	for (i = 0; i < 2 + below(8); i++)
		mutate(states_2d, ARRAY_SIZE(states_2d));
	if (at >= CMD + 0xe000)
		return;
	w = w32(at);
	w[0] = 0x20000000u | data << 16 | n << 8;	/* DRAW_2D */
	w[1] = 0;
	for (i = 0; i < n; i++) {
		w[2 + 2 * i] = below(4) ? below(300) | below(300) << 16 : rnd();
		w[3 + 2 * i] = below(4) ? below(300) | below(300) << 16 : rnd();
	}
	for (i = 0; i < data; i++)
		w[2 + 2 * n + i] = rnd();
	at += 8 + 8 * n + ((data + 1) & ~1u) * 4;
}

static const uint32_t states_rs[] = {
	VGC_RS_CONFIG, VGC_RS_SOURCE_ADDR, VGC_RS_SOURCE_STRIDE,
	VGC_RS_DEST_ADDR, VGC_RS_DEST_STRIDE, VGC_RS_WINDOW_SIZE,
	VGC_RS_DITHER(0), VGC_RS_DITHER(1), VGC_RS_CLEAR_CONTROL,
	VGC_RS_FILL_VALUE(0), VGC_RS_FILL_VALUE(1), VGC_RS_EXTRA_CONFIG,
	VGC_RS_SINGLE_BUFFER, VGC_RS_PIPE_SOURCE_ADDR(0),
	VGC_RS_PIPE_SOURCE_ADDR(1), VGC_RS_PIPE_DEST_ADDR(0),
	VGC_RS_PIPE_DEST_ADDR(1), VGC_RS_PIPE_OFFSET(0), VGC_RS_PIPE_OFFSET(1),
	VGC_TS_MEM_CONFIG, VGC_TS_COLOR_STATUS_BASE, VGC_TS_COLOR_SURFACE_BASE,
	VGC_TS_COLOR_CLEAR_VALUE, VGC_TS_DEPTH_STATUS_BASE,
	VGC_TS_DEPTH_SURFACE_BASE,
};

static void stream_rs(struct vgc_core *c)
{
	unsigned int i;

	fill(SRC, 0x20000, false);
	fill(TSB, 0x10000, false);
	st(VGC_RS_CONFIG, (VGC_RS_FMT_A8R8G8B8 * 0x101u) | below(2) << 7 |
	   below(2) << 14);
	st(VGC_RS_SOURCE_ADDR, gb + SRC);
	st(VGC_RS_PIPE_SOURCE_ADDR(0), gb + SRC);
	st(VGC_RS_PIPE_SOURCE_ADDR(1), gb + SRC + 0x40000);
	st(VGC_RS_SOURCE_STRIDE, 1024 | below(4) << 30);
	st(VGC_RS_DEST_ADDR, gb + RT);
	st(VGC_RS_PIPE_DEST_ADDR(0), gb + RT);
	st(VGC_RS_PIPE_DEST_ADDR(1), gb + RT + 0x40000);
	st(VGC_RS_DEST_STRIDE, 1024 | below(4) << 30);
	st(VGC_RS_WINDOW_SIZE, (16u << below(5)) | (4u << below(6)) << 16);
	st(VGC_RS_DITHER(0), ~0u);
	st(VGC_RS_DITHER(1), ~0u);
	st(VGC_RS_CLEAR_CONTROL, below(2) << 16 | below(16));
	st(VGC_RS_FILL_VALUE(0), rnd());
	st(VGC_RS_EXTRA_CONFIG, 0);
	st(VGC_RS_PIPE_OFFSET(1), below(64) << 16);
	st(VGC_TS_COLOR_STATUS_BASE, gb + TSB);
	st(VGC_TS_COLOR_SURFACE_BASE, gb + SRC);
	for (i = 0; i < below(8); i++)
		mutate(states_rs, ARRAY_SIZE(states_rs));
	if (below(4))
		st(VGC_RS_KICKER, 0xbeadbeef);
	else
		st(VGC_RS_KICKER_INPLACE, val());
}

/* ---- running a stream ------------------------------------------------- */

static void setup_core(struct vgc_core *c, const char *name)
{
	vgc_init(c, vgc_ident_find(name), &ops, NULL);
	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PEZ, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_RA, MEM_BASE);
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	gb = vgc_caps(c)->mmuv2 ? MEM_BASE : 0;
}

/* What one call may do: its units, and one operation's overrun. */
static void check_call(const struct vgc_stats *a, const struct vgc_stats *b)
{
	const uint64_t lim = UNITS + OVERRUN;

	if (b->primitives_3d - a->primitives_3d > lim ||
	    b->vertices_3d - a->vertices_3d > lim ||
	    b->pixels_shaded - a->pixels_shaded > 4 * lim ||
	    b->sh_insns - a->sh_insns > lim + OVERRUN ||
	    b->de_pixels - a->de_pixels > lim ||
	    b->rs_pixels - a->rs_pixels > lim ||
	    b->commands - a->commands > BUDGET)
		fail("seed 0x%08x: one call did unbounded work: %llu "
		     "primitives, %llu vertices, %llu pixels shaded, %llu "
		     "instructions, %llu 2D and %llu RS pixels", seed,
		     (unsigned long long)(b->primitives_3d - a->primitives_3d),
		     (unsigned long long)(b->vertices_3d - a->vertices_3d),
		     (unsigned long long)(b->pixels_shaded - a->pixels_shaded),
		     (unsigned long long)(b->sh_insns - a->sh_insns),
		     (unsigned long long)(b->de_pixels - a->de_pixels),
		     (unsigned long long)(b->rs_pixels - a->rs_pixels));
}

static void run_stream(struct vgc_core *c)
{
	struct vgc_stats before;
	unsigned int calls;

	at = emit(at, OP_END, 0);
	start(c, gb + CMD, (at - CMD) / 8);
	for (calls = 0; calls < CALLS; calls++) {
		before = c->stats;
		if (vgc_fe_run(c, BUDGET) == VGC_RUN_IDLE)
			break;
		check_call(&before, &c->stats);
	}
	/* what a driver's recovery does */
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
}

/* @streams streams of @gen each on a fresh core @name; a stream a seed */
static void fuzz(struct vgc_core *c, const char *name,
		 void (*gen)(struct vgc_core *c), uint32_t salt)
{
	uint32_t base = seed;
	unsigned int i;

	for (i = 0; i < streams && !test_failed; i++) {
		seed = base ^ (salt * 0x9e3779b9u) ^ (i * 0x85ebca6bu);
		if (!seed)
			seed = 1;
		setup_core(c, name);
		at = CMD;
		gen(c);
		run_stream(c);
	}
	seed = base;
}

static void t_3d_gc2000(struct vgc_core *c)
{
	fuzz(c, "gc2000", stream_3d, 1);
}

static void t_3d_gc880(struct vgc_core *c)
{
	fuzz(c, "gc880", stream_3d, 2);
}

static void t_3d_gc3000(struct vgc_core *c)
{
	fuzz(c, "gc3000", stream_3d, 3);
}

static void t_2d_gc320(struct vgc_core *c)
{
	fuzz(c, "gc320", stream_2d, 4);
}

static void t_2d_gc600(struct vgc_core *c)
{
	fuzz(c, "gc600", stream_2d, 5);
}

static void t_rs_gc2000(struct vgc_core *c)
{
	fuzz(c, "gc2000", stream_rs, 6);
}

static void t_rs_gc3000(struct vgc_core *c)
{
	fuzz(c, "gc3000", stream_rs, 7);
}

/* The texture unit alone: random sampler states, random lookups. */
static void t_tx(struct vgc_core *c)
{
	static const char *const cores[] = { "gc2000", "gc880", "gc3000" };
	uint32_t base = seed;
	unsigned int i, k, s;

	for (i = 0; i < streams * 4 && !test_failed; i++) {
		seed = base ^ (i * 0x85ebca6bu) ^ 0x5bd1e995u;
		if (!seed)
			seed = 1;
		setup_core(c, cores[i % ARRAY_SIZE(cores)]);
		fill(TEX, 0x30000, false);
		for (s = 0; s < 2; s++) {
			vgc_write(c, VGC_TE_CONFIG0(s), rnd());
			vgc_write(c, VGC_TE_CONFIG1(s), rnd());
			vgc_write(c, VGC_TE_SIZE(s), below(2) ? rnd() :
				  (1u << below(12)) | (1u << below(12)) << 16);
			vgc_write(c, VGC_TE_LOD_CONFIG(s), rnd());
			vgc_write(c, VGC_TE_3D_CONFIG(s), rnd());
			vgc_write(c, VGC_TE_LINEAR_STRIDE(s, 0), val());
			vgc_write(c, VGC_NTE_CONFIG0(s), rnd());
			vgc_write(c, VGC_NTE_CONFIG1(s), rnd());
			vgc_write(c, VGC_NTE_SIZE(s), rnd());
			vgc_write(c, VGC_NTE_LOD_CONFIG(s), rnd());
			vgc_write(c, VGC_NTE_BASELOD(s), rnd());
			vgc_write(c, VGC_NTE_LINEAR_STRIDE(s), val());
			for (k = 0; k < VGC_TE_LODS; k++) {
				vgc_write(c, VGC_TE_LOD_ADDR(s, k), addr());
				vgc_write(c, VGC_NTE_ADDR_LOD(s, k), addr());
			}
		}
		for (k = 0; k < 16; k++) {
			struct vgc_sh_tex_req req = { 0 };
			float out[4];

			req.sampler = below(3);
			req.mode = below(4);
			for (s = 0; s < 4; s++) {
				req.coord[s] = vgc_u2f(hfloat());
				req.ddx[s] = vgc_u2f(hfloat());
				req.ddy[s] = vgc_u2f(hfloat());
			}
			req.lod = vgc_u2f(hfloat());
			req.has_ref = below(2);
			req.ref = vgc_u2f(hfloat());
			vgc_tx_sample(c, &req, out);
		}
	}
	seed = base;
}

int main(int argc, char **argv)
{
	int i;

	seed = 0x1e5eed;
	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "-n"))
			streams = strtoul(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "-s"))
			seed = strtoul(argv[i + 1], NULL, 0);
	}
	if (!seed)
		seed = 1;
	if (sim_test_begin())
		return 1;
	printf("# sim-fuzz: %u streams a target, seed 0x%08x\n", streams,
	       seed);
	run_test("fuzz/3d-gc2000", t_3d_gc2000, "gc2000");
	run_test("fuzz/3d-gc880", t_3d_gc880, "gc880");
	run_test("fuzz/3d-gc3000", t_3d_gc3000, "gc3000");
	run_test("fuzz/2d-gc320", t_2d_gc320, "gc320");
	run_test("fuzz/2d-gc600", t_2d_gc600, "gc600");
	run_test("fuzz/rs-gc2000", t_rs_gc2000, "gc2000");
	run_test("fuzz/rs-gc3000", t_rs_gc3000, "gc3000");
	run_test("fuzz/texture-unit", t_tx, "gc2000");
	return sim_test_end("sim-fuzz");
}
