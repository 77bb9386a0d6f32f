// SPDX-License-Identifier: MIT
/*
 * bench [SUBMITS]: what the driver and the device model cost, measured in
 * one run inside a simulated board. Not a test: it prints numbers.
 *
 *   syscall_us        mean time of one getppid() system call: what any
 *                     system call costs under UML on this host
 *   getparam_us       mean time of one GET_PARAM ioctl (the floor of any
 *                     ioctl under UML)
 *   floor_us          mean time of a SUBMIT the driver rejects at once
 *                     (pipe 255): what every submit costs before the
 *                     driver does anything, the same for any driver
 *   submit_per_s      no-op submits per second on pipe 0's first engine,
 *                     SUBMITS (default 5000) of them back to back, the
 *                     time to drain the queue included
 *   submit_us         the same as mean time per submit
 *   submit_ioctl_us   mean time spent in the submit ioctls alone (they
 *                     block when the kernel's command buffer space or the
 *                     scheduler's job limit is exhausted)
 *   drain_ms          from the last submit until its fence signalled
 *   relocs_us         mean time of a submit referencing 64 BOs with 256
 *                     relocations (address states of the 3D texture and
 *                     pixel engines), drain included
 *   stream64k_us      mean time of a submit of a 64 KiB stream, drain
 *                     included
 *   bo_cycle_us       mean time to create a 64 KiB BO, mmap it, fault
 *                     every page in, unmap and close it
 *   idx_scan_us       mean time of a submit of one indexed draw of
 *                     IDX_COUNT 16-bit indices whose vertex stream holds
 *                     fewer than 65536 vertices (MMUv1: our driver reads
 *                     the indices), drain included
 *   idx_noscan_us     the same, the stream holding any 16-bit index
 *   one_client_us     mean time of a no-op submit, CTX_SUBMITS of them
 *                     from one client, drain included
 *   two_clients_us    the same with two clients taking turns: on MMUv2
 *                     every submit switches address spaces
 *   ctx_switch_us     the difference: the cost of one switch
 *
 * "bench ctx" measures only the last three.
 *
 * "bench mesa CUBE CLEAR" measures Mesa's own submits, in the kernel only
 * (below): CUBE (tools/etnaviv-gl-cube) run MESA_CUBE_RUNS times, its
 * submits the "mesa_cube_us" measurement; then CLEAR (tests/gl/clear.c,
 * with tile status and fast clear) once, "mesa_gl_us". Their output is
 * not shown: only whether they passed.
 *
 * Output lines: "BENCH <key> <value> <unit>". Compare ratios between runs
 * on one machine, not absolute times.
 *
 * Inside the kernel (the harness's kernel patch, kernel/patches/): each
 * measurement first empties the kernel's timing files, and afterwards
 * prints them as "KTIME <key> <line>" (debugfs dri/N/ioctl_times of the
 * device: time in each ioctl handler, in drm_gem_mmap() and in the page
 * fault handler), "SCHED <key> <line>" (drm_sched/<n>-<name>: push, run_job
 * and hardware fence times of the last jobs) and "MODEL <key> <line>"
 * (vgc-model/<core>/jobs: when the FE started work and raised the
 * interrupt). scripts/bench turns them into per-call times and job phases.
 */
#include <glob.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "check.h"
#include "draw3d.h"

#define GETPARAM_CALLS	20000
#define WARMUP_SUBMITS	16
#define DRAIN_TIMEOUT	(60ull * 1000000000ull)

static const uint32_t noop_stream[] = { ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0 };

static int noop_submit(int fd, uint32_t pipe, uint32_t exec_state,
		       uint32_t *fence)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = pipe,
		.exec_state = exec_state,
		.stream_size = sizeof(noop_stream),
		.stream = (uintptr_t)noop_stream,
		.fence_fd = -1,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	*fence = req.fence;
	return ret;
}

static int die(const char *what, int ret)
{
	fprintf(stderr, "bench: %s: %s\n", what, strerror(-ret));
	return 1;
}

/* The kernel's timing files: none when the kernel lacks the patch. */
#define KTIME_LINES	300	/* jobs printed per file, the last ones */
static char ktime_ioctls[96];
static glob_t ktime_jobs;

