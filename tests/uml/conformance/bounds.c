// SPDX-License-Identifier: MIT
/*
 * conformance: every bound at its exact edge. For each footprint the
 * MMUv1 validator draws (here the 2D engine's destination, source and
 * pattern, stretched and rotated; the resolve engine's and the tile
 * status': bounds_rs.c; the index stream: bounds_idx.c) and each limit
 * of the UAPI (etnaviv_drm.h), the largest value accepted and the
 * smallest refused, one dimension at a time. The edges come from the
 * definitions: a 2D surface of R rows and C pixels of B bytes at stride
 * S reaches (R - 1) * S + C * B bytes from its address
 * (drivers/gpu/drm/etnaviv/etna_validate_2d.c), and the UAPI header
 * gives the counts. An accepted operation that draws is checked to have
 * filled its buffer to the last byte, and the model to have seen no
 * fault (check_model()).
 *
 * Refused edges that Linux 6.1 accepts (it bounds no footprint) are not
 * tried on upstream: the GPU would write past the buffer.
 */
#include "bounds.h"

void ls(struct sb *s, uint32_t state, uint32_t v)
{
	s->w[s->n++] = ETNA_CMD_LOAD_STATE(state, 1);
	s->w[s->n++] = v;
}

void ls_bo(struct sb *s, uint32_t state, uint32_t idx, uint64_t off)
{
	s->r[s->nr] = reloc_at((s->n + 1) * 4);
	s->r[s->nr].reloc_idx = idx;
	s->r[s->nr].reloc_offset = off;
	s->nr++;
	ls(s, state, 0);
}

bool bufs_new(uint32_t *h, unsigned int n, uint32_t size, uint32_t fill)
{
	unsigned int i, j;
	uint32_t *p;

	for (i = 0; i < n; i++) {
		if (etna_gem_new(fd, size, ETNA_BO_WC, &h[i]))
			goto undo;
		p = map_bo(fd, h[i], size);
		if (!p) {
			i++;
			goto undo;
		}
		for (j = 0; j < size / 4; j++)
			p[j] = fill;
		munmap(p, size);
	}
	return true;
undo:
	while (i--)
		etna_gem_close(fd, h[i]);
	return false;
}

void bufs_close(const uint32_t *h, unsigned int n)
{
	while (n--)
		etna_gem_close(fd, h[n]);
}

bool edge_submit(const struct engine *e, const uint32_t *w,
		 unsigned int words,
		 const struct drm_etnaviv_gem_submit_reloc *r, unsigned int nr,
		 struct drm_etnaviv_gem_submit_bo *bos, unsigned int nbos,
		 int want, const char *name)
{
	struct drm_etnaviv_gem_submit req;

	if (want && upstream) {
		info("submit-%s/%s: not run on upstream: it accepts it and "
		     "the GPU would go past the buffer", name, e->name);
		return true;
	}
	req = sub_init(e, w, words, bos, nbos, (void *)r, nr);
	return sub_expect(e, &req, want, "%s%s", name,
			  want ? " (ours only)" : "");
}

bool __printf(6, 7)
edge_expect(const struct engine *e, const struct sb *s, const uint32_t *h,
	    unsigned int n, int want, const char *fmt, ...)
{
	struct drm_etnaviv_gem_submit_bo bos[4];
	char name[128];
	unsigned int i;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	for (i = 0; i < n; i++) {
		bos[i].flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE;
		bos[i].handle = h[i];
		bos[i].presumed = 0;
	}
	return edge_submit(e, s->w, s->n, s->r, s->nr, bos, n, want, name);
}

/* The accepted operation drew exactly there (bounds.h). */
void check_drawn(const struct engine *e, uint32_t h, uint32_t size,
		 uint32_t off, uint32_t rows, uint32_t stride,
		 uint32_t row_bytes, const char *name)
{
	uint32_t *p = map_bo(fd, h, size), want, b;
	bool ok = p != NULL;
	unsigned int i;

	for (i = 0; ok && i < size / 4; i++) {
		b = i * 4 - off;
		want = i * 4 >= off && b / stride < rows &&
		       b % stride < row_bytes ? NEW : OLD;
		if (p[i] != want)
			ok = fail("byte %u holds 0x%08x, want 0x%08x", i * 4,
				  p[i], want);
	}
	if (p)
		munmap(p, size);
	report(ok, "%s-drawn/%s (every byte it covers, nothing else)", name,
	       e->name);
}

