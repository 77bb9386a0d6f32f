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
 * flat table of 32-bit page addresses at MMU_<client>_PAGE_TABLE.
 * MMUv2 (4K mode): MTLB indexed by VA[31:22], STLB by VA[21:12] (4 KiB
 * pages) or VA[21:16] (64 KiB pages).
 */
#include "vgc_mmu.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

#define MMUV2_SEC_CONTROL	0x0388
#define MMUV2_PTA_ADDR_LOW	0x038c
#define MMUV2_PTA_ADDR_HIGH	0x0390

/* MMUv2 CONFIGURATION fields (masked state) */
#define CFG_MODE_1K		BIT(0)
#define CFG_MODE_MASK		BIT(3)
#define CFG_FLUSH		BIT(4)
#define CFG_FLUSH_MASK		BIT(7)
#define CFG_ADDRESS_MASK	BIT(8)
#define CFG_ADDRESS		0xfffffc00u

/* MMUv2 table entries */
#define ENTRY_PRESENT		BIT(0)
#define ENTRY_WRITEABLE		BIT(2)
#define MTLB_PAGE_64K		BIT(2)
#define MTLB_PAGE_SIZE_MASK	(3u << 2)

/* MMUv1 registers of each client: page table, linear base. */
static const u16 v1_regs[VGC_CLIENT_NR][2] = {
	[VGC_CLIENT_FE]  = { 0x400, 0x41c },
	[VGC_CLIENT_TX]  = { 0x404, 0x420 },
	[VGC_CLIENT_PE]  = { 0x408, 0x428 },
	[VGC_CLIENT_PEZ] = { 0x40c, 0x424 },
	[VGC_CLIENT_RA]  = { 0x410, 0x418 },
};

/* MMUv2 exception slot (STATUS nibble, EXCEPTION_ADDR index) of a client. */
static const u8 v2_slot[VGC_CLIENT_NR] = {
	[VGC_CLIENT_FE] = 0, [VGC_CLIENT_PE] = 1, [VGC_CLIENT_TX] = 2,
	[VGC_CLIENT_PEZ] = 3, [VGC_CLIENT_RA] = 3,
};

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

static bool mmuv2_enabled(const struct vgc_core *c)
{
	return (REG(c, VGC_MMUV2_CONTROL) | REG(c, MMUV2_SEC_CONTROL)) & 1;
}

static int mmuv2_fault(struct vgc_core *c, enum vgc_client cl, u32 va,
		       u32 code)
{
	unsigned int slot = v2_slot[cl];

	REG(c, VGC_MMUV2_STATUS) &= ~(0xfu << (4 * slot));
	REG(c, VGC_MMUV2_STATUS) |= code << (4 * slot);
	REG(c, VGC_MMUV2_EXCEPTION_ADDR + 4 * slot) = va;
	vgc_raise(c, VGC_INTR_MMU_EXCEPTION);
	c->stats.mmu_faults++;
	return -1;
}

static int mmuv2_translate(struct vgc_core *c, enum vgc_client cl,
			   u32 va, bool write, u64 *pa)
{
	u32 mtlb = REG(c, VGC_MMUV2_CONFIGURATION) & CFG_ADDRESS;
	u32 me, se;
	u64 stlb;

	if (REG(c, VGC_MMUV2_CONFIGURATION) & CFG_MODE_1K)
		return mmuv2_fault(c, cl, va, VGC_MMU_EXC_SLAVE_NOT_PRESENT);
	if (read32(c, mtlb + (va >> 22) * 4ull, &me))
		return -1;
	if (!(me & ENTRY_PRESENT))
		return mmuv2_fault(c, cl, va, VGC_MMU_EXC_SLAVE_NOT_PRESENT);
	stlb = me & ~0x3fu;
	if ((me & MTLB_PAGE_SIZE_MASK) == MTLB_PAGE_64K) {
		if (read32(c, stlb + ((va >> 16) & 0x3f) * 4ull, &se))
			return -1;
	} else if (!(me & MTLB_PAGE_SIZE_MASK)) {
		if (read32(c, stlb + ((va >> 12) & 0x3ff) * 4ull, &se))
			return -1;
	} else {
		return mmuv2_fault(c, cl, va, VGC_MMU_EXC_SLAVE_NOT_PRESENT);
	}
	if (!(se & ENTRY_PRESENT))
		return mmuv2_fault(c, cl, va, VGC_MMU_EXC_PAGE_NOT_PRESENT);
	if (write && !(se & ENTRY_WRITEABLE))
		return mmuv2_fault(c, cl, va, VGC_MMU_EXC_WRITE_VIOLATION);
	*pa = (u64)((se >> 4) & 0xff) << 32;
	if ((me & MTLB_PAGE_SIZE_MASK) == MTLB_PAGE_64K)
		*pa |= (se & 0xffff0000u) | (va & 0xffffu);
	else
		*pa |= (se & 0xfffff000u) | (va & 0xfffu);
	return 0;
}

