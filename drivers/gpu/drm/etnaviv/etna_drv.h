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
 *    inside it), drm_file.table_lock: innermost, nothing nests in them.
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

#include <linux/bits.h>
#include <linux/dma-fence.h>
#include <linux/idr.h>
#include <linux/iosys-map.h>
#include <linux/kref.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/pm_runtime.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <drm/drm_device.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_mm.h>
#include <drm/gpu_scheduler.h>
#include <drm/etnaviv_drm.h>

#include "etna_pt2.h"

struct clk;
struct etna_core;
struct seq_file;

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
	u32 nn_core_count;	/* neural-network cores: an NPU (hwdb only) */
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

/* MMUv2 maps the pool in pages of 4 KiB, each of 64 bursts of 64 bytes */
#define ETNA_POOL_PAGE		SZ_4K
#define ETNA_POOL_PAGE_BURSTS	(ETNA_POOL_PAGE / 64)

/**
 * struct etna_pool_owner - who may hold pages of the pool of its own
 *	(MMUv2: a client's address space, struct etna_vm.cmd_owner)
 * @next: the burst after its last range, where its next search starts
 *	(under etna_pool.lock)
 */
struct etna_pool_owner {
	unsigned int next;
};

/**
 * struct etna_pool - GPU-visible memory for the rings and command buffers
 * @vaddr: CPU address of the pool
 * @dma: its bus address; the pool is physically contiguous below 4 GiB
 * @size: its size in bytes
 * @lock: protects @map, @next, @owner and the owners' cursors
 * @map: a bit per 64-byte burst of the pool, set while a range holds it
 * @bursts: bits of @map
 * @next: the burst after the last range of the kernel's, where its next
 *	search starts
 * @owner: per page of ETNA_POOL_PAGE bytes, the owner whose ranges it
 *	holds or is reserved for (NULL: the kernel's, or nobody's when
 *	empty)
 * @wq: submitters wait here for space; woken on every free
 *
 * On MMUv1 the front-end reaches command buffers only through the linear
 * window, so they live in one contiguous block owned by the DRM device.
 */
struct etna_pool {
	void *vaddr;
	dma_addr_t dma;
	size_t size;
	struct mutex lock;	/* protects map, next, owner */
	unsigned long *map;
	unsigned int bursts;
	unsigned int next;
	struct etna_pool_owner **owner;
	wait_queue_head_t wq;
};

/**
 * struct etna_pool_range - a range of the command-buffer pool
 * @start: its offset from the pool's start, in bytes
 * @size: its size in bytes, whole bursts; 0 while it holds none
 */
struct etna_pool_range {
	u32 start;
	u32 size;
};

/**
 * struct etna_vm - a GPU address space
 * @ref: references: the owning file (or the device), each mapping in it,
 *	each job that runs in it and each core whose MMU points at it
 * @edev: the device
 * @lock: protects @mm, the page-table entries and @flush_seq
 * @mm: allocator of GPU virtual addresses
 * @flush_seq: bumped on every change of the entries; a core whose copy
 *	differs flushes its TLBs before its next job
 * @pt: MMUv1: the flat table, one 32-bit page address per 4 KiB of VA
 * @pt_dma: bus address of @pt
 * @pt2: MMUv2: the master and slave tables
 * @mtlb_dma: MMUv2: bus address of the master table
 * @pta_id: MMUv2 with the security block: this space's slot in the page
 *	table array
 * @pool_node: the range of the command-buffer pool, kept from the
 *	client's own buffers; MMUv2: mapped in it are the rings and the
 *	pages of the space's own command buffers only (the kernel's space
 *	maps all); MMUv1: all of it, for the snapshots of indices
 * @cmd_owner: MMUv2: the space as an owner of pool pages
 * @unplugged: the device was unbound: the tables are freed, nothing is
 *	mapped any more (under @lock)
 * @maps: the mappings that have a range in it, least recently used
 *	first (MMUv1 evicts idle ones from the front when it is full)
 *
 * MMUv1 has exactly one, the device's, shared by every file. On MMUv2
 * the device has one for the rings and every file one of its own. Freed
 * when the last reference goes.
 */
