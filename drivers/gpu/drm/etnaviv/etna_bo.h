/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Buffer objects (etna_bo.c): shmem or user memory, and their mappings by
 * address space.
 */
#ifndef ETNA_BO_H
#define ETNA_BO_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <drm/drm_gem_shmem_helper.h>

struct drm_device;
struct drm_file;
struct drm_gem_object;
struct etna_dev;
struct etna_mapping;
struct etna_vm;
struct mm_struct;
struct page;

/**
 * struct etna_userptr - user memory behind a buffer object
 * @mm: the address space of the process that created it (a reference);
 *	only that process may make the pages resident
 * @ptr: user address
 * @pages: the pinned pages, once the GPU first uses the buffer
 * @npages: number of pages
 */
struct etna_userptr {
	struct mm_struct *mm;
	u64 ptr;
	struct page **pages;
	unsigned long npages;
};

/**
 * struct etna_bo - a buffer object
 * @shmem: the GEM object: shmem-backed, or for userptr objects only its
 *	sg table is used (built from the pinned user pages); must be first,
 *	the shmem helpers free the object as a shmem object
 * @flags: ETNA_BO_* cache mode
 * @read_only: the GPU may only read it (user pages not given writable)
 * @map_lock: protects @mappings and the pinning of @uptr
 * @mappings: its struct etna_mapping in the address spaces it is used in
 * @prep_op: ETNA_PREP_* of the last CPU_PREP that synced the buffer for
 *	the CPU; CPU_FINI syncs it back only after one (both in the
 *	direction of the DMA mapping, whatever the op)
 * @uptr: user memory, for GEM_USERPTR objects; NULL otherwise
 * @dev_link: entry in etna_dev.bos once the GPU was given it
 * @unplugged: the device was unbound: its pages are not mapped for the
 *	device any more, and will not be again (under @map_lock)
 */
struct etna_bo {
	struct drm_gem_shmem_object shmem;
	u32 flags;
	bool read_only;
	struct mutex map_lock;	/* mappings, uptr pinning */
	struct list_head mappings;
	u32 prep_op;
	struct etna_userptr *uptr;
	struct list_head dev_link;	/* in etna_dev.bos, under bos_lock */
	bool unplugged;			/* map_lock */
};

static inline struct etna_bo *to_etna_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct etna_bo, shmem);
}

/* etna_bo.c */
void etna_bos_unplug(struct etna_dev *edev);
struct drm_gem_object *etna_bo_create_object(struct drm_device *drm,
					     size_t size);
struct etna_mapping *etna_bo_get_mapping(struct etna_bo *bo,
					 struct etna_vm *vm, u64 va);
int etna_bo_remap(struct etna_mapping *map);
int etna_ioctl_gem_new(struct drm_device *drm, void *data,
		       struct drm_file *file);
int etna_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_cpu_prep(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_cpu_fini(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_wait(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file);

#endif /* ETNA_BO_H */
