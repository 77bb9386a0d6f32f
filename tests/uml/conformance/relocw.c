// SPDX-License-Identifier: MIT
/*
 * conformance: GEM_SUBMIT, relocations of words that are not the value of
 * an address state (issue 30, item 1). A relocation turns the word it
 * patches into a GPU address (2 GiB and up on MMUv1): on a rectangle, a
 * stride, a window size or the PIPE_SELECT value it would undo what the
 * validator bounded. Ours applies the relocations before it walks the
 * stream and refuses any relocation outside an address state's value;
 * upstream 6.1 patches after its walk and accepts them (not run on it:
 * the GPU would write far past the buffer, or the kernel's idea of the
 * core's pipe would go wrong). Each hostile stream has a twin without the
 * stray relocation, accepted by both drivers and checked pixel by pixel.
 *
 * The same for a word no relocation is needed to make unbounded: on an
 * MMUv1 core, YUV_CONFIG with ENABLE turns the next RS kick into a run of
 * the YUV tiler, whose footprint ours does not bound (refused); the twin
 * loads it as 0, and the fill after it writes the buffer.
 */
#include "conformance.h"

#include "etnaviv_2d.h"

#define TWIN_BO		4096u
#define FILL		0x12345678u
#define BACKGROUND	0x5a5a5a5au

/* The buffer of a twin: @size bytes of BACKGROUND, mapped at *@map. */
static bool twin_bo(uint32_t *h, uint32_t **map)
{
	uint64_t off;
	unsigned int i;

	*map = NULL;
	if (etna_gem_new(fd, TWIN_BO, ETNA_BO_WC, h))
		return fail("GEM_NEW failed");
	if (gem_info(*h, &off)) {
		etna_gem_close(fd, *h);
		return fail("GEM_INFO failed");
	}
	*map = mmap(NULL, TWIN_BO, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	if (*map == MAP_FAILED) {
		*map = NULL;
		etna_gem_close(fd, *h);
		return fail("mmap: %s", strerror(errno));
	}
	for (i = 0; i < TWIN_BO / 4; i++)
		(*map)[i] = BACKGROUND;
	return true;
}

/*
 * The buffer stays open (until the file is closed): the engine's states
 * still point into it after the twin, and later checks run draws with
 * the states the last job left (draw-2d-without-destination-in-stream).
 */
static void twin_bo_done(uint32_t *map)
{
	if (map)
		munmap(map, TWIN_BO);
}

/*
 * Submit the twin @s (its relocations @r against the buffer @h), wait for
 * it, then compare every word of the buffer with what the operation draws:
 * @want for the first @words words, BACKGROUND after them.
 */
static void twin_run(const struct engine *e, const uint32_t *s,
		     unsigned int n, struct drm_etnaviv_gem_submit_reloc *r,
		     unsigned int nr, uint32_t h, const uint32_t *map,
		     uint32_t want, unsigned int words, const char *name)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = h,
	};
	struct drm_etnaviv_gem_submit req = sub_init(e, s, n, &bo, 1, r, nr);
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
	unsigned int i, bad = 0, first = 0;
	bool ok;

	ok = !ret || fail("got %s", err_name(ret));
	if (!ret && !finish(e->pipe, req.fence, "its fence"))
		ok = false;
	if (!ret && !cpu_prep(h, ETNA_PREP_READ, ts_ago(0)))
		cpu_fini(h, 0);
	for (i = 0; ok && i < TWIN_BO / 4; i++) {
		if (map[i] == (i < words ? want : BACKGROUND))
			continue;
		if (!bad++)
			first = i;
	}
	if (bad)
		ok = fail("%u words differ, the first at byte %u: 0x%08x",
			  bad, first * 4, map[first]);
	report(ok, "submit-%s", check_name(name, e->name, 0, 0,
					   "pixels checked"));
}

/* Submit the hostile stream: ours refuses it, upstream is not tried. */
static void hostile(const struct engine *e, const uint32_t *s, unsigned int n,
		    struct drm_etnaviv_gem_submit_reloc *r, unsigned int nr,
		    uint32_t h, const char *name, const char *harm)
{
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = h,
	};
	struct drm_etnaviv_gem_submit req;

	if (upstream) {
		info("submit-%s/%s: not run on upstream: it applies the "
		     "relocation after its walk, and %s", name, e->name, harm);
		return;
	}
	req = sub_init(e, s, n, &bo, 1, r, nr);
	sub_expect(e, &req, -EINVAL, "%s (ours only)", name);
}

/*
 * 3D engines: an RS fill of 64 x 16 pixels at 256 bytes a row, the whole
 * 4 KiB buffer; the same with RS_WINDOW_SIZE relocated (the window would
 * become an address: thousands of rows); PIPE_SELECT relocated.
 */
static void reloc_words_3d(const struct engine *e)
{
	struct drm_etnaviv_gem_submit_reloc r[3] = {
		reloc_at(ETNA_RS_FILL_RELOC0), reloc_at(ETNA_RS_FILL_RELOC1),
	};
	uint32_t s[ETNA_RS_FILL_WORDS], *map, h;
	const uint32_t pipe[] = { ETNA_CMD_LOAD_STATE(ST_GL_PIPE_SELECT, 1), 0 };
	unsigned int n;

	if (!twin_bo(&h, &map))
		return;
	n = etna_rs_fill_stream(s, 256, 64, 16, FILL);
	/* the window's value: the seventh load's */
	r[2] = reloc_at(13 * 4);
	hostile(e, s, n, r, 3, h, "reloc-on-rs-window-size",
		"the window becomes a GPU address: the fill writes far past "
		"the buffer");
	/* the cores of the MMUv1 boards have a resolve engine */
	if (e->mmuv1)
		twin_run(e, s, n, r, 2, h, map, FILL, TWIN_BO / 4,
			 "rs-fill-twin-of-reloc-on-rs-window-size");
	r[0] = reloc_at(4);
	hostile(e, pipe, 2, r, 1, h, "reloc-on-pipe-select-value",
		"the core would switch to a pipe the kernel does not know of");
	twin_bo_done(map);
}

