// SPDX-License-Identifier: GPL-2.0-only
/*
 * pixels: pixel-exact tests of the 2D engine through libetnaviv.
 *
 * Every operation the library emits (clear, fill and blit with ROP2, ROP3
 * and ROP4 codes, stretch, line, clipping) in every format it supports,
 * as source and as destination, runs on the GPU into buffers filled with
 * random bytes, and the same operation runs on the CPU reference
 * (tools/ref2d.c) over a copy of them: every byte of both buffers must be
 * equal afterwards, the padding at the end of each line and the bytes
 * after the surface included.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_PREFIX "pixels/"
#include "check.h"
#include "etnaviv_op2d.h"

#define BO_SIZE		(64 * 1024)	/* one DMA segment at most */
#define TIMEOUT_NS	10000000000ull
#define DST_W		40
#define DST_H		32
#define SRC_W		48
#define SRC_H		40
#define PAD		12	/* bytes after each line */
#define MAX_OPS		64

enum { DST, SRC, NR_SURF };

static const char *const format_names[] = {
	"X4R4G4B4", "A4R4G4B4", "X1R5G5B5", "A1R5G5B5", "R5G6B5",
	"X8R8G8B8", "A8R8G8B8",
};

static struct etnaviv_device *dev;
static struct etnaviv_cmd_stream *stream;
static struct etnaviv_bo *bo[NR_SURF];
static uint8_t *map[NR_SURF];
static uint8_t *ref_mem[NR_SURF];
static uint32_t seed = 0x2d2d2d2d;

static uint32_t rnd(void)
{
	return xorshift32(&seed);
}

struct test {
	struct etnaviv_2d_surface surf[NR_SURF];
	struct op2d ops[MAX_OPS];
	unsigned int nr_ops;
};

static void init_test(struct test *t, enum etnaviv_2d_format dst,
		      enum etnaviv_2d_format src)
{
	memset(t, 0, sizeof(*t));
	t->surf[DST] = (struct etnaviv_2d_surface){
		.bo = bo[DST], .format = dst, .width = DST_W, .height = DST_H,
		.stride = DST_W * etnaviv_2d_format_bpp(dst) + PAD,
	};
	t->surf[SRC] = (struct etnaviv_2d_surface){
		.bo = bo[SRC], .format = src, .width = SRC_W, .height = SRC_H,
		.stride = SRC_W * etnaviv_2d_format_bpp(src) + PAD,
	};
}

static struct op2d *add(struct test *t, enum op2d_kind kind, int x1, int y1,
			int x2, int y2, uint32_t color)
{
	struct op2d *op = &t->ops[t->nr_ops++];

	op->kind = kind;
	op->dst = DST;
	op->src = SRC;
	op->rect = (struct etnaviv_2d_rect){ x1, y1, x2, y2 };
	op->color = color;
	return op;
}

static void set_clip(struct op2d *op, int x1, int y1, int x2, int y2)
{
	op->has_clip = true;
	op->clip = (struct etnaviv_2d_rect){ x1, y1, x2, y2 };
}

/* The first differing byte of buffer @i as a pixel position. */
static bool same(const struct test *t, unsigned int i, const char *what)
{
	const struct etnaviv_2d_surface *s = &t->surf[i];
	unsigned int bpp = etnaviv_2d_format_bpp(s->format);
	size_t at;

	if (!memcmp(map[i], ref_mem[i], BO_SIZE))
		return true;
	for (at = 0; map[i][at] == ref_mem[i][at]; at++)
		;
	at -= at % bpp;
	if (at >= (size_t)s->stride * s->height)
		return fail("%s: byte %zu after the surface written", what, at);
	if (at % s->stride >= s->width * bpp)
		return fail("%s: padding of line %zu written", what,
			    at / s->stride);
	{
		uint32_t gpu = 0, ref = 0;

		memcpy(&gpu, map[i] + at, bpp);
		memcpy(&ref, ref_mem[i] + at, bpp);
		return fail("%s pixel (%zu,%zu): GPU 0x%0*x, reference 0x%0*x",
			    what, at % s->stride / bpp, at / s->stride,
			    bpp * 2, gpu, bpp * 2, ref);
	}
}

