// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Submission
 *
 * A submission is copied into the kernel before anything looks at it, so
 * user space cannot change it after validation. The buffers are mapped in
 * the file's address space (at the client's addresses with softpin), the
 * relocations are applied to the copy, the result, as the core will run
 * it, is validated (etna_validate.c; on MMUv2 the client's own address
 * space keeps it away from other memory, so addresses need no relocation
 * there) and copied into the command-buffer pool, from where the core's
 * ring links to it. Jobs go through a drm_sched entity per file and pipe (etna_sched.c);
 * their finished fences are what user space waits on, by id or through
 * sync files, and what the buffers' dma_resv hold for implicit
 * synchronisation.
 *
 * Each open file is a client (struct etna_client) with a bounded share of
 * what all clients share: a quarter of the command-buffer pool (and the
 * LINKs of four jobs) and, on MMUv1, a quarter of the one GPU address
 * space, counted over its unfinished jobs. A submit past its share waits
 * for the client's own jobs only, a little, then fails.
 */
#include <linux/dma-mapping.h>
#include <linux/file.h>
#include <linux/highmem.h>
#include <linux/idr.h>
#include <linux/sync_file.h>
#include <linux/uaccess.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>

#include "etna_bo.h"
#include "etna_core.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_perfmon.h"
#include "etna_pool.h"
#include "etna_pt.h"
#include "etna_regs.h"
#include "etna_validate.h"
#include "etna_vm.h"

#define SUBMIT_MAX_STREAM	SZ_128K
#define SUBMIT_MAX_BOS		SZ_128K
#define SUBMIT_MAX_RELOCS	SZ_128K
#define SUBMIT_MAX_PMRS		128
/*
 * A client's jobs waiting for the core, per pipe: past QUEUE_MAX a submit
 * sleeps until the queue is down to QUEUE_RESUME, at most QUEUE_WAIT.
 */
#define QUEUE_MAX		64
#define QUEUE_RESUME		(QUEUE_MAX / 2)
#define QUEUE_WAIT		HZ
/*
 * A client's share (etna_client.c): on MMUv1 a quarter of the one
 * address space, and a quarter of the command-buffer pool plus a burst
 * for each of CLIENT_POOL_LINKS jobs.
 */
#define CLIENT_VA_MAX		(ETNA_VM_SIZE / 4)
#define CLIENT_POOL_DIV		4
#define CLIENT_POOL_LINKS	4
/**
 * etna_job_free() - let go of what a job holds, and of the job
 * @job: a job that never reached the scheduler, or one it is done with
 */
void etna_job_free(struct etna_job *job)
{
	struct etna_dev *edev = job->core->edev;
	struct etna_client *client = job->client;
	u32 i;

	if (job->out_fence) {
		xa_erase(&job->core->user_fences, job->fence_id);
		dma_fence_put(job->out_fence);
	}
	dma_fence_put(job->hw_fence);
	etna_pm_release(job);	/* before the buffers it maps */
	etna_vm_cmd_free(job->vm, &job->cmd);
	etna_pool_free(&edev->idx_pool, &job->idx, NULL);
	/* mappings before their buffers: a mapping never outlives its bo */
	for (i = 0; job->maps && i < job->nr_bos; i++)
		etna_mapping_put(job->maps[i]);
	for (i = 0; i < job->nr_bos; i++)
		drm_gem_object_put(job->bos[i]);
	etna_vm_put(job->prev_vm);
	etna_vm_put(job->vm);
	etna_usage_put(job->usage);
	/* what it charged is free again: its client may go on */
	if (client) {
		atomic64_sub(job->va_charge, &client->va_bytes);
		atomic64_sub(job->pool_charge, &client->pool_bytes);
		atomic64_sub(job->idx_charge, &client->idx_bytes);
		atomic_inc(&client->jobs_freed);
		if (job->ran)
			atomic_dec(&client->jobs_ran);
		etna_client_put(client);
		if (wq_has_sleeper(&edev->client_wq))
			wake_up_all(&edev->client_wq);
	}
	kvfree(job);	/* and its tables */
	if (atomic_dec_and_test(&edev->nr_jobs))
		wake_up_all(&edev->jobs_wq);
}

