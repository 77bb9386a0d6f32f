// SPDX-License-Identifier: MIT
/*
 * conformance: every etnaviv ioctl against its ABI, inside a simulated
 * board. For each ioctl the valid cases and every class of bad input, with
 * the exact errno that Linux 6.1's etnaviv returns (or, where our driver
 * deliberately differs, what our UAPI header documents; those checks are
 * keyed on ETNAVIV_DRIVER and say so in their names).
 *
 * Invariants checked all along: after every rejected submit a valid submit
 * on the same engine still works and its fence signals; fence numbers only
 * grow; a rejected call leaves no file descriptor behind; and the device
 * model's debugfs statistics show that the GPU never executed a bad
 * command, faulted in its MMU or hit a bus error.
 *
 * Jobs that stay pending (to test NONBLOCK, timeouts, CPU_PREP conflicts
 * and fence fds) wait on a fence that vgem attaches to an imported buffer.
 *
 * Output: one line per check, "PASS: conf/<name>" or
 * "FAIL: conf/<name>: <what happened>"; "INFO: conf/..." lines record
 * checks that are not run with one of the drivers, and why. Exit status 0
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
#include <linux/sync_file.h>

#define CHECK_PREFIX "conf/"
#include "check.h"

#define SEC_NS		1000000000ull
#define MS_NS		1000000ull
#define MAX_CORES	16
#define MAX_ENGINES	(2 * ETNA_MAX_PIPES)
#define BO_SIZE		0x10000u
#define MAX_STREAM	(128u << 10)
#define MAX_RELOCS	(128u << 10)
#define MAX_BOS		(128u << 10)
#define MAX_PMRS	128u

/* FE opcodes (bits 31:27 of a command header) */
#define CMD_END			0x10000000u
#define CMD_DRAW_2D(rects, data) \
	(0x20000000u | ((uint32_t)(data) << 16) | ((uint32_t)(rects) << 8))
#define CMD_DRAW_PRIMITIVES	0x28000000u
#define CMD_DRAW_INDEXED	0x30000000u
#define CMD_WAIT		(0x38000000u | 200)
#define CMD_LINK		(0x40000000u | 1)
#define CMD_STALL		0x48000000u
#define CMD_CALL		(0x50000000u | 1)
#define CMD_RETURN		0x58000000u
#define CMD_DRAW_INSTANCED	0x60000000u
#define CMD_CHIP_SELECT		(0x68000000u | 1)
#define CMD_LOAD_STATE_FIXP(addr, count) \
	(ETNA_CMD_LOAD_STATE(addr, count) | (1u << 26))

/* States: harmless ones, and ones that hold a GPU address. */
#define ST_FE_PRIM_RESTART	0x0678	/* 3D, plain value */
#define ST_DE_SRC_STRIDE	0x1204	/* 2D, plain value */
#define ST_GL_SEMAPHORE		0x3808
#define ST_FE_INDEX_ADDR	0x0644	/* address */
#define ST_DE_SRC_ADDR		0x1200	/* address */
#define ST_DE_DEST_ADDR		0x1228	/* address */
#define ST_PE_COLOR_ADDR	0x1410	/* address */
#define SEMAPHORE_FE_PE		0x0701	/* from FE (1) to PE (7) */

/* ------------------------------------------------------------------ */
/* Reporting */


static void __printf(1, 2) info(const char *fmt, ...)
{
	va_list ap;

	printf("INFO: conf/");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static const char *errno_str(int e)
{
	static char buf[4][24];
	static unsigned int n;
	char *b;

	switch (e) {
	case 0: return "accepted";
	case EINVAL: return "EINVAL";
	case ENXIO: return "ENXIO";
	case ENOENT: return "ENOENT";
	case EALREADY: return "EALREADY";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EPERM: return "EPERM";
	case ENOMEM: return "ENOMEM";
	case ENOSPC: return "ENOSPC";
	case EMFILE: return "EMFILE";
	case EBADF: return "EBADF";
	case ENOTTY: return "ENOTTY";
	case EINTR: return "EINTR";
	case ENODEV: return "ENODEV";
	}
	b = buf[n++ % 4];
	snprintf(b, sizeof(buf[0]), "errno %d", e);
	return b;
}

/* 0 or -errno, as etna_ioctl() returns it */
static const char *err_name(int ret)
{
	return ret ? errno_str(-ret) : "success";
}

/*
 * Check names may carry a note: "name (note)". The report line is
 * "conf/name[/where] (WANT; note)", where WANT is "EINVAL" or, when the
 * drivers differ, "ours: EINVAL; upstream: accepted".
 */
static const char *check_name(const char *name, const char *where,
			      int want_ours, int want_up, const char *note)
{
	static char buf[2][320];
	static unsigned int n;
	char *b = buf[n++ % 2], base[160], *paren;
	const char *inner = NULL;
	size_t len;

	snprintf(base, sizeof(base), "%s", name);
	paren = strstr(base, " (");
	if (paren) {
		*paren = '\0';
		inner = paren + 2;
		len = strlen(inner);
		if (len && inner[len - 1] == ')')
			paren[2 + len - 1] = '\0';
	}
	len = snprintf(b, sizeof(buf[0]), "%s%s%s (", base, where ? "/" : "",
		       where ? where : "");
	if (want_ours == want_up)
		len += snprintf(b + len, sizeof(buf[0]) - len, "%s",
				errno_str(-want_ours));
	else
		len += snprintf(b + len, sizeof(buf[0]) - len,
				"ours: %s; upstream: %s",
				errno_str(-want_ours), errno_str(-want_up));
	if (inner && len < sizeof(buf[0]))
		len += snprintf(b + len, sizeof(buf[0]) - len, "; %s", inner);
	if (note && len < sizeof(buf[0]))
		len += snprintf(b + len, sizeof(buf[0]) - len, "; %s", note);
	if (len < sizeof(buf[0]) - 1)
		strcat(b, ")");
	return b;
}

static bool upstream;		/* ETNAVIV_DRIVER=upstream */

/* The expectation for the driver under test. */
static int pick(int want_ours, int want_up)
{
	return upstream ? want_up : want_ours;
}

/*
 * One check of an ioctl's return value: @ret against @want_ours or
 * @want_up (0 or -errno), named by @fmt.
 */
static bool __printf(5, 6) expect2(int ret, int want_ours, int want_up,
				   const char *note, const char *fmt, ...)
{
	int want = pick(want_ours, want_up);
	char name[160];
	va_list ap;
	bool ok;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	ok = ret == want || fail("got %s, want %s", err_name(ret),
				 err_name(want));
	report(ok, "%s", check_name(name, NULL, want_ours, want_up, note));
	return ok;
}

#define expect(ret, want, ...)	expect2(ret, want, want, NULL, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* The device under test */

struct engine {
	uint32_t pipe, exec_state;
	bool mmuv1;
	char name[16];		/* "pipe0-3d" */
};

static int fd;
static bool present[ETNA_MAX_PIPES];
static int absent_pipe = -1;	/* an empty slot below ETNA_MAX_PIPES */
static struct engine engines[MAX_ENGINES];
static unsigned int nr_engines;
static uint32_t sbo;		/* BO_SIZE WC buffer used by most submits */

/* Last fence seen per pipe: fences must only grow. */
static uint32_t last_fence[ETNA_MAX_PIPES];
static bool have_fence[ETNA_MAX_PIPES];

static struct drm_etnaviv_timespec ts_at(int64_t sec, int64_t nsec)
{
	struct drm_etnaviv_timespec ts = { .tv_sec = sec, .tv_nsec = nsec };

	return ts;
}

/* A deadline @ns in the past (now - @ns), or 0 if that is before boot. */
static struct drm_etnaviv_timespec ts_ago(uint64_t ns)
{
	uint64_t now = etna_now_ns();

	now = now > ns ? now - ns : 0;
	return ts_at(now / SEC_NS, now % SEC_NS);
}

/* The lowest free file descriptor: shows descriptors a call leaked. */
static int lowest_free_fd(void)
{
	int n = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (n >= 0)
		close(n);
	return n;
}

static int gem_info(uint32_t handle, uint64_t *offset)
{
	struct drm_etnaviv_gem_info req = { .handle = handle };
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);

	if (!ret && offset)
		*offset = req.offset;
	return ret;
}

