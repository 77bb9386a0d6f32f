// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: GPU address spaces
 *
 * MMUv1 translates GPU addresses from 2 GiB up through a flat table of
 * 32-bit page addresses, one per 4 KiB page (2 MiB for the whole 2 GiB),
 * shared by every client and every core; the FE reaches the kernel's
 * command buffers through the linear window below; the engines read the
 * snapshots of the indices the validator checked from a pool of their
 * own, mapped at ETNA_IDX_VA (no client's buffer is ever there: an
 * MMUv1 stream names only relocations into its own). Unused entries point
 * at a "bad page", so that a stray access reads a recognisable pattern
 * instead of another buffer. Buffers are mapped on first use by a job and
 * stay mapped until they are freed, or until the space is full: then the
 * mappings no job uses are evicted, least recently used first, and mapped
 * again at their next use (at another address: MMUv1 streams are
 * relocated at every submit).
 *
 * MMUv2 walks two-level tables (etna_pt2.c) and faults on unmapped
 * addresses. Every open file gets its own tables, the kernel one more for
 * the rings. The command-buffer pool has one place in all of them,
 * ETNA_POOL_VA, read-only, so that the FE finds the rings at the same
 * address whichever space is current (it switches spaces in the middle
 * of a ring): the kernel's space maps all of the pool, a file's space
 * only the rings' pages and the pages of its own command buffers, which
 * are mapped as a job takes them and unmapped when the last of its jobs
 * in a page is freed (etna_pool.c keeps every page to one owner). A
 * client thus never reads another's command streams. A buffer is mapped
 * in a file's space on its
 * first use by that file (at the address the file chose, with softpin)
 * and unmapped when the file closes its handle, once no job uses it
 * (etna_bo.c keeps a buffer's mappings; here a mapping is a range of a
 * space and its page-table entries).
 * On cores with the security block the MMU finds the master table of the
 * space it runs in through a page table array (PTA) the kernel owns.
 */
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include "etna_bo.h"
#include "etna_drv.h"
#include "etna_pool.h"
#include "etna_pt.h"
#include "etna_vm.h"

#define PT_SIZE		(ETNA_VM_ENTRIES * sizeof(u32))
#define BAD_PATTERN	0xdead55aa
#define PTA_SLOTS	(SZ_4K / sizeof(u64))
/* MMUv2: the end of the space (u64: a buffer may end at 2^32) */
#define VA2_END		SZ_4G

static struct device *etna_vm_dev(struct etna_vm *vm)
{
	return vm->edev->drm.dev;
}

/* MMUv2: make sure the slave tables of a range exist. */
static int etna_vm_stlbs(struct etna_vm *vm, u64 va, u64 size)
{
	u32 first = etna_pt2_mtlb_index(va);
	u32 last = etna_pt2_mtlb_index(va + size - 1), i;
	dma_addr_t dma;
	u32 *stlb;

	lockdep_assert_held(&vm->lock);
	for (i = first; i <= last; i++) {
		if (vm->pt2.stlb[i])
			continue;
		stlb = dma_alloc_wc(etna_vm_dev(vm), SZ_4K, &dma, GFP_KERNEL);
		if (!stlb)
			return -ENOMEM;
		etna_pt2_set_stlb(&vm->pt2, i, stlb, dma);
	}
	return 0;
}

static int etna_vm_init_v1(struct etna_vm *vm)
{
	struct etna_dev *edev = vm->edev;
	u32 off;
	int ret;

	vm->pt = dma_alloc_wc(etna_vm_dev(vm), PT_SIZE, &vm->pt_dma,
			      GFP_KERNEL);
	if (!vm->pt)
		return -ENOMEM;
	mutex_lock(&vm->lock);
	etna_pt_clear(vm->pt, ETNA_VM_START, ETNA_VM_SIZE, edev->bad_dma);
	drm_mm_init(&vm->mm, ETNA_VM_START, ETNA_VM_SIZE);
	/* the snapshots of checked indices, at ETNA_IDX_VA */
	vm->pool_node.start = ETNA_IDX_VA;
	vm->pool_node.size = edev->idx_pool.size;
	ret = drm_mm_reserve_node(&vm->mm, &vm->pool_node);
	for (off = 0; !ret && off < edev->idx_pool.size; off += SZ_4K)
		vm->pt[(ETNA_IDX_VA - ETNA_VM_START + off) / SZ_4K] =
			edev->idx_pool.dma + off;
	mutex_unlock(&vm->lock);
	return ret;
}

