/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Performance counters (etna_perfmon.c), sampled at the ring's sync points,
 * and the engines' work counters for the hang check.
 */
#ifndef ETNA_PERFMON_H
#define ETNA_PERFMON_H

#include <linux/iosys-map.h>
#include <linux/types.h>
#include <drm/etnaviv_drm.h>

struct drm_gem_object;
struct etna_core;
struct etna_job;
struct work_struct;

/**
 * struct etna_pmr - a perfmon request of a job (etna_perfmon.c)
 * @obj: the buffer the sample goes to (the job holds it)
 * @map: its kernel mapping, until the job is freed
 * @flags: ETNA_PM_PROCESS_PRE or _POST (anything else: never sampled)
 * @domain: domain index in the job's exec-state list
 * @signal: signal index in the domain
 * @sequence: written into word 0 after the post samples
 * @offset: the sample's word in the buffer
 */
struct etna_pmr {
	struct drm_gem_object *obj;
	struct iosys_map map;
	u32 flags;
	u8 domain;
	u16 signal;
	u32 sequence, offset;
};

/* etna_perfmon.c */
int etna_pm_query_dom(struct etna_core *core,
		      struct drm_etnaviv_pm_domain *args);
int etna_pm_query_sig(struct etna_core *core,
		      struct drm_etnaviv_pm_signal *args);
int etna_pm_prepare(struct etna_job *job,
		    const struct drm_etnaviv_gem_submit_pmr *reqs, u32 nr);
void etna_pm_release(struct etna_job *job);
void etna_pm_sync_work(struct work_struct *work);
u32 etna_pm_work(struct etna_core *core);

#endif /* ETNA_PERFMON_H */
