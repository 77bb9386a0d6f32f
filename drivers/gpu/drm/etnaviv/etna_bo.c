// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv: buffer objects.
 *
 * Buffers are shmem-backed GEM objects (the DRM shmem helpers): pages are
 * allocated on first CPU fault or first GPU use, and mapped to user space
 * cached, write-combined or uncached as created. Synchronisation with the
 * GPU goes through each buffer's dma_resv, where every job leaves its
 * fence.
 */
#include <linux/dma-mapping.h>
#include <linux/ktime.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>

#include "etna_drv.h"

#define ETNA_BO_FLAGS	(ETNA_BO_CACHE_MASK | ETNA_BO_FORCE_MMU)

static void etna_bo_free(struct drm_gem_object *obj)
{
	struct etna_bo *bo = to_etna_bo(obj);

	etna_vm_unmap(&to_etna_dev(obj->dev)->vm, bo);
	mutex_destroy(&bo->map_lock);
	drm_gem_shmem_free(&bo->shmem);
}

static int etna_bo_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct etna_bo *bo = to_etna_bo(obj);
	int ret;

	ret = drm_gem_shmem_mmap(&bo->shmem, vma);
	if (!ret && (bo->flags & ETNA_BO_CACHE_MASK) == ETNA_BO_UNCACHED)
		vma->vm_page_prot =
			pgprot_noncached(vm_get_page_prot(vma->vm_flags));
	return ret;
}

static const struct drm_gem_object_funcs etna_bo_funcs = {
	.free = etna_bo_free,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = etna_bo_mmap,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

/* drm_driver.gem_create_object: every object of ours is an etna_bo. */
struct drm_gem_object *etna_bo_create_object(struct drm_device *drm,
					     size_t size)
{
	struct etna_bo *bo;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo)
		return ERR_PTR(-ENOMEM);
	mutex_init(&bo->map_lock);
	bo->flags = ETNA_BO_WC;	/* imported buffers */
	bo->shmem.map_wc = true;
	bo->shmem.base.funcs = &etna_bo_funcs;
	return &bo->shmem.base;
}

int etna_ioctl_gem_new(struct drm_device *drm, void *data,
		       struct drm_file *file)
{
	struct drm_etnaviv_gem_new *args = data;
	struct drm_gem_shmem_object *shmem;
	u32 cache = args->flags & ETNA_BO_CACHE_MASK;
	struct etna_bo *bo;
	int ret;

	if (args->flags & ~ETNA_BO_FLAGS)
		return -EINVAL;
	if (cache != ETNA_BO_CACHED && cache != ETNA_BO_WC &&
	    cache != ETNA_BO_UNCACHED)
		return -EINVAL;
	/* GPU addresses are 32-bit: no buffer may exceed the VA space. */
	if (!args->size || args->size > SZ_2G)
		return -EINVAL;

	shmem = drm_gem_shmem_create(drm, args->size);
	if (IS_ERR(shmem))
		return PTR_ERR(shmem);
	bo = container_of(shmem, struct etna_bo, shmem);
	bo->flags = args->flags;
	shmem->map_wc = cache != ETNA_BO_CACHED;

	ret = drm_gem_handle_create(file, &shmem->base, &args->handle);
	drm_gem_object_put(&shmem->base);
	return ret;
}

int etna_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_etnaviv_gem_info *args = data;
	struct drm_gem_object *obj;
	int ret;

	if (args->pad)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	ret = drm_gem_create_mmap_offset(obj);
	if (!ret)
		args->offset = drm_vma_node_offset_addr(&obj->vma_node);
	drm_gem_object_put(obj);
	return ret;
}

/**
 * etna_timeout_jiffies() - turn a UAPI timeout into a relative one
 * @ts: absolute CLOCK_MONOTONIC time
 *
 * Return: jiffies from now until @ts, 0 if it has passed.
 */