struct etna_vm {
	struct kref ref;
	struct etna_dev *edev;
	struct mutex lock;	/* protects mm, page tables, flush_seq */
	struct drm_mm mm;
	u32 flush_seq;
	u32 *pt;
	dma_addr_t pt_dma;
	struct etna_pt2 pt2;
	dma_addr_t mtlb_dma;
	int pta_id;
	struct drm_mm_node pool_node;
	struct etna_pool_owner cmd_owner;
	struct list_head maps;
	bool unplugged;
};

/**
 * struct etna_mapping - a buffer object mapped in one address space
 * @ref: references: one while on the buffer's list, one per job using it
 * @bo_link: entry in the buffer's @mappings list (under its map_lock)
 * @vm_link: entry in the space's @maps list while it has a range (under
 *	the space's lock)
 * @bo: the buffer; it outlives the mapping (every holder of a mapping
 *	reference also holds the buffer)
 * @vm: the address space (a reference)
 * @node: the GPU VA range; on MMUv1 taken back while the mapping is idle
 *	if the space runs full, and given again at its next use
 *
 * The pages stay mapped until the last reference goes, or the mapping
 * is evicted.
 */
struct etna_mapping {
	struct kref ref;
	struct list_head bo_link;
	struct list_head vm_link;
	struct etna_bo *bo;
	struct etna_vm *vm;
	struct drm_mm_node node;
};

/**
 * struct etna_dev - the DRM device
 * @drm: the DRM device
 * @cores: the bound cores by pipe number; NULL where a core was refused
 * @nr_cores: number of entries of @cores in use
 * @pool: command buffer and ring memory
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

/* MMUv2: where every address space maps the command-buffer pool */
#define ETNA_POOL_VA		SZ_4K
/* MMUv1: the pool through the page table, for the engines' reads */
#define ETNA_POOL_VA1		ETNA_VM_START
/* MMUv2: softpin addresses start here, below is the kernel's */
#define ETNA_SOFTPIN_START	SZ_4M

static inline struct etna_dev *to_etna_dev(struct drm_device *drm)
{
	return container_of(drm, struct etna_dev, drm);
}

/**
 * struct etna_client - what one open file's unfinished jobs hold of what
 *	all clients share, each bounded (etna_submit.c)
 * @ref: references: the file, and each of its jobs until it is freed
 * @va_bytes: MMUv1: bytes of the shared address space taken by its jobs'
 *	buffers (each job counts all of its buffers)
 * @pool_bytes: bytes of the command-buffer pool taken by its jobs
 *
 * The counts are atomics, charged at submit and discharged when a job is
 * freed, after the file is gone too.
 */
struct etna_client {
	struct kref ref;
	atomic64_t va_bytes;
	atomic64_t pool_bytes;
};

/**
 * struct etna_file - per-open-file state
 * @link: entry in etna_dev.files
 * @entity: scheduler entity per pipe, so one client's jobs run in order
 * @vm: the file's address space (a reference): its own on MMUv2
 * @client: its share of what the clients share (a reference)
 * @uid: MMUv2: the user it is counted for in etna_dev.user_files
 * @usage: its engine time, for fdinfo (a reference)
 */
struct etna_file {
	struct list_head link;		/* in etna_dev.files */
	struct drm_sched_entity entity[ETNA_MAX_PIPES];
	struct etna_vm *vm;
	struct etna_client *client;
	uid_t uid;
	struct etna_usage *usage;
};

/**
 * struct etna_usage - what one open file's jobs took of the engines
 * @ref: references: the file, and each of its jobs and their hardware
 *	fences, so that a job finishing after the file closed counts
 * @id: the file's drm-client-id, unique while the module is loaded
 * @busy_ns: nanoseconds an engine spent on its jobs, by ETNA_PIPE_*
 *
 * The counters are atomics, added to as each job's hardware fence
 * signals (etna_fence.c) and read by fdinfo.
 */
struct etna_usage {
	struct kref ref;
	u64 id;
	atomic64_t busy_ns[ETNA_PIPE_2D + 1];
};

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

/**
 * struct etna_userptr - user memory behind a buffer object
 * @mm: the address space of the process that created it (a reference);
 *	only that process may make the pages resident
 * @ptr: user address
 * @pages: the pinned pages, once the GPU first uses the buffer
 * @npages: number of pages
 */
