// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: A core
 *
 * One Vivante GC core: the platform device with its registers, clocks and
 * interrupt, a component the DRM device binds; its reset and the setup of
 * its registers after one; its interrupt, which signals the events of the
 * ring (etna_ring.c) and reports bus errors and MMU faults; and the
 * recovery from a hang, which resets the core and restarts its ring; its
 * power (below) and its cooling device.
 */

/**
 * DOC: Power
 *
 * A core is powered (its clocks on, its power domain up through the
 * generic power domain the device is attached to) only while someone
 * holds a runtime PM reference: the component bind until the core is
 * started, each event in flight (etna_ring.c), the hang recovery, debugfs
 * and the cooling device while they touch registers (they take one only
 * if the core is powered already). The core autosuspends
 * ETNA_AUTOSUSPEND_MS after its last event signalled: the FE leaves its
 * WAIT/LINK loop, the interrupt is masked, the clocks stop, and the
 * domain may go off, losing every register. A runtime resume starts the
 * clocks, resets the core and sets it up; the next job starts the FE,
 * which switches the MMU on again and reloads the page tables.
 *
 * System suspend stops the core's scheduler (no new job reaches the
 * ring), waits up to ETNA_SUSPEND_WAIT_MS for the jobs in flight to
 * finish (or fails the suspend), and suspends the core as above; resume
 * restarts the scheduler, which completes what finished meanwhile.
 */
#include <linux/clk.h>
#include <linux/component.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/thermal.h>

#include "etna_core.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_perfmon.h"
#include "etna_regs.h"
#include "etna_vm.h"

#define ETNA_AUTOSUSPEND_MS	200
#define ETNA_SUSPEND_WAIT_MS	2000

/* ---- reset and bring-up ------------------------------------------- */

static int etna_reset(struct etna_core *core)
{
	unsigned long deadline = jiffies + HZ;
	u32 clk = ETNA_CLK_FSCALE(64 >> core->freq_scale);
	u32 val;

	lockdep_assert_held(&core->hw_lock);
	while (time_before(jiffies, deadline)) {
		etna_write(core, ETNA_CLOCK_CONTROL, clk | ETNA_CLK_FSCALE_LOAD);
		etna_write(core, ETNA_CLOCK_CONTROL, clk);
		if (core->edev->sec_mode) {
			/* the security block resets through the AHB */
			etna_write(core, ETNA_AHB_CONTROL, ETNA_AHB_RESET);
			usleep_range(10, 20);
		} else {
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE);
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE | ETNA_CLK_SOFT_RESET);
			usleep_range(10, 20);
			etna_write(core, ETNA_CLOCK_CONTROL,
				   clk | ETNA_CLK_ISOLATE);
			etna_write(core, ETNA_CLOCK_CONTROL, clk);
		}

		if (!(etna_read(core, ETNA_IDLE_STATE) & ETNA_IDLE_FE))
			continue;
		val = etna_read(core, ETNA_CLOCK_CONTROL);
		if ((val & (ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D)) !=
		    (ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D))
			continue;
		etna_write(core, ETNA_CLOCK_CONTROL,
			   val | ETNA_CLK_DISABLE_DEBUG_REGS);
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk | ETNA_CLK_DISABLE_DEBUG_REGS |
			   ETNA_CLK_FSCALE_LOAD);
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk | ETNA_CLK_DISABLE_DEBUG_REGS);
		return 0;
	}
	dev_err(core->dev, "core does not come out of reset\n");
	return -ETIMEDOUT;
}

/*
 * Module-level clock gating: on, but for the modules that misbehave with
 * it on some cores (the facts and their sources: hw/gc.db, hw/cores.db).
 */
