// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The DRM device
 *
 * Each "vivante,gc" node is a core device (etna_core.c); a virtual
 * "etnaviv" platform device is the component master that binds them all
 * into one render-only DRM device, one pipe per core in device-tree order.
 * Boards with the legacy binding name the cores in the "cores" property of
 * a "fsl,imx-gpu-subsystem" or "marvell,dove-gpu-subsystem" node instead;
 * that list then gives the pipe order.
 *
 * Binding identifies the cores (etna_hw.c), which decide the MMU of the
 * device, sets up the command-buffer pool and the kernel's address space,
 * then starts every core with its scheduler. Here too: the ioctl table
 * and the open files, each with its address space and scheduler entities,
 * and what /proc/PID/fdinfo shows of them (the DRM usage statistics of
 * Documentation/gpu/drm-usage-stats.rst): the driver, a client id unique
 * to the open file, each engine's busy time for the file's jobs
 * (drm-engine-3d, drm-engine-2d, in ns) and the size of the buffers the
 * file holds handles to (drm-memory-system).
 */
#include <linux/component.h>
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_of.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>

#include "etna_bo.h"
#include "etna_core.h"
#include "etna_debugfs.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_perfmon.h"
#include "etna_pool.h"
#include "etna_regs.h"
#include "etna_vm.h"

#define ETNA_POOL_SIZE	SZ_1M
/*
 * MMUv2: open files of one user at once. Each has an address space of
 * its own, and with the security block one of the 511 slots of the page
 * table array: one user must not take them all.
 */
#define ETNA_USER_FILES	128

static const char * const etna_legacy_masters[] = {
	"fsl,imx-gpu-subsystem",
	"marvell,dove-gpu-subsystem",
};

/* Performance counters: the domains and signals of a core (etna_perfmon.c) */
static int etna_ioctl_pm_query_dom(struct drm_device *drm, void *data,
				   struct drm_file *file)
{
	struct drm_etnaviv_pm_domain *args = data;
	struct etna_core *core;
	int err;

	core = etna_pipe(drm, args->pipe, &err);
	if (!core)
		return err;
	return etna_pm_query_dom(core, args);
}

static int etna_ioctl_pm_query_sig(struct drm_device *drm, void *data,
				   struct drm_file *file)
{
	struct drm_etnaviv_pm_signal *args = data;
	struct etna_core *core;
	int err;

	core = etna_pipe(drm, args->pipe, &err);
	if (!core)
		return err;
	return etna_pm_query_sig(core, args);
}

