// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's 3D draw pipeline (sim/vgc_3d.c and its stages): hand-built
 * command streams with hand-encoded shaders draw into render targets in
 * the test's memory;
 * the expected pixels come from a reference written here, independently
 * of the model: coverage by the top-left rule from edge tests on
 * 1/256-pixel vertex positions, depth, stencil and blend arithmetic.
 */
#include <math.h>

#include "sim_test.h"
#include "sh_enc.h"
#include "draw3d.h"

/* ---- the reference rasteriser ----------------------------------------- */

struct rv {
	long long x, y;		/* 1/256 pixel */
};

/* NDC to the window in 1/256 pixels, rounded to nearest. */
static struct rv win(float nx, float ny)
{
	double x = (nx * (W / 2) + W / 2) * 256.0;
	double y = (ny * (H / 2) + H / 2) * 256.0;
	struct rv r = { (long long)(x < 0 ? x - 0.5 : x + 0.5),
			(long long)(y < 0 ? y - 0.5 : y + 0.5) };

	return r;
}

/*
 * Whether the edge p->q of a triangle whose third vertex is @r owns the
 * samples exactly on it: it is a top edge (horizontal, the triangle
 * below it: y grows downwards) or a left edge (the triangle to its right).
 */
static bool owns(struct rv p, struct rv q, struct rv r)
{
	long long lhs, rhs;

	if (p.y == q.y)
		return r.y > p.y;
	/* the edge's x at height r.y, compared with r.x, without dividing */
	lhs = (q.x - p.x) * (r.y - p.y);
	rhs = (r.x - p.x) * (q.y - p.y);
	return q.y > p.y ? lhs < rhs : lhs > rhs;
}

/* Sample (sx, sy) against edge p->q, on r's side. */
static bool inside_edge(struct rv p, struct rv q, struct rv r, long long sx,
			long long sy)
{
	long long e = (q.x - p.x) * (sy - p.y) - (q.y - p.y) * (sx - p.x);
	long long er = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);

	if (e == 0)
		return owns(p, q, r);
	return (e > 0) == (er > 0);
}

static bool covers(struct rv a, struct rv b, struct rv c, unsigned int x,
		   unsigned int y)
{
	long long sx = x * 256 + 128, sy = y * 256 + 128;

	if ((b.x - a.x) * (c.y - a.y) == (c.x - a.x) * (b.y - a.y))
		return false;	/* no area */
	return inside_edge(a, b, c, sx, sy) && inside_edge(b, c, a, sx, sy) &&
	       inside_edge(c, a, b, sx, sy);
}

static uint32_t argb(float r, float g, float b, float a)
{
	return (uint32_t)(a * 255 + 0.5f) << 24 |
	       (uint32_t)(r * 255 + 0.5f) << 16 |
	       (uint32_t)(g * 255 + 0.5f) << 8 | (uint32_t)(b * 255 + 0.5f);
}

/* ---- tests -------------------------------------------------------------- */

/* Odd coordinates, shared edges: the fill rule, pixel for pixel. */
static void t_coverage(struct vgc_core *c)
{
	static const float tris[][6] = {
		{ -0.9f, -0.8f, 0.73f, -0.95f, 0.1f, 0.87f },
		{ -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f },	/* two halves */
		{ 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f },	/* of a square */
		{ 0.013f, 0.2f, 0.9f, 0.61f, -0.3f, 0.99f },
		{ 0.1f, -0.99f, 0.1f, 0.3f, -0.8f, 0.1f },
		/*
		 * edges through sample centres (10.5, 40.5 pixels): a top
		 * and a left edge, then a bottom and a right one, the
		 * diagonal shared, in both windings
		 */
		{ -0.671875f, -0.671875f, 0.265625f, -0.671875f,
		  -0.671875f, 0.265625f },
		{ 0.265625f, -0.671875f, 0.265625f, 0.265625f,
		  -0.671875f, 0.265625f },
		{ -0.671875f, -0.671875f, -0.671875f, 0.265625f,
		  0.265625f, -0.671875f },
		{ 0.265625f, -0.671875f, -0.671875f, 0.265625f,
		  0.265625f, 0.265625f },
	};
	unsigned int k, x, y, n, bad = 0;
	uint64_t w0;

	for (k = 0; k < ARRAY_SIZE(tris); k++) {
		const float *t = tris[k];

		setup(c);
		memset(mem + RT, 0, STRIDE * H);
		vtx(0, t[0], t[1], 0, 1, 1, 0, 0, 1);
		vtx(1, t[2], t[3], 0, 1, 1, 0, 0, 1);
		vtx(2, t[4], t[5], 0, 1, 1, 0, 0, 1);
		draw(VGC_PRIM_TRIANGLES, 0, 1);
		w0 = c->stats.pixels_written;
		run(c);
		n = 0;
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++) {
				bool in = covers(win(t[0], t[1]),
						 win(t[2], t[3]),
						 win(t[4], t[5]), x, y);

				n += in;
				if (px(x, y) != (in ? 0xffff0000u : 0) &&
				    !bad++)
					fail("triangle %u pixel (%u, %u) = "
					     "0x%08x, covered %d", k, x, y,
					     px(x, y), in);
			}
		EXPECT_EQ(c->stats.pixels_written - w0, n);
		if (!n)
			fail("triangle %u covers nothing", k);
	}
	/* the square's two halves: each pixel exactly once, none missing */
	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	vtx(0, -0.5f, -0.5f, 0, 1, 0, 1, 0, 1);
	vtx(1, 0.5f, -0.5f, 0, 1, 0, 1, 0, 1);
	vtx(2, -0.5f, 0.5f, 0, 1, 0, 1, 0, 1);
	vtx(3, 0.5f, 0.5f, 0, 1, 0, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	w0 = c->stats.pixels_written;
	run(c);
	EXPECT_EQ(c->stats.pixels_written - w0, 32 * 32);
	EXPECT_EQ(px(16, 16), 0xff00ff00u);
	EXPECT_EQ(px(47, 47), 0xff00ff00u);
	EXPECT_EQ(px(48, 47), 0);
	EXPECT_EQ(px(15, 16), 0);

	/* the same with edges through sample centres: 30 x 30 pixels */
	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	vtx(0, -0.671875f, -0.671875f, 0, 1, 0, 1, 0, 1);
	vtx(1, 0.265625f, -0.671875f, 0, 1, 0, 1, 0, 1);
	vtx(2, -0.671875f, 0.265625f, 0, 1, 0, 1, 0, 1);
	vtx(3, 0.265625f, 0.265625f, 0, 1, 0, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	w0 = c->stats.pixels_written;
	run(c);
	EXPECT_EQ(c->stats.pixels_written - w0, 30 * 30);
	EXPECT_EQ(px(10, 10), 0xff00ff00u);
	EXPECT_EQ(px(39, 39), 0xff00ff00u);
	EXPECT_EQ(px(40, 39), 0);
	EXPECT_EQ(px(39, 40), 0);
	EXPECT_EQ(px(9, 10), 0);
}

static void setup_halti5(void);

/*
 * Smooth varyings: linear across a triangle with w = 1 (red, green and
 * blue vertices: a pixel inside mixes them).
 */
static void varyings_case(struct vgc_core *c, bool halti5)
{
	unsigned int x = 20, y = 30;
	float sx = x + 0.5f, sy = y + 0.5f, l0, l1, l2, d;
	/* window positions of the three vertices */
	float ax = 0, ay = 0, bx = 64, by = 0, cx = 0, cy = 64;
	uint32_t v;

	setup(c);
	if (halti5) {
		setup_halti5();
		/*
		 * as Mesa 22.3 drives a GC7000: PA_CONFIG's shade model
		 * FLAT (util_blitter's flatshade, here the reset value 0)
		 * and no PA_SHADER_ATTRIBUTES (emit_pre_halti5_state()
		 * only), whose reset value asks no bypass
		 */
		st(VGC_PA_SHADER_ATTRIBUTES(0), 0);
	}
	vtx(0, -1, -1, 0, 1, 1, 0, 0, 1);
	vtx(1, 1, -1, 0, 1, 0, 1, 0, 1);
	vtx(2, -1, 1, 0, 1, 0, 0, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	run(c);
	d = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
	l1 = ((sx - ax) * (cy - ay) - (cx - ax) * (sy - ay)) / d;
	l2 = ((bx - ax) * (sy - ay) - (sx - ax) * (by - ay)) / d;
	l0 = 1 - l1 - l2;
	v = px(x, y);
	if (abs((int)((v >> 16) & 0xff) - (int)(l0 * 255 + 0.5f)) > 1 ||
	    abs((int)((v >> 8) & 0xff) - (int)(l1 * 255 + 0.5f)) > 1 ||
	    abs((int)(v & 0xff) - (int)(l2 * 255 + 0.5f)) > 1)
		fail("(%u, %u) = 0x%08x, expected r %f g %f b %f", x, y, v,
		     l0, l1, l2);
}

static void t_varyings(struct vgc_core *c)
{
	varyings_case(c, false);
}

/*
 * A varying equal at the three vertices is that value at every pixel, not
 * a rounding away from it (a real GC2000 passes piglit's comparisons of
 * constant varyings, sim/doc/3d-pipeline.md): the pixel shader compares
 * the interpolated colour with 13.0 (SET.EQ), 1.0 where equal.
 */
static void t_constant_varying(struct vgc_core *c)
{
	const struct ins set = cnd(alu(VGC_OPC_SET, 2, MXYZW, T(1, XYZW),
				       imm(VGC_ISA_IMM_F32_HI20,
					   fu(13.0f) >> 12), NONE),
				   VGC_COND_EQ);
	unsigned int x, y, i, bad = 0;
	uint32_t code[4];

	setup(c);
	encode(&set, code);
	states(VGC_SH_INST_MEM + 0x100 * 16, code, 4, false);
	memset(mem + RT, 0, STRIDE * H);
	/* a quad of two triangles, w not 1 at one corner */
	vtx(0, -1, -1, 0, 1, 13, 13, 13, 13);
	vtx(1, 3, -3, 0, 3, 13, 13, 13, 13);
	vtx(2, -1, 1, 0, 1, 13, 13, 13, 13);
	vtx(3, 1, 1, 0, 1, 13, 13, 13, 13);
	for (i = 4; i < 6; i++)
		memcpy(mem + VB + 32 * i, mem + VB + 32 * (i - 3), 32);
	draw(VGC_PRIM_TRIANGLES, 0, 2);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			bad += px(x, y) != 0xffffffffu;
	if (bad)
		fail("%u of %u pixels not 0xffffffff (0x%08x at 0, 0)", bad,
		     W * H, px(0, 0));
}

/* Depth LESS and GREATER on D16; the depth values written. */
static void t_depth(struct vgc_core *c)
{
	unsigned int func, x, y;

	for (func = 0; func < 2; func++) {
		setup(c);
		memset(mem + RT, 0, STRIDE * H);
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++)
				*(uint16_t *)(mem + ZB + tiled(x, y, 2, W * 2)) =
					func ? 0 : 0xffff;
		st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ |
		   (func ? VGC_CMP_GREATER : VGC_CMP_LESS) << 8 |
		   VGC_PE_DEPTH_WRITE);
		/* red at z 0.5 over the left half, then green at 0.25 */
		vtx(0, -1, -1, 0.5f, 1, 1, 0, 0, 1);
		vtx(1, 0.25f, -1, 0.5f, 1, 1, 0, 0, 1);
		vtx(2, -1, 1, 0.5f, 1, 1, 0, 0, 1);
		vtx(3, 0.25f, 1, 0.5f, 1, 1, 0, 0, 1);
		vtx(4, -0.25f, -1, 0.25f, 1, 0, 1, 0, 1);
		vtx(5, 1, -1, 0.25f, 1, 0, 1, 0, 1);
		vtx(6, -0.25f, 1, 0.25f, 1, 0, 1, 0, 1);
		vtx(7, 1, 1, 0.25f, 1, 0, 1, 0, 1);
		draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
		draw(VGC_PRIM_TRIANGLE_STRIP, 4, 2);
		run(c);
		/* GL z 0.5 -> window (0.5 + 1) / 2 = 0.75 (GC880) */
		EXPECT_EQ(px(2, 2), 0xffff0000u);
		EXPECT_EQ(px(60, 60), 0xff00ff00u);
		EXPECT_EQ(px(32, 32), func ? 0xffff0000u : 0xff00ff00u);
		EXPECT_EQ(*(uint16_t *)(mem + ZB + tiled(2, 2, 2, W * 2)),
			  (uint16_t)(0.75f * 65535 + 0.5f));
		EXPECT_EQ(*(uint16_t *)(mem + ZB + tiled(32, 32, 2, W * 2)),
			  (uint16_t)((func ? 0.75f : 0.625f) * 65535 + 0.5f));
	}
}

