// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space unit tests of the model's 2D engine (sim/vgc_de.c), pixel by
 * pixel against the reference in tools/ref2d.c: each case programs the DE
 * through a command stream, runs it on the core, runs the same operation
 * on a copy of memory with ref2d and compares all of the destination and
 * source areas, so a pixel written outside the clip also fails.
 */
#include "sim_test.h"
#include "ref2d.h"

#define CMD	0x1000u		/* command stream */
#define DST	0x100000u	/* destination surface */
#define SRC	0x200000u	/* source surface */
#define AREA	0x80000u	/* bytes compared at DST and at SRC */
#define OP_DRAW_2D(n, data)	(0x20000000u | (data) << 16 | ((n) & 0xff) << 8)

/**
 * struct de_case - one operation, as both the model and ref2d see it
 * (all fields filled by the test; zero is a sensible default for most)
 */
struct de_case {
	unsigned int cmd;
	unsigned int dfmt, dswz, dw, dh, dstride;
	unsigned int sfmt, sswz, sw, sh, sstride;
	bool stream, relative;
	unsigned int pack;
	unsigned int rop_type, rop_fg, rop_bg;
	bool pat_mono;
	uint32_t pat_fg, pat_bg;
	uint64_t pat_bits;
	unsigned int pat_ox, pat_oy;
	int clip[4];
	unsigned int nrects;
	struct ref2d_rect rects[8];
	int sox, soy;
	uint32_t fx, fy;
	bool key;
	uint32_t color_bg, color_fg;
	int mono_transparent;
	uint32_t clear;
	unsigned int rot;
	bool rot_by_config;	/* DEST_ROTATION_CONFIG.ROTATION: 90 */
	uint32_t src_addr;	/* 0: SRC */
	unsigned int ndata;
	uint32_t data[512];
};

static uint32_t rng = 12345;

static uint32_t rnd(void)
{
	return sim_rnd(&rng);
}

static void fill_random(uint32_t off, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		mem[off + i] = rnd();
}

static void defaults(struct de_case *k)
{
	memset(k, 0, sizeof(*k));
	k->dfmt = REF2D_A8R8G8B8;
	k->dw = 64;
	k->dh = 48;
	k->dstride = 64 * 4 + 12;
	k->sfmt = REF2D_A8R8G8B8;
	k->sw = 80;
	k->sh = 64;
	k->sstride = 80 * 4 + 4;
	k->clip[2] = 0x7fff;
	k->clip[3] = 0x7fff;
	k->rop_type = REF2D_ROP3;
	k->rop_fg = k->rop_bg = 0xcc;
	k->mono_transparent = -1;
	k->cmd = 2;
	k->nrects = 1;
	k->rects[0] = (struct ref2d_rect){ 3, 2, 40, 30 };
}

static uint32_t state(uint32_t *q, uint32_t reg, uint32_t val)
{
	return *q = emit(*q, ls(reg, 1), val);
}

/* A DRAW_2D of one rectangle at *@q. */
static void one_rect(uint32_t *q, unsigned int x1, unsigned int y1,
		     unsigned int x2, unsigned int y2)
{
	*q = emit(*q, OP_DRAW_2D(1, 0), 0);
	*q = emit(*q, y1 << 16 | x1, y2 << 16 | x2);
}

/* The command stream of @k at CMD; returns its length in qwords. */
static uint32_t build(const struct de_case *k, bool pipe_2d)
{
	uint32_t q = CMD, i, transp = 0, *w;

	state(&q, VGC_GL_PIPE_SELECT, pipe_2d);
	state(&q, VGC_DE_SRC_ADDRESS, k->src_addr ? k->src_addr : SRC);
	state(&q, VGC_DE_SRC_STRIDE, k->sstride);
	if (k->key)
		transp = 2;
	else if (k->mono_transparent >= 0)
		transp = 1;
	state(&q, VGC_DE_SRC_CONFIG, (k->sfmt & 0x1f) << 24 |
	      k->sswz << 20 | transp << 4 | k->relative << 6 |
	      k->stream << 8 | k->pack << 12 |
	      (k->mono_transparent == 1) << 15 | (k->sfmt & 0xf));
	state(&q, VGC_DE_SRC_ORIGIN, (uint32_t)k->soy << 16 |
	      (k->sox & 0xffff));
	state(&q, VGC_DE_SRC_SIZE, k->sh << 16 | k->sw);
	state(&q, VGC_DE_SRC_COLOR_BG, k->color_bg);
	state(&q, VGC_DE_SRC_COLOR_FG, k->color_fg);
	state(&q, VGC_DE_STRETCH_FACTOR_LOW, k->fx);
	state(&q, VGC_DE_STRETCH_FACTOR_HIGH, k->fy);
	state(&q, VGC_DE_DEST_ADDRESS, DST);
	state(&q, VGC_DE_DEST_STRIDE, k->dstride);
	state(&q, VGC_DE_DEST_ROTATION_CONFIG, k->dw |
	      (k->rot_by_config ? 1u << 16 : 0));
	state(&q, VGC_DE_DEST_ROTATION_HEIGHT, k->dh);
	state(&q, VGC_DE_ROT_ANGLE, k->rot_by_config ? 0 : k->rot << 3);
	state(&q, VGC_DE_DEST_CONFIG, k->dfmt | k->cmd << 12 | k->dswz << 16);
	state(&q, VGC_DE_PATTERN_CONFIG, k->pat_mono << 4 | k->pat_ox << 16 |
	      k->pat_oy << 20);
	state(&q, VGC_DE_PATTERN_LOW, (uint32_t)k->pat_bits);
	state(&q, VGC_DE_PATTERN_HIGH, (uint32_t)(k->pat_bits >> 32));
	state(&q, VGC_DE_PATTERN_FG_COLOR, k->pat_fg);
	state(&q, VGC_DE_PATTERN_BG_COLOR, k->pat_bg);
	state(&q, VGC_DE_ROP, k->rop_type << 20 | k->rop_bg << 8 | k->rop_fg);
	state(&q, VGC_DE_CLIP_TOP_LEFT, k->clip[1] << 16 | k->clip[0]);
	state(&q, VGC_DE_CLIP_BOTTOM_RIGHT, k->clip[3] << 16 | k->clip[2]);
	state(&q, VGC_DE_CLEAR_PIXEL_VALUE32, k->clear);
	w = w32(q);
	w[0] = OP_DRAW_2D(k->nrects, k->ndata);
	w[1] = 0;
	for (i = 0; i < k->nrects; i++) {
		w[2 + 2 * i] = (uint32_t)k->rects[i].y1 << 16 |
			       (k->rects[i].x1 & 0xffff);
		w[3 + 2 * i] = (uint32_t)k->rects[i].y2 << 16 |
			       (k->rects[i].x2 & 0xffff);
	}
	memcpy(w + 2 + 2 * k->nrects, k->data, k->ndata * 4);
	q += (2 + 2 * k->nrects + ((k->ndata + 1) & ~1u)) * 4;
	state(&q, VGC_GL_FLUSH_CACHE, VGC_GL_FLUSH_PE2D);
	q = emit(q, OP_END, 0);
	return (q - CMD) / 8;
}

