// SPDX-License-Identifier: MIT
/*
 * conformance: a resolve whose tile-status states came in the previous
 * submit. Mesa 22.3 loads TS_MEM_CONFIG, the tile-status addresses and
 * the clear value for a resolve, then reserves room for the resolve's
 * own states; when its command buffer is full, that reservation submits
 * it, and the resolve starts the next submit without them (dEQP-GLES2's
 * cube-map mipmap generation does this on the GC2000). Silicon and Linux
 * 6.1 run it with whatever the core holds; our driver loads, before the
 * job, the tile-status states the file's previous job left, keeps their
 * buffers, and bounds the resolve with them
 * (drivers/gpu/drm/etnaviv/etna_carry.c).
 *
 * The checks, on MMUv1 3D cores: the resolve reads the status entries
 * and the clear value of the previous submit (every pixel it writes is
 * the clear value, none the source's); and, with our driver only (on
 * Linux 6.1 the core keeps whatever ran last, and a buffer closed in
 * between is freed under the GPU): another client's job in between
 * changes nothing; a status buffer closed in between still serves; a
 * status buffer too small for the resolve is refused at the edge; a file
 * never takes another file's states.
 */
#include "bounds.h"

#define SRC	0x0a0a0a0au	/* the source's pixels */
#define CLR	0xc1c1c1c1u	/* the clear value the status entries select */
#define OTHER	0x07070707u	/* another client's clear value */

/*
 * The first submit: the colour tile status on, status buffer 0 from
 * @soff, surface buffer 1, clear value @clear; then the buffer is full.
 */
static void ts_setup(struct sb *s, uint32_t soff, uint32_t clear)
{
	memset(s, 0, sizeof(*s));
	ls(s, ST_TS_FLUSH_CACHE, 1);
	ls(s, ST_TS_MEM_CONFIG, TS_COLOR_FAST_CLEAR);
	ls_bo(s, ST_TS_COLOR_STATUS_BASE, 0, soff);
	ls_bo(s, ST_TS_COLOR_SURFACE_BASE, 1, 0);
	ls(s, ST_TS_COLOR_CLEAR_VALUE, clear);
}

/* The next submit: a resolve of 64 x 16 pixels, buffer 0 to buffer 1. */
static void ts_resolve(struct sb *s)
{
	memset(s, 0, sizeof(*s));
	ls_bo(s, ST_RS_SOURCE_ADDR, 0, 0);
	ls_bo(s, ST_RS_PIPE_SOURCE_ADDR(0), 0, 0);
	ls_bo(s, ST_RS_DEST_ADDR, 1, 0);
	ls_bo(s, ST_RS_PIPE_DEST_ADDR(0), 1, 0);
	ls(s, ST_RS_CONFIG, RS_CONFIG_A8R8G8B8);
	ls(s, ST_RS_SOURCE_STRIDE, 256);
	ls(s, ST_RS_DEST_STRIDE, 256);
	ls(s, ST_RS_PIPE_OFFSET(0), 0);
	ls(s, ST_RS_PIPE_OFFSET(1), 0);
	ls(s, ST_RS_WINDOW_SIZE, WH_HEIGHT(16) | WH_WIDTH(64));
	ls(s, ST_RS_DITHER(0), 0xffffffff);
	ls(s, ST_RS_DITHER(1), 0xffffffff);
	ls(s, ST_RS_CLEAR_CONTROL, 0);
	ls(s, ST_RS_EXTRA_CONFIG, 0);
	ls(s, ST_RS_KICKER, 0xbeebbeeb);
}

/* Submit @s with the buffers @h (read and written): @want, checked. */
static bool submit_n(const struct engine *e, const struct sb *s,
		     const uint32_t *h, unsigned int n, int want,
		     const char *name)
{
	struct drm_etnaviv_gem_submit_bo bos[2];
	struct drm_etnaviv_gem_submit req;
	unsigned int i;

	for (i = 0; i < n; i++)
		bos[i] = (struct drm_etnaviv_gem_submit_bo){
			.flags = ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE,
			.handle = h[i],
		};
	req = sub_init(e, s->w, s->n, bos, n, (void *)s->r, s->nr);
	return sub_expect(e, &req, want, "%s", name);
}

/* Whether every word of buffer @h (of this file) holds @v. */
static void holds(const struct engine *e, uint32_t h, uint32_t v,
		  const char *name)
{
	uint32_t *p = map_bo(fd, h, EDGE_BO);
	bool ok = p || fail("cannot map the destination");
	unsigned int i;

	for (i = 0; p && i < EDGE_BO / 4 && ok; i++)
		if (p[i] != v)
			ok = fail("word %u holds 0x%08x, want 0x%08x", i, p[i],
				  v);
	if (p)
		munmap(p, EDGE_BO);
	report(ok, "%s/%s (every pixel the resolve wrote)", name, e->name);
}

/*
 * A new file for a part of the checks: the global fd is switched to it,
 * and back by file_end().
 */
