/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The 3D pipeline's tests' helpers (test_3d.c, test_depth.c,
 * test_blend.c): a command stream of states and draws, the pipeline Mesa
 * would set up for a pass-through vertex shader and a pixel shader that
 * outputs its varying, vertices, and the pixels of 4x4-tiled surfaces.
 * Include after sim_test.h and sh_enc.h.
 */
#ifndef DRAW3D_H
#define DRAW3D_H


#define CMD	0x1000u		/* command stream */
#define VB	0x40000u	/* vertex buffer */
#define IB	0x48000u	/* index buffer */
#define RT	0x50000u	/* render target, W x H, 4 bytes a pixel */
#define ZB	0x60000u	/* depth buffer */
#define TSB	0x70000u	/* tile status */
#define W	64
#define H	64
#define STRIDE	(W * 4)		/* bytes of a row of pixels */

/* ---- shaders ----------------------------------------------------------- */

/* MOV t@d.xyzw, @rg@r.xyzw (a MOV reads its third operand) */
static inline void mov(uint32_t w[4], unsigned int d, unsigned int rg,
		       unsigned int r)
{
	w[0] = VGC_ISA0_PUT_OPCODE(VGC_OPC_MOV) | VGC_ISA0_DST_USE |
	       VGC_ISA0_PUT_DST_REG(d) | VGC_ISA0_PUT_DST_COMPS(15);
	w[1] = 0;
	w[2] = 0;
	w[3] = VGC_ISA3_SRC2_USE | VGC_ISA3_PUT_SRC2_REG(r) |
	       VGC_ISA3_PUT_SRC2_SWIZ(0xe4) | VGC_ISA3_PUT_SRC2_RGROUP(rg);
}

/* ---- the command stream ------------------------------------------------ */

static uint32_t at;
/* what a GPU address adds to an offset in mem: MMUv2 cores, MMU off, see
 * physical addresses; MMUv1 cores the linear window at MEM_BASE */
static uint32_t gb;

static inline void states(uint32_t reg, const uint32_t *v, unsigned int n,
			  bool fixp)
{
	at = emit_states(at, reg, v, n, fixp ? VGC_LS_FIXP : 0);
}

static inline void st(uint32_t reg, uint32_t v)
{
	states(reg, &v, 1, false);
}

static inline void stx(uint32_t reg, uint32_t v)	/* 16.16 fixed point */
{
	states(reg, &v, 1, true);
}

static inline void draw(uint32_t type, uint32_t first, uint32_t prims)
{
	w32(at)[0] = 0x28000000u;	/* DRAW_PRIMITIVES */
	w32(at)[1] = type;
	w32(at)[2] = first;
	w32(at)[3] = prims;
	at += 16;
}

static inline void draw_indexed(uint32_t type, uint32_t first, uint32_t prims,
			 uint32_t bias)
{
	w32(at)[0] = 0x30000000u;	/* DRAW_INDEXED_PRIMITIVES */
	w32(at)[1] = type;
	w32(at)[2] = first;
	w32(at)[3] = prims;
	w32(at)[4] = bias;
	w32(at)[5] = 0;
	at += 24;
}

/* Run the stream to its END; the number of vgc_fe_run() calls. */
static inline unsigned int run(struct vgc_core *c)
{
	unsigned int calls = 0;

	at = emit(at, OP_END, 0);
	if (vgc_get_ident(c)->security) {
		/* a security core starts its FE through the secure state */
		vgc_write(c, VGC_FE_COMMAND_ADDRESS, gb + CMD);
		vgc_write(c, VGC_SEC_COMMAND_CONTROL,
			  VGC_FE_CONTROL_ENABLE | ((at - CMD) / 8));
	} else {
		start(c, gb + CMD, (at - CMD) / 8);
	}
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 10000000)
		calls++;
	EXPECT_EQ(c->stats.bad_commands, 0);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	return calls;
}

/*
 * The pipeline Mesa would set up for a pass-through vertex shader
 * (position t0, a colour t1) and a pixel shader that outputs its varying:
 * viewport 0..W x 0..H, scissor the whole target, an A8R8G8B8 tiled
 * render target at RT, no depth, no blending.
 */
