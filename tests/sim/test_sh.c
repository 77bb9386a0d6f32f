// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core (sim/vgc_sh.c): hand-encoded programs, loaded through
 * the FE as Mesa 22.3's etnaviv loads them, run on a vertex or a pixel
 * quad; expected values computed here in plain C with libm.
 */
#include <math.h>

#include "sim_test.h"
#include "sh_enc.h"
#include "sh_run.h"


/* ---- arithmetic ------------------------------------------------------ */

static void t_alu_basic(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		alu(VGC_OPC_ADD, 2, MXYZW, T(0, XYZW), NONE, T(1, XYZW)),
		alu(VGC_OPC_MUL, 3, MXYZW, T(0, XYZW), T(1, SW(3, 2, 1, 0)),
		    NONE),
		alu(VGC_OPC_MAD, 4, MXYZW, T(0, XYZW), U(0, XYZW),
		    T(1, XXXX)),
		alu(VGC_OPC_DP3, 5, MX | MZ, T(0, XYZW), T(1, XYZW), NONE),
		alu(VGC_OPC_DP4, 6, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
		alu(VGC_OPC_DP2, 7, MY, T(0, XYZW), T(1, XYZW), NONE),
		/* neg, abs, swizzle, write mask on a MOV */
		alu(VGC_OPC_MOV, 8, MY | MW, NONE, NONE,
		    neg(absv(T(0, SW(1, 1, 3, 3))))),
		sat(alu(VGC_OPC_ADD, 9, MXYZW, T(0, XYZW), NONE,
			T(1, XYZW))),
		alu(VGC_OPC_DST, 10, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
	};
	float a[4] = { 1.5f, -2.25f, 3.0f, -0.5f };
	float b[4] = { 0.25f, 4.0f, -1.0f, 8.0f };
	float u[4] = { 2.0f, 0.5f, -3.0f, 10.0f };
	unsigned int k;

	cmd_begin(c);
	load_uniform(VGC_SH_VS, 0, u[0], u[1], u[2], u[3]);
	set4(&t, 0, a[0], a[1], a[2], a[3]);
	set4(&t, 1, b[0], b[1], b[2], b[3]);
	set4(&t, 5, 7, 7, 7, 7);
	set4(&t, 7, 7, 7, 7, 7);
	set4(&t, 8, 7, 7, 7, 7);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		EXPECT_F(t.t[2][k], a[k] + b[k]);
		EXPECT_F(t.t[3][k], a[k] * b[3 - k]);
		EXPECT_F(t.t[4][k], a[k] * u[k] + b[0]);
		EXPECT_F(t.t[6][k], a[0] * b[0] + a[1] * b[1] + a[2] * b[2] +
			 a[3] * b[3]);
		EXPECT_F(t.t[9][k], fminf(fmaxf(a[k] + b[k], 0.0f), 1.0f));
	}
	/* DP3 to .xz: broadcast there, .yw untouched */
	EXPECT_F(t.t[5][0], a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
	EXPECT_F(t.t[5][1], 7);
	EXPECT_F(t.t[5][2], a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
	EXPECT_F(t.t[5][3], 7);
	EXPECT_F(t.t[7][0], 7);
	EXPECT_F(t.t[7][1], a[0] * b[0] + a[1] * b[1]);
	/* -|t0.yyww| into .y and .w */
	EXPECT_F(t.t[8][0], 7);
	EXPECT_F(t.t[8][1], -fabsf(a[1]));
	EXPECT_F(t.t[8][2], 7);
	EXPECT_F(t.t[8][3], -fabsf(a[3]));
	/* DST: (1, a.y * b.y, a.z, b.w) */
	EXPECT_F(t.t[10][0], 1.0f);
	EXPECT_F(t.t[10][1], a[1] * b[1]);
	EXPECT_F(t.t[10][2], a[2]);
	EXPECT_F(t.t[10][3], b[3]);
	EXPECT_EQ(c->stats.sh_vs_runs, 1);
	EXPECT_EQ(c->stats.sh_insns, ARRAY_SIZE(prog));
}

/* SELECT as Mesa's fmin/fmax/fcsel, SET as its seq/sne/sge/slt */
static void t_select_set(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		/* fmin: SELECT.GT a, b, a; fmax: SELECT.LT a, b, a */
		cnd(alu(VGC_OPC_SELECT, 2, MXYZW, T(0, XYZW), T(1, XYZW),
			T(0, XYZW)), VGC_COND_GT),
		cnd(alu(VGC_OPC_SELECT, 3, MXYZW, T(0, XYZW), T(1, XYZW),
			T(0, XYZW)), VGC_COND_LT),
		/* fcsel: SELECT.NZ c, a, b */
		cnd(alu(VGC_OPC_SELECT, 4, MXYZW, T(5, XYZW), T(0, XYZW),
			T(1, XYZW)), VGC_COND_NZ),
		cnd(alu(VGC_OPC_SET, 6, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
		    VGC_COND_EQ),
		cnd(alu(VGC_OPC_SET, 7, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
		    VGC_COND_NE),
		cnd(alu(VGC_OPC_SET, 8, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
		    VGC_COND_GE),
		cnd(alu(VGC_OPC_SET, 9, MXYZW, T(0, XYZW), T(1, XYZW), NONE),
		    VGC_COND_LT),
		cnd(alu(VGC_OPC_SET, 10, MXYZW, T(0, XYZW), NONE, NONE),
		    VGC_COND_LZ),
	};
	float a[4] = { 1.0f, -2.0f, 3.0f, 5.0f };
	float b[4] = { 2.0f, -3.0f, 3.0f, -5.0f };
	float s[4] = { 0.0f, 1.0f, -0.0f, 1.0f };
	unsigned int k;

	cmd_begin(c);
	set4(&t, 0, a[0], a[1], a[2], a[3]);
	set4(&t, 1, b[0], b[1], b[2], b[3]);
	set4(&t, 5, s[0], s[1], s[2], s[3]);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		EXPECT_F(t.t[2][k], fminf(a[k], b[k]));
		EXPECT_F(t.t[3][k], fmaxf(a[k], b[k]));
		EXPECT_F(t.t[4][k], s[k] != 0.0f ? a[k] : b[k]);
		EXPECT_F(t.t[6][k], a[k] == b[k]);
		EXPECT_F(t.t[7][k], a[k] != b[k]);
		EXPECT_F(t.t[8][k], a[k] >= b[k]);
		EXPECT_F(t.t[9][k], a[k] < b[k]);
		EXPECT_F(t.t[10][k], a[k] < 0.0f);
	}
}

/* the scalar and transcendental units, including their special values */
static void t_transcendental(struct vgc_core *c)
{
	static const float in[] = {
		0.3f, -1.7f, 2.5f, 100.0f, 0.0f, -0.0f, 1e-3f, -3.14159f,
		1024.0f, 7.25f, -0.5f, INFINITY,
	};
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(in); n++) {
		struct vgc_sh_regs t = { 0 };
		float x = in[n], h = (float)(2.0 / M_PI);
		/* sin/cos as Mesa emits them for GC2000: MUL by 2/pi first */
		const struct ins prog[] = {
			alu(VGC_OPC_RCP, 1, MX, NONE, NONE, T(0, XXXX)),
			alu(VGC_OPC_RSQ, 1, MY, NONE, NONE, absv(T(0, XXXX))),
			alu(VGC_OPC_SQRT, 1, MZ, NONE, NONE, absv(T(0, XXXX))),
			alu(VGC_OPC_EXP, 1, MW, NONE, NONE, T(0, YYYY)),
			alu(VGC_OPC_LOG, 2, MX, NONE, NONE, absv(T(0, XXXX))),
			alu(VGC_OPC_FRC, 2, MY, NONE, NONE, T(0, XXXX)),
			alu(VGC_OPC_FLOOR, 2, MZ, NONE, NONE, T(0, XXXX)),
			alu(VGC_OPC_CEIL, 2, MW, NONE, NONE, T(0, XXXX)),
			alu(VGC_OPC_SIGN, 3, MX, NONE, NONE, T(0, XXXX)),
			alu(VGC_OPC_MUL, 4, MX, T(0, XXXX), U(0, XXXX), NONE),
			alu(VGC_OPC_SIN, 3, MY, NONE, NONE, T(4, XXXX)),
			alu(VGC_OPC_COS, 3, MZ, NONE, NONE, T(4, XXXX)),
		};
		float e = fminf(x, 100.0f) / 8.0f;

		cmd_begin(c);
		load_uniform(VGC_SH_VS, 0, h, 0, 0, 0);
		set4(&t, 0, x, e, 0, 0);
		EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
		EXPECT_F(t.t[1][0], 1.0f / x);
		EXPECT_F_ULPS(t.t[1][1], (float)(1.0 / sqrt(fabs(x))), 1);
		EXPECT_F_ULPS(t.t[1][2], sqrtf(fabsf(x)), 1);
		EXPECT_F_ULPS(t.t[1][3], exp2f(e), 1);
		EXPECT_F_ULPS(t.t[2][0], log2f(fabsf(x)), 1);
		EXPECT_F(t.t[2][1], x - floorf(x));
		EXPECT_F(t.t[2][2], floorf(x));
		EXPECT_F(t.t[2][3], ceilf(x));
		/* SIGN: 0.0 for zero, as GLSL's sign() (and a real GC2000) */
		EXPECT_F(t.t[3][0], x < 0.0f ? -1.0f : x == 0.0f ? 0.0f : 1.0f);
		if (!isinf(x)) {
			float arg = uf(t.t[4][0]);	/* x * 2/pi */

			/* the period-4 unit: sin(arg * pi / 2) */
			EXPECT_F_ULPS(t.t[3][1],
				      (float)sin(arg * M_PI / 2), 4);
			EXPECT_F_ULPS(t.t[3][2],
				      (float)cos(arg * M_PI / 2), 4);
			/* sin(x) itself, where 2/pi's rounding is small */
			if (fabsf(x) < 10.0f && fabsf(sinf(x)) > 0.1f)
				EXPECT_F_ULPS(t.t[3][1], sinf(x), 64);
		}
	}
}

/*
 * No denormals: a float result below FLT_MIN is a zero of its sign (what
 * piglit's fs-underflow-*-compare-zero tests need, which pass on a real
 * GC2000); a MOV copies the bits.
 */
static void t_denormals(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		alu(VGC_OPC_MUL, 2, MXYZW, T(0, SW(0, 0, 1, 1)), T(6, XYZW), NONE),
		alu(VGC_OPC_MAD, 3, MX, T(0, XXXX), T(1, XXXX), T(1, WWWW)),
		alu(VGC_OPC_ADD, 3, MY, T(0, ZZZZ), NONE, T(1, ZZZZ)),
		alu(VGC_OPC_DP2, 3, MZ, T(0, XXXX), T(1, XYZW), NONE),
		alu(VGC_OPC_EXP, 3, MW, NONE, NONE, T(0, WWWW)),
		alu(VGC_OPC_MOV, 5, MXYZW, NONE, NONE, T(1, WWWW)),
	};
	/* 2^-60, -2^-60; 2^-126 (FLT_MIN), exponent -149.5 */
	float p60 = ldexpf(1, -60), m60 = -p60, fmin = ldexpf(1, -126);
	float den = ldexpf(1, -149);	/* the smallest denormal */

	cmd_begin(c);
	set4(&t, 0, p60, m60, fmin, -149.5f);
	/* 2^-89, 2^-66, -0.75 * 2^-126 (so fmin + z = 2^-128), denormal */
	set4(&t, 1, ldexpf(1, -89), ldexpf(1, -66), -0.75f * fmin, den);
	set4(&t, 6, ldexpf(1, -89), ldexpf(1, -66), ldexpf(1, -89),
	     ldexpf(1, -66));
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	/* IEEE would give 2^-149, 2^-126, -2^-149, -2^-126 */
	EXPECT_F(t.t[2][0], 0.0f);
	EXPECT_F(t.t[2][1], fmin);
	EXPECT_F(t.t[2][2], -0.0f);
	EXPECT_F(t.t[2][3], -fmin);
	/* MAD: a denormal product plus a denormal: 0 (IEEE: 2^-148) */
	EXPECT_F(t.t[3][0], 0.0f);
	/* ADD: 2^-126 - 0.75 * 2^-126 = 2^-128 (IEEE), here 0 */
	EXPECT_F(t.t[3][1], 0.0f);
	/* DP2: 2^-149 + 2^-126, each step flushed: 2^-126 (IEEE: the next
	 * float up) */
	EXPECT_F(t.t[3][2], fmin);
	/* EXP(-149.5): IEEE rounds to 2^-149; flushed, 0 */
	EXPECT_F(t.t[3][3], 0.0f);
	/* MOV: the bits as they are */
	EXPECT_F(t.t[5][2], den);
}

/* GC3000's "fast transcendentals": a pair whose product is the value */
static void t_fast_transcendental(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	struct ins prog[] = {
		alu(VGC_OPC_SIN, 1, MX | MY, NONE, NONE, T(0, XXXX)),
		alu(VGC_OPC_COS, 2, MX | MY, NONE, NONE, T(0, XXXX)),
		alu(VGC_OPC_LOG, 3, MX | MY, NONE, NONE, T(0, YYYY)),
		alu(VGC_OPC_DIV, 4, MX | MY, T(0, ZZZZ), T(0, WWWW), NONE),
		/* Mesa's following MUL dst.x, dst.x, dst.y */
		alu(VGC_OPC_MUL, 5, MX, T(1, XXXX), T(1, YYYY), NONE),
		/* the pair in .zw (Mesa's register allocator may put it there) */
		alu(VGC_OPC_SIN, 6, MZ | MW, NONE, NONE, T(0, XXXX)),
		alu(VGC_OPC_COS, 7, MZ | MW, NONE, NONE, T(0, XXXX)),
		alu(VGC_OPC_DIV, 8, MZ | MW, T(0, ZZZZ), T(0, WWWW), NONE),
	};
	float x = 0.3f;		/* Mesa scaled by 1 / pi */
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(prog); k++)
		if (prog[k].op != VGC_OPC_MUL)
			prog[k].tamode = 1;
	cmd_begin(c);
	set4(&t, 0, x, 10.0f, 1.0f, 3.0f);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	EXPECT_F_ULPS(fu(uf(t.t[1][0]) * uf(t.t[1][1])),
		      (float)sin(M_PI * x), 1);
	EXPECT_F_ULPS(t.t[5][0], (float)sin(M_PI * x), 1);
	EXPECT_F_ULPS(fu(uf(t.t[2][0]) * uf(t.t[2][1])),
		      (float)cos(M_PI * x), 1);
	EXPECT_F_ULPS(fu(uf(t.t[3][0]) * uf(t.t[3][1])), log2f(10.0f), 1);
	EXPECT_F(fu(uf(t.t[4][0]) * uf(t.t[4][1])), 1.0f / 3.0f);
	EXPECT_F_ULPS(fu(uf(t.t[6][2]) * uf(t.t[6][3])),
		      (float)sin(M_PI * x), 1);
	EXPECT_F_ULPS(fu(uf(t.t[7][2]) * uf(t.t[7][3])),
		      (float)cos(M_PI * x), 1);
	EXPECT_F(fu(uf(t.t[8][2]) * uf(t.t[8][3])), 1.0f / 3.0f);
}

