// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the display controller model (sim/lcdif.c):
 * the register aliases, reset and clock gate, the frame timeline the
 * timing registers and the pixel clock give, the frame-done and vsync
 * interrupts, NEXT_BUF loads, the scanout's formats and bus widths against
 * pixels written here by hand, the alpha surface, the CRC against an
 * independent bitwise CRC-32, DMA errors, late frames and the capture.
 * The clock is the test's own. The register sequence of enable() is the
 * one Linux 6.1's mxsfb driver writes (mxsfb_kms.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcdif.h"

#define MEM_BASE	0x10000000ull
#define MEM_SIZE	(8u << 20)
#define FB0		0x10000000u
#define FB1		0x10200000u
#define FB_AS		0x10400000u
#define MAX_PIXELS	(320 * 240)

static uint8_t *mem;
static uint64_t clock_ns;
static unsigned int passed, failed;
static const char *current;
static bool test_failed;

static int mem_read(void *ctx, uint64_t pa, void *buf, size_t len)
{
	if (pa < MEM_BASE || pa + len > MEM_BASE + MEM_SIZE)
		return -1;
	memcpy(buf, mem + (pa - MEM_BASE), len);
	return 0;
}

static uint64_t now_ns(void *ctx)
{
	return clock_ns;
}

static const struct lcdif_host_ops ops = {
	.mem_read = mem_read,
	.now_ns = now_ns,
};

static void fail(const char *what, int line, unsigned long long a,
		 unsigned long long b)
{
	if (test_failed)
		return;
	test_failed = true;
	printf("FAIL: sim/%s: line %d: %s = 0x%llx, expected 0x%llx\n",
	       current, line, what, a, b);
}

#define EXPECT_EQ(a, b) do {						\
	unsigned long long _a = (a), _b = (b);				\
	if (_a != _b)							\
		fail(#a, __LINE__, _a, _b);				\
} while (0)

static uint8_t *at(uint32_t pa)
{
	return mem + (pa - MEM_BASE);
}

/* The CRC-32 of IEEE 802.3 bit by bit: the oracle of the table CRC. */
static uint32_t crc_ref(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	int k;

	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}

/*
 * The timing of a small panel: @w x @h active, 10 + 20 + 10 pixels of
 * horizontal blanking, 3 + 4 + 5 lines of vertical blanking; a pixel
 * clock that makes a line 10 us: 100 lines a millisecond.
 */
struct mode {
	uint32_t w, h, hfp, hsync, hbp, vfp, vsync, vbp;
};

static const struct mode small = { 64, 48, 10, 20, 10, 3, 4, 5 };

static uint32_t htotal(const struct mode *m)
{
	return m->w + m->hfp + m->hsync + m->hbp;
}

static uint32_t vtotal(const struct mode *m)
{
	return m->h + m->vfp + m->vsync + m->vbp;
}

static uint64_t pix_hz(const struct mode *m)
{
	return htotal(m) * 100000ull;	/* a line every 10 us */
}

/* A frame's length and the time to its end of active lines, in ns. */
static uint64_t period(const struct mode *m)
{
	return vtotal(m) * 10000ull;
}

static uint64_t done_at(const struct mode *m)
{
	return (m->vsync + m->vbp + m->h) * 10000ull;
}

/*
 * What Linux 6.1's mxsfb writes to enable the CRTC (mxsfb_reset_block(),
 * mxsfb_set_formats(), mxsfb_set_mode(), the buffers, then
 * mxsfb_enable_controller()), for XRGB8888 (@rgb565: RGB565) on a 24-bit
 * bus.
 */