static int cpu_prep(uint32_t handle, uint32_t op,
		    struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_gem_cpu_prep req = {
		.handle = handle, .op = op, .timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &req);
}

static int cpu_fini(uint32_t handle, uint32_t flags)
{
	struct drm_etnaviv_gem_cpu_fini req = {
		.handle = handle, .flags = flags,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &req);
}

static int gem_wait(uint32_t pipe, uint32_t handle, uint32_t flags,
		    struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = pipe, .handle = handle, .flags = flags,
		.timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

static int wait_fence_ts(uint32_t pipe, uint32_t fence, uint32_t flags,
			 struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_wait_fence req = {
		.pipe = pipe, .fence = fence, .flags = flags,
		.timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &req);
}

static int userptr(void *ptr, uint64_t size, uint32_t flags,
		   uint32_t *handle)
{
	struct drm_etnaviv_gem_userptr req = {
		.user_ptr = (uintptr_t)ptr, .user_size = size, .flags = flags,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);

	*handle = ret ? 0 : req.handle;
	return ret;
}

/* ------------------------------------------------------------------ */
/* The device model's statistics */

/* Every core of the model: nothing bad ever ran. */
static void check_model(const char *when)
{
	struct model_stats st[MAX_CORES];
	int n = read_model_stats(st, MAX_CORES), i;
	bool ok;

	ok = n > 0 || fail("no cores in " MODEL_DEBUGFS ": %s",
			   n ? strerror(-n) : "empty");
	report(ok, "model-stats-readable/%s", when);
	for (i = 0; i < n; i++) {
		const struct model_stats *c = &st[i];

		if (!c->parsed)
			ok = fail("stats unreadable");
		else if (c->bad_commands || c->mmu_faults || c->bus_errors)
			ok = fail("bad_commands %llu mmu_faults %llu "
				  "bus_errors %llu", c->bad_commands,
				  c->mmu_faults, c->bus_errors);
		else if (!strcmp(c->fe, "hung"))
			ok = fail("front end hung");
		else
			ok = true;
		report(ok, "model-clean/%s/%s (no bad command, MMU fault or "
		       "bus error; FE not hung)", when, c->dir);
	}
}

/* ------------------------------------------------------------------ */
/* Submits */

static struct drm_etnaviv_gem_submit
sub_init(const struct engine *e, const uint32_t *stream, unsigned int words,
	 struct drm_etnaviv_gem_submit_bo *bos, uint32_t nr_bos,
	 struct drm_etnaviv_gem_submit_reloc *relocs, uint32_t nr_relocs)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.nr_bos = nr_bos, .bos = (uintptr_t)bos,
		.nr_relocs = nr_relocs, .relocs = (uintptr_t)relocs,
		.stream_size = words * 4, .stream = (uintptr_t)stream,
		.fence_fd = -1,
	};

	return req;
}

/* A job was accepted: its fence must be new and must signal. */
static bool finish(uint32_t pipe, uint32_t fence, const char *what)
{
	int ret;

	if (have_fence[pipe] && (int32_t)(fence - last_fence[pipe]) <= 0)
		return fail("%s: fence %u is not after %u", what, fence,
			    last_fence[pipe]);
	have_fence[pipe] = true;
	last_fence[pipe] = fence;
	ret = etna_wait_fence(fd, pipe, fence, 0, 10 * SEC_NS);
	if (ret)
		return fail("%s: WAIT_FENCE(%u) returned %s", what, fence,
			    err_name(ret));
	return true;
}

/* A valid submit on @e works and its fence signals. */
static bool alive(const struct engine *e)
{
	static const uint32_t s[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req = sub_init(e, s, 2, &bo, 1, NULL, 0);
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	if (ret)
		return fail("then a valid submit returned %s", err_name(ret));
	return finish(e->pipe, req.fence, "then a valid submit");
}

/*
 * Submit @req, expect @want_ours / @want_up; a rejected submit must be
 * followed by a working one, an accepted one's fence must signal, and
 * no file descriptor may be left behind.
 */
static bool __printf(6, 7)
sub_expect2(const struct engine *e, struct drm_etnaviv_gem_submit *req,
	    int want_ours, int want_up, const char *note, const char *fmt, ...)
{
	int want = pick(want_ours, want_up), before, after, ret;
	char name[128];
	va_list ap;
	bool ok;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);

	before = lowest_free_fd();
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, req);
	ok = ret == want || fail("got %s, want %s", err_name(ret),
				 err_name(want));
	if (!ret) {
		if ((req->flags & ETNA_SUBMIT_FENCE_FD_OUT) &&
		    req->fence_fd >= 0)
			close(req->fence_fd);
		if (!finish(e->pipe, req->fence, "the job"))
			ok = false;
	} else if (!alive(e)) {
		ok = false;
	}
	after = lowest_free_fd();
	if (after != before)
		ok = fail("lowest free fd was %d, is %d afterwards: leaked",
			  before, after);
	report(ok, "submit-%s", check_name(name, e->name, want_ours, want_up,
					   note));
	return ok;
}

#define sub_expect(e, req, want, ...) \
	sub_expect2(e, req, want, want, NULL, __VA_ARGS__)

/* Submit a stream with the shared BO (read) and optional relocations. */
static bool __printf(7, 8)
stream_expect2(const struct engine *e, const uint32_t *s, unsigned int words,
	       const struct drm_etnaviv_gem_submit_reloc *relocs,
	       unsigned int nr_relocs, int want, const char *fmt, ...)
{
	struct drm_etnaviv_gem_submit_reloc r[4];
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	char name[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (nr_relocs)
		memcpy(r, relocs, nr_relocs * sizeof(*r));
	req = sub_init(e, s, words, &bo, 1, r, nr_relocs);
	return sub_expect(e, &req, want, "%s", name);
}

#define stream_expect(e, s, want, ...) \
	stream_expect2(e, s, ARRAY_SIZE(s), NULL, 0, want, __VA_ARGS__)

static struct drm_etnaviv_gem_submit_reloc reloc_at(uint32_t off)
{
	struct drm_etnaviv_gem_submit_reloc r = { .submit_offset = off };

	return r;
}

/* ------------------------------------------------------------------ */
/* Request numbers, version, GET_PARAM */

static void test_requests(void)
{
	struct drm_version v;
	char name[32];
	uint8_t buf[128];
	int ret;
	bool ok;

	ok = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[48]) ==
		0xc0306446u &&
	     DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[56]) ==
		0xc0386446u &&
	     DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[72]) ==
		0xc0486446u &&
	     DRM_IOCTL_ETNAVIV_GEM_SUBMIT == 0xc0486446u &&
	     DRM_IOCTL_ETNAVIV_GET_PARAM == 0xc0106440u &&
	     DRM_IOCTL_ETNAVIV_GEM_CPU_PREP == 0x40186444u &&
	     DRM_IOCTL_ETNAVIV_PM_QUERY_SIG == 0xc04c644bu;
	if (!ok)
		fail("request numbers differ from the documented ones");
	report(ok, "request-numbers (0xc0306446/0xc0386446/0xc0486446 ...)");

	memset(&v, 0, sizeof(v));
	memset(name, 0, sizeof(name));
	v.name = name;
	v.name_len = sizeof(name) - 1;
	ret = etna_ioctl(fd, DRM_IOCTL_VERSION, &v);
	ok = (!ret || fail("DRM_IOCTL_VERSION: %s", err_name(ret))) &&
	     ((!strcmp(name, "etnaviv") && v.version_major == 1 &&
	       v.version_minor == 4) ||
	      fail("\"%s\" %d.%d", name, v.version_major, v.version_minor));
	report(ok, "version (etnaviv 1.4)");

	/* 0x01 (SET_PARAM) was never defined; 0x0c is past the table */
	memset(buf, 0, sizeof(buf));
	ret = etna_ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x01, char[16]), buf);
	expect(ret, -EINVAL, "ioctl-nr-0x01-unused");
	ret = etna_ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x0c, char[16]), buf);
	expect(ret, -EINVAL, "ioctl-nr-0x0c-past-table");
}

