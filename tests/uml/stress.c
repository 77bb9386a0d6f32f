// SPDX-License-Identifier: GPL-2.0-only
/*
 * stress: many clients at once, for a bounded time, with hangs, kills and
 * module unload attempts in the middle of their work.
 *
 * NR_WORKERS processes run for RUN_SECS seconds, each from its own fixed
 * seed (the sequence of jobs of every process is the same on every run;
 * only their interleaving depends on the host):
 *
 * - "innocent" processes: batches of one to three jobs, each on a buffer
 *   of another kind (GEM_NEW uncached, cached, write-combined; userptr):
 *   2D clears and 2D blits on the 2D core (libetnaviv), RS fills on the
 *   3D core, plain state-load jobs on the 3D core. Every job's sync file
 *   must signal without an error and every pixel it wrote must be right
 *   (the buffer is poisoned by the CPU before each job): a job that does
 *   not is "lost". Now and then a buffer is freed and made again.
 * - "hangers": now and then one freezes a core's front end (the device
 *   model's debugfs "freeze" knob: a hung job) with its own job first in
 *   the core's queue, then lets the others queue behind it. The driver's
 *   hang check must reset the core, cancel the hung job and run the
 *   innocent jobs queued behind it. Recovery time: from the freeze to the
 *   hung job's fence signalling (INFO only, no timed check).
 * - "victims": submit bursts of jobs without waiting and are killed with
 *   SIGKILL at seeded moments, then started again.
 * - the parent tries `rmmod etnaviv` (delete_module) every second: with
 *   files open it must fail with EBUSY or EAGAIN and the module stays.
 *
 * A hanger holds its core's gate (a process-shared rwlock an innocent
 * holds for a whole batch, from its first submit to its last pixel check)
 * while it runs a job to see the core idle, freezes it and submits, so
 * that its job, not an innocent's, is the one the scheduler finds hung:
 * no innocent job is in flight on the core then (a job still in its
 * file's scheduler queue may reach the ring after a later job of another
 * file). Innocent batches then queue behind the hung job. Victims take
 * no gate (they may die holding it): one of their jobs may be the one
 * blamed instead (counted in INFO).
 *
 * Afterwards every pipe must complete a plain job and no core may be left
 * frozen; the boot harness fails the run on any kernel splat and, on the
 * debug kernel, on a kmemleak report after the command.
 *
 * Output: "PASS: stress/<name>" or "FAIL: stress/<name>: <why>", "INFO:"
 * lines with the figures; exit status 0 iff nothing failed.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "etnaviv.h"
#include "etnaviv_2d.h"
#define CHECK_PREFIX "stress/"
#include "check.h"

#define RUN_SECS	20	/* the default; --secs N */
#define NR_INNOCENT	12
#define NR_HANGERS	2
#define NR_VICTIMS	2
#define NR_WORKERS	(NR_INNOCENT + NR_HANGERS + NR_VICTIMS)
#define MAX_HANGS	64	/* per hanger */
#define MAX_CORES	4
#define SEED		0x5eed0018u
#define W		64
#define H		64
#define STRIDE		(W * 4)
#define BO_SIZE		(STRIDE * H)
/* liveness bounds, far above anything a loaded host needs */
#define JOB_WAIT_MS	30000
#define PREP_NS		(30 * SEC_NS)
#define GATE_SECS	30
#define EXIT_SECS	90
#define POISON		0xdeadbeefu
#define VICTIM_BURST	6

enum role { INNOCENT, HANGER, VICTIM };
enum kind { UNCACHED, CACHED, WC, USERPTR, NR_KINDS };
enum op { CLEAR_2D, BLIT_2D, RS_FILL, PLAIN_3D, NR_OPS };

static const char *const kind_name[NR_KINDS] = {
	"uncached", "cached", "write-combined", "userptr",
};
static const char *const op_name[NR_OPS] = {
	"2D clear", "2D blit", "RS fill", "plain 3D",
};

/* What the processes share (one anonymous shared mapping). */
struct shared {
	pthread_rwlock_t gate[MAX_CORES];	/* see the top comment */
	volatile int go, stop;
	uint64_t t0;	/* the run's start */
	struct slot {
		unsigned long long jobs, lost, by_op[NR_OPS],
				   by_kind[NR_KINDS], remade;
		unsigned int hangs, recovered, cancelled, blamed_other,
			     hang_failed;
		uint64_t recovery_ns[MAX_HANGS];
		/* freeze to reset; reset to the core's next job done */
		uint64_t detect_ns[MAX_HANGS], restart_ns[MAX_HANGS];
		unsigned int detected, restarted;
		struct hang_log {
			uint64_t at, ns;	/* freeze, after the start */
			int status;		/* the hung job's */
		} log[MAX_HANGS];
		char why[200];	/* the first loss or hang failure */
	} slot[NR_WORKERS];
};

static struct shared *sh;
static unsigned int run_secs = RUN_SECS;

