// SPDX-License-Identifier: MIT
/*
 * conformance: GEM_SUBMIT fence file descriptors; pending jobs held by
 * vgem fences; the timeouts libdrm's etnaviv sends
 */
#include <pthread.h>

#include "conformance.h"

static void test_libdrm_timeouts(const struct engine *e, int fd2);

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: fence file descriptors */

void test_submit_fence_fds(const struct engine *e, int drm_fd2)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	struct sync_file_info sinfo;
	int ret, sfd = -1, sfd2, closed, flags, devnull;
	bool ok;

	/* FENCE_FD_OUT: a close-on-exec sync_file that signals */
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_OUT;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = !ret || fail("SUBMIT returned %s", err_name(ret));
	if (ok) {
		sfd = req.fence_fd;
		flags = sfd >= 0 ? fcntl(sfd, F_GETFD) : -1;
		memset(&sinfo, 0, sizeof(sinfo));
		if (sfd < 0)
			ok = fail("fence_fd %d", sfd);
		else if (flags < 0 || !(flags & FD_CLOEXEC))
			ok = fail("fence fd not close-on-exec");
		else if (etna_ioctl(sfd, SYNC_IOC_FILE_INFO, &sinfo))
			ok = fail("SYNC_IOC_FILE_INFO: %s", strerror(errno));
		else if (sinfo.num_fences != 1)
			ok = fail("sync_file has %u fences", sinfo.num_fences);
		else if (!fd_ready(sfd, POLLIN, 10000))
			ok = fail("poll(POLLIN) on the fence fd timed out");
		if (!finish(e->pipe, req.fence, "its fence"))
			ok = false;
		if (ok) {
			memset(&sinfo, 0, sizeof(sinfo));
			if (etna_ioctl(sfd, SYNC_IOC_FILE_INFO, &sinfo) ||
			    sinfo.status != 1)
				ok = fail("signalled sync_file has status %d",
					  sinfo.status);
		}
	}
	report(ok, "submit-fence-fd-out/%s (sync_file, cloexec, polls "
	       "ready, status 1)", e->name);

	/* FENCE_FD_IN with that (signalled) sync_file, and a new out fd */
	if (sfd >= 0) {
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
		req.flags = ETNA_SUBMIT_FENCE_FD_IN;
		req.fence_fd = sfd;
		sub_expect(e, &req, 0, "fence-fd-in");
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
		req.flags = ETNA_SUBMIT_FENCE_FD_IN | ETNA_SUBMIT_FENCE_FD_OUT;
		req.fence_fd = sfd;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
		sfd2 = ret ? -1 : req.fence_fd;
		ok = !ret || fail("SUBMIT returned %s", err_name(ret));
		if (ok && (sfd2 < 0 || sfd2 == sfd))
			ok = fail("fence_fd %d (in: %d)", sfd2, sfd);
		if (!ret && !finish(e->pipe, req.fence, "its fence"))
			ok = false;
		if (ok && !fd_ready(sfd2, POLLIN, 10000))
			ok = fail("new fence fd not ready");
		if (sfd2 >= 0)
			close(sfd2);
		report(ok, "submit-fence-fd-in-and-out/%s (accepted, new fd)",
		       e->name);
		close(sfd);
	}

	/*
	 * Without FENCE_FD_OUT upstream overwrites fence_fd with -1; ours
	 * leaves the caller's value (e.g. its in-fence) alone.
	 */
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.fence_fd = 1234;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = !ret || fail("SUBMIT returned %s", err_name(ret));
	if (ok && req.fence_fd != (upstream ? -1 : 1234))
		ok = fail("fence_fd is %d afterwards", req.fence_fd);
	if (!ret && !finish(e->pipe, req.fence, "its fence"))
		ok = false;
	report(ok, "submit-no-fence-fd-out-leaves-fence-fd/%s (fence_fd "
	       "1234 in; ours: 1234 out; upstream: -1 out)", e->name);

	/* bad input fences */
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN;
	req.fence_fd = -1;
	sub_expect(e, &req, -EINVAL, "fence-fd-in-minus-1");
	closed = lowest_free_fd();
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN;
	req.fence_fd = closed;
	sub_expect(e, &req, -EINVAL, "fence-fd-in-closed-fd");
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN;
	req.fence_fd = devnull;
	sub_expect(e, &req, -EINVAL, "fence-fd-in-dev-null");
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN;
	req.fence_fd = drm_fd2;
	sub_expect(e, &req, -EINVAL, "fence-fd-in-drm-fd");
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN | ETNA_SUBMIT_FENCE_FD_OUT;
	req.fence_fd = devnull;
	sub_expect(e, &req, -EINVAL, "fence-fd-in-dev-null-with-fd-out");
	if (devnull >= 0)
		close(devnull);
}

