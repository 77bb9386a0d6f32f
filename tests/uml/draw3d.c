// SPDX-License-Identifier: MIT
/*
 * draw3d: 3D draws on an MMUv1 core, each class of what a draw reads and
 * writes (issue 30, item 2): the colour and depth targets, their tile
 * status, the vertex d3_streams, the index stream and the indices, the
 * textures, the occlusion query, the states of the stream itself.
 *
 * For each class a hostile draw that reaches past its buffer: our driver
 * refuses it with EINVAL; upstream 6.1 accepts it and the GPU reads or
 * writes past the buffer, so it is not run there (an INFO line says so).
 * And its twin, kept inside its buffers: accepted by both drivers, run,
 * and every pixel of the render target compared with a reference
 * computed here: a rectangle of a colour on the background, the pixel
 * offsets of the 4x4 tiles and of the two pixel pipes' halves from
 * etna_viv doc/hardware.md ("Tiling", "Multi-tiling"). The indices of an
 * indexed draw are rewritten after the submit and before the draw runs
 * (a vgem fence holds it): with our driver the core draws what was
 * checked.
 *
 * Streams are written here, state by state (etna_viv rnndb state.xml,
 * state_3d.xml), with hand-encoded shaders (isa.xml): the vertex shader
 * passes the position and a colour on, the pixel shader writes the colour
 * or a texel of a texture at it.
 *
 * Output: "PASS: draw3d/<name>" / "FAIL: ..." / "INFO: ..." lines; exit
 * status 0 iff nothing failed.
 */
#include <drm/vgem_drm.h>

#define CHECK_PREFIX "draw3d/"
#include "check.h"
#include "draw3d.h"

static bool upstream;

/* The twin: accepted, run, every pixel as the reference has it. */
static void twin(struct stream *s, const struct buf *rt, uint32_t rt_off,
		 uint32_t inside, const char *name)
{
	uint32_t fence;
	int ret = submit(s, &fence, -1);
	bool ok = !ret || fail("SUBMIT: %s", strerror(-ret));

	if (!ret) {
		ret = etna_wait_fence(d3_fd, d3_pipe, fence, 0, 10000000000ull);
		ok = !ret || fail("WAIT_FENCE: %s", strerror(-ret));
	}
	if (ok)
		ok = check_pixels(rt, rt_off, inside);
	report(ok, "%s-twin (accepted, pixels checked)", name);
}

/* The hostile draw: ours refuses it; upstream is not tried. */
static void hostile(struct stream *s, const char *name, const char *harm)
{
	uint32_t fence;
	int ret;

	if (upstream) {
		printf("INFO: draw3d/%s: not run on upstream: it accepts it "
		       "and %s\n", name, harm);
		return;
	}
	ret = submit(s, &fence, -1);
	report(ret == -EINVAL || fail("got %s", ret ? strerror(-ret) :
				      "accepted"),
	       "%s (ours: EINVAL)", name);
	if (!ret)
		etna_wait_fence(d3_fd, d3_pipe, fence, 0, 10000000000ull);
}

/* Fill @b with BACKGROUND. */
static void clear(struct buf *b)
{
	unsigned int i;

	for (i = 0; i < b->size / 4; i++)
		memcpy(b->map + 4 * i, &(uint32_t){ BACKGROUND }, 4);
}

struct bufs {
	struct buf rt, vb, ib, tex, ts, depth, occ;
};

