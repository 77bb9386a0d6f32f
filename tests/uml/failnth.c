// SPDX-License-Identifier: GPL-2.0-only
/*
 * failnth: every allocation an ioctl of the driver makes, made to fail in
 * turn. Needs the debug kernel (FAULT_INJECTION, FAILSLAB,
 * FAIL_PAGE_ALLOC): for each operation, n = 1, 2, ... is written to
 * /proc/thread-self/fail-nth, so that the n-th fault-injection point the
 * call reaches (a slab or page allocation) fails, until the call completes
 * without reaching an n-th one. Each injected call must return 0 or an
 * errno, leave no file descriptor behind, and the same call must then give
 * what it gives without injection. The boot's splat detector and kmemleak
 * judge the rest. The mmap fault path runs in a child per step (a failed
 * fault may raise SIGBUS: counted, not a failure).
 *
 * Output: "PASS: failnth/<op>" or "FAIL: failnth/<op>: <why>" per operation
 * and engine, with "INFO: failnth/<op>: ..." lines saying how many steps
 * injected and which errnos came back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHECK_PREFIX "failnth/"
#include "check.h"
#include "etna_states.h"

#define BO_SIZE		0x10000
#define MAX_STEPS	4000

/* What one step of an operation made (released by its undo). */
struct fx {
	const struct engine *e;
	int fd, fd2;		/* two files of the render node */
	uint32_t bo, bo2;	/* BOs made before the step */
	uint32_t handle;	/* a handle the call made */
	uint32_t fence;		/* a job the call or its setup submitted */
	int out_fd, in_fd, dmabuf;
	void *mem;
	uint64_t offset;
	int child_status;
};

struct op {
	const char *name;
	bool per_engine;
	void (*pre)(struct fx *x);	/* before the step, not injected */
	int (*call)(struct fx *x);	/* the injected call: 0 or -errno */
	void (*undo)(struct fx *x);	/* after the step, not injected */
};

static struct engine engines[ENGINES_MAX];
static unsigned int nr_engines;
static int nth_fd = -1;

/* Arm the n-th fault-injection point of this thread (0: disarm). */
static void nth_set(unsigned int n)
{
	char b[16];
	int l = snprintf(b, sizeof(b), "%u", n);

	if (pwrite(nth_fd, b, l, 0) != l) {
		printf("FAIL: failnth/setup: write fail-nth: %s\n",
		       strerror(errno));
		exit(1);
	}
}

/* Whether the armed point was reached (fail-nth reads 0 then). */
static bool nth_injected(void)
{
	char b[16] = "";

	if (pread(nth_fd, b, sizeof(b) - 1, 0) <= 0) {
		printf("FAIL: failnth/setup: read fail-nth: %s\n",
		       strerror(errno));
		exit(1);
	}
	return strtoul(b, NULL, 10) == 0;
}

static void nth_open(void)
{
	if (nth_fd >= 0)
		close(nth_fd);
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
	if (nth_fd < 0) {
		printf("FAIL: failnth/setup: /proc/thread-self/fail-nth: %s "
		       "(needs the debug kernel with FAULT_INJECTION)\n",
		       strerror(errno));
		exit(1);
	}
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own fd */
}

/* Debugfs knob of the fault-injection facility @what. */
static bool knob(const char *what, const char *name, const char *val)
{
	char path[128];
	int ret;

	snprintf(path, sizeof(path), "/sys/kernel/debug/%s/%s", what, name);
	ret = write_file(path, val);
	return !ret || fail("%s: writing %s: %s", path, val, err_name(ret));
}

/*
 * Let fail-nth reach every allocation: the defaults skip those that may
 * sleep (GFP_KERNEL, nearly all of a driver's), order-0 pages and highmem,
 * and print a stack dump at each injection (a splat to the detector).
 */
static bool setup_knobs(void)
{
	return knob("failslab", "ignore-gfp-wait", "N") &&
	       knob("failslab", "verbose", "0") &&
	       knob("fail_page_alloc", "ignore-gfp-wait", "N") &&
	       knob("fail_page_alloc", "ignore-gfp-highmem", "N") &&
	       knob("fail_page_alloc", "min-order", "0") &&
	       knob("fail_page_alloc", "verbose", "0");
}

static void wait_done(struct fx *x, uint32_t fence)
{
	if (fence)
		etna_wait_fence(x->fd, x->e->pipe, fence, 0, 10 * SEC_NS);
}