static int etna_vm_init_v2(struct etna_vm *vm)
{
	struct etna_dev *edev = vm->edev;
	struct etna_pool *pool = &edev->pool;
	u32 off;
	int ret;

	vm->pta_id = -1;
	vm->pt2.mtlb = dma_alloc_wc(etna_vm_dev(vm), SZ_4K, &vm->mtlb_dma,
				    GFP_KERNEL);
	if (!vm->pt2.mtlb)
		return -ENOMEM;
	memset32(vm->pt2.mtlb, ETNA_PT2_EXCEPTION, ETNA_PT2_ENTRIES);
	drm_mm_init(&vm->mm, SZ_4K, VA2_END - SZ_4K);

	/*
	 * The pool, for the FE only: nothing the GPU may write. The kernel's
	 * space maps all of it, a client's the rings (the kernel's pages,
	 * taken at bind, before any client's space exists) and later its
	 * own command buffers.
	 */
	vm->pool_node.start = ETNA_POOL_VA;
	vm->pool_node.size = pool->size;
	mutex_lock(&vm->lock);
	ret = drm_mm_reserve_node(&vm->mm, &vm->pool_node);
	if (!ret)
		ret = etna_vm_stlbs(vm, ETNA_POOL_VA, pool->size);
	for (off = 0; !ret && off < pool->size; off += ETNA_POOL_PAGE)
		if (!edev->kvm || etna_pool_kernel_page(pool, off))
			etna_pt2_fill_linear(&vm->pt2, ETNA_POOL_VA + off,
					     pool->dma + off, ETNA_POOL_PAGE,
					     false);
	mutex_unlock(&vm->lock);
	if (ret)
		return ret;

	if (edev->sec_mode) {
		ret = ida_alloc_max(&edev->pta_ids, PTA_SLOTS - 1, GFP_KERNEL);
		if (ret < 0)
			return ret;
		vm->pta_id = ret;
		/* 4 KiB mode: MODE 0 next to the address */
		edev->pta[vm->pta_id] = lower_32_bits(vm->mtlb_dma);
	}
	return 0;
}

/* Free the page tables and the PTA slot of a space. */
static void etna_vm_free_tables(struct etna_vm *vm)
{
	struct etna_dev *edev = vm->edev;
	struct device *dev = etna_vm_dev(vm);
	unsigned int i;

	if (vm->pt)
		dma_free_wc(dev, PT_SIZE, vm->pt, vm->pt_dma);
	vm->pt = NULL;
	if (vm->pta_id >= 0) {
		edev->pta[vm->pta_id] = 0;
		ida_free(&edev->pta_ids, vm->pta_id);
	}
	vm->pta_id = -1;
	for (i = 0; i < ETNA_PT2_ENTRIES; i++) {
		if (vm->pt2.stlb[i])
			dma_free_wc(dev, SZ_4K, vm->pt2.stlb[i],
				    vm->pt2.stlb_dma[i]);
		vm->pt2.stlb[i] = NULL;
	}
	if (vm->pt2.mtlb)
		dma_free_wc(dev, SZ_4K, vm->pt2.mtlb, vm->mtlb_dma);
	vm->pt2.mtlb = NULL;
}

/**
 * etna_vm_unplug() - the device is unbound: free a space's tables now
 * @vm: a space some open file still holds; nothing is mapped in it any
 *	more (the jobs are gone and the buffers unplugged)
 *
 * The space itself lives on until its last reference goes.
 */
void etna_vm_unplug(struct etna_vm *vm)
{
	mutex_lock(&vm->lock);
	if (!vm->unplugged) {
		WARN_ON(!list_empty(&vm->maps));
		etna_vm_free_tables(vm);
		vm->unplugged = true;
	}
	mutex_unlock(&vm->lock);
}

static void etna_vm_release(struct kref *ref)
{
	struct etna_vm *vm = container_of(ref, struct etna_vm, ref);
	struct etna_dev *edev = vm->edev;

	etna_vm_free_tables(vm);
	if (drm_mm_node_allocated(&vm->pool_node))
		drm_mm_remove_node(&vm->pool_node);
	if (drm_mm_initialized(&vm->mm))
		drm_mm_takedown(&vm->mm);
	mutex_destroy(&vm->lock);
	atomic_dec(&edev->nr_vms);
	kfree(vm);
}

void etna_vm_put(struct etna_vm *vm)
{
	if (vm)
		kref_put(&vm->ref, etna_vm_release);
}

