// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's BLT engine (sim/vgc_blt.c) on the
 * GC7000L, against a per-pixel reference written here from the public
 * descriptions (rnndb state_blt.xml as Mesa 22.3's hw/state_blt.xml.h
 * carries it; what Mesa 22.3's etnaviv_blt.c loads: the level stride, a
 * row of pixels, for every layout; the tile status entries of
 * etnaviv_screen.h's etna_screen_get_tile_size()) and the rules
 * sim/doc/blt.md states, on the resolve engine's layout reference
 * (tests/sim/refrs.c: refrs_pixel_addr(), refrs_ts_entry_block()). Each
 * case programs the BLT in Mesa's order through a command stream, runs
 * it, runs the reference on a copy of memory taken before, and compares
 * all of memory but the command stream.
 */
#define MEM_SIZE	(8u << 20)
#include "sim_test.h"
#include "refrs.h"

#define CMD	0x1000u		/* command stream (not compared) */
#define CMP	0x100000u	/* memory compared: from here to the end */
#define SRC	0x100000u	/* source surface (up to 3 MiB) */
#define DST	0x400000u	/* destination surface (up to 3 MiB) */
#define STS	0x700000u	/* tile status of the source */
#define DTS	0x740000u	/* of the destination */
#define TS_SIZE	0x10000u

/* rnndb common.xml SYNC_RECIPIENT; state.xml GL.SEMAPHORE_TOKEN */
#define SYNC(from, to)	((from) | (to) << 8)

enum { CLEAR = 1, COPY = 2, INPLACE = 4 };	/* BLT_COMMAND values */

/* States Mesa 22.3 etnaviv_blt.c loads whose meaning no source gives */
#define BLT_UNK1409C	0x1409cu
#define BLT_UNK140A0	0x140a0u
#define BLT_UNK14058	0x14058u
#define BLT_UNK1405C	0x1405cu

/**
 * struct blt_case - one BLT operation, as Mesa's blt_*_op give it
 * @op: CLEAR, COPY or INPLACE
 * @fmt: BLT_FORMAT of a copy (both sides)
 * @bpp: bytes per pixel
 * @sl: source layout (linear, tiled, supertiled)
 * @dl: destination layout
 * @sstride: source level stride (bytes of a row of pixels)
 * @dstride: destination level stride
 * @sx: source position x
 * @sy: y
 * @dx: destination position x
 * @dy: y
 * @w: rectangle width
 * @h: height
 * @flip: FLIP_Y (copies)
 * @color: CLEAR_COLOR0/1
 * @bits: CLEAR_BITS0/1
 * @ts: the (source of a copy's, else destination's) tile status is on
 * @ts256: TS_MODE 256B (else 128B)
 * @tsclr: its clear value, *_TS_CLEAR_VALUE0/1
 * @tiles: BLT_INPLACE_TILE_COUNT
 * @endian: a BLT_CONFIG endian swap (unsupported)
 * @compress: a clear's COMPRESSION (Mesa on V4_COMPRESSION cores)
 */
struct blt_case {
	unsigned int op, fmt, bpp;
	enum refrs_layout sl, dl;
	uint32_t sstride, dstride;
	uint32_t sx, sy, dx, dy, w, h;
	bool flip;
	uint32_t color[2], bits[2];
	bool ts, ts256;
	uint32_t tsclr[2];
	uint32_t tiles;
	uint32_t endian;
	bool compress;
};

static uint32_t rng = 0x7a3c91e5;

static uint32_t rnd(void)
{
	return sim_rnd(&rng);
}

/* A format of @bpp bytes a pixel (rnndb state_blt.xml BLT_FORMAT). */
static unsigned int fmt_of(unsigned int bpp)
{
	switch (bpp) {
	case 1:
		return VGC_BLT_FMT_R8;
	case 2:
		return VGC_BLT_FMT_R5G6B5;
	case 4:
		return VGC_BLT_FMT_A8R8G8B8;
	}
	return VGC_BLT_FMT_A16R16G16B16;
}

/* ---- the reference ---- */

static uint32_t gbase;	/* GPU address of mem[0]: the MMU is off */

static uint8_t *at(uint8_t *m, uint32_t gpu)
{
	return m + (gpu - gbase);
}

/* Pixel (@x, @y) of a surface at @addr, @stride the level stride. */
static uint32_t ref_px(enum refrs_layout l, unsigned int bpp, uint32_t addr,
		       uint32_t stride, uint32_t x, uint32_t y)
{
	const uint32_t a[2] = { addr, addr };

	/* refrs: the stride of a row of tiles, 4 rows of pixels */
	return refrs_pixel_addr(l, bpp, l == REFRS_LINEAR ? stride :
				4 * stride, a, x, y);
}

/* Byte @i of the 8-byte pattern of @v (@wide: v[1] in bytes 4..7). */
static uint8_t pat(const uint32_t *v, bool wide, uint32_t i)
{
	return (i & 4) && wide ? v[1] >> 8 * (i & 3) : v[0] >> 8 * (i & 3);
}

struct ref_ts {
	uint32_t status, surface, block;
	const uint32_t *clear;
	bool wide;
};

static int ref_entry(uint8_t *m, const struct ref_ts *t, uint32_t addr)
{
	struct refrs_mem rm = { m, gbase, MEM_SIZE };

	return refrs_ts_entry_block(&rm, t->status, t->surface, 4, t->block,
				    addr);
}

static void ref_set0(uint8_t *m, const struct ref_ts *t, uint32_t addr)
{
	uint32_t e = (addr - t->surface) / t->block;

	*at(m, t->status + e / 2) &= e & 1 ? 0x0f : 0xf0;
}

/* Byte @addr as read through @t (NULL: memory). */
static uint8_t ref_read(uint8_t *m, const struct ref_ts *t, uint32_t addr)
{
	if (t && addr >= t->surface && ref_entry(m, t, addr) == 1)
		return pat(t->clear, t->wide, addr & 7);
	return *at(m, addr);
}

static void ref_run(uint8_t *m, const struct blt_case *k)
{
	uint32_t blk = k->ts256 ? 256 : 128, x, y, b, a, s, i, base;
	bool wide = k->bpp == 8;
	struct ref_ts t = { k->op == COPY ? gbase + STS : gbase + DTS,
			    k->op == COPY ? gbase + SRC : gbase + DST,
			    blk, k->tsclr, wide };
	uint8_t v;

	if (k->op == INPLACE) {
		for (i = 0; i < k->tiles; i++) {
			base = t.surface + i * blk;
			if (ref_entry(m, &t, base) == 1)
				for (b = 0; b < blk; b++)
					*at(m, base + b) =
						pat(k->tsclr, wide,
						    (base + b) & 7);
		}
		return;
	}
	for (y = 0; y < k->h; y++)
		for (x = 0; x < k->w; x++) {
			a = ref_px(k->dl, k->bpp, gbase + DST, k->dstride,
				   k->dx + x,
				   k->dy + (k->flip ? k->h - 1 - y : y));
			if (k->op == COPY) {
				s = ref_px(k->sl, k->bpp, gbase + SRC,
					   k->sstride, k->sx + x, k->sy + y);
				for (b = 0; b < k->bpp; b++)
					*at(m, a + b) = ref_read(m, k->ts ?
						&t : NULL, s + b);
				continue;
			}
			for (b = 0; b < k->bpp; b++) {
				if (k->ts && ref_entry(m, &t, a + b)) {
					/* the block into memory first */
					base = a + b - (a + b - t.surface) %
						       blk;
					if (ref_entry(m, &t, base) == 1)
						for (i = 0; i < blk; i++)
							*at(m, base + i) =
								pat(k->tsclr,
								    wide,
								    (base + i) &
								    7);
					ref_set0(m, &t, base);
				}
				v = pat(k->bits, wide, (a + b) & 7);
				*at(m, a + b) = (*at(m, a + b) & ~v) |
					(pat(k->color, wide, (a + b) & 7) & v);
			}
		}
}

/* ---- the command stream, in Mesa 22.3's order ---- */

static uint32_t q;

static void st(uint32_t reg, uint32_t val)
{
	q = emit_states(q, reg, &val, 1, 0);
}

static uint32_t stride_bits(enum refrs_layout l, unsigned int fmt,
			    uint32_t stride)
{
	return (l == REFRS_LINEAR ? 0 : 3u << 29) | fmt << 21 | stride;
}

/* Image config (rnndb BLT_IMAGE_CONFIG): TS, TS_MODE, supertiles. */
static uint32_t img_cfg(bool ts, bool ts256, bool super, bool dest)
{
	return (ts ? 1u : 0) | (ts256 ? 1u << 17 : 0) |
	       (super ? (dest ? 1u << 26 : 1u << 21) : 0) |
	       (dest ? 1u << 22 : 0) |
	       (0u << 9 | 1u << 11 | 2u << 13 | 3u << 15);	/* SWIZ_R..A */
}

/* Build @k's stream; @sync: the FE waits for the BLT (Mesa's etna_stall) */
static void build(const struct blt_case *k, bool flush, bool sync)
{
	uint32_t g = gbase, d = g + DST;
	unsigned int fmt = k->op == COPY ? k->fmt : fmt_of(k->bpp);

	q = CMD;
	st(VGC_BLT_ENABLE, 1);
	if (k->op == CLEAR) {
		st(VGC_BLT_CONFIG, (k->bpp - 1) << 7);
		st(VGC_BLT_DEST_STRIDE, stride_bits(k->dl, fmt, k->dstride));
		st(VGC_BLT_DEST_CONFIG, img_cfg(k->ts, k->ts256,
						k->dl == REFRS_SUPERTILED, 1) |
		   (k->compress ? 2u : 0));
		st(VGC_BLT_DEST_ADDR, d);
		st(VGC_BLT_SRC_STRIDE, stride_bits(k->dl, fmt, k->dstride));
		st(VGC_BLT_SRC_CONFIG, img_cfg(k->ts, k->ts256,
					       k->dl == REFRS_SUPERTILED, 0));
		st(VGC_BLT_SRC_ADDR, d);
		st(VGC_BLT_DEST_POS, k->dx | k->dy << 16);
		st(VGC_BLT_IMAGE_SIZE, k->w | k->h << 16);
		st(VGC_BLT_CLEAR_COLOR(0), k->color[0]);
		st(VGC_BLT_CLEAR_COLOR(1), k->color[1]);
		st(VGC_BLT_CLEAR_BITS(0), k->bits[0]);
		st(VGC_BLT_CLEAR_BITS(1), k->bits[1]);
		if (k->ts) {
			st(VGC_BLT_DEST_TS, g + DTS);
			st(VGC_BLT_SRC_TS, g + DTS);
			st(VGC_BLT_DEST_TS_CLEAR_VALUE(0), k->tsclr[0]);
			st(VGC_BLT_DEST_TS_CLEAR_VALUE(1), k->tsclr[1]);
			st(VGC_BLT_SRC_TS_CLEAR_VALUE(0), k->tsclr[0]);
			st(VGC_BLT_SRC_TS_CLEAR_VALUE(1), k->tsclr[1]);
		}
	} else if (k->op == COPY) {
		st(VGC_BLT_CONFIG, k->endian);
		st(VGC_BLT_SRC_STRIDE, stride_bits(k->sl, fmt, k->sstride));
		st(VGC_BLT_SRC_CONFIG, img_cfg(k->ts, k->ts256,
					       k->sl == REFRS_SUPERTILED, 0));
		st(VGC_BLT_SWIZZLE, 0x688u | 0x688u << 12);
		st(BLT_UNK140A0, 0x00040004);
		st(BLT_UNK1409C, 0x00400040);
		if (k->ts) {
			st(VGC_BLT_SRC_TS, g + STS);
			st(VGC_BLT_SRC_TS_CLEAR_VALUE(0), k->tsclr[0]);
			st(VGC_BLT_SRC_TS_CLEAR_VALUE(1), k->tsclr[1]);
		}
		st(VGC_BLT_SRC_ADDR, g + SRC);
		st(VGC_BLT_DEST_STRIDE, stride_bits(k->dl, fmt, k->dstride));
		st(VGC_BLT_DEST_CONFIG, img_cfg(false, false,
						k->dl == REFRS_SUPERTILED, 1) |
		   (k->flip ? 1u << 19 : 0));
		st(VGC_BLT_DEST_ADDR, d);
		st(VGC_BLT_SRC_POS, k->sx | k->sy << 16);
		st(VGC_BLT_DEST_POS, k->dx | k->dy << 16);
		st(VGC_BLT_IMAGE_SIZE, k->w | k->h << 16);
		st(BLT_UNK14058, ~0u);
		st(BLT_UNK1405C, ~0u);
	} else {
		st(VGC_BLT_CONFIG, (k->ts256 ? 1u << 10 : 0) | 1u << 11 |
		   (k->bpp == 8 ? 3u : k->bpp == 4 ? 2u : k->bpp == 2 ? 1u : 0)
		   << 15);
		st(VGC_BLT_DEST_TS_CLEAR_VALUE(0), k->tsclr[0]);
		st(VGC_BLT_DEST_TS_CLEAR_VALUE(1), k->tsclr[1]);
		st(VGC_BLT_DEST_ADDR, d);
		st(VGC_BLT_DEST_TS, g + DTS);
		st(VGC_BLT_INPLACE_TILE_COUNT, k->tiles);
	}
	st(VGC_BLT_SET_COMMAND, 3);
	st(VGC_BLT_COMMAND, k->op);
	if (flush)
		st(VGC_BLT_SET_COMMAND, 3);
	st(VGC_BLT_ENABLE, 0);
	if (sync) {
		st(VGC_BLT_ENABLE, 1);
		st(VGC_GL_SEMAPHORE_TOKEN, SYNC(VGC_SYNC_FE, VGC_SYNC_BLT));
		q = emit(q, OP_STALL, SYNC(VGC_SYNC_FE, VGC_SYNC_BLT));
		st(VGC_BLT_ENABLE, 0);
	}
}

static void go(struct vgc_core *c)
{
	unsigned int calls = 0;

	q = emit(q, OP_END, 0);
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, gbase + CMD);
	vgc_write(c, VGC_SEC_COMMAND_CONTROL,
		  VGC_FE_CONTROL_ENABLE | ((q - CMD) / 8));
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000)
		calls++;
	if (vgc_fe_get_state(c) != VGC_FE_IDLE)
		fail("the FE did not finish");
}

