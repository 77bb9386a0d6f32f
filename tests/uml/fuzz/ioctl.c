// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz, ioctl: sequences of every ioctl across files and processes
 * (main.c).
 */
#include "fuzz.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <linux/sync_file.h>

#include "etna_states.h"

#define MAX_H	32

struct client {
	int fd[2];
	uint32_t h[2][MAX_H];
	unsigned int nh[2];
	uint32_t last_fence[2 * ETNA_MAX_PIPES];
	int sync_fd;
	void *mem;
};

enum {
	IO_PARAM, IO_NEW, IO_INFO, IO_PREP, IO_FINI, IO_SUBMIT, IO_WAIT_FENCE,
	IO_USERPTR, IO_GEM_WAIT, IO_PM_DOM, IO_PM_SIG, IO_EXPORT, IO_IMPORT,
	IO_CLOSE, IO_REOPEN, IO_FORK_EXIT, IO_FORK_KILL, IO_MMAP, IO_BAD_NR,
	IO_NR
};

static const char *const io_names[IO_NR] = {
	"GET_PARAM", "GEM_NEW", "GEM_INFO", "GEM_CPU_PREP", "GEM_CPU_FINI",
	"GEM_SUBMIT", "WAIT_FENCE", "GEM_USERPTR", "GEM_WAIT",
	"PM_QUERY_DOM", "PM_QUERY_SIG", "PRIME_HANDLE_TO_FD",
	"PRIME_FD_TO_HANDLE", "GEM_CLOSE", "close+reopen", "fork+exit",
	"fork+kill", "mmap+touch", "unknown ioctl",
};

static uint32_t any_handle(struct client *c, unsigned int f)
{
	if (!c->nh[f] || chance(10))
		return chance(50) ? rnd(64) : (uint32_t)rnd64();
	return c->h[f][rnd(c->nh[f])];
}

static void add_handle(struct client *c, unsigned int f, uint32_t h)
{
	if (c->nh[f] < MAX_H)
		c->h[f][c->nh[f]++] = h;
	else
		etna_gem_close(c->fd[f], h);
}

static void drop_handle(struct client *c, unsigned int f, uint32_t h)
{
	unsigned int i;

	for (i = 0; i < c->nh[f]; i++)
		if (c->h[f][i] == h) {
			c->h[f][i] = c->h[f][--c->nh[f]];
			return;
		}
}

static uint32_t any_pipe(void)
{
	return chance(90) && nr_engines ? engines[rnd(nr_engines)].pipe :
					  rnd(8);
}

static struct drm_etnaviv_timespec short_timeout(void)
{
	return chance(10) ? (struct drm_etnaviv_timespec){
		.tv_sec = (int64_t)rnd64(), .tv_nsec = (int64_t)rnd64() } :
		etna_timeout(rnd(20) * MS_NS);
}

/* A harmless job: a BO relocated into an address state of the engine. */
static int io_submit(struct client *c, unsigned int f, unsigned int ei)
{
	const struct engine *e = &engines[ei];
	uint32_t a = 0, stream[4];
	struct drm_etnaviv_gem_submit_bo sbo[2];
	struct drm_etnaviv_gem_submit_reloc reloc = { .submit_offset = 4 };
	struct drm_etnaviv_gem_submit req = {
		.pipe = e->pipe, .exec_state = e->exec_state,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
	};
	unsigned int nb = c->nh[f] ? 1 + rnd(2) : 0, i;
	int ret;

	etna_state_lookup(e->exec_state == ETNA_PIPE_2D ? "DE_DEST_ADDRESS" :
			  "FE_INDEX_STREAM_BASE_ADDR", &a);
	stream[0] = nb ? ETNA_CMD_LOAD_STATE(a, 1) : ETNA_CMD_NOP;
	stream[1] = 0;
	stream[2] = ETNA_CMD_NOP;
	stream[3] = 0;
	for (i = 0; i < nb; i++)
		sbo[i] = (struct drm_etnaviv_gem_submit_bo){
			.flags = 1 + rnd(3), .handle = any_handle(c, f) };
	if (nb == 2 && sbo[0].handle == sbo[1].handle)
		nb = 1;
	req.bos = (uintptr_t)sbo;
	req.nr_bos = nb;
	if (nb) {
		req.relocs = (uintptr_t)&reloc;
		req.nr_relocs = 1;
	}
	if (chance(30))
		req.flags |= ETNA_SUBMIT_FENCE_FD_OUT;
	if (chance(20) && c->sync_fd >= 0) {
		req.flags |= ETNA_SUBMIT_FENCE_FD_IN;
		req.fence_fd = c->sync_fd;
	}
	if (chance(10))
		req.flags |= ETNA_SUBMIT_NO_IMPLICIT;
	if (chance(5))		/* an invalid field */
		switch (rnd(4)) {
		case 0:
			req.flags |= 1u << rnd(32);
			break;
		case 1:
			req.stream_size = rnd(64);
			break;
		case 2:
			req.exec_state = rnd(4);
			break;
		default:
			reloc.reloc_offset = (uint32_t)rnd64();
			break;
		}
	ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	if (!ret) {
		c->last_fence[ei] = req.fence;
		if (req.flags & ETNA_SUBMIT_FENCE_FD_OUT) {
			if (c->sync_fd >= 0)
				close(c->sync_fd);
			c->sync_fd = req.fence_fd;
		}
	}
	return ret;
}

