// SPDX-License-Identifier: MIT
/*
 * conformance: input classes of GEM_SUBMIT and WAIT_FENCE beyond single
 * bad fields: an engine the core lacks, two buffers softpinned over each
 * other, moving a busy buffer's softpin address, an out-fence with the
 * file table full, and waiting for another file's fence.
 */
#include "conformance.h"

#include <sys/resource.h>

#define PIN_VA	0x20000000u	/* above SOFTPIN_START_ADDR, unused elsewhere */

static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };

/* The engine @e's core lacks, if it lacks one (a 2D-only or 3D-only core). */
static bool lacks_other(const struct engine *e, uint32_t *other)
{
	unsigned int i;

	*other = e->exec_state == ETNA_PIPE_2D ? ETNA_PIPE_3D : ETNA_PIPE_2D;
	for (i = 0; i < nr_engines; i++)
		if (engines[i].pipe == e->pipe &&
		    engines[i].exec_state == *other)
			return false;
	return true;
}

static void softpin_classes(const struct engine *e, int fd2)
{
	struct drm_etnaviv_gem_submit_bo bos[2];
	struct drm_etnaviv_gem_submit req;
	struct pending pd;
	uint32_t a = 0, b = 0;
	int ret;

	if (etna_gem_new(fd, 8192, ETNA_BO_WC, &a) ||
	    etna_gem_new(fd, 4096, ETNA_BO_WC, &b)) {
		report(fail("GEM_NEW failed"), "classes-bos/%s", e->name);
		goto out;
	}
	/* b's page is a's second page */
	bos[0] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = a, .presumed = PIN_VA };
	bos[1] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = b,
		.presumed = PIN_VA + 4096 };
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect2(e, &req, -ENOSPC, -ENOSPC, NULL,
		    "softpin-two-bos-overlapping");
	/*
	 * The first buffer keeps the address the refused submit mapped it
	 * at: ours refuses to softpin onto an open buffer's range, upstream
	 * unmaps the idle buffer there.
	 */
	req = sub_init(e, nop, 2, &bos[1], 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect2(e, &req, -ENOSPC, 0,
		    "the first buffer's mapping stays, as after any submit",
		    "softpin-second-alone-after-overlap");

	/* a busy buffer keeps its address */
	ret = pending_setup(&pd, fd2);
	if (ret) {
		report(false, "classes-pending/%s", e->name);
		goto out;
	}
	bos[0] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = pd.ih,
		.presumed = PIN_VA + 0x100000 };
	bos[1] = (struct drm_etnaviv_gem_submit_bo){
		.flags = ETNA_SUBMIT_BO_READ, .handle = a,
		.presumed = PIN_VA + 0x200000 };
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	report(!ret || fail("SUBMIT: %s", err_name(ret)),
	       "classes-busy-job/%s (waits for vgem)", e->name);
	bos[1].presumed = PIN_VA + 0x300000;
	req = sub_init(e, nop, 2, &bos[1], 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req), -EINVAL,
	       "submit-softpin-move-busy-bo/%s", e->name);
	ret = pending_release(&pd);
	report(!ret || fail("VGEM_FENCE_SIGNAL: %s", err_name(ret)),
	       "classes-busy-release/%s", e->name);
	close(pd.dmabuf);
	close(pd.vfd);
	etna_gem_close(fd, pd.ih);
	etna_gem_close(fd2, pd.ih2);
out:
	if (a)
		etna_gem_close(fd, a);
	if (b)
		etna_gem_close(fd, b);
}

void test_submit_classes(const struct engine *e, int fd2)
{
	struct drm_etnaviv_gem_submit req;
	struct rlimit old, none;
	uint32_t other, f1 = 0, f2;
	int ret;

	if (lacks_other(e, &other)) {
		req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
		req.exec_state = other;
		sub_expect2(e, &req, -EINVAL, 0,
			    "ours refuses an engine the core does not have",
			    "exec-state-%s-absent",
			    other == ETNA_PIPE_2D ? "2d" : "3d");
	}
	if (!e->mmuv1)
		softpin_classes(e, fd2);

	/* an out-fence with no free file descriptor: nothing is queued */
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	f1 = req.fence;
	getrlimit(RLIMIT_NOFILE, &old);
	none = old;
	none.rlim_cur = lowest_free_fd();
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_OUT;
	if (!ret && !setrlimit(RLIMIT_NOFILE, &none)) {
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
		setrlimit(RLIMIT_NOFILE, &old);
		expect(ret, -EMFILE, "submit-fence-fd-out-emfile/%s", e->name);
	} else {
		report(fail("first submit %s or setrlimit failed",
			    err_name(ret)), "submit-fence-fd-out-emfile/%s",
		       e->name);
	}
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	report((!ret && req.fence == f1 + 1) ||
	       fail("%s, fence %u after %u", err_name(ret), req.fence, f1),
	       "submit-emfile-queued-nothing/%s (the next fence follows)",
	       e->name);
	if (!finish(e->pipe, req.fence, "the job"))
		report(false, "classes-finish/%s", e->name);

	/* fences belong to the core, not to the file that submitted */
	req = sub_init(e, nop, 2, NULL, 0, NULL, 0);
	ret = etna_ioctl(fd2, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	f2 = req.fence;
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, f2, 0, 5 * SEC_NS);
	expect(ret, 0, "wait-fence-of-another-file/%s", e->name);
}
