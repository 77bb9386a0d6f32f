// SPDX-License-Identifier: GPL-2.0-only
/*
 * datapath: GPU data through every kind of buffer.
 *
 * The 2D engine blits (with a format conversion) and clears between
 * buffers of every kind a client can hand the GPU: GEM_NEW uncached,
 * cached (CPU access bracketed by CPU_PREP/CPU_FINI) and write-combined
 * buffers, read-write userptr memory, and dma-bufs imported from vgem.
 * Each kind is the source, the destination, and both; two userptr
 * objects over the same memory are used in turn. Every buffer is
 * 16 pages of random bytes; the same operations run on the CPU reference
 * (tools/ref2d.c) over copies, and every byte of both buffers must match
 * afterwards: a page mapped at the wrong place, in the wrong order or not
 * at all shows as a difference.
 *
 * A read-only userptr as a blit's destination: on MMUv2 our driver maps
 * it read-only, so the job faults, its fence carries -EFAULT and the
 * memory stays as it was. Linux 6.1 maps every buffer writable (its fence
 * signals without an error and the memory holds the blit), and MMUv1 has
 * no write protection at all (both drivers: the blit lands): each outcome
 * is asserted exactly.
 *
 * MMUv1: buffers evicted from the core's address space and used again
 * are mapped again before their job runs (test_evicted_reused()).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sync_file.h>

#define CHECK_PREFIX "datapath/"
#include "check.h"
#include "etnaviv_op2d.h"

#define BO_SIZE		(64 * 1024)	/* 16 pages */
#define TIMEOUT_NS	10000000000ull
#define DST_W		120
#define DST_H		100
#define SRC_W		128
#define SRC_H		100
#define PAD		16	/* bytes after each line */

enum kind { UNCACHED, CACHED, WC, USERPTR, VGEM, USERPTR_RO, NR_KINDS };

static const char *const kind_names[] = {
	[UNCACHED] = "uncached", [CACHED] = "cached", [WC] = "write-combined",
	[USERPTR] = "userptr", [VGEM] = "vgem dma-buf",
	[USERPTR_RO] = "read-only userptr",
};

struct buf {
	enum kind kind;
	struct etnaviv_bo *bo;
	uint8_t *cpu;		/* the CPU's view of the buffer */
	void *unmap;		/* memory to munmap() at the end */
	uint32_t vgem_handle;
};

enum { DST, SRC, NR_SURF };

static struct etnaviv_device *dev;
static struct etnaviv_cmd_stream *stream;
static int vgem_fd = -1;
static bool mmu_v2, upstream;
static uint32_t seed = 0xda7a9a75;

static uint32_t rnd(void)
{
	return xorshift32(&seed);
}

/* A vgem dumb buffer of BO_SIZE, mapped, imported into our device. */
static bool buf_vgem(struct buf *b)
{
	struct drm_mode_create_dumb cd = {
		.width = 1024, .height = BO_SIZE / 4096, .bpp = 32,
	};
	struct drm_mode_map_dumb md = { 0 };
	struct drm_prime_handle ph = { .flags = DRM_CLOEXEC | DRM_RDWR };
	int ret;

	if (vgem_fd < 0)
		return fail("no vgem: %s", strerror(-vgem_fd));
	ret = etna_ioctl(vgem_fd, DRM_IOCTL_MODE_CREATE_DUMB, &cd);
	if (ret || cd.size < BO_SIZE)
		return fail("vgem CREATE_DUMB: %s", strerror(-ret));
	b->vgem_handle = cd.handle;
	md.handle = cd.handle;
	ret = etna_ioctl(vgem_fd, DRM_IOCTL_MODE_MAP_DUMB, &md);
	if (ret)
		return fail("vgem MAP_DUMB: %s", strerror(-ret));
	b->cpu = map_fd(vgem_fd, md.offset, BO_SIZE);
	if (!b->cpu)
		return fail("vgem mmap: %s", strerror(errno));
	b->unmap = b->cpu;
	ph.handle = cd.handle;
	ret = etna_ioctl(vgem_fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph);
	if (ret)
		return fail("vgem export: %s", strerror(-ret));
	b->bo = etnaviv_bo_import(dev, ph.fd);
	close(ph.fd);
	return b->bo || fail("import: %s", strerror(errno));
}

