// SPDX-License-Identifier: GPL-2.0-only
/*
 * perfmon: the performance counters, run inside a board with either
 * driver (make check runs it on every board with both).
 *
 * - The lists: every core's domains and signals (names, ids, order, and
 *   the "next" iterators) are those of Linux 6.1's etnaviv_perfmon.c, the
 *   table below; both drivers must give exactly it (upstream 6.1 has one
 *   known lookup bug on cores with both engines, recorded, see below).
 * - Samples land: a job with perfmon requests gets its pre and post
 *   values and, in word 0, the requests' sequence (with our driver as
 *   soon as the job's fence has signalled; Linux 6.1 writes them after).
 * - Counted values follow the work done: N 2D clears of W x H pixels
 *   add exactly N * W * H to PE's PIXELS_RENDERED_2D; a job of K NOPs
 *   makes the FE read at least K 64-bit words (MC's
 *   TOTAL_READ_REQ_8B_FROM_IP, HI's TOTAL_READ_BYTES8); idle cycles grow
 *   with the total while the core idles, and a long job is busy.
 */
#define CHECK_PREFIX "perfmon/"
#include <glob.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "etnaviv_2d.h"	/* the 2D engine's states (libetnaviv, MIT) */

/* ---- the lists of Linux 6.1 (etnaviv_perfmon.c) -------------------- */

static const char *const hi_sigs[] = {
	"TOTAL_READ_BYTES8", "TOTAL_WRITE_BYTES8", "TOTAL_CYCLES",
	"IDLE_CYCLES", "AXI_CYCLES_READ_REQUEST_STALLED",
	"AXI_CYCLES_WRITE_REQUEST_STALLED", "AXI_CYCLES_WRITE_DATA_STALLED",
};
static const char *const pe_sigs[] = {
	"PIXEL_COUNT_KILLED_BY_COLOR_PIPE", "PIXEL_COUNT_KILLED_BY_DEPTH_PIPE",
	"PIXEL_COUNT_DRAWN_BY_COLOR_PIPE", "PIXEL_COUNT_DRAWN_BY_DEPTH_PIPE",
};
static const char *const sh_sigs[] = {
	"SHADER_CYCLES", "PS_INST_COUNTER", "RENDERED_PIXEL_COUNTER",
	"VS_INST_COUNTER", "RENDERED_VERTICE_COUNTER",
	"VTX_BRANCH_INST_COUNTER", "VTX_TEXLD_INST_COUNTER",
	"PXL_BRANCH_INST_COUNTER", "PXL_TEXLD_INST_COUNTER",
};
static const char *const pa_sigs[] = {
	"INPUT_VTX_COUNTER", "INPUT_PRIM_COUNTER", "OUTPUT_PRIM_COUNTER",
	"DEPTH_CLIPPED_COUNTER", "TRIVIAL_REJECTED_COUNTER", "CULLED_COUNTER",
};
static const char *const se_sigs[] = {
	"CULLED_TRIANGLE_COUNT", "CULLED_LINES_COUNT",
};
static const char *const ra_sigs[] = {
	"VALID_PIXEL_COUNT", "TOTAL_QUAD_COUNT",
	"VALID_QUAD_COUNT_AFTER_EARLY_Z", "TOTAL_PRIMITIVE_COUNT",
	"PIPE_CACHE_MISS_COUNTER", "PREFETCH_CACHE_MISS_COUNTER",
	"CULLED_QUAD_COUNT",
};
static const char *const tx_sigs[] = {
	"TOTAL_BILINEAR_REQUESTS", "TOTAL_TRILINEAR_REQUESTS",
	"TOTAL_DISCARDED_TEXTURE_REQUESTS", "TOTAL_TEXTURE_REQUESTS",
	"MEM_READ_COUNT", "MEM_READ_IN_8B_COUNT", "CACHE_MISS_COUNT",
	"CACHE_HIT_TEXEL_COUNT", "CACHE_MISS_TEXEL_COUNT",
};
static const char *const mc_sigs[] = {
	"TOTAL_READ_REQ_8B_FROM_PIPELINE", "TOTAL_READ_REQ_8B_FROM_IP",
	"TOTAL_WRITE_REQ_8B_FROM_PIPELINE",
};
static const char *const pe2d_sigs[] = { "PIXELS_RENDERED_2D" };

