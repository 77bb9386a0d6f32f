/* SPDX-License-Identifier: MIT */
/*
 * The tests' helpers over the etnaviv ioctls (the programs in the
 * simulated boards, tests/gl, tests/tools): the ioctls, the engines of
 * the device, buffer mappings, PRIME. Part of the tests' helper library
 * (tests/uml/lib/, build/tests/lib/libtest.a); the states and FE
 * commands come from gc_regs.h, generated from hw/gc.db.
 */
#ifndef ETNA_H
#define ETNA_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/etnaviv_drm.h>

#include "gc_regs.h"

#define ETNA_RENDER_NODE "/dev/dri/renderD128"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#ifndef __printf
#define __printf(f, a)	__attribute__((__format__(printf, f, a)))
#endif

#define SEC_NS		1000000000ull
#define MS_NS		1000000ull

static inline int etna_open(void)
{
	int fd = open(ETNA_RENDER_NODE, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		perror(ETNA_RENDER_NODE);
		exit(2);
	}
	return fd;
}

/* ioctl that restarts on EINTR/EAGAIN and returns 0 or -errno. */
static inline int etna_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/*
 * ioctl once: EINTR and EAGAIN come back as they are. For the tests of
 * interrupted waits, which must see what a program without a retry loop
 * sees, and for the fuzzers and fault injection, which count every call.
 */
static inline int etna_ioctl_once(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static inline int etna_param(int fd, uint32_t pipe, uint32_t param,
			     uint64_t *value)
{
	struct drm_etnaviv_param req = { .pipe = pipe, .param = param };
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &req);

	if (!ret)
		*value = req.value;
	return ret;
}

/* Absolute CLOCK_MONOTONIC timeout @ns from now, as the ABI wants it. */
static inline struct drm_etnaviv_timespec etna_timeout(uint64_t ns)
{
	struct drm_etnaviv_timespec ts;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ts.tv_sec = now.tv_sec + (now.tv_nsec + ns) / 1000000000ull;
	ts.tv_nsec = (now.tv_nsec + ns) % 1000000000ull;
	return ts;
}

static inline uint64_t etna_now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec * 1000000000ull + now.tv_nsec;
}

/*
 * An RS fill of a @w x @h window at @stride, 4 bytes a pixel, with @value,
 * into @s (ETNA_RS_FILL_WORDS words). The destination is relocated at
 * byte offsets ETNA_RS_FILL_RELOC0 (RS_DEST_ADDR, what a one-pipe core
 * uses) and ETNA_RS_FILL_RELOC1 (RS_PIPE_DEST_ADDR[0], a two-pipe
 * core's), both pipes at offset 0, so that one stream serves every core.
 * The FE waits at RS_KICKER until the fill is done. Return: the words.
 */
#define ETNA_RS_FILL_WORDS	26
#define ETNA_RS_FILL_RELOC0	4
#define ETNA_RS_FILL_RELOC1	12
unsigned int etna_rs_fill_stream(uint32_t *s, uint32_t stride, uint32_t w,
				 uint32_t h, uint32_t value);

/*
 * A 2D clear of a @w x @h A8R8G8B8 rectangle at @stride with @value into
 * @s (ETNA_DE_CLEAR_WORDS words), the PE2D cache flushed after it. Every
 * state it depends on is set: those its footprint needs (MMUv1), and
 * those of the PE 1.0 cores' clear (CLEAR_BYTE_MASK, the LOW and HIGH
 * pattern; the GC600), which another job may have left anyhow. The
 * destination is relocated at byte offset ETNA_DE_CLEAR_RELOC.
 * Return: the words.
 */
#define ETNA_DE_CLEAR_WORDS	36
#define ETNA_DE_CLEAR_RELOC	4
unsigned int etna_de_clear_stream(uint32_t *s, uint32_t stride, uint32_t w,
				  uint32_t h, uint32_t value);

static inline int etna_gem_new(int fd, uint64_t size, uint32_t flags,
			       uint32_t *handle)
{
	struct drm_etnaviv_gem_new req = { .size = size, .flags = flags };
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_NEW, &req);

	if (!ret)
		*handle = req.handle;
	return ret;
}

static inline int etna_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close req = { .handle = handle };

	return etna_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &req);
}

