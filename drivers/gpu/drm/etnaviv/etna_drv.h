/* SPDX-License-Identifier: GPL-2.0-only */
/**
 * DOC: Overview
 *
 * etnaviv: DRM driver for Vivante GC GPU cores.
 *
 * One DRM device gathers every GPU core of the SoC (component framework);
 * each core is a "pipe" of the UAPI, with its own front-end ring, events,
 * fences and scheduler. On MMUv1 the cores share one GPU address space;
 * on MMUv2 every open file has its own, and the kernel one more.
 *
 * The files, each one concern; a file calls only files listed after it:
 *
 *  - etna_main.c: the DRM device, the component master, the ioctl table
 *  - etna_debugfs.c: the debugfs files
 *  - etna_sched.c: the scheduler of a core and its hang check
 *  - etna_dump.c: the devcoredump of a hung job
 *  - etna_submit.c: GEM_SUBMIT, from the user's stream to a queued job
 *  - etna_core.c: one core: probe, clocks, reset, interrupt, recovery
 *  - etna_perfmon.c: performance counters, sampled at the ring's sync
 *    points; the engines' work counters for the hang check
 *  - etna_ring.c: the front-end ring, the events, the sync points,
 *    running a job
 *  - etna_bo.c: buffer objects, their mappings by address space
 *  - etna_fence.c: hardware fences, a client's engine time, WAIT_FENCE,
 *    UAPI timeouts
 *  - etna_vm.c: GPU address spaces
 *  - etna_pool.c: the memory of the rings and command buffers
 *  - etna_hw.c: identification, the table of known cores and their quirks,
 *    GET_PARAM
 *  - etna_validate.c, etna_pt.c, etna_pt2.c: pure functions (the stream
 *    validator, the page-table entries), which the KUnit module
 *    etnaviv-kunit.ko tests through EXPORT_SYMBOL_IF_KUNIT
 *
 * Their declarations, a header per concern, each including what it needs
 * and none including this one: etna_core.h (a core, its identity and
 * quirks), etna_job.h (jobs, their fences, the ring, the scheduler),
 * etna_perfmon.h, etna_bo.h, etna_vm.h (address spaces and mappings),
 * etna_pool.h, etna_pt.h and etna_pt2.h, etna_validate.h; this one holds
 * the device and the open file.
 */