struct dom {
	const char *name;
	const char *const *sigs;
	unsigned int nr;
};

#define D(n, s)	{ n, s, ARRAY_SIZE(s) }
static const struct dom doms_3d[] = {
	D("HI", hi_sigs), D("PE", pe_sigs), D("SH", sh_sigs),
	D("PA", pa_sigs), D("SE", se_sigs), D("RA", ra_sigs),
	D("TX", tx_sigs), D("MC", mc_sigs),
};
static const struct dom doms_2d[] = { D("PE", pe2d_sigs) };

/* The domain @i of a core in PM_QUERY_DOM's numbering, or NULL. */
static const struct dom *expected(unsigned int i, bool has3d, bool has2d)
{
	unsigned int n3 = has3d ? ARRAY_SIZE(doms_3d) : 0;

	if (i < n3)
		return &doms_3d[i];
	if (has2d && i - n3 < ARRAY_SIZE(doms_2d))
		return &doms_2d[i - n3];
	return NULL;
}

/* Index of domain @name and of its signal @sig in @list (the UAPI's). */
static void find(const struct dom *list, unsigned int n, const char *name,
		 const char *sig, uint8_t *d, uint16_t *s)
{
	unsigned int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < list[i].nr; j++)
			if (!strcmp(list[i].name, name) &&
			    !strcmp(list[i].sigs[j], sig)) {
				*d = i;
				*s = j;
				return;
			}
	abort();
}

static int fd;
static bool upstream;

static void __printf(1, 2) info(const char *fmt, ...)
{
	va_list ap;

	printf("INFO: " CHECK_PREFIX);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* ---- the lists ------------------------------------------------------- */

static void test_lists(uint32_t pipe, bool has3d, bool has2d)
{
	unsigned int nr = (has3d ? ARRAY_SIZE(doms_3d) : 0) +
			  (has2d ? ARRAY_SIZE(doms_2d) : 0);
	struct drm_etnaviv_pm_domain d;
	struct drm_etnaviv_pm_signal s;
	unsigned int i, j, quirk = 0;
	const struct dom *want;
	char list[2048] = "";
	bool ok = true;
	int ret;

	for (i = 0; ok && i < nr; i++) {
		memset(&d, 0, sizeof(d));
		d.pipe = pipe;
		d.iter = i;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &d);
		want = expected(i, has3d, has2d);
		/*
		 * Linux 6.1 looks a domain up in every engine's list and
		 * keeps the last hit: on a core with both engines domain 0
		 * comes out as the 2D PE. Known, recorded, not ours to fix.
		 */
		if (!ret && upstream && i == 0 && has3d && has2d &&
		    !strcmp(d.name, "PE") && d.nr_signals == 1) {
			want = &doms_2d[0];
			quirk++;
		}
		if (ret) {
			ok = fail("domain %u: %s", i, strerror(-ret));
			break;
		}
		if (d.id != i || d.iter != (i + 1 == nr ? 0xff : i + 1) ||
		    strcmp(d.name, want->name) || d.nr_signals != want->nr) {
			ok = fail("domain %u: %s/%u id %u next %u, want %s/%u",
				  i, d.name, d.nr_signals, d.id, d.iter,
				  want->name, want->nr);
			break;
		}
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s:", i ? " " : "", d.name);
		for (j = 0; ok && j < want->nr; j++) {
			memset(&s, 0, sizeof(s));
			s.pipe = pipe;
			s.domain = i;
			s.iter = j;
			ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &s);
			if (ret)
				ok = fail("signal %u.%u: %s", i, j,
					  strerror(-ret));
			else if (s.id != j ||
				 s.iter != (j + 1 == want->nr ? 0xffff : j + 1) ||
				 strcmp(s.name, want->sigs[j]))
				ok = fail("signal %u.%u: %s id %u next %u, "
					  "want %s", i, j, s.name, s.id,
					  s.iter, want->sigs[j]);
		}
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%u", want->nr);
	}
	if (ok) {
		memset(&d, 0, sizeof(d));
		d.pipe = pipe;
		d.iter = nr;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &d);
		ok = ret == -EINVAL ||
		     fail("domain %u (past the last): %s, want EINVAL", nr,
			  strerror(-ret));
	}
	if (quirk)
		info("lists/pipe%u: upstream 6.1 reports domain 0 as the 2D PE "
		     "on a core with both engines", pipe);
	report(ok, "lists/pipe%u (%s%s)", pipe, upstream ? "upstream: " :
	       "ours: ", list);
}