struct etna_userptr {
	struct mm_struct *mm;
	u64 ptr;
	struct page **pages;
	unsigned long npages;
};

/**
 * struct etna_bo - a buffer object
 * @shmem: the GEM object: shmem-backed, or for userptr objects only its
 *	sg table is used (built from the pinned user pages); must be first,
 *	the shmem helpers free the object as a shmem object
 * @flags: ETNA_BO_* cache mode
 * @read_only: the GPU may only read it (user pages not given writable)
 * @map_lock: protects @mappings and the pinning of @uptr
 * @mappings: its struct etna_mapping in the address spaces it is used in
 * @prep_op: ETNA_PREP_* of the last CPU_PREP that synced the buffer for
 *	the CPU; CPU_FINI syncs it back only after one (both in the
 *	direction of the DMA mapping, whatever the op)
 * @uptr: user memory, for GEM_USERPTR objects; NULL otherwise
 * @dev_link: entry in etna_dev.bos once the GPU was given it
 * @unplugged: the device was unbound: its pages are not mapped for the
 *	device any more, and will not be again (under @map_lock)
 */
struct etna_bo {
	struct drm_gem_shmem_object shmem;
	u32 flags;
	bool read_only;
	struct mutex map_lock;	/* mappings, uptr pinning */
	struct list_head mappings;
	u32 prep_op;
	struct etna_userptr *uptr;
	struct list_head dev_link;	/* in etna_dev.bos, under bos_lock */
	bool unplugged;			/* map_lock */
};

static inline struct etna_bo *to_etna_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct etna_bo, shmem);
}

/**
 * struct etna_pmr - a perfmon request of a job (etna_perfmon.c)
 * @obj: the buffer the sample goes to (the job holds it)
 * @map: its kernel mapping, until the job is freed
 * @flags: ETNA_PM_PROCESS_PRE or _POST (anything else: never sampled)
 * @domain: domain index in the job's exec-state list
 * @signal: signal index in the domain
 * @sequence: written into word 0 after the post samples
 * @offset: the sample's word in the buffer
 */
struct etna_pmr {
	struct drm_gem_object *obj;
	struct iosys_map map;
	u32 flags;
	u8 domain;
	u16 signal;
	u32 sequence, offset;
};

/**
 * struct etna_job - one submitted command stream
 * @base: scheduler job
 * @core: where it runs
 * @exec_state: ETNA_PIPE_* the stream is for
 * @cmd: its place in the pool
 * @cmd_vaddr: CPU address of the command buffer copy
 * @cmd_gpu: its GPU address
 * @cmd_size: bytes of commands, excluding the return LINK
 * @bos: referenced objects, one reference each; in @tab
 * @maps: their mappings in @vm, one reference each; in @tab after @bos
 * @nr_bos: entries of @bos
 * @vm: the address space the job runs in (a reference)
 * @prev_vm: the one the core switched away from to run the job, kept
 *	until the job is done so that its tables outlive the switch
 * @client: the submitting file's share (a reference)
 * @usage: the submitting file's engine time (a reference)
 * @va_charge: what the job charged to @client's va_bytes
 * @pool_charge: what it charged to @client's pool_bytes
 * @pid: the submitting process, for fault reports
 * @comm: its name
 * @hw_fence: signalled by the core's event, once running
 * @run_ms: how long it has run, as the hang check counts (in its periods;
 *	only the scheduler's timeout handler uses it)
 * @hang_dma: FE DMA address at the hang check's last look at this run of
 *	the job (only the scheduler's timeout handler, which never runs
 *	twice at once, uses it and @hang_seen)
 * @hang_seen: @hang_dma and @hang_work hold a look (cleared each time the
 *	job runs)
 * @hang_work: the engines' work counters at that look (etna_pm_work())
 * @out_fence: the scheduler's finished fence, what user space sees
 * @fence_id: id of @out_fence in core->user_fences
 * @pmrs: its perfmon requests (etna_perfmon.c), or NULL
 * @nr_pmrs: how many of @pmrs are set up (their buffers mapped)
 * @sync_points: the ring stops the FE before and after the job (for its
 *	perfmon requests)
 * @tab: room for @bos and @maps, allocated with the job
 *
 * Owned by the scheduler after it is pushed; freed in free_job.
 */