/*
 * Keep a client from queueing without bound while the core is busy: its
 * jobs and their command buffers would pile up, and every one of them
 * costs memory and bookkeeping until the core gets to it. A queue stuck
 * behind a fence that does not signal only slows its own client down.
 */
static int etna_submit_throttle(struct etna_core *core,
				struct drm_sched_entity *entity)
{
	struct spsc_queue *queue = &entity->job_queue;
	long ret;

	if (spsc_queue_count(queue) < QUEUE_MAX)
		return 0;
	ret = wait_event_interruptible_timeout(core->queue_wq,
					       spsc_queue_count(queue) <=
					       QUEUE_RESUME, QUEUE_WAIT);
	return ret < 0 ? ret : 0;
}

/*
 * What a submit copies from user space, in one allocation (one kvmalloc
 * and kvfree a submit, not one for each array), with the relocations'
 * scratch (two words each): its tables of buffers (with room for the
 * ETNA_CARRY_BOS a job may take from its file's carry) and relocations,
 * whose elements are multiples of 8 bytes, then the scratch, the perfmon
 * requests and the stream (fields of 4 bytes at most). Each pointer but
 * @bos is NULL where its count is 0.
 */
struct etna_submit_in {
	void *buf;
	struct drm_etnaviv_gem_submit_bo *bos;
	struct drm_etnaviv_gem_submit_reloc *relocs;
	u32 *reloc_offs;
	struct drm_etnaviv_gem_submit_pmr *pmrs;
	u32 *stream;
};

/* Point @where at @n elements of @size bytes at *@at, and step past them. */
static int etna_copy_part(void **where, u8 **at, u64 uptr, u32 n,
			  size_t size)
{
	if (!n)
		return 0;
	*where = *at;
	*at += (size_t)n * size;
	return copy_from_user(*where, u64_to_user_ptr(uptr), (size_t)n * size) ?
	       -EFAULT : 0;
}

/*
 * Copy the submit's arrays in. The counts are bounded (SUBMIT_MAX_*): the
 * sum of their sizes is a few MiB at most. Return: 0, -ENOMEM or -EFAULT.
 */
static int etna_submit_copy_in(const struct drm_etnaviv_gem_submit *args,
			       struct etna_submit_in *in)
{
	size_t size = ((size_t)args->nr_bos + ETNA_CARRY_BOS) * sizeof(*in->bos) +
		      (size_t)args->nr_relocs *
		      (sizeof(*in->relocs) + 2 * sizeof(u32)) +
		      (size_t)args->nr_pmrs * sizeof(*in->pmrs) +
		      args->stream_size;
	u8 *at;
	int ret;

	memset(in, 0, sizeof(*in));
	in->buf = kvmalloc(size, GFP_KERNEL);
	if (!in->buf)
		return -ENOMEM;
	at = in->buf;
	in->bos = in->buf;
	ret = etna_copy_part((void **)&in->bos, &at, args->bos, args->nr_bos,
			     sizeof(*in->bos));
	at += ETNA_CARRY_BOS * sizeof(*in->bos);
	if (!ret)
		ret = etna_copy_part((void **)&in->relocs, &at, args->relocs,
				     args->nr_relocs, sizeof(*in->relocs));
	if (!ret && args->nr_relocs) {
		in->reloc_offs = (u32 *)at;
		at += (size_t)args->nr_relocs * 2 * sizeof(u32);
	}
	if (!ret)
		ret = etna_copy_part((void **)&in->pmrs, &at, args->pmrs,
				     args->nr_pmrs, sizeof(*in->pmrs));
	if (!ret)
		ret = etna_copy_part((void **)&in->stream, &at, args->stream,
				     args->stream_size / 4, 4);
	return ret;
}

/* Take a reference on every listed buffer, under one hold of the table lock. */
static int etna_submit_lookup(struct etna_job *job, struct drm_file *file,
			      const struct drm_etnaviv_gem_submit_bo *bos,
			      u32 nr_bos)
{
	struct drm_gem_object *obj;
	int ret = 0;
	u32 i;

	spin_lock(&file->table_lock);
	for (i = 0; i < nr_bos; i++) {
		if (bos[i].flags & ~(ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE)) {
			ret = -EINVAL;
			break;
		}
		obj = idr_find(&file->object_idr, bos[i].handle);
		if (!obj) {
			ret = -EINVAL;
			break;
		}
		drm_gem_object_get(obj);
		job->bos[job->nr_bos++] = obj;
	}
	spin_unlock(&file->table_lock);
	return ret;
}

