// SPDX-License-Identifier: MIT
/*
 * libetnaviv: device, gpu and pipe; the ioctl and timeout helpers of every
 * part. Buffer objects: etnaviv_bo.c; command streams: etnaviv_cmd.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/etnaviv_drm.h>

#include "etnaviv_priv.h"

/* ioctl that restarts on EINTR/EAGAIN; 0 or -errno. */
int etnaviv_drm_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/* An absolute CLOCK_MONOTONIC time @ns from now, as the ABI wants it. */
struct drm_etnaviv_timespec etnaviv_timeout_from_now(uint64_t ns)
{
	struct drm_etnaviv_timespec ts;
	struct timespec now;
	uint64_t nsec;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ns > (uint64_t)1 << 62)
		ns = (uint64_t)1 << 62;
	nsec = now.tv_nsec + ns;
	ts.tv_sec = now.tv_sec + nsec / 1000000000u;
	ts.tv_nsec = nsec % 1000000000u;
	return ts;
}

/* ---- device ------------------------------------------------------------ */

static bool is_etnaviv(int fd)
{
	char name[16] = "";
	struct drm_version v = {
		.name_len = sizeof(name) - 1, .name = name,
	};

	return !etnaviv_drm_ioctl(fd, DRM_IOCTL_VERSION, &v) &&
	       !strcmp(name, "etnaviv");
}

static struct etnaviv_device *device_alloc(int fd, bool owns, const char *path)
{
	struct etnaviv_device *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return NULL;
	dev->fd = fd;
	dev->owns_fd = owns;
	snprintf(dev->path, sizeof(dev->path), "%s", path);
	return dev;
}

static struct etnaviv_device *try_open(const char *path)
{
	struct etnaviv_device *dev;
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (!is_etnaviv(fd)) {
		close(fd);
		errno = ENODEV;
		return NULL;
	}
	dev = device_alloc(fd, true, path);
	if (!dev) {
		close(fd);
		errno = ENOMEM;
	}
	return dev;
}

PUBLIC struct etnaviv_device *etnaviv_device_open(const char *path)
{
	struct etnaviv_device *dev;
	char node[32];
	int i;

	if (path)
		return try_open(path);
	for (i = 0; i < 64 + 16; i++) {
		if (i < 64)
			snprintf(node, sizeof(node), "/dev/dri/renderD%d",
				 128 + i);
		else
			snprintf(node, sizeof(node), "/dev/dri/card%d", i - 64);
		dev = try_open(node);
		if (dev)
			return dev;
	}
	errno = ENODEV;
	return NULL;
}

PUBLIC struct etnaviv_device *etnaviv_device_wrap(int fd)
{
	struct etnaviv_device *dev;

	if (fd < 0) {
		errno = EBADF;
		return NULL;
	}
	dev = device_alloc(fd, false, "");
	if (!dev)
		errno = ENOMEM;
	return dev;
}

PUBLIC void etnaviv_device_close(struct etnaviv_device *dev)
{
	if (!dev)
		return;
	if (dev->owns_fd)
		close(dev->fd);
	free(dev);
}

PUBLIC int etnaviv_device_fd(const struct etnaviv_device *dev)
{
	return dev->fd;
}

PUBLIC const char *etnaviv_device_path(const struct etnaviv_device *dev)
{
	return dev->path;
}

/* ---- gpu --------------------------------------------------------------- */

static int get_param(struct etnaviv_device *dev, uint32_t core,
		     uint32_t param, uint64_t *value)
{
	struct drm_etnaviv_param req = { .pipe = core, .param = param };
	int ret = etnaviv_drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &req);

	if (!ret)
		*value = req.value;
	return ret;
}

