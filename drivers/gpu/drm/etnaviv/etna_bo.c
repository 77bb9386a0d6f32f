// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Buffer objects
 *
 * Buffers are shmem-backed GEM objects (the DRM shmem helpers): pages are
 * allocated on first CPU fault or first GPU use, and mapped to user space
 * cached, write-combined or uncached as created. Synchronisation with the
 * GPU goes through each buffer's dma_resv, where every job leaves its
 * fence.
 *
 * A buffer keeps a list of its mappings, one per address space it is used
 * in (made by etna_vm.c), under its map_lock: a job finds its buffers'
 * mappings here (an MMUv1 mapping evicted from a full space stays listed
 * and is mapped again), a file that closes its handle on MMUv2 takes the
 * buffer's mapping in its space off the list, and a freed buffer all of
 * them. A mapping stays until its last job is done.
 */
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/sched/mm.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>

#include "etna_bo.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_vm.h"

#define ETNA_BO_FLAGS	(ETNA_BO_CACHE_MASK | ETNA_BO_FORCE_MMU)

/*
 * The direction of a userptr object's DMA mapping: the GPU only reads one
 * created without ETNA_USERPTR_WRITE.
 */
static enum dma_data_direction etna_userptr_dir(const struct etna_bo *bo)
{
	return bo->read_only ? DMA_TO_DEVICE : DMA_BIDIRECTIONAL;
}

/*
 * Map a userptr object's pages for the device. Several objects may cover
 * the same user pages, so that their mappings overlap, which the DMA API
 * leaves to the driver: the cache maintenance of a mapping is by address,
 * and the same whichever mapping does it. Done here explicitly, as the
 * mapping would do it: write back the CPU's caches now; invalidate them
 * at CPU_PREP and at the unmap (etna_userptr_dma_unmap()), for what the
 * GPU wrote. What one object's GPU writes and another's CPU access do to
 * each other is the owner's own memory's business, as with any two views
 * of user memory; no one else's memory is at stake.
 */
static int etna_userptr_dma_map(struct etna_bo *bo, struct sg_table *sgt)
{
	struct device *dev = bo->shmem.base.dev->dev;
	int ret;

	ret = dma_map_sgtable(dev, sgt, etna_userptr_dir(bo),
			      DMA_ATTR_SKIP_CPU_SYNC);
	if (!ret)
		dma_sync_sgtable_for_device(dev, sgt, etna_userptr_dir(bo));
	return ret;
}

static void etna_userptr_dma_unmap(struct etna_bo *bo)
{
	struct device *dev = bo->shmem.base.dev->dev;
	struct sg_table *sgt = bo->shmem.sgt;

	dma_sync_sgtable_for_cpu(dev, sgt, etna_userptr_dir(bo));
	dma_unmap_sgtable(dev, sgt, etna_userptr_dir(bo),
			  DMA_ATTR_SKIP_CPU_SYNC);
	sg_free_table(sgt);
	kfree(sgt);
	bo->shmem.sgt = NULL;
}

static void etna_userptr_release(struct etna_bo *bo)
{
	struct etna_userptr *u = bo->uptr;

	if (bo->shmem.sgt)
		etna_userptr_dma_unmap(bo);
	if (u->pages) {
		unpin_user_pages(u->pages, u->npages);
		atomic64_sub(u->npages, &u->mm->pinned_vm);
		kvfree(u->pages);
	}
	mmdrop(u->mm);
	kfree(u);
}

/*
 * Charge @u's pages to its process's pinned pages, which RLIMIT_MEMLOCK
 * bounds unless it may lock memory at will (CAP_IPC_LOCK).
 */
static int etna_userptr_charge(struct etna_userptr *u)
{
	unsigned long limit = rlimit(RLIMIT_MEMLOCK) >> PAGE_SHIFT;
	s64 pinned = atomic64_add_return(u->npages, &u->mm->pinned_vm);

	if (pinned > limit && !capable(CAP_IPC_LOCK)) {
		atomic64_sub(u->npages, &u->mm->pinned_vm);
		return -ENOMEM;
	}
	return 0;
}

