// SPDX-License-Identifier: MIT
/*
 * functional: recovery from a hung core, from a process exiting with jobs
 * in flight and from an AXI bus error; the longest a job may run, and a
 * 2D operation longer than the hang timeout that is not a hang
 */
#include "functional.h"
#include "etnaviv.h"
#include "etnaviv_2d.h"

/* ------------------------------------------------------------------ */
/* 5. Hang recovery */

void test_hang(const struct engine *e)
{
	const char *en = engine_name(e);
	uint32_t bo, fa, fa2, fb, fc = 0;
	int fd = etna_open(), fdc = etna_open(), sa = -1, sa2 = -1, sb = -1,
	    sc = -1, ret, st;
	const struct engine *other = NULL;
	unsigned int i;
	long long resets0, resets1, looks0, busy0;
	uint64_t t0, t;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "hang %s: setup", en);
		close(fd);
		return;
	}
	drain(fd);
	resets0 = resets_of(e);
	looks0 = core_stat(e->pipe, "hang checks");
	busy0 = core_stat(e->pipe, "hang checks busy");
	ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fa, &sa);
	if (!ret)
		ret = submit_job(fd, e, 0, 0, 0, &fa2, &sa2);
	if (!ret)
		ret = submit_job(fdc, e, 0, 0, 0, &fc, &sc);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "hang %s: freeze the FE, submit job A and A2, and C from "
	       "another file", en);
	if (!ok)
		goto out;

	for (i = 0; i < nr_engines; i++)
		if (engines[i].pipe != e->pipe)
			other = &engines[i];
	/*
	 * The other core's job ends while job A is still held: decided by
	 * events, not by the clock. A host that stalls this test past the
	 * hang check's two looks (1 s) leaves it undecided.
	 */
	if (other) {
		uint32_t fo;
		int held;

		ret = submit_job(fdc, other, 0, 0, 0, &fo, NULL);
		if (!ret)
			ret = etna_wait_fence(fdc, other->pipe, fo, 0,
					      10 * SEC_NS);
		held = etna_wait_fence(fd, e->pipe, fa, ETNA_WAIT_NONBLOCK, 0);
		if (!ret && held != -EBUSY) {
			printf("SKIP: func/hang %s: %s keeps running "
			       "meanwhile: undecided: job A was recovered "
			       "first (WAIT_FENCE %s)\n", en,
			       engine_name(other), err_name(held));
		} else {
			ok = (!ret && held == -EBUSY) ||
			     fail("%s, job A %s", err_name(ret),
				  err_name(held));
			report(ok, "hang %s: %s keeps running meanwhile", en,
			       engine_name(other));
		}
	}

	/*
	 * Ours counts the hang check's looks (debugfs gpu): the first lets
	 * the job run on (nothing to compare with), the second finds it
	 * hung, not later. Upstream counts none: its fence must signal.
	 */
	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa, 0, 30 * SEC_NS);
	t = etna_now_ns() - t0;
	if (looks0 >= 0) {
		long long looks = core_stat(e->pipe, "hang checks") - looks0;
		long long busy = core_stat(e->pipe, "hang checks busy") -
				 busy0;

		ok = (!ret && looks == 2 && busy == 1) ||
		     fail("WAIT_FENCE on A: %s; %lld looks, %lld let it run "
			  "on, want 2 and 1", err_name(ret), looks, busy);
	} else {
		ok = !ret || fail("WAIT_FENCE on A returned %s",
				  err_name(ret));
	}
	report(ok, "hang %s: job A's fence signals once the hang check finds "
	       "it hung (ours: at its second look)", en);
	info("hang", "%s: WAIT_FENCE on hung job A returned %s after %.3f s",
	     en, err_name(ret), secs(t));

	resets1 = resets_of(e);
	ok = resets1 > resets0 ||
	     fail("model resets %lld -> %lld", resets0, resets1);
	report(ok, "hang %s: the core was reset", en);
	ret = knob_get(e, "freeze");
	ok = ret == 0 || fail("freeze reads %d", ret);
	report(ok, "hang %s: freeze is back to 0", en);

	/* both drivers: the guilty job is cancelled */
	st = sync_status(sa);
	ok = st == -ECANCELED ||
	     fail("status %s, want -ECANCELED", status_name(st));
	report(ok, "hang %s: job A's sync file reports ECANCELED", en);

	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa2, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	ok = !ret || fail("WAIT_FENCE returned %s after %.3f s",
			  err_name(ret), secs(t));
	report(ok, "hang %s: job A2 queued behind A signals", en);
	/*
	 * The scheduler cancels what the guilty job's file queued behind it
	 * (drm_sched_resubmit_jobs() with the guilty context): both drivers.
	 */
	st = sync_status(sa2);
	ok = st == -ECANCELED ||
	     fail("status %s, want -ECANCELED", status_name(st));
	report(ok, "hang %s: job A2 of the same file is cancelled too", en);

	/* an innocent job of another file is run again after the reset */
	ret = etna_wait_fence(fdc, e->pipe, fc, 0, 5 * SEC_NS);
	st = sync_status(sc);
	ok = (!ret && st == 1) ||
	     fail("WAIT_FENCE %s, sync file %s, want 1 (it did nothing "
		  "wrong)", err_name(ret), status_name(st));
	report(ok, "hang %s: job C of another file runs after the reset", en);

	ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fb, &sb);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fb, 0, 10 * SEC_NS);
	st = sync_status(sb);
	ok = (!ret && st == 1) ||
	     fail("submit/WAIT_FENCE: %s, sync file %s", err_name(ret),
		  status_name(st));
	report(ok, "hang %s: a new job B runs and signals normally", en);
	ok = resets_of(e) == resets1 ||
	     fail("resets %lld -> %lld during job B", resets1,
		  resets_of(e));
	report(ok, "hang %s: no further reset", en);

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, 0);
	ok = !ret || fail("CPU_PREP(WRITE|NOSYNC): %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "hang %s: the BO is idle afterwards", en);
out:
	knob_set(e, "freeze", 0);
	for (int *f = (int[]){ sa, sa2, sb, sc, -2 }; *f != -2; f++)
		if (*f >= 0)
			close(*f);
	etna_gem_close(fd, bo);
	close(fd);
	close(fdc);
}

