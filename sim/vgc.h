/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Functional model of a Vivante GC GPU core: host interface registers, the
 * front-end (FE) command processor, interrupts and the memory controller
 * with its MMU.
 *
 * This is the portable core: plain C, no kernel API. The environment (the
 * UML glue module or a user-space test) supplies memory access, interrupt
 * and clock callbacks through struct vgc_host_ops and drives the FE by
 * calling vgc_fe_run(). The core never sleeps and never allocates.
 *
 * Locking: the core has none. The caller serialises every call on one
 * core (the UML glue holds a spinlock around each call).
 *
 * This header is the environment's: the calls above and struct
 * vgc_core, with the state headers of the units it holds (vgc_mmu.h,
 * vgc_de.h, vgc_rs.h, vgc_blt.h, vgc_sh.h, vgc_3d.h), each of which stands alone
 * on vgc_types.h. The units' own headers (vgc_dma.h, vgc_fe.h,
 * vgc_pace.h, vgc_core.h, vgc_3d_stages.h, vgc_*_int.h) include this
 * one; no header this one pulls in includes it back.
 */
#ifndef VGC_H
#define VGC_H

#include "vgc_types.h"
#include "vgc_regs.h"
#include "vgc_mmu.h"
#include "vgc_de.h"
#include "vgc_rs.h"
#include "vgc_blt.h"
#include "vgc_tx_desc.h"
#include "vgc_sh.h"
#include "vgc_3d.h"

/**
 * struct vgc_caps - what the engines need to know of a core, generated
 *	with its identity from hw/cores.db by hw/gen.py (model_caps(): the
 *	words the core presents decoded once, and the drivers' rules that
 *	follow the model number; no engine compares model ids)
 * @pixel_pipes: pixel pipes (SPECS PIXEL_PIPES, at least 1)
 * @streams: vertex streams (SPECS STREAM_COUNT, as presented: more than
 *	one, the FE_VERTEX_STREAMS_* states)
 * @halti: the HALTI level (the highest of the MINOR_FEATURE HALTI0..5
 *	bits, as Mesa 22.3 reads it), -1 for none
 * @ts_bits: bits of a tile status entry: 2 (2BITPERTILE) or 4
 * @mmuv2: MMUv2 tables (MINOR_FEATURE_1 MMU_VERSION)
 * @single_buffer: MINOR_FEATURE_4 SINGLE_BUFFER
 * @pe20: the 2D engine is PE 2.0 (MINOR_FEATURE_0 2DPE20)
 * @blt: the BLT engine (MINOR_FEATURE_5 BLT_ENGINE)
 * @ts_128b: a tile status entry covers 128 or 256 bytes (the TS_MODE of
 *	a surface), not 64 (MINOR_FEATURE_6 CACHE128B256BPERLINE, a word of
 *	the hardware database)
 * @v4_compression: MINOR_FEATURE_6 V4_COMPRESSION (Mesa 22.3 compresses
 *	every render target it can through the tile status)
 * @icache: the shader instruction cache (MINOR_FEATURE_3)
 * @fast_transcendentals: MINOR_FEATURE_3 HAS_FAST_TRANSCENDENTALS
 * @pipe_addrs: the PE's per-pipe address states (Mesa 22.3: from HALTI0
 *	on, but on the GC880)
 * @range_registers: the shaders' instruction range registers (Mesa
 *	22.3's has_shader_range_registers)
 * @gl_clip_z: the PA maps OpenGL's clip z (-w..w) itself (Mesa 22.3
 *	lowers it to 0..w in the shader otherwise: vs_need_z_div)
 * @mc_cycles: the cycle counters of the GC880, GC2000 and GC2100 (Linux
 *	6.1 etnaviv_perfmon.c), by the model the drivers report
 */
struct vgc_caps {
	unsigned int pixel_pipes, streams;
	int halti;
	unsigned int ts_bits;
	bool mmuv2, single_buffer, pe20, blt, ts_128b, v4_compression;
	bool icache, fast_transcendentals;
	bool pipe_addrs, range_registers, gl_clip_z, mc_cycles;
};

