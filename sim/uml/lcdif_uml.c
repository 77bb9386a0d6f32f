// SPDX-License-Identifier: GPL-2.0-only
/*
 * UML shell of the i.MX eLCDIF display controller model (sim/lcdif.h).
 *
 * The DT node "etnaviv-sim,lcdif-model" holds a board's display
 * controllers as children, with the compatible strings of the SoC's own
 * device tree ("fsl,imx6sx-lcdif", "fsl,imx28-lcdif"). Probing it
 *  - registers a logic_iomem window around the children's register
 *    blocks, so that ioremap()+readl()/writel() reach the model;
 *  - creates an irq_sim domain that the children name as interrupt parent;
 *  - provides each controller's clocks ("#clock-cells = <2>": the child's
 *    index, then 0 pix, 1 axi, 2 disp_axi); the pix clock takes the rate
 *    the driver asks for and paces the frames;
 *  - starts one thread per controller that runs its timeline: it sleeps
 *    until the model's next event and delivers its interrupt;
 *  - populates the children, which Linux's mxsfb driver then binds.
 * Everything else is the portable core's; sim/doc/lcdif.md describes it
 * and the debugfs files under /sys/kernel/debug/lcdif-model/.
 *
 * logic_iomem cannot unregister a window: the model cannot be unbound or
 * unloaded (no exit function, no sysfs unbinding), as the GPU model.
 */
#include <linux/clk-provider.h>
#include <linux/debugfs.h>
#include <linux/irq.h>
#include <linux/irq_sim.h>
#include <linux/irqdomain.h>
#include <linux/kthread.h>
#include <linux/logic_iomem.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#include "../lcdif.h"

#define LCDIF_MAX_DEVS		2
#define LCDIF_NR_IRQS		64
#define LCDIF_GUARD		SZ_64K	/* the window extends this far around */
#define LCDIF_NR_CLKS		3	/* pix, axi, disp_axi: the 2nd cell */
/* the largest frame the shell keeps buffers for */
#define LCDIF_SHELL_PIXELS	(1280 * 800)
/*
 * An unchanged buffer is read again every 8 frames (7.5 times a second at
 * 60 Hz), a flipped one at once (lcdif_set_scan_every()): reading 1.5 MB
 * at every frame cost the one CPU a board has a tenth of its time.
 */
#define LCDIF_SCAN_EVERY	8

struct lcdif_dev;

/**
 * struct lcdif_clk - one of a controller's clocks
 * @hw: the clock framework's handle
 * @ld: its controller
 * @kind: 0 pix, 1 axi, 2 disp_axi
 * @on: enabled; protected by @ld->lock
 * @rate: its rate; protected by @ld->lock
 */
struct lcdif_clk {
	struct clk_hw hw;
	struct lcdif_dev *ld;
	unsigned int kind;
	bool on;
	unsigned long rate;
};

/**
 * struct lcdif_dev - one modelled controller in the UML kernel
 * @core: the portable model; every access holds @lock
 * @lock: serialises @core and the clocks' state between MMIO callers
 *	(any context), the clock framework and @thread; taken with
 *	interrupts disabled
 * @thread: runs the timeline and delivers the interrupt
 * @wq: @thread sleeps here until the next event or a @kick
 * @kick: set by what may change the next event (MMIO, clocks, capture)
 * @domain: the irq_sim domain of the model instance
 * @hwirq: the controller's interrupt number in @domain
 * @base: physical address of the register block
 * @size: its size
 * @name: debugfs and thread name
 * @clk: its clocks
 * @src: the core's copy of the last frame read; @out: the panel's image;
 *	@cap: the captured frame (lcdif_init())
 */
struct lcdif_dev {
	struct lcdif *core;
	spinlock_t lock;	/* serialises core and clk[] */
	struct task_struct *thread;
	wait_queue_head_t wq;
	atomic_t kick;
	struct irq_domain *domain;
	u32 hwirq;
	phys_addr_t base;
	resource_size_t size;
	char name[32];
	struct lcdif_clk clk[LCDIF_NR_CLKS];
	u8 *src, *out, *cap;
};

static const char * const lcdif_clk_names[LCDIF_NR_CLKS] = {
	"pix", "axi", "disp_axi",
};