/**
 * etna_vm_create() - an address space for a new client
 * @edev: the device, its MMU set up
 *
 * Return: on MMUv1 a new reference to the one shared space, on MMUv2 a
 * new space; or an ERR_PTR.
 */
struct etna_vm *etna_vm_create(struct etna_dev *edev)
{
	struct etna_vm *vm;
	int ret;

	if (!edev->mmu_v2 && edev->kvm)
		return etna_vm_get(edev->kvm);

	vm = kzalloc(sizeof(*vm), GFP_KERNEL);
	if (!vm)
		return ERR_PTR(-ENOMEM);
	kref_init(&vm->ref);
	vm->edev = edev;
	atomic_inc(&edev->nr_vms);
	vm->pta_id = -1;
	mutex_init(&vm->lock);
	INIT_LIST_HEAD(&vm->maps);
	ret = edev->mmu_v2 ? etna_vm_init_v2(vm) : etna_vm_init_v1(vm);
	if (ret) {
		etna_vm_put(vm);
		return ERR_PTR(ret);
	}
	return vm;
}

/**
 * etna_mmu_init() - set up the device's MMU state and kernel space
 * @edev: the device, its cores identified and its pool allocated
 *
 * Return: 0 or an error.
 */
int etna_mmu_init(struct etna_dev *edev)
{
	struct device *dev = edev->drm.dev;
	int ret = -ENOMEM;

	ida_init(&edev->pta_ids);
	edev->bad_page = dma_alloc_wc(dev, SZ_4K, &edev->bad_dma, GFP_KERNEL);
	if (!edev->bad_page)
		return -ENOMEM;
	memset32(edev->bad_page, BAD_PATTERN, SZ_4K / 4);
	if (edev->sec_mode) {
		edev->pta = dma_alloc_wc(dev, SZ_4K, &edev->pta_dma,
					 GFP_KERNEL);
		if (!edev->pta)
			goto err_bad;
		memset(edev->pta, 0, SZ_4K);
	}
	if (!edev->mmu_v2) {
		ret = etna_pool_init(&edev->idx_pool, dev, ETNA_IDX_POOL_SIZE);
		if (ret)
			goto err_pta;
	}
	edev->kvm = etna_vm_create(edev);
	if (IS_ERR(edev->kvm)) {
		ret = PTR_ERR(edev->kvm);
		edev->kvm = NULL;
		goto err_idx;
	}
	return 0;

err_idx:
	if (!edev->mmu_v2)
		etna_pool_fini(&edev->idx_pool, dev);
err_pta:
	if (edev->pta)
		dma_free_wc(dev, SZ_4K, edev->pta, edev->pta_dma);
err_bad:
	dma_free_wc(dev, SZ_4K, edev->bad_page, edev->bad_dma);
	return ret;
}

/**
 * etna_mmu_fini() - undo etna_mmu_init()
 * @edev: the device; no core and no file uses a space any more
 */
void etna_mmu_fini(struct etna_dev *edev)
{
	struct device *dev = edev->drm.dev;

	etna_vm_put(edev->kvm);
	if (!edev->mmu_v2)
		etna_pool_fini(&edev->idx_pool, dev);
	if (edev->pta)
		dma_free_wc(dev, SZ_4K, edev->pta, edev->pta_dma);
	dma_free_wc(dev, SZ_4K, edev->bad_page, edev->bad_dma);
	ida_destroy(&edev->pta_ids);
}

/* Take an idle mapping's range back; it stays on its buffer's list. */
static void etna_vm_evict(struct etna_vm *vm, struct etna_mapping *map)
{
	lockdep_assert_held(&vm->lock);
	etna_pt_clear(vm->pt, map->node.start, map->node.size,
		      vm->edev->bad_dma);
	drm_mm_remove_node(&map->node);
	list_del_init(&map->vm_link);
	vm->flush_seq++;
}

/*
 * MMUv1: a range of @size for @node. When the space is full, the idle
 * mappings go, least recently used first, until one fits. A mapping is
 * idle when its buffer's list holds its only reference. A job may take
 * one meanwhile (under the buffer's map_lock, etna_bo_get_mapping()): it
 * finds the range gone when it marks its mappings used, under this lock
 * (etna_vm_use()), and maps the pages again. At most one try per mapping
 * in the space.
 */
