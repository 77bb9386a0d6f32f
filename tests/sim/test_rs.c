// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's resolve engine (RS) and the tile
 * status (TS) it reads, against the reference in tests/sim/refrs.c: each
 * case programs the RS the way Mesa 22.3 does (etnaviv_rs.c:
 * etna_compile_rs_state(), etna_submit_rs_state(), etna_try_rs_blit();
 * etnaviv_surface.c for the TS clear) through a command stream, runs it on
 * the core, runs the reference on a copy of memory, and compares all of
 * memory but the command stream, so a byte written anywhere it should not
 * be also fails.
 */
#include <time.h>

#define MEM_SIZE	(8u << 20)
#include "sim_test.h"
#include "refrs.h"
#include "vgc_mmu.h"

#define CMD	0x1000u		/* command stream (not compared) */
#define CMP	0x100000u	/* memory compared: from here to the end */
#define SRC	0x100000u	/* source surface (up to 3 MiB) */
#define DST	0x400000u	/* destination surface (up to 3 MiB) */
#define TSB	0x700000u	/* tile status of the source */
#define TS_SIZE	0x10000u
#define JUNK	0x780000u	/* what a stale RS_PIPE_*_ADDR(1) points to */

/* TS_FLUSH_CACHE.FLUSH (etna_viv rnndb/state_3d.xml) */
#define TS_FLUSH	1u

/**
 * struct rs_core - what a test needs to know of the core
 * @name: as vgc_ident_find() knows it
 * @pipes: pixel pipes (hw/cores.db: SPECS.PIXEL_PIPES)
 * @single_buffer: MINOR_FEATURE_4 SINGLE_BUFFER (hw/cores.db): Mesa
 *	sets RS_SINGLE_BUFFER and never splits the window
 */
struct rs_core {
	const char *name;
	unsigned int pipes;
	bool single_buffer;
};

static const struct rs_core cores[] = {
	{ "gc2000", 2, false },
	{ "gc880", 1, false },
	{ "gc3000", 2, true },
};

/*
 * GPU address of mem[0]: MMUv1 cores reach memory through the linear
 * window (MEMORY_BASE = MEM_BASE), MMUv2 cores with the MMU off use
 * physical addresses.
 */
static uint32_t gbase;

static void set_base(struct vgc_core *c)
{
	setup_linear(c);
	gbase = vgc_has_mmuv2(c) ? (uint32_t)MEM_BASE : 0;
}

static const struct rs_core *core_of(struct vgc_core *c)
{
	const struct vgc_ident *id = vgc_get_ident(c);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cores); i++)
		if (vgc_ident_find(cores[i].name) == id)
			return &cores[i];
	return &cores[1];
}

/**
 * struct rs_case - one blit or fill, as Mesa's struct rs_state gives it
 * @fmt: RS_FORMAT of both surfaces
 * @sl: source layout
 * @dl: destination layout
 * @sw: source padded width (pixels)
 * @sh: source padded height
 * @dw: destination padded width
 * @dh: destination padded height
 * @w: width of the operation
 * @h: height of the operation (before Mesa halves it for two pipes)
 * @src: source address (0: SRC)
 * @dst: destination address (0: DST)
 * @dst_stride: destination level stride if not 0 (else @dw * bpp)
 * @flip: RS_CONFIG.FLIP
 * @swap_rb: RS_CONFIG.SWAP_RB
 * @fill: RS_CLEAR_CONTROL mode ENABLED1 rather than a copy
 * @bits: RS_CLEAR_CONTROL.BITS of a fill
 * @value: RS_FILL_VALUE(0..3) of a fill
 * @ts: the source has a valid TS: TS_MEM_CONFIG COLOR_FAST_CLEAR
 * @ts_value: TS_COLOR_CLEAR_VALUE
 * @ts_all_cleared: every TS entry 1 (else a random mix of 0 and 1)
 */
struct rs_case {
	unsigned int fmt;
	enum refrs_layout sl, dl;
	unsigned int sw, sh, dw, dh;
	unsigned int w, h;
	uint32_t src, dst, dst_stride;
	bool flip, swap_rb;
	bool fill;
	uint32_t bits, value;
	bool ts;
	uint32_t ts_value;
	bool ts_all_cleared;
};

static uint32_t rng = 0x2545f491;

static uint32_t rnd(void)
{
	return sim_rnd(&rng);
}

/* @off and @len multiples of 4 */
static void fill_random(uint32_t off, size_t len)
{
	size_t i;

	for (i = 0; i < len; i += 4)
		*(uint32_t *)(mem + off + i) = rnd();
}

static void defaults(struct rs_case *k)
{
	memset(k, 0, sizeof(*k));
	k->fmt = VGC_RS_FMT_A8R8G8B8;
	k->sl = k->dl = REFRS_LINEAR;
	k->sw = k->dw = 64;
	k->sh = k->dh = 32;
	k->w = 64;
	k->h = 32;
}

static unsigned int bpp_of(unsigned int fmt)
{
	return fmt >= VGC_RS_FMT_X8R8G8B8 ? 4 : 2;
}

static bool multi(enum refrs_layout l)
{
	return l == REFRS_MULTI_TILED || l == REFRS_MULTI_SUPERTILED;
}

static bool super(enum refrs_layout l)
{
	return l == REFRS_SUPERTILED || l == REFRS_MULTI_SUPERTILED;
}