/* ------------------------------------------------------------------ */
/* Pending jobs: vgem fences keep them from running */

/*
 * A vgem buffer with an unsignalled write fence, imported into both
 * etnaviv files: jobs that use it implicitly stay pending until the
 * fence is signalled (or vgem's 10 s timeout passes).
 */

int pending_setup(struct pending *pd, int fd2)
{
	char node[32], err[600];
	struct drm_mode_create_dumb cd = {
		.width = 256, .height = BO_SIZE / 1024, .bpp = 32,
	};
	struct drm_prime_handle ph = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	int ret;

	memset(pd, 0, sizeof(*pd));
	pd->dmabuf = -1;
	pd->vfd = vgem_open(node, sizeof(node), err, sizeof(err));
	if (pd->vfd < 0)
		return fail("%s", err), pd->vfd;
	ret = etna_ioctl(pd->vfd, DRM_IOCTL_MODE_CREATE_DUMB, &cd);
	if (ret)
		return fail("vgem CREATE_DUMB: %s", err_name(ret)), ret;
	pd->vh = cd.handle;
	ph.handle = cd.handle;
	ret = etna_ioctl(pd->vfd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph);
	if (ret)
		return fail("vgem export: %s", err_name(ret)), ret;
	pd->dmabuf = ph.fd;
	ret = prime_import(fd, pd->dmabuf, &pd->ih);
	ret = ret ?: prime_import(fd2, pd->dmabuf, &pd->ih2);
	if (ret)
		return fail("etnaviv import: %s", err_name(ret)), ret;
	fa.handle = pd->vh;
	ret = etna_ioctl(pd->vfd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
	if (ret)
		return fail("vgem FENCE_ATTACH: %s", err_name(ret)), ret;
	pd->vfence = fa.out_fence;
	return 0;
}

int pending_release(struct pending *pd)
{
	struct drm_vgem_fence_signal fs = { .fence = pd->vfence };

	return etna_ioctl(pd->vfd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
}

void test_busy(const struct engine *e, int fd2)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bos[3];
	struct drm_etnaviv_gem_submit req;
	uint32_t wbo = 0, rbo = 0, fa = 0, fb = 0, fd2_fence = 0, other;
	uint64_t t0, dt;
	struct pending pd;
	int ret, sfd = -1;
	bool ok;

	ret = pending_setup(&pd, fd2);
	report(!ret, "busy-setup/%s (vgem fence on an imported buffer)",
	       e->name);
	if (ret)
		goto out;
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &wbo) ||
	    etna_gem_new(fd, 4096, ETNA_BO_WC, &rbo)) {
		fail("GEM_NEW failed");
		report(false, "busy-bos/%s", e->name);
		goto out_release;
	}

	/* job A: reads the vgem buffer (waits for its writer) */
	memset(bos, 0, sizeof(bos));
	bos[0] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = pd.ih };
	bos[1] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = wbo };
	bos[2] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = rbo };
	req = sub_init(e, nop, 2, bos, 3, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_OUT;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	expect(ret, 0, "busy-submit-waiting-on-vgem/%s", e->name);
	if (ret)
		goto out_release;
	fa = req.fence;
	sfd = req.fence_fd;

	ret = etna_wait_fence(fd, e->pipe, fa, ETNA_WAIT_NONBLOCK, 0);
	expect(ret, -EBUSY, "wait-fence-pending-nonblock/%s", e->name);
	expect(wait_fence_ts(e->pipe, fa, 0, ts_at(0, 0)), -ETIMEDOUT,
	       "wait-fence-pending-timeout-0/%s", e->name);
	expect(wait_fence_ts(e->pipe, fa, 0, ts_ago(SEC_NS)), -ETIMEDOUT,
	       "wait-fence-pending-timeout-1s-ago/%s", e->name);
	/*
	 * tv_nsec out of [0, 1 s) is taken as it adds to tv_sec, by both
	 * drivers (libdrm sends such times, test_libdrm_timeouts()): 1 s
	 * and -1 ns after the clock's start have passed
	 */
	expect(wait_fence_ts(e->pipe, fa, 0, ts_at(0, SEC_NS)), -ETIMEDOUT,
	       "wait-fence-tv-nsec-1s/%s", e->name);
	expect(wait_fence_ts(e->pipe, fa, 0, ts_at(0, -1)), -ETIMEDOUT,
	       "wait-fence-tv-nsec-negative/%s", e->name);
	expect(gem_wait(e->pipe, wbo, 0, ts_at(0, SEC_NS)), -ETIMEDOUT,
	       "gem-wait-tv-nsec-1s/%s", e->name);
	expect(cpu_prep(wbo, ETNA_PREP_READ, ts_at(0, -1)), -ETIMEDOUT,
	       "cpu-prep-tv-nsec-negative/%s", e->name);
	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa, 0, 50 * MS_NS);
	dt = etna_now_ns() - t0;
	if (ret == -ETIMEDOUT && (dt < 40 * MS_NS || dt > 5 * SEC_NS))
		ret = (fail("returned after %llu ms",
			    (unsigned long long)(dt / MS_NS)), -1000);
	expect(ret, -ETIMEDOUT, "wait-fence-pending-timeout-50ms/%s", e->name);

	expect(gem_wait(e->pipe, wbo, ETNA_WAIT_NONBLOCK, ts_at(0, 0)), -EBUSY,
	       "gem-wait-written-nonblock/%s", e->name);
	expect(gem_wait(e->pipe, wbo, 0, ts_at(0, 0)), -ETIMEDOUT,
	       "gem-wait-written-timeout-0/%s", e->name);
	expect(gem_wait(e->pipe, rbo, ETNA_WAIT_NONBLOCK, ts_at(0, 0)), -EBUSY,
	       "gem-wait-read-nonblock/%s (any use)", e->name);
	for (other = 0; other < ETNA_MAX_PIPES; other++)
		if (present[other] && other != e->pipe)
			break;
	if (other < ETNA_MAX_PIPES)
		expect(gem_wait(other, wbo, ETNA_WAIT_NONBLOCK, ts_at(0, 0)),
		       -EBUSY, "gem-wait-other-pipe%u-nonblock/%s (all cores)",
		       other, e->name);

	expect(cpu_prep(wbo, ETNA_PREP_READ | ETNA_PREP_NOSYNC, ts_at(0, 0)),
	       -EBUSY, "cpu-prep-written-read-nosync/%s", e->name);
	expect(cpu_prep(wbo, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, ts_at(0, 0)),
	       -EBUSY, "cpu-prep-written-write-nosync/%s", e->name);
	expect(cpu_prep(wbo, ETNA_PREP_READ, ts_at(0, 0)), -ETIMEDOUT,
	       "cpu-prep-written-read-timeout-0/%s", e->name);
	t0 = etna_now_ns();
	ret = cpu_prep(wbo, ETNA_PREP_READ, etna_timeout(50 * MS_NS));
	dt = etna_now_ns() - t0;
	if (ret == -ETIMEDOUT && (dt < 40 * MS_NS || dt > 5 * SEC_NS))
		ret = (fail("returned after %llu ms",
			    (unsigned long long)(dt / MS_NS)), -1000);
	expect(ret, -ETIMEDOUT, "cpu-prep-written-read-timeout-50ms/%s",
	       e->name);
	ret = cpu_prep(rbo, ETNA_PREP_READ | ETNA_PREP_NOSYNC, ts_at(0, 0));
	expect(ret, 0, "cpu-prep-read-by-gpu-read-nosync/%s (no writer)",
	       e->name);
	if (!ret)
		cpu_fini(rbo, 0);
	expect(cpu_prep(rbo, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, ts_at(0, 0)),
	       -EBUSY, "cpu-prep-read-by-gpu-write-nosync/%s", e->name);
	expect(cpu_prep(rbo, ETNA_PREP_WRITE, ts_ago(SEC_NS)), -ETIMEDOUT,
	       "cpu-prep-read-by-gpu-write-timeout-1s-ago/%s", e->name);

	ok = !fd_ready(sfd, POLLIN, 0) ||
	     fail("fence fd ready while the job waits");
	report(ok, "fence-fd-out-pending-not-ready/%s", e->name);

	/* job B waits for A through its sync_file only */
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_IN | ETNA_SUBMIT_NO_IMPLICIT;
	req.fence_fd = sfd;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	expect(ret, 0, "submit-fence-fd-in-pending/%s", e->name);
	if (!ret) {
		fb = req.fence;
		expect(etna_wait_fence(fd, e->pipe, fb, ETNA_WAIT_NONBLOCK, 0),
		       -EBUSY, "wait-fence-behind-fence-fd-in-nonblock/%s",
		       e->name);
	}

	/* another file: NO_IMPLICIT jobs ignore the vgem fence */
	bos[0] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = pd.ih2 };
	req = sub_init(e, nop, 2, bos, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_NO_IMPLICIT;
	ret = etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = !ret || fail("SUBMIT: %s", err_name(ret));
	if (!ret) {
		struct drm_etnaviv_wait_fence w = {
			.pipe = e->pipe, .fence = req.fence,
			.timeout = etna_timeout(3 * SEC_NS),
		};

		fd2_fence = req.fence;
		ret = etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &w);
		ok = !ret || fail("its fence: %s", err_name(ret));
	}
	report(ok, "submit-no-implicit-ignores-foreign-fence/%s", e->name);
	/* ... and jobs with implicit sync on that file wait for it */
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	req = sub_init(e, nop, 2, bos, 1, NULL, 0);
	ret = etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = !ret || fail("SUBMIT: %s", err_name(ret));
	if (!ret) {
		struct drm_etnaviv_wait_fence w = {
			.pipe = e->pipe, .fence = req.fence,
			.flags = ETNA_WAIT_NONBLOCK,
		};

		fd2_fence = req.fence;
		ret = etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &w);
		ok = ret == -EBUSY || fail("NONBLOCK wait: %s", err_name(ret));
	}
	report(ok, "submit-implicit-waits-for-foreign-fence/%s", e->name);

