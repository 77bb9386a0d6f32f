// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Performance counters
 *
 * A core's counters are grouped in domains, each a block of the GPU with
 * a counter select (MC_PROFILE_CONFIG0..2) and a read register
 * (MC_PROFILE_<block>_READ); a signal is one counter of a domain. The
 * lists, their names and their order are the UAPI: they are those of
 * Linux 6.1 (etnaviv_perfmon.c), so that Mesa's performance queries see
 * the same counters with either driver. A 3D engine has the domains HI,
 * PE, SH, PA, SE, RA, TX and MC; a 2D engine the domain PE with its one
 * pixel counter. PM_QUERY_DOM numbers a core's domains through its 3D
 * list, then its 2D list; a perfmon request of SUBMIT names a domain
 * within the list of its exec state.
 *
 * How a signal is read: most select their counter in the domain's select
 * field and read the domain's register; some live in each pixel pipe and
 * are summed over the pipes (HI_CLOCK_CONTROL.DEBUG_PIXEL_PIPE selects
 * one, pipe 0 is selected again afterwards); the memory byte counters are
 * registers of their own, also per pipe; the cycle counters sit in other
 * registers on GC880, GC2000 and GC2100 (docs: sim/doc/perfmon.md).
 *
 * Sampling: a job with perfmon requests asks the ring for sync points
 * (etna_ring.c): the FE stops before the job, for the
 * ETNA_PM_PROCESS_PRE requests, and after it, for the
 * ETNA_PM_PROCESS_POST ones. etna_pm_sync_work() takes each stop from the
 * ring, samples with the debug registers on and the module clock gating
 * off, writes the values into the requests' buffers (after the post
 * samples, each request's sequence into word 0 of its buffer), and
 * releases the stop: after the job, the ring then signals the job's
 * fence, so every value has landed when it signals. This file uses the
 * ring's interface; the ring never calls in here.
 */
#include <linux/iosys-map.h>

#include "etna_bo.h"
#include "etna_core.h"
#include "etna_job.h"
#include "etna_perfmon.h"
#include "etna_regs.h"

/* How a signal is read. */
enum etna_pm_how {
	PM_SEL,		/* select, read the domain's register */
	PM_SEL_PIPES,	/* the same in every pixel pipe, summed */
	PM_REG_PIPES,	/* a register of its own in every pixel pipe, summed */
	PM_CYCLES,	/* total cycles */
	PM_IDLE,	/* idle cycles */
};

struct etna_pm_sig {
	const char *name;
	u8 how;
	u8 sel;		/* the select value (PM_SEL*) */
	u16 reg;	/* the register (PM_REG_PIPES) */
};

struct etna_pm_dom {
	const char *name;
	u16 config, read;	/* select register, read register */
	u8 shift;		/* the domain's select field in @config */
	u8 nr;
	const struct etna_pm_sig *sigs;
};

#define SIG(n, h, s)	{ .name = #n, .how = (h), .sel = (s) }
#define REGS(n, r)	{ .name = #n, .how = PM_REG_PIPES, .reg = (r) }

static const struct etna_pm_sig hi_sigs[] = {
	REGS(TOTAL_READ_BYTES8, ETNA_PROFILE_READ_BYTES8),
	REGS(TOTAL_WRITE_BYTES8, ETNA_PROFILE_WRITE_BYTES8),
	SIG(TOTAL_CYCLES, PM_CYCLES, 0),
	SIG(IDLE_CYCLES, PM_IDLE, 0),
	SIG(AXI_CYCLES_READ_REQUEST_STALLED, PM_SEL,
	    ETNA_PROF_HI_AXI_CYCLES_READ_REQUEST_STALLED),
	SIG(AXI_CYCLES_WRITE_REQUEST_STALLED, PM_SEL,
	    ETNA_PROF_HI_AXI_CYCLES_WRITE_REQUEST_STALLED),
	SIG(AXI_CYCLES_WRITE_DATA_STALLED, PM_SEL,
	    ETNA_PROF_HI_AXI_CYCLES_WRITE_DATA_STALLED),
};

