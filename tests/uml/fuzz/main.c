// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz: three fuzzers of an etnaviv driver inside a simulated board,
 * reproducible by seed.
 *
 *  - ioctl (ioctl.c): several processes, each with two files of the
 *    render node, call every ioctl with valid and invalid arguments in
 *    random order, fork children that submit and exit (or are killed)
 *    with jobs in flight, close and reopen files with jobs in flight, map
 *    and touch BOs. Their jobs are harmless streams, so any GPU fault or
 *    bus error is a finding.
 *  - cs (cs.c): command streams from a grammar of the real commands and
 *    states (the tables hw/gen.py writes from hw/gc.db,
 *    tools/etna_states_gen.h): loads of random states and runs of states
 *    with values made field by field, address states relocated into one
 *    of three BOs (at offsets in and past them) or not relocated, 2D
 *    kicks (DRAW_2D with rectangles), resolve kicks, 3D draws, STALL,
 *    forbidden commands and kernel-only states.
 *  - ops (ops.c, MMUv1 3D cores): draws as a GL driver makes them (the
 *    shaders, the viewport, a colour target, and a depth target, tile
 *    status, a texture, indices, as lib/draw3d.h writes them) at offsets
 *    near their buffers' ends, then, for most, a few of their state
 *    values, relocation offsets or draw operands changed. A draw left as
 *    built must be accepted.
 * In cs and ops a second process meanwhile submits jobs on every engine
 * that read its two canary BOs: each must complete without an error, and
 * the canaries must keep every word.
 *
 * Oracles, besides the boot's splat detector, kmemleak and escape count:
 * no bus error ever (the model counts accesses to memory that does not
 * exist); on an MMUv1 board with our driver no MMU fault and no escape
 * after an accepted job (its validator bounds every accepted job); every
 * accepted job completes; the innocent client loses no job; at the end
 * every engine completes a plain job (liveness).
 *
 * Iteration i of a cs or ops run depends only on (seed, i): a finding
 * prints the command to replay that iteration alone. tests/uml/fuzz-seeds
 * lists the runs `--replay` repeats (make check).
 *
 * Usage: fuzz [--mode ioctl|cs|ops|both] [--seed N] [--seconds S]
 *             [--iters N] [--first I] [--loop K] [--procs N]
 *             [--replay FILE] [--verbose] [--profile]
 * --loop K repeats iterations first .. first + K - 1 until --iters or
 * --seconds run out; --verbose names the cs iterations that faulted;
 * --profile prints where a cs or ops iteration's time went.
 * Output: PASS:/FAIL: fuzz/<name> lines, "FINDING:" lines, a summary.
 */
#include "fuzz.h"

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <linux/sync_file.h>

#include "etna_states.h"

struct engine engines[ENGINES_MAX];
unsigned int nr_engines;
bool upstream, mmuv1, verbose, profile;
struct shared *sh;
static unsigned int nr_findings;

/* ---- random numbers: splitmix64 ---------------------------------- */

static uint64_t rng_state;

uint64_t rnd64(void)
{
	return splitmix64(&rng_state);
}

uint32_t rnd(uint32_t n)
{
	return n ? rnd64() % n : 0;
}

bool chance(unsigned int pct)
{
	return rnd(100) < pct;
}

void seed_rng(uint64_t seed, uint64_t i)
{
	rng_state = seed * 0x2545f4914f6cdd1dull + i;
	rnd64();
}

/* A value with the shapes hardware states like: small, powers of two,
 * strides, coordinates, all ones, anything. */
uint32_t interesting(void)
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

void prof(enum prof_phase phase)
{
	static uint64_t last;
	uint64_t now;

	if (!profile)
		return;
	now = etna_now_ns();
	if (last)
		sh->prof_ns[phase] += now - last;
	last = now;
}

/* Every call counts: etna_ioctl_once() throughout (no retry on EINTR). */

void __printf(1, 2) finding(const char *fmt, ...)
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
bool liveness(int fd)
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