/* Run the core until the FE is idle; the number of vgc_fe_run() calls. */
static unsigned int run_idle(struct vgc_core *c)
{
	unsigned int calls = 0;

	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000)
		calls++;
	return calls;
}

static void surfaces(const struct de_case *k, uint8_t *dbuf, uint8_t *sbuf,
		     struct ref2d_surface *d, struct ref2d_surface *s)
{
	*d = (struct ref2d_surface){ dbuf, k->dstride, k->dw, k->dh,
				     k->dfmt, k->dswz, 0 };
	*s = (struct ref2d_surface){ sbuf, k->sstride, k->sw, k->sh,
				     k->sfmt, k->sswz, 0 };
	if (k->stream) {
		static const unsigned int pack[4] = { 8, 16, 32, 1 };
		unsigned int p = pack[k->pack];

		unsigned int w = k->rects[0].x2 - k->rects[0].x1;

		s->px = (void *)k->data;
		s->bit_pitch = (w + p - 1) / p * p;	/* first rectangle */
		s->stride = 0;
	}
}

static void ref_op(const struct de_case *k, struct ref2d_op *op,
		   const struct ref2d_surface *s)
{
	memset(op, 0, sizeof(*op));
	op->clip = (struct ref2d_rect){ k->clip[0], k->clip[1], k->clip[2],
					k->clip[3] };
	op->rotation = k->rot_by_config ? REF2D_ROT90 : k->rot;
	op->clear_color = k->clear;
	op->rop_type = k->rop_type;
	op->rop_fg = k->rop_fg;
	op->rop_bg = k->rop_bg;
	op->pat_mono = k->pat_mono;
	op->pat_fg = k->pat_fg;
	op->pat_bg = k->pat_bg;
	op->pat_bits = k->pat_bits;
	op->pat_ox = k->pat_ox;
	op->pat_oy = k->pat_oy;
	op->src = s;
	op->fx = k->fx;
	op->fy = k->fy;
	op->src_key = k->key;
	op->key = k->color_bg;
	op->mono_fg = k->color_fg;
	op->mono_bg = k->color_bg;
	op->mono_transparent = k->mono_transparent;
}

/* Draw @k with the model and with ref2d; false (and a FAIL) if they differ. */
static bool check(struct vgc_core *c, const struct de_case *k,
		  const char *what)
{
	static uint8_t dbuf[AREA], sbuf[AREA];
	struct ref2d_surface d, s;
	struct ref2d_op op;
	unsigned int i;
	uint32_t len;

	fill_random(DST, AREA);
	fill_random(SRC, AREA);
	memcpy(dbuf, mem + DST, AREA);
	memcpy(sbuf, mem + SRC, AREA);
	surfaces(k, dbuf, sbuf, &d, &s);
	ref_op(k, &op, &s);
	for (i = 0; i < k->nrects; i++) {
		const struct ref2d_rect *r = &k->rects[i];

		switch (k->cmd) {
		case 0:
			ref2d_clear(&d, r, &op);
			break;
		case 1:
			ref2d_line(&d, r, &op);
			break;
		case 2:
			ref2d_src_origin(r, k->sox, k->soy, k->relative,
					 &op.sx, &op.sy);
			ref2d_blit(&d, r, &op);
			break;
		case 4:
			op.sx = k->sox;
			op.sy = k->soy;
			ref2d_stretch(&d, r, &op);
			break;
		}
	}

	/* an operation that changes nothing would prove nothing */
	if (!memcmp(mem + DST, dbuf, AREA) && k->rop_fg != 0xaa)
		fail("%s: the reference drew nothing", what);
	len = build(k, true);
	start(c, CMD, len);
	run_idle(c);
	if (vgc_fe_get_state(c) != VGC_FE_IDLE)
		fail("%s: FE state %d", what, vgc_fe_get_state(c));
	if (memcmp(mem + SRC, sbuf, AREA))
		fail("%s: the source changed", what);
	for (i = 0; i < AREA; i++)
		if (mem[DST + i] != dbuf[i]) {
			unsigned int bpp = ref2d_bpp(k->dfmt);

			fail("%s: byte %u (x %u y %u) is 0x%02x, expected 0x%02x",
			     what, i, i % k->dstride / bpp, i / k->dstride,
			     mem[DST + i], dbuf[i]);
			break;
		}
	return !test_failed;
}

static void setup(struct vgc_core *c)
{
	setup_linear(c);
}

/* ---- tests ------------------------------------------------------------ */

static void t_clear_formats(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int f, z;

	setup(c);
	for (f = 0; f <= 6; f++)
		for (z = 0; z < 4; z++) {
			defaults(&k);
			k.cmd = 0;
			k.dfmt = f;
			k.dswz = z;
			k.dstride = k.dw * ref2d_bpp(f) + 6;
			k.clear = 0x8c3a71e5 + f * 0x01020304;
			k.clip[0] = 5;
			k.clip[3] = 20;
			k.nrects = 3;
			k.rects[1] = (struct ref2d_rect){ 0, 0, 4, 4 };
			k.rects[2] = (struct ref2d_rect){ 50, 10, 64, 48 };
			snprintf(what, sizeof(what), "format %u swizzle %u",
				 f, z);
			if (!check(c, &k, what))
				return;
		}
	EXPECT_EQ(c->stats.de_ops, 28 * 3);
	EXPECT_EQ(c->stats.de_unsupported, 0);
}

static void t_blit_format_pairs(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int sf, df;

	setup(c);
	for (sf = 0; sf <= 6; sf++)
		for (df = 0; df <= 6; df++) {
			defaults(&k);
			k.sfmt = sf;
			k.dfmt = df;
			k.sstride = k.sw * ref2d_bpp(sf) + 2;
			k.dstride = k.dw * ref2d_bpp(df) + 10;
			k.sox = 7;
			k.soy = 3;
			snprintf(what, sizeof(what), "src %u dst %u", sf, df);
			if (!check(c, &k, what))
				return;
		}
}

static void t_swizzles(struct vgc_core *c)
{
	static const unsigned int fmts[] = { 1, 3, 4, 5, 6 };
	struct de_case k;
	char what[64];
	unsigned int i, sz, dz;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(fmts); i++)
		for (sz = 0; sz < 4; sz++)
			for (dz = 0; dz < 4; dz++) {
				defaults(&k);
				k.sfmt = fmts[i];
				k.dfmt = fmts[(i + 1) % ARRAY_SIZE(fmts)];
				k.sswz = sz;
				k.dswz = dz;
				k.sstride = k.sw * 4;
				k.dstride = k.dw * 4;
				snprintf(what, sizeof(what), "fmt %u swz %u/%u",
					 fmts[i], sz, dz);
				if (!check(c, &k, what))
					return;
			}
}

