/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A tiny encoder of shader instructions over the generated field macros
 * (sim/vgc_regs.h), for the model's unit tests that hand-encode programs
 * (test_sh.c, test_3d.c). Include after sim_test.h.
 */
#ifndef SH_ENC_H
#define SH_ENC_H

#define SW(x, y, z, w)	((x) | (y) << 2 | (z) << 4 | (w) << 6)
#define XYZW		SW(0, 1, 2, 3)
#define XXXX		SW(0, 0, 0, 0)
#define YYYY		SW(1, 1, 1, 1)
#define ZZZZ		SW(2, 2, 2, 2)
#define WWWW		SW(3, 3, 3, 3)
#define MX		1u
#define MY		2u
#define MZ		4u
#define MW		8u
#define MXYZW		15u

struct src {
	bool use, neg, abs;
	uint32_t rg, reg, swiz, amode;
};

struct ins {
	uint32_t op, cond, type;
	bool sat;
	bool dst;		/* write a temporary */
	uint32_t dreg, comps, damode;
	uint32_t tex, tamode, tswiz;
	struct src s[3];
	uint32_t imm;
};

#define T(r, sw)	((struct src){ .use = 1, .rg = VGC_RG_TEMP, .reg = (r), .swiz = (sw) })
#define U(r, sw)	((struct src){ .use = 1, .rg = VGC_RG_UNIFORM_0, .reg = (r), .swiz = (sw) })
#define NONE		((struct src){ 0 })

static inline struct src neg(struct src s)
{
	s.neg = true;
	return s;
}

static inline struct src absv(struct src s)
{
	s.abs = true;
	return s;
}

static inline struct src rel(struct src s, uint32_t amode)
{
	s.amode = amode;
	return s;
}

/* an immediate: the 20-bit value and its type over the operand's fields */
static inline struct src imm(uint32_t type, uint32_t v20)
{
	struct src s = { .use = 1, .rg = VGC_RG_IMMEDIATE };

	s.reg = v20 & 0x1ff;
	s.swiz = (v20 >> 9) & 0xff;
	s.neg = (v20 >> 17) & 1;
	s.abs = (v20 >> 18) & 1;
	s.amode = ((v20 >> 19) & 1) | type << 1;
	return s;
}

static inline struct ins alu(uint32_t op, uint32_t dreg, uint32_t comps,
			     struct src a, struct src b, struct src c)
{
	return (struct ins){ .op = op, .dst = true, .dreg = dreg,
			     .comps = comps, .s = { a, b, c } };
}

static inline struct ins cnd(struct ins i, uint32_t cond)
{
	i.cond = cond;
	return i;
}

static inline struct ins typ(struct ins i, uint32_t type)
{
	i.type = type;
	return i;
}

static inline struct ins sat(struct ins i)
{
	i.sat = true;
	return i;
}

static inline struct ins branch(uint32_t cond, struct src a, struct src b,
				uint32_t target)
{
	return (struct ins){ .op = VGC_OPC_BRANCH, .cond = cond,
			     .s = { a, b, NONE }, .imm = target };
}

static inline void encode(const struct ins *i, uint32_t w[4])
{
	const struct src *a = &i->s[0], *b = &i->s[1], *c = &i->s[2];

	w[0] = VGC_ISA0_PUT_OPCODE(i->op) | VGC_ISA0_PUT_COND(i->cond) |
	       (i->sat ? VGC_ISA0_SAT : 0) |
	       (i->dst ? VGC_ISA0_DST_USE : 0) |
	       VGC_ISA0_PUT_DST_AMODE(i->damode) |
	       VGC_ISA0_PUT_DST_REG(i->dreg) |
	       VGC_ISA0_PUT_DST_COMPS(i->comps) | VGC_ISA0_PUT_TEX_ID(i->tex);
	w[1] = VGC_ISA1_PUT_TEX_AMODE(i->tamode) |
	       VGC_ISA1_PUT_TEX_SWIZ(i->tswiz) |
	       (a->use ? VGC_ISA1_SRC0_USE : 0) |
	       VGC_ISA1_PUT_SRC0_REG(a->reg) |
	       (i->type & 4 ? VGC_ISA1_TYPE_BIT2 : 0) |
	       VGC_ISA1_PUT_SRC0_SWIZ(a->swiz) |
	       (a->neg ? VGC_ISA1_SRC0_NEG : 0) |
	       (a->abs ? VGC_ISA1_SRC0_ABS : 0);
	w[2] = VGC_ISA2_PUT_SRC0_AMODE(a->amode) |
	       VGC_ISA2_PUT_SRC0_RGROUP(a->rg) |
	       (b->use ? VGC_ISA2_SRC1_USE : 0) |
	       VGC_ISA2_PUT_SRC1_REG(b->reg) |
	       (i->op & 0x40 ? VGC_ISA2_OPCODE_BIT6 : 0) |
	       VGC_ISA2_PUT_SRC1_SWIZ(b->swiz) |
	       (b->neg ? VGC_ISA2_SRC1_NEG : 0) |
	       (b->abs ? VGC_ISA2_SRC1_ABS : 0) |
	       VGC_ISA2_PUT_SRC1_AMODE(b->amode) |
	       VGC_ISA2_PUT_TYPE_BIT01(i->type & 3);
	w[3] = VGC_ISA3_PUT_SRC1_RGROUP(b->rg) |
	       (c->use ? VGC_ISA3_SRC2_USE : 0) |
	       VGC_ISA3_PUT_SRC2_REG(c->reg) |
	       VGC_ISA3_PUT_SRC2_SWIZ(c->swiz) |
	       (c->neg ? VGC_ISA3_SRC2_NEG : 0) |
	       (c->abs ? VGC_ISA3_SRC2_ABS : 0) |
	       VGC_ISA3_PUT_SRC2_AMODE(c->amode) |
	       VGC_ISA3_PUT_SRC2_RGROUP(c->rg) |
	       VGC_ISA3_PUT_SRC2_IMM(i->imm);
}

#endif /* SH_ENC_H */
