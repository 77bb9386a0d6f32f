// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: debugfs
 *
 * The debugfs files of the DRM device (dri/N/): gpu (identity and
 * live registers of every core), gem (every file's buffers), mm (how
 * many address spaces are alive, the kernel's GPU address space and the
 * command pool allocations), mmu (the page-table entries in use, per
 * address space), ring (the words of every core's ring).
 */
#include <linux/bitmap.h>
#include <linux/idr.h>
#include <linux/pid.h>
#include <linux/seq_file.h>
#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "etna_bo.h"
#include "etna_core.h"
#include "etna_debugfs.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_pool.h"
#include "etna_pt.h"
#include "etna_regs.h"
#include "etna_vm.h"

static struct etna_dev *node_dev(struct seq_file *m)
{
	struct drm_info_node *node = m->private;

	return to_etna_dev(node->minor->dev);
}

static void etna_debugfs_core(struct seq_file *m, struct etna_core *core)
{
	const struct etna_ident *id = &core->id;
	unsigned int i, events;
	unsigned long flags;

	seq_printf(m, "pipe %u: %s GC%x rev 0x%04x\n", core->pipe,
		   dev_name(core->dev), id->model, id->revision);
	seq_printf(m, "\tfeatures 0x%08x\n", id->features);
	for (i = 0; i < ARRAY_SIZE(id->minor); i++)
		seq_printf(m, "\tminor_features%u 0x%08x\n", i, id->minor[i]);
	/* the registers of a core that is powered up only */
	if (etna_power_get_if_on(core)) {
		seq_printf(m, "\tidle 0x%08x\n",
			   etna_read(core, ETNA_IDLE_STATE));
		seq_printf(m, "\tFE dma address 0x%08x state 0x%08x\n",
			   etna_read(core, ETNA_FE_DMA_ADDRESS),
			   etna_read(core, ETNA_FE_DMA_DEBUG_STATE));
		etna_power_put(core);
	} else {
		seq_puts(m, "\tsuspended\n");
	}
	spin_lock_irqsave(&core->event_lock, flags);
	events = ETNA_NR_EVENTS -
		 bitmap_weight(&core->event_free, ETNA_NR_EVENTS);
	spin_unlock_irqrestore(&core->event_lock, flags);
	seq_printf(m, "\tevents in use: %u\n", events);
	mutex_lock(&core->hw_lock);
	seq_printf(m, "\tfences emitted %u\n", core->fence_seq);
	seq_printf(m, "\tAXI errors %d, MMU exceptions %d\n",
		   atomic_read(&core->axi_errors),
		   atomic_read(&core->mmu_errors));
	seq_printf(m, "\thang checks: %d\n\thang checks busy: %d\n",
		   atomic_read(&core->hang_looks),
		   atomic_read(&core->hang_busy));
	seq_printf(m, "\tring: tail 0x%x wait 0x%x exec_state %d\n",
		   core->ring_tail, core->ring_wait, core->exec_state);
	mutex_unlock(&core->hw_lock);
}

static int etna_debugfs_gpu(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	unsigned int i;

	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_debugfs_core(m, edev->cores[i]);
	return 0;
}

static void etna_debugfs_gem_one(struct seq_file *m, int handle,
				 struct drm_gem_object *obj)
{
	struct etna_bo *bo = to_etna_bo(obj);
	struct etna_mapping *map;

	seq_printf(m, "  handle %4d size %8zu flags 0x%08x%s%s", handle,
		   obj->size, bo->flags, bo->uptr ? " userptr" : "",
		   bo->read_only ? " read-only" : "");
	mutex_lock(&bo->map_lock);
	/* its pages mapped for the device (and, where that costs, cleaned) */
	if (READ_ONCE(bo->shmem.sgt))
		seq_puts(m, " dma-mapped");
	list_for_each_entry(map, &bo->mappings, bo_link) {
		mutex_lock(&map->vm->lock);
		if (drm_mm_node_allocated(&map->node))
			seq_printf(m, " iova 0x%08llx%s", map->node.start,
				   map->vm == map->vm->edev->kvm ? "" :
				   "(file)");
		else
			seq_puts(m, " evicted");
		mutex_unlock(&map->vm->lock);
	}
	mutex_unlock(&bo->map_lock);
	/* one reference is ours */
	seq_printf(m, " refs %u\n", kref_read(&obj->refcount) - 1);
}

static int etna_debugfs_gem(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	struct drm_gem_object *obj;
	struct drm_file *file;
	struct task_struct *task;
	struct etna_file *ef;
	int id;

	mutex_lock(&edev->drm.filelist_mutex);
	list_for_each_entry(file, &edev->drm.filelist, lhead) {
		rcu_read_lock();
		task = pid_task(rcu_dereference(file->pid), PIDTYPE_TGID);
		seq_printf(m, "file of %s[%d]:\n", task ? task->comm : "?",
			   task ? task->pid : 0);
		rcu_read_unlock();
		ef = file->driver_priv;
		seq_printf(m, "\tva charged: %lld\n\tpool charged: %lld\n",
			   atomic64_read(&ef->client->va_bytes),
			   atomic64_read(&ef->client->pool_bytes));
		/* one object at a time: the mapping list needs a mutex */
		for (id = 0;; id++) {
			spin_lock(&file->table_lock);
			obj = idr_get_next(&file->object_idr, &id);
			if (obj)
				drm_gem_object_get(obj);
			spin_unlock(&file->table_lock);
			if (!obj)
				break;
			etna_debugfs_gem_one(m, id, obj);
			drm_gem_object_put(obj);
		}
	}
	mutex_unlock(&edev->drm.filelist_mutex);
	return 0;
}

/* The mappings of one space, with their first entries. */
static void etna_debugfs_vm(struct seq_file *m, struct etna_vm *vm)
{
	struct drm_mm_node *node;
	bool w;
	u64 va, pa;

	mutex_lock(&vm->lock);
	if (vm->pt)
		seq_printf(m, "MMUv1 table at %pad, bad page %pad, flush seq %u\n",
			   &vm->pt_dma, &vm->edev->bad_dma, vm->flush_seq);
	else
		seq_printf(m, "MMUv2 master table at %pad, PTA slot %d, flush seq %u\n",
			   &vm->mtlb_dma, vm->pta_id, vm->flush_seq);
	drm_mm_for_each_node(node, &vm->mm) {
		seq_printf(m, "0x%08llx-0x%08llx:", node->start,
			   node->start + node->size);
		for (va = node->start; va < node->start + node->size &&
		     va < node->start + 8 * SZ_4K; va += SZ_4K) {
			if (vm->pt)
				seq_printf(m, " %08x",
					   vm->pt[(va - ETNA_VM_START) / SZ_4K]);
			else if (!etna_pt2_lookup(&vm->pt2, va, &pa, &w))
				seq_printf(m, " %010llx%s", pa, w ? "" : "ro");
			else
				seq_puts(m, " fault");
		}
		seq_puts(m, node->size > 8 * SZ_4K ? " ...\n" : "\n");
	}
	mutex_unlock(&vm->lock);
}

static int etna_debugfs_mmu(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	struct etna_file *ef;
	struct drm_file *file;

	seq_puts(m, "kernel space:\n");
	etna_debugfs_vm(m, edev->kvm);
	if (!edev->mmu_v2)
		return 0;
	mutex_lock(&edev->drm.filelist_mutex);
	list_for_each_entry(file, &edev->drm.filelist, lhead) {
		ef = file->driver_priv;
		seq_printf(m, "space of file %p:\n", file);
		etna_debugfs_vm(m, ef->vm);
	}
	mutex_unlock(&edev->drm.filelist_mutex);
	return 0;
}

static int etna_debugfs_mm(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	struct drm_printer p = drm_seq_file_printer(m);

	seq_printf(m, "address spaces: %d\n", atomic_read(&edev->nr_vms));
	seq_printf(m, "kernel GPU address space (%s):\n",
		   edev->mmu_v2 ? "MMUv2" : "MMUv1");
	mutex_lock(&edev->kvm->lock);
	drm_mm_print(&edev->kvm->mm, &p);
	mutex_unlock(&edev->kvm->lock);
	seq_puts(m, "command buffer pool:\n");
	etna_pool_print(&edev->pool, m);
	return 0;
}

static int etna_debugfs_ring(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	struct etna_core *core;
	unsigned int i, w;

	for (i = 0; i < edev->nr_cores; i++) {
		core = edev->cores[i];
		if (!core)
			continue;
		mutex_lock(&core->hw_lock);
		seq_printf(m, "pipe %u ring at GPU 0x%08x, tail 0x%x:\n",
			   core->pipe, core->ring_gpu, core->ring_tail);
		for (w = 0; w < core->ring_tail / 4; w += 4)
			seq_printf(m, "  %04x: %08x %08x %08x %08x\n", w * 4,
				   core->ring[w], core->ring[w + 1],
				   core->ring[w + 2], core->ring[w + 3]);
		mutex_unlock(&core->hw_lock);
	}
	return 0;
}

static const struct drm_info_list etna_debugfs_list[] = {
	{ "gpu", etna_debugfs_gpu },
	{ "gem", etna_debugfs_gem },
	{ "mm", etna_debugfs_mm },
	{ "mmu", etna_debugfs_mmu },
	{ "ring", etna_debugfs_ring },
};

void etna_debugfs_init(struct drm_minor *minor)
{
	drm_debugfs_create_files(etna_debugfs_list,
				 ARRAY_SIZE(etna_debugfs_list),
				 minor->debugfs_root, minor);
}
