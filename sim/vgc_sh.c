// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core: an interpreter of the Vivante shader instruction set
 * as Mesa 22.3's etnaviv emits it (see vgc_sh.h for the contract with the
 * 3D pipeline and sim/doc/shader-core.md for the sources and the
 * deductions).
 */
#include "vgc.h"
#include "vgc_math.h"

#define REG(c, off)	((c)->state[(off) >> 2])

/* Instructions a core with separate VS/PS instruction states has each. */
#define SEPARATE_INSNS	(VGC_SEPARATE_INST_MEM_WORDS / VGC_SH_INSN_WORDS)
/* ... and the unified instruction memory. */
#define UNIFIED_INSNS	(VGC_SH_INST_MEM_WORDS / VGC_SH_INSN_WORDS)
/* Uniform vec4s of a stage's own uniform states; of the unified ones. */
#define SEPARATE_UNIFORMS	(VGC_SEPARATE_UNIFORMS_WORDS / 4)
#define UNIFIED_UNIFORMS	(VGC_SH_UNIFORMS_WORDS / 4)
/* UNIFORM_1 addresses the uniforms from 128 on (etna_viv rnndb/isa.xml). */
#define UNIFORM_1_BASE		128
/* CALL nesting the model keeps per thread. */
#define CALL_DEPTH		8
/* Threads run together: a pixel quad. */
#define QUAD			4

#define F_SIGN			0x80000000u
#define F_ONE			0x3f800000u

/* How the fast path reads a source operand (struct vgc_sh_src.kind). */
enum sh_src_kind {
	SRC_NONE,	/* not used: zeros */
	SRC_TEMP,	/* a temporary not offset by a0 */
	SRC_UNIFORM,	/* a uniform not offset by a0 (uword) */
	SRC_IMM,	/* an immediate */
	SRC_SLOW,	/* anything else: read_src() */
};

/*
 * Instructions the fast path runs (struct vgc_sh_insn.fast): float
 * types, a destination not offset by a0, every source but SRC_SLOW.
 */
enum sh_fast {
	FAST_NONE,
	FAST_MOV, FAST_ADD, FAST_MUL, FAST_MAD, FAST_DP3, FAST_DP4,
	FAST_TEXLD,	/* implicit LOD, a sampler not offset by a0 */
};

/**
 * struct sh_thread - one thread (vertex or pixel)
 * @t: its temporaries (the caller's)
 * @a0: the address register a0.xyzw (integers)
 * @pc: next instruction
 * @done: reached the end (or returned from its outermost level)
 * @killed: a TEXKILL discarded it (it keeps running for its neighbours)
 * @sp: @stack depth
 * @stack: CALL return addresses
 */
struct sh_thread {
	struct vgc_sh_regs *t;
	u32 a0[4];
	unsigned int pc;
	bool done, killed;
	unsigned int sp;
	unsigned int stack[CALL_DEPTH];
};

/**
 * struct sh_run - one invocation
 * @c: the core
 * @p: the program
 * @env: the caller's environment
 * @n: threads (1: vertex, 4: quad)
 * @th: the threads (only @th[].t until @ready)
 * @ready: threads_init() set the threads' other fields
 * @result: VGC_SH_OK until something stops the invocation
 */
struct sh_run {
	struct vgc_core *c;
	const struct vgc_sh_prog *p;
	const struct vgc_sh_env *env;
	unsigned int n;
	struct sh_thread th[QUAD];
	bool ready;
	enum vgc_sh_result result;
};

static float u2f(u32 u)
{
	return vgc_sh_u2f(u);
}

static u32 f2u(float f)
{
	return vgc_sh_f2u(f);
}

static bool f_isnan(u32 u)
{
	return (u & ~F_SIGN) > 0x7f800000u;
}

/* ---- decoding ---------------------------------------------------------- */

/*
 * An immediate: register group 7, its 20-bit value scattered over the
 * operand's REG, SWIZ, NEG, ABS and AMODE bit 0, AMODE bits 2:1 its type
 * (etna_viv rnndb/isa.xml; Mesa 22.3 etnaviv_asm.h, etnaviv_disasm.c).
 */
static u32 imm_value(u32 reg, u32 swiz, bool neg, bool abs, u32 amode)
{
	u32 v = reg | swiz << VGC_ISA_IMM_SWIZ_SHIFT |
		(u32)neg << VGC_ISA_IMM_NEG_SHIFT |
		(u32)abs << VGC_ISA_IMM_ABS_SHIFT |
		(amode & 1) << VGC_ISA_IMM_AMODE_SHIFT;
	u32 type = amode >> 1;
	u32 sign = 1u << (VGC_ISA_IMM_TYPE_SHIFT - 1);
	u32 e, m;

	switch (type) {
	case VGC_ISA_IMM_F32_HI20:
		return v << (32 - VGC_ISA_IMM_TYPE_SHIFT);
	case VGC_ISA_IMM_S20:
		return (v ^ sign) - sign;
	case VGC_ISA_IMM_U20:
		return v;
	default:		/* a half float in the low 16 bits */
		e = (v >> 10) & 0x1f;
		m = v & 0x3ff;
		if (e == 0x1f)
			e = 0xff;
		else if (e)
			e += 127 - 15;
		else if (m) {	/* subnormal half: normalise */
			e = 127 - 15 + 1;
			while (!(m & 0x400)) {
				m <<= 1;
				e--;
			}
			m &= 0x3ff;
		}
		return (v & 0x8000) << 16 | e << 23 | m << 13;
	}
}

static bool is_int_type(u32 type);
static bool flushes(const struct vgc_sh_insn *i);

static void decode_src(struct vgc_sh_src *s, bool use, u32 rgroup, u32 reg,
		       u32 swiz, bool neg, bool abs, u32 amode)
{
	unsigned int k;

	for (k = 0; k < 4; k++)
		s->sel[k] = (swiz >> (VGC_ISA_SWIZ_WIDTH * k)) & 3;
	s->fand = abs ? ~F_SIGN : ~0u;
	s->fxor = neg ? F_SIGN : 0;
	s->use = use;
	s->rgroup = rgroup;
	s->reg = reg;
	s->swiz = swiz;
	s->neg = neg;
	s->abs = abs;
	s->amode = amode;
	s->imm = rgroup == VGC_RG_IMMEDIATE ?
		 imm_value(reg, swiz, neg, abs, amode) : 0;
	s->direct = use && rgroup == VGC_RG_TEMP && reg < VGC_SH_TEMPS &&
		    (amode == VGC_AMODE_DIRECT || amode > VGC_AMODE_ADD_A_W);
	s->kind = SRC_SLOW;
	s->uword = ~0u;
}