/* The cores: pipe index, engines, model debugfs directory. */
static struct core {
	unsigned int pipe;
	bool has_2d, has_3d;
	char model_dir[64];
} cores[MAX_CORES];
static unsigned int nr_cores;
static int core_2d = -1, core_3d = -1;

/* The model's counter @key of @c's core (-1 if unreadable). */
static long long core_stat(const struct core *c, const char *key)
{
	return model_stat(c->model_dir, key, NULL, 0);
}

/*
 * When @c's core delivered its first interrupt after @t (the model's
 * debugfs "jobs": each stretch of work and the interrupt that ended it,
 * ktime_get_ns() as CLOCK_MONOTONIC here); 0 if none yet.
 */
static uint64_t first_irq_after(const struct core *c, uint64_t t)
{
	char path[256], line[128];
	unsigned long long start, irq, busy;
	uint64_t found = 0;
	FILE *f;

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/jobs", c->model_dir);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llu %llu %llu", &start, &irq, &busy) == 3 &&
		    irq > t)
			found = irq;
	fclose(f);
	return found;
}



/* ------------------------------------------------------------------ */
/* One process's view of the device */

struct buf {
	struct etnaviv_bo *bo;
	uint32_t *px;
	void *user;	/* userptr memory */
};

struct client {
	struct etnaviv_device *dev;
	struct etnaviv_gpu *gpu2d, *gpu3d;
	struct etnaviv_pipe *pipe2d, *pipe3d;
	struct etnaviv_cmd_stream *s2d, *s3d;
	struct buf buf[NR_KINDS], src;	/* src: the blits' source */
	int fd;
};

static bool buf_new(struct client *c, struct buf *b, enum kind k)
{
	static const uint32_t flags[] = {
		[UNCACHED] = ETNAVIV_BO_UNCACHED, [CACHED] = ETNAVIV_BO_CACHED,
		[WC] = ETNAVIV_BO_WC,
	};

	memset(b, 0, sizeof(*b));
	if (k == USERPTR) {
		b->user = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (b->user == MAP_FAILED) {
			b->user = NULL;
			return false;
		}
		b->px = b->user;
		b->bo = etnaviv_bo_from_user(c->dev, b->user, BO_SIZE,
					     ETNAVIV_USERPTR_READ |
					     ETNAVIV_USERPTR_WRITE);
		return b->bo;
	}
	b->bo = etnaviv_bo_new(c->dev, BO_SIZE, flags[k]);
	b->px = b->bo ? etnaviv_bo_map(b->bo) : NULL;
	return b->px;
}

static void buf_free(struct buf *b)
{
	etnaviv_bo_unref(b->bo);
	if (b->user)
		munmap(b->user, BO_SIZE);
	memset(b, 0, sizeof(*b));
}

/* Fill @b with @v from the CPU, bracketed as the ABI wants. */
static int buf_fill(struct buf *b, uint32_t v)
{
	int ret = etnaviv_bo_cpu_prep(b->bo, ETNAVIV_PREP_WRITE, PREP_NS);
	unsigned int i;

	if (ret)
		return ret;
	for (i = 0; i < W * H; i++)
		b->px[i] = v;
	return etnaviv_bo_cpu_fini(b->bo);
}

static bool client_open(struct client *c)
{
	int k;

	memset(c, 0, sizeof(*c));
	c->dev = etnaviv_device_open(NULL);
	if (!c->dev)
		return false;
	c->fd = etnaviv_device_fd(c->dev);
	c->gpu2d = etnaviv_gpu_open(c->dev, cores[core_2d].pipe);
	c->gpu3d = etnaviv_gpu_open(c->dev, cores[core_3d].pipe);
	c->pipe2d = c->gpu2d ? etnaviv_pipe_new(c->gpu2d, ETNAVIV_PIPE_2D) :
		    NULL;
	c->pipe3d = c->gpu3d ? etnaviv_pipe_new(c->gpu3d, ETNAVIV_PIPE_3D) :
		    NULL;
	c->s2d = c->pipe2d ? etnaviv_cmd_stream_new(c->pipe2d, 0) : NULL;
	c->s3d = c->pipe3d ? etnaviv_cmd_stream_new(c->pipe3d, 0) : NULL;
	if (!c->s2d || !c->s3d)
		return false;
	for (k = 0; k < NR_KINDS; k++)
		if (!buf_new(c, &c->buf[k], k))
			return false;
	if (!buf_new(c, &c->src, WC))
		return false;
	return true;
}

/* The blits' source: pixel i of process @seed's source. */
static uint32_t src_pixel(unsigned int i, uint32_t seed)
{
	return (i * 0x9e3779b9u) ^ seed;
}

/* The core of @op (an index into cores[]). */
static unsigned int op_core(enum op op)
{
	return op == CLEAR_2D || op == BLIT_2D ? core_2d : core_3d;
}

