// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The ring and its events
 *
 * The ring is a 4 KiB buffer of the command-buffer pool, which the FE
 * reaches through the MMUv1 linear window or, on MMUv2, at the same
 * address in every address space (its page is the kernel's, mapped in
 * all of them: etna_vm.c). The FE idles in a WAIT followed by a
 * LINK back to it. A job appends a block to the ring::
 *
 *	[FLUSH_MMU]                       MMUv1: if the page table changed
 *	[MMU switch or flush, SEMA, STALL] MMUv2: if the job's space differs
 *	                                  from the last one, or changed
 *	[FLUSH_CACHE, SEMA, STALL, PIPE]  if the job's pipe differs
 *	[EVENT n, END]                    sync point before the job
 *	LINK -> job's command buffer      (which ends with a LINK to R)
 *   R: FLUSH_CACHE, [caches], SEMA, STALL, [BLT sync], EVENT n, [END],
 *	WAIT, LINK -> WAIT
 *
 * R flushes what the job's engine may hold: the 2D engine's cache, or the
 * 3D depth, colour and shader L1 caches, then the tile-status cache (TS
 * flush) or, on cores with the BLT engine, the BLT engine's (BLT flush);
 * on those cores the FE also waits for the BLT engine before the event
 * (as Linux 6.1's etnaviv_buffer.c does).
 * and then turns the previous WAIT into a LINK to the block: argument
 * first, header second, each made visible before the next, so the FE sees
 * either the old WAIT or the complete LINK.
 *
 * Event n raises interrupt bit n once the PE is done with the job; each of
 * the ETNA_NR_EVENTS events in flight holds the hardware fence it signals,
 * one event a job, so that the scheduler's limit of jobs in flight
 * (hw_job_limit, at most 16) never runs out of them.
 *
 * Sync points: a job that asks for them (one with perfmon requests) stops
 * the FE twice, before and after it, each time at its event followed by
 * END. Both stops raise the job's one event: the FE cannot reach the
 * second before the first was released, since it only goes on when
 * released. The interrupt hands a sync point to the core's sync_work
 * instead of signalling it; whoever owns that work (etna_perfmon.c) takes
 * the stops one by one with etna_sync_next(), does its part while the FE
 * stands still, and lets the FE go on with etna_sync_release(), which for
 * the stop after the job also signals the job's fence. The ring knows
 * nothing of what is done at a stop.
 * The FE is started at a core's first job (and after every reset); on
 * MMUv2 it first turns the MMU on from a few commands at the ring's
 * physical address. Everything here runs under the core's hw_lock, the
 * event table under its event_lock too.
 *
 * Power: a job takes a runtime PM reference of the core before it goes
 * on the ring (resuming the core), and its event holds it until the event
 * signals or is cancelled; the core autosuspends once the last event is
 * done (etna_core.c). Before the clocks go, etna_ring_stop() turns the
 * WAIT the FE idles on into an END; the next job starts the FE again.
 */
#include <linux/iopoll.h>
#include <linux/pm_runtime.h>

#include "etna_core.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_pool.h"
#include "etna_regs.h"
#include "etna_vm.h"

#define RING_SIZE	SZ_4K
#define RING_BLOCK_MAX	(27 * 8)	/* bytes of the largest block */
#define WAIT_CYCLES	200

static u32 *ring_at(struct etna_core *core, u32 off)
{
	return core->ring + off / 4;
}

static void ring_emit(struct etna_core *core, u32 *off, u32 a, u32 b)
{
	u32 *p = ring_at(core, *off);

	lockdep_assert_held(&core->hw_lock);
	p[0] = a;
	p[1] = b;
	*off += 8;
}

static void etna_fe_start(struct etna_core *core, u32 addr, u32 qwords)
{
	lockdep_assert_held(&core->hw_lock);
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

	lockdep_assert_held(&core->hw_lock);
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
static void etna_ring_set_vm(struct etna_core *core, struct etna_vm *vm)
{
	lockdep_assert_held(&core->hw_lock);
	etna_vm_put(core->vm);
	core->vm = etna_vm_get(vm);
	core->vm_seq = READ_ONCE(vm->flush_seq);
}

/**
 * etna_ring_init() - give a core its ring
 * @core: the core, not started
 *
 * Return: 0 or an error.
 */
int etna_ring_init(struct etna_core *core)
{
	struct etna_dev *edev = core->edev;
	int ret;

	ret = etna_pool_alloc(&edev->pool, &core->ring_node, RING_SIZE, false,
			      NULL);
	if (ret)
		return ret;
	core->ring = edev->pool.vaddr + core->ring_node.start;
	core->ring_gpu = etna_pool_gpu(edev, core->ring_node.start);
	core->event_free = GENMASK(ETNA_NR_EVENTS - 1, 0);
	return 0;
}

/**
 * etna_ring_fini() - take a stopped core's ring back
 * @core: the core
 */
void etna_ring_fini(struct etna_core *core)
{
	etna_pool_free(&core->edev->pool, &core->ring_node, NULL);
}

/**
 * etna_ring_stop() - let an idle FE leave its WAIT/LINK loop
 * @core: the core, no event in flight; its hw_lock held
 *
 * Before the clocks stop: the FE ends on the END that replaces its WAIT.
 */
void etna_ring_stop(struct etna_core *core)
{
	u32 val;

	lockdep_assert_held(&core->hw_lock);
	if (!core->fe_running)
		return;
	ring_at(core, core->ring_wait)[1] = 0;
	wmb();	/* the argument, before the opcode */
	ring_at(core, core->ring_wait)[0] = ETNA_CMD_END;
	wmb();	/* push the opcode out to memory the FE polls */
	if (readl_poll_timeout(core->mmio + ETNA_IDLE_STATE, val,
			       val & ETNA_IDLE_FE, 10, 100000))
		dev_warn(core->dev, "FE does not stop, idle 0x%08x\n", val);
	core->fe_running = false;
}

/**
 * etna_ring_start() - start the FE on a fresh WAIT/LINK loop
 * @core: the core, just reset; its hw_lock held
 *
 * On MMUv2 the MMU is turned on first, on the kernel's space.
 *
 * Return: 0 or an error.
 */
int etna_ring_start(struct etna_core *core)
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
	etna_ring_set_vm(core, core->edev->kvm);
	wmb();	/* the ring is in memory before the FE fetches it */
	etna_fe_start(core, core->ring_gpu, 2);
	core->fe_running = true;
	return 0;
}

/* ---- events ------------------------------------------------------------ */

/* A free event for @fence: its number, or -EBUSY. */
static int etna_event_get(struct etna_core *core, struct dma_fence *fence)
{
	unsigned long flags;
	int ev;

	lockdep_assert_held(&core->hw_lock);
	spin_lock_irqsave(&core->event_lock, flags);
	ev = find_first_bit(&core->event_free, ETNA_NR_EVENTS);
	if (ev < ETNA_NR_EVENTS) {
		__clear_bit(ev, &core->event_free);
		core->event_fence[ev] = dma_fence_get(fence);
	}
	spin_unlock_irqrestore(&core->event_lock, flags);
	return ev < ETNA_NR_EVENTS ? ev : -EBUSY;
}

/*
 * An event is done: let go of the runtime PM reference its job took.
 * Atomic context: the put is asynchronous.
 */
static void etna_event_power_put(struct etna_core *core)
{
	lockdep_assert_held(&core->event_lock);
	pm_runtime_mark_last_busy(core->dev);
	pm_runtime_put_autosuspend(core->dev);
}

/* Events came or were released: signal their fences, free them. */
static void etna_events_done(struct etna_core *core, unsigned long events)
{
	struct dma_fence *fence;
	int ev;

	lockdep_assert_held(&core->event_lock);
	for_each_set_bit(ev, &events, ETNA_NR_EVENTS) {
		fence = core->event_fence[ev];
		core->event_fence[ev] = NULL;
		if (!fence)
			continue;	/* spurious, or from before a reset */
		__set_bit(ev, &core->event_free);
		etna_hw_fence_retire(to_etna_hw_fence(fence));
		dma_fence_signal(fence);
		dma_fence_put(fence);
		etna_event_power_put(core);
	}
	if (core->event_free == GENMASK(ETNA_NR_EVENTS - 1, 0))
		wake_up_all(&core->idle_wq);	/* the core is idle */
}

/**
 * etna_events_signal() - events came: signal their fences, free them
 * @core: the core; its event_lock held (by the interrupt handler)
 * @events: bit n for event n
 *
 * An event that is a sync point is not signalled: the FE has stopped at
 * the END after it, and the core's sync_work is queued to handle it.
 */
void etna_events_signal(struct etna_core *core, unsigned long events)
{
	unsigned long sync = events & core->sync_mask;

	lockdep_assert_held(&core->event_lock);
	if (sync) {
		core->sync_hit |= sync;
		schedule_work(&core->sync_work);
	}
	etna_events_done(core, events & ~sync);
}

/* ---- sync points --------------------------------------------------------- */

/*
 * Make the event @ev of @job a sync point: the FE stops after it twice,
 * and goes on at @pre with @pre_qwords once the stop before the job is
 * released, at @post with @post_qwords once the one after it is.
 */
static void etna_sync_point(struct etna_core *core, int ev,
			    struct etna_job *job, u32 pre, u32 pre_qwords,
			    u32 post, u32 post_qwords)
{
	unsigned long flags;

	lockdep_assert_held(&core->hw_lock);
	core->sync[ev].job = job;
	core->sync[ev].restart[0] = pre;
	core->sync[ev].qwords[0] = pre_qwords;
	core->sync[ev].restart[1] = post;
	core->sync[ev].qwords[1] = post_qwords;
	spin_lock_irqsave(&core->event_lock, flags);
	__set_bit(ev, &core->sync_mask);
	__set_bit(ev, &core->sync_pre);
	spin_unlock_irqrestore(&core->event_lock, flags);
}

/**
 * etna_sync_next() - the next sync point the FE stopped at
 * @core: the core; its hw_lock held (by the caller, until it released
 *	the stop)
 * @stop: receives the job and which of its stops it is
 *
 * The FE stands still at the stop until etna_sync_release(). A reset
 * since the interrupt has forgotten the sync points (etna_events_cancel()),
 * and the ring restarted without them: then there is none.
 *
 * Return: whether there was one.
 */
bool etna_sync_next(struct etna_core *core, struct etna_sync_stop *stop)
{
	unsigned long flags;
	int ev;

	lockdep_assert_held(&core->hw_lock);
	spin_lock_irqsave(&core->event_lock, flags);
	ev = find_first_bit(&core->sync_hit, ETNA_NR_EVENTS);
	if (ev < ETNA_NR_EVENTS) {
		__clear_bit(ev, &core->sync_hit);
		stop->ev = ev;
		stop->post = !test_bit(ev, &core->sync_pre);
		stop->job = core->sync[ev].job;
	}
	spin_unlock_irqrestore(&core->event_lock, flags);
	return ev < ETNA_NR_EVENTS;
}

/**
 * etna_sync_release() - let the FE go on past a sync point
 * @core: the core; its hw_lock held since etna_sync_next() gave @stop
 * @stop: the stop
 *
 * After the job, its fence signals first (whoever waited for it finds
 * what was done at the stop), and the event is free again.
 */
void etna_sync_release(struct etna_core *core,
		       const struct etna_sync_stop *stop)
{
	struct etna_sync_point *sp = &core->sync[stop->ev];
	unsigned long flags;

	lockdep_assert_held(&core->hw_lock);
	spin_lock_irqsave(&core->event_lock, flags);
	if (stop->post) {
		__clear_bit(stop->ev, &core->sync_mask);
		etna_events_done(core, BIT(stop->ev));
	} else {
		__clear_bit(stop->ev, &core->sync_pre);
	}
	spin_unlock_irqrestore(&core->event_lock, flags);
	etna_fe_start(core, sp->restart[stop->post], sp->qwords[stop->post]);
}

/**
 * etna_events_cancel() - forget every event in flight, after a reset
 * @core: the core; its hw_lock held
 * @error: what their fences fail with
 */
void etna_events_cancel(struct etna_core *core, int error)
{
	struct dma_fence *fence;
	unsigned long flags;
	int ev;

	lockdep_assert_held(&core->hw_lock);
	spin_lock_irqsave(&core->event_lock, flags);
	for (ev = 0; ev < ETNA_NR_EVENTS; ev++) {
		fence = core->event_fence[ev];
		core->event_fence[ev] = NULL;
		if (!fence)
			continue;
		etna_hw_fence_retire(to_etna_hw_fence(fence));
		dma_fence_set_error(fence, error);
		dma_fence_signal(fence);
		dma_fence_put(fence);
		etna_event_power_put(core);
	}
	core->event_free = GENMASK(ETNA_NR_EVENTS - 1, 0);
	wake_up_all(&core->idle_wq);
	core->sync_mask = 0;	/* the ring restarts without them */
	core->sync_pre = 0;
	core->sync_hit = 0;
	spin_unlock_irqrestore(&core->event_lock, flags);
}

/**
 * etna_event_faulted() - the job an MMU exception came from
 * @core: the core; its event_lock held
 * @events: the events of the same interrupt, not signalled yet
 *
 * The FE runs the jobs in order and their events come in that order. If
 * none of the jobs in flight completed in this interrupt, the exception
 * came while the oldest ran. If some did, it came while one of them ran or
 * the one after them (both bits wait in the acknowledge register until it
 * is read): the first of those jobs when they all belong to one client,
 * else no job can be blamed without maybe blaming an innocent client. The
 * event of a sync point before a job is no completion: that job has not
 * run yet.
 *
 * Return: the job's hardware fence, or NULL (no job in flight, or jobs of
 * several clients may have faulted).
 */
struct etna_hw_fence *etna_event_faulted(struct etna_core *core,
					 unsigned long events)
{
	struct etna_hw_fence *done = NULL, *next = NULL, *hf;
	const void *client = NULL;
	int ev;

	lockdep_assert_held(&core->event_lock);
	events &= ~core->sync_pre;
	for (ev = 0; ev < ETNA_NR_EVENTS; ev++) {
		if (!core->event_fence[ev])
			continue;
		hf = to_etna_hw_fence(core->event_fence[ev]);
		if (test_bit(ev, &events)) {
			if (!done || (s32)(hf->base.seqno - done->base.seqno) < 0)
				done = hf;
		} else if (!next ||
			   (s32)(hf->base.seqno - next->base.seqno) < 0) {
			next = hf;
		}
	}
	if (!done)
		return next;
	client = done->client;
	if (next && next->client != client)
		return NULL;
	for_each_set_bit(ev, &events, ETNA_NR_EVENTS)
		if (core->event_fence[ev] &&
		    to_etna_hw_fence(core->event_fence[ev])->client != client)
			return NULL;
	return done;
}

/* ---- running a job ------------------------------------------------------ */

static u32 etna_pipe_flush(int exec_state)
{
	return exec_state == ETNA_PIPE_2D ? ETNA_FLUSH_PE2D :
	       ETNA_FLUSH_DEPTH | ETNA_FLUSH_COLOR;
}

/*
 * The BLT engine (a core with MINOR_FEATURE_5 BLT_ENGINE) takes states
 * only while BLT_ENABLE is on: @state with @val between enable and
 * disable; a semaphore is followed by its stall.
 */
static void etna_ring_blt(struct etna_core *core, u32 *off, u32 state,
			  u32 val)
{
	lockdep_assert_held(&core->hw_lock);
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_BLT_ENABLE, 1),
		  ETNA_BLT_ON);
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(state, 1), val);
	if (state == ETNA_GL_SEMAPHORE_TOKEN)
		ring_emit(core, off, ETNA_CMD_STALL, val);
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_BLT_ENABLE, 1), 0);
}