/* The RS stride register of a level stride (Mesa etna_compile_rs_state) */
static uint32_t rs_stride(enum refrs_layout l, uint32_t level_stride)
{
	if (l == REFRS_LINEAR)
		return level_stride;
	return level_stride << 2 | (super(l) ? VGC_RS_STRIDE_TILING : 0) |
	       (multi(l) ? VGC_RS_STRIDE_MULTI : 0);
}

/* The states Mesa computes for @k on core @rc (etna_compile_rs_state). */
static void compile(const struct rs_case *k, const struct rs_core *rc,
		    struct refrs_state *s)
{
	unsigned int bpp = bpp_of(k->fmt);
	uint32_t sstride = k->sw * bpp;
	uint32_t dstride = k->dst_stride ? k->dst_stride : k->dw * bpp;
	uint32_t src = gbase + (k->src ? k->src : SRC);
	uint32_t dst = gbase + (k->dst ? k->dst : DST);

	memset(s, 0, sizeof(*s));
	/* SOURCE_FORMAT is bits 4:0, DEST_FORMAT bits 12:8 */
	s->config = k->fmt | k->fmt << 8 |
		    (k->sl != REFRS_LINEAR ? VGC_RS_CFG_SRC_TILED : 0) |
		    (k->dl != REFRS_LINEAR ? VGC_RS_CFG_DST_TILED : 0) |
		    (k->swap_rb ? VGC_RS_CFG_SWAP_RB : 0) |
		    (k->flip ? VGC_RS_CFG_FLIP : 0);
	s->source_stride = rs_stride(k->sl, sstride);
	s->dest_stride = rs_stride(k->dl, dstride);
	s->source_addr = src;
	s->dest_addr = dst;
	s->pipe_source_addr[0] = src;
	s->pipe_source_addr[1] = multi(k->sl) ? src + sstride * k->sh / 2 :
						 gbase + JUNK;
	s->pipe_dest_addr[0] = dst;
	s->pipe_dest_addr[1] = multi(k->dl) ? dst + dstride * k->dh / 2 :
					       gbase + JUNK;
	/* WINDOW_SIZE: WIDTH bits 15:0, HEIGHT bits 31:16 */
	s->window_size = k->h << 16 | k->w;
	if (rc->pipes == 2 && !rc->single_buffer && !(k->h & 7)) {
		s->window_size = (k->h / 2) << 16 | k->w;
		s->pipe_offset[1] = (k->h / 2) << 16;	/* OFFSET_Y */
	}
	s->dither[0] = s->dither[1] = 0xffffffff;
	if (k->fill) {
		/* MODE is bits 17:16 */
		s->clear_control = VGC_RS_CLEAR_ENABLED1 << 16 | k->bits;
		s->fill_value[0] = s->fill_value[1] = k->value;
		s->fill_value[2] = s->fill_value[3] = k->value;
	}
	s->single_buffer = rc->single_buffer;
	if (k->ts) {
		s->ts_mem_config = VGC_TS_COLOR_FAST_CLEAR;
		s->ts_color_status_base = gbase + TSB;
		s->ts_color_surface_base = src;
		s->ts_color_clear_value = k->ts_value;
	}
}

/* build() leaves out the TS flush (a client that forgets it) */
static bool skip_ts_flush;

static void state(uint32_t *q, uint32_t reg, uint32_t val)
{
	*q = emit(*q, ls(reg, 1), val);
}

/* The command stream of @s at CMD, in etna_submit_rs_state()'s order. */
static void build(const struct refrs_state *s, const struct rs_core *rc)
{
	uint32_t q = CMD;

	state(&q, VGC_GL_PIPE_SELECT, 0);	/* 3D */
	if (rc->single_buffer)
		state(&q, VGC_RS_SINGLE_BUFFER, 1);	/* ENABLE */
	if (rc->pipes == 2) {
		/* what an earlier operation may have left there */
		state(&q, VGC_RS_PIPE_SOURCE_ADDR(1), gbase + JUNK);
		state(&q, VGC_RS_PIPE_DEST_ADDR(1), gbase + JUNK);
	}
	if (s->ts_mem_config) {
		if (!skip_ts_flush)
			state(&q, VGC_TS_FLUSH_CACHE, TS_FLUSH);
		state(&q, VGC_TS_MEM_CONFIG, s->ts_mem_config);
		state(&q, VGC_TS_COLOR_STATUS_BASE, s->ts_color_status_base);
		state(&q, VGC_TS_COLOR_SURFACE_BASE,
		      s->ts_color_surface_base);
		state(&q, VGC_TS_COLOR_CLEAR_VALUE, s->ts_color_clear_value);
	} else {
		state(&q, VGC_TS_MEM_CONFIG, 0);
	}
	state(&q, VGC_RS_CONFIG, s->config);
	if (rc->pipes == 2) {
		state(&q, VGC_RS_SOURCE_STRIDE, s->source_stride);
		state(&q, VGC_RS_DEST_STRIDE, s->dest_stride);
		state(&q, VGC_RS_PIPE_SOURCE_ADDR(0), s->pipe_source_addr[0]);
		if (s->source_stride & VGC_RS_STRIDE_MULTI)
			state(&q, VGC_RS_PIPE_SOURCE_ADDR(1),
			      s->pipe_source_addr[1]);
		state(&q, VGC_RS_PIPE_DEST_ADDR(0), s->pipe_dest_addr[0]);
		if (s->dest_stride & VGC_RS_STRIDE_MULTI)
			state(&q, VGC_RS_PIPE_DEST_ADDR(1),
			      s->pipe_dest_addr[1]);
		state(&q, VGC_RS_PIPE_OFFSET(0), s->pipe_offset[0]);
		state(&q, VGC_RS_PIPE_OFFSET(1), s->pipe_offset[1]);
	} else {
		state(&q, VGC_RS_SOURCE_ADDR, s->source_addr);
		state(&q, VGC_RS_SOURCE_STRIDE, s->source_stride);
		state(&q, VGC_RS_DEST_ADDR, s->dest_addr);
		state(&q, VGC_RS_DEST_STRIDE, s->dest_stride);
	}
	state(&q, VGC_RS_WINDOW_SIZE, s->window_size);
	state(&q, VGC_RS_DITHER(0), s->dither[0]);
	state(&q, VGC_RS_DITHER(1), s->dither[1]);
	state(&q, VGC_RS_CLEAR_CONTROL, s->clear_control);
	state(&q, VGC_RS_FILL_VALUE(0), s->fill_value[0]);
	state(&q, VGC_RS_FILL_VALUE(1), s->fill_value[1]);
	state(&q, VGC_RS_FILL_VALUE(2), s->fill_value[2]);
	state(&q, VGC_RS_FILL_VALUE(3), s->fill_value[3]);
	state(&q, VGC_RS_EXTRA_CONFIG, s->extra_config);
	state(&q, VGC_RS_KICKER, 0xbeebbeeb);
	emit(q, OP_END, 0);
}