/*
 * MMUv1: charge the job's buffers from @from on to its client's share of
 * the one address space that all clients map theirs in. Mapped, they
 * cannot be evicted before the job is done.
 */
static int etna_submit_charge_va(struct etna_job *job, u32 from)
{
	struct etna_dev *edev = job->core->edev;
	u64 size = 0;
	u32 i;
	int ret;

	if (edev->mmu_v2)
		return 0;
	for (i = from; i < job->nr_bos; i++)
		size += job->bos[i]->size;
	ret = etna_charge(edev, job->client, &job->client->va_bytes, size,
			  CLIENT_VA_MAX, -ENOSPC);
	if (!ret)
		job->va_charge += size;
	return ret;
}

/*
 * Map the job's buffers from @from on in its address space: where the
 * client placed them with softpin (page aligned, in the client's part of
 * the space), or where the kernel chooses.
 */
static int etna_submit_map(struct etna_job *job,
			   const struct drm_etnaviv_gem_submit_bo *bos,
			   bool softpin, u32 from)
{
	struct etna_mapping *map;
	u64 va = 0;
	u32 i;
	int ret;

	for (i = from; i < job->nr_bos; i++) {
		if (softpin) {
			va = bos[i].presumed;
			if (va % SZ_4K || va < ETNA_SOFTPIN_START ||
			    va + job->bos[i]->size > SZ_4G)
				return -EINVAL;
		}
		map = etna_bo_get_mapping(to_etna_bo(job->bos[i]), job->vm, va);
		if (IS_ERR(map))
			return PTR_ERR(map);
		job->maps[i] = map;
	}
	/* one hold of the space's lock, but for a mapping evicted meanwhile */
	i = from;
	while (i < job->nr_bos) {
		i = etna_vm_use(job->vm, job->maps, i, job->nr_bos);
		if (i == job->nr_bos)
			break;
		ret = etna_bo_remap(job->maps[i++]);
		if (ret)
			return ret;
	}
	return 0;
}

/* A submit's relocations, to read the indices of its draws. */
struct etna_submit_idx {
	struct etna_job *job;
	const struct drm_etnaviv_gem_submit_reloc *relocs;
};

/*
 * Drop the CPU cache lines of bytes [@pos, @pos + @len) of a buffer
 * mapped for the device through @sgt: a client writes a write-combined
 * or uncached buffer past the caches, whose lines of the kernel's mapping
 * would be stale.
 */
static void etna_submit_sync_for_cpu(struct device *dev, struct sg_table *sgt,
				     u64 pos, u32 len)
{
	struct scatterlist *sg;
	u64 at = 0, end = pos + len, lo, hi;
	int i;

	for_each_sgtable_dma_sg(sgt, sg, i) {
		lo = max(pos, at);
		hi = min(end, at + sg_dma_len(sg));
		if (lo < hi)
			dma_sync_single_range_for_cpu(dev, sg_dma_address(sg),
						      lo - at, hi - lo,
						      DMA_BIDIRECTIONAL);
		at += sg_dma_len(sg);
		if (at >= end)
			break;
	}
}

/*
 * Copy @len bytes from @offset past the address relocation @reloc patched
 * in (the validator checked that they lie in its buffer; checked again
 * here, as the pages are indexed with it) to @dst, from
 * the buffer's pages, which its GPU mapping keeps: a shmem buffer's only
 * (user memory is not mapped into the kernel, and an imported buffer's
 * pages are its exporter's).
 */
