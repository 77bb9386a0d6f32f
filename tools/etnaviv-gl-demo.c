// SPDX-License-Identifier: MIT
/*
 * etnaviv-gl-demo: a picture made by the GPU's resolve engine through
 * OpenGL, read back and written as a PNG.
 *
 * A 320x240 framebuffer object gets a cleared background (a whole-surface
 * blit from another one), then 64x64 framebuffer objects cleared in
 * colours are copied into it with glBlitFramebuffer: two rows of tiles
 * in a checkerboard. On Mesa 22.3's etnaviv each clear is a resolve-engine
 * fill (or a fast clear through tile status), each blit a resolve-engine
 * copy, and glReadPixels a resolve into a linear buffer. The positions
 * are on the grid the resolve engine copies on without a draw (64
 * pixels across; 64 times the pixel pipes down: 128 on the GC2000), and
 * the background is blitted, not cleared, because Mesa 22.3 drops the
 * fast-clear state of a blit's destination without resolving it first.
 * --verify compares every pixel with the picture computed on the CPU.
 *
 * etnaviv-gl-demo [-o FILE.png] [--verify]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "gl_util.h"

#define W	320
#define H	240
#define TILE	64
#define GL_READ_FRAMEBUFFER_	0x8ca8
#define GL_DRAW_FRAMEBUFFER_	0x8ca9
#define GL_RGBA8_		0x8058

static void (*blit)(GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint,
		    GLbitfield, GLenum);

static const uint8_t palette[][4] = {
	{ 0xe0, 0x30, 0x30, 0xff }, { 0x30, 0xc0, 0x40, 0xff },
	{ 0x30, 0x60, 0xe0, 0xff }, { 0xf0, 0xd0, 0x20, 0xff },
	{ 0xc0, 0x40, 0xd0, 0xff }, { 0x20, 0xd0, 0xd0, 0xff },
};
static const uint8_t background[4] = { 0x20, 0x20, 0x28, 0xff };
#define ROW	(2 * TILE)	/* rows of tiles start this far apart */

/*
 * The picture: in the lower half of each 128-row band, 64x64 tiles on a
 * checkerboard. Coordinates are GL's: y = 0 at the bottom.
 */
static const uint8_t *expected(unsigned int x, unsigned int y)
{
	unsigned int tx = x / TILE, ty = y / ROW;

	if (y % ROW >= TILE || ((tx + ty) & 1))
		return background;
	return palette[(tx + 3 * ty) % 6];
}

static GLuint fbo(GLuint *rb, unsigned int w, unsigned int h)
{
	GLuint fb;

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(1, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, *rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_, w, h);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
				  GL_RENDERBUFFER, *rb);
	return fb;
}

static void clear(const uint8_t c[4])
{
	glClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f,
		     c[3] / 255.0f);
	glClear(GL_COLOR_BUFFER_BIT);
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	bool verify = false;
	GLuint big, big_rb, small, small_rb, bg, bg_rb;
	unsigned long bad = 0;
	uint8_t *px;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(argv[i], "--verify")) {
			verify = true;
		} else {
			fprintf(stderr, "usage: %s [-o FILE.png] [--verify]\n",
				argv[0]);
			return 2;
		}
	}
	if (!gl_context(true))
		return 1;
	blit = (void (*)(GLint, GLint, GLint, GLint, GLint, GLint, GLint,
			 GLint, GLbitfield, GLenum))
		eglGetProcAddress("glBlitFramebuffer");
	px = malloc(W * H * 4);
	if (!blit || !px) {
		fprintf(stderr, "no glBlitFramebuffer\n");
		return 1;
	}
	printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));

	big = fbo(&big_rb, W, H);
	small = fbo(&small_rb, TILE, TILE);
	bg = fbo(&bg_rb, W, H);
	clear(background);
	glBindFramebuffer(GL_READ_FRAMEBUFFER_, bg);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER_, big);
	blit(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	for (unsigned int ty = 0; ty * ROW < H; ty++) {
		for (unsigned int tx = 0; tx < W / TILE; tx++) {
			const uint8_t *c = expected(tx * TILE, ty * ROW);

			if (c == background)
				continue;
			glBindFramebuffer(GL_FRAMEBUFFER, small);
			clear(c);
			glBindFramebuffer(GL_READ_FRAMEBUFFER_, small);
			glBindFramebuffer(GL_DRAW_FRAMEBUFFER_, big);
			blit(0, 0, TILE, TILE, tx * TILE, ty * ROW,
			     (tx + 1) * TILE, ty * ROW + TILE,
			     GL_COLOR_BUFFER_BIT, GL_NEAREST);
		}
	}
	glBindFramebuffer(GL_FRAMEBUFFER, big);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (glGetError() != GL_NO_ERROR) {
		fprintf(stderr, "GL error\n");
		return 1;
	}
	if (verify) {
		for (unsigned int y = 0; y < H; y++)
			for (unsigned int x = 0; x < W; x++)
				bad += !!memcmp(px + (y * W + x) * 4,
						expected(x, y), 4);
		if (bad)
			printf("%lu of %u pixels differ from the CPU's picture\n",
			       bad, W * H);
		else
			printf("the GPU's picture matches the CPU's\n");
	}
	if (out && gl_write_png(out, px, W, H))
		return 1;
	if (out)
		printf("wrote %s (%dx%d)\n", out, W, H);
	gl_context_end();
	free(px);
	return bad ? 1 : 0;
}
