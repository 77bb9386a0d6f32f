// SPDX-License-Identifier: MIT
/*
 * libetnaviv: device, gpu, pipe, buffer objects and command streams.
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

/* ioctl that restarts on EINTR/EAGAIN; 0 or -errno. */
static int drm_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/* Grow the array *@p of *@max elements of @size to hold @need. */
static int grow(void **p, unsigned int *max, unsigned int need, size_t size,
		unsigned int first, unsigned int limit)
{
	unsigned int n = *max ? *max : first;
	void *q;

	if (need <= *max)
		return 0;
	if (need > limit)
		return -ENOMEM;
	while (n < need)
		n = n > limit / 2 ? limit : n * 2;
	q = realloc(*p, (size_t)n * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*max = n;
	return 0;
}

/* An absolute CLOCK_MONOTONIC time @ns from now, as the ABI wants it. */
static struct drm_etnaviv_timespec timeout_from_now(uint64_t ns)
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

	return !drm_ioctl(fd, DRM_IOCTL_VERSION, &v) &&
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
	int ret = drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &req);

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
		.timeout = timeout_from_now(timeout_ns),
	};
	int ret = drm_ioctl(pipe->gpu->dev->fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE,
			    &req);

	return ret == -EBUSY ? -ETIMEDOUT : ret;
}

/* ---- buffer objects ---------------------------------------------------- */

static struct etnaviv_bo *bo_lookup(struct etnaviv_device *dev,
				    uint32_t handle)
{
	struct etnaviv_bo *bo;

	for (bo = dev->bos; bo; bo = bo->next)
		if (bo->handle == handle)
			return bo;
	return NULL;
}

static void gem_close(struct etnaviv_device *dev, uint32_t handle)
{
	struct drm_gem_close req = { .handle = handle };

	drm_ioctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &req);
}

/* A bo for @handle, new or shared; on failure the handle is closed. */
static struct etnaviv_bo *bo_wrap(struct etnaviv_device *dev, uint32_t handle,
				  uint64_t size)
{
	struct etnaviv_bo *bo = bo_lookup(dev, handle);

	if (bo) {
		bo->refs++;
		return bo;
	}
	bo = calloc(1, sizeof(*bo));
	if (!bo) {
		gem_close(dev, handle);
		errno = ENOMEM;
		return NULL;
	}
	bo->dev = dev;
	bo->handle = handle;
	bo->size = size;
	bo->refs = 1;
	bo->next = dev->bos;
	dev->bos = bo;
	return bo;
}

PUBLIC struct etnaviv_bo *etnaviv_bo_new(struct etnaviv_device *dev,
					 uint64_t size, uint32_t flags)
{
	struct drm_etnaviv_gem_new req = { .size = size, .flags = flags };
	int ret;

	if (!size) {
		errno = EINVAL;
		return NULL;
	}
	ret = drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GEM_NEW, &req);
	if (ret) {
		errno = -ret;
		return NULL;
	}
	return bo_wrap(dev, req.handle, size);
}

PUBLIC struct etnaviv_bo *etnaviv_bo_from_handle(struct etnaviv_device *dev,
						 uint32_t handle,
						 uint64_t size)
{
	if (!handle) {
		errno = EINVAL;
		return NULL;
	}
	return bo_wrap(dev, handle, size);
}

PUBLIC struct etnaviv_bo *etnaviv_bo_from_user(struct etnaviv_device *dev,
					       void *ptr, uint64_t size,
					       uint32_t flags)
{
	struct drm_etnaviv_gem_userptr req = {
		.user_ptr = (uintptr_t)ptr, .user_size = size, .flags = flags,
	};
	int ret = drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);

	if (ret) {
		errno = -ret;
		return NULL;
	}
	return bo_wrap(dev, req.handle, size);
}

PUBLIC struct etnaviv_bo *etnaviv_bo_import(struct etnaviv_device *dev, int fd)
{
	struct drm_prime_handle req = { .fd = fd };
	off_t size;
	int ret;

	size = lseek(fd, 0, SEEK_END);
	if (size < 0)
		return NULL;
	lseek(fd, 0, SEEK_SET);
	ret = drm_ioctl(dev->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);
	if (ret) {
		errno = -ret;
		return NULL;
	}
	return bo_wrap(dev, req.handle, size);
}

