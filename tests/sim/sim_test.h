/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Harness of the model's user-space unit tests (each tests/sim/test_*.c is
 * one program, built with ASan/UBSan). "Physical memory" is a malloc'ed
 * array at physical address MEM_BASE; anything outside it is a hole, as
 * on a real bus. A test is a function run on a freshly initialised core.
 */
#ifndef SIM_TEST_H
#define SIM_TEST_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgc.h"
#include "vgc_dma.h"

#define MEM_BASE	0x10000000ull
#ifndef MEM_SIZE
#define MEM_SIZE	(4u << 20)	/* a program may define its own */
#endif

static uint8_t *mem;
static unsigned int passed, failed;
static const char *current;

static inline int mem_read(void *ctx, uint64_t pa, void *buf, size_t len)
{
	if (pa < MEM_BASE || pa + len > MEM_BASE + MEM_SIZE)
		return -1;
	memcpy(buf, mem + (pa - MEM_BASE), len);
	return 0;
}

static inline int mem_write(void *ctx, uint64_t pa, const void *buf, size_t len)
{
	if (pa < MEM_BASE || pa + len > MEM_BASE + MEM_SIZE)
		return -1;
	memcpy(mem + (pa - MEM_BASE), buf, len);
	return 0;
}

/* mem_map() maps nothing: the model copies memory in and out instead */
static bool mem_map_off;

static inline void *mem_map(void *ctx, uint64_t pa, size_t len)
{
	if (mem_map_off || pa < MEM_BASE || pa + len > MEM_BASE + MEM_SIZE)
		return NULL;
	return mem + (pa - MEM_BASE);
}

static const struct vgc_host_ops ops = {
	.mem_read = mem_read,
	.mem_write = mem_write,
	.mem_map = mem_map,
};

