// SPDX-License-Identifier: MIT
/*
 * functional: functional tests of an etnaviv driver inside a simulated
 * board, beyond the smoke test: buffer contents through every cache mode,
 * PRIME sharing (between two files of the render node and with vgem),
 * fence ordering across pipes, implicit synchronisation of GEM_WAIT and
 * CPU_PREP against a job the GPU cannot finish (the device model's FE is
 * frozen through debugfs), recovery from a hung core and from an AXI bus
 * error, and many processes submitting at once.
 *
 * Output: one line per check, "PASS: func/<name>" or
 * "FAIL: func/<name>: <why>"; "INFO: func/<name>: ..." lines record what
 * a driver did where more than one behaviour is acceptable. Exit status 0
 * iff nothing failed.
 */
#include <dirent.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <drm/vgem_drm.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#define CHECK_PREFIX "func/"
#include "check.h"

#define SEC_NS		1000000000ull
#define MS_NS		1000000ull
#define MAX_ENGINES	(2 * ETNA_MAX_PIPES)
#define JOB_BO_SIZE	0x10000

/* ------------------------------------------------------------------ */
/* Reporting */


static void __printf(2, 3) info(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("INFO: func/%s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static const char *err_name(int ret)
{
	static char buf[8][48];
	static unsigned int n;
	char *b = buf[n++ % 8];

	if (!ret)
		return "0";
	if (ret > 0) {
		snprintf(b, sizeof(buf[0]), "%d", ret);
		return b;
	}
	snprintf(b, sizeof(buf[0]), "%s (%d)", strerror(-ret), ret);
	return b;
}

static const char *driver_name(void)
{
	const char *d = getenv("ETNAVIV_DRIVER");

	return d ? d : "";
}

static bool is_upstream(void)
{
	return !strcmp(driver_name(), "upstream");
}

static double secs(uint64_t ns)
{
	return ns / 1e9;
}

/* ------------------------------------------------------------------ */
/* The engines and the model cores behind them */

struct engine {
	uint32_t pipe, exec_state;
	char core[128];		/* model debugfs directory, "" if unknown */
};

static struct engine engines[MAX_ENGINES];
static unsigned int nr_engines;

static const char *engine_name(const struct engine *e)
{
	static char buf[4][16];
	static unsigned int n;
	char *b = buf[n++ % 4];

	snprintf(b, sizeof(buf[0]), "pipe%u-%s", e->pipe,
		 e->exec_state == ETNA_PIPE_2D ? "2d" : "3d");
	return b;
}

/* strlcpy */
static void copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Reads @key of the model core @dir's stats; -1 if absent. */
static long long model_stat(const char *dir, const char *key, char *str,
			    size_t len)
{
	char path[256], line[128], k[32], v[64];
	long long val = -1;
	FILE *f;

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/stats", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%31[^:]: %63s", k, v) != 2 || strcmp(k, key))
			continue;
		if (str)
			copy_str(str, len, v);
		val = strtoll(v, NULL, 10);
		break;
	}
	fclose(f);
	return val;
}

static long long stat_of(const struct engine *e, const char *key)
{
	return model_stat(e->core, key, NULL, 0);
}

static const char *fe_state(const struct engine *e)
{
	static char buf[4][32];
	static unsigned int n;
	char *b = buf[n++ % 4];

	if (model_stat(e->core, "fe", b, sizeof(buf[0])) == -1 && !b[0])
		snprintf(b, sizeof(buf[0]), "?");
	return b;
}

static int knob_path(const struct engine *e, const char *knob, char *path,
		     size_t len)
{
	if (!e->core[0])
		return -ENODEV;
	snprintf(path, len, MODEL_DEBUGFS "/%s/%s", e->core, knob);
	return 0;
}

static int knob_set(const struct engine *e, const char *knob, int val)
{
	char path[256], buf[8];
	int fd, n, ret = 0;

	if (knob_path(e, knob, path, sizeof(path)))
		return -ENODEV;
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = snprintf(buf, sizeof(buf), "%d\n", val);
	if (write(fd, buf, n) != n)
		ret = -errno;
	close(fd);
	return ret;
}

static long knob_get(const struct engine *e, const char *knob)
{
	char path[256], buf[32];
	long v = -1;
	FILE *f;

	if (knob_path(e, knob, path, sizeof(path)))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		v = strtol(buf, NULL, 0);
	fclose(f);
	return v;
}

/*
 * The model core directory whose "core:" is gc<model in hex>, or that
 * followed by "-<revision>" (the model's name when it has several).
 */
static void find_core(struct engine *e, uint32_t model)
{
	char want[32], name[32];
	struct dirent *de;
	DIR *d;

	snprintf(want, sizeof(want), "gc%x", model);
	d = opendir(MODEL_DEBUGFS);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		name[0] = '\0';
		model_stat(de->d_name, "core", name, sizeof(name));
		if (!strncmp(name, want, strlen(want)) &&
		    (!name[strlen(want)] || name[strlen(want)] == '-')) {
			copy_str(e->core, sizeof(e->core), de->d_name);
			break;
		}
	}
	closedir(d);
}

static void find_engines(int fd)
{
	uint64_t model, f0;
	uint32_t pipe;
	bool ok;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &model) ||
		    etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0))
			continue;
		if (f0 & ETNA_FEATURE_PIPE_3D)
			engines[nr_engines++] = (struct engine){
				.pipe = pipe, .exec_state = ETNA_PIPE_3D };
		if (f0 & ETNA_FEATURE_PIPE_2D)
			engines[nr_engines++] = (struct engine){
				.pipe = pipe, .exec_state = ETNA_PIPE_2D };
		if (nr_engines && engines[nr_engines - 1].pipe == pipe) {
			find_core(&engines[nr_engines - 1], model);
			if (nr_engines > 1 &&
			    engines[nr_engines - 2].pipe == pipe)
				memcpy(engines[nr_engines - 2].core,
				       engines[nr_engines - 1].core,
				       sizeof(engines[0].core));
		}
	}
	ok = nr_engines || fail("no 2D or 3D engine on any pipe");
	report(ok, "setup: engines found (%u)", nr_engines);
	for (unsigned int i = 0; i < nr_engines; i++) {
		ok = engines[i].core[0] ||
		     fail("no model core in " MODEL_DEBUGFS " for pipe %u",
			  engines[i].pipe);
		report(ok, "setup: %s model core %s", engine_name(&engines[i]),
		       engines[i].core);
		/* nothing may be left frozen by an earlier run */
		knob_set(&engines[i], "freeze", 0);
	}
}