/* The colour target: the window to its last tile, and one row more. */
static void class_color(struct bufs *b)
{
	struct stream s;

	clear(&b->rt);
	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	draw(&s, 0, 2);
	twin(&s, &b->rt, 0, MAGENTA, "color-target");
	setup(&s, &b->rt, 0, W, H + 1, STRIDE, &b->vb, false);
	draw(&s, 0, 2);
	hostile(&s, "color-target-window-past-buffer",
		"the PE writes a row of tiles past the buffer");
	/*
	 * The exact edges (the window's extent in whole 4x4 tiles, rows of
	 * tiles 4 strides apart): one pixel wider reaches a tile column
	 * more; a stride one byte longer pushes the last row of tiles one
	 * byte past the buffer (each pipe's half, on a two-pipe core).
	 */
	setup(&s, &b->rt, 0, W + 1, H, STRIDE, &b->vb, false);
	draw(&s, 0, 2);
	hostile(&s, "color-target-window-x-one-past-buffer",
		"the PE writes a column of tiles past the buffer");
	setup(&s, &b->rt, 0, W, H, STRIDE + 1, &b->vb, false);
	draw(&s, 0, 2);
	hostile(&s, "color-target-stride-one-byte-long",
		"the PE writes past the buffer");
	if (d3_pipe_addrs) {
		/* the second pixel pipe's half a byte further: a byte short */
		setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
		s.relocs[s.nr_relocs - 1].reloc_offset++;
		draw(&s, 0, 2);
		hostile(&s, "color-target-pipe1-half-one-byte-short",
			"the second pixel pipe writes a byte past the buffer");
	}
	/* issue 18's stride: a row of tiles 512 KiB further down */
	setup(&s, &b->rt, 0, W, H, 0x20000, &b->vb, false);
	draw(&s, 0, 2);
	hostile(&s, "color-target-stride-past-buffer",
		"the PE writes 512 KiB past the buffer");
}

/*
 * The depth target (D16, a depth test LESS against 1.0): the same
 * rectangle passes it; a depth buffer half the size, or one byte short,
 * is refused.
 */
static void class_depth(struct bufs *b)
{
	uint32_t bytes = W * H * 2;
	struct stream s;
	unsigned int i;
	int k;

	for (k = 0; k < 3; k++) {
		clear(&b->rt);
		for (i = 0; i < b->depth.size / 2; i++)
			memcpy(b->depth.map + 2 * i, &(uint16_t){ 0xffff }, 2);
		setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
		/* the buffer's last @bytes, half of them, or a byte less */
		if (k < 2)
			depth_target(&s, &b->depth,
				     b->depth.size - bytes / (k + 1),
				     bytes / 2 / (k + 1));
		else
			depth_target(&s, &b->depth,
				     b->depth.size - bytes + 1, bytes / 2);
		draw(&s, 0, 2);
		if (!k)
			twin(&s, &b->rt, 0, MAGENTA, "depth-target");
		else if (k == 1)
			hostile(&s, "depth-target-past-buffer",
				"the PE reads and writes depth past the buffer");
		else
			hostile(&s, "depth-target-one-byte-short",
				"the PE reads and writes a byte past the "
				"buffer");
	}
}

/*
 * The colour tile status: the entries of the target's 64-byte blocks (2
 * or 4 bits each), none cleared; one entry short is refused.
 */
static void class_ts(struct bufs *b, unsigned int ts_bits)
{
	uint32_t bytes = RT_BYTES / 64 * ts_bits / 8;
	struct stream s;
	int k;

	for (k = 0; k < 2; k++) {
		clear(&b->rt);
		memset(b->ts.map, 0, b->ts.size);
		setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
		/* the status buffer's last @bytes, or one byte less */
		color_ts(&s, &b->ts, b->ts.size - bytes + k, &b->rt);
		draw(&s, 0, 2);
		if (!k)
			twin(&s, &b->rt, 0, MAGENTA, "tile-status");
		else
			hostile(&s, "tile-status-past-buffer",
				"the PE reads status entries past the buffer");
	}
}

