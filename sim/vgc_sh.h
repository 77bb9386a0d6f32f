/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shader core of the device model: an interpreter of the Vivante
 * shader instruction set as Mesa 22.3's etnaviv emits it for GC880,
 * GC2000 and GC3000 class cores (sim/doc/shader-core.md).
 *
 * The 3D pipeline (vertex fetch, rasteriser, pixel engine) is the caller:
 * per draw it decodes each stage's program from the core's state with
 * vgc_sh_prog_get(), then runs the vertex shader once per vertex with
 * vgc_sh_run_vs() and the pixel shader once per 2x2 quad with
 * vgc_sh_run_ps(). Inputs arrive, and outputs leave, in temporaries, as
 * on the hardware: the caller preloads the input registers and reads the
 * output registers the states name (struct vgc_sh_prog says which).
 * Texture sampling is the caller's: the interpreter hands every texture
 * instruction to a callback (struct vgc_sh_env).
 *
 * Plain portable C, compiled in the kernel too: no allocation, no
 * recursion, bounded work (a step budget per invocation).
 */
#ifndef VGC_SH_H
#define VGC_SH_H

#include "vgc_math.h"

struct vgc_core;

/* Temporaries per thread (the SPECS "registers" of these cores: 64). */
#define VGC_SH_TEMPS		64
/*
 * Instructions a stage can address: the unified instruction memory
 * (SH_INST_MEM, 1024 instructions of 4 words) and the instruction cache
 * window the model fetches from memory on cores that have one.
 */
#define VGC_SH_MAX_INSNS	1024
#define VGC_SH_INSN_WORDS	4
/* VS outputs the state can name (VS_OUTPUT[4], one byte each). */
#define VGC_SH_MAX_OUTPUTS	16
/* Default step budget of one invocation (vertex or quad). */
#define VGC_SH_DEFAULT_STEPS	65536

/**
 * enum vgc_sh_stage - a shader stage
 * @VGC_SH_VS: the vertex shader
 * @VGC_SH_PS: the pixel (fragment) shader
 */
enum vgc_sh_stage {
	VGC_SH_VS,
	VGC_SH_PS,
	VGC_SH_STAGES,
};

/**
 * enum vgc_sh_result - how an invocation ended
 * @VGC_SH_OK: the program ran to its end (PC reached END_PC)
 * @VGC_SH_ABORTED: the step budget ran out (a shader that loops forever);
 *	counted in stats.sh_aborted, the registers hold what was written
 * @VGC_SH_BAD_INSN: an opcode or operand the model does not execute;
 *	counted in stats.sh_bad_insn, the shader stopped there
 * @VGC_SH_BAD_PROG: the program states make no sense (empty or out of
 *	range instruction window, too many temporaries) or its code could
 *	not be fetched; nothing ran
 */
enum vgc_sh_result {
	VGC_SH_OK = 0,
	VGC_SH_ABORTED,
	VGC_SH_BAD_INSN,
	VGC_SH_BAD_PROG,
};

/**
 * struct vgc_sh_regs - the temporaries of one thread (vertex or pixel)
 * @t: t0..t63, four 32-bit components each (x, y, z, w), as raw bits:
 *	floats on these cores, integers on HALTI2 cores' integer
 *	instructions; vgc_sh_getf()/vgc_sh_setf() convert
 */
struct vgc_sh_regs {
	u32 t[VGC_SH_TEMPS][4];
};

static inline float vgc_sh_getf(const struct vgc_sh_regs *r, unsigned int reg,
				unsigned int comp)
{
	return vgc_u2f(r->t[reg][comp]);
}

static inline void vgc_sh_setf(struct vgc_sh_regs *r, unsigned int reg,
			       unsigned int comp, float f)
{
	r->t[reg][comp] = vgc_f2u(f);
}

/**
 * struct vgc_sh_src - one source operand as the interpreter decodes it
 * @use: the operand is used
 * @rgroup: INST_RGROUP
 * @reg: register (immediates: unused)
 * @swiz: swizzle
 * @amode: INST_AMODE: a0 component added to @reg (0: none)
 * @neg: negate
 * @abs: absolute value
 * @imm: immediate's bits (register group IMMEDIATE), broadcast
 * @sel: the component each result component reads (@swiz unpacked)
 * @fand: float types: the mask @abs applies (clears the sign or nothing)
 * @fxor: float types: the bit @neg flips (the sign or nothing)
 * @direct: a used temporary below VGC_SH_TEMPS not offset by a0
 * @kind: how the interpreter's fast path reads it (enum sh_src_kind in
 *	vgc_sh.c), set by vgc_sh_prog_get()
 * @uword: a uniform not offset by a0: the state word of its x, or ~0u
 *	outside the stage's uniforms (it reads 0), set by vgc_sh_prog_get()
 */
