// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core's conditions as a table (issue 33): every condition
 * code (TRUE, GT, LT, GE, LE, EQ, NE, AND, OR, XOR, NOT, NZ, GEZ, GZ, LEZ,
 * LZ) of every instruction that takes one (SET, SELECT, CMP, BRANCH,
 * TEXKILL), in every type (F32, S32, U32), over every pair of operand
 * classes: for floats +0, -0, the smallest normal, 1, -1, 2, the largest
 * finite, their negatives, +inf, -inf and NaN of either sign; for integers
 * 0, 1, -1, 2, the extremes and their neighbours. Programs are loaded
 * through the FE and run on a vertex (SET, SELECT, CMP, BRANCH) and on a
 * pixel quad (TEXKILL) of a GC3000 (HALTI2: CMP and the integer types).
 *
 * The reference is written from the ISA's definitions (etna_viv
 * rnndb/isa.xml, as sim/doc/shader-core.md's table of instructions states
 * them), never from the model: GT, LT, GE, LE, EQ, NE compare src0 with
 * src1 by the type, F32 by IEEE 754 (an unordered pair compares false
 * but for NE, which is true: C's own float comparisons); AND, OR, XOR on
 * "non-zero" (NaN is non-zero, -0 is zero); NOT, NZ, GEZ, GZ, LEZ, LZ
 * test src0 alone. SET: src0 COND src1 ? 1.0 : 0.0; SELECT: binary
 * src1 COND src0 ? src2 : src1, unary COND(src0) ? src1 : src2; CMP:
 * src0 COND src1 ? src2 : 0; BRANCH and TEXKILL: COND(src0.x, src1.x)
 * taken, the pixel discarded.
 */
#include <float.h>

#include "sim_test.h"
#include "sh_enc.h"
#include "sh_run.h"

static const char *const cond_name[16] = {
	"true", "gt", "lt", "ge", "le", "eq", "ne", "and", "or", "xor",
	"not", "nz", "gez", "gz", "lez", "lz",
};

static const struct {
	uint32_t type;
	const char *name;
} types[3] = {
	{ VGC_TYPE_F32, "f32" }, { VGC_TYPE_S32, "s32" },
	{ VGC_TYPE_U32, "u32" },
};

enum { OP_SET, OP_SELECT, OP_CMP, OP_BRANCH, OP_TEXKILL, OPS };

static const char *const op_name[OPS] = {
	"set", "select", "cmp", "branch", "texkill",
};

/* ---- the reference ---------------------------------------------------- */

/* The operand @v read by type @t: every value of each type is a double. */
static double val(unsigned int t, uint32_t v)
{
	if (types[t].type == VGC_TYPE_F32)
		return uf(v);
	if (types[t].type == VGC_TYPE_S32)
		return (int32_t)v;
	return v;
}

static bool unary(unsigned int cond)
{
	return cond == VGC_COND_NOT || cond == VGC_COND_NZ ||
	       cond == VGC_COND_GEZ || cond == VGC_COND_GZ ||
	       cond == VGC_COND_LEZ || cond == VGC_COND_LZ;
}

static bool ref_cond(unsigned int cond, unsigned int t, uint32_t a,
		     uint32_t b)
{
	double x = val(t, a), y = val(t, b);

	switch (cond) {
	case VGC_COND_TRUE:	return true;
	case VGC_COND_GT:	return x > y;
	case VGC_COND_LT:	return x < y;
	case VGC_COND_GE:	return x >= y;
	case VGC_COND_LE:	return x <= y;
	case VGC_COND_EQ:	return x == y;
	case VGC_COND_NE:	return x != y;
	case VGC_COND_AND:	return x != 0 && y != 0;
	case VGC_COND_OR:	return x != 0 || y != 0;
	case VGC_COND_XOR:	return (x != 0) != (y != 0);
	case VGC_COND_NOT:	return x == 0;
	case VGC_COND_NZ:	return x != 0;
	case VGC_COND_GEZ:	return x >= 0;
	case VGC_COND_GZ:	return x > 0;
	case VGC_COND_LEZ:	return x <= 0;
	case VGC_COND_LZ:	return x < 0;
	}
	return false;
}

/* ---- the operands --------------------------------------------------- */

#define F_NAN	0x7fc00000u

static uint32_t fvals[14];

static const uint32_t ivals[] = {
	0, 1, 0xffffffffu, 2, 0x7fffffffu, 0x7ffffffeu, 0x80000000u,
	0x80000001u,
};

static void init_fvals(void)
{
	const float f[] = { 0.0f, -0.0f, FLT_MIN, 1.0f, -1.0f, 2.0f, FLT_MAX,
			    -FLT_MAX, -FLT_MIN, 1.0f / 0.0f, -1.0f / 0.0f };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(f); i++)
		fvals[i] = fu(f[i]);
	fvals[i++] = F_NAN;
	fvals[i++] = F_NAN | 0x80000000u;
	fvals[i++] = 0x3f800001u;	/* 1 + 2^-23: one ulp above 1 */
}

