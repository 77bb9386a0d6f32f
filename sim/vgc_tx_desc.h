/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The texture descriptor cache of a HALTI5 core (GC7000): each sampler's
 * 256-byte descriptor as the texture unit last read it from memory, kept
 * until the descriptor states invalidate it. See vgc_tx_desc.c and
 * sim/doc/texture-engine.md.
 */
#ifndef VGC_TX_DESC_H
#define VGC_TX_DESC_H

#include "vgc_types.h"
#include "vgc_regs.h"

struct vgc_core;

#define VGC_TXD_WORDS	(VGC_TEXDESC_BYTES / 4)

/**
 * struct vgc_txd - the descriptor cache, one entry a sampler
 * @valid: bit n: entry n holds sampler n's descriptor
 * @addr: the NTE_DESCRIPTOR_ADDR each entry was read from
 * @words: the descriptors as read
 */
struct vgc_txd {
	u32 valid;
	u32 addr[VGC_NTE_SAMPLERS];
	u32 words[VGC_NTE_SAMPLERS][VGC_TXD_WORDS];
};

/* A reset: the cache forgets every descriptor. */
void vgc_txd_reset(struct vgc_core *c);

/*
 * The FE's hook for NTE_DESCRIPTOR_FLUSH (every entry dropped) and
 * NTE_DESCRIPTOR_INVALIDATE (sampler IDX's entry dropped); stores the
 * value.
 */
bool vgc_txd_state(struct vgc_core *c, u32 off, u32 *val);

/* A GL_FLUSH_CACHE load of @val: its DESCRIPTOR bits drop every entry. */
void vgc_txd_gl_flush(struct vgc_core *c, u32 val);

#endif /* VGC_TX_DESC_H */