struct etna_job {
	struct drm_sched_job base;
	struct etna_core *core;
	u32 exec_state;
	struct etna_pool_range cmd;
	u32 *cmd_vaddr;
	u32 cmd_gpu;
	u32 cmd_size;
	struct drm_gem_object **bos;
	struct etna_mapping **maps;
	u32 nr_bos;
	struct etna_vm *vm;
	struct etna_vm *prev_vm;
	struct etna_client *client;
	struct etna_usage *usage;
	u64 va_charge;
	u64 pool_charge;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	struct dma_fence *hw_fence;
	u32 run_ms;
	u32 hang_dma, hang_work;
	bool hang_seen;
	struct dma_fence *out_fence;
	u32 fence_id;
	struct etna_pmr *pmrs;
	u32 nr_pmrs;
	bool sync_points;
	void *tab[];
};

static inline struct etna_job *to_etna_job(struct drm_sched_job *job)
{
	return container_of(job, struct etna_job, base);
}

/**
 * struct etna_hw_fence - a job's fence on the hardware
 * @base: the fence, signalled by the event the ring raises after the job
 * @core: the core it runs on
 * @finished: the job's finished fence (a reference until this fence
 *	signals), which an MMU fault fails
 * @usage: the submitting file's engine time (a reference)
 * @exec_state: the engine the job runs on (ETNA_PIPE_*)
 * @start_ns: when the job went on the ring (ns, monotonic)
 * @client: the submitting file's &etna_client, only compared (which jobs
 *	belong to one client), never followed
 * @pid: the submitting process, for fault reports
 * @comm: its name
 */
struct etna_hw_fence {
	struct dma_fence base;
	struct etna_core *core;
	struct dma_fence *finished;
	struct etna_usage *usage;
	u32 exec_state;
	u64 start_ns;
	const void *client;
	pid_t pid;
	char comm[TASK_COMM_LEN];
};

static inline struct etna_hw_fence *to_etna_hw_fence(struct dma_fence *f)
{
	return container_of(f, struct etna_hw_fence, base);
}

#if IS_ENABLED(CONFIG_KUNIT)
const struct etna_ident *etna_hw_lookup(u32 model, u32 revision, u32 *quirks);
bool etna_job_progressed(struct etna_job *job, u32 dma, u32 work);
unsigned int etna_pool_find(unsigned long *map, unsigned int bursts,
			    unsigned int next, unsigned int nr,
			    const struct etna_pool_owner *const *owner,
			    const struct etna_pool_owner *who);
#endif

static inline bool etna_hw_has_quirk(const struct etna_core *core, u32 quirk)
{
	return core->quirks & quirk;
}

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

/* etna_sched.c */
int etna_sched_init(struct etna_core *core);
void etna_sched_fini(struct etna_core *core);
void etna_sched_reap(struct etna_core *core);

/* etna_dump.c */
void etna_dump_job(struct etna_job *job);

/* etna_submit.c */
int etna_ioctl_gem_submit(struct drm_device *drm, void *data,
			  struct drm_file *file);
void etna_job_free(struct etna_job *job);
struct etna_client *etna_client_create(void);
void etna_client_put(struct etna_client *client);

/* etna_core.c */
extern struct platform_driver etna_core_driver;
int etna_core_init(struct etna_core *core);
void etna_core_stop(struct etna_core *core);
void etna_core_fini(struct etna_core *core);
void etna_core_refuse(struct etna_core *core);
void etna_core_recover(struct etna_core *core);

/* etna_ring.c */
int etna_ring_init(struct etna_core *core);
void etna_ring_stop(struct etna_core *core);
void etna_ring_fini(struct etna_core *core);
int etna_ring_start(struct etna_core *core);
struct dma_fence *etna_ring_run(struct etna_core *core, struct etna_job *job);
void etna_events_signal(struct etna_core *core, unsigned long events);
void etna_events_cancel(struct etna_core *core, int error);
struct etna_hw_fence *etna_event_faulted(struct etna_core *core,
					 unsigned long events);

/**
 * struct etna_sync_stop - a sync point the FE stopped at (etna_ring.c)
 * @job: the job whose stop it is
 * @post: the stop after the job (else the one before it)
 * @ev: the job's event
 */
