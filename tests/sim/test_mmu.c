// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's MMUs beyond test_vgc.c: the MMUv2
 * TLB (stale translations until a flush, and what flushes it), 64 KiB
 * pages, the EXCEPTION bit of table entries, the mask bits of
 * CONFIGURATION, the security block's page table array (PTA) and its
 * registers, MMUv1's per-client page tables and TLBs (stale translations
 * until GL_FLUSH_MMU, a table register write or a reset; harness in sim_test.h;
 * the table formats are described at the top of sim/vgc_mmu.c).
 */
#include "sim_test.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define MTLB		0x100000u
#define STLB		0x101000u
#define MTLB2		0x102000u
#define STLB2		0x103000u
#define PTA		0x104000u
#define PAGE_A		0x200000u
#define PAGE_B		0x210000u
#define SAFE		0x300000u
#define VA		0x400000u	/* MTLB entry 1, STLB entry 0 */

static uint32_t pa(uint32_t off)
{
	return (uint32_t)(MEM_BASE + off);
}

/* MTLB entry 1 of the table at @mtlb points at the 4 KiB STLB at @stlb. */
static void tables(uint32_t mtlb, uint32_t stlb, uint32_t page, bool rw)
{
	memset(w32(mtlb), 0, 4096);
	memset(w32(stlb), 0, 4096);
	w32(mtlb)[VA >> 22] = pa(stlb) | VGC_MMUV2_PRESENT;
	w32(stlb)[0] = pa(page) | VGC_MMUV2_PRESENT |
		       (rw ? VGC_MMUV2_WRITEABLE : 0);
}

/* MMUv2 on through CONTROL, 4 KiB mode, master table @mtlb. */
static void mmuv2_on(struct vgc_core *c, uint32_t mtlb)
{
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(mtlb));
	vgc_write(c, VGC_MMUV2_SAFE_ADDRESS, pa(SAFE));
	vgc_write(c, VGC_MMUV2_CONTROL, VGC_MMUV2_ENABLE);
}

static uint32_t rd(struct vgc_core *c, enum vgc_client cl, uint32_t va,
		   int *ret)
{
	uint32_t v = 0;

	*ret = vgc_dma_read(c, cl, va, &v, 4);
	return v;
}

/*
 * A translation stays in the TLB after its tables change: the GPU reads
 * the old page until CONFIGURATION is loaded with FLUSH.
 */
static void t_tlb_stale_until_flush(struct vgc_core *c)
{
	unsigned long long flushes;
	int r;

	tables(MTLB, STLB, PAGE_A, true);
	w32(PAGE_A)[1] = 0xaaaa0001;
	w32(PAGE_B)[1] = 0xbbbb0001;
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 4, &r), 0xaaaa0001);
	EXPECT_EQ(r, 0);
	/* the entry now points at page B; no flush yet */
	w32(STLB)[0] = pa(PAGE_B) | VGC_MMUV2_PRESENT | VGC_MMUV2_WRITEABLE;
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 4, &r), 0xaaaa0001);
	/* an unmapped entry still translates too: no fault */
	w32(STLB)[0] = 0;
	EXPECT_EQ(rd(c, VGC_CLIENT_FE, VA + 4, &r), 0xaaaa0001);
	EXPECT_EQ(r, 0);
	EXPECT_EQ(c->stats.mmu_faults, 0);
	w32(STLB)[0] = pa(PAGE_B) | VGC_MMUV2_PRESENT | VGC_MMUV2_WRITEABLE;
	/* a load without FLUSH (the address rewritten) keeps it */
	flushes = c->stats.tlb_flushes;
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB));
	EXPECT_EQ(c->stats.tlb_flushes, flushes);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 4, &r), 0xaaaa0001);
	/* FLUSH: the walk sees the new entry */
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_MODE_MASK |
		  VGC_MMUV2_CFG_FLUSH);
	EXPECT_EQ(c->stats.tlb_flushes, flushes + 1);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 4, &r), 0xbbbb0001);
	EXPECT_EQ(r, 0);
}