long etna_timeout_jiffies(const struct drm_etnaviv_timespec *ts)
{
	ktime_t left;

	if (ts->tv_sec < 0)
		return 0;
	left = ktime_sub(ktime_set(ts->tv_sec, ts->tv_nsec), ktime_get());
	if (left <= 0)
		return 0;
	return min_t(u64, nsecs_to_jiffies64(ktime_to_ns(left)) + 1,
		     MAX_SCHEDULE_TIMEOUT - 1);
}

/* Wait for the GPU on a reservation: 0, -EBUSY, -ETIMEDOUT or a signal. */
static int etna_resv_wait(struct dma_resv *resv, enum dma_resv_usage usage,
			  bool nowait, const struct drm_etnaviv_timespec *ts)
{
	long ret;

	if (nowait)
		return dma_resv_test_signaled(resv, usage) ? 0 : -EBUSY;
	ret = dma_resv_wait_timeout(resv, usage, true, etna_timeout_jiffies(ts));
	if (ret < 0)
		return ret;
	return ret ? 0 : -ETIMEDOUT;
}

static enum dma_data_direction etna_prep_dir(u32 op)
{
	switch (op & (ETNA_PREP_READ | ETNA_PREP_WRITE)) {
	case ETNA_PREP_READ:
		return DMA_FROM_DEVICE;
	case ETNA_PREP_WRITE:
		return DMA_TO_DEVICE;
	default:
		return DMA_BIDIRECTIONAL;
	}
}

int etna_ioctl_gem_cpu_prep(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct drm_etnaviv_gem_cpu_prep *args = data;
	struct drm_gem_object *obj;
	struct etna_bo *bo;
	int ret;

	if (args->op & ~(ETNA_PREP_READ | ETNA_PREP_WRITE | ETNA_PREP_NOSYNC))
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	bo = to_etna_bo(obj);

	/* Reading waits for the GPU's writes; writing for all its use. */
	ret = etna_resv_wait(obj->resv, args->op & ETNA_PREP_WRITE ?
			     DMA_RESV_USAGE_READ : DMA_RESV_USAGE_WRITE,
			     args->op & ETNA_PREP_NOSYNC, &args->timeout);
	if (!ret && (bo->flags & ETNA_BO_CACHE_MASK) == ETNA_BO_CACHED &&
	    bo->shmem.sgt) {
		dma_sync_sgtable_for_cpu(drm->dev, bo->shmem.sgt,
					 etna_prep_dir(args->op));
		bo->prep_op = args->op;
	}
	drm_gem_object_put(obj);
	return ret;
}

int etna_ioctl_gem_cpu_fini(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct drm_etnaviv_gem_cpu_fini *args = data;
	struct drm_gem_object *obj;
	struct etna_bo *bo;

	if (args->flags)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	bo = to_etna_bo(obj);
	if ((bo->flags & ETNA_BO_CACHE_MASK) == ETNA_BO_CACHED &&
	    bo->shmem.sgt && bo->prep_op) {
		dma_sync_sgtable_for_device(drm->dev, bo->shmem.sgt,
					    etna_prep_dir(bo->prep_op));
		bo->prep_op = 0;
	}
	drm_gem_object_put(obj);
	return 0;
}

int etna_ioctl_gem_wait(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_etnaviv_gem_wait *args = data;
	struct drm_gem_object *obj;
	int ret;

	if (args->flags & ~ETNA_WAIT_NONBLOCK)
		return -EINVAL;
	if (!etna_pipe(drm, args->pipe, &ret))
		return ret;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	ret = etna_resv_wait(obj->resv, DMA_RESV_USAGE_READ,
			     args->flags & ETNA_WAIT_NONBLOCK, &args->timeout);
	drm_gem_object_put(obj);
	return ret;
}

int etna_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct drm_etnaviv_gem_userptr *args = data;

	if (!args->flags ||
	    args->flags & ~(ETNA_USERPTR_READ | ETNA_USERPTR_WRITE))
		return -EINVAL;
	if (!PAGE_ALIGNED(args->user_ptr) || !PAGE_ALIGNED(args->user_size) ||
	    !args->user_size || args->user_size > U32_MAX)
		return -EINVAL;
	/* User memory as GPU buffers is not supported yet. */
	return -EOPNOTSUPP;
}
