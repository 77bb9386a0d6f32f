// SPDX-License-Identifier: GPL-2.0-only
/*
 * Throughput of the model's 3D pipeline in user space (no UML, no Mesa):
 * the three workloads of tools/etnaviv-gl-bench.c drawn on a GC2000
 * through the core (MMUv1 page tables, as in a board) with hand-encoded
 * shaders of the same shape as Mesa's for that program (a VS passing the
 * texture coordinate and a light term, a PS of TEXLD and MUL), a 640x480
 * A8R8G8B8 multi-supertiled render target and a D24S8 depth buffer, both
 * with tile status:
 *
 *   frame     a fast clear (the TS of colour and depth set to cleared),
 *             then 1536 textured quads in two passes, depth-tested
 *   vertices  30000 one-pixel triangles in one draw
 *   pixels    ten full-screen textured quads, depth test off
 *
 * Prints "BENCH name value unit" lines: each workload's rate and its
 * nanoseconds per shaded pixel (and per vertex for the triangles), in
 * CPU time (the machine may be shared), and "INFO" lines with what a
 * round drew, a checksum of the pixels and one of the model's statistics
 * (the same before and after a change that must not change them; the
 * statistics with the same "-n N"). Arguments, if any, name the
 * workloads to run (for profiling one of them); "-n N" runs each N
 * times instead of for a second (to count instructions). Not a test.
 */
#include <time.h>

#define MEM_SIZE	(16u << 20)
#include "sim_test.h"
#include "sh_enc.h"

#define CMD	0x1000u		/* command stream */
#define VB	0x100000u	/* vertex buffer, up to 2 MiB */
#define RT	0x400000u	/* render target */
#define ZB	0x600000u	/* depth buffer */
#define RT_TS	0x800000u	/* the render target's tile status */
#define ZB_TS	0x810000u	/* the depth buffer's */
#define TEX	0x900000u	/* the 64x64 texture */
#define PT	0xc00000u	/* the MMUv1 page table: 4096 pages */
#define G(off)	(VGC_MMUV1_VIRT_BIT | (off))	/* GPU address of @off */
#define W	640
#define H	480
#define TEXW	64
#define GRID_X	32
#define GRID_Y	24
#define SMALL	30000
#define LAYERS	10
#define STRIDE	(W * 4)
#define D24S8	(1u << 4)	/* PE_DEPTH_CONFIG DEPTH_FORMAT */

static uint32_t at;

static void states(uint32_t reg, const uint32_t *v, unsigned int n)
{
	at = emit_states(at, reg, v, n, 0);
}

static void st(uint32_t reg, uint32_t v)
{
	states(reg, &v, 1);
}

static void prog(bool vs, const struct ins *code, unsigned int n)
{
	uint32_t w[16 * 4];
	unsigned int i;

	for (i = 0; i < n; i++)
		encode(&code[i], &w[i * 4]);
	if (vs) {
		states(VGC_SH_INST_MEM, w, n * 4);
		st(VGC_VS_RANGE, (n - 1) << 16);
		st(VGC_VS_START_PC, 0);
		st(VGC_VS_END_PC, n);
		st(VGC_VS_TEMP_REGISTER_CONTROL, 4);
	} else {
		states(VGC_SH_INST_MEM + 0x100 * 16, w, n * 4);
		st(VGC_PS_RANGE, (0x100 + n - 1) << 16 | 0x100);
		st(VGC_PS_START_PC, 0);
		st(VGC_PS_END_PC, n);
		st(VGC_PS_TEMP_REGISTER_CONTROL, 4);
	}
}

/*
 * The pipeline: attributes pos (t0.xyz) and uv (t1.xy) from one stream
 * of 20-byte vertices; the VS writes t0 (position, w = 1) and t1 (uv,
 * the light term in z); the PS samples sampler 0 at t1 and scales the
 * colour by t1.z.
 */