/* The first engine of every pipe (one per core). */
static unsigned int pipe_engines(const struct engine **out)
{
	unsigned int i, n = 0;

	for (i = 0; i < nr_engines; i++)
		if (!n || out[n - 1]->pipe != engines[i].pipe)
			out[n++] = &engines[i];
	return n;
}

/* ------------------------------------------------------------------ */
/* Buffer objects */

static uint32_t pattern(size_t i, uint32_t seed)
{
	return (uint32_t)(i * 0x9e3779b9u) ^ (seed * 0x85ebca6bu) ^ seed;
}

static int gem_wait(int fd, uint32_t pipe, uint32_t handle, uint32_t flags,
		    uint64_t ns)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = pipe, .handle = handle, .flags = flags,
		.timeout = etna_timeout(ns),
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

static void *map_fd(int fd, uint64_t offset, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

/* Maps a BO of @fd; NULL (and the reason in why) on failure. */
static uint32_t *map_bo(int fd, uint32_t handle, size_t len)
{
	uint64_t offset;
	uint32_t *p;
	int ret;

	ret = etna_gem_info(fd, handle, &offset);
	if (ret) {
		fail("GEM_INFO of handle %u: %s", handle, err_name(ret));
		return NULL;
	}
	p = map_fd(fd, offset, len);
	if (!p)
		fail("mmap of %zu bytes at 0x%llx: %s", len,
		     (unsigned long long)offset, strerror(errno));
	return p;
}

static void fill(uint32_t *p, size_t len, uint32_t seed)
{
	for (size_t i = 0; i < len / 4; i++)
		p[i] = pattern(i, seed);
}

/* Index of the first word that differs from the pattern, or len / 4. */
static size_t first_bad(const uint32_t *p, size_t len, uint32_t seed)
{
	size_t i;

	for (i = 0; i < len / 4; i++)
		if (p[i] != pattern(i, seed))
			break;
	return i;
}

static bool check_pattern(const uint32_t *p, size_t len, uint32_t seed,
			  const char *what)
{
	size_t bad = first_bad(p, len, seed);

	if (bad == len / 4)
		return true;
	return fail("%s: word %zu (byte 0x%zx) is 0x%08x, want 0x%08x", what,
		    bad, bad * 4, p[bad], pattern(bad, seed));
}

/* ------------------------------------------------------------------ */
/* Jobs */

/* An address state of the engine, which takes a relocation. */
static uint32_t address_state(const struct engine *e)
{
	/* DE DEST_ADDRESS; FE INDEX_STREAM_BASE_ADDR */
	return e->exec_state == ETNA_PIPE_2D ? 0x1228 : 0x0644;
}

/*
 * Submits a small job on @e: with @bo, one LOAD_STATE of an address state
 * relocated into @bo at @bo_offset (so that the job uses the BO with
 * @bo_flags); without, two NOPs. @flags are submit flags; with
 * ETNA_SUBMIT_FENCE_FD_IN, @in_fd is the fence to wait for. With @out_fd,
 * asks for a sync file.
 */
static int submit_ex(int fd, const struct engine *e, uint32_t bo,
		     uint32_t bo_flags, uint32_t bo_offset, uint32_t flags,
		     int in_fd, uint32_t *fence, int *out_fd)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = bo_flags, .handle = bo,
	};
	struct drm_etnaviv_gem_submit_reloc reloc = {
		.submit_offset = 4, .reloc_idx = 0, .reloc_offset = bo_offset,
	};
	uint32_t stream[4];
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
		.flags = flags, .fence_fd = in_fd,
	};
	int ret;

	if (bo) {
		stream[0] = ETNA_CMD_LOAD_STATE(address_state(e), 1);
		stream[1] = 0;
		req.nr_bos = 1;
		req.bos = (uintptr_t)&sbo;
		req.nr_relocs = 1;
		req.relocs = (uintptr_t)&reloc;
	} else {
		stream[0] = ETNA_CMD_NOP;
		stream[1] = 0;
	}
	stream[2] = ETNA_CMD_NOP;
	stream[3] = 0;
	if (out_fd)
		req.flags |= ETNA_SUBMIT_FENCE_FD_OUT;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret && fence)
		*fence = req.fence;
	if (out_fd)
		*out_fd = ret ? -1 : req.fence_fd;
	return ret;
}

static int submit_job(int fd, const struct engine *e, uint32_t bo,
		      uint32_t bo_flags, uint32_t bo_offset, uint32_t *fence,
		      int *fence_fd)
{
	return submit_ex(fd, e, bo, bo_flags, bo_offset, 0, -1, fence,
			 fence_fd);
}

/* Sync file status: 1 signalled, 0 active, <0 error (-1000 - errno: no info) */
static int sync_status(int sfd)
{
	struct sync_file_info info;

	memset(&info, 0, sizeof(info));
	if (ioctl(sfd, SYNC_IOC_FILE_INFO, &info))
		return -1000 - errno;
	return info.status;
}

static const char *status_name(int s)
{
	static char buf[4][64];
	static unsigned int n;
	char *b = buf[n++ % 4];

	if (s == 1)
		return "1 (signalled)";
	if (s == 0)
		return "0 (active)";
	if (s <= -1000)
		snprintf(b, sizeof(buf[0]), "SYNC_IOC_FILE_INFO failed: %s",
			 strerror(-(s + 1000)));
	else
		snprintf(b, sizeof(buf[0]), "%d (error %s)", s, strerror(-s));
	return b;
}

/* Waits until every engine is idle (its last job of this file done). */
static void drain(int fd)
{
	unsigned int i;
	uint32_t fence;

	for (i = 0; i < nr_engines; i++)
		if (!submit_job(fd, &engines[i], 0, 0, 0, &fence, NULL))
			etna_wait_fence(fd, engines[i].pipe, fence, 0,
					5 * SEC_NS);
}

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

static void test_bo_contents(void)
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
	close(fd);
}