/* Every word of the two canary BOs as written; a change is a finding. */
static void canaries_check(uint32_t *const cmap[2])
{
	unsigned int b, w;

	for (b = 0; b < 2; b++)
		for (w = 0; w < CANARY_WORDS; w++) {
			if (cmap[b][w] == canary_word(b, w))
				continue;
			finding("innocent client's BO %u changed at 0x%x: "
				"0x%08x (iteration %llu or the one before it)",
				b, 4 * w, cmap[b][w],
				(unsigned long long)sh->cur_iter);
			__atomic_add_fetch(&sh->canary_hits, 1,
					   __ATOMIC_RELAXED);
			for (; w < CANARY_WORDS; w++)
				cmap[b][w] = canary_word(b, w);
		}
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
			finding("innocent job on %s: status %d (iteration "
				"%llu or the one before it running)", e->name,
				info.status,
				(unsigned long long)sh->cur_iter);
		}
		__atomic_add_fetch(&sh->innocent_jobs, 1, __ATOMIC_RELAXED);
		close(sfd);
		if (!(i & 15))		/* every 16 jobs */
			canaries_check(cmap);
		usleep(2000);
	}
	canaries_check(cmap);	/* after the fuzzer's last job */
	_exit(0);
}

pid_t innocent_start(void)
{
	pid_t pid;

	sh->stop = 0;
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		innocent();
	return pid;
}

void innocent_stop(pid_t pid)
{
	int st;

	sh->stop = 1;
	if (pid > 0)
		waitpid(pid, &st, 0);
}

void dump_stream(const uint32_t *w, unsigned int n,
		 const struct drm_etnaviv_gem_submit_reloc *r, unsigned int nr)
{
	unsigned int i;

	printf("FINDING: stream (%u words):", n);
	for (i = 0; i < n; i++)
		printf(" %08x", w[i]);
	printf("\nFINDING: relocs:");
	for (i = 0; i < nr; i++)
		printf(" @%u->bo%u+0x%llx", r[i].submit_offset, r[i].reloc_idx,
		       (unsigned long long)r[i].reloc_offset);
	printf("\n");
}

/* ---- the device model's oracles ------------------------------------ */

/*
 * The cores' stats files, opened once and read whole with one pread() a
 * core: the three counters of every core in as many system calls as
 * there are cores (reading them by MODEL_SUM(), a directory walk and an
 * open of each file for each counter, took 85% of an ops iteration).
 */
#define ORACLE_CORES	16

static int oracle_fd[ORACLE_CORES];
static int nr_oracle_fds = -1;
static struct oracle last;	/* what the last oracle_read() saw */

static void oracle_open(void)
{
	char path[512];
	struct dirent *de;
	DIR *d = opendir(MODEL_DEBUGFS);

	nr_oracle_fds = 0;
	while (d && (de = readdir(d)) && nr_oracle_fds < ORACLE_CORES) {
		int fd;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/stats",
			 de->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0)
			oracle_fd[nr_oracle_fds++] = fd;
	}
	if (d)
		closedir(d);
	if (!nr_oracle_fds)	/* a blind oracle would pass anything */
		finding("oracle: no stats file in " MODEL_DEBUGFS);
}

/* The value of counter @key in the stats text @text (0 if none). */
static unsigned long long stat_in(const char *text, const char *key)
{
	size_t n = strlen(key);
	const char *p = text;

	while ((p = strstr(p, key))) {
		if ((p == text || p[-1] == '\n') && p[n] == ':')
			return strtoull(p + n + 1, NULL, 10);
		p += n;
	}
	return 0;
}

void oracle_read(struct oracle *o)
{
	char text[4096];
	int i;
	ssize_t n;

	if (nr_oracle_fds < 0)
		oracle_open();
	memset(o, 0, sizeof(*o));
	for (i = 0; i < nr_oracle_fds; i++) {
		n = pread(oracle_fd[i], text, sizeof(text) - 1, 0);
		if (n <= 0) {
			finding("oracle: a stats file unreadable: %s",
				n ? strerror(errno) : "empty");
			continue;
		}
		text[n] = '\0';
		o->faults += stat_in(text, "mmu_faults");
		o->bus_errors += stat_in(text, "bus_errors");
		o->escapes += stat_in(text, "escapes");
	}
	last = *o;
}

void oracle_last(struct oracle *o)
{
	if (nr_oracle_fds < 0)
		oracle_read(&last);
	*o = last;
}