/* A job with a BO relocated into an address state; flags as SUBMIT's. */
static int submit(struct fx *x, uint32_t flags, int in_fd, uint32_t *fence,
		  int *out_fd)
{
	struct drm_etnaviv_gem_submit_bo sbo[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE,
		  .handle = x->bo },
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = x->bo2 },
	};
	struct drm_etnaviv_gem_submit_reloc reloc[2] = {
		{ .submit_offset = 4, .reloc_idx = 0, .reloc_offset = 0 },
		{ .submit_offset = 12, .reloc_idx = 1, .reloc_offset = 64 },
	};
	uint32_t stream[6] = {
		ETNA_CMD_LOAD_STATE(engine_addr_state(x->e), 1), 0,
		ETNA_CMD_LOAD_STATE(engine_addr_state(x->e), 1), 0,
		ETNA_CMD_NOP, 0,
	};
	struct drm_etnaviv_gem_submit req = {
		.pipe = x->e->pipe, .exec_state = x->e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
		.bos = (uintptr_t)sbo, .nr_bos = 2,
		.relocs = (uintptr_t)reloc, .nr_relocs = 2,
		.flags = flags, .fence_fd = in_fd,
	};
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	if (!ret)
		*fence = req.fence;
	if (out_fd)
		*out_fd = !ret && (flags & ETNA_SUBMIT_FENCE_FD_OUT) ?
			  req.fence_fd : -1;
	return ret;
}

/* ---- the operations ---------------------------------------------- */

static void pre_bos(struct fx *x)
{
	etna_gem_new(x->fd, BO_SIZE, ETNA_BO_WC, &x->bo);
	etna_gem_new(x->fd, BO_SIZE, ETNA_BO_CACHED, &x->bo2);
}

static void undo_all(struct fx *x)
{
	wait_done(x, x->fence);
	if (x->handle)
		etna_gem_close(x->fd, x->handle);
	if (x->bo)
		etna_gem_close(x->fd, x->bo);
	if (x->bo2)
		etna_gem_close(x->fd, x->bo2);
	if (x->out_fd >= 0)
		close(x->out_fd);
	if (x->in_fd >= 0)
		close(x->in_fd);
	if (x->dmabuf >= 0)
		close(x->dmabuf);
	if (x->mem)
		munmap(x->mem, BO_SIZE);
}

static int call_get_param(struct fx *x)
{
	struct drm_etnaviv_param p = {
		.pipe = x->e->pipe, .param = ETNAVIV_PARAM_GPU_MODEL };

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &p);
}

static int gem_new(struct fx *x, uint64_t size, uint32_t flags)
{
	struct drm_etnaviv_gem_new req = { .size = size, .flags = flags };
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_NEW, &req);

	if (!ret)
		x->handle = req.handle;
	return ret;
}

static int call_gem_new_wc(struct fx *x)
{
	return gem_new(x, BO_SIZE, ETNA_BO_WC);
}

static int call_gem_new_cached(struct fx *x)
{
	return gem_new(x, 1 << 20, ETNA_BO_CACHED);
}

static int call_gem_new_uncached(struct fx *x)
{
	return gem_new(x, 4096, ETNA_BO_UNCACHED);
}

static int call_gem_info(struct fx *x)
{
	struct drm_etnaviv_gem_info req = { .handle = x->bo };

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);
}

static int call_cpu_prep_fini(struct fx *x)
{
	struct drm_etnaviv_gem_cpu_prep prep = {
		.handle = x->bo, .op = ETNA_PREP_READ | ETNA_PREP_WRITE,
		.timeout = etna_timeout(5 * SEC_NS),
	};
	struct drm_etnaviv_gem_cpu_fini fini = { .handle = x->bo };
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &prep);

	return ret ? ret : etna_ioctl_once(x->fd,
					   DRM_IOCTL_ETNAVIV_GEM_CPU_FINI,
					   &fini);
}

static int call_submit(struct fx *x)
{
	return submit(x, 0, -1, &x->fence, NULL);
}

static int call_submit_out_fence(struct fx *x)
{
	return submit(x, ETNA_SUBMIT_FENCE_FD_OUT, -1, &x->fence, &x->out_fd);
}

static void pre_in_fence(struct fx *x)
{
	uint32_t f;

	pre_bos(x);
	submit(x, ETNA_SUBMIT_FENCE_FD_OUT, -1, &f, &x->in_fd);
}

static int call_submit_in_fence(struct fx *x)
{
	return submit(x, ETNA_SUBMIT_FENCE_FD_IN | ETNA_SUBMIT_FENCE_FD_OUT,
		      x->in_fd, &x->fence, &x->out_fd);
}

static void pre_job(struct fx *x)
{
	pre_bos(x);
	submit(x, 0, -1, &x->fence, NULL);
}

static int call_wait_fence(struct fx *x)
{
	struct drm_etnaviv_wait_fence req = {
		.pipe = x->e->pipe, .fence = x->fence,
		.timeout = etna_timeout(5 * SEC_NS),
	};

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &req);
}

static int call_gem_wait(struct fx *x)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = x->e->pipe, .handle = x->bo,
		.timeout = etna_timeout(5 * SEC_NS),
	};

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