/*
 * gl_FragDepth: Mesa 22.3 puts it in the PS's t0.z (the register that
 * arrives holding the fragment's position) and loads no state for it, so
 * the PE takes the depth from t0.z as the shader leaves it.
 */
static void t_frag_depth(struct vgc_core *c)
{
	unsigned int x, y;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			*(uint16_t *)(mem + ZB + tiled(x, y, 2, W * 2)) = 0xffff;
	/* PS: t0.z = t1.x (the red varying), t2 = t1 */
	frag_depth_ps();
	st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ | VGC_CMP_LESS << 8 |
	   VGC_PE_DEPTH_WRITE);
	/* at window z 0.75, depth 0.25 from the shader */
	vtx(0, -1, -1, 0.5f, 1, 0.25f, 0, 0, 1);
	vtx(1, 1, -1, 0.5f, 1, 0.25f, 0, 0, 1);
	vtx(2, -1, 1, 0.5f, 1, 0.25f, 0, 0, 1);
	vtx(3, 1, 1, 0.5f, 1, 0.25f, 0, 0, 1);
	/* at window z 0.25, depth 0.5 from the shader: fails LESS */
	vtx(4, -1, -1, -0.5f, 1, 0.5f, 1, 0, 1);
	vtx(5, 1, -1, -0.5f, 1, 0.5f, 1, 0, 1);
	vtx(6, -1, 1, -0.5f, 1, 0.5f, 1, 0, 1);
	vtx(7, 1, 1, -0.5f, 1, 0.5f, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	draw(VGC_PRIM_TRIANGLE_STRIP, 4, 2);
	run(c);
	for (y = 1; y < H; y += 21)
		for (x = 3; x < W; x += 19) {
			EXPECT_EQ(px(x, y), argb(0.25f, 0, 0, 1));
			EXPECT_EQ(*(uint16_t *)(mem + ZB +
						tiled(x, y, 2, W * 2)),
				  (uint16_t)(0.25f * 65535 + 0.5f));
		}
}

/*
 * The far plane on D24S8: window z 1.0 is 2^24 - 1 (GL ES 2.0 2.12.1:
 * z_w * (2^m - 1)), the value Mesa clears 1.0 to, so LEQUAL passes
 * against it and LESS does not; ALWAYS writes it; NDC z 0 is
 * 0.5 * (2^24 - 1) rounded, 2^23.
 */
static void t_depth_far(struct vgc_core *c)
{
	static const struct {
		uint32_t func, fill, rgb;
		float z;
		uint32_t depth;
	} pass[] = {
		{ VGC_CMP_LEQUAL, 0xffffff00u, 0xff0000u, 1.0f, 0xffffffu },
		{ VGC_CMP_LESS, 0xffffff00u, 0, 1.0f, 0xffffffu },
		{ VGC_CMP_ALWAYS, 0, 0xff0000u, 1.0f, 0xffffffu },
		{ VGC_CMP_ALWAYS, 0, 0xff0000u, 0.0f, 0x800000u },
	};
	unsigned int k, x, y;
	uint32_t d;

	for (k = 0; k < ARRAY_SIZE(pass); k++) {
		setup(c);
		memset(mem + RT, 0, STRIDE * H);
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++)
				memcpy(mem + ZB + tiled(x, y, 4, W * 4),
				       &pass[k].fill, 4);
		st(VGC_PE_DEPTH_STRIDE, W * 4);
		st(VGC_PE_DEPTH_NORMALIZE, fu(16777215.0f));
		st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ | 1 << 4 /* D24S8 */ |
		   pass[k].func << 8 | VGC_PE_DEPTH_WRITE);
		vtx(0, -1, -1, pass[k].z, 1, 1, 0, 0, 1);
		vtx(1, 1, -1, pass[k].z, 1, 1, 0, 0, 1);
		vtx(2, -1, 1, pass[k].z, 1, 1, 0, 0, 1);
		vtx(3, 1, 1, pass[k].z, 1, 1, 0, 0, 1);
		draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
		run(c);
		for (y = 1; y < H; y += 9)
			for (x = 2; x < W; x += 7) {
				memcpy(&d, mem + ZB + tiled(x, y, 4, W * 4), 4);
				EXPECT_EQ(d >> 8, pass[k].depth);
				EXPECT_EQ(px(x, y) & 0xffffffu, pass[k].rgb);
			}
	}
}

