// SPDX-License-Identifier: GPL-2.0-only
/*
 * The device model's float math without libm (see vgc_math.h). Each
 * function works on the float's bits for the special values and in
 * double precision for the rest, then rounds once to float: the results
 * are within one float ulp of the exact value (the trigonometric ones
 * within 2^-24 absolute), well inside what the GPU itself guarantees.
 */
#include "vgc.h"
#include "vgc_math.h"

#define F_EXP_MASK	0x7f800000u
#define F_MANT_MASK	0x007fffffu
#define F_SIGN		0x80000000u
#define F_MANT_BITS	23
#define F_BIAS		127
#define D_MANT_BITS	52
#define D_BIAS		1023

static u32 fbits(float f)
{
	union { float f; u32 u; } v = { .f = f };

	return v.u;
}

static float bitsf(u32 u)
{
	union { float f; u32 u; } v = { .u = u };

	return v.f;
}

static double bitsd(u64 u)
{
	union { double d; u64 u; } v = { .u = u };

	return v.d;
}

static bool f_isnan(float x)
{
	return (fbits(x) & ~F_SIGN) > F_EXP_MASK;
}

static bool f_isinf(float x)
{
	return (fbits(x) & ~F_SIGN) == F_EXP_MASK;
}

/* |x| < 2^23 and not NaN: x has a fractional part to drop. */
static bool f_has_frac(float x)
{
	u32 e = (fbits(x) & F_EXP_MASK) >> F_MANT_BITS;

	return e < F_BIAS + F_MANT_BITS;
}

float vgc_floorf(float x)
{
	float t;

	if (!f_has_frac(x))
		return x;
	t = (float)(s64)x;	/* towards zero, exact below 2^23 */
	if (t > x)
		t -= 1.0f;
	if (t == 0.0f)		/* keep the sign of a zero */
		return bitsf(fbits(x) & F_SIGN);
	return t;
}

float vgc_ceilf(float x)
{
	float t;

	if (!f_has_frac(x))
		return x;
	t = (float)(s64)x;
	if (t < x)
		t += 1.0f;
	if (t == 0.0f)
		return bitsf(fbits(x) & F_SIGN);
	return t;
}

float vgc_fracf(float x)
{
	if (f_isnan(x))
		return x;
	if (f_isinf(x))
		return bitsf(F_EXP_MASK | 1);	/* inf - inf */
	return x - vgc_floorf(x);
}

/* floor of a double known to be below 2^62 in magnitude */
static double d_floor(double x)
{
	double t = (double)(s64)x;

	return t > x ? t - 1.0 : t;
}

/* 2^n as a double, n within the double's normal range */
static double d_pow2(int n)
{
	return bitsd((u64)(n + D_BIAS) << D_MANT_BITS);
}

/* sqrt of a positive, finite, non-zero double: Newton from a bit guess */
static double d_sqrt(double x)
{
	union { double d; u64 u; } v = { .d = x };
	double y;
	int i;

	/* halve the exponent: within a factor of 1.5 of the root */
	v.u = (v.u >> 1) + ((u64)(D_BIAS / 2 + 1) << D_MANT_BITS) -
	      ((u64)1 << (D_MANT_BITS - 1));
	y = v.d;
	for (i = 0; i < 6; i++)
		y = 0.5 * (y + x / y);
	return y;
}

float vgc_sqrtf(float x)
{
	u32 b = fbits(x);

	if (f_isnan(x) || x == 0.0f || b == F_EXP_MASK)
		return x;		/* NaN, ±0, +inf */
	if (b & F_SIGN)
		return bitsf(F_EXP_MASK | 1);
	return (float)d_sqrt((double)x);
}

float vgc_rsqf(float x)
{
	u32 b = fbits(x);

	if (f_isnan(x))
		return x;
	if (x == 0.0f)
		return bitsf((b & F_SIGN) | F_EXP_MASK);
	if (b & F_SIGN)
		return bitsf(F_EXP_MASK | 1);
	if (b == F_EXP_MASK)
		return 0.0f;
	return (float)(1.0 / d_sqrt((double)x));
}

float vgc_rcpf(float x)
{
	return 1.0f / x;
}

/* ln 2 and 1 / ln 2 in double */
#define D_LN2		0.69314718055994530942
#define D_INV_LN2	1.44269504088896340736

