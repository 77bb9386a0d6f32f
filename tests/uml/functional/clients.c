// SPDX-License-Identifier: MIT
/* functional: many processes submitting at once */
#include "functional.h"

/* ------------------------------------------------------------------ */
/* 6. Many clients at once */

#define NR_CLIENTS	8
#define CLIENT_JOBS	200
#define PARENT_BOS	16

static int client(unsigned int k, int go, uint32_t parent_max)
{
	const unsigned int nbos = 2 + k;
	uint32_t bos[2 + NR_CLIENTS], fence, last[ETNA_MAX_PIPES];
	bool any[ETNA_MAX_PIPES] = { false };
	int fd = etna_open(), ret, errs = 0;
	unsigned int i, p;
	uint64_t off;
	uint32_t *m;
	char c;

#define CFAIL(...)							\
	do {								\
		printf("  client %u: ", k);				\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		fflush(stdout);						\
		errs++;							\
	} while (0)

	for (i = 0; i < nbos; i++) {
		ret = etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bos[i]);
		if (ret) {
			CFAIL("GEM_NEW: %s", err_name(ret));
			return 1;
		}
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (!m) {
			CFAIL("%s", why);
			return 1;
		}
		fill(m, JOB_BO_SIZE, 0x1000 * (k + 1) + bos[i]);
		munmap(m, JOB_BO_SIZE);
	}
	/* start together */
	if (read(go, &c, 1) < 0)
		CFAIL("read of the start pipe: %s", strerror(errno));

	for (i = 0; i < CLIENT_JOBS; i++) {
		const struct engine *e = &engines[(i + k) % nr_engines];
		uint32_t h = i % 4 == 3 ? 0 : bos[i % nbos];

		ret = submit_job(fd, e, h, i % 7 ? ETNA_SUBMIT_BO_READ
						 : ETNA_SUBMIT_BO_WRITE,
				 (i * 16) % JOB_BO_SIZE, &fence, NULL);
		if (ret) {
			CFAIL("submit %u on %s: %s", i, engine_name(e),
			      err_name(ret));
			break;
		}
		if (any[e->pipe] && (int32_t)(fence - last[e->pipe]) <= 0)
			CFAIL("submit %u: fence %u after %u on pipe %u", i,
			      fence, last[e->pipe], e->pipe);
		last[e->pipe] = fence;
		any[e->pipe] = true;
	}
	for (p = 0; p < ETNA_MAX_PIPES; p++) {
		if (!any[p])
			continue;
		ret = etna_wait_fence(fd, p, last[p], 0, 10 * SEC_NS);
		if (ret)
			CFAIL("WAIT_FENCE pipe %u fence %u: %s", p, last[p],
			      err_name(ret));
	}
	for (i = 0; i < nbos; i++) {
		ret = etna_gem_wait(fd, engines[0].pipe, bos[i], 0, 5 * SEC_NS);
		if (ret)
			CFAIL("GEM_WAIT of BO %u: %s", bos[i], err_name(ret));
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (!m) {
			CFAIL("%s", why);
			continue;
		}
		if (!check_pattern(m, JOB_BO_SIZE, 0x1000 * (k + 1) + bos[i],
				   "own BO"))
			CFAIL("handle %u: %s", bos[i], why);
		munmap(m, JOB_BO_SIZE);
	}
	/* the parent's and the other clients' handle numbers are not ours */
	for (i = bos[nbos - 1] + 1; i <= parent_max; i++) {
		ret = etna_gem_info(fd, i, &off);
		if (ret != -ENOENT)
			CFAIL("GEM_INFO of handle %u (another file's): %s, "
			      "want ENOENT", i, err_name(ret));
		ret = etna_cpu_prep(fd, i, ETNA_PREP_READ, 0);
		if (ret != -ENOENT)
			CFAIL("CPU_PREP of handle %u (another file's): %s, "
			      "want ENOENT", i, err_name(ret));
		ret = submit_job(fd, &engines[0], i, ETNA_SUBMIT_BO_READ, 0,
				 NULL, NULL);
		if (ret != -EINVAL)
			CFAIL("SUBMIT with handle %u (another file's): %s, "
			      "want EINVAL", i, err_name(ret));
	}
	for (i = 0; i < nbos; i++)
		etna_gem_close(fd, bos[i]);
	close(fd);
	return errs ? 1 : 0;
#undef CFAIL
}

