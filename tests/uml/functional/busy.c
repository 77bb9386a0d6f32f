// SPDX-License-Identifier: MIT
/*
 * functional: the engine time of fdinfo (drm-engine-3d, drm-engine-2d)
 * against the clock and against the work. The model's core clock is
 * slowed (debugfs clock_khz) until each job's engine time is known from
 * its work alone: a fill of P pixels (fill_op(), a pixel a cycle) lasts
 * at least P cycles of that clock, however loaded the host. Read around
 * a window of CLOCK_MONOTONIC:
 *  - a file's figure grows by no more than the window, also when the
 *    window begins in the middle of a job (the figure grows while the
 *    job runs, not all at once as it ends);
 *  - back-to-back jobs of one file: at least the sum of their engine
 *    time, and no more than it and a stated overhead a job;
 *  - jobs of two files interleaved on one core, while a third file's
 *    run on another core: each file's figure within the window, the
 *    core's files together at least their engine time, each file's
 *    share its own jobs' engine time (within the overhead).
 * Where the host stretched the jobs past the overhead, the last checks
 * cannot tell an accounting error from the host's load: they say SKIP
 * with the figures.
 */
#include "functional.h"

#define BUSY_KHZ	655		/* the core clock: 65536 pixels 100 ms */
#define BUSY_W		256		/* pixels a row */
#define BUSY_ROWS	256		/* of a job (the mid-job window: 4x) */
#define BUSY_JOBS	4
#define BUSY_JOB_NS	(15 * MS_NS)	/* overhead a job allowed */

struct busy_core {
	const struct engine *e;
	long khz;		/* its clock before the test */
};

/* The engine time of @px pixels at BUSY_KHZ (ns, rounded down). */
static uint64_t busy_engine_ns(uint64_t px)
{
	return px * 1000000ull / BUSY_KHZ;
}

/* The model's count of the pixels @e's fills drew. */
static long long busy_pixels(const struct engine *e)
{
	return stat_of(e, e->exec_state == ETNA_PIPE_2D ? "de_pixels" :
			  "rs_pixels");
}

/* A fill of @rows rows of BUSY_W pixels into @bo, its fence in *@fence. */
static int busy_fill(int fd, const struct engine *e, uint32_t bo,
		     uint32_t rows, uint32_t *fence)
{
	struct fill f = {
		.stride = BUSY_W * 4, .w = BUSY_W, .rows = rows,
		.value = 0xff000000u | rows,
	};

	return fill_submit(fd, e, bo, &f, fence, NULL);
}

/*
 * A window that begins in the middle of one job of 4 BUSY_ROWS rows (a
 * quarter of its pixels drawn, the model's count) and ends after its
 * fence: the figure grew before the job ended, and by no more than the
 * window.
 */
static void busy_mid_job(const struct engine *e, int fd, uint32_t bo)
{
	const char *en = engine_name(e), *k = engine_key(e);
	const long long px = 4ll * BUSY_ROWS * BUSY_W;
	long long b_start, b0, b1, px0, n = 0;
	uint64_t t0 = 0, t1;
	uint32_t fence = 0;
	int ret;
	bool ok, mid;

	drain(fd);
	b_start = fdinfo(fd, k, NULL, 0);
	px0 = busy_pixels(e);
	ret = busy_fill(fd, e, bo, 4 * BUSY_ROWS, &fence);
	/* the event: a quarter of the pixels drawn (at most 10 s) */
	t1 = etna_now_ns();
	while (!ret && (n = busy_pixels(e) - px0) < px / 4 &&
	       etna_now_ns() - t1 < 10 * SEC_NS)
		usleep(2000);
	t0 = etna_now_ns();
	b0 = fdinfo(fd, k, NULL, 0);
	/* still running after that read: the window began mid-job */
	mid = !ret && n >= px / 4 &&
	      etna_wait_fence(fd, e->pipe, fence, ETNA_WAIT_NONBLOCK, 0) ==
	      -EBUSY;
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	b1 = fdinfo(fd, k, NULL, 0);
	t1 = etna_now_ns();
	info("busy", "%s: %s %lld -> %lld (a quarter drawn) -> %lld ns, "
	     "the window %llu ns", en, k, b_start, b0, b1,
	     (unsigned long long)(t1 - t0));
	if (ret || b_start < 0) {
		report(fail("%s; %s %lld", err_name(ret), k, b_start),
		       "busy %s: a running job's time shows before it ends",
		       en);
		report(false, "busy %s: a window begun mid-job: the figure "
		       "grows by no more than the window", en);
		return;
	}
	if (!mid) {
		printf("SKIP: func/busy %s: a running job's time shows before "
		       "it ends: the job ended before it was seen running "
		       "(the host stalled this test)\n", en);
		printf("SKIP: func/busy %s: a window begun mid-job: the figure "
		       "grows by no more than the window: the job ended "
		       "before it was seen running (the host stalled this "
		       "test)\n", en);
		return;
	}
	ok = b0 > b_start || fail("%lld ns before the job, %lld with a "
				  "quarter of it done", b_start, b0);
	report(ok, "busy %s: a running job's time shows before it ends", en);
	ok = (uint64_t)(b1 - b0) <= t1 - t0 ||
	     fail("+%lld ns in a window of %llu ns", b1 - b0,
		  (unsigned long long)(t1 - t0));
	report(ok, "busy %s: a window begun mid-job: the figure grows by "
	       "no more than the window", en);
}

