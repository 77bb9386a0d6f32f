/* SPDX-License-Identifier: MIT */
/*
 * conformance: every etnaviv ioctl against its ABI, inside a simulated
 * board. For each ioctl the valid cases and every class of bad input, with
 * the exact errno that Linux 6.1's etnaviv returns (or, where our driver
 * deliberately differs, what our UAPI header documents; those checks are
 * keyed on ETNAVIV_DRIVER and say so in their names).
 *
 * Invariants checked all along: after every rejected submit a valid submit
 * on the same engine still works and its fence signals; fence numbers only
 * grow; a rejected call leaves no file descriptor behind; and the device
 * model's debugfs statistics show that the GPU never executed a bad
 * command, faulted in its MMU or hit a bus error.
 *
 * Jobs that stay pending (to test NONBLOCK, timeouts, CPU_PREP conflicts
 * and fence fds) wait on a fence that vgem attaches to an imported buffer.
 *
 * Output: one line per check, "PASS: conf/<name>" or
 * "FAIL: conf/<name>: <what happened>"; "INFO: conf/..." lines record
 * checks that are not run with one of the drivers, and why. Exit status 0
 * iff nothing failed.
 */
#ifndef CONFORMANCE_H
#define CONFORMANCE_H

#include <dirent.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <drm/vgem_drm.h>
#include <linux/sync_file.h>

#define CHECK_PREFIX "conf/"
#include "check.h"

#define MAX_CORES	16
#define MAX_ENGINES	ENGINES_MAX
#define BO_SIZE		0x10000u
#define MAX_STREAM	(128u << 10)
#define MAX_RELOCS	(128u << 10)
#define MAX_BOS		(128u << 10)
#define MAX_PMRS	128u

/*
 * FE commands with the operands the checks use; the encodings and the
 * states come from gc_regs.h (generated from hw/gc.db).
 */
#define CMD_END			ETNA_CMD_END
#define CMD_DRAW_2D(rects, data) ETNA_CMD_DRAW_2D(rects, data)
#define CMD_DRAW_PRIMITIVES	ETNA_CMD_DRAW_PRIMITIVES
#define CMD_DRAW_INDEXED	ETNA_CMD_DRAW_INDEXED_PRIMITIVES
#define CMD_WAIT		ETNA_CMD_WAIT(200)
#define CMD_LINK		ETNA_CMD_LINK(1)
#define CMD_STALL		ETNA_CMD_STALL
#define CMD_CALL		ETNA_CMD_CALL(1)
#define CMD_RETURN		ETNA_CMD_RETURN
#define CMD_DRAW_INSTANCED	ETNA_CMD_DRAW_INSTANCED
#define CMD_CHIP_SELECT		ETNA_CMD_CHIP_SELECT(1)
#define CMD_LOAD_STATE_FIXP(addr, count) \
	(ETNA_CMD_LOAD_STATE(addr, count) | ETNA_CMD_LOAD_STATE_FIXP)

/* A harmless 3D state (FE 0x0678, a plain value). */
#define ST_FE_PRIM_RESTART	ST_FE_UNK00678

/* ------------------------------------------------------------------ */
/* Shared state and helpers: common.c (and the tests' library, check.h) */

extern bool upstream;	/* ETNAVIV_DRIVER=upstream */
extern int fd;
extern bool present[ETNA_MAX_PIPES];
extern int absent_pipe;	/* an empty slot below ETNA_MAX_PIPES */
extern struct engine engines[MAX_ENGINES];
extern unsigned int nr_engines;
extern uint32_t sbo;	/* BO_SIZE WC buffer used by most submits */
extern uint32_t last_fence[ETNA_MAX_PIPES];
extern bool have_fence[ETNA_MAX_PIPES];

void __printf(1, 2) info(const char *fmt, ...);
const char *check_name(const char *name, const char *where,
		       int want_ours, int want_up, const char *note);
int pick(int want_ours, int want_up);
bool __printf(5, 6) expect2(int ret, int want_ours, int want_up,
			    const char *note, const char *fmt, ...);
struct drm_etnaviv_timespec ts_at(int64_t sec, int64_t nsec);
struct drm_etnaviv_timespec ts_ago(uint64_t ns);
/*
 * A vgem buffer with a vgem write fence, imported on @fd and @fd2 (ih,
 * ih2): jobs that use it implicitly stay pending until pending_release()
 * (fence.c).
 */