/* ------------------------------------------------------------------ */
/* 2. PRIME */

static int prime_export(int fd, uint32_t handle, int *dmabuf)
{
	struct drm_prime_handle req = {
		.handle = handle, .flags = DRM_CLOEXEC | DRM_RDWR, .fd = -1,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req);

	*dmabuf = ret ? -1 : req.fd;
	return ret;
}

static int prime_import(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle req = { .fd = dmabuf };
	int ret = etna_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);

	*handle = ret ? 0 : req.handle;
	return ret;
}

static int dmabuf_sync(int dmabuf, uint64_t flags)
{
	struct dma_buf_sync s = { .flags = flags };

	return etna_ioctl(dmabuf, DMA_BUF_IOCTL_SYNC, &s);
}

/* A GPU job on @fd that uses @handle; true once its fence signalled. */
static bool gpu_uses(int fd, uint32_t handle, uint32_t bo_flags)
{
	const struct engine *e = &engines[0];
	uint32_t fence;
	int ret;

	ret = submit_job(fd, e, handle, bo_flags, 0, &fence, NULL);
	if (ret)
		return fail("SUBMIT using the BO on %s returned %s",
			    engine_name(e), err_name(ret));
	ret = etna_wait_fence(fd, e->pipe, fence, 0, 5 * SEC_NS);
	if (ret)
		return fail("WAIT_FENCE on the job using the BO: %s",
			    err_name(ret));
	return true;
}

static void test_prime_etnaviv(void)
{
	const size_t size = JOB_BO_SIZE;
	uint32_t h = 0, h2 = 0, h3, hs, dummy[2] = { 0, 0 }, *p1 = NULL,
		 *p2 = NULL, *pd;
	int fd1 = etna_open(), fd2 = etna_open(), dmabuf = -1, ret;
	long long faults0 = nr_engines ? stat_of(&engines[0], "mmu_faults")
				       : 0;
	bool ok;

	/* fd2 already has objects: the import gets a handle of its own */
	etna_gem_new(fd2, 4096, ETNA_BO_WC, &dummy[0]);
	etna_gem_new(fd2, 4096, ETNA_BO_WC, &dummy[1]);

	ret = etna_gem_new(fd1, size, ETNA_BO_WC, &h);
	if (!ret)
		p1 = map_bo(fd1, h, size);
	if (p1)
		fill(p1, size, 0x7001);
	ret = ret ? ret : prime_export(fd1, h, &dmabuf);
	ok = (!ret && p1) || fail("%s", ret ? err_name(ret) : why);
	report(ok, "prime: export a BO to a dma-buf fd");
	if (!ok)
		goto out;

	ret = prime_import(fd1, dmabuf, &hs);
	ok = (!ret && hs == h) ||
	     fail("import on the exporting file: %s, handle %u, want %u",
		  err_name(ret), hs, h);
	report(ok, "prime: import on the exporting file gives the original "
	       "handle");

	ret = prime_import(fd2, dmabuf, &h2);
	ok = (!ret && h2 && h2 != h && h2 != dummy[0] && h2 != dummy[1]) ||
	     fail("import on a second file: %s, handle %u (exporter's %u, "
		  "file's own %u %u)", err_name(ret), h2, h, dummy[0],
		  dummy[1]);
	report(ok, "prime: import on another file gives a new handle");
	if (ret)
		goto out;

	ret = prime_import(fd2, dmabuf, &h3);
	ok = (!ret && h3 == h2) ||
	     fail("second import: %s, handle %u, first gave %u",
		  err_name(ret), h3, h2);
	report(ok, "prime: importing the same dma-buf twice gives the same "
	       "handle");

	p2 = map_bo(fd2, h2, size);
	ok = p2 && check_pattern(p2, size, 0x7001, "importer's mapping");
	report(ok, "prime: importer sees the exporter's contents");
	if (p2) {
		fill(p2, size, 0x7002);
		ok = check_pattern(p1, size, 0x7002, "exporter's mapping after "
				   "a write by the importer");
		report(ok, "prime: exporter sees the importer's writes");
	}

	pd = map_fd(dmabuf, 0, size);
	if (!pd) {
		ok = fail("mmap of the dma-buf fd: %s", strerror(errno));
	} else {
		dmabuf_sync(dmabuf, DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW);
		ok = check_pattern(pd, size, 0x7002, "dma-buf mapping");
		dmabuf_sync(dmabuf, DMA_BUF_SYNC_END | DMA_BUF_SYNC_RW);
		munmap(pd, size);
	}
	report(ok, "prime: mmap of the dma-buf fd sees the contents");

	report(gpu_uses(fd2, h2, ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE),
	       "prime: a job on the importing file uses the imported BO");

	/* the import outlives the exporter's handle, fd and file */
	munmap(p1, size);
	p1 = NULL;
	if (p2)
		munmap(p2, size);
	p2 = NULL;
	etna_gem_close(fd1, h);
	h = 0;
	close(dmabuf);
	dmabuf = -1;
	close(fd1);
	fd1 = -1;
	p2 = map_bo(fd2, h2, size);
	ok = p2 && check_pattern(p2, size, 0x7002,
				 "import after the exporter closed");
	report(ok, "prime: import stays valid after the original handle, the "
	       "dma-buf fd and the exporting file are closed");
	report(gpu_uses(fd2, h2, ETNA_SUBMIT_BO_READ),
	       "prime: a job uses the import after the exporter closed");
	if (nr_engines) {
		long long f = stat_of(&engines[0], "mmu_faults");

		ok = f == faults0 ||
		     fail("mmu_faults %lld -> %lld", faults0, f);
		report(ok, "prime: jobs on imported BOs cause no MMU fault");
	}
out:
	if (p1)
		munmap(p1, size);
	if (p2)
		munmap(p2, size);
	if (dmabuf >= 0)
		close(dmabuf);
	if (fd1 >= 0)
		close(fd1);
	close(fd2);
}

static int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
		ret = -errno;
	close(fd);
	return ret;
}