/*
 * Address spaces are not leaked by a hang recovery: a job of another file
 * that ran after the hung one switched the MMU away from the hung job's
 * space, and its resubmission after the reset switches it again. Seen
 * through our driver's count of live spaces (debugfs "mm"); with each
 * leaked space a PTA slot goes, until no file can be opened.
 */
void test_hang_vm_leak(const struct engine *e)
{
	const char *en = engine_name(e);
	int fd = etna_open(), fda, fdc, ret = 0;
	long long n0, n1 = -1;
	uint32_t fa, fc;
	uint64_t t0;
	bool ok;

	drain(fd);
	n0 = driver_stat("mm", "address spaces");
	if (n0 < 0) {
		info("hang-vm", "%s: no count of address spaces (driver %s)",
		     en, driver_name());
		close(fd);
		return;
	}
	fda = etna_open();
	fdc = etna_open();
	ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_job(fda, e, 0, 0, 0, &fa, NULL);
	if (!ret)
		ret = submit_job(fdc, e, 0, 0, 0, &fc, NULL);
	if (!ret)
		ret = etna_wait_fence(fda, e->pipe, fa, 0, 5 * SEC_NS);
	if (!ret)
		ret = etna_wait_fence(fdc, e->pipe, fc, 0, 5 * SEC_NS);
	knob_set(e, "freeze", 0);
	ok = !ret || fail("freeze/submit/wait: %s", err_name(ret));
	report(ok, "hang-vm %s: a hung job and another file's job behind it",
	       en);
	close(fda);
	close(fdc);

	/* every core back on fd's space; the others' jobs freed */
	drain(fd);
	t0 = etna_now_ns();
	while (etna_now_ns() - t0 < 10 * SEC_NS) {
		n1 = driver_stat("mm", "address spaces");
		if (n1 == n0)
			break;
		usleep(10000);
	}
	ok = n1 == n0 || fail("%lld address spaces before, %lld after the "
			      "files closed", n0, n1);
	report(ok, "hang-vm %s: the closed files' address spaces are freed",
	       en);
	close(fd);
}

/*
 * A process exits with jobs in flight: many on running cores, and one on
 * a frozen core that the driver has to time out after the file is gone.
 */
