// SPDX-License-Identifier: GPL-2.0-only
/*
 * Functional model of a Vivante GC core: its registers on the AHB, reset,
 * power, interrupts, identity, and the caches' flush marks. The FE is in
 * vgc_fe.c, the engines' time in vgc_pace.c. See vgc.h for the contract
 * with the environment.
 */
#include "vgc.h"
#include "vgc_core.h"
#include "vgc_fe.h"
#include "vgc_mmu.h"
#include "vgc_pace.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

void vgc_init(struct vgc_core *c, const struct vgc_ident *id,
	      const struct vgc_host_ops *ops, void *ctx)
{
	memset(c, 0, sizeof(*c));
	c->id = id;
	c->ops = ops;
	c->ctx = ctx;
	c->powered = true;
	c->clocked = true;
	c->clk_div = 1;
	c->clock_khz = VGC_CLOCK_KHZ_DEFAULT;
	vgc_reset(c);
	c->stats.resets = 0;
}

/* Work that fills the 3D caches: draws and resolves. */
static u64 work_3d(const struct vgc_core *c)
{
	return c->stats.draws_3d + c->stats.rs_ops;
}

/* All caches clean as of now (a reset loses what they held). */
static void caches_clean(struct vgc_core *c)
{
	c->flushed.color = work_3d(c);
	c->flushed.depth = work_3d(c);
	c->flushed.ts = work_3d(c);
	c->flushed.shader_l1 = c->stats.draws_3d;
	c->flushed.pe2d = c->stats.de_ops;
	c->flushed.blt = c->stats.blt_ops;
}

/*
 * At an event: does a cache still hold work done since its flush? The
 * tile-status cache of a core with the BLT engine is flushed through the
 * BLT (BLT_SET_COMMAND), not TS_FLUSH_CACHE.
 */
static void event_check_flushed(struct vgc_core *c)
{
	const struct vgc_flush_marks *f = &c->flushed;

	if (f->color != work_3d(c) || f->depth != work_3d(c) ||
	    f->ts != work_3d(c) || f->shader_l1 != c->stats.draws_3d ||
	    f->pe2d != c->stats.de_ops)
		c->stats.unflushed_events++;
}

static void gl_flush(struct vgc_core *c, u32 val)
{
	if (val & VGC_GL_FLUSH_COLOR)
		c->flushed.color = work_3d(c);
	if (val & VGC_GL_FLUSH_DEPTH)
		c->flushed.depth = work_3d(c);
	if (val & VGC_GL_FLUSH_SHADER_L1)
		c->flushed.shader_l1 = c->stats.draws_3d;
	if (val & VGC_GL_FLUSH_PE2D)
		c->flushed.pe2d = c->stats.de_ops;
}

bool vgc_event_state(struct vgc_core *c, u32 off, u32 *val)
{
	event_check_flushed(c);
	vgc_blt_check(c, false);
	vgc_raise(c, 1u << (*val & VGC_GL_EVENT_ID_MASK));
	c->stats.events++;
	return true;
}

bool vgc_cache_state(struct vgc_core *c, u32 off, u32 *val)
{
	switch (off) {
	case VGC_GL_FLUSH_CACHE:
		if (*val & VGC_GL_FLUSH_PE2D)
			c->stats.de_flushes++;
		gl_flush(c, *val);
		vgc_txd_gl_flush(c, *val);
		c->stats.flushes++;
		vgc_fe_fifo_flush(c);
		break;
	case VGC_TS_FLUSH_CACHE:
		/* the RS's TS cache: empty until the next status read */
		if (*val & VGC_TS_FLUSH_CACHE_FLUSH) {
			vgc_rs_ts_flush(c);
			c->stats.ts_flushes++;
			if (!vgc_caps(c)->blt)
				c->flushed.ts = work_3d(c);
		}
		break;
	case VGC_BLT_SET_COMMAND:
		/* with the BLT engine enabled: flush it (and its TS cache) */
		if (vgc_caps(c)->blt &&
		    (REG(c, VGC_BLT_ENABLE) & VGC_BLT_ON) &&
		    (*val & VGC_BLT_FLUSH)) {
			vgc_rs_ts_flush(c);
			c->flushed.ts = work_3d(c);
			c->flushed.blt = c->stats.blt_ops;
		}
		break;
	}
	return true;
}