/* Opens the vgem primary node (it has CREATE_DUMB); -errno if none. */
static int vgem_open(char *node, size_t len, char *err, size_t errlen)
{
	const char *kdir = getenv("ETNAVIV_KDIR");
	char path[512], name[32];
	int i, tries, fd, ret;

	if (!kdir) {
		snprintf(err, errlen, "ETNAVIV_KDIR not set");
		return -ENOENT;
	}
	/* upstream etnaviv does not need the shmem helpers: vgem does */
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/drm_shmem_helper.ko",
		 kdir);
	load_module(path);
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/vgem/vgem.ko", kdir);
	ret = load_module(path);
	if (ret) {
		snprintf(err, errlen, "insmod %s: %s", path, strerror(-ret));
		return ret;
	}
	for (tries = 0; tries < 100; tries++) {
		for (i = 0; i < 8; i++) {
			struct drm_version v = {
				.name = name, .name_len = sizeof(name) - 1,
			};

			snprintf(node, len, "/dev/dri/card%d", i);
			fd = open(node, O_RDWR | O_CLOEXEC);
			if (fd < 0)
				continue;
			memset(name, 0, sizeof(name));
			if (!etna_ioctl(fd, DRM_IOCTL_VERSION, &v) &&
			    !strcmp(name, "vgem"))
				return fd;
			close(fd);
		}
		usleep(20000);
	}
	snprintf(err, errlen, "vgem loaded but no /dev/dri/cardN is vgem");
	return -ENODEV;
}

static int vgem_fd = -1;	/* kept open for the prime-sync checks */

static void test_prime_vgem(void)
{
	const size_t size = JOB_BO_SIZE;
	char node[64], err[600];
	uint32_t h = 0, vh = 0, back, h2 = 0, dh = 0, eh = 0, *p = NULL,
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
static int vgem_dumb_export(int vfd, size_t size, uint32_t *vh, int *dmabuf)
{
	struct drm_mode_create_dumb cd = {
		.width = 256, .height = size / 1024, .bpp = 32,
	};
	int ret = etna_ioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &cd);

	*vh = ret ? 0 : cd.handle;
	*dmabuf = -1;
	return ret ? ret : prime_export(vfd, cd.handle, dmabuf);
}

static bool poll_ready(int fd, short events, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = events };

	return poll(&pfd, 1, ms) == 1 && (pfd.revents & events);
}

/*
 * Implicit synchronisation through a dma-buf's reservation object: the
 * fences of etnaviv jobs are seen by other users of the dma-buf (poll,
 * EXPORT_SYNC_FILE, vgem, another etnaviv file), and etnaviv jobs wait
 * for the fences other drivers put there (vgem's FENCE_ATTACH), unless
 * submitted with NO_IMPLICIT.
 */
static void test_prime_sync(void)
{
	const struct engine *e = &engines[0];
	int fd1 = etna_open(), fd2 = etna_open(), dmabuf = -1, sfd = -1,
	    jfd = -1, dmabuf3 = -1, ret;
	uint32_t h = 0, h2 = 0, vh = 0, dh = 0, eh = 0, eh2 = 0, fence, f2;
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
	ret = ret ? ret : submit_job(fd1, e, h, ETNA_SUBMIT_BO_WRITE, 0,
				     &fence, &jfd);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "prime-sync: a job writing the exported BO on frozen %s",
	       engine_name(e));
	if (!ok) {
		knob_set(e, "freeze", 0);
		goto out;
	}
	usleep(10000);
	ok = !poll_ready(dmabuf, POLLIN, 0) ||
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
	ok = poll_ready(dmabuf, POLLIN, 2000) ||
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
		usleep(100000);
		ret = ok ? etna_wait_fence(fd1, e->pipe, fence,
					   ETNA_WAIT_NONBLOCK, 0) : 0;
		ok = ok && (ret == -EBUSY ||
			    fail("job fence: %s, want EBUSY (not run yet)",
				 err_name(ret)));
		report(ok, "prime-sync: the etnaviv job waits for vgem's "
		       "write fence");
		ret = etna_cpu_prep(fd1, eh, ETNA_PREP_READ | ETNA_PREP_NOSYNC, 0);
		ok = ret == -EBUSY || fail("got %s, want EBUSY",
					   err_name(ret));
		if (!ret)
			etna_cpu_fini(fd1, eh);
		report(ok, "prime-sync: CPU_PREP(READ|NOSYNC) on the import "
		       "sees vgem's fence");
		t = etna_now_ns();
		ret = submit_ex(fd2, e, eh2, ETNA_SUBMIT_BO_READ, 0,
				ETNA_SUBMIT_NO_IMPLICIT, -1, &f2, NULL);
		if (!ret)
			ret = etna_wait_fence(fd2, e->pipe, f2, 0, 2 * SEC_NS);
		t = etna_now_ns() - t;
		ok = (!ret && t < SEC_NS) ||
		     fail("%s after %.3f s", err_name(ret), secs(t));
		report(ok, "prime-sync: a NO_IMPLICIT job ignores vgem's "
		       "fence");
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
/* 3. Fences in order across pipes */

#define FENCE_JOBS	400

static void test_fence_order(void)
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

	ret = gem_wait(fd, engines[0].pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("GEM_WAIT NONBLOCK: %s", err_name(ret));
	report(ok, "fences: shared BO idle after all fences");
	etna_gem_close(fd, bo);
	close(fd);
}

/*
 * Explicit synchronisation: a job with FENCE_FD_IN waits for its in-fence
 * (from a job held on a frozen core), while other pipes keep running.
 */
static void test_fence_in(void)
{
	const struct engine *ea = &engines[0], *eb = &engines[nr_engines - 1];
	int fd = etna_open(), sa = -1, sc = -1, ret;
	uint32_t fa, fc, fd_;
	uint64_t t;
	bool ok;

	drain(fd);
	ret = knob_set(ea, "freeze", 1);
	ret = ret ? ret : submit_job(fd, ea, 0, 0, 0, &fa, &sa);
	ret = ret ? ret : submit_ex(fd, eb, 0, 0, 0, ETNA_SUBMIT_FENCE_FD_IN,
				    sa, &fc, &sc);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "fence-in: job A on frozen %s, job C on %s waiting for A",
	       engine_name(ea), engine_name(eb));
	if (!ok)
		goto out;
	if (eb->pipe != ea->pipe) {
		/* from another file: those of this one queue behind C */
		int fd2 = etna_open();

		t = etna_now_ns();
		ret = submit_job(fd2, eb, 0, 0, 0, &fd_, NULL);
		ret = ret ? ret : etna_wait_fence(fd2, eb->pipe, fd_, 0,
						  300 * MS_NS);
		t = etna_now_ns() - t;
		close(fd2);
		ok = !ret || fail("%s after %.3f s", err_name(ret), secs(t));
		report(ok, "fence-in: %s keeps running while pipe%u is frozen",
		       engine_name(eb), ea->pipe);
	}
	usleep(50000);
	ret = etna_wait_fence(fd, eb->pipe, fc, ETNA_WAIT_NONBLOCK, 0);
	ok = (ret == -EBUSY && sync_status(sc) == 0) ||
	     fail("C: WAIT_FENCE NONBLOCK %s, sync file %s", err_name(ret),
		  status_name(sync_status(sc)));
	report(ok, "fence-in: job C has not run before its in-fence");
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