static bool buf_new(struct buf *b, enum kind kind)
{
	static const uint32_t flags[] = {
		[UNCACHED] = ETNAVIV_BO_UNCACHED, [CACHED] = ETNAVIV_BO_CACHED,
		[WC] = ETNAVIV_BO_WC,
	};

	memset(b, 0, sizeof(*b));
	b->kind = kind;
	switch (kind) {
	case UNCACHED:
	case CACHED:
	case WC:
		b->bo = etnaviv_bo_new(dev, BO_SIZE, flags[kind]);
		b->cpu = b->bo ? etnaviv_bo_map(b->bo) : NULL;
		return b->cpu || fail("GEM_NEW/mmap: %s", strerror(errno));
	case USERPTR:
	case USERPTR_RO:
		b->cpu = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (b->cpu == MAP_FAILED)
			return fail("mmap: %s", strerror(errno));
		b->unmap = b->cpu;
		b->bo = etnaviv_bo_from_user(dev, b->cpu, BO_SIZE,
					     kind == USERPTR_RO ?
					     ETNAVIV_USERPTR_READ :
					     ETNAVIV_USERPTR_READ |
					     ETNAVIV_USERPTR_WRITE);
		return b->bo || fail("USERPTR: %s", strerror(errno));
	case VGEM:
		return buf_vgem(b);
	default:
		return fail("kind %d", kind);
	}
}

static void buf_free(struct buf *b)
{
	etnaviv_bo_unref(b->bo);
	if (b->unmap)
		munmap(b->unmap, BO_SIZE);
	if (b->vgem_handle) {
		struct drm_gem_close gc = { .handle = b->vgem_handle };

		etna_ioctl(vgem_fd, DRM_IOCTL_GEM_CLOSE, &gc);
	}
}

/* The CPU's access to @b, bracketed as the ABI wants: 0 or -errno. */
static int cpu_begin(struct buf *b, uint32_t op)
{
	return etnaviv_bo_cpu_prep(b->bo, op, TIMEOUT_NS);
}

static int cpu_end(struct buf *b)
{
	return etnaviv_bo_cpu_fini(b->bo);
}

/*
 * Wait for the job's sync file @fd and close it: its status (1 or
 * -errno), -1000 - ETIMEDOUT if it does not signal in time, or < -1000.
 */
static int fence_status(int fd)
{
	int st = sync_wait(fd, TIMEOUT_NS / MS_NS);

	close(fd);
	return st ? st : -ETIMEDOUT - 1000;
}

/* The first byte of @b that differs from @ref, as a message. */
static bool same(const struct buf *b, const uint8_t *ref,
		 const struct etnaviv_2d_surface *s, const char *what)
{
	size_t at;

	if (!memcmp(b->cpu, ref, BO_SIZE))
		return true;
	for (at = 0; b->cpu[at] == ref[at]; at++)
		;
	return fail("%s (%s): byte %zu (page %zu, line %zu) is 0x%02x, "
		    "reference 0x%02x", what, kind_names[b->kind], at,
		    at / 4096, at / s->stride, b->cpu[at], ref[at]);
}

/*
 * Fill @src and @dst with random bytes, blit a converted rectangle and
 * clear a clipped one into @dst on the GPU and on the CPU; the fence
 * status in *@status. @dst_written: whether the GPU is expected to change
 * @dst (false: it must stay as filled). Returns the comparison.
 */
