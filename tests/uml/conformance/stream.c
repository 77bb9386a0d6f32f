// SPDX-License-Identifier: MIT
/*
 * conformance: GEM_SUBMIT: relocations, the command-stream parser,
 * performance-monitor requests
 */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: relocations */

/*
 * Submit @s with the shared buffer and @relocs, expecting @want_ours with
 * our driver and @want_up with upstream's.
 */
static bool __printf(8, 9)
relocs_expect2(const struct engine *e, const uint32_t *s, unsigned int words,
	       struct drm_etnaviv_gem_submit_reloc *relocs,
	       unsigned int nr_relocs, int want_ours, int want_up,
	       const char *fmt, ...)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	char name[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	req = sub_init(e, s, words, &bo, 1, relocs, nr_relocs);
	return sub_expect2(e, &req, want_ours, want_up,
			   want_ours != want_up ?
			   "ours applies relocations first, to address "
			   "states only" : NULL, "%s", name);
}

void test_submit_relocs(const struct engine *e)
{
	uint32_t addr = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_ADDR
						      : ST_FE_INDEX_ADDR;
	uint32_t plain = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_STRIDE
						       : ST_FE_PRIM_RESTART;
	const uint32_t one[] = { ETNA_CMD_LOAD_STATE(addr, 1), 0 };
	const uint32_t two[] = {
		ETNA_CMD_LOAD_STATE(ST_DE_DEST_ADDR, 1), 0,
		ETNA_CMD_LOAD_STATE(ST_PE_DEPTH_ADDR, 1), 0,
	};
	/* DE 0x1220..0x122c: only 0x1228 (payload word 3, byte 12) is one */
	const uint32_t multi[] = {
		ETNA_CMD_LOAD_STATE(ST_DE_STRETCH_FACTOR_LOW, 4), 0, 0, 0, 0, 0,
	};
	const uint32_t plain_then_addr[] = {
		ETNA_CMD_LOAD_STATE(plain, 1), 0,
		ETNA_CMD_LOAD_STATE(addr, 1), 0,
	};
	const uint32_t plain1[] = { ETNA_CMD_LOAD_STATE(plain, 1), 0 };
	const uint32_t nops[] = { ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0 };
	const uint32_t fixp[] = { CMD_LOAD_STATE_FIXP(addr, 1), 0 };
	struct drm_etnaviv_gem_submit_bo bos[2] = {
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = sbo },
		{ .flags = ETNA_SUBMIT_BO_READ },
	};
	struct drm_etnaviv_gem_submit_reloc r[2];
	struct drm_etnaviv_gem_submit req;
	uint32_t h2 = 0;

	/* valid */
	r[0] = reloc_at(4);
	stream_expect2(e, one, 2, r, 1, 0, "reloc-address-state");
	r[0].reloc_offset = BO_SIZE - 4;
	stream_expect2(e, one, 2, r, 1, 0, "reloc-offset-last-word");
	r[0] = reloc_at(12);
	stream_expect2(e, multi, 6, r, 1, 0, "reloc-in-multi-state-load");
	r[0] = reloc_at(4);
	relocs_expect2(e, plain1, 2, r, 1, -EINVAL, 0,
		       "reloc-on-plain-state-value");
	r[0] = reloc_at(12);
	stream_expect2(e, plain_then_addr, 4, r, 1, 0,
		       "reloc-address-after-plain-load");
	r[0] = reloc_at(4);
	r[1] = reloc_at(12);
	relocs_expect2(e, plain_then_addr, 4, r, 2, -EINVAL, 0,
		       "reloc-plain-then-address");
	r[0] = reloc_at(4);
	r[1] = reloc_at(4);
	stream_expect2(e, one, 2, r, 2, 0, "relocs-equal-offsets (sorted)");
	relocs_expect2(e, nops, 4, r, 2, -EINVAL, 0,
		       "relocs-on-nop-argument");
	if (!etna_gem_new(fd, 4096, ETNA_BO_WC, &h2)) {
		bos[1].handle = h2;
		r[0] = reloc_at(4);
		r[1] = reloc_at(12);
		r[1].reloc_idx = 1;
		r[1].reloc_offset = 4092;
		req = sub_init(e, two, 4, bos, 2, r, 2);
		sub_expect(e, &req, 0, "relocs-two-bos");
	}

	/* invalid */
	r[0] = reloc_at(4);
	r[0].flags = 1;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-flags-1");
	r[0].flags = 0x80000000;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-flags-0x80000000");
	r[0] = reloc_at(2);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-offset-misaligned");
	r[0] = reloc_at(8);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-past-stream");
	r[0] = reloc_at(0xfffffffc);
	stream_expect2(e, nops, 2, r, 1, -EINVAL, "reloc-offset-0xfffffffc");
	r[0] = reloc_at(12);
	r[1] = reloc_at(4);
	stream_expect2(e, nops, 4, r, 2, -EINVAL, "relocs-unsorted");
	r[0] = reloc_at(4);
	r[1] = reloc_at(12);
	r[1].reloc_idx = 1;
	stream_expect2(e, two, 4, r, 2, -EINVAL, "reloc-idx-out-of-range");
	r[0] = reloc_at(4);
	r[0].reloc_idx = 0xffffffff;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-idx-0xffffffff");
	r[0] = reloc_at(4);
	r[0].reloc_offset = BO_SIZE - 3;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-past-bo-end");
	r[0].reloc_offset = BO_SIZE;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-bo-size");
	r[0].reloc_offset = 1ull << 32;
	stream_expect2(e, one, 2, r, 1, -EINVAL, "reloc-offset-4GiB");
	if (h2) {
		r[0] = reloc_at(4);
		r[1] = reloc_at(12);
		r[1].reloc_idx = 1;
		r[1].reloc_offset = 4093;
		req = sub_init(e, two, 4, bos, 2, r, 2);
		sub_expect(e, &req, -EINVAL, "reloc-offset-past-second-bo-end");
		etna_gem_close(fd, h2);
	}
	if (!e->mmuv1)
		return;

	/* MMUv1 parser: the reloc must sit on the address state's word */
	r[0] = reloc_at(8);
	stream_expect2(e, multi, 6, r, 1, -EINVAL,
		       "reloc-on-wrong-word-of-multi-state-load");
	r[0] = reloc_at(4);
	stream_expect2(e, two, 4, r, 1, -EINVAL,
		       "second-address-state-without-reloc");
	r[0] = reloc_at(4);
	req = sub_init(e, fixp, 2, bos, 1, r, 1);
	sub_expect2(e, &req, -EINVAL, 0, "the FE converts the address",
		    "fixp-load-into-address-state");
	if (upstream) {
		info("submit-reloc-on-command-header/%s: not run on upstream: "
		     "its parser lets a reloc overwrite a validated header, "
		     "the FE would run the address as a command", e->name);
	} else {
		r[0] = reloc_at(0);
		stream_expect2(e, plain1, 2, r, 1, -EINVAL,
			       "reloc-on-command-header (ours only)");
	}
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: the MMUv1 command-stream parser */

