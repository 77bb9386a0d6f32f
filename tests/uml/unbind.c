// SPDX-License-Identifier: GPL-2.0-only
/*
 * unbind: the driver unbound from its device while clients use it, then
 * bound again.
 *
 * A client holds the render node open with a buffer mmapped, a job done
 * (its pixels checked), and, with every core of the device model frozen
 * (debugfs "freeze"), jobs on the ring and queued behind them, each with
 * a sync file. Then the component master ("etnaviv" platform device) is
 * unbound through sysfs. Expected, as of any DRM driver whose device goes
 * away: every pending fence signals with an error; every ioctl on the old
 * file fails with ENODEV; the old mapping keeps its pages (reading and
 * writing them works, the contents are those of before); closing the old
 * file and unmapping are clean (the boot harness fails the run on any
 * kernel splat). On the debug kernel, DMA-API debugging's list of the
 * mappings and allocations of every device must hold none of the unbound
 * device's while the old file is still open. The device bound again
 * gives a new render node on which a new client's 2D clear lands, pixel
 * for pixel.
 *
 * Output: "PASS: unbind/<name>" or "FAIL: unbind/<name>: <why>"; exit
 * status 0 iff nothing failed; "INFO:" lines give each pending fence's
 * error.
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "etna.h"
#define CHECK_PREFIX "unbind/"
#include "check.h"

#define W		64
#define H		64
#define STRIDE		(W * 4)
#define BO_SIZE		(STRIDE * H)
#define PENDING		24	/* more than the ring takes (16) */
#define SYSFS_DRV	"/sys/bus/platform/drivers/etnaviv"
#define MASTER		"etnaviv"

struct stream {
	uint32_t w[32];
	unsigned int n, reloc_at;
};

static void emit(struct stream *s, uint32_t reg, uint32_t val)
{
	s->w[s->n++] = ETNA_CMD_LOAD_STATE(reg, 1);
	s->w[s->n++] = val;
}

/* A clear of the W x H surface of the job's buffer to @color. */
static void build_clear(struct stream *s, uint32_t color)
{
	s->n = 0;
	emit(s, ST_DE_DEST_ADDR, 0);
	s->reloc_at = (s->n - 1) * 4;
	emit(s, ST_DE_DEST_STRIDE, STRIDE);
	emit(s, ST_DE_DEST_CONFIG, DE_CLEAR_A8R8G8B8);
	emit(s, ST_DE_DEST_ROT_CONFIG, 0);
	emit(s, ST_DE_ROT_ANGLE, 0);
	emit(s, ST_DE_CONFIG, 0);
	emit(s, ST_DE_CLIP_TOP_LEFT, 0);
	emit(s, ST_DE_CLIP_BOTTOM_RIGHT, DE_CLIP_Y(H) | DE_CLIP_X(W));
	emit(s, ST_DE_CLEAR_PIXEL32, color);
	s->w[s->n++] = ETNA_CMD_DRAW_2D(1, 0);
	s->w[s->n++] = 0;
	s->w[s->n++] = 0;			/* top-left 0,0 */
	s->w[s->n++] = DRAW_2D_Y(H) | DRAW_2D_X(W);	/* bottom-right */
	emit(s, ST_GL_FLUSH_CACHE, GL_FLUSH_PE2D);
}

/* The render node of the etnaviv device (its number may change), or -1. */
static int open_etnaviv(char *node, size_t len)
{
	int fd = drm_open_driver("/dev/dri/renderD%d", 128, 191, "etnaviv",
				 node, len);

	return fd < 0 ? -1 : fd;
}

/* The pipe of the device's first 2D engine: 0 or -ENODEV. */
static int find_2d(int fd, uint32_t *pipe)
{
	struct engine e[ENGINES_MAX];
	const struct engine *e2d = engine_of(e, engines_find(fd, e),
					     ETNA_PIPE_2D);

	if (!e2d)
		return -ENODEV;
	*pipe = e2d->pipe;
	return 0;
}

