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
 *
 * This file probes and adds the cores; the rest is a file per concern
 * (vgc_uml.h): the register window, memory and interrupts, the FE thread,
 * clocks and power domains, debugfs.
 */
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/irq_sim.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include "vgc_uml.h"

struct vgc_dev *vgc_devs[VGC_MAX_CORES];
unsigned int vgc_nr_devs;
static struct generic_pm_domain *vgc_pds[VGC_MAX_CORES];
static struct genpd_onecell_data vgc_pd_data = { .domains = vgc_pds };

static int vgc_add_core(struct device *dev, struct device_node *np,
			const char *ident, struct irq_domain *domain)
{
	const struct vgc_ident *id = vgc_ident_find(ident);
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

	vgc_debugfs_add(vd);

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
	struct resource res;
	phys_addr_t lo = ~(phys_addr_t)0, hi = 0;
	const char *ident;
	unsigned int n = 0;
	int ret;

	if (vgc_io_has_window())
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

	ret = vgc_io_add_window(dev, lo, hi);
	if (ret)
		return ret;

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
	vgc_debugfs_init();
	return platform_driver_register(&vgc_driver);
}
module_init(vgc_model_init);

MODULE_DESCRIPTION("Device model of Vivante GC GPU cores for UML");
MODULE_LICENSE("GPL");