/* Every controller: logic_iomem's map() and the clock lookup have no context. */
static struct lcdif_dev *lcdif_devs[LCDIF_MAX_DEVS];
static unsigned int lcdif_nr_devs;
static struct dentry *lcdif_debugfs;

static int lcdif_mem_read(void *ctx, u64 pa, void *buf, size_t len)
{
	if (!len || pa + len < pa || !pfn_valid(PHYS_PFN(pa)) ||
	    !pfn_valid(PHYS_PFN(pa + len - 1)))
		return -EFAULT;
	memcpy(buf, phys_to_virt(pa), len);
	return 0;
}

static u64 lcdif_now_ns(void *ctx)
{
	return ktime_get_ns();
}

static const struct lcdif_host_ops lcdif_host_ops = {
	.mem_read = lcdif_mem_read,
	.now_ns = lcdif_now_ns,
};

static void lcdif_kick(struct lcdif_dev *ld)
{
	atomic_set(&ld->kick, 1);
	wake_up(&ld->wq);
}

/* ---- registers ------------------------------------------------------- */

static unsigned long lcdif_io_read(void *priv, unsigned int offset, int size)
{
	struct lcdif_dev *ld = priv;
	unsigned long flags;
	bool edge;
	u32 v;

	if (size != 4)
		return 0;	/* the APB slave answers 32-bit accesses only */
	spin_lock_irqsave(&ld->lock, flags);
	v = lcdif_read(ld->core, offset);
	edge = ld->core->edge;
	spin_unlock_irqrestore(&ld->lock, flags);
	if (edge)
		lcdif_kick(ld);
	return v;
}

static void lcdif_io_write(void *priv, unsigned int offset, int size,
			   unsigned long val)
{
	struct lcdif_dev *ld = priv;
	unsigned long flags;

	if (size != 4)
		return;
	spin_lock_irqsave(&ld->lock, flags);
	lcdif_write(ld->core, offset, val);
	spin_unlock_irqrestore(&ld->lock, flags);
	lcdif_kick(ld);
}

static const struct logic_iomem_ops lcdif_io_ops = {
	.read = lcdif_io_read,
	.write = lcdif_io_write,
};

/* The register window of the (single) model instance, as the GPU model's. */
static struct resource *lcdif_window;

static long lcdif_io_map(unsigned long offset, size_t size,
			 const struct logic_iomem_ops **ops, void **priv)
{
	phys_addr_t pa = lcdif_window->start + offset;
	unsigned int i;

	for (i = 0; i < lcdif_nr_devs; i++) {
		struct lcdif_dev *ld = lcdif_devs[i];

		if (pa < ld->base || pa + size > ld->base + ld->size)
			continue;
		*ops = &lcdif_io_ops;
		*priv = ld;
		return pa - ld->base;
	}
	return -ENODEV;
}

static const struct logic_iomem_region_ops lcdif_region_ops = {
	.map = lcdif_io_map,
};

/* ---- the timeline ----------------------------------------------------- */

static bool lcdif_kicked(struct lcdif_dev *ld)
{
	return atomic_read(&ld->kick) || kthread_should_stop();
}

/*
 * The controller's thread: brings the model up to now, delivers the
 * interrupt when its line rose, and sleeps until the next event (a
 * frame's end, or its start while the vsync interrupt is enabled) or a
 * kick. Real-time, as the GPU model's FE thread when it sleeps: a frame
 * ends on time whatever the load (a late one is counted, frames_late).
 */
static int lcdif_thread(void *data)
{
	struct lcdif_dev *ld = data;
	unsigned long flags;
	u64 next, now;
	bool fire;
	int virq;

	sched_set_fifo_low(current);
	while (!kthread_should_stop()) {
		atomic_set(&ld->kick, 0);
		spin_lock_irqsave(&ld->lock, flags);
		next = lcdif_advance(ld->core);
		fire = lcdif_irq_take_edge(ld->core);
		spin_unlock_irqrestore(&ld->lock, flags);
		if (fire) {
			virq = irq_find_mapping(ld->domain, ld->hwirq);
			if (virq)
				generic_handle_irq_safe(virq);
		}
		now = ktime_get_ns();
		if (!next)
			wait_event_interruptible(ld->wq, lcdif_kicked(ld));
		else if (next > now)
			wait_event_interruptible_hrtimeout(ld->wq,
							   lcdif_kicked(ld),
							   ns_to_ktime(next - now));
	}
	return 0;
}