/*
 * MMUv2: every address a stream loads stays inside the client's own space,
 * so no relocation is needed; the other rules stay with ours. Upstream
 * 6.1 does not look at MMUv2 streams: the FE would run them and wedge.
 */
static void mmuv2_opcode(const struct engine *e, uint32_t hdr,
			 const char *name)
{
	uint32_t s[2] = { hdr, 0 };

	if (upstream) {
		info("submit-opcode-%s/%s: not run on upstream: it does not "
		     "check MMUv2 streams (the FE would wedge)", name, e->name);
		return;
	}
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "opcode-%s (MMUv2)", name);
}

static void test_stream_mmuv2(const struct engine *e)
{
	uint32_t addr = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_ADDR
						      : ST_FE_INDEX_ADDR;
	uint32_t s[4] = { ETNA_CMD_LOAD_STATE(addr, 1), 0x12345000 };
	static const struct {
		uint32_t state;
		const char *name;
	} window[] = {
		{ ST_MMUV2_CONFIGURATION, "mmuv2-configuration-0x0184" },
		{ ST_MMUV2_PTA_CONFIG, "mmuv2-pta-config-0x01ac" },
		{ ST_MMUV2_SAFE_ADDRESS, "mmuv2-safe-address-0x0180" },
		/* the edges of the validator's window (etna_validate.c) */
		{ ST_PM_POWER_CONTROLS, "window-start-0x0100" },
		{ ST_FIRST - 4, "window-end-0x05fc" },
	};
	unsigned int i;

	stream_expect2(e, s, 2, NULL, 0, 0,
		       "address-state-without-reloc (MMUv2)");
	s[0] = ETNA_CMD_LOAD_STATE(ST_FIRST, 1);
	stream_expect2(e, s, 2, NULL, 0, 0, "load-0x0600 (after the window)");
	for (i = 0; i < ARRAY_SIZE(window); i++) {
		if (upstream) {
			info("submit-load-%s/%s: not run on upstream: it lets "
			     "a stream reprogram the MMU", window[i].name,
			     e->name);
			continue;
		}
		s[0] = ETNA_CMD_LOAD_STATE(window[i].state, 1);
		stream_expect2(e, s, 2, NULL, 0, -EINVAL, "load-%s",
			       window[i].name);
	}
	/* a multi-state load that runs into the window */
	if (!upstream) {
		s[0] = ETNA_CMD_LOAD_STATE(ST_PM_POWER_CONTROLS - 8, 3);
		s[1] = s[2] = s[3] = 0;
		stream_expect2(e, s, 4, NULL, 0, -EINVAL,
			       "load-run-into-window");
	}
}