void vgc_set_power(struct vgc_core *c, bool on)
{
	if (c->powered && !on) {
		/* no state survives: a reset's worth, and the interrupt line */
		vgc_reset(c);
		c->stats.resets--;
		c->stats.power_offs++;
		c->irq_edge = false;
	}
	if (!c->powered && on)
		c->stats.power_ons++;
	c->powered = on;
}

void vgc_set_clock(struct vgc_core *c, bool on)
{
	c->clocked = on;
}

bool vgc_powered(const struct vgc_core *c)
{
	return c->powered && c->clocked;
}

u32 vgc_get_fscale(const struct vgc_core *c)
{
	return c->fscale;
}

/*
 * Soft reset: everything but the identity returns to its power-on value.
 * The driver reprograms AXI, PM and interrupt enables after every reset.
 */
void vgc_reset(struct vgc_core *c)
{
	memset(c->state, 0, sizeof(c->state));
	REG(c, VGC_CLOCK_CONTROL) = 0x100;	/* FSCALE = 64: full speed */
	c->fscale = 64;
	c->intr_pending = 0;
	c->axi_status = 0;
	vgc_fe_reset(c);
	c->de.busy = false;	/* the operation in flight is lost */
	c->rs.busy = false;
	vgc_rs_ts_flush(c);
	vgc_blt_reset(c);
	vgc_txd_reset(c);
	c->p3d.busy = false;
	vgc_pace_reset(c);
	memset(c->tx_latch, 0, sizeof(c->tx_latch));
	caches_clean(c);
	vgc_mmu_reset(c);
	vgc_prof_reset(c);
	c->stats.resets++;
}

bool vgc_irq_line(const struct vgc_core *c)
{
	return (c->intr_pending & REG(c, VGC_INTR_ENBL)) != 0;
}

void vgc_raise(struct vgc_core *c, u32 bits)
{
	c->intr_pending |= bits;
	c->irq_edge = true;
}

bool vgc_irq_edge(const struct vgc_core *c)
{
	return c->irq_edge;
}

bool vgc_irq_take_edge(struct vgc_core *c)
{
	bool edge = c->irq_edge;

	c->irq_edge = false;
	return edge;
}

const struct vgc_ident *vgc_get_ident(const struct vgc_core *c)
{
	return c->id;
}

u32 vgc_state_peek(const struct vgc_core *c, u32 off)
{
	return off < VGC_STATE_WORDS * 4 ? REG(c, off & ~3u) : 0;
}

void vgc_set_freeze(struct vgc_core *c, bool on)
{
	c->freeze = on;
}

bool vgc_get_freeze(const struct vgc_core *c)
{
	return c->freeze;
}

void vgc_set_inject_bus_error(struct vgc_core *c, bool on)
{
	c->inject_bus_error = on;
}

bool vgc_get_inject_bus_error(const struct vgc_core *c)
{
	return c->inject_bus_error;
}

static u32 ident_reg(const struct vgc_core *c, u32 off, bool *hit)
{
	const struct vgc_ident *id = c->id;

	*hit = true;
	switch (off) {
	case VGC_CHIP_IDENTITY:		return 0;
	case VGC_CHIP_FEATURE:		return id->features;
	case VGC_CHIP_MODEL:		return id->model;
	case VGC_CHIP_REV:		return id->revision;
	case VGC_CHIP_DATE:		return id->date;
	case VGC_CHIP_TIME:		return id->time;
	case VGC_CHIP_CUSTOMER_ID:	return id->customer_id;
	case VGC_CHIP_MINOR_FEATURE_0:	return id->minor[0];
	case VGC_CHIP_MINOR_FEATURE_1:	return id->minor[1];
	case VGC_CHIP_MINOR_FEATURE_2:	return id->minor[2];
	case VGC_CHIP_MINOR_FEATURE_3:	return id->minor[3];
	case VGC_CHIP_MINOR_FEATURE_4:	return id->minor[4];
	case VGC_CHIP_MINOR_FEATURE_5:	return id->minor[5];
	case VGC_CHIP_SPECS:		return id->specs[0];
	case VGC_CHIP_SPECS_2:		return id->specs[1];
	case VGC_CHIP_SPECS_3:		return id->specs[2];
	case VGC_CHIP_SPECS_4:		return id->specs[3];
	case VGC_CHIP_PRODUCT_ID:	return id->product_id;
	case VGC_CHIP_ECO_ID:		return id->eco_id;
	}
	*hit = false;
	return 0;
}

