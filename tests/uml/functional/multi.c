// SPDX-License-Identifier: MIT
/*
 * functional: structures of several parts, tested with several. One job
 * whose relocations point into eight buffers, each at its own offset; the
 * devcoredump of a hung job of eight buffers, each of its own size and
 * contents (every buffer where its relocation put it, with its contents
 * and its pages); and jobs on several cores at once (a job completes on
 * one core while another core holds its job, its FE frozen).
 */
#include "functional.h"

#define MANY		8
#define MANY_BO		4096u	/* the relocation test's buffers */
#define MANY_STRIDE	256u	/* 64 pixels of 4 bytes: 16 rows */
#define MANY_ROWS	16u
#define MANY_OLD	0xdeadbeefu

/* What job @i of a test writes: a value of its own. */
static uint32_t many_value(unsigned int i)
{
	return 0xff000000u | (0x10 + i) << 16 | (0x30 + i) << 8 | (0x50 + i);
}

/* @n buffers of @size bytes on @fd, buffer i filled with @fill + i. */
static bool many_bos(int fd, uint32_t *h, unsigned int n, uint32_t size,
		     uint32_t fill)
{
	unsigned int i, j;
	uint32_t *p;

	for (i = 0; i < n; i++) {
		p = NULL;
		if (etna_gem_new(fd, size, ETNA_BO_WC, &h[i]) ||
		    !(p = map_bo(fd, h[i], size))) {
			while (i--)
				etna_gem_close(fd, h[i]);
			return fail("GEM_NEW/mmap of buffer %u failed", i);
		}
		for (j = 0; j < size / 4; j++)
			p[j] = fill + i;
		munmap(p, size);
	}
	return true;
}

/* Relocations into eight buffers in one job, each at its own offset. */
void test_many_relocs(const struct engine *e)
{
	const char *en = engine_name(e);
	struct drm_etnaviv_gem_submit_bo bos[MANY];
	struct drm_etnaviv_gem_submit_reloc r[2 * MANY];
	uint32_t s[MANY * FILL_WORDS], h[MANY], *p, want, fence;
	struct job job = {
		.s = s, .bos = bos, .nr_bos = MANY, .relocs = r, .in_fd = -1,
	};
	struct fill f = { .stride = MANY_STRIDE, .w = 64 };
	unsigned int i, j, n = 0, nr = 0;
	int fd = etna_open(), ret;
	bool ok;

	if (!many_bos(fd, h, MANY, MANY_BO, MANY_OLD)) {
		report(false, "many-relocs %s: setup", en);
		close(fd);
		return;
	}
	for (i = 0; i < MANY; i++) {
		bos[i].flags = ETNA_SUBMIT_BO_WRITE;
		bos[i].handle = h[i];
		bos[i].presumed = 0;
		/* buffer i: rows i to 15 */
		f.idx = i;
		f.rows = MANY_ROWS - i;
		f.off = i * MANY_STRIDE;
		f.value = many_value(i);
		n = fill_op(e, s, n, &f, r, &nr);
	}
	job.words = n;
	job.nr_relocs = nr;
	ret = submit_stream(fd, e, &job, &fence, NULL);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	ok = !ret || fail("SUBMIT/WAIT_FENCE: %s", err_name(ret));
	report(ok, "many-relocs %s: one job of %u relocations into %u "
	       "buffers runs", en, nr, MANY);

	/* buffer i: rows i to 15 hold value i, rows 0 to i - 1 as before */
	for (i = 0; ok && i < MANY; i++) {
		p = map_bo(fd, h[i], MANY_BO);
		if (!p) {
			ok = false;
			break;
		}
		for (j = 0; ok && j < MANY_BO / 4; j++) {
			want = j * 4 < i * MANY_STRIDE ? MANY_OLD + i :
			       many_value(i);
			if (p[j] != want)
				ok = fail("buffer %u, byte %u: 0x%08x, want "
					  "0x%08x", i, j * 4, p[j], want);
		}
		munmap(p, MANY_BO);
	}
	report(ok, "many-relocs %s: each buffer written from its own offset "
	       "with its own value, nothing else", en);
	for (i = 0; i < MANY; i++)
		etna_gem_close(fd, h[i]);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* The devcoredump of a hung job of eight buffers */

#define DUMP_SEED	0x5eed0000u

/*
 * Freezes @e's FE, submits one job whose stream loads the address of
 * each of the @MANY buffers @h (buffer i: i + 1 pages, relocated at byte
 * 0x100 + 4 i) and waits for the recovery.
 */
static int many_hang(int fd, const struct engine *e, const uint32_t *h)
{
	struct drm_etnaviv_gem_submit_bo bos[MANY];
	struct drm_etnaviv_gem_submit_reloc r[MANY];
	uint32_t s[2 * MANY], fence = 0;
	struct job job = {
		.s = s, .words = 2 * MANY, .bos = bos, .nr_bos = MANY,
		.relocs = r, .nr_relocs = MANY, .in_fd = -1,
	};
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(r));
	for (i = 0; i < MANY; i++) {
		bos[i].flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE;
		bos[i].handle = h[i];
		bos[i].presumed = 0;
		s[2 * i] = ETNA_CMD_LOAD_STATE(engine_addr_state(e), 1);
		s[2 * i + 1] = 0;
		r[i].submit_offset = 8 * i + 4;
		r[i].reloc_idx = i;
		r[i].reloc_offset = 0x100 + 4 * i;
	}
	ret = engine_awake(fd, e, h[0]);
	if (!ret)
		ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_stream(fd, e, &job, &fence, NULL);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	knob_set(e, "freeze", 0);
	return ret;
}

