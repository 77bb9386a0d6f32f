// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's UML shell: /sys/kernel/debug/vgc-model/<core>/: the core's
 * statistics ("stats", the counters of struct vgc_stats, with issue 30's
 * oracle "escapes"), its stretches of work ("jobs", for make bench), the
 * FE thread's figures, and the test knobs (freeze, inject_bus_error,
 * clock_khz).
 */
#include <linux/debugfs.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/seq_file.h>

#include "vgc_uml.h"

static struct dentry *vgc_debugfs;

static int vgc_stats_show(struct seq_file *m, void *unused)
{
	struct vgc_dev *vd = m->private;
	struct vgc_stats s;
	unsigned long flags;
	u32 fscale, speed;
	int fe, powered;

	spin_lock_irqsave(&vd->lock, flags);
	s = vd->core->stats;
	fe = vgc_fe_get_state(vd->core);
	fscale = vgc_get_fscale(vd->core);
	speed = vgc_speed64(vd->core);
	powered = vgc_powered(vd->core);
	spin_unlock_irqrestore(&vd->lock, flags);

	seq_printf(m, "core: %s\n", vgc_get_ident(vd->core)->name);
	seq_printf(m, "fe: %s\n", fe == VGC_FE_RUNNING ? "running" :
		   fe == VGC_FE_HUNG ? "hung" : "idle");
	seq_printf(m, "commands: %llu\nwaits: %llu\nevents: %llu\n",
		   s.commands, s.waits, s.events);
	seq_printf(m, "draws: %llu\nflushes: %llu\nresets: %llu\n",
		   s.draws, s.flushes, s.resets);
	seq_printf(m, "mmu_faults: %llu\nbus_errors: %llu\n",
		   s.mmu_faults, s.bus_errors);
	seq_printf(m, "bad_commands: %llu\nbad_reg_reads: %llu\n",
		   s.bad_commands, s.bad_reg_reads);
	seq_printf(m, "escapes: %llu\n", s.escapes);
	seq_printf(m, "busy_ns: %llu\n", s.busy_ns);
	seq_printf(m, "tlb_flushes: %llu\n", s.tlb_flushes);
	seq_printf(m, "de_ops: %llu\nde_pixels: %llu\n", s.de_ops,
		   s.de_pixels);
	seq_printf(m, "de_unsupported: %llu\nde_bad_pipe: %llu\n",
		   s.de_unsupported, s.de_bad_pipe);
	seq_printf(m, "de_flushes: %llu\n", s.de_flushes);
	seq_printf(m, "rs_ops: %llu\nrs_pixels: %llu\n", s.rs_ops,
		   s.rs_pixels);
	seq_printf(m, "rs_unsupported: %llu\nrs_aborted: %llu\n",
		   s.rs_unsupported, s.rs_aborted);
	seq_printf(m, "rs_ts_cleared: %llu\nts_flushes: %llu\n",
		   s.rs_ts_cleared, s.ts_flushes);
	seq_printf(m, "ts_stale_reads: %llu\n", s.ts_stale_reads);
	seq_printf(m, "blt_ops: %llu\nblt_pixels: %llu\n", s.blt_ops,
		   s.blt_pixels);
	seq_printf(m, "blt_unsupported: %llu\nblt_disabled: %llu\n",
		   s.blt_unsupported, s.blt_disabled);
	seq_printf(m, "blt_aborted: %llu\nblt_ts_cleared: %llu\n",
		   s.blt_aborted, s.blt_ts_cleared);
	seq_printf(m, "blt_ts_compressed: %llu\nblt_unsynced: %llu\n",
		   s.blt_ts_compressed, s.blt_unsynced);
	seq_printf(m, "blt_unflushed: %llu\n", s.blt_unflushed);
	seq_printf(m, "tx_samples: %llu\ntx_faults: %llu\n",
		   s.tx_samples, s.tx_faults);
	seq_printf(m, "tx_unsupported: %llu\ntx_gating_corrupt: %llu\n",
		   s.tx_unsupported, s.tx_gating_corrupt);
	seq_printf(m, "tx_desc_reads: %llu\ntx_desc_stale: %llu\n",
		   s.tx_desc_reads, s.tx_desc_stale);
	seq_printf(m, "tx_ts_cleared: %llu\n", s.tx_ts_cleared);
	seq_printf(m, "draws_3d: %llu\nvertices_3d: %llu\n", s.draws_3d,
		   s.vertices_3d);
	seq_printf(m, "primitives_3d: %llu\ntriangles_3d: %llu\n",
		   s.primitives_3d, s.triangles_3d);
	seq_printf(m, "pixels_shaded: %llu\npixels_written: %llu\n",
		   s.pixels_shaded, s.pixels_written);
	seq_printf(m, "draws_cut_short: %llu\ndraws_unsupported: %llu\n",
		   s.draws_cut_short, s.draws_unsupported);
	seq_printf(m, "ts_blocks_filled: %llu\nunflushed_events: %llu\n",
		   s.ts_blocks_filled, s.unflushed_events);
	seq_printf(m, "access_while_off: %llu\npower_offs: %llu\n",
		   s.access_while_off, s.power_offs);
	seq_printf(m, "power_ons: %llu\n", s.power_ons);
	seq_printf(m, "cycles: %llu\nbusy_ticks: %llu\n", s.cycles,
		   s.busy_ticks);
	seq_printf(m, "fscale: %u\npowered: %d\n", fscale, powered);
	seq_printf(m, "speed64: %u\n", speed);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vgc_stats);

