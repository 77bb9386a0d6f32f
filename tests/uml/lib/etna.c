// SPDX-License-Identifier: MIT
/*
 * The tests' helper library: streams, mappings, PRIME, DRM nodes and the
 * engines of the device (etna.h).
 */
#include <sys/mman.h>

#include "check.h"

unsigned int etna_rs_fill_stream(uint32_t *s, uint32_t stride, uint32_t w,
				 uint32_t h, uint32_t value)
{
	static const uint32_t st[] = {
		ST_RS_DEST_ADDR, ST_RS_PIPE_DEST_ADDR(0), ST_RS_CONFIG,
		ST_RS_DEST_STRIDE, ST_RS_PIPE_OFFSET(0), ST_RS_PIPE_OFFSET(1),
		ST_RS_WINDOW_SIZE, ST_RS_DITHER(0), ST_RS_DITHER(1),
		ST_RS_CLEAR_CONTROL, ST_RS_FILL_VALUE(0), ST_RS_EXTRA_CONFIG,
		ST_RS_KICKER,
	};
	const uint32_t val[] = {
		0, 0, RS_CONFIG_A8R8G8B8, stride, 0, 0,
		WH_HEIGHT(h) | WH_WIDTH(w),
		0xffffffff, 0xffffffff, RS_CLEAR_FILL, value, 0, 0xbeebbeeb,
	};
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(st); i++) {
		s[n++] = ETNA_CMD_LOAD_STATE(st[i], 1);
		s[n++] = val[i];
	}
	return n;
}

unsigned int etna_de_clear_stream(uint32_t *s, uint32_t stride, uint32_t w,
				  uint32_t h, uint32_t value)
{
	static const uint32_t st[] = {
		ST_DE_DEST_ADDR, ST_DE_DEST_STRIDE, ST_DE_DEST_ROT_CONFIG,
		ST_DE_DEST_CONFIG, ST_DE_ROT_ANGLE, ST_DE_CONFIG,
		ST_DE_ALPHA_CONTROL, ST_DE_PE_TRANSPARENCY, ST_DE_ROP,
		ST_DE_CLIP_TOP_LEFT, ST_DE_CLIP_BOTTOM_RIGHT,
		ST_DE_CLEAR_PIXEL32, ST_DE_CLEAR_BYTE_MASK,
		ST_DE_CLEAR_PIXEL_LOW, ST_DE_CLEAR_PIXEL_HIGH,
	};
	const uint32_t val[] = {
		0, stride, 0,
		DE_DEST_FORMAT(DE_FORMAT_A8R8G8B8) |
		DE_DEST_COMMAND(DE_CMD_CLEAR),
		0, 0, 0, 0, DE_ROP3_COPY,
		0, DE_CLIP_Y(DE_CLIP_MAX) | DE_CLIP_X(DE_CLIP_MAX),
		value, 0xff, value, value,
	};
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(st); i++) {
		s[n++] = ETNA_CMD_LOAD_STATE(st[i], 1);
		s[n++] = val[i];
	}
	s[n++] = ETNA_CMD_DRAW_2D(1, 0);
	s[n++] = 0;
	s[n++] = 0;
	s[n++] = DRAW_2D_Y(h) | DRAW_2D_X(w);
	s[n++] = ETNA_CMD_LOAD_STATE(ST_GL_FLUSH_CACHE, 1);
	s[n++] = GL_FLUSH_PE2D;
	return n;
}

void *map_fd(int fd, uint64_t offset, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

uint32_t *map_bo(int fd, uint32_t handle, size_t len)
{
	uint64_t offset;
	uint32_t *p;
	int ret;

	ret = etna_gem_info(fd, handle, &offset);
	if (ret) {
		fail("GEM_INFO of handle %u: %s", handle, err_name(ret));
		return NULL;
	}
	p = map_fd(fd, offset, len);
	if (!p)
		fail("mmap of %zu bytes at 0x%llx: %s", len,
		     (unsigned long long)offset, strerror(errno));
	return p;
}

int prime_export(int fd, uint32_t handle, int *dmabuf)
{
	struct drm_prime_handle req = {
		.handle = handle, .flags = DRM_CLOEXEC | DRM_RDWR, .fd = -1,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &req);

	*dmabuf = ret ? -1 : req.fd;
	return ret;
}

int prime_import(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle req = { .fd = dmabuf };
	int ret = etna_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);

	*handle = ret ? 0 : req.handle;
	return ret;
}

int drm_open_driver(const char *pattern, int first, int last,
		    const char *driver, char *node, size_t len)
{
	char name[32];
	int i, fd;

	for (i = first; i <= last; i++) {
		struct drm_version v = {
			.name = name, .name_len = sizeof(name) - 1,
		};

		snprintf(node, len, pattern, i);
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		memset(name, 0, sizeof(name));
		if (!etna_ioctl(fd, DRM_IOCTL_VERSION, &v) &&
		    !strcmp(name, driver))
			return fd;
		close(fd);
	}
	return -ENODEV;
}

/* ---- the engines ------------------------------------------------------ */

unsigned int engines_find(int fd, struct engine *e)
{
	uint64_t model, f0, softpin;
	unsigned int n = 0;
	uint32_t pipe;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		static const uint32_t kinds[] = { ETNA_PIPE_3D, ETNA_PIPE_2D };
		static const uint32_t bits[] = {
			ETNA_FEATURE_PIPE_3D, ETNA_FEATURE_PIPE_2D,
		};
		char core[sizeof(e->core)];
		unsigned int k;

		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &model))
			continue;
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0))
			f0 = 0;
		/* no softpin: no per-process page tables, MMUv1 */
		if (etna_param(fd, pipe, ETNAVIV_PARAM_SOFTPIN_START_ADDR,
			       &softpin))
			softpin = 0;
		model_core_find(model, core, sizeof(core));
		for (k = 0; k < ARRAY_SIZE(kinds) && n < ENGINES_MAX; k++) {
			if (!(f0 & bits[k]))
				continue;
			e[n] = (struct engine){
				.pipe = pipe, .exec_state = kinds[k],
				.model = model, .mmuv1 = softpin == ~0ull,
			};
			snprintf(e[n].name, sizeof(e[n].name), "pipe%u-%s", pipe,
				 kinds[k] == ETNA_PIPE_2D ? "2d" : "3d");
			memcpy(e[n].core, core, sizeof(core));
			n++;
		}
	}
	return n;
}

const struct engine *engine_of(const struct engine *e, unsigned int n,
			       uint32_t exec_state)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (e[i].exec_state == exec_state)
			return &e[i];
	return NULL;
}

const char *engine_name(const struct engine *e)
{
	return e->name;
}

uint32_t engine_addr_state(const struct engine *e)
{
	return e->exec_state == ETNA_PIPE_2D ? ST_DE_DEST_ADDR :
	       ST_FE_INDEX_ADDR;
}
