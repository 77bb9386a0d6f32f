// SPDX-License-Identifier: GPL-2.0-only
/*
 * The texture engine (sim/vgc_tx.c): sampler states loaded by the FE from
 * a LOAD_STATE stream, texels placed in memory by this file's own layout
 * code (etna_viv doc/hardware.md: 4x4 tiles, 64x64 supertiles; Mesa 22.3
 * etnaviv_resource.c: level padding, faces one after the other), lookups
 * through vgc_tx_sample(), and expected values computed here: chosen
 * texel components, bilinear and trilinear weights, wrap rules written
 * from the GLES 2.0 specification, compressed blocks built by encoders
 * written from the Khronos ETC1 and S3TC specifications.
 */
#include "sim_test.h"
#include "tx_run.h"

/* ---- formats -------------------------------------------------------------- */

struct fmt_case {
	u32 fmt;	/* TEXTURE_FORMAT; 0: extended */
	u32 ext;
	u32 bpp;
	u64 raw;	/* one texel as stored */
	float rgba[4];	/* what it reads as */
};

static void t_formats(struct vgc_core *c)
{
	static const struct fmt_case cases[] = {
		{ VGC_TEX_FMT_A8R8G8B8, 0, 4, 0x80402010,
		  { 0x40 / 255.f, 0x20 / 255.f, 0x10 / 255.f, 0x80 / 255.f } },
		{ VGC_TEX_FMT_X8R8G8B8, 0, 4, 0x80402010,
		  { 0x40 / 255.f, 0x20 / 255.f, 0x10 / 255.f, 1 } },
		{ VGC_TEX_FMT_A8B8G8R8, 0, 4, 0x80402010,
		  { 0x10 / 255.f, 0x20 / 255.f, 0x40 / 255.f, 0x80 / 255.f } },
		{ VGC_TEX_FMT_X8B8G8R8, 0, 4, 0x80402010,
		  { 0x10 / 255.f, 0x20 / 255.f, 0x40 / 255.f, 1 } },
		/* R=31, G=10, B=3 */
		{ VGC_TEX_FMT_R5G6B5, 0, 2, 31u << 11 | 10u << 5 | 3,
		  { 1, 10 / 63.f, 3 / 31.f, 1 } },
		/* A=1 R=5 G=10 B=20 */
		{ VGC_TEX_FMT_A1R5G5B5, 0, 2, 1u << 15 | 5u << 10 | 10u << 5 | 20,
		  { 5 / 31.f, 10 / 31.f, 20 / 31.f, 1 } },
		{ VGC_TEX_FMT_A1R5G5B5, 0, 2, 5u << 10 | 10u << 5 | 20,
		  { 5 / 31.f, 10 / 31.f, 20 / 31.f, 0 } },
		{ VGC_TEX_FMT_X1R5G5B5, 0, 2, 5u << 10 | 10u << 5 | 20,
		  { 5 / 31.f, 10 / 31.f, 20 / 31.f, 1 } },
		/* A=3 R=6 G=9 B=12 */
		{ VGC_TEX_FMT_A4R4G4B4, 0, 2, 0x369c,
		  { 6 / 15.f, 9 / 15.f, 12 / 15.f, 3 / 15.f } },
		{ VGC_TEX_FMT_X4R4G4B4, 0, 2, 0x369c,
		  { 6 / 15.f, 9 / 15.f, 12 / 15.f, 1 } },
		{ VGC_TEX_FMT_L8, 0, 1, 0x33,
		  { 0.2f, 0.2f, 0.2f, 1 } },
		{ VGC_TEX_FMT_A8, 0, 1, 0x33, { 0, 0, 0, 0.2f } },
		{ VGC_TEX_FMT_I8, 0, 1, 0x33, { 0.2f, 0.2f, 0.2f, 0.2f } },
		/* L first, then A (L8A8_UNORM) */
		{ VGC_TEX_FMT_A8L8, 0, 2, 0xcc33,
		  { 0.2f, 0.2f, 0.2f, 0.8f } },
		{ VGC_TEX_FMT_D16, 0, 2, 0xffff, { 1, 1, 1, 1 } },
		{ VGC_TEX_FMT_D24X8, 0, 4, 0x800000ffu,
		  { 0x800000 / 16777215.f, 0x800000 / 16777215.f,
		    0x800000 / 16777215.f, 1 } },
		{ 0, VGC_TEX_FMT_EXT_G8R8, 2, 0x6633, { 0.2f, 0.4f, 0, 1 } },
		{ 0, VGC_TEX_FMT_EXT_A2B10G10R10, 4,
		  2u << 30 | 1023u << 20 | 0u << 10 | 341,
		  { 341 / 1023.f, 0, 1, 2 / 3.f } },
		/*
		 * IEEE binary16, red in the lowest bits: 0xc000 -2,
		 * 0x3800 0.5, 0x3555 (1 + 341 / 1024) / 4, 0x4d00 20
		 */
		{ 0, VGC_TEX_FMT_EXT_R16F, 2, 0xc000, { -2, 0, 0, 1 } },
		{ 0, VGC_TEX_FMT_EXT_G16R16F, 4, 0x3555c000u,
		  { -2, 1365 / 4096.f, 0, 1 } },
		{ 0, VGC_TEX_FMT_EXT_A16B16G16R16F, 8,
		  0x4d003800ull << 32 | 0x3555c000u,
		  { -2, 1365 / 4096.f, 0.5f, 20 } },
	};
	unsigned int i;
	float o[4];

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct fmt_case *f = &cases[i];
		struct sampler s = {
			.n = 3,
			.cfg0 = cfg0(VGC_TEX_TYPE_2D, VGC_TEX_WRAP_REPEAT,
				     VGC_TEX_WRAP_REPEAT, VGC_TEX_FILTER_NEAREST,
				     VGC_TEX_FILTER_NONE,
				     VGC_TEX_FILTER_NEAREST, f->fmt,
				     VGC_TEX_ADDRESSING_TILED),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_SIXTEEN) | f->ext,
			.size = 8 | 8u << 16,
			.lod = lodcfg(0, 0, false, 0),
			.addr = { TEX }, .levels = 1,
		};

		memset(mem + TEX, 0, 16 * 8 * 8);
		/* the texel at (5, 6) only: rows padded to 16 */
		put(TEX + tiled_off(5, 6, 16, f->bpp), f->bpp > 4 ? 4 : f->bpp,
		    (u32)f->raw);
		if (f->bpp > 4)
			put(TEX + tiled_off(5, 6, 16, f->bpp) + 4, 4,
			    (u32)(f->raw >> 32));
		program(c, &s, false);
		EXPECT_EQ(sample2d(c, 3, 5.5f / 8, 6.5f / 8, o), 0);
		EXPECT_RGBA(o, f->rgba[0], f->rgba[1], f->rgba[2],
			    f->rgba[3], 1e-6f);
		/* its neighbour reads as the format's zero */
		EXPECT_EQ(sample2d(c, 3, 4.5f / 8, 6.5f / 8, o), 0);
		if (!near(o[0] + o[1] + o[2], 0, 1e-6f))
			fail("case %u: neighbour not zero", i);
		if (test_failed) {
			printf("  (format case %u)\n", i);
			return;
		}
	}
	EXPECT_EQ(c->stats.tx_samples, 2 * ARRAY_SIZE(cases));
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

/* CONFIG1's swizzle: each output picks a channel, zero or one. */
static void t_swizzle(struct vgc_core *c)
{
	struct sampler s = {
		.n = 0,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_A8R8G8B8, 0),
		/* r <- b, g <- 0, b <- 1, a <- r */
		.cfg1 = cfg1(2u << 8 | (u32)VGC_TEX_SWIZZLE_ZERO << 12 |
			     (u32)VGC_TEX_SWIZZLE_ONE << 16 | 0u << 20,
			     VGC_TEX_HALIGN_FOUR),
		.size = 4 | 4u << 16, .addr = { TEX }, .levels = 1,
	};
	float o[4];

	put(TEX, 4, 0x80402010);
	program(c, &s, false);
	EXPECT_EQ(sample2d(c, 0, 0.1f, 0.1f, o), 0);
	EXPECT_RGBA(o, 0x10 / 255.f, 0, 1, 0x40 / 255.f, 1e-6f);
}

/* ---- wrap modes and filters ----------------------------------------------- */