static void enable(struct lcdif *l, const struct mode *m, uint32_t fb,
		   bool rgb565)
{
	uint32_t ctrl1;

	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_SFTRST);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_CLKGATE);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_SFTRST);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_CLKGATE);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_SET, LCDIF_CTRL1_FIFO_CLEAR);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_CLR, LCDIF_CTRL1_FIFO_CLEAR);
	lcdif_write(l, LCDIF_AS_CTRL, 0);
	ctrl1 = lcdif_read(l, LCDIF_CTRL1) & (LCDIF_CTRL1_FRAME_DONE_IRQ_EN |
					      LCDIF_CTRL1_FRAME_DONE_IRQ);
	ctrl1 |= (rgb565 ? 0xfu : 0x7u) << 16;
	lcdif_write(l, LCDIF_CTRL1, ctrl1);
	lcdif_write(l, LCDIF_CTRL, LCDIF_CTRL_BYPASS_COUNT | LCDIF_CTRL_MASTER |
		    (rgb565 ? 0 : 3u << 8) | 3u << 10);
	lcdif_set_pixel_clock(l, pix_hz(m));
	lcdif_write(l, LCDIF_TRANSFER_COUNT, m->h << 16 | m->w);
	lcdif_write(l, LCDIF_VDCTRL0, BIT(28) | BIT(21) | BIT(20) | BIT(24) |
		    m->vsync);
	lcdif_write(l, LCDIF_VDCTRL1, vtotal(m));
	lcdif_write(l, LCDIF_VDCTRL2, m->hsync << 18 | htotal(m));
	lcdif_write(l, LCDIF_VDCTRL3, (m->hsync + m->hbp) << 16 |
		    (m->vsync + m->vbp));
	lcdif_write(l, LCDIF_VDCTRL4, m->w);
	lcdif_write(l, LCDIF_CUR_BUF, fb);
	lcdif_write(l, LCDIF_NEXT_BUF, fb);
	lcdif_write(l, LCDIF_CTRL2, (lcdif_read(l, LCDIF_CTRL2) & ~(7u << 21)) |
		    4u << 21);
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, LCDIF_CTRL_DOTCLK_MODE);
	lcdif_write(l, LCDIF_VDCTRL4, lcdif_read(l, LCDIF_VDCTRL4) |
		    LCDIF_VDCTRL4_SYNC_SIGNALS_ON);
	lcdif_write(l, LCDIF_CTRL1, lcdif_read(l, LCDIF_CTRL1) | BIT(24));
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, LCDIF_CTRL_RUN);
}

/* mxsfb_crtc_enable_vblank() */
static void vblank_on(struct lcdif *l)
{
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_CLR, LCDIF_CTRL1_FRAME_DONE_IRQ);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_SET, LCDIF_CTRL1_FRAME_DONE_IRQ_EN);
}

/* mxsfb_irq_handler()'s acknowledge */
static void irq_ack(struct lcdif *l)
{
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_CLR, LCDIF_CTRL1_FRAME_DONE_IRQ);
}

/* Time moves to @t; the model advances as a host timer would make it. */
static void run_to(struct lcdif *l, uint64_t t)
{
	uint64_t next;

	for (;;) {
		next = lcdif_advance(l);
		if (!next || next > t)
			break;
		clock_ns = next;
	}
	clock_ns = t;
	lcdif_advance(l);
}

/* An XRGB8888 frame buffer of @m at @fb: pixel (x, y) from @seed. */
static uint32_t px(uint32_t seed, uint32_t x, uint32_t y)
{
	uint32_t v = seed ^ (x * 0x9e3779b1u) ^ (y * 0x85ebca6bu);

	v ^= v >> 15;
	v *= 0x2c1b3c6du;
	return v ^ v >> 12;
}

static void fill(const struct mode *m, uint32_t fb, uint32_t seed)
{
	uint32_t x, y, v;

	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++) {
			v = px(seed, x, y);
			memcpy(at(fb) + (y * m->w + x) * 4, &v, 4);
		}
}

/* The panel's pixel (x, y) as the test expects it from XRGB8888 @seed. */
static void expect_frame(struct lcdif *l, const struct mode *m, uint32_t seed)
{
	uint32_t x, y, v, bad = 0;

	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++) {
			const uint8_t *o = l->out + (y * m->w + x) * 3;

			v = px(seed, x, y);
			if (o[0] != (v >> 16 & 0xff) || o[1] != (v >> 8 & 0xff) ||
			    o[2] != (v & 0xff))
				bad++;
		}
	EXPECT_EQ(bad, 0);
	EXPECT_EQ(l->out_w, m->w);
	EXPECT_EQ(l->out_h, m->h);
	EXPECT_EQ(l->out_crc, crc_ref(l->out, m->w * m->h * 3));
}

static uint8_t src_buf[MAX_PIXELS * 4], out_buf[MAX_PIXELS * 3];
static uint8_t cap_buf[MAX_PIXELS * 3];

static void run_test(const char *name, void (*fn)(struct lcdif *l), bool as)
{
	static struct lcdif l;

	current = name;
	test_failed = false;
	clock_ns = 1000000;
	memset(mem, 0, MEM_SIZE);
	lcdif_init(&l, as, &ops, NULL, src_buf, out_buf, cap_buf, MAX_PIXELS);
	fn(&l);
	if (test_failed) {
		failed++;
	} else {
		passed++;
		printf("PASS: sim/%s\n", name);
	}
}

