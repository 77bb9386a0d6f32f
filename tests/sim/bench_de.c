// SPDX-License-Identifier: GPL-2.0-only
/*
 * Throughput of the model's 2D engine in user space: operations over a
 * 1024x1024 surface through the core (MMUv1 linear window): clear, copy,
 * common ROP3 blits, mono pattern fills, mono source expansion, format
 * conversions and a colour-keyed copy; and memcpy of a 1024x1024
 * A8R8G8B8 surface for scale. Throughput counts 4 bytes per destination
 * pixel whatever the format, so every figure compares pixel rates with
 * memcpy's. Prints lines "BENCH name value unit". Arguments, if any, name
 * the operations to measure (for profiling one of them).
 */
#include <time.h>

#define MEM_SIZE	(16u << 20)
#include "sim_test.h"

#define CMD		0x1000u
#define DST		0x400000u
#define SRC		0x800000u
#define W		1024u
#define H		1024u
#define BYTES		(W * H * 4u)

static uint32_t put(uint32_t at, uint32_t reg, uint32_t val)
{
	uint32_t *w = (uint32_t *)(mem + at);

	w[0] = 0x08010000u | reg >> 2;
	w[1] = val;
	return at + 8;
}

/* Run the @qwords of commands at CMD until the FE reaches their END. */
static void run_stream(struct vgc_core *c, uint32_t qwords)
{
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, CMD);
	vgc_write(c, VGC_FE_COMMAND_CONTROL, VGC_FE_CONTROL_ENABLE | qwords);
	while (vgc_fe_run(c, 256) != VGC_RUN_IDLE)
		;
}

/**
 * struct op - one DE operation over the whole surface
 * @cmd: DEST_CONFIG.COMMAND
 * @rop: ROP (TYPE, ROP_BG, ROP_FG)
 * @sfmt: source format (VGC_DE_FMT_*)
 * @dfmt: destination format
 * @scfg: further SRC_CONFIG bits (transparency)
 * @pat: PATTERN_CONFIG
 */
struct op {
	unsigned int cmd;
	uint32_t rop;
	unsigned int sfmt, dfmt;
	uint32_t scfg, pat;
};

static unsigned int bpp(unsigned int fmt)
{
	return fmt == VGC_DE_FMT_MONO ? 0 : fmt >= 5 ? 4 : 2;
}

static void run_op(struct vgc_core *c, const struct op *o)
{
	uint32_t q = CMD, *w;
	unsigned int sstride = o->sfmt == VGC_DE_FMT_MONO ? W / 8 :
			       W * bpp(o->sfmt);

	q = put(q, VGC_GL_PIPE_SELECT, 1);
	q = put(q, VGC_DE_SRC_ADDRESS, SRC);
	q = put(q, VGC_DE_SRC_STRIDE, sstride);
	q = put(q, VGC_DE_SRC_CONFIG, o->sfmt << 24 | o->scfg);
	q = put(q, VGC_DE_SRC_ORIGIN, 0);
	q = put(q, VGC_DE_SRC_COLOR_FG, 0xff12c4a0);
	q = put(q, VGC_DE_SRC_COLOR_BG, 0xff5a5a5a);
	q = put(q, VGC_DE_DEST_ADDRESS, DST);
	q = put(q, VGC_DE_DEST_STRIDE, W * bpp(o->dfmt));
	q = put(q, VGC_DE_DEST_CONFIG, o->dfmt | o->cmd << 12);
	q = put(q, VGC_DE_ROP, o->rop);
	q = put(q, VGC_DE_PATTERN_CONFIG, o->pat);
	q = put(q, VGC_DE_PATTERN_LOW, 0x55aa55aa);
	q = put(q, VGC_DE_PATTERN_HIGH, 0x0ff00ff0);
	q = put(q, VGC_DE_PATTERN_FG_COLOR, 0xff0000ff);
	q = put(q, VGC_DE_PATTERN_BG_COLOR, 0xffffff00);
	q = put(q, VGC_DE_CLIP_TOP_LEFT, 0);
	q = put(q, VGC_DE_CLIP_BOTTOM_RIGHT, H << 16 | W);
	q = put(q, VGC_DE_CLEAR_PIXEL_VALUE32, 0xff336699);
	w = (uint32_t *)(mem + q);
	w[0] = 0x20000100;	/* DRAW_2D, one rectangle */
	w[1] = 0;
	w[2] = 0;
	w[3] = H << 16 | W;
	q += 16;
	q = put(q, VGC_GL_FLUSH_CACHE, VGC_GL_FLUSH_PE2D);
	w = (uint32_t *)(mem + q);
	w[0] = 0x10000000;	/* END */
	w[1] = 0;
	run_stream(c, (q + 8 - CMD) / 8);
}


