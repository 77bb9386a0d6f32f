// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pixel engine's depth and stencil tests as tables (issue 33): every
 * depth compare function on D16 and D24S8 at edge values, every stencil
 * function crossed with every stencil operation in each of its three
 * places (stencil fail, depth fail, depth pass), on front and back faces, with
 * the reference, value mask and write mask at edge values. Each case is
 * a quad drawn through the FE over an 8x8 block whose pixels hold one
 * stored value each; the expected outcome of every pixel comes from the
 * reference below, written from the OpenGL ES 2.0 specification (4.1.5
 * Stencil test, 4.1.6 Depth buffer test) and the state descriptions
 * (rnndb state_3d.xml: PE_DEPTH_CONFIG, PE_STENCIL_OP, PE_STENCIL_CONFIG
 * and its _EXT, _EXT2; D24S8 holds the stencil in its low byte; the
 * hardware's front face is clockwise on the screen, sim/doc/3d-pipeline.md),
 * never from the model.
 *
 * The fragment's depth is the pixel shader's t0.z (gl_FragDepth, as in
 * test_3d.c's 3d-frag-depth), a constant varying: v / (2^n - 1) for a
 * stored value v, which a float holds to within 1/16 of a step for every
 * v used (on D24: 0, 1, 0x123456, 2^24 - 2, whose float is 1 - 2^-24,
 * and 2^24 - 1, which is 1.0), so the tables test the compare and the
 * stencil arithmetic rather than the conversion (but for 1.0 on D24, a
 * class apart: see zcls[] below).
 */
#include "sim_test.h"
#include "sh_enc.h"
#include "draw3d.h"

#define BLK	8		/* the block of pixels a case draws */
#define NPX	(BLK * BLK)

/* ---- the reference (GL ES 2.0 4.1.5, 4.1.6) ------------------------------ */

/*
 * GL's comparison functions in their enumeration order (NEVER, LESS,
 * EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL, ALWAYS = 0x0200 + 0..7, the
 * order the PE's function fields take): bit 0 of the function passes
 * "less", bit 1 "equal", bit 2 "greater". @a is the incoming value (the
 * masked reference, the fragment's depth), @b the stored one.
 */
static bool ref_cmp(unsigned int func, uint32_t a, uint32_t b)
{
	unsigned int rel = a < b ? 0 : a == b ? 1 : 2;

	return func >> rel & 1;
}

static const char *const cmp_name[8] = {
	"never", "less", "equal", "lequal", "greater", "notequal", "gequal",
	"always",
};

/* KEEP, ZERO, REPLACE, INCR, DECR, INVERT, INCR_WRAP, DECR_WRAP */
static const char *const op_name[8] = {
	"keep", "zero", "replace", "incr", "decr", "invert", "incr-wrap",
	"decr-wrap",
};

/* The stencil value operation @op makes of @s (8 bits) with @ref. */
static uint8_t ref_op(unsigned int op, uint8_t s, uint8_t ref)
{
	static const int step[8] = { 0, 0, 0, 1, -1, 0, 1, -1 };
	int v = s + step[op];

	if (op == 1)
		return 0;
	if (op == 2)
		return ref;
	if (op == 5)
		return 0xff ^ s;
	if (op == 3 || op == 4)		/* saturating: [0, 2^8 - 1] */
		return v < 0 ? 0 : v > 255 ? 255 : v;
	return v & 0xff;		/* modulo 2^8 (KEEP: s) */
}

/* One face's stencil state. */
struct face {
	unsigned int func, sfail, zfail, zpass;
	uint8_t ref, mask, wmask;
};

/* A case: the depth and stencil state, the fragment, the pixels in place. */
struct zcase {
	bool d24;			/* D24S8, else D16 */
	bool ztest, zwrite;
	unsigned int zfunc;
	unsigned int smode;		/* 0 off, 1 one-sided, 2 two-sided */
	struct face f[2];		/* front, back */
	bool back;			/* the quad faces back */
	uint32_t z;			/* the fragment's depth, as stored */
	uint32_t zs[NPX];		/* stored depth */
	uint8_t ss[NPX];		/* stored stencil */
};

/* What a pixel holds after the fragment: depth, stencil, drawn. */
static void ref_pixel(const struct zcase *k, unsigned int i, uint32_t *z,
		      uint8_t *s, bool *drawn)
{
	const struct face *f = &k->f[k->smode == 2 && k->back];
	bool stencil = k->d24 && k->smode, zpass;
	unsigned int op;

	*z = k->zs[i];
	*s = k->ss[i];
	*drawn = false;
	zpass = !k->ztest || ref_cmp(k->zfunc, k->z, k->zs[i]);
	if (stencil) {
		if (!ref_cmp(f->func, f->ref & f->mask, k->ss[i] & f->mask))
			op = f->sfail;
		else
			op = zpass ? f->zpass : f->zfail;
		*s = (k->ss[i] & ~f->wmask) |
		     (ref_op(op, k->ss[i], f->ref) & f->wmask);
		if (!ref_cmp(f->func, f->ref & f->mask, k->ss[i] & f->mask))
			return;
	}
	if (!zpass)
		return;
	*drawn = true;
	if (k->ztest && k->zwrite)
		*z = k->z;
}

/* ---- running a case ---------------------------------------------------- */

static uint32_t zbytes(const struct zcase *k)
{
	return k->d24 ? 4 : 2;
}

/* Pixel @i of the block: (i % BLK, i / BLK). */
static uint32_t zoff(const struct zcase *k, unsigned int i)
{
	return ZB + tiled(i % BLK, i / BLK, zbytes(k), W * zbytes(k));
}

/*
 * Draw @k; compare every pixel of the block with the reference, a case of
 * class @cls and of @cls2 (NULL: none).
 */
static void run_case(struct vgc_core *c, const struct zcase *k,
		     struct sim_class *cls, struct sim_class *cls2)
{
	const float x1 = -1 + 2.0f * BLK / W, y1 = -1 + 2.0f * BLK / H;
	const struct face *f = k->f;
	float zf = (float)k->z / (k->d24 ? 16777215.0f : 65535.0f);
	unsigned int i, j;

	setup(c);
	frag_depth_ps();
	st(VGC_PE_DEPTH_STRIDE, W * zbytes(k));
	st(VGC_PE_DEPTH_NORMALIZE, fu(k->d24 ? 16777215.0f : 65535.0f));
	st(VGC_PE_DEPTH_CONFIG, (k->ztest ? 1 : 0) | (k->d24 ? 1u << 4 : 0) |
	   k->zfunc << 8 | (k->zwrite ? VGC_PE_DEPTH_WRITE : 0));
	st(VGC_PE_STENCIL_OP, f[0].func | f[0].zpass << 4 | f[0].sfail << 8 |
	   f[0].zfail << 12 | f[1].func << 16 | f[1].zpass << 20 |
	   f[1].sfail << 24 | f[1].zfail << 28);
	st(VGC_PE_STENCIL_CONFIG, k->smode | f[0].ref << 8 |
	   f[0].mask << 16 | (uint32_t)f[0].wmask << 24);
	st(VGC_PE_STENCIL_CONFIG_EXT, f[1].ref);
	st(VGC_PE_STENCIL_CONFIG_EXT2, f[1].mask | f[1].wmask << 8);
	for (i = 0; i < NPX; i++) {
		uint32_t v = k->d24 ? k->zs[i] << 8 | k->ss[i] : k->zs[i];

		memcpy(mem + zoff(k, i), &v, zbytes(k));
		set_px(i % BLK, i / BLK, 0);
	}
	/* a strip over the block: clockwise on the screen (front), or not */
	vtx(0, -1, -1, 0, 1, zf, 1, 0, 1);
	vtx(k->back ? 2 : 1, x1, -1, 0, 1, zf, 1, 0, 1);
	vtx(k->back ? 1 : 2, -1, y1, 0, 1, zf, 1, 0, 1);
	vtx(3, x1, y1, 0, 1, zf, 1, 0, 1);
	draw(VGC_PRIM_TRIANGLE_STRIP, 0, 2);
	run(c);
	for (i = 0; i < NPX; i++) {
		uint32_t z, got = 0, gz, col = px(i % BLK, i / BLK);
		uint8_t s, gs = 0;
		bool drawn;

		cls->cases++;
		if (cls2)
			cls2->cases++;
		ref_pixel(k, i, &z, &s, &drawn);
		memcpy(&got, mem + zoff(k, i), zbytes(k));
		gz = k->d24 ? got >> 8 : got;
		if (k->d24)
			gs = got & 0xff;
		if (gz == z && gs == (k->d24 ? s : 0) &&
		    ((col & 0xff00ff00u) == 0xff00ff00u) == drawn &&
		    (drawn || !col))
			continue;
		for (j = 0; j < 2; j++) {
			struct sim_class *kc = j ? cls2 : cls;

			if (!kc)
				continue;
			sim_class_fail(kc, "z 0x%x stored 0x%x stencil 0x%02x "
				       "(front %u: func %u ref 0x%02x mask "
				       "0x%02x wmask 0x%02x ops %u %u %u): "
				       "depth 0x%x stencil 0x%02x colour "
				       "0x%08x, expected 0x%x 0x%02x %s",
				       k->z, k->zs[i], k->ss[i], !k->back,
				       f[k->back].func, f[k->back].ref,
				       f[k->back].mask, f[k->back].wmask,
				       f[k->back].sfail, f[k->back].zfail,
				       f[k->back].zpass, gz, gs, col, z, s,
				       drawn ? "drawn" : "not drawn");
		}
	}
}

/* ---- the depth table ----------------------------------------------------- */

/*
 * Classes: D16 x 8 functions, D24S8 x 8 functions; then a fragment depth
 * of 1.0 on D24S8 under every function apart: 1.0 x (2^24 - 1) must stay
 * 2^24 - 1 (a + 0.5 in single precision rounds it to 2^24, which wraps
 * to depth 0 when written: the model did so until its rounding was made
 * exact).
 */
static struct sim_class zcls[17] = {
	[16] = { .name = "depth-d24s8-fragment-depth-one" },
};

static void t_depth(struct vgc_core *c)
{
	static const uint32_t in16[] = { 0, 1, 0x8000, 0xfffe, 0xffff };
	static const uint32_t in24[] = { 0, 1, 0x123456, 0xfffffe, 0xffffff };
	struct zcase k;
	unsigned int d24, func, n, w, i;

	for (d24 = 0; d24 < 2; d24++)
		for (func = 0; func < 8; func++)
			for (n = 0; n < 5; n++)
				for (w = 0; w < 2; w++) {
					uint32_t max = d24 ? 0xffffff : 0xffff;
					/* the edges around the fragment's */
					uint32_t in = d24 ? in24[n] : in16[n];
					const uint32_t st[5] = {
						in ? in - 1 : in, in,
						in < max ? in + 1 : in, 0, max,
					};

					memset(&k, 0, sizeof(k));
					k.d24 = d24;
					k.ztest = true;
					k.zwrite = w;
					k.zfunc = func;
					k.z = in;
					for (i = 0; i < NPX; i++) {
						k.zs[i] = st[i % 5];
						k.ss[i] = i * 37;
					}
					run_case(c, &k, d24 && in == max ?
						 &zcls[16] :
						 &zcls[d24 * 8 + func], NULL);
				}
}

/* ---- the stencil tables -------------------------------------------------- */

/*
 * Classes: each face's functions (8 a face), each face's operations in
 * each place (3 x 8 a face), and the one-sided mode on a back face.
 */
static struct sim_class scls[2 * 8 + 2 * 3 * 8 + 1];

#define S_FUNC(face, f)		(&scls[(face) * 8 + (f)])
#define S_OP(face, slot, op)	(&scls[16 + ((face) * 3 + (slot)) * 8 + (op)])
#define S_ONE_SIDED		(&scls[64])

static const uint8_t refs[] = { 0x00, 0x5a, 0xff };

/*
 * A two-sided case on face @back: stencil values at their edges (0, 1,
 * 0x7f, 0x80, 0xfe, 0xff, the reference and its neighbours, wrapping)
 * over pixels whose depth test (LESS, the fragment at 0x8000) passes or
 * fails; the other face's state its opposite (the complement function,
 * other operations and values), so that reading the wrong face shows.
 */
static void stencil_case(struct vgc_core *c, bool back, const struct face *f,
			 struct sim_class *cls, struct sim_class *cls2)
{
	struct zcase k;
	unsigned int i;
	uint8_t r = f->ref;
	const uint8_t sv[13] = {
		0, 1, 2, 0x0f, 0x10, 0x7f, 0x80, 0xf0, 0xfe, 0xff,
		(uint8_t)(r - 1), r, (uint8_t)(r + 1),
	};

	memset(&k, 0, sizeof(k));
	k.d24 = true;
	k.ztest = true;
	k.zwrite = true;
	k.zfunc = 1;		/* LESS */
	k.z = 0x8000;
	k.smode = 2;
	k.back = back;
	k.f[back] = *f;
	k.f[!back] = (struct face){
		.func = 7 - f->func, .sfail = (f->sfail + 3) % 8,
		.zfail = (f->zfail + 3) % 8, .zpass = (f->zpass + 3) % 8,
		.ref = ~f->ref, .mask = ~f->mask, .wmask = ~f->wmask,
	};
	for (i = 0; i < NPX; i++) {
		k.ss[i] = sv[i % 13];
		k.zs[i] = (i / 13) & 1 ? 0x8001 : 0x8000;
	}
	run_case(c, &k, cls, cls2);
}

static void t_stencil(struct vgc_core *c)
{
	/* value mask, write mask */
	static const uint8_t masks[][2] = {
		{ 0xff, 0xff }, { 0x3c, 0xf0 }, { 0x00, 0x0f }, { 0xff, 0x00 },
	};
	unsigned int back, func, slot, op, a, b;
	struct face f;

	/*
	 * Every function with every operation in each place (the other two
	 * places an operation that differs), with references and masks at
	 * edges: a failure is the function's class and the operation's.
	 */
	for (back = 0; back < 2; back++)
		for (func = 0; func < 8; func++)
			for (slot = 0; slot < 3; slot++)
				for (op = 0; op < 8; op++)
					for (a = 0; a < ARRAY_SIZE(refs); a++)
						for (b = 0; b < ARRAY_SIZE(masks);
						     b++) {
		unsigned int o = op ? 0 : 5;	/* KEEP, or INVERT */

		f = (struct face){
			.func = func,
			.sfail = slot == 0 ? op : o,
			.zfail = slot == 1 ? op : o,
			.zpass = slot == 2 ? op : o,
			.ref = refs[a],
			.mask = masks[b][0],
			.wmask = masks[b][1],
		};
		stencil_case(c, back, &f, S_FUNC(back, func),
			     S_OP(back, slot, op));
	}
	/* one-sided: a back face takes the front state */
	for (op = 0; op < 8; op++) {
		struct zcase k;
		unsigned int i;

		memset(&k, 0, sizeof(k));
		k.d24 = true;
		k.smode = 1;
		k.back = true;
		k.f[0] = (struct face){ .func = op, .sfail = 5, .zfail = 7,
					.zpass = op, .ref = 0x80,
					.mask = 0xff, .wmask = 0xff };
		k.f[1] = (struct face){ .func = 7 - op, .sfail = 1,
					.zfail = 1, .zpass = 1 };
		for (i = 0; i < NPX; i++)
			k.ss[i] = i * 5;
		run_case(c, &k, S_ONE_SIDED, NULL);
	}
}

int main(void)
{
	static char names[16 + ARRAY_SIZE(scls)][48];
	static const char *const slot_name[3] = { "sfail", "zfail", "zpass" };
	unsigned int i, n = 0, face, slot, op;

	if (sim_test_begin())
		return 1;
	for (i = 0; i < 16; i++) {
		snprintf(names[n], sizeof(names[n]), "depth-%s-%s",
			 i < 8 ? "d16" : "d24s8", cmp_name[i % 8]);
		zcls[i].name = names[n++];
	}
	for (face = 0; face < 2; face++) {
		for (i = 0; i < 8; i++) {
			snprintf(names[n], sizeof(names[n]),
				 "stencil-%s-func-%s", face ? "back" : "front",
				 cmp_name[i]);
			S_FUNC(face, i)->name = names[n++];
		}
		for (slot = 0; slot < 3; slot++)
			for (op = 0; op < 8; op++) {
				snprintf(names[n], sizeof(names[n]),
					 "stencil-%s-%s-%s",
					 face ? "back" : "front",
					 slot_name[slot], op_name[op]);
				S_OP(face, slot, op)->name = names[n++];
			}
	}
	S_ONE_SIDED->name = "stencil-one-sided-back-face";
	run_table("depth", t_depth, "gc880", zcls, ARRAY_SIZE(zcls));
	run_table("stencil", t_stencil, "gc880", scls, ARRAY_SIZE(scls));
	return sim_test_end("sim depth and stencil tables");
}