static void etna_core_clock_gating(struct etna_core *core)
{
	const struct etna_ident *id = &core->id;
	u32 power, modules;

	lockdep_assert_held(&core->hw_lock);
	power = etna_read(core, ETNA_PM_POWER_CONTROLS) |
		ETNA_PM_MODULE_CLOCK_GATING;
	if (id->revision == ETNA_PM_STALL_GATING_REV_A ||
	    id->revision == ETNA_PM_STALL_GATING_REV_B)
		power |= ETNA_PM_NO_STALL_GATING;
	etna_write(core, ETNA_PM_POWER_CONTROLS, power);

	modules = etna_read(core, ETNA_PM_MODULE_CONTROLS);
	if (id->model >= ETNA_PM_PA_GATING_FIRST_MODEL &&
	    id->model != ETNA_PM_PA_GATING_OK_MODEL &&
	    !(id->minor[3] & ETNA_MINOR3_BUG_FIXES12))
		modules |= ETNA_PM_NO_GATING_PA;
	if (id->revision < ETNA_PM_PE_GATING_FIXED_REV &&
	    (id->minor[0] & ETNA_MINOR0_HZ) &&
	    !(id->minor[1] & ETNA_MINOR1_DISABLE_PE_GATING))
		modules |= ETNA_PM_NO_GATING_PE;
	if (id->revision < ETNA_PM_UNK15_FIXED_REV)
		modules |= ETNA_PM_MODULE_UNK15;
	if (etna_hw_has_quirk(core, ETNA_QUIRK_NO_TX_GATING))
		modules |= ETNA_PM_NO_GATING_TX;
	if (etna_hw_has_quirk(core, ETNA_QUIRK_NO_SE_RA_TX_GATING))
		modules |= ETNA_PM_NO_GATING_SE | ETNA_PM_NO_GATING_RA |
			   ETNA_PM_NO_GATING_TX;
	modules |= ETNA_PM_NO_GATING_RA_HZ | ETNA_PM_NO_GATING_RA_EZ;
	etna_write(core, ETNA_PM_MODULE_CONTROLS, modules);
}

/*
 * The pulse eater: Vivante's value where the register cannot be read,
 * with the known cores' variants; newer 3D cores keep theirs, without
 * the internal DFS.
 */
static void etna_core_pulse_eater(struct etna_core *core)
{
	const struct etna_ident *id = &core->id;
	u32 val = ETNA_PM_PULSE_EATER_DEFAULT;

	lockdep_assert_held(&core->hw_lock);
	if (etna_hw_has_quirk(core, ETNA_QUIRK_PULSE_EATER_UNK23))
		val |= ETNA_PM_PE_UNK23;
	if (etna_hw_has_quirk(core, ETNA_QUIRK_PULSE_EATER_UNK17))
		val = (val & ~ETNA_PM_PE_UNK16) | ETNA_PM_PE_UNK17;
	if (id->revision > ETNA_PM_PULSE_EATER_READ_REV &&
	    (id->features & ETNA_FEAT_PIPE_3D))
		val = etna_read(core, ETNA_PM_PULSE_EATER) |
		      ETNA_PM_PE_INTERNAL_DFS;
	etna_write(core, ETNA_PM_PULSE_EATER, val);
}

/* The registers a reset clears, set up for the driver. */
static void etna_core_setup(struct etna_core *core)
{
	struct etna_dev *edev = core->edev;
	u32 val;
	int i;

	lockdep_assert_held(&core->hw_lock);
	if (etna_hw_has_quirk(core, ETNA_QUIRK_MC_DEBUG_MEMORY) &&
	    etna_read(core, ETNA_CHIP_TIME) != ETNA_MC_FIXED_TIME) {
		val = etna_read(core, ETNA_MC_DEBUG_MEMORY);
		etna_write(core, ETNA_MC_DEBUG_MEMORY, val & ~0xffu);
	}
	etna_core_clock_gating(core);
	etna_write(core, ETNA_AXI_CONFIG, 0x2200);	/* AWCACHE/ARCACHE 2 */
	if (edev->sec_mode) {
		val = etna_read(core, ETNA_AHB_CONTROL);
		etna_write(core, ETNA_AHB_CONTROL, val | ETNA_AHB_NONSEC_ACCESS);
	}
	etna_core_pulse_eater(core);
	if (!edev->mmu_v2) {
		for (i = 0; i < ETNA_MC_CLIENTS; i++)
			etna_write(core, ETNA_MC_MEMORY_BASE(i),
				   edev->linear_base);
		for (i = 0; i < ETNA_MC_CLIENTS; i++)
			etna_write(core, ETNA_MC_MMU_PAGE_TABLE(i),
				   (u32)edev->kvm->pt_dma);
	}
	etna_write(core, ETNA_INTR_ENBL, ~0u);
}

/* ---- interrupt and recovery ------------------------------------- */

