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
/* GPU_FEATURES_6 (chipMinorFeatures5, rnndb common.xml): the BLT engine */
#define ETNA_MINOR5_BLT_ENGINE	(1u << 31)

/* Command-stream words (FE opcodes) that user streams may contain. */
#define ETNA_CMD_NOP		0x18000000u
#define ETNA_CMD_LOAD_STATE(addr, count) \
	(0x08000000u | ((uint32_t)(count) << 16) | ((uint32_t)(addr) >> 2))

/* resolve engine states (etna_viv rnndb state_3d.xml) */
#define ST_RS_KICKER		0x1600
#define ST_RS_CONFIG		0x1604
#define ST_RS_DEST_ADDR		0x1610	/* address */
#define ST_RS_DEST_STRIDE	0x1614
#define ST_RS_WINDOW_SIZE	0x1620
#define ST_RS_DITHER0		0x1630
#define ST_RS_DITHER1		0x1634
#define ST_RS_CLEAR_CONTROL	0x163c
#define ST_RS_FILL_VALUE0	0x1640
#define ST_RS_EXTRA_CONFIG	0x16a0
#define ST_RS_PIPE_DEST_ADDR0	0x16e0	/* address */
#define ST_RS_PIPE_OFFSET0	0x1700
#define ST_RS_PIPE_OFFSET1	0x1704
/* RS_CONFIG: source and destination format A8R8G8B8 (6), linear */
#define RS_CONFIG_A8R8G8B8	0x0606
/* RS_CLEAR_CONTROL: MODE ENABLED1 (fill), every channel */
#define RS_CLEAR_FILL		0x0001ffff

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
static inline unsigned int etna_rs_fill_stream(uint32_t *s, uint32_t stride,
					       uint32_t w, uint32_t h,
					       uint32_t value)
{
	static const uint32_t st[] = {
		ST_RS_DEST_ADDR, ST_RS_PIPE_DEST_ADDR0, ST_RS_CONFIG,
		ST_RS_DEST_STRIDE, ST_RS_PIPE_OFFSET0, ST_RS_PIPE_OFFSET1,
		ST_RS_WINDOW_SIZE, ST_RS_DITHER0, ST_RS_DITHER1,
		ST_RS_CLEAR_CONTROL, ST_RS_FILL_VALUE0, ST_RS_EXTRA_CONFIG,
		ST_RS_KICKER,
	};
	const uint32_t val[] = {
		0, 0, RS_CONFIG_A8R8G8B8, stride, 0, 0, h << 16 | w,
		0xffffffff, 0xffffffff, RS_CLEAR_FILL, value, 0, 0xbeebbeeb,
	};
	unsigned int i, n = 0;

	for (i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		s[n++] = ETNA_CMD_LOAD_STATE(st[i], 1);
		s[n++] = val[i];
	}
	return n;
}

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
