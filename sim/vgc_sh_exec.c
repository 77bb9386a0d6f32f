// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core's general interpreter (sim/doc/shader-core.md): any
 * instruction the model executes, for the threads at its PC: operands
 * through a0 and every register group, conditions, the ALU (floats
 * without denormals, integers on HALTI2), branches, calls, TEXKILL,
 * LOAD, texture lookups through the caller's sampler, derivatives across
 * the quad. The fast path (vgc_sh.c) runs the common instructions of
 * straight programs without it.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_sh_int.h"

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
		fa = vgc_u2f(a);
		fb = vgc_u2f(b);
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

static u32 f2i(u32 type, u32 x)
{
	float f = vgc_u2f(x);

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
		return vgc_f2u((float)x);
	return vgc_f2u((float)(int)x);
}

/*
 * float sign: -1 below zero, 0 for either zero, 1 otherwise (NaN too).
 * isa.xml says 1.0 for zero; a real GC2000 gives 0 (sim/doc/shader-core.md).
 */
static u32 fsign(u32 x)
{
	if (!(x & ~F_SIGN))
		return 0;
	return vgc_u2f(x) < 0.0f ? (F_ONE | F_SIGN) : F_ONE;
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
			v[k] = vgc_f2u(vgc_rcpf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_RSQ:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_rsqf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_SQRT:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_sqrtf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_FRC:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_fracf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_FLOOR:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_floorf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_CEIL:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_ceilf(vgc_u2f(s[2][k])));
		return true;
	case VGC_OPC_SIGN:
		for (k = 0; k < 4; k++)
			v[k] = ints ? isign(s[2][k]) : fsign(s[2][k]);
		return true;
	case VGC_OPC_EXP:
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_exp2f(vgc_u2f(s[2][0])));
		return true;
	case VGC_OPC_LOG:
		if (fast_transcendental(r, i)) {
			pair(v, vgc_f2u(vgc_log2f(vgc_u2f(s[2][0]))));
			return true;
		}
		for (k = 0; k < 4; k++)
			v[k] = vgc_f2u(vgc_log2f(vgc_u2f(s[2][0])));
		return true;
	case VGC_OPC_SIN:
	case VGC_OPC_COS:
		if (fast_transcendental(r, i)) {
			/* period 2: sin(pi x) */
			float x = vgc_u2f(s[2][0]);

			pair(v, vgc_f2u(i->opc == VGC_OPC_SIN ? vgc_sinpif(x) :
					vgc_cospif(x)));
			return true;
		}
		/* period 4: sin(pi / 2 x) */
		for (k = 0; k < 4; k++) {
			float x = vgc_u2f(s[2][k]) * 0.5f;

			v[k] = vgc_f2u(i->opc == VGC_OPC_SIN ? vgc_sinpif(x) :
				       vgc_cospif(x));
		}
		return true;
	case VGC_OPC_DIV:
		/* fast transcendentals only: src0.x / src1.x as a pair */
		if (!r->p->new_transcendentals)
			return false;
		pair(v, vgc_f2u(vgc_u2f(s[0][0]) / vgc_u2f(s[1][0])));
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

static void texture(struct sh_run *r, const struct vgc_sh_insn *i,
		    u32 s[QUAD][3][4], const bool act[QUAD])
{
	bool halti5 = vgc_caps(r->c)->halti >= 5;
	float coord[QUAD][4];
	unsigned int k, m;

	for (k = 0; k < r->n; k++)
		for (m = 0; m < 4; m++)
			coord[k][m] = vgc_u2f(s[k][0][m]);
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
		/*
		 * before HALTI5 the bias and the level come in the
		 * coordinate's w: Mesa 22.3 etnaviv_nir.c puts them there
		 * ("pre HALTI5 needs texture sources in a single source")
		 * and gives the instruction no second operand; from HALTI5
		 * they are the second operand's x (etnaviv_compiler_nir.c
		 * emit_tex)
		 */
		switch (i->opc) {
		case VGC_OPC_TEXLDB:
			req.mode = VGC_SH_TEX_BIAS;
			req.lod = halti5 ? vgc_u2f(s[k][1][0]) : coord[k][3];
			break;
		case VGC_OPC_TEXLDL:
			req.mode = VGC_SH_TEX_LOD;
			req.lod = halti5 ? vgc_u2f(s[k][1][0]) : coord[k][3];
			break;
		case VGC_OPC_TEXLDD:
			req.mode = VGC_SH_TEX_GRAD;
			for (m = 0; m < 4; m++) {
				req.ddx[m] = vgc_u2f(s[k][1][m]);
				req.ddy[m] = vgc_u2f(s[k][2][m]);
			}
			break;
		default:
			req.mode = VGC_SH_TEX_IMPLICIT;
			break;
		}
		/* HALTI2: a depth comparison's reference in the third operand */
		if (i->opc != VGC_OPC_TEXLDD && i->src[2].use) {
			req.has_ref = true;
			req.ref = vgc_u2f(s[k][2][0]);
		}
		r->c->stats.sh_tex++;
		if (r->env->sample &&
		    r->env->sample(r->env->ctx, &req, out)) {
			bad(r);
			return;
		}
		for (m = 0; m < 4; m++)
			v[m] = vgc_f2u(out[i->tex_sel[m]]);
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

void vgc_sh_execute(struct sh_run *r, const struct vgc_sh_insn *i,
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
			unsigned int axis = i->opc == VGC_OPC_DSX ? 1 : 2;
			float f[QUAD][4];
			u32 v[4];

			if (!act[k])
				continue;
			for (j = 0; j < r->n; j++)
				for (m = 0; m < 4; m++)
					f[j][m] = vgc_u2f(s[j][0][m]);
			for (m = 0; m < 4; m++)
				v[m] = r->n == QUAD ?
				       vgc_f2u(quad_diff(f, k, axis, m)) : 0;
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