/* ---- the table --------------------------------------------------------- */

/* classes: per type its 16 conditions, then its 5 opcodes */
static struct sim_class cls[3 * (16 + OPS)];

#define C_COND(t, k)	(&cls[(t) * (16 + OPS) + (k)])
#define C_OP(t, o)	(&cls[(t) * (16 + OPS) + 16 + (o)])

static void bad(unsigned int t, unsigned int cond, unsigned int op,
		uint32_t a, uint32_t b, uint32_t got, uint32_t want)
{
	const char *fmt = "%s.%s.%s 0x%08x, 0x%08x: 0x%08x, expected 0x%08x";

	sim_class_fail(C_COND(t, cond), fmt, op_name[op], cond_name[cond],
		       types[t].name, a, b, got, want);
	sim_class_fail(C_OP(t, op), fmt, op_name[op], cond_name[cond],
		       types[t].name, a, b, got, want);
}

/* markers: src2 of SELECT and CMP, written by the MOVs a BRANCH skips */
static const uint32_t mark[4] = { 0x4b00a001u, 0x4b00a002u, 0x4b00a003u,
				  0x4b00a004u };

/*
 * Four pairs (@a[k], @b[k]) under condition @cond of type @t: in the
 * components of a vertex, then in the threads of a pixel quad.
 */
