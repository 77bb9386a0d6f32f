/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GPU address spaces and the mappings of buffer objects in them (etna_vm.c).
 */
#ifndef ETNA_VM_H
#define ETNA_VM_H

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/types.h>
#include <drm/drm_mm.h>

#include "etna_pool.h"
#include "etna_pt.h"
#include "etna_pt2.h"

struct etna_bo;
struct etna_dev;
struct sg_table;

/**
 * struct etna_vm - a GPU address space
 * @ref: references: the owning file (or the device), each mapping in it,
 *	each job that runs in it and each core whose MMU points at it
 * @edev: the device
 * @lock: protects @mm, the page-table entries and @flush_seq
 * @mm: allocator of GPU virtual addresses
 * @flush_seq: bumped on every change of the entries; a core whose copy
 *	differs flushes its TLBs before its next job
 * @pt: MMUv1: the flat table, one 32-bit page address per 4 KiB of VA
 * @pt_dma: bus address of @pt
 * @pt2: MMUv2: the master and slave tables
 * @mtlb_dma: MMUv2: bus address of the master table
 * @pta_id: MMUv2 with the security block: this space's slot in the page
 *	table array
 * @pool_node: MMUv2: the range of the command-buffer pool, kept from the
 *	client's own buffers; mapped in it are the rings and the pages of
 *	the space's own command buffers only (the kernel's space maps all);
 *	MMUv1: the range of the indices' snapshots (ETNA_IDX_VA)
 * @cmd_owner: MMUv2: the space as an owner of pool pages
 * @unplugged: the device was unbound: the tables are freed, nothing is
 *	mapped any more (under @lock)
 * @maps: the mappings that have a range in it, least recently used
 *	first (MMUv1 evicts idle ones from the front when it is full)
 *
 * MMUv1 has exactly one, the device's, shared by every file. On MMUv2
 * the device has one for the rings and every file one of its own. Freed
 * when the last reference goes.
 */
struct etna_vm {
	struct kref ref;
	struct etna_dev *edev;
	struct mutex lock;	/* protects mm, page tables, flush_seq */
	struct drm_mm mm;
	u32 flush_seq;
	u32 *pt;
	dma_addr_t pt_dma;
	struct etna_pt2 pt2;
	dma_addr_t mtlb_dma;
	int pta_id;
	struct drm_mm_node pool_node;
	struct etna_pool_owner cmd_owner;
	struct list_head maps;
	bool unplugged;
};

/**
 * struct etna_mapping - a buffer object mapped in one address space
 * @ref: references: one while on the buffer's list, one per job using it
 * @bo_link: entry in the buffer's @mappings list (under its map_lock)
 * @vm_link: entry in the space's @maps list while it has a range (under
 *	the space's lock)
 * @bo: the buffer; it outlives the mapping (every holder of a mapping
 *	reference also holds the buffer)
 * @vm: the address space (a reference)
 * @node: the GPU VA range; on MMUv1 taken back while the mapping is idle
 *	if the space runs full, and given again at its next use
 *
 * The pages stay mapped until the last reference goes, or the mapping
 * is evicted.
 */
struct etna_mapping {
	struct kref ref;
	struct list_head bo_link;
	struct list_head vm_link;
	struct etna_bo *bo;
	struct etna_vm *vm;
	struct drm_mm_node node;
};

/* MMUv2: where every address space maps the command-buffer pool */
#define ETNA_POOL_VA		SZ_4K
/* MMUv1: where the table maps the snapshots of checked indices */
#define ETNA_IDX_VA		ETNA_VM_START
#define ETNA_IDX_POOL_SIZE	SZ_4M
/* MMUv2: softpin addresses start here, below is the kernel's */
#define ETNA_SOFTPIN_START	SZ_4M

/* etna_vm.c */
int etna_mmu_init(struct etna_dev *edev);
void etna_mmu_fini(struct etna_dev *edev);
struct etna_vm *etna_vm_create(struct etna_dev *edev);
void etna_vm_put(struct etna_vm *vm);
void etna_vm_unplug(struct etna_vm *vm);
struct etna_mapping *etna_vm_map(struct etna_vm *vm, struct etna_bo *bo,
				 struct sg_table *sgt, u64 va);
int etna_mapping_remap(struct etna_mapping *map, struct sg_table *sgt);
u32 etna_vm_use(struct etna_vm *vm, struct etna_mapping **maps, u32 from,
		u32 n);
void etna_mapping_put(struct etna_mapping *map);
int etna_vm_cmd_alloc(struct etna_vm *vm, struct etna_pool_range *range,
		      size_t size);
void etna_vm_cmd_free(struct etna_vm *vm, struct etna_pool_range *range);

static inline struct etna_vm *etna_vm_get(struct etna_vm *vm)
{
	kref_get(&vm->ref);
	return vm;
}

#endif /* ETNA_VM_H */
