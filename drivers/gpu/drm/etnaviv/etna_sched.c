// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Scheduling and the hang check
 *
 * Every core has a drm_gpu_scheduler, and every open file an entity on
 * each, so that one client's jobs run in the order it submitted them. The
 * scheduler lets hw_job_limit jobs (module parameter, as upstream's; at
 * most JOBS_IN_FLIGHT, fewer than the ring has events and room for) onto
 * a core's ring at once. run_job puts a job on the ring
 * (etna_ring.c) and hands back its hardware fence; free_job lets go of
 * what the job held once its fence has signalled.
 *
 * The hang check: a job that has not finished JOB_TIMEOUT_MS after it
 * started is looked at. A job that made progress since the last look at it
 * is busy, not hung (etna_job_progressed()): its FE moved, or an engine
 * worked. While the 2D engine, the resolve engine or a 3D draw works, the
 * FE waits at the command that started it, for as long as the operation
 * takes (seconds, for a large one); the engines' work counters
 * (etna_pm_work(): pixels and memory writes) move meanwhile. The job gets
 * another period, up to job_max_ms in all (a stream can keep the FE
 * crawling forward, 16 bytes per period, or an engine busy, and the core
 * with it). Otherwise the hung job is dumped (etna_dump.c), the core is
 * reset and its ring restarted (etna_core_recover()); the jobs in flight
 * fail, and the scheduler runs the innocent ones again, and the hung one
 * too while it has hung no more than job_hang_limit times (module
 * parameter, as upstream's: the scheduler's hang_limit; by default a hung
 * job is cancelled at once). A cancelled job's fence, and those of the
 * jobs its file queued behind it, signal -ECANCELED.
 *
 * An AXI bus error stops the FE for good: the interrupt handler starts
 * the same recovery at once (drm_sched_fault()), and the job that ran
 * signals -EIO instead.
 */
#include <kunit/visibility.h>
#include <linux/module.h>

#include "etna_core.h"
#include "etna_job.h"
#include "etna_perfmon.h"
#include "etna_regs.h"

/* a job takes one event: fewer than ETNA_NR_EVENTS, and fits the ring */
#define JOBS_IN_FLIGHT	16
static_assert(JOBS_IN_FLIGHT < ETNA_NR_EVENTS);
#define JOB_TIMEOUT_MS	500

static int etna_param_set_jobs(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 1, JOBS_IN_FLIGHT);
}

static const struct kernel_param_ops etna_param_jobs_ops = {
	.set = etna_param_set_jobs,
	.get = param_get_uint,
};

static unsigned int hw_job_limit = JOBS_IN_FLIGHT;
module_param_cb(hw_job_limit, &etna_param_jobs_ops, &hw_job_limit, 0444);
MODULE_PARM_DESC(hw_job_limit,
		 "Jobs on a core's ring at once (1-16, default 16)");

static unsigned int job_hang_limit;
module_param(job_hang_limit, uint, 0444);
MODULE_PARM_DESC(job_hang_limit,
		 "Times a hung job is run again after the reset (default 0)");

static unsigned int job_max_ms = 5000;
module_param(job_max_ms, uint, 0644);
MODULE_PARM_DESC(job_max_ms,
		 "Longest a job may run, even while the FE moves (ms; 0: no limit)");

static struct dma_fence *etna_sched_run_job(struct drm_sched_job *sj)
{
	struct etna_job *job = to_etna_job(sj);
	struct dma_fence *fence;

	/* a job left its entity's queue: a throttled submitter may go on */
	if (wq_has_sleeper(&job->core->queue_wq))
		wake_up_all(&job->core->queue_wq);
	/* cancelled by a hang recovery: do not run it again */
	if (sj->s_fence->finished.error)
		return NULL;
	/* the hang check's first look at this run compares with nothing */
	job->hang_seen = false;
	fence = etna_ring_run(job->core, job);
	if (IS_ERR(fence))
		return fence;
	dma_fence_put(job->hw_fence);
	job->hw_fence = dma_fence_get(fence);
	if (!job->ran && job->client) {
		job->ran = true;
		atomic_inc(&job->client->jobs_ran);
	}
	return fence;
}

/**
 * etna_job_progressed() - the hang check's look at a running job
 * @job: the job at the head of its core's queue
 * @dma: the FE's DMA address now
 * @work: the engines' work counters now (etna_pm_work())
 *
 * A job whose FE moved, or whose engines worked, since the last look at
 * this run of it is busy, not hung. In its WAIT/LINK loop the FE moves by
 * 8 bytes only: that is no progress. While an engine works (a 2D
 * operation, a resolve, a 3D draw), the FE waits at the command that
 * started it and only the work counters move; they count up modulo 2^32,
 * so any change is work. The first look at a run has nothing to compare
 * with: an address or a count seen in an earlier job (the same command
 * buffer at the same place) or in this job before a reset says nothing
 * about this run. Each look remembers both for the next one.
 *
 * Return: whether @job made progress since the last look.
 */
VISIBLE_IF_KUNIT bool etna_job_progressed(struct etna_job *job, u32 dma,
					  u32 work)
{
	bool moved = !job->hang_seen || abs((s64)dma - job->hang_dma) > 16 ||
		     work != job->hang_work;

	job->hang_dma = dma;
	job->hang_work = work;
	job->hang_seen = true;
	return moved;
}
EXPORT_SYMBOL_IF_KUNIT(etna_job_progressed);