static bool run(struct buf *dst, struct buf *src, int *status,
		bool dst_written)
{
	struct etnaviv_2d_surface surf[NR_SURF] = {
		[DST] = { .bo = dst->bo, .format = ETNAVIV_2D_A8R8G8B8,
			  .width = DST_W, .height = DST_H,
			  .stride = DST_W * 4 + PAD },
		[SRC] = { .bo = src->bo, .format = ETNAVIV_2D_R5G6B5,
			  .width = SRC_W, .height = SRC_H,
			  .stride = SRC_W * 2 + PAD },
	};
	struct op2d ops[2] = {
		{ .kind = OP2D_BLIT, .dst = DST, .src = SRC,
		  .rect = { 1, 1, DST_W - 1, DST_H - 1 },
		  .src_rect = { 5, 0, 0, 0 } },
		{ .kind = OP2D_CLEAR, .dst = DST, .src = SRC,
		  .rect = { 0, 0, DST_W, DST_H }, .color = 0x80c0a010,
		  .has_clip = true, .clip = { 30, 40, 90, 97 } },
	};
	struct etnaviv_flush_args args = { .in_fence_fd = -1,
					   .want_fence_fd = true };
	struct buf *b[NR_SURF] = { [DST] = dst, [SRC] = src };
	struct ref2d_surface ref[NR_SURF];
	static uint8_t ref_mem[NR_SURF][BO_SIZE], before[BO_SIZE];
	unsigned int i;
	size_t n;
	int ret;

	*status = 0;
	for (i = 0; i < NR_SURF; i++) {
		ret = cpu_begin(b[i], ETNAVIV_PREP_WRITE);
		if (ret)
			return fail("CPU_PREP(WRITE): %s", strerror(-ret));
		for (n = 0; n < BO_SIZE; n += 4) {
			uint32_t v = rnd();

			memcpy(b[i]->cpu + n, &v, 4);
		}
		memcpy(ref_mem[i], b[i]->cpu, BO_SIZE);
		ret = cpu_end(b[i]);
		if (ret)
			return fail("CPU_FINI: %s", strerror(-ret));
		ref[i] = op2d_ref_surface(&surf[i], ref_mem[i]);
	}
	memcpy(before, ref_mem[DST], BO_SIZE);
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		ret = op2d_emit(stream, surf, &ops[i]);
		if (ret) {
			etnaviv_cmd_stream_reset(stream);
			return fail("operation %u: %s", i, strerror(-ret));
		}
		op2d_ref(ref, &ops[i]);
	}
	ret = etnaviv_cmd_stream_flush_ext(stream, &args);
	if (ret)
		return fail("submit: %s", strerror(-ret));
	*status = fence_status(args.out_fence_fd);
	if (*status < -1000)
		return fail("fence: %s", strerror(-(*status + 1000)));
	for (i = 0; i < NR_SURF; i++) {
		ret = cpu_begin(b[i], ETNAVIV_PREP_READ);
		if (ret)
			return fail("CPU_PREP(READ): %s", strerror(-ret));
	}
	ret = same(dst, dst_written ? ref_mem[DST] : before, &surf[DST],
		   "destination") &&
	      same(src, ref_mem[SRC], &surf[SRC], "source");
	for (i = 0; i < NR_SURF; i++)
		cpu_end(b[i]);
	return ret;
}

/* @dst_kind from @src_kind: every byte as the reference, no error. */
static void test_pair(enum kind dst_kind, enum kind src_kind)
{
	struct buf dst, src;
	bool ok = buf_new(&dst, dst_kind) && buf_new(&src, src_kind);
	int status;

	if (ok) {
		ok = run(&dst, &src, &status, true);
		if (ok && status != 1)
			ok = fail("fence status %d", status);
	}
	report(ok, "%s to %s", kind_names[src_kind], kind_names[dst_kind]);
	buf_free(&src);
	buf_free(&dst);
}

/*
 * Two writable userptr objects over the same memory, both used by jobs
 * while both live: each sees the GPU's bytes. (Their pages are mapped
 * for the device twice at once; DMA debugging once reported it.)
 */
static void test_userptr_alias(void)
{
	struct buf a = { 0 }, b = { 0 }, src = { 0 };
	int status = 1, i;
	bool ok;

	ok = buf_new(&a, USERPTR) && buf_new(&src, UNCACHED);
	if (ok) {
		b.kind = USERPTR;
		b.cpu = a.cpu;
		b.bo = etnaviv_bo_from_user(dev, a.cpu, BO_SIZE,
					    ETNAVIV_USERPTR_READ |
					    ETNAVIV_USERPTR_WRITE);
		ok = b.bo || fail("USERPTR: %s", strerror(errno));
	}
	for (i = 0; ok && i < 3; i++) {
		ok = run(i & 1 ? &b : &a, &src, &status, true);
		if (ok && status != 1)
			ok = fail("job %d: fence status %d", i, status);
	}
	report(ok, "two writable userptr objects over the same memory");
	buf_free(&src);
	buf_free(&b);
	buf_free(&a);
}

