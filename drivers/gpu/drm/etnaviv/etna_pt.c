// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: MMUv1 page-table entries
 *
 * One 32-bit entry per 4 KiB page of GPU VA from ETNA_VM_START; an entry
 * is the bus address of the page. The callers own the table and hold the
 * lock that protects it.
 */
#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>

#include "etna_pt.h"

static u32 etna_pt_index(u64 va)
{
	return (va - ETNA_VM_START) / SZ_4K;
}

/**
 * etna_sgt_check() - whether a buffer's pages can back a mapping
 * @sgt: the buffer's DMA-mapped pages (an imported buffer's come from
 *	its exporter)
 * @size: the buffer's size, a multiple of 4 KiB
 *
 * The tables map whole 4 KiB pages: every DMA segment must start and end
 * on one, and together they must cover @size (more is ignored: only
 * @size is mapped).
 *
 * Return: 0 or -EINVAL.
 */
int etna_sgt_check(const struct sg_table *sgt, u64 size)
{
	struct scatterlist *sg;
	unsigned int i;
	u64 total = 0;

	for_each_sgtable_dma_sg(sgt, sg, i) {
		if (!IS_ALIGNED(sg_dma_address(sg), SZ_4K) ||
		    !IS_ALIGNED(sg_dma_len(sg), SZ_4K))
			return -EINVAL;
		total += sg_dma_len(sg);
	}
	return total < size ? -EINVAL : 0;
}
EXPORT_SYMBOL_IF_KUNIT(etna_sgt_check);

/**
 * etna_pt_fill() - point the entries of a range at a buffer's pages
 * @pt: the page table
 * @va: GPU address of the range, page aligned, within the table
 * @sgt: the buffer's DMA-mapped pages, checked by etna_sgt_check()
 * @size: bytes of the range: the entries beyond stay as they are
 */
void etna_pt_fill(u32 *pt, u64 va, const struct sg_table *sgt, u64 size)
{
	u32 idx = etna_pt_index(va), n = size / SZ_4K;
	struct scatterlist *sg;
	unsigned int i;
	u32 off;

	for_each_sgtable_dma_sg(sgt, sg, i)
		for (off = 0; n && off < sg_dma_len(sg); off += SZ_4K, n--)
			pt[idx++] = sg_dma_address(sg) + off;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt_fill);

/**
 * etna_pt_clear() - point the entries of a range at the bad page
 * @pt: the page table
 * @va: GPU address of the range, page aligned, within the table
 * @size: its size in bytes, a multiple of 4 KiB
 * @bad: bus address of the bad page
 */
void etna_pt_clear(u32 *pt, u64 va, u64 size, u32 bad)
{
	u32 idx = etna_pt_index(va), n = size / SZ_4K;

	while (n--)
		pt[idx++] = bad;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt_clear);