static const struct etna_pm_sig pe_sigs[] = {
	SIG(PIXEL_COUNT_KILLED_BY_COLOR_PIPE, PM_SEL_PIPES,
	    ETNA_PROF_PE_PIXEL_COUNT_KILLED_BY_COLOR_PIPE),
	SIG(PIXEL_COUNT_KILLED_BY_DEPTH_PIPE, PM_SEL_PIPES,
	    ETNA_PROF_PE_PIXEL_COUNT_KILLED_BY_DEPTH_PIPE),
	SIG(PIXEL_COUNT_DRAWN_BY_COLOR_PIPE, PM_SEL_PIPES,
	    ETNA_PROF_PE_PIXEL_COUNT_DRAWN_BY_COLOR_PIPE),
	SIG(PIXEL_COUNT_DRAWN_BY_DEPTH_PIPE, PM_SEL_PIPES,
	    ETNA_PROF_PE_PIXEL_COUNT_DRAWN_BY_DEPTH_PIPE),
};

static const struct etna_pm_sig sh_sigs[] = {
	SIG(SHADER_CYCLES, PM_SEL, ETNA_PROF_SH_SHADER_CYCLES),
	SIG(PS_INST_COUNTER, PM_SEL, ETNA_PROF_SH_PS_INST_COUNTER),
	SIG(RENDERED_PIXEL_COUNTER, PM_SEL,
	    ETNA_PROF_SH_RENDERED_PIXEL_COUNTER),
	SIG(VS_INST_COUNTER, PM_SEL_PIPES, ETNA_PROF_SH_VS_INST_COUNTER),
	SIG(RENDERED_VERTICE_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_SH_RENDERED_VERTICE_COUNTER),
	SIG(VTX_BRANCH_INST_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_SH_VTX_BRANCH_INST_COUNTER),
	SIG(VTX_TEXLD_INST_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_SH_VTX_TEXLD_INST_COUNTER),
	SIG(PXL_BRANCH_INST_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_SH_PXL_BRANCH_INST_COUNTER),
	SIG(PXL_TEXLD_INST_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_SH_PXL_TEXLD_INST_COUNTER),
};

static const struct etna_pm_sig pa_sigs[] = {
	SIG(INPUT_VTX_COUNTER, PM_SEL, ETNA_PROF_PA_INPUT_VTX_COUNTER),
	SIG(INPUT_PRIM_COUNTER, PM_SEL, ETNA_PROF_PA_INPUT_PRIM_COUNTER),
	SIG(OUTPUT_PRIM_COUNTER, PM_SEL, ETNA_PROF_PA_OUTPUT_PRIM_COUNTER),
	SIG(DEPTH_CLIPPED_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_PA_DEPTH_CLIPPED_COUNTER),
	SIG(TRIVIAL_REJECTED_COUNTER, PM_SEL_PIPES,
	    ETNA_PROF_PA_TRIVIAL_REJECTED_COUNTER),
	SIG(CULLED_COUNTER, PM_SEL_PIPES, ETNA_PROF_PA_CULLED_COUNTER),
};

static const struct etna_pm_sig se_sigs[] = {
	SIG(CULLED_TRIANGLE_COUNT, PM_SEL, ETNA_PROF_SE_CULLED_TRIANGLE_COUNT),
	SIG(CULLED_LINES_COUNT, PM_SEL, ETNA_PROF_SE_CULLED_LINES_COUNT),
};

static const struct etna_pm_sig ra_sigs[] = {
	SIG(VALID_PIXEL_COUNT, PM_SEL, ETNA_PROF_RA_VALID_PIXEL_COUNT),
	SIG(TOTAL_QUAD_COUNT, PM_SEL, ETNA_PROF_RA_TOTAL_QUAD_COUNT),
	SIG(VALID_QUAD_COUNT_AFTER_EARLY_Z, PM_SEL,
	    ETNA_PROF_RA_VALID_QUAD_COUNT_AFTER_EARLY_Z),
	SIG(TOTAL_PRIMITIVE_COUNT, PM_SEL, ETNA_PROF_RA_TOTAL_PRIMITIVE_COUNT),
	SIG(PIPE_CACHE_MISS_COUNTER, PM_SEL,
	    ETNA_PROF_RA_PIPE_CACHE_MISS_COUNTER),
	SIG(PREFETCH_CACHE_MISS_COUNTER, PM_SEL,
	    ETNA_PROF_RA_PREFETCH_CACHE_MISS_COUNTER),
	SIG(CULLED_QUAD_COUNT, PM_SEL, ETNA_PROF_RA_CULLED_QUAD_COUNT),
};

