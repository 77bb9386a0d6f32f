// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv: one Vivante GC core — probe, identification, reset, the
 * front-end ring, events, hardware fences and hang recovery.
 *
 * The ring is a 4 KiB buffer of the command-buffer pool, which the FE
 * reaches through the MMUv1 linear window or, on MMUv2, through the pool's
 * mapping in every address space. The FE idles in a WAIT followed by a
 * LINK back to it. A job appends a block to the ring:
 *
 *	[FLUSH_MMU]                       MMUv1: if the page table changed
 *	[MMU switch or flush, SEMA, STALL] MMUv2: if the job's space differs
 *	                                  from the last one, or changed
 *	[FLUSH_CACHE, SEMA, STALL, PIPE]  if the job's pipe differs
 *	LINK -> job's command buffer      (which ends with a LINK to R)
 *   R: FLUSH_CACHE, SEMA, STALL, EVENT n, WAIT, LINK -> WAIT
 *
 * and then turns the previous WAIT into a LINK to the block: argument
 * first, header second, each made visible before the next, so the FE sees
 * either the old WAIT or the complete LINK.
 */
#include <linux/clk.h>
#include <linux/component.h>
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/iopoll.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <drm/drm_print.h>

#include "etna_drv.h"
#include "etna_regs.h"

#define RING_SIZE	SZ_4K
#define RING_BLOCK_MAX	(16 * 8)	/* bytes of the largest block */
#define RET_QWORDS	6		/* the return part of a block */
#define WAIT_CYCLES	200
#define JOBS_IN_FLIGHT	16		/* < ETNA_NR_EVENTS, fits the ring */
#define JOB_TIMEOUT_MS	500

/* ---- hardware fences ---------------------------------------------- */

/*
 * A job's hardware fence also knows the job's finished fence and who
 * submitted it, so that an MMU fault can be reported and fail the job.
 */
struct etna_hw_fence {
	struct dma_fence base;
	struct etna_core *core;
	struct dma_fence *finished;
	pid_t pid;
	char comm[TASK_COMM_LEN];
};

static struct etna_hw_fence *to_hw_fence(struct dma_fence *f)
{
	return container_of(f, struct etna_hw_fence, base);
}

static spinlock_t etna_fence_lock = __SPIN_LOCK_UNLOCKED(etna_fence_lock);

static const char *etna_fence_driver_name(struct dma_fence *f)
{
	return "etnaviv";
}

static const char *etna_fence_timeline_name(struct dma_fence *f)
{
	return dev_name(to_hw_fence(f)->core->dev);
}

static void etna_hw_fence_release(struct dma_fence *f)
{
	dma_fence_put(to_hw_fence(f)->finished);
	dma_fence_free(f);
}

static const struct dma_fence_ops etna_hw_fence_ops = {
	.get_driver_name = etna_fence_driver_name,
	.get_timeline_name = etna_fence_timeline_name,
	.release = etna_hw_fence_release,
};

/* ---- identification ------------------------------------------------ */

/*
 * Cores whose feature registers do not tell the whole truth: their words
 * come from this table (values as in Linux 6.1's etnaviv_hwdb.c, facts).
 */
static const struct etna_ident etna_hwdb[] = {
	{
		.model = 0x7000, .revision = 0x6214,
		.stream_count = 16, .register_max = 64, .thread_count = 1024,
		.shader_core_count = 4, .vertex_cache_size = 16,
		.vertex_output_buffer_size = 1024, .pixel_pipes = 1,
		.instruction_count = 512, .num_constants = 320,
		.buffer_size = 0, .varyings_count = 16,
		.features = 0xe0287cad,
		.minor = { 0xc1799eff, 0xfefbfad9, 0xeb9d4fbf, 0xedfffced,
			   0xdb0dafc7, 0xbb5ac333, 0xfc8ee200, 0x03fbfa6f,
			   0x00ef0ef0, 0x0edbf03c, 0x90044250, 0x00000024 },
	},
};

static bool etna_hwdb_lookup(struct etna_ident *id)
{
	struct etna_ident read = *id;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(etna_hwdb); i++) {
		if (etna_hwdb[i].model != id->model ||
		    etna_hwdb[i].revision != id->revision)
			continue;
		/* the table's words, the identity the core reported */
		*id = etna_hwdb[i];
		id->product_id = read.product_id;
		id->customer_id = read.customer_id;
		id->eco_id = read.eco_id;
		return true;
	}
	return false;
}