PUBLIC int etnaviv_bo_export(struct etnaviv_bo *bo, int *fd)
{
	struct drm_prime_handle req = {
		.handle = bo->handle, .flags = DRM_CLOEXEC | DRM_RDWR,
	};
	int ret = drm_ioctl(bo->dev->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req);

	if (!ret)
		*fd = req.fd;
	return ret;
}

PUBLIC struct etnaviv_bo *etnaviv_bo_ref(struct etnaviv_bo *bo)
{
	bo->refs++;
	return bo;
}

PUBLIC void etnaviv_bo_unref(struct etnaviv_bo *bo)
{
	struct etnaviv_bo **p;

	if (!bo || --bo->refs)
		return;
	for (p = &bo->dev->bos; *p; p = &(*p)->next) {
		if (*p == bo) {
			*p = bo->next;
			break;
		}
	}
	if (bo->map)
		munmap(bo->map, bo->size);
	gem_close(bo->dev, bo->handle);
	free(bo);
}

PUBLIC void *etnaviv_bo_map(struct etnaviv_bo *bo)
{
	struct drm_etnaviv_gem_info req = { .handle = bo->handle };
	void *map;
	int ret;

	if (bo->map)
		return bo->map;
	if (!bo->size) {
		errno = EINVAL;
		return NULL;
	}
	ret = drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);
	if (ret) {
		errno = -ret;
		return NULL;
	}
	map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   bo->dev->fd, req.offset);
	if (map == MAP_FAILED)
		return NULL;
	bo->map = map;
	return map;
}

PUBLIC int etnaviv_bo_cpu_prep(struct etnaviv_bo *bo, uint32_t op,
			       uint64_t timeout_ns)
{
	struct drm_etnaviv_gem_cpu_prep req = {
		.handle = bo->handle, .op = op,
		.timeout = timeout_from_now(timeout_ns),
	};
	int ret = drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &req);

	return ret == -EBUSY ? -ETIMEDOUT : ret;
}

PUBLIC int etnaviv_bo_cpu_fini(struct etnaviv_bo *bo)
{
	struct drm_etnaviv_gem_cpu_fini req = { .handle = bo->handle };

	return drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &req);
}

PUBLIC uint32_t etnaviv_bo_handle(const struct etnaviv_bo *bo)
{
	return bo->handle;
}

PUBLIC uint64_t etnaviv_bo_size(const struct etnaviv_bo *bo)
{
	return bo->size;
}

/* ---- command streams --------------------------------------------------- */

PUBLIC struct etnaviv_cmd_stream *
etnaviv_cmd_stream_new(struct etnaviv_pipe *pipe, unsigned int words)
{
	struct etnaviv_cmd_stream *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->pipe = pipe;
	if (!words)
		words = DEFAULT_STREAM_WORDS;
	if (grow((void **)&s->words, &s->max_words, words, sizeof(uint32_t),
		 words, MAX_STREAM_WORDS)) {
		free(s);
		errno = ENOMEM;
		return NULL;
	}
	return s;
}

PUBLIC void etnaviv_cmd_stream_reset(struct etnaviv_cmd_stream *s)
{
	unsigned int i;

	for (i = 0; i < s->nr_bos; i++)
		etnaviv_bo_unref(s->bos[i].bo);
	s->nr_words = 0;
	s->nr_relocs = 0;
	s->nr_bos = 0;
	s->error = 0;
}

PUBLIC void etnaviv_cmd_stream_del(struct etnaviv_cmd_stream *s)
{
	if (!s)
		return;
	etnaviv_cmd_stream_reset(s);
	free(s->words);
	free(s->relocs);
	free(s->bos);
	free(s);
}

PUBLIC int etnaviv_cmd_stream_error(const struct etnaviv_cmd_stream *s)
{
	return s->error;
}

PUBLIC unsigned int etnaviv_cmd_stream_size(const struct etnaviv_cmd_stream *s)
{
	return s->nr_words;
}

PUBLIC const uint32_t *
etnaviv_cmd_stream_words(const struct etnaviv_cmd_stream *s)
{
	return s->words;
}