/* ---- the tests -------------------------------------------------------- */

/* Power-on: CTRL held in reset with its clock gated; CTRL1's packing. */
static void t_reset_values(struct lcdif *l)
{
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL), LCDIF_CTRL_SFTRST | LCDIF_CTRL_CLKGATE);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL1), 0xf0000);
	EXPECT_EQ(lcdif_read(l, LCDIF_STAT) & LCDIF_STAT_PRESENT, LCDIF_STAT_PRESENT);
	EXPECT_EQ(l->stats.bad_regs, 0);
	EXPECT_EQ(lcdif_read(l, 0x1c0), 0);	/* no VERSION on i.MX6 */
	EXPECT_EQ(l->stats.bad_regs, 1);
}

/* SET, CLR and TOG on the registers that have them, plain on others. */
static void t_sct_aliases(struct lcdif *l)
{
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_SFTRST | LCDIF_CTRL_CLKGATE);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL), 0);
	lcdif_write(l, LCDIF_CTRL2 + LCDIF_SET, 0x00a00000);
	lcdif_write(l, LCDIF_CTRL2 + LCDIF_TOG, 0x00300000);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL2), 0x00900000);
	/* the alias reads the register */
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL2 + LCDIF_SET), 0x00900000);
	lcdif_write(l, LCDIF_VDCTRL0 + LCDIF_SET, 0x10000005);
	lcdif_write(l, LCDIF_VDCTRL0 + LCDIF_CLR, 0x00000004);
	EXPECT_EQ(lcdif_read(l, LCDIF_VDCTRL0), 0x10000001);
	/* TRANSFER_COUNT has no aliases: +4 is no register */
	lcdif_write(l, LCDIF_TRANSFER_COUNT + LCDIF_SET, 0x12345678);
	EXPECT_EQ(lcdif_read(l, LCDIF_TRANSFER_COUNT), 0);
	EXPECT_EQ(l->stats.bad_regs, 1);
	lcdif_write(l, LCDIF_TRANSFER_COUNT, 0x01e00320);
	EXPECT_EQ(lcdif_read(l, LCDIF_TRANSFER_COUNT), 0x01e00320);
}

/* SFTRST set: every register back to reset, the clock gated; counted. */
static void t_soft_reset(struct lcdif *l)
{
	fill(&small, FB0, 1);
	enable(l, &small, FB0, false);
	EXPECT_EQ(l->running, 1);
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, LCDIF_CTRL_SFTRST);
	EXPECT_EQ(l->running, 0);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL), LCDIF_CTRL_SFTRST | LCDIF_CTRL_CLKGATE);
	EXPECT_EQ(lcdif_read(l, LCDIF_TRANSFER_COUNT), 0);
	EXPECT_EQ(lcdif_read(l, LCDIF_CUR_BUF), 0);
	EXPECT_EQ(l->stats.resets, 1);
	EXPECT_EQ(l->stats.frames_cut, 1);
	/* clearing CLKGATE while SFTRST holds does not ungate */
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_CLKGATE);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL) & LCDIF_CTRL_CLKGATE, LCDIF_CTRL_CLKGATE);
	run_to(l, clock_ns + 10 * period(&small));
	EXPECT_EQ(l->stats.frames, 0);
}

/* The frames end when the timing says, one frame-done interrupt each. */
static void t_frame_timing(struct lcdif *l)
{
	uint64_t t0 = clock_ns, next;

	fill(&small, FB0, 2);
	enable(l, &small, FB0, false);
	vblank_on(l);
	next = lcdif_advance(l);
	EXPECT_EQ(next, t0 + done_at(&small));
	run_to(l, t0 + done_at(&small) - 1);
	EXPECT_EQ(l->stats.frames, 0);
	EXPECT_EQ(lcdif_irq_line(l), 0);
	run_to(l, t0 + done_at(&small));
	EXPECT_EQ(l->stats.frames, 1);
	EXPECT_EQ(lcdif_irq_line(l), 1);
	EXPECT_EQ(lcdif_irq_take_edge(l), 1);
	EXPECT_EQ(lcdif_irq_take_edge(l), 0);
	irq_ack(l);
	EXPECT_EQ(lcdif_irq_line(l), 0);
	/* the next event: the second frame's end, a period later */
	EXPECT_EQ(lcdif_advance(l), t0 + period(&small) + done_at(&small));
	run_to(l, t0 + 10 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 11);
	EXPECT_EQ(l->ring[11 % LCDIF_RING].end_ns,
		  t0 + 10 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames_late, 0);
	/* acknowledged once: high again at the second frame, and it stayed */
	EXPECT_EQ(l->stats.irqs, 2);
	expect_frame(l, &small, 2);
}

