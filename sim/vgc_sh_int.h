/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the shader core share (internal to it): the
 * invocation and its threads, the operands' and results' forms, and the
 * float arithmetic every path rounds the same way. The program's
 * decoding is in vgc_sh_prog.c, the general interpreter in vgc_sh_exec.c,
 * the fast path and the runs in vgc_sh.c.
 */
#ifndef VGC_SH_INT_H
#define VGC_SH_INT_H

#include "vgc.h"
#include "vgc_math.h"

/* Instructions a core with separate VS/PS instruction states has each. */
#define SEPARATE_INSNS	(VGC_SEPARATE_INST_MEM_WORDS / VGC_SH_INSN_WORDS)
/* ... and the unified instruction memory. */
#define UNIFIED_INSNS	(VGC_SH_INST_MEM_WORDS / VGC_SH_INSN_WORDS)
#define HALTI5_UNIFORMS	(VGC_SH_HALTI5_UNIFORMS_WORDS / 4)
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

static inline bool f_isnan(u32 u)
{
	return (u & ~F_SIGN) > 0x7f800000u;
}

static inline bool is_int_type(u32 type)
{
	return type == VGC_TYPE_S32 || type == VGC_TYPE_U32;
}

static inline void bad(struct sh_run *r)
{
	if (r->result == VGC_SH_OK)
		r->result = VGC_SH_BAD_INSN;
}

/* @amode adds no a0 component */
static inline bool addr_offset_none(u32 amode)
{
	return amode == VGC_AMODE_DIRECT || amode > VGC_AMODE_ADD_A_W;
}

/* a0 component @amode - 1 of @th, or 0 for DIRECT */
static inline u32 addr_offset(const struct sh_thread *th, u32 amode)
{
	if (addr_offset_none(amode))
		return 0;
	return th->a0[amode - VGC_AMODE_ADD_A_X];
}

static inline u32 saturate(u32 x)
{
	float f = vgc_u2f(x);

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

/*
 * No denormals: a float result below FLT_MIN in magnitude is written as
 * a zero of its sign (sim/doc/shader-core.md, deduction 13).
 */
static inline u32 ftz(u32 x)
{
	return x & 0x7f800000u ? x : x & F_SIGN;
}

static inline u32 fadd(u32 a, u32 b)
{
	return ftz(vgc_f2u(vgc_u2f(a) + vgc_u2f(b)));
}

static inline u32 fmul(u32 a, u32 b)
{
	return ftz(vgc_f2u(vgc_u2f(a) * vgc_u2f(b)));
}

/*
 * Derivative across the quad for thread @k: the right (axis 1) or bottom
 * (axis 2) pixel's value less the left or top one's, in @k's row or
 * column.
 */
static inline float quad_diff(const float f[QUAD][4], unsigned int k,
			      unsigned int axis, unsigned int comp)
{
	unsigned int lo = k & ~axis, hi = k | axis;

	return f[hi][comp] - f[lo][comp];
}

/*
 * vgc_sh_exec.c: execute instruction @i at PC @pc for the threads of
 * @act; advance their PCs.
 */
void vgc_sh_execute(struct sh_run *r, const struct vgc_sh_insn *i,
		    unsigned int pc, const bool act[QUAD]);

#endif /* VGC_SH_INT_H */
