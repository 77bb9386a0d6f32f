// SPDX-License-Identifier: GPL-2.0-only
/*
 * The front end (FE) of a GC core: it fetches the command stream through
 * its prefetch FIFO, decodes each command, hands each state a LOAD_STATE
 * loads to the hook of the unit it concerns (a table by state address),
 * starts the engines' operations and blocks on them (vgc_pace.c says for
 * how long). The facts: etna_viv rnndb cmdstream.xml and state.xml.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_fe.h"
#include "vgc_masked_table.h"
#include "vgc_core.h"
#include "vgc_mmu.h"
#include "vgc_pace.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

/*
 * The states a unit acts on when they are loaded, by address (sorted,
 * disjoint, inclusive); every other state is stored as loaded.
 */
static const struct {
	u32 first, last;
	vgc_state_hook *hook;
} state_hooks[] = {
	/* the register window: only the MMUv2 states are loadable */
	{ 0, 0x5ff, vgc_mmu_state },
	{ VGC_DE_ROT_ANGLE, VGC_DE_ROT_ANGLE, vgc_de_state },
	{ VGC_RS_KICKER, VGC_RS_KICKER, vgc_rs_state },
	{ VGC_TS_FLUSH_CACHE, VGC_TS_FLUSH_CACHE, vgc_cache_state },
	{ VGC_RS_KICKER_INPLACE, VGC_RS_KICKER_INPLACE, vgc_rs_state },
	{ VGC_GL_EVENT, VGC_GL_EVENT, vgc_event_state },
	{ VGC_GL_SEMAPHORE_TOKEN, VGC_GL_SEMAPHORE_TOKEN, vgc_blt_sync_state },
	{ VGC_GL_FLUSH_CACHE, VGC_GL_FLUSH_CACHE, vgc_cache_state },
	{ VGC_GL_FLUSH_MMU, VGC_GL_FLUSH_MMU, vgc_mmu_state },
	{ VGC_GL_STALL_TOKEN, VGC_GL_STALL_TOKEN, vgc_blt_sync_state },
	{ VGC_SH_INST_MEM_MIRROR,
	  VGC_SH_INST_MEM + 4 * VGC_SH_INST_MEM_WORDS - 1, vgc_sh_state },
	{ VGC_BLT_COMMAND, VGC_BLT_COMMAND, vgc_blt_state },
	{ VGC_BLT_SET_COMMAND, VGC_BLT_SET_COMMAND, vgc_cache_state },
	{ VGC_NTE_DESCRIPTOR_FLUSH, VGC_NTE_DESCRIPTOR_INVALIDATE,
	  vgc_txd_state },
	{ VGC_SH_HALTI5_UNIFORMS_MIRROR,
	  VGC_SH_HALTI5_UNIFORMS + 4 * VGC_SH_HALTI5_UNIFORMS_WORDS - 1,
	  vgc_sh_uniform_state },
};

void vgc_fe_reset(struct vgc_core *c)
{
	/*
	 * The freeze knob stands for a hang: the reset that recovers a
	 * frozen FE releases it, one of an idle core (a driver's power-up)
	 * leaves it armed for the next job.
	 */
	if (c->fe_state != VGC_FE_IDLE)
		c->freeze = false;
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
}

bool vgc_fe_active(const struct vgc_core *c)
{
	return c->fe_state == VGC_FE_RUNNING && !c->freeze && vgc_powered(c);
}

enum vgc_fe_state vgc_fe_get_state(const struct vgc_core *c)
{
	return c->fe_state;
}

bool vgc_fe_progress(const struct vgc_core *c)
{
	return c->progress;
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
	vgc_fe_fifo_flush(c);
	return VGC_RUN_BUSY;
}

/* A start: the FE fetches @prefetch qwords at COMMAND_ADDRESS. */
static void fe_start(struct vgc_core *c, u32 prefetch)
{
	c->fe_state = VGC_FE_RUNNING;
	c->dbg_state = VGC_DBG_IDLE;
	fe_jump(c, c->cmd_addr, prefetch);
}

