// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: MMUv2 page-table entries
 *
 * A slave entry holds bits 31:12 of the page's bus address, bits 39:32 of
 * it in bits 11:4, and the present and writeable bits. Unused entries of
 * both levels hold only the exception bit: the MMU then reports a fault
 * for the access. The callers own the tables, allocate the slave tables a
 * range needs before filling it, and hold the lock that protects them.
 */
#include <linux/errno.h>
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include "etna_pt2.h"

/**
 * etna_pt2_pte() - the slave entry of a page
 * @pa: bus address of the page, 4 KiB aligned, below 1 TiB
 * @writeable: the GPU may write the page
 *
 * Return: the entry.
 */
u32 etna_pt2_pte(u64 pa, bool writeable)
{
	u32 pte = lower_32_bits(pa) & ~(SZ_4K - 1);

	pte |= (upper_32_bits(pa) & 0xff) << 4;
	pte |= ETNA_PT2_PRESENT;
	if (writeable)
		pte |= ETNA_PT2_WRITEABLE;
	return pte;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_pte);

/**
 * etna_pt2_set_stlb() - install a slave table, every entry unmapped
 * @pt: the tables
 * @mtlb_index: the master entry it serves
 * @stlb: CPU address of the 4 KiB slave table
 * @dma: its bus address, below 4 GiB
 */
void etna_pt2_set_stlb(struct etna_pt2 *pt, u32 mtlb_index, u32 *stlb,
		       dma_addr_t dma)
{
	memset32(stlb, ETNA_PT2_EXCEPTION, ETNA_PT2_ENTRIES);
	pt->stlb[mtlb_index] = stlb;
	pt->stlb_dma[mtlb_index] = dma;
	pt->mtlb[mtlb_index] = lower_32_bits(dma) | ETNA_PT2_PRESENT;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_set_stlb);

/**
 * etna_pt2_fill_linear() - map a physically contiguous range
 * @pt: the tables; the slave tables of the range exist
 * @va: GPU address, 4 KiB aligned
 * @pa: bus address of the first page
 * @size: bytes, a multiple of 4 KiB
 * @writeable: the GPU may write the range
 */
void etna_pt2_fill_linear(struct etna_pt2 *pt, u32 va, u64 pa, u32 size,
			  bool writeable)
{
	u32 off;

	for (off = 0; off < size; off += SZ_4K)
		pt->stlb[etna_pt2_mtlb_index(va + off)]
			[etna_pt2_stlb_index(va + off)] =
			etna_pt2_pte(pa + off, writeable);
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_fill_linear);

/**
 * etna_pt2_fill() - map a buffer's pages
 * @pt: the tables; the slave tables of the range exist
 * @va: GPU address, 4 KiB aligned
 * @sgt: the buffer's DMA-mapped pages; every segment a multiple of 4 KiB
 *	(etna_sgt_check())
 * @size: bytes of the range: the entries beyond stay as they are
 * @writeable: the GPU may write the buffer
 */
void etna_pt2_fill(struct etna_pt2 *pt, u32 va, const struct sg_table *sgt,
		   u32 size, bool writeable)
{
	struct scatterlist *sg;
	unsigned int i;
	u32 len;

	for_each_sgtable_dma_sg(sgt, sg, i) {
		if (!size)
			break;
		len = min_t(u64, sg_dma_len(sg), size);
		etna_pt2_fill_linear(pt, va, sg_dma_address(sg), len,
				     writeable);
		va += len;
		size -= len;
	}
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_fill);

/**
 * etna_pt2_clear() - unmap a range
 * @pt: the tables; the slave tables of the range exist
 * @va: GPU address, 4 KiB aligned
 * @size: bytes, a multiple of 4 KiB
 */
void etna_pt2_clear(struct etna_pt2 *pt, u32 va, u32 size)
{
	u32 off;

	for (off = 0; off < size; off += SZ_4K)
		pt->stlb[etna_pt2_mtlb_index(va + off)]
			[etna_pt2_stlb_index(va + off)] = ETNA_PT2_EXCEPTION;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_clear);

/**
 * etna_pt2_lookup() - translate an address as the MMU would
 * @pt: the tables
 * @va: GPU address
 * @pa: receives the bus address
 * @writeable: receives whether the GPU may write there
 *
 * Return: 0, or -ENOENT where the MMU would fault.
 */
int etna_pt2_lookup(const struct etna_pt2 *pt, u32 va, u64 *pa,
		    bool *writeable)
{
	u32 mi = etna_pt2_mtlb_index(va), pte;

	if (!(pt->mtlb[mi] & ETNA_PT2_PRESENT) || !pt->stlb[mi])
		return -ENOENT;
	pte = pt->stlb[mi][etna_pt2_stlb_index(va)];
	if (!(pte & ETNA_PT2_PRESENT))
		return -ENOENT;
	*pa = ((u64)((pte >> 4) & 0xff) << 32) | (pte & ~(SZ_4K - 1)) |
	      (va & (SZ_4K - 1));
	*writeable = pte & ETNA_PT2_WRITEABLE;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(etna_pt2_lookup);