/* The vertex stream: the rectangle's last 6 vertices, then 6 more. */
static void class_vertex(struct bufs *b)
{
	unsigned int last = b->vb.size / VTX_BYTES - 6;
	struct stream s;

	clear(&b->rt);
	rect_vertices(&b->vb, last);
	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	draw(&s, last, 2);
	twin(&s, &b->rt, 0, MAGENTA, "vertex-stream");
	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	draw(&s, last + 1, 2);
	hostile(&s, "vertex-stream-past-buffer",
		"the FE reads a vertex past the buffer");
	/* the same vertices from a stream one byte further (relocation 0) */
	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	s.relocs[0].reloc_offset = 1;
	draw(&s, last, 2);
	hostile(&s, "vertex-stream-one-byte-past-buffer",
		"the FE reads a byte past the buffer");
	rect_vertices(&b->vb, 0);
}

/*
 * An indexed draw of the rectangle, 16-bit indices @first on at the end
 * of the index buffer (its last @n bytes).
 */
static void indexed(struct stream *s, struct bufs *b, uint32_t n,
		    uint32_t first)
{
	setup(s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	index_stream(s, &b->ib, b->ib.size - n);
	draw_indexed(s, first, 2);
}

static void write_indices(struct bufs *b, uint16_t top)
{
	uint16_t idx[6] = { 0, 1, 2, 3, 4, top };

	memcpy(b->ib.map + b->ib.size - sizeof(idx), idx, sizeof(idx));
}

/*
 * The index stream (its last 12 bytes, and from one index further) and
 * the indices (a vertex past the 128 the stream holds).
 */
static void class_index(struct bufs *b)
{
	struct stream s;

	clear(&b->rt);
	write_indices(b, 5);
	indexed(&s, b, 12, 0);
	twin(&s, &b->rt, 0, MAGENTA, "index-stream");
	indexed(&s, b, 12, 1);
	hostile(&s, "index-stream-past-buffer",
		"the FE reads an index past the buffer");
	write_indices(b, 60000);
	indexed(&s, b, 12, 0);
	hostile(&s, "index-past-vertex-stream",
		"the FE reads vertex 60000, 1.8 MiB past its 4 KiB buffer");
	write_indices(b, 5);
}

/*
 * The indices rewritten after the submit: a vgem fence on an imported
 * buffer holds the job; meanwhile the client names vertex 60000. With our
 * driver the core reads the indices that were checked (a copy): the
 * rectangle. Upstream reads the new ones: not run there.
 */
static void class_index_rewritten(struct bufs *b)
{
	struct drm_mode_create_dumb cd = { .width = 64, .height = 64,
					   .bpp = 32 };
	struct drm_prime_handle ph = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	struct drm_vgem_fence_signal fs = { 0 };
	struct buf pend = { 0 };
	char node[32], err[600];
	struct stream s;
	uint32_t fence;
	int vfd, ret;
	bool ok;

	if (upstream) {
		printf("INFO: draw3d/indices-rewritten-after-submit: not run "
		       "on upstream: the FE would read the rewritten indices, "
		       "past the vertex buffer\n");
		return;
	}
	vfd = vgem_open(node, sizeof(node), err, sizeof(err));
	ok = vfd >= 0 || fail("%s", err);
	ret = ok ? etna_ioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &cd) : -1;
	ph.handle = cd.handle;
	if (!ret)
		ret = etna_ioctl(vfd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph);
	if (!ret)
		ret = prime_import(d3_fd, ph.fd, &pend.handle);
	fa.handle = cd.handle;
	if (!ret)
		ret = etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_ATTACH, &fa);
	if (ok && ret)
		ok = fail("vgem setup: %d", ret);
	if (ok) {
		clear(&b->rt);
		write_indices(b, 5);
		indexed(&s, b, 12, 0);
		bo_index(&s, &pend, false);	/* waits for vgem's fence */
		ret = submit(&s, &fence, -1);
		ok = !ret || fail("SUBMIT: %s", strerror(-ret));
	}
	if (ok) {
		write_indices(b, 60000);
		fs.fence = fa.out_fence;
		ret = etna_ioctl(vfd, DRM_IOCTL_VGEM_FENCE_SIGNAL, &fs);
		ok = !ret || fail("VGEM_FENCE_SIGNAL: %s", strerror(-ret));
	}
	if (ok) {
		ret = etna_wait_fence(d3_fd, d3_pipe, fence, 0, 10000000000ull);
		ok = !ret || fail("WAIT_FENCE: %s", strerror(-ret));
	}
	if (ok)
		ok = check_pixels(&b->rt, 0, MAGENTA);
	report(ok, "indices-rewritten-after-submit (ours: the checked copy "
	       "drawn)");
	write_indices(b, 5);
	if (pend.handle)
		etna_gem_close(d3_fd, pend.handle);
	if (ph.fd > 0)
		close(ph.fd);
	if (vfd >= 0)
		close(vfd);
}

