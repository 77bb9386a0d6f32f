// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shader core's programs (sim/doc/shader-core.md): a stage's code
 * from the unified or the separate instruction memory, or through the
 * instruction cache from memory, each instruction decoded once a draw
 * (its fields, its immediates, how the fast path reads its operands),
 * the uniforms a stage sees, and the temporaries it can touch; the FE's
 * hook for the instruction memory and its mirror window.
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_sh_int.h"

#define REG(c, off)	((c)->state[(off) >> 2])

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
		if (e == 0x1f) {
			e = 0xff;
		} else if (e) {
			e += 127 - 15;
		} else if (m) {	/* subnormal half: normalise */
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
	const struct vgc_caps *caps = vgc_caps(c);
	bool vs = stage == VGC_SH_VS;
	bool halti5 = caps->halti >= 5;
	u32 range = REG(c, vs ? VGC_VS_RANGE : VGC_PS_RANGE);
	unsigned int k;

	*p = (struct vgc_sh_prog){ .stage = stage };
	p->halti2 = caps->halti >= 2;
	p->new_transcendentals = caps->fast_transcendentals;
	p->start_pc = REG(c, vs ? VGC_VS_START_PC : VGC_PS_START_PC);
	p->end_pc = REG(c, vs ? VGC_VS_END_PC : VGC_PS_END_PC);
	p->num_temps = VGC_SH_NUM_TEMPS(REG(c, vs ?
					    VGC_VS_TEMP_REGISTER_CONTROL :
					    VGC_PS_TEMP_REGISTER_CONTROL));

	/*
	 * HALTI5: no START_PC / END_PC, the program runs from NEWRANGE_LOW
	 * to NEWRANGE_HIGH (exclusive) of what INST_ADDR holds
	 */
	if (halti5) {
		p->start_pc = REG(c, vs ? VGC_VS_NEWRANGE_LOW :
				  VGC_PS_NEWRANGE_LOW);
		p->end_pc = REG(c, vs ? VGC_VS_NEWRANGE_HIGH :
				VGC_PS_NEWRANGE_HIGH);
	}

	/* the code */
	if (caps->icache &&
	    (REG(c, VGC_VS_ICACHE_CONTROL) & VGC_VS_ICACHE_ENABLE)) {
		/* from memory: HIGH + 1 (HALTI5: NEWRANGE_HIGH) at INST_ADDR */
		u32 n = halti5 ? p->end_pc : VGC_SH_RANGE_HIGH(range) + 1;
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
	} else if (halti5) {
		/* these cores run programs from memory only */
		return VGC_SH_BAD_PROG;
	} else if (caps->range_registers) {
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
	if (caps->halti >= 1) {
		u32 base = REG(c, vs ? VGC_VS_UNIFORM_BASE :
			       VGC_PS_UNIFORM_BASE);

		u32 store = halti5 ? VGC_SH_HALTI5_UNIFORMS : VGC_SH_UNIFORMS;
		u32 total = halti5 ? HALTI5_UNIFORMS : UNIFIED_UNIFORMS;

		if (base >= total)
			return VGC_SH_BAD_PROG;
		p->uniforms = store / 4 + base * 4;
		p->num_uniforms = total - base;
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
		u32 out = REG(c, VGC_VS_OUTPUT_COUNT);

		p->num_inputs = VGC_VS_INPUT_COUNT_COUNT(in);
		p->num_outputs = VGC_VS_OUTPUT_COUNT_COUNT(out);
		if (p->num_inputs > VGC_SH_MAX_OUTPUTS)
			p->num_inputs = VGC_SH_MAX_OUTPUTS;
		if (p->num_outputs > VGC_SH_MAX_OUTPUTS)
			p->num_outputs = VGC_SH_MAX_OUTPUTS;
		for (k = 0; k < VGC_SH_MAX_OUTPUTS; k += 4) {
			/* the same layout at HALTI5's addresses */
			u32 o = REG(c, halti5 ? VGC_VS_HALTI5_OUTPUT(k / 4) :
				    VGC_VS_OUTPUT(k / 4));
			u32 i = REG(c, halti5 ? VGC_VS_HALTI5_INPUT(k / 4) :
				    VGC_VS_INPUT(k / 4));

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
		u32 in = REG(c, VGC_PS_INPUT_COUNT);

		p->num_inputs = VGC_PS_INPUT_COUNT_COUNT(in);
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

/*
 * SH_INST_MEM_MIRROR is another window on the unified instruction memory
 * (Mesa 22.3 etnaviv_screen.c loads GC3000's PS code there): one store,
 * seen at both addresses.
 */
bool vgc_sh_state(struct vgc_core *c, u32 off, u32 *val)
{
	if (off < VGC_SH_INST_MEM)
		REG(c, off + (VGC_SH_INST_MEM - VGC_SH_INST_MEM_MIRROR)) = *val;
	else
		REG(c, off - (VGC_SH_INST_MEM - VGC_SH_INST_MEM_MIRROR)) = *val;
	return true;
}

/*
 * HALTI5's unified uniforms have two windows too (Mesa 22.3 loads the VS's
 * through SH_HALTI5_UNIFORMS_MIRROR, the PS's through SH_HALTI5_UNIFORMS):
 * one store, seen at both addresses. Other cores have nothing there.
 */
bool vgc_sh_uniform_state(struct vgc_core *c, u32 off, u32 *val)
{
	u32 span = VGC_SH_HALTI5_UNIFORMS - VGC_SH_HALTI5_UNIFORMS_MIRROR;

	if (vgc_caps(c)->halti < 5)
		return true;
	if (off < VGC_SH_HALTI5_UNIFORMS)
		REG(c, off + span) = *val;
	else
		REG(c, off - span) = *val;
	return true;
}