static void pre_mem(struct fx *x)
{
	x->mem = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (x->mem == MAP_FAILED)
		x->mem = NULL;
	else
		memset(x->mem, 0x5a, BO_SIZE);
}

static int call_userptr(struct fx *x)
{
	struct drm_etnaviv_gem_userptr req = {
		.user_ptr = (uintptr_t)x->mem, .user_size = BO_SIZE,
		.flags = ETNA_USERPTR_READ | ETNA_USERPTR_WRITE,
	};
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);

	if (!ret)
		x->handle = req.handle;
	return ret;
}

/* A userptr BO used by a job: its pages are pinned at submit. */
static void pre_userptr_job(struct fx *x)
{
	pre_mem(x);
	pre_bos(x);
	if (x->bo2)
		etna_gem_close(x->fd, x->bo2);
	x->bo2 = 0;
	if (x->mem && !call_userptr(x)) {
		x->bo2 = x->handle;
		x->handle = 0;
	}
}

static int call_pm_dom(struct fx *x)
{
	struct drm_etnaviv_pm_domain req = { .pipe = x->e->pipe };

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &req);
}

static int call_pm_sig(struct fx *x)
{
	struct drm_etnaviv_pm_signal req = { .pipe = x->e->pipe };

	return etna_ioctl_once(x->fd, DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &req);
}

static int call_prime_export(struct fx *x)
{
	struct drm_prime_handle req = {
		.handle = x->bo, .flags = DRM_CLOEXEC | DRM_RDWR };
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req);

	if (!ret)
		x->dmabuf = req.fd;
	return ret;
}

static void pre_exported(struct fx *x)
{
	uint32_t h;
	struct drm_prime_handle req = { .flags = DRM_CLOEXEC };

	if (etna_gem_new(x->fd2, BO_SIZE, ETNA_BO_WC, &h))
		return;
	req.handle = h;
	if (!etna_ioctl_once(x->fd2, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req))
		x->dmabuf = req.fd;
	etna_gem_close(x->fd2, h);
}

static int call_prime_import(struct fx *x)
{
	struct drm_prime_handle req = { .fd = x->dmabuf };
	int ret = etna_ioctl_once(x->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);

	if (!ret)
		x->handle = req.handle;
	return ret;
}

/* An imported BO in a job: its pages are mapped into the GPU at submit. */
static void pre_imported_job(struct fx *x)
{
	pre_exported(x);
	pre_bos(x);
	if (x->bo2)
		etna_gem_close(x->fd, x->bo2);
	x->bo2 = 0;
	if (x->dmabuf >= 0 && !call_prime_import(x)) {
		x->bo2 = x->handle;
		x->handle = 0;
	}
}

static void pre_mappable(struct fx *x)
{
	pre_bos(x);
	if (x->bo)
		etna_gem_info(x->fd, x->bo, &x->offset);
}

/*
 * The mmap fault path, in a child (a failed fault may kill it): map the
 * BO, write every page, read it back. The child's exit status: 0 without
 * injection, 1 injected and done, 10 + errno of a failed mmap (injected),
 * 3 wrong contents.
 */
static int call_mmap_fault(struct fx *x)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		volatile uint32_t *p;
		unsigned int i;
		bool inj;

		nth_open();
		nth_set(x->child_status);
		p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
			 x->fd, x->offset);
		if (p == MAP_FAILED) {
			st = errno;
			_exit(nth_injected() ? 10 + st : 100 + st);
		}
		for (i = 0; i < BO_SIZE / 4; i += 1024)
			p[i] = i;
		inj = nth_injected();
		nth_set(0);
		for (i = 0; i < BO_SIZE / 4; i += 1024)
			if (p[i] != i)
				_exit(3);
		_exit(inj ? 1 : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -ECHILD;
	x->child_status = st;
	if (WIFSIGNALED(st))
		return WTERMSIG(st) == SIGBUS ? -EFAULT : -EIO;
	if (WEXITSTATUS(st) >= 100)
		return -(WEXITSTATUS(st) - 100);
	if (WEXITSTATUS(st) >= 10)
		return -(WEXITSTATUS(st) - 10);
	return WEXITSTATUS(st) == 3 ? -EBADMSG : 0;
}

