/* SPDX-License-Identifier: MIT */
/*
 * functional: functional tests of an etnaviv driver inside a simulated
 * board, beyond the smoke test: buffer contents through every cache mode,
 * PRIME sharing (between two files of the render node and with vgem),
 * fence ordering across pipes, implicit synchronisation of GEM_WAIT and
 * CPU_PREP against a job the GPU cannot finish (the device model's FE is
 * frozen through debugfs), recovery from a hung core and from an AXI bus
 * error, and many processes submitting at once.
 *
 * Output: one line per check, "PASS: func/<name>" or
 * "FAIL: func/<name>: <why>"; "INFO: func/<name>: ..." lines record what
 * a driver did where more than one behaviour is acceptable. Exit status 0
 * iff nothing failed.
 */
#ifndef FUNCTIONAL_H
#define FUNCTIONAL_H

#include <dirent.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <drm/vgem_drm.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#define CHECK_PREFIX "func/"
#include "check.h"

#define MAX_ENGINES	ENGINES_MAX
#define JOB_BO_SIZE	0x10000

/* ------------------------------------------------------------------ */
/* Shared state and helpers: common.c (and the tests' library, check.h) */

extern struct engine engines[MAX_ENGINES];
extern unsigned int nr_engines;
extern int vgem_fd;	/* kept open for the prime-sync checks (vgem.c) */
/* submit_ex() and submit_job() without the EINTR retry (signals.c) */
extern bool submit_once;

void __printf(2, 3) info(const char *name, const char *fmt, ...);
double secs(uint64_t ns);
long long stat_of(const struct engine *e, const char *key);
long long resets_of(const struct engine *e);
const char *fe_state(const struct engine *e);
int knob_set(const struct engine *e, const char *knob, int val);
int engine_awake(int fd, const struct engine *e, uint32_t bo);
long knob_get(const struct engine *e, const char *knob);
FILE *driver_debugfs(const char *file);
/* "@key: N" of our driver's debugfs @file: the first, or the sum of all */
long long driver_stat(const char *file, const char *key);
long long driver_sum(const char *file, const char *key);
uint64_t ring_digest(void);
int wait_ring_change(uint64_t before, uint64_t ns);
void find_engines(int fd);
unsigned int pipe_engines(const struct engine **out);
void fill(uint32_t *p, size_t len, uint32_t seed);
bool check_pattern(const uint32_t *p, size_t len, uint32_t seed,
		   const char *what);
/* A job's stream, buffers and relocations, flags and in-fence */
struct job {
	const uint32_t *s;
	unsigned int words;
	struct drm_etnaviv_gem_submit_bo *bos;
	unsigned int nr_bos;
	struct drm_etnaviv_gem_submit_reloc *relocs;
	unsigned int nr_relocs;
	struct drm_etnaviv_gem_submit_pmr *pmrs;
	unsigned int nr_pmrs;
	uint32_t flags;
	int in_fd;		/* with ETNA_SUBMIT_FENCE_FD_IN */
};

int submit_stream(int fd, const struct engine *e, const struct job *j,
		  uint32_t *fence, int *out_fd);
int submit_ex(int fd, const struct engine *e, uint32_t bo,
	      uint32_t bo_flags, uint32_t bo_offset, uint32_t flags,
	      int in_fd, uint32_t *fence, int *out_fd);
int submit_job(int fd, const struct engine *e, uint32_t bo,
	       uint32_t bo_flags, uint32_t bo_offset, uint32_t *fence,
	       int *fence_fd);
void drain(int fd);

/* A fill of fill_op(): where, and with what */
struct fill {
	unsigned int idx;	/* the job's buffer */
	uint32_t stride, w, rows, off, value;
};

#define FILL_WORDS	(ETNA_DE_CLEAR_WORDS > ETNA_RS_FILL_WORDS ? \
			 ETNA_DE_CLEAR_WORDS : ETNA_RS_FILL_WORDS)

