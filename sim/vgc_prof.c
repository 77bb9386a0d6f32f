// SPDX-License-Identifier: GPL-2.0-only
/*
 * The profiling registers of a GC core: the cycle counters, the memory
 * byte counters and the per-block counters behind MC_PROFILE_<block>_READ.
 *
 * The facts (etna_viv rnndb/state_hi.xml; Linux 6.1 etnaviv_perfmon.c):
 * MC_PROFILE_CONFIG0..2 hold an 8-bit counter select per block (FE, DE,
 * PE, SH / PA, SE, RA, TX / MC, HI); MC_PROFILE_<block>_READ reads the
 * selected counter of that block; HI_PROFILE_READ_BYTES8 and
 * WRITE_BYTES8 count memory traffic in 64-bit words; HI_CLOCK_CONTROL's
 * DEBUG_PIXEL_PIPE selects which pixel pipe's counters answer (drivers
 * add up the pipes); HI_PROFILE_TOTAL_CYCLES and IDLE_CYCLES count
 * cycles, except on GC880, GC2000 and GC2100, whose total cycles are in
 * MC_PROFILE_CYCLE_COUNTER and whose idle cycles are in
 * HI_PROFILE_TOTAL_CYCLES (a GC3000 that reads back as a GC2000 is a GC3000
 * to the drivers, and the model follows them).
 *
 * The model's choices where the facts run out (sim/doc/perfmon.md):
 * - every counter is 32 bits and wraps; a soft reset zeroes all of them,
 *   a block's RESET select (15) zeroes that block's;
 * - the cycles are the model's own time at the core clock (default 1 GHz:
 *   one cycle a nanosecond; vgc_set_clock_khz()), from the last reset;
 *   busy cycles are the time the FE spent executing commands or drawing
 *   (struct vgc_stats busy_ns), idle ones the rest;
 * - all work is counted in pixel pipe 0: the other pipes read 0;
 * - while DISABLE_DEBUG_REGISTERS is set every profiling register reads
 *   0 (counted in prof_reads_disabled); the counters keep counting;
 * - counters of behaviour the model does not have (AXI stalls, cache
 *   misses, clipping, branch and texture instructions apart, filtering
 *   kinds) read 0.
 */
#include "vgc.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

static u64 now(struct vgc_core *c)
{
	return c->ops->now_ns ? c->ops->now_ns(c->ctx) : 0;
}

/* Where each block's select lives, and its read register. */
static const struct {
	u32 config, shift, read;
} blocks[VGC_PROF_BLOCKS] = {
	[VGC_PROF_FE] = { VGC_MC_PROFILE_CONFIG0, VGC_PROF_FE_SHIFT,
			  VGC_MC_PROFILE_FE_READ },
	[VGC_PROF_DE] = { VGC_MC_PROFILE_CONFIG0, VGC_PROF_DE_SHIFT,
			  VGC_MC_PROFILE_DE_READ },
	[VGC_PROF_PE] = { VGC_MC_PROFILE_CONFIG0, VGC_PROF_PE_SHIFT,
			  VGC_MC_PROFILE_PE_READ },
	[VGC_PROF_SH] = { VGC_MC_PROFILE_CONFIG0, VGC_PROF_SH_SHIFT,
			  VGC_MC_PROFILE_SH_READ },
	[VGC_PROF_PA] = { VGC_MC_PROFILE_CONFIG1, VGC_PROF_PA_SHIFT,
			  VGC_MC_PROFILE_PA_READ },
	[VGC_PROF_SE] = { VGC_MC_PROFILE_CONFIG1, VGC_PROF_SE_SHIFT,
			  VGC_MC_PROFILE_SE_READ },
	[VGC_PROF_RA] = { VGC_MC_PROFILE_CONFIG1, VGC_PROF_RA_SHIFT,
			  VGC_MC_PROFILE_RA_READ },
	[VGC_PROF_TX] = { VGC_MC_PROFILE_CONFIG1, VGC_PROF_TX_SHIFT,
			  VGC_MC_PROFILE_TX_READ },
	[VGC_PROF_MC] = { VGC_MC_PROFILE_CONFIG2, VGC_PROF_MC_SHIFT,
			  VGC_MC_PROFILE_MC_READ },
	[VGC_PROF_HI] = { VGC_MC_PROFILE_CONFIG2, VGC_PROF_HI_SHIFT,
			  VGC_MC_PROFILE_HI_READ },
};