static const struct drm_ioctl_desc etna_ioctls[] = {
	DRM_IOCTL_DEF_DRV(ETNAVIV_GET_PARAM, etna_ioctl_get_param,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_NEW, etna_ioctl_gem_new,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_INFO, etna_ioctl_gem_info,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_CPU_PREP, etna_ioctl_gem_cpu_prep,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_CPU_FINI, etna_ioctl_gem_cpu_fini,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_SUBMIT, etna_ioctl_gem_submit,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_WAIT_FENCE, etna_ioctl_wait_fence,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_USERPTR, etna_ioctl_gem_userptr,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_GEM_WAIT, etna_ioctl_gem_wait,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_PM_QUERY_DOM, etna_ioctl_pm_query_dom,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(ETNAVIV_PM_QUERY_SIG, etna_ioctl_pm_query_sig,
			  DRM_RENDER_ALLOW),
};

/* MMUv2: count a new file for its user; -EMFILE past ETNA_USER_FILES. */
static int etna_user_get(struct etna_dev *edev, uid_t uid)
{
	unsigned long n;
	int ret = 0;

	mutex_lock(&edev->users_lock);
	n = xa_to_value(xa_load(&edev->user_files, uid) ?: xa_mk_value(0));
	if (n >= ETNA_USER_FILES)
		ret = -EMFILE;
	else
		ret = xa_err(xa_store(&edev->user_files, uid,
				      xa_mk_value(n + 1), GFP_KERNEL));
	mutex_unlock(&edev->users_lock);
	return ret;
}

static void etna_user_put(struct etna_dev *edev, uid_t uid)
{
	unsigned long n;

	mutex_lock(&edev->users_lock);
	n = xa_to_value(xa_load(&edev->user_files, uid) ?: xa_mk_value(1));
	if (n > 1)
		xa_store(&edev->user_files, uid, xa_mk_value(n - 1),
			 GFP_KERNEL);
	else
		xa_erase(&edev->user_files, uid);
	mutex_unlock(&edev->users_lock);
}

static int etna_open(struct drm_device *drm, struct drm_file *file)
{
	struct etna_dev *edev = to_etna_dev(drm);
	struct etna_file *ef;
	struct drm_gpu_scheduler *sched;
	unsigned int i;
	int idx, ret;

	/* unbind waits for an open under way, and then finds the file */
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ef = kzalloc(sizeof(*ef), GFP_KERNEL);
	if (!ef) {
		ret = -ENOMEM;
		goto err_enter;
	}
	ef->uid = from_kuid(&init_user_ns, current_uid());
	spin_lock_init(&ef->carry_lock);
	if (edev->mmu_v2) {
		ret = etna_user_get(edev, ef->uid);
		if (ret)
			goto err_file;
	}
	ef->client = etna_client_create();
	if (!ef->client) {
		ret = -ENOMEM;
		goto err_user;
	}
	ef->usage = etna_usage_create();
	if (!ef->usage) {
		ret = -ENOMEM;
		goto err_client;
	}
	ef->vm = etna_vm_create(edev);
	if (IS_ERR(ef->vm)) {
		ret = PTR_ERR(ef->vm);
		goto err_usage;
	}

	for (i = 0; i < ETNA_MAX_PIPES; i++) {
		if (!edev->cores[i])
			continue;
		sched = &edev->cores[i]->sched;
		ret = drm_sched_entity_init(&ef->entity[i],
					    DRM_SCHED_PRIORITY_NORMAL, &sched,
					    1, NULL);
		if (ret)
			goto err_entities;
	}
	file->driver_priv = ef;
	mutex_lock(&edev->files_lock);
	list_add_tail(&ef->link, &edev->files);
	mutex_unlock(&edev->files_lock);
	drm_dev_exit(idx);
	return 0;

err_entities:
	while (i--)
		if (edev->cores[i])
			drm_sched_entity_destroy(&ef->entity[i]);
	etna_vm_put(ef->vm);
err_usage:
	etna_usage_put(ef->usage);
err_client:
	etna_client_put(ef->client);
err_user:
	if (edev->mmu_v2)
		etna_user_put(edev, ef->uid);
err_file:
	kfree(ef);
err_enter:
	drm_dev_exit(idx);
	return ret;
}

/*
 * An entity about to be finalised with jobs still queued, which no
 * scheduler thread can pick or be working on any more. Linux 6.1's
 * drm_sched_entity_kill_jobs() takes a reference on the fence of the last
 * job the entity ran for each job still queued, and loses it when that
 * fence has signalled already: the fence, the job's hardware fence and
 * the file's usage would never be freed. A done job orders nothing, so
 * let the entity forget it first.
 */
static void etna_entity_forget_done(struct drm_sched_entity *entity)
{
	struct dma_fence *last = entity->last_scheduled;

	if (last && dma_fence_is_signaled(last)) {
		entity->last_scheduled = NULL;
		dma_fence_put(last);
	}
}

static void etna_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct etna_dev *edev = to_etna_dev(drm);
	struct etna_file *ef = file->driver_priv;
	struct drm_sched_entity *entity;
	unsigned int i;

	mutex_lock(&edev->files_lock);
	/* after an unbind, the entities went with the device */
	for (i = 0; i < ETNA_MAX_PIPES && !edev->detached; i++) {
		if (!edev->cores[i])
			continue;
		entity = &ef->entity[i];
		drm_sched_entity_flush(entity, MAX_WAIT_SCHED_ENTITY_Q_EMPTY);
		/*
		 * A killed process: the flush took the entity off its run
		 * queue and left its jobs queued, to be failed. Once the
		 * scheduler is done with the entity, it may forget.
		 */
		if (READ_ONCE(entity->stopped) &&
		    spsc_queue_count(&entity->job_queue)) {
			wait_for_completion(&entity->entity_idle);
			/* one count, which drm_sched_entity_fini() waits for */
			complete(&entity->entity_idle);
			etna_entity_forget_done(entity);
		}
		drm_sched_entity_fini(entity);
	}
	list_del(&ef->link);
	mutex_unlock(&edev->files_lock);
	/* the handles are closed: what is left is held by jobs and cores */
	etna_carry_release(ef);
	etna_vm_put(ef->vm);
	etna_usage_put(ef->usage);
	etna_client_put(ef->client);
	if (edev->mmu_v2)
		etna_user_put(edev, ef->uid);
	kfree(ef);
}

