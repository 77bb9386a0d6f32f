// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the device model core: registers, FE, events,
 * MMUs (harness in sim_test.h).
 */
#include "sim_test.h"

/* ---- tests ------------------------------------------------------------ */

static void t_identity(struct vgc_core *c)
{
	EXPECT_EQ(vgc_get_ident(c) == vgc_ident_find("gc2000"), 1);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_MODEL), 0x2000);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_REV), 0x5108);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_FEATURE), 0xe0296cad);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_MINOR_FEATURE_0), 0xc9799eff);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_IDENTITY), 0);
	vgc_write(c, VGC_CHIP_MODEL, 0x1234);	/* read-only */
	EXPECT_EQ(vgc_read(c, VGC_CHIP_MODEL), 0x2000);
}

/*
 * The cores of the hardware databases (Linux 6.1 etnaviv_hwdb.c and the
 * later GC7000 r6203 and GC520 r5341 entries): model, revision, feature
 * word and the first and sixth minor words as the model presents them,
 * written here from those sources.
 */
static void t_hwdb_identities(struct vgc_core *c)
{
	static const struct {
		const char *name;
		uint32_t model, rev, features, minor0, minor5;
		bool sec;
	} want[] = {
		{ "gc400", 0x400, 0x4652, 0xa0e9e004, 0xe1299fff, 0x120000,
		  false },
		{ "gc7000-6202", 0x7000, 0x6202, 0xe0287cad, 0xc1489eff,
		  0x3b5ac333, true },
		{ "gc7000-6203", 0x7000, 0x6203, 0xe0287c8d, 0xc1589eff,
		  0x3b5ac333, true },
		{ "gc7000-6204", 0x7000, 0x6204, 0xe0287c8d, 0xc1589eff,
		  0x3b5ac333, true },
		{ "gc520", 0x520, 0x5341, 0xe02c7eca, 0xe9399eff, 0x20880,
		  false },
	};
	const struct vgc_ident *id;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		id = vgc_ident_find(want[i].name);
		EXPECT_EQ(id != NULL, 1);
		if (!id)
			return;
		vgc_init(c, id, &ops, NULL);
		EXPECT_EQ(vgc_read(c, VGC_CHIP_MODEL), want[i].model);
		EXPECT_EQ(vgc_read(c, VGC_CHIP_REV), want[i].rev);
		EXPECT_EQ(vgc_read(c, VGC_CHIP_FEATURE), want[i].features);
		EXPECT_EQ(vgc_read(c, VGC_CHIP_MINOR_FEATURE_0),
			  want[i].minor0);
		EXPECT_EQ(vgc_read(c, VGC_CHIP_MINOR_FEATURE_5),
			  want[i].minor5);
		EXPECT_EQ(id->security, want[i].sec);
	}
}

static void t_gc600_product_faults(struct vgc_core *c)
{
	EXPECT_EQ(vgc_read(c, VGC_CHIP_MODEL), 0x600);
	vgc_read(c, VGC_CHIP_PRODUCT_ID);
	vgc_read(c, VGC_CHIP_ECO_ID);
	EXPECT_EQ(c->stats.bad_reg_reads, 2);
}

static void t_every_ident_resets_idle(struct vgc_core *c)
{
	unsigned int i;

	for (i = 0; i < vgc_ident_count(); i++) {
		vgc_init(c, vgc_ident_at(i), &ops, NULL);
		EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
		EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL) & 0x30000, 0x30000);
		EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 0);
		EXPECT_EQ(vgc_irq_line(c), 0);
	}
}

static void t_soft_reset(struct vgc_core *c)
{
	uint32_t p = 0x1000;

	setup_linear(c);
	emit(p, OP_WAIT(200), 0);
	emit(p + 8, OP_LINK(2), p);
	start(c, p, 2);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_WAIT);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & VGC_IDLE_FE, 0);
	vgc_raise(c, 1u << 3);
	vgc_write(c, VGC_AXI_CONFIG, 0x2200);
	/* The driver's reset sequence */
	vgc_write(c, VGC_CLOCK_CONTROL, 0x300);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x80100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x81100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x80100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL), 0x70100);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 0);
	EXPECT_EQ(vgc_read(c, VGC_AXI_CONFIG), 0);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.resets, 1);
	/* idle bits written back are ignored */
	vgc_write(c, VGC_CLOCK_CONTROL, 0x70900);
	EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL), 0x70900);
}