/*
 * An MMU exception: report what faulted where, and fail the job that ran
 * (its fence signals with -EFAULT when it completes); the other clients'
 * jobs go on. When jobs of several clients may have run it (@events, of
 * the same interrupt, completed some), none is failed. From the interrupt
 * handler, with the event lock held.
 */
static void etna_mmu_fault(struct etna_core *core, unsigned long events)
{
	static const char * const reason[] = {
		"", "slave not present", "page not present", "write violation",
		"out of bound", "read security violation",
		"write security violation",
	};
	bool sec = core->edev->sec_mode;
	struct etna_hw_fence *hf = etna_event_faulted(core, events);
	u64 client = hf && hf->usage ? hf->usage->id : 0;
	u32 status = 0, addr, code;
	int slot;

	lockdep_assert_held(&core->event_lock);
	atomic_inc(&core->mmu_errors);
	if (core->edev->mmu_v2)
		status = etna_read(core, sec ? ETNA_SEC_STATUS : ETNA_MMUV2_STATUS);
	for (slot = 0; slot < 4; slot++) {
		code = (status >> (4 * slot)) & 0xf;
		if (!code)
			continue;
		addr = etna_read(core, sec ? ETNA_SEC_EXCEPTION_ADDR :
				 ETNA_MMUV2_EXCEPTION_ADDR(slot));
		dev_err_ratelimited(core->dev,
				    "MMU fault: client %d, address 0x%08x: %s, job of %s[%d], drm-client-id %llu\n",
				    slot, addr,
				    code < ARRAY_SIZE(reason) ? reason[code] :
				    "unknown", hf ? hf->comm : "(unknown)",
				    hf ? hf->pid : 0, client);
	}
	if (!status)
		dev_err_ratelimited(core->dev,
				    "MMU exception, job of %s[%d], drm-client-id %llu\n",
				    hf ? hf->comm : "(unknown)", hf ? hf->pid : 0,
				    client);
	if (hf && hf->finished)
		dma_fence_set_error(hf->finished, -EFAULT);
}

static irqreturn_t etna_irq(int irq, void *data)
{
	struct etna_core *core = data;
	unsigned long flags, events;
	u32 status;

	status = etna_read(core, ETNA_INTR_ACK);
	if (!status)
		return IRQ_NONE;

	if (status & ETNA_INTR_AXI_BUS_ERROR) {
		atomic_inc(&core->axi_errors);
		dev_err_ratelimited(core->dev, "AXI bus error, status 0x%08x\n",
				    etna_read(core, ETNA_AXI_STATUS));
		/* the FE cannot go on: recover now, not after a timeout */
		atomic_set(&core->axi_pending, 1);
		if (READ_ONCE(core->sched.ready))
			drm_sched_fault(&core->sched);
	}
	events = status & GENMASK(ETNA_NR_EVENTS - 1, 0);

	spin_lock_irqsave(&core->event_lock, flags);
	if (status & ETNA_INTR_MMU_EXCEPTION)
		etna_mmu_fault(core, events);
	etna_events_signal(core, events);
	spin_unlock_irqrestore(&core->event_lock, flags);
	return IRQ_HANDLED;
}

/**
 * etna_core_recover() - reset a hung core and restart its ring
 * @core: the core; its scheduler is stopped by the caller
 *
 * Fences of the jobs in flight fail with -ETIMEDOUT; the scheduler
 * resubmits the innocent ones afterwards.
 */
void etna_core_recover(struct etna_core *core)
{
	if (pm_runtime_resume_and_get(core->dev)) {
		dev_err(core->dev, "hang detected, but the core does not power up\n");
		return;
	}
	mutex_lock(&core->hw_lock);
	disable_irq(core->irq);
	dev_err(core->dev, "resetting, FE address 0x%08x\n",
		etna_read(core, ETNA_FE_DMA_ADDRESS));
	etna_reset(core);
	etna_events_cancel(core, -ETIMEDOUT);
	etna_core_setup(core);
	core->fe_running = false;	/* a failed restart is retried by the next job */
	if (etna_ring_start(core))
		dev_err(core->dev, "cannot restart after the reset\n");
	enable_irq(core->irq);
	mutex_unlock(&core->hw_lock);
	pm_runtime_mark_last_busy(core->dev);
	pm_runtime_put_autosuspend(core->dev);
}