/* An 8x4 L8 texture whose texel (x, y) holds x * 8 + y * 64 + 1. */
static void l8_pattern(u32 base, u32 w, u32 h, u32 pw)
{
	u32 x, y;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			put(base + tiled_off(x, y, pw, 1), 1, x * 8 + y * 64 + 1);
}

static float l8_at(int x, int y)
{
	return (x * 8 + y * 64 + 1) / 255.f;
}

static void t_wrap_nearest(struct vgc_core *c)
{
	static const unsigned int modes[] = {
		VGC_TEX_WRAP_REPEAT, VGC_TEX_WRAP_MIRRORED_REPEAT,
		VGC_TEX_WRAP_CLAMP_TO_EDGE,
	};
	static const float coords[] = {
		-2.3f, -1.1f, -0.6f, -0.01f, 0.05f, 0.5f, 0.99f, 1.2f, 1.7f,
		2.55f, 3.9f,
	};
	unsigned int m, mv, i, j;
	float o[4];

	l8_pattern(TEX, 8, 4, 16);
	for (m = 0; m < 3; m++) {
		mv = modes[(m + 1) % 3];	/* v wraps differently from u */
		struct sampler s = {
			.n = 1,
			.cfg0 = cfg0(VGC_TEX_TYPE_2D, modes[m], mv,
				     VGC_TEX_FILTER_NEAREST, 0,
				     VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_L8, 0),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_SIXTEEN),
			.size = 8 | 4u << 16, .addr = { TEX }, .levels = 1,
		};

		program(c, &s, false);
		for (i = 0; i < ARRAY_SIZE(coords); i++) {
			for (j = 0; j < ARRAY_SIZE(coords); j += 3) {
				float u = coords[i], v = coords[j];
				int x = wrap_ref(floor_ref(u * 8), 8, modes[m]);
				int y = wrap_ref(floor_ref(v * 4), 4, mv);

				EXPECT_EQ(sample2d(c, 1, u, v, o), 0);
				EXPECT_RGBA(o, l8_at(x, y), l8_at(x, y),
					    l8_at(x, y), 1, 1e-6f);
			}
		}
	}
}

static void t_bilinear(struct vgc_core *c)
{
	static const unsigned int modes[] = {
		VGC_TEX_WRAP_REPEAT, VGC_TEX_WRAP_MIRRORED_REPEAT,
		VGC_TEX_WRAP_CLAMP_TO_EDGE,
	};
	static const float pts[][2] = {
		{ 0.3f, 0.4f }, { 0.01f, 0.02f }, { 0.97f, 0.9f },
		{ -0.2f, 1.3f }, { 0.5f, 0.5f }, { 0.0625f, 0.125f },
	};
	unsigned int m, i;
	float o[4];

	l8_pattern(TEX, 8, 4, 16);
	for (m = 0; m < 3; m++) {
		struct sampler s = {
			.n = 2,
			.cfg0 = cfg0(VGC_TEX_TYPE_2D, modes[m], modes[m],
				     VGC_TEX_FILTER_LINEAR, 0,
				     VGC_TEX_FILTER_LINEAR, VGC_TEX_FMT_L8, 0),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_SIXTEEN),
			.size = 8 | 4u << 16, .addr = { TEX }, .levels = 1,
		};

		program(c, &s, false);
		for (i = 0; i < ARRAY_SIZE(pts); i++) {
			float u = pts[i][0] * 8 - 0.5f, v = pts[i][1] * 4 - 0.5f;
			int x0 = floor_ref(u), y0 = floor_ref(v);
			float a = u - x0, b = v - y0, e;
			int xa = wrap_ref(x0, 8, modes[m]);
			int xb = wrap_ref(x0 + 1, 8, modes[m]);
			int ya = wrap_ref(y0, 4, modes[m]);
			int yb = wrap_ref(y0 + 1, 4, modes[m]);

			e = (1 - a) * (1 - b) * l8_at(xa, ya) +
			    a * (1 - b) * l8_at(xb, ya) +
			    (1 - a) * b * l8_at(xa, yb) + a * b * l8_at(xb, yb);
			EXPECT_EQ(sample2d(c, 2, pts[i][0], pts[i][1], o), 0);
			EXPECT_RGBA(o, e, e, e, 1, 1e-5f);
		}
	}
}

/* ---- mipmaps and LOD ------------------------------------------------------ */

/* 16x16, 8x8, 4x4, 2x2, 1x1 A8R8G8B8 levels, each a solid grey 40 * (l+1) */
static void mip_chain(struct sampler *s)
{
	u32 l, x, y, w, off = 0;

	for (l = 0; l < 5; l++) {
		w = 16 >> l;
		s->addr[l] = TEX + off;
		for (y = 0; y < w; y++)
			for (x = 0; x < w; x++)
				put(TEX + off + tiled_off(x, y, (w + 3) & ~3u, 4),
				    4, 0xff000000u | (40 * (l + 1)) * 0x010101u);
		/* padded to 4x4, then to 64 bytes (Mesa) */
		off += ((w + 3) & ~3u) * ((w + 3) & ~3u) * 4;
		off = (off + 63) & ~63u;
	}
	s->levels = 5;
}

static float grey(int l)
{
	return 40 * (l + 1) / 255.f;
}

/* A lookup whose x derivative spans @texels level-0 texels. */
static int sample_rho(struct vgc_core *c, unsigned int n, float texels,
		      enum vgc_sh_tex_mode mode, float lod, float o[4])
{
	struct vgc_sh_tex_req r = {
		.sampler = n, .mode = mode, .coord = { 0.4f, 0.6f, 0, 1 },
		.lod = lod, .ddx = { texels / 16, 0 }, .ddy = { 0, texels / 32 },
	};

	return vgc_tx_sample(c, &r, o);
}

static void t_mip_select(struct vgc_core *c)
{
	struct sampler s = {
		.n = 4,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST,
			     VGC_TEX_FILTER_NEAREST, VGC_TEX_FILTER_NEAREST,
			     VGC_TEX_FMT_A8R8G8B8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 16 | 16u << 16,
		.lod = lodcfg(0, 4, false, 0),
	};
	/* rho = level-0 texels per pixel -> expected level (nearest) */
	static const struct { float rho; int level; } v[] = {
		{ 0.5f, 0 }, { 1, 0 }, { 1.3f, 0 }, { 1.5f, 1 }, { 2, 1 },
		{ 2.7f, 1 }, { 3, 2 }, { 4, 2 }, { 7, 3 }, { 16, 4 },
		{ 1000, 4 },
	};
	unsigned int i;
	float o[4];

	mip_chain(&s);
	program(c, &s, false);
	for (i = 0; i < ARRAY_SIZE(v); i++) {
		EXPECT_EQ(sample_rho(c, 4, v[i].rho, VGC_SH_TEX_IMPLICIT, 0, o),
			  0);
		EXPECT_RGBA(o, grey(v[i].level), grey(v[i].level),
			    grey(v[i].level), 1, 1e-6f);
	}
	/* TEXLDL: the level given */
	EXPECT_EQ(sample_rho(c, 4, 1, VGC_SH_TEX_LOD, 2.2f, o), 0);
	EXPECT_RGBA(o, grey(2), grey(2), grey(2), 1, 1e-6f);
	/* TEXLDB: rho 2 (lambda 1) + 2 */
	EXPECT_EQ(sample_rho(c, 4, 2, VGC_SH_TEX_BIAS, 2, o), 0);
	EXPECT_RGBA(o, grey(3), grey(3), grey(3), 1, 1e-6f);

	/* LOD_CONFIG: bias -1 enabled, MIN 1, MAX 3 */
	s.lod = lodcfg(1, 3, true, -1);
	program(c, &s, false);
	EXPECT_EQ(sample_rho(c, 4, 8, VGC_SH_TEX_IMPLICIT, 0, o), 0);
	EXPECT_RGBA(o, grey(2), grey(2), grey(2), 1, 1e-6f);	/* 3-1 */
	EXPECT_EQ(sample_rho(c, 4, 1000, VGC_SH_TEX_IMPLICIT, 0, o), 0);
	EXPECT_RGBA(o, grey(3), grey(3), grey(3), 1, 1e-6f);	/* max */
	EXPECT_EQ(sample_rho(c, 4, 1, VGC_SH_TEX_IMPLICIT, 0, o), 0);
	EXPECT_RGBA(o, grey(1), grey(1), grey(1), 1, 1e-6f);	/* min */

	/* mipmap NONE: the level of the clamped LOD (Mesa: MIN = MAX) */
	s.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST,
		      VGC_TEX_FILTER_NONE, VGC_TEX_FILTER_NEAREST,
		      VGC_TEX_FMT_A8R8G8B8, 0);
	s.lod = lodcfg(0, 0, false, 0);
	program(c, &s, false);
	EXPECT_EQ(sample_rho(c, 4, 16, VGC_SH_TEX_IMPLICIT, 0, o), 0);
	EXPECT_RGBA(o, grey(0), grey(0), grey(0), 1, 1e-6f);
}

