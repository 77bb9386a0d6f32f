/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The engines' memory accesses (vgc_mmu.c): each a DMA of a client of the
 * memory controller, translated by the MMU the core has and reported as
 * a real core reports a fault; an MMUv1 TLB hit on a page the host maps
 * served inline, in place.
 */
#ifndef VGC_DMA_H
#define VGC_DMA_H

#include "vgc.h"

/*
 * GPU memory access as a client of the memory controller: translates
 * through the MMU and reports faults exactly as a DMA of that client
 * would. Returns 0 on success. vgc_dma_read() and vgc_dma_write() are
 * the calls; an MMUv1 TLB hit on a page the host maps is served inline.
 */
int vgc_dma(struct vgc_core *c, enum vgc_client cl, u32 addr, void *buf,
	    size_t len, bool write);
/*
 * vgc_dma() of the FE's command fetch (client FE, a read): the one access
 * an MMUv1 core's linear window is for, not counted in @stats.escapes.
 */
int vgc_dma_fetch_slow(struct vgc_core *c, u32 addr, void *buf, size_t len);

/* Memory traffic of an access: the bus moves whole 64-bit words. */
static inline void vgc_dma_count(struct vgc_core *c, u32 addr, size_t len,
				 bool write)
{
	u64 words = ((addr & 7) + (u64)len + 7) / 8;

	if (write)
		c->stats.mem_write8 += words;
	else
		c->stats.mem_read8 += words;
}

/*
 * Where @len bytes at @addr are in place when @cl's MMUv1 TLB holds their
 * page (one page, the host maps it) and no bus error is pending; NULL
 * otherwise. An empty entry (vpn 0) has no host page, and the TLB holds
 * only addresses of the MMU's range, of MMUv1 cores.
 */
static inline u8 *vgc_dma_hit(struct vgc_core *c, enum vgc_client cl,
			      u32 addr, size_t len)
{
	const struct vgc_tlb1_entry *e =
		&c->mmu1.tlb[cl][(addr >> VGC_PAGE_SHIFT) % VGC_TLB1_ENTRIES];
	u32 in = addr & (VGC_PAGE_SIZE - 1);

	if (e->vpn != addr >> VGC_PAGE_SHIFT || !e->host ||
	    in + len > VGC_PAGE_SIZE || c->inject_bus_error)
		return NULL;
	return e->host + in;
}

/*
 * A copy of @n bytes; the sizes of a pixel, a texel and a TS byte inline
 * (the kernel builds most of the model with -fno-builtin: memcpy() is a
 * call there).
 */
static inline void vgc_copy_small(void *d, const void *s, size_t n)
{
	switch (n) {
	case 1:
		*(u8 *)d = *(const u8 *)s;
		break;
	case 2:
		__builtin_memcpy(d, s, 2);
		break;
	case 4:
		__builtin_memcpy(d, s, 4);
		break;
	case 8:
		__builtin_memcpy(d, s, 8);
		break;
	default:
		memcpy(d, s, n);
		break;
	}
}

static inline int vgc_dma_read(struct vgc_core *c, enum vgc_client cl,
			       u32 addr, void *buf, size_t len)
{
	u8 *p = vgc_dma_hit(c, cl, addr, len);

	if (!p)
		return vgc_dma(c, cl, addr, buf, len, false);
	vgc_dma_count(c, addr, len, false);
	vgc_copy_small(buf, p, len);
	return 0;
}

/* The FE's command fetch: vgc_dma_read() of client FE, not an escape. */
static inline int vgc_dma_fetch(struct vgc_core *c, u32 addr, void *buf,
				size_t len)
{
	u8 *p = vgc_dma_hit(c, VGC_CLIENT_FE, addr, len);

	if (!p)
		return vgc_dma_fetch_slow(c, addr, buf, len);
	vgc_dma_count(c, addr, len, false);
	vgc_copy_small(buf, p, len);
	return 0;
}

static inline int vgc_dma_write(struct vgc_core *c, enum vgc_client cl,
				u32 addr, const void *buf, size_t len)
{
	u8 *p = vgc_dma_hit(c, cl, addr, len);

	if (!p)
		return vgc_dma(c, cl, addr, (void *)buf, len, true);
	vgc_dma_count(c, addr, len, true);
	vgc_copy_small(p, buf, len);
	return 0;
}

/*
 * A write split at page boundaries that stops at the first page that
 * fails: the pages before it are written, as a burst of single-page
 * writes would leave them.
 */
int vgc_dma_write_pages(struct vgc_core *c, enum vgc_client cl, u32 addr,
			const void *buf, size_t len);
/*
 * The @len bytes at @addr in place (the host's mem_map), when reaching
 * them has no effect but the access itself: every page translates
 * without a table walk or a fault (no MMU, the MMUv1 linear window or
 * TLB hits, MMUv2 TLB hits, writable if @write), no bus error is
 * pending, and the
 * pages are contiguous in the model's address space. NULL otherwise: the
 * caller then uses vgc_dma_read()/vgc_dma_write(), which report what
 * happens. Nothing is counted: vgc_dma_count() counts each access made
 * in place as the call it stands for.
 */
void *vgc_dma_map(struct vgc_core *c, enum vgc_client cl, u32 addr,
		  size_t len, bool write);

#endif /* VGC_DMA_H */
