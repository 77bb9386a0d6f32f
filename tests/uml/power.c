// SPDX-License-Identifier: GPL-2.0-only
/*
 * power: runtime PM, system suspend and the cooling device, on the device
 * model's clock gates and power domains (Documentation/gpu/etnaviv.rst,
 * "Power").
 *
 *  - runtime-suspend: after a job on every pipe, the cores autosuspend:
 *    every GPU device's power/runtime_status reads "suspended" (polled;
 *    the driver's delay is about 200 ms), and the model's domains are off;
 *  - resume-on-submit: the next job resumes its core, which lost all its
 *    registers (the model counted a power-off), and completes; on a 2D
 *    pipe it draws through the MMU and the pixels are right;
 *  - system-suspend: with jobs in flight, a buffer mapped by the CPU and
 *    used by the GPU, the system suspends and resumes (/sys/power/pm_test
 *    "core", or the deepest level the kernel takes; no wake-up source is
 *    needed): the jobs' fences signal without error, the buffer's
 *    contents are intact, the next job runs;
 *  - cooling: every GPU core's cooling device set to state 2 divides the
 *    core clock by 4 (FSCALE; Linux 6.1 on a core with
 *    DYNAMIC_FREQUENCY_SCALING: the core clock's rate): the model's
 *    throughput (the jobs' NOPs per busy tick of the undivided clock, its
 *    own cycle accounting) drops to about a quarter of that at state 0;
 *  - access-while-off: the model saw no register access while a core's
 *    clock was gated or its domain off.
 *
 * Linux 6.1's driver (ETNAVIV_DRIVER=upstream) has no system sleep
 * callbacks: a core busy at suspend loses its state under it when the
 * domain goes off. With it the jobs are waited for before the suspend
 * (Documentation/gpu/etnaviv.rst, "Power").
 */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "etnaviv.h"
#include "etnaviv_2d.h"
#define CHECK_PREFIX "power/"
#include "check.h"

#define TIMEOUT_NS	5000000000ull
#define W		64
#define H		64
#define STRIDE		(W * 4)
#define MAX_PIPES	4
#define MAX_MODEL	8
#define NOPS		1000	/* NOPs of a cooling test job */
#define COOL_JOBS	20
#define COOL_STATE	2	/* FSCALE 64 >> 2: a quarter of the clock */

struct pipe {
	struct etnaviv_gpu *gpu;
	struct etnaviv_pipe *pipe;
	struct etnaviv_cmd_stream *s;
	bool is_2d;
};

static struct etnaviv_device *dev;
static struct pipe pipes[MAX_PIPES];
static int nr_pipes;
static struct etnaviv_bo *bo;
static uint32_t *px;
static bool upstream;

