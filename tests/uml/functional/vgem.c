// SPDX-License-Identifier: MIT
/* functional: PRIME with vgem, and its implicit fences */
#include "functional.h"

int vgem_fd = -1;	/* kept open for the prime-sync checks */

void test_prime_vgem(void)
{
	const size_t size = JOB_BO_SIZE;
	char node[64], err[600];
	uint32_t h = 0, vh = 0, back = 0, h2 = 0, dh = 0, eh = 0, *p = NULL,
		 *vp = NULL;
	int fd1 = etna_open(), fd2 = etna_open(), vfd, dmabuf = -1,
	    dmabuf2 = -1, dmabuf3 = -1, ret;
	bool ok;

	vfd = vgem_open(node, sizeof(node), err, sizeof(err));
	ok = vfd >= 0 || fail("%s", err);
	report(ok, "prime-vgem: vgem device opened");
	if (vfd < 0)
		goto out;
	info("prime-vgem", "vgem is %s", node);

	/* etnaviv -> vgem -> etnaviv */
	ret = etna_gem_new(fd1, size, ETNA_BO_WC, &h);
	if (!ret)
		p = map_bo(fd1, h, size);
	if (p)
		fill(p, size, 0x7101);
	ret = ret ? ret : prime_export(fd1, h, &dmabuf);
	ret = ret ? ret : prime_import(vfd, dmabuf, &vh);
	ok = (!ret && p) || fail("%s", ret ? err_name(ret) : why);
	report(ok, "prime-vgem: etnaviv BO imported into vgem");
	if (!ok)
		goto out;
	ret = prime_export(vfd, vh, &dmabuf2);
	ret = ret ? ret : prime_import(fd1, dmabuf2, &back);
	ok = (!ret && back == h) ||
	     fail("%s, handle %u, want the original %u", err_name(ret), back,
		  h);
	report(ok, "prime-vgem: re-exported by vgem, it comes back to "
	       "etnaviv as the original handle");
	if (dmabuf2 >= 0) {
		uint32_t *q = NULL;

		ret = prime_import(fd2, dmabuf2, &h2);
		if (!ret)
			q = map_bo(fd2, h2, size);
		ok = (!ret && q && check_pattern(q, size, 0x7101,
						 "through vgem's re-export")) ||
		     fail("%s", ret ? err_name(ret) : why);
		if (q)
			munmap(q, size);
		report(ok, "prime-vgem: contents through vgem's re-export on "
		       "another etnaviv file");
	}

	/* vgem -> etnaviv */
	{
		struct drm_mode_create_dumb cd = {
			.width = 256, .height = size / 1024, .bpp = 32,
		};
		struct drm_mode_map_dumb md = { 0 };
		uint32_t *q = NULL;

		ret = etna_ioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &cd);
		if (!ret) {
			md.handle = cd.handle;
			ret = etna_ioctl(vfd, DRM_IOCTL_MODE_MAP_DUMB, &md);
		}
		if (!ret) {
			vp = map_fd(vfd, md.offset, size);
			if (!vp)
				ret = -errno;
		}
		ok = (!ret && cd.size >= size) ||
		     fail("vgem CREATE_DUMB/MAP_DUMB/mmap: %s, size %llu",
			  err_name(ret), (unsigned long long)cd.size);
		report(ok, "prime-vgem: vgem dumb BO created and mapped");
		if (!ok)
			goto out;
		dh = cd.handle;
		fill(vp, size, 0x7201);
		ret = prime_export(vfd, dh, &dmabuf3);
		ret = ret ? ret : prime_import(fd1, dmabuf3, &eh);
		ok = !ret || fail("%s", err_name(ret));
		report(ok, "prime-vgem: vgem BO imported into etnaviv");
		if (ret)
			goto out;
		q = map_bo(fd1, eh, size);
		ok = q && check_pattern(q, size, 0x7201, "etnaviv mapping of "
					"the vgem BO");
		report(ok, "prime-vgem: etnaviv sees the vgem BO's contents");
		if (q) {
			fill(q, size, 0x7202);
			ok = check_pattern(vp, size, 0x7202, "vgem mapping "
					   "after an etnaviv write");
			report(ok, "prime-vgem: vgem sees etnaviv's writes");
			munmap(q, size);
		}
		report(gpu_uses(fd1, eh, ETNA_SUBMIT_BO_READ |
				ETNA_SUBMIT_BO_WRITE),
		       "prime-vgem: a GPU job uses the vgem BO");
		ret = etna_cpu_prep(fd1, eh, ETNA_PREP_WRITE, 5 * SEC_NS);
		ok = !ret || fail("CPU_PREP(WRITE) returned %s", err_name(ret));
		if (!ret)
			etna_cpu_fini(fd1, eh);
		report(ok, "prime-vgem: CPU_PREP on the imported vgem BO");
	}