/* ---- jobs with perfmon requests ---------------------------------------- */

struct stream {
	uint32_t w[16384];
	unsigned int n;
	struct drm_etnaviv_gem_submit_reloc relocs[4];
	unsigned int nr_relocs;
};

static void emit(struct stream *s, uint32_t a, uint32_t b)
{
	s->w[s->n++] = a;
	s->w[s->n++] = b;
}

static void emit_state(struct stream *s, uint32_t addr, uint32_t val)
{
	emit(s, ETNA_CMD_LOAD_STATE(addr, 1), val);
}

/* LOAD_STATE of a relocated address: buffer @idx of the job at 0. */
static void emit_reloc(struct stream *s, uint32_t addr, uint32_t idx)
{
	s->relocs[s->nr_relocs++] = (struct drm_etnaviv_gem_submit_reloc){
		.submit_offset = (s->n + 1) * 4, .reloc_idx = idx,
	};
	emit_state(s, addr, 0);
}

#define W	64
#define H	32

/* @n clears of the W x H surface in buffer 1. */
static void clears(struct stream *s, unsigned int n)
{
	unsigned int i;

	emit_reloc(s, ETNAVIV_DE_DEST_ADDRESS, 1);
	emit_state(s, ETNAVIV_DE_DEST_STRIDE, W * 4);
	emit_state(s, ETNAVIV_DE_DEST_ROTATION_CONFIG, 0);
	emit_state(s, ETNAVIV_DE_DEST_CONFIG, DE_CLEAR_A8R8G8B8);
	emit_state(s, ETNAVIV_DE_ROT_ANGLE, 0);
	emit_state(s, ETNAVIV_DE_CONFIG, 0);
	emit_state(s, ETNAVIV_DE_ALPHA_CONTROL, 0);
	emit_state(s, ETNAVIV_DE_PE_TRANSPARENCY, 0);
	emit_state(s, ETNAVIV_DE_ROP, ETNAVIV_2D_ROP_COPY);
	emit_state(s, ETNAVIV_DE_CLIP_TOP_LEFT, 0);
	emit_state(s, ETNAVIV_DE_CLIP_BOTTOM_RIGHT,
		   DE_CLIP_Y(H) | DE_CLIP_X(W));
	emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_VALUE32, 0xff336699);
	emit_state(s, ETNAVIV_DE_CLEAR_BYTE_MASK, 0xff);
	emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_LOW, 0xff336699);
	emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_HIGH, 0xff336699);
	for (i = 0; i < n; i++) {
		emit(s, ETNAVIV_CMD_DRAW_2D(1, 0), 0);
		emit(s, 0, DRAW_2D_Y(H) | DRAW_2D_X(W));
	}
	emit_state(s, ETNAVIV_GL_FLUSH_CACHE, ETNAVIV_FLUSH_PE2D);
}

static void nops(struct stream *s, unsigned int n)
{
	while (n--)
		emit(s, ETNA_CMD_NOP, 0);
}

/* The buffers of the jobs: 0 takes the samples, 1 is the 2D surface. */
static uint32_t bo[2];
static uint32_t *pm;

#define SENTINEL	0xdeadbeefu
#define SEQ_WORD	0

/*
 * Submit @s on @pipe / @exec with the requests @p (@n of them); wait
 * for the job; check that the sequence @seq is in word 0 (ours: once the
 * fence has signalled; upstream: within 2 s).
 */