void test_submit_stream(const struct engine *e)
{
	uint32_t plain = e->exec_state == ETNA_PIPE_2D ? ST_DE_SRC_STRIDE
						       : ST_FE_PRIM_RESTART;
	const uint32_t valid[] = {
		ETNA_CMD_LOAD_STATE(plain, 1), 1,
		ETNA_CMD_LOAD_STATE(ST_GL_SEMAPHORE, 1), SEMAPHORE_FE_PE,
		CMD_STALL, SEMAPHORE_FE_PE,
		CMD_DRAW_PRIMITIVES, 4, 0, 0,
		CMD_DRAW_INDEXED, 4, 0, 0, 0, 0,
		CMD_DRAW_INSTANCED, 0, 0, 0,
		ETNA_CMD_NOP, 0,
	};
	/* a triangle drawn with whatever states the last job left */
	const uint32_t draws[] = {
		CMD_DRAW_PRIMITIVES, 4, 0, 1,
		CMD_DRAW_INDEXED, 4, 0, 1, 0, 0,
	};
	/* a 2D rectangle with whatever destination the last job left */
	const uint32_t draw_2d[] = {
		CMD_DRAW_2D(1, 0), 0, 0, 0x00010001,
	};
	static const struct {
		uint32_t hdr;
		const char *name;
	} forbidden[] = {
		{ CMD_END, "end" },
		{ CMD_WAIT, "wait" },
		{ CMD_LINK, "link" },
		{ CMD_CALL, "call" },
		{ CMD_RETURN, "return" },
		{ CMD_CHIP_SELECT, "chip-select" },
		{ ETNA_CMD_OPCODE(0), "opcode-0" },
		{ ETNA_CMD_OPCODE(14), "opcode-14" },
		{ ETNA_CMD_OPCODE(15), "opcode-15" },
		{ ETNA_CMD_OPCODE(31), "opcode-31" },
	};
	static const struct {
		uint32_t state;
		const char *name;
	} addr_states[] = {
		{ ST_DE_DEST_ADDR, "de-dest-0x1228" },
		{ ST_DE_SRC_ADDR, "de-src-0x1200" },
		{ ST_PE_DEPTH_ADDR, "pe-depth-0x1410" },
		{ ST_FE_INDEX_ADDR, "fe-index-0x0644" },
		{ ST_TE_SAMPLER_LOD_ADDR(0, 0), "te-lod-0x2400" },
		{ ST_PE_RT_ADDR_PIPE, "pe-rt-0x14800" },
	};
	/* address states (hw/gc.db) that Linux 6.1's validator does not list */
	static const struct {
		uint32_t state;
		const char *name;
	} more_addr_states[] = {
		{ ST_GL_FENCE_OUT_ADDR, "gl-fence-out-0x3868" },
		{ ST_BLT_SRC_ADDR, "blt-src-0x14000" },
	};
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit req;
	uint32_t s[8];
	unsigned int i;

	stream_expect(e, valid, 0,
		      "valid-commands (ls, stall, empty draws, nop)");
	req = sub_init(e, draws, ARRAY_SIZE(draws), &bo, 1, NULL, 0);
	sub_expect2(e, &req, e->mmuv1 ? -EINVAL : 0, 0,
		    e->mmuv1 ? "MMUv1: ours bounds what it draws" : NULL,
		    "draws-without-states-in-stream");
	req = sub_init(e, draw_2d, ARRAY_SIZE(draw_2d), &bo, 1, NULL, 0);
	sub_expect2(e, &req, e->mmuv1 ? -EINVAL : 0, 0,
		    e->mmuv1 ? "MMUv1: ours bounds what it draws" : NULL,
		    "draw-2d-without-destination-in-stream");
	if (!e->mmuv1) {
		for (i = 0; i < ARRAY_SIZE(forbidden); i++)
			mmuv2_opcode(e, forbidden[i].hdr, forbidden[i].name);
		test_stream_mmuv2(e);
		return;
	}

	for (i = 0; i < ARRAY_SIZE(forbidden); i++) {
		s[0] = forbidden[i].hdr;
		s[1] = 0;
		stream_expect2(e, s, 2, NULL, 0, -EINVAL, "opcode-%s",
			       forbidden[i].name);
	}
	s[0] = ETNA_CMD_NOP;
	s[1] = 0;
	s[2] = CMD_END;
	s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL, "opcode-end-after-nop");

	for (i = 0; i < ARRAY_SIZE(addr_states); i++) {
		s[0] = ETNA_CMD_LOAD_STATE(addr_states[i].state, 1);
		s[1] = 0;
		stream_expect2(e, s, 2, NULL, 0, -EINVAL,
			       "address-state-without-reloc-%s",
			       addr_states[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(more_addr_states); i++) {
		s[0] = ETNA_CMD_LOAD_STATE(more_addr_states[i].state, 1);
		s[1] = 0;
		req = sub_init(e, s, 2, &bo, 1, NULL, 0);
		sub_expect2(e, &req, -EINVAL, 0,
			    "upstream's list of address states lacks it",
			    "address-state-without-reloc-%s",
			    more_addr_states[i].name);
	}
	s[0] = ETNA_CMD_LOAD_STATE(ST_DE_STRETCH_FACTOR_LOW, 4);
	s[1] = s[2] = s[3] = s[4] = s[5] = 0;
	stream_expect2(e, s, 6, NULL, 0, -EINVAL,
		       "address-state-inside-multi-state-load");

	/* commands running past the end of the stream */
	s[0] = ETNA_CMD_LOAD_STATE(plain, 4);
	s[1] = 0;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-load-state-4");
	s[0] = ETNA_CMD_LOAD_STATE(plain, 2);
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-load-state-2");
	s[0] = CMD_DRAW_2D(1, 0);
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-draw-2d-1-rect");
	s[0] = CMD_DRAW_2D(0, 0);
	s[2] = s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL,
		       "overrun-draw-2d-256-rects");
	s[0] = CMD_DRAW_PRIMITIVES;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "overrun-draw-primitives");
	s[0] = CMD_DRAW_INDEXED;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL, "overrun-draw-indexed");
	s[0] = ETNA_CMD_NOP;
	stream_expect2(e, s, 1, NULL, 0, -EINVAL, "overrun-nop-1-word");

	if (upstream) {
		info("submit-load-state-count-0, submit-draw-2d-data-overrun "
		     "/%s: not run on upstream: its parser reads COUNT 0 as 0 "
		     "states and ignores DRAW_2D inline data, the FE (1024 "
		     "states, data words) would run past the stream", e->name);
		return;
	}
	s[0] = ETNA_CMD_LOAD_STATE(plain, 0);	/* COUNT 0: 1024 states */
	s[1] = 0;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL,
		       "load-state-count-0-overrun (ours only: 1024 states)");
	s[0] = CMD_DRAW_2D(1, 2);	/* 1 rect, 2 data words: 6 words */
	s[1] = s[2] = s[3] = 0;
	stream_expect2(e, s, 4, NULL, 0, -EINVAL,
		       "draw-2d-data-overrun (ours only)");
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: states of the kernel's ring protocol */