static void decode(const u32 *w, struct vgc_sh_insn *i)
{
	unsigned int k;

	i->opc = VGC_ISA0_OPCODE(w[0]) |
		 (w[2] & VGC_ISA2_OPCODE_BIT6 ? 0x40 : 0);
	i->cond = VGC_ISA0_COND(w[0]);
	i->sat = w[0] & VGC_ISA0_SAT;
	i->dst_use = w[0] & VGC_ISA0_DST_USE;
	i->dst_amode = VGC_ISA0_DST_AMODE(w[0]);
	i->dst_reg = VGC_ISA0_DST_REG(w[0]);
	i->dst_comps = VGC_ISA0_DST_COMPS(w[0]);
	i->tex_id = VGC_ISA0_TEX_ID(w[0]);
	i->tex_amode = VGC_ISA1_TEX_AMODE(w[1]);
	i->tex_swiz = VGC_ISA1_TEX_SWIZ(w[1]);
	i->type = VGC_ISA2_TYPE_BIT01(w[2]) |
		  (w[1] & VGC_ISA1_TYPE_BIT2 ? 4 : 0);
	decode_src(&i->src[0], w[1] & VGC_ISA1_SRC0_USE,
		   VGC_ISA2_SRC0_RGROUP(w[2]), VGC_ISA1_SRC0_REG(w[1]),
		   VGC_ISA1_SRC0_SWIZ(w[1]), w[1] & VGC_ISA1_SRC0_NEG,
		   w[1] & VGC_ISA1_SRC0_ABS, VGC_ISA2_SRC0_AMODE(w[2]));
	decode_src(&i->src[1], w[2] & VGC_ISA2_SRC1_USE,
		   VGC_ISA3_SRC1_RGROUP(w[3]), VGC_ISA2_SRC1_REG(w[2]),
		   VGC_ISA2_SRC1_SWIZ(w[2]), w[2] & VGC_ISA2_SRC1_NEG,
		   w[2] & VGC_ISA2_SRC1_ABS, VGC_ISA2_SRC1_AMODE(w[2]));
	decode_src(&i->src[2], w[3] & VGC_ISA3_SRC2_USE,
		   VGC_ISA3_SRC2_RGROUP(w[3]), VGC_ISA3_SRC2_REG(w[3]),
		   VGC_ISA3_SRC2_SWIZ(w[3]), w[3] & VGC_ISA3_SRC2_NEG,
		   w[3] & VGC_ISA3_SRC2_ABS, VGC_ISA3_SRC2_AMODE(w[3]));
	i->imm = VGC_ISA3_SRC2_IMM(w[3]);
	i->ints = is_int_type(i->type);
	i->fsat = i->sat && !i->ints;
	/* ADD, MUL, MAD and the dot products flush as they go */
	i->flush = flushes(i) && i->opc != VGC_OPC_ADD &&
		   i->opc != VGC_OPC_MUL && i->opc != VGC_OPC_MAD &&
		   i->opc != VGC_OPC_DP2 && i->opc != VGC_OPC_DP3 &&
		   i->opc != VGC_OPC_DP4;
	i->dst_direct = i->dst_use && i->dst_reg < VGC_SH_TEMPS &&
			(i->dst_amode == VGC_AMODE_DIRECT ||
			 i->dst_amode > VGC_AMODE_ADD_A_W);
	for (k = 0; k < 4; k++)
		i->tex_sel[k] = (i->tex_swiz >> (VGC_ISA_SWIZ_WIDTH * k)) & 3;
	i->tex_plain = i->tex_sel[0] == 0 && i->tex_sel[1] == 1 &&
		       i->tex_sel[2] == 2 && i->tex_sel[3] == 3;
	i->fast = FAST_NONE;	/* until vgc_sh_prog_get() resolves it */
}

/* ---- operands ---------------------------------------------------------- */

static bool is_int_type(u32 type)
{
	return type == VGC_TYPE_S32 || type == VGC_TYPE_U32;
}

static void bad(struct sh_run *r)
{
	if (r->result == VGC_SH_OK)
		r->result = VGC_SH_BAD_INSN;
}

/* @amode adds no a0 component */
static bool addr_offset_none(u32 amode)
{
	return amode == VGC_AMODE_DIRECT || amode > VGC_AMODE_ADD_A_W;
}

/* a0 component @amode - 1 of @th, or 0 for DIRECT */
static u32 addr_offset(const struct sh_thread *th, u32 amode)
{
	if (addr_offset_none(amode))
		return 0;
	return th->a0[amode - VGC_AMODE_ADD_A_X];
}

/*
 * The value of source @s for thread @th, after swizzle and modifiers.
 * Modifiers follow the instruction's type: sign bit operations on floats,
 * two's complement negation and absolute value on integers.
 */
static void read_src(struct sh_run *r, const struct sh_thread *th,
		     const struct vgc_sh_insn *i, const struct vgc_sh_src *s,
		     u32 v[4])
{
	static const u32 zero[4];
	const struct vgc_sh_prog *p = r->p;
	const u32 *raw = zero;
	u32 internal[4];
	unsigned int k;
	u32 idx;

	if (s->direct) {
		raw = th->t->t[s->reg];
		goto swizzle;
	}
	if (!s->use) {
		for (k = 0; k < 4; k++)
			v[k] = 0;
		return;
	}
	switch (s->rgroup) {
	case VGC_RG_TEMP:
		idx = s->reg + addr_offset(th, s->amode);
		if (idx >= VGC_SH_TEMPS) {
			bad(r);
			break;
		}
		raw = th->t->t[idx];
		break;
	case VGC_RG_UNIFORM_0:
	case VGC_RG_UNIFORM_1:
		idx = s->reg + addr_offset(th, s->amode) +
		      (s->rgroup == VGC_RG_UNIFORM_1 ? UNIFORM_1_BASE : 0);
		if (idx >= p->num_uniforms)
			break;		/* outside the file: reads 0 */
		raw = &r->c->state[p->uniforms + idx * 4];
		break;
	case VGC_RG_INTERNAL:
		/* i0.x: front facing; i0.y non-zero; all iN alias i0 */
		internal[0] = r->env->front_face ? F_ONE : 0;
		internal[1] = F_ONE;
		internal[2] = 0;
		internal[3] = 0;
		raw = internal;
		break;
	case VGC_RG_IMMEDIATE:
		for (k = 0; k < 4; k++)
			v[k] = s->imm;
		return;		/* no swizzle, no modifiers */
	default:		/* TEMP_FP (dual-16 mode) and the unknown */
		bad(r);
		break;
	}
swizzle:
	if (!i->ints) {
		/* floats: the sign bit operations */
		u32 fand = s->fand, fxor = s->fxor;

		v[0] = (raw[s->sel[0]] & fand) ^ fxor;
		v[1] = (raw[s->sel[1]] & fand) ^ fxor;
		v[2] = (raw[s->sel[2]] & fand) ^ fxor;
		v[3] = (raw[s->sel[3]] & fand) ^ fxor;
		return;
	}
	for (k = 0; k < 4; k++) {
		u32 x = raw[s->sel[k]];

		if (s->abs && (x & F_SIGN))
			x = 0u - x;
		if (s->neg)
			x = 0u - x;
		v[k] = x;
	}
}

static u32 saturate(u32 x)
{
	float f = u2f(x);

	if (f_isnan(x) || f <= 0.0f)
		return 0;
	if (f >= 1.0f)
		return F_ONE;
	return x;
}

