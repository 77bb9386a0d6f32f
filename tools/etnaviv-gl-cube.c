// SPDX-License-Identifier: MIT
/*
 * etnaviv-gl-cube: a small 3D scene through OpenGL ES 2: a textured,
 * lit, depth-tested cube drawn at four angles side by side into a 320x80
 * framebuffer object, read back and written as a PNG.
 *
 * Run on the host (llvmpipe) with --save FILE, it keeps its pixels as the
 * reference; run in a board with --compare FILE, it compares its own with
 * them: the images must match within a tolerance (a channel may differ by
 * a few steps where the implementations round differently, and a few
 * pixels along the edges where the rasterisers' subpixel rules differ).
 *
 * etnaviv-gl-cube [-o FILE.png] [--save FILE | --compare FILE]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "gl_util.h"

#define FRAMES	4
#define SIDE	80
#define W	(FRAMES * SIDE)
#define H	SIDE
#define TEX	64
/* tolerance: channel steps, and pixels beyond them (edges) */
#define TOL_STEPS	12
#define TOL_PIXELS	(W * H / 50)

static const char *vs_src =
	"attribute vec3 pos;\n"
	"attribute vec3 nrm;\n"
	"attribute vec2 uv;\n"
	"uniform mat4 mvp;\n"
	"uniform mat3 rot;\n"
	"varying vec2 v_uv;\n"
	"varying float v_light;\n"
	"void main() {\n"
	"  vec3 n = rot * nrm;\n"
	"  v_light = 0.25 + 0.75 * max(dot(n, normalize(vec3(0.4, 0.6, 1.0))), 0.0);\n"
	"  v_uv = uv;\n"
	"  gl_Position = mvp * vec4(pos, 1.0);\n"
	"}\n";

static const char *fs_src =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec2 v_uv;\n"
	"varying float v_light;\n"
	"void main() {\n"
	"  gl_FragColor = vec4(texture2D(tex, v_uv).rgb * v_light, 1.0);\n"
	"}\n";

/* a face: its normal and the two axes spanning it */
static const float faces[6][3][3] = {
	{ { 0, 0, 1 }, { 1, 0, 0 }, { 0, 1, 0 } },
	{ { 0, 0, -1 }, { -1, 0, 0 }, { 0, 1, 0 } },
	{ { 1, 0, 0 }, { 0, 0, -1 }, { 0, 1, 0 } },
	{ { -1, 0, 0 }, { 0, 0, 1 }, { 0, 1, 0 } },
	{ { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },
	{ { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },
};

/* 24 vertices: position, normal, texture coordinate */
static float verts[24][8];
static GLushort indices[36];

static void build_cube(void)
{
	static const float corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 },
					    { -1, 1 } };

	for (int f = 0; f < 6; f++) {
		for (int v = 0; v < 4; v++) {
			float *o = verts[f * 4 + v];

			for (int i = 0; i < 3; i++) {
				o[i] = 0.5f * (faces[f][0][i] +
					       corner[v][0] * faces[f][1][i] +
					       corner[v][1] * faces[f][2][i]);
				o[3 + i] = faces[f][0][i];
			}
			o[6] = (corner[v][0] + 1) / 2;
			o[7] = (corner[v][1] + 1) / 2;
		}
		GLushort b = f * 4, *ix = indices + f * 6;

		ix[0] = b;
		ix[1] = b + 1;
		ix[2] = b + 2;
		ix[3] = b;
		ix[4] = b + 2;
		ix[5] = b + 3;
	}
}

