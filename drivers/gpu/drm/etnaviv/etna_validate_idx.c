// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Validation, the indices of indexed draws
 *
 * An indexed draw on an MMUv1 core reads the vertices its indices name
 * (plus its bias). When its vertex streams hold the largest index its
 * index type can give, nothing more is needed (etna_validate_3d.c);
 * otherwise the indices themselves bound the draw. The buffer that holds
 * them is the client's, mapped for it to write at any time, so what the
 * kernel reads at submit may not be what the core reads later: instead
 * the walk notes each such draw, and after it the submit path has the
 * indices copied (etna_validate_indices()) into a snapshot that it puts
 * after the job's commands (etna_validate_indices_place()), and the
 * FE_INDEX_STREAM_BASE_ADDR value the draws use is patched to point into
 * the snapshot: the core reads the very indices that were checked.
 *
 * The snapshot holds, for each load of FE_INDEX_STREAM_BASE_ADDR that
 * such draws use, the bytes from the first index any of them reads to
 * the last, each region at the same offset modulo 64 as in the buffer
 * (the indices keep their alignment). A draw passes when the largest of
 * its indices plus the bias (modulo 2^32, as the FE adds them) is a
 * vertex every stream holds. The primitive restart index is counted like
 * any other (a superset: the core skips the primitives that hold it).
 */

#include <asm/unaligned.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "etna_validate.h"
#include "etna_validate_priv.h"

/*
 * The bytes of one load of FE_INDEX_STREAM_BASE_ADDR that draws read:
 * [@lo, @hi) from the address relocation @reloc patched into stream word
 * @word; @off, their place in the snapshot.
 */
struct etna_idx_region {
	u32 word, reloc;
	u32 lo, hi;
	u32 off;
};

/*
 * A draw whose indices bound it: @count indices of @size bytes from
 * @first bytes past its region's address, each plus @bias at most @limit.
 */
struct etna_idx_draw {
	u32 region;
	u32 first, count;
	u32 bias, limit;
	unsigned int size;
};

/**
 * struct etna_idx_scans - the indexed draws of a stream that its indices
 * bound, and their snapshot
 * @regions: the index stream loads they use, in stream order
 * @nr_regions: entries of @regions
 * @max_regions: its allocated length
 * @draws: the draws
 * @nr_draws: entries of @draws
 * @max_draws: its allocated length
 * @bytes: the snapshot's size
 * @buf: the snapshot, once read
 */
struct etna_idx_scans {
	struct etna_idx_region *regions;
	unsigned int nr_regions, max_regions;
	struct etna_idx_draw *draws;
	unsigned int nr_draws, max_draws;
	u32 bytes;
	u8 *buf;
};