static int etna_vm_insert_v1(struct etna_vm *vm, struct drm_mm_node *node,
			     u64 size)
{
	struct etna_mapping *map, *tmp;
	int ret;

	lockdep_assert_held(&vm->lock);
	ret = drm_mm_insert_node_generic(&vm->mm, node, size, PAGE_SIZE, 0,
					 DRM_MM_INSERT_LOW);
	list_for_each_entry_safe(map, tmp, &vm->maps, vm_link) {
		if (ret != -ENOSPC)
			break;
		if (kref_read(&map->ref) != 1)
			continue;	/* a job uses it, or it is going */
		etna_vm_evict(vm, map);
		ret = drm_mm_insert_node_generic(&vm->mm, node, size,
						 PAGE_SIZE, 0,
						 DRM_MM_INSERT_LOW);
	}
	return ret;
}

/* Give @map a range of @vm (at @va unless 0) and point it at the pages. */
static int etna_vm_insert(struct etna_vm *vm, struct etna_mapping *map,
			  struct sg_table *sgt, u64 va)
{
	struct etna_bo *bo = map->bo;
	u64 size = bo->shmem.base.size;
	int ret;

	lockdep_assert_held(&vm->lock);
	/* an imported buffer's pages are what its exporter says */
	ret = etna_sgt_check(sgt, size);
	if (ret)
		return ret;
	if (va) {
		map->node.start = va;
		map->node.size = size;
		ret = drm_mm_reserve_node(&vm->mm, &map->node);
	} else if (vm->pt) {
		ret = etna_vm_insert_v1(vm, &map->node, size);
	} else {
		ret = drm_mm_insert_node_in_range(&vm->mm, &map->node, size,
						  PAGE_SIZE, 0,
						  ETNA_SOFTPIN_START, VA2_END,
						  DRM_MM_INSERT_LOW);
	}
	if (ret)
		return ret;
	if (vm->pt) {
		etna_pt_fill(vm->pt, map->node.start, sgt, size);
	} else {
		ret = etna_vm_stlbs(vm, map->node.start, size);
		if (ret) {
			drm_mm_remove_node(&map->node);
			return ret;
		}
		etna_pt2_fill(&vm->pt2, map->node.start, sgt, size,
			      !bo->read_only);
	}
	list_add_tail(&map->vm_link, &vm->maps);
	/* the TLBs may hold stale entries for this range */
	vm->flush_seq++;
	return 0;
}

static void etna_mapping_release(struct kref *ref)
{
	struct etna_mapping *map = container_of(ref, struct etna_mapping, ref);
	struct etna_vm *vm = map->vm;

	mutex_lock(&vm->lock);
	/* an evicted mapping has no range left; an unplugged space no tables */
	if (drm_mm_node_allocated(&map->node)) {
		if (vm->pt)
			etna_pt_clear(vm->pt, map->node.start, map->node.size,
				      vm->edev->bad_dma);
		else if (vm->pt2.mtlb)
			etna_pt2_clear(&vm->pt2, map->node.start,
				       map->node.size);
		drm_mm_remove_node(&map->node);
		vm->flush_seq++;
	}
	list_del_init(&map->vm_link);
	mutex_unlock(&vm->lock);
	etna_vm_put(vm);
	kfree(map);
}

void etna_mapping_put(struct etna_mapping *map)
{
	if (map)
		kref_put(&map->ref, etna_mapping_release);
}

/**
 * etna_vm_map() - map a buffer's pages in an address space
 * @vm: the address space
 * @bo: the buffer, whose map_lock the caller holds
 * @sgt: its pages, mapped for the device
 * @va: the address the client wants it at (softpin), or 0 for any
 *
 * Return: the new mapping with two references, one for the buffer's list
 * and one for the caller (taken before the mapping can be seen idle); it
 * holds one of @vm. Or an ERR_PTR: -ENOSPC if @va is taken or no space is
 * left.
 */
struct etna_mapping *etna_vm_map(struct etna_vm *vm, struct etna_bo *bo,
				 struct sg_table *sgt, u64 va)
{
	struct etna_mapping *map;
	int ret;

	lockdep_assert_held(&bo->map_lock);
	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	kref_init(&map->ref);
	kref_get(&map->ref);
	INIT_LIST_HEAD(&map->vm_link);
	map->bo = bo;
	map->vm = vm;
	mutex_lock(&vm->lock);
	ret = etna_vm_insert(vm, map, sgt, va);
	mutex_unlock(&vm->lock);
	if (ret) {
		kfree(map);
		return ERR_PTR(ret);
	}
	etna_vm_get(vm);
	return map;
}