static void ktime_init(int fd)
{
	struct stat st;

	if (!fstat(fd, &st))
		snprintf(ktime_ioctls, sizeof(ktime_ioctls),
			 "/sys/kernel/debug/dri/%u/ioctl_times",
			 minor(st.st_rdev));
	if (glob("/sys/kernel/debug/drm_sched/*", 0, NULL, &ktime_jobs))
		memset(&ktime_jobs, 0, sizeof(ktime_jobs));
	if (glob("/sys/kernel/debug/vgc-model/*/jobs",
		 ktime_jobs.gl_pathc ? GLOB_APPEND : 0, NULL, &ktime_jobs) &&
	    !ktime_jobs.gl_pathc)
		memset(&ktime_jobs, 0, sizeof(ktime_jobs));
}

static void ktime_reset_file(const char *path)
{
	int f = open(path, O_WRONLY);

	if (f < 0)
		return;
	if (write(f, "0\n", 2) != 2)
		fprintf(stderr, "bench: cannot reset %s\n", path);
	close(f);
}

/* Start a measurement: empty every timing file. */
static void ktime_begin(void)
{
	size_t i;

	ktime_reset_file(ktime_ioctls);
	for (i = 0; i < ktime_jobs.gl_pathc; i++)
		ktime_reset_file(ktime_jobs.gl_pathv[i]);
}

/* Print @path's lines as "@tag @key line", at most the last @max. */
static void ktime_print(const char *path, const char *tag, const char *key,
			unsigned int max)
{
	char line[256];
	unsigned int n = 0, i = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		n += line[0] != '#';
	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#' || i++ < n - (n < max ? n : max))
			continue;
		printf("%s %s %s", tag, key, line);
	}
	fclose(f);
}

/* End measurement @key: print what the kernel timed. */
static void ktime_end(const char *key)
{
	size_t i;

	ktime_print(ktime_ioctls, "KTIME", key, ~0u);
	for (i = 0; i < ktime_jobs.gl_pathc; i++)
		ktime_print(ktime_jobs.gl_pathv[i],
			    strstr(ktime_jobs.gl_pathv[i], "vgc-model") ?
			    "MODEL" : "SCHED", key, KTIME_LINES);
}

#define RELOC_BOS	64
#define RELOCS		256
#define HEAVY_SUBMITS	300
#define BO_CYCLES	1000
#define BO_SIZE		(64 * 1024)

/* Address states to relocate, 256 in all: (state, count). */
static const uint32_t reloc_states[][2] = {
	{ ST_TE_SAMPLER_LOD_ADDR(0, 0), 224 },
	{ ST_PE_PIPE_COLOR_ADDR(0), 8 }, { ST_PE_PIPE_DEPTH_ADDR(0), 8 },
	{ ST_PE_PIPE_ADDR_UNK01500(0), 8 }, { ST_PE_PIPE_ADDR_UNK01520(0), 8 },
};

/* Mean µs of @n submits of @req, the drain of the last one included. */
static double timed_submits(int fd, struct drm_etnaviv_gem_submit *req,
			    unsigned int n, int *err)
{
	uint64_t t0 = etna_now_ns();
	unsigned int i;

	for (i = 0; i < n; i++) {
		*err = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, req);
		if (*err)
			return 0;
	}
	*err = etna_wait_fence(fd, req->pipe, req->fence, 0, DRAIN_TIMEOUT);
	return (etna_now_ns() - t0) / 1e3 / n;
}