static void run4(struct vgc_core *c, unsigned int t, unsigned int cond,
		 const uint32_t a[4], const uint32_t b[4])
{
	const uint32_t ty = types[t].type;
	static const uint32_t swz[4] = { XXXX, YYYY, ZZZZ, WWWW };
	struct ins prog[12];
	struct vgc_sh_regs v = { 0 }, q[4];
	unsigned int k, n = 0, live = 15;
	const struct ins kill[] = {
		typ(cnd((struct ins){ .op = VGC_OPC_TEXKILL,
				      .s = { T(0, XXXX), T(1, XXXX), NONE } },
			cond), ty),
		alu(VGC_OPC_MOV, 2, MX, NONE, NONE, T(0, XXXX)),
	};

	prog[n++] = typ(cnd(alu(VGC_OPC_SET, 2, MXYZW, T(0, XYZW),
				T(1, XYZW), NONE), cond), ty);
	prog[n++] = typ(cnd(alu(VGC_OPC_SELECT, 3, MXYZW, T(0, XYZW),
				T(1, XYZW), T(4, XYZW)), cond), ty);
	prog[n++] = typ(cnd(alu(VGC_OPC_CMP, 5, MXYZW, T(0, XYZW),
				T(1, XYZW), T(4, XYZW)), cond), ty);
	for (k = 0; k < 4; k++) {
		prog[n] = typ(branch(cond, T(0, swz[k]), T(1, swz[k]), n + 2),
			      ty);
		n++;
		prog[n++] = alu(VGC_OPC_MOV, 6, 1u << k, NONE, NONE,
				T(4, swz[k]));
	}
	prog[n++] = (struct ins){ .op = VGC_OPC_NOP };
	memset(q, 0, sizeof(q));
	for (k = 0; k < 4; k++) {
		v.t[0][k] = a[k];
		v.t[1][k] = b[k];
		v.t[4][k] = mark[k];
		q[k].t[0][0] = a[k];
		q[k].t[1][0] = b[k];
	}
	cmd_begin(c);
	EXPECT_EQ(vs(c, prog, n, &v, NULL), VGC_SH_OK);
	cmd_begin(c);
	EXPECT_EQ(ps(c, kill, ARRAY_SIZE(kill), q, &live, NULL), VGC_SH_OK);
	for (k = 0; k < 4; k++) {
		bool tk = ref_cond(cond, t, a[k], b[k]);
		uint32_t want;
		unsigned int o;

		C_COND(t, cond)->cases += OPS;
		for (o = 0; o < OPS; o++)
			C_OP(t, o)->cases++;

		if (v.t[2][k] != (tk ? fu(1.0f) : 0))
			bad(t, cond, OP_SET, a[k], b[k], v.t[2][k],
			    tk ? fu(1.0f) : 0);
		if (unary(cond))
			want = tk ? b[k] : mark[k];
		else	/* src1 COND src0 */
			want = ref_cond(cond, t, b[k], a[k]) ? mark[k] : b[k];
		if (v.t[3][k] != want)
			bad(t, cond, OP_SELECT, a[k], b[k], v.t[3][k], want);
		if (v.t[5][k] != (tk ? mark[k] : 0))
			bad(t, cond, OP_CMP, a[k], b[k], v.t[5][k],
			    tk ? mark[k] : 0);
		if (v.t[6][k] != (tk ? 0 : mark[k]))
			bad(t, cond, OP_BRANCH, a[k], b[k], v.t[6][k],
			    tk ? 0 : mark[k]);
		if (!(live >> k & 1) != tk)
			bad(t, cond, OP_TEXKILL, a[k], b[k], !(live >> k & 1),
			    tk);
	}
}

static void t_cond(struct vgc_core *c)
{
	unsigned int t, cond, i, n, nv, k;
	const uint32_t *vals;
	uint32_t a[4], b[4];

	for (t = 0; t < 3; t++) {
		vals = t ? ivals : fvals;
		nv = t ? ARRAY_SIZE(ivals) : ARRAY_SIZE(fvals);
		for (cond = 0; cond < 16; cond++)
			for (i = 0; i < nv * nv; i += 4) {
				for (k = 0; k < 4; k++) {
					n = (i + k) % (nv * nv);
					a[k] = vals[n / nv];
					b[k] = vals[n % nv];
				}
				run4(c, t, cond, a, b);
			}
	}
}

int main(void)
{
	static char names[ARRAY_SIZE(cls)][40];
	unsigned int t, i;

	if (sim_test_begin())
		return 1;
	init_fvals();
	for (t = 0; t < 3; t++) {
		for (i = 0; i < 16; i++) {
			snprintf(names[C_COND(t, i) - cls], sizeof(names[0]),
				 "cond-%s-%s", types[t].name, cond_name[i]);
			C_COND(t, i)->name = names[C_COND(t, i) - cls];
		}
		for (i = 0; i < OPS; i++) {
			snprintf(names[C_OP(t, i) - cls], sizeof(names[0]),
				 "cond-%s-op-%s", types[t].name, op_name[i]);
			C_OP(t, i)->name = names[C_OP(t, i) - cls];
		}
	}
	run_table("cond", t_cond, "gc3000", cls, ARRAY_SIZE(cls));
	return sim_test_end("sim condition tables");
}
