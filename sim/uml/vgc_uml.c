// SPDX-License-Identifier: GPL-2.0-only
/*
 * UML glue of the Vivante GC device model.
 *
 * The DT node "etnaviv-sim,gc-model" holds the "vivante,gc" nodes of a
 * board as children, and lists the identity each one presents in
 * "sim,identities". Probing it
 *  - registers a logic_iomem window around the children's register blocks,
 *    so that ioremap()+readl()/writel() of a GPU reach the model;
 *  - creates an irq_sim domain that the children name as interrupt parent;
 *  - starts one FE thread per core;
 *  - provides each core's clocks as gates ("#clock-cells = <2>": the
 *    core's index among the children, then 0 bus, 1 core, 2 shader; each
 *    gate's parent is the model node's clock of that name) and each core's
 *    power domain (a genpd, "#power-domain-cells = <1>": the core's
 *    index); the core's registers answer only while its core clock runs
 *    and its domain is on, and the domain going off loses its
 *    state (vgc.h, vgc_set_power());
 *  - populates the children, which the GPU driver then probes as usual.
 *
 * logic_iomem cannot unregister a window, so the model cannot be unbound or
 * unloaded: the module has no exit function and forbids sysfs unbinding.
 */
#include <linux/clk-provider.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
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
#include <linux/pm_domain.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "../vgc.h"

#define VGC_MAX_CORES	8
#define VGC_NR_IRQS	256
#define VGC_GUARD	SZ_64K	/* the window extends this far around */
#define VGC_RUN_BUDGET	256	/* FE commands per lock hold */
#define VGC_NR_GATES	3	/* bus, core, shader: the clock's 2nd cell */
#define VGC_JOBS_RING	1024	/* work stretches kept for debugfs "jobs" */
#define VGC_STALL_MAX_NS (10 * NSEC_PER_MSEC)	/* longest engine-time sleep */
#define VGC_WATCH_MS	10	/* the watcher's period (a tick at HZ=100) */
#define VGC_WATCH_LATE_MS 20	/* an FE thread without a turn this long is late */

static unsigned int poll_spin_us = 1000;
module_param(poll_spin_us, uint, 0644);
MODULE_PARM_DESC(poll_spin_us, "FE WAIT re-checked by yielding this long after work (us)");

static unsigned int poll_min_us = 50;
module_param(poll_min_us, uint, 0644);
MODULE_PARM_DESC(poll_min_us, "FE WAIT re-check delay once spinning ends (us)");

static unsigned int poll_max_us = 500;
module_param(poll_max_us, uint, 0644);
MODULE_PARM_DESC(poll_max_us, "FE WAIT re-check delay when idle (us)");

/**
 * struct vgc_dev - one modelled core in the UML kernel
 * @core: the portable model; every access holds @lock
 * @lock: serialises @core between MMIO callers and the FE thread; taken
 *	with interrupts disabled since MMIO may come from any context
 * @thread: runs the FE; the only place interrupts are delivered from
 * @wq: @thread sleeps here; woken by @kick
 * @kick: set by MMIO writes that may give the FE work
 * @domain: the irq_sim domain of the model instance
 * @hwirq: the core's interrupt number in @domain
 * @base: physical address of the register block
 * @size: its size
 * @name: debugfs and thread name
 * @work_start: for the debugfs file "jobs" (make bench): when the FE
 *	thread began the run of commands that first did work since the last
 *	interrupt it delivered (0: none yet); protected by @lock
 * @work_busy: the core's busy_ns then; protected by @lock
 * @jobs: stretches recorded since the last reset; protected by @lock
 * @job: start, interrupt delivery (ktime_get_ns()) and FE busy time of the
 *	last VGC_JOBS_RING stretches of work that ended in an interrupt, at
 *	@jobs modulo the ring's size; protected by @lock
 * @gate: the core's clocks (bus, core, shader), gates of the model node's
 *	clocks of those names
 * @pd: the core's power domain
 * @watcher: makes @thread real-time when it is late (vgc_watch_thread())
 * @watch_wq: @watcher sleeps here
 * @beat: when @thread last began a turn of its loop (WRITE_ONCE/READ_ONCE)
 * @fair: @thread is a normal task, not a real-time one (WRITE_ONCE/READ_ONCE)
 * @boosted: set by @watcher after it made @thread real-time
 * @boosts: how often it did (debugfs "fe_boosts"); written by @watcher only
 * @link_gap_ns: the longest a WAIT patched into a LINK may have stood
 *	unseen: from the FE's last re-read of the WAIT to the run that found
 *	work (debugfs "link_gap_ns", 0 to start again); protected by @lock
 * @reset_ns: when a register write last reset the core (debugfs
 *	"reset_ns"); protected by @lock
 *
 * Instances live for the lifetime of the kernel (see the file comment).
 */