/* ---- clocks ----------------------------------------------------------- */

/* The pixel clock paces the frames while it is on. */
static void lcdif_clk_update(struct lcdif_clk *c)
{
	struct lcdif_dev *ld = c->ld;

	lockdep_assert_held(&ld->lock);
	if (c->kind == 0)
		lcdif_set_pixel_clock(ld->core, c->on ? c->rate : 0);
}

static void lcdif_clk_set(struct clk_hw *hw, bool on)
{
	struct lcdif_clk *c = container_of(hw, struct lcdif_clk, hw);
	unsigned long flags;

	spin_lock_irqsave(&c->ld->lock, flags);
	c->on = on;
	lcdif_clk_update(c);
	spin_unlock_irqrestore(&c->ld->lock, flags);
	lcdif_kick(c->ld);
}

static int lcdif_clk_enable(struct clk_hw *hw)
{
	lcdif_clk_set(hw, true);
	return 0;
}

static void lcdif_clk_disable(struct clk_hw *hw)
{
	lcdif_clk_set(hw, false);
}

static int lcdif_clk_is_enabled(struct clk_hw *hw)
{
	return container_of(hw, struct lcdif_clk, hw)->on;
}

static unsigned long lcdif_clk_recalc_rate(struct clk_hw *hw,
					   unsigned long parent_rate)
{
	return container_of(hw, struct lcdif_clk, hw)->rate;
}

/* Any rate: the SoC's video PLL and dividers are not modelled. */
static long lcdif_clk_round_rate(struct clk_hw *hw, unsigned long rate,
				 unsigned long *parent_rate)
{
	return rate;
}

static int lcdif_clk_set_rate(struct clk_hw *hw, unsigned long rate,
			      unsigned long parent_rate)
{
	struct lcdif_clk *c = container_of(hw, struct lcdif_clk, hw);
	unsigned long flags;

	spin_lock_irqsave(&c->ld->lock, flags);
	c->rate = rate;
	lcdif_clk_update(c);
	spin_unlock_irqrestore(&c->ld->lock, flags);
	lcdif_kick(c->ld);
	return 0;
}

static const struct clk_ops lcdif_clk_ops = {
	.enable = lcdif_clk_enable,
	.disable = lcdif_clk_disable,
	.is_enabled = lcdif_clk_is_enabled,
	.recalc_rate = lcdif_clk_recalc_rate,
	.round_rate = lcdif_clk_round_rate,
	.set_rate = lcdif_clk_set_rate,
};

static struct clk_hw *lcdif_clk_xlate(struct of_phandle_args *args, void *data)
{
	if (args->args_count != 2 || args->args[0] >= lcdif_nr_devs ||
	    args->args[1] >= LCDIF_NR_CLKS)
		return ERR_PTR(-EINVAL);
	return &lcdif_devs[args->args[0]]->clk[args->args[1]].hw;
}

/*
 * The clocks' rates at power-on: the i.MX6SoloX SABRE board's panel
 * clock (33.5 MHz) until the driver sets one, its display AXI clocks
 * (not used by the model).
 */
static const unsigned long lcdif_clk_rates[LCDIF_NR_CLKS] = {
	33500000, 198000000, 200000000,
};

static void lcdif_del_clks(struct lcdif_dev *ld, unsigned int n)
{
	while (n--)
		clk_hw_unregister(&ld->clk[n].hw);
}

static int lcdif_add_clks(struct device *dev, struct lcdif_dev *ld)
{
	struct clk_init_data init = { };
	unsigned int i;
	char *name;
	int ret;

	for (i = 0; i < LCDIF_NR_CLKS; i++) {
		name = kasprintf(GFP_KERNEL, "%s-%s", ld->name,
				 lcdif_clk_names[i]);
		if (!name) {
			ret = -ENOMEM;
			goto err_clks;
		}
		init.name = name;
		init.ops = &lcdif_clk_ops;
		ld->clk[i].ld = ld;
		ld->clk[i].kind = i;
		ld->clk[i].rate = lcdif_clk_rates[i];
		ld->clk[i].hw.init = &init;
		ret = clk_hw_register(dev, &ld->clk[i].hw);
		kfree(name);	/* the clock framework keeps a copy */
		if (ret)
			goto err_clks;
	}
	return 0;

err_clks:
	lcdif_del_clks(ld, i);
	return ret;
}