static uint32_t build_len(void)
{
	uint32_t q = CMD;

	while (w32(q)[0] != OP_END)
		q += 8;
	return (q - CMD) / 8 + 1;
}

/* Run the core until the FE is idle; the number of vgc_fe_run() calls. */
static unsigned int run_idle(struct vgc_core *c)
{
	unsigned int calls = 0;

	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000)
		calls++;
	return calls;
}

/* The reference's copy of memory (allocated once). */
static uint8_t *ref_mem;

/* Random memory; TS entries a random mix of 0 (in memory) and 1 (clear). */
static void randomise(void)
{
	uint32_t i;

	fill_random(CMP, MEM_SIZE - CMP);
	for (i = 0; i < TS_SIZE; i++)
		mem[TSB + i] &= 0x55;
}

static const char *area(uint32_t a)
{
	if (a >= TSB && a < TSB + TS_SIZE)
		return "TS";
	if (a >= JUNK)
		return "beyond";
	if (a >= DST)
		return "destination";
	return "source";
}

/* Compare the model's memory with the reference's from CMP on. */
static bool compare(const uint8_t *ref, const char *what)
{
	uint32_t i;

	if (!memcmp(mem + CMP, ref + CMP, MEM_SIZE - CMP))
		return true;
	for (i = CMP; i < MEM_SIZE; i++)
		if (mem[i] != ref[i]) {
			fail("%s: byte 0x%x (%s) = 0x%02x, expected 0x%02x",
			     what, i, area(i), mem[i], ref[i]);
			return false;
		}
	return true;
}

/*
 * Program @k on @c, run it, run the reference on a copy of the memory
 * taken before, compare. Memory is randomised first.
 */
static bool check(struct vgc_core *c, const struct rs_case *k,
		  const char *what)
{
	const struct rs_core *rc = core_of(c);
	struct refrs_state s;
	struct refrs_mem rm;
	enum refrs_result r;
	uint8_t *ref;
	bool ok;

	set_base(c);
	randomise();
	if (k->ts_all_cleared)
		memset(mem + TSB, 0x55, TS_SIZE);
	compile(k, rc, &s);
	build(&s, rc);
	ref = ref_mem;
	memcpy(ref, mem, MEM_SIZE);
	rm = (struct refrs_mem){ ref, gbase, MEM_SIZE };
	r = refrs_run(&s, rc->pipes, &rm);
	if (r != REFRS_OK) {
		fail("%s: reference: %s", what, refrs_result_name(r));
		return false;
	}
	start(c, gbase + CMD, build_len());
	run_idle(c);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	EXPECT_EQ(c->stats.mmu_faults + c->stats.bus_errors, 0);
	ok = compare(ref, what) && !test_failed;
	return ok;
}

/* ---- the reference against the diagrams it was written from ---------- */

/* Where the reference puts tile (tx, ty) of a surface 64 pixels wide at
 * 4 bytes per pixel: pipe (second base at 1 MiB) and tile number. */
static void tile_at(enum refrs_layout l, unsigned int tx, unsigned int ty,
		    unsigned int *pipe, unsigned int *n)
{
	static const uint32_t base[2] = { 0, 0x100000 };
	uint32_t a = refrs_pixel_addr(l, 4, 64 * 4 * 4, base, 4 * tx, 4 * ty);

	*pipe = a >= base[1];
	*n = (a - base[*pipe]) / 64;
}

/*
 * etna_viv doc/hardware.md: the tile, supertile and multi-(super)tile
 * diagrams, transcribed (the multi-supertile's three typos corrected as
 * the pattern of their neighbours says).
 */
