// SPDX-License-Identifier: GPL-2.0-only
/*
 * Functional model of a Vivante GC core: registers, front-end, interrupts.
 * See vgc.h for the contract with the environment.
 */
#include "vgc.h"
#include "vgc_mmu.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

static u64 now_ns(struct vgc_core *c)
{
	return c->ops->now_ns ? c->ops->now_ns(c->ctx) : 0;
}

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

/* The operation in flight goes on at a new rate from now. */
static void eng_rebase(struct vgc_core *c)
{
	if (c->eng_on) {
		c->eng_t0 = now_ns(c);
		c->eng_units = 0;
	}
}

void vgc_set_clock_div(struct vgc_core *c, u32 div)
{
	c->clk_div = div < 1 ? 1 : div > 64 ? 64 : div;
	eng_rebase(c);
}

u32 vgc_speed64(const struct vgc_core *c)
{
	u32 s = c->fscale / c->clk_div;

	return s ? s : 1;
}

/* Count @cycles of work at the current frequency scale. */
static void account_cycles(struct vgc_core *c, u64 cycles)
{
	u64 t = cycles * 64 * c->clk_div + c->tick_rem;

	c->stats.cycles += cycles;
	c->stats.busy_ticks += t / c->fscale;
	c->tick_rem = t % c->fscale;
}

/*
 * Soft reset: everything but the identity returns to its power-on value.
 * The driver reprograms AXI, PM and interrupt enables after every reset.
 */