static void mat_mul(float r[16], const float a[16], const float b[16])
{
	float t[16];

	for (int c = 0; c < 4; c++)
		for (int row = 0; row < 4; row++) {
			t[c * 4 + row] = 0;
			for (int k = 0; k < 4; k++)
				t[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
		}
	memcpy(r, t, sizeof(t));
}

/* rotation about y by @a then x by @b, column-major */
static void rotation(float m[16], float a, float b)
{
	float ry[16] = { cosf(a), 0, -sinf(a), 0, 0, 1, 0, 0,
			 sinf(a), 0, cosf(a), 0, 0, 0, 0, 1 };
	float rx[16] = { 1, 0, 0, 0, 0, cosf(b), sinf(b), 0,
			 0, -sinf(b), cosf(b), 0, 0, 0, 0, 1 };

	mat_mul(m, rx, ry);
}

/* a checkerboard with a coloured border, mipmapped */
static GLuint texture(void)
{
	static uint8_t texels[TEX * TEX * 4];
	GLuint t;

	for (int y = 0; y < TEX; y++)
		for (int x = 0; x < TEX; x++) {
			uint8_t *p = texels + 4 * (y * TEX + x);
			bool border = x < 4 || y < 4 || x >= TEX - 4 ||
				      y >= TEX - 4;
			bool dark = ((x / 8) ^ (y / 8)) & 1;

			p[0] = border ? 0xf0 : dark ? 0x30 : 0xe0;
			p[1] = border ? 0x90 : dark ? 0x50 : 0xe0;
			p[2] = border ? 0x20 : dark ? 0xa0 : 0xe8;
			p[3] = 0xff;
		}
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX, TEX, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	return t;
}

static void render(uint8_t *px)
{
	GLuint prog, tex;
	float proj[16] = { 0 }, mv[16], mvp[16], rot3[9];

	if (!gl_target(W, H))
		exit(1);
	prog = gl_program(vs_src, fs_src,
			  (const char *const[]){ "pos", "nrm", "uv", NULL });
	tex = texture();
	glUseProgram(prog);
	glUniform1i(glGetUniformLocation(prog, "tex"), 0);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 32, verts[0]);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 32, verts[0] + 3);
	glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 32, verts[0] + 6);
	for (int i = 0; i < 3; i++)
		glEnableVertexAttribArray(i);
	glEnable(GL_DEPTH_TEST);
	glEnable(GL_CULL_FACE);
	glClearColor(0.1f, 0.1f, 0.14f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

	/* perspective: 45 degrees, aspect 1, near 1, far 10 */
	proj[0] = proj[5] = 2.4142f;
	proj[10] = -11.0f / 9;
	proj[11] = -1;
	proj[14] = -20.0f / 9;
	for (int f = 0; f < FRAMES; f++) {
		rotation(mv, 0.5f + f * 0.4f, 0.45f);
		for (int c = 0; c < 3; c++)
			for (int r = 0; r < 3; r++)
				rot3[c * 3 + r] = mv[c * 4 + r];
		mv[14] = -3.2f;
		mat_mul(mvp, proj, mv);
		glUniformMatrix4fv(glGetUniformLocation(prog, "mvp"), 1,
				   GL_FALSE, mvp);
		glUniformMatrix3fv(glGetUniformLocation(prog, "rot"), 1,
				   GL_FALSE, rot3);
		glViewport(f * SIDE, 0, SIDE, SIDE);
		glDrawElements(GL_TRIANGLES, 36, GL_UNSIGNED_SHORT, indices);
	}
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	glDeleteTextures(1, &tex);
}

/* Compare with the reference; print and return the verdict. */
static bool compare(const uint8_t *px, const char *path)
{
	static uint8_t ref[W * H * 4];
	unsigned long off = 0, worst = 0, coloured = 0;
	FILE *f = fopen(path, "rb");

	if (!f || fread(ref, 1, sizeof(ref), f) != sizeof(ref)) {
		fprintf(stderr, "%s: cannot read the reference\n", path);
		if (f)
			fclose(f);
		return false;
	}
	fclose(f);
	for (unsigned long i = 0; i < W * H; i++) {
		unsigned int d = 0;

		for (int c = 0; c < 4; c++) {
			int e = abs(px[4 * i + c] - ref[4 * i + c]);

			d = e > (int)d ? (unsigned int)e : d;
		}
		off += d > TOL_STEPS;
		worst = d > worst ? d : worst;
		coloured += px[4 * i] != 0x1a || px[4 * i + 1] != 0x1a;
	}
	printf("%lu of %u pixels differ from the reference by more than %d "
	       "steps (largest difference %lu); %lu pixels not background\n",
	       off, W * H, TOL_STEPS, worst, coloured);
	return off <= TOL_PIXELS && coloured > W * H / 8;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *save = NULL, *cmp = NULL;
	static uint8_t px[W * H * 4];
	bool ok = true;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--save") && i + 1 < argc)
			save = argv[++i];
		else if (!strcmp(argv[i], "--compare") && i + 1 < argc)
			cmp = argv[++i];
		else {
			fprintf(stderr, "usage: %s [-o FILE.png] [--save FILE | "
				"--compare FILE]\n", argv[0]);
			return 2;
		}
	}
	if (!gl_context(false))
		return 1;
	printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));
	build_cube();
	render(px);
	if (glGetError() != GL_NO_ERROR) {
		fprintf(stderr, "GL error\n");
		ok = false;
	}
	if (save) {
		FILE *f = fopen(save, "wb");

		if (!f || fwrite(px, 1, sizeof(px), f) != sizeof(px))
			ok = false;
		if (f)
			fclose(f);
	}
	if (cmp)
		ok = compare(px, cmp) && ok;
	if (out && gl_write_png(out, px, W, H))
		ok = false;
	else if (out)
		printf("wrote %s (%dx%d)\n", out, W, H);
	gl_context_end();
	return ok ? 0 : 1;
}