static void t_reference_layouts(struct vgc_core *c)
{
	static const unsigned char super[6][16] = {
		{ 0, 1, 8, 9, 16, 17, 24, 25, 32, 33, 40, 41, 48, 49, 56, 57 },
		{ 2, 3, 10, 11, 18, 19, 26, 27, 34, 35, 42, 43, 50, 51, 58,
		  59 },
		{ 4, 5, 12, 13, 20, 21, 28, 29, 36, 37, 44, 45, 52, 53, 60,
		  61 },
		{ 6, 7, 14, 15, 22, 23, 30, 31, 38, 39, 46, 47, 54, 55, 62,
		  63 },
		{ 64, 65, 72, 73, 80, 81, 88, 89, 96, 97, 104, 105, 112, 113,
		  120, 121 },
		{ 198, 199, 206, 207, 214, 215, 222, 223, 230, 231, 238, 239,
		  246, 247, 254, 255 },	/* the last row, 15 */
	};
	static const unsigned char super_rows[6] = { 0, 1, 2, 3, 4, 15 };
	/* pipe * 1000 + tile: the first eight columns */
	static const unsigned short msuper[10][8] = {
		{ 0, 1, 1000, 1001, 16, 17, 1016, 1017 },
		{ 1008, 1009, 8, 9, 1024, 1025, 24, 25 },
		{ 2, 3, 1002, 1003, 18, 19, 1018, 1019 },
		{ 1010, 1011, 10, 11, 1026, 1027, 26, 27 },
		{ 4, 5, 1004, 1005, 20, 21, 1020, 1021 },
		{ 1012, 1013, 12, 13, 1028, 1029, 28, 29 },
		{ 6, 7, 1006, 1007, 22, 23, 1022, 1023 },
		{ 1014, 1015, 14, 15, 1030, 1031, 30, 31 },
		{ 64, 65, 1064, 1065, 80, 81, 1080, 1081 },
		{ 1206, 1207, 206, 207, 1222, 1223, 222, 223 },	/* row 31 */
	};
	static const unsigned char msuper_rows[10] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 31 };
	/* multi-tiled, 16 pixels wide: 0T0 1T0 0T2 1T2 / 1T1 0T1 1T3 0T3 */
	static const unsigned short mtiled[2][4] = {
		{ 0, 1000, 2, 1002 }, { 1001, 1, 1003, 3 } };
	static const uint32_t base[2] = { 0, 0x100000 };
	unsigned int x, y, p, n;

	/* tiled: tile 1 holds pixels 0..15 row by row, tile 2 16..31 */
	for (y = 0; y < 4; y++)
		for (x = 0; x < 8; x++)
			EXPECT_EQ(refrs_pixel_addr(REFRS_TILED, 4, 4 * 4 * 16,
						   base, x, y) / 4,
				  (x / 4) * 16 + y * 4 + x % 4);
	for (y = 0; y < ARRAY_SIZE(super_rows); y++)
		for (x = 0; x < 16; x++) {
			tile_at(REFRS_SUPERTILED, x, super_rows[y], &p, &n);
			EXPECT_EQ(p * 1000 + n, super[y][x]);
		}
	for (y = 0; y < ARRAY_SIZE(msuper_rows); y++)
		for (x = 0; x < 8; x++) {
			tile_at(REFRS_MULTI_SUPERTILED, x, msuper_rows[y], &p,
				&n);
			EXPECT_EQ(p * 1000 + n, msuper[y][x]);
		}
	for (y = 0; y < 2; y++)
		for (x = 0; x < 4; x++) {
			uint32_t a = refrs_pixel_addr(REFRS_MULTI_TILED, 4,
						      16 * 4 * 4, base,
						      4 * x, 4 * y);

			p = a >= base[1];
			EXPECT_EQ(p * 1000 + (a - base[p]) / 64,
				  mtiled[y][x]);
		}
	/* the second band of tiles follows the first in each half */
	EXPECT_EQ(refrs_pixel_addr(REFRS_MULTI_TILED, 4, 16 * 4 * 4, base,
				   0, 8), 16 * 4 * 4);
	/* Mesa etna_compute_tileoffset(): supertile (1, 1) of a 128-wide
	 * surface at 4 bytes per pixel: y * stride + 4 * (x << 6) */
	EXPECT_EQ(refrs_pixel_addr(REFRS_SUPERTILED, 4, 128 * 4 * 4, base,
				   64, 64), 64 * 128 * 4 + 4 * (64 << 6));
}