/**
 * struct vgc_ident - what a core reports about itself
 * @name: human-readable core name, e.g. "GC2000"
 * @model: CHIP_MODEL
 * @revision: CHIP_REV
 * @date: CHIP_DATE
 * @time: CHIP_TIME
 * @customer_id: CHIP_CUSTOMER_ID
 * @product_id: CHIP_PRODUCT_ID (reading it faults on GC600 r0x19)
 * @eco_id: CHIP_ECO_ID (likewise)
 * @features: CHIP_FEATURE
 * @minor: CHIP_MINOR_FEATURE_0..5
 * @specs: CHIP_SPECS, _2, _3, _4
 * @pipes: VGC_PIPE_* bits of the engines the core really has
 * @no_product_regs: PRODUCT_ID and ECO_ID raise a bus error when read
 * @security: the core has the security block (MINOR_FEATURE_7
 *	BIT_SECURITY and MINOR_FEATURE_10 SECURITY_AHB, words the core does
 *	not present as registers): PTA, secure FE start, AHB reset
 * @tx_gating_erratum: texture reads go wrong while the TX module's clock
 *	gating is on (PM_POWER_CONTROLS gating enabled and PM_MODULE_CONTROLS
 *	not disabling TX): the erratum Linux disables TX gating for
 * @caps: what the engines need to know of it
 */
struct vgc_ident {
	const char *name;
	u32 model, revision, date, time;
	u32 customer_id, product_id, eco_id;
	u32 features;
	u32 minor[6];
	u32 specs[4];
	unsigned int pipes;
	bool no_product_regs;
	bool security;
	bool tx_gating_erratum;
	struct vgc_caps caps;
};

#define VGC_PIPE_3D	0x1u
#define VGC_PIPE_2D	0x2u
#define VGC_PIPE_VG	0x4u

/* Look up a core identity by name ("gc2000", "gc320", ...); NULL if none. */
const struct vgc_ident *vgc_ident_find(const char *name);
/* Number of known identities; vgc_ident_at(i) for i < that. */
unsigned int vgc_ident_count(void);
const struct vgc_ident *vgc_ident_at(unsigned int i);

/**
 * struct vgc_host_ops - what the environment provides
 * @mem_read: read @len bytes of system memory at physical @pa; returns 0, or
 *	non-zero when no memory answers there (the access becomes a bus error)
 * @mem_write: likewise for writes
 * @now_ns: monotonic time in nanoseconds, for statistics
 * @mem_map: optional: where the @len bytes of system memory at @pa (within
 *	one page) are in the model's address space, to be read and written
 *	in place as @mem_read and @mem_write would; NULL when they are not
 *	memory (or not reachable so)
 */
struct vgc_host_ops {
	int (*mem_read)(void *ctx, u64 pa, void *buf, size_t len);
	int (*mem_write)(void *ctx, u64 pa, const void *buf, size_t len);
	u64 (*now_ns)(void *ctx);
	void *(*mem_map)(void *ctx, u64 pa, size_t len);
};