static bool run(uint32_t pipe, uint32_t exec, struct stream *s,
		struct drm_etnaviv_gem_submit_pmr *p, unsigned int n,
		uint32_t seq)
{
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_WRITE, .handle = bo[0] },
		{ .flags = ETNA_SUBMIT_BO_WRITE, .handle = bo[1] },
	};
	struct drm_etnaviv_gem_submit req = {
		.pipe = pipe, .exec_state = exec,
		.bos = (uintptr_t)bos, .nr_bos = 2,
		.relocs = (uintptr_t)s->relocs, .nr_relocs = s->nr_relocs,
		.stream = (uintptr_t)s->w, .stream_size = s->n * 4,
		.pmrs = (uintptr_t)p, .nr_pmrs = n,
	};
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++)
		p[i].sequence = seq;
	pm[SEQ_WORD] = SENTINEL;
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (ret)
		return fail("submit: %s", strerror(-ret));
	ret = etna_wait_fence(fd, pipe, req.fence, 0, 10 * 1000000000ull);
	if (ret)
		return fail("fence: %s", strerror(-ret));
	if (upstream)
		wait_word(&pm[SEQ_WORD], seq, 2 * SEC_NS);
	if (pm[SEQ_WORD] != seq)
		return fail("word 0 is 0x%08x once the fence signalled, want "
			    "the sequence 0x%08x", pm[SEQ_WORD], seq);
	return true;
}

static struct drm_etnaviv_gem_submit_pmr pmr(uint8_t dom, uint16_t sig,
					     uint32_t flags, uint32_t word)
{
	return (struct drm_etnaviv_gem_submit_pmr){
		.flags = flags, .domain = dom, .signal = sig,
		.read_offset = word, .read_idx = 0,
	};
}

static struct stream st;

/* A job of K NOPs: pre and post samples land; untouched words stay. */
static void test_pre_post(uint32_t pipe, uint32_t exec)
{
	const struct dom *list = exec == ETNA_PIPE_3D ? doms_3d : doms_2d;
	unsigned int nl = exec == ETNA_PIPE_3D ? ARRAY_SIZE(doms_3d) :
			  ARRAY_SIZE(doms_2d);
	struct drm_etnaviv_gem_submit_pmr p[4];
	const char *what = exec == ETNA_PIPE_3D ? "3d" : "2d";
	uint8_t d;
	uint16_t s;
	bool ok;
	int i;

	for (i = 0; i < 16; i++)
		pm[i] = SENTINEL;
	if (exec == ETNA_PIPE_3D)
		find(list, nl, "HI", "TOTAL_CYCLES", &d, &s);
	else
		find(list, nl, "PE", "PIXELS_RENDERED_2D", &d, &s);
	p[0] = pmr(d, s, ETNA_PM_PROCESS_PRE, 1);
	p[1] = pmr(d, s, ETNA_PM_PROCESS_POST, 2);
	p[2] = pmr(d, s, 0, 3);		/* neither: never sampled */
	memset(&st, 0, sizeof(st));
	nops(&st, 64);
	ok = run(pipe, exec, &st, p, 3, 0x5e900001 ^ pipe);
	if (ok && (pm[1] == SENTINEL || pm[2] == SENTINEL))
		ok = fail("pre 0x%08x post 0x%08x: not sampled", pm[1], pm[2]);
	else if (ok && pm[3] != SENTINEL)
		ok = fail("word 3 (a request without flags) is 0x%08x", pm[3]);
	else if (ok && pm[4] != SENTINEL)
		ok = fail("word 4 (no request) is 0x%08x", pm[4]);
	else if (ok && exec == ETNA_PIPE_3D && pm[2] == pm[1])
		ok = fail("TOTAL_CYCLES did not move across a job: 0x%08x",
			  pm[1]);
	else if (ok && exec == ETNA_PIPE_2D && pm[2] != pm[1])
		ok = fail("64 NOPs drew %u 2D pixels", pm[2] - pm[1]);
	report(ok, "pre-post-sequence/pipe%u-%s (pre %u post %u)", pipe, what,
	       pm[1], pm[2]);
}

