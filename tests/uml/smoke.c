// SPDX-License-Identifier: MIT
/*
 * smoke: the smoke test that runs inside a simulated board.
 *
 * It finds the GPU cores itself (GET_PARAM GPU_MODEL on pipes 0..3) and
 * checks them against what the board named by ETNAVIV_BOARD has (its line
 * in boards/boards.manifest, compiled in): every GET_PARAM, buffer objects
 * (create, map, CPU access, close), a thousand small submits on every 2D
 * and 3D engine with their fences, a few submits the MMUv1 command-stream
 * validator must refuse, and at the end
 * the device model's own statistics (debugfs), which tell whether the
 * GPU saw a bad command, an MMU fault or a bus error.
 *
 * Output: one line per check, "PASS: <name>" or "FAIL: <name>: <reason>".
 * Exit status 0 iff nothing failed.
 *
 * "smoke --dump-params FILE" also writes every GET_PARAM answer of every
 * pipe to FILE (before the other checks), for tests/uml/getparam-equal.sh
 * to compare between the drivers; "--dump-params-only FILE" writes it and
 * exits.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/mman.h>

#include "check.h"

#define NR_SUBMITS	1000
#define MAX_TARGETS	ENGINES_MAX
#define MAX_CORES	16
#define NR_SPECS	11	/* GET_PARAM 0x10 (streams) .. 0x1a */
#define SUBMIT_BO_SIZE	0x10000

/* ------------------------------------------------------------------ */
/* What each board has */

struct core_id {
	const char *name;	/* the model's name for it (debugfs "core:") */
	uint32_t model, revision;
	bool known_features;	/* features[] below are facts */
	uint32_t features[3];	/* GPU_FEATURES_0 .. _2 */
	bool mmuv2;
	/* GET_PARAM 0x10..0x1a as the driver reports them; NULL: unknown */
	const uint64_t *specs;
};

/*
 * Identities and specs of the cores the device model presents, and
 * core_ids[], every core a board may have: generated from hw/cores.db.
 * GC320 r5303's specs are not public: NULL, checked for plausibility only.
 */
#include "core_ids.h"

/*
 * The boards, their cores and the pipe order: boards/boards.manifest,
 * compiled in as a string. The GC355 VG cores are refused by the drivers:
 * no pipe. With the legacy master node, our driver numbers pipes in the
 * order of its "cores" list (2D first), as the binding meant; upstream
 * 6.1 ignores the master node and numbers them in device-tree order.
 */
static const char manifest[] =
#include "boards-manifest.h"
	;

struct board {
	char name[64];
	const struct core_id *pipe[ETNA_MAX_PIPES];	/* NULL: ENXIO */
};

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/*
 * Fills @b with the pipes of board @name for driver @drv from the
 * manifest's "pipes" field: the list for "DRIVER:" if there is one, the
 * plain list otherwise. False, with the reason in why, if it cannot.
 */
static bool manifest_board(const char *name, const char *drv,
			   struct board *b)
{
	char buf[sizeof(manifest)], *line, *next, *f[5], *alt, *order, *c;
	unsigned int n, i, pipe;
	bool found = false;

	memcpy(buf, manifest, sizeof(buf));
	for (line = buf; line && !found; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line = trim(line);
		if (!*line || *line == '#')
			continue;
		/* board | soc | tags | pipes | cores */
		for (n = 0; n < 5 && line; n++)
			f[n] = trim(strsep(&line, "|"));
		found = n == 5 && !strcmp(f[0], name);
	}
	if (!found)
		return fail("board %s is not in boards/boards.manifest", name);

	order = NULL;
	while ((alt = strsep(&f[3], ";"))) {
		alt = trim(alt);
		c = strchr(alt, ':');
		if (!c) {
			if (!order)
				order = alt;
			continue;
		}
		*c = '\0';
		if (!strcmp(trim(alt), drv)) {
			order = c + 1;
			break;
		}
	}
	if (!order)
		return fail("board %s: no pipe order for driver %s", name, drv);

	memset(b, 0, sizeof(*b));
	snprintf(b->name, sizeof(b->name), "%s", name);
	pipe = 0;
	while ((c = strsep(&order, " \t"))) {
		if (!*c)
			continue;
		if (pipe == ETNA_MAX_PIPES)
			return fail("board %s: more than %u pipes", name,
				    ETNA_MAX_PIPES);
		for (i = 0; i < ARRAY_SIZE(core_ids); i++)
			if (!strcmp(core_ids[i]->name, c))
				b->pipe[pipe] = core_ids[i];
		if (!b->pipe[pipe])
			return fail("board %s: core %s has no identity here",
				    name, c);
		pipe++;
	}
	return pipe || fail("board %s: no pipes", name);
}