bool fill_can(int fd, const struct engine *e);
unsigned int fill_op(const struct engine *e, uint32_t *s, unsigned int n,
		     const struct fill *f,
		     struct drm_etnaviv_gem_submit_reloc *r, unsigned int *nr);
int fill_submit(int fd, const struct engine *e, uint32_t bo,
		const struct fill *f, uint32_t *fence, int *out_fd);

/* ------------------------------------------------------------------ */
/* The test groups, one file each */

/* bo.c */
void test_bo_contents(void);

/* prime.c */
bool gpu_uses(int fd, uint32_t handle, uint32_t bo_flags);
void test_prime_etnaviv(void);

/* vgem.c */
int vgem_dumb_export(int vfd, size_t size, uint32_t *vh, int *dmabuf);
void test_prime_vgem(void);
void test_prime_sync(void);
void test_pool_share(void);

/* accounting.c */
void test_accounting(void);

/* fences.c */
void test_fence_order(void);
void test_fence_in(void);

/* sync.c */
void test_implicit_sync(void);

/* signals.c */
void test_signals(const struct engine *e);

/* hang.c: long operations, a pixel a cycle at a slow core clock */
#define LONG_W		512	/* a 512x512 A8R8G8B8 surface: 1 MiB */
#define LONG_KHZ	87	/* core clock: 262144 pixels take 3.01 s */

void test_hang(const struct engine *e);
void test_exit_inflight(const struct engine *e);
void test_bus_error(const struct engine *e);
void test_hang_vm_leak(const struct engine *e);
void test_job_max(const struct engine *e);
void test_long_2d(const struct engine *e);
void test_long_rs(const struct engine *e);
int rs_fill_submit(int fd, const struct engine *e, uint32_t bo,
		   uint32_t rows, uint32_t value, uint32_t *fence, int *sync);

/* cmdbuf.c */
void test_cmdbuf(void);

/* perfmon.c */
void test_perfmon_queue(const struct engine *e);

/* diag.c: the module parameters, devcoredumps */
#define DEVCD		"/sys/class/devcoredump"

/* A dump's objects (Linux 6.1 etnaviv_dump.h): their types, a header */
enum { D_REG, D_MMU, D_RING, D_CMD, D_BOMAP, D_BO, D_END, D_TYPES };

struct dump_obj {
	uint32_t type, off, size, data0, data1;
	uint64_t iova;
};

/* A module parameter of etnaviv: its number (Y/N: 1/0), -1 if absent. */
long param_get(const char *name);
int param_set(const char *name, const char *val);
/* Dismisses every devcoredump (writing to its data frees it). */
void devcd_clear(void);
/* The first devcoredump's data (malloc'd), NULL if there is none. */
uint8_t *devcd_read(size_t *len);
/* The little-endian word at @p. */
uint32_t rd32(const uint8_t *p);
/* Splits a dump into its objects; false (with a failure) if malformed. */
bool dump_parse(const uint8_t *p, size_t len, struct dump_obj *o,
		unsigned int max, unsigned int *nr);
/* The physical page the dump's MMU tables map @iova to, or ~0. */
uint64_t dump_translate(const uint8_t *p, const struct dump_obj *mmu,
			uint64_t iova);
long long fdinfo(int fd, const char *key, char *str, size_t len);
void test_coredump(const struct engine *e);
void test_job_limits(const struct engine *e);
const char *engine_key(const struct engine *e);
void test_fdinfo(void);

/* busy.c */
void test_busy(void);

/* hangcheck.c */
/* "@key: N" in the section "pipe @pipe:" of our debugfs gpu; -1 if absent. */
long long core_stat(uint32_t pipe, const char *key);
void test_hang_ends(const struct engine *e);

/* multi.c */
void test_many_relocs(const struct engine *e);
void test_many_coredump(const struct engine *e);
void test_many_cores(void);

/* clients.c */
void test_clients(void);
void test_vm_share(void);
void test_user_files(void);
void test_memlock(void);

#endif /* FUNCTIONAL_H */
