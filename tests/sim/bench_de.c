// SPDX-License-Identifier: GPL-2.0-only
/*
 * Throughput of the model's 2D engine in user space: clears, copies and
 * S^D blits of a 1024x1024 A8R8G8B8 surface through the core (MMUv1
 * linear window), and memcpy of the same size for scale. Prints lines
 * "BENCH name value unit".
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

/* One DE operation over the whole surface: clear, or blit with @rop. */
static void run_op(struct vgc_core *c, unsigned int cmd, unsigned int rop)
{
	uint32_t q = CMD, *w;

	q = put(q, VGC_GL_PIPE_SELECT, 1);
	q = put(q, VGC_DE_SRC_ADDRESS, SRC);
	q = put(q, VGC_DE_SRC_STRIDE, W * 4);
	q = put(q, VGC_DE_SRC_CONFIG, VGC_DE_FMT_A8R8G8B8 << 24);
	q = put(q, VGC_DE_SRC_ORIGIN, 0);
	q = put(q, VGC_DE_DEST_ADDRESS, DST);
	q = put(q, VGC_DE_DEST_STRIDE, W * 4);
	q = put(q, VGC_DE_DEST_CONFIG, VGC_DE_FMT_A8R8G8B8 | cmd << 12);
	q = put(q, VGC_DE_ROP, VGC_DE_ROP3 << 20 | rop);
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report(const char *name, unsigned int reps, double t)
{
	printf("BENCH %s %.1f MB/s\n", name, reps * (double)BYTES / t / 1e6);
}

int main(void)
{
	struct vgc_core *c = calloc(1, sizeof(*c));
	const unsigned int reps = 50;
	unsigned int i;
	double t;

	if (!c || sim_test_begin())
		return 2;
	vgc_init(c, vgc_ident_find("gc320"), &ops, NULL);
	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE);
	memset(mem + SRC, 0x5a, BYTES);

	t = now();
	for (i = 0; i < reps; i++)
		run_op(c, VGC_DE_CMD_CLEAR, 0xcc);
	report("de_fill_MBps", reps, now() - t);
	if (*(uint32_t *)(mem + DST + BYTES - 4) != 0xff336699)
		return 1;

	t = now();
	for (i = 0; i < reps; i++)
		run_op(c, VGC_DE_CMD_BIT_BLT, 0xcc);
	report("de_blit_MBps", reps, now() - t);
	if (memcmp(mem + DST, mem + SRC, BYTES))
		return 1;

	/* a ROP that reads the destination: the per-pixel path */
	t = now();
	for (i = 0; i < reps; i++)
		run_op(c, VGC_DE_CMD_BIT_BLT, 0x66);
	report("de_rop_MBps", reps, now() - t);

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
	if (c->stats.de_ops != 3 * reps)
		return 1;
	free(mem);
	free(c);
	return 0;
}
