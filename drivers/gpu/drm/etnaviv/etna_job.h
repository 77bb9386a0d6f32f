/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Jobs (etna_submit.c), their hardware fences (etna_fence.c), the ring that
 * runs them (etna_ring.c), their scheduler (etna_sched.c) and the
 * devcoredump of a hung one (etna_dump.c).
 */
#ifndef ETNA_JOB_H
#define ETNA_JOB_H

#include <linux/atomic.h>
#include <linux/dma-fence.h>
#include <linux/kref.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <drm/gpu_scheduler.h>
#include <drm/etnaviv_drm.h>

#include "etna_pool.h"

struct drm_device;
struct drm_file;
struct drm_gem_object;
struct etna_core;
struct etna_dev;
struct etna_mapping;
struct etna_pmr;
struct etna_vm;

/**
 * struct etna_client - what one open file's unfinished jobs hold of what
 *	all clients share, each bounded (etna_client.c)
 * @ref: references: the file, and each of its jobs until it is freed
 * @va_bytes: MMUv1: bytes of the shared address space taken by its jobs'
 *	buffers (each job counts all of its buffers)
 * @pool_bytes: bytes of the command-buffer pool taken by its jobs
 * @idx_bytes: MMUv1: bytes of the indices' pool taken by its jobs
 * @jobs_freed: its jobs freed so far, which a submit waiting for room
 *	watches for progress
 * @jobs_ran: its jobs that reached a core and are not freed yet: each
 *	ends, done or reset by the hang check, so a submit waiting for room
 *	waits on while there is one
 *
 * The counts are atomics, charged at submit and discharged when a job is
 * freed, after the file is gone too.
 */
struct etna_client {
	struct kref ref;
	atomic64_t va_bytes;
	atomic64_t pool_bytes;
	atomic64_t idx_bytes;
	atomic_t jobs_freed;
	atomic_t jobs_ran;
};

/**
 * struct etna_usage - what one open file's jobs took of the engines
 * @ref: references: the file, and each of its jobs and their hardware
 *	fences, so that a job finishing after the file closed counts
 * @id: the file's drm-client-id, unique while the module is loaded
 * @busy_ns: nanoseconds an engine spent on its jobs, by ETNA_PIPE_*
 *
 * The counters are atomics, added to as each job's hardware fence
 * signals (etna_fence.c) and read by fdinfo, which adds the time so far
 * of a job still on a core (etna_usage_busy_ns()).
 */
struct etna_usage {
	struct kref ref;
	u64 id;
	atomic64_t busy_ns[ETNA_PIPE_2D + 1];
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
 * @idx: MMUv1: its place in the indices' pool (the snapshot of the
 *	indices its draws were checked with), or none
 * @idx_charge: what it charged to @client's idx_bytes
 * @pid: the submitting process, for fault reports
 * @comm: its name
 * @hw_fence: signalled by the core's event, once running
 * @ran: it reached a core (counted in @client's jobs_ran)
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
	struct etna_pool_range idx;
	u64 idx_charge;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	struct dma_fence *hw_fence;
	bool ran;
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
 * @charged: its engine time is in @usage (the core's event_lock)
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
	bool charged;
	const void *client;
	pid_t pid;
	char comm[TASK_COMM_LEN];
};

static inline struct etna_hw_fence *to_etna_hw_fence(struct dma_fence *f)
{
	return container_of(f, struct etna_hw_fence, base);
}

#if IS_ENABLED(CONFIG_KUNIT)
bool etna_job_progressed(struct etna_job *job, u32 dma, u32 work);
#endif

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

/* etna_client.c */
struct etna_client *etna_client_create(void);
void etna_client_put(struct etna_client *client);
int etna_charge(struct etna_dev *edev, struct etna_client *client,
		atomic64_t *count, u64 n, u64 max, int err);

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

/* etna_fence.c */
struct etna_hw_fence *etna_hw_fence_alloc(struct etna_core *core,
					  struct etna_job *job);
void etna_hw_fence_init(struct etna_hw_fence *hf);
void etna_hw_fence_retire(struct etna_hw_fence *hf);
struct etna_usage *etna_usage_create(void);
void etna_usage_put(struct etna_usage *usage);
u64 etna_usage_busy_ns(struct etna_usage *usage, struct etna_dev *edev,
		       u32 pipe);
long etna_timeout_jiffies(const struct drm_etnaviv_timespec *ts);
int etna_ioctl_wait_fence(struct drm_device *drm, void *data,
			  struct drm_file *file);

#endif /* ETNA_JOB_H */