/*
 * The return part of a job's block (R above), up to its WAIT/LINK: the
 * flushes of what the job's engine caches, and event @ev.
 */
static void etna_ring_return(struct etna_core *core, int exec_state, int ev,
			     u32 *off)
{
	bool blt = core->id.minor[5] & ETNA_MINOR5_BLT_ENGINE;

	lockdep_assert_held(&core->hw_lock);
	if (exec_state == ETNA_PIPE_2D) {
		ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_GL_FLUSH_CACHE, 1),
			  ETNA_FLUSH_PE2D);
	} else {
		ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_GL_FLUSH_CACHE, 1),
			  ETNA_FLUSH_DEPTH | ETNA_FLUSH_COLOR |
			  ETNA_FLUSH_SHADER_L1);
		if (blt)
			etna_ring_blt(core, off, ETNA_BLT_SET_COMMAND,
				      ETNA_BLT_FLUSH);
		else
			ring_emit(core, off,
				  ETNA_CMD_LOAD_STATE(ETNA_TS_FLUSH_CACHE, 1),
				  ETNA_TS_FLUSH);
	}
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_GL_SEMAPHORE_TOKEN, 1),
		  ETNA_SYNC_FE_TO_PE);
	ring_emit(core, off, ETNA_CMD_STALL, ETNA_SYNC_FE_TO_PE);
	if (blt)
		etna_ring_blt(core, off, ETNA_GL_SEMAPHORE_TOKEN,
			      ETNA_SYNC_FE_TO_BLT);
	ring_emit(core, off, ETNA_CMD_LOAD_STATE(ETNA_GL_EVENT, 1),
		  ETNA_GL_EVENT_FROM_PE | ev);
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

	lockdep_assert_held(&core->hw_lock);
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
		/*
		 * A job run again after a reset switches again: the space
		 * its first run kept is no longer used by the core.
		 */
		etna_vm_put(job->prev_vm);
		job->prev_vm = core->vm;	/* the core's reference */
		core->vm = etna_vm_get(vm);
	}
	core->vm_seq = READ_ONCE(vm->flush_seq);
}

