// SPDX-License-Identifier: MIT
/*
 * lib-unit: libetnaviv without a GPU. The program defines ioctl() itself:
 * on the fake device's descriptor it plays a small etnaviv kernel (two
 * cores, GEM handles, a submit that records what it got); on any other
 * descriptor it passes the call on to the kernel.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/etnaviv_drm.h>

#include "etnaviv.h"
#include "etnaviv_2d.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))
#define FAKE_SIZE	(64u << 20)
#define BO_STRIDE	(1u << 20)	/* fake mmap offset per handle */

static unsigned int nr_failed, nr_passed;

static void check(bool ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		printf("PASS: lib/%s\n", name);
		nr_passed++;
		return;
	}
	printf("FAIL: lib/%s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	nr_failed++;
}

/* ---- the fake kernel ---------------------------------------------------- */

static int fake_fd = -1;
static uint32_t next_handle = 1, fence_seqno, signalled;
static unsigned int nr_closes;
static uint32_t last_close;

static struct {
	struct drm_etnaviv_gem_submit req;
	struct drm_etnaviv_gem_submit_bo bos[16];
	struct drm_etnaviv_gem_submit_reloc relocs[64];
	uint32_t words[4096];
	unsigned int count;
} sub;

static int fake_param(struct drm_etnaviv_param *p)
{
	static const uint64_t cores[2][4] = {
		/* model, revision, features, minor0 */
		{ 0x2000, 0x5108, 0xe0296cad, 0xc9799eff },
		{ 0x320, 0x5007, 0xe02c7eca, 0xc1399eff },
	};

	if (p->pipe >= ETNA_MAX_PIPES)
		return -EINVAL;
	if (p->pipe >= 2)
		return -ENXIO;
	switch (p->param) {
	case ETNAVIV_PARAM_GPU_MODEL:
	case ETNAVIV_PARAM_GPU_REVISION:
	case ETNAVIV_PARAM_GPU_FEATURES_0:
	case ETNAVIV_PARAM_GPU_FEATURES_1:
		p->value = cores[p->pipe][p->param - 1];
		return 0;
	case ETNAVIV_PARAM_SOFTPIN_START_ADDR:
		p->value = ~0ull;
		return 0;
	case ETNAVIV_PARAM_GPU_NUM_CONSTANTS:
		return -EINVAL;		/* an older kernel, say */
	}
	if (p->param <= ETNAVIV_PARAM_GPU_ECO_ID) {
		p->value = p->param;
		return 0;
	}
	return -EINVAL;
}

static int fake_submit(struct drm_etnaviv_gem_submit *req)
{
	if (req->nr_bos > ARRAY_LEN(sub.bos) ||
	    req->nr_relocs > ARRAY_LEN(sub.relocs) ||
	    req->stream_size > sizeof(sub.words) || (req->stream_size & 7))
		return -EINVAL;
	sub.req = *req;
	if (req->nr_bos)
		memcpy(sub.bos, (void *)(uintptr_t)req->bos,
		       req->nr_bos * sizeof(sub.bos[0]));
	if (req->nr_relocs)
		memcpy(sub.relocs, (void *)(uintptr_t)req->relocs,
		       req->nr_relocs * sizeof(sub.relocs[0]));
	memcpy(sub.words, (void *)(uintptr_t)req->stream, req->stream_size);
	sub.count++;
	req->fence = ++fence_seqno;
	if (req->flags & ETNA_SUBMIT_FENCE_FD_OUT)
		req->fence_fd = 1000 + req->fence;
	return 0;
}

