// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Fences
 *
 * A job has two fences. Its hardware fence (struct etna_hw_fence) is
 * signalled from the interrupt of the event the ring raises once the job
 * is done (etna_ring.c); it also knows the job's finished fence and who
 * submitted the job, so that an MMU fault can be reported against the job
 * and fail it. The hardware fences of a core share one context and are
 * numbered in the order of the ring, under the core's hw_lock.
 *
 * Engine time: each open file has a struct etna_usage, which its jobs and
 * their hardware fences hold. The FE runs a core's jobs in ring order, so
 * a core's time divides into intervals, each charged to one job: from
 * the job's start on the ring, or from the end of the previous interval
 * if that came later, until its hardware fence signals (or is failed by
 * a reset). The events of several jobs can come in one interrupt, taken
 * in the order of their numbers, not of the ring; but a job whose event
 * came is done, and so is every job before it on the ring: the interval
 * goes to the oldest job of the core not charged yet, and the others
 * done with it have none. The intervals never overlap: the sum over the
 * files is the time the engine was busy, and no file's share grows
 * faster than the clock. fdinfo shows it as drm-engine-3d/-2d, with the
 * interval of the job running now so far (etna_usage_busy_ns()): the
 * figure grows while a long job runs, not all at once as it ends.
 *
 * What user space sees is the scheduler's finished fence: as a sync file,
 * in the buffers' dma_resv, or by the id GEM_SUBMIT returned, which
 * WAIT_FENCE looks up in the core's user_fences. Timeouts of the UAPI are
 * absolute CLOCK_MONOTONIC times.
 */
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <drm/drm_file.h>

#include "etna_core.h"
#include "etna_drv.h"
#include "etna_job.h"

static DEFINE_SPINLOCK(etna_fence_lock);

static const char *etna_fence_driver_name(struct dma_fence *f)
{
	return "etnaviv";
}

static const char *etna_fence_timeline_name(struct dma_fence *f)
{
	return dev_name(to_etna_hw_fence(f)->core->dev);
}

static void etna_hw_fence_release(struct dma_fence *f)
{
	struct etna_hw_fence *hf = to_etna_hw_fence(f);

	dma_fence_put(hf->finished);
	etna_usage_put(hf->usage);
	dma_fence_free(f);
}

static const struct dma_fence_ops etna_hw_fence_ops = {
	.get_driver_name = etna_fence_driver_name,
	.get_timeline_name = etna_fence_timeline_name,
	.release = etna_hw_fence_release,
};

/**
 * etna_hw_fence_alloc() - a hardware fence for a job, not yet initialised
 * @core: where the job runs
 * @job: the job, armed
 *
 * Return: the fence, to be initialised by etna_hw_fence_init(), or NULL.
 */
struct etna_hw_fence *etna_hw_fence_alloc(struct etna_core *core,
					  struct etna_job *job)
{
	struct etna_hw_fence *hf;

	hf = kzalloc(sizeof(*hf), GFP_KERNEL);
	if (!hf)
		return NULL;
	hf->core = core;
	hf->finished = dma_fence_get(&job->base.s_fence->finished);
	if (job->usage) {
		kref_get(&job->usage->ref);
		hf->usage = job->usage;
	}
	hf->exec_state = job->exec_state;
	hf->client = job->client;
	hf->pid = job->pid;
	memcpy(hf->comm, job->comm, sizeof(hf->comm));
	return hf;
}

/**
 * etna_hw_fence_init() - give a hardware fence the core's next number
 * @hf: the fence from etna_hw_fence_alloc()
 *
 * Called with the core's hw_lock held, as the job goes on the ring. From
 * here on the fence is freed by its last dma_fence_put().
 */
void etna_hw_fence_init(struct etna_hw_fence *hf)
{
	struct etna_core *core = hf->core;

	lockdep_assert_held(&core->hw_lock);
	dma_fence_init(&hf->base, &etna_hw_fence_ops, &etna_fence_lock,
		       core->fence_ctx, ++core->fence_seq);
	hf->start_ns = ktime_get_ns();
}