struct vgc_gate {
	struct clk_hw hw;
	struct vgc_dev *vd;
	bool on;	/* under vd->lock */
	u32 div;	/* rate divider, a power of two; under vd->lock */
};

struct vgc_dev {
	struct vgc_core *core;
	spinlock_t lock;	/* serialises core */
	struct task_struct *thread;
	wait_queue_head_t wq;
	atomic_t kick;
	struct irq_domain *domain;
	u32 hwirq;
	phys_addr_t base;
	resource_size_t size;
	char name[32];
	u64 work_start, work_busy;
	u64 jobs;
	u64 job[VGC_JOBS_RING][3];
	struct vgc_gate gate[VGC_NR_GATES];
	struct generic_pm_domain pd;
	struct task_struct *watcher;
	wait_queue_head_t watch_wq;
	u64 beat;
	bool fair;
	atomic_t boosted;
	u64 boosts;
	u64 link_gap_ns;
	u64 reset_ns;
};

static const char * const vgc_gate_names[VGC_NR_GATES] = {
	"bus", "core", "shader",
};

/* Every core of every instance: logic_iomem's map() has no context. */
static struct vgc_dev *vgc_devs[VGC_MAX_CORES];
static unsigned int vgc_nr_devs;
static struct dentry *vgc_debugfs;
static struct generic_pm_domain *vgc_pds[VGC_MAX_CORES];
static struct genpd_onecell_data vgc_pd_data = { .domains = vgc_pds };

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

static const struct vgc_host_ops vgc_host_ops = {
	.mem_read = vgc_mem_read,
	.mem_write = vgc_mem_write,
	.now_ns = vgc_now_ns,
	.mem_map = vgc_mem_map,
};

static void vgc_kick(struct vgc_dev *vd)
{
	atomic_set(&vd->kick, 1);
	wake_up(&vd->wq);
}

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

/* Deliver the interrupt line if something new was latched. */
static void vgc_deliver_irq(struct vgc_dev *vd)
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

static bool vgc_kicked(struct vgc_dev *vd)
{
	return atomic_read(&vd->kick) || kthread_should_stop();
}

/*
 * How the FE thread is scheduled. Re-reading a WAIT is background work:
 * as a normal task the spinning thread took its fair half of the one CPU
 * from a busy submitter, in slices of up to poll_spin_us (yield() does
 * not hand the CPU to a task that has had more of it). It spins at nice
 * 19 instead (VGC_FE_SPIN) and runs commands at nice 0 (VGC_FE_WORK), as
 * the engines of a real GPU run beside the CPU. Not SCHED_IDLE: its
 * weight is so small that a millisecond of spinning on an idle CPU left
 * the thread a third of a second behind in CFS's accounting.
 *
 * That accounting is what starved the FE under load: UML has no
 * sched_clock of its own, so the scheduler's clock is jiffies, and a task
 * running when the tick comes is charged all 10 ms of it. A nice 19
 * thread charged one tick is 683 ms of virtual runtime ahead, and keeps
 * that lead at nice 0; with a dozen busy clients it then waited seconds
 * for the CPU, a job linked into the ring unseen meanwhile, and the hang
 * check cancelled it (the stress run, tests/uml/stress.c). So the thread
 * sleeps as a real-time task (VGC_FE_RT, sched_set_fifo_low(): the
 * lowest real-time priority): a poll timer or a kick runs it at once,
 * whatever the load. While it is a normal task (spinning or working), a
 * watcher thread (vgc_watch_thread()) makes it real-time once it has not
 * run for VGC_WATCH_LATE_MS, until its next turn.
 */
enum vgc_fe_class { VGC_FE_RT, VGC_FE_WORK, VGC_FE_SPIN };

