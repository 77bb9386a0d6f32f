// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's profiling registers
 * (sim/vgc_prof.c): cycle counters on the core's timebase, the memory
 * counters, the counter selects of MC_PROFILE_CONFIG0..2, the pixel pipe
 * select, DISABLE_DEBUG_REGISTERS and the resets. The clock is the test's
 * own, so cycle counts are exact.
 */
#include "sim_test.h"

#define CMD	0x1000u
#define DST	0x100000u
#define OP_DRAW_2D(n)	(0x20000000u | ((n) & 0xff) << 8)

static uint64_t clock_ns, tick_ns;

/* Time moves by tick_ns at each look (while the FE runs), else stands. */
static uint64_t fake_now(void *ctx)
{
	clock_ns += tick_ns;
	return clock_ns;
}

static const struct vgc_host_ops clock_ops = {
	.mem_read = mem_read,
	.mem_write = mem_write,
	.now_ns = fake_now,
};

/* A fresh core of @name on the test's clock. */
static void use(struct vgc_core *c, const char *name)
{
	clock_ns = 1000000;
	vgc_init(c, vgc_ident_find(name), &clock_ops, NULL);
	setup_linear(c);
}

/* @n 2D clears of @w x @h pixels at DST, then END; runs to idle. */
static void clears(struct vgc_core *c, unsigned int n, unsigned int w,
		   unsigned int h)
{
	uint32_t q = CMD;
	unsigned int i, calls = 0;

	q = de_clear_states(q, DST, w, h);
	for (i = 0; i < n; i++) {
		q = emit(q, OP_DRAW_2D(1), 0);
		q = emit(q, 0, h << 16 | w);
	}
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	tick_ns = 500;		/* each run takes a microsecond */
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls++ < 100000)
		;
	tick_ns = 0;
}

/* Counter @sel of the block read at @read, selected in @config. */
static uint32_t sample(struct vgc_core *c, uint32_t config, uint32_t shift,
		       uint32_t sel, uint32_t read)
{
	vgc_write(c, config, sel << shift);
	return vgc_read(c, read);
}

static uint32_t pixels_2d(struct vgc_core *c)
{
	return sample(c, VGC_MC_PROFILE_CONFIG0, VGC_PROF_PE_SHIFT,
		      VGC_PROF_PE_PIXELS_RENDERED_2D, VGC_MC_PROFILE_PE_READ);
}

/* ---- tests ------------------------------------------------------------ */

static void t_2d_pixels_follow_work(struct vgc_core *c)
{
	uint32_t before;

	use(c, "gc320");
	EXPECT_EQ(pixels_2d(c), 0);
	clears(c, 3, 40, 10);
	EXPECT_EQ(c->stats.de_pixels, 1200);
	before = pixels_2d(c);
	EXPECT_EQ(before, 1200);
	clears(c, 5, 16, 16);
	EXPECT_EQ(pixels_2d(c) - before, 5 * 256);
	/* the other PE counters stay apart */
	EXPECT_EQ(sample(c, VGC_MC_PROFILE_CONFIG0, VGC_PROF_PE_SHIFT,
			 VGC_PROF_PE_PIXEL_COUNT_DRAWN_BY_COLOR_PIPE,
			 VGC_MC_PROFILE_PE_READ), 0);
}

static void t_memory_counters(struct vgc_core *c)
{
	uint32_t rd, wr, ip, pipe_rd, pipe_wr;

	use(c, "gc320");
	clears(c, 2, 64, 8);
	rd = vgc_read(c, VGC_PROFILE_READ_BYTES8);
	wr = vgc_read(c, VGC_PROFILE_WRITE_BYTES8);
	/* two clears of 64 x 8 pixels of 4 bytes: 2 * 2048 bytes written */
	EXPECT_EQ(wr >= 2 * 2048 / 8, 1);
	EXPECT_EQ(wr, c->stats.mem_write8);
	EXPECT_EQ(rd, c->stats.mem_read8);
	ip = sample(c, VGC_MC_PROFILE_CONFIG2, VGC_PROF_MC_SHIFT,
		    VGC_PROF_MC_TOTAL_READ_REQ_8B_FROM_IP,
		    VGC_MC_PROFILE_MC_READ);
	pipe_rd = sample(c, VGC_MC_PROFILE_CONFIG2, VGC_PROF_MC_SHIFT,
			 VGC_PROF_MC_TOTAL_READ_REQ_8B_FROM_PIPELINE,
			 VGC_MC_PROFILE_MC_READ);
	pipe_wr = sample(c, VGC_MC_PROFILE_CONFIG2, VGC_PROF_MC_SHIFT,
			 VGC_PROF_MC_TOTAL_WRITE_REQ_8B_FROM_PIPELINE,
			 VGC_MC_PROFILE_MC_READ);
	/* the stream was fetched: at least its 14 commands of 8 bytes */
	EXPECT_EQ(ip >= 14, 1);
	EXPECT_EQ(ip + pipe_rd, rd);
	EXPECT_EQ(pipe_wr, wr);
}