static void setup(struct vgc_core *c)
{
	const struct ins vs[] = {
		/* t1.z = t0.z * 0.5 + 0.5; t0.w = 1 (u0 = 0.5, 0.5, 0.5, 1) */
		alu(VGC_OPC_MAD, 1, MZ, T(0, ZZZZ), U(0, XXXX), U(0, XXXX)),
		alu(VGC_OPC_MOV, 0, MW, NONE, NONE, U(0, WWWW)),
	};
	struct ins tex = alu(VGC_OPC_TEXLD, 2, MXYZW, T(1, XYZW), NONE, NONE);
	const uint32_t u0[4] = { fu(0.5f), fu(0.5f), fu(0.5f), fu(1.0f) };
	uint32_t y;

	tex.tex = 0;
	tex.tswiz = XYZW;
	const struct ins ps[] = {
		tex,
		alu(VGC_OPC_MUL, 2, MX | MY | MZ, T(2, XYZW), T(1, ZZZZ), NONE),
		alu(VGC_OPC_MOV, 2, MW, NONE, NONE, U(0, WWWW)),
	};

	setup_linear(c);
	for (y = 0; y < MEM_SIZE / 4096; y++)
		w32(PT)[y] = MEM_BASE + y * 4096;
	for (y = 0; y < 5; y++)	/* FE, TX, PE, PEZ, RA */
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * y, MEM_BASE + PT);
	vgc_write(c, VGC_MC_MEMORY_BASE_PEZ, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_RA, MEM_BASE);
	at = CMD;
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(0), VGC_FE_DT_FLOAT | 3u << 12);
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(1),
	   VGC_FE_DT_FLOAT | 2u << 12 | 12u << 16);
	st(VGC_FE_VERTEX_STREAMS_BASE_ADDR(0), G(VB));
	st(VGC_FE_VERTEX_STREAMS_CONTROL(0), 20);
	st(VGC_FE_VERTEX_STREAM_BASE_ADDR, G(VB));
	st(VGC_FE_VERTEX_STREAM_CONTROL, 20);
	prog(true, vs, 2);
	states(VGC_VS_UNIFORMS, u0, 4);
	st(VGC_VS_INPUT_COUNT, 2);
	st(VGC_VS_INPUT(0), 0 | 1 << 8);
	st(VGC_VS_OUTPUT_COUNT, 2);
	st(VGC_VS_OUTPUT(0), 0 | 1 << 8);
	prog(false, ps, 3);
	states(VGC_PS_UNIFORMS, u0, 4);
	st(VGC_PS_INPUT_COUNT, 2);
	st(VGC_PS_OUTPUT_REG, 2);
	st(VGC_PS_CONTROL, VGC_PS_SATURATE_RT0);
	st(VGC_PA_SHADER_ATTRIBUTES(0), VGC_PA_ATTR_BYPASS_FLAT);
	/* the viewport and scissor as Mesa loads them (16.16) */
	st(VGC_PA_VIEWPORT_SCALE_X, fu(W / 2));
	st(VGC_PA_VIEWPORT_SCALE_Y, fu(H / 2));
	st(VGC_PA_VIEWPORT_OFFSET_X, fu(W / 2));
	st(VGC_PA_VIEWPORT_OFFSET_Y, fu(H / 2));
	st(VGC_PA_VIEWPORT_SCALE_Z, fu(0.5f));
	st(VGC_PA_VIEWPORT_OFFSET_Z, fu(0.5f));
	st(VGC_PA_SYSTEM_MODE, VGC_PA_HALF_PIXEL_CENTER);
	st(VGC_SE_SCISSOR_LEFT, fu(0));
	st(VGC_SE_SCISSOR_TOP, fu(0));
	st(VGC_SE_SCISSOR_RIGHT, fu(W));
	st(VGC_SE_SCISSOR_BOTTOM, fu(H));
	st(VGC_SE_CLIP_RIGHT, fu(W));
	st(VGC_SE_CLIP_BOTTOM, fu(H));
	/* supertiled A8R8G8B8 colour and D24S8 depth, both with TS */
	st(VGC_PE_COLOR_FORMAT, VGC_RS_FMT_A8R8G8B8 | 0xfu << 8 |
	   VGC_PE_CF_SUPER);
	st(VGC_PE_COLOR_ADDR, G(RT));
	st(VGC_PE_PIPE_COLOR_ADDR(0), G(RT));
	st(VGC_PE_PIPE_COLOR_ADDR(1), G(RT + STRIDE * H / 2));
	st(VGC_PE_COLOR_STRIDE, STRIDE);
	st(VGC_PE_DEPTH_NORMALIZE, fu(16777215.0f));
	st(VGC_PE_DEPTH_ADDR, G(ZB));
	st(VGC_PE_PIPE_DEPTH_ADDR(0), G(ZB));
	st(VGC_PE_PIPE_DEPTH_ADDR(1), G(ZB + STRIDE * H / 2));
	st(VGC_PE_DEPTH_STRIDE, STRIDE);
	st(VGC_PE_ALPHA_CONFIG, 0);
	st(VGC_TS_MEM_CONFIG, VGC_TS_COLOR_FAST_CLEAR | VGC_TS_DEPTH_FAST_CLEAR);
	st(VGC_TS_COLOR_STATUS_BASE, G(RT_TS));
	st(VGC_TS_COLOR_SURFACE_BASE, G(RT));
	st(VGC_TS_COLOR_CLEAR_VALUE, 0xff1a1a26u);
	st(VGC_TS_DEPTH_STATUS_BASE, G(ZB_TS));
	st(VGC_TS_DEPTH_SURFACE_BASE, G(ZB));
	st(VGC_TS_DEPTH_CLEAR_VALUE, 0xffffff00u);
	/* the 64x64 texture: 2D, repeat, linear, A8B8G8R8 tiled (GL_RGBA) */
	st(VGC_TE_CONFIG0(0), VGC_TEX_TYPE_2D | VGC_TEX_WRAP_REPEAT << 3 |
	   VGC_TEX_WRAP_REPEAT << 5 | VGC_TEX_FILTER_LINEAR << 7 |
	   VGC_TEX_FILTER_LINEAR << 11 | VGC_TEX_FMT_A8B8G8R8 << 13);
	st(VGC_TE_CONFIG1(0), 0u << 8 | 1u << 12 | 2u << 16 | 3u << 20);
	st(VGC_TE_SIZE(0), TEXW | TEXW << 16);
	st(VGC_TE_LOD_CONFIG(0), 0);
	st(VGC_TE_LOD_ADDR(0, 0), G(TEX));
	for (y = 0; y < TEXW * TEXW; y++)
		w32(TEX)[y] = 0xff000000u | (y % TEXW) * 4 << 8 |
			      (y / TEXW) * 4 | (((y % TEXW) / 8 ^ (y / TEXW) / 8)
						& 1 ? 0x40u : 0xe0u) << 16;
}

