// SPDX-License-Identifier: GPL-2.0-only
/*
 * gl-long3d: a 3D job longer than the hang timeout, through Mesa's
 * etnaviv in a board (the 3D counterpart of functional's long-2d and
 * long-rs, tests/uml/functional/hang.c).
 *
 * One job of two draws into a 128x128 RGBA8 framebuffer whose colour is
 * cleared to A and depth to 0.5: a full-screen quad at depth 0.75 in
 * colour B, every pixel of it killed by the depth test (GL_LESS), then a
 * quad over the bottom-left 32x32 pixels at depth 0.25 in colour D. While
 * the first draw runs, the FE waits at its DRAW command and nothing is
 * written to memory: only the pixel engine's count of pixels killed at
 * the depth test moves. The device model's core clock (debugfs
 * clock_khz) is lowered so that the first draw lasts about 3 s of the
 * model's time, six hang-check periods: the clock comes from the model's
 * cycles of work (its stats) for the same draw at the normal clock.
 *
 *  - ours: the job's sync file (EGL_ANDROID_native_fence_sync) signals
 *    without error, the core is not reset (the hang check sees the depth
 *    pipe's pixel counters move), and glReadPixels returns D in the
 *    bottom-left 32x32 pixels and A everywhere else: values computed here
 *    from the colours, not read from the model;
 *  - upstream Linux 6.1: its hang check watches only the FE address; it
 *    resets the core and cancels the job (ECANCELED), the second draw
 *    never drawn (a documented difference, as for long-2d).
 *
 * Our driver's job_max_ms is raised to 20 s meanwhile, the clock and the
 * parameter put back at the end. ETNAVIV_DRIVER (scripts/boot) names the
 * driver.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/sync_file.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "check.h"

#define JOB_MAX_PARAM	"/sys/module/etnaviv/parameters/job_max_ms"
#define W		128
#define H		128
#define SMALL		32	/* the second draw: SMALL x SMALL pixels */
#define TARGET_MS	3000	/* the first draw's time at the low clock */
#define MIN_NS		1500000000ull	/* three hang-check periods */

/* the colours, 8 bits a channel: A cleared, B killed, D drawn */
static const uint8_t col_a[4] = { 51, 102, 153, 255 };
static const uint8_t col_b[4] = { 255, 0, 0, 255 };
static const uint8_t col_d[4] = { 204, 153, 51, 255 };

static char core[256];		/* the model core of the 3D pipe */
static bool upstream;

#define result(ok, name, ...)	report_note(ok, "gl-long3d/", name, __VA_ARGS__)

/* ---- the device model's debugfs and the driver's parameter ---- */

#define MAX_CORES	8

/*
 * The model cores' draws_3d before a draw (cores_note), and the core
 * whose count moved after it (cores_find_drawn): the 3D pipe's.
 */
static struct model_stats before[MAX_CORES];
static int nr_before;

static void cores_note(void)
{
	nr_before = read_model_stats(before, MAX_CORES);
}

static bool cores_find_drawn(void)
{
	int i;

	for (i = 0; i < nr_before; i++)
		if (model_stats_of(before[i].dir).draws_3d >
		    before[i].draws_3d) {
			memcpy(core, before[i].dir, sizeof(core));
			return true;
		}
	return false;
}

/* ---- GL ---- */

static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync;
static PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence_fd;
static EGLDisplay dpy = EGL_NO_DISPLAY;
static GLint u_z, u_col;

static const char *vs_src =
	"attribute vec2 pos;\n"
	"uniform float z;\n"
	"void main() {\n"
	"  gl_Position = vec4(pos, z, 1.0);\n"
	"}\n";

static const char *fs_src =
	"precision mediump float;\n"
	"uniform vec4 col;\n"
	"void main() {\n"
	"  gl_FragColor = col;\n"
	"}\n";

/* two quads as triangle strips: the whole target, the bottom-left one */
static const GLfloat quads[2][8] = {
	{ -1, -1, 1, -1, -1, 1, 1, 1 },
	{ -1, -1, -1 + 2.0f * SMALL / W, -1, -1, -1 + 2.0f * SMALL / H,
	  -1 + 2.0f * SMALL / W, -1 + 2.0f * SMALL / H },
};