/* Take (@lock) or let go of the gates of the cores in @mask, in order. */
static void gates(unsigned int mask, bool lock)
{
	unsigned int k;

	for (k = 0; k < MAX_CORES; k++)
		if (mask & 1u << k) {
			if (lock)
				pthread_rwlock_rdlock(&sh->gate[k]);
			else
				pthread_rwlock_unlock(&sh->gate[k]);
		}
}

/*
 * Submit @op into @b with @value (a colour for a clear or a fill), its
 * sync file in *@sfd.
 */
static int job_submit(struct client *c, enum op op, struct buf *b,
		      uint32_t value, int *sfd)
{
	const struct etnaviv_2d_surface dst = {
		.bo = b->bo, .stride = STRIDE, .format = ETNAVIV_2D_A8R8G8B8,
		.width = W, .height = H,
	}, src = {
		.bo = c->src.bo, .stride = STRIDE,
		.format = ETNAVIV_2D_A8R8G8B8, .width = W, .height = H,
	};
	const struct etnaviv_2d_rect r = { 0, 0, W, H };
	struct etnaviv_flush_args args = {
		.in_fence_fd = -1, .want_fence_fd = true, .out_fence_fd = -1,
	};
	struct etnaviv_cmd_stream *s = op == PLAIN_3D ? c->s3d : c->s2d;
	int ret = 0;

	*sfd = -1;
	if (op == CLEAR_2D)
		ret = etnaviv_2d_clear(s, &dst, &r, value, NULL);
	else if (op == BLIT_2D)
		ret = etnaviv_2d_blit(s, &dst, &r, &src, 0, 0,
				      ETNAVIV_2D_ROP_COPY, 0, NULL);
	else if (op == PLAIN_3D)
		etnaviv_emit_state(s, ST_RS_DITHER(0), value);
	if (ret)
		return ret;
	if (op == RS_FILL) {
		struct drm_etnaviv_gem_submit_bo sbo = {
			.flags = ETNA_SUBMIT_BO_WRITE,
			.handle = etnaviv_bo_handle(b->bo),
		};
		struct drm_etnaviv_gem_submit_reloc rel[2] = {
			{ .submit_offset = ETNA_RS_FILL_RELOC0 },
			{ .submit_offset = ETNA_RS_FILL_RELOC1 },
		};
		uint32_t w[ETNA_RS_FILL_WORDS];
		struct drm_etnaviv_gem_submit req = {
			.pipe = cores[core_3d].pipe, .exec_state = ETNA_PIPE_3D,
			.nr_bos = 1, .bos = (uintptr_t)&sbo,
			.nr_relocs = 2, .relocs = (uintptr_t)rel,
			.stream = (uintptr_t)w,
			.flags = ETNA_SUBMIT_FENCE_FD_OUT, .fence_fd = -1,
		};

		req.stream_size = 4 * etna_rs_fill_stream(w, STRIDE, W, H,
							  value);
		ret = etna_ioctl(c->fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
		*sfd = ret ? -1 : req.fence_fd;
	} else {
		ret = etnaviv_cmd_stream_flush_ext(s, &args);
		*sfd = ret ? -1 : args.out_fence_fd;
	}
	return ret;
}

/* The pixel @op writes at @i. */
static uint32_t want_pixel(enum op op, unsigned int i, uint32_t value,
			   uint32_t seed)
{
	if (op == BLIT_2D)
		return src_pixel(i, seed);
	return op == PLAIN_3D ? POISON : value;
}

static __printf(2, 3) void lose(struct slot *sl, const char *fmt, ...)
{
	va_list ap;

	int n;

	sl->lost++;
	if (sl->why[0])
		return;
	n = snprintf(sl->why, sizeof(sl->why), "at %.3f s: ",
		     (etna_now_ns() - sh->t0) / 1e9);
	va_start(ap, fmt);
	vsnprintf(sl->why + n, sizeof(sl->why) - n, fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------------ */
/* The processes */

static int innocent(unsigned int id)
{
	struct slot *sl = &sh->slot[id];
	uint32_t seed = SEED + id * 7919u, st = seed, value[3];
	struct client c;
	unsigned int i, j, n, iter, mask;
	int sfd[3], ret;
	enum op op[3];
	enum kind kind[3];

	if (!client_open(&c)) {
		snprintf(sl->why, sizeof(sl->why), "open/setup: %s",
			 strerror(errno));
		return 2;
	}
	for (i = 0; i < W * H; i++)
		c.src.px[i] = src_pixel(i, seed);
	/* one batch at least, however late the stop (a liveness bound) */
	for (iter = 0; !iter || !sh->stop; iter++) {
		n = 1 + xorshift32(&st) % 3;
		kind[0] = xorshift32(&st) % NR_KINDS;
		for (j = 0, mask = 0; j < n; j++) {
			kind[j] = (kind[0] + j) % NR_KINDS;
			op[j] = xorshift32(&st) % NR_OPS;
			value[j] = xorshift32(&st) | 0xff000000u;
			mask |= 1u << op_core(op[j]);
		}
		/* the batch runs whole between two hangs of its cores */
		gates(mask, true);
		for (j = 0; j < n; j++) {
			ret = buf_fill(&c.buf[kind[j]], POISON);
			if (ret)
				lose(sl, "CPU fill: %s", strerror(-ret));
			ret = job_submit(&c, op[j], &c.buf[kind[j]], value[j],
					 &sfd[j]);
			if (ret)
				lose(sl, "job %llu (%s): submit: %s",
				     sl->jobs + j, op_name[op[j]],
				     strerror(-ret));
		}
		for (j = 0; j < n; j++) {
			struct buf *b = &c.buf[kind[j]];

			sl->jobs++;
			sl->by_op[op[j]]++;
			sl->by_kind[kind[j]]++;
			if (sfd[j] < 0)
				continue;
			ret = sync_wait(sfd[j], JOB_WAIT_MS);
			close(sfd[j]);
			if (ret != 1) {
				lose(sl, "job %llu (%s, %s): fence %s",
				     sl->jobs - 1, op_name[op[j]],
				     kind_name[kind[j]],
				     ret ? strerror(ret < -1000 ?
						    -(ret + 1000) : -ret) :
				     "not signalled");
				continue;
			}
			ret = etnaviv_bo_cpu_prep(b->bo, ETNAVIV_PREP_READ,
						  PREP_NS);
			if (ret) {
				lose(sl, "CPU_PREP: %s", strerror(-ret));
				continue;
			}
			for (i = 0; i < W * H; i++)
				if (b->px[i] != want_pixel(op[j], i, value[j],
							   seed))
					break;
			if (i < W * H)
				lose(sl, "job %llu (%s, %s): pixel %u is "
				     "0x%08x, not 0x%08x", sl->jobs - 1,
				     op_name[op[j]], kind_name[kind[j]], i,
				     b->px[i],
				     want_pixel(op[j], i, value[j], seed));
			etnaviv_bo_cpu_fini(b->bo);
		}
		gates(mask, false);
		/* now and then a buffer made again */
		if (xorshift32(&st) % 8 == 0) {
			j = xorshift32(&st) % NR_KINDS;
			buf_free(&c.buf[j]);
			if (!buf_new(&c, &c.buf[j], j)) {
				lose(sl, "buffer made again: %s",
				     strerror(errno));
				return 3;
			}
			sl->remade++;
		}
	}
	return 0;
}

/*
 * Hang core @k once: with its gate held, wait until it is idle, freeze
 * it, submit the job that hangs; then wait for the recovery.
 */
static void hang_once(struct client *c, struct slot *sl, unsigned int k)
{
	const struct core *co = &cores[k];
	enum op op = k == (unsigned int)core_2d ? CLEAR_2D : PLAIN_3D;
	struct buf *b = &c->buf[WC];
	struct timespec until;
	long long resets0;
	uint64_t t0, t1;
	int sfd, ret, i;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += GATE_SECS;
	if (pthread_rwlock_timedwrlock(&sh->gate[k], &until)) {
		sl->hang_failed++;
		snprintf(sl->why, sizeof(sl->why), "core %u: gate not taken "
			 "in %d s", co->pipe, GATE_SECS);
		return;
	}
	/* the core idle: what came before this job has finished */
	ret = job_submit(c, op, b, 0xff00ff00u, &sfd);
	if (!ret) {
		ret = sync_wait(sfd, JOB_WAIT_MS) == 1 ? 0 : -EIO;
		close(sfd);
	}
	resets0 = core_stat(co, "resets");
	t0 = etna_now_ns();
	if (!ret)
		ret = model_knob_set(co->model_dir, "freeze", 1);
	if (!ret)
		ret = job_submit(c, op, b, 0xff0000ffu, &sfd);
	pthread_rwlock_unlock(&sh->gate[k]);
	if (ret) {
		model_knob_set(co->model_dir, "freeze", 0);
		sl->hang_failed++;
		if (!sl->why[0])
			snprintf(sl->why, sizeof(sl->why), "core %u: hang "
				 "setup: %s", co->pipe, strerror(-ret));
		return;
	}
	ret = sync_wait(sfd, JOB_WAIT_MS);
	t1 = etna_now_ns();
	close(sfd);
	sl->log[sl->hangs] = (struct hang_log){
		.at = t0 - sh->t0, .ns = t1 - t0, .status = ret,
	};
	sl->hangs++;
	for (i = 0; i < 500 && core_stat(co, "resets") <= resets0; i++)
		sleep_ms(10);
	if (ret == 0 || core_stat(co, "resets") <= resets0) {
		sl->hang_failed++;
		if (!sl->why[0])
			snprintf(sl->why, sizeof(sl->why), "core %u: hung job "
				 "%s, resets %lld -> %lld", co->pipe,
				 ret ? "signalled" : "not signalled", resets0,
				 core_stat(co, "resets"));
	} else {
		long r = model_knob_get(co->model_dir, "reset_ns");
		uint64_t reset = r > 0 ? (uint64_t)r : 0, done = 0;

		sl->recovery_ns[sl->recovered++ % MAX_HANGS] = t1 - t0;
		if (ret == -ECANCELED)
			sl->cancelled++;
		else
			sl->blamed_other++;
		/*
		 * The core's next job after the reset: one is queued behind
		 * the hung job most times; else this one is.
		 */
		if (reset > t0) {
			sl->detect_ns[sl->detected++ % MAX_HANGS] = reset - t0;
			for (i = 0; i < 50 && !done; i++) {
				done = first_irq_after(co, reset);
				if (!done)
					sleep_ms(10);
			}
			if (!done && !job_submit(c, op, b, 0xff00ff00u, &sfd)) {
				sync_wait(sfd, JOB_WAIT_MS);
				close(sfd);
				done = first_irq_after(co, reset);
			}
			if (done)
				sl->restart_ns[sl->restarted++ % MAX_HANGS] =
					done - reset;
		}
	}
	/* the model's reset thaws the core; make sure of it */
	if (model_knob_get(co->model_dir, "freeze") != 0)
		model_knob_set(co->model_dir, "freeze", 0);
}

static int hanger(unsigned int id)
{
	struct slot *sl = &sh->slot[id];
	uint32_t st = SEED + id * 7919u;
	struct client c;
	unsigned int k, ms;

	if (!client_open(&c)) {
		snprintf(sl->why, sizeof(sl->why), "open/setup: %s",
			 strerror(errno));
		return 2;
	}
	/* the first hanger hangs the 2D core, the second the 3D core */
	k = (id - NR_INNOCENT) % 2 ? core_3d : core_2d;
	/* one hang at least, however late the stop */
	while (!sh->stop || !sl->hangs) {
		for (ms = 1000 + xorshift32(&st) % 1500; ms && !sh->stop;
		     ms -= ms > 50 ? 50 : ms)
			sleep_ms(50);
		if ((sh->stop && sl->hangs) || sl->hangs >= MAX_HANGS ||
		    sl->hang_failed)
			break;
		hang_once(&c, sl, k);
	}
	return 0;
}

static int victim(unsigned int id)
{
	struct slot *sl = &sh->slot[id];
	uint32_t st = SEED + id * 7919u + (uint32_t)getpid();
	struct client c;
	int sfd[VICTIM_BURST];
	unsigned int n;

	if (!client_open(&c))
		return 2;
	for (;;) {
		/* bursts, no gate: a victim may die anywhere */
		for (n = 0; n < VICTIM_BURST; n++) {
			enum op op = xorshift32(&st) % NR_OPS;
			struct buf *b = &c.buf[xorshift32(&st) % NR_KINDS];

			if (job_submit(&c, op, b, xorshift32(&st), &sfd[n]))
				sfd[n] = -1;
			else
				sl->jobs++;
		}
		if (sfd[n - 1] >= 0)
			sync_wait(sfd[n - 1], 2000);
		for (n = 0; n < VICTIM_BURST; n++)
			if (sfd[n] >= 0)
				close(sfd[n]);
	}
	return 0;
}

/* waitpid() for at most @secs seconds; true if @pid ended. */
static bool reap(pid_t pid, int *st, unsigned int secs)
{
	unsigned int i;

	for (i = 0; i < secs * 20; i++) {
		if (waitpid(pid, st, WNOHANG) == pid)
			return true;
		sleep_ms(50);
	}
	return false;
}

static pid_t spawn(unsigned int id, enum role role)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid)
		return pid;
	/* all start together, once every worker is there */
	while (!sh->go)
		sleep_ms(10);
	_exit(role == INNOCENT ? innocent(id) :
	      role == HANGER ? hanger(id) : victim(id));
}

static enum role role_of(unsigned int id)
{
	return id < NR_INNOCENT ? INNOCENT :
	       id < NR_INNOCENT + NR_HANGERS ? HANGER : VICTIM;
}

/* ------------------------------------------------------------------ */
/* The parent */

static bool find_cores(void)
{
	struct etnaviv_device *dev = etnaviv_device_open(NULL);
	unsigned int core;

	if (!dev)
		return fail("no etnaviv device: %s", strerror(errno));
	for (core = 0; core < MAX_CORES; core++) {
		struct etnaviv_gpu *gpu = etnaviv_gpu_open(dev, core);
		struct core *c = &cores[nr_cores];
		uint32_t model;

		if (!gpu)
			continue;
		c->pipe = core;
		c->has_2d = etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_2D);
		c->has_3d = etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_3D);
		model = etnaviv_gpu_info(gpu)->model;
		etnaviv_gpu_close(gpu);
		if (model_core_find(model, c->model_dir, sizeof(c->model_dir)))
			return fail("no model core for pipe %u (gc%x)", core,
				    model);
		if (c->has_2d && core_2d < 0)
			core_2d = nr_cores;
		if (c->has_3d && core_3d < 0)
			core_3d = nr_cores;
		nr_cores++;
	}
	etnaviv_device_close(dev);
	if (core_2d < 0 || core_3d < 0 || core_2d == core_3d)
		return fail("want a 2D core and a 3D core (%u cores)",
			    nr_cores);
	return true;
}

