// SPDX-License-Identifier: GPL-2.0-only
/*
 * isolation: per-client GPU address spaces on MMUv2 boards.
 *
 * Client A places a buffer at a softpinned address and draws into it with
 * the 2D engine. Client B, whose buffer lives elsewhere, submits 2D jobs
 * that write to and read from A's address: each must fail with an MMU
 * fault (its fence signals -EFAULT), A's pixels must not change, B must
 * not see them, and A's next job must run. Then several clients, each
 * with a buffer at the same address, draw concurrently: each sees only
 * its own pixels. A buffer closed and another softpinned at its address:
 * the new one gets the pixels, the old one's pages stay. Needs a 2D core
 * behind an MMUv2 (imx6qp).
 *
 * Linux 6.1's driver (ETNAVIV_DRIVER=upstream) logs an MMU fault but lets
 * the faulting job's fence signal without an error: with it, B's jobs are
 * expected to "succeed" (status 1); everything else is the same.
 */
#include <errno.h>
#include <poll.h>
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
#include "check.h"

#define W		64
#define H		64
#define STRIDE		(W * 4)
#define BO_SIZE		(STRIDE * H)
#define VA_A		0x10000000u
#define VA_B		0x20000000u
#define VA_C		0x30010000u	/* other TLB slots than VA_A's */
#define CLIENTS		4
#define ROUNDS		60


static uint32_t pipe_2d;
static int fault_status = -EFAULT;	/* a faulting job's fence status */

struct client {
	int fd;
	uint32_t bo;
	uint32_t *px;
	uint64_t va;
};

struct stream {
	uint32_t w[64];
	unsigned int n;
};

static void emit(struct stream *s, uint32_t reg, uint32_t val)
{
	s->w[s->n++] = ETNA_CMD_LOAD_STATE(reg, 1);
	s->w[s->n++] = val;
}

static void emit_rect(struct stream *s)
{
	s->w[s->n++] = ETNA_CMD_DRAW_2D(1, 0);
	s->w[s->n++] = 0;
	s->w[s->n++] = 0;			/* top-left 0,0 */
	s->w[s->n++] = DRAW_2D_Y(H) | DRAW_2D_X(W);	/* bottom-right */
	emit(s, ST_GL_FLUSH_CACHE, GL_FLUSH_PE2D);
}

static void emit_dest(struct stream *s, uint32_t va, uint32_t command)
{
	emit(s, ST_DE_DEST_ADDR, va);
	emit(s, ST_DE_DEST_STRIDE, STRIDE);
	emit(s, ST_DE_DEST_CONFIG, DE_DEST_FORMAT(DE_FORMAT_A8R8G8B8) |
				   DE_DEST_COMMAND(command));
	emit(s, ST_DE_CLIP_TOP_LEFT, 0);
	emit(s, ST_DE_CLIP_BOTTOM_RIGHT, DE_CLIP_Y(H) | DE_CLIP_X(W));
}

/* A clear of the W x H surface at @va. */
static void build_clear(struct stream *s, uint32_t va, uint32_t color)
{
	s->n = 0;
	emit_dest(s, va, DE_CMD_CLEAR);
	emit(s, ST_DE_CLEAR_PIXEL32, color);
	emit_rect(s);
}

/* A copy of the W x H surface at @src to the one at @dst. */
static void build_copy(struct stream *s, uint32_t src, uint32_t dst)
{
	s->n = 0;
	emit(s, ST_DE_SRC_ADDR, src);
	emit(s, ST_DE_SRC_STRIDE, STRIDE);
	emit(s, ST_DE_SRC_CONFIG, DE_SRC_FORMAT(DE_FORMAT_A8R8G8B8));
	emit(s, ST_DE_SRC_ORIGIN, 0);
	emit(s, ST_DE_ROP, DE_ROP3_COPY);	/* copy the source */
	emit_dest(s, dst, DE_CMD_BIT_BLT);
	emit_rect(s);
}

static bool client_new(struct client *c, uint64_t va, uint32_t fill)
{
	uint64_t off;
	unsigned int i;

	c->fd = etna_open();
	if (c->fd < 0)
		return fail("open: %s", strerror(-c->fd));
	if (etna_gem_new(c->fd, BO_SIZE, ETNA_BO_UNCACHED, &c->bo) ||
	    etna_gem_info(c->fd, c->bo, &off))
		return fail("buffer: %s", strerror(errno));
	c->px = map_fd(c->fd, off, BO_SIZE);
	if (!c->px)
		return fail("mmap: %s", strerror(errno));
	for (i = 0; i < W * H; i++)
		c->px[i] = fill;
	c->va = va;
	return true;
}

static void client_free(struct client *c)
{
	munmap(c->px, BO_SIZE);
	close(c->fd);
}

/*
 * Run @s as @c's job with its buffer softpinned; wait for it. Returns the
 * fence status (1 signalled, < 0 its error) or a submit error (< -1000).
 */
