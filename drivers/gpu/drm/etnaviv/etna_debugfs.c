// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv: debugfs files of the DRM device (dri/N/): gpu (identity and
 * live registers of every core), mm (GPU address space and command pool
 * allocations), ring (the words of every core's ring).
 */
#include <linux/seq_file.h>
#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "etna_drv.h"
#include "etna_debugfs.h"

static struct etna_dev *node_dev(struct seq_file *m)
{
	struct drm_info_node *node = m->private;

	return to_etna_dev(node->minor->dev);
}

static int etna_debugfs_gpu(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	unsigned int i;

	for (i = 0; i < edev->nr_cores; i++)
		if (edev->cores[i])
			etna_core_debugfs(edev->cores[i], m);
	return 0;
}

static int etna_debugfs_mm(struct seq_file *m, void *unused)
{
	struct etna_dev *edev = node_dev(m);
	struct drm_printer p = drm_seq_file_printer(m);

	seq_puts(m, "GPU address space (MMUv1):\n");
	mutex_lock(&edev->vm.lock);
	drm_mm_print(&edev->vm.mm, &p);
	mutex_unlock(&edev->vm.lock);
	seq_puts(m, "command buffer pool:\n");
	mutex_lock(&edev->pool.lock);
	drm_mm_print(&edev->pool.mm, &p);
	mutex_unlock(&edev->pool.lock);
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
	{ "mm", etna_debugfs_mm },
	{ "ring", etna_debugfs_ring },
};

void etna_debugfs_init(struct drm_minor *minor)
{
	drm_debugfs_create_files(etna_debugfs_list,
				 ARRAY_SIZE(etna_debugfs_list),
				 minor->debugfs_root, minor);
}