out:
	if (p)
		munmap(p, size);
	if (vp)
		munmap(vp, size);
	for (int *f = (int[]){ dmabuf, dmabuf2, dmabuf3, -2 }; *f != -2; f++)
		if (*f >= 0)
			close(*f);
	if (eh)
		etna_gem_close(fd1, eh);
	if (h2)
		etna_gem_close(fd2, h2);
	if (h)
		etna_gem_close(fd1, h);
	if (vfd >= 0) {
		if (vh)
			etna_gem_close(vfd, vh);
		if (dh)
			etna_gem_close(vfd, dh);
		vgem_fd = vfd;
	}
	close(fd1);
	close(fd2);
}

/* vgem dumb BO of @size, exported; its handle in *vh. */
int vgem_dumb_export(int vfd, size_t size, uint32_t *vh, int *dmabuf)
{
	struct drm_mode_create_dumb cd = {
		.width = 256, .height = size / 1024, .bpp = 32,
	};
	int ret = etna_ioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &cd);

	*vh = ret ? 0 : cd.handle;
	*dmabuf = -1;
	return ret ? ret : prime_export(vfd, cd.handle, dmabuf);
}

/*
 * Implicit synchronisation through a dma-buf's reservation object: the
 * fences of etnaviv jobs are seen by other users of the dma-buf (poll,
 * EXPORT_SYNC_FILE, vgem, another etnaviv file), and etnaviv jobs wait
 * for the fences other drivers put there (vgem's FENCE_ATTACH), unless
 * submitted with NO_IMPLICIT.
 */