void test_submit_kernel_states(const struct engine *e)
{
	uint32_t own = e->exec_state == ETNA_PIPE_2D ? 1 : 0;
	uint32_t s[2] = { ETNA_CMD_LOAD_STATE(ST_GL_PIPE_SELECT, 1), own };

	stream_expect2(e, s, 2, NULL, 0, 0, "pipe-select-own-pipe");
	if (upstream) {
		info("submit-load-gl-event, submit-pipe-select-other-pipe/%s: "
		     "not run on upstream: it accepts them, and they signal "
		     "other jobs' fences or desynchronise its pipe", e->name);
		return;
	}
	s[1] = !own;
	stream_expect2(e, s, 2, NULL, 0, -EINVAL,
		       "pipe-select-other-pipe (ours only)");
	s[0] = ETNA_CMD_LOAD_STATE(ST_GL_EVENT, 1);
	s[1] = 0x40;	/* event 0 from the PE */
	stream_expect2(e, s, 2, NULL, 0, -EINVAL, "load-gl-event (ours only)");
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: MMUv1, what a 2D operation may touch */

/*
 * A clear of the rectangle (0,@y1)-(16,@y1 + 1) into a 4 KiB buffer with
 * @stride: the stream and its one relocation (DEST_ADDRESS, word 1).
 */
static unsigned int clear_stream(uint32_t *s, uint32_t stride, uint32_t y1)
{
	unsigned int n = 0;

#define LS(st, v) do {						\
		s[n++] = ETNA_CMD_LOAD_STATE(st, 1);		\
		s[n++] = (v);					\
	} while (0)
	LS(ST_DE_DEST_ADDR, 0);
	LS(ST_DE_DEST_STRIDE, stride);
	LS(ST_DE_DEST_ROT_CONFIG, 0);
	LS(ST_DE_DEST_CONFIG, DE_CLEAR_A8R8G8B8);
	LS(ST_DE_ROT_ANGLE, 0);
	LS(ST_DE_CONFIG, 0);
	LS(ST_DE_CLIP_TOP_LEFT, 0);
	LS(ST_DE_CLIP_BOTTOM_RIGHT,
	   DE_CLIP_Y(DE_CLIP_MAX) | DE_CLIP_X(DE_CLIP_MAX));
#undef LS
	s[n++] = CMD_DRAW_2D(1, 0);
	s[n++] = 0;
	s[n++] = DRAW_2D_Y(y1);
	s[n++] = DRAW_2D_Y(y1 + 1) | DRAW_2D_X(16);
	return n;
}

