// SPDX-License-Identifier: MIT
/*
 * functional: diagnostics. The devcoredump of a hung job (its objects
 * against each other: the command buffer holds the job's stream with the
 * buffer's address relocated in, the MMU tables map that address to the
 * pages of the buffer map, the buffer holds what the CPU wrote; and
 * etnaviv-disasm decodes it), the module parameters dump_core,
 * hw_job_limit and job_hang_limit (each checked against the value the
 * module was loaded with), and the usage statistics of /proc/PID/fdinfo.
 *
 * The format of the dump: Linux 6.1 drivers/gpu/drm/etnaviv/etnaviv_dump.h
 * (object headers of 32 bytes: magic, type, offset, size, iova, data[2]).
 */
#include "functional.h"

#define PARAMS		"/sys/module/etnaviv/parameters/"
#define DUMP_MAGIC	0x414e5445u

long param_get(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), PARAMS "%s", name);
	return read_number(path);
}

int param_set(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), PARAMS "%s", name);
	return write_file(path, val);
}

void devcd_clear(void)
{
	char path[300];
	struct dirent *de;
	DIR *d = opendir(DEVCD);
	int fd;

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(path, sizeof(path), DEVCD "/%s/data", de->d_name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "1", 1) != 1)
				info("coredump", "dismissing %s: %s", path,
				     strerror(errno));
			close(fd);
		}
	}
	closedir(d);
}

uint8_t *devcd_read(size_t *len)
{
	char path[300] = "";
	struct dirent *de;
	uint8_t *buf = NULL, *nb;
	size_t cap = 0, n = 0;
	ssize_t r;
	DIR *d = opendir(DEVCD);
	int fd;

	if (!d)
		return NULL;
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "devcd", 5)) {
			snprintf(path, sizeof(path), DEVCD "/%s/data",
				 de->d_name);
			break;
		}
	closedir(d);
	if (!path[0])
		return NULL;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 1 << 20;
			nb = realloc(buf, cap);
			if (!nb)
				break;
			buf = nb;
		}
		r = read(fd, buf + n, cap - n);
		if (r <= 0)
			break;
		n += r;
	}
	close(fd);
	*len = n;
	return buf;
}

uint32_t rd32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

bool dump_parse(const uint8_t *p, size_t len, struct dump_obj *o,
		unsigned int max, unsigned int *nr)
{
	size_t h;

	*nr = 0;
	for (h = 0; h + 32 <= len && *nr < max; h += 32) {
		struct dump_obj *x = &o[(*nr)++];

		if (rd32(p + h) != DUMP_MAGIC)
			return fail("header %zu: magic 0x%08x", h / 32,
				    rd32(p + h));
		x->type = rd32(p + h + 4);
		x->off = rd32(p + h + 8);
		x->size = rd32(p + h + 12);
		x->iova = rd32(p + h + 16) | (uint64_t)rd32(p + h + 20) << 32;
		x->data0 = rd32(p + h + 24);
		x->data1 = rd32(p + h + 28);
		if (x->off > len || x->size > len - x->off)
			return fail("object %zu: 0x%x+0x%x past the end 0x%zx",
				    h / 32, x->off, x->size, len);
		if (x->type == D_END)
			return true;
	}
	return fail("no END object");
}

uint64_t dump_translate(const uint8_t *p, const struct dump_obj *mmu,
			uint64_t iova)
{
	const uint8_t *t = p + mmu->off;
	uint32_t e, i, slot = 0, mi = iova >> 22;

	if (mmu->size == 2u << 20) {	/* MMUv1: flat, from 2 GiB */
		if (iova < MMUV1_PAGED)
			return ~0ull;
		return rd32(t + ((iova - MMUV1_PAGED) >> MMUV1_PAGE_SHIFT) *
				4) & ~0xfffu;
	}
	e = rd32(t + mi * 4);		/* MMUv2: master, then its slaves */
	if (!(e & 1))
		return ~0ull;
	for (i = 0; i < mi; i++)
		slot += rd32(t + i * 4) & 1;
	if ((slot + 2) * 4096 > mmu->size)
		return ~0ull;
	e = rd32(t + (slot + 1) * 4096 + ((iova >> 12) & 1023) * 4);
	if (!(e & 1))
		return ~0ull;
	return (e & ~0xfffu) | (uint64_t)((e >> 4) & 0xff) << 32;
}

