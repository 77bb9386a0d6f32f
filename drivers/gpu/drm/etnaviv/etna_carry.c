// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Tile status carried from a file's previous job
 *
 * Mesa (22.3, and the releases around it) sets up a resolve from a
 * surface with tile status by loading TS_MEM_CONFIG, the status and
 * surface addresses and the clear value, and then reserves room in its
 * command buffer for the resolve's own states. When the buffer is full,
 * that reservation submits it, and the resolve lands at the start of the
 * next submit, without the tile-status states: silicon runs it with
 * whatever the core's states hold, and upstream's driver, which bounds no
 * footprint, lets it. On MMUv1 the validator cannot bound a resolve with
 * states it has not seen, so it refuses a stream that reads a tile-status
 * state it did not load (etna_validate_rs.c).
 *
 * So each file keeps, per core, the tile-status states its accepted 3D
 * jobs left (struct etna_carry: the values, and for each address the
 * buffer, held by a reference, and the offset in it). A stream refused
 * for want of one of them only is walked again with them taken as loaded
 * before it. If it passes, the buffers they point into join the job like
 * the client's own (mapped in its space, charged to it, fenced for
 * writing), the addresses are those of this job's mappings, and the
 * kernel loads the states at the start of the job's command buffer, in
 * front of the client's stream: the core may have run another client's
 * jobs in between, and the job runs with the states it was checked with.
 * A file's jobs on one core run in the order they are submitted, so what
 * they left is what the core would hold had no other client run; with
 * several threads submitting at once the order is theirs to keep.
 *
 * Locking: etna_file.carry_lock (a spinlock, innermost) protects the
 * file's carries; a submit works on a copy with references of its own
 * and installs the updated copy once its job is pushed.
 */

#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <drm/drm_gem.h>

#include "etna_carry.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_regs.h"
#include "etna_vm.h"

/**
 * etna_carry_get() - a copy of what the file's jobs left on a core
 * @ef: the file
 * @pipe: the core's index
 * @c: the copy, with references of its own on the buffers
 */
void etna_carry_get(struct etna_file *ef, unsigned int pipe,
		    struct etna_carry *c)
{
	unsigned int t;

	spin_lock(&ef->carry_lock);
	*c = ef->carry[pipe];
	for (t = 0; t < ETNA_TSR_COUNT; t++)
		if (c->obj[t])
			drm_gem_object_get(c->obj[t]);
	spin_unlock(&ef->carry_lock);
}

/**
 * etna_carry_put() - drop a carry's references, and forget its states
 * @c: the carry
 */
void etna_carry_put(struct etna_carry *c)
{
	unsigned int t;

	for (t = 0; t < ETNA_TSR_COUNT; t++) {
		if (c->obj[t])
			drm_gem_object_put(c->obj[t]);
		c->obj[t] = NULL;
	}
	c->known = 0;
}

/**
 * etna_carry_set() - what the file's jobs now leave on a core
 * @ef: the file
 * @pipe: the core's index
 * @c: the states; its references go to the file, and @c is left empty
 */
void etna_carry_set(struct etna_file *ef, unsigned int pipe,
		    struct etna_carry *c)
{
	struct etna_carry old;

	spin_lock(&ef->carry_lock);
	old = ef->carry[pipe];
	ef->carry[pipe] = *c;
	spin_unlock(&ef->carry_lock);
	memset(c, 0, sizeof(*c));
	etna_carry_put(&old);
}

/**
 * etna_carry_release() - a closing file lets go of its carries
 * @ef: the file, which no submit uses any more
 */
void etna_carry_release(struct etna_file *ef)
{
	unsigned int i;

	for (i = 0; i < ETNA_MAX_PIPES; i++)
		etna_carry_put(&ef->carry[i]);
}

/**
 * etna_carry_join() - add the buffers of a carry's addresses to a job
 * @job: the job, with room for ETNA_CARRY_BOS buffers past its own
 * @bos: the submit's table of buffers, with the same room: an added
 *	buffer is read and written
 * @c: the carry
 * @idx: for each address state of @c, its buffer's index in the job
 *
 * A buffer the job has already keeps its place (and the client's flags).
 *
 * Return: the number of buffers added, after the job's own.
 */