/* A new master table without a flush: the old space's pages still. */
static void t_tlb_stale_across_spaces(struct vgc_core *c)
{
	int r;

	tables(MTLB, STLB, PAGE_A, true);
	tables(MTLB2, STLB2, PAGE_B, true);
	w32(PAGE_A)[0] = 0xa;
	w32(PAGE_B)[0] = 0xb;
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xa);
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB2));
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION) & VGC_MMUV2_CFG_ADDRESS,
		  pa(MTLB2));
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xa);	/* stale */
	/* a write goes to the stale page too */
	r = 0x77;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA + 8, &r, 4), 0);
	EXPECT_EQ(w32(PAGE_A)[2], 0x77);
	EXPECT_EQ(w32(PAGE_B)[2], 0);
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB2) | VGC_MMUV2_CFG_FLUSH);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xb);
	/* other pages are walked afresh: only the cached one was stale */
	EXPECT_EQ(r, 0);
}

/* The write permission is cached with the translation. */
static void t_tlb_caches_permission(struct vgc_core *c)
{
	uint32_t v = 5;

	tables(MTLB, STLB, PAGE_A, false);
	mmuv2_on(c, MTLB);
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA, &v, 4), -1);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS),
		  (uint32_t)VGC_MMU_EXC_WRITE_VIOLATION << 4);
	EXPECT_EQ(w32(PAGE_A)[0], 0);
	EXPECT_EQ(w32(SAFE)[0], 5);	/* the write went to the safe zone */
	/* made writable in the table: still read-only until a flush */
	w32(STLB)[0] |= VGC_MMUV2_WRITEABLE;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA, &v, 4), -1);
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB) | VGC_MMUV2_CFG_FLUSH);
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA, &v, 4), 0);
	EXPECT_EQ(w32(PAGE_A)[0], 5);
	EXPECT_EQ(c->stats.mmu_faults, 2);
}

/* A reset empties the TLB (and turns the MMU off). */
static void t_tlb_reset(struct vgc_core *c)
{
	int r;

	tables(MTLB, STLB, PAGE_A, true);
	w32(PAGE_A)[0] = 0xa;
	w32(PAGE_B)[0] = 0xb;
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xa);
	w32(STLB)[0] = pa(PAGE_B) | VGC_MMUV2_PRESENT;
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xb);
}

/*
 * 64 KiB pages: the MTLB entry's page size 64K indexes its STLB by
 * VA[21:16]; the page address keeps VA[15:12].
 */
static void t_64k_pages(struct vgc_core *c)
{
	uint32_t v = 0x64646464;
	int r;

	memset(w32(MTLB), 0, 4096);
	memset(w32(STLB), 0, 4096);
	w32(MTLB)[VA >> 22] = pa(STLB) | VGC_MMUV2_MTLB_64K |
			      VGC_MMUV2_PRESENT;
	/* entry 1: VA + 64 KiB .. VA + 128 KiB at PAGE_B */
	w32(STLB)[1] = pa(PAGE_B) | VGC_MMUV2_PRESENT | VGC_MMUV2_WRITEABLE;
	w32(PAGE_B + 0x3000)[3] = 0x6403000c;
	w32(PAGE_B + 0xf000)[1023] = 0x640ffffc;
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 0x1300c, &r), 0x6403000c);
	EXPECT_EQ(r, 0);
	EXPECT_EQ(rd(c, VGC_CLIENT_TX, VA + 0x1fffc, &r), 0x640ffffc);
	EXPECT_EQ(r, 0);
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA + 0x18010, &v, 4), 0);
	EXPECT_EQ(w32(PAGE_B + 0x8000)[4], 0x64646464);
	/* entry 0 is not present: the first 64 KiB fault */
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 0xf000, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS),
		  (uint32_t)VGC_MMU_EXC_PAGE_NOT_PRESENT << 4);
	/* entry 2 (VA + 128 KiB) likewise */
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 0x20000, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_EXCEPTION_ADDR + 4), VA + 0x20000);
	EXPECT_EQ(c->stats.mmu_faults, 2);
}