out_release:
	ret = pending_release(&pd);
	report(!ret || fail("VGEM_FENCE_SIGNAL: %s", err_name(ret)),
	       "busy-release/%s (vgem fence signalled)", e->name);
	if (fa || fb) {
		if (fa)
			expect(etna_wait_fence(fd, e->pipe, fa, 0,
					       5 * SEC_NS), 0,
			       "wait-fence-released/%s", e->name);
		if (fb)
			expect(etna_wait_fence(fd, e->pipe, fb, 0,
					       5 * SEC_NS), 0,
			       "wait-fence-released-fence-fd-in/%s", e->name);
		ok = fd_ready(sfd, POLLIN, 5000) ||
		     fail("not ready after release");
		report(ok, "fence-fd-out-released-ready/%s", e->name);
		expect(gem_wait(e->pipe, wbo, 0, etna_timeout(5 * SEC_NS)), 0,
		       "gem-wait-released/%s", e->name);
		ret = cpu_prep(wbo, ETNA_PREP_WRITE, etna_timeout(5 * SEC_NS));
		expect(ret, 0, "cpu-prep-released/%s", e->name);
		if (!ret)
			cpu_fini(wbo, 0);
		/* fences of this pipe: job A and B are the newest */
		if (fb)
			fa = fb;
		if (!have_fence[e->pipe] ||
		    (int32_t)(fa - last_fence[e->pipe]) > 0) {
			have_fence[e->pipe] = true;
			last_fence[e->pipe] = fa;
		}
	}
	if (fd2_fence) {
		struct drm_etnaviv_wait_fence w = {
			.pipe = e->pipe, .fence = fd2_fence,
			.timeout = etna_timeout(5 * SEC_NS),
		};

		expect(etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &w), 0,
		       "wait-fence-released-other-file/%s", e->name);
		if ((int32_t)(fd2_fence - last_fence[e->pipe]) > 0)
			last_fence[e->pipe] = fd2_fence;
	}
	if (sfd >= 0)
		close(sfd);
	if (wbo)
		etna_gem_close(fd, wbo);
	if (rbo)
		etna_gem_close(fd, rbo);
	report(alive(e), "busy-then-valid-submit/%s", e->name);
	/* once, on the first engine: the timeouts are the same for all */
	if (e == &engines[0])
		test_libdrm_timeouts(e, fd2);
