// SPDX-License-Identifier: GPL-2.0-only
/*
 * gl-clear: clears of framebuffer objects read back with glReadPixels,
 * checked pixel by pixel, through whatever OpenGL implementation EGL's
 * surfaceless platform gives (Mesa's etnaviv on a board, llvmpipe on the
 * host: the same program checks itself there).
 *
 * Colour: OpenGL ES 2 renderbuffers of four formats and sizes that are and
 * are not multiples of the tile sizes; a clear, a second clear of another
 * colour, a clear of another framebuffer in between, each read back in
 * full. Depth and stencil: a desktop OpenGL context (GLES2 cannot read
 * them), D24S8 cleared together and each alone, read back as floats and
 * bytes. Textures: an RGBA texture rendered into (cleared, then a
 * scissored clear) and drawn texel for texel into a renderbuffer. The
 * expected values are computed here from the clear values and the
 * formats' bit depths; nothing is read from the implementation.
 *
 * gl-clear [--label NAME] [--any-renderer] [--ts]: NAME prefixes the test
 * names (the driver's debug options a run uses); without --any-renderer, a
 * GL_RENDERER that does not name a Vivante core fails. --ts: the driver
 * uses tile status; Mesa 22.3's etnaviv then clears depth or stencil of a
 * D24S8 buffer alone as if both were cleared (etna_blit_clear_zs_rs in
 * etnaviv_rs.c loads the whole new value as the tile-status clear value;
 * its FIXME says so), which silicon does too: those steps are skipped.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "check.h"

/* desktop OpenGL names GLES2's headers do not have */
#define GL_DEPTH24_STENCIL8_	0x88f0
#define GL_STENCIL_INDEX_	0x1901

static const char *label = "default";
static char prefix[64] = "gl-clear/default/";	/* gl-clear/LABEL/ */
static bool ts_partial_zs_broken;

#define result(ok, name, ...)	report_note(ok, prefix, name, __VA_ARGS__)

/* a colour renderbuffer format and its channel widths (0: absent) */
struct cfmt {
	const char *name;
	GLenum internal;
	int bits[4];	/* r, g, b, a */
	bool ext;	/* needs GL_OES_rgb8_rgba8 */
};

static const struct cfmt cfmts[] = {
	{ "rgba8", GL_RGBA8_OES, { 8, 8, 8, 8 }, true },
	{ "rgb565", GL_RGB565, { 5, 6, 5, 0 }, false },
	{ "rgba4", GL_RGBA4, { 4, 4, 4, 4 }, false },
	{ "rgb5_a1", GL_RGB5_A1, { 5, 5, 5, 1 }, false },
};

/*
 * What an RGBA/UNSIGNED_BYTE read of channel value @v (0..1) stored with
 * @bits bits returns: the stored integer round(v * (2^bits - 1)), widened
 * to 8 bits the same way. An absent alpha reads as 1.
 */
static uint8_t expect_channel(float v, int bits, bool alpha)
{
	unsigned int max, q;

	if (!bits)
		return alpha ? 255 : 0;
	max = (1u << bits) - 1;
	q = (unsigned int)(v * max + 0.5f);
	return (uint8_t)((q * 255 + max / 2) / max);
}

static void expect_rgba(const struct cfmt *f, const float c[4], uint8_t out[4])
{
	for (int i = 0; i < 4; i++)
		out[i] = expect_channel(c[i], f->bits[i], i == 3);
}

/*
 * Colours whose channels every format stores exactly (0 and 1), and for
 * 8-bit channels multiples of 1/255 and 1/15 (exact in 4 bits as well).
 */
static const float colours[][4] = {
	{ 1.0f, 0.0f, 1.0f, 1.0f },
	{ 0.0f, 1.0f, 0.0f, 0.0f },
	{ 1.0f, 1.0f, 1.0f, 1.0f },
	{ 0.0f, 0.0f, 0.0f, 0.0f },
	{ 51 / 255.0f, 102 / 255.0f, 204 / 255.0f, 153 / 255.0f },
};

static const unsigned int sizes[][2] = {
	{ 1, 1 }, { 16, 4 }, { 100, 37 }, { 64, 64 }, { 65, 65 },
	{ 256, 33 }, { 640, 480 },
};