PUBLIC struct etnaviv_gpu *etnaviv_gpu_open(struct etnaviv_device *dev,
					    unsigned int core)
{
	static const struct {
		uint32_t param;
		size_t offset;
	} specs[] = {
#define SPEC(p, f) { p, offsetof(struct etnaviv_gpu_info, f) }
		SPEC(ETNAVIV_GPU_STREAM_COUNT, stream_count),
		SPEC(ETNAVIV_GPU_REGISTER_MAX, register_max),
		SPEC(ETNAVIV_GPU_THREAD_COUNT, thread_count),
		SPEC(ETNAVIV_GPU_VERTEX_CACHE_SIZE, vertex_cache_size),
		SPEC(ETNAVIV_GPU_SHADER_CORE_COUNT, shader_core_count),
		SPEC(ETNAVIV_GPU_PIXEL_PIPES, pixel_pipes),
		SPEC(ETNAVIV_GPU_VERTEX_OUTPUT_BUFFER_SIZE,
		     vertex_output_buffer_size),
		SPEC(ETNAVIV_GPU_BUFFER_SIZE, buffer_size),
		SPEC(ETNAVIV_GPU_INSTRUCTION_COUNT, instruction_count),
		SPEC(ETNAVIV_GPU_NUM_CONSTANTS, num_constants),
		SPEC(ETNAVIV_GPU_NUM_VARYINGS, num_varyings),
		SPEC(ETNAVIV_GPU_PRODUCT_ID, product_id),
		SPEC(ETNAVIV_GPU_CUSTOMER_ID, customer_id),
		SPEC(ETNAVIV_GPU_ECO_ID, eco_id),
#undef SPEC
	};
	struct etnaviv_gpu *gpu;
	uint64_t v;
	unsigned int i;
	int ret;

	if (core >= ETNAVIV_MAX_CORES) {
		errno = EINVAL;
		return NULL;
	}
	gpu = calloc(1, sizeof(*gpu));
	if (!gpu)
		return NULL;
	gpu->dev = dev;
	gpu->info.core = core;
	ret = get_param(dev, core, ETNAVIV_GPU_MODEL, &v);
	if (ret)
		goto err;
	gpu->info.model = v;
	ret = get_param(dev, core, ETNAVIV_GPU_REVISION, &v);
	if (ret)
		goto err;
	gpu->info.revision = v;
	for (i = 0; i < ARRAY_LEN(gpu->info.features); i++) {
		ret = get_param(dev, core, ETNAVIV_GPU_FEATURES_0 + i, &v);
		if (ret)
			goto err;
		gpu->info.features[i] = v;
	}
	/* the specs and ids are informative: an older kernel may lack some */
	for (i = 0; i < ARRAY_LEN(specs); i++)
		if (!get_param(dev, core, specs[i].param, &v))
			*(uint32_t *)((char *)&gpu->info + specs[i].offset) = v;
	if (get_param(dev, core, ETNAVIV_SOFTPIN_START_ADDR, &v))
		v = ~0ull;
	gpu->info.softpin_start = v;
	return gpu;
err:
	free(gpu);
	errno = -ret;
	return NULL;
}

static uint32_t pipe_feature(enum etnaviv_pipe_id id)
{
	switch (id) {
	case ETNAVIV_PIPE_3D:
		return ETNAVIV_FEATURE_PIPE_3D;
	case ETNAVIV_PIPE_2D:
		return ETNAVIV_FEATURE_PIPE_2D;
	case ETNAVIV_PIPE_VG:
		return ETNAVIV_FEATURE_PIPE_VG;
	}
	return 0;
}

PUBLIC int etnaviv_gpu_find(struct etnaviv_device *dev, enum etnaviv_pipe_id id)
{
	unsigned int core;
	uint64_t f0;

	for (core = 0; core < ETNAVIV_MAX_CORES; core++)
		if (!get_param(dev, core, ETNAVIV_GPU_FEATURES_0, &f0) &&
		    (f0 & pipe_feature(id)))
			return core;
	return -ENODEV;
}

PUBLIC void etnaviv_gpu_close(struct etnaviv_gpu *gpu)
{
	free(gpu);
}

PUBLIC const struct etnaviv_gpu_info *
etnaviv_gpu_info(const struct etnaviv_gpu *gpu)
{
	return &gpu->info;
}

PUBLIC int etnaviv_gpu_param(const struct etnaviv_gpu *gpu, uint32_t param,
			     uint64_t *value)
{
	return get_param(gpu->dev, gpu->info.core, param, value);
}

PUBLIC bool etnaviv_gpu_has_pipe(const struct etnaviv_gpu *gpu,
				 enum etnaviv_pipe_id id)
{
	return gpu->info.features[0] & pipe_feature(id);
}

PUBLIC struct etnaviv_device *etnaviv_gpu_device(const struct etnaviv_gpu *gpu)
{
	return gpu->dev;
}

/* ---- pipe -------------------------------------------------------------- */

PUBLIC struct etnaviv_pipe *etnaviv_pipe_new(struct etnaviv_gpu *gpu,
					     enum etnaviv_pipe_id id)
{
	struct etnaviv_pipe *pipe;

	if (!etnaviv_gpu_has_pipe(gpu, id)) {
		errno = ENODEV;
		return NULL;
	}
	pipe = calloc(1, sizeof(*pipe));
	if (!pipe)
		return NULL;
	pipe->gpu = gpu;
	pipe->id = id;
	return pipe;
}

PUBLIC void etnaviv_pipe_del(struct etnaviv_pipe *pipe)
{
	free(pipe);
}

PUBLIC struct etnaviv_gpu *etnaviv_pipe_gpu(const struct etnaviv_pipe *pipe)
{
	return pipe->gpu;
}

PUBLIC enum etnaviv_pipe_id etnaviv_pipe_id(const struct etnaviv_pipe *pipe)
{
	return pipe->id;
}

PUBLIC int etnaviv_pipe_wait(struct etnaviv_pipe *pipe, uint32_t fence,
			     uint64_t timeout_ns)
{
	struct drm_etnaviv_wait_fence req = {
		.pipe = pipe->gpu->info.core,
		.fence = fence,
		.flags = timeout_ns ? 0 : ETNA_WAIT_NONBLOCK,
		.timeout = etnaviv_timeout_from_now(timeout_ns),
	};
	int ret = etnaviv_drm_ioctl(pipe->gpu->dev->fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE,
			    &req);

	return ret == -EBUSY ? -ETIMEDOUT : ret;
}