/* Count the GPU devices whose runtime status is @want; *@all: how many. */
static int count_status(const char *want, int *all)
{
	glob_t g;
	char st[64];
	size_t i;
	int n = 0;

	*all = 0;
	if (glob("/sys/bus/platform/drivers/etnaviv-gpu/*/power/runtime_status",
		 0, NULL, &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		(*all)++;
		if (!read_line(g.gl_pathv[i], st, sizeof(st)) &&
		    !strcmp(st, want))
			n++;
	}
	globfree(&g);
	return n;
}

/* Wait (up to 10 s, polling) until every GPU device is suspended. */
static bool wait_all_suspended(void)
{
	int i, all, n = 0;

	for (i = 0; i < 100; i++) {
		n = count_status("suspended", &all);
		if (all && n == all)
			return true;
		sleep_ms(100);
	}
	return fail("%d of %d devices suspended after 10 s", n, all);
}

static int run_job(struct pipe *p, uint32_t color, const struct etnaviv_2d_rect *r,
		   uint32_t *fence, bool wait)
{
	struct etnaviv_2d_surface surf = {
		.bo = bo, .stride = STRIDE, .format = ETNAVIV_2D_A8R8G8B8,
		.width = W, .height = H,
	};
	int ret;

	if (p->is_2d) {
		ret = etnaviv_2d_clear(p->s, &surf, r, color, NULL);
		if (ret)
			return ret;
	} else {
		etnaviv_emit(p->s, ETNAVIV_CMD_NOP);
		etnaviv_emit(p->s, 0);
	}
	if (wait)
		return etnaviv_cmd_stream_flush_wait(p->s, TIMEOUT_NS);
	return etnaviv_cmd_stream_flush(p->s, fence);
}

/* A job of NOPS NOPs on @p, waited for. */
static int run_nops(struct pipe *p)
{
	int i;

	for (i = 0; i < NOPS; i++) {
		etnaviv_emit(p->s, ETNAVIV_CMD_NOP);
		etnaviv_emit(p->s, 0);
	}
	return etnaviv_cmd_stream_flush_wait(p->s, TIMEOUT_NS);
}

/* Whether the pixels of @r are @color (the buffer is idle). */
static bool rect_is(const struct etnaviv_2d_rect *r, uint32_t color)
{
	int x, y;

	if (etnaviv_bo_cpu_prep(bo, ETNAVIV_PREP_READ, TIMEOUT_NS))
		return fail("cpu_prep failed");
	for (y = r->y1; y < r->y2; y++)
		for (x = r->x1; x < r->x2; x++)
			if (px[y * W + x] != color) {
				etnaviv_bo_cpu_fini(bo);
				return fail("pixel (%d,%d) 0x%08x, want 0x%08x",
					    x, y, px[y * W + x], color);
			}
	etnaviv_bo_cpu_fini(bo);
	return true;
}

#define SUM(st, n, field) \
	model_stats_sum(st, n, offsetof(struct model_stats, field))

static struct pipe *pipe_2d(void)
{
	int i;

	for (i = 0; i < nr_pipes; i++)
		if (pipes[i].is_2d)
			return &pipes[i];
	return NULL;
}

static void t_runtime(void)
{
	struct etnaviv_2d_rect r = { 0, 0, W, H / 2 };
	struct model_stats st[MAX_MODEL];
	bool ok = true;
	int i, n;

	for (i = 0; i < nr_pipes; i++)
		if (run_job(&pipes[i], 0xff0000ffu, &r, NULL, true))
			ok = fail("a job on pipe %d failed", i);
	report(ok, "jobs run on every pipe");

	ok = wait_all_suspended();
	n = read_model_stats(st, MAX_MODEL);
	for (i = 0; ok && i < n; i++)
		if (st[i].powered)
			ok = fail("%s: domain or clock still on", st[i].dir);
	report(ok, "runtime-suspend: idle cores autosuspend, domains off");

	ok = true;
	for (i = 0; i < nr_pipes; i++) {
		struct etnaviv_2d_rect r2 = { 0, H / 2, W, H };

		if (run_job(&pipes[i], 0xff00ff00u, &r2, NULL, true))
			ok = fail("the job on pipe %d after suspend failed", i);
	}
	if (ok && pipe_2d()) {
		struct etnaviv_2d_rect top = { 0, 0, W, H / 2 };
		struct etnaviv_2d_rect bottom = { 0, H / 2, W, H };

		ok = rect_is(&top, 0xff0000ffu) && rect_is(&bottom, 0xff00ff00u);
	}
	n = read_model_stats(st, MAX_MODEL);
	if (ok && SUM(st, n, power_offs) < (unsigned long long)nr_pipes)
		ok = fail("%llu power-offs for %d cores",
			  SUM(st, n, power_offs), nr_pipes);
	report(ok, "resume-on-submit: the next job resumes the core and completes");
}

/* The deepest /sys/power/pm_test level the kernel takes. */
static const char *set_pm_test(void)
{
	static const char * const levels[] = { "core", "platform", "devices" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(levels); i++)
		if (!write_file("/sys/power/pm_test", levels[i]))
			return levels[i];
	return NULL;
}

static void t_system_suspend(void)
{
	struct model_stats before[MAX_MODEL], after[MAX_MODEL];
	struct etnaviv_2d_rect left = { 0, 0, W / 2, H };
	struct etnaviv_2d_rect right = { W / 2, 0, W, H };
	uint32_t fences[MAX_PIPES][4];
	const char *level;
	bool ok = true;
	int i, j, nb, na, ret;

	/* the CPU writes a pattern, the GPU the left half */
	if (etnaviv_bo_cpu_prep(bo, ETNAVIV_PREP_WRITE, TIMEOUT_NS))
		ok = fail("cpu_prep");
	for (i = 0; i < W * H; i++)
		px[i] = 0x5a000000u | i;
	etnaviv_bo_cpu_fini(bo);
	if (pipe_2d() && run_job(pipe_2d(), 0xffff0000u, &left, NULL, true))
		ok = fail("2D job before the suspend");

	level = set_pm_test();
	if (!level) {
		report(fail("/sys/power/pm_test takes no level"),
		       "system-suspend");
		return;
	}
	write_file("/sys/module/suspend/parameters/pm_test_delay", "0");
	nb = read_model_stats(before, MAX_MODEL);
	/* jobs in flight (NOPs, or clears of the left half: same pixels) */
	for (i = 0; i < nr_pipes; i++)
		for (j = 0; j < 4; j++)
			if (run_job(&pipes[i], 0xffff0000u, &left, &fences[i][j],
				    false))
				ok = fail("job %d on pipe %d", j, i);
	if (upstream) {
		for (i = 0; i < nr_pipes; i++)
			for (j = 0; j < 4; j++)
				etnaviv_pipe_wait(pipes[i].pipe, fences[i][j],
						  TIMEOUT_NS);
		printf("# upstream 6.1: jobs waited for before the suspend\n");
	}
	ret = write_file("/sys/power/state", "mem");
	write_file("/sys/power/pm_test", "none");
	if (ret)
		ok = fail("suspend (pm_test %s): %s", level, strerror(-ret));
	printf("# suspended and resumed with pm_test %s\n", level);

	for (i = 0; i < nr_pipes; i++)
		for (j = 0; j < 4; j++)
			if (etnaviv_pipe_wait(pipes[i].pipe, fences[i][j],
					      TIMEOUT_NS))
				ok = fail("job %d on pipe %d did not finish", j, i);
	na = read_model_stats(after, MAX_MODEL);
	if (ok && SUM(after, na, power_offs) <= SUM(before, nb, power_offs))
		ok = fail("no core lost its power during the suspend");
	if (ok && pipe_2d()) {
		ok = rect_is(&left, 0xffff0000u);
		if (ok && etnaviv_bo_cpu_prep(bo, ETNAVIV_PREP_READ, TIMEOUT_NS))
			ok = fail("cpu_prep");
		for (i = 0; ok && i < W * H; i++)
			if (i % W >= W / 2 && px[i] != (0x5a000000u | i))
				ok = fail("CPU pattern lost at %d: 0x%08x", i,
					  px[i]);
		if (ok)
			etnaviv_bo_cpu_fini(bo);
	}
	for (i = 0; ok && i < nr_pipes; i++)
		if (run_job(&pipes[i], 0xff00ffffu, &right, NULL, true))
			ok = fail("the job on pipe %d after resume failed", i);
	if (ok && pipe_2d())
		ok = rect_is(&left, 0xffff0000u) && rect_is(&right, 0xff00ffffu);
	na = read_model_stats(after, MAX_MODEL);
	printf("# suspend, resume and the next jobs: %llu resets, %llu power-ups\n",
	       SUM(after, na, resets) - SUM(before, nb, resets),
	       SUM(after, na, power_ons) - SUM(before, nb, power_ons));
	report(ok, "system-suspend: jobs in flight finish, buffers intact, next jobs run");
}

/*
 * Whether cooling device type @type is a GPU core's: ours names them
 * "etnaviv", Linux 6.1 after the core's device ("130000.gpu").
 */
static bool gpu_cooling_type(const char *type)
{
	char path[300];

	if (!strcmp(type, "etnaviv"))
		return true;
	if (!type[0] || strchr(type, '/'))
		return false;
	snprintf(path, sizeof(path), "/sys/bus/platform/drivers/etnaviv-gpu/%s",
		 type);
	return !access(path, F_OK);
}

/* Set every GPU core's cooling device to @state; how many there are. */
static int set_cooling(unsigned int state)
{
	char path[300], type[64], val[16];
	struct dirent *de;
	DIR *d = opendir("/sys/class/thermal");
	int n = 0;

	if (!d)
		return 0;
	snprintf(val, sizeof(val), "%u", state);
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "cooling_device", 14))
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type",
			 de->d_name);
		if (read_line(path, type, sizeof(type)) ||
		    !gpu_cooling_type(type))
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/cur_state",
			 de->d_name);
		if (!write_file(path, val))
			n++;
	}
	closedir(d);
	return n;
}

