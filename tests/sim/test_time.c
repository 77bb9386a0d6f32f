// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's engine time (sim/vgc_pace.c,
 * vgc_pace_step()): an operation takes a cycle of the core clock per unit
 * of work, drawn in bounded chunks as its time comes, while the FE waits
 * at the command that started it. The clock is the test's own and only
 * moves when the test moves it, so every count is exact.
 */
#include "sim_test.h"

#define CMD	0x1000u
#define DST	0x100000u
#define W	256u
#define H	256u
#define OP_DRAW_2D(n)	(0x20000000u | ((n) & 0xff) << 8)
#define MS	1000000ull

static uint64_t clock_ns;

static uint64_t test_now(void *ctx)
{
	return clock_ns;
}

static const struct vgc_host_ops clock_ops = {
	.mem_read = mem_read,
	.mem_write = mem_write,
	.now_ns = test_now,
};

static uint32_t state(uint32_t q, uint32_t reg, uint32_t val)
{
	return emit(q, ls(reg, 1), val);
}

/*
 * A fresh GC320 on the test's clock at @khz, started on one 2D clear of
 * W x H pixels at DST, then END. Returns the DRAW_2D's address.
 */
static uint32_t clear_job(struct vgc_core *c, uint32_t khz)
{
	uint32_t q = CMD, draw;

	clock_ns = 1000 * MS;
	vgc_init(c, vgc_ident_find("gc320"), &clock_ops, NULL);
	setup_linear(c);
	vgc_set_clock_khz(c, khz);
	q = de_clear_states(q, DST, W, H);
	draw = q;
	q = emit(q, OP_DRAW_2D(1), 0);
	q = emit(q, 0, H << 16 | W);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	return draw;
}

static unsigned int pixels_set(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < W * H; i++)
		n += w32(DST)[i] == 0x12345678;
	return n;
}

/*
 * At 1 MHz the 65536 pixels take 65.536 ms: after each 10 ms exactly
 * 10000 more are drawn, the FE stays at the DRAW_2D, the DE and PE read
 * busy; only when the time is up does the FE reach the END.
 */
static void t_de_paced(struct vgc_core *c)
{
	uint32_t draw = clear_job(c, 1000), idle;
	unsigned int step;

	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), draw);
	EXPECT_EQ(c->stats.de_pixels, 0);
	for (step = 1; step <= 6; step++) {
		clock_ns += 10 * MS;
		EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
		EXPECT_EQ(c->stats.de_pixels, step * 10000);
		EXPECT_EQ(pixels_set(), step * 10000);
		EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), draw);
		EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_RUNNING);
		EXPECT_EQ(vgc_de_busy(c), true);
		idle = vgc_read(c, VGC_IDLE_STATE);
		EXPECT_EQ(idle & (VGC_IDLE_DE | VGC_IDLE_PE | VGC_IDLE_FE), 0);
		EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL) & VGC_CLK_IDLE_2D, 0);
	}
	/* 5.536 ms to go: the stall ends after the next span, 4.096 ms */
	EXPECT_EQ(vgc_fe_stall_ns(c), 4096 * 1000);
	clock_ns += 5536 * 1000 - 1;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	EXPECT_EQ(c->stats.de_pixels, W * H - 1);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), draw);
	clock_ns += 1;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.de_pixels, W * H);
	EXPECT_EQ(pixels_set(), W * H);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), VGC_IDLE_ALL);
}

/* Time that has passed all at once is still drawn in bounded chunks. */
static void t_bounded(struct vgc_core *c)
{
	unsigned int calls = 0;
	enum vgc_run r;

	clear_job(c, VGC_CLOCK_KHZ_DEFAULT);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	clock_ns += 1000 * MS;
	while ((r = vgc_fe_run(c, 64)) == VGC_RUN_BUSY) {
		calls++;
		EXPECT_EQ(c->stats.de_pixels,
			  (uint64_t)calls * VGC_DE_SPAN * VGC_DE_RUN_CHUNKS);
	}
	EXPECT_EQ(r, VGC_RUN_IDLE);
	EXPECT_EQ(calls, W * H / (VGC_DE_SPAN * VGC_DE_RUN_CHUNKS) - 1);
	EXPECT_EQ(pixels_set(), W * H);
}