/**
 * struct vgc_stats - counters exposed through debugfs and to tests
 * @commands: FE commands executed
 * @waits: WAIT commands executed
 * @events: events raised (GL.EVENT)
 * @draws: DRAW_* commands executed
 * @flushes: cache and MMU flushes requested
 * @resets: soft resets
 * @mmu_faults: translations that failed (MMU exception)
 * @bus_errors: accesses to memory that does not exist (AXI bus error)
 * @bad_commands: invalid opcodes and prefetch overruns (the FE wedges)
 * @bad_reg_reads: reads of registers that fault on this core
 * @busy_ns: time the FE spent executing commands (not waiting)
 * @tlb_flushes: MMUv2 TLB invalidations (CONFIGURATION FLUSH or MODE
 *	change, PTA slot load, MMU enable); on MMUv1 cores, GL_FLUSH_MMU
 *	loads and page-table register writes that emptied a client's TLB
 * @de_ops: rectangles of the DRAW_2D commands the 2D engine started
 * @de_pixels: pixels it drew or skipped as transparent (inside the
 *	rectangles and the clip), up to a fault that ended an operation
 * @de_unsupported: DRAW_2D operations skipped: command, format or mode
 *	the model does not draw
 * @de_bad_pipe: DRAW_2D skipped because PIPE_SELECT was not 2D (or the
 *	core has no 2D pipe)
 * @de_flushes: GL.FLUSH_CACHE loads with PE2D
 * @rs_ops: resolve operations started (RS_KICKER with bit 0 set, or a
 *	non-zero RS_KICKER_INPLACE, whose states the model supports)
 * @rs_pixels: pixels the resolve engine copied or filled (each pixel pipe's
 *	window counted), up to a fault that ended an operation
 * @rs_unsupported: kicks skipped: a mode, format, layout or tile status
 *	configuration the model does not resolve (sim/doc/rs-ts.md)
 * @rs_aborted: resolve operations a failed memory access ended
 * @rs_ts_cleared: source reads of a copy served from the tile status's
 *	clear value (one per part of a 64-byte block read), and blocks an
 *	in-place resolve filled
 * @ts_flushes: TS.FLUSH_CACHE loads
 * @ts_stale_reads: tile-status entries the RS read from its TS cache
 *	that memory had changed since (a missing TS flush)
 * @sh_vs_runs: vertex shader invocations (vgc_sh_run_vs())
 * @sh_ps_quads: pixel shader invocations on a quad (vgc_sh_run_ps())
 * @sh_insns: shader instructions executed (per thread group step)
 * @sh_tex: texture lookups handed to the sampler callback
 * @sh_aborted: invocations the step budget stopped (a shader that loops)
 * @sh_bad_insn: invocations stopped on an instruction the model does not
 *	execute (unknown opcode or operand, a failed texture lookup)
 * @tx_samples: texture lookups the texture engine served (vgc_tx_sample())
 * @tx_faults: lookups a texel fetch ended: an MMU exception or a bus
 *	error (the shader aborts)
 * @tx_unsupported: lookups of an inactive sampler or of a type, format,
 *	layout or mode the model does not sample (sim/doc/texture-engine.md);
 *	they return zeros
 * @tx_gating_corrupt: lookups that returned a wrong (stale) texel because
 *	TX clock gating was on, on a core with that erratum
 * @tx_desc_reads: texture descriptors the TX read from memory (HALTI5:
 *	a sampler's first use after its descriptor was invalidated)
 * @tx_desc_stale: uses of a descriptor the TX kept whose sampler address
 *	moved or whose memory changed since it was read, without an
 *	NTE_DESCRIPTOR_INVALIDATE of the sampler or a descriptor flush: on
 *	silicon the stale descriptor is used (the model does the same)
 * @tx_ts_cleared: texel (block) reads the TX served from a texture's tile
 *	status clear value (HALTI5 sampler TS)
 * @draws_3d: DRAW_PRIMITIVES, DRAW_INDEXED_PRIMITIVES and DRAW_INSTANCED
 *	commands the 3D pipeline received
 * @vertices_3d: vertices fetched and shaded (vertex cache misses)
 * @primitives_3d: primitives assembled (before clipping and culling)
 * @triangles_3d: triangles set up for rasterisation (after clipping and
 *	culling; a line or a point is two)
 * @pixels_shaded: pixel shader threads run (four a quad, helpers too)
 * @pixels_written: pixels the PE wrote into the render target
 * @draws_cut_short: draws a failed memory access ended
 * @draws_unsupported: draws (or their rest) skipped: a primitive type,
 *	vertex format, render-target format or program the model does not
 *	draw
 * @ts_blocks_filled: blocks (64 bytes, 128 or 256) a PE write found cleared in the tile
 *	status and filled with the clear value first
 * @mem_read8: 64-bit words every client read from memory (an access
 *	counted in whole words), command fetches included
 * @mem_write8: likewise written
 * @fe_fetch8: the part of @mem_read8 the FE read as commands
 * @sh_vs_insns: the part of @sh_insns the vertex shader ran
 * @sh_ps_insns: the part of @sh_insns the pixel shader ran
 * @triangles_culled: triangles the face culling discarded
 * @ra_quads: 2x2 quads the rasteriser visited in the triangles' boxes
 * @ra_quads_live: those with at least one pixel inside the triangle
 * @ra_pixels: pixels inside the triangles (of those quads)
 * @pe_color_killed: pixels the alpha test discarded
 * @pe_depth_killed: pixels the stencil or depth test discarded
 * @pe_depth_passed: pixels that passed them (or met no depth buffer)
 * @prof_reads_disabled: profiling registers read while HI_CLOCK_CONTROL's
 *	DISABLE_DEBUG_REGISTERS was set (they read 0)
 * @blt_ops: BLT commands started (BLT_COMMAND loads with BLT_ENABLE on
 *	whose states the model supports)
 * @blt_pixels: pixels the BLT cleared or copied, up to a fault that ended
 *	an operation
 * @blt_unsupported: BLT commands skipped: a command, format, layout or
 *	mode the model does not run (sim/doc/blt.md), or a core without the
 *	BLT engine
 * @blt_disabled: BLT_COMMAND loads while BLT_ENABLE was off (ignored)
 * @blt_aborted: BLT operations a failed memory access ended
 * @blt_ts_cleared: reads of the BLT served from a tile status's clear
 *	value (one per part of a block), and blocks it filled with it
 * @blt_ts_compressed: tile status entries the BLT found neither 0 nor 1
 *	(a compressed block: the model stores none, it reads memory)
 * @blt_unsynced: BLT operations no semaphore and stall made the FE (or,
 *	for a draw, the RA) wait for before a draw, a 2D operation or an
 *	event: on silicon the BLT may still be working
 * @blt_unflushed: BLT operations whose writes no BLT_SET_COMMAND flush
 *	(with BLT_ENABLE on) wrote back before a draw, a 2D operation or an
 *	event
 * @unflushed_events: events (GL_EVENT) raised while a cache still held
 *	what the engines did since its last flush: the colour, depth or
 *	tile-status cache after a draw or a resolve, the shader L1 after a
 *	draw, the 2D cache after a 2D operation. The event tells the CPU
 *	that the job is done; the data may not be in memory yet.
 * @access_while_off: register reads and writes while the core's clocks
 *	were gated or its power domain was off (on silicon the AHB access
 *	hangs the bus; the model ignores the write, a read returns 0)
 * @power_offs: times the power domain went off (all state lost)
 * @power_ons: times it came on again (a driver then resets the core:
 *	@resets - @power_ons counts the other resets)
 * @cycles: core clock cycles of work: one per FE command, one per pixel
 *	the 2D, resolve and 3D engines processed
 * @busy_ticks: what @cycles took in cycles of the undivided clock: each
 *	cycle counts 64 / FSCALE (the scale last latched by FSCALE_LOAD)
 *	times the divider of the core clock's rate (vgc_set_clock_div())
 * @escapes: MMUv1 cores only: memory accesses of the engines that went
 *	through the linear window (GPU addresses below 2 GiB, physical =
 *	address + MEMORY_BASE), where a driver puts no buffer of a client:
 *	the PE, the RS, the 2D engine, the texture unit, the vertex and
 *	index fetch, the shader's instruction fetch and the tile status;
 *	everything but the FE's command fetch (vgc_dma_fetch(): the
 *	commands, and a DRAW_2D's rectangles and data in the stream). One
 *	count per access, whatever its size (an access that wraps past
 *	4 GiB into the window too; an in-place mapping, vgc_dma_map(),
 *	counts as one). An oracle for the command-stream validator: a
 *	client's job should never make it move.
 */