/* Known values, not only agreement with the reference. */
static void t_conversion_values(struct vgc_core *c)
{
	struct de_case k;
	uint16_t *d16 = (uint16_t *)(mem + DST);
	uint32_t *d32 = (uint32_t *)(mem + DST);

	setup(c);
	defaults(&k);
	k.cmd = 0;
	k.dfmt = REF2D_R5G6B5;
	k.dstride = 128;
	k.clear = 0xff40ff40;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 1, 1 };
	check(c, &k, "r5g6b5");
	EXPECT_EQ(d16[0], 0x47e8);
	k.dswz = REF2D_ABGR;
	check(c, &k, "b5g6r5");
	EXPECT_EQ(d16[0], 0x47e8);	/* R and B equal here */
	k.clear = 0x80ff0000;
	check(c, &k, "b5g6r5 red");
	EXPECT_EQ(d16[0], 0x001f);
	k.dfmt = REF2D_X4R4G4B4;
	k.dswz = REF2D_RGBA;
	k.clear = 0x00123456;
	check(c, &k, "r4g4b4x4");
	EXPECT_EQ(d16[0], 0x135f);
	/* widening: R5G6B5 0xf81f -> magenta, x read as 0xff */
	defaults(&k);
	k.sfmt = REF2D_X1R5G5B5;
	k.sstride = 160;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 1, 1 };
	fill_random(SRC, AREA);
	check(c, &k, "x1r5g5b5 to a8r8g8b8");
	{
		uint16_t v = *(uint16_t *)(mem + SRC);

		EXPECT_EQ(d32[0], ref2d_to_argb(v, REF2D_X1R5G5B5, 0));
		EXPECT_EQ(d32[0] >> 24, 0xff);
	}
}

static void t_strides_and_origins(struct vgc_core *c)
{
	struct de_case k;

	setup(c);
	defaults(&k);
	k.sfmt = REF2D_R5G6B5;
	k.dfmt = REF2D_R5G6B5;
	k.sstride = 1000;
	k.dstride = 130;
	k.sox = 11;
	k.soy = 17;
	k.nrects = 3;
	k.rects[1] = (struct ref2d_rect){ 41, 0, 60, 10 };
	k.rects[2] = (struct ref2d_rect){ 0, 31, 64, 47 };
	if (!check(c, &k, "absolute"))
		return;
	k.relative = true;
	k.sox = 5;
	k.soy = 9;
	if (!check(c, &k, "relative"))
		return;
	k.sox = -3 & 0xffff;
	k.soy = -2 & 0xffff;
	k.rects[0] = (struct ref2d_rect){ 3, 2, 40, 30 };
	k.rects[1] = (struct ref2d_rect){ 41, 5, 60, 10 };
	k.rects[2] = (struct ref2d_rect){ 4, 31, 64, 47 };
	check(c, &k, "relative negative");
}

static void t_rop3_all(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int code, f;

	setup(c);
	for (f = 0; f < 2; f++)
		for (code = 0; code < 256; code++) {
			defaults(&k);
			k.dfmt = f ? REF2D_R5G6B5 : REF2D_A8R8G8B8;
			k.sfmt = f ? REF2D_A1R5G5B5 : REF2D_A8R8G8B8;
			k.rop_fg = code;
			k.pat_mono = true;
			k.pat_bits = 0x8142241818244281ull ^ code;
			k.pat_fg = 0x12345678;
			k.pat_bg = 0xfedcba98;
			k.rects[0] = (struct ref2d_rect){ 2, 3, 20, 14 };
			snprintf(what, sizeof(what), "fmt %u rop 0x%02x", f,
				 code);
			if (!check(c, &k, what))
				return;
		}
}

static void t_rop2(struct vgc_core *c)
{
	static const uint8_t codes[] = { 0xf0, 0xcc, 0x5a, 0x66, 0xa0, 0x88,
					 0x0f, 0x33, 0x55, 0x00 };
	struct de_case k;
	char what[64];
	unsigned int t, i;

	setup(c);
	for (t = REF2D_ROP2_PATTERN; t <= REF2D_ROP2_SOURCE; t++)
		for (i = 0; i < sizeof(codes); i++) {
			defaults(&k);
			k.rop_type = t;
			k.rop_fg = codes[i];
			k.rop_bg = 0x12;	/* unused */
			k.pat_fg = 0x0f0f00ff;
			snprintf(what, sizeof(what), "type %u rop 0x%02x", t,
				 codes[i]);
			if (!check(c, &k, what))
				return;
		}
	/* ROP2_PATTERN never reads the source: a bad address is fine */
	defaults(&k);
	k.rop_type = REF2D_ROP2_PATTERN;
	k.rop_fg = 0xf0;
	k.pat_fg = 0xff00ff00;
	k.src_addr = MEM_SIZE + 0x10000;	/* a hole */
	check(c, &k, "pattern fill");
	EXPECT_EQ(c->stats.mmu_faults + c->stats.bus_errors, 0);
}

static void t_pattern(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int ox, oy;

	setup(c);
	for (ox = 0; ox < 8; ox += 3)
		for (oy = 0; oy < 8; oy += 5) {
			defaults(&k);
			k.dfmt = REF2D_A4R4G4B4;
			k.dstride = 200;
			k.rop_fg = 0xf0;
			k.pat_mono = true;
			k.pat_bits = 0x0123456789abcdefull;
			k.pat_fg = 0xffff0000;
			k.pat_bg = 0x800000ff;
			k.pat_ox = ox;
			k.pat_oy = oy;
			snprintf(what, sizeof(what), "origin %u,%u", ox, oy);
			if (!check(c, &k, what))
				return;
		}
	k.pat_mono = false;
	check(c, &k, "solid");
}

static void t_rop4_mono(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int i;
	static const uint8_t fg[] = { 0xcc, 0xf0, 0x66, 0xcc };
	static const uint8_t bg[] = { 0xaa, 0xcc, 0x00, 0xf0 };

	setup(c);
	for (i = 0; i < sizeof(fg); i++) {
		defaults(&k);
		k.sfmt = REF2D_MONO;
		k.sstride = 12;
		k.sw = 96;
		k.rop_type = REF2D_ROP4;
		k.rop_fg = fg[i];
		k.rop_bg = bg[i];
		k.color_fg = 0xff00ff00;
		k.color_bg = 0xff0000ff;
		k.pat_fg = 0xffffffff;
		k.sox = 5;
		k.soy = 2;
		snprintf(what, sizeof(what), "rop4 0x%02x/0x%02x", fg[i],
			 bg[i]);
		if (!check(c, &k, what))
			return;
	}
	/* an ordinary source with ROP4: ROP_FG throughout */
	defaults(&k);
	k.rop_type = REF2D_ROP4;
	k.rop_fg = 0x66;
	k.rop_bg = 0x00;
	check(c, &k, "rop4 colour source");
}

