// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz: two fuzzers of an etnaviv driver inside a simulated board,
 * reproducible by seed.
 *
 *  - ioctl: several processes, each with two files of the render node,
 *    call every ioctl with valid and invalid arguments in random order,
 *    fork children that submit and exit (or are killed) with jobs in
 *    flight, close and reopen files with jobs in flight, map and touch
 *    BOs. Their jobs are harmless streams, so any GPU fault or bus error
 *    is a finding.
 *  - cs: command streams from a grammar of the real commands and states
 *    (the tables hw/gen.py writes from hw/gc.db, tools/etna_states_gen.h):
 *    loads of random states and runs of states with values made field by
 *    field, address states relocated into one of three BOs (at offsets in
 *    and past them) or not relocated, 2D kicks (DRAW_2D with rectangles),
 *    resolve kicks, 3D draws (MMUv2 boards only: MMUv1 does not bound a
 *    draw's reach, Documentation/gpu/etnaviv.rst), STALL, forbidden
 *    commands and kernel-only states. A second process meanwhile submits
 *    jobs on every engine that read its two canary BOs: each must
 *    complete without an error, and the canaries must keep every word.
 *
 * Oracles, besides the boot's splat detector and kmemleak: no bus error
 * ever (the model counts accesses to memory that does not exist); on an
 * MMUv1 board with our driver no MMU fault either (its validator bounds
 * every accepted 2D and resolve job); every accepted job completes; the
 * innocent client loses no job; at the end every engine completes a plain
 * job (liveness).
 *
 * Iteration i of a cs run depends only on (seed, i): a finding prints the
 * command to replay that iteration alone. tests/uml/fuzz-seeds lists the
 * runs `--replay` repeats (make check).
 *
 * Usage: fuzz [--mode ioctl|cs|both] [--seed N] [--seconds S]
 *             [--iters N] [--first I] [--loop K] [--procs N]
 *             [--replay FILE] [--verbose]
 * --loop K repeats cs iterations first .. first + K - 1 until --iters or
 * --seconds run out; --verbose names the cs iterations that faulted.
 * Output: PASS:/FAIL: fuzz/<name> lines, "FINDING:" lines, a summary.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/sync_file.h>

#define CHECK_PREFIX "fuzz/"
#include "check.h"
#include "etna_states.h"

#define MAX_WORDS	1024
#define MAX_RELOCS	96
#define NR_BOS		3

static struct engine engines[ENGINES_MAX];
static unsigned int nr_engines;
static bool upstream, mmuv1;
static unsigned int nr_findings;
static bool verbose;

/* Counters shared by every process of a run (a MAP_SHARED page). */
struct shared {
	unsigned long iters, calls, ok;
	unsigned long ioctl_calls[32], ioctl_ok[32];
	unsigned long cmd_count[32], state_loads, relocs, accepted, refused;
	unsigned long innocent_jobs, innocent_lost, findings;
	uint64_t cur_iter;	/* the cs iteration running */
	unsigned long faulted;	/* accepted cs jobs that faulted */
	unsigned long canary_hits;	/* the innocent's BOs changed */
	volatile int stop;
};

static struct shared *sh;

/* ---- random numbers: splitmix64 ---------------------------------- */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
	return splitmix64(&rng_state);
}

static uint32_t rnd(uint32_t n)
{
	return n ? rnd64() % n : 0;
}

static bool chance(unsigned int pct)
{
	return rnd(100) < pct;
}

static void seed_rng(uint64_t seed, uint64_t i)
{
	rng_state = seed * 0x2545f4914f6cdd1dull + i;
	rnd64();
}

/* A value with the shapes hardware states like: small, powers of two,
 * strides, coordinates, all ones, anything. */
static uint32_t interesting(void)
{
	switch (rnd(10)) {
	case 0:
		return 0;
	case 1:
		return rnd(16);
	case 2:
		return 1u << rnd(32);
	case 3:
		return (1u << rnd(20)) - rnd(2);
	case 4:
		return rnd(512) | rnd(512) << 16;
	case 5:
		return 0xffffffffu >> rnd(32);
	case 6:
		return 64 * rnd(0x1000);
	default:
		return (uint32_t)rnd64();
	}
}

/* ---- the driver -------------------------------------------------- */

/* Every call counts: etna_ioctl_once() throughout (no retry on EINTR). */

static void __printf(1, 2) finding(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FINDING: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
	__atomic_add_fetch(&sh->findings, 1, __ATOMIC_RELAXED);
}

/* A plain job: one NOP pair. */
static int plain_job(int fd, const struct engine *e, uint32_t flags,
		     uint32_t *fence, int *out_fd)
{
	uint32_t stream[2] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
		.flags = flags,
	};
	int ret = etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	if (!ret) {
		*fence = req.fence;
		if (out_fd)
			*out_fd = req.fence_fd;
	}
	return ret;
}

/* Every engine completes a plain job within 10 s. */
static bool liveness(int fd)
{
	unsigned int i;
	uint32_t fence;
	int ret;

	for (i = 0; i < nr_engines; i++) {
		ret = plain_job(fd, &engines[i], 0, &fence, NULL);
		if (!ret)
			ret = etna_wait_fence(fd, engines[i].pipe, fence, 0,
					      10 * SEC_NS);
		if (ret)
			return fail("%s: plain job: %s", engines[i].name,
				    strerror(-ret));
	}
	return true;
}