/*
 * Normalised vertex attributes as Mesa 22.3 asks for them: NORMALIZE
 * SIGN_EXTEND (translate_vertex_format_normalize()) for signed and
 * unsigned types. The colour attribute in bytes and shorts; expected by
 * GL ES 2.0 2.8 (table 2.7): unsigned c / (2^b - 1), signed 2^(b-1) - 1
 * is 1.0 and -2^(b-1) is -1.0 (saturated to 0 in the target).
 */
static void t_normalized_attribs(struct vgc_core *c)
{
	static const struct {
		uint32_t type;
		uint8_t bytes[8];
		uint32_t argb;
	} pass[] = {
		{ VGC_FE_DT_UNSIGNED_BYTE, { 0x80, 0x33, 0xff, 0x40 },
		  0x408033ffu },
		{ VGC_FE_DT_BYTE, { 0x7f, 0x80, 0x7f, 0x7f }, 0xffff00ffu },
		{ VGC_FE_DT_UNSIGNED_SHORT,
		  { 0x00, 0x40, 0xff, 0xff, 0, 0, 0xff, 0xff }, 0xff40ff00u },
		{ VGC_FE_DT_SHORT,
		  { 0xff, 0x7f, 0x00, 0x80, 0xff, 0x7f, 0xff, 0x7f },
		  0xffff00ffu },
	};
	unsigned int k, i, x, y;

	for (k = 0; k < ARRAY_SIZE(pass); k++) {
		setup(c);
		memset(mem + RT, 0, STRIDE * H);
		st(VGC_FE_VERTEX_ELEMENT_CONFIG(1), pass[k].type |
		   VGC_FE_NORM_SIGN_EXTEND << 14 | 16u << 16);
		vtx(0, -1, -1, 0, 1, 0, 0, 0, 0);
		vtx(1, 1, -1, 0, 1, 0, 0, 0, 0);
		vtx(2, -1, 1, 0, 1, 0, 0, 0, 0);
		vtx(3, 1, 1, 0, 1, 0, 0, 0, 0);
		for (i = 0; i < 4; i++)
			memcpy(mem + VB + 32 * i + 16, pass[k].bytes, 8);
		draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
		run(c);
		for (y = 1; y < H; y += 9)
			for (x = 2; x < W; x += 7)
				EXPECT_EQ(px(x, y), pass[k].argb);
	}
}

/*
 * Polygon offset (GL ES 2.0 3.5.2: o = m * factor + r * units) as Mesa
 * 22.3 loads it: SE_DEPTH_SCALE the factor, SE_DEPTH_BIAS units * 2 /
 * 65535 (r = 1/65535 in window z). On D16: a flat quad at window z 0.25
 * with 4 units; a quad whose window z runs 0..1 across the 64 pixels
 * (m = 1/64) with factor 2, clamped to 1.
 */
static void t_polygon_offset(struct vgc_core *c)
{
	unsigned int pass, x, y;
	double want;
	uint16_t d;

	for (pass = 0; pass < 2; pass++) {
		setup(c);
		memset(mem + ZB, 0xff, W * H * 2);
		st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ | VGC_CMP_ALWAYS << 8 |
		   VGC_PE_DEPTH_WRITE);
		st(VGC_SE_DEPTH_SCALE, fu(pass ? 2.0f : 0.0f));
		st(VGC_SE_DEPTH_BIAS, fu(pass ? 0.0f : 4 * 2 / 65535.0f));
		vtx(0, -1, -1, pass ? -1 : -0.5f, 1, 1, 0, 0, 1);
		vtx(1, 1, -1, pass ? 1 : -0.5f, 1, 1, 0, 0, 1);
		vtx(2, -1, 1, pass ? -1 : -0.5f, 1, 1, 0, 0, 1);
		vtx(3, 1, 1, pass ? 1 : -0.5f, 1, 1, 0, 0, 1);
		draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
		run(c);
		for (y = 1; y < H; y += 9)
			for (x = 0; x < W; x += 3) {
				want = pass ? (x + 0.5) / W + 2.0 / W :
					      0.25 + 4 / 65535.0;
				want = (double)(long)((want > 1 ? 1 : want) *
						      65535 + 0.5);
				memcpy(&d, mem + ZB + tiled(x, y, 2, W * 2), 2);
				if (d + 1 < want || d > want + 1)
					fail("pass %u (%u, %u): depth %u, not %g",
					     pass, x, y, d, want);
			}
	}
}

/*
 * A point sprite: a 16-pixel point at the centre whose varying (the
 * colour) has its x and y marked POINTCOORD_X and _Y, as Mesa 22.3 links
 * gl_PointCoord. Red and green are GL ES 2.0 3.3's s and t at each pixel
 * centre: s = 1/2 + (x + 1/2 - xc) / size, t with y downwards from the
 * top (the upper left origin); blue and alpha the vertex's.
 */
static void point_sprite_case(struct vgc_core *c, bool halti5)
{
	unsigned int x, y, bad = 0;
	double s, t;
	uint32_t want, got;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	st(VGC_PA_CONFIG, VGC_PA_POINT_SPRITE_ENABLE);
	st(VGC_PA_POINT_SIZE, fu(8.0f));	/* half the size */
	if (halti5) {
		/*
		 * Mesa 22.3 on HALTI5 (emit_halti5_only_state()): the
		 * counts in PA_VARYING_NUM_COMPONENTS (4 bits a varying),
		 * gl_PointCoord's first component in
		 * GL_HALTI5_SH_SPECIALS bits 14:8 (component 0 here; no
		 * point size output, 0 in 6:0; the rest 0x7f7f0000, as
		 * Mesa loads it), no GL_VARYING_* states
		 */
		setup_halti5();
		st(VGC_PA_VARYING_NUM_COMPONENTS(0), 4);
		st(VGC_GL_HALTI5_SH_SPECIALS, 0x7f7f0000u | 0u << 8);
	} else {
		st(VGC_GL_VARYING_NUM_COMPONENTS, 4);
		st(VGC_GL_VARYING_COMPONENT_USE(0), VGC_VARYING_POINTCOORD_X |
		   VGC_VARYING_POINTCOORD_Y << 2 | 1 << 4 | 1 << 6);
	}
	vtx(0, 0, 0, 0, 1, 0.25f, 0.25f, 0.5f, 1);
	draw(VGC_PRIM_POINTS, 0, 1);
	run(c);
	for (y = 24; y < 40; y++)
		for (x = 24; x < 40; x++) {
			s = 0.5 + (x + 0.5 - 32) / 16;
			t = 0.5 + (y + 0.5 - 32) / 16;
			want = argb((float)s, (float)t, 0.5f, 1);
			got = px(x, y);
			/* a rounding apart at most */
			if (((got >> 16) & 0xff) + 1 < ((want >> 16) & 0xff) ||
			    ((got >> 16) & 0xff) > ((want >> 16) & 0xff) + 1 ||
			    ((got >> 8) & 0xff) + 1 < ((want >> 8) & 0xff) ||
			    ((got >> 8) & 0xff) > ((want >> 8) & 0xff) + 1 ||
			    (got & 0xff0000ffu) != (want & 0xff0000ffu))
				if (!bad++)
					fail("(%u, %u): 0x%08x, not 0x%08x",
					     x, y, got, want);
		}
	EXPECT_EQ(px(23, 32), 0);
	EXPECT_EQ(px(40, 32), 0);
}

static void t_point_sprite(struct vgc_core *c)
{
	point_sprite_case(c, false);
}

/*
 * The same point on HALTI5, through the states Mesa 22.3 loads there
 * (dEQP's shaders.builtin_variable.pointcoord on a GC7000).
 */
static void t_halti5_point_sprite(struct vgc_core *c)
{
	point_sprite_case(c, true);
}

/*
 * A fan of long thin triangles through the near and far planes, with
 * additive blending: clipping must give the triangles that share an edge
 * the same crossing, so that no pixel along it is covered twice (GL ES
 * 2.0 3.5.1: the edge's pixels belong to one of the two; the fan's
 * sectors do not overlap on the screen, w being 1) nor left out (dEQP's
 * clipping.polygon_edge.poly_fan).
 */