#define FILL_SIZE	(4u << 20)	/* each filler object: 4 MiB ... */
#define FILL_OBJECTS	512		/* ... over the same memory: 2 GiB */
#define FILL_PER_JOB	64		/* 256 MiB of the space a job */

/*
 * Whether our driver's debugfs lists @bo of this process as evicted from
 * the address space (its "gem" file: a mapping without a range). -1 when
 * no such listing is found (upstream's driver has none).
 */
static int listed_evicted(const struct etnaviv_bo *bo)
{
	char want[64], handle[32], line[512];
	glob_t g;
	int found = -1;
	size_t i;

	snprintf(want, sizeof(want), "[%d]:", (int)getpid());
	snprintf(handle, sizeof(handle), "  handle %4u ",
		 etnaviv_bo_handle(bo));
	if (glob("/sys/kernel/debug/dri/*/gem", 0, NULL, &g))
		return -1;
	for (i = 0; i < g.gl_pathc && found < 0; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		bool ours = false;

		while (f && fgets(line, sizeof(line), f)) {
			if (!strncmp(line, "file of ", 8))
				ours = strstr(line, want) != NULL;
			else if (ours && !strncmp(line, handle, strlen(handle)))
				found = strstr(line, " evicted") != NULL;
		}
		if (f)
			fclose(f);
	}
	globfree(&g);
	return found;
}

/*
 * MMUv1: every client's buffers share one 2 GiB space per core, and
 * mappings no job holds are evicted, least recently used first, when it
 * fills. A destination and a source used once, then jobs that reference
 * 2 GiB of read-only userptr objects (over the same 4 MiB, which cost
 * nothing), then the first two used again: they must be mapped again
 * before the job runs. The blit must land in them, every byte as the
 * reference, and the filler memory (which the old addresses now reach)
 * must be untouched.
 */