/* N clears of W x H pixels add N * W * H to the 2D pixel counter. */
static void test_2d_pixels(uint32_t pipe)
{
	static const unsigned int counts[] = { 5, 2, 0 };
	struct drm_etnaviv_gem_submit_pmr p[2];
	unsigned int i, got;
	uint8_t d;
	uint16_t s;
	bool ok;

	find(doms_2d, ARRAY_SIZE(doms_2d), "PE", "PIXELS_RENDERED_2D", &d, &s);
	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		p[0] = pmr(d, s, ETNA_PM_PROCESS_PRE, 1);
		p[1] = pmr(d, s, ETNA_PM_PROCESS_POST, 2);
		memset(&st, 0, sizeof(st));
		clears(&st, counts[i]);
		ok = run(pipe, ETNA_PIPE_2D, &st, p, 2, 0x2d00 + i);
		got = pm[2] - pm[1];
		if (ok && got != counts[i] * W * H)
			ok = fail("the counter grew by %u", got);
		report(ok, "2d-pixels/pipe%u: %u clears of %ux%u: %u pixels",
		       pipe, counts[i], W, H, counts[i] * W * H);
	}
}

/* The FE reads a job of K NOPs: at least K words, not much more. */
static void test_fe_reads(uint32_t pipe)
{
	static const unsigned int counts[] = { 4000, 500 };
	struct drm_etnaviv_gem_submit_pmr p[4];
	unsigned int i, ip, hi, k;
	uint8_t d, dh;
	uint16_t s, sh;
	bool ok;

	find(doms_3d, ARRAY_SIZE(doms_3d), "MC", "TOTAL_READ_REQ_8B_FROM_IP",
	     &d, &s);
	find(doms_3d, ARRAY_SIZE(doms_3d), "HI", "TOTAL_READ_BYTES8", &dh,
	     &sh);
	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		k = counts[i];
		p[0] = pmr(d, s, ETNA_PM_PROCESS_PRE, 1);
		p[1] = pmr(d, s, ETNA_PM_PROCESS_POST, 2);
		p[2] = pmr(dh, sh, ETNA_PM_PROCESS_PRE, 3);
		p[3] = pmr(dh, sh, ETNA_PM_PROCESS_POST, 4);
		memset(&st, 0, sizeof(st));
		nops(&st, k);
		ok = run(pipe, ETNA_PIPE_3D, &st, p, 4, 0xfe00 + i);
		ip = pm[2] - pm[1];
		hi = pm[4] - pm[3];
		/* the job, its LINKs and the ring's commands around it */
		if (ok && (ip < k || ip > k + k / 8 + 256))
			ok = fail("the FE read %u words", ip);
		else if (ok && hi < ip)
			ok = fail("HI counted %u words read, the FE alone %u",
				  hi, ip);
		report(ok, "fe-reads/pipe%u: %u NOPs (FE read %u words, all "
		       "clients %u)", pipe, k, ip, hi);
	}
}

/*
 * Idle cycles grow with the total while the core idles; a job is busy.
 *
 * A request's sample is a register read at the moment the driver takes
 * it, in the order of the requests, and the host may stop the board
 * between two reads for any time. So each end reads total, idle, total
 * again: the idle span lies between the inner totals (the second read of
 * the start, the first of the end) and the outer ones, whatever the
 * gaps, and the checks hold on those two spans, not on a tolerance.
 */
