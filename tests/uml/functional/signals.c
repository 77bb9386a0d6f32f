// SPDX-License-Identifier: MIT
/*
 * functional: waits interrupted by a signal, and the submit throttle.
 *
 * A job reading a vgem buffer that vgem holds a write fence on cannot
 * run until vgem signals it; every job its file queues behind it on the
 * same pipe waits too. Against that blocked queue, through ioctls made
 * once (no EINTR retry, as a program without a retry loop sees them):
 * WAIT_FENCE, GEM_WAIT and CPU_PREP return EINTR when a signal without
 * SA_RESTART arrives, and restart (then time out as asked) with
 * SA_RESTART, since their timeouts are absolute; our driver lets a file
 * queue 64 jobs on a pipe, the next submit sleeps until the queue is
 * half empty or for at most a second, and a signal interrupts that sleep
 * with EINTR. Another file's jobs run meanwhile; once vgem signals, the
 * whole queue runs.
 */
#include "functional.h"

#include <signal.h>
#include <sys/time.h>

#define QUEUE_MAX	64	/* our driver's queue per file and pipe */

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	alarms++;
}

/* SIGALRM @ms from now, with or without SA_RESTART. */
static void alarm_in(unsigned int ms, bool restart)
{
	struct sigaction sa = {
		.sa_handler = on_alarm, .sa_flags = restart ? SA_RESTART : 0,
	};
	struct itimerval it = {
		.it_value = { .tv_sec = ms / 1000,
			      .tv_usec = (ms % 1000) * 1000 },
	};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
}

static void alarm_off(void)
{
	struct itimerval it = { 0 };

	setitimer(ITIMER_REAL, &it, NULL);
}

/* One interrupted wait: @what is the ioctl's name for the report. */
static void interrupted(const char *en, const char *what, int fd,
			unsigned long req, void *arg)
{
	sig_atomic_t before = alarms;
	int ret;

	alarm_in(50, false);
	ret = etna_ioctl_once(fd, req, arg);
	alarm_off();
	report((ret == -EINTR && alarms == before + 1) ||
	       fail("got %s, %d alarms, want EINTR after one",
		    err_name(ret), (int)(alarms - before)),
	       "signals %s: %s interrupted by a signal returns EINTR", en,
	       what);
}

void test_signals(const struct engine *e)
{
	const char *en = engine_name(e);
	struct drm_vgem_fence_signal fs = { 0 };
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	uint32_t vh = 0, h = 0, fj = 0, fl = 0, fo;
	int fd = etna_open(), fd2 = etna_open(), vfd, dmabuf = -1, ret, n;
	char node[64], err[600];
	uint64_t t;
	bool ok;

	vfd = vgem_open(node, sizeof(node), err, sizeof(err));
	ret = vfd < 0 ? -ENODEV : vgem_dumb_export(vfd, JOB_BO_SIZE, &vh,
						   &dmabuf);
	ret = ret ? ret : prime_import(fd, dmabuf, &h);
	fa.handle = vh;
	ret = ret ? ret : etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
	fs.fence = fa.out_fence;
	/* job J waits for vgem's write fence */
	ret = ret ? ret : submit_job(fd, e, h, ETNA_SUBMIT_BO_READ, 0, &fj,
				     NULL);
	ok = !ret || fail("%s", vfd < 0 ? err : err_name(ret));
	report(ok, "signals %s: a job blocked behind a vgem write fence", en);
	if (!ok)
		goto out;

	{
		struct drm_etnaviv_wait_fence wf = {
			.pipe = e->pipe, .fence = fj,
			.timeout = etna_timeout(5 * SEC_NS),
		};
		struct drm_etnaviv_gem_wait gw = {
			.pipe = e->pipe, .handle = h,
			.timeout = etna_timeout(5 * SEC_NS),
		};
		struct drm_etnaviv_gem_cpu_prep cp = {
			.handle = h, .op = ETNA_PREP_WRITE,
			.timeout = etna_timeout(5 * SEC_NS),
		};
		sig_atomic_t before = alarms;

		interrupted(en, "WAIT_FENCE", fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE,
			    &wf);
		interrupted(en, "GEM_WAIT", fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &gw);
		interrupted(en, "CPU_PREP", fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP,
			    &cp);

		/* with SA_RESTART the wait goes on to its own deadline */
		wf.timeout = etna_timeout(300 * MS_NS);
		alarm_in(50, true);
		ret = etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &wf);
		alarm_off();
		ok = (ret == -ETIMEDOUT && alarms == before + 4) ||
		     fail("got %s, %d alarms, want ETIMEDOUT after 4",
			  err_name(ret), (int)(alarms - before));
		report(ok, "signals %s: WAIT_FENCE with SA_RESTART restarts "
		       "and times out at its deadline", en);
	}

	/* another file's job on the same pipe is not held up */
	ret = submit_job(fd2, e, 0, 0, 0, &fo, NULL);
	ret = ret ? ret : etna_wait_fence(fd2, e->pipe, fo, 0, 5 * SEC_NS);
	ok = !ret || fail("%s", err_name(ret));
	report(ok, "signals %s: another file's job runs meanwhile", en);

	/* fill the file's queue on this pipe behind J */
	for (n = 1, ret = 0; n < QUEUE_MAX && !ret; n++)
		ret = submit_job(fd, e, 0, 0, 0, &fl, NULL);
	ok = !ret || fail("job %d: %s", n, err_name(ret));
	report(ok, "signals %s: %d jobs queued behind J", en, QUEUE_MAX - 1);
	if (!ok)
		goto release;
	if (!is_upstream()) {
		sig_atomic_t before = alarms;

		submit_once = true;
		alarm_in(100, false);
		ret = submit_job(fd, e, 0, 0, 0, &fl, NULL);
		alarm_off();
		submit_once = false;
		ok = (ret == -EINTR && alarms == before + 1) ||
		     fail("got %s, want EINTR", err_name(ret));
		report(ok, "signals %s: a submit past the queue's %d jobs "
		       "sleeps, and a signal interrupts it with EINTR", en,
		       QUEUE_MAX);

		/* without a signal it sleeps its second, then queues */
		t = etna_now_ns();
		ret = submit_job(fd, e, 0, 0, 0, &fl, NULL);
		t = etna_now_ns() - t;
		ok = (!ret && t >= 900 * MS_NS && t < 5 * SEC_NS) ||
		     fail("%s after %.3f s, want 0 after 1 s", err_name(ret),
			  secs(t));
		report(ok, "signals %s: past the queue's %d jobs a submit "
		       "sleeps 1 s at most, then queues", en, QUEUE_MAX);
	} else {
		/* upstream 6.1 has no bound: record what it does */
		t = etna_now_ns();
		ret = submit_job(fd, e, 0, 0, 0, &fl, NULL);
		info("signals", "%s: the 65th queued submit: %s after %.3f s",
		     en, err_name(ret), secs(etna_now_ns() - t));
	}

release:
	ret = etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
	ret = ret ? ret : etna_wait_fence(fd, e->pipe, fj, 0, 5 * SEC_NS);
	ret = ret ? ret : etna_wait_fence(fd, e->pipe, fl, 0, 5 * SEC_NS);
	ok = !ret || fail("%s", err_name(ret));
	report(ok, "signals %s: once vgem signals, J and the queue behind "
	       "it run", en);
out:
	alarm_off();
	if (h)
		etna_gem_close(fd, h);
	if (dmabuf >= 0)
		close(dmabuf);
	if (vfd >= 0)
		close(vfd);
	close(fd);
	close(fd2);
}