static int run(struct client *c, const struct stream *s)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE,
		.handle = c->bo, .presumed = c->va,
	};
	struct drm_etnaviv_gem_submit req = {
		.pipe = pipe_2d, .exec_state = ETNA_PIPE_2D,
		.nr_bos = 1, .bos = (uintptr_t)&bo,
		.stream = (uintptr_t)s->w, .stream_size = s->n * 4,
		.flags = ETNA_SUBMIT_SOFTPIN | ETNA_SUBMIT_FENCE_FD_OUT,
	};
	int ret;

	ret = etna_ioctl(c->fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (ret)
		return ret - 1000;
	ret = sync_wait(req.fence_fd, 10000);
	close(req.fence_fd);
	return ret ? ret : -ETIMEDOUT - 1000;
}

/* Every pixel of @c is @v; else say where not. */
static bool all_pixels(const struct client *c, uint32_t v, const char *who)
{
	unsigned int i;

	for (i = 0; i < W * H; i++)
		if (c->px[i] != v)
			return fail("%s pixel %u is 0x%08x, not 0x%08x", who, i,
				    c->px[i], v);
	return true;
}

static bool expect_status(int got, int want)
{
	if (got == want)
		return true;
	if (got < -1000)
		return fail("submit failed: %s", strerror(-(got + 1000)));
	return fail("fence status %d, expected %d", got, want);
}

static void test_two_clients(void)
{
	struct client a, b;
	struct stream s;
	unsigned long long faults;
	bool ok;

	if (!client_new(&a, VA_A, 0) || !client_new(&b, VA_B, 0x5a5a5a5a)) {
		report(false, "isolation: clients");
		return;
	}
	build_clear(&s, VA_A, 0xff0000ff);
	ok = expect_status(run(&a, &s), 1) && all_pixels(&a, 0xff0000ff, "A");
	report(ok, "isolation: A clears its buffer at its softpinned address");

	faults = model_mmu_faults();
	build_clear(&s, VA_A, 0xffffffff);
	ok = expect_status(run(&b, &s), fault_status);
	report(ok, fault_status == 1 ?
	       "isolation: B writing to A's address: its fence signals (upstream: no error)" :
	       "isolation: B writing to A's address faults (-EFAULT)");
	report(all_pixels(&a, 0xff0000ff, "A"),
	       "isolation: A's pixels unchanged by B's write");
	report(model_mmu_faults() > faults || fail("model counted no MMU fault"),
	       "isolation: the model saw B's fault");

	build_copy(&s, VA_A, VA_B);
	ok = expect_status(run(&b, &s), fault_status);
	report(ok, fault_status == 1 ?
	       "isolation: B reading A's address: its fence signals (upstream: no error)" :
	       "isolation: B reading A's address faults (-EFAULT)");
	ok = true;
	for (unsigned int i = 0; ok && i < W * H; i++)
		if (b.px[i] == 0xff0000ff)
			ok = fail("B's pixel %u holds A's colour", i);
	report(ok, "isolation: B did not get A's pixels");

	build_clear(&s, VA_A, 0xff00ff00);
	ok = expect_status(run(&a, &s), 1) && all_pixels(&a, 0xff00ff00, "A");
	report(ok, "isolation: A's next job runs");

	/* B's own buffer at A's address: B's space, B's pixels */
	b.va = VA_A;
	build_clear(&s, VA_A, 0xff123456);
	ok = expect_status(run(&b, &s), 1) && all_pixels(&b, 0xff123456, "B") &&
	     all_pixels(&a, 0xff00ff00, "A");
	report(ok, "isolation: the same address in B's space is B's buffer");
	client_free(&a);
	client_free(&b);
}

/*
 * Address-space reuse: A's buffer, softpinned and drawn into, is closed
 * (its CPU mapping keeps the pages alive); B, a new buffer of the same
 * file, is softpinned at the same address and drawn into. B must get the
 * pixels and A's pages must not change: a translation of A's pages left
 * in the TLB (no flush after the unmap and the new map) would send B's
 * job to them.
 */