static void draw(uint32_t first, uint32_t prims)
{
	w32(at)[0] = 0x28000000u;	/* DRAW_PRIMITIVES */
	w32(at)[1] = VGC_PRIM_TRIANGLES;
	w32(at)[2] = first;
	w32(at)[3] = prims;
	at += 16;
}

static void depth(bool on)
{
	st(VGC_PE_DEPTH_CONFIG, on ? D24S8 | 1 /* Z */ |
	   VGC_CMP_LESS << 8 | VGC_PE_DEPTH_WRITE | VGC_PE_DEPTH_SUPER :
	   D24S8 | VGC_PE_DEPTH_SUPER);
}

static void run(struct vgc_core *c)
{
	at = emit(at, OP_END, 0);
	start(c, CMD, (at - CMD) / 8);
	while (vgc_fe_run(c, 256) != VGC_RUN_IDLE)
		;
	if (c->stats.bad_commands || c->stats.draws_unsupported ||
	    c->stats.draws_cut_short || c->stats.escapes) {
		fprintf(stderr, "bench-3d: the model rejected the stream\n");
		exit(1);
	}
}

static unsigned int nv;

static void v5(float x, float y, float z, float u, float v)
{
	float *o = (float *)(mem + VB) + 5 * nv++;

	o[0] = x;
	o[1] = y;
	o[2] = z;
	o[3] = u;
	o[4] = v;
}

static void quad(float x0, float y0, float x1, float y1, float z)
{
	v5(x0, y0, z, 0, 0); v5(x1, y0, z, 1, 0); v5(x1, y1, z, 1, 1);
	v5(x0, y0, z, 0, 0); v5(x1, y1, z, 1, 1); v5(x0, y1, z, 0, 1);
}