static void client_open(struct client *c, unsigned int f)
{
	c->fd[f] = etna_open();
	c->nh[f] = 0;
}

static int io_op(struct client *c, unsigned int op)
{
	unsigned int f = rnd(2), ei = nr_engines ? rnd(nr_engines) : 0;
	int ret = 0, st;
	pid_t pid;

	switch (op) {
	case IO_PARAM: {
		struct drm_etnaviv_param p = {
			.pipe = any_pipe(),
			.param = chance(90) ? rnd(0x20) : (uint32_t)rnd64() };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GET_PARAM, &p);
	}
	case IO_NEW: {
		static const uint32_t flags[] = {
			ETNA_BO_CACHED, ETNA_BO_WC, ETNA_BO_UNCACHED,
			ETNA_BO_WC | ETNA_BO_FORCE_MMU,
		};
		struct drm_etnaviv_gem_new r = {
			.size = chance(90) ? 4096 * (1 + rnd(64)) : rnd64(),
			.flags = chance(95) ? flags[rnd(4)] : (uint32_t)rnd64(),
		};
		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_NEW, &r);
		if (!ret)
			add_handle(c, f, r.handle);
		return ret;
	}
	case IO_INFO: {
		struct drm_etnaviv_gem_info r = { .handle = any_handle(c, f),
						  .pad = chance(5) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_INFO, &r);
	}
	case IO_PREP: {
		struct drm_etnaviv_gem_cpu_prep r = {
			.handle = any_handle(c, f),
			.op = chance(90) ? 1 + rnd(7) : (uint32_t)rnd64(),
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &r);
	}
	case IO_FINI: {
		struct drm_etnaviv_gem_cpu_fini r = {
			.handle = any_handle(c, f), .flags = chance(5) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &r);
	}
	case IO_SUBMIT:
		return nr_engines ? io_submit(c, f, ei) : 0;
	case IO_WAIT_FENCE: {
		struct drm_etnaviv_wait_fence r = {
			.pipe = nr_engines ? engines[ei].pipe : 0,
			.fence = c->last_fence[ei] + rnd(3) - 1,
			.flags = chance(30) ? ETNA_WAIT_NONBLOCK : rnd(2) * 2,
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_WAIT_FENCE, &r);
	}
	case IO_USERPTR: {
		struct drm_etnaviv_gem_userptr r = {
			.user_ptr = (uintptr_t)c->mem + 4096 * rnd(16),
			.user_size = 4096 * (1 + rnd(16)),
			.flags = 1 + rnd(3),
		};
		if (chance(10))
			r.user_ptr = rnd64();
		if (chance(10))
			r.user_size = rnd64();
		ret = etna_ioctl_once(c->fd[f],
				      DRM_IOCTL_ETNAVIV_GEM_USERPTR, &r);
		if (!ret)
			add_handle(c, f, r.handle);
		return ret;
	}
	case IO_GEM_WAIT: {
		struct drm_etnaviv_gem_wait r = {
			.pipe = any_pipe(), .handle = any_handle(c, f),
			.flags = chance(30) ? ETNA_WAIT_NONBLOCK : 0,
			.timeout = short_timeout(),
		};
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_GEM_WAIT, &r);
	}
	case IO_PM_DOM: {
		struct drm_etnaviv_pm_domain r = {
			.pipe = any_pipe(), .iter = rnd(8) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &r);
	}
	case IO_PM_SIG: {
		struct drm_etnaviv_pm_signal r = {
			.pipe = any_pipe(), .domain = rnd(4), .iter = rnd(64) };
		return etna_ioctl_once(c->fd[f],
				       DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &r);
	}
	case IO_EXPORT:
	case IO_IMPORT: {
		struct drm_prime_handle r = {
			.handle = any_handle(c, f), .flags = DRM_CLOEXEC };
		struct drm_prime_handle i = { 0 };

		ret = etna_ioctl_once(c->fd[f],
				      DRM_IOCTL_PRIME_HANDLE_TO_FD, &r);
		if (ret || op == IO_EXPORT) {
			if (!ret)
				close(r.fd);
			return ret;
		}
		i.fd = r.fd;
		ret = etna_ioctl_once(c->fd[!f],
				      DRM_IOCTL_PRIME_FD_TO_HANDLE, &i);
		close(r.fd);
		if (!ret)
			add_handle(c, !f, i.handle);
		return ret;
	}
	case IO_CLOSE: {
		struct drm_gem_close r = { .handle = any_handle(c, f) };

		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_GEM_CLOSE, &r);
		if (!ret)
			drop_handle(c, f, r.handle);
		return ret;
	}
	case IO_REOPEN:		/* with jobs in flight, maybe */
		if (nr_engines && c->nh[f])
			io_submit(c, f, ei);
		close(c->fd[f]);
		client_open(c, f);
		return 0;
	case IO_FORK_EXIT:
	case IO_FORK_KILL:
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			struct client k = { .sync_fd = -1, .mem = c->mem };
			unsigned int i;

			client_open(&k, 0);
			client_open(&k, 1);
			for (i = 0; i < 6; i++)
				io_op(&k, chance(50) ? IO_NEW : IO_SUBMIT);
			/* the inherited files too: a job on each */
			io_submit(c, 0, ei);
			io_submit(c, 1, ei);
			if (op == IO_FORK_KILL)
				for (;;)
					io_op(&k, IO_SUBMIT);
			_exit(0);
		}
		if (pid < 0)
			return -errno;
		if (op == IO_FORK_KILL) {
			usleep(rnd(20000));
			kill(pid, SIGKILL);
		}
		waitpid(pid, &st, 0);
		if (WIFSIGNALED(st) && WTERMSIG(st) != SIGKILL)
			finding("ioctl: a child died of signal %d",
				WTERMSIG(st));
		return 0;
	case IO_MMAP: {
		struct drm_etnaviv_gem_info r = { .handle = any_handle(c, f) };
		volatile uint32_t *p;

		ret = etna_ioctl_once(c->fd[f], DRM_IOCTL_ETNAVIV_GEM_INFO, &r);
		if (ret)
			return ret;
		p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
			 c->fd[f], r.offset);
		if (p == MAP_FAILED)
			return -errno;
		p[rnd(1024)] = (uint32_t)rnd64();
		munmap((void *)p, 4096);
		return 0;
	}
	default: {	/* an ioctl number past the driver's */
		uint32_t arg[32] = { 0 };

		return etna_ioctl_once(c->fd[f],
				       DRM_IOWR(DRM_COMMAND_BASE + 0x20 +
						rnd(0x20), uint32_t[4]),
				       arg);
	}
	}
}

