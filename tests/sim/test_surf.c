// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's surface layouts (sim/vgc_surf.h: used by the resolve
 * engine, the pixel engine and the texture unit) against the resolve
 * engine's reference (tests/sim/refrs.c, written apart from the model
 * from the public layout descriptions, itself held to etna_viv's
 * diagrams by tests/sim/test_rs.c): every layout, pixel by pixel and
 * tile by tile, the runs of a row, the column and row forms of the
 * texture unit (compressed blocks too), the tile status entries of 2 and
 * 4 bits, and a 32-bit value repeating in memory.
 */
#include "sim_test.h"
#include "refrs.h"
#include "vgc_surf.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

static const struct {
	enum vgc_layout model;
	enum refrs_layout ref;
} layouts[] = {
	{ VGC_LINEAR, REFRS_LINEAR },
	{ VGC_TILED, REFRS_TILED },
	{ VGC_SUPER, REFRS_SUPERTILED },
	{ VGC_MULTI_TILED, REFRS_MULTI_TILED },
	{ VGC_MULTI_SUPER, REFRS_MULTI_SUPERTILED },
};

static uint32_t seed = 0x5eed1234;

/*
 * A surface of layout @i, @bpp bytes a pixel, @w pixels wide (a multiple
 * of 64), at random bases: the stride is what its layout says of @w.
 */
static void surf(struct vgc_surf *s, unsigned int i, unsigned int bpp,
		 unsigned int w)
{
	s->layout = layouts[i].model;
	s->bpp = bpp;
	s->stride = layouts[i].model == VGC_LINEAR ? w * bpp : 4 * w * bpp;
	s->base[0] = sim_rnd(&seed) & ~63u;
	s->base[1] = vgc_layout_multi(s->layout) ?
		     sim_rnd(&seed) & ~63u : s->base[0];
}

/*
 * vgc_surf_px() and vgc_surf_tile() give every pixel and tile of 128x256
 * surfaces (two by two multi-supertiled blocks) of each layout, 1 to 8 bytes a pixel, where the reference
 * puts them; each pixel's run is the pixels that follow it in memory.
 */
static void t_pixels(struct vgc_core *c)
{
	static const unsigned int bpps[] = { 1, 2, 4, 8 };
	unsigned int i, b, x, y, k;
	struct vgc_surf s;
	uint32_t a, run;

	for (i = 0; i < ARRAY_SIZE(layouts); i++) {
		for (b = 0; b < ARRAY_SIZE(bpps); b++) {
			surf(&s, i, bpps[b], 128);
			for (y = 0; y < 256; y++) {
				for (x = 0; x < 128; x++) {
					a = vgc_surf_px(&s, x, y, &run);
					EXPECT_EQ(a, refrs_pixel_addr(
						layouts[i].ref, s.bpp,
						s.stride, s.base, x, y));
					for (k = 1; k < run && x + k < 128 &&
					     k < 8; k++)
						EXPECT_EQ(refrs_pixel_addr(
							layouts[i].ref, s.bpp,
							s.stride, s.base,
							x + k, y),
							a + k * s.bpp);
					if (i == 0 || x % 4 || y % 4)
						continue;
					EXPECT_EQ(vgc_surf_tile(&s, x / 4,
								y / 4), a);
					EXPECT_EQ(vgc_tile_px(s.bpp, x + 3,
							      y + 2),
						  refrs_pixel_addr(
							layouts[i].ref, s.bpp,
							s.stride, s.base,
							x + 3, y + 2) - a);
				}
			}
			if (test_failed)
				return;
		}
	}
}

/* Far from the origin: coordinates and strides of hostile states. */
static void t_pixels_far(struct vgc_core *c)
{
	unsigned int i, n;
	struct vgc_surf s;
	uint32_t x, y, run;

	for (i = 0; i < ARRAY_SIZE(layouts); i++) {
		for (n = 0; n < 20000; n++) {
			surf(&s, i, 1u << (sim_rnd(&seed) % 4), 64);
			s.stride = sim_rnd(&seed) & 0x3ffff;
			x = sim_rnd(&seed) & 0xffff;
			y = sim_rnd(&seed) & 0xffff;
			EXPECT_EQ(vgc_surf_px(&s, x, y, &run),
				  refrs_pixel_addr(layouts[i].ref, s.bpp,
						   s.stride, s.base, x, y));
		}
	}
}