static void t_clip_shared_edges(struct vgc_core *c)
{
	const unsigned int n = 61;
	const float r = 70000.0f;
	unsigned int i, x, y, twice = 0;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	st(VGC_PE_ALPHA_CONFIG, VGC_PE_BLEND_ENABLE |
	   VGC_BF_ONE << 4 | VGC_BF_ONE << 8 | VGC_BEQ_ADD << 12 |
	   VGC_BF_ONE << 20 | VGC_BF_ONE << 24 | VGC_BEQ_ADD << 28);
	vtx(0, 0.013f, -0.021f, 0.1f, 1, 0.25f, 0.25f, 0.25f, 0.25f);
	for (i = 0; i <= n; i++) {
		double a = 2 * 3.14159265358979 * (i % n) / n + 0.1;

		vtx(i + 1, (float)(r * cos(a)), (float)(r * sin(a)),
		    (float)(r * (i & 1 ? 1.37 : -0.83) * sin(3 * a)), 1,
		    0.25f, 0.25f, 0.25f, 0.25f);
	}
	draw(VGC_PRIM_TRIANGLE_FAN, 0, n);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			twice += (px(x, y) & 0xff) > 0x40;
	EXPECT_EQ(twice, 0);
}

/* Stencil REPLACE, then EQUAL against it, on D24S8. */
static void t_stencil(struct vgc_core *c)
{
	unsigned int x, y;
	uint32_t d;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	memset(mem + ZB, 0, W * H * 4);
	st(VGC_PE_DEPTH_STRIDE, W * 4);
	st(VGC_PE_DEPTH_CONFIG, 1 << 4 /* D24S8, depth mode NONE */);
	st(VGC_PE_STENCIL_OP, VGC_CMP_ALWAYS | VGC_SOP_REPLACE << 4 |
	   VGC_SOP_KEEP << 8 | VGC_SOP_KEEP << 12);
	st(VGC_PE_STENCIL_CONFIG, 1 /* ONE_SIDED */ | 0x5a << 8 |
	   0xff << 16 | 0xffu << 24);
	/* the left half of the screen gets stencil 0x5a */
	vtx(0, -1, -1, 0, 1, 1, 0, 0, 1);
	vtx(1, 0, -1, 0, 1, 1, 0, 0, 1);
	vtx(2, -1, 1, 0, 1, 1, 0, 0, 1);
	vtx(3, 0, 1, 0, 1, 1, 0, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	/* then a green full screen where stencil == 0x5a, decrementing */
	st(VGC_PE_STENCIL_OP, VGC_CMP_EQUAL | VGC_SOP_DECR << 4 |
	   VGC_SOP_INCR << 8 | VGC_SOP_KEEP << 12);
	vtx(4, -1, -1, 0, 1, 0, 1, 0, 1);
	vtx(5, 1, -1, 0, 1, 0, 1, 0, 1);
	vtx(6, -1, 1, 0, 1, 0, 1, 0, 1);
	vtx(7, 1, 1, 0, 1, 0, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 4, 2);
	run(c);
	for (y = 0; y < H; y += 7)
		for (x = 0; x < W; x += 5) {
			memcpy(&d, mem + ZB + tiled(x, y, 4, W * 4), 4);
			EXPECT_EQ(d & 0xff, x < W / 2 ? 0x59 : 0x01);
			EXPECT_EQ(d >> 8, 0);
			EXPECT_EQ(px(x, y), x < W / 2 ? 0xff00ff00u : 0);
		}
}

/* SRC_ALPHA, ONE_MINUS_SRC_ALPHA; then a colour mask. */
static void t_blend_mask(struct vgc_core *c)
{
	const float s[4] = { 1.0f, 0.5f, 0.2f, 0.25f };
	const uint32_t dst = 0x80204060u;	/* a, r, g, b */
	float d[4] = { 0x20 / 255.0f, 0x40 / 255.0f, 0x60 / 255.0f,
		       0x80 / 255.0f }, o[4];
	unsigned int k;

	setup(c);
	set_px(10, 10, dst);
	set_px(50, 50, dst);
	st(VGC_PE_ALPHA_CONFIG, VGC_PE_BLEND_ENABLE |
	   VGC_BF_SRC_ALPHA << 4 | VGC_BF_ONE_MINUS_SRC_ALPHA << 8 |
	   VGC_BEQ_ADD << 12 | VGC_BF_SRC_ALPHA << 20 |
	   VGC_BF_ONE_MINUS_SRC_ALPHA << 24 | VGC_BEQ_ADD << 28);
	vtx(0, -1, -1, 0, 1, s[0], s[1], s[2], s[3]);
	vtx(1, 0, -1, 0, 1, s[0], s[1], s[2], s[3]);
	vtx(2, -1, 0, 0, 1, s[0], s[1], s[2], s[3]);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	/* no blending, only red and alpha written */
	st(VGC_PE_ALPHA_CONFIG, 0);
	st(VGC_PE_COLOR_FORMAT, VGC_RS_FMT_A8R8G8B8 | (1u | 8u) << 8);
	vtx(3, 0.2f, 0.2f, 0, 1, s[0], s[1], s[2], s[3]);
	vtx(4, 1, 0.2f, 0, 1, s[0], s[1], s[2], s[3]);
	vtx(5, 0.2f, 1, 0, 1, s[0], s[1], s[2], s[3]);
	draw(VGC_PRIM_TRIANGLES, 3, 1);
	run(c);
	for (k = 0; k < 4; k++)
		o[k] = s[k] * s[3] + d[k] * (1 - s[3]);
	EXPECT_EQ(px(10, 10), argb(o[0], o[1], o[2], o[3]));
	EXPECT_EQ(px(50, 50), (dst & 0x0000ffffu) | 0xffu << 16 |
		  (uint32_t)(0.25f * 255 + 0.5f) << 24);
}

/* A triangle crossing the near plane: only its part in front is drawn. */
static void t_near_clip(struct vgc_core *c)
{
	unsigned int x, y, drawn = 0;
	/* z in NDC along the triangle: -3 at the top vertex, 0 at the others */
	float ax = 32, ay = 0, bx = 0, by = 64, cx = 64, cy = 64, area;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	vtx(0, 0, -1, -3, 1, 1, 1, 1, 1);
	vtx(1, -1, 1, 0, 1, 1, 1, 1, 1);
	vtx(2, 1, 1, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	run(c);
	area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			float sx = x + 0.5f, sy = y + 0.5f;
			float la = ((bx - sx) * (cy - sy) -
				    (cx - sx) * (by - sy)) / area;
			float z = -3 * la;	/* w = 1: linear */
			bool in = covers(win(0, -1), win(-1, 1), win(1, 1),
					 x, y);

			drawn += px(x, y) != 0;
			if (px(x, y) && (!in || z < -1.02f))
				fail("(%u, %u) drawn, z %f", x, y, z);
			if (!px(x, y) && in && z > -0.98f)
				fail("(%u, %u) missing, z %f", x, y, z);
		}
	if (!drawn)
		fail("nothing drawn");
}

/* Culling: CW culls the clockwise (on screen) triangle only. */
static void t_cull(struct vgc_core *c)
{
	unsigned int mode;

	for (mode = 0; mode < 3; mode++) {
		setup(c);
		memset(mem + RT, 0, STRIDE * H);
		st(VGC_PA_CONFIG, mode << 8);
		/* clockwise with y down: top-left, top-right, bottom-left */
		vtx(0, -1, -1, 0, 1, 1, 0, 0, 1);
		vtx(1, 0, -1, 0, 1, 1, 0, 0, 1);
		vtx(2, -1, 0, 0, 1, 1, 0, 0, 1);
		/* counter-clockwise */
		vtx(3, 0.2f, 0.2f, 0, 1, 0, 1, 0, 1);
		vtx(4, 0.2f, 1, 0, 1, 0, 1, 0, 1);
		vtx(5, 1, 0.2f, 0, 1, 0, 1, 0, 1);
		draw(VGC_PRIM_TRIANGLES, 0, 2);
		run(c);
		EXPECT_EQ(px(4, 4), mode == VGC_PA_CULL_CW ? 0 : 0xffff0000u);
		EXPECT_EQ(px(44, 44), mode == VGC_PA_CULL_CCW ? 0 :
			  0xff00ff00u);
	}
}

/* A quad from four vertices and six 16-bit indices, with an index bias. */
static void t_indexed16(struct vgc_core *c)
{
	static const uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
	unsigned int x, y, n = 0;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	memcpy(mem + IB, idx, sizeof(idx));
	/* the vertices at 10..13: the bias adds 10 */
	vtx(10, -0.75f, -0.75f, 0, 1, 0, 0, 1, 1);
	vtx(11, 0.25f, -0.75f, 0, 1, 0, 0, 1, 1);
	vtx(12, -0.75f, 0.25f, 0, 1, 0, 0, 1, 1);
	vtx(13, 0.25f, 0.25f, 0, 1, 0, 0, 1, 1);
	st(VGC_FE_INDEX_STREAM_BASE_ADDR, gb + IB);
	st(VGC_FE_INDEX_STREAM_CONTROL, VGC_FE_IT_UNSIGNED_SHORT);
	draw_indexed(VGC_PRIM_TRIANGLES, 0, 2, 10);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool in = x >= 8 && x < 40 && y >= 8 && y < 40;

			n += px(x, y) == 0xff0000ffu;
			if (px(x, y) != (in ? 0xff0000ffu : 0))
				fail("(%u, %u) = 0x%08x", x, y, px(x, y));
		}
	EXPECT_EQ(n, 32 * 32);
	EXPECT_EQ(c->stats.vertices_3d, 4);	/* the cache */
}