/* Spec fields encode 0 as "the default of this generation". */
static void etna_decode_specs(struct etna_core *core)
{
	struct etna_ident *id = &core->id;
	u32 s = 0, s2 = 0, s3 = 0, s4 = 0;

	if (id->minor[0] & ETNA_MINOR0_MORE_MINOR) {
		s = etna_read(core, ETNA_CHIP_SPECS);
		s2 = etna_read(core, ETNA_CHIP_SPECS_2);
		s3 = etna_read(core, ETNA_CHIP_SPECS_3);
		s4 = etna_read(core, ETNA_CHIP_SPECS_4);
	}
	id->stream_count = s & 0xf;
	id->register_max = 1 << ((s >> 4) & 0xf);
	id->thread_count = 1 << ((s >> 8) & 0xf);
	id->vertex_cache_size = (s >> 12) & 0x1f;
	id->shader_core_count = (s >> 20) & 0x1f;
	id->pixel_pipes = (s >> 25) & 0x7;
	id->vertex_output_buffer_size = 1 << ((s >> 28) & 0xf);
	id->buffer_size = s2 & 0xff;
	id->instruction_count = (s2 >> 8) & 0xff;
	id->num_constants = s2 >> 16;
	id->varyings_count = (s3 >> 4) & 0x1f;
	if ((s4 >> 12) & 0x1f)
		id->stream_count = (s4 >> 12) & 0x1f;

	if (!id->stream_count)
		id->stream_count = id->model >= 0x1000 ? 4 : 1;
	if (!((s >> 4) & 0xf))
		id->register_max = id->model == 0x400 ? 32 : 64;
	if (!((s >> 8) & 0xf))
		id->thread_count = id->model == 0x400 ? 64 :
				   id->model == 0x500 || id->model == 0x530 ?
				   128 : 256;
	if (!id->vertex_cache_size)
		id->vertex_cache_size = 8;
	if (!id->shader_core_count)
		id->shader_core_count = id->model >= 0x1000 ? 2 : 1;
	if (!id->pixel_pipes)
		id->pixel_pipes = 1;
	if (!((s >> 28) & 0xf))
		id->vertex_output_buffer_size = 512;
	switch (id->instruction_count) {
	case 0:
		id->instruction_count =
			(id->model == 0x2000 && id->revision == 0x5108) ||
			id->model == 0x880 ? 512 : 256;
		break;
	case 1:
		id->instruction_count = 1024;
		break;
	case 2:
		id->instruction_count = 2048;
		break;
	default:
		id->instruction_count = 256;
		break;
	}
	if (!id->num_constants)
		id->num_constants = 168;
	if (!id->varyings_count)
		id->varyings_count = id->minor[1] & BIT(23) ? 12 : 8;
	/* These parts have one varying fewer than their register says. */
	if ((id->model == 0x2000 && id->revision == 0x5108) ||
	    id->model == 0x880 ||
	    (id->model == 0x3000 && id->revision == 0x5435))
		id->varyings_count--;
}

static void etna_identify(struct etna_core *core)
{
	struct etna_ident *id = &core->id;
	u32 chip_id = etna_read(core, ETNA_CHIP_IDENTITY);

	if (((chip_id >> 24) & 0xff) == 0x01) {
		/* GC500: identity in the old register */
		id->model = 0x500;
		id->revision = (chip_id >> 12) & 0xf;
	} else {
		id->model = etna_read(core, ETNA_CHIP_MODEL);
		id->revision = etna_read(core, ETNA_CHIP_REV);
		id->customer_id = etna_read(core, ETNA_CHIP_CUSTOMER_ID);
		/* GC600 r0x19 faults on the product and ECO registers. */
		if (!(id->model == 0x600 && id->revision == 0x19)) {
			id->product_id = etna_read(core, ETNA_CHIP_PRODUCT_ID);
			id->eco_id = etna_read(core, ETNA_CHIP_ECO_ID);
		}
	}
	/* GC3000 on i.MX6QP reports itself as a GC2000. */
	if (id->model == 0x2000 && id->revision == 0xffff5450) {
		id->model = 0x3000;
		id->revision = 0x5450;
	}
	/* Some GC320s need an ECO bump their register does not show. */
	if (id->model == 0x320 && id->revision == 0x5303 &&
	    etna_read(core, ETNA_CHIP_DATE) == 0x20140511)
		id->eco_id = 1;

	if (etna_hwdb_lookup(id))
		return;

	id->features = etna_read(core, ETNA_CHIP_FEATURE);
	id->minor[0] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_0);
	if (id->minor[0] & ETNA_MINOR0_MORE_MINOR) {
		id->minor[1] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_1);
		id->minor[2] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_2);
		id->minor[3] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_3);
		id->minor[4] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_4);
		id->minor[5] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_5);
	}
	etna_decode_specs(core);
}

/* ---- reset and bring-up ------------------------------------------- */