/* VSYNC_PERIOD_UNIT clear: VDCTRL1 counts pixel clocks, not lines. */
static void t_period_in_clocks(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_RUN);
	lcdif_write(l, LCDIF_VDCTRL0 + LCDIF_CLR, LCDIF_VDCTRL0_VSYNC_PERIOD_UNIT);
	lcdif_write(l, LCDIF_VDCTRL1, 2 * vtotal(&small) * htotal(&small));
	t0 = clock_ns;
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, LCDIF_CTRL_RUN);
	run_to(l, t0 + 2 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 2);
	EXPECT_EQ(l->period_ns, 2 * period(&small));
}

/* Timing registers that give no frame: no start, counted. */
static void t_bad_timing(struct lcdif *l)
{
	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_RUN);
	lcdif_write(l, LCDIF_VDCTRL1, small.h);	/* shorter than wait + lines */
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, LCDIF_CTRL_RUN);
	EXPECT_EQ(l->running, 0);
	EXPECT_EQ(l->stats.bad_timing, 1);
	run_to(l, clock_ns + 100 * period(&small));
	EXPECT_EQ(l->stats.frames, 0);
}

/* NEXT_BUF is loaded when a frame starts: a flip shows on the next one. */
static void t_flip(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	fill(&small, FB0, 3);
	fill(&small, FB1, 4);
	enable(l, &small, FB0, false);
	run_to(l, t0 + done_at(&small));
	expect_frame(l, &small, 3);
	lcdif_write(l, LCDIF_NEXT_BUF, FB1);
	EXPECT_EQ(lcdif_read(l, LCDIF_CUR_BUF), FB0);
	run_to(l, t0 + period(&small) - 1);
	EXPECT_EQ(lcdif_read(l, LCDIF_CUR_BUF), FB0);
	run_to(l, t0 + period(&small));
	EXPECT_EQ(lcdif_read(l, LCDIF_CUR_BUF), FB1);
	EXPECT_EQ(l->flips, 1);
	run_to(l, t0 + period(&small) + done_at(&small));
	expect_frame(l, &small, 4);
	EXPECT_EQ(l->ring[2].buf, FB1);
	EXPECT_EQ(l->ring[2].flips, 1);
	EXPECT_EQ(l->ring[1].crc != l->ring[2].crc, 1);
	/* the same buffer again is no flip */
	run_to(l, t0 + 5 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.flips, 1);
}

/* The vsync interrupt comes at each frame's start once enabled. */
static void t_vsync_irq(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_SET, LCDIF_CTRL1_VSYNC_EDGE_IRQ_EN);
	run_to(l, t0 + done_at(&small));
	EXPECT_EQ(lcdif_irq_line(l), 0);
	EXPECT_EQ(lcdif_advance(l), t0 + period(&small));
	run_to(l, t0 + period(&small));
	EXPECT_EQ(lcdif_irq_line(l), 1);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL1) & LCDIF_CTRL1_VSYNC_EDGE_IRQ,
		  LCDIF_CTRL1_VSYNC_EDGE_IRQ);
}

/* Enabling the interrupt over a set status raises the line: an edge. */
static void t_irq_enable_edge(struct lcdif *l)
{
	enable(l, &small, FB0, false);
	run_to(l, clock_ns + done_at(&small));
	EXPECT_EQ(lcdif_irq_take_edge(l), 0);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_SET, LCDIF_CTRL1_FRAME_DONE_IRQ_EN);
	EXPECT_EQ(lcdif_irq_take_edge(l), 1);
	/* mxsfb_crtc_disable_vblank() */
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_CLR, LCDIF_CTRL1_FRAME_DONE_IRQ_EN);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_CLR, LCDIF_CTRL1_FRAME_DONE_IRQ);
	EXPECT_EQ(lcdif_irq_line(l), 0);
}