void test_clients(void)
{
	uint32_t bos[PARENT_BOS], *m;
	int fd = etna_open(), go[2], status, nbad = 0;
	unsigned int i, started = 0;
	pid_t pids[NR_CLIENTS];
	uint64_t t0;
	bool ok = true;

	for (i = 0; i < PARENT_BOS; i++) {
		if (etna_gem_new(fd, JOB_BO_SIZE, ETNA_BO_WC, &bos[i])) {
			report(fail("GEM_NEW failed"), "clients: setup");
			close(fd);
			return;
		}
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		if (m) {
			fill(m, JOB_BO_SIZE, 0xa000 + bos[i]);
			munmap(m, JOB_BO_SIZE);
		}
	}
	if (pipe(go)) {
		report(fail("pipe: %s", strerror(errno)), "clients: setup");
		close(fd);
		return;
	}
	fflush(stdout);
	for (i = 0; i < NR_CLIENTS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(go[1]);
			close(fd);
			_exit(client(i, go[0], bos[PARENT_BOS - 1]));
		}
		if (pids[i] < 0) {
			ok = fail("fork: %s", strerror(errno));
			break;
		}
		started++;
	}
	close(go[0]);
	t0 = etna_now_ns();
	close(go[1]);	/* go */
	for (i = 0; i < started; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			nbad++;
			ok = fail("%d of %u clients failed (client %u: %s %d)",
				  nbad, started, i,
				  WIFSIGNALED(status) ? "signal" : "exit",
				  WIFSIGNALED(status) ? WTERMSIG(status)
						      : WEXITSTATUS(status));
		}
	}
	info("clients", "%u processes x %u jobs in %.3f s", started,
	     CLIENT_JOBS, secs(etna_now_ns() - t0));
	report(ok && started == NR_CLIENTS, "clients: %u processes x %u jobs "
	       "on their own files, all exit 0", NR_CLIENTS, CLIENT_JOBS);

	ok = true;
	for (i = 0; i < PARENT_BOS && ok; i++) {
		m = map_bo(fd, bos[i], JOB_BO_SIZE);
		ok = m && check_pattern(m, JOB_BO_SIZE, 0xa000 + bos[i],
					"parent's BO");
		if (m)
			munmap(m, JOB_BO_SIZE);
	}
	report(ok, "clients: the parent's BOs with the same handle numbers "
	       "are untouched");
	for (i = 0; i < PARENT_BOS; i++)
		etna_gem_close(fd, bos[i]);
	close(fd);
}

/* ------------------------------------------------------------------ */
/* The shared MMUv1 address space: reclaimed, and each client's share bounded */

#define UP_SIZE		(4u << 20)	/* every userptr object: 4 MiB ... */
#define UP_OBJECTS	512		/* ... over the same memory: 2 GiB */
#define UP_PER_JOB	64		/* 256 MiB of the space per job */

/* A job on @e that uses @n objects of @handles (the first relocated). */
static int submit_many(int fd, const struct engine *e, const uint32_t *handles,
		       unsigned int n, uint32_t *fence)
{
	static struct drm_etnaviv_gem_submit_bo sbo[UP_OBJECTS];
	struct drm_etnaviv_gem_submit_reloc reloc = { .submit_offset = 4 };
	uint32_t stream[4] = {
		ETNA_CMD_LOAD_STATE(engine_addr_state(e), 1), 0,
		ETNA_CMD_NOP, 0,
	};
	struct job j = {
		.s = stream, .words = 4, .bos = sbo, .nr_bos = n,
		.relocs = &reloc, .nr_relocs = 1, .in_fd = -1,
	};

	for (unsigned int i = 0; i < n; i++)
		sbo[i] = (struct drm_etnaviv_gem_submit_bo){
			.flags = ETNA_SUBMIT_BO_READ, .handle = handles[i],
		};
	return submit_stream(fd, e, &j, fence, NULL);
}

/*
 * MMUv1: every client maps its buffers in one 2 GiB space. A client with
 * many userptr objects over the same memory (which costs it nothing)
 * must neither fill that space for good nor take more than its share of
 * it at once.
 */
