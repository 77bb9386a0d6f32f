// SPDX-License-Identifier: MIT
/*
 * lcdif-frame: what the display model's panel shows, as PNG files.
 *
 *   lcdif-frame [--node DIR] capture FLIPS   keep the first frame scanned
 *                                            out after FLIPS page flips
 *   lcdif-frame [--node DIR] wait SECONDS    until that frame is kept
 *   lcdif-frame [--node DIR] save OUT.png    the kept frame (or, with none,
 *                                            the last one) as a PNG; its
 *                                            CRC-32 checked against the
 *                                            model's
 *   lcdif-frame compare A.png B.png [THRESHOLD [MAX_BAD]]
 *                                            how many pixels differ by more
 *                                            than THRESHOLD (default 16) in a
 *                                            colour; fails above MAX_BAD
 *                                            (default 0)
 *   lcdif-frame colors IMG.png               pixels mostly red, green and
 *                                            blue, and the commonest colour
 *
 * DIR is the controller's directory in the model's debugfs (default: the
 * first under /sys/kernel/debug/lcdif-model/); capture, wait and save run
 * inside a board, compare and colors anywhere. sim/doc/lcdif.md describes
 * the files.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#define DEBUGFS	"/sys/kernel/debug/lcdif-model"

static char node[512];

static int usage(void)
{
	fprintf(stderr, "usage: lcdif-frame [--node DIR] capture FLIPS | wait SECONDS |"
		" save OUT.png\n       lcdif-frame compare A.png B.png [THRESHOLD [MAX_BAD]]"
		" | colors IMG.png\n");
	return 2;
}

/* The first controller's directory, unless --node gave one. */
static int find_node(void)
{
	struct dirent *d;
	DIR *dir;

	if (node[0])
		return 0;
	dir = opendir(DEBUGFS);
	if (!dir) {
		fprintf(stderr, "lcdif-frame: %s: %s\n", DEBUGFS, strerror(errno));
		return -1;
	}
	while ((d = readdir(dir)))
		if (d->d_name[0] != '.') {
			snprintf(node, sizeof(node), "%s/%s", DEBUGFS, d->d_name);
			break;
		}
	closedir(dir);
	if (!node[0]) {
		fprintf(stderr, "lcdif-frame: no controller in %s\n", DEBUGFS);
		return -1;
	}
	return 0;
}

static int read_text(const char *name, char *buf, size_t len)
{
	char path[600];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", node, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	buf[n] = 0;
	fclose(f);
	return 0;
}