void test_prime_sync(void)
{
	const struct engine *e = &engines[0];
	int fd1 = etna_open(), fd2 = etna_open(), dmabuf = -1, sfd = -1,
	    jfd = -1, dmabuf3 = -1, ret;
	uint32_t h = 0, h2 = 0, vh = 0, dh = 0, eh = 0, eh2 = 0, fence, f2;
	uint64_t ring0;
	struct dma_buf_export_sync_file ex = { .flags = DMA_BUF_SYNC_READ,
					       .fd = -1 };
	bool ok;

	ret = etna_gem_new(fd1, JOB_BO_SIZE, ETNA_BO_WC, &h);
	ret = ret ? ret : prime_export(fd1, h, &dmabuf);
	ret = ret ? ret : prime_import(fd2, dmabuf, &h2);
	if (!ret && vgem_fd >= 0)
		ret = prime_import(vgem_fd, dmabuf, &vh);
	ok = !ret || fail("BO/export/import: %s", err_name(ret));
	report(ok, "prime-sync: setup");
	if (!ok)
		goto out;
	drain(fd1);

	/* an etnaviv writer held on a frozen core */
	ret = knob_set(e, "freeze", 1);
	ring0 = ring_digest();
	ret = ret ? ret : submit_job(fd1, e, h, ETNA_SUBMIT_BO_WRITE, 0,
				     &fence, &jfd);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "prime-sync: a job writing the exported BO on frozen %s",
	       engine_name(e));
	if (!ok) {
		knob_set(e, "freeze", 0);
		goto out;
	}
	ret = wait_ring_change(ring0, 5 * SEC_NS);
	ok = !ret || fail("the driver's ring in debugfs: %s", err_name(ret));
	report(ok, "prime-sync: the writer's job reaches the ring");
	ok = !fd_ready(dmabuf, POLLIN, 0) ||
	     fail("poll(POLLIN) on the dma-buf is ready");
	report(ok, "prime-sync: dma-buf poll sees the etnaviv writer");
	ret = etna_ioctl(dmabuf, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, &ex);
	sfd = ret ? -1 : ex.fd;
	ok = (!ret && sync_status(sfd) == 0) ||
	     fail("EXPORT_SYNC_FILE: %s, status %s", err_name(ret),
		  ret ? "-" : status_name(sync_status(sfd)));
	report(ok, "prime-sync: dma-buf EXPORT_SYNC_FILE gives the active "
	       "writer");
	ret = etna_cpu_prep(fd2, h2, ETNA_PREP_READ | ETNA_PREP_NOSYNC, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd2, h2);
	report(ok, "prime-sync: importer's CPU_PREP(READ|NOSYNC) sees the "
	       "exporter's writer");
	if (vh) {
		struct drm_vgem_fence_attach fa = {
			.handle = vh, .flags = VGEM_FENCE_WRITE,
		};

		ret = etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
		ok = ret == -EBUSY || fail("got %s, want EBUSY",
					   err_name(ret));
		if (!ret) {
			struct drm_vgem_fence_signal fs = {
				.fence = fa.out_fence,
			};

			etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
		}
		report(ok, "prime-sync: vgem FENCE_ATTACH(WRITE) is EBUSY "
		       "while etnaviv writes");
	}
	knob_set(e, "freeze", 0);
	ok = fd_ready(dmabuf, POLLIN, 2000) ||
	     fail("poll(POLLIN) not ready 2 s after unfreeze");
	report(ok, "prime-sync: dma-buf poll ready once the job is done");
	ret = sfd >= 0 ? sync_status(sfd) : 1;
	ok = ret == 1 || fail("exported sync file status %s",
			      status_name(ret));
	report(ok, "prime-sync: the exported sync file signals");

	if (vgem_fd < 0)
		goto out;

	/* a vgem writer: etnaviv jobs wait for it, unless NO_IMPLICIT */
	ret = vgem_dumb_export(vgem_fd, JOB_BO_SIZE, &dh, &dmabuf3);
	ret = ret ? ret : prime_import(fd1, dmabuf3, &eh);
	ret = ret ? ret : prime_import(fd2, dmabuf3, &eh2);
	ok = !ret || fail("vgem BO/export/import: %s", err_name(ret));
	report(ok, "prime-sync: vgem BO imported on two etnaviv files");
	if (!ok)
		goto out;
	{
		struct drm_vgem_fence_attach fa = {
			.handle = dh, .flags = VGEM_FENCE_WRITE,
		};
		struct drm_vgem_fence_signal fs = { 0 };
		uint64_t t;

		ret = etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
		ok = !ret || fail("FENCE_ATTACH: %s", err_name(ret));
		report(ok, "prime-sync: vgem attaches a write fence");
		if (!ok)
			goto out;
		fs.fence = fa.out_fence;
		if (jfd >= 0)
			close(jfd);
		ret = submit_job(fd1, e, eh, ETNA_SUBMIT_BO_READ, 0, &fence,
				 &jfd);
		ok = !ret || fail("SUBMIT: %s", err_name(ret));
		report(ok, "prime-sync: submit a job reading the vgem BO");
		/*
		 * The event: a later job on the same engine (another file,
		 * NO_IMPLICIT) has run to its end. The scheduler takes the
		 * older job first (FIFO by submit time), so the held job,
		 * had it not waited for vgem's fence, would have run before
		 * it on the same ring: it must be unrun now (upstream 6.1's
		 * round robin may take the other file's first: weaker
		 * there, never wrong).
		 */
		/*
		 * vgem's fence never signals meanwhile: a job that waited
		 * for it would never end, so its fence within a generous
		 * bound is the event, not a time.
		 */
		t = etna_now_ns();
		ret = submit_ex(fd2, e, eh2, ETNA_SUBMIT_BO_READ, 0,
				ETNA_SUBMIT_NO_IMPLICIT, -1, &f2, NULL);
		if (!ret)
			ret = etna_wait_fence(fd2, e->pipe, f2, 0,
					      10 * SEC_NS);
		t = etna_now_ns() - t;
		ok = !ret || fail("%s after %.3f s", err_name(ret), secs(t));
		report(ok, "prime-sync: a NO_IMPLICIT job ignores vgem's "
		       "fence");
		ret = ok ? etna_wait_fence(fd1, e->pipe, fence,
					   ETNA_WAIT_NONBLOCK, 0) : 0;
		ok = ok && (ret == -EBUSY ||
			    fail("job fence: NONBLOCK %s, want EBUSY (not "
				 "run yet)", err_name(ret)));
		report(ok, "prime-sync: the etnaviv job waits for vgem's "
		       "write fence");
		ret = etna_cpu_prep(fd1, eh, ETNA_PREP_READ | ETNA_PREP_NOSYNC, 0);
		ok = ret == -EBUSY || fail("got %s, want EBUSY",
					   err_name(ret));
		if (!ret)
			etna_cpu_fini(fd1, eh);
		report(ok, "prime-sync: CPU_PREP(READ|NOSYNC) on the import "
		       "sees vgem's fence");
		ret = etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
		ok = !ret || fail("FENCE_SIGNAL: %s", err_name(ret));
		if (ok) {
			t = etna_now_ns();
			ret = etna_wait_fence(fd1, e->pipe, fence, 0,
					      2 * SEC_NS);
			t = etna_now_ns() - t;
			ok = (!ret && sync_status(jfd) == 1) ||
			     fail("WAIT_FENCE: %s after %.3f s, sync file %s",
				  err_name(ret), secs(t),
				  status_name(sync_status(jfd)));
		}
		report(ok, "prime-sync: the job runs once vgem signals");
	}
out:
	knob_set(e, "freeze", 0);
	for (int *f = (int[]){ dmabuf, dmabuf3, sfd, jfd, -2 }; *f != -2;
	     f++)
		if (*f >= 0)
			close(*f);
	if (vgem_fd >= 0) {
		if (vh)
			etna_gem_close(vgem_fd, vh);
		if (dh)
			etna_gem_close(vgem_fd, dh);
	}
	if (eh)
		etna_gem_close(fd1, eh);
	if (eh2)
		etna_gem_close(fd2, eh2);
	if (h)
		etna_gem_close(fd1, h);
	if (h2)
		etna_gem_close(fd2, h2);
	close(fd1);
	close(fd2);
}