static const char *const param_names[] = {
	[0x01] = "GPU_MODEL", [0x02] = "GPU_REVISION",
	[0x03] = "GPU_FEATURES_0", [0x04] = "GPU_FEATURES_1",
	[0x05] = "GPU_FEATURES_2", [0x06] = "GPU_FEATURES_3",
	[0x07] = "GPU_FEATURES_4", [0x08] = "GPU_FEATURES_5",
	[0x09] = "GPU_FEATURES_6", [0x0a] = "GPU_FEATURES_7",
	[0x0b] = "GPU_FEATURES_8", [0x0c] = "GPU_FEATURES_9",
	[0x0d] = "GPU_FEATURES_10", [0x0e] = "GPU_FEATURES_11",
	[0x0f] = "GPU_FEATURES_12", [0x10] = "GPU_STREAM_COUNT",
	[0x11] = "GPU_REGISTER_MAX", [0x12] = "GPU_THREAD_COUNT",
	[0x13] = "GPU_VERTEX_CACHE_SIZE", [0x14] = "GPU_SHADER_CORE_COUNT",
	[0x15] = "GPU_PIXEL_PIPES", [0x16] = "GPU_VERTEX_OUTPUT_BUFFER_SIZE",
	[0x17] = "GPU_BUFFER_SIZE", [0x18] = "GPU_INSTRUCTION_COUNT",
	[0x19] = "GPU_NUM_CONSTANTS", [0x1a] = "GPU_NUM_VARYINGS",
	[0x1b] = "SOFTPIN_START_ADDR", [0x1c] = "GPU_PRODUCT_ID",
	[0x1d] = "GPU_CUSTOMER_ID", [0x1e] = "GPU_ECO_ID",
};

#define FIRST_PARAM	ETNAVIV_PARAM_GPU_MODEL
#define LAST_PARAM	ETNAVIV_PARAM_GPU_ECO_ID

/* ------------------------------------------------------------------ */
/* GET_PARAM */

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* Plausible for any Vivante core, whatever its exact identity. */
static bool spec_sane(uint32_t param, uint64_t v)
{
	switch (param) {
	case ETNAVIV_PARAM_GPU_STREAM_COUNT:
		return v >= 1 && v <= 32;
	case ETNAVIV_PARAM_GPU_REGISTER_MAX:
		return is_pow2(v) && v >= 32 && v <= 1024;
	case ETNAVIV_PARAM_GPU_THREAD_COUNT:
		return is_pow2(v) && v >= 64 && v <= 32768;
	case ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE:
		return v >= 1 && v <= 31;
	case ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT:
		return v >= 1 && v <= 31;
	case ETNAVIV_PARAM_GPU_PIXEL_PIPES:
		return v >= 1 && v <= 7;
	case ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE:
		return is_pow2(v) && v <= 32768;
	case ETNAVIV_PARAM_GPU_BUFFER_SIZE:
		return v <= 0xff;
	case ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT:
		return v == 256 || v == 512 || v == 1024 || v == 2048;
	case ETNAVIV_PARAM_GPU_NUM_CONSTANTS:
		return v >= 1 && v <= 0xffff;
	case ETNAVIV_PARAM_GPU_NUM_VARYINGS:
		return v >= 1 && v <= 31;
	}
	return true;
}

static bool check_param(int fd, uint32_t pipe, const struct core_id *id,
			uint32_t param)
{
	uint64_t v = 0, want;
	bool exact = true;
	int ret;

	ret = etna_param(fd, pipe, param, &v);
	if (ret)
		return fail("GET_PARAM returned %s", err_name(ret));

	switch (param) {
	case ETNAVIV_PARAM_GPU_MODEL:
		want = id->model;
		break;
	case ETNAVIV_PARAM_GPU_REVISION:
		want = id->revision;
		break;
	case ETNAVIV_PARAM_GPU_FEATURES_0:
	case ETNAVIV_PARAM_GPU_FEATURES_1:
	case ETNAVIV_PARAM_GPU_FEATURES_2:
		exact = id->known_features;
		want = id->features[param - ETNAVIV_PARAM_GPU_FEATURES_0];
		break;
	case ETNAVIV_PARAM_SOFTPIN_START_ADDR:
		want = id->mmuv2 ? 0x400000 : ~0ull;
		break;
	case ETNAVIV_PARAM_GPU_STREAM_COUNT ... ETNAVIV_PARAM_GPU_NUM_VARYINGS:
		if (!spec_sane(param, v))
			return fail("implausible value %llu",
				    (unsigned long long)v);
		exact = id->specs;
		want = exact ? id->specs[param - ETNAVIV_PARAM_GPU_STREAM_COUNT]
			     : 0;
		break;
	default:	/* features 3..12, product/customer/eco ids */
		exact = false;
		want = 0;
		break;
	}
	if (!exact || v == want)
		return true;
	if (param >= ETNAVIV_PARAM_GPU_STREAM_COUNT &&
	    param <= ETNAVIV_PARAM_GPU_NUM_VARYINGS)
		return fail("got %llu, %s has %llu", (unsigned long long)v,
			    id->name, (unsigned long long)want);
	return fail("got 0x%llx, %s has 0x%llx", (unsigned long long)v,
		    id->name, (unsigned long long)want);
}