/*
 * NOPs per busy tick of each model core over COOL_JOBS jobs of NOPS NOPs
 * on every pipe, in thousandths; 0 for a core that did no such work.
 */
static void throughput(unsigned long long *milli, int *n)
{
	struct model_stats b[MAX_MODEL], a[MAX_MODEL];
	int i, j, nb;

	nb = read_model_stats(b, MAX_MODEL);
	for (i = 0; i < nr_pipes; i++)
		for (j = 0; j < COOL_JOBS; j++)
			run_nops(&pipes[i]);
	*n = read_model_stats(a, MAX_MODEL);
	for (i = 0; i < *n; i++) {
		unsigned long long dc = 0, dt = 0;

		for (j = 0; j < nb; j++)
			if (!strcmp(a[i].dir, b[j].dir)) {
				dc = a[i].commands - b[j].commands;
				dt = a[i].busy_ticks - b[j].busy_ticks;
			}
		/*
		 * The jobs' NOPs over the busy time: the FE's idle WAIT/LINK
		 * loop adds commands, not busy ticks
		 */
		milli[i] = dc >= COOL_JOBS * NOPS && dt ?
			   COOL_JOBS * NOPS * 1000ull / dt : 0;
	}
}

static void t_cooling(void)
{
	unsigned long long full[MAX_MODEL], slow[MAX_MODEL];
	int i, n, nf, ns, cores = 0;
	bool ok = true;

	n = set_cooling(0);
	if (!n) {
		report(fail("no GPU cooling device"), "cooling");
		return;
	}
	throughput(full, &nf);
	set_cooling(COOL_STATE);
	throughput(slow, &ns);
	set_cooling(0);
	for (i = 0; i < nf && i < ns; i++) {
		if (!full[i])
			continue;
		cores++;
		printf("# model core %d: %llu.%03llu NOPs a tick at state 0, %llu.%03llu at state %d\n",
		       i, full[i] / 1000, full[i] % 1000, slow[i] / 1000,
		       slow[i] % 1000, COOL_STATE);
		/* a quarter, with a wide margin: between a sixth and 0.4 */
		if (slow[i] * 6 < full[i] || slow[i] * 5 > full[i] * 2)
			ok = fail("core %d: %llu at state 0, %llu at state %d",
				  i, full[i], slow[i], COOL_STATE);
	}
	if (!cores)
		ok = fail("no core did the work");
	report(ok, "cooling: state %d divides the model's throughput by 4 (%d devices)",
	       COOL_STATE, n);
}

