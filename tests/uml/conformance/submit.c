// SPDX-License-Identifier: MIT
/* conformance: GEM_SUBMIT: softpin, arguments, the three argument sizes */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: softpin (MMUv2 only) */

#define PIN_VA	0x10000000u	/* above SOFTPIN_START_ADDR on both drivers */

/* A submit of a NOP with @handle softpinned at @va. */
static bool pin_expect2(const struct engine *e, uint32_t handle, uint64_t va,
			bool with_reloc, int want_ours, int want_up,
			const char *note, const char *name)
{
	static const uint32_t s[] = {
		ETNA_CMD_LOAD_STATE(ST_FE_PRIM_RESTART, 1), 0, ETNA_CMD_NOP, 0,
	};
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = handle, .presumed = va,
	};
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit req;

	req = sub_init(e, s, ARRAY_SIZE(s), &bo, 1, &r, with_reloc);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	return sub_expect2(e, &req, want_ours, want_up, note, "%s", name);
}

#define pin_expect(e, h, va, want, name) \
	pin_expect2(e, h, va, false, want, want, NULL, name)

void test_submit_softpin(const struct engine *e)
{
	uint64_t start = 0;
	uint32_t a, b, big;
	bool ok;

	if (e->mmuv1)
		return;
	ok = !etna_param(fd, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
			 &start) || fail("GET_PARAM failed");
	ok = ok && (start == 0x400000 || fail("start 0x%llx, want 4 MiB",
					       (unsigned long long)start));
	report(ok, "softpin-start-addr/%s (4 MiB)", e->name);
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &a) ||
	    etna_gem_new(fd, 4096, ETNA_BO_WC, &b) ||
	    etna_gem_new(fd, 8192, ETNA_BO_WC, &big)) {
		report(false, "softpin-bos/%s: GEM_NEW failed", e->name);
		return;
	}
	pin_expect2(e, a, PIN_VA, true, -EINVAL, -EINVAL, NULL,
		    "softpin-with-relocs");
	pin_expect(e, a, 0x1000, -EINVAL, "softpin-below-start");
	pin_expect(e, a, start - 4096, -EINVAL, "softpin-start-minus-4KiB");
	pin_expect2(e, a, PIN_VA + 4, false, -EINVAL, -EINVAL, NULL,
		    "softpin-unaligned");
	pin_expect2(e, a, 1ull << 32, false, -EINVAL, -ENOSPC,
		    "beyond the 32-bit space is a bad address, not a full one",
		    "softpin-4GiB");
	pin_expect(e, a, PIN_VA, 0, "softpin");
	pin_expect(e, a, PIN_VA, 0, "softpin-again-same-va");
	/* an idle buffer moves; its old range is free again */
	pin_expect(e, a, PIN_VA + 0x100000, 0, "softpin-moved-when-idle");
	pin_expect(e, b, PIN_VA, 0, "softpin-into-vacated-range");
	pin_expect2(e, b, PIN_VA + 0x100000, false, -ENOSPC, 0,
		    "upstream unmaps the idle buffer already there",
		    "softpin-onto-open-bo");
	/* Mesa's address heap ends at 4 GiB: its top buffer ends there */
	pin_expect(e, big, 0xffffe000u, 0, "softpin-last-8KiB");
	pin_expect(e, big, 0xffffd000u, 0, "softpin-below-last-page");
	etna_gem_close(fd, big);
	etna_gem_close(fd, b);
	etna_gem_close(fd, a);
	/* the closed buffer's range is free again */
	if (!etna_gem_new(fd, 4096, ETNA_BO_WC, &b)) {
		pin_expect(e, b, PIN_VA + 0x100000, 0, "softpin-after-close");
		etna_gem_close(fd, b);
	}
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: arguments */

void test_submit_args(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
	};
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit req;
	uint32_t *big;
	unsigned int i;