static int fake_ioctl(unsigned long req, void *arg)
{
	switch (req) {
	case DRM_IOCTL_ETNAVIV_GET_PARAM:
		return fake_param(arg);
	case DRM_IOCTL_ETNAVIV_GEM_NEW: {
		struct drm_etnaviv_gem_new *r = arg;

		if (r->size > BO_STRIDE || !(r->flags & ETNA_BO_CACHE_MASK))
			return -EINVAL;
		r->handle = next_handle++;
		return 0;
	}
	case DRM_IOCTL_ETNAVIV_GEM_INFO: {
		struct drm_etnaviv_gem_info *r = arg;

		r->offset = (uint64_t)r->handle * BO_STRIDE;
		return r->offset < FAKE_SIZE ? 0 : -ENOENT;
	}
	case DRM_IOCTL_GEM_CLOSE:
		nr_closes++;
		last_close = ((struct drm_gem_close *)arg)->handle;
		return 0;
	case DRM_IOCTL_ETNAVIV_GEM_SUBMIT:
		return fake_submit(arg);
	case DRM_IOCTL_ETNAVIV_WAIT_FENCE: {
		struct drm_etnaviv_wait_fence *r = arg;

		if (r->fence <= signalled)
			return 0;
		return r->flags & ETNA_WAIT_NONBLOCK ? -EBUSY : -ETIMEDOUT;
	}
	case DRM_IOCTL_PRIME_FD_TO_HANDLE:
		((struct drm_prime_handle *)arg)->handle = 77;
		return 0;
	case DRM_IOCTL_ETNAVIV_GEM_CPU_PREP:
	case DRM_IOCTL_ETNAVIV_GEM_CPU_FINI:
		return 0;
	}
	return -ENOTTY;
}

int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != fake_fd || fd < 0)
		return syscall(SYS_ioctl, fd, req, arg);
	ret = fake_ioctl(req, arg);
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}

/* ---- stream parsing ----------------------------------------------------- */

/*
 * Walk the commands of a stream: the value last loaded into state @addr
 * (-1 if none), and whether the stream is well formed (64-bit aligned
 * commands, known opcodes).
 */
static int64_t state_value(const uint32_t *w, unsigned int n, uint32_t addr,
			   bool *ok, unsigned int *draws)
{
	int64_t value = -1;
	unsigned int i = 0, count;

	*ok = true;
	if (draws)
		*draws = 0;
	while (i < n) {
		uint32_t op = w[i] >> 27;

		if (op == 1) {
			uint32_t first = (w[i] & 0xffff) << 2;

			count = w[i] >> 16 & 0x3ff;
			if (!count)
				count = 1024;
			if (addr >= first && addr < first + count * 4 &&
			    i + 1 + (addr - first) / 4 < n)
				value = w[i + 1 + (addr - first) / 4];
			i += 1 + count + !(count & 1);
		} else if (op == 4) {
			count = w[i] >> 8 & 0xff;
			if (!count)
				count = 256;
			i += 2 + 2 * count;
			if (draws)
				(*draws)++;
		} else if (op == 3 && !(w[i] & 0x07ffffff)) {
			i += 2;		/* NOP */
		} else {
			*ok = false;
			return value;
		}
	}
	if (i != n || (n & 1))
		*ok = false;
	return value;
}

/* ---- the tests ---------------------------------------------------------- */

static void test_device_errors(void)
{
	struct etnaviv_device *dev;

	errno = 0;
	dev = etnaviv_device_wrap(-1);
	check(!dev && errno == EBADF, "wrap a bad fd", "%p errno %d", dev,
	      errno);
	dev = etnaviv_device_open("/nonexistent/renderD128");
	check(!dev && errno == ENOENT, "open a missing node", "errno %d",
	      errno);
	dev = etnaviv_device_open("/dev/null");
	check(!dev && errno == ENODEV, "open a node that is not etnaviv",
	      "errno %d", errno);
	dev = etnaviv_device_wrap(dup(2));
	if (dev) {
		struct etnaviv_gpu *gpu = etnaviv_gpu_open(dev, 0);

		check(!gpu && errno == ENOTTY, "gpu on a non-DRM fd",
		      "errno %d", errno);
		check(etnaviv_gpu_find(dev, ETNAVIV_PIPE_2D) == -ENODEV,
		      "find on a non-DRM fd", "found one");
		close(etnaviv_device_fd(dev));
		etnaviv_device_close(dev);
	}
}