void test_exit_inflight(const struct engine *e)
{
	const char *en = engine_name(e);
	long long resets0 = resets_of(e);
	int fd, status;
	uint64_t t0, t;
	uint32_t fence;
	pid_t pid;
	bool ok;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		uint32_t bo;
		unsigned int i;

		fd = etna_open();
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo))
			_exit(2);
		for (i = 0; i < 300; i++)
			if (submit_job(fd, &engines[i % nr_engines],
				       i % 2 ? bo : 0, ETNA_SUBMIT_BO_WRITE, 0,
				       NULL, NULL))
				_exit(3);
		_exit(0);	/* no wait, no close */
	}
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("client: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	report(ok, "exit: a process exits with 300 jobs in flight");

	fd = etna_open();
	drain(fd);
	fflush(stdout);
	t0 = etna_now_ns();
	pid = fork();
	if (pid == 0) {
		uint32_t bo;

		fd = etna_open();
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo))
			_exit(2);
		/* the core started first: see engine_awake() */
		if (engine_awake(fd, e, bo) || knob_set(e, "freeze", 1))
			_exit(4);
		if (submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, NULL, NULL))
			_exit(3);
		_exit(0);
	}
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("client: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	t = etna_now_ns() - t0;
	report(ok, "exit %s: a process exits with a job on a frozen core "
	       "(exit took %.3f s)", en, secs(t));
	while (resets_of(e) == resets0 &&
	       etna_now_ns() - t0 < 30 * SEC_NS)
		usleep(10000);
	t = etna_now_ns() - t0;
	ok = resets_of(e) > resets0 ||
	     fail("no reset within %.3f s; freeze %ld", secs(t),
		  knob_get(e, "freeze"));
	report(ok, "exit %s: the orphaned hung job is timed out and the core "
	       "reset", en);
	knob_set(e, "freeze", 0);
	t0 = etna_now_ns();
	ok = !submit_job(fd, e, 0, 0, 0, &fence, NULL) &&
	     !etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	t = etna_now_ns() - t0;
	ok = ok || fail("new job: not done after %.3f s", secs(t));
	report(ok, "exit %s: a new job runs afterwards", en);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* 7. Bus error */

void test_bus_error(const struct engine *e)
{
	const char *en = engine_name(e);
	long long bus0, res0, bad0, bus1, res1;
	int fd = etna_open(), sa = -1, sb = -1, ret, st, want;
	uint32_t bo, fa, fb;
	uint64_t t0, t;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "bus-error %s: setup", en);
		close(fd);
		return;
	}
	drain(fd);
	bus0 = stat_of(e, "bus_errors");
	res0 = resets_of(e);
	bad0 = stat_of(e, "bad_commands");
	ret = knob_set(e, "inject_bus_error", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fa, &sa);
	ok = !ret || fail("inject/submit: %s", err_name(ret));
	report(ok, "bus-error %s: inject, submit job A", en);
	if (!ok)
		goto out;

	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	st = sync_status(sa);
	bus1 = stat_of(e, "bus_errors");
	res1 = resets_of(e);
	info("bus-error", "%s: WAIT_FENCE on A %s after %.3f s; sync file %s;"
	     " model bus_errors +%lld, bad_commands +%lld, resets +%lld, "
	     "fe %s, inject_bus_error %ld", en, err_name(ret), secs(t),
	     status_name(st), bus1 - bus0,
	     stat_of(e, "bad_commands") - bad0, res1 - res0, fe_state(e),
	     knob_get(e, "inject_bus_error"));
	ok = !ret || fail("WAIT_FENCE on A returned %s after %.3f s",
			  err_name(ret), secs(t));
	report(ok, "bus-error %s: job A's fence signals", en);
	/*
	 * Ours reports a bus error as such: the job fails with EIO, at once.
	 * Upstream 6.1 only logs it; its hang check then cancels the job.
	 */
	want = is_upstream() ? -ECANCELED : -EIO;
	ok = st == want || fail("sync file %s, want %s", status_name(st),
				status_name(want));
	report(ok, "bus-error %s: job A fails with %s", en,
	       is_upstream() ? "ECANCELED (a hang)" : "EIO");
	ok = bus1 > bus0 || fail("model bus_errors %lld -> %lld", bus0, bus1);
	report(ok, "bus-error %s: the model raised the bus error", en);
	ok = knob_get(e, "inject_bus_error") == 0 ||
	     fail("inject_bus_error still armed");
	report(ok, "bus-error %s: the injection was consumed", en);

	ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fb, &sb);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fb, 0, 10 * SEC_NS);
	st = sync_status(sb);
	ok = (!ret && st == 1) ||
	     fail("submit/WAIT_FENCE: %s, sync file %s", err_name(ret),
		  status_name(st));
	report(ok, "bus-error %s: afterwards a job runs fine", en);
	ok = strcmp(fe_state(e), "hung") ||
	     fail("model FE still hung");
	report(ok, "bus-error %s: the FE is not left hung", en);
