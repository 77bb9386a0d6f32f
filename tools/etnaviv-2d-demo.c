// SPDX-License-Identifier: MIT
/*
 * etnaviv-2d-demo: draw a test pattern with the GPU's 2D engine through
 * libetnaviv and write it as a PNG. With --verify, compute the same
 * picture with the CPU reference (tools/ref2d.c) and fail on any pixel that
 * differs; with --reference, only the CPU picture is made (no GPU).
 */
#include <errno.h>
#include <getopt.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etnaviv_op2d.h"

#define W		320
#define H		240
#define TILE		16
#define SMALL_W		64
#define SMALL_H		32
#define MAX_OPS		1024
#define TIMEOUT_NS	10000000000ull

enum { MAIN, TILE_SURF, SMALL, NR_SURF };

static const struct {
	unsigned int w, h;
	enum etnaviv_2d_format format;
} geometry[NR_SURF] = {
	[MAIN] = { W, H, ETNAVIV_2D_A8R8G8B8 },
	[TILE_SURF] = { TILE, TILE, ETNAVIV_2D_A8R8G8B8 },
	[SMALL] = { SMALL_W, SMALL_H, ETNAVIV_2D_R5G6B5 },
};

static struct op2d ops[MAX_OPS];
static unsigned int nr_ops;

static struct op2d *add(enum op2d_kind kind, unsigned int dst, int x1,
			int y1, int x2, int y2, uint32_t color)
{
	struct op2d *op = &ops[nr_ops++];

	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->dst = dst;
	op->rect = (struct etnaviv_2d_rect){ x1, y1, x2, y2 };
	op->color = color;
	return op;
}

/* The picture, as a list of operations. */
static void build_scene(void)
{
	static const uint32_t bars[8] = {
		0xffffffff, 0xffffff00, 0xff00ffff, 0xff00ff00,
		0xffff00ff, 0xffff0000, 0xff0000ff, 0xff000000,
	};
	struct op2d *op;
	int i;

	add(OP2D_CLEAR, MAIN, 0, 0, W, H, 0xff202840);
	for (i = 0; i < 8; i++)
		add(OP2D_CLEAR, MAIN, i * 40, 0, i * 40 + 40, 60, bars[i]);
	/* a grey ramp of 1-pixel-wide clears, a red one of fills */
	for (i = 0; i < 256; i++) {
		add(OP2D_CLEAR, MAIN, 32 + i, 64, 33 + i, 80,
		    0xff000000u | i * 0x010101u);
		add(OP2D_FILL, MAIN, 32 + i, 80, 33 + i, 96,
		    0xff000000u | i << 16 | (255 - i));
	}
	/* a 16x16 tile of four quadrants, stretched to 80x80 */
	add(OP2D_CLEAR, TILE_SURF, 0, 0, 8, 8, 0xffff8000);
	add(OP2D_CLEAR, TILE_SURF, 8, 0, 16, 8, 0xff0080ff);
	add(OP2D_CLEAR, TILE_SURF, 0, 8, 8, 16, 0xff80ff00);
	add(OP2D_CLEAR, TILE_SURF, 8, 8, 16, 16, 0xffffffff);
	add(OP2D_LINE, TILE_SURF, 0, 0, 16, 16, 0xff000000);
	op = add(OP2D_STRETCH, MAIN, 8, 104, 88, 184, 0);
	op->src = TILE_SURF;
	op->src_rect = (struct etnaviv_2d_rect){ 0, 0, TILE, TILE };
	/* a fan of lines, clipped to a box */
	for (i = 0; i <= 16; i++) {
		op = add(OP2D_LINE, MAIN, 230, 170, 170 + i * 8, 104,
			 0xff000000u | (i * 15) << 8 | 0xff);
		op->has_clip = true;
		op->clip = (struct etnaviv_2d_rect){ 160, 110, 300, 200 };
		op = add(OP2D_LINE, MAIN, 230, 170, 170 + i * 8, 236,
			 0xffff0000u | (i * 15));
		op->has_clip = true;
		op->clip = (struct etnaviv_2d_rect){ 160, 110, 300, 200 };
	}
	/* XOR the colour bits of a region across the bars and the ramp */
	op = add(OP2D_FILL, MAIN, 240, 20, 310, 90, 0x00ffffff);
	op->rop = ETNAVIV_2D_ROP3(0x5a);
	/* R5G6B5 stripes converted into the picture by a blit */
	add(OP2D_CLEAR, SMALL, 0, 0, SMALL_W, SMALL_H, 0xff3060c0);
	add(OP2D_CLEAR, SMALL, 0, 0, SMALL_W / 2, SMALL_H / 2, 0xffe0c010);
	add(OP2D_LINE, SMALL, 0, SMALL_H - 1, SMALL_W, 0, 0xffffffff);
	op = add(OP2D_BLIT, MAIN, 96, 120, 96 + SMALL_W, 120 + SMALL_H, 0);
	op->src = SMALL;
	/* the tile XORed (S ^ D) onto the picture */
	op = add(OP2D_BLIT, MAIN, 96, 170, 96 + TILE, 170 + TILE, 0);
	op->src = TILE_SURF;
	op->rop = ETNAVIV_2D_ROP3(0x66);
}