static void t_access_while_off(void)
{
	struct model_stats st[MAX_MODEL];
	int i, n = read_model_stats(st, MAX_MODEL);
	bool ok = n > 0 || fail("no model stats");

	for (i = 0; i < n; i++)
		if (st[i].access_while_off)
			ok = fail("%s: %llu register accesses while off",
				  st[i].dir, st[i].access_while_off);
	report(ok, "access-while-off: no register access while a core is off");
}

int main(void)
{
	int i, core;

	upstream = is_upstream();
	dev = etnaviv_device_open(NULL);
	if (!dev) {
		perror("etnaviv_device_open");
		return 2;
	}
	for (core = 0; core < MAX_PIPES; core++) {
		struct pipe *p = &pipes[nr_pipes];

		p->gpu = etnaviv_gpu_open(dev, core);
		if (!p->gpu)
			continue;
		p->is_2d = etnaviv_gpu_has_pipe(p->gpu, ETNAVIV_PIPE_2D) &&
			   !etnaviv_gpu_has_pipe(p->gpu, ETNAVIV_PIPE_3D);
		p->pipe = etnaviv_pipe_new(p->gpu, p->is_2d ? ETNAVIV_PIPE_2D :
					   ETNAVIV_PIPE_3D);
		p->s = p->pipe ? etnaviv_cmd_stream_new(p->pipe, 0) : NULL;
		if (!p->s) {
			fprintf(stderr, "pipe %d: cannot set up\n", core);
			return 2;
		}
		nr_pipes++;
	}
	bo = etnaviv_bo_new(dev, STRIDE * H, ETNAVIV_BO_WC);
	px = bo ? etnaviv_bo_map(bo) : NULL;
	if (!nr_pipes || !px) {
		fprintf(stderr, "no pipe or no buffer\n");
		return 2;
	}

	t_runtime();
	t_system_suspend();
	t_cooling();
	t_access_while_off();

	for (i = 0; i < nr_pipes; i++) {
		etnaviv_cmd_stream_del(pipes[i].s);
		etnaviv_pipe_del(pipes[i].pipe);
		etnaviv_gpu_close(pipes[i].gpu);
	}
	etnaviv_bo_unref(bo);
	etnaviv_device_close(dev);
	printf("power: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
