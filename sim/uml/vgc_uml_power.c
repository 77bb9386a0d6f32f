// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's UML shell: each core's clocks, gates of the model node's
 * clocks with a divider each ("#clock-cells = <2>": the core's index
 * among the children, then 0 bus, 1 core, 2 shader), and its power
 * domain (a genpd, "#power-domain-cells = <1>"); the core's registers
 * answer only while its core clock runs and its domain is on, and the
 * domain going off loses its state (vgc.h, vgc_set_power()).
 */
#include <linux/slab.h>

#include "vgc_uml.h"

static const char * const vgc_gate_names[VGC_NR_GATES] = {
	"bus", "core", "shader",
};

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

struct clk_hw *vgc_clk_xlate(struct of_phandle_args *args, void *data)
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

void vgc_del_gates(struct vgc_dev *vd, unsigned int n)
{
	while (n--)
		clk_hw_unregister(&vd->gate[n].hw);
}

/* The core's gates and domain, all off as at power-on of the SoC. */
int vgc_add_power(struct device *dev, struct vgc_dev *vd)
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