/*
 * Buffer @i of the dump @p: the one whose address the @i-th LOAD_STATE
 * of the command buffer @cmd holds (less its relocation offset), of
 * @i + 1 pages, with buffer @i's contents, its pages in the buffer map
 * @map at its index and mapped so by the MMU tables @mmu.
 */
static bool many_dump_bo(const uint8_t *p, const struct dump_obj *o,
			 unsigned int nr, unsigned int i)
{
	const struct dump_obj *cmd = NULL, *map = NULL, *mmu = NULL, *bo = NULL;
	uint32_t addr = 0, size = (i + 1) * 4096u, k;
	unsigned int j, seen = 0;
	uint64_t phys, page;

	for (j = 0; j < nr; j++) {
		if (o[j].type == D_CMD && !cmd)
			cmd = &o[j];
		if (o[j].type == D_BOMAP && !map)
			map = &o[j];
		if (o[j].type == D_MMU && !mmu)
			mmu = &o[j];
	}
	if (!cmd || !map || !mmu)
		return fail("no command buffer, buffer map or MMU object");
	for (k = 0; k + 8 <= cmd->size; k += 8)
		if (ETNA_CMD_OP_OF(rd32(p + cmd->off + k)) ==
		    ETNA_CMD_OP_OF(ETNA_CMD_LOAD_STATE(0, 1)) && seen++ == i) {
			addr = rd32(p + cmd->off + k + 4) - (0x100 + 4 * i);
			break;
		}
	if (seen <= i)
		return fail("the command buffer has %u LOAD_STATEs", seen);
	for (j = 0; j < nr; j++)
		if (o[j].type == D_BO && o[j].iova == addr)
			bo = &o[j];
	if (!bo)
		return fail("no buffer at 0x%08x, where LOAD_STATE %u points",
			    addr, i);
	if (bo->size != size)
		return fail("the buffer at 0x%08x has %u bytes, want %u", addr,
			    bo->size, size);
	for (k = 0; k < size; k += 4)
		if (rd32(p + bo->off + k) != DUMP_SEED + i)
			return fail("byte %u of the buffer at 0x%08x: 0x%08x, "
				    "want 0x%08x", k, addr,
				    rd32(p + bo->off + k), DUMP_SEED + i);
	for (k = 0; k < size / 4096; k++) {
		if ((bo->data0 + k + 1) * 8 > map->size)
			return fail("map index %u + %u past the %u-byte map",
				    bo->data0, k, map->size);
		page = rd32(p + map->off + (bo->data0 + k) * 8) |
		       (uint64_t)rd32(p + map->off + (bo->data0 + k) * 8 + 4)
		       << 32;
		phys = dump_translate(p, mmu, addr + k * 4096ull);
		if (phys != page)
			return fail("page %u at 0x%08llx: the MMU maps 0x%llx, "
				    "the map says 0x%llx", k,
				    (unsigned long long)addr + k * 4096ull,
				    (unsigned long long)phys,
				    (unsigned long long)page);
	}
	return true;
}

