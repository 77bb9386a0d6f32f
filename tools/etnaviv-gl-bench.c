// SPDX-License-Identifier: GPL-2.0-only
/*
 * etnaviv-gl-bench: 3D throughput of whatever Mesa driver runs it (in a
 * board, etnaviv on the device model; on the host, llvmpipe), in an
 * OpenGL ES 2 context on the surfaceless platform. Three measurements,
 * each repeated until it has run for a second (at least twice, after one
 * unmeasured round), every round ended with glFinish():
 *
 *   frames_per_s    a 640x480 scene: colour and depth cleared, a 32x24
 *                   grid of textured, lit quads at several depths
 *                   (1536 triangles), depth-tested
 *   vertices_per_s  30000 small triangles (one pixel each) in one draw:
 *                   the vertex shader, primitive assembly and setup
 *   pixels_per_s    ten full-screen textured quads over each other,
 *                   depth test off: the rasteriser, the fragment shader,
 *                   the texture unit and the pixel engine
 *
 * Prints one line per measurement: "BENCH3D KEY VALUE UNIT".
 *
 * etnaviv-gl-bench [--seconds S] [--only frames|vertices|pixels]
 *
 * --only runs one measurement (to profile or count one of them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <GLES2/gl2.h>

#include "gl_util.h"

#define W		640
#define H		480
#define GRID_X		32
#define GRID_Y		24
#define SMALL_TRIS	30000
#define LAYERS		10
#define TEX		64

static const char *vs_src =
	"attribute vec3 pos;\n"
	"attribute vec2 uv;\n"
	"varying vec2 v_uv;\n"
	"varying float v_light;\n"
	"void main() {\n"
	"  v_uv = uv;\n"
	"  v_light = 0.5 + 0.5 * pos.z;\n"
	"  gl_Position = vec4(pos.xy, pos.z, 1.0);\n"
	"}\n";

static const char *fs_src =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec2 v_uv;\n"
	"varying float v_light;\n"
	"void main() {\n"
	"  gl_FragColor = vec4(texture2D(tex, v_uv).rgb * v_light, 1.0);\n"
	"}\n";

struct vertex {
	float x, y, z, u, v;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void texture(void)
{
	static uint8_t texels[TEX * TEX * 4];
	GLuint t;

	for (int i = 0; i < TEX * TEX; i++) {
		int x = i % TEX, y = i / TEX;
		uint8_t c = ((x / 8) ^ (y / 8)) & 1 ? 0x40 : 0xe0;

		texels[4 * i + 0] = c;
		texels[4 * i + 1] = (uint8_t)(x * 4);
		texels[4 * i + 2] = (uint8_t)(y * 4);
		texels[4 * i + 3] = 0xff;
	}
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
}

/* Two triangles of a quad from (x0, y0) to (x1, y1) at depth @z. */
static struct vertex *quad(struct vertex *o, float x0, float y0, float x1,
			   float y1, float z)
{
	const struct vertex c[4] = {
		{ x0, y0, z, 0, 0 }, { x1, y0, z, 1, 0 },
		{ x1, y1, z, 1, 1 }, { x0, y1, z, 0, 1 },
	};
	static const int order[6] = { 0, 1, 2, 0, 2, 3 };

	for (int i = 0; i < 6; i++)
		*o++ = c[order[i]];
	return o;
}

static void draw(const struct vertex *v, int n)
{
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(*v), &v->x);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(*v), &v->u);
	glDrawArrays(GL_TRIANGLES, 0, n);
}

/* Rounds of @fn until @secs have passed (at least two): rounds per second. */
static double measure(void (*fn)(void), double secs)
{
	double t0, t;
	int n = 0;

	fn();
	glFinish();
	t0 = now();
	do {
		fn();
		glFinish();
		n++;
		t = now() - t0;
	} while (t < secs || n < 2);
	return n / t;
}