/* An entry with EXCEPTION set is not used, PRESENT or not. */
static void t_exception_bit(struct vgc_core *c)
{
	int r;

	tables(MTLB, STLB, PAGE_A, true);
	w32(STLB)[1] = pa(PAGE_B) | VGC_MMUV2_PRESENT | VGC_MMUV2_EXCEPTION |
		       VGC_MMUV2_WRITEABLE;
	w32(MTLB)[2] = pa(STLB) | VGC_MMUV2_PRESENT | VGC_MMUV2_EXCEPTION;
	w32(PAGE_A)[0] = 0xa;
	w32(PAGE_B)[0] = 0xb;
	mmuv2_on(c, MTLB);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xa);
	EXPECT_EQ(r, 0);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 0x1000, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS),
		  (uint32_t)VGC_MMU_EXC_PAGE_NOT_PRESENT << 4);
	EXPECT_EQ(rd(c, VGC_CLIENT_FE, 2u << 22, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS), VGC_MMU_EXC_SLAVE_NOT_PRESENT);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_EXCEPTION_ADDR), 2u << 22);
	EXPECT_EQ(c->stats.mmu_faults, 2);
}

/* CONFIGURATION: a field changes only when its mask bit is clear. */
static void t_configuration_masks(struct vgc_core *c)
{
	unsigned long long f;

	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB));
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION), pa(MTLB));
	/* the address masked: kept */
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  pa(MTLB2) | VGC_MMUV2_CFG_ADDRESS_MASK);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION) & VGC_MMUV2_CFG_ADDRESS,
		  pa(MTLB));
	/* the mode set, its mask set: kept; mask clear: set */
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_MODE_MASK |
		  VGC_MMUV2_CFG_MODE_1K);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION) & VGC_MMUV2_CFG_MODE_1K,
		  0);
	f = c->stats.tlb_flushes;
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_MODE_1K);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION),
		  pa(MTLB) | VGC_MMUV2_CFG_MODE_1K);
	EXPECT_EQ(c->stats.tlb_flushes, f + 1);	/* a mode change flushes */
	/* FLUSH with its mask set: no flush */
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_MODE_MASK |
		  VGC_MMUV2_CFG_FLUSH | VGC_MMUV2_CFG_FLUSH_MASK);
	EXPECT_EQ(c->stats.tlb_flushes, f + 1);
	vgc_write(c, VGC_MMUV2_CONFIGURATION,
		  VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_MODE_MASK |
		  VGC_MMUV2_CFG_FLUSH);
	EXPECT_EQ(c->stats.tlb_flushes, f + 2);
	/* the address and mode unchanged by the flushes; FLUSH not stored */
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION),
		  pa(MTLB) | VGC_MMUV2_CFG_MODE_1K);
}

/* Through the FE, as the drivers load it: the same masks. */
static void t_configuration_from_fe(struct vgc_core *c)
{
	uint32_t p = 0x8000, q;
	unsigned long long f = c->stats.tlb_flushes;

	q = emit(p, ls(VGC_MMUV2_CONFIGURATION, 1), pa(MTLB));
	q = emit(q, ls(VGC_MMUV2_CONFIGURATION, 1),
		 pa(MTLB2) | VGC_MMUV2_CFG_ADDRESS_MASK | VGC_MMUV2_CFG_FLUSH);
	emit(q, OP_END, 0);
	start(c, pa(p), 3);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_CONFIGURATION), pa(MTLB));
	EXPECT_EQ(c->stats.tlb_flushes, f + 1);
}