/* ---- control flow ------------------------------------------------------ */

/* a counted loop: t0.x += 1 while t0.x < u0.x; then a NOT branch */
static void t_branch_loop(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		/* 0 */ alu(VGC_OPC_ADD, 0, MX, T(0, XXXX), NONE, U(0, YYYY)),
		/* 1 */ alu(VGC_OPC_ADD, 1, MX, T(1, XXXX), NONE, T(0, XXXX)),
		/* 2 */ branch(VGC_COND_LT, T(0, XXXX), U(0, XXXX), 0),
		/* Mesa's "if (!c)": BRANCH.NOT (u32) c, skipping 4 */
		/* 3 */ typ(branch(VGC_COND_NOT, T(2, XXXX), NONE, 5),
			    VGC_TYPE_U32),
		/* 4 */ alu(VGC_OPC_MOV, 3, MX, NONE, NONE, U(0, XXXX)),
		/* 5 */ alu(VGC_OPC_MOV, 3, MY, NONE, NONE, U(0, YYYY)),
	};

	cmd_begin(c);
	load_uniform(VGC_SH_VS, 0, 10.0f, 1.0f, 0, 0);
	set4(&t, 2, 1.0f, 0, 0, 0);
	set4(&t, 3, -1, -1, -1, -1);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	EXPECT_F(t.t[0][0], 10.0f);
	EXPECT_F(t.t[1][0], 55.0f);	/* 1 + 2 + ... + 10 */
	EXPECT_F(t.t[3][0], 10.0f);	/* t2.x true: not skipped */
	EXPECT_F(t.t[3][1], 1.0f);
	EXPECT_EQ(c->stats.sh_insns, 10 * 3 + 3);

	/* t2.x = 0.0: the MOV is skipped */
	set4(&t, 0, 0, 0, 0, 0);
	set4(&t, 2, 0.0f, 0, 0, 0);
	set4(&t, 3, -1, -1, -1, -1);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	EXPECT_F(t.t[3][0], -1.0f);
	EXPECT_F(t.t[3][1], 1.0f);
}