PUBLIC unsigned int
etnaviv_cmd_stream_nr_relocs(const struct etnaviv_cmd_stream *s)
{
	return s->nr_relocs;
}

PUBLIC unsigned int etnaviv_cmd_stream_nr_bos(const struct etnaviv_cmd_stream *s)
{
	return s->nr_bos;
}

PUBLIC int etnaviv_cmd_stream_bo_index(const struct etnaviv_cmd_stream *s,
				       const struct etnaviv_bo *bo,
				       uint32_t *flags)
{
	unsigned int i;

	for (i = 0; i < s->nr_bos; i++) {
		if (s->bos[i].bo == bo) {
			if (flags)
				*flags = s->bos[i].flags;
			return i;
		}
	}
	return -ENOENT;
}

/* Room for @n more words; false (and the sticky error) if none. */
static bool reserve(struct etnaviv_cmd_stream *s, unsigned int n)
{
	if (s->error)
		return false;
	if (n > MAX_STREAM_WORDS - s->nr_words ||
	    grow((void **)&s->words, &s->max_words, s->nr_words + n,
		 sizeof(uint32_t), DEFAULT_STREAM_WORDS, MAX_STREAM_WORDS)) {
		s->error = -ENOMEM;
		return false;
	}
	return true;
}

PUBLIC void etnaviv_emit(struct etnaviv_cmd_stream *s, uint32_t word)
{
	if (reserve(s, 1))
		s->words[s->nr_words++] = word;
}

PUBLIC void etnaviv_emit_load_state(struct etnaviv_cmd_stream *s,
				    uint32_t addr, const uint32_t *values,
				    unsigned int count)
{
	unsigned int n = 1 + count + !(count & 1);

	if (!count || count > 1023 || (addr & 3) || addr >= 0x40000) {
		if (!s->error)
			s->error = -EINVAL;
		return;
	}
	if (s->nr_words & 1)
		n++;		/* commands start on 64-bit boundaries */
	if (!reserve(s, n))
		return;
	if (s->nr_words & 1)
		s->words[s->nr_words++] = 0;
	s->words[s->nr_words++] = ETNAVIV_CMD_LOAD_STATE(addr, count);
	memcpy(&s->words[s->nr_words], values, count * sizeof(uint32_t));
	s->nr_words += count;
	if (!(count & 1))
		s->words[s->nr_words++] = 0;
}

PUBLIC void etnaviv_emit_state(struct etnaviv_cmd_stream *s, uint32_t addr,
			       uint32_t value)
{
	etnaviv_emit_load_state(s, addr, &value, 1);
}

/* Add @bo to the job's list (once), merging @flags; its index or -errno. */
static int stream_add_bo(struct etnaviv_cmd_stream *s, struct etnaviv_bo *bo,
			 uint32_t flags)
{
	int i = etnaviv_cmd_stream_bo_index(s, bo, NULL);

	if (i >= 0) {
		s->bos[i].flags |= flags;
		return i;
	}
	if (grow((void **)&s->bos, &s->max_bos, s->nr_bos + 1,
		 sizeof(*s->bos), 8, 1u << 16))
		return -ENOMEM;
	s->bos[s->nr_bos].bo = etnaviv_bo_ref(bo);
	s->bos[s->nr_bos].flags = flags;
	return s->nr_bos++;
}

PUBLIC void etnaviv_emit_reloc(struct etnaviv_cmd_stream *s,
			       struct etnaviv_bo *bo, uint32_t offset,
			       uint32_t flags)
{
	struct drm_etnaviv_gem_submit_reloc *r;
	int idx;

	if (s->error)
		return;
	if (!bo || !flags ||
	    (flags & ~(ETNAVIV_RELOC_READ | ETNAVIV_RELOC_WRITE)) ||
	    (bo->size && offset >= bo->size)) {
		s->error = -EINVAL;
		return;
	}
	if (!reserve(s, 1))
		return;
	if (grow((void **)&s->relocs, &s->max_relocs, s->nr_relocs + 1,
		 sizeof(*s->relocs), 16, MAX_STREAM_WORDS)) {
		s->error = -ENOMEM;
		return;
	}
	idx = stream_add_bo(s, bo, flags);
	if (idx < 0) {
		s->error = idx;
		return;
	}
	r = &s->relocs[s->nr_relocs++];
	memset(r, 0, sizeof(*r));
	r->submit_offset = s->nr_words * 4;
	r->reloc_idx = idx;
	r->reloc_offset = offset;
	s->words[s->nr_words++] = 0;	/* the kernel writes the address */
}