/*
 * setup()'s programs as a HALTI5 core runs them: from memory at SHB (VS)
 * and SHB + 0x100 (PS), through the HALTI5 I/O and vertex element states.
 */
#define SHB	0x4c000u	/* shader code */
static void setup_halti5(void)
{
	uint32_t code[4];

	st(VGC_NFE_GENERIC_ATTRIB_CONFIG0(0), VGC_FE_DT_FLOAT);
	st(VGC_NFE_GENERIC_ATTRIB_CONFIG0(1), VGC_FE_DT_FLOAT | 16u << 16);
	st(VGC_VS_HALTI5_INPUT(0), 0 | 1 << 8);
	st(VGC_VS_HALTI5_OUTPUT(0), 0 | 1 << 8);
	mov(code, 0, VGC_RG_TEMP, 0);
	memcpy(mem + SHB, code, 16);
	mov(code, 2, VGC_RG_TEMP, 1);
	memcpy(mem + SHB + 0x100, code, 16);
	st(VGC_VS_ICACHE_CONTROL, VGC_VS_ICACHE_ENABLE);
	st(VGC_VS_INST_ADDR, gb + SHB);
	st(VGC_VS_NEWRANGE_LOW, 0);
	st(VGC_VS_NEWRANGE_HIGH, 1);
	st(VGC_PS_INST_ADDR, gb + SHB + 0x100);
	st(VGC_PS_NEWRANGE_LOW, 0);
	st(VGC_PS_NEWRANGE_HIGH, 1);
}

/*
 * A fast-cleared render target: the 64-byte blocks the triangle touches
 * are filled with the clear value, written, and marked not cleared; the
 * others stay as they were, memory and status.
 */
static void fast_clear_case(struct vgc_core *c, unsigned int bsz,
			    uint32_t pe_mem)
{
	const uint32_t clear = 0xff112233u;
	unsigned int x, y, blk, bits = 2;
	bool touched[W * H * 4 / 64] = { 0 };
	unsigned int nblk = W * H * 4 / bsz;
	struct rv a = win(-1, -1), b = win(-0.9f, -1), d = win(-1, -0.9f);

	setup(c);
	/* Mesa 22.3 etnaviv_screen.c: 4 bits an entry with 128-byte lines */
	if (!(vgc_get_ident(c)->minor[0] & VGC_MINOR0_2BITPERTILE) ||
	    bsz > 64)
		bits = 4;
	memset(mem + RT, 0, STRIDE * H);
	memset(mem + TSB, bits == 2 ? 0x55 : 0x11, nblk * bits / 8);
	if (bsz > 64) {
		setup_halti5();
		st(VGC_PE_MEM_CONFIG, pe_mem);
	}
	st(VGC_TS_MEM_CONFIG, VGC_TS_COLOR_FAST_CLEAR);
	st(VGC_TS_COLOR_STATUS_BASE, gb + TSB);
	st(VGC_TS_COLOR_SURFACE_BASE, gb + RT);
	st(VGC_TS_COLOR_CLEAR_VALUE, clear);
	vtx(0, -1, -1, 0, 1, 1, 1, 1, 1);
	vtx(1, -0.9f, -1, 0, 1, 1, 1, 1, 1);
	vtx(2, -1, -0.9f, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			if (covers(a, b, d, x, y))
				touched[tiled(x, y, 4, STRIDE) / bsz] = true;
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool in = covers(a, b, d, x, y);

			blk = tiled(x, y, 4, STRIDE) / bsz;
			EXPECT_EQ(px(x, y), in ? 0xffffffffu :
				  touched[blk] ? clear : 0);
		}
	for (blk = 0; blk < nblk; blk++) {
		unsigned int e = (mem[TSB + blk * bits / 8] >>
				  (blk * bits % 8)) & ((1u << bits) - 1);

		EXPECT_EQ(e, touched[blk] ? 0 : 1);
	}
	EXPECT_EQ(c->stats.ts_blocks_filled, 1);
}

static void t_fast_clear(struct vgc_core *c)
{
	fast_clear_case(c, 64, 0);
}

/*
 * HALTI5 with 128-byte cache lines: an entry covers 128 bytes, or 256 with
 * PE_MEM_CONFIG's COLOR_TS_MODE (Mesa 22.3 etnaviv_state.c, common_3d.xml)
 */
static void t_fast_clear_128(struct vgc_core *c)
{
	fast_clear_case(c, 128, 0);
}

static void t_fast_clear_256(struct vgc_core *c)
{
	fast_clear_case(c, 256, VGC_PE_MEM_COLOR_TS_MODE);
}

/*
 * The scene of t_mmuv1_pixels(): a fast-cleared A8R8G8B8 target at @rt
 * (its TS at @ts), a D16 buffer at @zb (depth LESS), the vertices at
 * @vb, two overlapping
 * strips with the second half hidden; the draw in runs of 64 units.
 */
static void mmuv1_scene(struct vgc_core *c, uint32_t rt, uint32_t ts,
			uint32_t zb, uint32_t vb)
{
	unsigned int bits = vgc_get_ident(c)->minor[0] &
			    VGC_MINOR0_2BITPERTILE ? 2 : 4;

	setup(c);
	st(VGC_FE_VERTEX_STREAMS_BASE_ADDR(0), vb);
	st(VGC_NFE_VERTEX_STREAMS_BASE_ADDR(0), vb);
	st(VGC_FE_VERTEX_STREAM_BASE_ADDR, vb);
	memset(mem + RT, 0, STRIDE * H);
	memset(mem + TSB, bits == 2 ? 0x55 : 0x11, W * H * 4 / 64 * bits / 8);
	memset(mem + ZB, 0xff, W * H * 2);
	st(VGC_PE_COLOR_ADDR, rt);
	st(VGC_PE_PIPE_COLOR_ADDR(0), rt);
	st(VGC_PE_DEPTH_ADDR, zb);
	st(VGC_PE_PIPE_DEPTH_ADDR(0), zb);
	st(VGC_TS_MEM_CONFIG, VGC_TS_COLOR_FAST_CLEAR);
	st(VGC_TS_COLOR_STATUS_BASE, ts);
	st(VGC_TS_COLOR_SURFACE_BASE, rt);
	st(VGC_TS_COLOR_CLEAR_VALUE, 0xff112233u);
	st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ | VGC_CMP_LESS << 8 |
	   VGC_PE_DEPTH_WRITE);
	vtx(0, -1, -1, 0.5f, 1, 1, 0, 0, 1);
	vtx(1, 0.6f, -1, 0.5f, 1, 1, 0, 0, 1);
	vtx(2, -1, 0.7f, 0.5f, 1, 1, 0, 0, 1);
	vtx(3, 0.6f, 0.7f, 0.5f, 1, 1, 0, 0, 1);
	vtx(4, -0.5f, -0.8f, 0.75f, 1, 0, 1, 0, 1);
	vtx(5, 1, -0.8f, 0.25f, 1, 0, 1, 0, 1);
	vtx(6, -0.5f, 1, 0.75f, 1, 0, 1, 0, 1);
	vtx(7, 1, 1, 0.25f, 1, 0, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	draw(VGC_PRIM_TRIANGLE_STRIP, 4, 2);
	run(c);
}

/*
 * MMUv1: a scene drawn through a page table (the TS page in the PE's TLB
 * entry of the target's first page: each takes the other's place) leaves
 * the target, its TS and the depth as through the linear window, with
 * the same pixel engine's counts; the TLBs refilled within the draw. The
 * oracle counts the first scene's accesses (escapes), not the second's.
 */