/*
 * The span-wise path's combinations: a mono pattern and a ROP4 mono
 * source together (four variants per pixel), 16-bit destinations with odd
 * widths and origins, and FLIP_Y (de-color-key covers keys with
 * conversions).
 */
static void t_span_variants(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int i;
	static const uint8_t fg[] = { 0xe2, 0x5a, 0x96, 0xb8 };
	static const uint8_t bg[] = { 0x5a, 0xaa, 0x3c, 0x0f };

	setup(c);
	for (i = 0; i < 2 * sizeof(fg); i++) {
		defaults(&k);
		k.sfmt = REF2D_MONO;
		k.sstride = 12;
		k.sw = 96;
		k.dfmt = i & 1 ? REF2D_R5G6B5 : REF2D_A8R8G8B8;
		k.rop_type = REF2D_ROP4;
		k.rop_fg = fg[i / 2];
		k.rop_bg = bg[i / 2];
		k.color_fg = 0xff00ff00;
		k.color_bg = 0xff0000ff;
		k.pat_mono = true;
		k.pat_bits = 0x8142241818244281ull;
		k.pat_fg = 0xffff8000;
		k.pat_bg = 0xff0080ff;
		k.pat_ox = 3;
		k.pat_oy = 5;
		k.sox = 7;
		k.soy = 1;
		k.rects[0] = (struct ref2d_rect){ 5, 3, 42, 29 };
		k.rot = i & 2 ? REF2D_FLIP_Y : REF2D_ROT0;
		snprintf(what, sizeof(what), "rop4 0x%02x/0x%02x fmt %u rot %u",
			 k.rop_fg, k.rop_bg, k.dfmt, k.rot);
		if (!check(c, &k, what))
			return;
	}
}

static void t_mono_stream(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	unsigned int pack, i, tr;

	setup(c);
	for (pack = 0; pack < 4; pack++)
		for (tr = 0; tr < 3; tr++) {
			defaults(&k);
			k.sfmt = REF2D_MONO;
			k.stream = true;
			k.pack = pack;
			k.sw = 37;
			k.sh = 28;
			k.ndata = 200;
			for (i = 0; i < k.ndata; i++)
				k.data[i] = rnd();
			k.color_fg = 0xffc08040;
			k.color_bg = 0x20406080;
			k.dfmt = REF2D_X8R8G8B8;
			k.mono_transparent = (int)tr - 1;
			k.rects[0] = (struct ref2d_rect){ 3, 2, 40, 30 };
			snprintf(what, sizeof(what), "pack %u transparent %d",
				 pack, k.mono_transparent);
			if (!check(c, &k, what))
				return;
		}
}

/* Stream bit order: bit 0 of word 0 is the first pixel. */
static void t_mono_bit_order(struct vgc_core *c)
{
	struct de_case k;
	uint32_t *d = (uint32_t *)(mem + DST);
	unsigned int x;

	setup(c);
	defaults(&k);
	k.sfmt = REF2D_MONO;
	k.stream = true;
	k.pack = 2;
	k.rop_type = REF2D_ROP4;
	k.rop_fg = k.rop_bg = 0xcc;
	k.color_fg = 0xffffffff;
	k.color_bg = 0xff000000;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 32, 1 };
	k.ndata = 1;
	k.data[0] = 0x80000005;	/* pixels 0, 2 and 31 */
	check(c, &k, "bit order");
	for (x = 0; x < 32; x++)
		EXPECT_EQ(d[x], x == 0 || x == 2 || x == 31 ? 0xffffffff :
							    0xff000000);
}

/*
 * Mono bits from memory: opaque and either transparency, from a bit
 * within a byte (13) and from a whole byte (16), to 16 and 32-bit pixels;
 * the rectangle's 37 pixels end in a part of a byte.
 */
static void t_mono_memory(struct vgc_core *c)
{
	static const unsigned int sox[] = { 13, 16 };
	static const enum ref2d_format dfmt[] = {
		REF2D_R5G6B5, REF2D_A8R8G8B8,
	};
	struct de_case k;
	unsigned int tr, o, f;

	setup(c);
	for (tr = 0; tr < 3; tr++) {
		for (o = 0; o < ARRAY_SIZE(sox); o++) {
			for (f = 0; f < ARRAY_SIZE(dfmt); f++) {
				defaults(&k);
				k.sfmt = REF2D_MONO;
				k.sstride = 10;
				k.sox = sox[o];
				k.soy = 1;
				k.dfmt = dfmt[f];
				k.dstride = 256;
				k.color_fg = 0xffffffff;
				k.color_bg = 0xff101010;
				k.mono_transparent = (int)tr - 1;
				if (!check(c, &k, "mono from memory"))
					return;
			}
		}
	}
}

static void t_color_key(struct vgc_core *c)
{
	static const unsigned int fmts[] = { 6, 5, 4, 3, 0 };
	static uint8_t dref[AREA];
	struct ref2d_surface d, s;
	struct ref2d_op op;
	struct de_case k;
	char what[64];
	unsigned int i, j, y, bpp;
	uint32_t kv;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		defaults(&k);
		k.sfmt = fmts[i];
		k.sswz = i & 3;
		k.sstride = 256;
		k.key = true;
		k.color_bg = 0x00ff00ff;
		k.color_fg = 0x11111111;
		snprintf(what, sizeof(what), "key fmt %u", fmts[i]);
		if (!check(c, &k, what))
			return;
		kv = ref2d_from_argb(k.color_bg, k.sfmt, k.sswz);
		bpp = ref2d_bpp(k.sfmt);
		/* the key must actually occur: plant it in the source */
		fill_random(DST, AREA);
		fill_random(SRC, AREA);
		for (y = 0; y < 40; y++)
			for (j = y % 3; j < 60; j += 3)
				memcpy(mem + SRC + y * k.sstride + j * bpp,
				       &kv, bpp);
		memcpy(dref, mem + DST, AREA);
		surfaces(&k, dref, mem + SRC, &d, &s);
		ref_op(&k, &op, &s);
		ref2d_blit(&d, &k.rects[0], &op);
		start(c, CMD, build(&k, true));
		run_idle(c);
		EXPECT_EQ(memcmp(dref, mem + DST, AREA), 0);
		/* (4,3) holds the key: untouched */
		EXPECT_EQ(memcmp(mem + DST + (2 + 3) * k.dstride + (3 + 1) * 4,
				 dref + (2 + 3) * k.dstride + (3 + 1) * 4, 4),
			  0);
		if (test_failed)
			return;
	}
}