/**
 * etna_core_init() - start an identified core
 * @core: the core; the device's MMU state is set up
 *
 * The FE starts with the core's first job. Return: 0, or an error if the
 * driver cannot drive this core (its pipe slot then stays empty).
 */
int etna_core_init(struct etna_core *core)
{
	int ret;

	mutex_lock(&core->hw_lock);
	ret = etna_reset(core);
	mutex_unlock(&core->hw_lock);
	if (ret)
		return ret;
	ret = etna_ring_init(core);
	if (ret)
		return ret;
	core->fence_ctx = dma_fence_context_alloc(1);
	xa_init_flags(&core->user_fences, XA_FLAGS_ALLOC);

	mutex_lock(&core->hw_lock);
	etna_core_setup(core);
	mutex_unlock(&core->hw_lock);
	enable_irq(core->irq);
	/* from now on, powering up sets the core up */
	core->hw_ready = true;
	core->bind_ref = false;
	pm_runtime_mark_last_busy(core->dev);
	pm_runtime_put_autosuspend(core->dev);
	return 0;
}

/**
 * etna_core_refuse() - let a bound core the driver will not drive power down
 * @core: the core, not started
 */
void etna_core_refuse(struct etna_core *core)
{
	if (!core->bind_ref)
		return;
	core->bind_ref = false;
	pm_runtime_put(core->dev);
}

/**
 * etna_core_stop() - stop a core started by etna_core_init()
 * @core: the core; its scheduler is stopped
 *
 * Resets it (if it can be powered): the jobs it had fail with -ENODEV.
 */
void etna_core_stop(struct etna_core *core)
{
	/* powered, the interrupt is enabled; suspended, it is masked */
	int off = pm_runtime_resume_and_get(core->dev);

	if (!off)
		disable_irq(core->irq);
	cancel_work_sync(&core->sync_work);
	mutex_lock(&core->hw_lock);
	if (!off)
		etna_reset(core);
	etna_events_cancel(core, -ENODEV);
	/* the next etna_core_init() finds it as at probe */
	core->fe_running = false;
	atomic_set(&core->axi_pending, 0);
	etna_vm_put(core->vm);
	core->vm = NULL;
	mutex_unlock(&core->hw_lock);
	core->hw_ready = false;
	if (!off)
		pm_runtime_put(core->dev);
}

/**
 * etna_core_fini() - let go of what etna_core_init() set up
 * @core: the core, stopped; every job on it is freed
 */
void etna_core_fini(struct etna_core *core)
{
	WARN_ON(!xa_empty(&core->user_fences));
	xa_destroy(&core->user_fences);
	etna_ring_fini(core);
}

/* ---- power --------------------------------------------------------- */

static int etna_clocks_on(struct etna_core *core)
{
	int ret;

	ret = clk_prepare_enable(core->clk_reg);
	if (ret)
		return ret;
	ret = clk_prepare_enable(core->clk_bus);
	if (ret)
		goto err_reg;
	ret = clk_prepare_enable(core->clk_core);
	if (ret)
		goto err_bus;
	ret = clk_prepare_enable(core->clk_shader);
	if (ret)
		goto err_core;
	return 0;

err_core:
	clk_disable_unprepare(core->clk_core);
err_bus:
	clk_disable_unprepare(core->clk_bus);
err_reg:
	clk_disable_unprepare(core->clk_reg);
	return ret;
}

static void etna_clocks_off(struct etna_core *core)
{
	clk_disable_unprepare(core->clk_shader);
	clk_disable_unprepare(core->clk_core);
	clk_disable_unprepare(core->clk_bus);
	clk_disable_unprepare(core->clk_reg);
}

static void etna_clocks_off_action(void *data)
{
	etna_clocks_off(data);
}

static int etna_core_runtime_suspend(struct device *dev)
{
	struct etna_core *core = dev_get_drvdata(dev);

	if (core->hw_ready) {
		mutex_lock(&core->hw_lock);
		etna_ring_stop(core);
		mutex_unlock(&core->hw_lock);
		disable_irq(core->irq);
	}
	etna_clocks_off(core);
	return 0;
}