void test_vm_share(void)
{
	const struct engine *e = &engines[0];
	static uint32_t up[UP_OBJECTS];
	int fdx, fdy = -1, ret = 0;
	uint32_t fence, fences[2], ybo = 0;
	uint64_t softpin;
	bool done;
	unsigned int i, n = 0;
	void *mem;
	bool ok;

	if (is_upstream()) {
		info("vm-share", "skipped: upstream 6.1 bounds no client's "
		     "share of the space");
		return;
	}
	fdx = etna_open();
	if (etna_param(fdx, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
		       &softpin) || softpin != ~0ull) {
		info("vm-share", "not MMUv1: every client has its own space");
		close(fdx);
		return;
	}
	mem = mmap(NULL, UP_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	ok = mem != MAP_FAILED || fail("mmap: %s", strerror(errno));
	for (i = 0; ok && i < UP_OBJECTS; i++, n++) {
		struct drm_etnaviv_gem_userptr req = {
			.user_ptr = (uintptr_t)mem, .user_size = UP_SIZE,
			.flags = ETNA_USERPTR_READ,
		};

		ret = etna_ioctl(fdx, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);
		ok = !ret || fail("GEM_USERPTR %u: %s", i, err_name(ret));
		up[i] = req.handle;
	}
	report(ok, "vm-share: %u read-only userptr objects of 4 MiB over "
	       "the same memory", UP_OBJECTS);
	if (!ok)
		goto out;

	/* 160 objects: 640 MiB of the space in one job */
	ret = submit_many(fdx, e, up, 160, NULL);
	ok = ret == -ENOSPC || fail("SUBMIT returned %s", err_name(ret));
	report(ok, "vm-share: a job with 640 MiB of buffers is refused with "
	       "ENOSPC");

	/* 8 jobs one after the other: 2 GiB in all, the whole space */
	for (i = 0; i < UP_OBJECTS / UP_PER_JOB; i++) {
		ret = submit_many(fdx, e, up + i * UP_PER_JOB, UP_PER_JOB,
				  &fence);
		if (!ret)
			ret = etna_wait_fence(fdx, e->pipe, fence, 0,
					      5 * SEC_NS);
		if (ret)
			break;
	}
	ok = !ret || fail("job %u: %s", i, err_name(ret));
	report(ok, "vm-share: %u jobs of 256 MiB of buffers each run one "
	       "after the other", UP_OBJECTS / UP_PER_JOB);

	fdy = etna_open();
	ret = etna_gem_new(fdy, JOB_BO_SIZE, ETNA_BO_WC, &ybo);
	if (!ret)
		ret = submit_job(fdy, e, ybo, ETNA_SUBMIT_BO_WRITE, 0, &fence,
				 NULL);
	if (!ret)
		ret = etna_wait_fence(fdy, e->pipe, fence, 0, 5 * SEC_NS);
	ok = !ret || fail("%s", err_name(ret));
	report(ok, "vm-share: another client maps a buffer afterwards");

	/* in flight at once: two jobs fill the share, a third waits */
	ret = knob_set(e, "freeze", 1);
	for (i = 0; !ret && i < 2; i++)
		ret = submit_many(fdx, e, up + i * UP_PER_JOB, UP_PER_JOB,
				  &fences[i]);
	ok = !ret || fail("freeze, job %u: %s", i, err_name(ret));
	report(ok, "vm-share: two jobs of 256 MiB in flight at once");
	if (ok) {
		ret = submit_job(fdy, e, ybo, ETNA_SUBMIT_BO_WRITE, 0, &fence,
				 NULL);
		ok = !ret || fail("SUBMIT returned %s", err_name(ret));
		report(ok, "vm-share: meanwhile another client submits");
		/*
		 * The third waits for the client's own jobs: it fails, or
		 * gets in once the hang check has ended the first two.
		 */
		ret = submit_many(fdx, e, up + 2 * UP_PER_JOB, UP_PER_JOB,
				  NULL);
		done = !etna_wait_fence(fdx, e->pipe, fences[0],
					ETNA_WAIT_NONBLOCK, 0) &&
		       !etna_wait_fence(fdx, e->pipe, fences[1],
					ETNA_WAIT_NONBLOCK, 0);
		ok = ret == -ENOSPC || (!ret && done) ||
		     fail("SUBMIT returned %s, the first two jobs %s",
			  err_name(ret), done ? "done" : "still in flight");
		report(ok, "vm-share: a third one, beyond the client's share, "
		       "does not get in while they are in flight");
		info("vm-share", "the third job: %s", err_name(ret));
	}
	knob_set(e, "freeze", 0);
	drain(fdx);
	drain(fdy);
out:
	for (i = 0; i < n; i++)
		etna_gem_close(fdx, up[i]);
	if (mem != MAP_FAILED)
		munmap(mem, UP_SIZE);
	if (fdy >= 0)
		close(fdy);
	close(fdx);
}

/* ------------------------------------------------------------------ */
/* Open files per user */

#define MAX_FILES	600

/*
 * MMUv2: every open file has an address space of its own, and with the
 * security block one of the 511 slots of the page table array. One user
 * opening files without end must not take them all: past its bound it
 * gets EMFILE, and another user still opens the render node.
 */
void test_user_files(void)
{
	static int fds[MAX_FILES];
	unsigned int n = 0, i;
	struct rlimit rl;
	uint64_t softpin;
	int fd, err = 0, status;
	pid_t pid;
	bool ok;

	if (is_upstream()) {
		info("user-files", "skipped: upstream 6.1 bounds no user's "
		     "open files");
		return;
	}
	fd = etna_open();
	if (etna_param(fd, engines[0].pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
		       &softpin) || softpin == ~0ull) {
		info("user-files", "not MMUv2: the clients share one space");
		close(fd);
		return;
	}
	close(fd);
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < MAX_FILES + 16) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	for (n = 0; n < MAX_FILES; n++) {
		fds[n] = open(ETNA_RENDER_NODE, O_RDWR | O_CLOEXEC);
		if (fds[n] < 0) {
			err = errno;
			break;
		}
	}
	info("user-files", "%u files open, then %s", n,
	     err ? strerror(err) : "no error");
	ok = (err == EMFILE && n >= 16 && n <= 128) ||
	     fail("%u files, then %s", n, err ? strerror(err) : "no error");
	report(ok, "user-files: one user opens at most 128 files, then "
	       "EMFILE");

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		/* another real user; still root's rights to open the node */
		if (setreuid(65534, 0))
			_exit(2);
		fd = open(ETNA_RENDER_NODE, O_RDWR | O_CLOEXEC);
		_exit(fd < 0 ? 3 : 0);
	}
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("child: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	report(ok, "user-files: meanwhile another user opens the render node");
	for (i = 0; i < n; i++)
		close(fds[i]);
	fd = open(ETNA_RENDER_NODE, O_RDWR | O_CLOEXEC);
	ok = fd >= 0 || fail("open: %s", strerror(errno));
	report(ok, "user-files: the user opens files again once it closed "
	       "them");
	if (fd >= 0)
		close(fd);
}