/* Make room for one more element of @size bytes in *@array. */
static int etna_idx_grow(void **array, unsigned int nr, unsigned int *max,
			 size_t size)
{
	void *a;

	if (nr < *max)
		return 0;
	a = krealloc_array(*array, *max ? 2 * *max : 16, size, GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	*array = a;
	*max = *max ? 2 * *max : 16;
	return 0;
}

/**
 * etna_idx_scan_add() - note an indexed draw that its indices bound
 * @w: the walk, at the draw (FE_INDEX_STREAM_BASE_ADDR loaded)
 * @first: the byte of its first index, from the index stream's address
 * @count: its indices
 * @size: bytes an index
 * @bias: added to each index
 *
 * The highest vertex its streams hold is w->idx_limit.
 *
 * Return: 0, a refusal (the caller cannot read indices), or -ENOMEM.
 */
int etna_idx_scan_add(struct etna_walk *w, u32 first, u32 count,
		      unsigned int size, u32 bias)
{
	struct etna_idx_scans *sc = w->scans;
	struct etna_idx_region *r;
	struct etna_idx_draw *d;
	u32 end = first + count * size;	/* the walk checked its room */
	int ret;

	if (!w->s->scans || w->idx_reloc < 0)
		return etna_refuse(w, "indexed draw whose indices were not read");
	if (!sc) {
		sc = kzalloc(sizeof(*sc), GFP_KERNEL);
		if (!sc)
			return -ENOMEM;
		w->scans = sc;
	}
	r = sc->nr_regions ? &sc->regions[sc->nr_regions - 1] : NULL;
	if (!r || r->word != w->idx_word) {
		ret = etna_idx_grow((void **)&sc->regions, sc->nr_regions,
				    &sc->max_regions, sizeof(*r));
		if (ret)
			return ret;
		r = &sc->regions[sc->nr_regions++];
		r->word = w->idx_word;
		r->reloc = w->idx_reloc;
		r->lo = first;
		r->hi = end;
	}
	r->lo = min(r->lo, first);
	r->hi = max(r->hi, end);
	ret = etna_idx_grow((void **)&sc->draws, sc->nr_draws, &sc->max_draws,
			    sizeof(*d));
	if (ret)
		return ret;
	d = &sc->draws[sc->nr_draws++];
	d->region = sc->nr_regions - 1;
	d->first = first;
	d->count = count;
	d->size = size;
	d->bias = bias;
	d->limit = w->idx_limit;
	return 0;
}

/* The smallest and the largest of the indices @d reads from @p. */
static void etna_idx_range(const struct etna_idx_draw *d, const u8 *p,
			   u32 *lo, u32 *hi)
{
	u32 i, v, min = U32_MAX, max = 0;

	for (i = 0; i < d->count; i++) {
		if (d->size == 1)
			v = p[i];
		else if (d->size == 2)
			v = get_unaligned_le16(p + 2 * i);
		else
			v = get_unaligned_le32(p + 4 * i);
		min = min(min, v);
		max = max(max, v);
	}
	*lo = min;
	*hi = max;
}

/*
 * The largest vertex draw @d names: its largest index plus the bias,
 * unless the sum wraps for some indices and not for others (then 2^32 - 1
 * is among them).
 */
static u32 etna_idx_top(const struct etna_idx_draw *d, u32 lo, u32 hi)
{
	u64 top = (u64)d->bias + hi;

	if (top <= U32_MAX)
		return top;
	if ((u64)d->bias + lo > U32_MAX)
		return top - BIT_ULL(32);	/* all of them wrap */
	return U32_MAX;
}

/**
 * etna_validate_indices() - read the indices of the draws they bound,
 * and check the draws
 * @sc: what the walk noted (etna_validate_stream()'s @scans)
 * @rd: how to read a buffer
 * @why: on failure, set to why the stream is refused (may be NULL)
 *
 * Return: 0, -EINVAL (a draw names a vertex past its streams), an error
 * of the reader, or -ENOMEM.
 */
int etna_validate_indices(struct etna_idx_scans *sc,
			  const struct etna_idx_reader *rd, const char **why)
{
	const struct etna_idx_region *r;
	const struct etna_idx_draw *d;
	unsigned int i;
	u32 bytes = 0, lo, hi;
	int ret;

	for (i = 0; i < sc->nr_regions; i++) {
		sc->regions[i].off = ALIGN(bytes, 64) + sc->regions[i].lo % 64;
		bytes = sc->regions[i].off + sc->regions[i].hi -
			sc->regions[i].lo;
	}
	sc->bytes = bytes;
	sc->buf = kvmalloc(bytes, GFP_KERNEL);
	if (!sc->buf)
		return -ENOMEM;
	for (i = 0; i < sc->nr_regions; i++) {
		r = &sc->regions[i];
		ret = rd->read(rd->priv, r->reloc, r->lo, sc->buf + r->off,
			       r->hi - r->lo);
		if (ret)
			return ret;
	}
	for (i = 0; i < sc->nr_draws; i++) {
		d = &sc->draws[i];
		r = &sc->regions[d->region];
		etna_idx_range(d, sc->buf + r->off + (d->first - r->lo), &lo,
			       &hi);
		if (etna_idx_top(d, lo, hi) > d->limit) {
			if (why)
				*why = "indexed draw past the end of its vertex stream";
			return -EINVAL;
		}
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_indices);

/**
 * etna_validate_indices_size() - the bytes of the indices' snapshot
 * @sc: the draws, their indices read (etna_validate_indices())
 *
 * Return: the size.
 */
u32 etna_validate_indices_size(const struct etna_idx_scans *sc)
{
	return sc->bytes;
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_indices_size);

/**
 * etna_validate_indices_place() - put the snapshot where the core reads it
 * @sc: the draws, their indices read and checked
 * @stream: the stream, whose index stream addresses are patched
 * @dst: where the snapshot goes (etna_validate_indices_size() bytes)
 * @gpu: the GPU address of @dst, 64-byte aligned
 */
void etna_validate_indices_place(const struct etna_idx_scans *sc, u32 *stream,
				 void *dst, u32 gpu)
{
	const struct etna_idx_region *r;
	unsigned int i;

	memcpy(dst, sc->buf, sc->bytes);
	/* the address the draws add their first index to, modulo 2^32 */
	for (i = 0; i < sc->nr_regions; i++) {
		r = &sc->regions[i];
		stream[r->word] = gpu + r->off - r->lo;
	}
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_indices_place);

/**
 * etna_validate_indices_free() - let go of the draws and their snapshot
 * @sc: what etna_validate_stream() left, or NULL
 */
void etna_validate_indices_free(struct etna_idx_scans *sc)
{
	if (!sc)
		return;
	kvfree(sc->buf);
	kfree(sc->draws);
	kfree(sc->regions);
	kfree(sc);
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_indices_free);
