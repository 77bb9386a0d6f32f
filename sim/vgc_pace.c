// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pacing: the core clock (a board's rate, the clock controller's divider,
 * FSCALE) and the time the engines' work takes. The engine in flight
 * works for the time its work takes: since it started (eng_t0) it may
 * have done as many budget units (a 2D or resolve pixel, a pixel of a
 * line or a rotation VGC_DE_PIXEL_COST, a 3D vertex, quad or shader
 * step, a BLT pixel) as the core clock has had cycles, and the FE goes on only when
 * the time of what it did has run out. Without a clock (no now_ns) the
 * engines take no time.
 */
#include "vgc.h"
#include "vgc_pace.h"

void vgc_pace_reset(struct vgc_core *c)
{
	c->tick_rem = 0;
	c->eng_on = false;
	c->eng_mask = 0;
}

void vgc_pace_rebase(struct vgc_core *c)
{
	if (c->eng_on) {
		c->eng_t0 = vgc_now_ns(c);
		c->eng_units = 0;
	}
}

void vgc_set_clock_div(struct vgc_core *c, u32 div)
{
	c->clk_div = div < 1 ? 1 : div > 64 ? 64 : div;
	vgc_pace_rebase(c);
}

u32 vgc_speed64(const struct vgc_core *c)
{
	u32 s = c->fscale / c->clk_div;

	return s ? s : 1;
}

void vgc_pace_account(struct vgc_core *c, u64 cycles)
{
	u64 t = cycles * 64 * c->clk_div + c->tick_rem;

	c->stats.cycles += cycles;
	c->stats.busy_ticks += t / c->fscale;
	c->tick_rem = t % c->fscale;
}

unsigned int vgc_pace_busy(const struct vgc_core *c)
{
	unsigned int m = c->eng_on ? c->eng_mask : 0;

	if (c->de.busy)
		m |= VGC_ENG_DE;
	if (c->rs.busy)
		m |= VGC_ENG_RS;
	if (c->blt.busy)
		m |= VGC_ENG_BLT;
	if (c->p3d.busy)
		m |= VGC_ENG_3D;
	return m;
}

/*
 * The core's clock as its engines see it: clock_khz, slowed by the
 * clock controller's divider and by FSCALE (FSCALE/64 of it), at least
 * 1 kHz.
 */
static u64 core_khz(const struct vgc_core *c)
{
	u64 khz = (u64)c->clock_khz * c->fscale / (64u * c->clk_div);

	return khz ? khz : 1;
}

/*
 * Cycles of the core clock in @ns (whole milliseconds apart: no
 * overflow), and the nanoseconds @cycles take (rounded up; cut at 10^12
 * cycles).
 */
u64 vgc_cycles(const struct vgc_core *c, u64 ns)
{
	u64 khz = core_khz(c);

	return ns / 1000000u * khz + ns % 1000000u * khz / 1000000u;
}

static u64 cycles_ns(const struct vgc_core *c, u64 cycles)
{
	u64 khz = core_khz(c);

	if (cycles > 1000000000000ull)
		cycles = 1000000000000ull;
	return (cycles * 1000000u + khz - 1) / khz;
}

void vgc_set_clock_khz(struct vgc_core *c, u32 khz)
{
	c->clock_khz = khz ? khz : 1;
	vgc_pace_rebase(c);
}

u32 vgc_get_clock_khz(const struct vgc_core *c)
{
	return c->clock_khz;
}

u64 vgc_fe_stall_ns(struct vgc_core *c)
{
	u64 now = vgc_now_ns(c), at;

	if (!c->eng_on)
		return 0;
	/* its work drawn, the engine waits for its time to run out */
	at = c->eng_t0 + cycles_ns(c, c->eng_units +
				   (vgc_pace_pending(c) ? VGC_DE_SPAN : 0));
	return at > now ? at - now : 0;
}

bool vgc_de_busy(const struct vgc_core *c)
{
	return c->de.busy;
}

bool vgc_rs_busy(const struct vgc_core *c)
{
	return c->rs.busy;
}

bool vgc_3d_busy(const struct vgc_core *c)
{
	return c->p3d.busy;
}

/*
 * A run does at most *@pixels units of the engine in flight, as many as
 * its time allows.
 */
enum vgc_run vgc_pace_step(struct vgc_core *c, long *pixels)
{
	bool paced = c->ops->now_ns;
	u64 now = paced ? vgc_now_ns(c) : 0, due = 0;
	long b, b0;

	if (paced && !c->eng_on) {
		c->eng_on = true;
		c->eng_mask = vgc_pace_busy(c);
		c->eng_t0 = now;
		c->eng_units = 0;
	}
	if (paced)
		due = now > c->eng_t0 ? vgc_cycles(c, now - c->eng_t0) : 0;
	if (!vgc_pace_pending(c)) {
		if (due < c->eng_units)
			return VGC_RUN_STALL;
		c->eng_on = false;
		return VGC_RUN_BUSY;
	}
	if (paced && due <= c->eng_units)
		return VGC_RUN_STALL;
	b = *pixels;
	if (paced && (u64)b > due - c->eng_units)
		b = due - c->eng_units;
	b0 = b;
	c->progress = true;
	if (c->de.busy)
		vgc_de_run(c, &b);
	else if (c->rs.busy)
		vgc_rs_run(c, &b);
	else if (c->blt.busy)
		vgc_blt_run(c, &b);
	else
		vgc_3d_run(c, &b);
	c->eng_units += b0 - b;		/* an engine may overrun its units */
	*pixels -= b0 - b;
	return *pixels > 0 || !vgc_pace_pending(c) ? VGC_RUN_BUSY :
						     VGC_RUN_IDLE;
}