static const struct etna_pm_sig tx_sigs[] = {
	SIG(TOTAL_BILINEAR_REQUESTS, PM_SEL,
	    ETNA_PROF_TX_TOTAL_BILINEAR_REQUESTS),
	SIG(TOTAL_TRILINEAR_REQUESTS, PM_SEL,
	    ETNA_PROF_TX_TOTAL_TRILINEAR_REQUESTS),
	SIG(TOTAL_DISCARDED_TEXTURE_REQUESTS, PM_SEL,
	    ETNA_PROF_TX_TOTAL_DISCARDED_TEXTURE_REQUESTS),
	SIG(TOTAL_TEXTURE_REQUESTS, PM_SEL,
	    ETNA_PROF_TX_TOTAL_TEXTURE_REQUESTS),
	SIG(MEM_READ_COUNT, PM_SEL, ETNA_PROF_TX_MEM_READ_COUNT),
	SIG(MEM_READ_IN_8B_COUNT, PM_SEL, ETNA_PROF_TX_MEM_READ_IN_8B_COUNT),
	SIG(CACHE_MISS_COUNT, PM_SEL, ETNA_PROF_TX_CACHE_MISS_COUNT),
	SIG(CACHE_HIT_TEXEL_COUNT, PM_SEL, ETNA_PROF_TX_CACHE_HIT_TEXEL_COUNT),
	SIG(CACHE_MISS_TEXEL_COUNT, PM_SEL,
	    ETNA_PROF_TX_CACHE_MISS_TEXEL_COUNT),
};

static const struct etna_pm_sig mc_sigs[] = {
	SIG(TOTAL_READ_REQ_8B_FROM_PIPELINE, PM_SEL,
	    ETNA_PROF_MC_TOTAL_READ_REQ_8B_FROM_PIPELINE),
	SIG(TOTAL_READ_REQ_8B_FROM_IP, PM_SEL,
	    ETNA_PROF_MC_TOTAL_READ_REQ_8B_FROM_IP),
	SIG(TOTAL_WRITE_REQ_8B_FROM_PIPELINE, PM_SEL,
	    ETNA_PROF_MC_TOTAL_WRITE_REQ_8B_FROM_PIPELINE),
};

static const struct etna_pm_sig pe2d_sigs[] = {
	SIG(PIXELS_RENDERED_2D, PM_SEL_PIPES, ETNA_PROF_PE_PIXELS_RENDERED_2D),
};