/* ------------------------------------------------------------------ */
/* 4. GEM_WAIT and CPU_PREP against a job that cannot finish */

static void test_implicit_sync(void)
{
	const struct engine *ew = &engines[0], *er = &engines[nr_engines - 1];
	uint32_t bo, fence;
	long long resets0;
	uint64_t t0, t, held;
	int fd = etna_open(), sfd = -1, ret;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "sync: setup");
		close(fd);
		return;
	}
	drain(fd);

	/* a job that WRITEs the BO, on a frozen core */
	resets0 = stat_of(ew, "resets");
	ret = knob_set(ew, "freeze", 1);
	ok = !ret || fail("write 1 to %s/freeze: %s", ew->core,
			  err_name(ret));
	report(ok, "sync: freeze the FE of %s", engine_name(ew));
	if (!ok)
		goto out;
	t0 = etna_now_ns();
	ret = submit_job(fd, ew, bo, ETNA_SUBMIT_BO_WRITE, 0, &fence, &sfd);
	ok = !ret || fail("SUBMIT returned %s", err_name(ret));
	report(ok, "sync: submit a job writing the BO on %s",
	       engine_name(ew));
	if (!ok) {
		knob_set(ew, "freeze", 0);
		goto out;
	}
	usleep(10000);

	ret = gem_wait(fd, ew->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	report(ok, "sync: writer busy: GEM_WAIT NONBLOCK is EBUSY");

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ | ETNA_PREP_NOSYNC, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: writer busy: CPU_PREP(READ|NOSYNC) is EBUSY");

	t = etna_now_ns();
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ, 100 * MS_NS);
	t = etna_now_ns() - t;
	ok = (ret == -ETIMEDOUT && t >= 90 * MS_NS) ||
	     fail("got %s after %.3f s, want ETIMEDOUT after 0.1 s",
		  err_name(ret), secs(t));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: writer busy: CPU_PREP(READ) 100 ms times out");

	t = etna_now_ns();
	ret = etna_wait_fence(fd, ew->pipe, fence, 0, 100 * MS_NS);
	t = etna_now_ns() - t;
	ok = (ret == -ETIMEDOUT && t >= 90 * MS_NS) ||
	     fail("got %s after %.3f s, want ETIMEDOUT after 0.1 s",
		  err_name(ret), secs(t));
	report(ok, "sync: writer busy: WAIT_FENCE 100 ms times out");

	ret = sync_status(sfd);
	ok = ret == 0 || fail("status %s, want 0 (active)", status_name(ret));
	report(ok, "sync: writer busy: its sync file is active");

	held = etna_now_ns() - t0;
	knob_set(ew, "freeze", 0);

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ, 5 * SEC_NS);
	ok = !ret || fail("got %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: after unfreeze CPU_PREP(READ) 5 s returns 0");
	ret = etna_wait_fence(fd, ew->pipe, fence, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("WAIT_FENCE NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze the fence is signalled");
	ret = sync_status(sfd);
	ok = ret == 1 || fail("status %s", status_name(ret));
	report(ok, "sync: after unfreeze the sync file is signalled");
	ret = gem_wait(fd, ew->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("GEM_WAIT NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze GEM_WAIT NONBLOCK returns 0");
	if (held < 400 * MS_NS) {
		long long r = stat_of(ew, "resets");

		ok = r == resets0 ||
		     fail("core reset (%lld -> %lld) although the FE was "
			  "frozen only %.3f s", resets0, r, secs(held));
		report(ok, "sync: no reset for a job held %.3f s", secs(held));
	} else {
		info("sync", "FE held %.3f s (>= 0.4 s): reset count not "
		     "checked", secs(held));
	}
	close(sfd);
	sfd = -1;

	/* a job that only READs the BO */
	ret = knob_set(er, "freeze", 1);
	if (!ret)
		ret = submit_job(fd, er, bo, ETNA_SUBMIT_BO_READ, 0, &fence,
				 NULL);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "sync: submit a job reading the BO on frozen %s",
	       engine_name(er));
	if (!ok) {
		knob_set(er, "freeze", 0);
		goto out;
	}
	usleep(10000);

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ | ETNA_PREP_NOSYNC, 0);
	ok = !ret || fail("got %s, want 0", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: reader busy: CPU_PREP(READ|NOSYNC) is 0");

	t = etna_now_ns();
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_READ, 100 * MS_NS);
	t = etna_now_ns() - t;
	ok = (!ret && t < 50 * MS_NS) ||
	     fail("got %s after %.3f s, want 0 at once", err_name(ret),
		  secs(t));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: reader busy: CPU_PREP(READ) does not wait");

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: reader busy: CPU_PREP(WRITE|NOSYNC) is EBUSY");

	t = etna_now_ns();
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE, 100 * MS_NS);
	t = etna_now_ns() - t;
	ok = (ret == -ETIMEDOUT && t >= 90 * MS_NS) ||
	     fail("got %s after %.3f s, want ETIMEDOUT after 0.1 s",
		  err_name(ret), secs(t));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: reader busy: CPU_PREP(WRITE) 100 ms times out");

	ret = gem_wait(fd, er->pipe, bo, ETNA_WAIT_NONBLOCK, 0);
	ok = ret == -EBUSY || fail("got %s, want EBUSY", err_name(ret));
	report(ok, "sync: reader busy: GEM_WAIT NONBLOCK is EBUSY");

	knob_set(er, "freeze", 0);
	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE, 5 * SEC_NS);
	ok = !ret || fail("got %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "sync: after unfreeze CPU_PREP(WRITE) 5 s returns 0");
	ret = etna_wait_fence(fd, er->pipe, fence, ETNA_WAIT_NONBLOCK, 0);
	ok = !ret || fail("WAIT_FENCE NONBLOCK: %s", err_name(ret));
	report(ok, "sync: after unfreeze the reader's fence is signalled");
out:
	if (sfd >= 0)
		close(sfd);
	etna_gem_close(fd, bo);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* 5. Hang recovery */

static void test_hang(const struct engine *e)
{
	const char *en = engine_name(e);
	uint32_t bo, fa, fa2, fb, fc = 0;
	int fd = etna_open(), fdc = etna_open(), sa = -1, sa2 = -1, sb = -1,
	    sc = -1, ret, st;
	const struct engine *other = NULL;
	unsigned int i;
	long long resets0, resets1;
	uint64_t t0, t;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "hang %s: setup", en);
		close(fd);
		return;
	}
	drain(fd);
	resets0 = stat_of(e, "resets");
	ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fa, &sa);
	if (!ret)
		ret = submit_job(fd, e, 0, 0, 0, &fa2, &sa2);
	if (!ret)
		ret = submit_job(fdc, e, 0, 0, 0, &fc, &sc);
	ok = !ret || fail("freeze/submit: %s", err_name(ret));
	report(ok, "hang %s: freeze the FE, submit job A and A2, and C from "
	       "another file", en);
	if (!ok)
		goto out;

	for (i = 0; i < nr_engines; i++)
		if (engines[i].pipe != e->pipe)
			other = &engines[i];
	if (other) {
		uint32_t fo;

		t0 = etna_now_ns();
		ret = submit_job(fdc, other, 0, 0, 0, &fo, NULL);
		if (!ret)
			ret = etna_wait_fence(fdc, other->pipe, fo, 0, SEC_NS);
		t = etna_now_ns() - t0;
		ok = (!ret && t < 400 * MS_NS) ||
		     fail("%s after %.3f s", err_name(ret), secs(t));
		report(ok, "hang %s: %s keeps running meanwhile", en,
		       engine_name(other));
	}

	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	ok = (!ret && t >= 300 * MS_NS && t <= 3 * SEC_NS) ||
	     fail("WAIT_FENCE on A returned %s after %.3f s, want 0 after "
		  "0.5-3 s", err_name(ret), secs(t));
	report(ok, "hang %s: job A's fence signals after the job timeout",
	       en);
	info("hang", "%s: WAIT_FENCE on hung job A returned %s after %.3f s",
	     en, err_name(ret), secs(t));

	resets1 = stat_of(e, "resets");
	ok = resets1 > resets0 ||
	     fail("model resets %lld -> %lld", resets0, resets1);
	report(ok, "hang %s: the core was reset", en);
	ret = knob_get(e, "freeze");
	ok = ret == 0 || fail("freeze reads %d", ret);
	report(ok, "hang %s: freeze is back to 0", en);

	st = sync_status(sa);
	info("hang", "%s: sync file of hung job A: status %s", en,
	     status_name(st));
	/*
	 * Ours must make the error visible through the sync file (any
	 * error). Upstream's behaviour is only recorded (INFO above).
	 */
	if (!is_upstream()) {
		ok = (st < 0 && st > -1000) ||
		     fail("status %s, want an error", status_name(st));
		report(ok, "hang %s: job A's sync file reports an error", en);
	}

	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa2, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	ok = !ret || fail("WAIT_FENCE returned %s after %.3f s",
			  err_name(ret), secs(t));
	report(ok, "hang %s: job A2 queued behind A signals", en);
	info("hang", "%s: sync file of job A2 (queued behind A, same file): "
	     "status %s", en, status_name(sync_status(sa2)));

	/* an innocent job of another file is run again after the reset */
	ret = etna_wait_fence(fdc, e->pipe, fc, 0, 5 * SEC_NS);
	st = sync_status(sc);
	ok = (!ret && st == 1) ||
	     fail("WAIT_FENCE %s, sync file %s, want 1 (it did nothing "
		  "wrong)", err_name(ret), status_name(st));
	report(ok, "hang %s: job C of another file runs after the reset", en);

	t0 = etna_now_ns();
	ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fb, &sb);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fb, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	st = sync_status(sb);
	ok = (!ret && st == 1 && t < SEC_NS) ||
	     fail("submit/WAIT_FENCE: %s after %.3f s, sync file %s",
		  err_name(ret), secs(t), status_name(st));
	report(ok, "hang %s: a new job B runs and signals normally", en);
	ok = stat_of(e, "resets") == resets1 ||
	     fail("resets %lld -> %lld during job B", resets1,
		  stat_of(e, "resets"));
	report(ok, "hang %s: no further reset", en);

	ret = etna_cpu_prep(fd, bo, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC, 0);
	ok = !ret || fail("CPU_PREP(WRITE|NOSYNC): %s", err_name(ret));
	if (!ret)
		etna_cpu_fini(fd, bo);
	report(ok, "hang %s: the BO is idle afterwards", en);
