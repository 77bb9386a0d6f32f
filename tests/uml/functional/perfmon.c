// SPDX-License-Identifier: MIT
/*
 * functional: jobs with perfmon requests queued behind a long job. A job
 * with perfmon requests stops the FE before and after it; with the
 * scheduler's 16 jobs in flight it must still get what it needs to run
 * (our driver once gave such a job two of the core's 30 events, and the
 * 16th job on the ring failed at once, its samples never written).
 */
#include "functional.h"

#define QUEUE_JOBS	15
#define QUEUE_ROWS	256	/* LONG_W x 256 pixels: 1.5 s at LONG_KHZ */
#define SENTINEL	0xdeadbeefu
/* Linux 6.1's lists: domain HI is the 3D list's first, TOTAL_CYCLES its
 * third signal */
#define DOM_HI		0
#define SIG_TOTAL_CYCLES 2

struct pm_job {
	uint32_t bo, fence;
	uint32_t *w;	/* the buffer: word 0 the sequence, 1 pre, 2 post */
	int sync;
};

/* A job of NOPs on @e with a pre and a post sample into @j's buffer. */
static int pm_submit(int fd, const struct engine *e, struct pm_job *j,
		     uint32_t seq)
{
	static const uint32_t nops[] = {
		ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0,
		ETNA_CMD_NOP, 0,
	};
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = j->bo,
	};
	struct drm_etnaviv_gem_submit_pmr p[2] = {
		{ .flags = ETNA_PM_PROCESS_PRE, .domain = DOM_HI,
		  .signal = SIG_TOTAL_CYCLES, .sequence = seq,
		  .read_offset = 1 },
		{ .flags = ETNA_PM_PROCESS_POST, .domain = DOM_HI,
		  .signal = SIG_TOTAL_CYCLES, .sequence = seq,
		  .read_offset = 2 },
	};
	struct job job = {
		.s = nops, .words = ARRAY_SIZE(nops), .bos = &sbo,
		.nr_bos = 1, .pmrs = p, .nr_pmrs = 2, .in_fd = -1,
	};

	j->fence = 0;
	return submit_stream(fd, e, &job, &j->fence, &j->sync);
}

/*
 * A resolve of 1.5 s (a pixel a cycle at LONG_KHZ) on a 3D core, and
 * behind it, from another file, QUEUE_JOBS jobs with a pre and a post
 * request each: all of them are on the ring at once with the long job
 * (hw_job_limit 16: ours). Each must complete without error, its samples
 * and its sequence written. The long job is not a hang for ours (its
 * memory writes move); upstream 6.1 resets the core after a second and
 * runs the perfmon jobs again (recorded).
 */
void test_perfmon_queue(const struct engine *e)
{
	const char *en = engine_name(e);
	long khz = knob_get(e, "clock_khz");
	struct pm_job jobs[QUEUE_JOBS];
	int fdl = etna_open(), fdp = etna_open(), ret, st, lsync = -1;
	uint32_t lbo = 0, lfence, i, bad = 0;
	uint64_t off;
	char what[160] = "";
	bool ok;

	memset(jobs, 0, sizeof(jobs));
	for (i = 0; i < QUEUE_JOBS; i++)
		jobs[i].sync = -1;
	if (khz <= 0) {
		info("perfmon-queue", "%s: the model has no clock_khz knob", en);
		goto out;
	}
	/* the long job is a resolve, which a BLT core does with its BLT */
	if (!fill_can(fdl, e)) {
		info("perfmon-queue", "%s: not run: the core has the BLT engine",
		     en);
		goto out;
	}
	ret = etna_gem_new(fdl, (uint64_t)LONG_W * QUEUE_ROWS * 4, ETNA_BO_WC,
			   &lbo);
	for (i = 0; !ret && i < QUEUE_JOBS; i++) {
		ret = etna_gem_new(fdp, 4096, ETNA_BO_WC, &jobs[i].bo);
		if (!ret)
			ret = etna_gem_info(fdp, jobs[i].bo, &off);
		jobs[i].w = ret ? NULL : map_fd(fdp, off, 4096);
		if (!ret && !jobs[i].w)
			ret = -ENOMEM;
		if (!ret)
			for (int k = 0; k < 4; k++)
				jobs[i].w[k] = SENTINEL;
	}
	if (!ret)
		ret = knob_set(e, "clock_khz", LONG_KHZ);
	ok = !ret || fail("setup: %s", err_name(ret));
	report(ok, "perfmon-queue %s: %u sample buffers, the core clock at "
	       "%u kHz", en, QUEUE_JOBS, LONG_KHZ);
	if (!ok)
		goto out;

	ret = rs_fill_submit(fdl, e, lbo, QUEUE_ROWS, 0xff336699u, &lfence,
			     &lsync);
	for (i = 0; !ret && i < QUEUE_JOBS; i++)
		ret = pm_submit(fdp, e, &jobs[i], 0x9e000000u + i);
	ok = !ret || fail("submit %u: %s", i, err_name(ret));
	report(ok, "perfmon-queue %s: a 1.5 s resolve, then %u perfmon jobs "
	       "from another file", en, QUEUE_JOBS);
	if (!ok)
		goto out;

	for (i = 0; i < QUEUE_JOBS; i++) {
		struct pm_job *j = &jobs[i];

		ret = etna_wait_fence(fdp, e->pipe, j->fence, 0, 20 * SEC_NS);
		st = sync_status(j->sync);
		if (!ret && st == 1 && j->w[0] == 0x9e000000u + i &&
		    j->w[1] != SENTINEL && j->w[2] != SENTINEL &&
		    j->w[3] == SENTINEL)
			continue;
		if (!bad++)
			snprintf(what, sizeof(what), "job %u: %s, sync file %s, "
				 "words 0x%08x 0x%08x 0x%08x 0x%08x", i,
				 err_name(ret), status_name(st), j->w[0],
				 j->w[1], j->w[2], j->w[3]);
	}
	ok = !bad || fail("%u of %u jobs without their samples; first, %s",
			  bad, QUEUE_JOBS, what);
	report(ok, "perfmon-queue %s: every perfmon job completes, its samples "
	       "and sequence written", en);

	ret = etna_wait_fence(fdl, e->pipe, lfence, 0, 20 * SEC_NS);
	st = sync_status(lsync);
	info("perfmon-queue", "%s: the long resolve: %s, sync file %s", en,
	     err_name(ret), status_name(st));
	if (!is_upstream()) {
		ok = (!ret && st == 1) ||
		     fail("%s, sync file %s", err_name(ret), status_name(st));
		report(ok, "perfmon-queue %s: the long resolve completes", en);
	}
out:
	if (khz > 0)
		knob_set(e, "clock_khz", khz);
	for (i = 0; i < QUEUE_JOBS; i++) {
		if (jobs[i].sync >= 0)
			close(jobs[i].sync);
		if (jobs[i].w)
			munmap(jobs[i].w, 4096);
	}
	if (lsync >= 0)
		close(lsync);
	close(fdl);
	close(fdp);
}