static void t_trilinear(struct vgc_core *c)
{
	struct sampler s = {
		.n = 5,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_LINEAR,
			     VGC_TEX_FILTER_LINEAR, VGC_TEX_FILTER_LINEAR,
			     VGC_TEX_FMT_A8R8G8B8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 16 | 16u << 16,
		.lod = lodcfg(0, 4, false, 0),
	};
	static const float rho[] = { 1.5f, 2, 3, 5.5f, 12, 40 };
	unsigned int i;
	float o[4];

	mip_chain(&s);
	program(c, &s, false);
	for (i = 0; i < ARRAY_SIZE(rho); i++) {
		/* lambda = log2(rho), written fresh: the largest k with
		 * 2^k <= rho, then the fraction f with 2^f = rho / 2^k by
		 * bisection, 2^f from the exponential series */
		float r = rho[i], lo = 0, hi = 1, p = 1, e;
		int k = 0, it, n;

		while (p * 2 <= r) {
			p *= 2;
			k++;
		}
		for (it = 0; it < 40; it++) {
			float mid = (lo + hi) / 2, t = mid * 0.69314718f;
			float term = 1, x = 1;

			for (n = 1; n < 12; n++) {
				term *= t / n;
				x += term;
			}
			if (x * p <= r)
				lo = mid;
			else
				hi = mid;
		}
		{
			float lambda = k + lo, f;
			int l0 = (int)lambda;

			if (l0 >= 4) {
				e = grey(4);
			} else {
				f = lambda - l0;
				e = (1 - f) * grey(l0) + f * grey(l0 + 1);
			}
		}
		EXPECT_EQ(sample_rho(c, 5, rho[i], VGC_SH_TEX_IMPLICIT, 0, o),
			  0);
		EXPECT_RGBA(o, e, e, e, 1, 2e-4f);
	}
	/* magnification uses MAG: a 2x zoom of level 0 stays level 0 */
	EXPECT_EQ(sample_rho(c, 5, 0.5f, VGC_SH_TEX_IMPLICIT, 0, o), 0);
	EXPECT_RGBA(o, grey(0), grey(0), grey(0), 1, 1e-6f);
}

/* ---- cube maps -------------------------------------------------------------- */