/* Whether @busy (ns) lies within [@work, @work + @n BUSY_JOB_NS]. */
static bool busy_near(long long busy, uint64_t work, unsigned int n)
{
	return busy >= 0 && (uint64_t)busy >= work &&
	       (uint64_t)busy <= work + n * BUSY_JOB_NS;
}

/* BUSY_JOBS fills of BUSY_ROWS rows of one file, submitted at once. */
static void busy_back_to_back(const struct engine *e, int fd, uint32_t bo)
{
	const char *en = engine_name(e), *k = engine_key(e);
	const uint64_t work = BUSY_JOBS * busy_engine_ns(BUSY_ROWS * BUSY_W);
	long long b0, b1, px0, px;
	uint64_t t0, t;
	uint32_t fence = 0;
	unsigned int i;
	int ret = 0;
	bool ok;

	drain(fd);
	px0 = busy_pixels(e);
	t0 = etna_now_ns();
	b0 = fdinfo(fd, k, NULL, 0);
	for (i = 0; !ret && i < BUSY_JOBS; i++)
		ret = busy_fill(fd, e, bo, BUSY_ROWS, &fence);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	b1 = fdinfo(fd, k, NULL, 0);
	t = etna_now_ns() - t0;
	px = busy_pixels(e) - px0;
	info("busy", "%s: %u jobs back to back, %lld pixels: %lld ns busy, "
	     "%llu ns of engine time, in %llu ns", en, BUSY_JOBS, px,
	     b1 - b0, (unsigned long long)work, (unsigned long long)t);
	ok = (!ret && b0 >= 0 && px == BUSY_JOBS * BUSY_ROWS * BUSY_W) ||
	     fail("%s; %lld pixels drawn, %s %lld", err_name(ret), px, k,
		  b0);
	ok = ok && ((uint64_t)(b1 - b0) <= t ||
		    fail("%lld ns busy in %llu ns", b1 - b0,
			 (unsigned long long)t));
	report(ok, "busy %s: back-to-back jobs: busy no more than the time "
	       "they took", en);
	if (!ok) {
		report(false, "busy %s: back-to-back jobs: busy their engine "
		       "time, within %llu ms a job", en, BUSY_JOB_NS / MS_NS);
		return;
	}
	/*
	 * Above the overhead: undecided where the jobs took as long by the
	 * clock too (the host stretched them, not the accounting).
	 */
	ok = busy_near(b1 - b0, work, BUSY_JOBS);
	if (!ok && (uint64_t)(b1 - b0) >= work &&
	    t > work + BUSY_JOBS * BUSY_JOB_NS)
		printf("SKIP: func/busy %s: back-to-back jobs: busy their "
		       "engine time, within %llu ms a job: %lld ns busy for "
		       "%llu ns of engine time, but the jobs took %llu ns "
		       "(the host stretched them)\n", en,
		       BUSY_JOB_NS / MS_NS, b1 - b0, (unsigned long long)work,
		       (unsigned long long)t);
	else
		report(ok || fail("%lld ns busy for %llu ns of engine time, "
				  "in %llu ns", b1 - b0,
				  (unsigned long long)work,
				  (unsigned long long)t),
		       "busy %s: back-to-back jobs: busy their engine time, "
		       "within %llu ms a job", en, BUSY_JOB_NS / MS_NS);
}