/* Submit @s on @pipe with @bo; *@sfd gets its sync file. */
static int submit(int fd, uint32_t pipe, uint32_t bo, const struct stream *s,
		  int *sfd)
{
	struct drm_etnaviv_gem_submit_bo sbo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = bo,
	};
	struct drm_etnaviv_gem_submit_reloc reloc = {
		.submit_offset = s->reloc_at,
	};
	struct drm_etnaviv_gem_submit req = {
		.pipe = pipe, .exec_state = ETNA_PIPE_2D,
		.nr_bos = 1, .bos = (uintptr_t)&sbo,
		.nr_relocs = 1, .relocs = (uintptr_t)&reloc,
		.stream = (uintptr_t)s->w, .stream_size = s->n * 4,
		.flags = ETNA_SUBMIT_FENCE_FD_OUT,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	*sfd = ret ? -1 : req.fence_fd;
	return ret;
}

static bool all_pixels(const uint32_t *px, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < W * H; i++)
		if (px[i] != v)
			return fail("pixel %u is 0x%08x, not 0x%08x", i, px[i],
				    v);
	return true;
}

/* Set the "freeze" knob of every core of the model; how many took it. */
static int freeze_all(int on)
{
	struct model_stats st[8];
	int i, n = read_model_stats(st, 8), done = 0;

	for (i = 0; i < n; i++)
		done += !model_knob_set(st[i].dir, "freeze", on);
	return n < 0 ? n : done;
}

static int sysfs_write(const char *file, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), SYSFS_DRV "/%s", file);
	return write_file(path, val);
}

/* A new client on the device: a 2D clear of a new buffer lands. */
static bool fresh_client(const char *when)
{
	char node[64];
	struct stream s;
	uint32_t pipe, bo;
	uint64_t off;
	uint32_t *px;
	int fd, sfd, st;
	bool ok = true;

	fd = open_etnaviv(node, sizeof(node));
	if (fd < 0)
		return fail("%s: no etnaviv render node", when);
	if (find_2d(fd, &pipe))
		ok = fail("%s: no 2D pipe", when);
	if (ok && (etna_gem_new(fd, BO_SIZE, ETNA_BO_UNCACHED, &bo) ||
		   etna_gem_info(fd, bo, &off)))
		ok = fail("%s: buffer: %s", when, strerror(errno));
	px = ok ? map_fd(fd, off, BO_SIZE) : NULL;
	if (ok && !px)
		ok = fail("%s: mmap: %s", when, strerror(errno));
	if (ok) {
		memset(px, 0, BO_SIZE);
		build_clear(&s, 0xff336699);
		st = submit(fd, pipe, bo, &s, &sfd);
		if (st)
			ok = fail("%s: submit: %s", when, strerror(-st));
	}
	if (ok) {
		st = sync_wait(sfd, 10000);
		close(sfd);
		if (st != 1)
			ok = fail("%s: fence status %d", when, st);
	}
	if (ok && !all_pixels(px, 0xff336699))
		ok = fail("%s (%s): %s", when, node, why);
	if (px)
		munmap(px, BO_SIZE);
	close(fd);
	return ok;
}

/*
 * Entries of DMA-API debugging's list (debug kernel) that belong to the
 * device "etnaviv": its DMA mappings and allocations. -1 without the list.
 */
#define DMA_API_DUMP	"/sys/kernel/debug/dma-api/dump"

static int dma_entries(void)
{
	char line[256];
	int n = 0;
	FILE *f = fopen(DMA_API_DUMP, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, MASTER " ", strlen(MASTER) + 1))
			n++;
	fclose(f);
	return n;
}

static sigjmp_buf sigbus_jmp;

static void on_sigbus(int sig)
{
	siglongjmp(sigbus_jmp, 1);
}