/*
 * The innocent client: plain jobs on every engine in turn, each with a
 * sync file that must signal without an error, until told to stop.
 */
#define CANARY_WORDS	(0x10000 / 4)

static uint32_t canary_word(unsigned int b, unsigned int i)
{
	return 0xc0de0000u ^ (b << 20) ^ i;
}

/* The innocent client's job: reads its canary BO @b (a relocation). */
static int canary_job(int fd, const struct engine *e, uint32_t bo,
		      uint32_t *fence, int *out_fd)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = bo };
	struct drm_etnaviv_gem_submit_reloc reloc = { .submit_offset = 4 };
	uint32_t a = 0, stream[4] = { 0, 0, ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
		.bos = (uintptr_t)&sbo, .nr_bos = 1,
		.relocs = (uintptr_t)&reloc, .nr_relocs = 1,
		.flags = ETNA_SUBMIT_FENCE_FD_OUT,
	};
	int ret;

	/* an address state no engine reads: the job leaves the fuzzer's
	 * states as they were, so its iterations replay alike */
	etna_state_lookup("GL_FENCE_OUT_ADDRESS", &a);
	stream[0] = ETNA_CMD_LOAD_STATE(a, 1);
	ret = etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret) {
		*fence = req.fence;
		*out_fd = req.fence_fd;
	}
	return ret;
}

/*
 * The innocent client: jobs on every engine in turn, each reading one of
 * its two canary BOs (so they are mapped where the GPU can reach them)
 * and with a sync file that must signal without an error, until told to
 * stop. After each job, every word of the canaries must be as written: a
 * change is another client's job writing where it must not.
 */
static void innocent(void)
{
	int fd = etna_open(), sfd;
	unsigned int i = 0, b, w;
	uint32_t fence, cbo[2];
	uint32_t *cmap[2];

	for (b = 0; b < 2; b++) {
		uint64_t off;

		if (etna_gem_new(fd, 4 * CANARY_WORDS, ETNA_BO_WC, &cbo[b]) ||
		    etna_gem_info(fd, cbo[b], &off))
			_exit(1);
		cmap[b] = mmap(NULL, 4 * CANARY_WORDS, PROT_READ | PROT_WRITE,
			       MAP_SHARED, fd, off);
		if (cmap[b] == MAP_FAILED)
			_exit(1);
		for (w = 0; w < CANARY_WORDS; w++)
			cmap[b][w] = canary_word(b, w);
	}
	while (!sh->stop) {
		const struct engine *e = &engines[i % nr_engines];
		struct sync_file_info info = { 0 };
		struct pollfd p;

		if (canary_job(fd, e, cbo[i++ & 1], &fence, &sfd))
			continue;
		p = (struct pollfd){ .fd = sfd, .events = POLLIN };
		poll(&p, 1, 20000);
		if (ioctl(sfd, SYNC_IOC_FILE_INFO, &info) || info.status != 1) {
			__atomic_add_fetch(&sh->innocent_lost, 1,
					   __ATOMIC_RELAXED);
			finding("innocent job on %s: status %d (cs iteration "
				"%llu or the one before it running)", e->name,
				info.status,
				(unsigned long long)sh->cur_iter);
		}
		__atomic_add_fetch(&sh->innocent_jobs, 1, __ATOMIC_RELAXED);
		close(sfd);
		for (b = 0; b < 2 && !(i & 15); b++)	/* every 16 jobs */
			for (w = 0; w < CANARY_WORDS; w++) {
				if (cmap[b][w] == canary_word(b, w))
					continue;
				finding("innocent client's BO %u changed at "
					"0x%x: 0x%08x (cs iteration %llu or "
					"the one before it)", b, 4 * w,
					cmap[b][w],
					(unsigned long long)sh->cur_iter);
				__atomic_add_fetch(&sh->canary_hits, 1,
						   __ATOMIC_RELAXED);
				for (; w < CANARY_WORDS; w++)
					cmap[b][w] = canary_word(b, w);
			}
		usleep(2000);
	}
	_exit(0);
}

/* ---- cs: command streams from the grammar -------------------------- */

struct cs {
	uint32_t w[MAX_WORDS];
	unsigned int n;
	struct drm_etnaviv_gem_submit_reloc r[MAX_RELOCS];
	unsigned int nr;
	bool draw3d;
	bool room;
	bool hostile;	/* may have what is refused */
};

static const uint64_t bo_sizes[NR_BOS] = { 0x1000, 0x10000, 0x100000 };
static uint32_t bos[NR_BOS];

static void put(struct cs *s, uint32_t v)
{
	if (s->n < MAX_WORDS)
		s->w[s->n++] = v;
	else
		s->room = false;
}

/* A value for @st made field by field (its enums' named values). */
static uint32_t state_value(const struct etna_state *st)
{
	const struct etna_field *f;
	uint32_t v = 0;

	if (chance(15))
		return interesting();
	/* strides, coordinates and sizes in the ranges surfaces have */
	if (strstr(st->name, "STRIDE"))
		return 64 * (1 + rnd(64));
	if (strstr(st->name, "CLIP") || strstr(st->name, "SIZE") ||
	    strstr(st->name, "ORIGIN") || strstr(st->name, "OFFSET"))
		return rnd(512) | rnd(512) << 16;
	if (!st->fields)
		return interesting();
	for (f = st->fields; f->name; f++) {
		uint32_t x, m = f->width >= 32 ? 0xffffffffu :
						 (1u << f->width) - 1;

		if (f->values && f->values->count && chance(85))
			x = rnd(f->values->count);
		else if (chance(50))
			x = interesting();
		else
			x = rnd(4);
		v |= (x & m) << f->shift;
	}
	return v;
}