static GLuint shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	return ok ? s : 0;
}

static bool gl_setup(void)
{
	static const EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	GLuint p, vs, fs, fb, rb[2], vbo;
	EGLContext ctx;
	const char *ext;
	GLint ok;

	dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
				    EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) ||
	    !eglBindAPI(EGL_OPENGL_ES_API)) {
		result(false, "setup", "no surfaceless EGL display");
		return false;
	}
	ext = eglQueryString(dpy, EGL_EXTENSIONS);
	if (!ext || !strstr(ext, "EGL_ANDROID_native_fence_sync")) {
		result(false, "setup", "no EGL_ANDROID_native_fence_sync");
		return false;
	}
	create_sync = (PFNEGLCREATESYNCKHRPROC)
		eglGetProcAddress("eglCreateSyncKHR");
	destroy_sync = (PFNEGLDESTROYSYNCKHRPROC)
		eglGetProcAddress("eglDestroySyncKHR");
	dup_fence_fd = (PFNEGLDUPNATIVEFENCEFDANDROIDPROC)
		eglGetProcAddress("eglDupNativeFenceFDANDROID");
	ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es2);
	if (!create_sync || !destroy_sync || !dup_fence_fd ||
	    ctx == EGL_NO_CONTEXT ||
	    !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		result(false, "setup", "no OpenGL ES 2 context (0x%x)",
		       eglGetError());
		return false;
	}
	if (!strstr((const char *)glGetString(GL_RENDERER), "GC")) {
		result(false, "setup", "renderer %s is not a Vivante core",
		       (const char *)glGetString(GL_RENDERER));
		return false;
	}

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, W, H);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
				  GL_RENDERBUFFER, rb[0]);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
				  GL_RENDERBUFFER, rb[1]);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
	    GL_FRAMEBUFFER_COMPLETE) {
		result(false, "setup", "framebuffer incomplete");
		return false;
	}

	vs = shader(GL_VERTEX_SHADER, vs_src);
	fs = shader(GL_FRAGMENT_SHADER, fs_src);
	p = glCreateProgram();
	glAttachShader(p, vs);
	glAttachShader(p, fs);
	glBindAttribLocation(p, 0, "pos");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!vs || !fs || !ok) {
		result(false, "setup", "the shaders do not compile or link");
		return false;
	}
	glUseProgram(p);
	u_z = glGetUniformLocation(p, "z");
	u_col = glGetUniformLocation(p, "col");

	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(quads), quads, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
	glViewport(0, 0, W, H);
	glDisable(GL_DITHER);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	return glGetError() == GL_NO_ERROR ||
	       (result(false, "setup", "GL error"), false);
}