out:
	if (pd.ih)
		etna_gem_close(fd, pd.ih);
	if (pd.ih2)
		etna_gem_close(fd2, pd.ih2);
	if (pd.dmabuf >= 0)
		close(pd.dmabuf);
	if (pd.vfd >= 0)
		close(pd.vfd);
}

/* ------------------------------------------------------------------ */
/* The timeouts libdrm's etnaviv sends */

/*
 * The deadline libdrm's etnaviv computes for a timeout of @ns (its
 * get_abs_timeout(), etnaviv_priv.h, in 2.4.114 as Debian 12 ships it and
 * in the releases around it): the whole seconds are multiplied by 10^9 in
 * 32 bits, so from 5 s on tv_nsec carries multiples of 2^32 ns, and for
 * an infinite wait (UINT64_MAX ns, whose seconds are cut to 32 bits too)
 * it is negative. libdrm sends it with CPU_PREP (always 5 s) and
 * WAIT_FENCE (etna_pipe_wait_ns()).
 */
static struct drm_etnaviv_timespec libdrm_timeout(uint64_t ns)
{
	struct drm_etnaviv_timespec tv;
	struct timespec t;
	uint32_t s = ns / 1000000000;

	clock_gettime(CLOCK_MONOTONIC, &t);
	tv.tv_sec = t.tv_sec + s;
	tv.tv_nsec = t.tv_nsec + ns - (uint32_t)(s * 1000000000u);
	return tv;
}

