// SPDX-License-Identifier: MIT
/* functional: fences in order across pipes; fence fds in */
#include "functional.h"

/* ------------------------------------------------------------------ */
/* 3. Fences in order across pipes */

#define FENCE_JOBS	400

void test_fence_order(void)
{
	static uint32_t fences[FENCE_JOBS];
	static uint8_t eng[FENCE_JOBS];
	static int sfd[FENCE_JOBS];
	uint32_t last[ETNA_MAX_PIPES], bo = 0, handle;
	bool any[ETNA_MAX_PIPES] = { false }, ok = true, order = true;
	unsigned int i, j, n = 0, p, nr_sync = 0;
	int fd = etna_open(), ret, st;
	uint64_t t0;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo))
		bo = 0;
	for (i = 0; i < FENCE_JOBS; i++) {
		const struct engine *e = &engines[i % nr_engines];
		uint32_t flags = i % 5 == 0 ? ETNA_SUBMIT_BO_WRITE
					    : ETNA_SUBMIT_BO_READ;

		handle = i % 3 ? bo : 0;
		sfd[i] = -1;
		ret = submit_job(fd, e, handle, flags, (i * 8) % JOB_BO_SIZE,
				 &fences[i], i % 16 ? NULL : &sfd[i]);
		if (ret) {
			ok = fail("submit %u on %s: %s", i, engine_name(e),
				  err_name(ret));
			break;
		}
		eng[i] = i % nr_engines;
		if (any[e->pipe] &&
		    (int32_t)(fences[i] - last[e->pipe]) <= 0) {
			ok = fail("submit %u on %s: fence %u after %u", i,
				  engine_name(e), fences[i], last[e->pipe]);
			n++;
			break;
		}
		last[e->pipe] = fences[i];
		any[e->pipe] = true;
		n++;
	}
	report(ok, "fences: %u interleaved submits on %u engines, fences "
	       "increase per pipe", FENCE_JOBS, nr_engines);

	/*
	 * While they complete: once a fence has signalled, every older one
	 * of its pipe has too. Newest first, so that a signal landing during
	 * the scan cannot be mistaken for a reordering.
	 */
	t0 = etna_now_ns();
	for (;;) {
		bool all = true;

		for (p = 0; p < ETNA_MAX_PIPES && order; p++) {
			int newest = -1;

			for (j = n; j-- > 0;) {
				if (engines[eng[j]].pipe != p)
					continue;
				ret = etna_wait_fence(fd, p, fences[j],
						      ETNA_WAIT_NONBLOCK, 0);
				if (newest < 0 && !ret)
					newest = j;
				else if (newest >= 0 && ret)
					order = fail("fence %u (job %d) "
						     "signalled before %u "
						     "(job %u): %s",
						     fences[newest], newest,
						     fences[j], j,
						     err_name(ret));
				if (newest < 0 && ret)
					all = false;
			}
		}
		if (all || !order || etna_now_ns() - t0 > 10 * SEC_NS)
			break;
	}
	report(order, "fences: a signalled fence implies every older one on "
	       "its pipe");

	for (p = 0; p < ETNA_MAX_PIPES; p++) {
		if (!any[p])
			continue;
		ret = etna_wait_fence(fd, p, last[p], 0, 5 * SEC_NS);
		ok = !ret || fail("WAIT_FENCE %u: %s", last[p], err_name(ret));
		report(ok, "fences: pipe%u newest fence signals", p);
	}
	ok = true;
	for (i = 0; i < n && ok; i++) {
		p = engines[eng[i]].pipe;
		ret = etna_wait_fence(fd, p, fences[i], 0, 1 * SEC_NS);
		ok = !ret || fail("WAIT_FENCE on job %u's fence %u (pipe %u) "
				  "after the newest signalled: %s", i,
				  fences[i], p, err_name(ret));
		ret = etna_wait_fence(fd, p, fences[i], ETNA_WAIT_NONBLOCK, 0);
		ok = ok && (!ret || fail("WAIT_FENCE NONBLOCK on job %u's "
					 "fence %u: %s", i, fences[i],
					 err_name(ret)));
	}
	report(ok, "fences: every older fence waits to 0 after the newest "
	       "signalled");
	ok = true;
	for (i = 0; i < n; i++) {
		if (sfd[i] < 0)
			continue;
		nr_sync++;
		st = sync_status(sfd[i]);
		if (st != 1 && ok)
			ok = fail("job %u's sync file status %s", i,
				  status_name(st));
		close(sfd[i]);
	}
	report(ok && nr_sync, "fences: %u sync files all signalled", nr_sync);

	ret = etna_gem_wait(fd, engines[0].pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("GEM_WAIT NONBLOCK: %s", err_name(ret));
	report(ok, "fences: shared BO idle after all fences");
	etna_gem_close(fd, bo);
	close(fd);
}

