// SPDX-License-Identifier: MIT
/* functional: implicit synchronisation of GEM_WAIT and CPU_PREP */
#include "functional.h"

/* ------------------------------------------------------------------ */
/* 4. GEM_WAIT and CPU_PREP against a job that cannot finish */

/* The check @name: CPU_PREP(@op | NOSYNC) of @bo returns @want. */
static void prep_nosync(int fd, uint32_t bo, uint32_t op, int want,
			const char *name)
{
	int ret = etna_cpu_prep(fd, bo, op | ETNA_PREP_NOSYNC, 0);
	bool ok = ret == want || fail("got %s, want %s", err_name(ret),
				      err_name(want));

	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "%s", name);
}

/* The check @name: CPU_PREP(@op) of @bo for 100 ms times out. */
static void prep_times_out(int fd, uint32_t bo, uint32_t op,
			   const char *name)
{
	uint64_t t = etna_now_ns();
	int ret = etna_cpu_prep(fd, bo, op, 100 * MS_NS);
	bool ok;

	t = etna_now_ns() - t;
	ok = (ret == -ETIMEDOUT && t >= 90 * MS_NS) ||
	     fail("got %s after %.3f s, want ETIMEDOUT after 0.1 s",
		  err_name(ret), secs(t));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "%s", name);
}