static void test_reuse(void)
{
	struct client c, o;
	struct stream s;
	uint32_t *a_px, a_bo;
	uint64_t off = 0;
	bool ok;

	if (!client_new(&c, VA_A, 0)) {
		report(false, "reuse: client");
		return;
	}
	/*
	 * Another buffer of the same client, mapped (by a job) before A:
	 * nothing is mapped between A's close and the job below that goes
	 * through it, so only the unmap itself can flush A's translations.
	 */
	o = c;
	o.va = VA_C;
	ok = !etna_gem_new(c.fd, BO_SIZE, ETNA_BO_UNCACHED, &o.bo) ||
	     fail("buffer: %s", strerror(errno));
	build_clear(&s, VA_C, 0xff444444);
	ok = ok && expect_status(run(&o, &s), 1);
	report(ok, "reuse: another buffer of the client mapped first");

	build_clear(&s, VA_A, 0xff0000ff);
	ok = expect_status(run(&c, &s), 1) && all_pixels(&c, 0xff0000ff, "A");
	report(ok, "reuse: A drawn at its softpinned address");

	a_px = c.px;
	a_bo = c.bo;
	ok = !etna_gem_close(c.fd, a_bo) || fail("GEM_CLOSE: %s",
						 strerror(errno));
	report(ok, "reuse: A's handle closed, its CPU mapping kept");

	/*
	 * A job of the same client at A's old address, through another
	 * buffer: ours unmapped A with its handle (fault, A untouched);
	 * Linux 6.1 keeps the mapping while the buffer lives (the write
	 * lands in A).
	 */
	{
		struct client a = { .px = a_px };
		uint32_t want = fault_status == 1 ? 0xff777777 : 0xff0000ff;

		build_clear(&s, VA_A, 0xff777777);
		ok = ok && expect_status(run(&o, &s), fault_status) &&
		     all_pixels(&a, want, "A (closed)");
		report(ok, fault_status == 1 ?
		       "reuse: a job at the closed A's address writes A (upstream keeps its mapping)" :
		       "reuse: a job at the closed A's address faults, A untouched");
		etna_gem_close(c.fd, o.bo);
		if (fault_status == 1)
			for (unsigned int i = 0; i < W * H; i++)
				a_px[i] = 0xff0000ff;
	}
	if (ok && (etna_gem_new(c.fd, BO_SIZE, ETNA_BO_UNCACHED, &c.bo) ||
		   etna_gem_info(c.fd, c.bo, &off)))
		ok = fail("buffer B: %s", strerror(errno));
	if (ok) {
		c.px = map_fd(c.fd, off, BO_SIZE);
		if (!c.px) {
			c.px = a_px;
			ok = fail("mmap B: %s", strerror(errno));
		}
	}
	if (ok) {
		memset(c.px, 0, BO_SIZE);
		build_clear(&s, VA_A, 0xff00ff00);
		ok = expect_status(run(&c, &s), 1) &&
		     all_pixels(&c, 0xff00ff00, "B");
	}
	report(ok, "reuse: B, softpinned where A was, gets the pixels");
	{
		struct client a = { .px = a_px };

		report(all_pixels(&a, 0xff0000ff, "A (closed)"),
		       "reuse: the closed A's pages do not change");
	}
	if (c.px != a_px)
		munmap(a_px, BO_SIZE);
	client_free(&c);
}

/* One of several clients drawing at once; returns the failed rounds. */
static int switch_client(unsigned int id)
{
	struct client c;
	struct stream s;
	unsigned int r, bad = 0;
	uint32_t color;

	if (!client_new(&c, VA_A, 0))
		return ROUNDS;
	for (r = 0; r < ROUNDS; r++) {
		color = 0xff000000 | id << 16 | r;
		build_clear(&s, VA_A, color);
		if (run(&c, &s) != 1 || !all_pixels(&c, color, "own"))
			bad++;
	}
	client_free(&c);
	return bad;
}

static void test_switching(void)
{
	unsigned long long faults = model_mmu_faults();
	unsigned int i, bad = 0;
	pid_t pid[CLIENTS];
	int st;

	for (i = 0; i < CLIENTS; i++) {
		pid[i] = fork();
		if (pid[i] == 0)
			_exit(switch_client(i));
	}
	for (i = 0; i < CLIENTS; i++) {
		if (pid[i] < 0 || waitpid(pid[i], &st, 0) != pid[i] ||
		    !WIFEXITED(st))
			bad += ROUNDS;
		else
			bad += WEXITSTATUS(st);
	}
	report(bad == 0 || fail("%u of %u rounds saw wrong pixels", bad,
				CLIENTS * ROUNDS),
	       "switching: %d clients at one address, each sees its own pixels",
	       CLIENTS);
	report(model_mmu_faults() == faults || fail("%llu MMU faults",
					      model_mmu_faults() - faults),
	       "switching: no MMU fault");
}

int main(void)
{
	struct engine e[ENGINES_MAX];
	const struct engine *e2d;
	int fd = etna_open();

	if (fd < 0) {
		printf("FAIL: isolation: open: %s\n", strerror(-fd));
		return 1;
	}
	e2d = engine_of(e, engines_find(fd, e), ETNA_PIPE_2D);
	if (!e2d || e2d->mmuv1) {
		printf("FAIL: isolation: needs a 2D core with an MMUv2\n");
		return 1;
	}
	close(fd);
	pipe_2d = e2d->pipe;
	if (is_upstream())
		fault_status = 1;

	test_two_clients();
	test_reuse();
	test_switching();
	printf("isolation: %u failed\n", nr_failed);
	return nr_failed ? 1 : 0;
}
