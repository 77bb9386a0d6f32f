// SPDX-License-Identifier: MIT
/*
 * functional: command buffers on MMUv2. The kernel copies each job's
 * stream into a pool of its own, which the FE fetches at the same low
 * addresses in every client's address space. A client must not read
 * another client's command streams there: client B's resolve engine
 * copies every page of the pool's range into B's buffer while client A's
 * job (a stream of marked NOPs) waits in the pool for a vgem fence. Ours:
 * B's copy of pages not its own faults (its fence fails with EFAULT, the
 * driver and the model count MMU exceptions) and brings none of A's
 * words; Linux 6.1 maps its whole command-buffer suballocator into every
 * space, so B reads A's stream there (recorded as upstream's behaviour).
 * Then many clients at once, each filling its own buffer in jobs that
 * take turns in the pool: every pixel right, no fault.
 */
#include "functional.h"

/* The pool's range in both drivers: ours 1 MiB, Linux 6.1's 512 KiB */
#define POOL_LO		0x1000u
#define POOL_HI		0x101000u
#define POOL_PAGES	((POOL_HI - POOL_LO) / 4096)
#define DST_VA		0x10000000u	/* B's buffer, softpinned */
#define MARK		0xc0de0000u	/* A's NOPs: MARK | index */
#define A_NOPS		256
#define CLIENTS		8
#define CLIENT_JOBS	6
#define CLIENT_VA	0x20000000u

/*
 * MMU exceptions our driver counted, over the cores (debugfs "gpu": "AXI
 * errors N, MMU exceptions M" a core); -1 if unreadable (upstream).
 */
static long long mmu_exceptions(void)
{
	FILE *f = driver_debugfs("gpu");
	long long sum = -1, v;
	char line[160], *p;

	while (f && fgets(line, sizeof(line), f)) {
		p = strstr(line, "MMU exceptions ");
		if (p && sscanf(p, "MMU exceptions %lld", &v) == 1)
			sum = (sum < 0 ? 0 : sum) + v;
	}
	if (f)
		fclose(f);
	return sum;
}

/* Kernel log records with "MMU " and "drm-client-id @id" in them. */
static unsigned int fault_lines(long long id)
{
	char rec[1024], want[48];
	unsigned int n = 0;
	ssize_t r;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		return 0;
	snprintf(want, sizeof(want), "drm-client-id %lld\n", id);
	while ((r = read(fd, rec, sizeof(rec) - 1)) > 0 || errno == EPIPE) {
		if (r <= 0)
			continue;	/* overwritten records: go on */
		rec[r] = '\0';
		n += strstr(rec, "MMU ") && strstr(rec, want);
	}
	close(fd);
	return n;
}

static void emit(uint32_t *s, unsigned int *n, uint32_t state, uint32_t v)
{
	s[(*n)++] = ETNA_CMD_LOAD_STATE(state, 1);
	s[(*n)++] = v;
}

/*
 * A resolve copy of one 4 KiB page, 256 x 4 pixels at 1 KiB a row, from
 * GPU address @src to @dst (both pipes of a two-pipe core copy the same
 * window at offset 0, from the pipe-0 addresses).
 */
static void rs_copy_page(uint32_t *s, unsigned int *n, uint32_t src,
			 uint32_t dst)
{
	emit(s, n, ST_RS_SOURCE_ADDR, src);
	emit(s, n, ST_RS_PIPE_SOURCE_ADDR(0), src);
	emit(s, n, ST_RS_SOURCE_STRIDE, 1024);
	emit(s, n, ST_RS_DEST_ADDR, dst);
	emit(s, n, ST_RS_PIPE_DEST_ADDR(0), dst);
	emit(s, n, ST_RS_DEST_STRIDE, 1024);
	emit(s, n, ST_RS_CONFIG, RS_CONFIG_A8R8G8B8);
	emit(s, n, ST_RS_PIPE_OFFSET(0), 0);
	emit(s, n, ST_RS_PIPE_OFFSET(1), 0);
	emit(s, n, ST_RS_WINDOW_SIZE, WH_HEIGHT(4) | WH_WIDTH(256));
	emit(s, n, ST_RS_DITHER(0), 0xffffffff);
	emit(s, n, ST_RS_DITHER(1), 0xffffffff);
	emit(s, n, ST_RS_CLEAR_CONTROL, 0);
	emit(s, n, ST_RS_EXTRA_CONFIG, 0);
	emit(s, n, ST_RS_KICKER, 0xbeebbeeb);
}

/* Submit @words of @s on @e from @fd with @bo softpinned at @va. */
static int submit_pinned(int fd, const struct engine *e, const uint32_t *s,
			 unsigned int words, uint32_t bo, uint32_t va,
			 uint32_t flags, uint32_t *fence, int *sync)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = flags, .handle = bo, .presumed = va,
	};
	struct job j = {
		.s = s, .words = words, .bos = &sbo, .nr_bos = 1,
		.flags = ETNA_SUBMIT_SOFTPIN, .in_fd = -1,
	};

	*fence = 0;
	return submit_stream(fd, e, &j, fence, sync);
}