static uint8_t *ref_mem;

/* Random memory; tile status entries a random mix of 0 and 1. */
static void randomise(void)
{
	uint32_t i;

	for (i = CMP; i < MEM_SIZE; i += 4) {
		uint32_t r = rnd();

		memcpy(mem + i, &r, 4);
	}
	for (i = 0; i < TS_SIZE; i++) {
		mem[STS + i] &= 0x11;
		mem[DTS + i] &= 0x11;
	}
}

static bool compare(const char *what)
{
	uint32_t i;

	if (!memcmp(mem + CMP, ref_mem + CMP, MEM_SIZE - CMP))
		return true;
	for (i = CMP; i < MEM_SIZE; i++)
		if (mem[i] != ref_mem[i]) {
			fail("%s: byte 0x%x = 0x%02x, expected 0x%02x", what,
			     i, mem[i], ref_mem[i]);
			return false;
		}
	return true;
}

/* Run @k on the model and on the reference; compare. */
static bool check(struct vgc_core *c, const struct blt_case *k,
		  const char *what)
{
	u64 ops = c->stats.blt_ops;

	randomise();
	memcpy(ref_mem, mem, MEM_SIZE);
	ref_run(ref_mem, k);
	build(k, true, true);
	go(c);
	EXPECT_EQ(c->stats.blt_ops, ops + 1);
	EXPECT_EQ(c->stats.blt_unsupported, 0);
	return compare(what);
}