static inline void write_dst(struct sh_run *r, struct sh_thread *th,
		      const struct vgc_sh_insn *i, const u32 v[4])
{
	unsigned int k;
	u32 idx, *d;

	if (i->dst_direct) {
		idx = i->dst_reg;
	} else {
		if (!i->dst_use)
			return;
		idx = i->dst_reg + addr_offset(th, i->dst_amode);
		if (idx >= VGC_SH_TEMPS) {
			bad(r);
			return;
		}
	}
	d = th->t->t[idx];
	if (i->dst_comps == 0xf && !i->fsat) {
		d[0] = v[0];
		d[1] = v[1];
		d[2] = v[2];
		d[3] = v[3];
		return;
	}
	if (i->fsat) {
		for (k = 0; k < 4; k++)
			if (i->dst_comps & (1u << k))
				d[k] = saturate(v[k]);
		return;
	}
	/* a partial write (e.g. .xyz then .w): each component its test */
	k = i->dst_comps;
	if (k & 1)
		d[0] = v[0];
	if (k & 2)
		d[1] = v[1];
	if (k & 4)
		d[2] = v[2];
	if (k & 8)
		d[3] = v[3];
}

/* ---- conditions -------------------------------------------------------- */

/* a <=> b by the instruction's type: -1, 0, 1, or 2 when unordered */
static int compare(u32 type, u32 a, u32 b)
{
	float fa, fb;

	switch (type) {
	case VGC_TYPE_S32:
		return (int)a < (int)b ? -1 : (int)a > (int)b;
	case VGC_TYPE_U32:
		return a < b ? -1 : a > b;
	default:
		fa = u2f(a);
		fb = u2f(b);
		if (f_isnan(a) || f_isnan(b))
			return 2;
		return fa < fb ? -1 : fa > fb;
	}
}

static bool is_unary(u32 cond)
{
	return cond == VGC_COND_NOT || cond >= VGC_COND_NZ;
}

/*
 * Condition @cond on a and b (binary: a COND b) or on a alone (unary:
 * NOT, NZ, GEZ, GZ, LEZ, LZ), per etna_viv rnndb/isa.xml.
 */
static bool test(u32 cond, u32 type, u32 a, u32 b)
{
	int ab = compare(type, a, b);
	int a0 = compare(type, a, 0);
	bool za = a0 == 0, zb = compare(type, b, 0) == 0;

	switch (cond) {
	case VGC_COND_TRUE:	return true;
	case VGC_COND_GT:	return ab == 1;
	case VGC_COND_LT:	return ab == -1;
	case VGC_COND_GE:	return ab == 1 || ab == 0;
	case VGC_COND_LE:	return ab == -1 || ab == 0;
	case VGC_COND_EQ:	return ab == 0;
	case VGC_COND_NE:	return ab != 0;
	case VGC_COND_AND:	return !za && !zb;
	case VGC_COND_OR:	return !za || !zb;
	case VGC_COND_XOR:	return za != zb;
	case VGC_COND_NOT:	return za;
	case VGC_COND_NZ:	return !za;
	case VGC_COND_GEZ:	return a0 == 1 || a0 == 0;
	case VGC_COND_GZ:	return a0 == 1;
	case VGC_COND_LEZ:	return a0 == -1 || a0 == 0;
	default:		return a0 == -1;	/* LZ */
	}
}

/* ---- arithmetic -------------------------------------------------------- */

/*
 * No denormals: a float result below FLT_MIN in magnitude is written as
 * a zero of its sign (sim/doc/shader-core.md, deduction 13).
 */
static u32 ftz(u32 x)
{
	return x & 0x7f800000u ? x : x & F_SIGN;
}

static u32 fadd(u32 a, u32 b)
{
	return ftz(f2u(u2f(a) + u2f(b)));
}

static u32 fmul(u32 a, u32 b)
{
	return ftz(f2u(u2f(a) * u2f(b)));
}

/* Float arithmetic, whose results are flushed (not moves, selects, sets) */
static bool flushes(const struct vgc_sh_insn *i)
{
	if (is_int_type(i->type))
		return false;
	switch (i->opc) {
	case VGC_OPC_ADD: case VGC_OPC_MAD: case VGC_OPC_MUL:
	case VGC_OPC_DST: case VGC_OPC_DP2: case VGC_OPC_DP3:
	case VGC_OPC_DP4: case VGC_OPC_RCP: case VGC_OPC_RSQ:
	case VGC_OPC_SQRT: case VGC_OPC_EXP: case VGC_OPC_LOG:
	case VGC_OPC_FRC: case VGC_OPC_FLOOR: case VGC_OPC_CEIL:
	case VGC_OPC_SIN: case VGC_OPC_COS: case VGC_OPC_DIV:
		return true;
	default:
		return false;
	}
}

static u32 f2i(u32 type, u32 x)
{
	float f = u2f(x);

	if (f_isnan(x))
		return 0;
	if (type == VGC_TYPE_U32) {
		if (f <= 0.0f)
			return 0;
		if (f >= 4294967296.0f)
			return 0xffffffffu;
		return (u32)(s64)f;
	}
	if (f <= -2147483648.0f)
		return 0x80000000u;
	if (f >= 2147483648.0f)
		return 0x7fffffffu;
	return (u32)(s64)f;
}

static u32 i2f(u32 type, u32 x)
{
	if (type == VGC_TYPE_U32)
		return f2u((float)x);
	return f2u((float)(int)x);
}

/*
 * float sign: -1 below zero, 0 for either zero, 1 otherwise (NaN too).
 * isa.xml says 1.0 for zero; a real GC2000 gives 0 (sim/doc/shader-core.md).
 */
static u32 fsign(u32 x)
{
	if (!(x & ~F_SIGN))
		return 0;
	return u2f(x) < 0.0f ? (F_ONE | F_SIGN) : F_ONE;
}

static u32 isign(u32 x)
{
	return (int)x < 0 ? 0xffffffffu : x ? 1 : 0;
}

/*
 * The "fast transcendentals" form: a pair whose product is the value,
 * value and 1.0, in x and y and again in z and w (Mesa allocates the pair
 * to .xy or .zw of a temporary: REG_CLASS_VIRT_VEC2T).
 */
static void pair(u32 v[4], u32 x)
{
	v[0] = x;
	v[1] = F_ONE;
	v[2] = x;
	v[3] = F_ONE;
}

static bool fast_transcendental(const struct sh_run *r,
				const struct vgc_sh_insn *i)
{
	return r->p->new_transcendentals && i->tex_amode == 1;
}