/* The security block: PTA slots, SEC_STATUS, the non-secure safe zone. */
static void t_pta(struct vgc_core *c)
{
	uint32_t *pta = w32(PTA), v;
	unsigned long long f;
	int r;

	tables(MTLB, STLB, PAGE_A, true);
	tables(MTLB2, STLB2, PAGE_B, true);
	w32(PAGE_A)[0] = 0xa;
	w32(PAGE_B)[0] = 0xb;
	memset(pta, 0, 4096);
	pta[2 * 3] = pa(MTLB);		/* slot 3 */
	pta[2 * 7] = pa(MTLB2);		/* slot 7 */
	vgc_write(c, VGC_INTR_ENBL, ~0u);
	vgc_write(c, VGC_SEC_PTA_ADDRESS_LOW, pa(PTA));
	vgc_write(c, VGC_SEC_PTA_ADDRESS_HIGH, 0);
	EXPECT_EQ(vgc_read(c, VGC_SEC_PTA_ADDRESS_LOW), pa(PTA));
	vgc_write(c, VGC_SEC_NONSEC_SAFE_ADDR_LOW, pa(SAFE));
	vgc_write(c, VGC_SEC_SAFE_ADDRESS_CONFIG, 0);
	/* PTA_CONFIG before the PTA is enabled loads nothing */
	f = c->stats.tlb_flushes;
	vgc_write(c, VGC_MMUV2_PTA_CONFIG, 3);
	EXPECT_EQ(c->stats.tlb_flushes, f);
	vgc_write(c, VGC_SEC_PTA_CONTROL, VGC_MMUV2_ENABLE);
	vgc_write(c, VGC_MMUV2_PTA_CONFIG, 3);
	EXPECT_EQ(c->stats.tlb_flushes, f + 1);
	vgc_write(c, VGC_SEC_CONTROL, VGC_MMUV2_ENABLE);
	/* CONFIGURATION's address does not count with the security block */
	vgc_write(c, VGC_MMUV2_CONFIGURATION, pa(MTLB2));
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xa);
	EXPECT_EQ(r, 0);
	/* another slot: another space; the slot load flushes */
	vgc_write(c, VGC_MMUV2_PTA_CONFIG, 7);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0xb);
	/* a fault goes to SEC_STATUS and SEC_EXCEPTION_ADDR */
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA + 0x5000, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(vgc_read(c, VGC_SEC_STATUS),
		  (uint32_t)VGC_MMU_EXC_PAGE_NOT_PRESENT << 4);
	EXPECT_EQ(vgc_read(c, VGC_SEC_STATUS), 0);	/* read clears */
	EXPECT_EQ(vgc_read(c, VGC_SEC_EXCEPTION_ADDR), VA + 0x5000);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_STATUS), 0);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), VGC_INTR_MMU_EXCEPTION);
	/* a faulting write lands in the non-secure safe zone */
	v = 0x5afe;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, VA + 0x5008, &v, 4), -1);
	EXPECT_EQ(w32(SAFE)[2], 0x5afe);
	/* an empty slot: no master table, no translation */
	vgc_write(c, VGC_MMUV2_PTA_CONFIG, 9);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, VA, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(c->stats.mmu_faults, 2);
	EXPECT_EQ(c->stats.bus_errors, 1);	/* the MTLB read at 0 */
}

/* Without a security block its registers read 0 and ignore writes. */
static void t_no_security_block(struct vgc_core *c)
{
	int r;

	vgc_write(c, VGC_SEC_PTA_ADDRESS_LOW, pa(PTA));
	vgc_write(c, VGC_SEC_PTA_CONTROL, VGC_MMUV2_ENABLE);
	vgc_write(c, VGC_SEC_CONTROL, VGC_MMUV2_ENABLE);
	EXPECT_EQ(vgc_read(c, VGC_SEC_PTA_ADDRESS_LOW), 0);
	EXPECT_EQ(vgc_read(c, VGC_SEC_CONTROL), 0);
	/* the MMU is still off: physical addresses */
	w32(PAGE_A)[0] = 0x9a;
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, pa(PAGE_A), &r), 0x9a);
	EXPECT_EQ(r, 0);
}

/*
 * MMUv1: every client has its own page table register; each client's
 * accesses go through its own table.
 */
static void t_mmuv1_per_client_tables(struct vgc_core *c)
{
	static const enum vgc_client cl[] = {
		VGC_CLIENT_FE, VGC_CLIENT_TX, VGC_CLIENT_PE, VGC_CLIENT_PEZ,
		VGC_CLIENT_RA,
	};
	uint32_t pt = 0x100000, page = 0x200000, v;
	unsigned int i;
	int r;

	setup_linear(c);
	for (i = 0; i < ARRAY_SIZE(cl); i++) {
		/* table i maps GPU page 0x80000000 to page i */
		w32(pt + i * 0x1000)[0] = pa(page + i * 0x1000);
		w32(page + i * 0x1000)[0] = 0xc11e0000 + i;
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * i,
			  pa(pt + i * 0x1000));
	}
	for (i = 0; i < ARRAY_SIZE(cl); i++) {
		EXPECT_EQ(rd(c, cl[i], 0x80000000u, &r), 0xc11e0000 + i);
		EXPECT_EQ(r, 0);
	}
	v = 0x77;
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x80000004u, &v, 4), 0);
	EXPECT_EQ(w32(page + 2 * 0x1000)[1], 0x77);
	EXPECT_EQ(w32(page)[1], 0);
	/* each client's linear window has its own base */
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE + 0x1000);
	EXPECT_EQ(rd(c, VGC_CLIENT_TX, page, &r), 0xc11e0001);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, page, &r), 0xc11e0000);
}

