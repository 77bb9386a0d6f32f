/* SPDX-License-Identifier: MIT */
/*
 * libetnaviv's insides, shared by its parts: etnaviv.c (device, gpu,
 * pipe), etnaviv_bo.c (buffer objects) and etnaviv_cmd.c (command
 * streams). Not installed.
 */
#ifndef ETNAVIV_PRIV_H
#define ETNAVIV_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include <drm/etnaviv_drm.h>

#include "etnaviv.h"

#define PUBLIC __attribute__((visibility("default")))
#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

#define DEFAULT_STREAM_WORDS	1024
#define MAX_STREAM_WORDS	(16u << 20)	/* 64 MiB: beyond any job */

struct etnaviv_device {
	int fd;
	bool owns_fd;
	char path[64];
	struct etnaviv_bo *bos;		/* every live bo, to share by handle */
};

struct etnaviv_gpu {
	struct etnaviv_device *dev;
	struct etnaviv_gpu_info info;
};

struct etnaviv_pipe {
	struct etnaviv_gpu *gpu;
	enum etnaviv_pipe_id id;
};

struct etnaviv_bo {
	struct etnaviv_device *dev;
	struct etnaviv_bo *next;
	uint32_t handle;
	uint64_t size;
	unsigned int refs;
	void *map;
};

struct stream_bo {
	struct etnaviv_bo *bo;
	uint32_t flags;			/* ETNAVIV_RELOC_* */
};

struct etnaviv_cmd_stream {
	struct etnaviv_pipe *pipe;
	uint32_t *words;
	unsigned int nr_words, max_words;
	struct drm_etnaviv_gem_submit_reloc *relocs;
	unsigned int nr_relocs, max_relocs;
	struct stream_bo *bos;
	unsigned int nr_bos, max_bos;
	int error;
};

/*
 * etnaviv.c: an ioctl that restarts on EINTR/EAGAIN (0 or -errno), and the
 * absolute CLOCK_MONOTONIC time @ns from now, as the ABI wants it.
 */
int etnaviv_drm_ioctl(int fd, unsigned long req, void *arg);
struct drm_etnaviv_timespec etnaviv_timeout_from_now(uint64_t ns);

#endif /* ETNAVIV_PRIV_H */