bool oracle_held(const struct oracle *before, char *buf, size_t len)
{
	struct oracle now;

	oracle_read(&now);
	snprintf(buf, len, "%llu bus errors, %llu MMU faults, %llu escapes",
		 now.bus_errors - before->bus_errors,
		 now.faults - before->faults, now.escapes - before->escapes);
	if (now.bus_errors != before->bus_errors)
		return false;
	return !mmuv1 || upstream ||
	       (now.faults == before->faults &&
		now.escapes == before->escapes);
}

/*
 * An accepted job of iteration @it of a @mode run (cs, ops): it completes
 * and keeps the oracles since @before; if not, a finding with what
 * replays it, and false.
 */
bool accepted_job_held(int fd, uint32_t pipe, uint32_t fence,
		       const struct oracle *before, const char *mode,
		       uint64_t seed, uint64_t it)
{
	int ret = etna_wait_fence(fd, pipe, fence, 0, 20 * SEC_NS);
	char moved[96];
	bool held;

	prof(PROF_WAIT);
	held = !ret && oracle_held(before, moved, sizeof(moved));
	prof(PROF_ORACLE);
	if (held)
		return true;
	finding("%s seed=0x%llx iter=%llu: accepted job %s%s (replay: fuzz "
		"--mode %s --seed 0x%llx --first %llu --iters 1)", mode,
		(unsigned long long)seed, (unsigned long long)it,
		ret ? "did not complete: " : "made ",
		ret ? err_name(ret) : moved, mode, (unsigned long long)seed,
		(unsigned long long)it);
	return false;
}

/*
 * Iterations @first .. of a cs or ops run (those of @first .. @first +
 * @loop - 1 repeated), until @iters ran or @deadline, the innocent client
 * beside them.
 */
void run_iterations(uint64_t seed, uint64_t first, uint64_t iters,
		    uint64_t loop, uint64_t deadline,
		    bool (*iter)(uint64_t seed, uint64_t it))
{
	pid_t inno = innocent_start();
	uint64_t it;

	for (it = first; it < first + iters; it++) {
		if (deadline && etna_now_ns() > deadline)
			break;
		iter(seed, first + (it - first) % loop);
	}
	innocent_stop(inno);
}

/* ---- main --------------------------------------------------------- */

static void summary(const char *what)
{
	unsigned int i, cmds = 0;
	char buf[1024] = "";
	size_t len = 0;

	ioctl_summary(what);
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
	if (sh->mutated)
		printf("INFO: fuzz/%s: %lu of the draws changed after they were "
		       "built\n", what, sh->mutated);
	printf("INFO: fuzz/%s: %lu iterations, %lu findings\n", what,
	       sh->iters, sh->findings);
	if (profile && sh->iters)
		printf("INFO: fuzz/%s: us an iteration: build %.1f, submit "
		       "%.1f, wait %.1f, oracle %.1f\n", what,
		       sh->prof_ns[PROF_BUILD] / 1e3 / sh->iters,
		       sh->prof_ns[PROF_SUBMIT] / 1e3 / sh->iters,
		       sh->prof_ns[PROF_WAIT] / 1e3 / sh->iters,
		       sh->prof_ns[PROF_ORACLE] / 1e3 / sh->iters);
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
	if (!strcmp(mode, "ops"))
		run_ops(fd, seed, first, iters, loop ?: iters, deadline);
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
		{ "verbose", 0, NULL, 'v' }, { "profile", 0, NULL, 'P' },
		{ NULL, 0, NULL, 0 },
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
		case 'P':
			profile = true;
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
		unsigned long long s, n, l, f0;
		FILE *f = fopen(replay, "r");

		if (!f) {
			perror(replay);
			return 2;
		}
		while (fgets(line, sizeof(line), f)) {
			l = 0;
			f0 = 0;
			if (line[0] == '#' ||
			    sscanf(line, "%15s %lli %lli %lli %lli", m, &s, &n,
				   &l, &f0) < 3)
				continue;
			snprintf(name, sizeof(name), "seed-%s-0x%llx-%llu%s%s",
				 m, s, n, l ? "-loop" : "", f0 ? "-from" : "");
			run(fd, name, m, s, f0, n, l, 0, procs);
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