static void test_gpu(struct etnaviv_device *dev)
{
	struct etnaviv_gpu *gpu = etnaviv_gpu_open(dev, 1);
	const struct etnaviv_gpu_info *in;
	uint64_t v = 0;

	if (!gpu) {
		check(false, "gpu open", "%s", strerror(errno));
		return;
	}
	in = etnaviv_gpu_info(gpu);
	check(in->model == 0x320 && in->revision == 0x5007 &&
	      in->features[0] == 0xe02c7eca && in->features[1] == 0xc1399eff,
	      "gpu identity", "GC%x rev %x", in->model, in->revision);
	check(in->stream_count == ETNAVIV_PARAM_GPU_STREAM_COUNT &&
	      in->num_varyings == ETNAVIV_PARAM_GPU_NUM_VARYINGS &&
	      in->num_constants == 0 && in->softpin_start == ~0ull,
	      "gpu specs (a missing one reads 0)", "streams %u constants %u",
	      in->stream_count, in->num_constants);
	check(etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_2D) &&
	      !etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_3D), "gpu pipes",
	      "wrong");
	check(!etnaviv_gpu_param(gpu, ETNAVIV_GPU_ECO_ID, &v) &&
	      v == ETNAVIV_GPU_ECO_ID &&
	      etnaviv_gpu_param(gpu, 0x99, &v) == -EINVAL, "gpu param",
	      "value %llu", (unsigned long long)v);
	etnaviv_gpu_close(gpu);
	gpu = etnaviv_gpu_open(dev, 2);
	check(!gpu && errno == ENXIO, "gpu hole is ENXIO", "errno %d", errno);
	gpu = etnaviv_gpu_open(dev, 7);
	check(!gpu && errno == EINVAL, "gpu index out of range", "errno %d",
	      errno);
	check(etnaviv_gpu_find(dev, ETNAVIV_PIPE_2D) == 1 &&
	      etnaviv_gpu_find(dev, ETNAVIV_PIPE_3D) == 0 &&
	      etnaviv_gpu_find(dev, ETNAVIV_PIPE_VG) == -ENODEV, "gpu find",
	      "wrong core");
	gpu = etnaviv_gpu_open(dev, 0);
	check(gpu && !etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) && errno == ENODEV,
	      "pipe the core lacks", "errno %d", errno);
	etnaviv_gpu_close(gpu);
}

static void test_bo(struct etnaviv_device *dev)
{
	struct etnaviv_bo *a, *b, *c, *d;
	uint32_t *p;
	unsigned int closes;

	check(!etnaviv_bo_new(dev, 0, ETNAVIV_BO_WC) && errno == EINVAL,
	      "bo of size 0", "errno %d", errno);
	check(!etnaviv_bo_new(dev, 4096, 0) && errno == EINVAL,
	      "bo without cache mode", "errno %d", errno);
	a = etnaviv_bo_new(dev, 8192, ETNAVIV_BO_WC);
	if (!a) {
		check(false, "bo new", "%s", strerror(errno));
		return;
	}
	check(etnaviv_bo_size(a) == 8192 && etnaviv_bo_handle(a), "bo new",
	      "size %llu", (unsigned long long)etnaviv_bo_size(a));
	p = etnaviv_bo_map(a);
	check(p && p == etnaviv_bo_map(a), "bo map (once)", "%p", (void *)p);
	if (p)
		p[2047] = 0xdeadbeef;
	b = etnaviv_bo_from_handle(dev, etnaviv_bo_handle(a), 8192);
	check(a == b, "bo from a known handle is shared", "%p %p", (void *)a,
	      (void *)b);
	c = etnaviv_bo_import(dev, -1);
	check(!c && errno == EBADF, "import a bad fd", "errno %d", errno);
	d = NULL;
	{
		int fd = memfd_create("dmabuf", 0);

		if (fd >= 0 && !ftruncate(fd, 12288)) {
			c = etnaviv_bo_import(dev, fd);
			d = etnaviv_bo_import(dev, fd);
		}
		check(c && c == d && etnaviv_bo_size(c) == 12288,
		      "import twice: one bo", "%p %p", (void *)c, (void *)d);
		if (fd >= 0)
			close(fd);
	}
	closes = nr_closes;
	etnaviv_bo_unref(b);
	check(nr_closes == closes, "unref with references left keeps it",
	      "closed");
	etnaviv_bo_unref(a);
	check(nr_closes == closes + 1, "last unref closes the handle",
	      "%u closes", nr_closes - closes);
	etnaviv_bo_unref(d);
	etnaviv_bo_unref(c);
	check(nr_closes == closes + 2 && last_close == 77,
	      "imported bo closes its handle once", "%u closes",
	      nr_closes - closes);
	a = etnaviv_bo_new(dev, 4096, ETNAVIV_BO_CACHED);
	check(a && !etnaviv_bo_cpu_prep(a, ETNAVIV_PREP_READ, 1000) &&
	      !etnaviv_bo_cpu_fini(a), "cpu prep and fini", "failed");
	etnaviv_bo_unref(a);
	etnaviv_bo_unref(NULL);
}