/* Run @t on both sides and compare; the check's result. */
static bool run_test(struct test *t)
{
	struct ref2d_surface ref[NR_SURF];
	unsigned int i;
	int ret;

	for (i = 0; i < NR_SURF; i++) {
		uint32_t *w = (uint32_t *)map[i];
		size_t n;

		for (n = 0; n < BO_SIZE / 4; n++)
			w[n] = rnd();
		memcpy(ref_mem[i], map[i], BO_SIZE);
		ref[i] = op2d_ref_surface(&t->surf[i], ref_mem[i]);
	}
	for (i = 0; i < t->nr_ops; i++) {
		ret = op2d_emit(stream, t->surf, &t->ops[i]);
		if (ret) {
			etnaviv_cmd_stream_reset(stream);
			return fail("operation %u: %s", i, strerror(-ret));
		}
		op2d_ref(ref, &t->ops[i]);
	}
	/* operations that draw nothing emit nothing: no job then */
	ret = etnaviv_cmd_stream_size(stream) ?
	      etnaviv_cmd_stream_flush_wait(stream, TIMEOUT_NS) : 0;
	if (ret)
		return fail("job: %s", strerror(-ret));
	ret = etnaviv_bo_cpu_prep(bo[DST], ETNAVIV_PREP_READ, TIMEOUT_NS);
	if (ret)
		return fail("cpu_prep: %s", strerror(-ret));
	etnaviv_bo_cpu_fini(bo[DST]);
	return same(t, DST, "destination") && same(t, SRC, "source");
}

static void test_formats(void)
{
	unsigned int f, g;
	struct test t;
	struct op2d *op;

	for (f = 0; f < ARRAY_SIZE(format_names); f++) {
		const char *fn = format_names[f];

		init_test(&t, f, f);
		add(&t, OP2D_CLEAR, 3, 5, 37, 29, 0x80c04020);
		add(&t, OP2D_CLEAR, 0, 0, 1, 1, 0x7f3f1f0f);
		report(run_test(&t), "clear %s", fn);

		init_test(&t, f, f);
		op = add(&t, OP2D_CLEAR, 0, 0, DST_W, DST_H, 0xff19e6a5);
		set_clip(op, 10, 4, 30, 21);
		report(run_test(&t), "clear %s clipped", fn);

		init_test(&t, f, f);
		op = add(&t, OP2D_BLIT, 2, 3, 34, 30, 0);
		op->src_rect.x1 = 5;
		op->src_rect.y1 = 7;
		report(run_test(&t), "blit %s to %s", fn, fn);

		for (g = 0; g < ARRAY_SIZE(format_names); g++) {
			if (g == f)
				continue;
			init_test(&t, f, g);
			op = add(&t, OP2D_BLIT, 1, 2, 39, 31, 0);
			op->src_rect.x1 = 9;
			op->src_rect.y1 = 1;
			report(run_test(&t), "blit %s to %s", format_names[g],
			       fn);
		}

		init_test(&t, f, f);
		op = add(&t, OP2D_FILL, 4, 4, 36, 28, 0x55aa33cc);
		op->rop = ETNAVIV_2D_ROP3(0x5a);
		report(run_test(&t), "fill %s pattern XOR destination", fn);

		init_test(&t, f, f);
		op = add(&t, OP2D_STRETCH, 0, 0, 37, 23, 0);
		op->src_rect = (struct etnaviv_2d_rect){ 3, 2, 19, 14 };
		report(run_test(&t), "stretch %s 16x12 to 37x23", fn);

		init_test(&t, f, f);
		add(&t, OP2D_LINE, 1, 1, 38, 20, 0xfff0e0d0);
		add(&t, OP2D_LINE, 30, 2, 5, 31, 0x80102030);
		report(run_test(&t), "lines %s", fn);
	}
}

static void test_rops(void)
{
	static const uint8_t rop3[] = {
		0x00, 0xff, 0xaa, 0x55, 0xcc, 0x33, 0x66, 0x88, 0xee, 0xf0,
		0x0f, 0x5a, 0x96, 0xb8, 0xe2, 0x1e, 0xc0,
	};
	static const struct {
		const char *name;
		uint32_t rop;
	} other[] = {
		{ "ROP2 source 0x66", ETNAVIV_2D_ROP2_SOURCE(0x66u) },
		{ "ROP2 source 0x33", ETNAVIV_2D_ROP2_SOURCE(0x33u) },
		{ "ROP2 source 0x96", ETNAVIV_2D_ROP2_SOURCE(0x96u) },
		{ "ROP2 pattern 0x5a", ETNAVIV_2D_ROP2_PATTERN(0x5au) },
		{ "ROP2 pattern 0xf0", ETNAVIV_2D_ROP2_PATTERN(0xf0u) },
		{ "ROP2 pattern 0x96", ETNAVIV_2D_ROP2_PATTERN(0x96u) },
		{ "ROP4 fg 0xcc bg 0xaa", ETNAVIV_2D_ROP4(0xccu, 0xaau) },
		{ "ROP4 fg 0x66 bg 0x00", ETNAVIV_2D_ROP4(0x66u, 0x00u) },
	};
	static const enum etnaviv_2d_format dsts[] = {
		ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_R5G6B5, ETNAVIV_2D_A4R4G4B4,
	};
	unsigned int d, i;
	struct test t;
	struct op2d *op;

	for (d = 0; d < ARRAY_SIZE(dsts); d++) {
		const char *fn = format_names[dsts[d]];

		for (i = 0; i < ARRAY_SIZE(rop3); i++) {
			init_test(&t, dsts[d], ETNAVIV_2D_A8R8G8B8);
			op = add(&t, OP2D_BLIT, 3, 1, 35, 30, 0x12345678);
			op->src_rect.x1 = 2;
			op->src_rect.y1 = 6;
			op->rop = ETNAVIV_2D_ROP3((uint32_t)rop3[i]);
			report(run_test(&t), "blit ROP3 0x%02x to %s", rop3[i],
			       fn);
		}
		for (i = 0; i < ARRAY_SIZE(other); i++) {
			init_test(&t, dsts[d], ETNAVIV_2D_X1R5G5B5);
			op = add(&t, OP2D_BLIT, 0, 0, 33, 17, 0x9abcdef0);
			op->src_rect.x1 = 11;
			op->src_rect.y1 = 13;
			op->rop = other[i].rop;
			report(run_test(&t), "blit %s to %s", other[i].name, fn);
		}
		init_test(&t, dsts[d], dsts[d]);
		op = add(&t, OP2D_FILL, 0, 0, DST_W, DST_H, 0);
		op->rop = ETNAVIV_2D_ROP3(0x55u);
		report(run_test(&t), "fill invert %s", fn);
	}
}