static void vgc_fe_set_class(struct vgc_dev *vd, enum vgc_fe_class *cls,
			     enum vgc_fe_class want)
{
	if (*cls == want)
		return;
	if (want == VGC_FE_RT) {
		sched_set_fifo_low(current);
		WRITE_ONCE(vd->fair, false);
	} else {
		sched_set_normal(current, want == VGC_FE_SPIN ? MAX_NICE : 0);
		WRITE_ONCE(vd->fair, true);
		wake_up(&vd->watch_wq);
	}
	*cls = want;
}

/*
 * The watcher: while the FE thread is a normal task, it looks every
 * VGC_WATCH_MS whether the thread has had a turn of its loop in the last
 * VGC_WATCH_LATE_MS, and makes it real-time if not. It sleeps otherwise.
 */
static int vgc_watch_thread(void *data)
{
	struct vgc_dev *vd = data;

	sched_set_fifo_low(current);
	while (!kthread_should_stop()) {
		wait_event_interruptible(vd->watch_wq, READ_ONCE(vd->fair) ||
					 kthread_should_stop());
		wait_event_interruptible_hrtimeout(vd->watch_wq,
						   kthread_should_stop(),
						   ms_to_ktime(VGC_WATCH_MS));
		if (!READ_ONCE(vd->fair) || ktime_get_ns() - READ_ONCE(vd->beat) <
		    VGC_WATCH_LATE_MS * NSEC_PER_MSEC)
			continue;
		/* real-time first: the FE thread then sees it is boosted */
		sched_set_fifo_low(vd->thread);
		atomic_set(&vd->boosted, 1);
		vd->boosts++;
	}
	return 0;
}

/*
 * The FE thread. While the FE spins in a WAIT/LINK loop it must notice a
 * WAIT patched into a LINK quickly, without burning the one CPU UML has:
 *  - for poll_spin_us after the last work, it re-reads the WAIT at nice
 *    19 (see vgc_fe_set_class()): whoever is submitting runs first, and
 *    an otherwise idle CPU comes straight back here;
 *  - after that, it sleeps between re-reads (real-time), from poll_min_us
 *    doubling up to poll_max_us while nothing arrives.
 * Timers are the expensive part under UML: each one that fires while a
 * user process runs costs a round of ptrace stops in the host. Polling by
 * timer at a few microseconds made a busy submitter 20 times slower.
 *
 * The spinning steps aside with yield(), which checkpatch warns about: it
 * is not used to wait for an event, but for what it alone does, marking
 * the thread to be skipped so that CFS runs any other runnable task first
 * even where the FE thread has the smallest virtual runtime. Measured in
 * one boot against yield(), alternating: schedule(), cond_resched(),
 * usleep_range(5, 10), schedule() until nothing else is runnable, and a
 * SCHED_IDLE helper thread that wakes the FE once nothing else runs each
 * about doubled the time of a no-op submit and of make run's workload.
 */