static void test_stream(struct etnaviv_pipe *pipe, struct etnaviv_device *dev)
{
	struct etnaviv_cmd_stream *s = etnaviv_cmd_stream_new(pipe, 4);
	struct etnaviv_bo *a = etnaviv_bo_new(dev, 4096, ETNAVIV_BO_WC);
	struct etnaviv_bo *b = etnaviv_bo_new(dev, 4096, ETNAVIV_BO_WC);
	struct etnaviv_flush_args args = { .in_fence_fd = 5,
					   .want_fence_fd = true };
	const uint32_t *w;
	uint32_t flags = 0, fence = 0, vals[2] = { 7, 8 };
	unsigned int i, closes;
	bool ok;

	if (!s || !a || !b) {
		check(false, "stream setup", "%s", strerror(errno));
		return;
	}
	for (i = 0; i < 100000; i++)
		etnaviv_emit(s, i);
	w = etnaviv_cmd_stream_words(s);
	ok = etnaviv_cmd_stream_size(s) == 100000;
	for (i = 0; ok && i < 100000; i++)
		ok = w[i] == i;
	check(ok && !etnaviv_cmd_stream_error(s), "stream grows from 4 words",
	      "size %u", etnaviv_cmd_stream_size(s));
	etnaviv_cmd_stream_reset(s);
	check(etnaviv_cmd_stream_flush(s, &fence) == -ENODATA,
	      "empty stream flush is ENODATA", "submitted");

	etnaviv_emit(s, ETNAVIV_CMD_NOP);
	etnaviv_emit_state(s, 0x1234, 5);
	etnaviv_emit_load_state(s, 0x1200, vals, 2);
	w = etnaviv_cmd_stream_words(s);
	check(etnaviv_cmd_stream_size(s) == 8 && w[1] == 0 &&
	      w[2] == 0x0801048d && w[3] == 5 && w[4] == 0x08020480 &&
	      w[5] == 7 && w[6] == 8 && w[7] == 0, "load state words",
	      "size %u: %08x %08x %08x", etnaviv_cmd_stream_size(s), w[2],
	      w[3], w[4]);
	etnaviv_cmd_stream_reset(s);

	etnaviv_emit_load_state(s, 0x1200, vals, 0);
	check(etnaviv_cmd_stream_error(s) == -EINVAL &&
	      etnaviv_cmd_stream_flush(s, NULL) == -EINVAL &&
	      !etnaviv_cmd_stream_error(s) && !etnaviv_cmd_stream_size(s),
	      "bad load state: the flush fails and resets", "error %d",
	      etnaviv_cmd_stream_error(s));
	etnaviv_emit_reloc(s, a, 0, 0x80);
	check(etnaviv_cmd_stream_error(s) == -EINVAL, "reloc with bad flags",
	      "error %d", etnaviv_cmd_stream_error(s));
	etnaviv_cmd_stream_reset(s);
	etnaviv_emit_reloc(s, a, 4096, ETNAVIV_RELOC_READ);
	check(etnaviv_cmd_stream_error(s) == -EINVAL,
	      "reloc beyond the bo", "error %d", etnaviv_cmd_stream_error(s));
	etnaviv_cmd_stream_reset(s);

	etnaviv_emit_state_reloc(s, 0x1200, a, 0, ETNAVIV_RELOC_READ);
	etnaviv_emit_state_reloc(s, 0x1228, b, 64, ETNAVIV_RELOC_WRITE);
	etnaviv_emit_state_reloc(s, 0x1200, a, 128, ETNAVIV_RELOC_WRITE);
	etnaviv_emit_state_reloc(s, 0x1200, a, 256, ETNAVIV_RELOC_READ);
	check(etnaviv_cmd_stream_nr_relocs(s) == 4 &&
	      etnaviv_cmd_stream_nr_bos(s) == 2 &&
	      etnaviv_cmd_stream_bo_index(s, a, &flags) == 0 &&
	      flags == (ETNAVIV_RELOC_READ | ETNAVIV_RELOC_WRITE) &&
	      etnaviv_cmd_stream_bo_index(s, b, NULL) == 1,
	      "relocs: one bo entry per bo, flags merged", "%u relocs %u bos",
	      etnaviv_cmd_stream_nr_relocs(s), etnaviv_cmd_stream_nr_bos(s));
	closes = nr_closes;
	etnaviv_bo_unref(b);	/* the stream still holds it */
	check(nr_closes == closes, "the stream holds its bos", "closed");
	sub.count = 0;
	check(!etnaviv_cmd_stream_flush_ext(s, &args) && sub.count == 1,
	      "flush submits", "count %u", sub.count);
	check(nr_closes == closes + 1, "the flush drops the stream's bos",
	      "%u closes", nr_closes - closes);
	check(sub.req.pipe == 1 && sub.req.exec_state == ETNA_PIPE_2D &&
	      sub.req.nr_bos == 2 && sub.req.nr_relocs == 4 &&
	      sub.req.stream_size == 32 &&
	      sub.bos[0].flags == (ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE) &&
	      sub.bos[1].flags == ETNA_SUBMIT_BO_WRITE &&
	      sub.bos[0].handle == etnaviv_bo_handle(a),
	      "submit: pipe, exec state, bo list", "pipe %u exec %u bos %u",
	      sub.req.pipe, sub.req.exec_state, sub.req.nr_bos);
	check(sub.relocs[0].submit_offset == 4 && sub.relocs[0].reloc_idx == 0 &&
	      sub.relocs[1].submit_offset == 12 && sub.relocs[1].reloc_idx == 1 &&
	      sub.relocs[1].reloc_offset == 64 &&
	      sub.relocs[3].reloc_offset == 256 && !sub.relocs[2].flags &&
	      sub.words[0] == 0x08010480 && sub.words[2] == 0x0801048a,
	      "submit: relocs", "offset %u idx %u", sub.relocs[1].submit_offset,
	      sub.relocs[1].reloc_idx);
	check((sub.req.flags & ETNA_SUBMIT_FENCE_FD_IN) &&
	      (sub.req.flags & ETNA_SUBMIT_FENCE_FD_OUT) &&
	      args.out_fence_fd == (int)(1000 + args.fence) && args.fence,
	      "submit: in and out fence fds", "flags %x fd %d", sub.req.flags,
	      args.out_fence_fd);
	check(!etnaviv_cmd_stream_size(s) && !etnaviv_cmd_stream_nr_bos(s) &&
	      !etnaviv_cmd_stream_nr_relocs(s), "flush resets the stream",
	      "not empty");

	etnaviv_emit(s, ETNAVIV_CMD_NOP);
	check(!etnaviv_cmd_stream_flush(s, &fence) && fence == fence_seqno &&
	      sub.req.stream_size == 8 && !(sub.req.flags & ETNA_SUBMIT_FLAGS),
	      "odd stream padded to 64 bits", "size %u", sub.req.stream_size);
	check(etnaviv_pipe_wait(pipe, fence, 0) == -ETIMEDOUT,
	      "wait on a pending fence, no timeout", "not ETIMEDOUT");
	check(etnaviv_pipe_wait(pipe, fence, 1000) == -ETIMEDOUT,
	      "wait on a pending fence times out", "not ETIMEDOUT");
	signalled = fence;
	check(!etnaviv_pipe_wait(pipe, fence, 0), "wait on a signalled fence",
	      "failed");
	etnaviv_emit(s, ETNAVIV_CMD_NOP);
	signalled = fence + 1;
	check(!etnaviv_cmd_stream_flush_wait(s, 1000000), "flush and wait",
	      "failed");
	etnaviv_cmd_stream_del(s);
	etnaviv_bo_unref(a);

	s = etnaviv_cmd_stream_new(NULL, 0);
	etnaviv_emit(s, ETNAVIV_CMD_NOP);
	check(s && etnaviv_cmd_stream_flush(s, NULL) == -ENODEV,
	      "a stream without pipe builds but does not submit", "submitted");
	etnaviv_cmd_stream_del(s);
}

