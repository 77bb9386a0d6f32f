// SPDX-License-Identifier: MIT
/* conformance: GEM_USERPTR */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* GEM_USERPTR */

#define UPTR_SIZE	(4 * 4096)

/* Arguments, and what can be done without the GPU. */
void test_userptr_args(void)
{
	uint8_t *mem = NULL;
	uint64_t off;
	uint32_t h;
	void *p;
	int ret;

	if (posix_memalign((void **)&mem, 4096, UPTR_SIZE)) {
		fail("posix_memalign failed");
		report(false, "userptr");
		return;
	}
	memset(mem, 0x5a, UPTR_SIZE);

	expect(userptr(mem, UPTR_SIZE, 0, &h), -EINVAL, "userptr-flags-0");
	expect(userptr(mem, UPTR_SIZE, 0x4, &h), -EINVAL, "userptr-flags-0x4");
	expect(userptr(mem, UPTR_SIZE, 0x7, &h), -EINVAL,
	       "userptr-flags-read-write-0x4");
	expect(userptr(mem, UPTR_SIZE, 0x80000000, &h), -EINVAL,
	       "userptr-flags-0x80000000");
	expect(userptr(mem + 8, UPTR_SIZE - 4096, ETNA_USERPTR_READ, &h),
	       -EINVAL, "userptr-ptr-unaligned");
	expect(userptr(mem, 4097, ETNA_USERPTR_READ, &h), -EINVAL,
	       "userptr-size-unaligned");
	expect(userptr(mem, 100, ETNA_USERPTR_READ, &h), -EINVAL,
	       "userptr-size-100");
	ret = userptr(mem, 0, ETNA_USERPTR_READ, &h);
	if (!ret)
		etna_gem_close(fd, h);
	expect2(ret, -EINVAL, 0, "upstream creates an empty object",
		"userptr-size-0");
	expect(userptr(mem, 1ull << 32, ETNA_USERPTR_READ, &h), -EINVAL,
	       "userptr-size-4GiB");
	expect(userptr(mem, (1ull << 32) + 4096, ETNA_USERPTR_READ, &h),
	       -EINVAL, "userptr-size-4GiB+4KiB");
	expect(userptr((void *)(uintptr_t)(1ull << 63), 4096,
		       ETNA_USERPTR_READ, &h),
	       -EFAULT, "userptr-kernel-address");

	ret = userptr(mem, UPTR_SIZE, ETNA_USERPTR_READ, &h);
	if (!ret)
		etna_gem_close(fd, h);
	expect(ret, 0, "userptr-read");
	ret = userptr(mem, UPTR_SIZE, ETNA_USERPTR_WRITE, &h);
	if (!ret)
		etna_gem_close(fd, h);
	expect(ret, 0, "userptr-write");
	ret = userptr(mem, UPTR_SIZE, ETNA_USERPTR_READ | ETNA_USERPTR_WRITE,
		      &h);
	if (!ret && !h)
		ret = (fail("handle 0"), -1000);
	expect(ret, 0, "userptr-read-write");
	if (ret)
		goto out;

	/* CPU access goes through the user's own mapping */
	expect(gem_info(h, &off), 0, "userptr-gem-info");
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, off);
	ret = p == MAP_FAILED ? -errno : 0;
	if (!ret)
		munmap(p, 4096);
	expect(ret, -EINVAL, "userptr-mmap");
	ret = cpu_prep(h, ETNA_PREP_READ | ETNA_PREP_WRITE,
		       etna_timeout(SEC_NS));
	expect(ret, 0, "userptr-cpu-prep");
	if (!ret)
		expect(cpu_fini(h, 0), 0, "userptr-cpu-fini");
	expect(etna_gem_close(fd, h), 0, "userptr-close");
out:
	free(mem);
}

