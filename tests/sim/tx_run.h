/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The texture unit's tests' helpers (test_tx.c, test_wrap.c): sampler
 * states loaded through the FE, texels placed in 4x4-tiled and supertiled
 * levels by this file's own layout code (etna_viv doc/hardware.md), and
 * lookups through vgc_tx_sample(). Include after sim_test.h.
 */
#ifndef TX_RUN_H
#define TX_RUN_H

#include "vgc_tx.h"

#define TEX	0x100000u	/* textures from 1 MiB in the GPU space */
#define STREAM	0x0u		/* the state stream at 0 */

/*
 * GPU address of offset 0 of the test's memory: MMUv1 cores (GC880,
 * GC2000) see it through the linear window at 0; an MMUv2 core (GC3000)
 * with its MMU off sees physical addresses.
 */
static u32 gpu0;

/* TE_SAMPLER_CONFIG0 / CONFIG1 / LOD_CONFIG fields (rnndb common_3d.xml) */
static inline u32 cfg0(u32 type, u32 uwrap, u32 vwrap, u32 min, u32 mip,
		       u32 mag, u32 fmt, u32 addressing)
{
	return type | uwrap << 3 | vwrap << 5 | min << 7 | mip << 9 |
	       mag << 11 | fmt << 13 | addressing << 20;
}

#define SWZ_ID	(0u << 8 | 1u << 12 | 2u << 16 | 3u << 20)

static inline u32 cfg1(u32 swz, u32 halign)
{
	return swz | halign << 26;
}

/* MIN, MAX in 5.5 fixed point; bias in 5.5, two's complement in 10 bits */
static inline u32 lodcfg(float min, float max, bool bias_en, float bias)
{
	u32 b = (u32)(int)(bias * 32) & 0x3ff;

	return (bias_en ? 1u : 0) | ((u32)(max * 32) & 0x3ff) << 1 |
	       ((u32)(min * 32) & 0x3ff) << 11 | b << 21;
}

struct sampler {
	unsigned int n;
	u32 cfg0, cfg1, size, lod, stride, cfg3d, baselod;
	u32 addr[14];
	unsigned int levels;
};

/* Load the sampler's states (TE, or NTE) with a LOAD_STATE stream. */
static inline void program(struct vgc_core *c, const struct sampler *s,
			   bool nte)
{
	u32 p = STREAM;
	unsigned int i, units = 0;

#define LS(reg, val) do {						\
	p = emit(p, ls(reg, 1), val);					\
	units++;							\
} while (0)
	if (nte) {
		LS(VGC_NTE_CONFIG0(s->n), s->cfg0);
		LS(VGC_NTE_CONFIG1(s->n), s->cfg1);
		LS(VGC_NTE_SIZE(s->n), s->size);
		LS(VGC_NTE_LOD_CONFIG(s->n), s->lod);
		LS(VGC_NTE_LINEAR_STRIDE(s->n), s->stride);
		LS(VGC_NTE_3D_CONFIG(s->n), s->cfg3d);
		LS(VGC_NTE_BASELOD(s->n), s->baselod);
		for (i = 0; i < s->levels; i++)
			LS(VGC_NTE_ADDR_LOD(s->n, i), s->addr[i]);
	} else {
		LS(VGC_TE_CONFIG0(s->n), s->cfg0);
		LS(VGC_TE_CONFIG1(s->n), s->cfg1);
		LS(VGC_TE_SIZE(s->n), s->size);
		LS(VGC_TE_LOD_CONFIG(s->n), s->lod);
		LS(VGC_TE_LINEAR_STRIDE(s->n, 0), s->stride);
		LS(VGC_TE_3D_CONFIG(s->n), s->cfg3d);
		for (i = 0; i < s->levels; i++)
			LS(VGC_TE_LOD_ADDR(s->n, i), s->addr[i]);
	}
#undef LS
	emit(p, OP_END, 0);
	units++;
	setup_linear(c);
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE);
	/* MINOR_FEATURE_1 MMU_VERSION: the core has MMUv2 */
	gpu0 = vgc_get_ident(c)->minor[1] & BIT(28) ? MEM_BASE : 0;
	start(c, gpu0 + STREAM, units);
	EXPECT_EQ(vgc_fe_run(c, 1000), VGC_RUN_IDLE);
}

/* ---- placing texels ---------------------------------------------------- */

/*
 * Byte offset of texel (x, y) of a 4x4-tiled level whose rows of texels
 * are padded to @pw: tiles of 16 texels row by row, rows of tiles.
 */
static inline u32 tiled_off(u32 x, u32 y, u32 pw, u32 bpp)
{
	u32 tiles_per_row = pw / 4;
	u32 tile = (y / 4) * tiles_per_row + x / 4;

	return tile * 16 * bpp + ((y & 3) * 4 + (x & 3)) * bpp;
}

/*
 * Supertiled: 64x64 supertiles in rows; inside, the tile at row r, column
 * k (0..15) is number (r / 4) * 64 + (r % 4) * 2 + (k / 2) * 8 + k % 2
 * (the table of etna_viv doc/hardware.md).
 */
static inline u32 super_off(u32 x, u32 y, u32 pw, u32 bpp)
{
	u32 tb = 16 * bpp, k = (x / 4) % 16, r = (y / 4) % 16;
	u32 st = (y / 64) * (pw / 64) + x / 64;
	u32 n = (r / 4) * 64 + (r % 4) * 2 + (k / 2) * 8 + k % 2;

	return st * 256 * tb + n * tb + ((y & 3) * 4 + (x & 3)) * bpp;
}

static inline void put(u32 addr, u32 bpp, u32 v)
{
	memcpy(mem + addr, &v, bpp);	/* little endian host */
}

static inline bool near(float a, float b, float tol)
{
	return a - b <= tol && b - a <= tol;
}

#define EXPECT_RGBA(o, r, g, b, a, tol) do {				\
	if (!near((o)[0], r, tol) || !near((o)[1], g, tol) ||		\
	    !near((o)[2], b, tol) || !near((o)[3], a, tol))		\
		fail("line %d: (%g %g %g %g), expected (%g %g %g %g)",	\
		     __LINE__, (o)[0], (o)[1], (o)[2], (o)[3],		\
		     (double)(r), (double)(g), (double)(b),		\
		     (double)(a));					\
} while (0)

static inline int sample2d(struct vgc_core *c, unsigned int n, float s, float t,
		    float out[4])
{
	struct vgc_sh_tex_req r = { .sampler = n, .mode = VGC_SH_TEX_IMPLICIT,
				    .coord = { s, t, 0, 1 } };

	return vgc_tx_sample(c, &r, out);
}

/* GLES 2.0 3.7.6/3.7.7, written without the model's helpers */
static inline int wrap_ref(int i, int n, unsigned int mode)
{
	int q;

	if (mode == VGC_TEX_WRAP_CLAMP_TO_EDGE)
		return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
	/* floor division */
	q = i >= 0 ? i / n : -((-i + n - 1) / n);
	if (mode == VGC_TEX_WRAP_REPEAT)
		return i - q * n;
	/* mirrored: even periods forwards, odd ones backwards */
	return (q & 1) ? n - 1 - (i - q * n) : i - q * n;
}

static inline int floor_ref(float v)
{
	int i = (int)v;

	return v < i ? i - 1 : i;
}

#endif /* TX_RUN_H */