static void setup(struct vgc_core *c)
{
	setup_linear(c);
	gbase = (uint32_t)MEM_BASE;	/* MMUv2, the MMU off: physical */
}

/* A surface of @pw pixels a row, @bpp bytes a pixel. */
static void base_case(struct blt_case *k, unsigned int op, unsigned int bpp,
		      enum refrs_layout sl, enum refrs_layout dl)
{
	memset(k, 0, sizeof(*k));
	k->op = op;
	k->bpp = bpp;
	k->fmt = fmt_of(bpp);
	k->sl = sl;
	k->dl = dl;
	k->sstride = 128 * bpp;
	k->dstride = 128 * bpp;
	k->w = 128;
	k->h = 128;
	k->color[0] = 0x12345678;
	k->color[1] = 0x9abcdef0;
	k->bits[0] = ~0u;
	k->bits[1] = ~0u;
	k->tsclr[0] = 0xa5a5c3c3;
	k->tsclr[1] = 0x0ff0f00f;
}

static const enum refrs_layout layouts[] = {
	REFRS_LINEAR, REFRS_TILED, REFRS_SUPERTILED,
};
static const unsigned int bpps[] = { 1, 2, 4, 8 };

/* ---- tests ---- */

static void t_reference(struct vgc_core *c)
{
	struct blt_case k;
	uint32_t a;

	/*
	 * The reference's own facts: a clear of one 4-byte pixel at (5, 6)
	 * of a tiled surface lands in tile (1, 1), its row 2 column 1.
	 */
	setup(c);
	base_case(&k, CLEAR, 4, REFRS_TILED, REFRS_TILED);
	k.dx = 5;
	k.dy = 6;
	k.w = 1;
	k.h = 1;
	memset(mem, 0, MEM_SIZE);
	ref_run(mem, &k);
	a = DST + 128 * 4 * 4 + 16 * 4 + (2 * 4 + 1) * 4;
	EXPECT_EQ(mem[a], 0x78);
	EXPECT_EQ(mem[a + 3], 0x12);
	EXPECT_EQ(mem[a - 1] | mem[a + 4], 0);
}