#define REQ()	(req = sub_init(e, nop, 2, bos, 1, NULL, 0))

	REQ();
	sub_expect(e, &req, 0, "nop");
	REQ();
	req.stream_size = 0;
	sub_expect(e, &req, 0, "empty-stream");
	REQ();
	req.nr_bos = 0;
	sub_expect(e, &req, 0, "no-bos");
	REQ();
	bos[0].flags = 0;
	sub_expect(e, &req, 0, "bo-flags-0");
	REQ();
	bos[0].flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE;
	sub_expect(e, &req, 0, "bo-flags-read-write");
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	REQ();
	req.flags = ETNA_SUBMIT_NO_IMPLICIT;
	sub_expect(e, &req, 0, "flag-no-implicit");
	REQ();
	req.pad = 0xdeadbeef;
	sub_expect(e, &req, 0, "pad-ignored");

	/* pipes */
	REQ();
	req.pipe = ETNA_MAX_PIPES;
	sub_expect(e, &req, -EINVAL, "pipe-4");
	REQ();
	req.pipe = 0xffffffff;
	sub_expect(e, &req, -EINVAL, "pipe-0xffffffff");
	if (absent_pipe >= 0) {
		REQ();
		req.pipe = absent_pipe;
		sub_expect(e, &req, -ENXIO, "empty-pipe%d", absent_pipe);
		REQ();
		req.pipe = absent_pipe;
		req.stream_size = 6;
		sub_expect(e, &req, -ENXIO,
			   "empty-pipe%d-bad-size (pipe first)", absent_pipe);
	}

	/* sizes, states, flags */
	REQ();
	req.stream_size = 6;
	sub_expect(e, &req, -EINVAL, "stream-size-6");
	REQ();
	req.stream_size = 2;
	sub_expect(e, &req, -EINVAL, "stream-size-2");
	REQ();
	req.exec_state = 3;
	sub_expect(e, &req, -EINVAL, "exec-state-3");
	REQ();
	req.exec_state = 0xffffffff;
	sub_expect(e, &req, -EINVAL, "exec-state-0xffffffff");
	REQ();
	req.exec_state = ETNA_PIPE_VG;
	sub_expect2(e, &req, -EINVAL, 0, "no VG engine is ever bound",
		    "exec-state-vg");
	REQ();
	req.flags = 0x10;
	sub_expect(e, &req, -EINVAL, "flags-0x10");
	REQ();
	req.flags = 0x80000000;
	sub_expect(e, &req, -EINVAL, "flags-0x80000000");
	if (e->mmuv1) {
		REQ();
		req.flags = ETNA_SUBMIT_SOFTPIN;
		sub_expect(e, &req, -EINVAL, "softpin-on-mmuv1");
	}

	/* limits */
	big = calloc(MAX_STREAM / 4 + 2, 4);
	if (big) {
		for (i = 0; i < MAX_STREAM / 4 + 2; i += 2)
			big[i] = ETNA_CMD_NOP;
		req = sub_init(e, big, MAX_STREAM / 4, bos, 1, NULL, 0);
		sub_expect(e, &req, 0, "stream-128KiB");
		req = sub_init(e, big, MAX_STREAM / 4 + 2, bos, 1, NULL, 0);
		sub_expect(e, &req, -EINVAL, "stream-128KiB+8");
		free(big);
	}
	REQ();
	req.nr_relocs = MAX_RELOCS + 1;
	req.relocs = 0;
	sub_expect(e, &req, -EINVAL, "nr-relocs-131073");
	REQ();
	req.nr_relocs = MAX_RELOCS;
	req.relocs = 0;
	sub_expect(e, &req, -EFAULT, "nr-relocs-131072-null (within limit)");
	REQ();
	req.nr_bos = MAX_BOS + 1;
	req.bos = 0;
	sub_expect(e, &req, -EINVAL, "nr-bos-131073");
	REQ();
	req.nr_bos = MAX_BOS;
	req.bos = 0;
	sub_expect(e, &req, -EFAULT, "nr-bos-131072-null (within limit)");
	REQ();
	req.nr_pmrs = MAX_PMRS + 1;
	sub_expect(e, &req, -EINVAL, "nr-pmrs-129");

	/* user pointers */
	REQ();
	req.bos = 0;
	sub_expect(e, &req, -EFAULT, "bos-null");
	REQ();
	req.relocs = 0;
	req.nr_relocs = 1;
	sub_expect(e, &req, -EFAULT, "relocs-null");
	REQ();
	req.stream = 0;
	sub_expect(e, &req, -EFAULT, "stream-null");

	/* buffers */
	REQ();
	bos[0].flags = 0x4;
	sub_expect(e, &req, -EINVAL, "bo-flags-0x4");
	REQ();
	bos[0].flags = 0x80000000;
	sub_expect(e, &req, -EINVAL, "bo-flags-0x80000000");
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	REQ();
	bos[0].handle = 0xdead;
	sub_expect(e, &req, -EINVAL, "bo-unknown-handle");
	REQ();
	bos[0].handle = 0;
	sub_expect(e, &req, -EINVAL, "bo-handle-0");
	bos[0].handle = sbo;
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	sub_expect(e, &req, -EALREADY, "bo-duplicate");
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	req.flags = ETNA_SUBMIT_FENCE_FD_OUT;
	sub_expect(e, &req, -EALREADY, "bo-duplicate-fence-fd-out");
	bos[1].flags = ETNA_SUBMIT_BO_WRITE;
	req = sub_init(e, nop, 2, bos, 2, NULL, 0);
	sub_expect(e, &req, -EALREADY, "bo-duplicate-read-and-write");

	/* a reloc_idx against no buffers at all */
	req = sub_init(e, nop, 2, bos, 0, &r, 1);
	sub_expect(e, &req, -EINVAL, "reloc-idx-0-no-bos");
#undef REQ
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: the three historical argument sizes */

void test_submit_sizes(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	static const unsigned int sizes[] = { 48, 56, 72 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	uint8_t buf[96];
	unsigned int i, j, size;
	unsigned long nr;
	int ret, sfd;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size = sizes[i];
		switch (size) {
		case 48:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[48]);
			break;
		case 56:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[56]);
			break;
		default:
			nr = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT,
				      char[72]);
			break;
		}
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
		req.fence = 0xfffffff0;
		/* 56: ask for an out fence; 72: the whole struct */
		req.flags = size == 56 ? ETNA_SUBMIT_FENCE_FD_OUT : 0;
		req.fence_fd = -1;
		/*
		 * Bytes past @size read as invalid flags and pointers if the
		 * kernel looked at them; they must not be read nor written.
		 */
		memset(buf, 0xa5, sizeof(buf));
		memcpy(buf, &req, size);
		ret = etna_ioctl(fd, nr, buf);
		ok = !ret || fail("SUBMIT(%u bytes) returned %s", size,
				  err_name(ret));
		memcpy(&req, buf, size < sizeof(req) ? size : sizeof(req));
		for (j = size; ok && j < sizeof(buf); j++)
			if (buf[j] != 0xa5)
				ok = fail("byte %u past the struct changed", j);
		if (ok && size == 56) {
			sfd = req.fence_fd;
			if (sfd < 0)
				ok = fail("no fence fd returned");
			else
				close(sfd);
		}
		if (ok && !finish(e->pipe, req.fence, "its fence"))
			ok = false;
		report(ok, "submit-struct-%u-bytes/%s (accepted; %s)", size,
		       e->name, size == 48 ? "bytes past 48 not read" :
		       size == 56 ? "with FENCE_FD_OUT" : "current size");
	}
}