static void t_call_ret(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		/* 0 */ (struct ins){ .op = VGC_OPC_CALL, .imm = 3 },
		/* 1 */ (struct ins){ .op = VGC_OPC_CALL, .imm = 3 },
		/* 2 */ branch(VGC_COND_TRUE, NONE, NONE, 5),
		/* 3 */ alu(VGC_OPC_ADD, 0, MX, T(0, XXXX), NONE, U(0, XXXX)),
		/* 4 */ (struct ins){ .op = VGC_OPC_RET },
		/* 5 */ alu(VGC_OPC_MUL, 0, MX, T(0, XXXX), U(0, YYYY), NONE),
	};

	cmd_begin(c);
	load_uniform(VGC_SH_VS, 0, 3.0f, 10.0f, 0, 0);
	set4(&t, 0, 1.0f, 0, 0, 0);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_OK);
	EXPECT_F(t.t[0][0], (1.0f + 3.0f + 3.0f) * 10.0f);
}

/* a shader that never ends stops after the budget */
static void t_step_budget(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 }, q[4] = { 0 };
	const struct ins prog[] = {
		alu(VGC_OPC_ADD, 0, MX, T(0, XXXX), NONE, U(0, XXXX)),
		branch(VGC_COND_TRUE, NONE, NONE, 0),
	};
	struct vgc_sh_env env = { .max_steps = 1000 };
	unsigned int live = 15;

	cmd_begin(c);
	load_uniform(VGC_SH_VS, 0, 1.0f, 0, 0, 0);
	load_uniform(VGC_SH_PS, 0, 1.0f, 0, 0, 0);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, &env), VGC_SH_ABORTED);
	EXPECT_EQ(c->stats.sh_aborted, 1);
	EXPECT_EQ(c->stats.sh_insns, 1000);
	EXPECT_F(t.t[0][0], 500.0f);
	/* the default budget, on a quad */
	EXPECT_EQ(ps(c, prog, ARRAY_SIZE(prog), q, &live, NULL),
		  VGC_SH_ABORTED);
	EXPECT_EQ(c->stats.sh_aborted, 2);
	EXPECT_EQ(c->stats.sh_insns, 1000 + VGC_SH_DEFAULT_STEPS);
	EXPECT_EQ(live, 15);
}

static void t_bad_insn(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		alu(VGC_OPC_MOV, 1, MX, NONE, NONE, U(0, XXXX)),
		alu(0x7f, 2, MX, NONE, NONE, T(0, XXXX)),
		alu(VGC_OPC_MOV, 3, MX, NONE, NONE, U(0, XXXX)),
	};
	/* integer instructions are HALTI2's: not GC2000's */
	const struct ins iprog[] = {
		typ(alu(VGC_OPC_I2F, 1, MX, T(0, XXXX), NONE, NONE),
		    VGC_TYPE_S32),
	};

	cmd_begin(c);
	load_uniform(VGC_SH_VS, 0, 2.0f, 0, 0, 0);
	EXPECT_EQ(vs(c, prog, ARRAY_SIZE(prog), &t, NULL), VGC_SH_BAD_INSN);
	EXPECT_EQ(c->stats.sh_bad_insn, 1);
	EXPECT_F(t.t[1][0], 2.0f);	/* ran up to there */
	EXPECT_EQ(t.t[3][0], 0);	/* and stopped */
	EXPECT_EQ(vs(c, iprog, 1, &t, NULL), VGC_SH_BAD_INSN);
	EXPECT_EQ(c->stats.sh_bad_insn, 2);
}

/* ---- registers and addressing ---------------------------------------- */

/*
 * Mesa's indirect uniform load: MOVAR a0.x, t0.x (a float); MOV dst,
 * u[base + a0.x]. Also UNIFORM_1 (u128 on), relative temporaries, and
 * reads outside the uniform file.
 */