static void test_get_param(void)
{
	static const uint32_t bad_params[] = {
		0x00, 0x1f, 0x23, 0x24, 0x100, 0xffffffff,
	};
	struct drm_etnaviv_param req;
	unsigned int i;
	uint32_t pipe;
	uint64_t v;
	int ret;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		/* the input value is ignored */
		memset(&req, 0, sizeof(req));
		req.pipe = pipe;
		req.param = ETNAVIV_PARAM_GPU_MODEL;
		req.value = 0xdeadbeefdeadbeefull;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &req);
		if (!ret && (!req.value || req.value > 0xffff))
			ret = (fail("model 0x%llx",
				    (unsigned long long)req.value), -1000);
		expect(ret, 0, "get-param-model/pipe%u", pipe);
		for (i = 0; i < ARRAY_SIZE(bad_params); i++) {
			ret = etna_param(fd, pipe, bad_params[i], &v);
			expect(ret, -EINVAL, "get-param-unknown-0x%x/pipe%u",
			       bad_params[i], pipe);
		}
	}
	expect(etna_param(fd, ETNA_MAX_PIPES, ETNAVIV_PARAM_GPU_MODEL, &v),
	       -EINVAL, "get-param-pipe-4");
	expect(etna_param(fd, 0xffffffff, ETNAVIV_PARAM_GPU_MODEL, &v),
	       -EINVAL, "get-param-pipe-0xffffffff");
	expect(etna_param(fd, ETNA_MAX_PIPES, 0, &v), -EINVAL,
	       "get-param-pipe-4-unknown-param");
	if (absent_pipe >= 0) {
		expect(etna_param(fd, absent_pipe, ETNAVIV_PARAM_GPU_MODEL, &v),
		       -ENXIO, "get-param-empty-pipe%d", absent_pipe);
		expect(etna_param(fd, absent_pipe, 0xffff, &v), -ENXIO,
		       "get-param-empty-pipe%d-unknown-param (pipe first)",
		       absent_pipe);
	}
}

/* ------------------------------------------------------------------ */
/* GEM_NEW, GEM_INFO */

static void test_gem_new(void)
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

static void test_gem_info(void)
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

static void test_cpu_prep_idle(void)
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

static void test_gem_wait_idle(uint32_t pipe)
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

static void test_gem_wait_pipes(void)
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
static void test_wait_fence_unissued(void)
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

static void test_wait_fence_args(void)
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

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: softpin (MMUv2 only) */

#define PIN_VA	0x10000000u	/* above SOFTPIN_START_ADDR on both drivers */

/* A submit of a NOP with @handle softpinned at @va. */
static bool pin_expect2(const struct engine *e, uint32_t handle, uint64_t va,
			bool with_reloc, int want_ours, int want_up,
			const char *note, const char *name)
{
	static const uint32_t s[] = {
		ETNA_CMD_LOAD_STATE(0x0678, 1), 0, ETNA_CMD_NOP, 0,
	};
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = handle, .presumed = va,
	};
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit req;

	req = sub_init(e, s, ARRAY_SIZE(s), &bo, 1, &r, with_reloc);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	return sub_expect2(e, &req, want_ours, want_up, note, "%s", name);
}

#define pin_expect(e, h, va, want, name) \
	pin_expect2(e, h, va, false, want, want, NULL, name)

static void test_submit_softpin(const struct engine *e)
{
	uint64_t start = 0;
	uint32_t a, b, big;
	bool ok;

	if (e->mmuv1)
		return;
	ok = !etna_param(fd, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
			 &start) || fail("GET_PARAM failed");
	ok = ok && (start == 0x400000 || fail("start 0x%llx, want 4 MiB",
					       (unsigned long long)start));
	report(ok, "softpin-start-addr/%s (4 MiB)", e->name);
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &a) ||
	    etna_gem_new(fd, 4096, ETNA_BO_WC, &b) ||
	    etna_gem_new(fd, 8192, ETNA_BO_WC, &big)) {
		report(false, "softpin-bos/%s: GEM_NEW failed", e->name);
		return;
	}
	pin_expect2(e, a, PIN_VA, true, -EINVAL, -EINVAL, NULL,
		    "softpin-with-relocs");
	pin_expect(e, a, 0x1000, -EINVAL, "softpin-below-start");
	pin_expect(e, a, start - 4096, -EINVAL, "softpin-start-minus-4KiB");
	pin_expect2(e, a, PIN_VA + 4, false, -EINVAL, -EINVAL, NULL,
		    "softpin-unaligned");
	pin_expect2(e, a, 1ull << 32, false, -EINVAL, -ENOSPC,
		    "beyond the 32-bit space is a bad address, not a full one",
		    "softpin-4GiB");
	pin_expect(e, a, PIN_VA, 0, "softpin");
	pin_expect(e, a, PIN_VA, 0, "softpin-again-same-va");
	/* an idle buffer moves; its old range is free again */
	pin_expect(e, a, PIN_VA + 0x100000, 0, "softpin-moved-when-idle");
	pin_expect(e, b, PIN_VA, 0, "softpin-into-vacated-range");
	pin_expect2(e, b, PIN_VA + 0x100000, false, -ENOSPC, 0,
		    "upstream unmaps the idle buffer already there",
		    "softpin-onto-open-bo");
	pin_expect2(e, big, 0xffffe000u, false, -EINVAL, 0,
		    "ours never maps the page that ends at 4 GiB",
		    "softpin-last-8KiB");
	pin_expect(e, big, 0xffffd000u, 0, "softpin-below-last-page");
	etna_gem_close(fd, big);
	etna_gem_close(fd, b);
	etna_gem_close(fd, a);
	/* the closed buffer's range is free again */
	if (!etna_gem_new(fd, 4096, ETNA_BO_WC, &b)) {
		pin_expect(e, b, PIN_VA + 0x100000, 0, "softpin-after-close");
		etna_gem_close(fd, b);
	}
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: arguments */

static void test_submit_args(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
	};
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit req;
	uint32_t *big;
	unsigned int i;