static int capture(const char *flips)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/capture", node);
	f = fopen(path, "w");
	if (!f || fprintf(f, "%s\n", flips) < 0 || fclose(f)) {
		fprintf(stderr, "lcdif-frame: %s: %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}

static int wait_captured(double seconds)
{
	struct timespec nap = { 0, 20000000 };
	char buf[256];
	double t;

	for (t = 0; t <= seconds; t += 0.02) {
		if (read_text("capture", buf, sizeof(buf)))
			return 1;
		if (!strncmp(buf, "captured", 8)) {
			fputs(buf, stdout);
			return 0;
		}
		nanosleep(&nap, NULL);
	}
	fprintf(stderr, "lcdif-frame: no frame captured in %g s: %s", seconds, buf);
	return 1;
}

/* The model's CRC of the image frame.ppm serves: the kept frame's or the last. */
static int model_crc(uint32_t *crc)
{
	char buf[8192], *line, *last = NULL;

	if (read_text("capture", buf, sizeof(buf)))
		return -1;
	if (!strncmp(buf, "captured", 8))
		return sscanf(buf, "captured %*u %x", crc) == 1 ? 0 : -1;
	if (read_text("frames", buf, sizeof(buf)))
		return -1;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		last = line;
	return last && sscanf(last, "%*u %*u %*x %x", crc) == 1 ? 0 : -1;
}

static int save(const char *out)
{
	png_image img = { .version = PNG_IMAGE_VERSION };
	unsigned int w, h, max;
	uint32_t want, got;
	char path[600];
	uint8_t *px;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/frame.ppm", node);
	f = fopen(path, "rb");
	if (!f || fscanf(f, "P6 %u %u %u", &w, &h, &max) != 3 || max != 255 ||
	    fgetc(f) != '\n' || !w || !h) {
		fprintf(stderr, "lcdif-frame: %s: no frame\n", path);
		return 1;
	}
	n = (size_t)w * h * 3;
	px = malloc(n);
	if (!px || fread(px, 1, n, f) != n) {
		fprintf(stderr, "lcdif-frame: %s: short\n", path);
		return 1;
	}
	fclose(f);
	got = crc32(0, px, n);
	if (model_crc(&want) || want != got) {
		fprintf(stderr, "lcdif-frame: the image's CRC 0x%08x is not the model's\n",
			got);
		return 1;
	}
	img.width = w;
	img.height = h;
	img.format = PNG_FORMAT_RGB;
	if (!png_image_write_to_file(&img, out, 0, px, 0, NULL)) {
		fprintf(stderr, "lcdif-frame: %s: %s\n", out, img.message);
		return 1;
	}
	printf("%s: %ux%u crc 0x%08x\n", out, w, h, got);
	free(px);
	return 0;
}

static uint8_t *load(const char *file, unsigned int *w, unsigned int *h)
{
	png_image img = { .version = PNG_IMAGE_VERSION };
	uint8_t *px;

	if (!png_image_begin_read_from_file(&img, file)) {
		fprintf(stderr, "lcdif-frame: %s: %s\n", file, img.message);
		return NULL;
	}
	img.format = PNG_FORMAT_RGB;
	px = malloc(PNG_IMAGE_SIZE(img));
	if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
		fprintf(stderr, "lcdif-frame: %s: %s\n", file, img.message);
		free(px);
		return NULL;
	}
	*w = img.width;
	*h = img.height;
	return px;
}

static int compare(const char *a, const char *b, int threshold, long max_bad)
{
	unsigned int wa, ha, wb, hb, i, k;
	uint8_t *pa = load(a, &wa, &ha), *pb = load(b, &wb, &hb);
	long bad = 0;
	int d, worst = 0;

	if (!pa || !pb)
		return 1;
	if (wa != wb || ha != hb) {
		printf("sizes differ: %ux%u, %ux%u\n", wa, ha, wb, hb);
		return 1;
	}
	for (i = 0; i < wa * ha; i++) {
		int m = 0;

		for (k = 0; k < 3; k++) {
			d = abs(pa[3 * i + k] - pb[3 * i + k]);
			m = d > m ? d : m;
		}
		worst = m > worst ? m : worst;
		bad += m > threshold;
	}
	printf("%ld of %u pixels differ by more than %d (largest difference %d)\n",
	       bad, wa * ha, threshold, worst);
	free(pa);
	free(pb);
	return bad > max_bad;
}

/* Pixels with one colour above 150 and the others below 100, and the
 * commonest colour with its share. */
static int colors(const char *file)
{
	unsigned int w, h, i, best = 0, *count;
	uint8_t *p = load(file, &w, &h);
	long red = 0, green = 0, blue = 0;
	uint32_t c, common = 0;

	if (!p)
		return 1;
	count = calloc(1u << 24, sizeof(*count));
	if (!count)
		return 1;
	for (i = 0; i < w * h; i++) {
		const uint8_t *q = p + 3 * i;

		red += q[0] > 150 && q[1] < 100 && q[2] < 100;
		green += q[1] > 150 && q[0] < 100 && q[2] < 100;
		blue += q[2] > 150 && q[0] < 100 && q[1] < 100;
		c = q[0] << 16 | q[1] << 8 | q[2];
		if (++count[c] > best) {
			best = count[c];
			common = c;
		}
	}
	printf("red %ld green %ld blue %ld common 0x%06x %u of %u\n", red, green,
	       blue, common, best, w * h);
	free(count);
	free(p);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--node")) {
		snprintf(node, sizeof(node), "%s", argv[2]);
		argc -= 2;
		argv += 2;
	}
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "compare") && argc >= 4)
		return compare(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 16,
			       argc > 5 ? atol(argv[5]) : 0);
	if (!strcmp(argv[1], "colors"))
		return colors(argv[2]);
	if (find_node())
		return 1;
	if (!strcmp(argv[1], "capture"))
		return capture(argv[2]);
	if (!strcmp(argv[1], "wait"))
		return wait_captured(atof(argv[2]));
	if (!strcmp(argv[1], "save"))
		return save(argv[2]);
	return usage();
}