/* ------------------------------------------------------------------ */
/* Each client's share of the command-buffer pool */

#define POOL_JOB_WORDS	(16384)		/* 64 KiB of NOPs */
#define POOL_JOBS	16		/* 1 MiB: the whole pool */

/* A job of 64 KiB of NOPs on @e that reads @bo (implicitly synced). */
static int submit_big(int fd, const struct engine *e, uint32_t bo,
		      uint32_t *stream)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = bo,
	};
	struct job j = {
		.s = stream, .words = POOL_JOB_WORDS, .bos = &sbo,
		.nr_bos = bo ? 1 : 0, .in_fd = -1,
	};

	return submit_stream(fd, e, &j, NULL, NULL);
}

/*
 * The kernel copies every job's commands into one pool that all clients
 * share; a job holds its part until it is done. One client's jobs held
 * back by a fence that does not signal (vgem's) must not take the pool
 * from the others: it gets an error once it has its share, and another
 * client still submits at once.
 */
void test_pool_share(void)
{
	const struct engine *e = &engines[0];
	static uint32_t stream[POOL_JOB_WORDS];
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	struct drm_vgem_fence_signal fs = { 0 };
	int fdx = etna_open(), fdy = etna_open(), dmabuf = -1, ret = 0;
	uint32_t dh = 0, eh = 0;
	unsigned int i, n;
	uint64_t t0, t;
	bool ok;

	if (is_upstream()) {
		info("pool-share", "skipped: upstream 6.1 bounds no client's "
		     "share of its command buffers");
		goto out;
	}
	if (vgem_fd < 0) {
		char node[64], err[256];

		ret = vgem_open(node, sizeof(node), err, sizeof(err));
		if (ret < 0) {
			info("pool-share", "skipped: no vgem: %s", err);
			goto out;
		}
		vgem_fd = ret;
	}
	for (i = 0; i < POOL_JOB_WORDS; i += 2) {
		stream[i] = ETNA_CMD_NOP;
		stream[i + 1] = 0;
	}
	ret = vgem_dumb_export(vgem_fd, JOB_BO_SIZE, &dh, &dmabuf);
	ret = ret ? ret : prime_import(fdx, dmabuf, &eh);
	fa.handle = dh;
	ret = ret ? ret : etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_ATTACH,
				     &fa);
	fs.fence = fa.out_fence;
	ok = !ret || fail("vgem BO, import, fence: %s", err_name(ret));
	report(ok, "pool-share: a vgem BO with a write fence, imported");
	if (!ok)
		goto out;
	drain(fdy);

	/* X's jobs wait for the vgem fence, each holding 64 KiB */
	t0 = etna_now_ns();
	for (n = 0; n < POOL_JOBS; n++) {
		ret = submit_big(fdx, e, eh, stream);
		if (ret)
			break;
	}
	t = etna_now_ns() - t0;
	/* a quarter of the pool and four LINKs: four 64 KiB jobs, no more */
	ok = (ret == -EBUSY && n == 4) ||
	     fail("%u jobs, then %s after %.3f s", n, err_name(ret), secs(t));
	report(ok, "pool-share: a client held back has at most a quarter of "
	       "the pool, then EBUSY");
	info("pool-share", "%u jobs of 64 KiB, then %s after %.3f s", n,
	     err_name(ret), secs(t));

	/*
	 * Nothing of X's frees meanwhile (vgem's fence holds it all): a
	 * submit held back by X's share would end in EBUSY, whatever the
	 * host's load, so success is the event, not a time.
	 */
	t0 = etna_now_ns();
	ret = submit_big(fdy, e, 0, stream);
	t = etna_now_ns() - t0;
	ok = !ret || fail("%s after %.3f s", err_name(ret), secs(t));
	report(ok, "pool-share: meanwhile another client submits 64 KiB at "
	       "once");

	ret = etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
	ok = !ret || fail("FENCE_SIGNAL: %s", err_name(ret));
	report(ok, "pool-share: the vgem fence signals");
	fs.fence = 0;
	drain(fdx);
	drain(fdy);
	t0 = etna_now_ns();
	ret = submit_big(fdx, e, eh, stream);
	ok = !ret || fail("%s after %.3f s", err_name(ret),
			  secs(etna_now_ns() - t0));
	report(ok, "pool-share: the client submits again once its jobs ran");
	drain(fdx);
out:
	if (fs.fence)
		etna_ioctl(vgem_fd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
	if (dmabuf >= 0)
		close(dmabuf);
	close(fdx);
	close(fdy);
}