struct vgc_sh_src {
	bool use;
	u32 rgroup, reg, swiz, amode;
	bool neg, abs;
	u32 imm;
	u8 sel[4];
	u32 fand, fxor;
	bool direct;
	u8 kind;
	u32 uword;
};

/**
 * struct vgc_sh_insn - one instruction as the interpreter decodes it
 * (vgc_sh.c), once per draw rather than once per execution
 * @opc: opcode (7 bits)
 * @cond: INST_CONDITION
 * @type: INST_TYPE
 * @sat: saturate the result to [0, 1]
 * @dst_use: the destination is written
 * @dst_amode: a0 component added to @dst_reg
 * @dst_reg: destination temporary
 * @dst_comps: write mask
 * @tex_id: sampler
 * @tex_amode: a0 component added to @tex_id; ALU: rounding / the "fast
 *	transcendental" selector
 * @tex_swiz: swizzle of the sampled colour
 * @src: the three source operands
 * @imm: BRANCH / CALL target
 * @ints: @type is an integer type (S32, U32)
 * @fsat: @sat applies (float types only)
 * @flush: float arithmetic whose results are flushed to zero after the
 *	operation (not the ones whose arithmetic flushes already)
 * @tex_sel: @tex_swiz unpacked
 * @dst_direct: @dst_use and @dst_reg below VGC_SH_TEMPS not offset by a0
 * @fast: an instruction the interpreter's fast path runs (enum sh_fast
 *	in vgc_sh.c; 0: none), set by vgc_sh_prog_get()
 * @tex_plain: @tex_sel is the identity
 */
struct vgc_sh_insn {
	u32 opc, cond, type;
	bool sat;
	bool dst_use;
	u32 dst_amode, dst_reg, dst_comps;
	u32 tex_id, tex_amode, tex_swiz;
	struct vgc_sh_src src[3];
	u32 imm;
	bool ints, fsat, flush;
	u8 tex_sel[4];
	bool dst_direct;
	u8 fast;
	bool tex_plain;
};

/**
 * struct vgc_sh_prog - one stage's program, decoded from the core's state
 * @stage: VGC_SH_VS or VGC_SH_PS
 * @code: the instructions, VGC_SH_INSN_WORDS words each: instruction
 *	memory in the state array, or the model's copy of the code an
 *	instruction cache fetched; @code[0] is the instruction at PC 0
 * @num_insns: instructions @code holds (PCs 0..@num_insns - 1)
 * @start_pc: VS_START_PC / PS_START_PC: the first instruction run
 * @end_pc: VS_END_PC / PS_END_PC: the shader ends when PC reaches it
 * @num_temps: *_TEMP_REGISTER_CONTROL.NUM_TEMPS (at most VGC_SH_TEMPS)
 * @uniforms: word index in the state array of uniform u0.x
 * @num_uniforms: vec4 uniforms the stage can address from @uniforms
 * @icache: the code came from memory through the instruction cache
 * @halti2: the core runs HALTI2 instructions (integer types, immediates)
 * @new_transcendentals: the core has the "fast transcendentals" of
 *	MINOR_FEATURES3 (SIN/COS/LOG/DIV with TEX_AMODE 1: a product pair)
 * @num_inputs: VS_INPUT_COUNT.COUNT / PS_INPUT_COUNT.COUNT: VS attributes
 *	(the last one the vertex / instance ids when VS_INPUT_COUNT.ID_ENABLE
 *	is set); PS inputs (t0 = the position, then the varyings in t1..)
 * @input_reg: VS: the temporary each attribute arrives in (VS_INPUT[],
 *	one byte each; Mesa 22.3 etnaviv_shader.c maps them in order)
 * @num_outputs: VS: VS_OUTPUT_COUNT (position first, then varyings, then
 *	the point size if any)
 * @output_reg: VS: the temporary of each output (VS_OUTPUT[], one byte
 *	each); PS: @output_reg[0] is PS_OUTPUT_REG (the colour)
 * @dec: the instructions of PCs 0..@end_pc - 1 decoded (in struct vgc_sh,
 *	valid until the next vgc_sh_prog_get() for the same stage); the
 *	interpreter runs only these (NULL: no program)
 * @straight: no instruction of @dec changes a PC (no BRANCH, CALL or
 *	RET): every thread runs the instructions from @start_pc to @end_pc
 *	one after the other
 * @fast_only: @straight, and the interpreter's fast path runs each of its
 *	instructions from @start_pc for a quad (no thread state but the
 *	temporaries is read or written)
 */