static int etna_core_runtime_resume(struct device *dev)
{
	struct etna_core *core = dev_get_drvdata(dev);
	int ret;

	ret = etna_clocks_on(core);
	if (ret || !core->hw_ready)
		return ret;
	mutex_lock(&core->hw_lock);
	ret = etna_reset(core);
	if (!ret)
		etna_core_setup(core);
	core->fe_running = false;	/* the next job starts it */
	mutex_unlock(&core->hw_lock);
	if (ret) {
		etna_clocks_off(core);
		return ret;
	}
	enable_irq(core->irq);
	return 0;
}

static bool etna_core_idle(struct etna_core *core)
{
	return READ_ONCE(core->event_free) == GENMASK(ETNA_NR_EVENTS - 1, 0);
}

static int etna_core_suspend(struct device *dev)
{
	struct etna_core *core = dev_get_drvdata(dev);
	bool sched = core->sched_ready;
	int ret;

	if (sched) {
		/* no job reaches the ring any more; wait for those on it */
		drm_sched_stop(&core->sched, NULL);
		if (!wait_event_timeout(core->idle_wq, etna_core_idle(core),
					msecs_to_jiffies(ETNA_SUSPEND_WAIT_MS))) {
			dev_err(dev, "jobs still running: no suspend\n");
			ret = -EBUSY;
			goto err_start;
		}
	}
	ret = pm_runtime_force_suspend(dev);
	if (ret)
		goto err_start;
	return 0;

err_start:
	if (sched)
		drm_sched_start(&core->sched, true);
	return ret;
}

static int etna_core_resume(struct device *dev)
{
	struct etna_core *core = dev_get_drvdata(dev);
	int ret;

	ret = pm_runtime_force_resume(dev);
	if (core->sched_ready)
		drm_sched_start(&core->sched, true);
	return ret;
}

static const struct dev_pm_ops etna_core_pm_ops = {
	SYSTEM_SLEEP_PM_OPS(etna_core_suspend, etna_core_resume)
	RUNTIME_PM_OPS(etna_core_runtime_suspend, etna_core_runtime_resume,
		       NULL)
};

/* ---- cooling device ------------------------------------------------ */

static int etna_cooling_get_max_state(struct thermal_cooling_device *cdev,
				      unsigned long *state)
{
	*state = ETNA_MAX_FREQ_SCALE;
	return 0;
}

static int etna_cooling_get_cur_state(struct thermal_cooling_device *cdev,
				      unsigned long *state)
{
	struct etna_core *core = cdev->devdata;

	mutex_lock(&core->hw_lock);
	*state = core->freq_scale;
	mutex_unlock(&core->hw_lock);
	return 0;
}

/*
 * The core runs at FSCALE/64 of its clock, FSCALE = 64 >> state; a core
 * that is not powered gets it at its next reset (etna_reset()).
 */
static int etna_cooling_set_cur_state(struct thermal_cooling_device *cdev,
				      unsigned long state)
{
	struct etna_core *core = cdev->devdata;
	u32 clk;

	if (state > ETNA_MAX_FREQ_SCALE)
		return -EINVAL;
	mutex_lock(&core->hw_lock);
	core->freq_scale = state;
	if (core->hw_ready && etna_power_get_if_on(core)) {
		clk = etna_read(core, ETNA_CLOCK_CONTROL) &
		      ~(ETNA_CLK_FSCALE(~0u) | ETNA_CLK_IDLE_3D |
			ETNA_CLK_IDLE_2D);
		clk |= ETNA_CLK_FSCALE(64 >> state);
		etna_write(core, ETNA_CLOCK_CONTROL, clk | ETNA_CLK_FSCALE_LOAD);
		etna_write(core, ETNA_CLOCK_CONTROL, clk);
		etna_power_put(core);
	}
	mutex_unlock(&core->hw_lock);
	return 0;
}

static const struct thermal_cooling_device_ops etna_cooling_ops = {
	.get_max_state = etna_cooling_get_max_state,
	.get_cur_state = etna_cooling_get_cur_state,
	.set_cur_state = etna_cooling_set_cur_state,
};