static int etna_reset(struct etna_core *core)
{
	unsigned long deadline = jiffies + HZ;
	u32 clk = ETNA_CLK_FSCALE(64);
	u32 val;

	while (time_before(jiffies, deadline)) {
		etna_write(core, ETNA_CLOCK_CONTROL, clk | ETNA_CLK_FSCALE_LOAD);
		etna_write(core, ETNA_CLOCK_CONTROL, clk);
		if (core->edev->sec_mode) {
			/* the security block resets through the AHB */
			etna_write(core, ETNA_AHB_CONTROL, ETNA_AHB_RESET);
			usleep_range(10, 20);
		} else {
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE);
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE | ETNA_CLK_SOFT_RESET);
			usleep_range(10, 20);
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE);
			etna_write(core, ETNA_CLOCK_CONTROL, clk);
		}

		if (!(etna_read(core, ETNA_IDLE_STATE) & ETNA_IDLE_FE))
			continue;
		val = etna_read(core, ETNA_CLOCK_CONTROL);
		if ((val & (ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D)) !=
		    (ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D))
			continue;
		etna_write(core, ETNA_CLOCK_CONTROL,
			   val | ETNA_CLK_DISABLE_DEBUG_REGS);
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk | ETNA_CLK_DISABLE_DEBUG_REGS |
			   ETNA_CLK_FSCALE_LOAD);
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk | ETNA_CLK_DISABLE_DEBUG_REGS);
		return 0;
	}
	dev_err(core->dev, "core does not come out of reset\n");
	return -ETIMEDOUT;
}

static void etna_hw_init(struct etna_core *core)
{
	struct etna_dev *edev = core->edev;
	u32 val;
	int i;

	/* GC320 r5007/r5220 with a later netlist need this memory fix-up. */
	if (core->id.model == 0x320 &&
	    (core->id.revision == 0x5007 || core->id.revision == 0x5220) &&
	    etna_read(core, ETNA_CHIP_TIME) != 0x02062400) {
		val = etna_read(core, ETNA_MC_DEBUG_MEMORY);
		etna_write(core, ETNA_MC_DEBUG_MEMORY, val & ~0xffu);
	}
	val = etna_read(core, ETNA_PM_POWER_CONTROLS);
	etna_write(core, ETNA_PM_POWER_CONTROLS,
		   val | ETNA_PM_MODULE_CLOCK_GATING);
	etna_write(core, ETNA_AXI_CONFIG, 0x2200);	/* AWCACHE/ARCACHE 2 */
	if (edev->sec_mode) {
		val = etna_read(core, ETNA_AHB_CONTROL);
		etna_write(core, ETNA_AHB_CONTROL, val | ETNA_AHB_NONSEC_ACCESS);
	}
	if (!edev->mmu_v2) {
		for (i = 0; i < ETNA_MC_CLIENTS; i++)
			etna_write(core, ETNA_MC_MEMORY_BASE(i),
				   edev->linear_base);
		for (i = 0; i < ETNA_MC_CLIENTS; i++)
			etna_write(core, ETNA_MC_MMU_PAGE_TABLE(i),
				   (u32)edev->kvm->pt_dma);
	}
	etna_write(core, ETNA_INTR_ENBL, ~0u);
}

static u32 *ring_at(struct etna_core *core, u32 off)
{
	return core->ring + off / 4;
}

static void ring_emit(struct etna_core *core, u32 *off, u32 a, u32 b)
{
	u32 *p = ring_at(core, *off);

	p[0] = a;
	p[1] = b;
	*off += 8;
}

static void etna_fe_start(struct etna_core *core, u32 addr, u32 qwords)
{
	etna_write(core, ETNA_FE_COMMAND_ADDRESS, addr);
	etna_write(core, ETNA_FE_COMMAND_CONTROL, ETNA_FE_CONTROL_ENABLE | qwords);
	if (core->edev->sec_mode)
		etna_write(core, ETNA_SEC_COMMAND_CONTROL,
			   ETNA_FE_CONTROL_ENABLE | qwords);
}

/*
 * MMUv2, after a reset: point the MMU at the kernel's space and turn it
 * on. Without the security block the tables are given through the FE,
 * which runs a few commands from the ring's physical address first; with
 * it the kernel hands over the page table array and the FE selects a slot.
 */