/* Runs etnaviv-disasm (next to this program) on @file into @out. */
static bool disasm(const char *file, char *out, size_t len)
{
	char exe[256], cmd[700];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t got;
	FILE *f;
	char *s;

	if (n <= 0)
		return fail("readlink /proc/self/exe: %s", strerror(errno));
	exe[n] = '\0';
	s = strrchr(exe, '/');
	if (s)
		*s = '\0';
	snprintf(cmd, sizeof(cmd), "%s/../tools/etnaviv-disasm %s", exe, file);
	f = popen(cmd, "r");
	if (!f)
		return fail("popen %s: %s", cmd, strerror(errno));
	got = fread(out, 1, len - 1, f);
	out[got] = '\0';
	n = pclose(f);
	return n == 0 || fail("%s: exit status 0x%zx", cmd, n);
}

/* Freezes @e's FE, runs a job of @fd there and waits for the recovery. */
static int hang_job(int fd, const struct engine *e, uint32_t bo, int *sfd)
{
	uint32_t fence;
	/* the core started first: see engine_awake() */
	int ret = engine_awake(fd, e, bo);

	if (!ret)
		ret = knob_set(e, "freeze", 1);
	if (!ret)
		ret = submit_job(fd, e, bo, ETNA_SUBMIT_BO_WRITE, 0x100, &fence,
				 sfd);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
	knob_set(e, "freeze", 0);
	return ret;
}