struct released {
	struct pending *pd;
	pid_t waiter;		/* the thread that waits */
	bool returned;		/* its wait has returned */
	int ret;
};

/* Whether thread @tid of this process sleeps (state S in its stat). */
static bool thread_sleeps(pid_t tid)
{
	char path[64], buf[256], *p;
	ssize_t n;
	int f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = open(path, O_RDONLY | O_CLOEXEC);
	if (f < 0)
		return false;
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* the name may hold blanks */
	return p && p[1] == ' ' && p[2] == 'S';
}

/*
 * The event: the waiter sleeps (in its wait: it runs nothing else that
 * sleeps), or its wait has returned; at most 30 s. Then signal the fence.
 */
static void *release_later(void *arg)
{
	struct released *r = arg;
	uint64_t t0 = etna_now_ns();

	while (!__atomic_load_n(&r->returned, __ATOMIC_ACQUIRE) &&
	       !thread_sleeps(r->waiter) && etna_now_ns() - t0 < 30 * SEC_NS)
		usleep(1000);
	r->ret = pending_release(r->pd);
	return NULL;
}

/*
 * A wait with libdrm's deadline for @ns on a job held by a vgem fence,
 * which another thread signals once the wait sleeps: WAIT_FENCE (@cpu false) or
 * CPU_PREP READ of a buffer the job writes. Return: the call's result.
 */