static int etna_fdinfo_add_size(int handle, void *ptr, void *data)
{
	struct drm_gem_object *obj = ptr;
	u64 *bytes = data;

	*bytes += obj->size;
	return 0;
}

/* The DRM usage statistics of an open file, for /proc/PID/fdinfo. */
static void etna_show_fdinfo(struct seq_file *m, struct file *f)
{
	static const char * const engine[] = {
		[ETNA_PIPE_3D] = "3d", [ETNA_PIPE_2D] = "2d",
	};
	struct drm_file *file = f->private_data;
	struct etna_dev *edev = to_etna_dev(file->minor->dev);
	struct etna_file *ef = file->driver_priv;
	struct etna_core *core;
	u32 pipes = 0, bit;
	unsigned int i;
	u64 bytes = 0;
	int idx;

	spin_lock(&file->table_lock);
	idr_for_each(&file->object_idr, etna_fdinfo_add_size, &bytes);
	spin_unlock(&file->table_lock);

	seq_printf(m, "drm-driver:\t%s\n", file->minor->dev->driver->name);
	seq_printf(m, "drm-client-id:\t%llu\n", ef->usage->id);
	/* the engines while the cores are there: unbind waits for this */
	if (drm_dev_enter(file->minor->dev, &idx)) {
		for (i = 0; i < edev->nr_cores; i++) {
			core = edev->cores[i];
			if (core && core->id.features & ETNA_FEAT_PIPE_3D)
				pipes |= BIT(ETNA_PIPE_3D);
			if (core && core->id.features & ETNA_FEAT_PIPE_2D)
				pipes |= BIT(ETNA_PIPE_2D);
		}
		for (bit = 0; bit < ARRAY_SIZE(engine); bit++)
			if (pipes & BIT(bit))
				seq_printf(m, "drm-engine-%s:\t%llu ns\n",
					   engine[bit],
					   etna_usage_busy_ns(ef->usage, edev,
							      bit));
		drm_dev_exit(idx);
	}
	seq_printf(m, "drm-memory-system:\t%llu KiB\n", bytes / SZ_1K);
}

static const struct file_operations etna_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.show_fdinfo = etna_show_fdinfo,
};

static const struct drm_driver etna_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER,
	.open = etna_open,
	.postclose = etna_postclose,
	.gem_create_object = etna_bo_create_object,
	.prime_handle_to_fd = drm_gem_prime_handle_to_fd,
	.prime_fd_to_handle = drm_gem_prime_fd_to_handle,
	.gem_prime_import_sg_table = drm_gem_shmem_prime_import_sg_table,
	.gem_prime_mmap = drm_gem_prime_mmap,
#ifdef CONFIG_DEBUG_FS
	.debugfs_init = etna_debugfs_init,
#endif
	.ioctls = etna_ioctls,
	.num_ioctls = ARRAY_SIZE(etna_ioctls),
	.fops = &etna_fops,
	.name = "etnaviv",
	.desc = "etnaviv DRM",
	.date = "20151214",
	.major = 1,
	.minor = 4,
};

/*
 * Identify every bound core. The first one the driver can drive decides
 * the MMU of the device: a core with another MMU is refused.
 */
static void etna_identify_all(struct etna_dev *edev)
{
	struct etna_core *core;
	bool first = true;
	unsigned int i;

	for (i = 0; i < edev->nr_cores; i++) {
		core = edev->cores[i];
		if (!core)
			continue;
		if (etna_hw_identify(core)) {
			etna_core_refuse(core);
			edev->cores[i] = NULL;
			continue;
		}
		if (first) {
			edev->mmu_v2 = etna_hw_has_mmu_v2(core);
			edev->sec_mode = etna_hw_has_security(core);
			first = false;
		} else if (etna_hw_has_mmu_v2(core) != edev->mmu_v2 ||
			   etna_hw_has_security(core) != edev->sec_mode) {
			dev_err(core->dev, "MMU differs from the other cores\n");
			etna_core_refuse(core);
			edev->cores[i] = NULL;
		}
	}
	if (!first)
		drm_info(&edev->drm, "%s%s\n", edev->mmu_v2 ? "MMUv2" : "MMUv1",
			 edev->sec_mode ? ", security block" : "");
}

/*
 * Stop every started core: the schedulers first, then the cores, whose
 * jobs fail with -ENODEV, and free those jobs.
 */