/* One process of the ioctl fuzzer: @iters operations or until @deadline. */
static void ioctl_proc(uint64_t seed, unsigned int proc, uint64_t iters,
		       uint64_t deadline)
{
	struct client c = { .sync_fd = -1 };
	uint64_t i;
	unsigned int f;

	seed_rng(seed, 0x10000 + proc);
	client_open(&c, 0);
	client_open(&c, 1);
	c.mem = mmap(NULL, 32 * 4096, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < iters; i++) {
		unsigned int op;
		int ret;

		if (deadline && etna_now_ns() > deadline)
			break;
		/* SUBMIT and GEM_NEW more often than the rest */
		op = chance(30) ? (chance(60) ? IO_SUBMIT : IO_NEW) :
				  rnd(IO_NR);
		if ((op == IO_FORK_EXIT || op == IO_FORK_KILL) && chance(70))
			op = IO_SUBMIT;
		ret = io_op(&c, op);
		__atomic_add_fetch(&sh->ioctl_calls[op], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&sh->iters, 1, __ATOMIC_RELAXED);
		if (!ret)
			__atomic_add_fetch(&sh->ioctl_ok[op], 1,
					   __ATOMIC_RELAXED);
	}
	/* exit with whatever is in flight, half the time */
	if (chance(50))
		for (f = 0; f < 2; f++)
			close(c.fd[f]);
	_exit(0);
}

void run_ioctl(uint64_t seed, unsigned int procs, uint64_t iters,
	       uint64_t deadline)
{
	unsigned long long faults = MODEL_SUM(mmu_faults);
	unsigned long long buserr = MODEL_SUM(bus_errors);
	unsigned int p;
	pid_t pid;
	int st;

	for (p = 0; p < procs; p++) {
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			ioctl_proc(seed, p, iters, deadline);
	}
	while ((pid = wait(&st)) > 0)
		if (WIFSIGNALED(st))
			finding("ioctl seed=0x%llx: a process died of signal "
				"%d", (unsigned long long)seed, WTERMSIG(st));
	if (MODEL_SUM(mmu_faults) != faults || MODEL_SUM(bus_errors) != buserr)
		finding("ioctl seed=0x%llx: harmless jobs made %llu MMU faults "
			"and %llu bus errors", (unsigned long long)seed,
			MODEL_SUM(mmu_faults) - faults,
			MODEL_SUM(bus_errors) - buserr);
}

/* What the ioctl fuzzer covered: each ioctl's successes and calls. */
void ioctl_summary(const char *what)
{
	unsigned int i, cov = 0;
	char buf[1024] = "";
	size_t len = 0;

	for (i = 0; i < IO_NR; i++) {
		cov += sh->ioctl_calls[i] > 0;
		if (sh->ioctl_calls[i])
			etna_append(buf, sizeof(buf), &len, " %s=%lu/%lu",
				    io_names[i], sh->ioctl_ok[i],
				    sh->ioctl_calls[i]);
	}
	if (cov)
		printf("INFO: fuzz/%s: ioctls covered %u/%u (ok/calls):%s\n",
		       what, cov, IO_NR, buf);
}