static int vgc_fe_thread(void *data)
{
	struct vgc_dev *vd = data;
	enum vgc_fe_class cls = VGC_FE_WORK;	/* a kthread starts at nice 0 */
	unsigned int delay = poll_min_us;
	unsigned long flags;
	u64 spin_until = 0, last_wait = 0;
	bool progress;
	enum vgc_run r;
	u64 t0, busy0, stall = 0;

	vgc_fe_set_class(vd, &cls, VGC_FE_RT);
	while (!kthread_should_stop()) {
		atomic_set(&vd->kick, 0);
		/* made real-time by the watcher: the next class is set again */
		if (atomic_xchg(&vd->boosted, 0))
			cls = VGC_FE_RT;
		spin_lock_irqsave(&vd->lock, flags);
		t0 = ktime_get_ns();
		WRITE_ONCE(vd->beat, t0);
		busy0 = vd->core->stats.busy_ns;
		/* a divided clock runs fewer commands in the same time */
		r = vgc_fe_run(vd->core, max(1u, VGC_RUN_BUDGET *
					 vgc_speed64(vd->core) / 64));
		if (r == VGC_RUN_STALL)
			stall = vgc_fe_stall_ns(vd->core);
		progress = vgc_fe_progress(vd->core);
		if (progress && !vd->work_start) {
			vd->work_start = t0;
			vd->work_busy = busy0;
		}
		/* the longest a WAIT patched into a LINK may have stood unseen */
		if (progress && last_wait && t0 - last_wait > vd->link_gap_ns)
			vd->link_gap_ns = t0 - last_wait;
		spin_unlock_irqrestore(&vd->lock, flags);
		vgc_deliver_irq(vd);
		last_wait = r == VGC_RUN_WAIT ? ktime_get_ns() : 0;

		switch (r) {
		case VGC_RUN_BUSY:
			vgc_fe_set_class(vd, &cls, VGC_FE_WORK);
			delay = poll_min_us;
			cond_resched();
			break;
		case VGC_RUN_WAIT:
			if (progress) {
				spin_until = ktime_get_ns() +
					     poll_spin_us * NSEC_PER_USEC;
				delay = poll_min_us;
			}
			if (ktime_get_ns() < spin_until) {
				vgc_fe_set_class(vd, &cls, VGC_FE_SPIN);
				yield();
				break;
			}
			vgc_fe_set_class(vd, &cls, VGC_FE_RT);
			wait_event_interruptible_hrtimeout(vd->wq,
							   vgc_kicked(vd),
							   ns_to_ktime(delay * NSEC_PER_USEC));
			delay = min(delay * 2, max(poll_max_us, 1u));
			break;
		case VGC_RUN_STALL:
			/* an engine waits for its time: until then, or a kick */
			vgc_fe_set_class(vd, &cls, VGC_FE_RT);
			stall = clamp_t(u64, stall, poll_min_us * NSEC_PER_USEC,
					VGC_STALL_MAX_NS);
			wait_event_interruptible_hrtimeout(vd->wq,
							   vgc_kicked(vd),
							   ns_to_ktime(stall));
			break;
		case VGC_RUN_IDLE:
			vgc_fe_set_class(vd, &cls, VGC_FE_RT);
			wait_event_interruptible(vd->wq, vgc_kicked(vd));
			break;
		}
	}
	return 0;
}

/* ---- clocks and power domains ---------------------------------------- */

/*
 * The registers and the FE need the core clock; the bus and shader gates
 * are modelled but not enforced. An assumption: the public sources name
 * the clocks, not which of them the AHB slave needs (and the Dove's core
 * has a core clock only).
 */
static void vgc_gate_set(struct clk_hw *hw, bool on)
{
	struct vgc_gate *g = container_of(hw, struct vgc_gate, hw);
	struct vgc_dev *vd = g->vd;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	g->on = on;
	vgc_set_clock(vd->core, vd->gate[1].on);
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
}

static int vgc_gate_enable(struct clk_hw *hw)
{
	vgc_gate_set(hw, true);
	return 0;
}

static void vgc_gate_disable(struct clk_hw *hw)
{
	vgc_gate_set(hw, false);
}

static int vgc_gate_is_enabled(struct clk_hw *hw)
{
	return container_of(hw, struct vgc_gate, hw)->on;
}

/*
 * Each gate divides its parent's rate by a power of two up to 64, as a
 * SoC's clock controller would (Linux 6.1's etnaviv scales the core and
 * shader clock rates on cores with DYNAMIC_FREQUENCY_SCALING). The core
 * gate's divider slows the model's core, as FSCALE does.
 */
static u32 vgc_gate_div_for(unsigned long rate, unsigned long parent)
{
	u32 div = 1;

	while (div < 64 && rate && parent / div > rate)
		div *= 2;
	return div;
}

static unsigned long vgc_gate_recalc_rate(struct clk_hw *hw,
					  unsigned long parent_rate)
{
	return parent_rate / container_of(hw, struct vgc_gate, hw)->div;
}

static long vgc_gate_round_rate(struct clk_hw *hw, unsigned long rate,
				unsigned long *parent_rate)
{
	return *parent_rate / vgc_gate_div_for(rate, *parent_rate);
}

static int vgc_gate_set_rate(struct clk_hw *hw, unsigned long rate,
			     unsigned long parent_rate)
{
	struct vgc_gate *g = container_of(hw, struct vgc_gate, hw);
	struct vgc_dev *vd = g->vd;
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	g->div = vgc_gate_div_for(rate, parent_rate);
	vgc_set_clock_div(vd->core, vd->gate[1].div);
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
	return 0;
}

static const struct clk_ops vgc_gate_ops = {
	.enable = vgc_gate_enable,
	.disable = vgc_gate_disable,
	.is_enabled = vgc_gate_is_enabled,
	.recalc_rate = vgc_gate_recalc_rate,
	.round_rate = vgc_gate_round_rate,
	.set_rate = vgc_gate_set_rate,
};