/* The reference's fill masks, fast clear and refusals, on small memory. */
static void t_reference_ops(struct vgc_core *c)
{
	uint8_t m[4096];
	struct refrs_mem rm = { m, 0x1000, sizeof(m) };
	struct refrs_state s;
	uint32_t v;

	/* D24S8 as A8R8G8B8: 0x1111 writes the low byte (stencil) only */
	memset(m, 0xab, sizeof(m));
	memset(&s, 0, sizeof(s));
	s.config = VGC_RS_FMT_A8R8G8B8 | VGC_RS_FMT_A8R8G8B8 << 8;
	s.dest_addr = 0x1000;
	s.dest_stride = 64;
	s.window_size = 4 << 16 | 16;
	s.clear_control = VGC_RS_CLEAR_ENABLED1 << 16 | 0x1111;
	s.fill_value[0] = 0x12345678;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_OK);
	memcpy(&v, m, 4);
	EXPECT_EQ(v, 0xababab78);
	EXPECT_EQ(m[256], 0xab);	/* past the window */
	s.clear_control = VGC_RS_CLEAR_ENABLED1 << 16 | 0xeeee;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_OK);
	memcpy(&v, m, 4);
	EXPECT_EQ(v, 0x12345678);
	/* a copy with the TS: entry 1 reads the clear value, 0 memory */
	memset(m, 0, sizeof(m));
	m[0x800] = 0x01;	/* first 64-byte block cleared, second not */
	memset(m + 0x400, 0x5a, 0x400);
	s.clear_control = 0;
	s.source_addr = 0x1400;
	s.source_stride = 64;
	s.dest_addr = 0x1c00;
	s.ts_mem_config = VGC_TS_COLOR_FAST_CLEAR;
	s.ts_color_status_base = 0x1800;
	s.ts_color_surface_base = 0x1400;
	s.ts_color_clear_value = 0xc0ffee00;
	s.window_size = 4 << 16 | 16;	/* 4 rows of 64 bytes */
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_OK);
	memcpy(&v, m + 0xc00, 4);
	EXPECT_EQ(v, 0xc0ffee00);
	memcpy(&v, m + 0xc40, 4);
	EXPECT_EQ(v, 0x5a5a5a5a);
	/* what it does not cover */
	m[0x800] = 0x02;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_UNSUPPORTED);
	s.ts_mem_config = 0;
	s.config = VGC_RS_FMT_A8R8G8B8 | VGC_RS_FMT_R5G6B5 << 8;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_UNSUPPORTED);
	s.config = VGC_RS_FMT_A8R8G8B8 | VGC_RS_FMT_A8R8G8B8 << 8;
	s.window_size = 4 << 16 | 8;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_UNSUPPORTED);
	s.window_size = 64 << 16 | 16;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_OUT_OF_MEMORY);
	s.window_size = 4 << 16 | 16;
	s.source_stride |= VGC_RS_STRIDE_MULTI;
	s.config |= VGC_RS_CFG_SRC_TILED;
	EXPECT_EQ(refrs_run(&s, 1, &rm), REFRS_UNSUPPORTED);
}

/* ---- the model against the reference ---------------------------------- */

static void t_linear_copy(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	check(c, &k, "linear 64x32 -> linear");
	defaults(&k);
	k.sw = 96;		/* a wider source: its stride differs */
	k.h = k.sh = k.dh = 36;	/* not a multiple of 8: one window */
	check(c, &k, "linear 96-wide -> linear 64, 36 rows");
}

static void t_tiled_to_linear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_TILED;
	check(c, &k, "tiled -> linear");
}

static void t_supertiled_to_linear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_SUPERTILED;
	k.sw = 128;
	k.sh = 128;
	k.w = k.dw = 128;
	k.h = k.dh = 128;
	check(c, &k, "supertiled 128x128 -> linear");
}

static void t_linear_to_tiled(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.dl = REFRS_TILED;
	check(c, &k, "linear -> tiled");
	defaults(&k);
	k.dl = REFRS_SUPERTILED;
	k.dw = k.dh = 64;
	check(c, &k, "linear -> supertiled");
}

/* Two pipes, the way Mesa resolves a render target on GC2000. */
static void t_multi_tiled_to_linear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_MULTI_TILED;	/* padded to 8 rows (4 per pipe) */
	check(c, &k, "multi-tiled 64x32 -> linear");
	defaults(&k);
	k.sl = REFRS_MULTI_TILED;
	k.sw = k.dw = k.w = 80;
	k.sh = k.dh = k.h = 24;
	check(c, &k, "multi-tiled 80x24 -> linear");
}

static void t_multi_supertiled_to_linear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_MULTI_SUPERTILED;	/* padded to 64x128 */
	k.sw = 128;
	k.sh = 256;
	k.w = k.dw = 128;
	k.h = k.dh = 256;
	check(c, &k, "multi-supertiled 128x256 -> linear");
}

static void t_linear_to_multi(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.dl = REFRS_MULTI_TILED;
	check(c, &k, "linear -> multi-tiled");
	defaults(&k);
	k.dl = REFRS_MULTI_SUPERTILED;
	k.dw = 64;
	k.dh = 128;
	k.sh = k.h = 128;
	check(c, &k, "linear -> multi-supertiled");
}

static void t_formats(struct vgc_core *c)
{
	static const unsigned int fmts[] = {
		VGC_RS_FMT_R5G6B5, VGC_RS_FMT_A4R4G4B4,
		VGC_RS_FMT_A8R8G8B8, VGC_RS_FMT_X8R8G8B8,
		VGC_RS_FMT_X4R4G4B4, VGC_RS_FMT_A1R5G5B5,
		VGC_RS_FMT_X1R5G5B5,
	};
	static const enum refrs_layout lays[] = {
		REFRS_LINEAR, REFRS_TILED, REFRS_SUPERTILED,
	};
	struct rs_case k;
	char what[64];
	unsigned int f, l;

	for (f = 0; f < ARRAY_SIZE(fmts); f++)
		for (l = 0; l < ARRAY_SIZE(lays); l++) {
			defaults(&k);
			k.fmt = fmts[f];
			k.sl = lays[l];
			k.sw = k.dw = k.w = 64;
			k.sh = k.dh = k.h = 64;
			snprintf(what, sizeof(what), "format %u layout %u",
				 fmts[f], lays[l]);
			if (!check(c, &k, what))
				return;
		}
}

