// SPDX-License-Identifier: MIT
/*
 * libetnaviv: command streams, their relocations and buffer lists, and
 * their submission.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/etnaviv_drm.h>

#include "etnaviv_priv.h"

/* Grow the array *@p of *@max elements of @size to hold @need. */
static int grow(void **p, unsigned int *max, unsigned int need, size_t size,
		unsigned int first, unsigned int limit)
{
	unsigned int n = *max ? *max : first;
	void *q;

	if (need <= *max)
		return 0;
	if (need > limit)
		return -ENOMEM;
	while (n < need)
		n = n > limit / 2 ? limit : n * 2;
	q = realloc(*p, (size_t)n * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*max = n;
	return 0;
}

/* ---- command streams --------------------------------------------------- */

PUBLIC struct etnaviv_cmd_stream *
etnaviv_cmd_stream_new(struct etnaviv_pipe *pipe, unsigned int words)
{
	struct etnaviv_cmd_stream *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->pipe = pipe;
	if (!words)
		words = DEFAULT_STREAM_WORDS;
	if (grow((void **)&s->words, &s->max_words, words, sizeof(uint32_t),
		 words, MAX_STREAM_WORDS)) {
		free(s);
		errno = ENOMEM;
		return NULL;
	}
	return s;
}

PUBLIC void etnaviv_cmd_stream_reset(struct etnaviv_cmd_stream *s)
{
	unsigned int i;

	for (i = 0; i < s->nr_bos; i++)
		etnaviv_bo_unref(s->bos[i].bo);
	s->nr_words = 0;
	s->nr_relocs = 0;
	s->nr_bos = 0;
	s->error = 0;
}

PUBLIC void etnaviv_cmd_stream_del(struct etnaviv_cmd_stream *s)
{
	if (!s)
		return;
	etnaviv_cmd_stream_reset(s);
	free(s->words);
	free(s->relocs);
	free(s->bos);
	free(s);
}

PUBLIC int etnaviv_cmd_stream_error(const struct etnaviv_cmd_stream *s)
{
	return s->error;
}

PUBLIC unsigned int etnaviv_cmd_stream_size(const struct etnaviv_cmd_stream *s)
{
	return s->nr_words;
}

PUBLIC const uint32_t *
etnaviv_cmd_stream_words(const struct etnaviv_cmd_stream *s)
{
	return s->words;
}

PUBLIC unsigned int
etnaviv_cmd_stream_nr_relocs(const struct etnaviv_cmd_stream *s)
{
	return s->nr_relocs;
}

PUBLIC unsigned int etnaviv_cmd_stream_nr_bos(const struct etnaviv_cmd_stream *s)
{
	return s->nr_bos;
}

PUBLIC int etnaviv_cmd_stream_bo_index(const struct etnaviv_cmd_stream *s,
				       const struct etnaviv_bo *bo,
				       uint32_t *flags)
{
	unsigned int i;

	for (i = 0; i < s->nr_bos; i++) {
		if (s->bos[i].bo == bo) {
			if (flags)
				*flags = s->bos[i].flags;
			return i;
		}
	}
	return -ENOENT;
}

/* Room for @n more words; false (and the sticky error) if none. */
static bool reserve(struct etnaviv_cmd_stream *s, unsigned int n)
{
	if (s->error)
		return false;
	if (n > MAX_STREAM_WORDS - s->nr_words ||
	    grow((void **)&s->words, &s->max_words, s->nr_words + n,
		 sizeof(uint32_t), DEFAULT_STREAM_WORDS, MAX_STREAM_WORDS)) {
		s->error = -ENOMEM;
		return false;
	}
	return true;
}

PUBLIC void etnaviv_emit(struct etnaviv_cmd_stream *s, uint32_t word)
{
	if (reserve(s, 1))
		s->words[s->nr_words++] = word;
}

PUBLIC void etnaviv_emit_load_state(struct etnaviv_cmd_stream *s,
				    uint32_t addr, const uint32_t *values,
				    unsigned int count)
{
	unsigned int n = 1 + count + !(count & 1);

	if (!count || count > 1023 || (addr & 3) || addr >= 0x40000) {
		if (!s->error)
			s->error = -EINVAL;
		return;
	}
	if (s->nr_words & 1)
		n++;		/* commands start on 64-bit boundaries */
	if (!reserve(s, n))
		return;
	if (s->nr_words & 1)
		s->words[s->nr_words++] = 0;
	s->words[s->nr_words++] = ETNAVIV_CMD_LOAD_STATE(addr, count);
	memcpy(&s->words[s->nr_words], values, count * sizeof(uint32_t));
	s->nr_words += count;
	if (!(count & 1))
		s->words[s->nr_words++] = 0;
}

PUBLIC void etnaviv_emit_state(struct etnaviv_cmd_stream *s, uint32_t addr,
			       uint32_t value)
{
	etnaviv_emit_load_state(s, addr, &value, 1);
}

/* Add @bo to the job's list (once), merging @flags; its index or -errno. */
static int stream_add_bo(struct etnaviv_cmd_stream *s, struct etnaviv_bo *bo,
			 uint32_t flags)
{
	int i = etnaviv_cmd_stream_bo_index(s, bo, NULL);

	if (i >= 0) {
		s->bos[i].flags |= flags;
		return i;
	}
	if (grow((void **)&s->bos, &s->max_bos, s->nr_bos + 1,
		 sizeof(*s->bos), 8, 1u << 16))
		return -ENOMEM;
	s->bos[s->nr_bos].bo = etnaviv_bo_ref(bo);
	s->bos[s->nr_bos].flags = flags;
	return s->nr_bos++;
}

PUBLIC void etnaviv_emit_reloc(struct etnaviv_cmd_stream *s,
			       struct etnaviv_bo *bo, uint32_t offset,
			       uint32_t flags)
{
	struct drm_etnaviv_gem_submit_reloc *r;
	int idx;

	if (s->error)
		return;
	if (!bo || !flags ||
	    (flags & ~(ETNAVIV_RELOC_READ | ETNAVIV_RELOC_WRITE)) ||
	    (bo->size && offset >= bo->size)) {
		s->error = -EINVAL;
		return;
	}
	if (!reserve(s, 1))
		return;
	if (grow((void **)&s->relocs, &s->max_relocs, s->nr_relocs + 1,
		 sizeof(*s->relocs), 16, MAX_STREAM_WORDS)) {
		s->error = -ENOMEM;
		return;
	}
	idx = stream_add_bo(s, bo, flags);
	if (idx < 0) {
		s->error = idx;
		return;
	}
	r = &s->relocs[s->nr_relocs++];
	memset(r, 0, sizeof(*r));
	r->submit_offset = s->nr_words * 4;
	r->reloc_idx = idx;
	r->reloc_offset = offset;
	s->words[s->nr_words++] = 0;	/* the kernel writes the address */
}

PUBLIC void etnaviv_emit_state_reloc(struct etnaviv_cmd_stream *s,
				     uint32_t addr, struct etnaviv_bo *bo,
				     uint32_t offset, uint32_t flags)
{
	if (s->nr_words & 1)
		etnaviv_emit(s, 0);
	etnaviv_emit(s, ETNAVIV_CMD_LOAD_STATE(addr, 1));
	etnaviv_emit_reloc(s, bo, offset, flags);
}

PUBLIC int etnaviv_cmd_stream_flush_ext(struct etnaviv_cmd_stream *s,
					struct etnaviv_flush_args *args)
{
	struct drm_etnaviv_gem_submit_bo *bos = NULL;
	struct drm_etnaviv_gem_submit req = { 0 };
	unsigned int i;
	int ret = s->error;

	args->out_fence_fd = -1;
	if (ret)
		goto out;
	if (!s->pipe) {
		ret = -ENODEV;
		goto out;
	}
	if (!s->nr_words) {
		ret = -ENODATA;
		goto out;
	}
	if (s->nr_words & 1)
		etnaviv_emit(s, 0);
	if (s->error) {
		ret = s->error;
		goto out;
	}
	if (s->nr_bos) {
		bos = calloc(s->nr_bos, sizeof(*bos));
		if (!bos) {
			ret = -ENOMEM;
			goto out;
		}
	}
	for (i = 0; i < s->nr_bos; i++) {
		bos[i].handle = s->bos[i].bo->handle;
		if (s->bos[i].flags & ETNAVIV_RELOC_READ)
			bos[i].flags |= ETNA_SUBMIT_BO_READ;
		if (s->bos[i].flags & ETNAVIV_RELOC_WRITE)
			bos[i].flags |= ETNA_SUBMIT_BO_WRITE;
	}
	req.pipe = s->pipe->gpu->info.core;
	req.exec_state = s->pipe->id;
	req.nr_bos = s->nr_bos;
	req.bos = (uintptr_t)bos;
	req.nr_relocs = s->nr_relocs;
	req.relocs = (uintptr_t)s->relocs;
	req.stream = (uintptr_t)s->words;
	req.stream_size = s->nr_words * 4;
	if (args->in_fence_fd >= 0) {
		req.flags |= ETNA_SUBMIT_FENCE_FD_IN;
		req.fence_fd = args->in_fence_fd;
	}
	if (args->want_fence_fd)
		req.flags |= ETNA_SUBMIT_FENCE_FD_OUT;
	if (args->no_implicit)
		req.flags |= ETNA_SUBMIT_NO_IMPLICIT;
	ret = etnaviv_drm_ioctl(s->pipe->gpu->dev->fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT,
			&req);
	if (!ret) {
		args->fence = req.fence;
		if (args->want_fence_fd)
			args->out_fence_fd = req.fence_fd;
	}
	free(bos);
out:
	etnaviv_cmd_stream_reset(s);
	return ret;
}

PUBLIC int etnaviv_cmd_stream_flush(struct etnaviv_cmd_stream *s,
				    uint32_t *fence)
{
	struct etnaviv_flush_args args = { .in_fence_fd = -1 };
	int ret = etnaviv_cmd_stream_flush_ext(s, &args);

	if (!ret && fence)
		*fence = args.fence;
	return ret;
}

PUBLIC int etnaviv_cmd_stream_flush_wait(struct etnaviv_cmd_stream *s,
					 uint64_t timeout_ns)
{
	struct etnaviv_pipe *pipe = s->pipe;
	uint32_t fence;
	int ret = etnaviv_cmd_stream_flush(s, &fence);

	if (ret)
		return ret;
	return etnaviv_pipe_wait(pipe, fence, timeout_ns ? timeout_ns : 1);
}