/* One ALU instruction for one thread; false if the opcode is not one. */
static bool alu(struct sh_run *r, struct sh_thread *th,
		const struct vgc_sh_insn *i, u32 s[3][4], u32 v[4])
{
	bool ints = is_int_type(i->type);
	unsigned int k, n;
	u32 acc;

	switch (i->opc) {
	case VGC_OPC_ADD:
		for (k = 0; k < 4; k++)
			v[k] = ints ? s[0][k] + s[2][k] : fadd(s[0][k], s[2][k]);
		return true;
	case VGC_OPC_MUL:
		for (k = 0; k < 4; k++)
			v[k] = fmul(s[0][k], s[1][k]);
		return true;
	case VGC_OPC_MAD:
		/* a multiply, then an add: each rounded */
		for (k = 0; k < 4; k++)
			v[k] = fadd(fmul(s[0][k], s[1][k]), s[2][k]);
		return true;
	case VGC_OPC_DP2:
	case VGC_OPC_DP3:
	case VGC_OPC_DP4:
		n = i->opc == VGC_OPC_DP2 ? 2 : i->opc == VGC_OPC_DP3 ? 3 : 4;
		acc = fmul(s[0][0], s[1][0]);
		for (k = 1; k < n; k++)
			acc = fadd(acc, fmul(s[0][k], s[1][k]));
		for (k = 0; k < 4; k++)
			v[k] = acc;
		return true;
	case VGC_OPC_DST:
		v[0] = F_ONE;
		v[1] = fmul(s[0][1], s[1][1]);
		v[2] = s[0][2];
		v[3] = s[1][3];
		return true;
	case VGC_OPC_MOV:
		for (k = 0; k < 4; k++)
			v[k] = s[2][k];
		return true;
	case VGC_OPC_SELECT:
		for (k = 0; k < 4; k++) {
			if (is_unary(i->cond))
				v[k] = test(i->cond, i->type, s[0][k], 0) ?
				       s[1][k] : s[2][k];
			else
				v[k] = test(i->cond, i->type, s[1][k],
					    s[0][k]) ? s[2][k] : s[1][k];
		}
		return true;
	case VGC_OPC_SET:
		for (k = 0; k < 4; k++)
			v[k] = test(i->cond, i->type, s[0][k], s[1][k]) ?
			       F_ONE : 0;
		return true;
	case VGC_OPC_CMP:
		for (k = 0; k < 4; k++)
			v[k] = test(i->cond, i->type, s[0][k], s[1][k]) ?
			       s[2][k] : 0;
		return true;
	case VGC_OPC_RCP:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_rcpf(u2f(s[2][k])));
		return true;
	case VGC_OPC_RSQ:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_rsqf(u2f(s[2][k])));
		return true;
	case VGC_OPC_SQRT:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_sqrtf(u2f(s[2][k])));
		return true;
	case VGC_OPC_FRC:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_fracf(u2f(s[2][k])));
		return true;
	case VGC_OPC_FLOOR:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_floorf(u2f(s[2][k])));
		return true;
	case VGC_OPC_CEIL:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_ceilf(u2f(s[2][k])));
		return true;
	case VGC_OPC_SIGN:
		for (k = 0; k < 4; k++)
			v[k] = ints ? isign(s[2][k]) : fsign(s[2][k]);
		return true;
	case VGC_OPC_EXP:
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_exp2f(u2f(s[2][0])));
		return true;
	case VGC_OPC_LOG:
		if (fast_transcendental(r, i)) {
			pair(v, f2u(vgc_log2f(u2f(s[2][0]))));
			return true;
		}
		for (k = 0; k < 4; k++)
			v[k] = f2u(vgc_log2f(u2f(s[2][0])));
		return true;
	case VGC_OPC_SIN:
	case VGC_OPC_COS:
		if (fast_transcendental(r, i)) {
			/* period 2: sin(pi x) */
			float x = u2f(s[2][0]);

			pair(v, f2u(i->opc == VGC_OPC_SIN ? vgc_sinpif(x) :
				    vgc_cospif(x)));
			return true;
		}
		/* period 4: sin(pi / 2 x) */
		for (k = 0; k < 4; k++) {
			float x = u2f(s[2][k]) * 0.5f;

			v[k] = f2u(i->opc == VGC_OPC_SIN ? vgc_sinpif(x) :
				   vgc_cospif(x));
		}
		return true;
	case VGC_OPC_DIV:
		/* fast transcendentals only: src0.x / src1.x as a pair */
		if (!r->p->new_transcendentals)
			return false;
		pair(v, f2u(u2f(s[0][0]) / u2f(s[1][0])));
		return true;
	/* HALTI2 integer instructions (each component: GC3000) */
	case VGC_OPC_I2F:
		for (k = 0; k < 4; k++)
			v[k] = i2f(i->type, s[0][k]);
		return r->p->halti2;
	case VGC_OPC_F2I:
		for (k = 0; k < 4; k++)
			v[k] = f2i(i->type, s[0][k]);
		return r->p->halti2;
	case VGC_OPC_IMULLO0:
		for (k = 0; k < 4; k++)
			v[k] = s[0][k] * s[1][k];
		return r->p->halti2;
	case VGC_OPC_IABS:
		for (k = 0; k < 4; k++)
			v[k] = (int)s[2][k] < 0 ? 0u - s[2][k] : s[2][k];
		return r->p->halti2;
	case VGC_OPC_LSHIFT:
		for (k = 0; k < 4; k++)
			v[k] = s[0][k] << (s[2][k] & 31);
		return r->p->halti2;
	case VGC_OPC_RSHIFT:
		for (k = 0; k < 4; k++) {
			u32 sh = s[2][k] & 31, x = s[0][k];

			if (i->type == VGC_TYPE_U32 || !(x & F_SIGN))
				v[k] = x >> sh;
			else	/* arithmetic: fill with the sign */
				v[k] = ~(~x >> sh);
		}
		return r->p->halti2;
	case VGC_OPC_OR:
		for (k = 0; k < 4; k++)
			v[k] = s[0][k] | s[2][k];
		return r->p->halti2;
	case VGC_OPC_AND:
		for (k = 0; k < 4; k++)
			v[k] = s[0][k] & s[2][k];
		return r->p->halti2;
	case VGC_OPC_XOR:
		for (k = 0; k < 4; k++)
			v[k] = s[0][k] ^ s[2][k];
		return r->p->halti2;
	case VGC_OPC_NOT:
		for (k = 0; k < 4; k++)
			v[k] = ~s[2][k];
		return r->p->halti2;
	}
	return false;
}

/* ---- the threads ------------------------------------------------------- */

/* LOAD (HALTI2): dst components from memory at src0.x + src1.x */
static void load(struct sh_run *r, struct sh_thread *th,
		 const struct vgc_sh_insn *i, u32 s[3][4])
{
	u32 addr = s[0][0] + s[1][0], v[4] = { 0, 0, 0, 0 };
	unsigned int k;

	for (k = 0; k < 4; k++) {
		if (!(i->dst_comps & (1u << k)))
			continue;
		if (vgc_dma_read(r->c, VGC_CLIENT_TX, addr, &v[k], 4)) {
			bad(r);
			return;
		}
		addr += 4;
	}
	write_dst(r, th, i, v);
}

/*
 * Derivative across the quad for thread @k: the right (axis 1) or bottom
 * (axis 2) pixel's value less the left or top one's, in @k's row or
 * column.
 */
static float quad_diff(const float f[QUAD][4], unsigned int k,
		       unsigned int axis, unsigned int comp)
{
	unsigned int lo = k & ~axis, hi = k | axis;

	return f[hi][comp] - f[lo][comp];
}