static void test_cycles(uint32_t pipe)
{
	struct drm_etnaviv_gem_submit_pmr p[4];
	uint32_t inner, outer, total, idle;
	uint64_t t0;
	uint8_t d;
	uint16_t st_, si;
	bool ok;

	find(doms_3d, ARRAY_SIZE(doms_3d), "HI", "TOTAL_CYCLES", &d, &st_);
	find(doms_3d, ARRAY_SIZE(doms_3d), "HI", "IDLE_CYCLES", &d, &si);
	/* after one job, before the next, 200 ms later */
	p[0] = pmr(d, st_, ETNA_PM_PROCESS_POST, 1);
	p[1] = pmr(d, si, ETNA_PM_PROCESS_POST, 2);
	p[2] = pmr(d, st_, ETNA_PM_PROCESS_POST, 3);
	memset(&st, 0, sizeof(st));
	nops(&st, 8);
	gpu_power_hold(true);
	t0 = etna_now_ns();	/* only to tell a counter wrap */
	ok = run(pipe, ETNA_PIPE_3D, &st, p, 3, 0xc1);
	usleep(200000);	/* not an event: the idle span is what is measured */
	p[0] = pmr(d, st_, ETNA_PM_PROCESS_PRE, 4);
	p[1] = pmr(d, si, ETNA_PM_PROCESS_PRE, 5);
	p[2] = pmr(d, st_, ETNA_PM_PROCESS_PRE, 6);
	ok = ok && run(pipe, ETNA_PIPE_3D, &st, p, 3, 0xc2);
	gpu_power_hold(false);
	inner = pm[4] - pm[3];
	outer = pm[6] - pm[1];
	idle = pm[5] - pm[2];
	/*
	 * The counters are 32 bits: 4.29 s at the model's 1 GHz. A stall of
	 * the board that long leaves the spans undecided.
	 */
	if (ok && etna_now_ns() - t0 > 4000000000ull) {
		report_skip("the board stood still past a counter wrap",
			    "idle-cycles/pipe%u", pipe);
	} else {
		/* the core is busy only for the ring's few commands */
		if (ok && (!inner || idle > outer || idle < inner / 2))
			ok = fail("over 200 ms idle: %u to %u cycles, %u of "
				  "them idle", inner, outer, idle);
		report(ok, "idle-cycles/pipe%u (%u of %u to %u cycles idle)",
		       pipe, idle, inner, outer);
	}

	/*
	 * A long job: busy cycles (total - idle). The idle span nests in the
	 * total's, so the difference is the job's busy time and the gaps.
	 */
	p[0] = pmr(d, st_, ETNA_PM_PROCESS_PRE, 1);
	p[1] = pmr(d, si, ETNA_PM_PROCESS_PRE, 2);
	p[2] = pmr(d, si, ETNA_PM_PROCESS_POST, 4);
	p[3] = pmr(d, st_, ETNA_PM_PROCESS_POST, 3);
	memset(&st, 0, sizeof(st));
	nops(&st, 8000);
	ok = run(pipe, ETNA_PIPE_3D, &st, p, 4, 0xc3);
	total = pm[3] - pm[1];
	idle = pm[4] - pm[2];
	if (ok && (idle >= total))
		ok = fail("a job of 8000 NOPs: %u cycles, %u idle", total,
			  idle);
	report(ok, "busy-cycles/pipe%u (8000 NOPs: %u of %u cycles busy)",
	       pipe, total - idle, total);
}

int main(void)
{
	uint64_t f0, off;
	uint32_t pipe;
	bool any = false;

	upstream = is_upstream();
	fd = etna_open();
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &bo[0]) ||
	    etna_gem_new(fd, W * H * 4, ETNA_BO_WC, &bo[1]) ||
	    etna_gem_info(fd, bo[0], &off)) {
		printf("FAIL: " CHECK_PREFIX "setup: buffers\n");
		return 1;
	}
	pm = map_fd(fd, off, 4096);
	if (!pm) {
		printf("FAIL: " CHECK_PREFIX "setup: mmap\n");
		return 1;
	}
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0))
			continue;
		any = true;
		test_lists(pipe, f0 & ETNA_FEATURE_PIPE_3D,
			   f0 & ETNA_FEATURE_PIPE_2D);
		if (f0 & ETNA_FEATURE_PIPE_3D) {
			test_pre_post(pipe, ETNA_PIPE_3D);
			test_fe_reads(pipe);
			test_cycles(pipe);
		}
		if (f0 & ETNA_FEATURE_PIPE_2D) {
			test_pre_post(pipe, ETNA_PIPE_2D);
			test_2d_pixels(pipe);
		}
	}
	if (!any)
		printf("FAIL: " CHECK_PREFIX "no core\n");
	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed || !any;
}