static inline void setup(struct vgc_core *c)
{
	uint32_t code[4];

	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PEZ, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_RA, MEM_BASE);
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	gb = vgc_get_ident(c)->minor[1] & VGC_MINOR1_MMU_VERSION ? MEM_BASE : 0;
	at = CMD;
	/* two float4 attributes from stream 0, 32 bytes a vertex */
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(0), VGC_FE_DT_FLOAT);
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(1), VGC_FE_DT_FLOAT | 16u << 16);
	st(VGC_FE_VERTEX_STREAMS_BASE_ADDR(0), gb + VB);
	st(VGC_FE_VERTEX_STREAMS_CONTROL(0), 32);
	st(VGC_NFE_VERTEX_STREAMS_BASE_ADDR(0), gb + VB);
	st(VGC_NFE_VERTEX_STREAMS_CONTROL(0), 32);
	st(VGC_FE_VERTEX_STREAM_BASE_ADDR, gb + VB);
	st(VGC_FE_VERTEX_STREAM_CONTROL, 32);
	/* VS: t0 = t0 (a real instruction), outputs t0, t1 */
	mov(code, 0, VGC_RG_TEMP, 0);
	states(VGC_SH_INST_MEM, code, 4, false);
	st(VGC_VS_RANGE, 0);
	st(VGC_VS_START_PC, 0);
	st(VGC_VS_END_PC, 1);
	st(VGC_VS_TEMP_REGISTER_CONTROL, 4);
	st(VGC_VS_INPUT_COUNT, 2);
	st(VGC_VS_INPUT(0), 0 | 1 << 8);
	st(VGC_VS_OUTPUT_COUNT, 2);
	st(VGC_VS_OUTPUT(0), 0 | 1 << 8);
	/* PS: t2 = t1, the colour in t2 */
	mov(code, 2, VGC_RG_TEMP, 1);
	states(VGC_SH_INST_MEM + 0x100 * 16, code, 4, false);
	st(VGC_PS_RANGE, 0x100 << 16 | 0x100);
	st(VGC_PS_START_PC, 0);
	st(VGC_PS_END_PC, 1);
	st(VGC_PS_TEMP_REGISTER_CONTROL, 4);
	st(VGC_PS_INPUT_COUNT, 2);
	st(VGC_PS_OUTPUT_REG, 2);
	st(VGC_PS_CONTROL, VGC_PS_SATURATE_RT0);
	st(VGC_PA_SHADER_ATTRIBUTES(0), VGC_PA_ATTR_BYPASS_FLAT);
	/* viewport and scissor as Mesa loads them: x, y in fixed point */
	stx(VGC_PA_VIEWPORT_SCALE_X, (W / 2) << 16);
	stx(VGC_PA_VIEWPORT_SCALE_Y, (H / 2) << 16);
	stx(VGC_PA_VIEWPORT_OFFSET_X, (W / 2) << 16);
	stx(VGC_PA_VIEWPORT_OFFSET_Y, (H / 2) << 16);
	st(VGC_PA_VIEWPORT_SCALE_Z, fu(1.0f));
	st(VGC_PA_VIEWPORT_OFFSET_Z, fu(0.0f));
	st(VGC_PA_SYSTEM_MODE, VGC_PA_HALF_PIXEL_CENTER);
	stx(VGC_SE_SCISSOR_LEFT, 0);
	stx(VGC_SE_SCISSOR_TOP, 0);
	stx(VGC_SE_SCISSOR_RIGHT, (W << 16) + 0x1119);
	stx(VGC_SE_SCISSOR_BOTTOM, (H << 16) + 0x1111);
	stx(VGC_SE_CLIP_RIGHT, (W << 16) + 0xffff);
	stx(VGC_SE_CLIP_BOTTOM, (H << 16) + 0xffff);
	/* PE */
	st(VGC_PE_COLOR_FORMAT, VGC_RS_FMT_A8R8G8B8 | 0xfu << 8);
	st(VGC_PE_COLOR_ADDR, gb + RT);
	st(VGC_PE_PIPE_COLOR_ADDR(0), gb + RT);
	st(VGC_PE_PIPE_COLOR_ADDR(1), gb + RT + STRIDE * H / 2);
	st(VGC_PE_COLOR_STRIDE, STRIDE);
	st(VGC_PE_DEPTH_CONFIG, 0);	/* DEPTH_MODE NONE */
	st(VGC_PE_DEPTH_NORMALIZE, fu(65535.0f));
	st(VGC_PE_DEPTH_ADDR, gb + ZB);
	st(VGC_PE_PIPE_DEPTH_ADDR(0), gb + ZB);
	st(VGC_PE_DEPTH_STRIDE, W * 2);
	st(VGC_PE_ALPHA_CONFIG, 0);
}

/* Vertex @i: position (x, y, z, w), colour (r, g, b, a). */
static inline void vtx(unsigned int i, float x, float y, float z, float w,
		float r, float g, float b, float a)
{
	float v[8] = { x, y, z, w, r, g, b, a };

	memcpy(mem + VB + 32 * i, v, 32);
}

/* Offset of pixel (x, y) in a 4x4-tiled surface of @bpp bytes a pixel. */
static inline uint32_t tiled(unsigned int x, unsigned int y, unsigned int bpp,
		      uint32_t row_bytes)
{
	return (y / 4) * row_bytes * 4 + (x / 4) * 16 * bpp +
	       ((y % 4) * 4 + x % 4) * bpp;
}

static inline uint32_t px(unsigned int x, unsigned int y)
{
	uint32_t v;

	memcpy(&v, mem + RT + tiled(x, y, 4, STRIDE), 4);
	return v;
}

static inline void set_px(unsigned int x, unsigned int y, uint32_t v)
{
	memcpy(mem + RT + tiled(x, y, 4, STRIDE), &v, 4);
}

/*
 * The pixel shader of 3d-frag-depth: t0.z = t1.x (the depth, from the
 * red varying), t2 = t1 (the colour).
 */
static inline void frag_depth_ps(void)
{
	uint32_t code[8];

	mov(code, 0, VGC_RG_TEMP, 1);
	code[0] = (code[0] & ~VGC_ISA0_PUT_DST_COMPS(15)) |
		  VGC_ISA0_PUT_DST_COMPS(4);
	code[3] = (code[3] & ~VGC_ISA3_PUT_SRC2_SWIZ(0xff)) |
		  VGC_ISA3_PUT_SRC2_SWIZ(0x00);
	mov(code + 4, 2, VGC_RG_TEMP, 1);
	states(VGC_SH_INST_MEM + 0x100 * 16, code, 8, false);
	st(VGC_PS_RANGE, 0x101 << 16 | 0x100);
	st(VGC_PS_END_PC, 2);
}

#endif /* DRAW3D_H */
