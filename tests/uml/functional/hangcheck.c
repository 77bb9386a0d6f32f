// SPDX-License-Identifier: MIT
/*
 * functional: both ends of the hang check, from its own count of looks
 * (our debugfs gpu: "hang checks", "hang checks busy") and the model's
 * resets, not from the clock. A resolve of 3 s at a slowed core clock
 * (LONG_KHZ) is looked at and let run on at every look, never reset (not
 * early); a job whose FE is frozen is reset at the second look, the first
 * that has something to compare with (not late). Ours only: upstream
 * 6.1 counts no looks (its hang check resets the long resolve: long-rs).
 */
#include "functional.h"

#define JOB_MAX_MS	"/sys/module/etnaviv/parameters/job_max_ms"

long long core_stat(uint32_t pipe, const char *key)
{
	FILE *f = driver_debugfs("gpu");
	char line[160], want[16];
	size_t klen = strlen(key);
	long long v = -1;
	bool in = false;

	if (!f)
		return -1;
	snprintf(want, sizeof(want), "pipe %u:", pipe);
	while (fgets(line, sizeof(line), f)) {
		const char *s = line + strspn(line, " \t");

		if (!strncmp(line, "pipe ", 5))
			in = !strncmp(line, want, strlen(want));
		else if (in && !strncmp(s, key, klen) && s[klen] == ':')
			v = strtoll(s + klen + 1, NULL, 10);
	}
	fclose(f);
	return v;
}

struct looks {
	long long looks, busy, resets;
};

static struct looks looks_of(const struct engine *e)
{
	struct looks l = {
		core_stat(e->pipe, "hang checks"),
		core_stat(e->pipe, "hang checks busy"),
		resets_of(e),
	};

	return l;
}

/* Not early: a slow resolve, progressing all along, is never reset. */
static void hang_ends_slow(const struct engine *e, int fd, uint32_t bo)
{
	const char *en = engine_name(e);
	struct looks a, b;
	uint32_t fence;
	int ret, st, sync = -1;
	bool ok;

	a = looks_of(e);
	ret = rs_fill_submit(fd, e, bo, LONG_W, 0xff0000ffu, &fence, &sync);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 30 * SEC_NS);
	st = sync >= 0 ? sync_status(sync) : 0;
	b = looks_of(e);
	if (sync >= 0)
		close(sync);
	if (!ret && st == 1 && b.looks == a.looks) {
		printf("SKIP: func/hang-ends %s: a slow resolve is looked at "
		       "and let run on at every look, never reset: undecided: "
		       "it ended before the first look\n", en);
		return;
	}
	ok = (!ret && st == 1 && b.resets == a.resets &&
	      b.looks > a.looks && b.busy - a.busy == b.looks - a.looks) ||
	     fail("%s, sync file %s; %lld looks, %lld let it run on, "
		  "%lld resets", err_name(ret), status_name(st),
		  b.looks - a.looks, b.busy - a.busy, b.resets - a.resets);
	report(ok, "hang-ends %s: a slow resolve is looked at and let run on "
	       "at every look, never reset", en);
	info("hang-ends", "%s: the slow resolve: %lld looks", en,
	     b.looks - a.looks);
}

/* Not late: a wedged job is reset at its second look. */
static void hang_ends_wedged(const struct engine *e, int fd, uint32_t bo)
{
	const char *en = engine_name(e);
	struct looks a, b;
	uint32_t fence;
	int ret, st, sync = -1;
	bool ok;

	ret = engine_awake(fd, e, bo);
	a = looks_of(e);
	if (!ret)
		ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fence,
				 &sync);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 30 * SEC_NS);
	knob_set(e, "freeze", 0);
	st = sync >= 0 ? sync_status(sync) : 0;
	b = looks_of(e);
	if (sync >= 0)
		close(sync);
	ok = (!ret && st == -ECANCELED && b.resets == a.resets + 1 &&
	      b.looks - a.looks == 2 && b.busy - a.busy == 1) ||
	     fail("%s, sync file %s; %lld looks, %lld let it run on, "
		  "%lld resets; want 2, 1 (the first look), 1",
		  err_name(ret), status_name(st), b.looks - a.looks,
		  b.busy - a.busy, b.resets - a.resets);
	report(ok, "hang-ends %s: a wedged job is reset at its second look, "
	       "no later", en);
}

void test_hang_ends(const struct engine *e)
{
	const char *en = engine_name(e);
	long old_max = read_number(JOB_MAX_MS);
	long khz = knob_get(e, "clock_khz");
	int fd, ret;
	uint32_t bo = 0;

	if (is_upstream()) {
		info("hang-ends", "%s: not run on upstream: it counts no looks",
		     en);
		return;
	}
	fd = etna_open();
	/* as long-rs: a core with the BLT engine resolves with it */
	if (khz <= 0 || e->exec_state != ETNA_PIPE_3D || !fill_can(fd, e)) {
		info("hang-ends", "%s: not run: no resolve engine or no "
		     "clock_khz knob", en);
		close(fd);
		return;
	}
	ret = core_stat(e->pipe, "hang checks") < 0 ? -ENOENT : 0;
	if (!ret)
		ret = etna_gem_new(fd, (uint64_t)LONG_W * LONG_W * 4,
				   ETNA_BO_WC, &bo);
	/* the cap far above the job: only the hang check may end it */
	if (!ret)
		ret = write_number(JOB_MAX_MS, 60000);
	if (!ret)
		ret = knob_set(e, "clock_khz", LONG_KHZ);
	if (ret) {
		report(fail("setup: %s", err_name(ret)), "hang-ends %s: setup",
		       en);
		goto out;
	}
	gpu_power_hold(true);
	hang_ends_slow(e, fd, bo);
	knob_set(e, "clock_khz", khz);
	hang_ends_wedged(e, fd, bo);
out:
	knob_set(e, "clock_khz", khz);
	if (old_max >= 0)
		write_number(JOB_MAX_MS, old_max);
	if (bo)
		etna_gem_close(fd, bo);
	close(fd);
}
