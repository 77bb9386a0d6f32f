// SPDX-License-Identifier: MIT
/* functional: BO contents through mmap */
#include "functional.h"

/* ------------------------------------------------------------------ */
/* 1. BO contents through mmap */

static const struct {
	uint32_t flags;
	const char *name;
} cache_modes[] = {
	{ ETNA_BO_CACHED, "cached" },
	{ ETNA_BO_WC, "wc" },
	{ ETNA_BO_UNCACHED, "uncached" },
};

static bool bo_contents(int fd, uint32_t flags, size_t size, uint32_t seed)
{
	uint32_t dirty = 0, handle = 0, *a = NULL, *b = NULL, *c = NULL;
	uint64_t off1 = 0, off2 = 0;
	bool ok = false;
	size_t i;
	int ret;

	/* leave pages with a pattern behind for the new BO to recycle */
	if (!etna_gem_new(fd, size, flags, &dirty)) {
		uint32_t *d = map_bo(fd, dirty, size);

		if (d) {
			fill(d, size, ~seed);
			munmap(d, size);
		}
		etna_gem_close(fd, dirty);
	}

	ret = etna_gem_new(fd, size, flags, &handle);
	if (ret)
		return fail("GEM_NEW returned %s", err_name(ret));
	ret = etna_gem_info(fd, handle, &off1);
	if (ret) {
		fail("GEM_INFO returned %s", err_name(ret));
		goto out;
	}
	a = map_fd(fd, off1, size);
	b = map_fd(fd, off1, size);
	if (!a || !b) {
		fail("mmap: %s", strerror(errno));
		goto out;
	}

	ret = etna_cpu_prep(fd, handle, ETNA_PREP_READ, 5 * SEC_NS);
	if (ret) {
		fail("CPU_PREP(READ) returned %s", err_name(ret));
		goto out;
	}
	for (i = 0; i < size / 4 && !a[i]; i++)
		;
	etna_cpu_fini(fd, handle);
	if (i != size / 4) {
		fail("new BO not zero-filled: word %zu is 0x%08x", i, a[i]);
		goto out;
	}

	/* write through one mapping, read through the other, and back */
	ret = etna_cpu_prep(fd, handle, ETNA_PREP_WRITE, 5 * SEC_NS);
	if (ret) {
		fail("CPU_PREP(WRITE) returned %s", err_name(ret));
		goto out;
	}
	fill(a, size, seed);
	etna_cpu_fini(fd, handle);
	etna_cpu_prep(fd, handle, ETNA_PREP_READ | ETNA_PREP_WRITE, 5 * SEC_NS);
	ok = check_pattern(b, size, seed, "second mapping after a write "
			   "through the first");
	for (i = 0; i < size / 4; i += 1021)
		b[i] = pattern(i, seed + 1);
	for (i = 0; ok && i < size / 4; i += 1021)
		if (a[i] != pattern(i, seed + 1))
			ok = fail("first mapping does not see the second's "
				  "write at word %zu: 0x%08x", i, a[i]);
	for (i = 0; i < size / 4; i += 1021)
		b[i] = pattern(i, seed);
	etna_cpu_fini(fd, handle);
	if (!ok)
		goto out;
	ok = false;

	/* the contents outlive the mappings */
	munmap(a, size);
	munmap(b, size);
	a = b = NULL;
	ret = etna_gem_info(fd, handle, &off2);
	if (ret || off2 != off1) {
		fail("GEM_INFO again: %s, offset 0x%llx then 0x%llx",
		     err_name(ret), (unsigned long long)off1,
		     (unsigned long long)off2);
		goto out;
	}
	c = map_fd(fd, off2, size);
	if (!c) {
		fail("mmap again: %s", strerror(errno));
		goto out;
	}
	etna_cpu_prep(fd, handle, ETNA_PREP_READ, 5 * SEC_NS);
	ok = check_pattern(c, size, seed, "after munmap and mmap again");
	etna_cpu_fini(fd, handle);
out:
	if (a)
		munmap(a, size);
	if (b)
		munmap(b, size);
	if (c)
		munmap(c, size);
	etna_gem_close(fd, handle);
	return ok;
}

/*
 * Whether our driver's debugfs "gem" lists @handle, in this process's file,
 * as mapped for the device; -1 if it does not list it (the test holds one
 * file at a time).
 */
static int bo_dma_mapped(uint32_t handle)
{
	char line[512], want[48];
	FILE *f = driver_debugfs("gem");
	bool mine = false;
	int pid, ret = -1;

	if (!f)
		return -1;
	snprintf(want, sizeof(want), "  handle %4u ", handle);
	while (ret < 0 && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "file of ", 8)) {
			char *b = strrchr(line, '[');

			mine = b && sscanf(b, "[%d]", &pid) == 1 &&
			       pid == getpid();
		} else if (mine && !strncmp(line, want, strlen(want))) {
			ret = strstr(line, " dma-mapped") != NULL;
		}
	}
	fclose(f);
	return ret;
}

/*
 * The pages of a new write-combined or uncached buffer were zeroed through
 * the kernel's cached mapping; on a CPU the GPU does not snoop, those lines
 * must be cleaned before user space writes around them: our driver maps
 * them for the device (which cleans them) at mmap(). A cached buffer waits
 * for its first job (its CPU_PREP/FINI do the maintenance).
 */
static bool bo_clean_at_mmap(int fd, uint32_t flags)
{
	bool want = flags != ETNA_BO_CACHED, ok;
	uint32_t handle, *p;
	int before, after;

	if (etna_gem_new(fd, 64 << 10, flags, &handle))
		return fail("GEM_NEW failed");
	before = bo_dma_mapped(handle);
	p = map_bo(fd, handle, 64 << 10);
	after = bo_dma_mapped(handle);
	ok = (p && before == 0 && after == want) ||
	     fail("mmap %s; mapped for the device before %d, after %d, want "
		  "0 then %d", p ? "ok" : strerror(errno), before, after, want);
	if (p)
		munmap(p, 64 << 10);
	etna_gem_close(fd, handle);
	return ok;
}

void test_bo_contents(void)
{
	static const size_t sizes[] = {
		4096, 3 * 4096, 1 << 20, (1 << 20) + 5 * 4096, 8 << 20,
	};
	unsigned int m, s;
	int fd = etna_open();

	for (m = 0; m < ARRAY_SIZE(cache_modes); m++)
		for (s = 0; s < ARRAY_SIZE(sizes); s++)
			report(bo_contents(fd, cache_modes[m].flags, sizes[s],
					   0x100 + m * 16 + s),
			       "bo-mmap %s %zu: zero-filled, two mappings, "
			       "persists across munmap", cache_modes[m].name,
			       sizes[s]);
	for (m = 0; !is_upstream() && m < ARRAY_SIZE(cache_modes); m++)
		report(bo_clean_at_mmap(fd, cache_modes[m].flags),
		       "bo-clean %s: mapped for the device (so cleaned) at "
		       "mmap: %s", cache_modes[m].name,
		       cache_modes[m].flags == ETNA_BO_CACHED ? "no" : "yes");
	close(fd);
}