static void etna_cores_stop(struct etna_dev *edev)
{
	unsigned int i;

	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_sched_fini(edev->cores[i]);
	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_core_stop(edev->cores[i]);
	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_sched_reap(edev->cores[i]);
}

/* Let go of the stopped cores, once every job is freed. */
static void etna_cores_fini(struct etna_dev *edev)
{
	unsigned int i;

	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_core_fini(edev->cores[i]);
}

/*
 * Unbind with files open, the cores stopped: the files' entities go now
 * (the jobs they still queued fail with -ESRCH, from a work item: the
 * caller waits for them), and their postclose, later, leaves them alone.
 */
static void etna_files_detach(struct etna_dev *edev)
{
	struct etna_file *ef;
	unsigned int i;

	mutex_lock(&edev->files_lock);
	list_for_each_entry(ef, &edev->files, link)
		for (i = 0; i < ETNA_MAX_PIPES; i++) {
			if (!edev->cores[i])
				continue;
			etna_entity_forget_done(&ef->entity[i]);
			drm_sched_entity_fini(&ef->entity[i]);
		}
	edev->detached = true;
	mutex_unlock(&edev->files_lock);
}

/* Unbind with files open: their address spaces give back their tables. */
static void etna_files_unplug_vms(struct etna_dev *edev)
{
	struct etna_file *ef;

	mutex_lock(&edev->files_lock);
	list_for_each_entry(ef, &edev->files, link)
		etna_vm_unplug(ef->vm);
	mutex_unlock(&edev->files_lock);
	etna_vm_unplug(edev->kvm);
}

static int etna_bind(struct device *dev)
{
	struct etna_core *core;
	struct etna_dev *edev;
	unsigned int i;
	int ret;

	edev = devm_drm_dev_alloc(dev, &etna_drm_driver, struct etna_dev, drm);
	if (IS_ERR(edev))
		return PTR_ERR(edev);
	dev_set_drvdata(dev, edev);
	init_waitqueue_head(&edev->client_wq);
	mutex_init(&edev->users_lock);
	xa_init(&edev->user_files);
	mutex_init(&edev->files_lock);
	INIT_LIST_HEAD(&edev->files);
	init_waitqueue_head(&edev->jobs_wq);
	mutex_init(&edev->bos_lock);
	INIT_LIST_HEAD(&edev->bos);
	/*
	 * Buffers' pages the cores cannot address would be bounced by the
	 * DMA API, and a bounce buffer is not what the CPU mapping shows:
	 * where memory reaches past the cores' 32 bits, take them low.
	 */
	edev->shm_gfp = GFP_HIGHUSER | __GFP_RETRY_MAYFAIL | __GFP_NOWARN;
	if (dma_addressing_limited(dev))
		edev->shm_gfp = (edev->shm_gfp & ~__GFP_HIGHMEM) | GFP_DMA32;

	ret = etna_pool_init(&edev->pool, dev, ETNA_POOL_SIZE);
	if (ret)
		return ret;
	/*
	 * The FE reaches the rings and command buffers through the linear
	 * window of MMUv1: its base must put the pool within 2 GiB of it.
	 */
	edev->linear_base = edev->pool.dma >= SZ_2G ?
			    (u32)round_down(edev->pool.dma, SZ_128M) : 0;

	ret = component_bind_all(dev, edev);
	if (ret)
		goto err_pool;
	etna_identify_all(edev);
	ret = etna_mmu_init(edev);
	if (ret)
		goto err_unbind;

	for (i = 0; i < edev->nr_cores; i++) {
		core = edev->cores[i];
		if (!core)
			continue;
		/* refused: the slot stays empty */
		if (etna_core_init(core)) {
			etna_core_refuse(core);
			edev->cores[i] = NULL;
		} else if (etna_sched_init(core)) {
			etna_core_stop(core);
			etna_core_fini(core);
			edev->cores[i] = NULL;
		}
	}

	ret = drm_dev_register(&edev->drm, 0);
	if (ret)
		goto err_cores;
	return 0;

err_cores:
	etna_cores_stop(edev);
	etna_cores_fini(edev);
	etna_mmu_fini(edev);
err_unbind:
	component_unbind_all(dev, edev);
err_pool:
	etna_pool_fini(&edev->pool, dev);
	return ret;
}

/*
 * Unbind, maybe with files open: the device is unplugged (every ioctl on
 * them fails with -ENODEV), the jobs fail, the buffers and the address
 * spaces let go of the hardware and of every DMA mapping. The files'
 * buffers keep their pages, and the device its memory until they close.
 */