static void t_cube(struct vgc_core *c)
{
	/* 4x4 faces, A8R8G8B8, tiled, HALIGN FOUR: 64 texels a face */
	struct sampler s = {
		.n = 6,
		.cfg0 = cfg0(VGC_TEX_TYPE_CUBE_MAP, VGC_TEX_WRAP_CLAMP_TO_EDGE,
			     VGC_TEX_WRAP_CLAMP_TO_EDGE, VGC_TEX_FILTER_NEAREST,
			     0, VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_A8R8G8B8,
			     0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 4 | 4u << 16, .addr = { TEX }, .levels = 1,
	};
	/* direction -> face (+X, -X, +Y, -Y, +Z, -Z) */
	static const float dirs[6][3] = {
		{ 1, 0.2f, -0.3f }, { -1, 0.1f, 0.4f }, { 0.3f, 1, -0.2f },
		{ 0.1f, -1, 0.2f }, { -0.2f, 0.3f, 1 }, { 0.4f, -0.1f, -1 },
	};
	struct vgc_sh_tex_req r = { .sampler = 6 };
	unsigned int f, i;
	float o[4];

	for (f = 0; f < 6; f++)
		for (i = 0; i < 16; i++)
			put(TEX + f * 64 + i * 4, 4, 0xff000000u | (f + 1) << 16);
	/* +X, direction (1, -0.5, -0.5): s = (0.5 + 1) / 2, t likewise:
	 * texel (3, 3) */
	put(TEX + 0 * 64 + tiled_off(3, 3, 4, 4), 4, 0xff0000ffu);
	/* -Z, direction (0.6, 0.6, -1): s = (-0.6 + 1) / 2 = 0.2 -> x 0,
	 * t = (-0.6 + 1) / 2 = 0.2 -> y 0 */
	put(TEX + 5 * 64 + tiled_off(0, 0, 4, 4), 4, 0xff00ff00u);
	/* +Y, direction (0.9, 1, -0.9): s = 0.95 -> x 3, t = 0.05 -> y 0 */
	put(TEX + 2 * 64 + tiled_off(3, 0, 4, 4), 4, 0xff00ffffu);
	program(c, &s, false);
	for (f = 0; f < 6; f++) {
		memcpy(r.coord, dirs[f], sizeof(dirs[f]));
		EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
		EXPECT_RGBA(o, (f + 1) / 255.f, 0, 0, 1, 1e-6f);
	}
	r.coord[0] = 1;
	r.coord[1] = -0.5f;
	r.coord[2] = -0.5f;
	EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
	EXPECT_RGBA(o, 0, 0, 1, 1, 1e-6f);
	r.coord[0] = 0.6f;
	r.coord[1] = 0.6f;
	r.coord[2] = -1;
	EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
	EXPECT_RGBA(o, 0, 1, 0, 1, 1e-6f);
	r.coord[0] = 0.9f;
	r.coord[1] = 1;
	r.coord[2] = -0.9f;
	EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
	EXPECT_RGBA(o, 0, 1, 1, 1, 1e-6f);
}

/* ---- 3D textures ---------------------------------------------------------- */

/* texel (x, y, z) of level @l of the 3D test texture, as A8R8G8B8 */
static u32 texel3d(unsigned int l, int x, int y, int z)
{
	return 0xff000000u | (u32)(x * 40 + 10 + l) << 16 |
	       (u32)(y * 100 + 20) << 8 | (u32)(z * 50 + 30);
}

/*
 * 3D textures (TYPE 3D, TE_SAMPLER_3D_CONFIG / NTE_SAMPLER_3D_CONFIG:
 * DEPTH, WRAP for r): level 0 4x2x4 and level 1 2x1x2, A8R8G8B8, tiled
 * with HALIGN FOUR; each slice is the padded 4x4 level, 64 bytes, the
 * slices one after the other from the level's address (Mesa 22.3
 * etnaviv_resource.c layer_stride, etnaviv_transfer.c box.z).
 */
static void tx_3d(struct vgc_core *c, bool nte)
{
	static const unsigned int modes[] = {
		VGC_TEX_WRAP_REPEAT, VGC_TEX_WRAP_MIRRORED_REPEAT,
		VGC_TEX_WRAP_CLAMP_TO_EDGE,
	};
	static const float ws[] = {
		0.05f, 0.3f, 0.55f, 0.9f, -0.2f, 1.1f, 1.6f, -0.7f, 0.5f,
	};
	const u32 lvl1 = TEX + 0x1000;
	/* GPU addresses: MMUv2 (GC3000) with the MMU off sees physical ones */
	const u32 ga = nte ? MEM_BASE : 0;
	struct vgc_sh_tex_req r = { .sampler = 3 };
	unsigned int m, i, z;
	int x, y;
	float o[4];

	for (z = 0; z < 4; z++)
		for (y = 0; y < 2; y++)
			for (x = 0; x < 4; x++)
				put(TEX + z * 64 + tiled_off(x, y, 4, 4), 4,
				    texel3d(0, x, y, z));
	for (z = 0; z < 2; z++)
		for (x = 0; x < 2; x++)
			put(lvl1 + z * 64 + tiled_off(x, 0, 4, 4), 4,
			    texel3d(1, x, 0, z));
	for (m = 0; m < 3; m++) {
		/* NEAREST, then LINEAR between slices, r wrapped by mode m */
		struct sampler s = {
			.n = 3,
			.cfg0 = cfg0(VGC_TEX_TYPE_3D, VGC_TEX_WRAP_CLAMP_TO_EDGE,
				     VGC_TEX_WRAP_CLAMP_TO_EDGE,
				     VGC_TEX_FILTER_NEAREST, 0,
				     VGC_TEX_FILTER_NEAREST,
				     VGC_TEX_FMT_A8R8G8B8, 0),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
			.size = 4 | 2u << 16, .addr = { ga + TEX }, .levels = 1,
			/* DEPTH 4, LOG_DEPTH 2.0 (5.5), WRAP */
			.cfg3d = 4 | (2u << 5) << 16 | modes[m] << 28,
		};

		program(c, &s, nte);
		for (i = 0; i < ARRAY_SIZE(ws); i++) {
			float w = ws[i];

			x = (int)(i % 4);
			y = (int)(i % 2);
			r.coord[0] = (x + 0.5f) / 4;
			r.coord[1] = (y + 0.5f) / 2;
			r.coord[2] = w;
			z = (unsigned int)wrap_ref(floor_ref(w * 4), 4,
						   modes[m]);
			EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
			EXPECT_RGBA(o, (x * 40 + 10) / 255.f,
				    (y * 100 + 20) / 255.f,
				    (z * 50 + 30) / 255.f, 1, 1e-6f);
		}
		s.cfg0 = cfg0(VGC_TEX_TYPE_3D, VGC_TEX_WRAP_CLAMP_TO_EDGE,
			      VGC_TEX_WRAP_CLAMP_TO_EDGE, VGC_TEX_FILTER_LINEAR,
			      0, VGC_TEX_FILTER_LINEAR, VGC_TEX_FMT_A8R8G8B8,
			      0);
		program(c, &s, nte);
		for (i = 0; i < ARRAY_SIZE(ws); i++) {
			float w = ws[i], sw = w * 4 - 0.5f, f, e;
			int k0 = floor_ref(sw);
			int za = wrap_ref(k0, 4, modes[m]);
			int zb = wrap_ref(k0 + 1, 4, modes[m]);

			f = sw - k0;
			e = ((1 - f) * (za * 50 + 30) + f * (zb * 50 + 30)) /
			    255.f;
			/* at a texel centre in x and y: only z blends */
			r.coord[0] = 2.5f / 4;
			r.coord[1] = 0.5f / 2;
			r.coord[2] = w;
			EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
			EXPECT_RGBA(o, 90 / 255.f, 20 / 255.f, e, 1, 1e-5f);
		}
	}

	/* the LOD counts the r derivative: 2 slices a pixel -> level 1 */
	{
		struct sampler s = {
			.n = 3,
			.cfg0 = cfg0(VGC_TEX_TYPE_3D, VGC_TEX_WRAP_CLAMP_TO_EDGE,
				     VGC_TEX_WRAP_CLAMP_TO_EDGE,
				     VGC_TEX_FILTER_NEAREST,
				     VGC_TEX_FILTER_NEAREST,
				     VGC_TEX_FILTER_NEAREST,
				     VGC_TEX_FMT_A8R8G8B8, 0),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
			.size = 4 | 2u << 16, .lod = lodcfg(0, 1, false, 0),
			.addr = { ga + TEX, ga + lvl1 }, .levels = 2,
			.cfg3d = 4 | (2u << 5) << 16 |
				 VGC_TEX_WRAP_CLAMP_TO_EDGE << 28,
		};

		program(c, &s, nte);
		memset(&r, 0, sizeof(r));
		r.sampler = 3;
		r.mode = VGC_SH_TEX_IMPLICIT;
		r.coord[0] = 0.8f;	/* level 1: x 1 */
		r.coord[1] = 0.3f;
		r.coord[2] = 0.7f;	/* level 1: z 1 (level 0: z 2) */
		r.ddx[2] = 0.5f;	/* 2 texels of level 0 */
		r.ddy[0] = 0.125f;	/* half a texel */
		EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
		EXPECT_RGBA(o, (1 * 40 + 11) / 255.f, 20 / 255.f,
			    (1 * 50 + 30) / 255.f, 1, 1e-6f);
		r.ddx[2] = 0.125f;	/* half a texel: level 0 (3, 0, 2) */
		EXPECT_EQ(vgc_tx_sample(c, &r, o), 0);
		EXPECT_RGBA(o, (3 * 40 + 10) / 255.f, 20 / 255.f,
			    (2 * 50 + 30) / 255.f, 1, 1e-6f);
	}
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

static void t_3d(struct vgc_core *c)
{
	tx_3d(c, false);
}

static void t_3d_nte(struct vgc_core *c)
{
	tx_3d(c, true);
}

/* ---- compressed formats -------------------------------------------------- */

/* A DXT1 block from its two endpoints and 16 2-bit codes (row by row). */
static void dxt_color_block(u8 *b, u16 c0, u16 c1, const u8 code[16])
{
	u32 bits = 0;
	int i;

	b[0] = c0 & 0xff;
	b[1] = c0 >> 8;
	b[2] = c1 & 0xff;
	b[3] = c1 >> 8;
	for (i = 0; i < 16; i++)
		bits |= (u32)code[i] << (2 * i);
	memcpy(b + 4, &bits, 4);
}

static void c565(u16 c, float o[3])
{
	o[0] = (c >> 11) / 31.f;
	o[1] = ((c >> 5) & 63) / 63.f;
	o[2] = (c & 31) / 31.f;
}

static struct sampler block_sampler(u32 fmt, u32 w, u32 h)
{
	struct sampler s = {
		.n = 7,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, fmt, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = w | h << 16, .addr = { TEX }, .levels = 1,
	};

	return s;
}

static void t_dxt(struct vgc_core *c)
{
	static const u8 code[16] = {
		0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 2, 2, 0, 3, 0, 3,
	};
	u16 ca = 0xf800 | 0x001f, cb = 0x07e0;	/* magenta > green */
	float ea[3], eb[3], pal[4][4];
	struct sampler s;
	unsigned int i, k, blk;
	u8 b[16];
	float o[4];

	c565(ca, ea);
	c565(cb, eb);
	/* 8x4 DXT1: block 0 in 4-colour mode (c0 > c1), block 1 in
	 * 3-colour mode with transparent black (c0 <= c1) */
	dxt_color_block(mem + TEX, ca, cb, code);
	dxt_color_block(mem + TEX + 8, cb, ca, code);
	s = block_sampler(VGC_TEX_FMT_DXT1, 8, 4);
	program(c, &s, false);
	for (blk = 0; blk < 2; blk++) {
		const float *e0 = blk ? eb : ea, *e1 = blk ? ea : eb;

		for (k = 0; k < 3; k++) {
			pal[0][k] = e0[k];
			pal[1][k] = e1[k];
			pal[2][k] = blk ? (e0[k] + e1[k]) / 2 :
				(2 * e0[k] + e1[k]) / 3;
			pal[3][k] = blk ? 0 : (e0[k] + 2 * e1[k]) / 3;
		}
		pal[0][3] = pal[1][3] = pal[2][3] = 1;
		pal[3][3] = blk ? 0 : 1;
		for (i = 0; i < 16; i++) {
			const float *p = pal[code[i]];

			EXPECT_EQ(sample2d(c, 7, (blk * 4 + i % 4 + 0.5f) / 8,
					   (i / 4 + 0.5f) / 4, o), 0);
			EXPECT_RGBA(o, p[0], p[1], p[2], p[3], 1e-6f);
		}
	}

	/* DXT3: explicit 4-bit alphas, then a colour block (always 4
	 * colours, even with c0 <= c1) */
	for (i = 0; i < 8; i++)
		b[i] = (u8)((2 * i) | (2 * i + 1) << 4);	/* alpha i */
	dxt_color_block(b + 8, cb, ca, code);
	memcpy(mem + TEX, b, 16);
	s = block_sampler(VGC_TEX_FMT_DXT2_DXT3, 4, 4);
	program(c, &s, false);
	for (i = 0; i < 16; i++) {
		float e[3];

		for (k = 0; k < 3; k++) {
			float v0 = eb[k], v1 = ea[k];

			e[k] = code[i] == 0 ? v0 : code[i] == 1 ? v1 :
			       code[i] == 2 ? (2 * v0 + v1) / 3 :
			       (v0 + 2 * v1) / 3;
		}
		EXPECT_EQ(sample2d(c, 7, (i % 4 + 0.5f) / 4,
				   (i / 4 + 0.5f) / 4, o), 0);
		EXPECT_RGBA(o, e[0], e[1], e[2], i / 15.f, 1e-6f);
	}

	/* DXT5: two alpha endpoints and 3-bit codes, both modes (equal
	 * endpoints: the 4-alpha mode) */
	for (blk = 0; blk < 3; blk++) {
		u8 a0 = blk == 2 ? 100 : blk ? 40 : 200;
		u8 a1 = blk == 2 ? 100 : blk ? 200 : 40;
		u64 bits = 0;

		for (i = 0; i < 16; i++)
			bits |= (u64)(i % 8) << (3 * i);
		b[0] = a0;
		b[1] = a1;
		for (i = 0; i < 6; i++)
			b[2 + i] = (u8)(bits >> (8 * i));
		dxt_color_block(b + 8, ca, cb, code);
		memcpy(mem + TEX, b, 16);
		s = block_sampler(VGC_TEX_FMT_DXT4_DXT5, 4, 4);
		program(c, &s, false);
		for (i = 0; i < 16; i++) {
			unsigned int cd = i % 8;
			float e;

			if (cd == 0)
				e = a0 / 255.f;
			else if (cd == 1)
				e = a1 / 255.f;
			else if (a0 > a1)	/* 6 interpolated alphas */
				e = (a0 * (8 - cd) + a1 * (cd - 1)) / 7.f / 255;
			else if (cd < 6)	/* 4, then 0 and 1 */
				e = (a0 * (6 - cd) + a1 * (cd - 1)) / 5.f / 255;
			else
				e = cd == 6 ? 0 : 1;
			EXPECT_EQ(sample2d(c, 7, (i % 4 + 0.5f) / 4,
					   (i / 4 + 0.5f) / 4, o), 0);
			if (!near(o[3], e, 1e-6f))
				fail("DXT5 block %u texel %u: alpha %g, "
				     "expected %g", blk, i, o[3], e);
		}
	}
}

/*
 * An ETC1 block (Khronos OES_compressed_ETC1_RGB8_texture): @diff
 * selects differential mode; @base0/@base1 are the sub-blocks' colours
 * (4-bit each, or 5-bit and a 3-bit signed delta), @table the codeword
 * of each, @flip the split; @idx the 2-bit index of each texel, texel
 * (x, y) at bit x * 4 + y of the two 16-bit planes (MSBs, then LSBs).
 */
static void etc1_block(u8 *b, bool diff, bool flip, const int c0[3],
		       const int c1[3], int t0, int t1, const u8 idx[16])
{
	int ch;
	u16 msb = 0, lsb = 0;
	int k;

	for (ch = 0; ch < 3; ch++) {
		if (diff)
			b[ch] = (u8)(c0[ch] << 3 | ((c1[ch] - c0[ch]) & 7));
		else
			b[ch] = (u8)(c0[ch] << 4 | c1[ch]);
	}
	b[3] = (u8)(t0 << 5 | t1 << 2 | (diff ? 2 : 0) | (flip ? 1 : 0));
	for (k = 0; k < 16; k++) {
		/* idx[] is row by row: texel (x, y) = idx[y * 4 + x] */
		int x = k % 4, y = k / 4, bit = x * 4 + y;

		msb |= (u16)((idx[k] >> 1) << bit);
		lsb |= (u16)((idx[k] & 1) << bit);
	}
	b[4] = msb >> 8;
	b[5] = msb & 0xff;
	b[6] = lsb >> 8;
	b[7] = lsb & 0xff;
}

static void t_etc1(struct vgc_core *c)
{
	/* the codeword table of the specification */
	static const int tab[8][4] = {
		{ 2, 8, -2, -8 }, { 5, 17, -5, -17 }, { 9, 29, -9, -29 },
		{ 13, 42, -13, -42 }, { 18, 60, -18, -60 },
		{ 24, 80, -24, -80 }, { 33, 106, -33, -106 },
		{ 47, 183, -47, -183 },
	};
	static const u8 idx[16] = {
		0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 0, 1, 3, 3, 1, 0,
	};
	static const struct {
		bool diff, flip;
		int c0[3], c1[3], t0, t1;
	} cases[] = {
		{ false, false, { 15, 0, 8 }, { 2, 12, 7 }, 1, 6 },
		{ false, true, { 1, 4, 9 }, { 14, 3, 0 }, 7, 0 },
		{ true, false, { 20, 3, 31 }, { 17, 6, 28 }, 4, 2 },
		{ true, true, { 0, 16, 8 }, { 3, 13, 11 }, 5, 3 },
	};
	unsigned int n, i, ch;
	float o[4];

	for (n = 0; n < ARRAY_SIZE(cases); n++) {
		struct sampler s = block_sampler(VGC_TEX_FMT_ETC1, 4, 4);

		etc1_block(mem + TEX, cases[n].diff, cases[n].flip,
			   cases[n].c0, cases[n].c1, cases[n].t0, cases[n].t1,
			   idx);
		program(c, &s, false);
		for (i = 0; i < 16; i++) {
			int x = i % 4, y = i / 4;
			bool sub1 = cases[n].flip ? y >= 2 : x >= 2;
			const int *cc = sub1 ? cases[n].c1 : cases[n].c0;
			int t = sub1 ? cases[n].t1 : cases[n].t0;
			float e[3];

			for (ch = 0; ch < 3; ch++) {
				int base = cases[n].diff ?
					(cc[ch] << 3) + (cc[ch] >> 2) :
					cc[ch] * 16 + cc[ch];
				int v = base + tab[t][idx[i]];

				e[ch] = (v < 0 ? 0 : v > 255 ? 255 : v) / 255.f;
			}
			EXPECT_EQ(sample2d(c, 7, (x + 0.5f) / 4,
					   (y + 0.5f) / 4, o), 0);
			EXPECT_RGBA(o, e[0], e[1], e[2], 1, 1e-6f);
		}
		if (test_failed) {
			printf("  (ETC1 case %u)\n", n);
			return;
		}
	}
}

/* ---- layouts, state sets, faults -------------------------------------------- */

/* GC3000: the NTE states, a supertiled 128x64 texture. */
static void t_supertiled_nte(struct vgc_core *c)
{
	struct sampler s = {
		.n = 20,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_A8B8G8R8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_SUPER_TILED),
		.size = 100 | 70u << 16, .addr = { TEX }, .levels = 1,
	};
	u32 x, y;
	float o[4];

	/* padded to 128x128 */
	for (y = 0; y < 70; y++)
		for (x = 0; x < 100; x++)
			put(TEX + super_off(x, y, 128, 4), 4,
			    0xff000000u | y << 8 | x);
	s.addr[0] = MEM_BASE + TEX;	/* physical: the MMU is off */
	program(c, &s, true);
	for (y = 0; y < 70; y += 3)
		for (x = 0; x < 100; x += 7) {
			EXPECT_EQ(sample2d(c, 20, (x + 0.5f) / 100,
					   (y + 0.5f) / 70, o), 0);
			EXPECT_RGBA(o, x / 255.f, y / 255.f, 0, 1, 1e-6f);
		}
	/* the TE states mean nothing on this core */
	s.n = 2;
	program(c, &s, false);
	EXPECT_EQ(sample2d(c, 2, 0.5f, 0.5f, o), 0);
	EXPECT_RGBA(o, 0, 0, 0, 0, 0);
	EXPECT_EQ(c->stats.tx_unsupported, 1);
}

/* CONFIG0 of a 2D texture clamped to its edges, one filter both ways */
static u32 cfg0_clamp(u32 filter, u32 fmt)
{
	return cfg0(VGC_TEX_TYPE_2D, VGC_TEX_WRAP_CLAMP_TO_EDGE,
		    VGC_TEX_WRAP_CLAMP_TO_EDGE, filter, 0, filter, fmt, 0);
}

/* NTE_SAMPLER_BASELOD: COMPARE_ENABLE, COMPARE_FUNC (Mesa's state_3d.xml.h) */
#define BASELOD_COMPARE(func)	(1u << 16 | (u32)(func) << 20)

static int sample_ref(struct vgc_core *c, unsigned int n, float s, float ref,
		      float out[4])
{
	struct vgc_sh_tex_req r = { .sampler = n, .mode = VGC_SH_TEX_IMPLICIT,
				    .coord = { s, 0.5f, 0, 1 },
				    .has_ref = true, .ref = ref };

	return vgc_tx_sample(c, &r, out);
}

/*
 * GC3000 (HALTI2): a sampler with COMPARE_ENABLE compares each depth
 * texel with the lookup's reference (TEXLD's src2.x, clamped to 0..1)
 * and filters the results: 1.0 where the reference passes. A 4x1 D24X8
 * texture of depths 0.2, 0.4, 0.6, 1.0; the expected values are the
 * comparisons worked out by hand.
 */
static void t_compare_nte(struct vgc_core *c)
{
	/* COMPARE_FUNC (LEQUAL 0, GEQUAL 1, LESS 2, GREATER 3, EQUAL 4,
	 * NOTEQUAL 5, ALWAYS 6, NEVER 7): reference 0.5 against texel 1
	 * (0.4) and texel 2 (0.6) */
	static const float want[8][2] = {
		{ 0, 1 }, { 1, 0 }, { 0, 1 }, { 1, 0 },
		{ 0, 0 }, { 1, 1 }, { 1, 1 }, { 0, 0 },
	};
	static const u32 depth24[4] = { 0x333333, 0x666666, 0x999999, 0xffffff };
	struct sampler s = {
		.n = 5,
		.cfg0 = cfg0_clamp(VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_D24X8),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 4 | 1u << 16, .levels = 1,
	};
	unsigned int f, x;
	float o[4];

	for (x = 0; x < 4; x++)
		put(TEX + tiled_off(x, 0, 4, 4), 4, depth24[x] << 8 | 0x5a);
	s.addr[0] = MEM_BASE + TEX;	/* physical: the MMU is off */
	for (f = 0; f < 8; f++) {
		s.baselod = BASELOD_COMPARE(f);
		program(c, &s, true);
		for (x = 1; x < 3; x++) {
			EXPECT_EQ(sample_ref(c, 5, (x + 0.5f) / 4, 0.5f, o), 0);
			EXPECT_RGBA(o, want[f][x - 1], want[f][x - 1],
				    want[f][x - 1], 1, 0);
		}
	}
	/* at equality (texel 3: exactly 1.0): LEQUAL, GEQUAL pass; LESS,
	 * GREATER fail */
	for (f = 0; f < 4; f++) {
		s.baselod = BASELOD_COMPARE(f);
		program(c, &s, true);
		EXPECT_EQ(sample_ref(c, 5, 3.5f / 4, 1.0f, o), 0);
		EXPECT_RGBA(o, f < 2, f < 2, f < 2, 1, 0);
	}
	/* the reference is clamped: 1.5 EQUAL the depth 1.0 of texel 3 */
	s.baselod = BASELOD_COMPARE(4);
	program(c, &s, true);
	EXPECT_EQ(sample_ref(c, 5, 3.5f / 4, 1.5f, o), 0);
	EXPECT_RGBA(o, 1, 1, 1, 1, 0);
	/* LINEAR halfway between texels 1 and 2: each compared, then
	 * filtered (LEQUAL 0.5: 0 and 1) */
	s.cfg0 = cfg0_clamp(VGC_TEX_FILTER_LINEAR, VGC_TEX_FMT_D24X8);
	s.baselod = BASELOD_COMPARE(0);
	program(c, &s, true);
	EXPECT_EQ(sample_ref(c, 5, 0.5f, 0.5f, o), 0);
	EXPECT_RGBA(o, 0.5f, 0.5f, 0.5f, 1, 1e-6f);
	/* without a reference, or without COMPARE_ENABLE: the depth */
	EXPECT_EQ(sample2d(c, 5, 0.5f, 0.5f, o), 0);
	EXPECT_RGBA(o, 0.5f, 0.5f, 0.5f, 1, 1e-6f);
	s.cfg0 = cfg0_clamp(VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_D24X8);
	s.baselod = 0;
	program(c, &s, true);
	EXPECT_EQ(sample_ref(c, 5, 1.5f / 4, 0.5f, o), 0);
	EXPECT_RGBA(o, 0.4f, 0.4f, 0.4f, 1, 1e-6f);
	/* D16 too: 0x4000 (0.25) LESS than the reference 0.5? no: GREATER */
	put(TEX, 2, 0x4000);
	s.cfg0 = cfg0_clamp(VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_D16);
	s.baselod = BASELOD_COMPARE(3);
	program(c, &s, true);
	EXPECT_EQ(sample_ref(c, 5, 0.1f, 0.5f, o), 0);
	EXPECT_RGBA(o, 1, 1, 1, 1, 0);
	s.baselod = BASELOD_COMPARE(2);
	program(c, &s, true);
	EXPECT_EQ(sample_ref(c, 5, 0.1f, 0.5f, o), 0);
	EXPECT_RGBA(o, 0, 0, 0, 1, 0);
}

/* GC2000: a linear texture, rows LINEAR_STRIDE apart. */
static void t_linear(struct vgc_core *c)
{
	struct sampler s = {
		.n = 0,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_R5G6B5,
			     VGC_TEX_ADDRESSING_LINEAR),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_SIXTEEN),
		.size = 10 | 5u << 16, .stride = 40,
		.addr = { TEX }, .levels = 1,
	};
	u32 x, y;
	float o[4];

	for (y = 0; y < 5; y++)
		for (x = 0; x < 10; x++)
			put(TEX + y * 40 + x * 2, 2, x << 11 | y << 5);
	program(c, &s, false);
	for (y = 0; y < 5; y++)
		for (x = 0; x < 10; x++) {
			EXPECT_EQ(sample2d(c, 0, (x + 0.5f) / 10,
					   (y + 0.5f) / 5, o), 0);
			EXPECT_RGBA(o, x / 31.f, y / 63.f, 0, 1, 1e-6f);
		}
}