static void test_stretch(void)
{
	static const struct {
		const char *name;
		struct etnaviv_2d_rect dst, src;
	} cases[] = {
		{ "up 8x8 to 40x32", { 0, 0, 40, 32 }, { 1, 1, 9, 9 } },
		{ "down 48x40 to 13x7", { 5, 9, 18, 16 }, { 0, 0, 48, 40 } },
		{ "one column", { 7, 0, 8, 32 }, { 0, 0, 20, 20 } },
		{ "one pixel source", { 2, 2, 30, 20 }, { 4, 4, 5, 5 } },
		{ "mirror-free odd 3x5 to 31x29", { 4, 1, 35, 30 },
		  { 40, 30, 43, 35 } },
	};
	unsigned int i;
	struct test t;
	struct op2d *op;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_R5G6B5);
		op = add(&t, OP2D_STRETCH, 0, 0, 0, 0, 0);
		op->rect = cases[i].dst;
		op->src_rect = cases[i].src;
		report(run_test(&t), "stretch %s", cases[i].name);
	}
	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
	op = add(&t, OP2D_STRETCH, 0, 0, 40, 32, 0);
	op->src_rect = (struct etnaviv_2d_rect){ 0, 0, 10, 10 };
	set_clip(op, 7, 5, 29, 23);
	report(run_test(&t), "stretch clipped (the source does not move)");
}

static void test_lines(void)
{
	static const struct etnaviv_2d_rect lines[] = {
		{ 20, 16, 39, 20 }, { 20, 16, 24, 31 }, { 20, 16, 16, 31 },
		{ 20, 16, 0, 20 }, { 20, 16, 0, 12 }, { 20, 16, 16, 0 },
		{ 20, 16, 24, 0 }, { 20, 16, 39, 12 }, { 0, 0, 40, 32 },
		{ 3, 7, 37, 7 }, { 9, 2, 9, 30 }, { 5, 5, 6, 6 },
	};
	unsigned int i;
	struct test t;
	struct op2d *op;

	for (i = 0; i < ARRAY_SIZE(lines); i++) {
		init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
		op = add(&t, OP2D_LINE, 0, 0, 0, 0, 0xff00ff00 + i);
		op->rect = lines[i];
		report(run_test(&t), "line (%d,%d)-(%d,%d)", lines[i].x1,
		       lines[i].y1, lines[i].x2, lines[i].y2);
	}
	init_test(&t, ETNAVIV_2D_R5G6B5, ETNAVIV_2D_R5G6B5);
	for (i = 0; i < 16; i++) {
		op = add(&t, OP2D_LINE, 20, 16, (int)(i * 5) % 40,
			 i < 8 ? 0 : 31, 0xffffffff);
		set_clip(op, 6, 4, 33, 26);
	}
	report(run_test(&t), "lines clipped");
	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
	op = add(&t, OP2D_LINE, 2, 30, 38, 1, 0x00ffffff);
	op->rop = ETNAVIV_2D_ROP2_PATTERN(0x5au);
	report(run_test(&t), "line XOR");
}