struct vgc_sh_prog {
	enum vgc_sh_stage stage;
	const u32 *code;
	unsigned int num_insns;
	unsigned int start_pc, end_pc;
	unsigned int num_temps;
	unsigned int uniforms, num_uniforms;
	bool icache;
	bool halti2;
	bool new_transcendentals;
	unsigned int num_inputs, num_outputs;
	u8 input_reg[VGC_SH_MAX_OUTPUTS];
	u8 output_reg[VGC_SH_MAX_OUTPUTS];
	const struct vgc_sh_insn *dec;
	bool straight;
	bool fast_only;
};

/**
 * enum vgc_sh_tex_mode - what a texture instruction asks of the sampler
 * @VGC_SH_TEX_IMPLICIT: TEXLD: level of detail from @ddx/@ddy (pixel
 *	shader; zero derivatives in the vertex shader)
 * @VGC_SH_TEX_BIAS: TEXLDB: implicit, plus @lod as a bias
 * @VGC_SH_TEX_LOD: TEXLDL: @lod is the level of detail
 * @VGC_SH_TEX_GRAD: TEXLDD: the derivatives given in @ddx/@ddy
 */
enum vgc_sh_tex_mode {
	VGC_SH_TEX_IMPLICIT,
	VGC_SH_TEX_BIAS,
	VGC_SH_TEX_LOD,
	VGC_SH_TEX_GRAD,
};

/**
 * struct vgc_sh_tex_req - one texture lookup for one thread
 * @sampler: the instruction's TEX_ID (Mesa adds its vertex sampler offset
 *	in the vertex shader: the sampler state index the hardware uses)
 * @mode: what the instruction asks
 * @coord: the coordinate operand (src0 after swizzle and modifiers)
 * @lod: TEXLDB: the bias; TEXLDL: the level (src1.x); else 0
 * @ddx: the coordinate's derivative along x: across the quad (PS,
 *	TEXLD/TEXLDB), src1 (TEXLDD), or 0 (vertex shader)
 * @ddy: likewise along y (TEXLDD: src2)
 * @has_ref: TEXLD, TEXLDB, TEXLDL with a third operand: @ref is set
 * @ref: that operand's x, the depth comparison's reference (a sampler
 *	with NTE_SAMPLER_BASELOD.COMPARE_ENABLE compares with it)
 */
struct vgc_sh_tex_req {
	unsigned int sampler;
	enum vgc_sh_tex_mode mode;
	float coord[4];
	float lod;
	float ddx[4], ddy[4];
	bool has_ref;
	float ref;
};

/**
 * struct vgc_sh_tex_quad - one TEXLD (implicit LOD) of a pixel quad's four
 * threads, each as struct vgc_sh_tex_req would give it
 * @sampler: the instruction's TEX_ID
 * @coord: each thread's coordinate; thread k's derivatives are the
 *	differences of its row's (@coord[k | 1] - @coord[k & ~1], along x)
 *	and column's coordinates (@coord[k | 2] - @coord[k & ~2], along y):
 *	vgc_sh_tex_quad_req() computes them for a lookup that needs them
 * @has_ref: the instruction has a third operand
 * @ref: then each thread's reference
 */
struct vgc_sh_tex_quad {
	unsigned int sampler;
	float coord[4][4];
	bool has_ref;
	float ref[4];
};

/* Thread @k's lookup of @q, as struct vgc_sh_tex_req gives it, in @req. */
static inline void vgc_sh_tex_quad_req(const struct vgc_sh_tex_quad *q,
				       unsigned int k,
				       struct vgc_sh_tex_req *req)
{
	unsigned int m;

	req->sampler = q->sampler;
	req->mode = VGC_SH_TEX_IMPLICIT;
	req->lod = 0;
	req->has_ref = q->has_ref;
	for (m = 0; m < 4; m++) {
		req->coord[m] = q->coord[k][m];
		req->ddx[m] = q->coord[k | 1][m] - q->coord[k & ~1u][m];
		req->ddy[m] = q->coord[k | 2][m] - q->coord[k & ~2u][m];
	}
	req->ref = q->ref[k];
}

/**
 * struct vgc_sh_env - what the caller supplies to an invocation
 * @sample: texture lookup: fill @out (r, g, b, a before the instruction's
 *	swizzle) for @req; return 0, or non-zero to abort the invocation
 *	(counted as VGC_SH_BAD_INSN); NULL: every lookup returns (0,0,0,0)
 * @sample_quad: optional: the four lookups of @q as four calls of @sample
 *	in thread order would make them, thread k's colour into @out[k];
 *	return how many succeeded (4; or k, when lookup k failed: the later
 *	ones are not made); NULL: @sample is called for each thread
 * @ctx: passed to @sample and @sample_quad
 * @max_steps: instructions an invocation may execute before it is
 *	stopped (VGC_SH_ABORTED); 0: VGC_SH_DEFAULT_STEPS
 * @front_face: PS: the primitive faces the viewer (what the INTERNAL
 *	register group reads, 1.0 or 0.0; an integer on HALTI2 cores)
 */