#define REQ()	(req = sub_init(e, nop, 2, bos, 1, NULL, 0))

	REQ();
	sub_expect(e, &req, 0, "nop");
	REQ();
	req.stream_size = 0;
	sub_expect(e, &req, 0, "empty-stream");
	REQ();
	req.nr_bos = 0;
	sub_expect(e, &req, 0, "no-bos");
	REQ();
	bos[0].flags = 0;
	sub_expect(e, &req, 0, "bo-flags-0");
	REQ();
	bos[0].flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE;
	sub_expect(e, &req, 0, "bo-flags-read-write");
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	REQ();
	req.flags = ETNA_SUBMIT_NO_IMPLICIT;
	sub_expect(e, &req, 0, "flag-no-implicit");
	REQ();
	req.pad = 0xdeadbeef;
	sub_expect(e, &req, 0, "pad-ignored");

	/* pipes */
	REQ();
	req.pipe = ETNA_MAX_PIPES;
	sub_expect(e, &req, -EINVAL, "pipe-4");
	REQ();
	req.pipe = 0xffffffff;
	sub_expect(e, &req, -EINVAL, "pipe-0xffffffff");
	if (absent_pipe >= 0) {
		REQ();
		req.pipe = absent_pipe;
		sub_expect(e, &req, -ENXIO, "empty-pipe%d", absent_pipe);
		REQ();
		req.pipe = absent_pipe;
		req.stream_size = 6;
		sub_expect(e, &req, -ENXIO,
			   "empty-pipe%d-bad-size (pipe first)", absent_pipe);
	}

	/* sizes, states, flags */
	REQ();
	req.stream_size = 6;
	sub_expect(e, &req, -EINVAL, "stream-size-6");
	REQ();
	req.stream_size = 2;
	sub_expect(e, &req, -EINVAL, "stream-size-2");
	REQ();
	req.exec_state = 3;
	sub_expect(e, &req, -EINVAL, "exec-state-3");
	REQ();
	req.exec_state = 0xffffffff;
	sub_expect(e, &req, -EINVAL, "exec-state-0xffffffff");
	REQ();
	req.exec_state = ETNA_PIPE_VG;
	sub_expect2(e, &req, -EINVAL, 0, "no VG engine is ever bound",
		    "exec-state-vg");
	REQ();
	req.flags = 0x10;
	sub_expect(e, &req, -EINVAL, "flags-0x10");
	REQ();
	req.flags = 0x80000000;
	sub_expect(e, &req, -EINVAL, "flags-0x80000000");
	if (e->mmuv1) {
		REQ();
		req.flags = ETNA_SUBMIT_SOFTPIN;
		sub_expect(e, &req, -EINVAL, "softpin-on-mmuv1");
	}

	/* limits */
	big = calloc(MAX_STREAM / 4 + 2, 4);
	if (big) {
		for (i = 0; i < MAX_STREAM / 4 + 2; i += 2)
			big[i] = ETNA_CMD_NOP;
		req = sub_init(e, big, MAX_STREAM / 4, bos, 1, NULL, 0);
		sub_expect(e, &req, 0, "stream-128KiB");
		req = sub_init(e, big, MAX_STREAM / 4 + 2, bos, 1, NULL, 0);
		sub_expect(e, &req, -EINVAL, "stream-128KiB+8");
		free(big);
	}
	REQ();
	req.nr_relocs = MAX_RELOCS + 1;
	req.relocs = 0;
	sub_expect(e, &req, -EINVAL, "nr-relocs-131073");
	REQ();
	req.nr_relocs = MAX_RELOCS;
	req.relocs = 0;
	sub_expect(e, &req, -EFAULT, "nr-relocs-131072-null (within limit)");
	REQ();
	req.nr_bos = MAX_BOS + 1;
	req.bos = 0;
	sub_expect(e, &req, -EINVAL, "nr-bos-131073");
	REQ();
	req.nr_bos = MAX_BOS;
	req.bos = 0;
	sub_expect(e, &req, -EFAULT, "nr-bos-131072-null (within limit)");
	REQ();
	req.nr_pmrs = MAX_PMRS + 1;
	sub_expect(e, &req, -EINVAL, "nr-pmrs-129");

	/* user pointers */
	REQ();
	req.bos = 0;
	sub_expect(e, &req, -EFAULT, "bos-null");
	REQ();
	req.relocs = 0;
	req.nr_relocs = 1;
	sub_expect(e, &req, -EFAULT, "relocs-null");
	REQ();
	req.stream = 0;
	sub_expect(e, &req, -EFAULT, "stream-null");

	/* buffers */
	REQ();
	bos[0].flags = 0x4;
	sub_expect(e, &req, -EINVAL, "bo-flags-0x4");
	REQ();
	bos[0].flags = 0x80000000;
	sub_expect(e, &req, -EINVAL, "bo-flags-0x80000000");
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	REQ();
	bos[0].handle = 0xdead;
	sub_expect(e, &req, -EINVAL, "bo-unknown-handle");
	REQ();
	bos[0].handle = 0;
	sub_expect(e, &req, -EINVAL, "bo-handle-0");
	bos[0].handle = sbo;
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	sub_expect(e, &req, -EALREADY, "bo-duplicate");
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_OUT;
	sub_expect(e, &req, -EALREADY, "bo-duplicate-fence-fd-out");
	bos[1].flags = ETNA_SUBMIT_BO_WRITE;
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	sub_expect(e, &req, -EALREADY, "bo-duplicate-read-and-write");

	/* a reloc_idx against no buffers at all */
	req = sub_init(e, nop, 2, bos, 0, &r, 1);
	sub_expect(e, &req, -EINVAL, "reloc-idx-0-no-bos");
#undef REQ
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: the three historical argument sizes */

static void test_submit_sizes(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	static const unsigned int sizes[] = { 48, 56, 72 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	uint8_t buf[96];
	unsigned int i, j, size;
	unsigned long nr;
	int ret, sfd;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size = sizes[i];
		switch (size) {
		case 48:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[48]);
			break;
		case 56:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[56]);
			break;
		default:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[72]);
			break;
		}
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
		req.fence = 0xfffffff0;
		/* 56: ask for an out fence; 72: the whole struct */
		req.flags = size == 56 ? ETNA_SUBMIT_FENCE_FD_OUT : 0;
		req.fence_fd = -1;
		/*
		 * Bytes past @size read as invalid flags and pointers if the
		 * kernel looked at them; they must not be read nor written.
		 */
		memset(buf, 0xa5, sizeof(buf));
		memcpy(buf, &req, size);
		ret = etna_ioctl(fd, nr, buf);
		ok = !ret || fail("SUBMIT(%u bytes) returned %s", size,
				  err_name(ret));
		memcpy(&req, buf, size < sizeof(req) ? size : sizeof(req));
		for (j = size; ok && j < sizeof(buf); j++)
			if (buf[j] != 0xa5)
				ok = fail("byte %u past the struct changed", j);
		if (ok && size == 56) {
			sfd = req.fence_fd;
			if (sfd < 0)
				ok = fail("no fence fd returned");
			else
				close(sfd);
		}
		if (ok && !finish(e->pipe, req.fence, "its fence"))
			ok = false;
		report(ok, "submit-struct-%u-bytes/%s (accepted; %s)", size,
		       e->name, size == 48 ? "bytes past 48 not read" :
		       size == 56 ? "with FENCE_FD_OUT" : "current size");
	}
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: fence file descriptors */

