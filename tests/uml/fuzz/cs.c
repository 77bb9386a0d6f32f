// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz, cs: command streams from a grammar of the real commands and
 * states (main.c). 3D draws are made on every board: on MMUv1 our
 * driver's validator bounds each draw's reach, and upstream's does not,
 * which the escape count of the boot reports.
 */
#include "fuzz.h"

#include <sys/wait.h>

#include "etna_states.h"

#define MAX_WORDS	1024
#define MAX_RELOCS	96
#define NR_BOS		3

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

static void build(struct cs *s, const struct engine *e)
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
			} else if (chance(60)) {
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

/* One cs iteration; false on a finding. */
static int cs_fd;

static bool cs_iter(uint64_t seed, uint64_t it)
{
	struct drm_etnaviv_gem_submit_bo sbo[NR_BOS];
	unsigned long long faults;
	struct oracle before, after;
	const struct engine *e;
	int fd = cs_fd;
	struct drm_etnaviv_gem_submit req;
	static struct cs s;
	unsigned int i;
	int ret;

	prof(PROF_BUILD);	/* the time since the last: the loop's */
	seed_rng(seed, it);
	sh->cur_iter = it;
	e = &engines[rnd(nr_engines)];
	build(&s, e);
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
	prof(PROF_BUILD);
	oracle_last(&before);
	prof(PROF_ORACLE);
	ret = etna_ioctl_once(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	prof(PROF_SUBMIT);
	sh->iters++;
	if (ret) {
		sh->refused++;
		if (ret != -EINVAL && ret != -EBUSY && ret != -ENOMEM) {
			finding("cs seed=0x%llx iter=%llu on %s: SUBMIT %s",
				(unsigned long long)seed,
				(unsigned long long)it, e->name, err_name(ret));
			dump_stream(s.w, s.n, s.r, s.nr);
			return false;
		}
		return true;
	}
	sh->accepted++;
	if (!accepted_job_held(fd, e->pipe, req.fence, &before, "cs", seed,
			       it)) {
		dump_stream(s.w, s.n, s.r, s.nr);
		return false;
	}
	oracle_last(&after);	/* read by accepted_job_held() */
	faults = after.faults - before.faults;
	if (faults) {
		sh->faulted++;
		if (verbose) {
			printf("INFO: fuzz: cs iteration %llu on %s: %llu MMU "
			       "faults\n", (unsigned long long)it, e->name,
			       faults);
			dump_stream(s.w, s.n, s.r, s.nr);
		}
	}
	return true;
}

void run_cs(int fd, uint64_t seed, uint64_t first, uint64_t iters,
	    uint64_t loop, uint64_t deadline)
{
	uint64_t it;

	for (it = 0; it < NR_BOS; it++)
		if (etna_gem_new(fd, bo_sizes[it], ETNA_BO_WC, &bos[it])) {
			finding("GEM_NEW failed");
			return;
		}
	cs_fd = fd;
	run_iterations(seed, first, iters, loop, deadline, cs_iter);
	for (it = 0; it < NR_BOS; it++)
		etna_gem_close(fd, bos[it]);
}
