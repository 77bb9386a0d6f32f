/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One GPU core (etna_core.c): its identity and quirks (etna_hw.c), its
 * registers, power and the state its ring and events keep.
 */
#ifndef ETNA_CORE_H
#define ETNA_CORE_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/pm_runtime.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <drm/gpu_scheduler.h>

#include "etna_pool.h"

struct clk;
struct dma_fence;
struct drm_device;
struct drm_file;
struct etna_dev;
struct etna_job;
struct etna_vm;
struct platform_driver;

/**
 * struct etna_ident - what a core is, as read from it (and fixed up)
 * @model: chip model, e.g. 0x2000
 * @revision: chip revision
 * @product_id: product id (0 where the register does not exist)
 * @customer_id: customer id
 * @eco_id: ECO id
 * @features: CHIP_FEATURE
 * @minor: CHIP_MINOR_FEATURE_0..11
 * @stream_count: vertex streams
 * @register_max: shader registers
 * @thread_count: shader threads
 * @vertex_cache_size: vertex cache entries
 * @shader_core_count: shader cores
 * @pixel_pipes: pixel pipes
 * @vertex_output_buffer_size: VOB entries
 * @buffer_size: buffer size (unused by the hardware we know)
 * @instruction_count: shader instruction memory
 * @num_constants: shader constants
 * @varyings_count: varyings
 * @nn_core_count: neural-network cores: an NPU (hwdb only)
 *
 * Filled once when the core is bound, read-only afterwards.
 */
struct etna_ident {
	u32 model, revision, product_id, customer_id, eco_id;
	u32 features;
	u32 minor[12];
	u32 stream_count, register_max, thread_count, vertex_cache_size;
	u32 shader_core_count, pixel_pipes, vertex_output_buffer_size;
	u32 buffer_size, instruction_count, num_constants, varyings_count;
	u32 nn_core_count;
};

/*
 * Quirks: where a known core differs from what its registers say. The
 * table of known cores (etna_hw.c) gives each its flags; the driver asks
 * etna_hw_has_quirk().
 */
/* the product and ECO id registers fault: leave them unread */
#define ETNA_QUIRK_NO_PRODUCT_ECO	BIT(0)
/* a GC3000 that reports itself as a GC2000 of revision 0xffff5450 */
#define ETNA_QUIRK_REPORTS_GC2000	BIT(1)
/* ECO 1, which the ECO register does not show, when made on 2014-05-11 */
#define ETNA_QUIRK_ECO_BY_DATE		BIT(2)
/* a later netlist needs the memory controller's debug fix-up */
#define ETNA_QUIRK_MC_DEBUG_MEMORY	BIT(3)
/* 512 shader instructions where the spec field holds the default */
#define ETNA_QUIRK_512_INSTRUCTIONS	BIT(4)
/* one varying fewer than the spec field says */
#define ETNA_QUIRK_ONE_VARYING_LESS	BIT(5)
/* texture unit clock gating is broken: keep it off */
#define ETNA_QUIRK_NO_TX_GATING		BIT(6)
/* setup engine, rasteriser and texture unit clock gating: keep them off */
#define ETNA_QUIRK_NO_SE_RA_TX_GATING	BIT(7)
/* the pulse eater wants bit 23 set */
#define ETNA_QUIRK_PULSE_EATER_UNK23	BIT(8)
/* the pulse eater wants bit 17 set instead of bit 16 */
#define ETNA_QUIRK_PULSE_EATER_UNK17	BIT(9)

/**
 * struct etna_core - one GPU core ("pipe")
 * @dev: the core's platform device
 * @edev: the DRM device, while bound
 * @mmio: registers
 * @irq: interrupt
 * @clk_bus: AXI clock (optional)
 * @clk_core: core clock
 * @clk_shader: shader clock (optional)
 * @clk_reg: AHB clock (optional)
 * @pipe: index in the UAPI
 * @id: identity
 * @quirks: ETNA_QUIRK_* of this core (etna_hw.c)
 * @hw_lock: serialises the ring, @fe_running, @exec_state, @vm, @vm_seq,
 *	@fence_seq and resets
 * @ring: CPU address of the 4 KiB ring in the pool
 * @ring_node: the ring's place in the pool
 * @ring_gpu: GPU (linear window) address of the ring
 * @ring_tail: byte offset where the next block goes
 * @ring_wait: byte offset of the WAIT the FE idles on
 * @fe_running: the FE was started on the ring; it is started at the core's
 *	first job, so a core nobody uses stays idle
 * @exec_state: pipe the FE last selected (ETNA_PIPE_*), or -1
 * @vm: the address space the ring last switched the MMU to (a reference)
 * @vm_seq: the flush_seq of @vm this core's TLBs match
 * @event_lock: protects @event_fence and @event_free; taken in IRQ context
 * @event_fence: the hardware fence each event in flight signals
 * @event_free: bitmap of free events
 * @busy_until: when the last job's hardware fence signalled (ns,
 *	monotonic): the next job's busy time starts no earlier
 * @fence_ctx: dma_fence context of the hardware fences
 * @fence_seq: last hardware fence seqno handed out (@hw_lock)
 * @sched: job scheduler of this core
 * @queue_wq: submitters whose entity queue is full sleep here; woken as
 *	the scheduler takes jobs off the queues
 * @submit_lock: orders job arming and pushing with @user_fences ids
 * @user_fences: out-fences by the id returned to user space
 * @next_fence_id: cyclic id allocator state for @user_fences
 * @axi_errors: AXI bus errors reported
 * @axi_pending: an AXI bus error the scheduler's timeout handler has not
 *	yet recovered from (set by the interrupt handler)
 * @mmu_errors: MMU exceptions reported
 * @hang_looks: the hang check's looks at a running job (etna_sched.c)
 * @hang_busy: of those, the ones that found the job progressing and let
 *	it run on
 * @sync: per event that is a sync point (etna_ring.c): its job, and where
 *	and with how many qwords the FE goes on past the END of the stop
 *	before the job ([0]) and of the one after it ([1]) (@hw_lock)
 * @sync_mask: events that are sync points (@event_lock)
 * @sync_pre: sync points whose next stop is the one before the job
 *	(@event_lock)
 * @sync_hit: sync points the FE reached, for @sync_work (@event_lock)
 * @sync_work: handles the stops at sync points (etna_perfmon.c samples
 *	there), then releases them
 * @hw_ready: the core was started (etna_core_init()): a runtime resume
 *	resets it and sets its registers up again
 * @bind_ref: the runtime PM reference taken when the core was bound is
 *	still held (until it is started, or unbound)
 * @sched_ready: @sched exists (set and cleared by etna_sched.c; a system
 *	suspend stops it)
 * @idle_wq: woken when the last event in flight signals
 * @freq_scale: cooling state: the core runs at 1/2^n of its clock
 *	(FSCALE), 0 to ETNA_MAX_FREQ_SCALE (@hw_lock)
 */