/* The value of an address state: mostly a relocation into a BO. */
static void addr_value(struct cs *s)
{
	unsigned int b = rnd(NR_BOS);
	uint32_t off;

	if ((s->hostile && chance(20)) || s->nr == MAX_RELOCS) {
		put(s, interesting());		/* not relocated: refused */
		return;
	}
	switch (rnd(s->hostile ? 6 : 12)) {
	case 0:
		off = bo_sizes[b] + 64 * rnd(4);	/* past the end */
		break;
	case 1:
		off = bo_sizes[b] - 64 * (1 + rnd(4));
		break;
	default:
		off = 64 * rnd(bo_sizes[b] / 64);
		break;
	}
	s->r[s->nr++] = (struct drm_etnaviv_gem_submit_reloc){
		.submit_offset = 4 * s->n, .reloc_idx = b,
		.reloc_offset = off,
	};
	sh->relocs++;
	put(s, 0);
}

/* LOAD_STATE of @count consecutive words from byte address @addr. */
static void load_states(struct cs *s, uint32_t addr, unsigned int count)
{
	unsigned int i;

	put(s, ETNA_CMD_LOAD_STATE(addr, count));
	for (i = 0; i < count; i++) {
		unsigned int a, b;
		const struct etna_state *st = etna_state_find(addr + 4 * i,
							      &a, &b);

		if (st && st->type == ETNA_T_ADDR)
			addr_value(s);
		else if (st)
			put(s, state_value(st));
		else
			put(s, interesting());
	}
	if (!(count & 1))
		put(s, 0);
	sh->state_loads++;
	sh->cmd_count[ETNA_OP_LOAD_STATE]++;
}

static const char *const prefixes_2d[] = { "DE_", "GL_", "FE_" };
static const char *const prefixes_3d[] = {
	"PE_", "RS_", "TS_", "PA_", "SE_", "RA_", "VS_", "PS_", "TE_",
	"FE_", "GL_", "NTE_", "NFE_",
};

static bool has_prefix(const char *name, const char *const *p,
		       unsigned int n)
{
	while (n--)
		if (!strncmp(name, p[n], strlen(p[n])))
			return true;
	return false;
}

/* A random state of the engine (mostly), and an index into it. */
static uint32_t pick_state(const struct engine *e)
{
	unsigned int i, tries;
	const struct etna_state *st = NULL;
	bool is2d = e->exec_state == ETNA_PIPE_2D;

	for (tries = 0; tries < 64; tries++) {
		st = etna_state_at_index(rnd(etna_nr_states()));
		if (st->addr < ST_FIRST)	/* the registers: refused */
			continue;
		if (chance(10) ||
		    (is2d ? has_prefix(st->name, prefixes_2d, 3) :
			    has_prefix(st->name, prefixes_3d,
				       ETNA_ARRAY_SIZE(prefixes_3d))))
			break;
	}
	i = st->count > 1 ? rnd(st->count) : 0;
	return st->addr + i * (st->stride ?: 4);
}

/* Every state of a group (a prefix such as "DE_DEST_"), one load each. */
static void load_group(struct cs *s, const char *prefix)
{
	unsigned int i;

	for (i = 0; i < etna_nr_states(); i++) {
		const struct etna_state *st = etna_state_at_index(i);

		if (!strncmp(st->name, prefix, strlen(prefix)) &&
		    st->addr >= ST_FIRST && chance(85))
			load_states(s, st->addr, 1);
	}
}

/* A command from the opcode table, operands random within their widths. */
static void command(struct cs *s, const char *name)
{
	const struct etna_opcode *op = etna_opcode_by_name(name);
	uint32_t w[8] = { 0 };
	unsigned int i;

	if (!op)
		return;
	w[0] = (uint32_t)op->op << ETNA_OP_SHIFT;
	for (i = 0; i < op->nr_operands; i++) {
		const struct etna_operand *o = &op->operands[i];
		uint32_t max = etna_operand_max(o), v;

		if (o->values && o->values->count && chance(90))
			v = rnd(o->values->count);
		else if (chance(70))
			v = rnd(max < 64 ? max + 1 : 64);
		else
			v = interesting() % (max ? max : 1);
		etna_operand_put(o, w, v);
	}
	for (i = 0; i < etna_cmd_words(w[0]) && i < 8; i++)
		put(s, w[i]);
	sh->cmd_count[op->op & 31]++;
}

/* DRAW_2D with 1..4 rectangles, small coordinates mostly. */
static void draw_2d(struct cs *s)
{
	unsigned int i, n = 1 + rnd(4);

	put(s, (uint32_t)ETNA_OP_DRAW_2D << ETNA_OP_SHIFT |
	       n << ETNA_D2D_COUNT_SHIFT);
	put(s, 0);
	for (i = 0; i < n; i++) {
		uint32_t x = rnd(256), y = rnd(256);

		if (chance(10)) {
			put(s, interesting());
			put(s, interesting());
			continue;
		}
		put(s, x | y << 16);
		put(s, (x + rnd(64)) | (y + rnd(64)) << 16);
	}
	sh->cmd_count[ETNA_OP_DRAW_2D]++;
}