static void t_clipping(struct vgc_core *c)
{
	struct de_case k;

	setup(c);
	defaults(&k);
	k.clip[0] = 10;
	k.clip[1] = 7;
	k.clip[2] = 30;
	k.clip[3] = 21;
	k.nrects = 4;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 64, 48 };	/* covers */
	k.rects[1] = (struct ref2d_rect){ 40, 30, 50, 40 };	/* outside */
	k.rects[2] = (struct ref2d_rect){ 20, 20, 10, 10 };	/* empty */
	k.rects[3] = (struct ref2d_rect){ 25, 0, 35, 10 };	/* partly */
	if (!check(c, &k, "blit"))
		return;
	k.cmd = 0;
	k.clear = 0xdeadbeef;
	if (!check(c, &k, "clear"))
		return;
	EXPECT_EQ(c->stats.de_pixels, 2 * (20 * 14 + 5 * 3));
	k.cmd = 1;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 63, 47 };
	k.rects[1] = (struct ref2d_rect){ 31, 5, 2, 40 };
	k.rects[2] = (struct ref2d_rect){ 0, 10, 63, 10 };
	k.rects[3] = (struct ref2d_rect){ 15, 47, 15, 0 };
	check(c, &k, "line");
}

static void t_lines(struct vgc_core *c)
{
	static const struct ref2d_rect lines[] = {
		{ 10, 10, 50, 20 }, { 10, 10, 20, 40 }, { 50, 20, 10, 10 },
		{ 20, 40, 10, 10 }, { 5, 40, 60, 2 }, { 60, 2, 5, 40 },
		{ 0, 0, 63, 0 }, { 7, 47, 7, 0 }, { 0, 0, 47, 47 },
		{ 12, 30, 13, 31 }, { 30, 30, 31, 30 }, { 40, 5, 39, 44 },
	};
	struct de_case k;
	char what[64];
	unsigned int i;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(lines); i++) {
		defaults(&k);
		k.cmd = 1;
		k.dfmt = i & 1 ? REF2D_R5G6B5 : REF2D_A8R8G8B8;
		k.dstride = 300;
		k.rop_fg = i & 2 ? 0x5a : 0xf0;
		k.pat_fg = 0xff3366cc;
		k.pat_mono = i & 4;
		k.pat_bits = 0x00ff00ff00ff00ffull;
		k.rects[0] = lines[i];
		snprintf(what, sizeof(what), "line %u", i);
		if (!check(c, &k, what))
			return;
	}
	/* a horizontal line of 6 points: the end point is not drawn */
	EXPECT_EQ(c->stats.de_pixels > 0, 1);
	defaults(&k);
	k.cmd = 1;
	k.rop_fg = 0xf0;
	k.rects[0] = (struct ref2d_rect){ 4, 4, 10, 4 };
	c->stats.de_pixels = 0;
	check(c, &k, "short");
	EXPECT_EQ(c->stats.de_pixels, 6);
	/* the walk itself: (0,0)-(4,2) is (0,0) (1,0) (2,1) (3,1) */
	k.rects[0] = (struct ref2d_rect){ 0, 0, 4, 2 };
	k.pat_fg = 0x12345678;
	memset(mem + DST, 0, 3 * k.dstride);
	start(c, CMD, build(&k, true));
	run_idle(c);
	{
		static const int pts[4][2] = { { 0, 0 }, { 1, 0 }, { 2, 1 },
					       { 3, 1 } };
		unsigned int i, n = 0, x, y;

		for (i = 0; i < 4; i++)
			EXPECT_EQ(*(uint32_t *)(mem + DST + pts[i][1] *
						k.dstride + pts[i][0] * 4),
				  0x12345678);
		for (y = 0; y < 3; y++)
			for (x = 0; x < 5; x++)
				n += *(uint32_t *)(mem + DST + y * k.dstride +
						   x * 4) != 0;
		EXPECT_EQ(n, 4);
	}
}

static void t_stretch(struct vgc_core *c)
{
	static const struct { int sw, sh, dw, dh; } sz[] = {
		{ 10, 10, 37, 25 }, { 60, 50, 13, 9 }, { 1, 1, 20, 20 },
		{ 64, 8, 60, 40 }, { 33, 17, 33, 17 },
	};
	struct de_case k;
	char what[64];
	unsigned int i;

	setup(c);
	for (i = 0; i < ARRAY_SIZE(sz); i++) {
		defaults(&k);
		k.cmd = 4;
		k.sfmt = i & 1 ? REF2D_R5G6B5 : REF2D_A8R8G8B8;
		k.sox = 4;
		k.soy = 3;
		k.rects[0] = (struct ref2d_rect){ 2, 5, 2 + sz[i].dw,
						  5 + sz[i].dh };
		k.fx = sz[i].dw > 1 ? ((sz[i].sw - 1) << 16) / (sz[i].dw - 1) :
				      0;
		k.fy = sz[i].dh > 1 ? ((sz[i].sh - 1) << 16) / (sz[i].dh - 1) :
				      0;
		snprintf(what, sizeof(what), "stretch %u", i);
		if (!check(c, &k, what))
			return;
	}
	defaults(&k);
	k.cmd = 4;
	k.fx = 0x12345;
	k.fy = 0x8000;
	k.rop_fg = 0x66;
	check(c, &k, "odd factors with rop");
}

/* A downscale wider than a span buffer: the span is split. */
static void t_stretch_wide(struct vgc_core *c)
{
	struct de_case k;

	setup(c);
	defaults(&k);
	k.cmd = 4;
	k.dw = 200;
	k.dh = 4;
	k.dstride = 800;
	k.sw = 8000;
	k.sh = 8;
	k.sstride = 8000 * 2;
	k.sfmt = REF2D_R5G6B5;
	k.fx = 40u << 16;	/* 40 source pixels per destination pixel */
	k.fy = 1u << 16;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 199, 4 };
	check(c, &k, "downscale x40");
}

static void t_rotations(struct vgc_core *c)
{
	static const unsigned int rots[] = { 1, 2, 4, 5, 6 };
	struct de_case k;
	char what[64];
	unsigned int i, cmd;

	setup(c);
	for (cmd = 0; cmd <= 2; cmd++)
		for (i = 0; i < ARRAY_SIZE(rots); i++) {
			defaults(&k);
			k.cmd = cmd;
			k.rot = rots[i];
			k.clear = 0x55aa33cc;
			k.rop_fg = cmd == 1 ? 0xf0 : 0xcc;
			k.pat_fg = 0xff00ff00;
			k.nrects = 2;
			k.rects[0] = (struct ref2d_rect){ 3, 2, 40, 30 };
			k.rects[1] = cmd == 1 ?
				(struct ref2d_rect){ 0, 0, 47, 63 } :
				(struct ref2d_rect){ 30, 20, 100, 100 };
			snprintf(what, sizeof(what), "cmd %u rot %u", cmd,
				 rots[i]);
			if (!check(c, &k, what))
				return;
		}
	defaults(&k);
	k.rot_by_config = true;
	k.dfmt = REF2D_R5G6B5;
	k.dstride = 128;
	check(c, &k, "DEST_ROTATION_CONFIG");
}