bool vgc_fe_read(struct vgc_core *c, u32 off, u32 *v)
{
	switch (off) {
	case VGC_FE_DMA_STATUS:
		*v = 0;
		return true;
	case VGC_FE_COMMAND_CONTROL:
		*v = c->fe_state == VGC_FE_RUNNING ? VGC_FE_CONTROL_ENABLE : 0;
		return true;
	case VGC_SEC_COMMAND_CONTROL:
		if (!c->id->security)
			*v = 0;
		else
			*v = c->fe_state == VGC_FE_RUNNING ?
			     VGC_FE_CONTROL_ENABLE : 0;
		return true;
	case VGC_FE_DMA_DEBUG_STATE:
		*v = c->dbg_state;
		return true;
	case VGC_FE_DMA_ADDRESS:
		*v = c->dma_addr;
		return true;
	case VGC_FE_DMA_LOW:
		*v = c->dma_low;
		return true;
	case VGC_FE_DMA_HIGH:
		*v = c->dma_high;
		return true;
	}
	return false;
}

bool vgc_fe_write(struct vgc_core *c, u32 off, u32 val)
{
	switch (off) {
	case VGC_FE_DMA_STATUS:
	case VGC_FE_DMA_DEBUG_STATE:
	case VGC_FE_DMA_ADDRESS:
	case VGC_FE_DMA_LOW:
	case VGC_FE_DMA_HIGH:
		return true;	/* read-only */
	case VGC_FE_COMMAND_ADDRESS:
		c->cmd_addr = val & ~3u;
		return true;
	case VGC_FE_COMMAND_CONTROL:
		/* With the security block, SEC_COMMAND_CONTROL starts the FE. */
		if ((val & VGC_FE_CONTROL_ENABLE) && !c->id->security)
			fe_start(c, val & VGC_FE_CONTROL_PREFETCH);
		return true;
	case VGC_SEC_COMMAND_CONTROL:
		if ((val & VGC_FE_CONTROL_ENABLE) && c->id->security)
			fe_start(c, val & VGC_FE_CONTROL_PREFETCH);
		return true;
	}
	return false;
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

/*
 * A state written under masks: the fields whose mask bit is set in @val
 * keep their value, and the mask bits are not stored. (The MMU applies
 * MMUv2_CONFIGURATION's itself: its FLUSH is an action, not a field.)
 */
static u32 masked(u32 off, u32 old, u32 val)
{
	unsigned int lo = 0, hi = ARRAY_SIZE(vgc_masked_states), mid, i;
	const struct vgc_masked_state *m;
	u32 keep = 0, bits = 0;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (vgc_masked_states[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == ARRAY_SIZE(vgc_masked_states) ||
	    vgc_masked_states[lo].off != off || off == VGC_MMUV2_CONFIGURATION)
		return val;
	m = &vgc_masked_states[lo];
	for (i = 0; i < VGC_MASKED_FIELDS && m->f[i].bit; i++) {
		bits |= m->f[i].bit;
		if (val & m->f[i].bit)
			keep |= m->f[i].field;
	}
	return ((val & ~keep) | (old & keep)) & ~bits;
}

static void load_state(struct vgc_core *c, u32 idx, u32 val)
{
	u32 off = (idx & 0xffffu) << 2;
	unsigned int i;

	val = masked(off, REG(c, off), val);

	for (i = 0; i < ARRAY_SIZE(state_hooks); i++) {
		if (off < state_hooks[i].first)
			break;
		if (off <= state_hooks[i].last) {
			if (!state_hooks[i].hook(c, off, &val))
				return;
			break;
		}
	}
	REG(c, off) = val;
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
	vgc_blt_check(c, false);
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
		vgc_blt_check(c, true);
		vgc_3d_draw(c, w);
		break;
	case VGC_OP_STALL:
		/* the engine in flight has finished: only the BLT's is noted */
		vgc_blt_stall(c, w[1]);
		break;
	case VGC_OP_NOP:
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
 * The FE blocks on every command while a 2D, resolve, BLT or 3D operation is in
 * flight and until its time has run out (vgc_pace_step()); a call draws at
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
	t0 = vgc_now_ns(c);
	while (budget-- && r == VGC_RUN_BUSY) {
		if (vgc_pace_pending(c) || c->eng_on) {
			r = vgc_pace_step(c, &pixels);
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
		c->stats.busy_ns += vgc_now_ns(c) - t0;
		vgc_pace_account(c, steps + (u64)((long)VGC_DE_SPAN *
						  VGC_DE_RUN_CHUNKS - pixels));
	}
	return r;
}