static void t_mmuv1_pixels(struct vgc_core *c)
{
	static uint8_t rt[STRIDE * H], zb[W * H * 2], ts[W * H * 4 / 64 / 2];
	const uint32_t pt = 0x100000, v = VGC_MMUV1_VIRT_BIT;
	const uint32_t vrt = v + 0x10000, vts = v + 0x50000, vzb = v + 0x20000;
	const uint32_t vvb = v + 0x60000;
	uint64_t written, killed, filled, passed;
	unsigned int i, cl;

	mmuv1_scene(c, gb + RT, gb + TSB, gb + ZB, gb + VB);
	memcpy(rt, mem + RT, sizeof(rt));
	memcpy(zb, mem + ZB, sizeof(zb));
	memcpy(ts, mem + TSB, sizeof(ts));
	written = c->stats.pixels_written;
	killed = c->stats.pe_depth_killed;
	passed = c->stats.pe_depth_passed;
	filled = c->stats.ts_blocks_filled;
	EXPECT_EQ(filled > 0 && killed > 0 && written > 0, 1);
	/* the engines went through the linear window: the oracle counted */
	EXPECT_EQ(c->stats.escapes > written, 1);

	memset(c, 0, sizeof(*c));
	vgc_init(c, vgc_ident_find("gc880"), &ops, NULL);
	memset(w32(pt), 0, 4096);
	/* vrt's page 0 and vts share a TLB entry: (0x10 + 0x40) % 64 */
	for (i = 0; i < STRIDE * H / 4096; i++)
		w32(pt)[(vrt - v) / 4096 + i] = MEM_BASE + RT + 4096 * i;
	for (i = 0; i < W * H * 2 / 4096; i++)
		w32(pt)[(vzb - v) / 4096 + i] = MEM_BASE + ZB + 4096 * i;
	w32(pt)[(vts - v) / 4096] = MEM_BASE + TSB;
	w32(pt)[(vvb - v) / 4096] = MEM_BASE + VB;
	for (cl = 0; cl < 5; cl++)
		vgc_write(c, VGC_MC_MMU_FE_PAGE_TABLE + 4 * cl, MEM_BASE + pt);
	mmuv1_scene(c, vrt, vts, vzb, vvb);
	EXPECT_EQ(memcmp(rt, mem + RT, sizeof(rt)), 0);
	EXPECT_EQ(memcmp(zb, mem + ZB, sizeof(zb)), 0);
	EXPECT_EQ(memcmp(ts, mem + TSB, sizeof(ts)), 0);
	EXPECT_EQ(c->stats.pixels_written, written);
	EXPECT_EQ(c->stats.pe_depth_killed, killed);
	EXPECT_EQ(c->stats.pe_depth_passed, passed);
	EXPECT_EQ(c->stats.ts_blocks_filled, filled);
	EXPECT_EQ(c->stats.bus_errors, 0);
	EXPECT_EQ(c->mmu1.gen > 8, 1);
	/* only the commands in the window: no escape */
	EXPECT_EQ(c->stats.escapes, 0);
}

/*
 * A 65535-pixel triangle is bounded by the scissor; with a scissor as
 * large, each vgc_fe_run() call still returns after bounded work.
 */