/* Pin a userptr object's pages and map them for the GPU. */
static struct sg_table *etna_userptr_get_sgt(struct etna_bo *bo)
{
	struct etna_userptr *u = bo->uptr;
	struct sg_table *sgt;
	struct page **pages;
	long pinned;
	int ret;

	lockdep_assert_held(&bo->map_lock);
	if (bo->shmem.sgt)
		return bo->shmem.sgt;
	/* only the creator's address space holds these pages */
	if (current->mm != u->mm)
		return ERR_PTR(-EPERM);

	ret = etna_userptr_charge(u);
	if (ret)
		return ERR_PTR(ret);
	pages = kvmalloc_array(u->npages, sizeof(*pages), GFP_KERNEL);
	if (!pages) {
		ret = -ENOMEM;
		goto err_charge;
	}
	/* FOLL_WRITE breaks copy-on-write: the GPU writes only our copy */
	pinned = pin_user_pages_fast(u->ptr, u->npages,
				     FOLL_WRITE | FOLL_FORCE | FOLL_LONGTERM,
				     pages);
	if (pinned != u->npages) {
		ret = pinned < 0 ? pinned : -EFAULT;
		goto err_unpin;
	}
	sgt = kzalloc(sizeof(*sgt), GFP_KERNEL);
	if (!sgt) {
		ret = -ENOMEM;
		goto err_unpin;
	}
	ret = sg_alloc_table_from_pages(sgt, pages, u->npages, 0,
					u->npages << PAGE_SHIFT, GFP_KERNEL);
	if (ret)
		goto err_sgt;
	ret = etna_userptr_dma_map(bo, sgt);
	if (ret)
		goto err_table;
	u->pages = pages;
	bo->shmem.sgt = sgt;
	return sgt;

err_table:
	sg_free_table(sgt);
err_sgt:
	kfree(sgt);
err_unpin:
	if (pinned > 0)
		unpin_user_pages(pages, pinned);
	kvfree(pages);
err_charge:
	atomic64_sub(u->npages, &u->mm->pinned_vm);
	return ERR_PTR(ret);
}

/*
 * The pages of a buffer, mapped for the GPU; the caller holds its
 * map_lock. Makes the pages resident: shmem pages are allocated, user
 * pages pinned. Return: the sg table, owned by the buffer, or an ERR_PTR.
 */
static struct sg_table *etna_bo_get_sgt(struct etna_bo *bo)
{
	lockdep_assert_held(&bo->map_lock);
	if (bo->uptr)
		return etna_userptr_get_sgt(bo);
	return drm_gem_shmem_get_pages_sgt(&bo->shmem);
}

/* Take @map off its buffer's list; drops the list's reference. */
static void etna_bo_unlist(struct etna_mapping *map)
{
	lockdep_assert_held(&map->bo->map_lock);
	list_del(&map->bo_link);
	etna_mapping_put(map);
}

/**
 * etna_bo_get_mapping() - a buffer's mapping in an address space, for a job
 * @bo: the buffer
 * @vm: the address space
 * @va: the address the client wants it at (softpin), or 0 for any
 *
 * Maps the buffer on first use. A mapping some job made before is only
 * referenced: it may have been evicted since (MMUv1), and etna_vm_use()
 * then etna_bo_remap() give it a range again, under one hold of the
 * space's lock for all of a job's mappings that kept theirs.
 *
 * Return: a new reference to the mapping, or an ERR_PTR: -ENOSPC if @va is
 * taken (or no space is left), -EINVAL if the buffer is mapped elsewhere
 * in @vm by a job still in flight.
 */
struct etna_mapping *etna_bo_get_mapping(struct etna_bo *bo,
					 struct etna_vm *vm, u64 va)
{
	struct etna_dev *edev = to_etna_dev(bo->shmem.base.dev);
	struct etna_mapping *map;
	struct sg_table *sgt;