static void t_clear(struct vgc_core *c)
{
	unsigned int l, b;
	struct blt_case k;
	char what[64];

	setup(c);
	for (l = 0; l < ARRAY_SIZE(layouts); l++)
		for (b = 0; b < ARRAY_SIZE(bpps); b++) {
			base_case(&k, CLEAR, bpps[b], layouts[l], layouts[l]);
			k.dx = 3;
			k.dy = 5;
			k.w = 77;
			k.h = 70;
			snprintf(what, sizeof(what), "layout %u bpp %u", l,
				 bpps[b]);
			if (!check(c, &k, what))
				return;
		}
	EXPECT_EQ(c->stats.blt_pixels, 12 * 77 * 70);
}

static void t_clear_masks(struct vgc_core *c)
{
	static const uint32_t masks[][2] = {
		{ 0xffffff00, 0xffffff00 },	/* depth of D24S8 */
		{ 0x000000ff, 0x000000ff },	/* stencil */
		{ 0x0000ffff, 0xffff0000 },
	};
	unsigned int i, b;
	struct blt_case k;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(masks); i++)
		for (b = 2; b < ARRAY_SIZE(bpps); b++) {
			base_case(&k, CLEAR, bpps[b], REFRS_SUPERTILED,
				  REFRS_SUPERTILED);
			k.bits[0] = masks[i][0];
			k.bits[1] = masks[i][1];
			if (!check(c, &k, "masked clear"))
				return;
		}
}