static void t_movar_uniforms(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	struct src u1 = U(2, XYZW), far = U(127, XYZW);
	const struct ins prog[] = {
		(struct ins){ .op = VGC_OPC_MOVAR, .comps = MX | MW,
			      .s[2] = T(0, XYZW) },
		alu(VGC_OPC_MOV, 1, MXYZW, NONE, NONE,
		    rel(U(1, XYZW), VGC_AMODE_ADD_A_X)),
		alu(VGC_OPC_MOV, 2, MXYZW, NONE, NONE, u1),
		alu(VGC_OPC_MOV, 3, MXYZW, NONE, NONE,
		    rel(T(4, XYZW), VGC_AMODE_ADD_A_W)),
		alu(VGC_OPC_MOV, 8, MXYZW, NONE, NONE,
		    rel(far, VGC_AMODE_ADD_A_W)),
	};
	struct ins p2[ARRAY_SIZE(prog)];

	memcpy(p2, prog, sizeof(prog));
	p2[2].s[2].rg = VGC_RG_UNIFORM_1;	/* u130 */
	p2[4].s[2].rg = VGC_RG_UNIFORM_1;	/* u255 + 1: outside */
	cmd_begin(c);
	load_uniform(VGC_SH_VS, 3, 30, 31, 32, 33);
	load_uniform(VGC_SH_VS, 2, 20, 21, 22, 23);
	load_uniform(VGC_SH_VS, 130, 130, 131, 132, 133);
	load_uniform(VGC_SH_VS, 255, 255, 255, 255, 255);
	cmd_state(VGC_VS_UNIFORMS + 256 * 16, 0x12345678);	/* PS code */
	set4(&t, 0, 2.7f, 0, 0, 1.0f);	/* a0.x = 2 (towards 0), a0.w = 1 */
	set4(&t, 5, 50, 51, 52, 53);
	set4(&t, 8, -1, -1, -1, -1);
	EXPECT_EQ(vs(c, p2, ARRAY_SIZE(p2), &t, NULL), VGC_SH_OK);
	EXPECT_F(t.t[1][0], 30);
	EXPECT_F(t.t[1][3], 33);
	EXPECT_F(t.t[2][0], 130);
	EXPECT_F(t.t[2][2], 132);
	EXPECT_F(t.t[3][1], 51);	/* t[4 + a0.w] */
	EXPECT_EQ(t.t[8][0], 0);	/* past the 256 uniforms: 0 */
}

/* front facing in the INTERNAL group, as Mesa reads it (i0.x) */
static void t_front_face(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	struct src i0 = { .use = 1, .rg = VGC_RG_INTERNAL, .swiz = XXXX };
	const struct ins prog[] = {
		alu(VGC_OPC_MOV, 1, MX, NONE, NONE, i0),
	};
	struct vgc_sh_env env = { .front_face = true };
	unsigned int live = 15;

	cmd_begin(c);
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_F(q[0].t[1][0], 1.0f);
	EXPECT_F(q[3].t[1][0], 1.0f);
	env.front_face = false;
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_F(q[2].t[1][0], 0.0f);
}

/* ---- the quad ---------------------------------------------------------- */

static void quad_pos(struct vgc_sh_regs q[4], float x0, float y0)
{
	unsigned int k;

	for (k = 0; k < 4; k++)
		set4(&q[k], 0, x0 + (k & 1) + 0.5f, y0 + (k >> 1) + 0.5f,
		     0.5f, 1.0f);
}