	mutex_lock(&bo->map_lock);
	if (bo->unplugged) {
		map = ERR_PTR(-ENODEV);
		goto out;
	}
	list_for_each_entry(map, &bo->mappings, bo_link) {
		if (map->vm != vm)
			continue;
		if (!va || map->node.start == va)
			goto use;
		if (kref_read(&map->ref) > 1) {
			map = ERR_PTR(-EINVAL);
			goto out;
		}
		/* idle, at another address: move it */
		etna_bo_unlist(map);
		break;
	}

	sgt = etna_bo_get_sgt(bo);
	if (IS_ERR(sgt)) {
		map = ERR_CAST(sgt);
		goto out;
	}
	/* the list's reference and the caller's */
	map = etna_vm_map(vm, bo, sgt, va);
	if (!IS_ERR(map))
		list_add_tail(&map->bo_link, &bo->mappings);
	goto out;

use:
	/*
	 * The common case, a buffer some job used before: its pages are
	 * resident since the mapping was made (no new pages, no new pins),
	 * and whoever made the mapping put the buffer on the device's list.
	 * The reference keeps the mapping from going with the list's, and
	 * from being evicted from now on.
	 */
	kref_get(&map->ref);
	mutex_unlock(&bo->map_lock);
	return map;

out:
	mutex_unlock(&bo->map_lock);
	if (!IS_ERR(map)) {
		/* the device's list, for unbind; it locks it before map_lock */
		mutex_lock(&edev->bos_lock);
		if (list_empty(&bo->dev_link))
			list_add_tail(&bo->dev_link, &edev->bos);
		mutex_unlock(&edev->bos_lock);
	}
	return map;
}

/**
 * etna_bo_remap() - map an evicted mapping's pages again, for a job
 * @map: a mapping from etna_bo_get_mapping(), the job's reference held
 *
 * Return: 0, -ENODEV if the device is gone, the error of taking the
 * pages, or -ENOSPC.
 */
int etna_bo_remap(struct etna_mapping *map)
{
	struct etna_bo *bo = map->bo;
	struct sg_table *sgt;
	int ret;

	mutex_lock(&bo->map_lock);
	if (bo->unplugged) {
		ret = -ENODEV;
	} else {
		sgt = etna_bo_get_sgt(bo);
		ret = IS_ERR(sgt) ? PTR_ERR(sgt) : etna_mapping_remap(map, sgt);
	}
	mutex_unlock(&bo->map_lock);
	return ret;
}

/* A client is done with a buffer: its mapping in @vm goes after its jobs. */
static void etna_bo_unmap_vm(struct etna_bo *bo, struct etna_vm *vm)
{
	struct etna_mapping *map, *tmp;

	mutex_lock(&bo->map_lock);
	list_for_each_entry_safe(map, tmp, &bo->mappings, bo_link)
		if (map->vm == vm)
			etna_bo_unlist(map);
	mutex_unlock(&bo->map_lock);
}

/* A buffer is freed, or the device unbound: no job uses it any more. */
static void etna_bo_unmap_all_locked(struct etna_bo *bo)
{
	struct etna_mapping *map, *tmp;

	lockdep_assert_held(&bo->map_lock);
	list_for_each_entry_safe(map, tmp, &bo->mappings, bo_link)
		etna_bo_unlist(map);
}

static void etna_bo_unmap_all(struct etna_bo *bo)
{
	mutex_lock(&bo->map_lock);
	etna_bo_unmap_all_locked(bo);
	mutex_unlock(&bo->map_lock);
}

/*
 * The device is unbound: a buffer gives up its mappings and the DMA
 * mapping of its pages (an imported buffer's belongs to its attachment,
 * until the buffer is freed). Its pages stay, for user space's mappings.
 */