static void t_huge_triangle(struct vgc_core *c)
{
	unsigned int calls;

	setup(c);
	vtx(0, -2048, -2048, 0, 1, 1, 1, 1, 1);
	vtx(1, 4096, -2048, 0, 1, 1, 1, 1, 1);
	vtx(2, -2048, 4096, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	calls = run(c);
	EXPECT_EQ(c->stats.pixels_written, W * H);
	if (calls > 100)
		fail("a clipped huge triangle took %u calls", calls);

	/* the scissor 32767 wide (what 16.16 holds): bounded calls */
	setup(c);
	stx(VGC_SE_SCISSOR_RIGHT, 0x7fff0000u);
	stx(VGC_SE_SCISSOR_BOTTOM, 0x7fff0000u);
	stx(VGC_SE_CLIP_RIGHT, 0x7fff0000u);
	stx(VGC_SE_CLIP_BOTTOM, 0x7fff0000u);
	st(VGC_PE_COLOR_FORMAT, VGC_RS_FMT_A8R8G8B8);	/* nothing written */
	stx(VGC_PA_VIEWPORT_SCALE_X, 0x7fff0000u);
	stx(VGC_PA_VIEWPORT_SCALE_Y, 0x7fff0000u);
	stx(VGC_PA_VIEWPORT_OFFSET_X, 0x7fff0000u);
	stx(VGC_PA_VIEWPORT_OFFSET_Y, 0x7fff0000u);
	vtx(0, -1, -1, 0, 1, 1, 1, 1, 1);
	vtx(1, 1, -1, 0, 1, 1, 1, 1, 1);
	vtx(2, -1, 1, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	at = emit(at, OP_END, 0);
	start(c, gb + CMD, (at - CMD) / 8);
	for (calls = 0; calls < 20; calls++)
		EXPECT_EQ(vgc_fe_run(c, 64), VGC_RUN_BUSY);
	if (c->stats.pixels_shaded > 20 * 65536 || !c->stats.pixels_shaded)
		fail("%llu pixels shaded in 20 calls",
		     (unsigned long long)c->stats.pixels_shaded);
	EXPECT_EQ(vgc_3d_busy(c), true);
	/* a reset ends the draw */
	vgc_write(c, VGC_CLOCK_CONTROL, VGC_CLK_SOFT_RESET);
	EXPECT_EQ(vgc_3d_busy(c), false);
}

/* A million vertices: bounded per call, all of them shaded in the end. */
static void t_million_vertices(struct vgc_core *c)
{
	const unsigned int prims = 1000000 / 3;
	unsigned int calls = 0;
	uint64_t v1;

	setup(c);
	/* every vertex (0, 0): degenerate triangles, nothing drawn */
	memset(mem + VB, 0, 32);
	st(VGC_FE_VERTEX_STREAMS_CONTROL(0), 0);	/* stride 0 */
	draw(VGC_PRIM_TRIANGLES, 0, prims);
	at = emit(at, OP_END, 0);
	start(c, gb + CMD, (at - CMD) / 8);
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000) {
		if (!calls++) {
			v1 = c->stats.vertices_3d;
			if (!v1 || v1 > 100000)
				fail("%llu vertices in the first call",
				     (unsigned long long)v1);
		}
	}
	EXPECT_EQ(c->stats.primitives_3d, prims);
	EXPECT_EQ(c->stats.vertices_3d, 3 * prims);
	EXPECT_EQ(c->stats.pixels_written, 0);
	if (calls < 10)
		fail("only %u calls", calls);
}

/*
 * A draw of a million triangles of one vertex the cache holds (every
 * index 0), behind the eye (w -1: clipped away whole): no vertex is
 * shaded after the first and nothing is set up, yet each primitive is a
 * unit of work, and a vgc_fe_run() call returns after its units' worth
 * (issue 30: bounded work per primitive).
 */
static void t_cached_primitives(struct vgc_core *c)
{
	const unsigned int prims = 1000000;
	unsigned int calls = 0;

	setup(c);
	vtx(0, 0, 0, 0, -1, 1, 1, 1, 1);
	memset(mem + 0x100000, 0, 3 * prims);	/* to the end of memory */
	st(VGC_FE_INDEX_STREAM_BASE_ADDR, gb + 0x100000);
	st(VGC_FE_INDEX_STREAM_CONTROL, VGC_FE_IT_UNSIGNED_CHAR);
	draw_indexed(VGC_PRIM_TRIANGLES, 0, prims, 0);
	at = emit(at, OP_END, 0);
	start(c, gb + CMD, (at - CMD) / 8);
	vgc_fe_run(c, 64);
	if (c->stats.primitives_3d > 2 * 65536)
		fail("%llu primitives in the first call",
		     (unsigned long long)c->stats.primitives_3d);
	while (vgc_fe_run(c, 64) != VGC_RUN_IDLE && calls < 1000000)
		calls++;
	EXPECT_EQ(c->stats.primitives_3d, prims);
	EXPECT_EQ(c->stats.vertices_3d, 1);
	EXPECT_EQ(c->stats.pixels_written, 0);
	EXPECT_EQ(c->stats.draws_cut_short, 0);
}

/*
 * Hostile values give defined results (issue 30; the unit tests run
 * with UBSan's float-cast-overflow): a viewport offset of 1e29 puts each
 * vertex at the window's 2^20-pixel limit, where nothing is drawn and no
 * edge function overflows; NaN and infinite positions draw nothing; a
 * depth normalisation of 1e30 saturates the depth written.
 */
static void t_hostile_values(struct vgc_core *c)
{
	const float inf = 1.0f / 0.0f, nan = 0.0f / 0.0f;
	uint16_t d;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	st(VGC_PA_VIEWPORT_OFFSET_X, fu(1e29f));
	st(VGC_PA_VIEWPORT_OFFSET_Y, fu(-1e29f));
	vtx(0, -1, -1, 0, 1, 1, 1, 1, 1);
	vtx(1, 1, -1, 0, 1, 1, 1, 1, 1);
	vtx(2, -1, 1, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	draw(VGC_PRIM_LINES, 0, 1);
	draw(VGC_PRIM_POINTS, 0, 3);
	run(c);
	EXPECT_EQ(c->stats.draws_3d, 3);
	EXPECT_EQ(c->stats.primitives_3d, 5);
	EXPECT_EQ(c->stats.pixels_written, 0);

	setup(c);
	vtx(0, nan, -1, 0, 1, 1, 1, 1, 1);
	vtx(1, 1, inf, 0, 1, 1, 1, 1, 1);
	vtx(2, -1, 1, 0, nan, 1, 1, 1, 1);
	vtx(3, -inf, -1, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	draw(VGC_PRIM_LINE_STRIP, 0, 3);
	draw(VGC_PRIM_POINTS, 0, 4);
	run(c);
	EXPECT_EQ(c->stats.pixels_written, 0);
	EXPECT_EQ(c->stats.draws_cut_short + c->stats.draws_unsupported, 0);

	setup(c);
	memset(mem + ZB, 0, W * H * 2);
	st(VGC_PE_DEPTH_CONFIG, 1 /* Z */ | VGC_CMP_ALWAYS << 8 |
	   VGC_PE_DEPTH_WRITE);
	st(VGC_PE_DEPTH_NORMALIZE, fu(1e30f));
	vtx(0, -1, -1, 0.5f, 1, 1, 1, 1, 1);
	vtx(1, 3, -1, 0.5f, 1, 1, 1, 1, 1);
	vtx(2, -1, 3, 0.5f, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	run(c);
	EXPECT_EQ(c->stats.pixels_written, W * H);
	memcpy(&d, mem + ZB + tiled(W / 2, H / 2, 2, W * 2), 2);
	EXPECT_EQ(d, 0xffff);
}

/*
 * GC2000 (two pixel pipes): the render target is split between the
 * pipes' halves, multi-tiled or multi-supertiled (etna_viv
 * doc/hardware.md "Multi-tiling", as sim/doc/rs-ts.md reads it).
 */
static uint32_t multi_off(unsigned int x, unsigned int y, bool super,
			  uint32_t half1)
{
	unsigned int tx = x / 4, ty = y / 4, h, lx, ly, sx, sy, idx;
	uint32_t in = ((y % 4) * 4 + x % 4) * 4, trow = 4 * STRIDE;

	if (!super) {
		h = (tx + ty) % 2;
		return h * half1 + (ty / 2) * trow + (tx ^ h) * 64 + in;
	}
	lx = tx % 16;
	ly = ty % 32;
	h = ((lx / 2) + ly) % 2;
	sx = (lx & 1) | (ly % 2) * 2 | (lx / 4) * 4;
	sy = ly / 2;
	idx = sx % 2 + 8 * (sx / 2) + 2 * (sy % 4) + 64 * (sy / 4);
	return h * half1 + (ty / 32) * 16 * trow + (tx / 16) * 256 * 64 +
	       idx * 64 + in;
}

static void t_multi(struct vgc_core *c)
{
	unsigned int super, x, y;
	uint32_t half1, v;
	struct rv a = win(-0.9f, -0.7f), b = win(0.8f, -0.95f),
		  d = win(0.3f, 0.9f);

	for (super = 0; super < 2; super++) {
		half1 = super ? 0x4000 : STRIDE * H / 2;
		setup(c);
		memset(mem + RT, 0, 0x8000);
		st(VGC_PE_PIPE_COLOR_ADDR(1), gb + RT + half1);
		st(VGC_PE_COLOR_FORMAT, VGC_RS_FMT_A8R8G8B8 | 0xfu << 8 |
		   (super ? VGC_PE_CF_SUPER : 0));
		vtx(0, -0.9f, -0.7f, 0, 1, 1, 0, 1, 1);
		vtx(1, 0.8f, -0.95f, 0, 1, 1, 0, 1, 1);
		vtx(2, 0.3f, 0.9f, 0, 1, 1, 0, 1, 1);
		draw(VGC_PRIM_TRIANGLES, 0, 1);
		run(c);
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++) {
				memcpy(&v, mem + RT +
				       multi_off(x, y, super, half1), 4);
				if (v != (covers(a, b, d, x, y) ?
					  0xffff00ffu : 0))
					fail("super %u (%u, %u) = 0x%08x",
					     super, x, y, v);
			}
	}
}

/* Lines and points: quads of the width and size the states give. */
static void t_lines_points(struct vgc_core *c)
{
	unsigned int x, y, n = 0;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	st(VGC_PA_LINE_WIDTH, fu(1.0f));	/* half the width: 2 pixels */
	/* a horizontal line at y 20 from x 8 to 40 */
	vtx(0, -0.75f, -0.375f, 0, 1, 1, 0, 0, 1);
	vtx(1, 0.25f, -0.375f, 0, 1, 1, 0, 0, 1);
	draw(VGC_PRIM_LINES, 0, 1);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool in = x >= 8 && x < 40 && y >= 19 && y < 21;

			n += !!px(x, y);
			if (px(x, y) != (in ? 0xffff0000u : 0))
				fail("line: (%u, %u) = 0x%08x", x, y,
				     px(x, y));
		}
	EXPECT_EQ(n, 64);

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	st(VGC_PA_POINT_SIZE, fu(2.0f));	/* half the size: 4 pixels */
	vtx(0, 0, 0, 0, 1, 0, 0, 1, 1);
	draw(VGC_PRIM_POINTS, 0, 1);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool in = x >= 30 && x < 34 && y >= 30 && y < 34;

			if (px(x, y) != (in ? 0xff0000ffu : 0))
				fail("point: (%u, %u) = 0x%08x", x, y,
				     px(x, y));
		}
}

/* A render target the MMU does not map: the draw ends, the FE goes on. */
static void t_fault(struct vgc_core *c)
{
	setup(c);
	st(VGC_PE_COLOR_ADDR, MEM_SIZE + 0x100000u);	/* no memory there */
	vtx(0, -1, -1, 0, 1, 1, 0, 0, 1);
	vtx(1, 1, -1, 0, 1, 1, 0, 0, 1);
	vtx(2, -1, 1, 0, 1, 1, 0, 0, 1);
	draw(VGC_PRIM_TRIANGLES, 0, 1);
	run(c);
	EXPECT_EQ(c->stats.draws_cut_short, 1);
	EXPECT_EQ(c->stats.pixels_written, 0);
	EXPECT_EQ(c->stats.bus_errors, 1);
}

/*
 * GC3000: DRAW_INSTANCED (what Mesa emits on HALTI2 cores) takes a vertex
 * count; indexed, the bias in its third word. Two instances draw twice.
 */
static void t_instanced(struct vgc_core *c)
{
	static const uint8_t idx[6] = { 0, 1, 2, 2, 1, 3 };
	unsigned int x, y;
	uint64_t w0;

	setup(c);
	memset(mem + RT, 0, STRIDE * H);
	memcpy(mem + IB, idx, sizeof(idx));
	vtx(5, -0.75f, -0.75f, 0, 1, 0, 1, 1, 1);
	vtx(6, 0.25f, -0.75f, 0, 1, 0, 1, 1, 1);
	vtx(7, -0.75f, 0.25f, 0, 1, 0, 1, 1, 1);
	vtx(8, 0.25f, 0.25f, 0, 1, 0, 1, 1, 1);
	st(VGC_FE_INDEX_STREAM_BASE_ADDR, gb + IB);
	st(VGC_FE_INDEX_STREAM_CONTROL, VGC_FE_IT_UNSIGNED_CHAR);
	/* only the NFE stream states hold the vertex buffer */
	st(VGC_FE_VERTEX_STREAMS_BASE_ADDR(0), 0);
	st(VGC_FE_VERTEX_STREAM_BASE_ADDR, 0);
	w32(at)[0] = 0x60000000u | VGC_DRAWI_INDEXED |
		     VGC_PRIM_TRIANGLES << 16 | 2;	/* 2 instances */
	w32(at)[1] = 6;					/* 6 vertices */
	w32(at)[2] = 5;					/* index bias */
	w32(at)[3] = 0;
	at += 16;
	w0 = c->stats.pixels_written;
	run(c);
	EXPECT_EQ(c->stats.pixels_written - w0, 2 * 32 * 32);
	EXPECT_EQ(c->stats.primitives_3d, 4);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool in = x >= 8 && x < 40 && y >= 8 && y < 40;

			if (px(x, y) != (in ? 0xff00ffffu : 0))
				fail("(%u, %u) = 0x%08x", x, y, px(x, y));
		}
}

/*
 * Every thread starts with zeroed temporaries: a pixel shader reading t5,
 * which it never writes, reads 0 even where the vertex shader, run in the
 * same threads' registers just before, left t5 white.
 */