/* Runtime PM with autosuspend, and the cooling device, at probe. */
static int etna_power_init(struct etna_core *core)
{
	struct device *dev = core->dev;
	struct thermal_cooling_device *cdev;
	int ret;

	if (!IS_ENABLED(CONFIG_PM)) {
		/* no runtime PM: the clocks run from probe to remove */
		ret = etna_clocks_on(core);
		if (ret)
			return ret;
		ret = devm_add_action_or_reset(dev, etna_clocks_off_action,
					       core);
		if (ret)
			return ret;
	}
	pm_runtime_set_autosuspend_delay(dev, ETNA_AUTOSUSPEND_MS);
	pm_runtime_use_autosuspend(dev);
	ret = devm_pm_runtime_enable(dev);
	if (ret)
		return ret;
	if (IS_ENABLED(CONFIG_THERMAL)) {
		cdev = devm_thermal_of_cooling_device_register(dev, dev->of_node,
							       "etnaviv", core,
							       &etna_cooling_ops);
		if (IS_ERR(cdev))
			return dev_err_probe(dev, PTR_ERR(cdev),
					     "cannot register the cooling device\n");
	}
	return 0;
}

/* ---- component and platform device ---------------------------------- */

static int etna_core_bind(struct device *dev, struct device *master,
			  void *data)
{
	struct etna_core *core = dev_get_drvdata(dev);
	struct etna_dev *edev = data;
	int ret;

	if (edev->nr_cores == ETNA_MAX_PIPES)
		return -ENOSPC;
	/* powered while it is identified and started */
	ret = pm_runtime_resume_and_get(dev);
	if (ret)
		return ret;
	core->bind_ref = true;
	core->edev = edev;
	core->pipe = edev->nr_cores;
	edev->cores[edev->nr_cores++] = core;
	return 0;
}

static void etna_core_unbind(struct device *dev, struct device *master,
			     void *data)
{
	struct etna_core *core = dev_get_drvdata(dev);

	core->edev = NULL;
	etna_core_refuse(core);
}

static const struct component_ops etna_core_component_ops = {
	.bind = etna_core_bind,
	.unbind = etna_core_unbind,
};

static int etna_core_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct etna_core *core;
	int ret;

	core = devm_kzalloc(dev, sizeof(*core), GFP_KERNEL);
	if (!core)
		return -ENOMEM;
	core->dev = dev;
	init_waitqueue_head(&core->idle_wq);
	mutex_init(&core->hw_lock);
	mutex_init(&core->submit_lock);
	init_waitqueue_head(&core->queue_wq);
	spin_lock_init(&core->event_lock);
	INIT_WORK(&core->sync_work, etna_pm_sync_work);

	core->mmio = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(core->mmio))
		return PTR_ERR(core->mmio);

	core->irq = platform_get_irq(pdev, 0);
	if (core->irq < 0)
		return core->irq;
	ret = devm_request_irq(dev, core->irq, etna_irq, IRQF_NO_AUTOEN,
			       dev_name(dev), core);
	if (ret)
		return dev_err_probe(dev, ret, "cannot get IRQ\n");

	core->clk_core = devm_clk_get(dev, "core");
	if (IS_ERR(core->clk_core))
		return dev_err_probe(dev, PTR_ERR(core->clk_core),
				     "no core clock\n");
	core->clk_bus = devm_clk_get_optional(dev, "bus");
	if (IS_ERR(core->clk_bus))
		return PTR_ERR(core->clk_bus);
	core->clk_reg = devm_clk_get_optional(dev, "reg");
	if (IS_ERR(core->clk_reg))
		return PTR_ERR(core->clk_reg);
	core->clk_shader = devm_clk_get_optional(dev, "shader");
	if (IS_ERR(core->clk_shader))
		return PTR_ERR(core->clk_shader);

	platform_set_drvdata(pdev, core);
	ret = etna_power_init(core);
	if (ret)
		return ret;
	return component_add(dev, &etna_core_component_ops);
}

static int etna_core_remove(struct platform_device *pdev)
{
	component_del(&pdev->dev, &etna_core_component_ops);
	return 0;
}

static const struct of_device_id etna_core_of_match[] = {
	{ .compatible = "vivante,gc" },
	{ }
};
MODULE_DEVICE_TABLE(of, etna_core_of_match);

struct platform_driver etna_core_driver = {
	.probe = etna_core_probe,
	.remove = etna_core_remove,
	.driver = {
		.name = "etnaviv-gpu",
		.of_match_table = etna_core_of_match,
		.pm = pm_ptr(&etna_core_pm_ops),
	},
};