static enum drm_gpu_sched_stat etna_sched_timedout_job(struct drm_sched_job *sj)
{
	struct etna_job *job = to_etna_job(sj);
	struct etna_core *core = job->core;
	struct drm_gpu_scheduler *sched = &core->sched;
	unsigned int max = READ_ONCE(job_max_ms);
	bool bus_error;
	u32 dma, work;

	if (job->hw_fence && dma_fence_is_signaled(job->hw_fence))
		goto still_running;
	bus_error = atomic_xchg(&core->axi_pending, 0);
	if (bus_error) {
		dev_err(core->dev, "AXI bus error in the job of %s[%d]\n",
			job->comm, job->pid);
		goto recover;
	}
	/* a core powered down moves not (its jobs hold it powered) */
	dma = job->hang_dma;
	work = job->hang_work;
	if (etna_power_get_if_on(core)) {
		/* an engine that worked is busy too, the FE waiting for it */
		dma = etna_read(core, ETNA_FE_DMA_ADDRESS);
		work = etna_pm_work(core);
		etna_power_put(core);
	}
	job->run_ms += JOB_TIMEOUT_MS;
	atomic_inc(&core->hang_looks);
	if (etna_job_progressed(job, dma, work)) {
		if (!max || job->run_ms < max) {
			atomic_inc(&core->hang_busy);
			goto still_running;
		}
		dev_err(core->dev, "job of %s[%d] ran for %u ms, the limit\n",
			job->comm, job->pid, job->run_ms);
	} else {
		/* neither moved: no engine works, and the FE is stuck */
		dev_err(core->dev, "job of %s[%d] hung at FE address 0x%08x\n",
			job->comm, job->pid, dma);
	}

recover:
	drm_sched_stop(sched, sj);
	drm_sched_increase_karma(sj);
	etna_dump_job(job);
	etna_core_recover(core);
	drm_sched_resubmit_jobs(sched);
	/*
	 * A cancelled job (not run again) is not signalled yet:
	 * drm_sched_start() signals it, with the bus error's errno.
	 */
	if (bus_error && sj->s_fence->finished.error)
		dma_fence_set_error(&sj->s_fence->finished, -EIO);
	drm_sched_start(sched, true);
	return DRM_GPU_SCHED_STAT_NOMINAL;

still_running:
	spin_lock(&sched->job_list_lock);
	list_add(&sj->list, &sched->pending_list);
	spin_unlock(&sched->job_list_lock);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static void etna_sched_free_job(struct drm_sched_job *sj)
{
	drm_sched_job_cleanup(sj);
	etna_job_free(to_etna_job(sj));
}

static const struct drm_sched_backend_ops etna_sched_ops = {
	.run_job = etna_sched_run_job,
	.timedout_job = etna_sched_timedout_job,
	.free_job = etna_sched_free_job,
};

/**
 * etna_sched_init() - give a started core its scheduler
 * @core: the core, from etna_core_init()
 *
 * Return: 0 or an error.
 */
int etna_sched_init(struct etna_core *core)
{
	const struct drm_sched_init_args args = {
		.ops = &etna_sched_ops,
		.credit_limit = hw_job_limit,
		.hang_limit = job_hang_limit,
		.timeout = msecs_to_jiffies(JOB_TIMEOUT_MS),
		.name = dev_name(core->dev),
		.dev = core->dev,
	};

	int ret;

	ret = drm_sched_init(&core->sched, &args);
	core->sched_ready = !ret;
	return ret;
}

/**
 * etna_sched_fini() - stop a core's scheduler, before the core stops
 * @core: the core; no file has an entity on it any more
 *
 * The jobs the core still has will not finish: their fences fail with
 * -ENODEV when etna_core_stop() cancels them; etna_sched_reap() frees them.
 */
void etna_sched_fini(struct etna_core *core)
{
	struct drm_gpu_scheduler *sched = &core->sched;
	struct drm_sched_job *sj;
	struct dma_fence *f;
	unsigned long flags;

	/* no more run_job, free_job or timeout from here */
	core->sched_ready = false;
	drm_sched_fini(sched);
	spin_lock(&sched->job_list_lock);
	list_for_each_entry(sj, &sched->pending_list, list) {
		f = &sj->s_fence->finished;
		/* under the fence's lock: it cannot signal meanwhile */
		spin_lock_irqsave(f->lock, flags);
		if (!test_bit(DMA_FENCE_FLAG_SIGNALED_BIT, &f->flags))
			dma_fence_set_error(f, -ENODEV);
		spin_unlock_irqrestore(f->lock, flags);
	}
	spin_unlock(&sched->job_list_lock);
}

/**
 * etna_sched_reap() - free the jobs a stopped scheduler leaves
 * @core: the core, stopped by etna_sched_fini() then etna_core_stop(): the
 *	hardware fences of its jobs have all signalled
 */
void etna_sched_reap(struct etna_core *core)
{
	struct drm_gpu_scheduler *sched = &core->sched;
	struct drm_sched_job *sj, *tmp;
	LIST_HEAD(done);

	spin_lock(&sched->job_list_lock);
	list_splice_init(&sched->pending_list, &done);
	spin_unlock(&sched->job_list_lock);
	list_for_each_entry_safe(sj, tmp, &done, list) {
		list_del_init(&sj->list);
		etna_sched_free_job(sj);
	}
}