static void t_fill_masks(struct vgc_core *c)
{
	static const uint32_t masks[] = { 0xffff, 0xeeee, 0x1111, 0x4444 };
	struct rs_case k;
	char what[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(masks); i++) {
		/* D24S8 as A8R8G8B8: depth 0xeeee, stencil 0x1111 */
		defaults(&k);
		k.fill = true;
		k.bits = masks[i];
		k.value = 0x12345678;
		k.dl = REFRS_SUPERTILED;
		k.dw = k.dh = k.w = k.h = 64;
		snprintf(what, sizeof(what), "fill 32 bpp mask 0x%x",
			 masks[i]);
		if (!check(c, &k, what))
			return;
		/* 16 bpp: the value twice, as Mesa packs it */
		defaults(&k);
		k.fmt = VGC_RS_FMT_A4R4G4B4;
		k.fill = true;
		k.bits = masks[i];
		k.value = 0xa5c3a5c3;
		k.dl = REFRS_TILED;
		snprintf(what, sizeof(what), "fill 16 bpp mask 0x%x",
			 masks[i]);
		if (!check(c, &k, what))
			return;
	}
	defaults(&k);
	k.fmt = VGC_RS_FMT_R5G6B5;
	k.fill = true;
	k.bits = 0xffff;
	k.value = 0xf81ff81f;
	check(c, &k, "fill R5G6B5 linear");
}

/* Mesa's TS clear (etnaviv_surface.c): 0x55555555 into a 64-byte-wide
 * tiled "surface", the TS buffer. */
static void t_ts_buffer_clear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.fill = true;
	k.bits = 0xffff;
	k.value = 0x55555555;
	k.dst = TSB;
	k.dl = REFRS_TILED;
	k.dst_stride = 0x40;
	k.w = 16;
	k.h = 64;
	k.dw = 16;
	k.dh = 64;
	check(c, &k, "TS buffer clear");
}

static void t_ts_fast_clear(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_TILED;
	k.ts = true;
	k.ts_value = 0xdeadbeef;
	check(c, &k, "TS tiled -> linear");
	defaults(&k);
	k.sl = REFRS_SUPERTILED;
	k.sw = k.sh = k.dw = k.dh = k.w = k.h = 128;
	k.ts = true;
	k.ts_value = 0x80ff4020;
	check(c, &k, "TS supertiled -> linear");
	defaults(&k);
	k.fmt = VGC_RS_FMT_R5G6B5;
	k.sl = REFRS_TILED;
	k.ts = true;
	k.ts_value = 0x07e007e0;
	check(c, &k, "TS R5G6B5 tiled -> linear");
	if (core_of(c)->pipes == 2 && !core_of(c)->single_buffer) {
		defaults(&k);
		k.sl = REFRS_MULTI_SUPERTILED;
		k.sw = k.dw = k.w = 128;
		k.sh = k.dh = k.h = 256;
		k.ts = true;
		k.ts_value = 0x01020304;
		check(c, &k, "TS multi-supertiled -> linear");
	}
}

/*
 * The TS cache: a resolve with every tile cleared, then the status buffer
 * rewritten to "in memory" and the same resolve again. Without a TS flush
 * the core still reads the cached "cleared" entries (and counts the stale
 * reads); after a flush it reads memory.
 */
static void t_ts_cache(struct vgc_core *c)
{
	const struct rs_core *rc = core_of(c);
	struct refrs_state s;
	struct rs_case k;
	u64 stale;

	defaults(&k);
	k.sl = REFRS_TILED;
	k.ts = true;
	k.ts_value = 0x11223344;
	k.ts_all_cleared = true;
	if (!check(c, &k, "TS all cleared"))
		return;
	EXPECT_EQ(c->stats.ts_stale_reads, 0);
	for (int flush = 0; flush < 2; flush++) {
		memset(mem + TSB, 0, TS_SIZE);
		memset(mem + DST, 0, 0x1000);
		skip_ts_flush = !flush;
		compile(&k, rc, &s);
		build(&s, rc);
		skip_ts_flush = false;
		stale = c->stats.ts_stale_reads;
		start(c, gbase + CMD, build_len());
		run_idle(c);
		EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
		if (!flush) {
			EXPECT_EQ(w32(DST)[0], k.ts_value);
			EXPECT_EQ(c->stats.ts_stale_reads > stale, 1);
		} else {
			EXPECT_EQ(w32(DST)[0], w32(SRC)[0]);
			EXPECT_EQ(c->stats.ts_stale_reads, stale);
		}
	}
}

/* TS entries say "cleared" but TS_MEM_CONFIG is 0: memory is read. */
static void t_ts_off(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.sl = REFRS_TILED;
	k.ts_all_cleared = true;
	check(c, &k, "TS off");
}

static void t_flip(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.flip = true;
	k.sh = k.dh = k.h = 36;	/* one window on every core */
	check(c, &k, "flip linear");
	defaults(&k);
	k.flip = true;
	k.sl = REFRS_TILED;
	k.sh = k.dh = k.h = 20;
	check(c, &k, "flip tiled -> linear");
}

static void t_swap_rb(struct vgc_core *c)
{
	struct rs_case k;

	defaults(&k);
	k.swap_rb = true;
	k.sl = REFRS_TILED;
	check(c, &k, "swap A8R8G8B8");
	defaults(&k);
	k.swap_rb = true;
	k.fmt = VGC_RS_FMT_R5G6B5;
	check(c, &k, "swap R5G6B5");
	defaults(&k);
	k.swap_rb = true;
	k.fmt = VGC_RS_FMT_A1R5G5B5;
	check(c, &k, "swap A1R5G5B5");
}

/*
 * Sizes that are not multiples of the supertile: a 100x37 render target
 * is padded to 128x64 (supertiled) or 128x128 (multi-supertiled, two
 * pipes) and resolved as 112x40 into a linear 112x40 (etna_try_rs_blit()
 * rounds the box up to 16x4, or to 16x8 with two pipes); 640x480.
 */