static void etna_unbind(struct device *dev)
{
	struct etna_dev *edev = dev_get_drvdata(dev);
	unsigned int i;

	drm_dev_unplug(&edev->drm);
	/*
	 * The cores first: the jobs queued behind theirs wait for them (as
	 * their dependencies) before they are cancelled.
	 */
	etna_cores_stop(edev);
	etna_files_detach(edev);
	wait_event(edev->jobs_wq, !atomic_read(&edev->nr_jobs));
	etna_cores_fini(edev);
	etna_bos_unplug(edev);
	etna_files_unplug_vms(edev);
	etna_mmu_fini(edev);
	component_unbind_all(dev, edev);
	for (i = 0; i < ETNA_MAX_PIPES; i++)
		WRITE_ONCE(edev->cores[i], NULL);
	etna_pool_fini(&edev->pool, dev);
}

static const struct component_master_ops etna_master_ops = {
	.bind = etna_bind,
	.unbind = etna_unbind,
};

static struct device_node *etna_legacy_master(void)
{
	struct device_node *np;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(etna_legacy_masters); i++) {
		np = of_find_compatible_node(NULL, NULL,
					     etna_legacy_masters[i]);
		if (np && of_device_is_available(np))
			return np;
		of_node_put(np);
	}
	return NULL;
}

static int etna_master_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct component_match *match = NULL;
	struct device_node *master, *np;
	int i, ret;

	master = etna_legacy_master();
	if (master) {
		for (i = 0; (np = of_parse_phandle(master, "cores", i)); i++) {
			if (of_device_is_available(np))
				drm_of_component_match_add(dev, &match,
							   component_compare_of,
							   np);
			of_node_put(np);
		}
		of_node_put(master);
	} else {
		for_each_compatible_node(np, NULL, "vivante,gc")
			if (of_device_is_available(np))
				drm_of_component_match_add(dev, &match,
							   component_compare_of,
							   np);
	}
	if (!match)
		return -ENODEV;

	/*
	 * The cores' page tables and rings must be reachable with 32-bit
	 * addresses; the virtual device inherits the cores' DMA setup.
	 */
	np = of_find_compatible_node(NULL, NULL, "vivante,gc");
	ret = of_dma_configure(dev, np, true);
	of_node_put(np);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	/*
	 * The GPU MMU maps page by page, so a buffer's scatterlist may hold
	 * segments of any length; without this the DMA API caps them at
	 * 64 KiB (and DMA debugging warns about longer ones).
	 */
	ret = dma_set_max_seg_size(dev, UINT_MAX);
	if (ret)
		return ret;

	return component_master_add_with_match(dev, &etna_master_ops, match);
}

static int etna_master_remove(struct platform_device *pdev)
{
	component_master_del(&pdev->dev, &etna_master_ops);
	return 0;
}

static struct platform_driver etna_master_driver = {
	.probe = etna_master_probe,
	.remove = etna_master_remove,
	.driver = {
		.name = "etnaviv",
	},
};

static struct platform_device *etna_master_pdev;

static int __init etna_init(void)
{
	struct device_node *np;
	bool found = false;
	int ret;

	ret = platform_driver_register(&etna_core_driver);
	if (ret)
		return ret;
	ret = platform_driver_register(&etna_master_driver);
	if (ret)
		goto err_core;

	for_each_compatible_node(np, NULL, "vivante,gc") {
		if (of_device_is_available(np)) {
			found = true;
			of_node_put(np);
			break;
		}
	}
	if (!found)
		return 0;	/* no GPU on this board: stay loaded, idle */

	etna_master_pdev =
		platform_device_register_simple("etnaviv", PLATFORM_DEVID_NONE,
						NULL, 0);
	if (IS_ERR(etna_master_pdev)) {
		ret = PTR_ERR(etna_master_pdev);
		goto err_master;
	}
	return 0;

err_master:
	platform_driver_unregister(&etna_master_driver);
err_core:
	platform_driver_unregister(&etna_core_driver);
	return ret;
}
module_init(etna_init);

static void __exit etna_exit(void)
{
	platform_device_unregister(etna_master_pdev);
	platform_driver_unregister(&etna_master_driver);
	platform_driver_unregister(&etna_core_driver);
}
module_exit(etna_exit);

MODULE_DESCRIPTION("DRM driver for Vivante GC GPU cores");
MODULE_LICENSE("GPL");
MODULE_ALIAS("platform:etnaviv");
