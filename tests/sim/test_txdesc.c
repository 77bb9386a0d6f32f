// SPDX-License-Identifier: GPL-2.0-only
/*
 * Descriptor-based texturing on the GC7000 (HALTI5, sim/vgc_tx_desc.c):
 * texture descriptors written by this file from the public layout (Mesa
 * 22.3 hw/texdesc_3d.xml.h: the words' byte offsets and fields, and which
 * of them etnaviv_texture_desc.c fills), the per-sampler states
 * (hw/state_3d.xml.h: NTE_DESCRIPTOR_ADDR, SAMP_CTRL0, SAMP_LOD_MINMAX,
 * SAMP_LOD_BIAS, INVALIDATE, FLUSH; their bit fields packed here) loaded
 * by the FE, texels placed by tx_run.h's own tiling code, lookups through
 * vgc_tx_sample(). Expected values: the chosen texel (its coordinates and
 * level written into its colour), the GLES 2.0 wrap rules and mipmap
 * level rule (3.7.7, 3.7.8) written here; a descriptor the core keeps
 * until an invalidation, used stale and counted without one; texels of
 * blocks a tile status says cleared read as its clear value (the GC7000's
 * TX_CTRL, and the GC3000's CONFIG1.USE_TS).
 */
#include "sim_test.h"
#include "tx_run.h"

#define DESC	0x80000u	/* descriptors from 512 KiB */
#define CMDS	0x1000u		/* the state streams */

/* the descriptor's words, byte offsets (texdesc_3d.xml.h) */
enum {
	D_LOD_ADDR = 0x00,	/* 16 words */
	D_CONFIG0 = 0x40,	/* TYPE 2:0, FORMAT 17:13, ADDRESSING 21:20 */
	D_SIZE = 0x44,		/* WIDTH 15:0, HEIGHT 31:16 */
	D_LINEAR_STRIDE = 0x48,
	D_CONFIG1 = 0x4c,	/* SWIZZLE_R..A 10:8..22:20, HALIGN 28:26 */
	D_BASELOD = 0x68,	/* BASELOD 3:0, MAXLOD 11:8 */
};

/* states (state_3d.xml.h) */
#define S_ADDR(n)	(0x15c00u + 4 * (n))
#define S_CTRL0(n)	(0x16c00u + 4 * (n))
#define S_MINMAX(n)	(0x17000u + 4 * (n))
#define S_BIAS(n)	(0x17200u + 4 * (n))
#define S_TX_CTRL(n)	(0x15e00u + 4 * (n))
#define S_FLUSH		0x14c44u
#define S_INVALIDATE	0x14c48u	/* IDX 8:0, UNK29 */
#define S_GL_FLUSH	0x0380cu	/* DESCRIPTOR_UNK12 bit 12 */

/* enums (common_3d.xml) */
enum { REPEAT, MIRROR, CLAMP };
enum { F_NONE, F_NEAREST, F_LINEAR };
#define TYPE_2D		2u
#define FMT_A8B8G8R8	9u

static u32 gpu(u32 off)
{
	return (u32)MEM_BASE + off;	/* the MMU is off: physical */
}

static void dput(u32 d, u32 off, u32 v)
{
	memcpy(mem + d + off, &v, 4);
}

/* a 2D A8B8G8R8 4x4-tiled (HALIGN FOUR) texture's descriptor at @d */
static void desc_2d(u32 d, u32 w, u32 h, const u32 *lods, unsigned int n,
		    unsigned int base, unsigned int max)
{
	unsigned int l;

	memset(mem + d, 0, 256);
	for (l = 0; l < n; l++)
		dput(d, D_LOD_ADDR + 4 * l, gpu(lods[l]));
	dput(d, D_CONFIG0, TYPE_2D | FMT_A8B8G8R8 << 13);
	dput(d, D_SIZE, w | h << 16);
	dput(d, D_CONFIG1, 0u << 8 | 1u << 12 | 2u << 16 | 3u << 20);
	dput(d, D_BASELOD, base | max << 8);
}

/* SAMP_CTRL0: UWRAP 2:0, VWRAP 5:3, WWRAP 8:6, MIN 10:9, MIP 12:11, MAG 14:13 */
static u32 ctrl0(u32 uw, u32 vw, u32 min, u32 mip, u32 mag)
{
	return uw | vw << 3 | min << 9 | mip << 11 | mag << 13 | 1u << 21;
}