out:
	knob_set(e, "freeze", 0);
	for (int *f = (int[]){ sa, sa2, sb, sc, -2 }; *f != -2; f++)
		if (*f >= 0)
			close(*f);
	etna_gem_close(fd, bo);
	close(fd);
	close(fdc);
}

/*
 * A process exits with jobs in flight: many on running cores, and one on
 * a frozen core that the driver has to time out after the file is gone.
 */
static void test_exit_inflight(const struct engine *e)
{
	const char *en = engine_name(e);
	long long resets0 = stat_of(e, "resets");
	int fd, status;
	uint64_t t0, t;
	uint32_t fence;
	pid_t pid;
	bool ok;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		uint32_t bo;
		unsigned int i;

		fd = etna_open();
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo))
			_exit(2);
		for (i = 0; i < 300; i++)
			if (submit_job(fd, &engines[i % nr_engines],
				       i % 2 ? bo : 0, ETNA_SUBMIT_BO_WRITE, 0,
				       NULL, NULL))
				_exit(3);
		_exit(0);	/* no wait, no close */
	}
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("client: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	report(ok, "exit: a process exits with 300 jobs in flight");

	fd = etna_open();
	drain(fd);
	fflush(stdout);
	t0 = etna_now_ns();
	pid = fork();
	if (pid == 0) {
		uint32_t bo;

		fd = etna_open();
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo))
			_exit(2);
		if (knob_set(e, "freeze", 1))
			_exit(4);
		if (submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, NULL, NULL))
			_exit(3);
		_exit(0);
	}
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("client: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	t = etna_now_ns() - t0;
	report(ok, "exit %s: a process exits with a job on a frozen core "
	       "(exit took %.3f s)", en, secs(t));
	while (stat_of(e, "resets") == resets0 &&
	       etna_now_ns() - t0 < 5 * SEC_NS)
		usleep(10000);
	t = etna_now_ns() - t0;
	ok = stat_of(e, "resets") > resets0 ||
	     fail("no reset within %.3f s; freeze %ld", secs(t),
		  knob_get(e, "freeze"));
	report(ok, "exit %s: the orphaned hung job is timed out and the core "
	       "reset", en);
	knob_set(e, "freeze", 0);
	t0 = etna_now_ns();
	ok = !submit_job(fd, e, 0, 0, 0, &fence, NULL) &&
	     !etna_wait_fence(fd, e->pipe, fence, 0, 2 * SEC_NS);
	t = etna_now_ns() - t0;
	ok = (ok && t < SEC_NS) || fail("new job: %.3f s", secs(t));
	report(ok, "exit %s: a new job runs afterwards", en);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* 6. Many clients at once */

#define NR_CLIENTS	8
#define CLIENT_JOBS	200
#define PARENT_BOS	16

static int client(unsigned int k, int go, uint32_t parent_max)
{
	const unsigned int nbos = 2 + k;
	uint32_t bos[2 + NR_CLIENTS], fence, last[ETNA_MAX_PIPES];
	bool any[ETNA_MAX_PIPES] = { false };
	int fd = etna_open(), ret, errs = 0;
	unsigned int i, p;
	uint64_t off;
	uint32_t *m;
	char c;

#define CFAIL(...)							\
	do {								\
		printf("  client %u: ", k);				\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		fflush(stdout);						\
		errs++;							\
	} while (0)

	for (i = 0; i < nbos; i++) {
		ret = etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bos[i]);
		if (ret) {
			CFAIL("GEM_NEW: %s", err_name(ret));
			return 1;
		}
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (!m) {
			CFAIL("%s", why);
			return 1;
		}
		fill(m, JOB_BO_SIZE, 0x1000 * (k + 1) + bos[i]);
		munmap(m, JOB_BO_SIZE);
	}
	/* start together */
	if (read(go, &c, 1) < 0)
		CFAIL("read of the start pipe: %s", strerror(errno));

	for (i = 0; i < CLIENT_JOBS; i++) {
		const struct engine *e = &engines[(i + k) % nr_engines];
		uint32_t h = i % 4 == 3 ? 0 : bos[i % nbos];

		ret = submit_job(fd, e, h, i % 7 ? ETNA_SUBMIT_BO_READ
						 : ETNA_SUBMIT_BO_WRITE,
				 (i * 16) % JOB_BO_SIZE, &fence, NULL);
		if (ret) {
			CFAIL("submit %u on %s: %s", i, engine_name(e),
			      err_name(ret));
			break;
		}
		if (any[e->pipe] && (int32_t)(fence - last[e->pipe]) <= 0)
			CFAIL("submit %u: fence %u after %u on pipe %u", i,
			      fence, last[e->pipe], e->pipe);
		last[e->pipe] = fence;
		any[e->pipe] = true;
	}
	for (p = 0; p < ETNA_MAX_PIPES; p++) {
		if (!any[p])
			continue;
		ret = etna_wait_fence(fd, p, last[p], 0, 10 * SEC_NS);
		if (ret)
			CFAIL("WAIT_FENCE pipe %u fence %u: %s", p, last[p],
			      err_name(ret));
	}
	for (i = 0; i < nbos; i++) {
		ret = gem_wait(fd, engines[0].pipe, bos[i], 0, 5 * SEC_NS);
		if (ret)
			CFAIL("GEM_WAIT of BO %u: %s", bos[i], err_name(ret));
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (!m) {
			CFAIL("%s", why);
			continue;
		}
		if (!check_pattern(m, JOB_BO_SIZE, 0x1000 * (k + 1) + bos[i],
				   "own BO"))
			CFAIL("handle %u: %s", bos[i], why);
		munmap(m, JOB_BO_SIZE);
	}
	/* the parent's and the other clients' handle numbers are not ours */
	for (i = bos[nbos - 1] + 1; i <= parent_max; i++) {
		ret = etna_gem_info(fd, i, &off);
		if (ret != -ENOENT)
			CFAIL("GEM_INFO of handle %u (another file's): %s, "
			      "want ENOENT", i, err_name(ret));
		ret = etna_cpu_prep(fd, i, ETNA_PREP_READ, 0);
		if (ret != -ENOENT)
			CFAIL("CPU_PREP of handle %u (another file's): %s, "
			      "want ENOENT", i, err_name(ret));
		ret = submit_job(fd, &engines[0], i, ETNA_SUBMIT_BO_READ, 0,
				 NULL, NULL);
		if (ret != -EINVAL)
			CFAIL("SUBMIT with handle %u (another file's): %s, "
			      "want EINVAL", i, err_name(ret));
	}
	for (i = 0; i < nbos; i++)
		etna_gem_close(fd, bos[i]);
	close(fd);
	return errs ? 1 : 0;
#undef CFAIL
}