static void t_events_and_ack(struct vgc_core *c)
{
	uint32_t p = 0x2000, q;

	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	q = emit(p, ls(VGC_GL_EVENT, 1), 0x40 | 5);
	q = emit(q, ls(VGC_GL_EVENT, 1), 0x40 | 29);
	emit(q, OP_END, 0);
	start(c, p, 3);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_irq_line(c), 0);	/* not enabled yet */
	EXPECT_EQ(vgc_irq_take_edge(c), 1);	/* latched all the same */
	EXPECT_EQ(vgc_irq_edge(c), 0);		/* taken */
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	EXPECT_EQ(vgc_irq_line(c), 1);
	EXPECT_EQ(vgc_irq_edge(c), 1);	/* pending bits enabled: a new edge */
	EXPECT_EQ(vgc_irq_take_edge(c), 1);
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	EXPECT_EQ(vgc_irq_edge(c), 1);	/* and again, while still pending */
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), (1u << 5) | (1u << 29));
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 0);	/* read clears */
	EXPECT_EQ(vgc_irq_line(c), 0);
	EXPECT_EQ(c->stats.events, 2);
}

/*
 * unflushed_events: an event raised while a cache still holds work done
 * since its flush. The work is counted as the engines count it (a draw,
 * a 2D operation); the flushes are the ones Linux 6.1 emits at the end
 * of a job: colour, depth and shader L1, then TS (or, with the BLT
 * engine, the BLT flush), PE2D for 2D.
 */
static uint32_t flush_stream(struct vgc_core *c, uint32_t p, uint32_t flush,
			     bool ts, bool blt)
{
	p = emit(p, ls(VGC_GL_FLUSH_CACHE, 1), flush);
	if (ts)
		p = emit(p, ls(VGC_TS_FLUSH_CACHE, 1), VGC_TS_FLUSH_CACHE_FLUSH);
	if (blt) {
		p = emit(p, ls(VGC_BLT_ENABLE, 1), VGC_BLT_ON);
		p = emit(p, ls(VGC_BLT_SET_COMMAND, 1), VGC_BLT_FLUSH);
		p = emit(p, ls(VGC_BLT_ENABLE, 1), 0);
	}
	return p;
}

static void run_event(struct vgc_core *c, uint32_t flush, bool ts, bool blt)
{
	const struct vgc_ident *id = vgc_get_ident(c);
	uint32_t base = id->minor[1] & BIT(28) ? MEM_BASE : 0;
	uint32_t p = 0x3000, q;

	q = flush ? flush_stream(c, p, flush, ts, blt) : p;
	q = emit(q, ls(VGC_GL_EVENT, 1), 0x40 | 1);
	emit(q, OP_END, 0);
	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, base + p);
	vgc_write(c, id->security ? VGC_SEC_COMMAND_CONTROL :
		  VGC_FE_COMMAND_CONTROL,
		  VGC_FE_CONTROL_ENABLE | ((q + 8 - p) / 8));
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	vgc_read(c, VGC_INTR_ACK);
}

static void t_unflushed_events(struct vgc_core *c)
{
	bool blt = vgc_get_ident(c)->minor[5] & VGC_MINOR5_BLT_ENGINE;
	uint32_t all3d = VGC_GL_FLUSH_COLOR | VGC_GL_FLUSH_DEPTH |
			 VGC_GL_FLUSH_SHADER_L1;

	run_event(c, 0, false, false);		/* nothing done: clean */
	EXPECT_EQ(c->stats.unflushed_events, 0);
	c->stats.draws_3d++;			/* a draw ... */
	run_event(c, 0, false, false);		/* ... and no flush */
	EXPECT_EQ(c->stats.unflushed_events, 1);
	/* colour and depth flushed, the shader L1 not */
	run_event(c, VGC_GL_FLUSH_COLOR | VGC_GL_FLUSH_DEPTH, !blt, blt);
	EXPECT_EQ(c->stats.unflushed_events, 2);
	run_event(c, all3d, !blt, blt);		/* the whole flush */
	EXPECT_EQ(c->stats.unflushed_events, 2);
	run_event(c, 0, false, false);		/* nothing since: clean */
	EXPECT_EQ(c->stats.unflushed_events, 2);

	/* the tile-status cache: TS_FLUSH_CACHE, or the BLT flush */
	c->stats.rs_ops++;
	run_event(c, all3d, blt, !blt);		/* the other core's way */
	EXPECT_EQ(c->stats.unflushed_events, 3);
	run_event(c, all3d, !blt, blt);
	EXPECT_EQ(c->stats.unflushed_events, 3);

	/* 2D */
	c->stats.de_ops++;
	run_event(c, all3d, !blt, blt);
	EXPECT_EQ(c->stats.unflushed_events, 4);
	run_event(c, VGC_GL_FLUSH_PE2D, false, false);
	EXPECT_EQ(c->stats.unflushed_events, 4);

	/* a reset loses what the caches held */
	c->stats.draws_3d++;
	vgc_reset(c);
	run_event(c, 0, false, false);
	EXPECT_EQ(c->stats.unflushed_events, 4);
}