static const enum vgc_client v1_clients[] = {
	VGC_CLIENT_FE, VGC_CLIENT_TX, VGC_CLIENT_PE, VGC_CLIENT_PEZ,
	VGC_CLIENT_RA,
};

/* The GL_FLUSH_MMU bit of each client of v1_clients[] (the model's choice). */
static const uint32_t v1_bits[] = {
	VGC_GL_FLUSH_FEMMU, VGC_GL_FLUSH_UNK1, VGC_GL_FLUSH_PEMMU,
	VGC_GL_FLUSH_UNK2, VGC_GL_FLUSH_UNK4,
};

/*
 * MMUv1: every client's table at @pt maps GPU page 0x80000000 to PAGE_A
 * (0xa there, 0xb in PAGE_B); each client reads it once (its TLB holds
 * the translation); then the table entry moves to PAGE_B.
 */
static void v1_cached_then_moved(struct vgc_core *c, uint32_t pt)
{
	unsigned int i;
	int r;

	setup_linear(c);
	memset(w32(pt), 0, 4096);
	w32(pt)[0] = pa(PAGE_A);
	w32(PAGE_A)[0] = 0xa;
	w32(PAGE_B)[0] = 0xb;
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++) {
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * i, pa(pt));
		EXPECT_EQ(rd(c, v1_clients[i], 0x80000000u, &r), 0xa);
		EXPECT_EQ(r, 0);
	}
	w32(pt)[0] = pa(PAGE_B);
}

/* A GL_FLUSH_MMU of @bits through the FE (its commands in the linear window). */
static void v1_flush_from_fe(struct vgc_core *c, uint32_t bits)
{
	uint32_t p = 0x8000;

	emit(emit(p, ls(VGC_GL_FLUSH_MMU, 1), bits), OP_END, 0);
	start(c, p, 2);
	EXPECT_EQ(vgc_fe_run(c, 10), VGC_RUN_IDLE);
}

/*
 * MMUv1 TLBs: a client keeps using a translation after its table entry
 * changed, in place or copied (the host's mem_map on or off), for reads
 * and writes, until GL_FLUSH_MMU loads its bit; each bit empties one
 * client's TLB only.
 */
static void t_mmuv1_tlb_stale_until_flush(struct vgc_core *c)
{
	unsigned int i, j, way;
	uint32_t v = 0x5a;
	int r;

	v1_cached_then_moved(c, 0x100000);
	for (way = 0; way < 2; way++) {
		mem_map_off = way;
		for (i = 0; i < ARRAY_SIZE(v1_clients); i++)
			EXPECT_EQ(rd(c, v1_clients[i], 0x80000000u, &r), 0xa);
	}
	mem_map_off = false;
	/* a stale write lands on the old page */
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x80000004u, &v, 4), 0);
	EXPECT_EQ(w32(PAGE_A)[1], 0x5a);
	EXPECT_EQ(w32(PAGE_B)[1], 0);
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++) {
		v1_flush_from_fe(c, v1_bits[i]);
		for (j = 0; j < ARRAY_SIZE(v1_clients); j++)
			EXPECT_EQ(rd(c, v1_clients[j], 0x80000000u, &r),
				  j <= i ? 0xb : 0xa);
	}
	/* and what a driver loads: all five bits, every client */
	w32(0x100000)[0] = pa(PAGE_A);
	v1_flush_from_fe(c, VGC_GL_FLUSH_FEMMU | VGC_GL_FLUSH_UNK1 |
			 VGC_GL_FLUSH_UNK2 | VGC_GL_FLUSH_PEMMU |
			 VGC_GL_FLUSH_UNK4);
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++)
		EXPECT_EQ(rd(c, v1_clients[i], 0x80000000u, &r), 0xa);
}

/*
 * MMUv1 TLBs: a write of a client's page-table register empties its TLB
 * (the same value too), a reset empties all; the linear window is not
 * cached.
 */
