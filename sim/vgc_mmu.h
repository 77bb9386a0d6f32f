/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory path of the model: MMUv1 (linear window + flat page table) and
 * MMUv2 (two-level tables, TLB, security block), and the bus-error /
 * MMU-exception reporting of the memory controller. Internal to the model
 * core.
 */
#ifndef VGC_MMU_H
#define VGC_MMU_H

#include "vgc.h"

/* The core translates through MMUv2 tables (MINOR_FEATURE_1 bit 28). */
bool vgc_has_mmuv2(const struct vgc_core *c);

/* Soft or AHB reset: TLB empty, SAFE_ADDRESS writable once more. */
void vgc_mmu_reset(struct vgc_core *c);

/*
 * AHB access to the MMU registers (0x180-0x1ff) and to the security block
 * (0x380-0x3ab) except SEC_COMMAND_CONTROL and AHB_CONTROL, which belong
 * to the FE and to reset. Return false when @off is a plain stored
 * register the caller handles.
 */
bool vgc_mmu_read(struct vgc_core *c, u32 off, u32 *val);
bool vgc_mmu_write(struct vgc_core *c, u32 off, u32 val);

/*
 * GL_FLUSH_MMU loaded with @bits: the MMUv1 TLBs of the clients they
 * name are emptied (the bit of each client is the model's choice, see
 * vgc_mmu.c).
 */
void vgc_mmu_v1_flush(struct vgc_core *c, u32 bits);

/* A LOAD_STATE of SAFE_ADDRESS, CONFIGURATION or PTA_CONFIG. */
void vgc_mmu_load_state(struct vgc_core *c, u32 off, u32 val);

#endif /* VGC_MMU_H */