static void etna_bo_unplug(struct etna_bo *bo)
{
	struct drm_gem_shmem_object *shmem = &bo->shmem;
	struct device *dev = shmem->base.dev->dev;
	struct sg_table *sgt = NULL;

	lockdep_assert_held(&to_etna_dev(shmem->base.dev)->bos_lock);
	mutex_lock(&bo->map_lock);
	etna_bo_unmap_all_locked(bo);
	bo->unplugged = true;
	if (bo->uptr && shmem->sgt) {
		etna_userptr_dma_unmap(bo);
	} else if (!bo->uptr && !shmem->base.import_attach) {
		mutex_lock(&shmem->pages_lock);
		sgt = shmem->sgt;
		shmem->sgt = NULL;
		mutex_unlock(&shmem->pages_lock);
	}
	mutex_unlock(&bo->map_lock);
	if (sgt) {
		dma_unmap_sgtable(dev, sgt, DMA_BIDIRECTIONAL, 0);
		sg_free_table(sgt);
		kfree(sgt);
		/* the pages reference the sg table held */
		drm_gem_shmem_put_pages(shmem);
	}
}

/**
 * etna_bos_unplug() - the device is unbound: every buffer lets go of it
 * @edev: the device; no job is left, and no ioctl can give the GPU a
 *	buffer any more
 */
void etna_bos_unplug(struct etna_dev *edev)
{
	struct etna_bo *bo, *tmp;

	/* a buffer being freed waits for the lock before it goes */
	mutex_lock(&edev->bos_lock);
	list_for_each_entry_safe(bo, tmp, &edev->bos, dev_link) {
		etna_bo_unplug(bo);
		list_del_init(&bo->dev_link);
	}
	mutex_unlock(&edev->bos_lock);
}

static void etna_bo_free(struct drm_gem_object *obj)
{
	struct etna_dev *edev = to_etna_dev(obj->dev);
	struct etna_bo *bo = to_etna_bo(obj);

	mutex_lock(&edev->bos_lock);
	list_del_init(&bo->dev_link);
	mutex_unlock(&edev->bos_lock);
	etna_bo_unmap_all(bo);
	if (bo->uptr)
		etna_userptr_release(bo);
	mutex_destroy(&bo->map_lock);
	drm_gem_shmem_free(&bo->shmem);
}

static int etna_bo_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct etna_bo *bo = to_etna_bo(obj);
	u32 cache = bo->flags & ETNA_BO_CACHE_MASK;
	struct sg_table *sgt;
	int ret, idx;

	if (bo->uptr)
		return -EINVAL;	/* user memory is mapped already */
	/*
	 * The pages were zeroed through the kernel's cached mapping: where
	 * the GPU does not snoop the CPU's caches, those lines may still be
	 * dirty, to be written back later over what the user wrote through
	 * an uncached mapping. Mapping the pages for the GPU cleans them
	 * (not once the device is gone: no GPU reads them any more).
	 */
	if (cache != ETNA_BO_CACHED && !obj->import_attach &&
	    drm_dev_enter(obj->dev, &idx)) {
		sgt = drm_gem_shmem_get_pages_sgt(&bo->shmem);
		drm_dev_exit(idx);
		if (IS_ERR(sgt))
			return PTR_ERR(sgt);
	}
	ret = drm_gem_shmem_mmap(&bo->shmem, vma);
	if (!ret && cache == ETNA_BO_UNCACHED)
		vma->vm_page_prot =
			pgprot_noncached(vm_get_page_prot(vma->vm_flags));
	return ret;
}

/*
 * Pages mapped per CPU fault. A fault costs far more than a PTE (a trap,
 * and under UML a round trip through ptrace), and the pages are all
 * resident from mmap() on: map ahead of the faulting address.
 */
#define ETNA_FAULT_AHEAD	256