static struct vertex *scene, *small, *layers;
static int scene_n, small_n, layers_n;

static void frame(void)
{
	glEnable(GL_DEPTH_TEST);
	glClearColor(0.1f, 0.1f, 0.15f, 1);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	draw(scene, scene_n);
}

static void vertices(void)
{
	glDisable(GL_DEPTH_TEST);
	draw(small, small_n);
}

static void pixels(void)
{
	glDisable(GL_DEPTH_TEST);
	draw(layers, layers_n);
}

static void build(void)
{
	struct vertex *o;

	o = scene = malloc(sizeof(*o) * 6 * GRID_X * GRID_Y * 2);
	for (int pass = 0; pass < 2; pass++)
		for (int y = 0; y < GRID_Y; y++)
			for (int x = 0; x < GRID_X; x++) {
				float x0 = -1 + 2.0f * x / GRID_X;
				float y0 = -1 + 2.0f * y / GRID_Y;
				float z = pass ? 0.5f : ((x + y) % 5) / 5.0f - 0.4f;

				o = quad(o, x0, y0, x0 + 2.0f / GRID_X,
					 y0 + 2.0f / GRID_Y, z);
			}
	scene_n = o - scene;

	o = small = malloc(sizeof(*o) * 3 * SMALL_TRIS);
	for (int i = 0; i < SMALL_TRIS; i++) {
		float x = -1 + 2.0f * (i % 600) / 600;
		float y = -1 + 2.0f * (i / 600) / 60;
		const struct vertex t[3] = {
			{ x, y, 0, 0, 0 }, { x + 2.0f / W, y, 0, 1, 0 },
			{ x, y + 2.0f / H, 0, 0, 1 },
		};

		memcpy(o, t, sizeof(t));
		o += 3;
	}
	small_n = o - small;

	o = layers = malloc(sizeof(*o) * 6 * LAYERS);
	for (int i = 0; i < LAYERS; i++)
		o = quad(o, -1, -1, 1, 1, 0);
	layers_n = o - layers;
}

int main(int argc, char **argv)
{
	double secs = 1.0, fps = 0, vps = 0, pps = 0;
	const char *only = NULL;

	for (int i = 1; i < argc; i += 2) {
		if (i + 1 < argc && !strcmp(argv[i], "--seconds")) {
			secs = atof(argv[i + 1]);
		} else if (i + 1 < argc && !strcmp(argv[i], "--only") &&
			   (!strcmp(argv[i + 1], "frames") ||
			    !strcmp(argv[i + 1], "vertices") ||
			    !strcmp(argv[i + 1], "pixels"))) {
			only = argv[i + 1];
		} else {
			fprintf(stderr, "usage: %s [--seconds S] [--only frames|vertices|pixels]\n",
				argv[0]);
			return 2;
		}
	}
	if (!gl_context(false))
		return 1;
	printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));

	if (!gl_target(W, H))
		return 1;
	glViewport(0, 0, W, H);
	glUseProgram(gl_program(vs_src, fs_src,
				(const char *const[]){ "pos", "uv", NULL }));
	texture();
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	build();

	if (!only || !strcmp(only, "frames"))
		fps = measure(frame, secs);
	if (!only || !strcmp(only, "vertices"))
		vps = measure(vertices, secs) * small_n;
	if (!only || !strcmp(only, "pixels"))
		pps = measure(pixels, secs) * (double)W * H * LAYERS;
	if (glGetError() != GL_NO_ERROR) {
		fprintf(stderr, "GL error\n");
		return 1;
	}
	if (fps)
		printf("BENCH3D frames_per_s %.3f frames/s\n", fps);
	if (vps)
		printf("BENCH3D vertices_per_s %.0f vertices/s\n", vps);
	if (pps)
		printf("BENCH3D pixels_per_s %.0f pixels/s\n", pps);
	gl_context_end();
	free(scene);
	free(small);
	free(layers);
	return 0;
}