static void check_dump(const struct engine *e, const uint8_t *p, size_t len,
		       const uint32_t *cpu, int jfd)
{
	static const char *const names[] = {
		"registers", "MMU", "ring", "command buffer", "buffer map",
		"buffer", "end",
	};
	const struct dump_obj *obj[D_TYPES] = { 0 };
	const char *en = engine_name(e);
	struct dump_obj o[16];
	unsigned int nr, i, want[] = { D_REG, D_MMU, D_RING, D_CMD, D_BOMAP,
				       D_BO, D_END };
	uint32_t reloc = 0, fe = 0, op;
	uint64_t phys, addr;
	char order[160] = "", *out, path[] = "/tmp/etnaviv-coredump-XXXXXX";
	bool ok, found;
	int fd;
	FILE *f;

	ok = dump_parse(p, len, o, ARRAY_SIZE(o), &nr);
	for (i = 0; ok && i < nr; i++) {
		snprintf(order + strlen(order), sizeof(order) - strlen(order),
			 "%s%s", i ? "," : "",
			 o[i].type < D_TYPES ? names[o[i].type] : "?");
		if (o[i].type < D_TYPES && !obj[o[i].type])
			obj[o[i].type] = &o[i];
	}
	ok = ok && (nr == ARRAY_SIZE(want) ||
		    fail("%u objects: %s", nr, order));
	for (i = 0; ok && i < nr; i++)
		ok = o[i].type == want[i] ||
		     fail("objects %s, want registers, MMU, ring, command "
			  "buffer, buffer map, buffer, end", order);
	report(ok, "coredump %s: the dump's objects, in upstream's order", en);
	if (!ok)
		return;

	/* registers: upstream's 37, FE_DMA_ADDRESS among them */
	for (i = 0; i + 8 <= obj[D_REG]->size; i += 8)
		if (rd32(p + obj[D_REG]->off + i) == REG_FE_DMA_ADDRESS)
			fe = rd32(p + obj[D_REG]->off + i + 4);
	ok = obj[D_REG]->size == 37 * 8 || fail("%u bytes of registers",
						obj[D_REG]->size);
	/*
	 * Upstream's dumps on this harness read FE_DMA_ADDRESS 0 since the
	 * model gained its profiling registers and cache checks (cause not
	 * found yet): recorded, not asserted, for upstream.
	 */
	if (ok && is_upstream() && !fe) {
		info("coredump", "%s: upstream's dump has FE_DMA_ADDRESS 0", en);
		fe = obj[D_RING]->iova;
	}
	ok = ok && (obj[D_REG]->size == 0 ||
		    (fe >= obj[D_RING]->iova &&
		     fe < obj[D_RING]->iova + obj[D_RING]->size) ||
		    (fe >= obj[D_CMD]->iova &&
		     fe < obj[D_CMD]->iova + obj[D_CMD]->size) ||
		    fail("FE_DMA_ADDRESS 0x%08x in neither the ring nor the "
			 "command buffer", fe));
	report(ok, "coredump %s: 37 registers; the FE stopped in the ring or "
	       "the job", en);

	/* the command buffer: the job's LOAD_STATE, relocated to the BO */
	found = false;
	op = ETNA_CMD_LOAD_STATE(engine_addr_state(e), 1);
	for (i = 0; i + 8 <= obj[D_CMD]->size; i += 8)
		if (rd32(p + obj[D_CMD]->off + i) == op) {
			reloc = rd32(p + obj[D_CMD]->off + i + 4);
			found = true;
			break;
		}
	ok = (found && reloc == obj[D_BO]->iova + 0x100) ||
	     fail("%s; relocated address 0x%08x, buffer at 0x%08llx",
		  found ? "LOAD_STATE found" : "no LOAD_STATE of the job",
		  reloc, (unsigned long long)obj[D_BO]->iova);
	report(ok, "coredump %s: the command buffer is the hung job's, the "
	       "buffer's address relocated into it", en);

	/* whose job hung: ours names the process and its file */
	if (is_upstream()) {
		info("coredump", "%s: upstream's command buffer data words "
		     "0x%x 0x%x", en, obj[D_CMD]->data0, obj[D_CMD]->data1);
	} else {
		long long id = fdinfo(jfd, "drm-client-id", NULL, 0);

		ok = (obj[D_CMD]->data0 == (uint32_t)getpid() &&
		      id > 0 && obj[D_CMD]->data1 == (uint32_t)id) ||
		     fail("data words %u %u, want the pid %d and the "
			  "drm-client-id %lld", obj[D_CMD]->data0,
			  obj[D_CMD]->data1, getpid(), id);
		report(ok, "coredump %s: the command buffer names the process "
		       "and the file whose job hung", en);
	}

	/* the ring links to the command buffer */
	found = false;
	for (i = 0; i + 8 <= obj[D_RING]->size; i += 8)
		if (ETNA_CMD_OP_OF(rd32(p + obj[D_RING]->off + i)) ==
		    ETNA_CMD_OP_LINK &&
		    rd32(p + obj[D_RING]->off + i + 4) == obj[D_CMD]->iova)
			found = true;
	ok = found || fail("no LINK to 0x%08llx in the %u-byte ring",
			   (unsigned long long)obj[D_CMD]->iova,
			   obj[D_RING]->size);
	report(ok, "coredump %s: the ring links to the command buffer", en);

	/* the buffer: the CPU's contents, its pages in the map and the MMU */
	ok = (obj[D_BO]->size == JOB_BO_SIZE && obj[D_BO]->data0 == 0 &&
	      obj[D_BOMAP]->size == JOB_BO_SIZE / 4096 * 8) ||
	     fail("buffer of %u bytes, map index %u, map of %u bytes",
		  obj[D_BO]->size, obj[D_BO]->data0, obj[D_BOMAP]->size);
	ok = ok && (!memcmp(p + obj[D_BO]->off, cpu, JOB_BO_SIZE) ||
		    fail("the buffer's contents differ from the CPU's"));
	for (i = 0; ok && i < JOB_BO_SIZE / 4096; i++) {
		addr = obj[D_BO]->iova + i * 4096ull;
		phys = dump_translate(p, obj[D_MMU], addr);
		ok = phys == (rd32(p + obj[D_BOMAP]->off + i * 8) |
			      (uint64_t)rd32(p + obj[D_BOMAP]->off + i * 8 + 4)
			      << 32) ||
		     fail("page %u at 0x%08llx: the MMU maps 0x%llx, the map "
			  "says 0x%08x", i, (unsigned long long)addr,
			  (unsigned long long)phys,
			  rd32(p + obj[D_BOMAP]->off + i * 8));
	}
	report(ok, "coredump %s: the buffer's contents, its pages in the "
	       "buffer map, mapped so by the MMU tables", en);

	/* etnaviv-disasm decodes the stuck stream */
	/* a file of its own: other boards run this test at the same time */
	out = malloc(1 << 20);
	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f && fd >= 0)
		close(fd);
	ok = out && f && fwrite(p, 1, len, f) == len;
	if (f)
		fclose(f);
	ok = ok || fail("cannot write %s", path);
	ok = ok && disasm(path, out, 1 << 20);
	if (ok) {
		char want_cmd[64], want_val[32], *s;

		snprintf(want_cmd, sizeof(want_cmd), "command buffer, GPU "
			 "address 0x%08llx",
			 (unsigned long long)obj[D_CMD]->iova);
		snprintf(want_val, sizeof(want_val), "= 0x%08x", reloc);
		s = strstr(out, want_cmd);
		ok = s || fail("no \"%s\" in etnaviv-disasm's output", want_cmd);
		if (ok)
			s = strstr(s, "LOAD_STATE");
		ok = ok && ((s && !strncmp(strstr(s, want_val) ?: "", want_val,
					  strlen(want_val)) &&
			     strchr(s, '\n') > strstr(s, want_val)) ||
			    fail("the command buffer's first LOAD_STATE does "
				 "not load %s", want_val));
	}
	report(ok, "coredump %s: etnaviv-disasm decodes the stuck stream "
	       "(the job's LOAD_STATE of the buffer's address)", en);
	if (fd >= 0)
		unlink(path);
	free(out);
}