static void texture(struct sh_run *r, const struct vgc_sh_insn *i,
		    u32 s[QUAD][3][4], const bool act[QUAD])
{
	float coord[QUAD][4];
	unsigned int k, m;

	for (k = 0; k < r->n; k++)
		for (m = 0; m < 4; m++)
			coord[k][m] = u2f(s[k][0][m]);
	for (k = 0; k < r->n; k++) {
		struct sh_thread *th = &r->th[k];
		struct vgc_sh_tex_req req = { 0 };
		float out[4] = { 0, 0, 0, 0 };
		u32 v[4];

		if (!act[k])
			continue;
		req.sampler = i->tex_id + addr_offset(th, i->tex_amode);
		for (m = 0; m < 4; m++) {
			req.coord[m] = coord[k][m];
			if (r->n == QUAD) {
				req.ddx[m] = quad_diff(coord, k, 1, m);
				req.ddy[m] = quad_diff(coord, k, 2, m);
			}
		}
		switch (i->opc) {
		case VGC_OPC_TEXLDB:
			req.mode = VGC_SH_TEX_BIAS;
			req.lod = u2f(s[k][1][0]);
			break;
		case VGC_OPC_TEXLDL:
			req.mode = VGC_SH_TEX_LOD;
			req.lod = u2f(s[k][1][0]);
			break;
		case VGC_OPC_TEXLDD:
			req.mode = VGC_SH_TEX_GRAD;
			for (m = 0; m < 4; m++) {
				req.ddx[m] = u2f(s[k][1][m]);
				req.ddy[m] = u2f(s[k][2][m]);
			}
			break;
		default:
			req.mode = VGC_SH_TEX_IMPLICIT;
			break;
		}
		/* HALTI2: a depth comparison's reference in the third operand */
		if (i->opc != VGC_OPC_TEXLDD && i->src[2].use) {
			req.has_ref = true;
			req.ref = u2f(s[k][2][0]);
		}
		r->c->stats.sh_tex++;
		if (r->env->sample &&
		    r->env->sample(r->env->ctx, &req, out)) {
			bad(r);
			return;
		}
		for (m = 0; m < 4; m++)
			v[m] = f2u(out[i->tex_sel[m]]);
		write_dst(r, th, i, v);
	}
}

/* float to address register: towards zero, NaN 0, clamped */
static u32 to_addr(u32 type, u32 x)
{
	if (is_int_type(type))
		return x;
	return f2i(VGC_TYPE_S32, x);
}

/*
 * Execute instruction @i at PC @pc for the threads of @act; advance their
 * PCs.
 */
static void execute(struct sh_run *r, const struct vgc_sh_insn *i,
		    unsigned int pc, const bool act[QUAD])
{
	u32 s[QUAD][3][4];
	unsigned int k, j, m;

	/* every thread's operands: DSX/DSY and texture LOD need them */
	for (k = 0; k < r->n; k++)
		for (j = 0; j < 3; j++)
			read_src(r, &r->th[k], i, &i->src[j], s[k][j]);
	if (r->result != VGC_SH_OK)
		return;

	switch (i->opc) {
	case VGC_OPC_TEXLD:
	case VGC_OPC_TEXLDB:
	case VGC_OPC_TEXLDL:
	case VGC_OPC_TEXLDD:
		texture(r, i, s, act);
		goto next;
	case VGC_OPC_DSX:
	case VGC_OPC_DSY:
		for (k = 0; k < r->n; k++) {
			float f[QUAD][4];
			u32 v[4];

			if (!act[k])
				continue;
			for (j = 0; j < r->n; j++)
				for (m = 0; m < 4; m++)
					f[j][m] = u2f(s[j][0][m]);
			for (m = 0; m < 4; m++)
				v[m] = r->n == QUAD ?
				       f2u(quad_diff(f, k, i->opc == VGC_OPC_DSX
						     ? 1 : 2, m)) : 0;
			write_dst(r, &r->th[k], i, v);
		}
		goto next;
	default:
		break;
	}

	for (k = 0; k < r->n; k++) {
		struct sh_thread *th = &r->th[k];
		u32 v[4];

		if (!act[k])
			continue;
		switch (i->opc) {
		case VGC_OPC_NOP:
			break;
		case VGC_OPC_MOVAR:
		case VGC_OPC_MOVAF:
			for (m = 0; m < 4; m++)
				if (i->dst_comps & (1u << m))
					th->a0[m] = to_addr(i->type,
							    s[k][2][m]);
			break;
		case VGC_OPC_BRANCH:
			if (test(i->cond, i->type, s[k][0][0], s[k][1][0])) {
				th->pc = i->imm;
				continue;
			}
			break;
		case VGC_OPC_CALL:
			if (!test(i->cond, i->type, s[k][0][0], s[k][1][0]))
				break;
			if (th->sp == CALL_DEPTH) {
				bad(r);
				return;
			}
			th->stack[th->sp++] = pc + 1;
			th->pc = i->imm;
			continue;
		case VGC_OPC_RET:
			if (!th->sp) {	/* from the main program: the end */
				th->done = true;
				continue;
			}
			th->pc = th->stack[--th->sp];
			continue;
		case VGC_OPC_TEXKILL:
			/* a pixel shader's; the thread still runs */
			if (r->n == QUAD &&
			    test(i->cond, i->type, s[k][0][0], s[k][1][0]))
				th->killed = true;
			break;
		case VGC_OPC_LOAD:
			if (!r->p->halti2) {
				bad(r);
				return;
			}
			load(r, th, i, s[k]);
			break;
		default:
			if (!alu(r, th, i, s[k], v)) {
				bad(r);
				return;
			}
			if (i->flush)
				for (m = 0; m < 4; m++)
					v[m] = ftz(v[m]);
			write_dst(r, th, i, v);
			break;
		}
		th->pc = pc + 1;
	}
	return;
next:
	for (k = 0; k < r->n; k++)
		if (act[k])
			r->th[k].pc = pc + 1;
}

/* ---- the fast path ----------------------------------------------------- */

/*
 * A source operand of a kind other than SRC_SLOW, ready for every thread:
 * @c what it reads when that is the same for every thread (NULL: the
 * thread's temporary @reg), through swizzle @sel and the float modifiers
 * @fand, @fxor (as read_src() reads it: no a0 offset, nothing can fail).
 */
struct fsrc {
	const u32 *c;
	u32 reg;
	unsigned int sel[4];
	u32 fand, fxor;
};

static inline void fsrc_init(const struct sh_run *r,
			     const struct vgc_sh_src *s, struct fsrc *f)
{
	static const u32 zero[4];
	unsigned int m;

	f->reg = s->reg;
	for (m = 0; m < 4; m++)
		f->sel[m] = s->sel[m];
	f->fand = s->fand;
	f->fxor = s->fxor;
	switch (s->kind) {
	case SRC_TEMP:
		f->c = NULL;
		return;
	case SRC_UNIFORM:
		f->c = s->uword == ~0u ? zero : &r->c->state[s->uword];
		return;
	case SRC_IMM:		/* broadcast, no swizzle, no modifiers */
		f->c = &s->imm;
		break;
	default:		/* SRC_NONE: zeros */
		f->c = zero;
		break;
	}
	for (m = 0; m < 4; m++)
		f->sel[m] = 0;
	f->fand = ~0u;
	f->fxor = 0;
}