/*
 * The oldest hardware fence of @core not charged yet, among those in the
 * event table and @hf (which its caller has taken out of it); NULL if
 * there is none. With the core's event_lock held.
 */
static struct etna_hw_fence *etna_busy_oldest(struct etna_core *core,
					      struct etna_hw_fence *hf)
{
	struct etna_hw_fence *old = hf && !hf->charged ? hf : NULL, *f;
	unsigned int ev;

	lockdep_assert_held(&core->event_lock);
	for (ev = 0; ev < ARRAY_SIZE(core->event_fence); ev++) {
		if (!core->event_fence[ev])
			continue;
		f = to_etna_hw_fence(core->event_fence[ev]);
		if (!f->charged && (!old || f->base.seqno < old->base.seqno))
			old = f;
	}
	return old;
}

/* The interval of @hf, the oldest job of its core not charged, until @now. */
static u64 etna_busy_interval(const struct etna_hw_fence *hf, u64 now)
{
	u64 begin = max(hf->start_ns, hf->core->busy_until);

	return now > begin ? now - begin : 0;
}

static bool etna_busy_counts(const struct etna_hw_fence *hf)
{
	return hf->usage && hf->exec_state < ARRAY_SIZE(hf->usage->busy_ns);
}

/**
 * etna_hw_fence_retire() - a job's hardware fence is about to signal
 * @hf: the fence, about to be signalled (or failed)
 *
 * Counts the engine time of the job and of the jobs before it on the
 * ring (see DOC: Fences), and lets go of its finished fence: no fault
 * can be charged to the job any more, and the finished fence holds this
 * one (as its parent) until it is released itself, so keeping it would
 * make a cycle that frees neither. Called with the core's event_lock
 * held, @hf no longer in the core's event table.
 */
void etna_hw_fence_retire(struct etna_hw_fence *hf)
{
	struct etna_core *core = hf->core;
	struct etna_hw_fence *old;
	u64 now = ktime_get_ns();

	lockdep_assert_held(&core->event_lock);
	while ((old = etna_busy_oldest(core, hf)) &&
	       old->base.seqno <= hf->base.seqno) {
		if (etna_busy_counts(old))
			atomic64_add(etna_busy_interval(old, now),
				     &old->usage->busy_ns[old->exec_state]);
		old->charged = true;
		core->busy_until = max(now, core->busy_until);
	}
	dma_fence_put(hf->finished);
	hf->finished = NULL;
}

/*
 * The interval so far of @usage's job on @core for the engine @pipe, if
 * it is the oldest job there not charged yet: what its fence will add
 * when it signals, so far.
 */
static u64 etna_usage_running(struct etna_usage *usage,
			      struct etna_core *core, u32 pipe)
{
	struct etna_hw_fence *old;
	unsigned long flags;
	u64 ns = 0;

	spin_lock_irqsave(&core->event_lock, flags);
	old = etna_busy_oldest(core, NULL);
	if (old && old->usage == usage && old->exec_state == pipe)
		ns = etna_busy_interval(old, ktime_get_ns());
	spin_unlock_irqrestore(&core->event_lock, flags);
	return ns;
}

/**
 * etna_usage_busy_ns() - a file's engine time, for fdinfo
 * @usage: the file's counters
 * @edev: the device
 * @pipe: the engine (ETNA_PIPE_*)
 *
 * The jobs done, and the one running now so far (etna_usage_running()).
 * Read again if a fence was charged meanwhile, so that the figure never
 * goes back. Inside drm_dev_enter(): unbind clears the cores only once
 * the device is unplugged.
 *
 * Return: nanoseconds.
 */
u64 etna_usage_busy_ns(struct etna_usage *usage, struct etna_dev *edev,
		       u32 pipe)
{
	struct etna_core *core;
	unsigned int i;
	u64 done, ns;

	if (pipe >= ARRAY_SIZE(usage->busy_ns))
		return 0;
	do {
		done = atomic64_read(&usage->busy_ns[pipe]);
		ns = done;
		for (i = 0; i < edev->nr_cores; i++) {
			core = edev->cores[i];
			if (core)
				ns += etna_usage_running(usage, core, pipe);
		}
	} while (atomic64_read(&usage->busy_ns[pipe]) != done);
	return ns;
}

