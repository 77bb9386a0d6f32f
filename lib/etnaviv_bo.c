// SPDX-License-Identifier: MIT
/*
 * libetnaviv: buffer objects, shared by handle within a device.
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

	etnaviv_drm_ioctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &req);
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
	ret = etnaviv_drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GEM_NEW, &req);
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
	int ret = etnaviv_drm_ioctl(dev->fd, DRM_IOCTL_ETNAVIV_GEM_USERPTR, &req);

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
	ret = etnaviv_drm_ioctl(dev->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);
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
	int ret = etnaviv_drm_ioctl(bo->dev->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req);

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
	ret = etnaviv_drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &req);
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
		.timeout = etnaviv_timeout_from_now(timeout_ns),
	};
	int ret = etnaviv_drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, &req);

	return ret == -EBUSY ? -ETIMEDOUT : ret;
}

PUBLIC int etnaviv_bo_cpu_fini(struct etnaviv_bo *bo)
{
	struct drm_etnaviv_gem_cpu_fini req = { .handle = bo->handle };

	return etnaviv_drm_ioctl(bo->dev->fd, DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, &req);
}

PUBLIC uint32_t etnaviv_bo_handle(const struct etnaviv_bo *bo)
{
	return bo->handle;
}

PUBLIC uint64_t etnaviv_bo_size(const struct etnaviv_bo *bo)
{
	return bo->size;
}
