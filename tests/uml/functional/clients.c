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
		ret = gem_wait(fd, engines[0].pipe, bos[i], 0, 5 * SEC_NS);
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