static inline void fsrc_read(const struct fsrc *f, const struct sh_thread *th,
			     u32 v[4])
{
	const u32 *raw = f->c ? f->c : th->t->t[f->reg];

	v[0] = (raw[f->sel[0]] & f->fand) ^ f->fxor;
	v[1] = (raw[f->sel[1]] & f->fand) ^ f->fxor;
	v[2] = (raw[f->sel[2]] & f->fand) ^ f->fxor;
	v[3] = (raw[f->sel[3]] & f->fand) ^ f->fxor;
}

/* Thread @k's result of a TEXLD: the colour @out through its swizzle. */
static inline void tex_write(struct sh_run *r, unsigned int k,
			     const struct vgc_sh_insn *i, const float out[4])
{
	u32 v[4];
	unsigned int m;

	if (i->tex_plain)
		for (m = 0; m < 4; m++)
			v[m] = f2u(out[m]);
	else
		for (m = 0; m < 4; m++)
			v[m] = f2u(out[i->tex_sel[m]]);
	write_dst(r, &r->th[k], i, v);
}

/*
 * TEXLD for a whole quad (every thread active), as texture() runs it:
 * every thread's coordinate and reference first; the derivatives (the
 * same for both threads of a row or column) only for a lookup that needs
 * them (vgc_sh_tex_quad_req()). Through env->sample_quad when there is
 * one: the same lookups, counts and results.
 */
static void fast_texld(struct sh_run *r, const struct vgc_sh_insn *i)
{
	struct vgc_sh_tex_quad q;
	struct vgc_sh_tex_req req;
	struct fsrc f0, f2;
	float quad_out[QUAD][4];
	unsigned int k, m, done;
	u32 v[4];

	fsrc_init(r, &i->src[0], &f0);
	for (k = 0; k < QUAD; k++) {
		fsrc_read(&f0, &r->th[k], v);
		for (m = 0; m < 4; m++)
			q.coord[k][m] = u2f(v[m]);
	}
	q.sampler = i->tex_id;
	q.has_ref = i->src[2].use;
	if (q.has_ref) {
		fsrc_init(r, &i->src[2], &f2);
		for (k = 0; k < QUAD; k++) {
			fsrc_read(&f2, &r->th[k], v);
			q.ref[k] = u2f(v[0]);
		}
	} else {
		for (k = 0; k < QUAD; k++)
			q.ref[k] = 0;
	}

	if (r->env->sample_quad) {
		done = r->env->sample_quad(r->env->ctx, &q, quad_out);
		/* sh_tex counts the failed lookup too, as below */
		r->c->stats.sh_tex += done < QUAD ? done + 1 : QUAD;
		for (k = 0; k < done && k < QUAD; k++)
			tex_write(r, k, i, quad_out[k]);
		if (done < QUAD)
			bad(r);
		return;
	}

	for (k = 0; k < QUAD; k++) {
		float out[4] = { 0, 0, 0, 0 };

		vgc_sh_tex_quad_req(&q, k, &req);
		r->c->stats.sh_tex++;
		if (r->env->sample &&
		    r->env->sample(r->env->ctx, &req, out)) {
			bad(r);
			return;
		}
		tex_write(r, k, i, out);
	}
}

/*
 * Instruction @i (struct vgc_sh_insn.fast set) for every thread, as
 * execute() runs it; the PCs are the caller's. An ALU result depends on
 * its own thread's operands alone, and each thread's operands are read
 * before its result is written: thread by thread is the same as every
 * operand first.
 */
static void fast_execute(struct sh_run *r, const struct vgc_sh_insn *i)
{
	struct fsrc f0, f1, f2;
	u32 a[4], b[4], d[4], v[4], acc;
	unsigned int k, m, n = r->n;
	struct sh_thread *th;

	switch (i->fast) {
	case FAST_MOV:
		fsrc_init(r, &i->src[2], &f2);
		if (f2.c) {
			/*
			 * the same value for every thread (a uniform, which
			 * no write changes within a run, or a constant)
			 */
			fsrc_read(&f2, &r->th[0], v);
			for (k = 0; k < n; k++)
				write_dst(r, &r->th[k], i, v);
			return;
		}
		for (k = 0; k < n; k++) {
			th = &r->th[k];
			fsrc_read(&f2, th, v);
			write_dst(r, th, i, v);
		}
		return;
	case FAST_ADD:
		fsrc_init(r, &i->src[0], &f0);
		fsrc_init(r, &i->src[2], &f2);
		for (k = 0; k < n; k++) {
			th = &r->th[k];
			fsrc_read(&f0, th, a);
			fsrc_read(&f2, th, d);
			for (m = 0; m < 4; m++)
				v[m] = fadd(a[m], d[m]);
			write_dst(r, th, i, v);
		}
		return;
	case FAST_MUL:
		fsrc_init(r, &i->src[0], &f0);
		fsrc_init(r, &i->src[1], &f1);
		for (k = 0; k < n; k++) {
			th = &r->th[k];
			fsrc_read(&f0, th, a);
			fsrc_read(&f1, th, b);
			for (m = 0; m < 4; m++)
				v[m] = fmul(a[m], b[m]);
			write_dst(r, th, i, v);
		}
		return;
	case FAST_MAD:
		fsrc_init(r, &i->src[0], &f0);
		fsrc_init(r, &i->src[1], &f1);
		fsrc_init(r, &i->src[2], &f2);
		for (k = 0; k < n; k++) {
			th = &r->th[k];
			fsrc_read(&f0, th, a);
			fsrc_read(&f1, th, b);
			fsrc_read(&f2, th, d);
			for (m = 0; m < 4; m++)
				v[m] = fadd(fmul(a[m], b[m]), d[m]);
			write_dst(r, th, i, v);
		}
		return;
	case FAST_DP3:
	case FAST_DP4:
		fsrc_init(r, &i->src[0], &f0);
		fsrc_init(r, &i->src[1], &f1);
		for (k = 0; k < n; k++) {
			th = &r->th[k];
			fsrc_read(&f0, th, a);
			fsrc_read(&f1, th, b);
			acc = fmul(a[0], b[0]);
			acc = fadd(acc, fmul(a[1], b[1]));
			acc = fadd(acc, fmul(a[2], b[2]));
			if (i->fast == FAST_DP4)
				acc = fadd(acc, fmul(a[3], b[3]));
			v[0] = v[1] = v[2] = v[3] = acc;
			write_dst(r, th, i, v);
		}
		return;
	default:	/* FAST_TEXLD */
		fast_texld(r, i);
		return;
	}
}

static void run_init(struct sh_run *r, struct vgc_core *c,
		     const struct vgc_sh_prog *p, const struct vgc_sh_env *env,
		     struct vgc_sh_regs *t, unsigned int n)
{
	static const struct vgc_sh_env none;
	unsigned int k;

	r->c = c;
	r->p = p;
	r->env = env ? env : &none;
	r->n = n;
	r->ready = false;
	r->result = VGC_SH_OK;
	for (k = 0; k < n; k++)
		r->th[k].t = &t[k];
}