static void build(struct cs *s, const struct engine *e, bool allow3d)
{
	static const char *const groups_2d[] = {
		"DE_DEST_", "DE_SRC_", "DE_CLIP", "DE_PATTERN", "DE_ROP",
		"DE_STRETCH", "DE_CONFIG", "DE_ALPHA",
	};
	static const char *const groups_3d[] = {
		"RS_", "TS_", "PE_COLOR", "PE_DEPTH", "FE_VERTEX",
		"FE_INDEX", "PA_", "SE_", "TE_SAMPLER",
	};
	static const char *const forbidden[] = {
		"END", "WAIT", "LINK", "CALL", "RETURN", "CHIP_SELECT",
		"WAIT_FENCE", "DRAW_INDIRECT", "SNAP_PAGES",
	};
	bool is2d = e->exec_state == ETNA_PIPE_2D;
	unsigned int items = 1 + rnd(14), i;
	uint32_t a;

	memset(s, 0, sizeof(*s));
	s->room = true;
	s->hostile = chance(30);
	for (i = 0; i < items; i++) {
		unsigned int k = rnd(s->hostile ? 100 : 88);

		if (k < 40) {
			a = pick_state(e);
			load_states(s, a, 1 + (chance(30) ? rnd(4) : 0));
		} else if (k < 58) {
			load_group(s, is2d ?
				   groups_2d[rnd(ETNA_ARRAY_SIZE(groups_2d))] :
				   groups_3d[rnd(ETNA_ARRAY_SIZE(groups_3d))]);
		} else if (k < 78) {
			if (is2d) {
				draw_2d(s);
			} else if (chance(60) || !allow3d) {
				etna_state_lookup(chance(80) ? "RS_KICKER" :
						  "RS_KICKER_INPLACE", &a);
				load_states(s, a, 1);
			} else {
				static const char *const draws[] = {
					"DRAW_PRIMITIVES",
					"DRAW_INDEXED_PRIMITIVES",
					"DRAW_INSTANCED",
				};

				command(s, draws[rnd(3)]);
				s->draw3d = true;
			}
		} else if (k < 88) {
			command(s, chance(50) ? "NOP" : "STALL");
		} else if (k < 92) {
			command(s, forbidden[rnd(ETNA_ARRAY_SIZE(forbidden))]);
		} else if (k < 95) {
			etna_state_lookup(chance(50) ? "GL_EVENT" :
					  "GL_PIPE_SELECT", &a);
			load_states(s, a, 1);
		} else {
			put(s, (uint32_t)rnd64());	/* any word */
			put(s, (uint32_t)rnd64());
		}
	}
	if (s->n & 1)
		put(s, 0);
}

static void dump(const struct cs *s)
{
	unsigned int i;

	printf("FINDING: stream (%u words):", s->n);
	for (i = 0; i < s->n; i++)
		printf(" %08x", s->w[i]);
	printf("\nFINDING: relocs:");
	for (i = 0; i < s->nr; i++)
		printf(" @%u->bo%u+0x%llx", s->r[i].submit_offset,
		       s->r[i].reloc_idx,
		       (unsigned long long)s->r[i].reloc_offset);
	printf("\n");
}

/* One cs iteration; false on a finding. */
static bool cs_iter(int fd, uint64_t seed, uint64_t it)
{
	struct drm_etnaviv_gem_submit_bo sbo[NR_BOS];
	unsigned long long faults, buserr;
	const struct engine *e;
	struct drm_etnaviv_gem_submit req;
	static struct cs s;
	unsigned int i;
	int ret;

	seed_rng(seed, it);
	sh->cur_iter = it;
	e = &engines[rnd(nr_engines)];
	build(&s, e, !mmuv1);
	if (!s.room)
		return true;
	for (i = 0; i < NR_BOS; i++)
		sbo[i] = (struct drm_etnaviv_gem_submit_bo){
			.flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE,
			.handle = bos[i] };
	req = (struct drm_etnaviv_gem_submit){
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)s.w, .stream_size = 4 * s.n,
		.bos = (uintptr_t)sbo, .nr_bos = NR_BOS,
		.relocs = (uintptr_t)s.r, .nr_relocs = s.nr,
	};
	faults = MODEL_SUM(mmu_faults);
	buserr = MODEL_SUM(bus_errors);
	ret = etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	sh->iters++;
	if (ret) {
		sh->refused++;
		if (ret != -EINVAL && ret != -EBUSY && ret != -ENOMEM) {
			finding("cs seed=0x%llx iter=%llu on %s: SUBMIT %s",
				(unsigned long long)seed,
				(unsigned long long)it, e->name, err_name(ret));
			dump(&s);
			return false;
		}
		return true;
	}
	sh->accepted++;
	ret = etna_wait_fence(fd, e->pipe, req.fence, 0, 20 * SEC_NS);
	if (ret) {
		finding("cs seed=0x%llx iter=%llu on %s: accepted job did not "
			"complete: %s", (unsigned long long)seed,
			(unsigned long long)it, e->name, err_name(ret));
		dump(&s);
		return false;
	}
	if (MODEL_SUM(mmu_faults) != faults) {
		sh->faulted++;
		if (verbose)
			printf("INFO: fuzz: cs iteration %llu on %s: %llu MMU "
			       "faults\n", (unsigned long long)it, e->name,
			       MODEL_SUM(mmu_faults) - faults);
		if (verbose)
			dump(&s);
	}
	if (MODEL_SUM(bus_errors) != buserr ||
	    (mmuv1 && !upstream && MODEL_SUM(mmu_faults) != faults)) {
		finding("cs seed=0x%llx iter=%llu on %s: accepted job made "
			"%llu bus errors, %llu MMU faults (replay: fuzz --mode "
			"cs --seed 0x%llx --first %llu --iters 1)",
			(unsigned long long)seed, (unsigned long long)it,
			e->name, MODEL_SUM(bus_errors) - buserr,
			MODEL_SUM(mmu_faults) - faults,
			(unsigned long long)seed, (unsigned long long)it);
		dump(&s);
		return false;
	}
	return true;
}