/*
 * 3D engines of MMUv1 cores: the RS fill of the whole buffer after a load
 * of YUV_CONFIG, with ENABLE (refused by ours: the fill would run the YUV
 * tiler, with planes and a destination no state bounds) or 0 (the twin).
 */
static void yuv_tiler_3d(const struct engine *e)
{
	struct drm_etnaviv_gem_submit_reloc r[2] = {
		reloc_at(2 * 4 + ETNA_RS_FILL_RELOC0),
		reloc_at(2 * 4 + ETNA_RS_FILL_RELOC1),
	};
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE,
	};
	struct drm_etnaviv_gem_submit req;
	uint32_t s[2 + ETNA_RS_FILL_WORDS], *map;
	unsigned int n;

	if (!e->mmuv1 || !twin_bo(&bo.handle, &map))
		return;
	s[0] = ETNA_CMD_LOAD_STATE(ST_YUV_CONFIG, 1);
	s[1] = ST_YUV_ENABLE;
	n = 2 + etna_rs_fill_stream(s + 2, 256, 64, 16, FILL);
	if (upstream) {
		info("submit-yuv-tiler-on/%s: not run on upstream: it accepts "
		     "it, and the tiler would read and write wherever the "
		     "last job's YUV states point", e->name);
	} else {
		req = sub_init(e, s, n, &bo, 1, r, 2);
		sub_expect(e, &req, -EINVAL, "yuv-tiler-on (ours only)");
	}
	s[1] = 0;
	twin_run(e, s, n, r, 2, bo.handle, map, FILL, TWIN_BO / 4,
		 "rs-fill-twin-of-yuv-tiler-on");
	twin_bo_done(map);
}

/*
 * A 2D clear of (0,0)-(16,@rows) of 32-bit pixels at 64 bytes a row into
 * @s; returns its words. Word 1 is DEST_ADDRESS, word 3 the stride, the
 * last word the rectangle's bottom-right corner.
 */
static unsigned int clear_stream(uint32_t *s, uint32_t rows)
{
	static const uint32_t st[] = {
		ETNAVIV_DE_DEST_ADDRESS, ETNAVIV_DE_DEST_STRIDE,
		ETNAVIV_DE_DEST_ROTATION_CONFIG, ETNAVIV_DE_DEST_CONFIG,
		ETNAVIV_DE_ROT_ANGLE, ETNAVIV_DE_CONFIG,
		ETNAVIV_DE_ALPHA_CONTROL, ETNAVIV_DE_PE_TRANSPARENCY,
		ETNAVIV_DE_ROP, ETNAVIV_DE_CLIP_TOP_LEFT,
		ETNAVIV_DE_CLIP_BOTTOM_RIGHT, ETNAVIV_DE_CLEAR_PIXEL_VALUE32,
		ETNAVIV_DE_CLEAR_BYTE_MASK, ETNAVIV_DE_CLEAR_PIXEL_LOW,
		ETNAVIV_DE_CLEAR_PIXEL_HIGH,
	};
	const uint32_t val[] = {
		0, 64, 0, DE_CLEAR_A8R8G8B8, 0, 0, 0, 0, ETNAVIV_2D_ROP_COPY, 0,
		DE_CLIP_Y(rows) | DE_CLIP_X(16),
		FILL, 0xff, FILL, FILL,
	};
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(st); i++) {
		s[n++] = ETNA_CMD_LOAD_STATE(st[i], 1);
		s[n++] = val[i];
	}
	s[n++] = CMD_DRAW_2D(1, 0);
	s[n++] = 0;
	s[n++] = 0;
	s[n++] = DRAW_2D_Y(rows) | DRAW_2D_X(16);
	return n;
}

/*
 * 2D engines: the clear of 16 x 16 pixels (1 KiB), and the same with its
 * stride or its rectangle's corner relocated.
 */
static void reloc_words_2d(const struct engine *e)
{
	struct drm_etnaviv_gem_submit_reloc r[2] = { reloc_at(4) };
	uint32_t s[40], *map, h;
	unsigned int n;

	if (!twin_bo(&h, &map))
		return;
	n = clear_stream(s, 16);
	r[1] = reloc_at(3 * 4);
	hostile(e, s, n, r, 2, h, "reloc-on-de-dest-stride",
		"the stride becomes a GPU address: rows far past the buffer");
	r[1] = reloc_at((n - 1) * 4);
	hostile(e, s, n, r, 2, h, "reloc-on-draw-2d-rectangle",
		"the rectangle reaches 32768 rows down");
	twin_run(e, s, n, r, 1, h, map, FILL, 16 * 16,
		 "clear-twin-of-relocs-on-2d-words");
	twin_bo_done(map);
}

void test_submit_reloc_words(const struct engine *e)
{
	if (e->exec_state == ETNA_PIPE_3D) {
		reloc_words_3d(e);
		yuv_tiler_3d(e);
	} else
		reloc_words_2d(e);
}
