/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The device model's float math, without libm (the model is also built
 * as a kernel module, where there is none): the helpers the engines
 * share, and the functions the shader core's instructions compute.
 * Plain C on floats and doubles, no calls, bounded loops;
 * sim/doc/shader-core.md states what each returns for special values and
 * tests/sim/test_math.c its error against libm.
 */
#ifndef VGC_MATH_H
#define VGC_MATH_H

#include "vgc_types.h"

/*
 * The helpers every engine shares, inline: a float's bits and back
 * without a conversion, the absolute value, a clamp that takes NaN to
 * its low end, rounding to nearest, IEEE half to single.
 */
static inline u32 vgc_f2u(float f)
{
	union { float f; u32 u; } v = { .f = f };

	return v.u;
}

static inline float vgc_u2f(u32 u)
{
	union { float f; u32 u; } v = { .u = u };

	return v.f;
}

static inline float vgc_absf(float f)
{
	return f < 0 ? -f : f;
}

/* @f clamped to [@lo, @hi]; NaN gives @lo. */
static inline float vgc_clampf(float f, float lo, float hi)
{
	if (!(f >= lo))		/* NaN too */
		return lo;
	return f > hi ? hi : f;
}

/*
 * Round to nearest, halves away from 0. Beyond the s64 range (where C
 * leaves the conversion undefined) the range's ends, NaN 0: a hostile
 * state's value is defined. Not f + 0.5f: that sum rounds again where a
 * float's step is 1 or more (2^23 and up: 2^24 - 1 would become 2^24, a
 * 24-bit depth of 1.0 would wrap to 0) and just below 0.5 (0.49999997
 * would become 1); the fraction f - trunc(f) is exact.
 */
static inline s64 vgc_round_s64(float f)
{
	s64 i;
	float r;

	if (!(f > -9.2e18f && f < 9.2e18f))	/* 2^63 is 9.22e18 */
		return f > 0 ? S64_MAX : f < 0 ? S64_MIN : 0;
	i = (s64)f;
	r = f - (float)i;
	if (r >= 0.5f)
		i++;
	else if (r <= -0.5f)
		i--;
	return i;
}

/* IEEE half to single, without a conversion instruction. */
static inline float vgc_half_to_float(u16 h)
{
	u32 s = (u32)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;

	if (e == 0x1f)
		return vgc_u2f(s | 0x7f800000u | m << 13);
	if (!e) {
		if (!m)
			return vgc_u2f(s);
		/* subnormal: m * 2^-24 */
		return (s ? -1.0f : 1.0f) * (float)m * (1.0f / 16777216.0f);
	}
	return vgc_u2f(s | (e + 112) << 23 | m << 13);
}

/*
 * Single to IEEE half, rounding to nearest even: above the largest half
 * infinity, below the smallest subnormal zero, NaN a quiet NaN (the
 * sign kept).
 */
static inline u16 vgc_float_to_half(float f)
{
	u32 u = vgc_f2u(f), s = (u >> 16) & 0x8000u, m;
	int e = (int)((u >> 23) & 0xff) - 127 + 15;
	unsigned int sh;

	if (((u >> 23) & 0xff) == 0xff)
		return s | 0x7c00u | ((u & 0x7fffffu) ? 0x200u : 0);
	if (e >= 31)
		return s | 0x7c00u;
	m = (u & 0x7fffffu) | 0x800000u;	/* 24 bits, 1.23 */
	if (e <= 0) {
		if (e < -10)
			return s;
		sh = (unsigned int)(14 - e);	/* to a subnormal's 10 bits */
	} else {
		sh = 13;
		m &= 0x7fffffu;
	}
	u = m >> sh;
	m &= (1u << sh) - 1;
	if (m > 1u << (sh - 1) || (m == 1u << (sh - 1) && (u & 1)))
		u++;		/* a carry into the exponent is right */
	return s | (e > 0 ? ((u32)e << 10) + u : u);
}

/* Round towards -infinity; NaN, infinities and integers unchanged. */
float vgc_floorf(float x);
/* Round towards +infinity; likewise. */
float vgc_ceilf(float x);
/*
 * x - floor(x): the FRC instruction; [0, 1) but 1.0 may result from
 * rounding for tiny negative x, as x - floor(x) does in float.
 */
float vgc_fracf(float x);
/* Square root; NaN below zero, -0 for -0. */
float vgc_sqrtf(float x);
/* 1 / sqrt(x): +inf for +0, -inf for -0, NaN below zero, 0 for +inf. */
float vgc_rsqf(float x);
/* 1 / x with IEEE division (±inf for ±0). */
float vgc_rcpf(float x);
/* 2 ** x: 0 below -150, +inf from 128 on. */
float vgc_exp2f(float x);
/* log2(x): -inf for ±0, NaN below zero, +inf for +inf. */
float vgc_log2f(float x);
/* sin(pi * x) and cos(pi * x): NaN for infinities and NaN. */
float vgc_sinpif(float x);
float vgc_cospif(float x);

#endif /* VGC_MATH_H */