static void t_fresh_temps(struct vgc_core *c)
{
	uint32_t code[8];
	unsigned int x, y, bad = 0;

	setup(c);
	/* VS: t0 = t0, t5 = t1 (the colour, white) */
	mov(code, 0, VGC_RG_TEMP, 0);
	mov(code + 4, 5, VGC_RG_TEMP, 1);
	states(VGC_SH_INST_MEM, code, 8, false);
	st(VGC_VS_END_PC, 2);
	/* PS: t2 = t5 */
	mov(code, 2, VGC_RG_TEMP, 5);
	states(VGC_SH_INST_MEM + 0x100 * 16, code, 4, false);
	memset(mem + RT, 0x5a, STRIDE * H);
	vtx(0, -1, -1, 0, 1, 1, 1, 1, 1);
	vtx(1, 1, -1, 0, 1, 1, 1, 1, 1);
	vtx(2, -1, 1, 0, 1, 1, 1, 1, 1);
	vtx(3, 1, 1, 0, 1, 1, 1, 1, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			bad += px(x, y) != 0;
	if (bad)
		fail("%u of %u pixels not 0 (0x%08x at 0, 0)", bad, W * H,
		     px(0, 0));
}

/*
 * HALTI5 (the GC7000): the programs come from memory at VS/PS_INST_ADDR,
 * NEWRANGE_LOW up to NEWRANGE_HIGH; the inputs and outputs from the
 * VS_HALTI5_INPUT/OUTPUT states, the vertex elements from
 * NFE_GENERIC_ATTRIB_CONFIG0, the uniforms from one store seen through two
 * windows (the VS's loaded through the mirror, the PS's at its base
 * through the other), as Mesa 22.3 sends them. The pre-HALTI5 states are
 * left wrong on purpose. A quad over the whole target: every pixel the
 * sum of the VS's uniform (passed as the varying) and the PS's.
 */
static void t_halti5(struct vgc_core *c)
{
	const struct ins ps_add = alu(VGC_OPC_ADD, 2, MXYZW, T(1, XYZW), NONE,
				      U(0, XYZW));
	const float vsu[4] = { 0.25f, 0.0f, 0.5f, 0.0f };
	const float psu[4] = { 0.0f, 0.5f, 0.25f, 1.0f };
	uint32_t code[12], u[4];
	unsigned int x, y, i, bad = 0;

	setup(c);
	/* the states of the other cores, wrong: */
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(0), VGC_FE_DT_FLOAT | 16u << 16);
	st(VGC_FE_VERTEX_ELEMENT_CONFIG(1), VGC_FE_DT_FLOAT);
	st(VGC_VS_INPUT(0), 3 | 3 << 8);
	st(VGC_VS_OUTPUT(0), 3 | 3 << 8);
	st(VGC_VS_END_PC, 0);
	st(VGC_PS_END_PC, 0);
	/* ... HALTI5's right */
	st(VGC_NFE_GENERIC_ATTRIB_CONFIG0(0), VGC_FE_DT_FLOAT);
	st(VGC_NFE_GENERIC_ATTRIB_CONFIG0(1), VGC_FE_DT_FLOAT | 16u << 16);
	st(VGC_VS_HALTI5_INPUT(0), 0 | 1 << 8);
	st(VGC_VS_HALTI5_OUTPUT(0), 0 | 4 << 8);
	/* VS at SHB + 16: (a NOP before NEWRANGE_LOW) t0 = t0, t4 = u0 */
	memset(code, 0, sizeof(code));
	code[0] = VGC_ISA0_PUT_OPCODE(VGC_OPC_NOP);
	mov(code + 4, 0, VGC_RG_TEMP, 0);
	mov(code + 8, 4, VGC_RG_UNIFORM_0, 0);
	memcpy(mem + SHB, code, sizeof(code));
	/* PS at SHB + 0x100: t2 = t1 + u0 */
	encode(&ps_add, code);
	memcpy(mem + SHB + 0x100, code, 16);
	st(VGC_VS_ICACHE_CONTROL, VGC_VS_ICACHE_ENABLE);
	st(VGC_VS_INST_ADDR, gb + SHB);
	st(VGC_VS_NEWRANGE_LOW, 1);
	st(VGC_VS_NEWRANGE_HIGH, 3);
	st(VGC_PS_INST_ADDR, gb + SHB + 0x100);
	st(VGC_PS_NEWRANGE_LOW, 0);
	st(VGC_PS_NEWRANGE_HIGH, 1);
	st(VGC_VS_TEMP_REGISTER_CONTROL, 5);
	/* VS uniforms at 0 through the mirror, the PS's from vec4 8 on */
	st(VGC_VS_UNIFORM_BASE, 0);
	st(VGC_PS_UNIFORM_BASE, 8);
	for (i = 0; i < 4; i++)
		u[i] = fu(vsu[i]);
	states(VGC_SH_HALTI5_UNIFORMS_MIRROR, u, 4, false);
	for (i = 0; i < 4; i++)
		u[i] = fu(psu[i]);
	states(VGC_SH_HALTI5_UNIFORMS + 8 * 16, u, 4, false);
	memset(mem + RT, 0, STRIDE * H);
	vtx(0, -1, -1, 0, 1, 0, 0, 0, 0);
	vtx(1, 1, -1, 0, 1, 0, 0, 0, 0);
	vtx(2, -1, 1, 0, 1, 0, 0, 0, 0);
	vtx(3, 1, 1, 0, 1, 0, 0, 0, 0);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	run(c);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			bad += px(x, y) != argb(0.25f, 0.5f, 0.75f, 1.0f);
	if (bad)
		fail("%u of %u pixels not 0x%08x (0x%08x at 0, 0)", bad,
		     W * H, argb(0.25f, 0.5f, 0.75f, 1.0f), px(0, 0));
}

/*
 * HALTI5: the varyings are interpolated whatever PA_CONFIG's shade model
 * and PA_SHADER_ATTRIBUTES say. Mesa 22.3 loads PA_SHADER_ATTRIBUTES
 * (each varying's BYPASS_FLAT) only before HALTI5, and util_blitter,
 * through which it uploads and copies textures, draws with flatshade on;
 * its texture coordinates must still be interpolated, as they are on a
 * real GC7000 (Mesa's CI passes dEQP's texture tests there:
 * src/etnaviv/ci/etnaviv-gc7000-fails.txt has none of them).
 */
static void t_halti5_smooth(struct vgc_core *c)
{
	varyings_case(c, true);
}

int main(void)
{
	if (sim_test_begin())
		return 1;
	run_test("3d-coverage", t_coverage, "gc880");
	run_test("3d-varyings", t_varyings, "gc880");
	run_test("3d-constant-varying", t_constant_varying, "gc880");
	run_test("3d-depth", t_depth, "gc880");
	run_test("3d-depth-far", t_depth_far, "gc880");
	run_test("3d-normalized-attribs", t_normalized_attribs, "gc880");
	run_test("3d-polygon-offset", t_polygon_offset, "gc880");
	run_test("3d-point-sprite", t_point_sprite, "gc880");
	run_test("3d-frag-depth", t_frag_depth, "gc880");
	run_test("3d-stencil", t_stencil, "gc880");
	run_test("3d-blend-mask", t_blend_mask, "gc880");
	run_test("3d-clip-shared-edges", t_clip_shared_edges, "gc880");
	run_test("3d-near-clip", t_near_clip, "gc880");
	run_test("3d-cull", t_cull, "gc880");
	run_test("3d-indexed16", t_indexed16, "gc880");
	run_test("3d-fast-clear", t_fast_clear, "gc880");
	run_test("3d-huge-triangle", t_huge_triangle, "gc880");
	run_test("3d-mmuv1-pixels", t_mmuv1_pixels, "gc880");
	run_test("3d-million-vertices", t_million_vertices, "gc880");
	run_test("3d-cached-primitives", t_cached_primitives, "gc880");
	run_test("3d-hostile-values", t_hostile_values, "gc880");
	run_test("3d-multi-tiled", t_multi, "gc2000");
	run_test("3d-lines-points", t_lines_points, "gc880");
	run_test("3d-fault", t_fault, "gc880");
	run_test("3d-instanced", t_instanced, "gc3000");
	run_test("3d-fresh-temps", t_fresh_temps, "gc880");
	run_test("3d-halti5", t_halti5, "gc7000");
	run_test("3d-halti5-smooth", t_halti5_smooth, "gc7000");
	run_test("3d-halti5-point-sprite", t_halti5_point_sprite, "gc7000");
	run_test("3d-fast-clear-128", t_fast_clear_128, "gc7000");
	run_test("3d-fast-clear-256", t_fast_clear_256, "gc7000");
	return sim_test_end("sim 3d tests");
}
