// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's memory path. Every GPU access goes through here: it is
 * translated by the MMU the core has, checked against what the host says
 * is real memory, and turned into the error a real core reports (AXI bus
 * error or MMU exception) when it is bad. Nothing here can touch memory
 * that the host callbacks refuse.
 *
 * MMUv1 (etna_viv rnndb, galcore SplitMemory): addresses below 2 GiB are a
 * linear window, physical = address + MEMORY_BASE of the client; above, a
 * flat table of 32-bit page addresses at MMU_<client>_PAGE_TABLE. Drivers
 * load GL_FLUSH_MMU with all five of its bits (FLUSH_FEMMU, UNK1, UNK2,
 * PEMMU, UNK4: etna_viv rnndb; Linux 6.1 etnaviv_buffer.c) after they
 * change a table, so the clients cache translations.
 *
 * MMUv2 cores (MINOR_FEATURE_1 bit 28) use physical addresses until the
 * MMU is enabled, by CONTROL or, with the security block, by SEC_CONTROL;
 * only a reset turns it off. Then (4 KiB mode) the master table (MTLB) is
 * indexed by VA[31:22]; its entry points to a slave table (STLB) indexed
 * by VA[21:12], or by VA[21:16] when the entry's page-size field (bits
 * 3:2) says 64 KiB. An entry is used when PRESENT (bit 0) is set and
 * EXCEPTION (bit 1) clear; STLB bit 2 allows writes, bits 11:4 are
 * physical address bits 39:32 (galcore gc_hal_kernel_mmu.c, Linux 6.1
 * etnaviv_iommu_v2.c). The master table is CONFIGURATION's address
 * without the security block; with it, the slot of the page table array
 * (PTA) that the last PTA_CONFIG load selected: a 64-bit entry, MTLB
 * address in bits 39:10, bit 0 the 1 KiB mode.
 *
 * What the model does where the facts run out (documented choices):
 *  - a failed translation is reported in the client's STATUS nibble and
 *    EXCEPTION_ADDR slot (SEC_STATUS / SEC_EXCEPTION_ADDR when the MMU was
 *    enabled through the security block), raises INTR bit 30 and is
 *    redirected to the safe address: reads return the safe zone's
 *    content, writes land in it. The zone is the 64 bytes SAFE_ADDRESS's
 *    alignment implies (NONSEC_SAFE_ADDR with the security block); an
 *    access wraps inside it. With no safe address set, reads see zeroes
 *    and writes vanish;
 *  - the TLB (64 entries, direct mapped, untagged: one translation per
 *    GPU page whatever the address space) caches successful walks only.
 *    It is emptied by a CONFIGURATION load with FLUSH or a MODE change,
 *    by a PTA slot load, by enabling the MMU and by a reset; a new MTLB
 *    address alone does not empty it, so a driver that switches address
 *    spaces or changes tables without a flush gets stale translations;
 *  - 1 KiB mode and 1 MiB / 16 MiB MTLB pages (later cores) are refused
 *    as SLAVE_NOT_PRESENT; OUT_OF_BOUND and the security violations are
 *    never raised (no secure buffers exist here);
 *  - STATUS and SEC_STATUS clear when read;
 *  - MMUv1: each client has its own TLB (64 entries, direct mapped by
 *    GPU page) of the table walks that did not end in a bus error; the
 *    linear window is not cached. A GL_FLUSH_MMU load empties the TLBs
 *    of the clients its bits name. Which bit is which client is not
 *    documented; the model's choice: FLUSH_FEMMU the FE, FLUSH_PEMMU the
 *    PE (their names), and the unnamed bits, in the order of the
 *    page-table registers of the other clients: UNK1 TX, UNK2 PEZ, UNK4
 *    RA. Any write of a client's MC_MMU_*_PAGE_TABLE empties its TLB
 *    (the same value too), and a reset empties all; nothing else does,
 *    so a driver that changes a table without the flush gets the stale
 *    translation, as the other clients do until their bit is loaded.
 *
 * The oracle (stats.escapes): on MMUv1 cores every access of an engine
 * through the linear window is counted. A driver maps its clients'
 * buffers through the page table only (the window holds its command
 * buffers, which only the FE's command fetch reads), so an engine that
 * reaches memory there does so because a command stream steered it
 * outside what the job owns: the count the validator's tests and
 * fuzzers require to stay 0. The access itself proceeds as on silicon.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_mmu.h"
#include "vgc_fe.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

#define SAFE_ZONE	64u

/* How addresses are translated right now. */
enum xlat {
	XLAT_MMUV1,	/* MMUv1 core */
	XLAT_PHYS,	/* MMUv2 core, MMU off */
	XLAT_V2,	/* MMUv2 through CONTROL */
	XLAT_V2_SEC,	/* MMUv2 through the security block */
};

/* MMUv1 registers of each client: page table, linear base. */
static const u16 v1_regs[VGC_CLIENT_NR][2] = {
	[VGC_CLIENT_FE]  = { VGC_MC_MMU_FE_PAGE_TABLE, VGC_MC_MEMORY_BASE_FE },
	[VGC_CLIENT_TX]  = { VGC_MC_MMU_TX_PAGE_TABLE, VGC_MC_MEMORY_BASE_TX },
	[VGC_CLIENT_PE]  = { VGC_MC_MMU_PE_PAGE_TABLE, VGC_MC_MEMORY_BASE_PE },
	[VGC_CLIENT_PEZ] = { VGC_MC_MMU_PEZ_PAGE_TABLE, VGC_MC_MEMORY_BASE_PEZ },
	[VGC_CLIENT_RA]  = { VGC_MC_MMU_RA_PAGE_TABLE, VGC_MC_MEMORY_BASE_RA },
};

/* The GL_FLUSH_MMU bit that empties a client's MMUv1 TLB (a choice). */
static const u8 v1_flush_bit[VGC_CLIENT_NR] = {
	[VGC_CLIENT_FE]  = VGC_GL_FLUSH_FEMMU,
	[VGC_CLIENT_TX]  = VGC_GL_FLUSH_UNK1,
	[VGC_CLIENT_PE]  = VGC_GL_FLUSH_PEMMU,
	[VGC_CLIENT_PEZ] = VGC_GL_FLUSH_UNK2,
	[VGC_CLIENT_RA]  = VGC_GL_FLUSH_UNK4,
};

/* MMUv2 exception slot (STATUS nibble, EXCEPTION_ADDR index) of a client. */
static const u8 v2_slot[VGC_CLIENT_NR] = {
	[VGC_CLIENT_FE] = 0, [VGC_CLIENT_PE] = 1, [VGC_CLIENT_TX] = 2,
	[VGC_CLIENT_PEZ] = 3, [VGC_CLIENT_RA] = 3,
};

bool vgc_has_mmuv2(const struct vgc_core *c)
{
	return vgc_caps(c)->mmuv2;
}

static enum xlat xlat_mode(const struct vgc_core *c)
{
	if (!vgc_has_mmuv2(c))
		return XLAT_MMUV1;
	if (c->id->security && (REG(c, VGC_SEC_CONTROL) & VGC_MMUV2_ENABLE))
		return XLAT_V2_SEC;
	if (REG(c, VGC_MMUV2_CONTROL) & VGC_MMUV2_ENABLE)
		return XLAT_V2;
	return XLAT_PHYS;
}

static int bus_access(struct vgc_core *c, u64 pa, void *buf, size_t len,
		      bool write)
{
	int err;

	if (c->inject_bus_error) {
		c->inject_bus_error = false;
		err = 1;
	} else if (write) {
		err = c->ops->mem_write(c->ctx, pa, buf, len);
	} else {
		err = c->ops->mem_read(c->ctx, pa, buf, len);
	}
	if (!err)
		return 0;
	c->axi_status |= write ? VGC_AXI_DET_WR_ERR : VGC_AXI_DET_RD_ERR;
	vgc_raise(c, VGC_INTR_AXI_BUS_ERROR);
	c->stats.bus_errors++;
	return -1;
}

static int read32(struct vgc_core *c, u64 pa, u32 *v)
{
	return bus_access(c, pa, v, 4, false);
}

static void tlb_flush(struct vgc_core *c)
{
	memset(c->mmu2.tlb, 0, sizeof(c->mmu2.tlb));
	c->stats.tlb_flushes++;
}

void vgc_mmu_reset(struct vgc_core *c)
{
	u32 gen = c->mmu1.gen;

	memset(&c->mmu2, 0, sizeof(c->mmu2));
	memset(&c->mmu1, 0, sizeof(c->mmu1));
	c->mmu1.gen = gen + 1;
}

void vgc_mmu_v1_flush(struct vgc_core *c, u32 bits)
{
	unsigned int cl;
	bool any = false;

	for (cl = 0; cl < VGC_CLIENT_NR; cl++) {
		if (!(bits & v1_flush_bit[cl]))
			continue;
		memset(c->mmu1.tlb[cl], 0, sizeof(c->mmu1.tlb[cl]));
		any = true;
	}
	if (any) {
		c->mmu1.gen++;
		c->stats.tlb_flushes++;
	}
}

/*
 * The MMUv1 translation of @va (in the MMU's range) for @cl: its TLB
 * entry, the table walked on a miss. NULL when the table read was a bus
 * error (reported, not cached).
 */
static struct vgc_tlb1_entry *v1_entry(struct vgc_core *c,
				       enum vgc_client cl, u32 va)
{
	u32 vpn = va >> VGC_PAGE_SHIFT, pte;
	struct vgc_tlb1_entry *e = &c->mmu1.tlb[cl][vpn % VGC_TLB1_ENTRIES];

	if (e->vpn == vpn)
		return e;
	if (read32(c, REG(c, v1_regs[cl][0]) +
		   (u64)((va & ~VGC_MMUV1_VIRT_BIT) >> VGC_PAGE_SHIFT) * 4, &pte))
		return NULL;
	c->mmu1.gen++;
	e->vpn = vpn;
	e->pa = pte & ~(VGC_PAGE_SIZE - 1);
	e->host = c->ops->mem_map ?
		  c->ops->mem_map(c->ctx, e->pa, VGC_PAGE_SIZE) : NULL;
	return e;
}

static void mmuv2_report(struct vgc_core *c, enum xlat m,
			 enum vgc_client cl, u32 va, u32 code)
{
	unsigned int slot = v2_slot[cl];
	u32 status = m == XLAT_V2_SEC ? VGC_SEC_STATUS : VGC_MMUV2_STATUS;

	REG(c, status) &= ~(0xfu << (4 * slot));
	REG(c, status) |= code << (4 * slot);
	if (m == XLAT_V2_SEC)
		REG(c, VGC_SEC_EXCEPTION_ADDR) = va;
	else
		REG(c, VGC_MMUV2_EXCEPTION_ADDR + 4 * slot) = va;
	vgc_raise(c, VGC_INTR_MMU_EXCEPTION);
	c->stats.mmu_faults++;
}

static bool entry_valid(u32 e)
{
	return (e & (VGC_MMUV2_PRESENT | VGC_MMUV2_EXCEPTION)) ==
	       VGC_MMUV2_PRESENT;
}

/*
 * Walk the tables for @va into @e. Returns 0, an exception code, or -1
 * when a table read was a bus error (already reported).
 */
static int mmuv2_walk(struct vgc_core *c, enum xlat m, u32 va,
		      struct vgc_tlb_entry *e)
{
	u32 cfg = REG(c, VGC_MMUV2_CONFIGURATION), me, se, idx;
	bool mode_1k = cfg & VGC_MMUV2_CFG_MODE_1K;
	u64 mtlb = cfg & VGC_MMUV2_CFG_ADDRESS, pa;

	if (m == XLAT_V2_SEC) {
		mtlb = c->mmu2.pta_mtlb;
		mode_1k = c->mmu2.pta_mode_1k;
	}
	if (mode_1k)
		return VGC_MMU_EXC_SLAVE_NOT_PRESENT;	/* not modelled */
	if (read32(c, mtlb + (va >> 22) * 4ull, &me))
		return -1;
	if (!entry_valid(me))
		return VGC_MMU_EXC_SLAVE_NOT_PRESENT;
	switch (me & VGC_MMUV2_MTLB_PAGE_SIZE) {
	case 0:
		idx = (va >> 12) & 0x3ff;
		break;
	case VGC_MMUV2_MTLB_64K:
		idx = (va >> 16) & 0x3f;
		break;
	default:
		return VGC_MMU_EXC_SLAVE_NOT_PRESENT;	/* 1M/16M pages */
	}
	if (read32(c, (me & ~0x3fu) + idx * 4ull, &se))
		return -1;
	if (!entry_valid(se))
		return VGC_MMU_EXC_PAGE_NOT_PRESENT;
	pa = (u64)((se >> 4) & 0xff) << 32;
	if (me & VGC_MMUV2_MTLB_64K)
		pa |= (se & 0xffff0000u) | (va & 0xf000u);
	else
		pa |= se & 0xfffff000u;
	e->vpn = va >> 12;
	e->pa = pa;
	e->valid = true;
	e->writeable = se & VGC_MMUV2_WRITEABLE;
	return 0;
}

/*
 * Translate @va for client @cl. Returns 0 with *@pa set, an MMU exception
 * code (reported) or -1 for a bus error on a table read (reported).
 */
static int translate(struct vgc_core *c, enum vgc_client cl, u32 va,
		     bool write, u64 *pa)
{
	enum xlat m = xlat_mode(c);
	struct vgc_tlb_entry *e, n;
	struct vgc_tlb1_entry *e1;
	int r;

	switch (m) {
	case XLAT_PHYS:
		*pa = va;
		return 0;
	case XLAT_MMUV1:
		if (!(va & VGC_MMUV1_VIRT_BIT)) {
			*pa = (u64)va + REG(c, v1_regs[cl][1]);
			return 0;
		}
		e1 = v1_entry(c, cl, va);
		if (!e1)
			return -1;
		*pa = e1->pa | (va & (VGC_PAGE_SIZE - 1));
		return 0;
	default:
		break;
	}

	e = &c->mmu2.tlb[(va >> VGC_PAGE_SHIFT) % VGC_TLB_ENTRIES];
	if (!e->valid || e->vpn != va >> VGC_PAGE_SHIFT) {
		r = mmuv2_walk(c, m, va, &n);
		if (r < 0)
			return -1;
		if (r) {
			mmuv2_report(c, m, cl, va, r);
			return r;
		}
		*e = n;
	}
	if (write && !e->writeable) {
		mmuv2_report(c, m, cl, va, VGC_MMU_EXC_WRITE_VIOLATION);
		return VGC_MMU_EXC_WRITE_VIOLATION;
	}
	*pa = e->pa | (va & (VGC_PAGE_SIZE - 1));
	return 0;
}

/* The safe zone faulting accesses go to; false if none is set. */
static bool safe_zone(const struct vgc_core *c, u64 *pa)
{
	if (xlat_mode(c) == XLAT_V2_SEC)
		*pa = REG(c, VGC_SEC_NONSEC_SAFE_ADDR_LOW) |
		      (u64)(REG(c, VGC_SEC_SAFE_ADDRESS_CONFIG) & 0xff) << 32;
	else if (c->mmu2.safe_addr_locked)
		*pa = REG(c, VGC_MMUV2_SAFE_ADDRESS);
	else
		return false;
	*pa &= ~(u64)(SAFE_ZONE - 1);
	return *pa != 0;
}

/* A faulting access of @n bytes at @va: served by the safe zone. */
static void redirect(struct vgc_core *c, u32 va, u8 *p, size_t n,
		     bool write)
{
	u8 zone[SAFE_ZONE];
	size_t i;
	u64 pa;

	if (!safe_zone(c, &pa) || bus_access(c, pa, zone, sizeof(zone), false)) {
		if (!write)
			memset(p, 0, n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (write)
			zone[(va + i) % SAFE_ZONE] = p[i];
		else
			p[i] = zone[(va + i) % SAFE_ZONE];
	}
	if (write)
		bus_access(c, pa, zone, sizeof(zone), true);
}

/* translate() when it has no side effect: 0, or -1 if it would have. */
static int translate_quiet(struct vgc_core *c, enum vgc_client cl, u32 va,
			   bool write, u64 *pa)
{
	const struct vgc_tlb_entry *e;
	const struct vgc_tlb1_entry *e1;

	switch (xlat_mode(c)) {
	case XLAT_PHYS:
		*pa = va;
		return 0;
	case XLAT_MMUV1:
		if (!(va & VGC_MMUV1_VIRT_BIT)) {
			*pa = (u64)va + REG(c, v1_regs[cl][1]);
			return 0;
		}
		e1 = &c->mmu1.tlb[cl][(va >> VGC_PAGE_SHIFT) % VGC_TLB1_ENTRIES];
		if (e1->vpn != va >> VGC_PAGE_SHIFT)
			return -1;	/* a table read */
		*pa = e1->pa | (va & (VGC_PAGE_SIZE - 1));
		return 0;
	default:
		break;
	}
	e = &c->mmu2.tlb[(va >> VGC_PAGE_SHIFT) % VGC_TLB_ENTRIES];
	if (!e->valid || e->vpn != va >> VGC_PAGE_SHIFT ||
	    (write && !e->writeable))
		return -1;
	*pa = e->pa | (va & (VGC_PAGE_SIZE - 1));
	return 0;
}

/*
 * The oracle of issue 30: on an MMUv1 core, whether an access of @len
 * bytes at @addr reaches memory through the linear window (it starts
 * below 2 GiB, or wraps past 4 GiB to 0).
 */
static bool v1_window(const struct vgc_core *c, u32 addr, size_t len)
{
	return len && !vgc_has_mmuv2(c) &&
	       (!(addr & VGC_MMUV1_VIRT_BIT) || addr + (u64)len > 1ull << 32);
}

void *vgc_dma_map(struct vgc_core *c, enum vgc_client cl, u32 addr,
		  size_t len, bool write)
{
	u8 *first = NULL, *p;
	size_t n, done = 0;
	u64 pa;

	if (!c->ops->mem_map || c->inject_bus_error || !len ||
	    addr + (u64)len > 1ull << 32)
		return NULL;
	while (done < len) {
		n = VGC_PAGE_SIZE - ((addr + done) & (VGC_PAGE_SIZE - 1));
		if (n > len - done)
			n = len - done;
		if (translate_quiet(c, cl, addr + done, write, &pa))
			return NULL;
		p = c->ops->mem_map(c->ctx, pa, n);
		if (!p || (first && p != first + done))
			return NULL;
		if (!first)
			first = p;
		done += n;
	}
	if (v1_window(c, addr, len))
		c->stats.escapes++;
	return first;
}

/* vgc_dma() without the oracle's count. */
static int dma(struct vgc_core *c, enum vgc_client cl, u32 addr, void *buf,
	       size_t len, bool write)
{
	struct vgc_tlb1_entry *e1;
	u8 *p = buf, *h;
	int r, err = 0;
	u64 pa;
	size_t n;

	vgc_dma_count(c, addr, len, write);
	/*
	 * MMUv1, one page: a TLB hit (or the walk that fills it) on a page
	 * the host maps is a load or store in place. A bus error still comes
	 * from the copy below.
	 */
	if ((addr & VGC_MMUV1_VIRT_BIT) && !c->inject_bus_error &&
	    (addr & (VGC_PAGE_SIZE - 1)) + len <= VGC_PAGE_SIZE &&
	    !vgc_has_mmuv2(c)) {
		e1 = v1_entry(c, cl, addr);
		if (!e1) {
			if (!write)
				memset(p, 0, len);
			return -1;
		}
		if (e1->host) {
			h = e1->host + (addr & (VGC_PAGE_SIZE - 1));
			vgc_copy_small(write ? h : p, write ? p : h, len);
			return 0;
		}
	}
	while (len) {
		n = VGC_PAGE_SIZE - (addr & (VGC_PAGE_SIZE - 1));
		if (n > len)
			n = len;
		r = translate(c, cl, addr, write, &pa);
		if (r > 0) {
			redirect(c, addr, p, n, write);
			err = -1;
		} else if (r < 0 || bus_access(c, pa, p, n, write)) {
			/* Reads past a bus error see zeroes; writes vanish. */
			if (!write)
				memset(p, 0, len);
			return -1;
		}
		addr += n;
		p += n;
		len -= n;
	}
	return err;
}

int vgc_dma(struct vgc_core *c, enum vgc_client cl, u32 addr, void *buf,
	    size_t len, bool write)
{
	if (v1_window(c, addr, len))
		c->stats.escapes++;
	return dma(c, cl, addr, buf, len, write);
}

int vgc_dma_fetch_slow(struct vgc_core *c, u32 addr, void *buf, size_t len)
{
	return dma(c, VGC_CLIENT_FE, addr, buf, len, false);
}

int vgc_dma_write_pages(struct vgc_core *c, enum vgc_client cl, u32 addr,
			const void *buf, size_t len)
{
	const u8 *p = buf;
	size_t n;

	while (len) {
		n = VGC_PAGE_SIZE - (addr & (VGC_PAGE_SIZE - 1));
		if (n > len)
			n = len;
		if (vgc_dma_write(c, cl, addr, p, n))
			return -1;
		addr += n;
		p += n;
		len -= n;
	}
	return 0;
}

/* The security block loads the master table of PTA slot @index. */
static void pta_load(struct vgc_core *c, u32 index)
{
	u64 pta = REG(c, VGC_SEC_PTA_ADDRESS_LOW) |
		  (u64)(REG(c, VGC_SEC_PTA_ADDRESS_HIGH) & 0xff) << 32;
	u32 e[2];

	if (!(REG(c, VGC_SEC_PTA_CONTROL) & VGC_MMUV2_ENABLE))
		return;
	if (bus_access(c, pta + index * 8ull, e, sizeof(e), false))
		return;
	c->mmu2.pta_mtlb = (e[0] & VGC_MMUV2_CFG_ADDRESS) |
			   (u64)(e[1] & 0xff) << 32;
	c->mmu2.pta_mode_1k = e[0] & VGC_MMUV2_CFG_MODE_1K;
	tlb_flush(c);
}

void vgc_mmu_load_state(struct vgc_core *c, u32 off, u32 val)
{
	u32 cfg = REG(c, VGC_MMUV2_CONFIGURATION);

	switch (off) {
	case VGC_MMUV2_SAFE_ADDRESS:
		/* Writable once after reset. */
		if (!c->mmu2.safe_addr_locked) {
			REG(c, off) = val & ~(SAFE_ZONE - 1);
			c->mmu2.safe_addr_locked = true;
		}
		break;
	case VGC_MMUV2_CONFIGURATION:
		/* A field changes only when its mask bit is clear. */
		if (!(val & VGC_MMUV2_CFG_MODE_MASK))
			cfg = (cfg & ~VGC_MMUV2_CFG_MODE_1K) |
			      (val & VGC_MMUV2_CFG_MODE_1K);
		if (!(val & VGC_MMUV2_CFG_ADDRESS_MASK))
			cfg = (cfg & ~VGC_MMUV2_CFG_ADDRESS) |
			      (val & VGC_MMUV2_CFG_ADDRESS);
		if (!(val & VGC_MMUV2_CFG_FLUSH_MASK) &&
		    (val & VGC_MMUV2_CFG_FLUSH)) {
			c->stats.flushes++;
			tlb_flush(c);
		} else if ((cfg ^ REG(c, off)) & VGC_MMUV2_CFG_MODE_1K) {
			tlb_flush(c);
		}
		REG(c, off) = cfg;
		break;
	case VGC_MMUV2_PTA_CONFIG:
		REG(c, off) = val;
		if (c->id->security)
			pta_load(c, val & VGC_MMUV2_PTA_INDEX);
		break;
	}
}

bool vgc_mmu_state(struct vgc_core *c, u32 off, u32 *val)
{
	if (off == VGC_GL_FLUSH_MMU) {
		/* the MMUv1 TLBs of the clients named */
		if (!vgc_has_mmuv2(c))
			vgc_mmu_v1_flush(c, *val);
		c->stats.flushes++;
		vgc_fe_fifo_flush(c);
		return true;
	}
	/*
	 * The register window: only the MMUv2 states are loadable. Drivers
	 * load dummies to 0x0000/0x0004 as delays; a real core ignores
	 * them, and so does the model.
	 */
	if (off == VGC_MMUV2_SAFE_ADDRESS || off == VGC_MMUV2_CONFIGURATION ||
	    off == VGC_MMUV2_PTA_CONFIG) {
		vgc_mmu_load_state(c, off, *val);
		vgc_fe_fifo_flush(c);
	}
	return false;
}

bool vgc_mmu_read(struct vgc_core *c, u32 off, u32 *val)
{
	bool sec_reg = off >= VGC_SEC_EXCEPTION_ADDR && off < VGC_SEC_LAST;

	if (sec_reg && !c->id->security) {
		*val = 0;	/* no security block on this core */
		return true;
	}
	switch (off) {
	case VGC_MMUV2_STATUS:
	case VGC_SEC_STATUS:
		*val = REG(c, off);
		REG(c, off) = 0;
		return true;
	}
	return false;
}

bool vgc_mmu_write(struct vgc_core *c, u32 off, u32 val)
{
	bool sec_reg = off >= VGC_SEC_EXCEPTION_ADDR && off < VGC_SEC_LAST;

	if (sec_reg && !c->id->security)
		return true;	/* nothing answers there */
	switch (off) {
	case VGC_MC_MMU_FE_PAGE_TABLE:
	case VGC_MC_MMU_TX_PAGE_TABLE:
	case VGC_MC_MMU_PE_PAGE_TABLE:
	case VGC_MC_MMU_PEZ_PAGE_TABLE:
	case VGC_MC_MMU_RA_PAGE_TABLE:
		REG(c, off) = val;
		if (!vgc_has_mmuv2(c))
			vgc_mmu_v1_flush(c, v1_flush_bit[(off -
					 VGC_MC_MMU_FE_PAGE_TABLE) / 4]);
		return true;
	case VGC_MMUV2_SAFE_ADDRESS:
	case VGC_MMUV2_CONFIGURATION:
	case VGC_MMUV2_PTA_CONFIG:
		vgc_mmu_load_state(c, off, val);
		return true;
	case VGC_MMUV2_STATUS:
	case VGC_MMUV2_EXCEPTION_ADDR:
	case VGC_MMUV2_EXCEPTION_ADDR + 4:
	case VGC_MMUV2_EXCEPTION_ADDR + 8:
	case VGC_MMUV2_EXCEPTION_ADDR + 12:
	case VGC_SEC_EXCEPTION_ADDR:
	case VGC_SEC_STATUS:
		return true;	/* read-only */
	case VGC_MMUV2_CONTROL:
	case VGC_SEC_CONTROL:
		/* Once enabled the MMU stays on until the next reset. */
		if ((val & VGC_MMUV2_ENABLE) &&
		    !(REG(c, off) & VGC_MMUV2_ENABLE)) {
			REG(c, off) |= VGC_MMUV2_ENABLE;
			tlb_flush(c);
		}
		return true;
	}
	return false;
}