out:
	knob_set(e, "inject_bus_error", 0);
	if (sa >= 0)
		close(sa);
	if (sb >= 0)
		close(sb);
	etna_gem_close(fd, bo);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* The longest a job may run */

#define JOB_MAX_PARAM	"/sys/module/etnaviv/parameters/job_max_ms"
#define BIG		2048	/* a 2048x2048 A8R8G8B8 surface: 16 MiB */
#define BIG_OPS		400

/*
 * A job that keeps the FE moving is not hung, yet it must not keep the
 * core for ever: one of 400 ROP blits over 16 MiB each (long for the
 * model's 2D engine) ends with an error after job_max_ms (set to 1 s
 * here), and the core runs a new job afterwards.
 */
void test_job_max(const struct engine *e)
{
	const char *en = engine_name(e);
	struct etnaviv_device *dev = NULL;
	struct etnaviv_gpu *gpu = NULL;
	struct etnaviv_pipe *pipe = NULL;
	struct etnaviv_cmd_stream *s = NULL;
	struct etnaviv_2d_surface dst = { 0 };
	struct etnaviv_2d_rect rect = { 0, 0, BIG, BIG };
	long old = read_number(JOB_MAX_PARAM), resets0;
	long long looks0, busy0, looks, busy;
	int fd = etna_open(), ret = 0, st;
	struct etnaviv_flush_args args = { .in_fence_fd = -1,
					   .want_fence_fd = true,
					   .out_fence_fd = -1 };
	uint32_t fence;
	unsigned int i;
	uint64_t t0, t;
	bool ok;

	if (old < 0) {
		info("job-max", "%s: no job_max_ms parameter (driver %s)", en,
		     driver_name());
		close(fd);
		return;
	}
	dev = etnaviv_device_wrap(fd);
	gpu = dev ? etnaviv_gpu_open(dev, e->pipe) : NULL;
	pipe = gpu ? etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) : NULL;
	s = pipe ? etnaviv_cmd_stream_new(pipe, 0) : NULL;
	dst.bo = dev ? etnaviv_bo_new(dev, (uint64_t)BIG * BIG * 4,
				      ETNA_BO_WC) : NULL;
	dst.stride = BIG * 4;
	dst.format = ETNAVIV_2D_A8R8G8B8;
	dst.width = BIG;
	dst.height = BIG;
	ok = (s && dst.bo) || fail("libetnaviv setup: %s", strerror(errno));
	report(ok, "job-max %s: a 16 MiB surface", en);
	if (!ok)
		goto out;
	for (i = 0; !ret && i < BIG_OPS; i++)
		ret = etnaviv_2d_fill(s, &dst, &rect, 0x00ffffff,
				      ETNAVIV_2D_ROP3(0x5au), NULL);
	ret = ret ? ret : write_number(JOB_MAX_PARAM, 1000);
	resets0 = resets_of(e);
	looks0 = core_stat(e->pipe, "hang checks");
	busy0 = core_stat(e->pipe, "hang checks busy");
	t0 = etna_now_ns();
	ret = ret ? ret : etnaviv_cmd_stream_flush_ext(s, &args);
	fence = args.fence;
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 30 * SEC_NS);
	t = etna_now_ns() - t0;
	looks = core_stat(e->pipe, "hang checks") - looks0;
	busy = core_stat(e->pipe, "hang checks busy") - busy0;
	st = args.out_fence_fd >= 0 ? sync_status(args.out_fence_fd) : 0;
	info("job-max", "%s: %u fills of 16 MiB: %s after %.3f s, sync file "
	     "%s, resets +%lld", en, BIG_OPS, err_name(ret), secs(t),
	     status_name(st), resets_of(e) - resets0);
	/*
	 * Stopped at the look at which it has run job_max_ms (1000 ms: the
	 * second look of 500 ms), not before and not after: the first look
	 * let it run on. Counted by the hang check, not by the clock.
	 */
	ok = (!ret && st < 0 && st > -1000 && looks == 2 && busy == 1) ||
	     fail("%s, sync file %s; %lld looks, %lld let it run on, want "
		  "2 and 1", err_name(ret), status_name(st), looks, busy);
	report(ok, "job-max %s: a job that moves on ends with an error at "
	       "job_max_ms, no later", en);
	write_number(JOB_MAX_PARAM, old);

	ret = submit_job(fd, e, 0, 0, 0, &fence, NULL);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	ok = !ret || fail("%s", err_name(ret));
	report(ok, "job-max %s: a new job runs afterwards", en);
