// SPDX-License-Identifier: MIT
/*
 * conformance: the index stream of an indexed draw at its exact edge, for
 * indices of 1, 2 and 4 bytes (FE_INDEX_STREAM_CONTROL's UNSIGNED_CHAR,
 * _SHORT, _INT). A draw of N indices from index F reads the bytes
 * [F * size, (F + N) * size) from the index stream's address
 * (drivers/gpu/drm/etnaviv/etna_validate_3d.c): the rectangle's two
 * triangles (six indices) from index 3 end exactly at the buffer's end,
 * accepted and drawn; the stream's address a byte further, or a first
 * index one more, reaches past it. Each index has its top byte set and
 * the draw's bias takes it away again (the FE adds them modulo 2^32), so
 * the rectangle is drawn only if every byte of every index, the buffer's
 * last included, was read: every pixel of the target is checked against
 * the rectangle (lib/draw3d.h, the draws written by hand).
 */
#include "conformance.h"
/* the hand-written draws' own limits */
#undef MAX_BOS
#undef MAX_RELOCS
#include "draw3d.h"

#define IDX_FIRST	3u
#define IDX_COUNT	6u	/* two triangles */

/* The bytes of the index stream the draw reads. */
static uint32_t idx_bytes(unsigned int size, uint32_t first)
{
	return (first + IDX_COUNT) * size;
}

/*
 * The rectangle drawn with @size-byte indices from index @first of the
 * stream at @off in @ib; the indices themselves are the buffer's last.
 */
static void idx_stream(struct stream *s, struct buf *rt, struct buf *vb,
		       struct buf *ib, unsigned int size, uint32_t first,
		       uint32_t off)
{
	static const uint32_t type[5] = {
		[1] = FE_INDEX_UNSIGNED_CHAR, [2] = FE_INDEX_UNSIGNED_SHORT,
		[4] = FE_INDEX_UNSIGNED_INT,
	};
	uint32_t top = size > 1 ? 1u << (8 * size - 8) : 0, v;
	unsigned int i;

	for (i = 0; i < IDX_COUNT; i++) {
		v = top + i;
		memcpy(ib->map + ib->size - (IDX_COUNT - i) * size, &v, size);
	}
	setup(s, rt, 0, W, H, STRIDE, vb, false);
	ls_reloc(s, ST_FE_INDEX_ADDR, ib, off, false);
	ls(s, ST_FE_INDEX_STREAM_CONTROL, type[size]);
	draw_indexed(s, first, IDX_COUNT / 3);
	s->w[s->n - 4] = -top;	/* the bias: after the header, type, first, count */
	if (s->n % 2)
		s->w[s->n++] = 0;
}

static bool idx_try(const struct engine *e, struct stream *s, int want,
		    const char *name)
{
	return edge_submit(e, s->w, s->n, s->relocs, s->nr_relocs, s->bos,
			   s->nr_bos, want, name);
}

static void test_bounds_idx_size(const struct engine *e, struct buf *b,
				 unsigned int size)
{
	uint32_t end = b[2].size - idx_bytes(size, IDX_FIRST), i;
	struct stream s;
	char name[80];

	for (i = 0; i < b[0].size; i += 4)
		memcpy(b[0].map + i, &(uint32_t){ BACKGROUND }, 4);
	idx_stream(&s, &b[0], &b[1], &b[2], size, IDX_FIRST, end);
	snprintf(name, sizeof(name), "bound-index-%u-byte-first-%u-to-end-last",
		 size, IDX_FIRST);
	if (idx_try(e, &s, 0, name))
		report(check_pixels(&b[0], 0, MAGENTA),
		       "bound-index-%u-byte-drawn/%s (every pixel)", size,
		       e->name);
	idx_stream(&s, &b[0], &b[1], &b[2], size, IDX_FIRST, end + 1);
	snprintf(name, sizeof(name), "bound-index-%u-byte-one-byte-past",
		 size);
	idx_try(e, &s, -EINVAL, name);
	idx_stream(&s, &b[0], &b[1], &b[2], size, IDX_FIRST + 1, end);
	snprintf(name, sizeof(name), "bound-index-%u-byte-first-%u", size,
		 IDX_FIRST + 1);
	idx_try(e, &s, -EINVAL, name);
}

/*
 * The buffers are kept to the end: the core keeps the states this job
 * left, and upstream runs a later job that draws with whatever the last
 * left (stream.c, draws-without-states-in-stream, on the GC600's 2D
 * engine after its 3D one): it must not reach freed memory.
 */
void test_bounds_idx(const struct engine *e)
{
	static const unsigned int sizes[] = { 1, 2, 4 };
	static struct buf b[3];	/* target, vertices, indices */
	unsigned int i;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D)
		return;
	if (!find_core(fd) || d3_pipe != e->pipe) {
		report(false, "bound-index-core/%s", e->name);
		return;
	}
	for (i = 0; i < 3; i++)
		if (!buf_new(&b[i], 4096)) {
			report(false, "bound-index-buffers/%s", e->name);
			return;
		}
	rect_vertices(&b[1], 0);
	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		test_bounds_idx_size(e, b, sizes[i]);
}