/*
 * Read and write the old mapping: 1 if every pixel is @v and a write
 * sticks, 0 if not (why says), -1 on SIGBUS.
 */
static int touch_mapping(volatile uint32_t *px, uint32_t v)
{
	struct sigaction sa = { .sa_handler = on_sigbus }, old;
	int ret;

	sigaction(SIGBUS, &sa, &old);
	if (sigsetjmp(sigbus_jmp, 1)) {
		ret = -1;
	} else {
		ret = all_pixels((const uint32_t *)px, v);
		if (ret) {
			px[7] = 0x12345678;
			ret = px[7] == 0x12345678 ||
			      fail("a write did not stick");
		}
	}
	sigaction(SIGBUS, &old, NULL);
	return ret;
}

/* The ioctls on the file of an unbound device: ENODEV each. */
static void old_ioctls(int fd, uint32_t pipe, uint32_t bo, uint32_t fence)
{
	static uint32_t user[1024] __attribute__((aligned(4096)));
	struct drm_etnaviv_gem_userptr up = {
		.user_ptr = (uintptr_t)user, .user_size = sizeof(user),
		.flags = ETNA_USERPTR_READ,
	};
	struct drm_etnaviv_pm_domain dom = { .pipe = pipe };
	struct drm_etnaviv_pm_signal sig = { .pipe = pipe };
	struct drm_etnaviv_gem_wait gw = {
		.pipe = pipe, .handle = bo, .timeout = etna_timeout(0),
	};
	struct drm_prime_handle prime = { .handle = bo, .flags = O_CLOEXEC };
	struct drm_gem_close gc = { .handle = bo };
	struct stream s;
	uint64_t v, off;
	uint32_t h;
	int ret, sfd;

#define EXPECT_ENODEV(name, call) do {					\
		ret = (call);						\
		report(ret == -ENODEV ||				\
		       fail("%s", ret ? strerror(-ret) : "succeeded"),	\
		       "after: %s ENODEV", name);			\
	} while (0)

	EXPECT_ENODEV("GET_PARAM",
		      etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &v));
	EXPECT_ENODEV("GEM_NEW", etna_gem_new(fd, 4096, ETNA_BO_WC, &h));
	EXPECT_ENODEV("GEM_INFO", etna_gem_info(fd, bo, &off));
	EXPECT_ENODEV("GEM_CPU_PREP", etna_cpu_prep(fd, bo, ETNA_PREP_READ,
						    0));
	EXPECT_ENODEV("GEM_CPU_FINI", etna_cpu_fini(fd, bo));
	build_clear(&s, 0);
	EXPECT_ENODEV("GEM_SUBMIT", submit(fd, pipe, bo, &s, &sfd));
	EXPECT_ENODEV("WAIT_FENCE", etna_wait_fence(fd, pipe, fence, 0, 0));
	EXPECT_ENODEV("GEM_USERPTR",
		      etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &up));
	EXPECT_ENODEV("GEM_WAIT",
		      etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &gw));
	EXPECT_ENODEV("PM_QUERY_DOM",
		      etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &dom));
	EXPECT_ENODEV("PM_QUERY_SIG",
		      etna_ioctl(fd, DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &sig));
	EXPECT_ENODEV("PRIME_HANDLE_TO_FD",
		      etna_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime));
	EXPECT_ENODEV("GEM_CLOSE", etna_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc));
#undef EXPECT_ENODEV
}