void test_implicit_sync(void)
{
	const struct engine *ew = &engines[0], *er = &engines[nr_engines - 1];
	uint32_t bo, fence;
	long long resets0, looks0, looks = -1, resets_held;
	uint64_t t0, t, ring0;
	int fd = etna_open(), sfd = -1, ret;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "sync: setup");
		close(fd);
		return;
	}
	drain(fd);

	/* a job that WRITEs the BO, on a frozen core */
	ret = engine_awake(fd, ew, bo);
	resets0 = resets_of(ew);
	if (!ret)
		ret = knob_set(ew, "freeze", 1);
	ok = !ret || fail("write 1 to %s/freeze: %s", ew->core,
			  err_name(ret));
	report(ok, "sync: freeze the FE of %s", engine_name(ew));
	if (!ok)
		goto out;
	ring0 = ring_digest();
	/* ours counts the hang check's looks (debugfs gpu); upstream: -1 */
	looks0 = core_stat(ew->pipe, "hang checks");
	t0 = etna_now_ns();
	ret = submit_job(fd, ew, bo, ETNA_SUBMIT_BO_WRITE, 0, &fence, &sfd);
	ok = !ret || fail("SUBMIT returned %s", err_name(ret));
	report(ok, "sync: submit a job writing the BO on %s",
	       engine_name(ew));
	if (!ok) {
		knob_set(ew, "freeze", 0);
		goto out;
	}
	/* the checks below are of a job on the hardware, not in the queue */
	ret = wait_ring_change(ring0, 5 * SEC_NS);
	ok = !ret || fail("the driver's ring in debugfs: %s", err_name(ret));
	report(ok, "sync: the writer's job reaches the ring");
	info("sync", "the writer's job on the ring %.3f s after its submit",
	     secs(etna_now_ns() - t0));

	ret = etna_gem_wait(fd, ew->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	report(ok, "sync: writer busy: GEM_WAIT NONBLOCK is EBUSY");

	ret = etna_wait_fence(fd, ew->pipe, fence, ETNA_WAIT_NONBLOCK, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	report(ok, "sync: writer busy: WAIT_FENCE NONBLOCK is EBUSY");

	prep_nosync(fd, bo, ETNA_PREP_READ, -EBUSY,
		    "sync: writer busy: CPU_PREP(READ|NOSYNC) is EBUSY");
	prep_times_out(fd, bo, ETNA_PREP_READ,
		       "sync: writer busy: CPU_PREP(READ) 100 ms times out");

	t = etna_now_ns();
	ret = etna_wait_fence(fd, ew->pipe, fence, 0, 100 * MS_NS);
	t = etna_now_ns() - t;
	ok = (ret == -ETIMEDOUT && t >= 90 * MS_NS) ||
	     fail("got %s after %.3f s, want ETIMEDOUT after 0.1 s",
		  err_name(ret), secs(t));
	report(ok, "sync: writer busy: WAIT_FENCE 100 ms times out");

	ret = sync_status(sfd);
	ok = ret == 0 || fail("status %s, want 0 (active)", status_name(ret));
	report(ok, "sync: writer busy: its sync file is active");

	/*
	 * The event: the hang check has looked at the frozen job once. That
	 * first look only takes note (nothing to compare with): a reset by
	 * then is early. The resets are read before the looks, so that at
	 * most the looks read had happened when the resets were. A second
	 * look may reset the job (rightly: the FE has not moved), which a
	 * loaded host can let come before the unfreeze: then undecided.
	 */
	if (looks0 >= 0) {
		t = etna_now_ns();
		while (core_stat(ew->pipe, "hang checks") == looks0 &&
		       etna_now_ns() - t < 30 * SEC_NS)
			sleep_ms(10);
	}
	resets_held = resets_of(ew);
	if (looks0 >= 0)
		looks = core_stat(ew->pipe, "hang checks") - looks0;
	knob_set(ew, "freeze", 0);

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ, 5 * SEC_NS);
	ok = !ret || fail("got %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: after unfreeze CPU_PREP(READ) 5 s returns 0");
	ret = etna_wait_fence(fd, ew->pipe, fence, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("WAIT_FENCE NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze the fence is signalled");
	ret = sync_status(sfd);
	if (ret != 1 && resets_of(ew) != resets0 && (looks0 < 0 || looks > 1)) {
		report_skip("the hang check reset the job held frozen past its "
			    "second look (a loaded host)",
			    "sync: after unfreeze the sync file is signalled");
	} else {
		ok = ret == 1 || fail("status %s", status_name(ret));
		report(ok, "sync: after unfreeze the sync file is signalled");
	}
	ret = etna_gem_wait(fd, ew->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("GEM_WAIT NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze GEM_WAIT NONBLOCK returns 0");
	if (looks0 < 0) {
		report_skip("the driver counts no hang-check looks (upstream)",
			    "sync: no reset of a frozen job at the hang "
			    "check's first look");
	} else if (looks > 1) {
		report_skip("the hang check looked twice before the unfreeze "
			    "(a loaded host)",
			    "sync: no reset of a frozen job at the hang "
			    "check's first look");
	} else {
		ok = (looks == 1 && resets_held == resets0) ||
		     fail("%lld looks at the frozen job, core resets %lld -> "
			  "%lld; want 1 look, no reset", looks, resets0,
			  resets_held);
		report(ok, "sync: no reset of a frozen job at the hang "
		       "check's first look");
	}
	close(sfd);
	sfd = -1;

	/* a job that only READs the BO */
	ret = engine_awake(fd, er, bo);
	if (!ret)
		ret = knob_set(er, "freeze", 1);
	ring0 = ring_digest();
	if (!ret)
		ret = submit_job(fd, er, bo, ETNA_SUBMIT_BO_READ, 0, &fence,
				 NULL);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "sync: submit a job reading the BO on frozen %s",
	       engine_name(er));
	if (!ok) {
		knob_set(er, "freeze", 0);
		goto out;
	}
	ret = wait_ring_change(ring0, 5 * SEC_NS);
	ok = !ret || fail("the driver's ring in debugfs: %s", err_name(ret));
	report(ok, "sync: the reader's job reaches the ring");

	prep_nosync(fd, bo, ETNA_PREP_READ, 0,
		    "sync: reader busy: CPU_PREP(READ|NOSYNC) is 0");

	/*
	 * The reader's core is frozen: a CPU_PREP that waited for it would
	 * time out (ETIMEDOUT), whatever the host's load; 0 is not waiting.
	 */
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ, 100 * MS_NS);
	ok = !ret || fail("got %s, want 0 at once", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: reader busy: CPU_PREP(READ) does not wait");

	prep_nosync(fd, bo, ETNA_PREP_WRITE, -EBUSY,
		    "sync: reader busy: CPU_PREP(WRITE|NOSYNC) is EBUSY");
	prep_times_out(fd, bo, ETNA_PREP_WRITE,
		       "sync: reader busy: CPU_PREP(WRITE) 100 ms times out");

	ret = etna_gem_wait(fd, er->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	report(ok, "sync: reader busy: GEM_WAIT NONBLOCK is EBUSY");

	knob_set(er, "freeze", 0);
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE, 5 * SEC_NS);
	ok = !ret || fail("got %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: after unfreeze CPU_PREP(WRITE) 5 s returns 0");
	ret = etna_wait_fence(fd, er->pipe, fence, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("WAIT_FENCE NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze the reader's fence is signalled");
out:
	if (sfd >= 0)
		close(sfd);
	etna_gem_close(fd, bo);
	close(fd);
}