/* Fills @present with the pipes that have a core; checks them. */
static const struct board *check_params(int fd, bool present[ETNA_MAX_PIPES])
{
	static const uint32_t bad_params[] = {
		0x00, 0x1f, 0x20, 0xffff, 0xffffffff,
	};
	static const uint32_t bad_pipes[] = { ETNA_MAX_PIPES, 0xffffffff };
	const char *bname = getenv("ETNAVIV_BOARD");
	static struct board manifest_entry;
	const struct board *board = NULL;
	uint32_t pipe, param, any = ETNA_MAX_PIPES;
	unsigned int i;
	uint64_t v;
	bool ok;
	int ret;

	if (!bname)
		fail("ETNAVIV_BOARD is not set");
	else if (manifest_board(bname, driver_name(), &manifest_entry))
		board = &manifest_entry;
	report(board, "board %s known", bname ? bname : "(unset)");

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		const struct core_id *id = board ? board->pipe[pipe] : NULL;

		v = 0;
		ret = etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &v);
		present[pipe] = !ret;
		if (!ret && any == ETNA_MAX_PIPES)
			any = pipe;
		if (!board) {
			ok = !ret || ret == -ENXIO ||
			     fail("got %s", err_name(ret));
			report(ok, "getparam pipe%u: a core or ENXIO", pipe);
		} else if (id) {
			ok = !ret || fail("GET_PARAM GPU_MODEL returned %s",
					  err_name(ret));
			report(ok, "getparam pipe%u present (%s)", pipe,
			       id->name);
		} else {
			ok = ret == -ENXIO ||
			     fail("got %s (model 0x%llx), want ENXIO",
				  err_name(ret), (unsigned long long)v);
			report(ok, "getparam pipe%u absent: ENXIO", pipe);
		}
		if (ret || !board)
			continue;
		if (!id) {	/* a core the board should not have */
			present[pipe] = false;
			continue;
		}
		for (param = FIRST_PARAM; param <= LAST_PARAM; param++)
			report(check_param(fd, pipe, id, param),
			       "getparam pipe%u %s", pipe, param_names[param]);
	}

	if (any < ETNA_MAX_PIPES) {
		for (i = 0; i < ARRAY_SIZE(bad_params); i++) {
			ret = etna_param(fd, any, bad_params[i], &v);
			ok = ret == -EINVAL ||
			     fail("got %s, want EINVAL", err_name(ret));
			report(ok, "getparam pipe%u unknown param 0x%x: EINVAL",
			       any, bad_params[i]);
		}
	}
	for (i = 0; i < ARRAY_SIZE(bad_pipes); i++) {
		ret = etna_param(fd, bad_pipes[i], ETNAVIV_PARAM_GPU_MODEL, &v);
		ok = ret == -EINVAL || fail("got %s, want EINVAL",
					    err_name(ret));
		report(ok, "getparam pipe %u: EINVAL", bad_pipes[i]);
	}
	return board;
}

/* ------------------------------------------------------------------ */
/* Buffer objects */

static const struct {
	uint32_t flags;
	const char *name;
} cache_modes[] = {
	{ ETNA_BO_CACHED, "cached" },
	{ ETNA_BO_WC, "wc" },
	{ ETNA_BO_UNCACHED, "uncached" },
	{ ETNA_BO_WC | ETNA_BO_FORCE_MMU, "wc+force_mmu" },
};

/*
 * One BO through its life: create, two mappings, write through one and
 * read through the other (inside CPU_PREP/CPU_FINI), close; the handle is
 * gone afterwards but the mappings keep the pages alive.
 */