/* A level outside memory: a bus error ends the lookup, counted. */
static void t_fault(struct vgc_core *c)
{
	struct sampler s = {
		.n = 1,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 0, 0, VGC_TEX_FILTER_LINEAR, 0,
			     VGC_TEX_FILTER_LINEAR, VGC_TEX_FMT_A8R8G8B8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 4 | 4u << 16, .addr = { MEM_SIZE + 0x1000 },
		.levels = 1,
	};
	float o[4];

	program(c, &s, false);
	EXPECT_EQ(sample2d(c, 1, 0.5f, 0.5f, o), -1);
	EXPECT_EQ(c->stats.tx_faults, 1);
	EXPECT_EQ(c->stats.tx_samples, 1);
	EXPECT_EQ(c->stats.bus_errors, 1);
}

/* An inactive sampler and CLAMP_TO_BORDER: zeros, counted, no abort. */
static void t_unsupported(struct vgc_core *c)
{
	struct sampler s = {
		.n = 1,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, 3, 0, VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, VGC_TEX_FMT_A8R8G8B8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 4 | 4u << 16, .addr = { TEX }, .levels = 1,
	};
	float o[4] = { 9, 9, 9, 9 };

	put(TEX, 4, 0xffffffff);
	program(c, &s, false);
	EXPECT_EQ(sample2d(c, 1, 0.1f, 0.1f, o), 0);
	EXPECT_RGBA(o, 0, 0, 0, 0, 0);
	EXPECT_EQ(sample2d(c, 5, 0.1f, 0.1f, o), 0);	/* inactive */
	EXPECT_EQ(sample2d(c, 12, 0.1f, 0.1f, o), 0);	/* no sampler 12 */
	EXPECT_EQ(c->stats.tx_unsupported, 3);
	EXPECT_EQ(c->stats.tx_samples, 3);
}