static void t_cycles(struct vgc_core *c)
{
	uint32_t t0, i0, t1, i1;

	use(c, "gc320");	/* counters in HI_PROFILE_TOTAL/IDLE_CYCLES */
	clock_ns += 5000;
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES), 5000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES), 5000);
	t0 = vgc_read(c, VGC_PROFILE_TOTAL_CYCLES);
	i0 = vgc_read(c, VGC_PROFILE_IDLE_CYCLES);
	clears(c, 1, 64, 64);	/* busy: the runs took time */
	t1 = vgc_read(c, VGC_PROFILE_TOTAL_CYCLES);
	i1 = vgc_read(c, VGC_PROFILE_IDLE_CYCLES);
	EXPECT_EQ(t1 - t0 > 0, 1);
	EXPECT_EQ(t1 - t0, (uint32_t)c->stats.busy_ns + (i1 - i0));
	/* idle: only the idle counter grows with the total */
	clock_ns += 70000;
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES) - t1, 70000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES) - i1, 70000);
	/* a soft reset restarts them */
	vgc_write(c, VGC_CLOCK_CONTROL, 0x1100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES), 0);
	EXPECT_EQ(pixels_2d(c), 0);
}

/* GC2000: total cycles in MC_PROFILE_CYCLE_COUNTER, idle in HI's TOTAL */
static void t_cycles_gc2000_layout(struct vgc_core *c)
{
	use(c, "gc2000");
	clock_ns += 3000;
	EXPECT_EQ(vgc_read(c, VGC_MC_PROFILE_CYCLE_COUNTER), 3000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES), 3000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES), 0);
	/* not GC3000 r5450, which only reads back as a GC2000 */
	use(c, "gc3000");
	clock_ns += 3000;
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_TOTAL_CYCLES), 3000);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES), 3000);
	use(c, "gc7000");
	clock_ns += 3000;
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_IDLE_CYCLES), 3000);
}

static void t_debug_registers_disabled(struct vgc_core *c)
{
	use(c, "gc320");
	clears(c, 1, 8, 8);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100 | VGC_CLK_DISABLE_DEBUG_REGS);
	EXPECT_EQ(pixels_2d(c), 0);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_WRITE_BYTES8), 0);
	EXPECT_EQ(c->stats.prof_reads_disabled, 2);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(pixels_2d(c), 64);
}

static void t_pixel_pipe_select(struct vgc_core *c)
{
	uint32_t clk;

	use(c, "gc2000");	/* two pixel pipes */
	clears(c, 0, 8, 8);
	vgc_write(c, VGC_GL_PIPE_SELECT, 1);
	c->stats.de_pixels += 100;	/* as if the DE drew */
	clk = vgc_read(c, VGC_CLOCK_CONTROL) & ~0x70000u;
	EXPECT_EQ(pixels_2d(c), 100);
	vgc_write(c, VGC_CLOCK_CONTROL, clk | 1u << 20);
	EXPECT_EQ(pixels_2d(c), 0);
	EXPECT_EQ(vgc_read(c, VGC_PROFILE_READ_BYTES8), 0);
	vgc_write(c, VGC_CLOCK_CONTROL, clk);
	EXPECT_EQ(pixels_2d(c), 100);
}

static void t_block_reset_select(struct vgc_core *c)
{
	use(c, "gc320");
	clears(c, 1, 10, 10);
	EXPECT_EQ(pixels_2d(c), 100);
	/* PE's RESET zeroes PE's counters, not MC's */
	vgc_write(c, VGC_MC_PROFILE_CONFIG0, VGC_PROF_RESET << VGC_PROF_PE_SHIFT);
	EXPECT_EQ(pixels_2d(c), 0);
	EXPECT_EQ(sample(c, VGC_MC_PROFILE_CONFIG2, VGC_PROF_MC_SHIFT,
			 VGC_PROF_MC_TOTAL_WRITE_REQ_8B_FROM_PIPELINE,
			 VGC_MC_PROFILE_MC_READ) > 0, 1);
	clears(c, 1, 10, 10);
	EXPECT_EQ(pixels_2d(c), 100);
}

static void t_unmodelled_read_zero(struct vgc_core *c)
{
	use(c, "gc320");
	clears(c, 1, 10, 10);
	EXPECT_EQ(sample(c, VGC_MC_PROFILE_CONFIG2, VGC_PROF_HI_SHIFT,
			 VGC_PROF_HI_AXI_CYCLES_READ_REQUEST_STALLED,
			 VGC_MC_PROFILE_HI_READ), 0);
	EXPECT_EQ(sample(c, VGC_MC_PROFILE_CONFIG1, VGC_PROF_TX_SHIFT,
			 VGC_PROF_TX_CACHE_MISS_COUNT,
			 VGC_MC_PROFILE_TX_READ), 0);
}

static void run(const char *name, void (*fn)(struct vgc_core *c))
{
	run_test(name, fn, "gc320");
}

int main(void)
{
	if (sim_test_begin())
		return 1;
	run("prof-2d-pixels-follow-work", t_2d_pixels_follow_work);
	run("prof-memory-counters", t_memory_counters);
	run("prof-cycles", t_cycles);
	run("prof-cycles-gc2000-layout", t_cycles_gc2000_layout);
	run("prof-debug-registers-disabled", t_debug_registers_disabled);
	run("prof-pixel-pipe-select", t_pixel_pipe_select);
	run("prof-block-reset-select", t_block_reset_select);
	run("prof-unmodelled-read-zero", t_unmodelled_read_zero);
	return sim_test_end("sim-prof");
}