void vgc_reset(struct vgc_core *c)
{
	memset(c->state, 0, sizeof(c->state));
	/*
	 * The freeze knob stands for a hang: the reset that recovers a
	 * frozen FE releases it, one of an idle core (a driver's power-up)
	 * leaves it armed for the next job.
	 */
	if (c->fe_state != VGC_FE_IDLE)
		c->freeze = false;
	REG(c, VGC_CLOCK_CONTROL) = 0x100;	/* FSCALE = 64: full speed */
	c->fscale = 64;
	c->tick_rem = 0;
	c->intr_pending = 0;
	c->axi_status = 0;
	c->fe_state = VGC_FE_IDLE;
	c->cmd_addr = 0;
	c->pc = 0;
	c->fetch_end = 0;
	c->fifo_words = 0;
	c->dma_addr = 0;
	c->dma_low = 0;
	c->dma_high = 0;
	c->dbg_state = VGC_DBG_IDLE;
	c->ret_addr = 0;
	c->ret_prefetch = 0;
	c->de.busy = false;	/* the operation in flight is lost */
	c->rs.busy = false;
	vgc_rs_ts_flush(c);
	c->p3d.busy = false;
	c->eng_on = false;
	c->eng_mask = 0;
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

bool vgc_fe_active(const struct vgc_core *c)
{
	return c->fe_state == VGC_FE_RUNNING && !c->freeze && vgc_powered(c);
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

enum vgc_fe_state vgc_fe_get_state(const struct vgc_core *c)
{
	return c->fe_state;
}

bool vgc_fe_progress(const struct vgc_core *c)
{
	return c->progress;
}

/* The engines that work on the operation in flight, or on its time. */
#define ENG_DE	0x1u
#define ENG_RS	0x2u
#define ENG_3D	0x4u

static bool work_pending(const struct vgc_core *c)
{
	return c->de.busy || c->rs.busy || c->p3d.busy;
}

static unsigned int eng_busy(const struct vgc_core *c)
{
	unsigned int m = c->eng_on ? c->eng_mask : 0;

	if (c->de.busy)
		m |= ENG_DE;
	if (c->rs.busy)
		m |= ENG_RS;
	if (c->p3d.busy)
		m |= ENG_3D;
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
	eng_rebase(c);
}

u32 vgc_get_clock_khz(const struct vgc_core *c)
{
	return c->clock_khz;
}

u64 vgc_fe_stall_ns(struct vgc_core *c)
{
	u64 now = now_ns(c), at;

	if (!c->eng_on)
		return 0;
	/* its work drawn, the engine waits for its time to run out */
	at = c->eng_t0 + cycles_ns(c, c->eng_units +
				   (work_pending(c) ? VGC_DE_SPAN : 0));
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

static enum vgc_run fe_jump(struct vgc_core *c, u32 addr,
			    u32 prefetch);

static void fe_fifo_flush(struct vgc_core *c)
{
	c->fifo_words = 0;
}

/* A start: the FE fetches @prefetch qwords at COMMAND_ADDRESS. */
static void fe_start(struct vgc_core *c, u32 prefetch)
{
	c->fe_state = VGC_FE_RUNNING;
	c->dbg_state = VGC_DBG_IDLE;
	fe_jump(c, c->cmd_addr, prefetch);
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
		if (!(eng_busy(c) & (ENG_RS | ENG_3D)))
			v |= VGC_CLK_IDLE_3D;
		return eng_busy(c) & ENG_DE ? v : v | VGC_CLK_IDLE_2D;
	case VGC_IDLE_STATE:
		v = VGC_IDLE_ALL;
		if (c->fe_state != VGC_FE_IDLE)
			v &= ~VGC_IDLE_FE;
		if (eng_busy(c) & ENG_DE)
			v &= ~(VGC_IDLE_DE | VGC_IDLE_PE);
		if (eng_busy(c) & ENG_RS) /* the RS works in the PE's pipes */
			v &= ~VGC_IDLE_PE;
		if (eng_busy(c) & ENG_3D) /* a draw keeps the 3D pipe busy */
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
	case VGC_FE_DMA_STATUS:
		return 0;
	case VGC_FE_COMMAND_CONTROL:
		return c->fe_state == VGC_FE_RUNNING ? VGC_FE_CONTROL_ENABLE : 0;
	case VGC_SEC_COMMAND_CONTROL:
		if (!c->id->security)
			return 0;
		return c->fe_state == VGC_FE_RUNNING ? VGC_FE_CONTROL_ENABLE : 0;
	case VGC_FE_DMA_DEBUG_STATE:
		return c->dbg_state;
	case VGC_FE_DMA_ADDRESS:
		return c->dma_addr;
	case VGC_FE_DMA_LOW:
		return c->dma_low;
	case VGC_FE_DMA_HIGH:
		return c->dma_high;
	}
	if (vgc_mmu_read(c, off, &v) || vgc_prof_read(c, off, &v))
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
	fe_fifo_flush(c);	/* whatever it changes, the FE refetches */

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
			eng_rebase(c);
		}
		/* Idle bits are status; FSCALE_LOAD only latches the scale. */
		REG(c, off) = val & ~(VGC_CLK_IDLE_3D | VGC_CLK_IDLE_2D |
				      VGC_CLK_IDLE_VG);
		return;
	case VGC_IDLE_STATE:
	case VGC_AXI_STATUS:
	case VGC_INTR_ACK:
	case VGC_PM_MODULE_STATUS:
	case VGC_FE_DMA_STATUS:
	case VGC_FE_DMA_DEBUG_STATE:
	case VGC_FE_DMA_ADDRESS:
	case VGC_FE_DMA_LOW:
	case VGC_FE_DMA_HIGH:
		return;	/* read-only */
	case VGC_FE_COMMAND_ADDRESS:
		c->cmd_addr = val & ~3u;
		return;
	case VGC_FE_COMMAND_CONTROL:
		/* With the security block, SEC_COMMAND_CONTROL starts the FE. */
		if ((val & VGC_FE_CONTROL_ENABLE) && !c->id->security)
			fe_start(c, val & VGC_FE_CONTROL_PREFETCH);
		return;
	case VGC_SEC_COMMAND_CONTROL:
		if ((val & VGC_FE_CONTROL_ENABLE) && c->id->security)
			fe_start(c, val & VGC_FE_CONTROL_PREFETCH);
		return;
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
	if (vgc_mmu_write(c, off, val) || vgc_prof_write(c, off, val))
		return;
	REG(c, off) = val;
}

/* Signed 16.16 fixed point to IEEE-754 single, without floating point. */
static u32 fixp_to_float(u32 v)
{
	u32 sign = v & 0x80000000u, mag, mant;
	int msb;

	if (!v)
		return 0;
	mag = sign ? 0u - v : v;
	for (msb = 31; !(mag & (1u << msb)); msb--)
		;
	mant = msb > 23 ? mag >> (msb - 23) : mag << (23 - msb);
	return sign | (u32)(msb - 16 + 127) << 23 | (mant & 0x7fffffu);
}

static void load_state(struct vgc_core *c, u32 idx, u32 val)
{
	u32 off = (idx & 0xffffu) << 2;

	if (off < 0x600) {
		/*
		 * The register window: only the MMUv2 states are loadable.
		 * Drivers load dummies to 0x0000/0x0004 as delays; a real
		 * core ignores them, and so does the model.
		 */
		if (off == VGC_MMUV2_SAFE_ADDRESS ||
		    off == VGC_MMUV2_CONFIGURATION ||
		    off == VGC_MMUV2_PTA_CONFIG) {
			vgc_mmu_load_state(c, off, val);
			fe_fifo_flush(c);
		}
		return;
	}

	switch (off) {
	case VGC_GL_EVENT:
		event_check_flushed(c);
		vgc_raise(c, 1u << (val & VGC_GL_EVENT_ID_MASK));
		c->stats.events++;
		break;
	case VGC_GL_FLUSH_CACHE:
		if (val & VGC_GL_FLUSH_PE2D)
			c->stats.de_flushes++;
		gl_flush(c, val);
		c->stats.flushes++;
		fe_fifo_flush(c);
		break;
	case VGC_GL_FLUSH_MMU:
		/* the MMUv1 TLBs of the clients named (vgc_mmu.c) */
		if (!vgc_has_mmuv2(c))
			vgc_mmu_v1_flush(c, val);
		c->stats.flushes++;
		fe_fifo_flush(c);
		break;
	case VGC_DE_ROT_ANGLE:
		val = vgc_de_state(c, off, val);
		break;
	case VGC_TS_FLUSH_CACHE:
		/* the RS's TS cache: empty until the next status read */
		if (val & VGC_TS_FLUSH_CACHE_FLUSH) {
			vgc_rs_ts_flush(c);
			c->stats.ts_flushes++;
			if (!(c->id->minor[5] & VGC_MINOR5_BLT_ENGINE))
				c->flushed.ts = work_3d(c);
		}
		break;
	case VGC_BLT_SET_COMMAND:
		/* with the BLT engine enabled: flush it (and its TS cache) */
		if ((c->id->minor[5] & VGC_MINOR5_BLT_ENGINE) &&
		    (REG(c, VGC_BLT_ENABLE) & VGC_BLT_ON) &&
		    (val & VGC_BLT_FLUSH)) {
			vgc_rs_ts_flush(c);
			c->flushed.ts = work_3d(c);
		}
		break;
	case VGC_RS_KICKER:
	case VGC_RS_KICKER_INPLACE:
		/* The RS starts; the FE waits for it (vgc_fe_run). */
		REG(c, off) = val;
		vgc_rs_kick(c, off, val);
		return;
	}
	/*
	 * SH_INST_MEM_MIRROR is another window on the unified instruction
	 * memory (Mesa 22.3 etnaviv_screen.c loads GC3000's PS code there):
	 * one store, seen at both addresses.
	 */
	if (off >= VGC_SH_INST_MEM_MIRROR && off < VGC_SH_INST_MEM) {
		REG(c, off + (VGC_SH_INST_MEM - VGC_SH_INST_MEM_MIRROR)) = val;
	} else if (off >= VGC_SH_INST_MEM &&
		   off < VGC_SH_INST_MEM + 4 * VGC_SH_INST_MEM_WORDS) {
		REG(c, off - (VGC_SH_INST_MEM - VGC_SH_INST_MEM_MIRROR)) = val;
	}
	REG(c, off) = val;
}

/* The FE wedges: it stops without going idle, as silicon does. */
static enum vgc_run fe_hang(struct vgc_core *c)
{
	c->fe_state = VGC_FE_HUNG;
	c->stats.bad_commands++;
	return VGC_RUN_IDLE;
}

/* Read ahead from @addr to the end of the window or of the page. */
static int fe_fifo_fill(struct vgc_core *c, u32 addr)
{
	u64 end = c->fetch_end;
	u64 page_end = (addr | (VGC_PAGE_SIZE - 1)) + 1ull;

	if (end > page_end)
		end = page_end;
	if (end < addr + 4ull)
		end = addr + 4ull;
	c->fifo_words = 0;
	c->stats.fe_fetch8 += ((addr & 7) + end - addr + 7) / 8;
	if (vgc_dma_fetch(c, addr, c->fifo, end - addr))
		return -1;
	c->fifo_addr = addr;
	c->fifo_words = (end - addr) / 4;
	return 0;
}

/* fe_fetch() when the words are not all in the FIFO: refill as needed. */
static int fe_fetch_fill(struct vgc_core *c, u32 addr, u32 *w, size_t n)
{
	size_t k;

	while (n) {
		if (addr < c->fifo_addr ||
		    addr - c->fifo_addr >= c->fifo_words * 4u) {
			if (fe_fifo_fill(c, addr))
				return -1;
		}
		k = c->fifo_words - (addr - c->fifo_addr) / 4;
		if (k > n)
			k = n;
		memcpy(w, &c->fifo[(addr - c->fifo_addr) / 4], k * 4);
		w += k;
		addr += k * 4;
		n -= k;
	}
	return 0;
}

static inline int fe_fetch(struct vgc_core *c, u32 addr, u32 *w, size_t n)
{
	u32 i = (addr - c->fifo_addr) / 4;
	size_t k;

	/* most commands are in the FIFO already */
	if (addr >= c->fifo_addr && i < c->fifo_words &&
	    n <= c->fifo_words - i) {
		for (k = 0; k < n; k++)
			w[k] = c->fifo[i + k];
		return 0;
	}
	return fe_fetch_fill(c, addr, w, n);
}

static enum vgc_run fe_jump(struct vgc_core *c, u32 addr,
			    u32 prefetch)
{
	/* Commands are 64-bit aligned; a zero prefetch fetches nothing. */
	if ((addr & 7) || !prefetch)
		return fe_hang(c);
	c->pc = addr;
	c->fetch_end = addr + prefetch * 8ull;
	fe_fifo_flush(c);
	return VGC_RUN_BUSY;
}

static enum vgc_run fe_load_state(struct vgc_core *c, u32 hdr)
{
	u32 count = (hdr >> VGC_LS_COUNT_SHIFT) & VGC_LS_COUNT_MASK;
	u32 idx = hdr & VGC_LS_ADDR_MASK;
	u32 buf[64], addr = c->pc + 4, i, n;

	if (!count)
		count = 1024;
	if (c->pc + ((count + 2) & ~1u) * 4ull > c->fetch_end)
		return fe_hang(c);
	while (count) {
		n = count < 64 ? count : 64;
		if (fe_fetch(c, addr, buf, n))
			return fe_hang(c);
		for (i = 0; i < n; i++)
			load_state(c, idx++, hdr & VGC_LS_FIXP ?
				   fixp_to_float(buf[i]) : buf[i]);
		addr += n * 4;
		count -= n;
	}
	c->pc = (addr + 7) & ~7u;
	c->progress = true;
	return VGC_RUN_BUSY;
}

static enum vgc_run fe_draw_2d(struct vgc_core *c, u32 hdr)
{
	u32 count = (hdr >> VGC_D2D_COUNT_SHIFT) & VGC_D2D_COUNT_MASK;
	u32 data = (hdr >> VGC_D2D_DATA_SHIFT) & VGC_D2D_DATA_MASK;
	u32 words;

	if (!count)
		count = 256;
	words = 2 + 2 * count + ((data + 1) & ~1u);
	if (c->pc + words * 4ull > c->fetch_end)
		return fe_hang(c);
	c->stats.draws++;
	/* The 2D engine starts; the FE waits for it (vgc_fe_run). */
	if (vgc_de_draw(c, hdr, c->pc))
		return fe_hang(c);
	c->pc += words * 4;
	c->progress = true;
	return VGC_RUN_BUSY;
}

/* Execute the command at pc. */
static enum vgc_run fe_step(struct vgc_core *c)
{
	u32 w[6], op, words = 2;

	if (c->pc + 8ull > c->fetch_end)
		return fe_hang(c);	/* ran off the prefetch window */
	/*
	 * The header and its argument come from one fill of the FIFO, which
	 * reads upwards: the kernel patches a WAIT into a LINK argument
	 * first, so a new header implies a new argument.
	 */
	if (fe_fetch(c, c->pc, w, 2))
		return fe_hang(c);
	c->dma_addr = c->pc;
	c->dma_low = w[0];
	c->dma_high = w[1];
	c->stats.commands++;
	op = w[0] >> VGC_OP_SHIFT;

	switch (op) {
	case VGC_OP_LOAD_STATE:
		return fe_load_state(c, w[0]);
	case VGC_OP_END:
		c->fe_state = VGC_FE_IDLE;
		c->dbg_state = VGC_DBG_END;
		c->dma_addr = c->pc + 8;
		if (w[0] & VGC_END_EVENT_ENABLE) {
			vgc_raise(c, 1u << (w[0] & VGC_GL_EVENT_ID_MASK));
			c->stats.events++;
		}
		return VGC_RUN_IDLE;
	case VGC_OP_WAIT:
		c->stats.waits++;
		c->dbg_state = VGC_DBG_WAIT;
		c->pc += 8;
		return VGC_RUN_WAIT;
	case VGC_OP_LINK:
		c->dbg_state = VGC_DBG_LINK;
		return fe_jump(c, w[1] & ~3u, w[0] & 0xffffu);
	case VGC_OP_CALL:
		if (c->pc + 16ull > c->fetch_end ||
		    fe_fetch(c, c->pc + 8, &w[2], 2))
			return fe_hang(c);
		c->ret_prefetch = w[2] & 0xffffu;
		c->ret_addr = w[3] & ~3u;
		c->progress = true;
		return fe_jump(c, w[1] & ~3u, w[0] & 0xffffu);
	case VGC_OP_RETURN:
		c->progress = true;
		return fe_jump(c, c->ret_addr, c->ret_prefetch);
	case VGC_OP_DRAW_2D:
		return fe_draw_2d(c, w[0]);
	case VGC_OP_DRAW_PRIMITIVES:
	case VGC_OP_DRAW_INSTANCED:
	case VGC_OP_DRAW_INDEXED:
		/* The draw starts; the FE waits for it (vgc_fe_run). */
		words = op == VGC_OP_DRAW_INDEXED ? 6 : 4;
		if (c->pc + words * 4ull > c->fetch_end ||
		    fe_fetch(c, c->pc + 8, &w[2], words - 2))
			return fe_hang(c);
		c->stats.draws++;
		vgc_3d_draw(c, w);
		break;
	case VGC_OP_NOP:
	case VGC_OP_STALL:	/* engines are synchronous: nothing to wait for */
	case VGC_OP_CHIP_SELECT:	/* single-core parts */
		break;
	default:
		return fe_hang(c);
	}
	if (c->pc + words * 4ull > c->fetch_end)
		return fe_hang(c);
	c->pc += words * 4;
	c->progress = true;
	return VGC_RUN_BUSY;
}

/*
 * The engine in flight works for the time its work takes: since it
 * started (eng_t0) it may have done as many budget units (a 2D or
 * resolve pixel, a pixel of a line or a rotation VGC_DE_PIXEL_COST, a 3D
 * vertex, quad or shader step) as the core clock has had cycles, and the
 * FE goes on only when the time of what it did has run out. A run does
 * at most @pixels units. Without a clock (no now_ns) the engines take no
 * time. Returns VGC_RUN_BUSY to go on, VGC_RUN_STALL when the engine is
 * ahead of its time, VGC_RUN_IDLE when the run's units are spent.
 */
static enum vgc_run engine_step(struct vgc_core *c, long *pixels)
{
	bool paced = c->ops->now_ns;
	u64 now = paced ? now_ns(c) : 0, due = 0;
	long b, b0;

	if (paced && !c->eng_on) {
		c->eng_on = true;
		c->eng_mask = eng_busy(c);
		c->eng_t0 = now;
		c->eng_units = 0;
	}
	if (paced)
		due = now > c->eng_t0 ? vgc_cycles(c, now - c->eng_t0) : 0;
	if (!work_pending(c)) {
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
	else
		vgc_3d_run(c, &b);
	c->eng_units += b0 - b;		/* an engine may overrun its units */
	*pixels -= b0 - b;
	return *pixels > 0 || !work_pending(c) ? VGC_RUN_BUSY : VGC_RUN_IDLE;
}

/*
 * The FE blocks on every command while a 2D, resolve or 3D operation is in
 * flight and until its time has run out (engine_step()); a call draws at
 * most VGC_DE_SPAN * VGC_DE_RUN_CHUNKS units, so a huge rectangle or
 * window takes many calls (each returns VGC_RUN_BUSY, or VGC_RUN_STALL
 * while the engine waits for its time) and never stalls the host.
 */
enum vgc_run vgc_fe_run(struct vgc_core *c, unsigned int budget)
{
	long pixels = (long)VGC_DE_SPAN * VGC_DE_RUN_CHUNKS;
	enum vgc_run r = VGC_RUN_BUSY;
	u64 t0, steps = 0;

	c->progress = false;
	if (!vgc_fe_active(c))
		return VGC_RUN_IDLE;
	t0 = now_ns(c);
	while (budget-- && r == VGC_RUN_BUSY) {
		if (work_pending(c) || c->eng_on) {
			r = engine_step(c, &pixels);
			if (r == VGC_RUN_IDLE) {
				r = VGC_RUN_BUSY;	/* more to draw */
				break;
			}
			continue;
		}
		r = fe_step(c);
		steps++;
	}
	if (c->progress) {
		c->stats.busy_ns += now_ns(c) - t0;
		account_cycles(c, steps + (u64)((long)VGC_DE_SPAN *
						VGC_DE_RUN_CHUNKS - pixels));
	}
	return r;
}