static void t_dsx_dsy(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	const struct ins prog[] = {
		/* t1 = (x * x, x * y, ...) from the position */
		alu(VGC_OPC_MUL, 1, MX, T(0, XXXX), T(0, XXXX), NONE),
		alu(VGC_OPC_MUL, 1, MY, T(0, XXXX), T(0, YYYY), NONE),
		(struct ins){ .op = VGC_OPC_DSX, .dst = 1, .dreg = 2,
			      .comps = MX | MY, .s = { T(1, XYZW), NONE,
						       T(1, XYZW) } },
		(struct ins){ .op = VGC_OPC_DSY, .dst = 1, .dreg = 3,
			      .comps = MX | MY, .s = { T(1, XYZW), NONE,
						       T(1, XYZW) } },
	};
	unsigned int k, live = 1;	/* helpers run for the derivatives */

	cmd_begin(c);
	quad_pos(q, 10, 20);
	EXPECT_EQ(ps(c, prog, ARRAY_SIZE(prog), q, &live, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		unsigned int col = k & 1;
		float xl = 10.5f, xr = 11.5f;
		float y = 20.5f + (k >> 1), x = 10.5f + col;
		float yt = 20.5f, yb = 21.5f;

		EXPECT_F(q[k].t[2][0], xr * xr - xl * xl);
		EXPECT_F(q[k].t[2][1], xr * y - xl * y);
		EXPECT_F(q[k].t[3][0], x * x - x * x);
		EXPECT_F(q[k].t[3][1], x * yb - x * yt);
		(void)y;
	}
	EXPECT_EQ(live, 1);
	EXPECT_EQ(c->stats.sh_ps_quads, 1);
}

static void t_texkill(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	const struct ins cond_kill[] = {
		/* Mesa's discard_if: TEXKILL.NZ c.xxxx */
		cnd((struct ins){ .op = VGC_OPC_TEXKILL,
				  .s = { T(1, XXXX), NONE, NONE } },
		    VGC_COND_NZ),
		alu(VGC_OPC_MOV, 2, MX, NONE, NONE, T(0, XXXX)),
	};
	const struct ins kill_all[] = {
		(struct ins){ .op = VGC_OPC_TEXKILL },
	};
	unsigned int k, live = 15;

	cmd_begin(c);
	quad_pos(q, 0, 0);
	set4(&q[1], 1, 1.0f, 0, 0, 0);
	set4(&q[2], 1, -0.5f, 0, 0, 0);
	EXPECT_EQ(ps(c, cond_kill, 2, q, &live, NULL), VGC_SH_OK);
	EXPECT_EQ(live, 15 & ~2u & ~4u);
	for (k = 0; k < 4; k++)		/* the killed still ran */
		EXPECT_F(q[k].t[2][0], 0.5f + (k & 1));
	live = 15 & ~8u;
	EXPECT_EQ(ps(c, kill_all, 1, q, &live, NULL), VGC_SH_OK);
	EXPECT_EQ(live, 0);
}

/* a branch that splits the quad; the halves meet again */
static void t_divergence(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	const struct ins prog[] = {
		/* 0 */ branch(VGC_COND_GT, T(0, XXXX), U(0, XXXX), 4),
		/* 1: the left pixels only; the right ones wait at 4 */
		/* */ (struct ins){ .op = VGC_OPC_DSX, .dst = 1, .dreg = 3,
				    .comps = MX, .s = { T(0, XXXX), NONE,
							T(0, XXXX) } },
		/* 2 */ alu(VGC_OPC_MOV, 1, MX, NONE, NONE, U(0, YYYY)),
		/* 3 */ branch(VGC_COND_TRUE, NONE, NONE, 5),
		/* 4 */ alu(VGC_OPC_MOV, 1, MX, NONE, NONE, U(0, ZZZZ)),
		/* 5 */ (struct ins){ .op = VGC_OPC_DSX, .dst = 1, .dreg = 2,
				      .comps = MX, .s = { T(1, XXXX), NONE,
							  T(1, XXXX) } },
	};
	unsigned int k, live = 15;

	cmd_begin(c);
	load_uniform(VGC_SH_PS, 0, 1.0f, 10.0f, 30.0f, 0);
	quad_pos(q, 0, 0);	/* x = 0.5 (left), 1.5 (right) */
	EXPECT_EQ(ps(c, prog, ARRAY_SIZE(prog), q, &live, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		EXPECT_F(q[k].t[1][0], k & 1 ? 30.0f : 10.0f);
		EXPECT_F(q[k].t[2][0], 20.0f);	/* after reconverging */
		/* the left ones' DSX saw their waiting neighbours */
		EXPECT_F(q[k].t[3][0], k & 1 ? 0.0f : 1.0f);
	}
	/* each instruction once per group step: 0 to 5 */
	EXPECT_EQ(c->stats.sh_insns, 6);
}

/* ---- textures ---------------------------------------------------------- */

struct tex_log {
	unsigned int n;
	struct vgc_sh_tex_req req[8];
};

static int fake_sample(void *ctx, const struct vgc_sh_tex_req *req,
		       float out[4])
{
	struct tex_log *log = ctx;

	if (log->n < ARRAY_SIZE(log->req))
		log->req[log->n] = *req;
	log->n++;
	/* a recognisable colour: (s, t, sampler, 0.25) */
	out[0] = req->coord[0];
	out[1] = req->coord[1];
	out[2] = (float)req->sampler;
	out[3] = 0.25f;
	return 0;
}

static void t_texld(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	struct ins prog[] = {
		/* TEXLD t2, tex3, t1.xyyy with the result swizzled .zyxw */
		(struct ins){ .op = VGC_OPC_TEXLD, .dst = 1, .dreg = 2,
			      .comps = MXYZW, .tex = 3,
			      .tswiz = SW(2, 1, 0, 3),
			      .s = { T(1, SW(0, 1, 1, 1)), NONE, NONE } },
	};
	struct tex_log log = { 0 };
	struct vgc_sh_env env = { .sample = fake_sample, .ctx = &log };
	unsigned int k, live = 15;

	cmd_begin(c);
	for (k = 0; k < 4; k++)	/* coord = pos * (0.125, 0.25) */
		set4(&q[k], 1, 0.125f * ((k & 1) + 0.5f),
		     0.25f * ((k >> 1) + 0.5f), 0, 0);
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_EQ(log.n, 4);
	EXPECT_EQ(c->stats.sh_tex, 4);
	for (k = 0; k < 4; k++) {
		struct vgc_sh_tex_req *r = &log.req[k];

		EXPECT_EQ(r->has_ref, false);	/* no third operand */
		EXPECT_EQ(r->sampler, 3);
		EXPECT_EQ(r->mode, VGC_SH_TEX_IMPLICIT);
		EXPECT_F(fu(r->coord[0]), 0.125f * ((k & 1) + 0.5f));
		EXPECT_F(fu(r->coord[3]), 0.25f * ((k >> 1) + 0.5f));
		EXPECT_F(fu(r->ddx[0]), 0.125f);
		EXPECT_F(fu(r->ddx[1]), 0.0f);
		EXPECT_F(fu(r->ddy[0]), 0.0f);
		EXPECT_F(fu(r->ddy[1]), 0.25f);
		EXPECT_F(q[k].t[2][0], 3.0f);	/* .z: the sampler */
		EXPECT_F(q[k].t[2][2], r->coord[0]);
		EXPECT_F(q[k].t[2][3], 0.25f);
	}

	/*
	 * TEXLDB / TEXLDL before HALTI5: bias and level in the coordinate's
	 * w, no second operand (Mesa 22.3 etnaviv_nir.c: "pre HALTI5 needs
	 * texture sources in a single source"); TEXLDD: gradients
	 */
	prog[0].op = VGC_OPC_TEXLDB;
	prog[0].s[0] = T(3, XYZW);
	for (k = 0; k < 4; k++)
		set4(&q[k], 3, 0.5f, 0.25f, 0, -1.5f - k);
	log.n = 0;
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_EQ(log.req[2].mode, VGC_SH_TEX_BIAS);
	EXPECT_F(fu(log.req[2].lod), -3.5f);
	EXPECT_F(fu(log.req[2].coord[0]), 0.5f);
	/* a depth comparison's reference (HALTI2): src2.x */
	prog[0].op = VGC_OPC_TEXLD;
	prog[0].s[1] = NONE;
	prog[0].s[2] = T(3, SW(1, 0, 0, 0));
	for (k = 0; k < 4; k++)
		set4(&q[k], 3, -1.5f, 0.375f + k, 0, 0);
	log.n = 0;
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		EXPECT_EQ(log.req[k].has_ref, true);
		EXPECT_F(fu(log.req[k].ref), 0.375f + k);
	}
	prog[0].op = VGC_OPC_TEXLDL;
	prog[0].s[0] = T(3, XYZW);
	prog[0].s[2] = NONE;
	for (k = 0; k < 4; k++)
		set4(&q[k], 3, -1.5f, 0, 0, 2.0f + k);
	log.n = 0;
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_EQ(log.req[1].mode, VGC_SH_TEX_LOD);
	EXPECT_F(fu(log.req[1].lod), 3.0f);
	prog[0].op = VGC_OPC_TEXLDD;
	prog[0].s[1] = T(4, XYZW);
	prog[0].s[2] = T(5, XYZW);
	for (k = 0; k < 4; k++) {
		set4(&q[k], 4, 1, 2, 3, 4);
		set4(&q[k], 5, 5, 6, 7, 8);
	}
	log.n = 0;
	EXPECT_EQ(ps(c, prog, 1, q, &live, &env), VGC_SH_OK);
	EXPECT_EQ(log.req[0].mode, VGC_SH_TEX_GRAD);
	EXPECT_EQ(log.req[0].has_ref, false);	/* src2 is ddy there */
	EXPECT_F(fu(log.req[0].ddx[1]), 2.0f);
	EXPECT_F(fu(log.req[0].ddy[3]), 8.0f);

	/* in the vertex shader: no derivatives */
	prog[0].op = VGC_OPC_TEXLD;
	prog[0].s[0] = T(1, SW(0, 1, 1, 1));
	prog[0].s[1] = NONE;
	prog[0].s[2] = NONE;
	prog[0].tex = 9;
	log.n = 0;
	memset(&q[0], 0, sizeof(q[0]));
	set4(&q[0], 1, 0.5f, 0.75f, 0, 0);
	EXPECT_EQ(vs(c, prog, 1, &q[0], &env), VGC_SH_OK);
	EXPECT_EQ(log.n, 1);
	EXPECT_EQ(log.req[0].sampler, 9);
	EXPECT_F(fu(log.req[0].ddx[0]), 0.0f);
	EXPECT_F(q[0].t[2][2], 0.5f);
}

/*
 * HALTI5 (GC7000): TEXLDB's bias and TEXLDL's level are the second
 * operand's x, the coordinate's w is not read (Mesa 22.3 emit_tex; its
 * etnaviv_nir.c moves them into w only before HALTI5). The program from
 * memory through the instruction cache, as Mesa loads it there.
 */
static void t_texld_halti5(struct vgc_core *c)
{
	struct vgc_sh_regs q[4] = { 0 };
	struct ins prog[] = {
		(struct ins){ .op = VGC_OPC_TEXLDL, .dst = 1, .dreg = 2,
			      .comps = MXYZW, .tex = 1, .tswiz = XYZW,
			      .s = { T(3, XYZW), T(4, SW(1, 0, 0, 0)), NONE } },
	};
	struct tex_log log = { 0 };
	struct vgc_sh_env env = { .sample = fake_sample, .ctx = &log };
	const u32 code = 0x200000u;
	struct vgc_sh_prog p;
	unsigned int k, live = 15;
	unsigned int op;

	for (op = 0; op < 2; op++) {
		prog[0].op = op ? VGC_OPC_TEXLDB : VGC_OPC_TEXLDL;
		encode(&prog[0], w32(code));
		cmd_begin(c);
		cmd_state(VGC_VS_ICACHE_CONTROL, VGC_VS_ICACHE_ENABLE);
		cmd_state(VGC_PS_INST_ADDR, gbase + code);
		cmd_state(VGC_PS_NEWRANGE_LOW, 0);
		cmd_state(VGC_PS_NEWRANGE_HIGH, 1);
		cmd_state(VGC_PS_TEMP_REGISTER_CONTROL, 8);
		cmd_run(c);
		EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_OK);
		for (k = 0; k < 4; k++) {
			set4(&q[k], 3, 0.5f, 0.25f, 0, 7.0f);
			set4(&q[k], 4, -3.0f, 1.5f + k, 0, 0);
		}
		log.n = 0;
		EXPECT_EQ(vgc_sh_run_ps(c, &p, q, &live, &env), VGC_SH_OK);
		EXPECT_EQ(log.n, 4);
		for (k = 0; k < 4; k++) {
			EXPECT_EQ(log.req[k].mode, op ? VGC_SH_TEX_BIAS :
				  VGC_SH_TEX_LOD);
			EXPECT_F(fu(log.req[k].lod), 1.5f + k);
			EXPECT_F(fu(log.req[k].coord[0]), 0.5f);
		}
	}
}

