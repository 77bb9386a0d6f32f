// SPDX-License-Identifier: MIT
/*
 * conformance: reporting, the device under test, the ioctl and submit
 * helpers
 */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* Reporting */

void __printf(1, 2) info(const char *fmt, ...)
{
	va_list ap;

	printf("INFO: conf/");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/* An expected errno in a check's name: "EINVAL", or "accepted" for 0. */
static const char *errno_str(int e)
{
	return e ? errno_name(e) : "accepted";
}

/*
 * Check names may carry a note: "name (note)". The report line is
 * "conf/name[/where] (WANT; note)", where WANT is "EINVAL" or, when the
 * drivers differ, "ours: EINVAL; upstream: accepted".
 */
const char *check_name(const char *name, const char *where,
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

bool upstream;		/* ETNAVIV_DRIVER=upstream */

/* The expectation for the driver under test. */
int pick(int want_ours, int want_up)
{
	return upstream ? want_up : want_ours;
}

/*
 * One check of an ioctl's return value: @ret against @want_ours or
 * @want_up (0 or -errno), named by @fmt.
 */
bool __printf(5, 6) expect2(int ret, int want_ours, int want_up,
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

/* ------------------------------------------------------------------ */
/* The device under test */

int fd;
bool present[ETNA_MAX_PIPES];
int absent_pipe = -1;	/* an empty slot below ETNA_MAX_PIPES */
struct engine engines[MAX_ENGINES];
unsigned int nr_engines;
uint32_t sbo;		/* BO_SIZE WC buffer used by most submits */

/* Last fence seen per pipe: fences must only grow. */
uint32_t last_fence[ETNA_MAX_PIPES];
bool have_fence[ETNA_MAX_PIPES];

struct drm_etnaviv_timespec ts_at(int64_t sec, int64_t nsec)
{
	struct drm_etnaviv_timespec ts = { .tv_sec = sec, .tv_nsec = nsec };

	return ts;
}

/* A deadline @ns in the past (now - @ns), or 0 if that is before boot. */
struct drm_etnaviv_timespec ts_ago(uint64_t ns)
{
	uint64_t now = etna_now_ns();

	now = now > ns ? now - ns : 0;
	return ts_at(now / SEC_NS, now % SEC_NS);
}

/* The lowest free file descriptor: shows descriptors a call leaked. */
int lowest_free_fd(void)
{
	int n = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (n >= 0)
		close(n);
	return n;
}

int gem_info(uint32_t handle, uint64_t *offset)
{
	struct drm_etnaviv_gem_info req = { .handle = handle };
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);

	if (!ret && offset)
		*offset = req.offset;
	return ret;
}

int cpu_prep(uint32_t handle, uint32_t op,
	     struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_gem_cpu_prep req = {
		.handle = handle, .op = op, .timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &req);
}

int cpu_fini(uint32_t handle, uint32_t flags)
{
	struct drm_etnaviv_gem_cpu_fini req = {
		.handle = handle, .flags = flags,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &req);
}

int gem_wait(uint32_t pipe, uint32_t handle, uint32_t flags,
	     struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = pipe, .handle = handle, .flags = flags,
		.timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

int wait_fence_ts(uint32_t pipe, uint32_t fence, uint32_t flags,
		  struct drm_etnaviv_timespec timeout)
{
	struct drm_etnaviv_wait_fence req = {
		.pipe = pipe, .fence = fence, .flags = flags,
		.timeout = timeout,
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &req);
}

int userptr(void *ptr, uint64_t size, uint32_t flags,
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
void check_model(const char *when)
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

struct drm_etnaviv_gem_submit
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
bool finish(uint32_t pipe, uint32_t fence, const char *what)
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
bool alive(const struct engine *e)
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
bool __printf(6, 7)
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

/* Submit a stream with the shared BO (read) and optional relocations. */
bool __printf(7, 8)
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

struct drm_etnaviv_gem_submit_reloc reloc_at(uint32_t off)
{
	struct drm_etnaviv_gem_submit_reloc r = { .submit_offset = off };

	return r;
}