static int bench_relocs(int fd, uint32_t exec_state)
{
	static struct drm_etnaviv_gem_submit_bo bos[RELOC_BOS];
	static struct drm_etnaviv_gem_submit_reloc relocs[RELOCS];
	static uint32_t stream[RELOCS + 16];
	struct drm_etnaviv_gem_submit req = {
		.exec_state = exec_state, .fence_fd = -1,
		.nr_bos = RELOC_BOS, .bos = (uintptr_t)bos,
		.nr_relocs = RELOCS, .relocs = (uintptr_t)relocs,
		.stream = (uintptr_t)stream,
	};
	unsigned int i, j, n = 0, r = 0;
	double us;
	int ret;

	for (i = 0; i < RELOC_BOS; i++) {
		ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &bos[i].handle);
		if (ret)
			return die("relocs: GEM_NEW", ret);
		bos[i].flags = ETNA_SUBMIT_BO_READ;
	}
	for (i = 0; i < ARRAY_SIZE(reloc_states); i++) {
		stream[n++] = ETNA_CMD_LOAD_STATE(reloc_states[i][0],
						  reloc_states[i][1]);
		for (j = 0; j < reloc_states[i][1]; j++, r++) {
			relocs[r].submit_offset = n * 4;
			relocs[r].reloc_idx = r % RELOC_BOS;
			stream[n++] = 0;
		}
		if (n & 1)
			stream[n++] = 0;
	}
	req.stream_size = n * 4;
	ktime_begin();
	us = timed_submits(fd, &req, HEAVY_SUBMITS, &ret);
	if (ret)
		return die("relocs: submit", ret);
	ktime_end("relocs_us");
	printf("BENCH relocs_us %.1f us\n", us);
	for (i = 0; i < RELOC_BOS; i++)
		etna_gem_close(fd, bos[i].handle);
	return 0;
}

static int bench_stream64k(int fd, uint32_t exec_state)
{
	static uint32_t stream[64 * 1024 / 4];
	struct drm_etnaviv_gem_submit req = {
		.exec_state = exec_state, .fence_fd = -1,
		.stream_size = sizeof(stream), .stream = (uintptr_t)stream,
	};
	unsigned int i;
	double us;
	int ret;

	for (i = 0; i < ARRAY_SIZE(stream); i += 2)
		stream[i] = ETNA_CMD_NOP;
	ktime_begin();
	us = timed_submits(fd, &req, HEAVY_SUBMITS, &ret);
	if (ret)
		return die("stream64k: submit", ret);
	ktime_end("stream64k_us");
	printf("BENCH stream64k_us %.1f us\n", us);
	return 0;
}

static int bench_bo_cycle(int fd)
{
	volatile uint8_t *p;
	uint32_t handle;
	unsigned int i, off;
	uint64_t t0;
	int ret;

	ktime_begin();
	t0 = etna_now_ns();
	for (i = 0; i < BO_CYCLES; i++) {
		ret = etna_gem_new(fd, BO_SIZE, ETNA_BO_WC, &handle);
		if (ret)
			return die("bo: GEM_NEW", ret);
		p = (volatile uint8_t *)map_bo(fd, handle, BO_SIZE);
		if (!p)
			return die("bo: GEM_INFO and mmap", -errno);
		for (off = 0; off < BO_SIZE; off += 4096)
			p[off] = 1;
		munmap((void *)p, BO_SIZE);
		etna_gem_close(fd, handle);
	}
	t0 = etna_now_ns() - t0;
	ktime_end("bo_cycle_us");
	printf("BENCH bo_cycle_us %.1f us\n", t0 / 1e3 / BO_CYCLES);
	return 0;
}

#define CTX_SUBMITS	2000

/* Mean µs per no-op submit over @n, taking turns among @nr_fds clients. */
static double turns(const int *fds, unsigned int nr_fds, unsigned int n,
		    uint32_t exec_state, int *err)
{
	uint32_t last[2] = { 0, 0 };
	uint64_t t0 = etna_now_ns();
	unsigned int i;

	for (i = 0; i < n; i++) {
		*err = noop_submit(fds[i % nr_fds], 0, exec_state,
				   &last[i % nr_fds]);
		if (*err)
			return 0;
	}
	for (i = 0; i < nr_fds; i++) {
		*err = etna_wait_fence(fds[i], 0, last[i], 0, DRAIN_TIMEOUT);
		if (*err)
			return 0;
	}
	return (etna_now_ns() - t0) / 1e3 / n;
}

static int bench_ctx_switch(int fd, uint32_t exec_state)
{
	int fds[2] = { fd, etna_open() };
	double one, two;
	int ret;

	ktime_begin();
	one = turns(fds, 1, CTX_SUBMITS, exec_state, &ret);
	if (ret)
		return die("one client", ret);
	ktime_end("one_client_us");
	ktime_begin();
	two = turns(fds, 2, CTX_SUBMITS, exec_state, &ret);
	if (ret)
		return die("two clients", ret);
	ktime_end("two_clients_us");
	close(fds[1]);
	printf("BENCH one_client_us %.1f us\n", one);
	printf("BENCH two_clients_us %.1f us\n", two);
	printf("BENCH ctx_switch_us %.1f us\n", two - one);
	return 0;
}