/*
 * A's job: marked NOPs, reading a vgem buffer whose write fence holds the
 * job back. Return: 0 or -errno; the fence to signal in *@vfence.
 */
static int a_submit(int fda, int vfd, const struct engine *e,
		    uint32_t *vfence, uint32_t *fence, int *sync)
{
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	uint32_t s[2 * A_NOPS], vh, ih;
	int dmabuf = -1, ret;
	unsigned int i;

	for (i = 0; i < A_NOPS; i++) {
		s[2 * i] = ETNA_CMD_NOP;
		s[2 * i + 1] = MARK | i;
	}
	ret = vgem_dumb_export(vfd, 4096, &vh, &dmabuf);
	if (!ret)
		ret = prime_import(fda, dmabuf, &ih);
	if (!ret) {
		fa.handle = vh;
		ret = etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
		*vfence = fa.out_fence;
	}
	if (!ret)
		ret = submit_pinned(fda, e, s, 2 * A_NOPS, ih, CLIENT_VA,
				    ETNA_SUBMIT_BO_READ, fence, sync);
	if (dmabuf >= 0)
		close(dmabuf);
	return ret;
}

/* Words of @p (@n of them) that are A's marked NOPs. */
static unsigned int marks_in(const uint32_t *p, size_t n)
{
	unsigned int found = 0;
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (p[i] == ETNA_CMD_NOP && (p[i + 1] & 0xffff0000u) == MARK)
			found++;
	return found;
}

static void test_read_other(const struct engine *e, int vfd)
{
	const char *en = engine_name(e);
	const size_t len = POOL_PAGES * 4096;
	int fda = etna_open(), fdb = etna_open(), sa = -1, sb = -1, st, ret;
	uint32_t vfence = 0, fa = 0, fb, bo = 0, *s = NULL, *dst = NULL, pg;
	long long mmu0 = mmu_exceptions();
	unsigned long long faults0 = model_mmu_faults();
	unsigned int n = 0, marks, read = 0;
	long long ida, idb;
	bool ok;

	s = calloc(POOL_PAGES * 30, 4);
	ret = s ? etna_gem_new(fdb, len, ETNA_BO_WC, &bo) : -ENOMEM;
	dst = ret ? NULL : map_bo(fdb, bo, len);
	if (!ret && !dst)
		ret = -ENOMEM;
	if (!ret)
		ret = a_submit(fda, vfd, e, &vfence, &fa, &sa);
	ok = !ret || fail("setup: %s", err_name(ret));
	report(ok, "cmdbuf %s: client A's job of marked NOPs waits in the "
	       "pool", en);
	if (!ok)
		goto out;

	/* B copies every page of the pool's range into its buffer */
	for (pg = 0; pg < POOL_PAGES; pg++)
		rs_copy_page(s, &n, POOL_LO + pg * 4096, DST_VA + pg * 4096);
	ret = submit_pinned(fdb, e, s, n, bo, DST_VA,
			    ETNA_SUBMIT_BO_WRITE, &fb, &sb);
	if (!ret)
		ret = etna_wait_fence(fdb, e->pipe, fb, 0, 20 * SEC_NS);
	st = sb >= 0 ? sync_status(sb) : 0;
	ret = ret ? ret : etna_cpu_prep(fdb, bo, ETNA_PREP_READ, 5 * SEC_NS);
	ok = !ret || fail("B's copy: %s", err_name(ret));
	report(ok, "cmdbuf %s: client B copies the pool's range", en);
	if (!ok)
		goto out;
	marks = marks_in(dst, len / 4);
	for (pg = 0; pg < POOL_PAGES; pg++)
		for (n = 0; n < 1024; n++)
			if (dst[pg * 1024 + n]) {
				read++;
				break;
			}
	etna_cpu_fini(fdb, bo);
	info("cmdbuf", "%s: B's job %s; of %u pages B brought %u with data, "
	     "%u of A's %u marks; MMU exceptions +%lld (driver), +%llu "
	     "(model)", en, status_name(st), POOL_PAGES, read, marks, A_NOPS,
	     mmu_exceptions() - mmu0,
	     model_mmu_faults() - faults0);
	if (is_upstream()) {
		ok = marks == A_NOPS ||
		     fail("B found %u of A's %u marks", marks, A_NOPS);
		report(ok, "cmdbuf %s: upstream: B reads A's command stream "
		       "(the whole suballocator is in every space)", en);
	} else {
		ok = !marks || fail("B found %u of A's %u marks", marks,
				    A_NOPS);
		report(ok, "cmdbuf %s: B reads nothing of A's command stream",
		       en);
		ok = (st == -EFAULT &&
		      model_mmu_faults() > faults0 &&
		      mmu_exceptions() > mmu0) ||
		     fail("B's job %s, MMU exceptions +%lld (driver), +%llu "
			  "(model); want EFAULT and both counted",
			  status_name(st),
			  mmu_exceptions() - mmu0,
			  model_mmu_faults() - faults0);
		report(ok, "cmdbuf %s: B's reads of others' pages fault, "
		       "counted", en);
		ida = fdinfo(fda, "drm-client-id", NULL, 0);
		idb = fdinfo(fdb, "drm-client-id", NULL, 0);
		ok = (fault_lines(idb) > 0 && !fault_lines(ida)) ||
		     fail("kernel log: %u fault lines of B (drm-client-id "
			  "%lld), %u of A (%lld)", fault_lines(idb), idb,
			  fault_lines(ida), ida);
		report(ok, "cmdbuf %s: the log blames B's file, not A's (one "
		       "process)", en);
	}

	/* A is not affected: its job runs once released */
	{
		struct drm_vgem_fence_signal sig = { .fence = vfence };

		ret = etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &sig);
	}
	if (!ret)
		ret = etna_wait_fence(fda, e->pipe, fa, 0, 10 * SEC_NS);
	st = sa >= 0 ? sync_status(sa) : 0;
	ok = (!ret && st == 1) ||
	     fail("%s, sync file %s", err_name(ret), status_name(st));
	report(ok, "cmdbuf %s: A's job completes once released", en);
