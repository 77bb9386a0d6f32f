// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: A core
 *
 * One Vivante GC core: the platform device with its registers, clocks and
 * interrupt, a component the DRM device binds; its reset and the setup of
 * its registers after one; its interrupt, which signals the events of the
 * ring (etna_ring.c) and reports bus errors and MMU faults; and the
 * recovery from a hang, which resets the core and restarts its ring. The
 * core's clocks stay on from probe to remove.
 */
#include <linux/clk.h>
#include <linux/component.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

#include "etna_drv.h"
#include "etna_regs.h"

/* ---- reset and bring-up ------------------------------------------- */

static int etna_reset(struct etna_core *core)
{
	unsigned long deadline = jiffies + HZ;
	u32 clk = ETNA_CLK_FSCALE(64);
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
				    "MMU fault: client %d, address 0x%08x: %s, job of %s[%d]\n",
				    slot, addr,
				    code < ARRAY_SIZE(reason) ? reason[code] :
				    "unknown", hf ? hf->comm : "(unknown)",
				    hf ? hf->pid : 0);
	}
	if (!status)
		dev_err_ratelimited(core->dev, "MMU exception, job of %s[%d]\n",
				    hf ? hf->comm : "(unknown)", hf ? hf->pid : 0);
	if (hf && hf->finished)
		dma_fence_set_error(hf->finished, -EFAULT);
}

static irqreturn_t etna_irq(int irq, void *data)
{
	struct etna_core *core = data;
	unsigned long flags, events, sync;
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
	/* at a sync point the FE has stopped: sample, then signal (post) */
	sync = events & core->sync_mask;
	if (sync) {
		core->sync_hit |= sync;
		events &= ~sync;
		schedule_work(&core->sync_work);
	}
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
	return 0;
}

/**
 * etna_core_stop() - stop a core started by etna_core_init()
 * @core: the core; its scheduler is stopped
 *
 * Resets it: the jobs it had fail with -ENODEV.
 */
void etna_core_stop(struct etna_core *core)
{
	disable_irq(core->irq);
	cancel_work_sync(&core->sync_work);
	mutex_lock(&core->hw_lock);
	etna_reset(core);
	etna_events_cancel(core, -ENODEV);
	/* the next etna_core_init() finds it as at probe */
	core->fe_running = false;
	atomic_set(&core->axi_pending, 0);
	etna_vm_put(core->vm);
	core->vm = NULL;
	mutex_unlock(&core->hw_lock);
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

/* ---- component and platform device ---------------------------------- */

static int etna_core_bind(struct device *dev, struct device *master,
			  void *data)
{
	struct etna_core *core = dev_get_drvdata(dev);
	struct etna_dev *edev = data;

	if (edev->nr_cores == ETNA_MAX_PIPES)
		return -ENOSPC;
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

	core->clk_core = devm_clk_get_enabled(dev, "core");
	if (IS_ERR(core->clk_core))
		return dev_err_probe(dev, PTR_ERR(core->clk_core),
				     "no core clock\n");
	core->clk_bus = devm_clk_get_optional_enabled(dev, "bus");
	if (IS_ERR(core->clk_bus))
		return PTR_ERR(core->clk_bus);
	core->clk_reg = devm_clk_get_optional_enabled(dev, "reg");
	if (IS_ERR(core->clk_reg))
		return PTR_ERR(core->clk_reg);
	core->clk_shader = devm_clk_get_optional_enabled(dev, "shader");
	if (IS_ERR(core->clk_shader))
		return PTR_ERR(core->clk_shader);

	platform_set_drvdata(pdev, core);
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
	},
};