out:
	write_number(JOB_MAX_PARAM, old);
	if (args.out_fence_fd >= 0)
		close(args.out_fence_fd);
	etnaviv_cmd_stream_del(s);
	if (dst.bo)
		etnaviv_bo_unref(dst.bo);
	etnaviv_pipe_del(pipe);
	etnaviv_gpu_close(gpu);
	etnaviv_device_close(dev);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* A 2D operation longer than the hang timeout */

#define LONG_MIN_NS	(3 * SEC_NS)	/* the model's time, at least */

struct long_2d {
	const struct engine *e;
	struct etnaviv_device *dev;
	struct etnaviv_gpu *gpu;
	struct etnaviv_pipe *pipe;
	struct etnaviv_2d_surface dst;
	int fd;
};

/*
 * The verdict on one long operation (@op: "fill", "resolve") of the group
 * @grp on @en: @ret and @t (ns) of its wait, its sync file's status @st,
 * the resets meanwhile and the @n pixels it filled.
 *  - ours: signals without error after at least LONG_MIN_NS, no reset,
 *    every pixel filled (the hang check sees the engine's counters move);
 *  - upstream 6.1: its hang check watches only the FE address, resets
 *    the core after a second and cancels the job (a documented
 *    difference), the operation unfinished.
 */
static void long_verdict(const char *grp, const char *en, const char *op,
			 int ret, uint64_t t, int st, long long resets,
			 long long n)
{
	bool ok;

	info(grp, "%s: a 3 s %s: %s after %.3f s, sync file %s, resets "
	     "+%lld, %lld of %u pixels", en, op, err_name(ret), secs(t),
	     status_name(st), resets, n, LONG_W * LONG_W);
	/* ours: not before the model's time for the operation has passed */
	ok = (!ret && (is_upstream() || t >= LONG_MIN_NS)) ||
	     fail("%s after %.3f s, want 0 after at least %.3f s",
		  err_name(ret), secs(t), secs(LONG_MIN_NS));
	if (is_upstream())
		report(ok, "%s %s: the fence signals", grp, en);
	else
		report(ok, "%s %s: the fence signals after the %s's time", grp,
		       en, op);
	if (is_upstream()) {
		ok = (st == -ECANCELED && resets > 0) ||
		     fail("sync file %s, resets +%lld; want ECANCELED and a "
			  "reset", status_name(st), resets);
		report(ok, "%s %s: upstream resets the core and cancels the "
		       "job", grp, en);
		ok = (n >= 0 && n < LONG_W * LONG_W) ||
		     fail("%lld pixels filled", n);
		report(ok, "%s %s: upstream leaves the %s unfinished", grp, en,
		       op);
	} else {
		ok = (st == 1 && !resets) ||
		     fail("sync file %s, resets +%lld; want signalled without "
			  "error, no reset", status_name(st), resets);
		report(ok, "%s %s: the job completes without error or reset",
		       grp, en);
		ok = n == LONG_W * LONG_W ||
		     fail("%lld of %u pixels filled", n, LONG_W * LONG_W);
		report(ok, "%s %s: every pixel is filled", grp, en);
	}
}

/*
 * One job of one fill of the whole surface with @argb; its fence, sync
 * file (or -1) and errno-style result. The job's time: *@t (ns) from the
 * flush to the fence, waited for at most 20 s.
 */
static int long_fill(struct long_2d *l, uint32_t argb, int *sync,
		     uint64_t *t)
{
	struct etnaviv_cmd_stream *s = etnaviv_cmd_stream_new(l->pipe, 0);
	struct etnaviv_2d_rect rect = { 0, 0, LONG_W, LONG_W };
	struct etnaviv_flush_args args = { .in_fence_fd = -1,
					   .want_fence_fd = true,
					   .out_fence_fd = -1 };
	uint64_t t0 = etna_now_ns();
	int ret;

	if (!s)
		return -ENOMEM;
	ret = etnaviv_2d_fill(s, &l->dst, &rect, argb, ETNAVIV_2D_ROP_PATTERN,
			      NULL);
	if (!ret)
		ret = etnaviv_cmd_stream_flush_ext(s, &args);
	if (!ret)
		ret = etna_wait_fence(l->fd, l->e->pipe, args.fence, 0,
				      20 * SEC_NS);
	*t = etna_now_ns() - t0;
	*sync = args.out_fence_fd;
	etnaviv_cmd_stream_del(s);
	return ret;
}