static void t_end_dma_address(struct vgc_core *c)
{
	uint32_t p = 0x3000, q;

	setup_linear(c);
	q = emit(p, OP_NOP, 0);
	emit(q, OP_END, 0);
	start(c, p, 2);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & VGC_IDLE_FE, 0);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	/* DMA_ADDRESS after END points past it: the driver restarts there */
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), q + 8);
	EXPECT_EQ(c->stats.commands, 2);
}

static void t_wait_link_patch(struct vgc_core *c)
{
	uint32_t ring = 0x4000, buf = 0x5000, q;

	setup_linear(c);
	emit(ring, OP_WAIT(200), 0);
	emit(ring + 8, OP_LINK(2), ring);
	start(c, ring, 2);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_WAIT);
	EXPECT_EQ(vgc_fe_progress(c), 0);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_WAIT);	/* LINK, WAIT again */
	EXPECT_EQ(vgc_fe_progress(c), 0);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), ring);

	/* the job: an event, then back to a new WAIT/LINK at ring+0x10 */
	q = emit(buf, ls(VGC_GL_EVENT, 1), 0x40 | 1);
	emit(q, OP_LINK(2), ring + 0x10);
	emit(ring + 0x10, OP_WAIT(200), 0);
	emit(ring + 0x18, OP_LINK(2), ring + 0x10);
	/* patch argument first, header second, as the kernel does */
	w32(ring)[1] = buf;
	w32(ring)[0] = OP_LINK(2);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_WAIT);
	EXPECT_EQ(vgc_fe_progress(c), 1);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 1u << 1);
	EXPECT_EQ(vgc_read(c, VGC_FE_DMA_ADDRESS), ring + 0x10);
}

static void t_half_patched_wait(struct vgc_core *c)
{
	uint32_t ring = 0x4000;

	setup_linear(c);
	emit(ring, OP_WAIT(200), 0);
	emit(ring + 8, OP_LINK(2), ring);
	start(c, ring, 2);
	/* argument written, header not yet: still a WAIT */
	w32(ring)[1] = 0xdeadbee8;
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_WAIT);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_WAIT);
	EXPECT_EQ(c->stats.bad_commands, 0);
	EXPECT_EQ(c->stats.bus_errors, 0);
}

/*
 * The FE prefetches its window: a word changed after the fetch is seen at
 * the next jump through it, not before; an MMIO write empties the FIFO.
 */
static void t_prefetch_fifo(struct vgc_core *c)
{
	uint32_t p = 0x2000, q, ev;

	setup_linear(c);
	q = emit(p, OP_NOP, 0);
	ev = q;
	q = emit(q, ls(VGC_GL_EVENT, 1), 0x40 | 1);
	q = emit(q, ls(VGC_GL_EVENT, 1), 0x40 | 3);
	emit(q, OP_LINK(4), p);
	start(c, p, 4);
	EXPECT_EQ(vgc_fe_run(c, 1), VGC_RUN_BUSY);	/* the NOP */
	w32(ev)[1] = 0x40 | 2;
	EXPECT_EQ(vgc_fe_run(c, 1), VGC_RUN_BUSY);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 1u << 1);	/* the prefetched word */
	vgc_write(c, VGC_INTR_ENBL, 0);
	w32(ev + 8)[1] = 0x40 | 4;
	EXPECT_EQ(vgc_fe_run(c, 1), VGC_RUN_BUSY);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 1u << 4);	/* refetched */
	EXPECT_EQ(vgc_fe_run(c, 2), VGC_RUN_BUSY);	/* LINK, NOP */
	EXPECT_EQ(vgc_fe_run(c, 1), VGC_RUN_BUSY);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 1u << 2);	/* the jump refetched */
	EXPECT_EQ(c->stats.bad_commands, 0);
}