/*
 * Files A and B interleave their jobs on @x (A's of BUSY_ROWS rows, B's
 * of half as many: a share given to the wrong file shows), file C runs
 * its own on @y (another core; NULL: none) at the same time.
 */
static void busy_files(const struct engine *x, const struct engine *y)
{
	const char *kx = engine_key(x);
	int fd[3] = { etna_open(), etna_open(), etna_open() }, ret = 0;
	const struct engine *on[3] = { x, x, y };
	const uint32_t rows[3] = { BUSY_ROWS, BUSY_ROWS / 2, BUSY_ROWS };
	uint64_t work[3], cwork[2], hi[2], t0, t;
	long long b0[3], d[3], core[2];
	uint32_t bo[3] = { 0 }, fence[3] = { 0 };
	unsigned int i, f, nf = y ? 3 : 2;
	bool ok;
	char name[64];

	snprintf(name, sizeof(name), "%s%s%s", engine_name(x), y ? "+" : "",
		 y ? engine_name(y) : "");
	for (f = 0; f < nf; f++) {
		work[f] = BUSY_JOBS * busy_engine_ns(rows[f] * BUSY_W);
		if (!ret)
			ret = etna_gem_new(fd[f], BUSY_ROWS * BUSY_W * 4,
					   ETNA_BO_WC, &bo[f]);
		drain(fd[f]);
	}
	t0 = etna_now_ns();
	for (f = 0; f < nf; f++)
		b0[f] = fdinfo(fd[f], engine_key(on[f]), NULL, 0);
	for (i = 0; !ret && i < BUSY_JOBS; i++)
		for (f = 0; !ret && f < nf; f++)
			ret = busy_fill(fd[f], on[f], bo[f], rows[f],
					&fence[f]);
	for (f = 0; !ret && f < nf; f++)
		ret = etna_wait_fence(fd[f], on[f]->pipe, fence[f], 0,
				      10 * SEC_NS);
	for (f = 0; f < nf; f++)
		d[f] = fdinfo(fd[f], engine_key(on[f]), NULL, 0) - b0[f];
	t = etna_now_ns() - t0;
	info("busy", "%s: files A and B on %s%s: busy %lld and %lld ns of "
	     "%llu and %llu ns engine time, C %lld ns of %llu, in %llu ns",
	     name, kx, y ? ", C on the other core" : " (no other core)",
	     d[0], d[1], (unsigned long long)work[0],
	     (unsigned long long)work[1], y ? d[2] : 0,
	     (unsigned long long)(y ? work[2] : 0), (unsigned long long)t);

	ok = !ret || fail("%s", err_name(ret));
	for (f = 0; ok && f < nf; f++)
		ok = (b0[f] >= 0 && d[f] >= 0 && (uint64_t)d[f] <= t) ||
		     fail("file %c: %lld ns busy in %llu ns", 'A' + f, d[f],
			  (unsigned long long)t);
	report(ok, "busy %s: each file's figure grows by no more than the "
	       "window", name);
	/* the core's files together: every job's engine time, at least */
	ok = ok && (((uint64_t)(d[0] + d[1]) >= work[0] + work[1] &&
		     (uint64_t)(d[0] + d[1]) <= t) ||
		    fail("files A and B: %lld ns busy, %llu ns of engine "
			 "time, in %llu ns", d[0] + d[1],
			 (unsigned long long)(work[0] + work[1]),
			 (unsigned long long)t));
	report(ok, "busy %s: the files of one core together: their jobs' "
	       "engine time at least, the window at most", name);
	if (!ok) {
		report(false, "busy %s: each file's share is its own jobs' "
		       "engine time, within %llu ms a job", name,
		       BUSY_JOB_NS / MS_NS);
		goto out;
	}
	/*
	 * Each share: undecided where the files of its core together took
	 * longer than their engine time and the overhead (the host may have
	 * moved one job's waits into the next one's interval), decided
	 * otherwise.
	 */
	cwork[0] = work[0] + work[1];
	cwork[1] = y ? work[2] : 0;
	hi[0] = cwork[0] + 2 * BUSY_JOBS * BUSY_JOB_NS;
	hi[1] = cwork[1] + BUSY_JOBS * BUSY_JOB_NS;
	core[0] = d[0] + d[1];
	core[1] = y ? d[2] : 0;
	ok = true;
	for (f = 0; f < nf; f++) {
		if (busy_near(d[f], work[f], BUSY_JOBS))
			continue;
		if ((uint64_t)core[f / 2] > hi[f / 2]) {
			printf("SKIP: func/busy %s: each file's share is its "
			       "own jobs' engine time, within %llu ms a job: "
			       "file %c %lld ns busy for %llu ns of engine "
			       "time, but its core's files %lld ns for %llu "
			       "(the host stretched the jobs)\n", name,
			       BUSY_JOB_NS / MS_NS, 'A' + f, d[f],
			       (unsigned long long)work[f], core[f / 2],
			       (unsigned long long)cwork[f / 2]);
			goto out;
		}
		ok = ok && fail("file %c: %lld ns busy for %llu ns of engine "
				"time (%u jobs of %llu ns)", 'A' + f, d[f],
				(unsigned long long)work[f], BUSY_JOBS,
				(unsigned long long)(work[f] / BUSY_JOBS));
	}
	report(ok, "busy %s: each file's share is its own jobs' engine "
	       "time, within %llu ms a job", name, BUSY_JOB_NS / MS_NS);
out:
	for (f = 0; f < 3; f++) {
		if (bo[f])
			etna_gem_close(fd[f], bo[f]);
		close(fd[f]);
	}
}