static int translate(struct vgc_core *c, enum vgc_client cl, u32 va,
		     bool write, u64 *pa)
{
	u32 pte;

	if (mmuv2_enabled(c))
		return mmuv2_translate(c, cl, va, write, pa);
	if (!(va & VGC_MMUV1_VIRT_BIT)) {
		*pa = (u64)va + REG(c, v1_regs[cl][1]);
		return 0;
	}
	if (read32(c, REG(c, v1_regs[cl][0]) +
		   (u64)((va & ~VGC_MMUV1_VIRT_BIT) >> VGC_PAGE_SHIFT) * 4,
		   &pte))
		return -1;
	*pa = (pte & ~(VGC_PAGE_SIZE - 1)) | (va & (VGC_PAGE_SIZE - 1));
	return 0;
}

static int dma(struct vgc_core *c, enum vgc_client cl, u32 addr,
	       void *buf, size_t len, bool write)
{
	u8 *p = buf;
	u64 pa;
	size_t n;

	while (len) {
		n = VGC_PAGE_SIZE - (addr & (VGC_PAGE_SIZE - 1));
		if (n > len)
			n = len;
		if (translate(c, cl, addr, write, &pa) ||
		    bus_access(c, pa, p, n, write)) {
			/* Faulting reads see zeroes; faulting writes vanish. */
			if (!write)
				memset(p, 0, len);
			return -1;
		}
		addr += n;
		p += n;
		len -= n;
	}
	return 0;
}

int vgc_dma_read(struct vgc_core *c, enum vgc_client cl, u32 addr,
		 void *buf, size_t len)
{
	return dma(c, cl, addr, buf, len, false);
}

int vgc_dma_write(struct vgc_core *c, enum vgc_client cl, u32 addr,
		  const void *buf, size_t len)
{
	return dma(c, cl, addr, (void *)buf, len, true);
}

void vgc_mmu_load_state(struct vgc_core *c, u32 off, u32 val)
{
	u32 cfg = REG(c, VGC_MMUV2_CONFIGURATION), pta[2];
	u64 pta_base;

	switch (off) {
	case VGC_MMUV2_SAFE_ADDRESS:
		/* Writable once after reset. */
		if (!c->safe_addr_locked) {
			REG(c, off) = val & ~0x3fu;
			c->safe_addr_locked = true;
		}
		break;
	case VGC_MMUV2_CONFIGURATION:
		if (!(val & CFG_MODE_MASK))
			cfg = (cfg & ~CFG_MODE_1K) | (val & CFG_MODE_1K);
		if (!(val & CFG_ADDRESS_MASK))
			cfg = (cfg & ~CFG_ADDRESS) | (val & CFG_ADDRESS);
		if (!(val & CFG_FLUSH_MASK) && (val & CFG_FLUSH))
			c->stats.flushes++;	/* no TLB is cached */
		REG(c, off) = cfg;
		break;
	case VGC_MMUV2_PTA_CONFIG:
		/* Security-capable cores: the MTLB comes from PTA[index]. */
		REG(c, off) = val;
		pta_base = REG(c, MMUV2_PTA_ADDR_LOW) |
			   (u64)REG(c, MMUV2_PTA_ADDR_HIGH) << 32;
		if (bus_access(c, pta_base + (val & 0xffffu) * 8ull, pta,
			       sizeof(pta), false))
			break;
		REG(c, VGC_MMUV2_CONFIGURATION) = pta[0] & (CFG_ADDRESS |
							   CFG_MODE_1K);
		break;
	}
}