static void t_load_state(struct vgc_core *c)
{
	uint32_t p = 0x6000, q, i;

	setup_linear(c);
	/* COUNT = 0 means 1024 states */
	w32(p)[0] = ls(0x10000, 0);
	for (i = 0; i < 1024; i++)
		w32(p)[1 + i] = i * 3;
	q = p + 4 + 1024 * 4;
	q = (q + 7) & ~7u;
	/* FIXP: 1.5 in 16.16 -> 1.5f; -2.0 -> -2.0f */
	q = emit(q, ls(0x0780, 1) | VGC_LS_FIXP, 0x18000);
	q = emit(q, ls(0x0784, 1) | VGC_LS_FIXP, 0xfffe0000);
	/* a dummy load to CLOCK_CONTROL must be ignored */
	q = emit(q, ls(0x0000, 1), VGC_CLK_SOFT_RESET);
	emit(q, OP_END, 0);
	start(c, p, (q + 8 - p) / 8);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.bad_commands, 0);
	EXPECT_EQ(vgc_read(c, 0x10000), 0);
	EXPECT_EQ(vgc_read(c, 0x10000 + 4 * 1023), 1023 * 3);
	EXPECT_EQ(vgc_read(c, 0x0780), 0x3fc00000);
	EXPECT_EQ(vgc_read(c, 0x0784), 0xc0000000);
	EXPECT_EQ(c->stats.resets, 0);
}

static void t_call_return(struct vgc_core *c)
{
	uint32_t p = 0x7000, sub = 0x7800;

	setup_linear(c);
	w32(p)[0] = OP_CALL(2);
	w32(p)[1] = sub;
	w32(p)[2] = 2;		/* return prefetch */
	w32(p)[3] = p + 16;	/* return address */
	emit(p + 16, ls(VGC_GL_EVENT, 1), 0x40 | 2);
	emit(p + 24, OP_END, 0);
	emit(sub, ls(VGC_GL_EVENT, 1), 0x40 | 1);
	emit(sub + 8, OP_RETURN, 0);
	start(c, p, 2);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.bad_commands, 0);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 6);
}

static void t_prefetch_overrun_hangs(struct vgc_core *c)
{
	uint32_t p = 0x8000, q;

	setup_linear(c);
	q = emit(p, OP_NOP, 0);
	emit(q, OP_END, 0);
	start(c, p, 1);		/* END lies outside the window */
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_HUNG);
	EXPECT_EQ(c->stats.bad_commands, 1);
	/* a hung FE is not idle: the driver's hang check must see it */
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & VGC_IDLE_FE, 0);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
}

static void t_bad_opcode_and_misaligned(struct vgc_core *c)
{
	uint32_t p = 0x8800;

	setup_linear(c);
	emit(p, 0xd8000000u, 0);	/* opcode 27 */
	start(c, p, 1);
	vgc_fe_run(c, 100);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_HUNG);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	setup_linear(c);
	emit(p, OP_LINK(2), p + 4);	/* not 64-bit aligned */
	start(c, p, 1);
	vgc_fe_run(c, 100);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_HUNG);
	EXPECT_EQ(c->stats.bad_commands, 2);
}

static void t_load_state_past_window(struct vgc_core *c)
{
	uint32_t p = 0x9000;

	setup_linear(c);
	emit(p, ls(0x10000, 4), 1);	/* 4 values need 3 qwords */
	start(c, p, 2);
	vgc_fe_run(c, 100);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_HUNG);
}