static bool check_bo(int fd, uint32_t flags, size_t size, uint32_t seed)
{
	size_t len = (size + 4095) & ~(size_t)4095, i, bad = len;
	uint32_t handle = 0, *w = NULL, *r = NULL;
	uint64_t offset = 0, off2 = 0;
	bool ok = false;
	void *extra;
	int ret;

	ret = etna_gem_new(fd, size, flags, &handle);
	if (ret)
		return fail("GEM_NEW returned %s", err_name(ret));
	ret = etna_gem_info(fd, handle, &offset);
	if (ret) {
		fail("GEM_INFO returned %s", err_name(ret));
		goto out_close;
	}
	if (!offset || offset & 4095) {
		fail("GEM_INFO gave mmap offset 0x%llx",
		     (unsigned long long)offset);
		goto out_close;
	}
	ret = etna_gem_info(fd, handle, &off2);
	if (ret || off2 != offset) {
		fail("second GEM_INFO: %s, offset 0x%llx then 0x%llx",
		     err_name(ret), (unsigned long long)offset,
		     (unsigned long long)off2);
		goto out_close;
	}
	w = map_fd(fd, offset, len);
	r = map_fd(fd, offset, len);
	if (!w || !r) {
		fail("mmap of %zu bytes at offset 0x%llx: %s", len,
		     (unsigned long long)offset, strerror(errno));
		goto out_unmap;
	}
	/* The object is @len bytes: a page more must not map. */
	extra = mmap(NULL, len + 4096, PROT_READ, MAP_SHARED, fd,
		     (off_t)offset);
	if (extra != MAP_FAILED) {
		munmap(extra, len + 4096);
		fail("mmap of %zu bytes of a %zu-byte object worked",
		     len + 4096, len);
		goto out_unmap;
	}

	ret = etna_cpu_prep(fd, handle, ETNA_PREP_WRITE, 10 * SEC_NS);
	if (ret) {
		fail("CPU_PREP(WRITE) returned %s", err_name(ret));
		goto out_unmap;
	}
	for (i = 0; i < len / 4; i++)
		w[i] = pattern(i, seed);
	ret = etna_cpu_fini(fd, handle);
	if (ret) {
		fail("CPU_FINI returned %s", err_name(ret));
		goto out_unmap;
	}
	ret = etna_cpu_prep(fd, handle, ETNA_PREP_READ, 10 * SEC_NS);
	if (ret) {
		fail("CPU_PREP(READ) returned %s", err_name(ret));
		goto out_unmap;
	}
	for (i = 0; i < len / 4 && bad == len; i++)
		if (r[i] != pattern(i, seed))
			bad = i;
	ret = etna_cpu_fini(fd, handle);
	if (bad != len) {
		fail("second mapping reads 0x%08x at byte %zu, wrote 0x%08x",
		     r[bad], bad * 4, pattern(bad, seed));
		goto out_unmap;
	}
	if (ret) {
		fail("CPU_FINI returned %s", err_name(ret));
		goto out_unmap;
	}

	ret = etna_gem_close(fd, handle);
	if (ret) {
		fail("GEM_CLOSE returned %s", err_name(ret));
		goto out_unmap;
	}
	ret = etna_gem_info(fd, handle, &off2);
	handle = 0;
	if (ret != -ENOENT) {
		fail("GEM_INFO after GEM_CLOSE returned %s, want ENOENT",
		     err_name(ret));
		goto out_unmap;
	}
	for (i = 0; i < len / 4 && bad == len; i++)
		if (r[i] != pattern(i, seed))
			bad = i;
	if (bad != len) {
		fail("after GEM_CLOSE the mapping reads 0x%08x at byte %zu",
		     r[bad], bad * 4);
		goto out_unmap;
	}
	ok = true;
out_unmap:
	if (w)
		munmap(w, len);
	if (r)
		munmap(r, len);
out_close:
	if (handle)
		etna_gem_close(fd, handle);
	return ok;
}

static void check_bos(int fd)
{
	static const size_t sizes[] = { 4096, 1 << 20, 5000 };
	static const struct {
		uint32_t flags;
		const char *name;
	} bad_flags[] = {
		{ 0, "no cache mode" },
		{ ETNA_BO_CACHED | ETNA_BO_WC, "cached|wc" },
		{ ETNA_BO_WC | ETNA_BO_UNCACHED, "wc|uncached" },
		{ 0x00080000, "unknown cache mode 0x80000" },
		{ ETNA_BO_WC | 0x1, "wc|0x1" },
		{ ETNA_BO_WC | 0x80000000, "wc|0x80000000" },
		{ ETNA_BO_FORCE_MMU, "force_mmu alone" },
	};
	struct drm_etnaviv_gem_info info;
	uint32_t handle;
	uint64_t offset;
	unsigned int m, s, i;
	bool ok, upstream;
	int ret;

	for (m = 0; m < ARRAY_SIZE(cache_modes); m++)
		for (s = 0; s < ARRAY_SIZE(sizes); s++)
			report(check_bo(fd, cache_modes[m].flags, sizes[s],
					m * 16 + s),
			       "bo %s %zu bytes: new, info, mmap, rw, close",
			       cache_modes[m].name, sizes[s]);

	for (i = 0; i < ARRAY_SIZE(bad_flags); i++) {
		handle = 0;
		ret = etna_gem_new(fd, 4096, bad_flags[i].flags, &handle);
		ok = ret == -EINVAL ||
		     fail("got %s, want EINVAL", err_name(ret));
		if (!ret)
			etna_gem_close(fd, handle);
		report(ok, "bo flags %s: EINVAL", bad_flags[i].name);
	}

	/*
	 * Size 0 must be refused. Linux 6.1's etnaviv is the exception: it
	 * creates an empty object (which then has no mmap offset); with it
	 * the check only asks that the object closes cleanly.
	 */
	upstream = !strcmp(driver_name(), "upstream");
	handle = 0;
	ret = etna_gem_new(fd, 0, ETNA_BO_WC, &handle);
	if (!ret && upstream)
		ok = !etna_gem_close(fd, handle) ||
		     fail("GEM_CLOSE of the empty object failed");
	else
		ok = ret == -EINVAL ||
		     fail("got %s, want EINVAL", err_name(ret));
	if (!ret && !upstream)
		etna_gem_close(fd, handle);
	report(ok, "bo size 0: EINVAL%s", upstream && !ret ?
	       " (upstream 6.1: accepted, empty object)" : "");

	ret = etna_gem_info(fd, 0xdead, &offset);
	ok = ret == -ENOENT || fail("got %s, want ENOENT", err_name(ret));
	report(ok, "bo GEM_INFO unknown handle: ENOENT");

	ret = etna_gem_info(fd, 0, &offset);
	ok = ret == -ENOENT || fail("got %s, want ENOENT", err_name(ret));
	report(ok, "bo GEM_INFO handle 0: ENOENT");

	ok = false;
	ret = etna_gem_new(fd, 4096, ETNA_BO_WC, &handle);
	if (ret) {
		fail("GEM_NEW returned %s", err_name(ret));
	} else {
		memset(&info, 0, sizeof(info));
		info.handle = handle;
		info.pad = 1;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_INFO, &info);
		ok = ret == -EINVAL ||
		     fail("got %s, want EINVAL", err_name(ret));
		etna_gem_close(fd, handle);
	}
	report(ok, "bo GEM_INFO pad != 0: EINVAL");

	ret = etna_gem_close(fd, 0xdead);
	ok = ret == -EINVAL || fail("got %s, want EINVAL", err_name(ret));
	report(ok, "bo GEM_CLOSE unknown handle: EINVAL");
}