/* GPU use: pins the pages, in the creating process only. */
void test_userptr_submit(const struct engine *e)
{
	const uint32_t one[] = { ETNA_CMD_LOAD_STATE(
		e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_ADDR
					      : ST_FE_INDEX_ADDR, 1), 0 };
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit req;
	uint8_t *mem = NULL;
	uint32_t h, h0;
	void *gone;
	pid_t pid;
	int ret, st;
	bool ok;

	/*
	 * Linux 6.1 pins userptr pages (mmap_lock) inside its ww_acquire
	 * context: lockdep reports a circular dependency at the first GPU
	 * use. Not our driver's problem; keep debug kernels quiet.
	 */
	if (upstream && !access("/proc/lockdep", F_OK)) {
		info("submit-userptr-*/%s: not run on upstream with lockdep: "
		     "6.1 pins userptr pages inside its ww_acquire context "
		     "(circular locking splat)", e->name);
		return;
	}
	if (posix_memalign((void **)&mem, 4096, UPTR_SIZE))
		return;
	memset(mem, 0x5a, UPTR_SIZE);
	ret = userptr(mem, UPTR_SIZE, ETNA_USERPTR_READ | ETNA_USERPTR_WRITE,
		      &h);
	if (ret) {
		fail("GEM_USERPTR: %s", err_name(ret));
		report(false, "userptr-submit/%s", e->name);
		free(mem);
		return;
	}

	/* another process (sharing the file) uses it first: refused */
	bo.handle = h;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		req = sub_init(e, one, 2, &bo, 1, &r, 1);
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
		if (!ret)
			etna_wait_fence(fd, e->pipe, req.fence, 0, 10 * SEC_NS);
		_exit(-ret & 0xff);
	}
	ok = pid > 0 || fail("fork: %s", strerror(errno));
	if (ok && waitpid(pid, &st, 0) != pid)
		ok = fail("waitpid: %s", strerror(errno));
	else if (ok && (!WIFEXITED(st) || WEXITSTATUS(st) != EPERM))
		ok = fail("child's SUBMIT got %s",
			  WIFEXITED(st) ? err_name(-WEXITSTATUS(st))
					: "killed");
	if (ok && !alive(e))
		ok = false;
	report(ok, "submit-userptr-first-use-in-other-process/%s (EPERM)",
	       e->name);

	req = sub_init(e, one, 2, &bo, 1, &r, 1);
	sub_expect(e, &req, 0, "userptr-in-creator");
	r.reloc_offset = UPTR_SIZE - 4;
	req = sub_init(e, one, 2, &bo, 1, &r, 1);
	sub_expect(e, &req, 0, "userptr-reloc-last-word");
	r.reloc_offset = UPTR_SIZE - 3;
	req = sub_init(e, one, 2, &bo, 1, &r, 1);
	sub_expect(e, &req, -EINVAL, "userptr-reloc-past-end");
	r.reloc_offset = 0;
	etna_gem_close(fd, h);

	/* memory that is not there: accepted, fails at first use */
	gone = mmap(NULL, UPTR_SIZE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (gone != MAP_FAILED) {
		munmap(gone, UPTR_SIZE);
		ret = userptr(gone, UPTR_SIZE, ETNA_USERPTR_READ, &h0);
		expect(ret, 0, "userptr-unmapped-range/%s", e->name);
		if (!ret) {
			bo.handle = h0;
			req = sub_init(e, one, 2, &bo, 1, &r, 1);
			sub_expect(e, &req, -EFAULT, "userptr-unmapped-range");
			etna_gem_close(fd, h0);
		}
	}
	free(mem);
}

/* DMA-API debugging's count of the errors it found, or -1 without it. */
#define DMA_API_ERRORS	"/sys/kernel/debug/dma-api/error_count"

static long dma_api_errors(void)
{
	FILE *f = fopen(DMA_API_ERRORS, "r");
	long n = -1;

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

/* The page frame behind a user address (pagemap, for root), or 0. */
static uint64_t user_pfn(const void *p)
{
	uint64_t e = 0;
	int pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);

	if (pm < 0)
		return 0;
	if (pread(pm, &e, sizeof(e), (uintptr_t)p / 4096 * sizeof(e)) !=
	    sizeof(e))
		e = 0;
	close(pm);
	return e & ((1ull << 55) - 1);
}

#define OVERLAP_PAGES	32

/* A job that uses @n buffers, done. */
static bool overlap_job(const struct engine *e,
			struct drm_etnaviv_gem_submit_bo *bos, unsigned int n)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit req = sub_init(e, nop, 2, bos, n, NULL, 0);
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	if (ret)
		return fail("SUBMIT: %s", err_name(ret));
	return finish(e->pipe, req.fence, "the job");
}

/* Say which inner page a job failed at. */
static void overlap_where(unsigned int page)
{
	char job[sizeof(why)];

	snprintf(job, sizeof(job), "%s", why);
	fail("page %u: %s", page, job);
}

/*
 * One pass of test_userptr_overlap() over the inner pages, CPU_PREP with
 * @op. Counts in @confusable the inner pages in a layout that DMA-API
 * debugging confuses.
 */