static bool poll_in(int sfd, int ms)
{
	struct pollfd p = { .fd = sfd, .events = POLLIN };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static void test_submit_fence_fds(const struct engine *e, int drm_fd2)
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
		else if (!poll_in(sfd, 10000))
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
		if (ok && !poll_in(sfd2, 10000))
			ok = fail("new fence fd not ready");
		if (sfd2 >= 0)
			close(sfd2);
		report(ok, "submit-fence-fd-in-and-out/%s (accepted, new fd)",
		       e->name);
		close(sfd);
	}

	/* fence_fd is output only without FENCE_FD_OUT: -1 comes back */
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.fence_fd = 1234;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = !ret || fail("SUBMIT returned %s", err_name(ret));
	if (ok && req.fence_fd != -1)
		ok = fail("fence_fd is %d afterwards", req.fence_fd);
	if (!ret && !finish(e->pipe, req.fence, "its fence"))
		ok = false;
	report(ok, "submit-no-fence-fd-out-returns-minus-1/%s (fence_fd "
	       "1234 in, -1 out)", e->name);

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
/* GEM_SUBMIT: relocations */

static void test_submit_relocs(const struct engine *e)
{
	uint32_t addr = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_ADDR
						      : ST_FE_INDEX_ADDR;
	uint32_t plain = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_STRIDE
						       : ST_FE_PRIM_RESTART;
	const uint32_t one[] = { ETNA_CMD_LOAD_STATE(addr, 1), 0 };
	const uint32_t two[] = {
		ETNA_CMD_LOAD_STATE(ST_DE_DEST_ADDR, 1), 0,
		ETNA_CMD_LOAD_STATE(ST_PE_COLOR_ADDR, 1), 0,
	};
	/* DE 0x1220..0x122c: only 0x1228 (payload word 3, byte 12) is one */
	const uint32_t multi[] = {
		ETNA_CMD_LOAD_STATE(0x1220, 4), 0, 0, 0, 0, 0,
	};
	const uint32_t plain_then_addr[] = {
		ETNA_CMD_LOAD_STATE(plain, 1), 0,
		ETNA_CMD_LOAD_STATE(addr, 1), 0,
	};
	const uint32_t plain1[] = { ETNA_CMD_LOAD_STATE(plain, 1), 0 };
	const uint32_t nops[] = { ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0 };
	const uint32_t fixp[] = { CMD_LOAD_STATE_FIXP(addr, 1), 0 };
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
		{ .flags = ETNA_SUBMIT_BO_READ },
	};
	struct drm_etnaviv_gem_submit_reloc r[2];
	struct drm_etnaviv_gem_submit req;
	uint32_t h2 = 0;

	/* valid */
	r[0] = reloc_at(4);
	stream_expect2(e, one, 2, r, 1, 0, "reloc-address-state");
	r[0].reloc_offset = BO_SIZE - 4;
	stream_expect2(e, one, 2, r, 1, 0, "reloc-offset-last-word");
	r[0] = reloc_at(12);
	stream_expect2(e, multi, 6, r, 1, 0, "reloc-in-multi-state-load");
	r[0] = reloc_at(4);
	stream_expect2(e, plain1, 2, r, 1, 0, "reloc-on-plain-state-value");
	r[0] = reloc_at(4);
	r[1] = reloc_at(12);
	stream_expect2(e, plain_then_addr, 4, r, 2, 0,
		       "reloc-plain-then-address");
	r[0] = reloc_at(4);
	r[1] = reloc_at(4);
	stream_expect2(e, nops, 4, r, 2, 0, "relocs-equal-offsets (sorted)");
	if (!etna_gem_new(fd, 4096, ETNA_BO_WC, &h2)) {
		bos[1].handle = h2;
		r[0] = reloc_at(4);
		r[1] = reloc_at(12);
		r[1].reloc_idx = 1;
		r[1].reloc_offset = 4092;
		req = sub_init(e, two, 4, bos, 2, r, 2);
		sub_expect(e, &req, 0, "relocs-two-bos");
	}

	/* invalid */
	r[0] = reloc_at(4);
	r[0].flags = 1;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-flags-1");
	r[0].flags = 0x80000000;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-flags-0x80000000");
	r[0] = reloc_at(2);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-offset-misaligned");
	r[0] = reloc_at(8);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-past-stream");
	r[0] = reloc_at(0xfffffffc);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-offset-0xfffffffc");
	r[0] = reloc_at(12);
	r[1] = reloc_at(4);
	stream_expect2(e, nops, 4, r, 2, -EINVAL, "relocs-unsorted");
	r[0] = reloc_at(4);
	r[1] = reloc_at(12);
	r[1].reloc_idx = 1;
	stream_expect2(e, two, 4, r, 2, -EINVAL, "reloc-idx-out-of-range");
	r[0] = reloc_at(4);
	r[0].reloc_idx = 0xffffffff;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-idx-0xffffffff");
	r[0] = reloc_at(4);
	r[0].reloc_offset = BO_SIZE - 3;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-past-bo-end");
	r[0].reloc_offset = BO_SIZE;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-bo-size");
	r[0].reloc_offset = 1ull << 32;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-4GiB");
	if (h2) {
		r[0] = reloc_at(4);
		r[1] = reloc_at(12);
		r[1].reloc_idx = 1;
		r[1].reloc_offset = 4093;
		req = sub_init(e, two, 4, bos, 2, r, 2);
		sub_expect(e, &req, -EINVAL, "reloc-offset-past-second-bo-end");
		etna_gem_close(fd, h2);
	}
	if (!e->mmuv1)
		return;

	/* MMUv1 parser: the reloc must sit on the address state's word */
	r[0] = reloc_at(8);
	stream_expect2(e, multi, 6, r, 1, -EINVAL,
		       "reloc-on-wrong-word-of-multi-state-load");
	r[0] = reloc_at(4);
	stream_expect2(e, two, 4, r, 1, -EINVAL,
		       "second-address-state-without-reloc");
	r[0] = reloc_at(4);
	req = sub_init(e, fixp, 2, bos, 1, r, 1);
	sub_expect2(e, &req, -EINVAL, 0, "the FE converts the address",
		    "fixp-load-into-address-state");
	if (upstream) {
		info("submit-reloc-on-command-header/%s: not run on upstream: "
		     "its parser lets a reloc overwrite a validated header, "
		     "the FE would run the address as a command", e->name);
	} else {
		r[0] = reloc_at(0);
		stream_expect2(e, plain1, 2, r, 1, -EINVAL,
			       "reloc-on-command-header (ours only)");
	}
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: the MMUv1 command-stream parser */

/*
 * MMUv2: every address a stream loads stays inside the client's own space,
 * so no relocation is needed; the other rules stay with ours. Upstream
 * 6.1 does not look at MMUv2 streams: the FE would run them and wedge.
 */
static void mmuv2_opcode(const struct engine *e, uint32_t hdr,
			 const char *name)
{
	uint32_t s[2] = { hdr, 0 };

	if (upstream) {
		info("submit-opcode-%s/%s: not run on upstream: it does not "
		     "check MMUv2 streams (the FE would wedge)", name, e->name);
		return;
	}
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "opcode-%s (MMUv2)", name);
}