#define MESA_CUBE_RUNS	5
#define IDX_COUNT	3000
#define IDX_SUBMITS	200

/*
 * Submits of an indexed draw of IDX_COUNT indices (16-bit, below 32768),
 * the vertex stream from @vb_off into a 2 MiB buffer of 65536 vertices:
 * from 1 MiB on, the stream holds 32768 of them and a 16-bit index can
 * name a vertex past it, so our driver reads the indices; from 0, it
 * holds any. Vertices at the origin: no pixel is drawn.
 */
static int bench_idx_case(struct buf *rt, struct buf *vb, struct buf *ib,
			  uint32_t vb_off, const char *key)
{
	static struct stream s;
	uint64_t t0, t1;
	uint32_t fence = 0;
	unsigned int i;
	int ret = 0;

	ktime_begin();
	t0 = etna_now_ns();
	for (i = 0; i < IDX_SUBMITS && !ret; i++) {
		setup(&s, rt, 0, W, H, STRIDE, vb, false);
		ls_reloc(&s, d3_streams ? ST_FE_VERTEX_STREAMS_BASE_ADDR(0) :
			 ST_FE_VERTEX_STREAM_BASE_ADDR, vb, vb_off, false);
		index_stream(&s, ib, 0);
		draw_indexed(&s, 0, IDX_COUNT / 3);
		ret = submit(&s, &fence, -1);
	}
	if (!ret)
		ret = etna_wait_fence(d3_fd, d3_pipe, fence, 0, DRAIN_TIMEOUT);
	t1 = etna_now_ns();
	ktime_end(key);
	if (ret)
		return die(key, ret);
	printf("BENCH %s %.1f us\n", key, (t1 - t0) / 1e3 / IDX_SUBMITS);
	return 0;
}

/* idx_scan_us and idx_noscan_us, on an MMUv1 3D core (else nothing). */
static int bench_idx(int fd)
{
	struct buf rt, vb, ib;
	unsigned int i;
	uint16_t v;
	int ret;

	if (!find_core(fd))
		return 0;
	if (!buf_new(&rt, 4096) || !buf_new(&vb, 65536 * VTX_BYTES) ||
	    !buf_new(&ib, IDX_COUNT * 2))
		return die(why, -ENOMEM);
	for (i = 0; i < IDX_COUNT; i++) {
		v = i * 7 % 32768;
		memcpy(ib.map + 2 * i, &v, 2);
	}
	ret = bench_idx_case(&rt, &vb, &ib, vb.size / 2, "idx_scan_us") ||
	      bench_idx_case(&rt, &vb, &ib, 0, "idx_noscan_us");
	buf_free(&ib);
	buf_free(&vb);
	buf_free(&rt);
	return ret;
}