struct vgc_sh_env {
	int (*sample)(void *ctx, const struct vgc_sh_tex_req *req,
		      float out[4]);
	unsigned int (*sample_quad)(void *ctx,
				    const struct vgc_sh_tex_quad *q,
				    float out[4][4]);
	void *ctx;
	unsigned int max_steps;
	bool front_face;
};

/**
 * vgc_sh_prog_get() - decode one stage's program from the core's state
 * @c: the core
 * @stage: which stage
 * @p: filled in
 *
 * Reads the stage's PC window, temporaries count, uniform base and
 * input/output states; on a core whose instruction cache is enabled
 * (VS_ICACHE_CONTROL.ENABLE) copies the code from VS_INST_ADDR /
 * PS_INST_ADDR through the MMU into the core (so @p stays valid until the
 * next call for the same stage). Call it once per draw, after the FE has
 * loaded the states.
 *
 * Return: VGC_SH_OK, or VGC_SH_BAD_PROG.
 */
enum vgc_sh_result vgc_sh_prog_get(struct vgc_core *c, enum vgc_sh_stage stage,
				   struct vgc_sh_prog *p);

/* Temporaries program @p can touch (see vgc_sh.c). */
unsigned int vgc_sh_prog_temps(const struct vgc_sh_prog *p);

/*
 * The FE's hook (vgc_fe.h) for the instruction memory and its mirror
 * window: a load at either address is seen at both.
 */
bool vgc_sh_state(struct vgc_core *c, u32 off, u32 *val);

/*
 * The FE's hook for HALTI5's uniforms and their mirror window: on a HALTI5
 * core a load at either address is seen at both.
 */
bool vgc_sh_uniform_state(struct vgc_core *c, u32 off, u32 *val);

/**
 * vgc_sh_run_vs() - run the vertex shader on one vertex
 * @c: the core (its uniforms are read from the state; stats counted)
 * @p: the program, from vgc_sh_prog_get(c, VGC_SH_VS, ...)
 * @t: in: the attributes in their temporaries (@p->input_reg[]), the
 *	rest as the caller left them (the model does not clear them); out: every
 *	temporary as the shader left it (outputs at @p->output_reg[])
 * @env: sampler callback and budget
 *
 * Return: VGC_SH_OK, VGC_SH_ABORTED, VGC_SH_BAD_INSN or VGC_SH_BAD_PROG.
 */
enum vgc_sh_result vgc_sh_run_vs(struct vgc_core *c,
				 const struct vgc_sh_prog *p,
				 struct vgc_sh_regs *t,
				 const struct vgc_sh_env *env);

/**
 * vgc_sh_run_ps() - run the pixel shader on a 2x2 quad
 * @c: the core
 * @p: the program, from vgc_sh_prog_get(c, VGC_SH_PS, ...)
 * @t: the four pixels' temporaries, in the order (x, y), (x + 1, y),
 *	(x, y + 1), (x + 1, y + 1): in: t0 = the fragment position, then the
 *	varyings; out: as the shader left them (colour at @p->output_reg[0])
 * @live: in: bit i set when pixel i is covered; out: without the pixels a
 *	TEXKILL killed. Every pixel of the quad runs (uncovered ones as
 *	helpers, so that DSX/DSY and implicit texture LOD see neighbours)
 * @env: sampler callback, budget, facing
 *
 * The four threads run in lockstep: each step executes the instruction of
 * the lowest PC among the threads not finished, for the threads at that
 * PC (a branch that diverges splits the quad until the PCs meet again).
 *
 * Return: as vgc_sh_run_vs().
 */
enum vgc_sh_result vgc_sh_run_ps(struct vgc_core *c,
				 const struct vgc_sh_prog *p,
				 struct vgc_sh_regs t[4], unsigned int *live,
				 const struct vgc_sh_env *env);

/**
 * struct vgc_sh - shader state of a core that is not a state word
 * @icache: the code each stage's instruction cache fetched from memory
 *	(vgc_sh_prog_get()); VGC_SH_INSN_WORDS words an instruction
 * @dec: each stage's program decoded by vgc_sh_prog_get() (the model's
 *	own bookkeeping, not a hardware state)
 */
struct vgc_sh {
	u32 icache[VGC_SH_STAGES][VGC_SH_MAX_INSNS * VGC_SH_INSN_WORDS];
	struct vgc_sh_insn dec[VGC_SH_STAGES][VGC_SH_MAX_INSNS];
};

#endif /* VGC_SH_H */