/* SAMP_LOD_MINMAX: MAX 15:0, MIN 31:16, 8.8 fixed point */
static u32 minmax(float min, float max)
{
	return (u32)(max * 256) | (u32)(min * 256) << 16;
}

/* SAMP_LOD_BIAS: BIAS 15:0 (8.8, two's complement), ENABLE 16 */
static u32 bias(float b, bool en)
{
	return ((u32)(int)(b * 256) & 0xffff) | (en ? 1u << 16 : 0);
}

/* load (state, value) pairs with the FE */
static void load(struct vgc_core *c, const u32 (*sv)[2], unsigned int n)
{
	u32 p = CMDS;
	unsigned int i;

	for (i = 0; i < n; i++)
		p = emit(p, ls(sv[i][0], 1), sv[i][1]);
	emit(p, OP_END, 0);
	setup_linear(c);
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, gpu(CMDS));
	/* the GC7000's security block starts the FE */
	vgc_write(c, vgc_get_ident(c)->security ? VGC_SEC_COMMAND_CONTROL :
		  VGC_FE_COMMAND_CONTROL, VGC_FE_CONTROL_ENABLE | (n + 1));
	EXPECT_EQ(vgc_fe_run(c, 1000), VGC_RUN_IDLE);
}

static void load1(struct vgc_core *c, u32 state, u32 v)
{
	const u32 sv[1][2] = { { state, v } };

	load(c, sv, 1);
}

/* sampler @s: descriptor @d, its sampler states, invalidated (as Mesa) */
static void bind(struct vgc_core *c, unsigned int s, u32 d, u32 c0, u32 mm,
		 u32 b)
{
	const u32 sv[][2] = {
		{ S_ADDR(s), gpu(d) }, { S_CTRL0(s), c0 },
		{ S_MINMAX(s), mm }, { S_BIAS(s), b },
		{ S_INVALIDATE, 1u << 29 | s },
	};

	load(c, sv, 5);
}

/* texel (x, y) of a texture tagged @tag: (x, y, tag, 255) */
static u32 texel(u32 x, u32 y, u32 tag)
{
	return 0xff000000u | tag << 16 | y << 8 | x;
}

static void fill(u32 at, u32 w, u32 h, u32 tag)
{
	u32 pw = (w + 3) & ~3u, x, y;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			put(at + tiled_off(x, y, pw, 4), 4, texel(x, y, tag));
}

/* GLES 2.0 3.7.7: texel index @i wrapped into 0..@n - 1 */
static u32 wrap(int i, int n, int mode)
{
	int m;

	if (mode == CLAMP)
		return i < 0 ? 0 : i >= n ? (u32)n - 1 : (u32)i;
	m = ((i % (2 * n)) + 2 * n) % (2 * n);
	if (mode == MIRROR)
		return m < n ? (u32)m : (u32)(2 * n - 1 - m);
	return (u32)(m % n);
}

static int floor_i(float v)
{
	int i = (int)v;

	return (float)i > v ? i - 1 : i;
}

static int sample_lod(struct vgc_core *c, unsigned int s, float u, float v,
		      float lod, float out[4])
{
	struct vgc_sh_tex_req r = { .sampler = s, .mode = VGC_SH_TEX_LOD,
				    .coord = { u, v, 0, 1 }, .lod = lod };

	return vgc_tx_sample(c, &r, out);
}

#define EXPECT_TEXEL(o, x, y, tag) \
	EXPECT_RGBA(o, (x) / 255.f, (y) / 255.f, (tag) / 255.f, 1, 1e-6f)

/*
 * The 16 x 8 texture of tag 7 bound to sampler @s, sampled NEAREST at
 * every pair of coordinates in and around 0..1: each texel where the
 * wrap modes @uw and @vw (GLES 2.0 3.7.7) put it.
 */
static void expect_wrapped(struct vgc_core *c, unsigned int s, int uw,
			   int vw)
{
	static const float st[] = { -1.3f, -0.26f, 0.03f, 0.5f, 0.97f, 1.1f,
				    1.9f, 2.6f };
	unsigned int i, j;
	float o[4];

	for (i = 0; i < ARRAY_SIZE(st); i++)
		for (j = 0; j < ARRAY_SIZE(st); j++) {
			u32 x = wrap(floor_i(st[i] * 16), 16, uw);
			u32 y = wrap(floor_i(st[j] * 8), 8, vw);

			EXPECT_EQ(sample2d(c, s, st[i], st[j], o), 0);
			EXPECT_TEXEL(o, x, y, 7);
		}
}