struct etna_sync_stop {
	struct etna_job *job;
	bool post;
	int ev;
};

bool etna_sync_next(struct etna_core *core, struct etna_sync_stop *stop);
void etna_sync_release(struct etna_core *core,
		       const struct etna_sync_stop *stop);

/* etna_perfmon.c */
int etna_pm_query_dom(struct etna_core *core,
		      struct drm_etnaviv_pm_domain *args);
int etna_pm_query_sig(struct etna_core *core,
		      struct drm_etnaviv_pm_signal *args);
int etna_pm_prepare(struct etna_job *job,
		    const struct drm_etnaviv_gem_submit_pmr *reqs, u32 nr);
void etna_pm_release(struct etna_job *job);
void etna_pm_sync_work(struct work_struct *work);
u32 etna_pm_work(struct etna_core *core);

/* etna_bo.c */
void etna_bos_unplug(struct etna_dev *edev);
struct drm_gem_object *etna_bo_create_object(struct drm_device *drm,
					     size_t size);
struct etna_mapping *etna_bo_get_mapping(struct etna_bo *bo,
					 struct etna_vm *vm, u64 va);
int etna_bo_remap(struct etna_mapping *map);
int etna_ioctl_gem_new(struct drm_device *drm, void *data,
		       struct drm_file *file);
int etna_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_cpu_prep(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_cpu_fini(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_wait(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file);

/* etna_fence.c */
struct etna_hw_fence *etna_hw_fence_alloc(struct etna_core *core,
					  struct etna_job *job);
void etna_hw_fence_init(struct etna_hw_fence *hf);
void etna_hw_fence_retire(struct etna_hw_fence *hf);
struct etna_usage *etna_usage_create(void);
void etna_usage_put(struct etna_usage *usage);
long etna_timeout_jiffies(const struct drm_etnaviv_timespec *ts);
int etna_ioctl_wait_fence(struct drm_device *drm, void *data,
			  struct drm_file *file);

/* etna_vm.c */
int etna_mmu_init(struct etna_dev *edev);
void etna_mmu_fini(struct etna_dev *edev);
struct etna_vm *etna_vm_create(struct etna_dev *edev);
void etna_vm_put(struct etna_vm *vm);
void etna_vm_unplug(struct etna_vm *vm);
struct etna_mapping *etna_vm_map(struct etna_vm *vm, struct etna_bo *bo,
				 struct sg_table *sgt, u64 va);
int etna_mapping_remap(struct etna_mapping *map, struct sg_table *sgt);
u32 etna_vm_use(struct etna_vm *vm, struct etna_mapping **maps, u32 from,
		u32 n);
void etna_mapping_put(struct etna_mapping *map);
int etna_vm_cmd_alloc(struct etna_vm *vm, struct etna_pool_range *range,
		      size_t size);
void etna_vm_cmd_free(struct etna_vm *vm, struct etna_pool_range *range);

static inline struct etna_vm *etna_vm_get(struct etna_vm *vm)
{
	kref_get(&vm->ref);
	return vm;
}

/* etna_pool.c */
int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size);
void etna_pool_fini(struct etna_pool *pool, struct device *dev);
int etna_pool_alloc(struct etna_pool *pool, struct etna_pool_range *range,
		    size_t size, bool wait, struct etna_pool_owner *who);
u64 etna_pool_size(u64 size);
void etna_pool_free(struct etna_pool *pool, struct etna_pool_range *range,
		    struct etna_pool_range *emptied);
void etna_pool_unreserve(struct etna_pool *pool,
			 const struct etna_pool_range *emptied);
bool etna_pool_kernel_page(struct etna_pool *pool, u32 offset);
void etna_pool_print(struct etna_pool *pool, struct seq_file *m);
u32 etna_pool_gpu(struct etna_dev *edev, u64 offset);
u32 etna_pool_data_gpu(struct etna_dev *edev, u64 offset);

/* etna_hw.c */
int etna_hw_identify(struct etna_core *core);
bool etna_hw_has_mmu_v2(const struct etna_core *core);
bool etna_hw_has_security(const struct etna_core *core);
int etna_ioctl_get_param(struct drm_device *drm, void *data,
			 struct drm_file *file);

#endif /* ETNA_DRV_H */
