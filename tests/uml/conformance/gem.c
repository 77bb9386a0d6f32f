// SPDX-License-Identifier: MIT
/*
 * conformance: GEM_NEW, GEM_INFO; CPU_PREP, CPU_FINI, GEM_WAIT and
 * WAIT_FENCE on idle objects
 */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* GEM_NEW, GEM_INFO */

void test_gem_new(void)
{
	static const struct {
		uint32_t flags;
		const char *name;
	} good[] = {
		{ ETNA_BO_CACHED, "cached" },
		{ ETNA_BO_WC, "wc" },
		{ ETNA_BO_UNCACHED, "uncached" },
		{ ETNA_BO_CACHED | ETNA_BO_FORCE_MMU, "cached-force-mmu" },
		{ ETNA_BO_WC | ETNA_BO_FORCE_MMU, "wc-force-mmu" },
		{ ETNA_BO_UNCACHED | ETNA_BO_FORCE_MMU, "uncached-force-mmu" },
	}, bad[] = {
		{ 0, "none" },
		{ ETNA_BO_FORCE_MMU, "force-mmu-alone" },
		{ ETNA_BO_CACHED | ETNA_BO_WC, "cached-wc" },
		{ ETNA_BO_WC | ETNA_BO_UNCACHED, "wc-uncached" },
		{ ETNA_BO_CACHE_MASK & ~0x80000u, "all-three" },
		{ 0x00080000, "unknown-cache-bit-0x80000" },
		{ ETNA_BO_WC | 0x00080000, "wc-0x80000" },
		{ ETNA_BO_WC | 0x1, "wc-0x1" },
		{ ETNA_BO_WC | 0x00200000, "wc-0x200000" },
		{ ETNA_BO_WC | 0x80000000, "wc-0x80000000" },
	};
	static const struct {
		uint64_t size;
		const char *name;
		int up;
		const char *note;
	} sizes[] = {
		{ 0, "0", 0, "upstream creates an empty object" },
		{ 1ull << 32, "4GiB", 0, "upstream truncates to 0" },
		{ (1ull << 32) + 4096, "4GiB+4KiB", 0,
		  "upstream truncates to 4 KiB" },
		{ 0xfffff001ull, "0xfffff001", 0,
		  "rounds up to 4 GiB; upstream wraps to 0" },
		{ ~0ull, "max", 0, "upstream wraps to 0" },
	};
	uint32_t handle;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		ret = etna_gem_new(fd, 4096, good[i].flags, &handle);
		if (!ret && !handle)
			ret = (fail("handle 0"), -1000);
		if (!ret)
			etna_gem_close(fd, handle);
		expect(ret, 0, "gem-new-flags-%s", good[i].name);
	}
	ret = etna_gem_new(fd, 1, ETNA_BO_WC, &handle);
	if (!ret)
		etna_gem_close(fd, handle);
	expect(ret, 0, "gem-new-size-1");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ret = etna_gem_new(fd, 4096, bad[i].flags, &handle);
		if (!ret)
			etna_gem_close(fd, handle);
		expect(ret, -EINVAL, "gem-new-flags-%s", bad[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		handle = 0;
		ret = etna_gem_new(fd, sizes[i].size, ETNA_BO_WC, &handle);
		if (!ret)
			etna_gem_close(fd, handle);
		expect2(ret, -EINVAL, sizes[i].up, sizes[i].note,
			"gem-new-size-%s", sizes[i].name);
	}
}