void test_many_coredump(const struct engine *e)
{
	const char *en = engine_name(e);
	long armed = param_get("dump_core");
	struct dump_obj o[4 * MANY];
	uint32_t h[MANY], *m;
	unsigned int i, j, nr = 0, nbo = 0;
	int fd = etna_open(), ret;
	uint8_t *dump = NULL;
	size_t len = 0;
	bool ok = true;

	for (i = 0; i < MANY && ok; i++) {
		m = NULL;
		/* FORCE_MMU: in the MMU tables, not the MMUv1 linear window */
		ok = (!etna_gem_new(fd, (i + 1) * 4096u,
				    ETNA_BO_WC | ETNA_BO_FORCE_MMU, &h[i]) &&
		      (m = map_bo(fd, h[i], (i + 1) * 4096u))) ||
		     fail("GEM_NEW/mmap of buffer %u failed", i);
		for (j = 0; m && j < (i + 1) * 1024u; j++)
			m[j] = DUMP_SEED + i;
		if (m)
			munmap(m, (i + 1) * 4096u);
		if (!ok)
			break;
	}
	if (!ok || armed < 0) {
		report(false, "many-coredump %s: setup (dump_core %ld)", en,
		       armed);
		goto out;
	}
	drain(fd);
	devcd_clear();
	ret = param_set("dump_core", "1");
	if (!ret)
		ret = many_hang(fd, e, h);
	dump = devcd_read(&len);
	ok = (dump && dump_parse(dump, len, o, ARRAY_SIZE(o), &nr)) ||
	     fail("no dump, or a malformed one, after the hang (%s)",
		  err_name(ret));
	for (j = 0; ok && j < nr; j++)
		nbo += o[j].type == D_BO;
	ok = ok && (nbo == MANY || fail("%u buffers in the dump", nbo));
	report(ok, "many-coredump %s: the dump of a hung job of %u buffers "
	       "holds %u buffers", en, MANY, MANY);
	for (i = 0; i < MANY; i++)
		report(ok ? many_dump_bo(dump, o, nr, i) : fail("no dump"),
		       "many-coredump %s: buffer "
		       "%u (%u KiB) where its relocation points, its contents, "
		       "its pages", en, i, 4 * (i + 1));
	free(dump);
	devcd_clear();
	param_set("dump_core", armed ? "1" : "0");
	i = MANY;
out:
	while (i--)
		etna_gem_close(fd, h[i]);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* Jobs on several cores at once */

/*
 * A job of @e writing many_value(@i) into all of buffer @h (MANY_BO
 * bytes); its fence in @fence.
 */
static int many_submit(int fd, const struct engine *e, uint32_t h,
		       unsigned int i, uint32_t *fence)
{
	struct fill f = {
		.stride = MANY_STRIDE, .w = 64, .rows = MANY_ROWS,
		.value = many_value(i),
	};

	*fence = 0;
	return fill_submit(fd, e, h, &f, fence, NULL);
}

/* Whether all of @h holds @v. */
static bool many_all(int fd, uint32_t h, uint32_t v, const char *what)
{
	uint32_t *p = map_bo(fd, h, MANY_BO);
	unsigned int j;
	bool ok = p != NULL;

	for (j = 0; ok && j < MANY_BO / 4; j++)
		if (p[j] != v)
			ok = fail("%s: byte %u holds 0x%08x, want 0x%08x",
				  what, j * 4, p[j], v);
	if (p)
		munmap(p, MANY_BO);
	return ok;
}

/*
 * @a's FE frozen with a job on it, a job of @b (another core) runs to its
 * end; then @a's runs too. A recovery of @a meanwhile (the host stalled
 * the test past the hang check's 500 ms) leaves the check undecided.
 */
static void many_pair(const struct engine *a, const struct engine *b)
{
	static const char undecided[] = "undecided: the held core was reset "
		"meanwhile (the host stalled this test past the hang check)";
	uint32_t h[2], fa = 0, fb = 0;
	long long res0;
	int fd = etna_open(), ra, rb;
	char name[64];
	bool ok;

	snprintf(name, sizeof(name), "%s-held/%s-runs", engine_name(a),
		 engine_name(b));
	if (!many_bos(fd, h, 2, MANY_BO, MANY_OLD)) {
		report(false, "many-cores %s: setup", name);
		close(fd);
		return;
	}
	ra = engine_awake(fd, a, h[0]);
	rb = ra ? ra : engine_awake(fd, b, h[1]);
	res0 = resets_of(a);
	if (!rb)
		rb = knob_set(a, "freeze", 1);
	ra = rb ? rb : many_submit(fd, a, h[0], 0, &fa);
	rb = ra ? ra : many_submit(fd, b, h[1], 1, &fb);
	if (!rb)
		rb = etna_wait_fence(fd, b->pipe, fb, 0, 10 * SEC_NS);
	/* is @a's job still there? (NONBLOCK: EBUSY while it is) */
	ra = ra ? ra : etna_wait_fence(fd, a->pipe, fa, ETNA_WAIT_NONBLOCK, 0);
	knob_set(a, "freeze", 0);
	if (resets_of(a) != res0) {
		printf("SKIP: func/many-cores %s: a job runs to its end on one "
		       "core while another holds its job: %s\n", name, undecided);
		printf("SKIP: func/many-cores %s: the held job runs once its "
		       "core is released: %s\n", name, undecided);
		goto out;
	}
	ok = (!rb && ra == -EBUSY) ||
	     fail("the running core's job: %s; the held core's: %s, want "
		  "EBUSY", err_name(rb), err_name(ra));
	ok = ok && many_all(fd, h[1], many_value(1), "the running core's");
	report(ok, "many-cores %s: a job runs to its end on one core while "
	       "another holds its job", name);
	ra = etna_wait_fence(fd, a->pipe, fa, 0, 10 * SEC_NS);
	ok = (!ra || fail("the held job: %s", err_name(ra))) &&
	     many_all(fd, h[0], many_value(0), "the held core's");
	ok = ok && (resets_of(a) == res0 ||
		    fail("the held core was reset"));
	report(ok, "many-cores %s: the held job runs once its core is "
	       "released", name);
out:
	etna_gem_close(fd, h[0]);
	etna_gem_close(fd, h[1]);
	close(fd);
}

void test_many_cores(void)
{
	const struct engine *cores[ETNA_MAX_PIPES];
	unsigned int n = pipe_engines(cores), i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (i != j && cores[i]->core[0] && cores[j]->core[0])
				many_pair(cores[i], cores[j]);
	if (n < 2)
		info("many-cores", "one core: no pair of cores");
}