/*
 * "jobs": the last stretches of work, one a line, oldest first: when the
 * FE thread started the run of commands that first did work after an
 * interrupt, when it delivered the next interrupt, and the core's busy time
 * in between (ns). Writing anything empties the list.
 */
static int vgc_jobs_show(struct seq_file *m, void *unused)
{
	struct vgc_dev *vd = m->private;
	u64 (*copy)[3], jobs, i, n;
	unsigned long flags;

	copy = kvmalloc_array(VGC_JOBS_RING, sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	spin_lock_irqsave(&vd->lock, flags);
	memcpy(copy, vd->job, sizeof(vd->job));
	jobs = vd->jobs;
	spin_unlock_irqrestore(&vd->lock, flags);
	n = min_t(u64, jobs, VGC_JOBS_RING);
	seq_printf(m, "# stretches %llu; the last %llu: start_ns irq_ns busy_ns\n",
		   jobs, n);
	for (i = jobs - n; i < jobs; i++) {
		u64 *j = copy[i % VGC_JOBS_RING];

		seq_printf(m, "%llu %llu %llu\n", j[0], j[1], j[2]);
	}
	kvfree(copy);
	return 0;
}

static int vgc_jobs_open(struct inode *inode, struct file *file)
{
	return single_open(file, vgc_jobs_show, inode->i_private);
}

static ssize_t vgc_jobs_write(struct file *file, const char __user *buf,
			      size_t len, loff_t *ppos)
{
	struct vgc_dev *vd = file_inode(file)->i_private;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	vd->jobs = 0;
	spin_unlock_irqrestore(&vd->lock, flags);
	return len;
}

static const struct file_operations vgc_jobs_fops = {
	.owner = THIS_MODULE,
	.open = vgc_jobs_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = vgc_jobs_write,
};

static int vgc_freeze_get(void *data, u64 *val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	*val = vgc_get_freeze(vd->core);
	spin_unlock_irqrestore(&vd->lock, flags);
	return 0;
}

static int vgc_freeze_set(void *data, u64 val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	vgc_set_freeze(vd->core, val);
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(vgc_freeze_fops, vgc_freeze_get, vgc_freeze_set,
			 "%llu\n");

static int vgc_inject_get(void *data, u64 *val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	*val = vgc_get_inject_bus_error(vd->core);
	spin_unlock_irqrestore(&vd->lock, flags);
	return 0;
}

static int vgc_inject_set(void *data, u64 val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	vgc_set_inject_bus_error(vd->core, val);
	spin_unlock_irqrestore(&vd->lock, flags);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(vgc_inject_fops, vgc_inject_get, vgc_inject_set,
			 "%llu\n");

static int vgc_clock_get(void *data, u64 *val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	*val = vgc_get_clock_khz(vd->core);
	spin_unlock_irqrestore(&vd->lock, flags);
	return 0;
}

static int vgc_clock_set(void *data, u64 val)
{
	struct vgc_dev *vd = data;
	unsigned long flags;

	if (!val || val > VGC_CLOCK_KHZ_DEFAULT)
		return -EINVAL;
	spin_lock_irqsave(&vd->lock, flags);
	vgc_set_clock_khz(vd->core, val);
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(vgc_clock_fops, vgc_clock_get, vgc_clock_set,
			 "%llu\n");

void vgc_debugfs_init(void)
{
	vgc_debugfs = debugfs_create_dir("vgc-model", NULL);
}

void vgc_debugfs_add(struct vgc_dev *vd)
{
	struct dentry *dir = debugfs_create_dir(vd->name, vgc_debugfs);

	debugfs_create_file("stats", 0444, dir, vd, &vgc_stats_fops);
	debugfs_create_file("jobs", 0644, dir, vd, &vgc_jobs_fops);
	debugfs_create_u64("link_gap_ns", 0644, dir, &vd->link_gap_ns);
	debugfs_create_u64("fe_boosts", 0444, dir, &vd->boosts);
	debugfs_create_u64("reset_ns", 0444, dir, &vd->reset_ns);
	debugfs_create_file_unsafe("freeze", 0644, dir, vd, &vgc_freeze_fops);
	debugfs_create_file_unsafe("inject_bus_error", 0644, dir, vd,
				   &vgc_inject_fops);
	debugfs_create_file_unsafe("clock_khz", 0644, dir, vd,
				   &vgc_clock_fops);
}