/**
 * DOC: Locking
 *
 * The driver's locks, and what each protects:
 *
 *  - etna_pool.lock (mutex): the pool's allocator (etna_pool.map,
 *    etna_pool.next, etna_pool.owner and each owner's next).
 *  - etna_vm.lock (mutex): the address space's allocator, its page-table
 *    entries and slave tables, its list of mappings (maps) and whether
 *    each has a range, and flush_seq. A job takes its reference to a
 *    listed mapping under it, so that a mapping found idle under it
 *    (only its buffer's list holds it) stays idle until it is dropped.
 *    The ring reads flush_seq without it (READ_ONCE): a job's mappings
 *    are made before the job is queued, so the ring sees their bumps.
 *  - etna_bo.map_lock (mutex): the buffer's list of mappings, and the
 *    pinning of userptr pages (etna_userptr.pages, shmem.sgt).
 *  - etna_core.hw_lock (mutex): the ring and everything that describes
 *    what the front-end runs: ring_tail, ring_wait, fe_running,
 *    exec_state, vm, vm_seq; the numbering of hardware fences
 *    (fence_seq); resets and the bring-up after them (also in the
 *    runtime PM callbacks); the frequency scale (freq_scale).
 *  - etna_dev.users_lock (mutex): the count of open files per user
 *    (user_files).
 *  - etna_dev.files_lock (mutex): the list of open files (files) and
 *    whether the device was unbound (detached); postclose holds it while
 *    it destroys the file's entities and unbind while it finishes them,
 *    so that each goes exactly once.
 *  - etna_dev.bos_lock (mutex): the list of buffers the GPU was given
 *    (bos); a buffer being freed takes itself off it first, so that
 *    unbind, walking it under the lock, never meets a freed one.
 *  - etna_core.event_lock (spinlock, taken with interrupts off; the
 *    interrupt handler takes it): event_fence, event_free and busy_until;
 *    which events are sync points (sync_mask), which of those still have
 *    their stop before the job ahead (sync_pre) and which the FE reached
 *    (sync_hit). The sync points' records (sync[]) are under hw_lock.
 *  - etna_core.submit_lock (mutex): the order in which jobs are armed and
 *    pushed to a core's scheduler, and the ids of user_fences
 *    (next_fence_id); the xarray has its own lock for its entries, which
 *    WAIT_FENCE looks up under RCU.
 *  - etna_fence_lock (spinlock, etna_fence.c): the dma_fence lock of every
 *    hardware fence.
 *  - etna_file.carry_lock (spinlock): the tile-status states the file's
 *    jobs left on each core (carry, etna_carry.c).
 *
 * Not locks, but rules: power (etna_core.c, "DOC: Power"): the core's
 * registers are touched only while the caller holds a runtime PM reference
 * (or is a runtime PM callback); each event in flight holds one, dropped
 * when it signals. hw_ready and bind_ref change only while the core holds
 * such a reference of its own, so the callbacks, which read them, cannot
 * run meanwhile. etna_dev.cores and nr_cores are set before the DRM device
 * is registered and only read afterwards (unbind clears cores once the
 * device is unplugged and the files' entities are gone); a PTA slot
 * (etna_dev.pta) is written only by the address space that owns it, the
 * IDA hands the slots out; etna_job.hang_dma, hang_work and hang_seen are
 * used only by the scheduler's timeout handler, which does not run twice
 * at once for one scheduler; the error counters are atomics;
 * etna_bo.prep_op belongs to its client (a race between its own CPU_PREP
 * and CPU_FINI only costs it a cache sync).
 *
 * Locks of the DRM core and of other subsystems that we take: the
 * buffers' dma_resv (ww_mutex, all of a job's at once, in
 * drm_gem_lock_reservations()), drm_file.table_lock (spinlock, handle
 * lookup), drm_device.filelist_mutex (debugfs), the shmem helpers'
 * pages_lock (mutex, through their page functions) and vmap_lock (mutex,
 * drm_gem_vmap() and drm_gem_vunmap() of the buffers of perfmon requests,
 * at submit and when the job is freed), mm->mmap_lock
 * (pinning user pages; the fault handler runs under it), the
 * scheduler's job_list_lock (timeout handler) and its entity and run
 * queue locks (inside drm_sched_entity_push_job()).
 *
 * Nesting, outer lock first; a lock is taken only while holding nothing
 * but locks above it on its own line of descent:
 *
 *  - drm_device.filelist_mutex
 *
 *    - drm_file.table_lock
 *    - etna_bo.map_lock, and what nests in it (below)
 *    - etna_vm.lock
 *
 *  - etna_dev.files_lock
 *
 *    - the scheduler's entity and run queue locks (destroying or
 *      finishing a file's entities), etna_vm.lock (unbind)
 *
 *  - etna_dev.bos_lock
 *
 *    - etna_bo.map_lock, and what nests in it (below)
 *
 *  - etna_bo.map_lock
 *
 *    - mm->mmap_lock (pinning user pages)
 *    - the shmem pages_lock (making a shmem buffer's pages resident)
 *    - etna_vm.lock
 *
 *  - mm->mmap_lock (a CPU fault, mmap)
 *
 *    - the shmem pages_lock
 *
 *  - the shmem vmap_lock (holding none of ours)
 *
 *    - the shmem pages_lock
 *
 *  - dma_resv of the job's buffers
 *
 *    - etna_core.submit_lock
 *
 *      - the xarray lock of user_fences, the scheduler's entity and run
 *        queue locks
 *
 *  - etna_vm.lock
 *
 *    - etna_pool.lock (MMUv2: a job's command buffer is freed, and its
 *      emptied pages unmapped and given up, under its space's lock)
 *
 *  - etna_core.hw_lock
 *
 *    - etna_core.event_lock
 *
 *      - etna_fence_lock, then (signalling) the locks of the scheduler's
 *        fences and of their waiters
 *
 *  - the scheduler's job_list_lock
 *
 *    - the lock of a scheduler's fence (unbind sets the error of the
 *      fences of the jobs a stopped core had)
 *
 *  - etna_pool.lock, etna_dev.users_lock (and the xarray's own lock
 *    inside it), drm_file.table_lock, etna_file.carry_lock: innermost,
 *    nothing nests in them.
 *
 * The interrupt handler takes event_lock only, so hw_lock may be held
 * across disable_irq(). hw_lock is never held while waiting for the
 * scheduler (drm_sched_stop() and drm_sched_fini() run before it is
 * taken), and no driver lock but files_lock is held while waiting for
 * pool space or for a fence (files_lock: while a closing file's queued
 * jobs drain, or an unbound file's queued jobs wait for their in-fences
 * before they are cancelled). Unbind waits for the ioctls inside
 * drm_dev_enter() (open, SUBMIT) holding none of ours. A function that
 * expects one of our locks held says so with lockdep_assert_held().
 */
#ifndef ETNA_DRV_H
#define ETNA_DRV_H

#include <linux/atomic.h>
#include <linux/idr.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/xarray.h>
#include <drm/drm_device.h>
#include <drm/gpu_scheduler.h>
#include <drm/etnaviv_drm.h>

#include "etna_carry.h"
#include "etna_pool.h"

struct etna_client;
struct etna_core;
struct etna_usage;
struct etna_vm;