/* ------------------------------------------------------------------ */
/* Submits */

struct target {
	struct engine e;
	const struct core_id *id;
	uint32_t last_fence;
	bool any_fence;
	bool ok;
	unsigned int submitted;
};

/*
 * A small stream the MMUv1 validator accepts, one of four kinds: NOPs;
 * one harmless state; several harmless states; an address state with its
 * relocation into the BO. Returns its length in words; *reloc is set and
 * 1 returned in *nr_relocs for the fourth kind.
 */
static unsigned int build_stream(uint32_t *s, const struct engine *e,
				 unsigned int i,
				 struct drm_etnaviv_gem_submit_reloc *reloc,
				 uint32_t *nr_relocs)
{
	bool is2d = e->exec_state == ETNA_PIPE_2D;
	unsigned int n = 0;

	*nr_relocs = 0;
	switch (i % 4) {
	case 0:
		s[n++] = ETNA_CMD_NOP;
		s[n++] = 0;
		break;
	case 1:
		/* 2D: DE SRC_STRIDE; 3D: FE 0x0678 */
		s[n++] = ETNA_CMD_LOAD_STATE(is2d ? ST_DE_SRC_STRIDE :
					     ST_FE_UNK00678, 1);
		s[n++] = i & 0xfff;
		break;
	case 2:
		/* 2D: DE CLIP_TOP_LEFT/BOTTOM_RIGHT; 3D: SE_SCISSOR_LEFT.. */
		s[n++] = ETNA_CMD_LOAD_STATE(is2d ? ST_DE_CLIP_TOP_LEFT :
					     ST_SE_SCISSOR_LEFT, 2);
		s[n++] = 0;
		s[n++] = 0x00100010;
		s[n++] = 0;	/* pad to 64 bits */
		s[n++] = ETNA_CMD_NOP;
		s[n++] = 0;
		break;
	case 3:
		s[n++] = ETNA_CMD_LOAD_STATE(engine_addr_state(e), 1);
		memset(reloc, 0, sizeof(*reloc));
		reloc->submit_offset = n * 4;
		reloc->reloc_idx = 0;
		reloc->reloc_offset = (i * 64) % SUBMIT_BO_SIZE;
		*nr_relocs = 1;
		s[n++] = 0;	/* patched by the kernel */
		s[n++] = ETNA_CMD_NOP;
		s[n++] = 0;
		break;
	}
	return n;
}

static int submit(int fd, uint32_t pipe, uint32_t exec_state,
		  const uint32_t *stream, unsigned int words,
		  struct drm_etnaviv_gem_submit_bo *bos, uint32_t nr_bos,
		  struct drm_etnaviv_gem_submit_reloc *relocs,
		  uint32_t nr_relocs, uint32_t flags, uint32_t *fence)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = pipe, .exec_state = exec_state,
		.nr_bos = nr_bos, .bos = (uintptr_t)bos,
		.nr_relocs = nr_relocs, .relocs = (uintptr_t)relocs,
		.stream_size = words * 4, .stream = (uintptr_t)stream,
		.flags = flags, .fence_fd = -1,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	if (!ret && fence)
		*fence = req.fence;
	return ret;
}

/*
 * Submits the command-stream validator and the argument checks must
 * refuse (the boards here are all MMUv1, where the stream is parsed).
 */