static int etna_mmu_enable(struct etna_core *core)
{
	struct etna_dev *edev = core->edev;
	struct etna_vm *kvm = edev->kvm;
	u32 ring_phys = edev->pool.dma + core->ring_node.start;
	u32 off = 0, val;
	int ret;

	if (edev->sec_mode) {
		etna_write(core, ETNA_PTA_ADDRESS_LOW, lower_32_bits(edev->pta_dma));
		etna_write(core, ETNA_PTA_ADDRESS_HIGH, upper_32_bits(edev->pta_dma));
		etna_write(core, ETNA_PTA_CONTROL, ETNA_MMUV2_ENABLE);
		etna_write(core, ETNA_NONSEC_SAFE_ADDR_LOW,
			   lower_32_bits(edev->bad_dma));
		etna_write(core, ETNA_SEC_SAFE_ADDR_LOW,
			   lower_32_bits(edev->bad_dma));
		etna_write(core, ETNA_SAFE_ADDRESS_CONFIG,
			   (upper_32_bits(edev->bad_dma) & 0xff) |
			   (upper_32_bits(edev->bad_dma) & 0xff) << 16);
		ring_emit(core, &off,
			  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_PTA_CONFIG, 1),
			  kvm->pta_id);
	} else {
		ring_emit(core, &off,
			  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_CONFIGURATION, 1),
			  lower_32_bits(kvm->mtlb_dma));
		ring_emit(core, &off,
			  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_SAFE_ADDRESS, 1),
			  lower_32_bits(edev->bad_dma));
	}
	ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_SEMAPHORE_TOKEN, 1),
		  ETNA_SYNC_FE_TO_PE);
	ring_emit(core, &off, ETNA_CMD_STALL, ETNA_SYNC_FE_TO_PE);
	ring_emit(core, &off, ETNA_CMD_END, 0);
	wmb();	/* the commands are in memory before the FE fetches them */
	etna_fe_start(core, ring_phys, off / 8);

	ret = readl_poll_timeout(core->mmio + ETNA_IDLE_STATE, val,
				 (val & ETNA_IDLE_ALL_BUT_AXI) ==
				 ETNA_IDLE_ALL_BUT_AXI, 10, 100000);
	if (ret) {
		dev_err(core->dev, "MMU setup does not finish, idle 0x%08x\n",
			val);
		return ret;
	}
	etna_write(core, edev->sec_mode ? ETNA_SEC_CONTROL : ETNA_MMUV2_CONTROL,
		   ETNA_MMUV2_ENABLE);
	return 0;
}

/* Make @vm the core's current space; the core's old reference goes. */
static void etna_core_set_vm(struct etna_core *core, struct etna_vm *vm)
{
	etna_vm_put(core->vm);
	core->vm = etna_vm_get(vm);
	core->vm_seq = READ_ONCE(vm->flush_seq);
}

/* Start the FE on a fresh WAIT/LINK loop at the start of the ring. */
static int etna_ring_start(struct etna_core *core)
{
	u32 off = 0;
	int ret;

	lockdep_assert_held(&core->hw_lock);
	if (core->edev->mmu_v2) {
		ret = etna_mmu_enable(core);
		if (ret)
			return ret;
	}
	ring_emit(core, &off, ETNA_CMD_WAIT(WAIT_CYCLES), 0);
	ring_emit(core, &off, ETNA_CMD_LINK(2), core->ring_gpu);
	core->ring_wait = 0;
	core->ring_tail = off;
	core->exec_state = -1;
	etna_core_set_vm(core, core->edev->kvm);
	wmb();	/* the ring is in memory before the FE fetches it */
	etna_fe_start(core, core->ring_gpu, 2);
	core->fe_running = true;
	return 0;
}

/* ---- events and interrupts ---------------------------------------- */

/*
 * The job in flight longest: the one running when an error came (the FE
 * runs the jobs in order). Called with the event lock held.
 */
static struct etna_hw_fence *etna_oldest_job(struct etna_core *core)
{
	struct etna_hw_fence *oldest = NULL, *hf;
	int ev;

	for (ev = 0; ev < ETNA_NR_EVENTS; ev++) {
		if (!core->event_fence[ev])
			continue;
		hf = to_hw_fence(core->event_fence[ev]);
		if (!oldest || (s32)(hf->base.seqno - oldest->base.seqno) < 0)
			oldest = hf;
	}
	return oldest;
}

/*
 * An MMU exception: report what faulted where, and fail the job that ran
 * (its fence signals with -EFAULT when it completes); the other clients'
 * jobs go on. Called with the event lock held, from the IRQ handler.
 */
static void etna_mmu_fault(struct etna_core *core)
{
	static const char * const reason[] = {
		"", "slave not present", "page not present", "write violation",
		"out of bound", "read security violation",
		"write security violation",
	};
	bool sec = core->edev->sec_mode;
	struct etna_hw_fence *hf = etna_oldest_job(core);
	u32 status = 0, addr, code;
	int slot;

	atomic_inc(&core->mmu_errors);
	if (core->edev->mmu_v2)
		status = etna_read(core, sec ? ETNA_SEC_STATUS : ETNA_MMUV2_STATUS);
	for (slot = 0; slot < 4; slot++) {
		code = (status >> (4 * slot)) & 0xf;
		if (!code)
			continue;
		addr = etna_read(core, sec ? ETNA_SEC_EXCEPTION_ADDR :
				 ETNA_MMUV2_EXCEPTION_ADDR(slot));
		dev_err_ratelimited(core->dev,
				    "MMU fault: client %d, address 0x%08x: %s, job of %s[%d]\n",
				    slot, addr,
				    code < ARRAY_SIZE(reason) ? reason[code] :
				    "unknown", hf ? hf->comm : "(none)",
				    hf ? hf->pid : 0);
	}
	if (!status)
		dev_err_ratelimited(core->dev, "MMU exception, job of %s[%d]\n",
				    hf ? hf->comm : "(none)", hf ? hf->pid : 0);
	if (hf && hf->finished)
		dma_fence_set_error(hf->finished, -EFAULT);
}