#define OP(c_, r_, s_, d_, sc_, p_) \
	{ .cmd = (c_), .rop = (r_), .sfmt = (s_), .dfmt = (d_), \
	  .scfg = (sc_), .pat = (p_) }
#define ROP3(code)	(VGC_DE_ROP3 << 20 | (code))
#define ARGB		VGC_DE_FMT_A8R8G8B8
#define MONO_PAT	VGC_DE_PATTERN_MONO
#define MONO		VGC_DE_FMT_MONO
#define BLT		VGC_DE_CMD_BIT_BLT
/* ROP4: copy where the mono bit is 1, keep D where it is 0 */
#define ROP4_CC_AA	(VGC_DE_ROP4 << 20 | 0xaa << 8 | 0xcc)

/* What is measured: name, operation. */
static const struct {
	const char *name;
	struct op op;
} ops_list[] = {
	{ "de_fill",
	  OP(VGC_DE_CMD_CLEAR, ROP3(0xcc), ARGB, ARGB, 0, 0) },
	{ "de_copy",
	  OP(BLT, ROP3(0xcc), ARGB, ARGB, 0, 0) },
	{ "de_rop_SxorD",
	  OP(BLT, ROP3(0x66), ARGB, ARGB, 0, 0) },
	{ "de_rop_SandD",
	  OP(BLT, ROP3(0x88), ARGB, ARGB, 0, 0) },
	{ "de_rop_SorD",
	  OP(BLT, ROP3(0xee), ARGB, ARGB, 0, 0) },
	{ "de_rop_notS",
	  OP(BLT, ROP3(0x33), ARGB, ARGB, 0, 0) },
	{ "de_rop_notD",
	  OP(BLT, ROP3(0x55), ARGB, ARGB, 0, 0) },
	{ "de_rop_PxorD",
	  OP(BLT, ROP3(0x5a), ARGB, ARGB, 0, 0) },
	{ "de_rop_DSPDxax",
	  OP(BLT, ROP3(0xe2), ARGB, ARGB, 0, 0) },
	{ "de_pat_fill",
	  OP(BLT, ROP3(0xf0), ARGB, ARGB, 0, MONO_PAT) },
	{ "de_pat_xorD",
	  OP(BLT, ROP3(0x5a), ARGB, ARGB, 0, MONO_PAT) },
	{ "de_mono_opaque",
	  OP(BLT, ROP3(0xcc), MONO, ARGB, 0, 0) },
	{ "de_mono_rop4",
	  OP(BLT, ROP4_CC_AA, MONO, ARGB, 0, 0) },
	{ "de_mono_transp",
	  OP(BLT, ROP3(0xcc), MONO, ARGB, 1 << 4, 0) },
	{ "de_conv_565_8888",
	  OP(BLT, ROP3(0xcc), VGC_DE_FMT_R5G6B5, ARGB, 0, 0) },
	{ "de_conv_8888_565",
	  OP(BLT, ROP3(0xcc), ARGB, VGC_DE_FMT_R5G6B5, 0, 0) },
	{ "de_conv_4444_8888",
	  OP(BLT, ROP3(0xcc), VGC_DE_FMT_A4R4G4B4, ARGB, 0, 0) },
	{ "de_key_copy",
	  OP(BLT, ROP3(0xcc), ARGB, ARGB, 2 << 4, 0) },
	{ "de_stretch",
	  OP(VGC_DE_CMD_STRETCH_BLT, ROP3(0xcc), ARGB, ARGB, 0, 0) },
};

