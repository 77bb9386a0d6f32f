/* SPDX-License-Identifier: MIT */
/*
 * Minimal helpers over the etnaviv ioctls for the tests and tools that run
 * inside the simulated boards. Header-only on purpose: each program is one
 * file plus this.
 */
#ifndef ETNA_H
#define ETNA_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/etnaviv_drm.h>

#define ETNA_RENDER_NODE "/dev/dri/renderD128"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#ifndef __printf
#define __printf(f, a)	__attribute__((__format__(printf, f, a)))
#endif

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
/*
 * ioctl once: EINTR and EAGAIN come back as they are. For the tests of
 * interrupted waits, which must see what a program without a retry loop
 * sees.
 */
static inline int etna_ioctl_once(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

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

/* Feature bits of GPU_FEATURES_0 that say which engines a core has. */
#define ETNA_FEATURE_PIPE_3D	(1u << 2)
#define ETNA_FEATURE_PIPE_2D	(1u << 9)
#define ETNA_FEATURE_PIPE_VG	(1u << 26)

/* Command-stream words (FE opcodes) that user streams may contain. */
#define ETNA_CMD_NOP		0x18000000u
#define ETNA_CMD_LOAD_STATE(addr, count) \
	(0x08000000u | ((uint32_t)(count) << 16) | ((uint32_t)(addr) >> 2))

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

#endif /* ETNA_H */
