/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etnaviv: MMUv1 page-table entries. Pure functions over the table, kept
 * apart from the address-space code so that KUnit can test them alone.
 */
#ifndef ETNA_PT_H
#define ETNA_PT_H

#include <linux/sizes.h>
#include <linux/types.h>

struct sg_table;

/* MMUv1 translates the upper 2 GiB of the GPU address space. */
#define ETNA_VM_START	0x80000000u
#define ETNA_VM_SIZE	0x80000000u
#define ETNA_VM_ENTRIES	(ETNA_VM_SIZE / SZ_4K)

int etna_sgt_check(const struct sg_table *sgt, u64 size);
void etna_pt_fill(u32 *pt, u64 va, const struct sg_table *sgt, u64 size);
void etna_pt_clear(u32 *pt, u64 va, u64 size, u32 bad);

#endif /* ETNA_PT_H */