/* mxsfb's disable: DOTCLK_MODE cleared, RUN reads clear at once. */
static void t_disable(struct lcdif *l)
{
	enable(l, &small, FB0, false);
	run_to(l, clock_ns + done_at(&small) / 2);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, LCDIF_CTRL_DOTCLK_MODE);
	EXPECT_EQ(lcdif_read(l, LCDIF_CTRL) & LCDIF_CTRL_RUN, 0);
	EXPECT_EQ(l->stats.frames_cut, 1);
	EXPECT_EQ(lcdif_advance(l), 0);
	run_to(l, clock_ns + 10 * period(&small));
	EXPECT_EQ(l->stats.frames, 0);
	/* enabled again, as the next modeset does */
	fill(&small, FB1, 5);
	lcdif_set_pixel_clock(l, 0);
	enable(l, &small, FB1, false);
	run_to(l, clock_ns + done_at(&small));
	EXPECT_EQ(l->stats.frames, 1);
	expect_frame(l, &small, 5);
}

/* The pixel clock stopped cuts the frame; started, a frame begins. */
static void t_pixel_clock(struct lcdif *l)
{
	enable(l, &small, FB0, false);
	run_to(l, clock_ns + done_at(&small) / 2);
	lcdif_set_pixel_clock(l, 0);
	EXPECT_EQ(l->running, 0);
	run_to(l, clock_ns + 10 * period(&small));
	EXPECT_EQ(l->stats.frames, 0);
	lcdif_set_pixel_clock(l, pix_hz(&small));
	EXPECT_EQ(l->running, 1);
	run_to(l, clock_ns + done_at(&small));
	EXPECT_EQ(l->stats.frames, 1);
}

/* RGB565 with byte packing 0xf: two pixels a word, widened to 8 bits. */
static void t_rgb565(struct lcdif *l)
{
	uint32_t x, y, bad = 0;
	uint16_t v;

	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++) {
			v = (uint16_t)px(6, x, y);
			memcpy(at(FB0) + (y * small.w + x) * 2, &v, 2);
		}
	enable(l, &small, FB0, true);
	run_to(l, clock_ns + done_at(&small));
	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++) {
			const uint8_t *o = l->out + (y * small.w + x) * 3;
			uint32_t r5, g6, b5;

			v = (uint16_t)px(6, x, y);
			r5 = v >> 11;
			g6 = v >> 5 & 63;
			b5 = v & 31;
			if (o[0] != (r5 << 3 | r5 >> 2) || o[1] != (g6 << 2 | g6 >> 4) ||
			    o[2] != (b5 << 3 | b5 >> 2))
				bad++;
		}
	EXPECT_EQ(bad, 0);
	EXPECT_EQ(l->stats.unsupported, 0);
}

/* Packed 24-bit (byte packing 0xf): three bytes a pixel. */
static void t_packed24(struct lcdif *l)
{
	uint32_t x, y, bad = 0;

	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++)
			memcpy(at(FB0) + (y * small.w + x) * 3,
			       &(uint32_t){ px(7, x, y) }, 3);
	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_CTRL1 + LCDIF_SET, 0xf0000);
	run_to(l, clock_ns + done_at(&small));
	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++) {
			const uint8_t *o = l->out + (y * small.w + x) * 3;
			uint32_t v = px(7, x, y);

			if (o[0] != (v >> 16 & 0xff) || o[1] != (v >> 8 & 0xff) ||
			    o[2] != (v & 0xff))
				bad++;
		}
	EXPECT_EQ(bad, 0);
}

/* An 18-bit bus: the panel gets 6 bits a colour. */
static void t_bus18(struct lcdif *l)
{
	uint32_t v = 0x00ff8107;
	const uint8_t *o = l->out;

	memcpy(at(FB0), &v, 4);
	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, 3u << 10);
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, (uint32_t)LCDIF_WIDTH_18 << 10);
	run_to(l, clock_ns + done_at(&small));
	EXPECT_EQ(o[0], 0xff);
	EXPECT_EQ(o[1], 0x82);	/* 0x81 >> 2 = 0x20: 0x80 | 0x20 >> 4 */
	EXPECT_EQ(o[2], 0x04);	/* 0x07 >> 2 = 1: 0x04 */
}

/* Formats and swizzles the model lacks: no scan, the panel keeps its frame. */
static void t_unsupported(struct lcdif *l)
{
	uint32_t crc;

	fill(&small, FB0, 8);
	enable(l, &small, FB0, false);
	run_to(l, clock_ns + done_at(&small));
	crc = l->out_crc;
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, 1u << 14);	/* INPUT_DATA_SWIZZLE */
	fill(&small, FB0, 9);
	run_to(l, clock_ns + period(&small));
	EXPECT_EQ(l->stats.unsupported, 1);
	EXPECT_EQ(l->out_crc, crc);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, 3u << 14);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, 3u << 8);	/* 16-bit words */
	run_to(l, clock_ns + period(&small));
	EXPECT_EQ(l->stats.unsupported, 2);
	lcdif_write(l, LCDIF_CTRL + LCDIF_SET, 3u << 8);
	run_to(l, clock_ns + period(&small));
	expect_frame(l, &small, 9);
}