static int write_png(const char *path, const uint32_t *px, unsigned int w,
		     unsigned int h, unsigned int stride)
{
	png_structp png = NULL;
	png_infop info = NULL;
	png_bytep row = NULL;
	unsigned int x, y;
	FILE *f = fopen(path, "wb");
	int ret = -1;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (png)
		info = png_create_info_struct(png);
	row = malloc(w * 4);
	if (!png || !info || !row) {
		fprintf(stderr, "%s: out of memory\n", path);
		goto out;
	}
	if (setjmp(png_jmpbuf(png))) {
		fprintf(stderr, "%s: PNG write failed\n", path);
		goto out;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB_ALPHA,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		     PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		const uint32_t *line = (const uint32_t *)
			((const char *)px + (size_t)y * stride);

		for (x = 0; x < w; x++) {
			row[x * 4 + 0] = line[x] >> 16;
			row[x * 4 + 1] = line[x] >> 8;
			row[x * 4 + 2] = line[x];
			row[x * 4 + 3] = line[x] >> 24;
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	ret = 0;
out:
	png_destroy_write_struct(&png, &info);
	free(row);
	if (fclose(f) && !ret) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		ret = -1;
	}
	return ret;
}

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [-o FILE.png] [--device PATH] [--verify | --reference]\n"
		"Draw a %ux%u test pattern with the GPU's 2D engine and write it\n"
		"as a PNG (default etnaviv-2d-demo.png).\n"
		"  -o, --output FILE  the PNG to write\n"
		"  -d, --device PATH  the DRM node (default: the first etnaviv one)\n"
		"      --verify       also compute it on the CPU (ref2d); exit 3\n"
		"                     if any pixel differs\n"
		"      --reference    only compute it on the CPU; no GPU needed\n"
		"  -h, --help         this text\n", argv0, W, H);
}

/* The CPU picture in @mem[i] (zeroed surfaces first, as the GPU's). */
static void render_ref(void *mem[NR_SURF],
		       const struct etnaviv_2d_surface *gpu)
{
	struct ref2d_surface surf[NR_SURF];
	unsigned int i;

	for (i = 0; i < NR_SURF; i++)
		surf[i] = op2d_ref_surface(&gpu[i], mem[i]);
	for (i = 0; i < nr_ops; i++)
		op2d_ref(surf, &ops[i]);
}

/* Render on the GPU into @map; 0 or exit status. */
static int render_gpu(const char *device, struct etnaviv_2d_surface *surf,
		      void *map[NR_SURF], struct etnaviv_device **devp)
{
	struct etnaviv_device *dev = etnaviv_device_open(device);
	struct etnaviv_cmd_stream *s;
	struct etnaviv_pipe *pipe;
	struct etnaviv_gpu *gpu;
	unsigned int i;
	int core, ret;

	if (!dev) {
		fprintf(stderr, "etnaviv-2d-demo: %s: %s\n",
			device ? device : "no etnaviv DRM device found",
			strerror(errno));
		return 1;
	}
	*devp = dev;
	core = etnaviv_gpu_find(dev, ETNAVIV_PIPE_2D);
	if (core < 0) {
		fprintf(stderr, "etnaviv-2d-demo: no GPU core with a 2D engine\n");
		return 1;
	}
	gpu = etnaviv_gpu_open(dev, core);
	pipe = gpu ? etnaviv_pipe_new(gpu, ETNAVIV_PIPE_2D) : NULL;
	s = pipe ? etnaviv_cmd_stream_new(pipe, 0) : NULL;
	if (!s) {
		fprintf(stderr, "etnaviv-2d-demo: 2D pipe: %s\n",
			strerror(errno));
		return 1;
	}
	for (i = 0; i < NR_SURF; i++) {
		surf[i].bo = etnaviv_bo_new(dev, surf[i].stride *
					    surf[i].height, ETNAVIV_BO_UNCACHED);
		map[i] = surf[i].bo ? etnaviv_bo_map(surf[i].bo) : NULL;
		if (!map[i]) {
			fprintf(stderr, "etnaviv-2d-demo: buffer: %s\n",
				strerror(errno));
			return 1;
		}
		memset(map[i], 0, surf[i].stride * surf[i].height);
	}
	for (i = 0; i < nr_ops; i++) {
		ret = op2d_emit(s, surf, &ops[i]);
		if (ret) {
			fprintf(stderr, "etnaviv-2d-demo: operation %u: %s\n",
				i, strerror(-ret));
			return 1;
		}
	}
	ret = etnaviv_cmd_stream_flush_wait(s, TIMEOUT_NS);
	if (!ret)
		ret = etnaviv_bo_cpu_prep(surf[MAIN].bo, ETNAVIV_PREP_READ,
					  TIMEOUT_NS);
	if (ret) {
		fprintf(stderr, "etnaviv-2d-demo: GPU job: %s\n",
			strerror(-ret));
		return 1;
	}
	etnaviv_bo_cpu_fini(surf[MAIN].bo);
	etnaviv_cmd_stream_del(s);
	etnaviv_pipe_del(pipe);
	etnaviv_gpu_close(gpu);
	return 0;
}