/* ---- program decoding ---------------------------------------------------- */

/* GC2000: VS/PS in the unified memory, PS from PS_RANGE.LOW = 0x100 */
static void t_prog_gc2000(struct vgc_core *c)
{
	struct vgc_sh_prog p;
	const struct ins one[] = {
		alu(VGC_OPC_MOV, 1, MX, NONE, NONE, U(0, XXXX)),
	};
	uint32_t w[4];

	cmd_begin(c);
	load_prog(c, VGC_SH_PS, one, 1);
	cmd_state(VGC_PS_OUTPUT_REG, 5);
	cmd_state(VGC_PS_INPUT_COUNT, 3 | 31 << 8);
	cmd_state(VGC_VS_INPUT_COUNT, 2);
	cmd_state(VGC_VS_OUTPUT_COUNT, 3);
	cmd_state(VGC_VS_OUTPUT(0), 4 | 1 << 8 | 2 << 16);
	cmd_state(VGC_VS_INPUT(0), 0 | 1 << 8);
	cmd_state(VGC_VS_END_PC, 1);
	cmd_state(VGC_VS_RANGE, 0);
	cmd_run(c);
	encode(&one[0], w);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_OK);
	EXPECT_EQ(p.code[0], w[0]);
	EXPECT_EQ(p.code[3], w[3]);
	EXPECT_EQ(p.end_pc, 1);
	EXPECT_EQ(p.num_temps, 8);
	EXPECT_EQ(p.output_reg[0], 5);
	EXPECT_EQ(p.num_inputs, 3);
	EXPECT_EQ(p.icache, false);
	EXPECT_EQ(p.halti2, false);
	EXPECT_EQ(p.uniforms, VGC_PS_UNIFORMS / 4);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_VS, &p), VGC_SH_OK);
	EXPECT_EQ(p.num_outputs, 3);
	EXPECT_EQ(p.output_reg[0], 4);
	EXPECT_EQ(p.output_reg[2], 2);
	EXPECT_EQ(p.input_reg[1], 1);
	EXPECT_EQ(p.uniforms, VGC_VS_UNIFORMS / 4);
	/* an END_PC beyond the memory is refused */
	cmd_begin(c);
	cmd_state(VGC_PS_END_PC, 0x400);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_BAD_PROG);
}

/*
 * GC3000 as Mesa drives it without the cache: PS code through the mirror
 * at 0x9000, unified uniforms at SH_UNIFORMS from PS_UNIFORM_BASE.
 */
static void t_prog_gc3000(struct vgc_core *c)
{
	struct vgc_sh_prog p;
	struct vgc_sh_regs q[4] = { 0 };
	const struct ins one[] = {
		alu(VGC_OPC_MOV, 1, MXYZW, NONE, NONE, U(1, XYZW)),
	};
	uint32_t w[4], u[4] = { fu(1), fu(2), fu(3), fu(4) };
	unsigned int live = 15;

	cmd_begin(c);
	encode(&one[0], w);
	cmd_state(VGC_VS_ICACHE_CONTROL, VGC_VS_ICACHE_FLUSH_VS |
		  VGC_VS_ICACHE_FLUSH_PS);
	cmd_state(VGC_PS_RANGE, 0x100 << 16 | 0x100);
	cmd_states(VGC_SH_INST_MEM_MIRROR + 0x100 * 16, w, 4);
	cmd_state(VGC_PS_END_PC, 1);
	cmd_state(VGC_PS_UNIFORM_BASE, 168);
	cmd_states(VGC_SH_UNIFORMS + (168 + 1) * 16, u, 4);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_OK);
	EXPECT_EQ(p.code[0], w[0]);
	EXPECT_EQ(p.halti2, true);
	EXPECT_EQ(p.new_transcendentals, true);
	EXPECT_EQ(p.uniforms, VGC_SH_UNIFORMS / 4 + 168 * 4);
	EXPECT_EQ(vgc_sh_run_ps(c, &p, q, &live, NULL), VGC_SH_OK);
	EXPECT_F(q[2].t[1][3], 4.0f);
}

/* GC3000 with the instruction cache: the code comes from memory */
static void t_prog_icache(struct vgc_core *c)
{
	struct vgc_sh_prog p;
	struct vgc_sh_regs t = { 0 };
	const struct ins code[] = {
		alu(VGC_OPC_ADD, 1, MX, T(0, XXXX), NONE, T(0, YYYY)),
		alu(VGC_OPC_MUL, 1, MX, T(1, XXXX), T(1, XXXX), NONE),
	};
	uint32_t at = 0x200000, i;

	for (i = 0; i < 2; i++)
		encode(&code[i], w32(at + 16 * i));
	cmd_begin(c);
	cmd_state(VGC_VS_RANGE, 1 << 16);
	cmd_state(VGC_VS_ICACHE_CONTROL, VGC_VS_ICACHE_ENABLE |
		  VGC_VS_ICACHE_FLUSH_VS);
	cmd_state(VGC_VS_INST_ADDR, gbase + at);
	cmd_state(VGC_VS_END_PC, 2);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_VS, &p), VGC_SH_OK);
	EXPECT_EQ(p.icache, true);
	EXPECT_EQ(p.num_insns, 2);
	set4(&t, 0, 2.0f, 3.0f, 0, 0);
	EXPECT_EQ(vgc_sh_run_vs(c, &p, &t, NULL), VGC_SH_OK);
	EXPECT_F(t.t[1][0], 25.0f);
	/* code in a hole: the program is refused */
	cmd_begin(c);
	cmd_state(VGC_VS_INST_ADDR, 0x7ff00000);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_VS, &p), VGC_SH_BAD_PROG);
}

/* GC600: no range registers, separate VS and PS instruction states */
static void t_prog_gc600(struct vgc_core *c)
{
	struct vgc_sh_prog p;
	uint32_t w[4];
	const struct ins one = alu(VGC_OPC_NOP, 0, 0, NONE, NONE, NONE);

	encode(&one, w);
	w[0] |= VGC_ISA0_PUT_DST_REG(5);	/* a mark */
	cmd_begin(c);
	cmd_states(VGC_PS_INST_MEM + 16, w, 4);
	cmd_state(VGC_PS_START_PC, 1);
	cmd_state(VGC_PS_END_PC, 2);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_OK);
	EXPECT_EQ(p.code[4], w[0]);
	EXPECT_EQ(p.num_insns, 256);
	EXPECT_EQ(p.start_pc, 1);
}

/* ---- HALTI2 (GC3000): integers, immediates, LOAD ---------------------- */