/* Compare a w x h RGBA8 readback with one colour; report the first miss. */
static bool check_pixels(const uint8_t *px, unsigned int w, unsigned int h,
			 const uint8_t want[4], char *why, size_t len)
{
	unsigned long bad = 0;
	long first = -1;

	for (unsigned long i = 0; i < (unsigned long)w * h; i++) {
		if (memcmp(px + 4 * i, want, 4)) {
			if (first < 0)
				first = (long)i;
			bad++;
		}
	}
	if (!bad)
		return true;
	snprintf(why, len, "%lu of %u pixels wrong; first (%ld,%ld) = "
		 "%02x%02x%02x%02x, expected %02x%02x%02x%02x", bad, w * h,
		 first % w, first / w, px[4 * first], px[4 * first + 1],
		 px[4 * first + 2], px[4 * first + 3],
		 want[0], want[1], want[2], want[3]);
	return false;
}

struct fbo {
	GLuint fb, rb[2];
};

static bool make_fbo(struct fbo *o, GLenum colour, GLenum depth,
		     unsigned int w, unsigned int h)
{
	memset(o, 0, sizeof(*o));
	glGenFramebuffers(1, &o->fb);
	glBindFramebuffer(GL_FRAMEBUFFER, o->fb);
	if (colour) {
		glGenRenderbuffers(1, &o->rb[0]);
		glBindRenderbuffer(GL_RENDERBUFFER, o->rb[0]);
		glRenderbufferStorage(GL_RENDERBUFFER, colour, w, h);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					  GL_RENDERBUFFER, o->rb[0]);
	}
	if (depth) {
		glGenRenderbuffers(1, &o->rb[1]);
		glBindRenderbuffer(GL_RENDERBUFFER, o->rb[1]);
		glRenderbufferStorage(GL_RENDERBUFFER, depth, w, h);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					  GL_RENDERBUFFER, o->rb[1]);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
					  GL_RENDERBUFFER, o->rb[1]);
	}
	glViewport(0, 0, w, h);
	return glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
	       GL_FRAMEBUFFER_COMPLETE && glGetError() == GL_NO_ERROR;
}

static void free_fbo(struct fbo *o)
{
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteRenderbuffers(2, o->rb);
	glDeleteFramebuffers(1, &o->fb);
}

static bool read_check(struct fbo *o, const struct cfmt *f, const float c[4],
		       unsigned int w, unsigned int h, uint8_t *px,
		       char *why, size_t len)
{
	uint8_t want[4];

	glBindFramebuffer(GL_FRAMEBUFFER, o->fb);
	memset(px, 0xa5, (size_t)w * h * 4);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (glGetError() != GL_NO_ERROR) {
		snprintf(why, len, "glReadPixels failed");
		return false;
	}
	expect_rgba(f, c, want);
	return check_pixels(px, w, h, want, why, len);
}

static void clear_colour(const float c[4])
{
	glClearColor(c[0], c[1], c[2], c[3]);
	glClear(GL_COLOR_BUFFER_BIT);
}

/*
 * One format and size: clear, read; clear another colour, read; clear a
 * second framebuffer, read the first again (its contents must survive).
 */
static void colour_case(const struct cfmt *f, unsigned int w, unsigned int h)
{
	size_t n = (size_t)w * h * 4;
	uint8_t *px = malloc(n);
	struct fbo a, b;
	char name[64], why[200];
	bool ok;

	snprintf(name, sizeof(name), "%s-%ux%u", f->name, w, h);
	if (!px || !make_fbo(&a, f->internal, 0, w, h)) {
		result(false, name, "framebuffer incomplete");
		free(px);
		return;
	}
	for (unsigned int i = 0; i < 3; i++) {
		const float *c = colours[i + (f->bits[0] == 8 ? 2 : 0)];
		char step[80];

		glBindFramebuffer(GL_FRAMEBUFFER, a.fb);
		clear_colour(c);
		ok = read_check(&a, f, c, w, h, px, why, sizeof(why));
		snprintf(step, sizeof(step), "%s/clear%u", name, i + 1);
		result(ok, step, ok ? NULL : "%s", why);
	}
	/* another framebuffer's clear leaves this one alone */
	if (make_fbo(&b, f->internal, 0, w, h)) {
		const float *last = colours[2 + (f->bits[0] == 8 ? 2 : 0)];

		clear_colour(colours[0]);
		ok = read_check(&a, f, last, w, h, px, why, sizeof(why));
		snprintf(name + strlen(name), sizeof(name) - strlen(name),
			 "/other-fbo");
		result(ok, name, ok ? NULL : "%s", why);
		free_fbo(&b);
	}
	free_fbo(&a);
	free(px);
}

/*
 * Compare a w x h RGBA8 readback with @in inside the rectangle (@sx, @sy,
 * @sw, @sh) and @out elsewhere; report the first miss.
 */
