// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's UML shell: what a modelled core reaches and is reached by.
 * The register window (logic_iomem) around the cores' register blocks,
 * so that ioremap()+readl()/writel() of a GPU reach the model; the
 * memory the model's DMA reaches (the kernel's own RAM); the interrupt
 * the FE thread delivers through the irq_sim domain, and the stretches of
 * work it closes (debugfs "jobs").
 */
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/logic_iomem.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "vgc_uml.h"

#define VGC_GUARD	SZ_64K	/* the window extends this far around */

static int vgc_mem_access(phys_addr_t pa, size_t len)
{
	if (!len || pa + len < pa)
		return -EFAULT;
	if (!pfn_valid(PHYS_PFN(pa)) || !pfn_valid(PHYS_PFN(pa + len - 1)))
		return -EFAULT;
	return 0;
}

static int vgc_mem_read(void *ctx, u64 pa, void *buf, size_t len)
{
	if (vgc_mem_access(pa, len))
		return -EFAULT;
	memcpy(buf, phys_to_virt(pa), len);
	return 0;
}

static int vgc_mem_write(void *ctx, u64 pa, const void *buf, size_t len)
{
	if (vgc_mem_access(pa, len))
		return -EFAULT;
	memcpy(phys_to_virt(pa), buf, len);
	return 0;
}

/* Memory the model may read and write in place: the kernel's own RAM. */
static void *vgc_mem_map(void *ctx, u64 pa, size_t len)
{
	if (vgc_mem_access(pa, len))
		return NULL;
	return phys_to_virt(pa);
}

static u64 vgc_now_ns(void *ctx)
{
	return ktime_get_ns();
}

const struct vgc_host_ops vgc_host_ops = {
	.mem_read = vgc_mem_read,
	.mem_write = vgc_mem_write,
	.now_ns = vgc_now_ns,
	.mem_map = vgc_mem_map,
};

static unsigned long vgc_io_read(void *priv, unsigned int offset, int size)
{
	struct vgc_dev *vd = priv;
	unsigned long flags;
	bool kick = false;
	u32 v;

	if (size != 4)
		return 0;	/* the AHB slave answers 32-bit accesses only */
	spin_lock_irqsave(&vd->lock, flags);
	/*
	 * A driver may spin on the idle register without sleeping (Linux
	 * 6.1's etnaviv_gpu_wait_idle does). UML has one CPU and no kernel
	 * preemption, so the FE thread would never run during the spin: the
	 * FE advances here instead. Interrupts it latches are left to the
	 * thread, since the reader may hold locks its handler takes.
	 */
	if (offset == VGC_IDLE_STATE && vgc_fe_active(vd->core))
		kick = vgc_fe_run(vd->core, VGC_RUN_BUDGET) != VGC_RUN_IDLE ||
		       vgc_irq_edge(vd->core);
	v = vgc_read(vd->core, offset);
	spin_unlock_irqrestore(&vd->lock, flags);
	if (kick)
		vgc_kick(vd);
	return v;
}

static void vgc_io_write(void *priv, unsigned int offset, int size,
			 unsigned long val)
{
	struct vgc_dev *vd = priv;
	unsigned long flags;
	u64 resets;

	if (size != 4)
		return;
	spin_lock_irqsave(&vd->lock, flags);
	resets = vd->core->stats.resets;
	vgc_write(vd->core, offset, val);
	if (vd->core->stats.resets != resets)
		vd->reset_ns = ktime_get_ns();
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
}

static const struct logic_iomem_ops vgc_io_ops = {
	.read = vgc_io_read,
	.write = vgc_io_write,
};

static long vgc_io_map(unsigned long offset, size_t size,
		       const struct logic_iomem_ops **ops, void **priv);

static const struct logic_iomem_region_ops vgc_region_ops = {
	.map = vgc_io_map,
};

/*
 * The register window of the (single) model instance: map() is not told
 * which region it serves, so there can be only one.
 */
static struct resource *vgc_window;

static long vgc_io_map(unsigned long offset, size_t size,
		       const struct logic_iomem_ops **ops, void **priv)
{
	phys_addr_t pa = vgc_window->start + offset;
	unsigned int i;

	for (i = 0; i < vgc_nr_devs; i++) {
		struct vgc_dev *vd = vgc_devs[i];

		if (pa < vd->base || pa + size > vd->base + vd->size)
			continue;
		*ops = &vgc_io_ops;
		*priv = vd;
		return pa - vd->base;
	}
	return -ENODEV;
}

bool vgc_io_has_window(void)
{
	return vgc_window;
}

int vgc_io_add_window(struct device *dev, phys_addr_t lo, phys_addr_t hi)
{
	struct resource *win;
	int ret;

	/* The window outlives the device: logic_iomem keeps it forever. */
	win = kzalloc(sizeof(*win), GFP_KERNEL);
	if (!win)
		return -ENOMEM;
	win->name = "vgc-model";
	win->start = round_down(lo, VGC_GUARD) - VGC_GUARD;
	win->end = round_up(hi + 1, VGC_GUARD) + VGC_GUARD - 1;
	win->flags = IORESOURCE_MEM;
	ret = logic_iomem_add_region(win, &vgc_region_ops);
	if (ret) {
		dev_err(dev, "cannot claim %pR\n", win);
		kfree(win);
		return ret;
	}
	vgc_window = win;
	return 0;
}

/*
 * Close the stretch of work that ends in the interrupt being delivered now
 * (an interrupt without work since the last one counts as a stretch of no
 * time).
 */
static void vgc_record_job(struct vgc_dev *vd)
{
	u64 now = ktime_get_ns(), *j;

	lockdep_assert_held(&vd->lock);
	j = vd->job[vd->jobs++ % VGC_JOBS_RING];
	j[0] = vd->work_start ? vd->work_start : now;
	j[1] = now;
	j[2] = vd->work_start ? vd->core->stats.busy_ns - vd->work_busy : 0;
	vd->work_start = 0;
}

void vgc_deliver_irq(struct vgc_dev *vd)
{
	unsigned long flags;
	bool fire;
	int virq;

	spin_lock_irqsave(&vd->lock, flags);
	fire = vgc_irq_take_edge(vd->core) && vgc_irq_line(vd->core);
	if (fire)
		vgc_record_job(vd);
	spin_unlock_irqrestore(&vd->lock, flags);
	if (!fire)
		return;
	virq = irq_find_mapping(vd->domain, vd->hwirq);
	if (virq)
		generic_handle_irq_safe(virq);
}