/**
 * etna_usage_create() - the engine-time counters of a new file
 *
 * Return: them, with one reference and a new client id, or NULL.
 */
struct etna_usage *etna_usage_create(void)
{
	static atomic64_t next_id = ATOMIC64_INIT(0);
	struct etna_usage *usage = kzalloc(sizeof(*usage), GFP_KERNEL);

	if (!usage)
		return NULL;
	kref_init(&usage->ref);
	usage->id = atomic64_inc_return(&next_id);
	return usage;
}

static void etna_usage_release(struct kref *ref)
{
	kfree(container_of(ref, struct etna_usage, ref));
}

/**
 * etna_usage_put() - drop a reference to a file's engine-time counters
 * @usage: them, or NULL
 *
 * May be called from any context (a fence's release).
 */
void etna_usage_put(struct etna_usage *usage)
{
	if (usage)
		kref_put(&usage->ref, etna_usage_release);
}

/*
 * A UAPI timeout as a ktime: the time tv_sec s + tv_nsec ns, whatever the
 * sign and size of tv_nsec, saturated to [0, KTIME_MAX].
 */
static ktime_t etna_timeout_ktime(const struct drm_etnaviv_timespec *ts)
{
	s32 rem;
	s64 sec = div_s64_rem(ts->tv_nsec, NSEC_PER_SEC, &rem);

	if (rem < 0) {
		sec--;
		rem += NSEC_PER_SEC;
	}
	if (check_add_overflow(sec, ts->tv_sec, &sec))
		return ts->tv_sec > 0 ? KTIME_MAX : 0;
	if (sec < 0)
		return 0;
	return ktime_set(sec, rem);
}

/**
 * etna_timeout_jiffies() - turn a UAPI timeout into a relative one
 * @ts: absolute CLOCK_MONOTONIC time
 *
 * The time is tv_sec seconds plus tv_nsec nanoseconds, tv_nsec need not
 * lie within a second: libdrm's etnaviv (2.4.114 and the releases around
 * it, get_abs_timeout() in etnaviv_priv.h) multiplies the timeout's
 * whole seconds by 10^9 in 32 bits, so for a timeout of 5 s or more
 * (CPU_PREP always asks for 5 s) tv_nsec carries multiples of 2^32 ns,
 * and for an infinite one (UINT64_MAX ns) it is negative. Linux 6.1
 * takes such times as they come (it normalises the difference to now),
 * and so do we: a real client's timeout is never refused.
 *
 * Return: jiffies from now until @ts, 0 if it has passed.
 */
long etna_timeout_jiffies(const struct drm_etnaviv_timespec *ts)
{
	ktime_t left = ktime_sub(etna_timeout_ktime(ts), ktime_get());

	if (left <= 0)
		return 0;
	return min_t(u64, nsecs_to_jiffies64(ktime_to_ns(left)) + 1,
		     MAX_SCHEDULE_TIMEOUT - 1);
}

int etna_ioctl_wait_fence(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	struct drm_etnaviv_wait_fence *args = data;
	struct dma_fence *fence;
	struct etna_core *core;
	long ret;
	int err;

	if (args->flags & ~ETNA_WAIT_NONBLOCK)
		return -EINVAL;
	core = etna_pipe(drm, args->pipe, &err);
	if (!core)
		return err;

	rcu_read_lock();
	fence = xa_load(&core->user_fences, args->fence);
	if (fence)
		fence = dma_fence_get_rcu(fence);
	rcu_read_unlock();
	if (!fence)
		return 0;	/* retired long ago, or never existed */

	if (args->flags & ETNA_WAIT_NONBLOCK)
		ret = dma_fence_is_signaled(fence) ? 1 : -EBUSY;
	else
		ret = dma_fence_wait_timeout(fence, true,
					     etna_timeout_jiffies(&args->timeout));
	dma_fence_put(fence);
	if (!ret)
		return -ETIMEDOUT;
	return ret < 0 ? ret : 0;
}
