/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the model's UML shell share: a modelled core in the
 * kernel (struct vgc_dev) and each file's calls. vgc_uml.c probes the
 * model's DT node and adds the cores; vgc_uml_io.c is the register window
 * (logic_iomem), the memory the model reaches and the interrupts it
 * delivers; vgc_uml_fe.c the FE thread and its watcher; vgc_uml_power.c
 * the cores' clocks and power domains; vgc_uml_debugfs.c the files under
 * /sys/kernel/debug/vgc-model.
 */
#ifndef VGC_UML_H
#define VGC_UML_H

#include <linux/clk-provider.h>
#include <linux/pm_domain.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "../vgc.h"

#define VGC_MAX_CORES	8
#define VGC_NR_IRQS	256
#define VGC_RUN_BUDGET	256	/* FE commands per lock hold */
#define VGC_NR_GATES	3	/* bus, core, shader: the clock's 2nd cell */
#define VGC_JOBS_RING	1024	/* work stretches kept for debugfs "jobs" */

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

/* Every core of every instance: logic_iomem's map() has no context. */
extern struct vgc_dev *vgc_devs[VGC_MAX_CORES];
extern unsigned int vgc_nr_devs;

/* The FE thread has work: an MMIO write, a clock, a knob changed. */
static inline void vgc_kick(struct vgc_dev *vd)
{
	atomic_set(&vd->kick, 1);
	wake_up(&vd->wq);
}

/* vgc_uml_io.c: the memory the model reaches, and the clock. */
extern const struct vgc_host_ops vgc_host_ops;
/*
 * vgc_uml_io.c: the register window of the (single) model instance
 * around [@lo, @hi]; it outlives the device (logic_iomem keeps it).
 * vgc_io_has_window(): there is one already.
 */
bool vgc_io_has_window(void);
int vgc_io_add_window(struct device *dev, phys_addr_t lo, phys_addr_t hi);
/* vgc_uml_io.c: deliver the interrupt line if something new was latched. */
void vgc_deliver_irq(struct vgc_dev *vd);

/* vgc_uml_fe.c: the FE thread and its watcher (kthread_run() functions). */
int vgc_fe_thread(void *data);
int vgc_watch_thread(void *data);

/* vgc_uml_power.c: the core's gates and domain, all off at power-on. */
int vgc_add_power(struct device *dev, struct vgc_dev *vd);
/* vgc_uml_power.c: unregister the first @n of the core's gates. */
void vgc_del_gates(struct vgc_dev *vd, unsigned int n);
/* vgc_uml_power.c: the clock provider's lookup (#clock-cells = <2>). */
struct clk_hw *vgc_clk_xlate(struct of_phandle_args *args, void *data);

/* vgc_uml_debugfs.c: the debugfs root, then each core's directory. */
void vgc_debugfs_init(void);
void vgc_debugfs_add(struct vgc_dev *vd);

#endif /* VGC_UML_H */