u32 etna_carry_join(struct etna_job *job, struct drm_etnaviv_gem_submit_bo *bos,
		    const struct etna_carry *c, u32 *idx)
{
	u32 added = 0, i;
	unsigned int t;

	for_each_set_bit(t, &c->known, ETNA_TSR_COUNT) {
		if (!(BIT(t) & ETNA_TSR_ADDRS))
			continue;
		for (i = 0; i < job->nr_bos && job->bos[i] != c->obj[t]; i++)
			;
		if (i == job->nr_bos) {
			drm_gem_object_get(c->obj[t]);
			job->bos[job->nr_bos++] = c->obj[t];
			bos[i] = (struct drm_etnaviv_gem_submit_bo){
				.flags = ETNA_SUBMIT_BO_READ |
					 ETNA_SUBMIT_BO_WRITE,
			};
			added++;
		}
		idx[t] = i;
	}
	return added;
}

/**
 * etna_carry_in() - the states a job loads before its stream
 * @job: the job, its buffers mapped
 * @c: the carry
 * @idx: where etna_carry_join() put the buffers of @c's addresses
 * @in: the states, the addresses those of the job's mappings
 */
void etna_carry_in(const struct etna_job *job, const struct etna_carry *c,
		   const u32 *idx, struct etna_tsr_set *in)
{
	unsigned int t;

	memset(in, 0, sizeof(*in));
	in->known = c->known;
	for_each_set_bit(t, &c->known, ETNA_TSR_COUNT) {
		if (!(BIT(t) & ETNA_TSR_ADDRS)) {
			in->val[t] = c->val[t];
			continue;
		}
		in->val[t] = job->maps[idx[t]]->node.start + c->offset[t];
		in->room[t] = c->obj[t]->size - c->offset[t];
	}
}

/**
 * etna_carry_update() - what a carry becomes after a job's stream
 * @c: the carry the job was checked with (or would have been)
 * @out: what the walk says the stream did with the tile-status states
 * @job: the job
 * @relocs: its relocations (the buffers of the addresses it loaded)
 */
void etna_carry_update(struct etna_carry *c, const struct etna_tsr_out *out,
		       const struct etna_job *job,
		       const struct drm_etnaviv_gem_submit_reloc *relocs)
{
	const struct drm_etnaviv_gem_submit_reloc *r;
	unsigned int t;

	for_each_set_bit(t, &out->loaded, ETNA_TSR_COUNT) {
		if (c->obj[t])
			drm_gem_object_put(c->obj[t]);
		c->obj[t] = NULL;
		__clear_bit(t, &c->known);
		if (!(out->left.known & BIT(t)))
			continue;	/* in fixed point: not a value we know */
		if (BIT(t) & ETNA_TSR_ADDRS) {
			/* on MMUv1 every loaded address has its relocation */
			if (out->left.reloc[t] < 0)
				continue;
			r = &relocs[out->left.reloc[t]];
			c->obj[t] = job->bos[r->reloc_idx];
			drm_gem_object_get(c->obj[t]);
			c->offset[t] = r->reloc_offset;
		} else {
			c->val[t] = out->left.val[t];
		}
		__set_bit(t, &c->known);
	}
}

/**
 * etna_carry_prologue_words() - the length of a job's carried loads
 * @in: the states (etna_carry_in())
 *
 * Return: the words etna_carry_prologue() writes: two a state (a
 * LOAD_STATE of one and its value), an even number.
 */
unsigned int etna_carry_prologue_words(const struct etna_tsr_set *in)
{
	return 2 * hweight_long(in->known);
}

/**
 * etna_carry_prologue() - the loads of a job's carried states
 * @in: the states (etna_carry_in())
 * @cmd: where the loads go, room for etna_carry_prologue_words()
 */
void etna_carry_prologue(const struct etna_tsr_set *in, u32 *cmd)
{
	unsigned int t, n = 0;

	/* enum etna_tsr is the states' order, one state apart */
	BUILD_BUG_ON(ETNA_TS_COLOR_STATUS_BASE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_COLOR_STATUS);
	BUILD_BUG_ON(ETNA_TS_COLOR_SURFACE_BASE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_COLOR_SURFACE);
	BUILD_BUG_ON(ETNA_TS_COLOR_CLEAR_VALUE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_COLOR_CLEAR);
	BUILD_BUG_ON(ETNA_TS_DEPTH_STATUS_BASE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_DEPTH_STATUS);
	BUILD_BUG_ON(ETNA_TS_DEPTH_SURFACE_BASE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_DEPTH_SURFACE);
	BUILD_BUG_ON(ETNA_TS_DEPTH_CLEAR_VALUE !=
		     ETNA_TS_MEM_CONFIG + 4 * ETNA_TSR_DEPTH_CLEAR);
	for_each_set_bit(t, &in->known, ETNA_TSR_COUNT) {
		cmd[n++] = ETNA_CMD_LOAD_STATE(ETNA_TS_MEM_CONFIG + 4 * t, 1);
		cmd[n++] = in->val[t];
	}
}