static void run_cs(int fd, uint64_t seed, uint64_t first, uint64_t iters,
		   uint64_t loop, uint64_t deadline)
{
	uint64_t it;
	pid_t inno;
	int st;

	for (it = 0; it < NR_BOS; it++)
		if (etna_gem_new(fd, bo_sizes[it], ETNA_BO_WC, &bos[it])) {
			finding("GEM_NEW failed");
			return;
		}
	sh->stop = 0;
	fflush(stdout);
	inno = fork();
	if (inno == 0)
		innocent();
	for (it = first; it < first + iters; it++) {
		if (deadline && etna_now_ns() > deadline)
			break;
		cs_iter(fd, seed, first + (it - first) % loop);
	}
	sh->stop = 1;
	if (inno > 0)
		waitpid(inno, &st, 0);
	for (it = 0; it < NR_BOS; it++)
		etna_gem_close(fd, bos[it]);
}

/* ---- ioctl: sequences across files and processes ------------------- */

#define MAX_H	32

struct client {
	int fd[2];
	uint32_t h[2][MAX_H];
	unsigned int nh[2];
	uint32_t last_fence[2 * ETNA_MAX_PIPES];
	int sync_fd;
	void *mem;
};

enum {
	IO_PARAM, IO_NEW, IO_INFO, IO_PREP, IO_FINI, IO_SUBMIT, IO_WAIT_FENCE,
	IO_USERPTR, IO_GEM_WAIT, IO_PM_DOM, IO_PM_SIG, IO_EXPORT, IO_IMPORT,
	IO_CLOSE, IO_REOPEN, IO_FORK_EXIT, IO_FORK_KILL, IO_MMAP, IO_BAD_NR,
	IO_NR
};

static const char *const io_names[IO_NR] = {
	"GET_PARAM", "GEM_NEW", "GEM_INFO", "GEM_CPU_PREP", "GEM_CPU_FINI",
	"GEM_SUBMIT", "WAIT_FENCE", "GEM_USERPTR", "GEM_WAIT",
	"PM_QUERY_DOM", "PM_QUERY_SIG", "PRIME_HANDLE_TO_FD",
	"PRIME_FD_TO_HANDLE", "GEM_CLOSE", "close+reopen", "fork+exit",
	"fork+kill", "mmap+touch", "unknown ioctl",
};

static uint32_t any_handle(struct client *c, unsigned int f)
{
	if (!c->nh[f] || chance(10))
		return chance(50) ? rnd(64) : (uint32_t)rnd64();
	return c->h[f][rnd(c->nh[f])];
}

static void add_handle(struct client *c, unsigned int f, uint32_t h)
{
	if (c->nh[f] < MAX_H)
		c->h[f][c->nh[f]++] = h;
	else
		etna_gem_close(c->fd[f], h);
}

static void drop_handle(struct client *c, unsigned int f, uint32_t h)
{
	unsigned int i;

	for (i = 0; i < c->nh[f]; i++)
		if (c->h[f][i] == h) {
			c->h[f][i] = c->h[f][--c->nh[f]];
			return;
		}
}

static uint32_t any_pipe(void)
{
	return chance(90) && nr_engines ? engines[rnd(nr_engines)].pipe :
					  rnd(8);
}

static struct drm_etnaviv_timespec short_timeout(void)
{
	return chance(10) ? (struct drm_etnaviv_timespec){
		.tv_sec = (int64_t)rnd64(), .tv_nsec = (int64_t)rnd64() } :
		etna_timeout(rnd(20) * MS_NS);
}

