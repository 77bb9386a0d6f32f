// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The command-buffer pool
 *
 * One block of contiguous, GPU-visible memory below 4 GiB per device holds
 * the rings and the kernel's copies of user command streams. The FE
 * reaches it through the MMUv1 linear window, or on MMUv2 at ETNA_POOL_VA
 * in every address space, where each space maps it read-only. A submitter
 * that finds the pool full waits for jobs to finish and free their part.
 */
#include <linux/dma-mapping.h>
#include <linux/sched/signal.h>

#include "etna_drv.h"

#define POOL_ALIGN	64	/* FE fetches in 64-byte bursts */
#define POOL_WAIT	(10 * HZ)

int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size)
{
	pool->vaddr = dma_alloc_wc(dev, size, &pool->dma, GFP_KERNEL);
	if (!pool->vaddr)
		return -ENOMEM;
	pool->size = size;
	mutex_init(&pool->lock);
	drm_mm_init(&pool->mm, 0, size);
	init_waitqueue_head(&pool->wq);
	return 0;
}

void etna_pool_fini(struct etna_pool *pool, struct device *dev)
{
	drm_mm_takedown(&pool->mm);
	mutex_destroy(&pool->lock);
	dma_free_wc(dev, pool->size, pool->vaddr, pool->dma);
}

static int etna_pool_try(struct etna_pool *pool, struct drm_mm_node *node,
			 size_t size)
{
	int ret;

	mutex_lock(&pool->lock);
	ret = drm_mm_insert_node_generic(&pool->mm, node, size, POOL_ALIGN, 0,
					 DRM_MM_INSERT_BEST);
	mutex_unlock(&pool->lock);
	return ret;
}

/**
 * etna_pool_size() - what a range of @size bytes takes of the pool
 * @size: bytes asked for
 *
 * Return: the bytes, whole bursts.
 */
u64 etna_pool_size(u64 size)
{
	return ALIGN(size, POOL_ALIGN);
}

/**
 * etna_pool_alloc() - take a range of the pool
 * @pool: the pool
 * @node: receives the range (offset from the pool start)
 * @size: bytes
 * @wait: wait (up to 10 s, interruptibly) for jobs to free space
 *
 * Return: 0, -ENOSPC, -ETIMEDOUT or -ERESTARTSYS.
 */
int etna_pool_alloc(struct etna_pool *pool, struct drm_mm_node *node,
		    size_t size, bool wait)
{
	long left;
	int ret;

	memset(node, 0, sizeof(*node));
	/*
	 * Whole bursts only: every hole then starts and ends on a burst, so
	 * the best-fitting hole always fits, found in O(log n). Holes of odd
	 * sizes are skipped one by one, and a deep queue makes thousands.
	 */
	size = etna_pool_size(size);
	if (size > pool->size)
		return -ENOSPC;
	ret = etna_pool_try(pool, node, size);
	if (ret != -ENOSPC || !wait)
		return ret;
	left = wait_event_interruptible_timeout
		(pool->wq, (ret = etna_pool_try(pool, node, size)) != -ENOSPC,
		 POOL_WAIT);
	if (left < 0)
		return left;
	if (!left)
		return -ETIMEDOUT;
	return ret;
}

void etna_pool_free(struct etna_pool *pool, struct drm_mm_node *node)
{
	if (!drm_mm_node_allocated(node))
		return;
	mutex_lock(&pool->lock);
	drm_mm_remove_node(node);
	mutex_unlock(&pool->lock);
	wake_up_all(&pool->wq);
}

/**
 * etna_pool_gpu() - GPU address of a place in the command-buffer pool
 * @edev: the device
 * @offset: byte offset in the pool
 *
 * Return: the address the FE fetches it from, the same in every space.
 */
u32 etna_pool_gpu(struct etna_dev *edev, u64 offset)
{
	if (edev->mmu_v2)
		return ETNA_POOL_VA + offset;
	return edev->pool.dma + offset - edev->linear_base;
}