static void t_mmuv1_tlb_emptied(struct vgc_core *c)
{
	unsigned int i;
	int r;

	v1_cached_then_moved(c, 0x100000);
	vgc_write(c, VGC_MC_MMU_TX_PAGE_TABLE, pa(0x100000));
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++)
		EXPECT_EQ(rd(c, v1_clients[i], 0x80000000u, &r),
			  v1_clients[i] == VGC_CLIENT_TX ? 0xb : 0xa);
	/*
	 * a reset clears the table registers too: every client walks a
	 * table at 0, a bus error, where a stale entry would read 0xa
	 */
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++) {
		EXPECT_EQ(rd(c, v1_clients[i], 0x80000000u, &r), 0);
		EXPECT_EQ(r, -1);
	}
	/* linear window: a new base applies at once */
	setup_linear(c);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, PAGE_A, &r), 0xa);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE + (PAGE_B - PAGE_A));
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, PAGE_A, &r), 0xb);
}

/*
 * MMUv1: a table read that is a bus error caches nothing: once the
 * table register points at memory, the walk succeeds.
 */
static void t_mmuv1_tlb_bus_error_not_cached(struct vgc_core *c)
{
	int r;

	v1_cached_then_moved(c, 0x100000);
	vgc_write(c, VGC_MC_MMU_PE_PAGE_TABLE, 0xf0000000u);
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, 0x80000000u, &r), 0);
	EXPECT_EQ(r, -1);
	EXPECT_EQ(c->stats.bus_errors, 1);
	vgc_write(c, VGC_MC_MMU_PE_PAGE_TABLE, pa(0x100000));
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, 0x80000000u, &r), 0xb);
	EXPECT_EQ(r, 0);
}

/*
 * MMUv1: the TLBs' generation (what the pixel engine's noted hits rely
 * on) stays while reads hit and changes with a fill, a flush from the
 * FE, a page-table register write and a reset.
 */
static void t_mmuv1_tlb_generation(struct vgc_core *c)
{
	uint32_t g;
	int r;

	v1_cached_then_moved(c, 0x100000);
	g = c->mmu1.gen;
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, 0x80000000u, &r), 0xa);
	EXPECT_EQ(rd(c, VGC_CLIENT_PEZ, 0x80000000u, &r), 0xa);
	EXPECT_EQ(c->mmu1.gen, g);
	v1_flush_from_fe(c, VGC_GL_FLUSH_PEMMU);
	EXPECT_EQ(c->mmu1.gen != g, 1);
	g = c->mmu1.gen;
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, 0x80000000u, &r), 0xb);
	EXPECT_EQ(c->mmu1.gen != g, 1);
	g = c->mmu1.gen;
	EXPECT_EQ(rd(c, VGC_CLIENT_PE, 0x80000000u, &r), 0xb);
	EXPECT_EQ(c->mmu1.gen, g);
	vgc_write(c, VGC_MC_MMU_PEZ_PAGE_TABLE, pa(0x100000));
	EXPECT_EQ(c->mmu1.gen != g, 1);
	g = c->mmu1.gen;
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	vgc_write(c, VGC_CLOCK_CONTROL, 0x100);
	EXPECT_EQ(c->mmu1.gen != g, 1);
}

/*
 * A 2D clear of 16x4 pixels at @dst, its commands at 0x8000 in the FE's
 * linear window (where a driver puts them), run to the end.
 */
static void v1_clear(struct vgc_core *c, uint32_t dst)
{
	uint32_t q = de_clear_states(0x8000, dst, 16, 4);

	q = emit(q, 0x20000000u | 1u << 8, 0);	/* DRAW_2D, one rectangle */
	q = emit(q, 0, 4u << 16 | 16);
	q = emit(q, OP_END, 0);
	start(c, 0x8000, (q - 0x8000) / 8);
	EXPECT_EQ(vgc_fe_run(c, 100), VGC_RUN_IDLE);
}

/*
 * The oracle of issue 30: on an MMUv1 core (a GC320, for its 2D
 * engine), every access of a client
 * through the linear window counts as an escape (the FE's data reads
 * too: vertices, indices, shader code), whatever the size, wrapping
 * past 4 GiB included; the same accesses through the page table, the
 * FE's command fetch (a DRAW_2D's rectangles with it) and every access
 * of an MMUv2 core do not.
 */
