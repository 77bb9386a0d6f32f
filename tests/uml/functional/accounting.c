// SPDX-License-Identifier: MIT
/*
 * Accounting over a long run: what our driver counts for its clients and
 * its cores returns exactly to where it stood once thousands of jobs are
 * done, among them jobs refused after their charges were taken (a
 * relocation past its buffer), jobs whose sync file nobody waits for,
 * jobs in flight when their process is killed and when their file is
 * closed. The counters, from the driver's debugfs: the command-buffer
 * pool's bytes in use ("mm"), each core's events in use ("gpu"), every
 * open file's charges for GPU address space and command buffers ("gem"),
 * the address spaces ("mm"); and this file's fdinfo engine time grown by
 * no more than the run took (the killed and closed files' jobs on the
 * same engines count to them, not to it).
 */
#include "functional.h"

#define ACC_JOBS	2000
#define ACC_BURST	64	/* jobs of a process killed with them in flight */

struct acc {
	long long pool, events, va, cmd, spaces;
};

static void acc_read(struct acc *a)
{
	a->pool = driver_sum("mm", "pool bytes in use");
	a->events = driver_sum("gpu", "events in use");
	a->va = driver_sum("gem", "va charged");
	a->cmd = driver_sum("gem", "pool charged");
	a->spaces = driver_stat("mm", "address spaces");
}

/*
 * Until the counters are back at @want (a job's share is given back when
 * the scheduler frees it, after its fence), at most 20 s; @now is where
 * they stood last.
 */
static bool acc_settle(const struct acc *want, struct acc *now)
{
	unsigned int i;

	for (i = 0; i < 2000; i++) {
		acc_read(now);
		if (!memcmp(want, now, sizeof(*now)))
			return true;
		usleep(10000);
	}
	return false;
}

/* A process that submits ACC_BURST jobs and is killed with them queued. */
static void killed_burst(void)
{
	int ready[2], fd;
	char c = 0;
	unsigned int i;
	pid_t pid;

	if (pipe(ready))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		fd = etna_open();
		for (i = 0; i < ACC_BURST; i++)
			submit_job(fd, &engines[i % nr_engines], 0, 0, 0,
				   NULL, NULL);
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	if (pid > 0) {
		if (read(ready[0], &c, 1) != 1)
			c = 0;
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	close(ready[0]);
	close(ready[1]);
}

/* A second file of ours: 16 jobs, closed with them in flight. */
static void closed_file(void)
{
	int fd = etna_open();
	unsigned int i;

	for (i = 0; i < 16; i++)
		submit_job(fd, &engines[i % nr_engines], 0, 0, 0, NULL, NULL);
	close(fd);
}

void test_accounting(void)
{
	int fd = etna_open(), sfd;
	unsigned int i, refused = 0, other = 0;
	struct acc start, end;
	long long busy0[2], busy1[2];
	uint64_t t0, t;
	uint32_t bo = 0;
	bool ok;

	if (is_upstream()) {
		info("accounting", "skipped: upstream 6.1 shows none of these "
		     "counters");
		close(fd);
		return;
	}
	ok = !etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo) ||
	     fail("GEM_NEW");
	/* idle: no job anywhere holds an event or a charge (the last of
	 * drain()'s are freed a little after their fences) */
	drain(fd);
	for (i = 0; i < 2000; i++) {
		acc_read(&start);
		if (!start.events && !start.va && !start.cmd)
			break;
		usleep(10000);
	}
	ok = ok && ((start.pool > 0 && start.events >= 0 && start.va >= 0 &&
		     start.cmd >= 0 && start.spaces > 0) ||
		    fail("debugfs: pool %lld, events %lld, charges %lld/%lld, "
			 "spaces %lld", start.pool, start.events, start.va,
			 start.cmd, start.spaces));
	report(ok, "accounting: the counters read");
	if (!ok)
		goto out;

	t0 = etna_now_ns();
	busy0[0] = fdinfo(fd, "drm-engine-3d", NULL, 0);
	busy0[1] = fdinfo(fd, "drm-engine-2d", NULL, 0);
	for (i = 0; i < ACC_JOBS; i++) {
		const struct engine *e = &engines[i % nr_engines];

		switch (i % 10) {
		case 0:	/* refused once mapped and charged */
			refused += submit_ex(fd, e, bo, ETNA_SUBMIT_BO_READ,
					     JOB_BO_SIZE + 64, 0, -1, NULL,
					     NULL) == -EINVAL;
			break;
		case 1:	/* a sync file nobody waits for */
			if (!submit_job(fd, e, bo, ETNA_SUBMIT_BO_READ, 0,
					NULL, &sfd))
				close(sfd);
			break;
		default:
			submit_job(fd, e, bo, ETNA_SUBMIT_BO_READ, 0, NULL,
				   NULL);
			break;
		}
		if (i % 250 == 125) {
			killed_burst();
			other += ACC_BURST;
		}
		if (i % 500 == 250) {
			closed_file();
			other += 16;
		}
	}
	report(refused == ACC_JOBS / 10 ||
	       fail("%u of %u refused", refused, ACC_JOBS / 10),
	       "accounting: every submit past its buffer refused");
	drain(fd);
	busy1[0] = fdinfo(fd, "drm-engine-3d", NULL, 0);
	busy1[1] = fdinfo(fd, "drm-engine-2d", NULL, 0);
	t = etna_now_ns() - t0;
	ok = true;
	for (i = 0; i < 2; i++)
		ok = ok && (busy1[i] - busy0[i] <= (long long)t ||
			    fail("drm-engine-%s +%lld ns in %llu ns",
				 i ? "2d" : "3d", busy1[i] - busy0[i],
				 (unsigned long long)t));
	report(ok, "accounting: the file's fdinfo engine time grew by no "
	       "more than the run took, on each engine");
	ok = acc_settle(&start, &end);
	info("accounting", "%u jobs of this file, %u of killed processes and "
	     "closed files; pool %lld -> %lld bytes, events %lld -> %lld, "
	     "charges %lld/%lld -> %lld/%lld, spaces %lld -> %lld",
	     ACC_JOBS, other, start.pool, end.pool, start.events, end.events,
	     start.va, start.cmd, end.va, end.cmd, start.spaces, end.spaces);
	report(end.pool == start.pool ||
	       fail("%lld bytes, %lld before", end.pool, start.pool),
	       "accounting: the command-buffer pool back to where it was");
	report(end.events == start.events ||
	       fail("%lld events, %lld before", end.events, start.events),
	       "accounting: every event given back");
	report((end.va == start.va && end.cmd == start.cmd) ||
	       fail("va %lld, pool %lld; before %lld, %lld", end.va, end.cmd,
		    start.va, start.cmd),
	       "accounting: every file's charges back to where they were");
	report(end.spaces == start.spaces ||
	       fail("%lld, %lld before", end.spaces, start.spaces),
	       "accounting: the address spaces of the gone files freed");
out:
	if (bo)
		etna_gem_close(fd, bo);
	close(fd);
}