/* ------------------------------------------------------------------ */
/* The 2D engine: destination and source */

/*
 * The destination states of a 2D @cmd into buffer 0 at @off with @stride,
 * rectangle (@x1,@y1)-(@x2,@y2); with DE_CMD_BIT_BLT and STRETCH_BLT the
 * source is buffer 1 at @soff with stride @sstride, from @ox,@oy (the
 * stretch factors @fx and @fy, 16.16), and with @pat the ROP copies an
 * 8 x 8 pattern from memory, buffer 2 at @poff. @rot: the destination's
 * rotation (ROT_ANGLE's DST), or @rot_en DEST_ROTATION_CONFIG's ROTATION
 * bit, its physical surface @rot_w x @rot_h.
 */
struct de_op {
	uint32_t cmd, off, stride, x1, y1, x2, y2;
	uint32_t soff, sstride, ox, oy, fx, fy;
	uint32_t pat, poff;
	uint32_t rot, rot_en, rot_w, rot_h;
};

#define DE(f)		offsetof(struct de_op, f)

static void de_stream(struct sb *s, const struct de_op *op)
{
	memset(s, 0, sizeof(*s));
	if (op->cmd == DE_CMD_BIT_BLT || op->cmd == DE_CMD_STRETCH_BLT) {
		ls_bo(s, ST_DE_SRC_ADDR, 1, op->soff);
		ls(s, ST_DE_SRC_STRIDE, op->sstride);
		ls(s, ST_DE_SRC_ROT_CONFIG, 0);
		/* both format fields: PE 1.0 cores (GC600) read the other */
		ls(s, ST_DE_SRC_CONFIG, DE_SRC_FORMAT(DE_FORMAT_A8R8G8B8) |
					DE_SRC_PE10_FORMAT(DE_FORMAT_A8R8G8B8));
		ls(s, ST_DE_SRC_ORIGIN, RS_OFFSET_Y(op->oy) |
					RS_OFFSET_X(op->ox));
	}
	if (op->cmd == DE_CMD_STRETCH_BLT) {
		ls(s, ST_DE_STRETCH_FACTOR_LOW, op->fx);
		ls(s, ST_DE_STRETCH_FACTOR_HIGH, op->fy);
	}
	if (op->pat) {
		ls_bo(s, ST_DE_PATTERN_ADDR, 2, op->poff);
		ls(s, ST_DE_PATTERN_CONFIG, DE_PATTERN_MEMORY);
	}
	/* the clear of PE 1.0 cores (GC600) too: no other job's states */
	ls(s, ST_DE_ROP, op->pat ? DE_ROP3_PATCOPY : DE_ROP3_COPY);
	ls(s, ST_DE_ALPHA_CONTROL, 0);
	ls(s, ST_DE_PE_TRANSPARENCY, 0);
	ls(s, ST_DE_CLEAR_BYTE_MASK, 0xff);
	ls(s, ST_DE_CLEAR_PIXEL_LOW, NEW);
	ls(s, ST_DE_CLEAR_PIXEL_HIGH, NEW);
	ls_bo(s, ST_DE_DEST_ADDR, 0, op->off);
	ls(s, ST_DE_DEST_STRIDE, op->stride);
	ls(s, ST_DE_DEST_ROT_CONFIG, DE_ROT_WIDTH(op->rot_w) |
				     (op->rot_en ? DE_ROT_ENABLE : 0));
	ls(s, ST_DE_DEST_ROT_HEIGHT, op->rot_h);
	ls(s, ST_DE_DEST_CONFIG, DE_DEST_FORMAT(DE_FORMAT_A8R8G8B8) |
				 DE_DEST_COMMAND(op->cmd));
	ls(s, ST_DE_ROT_ANGLE, DE_ROT_DST(op->rot));
	ls(s, ST_DE_CONFIG, 0);
	ls(s, ST_DE_CLIP_TOP_LEFT, 0);
	ls(s, ST_DE_CLIP_BOTTOM_RIGHT,
	   DE_CLIP_Y(DE_CLIP_MAX) | DE_CLIP_X(DE_CLIP_MAX));
	ls(s, ST_DE_CLEAR_PIXEL32, NEW);
	s->w[s->n++] = CMD_DRAW_2D(1, 0);
	s->w[s->n++] = 0;
	s->w[s->n++] = DRAW_2D_Y(op->y1) | DRAW_2D_X(op->x1);
	s->w[s->n++] = DRAW_2D_Y(op->y2) | DRAW_2D_X(op->x2);
	ls(s, ST_GL_FLUSH_CACHE, GL_FLUSH_PE2D);
}