static bool check_rect(const uint8_t *px, unsigned int w, unsigned int h,
		       unsigned int sx, unsigned int sy, unsigned int sw,
		       unsigned int sh, const uint8_t in[4],
		       const uint8_t out[4], char *why, size_t len)
{
	unsigned long bad = 0, first = 0;
	const uint8_t *p, *want;
	unsigned int fx, fy;

	for (unsigned int y = 0; y < h; y++) {
		for (unsigned int x = 0; x < w; x++) {
			bool inside = x >= sx && x < sx + sw && y >= sy &&
				      y < sy + sh;

			p = px + 4 * ((size_t)y * w + x);
			if (memcmp(p, inside ? in : out, 4) && !bad++)
				first = (unsigned long)y * w + x;
		}
	}
	if (!bad)
		return true;
	p = px + 4 * first;
	fx = first % w;
	fy = first / w;
	want = fx >= sx && fx < sx + sw && fy >= sy && fy < sy + sh ? in : out;
	snprintf(why, len, "%lu of %u pixels wrong; first (%u,%u) = "
		 "%02x%02x%02x%02x, expected %02x%02x%02x%02x", bad, w * h,
		 fx, fy, p[0], p[1], p[2], p[3], want[0], want[1], want[2],
		 want[3]);
	return false;
}

/*
 * Scissored and colour-masked clears: Mesa 22.3's etnaviv does not clear
 * a part of a surface with the resolve engine, it draws a quad (the
 * state tracker's clear_with_quad): these cases need the 3D pipeline.
 * A clear of the whole buffer to A, then a scissored clear to B over an
 * odd rectangle, then a clear to C with only red and alpha enabled; every
 * pixel is checked against the rectangle and the mask.
 */
static void scissor_case(const struct cfmt *f, unsigned int w, unsigned int h)
{
	const float *a = colours[0], *b = colours[1], *cc = colours[2];
	unsigned int sx = w / 5 + 1, sy = h / 4 + 1, sw = w / 2, sh = h / 3 + 1;
	size_t n = (size_t)w * h * 4;
	uint8_t *px = malloc(n), in[4], out[4];
	char name[64], why[200];
	float masked[2][4];
	struct fbo o;
	bool ok;

	snprintf(name, sizeof(name), "%s-%ux%u/scissor-mask", f->name, w, h);
	if (!px || !make_fbo(&o, f->internal, 0, w, h)) {
		result(false, name, "framebuffer incomplete");
		free(px);
		return;
	}
	clear_colour(a);
	glEnable(GL_SCISSOR_TEST);
	glScissor(sx, sy, sw, sh);
	clear_colour(b);
	glDisable(GL_SCISSOR_TEST);
	glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
	clear_colour(cc);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	/* what the masked clear leaves: red and alpha of C, the rest kept */
	for (int i = 0; i < 4; i++) {
		bool set = i == 0 || i == 3;

		masked[0][i] = set ? cc[i] : b[i];
		masked[1][i] = set ? cc[i] : a[i];
	}
	expect_rgba(f, masked[0], in);
	expect_rgba(f, masked[1], out);
	memset(px, 0xa5, n);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ok = check_rect(px, w, h, sx, sy, sw, sh, in, out, why, sizeof(why));
	result(ok && glGetError() == GL_NO_ERROR, name, ok ? NULL : "%s",
	       why);
	free_fbo(&o);
	free(px);
}

/*
 * Rendering into a texture, then sampling it: an RGBA texture as the
 * colour buffer, cleared to A (with tile status, a fast clear), then a
 * scissored clear to B over an odd rectangle (a quad), then drawn into an
 * RGBA8 renderbuffer of the same size by a full-screen quad that samples
 * it texel for texel (NEAREST); then the texture cleared to C alone and
 * drawn again. On cores that read textures through their tile status
 * (Mesa's sampler TS: GC3000, GC7000), the texels of blocks still cleared
 * come from the clear value; elsewhere Mesa resolves first.
 */
static const char *tex_vs =
	"attribute vec2 pos;\n"
	"varying vec2 uv;\n"
	"void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0, 1); }\n";
static const char *tex_fs =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(tex, uv); }\n";

static GLuint tex_program(void)
{
	const char *src[2] = { tex_vs, tex_fs };
	const GLenum type[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	GLuint p = glCreateProgram();
	GLint ok = 0;

	for (int i = 0; i < 2; i++) {
		GLuint s = glCreateShader(type[i]);

		glShaderSource(s, 1, &src[i], NULL);
		glCompileShader(s);
		glAttachShader(p, s);
		glDeleteShader(s);
	}
	glBindAttribLocation(p, 0, "pos");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok) {
		glDeleteProgram(p);
		return 0;
	}
	return p;
}