static void clear_a(void)
{
	glClearColor(col_a[0] / 255.0f, col_a[1] / 255.0f, col_a[2] / 255.0f,
		     col_a[3] / 255.0f);
	glClearDepthf(0.5f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

/* quad @q at clip-space depth @z (window depth (z + 1) / 2), @col */
static void draw(unsigned int q, float z, const uint8_t *col)
{
	glUniform1f(u_z, z);
	glUniform4f(u_col, col[0] / 255.0f, col[1] / 255.0f,
		    col[2] / 255.0f, col[3] / 255.0f);
	glDrawArrays(GL_TRIANGLE_STRIP, q * 4, 4);
}

/*
 * The model's cycles of work: one per FE command, one per budget unit of
 * an engine (a 3D draw: a vertex, a quad, a shader instruction).
 */
static long long units(void)
{
	return model_stats_of(core).cycles;
}

static bool near(const uint8_t *p, const uint8_t *want)
{
	for (int k = 0; k < 4; k++)
		if (abs((int)p[k] - (int)want[k]) > 1)
			return false;
	return true;
}

int main(void)
{
	static uint8_t px[W * H * 4];
	long long khz0, max0, res0, res1, written0, u0, u1, khz;
	unsigned int in_d = 0, bad = 0, x, y;
	EGLSyncKHR sync;
	uint64_t t0, t;
	int fd, st;
	bool ok, pr;

	upstream = is_upstream();
	if (!gl_setup())
		return 1;

	/* the model's work for the killed draw at the normal clock */
	clear_a();
	glFinish();
	cores_note();
	draw(0, 0.5f, col_b);
	glFinish();
	if (!cores_find_drawn()) {
		result(false, "setup", "no model core in " MODEL_DEBUGFS
		       " drew the draw");
		return 1;
	}
	clear_a();
	glFinish();
	u0 = units();
	draw(0, 0.5f, col_b);
	glFinish();
	u1 = units();
	khz0 = model_knob_get(core, "clock_khz");
	khz = (u1 - u0) / TARGET_MS;
	ok = khz0 > 0 && u0 >= 0 && khz >= 1 && khz < khz0;
	result(ok, "setup", "model core %s at %lld kHz; the killed draw: "
	       "%lld units, %lld kHz for %u ms", core, khz0, u1 - u0, khz,
	       TARGET_MS);
	if (!ok)
		return 1;

	/* the job: A cleared first (its own job), then the two draws */
	clear_a();
	glFinish();
	max0 = read_number(JOB_MAX_PARAM);
	if (max0 >= 0 && write_number(JOB_MAX_PARAM, 20000))
		result(false, "job-max", "cannot raise job_max_ms");
	if (model_knob_set(core, "clock_khz", khz)) {
		result(false, "clock", "cannot set clock_khz");
		return 1;
	}
	res0 = model_resets(core);
	written0 = model_stats_of(core).pixels_written;
	t0 = etna_now_ns();
	draw(0, 0.5f, col_b);	/* depth 0.75: every pixel killed */
	draw(1, -0.5f, col_d);	/* depth 0.25: drawn */
	sync = create_sync(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	fd = sync != EGL_NO_SYNC_KHR ? dup_fence_fd(dpy, sync) : -1;
	pr = fd >= 0 && fd_ready(fd, POLLIN, 20000);
	t = etna_now_ns() - t0;
	st = fd >= 0 ? sync_status(fd) : -1000 - EBADF;
	res1 = model_resets(core);
	model_knob_set(core, "clock_khz", khz0);
	if (max0 >= 0)
		write_number(JOB_MAX_PARAM, max0);
	printf("INFO: gl-long3d: %s: the job: sync file %s after %.3f s, "
	       "resets +%lld, %lld pixels written\n",
	       upstream ? "upstream" : "ours", status_name(st), t / 1e9,
	       res1 - res0, model_stats_of(core).pixels_written - written0);
	ok = fd >= 0 && pr;
	result(ok, "fence", "%s", fd < 0 ? "no native fence fd" :
	       !pr ? "the sync file did not signal within 20 s" :
	       "the job's sync file signals");

	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			const uint8_t *p = &px[(y * W + x) * 4];
			bool d = x < SMALL && y < SMALL;

			in_d += d && near(p, col_d);
			bad += !near(p, d ? col_d : col_a);
		}

	if (upstream) {
		ok = st == -ECANCELED && res1 > res0;
		result(ok, "upstream-resets", "sync file %s, resets +%lld "
		       "(Linux 6.1 watches only the FE address; want "
		       "ECANCELED and a reset)", status_name(st),
		       res1 - res0);
		ok = in_d < SMALL * SMALL;
		result(ok, "upstream-unfinished", "%u of %u pixels of the "
		       "second draw", in_d, SMALL * SMALL);
	} else {
		ok = st == 1 && res1 == res0;
		result(ok, "no-reset", "sync file %s, resets +%lld; want "
		       "signalled without error, no reset",
		       status_name(st), res1 - res0);
		ok = t >= MIN_NS;
		result(ok, "outlasts-hang-check", "the job took %.3f s, want "
		       "at least %.3f s", t / 1e9, MIN_NS / 1e9);
		ok = !bad;
		result(ok, "pixels", "%u of %u pixels wrong (want the "
		       "second draw's colour in the bottom-left %ux%u, the "
		       "clear colour elsewhere)", bad, W * H, SMALL, SMALL);
	}
	if (fd >= 0)
		close(fd);
	if (sync != EGL_NO_SYNC_KHR)
		destroy_sync(dpy, sync);
	printf("gl-long3d: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
