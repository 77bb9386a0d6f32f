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

#endif /* ETNA_H */