void test_busy(void)
{
	struct busy_core c[MAX_ENGINES];
	const struct engine *x = NULL, *y = NULL;
	unsigned int i, n = 0;
	int fd = etna_open(), ret = 0;
	uint32_t bo = 0;

	if (fdinfo(fd, "drm-engine-3d", NULL, 0) < 0 &&
	    fdinfo(fd, "drm-engine-2d", NULL, 0) < 0) {
		info("busy", "no drm-engine figures in fdinfo (driver %s)",
		     driver_name());
		close(fd);
		return;
	}
	/* every engine with a fill, its core's clock slowed */
	for (i = 0; i < nr_engines; i++) {
		const struct engine *e = &engines[i];
		long khz = knob_get(e, "clock_khz");

		if (!fill_can(fd, e) || khz <= 0) {
			info("busy", "%s: not run: %s", engine_name(e),
			     khz <= 0 ? "no clock_khz knob" :
			     "no fill this test knows (a BLT core)");
			continue;
		}
		c[n].e = e;
		c[n].khz = khz;
		ret = ret ? ret : knob_set(e, "clock_khz", BUSY_KHZ);
		n++;
	}
	if (!n)
		goto out;
	if (!ret)
		ret = etna_gem_new(fd, 4 * BUSY_ROWS * BUSY_W * 4, ETNA_BO_WC,
				   &bo);
	report(!ret || fail("%s", err_name(ret)), "busy: the cores' clock at "
	       "%u kHz, a buffer of %u KiB", BUSY_KHZ,
	       4 * BUSY_ROWS * BUSY_W * 4 / 1024);
	if (ret)
		goto out;
	for (i = 0; i < n; i++) {
		busy_mid_job(c[i].e, fd, bo);
		busy_back_to_back(c[i].e, fd, bo);
	}
	/* two files on the first engine, a third on another core's */
	x = c[0].e;
	for (i = 1; i < n && !y; i++)
		if (c[i].e->pipe != x->pipe)
			y = c[i].e;
	busy_files(x, y);
out:
	/* backwards: two engines of one core saved its clock twice */
	for (i = n; i--;)
		knob_set(c[i].e, "clock_khz", c[i].khz);
	if (bo)
		etna_gem_close(fd, bo);
	close(fd);
}