/**
 * etna_mapping_remap() - give an evicted mapping a range again
 * @map: a mapping a job holds a reference to, whose buffer's map_lock
 *	the caller holds
 * @sgt: the buffer's pages, mapped for the device
 *
 * Return: 0 with the mapping in place (the most recently used of its
 * space), or -ENOSPC.
 */
int etna_mapping_remap(struct etna_mapping *map, struct sg_table *sgt)
{
	struct etna_vm *vm = map->vm;
	int ret = 0;

	lockdep_assert_held(&map->bo->map_lock);
	mutex_lock(&vm->lock);
	if (drm_mm_node_allocated(&map->node))
		list_move_tail(&map->vm_link, &vm->maps);
	else
		ret = etna_vm_insert(vm, map, sgt, 0);
	mutex_unlock(&vm->lock);
	return ret;
}

/**
 * etna_vm_use() - mark a job's mappings the most recently used of @vm
 * @vm: the job's space
 * @maps: the job's mappings, each with the job's reference
 * @from: the first to look at
 * @n: how many the job has
 *
 * Under one hold of the space's lock for all of them. A mapping with a
 * job's reference is not evicted (etna_vm_insert_v1() takes only idle
 * ones, under this lock), but one may have been evicted before its
 * reference was taken: the walk stops at it.
 *
 * Return: the index of the first mapping from @from that has no range
 * (etna_mapping_remap() gives it one), or @n when all have theirs.
 */
u32 etna_vm_use(struct etna_vm *vm, struct etna_mapping **maps, u32 from,
		u32 n)
{
	u32 i;

	mutex_lock(&vm->lock);
	for (i = from; i < n; i++) {
		if (!drm_mm_node_allocated(&maps[i]->node))
			break;
		list_move_tail(&maps[i]->vm_link, &vm->maps);
	}
	mutex_unlock(&vm->lock);
	return i;
}

/* Whether @vm maps only its own command buffers (a client's, MMUv2). */
static bool etna_vm_owns_cmds(struct etna_vm *vm)
{
	return vm->edev->mmu_v2 && vm != vm->edev->kvm;
}

/**
 * etna_vm_cmd_alloc() - a command buffer in the pool for a job in @vm
 * @vm: the job's space
 * @range: receives the buffer's range of the pool
 * @size: bytes
 *
 * MMUv2: in pages that hold only @vm's command buffers, mapped read-only
 * in @vm (the pages are new to @vm or mapped already). A stale TLB entry
 * of such a page can only be the same translation: every space that maps
 * the pool maps it at one address. Waits for room (etna_pool_alloc()).
 *
 * Return: 0, or the error of etna_pool_alloc().
 */
int etna_vm_cmd_alloc(struct etna_vm *vm, struct etna_pool_range *range,
		      size_t size)
{
	struct etna_pool *pool = &vm->edev->pool;
	u32 start, end;
	int ret;

	if (!etna_vm_owns_cmds(vm))
		return etna_pool_alloc(pool, range, size, true, NULL);
	ret = etna_pool_alloc(pool, range, size, true, &vm->cmd_owner);
	if (ret)
		return ret;
	start = round_down(range->start, ETNA_POOL_PAGE);
	end = round_up(range->start + range->size, ETNA_POOL_PAGE);
	mutex_lock(&vm->lock);
	if (vm->pt2.mtlb)
		etna_pt2_fill_linear(&vm->pt2, ETNA_POOL_VA + start,
				     pool->dma + start, end - start, false);
	mutex_unlock(&vm->lock);
	return 0;
}

/**
 * etna_vm_cmd_free() - give back a job's command buffer
 * @vm: the job's space
 * @range: the buffer (nothing if it holds none)
 *
 * MMUv2: the pages the buffer leaves empty are unmapped from @vm, its TLBs
 * are flushed before its next job, and only then may another space get
 * them.
 */
void etna_vm_cmd_free(struct etna_vm *vm, struct etna_pool_range *range)
{
	struct etna_pool *pool = &vm->edev->pool;
	struct etna_pool_range emptied;

	if (!etna_vm_owns_cmds(vm)) {
		etna_pool_free(pool, range, NULL);
		return;
	}
	mutex_lock(&vm->lock);
	etna_pool_free(pool, range, &emptied);
	if (emptied.size && vm->pt2.mtlb) {
		etna_pt2_clear(&vm->pt2, ETNA_POOL_VA + emptied.start,
			       emptied.size);
		vm->flush_seq++;
	}
	etna_pool_unreserve(pool, &emptied);
	mutex_unlock(&vm->lock);
}