struct etna_core {
	struct device *dev;
	struct etna_dev *edev;
	void __iomem *mmio;
	int irq;
	struct clk *clk_bus, *clk_core, *clk_shader, *clk_reg;
	unsigned int pipe;
	struct etna_ident id;
	u32 quirks;

	struct mutex hw_lock;	/* ring, exec_state, vm, fence_seq, resets */
	u32 *ring;
	struct etna_pool_range ring_node;
	u32 ring_gpu;
	u32 ring_tail;
	u32 ring_wait;
	bool fe_running;
	int exec_state;
	struct etna_vm *vm;
	u32 vm_seq;

	spinlock_t event_lock;	/* event_fence, event_free, sync_mask/hit */
	struct dma_fence *event_fence[30];
	unsigned long event_free;
	u64 busy_until;

	u64 fence_ctx;
	u32 fence_seq;
	struct drm_gpu_scheduler sched;
	wait_queue_head_t queue_wq;
	struct mutex submit_lock;	/* arm+push order, user_fences */
	struct xarray user_fences;
	u32 next_fence_id;

	atomic_t axi_errors;
	atomic_t axi_pending;
	atomic_t mmu_errors;
	atomic_t hang_looks;
	atomic_t hang_busy;

	bool hw_ready;
	bool bind_ref;
	bool sched_ready;
	wait_queue_head_t idle_wq;
	u32 freq_scale;

	struct etna_sync_point {
		struct etna_job *job;
		u32 restart[2], qwords[2];
	} sync[30];
	unsigned long sync_mask, sync_pre, sync_hit;
	struct work_struct sync_work;
};

/* FSCALE is 64 / 2^n: n up to 6 (one 64th of the clock) */
#define ETNA_MAX_FREQ_SCALE	6

/*
 * A runtime PM reference to a core that is powered already, for a look at
 * its registers; false if it is not (without CONFIG_PM it always is).
 * Drop it with etna_power_put().
 */
static inline bool etna_power_get_if_on(struct etna_core *core)
{
	return !IS_ENABLED(CONFIG_PM) ||
	       pm_runtime_get_if_active(core->dev, true) > 0;
}

static inline void etna_power_put(struct etna_core *core)
{
	pm_runtime_mark_last_busy(core->dev);
	pm_runtime_put_autosuspend(core->dev);
}

static inline u32 etna_read(struct etna_core *core, u32 reg)
{
	return readl(core->mmio + reg);
}

static inline void etna_write(struct etna_core *core, u32 reg, u32 val)
{
	writel(val, core->mmio + reg);
}

#if IS_ENABLED(CONFIG_KUNIT)
const struct etna_ident *etna_hw_lookup(u32 model, u32 revision, u32 *quirks);
#endif

static inline bool etna_hw_has_quirk(const struct etna_core *core, u32 quirk)
{
	return core->quirks & quirk;
}

/* etna_core.c */
extern struct platform_driver etna_core_driver;
int etna_core_init(struct etna_core *core);
void etna_core_stop(struct etna_core *core);
void etna_core_fini(struct etna_core *core);
void etna_core_refuse(struct etna_core *core);
void etna_core_recover(struct etna_core *core);

/* etna_hw.c */
int etna_hw_identify(struct etna_core *core);
bool etna_hw_has_mmu_v2(const struct etna_core *core);
bool etna_hw_has_security(const struct etna_core *core);
int etna_ioctl_get_param(struct drm_device *drm, void *data,
			 struct drm_file *file);

#endif /* ETNA_CORE_H */