static bool overlap_pass(const struct engine *e, uint8_t *mem, uint32_t op,
			 unsigned int *confusable)
{
	const uint32_t rw = ETNA_USERPTR_READ | ETNA_USERPTR_WRITE;
	/* the inner object first, the outer one second */
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE },
		{ .flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE },
	};
	uint64_t pfn, prev = user_pfn(mem);
	long before, after;
	unsigned int i;
	bool ok = true;
	int ret;

	*confusable = 0;
	for (i = 1; ok && i < OVERLAP_PAGES; i++, prev = pfn) {
		pfn = user_pfn(mem + i * 4096);
		if (pfn && pfn == prev + 1 && pfn & 1)
			++*confusable;
		ret = userptr(mem + i * 4096, 4096, rw, &bos[0].handle);
		if (ret)
			return fail("page %u: GEM_USERPTR: %s", i,
				    err_name(ret));
		ret = userptr(mem, OVERLAP_PAGES * 4096, rw, &bos[1].handle);
		if (ret) {
			etna_gem_close(fd, bos[0].handle);
			return fail("GEM_USERPTR (outer): %s", err_name(ret));
		}
		before = dma_api_errors();
		/*
		 * CPU_PREP with the inner object mapped alone, CPU_FINI with
		 * the outer one mapped too (the order of the fuzzer's
		 * finding), then both again
		 */
		ok = overlap_job(e, bos, 1);
		ret = ok ? cpu_prep(bos[0].handle, op, etna_timeout(SEC_NS)) : 0;
		ok = ok && overlap_job(e, bos, 2);
		if (ok && !ret)
			ret = cpu_fini(bos[0].handle, 0);
		if (ok && !ret)
			ret = cpu_prep(bos[0].handle, op, etna_timeout(SEC_NS));
		if (ok && !ret)
			ret = cpu_fini(bos[0].handle, 0);
		after = dma_api_errors();
		if (ok && ret)
			ok = fail("page %u: CPU_PREP/CPU_FINI: %s", i,
				  err_name(ret));
		else if (ok && after != before)
			ok = fail("page %u: DMA-API debugging found %ld "
				  "error(s) (kernel log)", i, after - before);
		else if (!ok)
			overlap_where(i);
		etna_gem_close(fd, bos[1].handle);
		etna_gem_close(fd, bos[0].handle);
	}
	return ok;
}

/*
 * CPU_PREP and CPU_FINI of a userptr object whose pages another object
 * of the process maps too, both used by jobs: an inner object over each
 * page but the first of 32 in turn, and an outer one over all 32.
 * The DMA API wants a scatterlist synced with the direction it was mapped
 * with. DMA-API debugging (debug kernel) looks a sync's memory up among
 * the mappings in its 8 KiB hash bucket (Linux 6.1 kernel/dma/debug.c,
 * __hash_bucket_find()): it takes the one that fits exactly, else the
 * only one there, else none, and then reports memory "it has not
 * allocated". So a sync of the inner object in another direction than its
 * mapping's is an error where the outer mapping's segment covers the
 * inner page from an address before it in the same bucket: where the
 * page before it is physically adjacent and the inner page's frame is odd
 * (such layouts are counted from /proc/self/pagemap, for the record). On
 * the plain kernel only the ioctls' success is checked.
 */
void test_userptr_overlap(const struct engine *e)
{
	static const uint32_t ops[] = {
		ETNA_PREP_READ, ETNA_PREP_WRITE,
		ETNA_PREP_READ | ETNA_PREP_WRITE,
	};
	static const char *const op_names[] = { "read", "write", "rw" };
	unsigned int o, confusable = 0;
	uint8_t *mem = NULL;
	bool ok;

	if (upstream) {
		info("userptr-overlap-*: not run on upstream: Linux 6.1 maps "
		     "userptr pages with CPU syncs, and DMA-API debugging "
		     "reports overlapping mappings of them "
		     "(Documentation/gpu/etnaviv.rst, Buffer objects)");
		return;
	}
	if (posix_memalign((void **)&mem, 4096, OVERLAP_PAGES * 4096))
		mem = NULL;
	else
		memset(mem, 0x5a, OVERLAP_PAGES * 4096);
	for (o = 0; o < ARRAY_SIZE(ops); o++) {
		ok = mem || fail("posix_memalign failed");
		if (ok)
			ok = overlap_pass(e, mem, ops[o], &confusable);
		report(ok, "userptr-overlap-cpu-prep-fini-%s/%s", op_names[o],
		       e->name);
	}
	info("userptr-overlap/%s: %u of %u inner pages in a layout that "
	     "DMA-API debugging confuses%s", e->name, confusable,
	     OVERLAP_PAGES - 1, dma_api_errors() < 0 ?
	     " (no DMA-API debugging here: not checked)" : "");
	free(mem);
}
