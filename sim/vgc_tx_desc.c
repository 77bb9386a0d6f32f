// SPDX-License-Identifier: GPL-2.0-only
/*
 * Descriptor-based texturing of the HALTI5 cores (GC7000): where the
 * older cores hold a sampler's texture in states (TE_SAMPLER_*,
 * NTE_SAMPLER_*), a HALTI5 core reads it from a 256-byte texture
 * descriptor in GPU memory whose address is the sampler's
 * NTE_DESCRIPTOR_ADDR state; the sampling parameters stay in states
 * (NTE_DESCRIPTOR_SAMP_CTRL0, SAMP_LOD_MINMAX, SAMP_LOD_BIAS, ...). The
 * facts: Mesa 22.3's hw/texdesc_3d.xml.h and hw/state_3d.xml.h (rules-ng
 * texdesc_3d.xml, state_3d.xml), its etnaviv_texture_desc.c (what it
 * writes and loads) and etnaviv_context.c (the flushes); hw/gc.db
 * carries them. This file turns a descriptor and its sampler states into
 * the TE's words (struct vgc_tx_words) that vgc_tx.c decodes and samples
 * as it does the older cores' states.
 *
 * The texture unit keeps each descriptor it read (struct vgc_txd, one
 * entry a sampler) until NTE_DESCRIPTOR_INVALIDATE names the sampler, or
 * NTE_DESCRIPTOR_FLUSH or GL_FLUSH_CACHE's DESCRIPTOR bits drop them all,
 * or a reset. A lookup through a kept entry uses it as it is, even when
 * the sampler's address changed or memory holds another descriptor
 * there since: what a descriptor cache gives a driver that forgets the
 * invalidation. Each such use is counted in tx_desc_stale (the
 * descriptor in memory compared where the TX reaches it without a table
 * walk, vgc_dma_map()). TX_CTRL.TS_ENABLE samples through the tile
 * status TS_INDEX names (txd_ts(); the reads in vgc_tx.c). The rules
 * chosen where no source says are in sim/doc/texture-engine.md.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_tx_desc.h"
#include "vgc_tx_int.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])
#define DESC(d, off)	((d)[(off) / 4])

void vgc_txd_reset(struct vgc_core *c)
{
	c->txd.valid = 0;
}

bool vgc_txd_state(struct vgc_core *c, u32 off, u32 *val)
{
	u32 idx;

	switch (off) {
	case VGC_NTE_DESCRIPTOR_INVALIDATE:
		idx = VGC_NTE_DESC_INVALIDATE_IDX(*val);
		if (idx < VGC_NTE_SAMPLERS)
			c->txd.valid &= ~(1u << idx);
		break;
	case VGC_NTE_DESCRIPTOR_FLUSH:
		c->txd.valid = 0;
		break;
	}
	return true;
}

void vgc_txd_gl_flush(struct vgc_core *c, u32 val)
{
	if (val & (VGC_GL_FLUSH_DESCRIPTOR_UNK12 |
		   VGC_GL_FLUSH_DESCRIPTOR_UNK13))
		c->txd.valid = 0;
}

/* An unsigned 8.8 fixed-point field as a float. */
static float txd_fixp88(u32 v)
{
	return (float)v / 256.0f;
}

/* A two's complement 8.8 field (@sign_bit: 2^width) as a float. */
static float txd_sfixp88(u32 v, u32 sign_bit)
{
	int i = (int)v;

	if (v & (sign_bit >> 1))
		i -= (int)sign_bit;
	return (float)i / 256.0f;
}

/*
 * Entry @s is kept but stale: the sampler's address moved, or memory
 * there (when the TX reaches it without a table walk) differs.
 */
static bool txd_stale(struct vgc_core *c, unsigned int s, u32 addr)
{
	const void *now;

	if (addr != c->txd.addr[s])
		return true;
	now = vgc_dma_map(c, VGC_CLIENT_TX, addr, VGC_TEXDESC_BYTES, false);
	return now && memcmp(now, c->txd.words[s], VGC_TEXDESC_BYTES);
}

/* Sampler @s's descriptor, from the cache or memory; NULL: a fault. */
static const u32 *txd_get(struct vgc_core *c, unsigned int s)
{
	struct vgc_txd *d = &c->txd;
	u32 addr = REG(c, VGC_NTE_DESC_ADDR(s));

	if (d->valid & (1u << s)) {
		if (txd_stale(c, s, addr))
			c->stats.tx_desc_stale++;
		return d->words[s];
	}
	c->stats.tx_desc_reads++;
	if (vgc_dma_read(c, VGC_CLIENT_TX, addr, d->words[s],
			 VGC_TEXDESC_BYTES))
		return NULL;
	d->addr[s] = addr;
	d->valid |= 1u << s;
	return d->words[s];
}

/*
 * The tile status TX_CTRL @ctrl names into @w (Mesa 22.3's sampler TS:
 * etnaviv_texture_desc.c loads TS_SAMPLER_* of index TS_INDEX; an entry
 * covers 128 or 256 bytes by TS_MODE on the cores with 128-byte cache
 * lines, 64 on the others). True: not a configuration the model samples.
 */