struct pending {
	int vfd, dmabuf;
	uint32_t vh, vfence, ih, ih2;
};
int pending_setup(struct pending *pd, int fd2);
int pending_release(struct pending *pd);
int lowest_free_fd(void);
int gem_info(uint32_t handle, uint64_t *offset);
int cpu_prep(uint32_t handle, uint32_t op,
	     struct drm_etnaviv_timespec timeout);
int cpu_fini(uint32_t handle, uint32_t flags);
int gem_wait(uint32_t pipe, uint32_t handle, uint32_t flags,
	     struct drm_etnaviv_timespec timeout);
int wait_fence_ts(uint32_t pipe, uint32_t fence, uint32_t flags,
		  struct drm_etnaviv_timespec timeout);
int userptr(void *ptr, uint64_t size, uint32_t flags,
	    uint32_t *handle);
void check_model(const char *when);
struct drm_etnaviv_gem_submit
sub_init(const struct engine *e, const uint32_t *stream, unsigned int words,
	 struct drm_etnaviv_gem_submit_bo *bos, uint32_t nr_bos,
	 struct drm_etnaviv_gem_submit_reloc *relocs, uint32_t nr_relocs);
bool finish(uint32_t pipe, uint32_t fence, const char *what);
bool alive(const struct engine *e);
bool __printf(6, 7)
sub_expect2(const struct engine *e, struct drm_etnaviv_gem_submit *req,
	    int want_ours, int want_up, const char *note, const char *fmt, ...);
bool __printf(7, 8)
stream_expect2(const struct engine *e, const uint32_t *s, unsigned int words,
	       const struct drm_etnaviv_gem_submit_reloc *relocs,
	       unsigned int nr_relocs, int want, const char *fmt, ...);
struct drm_etnaviv_gem_submit_reloc reloc_at(uint32_t off);

#define expect(ret, want, ...)	expect2(ret, want, want, NULL, __VA_ARGS__)

#define sub_expect(e, req, want, ...) \
	sub_expect2(e, req, want, want, NULL, __VA_ARGS__)

#define stream_expect(e, s, want, ...) \
	stream_expect2(e, s, ARRAY_SIZE(s), NULL, 0, want, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* The checks, by ioctl */

/* param.c */
void test_requests(void);
void test_get_param(void);

/* gem.c */
void test_gem_new(void);
void test_gem_info(void);
void test_cpu_prep_idle(void);
void test_gem_wait_idle(uint32_t pipe);
void test_gem_wait_pipes(void);
void test_wait_fence_unissued(void);
void test_wait_fence_args(void);

/* submit.c */
void test_submit_softpin(const struct engine *e);
void test_submit_args(const struct engine *e);
void test_submit_sizes(const struct engine *e);

/* fence.c */
void test_submit_fence_fds(const struct engine *e, int drm_fd2);
void test_busy(const struct engine *e, int fd2);
void test_submit_classes(const struct engine *e, int fd2);

/* stream.c */
void test_submit_relocs(const struct engine *e);
void test_submit_stream(const struct engine *e);
void test_submit_kernel_states(const struct engine *e);
void test_submit_footprint(const struct engine *e);
void test_submit_footprint_rs(const struct engine *e);
void test_submit_pmrs(const struct engine *e);

/* relocw.c */
void test_submit_reloc_words(const struct engine *e);

/* userptr.c */
void test_userptr_args(void);
void test_userptr_submit(const struct engine *e);
void test_userptr_overlap(const struct engine *e);

/* pm.c */
void test_pm(void);
/*
 * The perfmon domains a job of @exec_state may sample (the documented
 * lists), the signals of the last in @last_signals.
 */
unsigned int pm_exec_domains(uint32_t exec_state,
			     unsigned int *last_signals);

/* bounds.c */
void test_bounds(const struct engine *e);
void test_bounds_gem(void);
/*
 * Submit @words of @w with their relocations and buffers: expect @want
 * with ours; on upstream a refusal is not tried (it would go past the
 * buffer).
 */
bool edge_submit(const struct engine *e, const uint32_t *w,
		 unsigned int words,
		 const struct drm_etnaviv_gem_submit_reloc *r, unsigned int nr,
		 struct drm_etnaviv_gem_submit_bo *bos, unsigned int nbos,
		 int want, const char *name);

/* bounds_idx.c */
void test_bounds_idx(const struct engine *e);

/* carry.c */
void test_ts_carry(const struct engine *e);

#endif /* CONFORMANCE_H */