/* Each thread at the start, its a0 zero. */
static void threads_init(struct sh_run *r)
{
	unsigned int k;

	for (k = 0; k < r->n; k++) {
		struct sh_thread *th = &r->th[k];

		th->a0[0] = th->a0[1] = th->a0[2] = th->a0[3] = 0;
		th->pc = r->p->start_pc;
		th->done = false;
		th->killed = false;
		th->sp = 0;
	}
	r->ready = true;
}

/*
 * A straight program (struct vgc_sh_prog.straight) within the budget:
 * every thread runs each instruction from start_pc to end_pc, as run()
 * would run them in lockstep.
 */
static enum vgc_sh_result run_straight(struct sh_run *r)
{
	const struct vgc_sh_prog *p = r->p;
	const struct vgc_sh_insn *i;
	bool act[QUAD] = { true, true, true, true };
	unsigned int pc;

	for (pc = p->start_pc; pc < p->end_pc; pc++) {
		i = &p->dec[pc];
		r->c->stats.sh_insns++;
		if (i->fast && (i->fast != FAST_TEXLD || r->n == QUAD))
			fast_execute(r, i);
		else
			execute(r, i, pc, act);
		if (r->result != VGC_SH_OK) {
			r->c->stats.sh_bad_insn++;
			return r->result;
		}
	}
	return VGC_SH_OK;
}

/*
 * Run the threads in lockstep: each step executes the instruction at the
 * lowest PC of the unfinished threads, for the threads there.
 */
static enum vgc_sh_result run(struct sh_run *r)
{
	const struct vgc_sh_prog *p = r->p;
	unsigned int budget = r->env->max_steps ? r->env->max_steps :
			      VGC_SH_DEFAULT_STEPS;
	unsigned int steps = 0;

	if (!p->dec || p->end_pc > p->num_insns || p->start_pc > p->end_pc)
		return VGC_SH_BAD_PROG;
	if (p->straight && p->end_pc - p->start_pc <= budget) {
		/* the fast path reads and writes no thread state but t */
		if (!p->fast_only || r->n != QUAD)
			threads_init(r);
		return run_straight(r);
	}
	threads_init(r);
	for (;;) {
		unsigned int k, pc = ~0u;
		bool act[QUAD] = { false };

		for (k = 0; k < r->n; k++) {
			struct sh_thread *th = &r->th[k];

			if (!th->done && th->pc >= p->end_pc)
				th->done = true;
			if (!th->done && th->pc < pc)
				pc = th->pc;
		}
		if (pc == ~0u)
			return VGC_SH_OK;
		if (steps++ == budget) {
			r->c->stats.sh_aborted++;
			return VGC_SH_ABORTED;
		}
		for (k = 0; k < r->n; k++)
			act[k] = !r->th[k].done && r->th[k].pc == pc;
		r->c->stats.sh_insns++;
		execute(r, &p->dec[pc], pc, act);
		if (r->result != VGC_SH_OK) {
			r->c->stats.sh_bad_insn++;
			return r->result;
		}
	}
}

enum vgc_sh_result vgc_sh_run_vs(struct vgc_core *c,
				 const struct vgc_sh_prog *p,
				 struct vgc_sh_regs *t,
				 const struct vgc_sh_env *env)
{
	struct sh_run r;

	c->stats.sh_vs_runs++;
	run_init(&r, c, p, env, t, 1);
	return run(&r);
}

enum vgc_sh_result vgc_sh_run_ps(struct vgc_core *c,
				 const struct vgc_sh_prog *p,
				 struct vgc_sh_regs t[4], unsigned int *live,
				 const struct vgc_sh_env *env)
{
	struct sh_run r;
	enum vgc_sh_result res;
	unsigned int k;

	c->stats.sh_ps_quads++;
	run_init(&r, c, p, env, t, QUAD);
	res = run(&r);
	if (r.ready)	/* else no TEXKILL ran */
		for (k = 0; k < QUAD; k++)
			if (r.th[k].killed)
				*live &= ~(1u << k);
	return res;
}

/* ---- the program ------------------------------------------------------- */

/* Mesa 22.3 etnaviv_screen.c: has_shader_range_registers */
static bool has_range_registers(const struct vgc_core *c)
{
	return c->id->model >= 0x1000 || c->id->model == 0x880;
}

/*
 * How the fast path reads source @s of program @p (its uniforms known):
 * as read_src() would, without a0.
 */
static void resolve_src(const struct vgc_sh_prog *p, struct vgc_sh_src *s)
{
	bool a0 = !addr_offset_none(s->amode);
	u32 idx;

	s->uword = ~0u;
	if (!s->use) {
		s->kind = SRC_NONE;
	} else if (s->direct) {
		s->kind = SRC_TEMP;
	} else if (s->rgroup == VGC_RG_IMMEDIATE) {
		s->kind = SRC_IMM;
	} else if ((s->rgroup == VGC_RG_UNIFORM_0 ||
		    s->rgroup == VGC_RG_UNIFORM_1) && !a0) {
		idx = s->reg + (s->rgroup == VGC_RG_UNIFORM_1 ?
				UNIFORM_1_BASE : 0);
		s->kind = SRC_UNIFORM;
		if (idx < p->num_uniforms)
			s->uword = p->uniforms + idx * 4;
	} else {
		s->kind = SRC_SLOW;
	}
}

/* Whether the fast path runs instruction @i of program @p, and how. */
static void resolve(const struct vgc_sh_prog *p, struct vgc_sh_insn *i)
{
	unsigned int j;
	u8 fast;

	for (j = 0; j < 3; j++)
		resolve_src(p, &i->src[j]);
	switch (i->opc) {
	case VGC_OPC_MOV:
		fast = FAST_MOV;
		break;
	case VGC_OPC_ADD:
		fast = FAST_ADD;
		break;
	case VGC_OPC_MUL:
		fast = FAST_MUL;
		break;
	case VGC_OPC_MAD:
		fast = FAST_MAD;
		break;
	case VGC_OPC_DP3:
		fast = FAST_DP3;
		break;
	case VGC_OPC_DP4:
		fast = FAST_DP4;
		break;
	case VGC_OPC_TEXLD:
		fast = addr_offset_none(i->tex_amode) ? FAST_TEXLD : FAST_NONE;
		break;
	default:
		fast = FAST_NONE;
		break;
	}
	if (i->ints || !i->dst_direct)
		fast = FAST_NONE;
	for (j = 0; j < 3; j++)
		if (i->src[j].kind == SRC_SLOW)
			fast = FAST_NONE;
	i->fast = fast;
}

enum vgc_sh_result vgc_sh_prog_get(struct vgc_core *c, enum vgc_sh_stage stage,
				   struct vgc_sh_prog *p)
{
	const struct vgc_ident *id = c->id;
	bool vs = stage == VGC_SH_VS;
	u32 range = REG(c, vs ? VGC_VS_RANGE : VGC_PS_RANGE);
	unsigned int k;

	*p = (struct vgc_sh_prog){ .stage = stage };
	p->halti2 = id->minor[4] & VGC_MINOR4_HALTI2;
	p->new_transcendentals = id->minor[3] & VGC_MINOR3_FAST_TRANSCENDENTALS;
	p->start_pc = REG(c, vs ? VGC_VS_START_PC : VGC_PS_START_PC);
	p->end_pc = REG(c, vs ? VGC_VS_END_PC : VGC_PS_END_PC);
	p->num_temps = VGC_SH_NUM_TEMPS(REG(c, vs ?
					    VGC_VS_TEMP_REGISTER_CONTROL :
					    VGC_PS_TEMP_REGISTER_CONTROL));