/* NEAREST in a 2D texture from its descriptor, two wrap modes */
static void t_2d(struct vgc_core *c)
{
	u32 lod0 = TEX;
	float o[4];

	fill(TEX, 16, 8, 7);
	desc_2d(DESC, 16, 8, &lod0, 1, 0, 0);
	bind(c, 3, DESC, ctrl0(CLAMP, MIRROR, F_NEAREST, F_NONE, F_NEAREST),
	     minmax(0, 0), 0);
	expect_wrapped(c, 3, CLAMP, MIRROR);
	/* read once, kept for every lookup */
	EXPECT_EQ(c->stats.tx_desc_reads, 1);
	EXPECT_EQ(c->stats.tx_desc_stale, 0);
	EXPECT_EQ(c->stats.tx_unsupported, 0);

	/* the same texture, REPEAT both ways */
	bind(c, 3, DESC, ctrl0(REPEAT, REPEAT, F_NEAREST, F_NONE, F_NEAREST),
	     minmax(0, 0), 0);
	expect_wrapped(c, 3, REPEAT, REPEAT);
	EXPECT_EQ(c->stats.tx_desc_reads, 2);

	/* Mesa's dummy descriptor for an unused sampler (zeros): TYPE NONE */
	memset(mem + DESC + 0x100, 0, 256);
	bind(c, 4, DESC + 0x100, 0, 0, 0);
	EXPECT_EQ(sample2d(c, 4, 0.5f, 0.5f, o), 0);
	EXPECT_RGBA(o, 0, 0, 0, 0, 0);
	EXPECT_EQ(c->stats.tx_unsupported, 1);
}

/*
 * Sampling through the tile status (TX_CTRL: TS_MODE 0, TS_ENABLE 1,
 * TS_INDEX 4:2; TS_SAMPLER_STATUS_BASE/CLEAR_VALUE of that index): a 4-bit
 * entry per 128 bytes (TS_MODE 0) or 256 (1) of the texture from its
 * level 0; entry 1 (cleared): the texel reads as the clear value
 * repeating in memory; any other: memory
 */
static void t_ts(struct vgc_core *c)
{
	static const u8 entry[8] = { 1, 0, 1, 2, 0, 1, 0, 1 };
	const u32 clear = 0x80402010u;	/* bytes 10 20 40 80: r g b a */
	const u32 tsb = TEX + 0x10000;
	u32 lod0 = TEX, x, y, mode, tx_ctrl;
	float o[4], e[4];

	fill(TEX, 16, 16, 9);
	desc_2d(DESC, 16, 16, &lod0, 1, 0, 0);
	for (x = 0; x < 8; x++)
		mem[tsb + x / 2] |= entry[x] << (4 * (x & 1));
	bind(c, 6, DESC, ctrl0(CLAMP, CLAMP, F_NEAREST, F_NONE, F_NEAREST),
	     0, 0);
	load1(c, VGC_TS_SAMPLER_STATUS_BASE(2), gpu(tsb));
	load1(c, VGC_TS_SAMPLER_CLEAR_VALUE(2), clear);
	for (mode = 0; mode < 2; mode++) {
		u32 block = mode ? 256 : 128;

		tx_ctrl = mode | 1u << 1 | 2u << 2;
		load1(c, S_TX_CTRL(6), tx_ctrl);
		for (y = 0; y < 16; y++)
			for (x = 0; x < 16; x++) {
				u32 n = tiled_off(x, y, 16, 4) / block;

				EXPECT_EQ(sample2d(c, 6, (x + 0.5f) / 16,
						   (y + 0.5f) / 16, o), 0);
				if (n < 8 && entry[n] == 1)
					EXPECT_RGBA(o, 0x10 / 255.f,
						    0x20 / 255.f, 0x40 / 255.f,
						    0x80 / 255.f, 1e-6f);
				else
					EXPECT_TEXEL(o, x, y, 9);
			}
	}
	/*
	 * LINEAR across two blocks (128-byte entries): texel (7, 0) in
	 * tile 1, block 0 (cleared), (8, 0) in tile 2, block 1 (memory)
	 */
	load1(c, S_TX_CTRL(6), 1u << 1 | 2u << 2);
	bind(c, 6, DESC, ctrl0(CLAMP, CLAMP, F_LINEAR, F_NONE, F_LINEAR), 0,
	     0);
	e[0] = (0x10 / 255.f + 8 / 255.f) / 2;
	e[1] = (0x20 / 255.f + 0) / 2;
	e[2] = (0x40 / 255.f + 9 / 255.f) / 2;
	e[3] = (0x80 / 255.f + 1) / 2;
	EXPECT_EQ(sample2d(c, 6, 8 / 16.f, 0.5f / 16, o), 0);
	EXPECT_RGBA(o, e[0], e[1], e[2], e[3], 1e-6f);
	EXPECT_EQ(c->stats.tx_unsupported, 0);
	if (c->stats.tx_ts_cleared == 0)
		fail("no texel read as the clear value");
}