/* A harmless job: a BO relocated into an address state of the engine. */
static int io_submit(struct client *c, unsigned int f, unsigned int ei)
{
	const struct engine *e = &engines[ei];
	uint32_t a = 0, stream[4];
	struct drm_etnaviv_gem_submit_bo sbo[2];
	struct drm_etnaviv_gem_submit_reloc reloc = { .submit_offset = 4 };
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
	};
	unsigned int nb = c->nh[f] ? 1 + rnd(2) : 0, i;
	int ret;

	etna_state_lookup(e->exec_state == ETNA_PIPE_2D ? "DE_DEST_ADDRESS" :
			  "FE_INDEX_STREAM_BASE_ADDR", &a);
	stream[0] = nb ? ETNA_CMD_LOAD_STATE(a, 1) : ETNA_CMD_NOP;
	stream[1] = 0;
	stream[2] = ETNA_CMD_NOP;
	stream[3] = 0;
	for (i = 0; i < nb; i++)
		sbo[i] = (struct drm_etnaviv_gem_submit_bo){
			.flags = 1 + rnd(3), .handle = any_handle(c, f) };
	if (nb == 2 && sbo[0].handle == sbo[1].handle)
		nb = 1;
	req.bos = (uintptr_t)sbo;
	req.nr_bos = nb;
	if (nb) {
		req.relocs = (uintptr_t)&reloc;
		req.nr_relocs = 1;
	}
	if (chance(30))
		req.flags |= ETNA_SUBMIT_FENCE_FD_OUT;
	if (chance(20) && c->sync_fd >= 0) {
		req.flags |= ETNA_SUBMIT_FENCE_FD_IN;
		req.fence_fd = c->sync_fd;
	}
	if (chance(10))
		req.flags |= ETNA_SUBMIT_NO_IMPLICIT;
	if (chance(5))		/* an invalid field */
		switch (rnd(4)) {
		case 0:
			req.flags |= 1u << rnd(32);
			break;
		case 1:
			req.stream_size = rnd(64);
			break;
		case 2:
			req.exec_state = rnd(4);
			break;
		default:
			reloc.reloc_offset = (uint32_t)rnd64();
			break;
		}
	ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret) {
		c->last_fence[ei] = req.fence;
		if (req.flags & ETNA_SUBMIT_FENCE_FD_OUT) {
			if (c->sync_fd >= 0)
				close(c->sync_fd);
			c->sync_fd = req.fence_fd;
		}
	}
	return ret;
}

static void client_open(struct client *c, unsigned int f)
{
	c->fd[f] = etna_open();
	c->nh[f] = 0;
}

static int io_op(struct client *c, unsigned int op)
{
	unsigned int f = rnd(2), ei = nr_engines ? rnd(nr_engines) : 0;
	int ret = 0, st;
	pid_t pid;

	switch (op) {
	case IO_PARAM: {
		struct drm_etnaviv_param p = {
			.pipe = any_pipe(),
			.param = chance(90) ? rnd(0x20) : (uint32_t)rnd64() };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GET_PARAM, &p);
	}
	case IO_NEW: {
		static const uint32_t flags[] = {
			ETNA_BO_CACHED, ETNA_BO_WC, ETNA_BO_UNCACHED,
			ETNA_BO_WC | ETNA_BO_FORCE_MMU,
		};
		struct drm_etnaviv_gem_new r = {
			.size = chance(90) ? 4096 * (1 + rnd(64)) : rnd64(),
			.flags = chance(95) ? flags[rnd(4)] : (uint32_t)rnd64(),
		};
		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_NEW, &r);
		if (!ret)
			add_handle(c, f, r.handle);
		return ret;
	}
	case IO_INFO: {
		struct drm_etnaviv_gem_info r = { .handle = any_handle(c, f),
						  .pad = chance(5) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_INFO, &r);
	}
	case IO_PREP: {
		struct drm_etnaviv_gem_cpu_prep r = {
			.handle = any_handle(c, f),
			.op = chance(90) ? 1 + rnd(7) : (uint32_t)rnd64(),
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &r);
	}
	case IO_FINI: {
		struct drm_etnaviv_gem_cpu_fini r = {
			.handle = any_handle(c, f), .flags = chance(5) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &r);
	}
	case IO_SUBMIT:
		return nr_engines ? io_submit(c, f, ei) : 0;
	case IO_WAIT_FENCE: {
		struct drm_etnaviv_wait_fence r = {
			.pipe = nr_engines ? engines[ei].pipe : 0,
			.fence = c->last_fence[ei] + rnd(3) - 1,
			.flags = chance(30) ? ETNA_WAIT_NONBLOCK : rnd(2) * 2,
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_WAIT_FENCE, &r);
	}
	case IO_USERPTR: {
		struct drm_etnaviv_gem_userptr r = {
			.user_ptr = (uintptr_t)c->mem + 4096 * rnd(16),
			.user_size = 4096 * (1 + rnd(16)),
			.flags = 1 + rnd(3),
		};
		if (chance(10))
			r.user_ptr = rnd64();
		if (chance(10))
			r.user_size = rnd64();
		ret = etna_ioctl_once(c->fd[f],
				      DRM_IOCTL_ETNAVIV_GEM_USERPTR, &r);
		if (!ret)
			add_handle(c, f, r.handle);
		return ret;
	}
	case IO_GEM_WAIT: {
		struct drm_etnaviv_gem_wait r = {
			.pipe = any_pipe(), .handle = any_handle(c, f),
			.flags = chance(30) ? ETNA_WAIT_NONBLOCK : 0,
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_WAIT, &r);
	}
	case IO_PM_DOM: {
		struct drm_etnaviv_pm_domain r = {
			.pipe = any_pipe(), .iter = rnd(8) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &r);
	}
	case IO_PM_SIG: {
		struct drm_etnaviv_pm_signal r = {
			.pipe = any_pipe(), .domain = rnd(4), .iter = rnd(64) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &r);
	}
	case IO_EXPORT:
	case IO_IMPORT: {
		struct drm_prime_handle r = {
			.handle = any_handle(c, f), .flags = DRM_CLOEXEC };
		struct drm_prime_handle i = { 0 };

		ret = etna_ioctl_once(c->fd[f],
				      DRM_IOCTL_PRIME_HANDLE_TO_FD, &r);
		if (ret || op == IO_EXPORT) {
			if (!ret)
				close(r.fd);
			return ret;
		}
		i.fd = r.fd;
		ret = etna_ioctl_once(c->fd[!f],
				      DRM_IOCTL_PRIME_FD_TO_HANDLE, &i);
		close(r.fd);
		if (!ret)
			add_handle(c, !f, i.handle);
		return ret;
	}
	case IO_CLOSE: {
		struct drm_gem_close r = { .handle = any_handle(c, f) };

		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_GEM_CLOSE, &r);
		if (!ret)
			drop_handle(c, f, r.handle);
		return ret;
	}
	case IO_REOPEN:		/* with jobs in flight, maybe */
		if (nr_engines && c->nh[f])
			io_submit(c, f, ei);
		close(c->fd[f]);
		client_open(c, f);
		return 0;
	case IO_FORK_EXIT:
	case IO_FORK_KILL:
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			struct client k = { .sync_fd = -1, .mem = c->mem };
			unsigned int i;

			client_open(&k, 0);
			client_open(&k, 1);
			for (i = 0; i < 6; i++)
				io_op(&k, chance(50) ? IO_NEW : IO_SUBMIT);
			/* the inherited files too: a job on each */
			io_submit(c, 0, ei);
			io_submit(c, 1, ei);
			if (op == IO_FORK_KILL)
				for (;;)
					io_op(&k, IO_SUBMIT);
			_exit(0);
		}
		if (pid < 0)
			return -errno;
		if (op == IO_FORK_KILL) {
			usleep(rnd(20000));
			kill(pid, SIGKILL);
		}
		waitpid(pid, &st, 0);
		if (WIFSIGNALED(st) && WTERMSIG(st) != SIGKILL)
			finding("ioctl: a child died of signal %d",
				WTERMSIG(st));
		return 0;
	case IO_MMAP: {
		struct drm_etnaviv_gem_info r = { .handle = any_handle(c, f) };
		volatile uint32_t *p;

		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_INFO, &r);
		if (ret)
			return ret;
		p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
			 c->fd[f], r.offset);
		if (p == MAP_FAILED)
			return -errno;
		p[rnd(1024)] = (uint32_t)rnd64();
		munmap((void *)p, 4096);
		return 0;
	}
	default: {	/* an ioctl number past the driver's */
		uint32_t arg[32] = { 0 };

		return etna_ioctl_once(c->fd[f],
				       DRM_IOWR(DRM_COMMAND_BASE + 0x20 +
						rnd(0x20), uint32_t[4]),
				       arg);
	}
	}
}

