// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pixel engine's blending as a table (issue 33): every blend factor
 * as source and as destination factor, under every equation (add,
 * subtract, reverse subtract, and min and max: the PE's BLEND_EQ field
 * encodes them (rnndb state_3d.xml) and Mesa 22.3 uses them on every
 * core, EXT_blend_minmax, core in GL ES 3.0), for the colour and for the
 * alpha channel (PE_ALPHA_CONFIG's separate alpha), with a constant
 * colour (PE_ALPHA_BLEND_COLOR), into an A8R8G8B8 target, and the
 * destination alpha of a target without alpha. Each case is a quad of
 * one source colour drawn through the FE over an 8x8 block of
 * destination colours at their edges (0, 1, 0x7f, 0x80, 0xfe, 0xff, ...).
 *
 * The reference is GL ES 2.0 4.1.7 (Blending; the factors of its table
 * 4.1 and 4.2, SRC_ALPHA_SATURATE a source factor only, as GL has it)
 * with EXT_blend_minmax for MIN and MAX (the factors ignored), in exact
 * arithmetic: every colour, factor and constant here is an 8-bit value
 * n / 255, so a channel's result is N / 255^2 for an integer N, and the
 * 8-bit value the target stores is N / 255 rounded to nearest (GL ES 2.0
 * 2.1.2: the conversion of [0, 1] to fixed point), clamped to 0..255.
 *
 * Tolerance: none. 255 is odd, so N / 255 is never halfway between two
 * integers: its fraction is at least 1/510 of a step away from a half,
 * far more than the error of computing the blend in single precision
 * (a few units of 2^-24 on values up to 2: under 2^-12 of a step), so a
 * correct PE in floats or in exact arithmetic stores the same value.
 */
#include "sim_test.h"
#include "sh_enc.h"
#include "draw3d.h"

#define BLK	8
#define NPX	(BLK * BLK)

/* ---- the reference ---------------------------------------------------- */

/*
 * The blend factors in the PE's enumeration order (rnndb state_3d.xml
 * BLEND_FUNC; GL's table 4.1 in another order): where the factor's value
 * comes from, from which channel, and whether it is one minus that.
 */
enum from { ZERO, SRC, DST, CONST, SATURATE };

static const struct {
	const char *name;
	enum from from;
	bool alpha;		/* the alpha channel's value for every channel */
	bool minus;		/* one minus the value */
} bf[15] = {
	{ "zero", ZERO, false, false },
	{ "one", ZERO, false, true },
	{ "src-color", SRC, false, false },
	{ "one-minus-src-color", SRC, false, true },
	{ "src-alpha", SRC, true, false },
	{ "one-minus-src-alpha", SRC, true, true },
	{ "dst-alpha", DST, true, false },
	{ "one-minus-dst-alpha", DST, true, true },
	{ "dst-color", DST, false, false },
	{ "one-minus-dst-color", DST, false, true },
	{ "src-alpha-saturate", SATURATE, false, false },
	{ "constant-alpha", CONST, true, false },
	{ "one-minus-constant-alpha", CONST, true, true },
	{ "constant-color", CONST, false, false },
	{ "one-minus-constant-color", CONST, false, true },
};

#define BF_SATURATE	10

static const char *const eq_name[5] = {
	"add", "subtract", "reverse-subtract", "min", "max",
};

/*
 * Factor @f of channel @k (0 r, 1 g, 2 b, 3 a) times 255: source @s,
 * destination @d, constant @cc, all 8-bit.
 */
static int ref_factor(unsigned int f, unsigned int k, const uint8_t s[4],
		      const uint8_t d[4], const uint8_t cc[4])
{
	unsigned int ch = bf[f].alpha ? 3 : k;
	int v = 0;

	switch (bf[f].from) {
	case ZERO:
		v = 0;
		break;
	case SRC:
		v = s[ch];
		break;
	case DST:
		v = d[ch];
		break;
	case CONST:
		v = cc[ch];
		break;
	case SATURATE:	/* (f, f, f, 1), f = min(As, 1 - Ad) */
		if (k == 3)
			return 255;
		return s[3] < 255 - d[3] ? s[3] : 255 - d[3];
	}
	return bf[f].minus ? 255 - v : v;
}

/* The 8-bit result of equation @eq on channel @k. */
static uint8_t ref_blend(unsigned int eq, unsigned int sf, unsigned int df,
			 unsigned int k, const uint8_t s[4], const uint8_t d[4],
			 const uint8_t cc[4])
{
	long n, ss = (long)s[k] * ref_factor(sf, k, s, d, cc),
		dd = (long)d[k] * ref_factor(df, k, s, d, cc);

	if (eq == 3)
		return s[k] < d[k] ? s[k] : d[k];
	if (eq == 4)
		return s[k] > d[k] ? s[k] : d[k];
	n = eq == 0 ? ss + dd : eq == 1 ? ss - dd : dd - ss;	/* / 255^2 */
	if (n <= 0)
		return 0;
	n = (2 * n + 255) / 510;	/* n / 255, to nearest: never a tie */
	return n > 255 ? 255 : n;
}

/* ---- running a case -------------------------------------------------- */

/* destination channel values at their edges */
static const uint8_t edge[8] = { 0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff, 0x40,
				 0xc3 };

/* Destination pixel @i: r, g, b, a. */
static void dst_px(unsigned int i, uint8_t d[4])
{
	d[0] = edge[i % 8];
	d[1] = edge[(i / 8) % 8];
	d[2] = edge[(i * 3 + 1) % 8];
	d[3] = edge[(i * 5 + 2) % 8];
}

static uint32_t argb8(const uint8_t v[4])
{
	return (uint32_t)v[3] << 24 | v[0] << 16 | v[1] << 8 | v[2];
}

/*
 * Draw source @s over the block with PE_ALPHA_CONFIG @ac, constant @cc,
 * in format @fmt; check each pixel's channels @chans (a mask) against the
 * reference: colour factors @csf, @cdf, @ceq; alpha @asf, @adf, @aeq.
 * Each failing case marks every class of @cls (NULLs ignored).
 */
static void run_case(struct vgc_core *c, const uint8_t s[4],
		     const uint8_t cc[4], unsigned int fmt,
		     const unsigned int f[6], unsigned int chans,
		     struct sim_class *cls[3])
{
	const float x1 = -1 + 2.0f * BLK / W, y1 = -1 + 2.0f * BLK / H;
	const float r = s[0] / 255.0f, g = s[1] / 255.0f, b = s[2] / 255.0f,
		    a = s[3] / 255.0f;
	unsigned int i, k, j;
	uint8_t d[4], e[4];
	bool no_alpha = fmt == VGC_RS_FMT_X8R8G8B8;

	setup(c);
	st(VGC_PE_COLOR_FORMAT, fmt | 0xfu << 8);
	st(VGC_PE_ALPHA_CONFIG, VGC_PE_BLEND_ENABLE | VGC_PE_BLEND_SEPARATE |
	   f[0] << 4 | f[1] << 8 | f[2] << 12 | f[3] << 20 | f[4] << 24 |
	   f[5] << 28);
	st(VGC_PE_ALPHA_BLEND_COLOR, argb8(cc));	/* B, G, R, A bytes */
	for (i = 0; i < NPX; i++) {
		dst_px(i, d);
		set_px(i % BLK, i / BLK, argb8(d));
	}
	vtx(0, -1, -1, 0, 1, r, g, b, a);
	vtx(1, x1, -1, 0, 1, r, g, b, a);
	vtx(2, -1, y1, 0, 1, r, g, b, a);
	vtx(3, x1, y1, 0, 1, r, g, b, a);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	run(c);
	for (i = 0; i < NPX; i++) {
		uint32_t got = px(i % BLK, i / BLK), want, mask = 0;
		uint8_t dd[4];

		dst_px(i, d);
		memcpy(dd, d, 4);
		if (no_alpha)
			dd[3] = 255;	/* no destination alpha: 1 */
		for (k = 0; k < 4; k++)
			e[k] = k < 3 ? ref_blend(f[2], f[0], f[1], k, s, dd,
						 cc) :
				       ref_blend(f[5], f[3], f[4], k, s, dd,
						 cc);
		for (k = 0; k < 4; k++)
			if (chans & 1u << k)
				mask |= 0xffu << (k == 3 ? 24 : 16 - 8 * k);
		want = argb8(e);
		for (j = 0; j < 3; j++)
			if (cls[j])
				cls[j]->cases++;
		if ((got & mask) == (want & mask))
			continue;
		for (j = 0; j < 3; j++)
			if (cls[j])
				sim_class_fail(cls[j], "source %08x onto "
					       "%08x, constant %08x, colour "
					       "%s %s %s, alpha %s %s %s: "
					       "%08x, expected %08x",
					       argb8(s), argb8(d), argb8(cc),
					       bf[f[0]].name, bf[f[1]].name,
					       eq_name[f[2]], bf[f[3]].name,
					       bf[f[4]].name, eq_name[f[5]],
					       got & mask, want & mask);
	}
}

/* ---- the tables -------------------------------------------------------- */

/* per group (0 colour, 1 alpha): 15 source factors, 15 destination
 * factors (the saturate unused), 5 equations; then the target without
 * alpha */
static struct sim_class cls[2 * 35 + 1];

#define C_SRC(g, f)	(&cls[(g) * 35 + (f)])
#define C_DST(g, f)	(&cls[(g) * 35 + 15 + (f)])
#define C_EQ(g, e)	(&cls[(g) * 35 + 30 + (e)])
#define C_NO_ALPHA	(&cls[70])

static const uint8_t srcs[][4] = {	/* r, g, b, a */
	{ 0x00, 0xff, 0x80, 0x40 },
	{ 0xc0, 0x01, 0xfe, 0xff },
	{ 0x33, 0x7f, 0x00, 0x00 },
};

static const uint8_t consts[][4] = {
	{ 0x20, 0xe0, 0x9a, 0x6b },
	{ 0xff, 0x00, 0x01, 0xfe },
};

/*
 * Group @g's table: its source factor, destination factor and equation
 * over every value, the other group's state fixed (and different).
 */
static void table(struct vgc_core *c, unsigned int g)
{
	unsigned int sf, df, eq, i, j, f[6];

	for (sf = 0; sf < 15; sf++)
		for (df = 0; df < 15; df++) {
			if (df == BF_SATURATE)
				continue;	/* a source factor only */
			for (eq = 0; eq < 5; eq++)
				for (i = 0; i < ARRAY_SIZE(srcs); i++)
					for (j = 0; j < ARRAY_SIZE(consts);
					     j++) {
						struct sim_class *k[3] = {
							C_SRC(g, sf),
							C_DST(g, df),
							C_EQ(g, eq),
						};

						/* the other group: ONE,
						 * ONE_MINUS_SRC_ALPHA, ADD */
						f[0] = f[3] = 1;
						f[1] = f[4] = 5;
						f[2] = f[5] = 0;
						f[3 * g] = sf;
						f[3 * g + 1] = df;
						f[3 * g + 2] = eq;
						run_case(c, srcs[i], consts[j],
							 VGC_RS_FMT_A8R8G8B8,
							 f, g ? 8 : 7, k);
					}
		}
}

static void t_blend(struct vgc_core *c)
{
	static const unsigned int dst_alpha[] = { 6, 7, 10 };
	unsigned int i, j, f[6];

	table(c, 0);
	table(c, 1);
	/* X8R8G8B8: the destination alpha reads 1 (the colour compared) */
	for (i = 0; i < ARRAY_SIZE(dst_alpha); i++)
		for (j = 0; j < ARRAY_SIZE(srcs); j++) {
			struct sim_class *k[3] = { C_NO_ALPHA, NULL, NULL };

			f[0] = dst_alpha[i];
			f[1] = i == 2 ? 1 : dst_alpha[i];
			f[2] = 0;
			f[3] = 1;
			f[4] = 0;
			f[5] = 0;
			run_case(c, srcs[j], consts[0], VGC_RS_FMT_X8R8G8B8,
				 f, 7, k);
		}
}

/*
 * Render targets of IEEE halves (the PE's extended formats, which Mesa
 * 22.3 loads in PE_COLOR_FORMAT.FORMAT_EXT with FORMAT masked:
 * etna_set_framebuffer_state()): A16B16G16R16F, 8 bytes a pixel, red in
 * the lowest two (the format's name read from the high bits down, as
 * the texture formats'), in 4x4 tiles of 128 bytes; R16F, 2 bytes. No
 * clamp (GL ES: a float buffer's values are not clamped) and each
 * channel rounded to the nearest half. The halves here are worked out
 * by hand from IEEE 754 binary16: 2.5 0x4100, -0.5 0xb800, 0.1 0x2e66
 * (1.6 * 2^-4: exponent 11, mantissa 614.4 -> 614), 1.0 0x3c00; blended
 * ONE, ONE with 0.25, 0.5, 0.125, 0: 2.75 0x4180, 0 0x0000,
 * 0.0999755859375 + 0.125 = 0.2249755859375 0x3333 (exactly 1843 *
 * 2^-13), 1.0 0x3c00.
 */
static uint16_t half_at(unsigned int bpp, unsigned int x, unsigned int y,
			unsigned int ch)
{
	uint16_t v;

	memcpy(&v, mem + RT + tiled(x, y, bpp, W * bpp) + 2 * ch, 2);
	return v;
}

static void half_draw(float r, float g, float b, float a)
{
	vtx(0, -1, -1, 0, 1, r, g, b, a);
	vtx(1, 1, -1, 0, 1, r, g, b, a);
	vtx(2, -1, 1, 0, 1, r, g, b, a);
	vtx(3, 1, 1, 0, 1, r, g, b, a);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
}

static void half_target(unsigned int fmt_ext, unsigned int bpp)
{
	/* FORMAT_EXT (bits 30:24), FORMAT masked (bit 4), COMPONENTS */
	st(VGC_PE_COLOR_FORMAT, fmt_ext << 24 | 1u << 4 | 0xfu << 8);
	st(VGC_PE_COLOR_STRIDE, W * bpp);
	st(VGC_PE_PIPE_COLOR_ADDR(1), gb + RT + W * bpp * H / 2);
	st(VGC_PS_CONTROL, 0);	/* Mesa saturates unorm targets only */
}

static void t_half_float(struct vgc_core *c)
{
	static const uint16_t want[2][4] = {
		{ 0x4100, 0xb800, 0x2e66, 0x3c00 },
		{ 0x4180, 0x0000, 0x3333, 0x3c00 },
	};
	unsigned int pass, x, y, ch, bad = 0;

	setup(c);
	memset(mem + RT, 0, W * H * 8);
	half_target(19, 8);		/* A16B16G16R16F */
	half_draw(2.5f, -0.5f, 0.1f, 1.0f);
	run(c);
	EXPECT_EQ(c->stats.draws_unsupported, 0);
	for (pass = 0; pass < 2; pass++) {
		for (y = 0; y < H; y += 3)
			for (x = 0; x < W; x += 5)
				for (ch = 0; ch < 4; ch++)
					if (half_at(8, x, y, ch) !=
					    want[pass][ch] && !bad++)
						fail("pass %u (%u, %u) channel "
						     "%u: 0x%04x, not 0x%04x",
						     pass, x, y, ch,
						     half_at(8, x, y, ch),
						     want[pass][ch]);
		if (pass)
			break;
		at = CMD;
		/* ONE, ONE, ADD for colour and alpha */
		st(VGC_PE_ALPHA_CONFIG, VGC_PE_BLEND_ENABLE |
		   VGC_PE_BLEND_SEPARATE | VGC_BF_ONE << 4 |
		   VGC_BF_ONE << 8 | VGC_BF_ONE << 20 | VGC_BF_ONE << 24);
		half_draw(0.25f, 0.5f, 0.125f, 0.0f);
		run(c);
	}

	/* R16F: 2 bytes a pixel */
	setup(c);
	memset(mem + RT, 0, W * H * 8);
	half_target(17, 2);
	st(VGC_PE_ALPHA_CONFIG, 0);
	half_draw(2.5f, -0.5f, 0.1f, 1.0f);
	run(c);
	for (y = 0; y < H; y += 3)
		for (x = 0; x < W; x += 5)
			if (half_at(2, x, y, 0) != 0x4100 && !bad++)
				fail("R16F (%u, %u): 0x%04x, not 0x4100", x, y,
				     half_at(2, x, y, 0));
}

/*
 * The extended unorm render targets (FORMAT_EXT as above): R8 (1 byte a
 * pixel; Mesa 22.3 renders GL's luminance copies into it on HALTI5),
 * G8R8 (2: red the low byte) and A2B10G10R10 (4: red bits 9:0, green
 * 19:10, blue 29:20, alpha 31:30), each channel GL ES 2.0 2.1.2's
 * round(c * (2^bits - 1)): 0.25 -> 64 (63.75), 0.5 -> 128 (127.5) and
 * 0.75 -> 191 (191.25) in 8 bits; 0.25 -> 256 (255.75), 0.5 -> 512
 * (511.5), 0.75 -> 767 (767.25) and alpha 1 -> 3 in 10 and 2 bits.
 */
static void t_unorm_ext(struct vgc_core *c)
{
	static const struct {
		unsigned int fx, bpp;
		uint32_t want;
	} f[] = {
		{ 35, 1, 64 },				/* R8 */
		{ 31, 2, 64 | 128 << 8 },		/* G8R8 */
		{ 22, 4, 256 | 512u << 10 | 767u << 20 | 3u << 30 },
	};
	unsigned int i, x, y, bad = 0;
	uint32_t got;

	for (i = 0; i < ARRAY_SIZE(f); i++) {
		setup(c);
		memset(mem + RT, 0xee, W * H * 4);
		half_target(f[i].fx, f[i].bpp);
		st(VGC_PS_CONTROL, VGC_PS_SATURATE_RT0);
		half_draw(0.25f, 0.5f, 0.75f, 1.0f);
		run(c);
		EXPECT_EQ(c->stats.draws_unsupported, 0);
		for (y = 0; y < H; y += 3)
			for (x = 0; x < W; x += 5) {
				got = 0;
				memcpy(&got, mem + RT + tiled(x, y, f[i].bpp,
							      W * f[i].bpp),
				       f[i].bpp);
				if (got != f[i].want && !bad++)
					fail("format %u (%u, %u): 0x%x, not "
					     "0x%x", f[i].fx, x, y, got,
					     f[i].want);
			}
	}
}

int main(void)
{
	static char names[ARRAY_SIZE(cls)][56];
	unsigned int g, i, n = 0;

	if (sim_test_begin())
		return 1;
	for (g = 0; g < 2; g++) {
		const char *gn = g ? "alpha" : "rgb";

		for (i = 0; i < 15; i++) {
			snprintf(names[n], sizeof(names[n]), "blend-%s-src-%s",
				 gn, bf[i].name);
			C_SRC(g, i)->name = names[n++];
			if (i == BF_SATURATE)
				continue;
			snprintf(names[n], sizeof(names[n]), "blend-%s-dst-%s",
				 gn, bf[i].name);
			C_DST(g, i)->name = names[n++];
		}
		for (i = 0; i < 5; i++) {
			snprintf(names[n], sizeof(names[n]), "blend-%s-eq-%s",
				 gn, eq_name[i]);
			C_EQ(g, i)->name = names[n++];
		}
	}
	C_NO_ALPHA->name = "blend-x8r8g8b8-dst-alpha-one";
	/* the unused destination saturate classes: not reported */
	for (g = 0; g < 2; g++)
		C_DST(g, BF_SATURATE)->name = NULL;
	run_table("blend", t_blend, "gc880", cls, ARRAY_SIZE(cls));
	run_test("blend-half-float", t_half_float, "gc3000");
	run_test("blend-unorm-ext", t_unorm_ext, "gc3000");
	return sim_test_end("sim blend tables");
}