/*
 * Levels: the descriptor's LOD_ADDR counts from level 0, SIZE is level
 * BASELOD's; a lookup's level l is LOD_ADDR[BASELOD + l], up to MAXLOD;
 * the LOD clamps and bias of the sampler states in 8.8
 */
static void t_mip(struct vgc_core *c)
{
	static const struct {
		float lod, min, max, bias;
		bool bias_en;
		unsigned int level;	/* the resource's level expected */
	} k[] = {
		{ 0, 0, 15, 0, false, 1 },	/* BASELOD */
		{ 1, 0, 15, 0, false, 2 },
		{ 1.4f, 0, 15, 0, false, 2 },	/* NEAREST: ceil(l + .5) - 1 */
		{ 1.6f, 0, 15, 0, false, 3 },
		{ 2, 0, 15, 0, false, 3 },	/* MAXLOD */
		{ 6, 0, 15, 0, false, 3 },	/* beyond MAXLOD */
		{ 2, 0, 1, 0, false, 2 },	/* LOD_MINMAX.MAX */
		{ 0, 1, 15, 0, false, 2 },	/* LOD_MINMAX.MIN */
		{ 0, 0, 0.5f, 0, false, 1 },
		{ 2, 0, 15, -1, true, 2 },	/* a negative bias */
		{ 1, 0, 15, -1.5f, true, 1 },
		{ 0, 0, 15, 1, true, 2 },	/* a positive one */
		{ 0, 0, 15, 1, false, 1 },	/* no ENABLE: none */
	};
	u32 lods[4] = { TEX, TEX + 0x10000, TEX + 0x20000, TEX + 0x30000 };
	unsigned int i, l, x, y;
	float o[4];

	for (l = 0; l < 4; l++)
		fill(lods[l], 32 >> l, 32 >> l, 40 * l + 10);
	/* a view of levels 1..3: SIZE is level 1's */
	desc_2d(DESC, 16, 16, lods, 4, 1, 3);
	for (i = 0; i < ARRAY_SIZE(k); i++) {
		u32 w;

		bind(c, 9, DESC,
		     ctrl0(CLAMP, CLAMP, F_NEAREST, F_NEAREST, F_NEAREST),
		     minmax(k[i].min, k[i].max), bias(k[i].bias, k[i].bias_en));
		w = 32 >> k[i].level;
		for (y = 0; y < w; y += 3)
			for (x = 0; x < w; x += 2) {
				EXPECT_EQ(sample_lod(c, 9, (x + 0.5f) / w,
						     (y + 0.5f) / w, k[i].lod,
						     o), 0);
				EXPECT_TEXEL(o, x, y, 40 * k[i].level + 10);
			}
	}
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

/*
 * The half-float extended format A16B16G16R16F (CONFIG0 FORMAT NONE,
 * CONFIG1 FORMAT_EXT 9, common_3d.xml; Mesa 22.3 etnaviv_format.c's
 * R16G16B16A16_FLOAT): red in the lowest 16 bits, IEEE 754 binary16
 * values read as they are, neither clamped nor normalised.
 */
static void t_half(struct vgc_core *c)
{
	/* binary16 of 0, 1, 2, 3 and of -1, -2, -3 (sign bit 15) */
	static const uint16_t pos[4] = { 0x0000, 0x3c00, 0x4000, 0x4200 };
	u32 lod0 = TEX, x, y;
	float o[4];

	for (y = 0; y < 4; y++)
		for (x = 0; x < 4; x++) {
			uint16_t h[4] = { pos[x], pos[y] | 0x8000,
					  0x3800 /* 0.5 */,
					  0x6400 /* 1024 */ };

			memcpy(mem + TEX + tiled_off(x, y, 4, 8), h, 8);
		}
	desc_2d(DESC, 4, 4, &lod0, 1, 0, 0);
	dput(DESC, D_CONFIG0, TYPE_2D);	/* FORMAT NONE */
	dput(DESC, D_CONFIG1, 9u | 0u << 8 | 1u << 12 | 2u << 16 | 3u << 20);
	bind(c, 2, DESC, ctrl0(CLAMP, CLAMP, F_NEAREST, F_NONE, F_NEAREST),
	     minmax(0, 0), bias(0, false));
	for (y = 0; y < 4; y++)
		for (x = 0; x < 4; x++) {
			EXPECT_EQ(sample_lod(c, 2, (x + 0.5f) / 4,
					     (y + 0.5f) / 4, 0, o), 0);
			EXPECT_RGBA(o, (float)x, -(float)y, 0.5f, 1024.0f,
				    0);
		}
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

/*
 * No mipmapping (SAMP_CTRL0.MIP NONE) samples the view's first level
 * whatever the LOD, as GLES 2.0 3.7.7 asks of the NEAREST and LINEAR
 * minification filters: Mesa 22.3 leaves the sampler's LOD_MINMAX at GL's
 * [0, 1000] there (etnaviv_texture_desc.c), and a real GC7000 passes
 * dEQP's non-mipmapped minification tests in Mesa's CI.
 */
static void t_mip_none(struct vgc_core *c)
{
	static const float lod[] = { 0, 0.7f, 1, 2.5f, 6 };
	u32 lods[4] = { TEX, TEX + 0x10000, TEX + 0x20000, TEX + 0x30000 };
	unsigned int i, l, x, y;
	float o[4];

	for (l = 0; l < 4; l++)
		fill(lods[l], 32 >> l, 32 >> l, 40 * l + 10);
	desc_2d(DESC, 16, 16, lods, 4, 1, 3);
	bind(c, 9, DESC, ctrl0(CLAMP, CLAMP, F_NEAREST, F_NONE, F_NEAREST),
	     minmax(0, 15.99f), bias(0, false));
	for (i = 0; i < ARRAY_SIZE(lod); i++)
		for (y = 0; y < 16; y += 3)
			for (x = 0; x < 16; x += 2) {
				EXPECT_EQ(sample_lod(c, 9, (x + 0.5f) / 16,
						     (y + 0.5f) / 16, lod[i],
						     o), 0);
				EXPECT_TEXEL(o, x, y, 50);
			}
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

/*
 * The descriptor cache: a descriptor changed in memory, or a sampler
 * moved to another, without an invalidation is used stale and counted;
 * INVALIDATE (that sampler only), NTE_DESCRIPTOR_FLUSH and GL_FLUSH_CACHE's
 * descriptor bits make the TX read it again.
 */
static void t_stale(struct vgc_core *c)
{
	u32 a = TEX, b = TEX + 0x1000, d = TEX + 0x2000;
	u32 d0 = DESC, d1 = DESC + 0x100;
	u32 c0 = ctrl0(CLAMP, CLAMP, F_NEAREST, F_NONE, F_NEAREST);
	float o[4];

	fill(a, 4, 4, 1);
	fill(b, 4, 4, 2);
	fill(d, 4, 4, 3);
	desc_2d(d0, 4, 4, &a, 1, 0, 0);
	bind(c, 5, d0, c0, 0, 0);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 1);
	EXPECT_EQ(c->stats.tx_desc_reads, 1);

	/* the descriptor rewritten, no invalidation: still texture a */
	desc_2d(d0, 4, 4, &b, 1, 0, 0);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 1);
	EXPECT_EQ(c->stats.tx_desc_stale, 1);
	EXPECT_EQ(c->stats.tx_desc_reads, 1);

	/* another sampler's invalidation changes nothing */
	load1(c, S_INVALIDATE, 1u << 29 | 4);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 1);
	EXPECT_EQ(c->stats.tx_desc_stale, 2);

	/* this one's: texture b */
	load1(c, S_INVALIDATE, 1u << 29 | 5);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 2);
	EXPECT_EQ(c->stats.tx_desc_reads, 2);
	EXPECT_EQ(c->stats.tx_desc_stale, 2);
	EXPECT_EQ(sample2d(c, 5, 0.1f, 0.9f, o), 0);
	EXPECT_TEXEL(o, 0, 3, 2);
	EXPECT_EQ(c->stats.tx_desc_stale, 2);	/* up to date: not stale */

	/* the sampler moved to another descriptor, no invalidation */
	desc_2d(d1, 4, 4, &d, 1, 0, 0);
	load1(c, S_ADDR(5), gpu(d1));
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 2);
	EXPECT_EQ(c->stats.tx_desc_stale, 3);
	/* NTE_DESCRIPTOR_FLUSH: every descriptor read again */
	load1(c, S_FLUSH, 0);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 3);
	EXPECT_EQ(c->stats.tx_desc_reads, 3);

	/* GL_FLUSH_CACHE: its TEXTURE bit alone keeps the descriptor */
	desc_2d(d1, 4, 4, &a, 1, 0, 0);
	load1(c, S_GL_FLUSH, 1u << 2);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 3);
	EXPECT_EQ(c->stats.tx_desc_stale, 4);
	/* DESCRIPTOR_UNK12 drops it */
	load1(c, S_GL_FLUSH, 1u << 12);
	EXPECT_EQ(sample2d(c, 5, 0.6f, 0.1f, o), 0);
	EXPECT_TEXEL(o, 2, 0, 1);
	EXPECT_EQ(c->stats.tx_desc_reads, 4);
	EXPECT_EQ(c->stats.tx_desc_stale, 4);
}