/* ------------------------------------------------------------------ */
/* Pinned userptr pages and RLIMIT_MEMLOCK */

/* Drop CAP_IPC_LOCK from the effective and permitted sets. */
static int drop_ipc_lock(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	data[CAP_IPC_LOCK / 32].effective &= ~(1u << (CAP_IPC_LOCK % 32));
	data[CAP_IPC_LOCK / 32].permitted &= ~(1u << (CAP_IPC_LOCK % 32));
	return syscall(SYS_capset, &hdr, data) ? -errno : 0;
}

/* A job on @e that uses a userptr object over @size bytes at @mem. */
static int userptr_job(int fd, const struct engine *e, void *mem,
		       size_t size)
{
	struct drm_etnaviv_gem_userptr req = {
		.user_ptr = (uintptr_t)mem, .user_size = size,
		.flags = ETNA_USERPTR_READ,
	};
	uint32_t fence;
	int ret;

	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);
	if (!ret)
		ret = submit_job(fd, e, req.handle, ETNA_SUBMIT_BO_READ, 0,
				 &fence, NULL);
	if (!ret)
		ret = etna_wait_fence(fd, e->pipe, fence, 0, 5 * SEC_NS);
	return ret;
}

/*
 * The pages of userptr objects stay pinned while the objects live: they
 * count against the process's RLIMIT_MEMLOCK like mlock()ed memory (for
 * a process without CAP_IPC_LOCK). With a limit of 1 MiB a job over a
 * 4 MiB object fails with ENOMEM; one over 512 KiB runs.
 */
void test_memlock(void)
{
	const struct engine *e = &engines[0];
	int status, p[2], res[2] = { 1, 1 };
	pid_t pid;
	bool ok;

	if (is_upstream()) {
		info("memlock", "skipped: upstream 6.1 does not charge pinned "
		     "userptr pages");
		return;
	}
	if (pipe(p))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rlimit rl = { 1 << 20, 1 << 20 };
		int fd = etna_open();
		void *mem = mmap(NULL, 4 << 20, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (mem == MAP_FAILED || drop_ipc_lock() ||
		    setrlimit(RLIMIT_MEMLOCK, &rl))
			_exit(2);
		res[0] = userptr_job(fd, e, mem, 4 << 20);
		res[1] = userptr_job(fd, e, mem, 512 << 10);
		if (write(p[1], res, sizeof(res)) != sizeof(res))
			_exit(3);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], res, sizeof(res)) != sizeof(res))
		res[0] = res[1] = 1;
	close(p[0]);
	ok = (pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && !WEXITSTATUS(status)) ||
	     fail("child: %s %d", pid < 0 ? strerror(errno) : "status",
		  pid < 0 ? 0 : status);
	report(ok, "memlock: a process without CAP_IPC_LOCK, RLIMIT_MEMLOCK "
	       "1 MiB");
	ok = res[0] == -ENOMEM || fail("got %s", err_name(res[0]));
	report(ok, "memlock: a job pinning 4 MiB of its memory fails with "
	       "ENOMEM");
	ok = !res[1] || fail("got %s", err_name(res[1]));
	report(ok, "memlock: a job pinning 512 KiB runs");
}