/* GEM_INFO: the fake offset to mmap() @handle at. */
static inline int etna_gem_info(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_etnaviv_gem_info req = { .handle = handle };
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);

	if (!ret)
		*offset = req.offset;
	return ret;
}

/* GEM_CPU_PREP with a timeout of @ns from now. */
static inline int etna_cpu_prep(int fd, uint32_t handle, uint32_t op,
				uint64_t ns)
{
	struct drm_etnaviv_gem_cpu_prep req = {
		.handle = handle, .op = op, .timeout = etna_timeout(ns),
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &req);
}

static inline int etna_cpu_fini(int fd, uint32_t handle)
{
	struct drm_etnaviv_gem_cpu_fini req = { .handle = handle };

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &req);
}

/* WAIT_FENCE with a timeout of @ns from now; 0 once @fence signalled. */
static inline int etna_wait_fence(int fd, uint32_t pipe, uint32_t fence,
				  uint32_t flags, uint64_t ns)
{
	struct drm_etnaviv_wait_fence req = {
		.pipe = pipe, .fence = fence, .flags = flags,
		.timeout = etna_timeout(ns),
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &req);
}

/* GEM_WAIT on @handle with a timeout of @ns from now. */
static inline int etna_gem_wait(int fd, uint32_t pipe, uint32_t handle,
				uint32_t flags, uint64_t ns)
{
	struct drm_etnaviv_gem_wait req = {
		.pipe = pipe, .handle = handle, .flags = flags,
		.timeout = etna_timeout(ns),
	};

	return etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &req);
}

/* ---- mappings and PRIME (etna.c) ------------------------------------ */

/* mmap() @len bytes of the DRM file @fd at @offset; NULL on failure. */
void *map_fd(int fd, uint64_t offset, size_t len);
/*
 * Maps @len bytes of the BO @handle of @fd (GEM_INFO, then mmap); NULL,
 * and the reason in check.h's why, on failure.
 */
uint32_t *map_bo(int fd, uint32_t handle, size_t len);
/* PRIME_HANDLE_TO_FD (read-write, close-on-exec): 0 or -errno (-1 fd). */
int prime_export(int fd, uint32_t handle, int *dmabuf);
/* PRIME_FD_TO_HANDLE of @dmabuf on @fd. Return: 0 or -errno (@handle 0). */
int prime_import(int fd, int dmabuf, uint32_t *handle);

/*
 * Opens the first DRM node of @pattern (a printf pattern of one number,
 * "/dev/dri/renderD%d", "/dev/dri/card%d"), numbers @first to @last,
 * whose driver is @driver (DRM_IOCTL_VERSION); its path in @node (@len
 * bytes). Return: the fd, or -ENODEV.
 */
int drm_open_driver(const char *pattern, int first, int last,
		    const char *driver, char *node, size_t len);

/* ---- the engines of the device (engines.c) ---------------------------- */

#define ENGINES_MAX	(2 * ETNA_MAX_PIPES)

/* One engine: a pipe (a core) and one of its exec states (2D or 3D). */
struct engine {
	uint32_t pipe, exec_state;
	uint32_t model;		/* GPU_MODEL of its core */
	bool mmuv1;		/* its core has no softpin: MMUv1 */
	char name[16];		/* "pipe0-3d" */
	char core[128];		/* its model core's debugfs directory, or "" */
};

/*
 * The engines of @fd's device into @e (at most ENGINES_MAX): every pipe
 * that answers GET_PARAM, in pipe order, its 3D engine before its 2D
 * one, each with its model core (the device model's debugfs directory of
 * that core, "" where there is none). Return: how many.
 */
unsigned int engines_find(int fd, struct engine *e);
/* The first of the @n engines @e with @exec_state; NULL if none has it. */
const struct engine *engine_of(const struct engine *e, unsigned int n,
			       uint32_t exec_state);
/* The engine's name, "pipe0-3d". */
const char *engine_name(const struct engine *e);
/*
 * A state of @e's engine that holds a GPU address: a relocation target
 * (DE DEST_ADDRESS, FE INDEX_STREAM_BASE_ADDR).
 */
uint32_t engine_addr_state(const struct engine *e);

#endif /* ETNA_H */