/*
 * Explicit synchronisation: a job with FENCE_FD_IN waits for its in-fence
 * (from a job held on a frozen core), while other pipes keep running.
 */
void test_fence_in(void)
{
	const struct engine *ea = &engines[0], *eb = &engines[nr_engines - 1];
	int fd = etna_open(), sa = -1, sc = -1, ret;
	uint32_t fa, fc, fd_;
	uint64_t t, ring0;
	bool ok;

	drain(fd);
	ret = knob_set(ea, "freeze", 1);
	ring0 = ring_digest();
	ret = ret ? ret : submit_job(fd, ea, 0, 0, 0, &fa, &sa);
	ret = ret ? ret : submit_ex(fd, eb, 0, 0, 0, ETNA_SUBMIT_FENCE_FD_IN,
				    sa, &fc, &sc);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "fence-in: job A on frozen %s, job C on %s waiting for A",
	       engine_name(ea), engine_name(eb));
	if (!ok)
		goto out;
	/* A is on the hardware: from here C waits for A, not the queue */
	ret = wait_ring_change(ring0, 5 * SEC_NS);
	ok = !ret || fail("the driver's ring in debugfs: %s", err_name(ret));
	report(ok, "fence-in: job A reaches the ring");
	if (eb->pipe != ea->pipe) {
		/*
		 * The event: a later job of another file on C's engine has
		 * run to its end. The scheduler takes the older job first
		 * (FIFO by submit time), so C, had it not waited for its
		 * in-fence, would have run before it, on the same ring
		 * (upstream 6.1's round robin may take the other file's
		 * first: weaker there, never wrong).
		 */
		int fd2 = etna_open();

		t = etna_now_ns();
		ret = submit_job(fd2, eb, 0, 0, 0, &fd_, NULL);
		ret = ret ? ret : etna_wait_fence(fd2, eb->pipe, fd_, 0,
						  10 * SEC_NS);
		t = etna_now_ns() - t;
		close(fd2);
		ok = !ret || fail("%s after %.3f s", err_name(ret), secs(t));
		report(ok, "fence-in: %s keeps running while pipe%u is frozen",
		       engine_name(eb), ea->pipe);
		ret = etna_wait_fence(fd, eb->pipe, fc, ETNA_WAIT_NONBLOCK, 0);
		ok = (ret == -EBUSY && sync_status(sc) == 0) ||
		     fail("C: WAIT_FENCE NONBLOCK %s, sync file %s",
			  err_name(ret), status_name(sync_status(sc)));
		report(ok, "fence-in: job C has not run before its in-fence");
	} else {
		/* C would wait behind A on the frozen ring anyway */
		printf("SKIP: func/fence-in: job C has not run before its "
		       "in-fence: one pipe, C would wait behind A on its "
		       "frozen ring whatever its in-fence\n");
	}
	knob_set(ea, "freeze", 0);
	ret = etna_wait_fence(fd, eb->pipe, fc, 0, 2 * SEC_NS);
	ok = (!ret && sync_status(sc) == 1) ||
	     fail("C: WAIT_FENCE %s, sync file %s", err_name(ret),
		  status_name(sync_status(sc)));
	report(ok, "fence-in: job C runs once A is done");

	ret = submit_ex(fd, eb, 0, 0, 0, ETNA_SUBMIT_FENCE_FD_IN, fd, NULL,
			NULL);
	ok = ret == -EINVAL || fail("got %s, want EINVAL", err_name(ret));
	report(ok, "fence-in: a DRM fd as in-fence: EINVAL");
	ret = submit_ex(fd, eb, 0, 0, 0, ETNA_SUBMIT_FENCE_FD_IN, -1, NULL,
			NULL);
	ok = ret == -EINVAL || fail("got %s, want EINVAL", err_name(ret));
	report(ok, "fence-in: in-fence fd -1: EINVAL");
out:
	knob_set(ea, "freeze", 0);
	if (sa >= 0)
		close(sa);
	if (sc >= 0)
		close(sc);
	close(fd);
}