static void t_halti2_int(struct vgc_core *c)
{
	struct vgc_sh_prog p;
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		/* 0 */ typ(alu(VGC_OPC_ADD, 2, MXYZW, T(0, XYZW), NONE,
				 T(1, XYZW)), VGC_TYPE_S32),
		/* 1 */ typ(alu(VGC_OPC_IMULLO0, 3, MX, T(0, XXXX),
				 T(1, XXXX), NONE), VGC_TYPE_S32),
		/* 2 */ typ(alu(VGC_OPC_I2F, 3, MY, T(0, YYYY), NONE, NONE),
			    VGC_TYPE_S32),
		/* 3 */ typ(alu(VGC_OPC_F2I, 3, MZ, T(4, XXXX), NONE, NONE),
			    VGC_TYPE_S32),
		/* 4 */ typ(alu(VGC_OPC_LSHIFT, 5, MX, T(0, XXXX), NONE,
				 imm(VGC_ISA_IMM_U20, 4)), VGC_TYPE_U32),
		/* 5 */ typ(alu(VGC_OPC_RSHIFT, 5, MY, T(0, YYYY), NONE,
				 imm(VGC_ISA_IMM_U20, 1)), VGC_TYPE_S32),
		/* 6 */ typ(alu(VGC_OPC_RSHIFT, 5, MZ, T(0, YYYY), NONE,
				 imm(VGC_ISA_IMM_U20, 1)), VGC_TYPE_U32),
		/* 7 */ typ(alu(VGC_OPC_AND, 6, MX, T(0, XXXX), NONE,
				 T(1, XXXX)), VGC_TYPE_U32),
		/* 8 */ typ(alu(VGC_OPC_OR, 6, MY, T(0, XXXX), NONE,
				 T(1, XXXX)), VGC_TYPE_U32),
		/* 9 */ typ(alu(VGC_OPC_XOR, 6, MZ, T(0, XXXX), NONE,
				 T(1, XXXX)), VGC_TYPE_U32),
		/* 10 */ typ(alu(VGC_OPC_NOT, 6, MW, NONE, NONE, T(0, XXXX)),
			     VGC_TYPE_U32),
		/* 11: imin as Mesa: SELECT.GT a, b, a (s32) */
		/* */ cnd(typ(alu(VGC_OPC_SELECT, 7, MX, T(0, YYYY),
				  T(1, YYYY), T(0, YYYY)), VGC_TYPE_S32),
			  VGC_COND_GT),
		/* 12: ineg: ADD 0, -x */
		/* */ typ(alu(VGC_OPC_ADD, 7, MY, imm(VGC_ISA_IMM_S20, 0),
				 NONE, neg(T(0, XXXX))), VGC_TYPE_S32),
		/* 13 */ typ(alu(VGC_OPC_IABS, 7, MZ, NONE, NONE, T(0, YYYY)),
			     VGC_TYPE_S32),
		/* 14: ilt32 as Mesa: CMP.LT a, b, -1 */
		/* */ cnd(typ(alu(VGC_OPC_CMP, 8, MXYZW, T(0, XYZW),
				  T(1, XYZW), imm(VGC_ISA_IMM_S20, 0xfffff)),
			      VGC_TYPE_S32), VGC_COND_LT),
		/* 15: float immediates (the top 20 bits of 2.5) */
		/* */ alu(VGC_OPC_ADD, 9, MX, T(4, XXXX), NONE,
			  imm(VGC_ISA_IMM_F32_HI20, fu(2.5f) >> 12)),
		/* 16: sign of an integer */
		/* */ typ(alu(VGC_OPC_SIGN, 9, MY, NONE, NONE, T(0, YYYY)),
			  VGC_TYPE_S32),
	};
	int32_t a[4] = { 7, -6, 100, 0 }, b[4] = { 3, 5, 100, -1 };
	unsigned int k;

	cmd_begin(c);
	load_prog(c, VGC_SH_VS, prog, ARRAY_SIZE(prog));
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_VS, &p), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		t.t[0][k] = (uint32_t)a[k];
		t.t[1][k] = (uint32_t)b[k];
	}
	t.t[4][0] = fu(-3.75f);
	EXPECT_EQ(vgc_sh_run_vs(c, &p, &t, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		EXPECT_EQ(t.t[2][k], (uint32_t)(a[k] + b[k]));
		EXPECT_EQ(t.t[8][k], a[k] < b[k] ? 0xffffffffu : 0);
	}
	EXPECT_EQ(t.t[3][0], 21);
	EXPECT_F(t.t[3][1], -6.0f);
	EXPECT_EQ(t.t[3][2], (uint32_t)-3);
	EXPECT_EQ(t.t[5][0], 7u << 4);
	EXPECT_EQ(t.t[5][1], (uint32_t)(-6 / 2));
	EXPECT_EQ(t.t[5][2], (uint32_t)-6 >> 1);
	EXPECT_EQ(t.t[6][0], 7u & 3u);
	EXPECT_EQ(t.t[6][1], 7u | 3u);
	EXPECT_EQ(t.t[6][2], 7u ^ 3u);
	EXPECT_EQ(t.t[6][3], ~7u);
	EXPECT_EQ(t.t[7][0], (uint32_t)-6);
	EXPECT_EQ(t.t[7][1], (uint32_t)-7);
	EXPECT_EQ(t.t[7][2], 6);
	EXPECT_F(t.t[9][0], -3.75f + 2.5f);
	EXPECT_EQ(t.t[9][1], 0xffffffffu);
}

/* LOAD: Mesa's UBO read, address = src0.x + src1.x, one word a component */
static void t_halti2_load(struct vgc_core *c)
{
	struct vgc_sh_regs t = { 0 };
	const struct ins prog[] = {
		typ(alu(VGC_OPC_LOAD, 1, MX | MY | MZ, T(0, XXXX), U(0, XXXX),
			NONE), VGC_TYPE_U32),
	};
	uint32_t ubo = 0x300000, i;

	for (i = 0; i < 8; i++)
		w32(ubo)[i] = 0x1000 + i;
	cmd_begin(c);
	cmd_state(VGC_VS_UNIFORM_BASE, 0);
	cmd_state(VGC_SH_UNIFORMS, gbase + ubo);
	t.t[0][0] = 8;		/* byte offset */
	t.t[1][3] = 77;
	EXPECT_EQ(vs(c, prog, 1, &t, NULL), VGC_SH_OK);
	EXPECT_EQ(t.t[1][0], 0x1002);
	EXPECT_EQ(t.t[1][1], 0x1003);
	EXPECT_EQ(t.t[1][2], 0x1004);
	EXPECT_EQ(t.t[1][3], 77);
}

/* ---- the fast path against the lockstep interpreter --------------------- */

/* A float's bits as the tests below draw them: specials, denormals, values */
static uint32_t fp_bits(uint32_t *seed)
{
	switch (sim_rnd(seed) % 8) {
	case 0:
		return sim_rnd(seed);	/* any: NaN, infinities too */
	case 1:
		return sim_rnd(seed) & 0x807fffffu;	/* denormals, zeros */
	case 2:
		return fu((float)(int)(sim_rnd(seed) % 9) - 4);
	default:
		return fu(((int)(sim_rnd(seed) % 20001) - 10000) / 1000.0f);
	}
}

/* A source of any register group, swizzle and modifiers, a0 at times */
static struct src fp_src(uint32_t *seed)
{
	unsigned int k = sim_rnd(seed) % 12;
	struct src s;