static void test_clipping(void)
{
	struct test t;
	struct op2d *op;

	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
	op = add(&t, OP2D_BLIT, 0, 0, 40, 32, 0);
	set_clip(op, 13, 9, 27, 20);
	report(run_test(&t), "clip: blit within the clip only");

	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
	op = add(&t, OP2D_CLEAR, 0, 0, 40, 32, 0xffffffff);
	set_clip(op, 50, 50, 60, 60);
	op = add(&t, OP2D_FILL, 0, 0, 40, 32, 0xffffffff);
	set_clip(op, 10, 10, 10, 20);
	report(run_test(&t), "clip: empty or outside clips draw nothing");

	init_test(&t, ETNAVIV_2D_R5G6B5, ETNAVIV_2D_R5G6B5);
	op = add(&t, OP2D_CLEAR, 30, 20, 300, 200, 0xff808080);
	op = add(&t, OP2D_CLEAR, 0, 0, 10, 10, 0xff404040);
	set_clip(op, 0, 0, 1000, 1000);
	report(run_test(&t), "clip: the surface bounds every operation");

	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_A8R8G8B8);
	op = add(&t, OP2D_BLIT, 5, 5, 35, 25, 0);
	op->rop = ETNAVIV_2D_ROP3(0x66u);
	set_clip(op, 0, 12, 40, 13);
	op = add(&t, OP2D_LINE, 0, 31, 40, 0, 0xff0000ff);
	set_clip(op, 20, 0, 21, 32);
	report(run_test(&t), "clip: one line, one column");
}

/* Many operations of every kind in one job. */
static void test_sequence(void)
{
	struct test t;
	struct op2d *op;
	unsigned int i;

	init_test(&t, ETNAVIV_2D_A8R8G8B8, ETNAVIV_2D_R5G6B5);
	for (i = 0; i < MAX_OPS; i++) {
		int x = rnd() % DST_W, y = rnd() % DST_H;
		int x2 = x + 1 + rnd() % (DST_W - x);
		int y2 = y + 1 + rnd() % (DST_H - y);

		op = add(&t, i % 5, x, y, x2, y2, rnd());
		op->rop = i % 5 == OP2D_FILL || i % 5 == OP2D_BLIT ?
			  ETNAVIV_2D_ROP3(rnd() & 0xff) : 0;
		if (op->kind == OP2D_BLIT)
			op->src_rect = (struct etnaviv_2d_rect){ 1, 2, 0, 0 };
		if (op->kind == OP2D_STRETCH)
			op->src_rect = (struct etnaviv_2d_rect){ 0, 0, 1 + i % 9,
								  1 + i % 7 };
		if (i % 3 == 0)
			set_clip(op, rnd() % 20, rnd() % 16, 20 + rnd() % 20,
				 16 + rnd() % 16);
	}
	report(run_test(&t), "%d mixed operations in one job", MAX_OPS);
}

int main(void)
{
	struct etnaviv_pipe *pipe;
	struct etnaviv_gpu *gpu;
	int core;
	unsigned int i;

	dev = etnaviv_device_open(NULL);
	if (!dev) {
		printf("FAIL: pixels: open: %s\n", strerror(errno));
		return 1;
	}
	core = etnaviv_gpu_find(dev, ETNAVIV_PIPE_2D);
	gpu = core >= 0 ? etnaviv_gpu_open(dev, core) : NULL;
	pipe = gpu ? etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) : NULL;
	stream = pipe ? etnaviv_cmd_stream_new(pipe, 0) : NULL;
	if (!stream) {
		printf("FAIL: pixels: no 2D pipe\n");
		return 1;
	}
	printf("pixels: core %d GC%x rev 0x%x, %s, MMU%s\n", core,
	       etnaviv_gpu_info(gpu)->model, etnaviv_gpu_info(gpu)->revision,
	       etnaviv_gpu_info(gpu)->features[1] & ETNAVIV_MINOR0_2DPE20 ?
	       "PE20" : "PE10",
	       etnaviv_gpu_info(gpu)->features[2] & ETNAVIV_MINOR1_MMU_V2 ?
	       "v2" : "v1");
	for (i = 0; i < NR_SURF; i++) {
		bo[i] = etnaviv_bo_new(dev, BO_SIZE, ETNAVIV_BO_UNCACHED);
		map[i] = bo[i] ? etnaviv_bo_map(bo[i]) : NULL;
		ref_mem[i] = malloc(BO_SIZE);
		if (!map[i] || !ref_mem[i]) {
			printf("FAIL: pixels: buffers: %s\n", strerror(errno));
			return 1;
		}
	}
	test_formats();
	test_rops();
	test_stretch();
	test_lines();
	test_clipping();
	test_sequence();

	for (i = 0; i < NR_SURF; i++) {
		etnaviv_bo_unref(bo[i]);
		free(ref_mem[i]);
	}
	etnaviv_cmd_stream_del(stream);
	etnaviv_pipe_del(pipe);
	etnaviv_gpu_close(gpu);
	etnaviv_device_close(dev);
	printf("pixels: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