u32 vgc_read(struct vgc_core *c, u32 off)
{
	u32 v;
	bool hit;

	if (!vgc_powered(c)) {
		c->stats.access_while_off++;
		return 0;
	}
	off &= ~3u;
	if (off >= VGC_STATE_WORDS * 4)
		return 0;

	switch (off) {
	case VGC_CLOCK_CONTROL:
		/*
		 * VG is synchronous; 2D is busy during a DE op, 3D during a
		 * resolve.
		 */
		v = REG(c, off) | VGC_CLK_IDLE_VG;
		if (!(vgc_pace_busy(c) &
		      (VGC_ENG_RS | VGC_ENG_BLT | VGC_ENG_3D)))
			v |= VGC_CLK_IDLE_3D;
		return vgc_pace_busy(c) & VGC_ENG_DE ? v : v | VGC_CLK_IDLE_2D;
	case VGC_IDLE_STATE:
		v = VGC_IDLE_ALL;
		if (c->fe_state != VGC_FE_IDLE)
			v &= ~VGC_IDLE_FE;
		if (vgc_pace_busy(c) & VGC_ENG_DE)
			v &= ~(VGC_IDLE_DE | VGC_IDLE_PE);
		/* RS and BLT: in the PE's pipes */
		if (vgc_pace_busy(c) & (VGC_ENG_RS | VGC_ENG_BLT))
			v &= ~VGC_IDLE_PE;
		if (vgc_pace_busy(c) & VGC_ENG_3D) /* a draw: the 3D pipe */
			v &= ~(VGC_IDLE_PE | VGC_IDLE_FE);
		return v;
	case VGC_AXI_STATUS:
		v = c->axi_status;
		c->axi_status = 0;
		return v;
	case VGC_INTR_ACK:
		v = c->intr_pending;
		c->intr_pending = 0;
		return v;
	case VGC_CHIP_PRODUCT_ID:
	case VGC_CHIP_ECO_ID:
		if (c->id->no_product_regs) {
			/* On this part the register does not exist. */
			c->stats.bad_reg_reads++;
			return 0;
		}
		break;
	case VGC_PM_MODULE_STATUS:
		return 0;
	}
	if (vgc_fe_read(c, off, &v) || vgc_mmu_read(c, off, &v) ||
	    vgc_prof_read(c, off, &v))
		return v;
	v = ident_reg(c, off, &hit);
	if (hit)
		return v;
	return REG(c, off);
}

void vgc_write(struct vgc_core *c, u32 off, u32 val)
{
	bool hit;

	if (!vgc_powered(c)) {
		c->stats.access_while_off++;
		return;
	}
	off &= ~3u;
	if (off >= VGC_STATE_WORDS * 4)
		return;
	ident_reg(c, off, &hit);
	if (hit)
		return;	/* read-only identity */
	vgc_fe_fifo_flush(c);	/* whatever it changes, the FE refetches */

	switch (off) {
	case VGC_CLOCK_CONTROL:
		if (val & VGC_CLK_SOFT_RESET)
			vgc_reset(c);
		/*
		 * FSCALE_LOAD latches the divider: the core then runs at
		 * FSCALE/64 of its clock. A scale of 0 would stop the clock;
		 * the model keeps the old scale (an assumption).
		 */
		if ((val & VGC_CLK_FSCALE_LOAD) && (val & VGC_CLK_FSCALE_MASK)) {
			c->fscale = (val & VGC_CLK_FSCALE_MASK) >>
				    VGC_CLK_FSCALE_SHIFT;
			vgc_pace_rebase(c);
		}
		/* Idle bits are status; FSCALE_LOAD only latches the scale. */
		REG(c, off) = val & ~(VGC_CLK_IDLE_3D | VGC_CLK_IDLE_2D |
				      VGC_CLK_IDLE_VG);
		return;
	case VGC_IDLE_STATE:
	case VGC_AXI_STATUS:
	case VGC_INTR_ACK:
	case VGC_PM_MODULE_STATUS:
		return;	/* read-only */
	case VGC_SEC_AHB_CONTROL:
		if (!c->id->security)
			return;
		if (val & VGC_SEC_AHB_RESET)
			vgc_reset(c);	/* self-clearing */
		REG(c, off) = val & ~VGC_SEC_AHB_RESET;
		return;
	case VGC_INTR_ENBL:
		REG(c, off) = val;
		if (c->intr_pending & val)
			c->irq_edge = true;	/* pending bits now enabled */
		return;
	}
	if (vgc_fe_write(c, off, val) || vgc_mmu_write(c, off, val) ||
	    vgc_prof_write(c, off, val))
		return;
	REG(c, off) = val;
}