	if (k < 7) {
		s = T(sim_rnd(seed) % 8, sim_rnd(seed) & 0xff);
		if (k == 6)	/* through a0 (or AMODE 5..7: none) */
			s.amode = sim_rnd(seed) % 8;
	} else if (k < 9) {	/* u0..u7, or beyond the file at times */
		s = U(sim_rnd(seed) % 4 ? sim_rnd(seed) % 8 :
		      sim_rnd(seed) % 512, sim_rnd(seed) & 0xff);
		if (k == 8)
			s.rg = VGC_RG_UNIFORM_1;
	} else if (k == 9) {
		return imm(sim_rnd(seed) % 4, sim_rnd(seed) & 0xfffff);
	} else {
		s = NONE;
	}
	s.neg = sim_rnd(seed) & 1;	/* an unused operand's too */
	s.abs = sim_rnd(seed) & 1;
	return s;
}

/* (coordinate, derivatives, reference) mixed; every 29th lookup fails */
static int fp_sample(void *ctx, const struct vgc_sh_tex_req *req,
		     float out[4])
{
	unsigned int *n = ctx, m;

	for (m = 0; m < 4; m++)
		out[m] = req->coord[m] * 3 + req->ddx[m] * 5 -
			 req->ddy[(m + 1) & 3] + req->ref + req->sampler +
			 (req->has_ref ? 0.5f : 0) + (float)req->mode +
			 req->lod;
	return ++*n % 29 == 0;
}

/*
 * The same temporaries, but for a NaN's bits: which NaN an operation on
 * two NaNs returns is the host's (x86: its first operand's), and the
 * compiler may order the operands of a commutative one either way.
 */
static bool fp_same(const struct vgc_sh_regs a[4],
		    const struct vgc_sh_regs b[4])
{
	unsigned int k, r, m;
	uint32_t x, y;

	for (k = 0; k < 4; k++)
		for (r = 0; r < VGC_SH_TEMPS; r++)
			for (m = 0; m < 4; m++) {
				x = a[k].t[r][m];
				y = b[k].t[r][m];
				if (x != y && ((x & 0x7fffffffu) <= 0x7f800000u ||
					       (y & 0x7fffffffu) <= 0x7f800000u))
					return false;
			}
	return true;
}

/*
 * Random programs of the instructions the fast path runs (and FRC, which
 * it does not), each run on a quad as it is (straight: the fast path)
 * and with a BRANCH to the end after it (the lockstep interpreter): the
 * same registers (fp_same()), result, coverage, lookups and counts.
 */
static void t_fast_path(struct vgc_core *c)
{
	static const uint32_t ops[] = {
		VGC_OPC_MOV, VGC_OPC_ADD, VGC_OPC_MUL, VGC_OPC_MAD,
		VGC_OPC_DP3, VGC_OPC_DP4, VGC_OPC_TEXLD, VGC_OPC_FRC,
	};
	struct vgc_sh_regs init[4], q[2][4];
	struct ins code[9];
	uint32_t seed = 1, u[4];
	unsigned int iter, n, i, k, r, m, pass, bad = 0;

	cmd_begin(c);
	for (k = 0; k < 8; k++) {
		for (m = 0; m < 4; m++)
			u[m] = fp_bits(&seed);
		load_uniform(VGC_SH_PS, k, uf(u[0]), uf(u[1]), uf(u[2]),
			     uf(u[3]));
	}
	cmd_run(c);
	for (iter = 0; iter < 1500; iter++) {
		enum vgc_sh_result res[2];
		unsigned int live[2], looks[2], cover;
		uint64_t tex[2], insns[2];

		n = 1 + sim_rnd(&seed) % 8;
		for (i = 0; i < n; i++) {
			struct ins *in = &code[i];

			*in = alu(ops[sim_rnd(&seed) % ARRAY_SIZE(ops)],
				  sim_rnd(&seed) % 8, 1 + sim_rnd(&seed) % 15,
				  fp_src(&seed), fp_src(&seed), fp_src(&seed));
			in->sat = sim_rnd(&seed) % 4 == 0;
			if (sim_rnd(&seed) % 8 == 0)
				in->type = sim_rnd(&seed) % 8;
			if (sim_rnd(&seed) % 16 == 0)
				in->damode = sim_rnd(&seed) % 8;
			if (in->op == VGC_OPC_TEXLD) {
				in->tex = sim_rnd(&seed) % 4;
				in->tswiz = sim_rnd(&seed) % 2 ? XYZW :
					    sim_rnd(&seed) & 0xff;
				if (sim_rnd(&seed) % 8 == 0)
					in->tamode = sim_rnd(&seed) % 8;
			}
		}
		code[n] = branch(VGC_COND_TRUE, NONE, NONE, n + 1);
		for (k = 0; k < 4; k++)
			for (r = 0; r < VGC_SH_TEMPS; r++)
				for (m = 0; m < 4; m++)
					init[k].t[r][m] = r < 8 ?
						fp_bits(&seed) : 0;
		cover = sim_rnd(&seed) % 2 ? 15 : 5;
		for (pass = 0; pass < 2; pass++) {
			struct vgc_sh_env env = { .sample = fp_sample,
						  .ctx = &looks[pass] };

			looks[pass] = iter;	/* a failing lookup moves */
			live[pass] = cover;
			memcpy(q[pass], init, sizeof(init));
			cmd_begin(c);
			tex[pass] = c->stats.sh_tex;
			insns[pass] = c->stats.sh_insns;
			res[pass] = ps(c, code, n + pass, q[pass], &live[pass],
				       &env);
			tex[pass] = c->stats.sh_tex - tex[pass];
			insns[pass] = c->stats.sh_insns - insns[pass];
		}
		/* the BRANCH counts once, unless the program stopped */
		if (res[0] != res[1] || live[0] != live[1] ||
		    looks[0] != looks[1] || tex[0] != tex[1] ||
		    insns[0] + (res[0] == VGC_SH_OK) != insns[1] ||
		    !fp_same(q[0], q[1])) {
			if (!bad++)
				fail("program %u differs", iter);
		}
	}
	EXPECT_EQ(bad, 0);
}

int main(void)
{
	if (sim_test_begin())
		return 2;

	run_test("sh-alu-basic", t_alu_basic, "gc2000");
	run_test("sh-select-set", t_select_set, "gc2000");
	run_test("sh-transcendental", t_transcendental, "gc2000");
	run_test("sh-denormals", t_denormals, "gc2000");
	run_test("sh-fast-transcendental", t_fast_transcendental, "gc3000");
	run_test("sh-branch-loop", t_branch_loop, "gc2000");
	run_test("sh-call-ret", t_call_ret, "gc880");
	run_test("sh-texld-halti5", t_texld_halti5, "gc7000");
	run_test("sh-step-budget", t_step_budget, "gc2000");
	run_test("sh-bad-insn", t_bad_insn, "gc2000");
	run_test("sh-movar-uniforms", t_movar_uniforms, "gc2000");
	run_test("sh-front-face", t_front_face, "gc2000");
	run_test("sh-dsx-dsy", t_dsx_dsy, "gc2000");
	run_test("sh-texkill", t_texkill, "gc2000");
	run_test("sh-divergence", t_divergence, "gc880");
	run_test("sh-texld", t_texld, "gc2000");
	run_test("sh-prog-gc2000", t_prog_gc2000, "gc2000");
	run_test("sh-prog-gc3000", t_prog_gc3000, "gc3000");
	run_test("sh-prog-icache", t_prog_icache, "gc3000");
	run_test("sh-prog-gc600", t_prog_gc600, "gc600");
	run_test("sh-halti2-int", t_halti2_int, "gc3000");
	run_test("sh-halti2-load", t_halti2_load, "gc3000");
	run_test("sh-fast-path", t_fast_path, "gc3000");

	return sim_test_end("sim shader tests");
}