struct vgc_stats {
	u64 commands, waits, events, draws, flushes, resets;
	u64 mmu_faults, bus_errors, bad_commands, bad_reg_reads;
	u64 busy_ns;
	u64 tlb_flushes;
	u64 de_ops, de_pixels, de_unsupported, de_bad_pipe, de_flushes;
	u64 rs_ops, rs_pixels, rs_unsupported, rs_aborted, rs_ts_cleared;
	u64 ts_flushes, ts_stale_reads;
	u64 blt_ops, blt_pixels, blt_unsupported, blt_disabled, blt_aborted;
	u64 blt_ts_cleared, blt_ts_compressed, blt_unsynced, blt_unflushed;
	u64 sh_vs_runs, sh_ps_quads, sh_insns, sh_tex;
	u64 sh_aborted, sh_bad_insn;
	u64 tx_samples, tx_faults, tx_unsupported, tx_gating_corrupt;
	u64 tx_desc_reads, tx_desc_stale, tx_ts_cleared;
	u64 draws_3d, vertices_3d, primitives_3d, triangles_3d;
	u64 pixels_shaded, pixels_written, draws_cut_short, draws_unsupported;
	u64 ts_blocks_filled;
	u64 mem_read8, mem_write8, fe_fetch8;
	u64 sh_vs_insns, sh_ps_insns, triangles_culled;
	u64 ra_quads, ra_quads_live, ra_pixels;
	u64 pe_color_killed, pe_depth_killed, pe_depth_passed;
	u64 prof_reads_disabled;
	u64 unflushed_events;
	u64 access_while_off, power_offs, power_ons, cycles, busy_ticks;
	u64 escapes;
};