static int libdrm_wait_pending(const struct engine *e, int fd2, uint64_t ns,
			       bool cpu)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bos[2];
	struct drm_etnaviv_gem_submit req;
	struct released r = { 0 };
	struct pending pd;
	pthread_t th;
	uint32_t wbo = 0;
	int ret;

	ret = pending_setup(&pd, fd2);
	if (!ret)
		ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &wbo);
	if (ret) {
		ret = -1000;
		goto out;
	}
	bos[0] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = pd.ih };
	bos[1] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = wbo };
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (ret) {
		pending_release(&pd);
		ret = -2000;
		goto out;
	}
	r.pd = &pd;
	r.waiter = syscall(SYS_gettid);
	if (pthread_create(&th, NULL, release_later, &r)) {
		pending_release(&pd);
		ret = -3000;
	} else {
		ret = cpu ? cpu_prep(wbo, ETNA_PREP_READ, libdrm_timeout(ns)) :
			    wait_fence_ts(e->pipe, req.fence, 0,
					  libdrm_timeout(ns));
		__atomic_store_n(&r.returned, true, __ATOMIC_RELEASE);
		pthread_join(th, NULL);
		if (!ret && r.ret)
			ret = -4000;
	}
	if (!ret && cpu)
		cpu_fini(wbo, 0);
	if (!finish(e->pipe, req.fence, "the held job") && !ret)
		ret = -5000;
out:
	if (wbo)
		etna_gem_close(fd, wbo);
	if (pd.ih)
		etna_gem_close(fd, pd.ih);
	if (pd.ih2)
		etna_gem_close(fd2, pd.ih2);
	if (pd.dmabuf >= 0)
		close(pd.dmabuf);
	if (pd.vfd >= 0)
		close(pd.vfd);
	return ret;
}

/*
 * CPU_PREP and WAIT_FENCE with exactly what libdrm's etnaviv sends, for
 * timeouts below 5 s and from 5 s on (tv_nsec of 2^32 ns and more) to an
 * infinite wait (tv_nsec negative): on an idle buffer and a signalled
 * fence they succeed at once (libdrm's buffer cache asks CPU_PREP with
 * NOSYNC whether a cached buffer is idle), and a wait for a job finishes
 * when the job does, without an error. Linux 6.1 takes these times as
 * they come; our driver once refused them with EINVAL, and the cache then
 * took every cached buffer for busy.
 */
static void test_libdrm_timeouts(const struct engine *e, int fd2)
{
	static const struct {
		uint64_t ns;
		const char *name;
		bool pending;
	} to[] = {
		{ SEC_NS, "1s", false }, { 4 * SEC_NS, "4s", false },
		{ 5 * SEC_NS, "5s", true }, { 9 * SEC_NS, "9s", true },
		{ 100 * SEC_NS, "100s", false },
		{ UINT64_MAX, "infinite", true },
	};
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit req;
	uint32_t bo = 0, i;
	int ret;

	ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &bo);
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	if (!ret)
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret && !finish(e->pipe, req.fence, "a job"))
		ret = -ETIMEDOUT;
	report(!ret || fail("setup: %s", err_name(ret)),
	       "libdrm-timeout-setup/%s (an idle buffer, a signalled fence)",
	       e->name);
	if (ret)
		goto out;
	for (i = 0; i < ARRAY_SIZE(to); i++) {
		expect(cpu_prep(bo, ETNA_PREP_READ | ETNA_PREP_WRITE |
				ETNA_PREP_NOSYNC, libdrm_timeout(to[i].ns)), 0,
		       "libdrm-timeout-%s-cpu-prep-nosync-idle/%s (the bo "
		       "cache's question)", to[i].name, e->name);
		cpu_fini(bo, 0);
		expect(wait_fence_ts(e->pipe, req.fence, 0,
				     libdrm_timeout(to[i].ns)), 0,
		       "libdrm-timeout-%s-wait-fence-signalled/%s",
		       to[i].name, e->name);
		if (!to[i].pending)
			continue;
		expect(libdrm_wait_pending(e, fd2, to[i].ns, false), 0,
		       "libdrm-timeout-%s-wait-fence-pending/%s (returns when "
		       "the job is done)", to[i].name, e->name);
		expect(libdrm_wait_pending(e, fd2, to[i].ns, true), 0,
		       "libdrm-timeout-%s-cpu-prep-pending/%s (returns when "
		       "the job is done)", to[i].name, e->name);
	}
out:
	if (bo)
		etna_gem_close(fd, bo);
}