static void t_rot_angle_masked(struct vgc_core *c)
{
	uint32_t q = CMD;

	setup(c);
	state(&q, VGC_DE_ROT_ANGLE, 5 << 3 | 2);
	state(&q, VGC_DE_ROT_ANGLE, 1 << 3 | 1 | VGC_DE_ROT_DST_MASK);
	state(&q, VGC_DE_ROT_ANGLE, 6 << 3 | 4 | VGC_DE_ROT_SRC_MASK);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	run_idle(c);
	EXPECT_EQ(vgc_state_peek(c, VGC_DE_ROT_ANGLE), 6 << 3 | 1);
}

/* libdrm's etnaviv_2d_test: 256 rectangles of 4x4, exact image. */
static void t_libdrm_2d_test(struct vgc_core *c)
{
	uint32_t *px = (uint32_t *)(mem + DST), want, q = CMD, *w;
	unsigned int x, y, r;

	setup(c);
	memset(mem + DST, 0, 256 * 1024);
	state(&q, VGC_GL_PIPE_SELECT, 1);
	state(&q, VGC_DE_DEST_ADDRESS, DST);
	state(&q, VGC_DE_DEST_STRIDE, 1024);
	state(&q, VGC_DE_DEST_CONFIG, 6);
	state(&q, VGC_DE_ROP, 0x0030cccc);
	state(&q, VGC_DE_CLIP_TOP_LEFT, 0);
	state(&q, VGC_DE_CLIP_BOTTOM_RIGHT, 0x01000100);
	state(&q, VGC_DE_CLEAR_PIXEL_VALUE32, 0xff40ff40);
	state(&q, VGC_DE_PE_DITHER_LOW, ~0u);
	w = w32(q);
	w[0] = 0x20000000;	/* COUNT 0: 256 rectangles */
	w[1] = 0;
	for (r = 0; r < 256; r++) {
		x = r % 16;
		y = r / 16;
		w[2 + 2 * r] = (8 * y) << 16 | 8 * x;
		w[3 + 2 * r] = (8 * y + 4) << 16 | (8 * x + 4);
	}
	q += (2 + 512) * 4;
	state(&q, 0, 0);	/* the test's dummy loads */
	state(&q, 0, 0);
	state(&q, 0, 0);
	state(&q, VGC_GL_FLUSH_CACHE, VGC_GL_FLUSH_PE2D);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	run_idle(c);
	for (y = 0; y < 256; y++)
		for (x = 0; x < 256; x++) {
			want = x < 128 && y < 128 && x % 8 < 4 && y % 8 < 4 ?
			       0xff40ff40 : 0;
			if (px[y * 256 + x] != want) {
				fail("pixel %u,%u = 0x%08x", x, y,
				     px[y * 256 + x]);
				return;
			}
		}
	EXPECT_EQ(c->stats.de_ops, 256);
	EXPECT_EQ(c->stats.de_pixels, 256 * 16);
	EXPECT_EQ(c->stats.de_flushes, 1);
}

/* PE10 (GC600): the clear uses the 8-byte pattern and its byte mask. */
static void t_pe10_clear(struct vgc_core *c)
{
	uint32_t q = CMD, i, x, y;
	uint8_t before[64 * 16], *d = mem + DST;
	static const uint8_t pat[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	setup(c);
	fill_random(DST, sizeof(before));
	memcpy(before, d, sizeof(before));
	state(&q, VGC_GL_PIPE_SELECT, 1);
	state(&q, VGC_DE_DEST_ADDRESS, DST);
	state(&q, VGC_DE_DEST_STRIDE, 64);
	state(&q, VGC_DE_DEST_CONFIG, 4);	/* R5G6B5, CLEAR */
	state(&q, VGC_DE_CLIP_TOP_LEFT, 0);
	state(&q, VGC_DE_CLIP_BOTTOM_RIGHT, 0x7fff7fff);
	state(&q, VGC_DE_CLEAR_BYTE_MASK, 0x5f);
	state(&q, VGC_DE_CLEAR_PIXEL_VALUE_LOW, 0x04030201);
	state(&q, VGC_DE_CLEAR_PIXEL_VALUE_HIGH, 0x08070605);
	one_rect(&q, 3, 2, 29, 10);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	run_idle(c);
	for (i = 0; i < sizeof(before); i++) {
		x = i % 64 / 2;
		y = i / 64;
		if (x >= 3 && x < 29 && y >= 2 && y < 10 &&
		    (0x5f & (1u << (i & 7))))
			EXPECT_EQ(d[i], pat[i & 7]);
		else
			EXPECT_EQ(d[i], before[i]);
	}
	EXPECT_EQ(c->stats.de_pixels, 26 * 8);
}

/* MMUv2: a fault in the middle of an operation ends it there. */
static void t_mmu_fault_aborts(struct vgc_core *c)
{
	uint32_t mtlb = 0x300000, stlb = 0x301000, safe = 0x302000;
	uint32_t q = CMD, i;
	uint32_t *d = (uint32_t *)(mem + DST);

	vgc_write(c, VGC_INTR_ENBL, ~0u);
	memset(w32(mtlb), 0, 4096);
	memset(w32(stlb), 0, 4096);
	w32(mtlb)[0] = (uint32_t)(MEM_BASE + stlb) | 1;	/* VA 0..4 MiB */
	for (i = 0; i < 16; i++)	/* commands: VA 0x1000.. = PA */
		w32(stlb)[1 + i] = (uint32_t)(MEM_BASE + CMD + i * 4096) |
				   1 | 4;
	/* destination: VA 0x100000, pages 0, 1, 3 mapped, 2 not */
	w32(stlb)[0x100] = (uint32_t)(MEM_BASE + DST) | 1 | 4;
	w32(stlb)[0x101] = (uint32_t)(MEM_BASE + DST + 0x1000) | 1 | 4;
	w32(stlb)[0x103] = (uint32_t)(MEM_BASE + DST + 0x3000) | 1 | 4;
	state(&q, VGC_MMUV2_CONFIGURATION, (uint32_t)(MEM_BASE + mtlb));
	state(&q, VGC_MMUV2_SAFE_ADDRESS, (uint32_t)(MEM_BASE + safe));
	emit(q, OP_END, 0);
	start(c, (uint32_t)(MEM_BASE + CMD), 3);
	run_idle(c);
	vgc_write(c, VGC_MMUV2_CONTROL, 1);

	memset(d, 0, 0x4000);
	q = CMD;
	state(&q, VGC_GL_PIPE_SELECT, 1);
	state(&q, VGC_DE_DEST_ADDRESS, DST);
	state(&q, VGC_DE_DEST_STRIDE, 1024);	/* a row per KiB */
	state(&q, VGC_DE_DEST_CONFIG, 6);
	state(&q, VGC_DE_CLIP_TOP_LEFT, 0);
	state(&q, VGC_DE_CLIP_BOTTOM_RIGHT, 0x7fff7fff);
	state(&q, VGC_DE_CLEAR_PIXEL_VALUE32, 0x12345678);
	one_rect(&q, 0, 0, 256, 16);	/* 16 rows: pages 0-3 */
	state(&q, VGC_GL_EVENT, 0x40 | 7);
	q = emit(q, OP_END, 0);
	start(c, CMD, (q - CMD) / 8);
	run_idle(c);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);	/* the FE went on */
	for (i = 0; i < 0x4000 / 4; i++)
		if (d[i] != (i < 0x2000 / 4 ? 0x12345678u : 0)) {
			fail("word %u = 0x%08x", i, d[i]);
			break;
		}
	EXPECT_EQ(c->stats.mmu_faults, 1);
	EXPECT_EQ(c->stats.de_pixels, 8 * 256);
	EXPECT_EQ(vgc_read(c, VGC_INTR_ACK), VGC_INTR_MMU_EXCEPTION | 1u << 7);
	EXPECT_EQ(vgc_read(c, VGC_MMUV2_EXCEPTION_ADDR + 4), DST + 0x2000);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
}