static void t_odd_sizes(struct vgc_core *c)
{
	const struct rs_core *rc = core_of(c);
	bool mp = rc->pipes == 2 && !rc->single_buffer;
	struct rs_case k;

	defaults(&k);
	k.sl = mp ? REFRS_MULTI_SUPERTILED : REFRS_SUPERTILED;
	k.sw = 128;
	k.sh = mp ? 128 : 64;
	k.w = k.dw = 112;
	k.h = k.dh = 40;
	if (!check(c, &k, "100x37 render target"))
		return;
	defaults(&k);
	k.sl = mp ? REFRS_MULTI_SUPERTILED : REFRS_SUPERTILED;
	k.sw = k.w = k.dw = 640;
	k.sh = 512;
	k.h = k.dh = 480;
	if (!check(c, &k, "640x480 render target"))
		return;
	defaults(&k);
	k.sl = REFRS_SUPERTILED;
	k.sw = k.w = k.dw = 640;
	k.sh = 512;
	k.h = k.dh = 480;
	k.ts = true;
	k.ts_value = 0xff336699;
	check(c, &k, "640x480 supertiled with TS");
}

/*
 * MMUv1, linear window: one side of a copy runs past the end of memory
 * (rows 0..7 in memory, 8..31 beyond). The FE does not run on forever,
 * the fault is counted and nothing outside the destination changes.
 * @dest: the destination runs past: its rows in memory are untouched or
 * right. Else the source does: destination rows whose source cannot be
 * read stay untouched (no garbage written), the others untouched or right.
 */
static void fault_case(struct vgc_core *c, bool dest)
{
	const struct rs_core *rc = core_of(c);
	uint32_t i, edge = MEM_SIZE - 8 * 256;
	struct refrs_state s;
	struct refrs_mem rm;
	struct rs_case k;
	uint8_t *before, *ref;

	set_base(c);
	randomise();
	defaults(&k);
	if (dest)
		k.dst = edge;
	else
		k.src = edge;
	compile(&k, rc, &s);
	build(&s, rc);
	before = malloc(MEM_SIZE);
	ref = calloc(1, MEM_SIZE + (1u << 20));
	if (!before || !ref) {
		fail("out of memory");
		goto out;
	}
	memcpy(before, mem, MEM_SIZE);
	memcpy(ref, mem, MEM_SIZE);
	rm = (struct refrs_mem){ ref, gbase, MEM_SIZE + (1u << 20) };
	if (refrs_run(&s, rc->pipes, &rm) != REFRS_OK) {
		fail("reference refused");
		goto out;
	}
	start(c, gbase + CMD, build_len());
	run_idle(c);
	EXPECT_EQ(vgc_fe_get_state(c) != VGC_FE_RUNNING, 1);
	EXPECT_EQ(c->stats.mmu_faults + c->stats.bus_errors >= 1, 1);
	for (i = CMP; i < MEM_SIZE; i++) {
		bool may_change = dest ? i >= edge :
				  i >= DST && i < DST + 8 * 256;

		if (mem[i] == before[i] || (may_change && mem[i] == ref[i]))
			continue;
		fail("byte 0x%x = 0x%02x, before 0x%02x, reference 0x%02x",
		     i, mem[i], before[i], ref[i]);
		break;
	}
out:
	free(before);
	free(ref);
}

static void t_fault_dest(struct vgc_core *c)
{
	fault_case(c, true);
}