	/* the code */
	if ((id->minor[3] & VGC_MINOR3_INSTRUCTION_CACHE) &&
	    (REG(c, VGC_VS_ICACHE_CONTROL) & VGC_VS_ICACHE_ENABLE)) {
		/* from memory: HIGH + 1 instructions at INST_ADDR */
		u32 n = VGC_SH_RANGE_HIGH(range) + 1;
		u32 addr = REG(c, vs ? VGC_VS_INST_ADDR : VGC_PS_INST_ADDR);
		u32 *buf = c->sh.icache[stage];

		if (n > VGC_SH_MAX_INSNS)
			return VGC_SH_BAD_PROG;
		if (vgc_dma_read(c, VGC_CLIENT_FE, addr, buf,
				 n * VGC_SH_INSN_WORDS * 4))
			return VGC_SH_BAD_PROG;
		p->code = buf;
		p->num_insns = n;
		p->icache = true;
	} else if (has_range_registers(c)) {
		/* the unified memory, from RANGE.LOW on */
		u32 low = VGC_SH_RANGE_LOW(range);

		if (low >= UNIFIED_INSNS)
			return VGC_SH_BAD_PROG;
		p->code = &c->state[VGC_SH_INST_MEM / 4 +
				     low * VGC_SH_INSN_WORDS];
		p->num_insns = UNIFIED_INSNS - low;
	} else {
		p->code = &c->state[(vs ? VGC_VS_INST_MEM :
				     VGC_PS_INST_MEM) / 4];
		p->num_insns = SEPARATE_INSNS;
	}
	if (p->end_pc > p->num_insns || p->start_pc > p->end_pc)
		return VGC_SH_BAD_PROG;
	/* every instruction the program can reach, decoded once a draw */
	for (k = 0; k < p->end_pc; k++)
		decode(&p->code[k * VGC_SH_INSN_WORDS], &c->sh.dec[stage][k]);
	p->dec = c->sh.dec[stage];

	/* the uniforms */
	if (id->minor[2] & VGC_MINOR2_HALTI1) {
		u32 base = REG(c, vs ? VGC_VS_UNIFORM_BASE :
			       VGC_PS_UNIFORM_BASE);

		if (base >= UNIFIED_UNIFORMS)
			return VGC_SH_BAD_PROG;
		p->uniforms = VGC_SH_UNIFORMS / 4 + base * 4;
		p->num_uniforms = UNIFIED_UNIFORMS - base;
	} else {
		p->uniforms = (vs ? VGC_VS_UNIFORMS : VGC_PS_UNIFORMS) / 4;
		p->num_uniforms = SEPARATE_UNIFORMS;
	}

	/* what the fast path runs */
	p->straight = true;
	p->fast_only = true;
	for (k = 0; k < p->end_pc; k++) {
		struct vgc_sh_insn *i = &c->sh.dec[stage][k];

		resolve(p, i);
		if (i->opc == VGC_OPC_BRANCH || i->opc == VGC_OPC_CALL ||
		    i->opc == VGC_OPC_RET)
			p->straight = false;
		if (k >= p->start_pc && !i->fast)
			p->fast_only = false;
	}
	p->fast_only = p->fast_only && p->straight;

	/* inputs and outputs */
	if (vs) {
		u32 in = REG(c, VGC_VS_INPUT_COUNT);

		p->num_inputs = VGC_VS_INPUT_COUNT_COUNT(in);
		p->num_outputs = VGC_VS_OUTPUT_COUNT_COUNT(
					REG(c, VGC_VS_OUTPUT_COUNT));
		if (p->num_inputs > VGC_SH_MAX_OUTPUTS)
			p->num_inputs = VGC_SH_MAX_OUTPUTS;
		if (p->num_outputs > VGC_SH_MAX_OUTPUTS)
			p->num_outputs = VGC_SH_MAX_OUTPUTS;
		for (k = 0; k < VGC_SH_MAX_OUTPUTS; k += 4) {
			u32 o = REG(c, VGC_VS_OUTPUT(k / 4));
			u32 i = REG(c, VGC_VS_INPUT(k / 4));

			p->output_reg[k] = VGC_VS_OUTPUT_O0(o);
			p->output_reg[k + 1] = VGC_VS_OUTPUT_O1(o);
			p->output_reg[k + 2] = VGC_VS_OUTPUT_O2(o);
			p->output_reg[k + 3] = VGC_VS_OUTPUT_O3(o);
			p->input_reg[k] = VGC_VS_INPUT_I0(i);
			p->input_reg[k + 1] = VGC_VS_INPUT_I1(i);
			p->input_reg[k + 2] = VGC_VS_INPUT_I2(i);
			p->input_reg[k + 3] = VGC_VS_INPUT_I3(i);
		}
	} else {
		p->num_inputs = VGC_PS_INPUT_COUNT_COUNT(
					REG(c, VGC_PS_INPUT_COUNT));
		p->num_outputs = 1;
		p->output_reg[0] = VGC_PS_OUTPUT_REG0(REG(c,
							  VGC_PS_OUTPUT_REG));
	}
	return VGC_SH_OK;
}

/*
 * The temporaries an operand or destination in @rgroup, addressed by
 * @amode from @reg, lets a program reach, given that it reaches t0 up to
 * t(@n - 1) otherwise: VGC_SH_TEMPS for one addressed through a0.
 */
static unsigned int temps_reached(unsigned int n, u32 rgroup, u32 amode,
				  u32 reg)
{
	if (rgroup != VGC_RG_TEMP)
		return n;
	if (amode != VGC_AMODE_DIRECT && amode <= VGC_AMODE_ADD_A_W)
		return VGC_SH_TEMPS;
	return reg >= n ? reg + 1 : n;
}

/*
 * How many temporaries (t0 up) program @p's instructions from PC 0 to its
 * end can touch, as operands or destinations: VGC_SH_TEMPS when one is
 * addressed through a0 (or the program is not valid). A caller that zeroes
 * a thread's temporaries may zero only these and the ones it reads or
 * writes itself: the others are never read.
 */
unsigned int vgc_sh_prog_temps(const struct vgc_sh_prog *p)
{
	unsigned int pc, j, n = 0;
	const struct vgc_sh_insn *i;

	if (!p->dec || p->end_pc > p->num_insns)
		return VGC_SH_TEMPS;
	for (pc = 0; pc < p->end_pc && n < VGC_SH_TEMPS; pc++) {
		i = &p->dec[pc];
		for (j = 0; j < 3; j++)
			if (i->src[j].use)
				n = temps_reached(n, i->src[j].rgroup,
						  i->src[j].amode,
						  i->src[j].reg);
		if (i->dst_use)
			n = temps_reached(n, VGC_RG_TEMP, i->dst_amode,
					  i->dst_reg);
	}
	return n < VGC_SH_TEMPS ? n : VGC_SH_TEMPS;
}