/* One 2D operation: @op with the field at @field set to @v. */
static bool de_try(const struct engine *e, uint32_t *h, struct de_op op,
		   size_t field, uint32_t v, int want, const char *name)
{
	struct sb s;

	*(uint32_t *)((char *)&op + field) = v;
	de_stream(&s, &op);
	return edge_expect(e, &s, h, op.pat ? 3 :
			   op.cmd == DE_CMD_CLEAR ? 1 : 2, want, "%s", name);
}

/* Word @off of the buffer @h of @size bytes set to @v. */
static bool poke(uint32_t h, uint32_t size, uint32_t off, uint32_t v)
{
	uint32_t *p = map_bo(fd, h, size);

	if (!p)
		return fail("mmap failed");
	p[off / 4] = v;
	munmap(p, size);
	return true;
}

/*
 * STRETCH_BLT reads, for destination (x, y), the source pixel origin +
 * ((x - x1) * factor >> 16) in each axis (truncated; etna_validate_2d.c,
 * sim/vgc_de.c). A 32 x 16 rectangle from the 64 x 16 source of 4 KiB:
 * from origin x 1 the largest factor in x reads its last column, 1 +
 * (31 * 133186 >> 16) = 63, one more column 64; from row 0 the largest in
 * y, 69905, its last row (15 * 69905 >> 16 = 15), 69906 row 16. The
 * source is OLD but its last pixel, NEW: only destination (31, 15) reads
 * it, and is checked to hold it.
 */