static void t_fault_source(struct vgc_core *c)
{
	fault_case(c, false);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * A huge fill (rows all on one row: stride 0): one vgc_fe_run() call
 * returns after a bounded chunk (well under a second), writes nothing
 * outside that row, and a soft reset ends the operation.
 */
static void huge(struct vgc_core *c, unsigned int w, unsigned int h,
		 bool expect_busy)
{
	const struct rs_core *rc = core_of(c);
	struct refrs_state s;
	struct rs_case k;
	enum vgc_run r;
	uint8_t *before;
	uint32_t i, row = w * 4;
	double t;

	set_base(c);
	randomise();
	defaults(&k);
	k.fill = true;
	k.bits = 0xffff;
	k.value = 0x11223344;
	k.w = k.dw = w;
	k.h = k.dh = h;
	k.dst_stride = 0;
	compile(&k, rc, &s);
	s.dest_stride = 0;	/* every row on the first */
	build(&s, rc);
	before = malloc(MEM_SIZE);
	if (!before) {
		fail("out of memory");
		return;
	}
	memcpy(before, mem, MEM_SIZE);
	start(c, gbase + CMD, build_len());
	t = now();
	r = vgc_fe_run(c, 64);
	t = now() - t;
	if (expect_busy)
		EXPECT_EQ(r, VGC_RUN_BUSY);
	EXPECT_EQ(t < 1.0, 1);
	for (i = CMP; i < MEM_SIZE; i++)
		if ((i < DST || i >= DST + row) && mem[i] != before[i]) {
			fail("byte 0x%x written", i);
			break;
		}
	if (expect_busy) {
		t = now();
		r = vgc_fe_run(c, 64);
		t = now() - t;
		EXPECT_EQ(r, VGC_RUN_BUSY);
		EXPECT_EQ(t < 1.0, 1);
	}
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	free(before);
}

static void t_huge_window(struct vgc_core *c)
{
	struct rs_case k;

	huge(c, 65535, 65535, false);
	huge(c, 65520, 65532, true);
	/* a new job after the reset works */
	defaults(&k);
	k.sl = REFRS_TILED;
	check(c, &k, "after reset");
}

/* Padding of a layout (Mesa etna_layout_multiple() with RS alignment). */
static void padding(enum refrs_layout l, unsigned int *px, unsigned int *py)
{
	static const unsigned char pad[][2] = {
		[REFRS_LINEAR] = { 16, 4 },
		[REFRS_TILED] = { 16, 4 },
		[REFRS_SUPERTILED] = { 64, 64 },
		[REFRS_MULTI_TILED] = { 16, 8 },
		[REFRS_MULTI_SUPERTILED] = { 64, 128 },
	};

	*px = pad[l][0];
	*py = pad[l][1];
}

static unsigned int align_up(unsigned int v, unsigned int a)
{
	return (v + a - 1) / a * a;
}

/*
 * Random operations: formats, layouts (multi ones on a two-pipe core that
 * is not single-buffer), sizes, fills with random masks, fast clear,
 * SWAP_RB.
 */
static void t_random(struct vgc_core *c)
{
	static const unsigned int fmts[] = {
		VGC_RS_FMT_X4R4G4B4, VGC_RS_FMT_A4R4G4B4,
		VGC_RS_FMT_X1R5G5B5, VGC_RS_FMT_A1R5G5B5,
		VGC_RS_FMT_R5G6B5, VGC_RS_FMT_X8R8G8B8,
		VGC_RS_FMT_A8R8G8B8,
	};
	const struct rs_core *rc = core_of(c);
	unsigned int nlay = rc->pipes == 2 && !rc->single_buffer ? 5 : 3;
	unsigned int i, px, py;
	struct rs_case k;
	char what[128];

	for (i = 0; i < 60; i++) {
		defaults(&k);
		k.fmt = fmts[rnd() % ARRAY_SIZE(fmts)];
		k.sl = rnd() % nlay;
		k.dl = rnd() % nlay;
		k.w = 16 * (1 + rnd() % 12);
		k.h = 4 * (1 + rnd() % 40);
		if (multi(k.sl) || multi(k.dl))
			k.h = align_up(k.h, 8);
		padding(k.sl, &px, &py);
		k.sw = align_up(k.w, px);
		k.sh = align_up(k.h, py);
		padding(k.dl, &px, &py);
		k.dw = align_up(k.w, px);
		k.dh = align_up(k.h, py);
		k.fill = !(rnd() % 4);
		if (k.fill) {
			k.bits = rnd() & 0xffff;
			k.value = rnd();
			if (bpp_of(k.fmt) == 2)
				k.value = (k.value & 0xffff) * 0x10001u;
		} else {
			k.swap_rb = !(rnd() % 3);
			k.ts = k.sl != REFRS_LINEAR && !(rnd() % 2);
			k.ts_value = rnd();
			if (bpp_of(k.fmt) == 2)
				k.ts_value = (k.ts_value & 0xffff) * 0x10001u;
		}
		snprintf(what, sizeof(what),
			 "#%u fmt %u %u->%u %ux%u fill %d 0x%x swap %d ts %d",
			 i, k.fmt, k.sl, k.dl, k.w, k.h, k.fill, k.bits,
			 k.swap_rb, k.ts);
		if (!check(c, &k, what))
			return;
	}
}

int main(void)
{
	static const struct {
		const char *name;
		void (*fn)(struct vgc_core *c);
		unsigned int cores;	/* bit i: cores[i] */
	} tests[] = {
		{ "reference-layouts", t_reference_layouts, 2 },
		{ "reference-ops", t_reference_ops, 2 },
		{ "linear-copy", t_linear_copy, 7 },
		{ "tiled-to-linear", t_tiled_to_linear, 7 },
		{ "supertiled-to-linear", t_supertiled_to_linear, 7 },
		{ "linear-to-tiled", t_linear_to_tiled, 7 },
		{ "multi-tiled-to-linear", t_multi_tiled_to_linear, 1 },
		{ "multi-supertiled-to-linear",
		  t_multi_supertiled_to_linear, 1 },
		{ "linear-to-multi", t_linear_to_multi, 1 },
		{ "formats", t_formats, 3 },
		{ "fill-masks", t_fill_masks, 7 },
		{ "ts-buffer-clear", t_ts_buffer_clear, 3 },
		{ "ts-fast-clear", t_ts_fast_clear, 7 },
		{ "ts-off", t_ts_off, 3 },
		{ "ts-cache", t_ts_cache, 7 },
		{ "flip", t_flip, 3 },
		{ "swap-rb", t_swap_rb, 3 },
		{ "odd-sizes", t_odd_sizes, 7 },
		{ "fault-dest", t_fault_dest, 3 },
		{ "fault-source", t_fault_source, 3 },
		{ "huge-window", t_huge_window, 3 },
		{ "random", t_random, 7 },
	};
	char name[80];
	unsigned int i, j;

	if (sim_test_begin())
		return 2;
	ref_mem = malloc(MEM_SIZE);
	if (!ref_mem)
		return 2;
	for (i = 0; i < ARRAY_SIZE(tests); i++)
		for (j = 0; j < ARRAY_SIZE(cores); j++) {
			if (!(tests[i].cores & (1u << j)))
				continue;
			snprintf(name, sizeof(name), "rs-%s-%s", tests[i].name,
				 cores[j].name);
			run_test(name, tests[i].fn, cores[j].name);
		}
	free(ref_mem);
	return sim_test_end("sim rs tests");
}