static int file_begin(void)
{
	int shared = fd;

	fd = etna_open();
	return shared;
}

static void file_end(int shared)
{
	close(fd);
	fd = shared;
}

/* What happens between the two submits. */
enum between { NOTHING, OTHER_CLIENT, STATUS_CLOSED };

/*
 * Status buffer @h[0] (every entry "cleared") from @soff, source @h[1],
 * destination @h[2]: the first submit, then @b, then the resolve, which
 * should give @want. Return whether it was accepted as wanted.
 */
static bool carried(const struct engine *e, const uint32_t *h, uint32_t soff,
		    enum between b, int want, const char *name)
{
	char rname[96];
	struct sb s;
	int shared;

	ts_setup(&s, soff, CLR);
	snprintf(rname, sizeof(rname), "%s-setup", name);
	if (!submit_n(e, &s, h, 2, 0, rname))
		return false;
	if (b == OTHER_CLIENT) {
		shared = file_begin();
		memset(&s, 0, sizeof(s));
		ls(&s, ST_TS_MEM_CONFIG, 0);
		ls(&s, ST_TS_COLOR_CLEAR_VALUE, OTHER);
		submit_n(e, &s, NULL, 0, 0, "ts-carry-other-client-job");
		file_end(shared);
	} else if (b == STATUS_CLOSED) {
		etna_gem_close(fd, h[0]);
	}
	ts_resolve(&s);
	snprintf(rname, sizeof(rname), "%s-resolve", name);
	return submit_n(e, &s, h + 1, 2, want, rname) && !want;
}

void test_ts_carry(const struct engine *e)
{
	uint64_t minor0 = 0;
	uint32_t h[3], fill, need, g[2];
	char name[96];
	struct sb s;
	int shared;

	if (!e->mmuv1 || e->exec_state != ETNA_PIPE_3D)
		return;
	etna_param(fd, e->pipe, ETNAVIV_PARAM_GPU_FEATURES_1, &minor0);
	/* entries of 2 or 4 bits, all 1 (cleared); 64 blocks of 64 bytes */
	fill = minor0 & ETNA_MINOR0_2BITPERTILE ? 0x55555555u : 0x11111111u;
	need = minor0 & ETNA_MINOR0_2BITPERTILE ? 16 : 32;
	if (!bufs_new(h, 1, EDGE_BO, fill))
		return;
	if (!bufs_new(h + 1, 1, EDGE_BO, SRC) ||
	    !bufs_new(h + 2, 1, EDGE_BO, 0)) {
		bufs_close(h, 1);
		return;
	}

	if (carried(e, h, 0, NOTHING, 0, "ts-carry"))
		holds(e, h[2], CLR, "ts-carry-clear-value");
	if (upstream) {
		info("ts-carry-*/%s: another client between, a closed status "
		     "buffer, the bound and another file not run on upstream: "
		     "the core keeps the last job's states, a closed buffer "
		     "is freed", e->name);
		bufs_close(h, 3);
		return;
	}
	if (carried(e, h, 0, OTHER_CLIENT, 0, "ts-carry-other-client-between"))
		holds(e, h[2], CLR, "ts-carry-other-client-between");
	/* the file keeps the status buffer it closed */
	if (carried(e, h, 0, STATUS_CLOSED, 0, "ts-carry-status-closed"))
		holds(e, h[2], CLR, "ts-carry-status-closed");
	if (!bufs_new(h, 1, EDGE_BO, fill)) {
		bufs_close(h + 1, 2);
		return;
	}

	/* the status at the end of its buffer: the resolve's 64 entries */
	snprintf(name, sizeof(name), "bound-ts-carry-status-offset-%u-last",
		 EDGE_BO - need);
	carried(e, h, EDGE_BO - need, NOTHING, 0, name);
	snprintf(name, sizeof(name), "bound-ts-carry-status-offset-%u",
		 EDGE_BO - need + 1);
	carried(e, h, EDGE_BO - need + 1, NOTHING, -EINVAL, name);

	/* this file's states, another file's resolve */
	ts_setup(&s, 0, CLR);
	submit_n(e, &s, h, 2, 0, "ts-carry-not-from-another-file-setup");
	shared = file_begin();
	if (bufs_new(g, 1, EDGE_BO, SRC)) {
		if (bufs_new(g + 1, 1, EDGE_BO, 0)) {
			ts_resolve(&s);
			submit_n(e, &s, g, 2, -EINVAL,
				 "ts-carry-not-from-another-file");
		}
	}
	file_end(shared);

	/* let go of the buffers: the file's states point at its buffer */
	memset(&s, 0, sizeof(s));
	ls(&s, ST_TS_MEM_CONFIG, 0);
	ls_bo(&s, ST_TS_COLOR_STATUS_BASE, 0, 0);
	ls_bo(&s, ST_TS_COLOR_SURFACE_BASE, 0, 0);
	submit_n(e, &s, &sbo, 1, 0, "ts-carry-let-go");
	bufs_close(h, 3);
	check_model("ts-carry");
}