static vm_fault_t etna_bo_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct drm_gem_shmem_object *shmem =
		to_drm_gem_shmem_obj(vma->vm_private_data);
	pgoff_t npages = shmem->base.size >> PAGE_SHIFT, first, last, i;
	vm_fault_t ret = VM_FAULT_SIGBUS;

	/* like the helpers: the fake offset is not part of the index */
	first = (vmf->address - vma->vm_start) >> PAGE_SHIFT;
	last = min3(npages, first + ETNA_FAULT_AHEAD, vma_pages(vma));

	mutex_lock(&shmem->pages_lock);
	if (first < npages && shmem->pages && shmem->madv >= 0) {
		ret = vmf_insert_pfn(vma, vmf->address,
				     page_to_pfn(shmem->pages[first]));
		for (i = first + 1; ret == VM_FAULT_NOPAGE && i < last; i++)
			if (vmf_insert_pfn(vma, vma->vm_start + (i << PAGE_SHIFT),
					   page_to_pfn(shmem->pages[i])) !=
			    VM_FAULT_NOPAGE)
				break;
	}
	mutex_unlock(&shmem->pages_lock);
	return ret;
}

/* A mapping copied (fork): one more use of the resident pages. */
static void etna_bo_vm_open(struct vm_area_struct *vma)
{
	struct drm_gem_object *obj = vma->vm_private_data;

	WARN_ON_ONCE(drm_gem_shmem_get_pages(to_drm_gem_shmem_obj(obj)));
	drm_gem_vm_open(vma);
}

static void etna_bo_vm_close(struct vm_area_struct *vma)
{
	drm_gem_shmem_put_pages(to_drm_gem_shmem_obj(vma->vm_private_data));
	drm_gem_vm_close(vma);
}

static const struct vm_operations_struct etna_bo_vm_ops = {
	.fault = etna_bo_fault,
	.open = etna_bo_vm_open,
	.close = etna_bo_vm_close,
};

/*
 * The shmem helpers' page handling does not apply to user memory: such
 * objects cannot be exported, pinned for another device or vmapped.
 */
static int etna_bo_pin(struct drm_gem_object *obj)
{
	if (to_etna_bo(obj)->uptr)
		return -EINVAL;
	return drm_gem_shmem_object_pin(obj);
}

static struct sg_table *etna_bo_get_sg_table(struct drm_gem_object *obj)
{
	struct etna_bo *bo = to_etna_bo(obj);
	struct sg_table *ours;

	if (bo->uptr)
		return ERR_PTR(-EINVAL);
	/*
	 * Exported: map the pages for our device first. The importer maps
	 * them again for its own, without CPU syncs, which DMA debugging
	 * accepts only for a second mapping.
	 */
	ours = drm_gem_shmem_get_pages_sgt(&bo->shmem);
	if (IS_ERR(ours))
		return ours;
	return drm_gem_shmem_object_get_sg_table(obj);
}

static int etna_bo_vmap(struct drm_gem_object *obj, struct iosys_map *map)
{
	if (to_etna_bo(obj)->uptr)
		return -EINVAL;
	return drm_gem_shmem_object_vmap(obj, map);
}

/* A file closes its handle: on MMUv2 the buffer leaves the file's space. */
static void etna_bo_close(struct drm_gem_object *obj, struct drm_file *file)
{
	struct etna_file *ef = file->driver_priv;

	if (to_etna_dev(obj->dev)->mmu_v2 && ef)
		etna_bo_unmap_vm(to_etna_bo(obj), ef->vm);
}