/* One process of the ioctl fuzzer: @iters operations or until @deadline. */
static void ioctl_proc(uint64_t seed, unsigned int proc, uint64_t iters,
		       uint64_t deadline)
{
	struct client c = { .sync_fd = -1 };
	uint64_t i;
	unsigned int f;

	seed_rng(seed, 0x10000 + proc);
	client_open(&c, 0);
	client_open(&c, 1);
	c.mem = mmap(NULL, 32 * 4096, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < iters; i++) {
		unsigned int op;
		int ret;

		if (deadline && etna_now_ns() > deadline)
			break;
		/* SUBMIT and GEM_NEW more often than the rest */
		op = chance(30) ? (chance(60) ? IO_SUBMIT : IO_NEW) :
				  rnd(IO_NR);
		if ((op == IO_FORK_EXIT || op == IO_FORK_KILL) && chance(70))
			op = IO_SUBMIT;
		ret = io_op(&c, op);
		__atomic_add_fetch(&sh->ioctl_calls[op], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&sh->iters, 1, __ATOMIC_RELAXED);
		if (!ret)
			__atomic_add_fetch(&sh->ioctl_ok[op], 1,
					   __ATOMIC_RELAXED);
	}
	/* exit with whatever is in flight, half the time */
	if (chance(50))
		for (f = 0; f < 2; f++)
			close(c.fd[f]);
	_exit(0);
}

static void run_ioctl(uint64_t seed, unsigned int procs, uint64_t iters,
		      uint64_t deadline)
{
	unsigned long long faults = MODEL_SUM(mmu_faults);
	unsigned long long buserr = MODEL_SUM(bus_errors);
	unsigned int p;
	pid_t pid;
	int st;

	for (p = 0; p < procs; p++) {
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			ioctl_proc(seed, p, iters, deadline);
	}
	while ((pid = wait(&st)) > 0)
		if (WIFSIGNALED(st))
			finding("ioctl seed=0x%llx: a process died of signal "
				"%d", (unsigned long long)seed, WTERMSIG(st));
	if (MODEL_SUM(mmu_faults) != faults || MODEL_SUM(bus_errors) != buserr)
		finding("ioctl seed=0x%llx: harmless jobs made %llu MMU faults "
			"and %llu bus errors", (unsigned long long)seed,
			MODEL_SUM(mmu_faults) - faults,
			MODEL_SUM(bus_errors) - buserr);
}

/* ---- main --------------------------------------------------------- */