/*
 * A line pixel costs VGC_DE_PIXEL_COST cycles (a step may overrun what is
 * due); the FE waits at the DRAW_2D, with the DE reading busy, until the
 * line's time has run out.
 */
static void t_overrun_waits(struct vgc_core *c)
{
	uint32_t q = CMD, draw;

	clock_ns = 1000 * MS;
	vgc_init(c, vgc_ident_find("gc320"), &clock_ops, NULL);
	setup_linear(c);
	vgc_set_clock_khz(c, 1000);
	q = state(q, VGC_GL_PIPE_SELECT, 1);
	q = state(q, VGC_DE_DEST_ADDRESS, DST);
	q = state(q, VGC_DE_DEST_STRIDE, W * 4);
	q = state(q, VGC_DE_DEST_ROTATION_CONFIG, W);
	q = state(q, VGC_DE_DEST_ROTATION_HEIGHT, H);
	q = state(q, VGC_DE_DEST_CONFIG, VGC_DE_FMT_A8R8G8B8 |
		  VGC_DE_CMD_LINE << 12);
	q = state(q, VGC_DE_CLIP_TOP_LEFT, 0);
	q = state(q, VGC_DE_CLIP_BOTTOM_RIGHT, H << 16 | W);
	q = state(q, VGC_DE_ROP, 0x3000ccccu);
	draw = q;
	q = emit(q, OP_DRAW_2D(1), 0);
	q = emit(q, 0, 0 << 16 | 100);	/* (0,0) to (100,0) */
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	clock_ns += 1000;	/* one cycle: one pixel, 8 units */
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), draw);
	EXPECT_EQ(c->stats.de_pixels, 1);
	/* 799 cycles: the last 99 pixels are drawn, 800 units */
	clock_ns += 798 * 1000;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	EXPECT_EQ(c->stats.de_pixels, 100);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & VGC_IDLE_DE, 0);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), draw);
	/* the line is 800 units; the DE sees its end a cycle later */
	clock_ns += 2000;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), VGC_IDLE_ALL);
}

/* A reset mid-operation loses it, and its time. */
static void t_reset(struct vgc_core *c)
{
	clear_job(c, 1000);
	vgc_fe_run(c, 64);
	clock_ns += 10 * MS;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_STALL);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), VGC_IDLE_ALL);
	EXPECT_EQ(vgc_fe_stall_ns(c), 0);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_get_clock_khz(c), 1000);	/* the board's clock */
}

/* A frozen FE (a wedged engine) draws nothing, however long. */
static void t_frozen(struct vgc_core *c)
{
	clear_job(c, 1000);
	vgc_fe_run(c, 64);
	clock_ns += 10 * MS;
	vgc_fe_run(c, 64);
	vgc_set_freeze(c, true);
	clock_ns += 1000 * MS;
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.de_pixels, 10000);
}

/* The cycle counters count the core clock. */
static void t_cycles(struct vgc_core *c)
{
	uint32_t t0;

	clock_ns = 1000 * MS;
	vgc_init(c, vgc_ident_find("gc320"), &clock_ops, NULL);
	vgc_set_clock_khz(c, 1000);
	t0 = vgc_read(c, VGC_PROFILE_TOTAL_CYCLES);
	clock_ns += 3 * MS + 500;
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES) - t0, 3000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES), 3000);
}

/* Without a clock (no now_ns) an operation takes no time, as before. */
static void t_no_clock(struct vgc_core *c)
{
	uint32_t q = CMD;

	setup_linear(c);
	q = de_clear_states(q, DST, W, H);
	q = emit(q, OP_DRAW_2D(1), 0);
	q = emit(q, 0, H << 16 | W);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(pixels_set(), W * H);
}

int main(void)
{
	if (sim_test_begin())
		return 2;
	run_test("time-de-paced", t_de_paced, "gc320");
	run_test("time-bounded-chunks", t_bounded, "gc320");
	run_test("time-line-cost", t_overrun_waits, "gc320");
	run_test("time-reset", t_reset, "gc320");
	run_test("time-frozen", t_frozen, "gc320");
	run_test("time-cycles", t_cycles, "gc320");
	run_test("time-no-clock", t_no_clock, "gc320");
	return sim_test_end("sim-time");
}
