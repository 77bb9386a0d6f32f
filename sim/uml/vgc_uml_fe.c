// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's UML shell: the FE thread of each core, which runs the
 * model's FE (vgc_fe_run()) and delivers its interrupts, how it polls a
 * WAIT/LINK loop and how it is scheduled, and the watcher that keeps it
 * from starving under load.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "vgc_uml.h"

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
int vgc_watch_thread(void *data)
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
int vgc_fe_thread(void *data)
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
