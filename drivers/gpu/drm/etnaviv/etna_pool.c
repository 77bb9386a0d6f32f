// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The command-buffer pool
 *
 * One block of contiguous, GPU-visible memory below 4 GiB per device holds
 * the rings and the kernel's copies of user command streams. The FE
 * reaches it through the MMUv1 linear window, or on MMUv2 at ETNA_POOL_VA
 * in the address spaces, read-only. On MMUv1 a second pool, of the same
 * allocator, holds the snapshots of checked indices the engines read
 * through the page table (etna_vm.c, ETNA_IDX_VA). A submitter that
 * finds a pool full
 * waits for jobs to finish and free their part.
 *
 * The allocator is a bitmap, a bit per 64-byte burst (the FE fetches whole
 * bursts), searched from where the last range ended: jobs free their
 * command buffers about in the order they took them, so the search mostly
 * finds room at once, and taking or freeing a range touches only the
 * bitmap (2 KiB for 1 MiB), never the other jobs.
 *
 * Owners (MMUv2): an MMU maps whole 4 KiB pages, so a client's space may
 * map only pages that hold nothing but its own command buffers. A range
 * taken for an owner (struct etna_pool_owner, a client's space) lies in
 * pages that are free or already the owner's; a page is the owner's from
 * its first range on, and cleared when it becomes so (no earlier owner's
 * commands stay readable in it). When its last range is freed the page
 * stays reserved for the owner until the owner has unmapped it
 * (etna_pool_unreserve()): it never reaches another owner while still
 * mapped. Each owner searches from where its own last range ended, so
 * its command buffers share its pages. The rings are the kernel's
 * (owner NULL), in pages of the kernel's only; on MMUv1 everything is.
 */
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/dma-mapping.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "etna_drv.h"
#include "etna_pool.h"
#include "etna_pt.h"
#include "etna_vm.h"

#define POOL_ALIGN	64	/* FE fetches in 64-byte bursts */
#define POOL_WAIT	(10 * HZ)

int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size)
{
	pool->bursts = size / POOL_ALIGN;
	pool->map = bitmap_zalloc(pool->bursts, GFP_KERNEL);
	if (!pool->map)
		return -ENOMEM;
	pool->owner = kcalloc(DIV_ROUND_UP(size, ETNA_POOL_PAGE),
			      sizeof(*pool->owner), GFP_KERNEL);
	if (!pool->owner)
		goto err_map;
	pool->vaddr = dma_alloc_wc(dev, size, &pool->dma, GFP_KERNEL);
	if (!pool->vaddr)
		goto err_owner;
	pool->size = size;
	pool->next = 0;
	mutex_init(&pool->lock);
	init_waitqueue_head(&pool->wq);
	return 0;

err_owner:
	kfree(pool->owner);
err_map:
	bitmap_free(pool->map);
	return -ENOMEM;
}

void etna_pool_fini(struct etna_pool *pool, struct device *dev)
{
	WARN_ON(!bitmap_empty(pool->map, pool->bursts));
	mutex_destroy(&pool->lock);
	dma_free_wc(dev, pool->size, pool->vaddr, pool->dma);
	kfree(pool->owner);
	bitmap_free(pool->map);
}

/* Whether page @page holds no range. */
static bool etna_pool_page_empty(const unsigned long *map, unsigned int page)
{
	unsigned int first = page * ETNA_POOL_PAGE_BURSTS;

	return find_next_bit(map, first + ETNA_POOL_PAGE_BURSTS, first) >=
	       first + ETNA_POOL_PAGE_BURSTS;
}

/*
 * Whether a range of @who may lie in page @page: the page is @who's, or
 * nobody's and empty. The kernel's (NULL) pages are those no owner holds.
 */
static bool etna_pool_page_ok(const unsigned long *map,
			      const struct etna_pool_owner *const *owner,
			      unsigned int page,
			      const struct etna_pool_owner *who)
{
	return owner[page] == who ||
	       (!owner[page] && etna_pool_page_empty(map, page));
}

/* First fit from @from to the end, within pages @who may use. */
static unsigned int etna_pool_find_from(unsigned long *map,
					unsigned int bursts, unsigned int from,
					unsigned int nr,
					const struct etna_pool_owner *const *owner,
					const struct etna_pool_owner *who)
{
	unsigned int i, page, last;

	i = bitmap_find_next_zero_area(map, bursts, from, nr, 0);
	while (owner && i < bursts) {
		last = (i + nr - 1) / ETNA_POOL_PAGE_BURSTS;
		for (page = i / ETNA_POOL_PAGE_BURSTS; page <= last; page++)
			if (!etna_pool_page_ok(map, owner, page, who))
				break;
		if (page > last)
			break;
		/* every range from @i to one past @page touches it */
		i = bitmap_find_next_zero_area(map, bursts,
					       (page + 1) * ETNA_POOL_PAGE_BURSTS,
					       nr, 0);
	}
	return i;
}

/**
 * etna_pool_find() - where a range of free bursts starts
 * @map: a bit per burst, set while a range holds it
 * @bursts: bits of @map, whole pages of ETNA_POOL_PAGE_BURSTS
 * @next: where the search starts
 * @nr: bursts wanted, at least 1
 * @owner: the owner of each page (NULL: nobody's, or the kernel's while
 *	it holds ranges), or NULL for no owners at all
 * @who: whose range it is (NULL: the kernel's)
 *
 * First fit from @next to the end, then from the start, within pages
 * @who may use (etna_pool_page_ok()).
 *
 * Return: the first of @nr clear bits in a row, or @bursts if there are
 * none.
 */