void test_submit_footprint(const struct engine *e)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit_reloc r = reloc_at(4);
	struct drm_etnaviv_gem_submit req;
	uint32_t s[24], h;
	unsigned int n;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_2D)
		return;
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &h))
		return;
	bo.handle = h;

	/* the last row of the buffer: 16 pixels at 4096 - 64 */
	n = clear_stream(s, 64, 63);
	req = sub_init(e, s, n, &bo, 1, &r, 1);
	sub_expect(e, &req, 0, "draw-2d-clear-last-row-of-buffer");
	n = clear_stream(s, 64, 64);
	req = sub_init(e, s, n, &bo, 1, &r, 1);
	if (upstream)
		info("submit-draw-2d-past-buffer/%s: not run on upstream: it "
		     "accepts it and the GPU writes past the buffer", e->name);
	else
		sub_expect(e, &req, -EINVAL,
			   "draw-2d-clear-row-past-buffer (ours only)");

	/*
	 * Issue 18's example: stride 128 KiB, row 16408: the address wraps
	 * past 4 GiB into the linear window, i.e. physical memory.
	 */
	n = clear_stream(s, 0x20000, 16408);
	req = sub_init(e, s, n, &bo, 1, &r, 1);
	if (upstream)
		info("submit-draw-2d-wrap-into-physical-memory/%s: not run on "
		     "upstream: it accepts it and the GPU writes physical "
		     "memory outside any buffer", e->name);
	else
		sub_expect(e, &req, -EINVAL,
			   "draw-2d-wrap-into-physical-memory (ours only)");
	etna_gem_close(fd, h);
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: MMUv1, what a resolve may touch */

