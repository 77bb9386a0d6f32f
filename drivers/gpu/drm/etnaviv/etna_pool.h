/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command-buffer pool (etna_pool.c): GPU-visible memory for the rings
 * and the command buffers.
 */
#ifndef ETNA_POOL_H
#define ETNA_POOL_H

#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/types.h>
#include <linux/wait.h>

struct device;
struct etna_dev;
struct seq_file;

/* MMUv2 maps the pool in pages of 4 KiB, each of 64 bursts of 64 bytes */
#define ETNA_POOL_PAGE		SZ_4K
#define ETNA_POOL_PAGE_BURSTS	(ETNA_POOL_PAGE / 64)

/**
 * struct etna_pool_owner - who may hold pages of the pool of its own
 *	(MMUv2: a client's address space, struct etna_vm.cmd_owner)
 * @next: the burst after its last range, where its next search starts
 *	(under etna_pool.lock)
 */
struct etna_pool_owner {
	unsigned int next;
};

/**
 * struct etna_pool - GPU-visible memory for the rings and command buffers
 * @vaddr: CPU address of the pool
 * @dma: its bus address; the pool is physically contiguous below 4 GiB
 * @size: its size in bytes
 * @lock: protects @map, @next, @owner and the owners' cursors
 * @map: a bit per 64-byte burst of the pool, set while a range holds it
 * @bursts: bits of @map
 * @next: the burst after the last range of the kernel's, where its next
 *	search starts
 * @owner: per page of ETNA_POOL_PAGE bytes, the owner whose ranges it
 *	holds or is reserved for (NULL: the kernel's, or nobody's when
 *	empty)
 * @wq: submitters wait here for space; woken on every free
 *
 * On MMUv1 the front-end reaches command buffers only through the linear
 * window, so they live in one contiguous block owned by the DRM device.
 */
struct etna_pool {
	void *vaddr;
	dma_addr_t dma;
	size_t size;
	struct mutex lock;	/* protects map, next, owner */
	unsigned long *map;
	unsigned int bursts;
	unsigned int next;
	struct etna_pool_owner **owner;
	wait_queue_head_t wq;
};

/**
 * struct etna_pool_range - a range of the command-buffer pool
 * @start: its offset from the pool's start, in bytes
 * @size: its size in bytes, whole bursts; 0 while it holds none
 */
struct etna_pool_range {
	u32 start;
	u32 size;
};

/* etna_pool.c */
int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size);
void etna_pool_fini(struct etna_pool *pool, struct device *dev);
int etna_pool_alloc(struct etna_pool *pool, struct etna_pool_range *range,
		    size_t size, bool wait, struct etna_pool_owner *who);
u64 etna_pool_size(u64 size);
void etna_pool_free(struct etna_pool *pool, struct etna_pool_range *range,
		    struct etna_pool_range *emptied);
void etna_pool_unreserve(struct etna_pool *pool,
			 const struct etna_pool_range *emptied);
bool etna_pool_kernel_page(struct etna_pool *pool, u32 offset);
void etna_pool_print(struct etna_pool *pool, struct seq_file *m);
u32 etna_pool_gpu(struct etna_dev *edev, u64 offset);

#if IS_ENABLED(CONFIG_KUNIT)
unsigned int etna_pool_find(unsigned long *map, unsigned int bursts,
			    unsigned int next, unsigned int nr,
			    const struct etna_pool_owner *const *owner,
			    const struct etna_pool_owner *who);
#endif

#endif /* ETNA_POOL_H */