static void test_stream_mmuv2(const struct engine *e)
{
	uint32_t addr = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_ADDR
						      : ST_FE_INDEX_ADDR;
	uint32_t s[4] = { ETNA_CMD_LOAD_STATE(addr, 1), 0x12345000 };
	static const struct {
		uint32_t state;
		const char *name;
	} window[] = {
		{ 0x0184, "mmuv2-configuration-0x0184" },
		{ 0x01ac, "mmuv2-pta-config-0x01ac" },
		{ 0x0180, "mmuv2-safe-address-0x0180" },
		{ 0x0100, "window-start-0x0100" },
		{ 0x05fc, "window-end-0x05fc" },
	};
	unsigned int i;

	stream_expect2(e, s, 2, NULL, 0, 0,
		       "address-state-without-reloc (MMUv2)");
	s[0] = ETNA_CMD_LOAD_STATE(0x0600, 1);
	stream_expect2(e, s, 2, NULL, 0, 0, "load-0x0600 (after the window)");
	for (i = 0; i < ARRAY_SIZE(window); i++) {
		if (upstream) {
			info("submit-load-%s/%s: not run on upstream: it lets "
			     "a stream reprogram the MMU", window[i].name,
			     e->name);
			continue;
		}
		s[0] = ETNA_CMD_LOAD_STATE(window[i].state, 1);
		stream_expect2(e, s, 2, NULL, 0, -EINVAL, "load-%s",
			       window[i].name);
	}
	/* a multi-state load that runs into the window */
	if (!upstream) {
		s[0] = ETNA_CMD_LOAD_STATE(0x00f8, 3);
		s[1] = s[2] = s[3] = 0;
		stream_expect2(e, s, 4, NULL, 0, -EINVAL,
			       "load-run-into-window");
	}
}

static void test_submit_stream(const struct engine *e)
{
	uint32_t plain = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_STRIDE
						       : ST_FE_PRIM_RESTART;
	const uint32_t valid[] = {
		ETNA_CMD_LOAD_STATE(plain, 1), 1,
		ETNA_CMD_LOAD_STATE(ST_GL_SEMAPHORE, 1), SEMAPHORE_FE_PE,
		CMD_STALL, SEMAPHORE_FE_PE,
		CMD_DRAW_PRIMITIVES, 4, 0, 1,
		CMD_DRAW_INDEXED, 4, 0, 1, 0, 0,
		CMD_DRAW_INSTANCED, 0, 0, 0,
		CMD_DRAW_2D(1, 0), 0, 0, 0x00010001,
		ETNA_CMD_NOP, 0,
	};
	static const struct {
		uint32_t hdr;
		const char *name;
	} forbidden[] = {
		{ CMD_END, "end" },
		{ CMD_WAIT, "wait" },
		{ CMD_LINK, "link" },
		{ CMD_CALL, "call" },
		{ CMD_RETURN, "return" },
		{ CMD_CHIP_SELECT, "chip-select" },
		{ 0x00000000, "opcode-0" },
		{ 0x70000000, "opcode-14" },
		{ 0x78000000, "opcode-15" },
		{ 0xf8000000, "opcode-31" },
	};
	static const struct {
		uint32_t state;
		const char *name;
	} addr_states[] = {
		{ ST_DE_DEST_ADDR, "de-dest-0x1228" },
		{ ST_DE_SRC_ADDR, "de-src-0x1200" },
		{ ST_PE_COLOR_ADDR, "pe-color-0x1410" },
		{ ST_FE_INDEX_ADDR, "fe-index-0x0644" },
		{ 0x2400, "te-lod-0x2400" },
		{ 0x14800, "pe-rt-0x14800" },
	};
	/* address states (hw/gc.db) that Linux 6.1's validator does not list */
	static const struct {
		uint32_t state;
		const char *name;
	} more_addr_states[] = {
		{ 0x3868, "gl-fence-out-0x3868" },
		{ 0x14000, "blt-src-0x14000" },
	};
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	uint32_t s[8];
	unsigned int i;

	stream_expect(e, valid, 0, "valid-commands (ls, stall, draws, nop)");
	if (!e->mmuv1) {
		for (i = 0; i < ARRAY_SIZE(forbidden); i++)
			mmuv2_opcode(e, forbidden[i].hdr, forbidden[i].name);
		test_stream_mmuv2(e);
		return;
	}

	for (i = 0; i < ARRAY_SIZE(forbidden); i++) {
		s[0] = forbidden[i].hdr;
		s[1] = 0;
		stream_expect2(e, s, 2, NULL, 0, -EINVAL, "opcode-%s",
			       forbidden[i].name);
	}
	s[0] = ETNA_CMD_NOP;
	s[1] = 0;
	s[2] = CMD_END;
	s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL, "opcode-end-after-nop");

	for (i = 0; i < ARRAY_SIZE(addr_states); i++) {
		s[0] = ETNA_CMD_LOAD_STATE(addr_states[i].state, 1);
		s[1] = 0;
		stream_expect2(e, s, 2, NULL, 0, -EINVAL,
			       "address-state-without-reloc-%s",
			       addr_states[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(more_addr_states); i++) {
		s[0] = ETNA_CMD_LOAD_STATE(more_addr_states[i].state, 1);
		s[1] = 0;
		req = sub_init(e, s, 2, &bo, 1, NULL, 0);
		sub_expect2(e, &req, -EINVAL, 0,
			    "upstream's list of address states lacks it",
			    "address-state-without-reloc-%s",
			    more_addr_states[i].name);
	}
	s[0] = ETNA_CMD_LOAD_STATE(0x1220, 4);
	s[1] = s[2] = s[3] = s[4] = s[5] = 0;
	stream_expect2(e, s, 6, NULL, 0, -EINVAL,
		       "address-state-inside-multi-state-load");

	/* commands running past the end of the stream */
	s[0] = ETNA_CMD_LOAD_STATE(plain, 4);
	s[1] = 0;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-load-state-4");
	s[0] = ETNA_CMD_LOAD_STATE(plain, 2);
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-load-state-2");
	s[0] = CMD_DRAW_2D(1, 0);
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-draw-2d-1-rect");
	s[0] = CMD_DRAW_2D(0, 0);
	s[2] = s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL,
		       "overrun-draw-2d-256-rects");
	s[0] = CMD_DRAW_PRIMITIVES;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-draw-primitives");
	s[0] = CMD_DRAW_INDEXED;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL, "overrun-draw-indexed");
	s[0] = ETNA_CMD_NOP;
	stream_expect2(e, s, 1, NULL, 0, -EINVAL, "overrun-nop-1-word");

	if (upstream) {
		info("submit-load-state-count-0, submit-draw-2d-data-overrun "
		     "/%s: not run on upstream: its parser reads COUNT 0 as 0 "
		     "states and ignores DRAW_2D inline data, the FE (1024 "
		     "states, data words) would run past the stream", e->name);
		return;
	}
	s[0] = ETNA_CMD_LOAD_STATE(plain, 0);	/* COUNT 0: 1024 states */
	s[1] = 0;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL,
		       "load-state-count-0-overrun (ours only: 1024 states)");
	s[0] = CMD_DRAW_2D(1, 2);	/* 1 rect, 2 data words: 6 words */
	s[1] = s[2] = s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL,
		       "draw-2d-data-overrun (ours only)");
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: performance-monitor requests */

/*
 * The post-stream sample (and the sequence) may land after the job's
 * fence signalled: user space polls for the sequence.
 */
static bool wait_word(const uint32_t *p, uint32_t want, uint64_t ns)
{
	uint64_t end = etna_now_ns() + ns;

	while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != want) {
		if (etna_now_ns() > end)
			return false;
		usleep(1000);
	}
	return true;
}

static void test_submit_pmrs(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit_pmr p;
	struct drm_etnaviv_gem_submit req;
	uint32_t h, *map = NULL;
	uint64_t off;
	int ret;
	bool ok;

	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &h))
		return;
	bo.handle = h;

