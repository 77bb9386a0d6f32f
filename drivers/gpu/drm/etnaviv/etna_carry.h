/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tile-status states a file's job may take from the file's previous
 * job on the same core (etna_carry.c).
 */
#ifndef __ETNA_CARRY_H__
#define __ETNA_CARRY_H__

#include <linux/types.h>
#include <drm/etnaviv_drm.h>

#include "etna_validate.h"

struct drm_gem_object;
struct etna_file;
struct etna_job;

/**
 * struct etna_carry - the tile-status states a file's jobs left on a core
 * @known: the states with a value (bits by enum etna_tsr)
 * @val: the values of the states that are not addresses
 * @obj: address states: the buffer the address points into (a reference)
 * @offset: and the address's offset in it
 */
struct etna_carry {
	unsigned long known;
	u32 val[ETNA_TSR_COUNT];
	struct drm_gem_object *obj[ETNA_TSR_COUNT];
	u32 offset[ETNA_TSR_COUNT];
};

/* The buffers a job may take from the carry, at most. */
#define ETNA_CARRY_BOS			4

void etna_carry_get(struct etna_file *ef, unsigned int pipe,
		    struct etna_carry *c);
void etna_carry_set(struct etna_file *ef, unsigned int pipe,
		    struct etna_carry *c);
void etna_carry_put(struct etna_carry *c);
void etna_carry_release(struct etna_file *ef);
u32 etna_carry_join(struct etna_job *job, struct drm_etnaviv_gem_submit_bo *bos,
		    const struct etna_carry *c, u32 *idx);
void etna_carry_in(const struct etna_job *job, const struct etna_carry *c,
		   const u32 *idx, struct etna_tsr_set *in);
void etna_carry_update(struct etna_carry *c, const struct etna_tsr_out *out,
		       const struct etna_job *job,
		       const struct drm_etnaviv_gem_submit_reloc *relocs);
unsigned int etna_carry_prologue_words(const struct etna_tsr_set *in);
void etna_carry_prologue(const struct etna_tsr_set *in, u32 *cmd);

#endif /* __ETNA_CARRY_H__ */