static void test_evicted_reused(void)
{
	static struct etnaviv_bo *fill[FILL_OBJECTS];
	struct buf dst = { 0 }, src = { 0 };
	uint32_t *mem;
	int status = 1, evicted = -1, ret = 0;
	unsigned int i, j, n = 0;
	bool ok;

	if (mmu_v2)
		return;
	ok = buf_new(&dst, WC) && buf_new(&src, UNCACHED) &&
	     run(&dst, &src, &status, true);
	if (ok && status != 1)
		ok = fail("first job: fence status %d", status);
	mem = mmap(NULL, FILL_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (ok && mem == MAP_FAILED)
		ok = fail("mmap: %s", strerror(errno));
	for (i = 0; ok && i < FILL_SIZE / 4; i++)
		mem[i] = i ^ 0x5a5a0000u;
	for (; ok && n < FILL_OBJECTS; n++) {
		fill[n] = etnaviv_bo_from_user(dev, mem, FILL_SIZE,
					       ETNAVIV_USERPTR_READ);
		ok = fill[n] || fail("USERPTR %u: %s", n, strerror(errno));
	}
	for (i = 0; ok && !ret && i < FILL_OBJECTS / FILL_PER_JOB; i++) {
		for (j = 0; j < FILL_PER_JOB; j++)
			etnaviv_emit_state_reloc(stream, ETNAVIV_DE_DEST_ADDRESS,
						 fill[i * FILL_PER_JOB + j], 0,
						 ETNAVIV_RELOC_READ);
		ret = etnaviv_cmd_stream_flush_wait(stream, TIMEOUT_NS);
	}
	if (ok && ret)
		ok = fail("filler job %u: %s", i - 1, strerror(-ret));
	if (ok && !upstream) {
		evicted = listed_evicted(dst.bo);
		if (evicted != 1)
			ok = fail("the destination is %s", evicted ?
				  "not listed" : "still mapped");
	}
	if (ok) {
		ok = run(&dst, &src, &status, true);
		if (ok && status != 1)
			ok = fail("fence status %d", status);
	}
	for (i = 0; ok && i < FILL_SIZE / 4; i++)
		if (mem[i] != (i ^ 0x5a5a0000u))
			ok = fail("the filler memory changed at byte %u", i * 4);
	report(ok, "MMUv1: a destination and a source evicted from the "
	       "space and used again: mapped again, the blit lands in them");
	for (i = 0; i < n; i++)
		etnaviv_bo_unref(fill[i]);
	if (mem != MAP_FAILED)
		munmap(mem, FILL_SIZE);
	buf_free(&src);
	buf_free(&dst);
}

/* A read-only userptr as the destination (see the top of the file). */
static void test_read_only_destination(void)
{
	bool protect = mmu_v2 && !upstream, ok;
	unsigned long long faults = model_mmu_faults();
	struct buf dst, src;
	int status;

	ok = buf_new(&dst, USERPTR_RO) && buf_new(&src, UNCACHED);
	if (ok) {
		ok = run(&dst, &src, &status, !protect);
		if (ok && status != (protect ? -EFAULT : 1))
			ok = fail("fence status %d, expected %d", status,
				  protect ? -EFAULT : 1);
		if (ok && protect && model_mmu_faults() == faults)
			ok = fail("the model counted no MMU fault");
	}
	report(ok, protect ?
	       "read-only userptr as destination: -EFAULT, memory untouched" :
	       mmu_v2 ?
	       "read-only userptr as destination: written (upstream maps it writable)" :
	       "read-only userptr as destination: written (MMUv1 has no write protection)");
	buf_free(&src);
	buf_free(&dst);
}

int main(void)
{
	static const enum kind kinds[] = { CACHED, WC, USERPTR, VGEM };
	struct etnaviv_pipe *pipe;
	struct etnaviv_gpu *gpu;
	unsigned long long faults;
	unsigned int i;
	int core;

	upstream = is_upstream();
	dev = etnaviv_device_open(NULL);
	if (!dev) {
		printf("FAIL: datapath: open: %s\n", strerror(errno));
		return 1;
	}
	core = etnaviv_gpu_find(dev, ETNAVIV_PIPE_2D);
	gpu = core >= 0 ? etnaviv_gpu_open(dev, core) : NULL;
	pipe = gpu ? etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) : NULL;
	stream = pipe ? etnaviv_cmd_stream_new(pipe, 0) : NULL;
	if (!stream) {
		printf("FAIL: datapath: no 2D pipe\n");
		return 1;
	}
	mmu_v2 = etnaviv_gpu_info(gpu)->features[2] & ETNAVIV_MINOR1_MMU_V2;
	printf("datapath: core %d GC%x, MMU%s, %s driver\n", core,
	       etnaviv_gpu_info(gpu)->model, mmu_v2 ? "v2" : "v1",
	       upstream ? "upstream" : "our");
	{
		char node[32], err[600];

		vgem_fd = vgem_open(node, sizeof(node), err, sizeof(err));
		report(vgem_fd >= 0 || fail("%s", err),
		       "vgem loaded and opened");
	}

	faults = model_mmu_faults();
	test_pair(UNCACHED, UNCACHED);
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		test_pair(UNCACHED, kinds[i]);
		test_pair(kinds[i], UNCACHED);
		test_pair(kinds[i], kinds[i]);
	}
	test_pair(USERPTR, USERPTR_RO);
	test_userptr_alias();
	test_evicted_reused();
	report(model_mmu_faults() == faults ||
	       fail("%llu MMU faults", model_mmu_faults() - faults),
	       "no MMU fault on any of these");
	test_read_only_destination();

	if (vgem_fd >= 0)
		close(vgem_fd);
	etnaviv_cmd_stream_del(stream);
	etnaviv_pipe_del(pipe);
	etnaviv_gpu_close(gpu);
	etnaviv_device_close(dev);
	printf("datapath: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
