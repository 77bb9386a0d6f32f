// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv: the MMUv1 address space.
 *
 * MMUv1 translates GPU addresses from 2 GiB up through a flat table of
 * 32-bit page addresses, one per 4 KiB page (2 MiB for the whole 2 GiB),
 * shared by every client and every core. Unused entries point at a "bad
 * page", so that a stray access reads a recognisable pattern instead of
 * another buffer. Buffers are mapped on first use by a job and stay mapped
 * until they are freed.
 */
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>

#include "etna_drv.h"
#include "etna_pt.h"

#define PT_SIZE		(ETNA_VM_ENTRIES * sizeof(u32))
#define BAD_PATTERN	0xdead55aa

int etna_vm_init(struct etna_vm *vm, struct device *dev)
{
	u32 i;

	vm->bad_page = dma_alloc_wc(dev, SZ_4K, &vm->bad_dma, GFP_KERNEL);
	if (!vm->bad_page)
		return -ENOMEM;
	for (i = 0; i < SZ_4K / 4; i++)
		vm->bad_page[i] = BAD_PATTERN;

	vm->pt = dma_alloc_wc(dev, PT_SIZE, &vm->pt_dma, GFP_KERNEL);
	if (!vm->pt) {
		dma_free_wc(dev, SZ_4K, vm->bad_page, vm->bad_dma);
		return -ENOMEM;
	}
	etna_pt_clear(vm->pt, ETNA_VM_START, ETNA_VM_SIZE, vm->bad_dma);

	mutex_init(&vm->lock);
	drm_mm_init(&vm->mm, ETNA_VM_START, ETNA_VM_SIZE);
	return 0;
}

void etna_vm_fini(struct etna_vm *vm, struct device *dev)
{
	drm_mm_takedown(&vm->mm);
	mutex_destroy(&vm->lock);
	dma_free_wc(dev, PT_SIZE, vm->pt, vm->pt_dma);
	dma_free_wc(dev, SZ_4K, vm->bad_page, vm->bad_dma);
}

/**
 * etna_vm_map() - give a buffer a GPU address
 * @vm: the address space
 * @bo: the buffer; its pages are pinned while mapped
 *
 * Does nothing if the buffer is mapped already.
 * Return: 0 or an error.
 */
int etna_vm_map(struct etna_vm *vm, struct etna_bo *bo)
{
	size_t size = bo->shmem.base.size;
	struct sg_table *sgt;
	int ret = 0;

	/* mapped already: the address is published once the table is set */
	if (smp_load_acquire(&bo->iova))
		return 0;

	mutex_lock(&bo->map_lock);
	if (drm_mm_node_allocated(&bo->iova_node))
		goto out;

	sgt = etna_bo_get_sgt(bo);
	if (IS_ERR(sgt)) {
		ret = PTR_ERR(sgt);
		goto out;
	}
	mutex_lock(&vm->lock);
	ret = drm_mm_insert_node_generic(&vm->mm, &bo->iova_node, size,
					 PAGE_SIZE, 0, DRM_MM_INSERT_LOW);
	if (!ret) {
		etna_pt_fill(vm->pt, bo->iova_node.start, sgt);
		/* the TLBs may hold bad-page entries for this range */
		vm->flush_seq++;
	}
	mutex_unlock(&vm->lock);
	if (!ret) {
		/* pairs with the acquire above: entries are set before iova */
		smp_store_release(&bo->iova, (u32)bo->iova_node.start);
	}
out:
	mutex_unlock(&bo->map_lock);
	return ret;
}

/**
 * etna_vm_unmap() - take a buffer's GPU address back
 * @vm: the address space
 * @bo: the buffer, which no job uses any more
 */
void etna_vm_unmap(struct etna_vm *vm, struct etna_bo *bo)
{
	mutex_lock(&bo->map_lock);
	if (drm_mm_node_allocated(&bo->iova_node)) {
		mutex_lock(&vm->lock);
		etna_pt_clear(vm->pt, bo->iova_node.start, bo->iova_node.size,
			      vm->bad_dma);
		drm_mm_remove_node(&bo->iova_node);
		bo->iova = 0;
		vm->flush_seq++;
		mutex_unlock(&vm->lock);
	}
	mutex_unlock(&bo->map_lock);
}