static const struct op ops[] = {
	{ "get-param", true, NULL, call_get_param, undo_all },
	{ "gem-new-wc", false, NULL, call_gem_new_wc, undo_all },
	{ "gem-new-cached-1m", false, NULL, call_gem_new_cached, undo_all },
	{ "gem-new-uncached", false, NULL, call_gem_new_uncached, undo_all },
	{ "gem-info", false, pre_bos, call_gem_info, undo_all },
	{ "cpu-prep-fini", false, pre_bos, call_cpu_prep_fini, undo_all },
	{ "submit", true, pre_bos, call_submit, undo_all },
	{ "submit-out-fence", true, pre_bos, call_submit_out_fence, undo_all },
	{ "submit-in-fence", true, pre_in_fence, call_submit_in_fence,
	  undo_all },
	{ "submit-userptr", true, pre_userptr_job, call_submit, undo_all },
	{ "submit-imported", true, pre_imported_job, call_submit, undo_all },
	{ "wait-fence", true, pre_job, call_wait_fence, undo_all },
	{ "gem-wait", true, pre_job, call_gem_wait, undo_all },
	{ "gem-userptr", false, pre_mem, call_userptr, undo_all },
	{ "pm-query-dom", true, NULL, call_pm_dom, undo_all },
	{ "pm-query-sig", true, NULL, call_pm_sig, undo_all },
	{ "prime-export", false, pre_bos, call_prime_export, undo_all },
	{ "prime-import", false, pre_exported, call_prime_import, undo_all },
	{ "mmap-fault", false, pre_mappable, call_mmap_fault, undo_all },
};

/* One step: pre, the call with fail-nth at @n (0: none), undo. */
static int step(const struct op *op, struct fx *base, unsigned int n,
		bool *injected)
{
	struct fx x = *base;
	int ret;

	x.out_fd = x.in_fd = x.dmabuf = -1;
	if (op->pre)
		op->pre(&x);
	if (op->call == call_mmap_fault) {
		x.child_status = n;	/* the child arms fail-nth itself */
		ret = op->call(&x);
		*injected = !WIFEXITED(x.child_status) ||
			    WEXITSTATUS(x.child_status) == 1 ||
			    (WEXITSTATUS(x.child_status) >= 10 &&
			     WEXITSTATUS(x.child_status) < 100);
		if (n && WIFSIGNALED(x.child_status))
			printf("INFO: failnth/mmap-fault: step %u: child "
			       "killed by signal %d\n", n,
			       WTERMSIG(x.child_status));
	} else {
		nth_set(n);
		ret = op->call(&x);
		*injected = n && nth_injected();
		nth_set(0);
	}
	op->undo(&x);
	return ret;
}

static void walk(const struct op *op, struct fx *base, const char *ename)
{
	unsigned int n, injected = 0, ok_injected = 0, nerr = 0;
	int errs[8], baseline, ret, fds = count_fds();
	char list[160] = "";
	size_t len = 0;
	bool inj, ok = true;

	baseline = step(op, base, 0, &inj);
	for (n = 1; n <= MAX_STEPS && ok; n++) {
		ret = step(op, base, n, &inj);
		if (count_fds() != fds)
			ok = fail("step %u: %d fds open, %d before", n,
				  count_fds(), fds);
		if (!inj) {
			if (ret != baseline)
				ok = fail("step %u (nothing injected): %s, "
					  "without fail-nth %s", n,
					  strerror(-ret), strerror(-baseline));
			break;
		}
		injected++;
		if (!ret) {
			ok_injected++;
		} else {
			unsigned int i;

			for (i = 0; i < nerr && errs[i] != ret; i++)
				;
			if (i == nerr && nerr < ARRAY_SIZE(errs))
				errs[nerr++] = ret;
		}
		ret = step(op, base, 0, &inj);
		if (ret != baseline)
			ok = fail("after step %u: %s, before %s", n,
				  strerror(-ret), strerror(-baseline));
	}
	if (n > MAX_STEPS)
		ok = fail("still injecting after %u steps", MAX_STEPS);
	for (unsigned int i = 0; i < nerr; i++)
		etna_append(list, sizeof(list), &len, " %s",
			    errno_name(-errs[i]));
	printf("INFO: failnth/%s%s%s: %u steps injected (%u succeeded "
	       "anyway), errnos:%s\n", op->name, ename[0] ? "-" : "", ename,
	       injected, ok_injected, len ? list : " none");
	report(ok, "%s%s%s", op->name, ename[0] ? "-" : "", ename);
}

int main(int argc, char **argv)
{
	struct fx base = { .out_fd = -1, .in_fd = -1, .dmabuf = -1 };
	const char *only = argc > 1 ? argv[1] : NULL;
	unsigned int i, j;

	setvbuf(stdout, NULL, _IOLBF, 0);
	base.fd = etna_open();
	base.fd2 = etna_open();
	nr_engines = engines_find(base.fd, engines);
	report(nr_engines > 0 || fail("no engine"), "setup-engines");
	report(setup_knobs(), "setup-knobs");
	nth_open();
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		if (only && !strstr(ops[i].name, only))
			continue;
		for (j = 0; j < nr_engines; j++) {
			base.e = &engines[j];
			walk(&ops[i], &base, ops[i].per_engine ?
			     engines[j].name : "");
			if (!ops[i].per_engine)
				break;
		}
	}
	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