static void t_clear_ts(struct vgc_core *c)
{
	unsigned int l, b, m;
	struct blt_case k;

	setup(c);
	for (m = 0; m < 2; m++)
		for (l = 1; l < ARRAY_SIZE(layouts); l++)
			for (b = 0; b < ARRAY_SIZE(bpps); b++) {
				base_case(&k, CLEAR, bpps[b], layouts[l],
					  layouts[l]);
				k.ts = true;
				k.ts256 = m;
				/* a part of the surface: blocks half in it */
				k.dx = 6;
				k.dy = 2;
				k.w = 50;
				k.h = 61;
				k.bits[0] = b & 1 ? 0xff00ff00 : ~0u;
				k.compress = b & 2;
				if (!check(c, &k, "clear through the TS"))
					return;
			}
	if (!c->stats.blt_ts_cleared)
		fail("no cleared block met");
}

static void t_copy(struct vgc_core *c)
{
	unsigned int s, d, b;
	struct blt_case k;
	char what[64];

	setup(c);
	for (s = 0; s < ARRAY_SIZE(layouts); s++)
		for (d = 0; d < ARRAY_SIZE(layouts); d++)
			for (b = 0; b < ARRAY_SIZE(bpps); b++) {
				base_case(&k, COPY, bpps[b], layouts[s],
					  layouts[d]);
				k.sx = 9;
				k.sy = 4;
				k.dx = 1;
				k.dy = 13;
				k.w = 67;
				k.h = 45;
				snprintf(what, sizeof(what),
					 "copy %u -> %u, bpp %u", s, d,
					 bpps[b]);
				if (!check(c, &k, what))
					return;
			}
}