static int etna_submit_read_idx(void *priv, unsigned int reloc, u32 offset,
				void *dst, u32 len)
{
	const struct etna_submit_idx *si = priv;
	const struct drm_etnaviv_gem_submit_reloc *r = &si->relocs[reloc];
	struct drm_gem_object *obj = si->job->bos[r->reloc_idx];
	struct etna_bo *bo = to_etna_bo(obj);
	u64 pos = r->reloc_offset + (u64)offset;
	u32 n, in_page;
	void *src;

	if (bo->uptr || obj->import_attach || !bo->shmem.pages)
		return -EINVAL;
	/* the validator bounded it: a refusal, should it not have */
	if (pos + len > obj->size)
		return -EINVAL;
	if ((bo->flags & ETNA_BO_CACHE_MASK) != ETNA_BO_CACHED)
		etna_submit_sync_for_cpu(obj->dev->dev, bo->shmem.sgt, pos, len);
	while (len) {
		in_page = offset_in_page(pos);
		n = min_t(u32, len, PAGE_SIZE - in_page);
		src = kmap_local_page(bo->shmem.pages[pos >> PAGE_SHIFT]);
		memcpy(dst, src + in_page, n);
		kunmap_local(src);
		dst += n;
		pos += n;
		len -= n;
	}
	return 0;
}

/*
 * An MMUv1 3D job's tile-status states (etna_carry.c): what its file's
 * jobs left on the core (@carry, which becomes what this one leaves), and
 * whether the job loads them (@in) before its stream.
 */
struct etna_submit_ts {
	bool on;
	bool used;
	struct etna_carry carry;
	struct etna_tsr_set in;
	struct etna_tsr_out out;
};

/*
 * A stream refused for want of a tile-status state it did not load: the
 * buffers of the carried states join the job, charged and mapped like the
 * client's own, and @ts->in holds the states at this job's addresses.
 */
static int etna_submit_carry_in(struct etna_job *job,
				struct drm_etnaviv_gem_submit_bo *bos,
				struct etna_submit_ts *ts)
{
	u32 idx[ETNA_TSR_COUNT], from = job->nr_bos;
	int ret;

	etna_carry_join(job, bos, &ts->carry, idx);
	ret = etna_submit_charge_va(job, from);
	if (!ret)
		ret = etna_submit_map(job, bos, false, from);
	if (ret)
		return ret;
	etna_carry_in(job, &ts->carry, idx, &ts->in);
	ts->used = true;
	return 0;
}

/*
 * Patch the GPU addresses in, then validate the stream as the core will
 * run it (the validator checks the relocations: sorted, in range,
 * aligned, each on the value of an address state); a stream that wants
 * a tile-status state its file's jobs left (@ts) is validated again with
 * them. On MMUv1, the indexed draws that their indices bound come back
 * in *@scans, their indices read and checked: their snapshot goes after
 * the job's commands.
 */
static int etna_submit_relocate(struct etna_job *job, u32 *stream, u32 words,
				struct drm_etnaviv_gem_submit_bo *bos,
				const struct drm_etnaviv_gem_submit_reloc *relocs,
				u32 *offs, u32 nr_relocs,
				struct etna_idx_scans **scans,
				struct etna_submit_ts *ts)
{
	struct etna_dev *edev = job->core->edev;
	const struct etna_ident *id = &job->core->id;
	struct etna_stream s = {
		.stream = stream,
		.words = words,
		.nr_relocs = nr_relocs,
		.addr_relocs = !edev->mmu_v2,
		.pipe = job->exec_state,
		.pixel_pipes = id->pixel_pipes,
		.ts_2bit = id->minor[0] & ETNA_MINOR0_2BITPERTILE,
		.single_buffer = id->minor[4] & ETNA_MINOR4_SINGLE_BUFFER,
		.pe_pipe_addrs = id->minor[1] & ETNA_MINOR1_HALTI0 &&
				 id->model != ETNA_CHIP_MODEL_GC880,
		.streams = id->stream_count,
		.halti0 = id->minor[1] & ETNA_MINOR1_HALTI0,
		.new_states = id->minor[2] & ETNA_MINOR2_HALTI1 ||
			      id->minor[4] & ETNA_MINOR4_HALTI2,
		.icache = id->minor[3] & ETNA_MINOR3_INSTRUCTION_CACHE,
		.scans = scans,
		.ts_out = ts->on ? &ts->out : NULL,
	};
	struct etna_submit_idx si = { .job = job, .relocs = relocs };
	const struct etna_idx_reader rd = {
		.read = etna_submit_read_idx, .priv = &si,
	};
	const char *why = NULL;
	u32 i;
	int ret;