static void t_draw_sizes(struct vgc_core *c)
{
	uint32_t p = 0xa000, q;

	setup_linear(c);
	/* DRAW_2D with COUNT 0 = 256 rectangles: 2 + 512 words */
	w32(p)[0] = 0x20000000u;
	q = p + (2 + 512) * 4;
	w32(q)[0] = 0x28000000u;	/* DRAW_PRIMITIVES: 4 words */
	q += 16;
	w32(q)[0] = 0x30000000u;	/* DRAW_INDEXED: 6 words */
	q += 24;
	emit(q, OP_END, 0);
	start(c, p, (q + 8 - p) / 8);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.draws, 3);
	EXPECT_EQ(c->stats.bad_commands, 0);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
}

static void t_fetch_from_hole_is_bus_error(struct vgc_core *c)
{
	setup_linear(c);
	/* linear window base + address lands beyond the end of RAM */
	start(c, MEM_SIZE + 0x1000, 2);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_HUNG);
	EXPECT_EQ(c->stats.bus_errors, 1);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), VGC_INTR_AXI_BUS_ERROR);
	EXPECT_EQ(vgc_read(c, VGC_AXI_STATUS), VGC_AXI_DET_RD_ERR);
	EXPECT_EQ(vgc_read(c, VGC_AXI_STATUS), 0);
}

static void t_injected_bus_error(struct vgc_core *c)
{
	uint32_t v;

	setup_linear(c);
	vgc_set_inject_bus_error(c, true);
	EXPECT_EQ(vgc_get_inject_bus_error(c), 1);
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, 0x100, &v, 4), -1);
	EXPECT_EQ(vgc_get_inject_bus_error(c), 0);	/* one access only */
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, 0x100, &v, 4), 0);
	EXPECT_EQ(c->stats.bus_errors, 1);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), VGC_INTR_AXI_BUS_ERROR);
}

/* The freeze knob: a running FE makes no progress until it is released. */
static void t_freeze(struct vgc_core *c)
{
	uint32_t p = 0xb000, q;

	setup_linear(c);
	q = emit(p, ls(VGC_GL_EVENT, 1), 0x40 | 2);
	emit(q, OP_END, 0);
	start(c, p, 2);
	vgc_set_freeze(c, true);
	EXPECT_EQ(vgc_get_freeze(c), 1);
	EXPECT_EQ(vgc_fe_active(c), 0);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.commands, 0);
	/* a hang, not idleness: the driver's hang check must see it */
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_RUNNING);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & VGC_IDLE_FE, 0);
	vgc_set_freeze(c, false);
	EXPECT_EQ(vgc_fe_active(c), 1);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.commands, 2);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 1u << 2);
	/* a reset of an idle FE, or a power cycle, leaves it armed */
	vgc_set_freeze(c, true);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_get_freeze(c), 1);
	vgc_set_power(c, false);
	vgc_set_power(c, true);
	EXPECT_EQ(vgc_get_freeze(c), 1);
	EXPECT_EQ(c->stats.power_ons, 1);
	/* the reset that recovers the frozen FE releases it */
	setup_linear(c);
	start(c, p, 2);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_RUNNING);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_get_freeze(c), 0);
}

static void t_mmuv1_translation(struct vgc_core *c)
{
	uint32_t pt = 0x100000, page = 0x200000, v = 0;
	uint32_t *pte = w32(pt);
	unsigned int i;

	setup_linear(c);
	for (i = 0; i < 16; i++)
		pte[i] = MEM_BASE + 0x300000;	/* "bad page" */
	pte[3] = MEM_BASE + page;
	for (i = 0; i < 5; i++)
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * i, MEM_BASE + pt);
	w32(page)[5] = 0xcafef00d;
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, 0x80003014, &v, 4), 0);
	EXPECT_EQ(v, 0xcafef00d);
	v = 0x12345678;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x80003ffc, &v, 4), 0);
	EXPECT_EQ(w32(page)[1023], 0x12345678);
	/* a write crossing into the next page lands on the bad page */
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x80003ffe, &v, 4), 0);
	EXPECT_EQ(w32(0x300000)[0] & 0xffff, 0x1234);
	/* linear window: PE base applies */
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, page + 20, &v, 4), 0);
	EXPECT_EQ(v, 0xcafef00d);
	/* FE fetches through the table too */
	emit(page + 0x100, OP_END, 0);
	start(c, 0x80003100, 1);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	/*
	 * a PTE pointing nowhere is a bus error, not a crash (the PE's TLB
	 * holds page 4 from the crossing write: rewriting its table
	 * register empties it)
	 */
	pte[4] = 0xf0000000;
	vgc_write(c, VGC_MC_MMU_PE_PAGE_TABLE, MEM_BASE + pt);
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, 0x80004000, &v, 4),
		  -1);
	EXPECT_EQ(v, 0);
	EXPECT_EQ(c->stats.bus_errors, 1);
}