/* MMUv1: a bus error on a source read ends the blit before it writes. */
static void t_bus_error_aborts(struct vgc_core *c)
{
	struct de_case k;
	uint32_t len, q;
	uint8_t before[256];

	setup(c);
	defaults(&k);
	fill_random(DST, AREA);
	memcpy(before, mem + DST, sizeof(before));
	len = build(&k, true);
	q = CMD + 8;	/* the source lies past the end of memory */
	state(&q, VGC_DE_SRC_ADDRESS, MEM_SIZE + 0x1000);
	start(c, CMD, len);
	run_idle(c);
	EXPECT_EQ(memcmp(before, mem + DST, sizeof(before)), 0);
	EXPECT_EQ(c->stats.bus_errors, 1);
	EXPECT_EQ(c->stats.de_pixels, 0);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
}

static void t_huge_rect_chunks(struct vgc_core *c)
{
	struct de_case k;
	uint32_t len, v;
	unsigned int calls = 0;
	bool busy_seen = false;

	setup(c);
	defaults(&k);
	k.cmd = 0;
	k.dstride = 0;		/* every row lands on row 0 */
	k.clip[2] = 0x7fff;
	k.clip[3] = 1024;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 65535, 65535 };
	len = build(&k, true);
	start(c, CMD, len);
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 100000) {
		calls++;
		v = vgc_read(c, VGC_IDLE_STATE);
		if (vgc_de_busy(c)) {
			busy_seen = true;
			EXPECT_EQ(v & 7, 0);	/* FE, DE, PE busy */
			EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL) &
				  VGC_CLK_IDLE_2D, 0);
		}
	}
	EXPECT_EQ(busy_seen, 1);
	EXPECT_EQ(calls >= 0x7fffu * 1024 / (VGC_DE_SPAN * VGC_DE_RUN_CHUNKS),
		  1);
	EXPECT_EQ(c->stats.de_pixels, 0x7fffull * 1024);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	EXPECT_EQ(vgc_read(c, VGC_CLOCK_CONTROL) & VGC_CLK_IDLE_2D,
		  VGC_CLK_IDLE_2D);
	/* the same rectangle under a small clip is quick */
	k.clip[2] = k.clip[3] = 16;
	len = build(&k, true);
	start(c, CMD, len);
	EXPECT_EQ(run_idle(c) < 3, 1);
}

/* A line of 65535 points, mostly clipped: still bounded per call. */
static void t_long_line_chunks(struct vgc_core *c)
{
	struct de_case k;
	unsigned int calls;

	setup(c);
	defaults(&k);
	k.cmd = 1;
	k.rop_fg = 0xf0;
	k.pat_fg = 0xffffffff;
	k.clip[2] = 64;
	k.clip[3] = 48;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 65535, 40 };
	if (!check(c, &k, "long line"))
		return;
	EXPECT_EQ(c->stats.de_pixels, 64);
	start(c, CMD, build(&k, true));
	calls = run_idle(c);
	EXPECT_EQ(calls >= 65535 * VGC_DE_PIXEL_COST /
		  (VGC_DE_SPAN * VGC_DE_RUN_CHUNKS), 1);
}

static void t_reset_discards(struct vgc_core *c)
{
	struct de_case k;
	uint32_t len;

	setup(c);
	defaults(&k);
	k.cmd = 0;
	k.dstride = 0;
	k.clip[3] = 4096;
	k.rects[0] = (struct ref2d_rect){ 0, 0, 4096, 4096 };
	len = build(&k, true);
	start(c, CMD, len);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_BUSY);
	EXPECT_EQ(vgc_de_busy(c), 1);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE) & 6, 0);
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET | 0x100);
	EXPECT_EQ(vgc_de_busy(c), 0);
	EXPECT_EQ(vgc_read(c, VGC_IDLE_STATE), 0x7fffffff);
	EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_IDLE);
	/* a new job after the reset draws normally */
	setup(c);
	defaults(&k);
	check(c, &k, "after reset");
}

static void t_bad_pipe(struct vgc_core *c)
{
	struct de_case k;
	uint8_t before[4096];
	uint32_t len;

	setup(c);
	defaults(&k);
	k.cmd = 0;
	fill_random(DST, AREA);
	memcpy(before, mem + DST, sizeof(before));
	len = build(&k, false);
	start(c, CMD, len);
	run_idle(c);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	EXPECT_EQ(c->stats.de_bad_pipe, 1);
	EXPECT_EQ(c->stats.de_ops, 0);
	EXPECT_EQ(memcmp(before, mem + DST, sizeof(before)), 0);
}

/* A core without a 2D pipe never draws. */
static void t_no_2d_pipe(struct vgc_core *c)
{
	t_bad_pipe(c);
}

static void t_unsupported(struct vgc_core *c)
{
	static const unsigned int cmds[] = { 3, 5, 6, 7, 8, 15 };
	struct de_case k;
	uint8_t before[4096];
	unsigned int i;

	setup(c);
	fill_random(DST, AREA);
	memcpy(before, mem + DST, sizeof(before));
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		defaults(&k);
		k.cmd = cmds[i];
		start(c, CMD, build(&k, true));
		run_idle(c);
	}
	defaults(&k);
	k.dfmt = 7;	/* YUY2 destination */
	start(c, CMD, build(&k, true));
	run_idle(c);
	defaults(&k);
	k.sfmt = 9;	/* INDEX8 source */
	start(c, CMD, build(&k, true));
	run_idle(c);
	EXPECT_EQ(vgc_fe_get_state(c), VGC_FE_IDLE);
	EXPECT_EQ(c->stats.de_unsupported, ARRAY_SIZE(cmds) + 2);
	EXPECT_EQ(c->stats.de_ops, 0);
	EXPECT_EQ(memcmp(before, mem + DST, sizeof(before)), 0);
}

