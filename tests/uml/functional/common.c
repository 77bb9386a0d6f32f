// SPDX-License-Identifier: MIT
/*
 * functional: reporting, the engines and the model cores behind them,
 * buffer objects, jobs
 */
#include "functional.h"

/* The counters of check.h, shared by every file (CHECK_SHARED) */
unsigned int nr_failed, nr_passed;
char why[768];

/* ------------------------------------------------------------------ */
/* Reporting */

void __printf(2, 3) info(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("INFO: func/%s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

const char *err_name(int ret)
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

const char *driver_name(void)
{
	const char *d = getenv("ETNAVIV_DRIVER");

	return d ? d : "";
}

bool is_upstream(void)
{
	return !strcmp(driver_name(), "upstream");
}

double secs(uint64_t ns)
{
	return ns / 1e9;
}

/* ------------------------------------------------------------------ */
/* The engines and the model cores behind them */

struct engine engines[MAX_ENGINES];
unsigned int nr_engines;

const char *engine_name(const struct engine *e)
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

long long stat_of(const struct engine *e, const char *key)
{
	return model_stat(e->core, key, NULL, 0);
}

/*
 * The model's resets of @e's core but those after a power-up: ours resets
 * a core it powers up (runtime PM does that at any idle moment), Linux
 * 6.1's runtime resume sets the core up without a reset.
 */
long long resets_of(const struct engine *e)
{
	return stat_of(e, "resets") -
	       (is_upstream() ? 0 : stat_of(e, "power_ons"));
}

const char *fe_state(const struct engine *e)
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

int knob_set(const struct engine *e, const char *knob, int val)
{
	char path[256], buf[16];
	int ret;

	if (knob_path(e, knob, path, sizeof(path)))
		return -ENODEV;
	/* a frozen FE stands for a hung job, not a core that cannot power up */
	if (!strcmp(knob, "freeze") && val)
		gpu_power_hold(true);
	snprintf(buf, sizeof(buf), "%d\n", val);
	ret = write_file(path, buf);
	if (!strcmp(knob, "freeze") && !val)
		gpu_power_hold(false);
	return ret;
}

/*
 * Before the model freezes @e's FE for a test of a busy job: the cores
 * held powered and @e's FE started by one job reading @bo. Our driver
 * powers a core up with its FE stopped and starts it, with the MMUv2
 * setup, at the next job; a frozen FE never finishes that setup, and the
 * job then fails at once instead of staying busy. Return: 0 or -errno.
 */
int engine_awake(int fd, const struct engine *e, uint32_t bo)
{
	uint32_t fence;
	int ret;

	gpu_power_hold(true);
	ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_READ, 0, &fence, NULL);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 5 * SEC_NS);
	return ret;
}

long knob_get(const struct engine *e, const char *knob)
{
	return e->core[0] ? model_knob_get(e->core, knob) : -1;
}

/*
 * Opens the debugfs file @file of the etnaviv DRM device (the first
 * dri/N/ whose "name" starts with etnaviv and that has @file); NULL if
 * there is none.
 */
FILE *driver_debugfs(const char *file)
{
	char path[300], line[64];
	struct dirent *de;
	FILE *f = NULL;
	DIR *d;

	d = opendir("/sys/kernel/debug/dri");
	if (!d)
		return NULL;
	while (!f && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/name",
			 de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		line[0] = '\0';
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
		f = NULL;
		if (strncmp(line, "etnaviv", 7))
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/%s",
			 de->d_name, file);
		f = fopen(path, "r");
	}
	closedir(d);
	return f;
}

/*
 * Reads "@key: <number>" from the debugfs file @file of our driver's DRM
 * device; -1 if absent (as with upstream's driver, which has no such
 * line).
 */
long long driver_stat(const char *file, const char *key)
{
	char line[160], k[64];
	long long val = -1, v;
	FILE *f = driver_debugfs(file);

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63[^:]: %lld", k, &v) == 2 &&
		    !strcmp(k, key)) {
			val = v;
			break;
		}
	fclose(f);
	return val;
}

static uint64_t digest(uint64_t h, const char *p, size_t n)
{
	while (n--)
		h = (h ^ (unsigned char)*p++) * 0x100000001b3ull;
	return h;
}