/*
 * The TX clock gating erratum (GC2000 r5108): with module-level clock
 * gating on and TX not excluded, each lookup returns the previous one's
 * texel, counted in tx_gating_corrupt; with TX gating disabled (as Linux
 * does on this revision), or gating off, lookups are right. A core
 * without the erratum (GC880) is right with gating on.
 */
static void tx_two_texels(struct vgc_core *c)
{
	struct sampler s = {
		.n = 0,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, VGC_TEX_WRAP_REPEAT,
			     VGC_TEX_WRAP_REPEAT, VGC_TEX_FILTER_NEAREST,
			     VGC_TEX_FILTER_NONE, VGC_TEX_FILTER_NEAREST,
			     VGC_TEX_FMT_A8R8G8B8, VGC_TEX_ADDRESSING_TILED),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		.size = 4 | 4u << 16,
		.lod = lodcfg(0, 0, false, 0),
		.addr = { TEX }, .levels = 1,
	};

	memset(mem + TEX, 0, 4 * 4 * 4);
	put(TEX + tiled_off(0, 0, 4, 4), 4, 0xff0000ffu);	/* blue */
	put(TEX + tiled_off(3, 0, 4, 4), 4, 0xffff0000u);	/* red */
	program(c, &s, false);
}

static void t_gating_erratum(struct vgc_core *c)
{
	float o[4];

	tx_two_texels(c);
	vgc_write(c, VGC_PM_POWER_CONTROLS, VGC_PM_MODULE_CLOCK_GATING);
	EXPECT_EQ(sample2d(c, 0, 0.1f, 0.1f, o), 0);	/* blue ... */
	EXPECT_RGBA(o, 0, 0, 0, 0, 0);			/* ... reads zeros */
	EXPECT_EQ(sample2d(c, 0, 0.9f, 0.1f, o), 0);	/* red ... */
	EXPECT_RGBA(o, 0, 0, 1, 1, 0);			/* ... reads blue */
	EXPECT_EQ(c->stats.tx_gating_corrupt, 2);

	/* the driver's fix: TX module clock gating disabled */
	vgc_write(c, VGC_PM_MODULE_CONTROLS, VGC_PM_NO_GATING_TX);
	EXPECT_EQ(sample2d(c, 0, 0.9f, 0.1f, o), 0);
	EXPECT_RGBA(o, 1, 0, 0, 1, 0);
	EXPECT_EQ(c->stats.tx_gating_corrupt, 2);

	/* gating off altogether: right too */
	vgc_write(c, VGC_PM_MODULE_CONTROLS, 0);
	vgc_write(c, VGC_PM_POWER_CONTROLS, 0);
	EXPECT_EQ(sample2d(c, 0, 0.1f, 0.1f, o), 0);
	EXPECT_RGBA(o, 0, 0, 1, 1, 0);
	EXPECT_EQ(c->stats.tx_gating_corrupt, 2);
	EXPECT_EQ(c->stats.tx_samples, 4);
}

