// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's float math (sim/vgc_math.c) against the host's libm, over
 * special values, ranges and a million pseudo-random float bit patterns
 * per function. The reference is computed in double and rounded once to
 * float, so it is the correctly rounded result (or within a hair of it).
 *
 * Error bounds, as sim/doc/shader-core.md states them:
 *   floor, ceil, frac, rcp           exact (bit for bit, zeros' signs too)
 *   sqrt, rsq, exp2, log2            at most 1 ulp
 *   sinpi, cospi                     at most 1 ulp, or 2^-24 absolute
 *   special values (NaN, ±inf, ±0)   exactly IEEE's (NaN: any NaN)
 */
#include <math.h>

#include "sim_test.h"
#include "vgc_math.h"

#define RANDOM_INPUTS	1000000

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static float bf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint32_t fb(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* floats in order as integers: ulp distance is the difference */
static int64_t ordered(float f)
{
	uint32_t u = fb(f);

	return u & 0x80000000u ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

static const float specials[] = {
	0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0f, -1.0f, 0.5f, -0.5f,
	2.0f, -2.0f, 3.0f, 0.25f, 1.5f, -1.5f, 0.1f, -0.1f, 1e-10f, -1e-10f,
	1e-45f, -1e-45f, 1.17549435e-38f, 1e30f, -1e30f, 3.40282347e38f,
	-3.40282347e38f, 8388607.5f, 8388608.0f, -8388607.5f, 16777215.0f,
	16777216.0f, 127.99f, 128.0f, -149.0f, -150.0f, -150.5f, -126.0f,
	0.99999994f, 1.00000012f, 1.41421354f, 0.70710677f,
};

typedef float (*fn1)(float);

struct worst {
	int64_t ulps;
	double abs;
	float x;
	unsigned int checked;
};

/*
 * Compare one result. @exact: bit for bit (NaN: any NaN). Otherwise at
 * most @maxulp ulps, or at most @maxabs absolute when @maxabs > 0.
 */
static bool check(const char *name, float x, float got, double ref,
		  bool exact, int64_t maxulp, double maxabs, struct worst *w)
{
	float want = (float)ref;
	int64_t d;
	double a;

	w->checked++;
	if (isnan(want) || isnan(got)) {
		if (isnan(want) && isnan(got))
			return true;
		fail("%s(%a) = %a, expected %a", name, x, got, want);
		return false;
	}
	if (exact || isinf(want) || isinf(got) || want == 0.0f) {
		if (exact ? fb(got) == fb(want) :
		    (got == want || (maxabs > 0 && fabs(got - ref) <= maxabs)))
			return true;
		fail("%s(%a) = %a, expected %a", name, x, got, want);
		return false;
	}
	d = llabs(ordered(got) - ordered(want));
	a = fabs((double)got - ref);
	if (a > w->abs)
		w->abs = a;
	if (maxabs > 0 && a <= maxabs)
		return true;	/* near a zero of the function */
	if (d > w->ulps) {
		w->ulps = d;
		w->x = x;
	}
	if (d <= maxulp)
		return true;
	fail("%s(%a) = %a, expected %a (%lld ulps, %g absolute)", name, x,
	     got, want, (long long)d, a);
	return false;
}

/* every special value, a sweep of @lo..@hi, and random bit patterns */
static void sweep(const char *name, fn1 f, double (*ref)(double),
		  bool exact, int64_t maxulp, double maxabs, float lo, float hi)
{
	struct worst w = { 0 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(specials); i++)
		if (!check(name, specials[i], f(specials[i]),
			   ref(specials[i]), exact, maxulp, maxabs, &w))
			return;
	for (i = 0; i < RANDOM_INPUTS; i++) {
		float x = lo + (hi - lo) * ((float)rnd() / 4294967296.0f);

		if (!check(name, x, f(x), ref(x), exact, maxulp, maxabs, &w))
			return;
	}
	for (i = 0; i < RANDOM_INPUTS; i++) {
		float x = bf(rnd() ^ rnd() << 16);

		if (!check(name, x, f(x), ref(x), exact, maxulp, maxabs, &w))
			return;
	}
	printf("info: %s: %u inputs, worst %lld ulps (at %a)", name,
	       w.checked, (long long)w.ulps, w.x);
	if (maxabs > 0)
		printf(", %g absolute", w.abs);
	printf("\n");
}

static double r_floor(double x) { return floor(x); }
static double r_ceil(double x) { return ceil(x); }
static double r_sqrt(double x) { return sqrt(x); }
static double r_rsq(double x) { return 1.0 / sqrt(x); }
static double r_exp2(double x) { return exp2(x); }
static double r_log2(double x) { return log2(x); }
/* x - floor(x) in float, as the FRC instruction computes it */
static double r_frac(double x) { return (float)x - floorf((float)x); }
static double r_rcp(double x) { return 1.0f / (float)x; }

/* sin(pi x), the argument reduced exactly first (fmod is exact) */
static double r_sinpi(double x)
{
	if (isinf(x))
		return NAN;
	return sin(M_PI * fmod(x, 2.0));
}

static double r_cospi(double x)
{
	if (isinf(x))
		return NAN;
	return cos(M_PI * fmod(x, 2.0));
}

static void t_floor(struct vgc_core *c)
{
	sweep("floor", vgc_floorf, r_floor, true, 0, 0, -1e7f, 1e7f);
}

static void t_ceil(struct vgc_core *c)
{
	sweep("ceil", vgc_ceilf, r_ceil, true, 0, 0, -1e7f, 1e7f);
}

static void t_frac(struct vgc_core *c)
{
	sweep("frac", vgc_fracf, r_frac, true, 0, 0, -100.0f, 100.0f);
	/* the instruction's documented examples: 1.5 -> 0.5, -0.1 -> 0.9 */
	EXPECT_EQ(fb(vgc_fracf(1.5f)), fb(0.5f));
	EXPECT_EQ(fb(vgc_fracf(-0.1f)), fb(-0.1f - -1.0f));
}

static void t_rcp(struct vgc_core *c)
{
	sweep("rcp", vgc_rcpf, r_rcp, true, 0, 0, -10.0f, 10.0f);
	EXPECT_EQ(fb(vgc_rcpf(0.0f)), fb(INFINITY));
	EXPECT_EQ(fb(vgc_rcpf(-0.0f)), fb(-INFINITY));
}

static void t_sqrt(struct vgc_core *c)
{
	sweep("sqrt", vgc_sqrtf, r_sqrt, false, 1, 0, 0.0f, 1000.0f);
	EXPECT_EQ(fb(vgc_sqrtf(-0.0f)), fb(-0.0f));
	EXPECT_EQ(isnan(vgc_sqrtf(-1.0f)), 1);
}

static void t_rsq(struct vgc_core *c)
{
	sweep("rsq", vgc_rsqf, r_rsq, false, 1, 0, 0.0f, 1000.0f);
	EXPECT_EQ(fb(vgc_rsqf(0.0f)), fb(INFINITY));
	EXPECT_EQ(fb(vgc_rsqf(-0.0f)), fb(-INFINITY));
	EXPECT_EQ(fb(vgc_rsqf(INFINITY)), fb(0.0f));
	EXPECT_EQ(isnan(vgc_rsqf(-4.0f)), 1);
}

static void t_exp2(struct vgc_core *c)
{
	sweep("exp2", vgc_exp2f, r_exp2, false, 1, 0, -160.0f, 130.0f);
	EXPECT_EQ(fb(vgc_exp2f(0.0f)), fb(1.0f));
	EXPECT_EQ(fb(vgc_exp2f(10.0f)), fb(1024.0f));
	EXPECT_EQ(fb(vgc_exp2f(-149.0f)), 1);	/* the smallest subnormal */
	EXPECT_EQ(fb(vgc_exp2f(-INFINITY)), fb(0.0f));
}

static void t_log2(struct vgc_core *c)
{
	sweep("log2", vgc_log2f, r_log2, false, 1, 0, 0.0f, 100.0f);
	EXPECT_EQ(fb(vgc_log2f(0.0f)), fb(-INFINITY));
	EXPECT_EQ(fb(vgc_log2f(-0.0f)), fb(-INFINITY));
	EXPECT_EQ(fb(vgc_log2f(1.0f)), fb(0.0f));
	EXPECT_EQ(fb(vgc_log2f(1024.0f)), fb(10.0f));
	EXPECT_EQ(fb(vgc_log2f(1e-45f)), fb(-149.0f));
	EXPECT_EQ(isnan(vgc_log2f(-1.0f)), 1);
}

static void t_sinpi(struct vgc_core *c)
{
	sweep("sinpi", vgc_sinpif, r_sinpi, false, 1, 0x1p-24, -10.0f, 10.0f);
	EXPECT_EQ(fb(vgc_sinpif(0.5f)), fb(1.0f));
	EXPECT_EQ(fb(vgc_sinpif(-0.5f)), fb(-1.0f));
	EXPECT_EQ(fb(vgc_sinpif(1.0f)), fb(0.0f));
}

static void t_cospi(struct vgc_core *c)
{
	sweep("cospi", vgc_cospif, r_cospi, false, 1, 0x1p-24, -10.0f, 10.0f);
	EXPECT_EQ(fb(vgc_cospif(0.0f)), fb(1.0f));
	EXPECT_EQ(fb(vgc_cospif(1.0f)), fb(-1.0f));
	EXPECT_EQ(fb(vgc_cospif(16777215.0f)), fb(-1.0f));
	EXPECT_EQ(fb(vgc_cospif(16777216.0f)), fb(1.0f));
}

/*
 * vgc_round_s64(): to the nearest integer, halves away from 0 (C's
 * round(), in double, where every float and every half is exact), at
 * every magnitude a float has below 2^63.
 */
static void t_round(struct vgc_core *c)
{
	static const float edges[] = {
		0.49999997f, -0.49999997f, 16777215.0f, 8388609.0f,
		-8388609.0f, 4194304.5f, 4194305.5f, 12582911.0f,
	};
	unsigned int i, bad = 0;
	float x;

	for (i = 0; i < ARRAY_SIZE(specials) + ARRAY_SIZE(edges) +
		    RANDOM_INPUTS; i++) {
		x = i < ARRAY_SIZE(specials) ? specials[i] :
		    i < ARRAY_SIZE(specials) + ARRAY_SIZE(edges) ?
		    edges[i - ARRAY_SIZE(specials)] : bf(rnd() << 1 >> 1 |
							 (i & 1u) << 31);
		if (!(fabsf(x) < 9.2e18f))
			continue;
		if (vgc_round_s64(x) != (int64_t)round((double)x) && !bad++)
			fail("round(%.9g) = %lld, not %.17g", (double)x,
			     (long long)vgc_round_s64(x), round((double)x));
	}
	EXPECT_EQ(bad, 0);
	/* a 24-bit depth of 1.0 is 2^24 - 1 (GL ES 2.0 2.12.1) */
	EXPECT_EQ(vgc_round_s64(1.0f * 16777215.0f), 16777215);
	EXPECT_EQ(vgc_round_s64(0.49999997f), 0);
}

/*
 * vgc_float_to_half(): IEEE 754 binary16 by the definition (sign,
 * 5-bit exponent biased by 15, 10-bit fraction; subnormals m * 2^-24),
 * decoded here in double with ldexp(): every finite half back to
 * itself, every midpoint between neighbours to the even one (round to
 * nearest even), a hair above it to the upper one, beyond the largest
 * half's midpoint infinity, NaN a NaN.
 */
static double half_value(unsigned int h)
{
	unsigned int e = (h >> 10) & 31, m = h & 1023;
	double v = e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);

	return h & 0x8000 ? -v : v;
}

static void t_half(struct vgc_core *c)
{
	unsigned int h, bad = 0, want;
	double lo, hi;
	float mid;

	for (h = 0; h < 0x10000; h++) {
		if ((h & 0x7c00) == 0x7c00)
			continue;
		if (vgc_float_to_half((float)half_value(h)) != h && !bad++)
			fail("%.9g: 0x%04x, not 0x%04x", half_value(h),
			     vgc_float_to_half((float)half_value(h)), h);
		if ((h & 0x7fff) == 0x7bff)
			continue;
		lo = half_value(h);
		hi = half_value(h + 1);
		mid = (float)((lo + hi) / 2);	/* 12 bits: exact */
		want = h & 1 ? h + 1 : h;
		if (vgc_float_to_half(mid) != want && !bad++)
			fail("midpoint %.9g: 0x%04x, not 0x%04x", (double)mid,
			     vgc_float_to_half(mid), want);
		if (vgc_float_to_half(nextafterf(mid, (float)hi)) != h + 1 &&
		    !bad++)
			fail("above %.9g: not 0x%04x", (double)mid, h + 1);
	}
	EXPECT_EQ(bad, 0);
	EXPECT_EQ(vgc_float_to_half(65519.0f), 0x7bff);
	EXPECT_EQ(vgc_float_to_half(65520.0f), 0x7c00);
	EXPECT_EQ(vgc_float_to_half(-1e10f), 0xfc00);
	EXPECT_EQ(vgc_float_to_half(bf(0x7f800000u)), 0x7c00);
	EXPECT_EQ(vgc_float_to_half(0x1p-25f), 0);
	EXPECT_EQ(vgc_float_to_half(0x1.000002p-25f), 1);
	EXPECT_EQ(vgc_float_to_half(bf(0x7fc00000u)) & 0x7c00, 0x7c00);
	EXPECT_EQ(vgc_float_to_half(bf(0x7fc00000u)) & 0x3ff ? 1 : 0, 1);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("math-floor", t_floor, "gc2000");
	run_test("math-ceil", t_ceil, "gc2000");
	run_test("math-frac", t_frac, "gc2000");
	run_test("math-rcp", t_rcp, "gc2000");
	run_test("math-sqrt", t_sqrt, "gc2000");
	run_test("math-rsq", t_rsq, "gc2000");
	run_test("math-exp2", t_exp2, "gc2000");
	run_test("math-log2", t_log2, "gc2000");
	run_test("math-sinpi", t_sinpi, "gc2000");
	run_test("math-cospi", t_cospi, "gc2000");
	run_test("math-round", t_round, "gc2000");
	run_test("math-half", t_half, "gc2000");

	return sim_test_end("sim math tests");
}