static irqreturn_t etna_irq(int irq, void *data)
{
	struct etna_core *core = data;
	struct dma_fence *fence;
	unsigned long flags, events;
	u32 status;
	int ev;

	status = etna_read(core, ETNA_INTR_ACK);
	if (!status)
		return IRQ_NONE;

	if (status & ETNA_INTR_AXI_BUS_ERROR) {
		atomic_inc(&core->axi_errors);
		dev_err_ratelimited(core->dev, "AXI bus error, status 0x%08x\n",
				    etna_read(core, ETNA_AXI_STATUS));
	}
	events = status & GENMASK(ETNA_NR_EVENTS - 1, 0);

	spin_lock_irqsave(&core->event_lock, flags);
	if (status & ETNA_INTR_MMU_EXCEPTION)
		etna_mmu_fault(core);
	for_each_set_bit(ev, &events, ETNA_NR_EVENTS) {
		fence = core->event_fence[ev];
		core->event_fence[ev] = NULL;
		if (!fence)
			continue;	/* spurious, or from before a reset */
		__set_bit(ev, &core->event_free);
		dma_fence_signal(fence);
		dma_fence_put(fence);
	}
	spin_unlock_irqrestore(&core->event_lock, flags);
	return IRQ_HANDLED;
}

static int etna_event_get(struct etna_core *core, struct dma_fence *fence)
{
	unsigned long flags;
	int ev;

	spin_lock_irqsave(&core->event_lock, flags);
	ev = find_first_bit(&core->event_free, ETNA_NR_EVENTS);
	if (ev < ETNA_NR_EVENTS) {
		__clear_bit(ev, &core->event_free);
		core->event_fence[ev] = dma_fence_get(fence);
	}
	spin_unlock_irqrestore(&core->event_lock, flags);
	return ev < ETNA_NR_EVENTS ? ev : -EBUSY;
}

/* Forget every event in flight (after a reset): fail their fences. */
static void etna_events_cancel(struct etna_core *core, int error)
{
	struct dma_fence *fence;
	unsigned long flags;
	int ev;

	spin_lock_irqsave(&core->event_lock, flags);
	for (ev = 0; ev < ETNA_NR_EVENTS; ev++) {
		fence = core->event_fence[ev];
		core->event_fence[ev] = NULL;
		if (!fence)
			continue;
		dma_fence_set_error(fence, error);
		dma_fence_signal(fence);
		dma_fence_put(fence);
	}
	core->event_free = GENMASK(ETNA_NR_EVENTS - 1, 0);
	spin_unlock_irqrestore(&core->event_lock, flags);
}

/* ---- job execution -------------------------------------------------- */

static u32 etna_pipe_flush(int exec_state)
{
	return exec_state == ETNA_PIPE_2D ? ETNA_FLUSH_PE2D :
	       ETNA_FLUSH_DEPTH | ETNA_FLUSH_COLOR;
}

/*
 * Bring the MMU to the job's address space with current TLBs. On MMUv2 a
 * switch keeps the space switched away from alive until the job is done:
 * the FE walks its tables until it executes the switch.
 */
static void etna_ring_mmu(struct etna_core *core, struct etna_job *job,
			  u32 *off)
{
	struct etna_dev *edev = core->edev;
	struct etna_vm *vm = job->vm;
	bool flush = core->vm_seq != READ_ONCE(vm->flush_seq);

	if (!edev->mmu_v2) {
		if (flush)
			ring_emit(core, off,
				  ETNA_CMD_LOAD_STATE(ETNA_GL_FLUSH_MMU, 1),
				  ETNA_FLUSH_MMU_ALL);
		core->vm_seq = READ_ONCE(vm->flush_seq);
		return;
	}
	if (core->vm == vm && !flush)
		return;
	if (core->vm != vm && !edev->sec_mode) {
		/* new master table, 4 KiB mode, TLBs flushed */
		ring_emit(core, off,
			  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_CONFIGURATION, 1),
			  lower_32_bits(vm->mtlb_dma) | ETNA_MMUV2_CFG_FLUSH);
	} else {
		if (core->vm != vm)
			ring_emit(core, off,
				  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_PTA_CONFIG, 1),
				  vm->pta_id);
		/* flush only: mode and address masked off */
		ring_emit(core, off,
			  ETNA_CMD_LOAD_STATE(ETNA_MMUV2_CONFIGURATION, 1),
			  ETNA_MMUV2_CFG_MODE_MASK |
			  ETNA_MMUV2_CFG_ADDRESS_MASK | ETNA_MMUV2_CFG_FLUSH);
	}
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_GL_SEMAPHORE_TOKEN, 1),
		  ETNA_SYNC_FE_TO_PE);
	ring_emit(core, off, ETNA_CMD_STALL, ETNA_SYNC_FE_TO_PE);
	if (core->vm != vm) {
		job->prev_vm = core->vm;	/* the core's reference */
		core->vm = etna_vm_get(vm);
	}
	core->vm_seq = READ_ONCE(vm->flush_seq);
}