void test_coredump(const struct engine *e)
{
	const char *en = engine_name(e);
	long armed = param_get("dump_core");
	int fd = etna_open(), ret;
	uint32_t bo = 0, *map = NULL, *cpu = malloc(JOB_BO_SIZE);
	uint8_t *dump;
	size_t len = 0;
	bool ok;

	ok = armed >= 0 || fail("no parameter dump_core");
	report(ok, "coredump %s: module parameter dump_core (%ld)", en, armed);
	if (!ok || !cpu)
		goto out;
	devcd_clear();
	if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bo) ||
	    !(map = map_bo(fd, bo, JOB_BO_SIZE))) {
		report(fail("GEM_NEW/mmap failed"), "coredump %s: setup", en);
		goto out;
	}
	fill(map, JOB_BO_SIZE, 0xd00d);
	memcpy(cpu, map, JOB_BO_SIZE);
	drain(fd);

	if (armed == 0) {
		/* loaded with dump_core=0: a hang dumps nothing */
		ret = hang_job(fd, e, bo, NULL);
		dump = devcd_read(&len);
		ok = !dump || fail("a %zu-byte dump with dump_core=0", len);
		report(ok, "coredump %s: no dump while dump_core is 0 (hang: "
		       "%s)", en, err_name(ret));
		free(dump);
		devcd_clear();
	}

	ret = param_set("dump_core", "1");
	ok = !ret || fail("writing dump_core: %s", err_name(ret));
	report(ok, "coredump %s: dump_core can be armed", en);
	ret = hang_job(fd, e, bo, NULL);
	dump = devcd_read(&len);
	ok = dump || fail("no %s/devcd*/data after the hang (WAIT_FENCE %s)",
			  DEVCD, err_name(ret));
	report(ok, "coredump %s: a hang writes a devcoredump", en);
	info("coredump", "%s: %zu bytes", en, len);
	if (dump)
		check_dump(e, dump, len, cpu, fd);
	free(dump);
	devcd_clear();

	/* as upstream: a dump disarms it, the next hang is not dumped */
	ok = param_get("dump_core") == 0 ||
	     fail("dump_core reads %ld", param_get("dump_core"));
	report(ok, "coredump %s: a dump disarms dump_core", en);
	ret = hang_job(fd, e, bo, NULL);
	dump = devcd_read(&len);
	ok = !dump || fail("a %zu-byte dump of the second hang", len);
	report(ok, "coredump %s: the next hang is not dumped", en);
	free(dump);
	devcd_clear();
	param_set("dump_core", armed ? "1" : "0");