/* A frame buffer where no memory is: lines read as zeros, counted. */
static void t_dma_error(struct lcdif *l)
{
	uint32_t i, nonzero = 0;

	fill(&small, FB0, 10);
	enable(l, &small, MEM_BASE + MEM_SIZE - 64 * 4 * 10, false);
	run_to(l, clock_ns + done_at(&small));
	EXPECT_EQ(l->stats.dma_errors, small.h - 10);
	for (i = 10 * small.w * 3; i < small.w * small.h * 3; i++)
		nonzero += l->out[i] != 0;
	EXPECT_EQ(nonzero, 0);
}

/* Frames the host slept through are counted; only the last is scanned. */
static void t_late(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	fill(&small, FB0, 11);
	enable(l, &small, FB0, false);
	clock_ns = t0 + 1000 * period(&small) + done_at(&small);
	lcdif_advance(l);
	EXPECT_EQ(l->stats.frames, 1);
	EXPECT_EQ(l->stats.frames + l->stats.frames_late, 1001);
	EXPECT_EQ(lcdif_advance(l), t0 + 1001 * period(&small) + done_at(&small));
	expect_frame(l, &small, 11);
}

/* A line that changed is seen; an unchanged frame keeps its CRC. */
static void t_changes(struct lcdif *l)
{
	uint32_t crc;

	fill(&small, FB0, 12);
	enable(l, &small, FB0, false);
	run_to(l, clock_ns + done_at(&small));
	crc = l->out_crc;
	run_to(l, clock_ns + period(&small));
	EXPECT_EQ(l->stats.frames_changed, 1);
	EXPECT_EQ(l->out_crc, crc);
	at(FB0)[(47 * small.w + 63) * 4] ^= 1;	/* the last pixel's blue */
	run_to(l, clock_ns + period(&small));
	EXPECT_EQ(l->stats.frames_changed, 2);
	EXPECT_EQ(l->out_crc != crc, 1);
	EXPECT_EQ(l->out_crc, crc_ref(l->out, small.w * small.h * 3));
	EXPECT_EQ(lcdif_read(l, LCDIF_CRC_STAT), l->out_crc);
}

/* The table CRC-32 against the bitwise one, and the known check value. */
static void t_crc32(struct lcdif *l)
{
	static const uint8_t check[] = "123456789";
	uint8_t buf[1000];
	uint32_t s = 1, i;

	EXPECT_EQ(lcdif_crc32(0, check, 9), 0xcbf43926);
	for (i = 0; i < sizeof(buf); i++) {
		s = s * 1103515245u + 12345u;
		buf[i] = s >> 16;
	}
	EXPECT_EQ(lcdif_crc32(0, buf, sizeof(buf)), crc_ref(buf, sizeof(buf)));
	EXPECT_EQ(lcdif_crc32(lcdif_crc32(0, buf, 300), buf + 300, 700),
		  crc_ref(buf, sizeof(buf)));
}

/* The capture keeps the first frame after the chosen flip. */
static void t_capture(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	fill(&small, FB0, 13);
	fill(&small, FB1, 14);
	lcdif_capture(l, 1);
	enable(l, &small, FB0, false);
	run_to(l, t0 + 3 * period(&small));
	EXPECT_EQ(l->cap_frame.seq, 0);
	/* frame 4 began at 3 periods: FB1 is loaded when frame 5 begins */
	lcdif_write(l, LCDIF_NEXT_BUF, FB1);
	run_to(l, t0 + 6 * period(&small));
	EXPECT_EQ(l->cap_frame.seq, 5);
	EXPECT_EQ(l->cap_frame.flips, 1);
	EXPECT_EQ(l->cap_frame.crc, crc_ref(l->cap, small.w * small.h * 3));
	EXPECT_EQ(memcmp(l->cap, l->out, small.w * small.h * 3), 0);
	lcdif_write(l, LCDIF_NEXT_BUF, FB0);
	run_to(l, t0 + 8 * period(&small));
	EXPECT_EQ(l->cap_frame.seq, 5);	/* taken once */
	EXPECT_EQ(l->cap_frame.crc != l->out_crc, 1);
}