static void t_gating_no_erratum(struct vgc_core *c)
{
	float o[4];

	tx_two_texels(c);
	vgc_write(c, VGC_PM_POWER_CONTROLS, VGC_PM_MODULE_CLOCK_GATING);
	EXPECT_EQ(sample2d(c, 0, 0.9f, 0.1f, o), 0);
	EXPECT_RGBA(o, 1, 0, 0, 1, 0);
	EXPECT_EQ(c->stats.tx_gating_corrupt, 0);
}

/*
 * A bilinear footprint through MMUv1 (the TX client's page table and
 * TLB, as in a board): an 8x8 A8R8G8B8 4x4-tiled texture whose first row
 * of tiles ends one GPU page and whose second starts the next, each page
 * mapped to a different physical page. Every texel read counts one 64-bit
 * word of traffic, whether the four share a page (the model reads them
 * with one TLB lookup) or not; the filtered value takes each texel from
 * its own page; a footprint whose third texel is a bus error ends there,
 * its three reads counted (a failed read is traffic too), through a
 * struct vgc_tx_cache as through vgc_tx_sample().
 */
#define FP_VA	(VGC_MMUV1_VIRT_BIT | 0x3000u)	/* GPU pages 3 and 4 */
#define FP_PT	0x200000u	/* the TX page table */
#define FP_A	0x210000u	/* GPU page 3's physical page */
#define FP_B	0x230000u	/* GPU page 4's */

static u32 fp_pa(u32 off)
{
	return (u32)(MEM_BASE + off);
}

static u32 fp_texel(u32 x, u32 y)
{
	return 0xff000000u | (x * 16) << 16 | (y * 16) << 8 | (x + y);
}

/* The mean of the 2x2 texels from (@x0, @y0), each channel, as r, g, b, a. */
static void fp_mean(u32 x0, u32 y0, float e[4])
{
	u32 k, ch;

	for (ch = 0; ch < 4; ch++)
		e[ch] = 0;
	for (k = 0; k < 4; k++)
		for (ch = 0; ch < 4; ch++)
			e[ch] += ((fp_texel(x0 + (k & 1), y0 + (k >> 1)) >>
				   (ch == 3 ? 24 : 16 - 8 * ch)) & 0xff) /
				 255.0f / 4;
}

/*
 * Sampler 2: the texture, wrapped by @wrap both ways; its pages 3 and 4
 * as the TX page table maps them.
 */
static void fp_program_fmt(struct vgc_core *c, u32 wrap, u32 fmt)
{
	struct sampler s = {
		.n = 2,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, wrap, wrap,
			     VGC_TEX_FILTER_LINEAR, 0, VGC_TEX_FILTER_LINEAR,
			     fmt, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
		/* 2 tiles a row of tiles: 128 bytes, the last of page 3 */
		.size = 8 | 8u << 16, .addr = { FP_VA + 0x1000 - 128 },
		.levels = 1,
	};
	u32 x, y, off;

	program(c, &s, false);
	memset(w32(FP_PT), 0, 4096);
	w32(FP_PT)[3] = fp_pa(FP_A);
	w32(FP_PT)[4] = fp_pa(FP_B);
	for (y = 0; y < 8; y++)
		for (x = 0; x < 8; x++) {
			off = tiled_off(x, y, 8, 4);
			put(off < 128 ? FP_A + 0x1000 - 128 + off :
			    FP_B + off - 128, 4, fp_texel(x, y));
		}
	vgc_write(c, VGC_MC_MMU_TX_PAGE_TABLE, fp_pa(FP_PT));
}

/* fp_program_fmt() of the texture as A8R8G8B8 */
static void fp_program(struct vgc_core *c, u32 wrap)
{
	fp_program_fmt(c, wrap, VGC_TEX_FMT_A8R8G8B8);
}

static void t_footprint_mmuv1(struct vgc_core *c)
{
	struct vgc_sh_tex_req r = { .sampler = 2,
				    .mode = VGC_SH_TEX_IMPLICIT };
	struct vgc_tx_cache tc;
	u64 words;
	float o[4], e[4];

	fp_program(c, VGC_TEX_WRAP_CLAMP_TO_EDGE);

	/* texels (1..2, 1..2), all in page 3: half of each */
	fp_mean(1, 1, e);
	words = c->stats.mem_read8;
	EXPECT_EQ(sample2d(c, 2, 2.0f / 8, 2.0f / 8, o), 0);
	EXPECT_EQ(c->stats.mem_read8 - words, 4);
	EXPECT_RGBA(o, e[0], e[1], e[2], e[3], 1e-5f);
	/* again: every texel a TLB hit now, still four reads */
	words = c->stats.mem_read8;
	EXPECT_EQ(sample2d(c, 2, 2.0f / 8, 2.0f / 8, o), 0);
	EXPECT_EQ(c->stats.mem_read8 - words, 4);
	EXPECT_RGBA(o, e[0], e[1], e[2], e[3], 1e-5f);

	/* texels (1..2, 3..4): rows 3 in page 3, rows 4 in page 4 */
	fp_mean(1, 3, e);
	words = c->stats.mem_read8;
	EXPECT_EQ(sample2d(c, 2, 2.0f / 8, 4.0f / 8, o), 0);
	EXPECT_EQ(c->stats.mem_read8 - words, 4);
	EXPECT_RGBA(o, e[0], e[1], e[2], e[3], 1e-5f);
	EXPECT_EQ(c->stats.tx_faults, 0);

	/* page 4 moved off the bus; the table write empties the TLB */
	w32(FP_PT)[4] = fp_pa(MEM_SIZE + 0x1000);
	vgc_write(c, VGC_MC_MMU_TX_PAGE_TABLE, fp_pa(FP_PT));
	vgc_tx_cache_init(&tc, c);
	r.coord[0] = 2.0f / 8;
	r.coord[1] = 2.0f / 8;
	words = c->stats.mem_read8;
	EXPECT_EQ(vgc_tx_sample_cached(&tc, &r, o), 0);
	EXPECT_EQ(c->stats.mem_read8 - words, 4);
	r.coord[1] = 4.0f / 8;
	words = c->stats.mem_read8;
	EXPECT_EQ(vgc_tx_sample_cached(&tc, &r, o), -1);
	EXPECT_EQ(c->stats.mem_read8 - words, 3);
	EXPECT_EQ(c->stats.tx_faults, 1);
	EXPECT_EQ(c->stats.bus_errors, 1);
	EXPECT_EQ(c->stats.tx_samples, 5);
}