/* ---- debugfs ---------------------------------------------------------- */

static int lcdif_stats_show(struct seq_file *m, void *unused)
{
	struct lcdif_dev *ld = m->private;
	struct lcdif_stats s;
	unsigned long flags;
	u32 ctrl, ctrl1, cur, next, crc, flips_run;
	u64 pix;
	bool running;

	spin_lock_irqsave(&ld->lock, flags);
	lcdif_advance(ld->core);
	s = ld->core->stats;
	ctrl = ld->core->ctrl;
	ctrl1 = ld->core->ctrl1;
	cur = ld->core->cur_buf;
	next = ld->core->next_buf;
	crc = ld->core->out_crc;
	pix = ld->core->pix_hz;
	running = ld->core->running;
	flips_run = ld->core->flips;
	spin_unlock_irqrestore(&ld->lock, flags);

	seq_printf(m, "running: %d\npix_hz: %llu\n", running, pix);
	seq_printf(m, "ctrl: 0x%08x\nctrl1: 0x%08x\n", ctrl, ctrl1);
	seq_printf(m, "cur_buf: 0x%08x\nnext_buf: 0x%08x\n", cur, next);
	seq_printf(m, "crc: 0x%08x\n", crc);
	seq_printf(m, "frames: %llu\nframes_late: %llu\nframes_cut: %llu\n",
		   s.frames, s.frames_late, s.frames_cut);
	seq_printf(m, "frames_changed: %llu\nframes_repeated: %llu\n",
		   s.frames_changed, s.frames_repeated);
	seq_printf(m, "irqs: %llu\nflips: %llu\n", s.irqs, s.flips);
	seq_printf(m, "flips_run: %u\n", flips_run);
	seq_printf(m, "dma_errors: %llu\nunsupported: %llu\n", s.dma_errors,
		   s.unsupported);
	seq_printf(m, "bad_timing: %llu\nbad_regs: %llu\nresets: %llu\n",
		   s.bad_timing, s.bad_regs, s.resets);
	seq_printf(m, "as_frames: %llu\n", s.as_frames);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(lcdif_stats);

/* "frames": the ring, oldest first: seq end_ns buf crc flips WxH. */
static int lcdif_frames_show(struct seq_file *m, void *unused)
{
	struct lcdif_dev *ld = m->private;
	struct lcdif_frame *ring;
	unsigned long flags;
	u64 seq, i, n;

	ring = kmalloc_array(LCDIF_RING, sizeof(*ring), GFP_KERNEL);
	if (!ring)
		return -ENOMEM;
	spin_lock_irqsave(&ld->lock, flags);
	lcdif_advance(ld->core);
	memcpy(ring, ld->core->ring, sizeof(ld->core->ring));
	seq = ld->core->seq;
	spin_unlock_irqrestore(&ld->lock, flags);
	n = min_t(u64, seq, LCDIF_RING);
	for (i = seq - n + 1; i <= seq; i++) {
		struct lcdif_frame *f = &ring[i % LCDIF_RING];

		seq_printf(m, "%llu %llu 0x%08x 0x%08x %u %ux%u\n", f->seq,
			   f->end_ns, f->buf, f->crc, f->flips, f->width,
			   f->height);
	}
	kfree(ring);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(lcdif_frames);

static int lcdif_capture_show(struct seq_file *m, void *unused)
{
	struct lcdif_dev *ld = m->private;
	struct lcdif_frame f;
	unsigned long flags;
	long long armed;

	spin_lock_irqsave(&ld->lock, flags);
	lcdif_advance(ld->core);
	armed = ld->core->cap_flip;
	f = ld->core->cap_frame;
	spin_unlock_irqrestore(&ld->lock, flags);
	if (armed >= 0)
		seq_printf(m, "armed %lld\n", armed);
	else if (f.seq)
		seq_printf(m, "captured %llu 0x%08x %u %ux%u\n", f.seq, f.crc,
			   f.flips, f.width, f.height);
	else
		seq_puts(m, "idle\n");
	return 0;
}

static int lcdif_capture_open(struct inode *inode, struct file *file)
{
	return single_open(file, lcdif_capture_show, inode->i_private);
}

static ssize_t lcdif_capture_write(struct file *file, const char __user *buf,
				   size_t len, loff_t *ppos)
{
	struct lcdif_dev *ld = file_inode(file)->i_private;
	unsigned long flags;
	long long flips;
	int ret;

	ret = kstrtoll_from_user(buf, len, 0, &flips);
	if (ret)
		return ret;
	if (flips < -1)
		return -EINVAL;
	spin_lock_irqsave(&ld->lock, flags);
	lcdif_advance(ld->core);
	lcdif_capture(ld->core, flips);
	spin_unlock_irqrestore(&ld->lock, flags);
	lcdif_kick(ld);
	return len;
}

static const struct file_operations lcdif_capture_fops = {
	.owner = THIS_MODULE,
	.open = lcdif_capture_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = lcdif_capture_write,
};

/* A snapshot of the image "frame.ppm" serves: a PPM header and pixels. */
struct lcdif_ppm {
	size_t len;
	char data[];
};

static int lcdif_ppm_open(struct inode *inode, struct file *file)
{
	struct lcdif_dev *ld = inode->i_private;
	struct lcdif_ppm *p;
	unsigned long flags;
	u32 w, h;
	size_t n, hdr;
	const u8 *img;

	/* the size may change while unlocked: take the largest */
	p = kvmalloc(struct_size(p, data, 32 + LCDIF_SHELL_PIXELS * 3),
		     GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	spin_lock_irqsave(&ld->lock, flags);
	lcdif_advance(ld->core);
	if (ld->core->cap_frame.seq) {
		w = ld->core->cap_frame.width;
		h = ld->core->cap_frame.height;
		img = ld->core->cap;
	} else {
		w = ld->core->out_w;
		h = ld->core->out_h;
		img = ld->core->out;
	}
	n = (size_t)w * h * 3;
	hdr = scnprintf(p->data, 32, "P6\n%u %u\n255\n", w, h);
	memcpy(p->data + hdr, img, n);
	spin_unlock_irqrestore(&ld->lock, flags);
	p->len = hdr + n;
	file->private_data = p;
	return 0;
}

static ssize_t lcdif_ppm_read(struct file *file, char __user *buf, size_t len,
			      loff_t *ppos)
{
	struct lcdif_ppm *p = file->private_data;

	return simple_read_from_buffer(buf, len, ppos, p->data, p->len);
}

static int lcdif_ppm_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static const struct file_operations lcdif_ppm_fops = {
	.owner = THIS_MODULE,
	.open = lcdif_ppm_open,
	.read = lcdif_ppm_read,
	.llseek = default_llseek,
	.release = lcdif_ppm_release,
};

/* ---- probing ---------------------------------------------------------- */

static void lcdif_free(struct lcdif_dev *ld)
{
	kvfree(ld->cap);
	kvfree(ld->out);
	kvfree(ld->src);
	kvfree(ld->core);
	kvfree(ld);
}

static int lcdif_add(struct device *dev, struct device_node *np,
		     struct irq_domain *domain)
{
	struct lcdif_dev *ld;
	struct resource res;
	struct dentry *dir;
	int ret;

	if (lcdif_nr_devs == LCDIF_MAX_DEVS)
		return dev_err_probe(dev, -ENOSPC, "too many controllers\n");
	ret = of_address_to_resource(np, 0, &res);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: no reg\n", np);

	ld = kvzalloc(sizeof(*ld), GFP_KERNEL);
	if (!ld)
		return -ENOMEM;
	ld->core = kvzalloc(sizeof(*ld->core), GFP_KERNEL);
	ld->src = kvzalloc(LCDIF_SHELL_PIXELS * 4, GFP_KERNEL);
	ld->out = kvzalloc(LCDIF_SHELL_PIXELS * 3, GFP_KERNEL);
	ld->cap = kvzalloc(LCDIF_SHELL_PIXELS * 3, GFP_KERNEL);
	if (!ld->core || !ld->src || !ld->out || !ld->cap) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = of_property_read_u32(np, "interrupts", &ld->hwirq);
	if (ret || ld->hwirq >= LCDIF_NR_IRQS) {
		ret = dev_err_probe(dev, -EINVAL, "%pOF: bad interrupts\n", np);
		goto err_free;
	}
	spin_lock_init(&ld->lock);
	init_waitqueue_head(&ld->wq);
	ld->domain = domain;
	ld->base = res.start;
	ld->size = resource_size(&res);
	snprintf(ld->name, sizeof(ld->name), "lcdif@%llx",
		 (unsigned long long)ld->base);
	/* the alpha surface: the i.MX6SoloX's version (Linux's MXSFB_V6) */
	lcdif_init(ld->core, of_device_is_compatible(np, "fsl,imx6sx-lcdif"),
		   &lcdif_host_ops, ld, ld->src, ld->out, ld->cap,
		   LCDIF_SHELL_PIXELS);
	lcdif_set_scan_every(ld->core, LCDIF_SCAN_EVERY);
	ret = lcdif_add_clks(dev, ld);
	if (ret)
		goto err_free;
	ld->thread = kthread_run(lcdif_thread, ld, "lcdif/%llx",
				 (unsigned long long)ld->base);
	if (IS_ERR(ld->thread)) {
		ret = PTR_ERR(ld->thread);
		goto err_del_clks;
	}

	dir = debugfs_create_dir(ld->name, lcdif_debugfs);
	debugfs_create_file("stats", 0444, dir, ld, &lcdif_stats_fops);
	debugfs_create_file("frames", 0444, dir, ld, &lcdif_frames_fops);
	debugfs_create_file("capture", 0644, dir, ld, &lcdif_capture_fops);
	debugfs_create_file("frame.ppm", 0444, dir, ld, &lcdif_ppm_fops);

	lcdif_devs[lcdif_nr_devs++] = ld;
	dev_info(dev, "%s: %s at %pa, irq %u\n", ld->name,
		 ld->core->has_as ? "eLCDIF with alpha surface" : "eLCDIF",
		 &ld->base, ld->hwirq);
	return 0;

err_del_clks:
	lcdif_del_clks(ld, LCDIF_NR_CLKS);
err_free:
	lcdif_free(ld);
	return ret;
}

static int lcdif_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np = dev->of_node, *child;
	struct irq_domain *domain;
	struct resource *win, res;
	phys_addr_t lo = ~(phys_addr_t)0, hi = 0;
	int ret;

	if (lcdif_window)
		return dev_err_probe(dev, -EBUSY, "one display model per board\n");

	for_each_available_child_of_node(np, child) {
		if (of_address_to_resource(child, 0, &res))
			continue;
		lo = min(lo, res.start);
		hi = max(hi, res.end);
	}
	if (lo > hi)
		return dev_err_probe(dev, -EINVAL, "no controllers\n");

	domain = devm_irq_domain_create_sim(dev, of_fwnode_handle(np),
					    LCDIF_NR_IRQS);
	if (IS_ERR(domain))
		return PTR_ERR(domain);

	/* The window outlives the device: logic_iomem keeps it forever. */
	win = kzalloc(sizeof(*win), GFP_KERNEL);
	if (!win)
		return -ENOMEM;
	win->name = "lcdif-model";
	win->start = round_down(lo, LCDIF_GUARD) - LCDIF_GUARD;
	win->end = round_up(hi + 1, LCDIF_GUARD) + LCDIF_GUARD - 1;
	win->flags = IORESOURCE_MEM;
	ret = logic_iomem_add_region(win, &lcdif_region_ops);
	if (ret) {
		dev_err(dev, "cannot claim %pR\n", win);
		kfree(win);
		return ret;
	}
	lcdif_window = win;

	for_each_available_child_of_node(np, child) {
		ret = lcdif_add(dev, child, domain);
		if (ret) {
			of_node_put(child);
			return ret;
		}
	}

	ret = devm_of_clk_add_hw_provider(dev, lcdif_clk_xlate, NULL);
	if (ret)
		return ret;
	return devm_of_platform_populate(dev);
}

static const struct of_device_id lcdif_of_match[] = {
	{ .compatible = "etnaviv-sim,lcdif-model" },
	{ }
};
MODULE_DEVICE_TABLE(of, lcdif_of_match);

static struct platform_driver lcdif_driver = {
	.probe = lcdif_probe,
	.driver = {
		.name = "lcdif-model",
		.of_match_table = lcdif_of_match,
		.suppress_bind_attrs = true,
	},
};

static int __init lcdif_model_init(void)
{
	lcdif_debugfs = debugfs_create_dir("lcdif-model", NULL);
	return platform_driver_register(&lcdif_driver);
}
module_init(lcdif_model_init);

MODULE_DESCRIPTION("Device model of the i.MX eLCDIF display controller for UML");
MODULE_LICENSE("GPL");