/* The TS of both surfaces: every block cleared (2 bits a block). */
static void fast_clear(void)
{
	memset(mem + RT_TS, 0x55, W * H * 4 / 64 / 4);
	memset(mem + ZB_TS, 0x55, W * H * 4 / 64 / 4);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The frame: clear, then two passes of the grid, depth-tested. */
static void frame(struct vgc_core *c)
{
	int pass, x, y;

	nv = 0;
	for (pass = 0; pass < 2; pass++)
		for (y = 0; y < GRID_Y; y++)
			for (x = 0; x < GRID_X; x++) {
				float x0 = -1 + 2.0f * x / GRID_X;
				float y0 = -1 + 2.0f * y / GRID_Y;
				float z = pass ? 0.5f :
					  ((x + y) % 5) / 5.0f - 0.4f;

				quad(x0, y0, x0 + 2.0f / GRID_X,
				     y0 + 2.0f / GRID_Y, z);
			}
	fast_clear();
	setup(c);
	depth(true);
	draw(0, nv / 3);
	run(c);
}

static void vertices(struct vgc_core *c)
{
	int i;

	nv = 0;
	for (i = 0; i < SMALL; i++) {
		float x = -1 + 2.0f * (i % 600) / 600;
		float y = -1 + 2.0f * (i / 600) / 60;

		v5(x, y, 0, 0, 0);
		v5(x + 2.0f / W, y, 0, 1, 0);
		v5(x, y + 2.0f / H, 0, 0, 1);
	}
	setup(c);
	depth(false);
	draw(0, nv / 3);
	run(c);
}

static void pixels(struct vgc_core *c)
{
	int i;

	nv = 0;
	for (i = 0; i < LAYERS; i++)
		quad(-1, -1, 1, 1, 0);
	setup(c);
	depth(false);
	draw(0, nv / 3);
	run(c);
}

/* FNV-1a of the render target and depth buffer: the same pixels */
static uint32_t checksum(void)
{
	uint32_t h = 2166136261u, i;

	for (i = 0; i < STRIDE * H; i++)
		h = (h ^ mem[RT + i]) * 16777619u;
	for (i = 0; i < STRIDE * H; i++)
		h = (h ^ mem[ZB + i]) * 16777619u;
	return h;
}

/*
 * FNV-1a of the model's statistics but its clock-derived ones: the same
 * counts (shader instructions, texture lookups, memory words, ...) with
 * the same "-n N". The counters from the oracle's (escapes, always 0
 * here: run() checks it) on are left out, so that the checksum compares
 * with those of before them.
 */
static uint32_t stats_sum(const struct vgc_core *c)
{
	struct vgc_stats s = c->stats;
	const uint8_t *b = (const uint8_t *)&s;
	uint32_t h = 2166136261u;
	size_t i;

	s.busy_ns = s.cycles = s.busy_ticks = 0;
	for (i = 0; i < offsetof(struct vgc_stats, escapes); i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

static const struct {
	const char *name;
	void (*fn)(struct vgc_core *c);
	const char *unit;
} loads[] = {
	{ "frame", frame, "frames/s" },
	{ "vertices", vertices, "draws/s" },
	{ "pixels", pixels, "draws/s" },
};

int main(int argc, char **argv)
{
	struct vgc_core *c = calloc(1, sizeof(*c));
	unsigned int i, n, rounds = 0;
	int a, first = 1;

	mem = calloc(1, MEM_SIZE);
	if (!c || !mem)
		return 1;
	if (argc > 2 && !strcmp(argv[1], "-n")) {
		rounds = atoi(argv[2]);
		first = 3;
	}
	for (i = 0; i < sizeof(loads) / sizeof(loads[0]); i++) {
		double t0, t;
		struct vgc_stats s0;
		bool want = argc == first;

		for (a = first; a < argc; a++)
			want |= !strcmp(argv[a], loads[i].name);
		if (!want)
			continue;
		memset(mem, 0, MEM_SIZE);
		vgc_init(c, vgc_ident_find("gc2000"), &ops, NULL);
		loads[i].fn(c);		/* one round unmeasured */
		s0 = c->stats;
		t0 = now();
		n = 0;
		do {
			loads[i].fn(c);
			n++;
			t = now() - t0;
		} while (rounds ? n < rounds : t < 1.0 || n < 2);
		printf("BENCH %s %.2f %s\n", loads[i].name, n / t,
		       loads[i].unit);
		printf("BENCH %s_ns_per_pixel %.1f ns\n", loads[i].name,
		       t * 1e9 / (double)(c->stats.pixels_shaded -
					  s0.pixels_shaded));
		if (loads[i].fn == vertices)
			printf("BENCH %s_ns_per_vertex %.1f ns\n",
			       loads[i].name, t * 1e9 /
			       (double)(c->stats.vertices_3d -
					s0.vertices_3d));
		printf("INFO %s: %llu pixels shaded, %llu written, %llu triangles, %llu vertices a round; checksum %08x, statistics %08x\n",
		       loads[i].name,
		       (unsigned long long)(c->stats.pixels_shaded - s0.pixels_shaded) / n,
		       (unsigned long long)(c->stats.pixels_written - s0.pixels_written) / n,
		       (unsigned long long)(c->stats.triangles_3d - s0.triangles_3d) / n,
		       (unsigned long long)(c->stats.vertices_3d - s0.vertices_3d) / n,
		       checksum(), stats_sum(c));
	}
	free(c);
	free(mem);
	return 0;
}
