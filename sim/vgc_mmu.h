/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory path of the model: MMUv1 (linear window + flat page table) and
 * MMUv2 (two-level tables), and the bus-error / MMU-exception reporting of
 * the memory controller. Internal to the model core.
 */
#ifndef VGC_MMU_H
#define VGC_MMU_H

#include "vgc.h"

/* MMUv2 exception codes (STATUS nibbles) */
#define VGC_MMU_EXC_SLAVE_NOT_PRESENT	1
#define VGC_MMU_EXC_PAGE_NOT_PRESENT	2
#define VGC_MMU_EXC_WRITE_VIOLATION	3

void vgc_mmu_load_state(struct vgc_core *c, u32 off, u32 val);

#endif /* VGC_MMU_H */