static bool module_loaded(void)
{
	char line[256];
	bool found = false;
	FILE *f = fopen("/proc/modules", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, "etnaviv ", 8);
	fclose(f);
	return found;
}

/* A plain job on every pipe completes (a new client). */
static void after_plain_jobs(void)
{
	unsigned int k;

	for (k = 0; k < nr_cores; k++) {
		struct etnaviv_device *dev = etnaviv_device_open(NULL);
		struct etnaviv_gpu *gpu = dev ?
			etnaviv_gpu_open(dev, cores[k].pipe) : NULL;
		enum etnaviv_pipe_id id = cores[k].has_3d ? ETNAVIV_PIPE_3D :
					  ETNAVIV_PIPE_2D;
		struct etnaviv_pipe *p = gpu ? etnaviv_pipe_new(gpu, id) :
					 NULL;
		struct etnaviv_cmd_stream *s = p ?
			etnaviv_cmd_stream_new(p, 0) : NULL;
		int ret = -ENODEV;

		if (s) {
			etnaviv_emit(s, ETNAVIV_CMD_NOP);
			etnaviv_emit(s, 0);
			ret = etnaviv_cmd_stream_flush_wait(s, PREP_NS);
		}
		report(!ret || fail("%s", strerror(-ret)),
		       "after: pipe %u (%s) completes a plain job",
		       cores[k].pipe, id == ETNAVIV_PIPE_3D ? "3D" : "2D");
		etnaviv_cmd_stream_del(s);
		etnaviv_pipe_del(p);
		etnaviv_gpu_close(gpu);
		etnaviv_device_close(dev);
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The median and the worst of @n figures (sorted in place), in s. */
static void median_worst(uint64_t *v, unsigned int n, double *med,
			 double *worst)
{
	qsort(v, n, sizeof(v[0]), cmp_u64);
	*med = n ? v[n / 2] / 1e9 : 0.0;
	*worst = n ? v[n - 1] / 1e9 : 0.0;
}

int main(int argc, char **argv)
{
	pthread_rwlockattr_t attr;
	pid_t pid[NR_WORKERS];
	int status[NR_WORKERS], rmmod_bad = 0, kills = 0, bad_kills = 0,
	    rmmods = 0, st;
	unsigned long long jobs = 0, lost = 0, by_op[NR_OPS] = { 0 },
			   by_kind[NR_KINDS] = { 0 }, remade = 0;
	uint64_t rec[NR_HANGERS * MAX_HANGS], t0, next_kill[NR_WORKERS],
		 next_rmmod;
	unsigned int i, k, n, hangs = 0, cancelled = 0, other = 0,
		     hang_failed = 0, alive, nr_rec = 0, min_jobs = ~0u;
	uint32_t krnd = SEED;
	double med, worst;
	char rmmod_why[128] = "";
	bool ok, done[NR_WORKERS] = { false };

	if (argc == 3 && !strcmp(argv[1], "--secs") && atoi(argv[2]) > 0) {
		run_secs = atoi(argv[2]);
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [--secs N]\n", argv[0]);
		return 2;
	}
	ok = find_cores();
	report(ok, "setup: a 2D core, a 3D core and their model cores");
	if (!ok)
		return 1;
	printf("INFO: stress/setup: 2D on pipe %u (%s), 3D on pipe %u (%s), "
	       "%d workers (%d innocent, %d hangers, %d victims), %d s, seed "
	       "0x%08x\n", cores[core_2d].pipe, cores[core_2d].model_dir,
	       cores[core_3d].pipe, cores[core_3d].model_dir, NR_WORKERS,
	       NR_INNOCENT, NR_HANGERS, NR_VICTIMS, run_secs, SEED);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	memset(sh, 0, sizeof(*sh));
	pthread_rwlockattr_init(&attr);
	pthread_rwlockattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	/* a hanger must get the gate while innocents keep submitting */
	pthread_rwlockattr_setkind_np(&attr,
			PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	for (k = 0; k < MAX_CORES; k++)
		pthread_rwlock_init(&sh->gate[k], &attr);
	/* a frozen FE stands for a hung job, not a core that cannot power up */
	gpu_power_hold(true);
	for (k = 0; k < nr_cores; k++)
		model_knob_set(cores[k].model_dir, "link_gap_ns", 0);

	for (i = 0; i < NR_WORKERS; i++)
		pid[i] = spawn(i, role_of(i));
	/* the run's time counts from here: forks are slow on a busy host */
	t0 = etna_now_ns();
	sh->t0 = t0;
	sh->go = 1;
	for (i = 0; i < NR_WORKERS; i++)
		next_kill[i] = t0 + (500 + xorshift32(&krnd) % 1500) * MS_NS;
	next_rmmod = t0 + SEC_NS;
	while (etna_now_ns() - t0 < run_secs * SEC_NS || !rmmods) {
		uint64_t now = etna_now_ns();

		sleep_ms(20);
		for (i = NR_INNOCENT + NR_HANGERS; i < NR_WORKERS; i++) {
			if (now < next_kill[i])
				continue;
			kill(pid[i], SIGKILL);
			if (!reap(pid[i], &st, EXIT_SECS) ||
			    !(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL))
				bad_kills++;
			kills++;
			pid[i] = spawn(i, VICTIM);
			next_kill[i] = now +
				       (300 + xorshift32(&krnd) % 1500) * MS_NS;
		}
		if (now >= next_rmmod) {
			int ret = syscall(SYS_delete_module, "etnaviv",
					  O_NONBLOCK) ? errno : 0;

			rmmods++;
			if (ret != EBUSY && ret != EAGAIN) {
				rmmod_bad++;
				snprintf(rmmod_why, sizeof(rmmod_why),
					 "attempt %d: %s", rmmods,
					 ret ? strerror(ret) : "succeeded");
			}
			next_rmmod = now + SEC_NS;
		}
	}
	sh->stop = 1;
	for (i = NR_INNOCENT + NR_HANGERS; i < NR_WORKERS; i++) {
		kill(pid[i], SIGKILL);
		kills++;
	}
	/* every worker must end within a (generous) bound */
	for (alive = NR_WORKERS, n = 0; alive && n < EXIT_SECS * 10; n++) {
		for (i = 0; i < NR_WORKERS; i++)
			if (!done[i] && waitpid(pid[i], &status[i], WNOHANG) ==
			    pid[i]) {
				done[i] = true;
				alive--;
			}
		if (alive)
			sleep_ms(100);
	}
	ok = !alive || fail("%u workers still running after %d s", alive,
			    EXIT_SECS);
	for (i = 0; ok && i < NR_WORKERS; i++) {
		if (role_of(i) == VICTIM)
			ok = (WIFSIGNALED(status[i]) &&
			      WTERMSIG(status[i]) == SIGKILL) ||
			     fail("victim %u: status 0x%x", i, status[i]);
		else
			ok = (WIFEXITED(status[i]) && !WEXITSTATUS(status[i])) ||
			     fail("worker %u: status 0x%x: %s", i, status[i],
				  sh->slot[i].why);
	}
	for (i = 0; i < NR_WORKERS; i++)
		if (!done[i])
			kill(pid[i], SIGKILL);
	report(ok, "run: every worker ended as it should");

	for (k = 0; k < nr_cores; k++)
		model_knob_set(cores[k].model_dir, "freeze", 0);
	gpu_power_hold(false);

	for (i = 0; i < NR_INNOCENT; i++) {
		struct slot *sl = &sh->slot[i];

		jobs += sl->jobs;
		lost += sl->lost;
		remade += sl->remade;
		if (sl->jobs < min_jobs)
			min_jobs = sl->jobs;
		for (k = 0; k < NR_OPS; k++)
			by_op[k] += sl->by_op[k];
		for (k = 0; k < NR_KINDS; k++)
			by_kind[k] += sl->by_kind[k];
	}
	for (i = NR_INNOCENT; i < NR_INNOCENT + NR_HANGERS; i++) {
		struct slot *sl = &sh->slot[i];

		hangs += sl->hangs;
		cancelled += sl->cancelled;
		other += sl->blamed_other;
		hang_failed += sl->hang_failed;
		for (k = 0; k < sl->recovered && k < MAX_HANGS; k++)
			rec[nr_rec++] = sl->recovery_ns[k];
	}
	printf("INFO: stress/jobs: %llu innocent jobs (%s %llu, %s %llu, "
	       "%s %llu, %s %llu; %s %llu, %s %llu, %s %llu, %s %llu), "
	       "fewest of one process %u, buffers made again %llu, lost %llu\n",
	       jobs, op_name[0], by_op[0], op_name[1], by_op[1], op_name[2],
	       by_op[2], op_name[3], by_op[3], kind_name[0], by_kind[0],
	       kind_name[1], by_kind[1], kind_name[2], by_kind[2],
	       kind_name[3], by_kind[3], min_jobs, remade, lost);
	for (i = NR_INNOCENT + NR_HANGERS, n = 0; i < NR_WORKERS; i++)
		n += sh->slot[i].jobs;
	printf("INFO: stress/kills: %d victims killed with SIGKILL, %u jobs "
	       "submitted by victims\n", kills, n);
	median_worst(rec, nr_rec, &med, &worst);
	printf("INFO: stress/hangs: %u hangs, %u recovered (%u hung jobs "
	       "cancelled, %u with a victim's job blamed instead), %u failed; "
	       "freeze to the hung job's fence median %.3f s, worst %.3f s\n",
	       hangs, nr_rec, cancelled, other, hang_failed, med, worst);
	for (i = NR_INNOCENT, n = 0; i < NR_INNOCENT + NR_HANGERS; i++)
		for (k = 0; k < sh->slot[i].detected && k < MAX_HANGS; k++)
			rec[n++] = sh->slot[i].detect_ns[k];
	median_worst(rec, n, &med, &worst);
	printf("INFO: stress/hangs: freeze to reset (the hang check's "
	       "detection, %u ms periods) median %.3f s, worst %.3f s (%u)\n",
	       500, med, worst, n);
	for (i = NR_INNOCENT, n = 0; i < NR_INNOCENT + NR_HANGERS; i++)
		for (k = 0; k < sh->slot[i].restarted && k < MAX_HANGS; k++)
			rec[n++] = sh->slot[i].restart_ns[k];
	median_worst(rec, n, &med, &worst);
	printf("INFO: stress/hangs: reset to the core's next job done (the "
	       "recovery) median %.3f s, worst %.3f s (%u)\n", med, worst, n);
	for (k = 0; k < nr_cores; k++)
		printf("INFO: stress/fe: %s: a LINK unseen at most %.3f s; the "
		       "FE thread made real-time %ld times when late\n",
		       cores[k].model_dir,
		       model_knob_get(cores[k].model_dir, "link_gap_ns") / 1e9,
		       model_knob_get(cores[k].model_dir, "fe_boosts"));
	for (i = NR_INNOCENT; i < NR_INNOCENT + NR_HANGERS; i++)
		for (k = 0; k < sh->slot[i].hangs; k++)
			printf("INFO: stress/hang: pipe %u at %.3f s: the hung "
			       "job's fence %s after %.3f s\n",
			       cores[(i - NR_INNOCENT) % 2 ? core_3d :
				     core_2d].pipe,
			       sh->slot[i].log[k].at / 1e9,
			       sh->slot[i].log[k].status == 1 ? "signalled" :
			       sh->slot[i].log[k].status == 0 ?
			       "not signalled" :
			       strerror(-sh->slot[i].log[k].status),
			       sh->slot[i].log[k].ns / 1e9);
	printf("INFO: stress/hangs: the model's resets: 2D core %lld, 3D core "
	       "%lld (power-ups %lld, %lld)\n", core_stat(&cores[core_2d],
	       "resets"), core_stat(&cores[core_3d], "resets"),
	       core_stat(&cores[core_2d], "power_ons"),
	       core_stat(&cores[core_3d], "power_ons"));
	printf("INFO: stress/rmmod: %d attempts with files open\n", rmmods);

	ok = min_jobs > 0 || fail("an innocent process ran no job");
	report(ok, "innocent: every innocent process ran jobs");
	for (i = 0; i < NR_INNOCENT && !sh->slot[i].lost; i++)
		;
	ok = !lost || fail("%llu of %llu lost; process %u: %s", lost, jobs,
			   i, i < NR_INNOCENT ? sh->slot[i].why : "?");
	report(ok, "innocent: no job lost (every fence signalled without "
	       "error, every pixel right)");
	for (i = NR_INNOCENT; i < NR_INNOCENT + NR_HANGERS &&
	     !sh->slot[i].hang_failed; i++)
		;
	ok = (!hang_failed && hangs == nr_rec) ||
	     fail("%u of %u hangs failed: %s", hang_failed, hangs,
		  i < NR_INNOCENT + NR_HANGERS ? sh->slot[i].why : "?");
	report(ok, "hang: every hang recovered (the core reset, the hung "
	       "job's fence signalled)");
	for (i = NR_INNOCENT, ok = true; i < NR_INNOCENT + NR_HANGERS; i++)
		ok = ok && (sh->slot[i].hangs > 0 ||
			    fail("hanger %u hung nothing", i));
	report(ok, "hang: both cores hung at least once");
	ok = (!bad_kills && kills >= NR_VICTIMS) ||
	     fail("%d kills, %d did not end by SIGKILL", kills, bad_kills);
	report(ok, "kill: victims killed in the middle of their submits");
	ok = (rmmods > 0 && !rmmod_bad) ||
	     fail("%d of %d: %s", rmmod_bad, rmmods, rmmod_why[0] ?
		  rmmod_why : "no attempt");
	report(ok, "rmmod: unloading with files open fails with EBUSY or "
	       "EAGAIN");
	report(module_loaded() || fail("etnaviv not in /proc/modules"),
	       "rmmod: the module stays loaded");

	for (k = 0, ok = true; k < nr_cores; k++)
		if (model_knob_get(cores[k].model_dir, "freeze") != 0)
			ok = fail("core %s frozen", cores[k].model_dir);
	report(ok, "after: no core left frozen");
	after_plain_jobs();
	return nr_failed != 0;
}