/* Draw texture @tex over the whole of @o (w x h), then read @o into @px. */
static void draw_texture(GLuint prog, GLuint tex, struct fbo *o,
			 unsigned int w, unsigned int h, uint8_t *px)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	glBindFramebuffer(GL_FRAMEBUFFER, o->fb);
	glViewport(0, 0, w, h);
	glUseProgram(prog);
	glBindTexture(GL_TEXTURE_2D, tex);
	glUniform1i(glGetUniformLocation(prog, "tex"), 0);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	glDisableVertexAttribArray(0);
	memset(px, 0xa5, (size_t)w * h * 4);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void texture_case(GLuint prog, unsigned int w, unsigned int h)
{
	const float *a = colours[4], *b = colours[0], *cc = colours[1];
	unsigned int sx = w / 3 + 1, sy = h / 5 + 1, sw = w / 2, sh = h / 2;
	const struct cfmt *f = &cfmts[0];	/* 8-bit channels */
	uint8_t *px = malloc((size_t)w * h * 4), in[4], out[4];
	GLuint tex = 0, fb = 0;
	char name[64], step[80], why[200];
	struct fbo o;
	bool ok;

	snprintf(name, sizeof(name), "texture-%ux%u", w, h);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, NULL);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
			       GL_TEXTURE_2D, tex, 0);
	if (!px || !prog ||
	    glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
	    GL_FRAMEBUFFER_COMPLETE || !make_fbo(&o, GL_RGBA8_OES, 0, w, h)) {
		result(false, name, prog ? "framebuffer incomplete" :
		       "the program does not link");
		goto out;
	}
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glViewport(0, 0, w, h);
	clear_colour(a);
	glEnable(GL_SCISSOR_TEST);
	glScissor(sx, sy, sw, sh);
	clear_colour(b);
	glDisable(GL_SCISSOR_TEST);
	draw_texture(prog, tex, &o, w, h, px);
	expect_rgba(f, b, in);
	expect_rgba(f, a, out);
	ok = check_rect(px, w, h, sx, sy, sw, sh, in, out, why, sizeof(why));
	snprintf(step, sizeof(step), "%s/scissored", name);
	result(ok && glGetError() == GL_NO_ERROR, step, ok ? NULL : "%s",
	       why);

	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	clear_colour(cc);
	draw_texture(prog, tex, &o, w, h, px);
	expect_rgba(f, cc, in);
	ok = check_pixels(px, w, h, in, why, sizeof(why));
	snprintf(step, sizeof(step), "%s/cleared", name);
	result(ok && glGetError() == GL_NO_ERROR, step, ok ? NULL : "%s",
	       why);
	free_fbo(&o);
out:
	glUseProgram(0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
	free(px);
}

/* glClearDepth: desktop OpenGL's, looked up (GLES2 has glClearDepthf) */
static void (*clear_depth)(double);