static const struct drm_gem_object_funcs etna_bo_funcs = {
	.free = etna_bo_free,
	.close = etna_bo_close,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = etna_bo_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = etna_bo_get_sg_table,
	.vmap = etna_bo_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = etna_bo_mmap,
	.vm_ops = &etna_bo_vm_ops,
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
	INIT_LIST_HEAD(&bo->mappings);
	INIT_LIST_HEAD(&bo->dev_link);
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
	/* GPU addresses are 32 bits wide: so are sizes, in whole pages */
	if (!args->size || args->size > round_down(U32_MAX, PAGE_SIZE))
		return -EINVAL;

	shmem = drm_gem_shmem_create(drm, args->size);
	if (IS_ERR(shmem))
		return PTR_ERR(shmem);
	bo = container_of(shmem, struct etna_bo, shmem);
	bo->flags = args->flags;
	shmem->map_wc = cache != ETNA_BO_CACHED;
	mapping_set_gfp_mask(shmem->base.filp->f_mapping,
			     to_etna_dev(drm)->shm_gfp);

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

/*
 * The direction a buffer's pages are mapped for the device with. CPU_PREP
 * and CPU_FINI sync in it, whatever READ and WRITE the client gave: the
 * DMA API wants a scatterlist synced with the parameters it was mapped
 * with (on a non-coherent ARM, bidirectional means an invalidate at
 * CPU_PREP and a clean at CPU_FINI). DMA-API debugging relies on it: it
 * finds the mapping of a sync by best fit among the mappings of that
 * memory, and with two of them (overlapping userptr objects of one
 * process) and no exact fit it reports a sync of memory never mapped.
 */
static enum dma_data_direction etna_bo_dma_dir(const struct etna_bo *bo)
{
	return bo->uptr ? etna_userptr_dir(bo) : DMA_BIDIRECTIONAL;
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
	mutex_lock(&bo->map_lock);	/* the sg table, against unbind */
	if (!ret && (bo->flags & ETNA_BO_CACHE_MASK) == ETNA_BO_CACHED &&
	    bo->shmem.sgt) {
		dma_sync_sgtable_for_cpu(drm->dev, bo->shmem.sgt,
					 etna_bo_dma_dir(bo));
		bo->prep_op = args->op;
	}
	mutex_unlock(&bo->map_lock);
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
	mutex_lock(&bo->map_lock);	/* the sg table, against unbind */
	if ((bo->flags & ETNA_BO_CACHE_MASK) == ETNA_BO_CACHED &&
	    bo->shmem.sgt && bo->prep_op) {
		dma_sync_sgtable_for_device(drm->dev, bo->shmem.sgt,
					    etna_bo_dma_dir(bo));
		bo->prep_op = 0;
	}
	mutex_unlock(&bo->map_lock);
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

/*
 * A buffer object over the caller's own memory. Its pages are pinned when
 * a job first uses it, from the creating process only, and charged to
 * its pinned pages (RLIMIT_MEMLOCK); they stay pinned until the object
 * is freed. Such objects are cached and cannot be mapped
 * through the DRM file.
 */
int etna_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct drm_etnaviv_gem_userptr *args = data;
	struct drm_gem_object *obj;
	struct etna_userptr *u;
	struct etna_bo *bo;
	int ret;

	if (!args->flags ||
	    args->flags & ~(ETNA_USERPTR_READ | ETNA_USERPTR_WRITE))
		return -EINVAL;
	if (!PAGE_ALIGNED(args->user_ptr) || !PAGE_ALIGNED(args->user_size) ||
	    !args->user_size || args->user_size > U32_MAX ||
	    args->user_ptr != (uintptr_t)args->user_ptr)
		return -EINVAL;
	if (!access_ok(u64_to_user_ptr(args->user_ptr), args->user_size))
		return -EFAULT;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	obj = etna_bo_create_object(drm, args->user_size);
	if (IS_ERR(obj)) {
		kfree(u);
		return PTR_ERR(obj);
	}
	bo = to_etna_bo(obj);
	u->ptr = args->user_ptr;
	u->npages = args->user_size >> PAGE_SHIFT;
	u->mm = current->mm;
	mmgrab(u->mm);
	bo->uptr = u;
	bo->flags = ETNA_BO_CACHED;
	bo->read_only = !(args->flags & ETNA_USERPTR_WRITE);
	bo->shmem.map_wc = false;
	/* what the shmem helpers' constructor would have set up */
	mutex_init(&bo->shmem.pages_lock);
	mutex_init(&bo->shmem.vmap_lock);
	INIT_LIST_HEAD(&bo->shmem.madv_list);
	drm_gem_private_object_init(drm, obj, args->user_size);

	ret = drm_gem_handle_create(file, obj, &args->handle);
	drm_gem_object_put(obj);
	return ret;
}