/* Domain @n: its select in CONFIG@cfg, read at @blk's register, @tag_sigs */
#define DOM(n, cfg, blk, tag) {						\
	.name = #n, .config = ETNA_MC_PROFILE_CONFIG##cfg,		\
	.read = ETNA_MC_PROFILE_##blk##_READ,				\
	.shift = ETNA_PROF_##blk##_SHIFT,				\
	.nr = ARRAY_SIZE(tag##_sigs), .sigs = tag##_sigs }

static const struct etna_pm_dom doms_3d[] = {
	DOM(HI, 2, HI, hi),
	DOM(PE, 0, PE, pe),
	DOM(SH, 0, SH, sh),
	DOM(PA, 1, PA, pa),
	DOM(SE, 1, SE, se),
	DOM(RA, 1, RA, ra),
	DOM(TX, 1, TX, tx),
	DOM(MC, 2, MC, mc),
};

static const struct etna_pm_dom doms_2d[] = {
	DOM(PE, 0, PE, pe2d),
};

/* The domain list of an exec state (ETNA_PIPE_*); VG has none. */
static const struct etna_pm_dom *etna_pm_list(u32 exec_state, u32 *nr)
{
	switch (exec_state) {
	case ETNA_PIPE_3D:
		*nr = ARRAY_SIZE(doms_3d);
		return doms_3d;
	case ETNA_PIPE_2D:
		*nr = ARRAY_SIZE(doms_2d);
		return doms_2d;
	}
	*nr = 0;
	return NULL;
}

/* Domain @index in the core's numbering (3D list, then 2D), or NULL. */
static const struct etna_pm_dom *etna_pm_dom_at(struct etna_core *core,
						u32 index, u32 *total)
{
	const struct etna_pm_dom *found = NULL;
	static const u32 engines[][2] = {
		{ ETNA_FEAT_PIPE_3D, ETNA_PIPE_3D },
		{ ETNA_FEAT_PIPE_2D, ETNA_PIPE_2D },
	};
	const struct etna_pm_dom *list;
	u32 i, nr, base = 0;

	for (i = 0; i < ARRAY_SIZE(engines); i++) {
		if (!(core->id.features & engines[i][0]))
			continue;
		list = etna_pm_list(engines[i][1], &nr);
		if (!found && index >= base && index - base < nr)
			found = &list[index - base];
		base += nr;
	}
	*total = base;
	return found;
}

/**
 * etna_pm_query_dom() - PM_QUERY_DOM: describe domain @args->iter
 * @core: the core
 * @args: the request
 *
 * Return: 0, or -EINVAL past the last domain.
 */
int etna_pm_query_dom(struct etna_core *core,
		      struct drm_etnaviv_pm_domain *args)
{
	const struct etna_pm_dom *dom;
	u32 total;

	dom = etna_pm_dom_at(core, args->iter, &total);
	if (!dom)
		return -EINVAL;
	args->id = args->iter;
	args->nr_signals = dom->nr;
	strscpy_pad(args->name, dom->name, sizeof(args->name));
	args->iter = args->iter + 1u == total ? 0xff : args->iter + 1;
	return 0;
}

/**
 * etna_pm_query_sig() - PM_QUERY_SIG: describe signal @args->iter of
 *	domain @args->domain
 * @core: the core
 * @args: the request
 *
 * Return: 0, or -EINVAL for an unknown domain or signal.
 */
int etna_pm_query_sig(struct etna_core *core,
		      struct drm_etnaviv_pm_signal *args)
{
	const struct etna_pm_dom *dom;
	u32 total;

	dom = etna_pm_dom_at(core, args->domain, &total);
	if (!dom || args->iter >= dom->nr)
		return -EINVAL;
	args->id = args->iter;
	strscpy_pad(args->name, dom->sigs[args->iter].name,
		    sizeof(args->name));
	args->iter = args->iter + 1u == dom->nr ? 0xffff : args->iter + 1;
	return 0;
}

/**
 * etna_pm_prepare() - check a submit's perfmon requests and keep them
 * @job: the job; its buffers are looked up
 * @reqs: the requests, copied from user space
 * @nr: how many
 *
 * Each request's buffer is mapped into the kernel until the job is
 * freed (etna_pm_release()).
 *
 * Return: 0, or -EINVAL for a bad request (in Linux 6.1's order: buffer
 * index, offset 0, offset outside the buffer, flags, domain or signal),
 * or the error of the mapping.
 */
int etna_pm_prepare(struct etna_job *job,
		    const struct drm_etnaviv_gem_submit_pmr *reqs, u32 nr)
{
	const struct etna_pm_dom *list;
	struct drm_gem_object *obj;
	struct etna_pmr *p;
	u32 i, nr_doms;
	int ret;

	if (!nr)
		return 0;
	job->pmrs = kcalloc(nr, sizeof(*job->pmrs), GFP_KERNEL);
	if (!job->pmrs)
		return -ENOMEM;
	list = etna_pm_list(job->exec_state, &nr_doms);
	for (i = 0; i < nr; i++) {
		if (reqs[i].read_idx >= job->nr_bos)
			return -EINVAL;
		obj = job->bos[reqs[i].read_idx];
		/* word 0 takes the sequence; a sample is a whole word */
		if (!reqs[i].read_offset ||
		    reqs[i].read_offset >= obj->size / 4)
			return -EINVAL;
		if (reqs[i].flags &
		    ~(ETNA_PM_PROCESS_PRE | ETNA_PM_PROCESS_POST))
			return -EINVAL;
		if (reqs[i].domain >= nr_doms ||
		    reqs[i].signal >= list[reqs[i].domain].nr)
			return -EINVAL;
		/* user memory is not mapped into the kernel (etna_bo.c) */
		if (to_etna_bo(obj)->uptr)
			return -EINVAL;
		p = &job->pmrs[i];
		ret = drm_gem_shmem_vmap(&to_etna_bo(obj)->shmem, &p->map);
		if (ret)
			return ret;
		p->obj = obj;
		p->flags = reqs[i].flags;
		p->domain = reqs[i].domain;
		p->signal = reqs[i].signal;
		p->sequence = reqs[i].sequence;
		p->offset = reqs[i].read_offset;
		job->nr_pmrs = i + 1;
	}
	job->sync_points = true;
	return 0;
}

/**
 * etna_pm_release() - unmap the buffers of a job's perfmon requests
 * @job: the job
 */
void etna_pm_release(struct etna_job *job)
{
	u32 i;

	for (i = 0; i < job->nr_pmrs; i++)
		drm_gem_shmem_vunmap(&to_etna_bo(job->pmrs[i].obj)->shmem,
				     &job->pmrs[i].map);
	kfree(job->pmrs);
	job->pmrs = NULL;
	job->nr_pmrs = 0;
}

static void etna_pm_pipe(struct etna_core *core, u32 clk, u32 pipe)
{
	etna_write(core, ETNA_CLOCK_CONTROL,
		   (clk & ~ETNA_CLK_DEBUG_PIXEL_PIPE_MASK) |
		   ETNA_CLK_DEBUG_PIXEL_PIPE(pipe));
}

static bool etna_pm_cycles_in_mc(struct etna_core *core)
{
	return core->id.model == ETNA_CHIP_MODEL_GC880 ||
	       core->id.model == ETNA_CHIP_MODEL_GC2000 ||
	       core->id.model == ETNA_CHIP_MODEL_GC2100;
}

/* The value of signal @sig of domain @dom now. */
static u32 etna_pm_read(struct etna_core *core, const struct etna_pm_dom *dom,
			const struct etna_pm_sig *sig)
{
	u32 clk, pipe, pipes, sum = 0;

	lockdep_assert_held(&core->hw_lock);
	switch (sig->how) {
	case PM_CYCLES:
		return etna_read(core, etna_pm_cycles_in_mc(core) ?
				 ETNA_MC_PROFILE_CYCLE_COUNTER :
				 ETNA_PROFILE_TOTAL_CYCLES);
	case PM_IDLE:
		return etna_read(core, etna_pm_cycles_in_mc(core) ?
				 ETNA_PROFILE_TOTAL_CYCLES :
				 ETNA_PROFILE_IDLE_CYCLES);
	case PM_SEL:
		etna_write(core, dom->config, (u32)sig->sel << dom->shift);
		return etna_read(core, dom->read);
	}
	clk = etna_read(core, ETNA_CLOCK_CONTROL) &
	      ~(ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D);
	pipes = max(core->id.pixel_pipes, 1u);
	for (pipe = 0; pipe < pipes; pipe++) {
		etna_pm_pipe(core, clk, pipe);
		if (sig->how == PM_REG_PIPES) {
			sum += etna_read(core, sig->reg);
		} else {
			etna_write(core, dom->config,
				   (u32)sig->sel << dom->shift);
			sum += etna_read(core, dom->read);
		}
	}
	etna_pm_pipe(core, clk, 0);	/* pipe 0 is the one the GPU runs on */
	return sum;
}

/* Sample the requests of @job that ask for @when into their buffers. */
static void etna_pm_sample(struct etna_core *core, struct etna_job *job,
			   u32 when)
{
	const struct etna_pm_dom *dom;
	struct etna_pmr *p;
	u32 i, nr, sample;

	lockdep_assert_held(&core->hw_lock);
	for (i = 0; i < job->nr_pmrs; i++) {
		p = &job->pmrs[i];
		if (p->flags != when)
			continue;
		dom = &etna_pm_list(job->exec_state, &nr)[p->domain];
		/* not "val": iosys_map_wr() declares one of its own */
		sample = etna_pm_read(core, dom, &dom->sigs[p->signal]);
		iosys_map_wr(&p->map, p->offset * 4, u32, sample);
	}
}

/* Debug registers on and module clock gating off for sampling, or back. */
static void etna_pm_debug(struct etna_core *core, bool on)
{
	u32 clk, pm;

	lockdep_assert_held(&core->hw_lock);
	clk = etna_read(core, ETNA_CLOCK_CONTROL) &
	      ~(ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D);
	pm = etna_read(core, ETNA_PM_POWER_CONTROLS);
	if (on) {
		etna_write(core, ETNA_PM_POWER_CONTROLS,
			   pm & ~ETNA_PM_MODULE_CLOCK_GATING);
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk & ~ETNA_CLK_DISABLE_DEBUG_REGS);
	} else {
		etna_write(core, ETNA_CLOCK_CONTROL,
			   clk | ETNA_CLK_DISABLE_DEBUG_REGS);
		etna_write(core, ETNA_PM_POWER_CONTROLS,
			   pm | ETNA_PM_MODULE_CLOCK_GATING);
	}
}