/**
 * etna_core_run() - put a job on the ring
 * @core: the core
 * @job: the job, its command buffer filled in
 *
 * Called by the scheduler. Return: the job's hardware fence (a new
 * reference), or an ERR_PTR.
 */
struct dma_fence *etna_core_run(struct etna_core *core, struct etna_job *job)
{
	struct etna_hw_fence *hf;
	u32 start, off, ret_off, link;
	int ev;

	hf = kzalloc(sizeof(*hf), GFP_KERNEL);
	if (!hf)
		return ERR_PTR(-ENOMEM);
	hf->core = core;
	hf->finished = dma_fence_get(&job->base.s_fence->finished);
	hf->pid = job->pid;
	memcpy(hf->comm, job->comm, sizeof(hf->comm));

	mutex_lock(&core->hw_lock);
	dma_fence_init(&hf->base, &etna_hw_fence_ops, &etna_fence_lock,
		       core->fence_ctx, ++core->fence_seq);
	/* an idle FE spinning in its WAIT/LINK loop costs power: start late */
	ev = core->fe_running ? 0 : etna_ring_start(core);
	if (!ev)
		ev = etna_event_get(core, &hf->base);
	if (ev < 0) {
		mutex_unlock(&core->hw_lock);
		dma_fence_put(&hf->base);
		return ERR_PTR(ev);
	}

	start = core->ring_tail;
	if (start + RING_BLOCK_MAX > RING_SIZE)
		start = 0;	/* older blocks at the start are long done */
	off = start;

	etna_ring_mmu(core, job, &off);
	if (core->exec_state != job->exec_state) {
		if (core->exec_state >= 0)
			ring_emit(core, &off,
				  ETNA_CMD_LOAD_STATE(ETNA_GL_FLUSH_CACHE, 1),
				  etna_pipe_flush(core->exec_state));
		ring_emit(core, &off,
			  ETNA_CMD_LOAD_STATE(ETNA_GL_SEMAPHORE_TOKEN, 1),
			  ETNA_SYNC_FE_TO_PE);
		ring_emit(core, &off, ETNA_CMD_STALL, ETNA_SYNC_FE_TO_PE);
		ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_PIPE_SELECT, 1),
			  job->exec_state == ETNA_PIPE_2D ? 1 : 0);
		core->exec_state = job->exec_state;
	}
	link = off;
	off += 8;	/* LINK to the job, written once its return is known */

	ret_off = off;
	ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_FLUSH_CACHE, 1),
		  etna_pipe_flush(job->exec_state));
	ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_SEMAPHORE_TOKEN, 1),
		  ETNA_SYNC_FE_TO_PE);
	ring_emit(core, &off, ETNA_CMD_STALL, ETNA_SYNC_FE_TO_PE);
	ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_EVENT, 1),
		  ETNA_GL_EVENT_FROM_PE | ev);
	ring_emit(core, &off, ETNA_CMD_WAIT(WAIT_CYCLES), 0);
	ring_emit(core, &off, ETNA_CMD_LINK(2), core->ring_gpu + off - 8);

	/* The job's stream returns to R through the LINK we reserved. */
	job->cmd_vaddr[job->cmd_size / 4] = ETNA_CMD_LINK(RET_QWORDS);
	job->cmd_vaddr[job->cmd_size / 4 + 1] = core->ring_gpu + ret_off;
	ring_at(core, link)[0] = ETNA_CMD_LINK(job->cmd_size / 8 + 1);
	ring_at(core, link)[1] = job->cmd_gpu;

	/*
	 * Patch the WAIT the FE idles on into a LINK to the new block. The
	 * FE reads a command's header before its argument, so each barrier
	 * orders one step: block before argument, argument before header.
	 */
	wmb();	/* the block and the job's return LINK, before the target */
	ring_at(core, core->ring_wait)[1] = core->ring_gpu + start;
	wmb();	/* the LINK target, before the opcode that makes it live */
	ring_at(core, core->ring_wait)[0] = ETNA_CMD_LINK((link + 8 - start) / 8);
	wmb();	/* push the opcode out to memory the FE polls */

	core->ring_wait = off - 16;
	core->ring_tail = off;
	mutex_unlock(&core->hw_lock);

	return &hf->base;
}

/**
 * etna_core_recover() - reset a hung core and restart its ring
 * @core: the core; its scheduler is stopped by the caller
 *
 * Fences of the jobs in flight fail with -ETIMEDOUT; the scheduler
 * resubmits the innocent ones afterwards.
 */
void etna_core_recover(struct etna_core *core)
{
	mutex_lock(&core->hw_lock);
	disable_irq(core->irq);
	dev_err(core->dev, "hang detected at FE address 0x%08x, resetting\n",
		etna_read(core, ETNA_FE_DMA_ADDRESS));
	etna_reset(core);
	etna_events_cancel(core, -ETIMEDOUT);
	etna_hw_init(core);
	core->fe_running = false;	/* a failed restart is retried by the next job */
	if (etna_ring_start(core))
		dev_err(core->dev, "cannot restart after the reset\n");
	enable_irq(core->irq);
	mutex_unlock(&core->hw_lock);
}