void test_gem_info(void)
{
	struct drm_etnaviv_gem_info req;
	uint64_t off = 0;
	uint32_t h;
	int ret;

	ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &h);
	if (ret) {
		fail("GEM_NEW: %s", err_name(ret));
		report(false, "gem-info");
		return;
	}
	ret = gem_info(h, &off);
	if (!ret && (!off || off & 4095))
		ret = (fail("offset 0x%llx", (unsigned long long)off),
		       -1000);
	expect(ret, 0, "gem-info-valid");

	memset(&req, 0, sizeof(req));
	req.handle = h;
	req.pad = 1;
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req), -EINVAL,
	       "gem-info-pad-1");
	req.pad = 0x80000000;
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req), -EINVAL,
	       "gem-info-pad-0x80000000");
	req.handle = 0xdead;
	req.pad = 1;
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req), -EINVAL,
	       "gem-info-pad-and-unknown-handle (pad first)");
	expect(gem_info(0xdead, NULL), -ENOENT, "gem-info-unknown-handle");
	expect(gem_info(0, NULL), -ENOENT, "gem-info-handle-0");
	etna_gem_close(fd, h);
	expect(gem_info(h, NULL), -ENOENT, "gem-info-closed-handle");
}

/* ------------------------------------------------------------------ */
/* CPU_PREP, CPU_FINI, GEM_WAIT, WAIT_FENCE on idle objects */

void test_cpu_prep_idle(void)
{
	static const struct {
		uint32_t op;
		const char *name;
	} ops[] = {
		{ 0, "0" },
		{ ETNA_PREP_READ, "read" },
		{ ETNA_PREP_WRITE, "write" },
		{ ETNA_PREP_READ | ETNA_PREP_WRITE, "read-write" },
		{ ETNA_PREP_NOSYNC, "nosync" },
		{ ETNA_PREP_READ | ETNA_PREP_NOSYNC, "read-nosync" },
		{ ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, "write-nosync" },
		{ 7, "read-write-nosync" },
	};
	uint32_t h, wc;
	unsigned int i;
	int ret;

	/* CACHED: the op selects the cache maintenance */
	ret = etna_gem_new(fd, 2 * 4096, ETNA_BO_CACHED, &h);
	ret = ret ?: etna_gem_new(fd, 4096, ETNA_BO_WC, &wc);
	if (ret) {
		fail("GEM_NEW: %s", err_name(ret));
		report(false, "cpu-prep");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		ret = cpu_prep(wc, ops[i].op, etna_timeout(SEC_NS));
		expect(ret, 0, "cpu-prep-idle-op-%s/wc", ops[i].name);
		if (!ret)
			expect(cpu_fini(wc, 0), 0, "cpu-fini-after-op-%s/wc",
			       ops[i].name);
		ret = cpu_prep(h, ops[i].op, etna_timeout(SEC_NS));
		expect(ret, 0, "cpu-prep-idle-op-%s/cached", ops[i].name);
		if (ret)
			continue;
		if (upstream && !(ops[i].op & 3)) {
			info("cpu-fini-after-op-%s/cached: not run on upstream: "
			     "it WARNs (prep op without READ/WRITE is "
			     "remembered as none)", ops[i].name);
			continue;
		}
		expect(cpu_fini(h, 0), 0, "cpu-fini-after-op-%s/cached",
		       ops[i].name);
	}
	ret = cpu_prep(h, ETNA_PREP_READ, ts_at(0, 0));
	expect(ret, 0, "cpu-prep-idle-timeout-0 (past: a poll)");
	if (!ret)
		cpu_fini(h, 0);
	ret = cpu_prep(h, ETNA_PREP_WRITE, ts_ago(SEC_NS));
	expect(ret, 0, "cpu-prep-idle-timeout-1s-ago");
	if (!ret)
		cpu_fini(h, 0);
	ret = cpu_prep(h, ETNA_PREP_WRITE, ts_at(-1, 0));
	expect(ret, 0, "cpu-prep-idle-timeout-negative");
	if (!ret)
		cpu_fini(h, 0);

	expect(cpu_prep(h, 0x8, etna_timeout(SEC_NS)), -EINVAL,
	       "cpu-prep-op-0x8");
	expect(cpu_prep(h, 0x80000000, etna_timeout(SEC_NS)), -EINVAL,
	       "cpu-prep-op-0x80000000");
	expect(cpu_prep(0xdead, 0x8, etna_timeout(SEC_NS)), -EINVAL,
	       "cpu-prep-bad-op-and-unknown-handle (op first)");
	expect(cpu_prep(0xdead, ETNA_PREP_READ, etna_timeout(SEC_NS)), -ENOENT,
	       "cpu-prep-unknown-handle");
	expect(cpu_prep(0, ETNA_PREP_READ, etna_timeout(SEC_NS)), -ENOENT,
	       "cpu-prep-handle-0");

	/* a CPU_FINI without CPU_PREP on a non-cached object is harmless */
	expect(cpu_fini(wc, 0), 0, "cpu-fini-wc-without-prep");
	expect(cpu_fini(h, 1), -EINVAL, "cpu-fini-flags-1");
	expect(cpu_fini(h, 0x80000000), -EINVAL, "cpu-fini-flags-0x80000000");
	expect(cpu_fini(0xdead, 1), -EINVAL,
	       "cpu-fini-flags-and-unknown-handle (flags first)");
	expect(cpu_fini(0xdead, 0), -ENOENT, "cpu-fini-unknown-handle");
	expect(cpu_fini(0, 0), -ENOENT, "cpu-fini-handle-0");
	etna_gem_close(fd, h);
	etna_gem_close(fd, wc);
	expect(cpu_prep(h, ETNA_PREP_READ, etna_timeout(SEC_NS)), -ENOENT,
	       "cpu-prep-closed-handle");
}