/*
 * Spans drawn in place (the host maps the memory) and through copies
 * (it does not) count the same memory traffic and pixels: the same
 * operations both ways, each also checked against the reference.
 */
static void t_in_place_counts(struct vgc_core *c)
{
	struct de_case k;
	char what[64];
	uint64_t r[2], w[2], px[2];
	unsigned int i, way;

	setup(c);
	for (i = 0; i < 12; i++) {
		defaults(&k);
		k.rects[0] = (struct ref2d_rect){ 3, 2, 61, 30 };
		switch (i) {
		case 1:
			k.rop_fg = 0x66;
			break;
		case 2:
			k.dfmt = k.sfmt = REF2D_R5G6B5;
			k.dstride = 64 * 2 + 6;
			k.rop_fg = 0x88;
			break;
		case 3:
			k.rop_fg = 0x5a;
			k.pat_mono = true;
			k.pat_bits = 0x0123456789abcdefull;
			k.pat_fg = 0xffff0000;
			k.pat_bg = 0x800000ff;
			break;
		case 4:
			k.sfmt = REF2D_MONO;
			k.sstride = 12;
			k.sw = 96;
			k.rop_type = REF2D_ROP4;
			k.rop_bg = 0xaa;
			k.color_fg = 0xff00ff00;
			break;
		case 5:
			k.sfmt = REF2D_R5G6B5;
			k.sstride = 80 * 2 + 2;
			break;
		case 6:
			k.dfmt = REF2D_A4R4G4B4;
			k.dstride = 200;
			k.rop_fg = 0xe2;
			break;
		case 7:
		case 8:
			k.key = true;
			k.color_bg = 0xff000000 | rnd();
			if (i == 8)
				k.sfmt = REF2D_X4R4G4B4;
			k.sstride = 80 * 4;
			break;
		case 9:
		case 10:
			k.cmd = 4;
			k.fx = 0x9000;
			k.fy = 0x8000;
			if (i == 10)
				k.rop_fg = 0x66;
			break;
		case 11:
			k.rop_fg = 0x55;
			k.dfmt = REF2D_X8R8G8B8;
			break;
		}
		for (way = 0; way < 2; way++) {
			mem_map_off = way;
			r[way] = c->stats.mem_read8;
			w[way] = c->stats.mem_write8;
			px[way] = c->stats.de_pixels;
			snprintf(what, sizeof(what), "case %u, %s", i,
				 way ? "copied" : "in place");
			if (!check(c, &k, what))
				break;
			r[way] = c->stats.mem_read8 - r[way];
			w[way] = c->stats.mem_write8 - w[way];
			px[way] = c->stats.de_pixels - px[way];
		}
		mem_map_off = false;
		if (test_failed)
			return;
		if (r[0] != r[1] || w[0] != w[1] || px[0] != px[1]) {
			fail("case %u: in place read %llu, wrote %llu, %llu pixels; copied %llu, %llu, %llu",
			     i, (unsigned long long)r[0],
			     (unsigned long long)w[0],
			     (unsigned long long)px[0],
			     (unsigned long long)r[1],
			     (unsigned long long)w[1],
			     (unsigned long long)px[1]);
			return;
		}
	}
}

/* The tests that draw span-wise, run again with spans copied, not mapped */
static const struct {
	const char *name;
	void (*fn)(struct vgc_core *c);
} copied[] = {
	{ "de-copied-blit-format-pairs", t_blit_format_pairs },
	{ "de-copied-swizzles", t_swizzles },
	{ "de-copied-strides-and-origins", t_strides_and_origins },
	{ "de-copied-rop3-all-codes", t_rop3_all },
	{ "de-copied-rop2", t_rop2 },
	{ "de-copied-pattern", t_pattern },
	{ "de-copied-rop4-mono", t_rop4_mono },
	{ "de-copied-span-variants", t_span_variants },
	{ "de-copied-mono-memory", t_mono_memory },
	{ "de-copied-color-key", t_color_key },
	{ "de-copied-clipping", t_clipping },
	{ "de-copied-stretch", t_stretch },
	{ "de-copied-stretch-wide", t_stretch_wide },
	{ "de-copied-rotations", t_rotations },
};

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("de-clear-formats", t_clear_formats, "gc320");
	run_test("de-blit-format-pairs", t_blit_format_pairs, "gc320");
	run_test("de-swizzles", t_swizzles, "gc320");
	run_test("de-conversion-values", t_conversion_values, "gc320");
	run_test("de-strides-and-origins", t_strides_and_origins, "gc320");
	run_test("de-rop3-all-codes", t_rop3_all, "gc320");
	run_test("de-rop2", t_rop2, "gc320");
	run_test("de-pattern", t_pattern, "gc320");
	run_test("de-rop4-mono", t_rop4_mono, "gc320");
	run_test("de-span-variants", t_span_variants, "gc320");
	run_test("de-mono-stream", t_mono_stream, "gc320");
	run_test("de-mono-bit-order", t_mono_bit_order, "gc320");
	run_test("de-mono-memory", t_mono_memory, "gc320");
	run_test("de-color-key", t_color_key, "gc320");
	run_test("de-clipping", t_clipping, "gc320");
	run_test("de-lines", t_lines, "gc320");
	run_test("de-stretch", t_stretch, "gc320");
	run_test("de-stretch-wide", t_stretch_wide, "gc320");
	run_test("de-rotations", t_rotations, "gc320");
	run_test("de-rot-angle-masked", t_rot_angle_masked, "gc320");
	run_test("de-libdrm-2d-test", t_libdrm_2d_test, "gc320");
	run_test("de-pe10-clear", t_pe10_clear, "gc600");
	run_test("de-mmu-fault-aborts", t_mmu_fault_aborts, "gc320-5303");
	run_test("de-bus-error-aborts", t_bus_error_aborts, "gc320");
	run_test("de-huge-rect-chunks", t_huge_rect_chunks, "gc320");
	run_test("de-long-line-chunks", t_long_line_chunks, "gc320");
	run_test("de-reset-discards", t_reset_discards, "gc320");
	run_test("de-bad-pipe", t_bad_pipe, "gc320");
	run_test("de-no-2d-pipe", t_no_2d_pipe, "gc2000");
	run_test("de-unsupported", t_unsupported, "gc320");
	run_test("de-in-place-counts", t_in_place_counts, "gc320");
	mem_map_off = true;
	for (unsigned int i = 0; i < ARRAY_SIZE(copied); i++)
		run_test(copied[i].name, copied[i].fn, "gc320");
	mem_map_off = false;
	return sim_test_end("sim de tests");
}