/* Depth and stencil of D24S8, in a desktop OpenGL context. */
static void depth_case(unsigned int w, unsigned int h)
{
	static const struct { float d; int s; GLbitfield mask; float wd;
			      int ws; const char *what; } steps[] = {
		{ 0.25f, 0x5a, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
		  0.25f, 0x5a, "both" },
		{ 1.0f, 0x33, GL_DEPTH_BUFFER_BIT, 1.0f, 0x5a, "depth-only" },
		{ 0.5f, 0xc3, GL_STENCIL_BUFFER_BIT, 1.0f, 0xc3, "stencil-only" },
		{ 0.0f, 0x00, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
		  0.0f, 0x00, "zero" },
	};
	size_t n = (size_t)w * h;
	float *d = malloc(n * sizeof(*d));
	uint8_t *s = malloc(n);
	char name[64], step[96], why[200];
	struct fbo o;

	snprintf(name, sizeof(name), "d24s8-%ux%u", w, h);
	if (!d || !s || !make_fbo(&o, GL_RGBA4, GL_DEPTH24_STENCIL8_, w, h)) {
		result(false, name, "framebuffer incomplete");
		goto out;
	}
	for (unsigned int i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		unsigned long bad_d = 0, bad_s = 0, first = 0;

		if (ts_partial_zs_broken && steps[i].mask !=
		    (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
			printf("SKIP: gl-clear/%s/%s/%s: Mesa 22.3 etnaviv with "
			       "tile status clears both\n", label, name,
			       steps[i].what);
			continue;
		}

		clear_depth(steps[i].d);
		glClearStencil(steps[i].s);
		glClear(steps[i].mask);
		memset(d, 0xff, n * sizeof(*d));
		memset(s, 0xa5, n);
		glReadPixels(0, 0, w, h, GL_DEPTH_COMPONENT, GL_FLOAT, d);
		glReadPixels(0, 0, w, h, GL_STENCIL_INDEX_, GL_UNSIGNED_BYTE, s);
		/* 24 bits of depth: within one step of the value */
		for (size_t p = 0; p < n; p++) {
			float e = d[p] - steps[i].wd;
			bool bd = !(e < 1.0f / 0xffffff && e > -1.0f / 0xffffff);
			bool bs = s[p] != steps[i].ws;

			if ((bd || bs) && !bad_d && !bad_s)
				first = p;
			bad_d += bd;
			bad_s += bs;
		}
		snprintf(step, sizeof(step), "%s/%s", name, steps[i].what);
		snprintf(why, sizeof(why), "%lu depth and %lu stencil values "
			 "wrong; first (%lu,%lu) = %g/0x%02x, expected %g/0x%02x",
			 bad_d, bad_s, first % w, first / w, d[first],
			 s[first], steps[i].wd, steps[i].ws);
		if (glGetError() != GL_NO_ERROR)
			snprintf(why, sizeof(why), "GL error");
		result(!bad_d && !bad_s, step, bad_d || bad_s ? "%s" : NULL,
		       why);
	}
	free_fbo(&o);
out:
	free(d);
	free(s);
}

static EGLContext make_context(EGLDisplay dpy, bool desktop)
{
	const EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	EGLContext ctx;

	if (!eglBindAPI(desktop ? EGL_OPENGL_API : EGL_OPENGL_ES_API))
		return EGL_NO_CONTEXT;
	ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
			       desktop ? NULL : es2);
	if (ctx != EGL_NO_CONTEXT &&
	    !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		eglDestroyContext(dpy, ctx);
		ctx = EGL_NO_CONTEXT;
	}
	return ctx;
}

int main(int argc, char **argv)
{
	bool any = false, ts = false;
	const char *renderer;
	GLuint prog;
	EGLDisplay dpy;
	EGLContext ctx;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--any-renderer"))
			any = true;
		else if (!strcmp(argv[i], "--ts"))
			ts = true;
		else if (!strcmp(argv[i], "--label") && i + 1 < argc)
			label = argv[++i];
		else {
			fprintf(stderr, "usage: %s [--label NAME] [--any-renderer] "
				"[--ts]\n", argv[0]);
			return 2;
		}
	}
	snprintf(prefix, sizeof(prefix), "gl-clear/%s/", label);

	dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
				    EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
		result(false, "egl", "no surfaceless EGL display");
		return 1;
	}
	ctx = make_context(dpy, false);
	if (ctx == EGL_NO_CONTEXT) {
		result(false, "gles2-context", "error 0x%x", eglGetError());
		return 1;
	}
	renderer = (const char *)glGetString(GL_RENDERER);
	printf("GL_RENDERER: %s\n", renderer);
	result(any || strstr(renderer, "Vivante"), "renderer", "%s", renderer);
	ts_partial_zs_broken = ts && strstr(renderer, "Vivante");

	for (size_t f = 0; f < sizeof(cfmts) / sizeof(cfmts[0]); f++) {
		if (cfmts[f].ext && !strstr((const char *)
				glGetString(GL_EXTENSIONS), "GL_OES_rgb8_rgba8"))
			continue;
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			colour_case(&cfmts[f], sizes[s][0], sizes[s][1]);
		scissor_case(&cfmts[f], 100, 37);
		scissor_case(&cfmts[f], 640, 480);
	}
	prog = tex_program();
	texture_case(prog, 64, 64);
	texture_case(prog, 100, 37);
	glDeleteProgram(prog);
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);

	ctx = make_context(dpy, true);
	clear_depth = (void (*)(double))eglGetProcAddress("glClearDepth");
	if (ctx == EGL_NO_CONTEXT || !clear_depth) {
		result(false, "gl-context", "error 0x%x", eglGetError());
	} else {
		depth_case(100, 37);
		depth_case(64, 64);
		depth_case(640, 480);
		eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
			       EGL_NO_CONTEXT);
		eglDestroyContext(dpy, ctx);
	}
	eglTerminate(dpy);
	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