static bool txd_ts(struct vgc_core *c, u32 ctrl, struct vgc_tx_words *w)
{
	w->ts_on = ctrl & VGC_NTE_DESC_TS_ENABLE;
	if (!w->ts_on)
		return false;
	return !vgc_tx_ts_get(c, VGC_NTE_DESC_TS_INDEX(ctrl),
			      ctrl & VGC_NTE_DESC_TS_MODE, &w->ts);
}

int vgc_tx_desc_words(struct vgc_core *c, unsigned int s,
		      struct vgc_tx_words *w)
{
	const u32 *d;
	u32 ctrl0, minmax, bias, baselod, base, last;
	unsigned int uw, vw, ww;

	if (s >= VGC_NTE_SAMPLERS)
		return 1;
	d = txd_get(c, s);
	if (!d)
		return -1;
	if (txd_ts(c, REG(c, VGC_NTE_DESC_TX_CTRL(s)), w))
		return 1;

	ctrl0 = REG(c, VGC_NTE_DESC_SAMP_CTRL0(s));
	uw = VGC_NTE_DESC_UWRAP(ctrl0);
	vw = VGC_NTE_DESC_VWRAP(ctrl0);
	ww = VGC_NTE_DESC_WWRAP(ctrl0);
	if (uw > VGC_TEX_WRAP_CLAMP_TO_EDGE ||
	    vw > VGC_TEX_WRAP_CLAMP_TO_EDGE || ww > VGC_TEX_WRAP_CLAMP_TO_EDGE)
		return 1;	/* border (no colour modelled), undefined */
	/*
	 * The texture from the descriptor (type, format, addressing), the
	 * wraps and filters from the sampler states: Mesa leaves the
	 * descriptor's wrap and filter fields 0
	 */
	w->cfg0 = (DESC(d, VGC_TEXDESC_CONFIG0) &
		   (VGC_TE_CONFIG0_TYPE_MASK | VGC_TE_CONFIG0_FORMAT_MASK |
		    VGC_TE_CONFIG0_ADDRESSING_MASK)) |
		  VGC_TE_CONFIG0_UWRAP(uw) | VGC_TE_CONFIG0_VWRAP(vw) |
		  VGC_TE_CONFIG0_MIN(VGC_NTE_DESC_MIN(ctrl0)) |
		  VGC_TE_CONFIG0_MIP(VGC_NTE_DESC_MIP(ctrl0)) |
		  VGC_TE_CONFIG0_MAG(VGC_NTE_DESC_MAG(ctrl0));
	w->cfg1 = DESC(d, VGC_TEXDESC_CONFIG1);
	if (w->cfg1 & VGC_TE_USE_TS)
		return 1;	/* a descriptor's TS bit: Mesa uses TX_CTRL */
	w->size = DESC(d, VGC_TEXDESC_SIZE);
	w->cfg3d = (DESC(d, VGC_TEXDESC_3D_CONFIG) & ~VGC_TE_3D_WRAP_MASK) |
		   VGC_TE_3D_CONFIG_WRAP(ww);
	w->linear_stride = DESC(d, VGC_TEXDESC_LINEAR_STRIDE);
	w->cmp = ctrl0 & VGC_NTE_DESC_COMPARE_ENABLE;
	w->cmp_func = VGC_NTE_DESC_COMPARE_FUNC(ctrl0);

	minmax = REG(c, VGC_NTE_DESC_LOD_MINMAX(s));
	w->lod_min = txd_fixp88(VGC_NTE_DESC_LOD_MIN(minmax));
	w->lod_max = txd_fixp88(VGC_NTE_DESC_LOD_MAX(minmax));
	bias = REG(c, VGC_NTE_DESC_LOD_BIAS(s));
	w->lod_bias = bias & VGC_NTE_DESC_BIAS_ENABLE ?
		txd_sfixp88(VGC_NTE_DESC_BIAS(bias), VGC_NTE_DESC_BIAS_SIGN) :
		0;

	/*
	 * LOD_ADDR counts from the resource's level 0, SIZE is level
	 * BASELOD's: the lookup's level l is LOD_ADDR[BASELOD + l], up to
	 * MAXLOD
	 */
	baselod = DESC(d, VGC_TEXDESC_BASELOD);
	base = VGC_NTE_BASELOD_BASE(baselod);
	last = VGC_NTE_BASELOD_MAX(baselod);
	w->lod_addr = &DESC(d, VGC_TEXDESC_LOD_ADDR) + base;
	w->lod_step = 1;
	w->max_level = last > base ? last - base : 0;
	/*
	 * MIP NONE: the view's first level whatever the LOD [deduced:
	 * Mesa 22.3 leaves LOD_MINMAX at GL's range there, and a GC7000
	 * passes dEQP's non-mipmapped minifications in Mesa's CI]
	 */
	if (VGC_NTE_DESC_MIP(ctrl0) == VGC_TEX_FILTER_NONE)
		w->max_level = 0;
	return 0;
}