static void t_copy_formats(struct vgc_core *c)
{
	static const unsigned int fmts[] = {
		VGC_BLT_FMT_A4R4G4B4, VGC_BLT_FMT_X1R5G5B5,
		VGC_BLT_FMT_X8R8G8B8, VGC_BLT_FMT_A2R10G10B10,
		VGC_BLT_FMT_X24S8, VGC_BLT_FMT_D16, VGC_BLT_FMT_A8,
		VGC_BLT_FMT_R8G8,
	};
	static const unsigned int bpp[] = { 2, 2, 4, 4, 4, 2, 1, 2 };
	unsigned int i;
	struct blt_case k;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		base_case(&k, COPY, bpp[i], REFRS_SUPERTILED, REFRS_LINEAR);
		k.fmt = fmts[i];
		if (!check(c, &k, "format"))
			return;
	}
}

static void t_copy_flip(struct vgc_core *c)
{
	struct blt_case k;

	setup(c);
	base_case(&k, COPY, 4, REFRS_LINEAR, REFRS_TILED);
	k.flip = true;
	k.sy = 7;
	k.h = 57;
	check(c, &k, "FLIP_Y");
}

static void t_copy_ts(struct vgc_core *c)
{
	unsigned int m, b;
	struct blt_case k;

	setup(c);
	for (m = 0; m < 2; m++)
		for (b = 0; b < ARRAY_SIZE(bpps); b++) {
			base_case(&k, COPY, bpps[b], REFRS_SUPERTILED,
				  REFRS_LINEAR);
			k.ts = true;
			k.ts256 = m;
			k.sx = 2;
			k.w = 100;
			if (!check(c, &k, "copy through the TS"))
				return;
		}
	if (!c->stats.blt_ts_cleared)
		fail("no cleared block read");
}