	/* @offs: offsets, then the room after each relocated address */
	for (i = 0; i < nr_relocs; i++) {
		const struct drm_etnaviv_gem_submit_reloc *r = &relocs[i];

		/* their order and alignment: the validator's */
		if (r->flags || r->reloc_idx >= job->nr_bos ||
		    r->reloc_offset > job->bos[r->reloc_idx]->size - 4 ||
		    r->submit_offset / 4 >= words)
			return -EINVAL;
		offs[i] = r->submit_offset;
		offs[nr_relocs + i] = job->bos[r->reloc_idx]->size -
				      r->reloc_offset;
		stream[r->submit_offset / 4] =
			job->maps[r->reloc_idx]->node.start + r->reloc_offset;
	}

	s.reloc_offs = offs;
	s.reloc_room = offs ? offs + nr_relocs : NULL;
	ret = etna_validate_stream(&s, &why);
	if (ret == -EINVAL && ts->on && ts->out.wanted && ts->carry.known) {
		ret = etna_submit_carry_in(job, bos, ts);
		if (ret)
			return ret;
		s.ts_in = &ts->in;
		ret = etna_validate_stream(&s, &why);
		drm_dbg(&edev->drm, "stream takes the tile-status states %#lx of the file's previous job: %s\n",
			ts->in.known, ret ? "refused" : "accepted");
	}
	if (!ret && ts->on)
		etna_carry_update(&ts->carry, &ts->out, job, relocs);
	if (!ret && *scans)
		ret = etna_validate_indices(*scans, &rd, &why);
	if (ret)
		drm_dbg(&edev->drm, "stream rejected: %s\n", why);
	return ret;
}

/* Make the job wait for the buffers' users, and the buffers for the job. */
static int etna_submit_sync(struct etna_job *job,
			    const struct drm_etnaviv_gem_submit_bo *bos,
			    bool implicit, struct ww_acquire_ctx *ctx)
{
	u32 i;
	int ret;

	ret = drm_gem_lock_reservations(job->bos, job->nr_bos, ctx);
	if (ret)
		return ret;
	for (i = 0; i < job->nr_bos; i++) {
		bool write = bos[i].flags & ETNA_SUBMIT_BO_WRITE;
		struct drm_gem_object *obj = job->bos[i];

		ret = dma_resv_reserve_fences(obj->resv, 1);
		if (!ret && implicit)
			ret = drm_sched_job_add_implicit_dependencies(&job->base,
								      obj, write);
		if (ret) {
			drm_gem_unlock_reservations(job->bos, job->nr_bos, ctx);
			return ret;
		}
	}
	return 0;
}

/* Leave the job's fence in its buffers, their reservations locked. */
static void etna_submit_fence_bos(struct etna_job *job,
				  const struct drm_etnaviv_gem_submit_bo *bos)
{
	u32 i;

	for (i = 0; i < job->nr_bos; i++) {
		dma_resv_assert_held(job->bos[i]->resv);
		dma_resv_add_fence(job->bos[i]->resv, job->out_fence,
				   bos[i].flags & ETNA_SUBMIT_BO_WRITE ?
				   DMA_RESV_USAGE_WRITE : DMA_RESV_USAGE_READ);
	}
}

/*
 * MMUv1: the snapshot of the indices @job's draws were checked with, in
 * the indices' pool, and @stream's index addresses pointed at it. A
 * client's share of that pool is a quarter; a larger snapshot may have
 * up to half, alone (it waits for the client's other jobs).
 */
static int etna_submit_indices(struct etna_job *job,
			       const struct etna_idx_scans *scans, u32 *stream)
{
	struct etna_dev *edev = job->core->edev;
	struct etna_pool *pool = &edev->idx_pool;
	u64 size = etna_pool_size(etna_validate_indices_size(scans));
	u64 share = pool->size / CLIENT_POOL_DIV;
	int ret;

	if (size > share)
		share = min_t(u64, size, pool->size / 2);
	ret = etna_charge(edev, job->client, &job->client->idx_bytes, size,
			  share, -EBUSY);
	if (ret)
		return ret;
	job->idx_charge = size;
	ret = etna_pool_alloc(pool, &job->idx, size, true, NULL);
	if (ret)
		return ret;
	etna_validate_indices_place(scans, stream, pool->vaddr + job->idx.start,
				    ETNA_IDX_VA + job->idx.start);
	return 0;
}