#define NOPS		(64u * 1024 / 8 - 1)

/* A stream of NOPS NOPs and an END at CMD. */
static void run_nops(struct vgc_core *c)
{
	uint32_t *w = (uint32_t *)(mem + CMD);
	unsigned int i;

	for (i = 0; i < NOPS; i++) {
		w[2 * i] = 0x18000000;	/* NOP */
		w[2 * i + 1] = 0;
	}
	w[2 * NOPS] = 0x10000000;	/* END */
	w[2 * NOPS + 1] = 0;
	run_stream(c, NOPS + 1);
}

/* CPU time of this process: a busy host's other work is not counted */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report(const char *name, unsigned int reps, double t)
{
	printf("BENCH %s %.1f MB/s\n", name, reps * (double)BYTES / t / 1e6);
}

int main(int argc, char **argv)
{
	struct vgc_core *c = calloc(1, sizeof(*c));
	const unsigned int reps = 50;
	unsigned int i, j, ndone = 0;
	bool want;
	double t;

	if (!c || sim_test_begin())
		return 2;
	vgc_init(c, vgc_ident_find("gc320"), &ops, NULL);
	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE);
	/* touch the destination first: no page faults in the timings */
	memset(mem + DST, 0, BYTES);
	for (i = 0; i < BYTES; i++)
		mem[SRC + i] = i * 2654435761u >> 24;

	for (j = 0; j < sizeof(ops_list) / sizeof(ops_list[0]); j++) {
		const struct op *o = &ops_list[j].op;

		want = argc < 2;
		for (i = 1; i < (unsigned int)argc; i++)
			want |= !strcmp(argv[i], ops_list[j].name);
		if (!want)
			continue;
		if (o->cmd == VGC_DE_CMD_STRETCH_BLT) {
			uint32_t *w = (uint32_t *)(mem + CMD);

			/* factor 1/2: a 1024-pixel row reads 512 pixels */
			w[0] = 0x08010000u | VGC_DE_STRETCH_FACTOR_LOW >> 2;
			w[1] = 0x8000;
			w[2] = 0x08010000u | VGC_DE_STRETCH_FACTOR_HIGH >> 2;
			w[3] = 0x8000;
			w[4] = 0x10000000;
			w[5] = 0;
			run_stream(c, 3);
		}
		run_op(c, o);	/* warm up */
		t = now();
		for (i = 0; i < reps; i++)
			run_op(c, o);
		t = now() - t;
		ndone += reps + 1;
		printf("BENCH %s_MBps %.1f MB/s\n", ops_list[j].name,
		       reps * (double)BYTES / t / 1e6);
		if (j == 0 && *(uint32_t *)(mem + DST + BYTES - 4) !=
		    0xff336699)
			return 1;
		if (j == 1 && memcmp(mem + DST, mem + SRC, BYTES))
			return 1;
	}

	/* the FE alone: a 64 KiB stream of NOPs, as bench's stream64k */
	t = now();
	for (i = 0; i < reps * 20; i++)
		run_nops(c);
	t = now() - t;
	printf("BENCH fe_nop_Mcmdps %.1f Mcmd/s\n", reps * 20 * NOPS / t / 1e6);

	t = now();
	for (i = 0; i < reps; i++) {
		memcpy(mem + DST, mem + SRC + (i & 1) * 4, BYTES - 4);
		__asm__ volatile("" : : "r"(mem) : "memory");
	}
	report("memcpy_MBps", reps, now() - t);
	if (c->stats.de_ops != ndone || c->stats.de_unsupported)
		return 1;
	free(mem);
	free(c);
	return 0;
}