/* Count the pixels of surface @i that differ; print the first few. */
static unsigned int compare(unsigned int i, const struct etnaviv_2d_surface *g,
			    const void *gpu, const void *ref)
{
	unsigned int bpp = etnaviv_2d_format_bpp(g->format);
	unsigned int x, y, bad = 0;

	for (y = 0; y < g->height; y++) {
		for (x = 0; x < g->width; x++) {
			size_t at = (size_t)y * g->stride + x * bpp;
			uint32_t a = 0, b = 0;

			memcpy(&a, (const char *)gpu + at, bpp);
			memcpy(&b, (const char *)ref + at, bpp);
			if (a == b)
				continue;
			if (bad++ < 5)
				fprintf(stderr,
					"surface %u pixel (%u,%u): GPU 0x%08x, reference 0x%08x\n",
					i, x, y, a, b);
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "device", required_argument, NULL, 'd' },
		{ "verify", no_argument, NULL, 'v' },
		{ "reference", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct etnaviv_2d_surface surf[NR_SURF];
	struct etnaviv_device *dev = NULL;
	const char *out = "etnaviv-2d-demo.png", *device = NULL;
	void *map[NR_SURF] = { NULL }, *ref[NR_SURF] = { NULL };
	bool verify = false, reference = false;
	unsigned int i, bad = 0;
	int c, ret = 0;

	while ((c = getopt_long(argc, argv, "o:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'd':
			device = optarg;
			break;
		case 'v':
			verify = true;
			break;
		case 'r':
			reference = true;
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 0;
		default:
			usage(stderr, argv[0]);
			return 2;
		}
	}
	if (optind < argc || (verify && reference) || !*out) {
		fprintf(stderr, "%s: %s\n", argv[0], optind < argc ?
			"unexpected argument" : !*out ? "empty output name" :
			"--verify and --reference exclude each other");
		usage(stderr, argv[0]);
		return 2;
	}
	build_scene();
	for (i = 0; i < NR_SURF; i++) {
		unsigned int bpp = etnaviv_2d_format_bpp(geometry[i].format);

		surf[i] = (struct etnaviv_2d_surface){
			.stride = geometry[i].w * bpp, .format = geometry[i].format,
			.width = geometry[i].w, .height = geometry[i].h,
		};
		if (verify || reference) {
			ref[i] = calloc(surf[i].height, surf[i].stride);
			if (!ref[i]) {
				fprintf(stderr, "%s: out of memory\n", argv[0]);
				return 1;
			}
		}
	}
	if (verify || reference)
		render_ref(ref, surf);
	if (!reference) {
		ret = render_gpu(device, surf, map, &dev);
		if (ret)
			goto out;
	}
	if (verify) {
		for (i = 0; i < NR_SURF; i++)
			bad += compare(i, &surf[i], map[i], ref[i]);
		if (bad)
			fprintf(stderr, "%s: %u pixels differ from the reference\n",
				argv[0], bad);
		else
			printf("the GPU's picture matches the reference\n");
	}
	if (write_png(out, reference ? ref[MAIN] : map[MAIN], W, H,
		      surf[MAIN].stride)) {
		ret = 1;
		goto out;
	}
	printf("wrote %s (%ux%u, %u 2D operations)\n", out, W, H, nr_ops);
	if (bad)
		ret = 3;
out:
	for (i = 0; i < NR_SURF; i++) {
		if (!reference && surf[i].bo)
			etnaviv_bo_unref(surf[i].bo);
		free(ref[i]);
	}
	etnaviv_device_close(dev);
	return ret;
}