void test_submit_footprint_rs(const struct engine *e)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit_reloc r[2] = {
		reloc_at(ETNA_RS_FILL_RELOC0), reloc_at(ETNA_RS_FILL_RELOC1),
	};
	struct drm_etnaviv_gem_submit req;
	uint32_t s[ETNA_RS_FILL_WORDS], h;
	unsigned int n;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D)
		return;
	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &h))
		return;
	bo.handle = h;

	/* 64 x 16 pixels at 256 bytes a row: the whole 4 KiB, no more */
	n = etna_rs_fill_stream(s, 256, 64, 16, 0x12345678);
	req = sub_init(e, s, n, &bo, 1, r, 2);
	sub_expect(e, &req, 0, "rs-fill-whole-buffer");
	if (upstream) {
		info("submit-rs-fill-past-buffer, submit-rs-fill-stride-past-"
		     "buffer/%s: not run on upstream: it accepts them and the "
		     "GPU writes past the buffer", e->name);
		etna_gem_close(fd, h);
		return;
	}
	n = etna_rs_fill_stream(s, 256, 64, 17, 0x12345678);
	req = sub_init(e, s, n, &bo, 1, r, 2);
	sub_expect(e, &req, -EINVAL, "rs-fill-window-past-buffer (ours only)");
	/* two rows 128 KiB apart: the second far past the buffer */
	n = etna_rs_fill_stream(s, 0x20000, 16, 2, 0x12345678);
	req = sub_init(e, s, n, &bo, 1, r, 2);
	sub_expect(e, &req, -EINVAL, "rs-fill-stride-past-buffer (ours only)");
	etna_gem_close(fd, h);
}

/* ------------------------------------------------------------------ */
/* GEM_SUBMIT: performance-monitor requests */

/*
 * The post-stream sample (and the sequence) may land after the job's
 * fence signalled: user space polls for the sequence (wait_word()).
 */

void test_submit_pmrs(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit_pmr p;
	struct drm_etnaviv_gem_submit req;
	uint32_t h, *map = NULL;
	uint64_t off;
	int ret;
	bool ok;

	if (etna_gem_new(fd, 4096, ETNA_BO_WC, &h))
		return;
	bo.handle = h;

#define PMR() do {							\
		memset(&p, 0, sizeof(p));				\
		p.flags = ETNA_PM_PROCESS_PRE | ETNA_PM_PROCESS_POST;	\
		p.sequence = 0x1234abcd;				\
		p.read_offset = 8;					\
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);		\
		req.pmrs = (uintptr_t)&p;				\
		req.nr_pmrs = 1;					\
	} while (0)

	PMR();
	p.flags = 0x4;
	sub_expect(e, &req, -EINVAL, "pmr-flags-0x4");
	PMR();
	p.domain = 200;
	sub_expect(e, &req, -EINVAL, "pmr-domain-200");
	PMR();
	p.signal = 0xffff;
	sub_expect(e, &req, -EINVAL, "pmr-signal-0xffff");
	PMR();
	p.read_idx = 1;
	sub_expect(e, &req, -EINVAL, "pmr-read-idx-out-of-range");
	PMR();
	p.read_offset = 0;
	sub_expect(e, &req, -EINVAL, "pmr-read-offset-0");
	PMR();
	p.read_offset = 4096;
	sub_expect(e, &req, -EINVAL, "pmr-read-offset-past-bo");
	/*
	 * read_offset counts words: Linux 6.1 bounds it in bytes (below
	 * the size less 4) and writes at byte 4 * read_offset, past a 4 KiB
	 * buffer for any offset from 1024 to 4091; ours refuses. Not tried
	 * on upstream (it would write past the buffer's kernel mapping).
	 */
	if (!upstream) {
		PMR();
		p.read_offset = 1024;
		sub_expect(e, &req, -EINVAL,
			   "pmr-read-offset-words-past-bo (ours only: 6.1 "
			   "writes past the buffer)");
		PMR();
		p.read_offset = 1023;
		sub_expect(e, &req, 0, "pmr-read-offset-last-word");
	}
	PMR();
	req.pmrs = 0;
	sub_expect(e, &req, -EFAULT, "pmrs-null");

	/* domain 0, signal 0, before and after: sampled into the BO */
	PMR();
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	ok = ret == 0 || fail("got %s", err_name(ret));
	if (!ret) {
		if (!finish(e->pipe, req.fence, "its fence"))
			ok = false;
		if (!gem_info(h, &off))
			map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, off);
		if (!map || map == MAP_FAILED)
			ok = fail("mmap: %s", strerror(errno));
		else if (!wait_word(map, 0x1234abcd, 2 * SEC_NS))
			ok = fail("word 0 is 0x%08x after 2 s, want the "
				  "sequence", map[0]);
		if (map && map != MAP_FAILED)
			munmap(map, 4096);
	} else if (!alive(e)) {
		ok = false;
	}
	report(ok, "submit-pmr-domain-0-signal-0%s",
	       check_name("", e->name, 0, 0, "sequence stored in word 0"));
	etna_gem_close(fd, h);
#undef PMR
}