/* The blocks with a counter select in MC_PROFILE_CONFIG0..2. */
enum vgc_prof_block {
	VGC_PROF_FE, VGC_PROF_DE, VGC_PROF_PE, VGC_PROF_SH,
	VGC_PROF_PA, VGC_PROF_SE, VGC_PROF_RA, VGC_PROF_TX,
	VGC_PROF_MC, VGC_PROF_HI,
	VGC_PROF_BLOCKS,
};

/**
 * struct vgc_prof - the profiling counters (sim/vgc_prof.c)
 * @base: per block, the statistics when its counters last read 0 (a
 *	reset, or its RESET select); a counter reads the difference
 * @epoch_ns: time of the last reset: the cycle counters count from it
 * @busy_base: @stats.busy_ns at that time
 */
struct vgc_prof {
	struct vgc_stats base[VGC_PROF_BLOCKS];
	u64 epoch_ns, busy_base;
};

/*
 * struct vgc_flush_marks - the engines' work counts (draws_3d, rs_ops,
 * de_ops, blt_ops) when each cache was last flushed; more work since then
 * leaves it dirty (vgc_core.c, at each GL_EVENT; vgc_blt.c for the BLT's)
 */
struct vgc_flush_marks {
	u64 color, depth, ts, shader_l1, pe2d, blt;
};

/* FE execution state. */
enum vgc_fe_state {
	VGC_FE_IDLE,	/* never started, or executed END */
	VGC_FE_RUNNING,	/* fetching and executing */
	VGC_FE_HUNG,	/* wedged on an invalid command or fault */
};

/* Result of vgc_fe_run(). */
enum vgc_run {
	VGC_RUN_IDLE,	/* nothing to execute: FE idle or hung */
	VGC_RUN_BUSY,	/* budget exhausted, more work pending */
	VGC_RUN_WAIT,	/* executed a WAIT: call again after a short delay */
	/* an engine did what its time allows: again after vgc_fe_stall_ns() */
	VGC_RUN_STALL,
};

#define VGC_CLOCK_KHZ_DEFAULT	1000000u	/* 1 GHz: a cycle a nanosecond */

#define VGC_STATE_WORDS		0x10000	/* 18-bit byte address space */

/**
 * struct vgc_core - one GPU core
 *
 * Allocated and owned by the environment (it is large: the state array
 * covers the full 256 KiB state space); initialise with vgc_init().
 * All fields are private to the core (vgc_core.c, vgc_fe.c, vgc_pace.c;
 * @de to vgc_de.c, @rs to vgc_rs.c, @blt to vgc_blt.c, @txd to
 * vgc_tx_desc.c, @sh to vgc_sh.c,
 * @p3d to the 3D
 * pipeline's stages: vgc_3d_stages.h)
 * except @stats, which may be read; the environment uses the functions
 * below for the rest.
 */