static int etna_submit(struct drm_device *drm, void *data,
		       struct drm_file *file)
{
	struct drm_etnaviv_gem_submit *args = data;
	struct etna_file *ef = file->driver_priv;
	struct etna_dev *edev = to_etna_dev(drm);
	struct drm_etnaviv_gem_submit_bo *bos;
	struct etna_submit_in copied = { };
	struct etna_idx_scans *scans = NULL;
	struct etna_submit_ts ts = { };
	struct ww_acquire_ctx ctx;
	struct sync_file *sync = NULL;
	struct dma_fence *in;
	struct etna_core *core;
	struct etna_job *job;
	bool sched_init = false;
	int out_fd = -1, ret;
	u32 pro = 0;
	u64 size;

	core = etna_pipe(drm, args->pipe, &ret);
	if (!core)
		return ret;
	if (args->stream_size % 4 ||
	    (args->exec_state != ETNA_PIPE_3D &&
	     args->exec_state != ETNA_PIPE_2D) ||
	    args->flags & ~ETNA_SUBMIT_FLAGS)
		return -EINVAL;
	/* the engine the job selects must be one the core has */
	if (!(core->id.features & (args->exec_state == ETNA_PIPE_2D ?
				   ETNA_FEAT_PIPE_2D : ETNA_FEAT_PIPE_3D)))
		return -EINVAL;
	/* softpin needs an MMUv2, and then comes without relocations */
	if (args->flags & ETNA_SUBMIT_SOFTPIN &&
	    (!edev->mmu_v2 || args->nr_relocs))
		return -EINVAL;
	if (args->stream_size > SUBMIT_MAX_STREAM ||
	    args->nr_bos > SUBMIT_MAX_BOS ||
	    args->nr_relocs > SUBMIT_MAX_RELOCS ||
	    args->nr_pmrs > SUBMIT_MAX_PMRS)
		return -EINVAL;
	ret = etna_submit_throttle(core, &ef->entity[args->pipe]);
	if (ret)
		return ret;