/*
 * The same before HALTI5 (GC3000, NTE states): CONFIG1.USE_TS (bit 30)
 * reads through TS_SAMPLER_* of the sampler's own index, 64 bytes an
 * entry of the core's width (MINOR_FEATURE_0 2BITPERTILE: 2 bits)
 */
static void t_ts_nte(struct vgc_core *c)
{
	static const u8 entry[16] = { 1, 0, 2, 1, 1, 1, 0, 0,
				      3, 1, 0, 1, 0, 0, 1, 1 };
	const u32 clear = 0xff336699u;	/* bytes 99 66 33 ff */
	const u32 tsb = TEX + 0x10000;
	unsigned int bits = vgc_caps(c)->ts_bits;
	struct sampler s = {
		.n = 3,
		.cfg0 = cfg0(VGC_TEX_TYPE_2D, CLAMP, CLAMP,
			     VGC_TEX_FILTER_NEAREST, 0,
			     VGC_TEX_FILTER_NEAREST, FMT_A8B8G8R8, 0),
		.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR) | 1u << 30,
		.size = 16 | 16u << 16, .addr = { gpu(TEX) }, .levels = 1,
	};
	u32 x, y;
	float o[4];

	fill(TEX, 16, 16, 4);
	for (x = 0; x < 16; x++)
		mem[tsb + x * bits / 8] |= entry[x] << (x * bits % 8);
	program(c, &s, true);
	load1(c, VGC_TS_SAMPLER_STATUS_BASE(3), gpu(tsb));
	load1(c, VGC_TS_SAMPLER_CLEAR_VALUE(3), clear);
	for (y = 0; y < 16; y++)
		for (x = 0; x < 16; x++) {
			u32 n = tiled_off(x, y, 16, 4) / 64;

			EXPECT_EQ(sample2d(c, 3, (x + 0.5f) / 16,
					   (y + 0.5f) / 16, o), 0);
			if (entry[n] == 1)
				EXPECT_RGBA(o, 0x99 / 255.f, 0x66 / 255.f,
					    0x33 / 255.f, 1, 1e-6f);
			else
				EXPECT_TEXEL(o, x, y, 4);
		}
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

/* a descriptor outside memory: the lookup faults, the shader aborts */
static void t_fault(struct vgc_core *c)
{
	float o[4];

	load1(c, S_CTRL0(0), ctrl0(CLAMP, CLAMP, F_NEAREST, F_NONE,
				   F_NEAREST));
	load1(c, S_ADDR(0), gpu(MEM_SIZE + 0x1000));
	EXPECT_EQ(sample2d(c, 0, 0.5f, 0.5f, o), -1);
	EXPECT_EQ(c->stats.tx_faults, 1);
	EXPECT_EQ(c->stats.tx_unsupported, 0);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("txdesc-2d", t_2d, "gc7000");
	run_test("txdesc-mip", t_mip, "gc7000");
	run_test("txdesc-mip-none", t_mip_none, "gc7000");
	run_test("txdesc-half-float", t_half, "gc7000");
	run_test("txdesc-stale", t_stale, "gc7000");
	run_test("txdesc-ts", t_ts, "gc7000");
	run_test("tx-ts-nte", t_ts_nte, "gc3000");
	run_test("txdesc-fault", t_fault, "gc7000");

	return sim_test_end("sim-txdesc");
}