void test_gem_wait_idle(uint32_t pipe)
{
	struct drm_etnaviv_gem_wait req;
	uint32_t h;
	int ret;

	ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &h);
	if (ret) {
		fail("GEM_NEW: %s", err_name(ret));
		report(false, "gem-wait");
		return;
	}
	expect(gem_wait(pipe, h, 0, etna_timeout(SEC_NS)), 0,
	       "gem-wait-idle/pipe%u", pipe);
	expect(gem_wait(pipe, h, ETNA_WAIT_NONBLOCK, ts_at(0, 0)), 0,
	       "gem-wait-idle-nonblock/pipe%u", pipe);
	expect(gem_wait(pipe, h, 0, ts_at(0, 0)), 0,
	       "gem-wait-idle-timeout-0/pipe%u", pipe);
	expect(gem_wait(pipe, h, 0, ts_ago(SEC_NS)), 0,
	       "gem-wait-idle-timeout-1s-ago/pipe%u", pipe);
	memset(&req, 0, sizeof(req));
	req.pipe = pipe;
	req.handle = h;
	req.pad = 0xdeadbeef;
	req.timeout = etna_timeout(SEC_NS);
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req), 0,
	       "gem-wait-pad-ignored/pipe%u", pipe);

	expect(gem_wait(pipe, h, 0x2, etna_timeout(SEC_NS)), -EINVAL,
	       "gem-wait-flags-0x2/pipe%u", pipe);
	expect(gem_wait(pipe, h, 0x80000000, etna_timeout(SEC_NS)), -EINVAL,
	       "gem-wait-flags-0x80000000/pipe%u", pipe);
	expect(gem_wait(pipe, 0xdead, 0, etna_timeout(SEC_NS)), -ENOENT,
	       "gem-wait-unknown-handle/pipe%u", pipe);
	expect(gem_wait(pipe, 0xdead, 0x2, etna_timeout(SEC_NS)), -EINVAL,
	       "gem-wait-bad-flags-and-unknown-handle/pipe%u (flags first)",
	       pipe);
	etna_gem_close(fd, h);
}