	/*
	 * One allocation for the job and its tables of buffers and mappings,
	 * with room for the buffers it may take from its file's carry.
	 */
	job = kvzalloc(struct_size(job, tab,
				   2 * ((size_t)args->nr_bos + ETNA_CARRY_BOS)),
		       GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	job->bos = (struct drm_gem_object **)job->tab;
	job->maps = (struct etna_mapping **)&job->tab[args->nr_bos +
						      ETNA_CARRY_BOS];
	atomic_inc(&edev->nr_jobs);
	job->core = core;
	job->exec_state = args->exec_state;
	job->vm = etna_vm_get(ef->vm);
	kref_get(&ef->client->ref);
	job->client = ef->client;
	kref_get(&ef->usage->ref);
	job->usage = ef->usage;
	job->pid = task_pid_nr(current);
	get_task_comm(job->comm, current);

	ret = etna_submit_copy_in(args, &copied);
	if (ret)
		goto err_job;
	bos = copied.bos;

	ret = etna_submit_lookup(job, file, bos, args->nr_bos);
	if (ret)
		goto err_job;
	ret = etna_submit_charge_va(job, 0);
	if (ret)
		goto err_job;
	ret = etna_submit_map(job, bos, args->flags & ETNA_SUBMIT_SOFTPIN, 0);
	if (ret)
		goto err_job;
	ts.on = !edev->mmu_v2 && args->exec_state == ETNA_PIPE_3D;
	if (ts.on)
		etna_carry_get(ef, args->pipe, &ts.carry);
	ret = etna_submit_relocate(job, copied.stream, args->stream_size / 4,
				   bos, copied.relocs, copied.reloc_offs,
				   args->nr_relocs, &scans, &ts);
	if (ret)
		goto err_job;
	ret = etna_pm_prepare(job, copied.pmrs, args->nr_pmrs);
	if (ret)
		goto err_job;

	/*
	 * The copy the FE runs, after the loads of the carried states it was
	 * checked with, plus room for the LINK back to the ring.
	 */
	if (ts.used)
		pro = 4 * etna_carry_prologue_words(&ts.in);
	job->cmd_size = pro + ALIGN(args->stream_size, 8);
	size = job->cmd_size + 8;
	ret = etna_charge(edev, job->client, &job->client->pool_bytes,
			  etna_pool_size(size),
			  edev->pool.size / CLIENT_POOL_DIV +
			  CLIENT_POOL_LINKS * etna_pool_size(8), -EBUSY);
	if (ret)
		goto err_job;
	job->pool_charge = etna_pool_size(size);
	ret = etna_vm_cmd_alloc(job->vm, &job->cmd, size);
	if (ret)
		goto err_job;
	job->cmd_vaddr = edev->pool.vaddr + job->cmd.start;
	job->cmd_gpu = etna_pool_gpu(edev, job->cmd.start);
	if (scans && etna_validate_indices_size(scans)) {
		ret = etna_submit_indices(job, scans, copied.stream);
		if (ret)
			goto err_job;
	}
	if (ts.used)
		etna_carry_prologue(&ts.in, job->cmd_vaddr);
	if (args->stream_size)
		memcpy((void *)job->cmd_vaddr + pro, copied.stream,
		       args->stream_size);
	if (args->stream_size % 8)
		job->cmd_vaddr[(pro + args->stream_size) / 4] = 0;

	ret = drm_sched_job_init(&job->base, &ef->entity[args->pipe], file);
	if (ret)
		goto err_job;
	sched_init = true;

	if (args->flags & ETNA_SUBMIT_FENCE_FD_IN) {
		in = sync_file_get_fence(args->fence_fd);
		if (!in) {
			ret = -EINVAL;
			goto err_job;
		}
		ret = drm_sched_job_add_dependency(&job->base, in);
		if (ret)
			goto err_job;
	}
	if (args->flags & ETNA_SUBMIT_FENCE_FD_OUT) {
		out_fd = get_unused_fd_flags(O_CLOEXEC);
		if (out_fd < 0) {
			ret = out_fd;
			goto err_job;
		}
	}

	ret = etna_submit_sync(job, bos,
			       !(args->flags & ETNA_SUBMIT_NO_IMPLICIT), &ctx);
	if (ret)
		goto err_fd;

	mutex_lock(&core->submit_lock);
	drm_sched_job_arm(&job->base);
	job->out_fence = dma_fence_get(&job->base.s_fence->finished);
	/* everything that can fail before the job is pushed: none after */
	if (out_fd >= 0) {
		sync = sync_file_create(job->out_fence);
		ret = sync ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = xa_alloc_cyclic(&core->user_fences, &job->fence_id,
				      job->out_fence, xa_limit_31b,
				      &core->next_fence_id, GFP_KERNEL);
	if (ret < 0) {
		mutex_unlock(&core->submit_lock);
		if (sync)
			fput(sync->file);
		dma_fence_put(job->out_fence);
		job->out_fence = NULL;
		drm_gem_unlock_reservations(job->bos, job->nr_bos, &ctx);
		goto err_fd;
	}
	/*
	 * The fence goes into the buffers before the push: once pushed, the
	 * job may run and be freed (with its tables) at any time.
	 */
	etna_submit_fence_bos(job, bos);
	drm_gem_unlock_reservations(job->bos, job->nr_bos, &ctx);
	args->fence = job->fence_id;
	drm_sched_entity_push_job(&job->base);
	mutex_unlock(&core->submit_lock);
	if (ts.on)
		etna_carry_set(ef, args->pipe, &ts.carry);

	/* fence_fd is written only when a sync file was asked for */
	if (sync) {
		fd_install(out_fd, sync->file);
		args->fence_fd = out_fd;
	}
	etna_validate_indices_free(scans);
	kvfree(copied.buf);
	return 0;

err_fd:
	if (out_fd >= 0)
		put_unused_fd(out_fd);
err_job:
	if (sched_init)
		drm_sched_job_cleanup(&job->base);
	etna_job_free(job);
	etna_validate_indices_free(scans);
	etna_carry_put(&ts.carry);
	kvfree(copied.buf);
	return ret;
}

/*
 * SUBMIT: the whole of it inside drm_dev_enter(), so that unbind, which
 * waits for it, finds every buffer it mapped and every job it pushed.
 */
int etna_ioctl_gem_submit(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	int idx, ret;

	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ret = etna_submit(drm, data, file);
	drm_dev_exit(idx);
	return ret;
}