/*
 * Scanning every 8th frame of an unchanged buffer: a flip, a change of
 * configuration and an armed capture are read at once; a change inside
 * the buffer shows within 8 frames.
 */
static void t_scan_every(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	fill(&small, FB0, 18);
	fill(&small, FB1, 19);
	lcdif_set_scan_every(l, 8);
	enable(l, &small, FB0, false);
	run_to(l, t0 + 19 * period(&small) + done_at(&small));
	/* frames 1, 9 and 17 read; the 17 others repeat */
	EXPECT_EQ(l->stats.frames, 3);
	EXPECT_EQ(l->stats.frames_repeated, 17);
	lcdif_write(l, LCDIF_NEXT_BUF, FB1);
	run_to(l, t0 + 20 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 4);
	expect_frame(l, &small, 19);
	at(FB1)[0] ^= 0xff;	/* the first pixel's blue */
	run_to(l, t0 + 27 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 4);
	run_to(l, t0 + 28 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 5);
	EXPECT_EQ(l->out[2], (px(19, 0, 0) ^ 0xff) & 0xff);
	lcdif_write(l, LCDIF_CTRL + LCDIF_CLR, (uint32_t)LCDIF_WIDTH_24 << 10);
	run_to(l, t0 + 29 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 6);	/* a 16-bit bus now: read again */
	lcdif_capture(l, 1);
	run_to(l, t0 + 30 * period(&small) + done_at(&small));
	EXPECT_EQ(l->stats.frames, 7);
	EXPECT_EQ(l->cap_frame.seq, 7);
}

/* A frame larger than the model's buffers is not scanned. */
static void t_too_large(struct lcdif *l)
{
	static const struct mode big = { 400, 240, 10, 20, 10, 3, 4, 5 };

	enable(l, &big, FB0, false);
	run_to(l, clock_ns + done_at(&big));
	EXPECT_EQ(l->stats.unsupported, 1);
	EXPECT_EQ(l->stats.frames, 0);
}

/* No alpha surface on the i.MX28's version: its registers are absent. */
static void t_no_as(struct lcdif *l)
{
	lcdif_write(l, LCDIF_AS_CTRL, 1);
	EXPECT_EQ(lcdif_read(l, LCDIF_AS_CTRL), 0);
	EXPECT_EQ(l->stats.bad_regs, 2);
}

/* The alpha surface's pixel (x, y) in ARGB8888, from @seed. */
static void as_fill(uint32_t fb, uint32_t seed)
{
	uint32_t x, y, v;

	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++) {
			v = px(seed, x, y);
			memcpy(at(fb) + (y * small.w + x) * 4, &v, 4);
		}
}

static uint32_t mix(uint32_t a, uint32_t c, uint32_t p)
{
	return (c * a + p * (255 - a) + 127) / 255;
}

/*
 * The overlay as mxsfb sets it: ARGB8888 with embedded alpha, AS_BUF 64
 * bytes into the buffer. The panel shows the blend; the first 16 pixels
 * are silicon's unknown bytes (zeros, transparent, here).
 */
static void t_as_argb(struct lcdif *l)
{
	uint32_t x, y, bad = 0;

	fill(&small, FB0, 15);
	as_fill(FB_AS, 16);
	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_AS_NEXT_BUF, FB_AS + 64);
	lcdif_write(l, LCDIF_AS_BUF, FB_AS + 64);
	lcdif_write(l, LCDIF_AS_CTRL, LCDIF_AS_ENABLE | 255u << 8 |
		    LCDIF_AS_ARGB8888 << 4 | LCDIF_AS_ALPHA_EMBEDDED << 1);
	run_to(l, clock_ns + done_at(&small));
	for (y = 0; y < small.h; y++)
		for (x = 0; x < small.w; x++) {
			const uint8_t *o = l->out + (y * small.w + x) * 3;
			uint32_t p = px(15, x, y), c = px(16, x, y);
			uint32_t a = y == 0 && x < 16 ? 0 : c >> 24;

			if (y == 0 && x < 16)
				c = 0;
			if (o[0] != mix(a, c >> 16 & 0xff, p >> 16 & 0xff) ||
			    o[1] != mix(a, c >> 8 & 0xff, p >> 8 & 0xff) ||
			    o[2] != mix(a, c & 0xff, p & 0xff))
				bad++;
		}
	EXPECT_EQ(bad, 0);
	EXPECT_EQ(l->stats.as_frames, 1);
}