void test_gem_wait_pipes(void)
{
	uint32_t h;

	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &h))
		return;
	expect(gem_wait(ETNA_MAX_PIPES, h, 0, etna_timeout(SEC_NS)), -EINVAL,
	       "gem-wait-pipe-4");
	expect(gem_wait(0xffffffff, h, 0, etna_timeout(SEC_NS)), -EINVAL,
	       "gem-wait-pipe-0xffffffff");
	if (absent_pipe >= 0) {
		expect(gem_wait(absent_pipe, h, 0, etna_timeout(SEC_NS)),
		       -ENXIO, "gem-wait-empty-pipe%d", absent_pipe);
		expect(gem_wait(absent_pipe, 0xdead, 0, etna_timeout(SEC_NS)),
		       -ENXIO, "gem-wait-empty-pipe%d-unknown-handle "
		       "(pipe first)", absent_pipe);
		expect(gem_wait(absent_pipe, h, 0x2, etna_timeout(SEC_NS)),
		       -EINVAL, "gem-wait-empty-pipe%d-bad-flags (flags first)",
		       absent_pipe);
	}
	etna_gem_close(fd, h);
}

/* Before any submit: fence 0 has never been handed out. */
void test_wait_fence_unissued(void)
{
	uint32_t pipe;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		expect(etna_wait_fence(fd, pipe, 0, 0, SEC_NS), 0,
		       "wait-fence-never-issued-0/pipe%u", pipe);
		expect(etna_wait_fence(fd, pipe, 0, ETNA_WAIT_NONBLOCK, 0), 0,
		       "wait-fence-never-issued-0-nonblock/pipe%u", pipe);
	}
}

void test_wait_fence_args(void)
{
	struct drm_etnaviv_wait_fence req;
	uint32_t pipe;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		expect(etna_wait_fence(fd, pipe, 0x7fffffff, 0, SEC_NS), 0,
		       "wait-fence-never-issued-0x7fffffff/pipe%u", pipe);
		expect(etna_wait_fence(fd, pipe, 0xffffffff, 0, SEC_NS), 0,
		       "wait-fence-never-issued-0xffffffff/pipe%u", pipe);
		expect(etna_wait_fence(fd, pipe, 0, 0x2, SEC_NS), -EINVAL,
		       "wait-fence-flags-0x2/pipe%u", pipe);
		expect(etna_wait_fence(fd, pipe, 0, 0x80000000, SEC_NS),
		       -EINVAL, "wait-fence-flags-0x80000000/pipe%u", pipe);
		if (!have_fence[pipe])
			continue;
		expect(wait_fence_ts(pipe, last_fence[pipe], 0, ts_at(0, 0)), 0,
		       "wait-fence-signalled-timeout-0/pipe%u", pipe);
		expect(wait_fence_ts(pipe, last_fence[pipe], 0,
				     ts_ago(SEC_NS)),
		       0, "wait-fence-signalled-timeout-1s-ago/pipe%u", pipe);
		expect(wait_fence_ts(pipe, last_fence[pipe], ETNA_WAIT_NONBLOCK,
				     ts_at(0, 0)),
		       0, "wait-fence-signalled-nonblock/pipe%u", pipe);
		memset(&req, 0, sizeof(req));
		req.pipe = pipe;
		req.fence = last_fence[pipe];
		req.pad = 0xdeadbeef;
		req.timeout = etna_timeout(SEC_NS);
		expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &req), 0,
		       "wait-fence-pad-ignored/pipe%u", pipe);
	}
	expect(etna_wait_fence(fd, ETNA_MAX_PIPES, 0, 0, SEC_NS), -EINVAL,
	       "wait-fence-pipe-4");
	expect(etna_wait_fence(fd, 0xffffffff, 0, 0, SEC_NS), -EINVAL,
	       "wait-fence-pipe-0xffffffff");
	if (absent_pipe >= 0) {
		expect(etna_wait_fence(fd, absent_pipe, 0, 0, SEC_NS), -ENXIO,
		       "wait-fence-empty-pipe%d", absent_pipe);
		expect(etna_wait_fence(fd, absent_pipe, 0, 0x2, SEC_NS),
		       -EINVAL, "wait-fence-empty-pipe%d-bad-flags "
		       "(flags first)", absent_pipe);
	}
}