static void t_mmuv2_translation_and_faults(struct vgc_core *c)
{
	uint32_t mtlb = 0x100000, stlb = 0x101000, page = 0x200000;
	uint32_t safe = 0x300000, p = 0x180000, v = 0, q;

	vgc_write(c, VGC_INTR_ENBL, ~0u);
	memset(w32(mtlb), 0, 4096);
	w32(mtlb)[1] = (uint32_t)(MEM_BASE + stlb) | 1;	/* VA 4 MiB.. */
	w32(stlb)[0] = (uint32_t)(MEM_BASE + page) | 1 | 4;	/* RW */
	w32(stlb)[1] = (uint32_t)(MEM_BASE + page + 0x1000) | 1; /* RO */
	w32(stlb)[2] = (uint32_t)(MEM_BASE + p) | 1;	/* commands */
	/* MMU off: physical addresses. Configure through the FE. */
	q = emit(p, ls(VGC_MMUV2_CONFIGURATION, 1), (uint32_t)(MEM_BASE + mtlb));
	q = emit(q, ls(VGC_MMUV2_SAFE_ADDRESS, 1), (uint32_t)(MEM_BASE + safe));
	emit(q, OP_END, 0);
	start(c, (uint32_t)(MEM_BASE + p), 3);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	vgc_write(c, VGC_MMUV2_CONTROL, 1);
	vgc_write(c, VGC_MMUV2_CONTROL, 0);	/* cannot be turned off */
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONTROL), 1);

	w32(page)[2] = 0x600dcafe;
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_PE, 0x400008, &v, 4), 0);
	EXPECT_EQ(v, 0x600dcafe);
	v = 1;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x401000, &v, 4),
		  -1);	/* read-only page */
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), VGC_INTR_MMU_EXCEPTION);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS), 3u << 4);	/* PE slot */
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_EXCEPTION_ADDR + 4), 0x401000);
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_FE, 0x9000000, &v, 4),
		  -1);	/* no STLB */
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS), 1);	/* FE slot */
	EXPECT_EQ(vgc_dma_read(c, VGC_CLIENT_FE, 0x403000, &v, 4),
		  -1);	/* no page */
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS), 2);
	EXPECT_EQ(c->stats.mmu_faults, 3);
	/* the FE now runs from virtual addresses */
	emit(p + 0x100, OP_END, 0);
	start(c, 0x402100, 1);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	/* safe address is write-once */
	vgc_write(c, VGC_MMUV2_SAFE_ADDRESS, 0x1000);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_SAFE_ADDRESS), MEM_BASE + safe);
	/* a reset turns the MMU off */
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONTROL), 0);
}

/*
 * Power: registers answer only with the clocks on and the domain up; every
 * access otherwise is counted. Gating the clocks keeps the state, a domain
 * off loses it all.
 */
static void t_power(struct vgc_core *c)
{
	uint32_t p = 0x1000;

	setup_linear(c);
	vgc_write(c, VGC_AXI_CONFIG, 0x2200);
	emit(p, OP_WAIT(200), 0);
	emit(p + 8, OP_LINK(2), p);
	start(c, p, 2);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_WAIT);
	EXPECT_EQ(c->stats.access_while_off, 0);

	vgc_set_clock(c, false);
	EXPECT_EQ(vgc_powered(c), 0);
	EXPECT_EQ(vgc_read(c, VGC_AXI_CONFIG), 0);
	vgc_write(c, VGC_AXI_CONFIG, 0x1100);
	EXPECT_EQ(c->stats.access_while_off, 2);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);	/* no clock, no FE */
	vgc_set_clock(c, true);
	EXPECT_EQ(vgc_read(c, VGC_AXI_CONFIG), 0x2200);	/* kept, write lost */
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_WAIT);

	vgc_raise(c, 1u << 4);
	vgc_set_power(c, false);
	vgc_read(c, VGC_IDLE_STATE);
	EXPECT_EQ(c->stats.access_while_off, 3);
	vgc_set_power(c, true);
	EXPECT_EQ(c->stats.power_offs, 1);
	EXPECT_EQ(c->stats.resets, 0);
	EXPECT_EQ(vgc_read(c, VGC_AXI_CONFIG), 0);	/* all state lost */
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), 0);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_CHIP_MODEL), 0x2000);	/* identity is wired */
	EXPECT_EQ(c->stats.access_while_off, 3);
}