static void test_2d(struct etnaviv_pipe *pipe, struct etnaviv_device *dev)
{
	struct etnaviv_cmd_stream *s = etnaviv_cmd_stream_new(pipe, 0);
	struct etnaviv_bo *bo = etnaviv_bo_new(dev, 64 * 1024, ETNAVIV_BO_WC);
	struct etnaviv_bo *sbo = etnaviv_bo_new(dev, 4096, ETNAVIV_BO_WC);
	struct etnaviv_2d_surface dst = {
		.bo = bo, .stride = 400, .format = ETNAVIV_2D_A8R8G8B8,
		.width = 100, .height = 100,
	};
	struct etnaviv_2d_surface src = {
		.bo = sbo, .stride = 64, .format = ETNAVIV_2D_R5G6B5,
		.width = 32, .height = 32,
	};
	struct etnaviv_2d_surface bad;
	struct etnaviv_2d_rect r = { 10, 20, 30, 40 }, clip = { 15, 0, 200, 25 };
	struct etnaviv_2d_rect sr = { 0, 0, 16, 16 };
	const uint32_t *w;
	unsigned int n, draws = 0;
	int64_t value;
	uint32_t flags;
	bool ok = false;

	if (!s || !bo || !sbo) {
		check(false, "2d setup", "%s", strerror(errno));
		return;
	}
	check(!etnaviv_2d_clear(s, &dst, &r, 0xff102030, &clip), "2d clear",
	      "failed");
	w = etnaviv_cmd_stream_words(s);
	n = etnaviv_cmd_stream_size(s);
	value = state_value(w, n, ETNAVIV_DE_DEST_CONFIG, &ok, &draws);
	check(value == 6 && ok && draws == 1,
	      "2d clear: DEST_CONFIG A8R8G8B8, CLEAR",
	      "value %lld well-formed %d draws %u", (long long)value, ok, draws);
	check(state_value(w, n, ETNAVIV_DE_CLEAR_PIXEL_VALUE32, &ok, NULL) ==
	      0xff102030 &&
	      state_value(w, n, ETNAVIV_DE_CLEAR_PIXEL_LOW, &ok, NULL) ==
	      0xff102030 &&
	      state_value(w, n, ETNAVIV_DE_CLEAR_BYTE_MASK, &ok, NULL) == 0xff,
	      "2d clear: PE20 and PE10 colours", "wrong");
	check(state_value(w, n, ETNAVIV_DE_CLIP_TOP_LEFT, &ok, NULL) ==
	      15 &&
	      state_value(w, n, ETNAVIV_DE_CLIP_BOTTOM_RIGHT, &ok, NULL) ==
	      (25u << 16 | 100), "2d clear: clip within the surface", "wrong");
	check(state_value(w, n, ETNAVIV_GL_FLUSH_CACHE, &ok, NULL) == 8 &&
	      w[n - 2] == ETNAVIV_CMD_LOAD_STATE(0x380c, 1) &&
	      w[n - 6] == 0x20000100 && w[n - 4] == (20u << 16 | 10) &&
	      w[n - 3] == (40u << 16 | 30), "2d clear: DRAW_2D then the flush",
	      "%08x %08x", w[n - 6], w[n - 2]);
	check(etnaviv_cmd_stream_nr_relocs(s) == 1 &&
	      etnaviv_cmd_stream_bo_index(s, bo, &flags) == 0 &&
	      flags == (ETNAVIV_RELOC_READ | ETNAVIV_RELOC_WRITE),
	      "2d clear: the destination is relocated", "%u relocs",
	      etnaviv_cmd_stream_nr_relocs(s));
	etnaviv_cmd_stream_reset(s);

	etnaviv_2d_clear(s, &src, &sr, 0xffff8040, NULL);
	w = etnaviv_cmd_stream_words(s);
	n = etnaviv_cmd_stream_size(s);
	check(etnaviv_2d_pack(ETNAVIV_2D_R5G6B5, 0xffff8040) == 0xfc08 &&
	      state_value(w, n, ETNAVIV_DE_CLEAR_PIXEL_LOW, &ok, NULL) ==
	      0xfc08fc08, "2d clear R5G6B5: PE10 pattern of two pixels",
	      "pack %x", etnaviv_2d_pack(ETNAVIV_2D_R5G6B5, 0xffff8040));
	etnaviv_cmd_stream_reset(s);

	check(!etnaviv_2d_blit(s, &dst, &r, &src, 3, 4,
			       ETNAVIV_2D_ROP3(0x66u), 0x11223344, NULL),
	      "2d blit", "failed");
	w = etnaviv_cmd_stream_words(s);
	n = etnaviv_cmd_stream_size(s);
	check(state_value(w, n, ETNAVIV_DE_SRC_CONFIG, &ok, NULL) ==
	      (4u << 24 | 4) &&
	      state_value(w, n, ETNAVIV_DE_SRC_ORIGIN, &ok, NULL) ==
	      (4u << 16 | 3) &&
	      state_value(w, n, ETNAVIV_DE_ROP, &ok, NULL) == 0x206666 &&
	      state_value(w, n, ETNAVIV_DE_DEST_CONFIG, &ok, NULL) ==
	      (6 | 2u << 12) &&
	      state_value(w, n, ETNAVIV_DE_PATTERN_FG_COLOR, &ok, NULL) ==
	      0x11223344 && ok, "2d blit: source, ROP, pattern, command",
	      "wrong");
	check(etnaviv_cmd_stream_nr_relocs(s) == 2 &&
	      etnaviv_cmd_stream_bo_index(s, sbo, &flags) == 1 &&
	      flags == ETNAVIV_RELOC_READ, "2d blit: the source is read",
	      "flags %x", flags);
	etnaviv_cmd_stream_reset(s);

	check(!etnaviv_2d_stretch(s, &dst, &(struct etnaviv_2d_rect){ 0, 0, 80,
							       80 }, &src,
				  &sr, NULL), "2d stretch", "failed");
	w = etnaviv_cmd_stream_words(s);
	n = etnaviv_cmd_stream_size(s);
	check(state_value(w, n, ETNAVIV_DE_STRETCH_FACTOR_LOW, &ok, NULL) ==
	      (15u << 16) / 79 &&
	      state_value(w, n, ETNAVIV_DE_DEST_CONFIG, &ok, NULL) ==
	      (6 | 4u << 12) && etnaviv_2d_stretch_factor(5, 1) == 0,
	      "2d stretch: factors and command", "wrong");
	etnaviv_cmd_stream_reset(s);

	check(!etnaviv_2d_line(s, &dst, 90, 5, 3, 60, 0xffffffff,
			       ETNAVIV_2D_ROP_PATTERN, NULL), "2d line",
	      "failed");
	w = etnaviv_cmd_stream_words(s);
	n = etnaviv_cmd_stream_size(s);
	check(state_value(w, n, ETNAVIV_DE_DEST_CONFIG, &ok, NULL) ==
	      (6 | 1u << 12) && w[n - 4] == (5u << 16 | 90) &&
	      w[n - 3] == (60u << 16 | 3), "2d line: command and end points",
	      "wrong");
	etnaviv_cmd_stream_reset(s);

	bad = dst;
	bad.format = 9;
	check(etnaviv_2d_clear(s, &bad, &r, 0, NULL) == -EINVAL,
	      "2d: unknown format", "accepted");
	bad = dst;
	bad.stride = 399;
	check(etnaviv_2d_clear(s, &bad, &r, 0, NULL) == -EINVAL,
	      "2d: stride shorter than a line", "accepted");
	bad = dst;
	bad.height = 200;
	check(etnaviv_2d_clear(s, &bad, &r, 0, NULL) == -EINVAL,
	      "2d: surface larger than its bo", "accepted");
	check(etnaviv_2d_clear(s, &dst, &(struct etnaviv_2d_rect){ -1, 0, 5, 5 },
			       0, NULL) == -EINVAL, "2d: negative rectangle",
	      "accepted");
	check(etnaviv_2d_blit(s, &dst, &r, &src, 20, 0, ETNAVIV_2D_ROP_COPY, 0,
			      NULL) == -EINVAL, "2d: blit source outside",
	      "accepted");
	check(etnaviv_2d_stretch(s, &dst, &r, &src,
				 &(struct etnaviv_2d_rect){ 0, 0, 33, 4 },
				 NULL) == -EINVAL, "2d: stretch source outside",
	      "accepted");
	check(!etnaviv_2d_clear(s, &dst, &(struct etnaviv_2d_rect){ 5, 5, 5, 9 },
				0, NULL) &&
	      !etnaviv_2d_clear(s, &dst, &r, 0,
				&(struct etnaviv_2d_rect){ 50, 50, 60, 60 }) &&
	      !etnaviv_2d_line(s, &dst, 4, 4, 4, 4, 0, 0, NULL),
	      "2d: empty operations succeed", "failed");
	check(!etnaviv_cmd_stream_size(s) && !etnaviv_cmd_stream_error(s),
	      "2d: rejected and empty operations emit nothing", "%u words",
	      etnaviv_cmd_stream_size(s));
	etnaviv_cmd_stream_del(s);
	etnaviv_bo_unref(bo);
	etnaviv_bo_unref(sbo);
}