static void t_inplace(struct vgc_core *c)
{
	unsigned int m, b;
	struct blt_case k;

	setup(c);
	for (m = 0; m < 2; m++)
		for (b = 0; b < ARRAY_SIZE(bpps); b++) {
			base_case(&k, INPLACE, bpps[b], REFRS_SUPERTILED,
				  REFRS_SUPERTILED);
			k.ts256 = m;
			k.tiles = 1000 + 17 * b;
			if (!check(c, &k, "in-place resolve"))
				return;
		}
}

static void t_random(struct vgc_core *c)
{
	unsigned int i, pw, ph;
	struct blt_case k;

	setup(c);
	for (i = 0; i < 150; i++) {
		base_case(&k, 1u << (rnd() % 3), bpps[rnd() % 4],
			  layouts[rnd() % 3], layouts[rnd() % 3]);
		if (k.op == CLEAR)
			k.sl = k.dl;
		pw = 64 * (1 + rnd() % 3);
		ph = 64 * (1 + rnd() % 3);
		k.sstride = pw * k.bpp;
		k.dstride = pw * k.bpp;
		k.w = 1 + rnd() % pw;
		k.h = 1 + rnd() % ph;
		k.sx = rnd() % (pw - k.w + 1);
		k.sy = rnd() % (ph - k.h + 1);
		k.dx = rnd() % (pw - k.w + 1);
		k.dy = rnd() % (ph - k.h + 1);
		k.flip = k.op == COPY && (rnd() & 1);
		k.ts = k.op == INPLACE || (rnd() & 1);
		k.ts256 = rnd() & 1;
		k.color[0] = rnd();
		k.color[1] = rnd();
		k.bits[0] = rnd() & 1 ? ~0u : rnd();
		k.bits[1] = rnd() & 1 ? ~0u : rnd();
		k.tsclr[0] = rnd();
		k.tsclr[1] = rnd();
		k.tiles = rnd() % 2048;
		if (!check(c, &k, "random"))
			return;
	}
}

/* Commands the model does not run, and a BLT left off: nothing moves. */
static void t_refused(struct vgc_core *c)
{
	struct blt_case k;

	setup(c);
	randomise();
	memcpy(ref_mem, mem, MEM_SIZE);
	base_case(&k, COPY, 4, REFRS_LINEAR, REFRS_LINEAR);
	k.endian = 2;			/* SRC_ENDIAN */
	build(&k, true, true);
	go(c);
	EXPECT_EQ(c->stats.blt_unsupported, 1);
	base_case(&k, CLEAR, 4, REFRS_LINEAR, REFRS_LINEAR);
	build(&k, true, true);
	/* BLT_ENABLE off at the command: the first word loaded is patched */
	w32(CMD)[1] = 0;
	go(c);
	EXPECT_EQ(c->stats.blt_disabled, 1);
	EXPECT_EQ(c->stats.blt_ops, 0);
	compare("refused");
}

/* A core without the BLT engine ignores its command. */
static void t_no_blt(struct vgc_core *c)
{
	struct blt_case k;
	unsigned int calls = 0;

	setup(c);
	gbase = 0;	/* MMUv1: the linear window */
	randomise();
	memcpy(ref_mem, mem, MEM_SIZE);
	base_case(&k, CLEAR, 4, REFRS_LINEAR, REFRS_LINEAR);
	build(&k, true, true);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000)
		calls++;
	EXPECT_EQ(c->stats.blt_unsupported, 1);
	EXPECT_EQ(c->stats.blt_ops, 0);
	compare("no BLT engine");
}

