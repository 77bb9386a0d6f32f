// SPDX-License-Identifier: MIT
/*
 * functional: reporting, the engines and the model cores behind them,
 * buffer objects, jobs
 */
#include "functional.h"

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

double secs(uint64_t ns)
{
	return ns / 1e9;
}

/* ------------------------------------------------------------------ */
/* The engines and the model cores behind them */

struct engine engines[MAX_ENGINES];
unsigned int nr_engines;

long long stat_of(const struct engine *e, const char *key)
{
	return model_stat(e->core, key, NULL, 0);
}

/* The model's resets of @e's core but those after a power-up. */
long long resets_of(const struct engine *e)
{
	return model_resets(e->core);
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

int knob_set(const struct engine *e, const char *knob, int val)
{
	int ret;

	if (!e->core[0])
		return -ENODEV;
	/* a frozen FE stands for a hung job, not a core that cannot power up */
	if (!strcmp(knob, "freeze") && val)
		gpu_power_hold(true);
	ret = model_knob_set(e->core, knob, val);
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
 * The "@key: <number>" lines (leading blanks allowed) of the debugfs file
 * @file of our driver's DRM device: the first one's number, or with @sum
 * the sum of them all; -1 without one (as with upstream's driver, which
 * has no such line).
 */
static long long driver_lines(const char *file, const char *key, bool sum)
{
	char line[160], k[64];
	long long val = -1, v;
	FILE *f = driver_debugfs(file);

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " %63[^:]: %lld", k, &v) != 2 ||
		    strcmp(k, key))
			continue;
		val = (val < 0 ? 0 : val) + v;
		if (!sum)
			break;
	}
	fclose(f);
	return val;
}

long long driver_stat(const char *file, const char *key)
{
	return driver_lines(file, key, false);
}

long long driver_sum(const char *file, const char *key)
{
	return driver_lines(file, key, true);
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

void find_engines(int fd)
{
	bool ok;

	nr_engines = engines_find(fd, engines);
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

/*
 * Submits the job @j on @e. With @out_fd, asks for a sync file (-1 in it
 * if the submit fails). Its fence in *@fence if @fence and it succeeds.
 */
bool submit_once;

int submit_stream(int fd, const struct engine *e, const struct job *j,
		  uint32_t *fence, int *out_fd)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.nr_bos = j->nr_bos, .bos = (uintptr_t)j->bos,
		.nr_relocs = j->nr_relocs, .relocs = (uintptr_t)j->relocs,
		.nr_pmrs = j->nr_pmrs, .pmrs = (uintptr_t)j->pmrs,
		.stream = (uintptr_t)j->s, .stream_size = 4 * j->words,
		.flags = j->flags, .fence_fd = j->in_fd,
	};
	int ret;

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

/*
 * Submits a small job on @e: with @bo, one LOAD_STATE of an address state
 * relocated into @bo at @bo_offset (so that the job uses the BO with
 * @bo_flags); without, two NOPs. @flags are submit flags; with
 * ETNA_SUBMIT_FENCE_FD_IN, @in_fd is the fence to wait for. With @out_fd,
 * asks for a sync file.
 */
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
	uint32_t stream[4] = {
		bo ? ETNA_CMD_LOAD_STATE(engine_addr_state(e), 1) :
		     ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0,
	};
	struct job j = {
		.s = stream, .words = 4, .flags = flags, .in_fd = in_fd,
	};

	if (bo) {
		j.bos = &sbo;
		j.nr_bos = 1;
		j.relocs = &reloc;
		j.nr_relocs = 1;
	}
	return submit_stream(fd, e, &j, fence, out_fd);
}

/*
 * Whether fill_op() has an operation for @e: a 2D engine, or a 3D one
 * with the resolve engine (a core with the BLT engine resolves with that,
 * Mesa 22.3's etnaviv_screen.c use_blt: an RS job is not one a client
 * would send there).
 */
bool fill_can(int fd, const struct engine *e)
{
	uint64_t minor5;

	if (e->exec_state == ETNA_PIPE_2D)
		return true;
	return !etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_FEATURES_6,
			   &minor5) && !(minor5 & ETNA_MINOR5_BLT_ENGINE);
}

/*
 * Appends to @s at word @n an operation of @e's engine (a 2D clear, or an
 * RS fill) that writes @f->value into @f->rows rows of @f->w pixels of 4
 * bytes, @f->stride bytes apart, of the job's buffer @f->idx from byte
 * @f->off on; its relocations to @r from *@nr on (at most two). Each
 * pixel is a cycle of the core clock. Return: the words now (at most
 * FILL_WORDS more).
 */
unsigned int fill_op(const struct engine *e, uint32_t *s, unsigned int n,
		     const struct fill *f,
		     struct drm_etnaviv_gem_submit_reloc *r, unsigned int *nr)
{
	unsigned int w, k, at[2], nat;

	if (e->exec_state == ETNA_PIPE_2D) {
		w = etna_de_clear_stream(s + n, f->stride, f->w, f->rows,
					 f->value);
		at[0] = ETNA_DE_CLEAR_RELOC;
		nat = 1;
	} else {
		w = etna_rs_fill_stream(s + n, f->stride, f->w, f->rows,
					f->value);
		at[0] = ETNA_RS_FILL_RELOC0;
		at[1] = ETNA_RS_FILL_RELOC1;
		nat = 2;
	}
	for (k = 0; k < nat; k++) {
		memset(&r[*nr], 0, sizeof(r[*nr]));
		r[*nr].submit_offset = n * 4 + at[k];
		r[*nr].reloc_idx = f->idx;
		r[*nr].reloc_offset = f->off;
		(*nr)++;
	}
	return n + w;
}

/*
 * One job of one fill_op() into all of @bo (written), its fence in
 * *@fence, a sync file in *@out_fd if @out_fd.
 */
int fill_submit(int fd, const struct engine *e, uint32_t bo,
		const struct fill *f, uint32_t *fence, int *out_fd)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = bo,
	};
	struct drm_etnaviv_gem_submit_reloc r[2];
	uint32_t s[FILL_WORDS];
	unsigned int nr = 0;
	struct job j = {
		.s = s, .bos = &sbo, .nr_bos = 1, .relocs = r, .in_fd = -1,
	};

	j.words = fill_op(e, s, 0, f, r, &nr);
	j.nr_relocs = nr;
	return submit_stream(fd, e, &j, fence, out_fd);
}

int submit_job(int fd, const struct engine *e, uint32_t bo,
	       uint32_t bo_flags, uint32_t bo_offset, uint32_t *fence,
	       int *fence_fd)
{
	return submit_ex(fd, e, bo, bo_flags, bo_offset, 0, -1, fence,
			 fence_fd);
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