/**
 * etna_ring_run() - put a job on the ring
 * @core: the core
 * @job: the job, its command buffer filled in
 *
 * Called by the scheduler. Return: the job's hardware fence (a new
 * reference), or an ERR_PTR.
 */
struct dma_fence *etna_ring_run(struct etna_core *core, struct etna_job *job)
{
	struct etna_hw_fence *hf;
	u32 start, off, ret_off, ret_end, link, pre = 0;
	int ev;

	/* the event's reference: the core stays powered until it signals */
	ev = pm_runtime_resume_and_get(core->dev);
	if (ev)
		return ERR_PTR(ev);
	hf = etna_hw_fence_alloc(core, job);
	if (!hf) {
		pm_runtime_put_autosuspend(core->dev);
		return ERR_PTR(-ENOMEM);
	}

	mutex_lock(&core->hw_lock);
	etna_hw_fence_init(hf);
	/* an idle FE spinning in its WAIT/LINK loop costs power: start late */
	ev = core->fe_running ? 0 : etna_ring_start(core);
	/* one event a job, fewer jobs in flight than events: never -EBUSY */
	if (!ev)
		ev = etna_event_get(core, &hf->base);
	if (ev < 0) {
		mutex_unlock(&core->hw_lock);
		pm_runtime_put_autosuspend(core->dev);
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
	if (job->sync_points) {
		ring_emit(core, &off, ETNA_CMD_LOAD_STATE(ETNA_GL_EVENT, 1),
			  ETNA_GL_EVENT_FROM_PE | ev);
		ring_emit(core, &off, ETNA_CMD_END, 0);
		pre = off;	/* the stop before the job goes on at its LINK */
	}
	link = off;
	off += 8;	/* LINK to the job, written once its return is known */

	ret_off = off;
	etna_ring_return(core, job->exec_state, ev, &off);
	ret_end = 0;
	if (job->sync_points) {
		ring_emit(core, &off, ETNA_CMD_END, 0);
		etna_sync_point(core, ev, job, core->ring_gpu + pre, 1,
				core->ring_gpu + off, 2);
		ret_end = off;	/* the job's return stops at the sync point */
	}
	ring_emit(core, &off, ETNA_CMD_WAIT(WAIT_CYCLES), 0);
	ring_emit(core, &off, ETNA_CMD_LINK(2), core->ring_gpu + off - 8);

	/* The job's stream returns to R through the LINK we reserved. */
	if (!ret_end)
		ret_end = off;
	job->cmd_vaddr[job->cmd_size / 4] =
		ETNA_CMD_LINK((ret_end - ret_off) / 8);
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