/*
 * A texture of 8 x 8 GREEN texels (A8R8G8B8, 4x4 tiled: 256 bytes) at
 * the end of its buffer, sampled at every pixel; one byte short.
 */
static void class_texture(struct bufs *b)
{
	struct stream s;
	unsigned int i;
	int k;

	for (i = 0; i < 64; i++)
		memcpy(b->tex.map + b->tex.size - 256 + 4 * i,
		       &(uint32_t){ GREEN }, 4);
	for (k = 0; k < 2; k++) {
		clear(&b->rt);
		setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, true);
		texture_8x8(&s, &b->tex, b->tex.size - 256 + k);
		draw(&s, 0, 2);
		if (!k)
			twin(&s, &b->rt, 0, GREEN, "texture");
		else
			hostile(&s, "texture-past-buffer",
				"the TX reads texels past the buffer");
	}
}

/* The occlusion query: on and off in the stream, or left on. */
static void class_occlusion(struct bufs *b)
{
	struct stream s;

	clear(&b->rt);
	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	ls_reloc(&s, ST_GL_OCCLUSION_QUERY_ADDR, &b->occ, 0, true);
	draw(&s, 0, 2);
	ls(&s, ST_GL_OCCLUSION_QUERY_CONTROL, 0x1df5e76);
	twin(&s, &b->rt, 0, MAGENTA, "occlusion-query");
	s.n -= 2;
	hostile(&s, "occlusion-query-left-on",
		"the next job, maybe another client's, counts into this "
		"client's buffer");
}

/* A draw whose target's states come from the job before. */
static void class_states(struct bufs *b)
{
	struct stream s;

	setup(&s, &b->rt, 0, W, H, STRIDE, &b->vb, false);
	s.n = 0;
	s.nr_relocs = 0;
	draw(&s, 0, 2);
	hostile(&s, "draw-without-its-states",
		"the draw uses whatever target the job before left");
}

int main(void)
{
	const char *drv = getenv("ETNAVIV_DRIVER");
	struct bufs b;
	bool ok;

	upstream = drv && !strcmp(drv, "upstream");
	ok = find_core(etna_open());
	report(ok, "core-found");
	if (!ok)
		return 1;
	ok = buf_new(&b.rt, 4096) && buf_new(&b.vb, 4096) &&
	     buf_new(&b.ib, 4096) && buf_new(&b.tex, 4096) &&
	     buf_new(&b.ts, 4096) && buf_new(&b.depth, 4096) &&
	     buf_new(&b.occ, 4096);
	report(ok, "buffers-created");
	if (!ok)
		return 1;
	rect_vertices(&b.vb, 0);

	class_color(&b);
	class_depth(&b);
	class_ts(&b, d3_ts_bits);
	class_vertex(&b);
	class_index(&b);
	class_index_rewritten(&b);
	class_texture(&b);
	class_occlusion(&b);
	class_states(&b);

	buf_free(&b.rt);
	buf_free(&b.vb);
	buf_free(&b.ib);
	buf_free(&b.tex);
	buf_free(&b.ts);
	buf_free(&b.depth);
	buf_free(&b.occ);
	close(d3_fd);

	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
