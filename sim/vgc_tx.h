/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The texture engine (TE) of the device model: the sampler the shader
 * core's texture instructions call (struct vgc_sh_env.sample). It decodes
 * the sampler states Mesa 22.3 loads on GC880, GC2000 (TE_SAMPLER_*) and
 * GC3000 (NTE_SAMPLER_*, cores with HALTI1), fetches texels through the
 * MMU as the TX client and filters them. See vgc_tx.c and
 * sim/doc/texture-engine.md for what is modelled and the rules chosen
 * where the public facts run out.
 */
#ifndef VGC_TX_H
#define VGC_TX_H

struct vgc_sh_tex_req;

/**
 * vgc_tx_sample() - one texture lookup
 * @ctx: the struct vgc_core * whose sampler states and memory are used
 * @req: the lookup (sampler index, coordinate, LOD mode, derivatives)
 * @out: filled with r, g, b, a, after the sampler's swizzle; zeros when
 *	the sampler is inactive or its configuration is not modelled
 *	(counted in stats.tx_unsupported)
 *
 * Counted in stats.tx_samples. A texel fetch that faults (MMU exception
 * or bus error) is counted in stats.tx_faults and ends the lookup.
 *
 * Return: 0, or -1 when a texel fetch faulted (the shader aborts).
 */
int vgc_tx_sample(void *ctx, const struct vgc_sh_tex_req *req, float out[4]);

#endif /* VGC_TX_H */