/* Pixels of the surface that hold @argb; -1 if it cannot be read. */
static long long long_count(struct long_2d *l, uint32_t argb)
{
	const uint32_t *p;
	long long n = 0;
	unsigned int i;

	if (etnaviv_bo_cpu_prep(l->dst.bo, ETNAVIV_PREP_READ, 5 * SEC_NS))
		return -1;
	p = etnaviv_bo_map(l->dst.bo);
	for (i = 0; p && i < LONG_W * LONG_W; i++)
		n += p[i] == argb;
	etnaviv_bo_cpu_fini(l->dst.bo);
	return p ? n : -1;
}

/*
 * The FE waits at the DRAW_2D while the 2D engine works: at a core clock
 * of 87 kHz (debugfs clock_khz) one fill of 512x512 pixels lasts 3 s of
 * the model's time, six hang-check periods with the FE at one address.
 *  - ours: the job completes, every pixel right, no reset (the hang
 *    check sees the engine's pixel and memory counters move);
 *  - upstream 6.1: its hang check watches only the FE address, resets the
 *    core after a second and cancels the job (a documented difference);
 *  - both: frozen mid-fill (the engine wedged, no counter moving) the
 *    job is cancelled and the core reset;
 *  - ours: with job_max_ms at 1 s, the same job, progressing all along,
 *    is still stopped at the cap, its fill unfinished.
 */