/* ---- UAPI ------------------------------------------------------------- */

int etna_core_get_param(struct etna_core *core, u32 param, u64 *value)
{
	const struct etna_ident *id = &core->id;

	switch (param) {
	case ETNAVIV_PARAM_GPU_MODEL:
		*value = id->model;
		break;
	case ETNAVIV_PARAM_GPU_REVISION:
		*value = id->revision;
		break;
	case ETNAVIV_PARAM_GPU_FEATURES_0:
		*value = id->features;
		break;
	case ETNAVIV_PARAM_GPU_FEATURES_1 ... ETNAVIV_PARAM_GPU_FEATURES_12:
		*value = id->minor[param - ETNAVIV_PARAM_GPU_FEATURES_1];
		break;
	case ETNAVIV_PARAM_GPU_STREAM_COUNT:
		*value = id->stream_count;
		break;
	case ETNAVIV_PARAM_GPU_REGISTER_MAX:
		*value = id->register_max;
		break;
	case ETNAVIV_PARAM_GPU_THREAD_COUNT:
		*value = id->thread_count;
		break;
	case ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE:
		*value = id->vertex_cache_size;
		break;
	case ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT:
		*value = id->shader_core_count;
		break;
	case ETNAVIV_PARAM_GPU_PIXEL_PIPES:
		*value = id->pixel_pipes;
		break;
	case ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE:
		*value = id->vertex_output_buffer_size;
		break;
	case ETNAVIV_PARAM_GPU_BUFFER_SIZE:
		*value = id->buffer_size;
		break;
	case ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT:
		*value = id->instruction_count;
		break;
	case ETNAVIV_PARAM_GPU_NUM_CONSTANTS:
		*value = id->num_constants;
		break;
	case ETNAVIV_PARAM_GPU_NUM_VARYINGS:
		*value = id->varyings_count;
		break;
	case ETNAVIV_PARAM_SOFTPIN_START_ADDR:
		/* MMUv1: no softpin */
		*value = core->edev->mmu_v2 ? ETNA_SOFTPIN_START : ~0ull;
		break;
	case ETNAVIV_PARAM_GPU_PRODUCT_ID:
		*value = id->product_id;
		break;
	case ETNAVIV_PARAM_GPU_CUSTOMER_ID:
		*value = id->customer_id;
		break;
	case ETNAVIV_PARAM_GPU_ECO_ID:
		*value = id->eco_id;
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

void etna_core_debugfs(struct etna_core *core, struct seq_file *m)
{
	const struct etna_ident *id = &core->id;
	unsigned int i;

	seq_printf(m, "pipe %u: %s GC%x rev 0x%04x\n", core->pipe,
		   dev_name(core->dev), id->model, id->revision);
	seq_printf(m, "\tfeatures 0x%08x\n", id->features);
	for (i = 0; i < ARRAY_SIZE(id->minor); i++)
		seq_printf(m, "\tminor_features%u 0x%08x\n", i, id->minor[i]);
	seq_printf(m, "\tidle 0x%08x\n", etna_read(core, ETNA_IDLE_STATE));
	seq_printf(m, "\tFE dma address 0x%08x state 0x%08x\n",
		   etna_read(core, ETNA_FE_DMA_ADDRESS),
		   etna_read(core, ETNA_FE_DMA_DEBUG_STATE));
	seq_printf(m, "\tfences emitted %u\n", core->fence_seq);
	seq_printf(m, "\tAXI errors %d, MMU exceptions %d\n",
		   atomic_read(&core->axi_errors),
		   atomic_read(&core->mmu_errors));
	mutex_lock(&core->hw_lock);
	seq_printf(m, "\tring: tail 0x%x wait 0x%x exec_state %d\n",
		   core->ring_tail, core->ring_wait, core->exec_state);
	mutex_unlock(&core->hw_lock);
}

/**
 * etna_core_identify() - find out what a bound core is
 * @core: the core
 *
 * Return: 0, or -ENXIO if the driver cannot drive this core.
 */
int etna_core_identify(struct etna_core *core)
{
	etna_identify(core);
	dev_info(core->dev, "GC%x rev 0x%04x\n", core->id.model,
		 core->id.revision);
	if ((core->id.features & ETNA_FEAT_PIPE_VG) &&
	    (core->id.features & ETNA_FEAT_FE20)) {
		dev_info(core->dev, "VG cores are not supported\n");
		return -ENXIO;
	}
	return 0;
}

/**
 * etna_core_init() - start an identified core
 * @core: the core; the device's MMU state is set up
 *
 * Return: 0, or an error if the driver cannot drive this core (its pipe
 * slot then stays empty).
 */
int etna_core_init(struct etna_core *core)
{
	struct etna_dev *edev = core->edev;
	const struct drm_sched_init_args args = {
		.ops = &etna_sched_ops,
		.credit_limit = JOBS_IN_FLIGHT,
		.timeout = msecs_to_jiffies(JOB_TIMEOUT_MS),
		.name = dev_name(core->dev),
		.dev = core->dev,
	};
	int ret;

	ret = etna_reset(core);
	if (ret)
		return ret;
	ret = etna_pool_alloc(&edev->pool, &core->ring_node, RING_SIZE,
			      false);
	if (ret)
		return ret;
	core->ring = edev->pool.vaddr + core->ring_node.start;
	core->ring_gpu = etna_pool_gpu(edev, core->ring_node.start);
	core->fence_ctx = dma_fence_context_alloc(1);
	core->event_free = GENMASK(ETNA_NR_EVENTS - 1, 0);
	xa_init_flags(&core->user_fences, XA_FLAGS_ALLOC);

	ret = drm_sched_init(&core->sched, &args);
	if (ret)
		goto err_ring;

	mutex_lock(&core->hw_lock);
	etna_hw_init(core);
	mutex_unlock(&core->hw_lock);
	enable_irq(core->irq);
	return 0;

err_ring:
	etna_pool_free(&edev->pool, &core->ring_node);
	return ret;
}

/**
 * etna_core_fini() - stop a core started by etna_core_init()
 * @core: the core; no file has it open any more
 */
void etna_core_fini(struct etna_core *core)
{
	drm_sched_fini(&core->sched);
	disable_irq(core->irq);
	mutex_lock(&core->hw_lock);
	etna_reset(core);
	etna_events_cancel(core, -ENODEV);
	etna_vm_put(core->vm);
	core->vm = NULL;
	mutex_unlock(&core->hw_lock);
	WARN_ON(!xa_empty(&core->user_fences));
	xa_destroy(&core->user_fences);
	etna_pool_free(&core->edev->pool, &core->ring_node);
}

/* ---- component and platform device ---------------------------------- */

static int etna_core_bind(struct device *dev, struct device *master,
			  void *data)
{
	struct etna_core *core = dev_get_drvdata(dev);
	struct etna_dev *edev = data;

	if (edev->nr_cores == ETNA_MAX_PIPES)
		return -ENOSPC;
	core->edev = edev;
	core->pipe = edev->nr_cores;
	edev->cores[edev->nr_cores++] = core;
	return 0;
}

static void etna_core_unbind(struct device *dev, struct device *master,
			     void *data)
{
	struct etna_core *core = dev_get_drvdata(dev);

	core->edev = NULL;
}

static const struct component_ops etna_core_component_ops = {
	.bind = etna_core_bind,
	.unbind = etna_core_unbind,
};

static int etna_core_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct etna_core *core;
	int ret;

	core = devm_kzalloc(dev, sizeof(*core), GFP_KERNEL);
	if (!core)
		return -ENOMEM;
	core->dev = dev;
	mutex_init(&core->hw_lock);
	mutex_init(&core->submit_lock);
	init_waitqueue_head(&core->queue_wq);
	spin_lock_init(&core->event_lock);

	core->mmio = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(core->mmio))
		return PTR_ERR(core->mmio);

	core->irq = platform_get_irq(pdev, 0);
	if (core->irq < 0)
		return core->irq;
	ret = devm_request_irq(dev, core->irq, etna_irq, IRQF_NO_AUTOEN,
			       dev_name(dev), core);
	if (ret)
		return dev_err_probe(dev, ret, "cannot get IRQ\n");

	core->clk_core = devm_clk_get_enabled(dev, "core");
	if (IS_ERR(core->clk_core))
		return dev_err_probe(dev, PTR_ERR(core->clk_core),
				     "no core clock\n");
	core->clk_bus = devm_clk_get_optional_enabled(dev, "bus");
	if (IS_ERR(core->clk_bus))
		return PTR_ERR(core->clk_bus);
	core->clk_reg = devm_clk_get_optional_enabled(dev, "reg");
	if (IS_ERR(core->clk_reg))
		return PTR_ERR(core->clk_reg);
	core->clk_shader = devm_clk_get_optional_enabled(dev, "shader");
	if (IS_ERR(core->clk_shader))
		return PTR_ERR(core->clk_shader);

	platform_set_drvdata(pdev, core);
	return component_add(dev, &etna_core_component_ops);
}

static int etna_core_remove(struct platform_device *pdev)
{
	component_del(&pdev->dev, &etna_core_component_ops);
	return 0;
}

static const struct of_device_id etna_core_of_match[] = {
	{ .compatible = "vivante,gc" },
	{ }
};
MODULE_DEVICE_TABLE(of, etna_core_of_match);

struct platform_driver etna_core_driver = {
	.probe = etna_core_probe,
	.remove = etna_core_remove,
	.driver = {
		.name = "etnaviv-gpu",
		.of_match_table = etna_core_of_match,
	},
};