static void test_clients(void)
{
	uint32_t bos[PARENT_BOS], *m;
	int fd = etna_open(), go[2], status, nbad = 0;
	unsigned int i, started = 0;
	pid_t pids[NR_CLIENTS];
	uint64_t t0;
	bool ok = true;

	for (i = 0; i < PARENT_BOS; i++) {
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bos[i])) {
			report(fail("GEM_NEW failed"), "clients: setup");
			close(fd);
			return;
		}
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (m) {
			fill(m, JOB_BO_SIZE, 0xa000 + bos[i]);
			munmap(m, JOB_BO_SIZE);
		}
	}
	if (pipe(go)) {
		report(fail("pipe: %s", strerror(errno)), "clients: setup");
		close(fd);
		return;
	}
	fflush(stdout);
	for (i = 0; i < NR_CLIENTS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(go[1]);
			close(fd);
			_exit(client(i, go[0], bos[PARENT_BOS - 1]));
		}
		if (pids[i] < 0) {
			ok = fail("fork: %s", strerror(errno));
			break;
		}
		started++;
	}
	close(go[0]);
	t0 = etna_now_ns();
	close(go[1]);	/* go */
	for (i = 0; i < started; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			nbad++;
			ok = fail("%d of %u clients failed (client %u: %s %d)",
				  nbad, started, i,
				  WIFSIGNALED(status) ? "signal" : "exit",
				  WIFSIGNALED(status) ? WTERMSIG(status)
						      : WEXITSTATUS(status));
		}
	}
	info("clients", "%u processes x %u jobs in %.3f s", started,
	     CLIENT_JOBS, secs(etna_now_ns() - t0));
	report(ok && started == NR_CLIENTS, "clients: %u processes x %u jobs "
	       "on their own files, all exit 0", NR_CLIENTS, CLIENT_JOBS);

	ok = true;
	for (i = 0; i < PARENT_BOS && ok; i++) {
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		ok = m && check_pattern(m, JOB_BO_SIZE, 0xa000 + bos[i],
					"parent's BO");
		if (m)
			munmap(m, JOB_BO_SIZE);
	}
	report(ok, "clients: the parent's BOs with the same handle numbers "
	       "are untouched");
	for (i = 0; i < PARENT_BOS; i++)
		etna_gem_close(fd, bos[i]);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* 7. Bus error */