/* Busy time is counted at the latched frequency scale. */
static void t_fscale_ticks(struct vgc_core *c)
{
	uint32_t p = 0x1000, q;
	int i;

	setup_linear(c);
	EXPECT_EQ(vgc_get_fscale(c), 64);
	/* FSCALE 16 written without FSCALE_LOAD: not latched */
	vgc_write(c, VGC_CLOCK_CONTROL, 16 << 2);
	EXPECT_EQ(vgc_get_fscale(c), 64);
	vgc_write(c, VGC_CLOCK_CONTROL, (16 << 2) | VGC_CLK_FSCALE_LOAD);
	vgc_write(c, VGC_CLOCK_CONTROL, 16 << 2);
	EXPECT_EQ(vgc_get_fscale(c), 16);
	q = p;
	for (i = 0; i < 9; i++)
		q = emit(q, OP_NOP, 0);
	emit(q, OP_END, 0);
	start(c, p, 10);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.cycles, 10);
	EXPECT_EQ(c->stats.busy_ticks, 40);	/* a quarter of the speed */
	/* a reset returns to full speed */
	vgc_write(c, VGC_CLOCK_CONTROL, 0x1100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(vgc_get_fscale(c), 64);
	EXPECT_EQ(vgc_speed64(c), 64);

	/* the clock controller halves the core clock: a reset keeps that */
	vgc_set_clock_div(c, 2);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x1100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(vgc_speed64(c), 32);
	setup_linear(c);
	start(c, p, 10);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.cycles, 20);
	EXPECT_EQ(c->stats.busy_ticks, 40 + 20);	/* 2 ticks a cycle */
	vgc_set_clock_div(c, 1);
	EXPECT_EQ(vgc_speed64(c), 64);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("identity", t_identity, "gc2000");
	run_test("hwdb-identities", t_hwdb_identities, "gc2000");
	run_test("gc600-product-regs-fault", t_gc600_product_faults, "gc600");
	run_test("every-identity-resets-idle", t_every_ident_resets_idle,
		 "gc320");
	run_test("soft-reset", t_soft_reset, "gc320");
	run_test("events-and-ack", t_events_and_ack, "gc2000");
	run_test("unflushed-events", t_unflushed_events, "gc2000");
	run_test("unflushed-events-blt", t_unflushed_events, "gc7000");
	run_test("end-dma-address", t_end_dma_address, "gc2000");
	run_test("wait-link-patch", t_wait_link_patch, "gc320");
	run_test("half-patched-wait", t_half_patched_wait, "gc320");
	run_test("prefetch-fifo", t_prefetch_fifo, "gc2000");
	run_test("load-state", t_load_state, "gc2000");
	run_test("call-return", t_call_return, "gc2000");
	run_test("prefetch-overrun-hangs", t_prefetch_overrun_hangs, "gc2000");
	run_test("bad-opcode-and-misaligned-link", t_bad_opcode_and_misaligned,
		 "gc2000");
	run_test("load-state-past-window", t_load_state_past_window, "gc2000");
	run_test("draw-sizes", t_draw_sizes, "gc600");
	run_test("fetch-from-hole-is-bus-error",
		 t_fetch_from_hole_is_bus_error, "gc2000");
	run_test("injected-bus-error", t_injected_bus_error, "gc320");
	run_test("freeze", t_freeze, "gc2000");
	run_test("mmuv1-translation", t_mmuv1_translation, "gc2000");
	run_test("mmuv2-translation-and-faults",
		 t_mmuv2_translation_and_faults, "gc3000");
	run_test("power", t_power, "gc2000");
	run_test("fscale-ticks", t_fscale_ticks, "gc2000");

	return sim_test_end("sim unit tests");
}