/*
 * A quad's lookups at once (vgc_tx_sample_quad()) in the texture of
 * tx-footprint-mmuv1: thread k at texel (@x + (k & 1) / 4, @y + (k >> 1) /
 * 4) of the level (plus a half). Return what it returns, each thread's
 * colour in @o, the 64-bit words it read in @words.
 */
static unsigned int fp_quad(struct vgc_core *c, float x, float y,
			    float o[4][4], u64 *words)
{
	struct vgc_sh_tex_quad q = { .sampler = 2 };
	struct vgc_tx_cache tc;
	unsigned int k, done;
	u64 before = c->stats.mem_read8;

	for (k = 0; k < 4; k++) {
		q.coord[k][0] = (x + 0.25f * (k & 1) + 0.5f) / 8;
		q.coord[k][1] = (y + 0.25f * (k >> 1) + 0.5f) / 8;
		q.coord[k][3] = 1;
	}
	vgc_tx_cache_init(&tc, c);
	done = vgc_tx_sample_quad(&tc, &q, o);
	*words = c->stats.mem_read8 - before;
	for (k = 0; k < 4; k++) {
		float e[4];

		if (k >= done)
			break;
		/* a TLB hit now: the same lookup one at a time */
		EXPECT_EQ(sample2d(c, 2, q.coord[k][0], q.coord[k][1], e), 0);
		EXPECT_EQ(memcmp(e, o[k], sizeof(e)), 0);
	}
	return done;
}

/*
 * A quad's four bilinear footprints through MMUv1 (vgc_tx_sample_quad()):
 * in one page (one TLB lookup for the quad), across two, with a cold TLB,
 * and with a later thread's texels off the bus: the same colours as four
 * vgc_tx_sample() lookups, each texel read one word of traffic, the
 * lookups before the failed one made and counted, its three reads too.
 */
static void t_quad_mmuv1(struct vgc_core *c)
{
	float o[4][4];
	u64 words, samples, faults;

	fp_program(c, VGC_TEX_WRAP_CLAMP_TO_EDGE);
	/* cold TLB, every footprint in page 3 */
	samples = c->stats.tx_samples;
	EXPECT_EQ(fp_quad(c, 1, 1, o, &words), 4);
	EXPECT_EQ(words, 16);
	/* warm: one TLB lookup for the four */
	EXPECT_EQ(fp_quad(c, 1, 1, o, &words), 4);
	EXPECT_EQ(words, 16);
	/* texel rows 3 (page 3) and 4 (page 4) */
	EXPECT_EQ(fp_quad(c, 1, 3, o, &words), 4);
	EXPECT_EQ(words, 16);
	/* threads 0 and 1 in rows 2..3 (page 3), 2 and 3 in rows 3..4 */
	EXPECT_EQ(fp_quad(c, 0, 2.75f, o, &words), 4);
	EXPECT_EQ(words, 16);
	/* 16 lookups of the quads, 16 of fp_quad()'s checks */
	EXPECT_EQ(c->stats.tx_samples - samples, 16 + 16);
	EXPECT_EQ(c->stats.tx_faults, 0);

	/* page 4 off the bus: thread 2's third texel fails */
	w32(FP_PT)[4] = fp_pa(MEM_SIZE + 0x1000);
	vgc_write(c, VGC_MC_MMU_TX_PAGE_TABLE, fp_pa(FP_PT));
	samples = c->stats.tx_samples;
	faults = c->stats.tx_faults;
	EXPECT_EQ(fp_quad(c, 0, 2.75f, o, &words), 2);
	EXPECT_EQ(words, 4 + 4 + 3);
	EXPECT_EQ(c->stats.tx_faults - faults, 1);
	EXPECT_EQ(c->stats.tx_samples - samples, 3 + 2);
}

/*
 * The same texture wrapped by REPEAT (a power of two: the wraps are
 * masks): footprints within it, across its right and bottom edges
 * (columns 7 and 0, rows 7 in page 4 and 0 in page 3), left of it, and
 * far outside it (the clamped coordinates): the colours of four
 * vgc_tx_sample() lookups, each texel one read.
 */
static void t_quad_repeat(struct vgc_core *c)
{
	static const float at[][2] = {
		{ 1, 1 }, { 2.5f, 3 }, { 7, 7 }, { 6.75f, 2.5f },
		{ -2.6f, -0.4f }, { 1e6f, -1e7f },
	};
	float o[4][4];
	u64 words;
	unsigned int k;

	fp_program(c, VGC_TEX_WRAP_REPEAT);
	for (k = 0; k < ARRAY_SIZE(at); k++) {
		EXPECT_EQ(fp_quad(c, at[k][0], at[k][1], o, &words), 4);
		EXPECT_EQ(words, 16);
	}
	EXPECT_EQ(c->stats.tx_faults, 0);
}

/*
 * The texture's words as A8B8G8R8 (GL_RGBA's format in Mesa's etnaviv):
 * red in the low byte, blue in the third. Bilinear lookups at the
 * centres of 2x2 texels, one at a time and a quad at once (in one page,
 * and across two), each the mean of its texels with red and blue as
 * A8B8G8R8 places them.
 */
static void t_bilinear_abgr8(struct vgc_core *c)
{
	static const u32 at[][2] = { { 1, 1 }, { 5, 2 }, { 1, 3 } };
	struct vgc_sh_tex_quad q = { .sampler = 2 };
	struct vgc_tx_cache tc;
	float o[4], oq[4][4], e[4];
	unsigned int i, k;

	fp_program_fmt(c, VGC_TEX_WRAP_CLAMP_TO_EDGE, VGC_TEX_FMT_A8B8G8R8);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		fp_mean(at[i][0], at[i][1], e);
		EXPECT_EQ(sample2d(c, 2, (at[i][0] + 1) / 8.0f,
				   (at[i][1] + 1) / 8.0f, o), 0);
		EXPECT_RGBA(o, e[2], e[1], e[0], e[3], 1e-5f);
		for (k = 0; k < 4; k++) {
			q.coord[k][0] = (at[i][0] + 1) / 8.0f;
			q.coord[k][1] = (at[i][1] + 1) / 8.0f;
			q.coord[k][3] = 1;
		}
		vgc_tx_cache_init(&tc, c);
		EXPECT_EQ(vgc_tx_sample_quad(&tc, &q, oq), 4);
		for (k = 0; k < 4; k++)
			EXPECT_RGBA(oq[k], e[2], e[1], e[0], e[3], 1e-5f);
	}
	EXPECT_EQ(c->stats.tx_faults, 0);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("tx-formats", t_formats, "gc2000");
	run_test("tx-swizzle", t_swizzle, "gc2000");
	run_test("tx-wrap-nearest", t_wrap_nearest, "gc2000");
	run_test("tx-bilinear", t_bilinear, "gc880");
	run_test("tx-mip-select", t_mip_select, "gc2000");
	run_test("tx-trilinear", t_trilinear, "gc2000");
	run_test("tx-cube", t_cube, "gc2000");
	run_test("tx-3d", t_3d, "gc2000");
	run_test("tx-3d-nte", t_3d_nte, "gc3000");
	run_test("tx-dxt", t_dxt, "gc2000");
	run_test("tx-etc1", t_etc1, "gc2000");
	run_test("tx-supertiled-nte", t_supertiled_nte, "gc3000");
	run_test("tx-compare-nte", t_compare_nte, "gc3000");
	run_test("tx-linear", t_linear, "gc2000");
	run_test("tx-fault", t_fault, "gc2000");
	run_test("tx-footprint-mmuv1", t_footprint_mmuv1, "gc2000");
	run_test("tx-quad-mmuv1", t_quad_mmuv1, "gc2000");
	run_test("tx-quad-repeat", t_quad_repeat, "gc2000");
	run_test("tx-bilinear-abgr8", t_bilinear_abgr8, "gc2000");
	run_test("tx-unsupported", t_unsupported, "gc2000");
	run_test("tx-gating-erratum", t_gating_erratum, "gc2000");
	run_test("tx-gating-no-erratum", t_gating_no_erratum, "gc880");

	return sim_test_end("sim-tx");
}