static void check_bad_submits(int fd, const struct target *t,
			      uint32_t bo, bool mmuv1, int absent_pipe)
{
	struct drm_etnaviv_gem_submit_bo bos[1] = {
		{ .flags = ETNA_SUBMIT_BO_READ, .handle = bo },
	};
	struct drm_etnaviv_gem_submit_reloc reloc, two[2];
	uint32_t s[8], addr = engine_addr_state(&t->e), *big;
	const size_t big_words = (128 << 10) / 4 + 2;
	const char *e = engine_name(&t->e);
	uint32_t p = t->e.pipe, x = t->e.exec_state;
	bool ok;
	int ret;

#define EXPECT(want, cond_ret, what)					\
	do {								\
		ret = (cond_ret);					\
		ok = ret == -(want) || fail("got %s, want %s",		\
					    err_name(ret), #want);	\
		report(ok, "submit %s rejects %s: %s", e, what, #want);	\
	} while (0)

	s[0] = ETNA_CMD_NOP;
	s[1] = 0;
	{
		struct drm_etnaviv_gem_submit req = {
			.pipe = p, .exec_state = x, .stream_size = 6,
			.stream = (uintptr_t)s,
		};

		EXPECT(EINVAL, etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT,
					  &req), "stream size 6");
	}
	EXPECT(EINVAL, submit(fd, p, 3, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "exec_state 3");
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0x100, NULL),
	       "flags 0x100");
	EXPECT(EINVAL, submit(fd, ETNA_MAX_PIPES, x, s, 2, bos, 1, NULL, 0,
			      0, NULL), "pipe 4");
	if (absent_pipe >= 0)
		EXPECT(ENXIO, submit(fd, absent_pipe, x, s, 2, bos, 1, NULL, 0,
				     0, NULL), "an absent pipe");

	bos[0].flags = 0x4;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "bo flags 0x4");
	bos[0].flags = ETNA_SUBMIT_BO_READ;
	bos[0].handle = 0xdead;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "an unknown bo handle");
	bos[0].handle = bo;

	big = calloc(big_words, 4);
	if (big) {
		for (size_t i = 0; i < big_words; i += 2)
			big[i] = ETNA_CMD_NOP;
		EXPECT(EINVAL, submit(fd, p, x, big, big_words, bos, 1, NULL,
				      0, 0, NULL), "a stream over 128 KiB");
		free(big);
	}

	/* relocations */
	s[0] = ETNA_CMD_LOAD_STATE(addr, 1);
	s[1] = 0;
	memset(&reloc, 0, sizeof(reloc));
	reloc.submit_offset = 4;
	reloc.reloc_idx = 1;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, &reloc, 1, 0, NULL),
	       "reloc_idx beyond the bos");
	reloc.reloc_idx = 0;
	reloc.flags = 1;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, &reloc, 1, 0, NULL),
	       "reloc flags 1");
	reloc.flags = 0;
	reloc.reloc_offset = SUBMIT_BO_SIZE;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, &reloc, 1, 0, NULL),
	       "a reloc past the bo");
	/* the first reloc is that of the state, the second is past the end */
	s[2] = ETNA_CMD_NOP;
	s[3] = 0;
	memset(two, 0, sizeof(two));
	two[0].submit_offset = 4;
	two[1].submit_offset = 16;
	EXPECT(EINVAL, submit(fd, p, x, s, 4, bos, 1, two, 2, 0, NULL),
	       "a reloc past the stream");

	if (!mmuv1)
		return;
	/* MMUv1: the kernel parses the stream */
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "an address state without reloc");
	s[0] = ETNA_CMD_NOP;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0,
			      ETNA_SUBMIT_SOFTPIN, NULL), "softpin on MMUv1");
	s[0] = ETNA_CMD_END;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "END in the stream");
	s[0] = ETNA_CMD_WAIT(200);
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "WAIT in the stream");
	s[0] = ETNA_CMD_LINK(2);
	s[1] = 0;
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "LINK in the stream");
	s[0] = ETNA_CMD_LOAD_STATE(x == ETNA_PIPE_2D ? ST_DE_SRC_STRIDE :
				   ST_FE_UNK00678, 4);
	EXPECT(EINVAL, submit(fd, p, x, s, 2, bos, 1, NULL, 0, 0, NULL),
	       "a LOAD_STATE past the end");
	s[0] = ETNA_CMD_NOP;
	EXPECT(EINVAL, submit(fd, p, x, s, 1, bos, 1, NULL, 0, 0, NULL),
	       "a NOP cut short");
#undef EXPECT
}

/* ------------------------------------------------------------------ */
/* The device model's statistics */

static const struct model_stats *find_stats(const struct model_stats *st,
					   int n, const char *dir)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(st[i].dir, dir))
			return &st[i];
	return NULL;
}

/* The model core a pipe runs on, by its name; NULL if not exactly one. */
static const struct model_stats *core_of(const struct model_stats *st, int n,
					const struct core_id *id)
{
	const struct model_stats *found = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(st[i].core, id->name))
			continue;
		if (found)
			return NULL;
		found = &st[i];
	}
	return found;
}