#define PMR() do {							\
		memset(&p, 0, sizeof(p));				\
		p.flags = ETNA_PM_PROCESS_PRE | ETNA_PM_PROCESS_POST;	\
		p.sequence = 0x1234abcd;				\
		p.read_offset = 8;					\
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);		\
		req.pmrs = (uintptr_t)&p;				\
		req.nr_pmrs = 1;					\
	} while (0)

	PMR();
	p.flags = 0x4;
	sub_expect(e, &req, -EINVAL, "pmr-flags-0x4");
	PMR();
	p.domain = 200;
	sub_expect(e, &req, -EINVAL, "pmr-domain-200");
	PMR();
	p.signal = 0xffff;
	sub_expect(e, &req, -EINVAL, "pmr-signal-0xffff");
	PMR();
	p.read_idx = 1;
	sub_expect(e, &req, -EINVAL, "pmr-read-idx-out-of-range");
	PMR();
	p.read_offset = 0;
	sub_expect(e, &req, -EINVAL, "pmr-read-offset-0");
	PMR();
	p.read_offset = 4096;
	sub_expect(e, &req, -EINVAL, "pmr-read-offset-past-bo");
	PMR();
	req.pmrs = 0;
	sub_expect2(e, &req, -EINVAL, -EFAULT,
		    "ours: no domains, refused before reading", "pmrs-null");

	/* domain 0, signal 0, before and after: sampled into the BO */
	PMR();
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = ret == pick(-EINVAL, 0) ||
	     fail("got %s", err_name(ret));
	if (!ret) {
		if (!finish(e->pipe, req.fence, "its fence"))
			ok = false;
		if (!gem_info(h, &off))
			map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, off);
		if (!map || map == MAP_FAILED)
			ok = fail("mmap: %s", strerror(errno));
		else if (!wait_word(map, 0x1234abcd, 2 * SEC_NS))
			ok = fail("word 0 is 0x%08x after 2 s, want the "
				  "sequence", map[0]);
		if (map && map != MAP_FAILED)
			munmap(map, 4096);
	} else if (!alive(e)) {
		ok = false;
	}
	report(ok, "submit-pmr-domain-0-signal-0%s",
	       check_name("", e->name, -EINVAL, 0,
			  upstream ? "sequence stored in word 0"
				   : "ours has no domains yet"));
	etna_gem_close(fd, h);
#undef PMR
}

/* ------------------------------------------------------------------ */
/* Pending jobs: vgem fences keep them from running */

static int load_module(const char *path)
{
	int mfd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (mfd < 0)
		return -errno;
	if (syscall(SYS_finit_module, mfd, "", 0) && errno != EEXIST)
		ret = -errno;
	close(mfd);
	return ret;
}

static int vgem_open(void)
{
	const char *kdir = getenv("ETNAVIV_KDIR");
	char path[512], name[32], node[32];
	int i, tries, vfd, ret;

	if (!kdir)
		return fail("ETNAVIV_KDIR not set"), -ENOENT;
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/drm_shmem_helper.ko",
		 kdir);
	load_module(path);
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/vgem/vgem.ko", kdir);
	ret = load_module(path);
	if (ret)
		return fail("insmod %s: %s", path, strerror(-ret)), ret;
	for (tries = 0; tries < 100; tries++) {
		for (i = 0; i < 8; i++) {
			struct drm_version v = {
				.name = name, .name_len = sizeof(name) - 1,
			};

			snprintf(node, sizeof(node), "/dev/dri/card%d", i);
			vfd = open(node, O_RDWR | O_CLOEXEC);
			if (vfd < 0)
				continue;
			memset(name, 0, sizeof(name));
			if (!etna_ioctl(vfd, DRM_IOCTL_VERSION, &v) &&
			    !strcmp(name, "vgem"))
				return vfd;
			close(vfd);
		}
		usleep(20000);
	}
	return fail("vgem loaded but no /dev/dri/cardN is vgem"), -ENODEV;
}

static int prime_import(int dfd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle p = { .fd = dmabuf };
	int ret = etna_ioctl(dfd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p);

	*handle = ret ? 0 : p.handle;
	return ret;
}

/*
 * A vgem buffer with an unsignalled write fence, imported into both
 * etnaviv files: jobs that use it implicitly stay pending until the
 * fence is signalled (or vgem's 10 s timeout passes).
 */
struct pending {
	int vfd, dmabuf;
	uint32_t vh, vfence, ih, ih2;
};

static int pending_setup(struct pending *pd, int fd2)
{
	struct drm_mode_create_dumb cd = {
		.width = 256, .height = BO_SIZE / 1024, .bpp = 32,
	};
	struct drm_prime_handle ph = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	int ret;

	memset(pd, 0, sizeof(*pd));
	pd->dmabuf = -1;
	pd->vfd = vgem_open();
	if (pd->vfd < 0)
		return pd->vfd;
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

static int pending_release(struct pending *pd)
{
	struct drm_vgem_fence_signal fs = { .fence = pd->vfence };

	return etna_ioctl(pd->vfd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
}

static void test_busy(const struct engine *e, int fd2)
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

	ok = !poll_in(sfd, 0) || fail("fence fd ready while the job waits");
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
		ok = poll_in(sfd, 5000) || fail("not ready after release");
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
/* GEM_USERPTR */

#define UPTR_SIZE	(4 * 4096)

/* Arguments, and what can be done without the GPU. */
static void test_userptr_args(void)
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
static void test_userptr_submit(const struct engine *e)
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

/* ------------------------------------------------------------------ */
/* PM_QUERY_DOM, PM_QUERY_SIG */

static const struct {
	const char *name;
	unsigned int signals;
} doms_3d[] = {
	{ "HI", 7 }, { "PE", 4 }, { "SH", 9 }, { "PA", 6 },
	{ "SE", 2 }, { "RA", 7 }, { "TX", 9 }, { "MC", 3 },
}, doms_2d[] = {
	{ "PE", 1 },
};

static int pm_dom(uint32_t pipe, uint8_t iter, struct drm_etnaviv_pm_domain *d)
{
	memset(d, 0, sizeof(*d));
	d->pipe = pipe;
	d->iter = iter;
	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, d);
}

static int pm_sig(uint32_t pipe, uint8_t domain, uint16_t iter,
		  struct drm_etnaviv_pm_signal *s)
{
	memset(s, 0, sizeof(*s));
	s->pipe = pipe;
	s->domain = domain;
	s->iter = iter;
	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, s);
}

/* The documented domain @i of a core: its 3D list, then its 2D list. */
static void pm_expected(unsigned int i, bool has3d, bool has2d,
			const char **name, unsigned int *signals)
{
	unsigned int n3d = has3d ? ARRAY_SIZE(doms_3d) : 0;

	*name = "none";
	*signals = 0;
	if (i < n3d) {
		*name = doms_3d[i].name;
		*signals = doms_3d[i].signals;
	} else if (has2d && i - n3d < ARRAY_SIZE(doms_2d)) {
		*name = doms_2d[i - n3d].name;
		*signals = doms_2d[i - n3d].signals;
	}
}

