/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory path of the model: MMUv1 (linear window + flat page table) and
 * MMUv2 (two-level tables, TLB, security block), and the bus-error /
 * MMU-exception reporting of the memory controller: the state the core
 * keeps of it (in struct vgc_core) and the core's calls into it. The
 * engines' accesses are vgc_dma.h's.
 */
#ifndef VGC_MMU_H
#define VGC_MMU_H

#include "vgc_types.h"

/* DMA client: selects the MMUv1 page table / linear base used. */
enum vgc_client {
	VGC_CLIENT_FE,
	VGC_CLIENT_TX,
	VGC_CLIENT_PE,
	VGC_CLIENT_PEZ,
	VGC_CLIENT_RA,
	VGC_CLIENT_NR,
};

#define VGC_TLB_ENTRIES	64	/* direct-mapped, one 4 KiB page each */

/**
 * struct vgc_tlb_entry - one cached MMUv2 translation
 * @vpn: GPU virtual address >> 12
 * @pa: physical address of the 4 KiB page (of a 64 KiB page: its part)
 * @valid: the entry holds a translation
 * @writeable: the page table entry allowed writes
 */
struct vgc_tlb_entry {
	u32 vpn;
	u64 pa;
	bool valid, writeable;
};

/**
 * struct vgc_mmu2 - MMUv2 state that is not a register
 * @tlb: the translation cache; only a flush empties it
 * @pta_mtlb: master table selected by the last PTA slot load (security
 *	block), 40-bit physical
 * @pta_mode_1k: that slot asked for 1 KiB mode (refused at translation)
 * @safe_addr_locked: SAFE_ADDRESS was written since the reset
 */
struct vgc_mmu2 {
	struct vgc_tlb_entry tlb[VGC_TLB_ENTRIES];
	u64 pta_mtlb;
	bool pta_mode_1k;
	bool safe_addr_locked;
};

#define VGC_TLB1_ENTRIES	64	/* a client's: direct-mapped, 4 KiB pages */

/**
 * struct vgc_tlb1_entry - one cached MMUv1 translation of one client
 * @vpn: GPU virtual address >> 12 (bit 31 set: 0 is an empty entry)
 * @pa: physical address of the page
 * @host: the page in place (the host's mem_map), or NULL: copy through
 *	mem_read/mem_write
 */
struct vgc_tlb1_entry {
	u32 vpn;
	u64 pa;
	u8 *host;
};

/**
 * struct vgc_mmu1 - MMUv1 state that is not a register
 * @tlb: each client's translation cache (vgc_mmu.c says what empties it)
 * @gen: changes with every change of any entry of @tlb (a fill, a flush,
 *	a reset): while it has a value, a lookup finds what it found before
 */
struct vgc_mmu1 {
	struct vgc_tlb1_entry tlb[VGC_CLIENT_NR][VGC_TLB1_ENTRIES];
	u32 gen;
};

struct vgc_core;

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

/*
 * The FE's hook (vgc_fe.h) for the states of the register window (below
 * 0x600: only the MMUv2 ones load, none is stored) and GL_FLUSH_MMU.
 */
bool vgc_mmu_state(struct vgc_core *c, u32 off, u32 *val);

#endif /* VGC_MMU_H */