static struct clk_hw *vgc_clk_xlate(struct of_phandle_args *args, void *data)
{
	if (args->args_count != 2 || args->args[0] >= vgc_nr_devs ||
	    args->args[1] >= VGC_NR_GATES)
		return ERR_PTR(-EINVAL);
	return &vgc_devs[args->args[0]]->gate[args->args[1]].hw;
}

static int vgc_pd_set(struct generic_pm_domain *pd, bool on)
{
	struct vgc_dev *vd = container_of(pd, struct vgc_dev, pd);
	unsigned long flags;

	spin_lock_irqsave(&vd->lock, flags);
	vgc_set_power(vd->core, on);
	spin_unlock_irqrestore(&vd->lock, flags);
	vgc_kick(vd);
	return 0;
}

static int vgc_pd_on(struct generic_pm_domain *pd)
{
	return vgc_pd_set(pd, true);
}

static int vgc_pd_off(struct generic_pm_domain *pd)
{
	return vgc_pd_set(pd, false);
}

static void vgc_del_gates(struct vgc_dev *vd, unsigned int n)
{
	while (n--)
		clk_hw_unregister(&vd->gate[n].hw);
}

/* The core's gates and domain, all off as at power-on of the SoC. */
static int vgc_add_power(struct device *dev, struct vgc_dev *vd)
{
	char *name;
	struct clk_parent_data parent = { };
	struct clk_init_data init = { };
	unsigned int i;
	int ret;

	vgc_set_clock(vd->core, false);
	vgc_set_power(vd->core, false);
	vd->core->stats.power_offs = 0;	/* it starts off: no power-off */

	for (i = 0; i < VGC_NR_GATES; i++) {
		name = kasprintf(GFP_KERNEL, "%s-%s", vd->name,
				 vgc_gate_names[i]);
		if (!name) {
			ret = -ENOMEM;
			goto err_gates;
		}
		init.name = name;
		parent.fw_name = vgc_gate_names[i];
		init.parent_data = &parent;
		init.num_parents = 1;
		init.ops = &vgc_gate_ops;
		vd->gate[i].vd = vd;
		vd->gate[i].div = 1;
		vd->gate[i].hw.init = &init;
		ret = clk_hw_register(dev, &vd->gate[i].hw);
		kfree(name);	/* the clock framework keeps a copy */
		if (ret)
			goto err_gates;
	}
	/* a kernel without power domains: the domain is always on */
	if (!IS_ENABLED(CONFIG_PM_GENERIC_DOMAINS)) {
		vgc_set_power(vd->core, true);
		vd->core->stats.power_ons = 0;
		return 0;
	}
	vd->pd.name = vd->name;
	vd->pd.power_on = vgc_pd_on;
	vd->pd.power_off = vgc_pd_off;
	ret = pm_genpd_init(&vd->pd, NULL, true);
	if (ret)
		goto err_gates;
	return 0;

err_gates:
	vgc_del_gates(vd, i);
	return ret;
}

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
	seq_printf(m, "tx_samples: %llu\ntx_faults: %llu\n",
		   s.tx_samples, s.tx_faults);
	seq_printf(m, "tx_unsupported: %llu\ntx_gating_corrupt: %llu\n",
		   s.tx_unsupported, s.tx_gating_corrupt);
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