/* Walk the domains and their signals. */
static void test_pm_walk(uint32_t pipe, bool has3d, bool has2d)
{
	unsigned int nr = (has3d ? ARRAY_SIZE(doms_3d) : 0) +
			  (has2d ? ARRAY_SIZE(doms_2d) : 0);
	struct drm_etnaviv_pm_domain d;
	struct drm_etnaviv_pm_signal s;
	unsigned int i, j, nsig, want_sig;
	char list[256] = "", order[160] = "";
	const char *want_name;
	bool ok = true;
	int ret;

	for (i = 0; ok && i < nr; i++) {
		ret = pm_dom(pipe, i, &d);
		if (ret) {
			ok = fail("domain %u: %s", i, err_name(ret));
			break;
		}
		pm_expected(i, has3d, has2d, &want_name, &want_sig);
		if (d.id != i || d.iter != (i + 1 == nr ? 0xff : i + 1))
			ok = fail("domain %u: id %u, next iter %u", i, d.id,
				  d.iter);
		else if (!d.name[0] || !memchr(d.name, 0, sizeof(d.name)))
			ok = fail("domain %u: bad name", i);
		else if (!d.nr_signals)
			ok = fail("domain %u: no signals", i);
		else if ((strcmp(d.name, want_name) ||
			  d.nr_signals != want_sig) && !order[0])
			snprintf(order, sizeof(order), "domain %u is %s/%u, "
				 "documented order has %s/%u", i, d.name,
				 d.nr_signals, want_name, want_sig);
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s/%u", i ? " " : "", d.name, d.nr_signals);
		nsig = d.nr_signals;
		for (j = 0; ok && j < nsig; j++) {
			ret = pm_sig(pipe, i, j, &s);
			if (ret)
				ok = fail("domain %u signal %u: %s", i, j,
					  err_name(ret));
			else if (s.id != j ||
				 s.iter != (j + 1 == nsig ? 0xffff : j + 1))
				ok = fail("domain %u signal %u: id %u, iter %u",
					  i, j, s.id, s.iter);
			else if (!s.name[0] ||
				 !memchr(s.name, 0, sizeof(s.name)))
				ok = fail("domain %u signal %u: bad name", i,
					  j);
		}
		if (ok)
			ok = (ret = pm_sig(pipe, i, nsig, &s)) == -EINVAL ||
			     fail("domain %u: signal iter %u (past the end): "
				  "%s, want EINVAL", i, nsig, err_name(ret));
	}
	/*
	 * Linux 6.1 looks domains up wrongly on cores with both engines
	 * (the 2D list overrides index 0): recorded, not failed.
	 */
	if (ok && order[0] && upstream && has3d && has2d)
		info("pm-query-dom-order/pipe%u: upstream 6.1 quirk: %s", pipe,
		     order);
	else if (ok && order[0])
		ok = fail("%s", order);
	report(ok, "pm-query-dom-sig-walk/pipe%u (%s%s)", pipe,
	       upstream ? "upstream: " : "ours: ", list);
	expect(pm_dom(pipe, nr, &d), -EINVAL,
	       "pm-query-dom-iter-past-end/pipe%u", pipe);
	expect(pm_dom(pipe, 0xff, &d), -EINVAL, "pm-query-dom-iter-0xff/pipe%u",
	       pipe);
	expect(pm_sig(pipe, nr, 0, &s), -EINVAL,
	       "pm-query-sig-domain-past-end/pipe%u", pipe);
	memset(&s, 0, sizeof(s));
	s.pipe = pipe;
	s.pad = 0xaa;
	expect(etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &s), 0,
	       "pm-query-sig-pad-ignored/pipe%u", pipe);
}

static void test_pm(void)
{
	struct drm_etnaviv_pm_domain d;
	struct drm_etnaviv_pm_signal s;
	uint64_t f0;
	uint32_t pipe;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		/* ours has no counters yet: its cores have no domains */
		if (!upstream && pm_dom(pipe, 0, &d) == -EINVAL) {
			report(true, "pm-query-dom-iter-0/pipe%u (ours: EINVAL; "
			       "upstream: accepted; ours has no domains yet)",
			       pipe);
			expect(pm_sig(pipe, 0, 0, &s), -EINVAL,
			       "pm-query-sig-domain-0/pipe%u (ours: no domains "
			       "yet)", pipe);
			continue;
		}
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0))
			f0 = 0;
		test_pm_walk(pipe, f0 & ETNA_FEATURE_PIPE_3D,
			     f0 & ETNA_FEATURE_PIPE_2D);
	}
	expect(pm_dom(ETNA_MAX_PIPES, 0, &d), -EINVAL, "pm-query-dom-pipe-4");
	expect(pm_dom(0xffffffff, 0, &d), -EINVAL,
	       "pm-query-dom-pipe-0xffffffff");
	expect(pm_sig(ETNA_MAX_PIPES, 0, 0, &s), -EINVAL,
	       "pm-query-sig-pipe-4");
	if (absent_pipe >= 0) {
		expect(pm_dom(absent_pipe, 0, &d), -ENXIO,
		       "pm-query-dom-empty-pipe%d", absent_pipe);
		expect(pm_sig(absent_pipe, 0, 0, &s), -ENXIO,
		       "pm-query-sig-empty-pipe%d", absent_pipe);
	}
}

/* ------------------------------------------------------------------ */

static void find_engines(void)
{
	uint64_t v, f0, softpin;
	uint32_t pipe;
	struct engine *e;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		present[pipe] = !etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL,
					    &v);
		if (!present[pipe]) {
			if (absent_pipe < 0)
				absent_pipe = pipe;
			continue;
		}
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0))
			f0 = 0;
		if (etna_param(fd, pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
			       &softpin))
			softpin = 0;
		if (f0 & ETNA_FEATURE_PIPE_3D) {
			e = &engines[nr_engines++];
			e->pipe = pipe;
			e->exec_state = ETNA_PIPE_3D;
			e->mmuv1 = softpin == ~0ull;
			snprintf(e->name, sizeof(e->name), "pipe%u-3d", pipe);
		}
		if (f0 & ETNA_FEATURE_PIPE_2D) {
			e = &engines[nr_engines++];
			e->pipe = pipe;
			e->exec_state = ETNA_PIPE_2D;
			e->mmuv1 = softpin == ~0ull;
			snprintf(e->name, sizeof(e->name), "pipe%u-2d", pipe);
		}
	}
}

int main(void)
{
	const char *drv = getenv("ETNAVIV_DRIVER");
	unsigned int i;
	uint32_t pipe;
	int fd2, ret;
	bool ok;

	upstream = drv && !strcmp(drv, "upstream");
	fd = etna_open();
	fd2 = etna_open();
	printf("INFO: conf/driver %s, board %s\n", drv ? drv : "(unset)",
	       getenv("ETNAVIV_BOARD") ?: "(unset)");

	check_model("start");
	find_engines();
	ok = nr_engines || fail("no 2D or 3D engine found");
	report(ok, "engines-found (%u)", nr_engines);

	test_wait_fence_unissued();
	test_requests();
	test_get_param();
	test_gem_new();
	test_gem_info();
	test_cpu_prep_idle();
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++)
		if (present[pipe])
			test_gem_wait_idle(pipe);
	test_gem_wait_pipes();

	test_userptr_args();

	ret = etna_gem_new(fd, BO_SIZE, ETNA_BO_WC, &sbo);
	ok = !ret || fail("GEM_NEW: %s", err_name(ret));
	report(ok, "submit-bo-created");
	if (ret)
		goto out;

	for (i = 0; i < nr_engines; i++) {
		const struct engine *e = &engines[i];

		test_submit_args(e);
		test_submit_softpin(e);
		test_submit_sizes(e);
		test_submit_fence_fds(e, fd2);
		test_submit_relocs(e);
		test_submit_stream(e);
		test_submit_pmrs(e);
		test_userptr_submit(e);
	}
	test_wait_fence_args();
	for (i = 0; i < nr_engines; i++)
		test_busy(&engines[i], fd2);
	test_pm();

	etna_gem_close(fd, sbo);
out:
	close(fd2);
	close(fd);
	check_model("end");
	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