struct vgc_core {
	const struct vgc_ident *id;
	const struct vgc_host_ops *ops;
	void *ctx;

	u32 state[VGC_STATE_WORDS];

	/* host interface */
	u32 intr_pending;
	u32 axi_status;

	/* front-end */
	enum vgc_fe_state fe_state;
	u32 cmd_addr;	/* COMMAND_ADDRESS as written */
	u32 pc;		/* next command */
	u64 fetch_end;	/* end of the prefetch window */
	u32 dma_addr;	/* DMA_ADDRESS: last command decoded */
	u32 dma_low, dma_high;
	u32 dbg_state;
	u32 ret_addr, ret_prefetch;
	/*
	 * The prefetch FIFO: words of the current fetch window read ahead,
	 * up to the window's end and never across a page. A jump (LINK,
	 * CALL, RETURN, a start) and anything that may change what memory
	 * the FE sees (an MMIO write, an MMU state load or flush) empty it,
	 * so the WAIT of a WAIT/LINK loop is read from memory every turn.
	 */
	u32 fifo[VGC_PAGE_SIZE / 4];
	u32 fifo_addr, fifo_words;
	bool freeze;		/* test knob: FE makes no progress */
	bool inject_bus_error;	/* test knob: next memory access fails */
	bool progress;		/* last run did more than WAIT/LINK */
	/*
	 * Engine time (see vgc_fe_run()): the core clock, and since when
	 * (@eng_t0, the environment's ns) the engine in flight has worked
	 * @eng_units cycles; @eng_on while its time has not run out.
	 */
	u32 clock_khz;
	bool eng_on;
	u8 eng_mask;	/* which engines: VGC_ENG_* of vgc_pace.h */
	u64 eng_t0, eng_units;
	bool irq_edge;		/* an interrupt was latched: deliver it */
	/* the TX data latch a gated clock leaves stale (vgc_tx.c) */
	float tx_latch[4];
	/* the unorm value of each 8-bit component, once (vgc_tx.c) */
	float tx_unorm8[256];
	bool tx_unorm8_ok;
	bool powered;		/* the power domain is on */
	bool clocked;		/* the clocks the AHB needs run */
	u32 fscale;		/* latched FSCALE, 1..64 */
	u32 tick_rem;		/* busy_ticks remainder, in 1/fscale */
	u32 clk_div;		/* core clock rate divider, 1..64 */

	struct vgc_flush_marks flushed;
	struct vgc_mmu2 mmu2;
	struct vgc_mmu1 mmu1;
	struct vgc_de de;
	struct vgc_rs rs;
	struct vgc_blt blt;
	struct vgc_txd txd;
	struct vgc_sh sh;
	struct vgc_3d p3d;
	struct vgc_prof prof;

	struct vgc_stats stats;
};

void vgc_init(struct vgc_core *c, const struct vgc_ident *id,
	      const struct vgc_host_ops *ops, void *ctx);
void vgc_reset(struct vgc_core *c);

/* Register access through the AHB (MMIO); @off is a byte offset. */
u32 vgc_read(struct vgc_core *c, u32 off);
void vgc_write(struct vgc_core *c, u32 off, u32 val);

/*
 * The profiling registers (sim/vgc_prof.c): vgc_prof_read() and
 * vgc_prof_write() answer for them (true) or leave @off to the caller;
 * vgc_prof_reset() zeroes the counters (a soft reset).
 */
bool vgc_prof_read(struct vgc_core *c, u32 off, u32 *v);
bool vgc_prof_write(struct vgc_core *c, u32 off, u32 val);
void vgc_prof_reset(struct vgc_core *c);

/* Run at most @budget FE commands. */
enum vgc_run vgc_fe_run(struct vgc_core *c, unsigned int budget);

/* Interrupt line level: some enabled interrupt is pending. */
bool vgc_irq_line(const struct vgc_core *c);
/*
 * Interrupt edge: set when interrupt bits are latched, or when pending bits
 * become enabled; the environment then delivers the line if it is high.
 * vgc_irq_edge() tells whether one is latched, vgc_irq_take_edge() tells
 * and clears it.
 */
