/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etnaviv: MMUv2 page-table entries. Pure functions over the two table
 * levels, kept apart from the address-space code so that KUnit can test
 * them alone.
 */
#ifndef ETNA_PT2_H
#define ETNA_PT2_H

#include <linux/bits.h>
#include <linux/types.h>

struct sg_table;

/*
 * 4 KiB mode: the master table (MTLB) has 1024 entries, one per 4 MiB of
 * GPU VA, each pointing at a slave table (STLB) of 1024 entries, one per
 * 4 KiB page. Entry bits (etna_viv rnndb, mmuv2 tables):
 */
#define ETNA_PT2_PRESENT	BIT(0)
#define ETNA_PT2_EXCEPTION	BIT(1)
#define ETNA_PT2_WRITEABLE	BIT(2)
#define ETNA_PT2_ENTRIES	1024
#define ETNA_PT2_MTLB_SHIFT	22
#define ETNA_PT2_STLB_SHIFT	12

/**
 * struct etna_pt2 - the two levels of one MMUv2 address space
 * @mtlb: the master table, CPU address
 * @stlb: the slave tables by master index, NULL where none is allocated
 * @stlb_dma: their bus addresses
 *
 * Owned by one struct etna_vm, whose lock protects every entry.
 */
struct etna_pt2 {
	u32 *mtlb;
	u32 *stlb[ETNA_PT2_ENTRIES];
	dma_addr_t stlb_dma[ETNA_PT2_ENTRIES];
};

static inline u32 etna_pt2_mtlb_index(u32 va)
{
	return va >> ETNA_PT2_MTLB_SHIFT;
}

static inline u32 etna_pt2_stlb_index(u32 va)
{
	return (va >> ETNA_PT2_STLB_SHIFT) & (ETNA_PT2_ENTRIES - 1);
}

u32 etna_pt2_pte(u64 pa, bool writeable);
void etna_pt2_set_stlb(struct etna_pt2 *pt, u32 mtlb_index, u32 *stlb,
		       dma_addr_t dma);
void etna_pt2_fill_linear(struct etna_pt2 *pt, u32 va, u64 pa, u32 size,
			  bool writeable);
void etna_pt2_fill(struct etna_pt2 *pt, u32 va, const struct sg_table *sgt,
		   u32 size, bool writeable);
void etna_pt2_clear(struct etna_pt2 *pt, u32 va, u32 size);
int etna_pt2_lookup(const struct etna_pt2 *pt, u32 va, u64 *pa,
		    bool *writeable);

#endif /* ETNA_PT2_H */