/*
 * A digest (FNV-1a) of where the driver's rings stand; 0 if it cannot be
 * read. It changes when the driver links a job into a ring (a WAIT turned
 * into a LINK, a new tail): the event that a job has left the scheduler
 * for the hardware, even on a frozen FE that never fetches it. Ours: the
 * "ring: tail" lines of its debugfs "gpu" file (small). Linux 6.1 has no
 * such line: its debugfs "ring" file, each ring whole with its free
 * space (tens of KiB, slower to read).
 */
uint64_t ring_digest(void)
{
	static char buf[1 << 19];
	uint64_t h = 0xcbf29ce484222325ull;
	bool any = false;
	ssize_t n;
	FILE *f;

	if (!is_upstream()) {
		char line[160];

		f = driver_debugfs("gpu");
		if (!f)
			return 0;
		while (fgets(line, sizeof(line), f))
			if (strstr(line, "ring: tail")) {
				h = digest(h, line, strlen(line));
				any = true;
			}
		fclose(f);
		return any ? h : 0;
	}
	f = driver_debugfs("ring");
	if (!f)
		return 0;
	/* large reads: each read is a system call */
	while ((n = read(fileno(f), buf, sizeof(buf))) > 0)
		h = digest(h, buf, n);
	fclose(f);
	return h;
}

/*
 * Waits (polling, at most @ns) until the ring digest is no longer
 * @before: a job submitted after @before was taken is on a ring.
 * Return: 0, -ENOENT (no ring file) or -ETIMEDOUT.
 */
int wait_ring_change(uint64_t before, uint64_t ns)
{
	uint64_t t0 = etna_now_ns(), now;

	if (!before)
		return -ENOENT;
	do {
		now = ring_digest();
		if (now != before)
			return now ? 0 : -ENOENT;
		usleep(2000);
	} while (etna_now_ns() - t0 < ns);
	return -ETIMEDOUT;
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

void find_engines(int fd)
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
unsigned int pipe_engines(const struct engine **out)
{
	unsigned int i, n = 0;

	for (i = 0; i < nr_engines; i++)
		if (!n || out[n - 1]->pipe != engines[i].pipe)
			out[n++] = &engines[i];
	return n;
}

/* ------------------------------------------------------------------ */
/* Buffer objects */

uint32_t pattern(size_t i, uint32_t seed)
{
	return (uint32_t)(i * 0x9e3779b9u) ^ (seed * 0x85ebca6bu) ^ seed;
}

int gem_wait(int fd, uint32_t pipe, uint32_t handle, uint32_t flags,
	     uint64_t ns)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = pipe, .handle = handle, .flags = flags,
		.timeout = etna_timeout(ns),
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

void *map_fd(int fd, uint64_t offset, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

/* Maps a BO of @fd; NULL (and the reason in why) on failure. */
uint32_t *map_bo(int fd, uint32_t handle, size_t len)
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

void fill(uint32_t *p, size_t len, uint32_t seed)
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

bool check_pattern(const uint32_t *p, size_t len, uint32_t seed,
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
bool submit_once;

int submit_ex(int fd, const struct engine *e, uint32_t bo,
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
	ret = submit_once ?
	      etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req) :
	      etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret && fence)
		*fence = req.fence;
	if (out_fd)
		*out_fd = ret ? -1 : req.fence_fd;
	return ret;
}

int submit_job(int fd, const struct engine *e, uint32_t bo,
	       uint32_t bo_flags, uint32_t bo_offset, uint32_t *fence,
	       int *fence_fd)
{
	return submit_ex(fd, e, bo, bo_flags, bo_offset, 0, -1, fence,
			 fence_fd);
}

/* Sync file status: 1 signalled, 0 active, <0 error (-1000 - errno: no info) */
int sync_status(int sfd)
{
	struct sync_file_info info;

	memset(&info, 0, sizeof(info));
	if (ioctl(sfd, SYNC_IOC_FILE_INFO, &info))
		return -1000 - errno;
	return info.status;
}

const char *status_name(int s)
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
void drain(int fd)
{
	unsigned int i;
	uint32_t fence;

	for (i = 0; i < nr_engines; i++)
		if (!submit_job(fd, &engines[i], 0, 0, 0, &fence, NULL))
			etna_wait_fence(fd, engines[i].pipe, fence, 0,
					5 * SEC_NS);
}