/*
 * The texture unit's forms: base + vgc_surf_col() + vgc_surf_row() is
 * the pixel's address in the linear, tiled and supertiled layouts; with
 * compressed 4x4 blocks, the address of the block, blocks in rows as the
 * pixels of a linear surface of blocks.
 */
static void t_col_row(struct vgc_core *c)
{
	static const unsigned int blocks[] = { 8, 16 };
	unsigned int i, n, bpp, tb;
	struct vgc_surf s;
	uint32_t x, y, a;

	for (i = 0; i < 3; i++) {
		for (n = 0; n < 100000; n++) {
			bpp = 1u << (sim_rnd(&seed) % 4);
			surf(&s, i, bpp, 64 << (sim_rnd(&seed) % 4));
			x = sim_rnd(&seed) % 4096;
			y = sim_rnd(&seed) % 4096;
			a = s.base[0] +
			    vgc_surf_col(s.layout, bpp, false, 16 * bpp, x) +
			    vgc_surf_row(s.layout, bpp, false, 16 * bpp,
					 s.stride, y);
			EXPECT_EQ(a, refrs_pixel_addr(layouts[i].ref, bpp,
						      s.stride, s.base, x, y));
		}
	}
	for (n = 0; n < 100000; n++) {
		tb = blocks[n & 1];
		surf(&s, 1, 4, 64 << (sim_rnd(&seed) % 4));	/* tiled */
		s.stride = s.stride / 64 * tb;	/* a row of blocks */
		x = sim_rnd(&seed) % 4096;
		y = sim_rnd(&seed) % 4096;
		a = s.base[0] + vgc_surf_col(VGC_TILED, tb, true, tb, x) +
		    vgc_surf_row(VGC_TILED, tb, true, tb, s.stride, y);
		EXPECT_EQ(a, refrs_pixel_addr(REFRS_LINEAR, tb, s.stride,
					      s.base, x / 4, y / 4));
	}
}

/*
 * The tile status entry of a surface byte, 2 and 4 bits an entry, in a
 * status buffer of random bytes.
 */
static void t_tile_status(struct vgc_core *c)
{
	static uint8_t bytes[4096];
	struct refrs_mem m = { bytes, 0x100000, sizeof(bytes) };
	struct vgc_ts ts;
	unsigned int bits, shift, n;
	uint32_t a, byte, e;

	for (n = 0; n < sizeof(bytes); n++)
		bytes[n] = sim_rnd(&seed);
	for (bits = 2; bits <= 4; bits += 2) {
		ts.bits = bits;
		ts.block = VGC_TS_BLOCK;
		ts.status = m.base;
		ts.surface = 0x12345600;
		for (n = 0; n < 100000; n++) {
			a = ts.surface + sim_rnd(&seed) % (4096 * 64 * 2 / bits);
			e = vgc_ts_index(&ts, a);
			vgc_ts_entry(&ts, e, &byte, &shift);
			EXPECT_EQ(byte - m.base < sizeof(bytes), 1);
			if (test_failed)
				return;
			EXPECT_EQ(vgc_ts_value(&ts, bytes[byte - m.base],
					       shift),
				  refrs_ts_entry(&m, ts.status, ts.surface,
						 bits, a));
		}
	}
}

/* A 32-bit value repeating in memory, from any address, any length. */
static void t_fill32(struct vgc_core *c)
{
	uint8_t got[64], want[72];
	uint32_t v, a, k;
	unsigned int n, len;

	for (n = 0; n < 1000; n++) {
		v = sim_rnd(&seed);
		a = sim_rnd(&seed);
		len = sim_rnd(&seed) % 64;
		/* the words from the one holding @a, little-endian */
		for (k = 0; k < sizeof(want); k++)
			want[k] = v >> (8 * (k % 4));
		vgc_fill32(got, a, v, len);
		EXPECT_EQ(memcmp(got, want + (a & 3), len), 0);
	}
}

int main(void)
{
	if (sim_test_begin())
		return 1;
	run_test("surf/pixels-and-tiles", t_pixels, "gc2000");
	run_test("surf/pixels-far", t_pixels_far, "gc2000");
	run_test("surf/column-and-row-forms", t_col_row, "gc2000");
	run_test("surf/tile-status-entries", t_tile_status, "gc2000");
	run_test("surf/fill32", t_fill32, "gc2000");
	return sim_test_end("sim-surf");
}
