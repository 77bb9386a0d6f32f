/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The device model's float math, without libm (the model is also built
 * as a kernel module, where there is none): the functions the shader
 * core's instructions compute. Plain C on floats and doubles, no calls,
 * bounded loops; sim/doc/shader-core.md states what each returns for
 * special values and tests/sim/test_math.c its error against libm.
 */
#ifndef VGC_MATH_H
#define VGC_MATH_H

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