/* The statistic behind counter @sel of @block; 0: not modelled. */
static u64 count(const struct vgc_stats *s, unsigned int block, u32 sel)
{
	switch (block) {
	case VGC_PROF_PE:
		switch (sel) {
		case VGC_PROF_PE_PIXEL_COUNT_KILLED_BY_COLOR_PIPE:
			return s->pe_color_killed;
		case VGC_PROF_PE_PIXEL_COUNT_KILLED_BY_DEPTH_PIPE:
			return s->pe_depth_killed;
		case VGC_PROF_PE_PIXEL_COUNT_DRAWN_BY_COLOR_PIPE:
			return s->pixels_written;
		case VGC_PROF_PE_PIXEL_COUNT_DRAWN_BY_DEPTH_PIPE:
			return s->pe_depth_passed;
		case VGC_PROF_PE_PIXELS_RENDERED_2D:
			return s->de_pixels;
		}
		break;
	case VGC_PROF_SH:
		switch (sel) {
		case VGC_PROF_SH_SHADER_CYCLES:	/* one instruction a cycle */
			return s->sh_insns;
		case VGC_PROF_SH_PS_INST_COUNTER:
			return s->sh_ps_insns;
		case VGC_PROF_SH_RENDERED_PIXEL_COUNTER:
			return s->pixels_shaded;
		case VGC_PROF_SH_VS_INST_COUNTER:
			return s->sh_vs_insns;
		case VGC_PROF_SH_RENDERED_VERTICE_COUNTER:
			return s->vertices_3d;
		}
		break;
	case VGC_PROF_PA:
		switch (sel) {
		case VGC_PROF_PA_INPUT_VTX_COUNTER:
			return s->vertices_3d;
		case VGC_PROF_PA_INPUT_PRIM_COUNTER:
			return s->primitives_3d;
		case VGC_PROF_PA_OUTPUT_PRIM_COUNTER:
			return s->triangles_3d;
		case VGC_PROF_PA_CULLED_COUNTER:
			return s->triangles_culled;
		}
		break;
	case VGC_PROF_SE:
		if (sel == VGC_PROF_SE_CULLED_TRIANGLE_COUNT)
			return s->triangles_culled;
		break;
	case VGC_PROF_RA:
		switch (sel) {
		case VGC_PROF_RA_VALID_PIXEL_COUNT:
			return s->ra_pixels;
		case VGC_PROF_RA_TOTAL_QUAD_COUNT:
			return s->ra_quads;
		case VGC_PROF_RA_VALID_QUAD_COUNT_AFTER_EARLY_Z:
			return s->ra_quads_live;	/* no early Z */
		case VGC_PROF_RA_TOTAL_PRIMITIVE_COUNT:
			return s->triangles_3d;
		case VGC_PROF_RA_CULLED_QUAD_COUNT:
			return s->ra_quads - s->ra_quads_live;
		}
		break;
	case VGC_PROF_TX:
		if (sel == VGC_PROF_TX_TOTAL_TEXTURE_REQUESTS)
			return s->tx_samples;
		break;
	case VGC_PROF_MC:
		switch (sel) {
		case VGC_PROF_MC_TOTAL_READ_REQ_8B_FROM_PIPELINE:
			return s->mem_read8 - s->fe_fetch8;
		case VGC_PROF_MC_TOTAL_READ_REQ_8B_FROM_IP:
			return s->fe_fetch8;
		case VGC_PROF_MC_TOTAL_WRITE_REQ_8B_FROM_PIPELINE:
			return s->mem_write8;
		}
		break;
	}
	return 0;
}