/* Run @argv (its output to /dev/null); 0 if it exited with 0. */
static int run_quiet(char *const argv[])
{
	int status, null;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (!pid) {
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -EIO;
}

/*
 * Mesa's submits (bench mesa CUBE CLEAR): the kernel's time in them, as
 * Mesa 22.3 makes them for a real scene and for the GL tests. A program
 * that fails is reported (its submits may have been refused).
 */
static int bench_mesa(char *cube, char *clear)
{
	char *cube_argv[] = { cube, NULL };
	char *clear_argv[] = { clear, "--ts", NULL };
	int fd = etna_open(), i, ret = 0;

	ktime_init(fd);
	ktime_begin();
	for (i = 0; i < MESA_CUBE_RUNS && !ret; i++)
		ret = run_quiet(cube_argv);
	ktime_end("mesa_cube_us");
	printf("BENCH mesa_cube_runs %d runs\n", ret ? -1 : MESA_CUBE_RUNS);
	if (ret)
		fprintf(stderr, "bench: %s failed\n", cube);
	ktime_begin();
	ret = run_quiet(clear_argv);
	ktime_end("mesa_gl_us");
	printf("BENCH mesa_gl_runs %d runs\n", ret ? -1 : 1);
	if (ret)
		fprintf(stderr, "bench: %s failed\n", clear);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	bool ctx_only = argc > 1 && !strcmp(argv[1], "ctx");
	unsigned long submits = argc > 1 && !ctx_only ?
				strtoul(argv[1], NULL, 0) : 5000;
	uint64_t t0, t1, t2, features, v;
	uint32_t exec_state, fence = 0;
	unsigned long i;
	int fd, ret;

	if (argc == 4 && !strcmp(argv[1], "mesa"))
		return bench_mesa(argv[2], argv[3]);
	if (!submits) {
		fprintf(stderr, "usage: bench [SUBMITS > 0 | ctx | mesa CUBE "
			"CLEAR]\n");
		return 2;
	}
	fd = etna_open();
	ktime_init(fd);
	ret = etna_param(fd, 0, ETNAVIV_PARAM_GPU_FEATURES_0, &features);
	if (ret)
		return die("pipe 0: GET_PARAM", ret);
	if (features & ETNA_FEATURE_PIPE_3D)
		exec_state = ETNA_PIPE_3D;
	else if (features & ETNA_FEATURE_PIPE_2D)
		exec_state = ETNA_PIPE_2D;
	else
		return die("pipe 0", -ENODEV);

	/* Warm up: the first submit starts the front end, resumes PM. */
	for (i = 0; i < WARMUP_SUBMITS; i++) {
		ret = noop_submit(fd, 0, exec_state, &fence);
		if (ret)
			return die("warm-up submit", ret);
	}
	ret = etna_wait_fence(fd, 0, fence, 0, DRAIN_TIMEOUT);
	if (ret)
		return die("warm-up fence", ret);

	if (ctx_only) {
		ret = bench_ctx_switch(fd, exec_state);
		close(fd);
		return ret;
	}

	t0 = etna_now_ns();
	for (i = 0; i < GETPARAM_CALLS; i++)
		syscall(SYS_getppid);
	t1 = etna_now_ns();
	printf("BENCH syscall_us %.2f us\n",
	       (t1 - t0) / 1e3 / GETPARAM_CALLS);

	ktime_begin();
	t0 = etna_now_ns();
	for (i = 0; i < GETPARAM_CALLS; i++) {
		ret = etna_param(fd, 0, ETNAVIV_PARAM_GPU_MODEL, &v);
		if (ret)
			return die("GET_PARAM", ret);
	}
	t1 = etna_now_ns();
	ktime_end("getparam_us");
	printf("BENCH getparam_us %.1f us\n",
	       (t1 - t0) / 1e3 / GETPARAM_CALLS);

	ktime_begin();
	t0 = etna_now_ns();
	for (i = 0; i < GETPARAM_CALLS; i++) {
		ret = noop_submit(fd, 255, exec_state, &fence);
		if (ret != -EINVAL)
			return die("submit to pipe 255", ret ? ret : -EPROTO);
	}
	t1 = etna_now_ns();
	ktime_end("floor_us");
	printf("BENCH floor_us %.1f us\n", (t1 - t0) / 1e3 / GETPARAM_CALLS);

	ktime_begin();
	t0 = etna_now_ns();
	for (i = 0; i < submits; i++) {
		ret = noop_submit(fd, 0, exec_state, &fence);
		if (ret)
			return die("submit", ret);
	}
	t1 = etna_now_ns();
	ret = etna_wait_fence(fd, 0, fence, 0, DRAIN_TIMEOUT);
	if (ret)
		return die("last fence", ret);
	t2 = etna_now_ns();
	ktime_end("submit_us");

	printf("BENCH submit_per_s %.0f 1/s\n", submits * 1e9 / (t2 - t0));
	printf("BENCH submit_us %.1f us\n", (t2 - t0) / 1e3 / submits);
	printf("BENCH submit_ioctl_us %.1f us\n", (t1 - t0) / 1e3 / submits);
	printf("BENCH drain_ms %.2f ms\n", (t2 - t1) / 1e6);

	if (bench_relocs(fd, exec_state) || bench_stream64k(fd, exec_state) ||
	    bench_bo_cycle(fd) || bench_idx(fd) ||
	    bench_ctx_switch(fd, exec_state))
		return 1;
	close(fd);
	return 0;
}