void test_long_2d(const struct engine *e)
{
	const char *en = engine_name(e);
	struct long_2d l = { .e = e, .fd = etna_open() };
	long old_max = read_number(JOB_MAX_PARAM);
	long khz = knob_get(e, "clock_khz");
	long long res0, res1, px0, n;
	int ret, st, sync = -1;
	uint64_t t, t0;
	bool ok;

	if (khz <= 0) {
		info("long-2d", "%s: the model has no clock_khz knob", en);
		close(l.fd);
		return;
	}
	l.dev = etnaviv_device_wrap(l.fd);
	l.gpu = l.dev ? etnaviv_gpu_open(l.dev, e->pipe) : NULL;
	l.pipe = l.gpu ? etnaviv_pipe_new(l.gpu, ETNAVIV_PIPE_2D) : NULL;
	l.dst.bo = l.dev ? etnaviv_bo_new(l.dev, (uint64_t)LONG_W * LONG_W * 4,
					  ETNA_BO_WC) : NULL;
	l.dst.stride = LONG_W * 4;
	l.dst.format = ETNAVIV_2D_A8R8G8B8;
	l.dst.width = LONG_W;
	l.dst.height = LONG_W;
	ret = l.pipe && l.dst.bo ? knob_set(e, "clock_khz", LONG_KHZ) : -ENOMEM;
	/* ours: the cap well above the job, so only the hang check counts */
	if (!ret && old_max >= 0)
		ret = write_number(JOB_MAX_PARAM, 20000);
	ok = !ret || fail("setup: %s", err_name(ret));
	report(ok, "long-2d %s: a 1 MiB surface, the core clock at %u kHz",
	       en, LONG_KHZ);
	if (!ok)
		goto out;

	res0 = stat_of(e, "resets");
	ret = long_fill(&l, 0xff336699u, &sync, &t);
	st = sync >= 0 ? sync_status(sync) : 0;
	res1 = stat_of(e, "resets");
	n = long_count(&l, 0xff336699u);
	long_verdict("long-2d", en, "fill", ret, t, st, res1 - res0, n);
	if (sync >= 0)
		close(sync);
	sync = -1;

	/*
	 * The engine wedges mid-fill: no counter moves. Ours: job_max_ms at
	 * 60 s, so that only the hang check ends the job within the wait.
	 */
	if (old_max >= 0)
		write_number(JOB_MAX_PARAM, 60000);
	res0 = stat_of(e, "resets");
	px0 = stat_of(e, "de_pixels");
	{
		struct etnaviv_cmd_stream *s = etnaviv_cmd_stream_new(l.pipe, 0);
		struct etnaviv_2d_rect rect = { 0, 0, LONG_W, LONG_W };
		struct etnaviv_flush_args args = { .in_fence_fd = -1,
						   .want_fence_fd = true,
						   .out_fence_fd = -1 };

		ret = s ? etnaviv_2d_fill(s, &l.dst, &rect, 0xff00ff00u,
					  ETNAVIV_2D_ROP_PATTERN, NULL) :
			  -ENOMEM;
		if (!ret)
			ret = etnaviv_cmd_stream_flush_ext(s, &args);
		etnaviv_cmd_stream_del(s);
		sync = args.out_fence_fd;
		/* the fill has begun: the engine drew some pixels */
		t0 = etna_now_ns();
		while (!ret && stat_of(e, "de_pixels") == px0 &&
		       etna_now_ns() - t0 < 5 * SEC_NS)
			usleep(10000);
		if (!ret)
			ret = knob_set(e, "freeze", 1);
		if (!ret)
			ret = etna_wait_fence(l.fd, e->pipe, args.fence, 0,
					      10 * SEC_NS);
	}
	st = sync >= 0 ? sync_status(sync) : 0;
	res1 = stat_of(e, "resets");
	ok = (!ret && st == -ECANCELED && res1 > res0) ||
	     fail("%s, sync file %s, resets +%lld; want ECANCELED and a "
		  "reset", err_name(ret), status_name(st), res1 - res0);
	report(ok, "long-2d %s: a wedged engine mid-fill is a hang: "
	       "cancelled, core reset", en);
	knob_set(e, "freeze", 0);
	if (sync >= 0)
		close(sync);
	sync = -1;

	if (old_max < 0)
		goto out;
	/* ours: progressing all along, the job still stops at job_max_ms */
	ret = write_number(JOB_MAX_PARAM, 1000);
	res0 = stat_of(e, "resets");
	if (!ret)
		ret = long_fill(&l, 0xffff0000u, &sync, &t);
	st = sync >= 0 ? sync_status(sync) : 0;
	res1 = stat_of(e, "resets");
	n = long_count(&l, 0xffff0000u);
	write_number(JOB_MAX_PARAM, 20000);
	ok = (!ret && st < 0 && st > -1000 && res1 > res0 && n > 0 &&
	      n < LONG_W * LONG_W) ||
	     fail("%s, sync file %s, resets +%lld, %lld pixels filled",
		  err_name(ret), status_name(st), res1 - res0, n);
	report(ok, "long-2d %s: at job_max_ms the progressing job is stopped",
	       en);
	if (sync >= 0)
		close(sync);
	sync = -1;
out:
	knob_set(e, "freeze", 0);
	if (khz > 0)
		knob_set(e, "clock_khz", khz);
	if (old_max >= 0)
		write_number(JOB_MAX_PARAM, old_max);
	if (l.dst.bo)
		etnaviv_bo_unref(l.dst.bo);
	etnaviv_pipe_del(l.pipe);
	etnaviv_gpu_close(l.gpu);
	etnaviv_device_close(l.dev);
	close(l.fd);
}

/* ------------------------------------------------------------------ */
/* A resolve longer than the hang timeout */

/*
 * One RS fill of LONG_W x @rows pixels with @value into @bo (LONG_W * 4
 * bytes a row), in one job on @e; its fence and sync file (or -1) in
 * *@fence and *@sync.
 */
int rs_fill_submit(int fd, const struct engine *e, uint32_t bo,
		   uint32_t rows, uint32_t value, uint32_t *fence, int *sync)
{
	struct fill f = {
		.stride = LONG_W * 4, .w = LONG_W, .rows = rows, .value = value,
	};

	*fence = 0;
	return fill_submit(fd, e, bo, &f, fence, sync);
}

/* Pixels of @bo (LONG_W x LONG_W) that hold @value; -1 if unreadable. */
static long long long_rs_count(int fd, uint32_t bo, uint32_t value)
{
	const size_t len = (size_t)LONG_W * LONG_W * 4;
	uint32_t *p = map_bo(fd, bo, len);
	long long n = 0;
	size_t i;

	if (!p)
		return -1;
	if (etna_cpu_prep(fd, bo, ETNA_PREP_READ, 5 * SEC_NS)) {
		munmap(p, len);
		return -1;
	}
	for (i = 0; i < len / 4; i++)
		n += p[i] == value;
	etna_cpu_fini(fd, bo);
	munmap(p, len);
	return n;
}