bool vgc_irq_edge(const struct vgc_core *c);
bool vgc_irq_take_edge(struct vgc_core *c);
/* Whether the FE has work (running and not frozen). */
bool vgc_fe_active(const struct vgc_core *c);
/* FE execution state (for debugfs and tests). */
enum vgc_fe_state vgc_fe_get_state(const struct vgc_core *c);
/*
 * Whether the last vgc_fe_run() did more than re-read a WAIT or follow a
 * LINK: it executed another command or drew. The environment polls a WAIT
 * eagerly for a while after progress.
 */
bool vgc_fe_progress(const struct vgc_core *c);
/*
 * After VGC_RUN_STALL: nanoseconds until the engine in flight may do a
 * span's more work (or, its work drawn, until its time is up).
 */
u64 vgc_fe_stall_ns(struct vgc_core *c);
/*
 * The core clock in kHz (default VGC_CLOCK_KHZ_DEFAULT; 0 is taken as 1).
 * The engines work one budget unit a cycle of it; the cycle counters count
 * it. A board's property, kept across resets.
 */
void vgc_set_clock_khz(struct vgc_core *c, u32 khz);
/* Cycles of the core clock in @ns nanoseconds. */
u64 vgc_cycles(const struct vgc_core *c, u64 ns);
u32 vgc_get_clock_khz(const struct vgc_core *c);
/* Whether a 2D operation is in flight (the FE waits for it). */
bool vgc_de_busy(const struct vgc_core *c);
/* Whether a resolve operation is in flight (the FE waits for it). */
bool vgc_rs_busy(const struct vgc_core *c);
/* Whether a 3D draw is in flight (the FE waits for it). */
bool vgc_3d_busy(const struct vgc_core *c);
/* Latch interrupt bits (events, MMU exception, bus error). */
void vgc_raise(struct vgc_core *c, u32 bits);

/*
 * Power, as the environment's clock gates and power domain set it (both
 * on after vgc_init()). Turning the domain off loses every register, the
 * FE and the MMU state (as a reset does, but counted in power_offs). While
 * either is off, the FE does not run, and a register access is counted in
 * access_while_off (a write is ignored, a read returns 0).
 */
void vgc_set_power(struct vgc_core *c, bool on);
void vgc_set_clock(struct vgc_core *c, bool on);
bool vgc_powered(const struct vgc_core *c);
/* The frequency scale FSCALE_LOAD last latched (64: full speed). */
u32 vgc_get_fscale(const struct vgc_core *c);
/*
 * The core clock runs at its full rate divided by @div (1 to 64; a
 * clock controller's divider, outside the core: a reset keeps it).
 */
void vgc_set_clock_div(struct vgc_core *c, u32 div);
/* How fast the core runs, in 64ths of its full clock (at least 1). */
u32 vgc_speed64(const struct vgc_core *c);

/* The identity @c was initialised with. */
const struct vgc_ident *vgc_get_ident(const struct vgc_core *c);

/* What the engines need to know of @c. */
static inline const struct vgc_caps *vgc_caps(const struct vgc_core *c)
{
	return &c->id->caps;
}

/*
 * The value state @off (a byte address) holds, as last loaded or written,
 * for tests and debugging; 0 outside the state space.
 */
u32 vgc_state_peek(const struct vgc_core *c, u32 off);

/*
 * Test knobs. Freeze: the FE makes no progress (a simulated hang) until a
 * reset of the frozen FE, which clears it (a reset while the FE is idle,
 * as at a power-up, and a power cycle leave it armed). Bus error
 * injection: the next GPU memory access fails as if no memory answered
 * (an AXI bus error); the knob then clears.
 */
void vgc_set_freeze(struct vgc_core *c, bool on);
bool vgc_get_freeze(const struct vgc_core *c);
void vgc_set_inject_bus_error(struct vgc_core *c, bool on);
bool vgc_get_inject_bus_error(const struct vgc_core *c);

#endif /* VGC_H */