void vgc_prof_reset(struct vgc_core *c)
{
	unsigned int b;

	for (b = 0; b < VGC_PROF_BLOCKS; b++)
		c->prof.base[b] = c->stats;
	c->prof.epoch_ns = now(c);
	c->prof.busy_base = c->stats.busy_ns;
}

/*
 * The GC880, GC2000, GC2100 layout of the cycle counters, by the model
 * the drivers report: the i.MX6QP's GC3000 r5450 reads back as a GC2000
 * (hw/cores.db, "reports"), and drivers treat it as the GC3000 it is.
 */
static bool cycles_in_mc(const struct vgc_core *c)
{
	return vgc_caps(c)->mc_cycles;
}

static u32 total_cycles(struct vgc_core *c)
{
	return (u32)vgc_cycles(c, now(c) - c->prof.epoch_ns);
}

static u32 idle_cycles(struct vgc_core *c)
{
	u64 total = now(c) - c->prof.epoch_ns;
	u64 busy = c->stats.busy_ns - c->prof.busy_base;

	return (u32)(busy < total ? vgc_cycles(c, total - busy) : 0);
}

bool vgc_prof_read(struct vgc_core *c, u32 off, u32 *v)
{
	u32 clk = REG(c, VGC_CLOCK_CONTROL);
	bool pipe0 = VGC_CLK_DEBUG_PIXEL_PIPE(clk) == 0;
	unsigned int b;
	u32 sel;

	switch (off) {
	case VGC_PROFILE_TOTAL_CYCLES:
		*v = cycles_in_mc(c) ? idle_cycles(c) : total_cycles(c);
		break;
	case VGC_PROFILE_IDLE_CYCLES:
		*v = cycles_in_mc(c) ? 0 : idle_cycles(c);
		break;
	case VGC_MC_PROFILE_CYCLE_COUNTER:
		*v = total_cycles(c);
		break;
	case VGC_PROFILE_READ_BYTES8:
		*v = pipe0 ? (u32)(c->stats.mem_read8 -
				   c->prof.base[VGC_PROF_HI].mem_read8) : 0;
		break;
	case VGC_PROFILE_WRITE_BYTES8:
		*v = pipe0 ? (u32)(c->stats.mem_write8 -
				   c->prof.base[VGC_PROF_HI].mem_write8) : 0;
		break;
	default:
		for (b = 0; b < VGC_PROF_BLOCKS; b++)
			if (blocks[b].read == off)
				break;
		if (b == VGC_PROF_BLOCKS)
			return false;
		sel = (REG(c, blocks[b].config) >> blocks[b].shift) &
		      VGC_PROF_SELECT_MASK;
		*v = pipe0 ? (u32)(count(&c->stats, b, sel) -
				   count(&c->prof.base[b], b, sel)) : 0;
		break;
	}
	if (clk & VGC_CLK_DISABLE_DEBUG_REGS) {
		c->stats.prof_reads_disabled++;
		*v = 0;
	}
	return true;
}

bool vgc_prof_write(struct vgc_core *c, u32 off, u32 val)
{
	unsigned int b;

	if (off != VGC_MC_PROFILE_CONFIG0 && off != VGC_MC_PROFILE_CONFIG1 &&
	    off != VGC_MC_PROFILE_CONFIG2)
		return false;
	REG(c, off) = val;
	for (b = 0; b < VGC_PROF_BLOCKS; b++)
		if (blocks[b].config == off &&
		    ((val >> blocks[b].shift) & VGC_PROF_SELECT_MASK) ==
		    VGC_PROF_RESET)
			c->prof.base[b] = c->stats;
	return true;
}