static void t_mmuv1_escapes(struct vgc_core *c)
{
	uint32_t pt = 0x100000, page = 0x200000, v = 0;
	uint8_t b[8] = { 0 };
	unsigned int i;
	int r;

	setup_linear(c);
	memset(w32(pt), 0, 4096);
	w32(pt)[0] = pa(page);
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++)
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * i, pa(pt));
	for (i = 0; i < ARRAY_SIZE(v1_clients); i++) {
		rd(c, v1_clients[i], 0x80000000u, &r);
		EXPECT_EQ(r, 0);
		EXPECT_EQ(c->stats.escapes, i);
		rd(c, v1_clients[i], page, &r);
		EXPECT_EQ(c->stats.escapes, i + 1);
	}
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, 0x80000010u, &v, 4), 0);
	EXPECT_EQ(c->stats.escapes, 5);
	EXPECT_EQ(vgc_dma_write(c, VGC_CLIENT_PE, page + 16, &v, 1), 0);
	EXPECT_EQ(c->stats.escapes, 6);
	/* a write of two pages through the window: two accesses */
	EXPECT_EQ(vgc_dma_write_pages(c, VGC_CLIENT_PE, page + 4092, b, 8),
		  0);
	EXPECT_EQ(c->stats.escapes, 8);
	/* the last bytes of the MMU's range and the first of the window */
	vgc_dma_read(c, VGC_CLIENT_TX, 0xfffffffcu, b, 8);
	EXPECT_EQ(c->stats.escapes, 9);
	vgc_dma_read(c, VGC_CLIENT_TX, 0xfffffff8u, b, 8);
	EXPECT_EQ(c->stats.escapes, 9);

	/* the FE reads its commands through the window: no escape */
	c->stats.escapes = 0;
	v1_clear(c, 0x80000000u);
	EXPECT_EQ(c->stats.de_pixels, 64);
	EXPECT_EQ(w32(page)[0], 0x12345678);
	EXPECT_EQ(c->stats.escapes, 0);
	/* its destination in the window: escapes, in place or copied */
	v1_clear(c, page + 0x1000);
	EXPECT_EQ(w32(page + 0x1000)[0], 0x12345678);
	EXPECT_EQ(c->stats.escapes > 0, 1);
	c->stats.escapes = 0;
	mem_map_off = true;
	v1_clear(c, page + 0x2000);
	mem_map_off = false;
	EXPECT_EQ(w32(page + 0x2000)[0], 0x12345678);
	EXPECT_EQ(c->stats.escapes > 0, 1);

	/* an MMUv2 core, MMU off: physical addresses, no window */
	memset(c, 0, sizeof(*c));
	vgc_init(c, vgc_ident_find("gc3000"), &ops, NULL);
	rd(c, VGC_CLIENT_PE, pa(page), &r);
	EXPECT_EQ(r, 0);
	EXPECT_EQ(c->stats.escapes, 0);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("mmu/tlb-stale-until-flush", t_tlb_stale_until_flush,
		 "gc3000");
	run_test("mmu/tlb-stale-across-spaces", t_tlb_stale_across_spaces,
		 "gc3000");
	run_test("mmu/tlb-caches-permission", t_tlb_caches_permission,
		 "gc320-5303");
	run_test("mmu/tlb-emptied-by-reset", t_tlb_reset, "gc3000");
	run_test("mmu/64k-pages", t_64k_pages, "gc3000");
	run_test("mmu/exception-bit", t_exception_bit, "gc3000");
	run_test("mmu/configuration-masks", t_configuration_masks, "gc3000");
	run_test("mmu/configuration-from-fe", t_configuration_from_fe,
		 "gc3000");
	run_test("mmu/pta-and-security-registers", t_pta, "gc7000");
	run_test("mmu/no-security-block", t_no_security_block, "gc3000");
	run_test("mmu/mmuv1-per-client-tables", t_mmuv1_per_client_tables,
		 "gc2000");
	run_test("mmu/mmuv1-tlb-stale-until-flush",
		 t_mmuv1_tlb_stale_until_flush, "gc2000");
	run_test("mmu/mmuv1-tlb-emptied", t_mmuv1_tlb_emptied, "gc2000");
	run_test("mmu/mmuv1-tlb-bus-error-not-cached",
		 t_mmuv1_tlb_bus_error_not_cached, "gc2000");
	run_test("mmu/mmuv1-escapes", t_mmuv1_escapes, "gc320");
	run_test("mmu/mmuv1-tlb-generation", t_mmuv1_tlb_generation,
		 "gc2000");

	return sim_test_end("sim MMU tests");
}