out:
	if (map)
		munmap(map, JOB_BO_SIZE);
	if (bo)
		etna_gem_close(fd, bo);
	free(cpu);
	close(fd);
}

/* "fences emitted" of pipe @pipe in our debugfs gpu file; -1 if absent. */
static long long fences_emitted(uint32_t pipe)
{
	char path[300], line[160], want[16];
	long long v = -1, x;
	struct dirent *de;
	bool in = false;
	FILE *f;
	DIR *d = opendir("/sys/kernel/debug/dri");

	if (!d)
		return -1;
	snprintf(want, sizeof(want), "pipe %u:", pipe);
	while (v < 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/gpu",
			 de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			if (!strncmp(line, "pipe ", 5))
				in = !strncmp(line, want, strlen(want));
			else if (in &&
				 sscanf(line, " fences emitted %lld", &x) == 1)
				v = x;
		}
		fclose(f);
	}
	closedir(d);
	return v;
}

void test_job_limits(const struct engine *e)
{
	const char *en = engine_name(e);
	long jobs = param_get("hw_job_limit"), hangs = param_get("job_hang_limit");
	long long f0, n = -1, resets, looks;
	uint32_t fence = 0;
	int fd = etna_open(), sfd = -1, ret = 0, st;
	uint64_t t0;
	unsigned int i;
	bool ok;

	ok = (jobs >= 1 && hangs >= 0) ||
	     fail("hw_job_limit %ld, job_hang_limit %ld", jobs, hangs);
	report(ok, "limits %s: module parameters hw_job_limit (%ld) and "
	       "job_hang_limit (%ld)", en, jobs, hangs);
	if (!ok)
		goto out;

	/*
	 * hw_job_limit: jobs on the ring of a frozen core (ours: debugfs).
	 * The events: the scheduler has put hw_job_limit jobs there; then
	 * the hang check has looked at the frozen job once (the driver's
	 * count of looks, JOB_TIMEOUT_MS after the job went on the ring; the
	 * first look lets a frozen job be, having nothing to compare with):
	 * the scheduler has long had the next job in hand by then and
	 * must not have put it there. A reset by then leaves it undecided.
	 */
	drain(fd);
	/* the core started first: see engine_awake() */
	ret = engine_awake(fd, e, 0);
	f0 = ret ? -1 : fences_emitted(e->pipe);
	looks = core_stat(e->pipe, "hang checks");
	if (f0 >= 0 && looks >= 0) {
		resets = resets_of(e);
		ret = knob_set(e, "freeze", 1);
		for (i = 0; !ret && i < jobs + 2; i++)
			ret = submit_job(fd, e, 0, 0, 0, &fence, NULL);
		t0 = etna_now_ns();
		do {
			n = fences_emitted(e->pipe) - f0;
			if (ret || n >= jobs)
				break;
			usleep(2000);
		} while (etna_now_ns() - t0 < 5 * SEC_NS);
		t0 = etna_now_ns();
		while (!ret && core_stat(e->pipe, "hang checks") == looks &&
		       etna_now_ns() - t0 < 10 * SEC_NS)
			usleep(10000);
		n = fences_emitted(e->pipe) - f0;
		if (!ret && resets_of(e) != resets) {
			printf("SKIP: func/limits %s: hw_job_limit jobs on the "
			       "ring at once: undecided: the core was reset "
			       "before the hang check's first look (%lld jobs "
			       "on the ring)\n", en, n);
			goto frozen_done;
		}
		ok = (!ret && n == jobs) ||
		     fail("%s; %lld of %ld jobs on the ring of the frozen "
			  "core, want %ld", err_name(ret), n, jobs + 2, jobs);
		report(ok, "limits %s: hw_job_limit jobs on the ring at once",
		       en);
frozen_done:
		if (!ret)
			etna_wait_fence(fd, e->pipe, fence, 0, 10 * SEC_NS);
		knob_set(e, "freeze", 0);
		drain(fd);
	} else {
		info("limits", "%s: no debugfs fence count (upstream): "
		     "hw_job_limit not observed", en);
	}

	/* job_hang_limit: the hung job is run again that many times */
	resets = resets_of(e);
	ret = hang_job(fd, e, 0, &sfd);
	st = sfd >= 0 ? sync_status(sfd) : -1000;
	if (hangs == 0)
		ok = (!ret && st < 0 && st > -1000) ||
		     fail("WAIT_FENCE %s, sync file %s, want an error",
			  err_name(ret), status_name(st));
	else
		ok = (!ret && st == 1) ||
		     fail("WAIT_FENCE %s, sync file %s, want 1 (run again "
			  "after the reset, which unfroze the FE)",
			  err_name(ret), status_name(st));
	report(ok, "limits %s: job_hang_limit %ld: the hung job is %s", en,
	       hangs, hangs ? "run again and completes" : "cancelled");
	ok = resets_of(e) == resets + 1 ||
	     fail("model resets %lld -> %lld", resets, resets_of(e));
	report(ok, "limits %s: one reset", en);
out:
	if (sfd >= 0)
		close(sfd);
	close(fd);
}