/* RGB565 with the override alpha, and the colour key. */
static void t_as_override_key(struct lcdif *l)
{
	uint16_t red = 0xf800, green = 0x07e0;
	uint32_t x;
	const uint8_t *o;

	fill(&small, FB0, 17);
	for (x = 0; x < small.w * small.h; x++)
		memcpy(at(FB_AS) + 2 * x, x & 1 ? &red : &green, 2);
	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_AS_BUF, FB_AS + 64);
	lcdif_write(l, LCDIF_AS_NEXT_BUF, FB_AS + 64);
	lcdif_write(l, LCDIF_AS_CLRKEYLOW, 0x00f80000);
	lcdif_write(l, LCDIF_AS_CLRKEYHIGH, 0x00ff0000);
	lcdif_write(l, LCDIF_AS_CTRL, LCDIF_AS_ENABLE | 128u << 8 |
		    LCDIF_AS_RGB565 << 4 | LCDIF_AS_ALPHA_OVERRIDE << 1 |
		    LCDIF_AS_COLORKEY);
	run_to(l, clock_ns + done_at(&small));
	/* pixel 40 of line 1: stream pixel 104, AS pixel 72: green */
	o = l->out + (small.w + 40) * 3;
	x = px(17, 40, 1);
	EXPECT_EQ(o[0], mix(128, 0, x >> 16 & 0xff));
	EXPECT_EQ(o[1], mix(128, 255, x >> 8 & 0xff));
	EXPECT_EQ(o[2], mix(128, 0, x & 0xff));
	/* pixel 41: red, keyed out: the frame's own */
	o += 3;
	x = px(17, 41, 1);
	EXPECT_EQ(o[0], x >> 16 & 0xff);
	EXPECT_EQ(o[1], x >> 8 & 0xff);
	EXPECT_EQ(o[2], x & 0xff);
}

/* AS_NEXT_BUF is loaded with NEXT_BUF when a frame starts. */
static void t_as_next(struct lcdif *l)
{
	uint64_t t0 = clock_ns;

	enable(l, &small, FB0, false);
	lcdif_write(l, LCDIF_AS_BUF, FB_AS);
	lcdif_write(l, LCDIF_AS_NEXT_BUF, FB_AS + 0x1000);
	run_to(l, t0 + period(&small) - 1);
	EXPECT_EQ(lcdif_read(l, LCDIF_AS_BUF), FB_AS);
	run_to(l, t0 + period(&small));
	EXPECT_EQ(lcdif_read(l, LCDIF_AS_BUF), FB_AS + 0x1000);
}

int main(void)
{
	mem = calloc(1, MEM_SIZE);
	if (!mem)
		return 1;
	run_test("lcdif-reset-values", t_reset_values, true);
	run_test("lcdif-sct-aliases", t_sct_aliases, true);
	run_test("lcdif-soft-reset", t_soft_reset, true);
	run_test("lcdif-frame-timing", t_frame_timing, true);
	run_test("lcdif-period-in-clocks", t_period_in_clocks, true);
	run_test("lcdif-bad-timing", t_bad_timing, true);
	run_test("lcdif-flip", t_flip, true);
	run_test("lcdif-vsync-irq", t_vsync_irq, true);
	run_test("lcdif-irq-enable-edge", t_irq_enable_edge, true);
	run_test("lcdif-disable", t_disable, true);
	run_test("lcdif-pixel-clock", t_pixel_clock, true);
	run_test("lcdif-rgb565", t_rgb565, true);
	run_test("lcdif-packed24", t_packed24, true);
	run_test("lcdif-bus18", t_bus18, true);
	run_test("lcdif-unsupported", t_unsupported, true);
	run_test("lcdif-dma-error", t_dma_error, true);
	run_test("lcdif-late", t_late, true);
	run_test("lcdif-changes", t_changes, true);
	run_test("lcdif-crc32", t_crc32, true);
	run_test("lcdif-capture", t_capture, true);
	run_test("lcdif-scan-every", t_scan_every, true);
	run_test("lcdif-too-large", t_too_large, true);
	run_test("lcdif-no-as", t_no_as, false);
	run_test("lcdif-as-argb", t_as_argb, true);
	run_test("lcdif-as-override-key", t_as_override_key, true);
	run_test("lcdif-as-next", t_as_next, true);
	printf("%u passed, %u failed\n", passed, failed);
	free(mem);
	return failed != 0;
}