/* The FE<->BLT semaphores and the BLT flush, as counted at an event. */
static void t_sync(struct vgc_core *c)
{
	struct blt_case k;

	setup(c);
	base_case(&k, CLEAR, 4, REFRS_LINEAR, REFRS_LINEAR);
	k.w = 16;
	k.h = 4;
	/* Mesa's order: flushed, the FE waits: nothing counted */
	build(&k, true, true);
	q = emit_states(q, VGC_GL_EVENT, (const uint32_t[]){ 1 }, 1, 0);
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 0);
	EXPECT_EQ(c->stats.blt_unflushed, 0);
	/* no stall before the event */
	build(&k, true, false);
	q = emit_states(q, VGC_GL_EVENT, (const uint32_t[]){ 1 }, 1, 0);
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 1);
	EXPECT_EQ(c->stats.blt_unflushed, 0);
	/* no flush after the command */
	build(&k, false, true);
	q = emit_states(q, VGC_GL_EVENT, (const uint32_t[]){ 1 }, 1, 0);
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 1);
	EXPECT_EQ(c->stats.blt_unflushed, 1);
	/* a stall without the semaphore does not wait */
	build(&k, true, false);
	q = emit(q, OP_STALL, SYNC(VGC_SYNC_FE, VGC_SYNC_BLT));
	q = emit_states(q, VGC_GL_EVENT, (const uint32_t[]){ 1 }, 1, 0);
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 2);
	/* the RA waits (Mesa's clear): a draw is ordered, an event not */
	build(&k, true, false);
	st(VGC_BLT_ENABLE, 1);
	st(VGC_GL_SEMAPHORE_TOKEN, SYNC(VGC_SYNC_RA, VGC_SYNC_BLT));
	st(VGC_GL_STALL_TOKEN, SYNC(VGC_SYNC_RA, VGC_SYNC_BLT));
	st(VGC_BLT_ENABLE, 0);
	q = emit(q, 0x28000000u, 4);	/* DRAW_PRIMITIVES: triangles */
	q = emit(q, 0, 0);		/* of no vertex */
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 2);
	q = CMD;
	q = emit_states(q, VGC_GL_EVENT, (const uint32_t[]){ 1 }, 1, 0);
	go(c);
	EXPECT_EQ(c->stats.blt_unsynced, 3);
}

/* A fault ends the operation; what was written before stays. */
static void t_fault(struct vgc_core *c)
{
	struct blt_case k;

	setup(c);
	base_case(&k, CLEAR, 4, REFRS_LINEAR, REFRS_LINEAR);
	k.dstride = 0x10000;	/* row 64 on lies past the memory */
	build(&k, true, true);
	go(c);
	EXPECT_EQ(c->stats.blt_aborted, 1);
	EXPECT_EQ(c->stats.blt_pixels, 128 * 64);
	EXPECT_EQ(mem[DST + 63 * 0x10000 + 127 * 4], 0x78);
}

int main(void)
{
	static const struct {
		const char *name;
		void (*fn)(struct vgc_core *c);
		const char *core;
	} tests[] = {
		{ "blt/reference", t_reference, "gc7000" },
		{ "blt/clear", t_clear, "gc7000" },
		{ "blt/clear-masks", t_clear_masks, "gc7000" },
		{ "blt/clear-ts", t_clear_ts, "gc7000" },
		{ "blt/copy", t_copy, "gc7000" },
		{ "blt/copy-formats", t_copy_formats, "gc7000" },
		{ "blt/copy-flip", t_copy_flip, "gc7000" },
		{ "blt/copy-ts", t_copy_ts, "gc7000" },
		{ "blt/inplace", t_inplace, "gc7000" },
		{ "blt/random", t_random, "gc7000" },
		{ "blt/refused", t_refused, "gc7000" },
		{ "blt/no-blt-engine", t_no_blt, "gc2000" },
		{ "blt/sync", t_sync, "gc7000" },
		{ "blt/fault", t_fault, "gc7000" },
	};
	unsigned int i;

	if (sim_test_begin())
		return 1;
	ref_mem = malloc(MEM_SIZE);
	if (!ref_mem)
		return 1;
	for (i = 0; i < ARRAY_SIZE(tests); i++)
		run_test(tests[i].name, tests[i].fn, tests[i].core);
	free(ref_mem);
	return sim_test_end("sim-blt");
}