/*
 * The engines' work counters the hang check watches, per pixel pipe: the
 * PE's pixels of the 2D engine, the 3D pixels that reached the depth test
 * (passed or killed), and the words written to memory (the resolve engine
 * and every other writer). The FE's command fetches are left out: a FE
 * looping on itself fetches for ever and does no work.
 */
static const u32 etna_pm_work_sels[] = {
	ETNA_PROF_PE_PIXELS_RENDERED_2D,
	ETNA_PROF_PE_PIXEL_COUNT_DRAWN_BY_DEPTH_PIPE,
	ETNA_PROF_PE_PIXEL_COUNT_KILLED_BY_DEPTH_PIPE,
};

/**
 * etna_pm_work() - the sum of the engines' work counters
 * @core: the core
 *
 * For the hang check (etna_sched.c): while an engine works, the FE waits
 * at the command that started it, and only these counters move. They only
 * count up (modulo 2^32) until a reset, so their sum changes whenever one
 * of them does. Read with the debug registers on and the module clock
 * gating off, as perfmon samples; both are put back as they were, pipe 0
 * selected again. Takes the core's hw_lock.
 *
 * Return: the sum.
 */
u32 etna_pm_work(struct etna_core *core)
{
	u32 clk0, clk, pm, pipe, pipes, i, sum = 0;

	mutex_lock(&core->hw_lock);
	clk0 = etna_read(core, ETNA_CLOCK_CONTROL) &
	       ~(ETNA_CLK_IDLE_3D | ETNA_CLK_IDLE_2D);
	pm = etna_read(core, ETNA_PM_POWER_CONTROLS);
	etna_write(core, ETNA_PM_POWER_CONTROLS,
		   pm & ~ETNA_PM_MODULE_CLOCK_GATING);
	clk = clk0 & ~ETNA_CLK_DISABLE_DEBUG_REGS;
	pipes = max(core->id.pixel_pipes, 1u);
	for (pipe = 0; pipe < pipes; pipe++) {
		etna_pm_pipe(core, clk, pipe);
		sum += etna_read(core, ETNA_PROFILE_WRITE_BYTES8);
		for (i = 0; i < ARRAY_SIZE(etna_pm_work_sels); i++) {
			etna_write(core, ETNA_MC_PROFILE_CONFIG0,
				   etna_pm_work_sels[i] << ETNA_PROF_PE_SHIFT);
			sum += etna_read(core, ETNA_MC_PROFILE_PE_READ);
		}
	}
	etna_pm_pipe(core, clk, 0);
	etna_write(core, ETNA_CLOCK_CONTROL, clk0);
	etna_write(core, ETNA_PM_POWER_CONTROLS, pm);
	mutex_unlock(&core->hw_lock);
	return sum;
}

/**
 * etna_pm_sync_work() - sample at the sync points the FE stopped at
 * @work: etna_core.sync_work
 *
 * The FE stops at one sync point at a time: sample, then let the ring
 * release the stop (after the job, that signals the job's fence).
 */
void etna_pm_sync_work(struct work_struct *work)
{
	struct etna_core *core = container_of(work, struct etna_core,
					      sync_work);
	struct etna_sync_stop stop;
	struct etna_job *job;
	u32 i;

	mutex_lock(&core->hw_lock);
	while (etna_sync_next(core, &stop)) {
		job = stop.job;
		if (stop.post) {
			etna_pm_sample(core, job, ETNA_PM_PROCESS_POST);
			etna_pm_debug(core, false);
			for (i = 0; i < job->nr_pmrs; i++)
				iosys_map_wr(&job->pmrs[i].map, 0, u32,
					     job->pmrs[i].sequence);
			wmb();	/* the samples land before the fence signals */
		} else {
			etna_pm_debug(core, true);
			etna_pm_sample(core, job, ETNA_PM_PROCESS_PRE);
		}
		etna_sync_release(core, &stop);
	}
	mutex_unlock(&core->hw_lock);
}
