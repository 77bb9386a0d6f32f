// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core: an interpreter of the Vivante shader instruction set
 * as Mesa 22.3's etnaviv emits it (see vgc_sh.h for the contract with the
 * 3D pipeline and sim/doc/shader-core.md for the sources and the
 * deductions).
 *
 * This file runs an invocation: its threads in lockstep, and the fast
 * path of straight programs (the common float instructions and TEXLD on
 * operands the decoding resolved, vgc_sh_prog.c); every other
 * instruction through the general interpreter (vgc_sh_exec.c).
 */
#include "vgc.h"
#include "vgc_sh_int.h"

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
			v[m] = vgc_f2u(out[m]);
	else
		for (m = 0; m < 4; m++)
			v[m] = vgc_f2u(out[i->tex_sel[m]]);
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
			q.coord[k][m] = vgc_u2f(v[m]);
	}
	q.sampler = i->tex_id;
	q.has_ref = i->src[2].use;
	if (q.has_ref) {
		fsrc_init(r, &i->src[2], &f2);
		for (k = 0; k < QUAD; k++) {
			fsrc_read(&f2, &r->th[k], v);
			q.ref[k] = vgc_u2f(v[0]);
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
 * vgc_sh_execute() runs it; the PCs are the caller's. An ALU result depends on
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
			v[0] = acc;
			v[1] = acc;
			v[2] = acc;
			v[3] = acc;
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

		th->a0[0] = 0;
		th->a0[1] = 0;
		th->a0[2] = 0;
		th->a0[3] = 0;
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
			vgc_sh_execute(r, i, pc, act);
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
		vgc_sh_execute(r, &p->dec[pc], pc, act);
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