out:
	if (sa >= 0)
		close(sa);
	if (sb >= 0)
		close(sb);
	if (dst)
		munmap(dst, len);
	free(s);
	close(fda);
	close(fdb);
}

/*
 * CLIENTS files each fill their own 4 KiB buffer, softpinned at one
 * address, in CLIENT_JOBS jobs submitted in turns (their command buffers
 * take turns in the pool): each ends with its own last value, no fault.
 */
static void test_many_clients(const struct engine *e)
{
	const char *en = engine_name(e);
	int fds[CLIENTS], sync = -1, ret = 0;
	uint32_t bos[CLIENTS] = { 0 }, fence[CLIENTS] = { 0 }, s[64];
	uint32_t c, j, bad = 0, *p;
	unsigned long long faults0 = model_mmu_faults();
	char what[128] = "";
	unsigned int n;
	bool ok;

	for (c = 0; c < CLIENTS; c++) {
		fds[c] = etna_open();
		if (!ret)
			ret = etna_gem_new(fds[c], 4096, ETNA_BO_WC, &bos[c]);
	}
	for (j = 0; !ret && j < CLIENT_JOBS; j++)
		for (c = 0; !ret && c < CLIENTS; c++) {
			n = etna_rs_fill_stream(s, 256, 64, 16,
						0x5a000000u | c << 8 | j);
			/* the fill's address states: the softpinned buffer */
			s[ETNA_RS_FILL_RELOC0 / 4] = CLIENT_VA;
			s[ETNA_RS_FILL_RELOC1 / 4] = CLIENT_VA;
			ret = submit_pinned(fds[c], e, s, n, bos[c], CLIENT_VA,
					    ETNA_SUBMIT_BO_WRITE, &fence[c],
					    &sync);
			if (sync >= 0)
				close(sync);
		}
	for (c = 0; !ret && c < CLIENTS; c++) {
		ret = etna_wait_fence(fds[c], e->pipe, fence[c], 0,
				      10 * SEC_NS);
		p = ret ? NULL : map_bo(fds[c], bos[c], 4096);
		if (!ret && !p)
			ret = -ENOMEM;
		if (ret)
			break;
		for (n = 0; n < 1024; n++)
			if (p[n] != (0x5a000000u | c << 8 | (CLIENT_JOBS - 1)))
				break;
		if (n < 1024 && !bad++)
			snprintf(what, sizeof(what), "client %u word %u is "
				 "0x%08x", c, n, p[n]);
		munmap(p, 4096);
	}
	ok = (!ret && !bad && model_mmu_faults() == faults0) ||
	     fail("%s; %u clients wrong (%s), MMU faults +%llu",
		  err_name(ret), bad, what, model_mmu_faults() - faults0);
	report(ok, "cmdbuf %s: %u clients, %u jobs each in turns: each buffer "
	       "right, no fault", en, CLIENTS, CLIENT_JOBS);
	for (c = 0; c < CLIENTS; c++)
		close(fds[c]);
}

void test_cmdbuf(void)
{
	const struct engine *e = NULL;
	char node[32], err[600];
	uint64_t start;
	unsigned int i;
	int fd = etna_open(), vfd;

	for (i = 0; i < nr_engines && !e; i++)
		if (engines[i].exec_state == ETNA_PIPE_3D)
			e = &engines[i];
	if (!e || etna_param(fd, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
			     &start) || start == ~0ull) {
		info("cmdbuf", "not run: no 3D core with an MMUv2");
		close(fd);
		return;
	}
	close(fd);
	vfd = vgem_open(node, sizeof(node), err, sizeof(err));
	if (vfd < 0) {
		report(fail("%s", err), "cmdbuf: vgem");
		return;
	}
	test_read_other(e, vfd);
	test_many_clients(e);
	close(vfd);
}