int main(void)
{
	int sfd[PENDING], fd, st, n, i, errors = 0, unsignalled = 0;
	int dma_before;
	uint32_t pipe = 0, bo = 0, fence = 1;
	volatile uint32_t *px = NULL;
	char node[64];
	struct stream s;
	uint64_t off;
	bool ok;

	ok = fresh_client("before");
	report(ok, "before: a new client's 2D clear");

	/* the client the device goes away under */
	fd = open_etnaviv(node, sizeof(node));
	ok = fd >= 0 || fail("no etnaviv render node");
	if (ok && find_2d(fd, &pipe))
		ok = fail("no 2D pipe");
	if (ok && (etna_gem_new(fd, BO_SIZE, ETNA_BO_UNCACHED, &bo) ||
		   etna_gem_info(fd, bo, &off)))
		ok = fail("buffer: %s", strerror(errno));
	if (ok) {
		px = map_fd(fd, off, BO_SIZE);
		if (!px)
			ok = fail("mmap: %s", strerror(errno));
	}
	if (ok) {
		build_clear(&s, 0xffa05010);
		st = submit(fd, pipe, bo, &s, &sfd[0]);
		if (st)
			ok = fail("submit: %s", strerror(-st));
		else if ((st = sync_wait(sfd[0], 10000)) != 1)
			ok = fail("fence status %d", st);
		if (!st)
			close(sfd[0]);
		ok = ok && all_pixels((const uint32_t *)px, 0xffa05010);
	}
	report(ok, "setup: client with a mapped buffer and a job done");
	if (!ok)
		return 1;

	n = freeze_all(1);
	report(n > 0 || fail("no model core to freeze (%d)", n),
	       "setup: model cores frozen (%d)", n);
	/* same colour: the pixels stay whatever of these jobs runs */
	for (i = 0; i < PENDING; i++) {
		st = submit(fd, pipe, bo, &s, &sfd[i]);
		if (st)
			break;
	}
	report(i == PENDING || fail("job %d: %s", i, strerror(-st)),
	       "setup: %d jobs pending", PENDING);
	for (n = i, i = 0; i < n; i++)
		if (sync_wait(sfd[i], 0) != 0)
			break;
	report(i == n || fail("job %d already signalled", i),
	       "setup: their fences not signalled");

	dma_before = dma_entries();
	st = sysfs_write("unbind", MASTER);
	report(!st || fail("%s", strerror(-st)), "unbind: through sysfs");
	freeze_all(0);

	for (i = 0; i < n; i++) {
		st = sync_wait(sfd[i], 10000);
		if (st == 0)
			unsignalled++;
		else if (st < 0)
			errors++;
		/* which errors: the jobs' places at the unbind decide */
		printf("INFO: unbind/after: job %d: fence %s\n", i,
		       st == 1 ? "signalled" : st == 0 ? "not signalled" :
		       strerror(st < -1000 ? -(st + 1000) : -st));
		close(sfd[i]);
	}
	report(!unsignalled || fail("%d of %d not signalled", unsignalled, n),
	       "after: every pending fence signalled");
	report(errors == n || fail("%d of %d with an error", errors, n),
	       "after: every pending fence with an error");

	old_ioctls(fd, pipe, bo, fence);

	/* the old file and its mapped buffer are still open */
	n = dma_entries();
	if (n < 0 || dma_before < 0)
		printf("SKIP: unbind/after: the device holds no DMA mapping: "
		       "no " DMA_API_DUMP " (DMA-API debugging is off)\n");
	else
		report((n == 0 || fail("%d left", n)) &&
		       (dma_before > 0 ||
			fail("none before the unbind either: proves nothing")),
		       "after: the device holds no DMA mapping (%d before)",
		       dma_before);

	st = touch_mapping(px, 0xffa05010);
	report(st == 1 || fail("%s", st < 0 ? "SIGBUS" : why),
	       "after: the old mapping keeps its pages");
	report(munmap((void *)px, BO_SIZE) == 0 || fail("%s", strerror(errno)),
	       "after: munmap");
	report(close(fd) == 0 || fail("%s", strerror(errno)),
	       "after: close of the old file");

	st = sysfs_write("bind", MASTER);
	report(!st || fail("%s", strerror(-st)), "bind: through sysfs");
	ok = fresh_client("rebound");
	report(ok, "rebound: a new client's 2D clear");
	return nr_failed != 0;
}