VISIBLE_IF_KUNIT unsigned int
etna_pool_find(unsigned long *map, unsigned int bursts, unsigned int next,
	       unsigned int nr, const struct etna_pool_owner *const *owner,
	       const struct etna_pool_owner *who)
{
	unsigned int i;

	i = etna_pool_find_from(map, bursts, next, nr, owner, who);
	if (i >= bursts)
		i = etna_pool_find_from(map, bursts, 0, nr, owner, who);
	return i < bursts ? i : bursts;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pool_find);

static int etna_pool_try(struct etna_pool *pool, struct etna_pool_range *range,
			 size_t size, struct etna_pool_owner *who)
{
	unsigned int nr = size / POOL_ALIGN, *next = who ? &who->next :
						       &pool->next;
	unsigned int i, page;
	int ret = 0;

	mutex_lock(&pool->lock);
	i = etna_pool_find(pool->map, pool->bursts, *next, nr,
			   (const struct etna_pool_owner *const *)pool->owner,
			   who);
	if (i < pool->bursts) {
		bitmap_set(pool->map, i, nr);
		*next = i + nr < pool->bursts ? i + nr : 0;
		range->start = i * POOL_ALIGN;
		range->size = size;
		for (page = i / ETNA_POOL_PAGE_BURSTS;
		     page <= (i + nr - 1) / ETNA_POOL_PAGE_BURSTS; page++) {
			if (pool->owner[page] == who)
				continue;
			/* a free page becomes @who's: nothing of before stays */
			pool->owner[page] = who;
			memset(pool->vaddr + page * ETNA_POOL_PAGE, 0,
			       ETNA_POOL_PAGE);
		}
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
 * @who: the owner of the range, or NULL for the kernel's
 *
 * Return: 0, -ENOSPC, -ETIMEDOUT or -ERESTARTSYS.
 */
int etna_pool_alloc(struct etna_pool *pool, struct etna_pool_range *range,
		    size_t size, bool wait, struct etna_pool_owner *who)
{
	long left;
	int ret;

	range->size = 0;
	size = etna_pool_size(size);
	if (!size || size > pool->size)
		return -ENOSPC;
	ret = etna_pool_try(pool, range, size, who);
	if (ret != -ENOSPC || !wait)
		return ret;
	left = wait_event_interruptible_timeout
		(pool->wq,
		 (ret = etna_pool_try(pool, range, size, who)) != -ENOSPC,
		 POOL_WAIT);
	if (left < 0)
		return left;
	if (!left)
		return -ETIMEDOUT;
	return ret;
}

/**
 * etna_pool_free() - give a range back
 * @pool: the pool
 * @range: the range (nothing if it holds none); it holds none afterwards
 * @emptied: receives the pages the range leaves empty but still reserved
 *	for its owner (whole pages; none, size 0, for the kernel's), which
 *	the owner gives up with etna_pool_unreserve() once it has unmapped
 *	them; or NULL for a range of the kernel's
 */
void etna_pool_free(struct etna_pool *pool, struct etna_pool_range *range,
		    struct etna_pool_range *emptied)
{
	unsigned int first, last;

	if (emptied)
		emptied->size = 0;
	if (!range->size)
		return;
	first = range->start / ETNA_POOL_PAGE;
	last = (range->start + range->size - 1) / ETNA_POOL_PAGE;
	mutex_lock(&pool->lock);
	bitmap_clear(pool->map, range->start / POOL_ALIGN,
		     range->size / POOL_ALIGN);
	if (pool->owner[first]) {
		if (!etna_pool_page_empty(pool->map, first))
			first++;
		if (last >= first && !etna_pool_page_empty(pool->map, last))
			last--;
		if (emptied && last + 1 > first) {
			emptied->start = first * ETNA_POOL_PAGE;
			emptied->size = (last + 1 - first) * ETNA_POOL_PAGE;
		}
	}
	mutex_unlock(&pool->lock);
	range->size = 0;
	wake_up_all(&pool->wq);
}

/**
 * etna_pool_unreserve() - an owner gives up pages it has unmapped
 * @pool: the pool
 * @emptied: the pages from etna_pool_free(); those the owner has taken
 *	again meanwhile stay its own
 */
void etna_pool_unreserve(struct etna_pool *pool,
			 const struct etna_pool_range *emptied)
{
	unsigned int page;

	if (!emptied->size)
		return;
	mutex_lock(&pool->lock);
	for (page = emptied->start / ETNA_POOL_PAGE;
	     page < (emptied->start + emptied->size) / ETNA_POOL_PAGE; page++)
		if (etna_pool_page_empty(pool->map, page))
			pool->owner[page] = NULL;
	mutex_unlock(&pool->lock);
	wake_up_all(&pool->wq);
}

/**
 * etna_pool_kernel_page() - whether a page holds ranges of the kernel's
 * @pool: the pool
 * @offset: the page's offset in the pool
 *
 * Return: true for a page of the rings (mapped in every space on MMUv2).
 */
bool etna_pool_kernel_page(struct etna_pool *pool, u32 offset)
{
	unsigned int page = offset / ETNA_POOL_PAGE;
	bool ret;

	mutex_lock(&pool->lock);
	ret = !pool->owner[page] && !etna_pool_page_empty(pool->map, page);
	mutex_unlock(&pool->lock);
	return ret;
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
	seq_printf(m, "pool bytes in use: %u\n", used * POOL_ALIGN);
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