static void check_model(const struct model_stats *before, int nb,
			const struct target *targets, unsigned int nt)
{
	struct model_stats after[MAX_CORES];
	unsigned long long sent;
	const struct model_stats *b;
	unsigned int t;
	int na, i;
	bool ok;
	/*
	 * Ours resets a core it powers up: those resets do not count. Linux
	 * 6.1 sets a core up again without one.
	 */
	unsigned long long ups = !is_upstream();

	na = read_model_stats(after, MAX_CORES);
	ok = na > 0 || fail("no cores in " MODEL_DEBUGFS ": %s",
			    na ? strerror(-na) : "empty");
	report(ok, "model stats readable");
	if (na <= 0)
		return;

	for (t = 0; t < nt; t++) {
		const struct model_stats *c = core_of(after, na, targets[t].id);

		if (t && targets[t - 1].e.pipe == targets[t].e.pipe)
			continue;	/* one line per core */
		ok = c || fail("no single model core named %s",
			       targets[t].id->name);
		report(ok, "model core of pipe%u is %s", targets[t].e.pipe,
		       targets[t].id->name);
	}

	for (i = 0; i < na; i++) {
		const struct model_stats *a = &after[i];

		sent = 0;
		for (t = 0; t < nt; t++)
			if (core_of(after, na, targets[t].id) == a)
				sent += targets[t].submitted;
		b = find_stats(before, nb, a->dir);
		if (!a->parsed)
			ok = fail("stats unreadable");
		else if (a->bad_commands || a->mmu_faults || a->bus_errors)
			ok = fail("bad_commands %llu mmu_faults %llu bus %llu",
				  a->bad_commands, a->mmu_faults,
				  a->bus_errors);
		else if (!strcmp(a->fe, "hung"))
			ok = fail("front end hung");
		else if (!b)
			ok = fail("core missing before the submits");
		else if (a->events - b->events < sent)
			ok = fail("%llu events for %llu submits",
				  a->events - b->events, sent);
		else if (a->resets - a->power_ons * ups !=
			 b->resets - b->power_ons * ups)
			ok = fail("reset %llu times during the submits, powered up %llu times",
				  a->resets - b->resets,
				  a->power_ons - b->power_ons);
		else
			ok = true;
		report(ok, "model %s: no faults, %llu submits seen", a->dir,
		       sent);
		/*
		 * On silicon a register access while the clock is gated or
		 * the domain off hangs the bus: ours never does it; what
		 * upstream 6.1 does is counted and shown (the "Power"
		 * section of Documentation/gpu/etnaviv.rst).
		 */
		if (!is_upstream()) {
			ok = !a->access_while_off ||
			     fail("%llu register accesses while off",
				  a->access_while_off);
			report(ok, "model %s: no register access while off",
			       a->dir);
		} else if (a->access_while_off) {
			printf("# upstream 6.1: %llu register accesses to %s while off\n",
			       a->access_while_off, a->dir);
		}
	}
}

/* ------------------------------------------------------------------ */

static void check_submits(int fd, const bool present[ETNA_MAX_PIPES],
			  const struct board *board)
{
	struct drm_etnaviv_gem_submit_bo bo = { .flags = 0 };
	struct drm_etnaviv_gem_submit_reloc reloc;
	struct model_stats before[MAX_CORES];
	struct drm_etnaviv_gem_wait gw;
	struct engine engines[ENGINES_MAX];
	struct target targets[MAX_TARGETS];
	uint32_t stream[16], handle, fence, nr_relocs, pipe;
	unsigned int ne, nt, t, i, words;
	int nb, ret, absent = -1;
	bool ok;

	for (pipe = 0; pipe < ETNA_MAX_PIPES && absent < 0; pipe++)
		if (!present[pipe])
			absent = pipe;
	/* the engines of the pipes the board has */
	ne = engines_find(fd, engines);
	for (i = 0, nt = 0; i < ne; i++)
		if (present[engines[i].pipe])
			targets[nt++] = (struct target){
				.e = engines[i],
				.id = board->pipe[engines[i].pipe],
			};
	ok = nt || fail("no 2D or 3D engine found");
	report(ok, "submit targets found (%u engines)", nt);
	if (!nt)
		return;

	ret = etna_gem_new(fd, SUBMIT_BO_SIZE, ETNA_BO_WC, &handle);
	ok = !ret || fail("GEM_NEW returned %s", err_name(ret));
	report(ok, "submit bo created");
	if (ret)
		return;

	for (t = 0; t < nt; t++)
		check_bad_submits(fd, &targets[t], handle,
				  !targets[t].id->mmuv2, absent);

	nb = read_model_stats(before, MAX_CORES);

	/*
	 * Round-robin over every engine: cores run concurrently, and a core
	 * with both engines switches pipes at every submit. Every eighth
	 * submit writes the BO, so the others depend on it (implicit sync).
	 */
	for (t = 0; t < nt; t++)
		targets[t].ok = true;
	for (i = 0; i < NR_SUBMITS; i++) {
		for (t = 0; t < nt; t++) {
			struct target *tg = &targets[t];
			struct target *other;
			unsigned int o;

			if (!tg->ok)
				continue;
			words = build_stream(stream, &tg->e, i, &reloc,
					     &nr_relocs);
			bo.handle = handle;
			bo.flags = i % 8 ? ETNA_SUBMIT_BO_READ
					 : ETNA_SUBMIT_BO_WRITE;
			ret = submit(fd, tg->e.pipe, tg->e.exec_state, stream,
				     words, &bo, 1, &reloc, nr_relocs, 0,
				     &fence);
			if (ret) {
				tg->ok = fail("submit %u returned %s", i,
					      err_name(ret));
				report(false, "submit %s x%u",
				       engine_name(&tg->e), NR_SUBMITS);
				continue;
			}
			tg->submitted++;
			/* fences are per pipe: check against all its engines */
			for (o = 0; o < nt; o++) {
				other = &targets[o];
				if (other->e.pipe != tg->e.pipe ||
				    !other->any_fence)
					continue;
				if ((int32_t)(fence - other->last_fence) > 0)
					continue;
				tg->ok = fail("submit %u: fence %u after %u", i,
					      fence, other->last_fence);
				report(false, "submit %s x%u",
				       engine_name(&tg->e), NR_SUBMITS);
				break;
			}
			tg->last_fence = fence;
			tg->any_fence = true;
		}
	}
	for (t = 0; t < nt; t++)
		if (targets[t].ok)
			report(true, "submit %s x%u, fences increasing",
			       engine_name(&targets[t].e), NR_SUBMITS);

	for (t = 0; t < nt; t++) {
		struct target *tg = &targets[t];

		if (!tg->any_fence)
			continue;
		ret = etna_wait_fence(fd, tg->e.pipe, tg->last_fence, 0,
				      10 * SEC_NS);
		ok = !ret || fail("fence %u: %s", tg->last_fence,
				  err_name(ret));
		report(ok, "wait_fence %s last fence", engine_name(&tg->e));
		ret = etna_wait_fence(fd, tg->e.pipe, tg->last_fence,
				      ETNA_WAIT_NONBLOCK, 0);
		ok = !ret || fail("fence %u: %s", tg->last_fence,
				  err_name(ret));
		report(ok, "wait_fence %s nonblock after signal",
		       engine_name(&tg->e));
	}
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		memset(&gw, 0, sizeof(gw));
		gw.pipe = pipe;
		gw.handle = handle;
		gw.timeout = etna_timeout(10 * SEC_NS);
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &gw);
		ok = !ret || fail("GEM_WAIT returned %s", err_name(ret));
		report(ok, "gem_wait pipe%u on the submit bo", pipe);
		gw.flags = ETNA_WAIT_NONBLOCK;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_WAIT, &gw);
		ok = !ret || fail("GEM_WAIT returned %s", err_name(ret));
		report(ok, "gem_wait pipe%u nonblock: idle", pipe);
	}
	ret = etna_cpu_prep(fd, handle, ETNA_PREP_WRITE | ETNA_PREP_NOSYNC,
			    10 * SEC_NS);
	ok = !ret || fail("CPU_PREP(WRITE|NOSYNC) returned %s",
			  err_name(ret));
	report(ok, "submit bo idle for the CPU");
	if (!ret)
		etna_cpu_fini(fd, handle);
	etna_gem_close(fd, handle);

	check_model(before, nb, targets, nt);
}