static int vgc_add_core(struct device *dev, struct device_node *np,
			const char *ident, struct irq_domain *domain)
{
	const struct vgc_ident *id = vgc_ident_find(ident);
	struct dentry *dir;
	struct vgc_dev *vd;
	struct resource res;
	int ret;

	if (!id)
		return dev_err_probe(dev, -EINVAL, "%pOF: unknown identity %s\n",
				     np, ident);
	if (vgc_nr_devs == VGC_MAX_CORES)
		return dev_err_probe(dev, -ENOSPC, "too many cores\n");
	ret = of_address_to_resource(np, 0, &res);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: no reg\n", np);

	vd = kvzalloc(sizeof(*vd), GFP_KERNEL);
	if (!vd)
		return -ENOMEM;
	vd->core = kvzalloc(sizeof(*vd->core), GFP_KERNEL);
	if (!vd->core) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = of_property_read_u32(np, "interrupts", &vd->hwirq);
	if (ret || vd->hwirq >= VGC_NR_IRQS) {
		ret = dev_err_probe(dev, -EINVAL, "%pOF: bad interrupts\n", np);
		goto err_free_core;
	}
	spin_lock_init(&vd->lock);
	init_waitqueue_head(&vd->wq);
	init_waitqueue_head(&vd->watch_wq);
	vd->domain = domain;
	vd->base = res.start;
	vd->size = resource_size(&res);
	snprintf(vd->name, sizeof(vd->name), "%s@%llx", id->name,
		 (unsigned long long)vd->base);
	vgc_init(vd->core, id, &vgc_host_ops, vd);
	ret = vgc_add_power(dev, vd);
	if (ret)
		goto err_free_core;

	vd->thread = kthread_run(vgc_fe_thread, vd, "vgc-fe/%s", id->name);
	if (IS_ERR(vd->thread)) {
		ret = PTR_ERR(vd->thread);
		goto err_del_power;
	}
	vd->watcher = kthread_run(vgc_watch_thread, vd, "vgc-watch/%s",
				  id->name);
	if (IS_ERR(vd->watcher)) {
		ret = PTR_ERR(vd->watcher);
		goto err_stop_fe;
	}

	dir = debugfs_create_dir(vd->name, vgc_debugfs);
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

	vgc_pds[vgc_nr_devs] = &vd->pd;
	vgc_devs[vgc_nr_devs++] = vd;
	dev_info(dev, "%s: %s r%x at %pa, irq %u\n", vd->name, id->name,
		 id->revision, &vd->base, vd->hwirq);
	return 0;

err_stop_fe:
	kthread_stop(vd->thread);
err_del_power:
	if (IS_ENABLED(CONFIG_PM_GENERIC_DOMAINS))
		pm_genpd_remove(&vd->pd);
	vgc_del_gates(vd, VGC_NR_GATES);
err_free_core:
	kvfree(vd->core);
err_free:
	kvfree(vd);
	return ret;
}

static int vgc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np = dev->of_node, *child;
	struct irq_domain *domain;
	struct resource *win, res;
	phys_addr_t lo = ~(phys_addr_t)0, hi = 0;
	const char *ident;
	unsigned int n = 0;
	int ret;

	if (vgc_window)
		return dev_err_probe(dev, -EBUSY, "one model per board\n");

	for_each_available_child_of_node(np, child) {
		if (of_address_to_resource(child, 0, &res))
			continue;
		lo = min(lo, res.start);
		hi = max(hi, res.end);
	}
	if (lo > hi)
		return dev_err_probe(dev, -EINVAL, "no cores\n");

	domain = devm_irq_domain_create_sim(dev, of_fwnode_handle(np),
					    VGC_NR_IRQS);
	if (IS_ERR(domain))
		return PTR_ERR(domain);

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

	for_each_available_child_of_node(np, child) {
		if (of_property_read_string_index(np, "sim,identities", n,
						  &ident)) {
			of_node_put(child);
			return dev_err_probe(dev, -EINVAL,
					     "no identity for %pOF\n", child);
		}
		ret = vgc_add_core(dev, child, ident, domain);
		if (ret) {
			of_node_put(child);
			return ret;
		}
		n++;
	}

	ret = devm_of_clk_add_hw_provider(dev, vgc_clk_xlate, NULL);
	if (ret)
		return ret;
	vgc_pd_data.num_domains = vgc_nr_devs;
	if (IS_ENABLED(CONFIG_PM_GENERIC_DOMAINS)) {
		ret = of_genpd_add_provider_onecell(np, &vgc_pd_data);
		if (ret)
			return ret;
	}
	return devm_of_platform_populate(dev);
}

static const struct of_device_id vgc_of_match[] = {
	{ .compatible = "etnaviv-sim,gc-model" },
	{ }
};
MODULE_DEVICE_TABLE(of, vgc_of_match);

static struct platform_driver vgc_driver = {
	.probe = vgc_probe,
	.driver = {
		.name = "vgc-model",
		.of_match_table = vgc_of_match,
		.suppress_bind_attrs = true,
	},
};

static int __init vgc_model_init(void)
{
	vgc_debugfs = debugfs_create_dir("vgc-model", NULL);
	return platform_driver_register(&vgc_driver);
}
module_init(vgc_model_init);

MODULE_DESCRIPTION("Device model of Vivante GC GPU cores for UML");
MODULE_LICENSE("GPL");