PUBLIC void etnaviv_emit_state_reloc(struct etnaviv_cmd_stream *s,
				     uint32_t addr, struct etnaviv_bo *bo,
				     uint32_t offset, uint32_t flags)
{
	if (s->nr_words & 1)
		etnaviv_emit(s, 0);
	etnaviv_emit(s, ETNAVIV_CMD_LOAD_STATE(addr, 1));
	etnaviv_emit_reloc(s, bo, offset, flags);
}

PUBLIC int etnaviv_cmd_stream_flush_ext(struct etnaviv_cmd_stream *s,
					struct etnaviv_flush_args *args)
{
	struct drm_etnaviv_gem_submit_bo *bos = NULL;
	struct drm_etnaviv_gem_submit req = { 0 };
	unsigned int i;
	int ret = s->error;

	args->out_fence_fd = -1;
	if (ret)
		goto out;
	if (!s->pipe) {
		ret = -ENODEV;
		goto out;
	}
	if (!s->nr_words) {
		ret = -ENODATA;
		goto out;
	}
	if (s->nr_words & 1)
		etnaviv_emit(s, 0);
	if (s->error) {
		ret = s->error;
		goto out;
	}
	if (s->nr_bos) {
		bos = calloc(s->nr_bos, sizeof(*bos));
		if (!bos) {
			ret = -ENOMEM;
			goto out;
		}
	}
	for (i = 0; i < s->nr_bos; i++) {
		bos[i].handle = s->bos[i].bo->handle;
		if (s->bos[i].flags & ETNAVIV_RELOC_READ)
			bos[i].flags |= ETNA_SUBMIT_BO_READ;
		if (s->bos[i].flags & ETNAVIV_RELOC_WRITE)
			bos[i].flags |= ETNA_SUBMIT_BO_WRITE;
	}
	req.pipe = s->pipe->gpu->info.core;
	req.exec_state = s->pipe->id;
	req.nr_bos = s->nr_bos;
	req.bos = (uintptr_t)bos;
	req.nr_relocs = s->nr_relocs;
	req.relocs = (uintptr_t)s->relocs;
	req.stream = (uintptr_t)s->words;
	req.stream_size = s->nr_words * 4;
	if (args->in_fence_fd >= 0) {
		req.flags |= ETNA_SUBMIT_FENCE_FD_IN;
		req.fence_fd = args->in_fence_fd;
	}
	if (args->want_fence_fd)
		req.flags |= ETNA_SUBMIT_FENCE_FD_OUT;
	if (args->no_implicit)
		req.flags |= ETNA_SUBMIT_NO_IMPLICIT;
	ret = drm_ioctl(s->pipe->gpu->dev->fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT,
			&req);
	if (!ret) {
		args->fence = req.fence;
		if (args->want_fence_fd)
			args->out_fence_fd = req.fence_fd;
	}
	free(bos);
out:
	etnaviv_cmd_stream_reset(s);
	return ret;
}

PUBLIC int etnaviv_cmd_stream_flush(struct etnaviv_cmd_stream *s,
				    uint32_t *fence)
{
	struct etnaviv_flush_args args = { .in_fence_fd = -1 };
	int ret = etnaviv_cmd_stream_flush_ext(s, &args);

	if (!ret && fence)
		*fence = args.fence;
	return ret;
}

PUBLIC int etnaviv_cmd_stream_flush_wait(struct etnaviv_cmd_stream *s,
					 uint64_t timeout_ns)
{
	struct etnaviv_pipe *pipe = s->pipe;
	uint32_t fence;
	int ret = etnaviv_cmd_stream_flush(s, &fence);

	if (ret)
		return ret;
	return etnaviv_pipe_wait(pipe, fence, timeout_ns ? timeout_ns : 1);
}