float vgc_exp2f(float x)
{
	double n, f, t, sum, term;
	int k;

	if (f_isnan(x))
		return x;
	if (x >= 128.0f)
		return bitsf(F_EXP_MASK);
	if (x < -150.0f)
		return 0.0f;
	/* x = n + f, f in [-0.5, 0.5): 2^f = e^(f ln 2) by its series */
	n = d_floor((double)x + 0.5);
	f = (double)x - n;
	t = f * D_LN2;
	sum = 1.0;
	term = 1.0;
	for (k = 1; k <= 14; k++) {
		term *= t / k;
		sum += term;
	}
	return (float)(sum * d_pow2((int)n));
}

float vgc_log2f(float x)
{
	u32 b = fbits(x);
	int e;
	double m, s, s2, sum, pw;
	int k;

	if (f_isnan(x))
		return x;
	if (x == 0.0f)
		return bitsf(F_SIGN | F_EXP_MASK);
	if (b & F_SIGN)
		return bitsf(F_EXP_MASK | 1);
	if (b == F_EXP_MASK)
		return x;
	e = (int)((b & F_EXP_MASK) >> F_MANT_BITS);
	if (e == 0) {		/* subnormal: normalise */
		x *= 8388608.0f;	/* 2^23 */
		b = fbits(x);
		e = (int)((b & F_EXP_MASK) >> F_MANT_BITS) - F_MANT_BITS;
	}
	e -= F_BIAS;
	m = (double)bitsf((b & F_MANT_MASK) | ((u32)F_BIAS << F_MANT_BITS));
	if (m > 1.41421356237309504880) {	/* m in [sqrt(1/2), sqrt(2)] */
		m *= 0.5;
		e++;
	}
	/* ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172 */
	s = (m - 1.0) / (m + 1.0);
	s2 = s * s;
	sum = 0.0;
	pw = s;
	for (k = 1; k <= 23; k += 2) {
		sum += pw / k;
		pw *= s2;
	}
	return (float)((double)e + 2.0 * sum * D_INV_LN2);
}

#define D_PI		3.14159265358979323846

/* sin(pi * z) for z in [0, 0.5], by the Taylor series of sin */
static double sinpi_core(double z)
{
	double t = z * D_PI, t2 = t * t, term = t, sum = t;
	int k;

	for (k = 1; k <= 11; k++) {
		term *= -t2 / ((2 * k) * (2 * k + 1));
		sum += term;
	}
	return sum;
}

/*
 * sin(pi * y) for a double y holding a float's value (|y| < 2^24 + 1):
 * |y| reduced to [0, 2) exactly, then to [0, 0.5] by symmetry; whole
 * numbers give +0.
 */
static double sinpi_d(double y)
{
	double r, sign = 1.0;

	if (y < 0.0) {		/* sin(-pi y) = -sin(pi y) */
		y = -y;
		sign = -1.0;
	}
	r = y - 2.0 * d_floor(y * 0.5);
	if (r >= 1.0) {		/* sin(pi (r + 1)) = -sin(pi r) */
		r -= 1.0;
		sign = -sign;
	}
	if (r > 0.5)
		r = 1.0 - r;
	if (r == 0.0)
		return 0.0;
	return sign * sinpi_core(r);
}

float vgc_sinpif(float x)
{
	if (f_isnan(x) || f_isinf(x))
		return bitsf(F_EXP_MASK | 1);
	if (!f_has_frac(x) || x == 0.0f)	/* integers: a zero */
		return bitsf(fbits(x) & F_SIGN);
	return (float)sinpi_d((double)x);
}

float vgc_cospif(float x)
{
	if (f_isnan(x) || f_isinf(x))
		return bitsf(F_EXP_MASK | 1);
	if (!f_has_frac(x)) {	/* integers: ±1 by parity (below 2^24) */
		u32 e = (fbits(x) & F_EXP_MASK) >> F_MANT_BITS;

		if (e > F_BIAS + F_MANT_BITS)
			return 1.0f;	/* even */
		return ((s64)x & 1) ? -1.0f : 1.0f;
	}
	/* cos(pi x) = sin(pi (x + 1/2)), exact in double */
	return (float)sinpi_d((double)x + 0.5);
}