int main(void)
{
	struct etnaviv_device *dev;
	struct etnaviv_pipe *pipe;
	struct etnaviv_gpu *gpu;

	fake_fd = memfd_create("fake-etnaviv", 0);
	if (fake_fd < 0 || ftruncate(fake_fd, FAKE_SIZE)) {
		printf("FAIL: lib/setup: memfd: %s\n", strerror(errno));
		return 1;
	}
	test_device_errors();
	dev = etnaviv_device_wrap(fake_fd);
	check(dev && etnaviv_device_fd(dev) == fake_fd &&
	      !*etnaviv_device_path(dev), "wrap", "%p", (void *)dev);
	if (!dev)
		return 1;
	test_gpu(dev);
	test_bo(dev);
	gpu = etnaviv_gpu_open(dev, 1);
	pipe = gpu ? etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) : NULL;
	if (!pipe) {
		printf("FAIL: lib/pipe: %s\n", strerror(errno));
		return 1;
	}
	check(etnaviv_pipe_gpu(pipe) == gpu &&
	      etnaviv_pipe_id(pipe) == ETNAVIV_PIPE_2D, "pipe", "wrong");
	test_stream(pipe, dev);
	test_2d(pipe, dev);
	etnaviv_pipe_del(pipe);
	etnaviv_gpu_close(gpu);
	etnaviv_device_close(dev);
	check(fcntl(fake_fd, F_GETFD) >= 0, "a wrapped fd stays open",
	      "closed");
	close(fake_fd);
	printf("lib-unit: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