/* Reads "@key:\t<value>" of /proc/self/fdinfo/@fd; -1 if absent. */
long long fdinfo(int fd, const char *key, char *str, size_t len)
{
	char path[64], line[200], k[64], v[100];
	long long val = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63[^:]: %99s", k, v) != 2 || strcmp(k, key))
			continue;
		if (str) {
			size_t n = strlen(v) < len ? strlen(v) : len - 1;

			memcpy(str, v, n);
			str[n] = '\0';
		}
		val = strtoll(v, NULL, 10);
		break;
	}
	fclose(f);
	return val;
}

/* The fdinfo key of @e's engine time. */
const char *engine_key(const struct engine *e)
{
	return e->exec_state == ETNA_PIPE_2D ? "drm-engine-2d" :
	       "drm-engine-3d";
}

void test_fdinfo(void)
{
	int a = etna_open(), b = etna_open(), a2 = dup(a), ret = 0;
	long long ida, idb, ma0, mb0, m, ba0, ba1, bb0, bb1;
	char drv[32] = "", unit[16] = "";
	uint32_t bo1 = 0, bo2 = 0, fence = 0;
	uint64_t t0, t;
	unsigned int i, j;
	bool ok;

	if (fdinfo(a, "drm-driver", drv, sizeof(drv)) < 0 && is_upstream()) {
		info("fdinfo", "upstream 6.1 has no DRM usage statistics");
		goto out;
	}
	ok = !strcmp(drv, "etnaviv") || fail("drm-driver \"%s\"", drv);
	report(ok, "fdinfo: drm-driver is etnaviv");
	ida = fdinfo(a, "drm-client-id", NULL, 0);
	idb = fdinfo(b, "drm-client-id", NULL, 0);
	ok = (ida > 0 && idb > 0 && ida != idb &&
	      fdinfo(a2, "drm-client-id", NULL, 0) == ida) ||
	     fail("ids %lld and %lld, the dup of the first %lld", ida, idb,
		  fdinfo(a2, "drm-client-id", NULL, 0));
	report(ok, "fdinfo: drm-client-id differs between open files, not "
	       "between duplicates of one");

	/* memory: the file's buffers, in KiB */
	ma0 = fdinfo(a, "drm-memory-system", NULL, 0);
	mb0 = fdinfo(b, "drm-memory-system", NULL, 0);
	fdinfo(a, "drm-memory-system", unit, sizeof(unit));
	ret = etna_gem_new(a, 0x10000, ETNA_BO_WC, &bo1);
	if (!ret)
		ret = etna_gem_new(a, 0x40000, ETNA_BO_CACHED, &bo2);
	m = fdinfo(a, "drm-memory-system", NULL, 0);
	ok = (!ret && ma0 >= 0 && m == ma0 + 320 &&
	      fdinfo(b, "drm-memory-system", NULL, 0) == mb0) ||
	     fail("%s; %lld -> %lld KiB, the other file %lld -> %lld",
		  err_name(ret), ma0, m, mb0,
		  fdinfo(b, "drm-memory-system", NULL, 0));
	report(ok, "fdinfo: drm-memory-system counts the file's buffers "
	       "(64 + 256 KiB), not another file's");
	if (bo1)
		etna_gem_close(a, bo1);
	bo1 = 0;
	m = fdinfo(a, "drm-memory-system", NULL, 0);
	ok = m == ma0 + 256 || fail("%lld KiB after closing 64, was %lld",
				    m, ma0 + 320);
	report(ok, "fdinfo: a closed buffer no longer counts");

	/* engines: each busy for the jobs of its file only */
	for (i = 0; i < nr_engines; i++) {
		const struct engine *e = &engines[i];
		const char *k = engine_key(e);

		drain(a);
		ba0 = fdinfo(a, k, NULL, 0);
		bb0 = fdinfo(b, k, NULL, 0);
		t0 = etna_now_ns();
		for (j = 0; !ret && j < 50; j++)
			ret = submit_job(a, e, bo2, ETNA_SUBMIT_BO_READ, 0,
					 &fence, NULL);
		if (!ret)
			ret = etna_wait_fence(a, e->pipe, fence, 0,
					      10 * SEC_NS);
		ba1 = fdinfo(a, k, NULL, 0);
		t = etna_now_ns() - t0;
		bb1 = fdinfo(b, k, NULL, 0);
		ok = (!ret && ba0 >= 0 && ba1 > ba0 && bb1 == bb0 &&
		      bb0 == 0) ||
		     fail("%s; %s %lld -> %lld ns, the other file's %lld -> "
			  "%lld", err_name(ret), k, ba0, ba1, bb0, bb1);
		report(ok, "fdinfo %s: %s grows with the file's jobs, not "
		       "another file's", engine_name(e), k);
		/* one engine runs one job at a time: never more than the wall */
		ok = (uint64_t)(ba1 - ba0) <= t ||
		     fail("%lld ns busy in %llu ns", ba1 - ba0,
			  (unsigned long long)t);
		report(ok, "fdinfo %s: busy time within the time it took",
		       engine_name(e));
		info("fdinfo", "%s: 50 jobs, %lld ns busy in %llu ns",
		     engine_name(e), ba1 - ba0, (unsigned long long)t);
	}
out:
	if (bo1)
		etna_gem_close(a, bo1);
	if (bo2)
		etna_gem_close(a, bo2);
	close(a2);
	close(a);
	close(b);
}