static void test_bus_error(const struct engine *e)
{
	const char *en = engine_name(e);
	long long bus0, res0, bad0, bus1, res1;
	int fd = etna_open(), sa = -1, sb = -1, ret, st;
	uint32_t bo, fa, fb;
	uint64_t t0, t;
	bool ok;

	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo)) {
		report(fail("GEM_NEW failed"), "bus-error %s: setup", en);
		close(fd);
		return;
	}
	drain(fd);
	bus0 = stat_of(e, "bus_errors");
	res0 = stat_of(e, "resets");
	bad0 = stat_of(e, "bad_commands");
	ret = knob_set(e, "inject_bus_error", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fa, &sa);
	ok = !ret || fail("inject/submit: %s", err_name(ret));
	report(ok, "bus-error %s: inject, submit job A", en);
	if (!ok)
		goto out;

	t0 = etna_now_ns();
	ret = etna_wait_fence(fd, e->pipe, fa, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	st = sync_status(sa);
	bus1 = stat_of(e, "bus_errors");
	res1 = stat_of(e, "resets");
	info("bus-error", "%s: WAIT_FENCE on A %s after %.3f s; sync file %s;"
	     " model bus_errors +%lld, bad_commands +%lld, resets +%lld, "
	     "fe %s, inject_bus_error %ld", en, err_name(ret), secs(t),
	     status_name(st), bus1 - bus0,
	     stat_of(e, "bad_commands") - bad0, res1 - res0, fe_state(e),
	     knob_get(e, "inject_bus_error"));
	ok = !ret || fail("WAIT_FENCE on A returned %s after %.3f s",
			  err_name(ret), secs(t));
	report(ok, "bus-error %s: job A completes or is recovered within 5 s",
	       en);
	ok = bus1 > bus0 || fail("model bus_errors %lld -> %lld", bus0, bus1);
	report(ok, "bus-error %s: the model raised the bus error", en);
	ok = knob_get(e, "inject_bus_error") == 0 ||
	     fail("inject_bus_error still armed");
	report(ok, "bus-error %s: the injection was consumed", en);

	t0 = etna_now_ns();
	ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0, &fb, &sb);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fb, 0, 5 * SEC_NS);
	t = etna_now_ns() - t0;
	st = sync_status(sb);
	ok = (!ret && st == 1 && t < SEC_NS) ||
	     fail("submit/WAIT_FENCE: %s after %.3f s, sync file %s",
		  err_name(ret), secs(t), status_name(st));
	report(ok, "bus-error %s: afterwards a job runs fine", en);
	ok = strcmp(fe_state(e), "hung") ||
	     fail("model FE still hung");
	report(ok, "bus-error %s: the FE is not left hung", en);
out:
	knob_set(e, "inject_bus_error", 0);
	if (sa >= 0)
		close(sa);
	if (sb >= 0)
		close(sb);
	etna_gem_close(fd, bo);
	close(fd);
}

/* ------------------------------------------------------------------ */

/* With arguments, only the groups named (bo, prime, vgem, ...) run. */
static bool want(int argc, char **argv, const char *group)
{
	int i;

	if (argc < 2)
		return true;
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], group))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	const struct engine *cores[ETNA_MAX_PIPES];
	unsigned int n, i;
	int fd = etna_open();

	setvbuf(stdout, NULL, _IOLBF, 0);
	find_engines(fd);
	close(fd);
	info("setup", "board %s, driver %s",
	     getenv("ETNAVIV_BOARD") ?: "?", driver_name());
	if (!nr_engines)
		goto done;
	n = pipe_engines(cores);

	if (want(argc, argv, "bo"))
		test_bo_contents();
	if (want(argc, argv, "prime"))
		test_prime_etnaviv();
	if (want(argc, argv, "vgem"))
		test_prime_vgem();
	if (want(argc, argv, "prime-sync"))
		test_prime_sync();
	if (want(argc, argv, "fences"))
		test_fence_order();
	if (want(argc, argv, "fence-in"))
		test_fence_in();
	if (want(argc, argv, "sync"))
		test_implicit_sync();
	for (i = 0; i < n && want(argc, argv, "hang"); i++)
		test_hang(cores[i]);
	if (want(argc, argv, "exit"))
		test_exit_inflight(cores[0]);
	if (want(argc, argv, "clients"))
		test_clients();
	for (i = 0; i < n && want(argc, argv, "bus-error"); i++)
		test_bus_error(cores[i]);
	if (vgem_fd >= 0)
		close(vgem_fd);
done:
	printf("functional: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