static void summary(const char *what)
{
	unsigned int i, cov = 0, cmds = 0;
	char buf[1024];
	size_t len = 0;

	for (i = 0; i < IO_NR; i++) {
		cov += sh->ioctl_calls[i] > 0;
		if (sh->ioctl_calls[i])
			etna_append(buf, sizeof(buf), &len, " %s=%lu/%lu",
				    io_names[i], sh->ioctl_ok[i],
				    sh->ioctl_calls[i]);
	}
	if (cov)
		printf("INFO: fuzz/%s: ioctls covered %u/%u (ok/calls):%s\n",
		       what, cov, IO_NR, buf);
	len = 0;
	buf[0] = '\0';
	for (i = 0; i < 32; i++)
		if (sh->cmd_count[i]) {
			const struct etna_opcode *op = etna_opcode_by_op(i);

			cmds++;
			etna_append(buf, sizeof(buf), &len, " %s=%lu",
				    op ? op->name : "?", sh->cmd_count[i]);
		}
	if (cmds)
		printf("INFO: fuzz/%s: commands covered %u:%s; %lu state "
		       "loads, %lu relocations; jobs accepted %lu, refused "
		       "%lu (%lu of them faulted); innocent jobs %lu, lost "
		       "%lu\n", what, cmds, buf, sh->state_loads, sh->relocs,
		       sh->accepted, sh->refused, sh->faulted,
		       sh->innocent_jobs, sh->innocent_lost);
	printf("INFO: fuzz/%s: %lu iterations, %lu findings\n", what,
	       sh->iters, sh->findings);
}

/* One bounded run; reports PASS/FAIL under @name. */
static void run(int fd, const char *name, const char *mode, uint64_t seed,
		uint64_t first, uint64_t iters, uint64_t loop,
		unsigned int seconds, unsigned int procs)
{
	uint64_t deadline = seconds ? etna_now_ns() + seconds * SEC_NS : 0;
	bool ok;

	memset(sh, 0, sizeof(*sh));
	if (!strcmp(mode, "both") && seconds)	/* half the time each */
		run_ioctl(seed, procs, iters,
			  etna_now_ns() + seconds * SEC_NS / 2);
	else if (!strcmp(mode, "ioctl") || !strcmp(mode, "both"))
		run_ioctl(seed, procs, iters, deadline);
	if (!strcmp(mode, "cs") || !strcmp(mode, "both"))
		run_cs(fd, seed, first, iters, loop ?: iters, deadline);
	summary(name);
	ok = liveness(fd);
	ok = (sh->findings == 0 || fail("%lu findings", sh->findings)) && ok;
	nr_findings += sh->findings;
	report(ok, "%s", name);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mode", 1, NULL, 'm' }, { "seed", 1, NULL, 's' },
		{ "seconds", 1, NULL, 't' }, { "iters", 1, NULL, 'n' },
		{ "first", 1, NULL, 'f' }, { "procs", 1, NULL, 'p' },
		{ "replay", 1, NULL, 'r' }, { "loop", 1, NULL, 'l' },
		{ "verbose", 0, NULL, 'v' }, { NULL, 0, NULL, 0 },
	};
	const char *mode = "both", *replay = NULL;
	uint64_t seed = 1, iters = ~0ull, first = 0, loop = 0;
	unsigned int seconds = 0, procs = 3;
	char name[96];
	int fd, c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			mode = optarg;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			seconds = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			iters = strtoull(optarg, NULL, 0);
			break;
		case 'f':
			first = strtoull(optarg, NULL, 0);
			break;
		case 'p':
			procs = strtoul(optarg, NULL, 0);
			break;
		case 'r':
			replay = optarg;
			break;
		case 'l':
			loop = strtoull(optarg, NULL, 0);
			break;
		case 'v':
			verbose = true;
			break;
		default:
			fprintf(stderr, "usage: see tests/uml/fuzz.c\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 2;
	fd = etna_open();
	upstream = is_upstream();
	nr_engines = engines_find(fd, engines);
	mmuv1 = nr_engines && engines[0].mmuv1;
	report(nr_engines > 0 || fail("no engine"), "setup-engines");
	printf("INFO: fuzz: %s driver, %s, %u engines\n",
	       upstream ? "upstream" : "our", mmuv1 ? "MMUv1" : "MMUv2",
	       nr_engines);
	if (replay) {
		char line[256], m[16];
		unsigned long long s, n, l;
		FILE *f = fopen(replay, "r");

		if (!f) {
			perror(replay);
			return 2;
		}
		while (fgets(line, sizeof(line), f)) {
			l = 0;
			if (line[0] == '#' ||
			    sscanf(line, "%15s %lli %lli %lli", m, &s, &n,
				   &l) < 3)
				continue;
			snprintf(name, sizeof(name), "seed-%s-0x%llx-%llu%s", m,
				 s, n, l ? "-loop" : "");
			run(fd, name, m, s, 0, n, l, 0, procs);
		}
		fclose(f);
	} else {
		snprintf(name, sizeof(name), "%s-seed-0x%llx", mode,
			 (unsigned long long)seed);
		run(fd, name, mode, seed, first, iters, loop, seconds, procs);
	}
	printf("%u passed, %u failed, %u findings\n", nr_passed, nr_failed,
	       nr_findings);
	return nr_failed ? 1 : 0;
}