/*
 * The resolve engine's counterpart of long-2d: the FE waits at RS_KICKER
 * while the RS fills 512x512 pixels, one a cycle, at a core clock of
 * 87 kHz: 3 s of the model's time. Ours sees the memory writes counter
 * move and lets the job complete; upstream 6.1 sees the FE at one address
 * and resets the core. Frozen mid-resolve (no counter moving), the job is
 * a hang for both.
 */
void test_long_rs(const struct engine *e)
{
	const char *en = engine_name(e);
	long old_max = read_number(JOB_MAX_PARAM);
	long khz = knob_get(e, "clock_khz");
	long long res0, res1, uns0, ops0, px0, n;
	int fd = etna_open(), ret, st, sync = -1;
	uint32_t bo = 0, fence;
	uint64_t t, t0;
	bool ok;

	if (khz <= 0) {
		info("long-rs", "%s: the model has no clock_khz knob", en);
		close(fd);
		return;
	}
	/* a core with the BLT engine resolves with it: see fill_can() */
	if (!fill_can(fd, e)) {
		info("long-rs", "%s: not run: the core has the BLT engine", en);
		close(fd);
		return;
	}
	ret = etna_gem_new(fd, (uint64_t)LONG_W * LONG_W * 4, ETNA_BO_WC,
			   &bo);
	if (!ret)
		ret = knob_set(e, "clock_khz", LONG_KHZ);
	/* ours: the cap well above the job, so only the hang check counts */
	if (!ret && old_max >= 0)
		ret = write_number(JOB_MAX_PARAM, 20000);
	ok = !ret || fail("setup: %s", err_name(ret));
	report(ok, "long-rs %s: a 1 MiB surface, the core clock at %u kHz",
	       en, LONG_KHZ);
	if (!ok)
		goto out;

	res0 = resets_of(e);
	uns0 = stat_of(e, "rs_unsupported");
	ops0 = stat_of(e, "rs_ops");
	t0 = etna_now_ns();
	ret = rs_fill_submit(fd, e, bo, LONG_W, 0xff336699u, &fence, &sync);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 20 * SEC_NS);
	t = etna_now_ns() - t0;
	st = sync >= 0 ? sync_status(sync) : 0;
	res1 = resets_of(e);
	n = long_rs_count(fd, bo, 0xff336699u);
	ok = (stat_of(e, "rs_ops") == ops0 + 1 &&
	      stat_of(e, "rs_unsupported") == uns0) ||
	     fail("rs_ops +%lld, rs_unsupported +%lld; want +1, +0",
		  stat_of(e, "rs_ops") - ops0,
		  stat_of(e, "rs_unsupported") - uns0);
	report(ok, "long-rs %s: the model runs the resolve", en);
	long_verdict("long-rs", en, "resolve", ret, t, st, res1 - res0, n);
	if (sync >= 0)
		close(sync);
	sync = -1;

	/*
	 * The RS wedges mid-resolve: no counter moves. Ours: job_max_ms at
	 * 60 s, so that only the hang check ends the job within the wait.
	 */
	if (old_max >= 0)
		write_number(JOB_MAX_PARAM, 60000);
	res0 = resets_of(e);
	px0 = stat_of(e, "rs_pixels");
	ret = rs_fill_submit(fd, e, bo, LONG_W, 0xff00ff00u, &fence, &sync);
	/* the event: the resolve has begun (the RS wrote some pixels) */
	t0 = etna_now_ns();
	while (!ret && stat_of(e, "rs_pixels") == px0 &&
	       etna_now_ns() - t0 < 5 * SEC_NS)
		usleep(10000);
	if (!ret)
		ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	st = sync >= 0 ? sync_status(sync) : 0;
	res1 = resets_of(e);
	ok = (!ret && st == -ECANCELED && res1 > res0) ||
	     fail("%s, sync file %s, resets +%lld; want ECANCELED and a "
		  "reset", err_name(ret), status_name(st), res1 - res0);
	report(ok, "long-rs %s: a wedged RS mid-resolve is a hang: "
	       "cancelled, core reset", en);
out:
	knob_set(e, "freeze", 0);
	if (sync >= 0)
		close(sync);
	knob_set(e, "clock_khz", khz);
	if (old_max >= 0)
		write_number(JOB_MAX_PARAM, old_max);
	if (bo)
		etna_gem_close(fd, bo);
	close(fd);
}