/**
 * struct etna_dev - the DRM device
 * @drm: the DRM device
 * @cores: the bound cores by pipe number; NULL where a core was refused
 * @nr_cores: number of entries of @cores in use
 * @pool: command buffer and ring memory
 * @idx_pool: MMUv1: the snapshots of the indices the validator checked
 *	(etna_validate_idx.c), which the engines read at ETNA_IDX_VA
 * @kvm: the kernel's address space: on MMUv1 the only one
 * @mmu_v2: the cores have an MMUv2 (all cores of a device agree)
 * @sec_mode: the cores have the security block, the kernel drives it
 * @bad_page: MMUv1: where unmapped addresses point; MMUv2: the safe
 *	page faulting accesses go to. A page of a recognisable pattern
 * @bad_dma: bus address of @bad_page
 * @pta: security block: the page table array, one MTLB per slot
 * @pta_dma: its bus address
 * @pta_ids: allocator of @pta slots
 * @linear_base: MMUv1 memory base: physical address of GPU address 0 in
 *	the linear window, the same for every core
 * @nr_vms: address spaces alive (the kernel's included), for debugfs and
 *	the tests that look for leaked ones
 * @client_wq: submitters over their client's share (struct etna_client)
 *	wait here; woken as jobs are freed
 * @users_lock: protects @user_files
 * @user_files: MMUv2: open files (each with its address space, and with
 *	the security block a PTA slot) by user id, as xarray values
 * @files_lock: protects @files and @detached
 * @files: the open files (struct etna_file), until their postclose
 * @detached: the device was unbound: the files' entities are gone
 * @nr_jobs: jobs alive (submitted and not freed yet)
 * @jobs_wq: unbind waits here for @nr_jobs to drop to 0
 * @bos_lock: protects @bos
 * @bos: the buffers the GPU was given (struct etna_bo.dev_link), with
 *	their device mappings, until freed
 * @shm_gfp: the page allocation flags of shmem buffers: below 4 GiB where
 *	the DMA API would bounce pages past the cores' 32 bits
 *
 * Created at master bind; at master unbind the device is unplugged and
 * lets go of the hardware and of every DMA mapping, but lives on until
 * its last open file closes. The cores are bound and unbound with it.
 */
struct etna_dev {
	struct drm_device drm;
	struct etna_core *cores[ETNA_MAX_PIPES];
	unsigned int nr_cores;
	struct etna_pool pool;
	struct etna_pool idx_pool;
	struct etna_vm *kvm;
	bool mmu_v2;
	bool sec_mode;
	u32 *bad_page;
	dma_addr_t bad_dma;
	u64 *pta;
	dma_addr_t pta_dma;
	struct ida pta_ids;
	u32 linear_base;
	atomic_t nr_vms;
	wait_queue_head_t client_wq;
	struct mutex users_lock;	/* user_files */
	struct xarray user_files;
	struct mutex files_lock;	/* files, detached */
	struct list_head files;
	bool detached;
	atomic_t nr_jobs;
	wait_queue_head_t jobs_wq;
	struct mutex bos_lock;		/* bos */
	struct list_head bos;
	gfp_t shm_gfp;
};

static inline struct etna_dev *to_etna_dev(struct drm_device *drm)
{
	return container_of(drm, struct etna_dev, drm);
}

/**
 * struct etna_file - per-open-file state
 * @link: entry in etna_dev.files
 * @entity: scheduler entity per pipe, so one client's jobs run in order
 * @vm: the file's address space (a reference): its own on MMUv2
 * @client: its share of what the clients share (a reference)
 * @uid: MMUv2: the user it is counted for in etna_dev.user_files
 * @usage: its engine time, for fdinfo (a reference)
 * @carry_lock: protects @carry
 * @carry: MMUv1: per core, the tile-status states the file's jobs left
 *	there (etna_carry.c)
 */
struct etna_file {
	struct list_head link;		/* in etna_dev.files */
	struct drm_sched_entity entity[ETNA_MAX_PIPES];
	struct etna_vm *vm;
	struct etna_client *client;
	uid_t uid;
	struct etna_usage *usage;
	spinlock_t carry_lock;		/* carry */
	struct etna_carry carry[ETNA_MAX_PIPES];
};

/**
 * etna_pipe() - the core behind a UAPI pipe number
 * @drm: the device
 * @pipe: pipe number from user space
 * @err: set to -EINVAL for a pipe out of range, -ENXIO for an empty slot
 *
 * Return: the core, or NULL with @err set.
 */
static inline struct etna_core *etna_pipe(struct drm_device *drm, u32 pipe,
					  int *err)
{
	struct etna_dev *edev = to_etna_dev(drm);

	if (pipe >= ETNA_MAX_PIPES) {
		*err = -EINVAL;
		return NULL;
	}
	if (!edev->cores[pipe]) {
		*err = -ENXIO;
		return NULL;
	}
	return edev->cores[pipe];
}

#endif /* ETNA_DRV_H */
