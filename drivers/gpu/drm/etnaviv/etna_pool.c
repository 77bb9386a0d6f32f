// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The command-buffer pool
 *
 * One block of contiguous, GPU-visible memory below 4 GiB per device holds
 * the rings and the kernel's copies of user command streams. The FE
 * reaches it through the MMUv1 linear window, or on MMUv2 at ETNA_POOL_VA
 * in every address space, where each space maps it read-only. A submitter
 * that finds the pool full waits for jobs to finish and free their part.
 *
 * The allocator is a bitmap, a bit per 64-byte burst (the FE fetches whole
 * bursts), searched from where the last range ended: jobs free their
 * command buffers about in the order they took them, so the search mostly
 * finds room at once, and taking or freeing a range touches only the
 * bitmap (2 KiB for 1 MiB), never the other jobs.
 */
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/dma-mapping.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>

#include "etna_drv.h"

#define POOL_ALIGN	64	/* FE fetches in 64-byte bursts */
#define POOL_WAIT	(10 * HZ)

int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size)
{
	pool->bursts = size / POOL_ALIGN;
	pool->map = bitmap_zalloc(pool->bursts, GFP_KERNEL);
	if (!pool->map)
		return -ENOMEM;
	pool->vaddr = dma_alloc_wc(dev, size, &pool->dma, GFP_KERNEL);
	if (!pool->vaddr) {
		bitmap_free(pool->map);
		return -ENOMEM;
	}
	pool->size = size;
	pool->next = 0;
	mutex_init(&pool->lock);
	init_waitqueue_head(&pool->wq);
	return 0;
}

void etna_pool_fini(struct etna_pool *pool, struct device *dev)
{
	WARN_ON(!bitmap_empty(pool->map, pool->bursts));
	mutex_destroy(&pool->lock);
	dma_free_wc(dev, pool->size, pool->vaddr, pool->dma);
	bitmap_free(pool->map);
}

/**
 * etna_pool_find() - where a range of free bursts starts
 * @map: a bit per burst, set while a range holds it
 * @bursts: bits of @map
 * @next: where the search starts
 * @nr: bursts wanted, at least 1
 *
 * First fit from @next to the end, then from the start.
 *
 * Return: the first of @nr clear bits in a row, or @bursts if there are
 * none.
 */
VISIBLE_IF_KUNIT unsigned int etna_pool_find(unsigned long *map,
					     unsigned int bursts,
					     unsigned int next, unsigned int nr)
{
	unsigned int i;

	i = bitmap_find_next_zero_area(map, bursts, next, nr, 0);
	if (i >= bursts)
		i = bitmap_find_next_zero_area(map, bursts, 0, nr, 0);
	return i < bursts ? i : bursts;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pool_find);

static int etna_pool_try(struct etna_pool *pool, struct etna_pool_range *range,
			 size_t size)
{
	unsigned int nr = size / POOL_ALIGN, i;
	int ret = 0;

	mutex_lock(&pool->lock);
	i = etna_pool_find(pool->map, pool->bursts, pool->next, nr);
	if (i < pool->bursts) {
		bitmap_set(pool->map, i, nr);
		pool->next = i + nr < pool->bursts ? i + nr : 0;
		range->start = i * POOL_ALIGN;
		range->size = size;
	} else {
		ret = -ENOSPC;
	}
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
 * @range: receives the range (offset from the pool start)
 * @size: bytes, more than 0
 * @wait: wait (up to 10 s, interruptibly) for jobs to free space
 *
 * Return: 0, -ENOSPC, -ETIMEDOUT or -ERESTARTSYS.
 */
int etna_pool_alloc(struct etna_pool *pool, struct etna_pool_range *range,
		    size_t size, bool wait)
{
	long left;
	int ret;

	range->size = 0;
	size = etna_pool_size(size);
	if (!size || size > pool->size)
		return -ENOSPC;
	ret = etna_pool_try(pool, range, size);
	if (ret != -ENOSPC || !wait)
		return ret;
	left = wait_event_interruptible_timeout
		(pool->wq, (ret = etna_pool_try(pool, range, size)) != -ENOSPC,
		 POOL_WAIT);
	if (left < 0)
		return left;
	if (!left)
		return -ETIMEDOUT;
	return ret;
}

void etna_pool_free(struct etna_pool *pool, struct etna_pool_range *range)
{
	if (!range->size)
		return;
	mutex_lock(&pool->lock);
	bitmap_clear(pool->map, range->start / POOL_ALIGN,
		     range->size / POOL_ALIGN);
	mutex_unlock(&pool->lock);
	range->size = 0;
	wake_up_all(&pool->wq);
}

/**
 * etna_pool_print() - the ranges taken, for debugfs
 * @pool: the pool
 * @m: where to print
 */
void etna_pool_print(struct etna_pool *pool, struct seq_file *m)
{
	unsigned int start, end, used = 0;

	mutex_lock(&pool->lock);
	for_each_set_bitrange(start, end, pool->map, pool->bursts) {
		seq_printf(m, "%#010x-%#010x: %u bytes\n", start * POOL_ALIGN,
			   end * POOL_ALIGN, (end - start) * POOL_ALIGN);
		used += end - start;
	}
	seq_printf(m, "used %u of %zu bytes, next search at %#x\n",
		   used * POOL_ALIGN, pool->size, pool->next * POOL_ALIGN);
	mutex_unlock(&pool->lock);
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
