/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shader core's tests' helpers (test_sh.c, test_cond.c): programs
 * loaded through the FE as Mesa 22.3's etnaviv loads them, run on a
 * vertex or a pixel quad; float results compared within ulps. Include
 * after sim_test.h and sh_enc.h.
 */
#ifndef SH_RUN_H
#define SH_RUN_H

#include <math.h>

/* ---- loading states through the FE ---------------------------------- */

#define CMDBUF		0x100000u	/* GPU linear address of the commands */

static uint32_t cmd_at;
/*
 * What a GPU address adds to an offset in the test's memory: the linear
 * window's base is MEM_BASE on MMUv1 cores; MMUv2 cores with the MMU off
 * see physical addresses.
 */
static uint32_t gbase;

static inline void cmd_begin(struct vgc_core *c)
{
	setup_linear(c);
	vgc_write(c, VGC_MC_MEMORY_BASE_TX, MEM_BASE);
	gbase = vgc_get_ident(c)->minor[1] & VGC_MINOR1_MMU_VERSION ?
		MEM_BASE : 0;
	cmd_at = CMDBUF;
}

/* LOAD_STATE of @n words at state @addr */
static inline void cmd_states(uint32_t addr, const uint32_t *v, unsigned int n)
{
	cmd_at = emit_states(cmd_at, addr, v, n, 0);
}

static inline void cmd_state(uint32_t addr, uint32_t v)
{
	cmd_states(addr, &v, 1);
}

static inline void cmd_run(struct vgc_core *c)
{
	emit(cmd_at, OP_END, 0);
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, gbase + CMDBUF);
	/* with the security block (GC7000) its COMMAND_CONTROL starts the FE */
	vgc_write(c, vgc_get_ident(c)->security ? VGC_SEC_COMMAND_CONTROL :
		  VGC_FE_COMMAND_CONTROL,
		  VGC_FE_CONTROL_ENABLE | (cmd_at + 8 - CMDBUF) / 8);
	EXPECT_EQ(vgc_fe_run(c, 1000), VGC_RUN_IDLE);
	EXPECT_EQ(c->stats.bad_commands, 0);
}

#define MAX_CODE	64

/*
 * Load @n instructions as the stage's program the way Mesa 22.3 does on
 * a core with the unified memory and range registers (GC880, GC2000):
 * VS at SH_INST_MEM, PS at instruction 0x100 of it; END_PC, RANGE.
 */
static inline void load_prog(struct vgc_core *c, enum vgc_sh_stage st,
		      const struct ins *code, unsigned int n)
{
	uint32_t w[MAX_CODE * 4];
	unsigned int i;

	for (i = 0; i < n; i++)
		encode(&code[i], &w[i * 4]);
	if (st == VGC_SH_VS) {
		cmd_states(VGC_SH_INST_MEM, w, n * 4);
		cmd_state(VGC_VS_RANGE, (n - 1) << 16);
		cmd_state(VGC_VS_END_PC, n);
		cmd_state(VGC_VS_START_PC, 0);
		cmd_state(VGC_VS_TEMP_REGISTER_CONTROL, 8);
	} else {
		cmd_states(VGC_SH_INST_MEM + 0x100 * 16, w, n * 4);
		cmd_state(VGC_PS_RANGE, (0x100 + n - 1) << 16 | 0x100);
		cmd_state(VGC_PS_END_PC, n);
		cmd_state(VGC_PS_START_PC, 0);
		cmd_state(VGC_PS_TEMP_REGISTER_CONTROL, 8);
	}
}

/* uniform u[i] = @v (vec4), into the stage's separate uniform states */
static inline void load_uniform(enum vgc_sh_stage st, unsigned int i,
			 float x, float y, float z, float w)
{
	uint32_t v[4] = { fu(x), fu(y), fu(z), fu(w) };

	cmd_states((st == VGC_SH_VS ? VGC_VS_UNIFORMS : VGC_PS_UNIFORMS) +
		   16 * i, v, 4);
}

static inline void set4(struct vgc_sh_regs *t, unsigned int r, float x, float y,
		 float z, float w)
{
	t->t[r][0] = fu(x);
	t->t[r][1] = fu(y);
	t->t[r][2] = fu(z);
	t->t[r][3] = fu(w);
}

/* load, decode and run a vertex shader on @t */
static inline enum vgc_sh_result vs(struct vgc_core *c, const struct ins *code,
			     unsigned int n, struct vgc_sh_regs *t,
			     const struct vgc_sh_env *env)
{
	struct vgc_sh_prog p;

	load_prog(c, VGC_SH_VS, code, n);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_VS, &p), VGC_SH_OK);
	return vgc_sh_run_vs(c, &p, t, env);
}

static inline enum vgc_sh_result ps(struct vgc_core *c, const struct ins *code,
			     unsigned int n, struct vgc_sh_regs t[4],
			     unsigned int *live, const struct vgc_sh_env *env)
{
	struct vgc_sh_prog p;

	load_prog(c, VGC_SH_PS, code, n);
	cmd_run(c);
	EXPECT_EQ(vgc_sh_prog_get(c, VGC_SH_PS, &p), VGC_SH_OK);
	return vgc_sh_run_ps(c, &p, t, live, env);
}

/* float result within @ulps of @want (NaN: any NaN; infinities exact) */
static inline void expect_f(int line, uint32_t got, float want, int ulps)
{
	float g = uf(got);
	long long d;

	if (isnan(want) && isnan(g))
		return;
	if (isnan(want) || isnan(g) || isinf(want) || isinf(g) || ulps == 0) {
		if (got != fu(want) && !(ulps && g == want))
			fail("line %d: got %a (0x%08x), expected %a", line, g,
			     got, want);
		return;
	}
	d = llabs((long long)(int32_t)got - (long long)(int32_t)fu(want));
	if ((got ^ fu(want)) & 0x80000000u)
		d = fabsf(g - want) == 0 ? 0 : 1LL << 40;
	if (d > ulps)
		fail("line %d: got %a, expected %a (%lld ulps)", line, g, want,
		     d);
}

#define EXPECT_F(got, want)		expect_f(__LINE__, (got), (want), 0)
#define EXPECT_F_ULPS(got, want, u)	expect_f(__LINE__, (got), (want), (u))

#endif /* SH_RUN_H */