/* the bits of a float, and the float of bits */
static inline uint32_t fu(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline float uf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* xorshift32: the tests' reproducible random numbers (*@s: the state) */
static inline uint32_t sim_rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static bool test_failed;

static inline void fail(const char *fmt, ...)
{
	va_list ap;

	if (test_failed)
		return;		/* report the first failure of a test only */
	test_failed = true;
	printf("FAIL: sim/%s: ", current);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

#define EXPECT_EQ(a, b) do {						\
	unsigned long long _a = (a), _b = (b);				\
	if (_a != _b)							\
		fail("line %d: %s = 0x%llx, expected 0x%llx", __LINE__,	\
		     #a, _a, _b);					\
} while (0)

/*
 * A class of cases of a table test: its cases run in one core, each that
 * disagrees with the reference noting its first failure in the class,
 * then one line a class (sim_class_report()). A class the model is known
 * to get wrong (@known: the defect, named) reports SKIP with the defect
 * and what it saw while it still fails, PASS once it holds. @cases counts
 * the cases checked: a class that checked none fails (it cannot fail).
 */
struct sim_class {
	const char *name;
	const char *known;
	bool bad;
	unsigned long cases;
	char why[240];
};

static inline void sim_class_fail(struct sim_class *k, const char *fmt, ...)
{
	va_list ap;

	if (k->bad)
		return;
	k->bad = true;
	va_start(ap, fmt);
	vsnprintf(k->why, sizeof(k->why), fmt, ap);
	va_end(ap);
}

static inline void sim_class_report(const struct sim_class *k)
{
	if (!k->name)
		return;		/* a slot of a table that is no class */
	if (!k->cases) {
		failed++;
		printf("FAIL: sim/%s: no case checked\n", k->name);
	} else if (!k->bad) {
		passed++;
		printf("PASS: sim/%s\n", k->name);
	} else if (k->known) {
		printf("SKIP: sim/%s: known model defect (%s): %s\n", k->name,
		       k->known, k->why);
	} else {
		failed++;
		printf("FAIL: sim/%s: %s\n", k->name, k->why);
	}
}

static inline void run_test(const char *name, void (*fn)(struct vgc_core *c),
		     const char *core)
{
	struct vgc_core *c = calloc(1, sizeof(*c));

	current = name;
	test_failed = false;
	memset(mem, 0, MEM_SIZE);
	vgc_init(c, vgc_ident_find(core), &ops, NULL);
	fn(c);
	if (test_failed) {
		failed++;
	} else {
		passed++;
		printf("PASS: sim/%s\n", name);
	}
	free(c);
}

/*
 * Run a table test's cases (@fn) on a freshly initialised @core, then
 * report its @n classes @k: a failure of the harness itself (fail()) is
 * one FAIL line of @name besides them.
 */
static inline void run_table(const char *name,
			     void (*fn)(struct vgc_core *c), const char *core,
			     const struct sim_class *k, unsigned int n)
{
	struct vgc_core *c = calloc(1, sizeof(*c));
	unsigned int i;

	current = name;
	test_failed = false;
	memset(mem, 0, MEM_SIZE);
	vgc_init(c, vgc_ident_find(core), &ops, NULL);
	fn(c);
	if (test_failed)
		failed++;
	for (i = 0; i < n; i++)
		sim_class_report(&k[i]);
	free(c);
}

/* ---- command assembly helpers --------------------------------------- */

static inline uint32_t *w32(uint32_t gpu_linear)
{
	return (uint32_t *)(mem + gpu_linear);
}

/* Commands are placed at GPU linear address == offset into mem (the FE
 * memory base register is set to MEM_BASE). */
static inline uint32_t emit(uint32_t at, uint32_t a, uint32_t b)
{
	w32(at)[0] = a;
	w32(at)[1] = b;
	return at + 8;
}

static inline uint32_t ls(uint32_t reg, uint32_t count)
{
	return 0x08000000u | (count & 0x3ff) << 16 | (reg >> 2);
}

/*
 * A LOAD_STATE of @n words (@v) at state @reg, with header bits @flags
 * (e.g. VGC_LS_FIXP), at @at; returns where the next command goes.
 */
static inline uint32_t emit_states(uint32_t at, uint32_t reg,
				   const uint32_t *v, unsigned int n,
				   uint32_t flags)
{
	unsigned int i;

	w32(at)[0] = ls(reg, n) | flags;
	for (i = 0; i < n; i++)
		w32(at)[1 + i] = v[i];
	return (at + 4 + 4 * n + 7) & ~7u;
}

/*
 * The states of a 2D clear of @w x @h A8R8G8B8 pixels at @dst (stride
 * @w * 4, clipped to the rectangle) to 0x12345678, from @q; returns
 * where the DRAW_2D goes.
 */
static inline uint32_t de_clear_states(uint32_t q, uint32_t dst,
				       uint32_t w, uint32_t h)
{
	static const uint32_t pipe_2d = 1;
	const uint32_t regs[][2] = {
		{ VGC_GL_PIPE_SELECT, pipe_2d },
		{ VGC_DE_DEST_ADDRESS, dst },
		{ VGC_DE_DEST_STRIDE, w * 4 },
		{ VGC_DE_DEST_ROTATION_CONFIG, w },
		{ VGC_DE_DEST_ROTATION_HEIGHT, h },
		{ VGC_DE_DEST_CONFIG,
		  VGC_DE_FMT_A8R8G8B8 | VGC_DE_CMD_CLEAR << 12 },
		{ VGC_DE_CLIP_TOP_LEFT, 0 },
		{ VGC_DE_CLIP_BOTTOM_RIGHT, h << 16 | w },
		{ VGC_DE_CLEAR_PIXEL_VALUE32, 0x12345678 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		q = emit(q, ls(regs[i][0], 1), regs[i][1]);
	return q;
}

#define OP_END		0x10000000u
#define OP_NOP		0x18000000u
#define OP_WAIT(n)	(0x38000000u | (n))
#define OP_LINK(p)	(0x40000000u | (p))
#define OP_STALL	0x48000000u
#define OP_CALL(p)	(0x50000000u | (p))
#define OP_RETURN	0x58000000u

static inline void setup_linear(struct vgc_core *c)
{
	vgc_write(c, VGC_MC_MEMORY_BASE_FE, MEM_BASE);
	vgc_write(c, VGC_MC_MEMORY_BASE_PE, MEM_BASE);
	vgc_write(c, VGC_INTR_ENBL, ~0u);
}

static inline void start(struct vgc_core *c, uint32_t addr, uint32_t prefetch)
{
	vgc_write(c, VGC_FE_COMMAND_ADDRESS, addr);
	vgc_write(c, VGC_FE_COMMAND_CONTROL, VGC_FE_CONTROL_ENABLE | prefetch);
}

/* Allocate the memory; run the tests; report. */
static inline int sim_test_begin(void)
{
	mem = calloc(1, MEM_SIZE);
	return mem ? 0 : -1;
}

static inline int sim_test_end(const char *suite)
{
	free(mem);
	printf("%s: %u passed, %u failed\n", suite, passed, failed);
	return failed ? 1 : 0;
}

#endif /* SIM_TEST_H */