/*
 * Every GET_PARAM answer of every pipe, one line each: "KEY PARAM VALUE",
 * KEY the core's name from the manifest (pipe numbers differ between the
 * drivers on the legacy board) or "pipeN" for a pipe the board lacks,
 * VALUE the hexadecimal value or the error (ENXIO, EINVAL, other: "error").
 */
static bool dump_params(int fd, const struct board *board, const char *path)
{
	FILE *f = fopen(path, "w");
	uint32_t pipe, param;
	uint64_t v;
	int ret;

	if (!f)
		return fail("%s: %s", path, strerror(errno));
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		const struct core_id *id = board ? board->pipe[pipe] : NULL;
		char key[32];

		if (id)
			snprintf(key, sizeof(key), "%s", id->name);
		else
			snprintf(key, sizeof(key), "pipe%u", pipe);
		for (param = FIRST_PARAM; param <= LAST_PARAM + 1; param++) {
			v = 0;
			ret = etna_param(fd, pipe, param, &v);
			if (ret)
				fprintf(f, "%s 0x%02x %s\n", key, param,
					ret == -ENXIO ? "ENXIO" :
					ret == -EINVAL ? "EINVAL" : "error");
			else
				fprintf(f, "%s 0x%02x 0x%llx\n", key, param,
					(unsigned long long)v);
		}
	}
	if (fclose(f))
		return fail("%s: %s", path, strerror(errno));
	return true;
}

int main(int argc, char **argv)
{
	bool present[ETNA_MAX_PIPES];
	const struct board *board;
	const char *dump = NULL;
	bool only = false;
	int fd;

	if (argc == 3 && (!strcmp(argv[1], "--dump-params") ||
			  !strcmp(argv[1], "--dump-params-only"))) {
		dump = argv[2];
		only = !strcmp(argv[1], "--dump-params-only");
	} else if (argc != 1) {
		fprintf(stderr, "usage: smoke [--dump-params[-only] FILE]\n");
		return 2;
	}
	fd = etna_open();
	board = check_params(fd, present);
	if (dump)
		report(dump_params(fd, board, dump), "getparam dump %s", dump);
	if (only) {
		close(fd);
		return nr_failed ? 1 : 0;
	}
	check_bos(fd);
	if (board)
		check_submits(fd, present, board);
	close(fd);
	printf("smoke: %u failed\n", nr_failed);
	return nr_failed ? 1 : 0;
}