static void test_bounds_2d_stretch(const struct engine *e)
{
	const struct de_op st = {
		.cmd = DE_CMD_STRETCH_BLT, .stride = EDGE_STRIDE,
		.x2 = EDGE_W / 2, .y2 = EDGE_H, .sstride = EDGE_STRIDE,
		.ox = 1, .fx = 133186, .fy = 69905,
	};
	uint32_t h[3];

	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;
	if (poke(h[1], EDGE_BO, EDGE_BO - 4, NEW) &&
	    de_try(e, h, st, DE(fx), st.fx, 0,
		   "bound-2d-stretch-factors-133186-69905-last"))
		check_drawn(e, h[0], EDGE_BO, 15 * EDGE_STRIDE + 31 * 4, 1,
			    EDGE_BO, 4, "bound-2d-stretch-last-source-pixel");
	de_try(e, h, st, DE(fx), st.fx + 1, -EINVAL,
	       "bound-2d-stretch-x-factor-133187");
	de_try(e, h, st, DE(fy), st.fy + 1, -EINVAL,
	       "bound-2d-stretch-y-factor-69906");
	de_try(e, h, st, DE(ox), 2, -EINVAL, "bound-2d-stretch-x-origin-2");
	de_try(e, h, st, DE(oy), 1, -EINVAL, "bound-2d-stretch-y-origin-1");
	de_try(e, h, st, DE(sstride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-stretch-src-stride-257");
	de_try(e, h, st, DE(soff), 1, -EINVAL,
	       "bound-2d-stretch-src-offset-1");
	bufs_close(h, 3);
}

/*
 * A rotated destination: the rectangles lie in the logical surface (the
 * physical one, DEST_ROTATION_CONFIG's WIDTH x DEST_ROTATION_HEIGHT,
 * turned), which must fit its buffer, and unrotated too (a core without
 * rotation). Logical (x, y) lands at (W - 1 - y, x) at 90 degrees (also
 * DEST_ROTATION_CONFIG's ROTATION bit alone, the PE 1.0 cores' way), at
 * (y, H - 1 - x) at 270, at (W - 1 - x, H - 1 - y) at 180 (sim/vgc_de.c).
 * A quarter turn: a physical 8 x 16 (logical 16 x 8) at the end of the
 * buffer, at offset 224, drawn whole; a logical column or row more
 * refused, and at 90 degrees each physical edge one past. At 180: the
 * logical origin is the physical 64 x 16's last pixel, the buffer's last
 * bytes.
 */
static void test_bounds_2d_rot(const struct engine *e)
{
	static const struct {
		uint32_t rot, en;
		const char *name;
	} q[] = {
		{ DE_ROT_90, 0, "rot90" },
		{ DE_ROT_270, 0, "rot270" },
		{ 0, 1, "rotation-bit" },
	};
	const struct de_op r90 = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE, .off = 224,
		.x2 = 16, .y2 = 8, .rot_w = 8, .rot_h = 16,
	};
	const struct de_op r180 = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE, .x2 = 1, .y2 = 1,
		.rot = DE_ROT_180, .rot_w = EDGE_W, .rot_h = EDGE_H,
	};
	struct de_op op = r90;
	char name[64];
	unsigned int i;
	uint32_t h[3];

	for (i = 0; i < ARRAY_SIZE(q); i++) {
		if (!bufs_new(h, 3, EDGE_BO, OLD))
			return;
		op.rot = q[i].rot;
		op.rot_en = q[i].en;
		snprintf(name, sizeof(name), "bound-2d-%s-16x8-last", q[i].name);
		if (de_try(e, h, op, DE(x2), 16, 0, name)) {
			snprintf(name, sizeof(name), "bound-2d-%s", q[i].name);
			check_drawn(e, h[0], EDGE_BO, 224, EDGE_H, EDGE_STRIDE,
				    32, name);
		}
		snprintf(name, sizeof(name), "bound-2d-%s-x-17", q[i].name);
		de_try(e, h, op, DE(x2), 17, -EINVAL, name);
		snprintf(name, sizeof(name), "bound-2d-%s-y-9", q[i].name);
		de_try(e, h, op, DE(y2), 9, -EINVAL, name);
		bufs_close(h, 3);
	}
	op.rot = DE_ROT_90;
	op.rot_en = 0;
	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;
	de_try(e, h, op, DE(rot_h), 17, -EINVAL,
	       "bound-2d-rot90-physical-height-17");
	de_try(e, h, op, DE(rot_w), 9, -EINVAL,
	       "bound-2d-rot90-physical-width-9");
	de_try(e, h, op, DE(stride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-rot90-stride-257");
	de_try(e, h, op, DE(off), 225, -EINVAL, "bound-2d-rot90-offset-225");
	bufs_close(h, 3);
	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;
	if (de_try(e, h, r180, DE(x2), 1, 0, "bound-2d-rot180-origin-last"))
		check_drawn(e, h[0], EDGE_BO, EDGE_BO - 4, 1, EDGE_BO, 4,
			    "bound-2d-rot180-origin");
	de_try(e, h, r180, DE(rot_w), EDGE_W + 1, -EINVAL,
	       "bound-2d-rot180-physical-width-65");
	de_try(e, h, r180, DE(rot_h), EDGE_H + 1, -EINVAL,
	       "bound-2d-rot180-physical-height-17");
	bufs_close(h, 3);
}

static void test_bounds_2d(const struct engine *e)
{
	/* 64 x 16 pixels at 256 bytes a row: the 4 KiB, to the last byte */
	const struct de_op whole = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE,
		.x2 = EDGE_W, .y2 = EDGE_H,
	};
	/* the same, the last row one pixel short: room for a 4-byte offset */
	const struct de_op less = {
		.cmd = DE_CMD_CLEAR, .stride = EDGE_STRIDE, .off = 4,
		.x2 = EDGE_W - 1, .y2 = EDGE_H,
	};
	/* 32 x 16 blitted from a 64 x 16 source: room for origin x 32 */
	const struct de_op blit = {
		.cmd = DE_CMD_BIT_BLT, .stride = EDGE_STRIDE,
		.x2 = EDGE_W / 2, .y2 = EDGE_H - 1,
		.sstride = EDGE_STRIDE, .ox = EDGE_W / 2, .oy = 1,
	};
	struct de_op op;
	uint32_t h[3];

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_2D)
		return;
	/* first: the last job run leaves the engine unrotated, unstretched */
	test_bounds_2d_stretch(e);
	test_bounds_2d_rot(e);
	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;

	op = whole;
	if (de_try(e, h, op, DE(x2), EDGE_W, 0, "bound-2d-dst-x-64-last"))
		check_drawn(e, h[0], EDGE_BO, 0, EDGE_H, EDGE_STRIDE, EDGE_STRIDE,
			    "bound-2d-dst-x-64");
	de_try(e, h, op, DE(x2), EDGE_W + 1, -EINVAL, "bound-2d-dst-x-65");
	de_try(e, h, op, DE(y2), EDGE_H + 1, -EINVAL, "bound-2d-dst-y-17");
	de_try(e, h, op, DE(stride), EDGE_STRIDE + 4, -EINVAL,
	       "bound-2d-dst-stride-260");
	de_try(e, h, op, DE(stride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-dst-stride-257");
	/* a rectangle that starts inside reaches as far as one that does not */
	de_try(e, h, op, DE(x1), EDGE_W - 1, 0, "bound-2d-dst-x1-63-x2-64");
	op.x1 = EDGE_W - 1;
	de_try(e, h, op, DE(x2), EDGE_W + 1, -EINVAL,
	       "bound-2d-dst-x1-63-x2-65");

	/* the destination's offset in its buffer */
	bufs_close(h, 3);
	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;
	op = less;
	if (de_try(e, h, op, DE(off), 4, 0, "bound-2d-dst-offset-4-last"))
		check_drawn(e, h[0], EDGE_BO, 4, EDGE_H, EDGE_STRIDE,
			    EDGE_STRIDE - 4, "bound-2d-dst-offset-4");
	de_try(e, h, op, DE(off), 5, -EINVAL, "bound-2d-dst-offset-5");
	de_try(e, h, op, DE(off), 8, -EINVAL, "bound-2d-dst-offset-8");

	/* the source of a blit: origin x and y, stride, offset */
	bufs_close(h, 3);
	if (!bufs_new(h, 3, EDGE_BO, OLD))
		return;
	op = blit;
	de_try(e, h, op, DE(ox), EDGE_W / 2, 0, "bound-2d-src-x-origin-32-last");
	de_try(e, h, op, DE(ox), EDGE_W / 2 + 1, -EINVAL,
	       "bound-2d-src-x-origin-33");
	de_try(e, h, op, DE(oy), 2, -EINVAL, "bound-2d-src-y-origin-2");
	de_try(e, h, op, DE(sstride), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-src-stride-257");
	de_try(e, h, op, DE(soff), 1, -EINVAL, "bound-2d-src-offset-1");
	op.oy = 0;
	de_try(e, h, op, DE(soff), EDGE_STRIDE, 0,
	       "bound-2d-src-offset-256-last");
	de_try(e, h, op, DE(soff), EDGE_STRIDE + 1, -EINVAL,
	       "bound-2d-src-offset-257");

	/* a pattern from memory: 8 x 8 pixels of 4 bytes, the last 256 */
	op = blit;
	op.pat = 1;
	de_try(e, h, op, DE(poff), EDGE_BO - 256, 0,
	       "bound-2d-pattern-offset-3840-last");
	de_try(e, h, op, DE(poff), EDGE_BO - 255, -EINVAL,
	       "bound-2d-pattern-offset-3841");
	bufs_close(h, 3);
}

/* ------------------------------------------------------------------ */
/* The UAPI's counts and sizes */

static void test_bounds_uapi(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_WRITE, .handle = sbo,
	};
	struct drm_etnaviv_gem_submit_pmr p;
	struct drm_etnaviv_gem_submit req;
	unsigned int nd, nsig;
	uint32_t *big;
	unsigned int i;

	/*
	 * The stream's limit, 128 KiB, alone: with a relocation array the
	 * kernel cannot read, a size within the limit fails on it (EFAULT),
	 * one over the limit before it (EINVAL).
	 */
	big = calloc(MAX_STREAM / 4 + 2, 4);
	if (big) {
		for (i = 0; i < MAX_STREAM / 4 + 2; i += 2)
			big[i] = ETNA_CMD_NOP;
		req = sub_init(e, big, MAX_STREAM / 4, &bo, 1, NULL, 1);
		sub_expect(e, &req, -EFAULT,
			   "bound-stream-131072-bytes (limit: then EFAULT)");
		req = sub_init(e, big, MAX_STREAM / 4 + 1, &bo, 1, NULL, 1);
		sub_expect(e, &req, -EINVAL, "bound-stream-131076-bytes");
		free(big);
	}
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.nr_pmrs = MAX_PMRS;
	req.pmrs = 0;
	sub_expect(e, &req, -EFAULT, "bound-nr-pmrs-128-null (within limit)");

	/* the engine's last domain and its last signal; one past each */
	nd = pm_exec_domains(e->exec_state, &nsig);
#define PMR(dom, sig) do {						\
		memset(&p, 0, sizeof(p));				\
		p.flags = ETNA_PM_PROCESS_PRE;				\
		p.read_offset = 1;					\
		p.domain = (dom);					\
		p.signal = (sig);					\
		req = sub_init(e, nop, 2, &bo, 1, NULL, 0);		\
		req.pmrs = (uintptr_t)&p;				\
		req.nr_pmrs = 1;					\
	} while (0)
	PMR(nd - 1, nsig - 1);
	sub_expect(e, &req, 0, "bound-pmr-last-domain-%u-last-signal-%u",
		   nd - 1, nsig - 1);
	PMR(nd, 0);
	sub_expect(e, &req, -EINVAL, "bound-pmr-domain-%u", nd);
	PMR(nd - 1, nsig);
	sub_expect(e, &req, -EINVAL, "bound-pmr-signal-%u", nsig);
#undef PMR
}

/*
 * Softpin (MMUv2): the first address, and a buffer that would cross the
 * top of the 32-bit space (the one ending there: softpin-last-8KiB). On
 * a file of its own: the shared file's buffers used without softpin took
 * the lowest addresses of its space.
 */
static void test_bounds_softpin(const struct engine *e)
{
	static const uint32_t nop[] = { ETNA_CMD_NOP, 0 };
	struct drm_etnaviv_gem_submit_bo bo = {
		.flags = ETNA_SUBMIT_BO_READ,
	};
	struct drm_etnaviv_gem_submit req;
	uint64_t start = 0;
	int shared = fd;
	uint32_t h;

	if (e->mmuv1 ||
	    etna_param(fd, e->pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR, &start))
		return;
	fd = etna_open();
	if (etna_gem_new(fd, 8192, ETNA_BO_WC, &h)) {
		close(fd);
		fd = shared;
		return;
	}
	bo.handle = h;
	bo.presumed = start;
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect(e, &req, 0, "bound-softpin-at-start");
	bo.presumed = 0x100000000ull - 4096;
	req = sub_init(e, nop, 2, &bo, 1, NULL, 0);
	req.flags = ETNA_SUBMIT_SOFTPIN;
	sub_expect2(e, &req, -EINVAL, -ENOSPC,
		    "beyond the 32-bit space is a bad address, not a full one",
		    "bound-softpin-8KiB-crossing-4GiB");
	etna_gem_close(fd, h);
	close(fd);
	fd = shared;
}

void test_bounds(const struct engine *e)
{
	uint64_t pipes = 1, minor0 = 0;

	etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_PIXEL_PIPES, &pipes);
	etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_FEATURES_1, &minor0);
	test_bounds_2d(e);
	test_bounds_rs(e, pipes);
	test_bounds_ts(e, minor0 & ETNA_MINOR0_2BITPERTILE ? 2 : 4);
	test_bounds_uapi(e);
	test_bounds_softpin(e);
}

/*
 * GEM_NEW: the largest size, a page below 4 GiB (allocated lazily); the
 * smallest refused is gem-new-size-0xfffff001.
 */
void test_bounds_gem(void)
{
	uint32_t h = 0;
	int ret;

	ret = etna_gem_new(fd, 0xfffff000ull, ETNA_BO_WC, &h);
	if (!ret)
		etna_gem_close(fd, h);
	expect(ret, 0, "bound-gem-new-size-0xfffff000 (largest)");
}
