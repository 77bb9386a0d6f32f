// SPDX-License-Identifier: MIT
/*
 * etnaviv-gl-info: which OpenGL implementation a program gets on this
 * machine's GPU. Opens an EGL display on the surfaceless platform (or GBM
 * on a render node with --gbm), creates an OpenGL ES 2 context (desktop
 * OpenGL with --gl) and prints the EGL vendor and version and the GL
 * vendor, renderer and version strings. Exits non-zero when no display
 * or context can be created.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <gbm.h>

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--gbm [DEVICE]] [--gl]\n"
		"  --gbm  use GBM on DEVICE (default /dev/dri/renderD128)\n"
		"         instead of the surfaceless platform\n"
		"  --gl   desktop OpenGL instead of OpenGL ES 2\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "gbm", optional_argument, NULL, 'g' },
		{ "gl", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *node = NULL;
	bool gbm = false, desktop = false;
	struct gbm_device *gdev = NULL;
	EGLint major, minor, n;
	EGLDisplay dpy;
	EGLConfig cfg;
	EGLContext ctx;
	int c, fd = -1;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'g':
			gbm = true;
			node = optarg;
			break;
		case 'l':
			desktop = true;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (gbm) {
		if (!node)
			node = "/dev/dri/renderD128";
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			perror(node);
			return 1;
		}
		gdev = gbm_create_device(fd);
		if (!gdev) {
			fprintf(stderr, "gbm_create_device failed on %s\n", node);
			return 1;
		}
		printf("gbm backend: %s\n", gbm_device_get_backend_name(gdev));
		dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, gdev, NULL);
	} else {
		dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
					    EGL_DEFAULT_DISPLAY, NULL);
	}
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
		fprintf(stderr, "no EGL display (error 0x%x)\n", eglGetError());
		return 1;
	}
	printf("platform: %s\n", gbm ? "gbm" : "surfaceless");
	printf("EGL vendor: %s\n", eglQueryString(dpy, EGL_VENDOR));
	printf("EGL version: %d.%d (%s)\n", major, minor,
	       eglQueryString(dpy, EGL_VERSION));

	const EGLint cfg_attr[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
		EGL_RENDERABLE_TYPE, desktop ? EGL_OPENGL_BIT : EGL_OPENGL_ES2_BIT,
		EGL_NONE
	};
	const EGLint es_attr[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };

	if (!eglBindAPI(desktop ? EGL_OPENGL_API : EGL_OPENGL_ES_API) ||
	    !eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1) {
		/* surfaceless displays may have no pbuffer configs */
		const EGLint any[] = { EGL_RENDERABLE_TYPE, desktop ?
				       EGL_OPENGL_BIT : EGL_OPENGL_ES2_BIT,
				       EGL_NONE };
		if (!eglChooseConfig(dpy, any, &cfg, 1, &n) || n < 1)
			cfg = NULL;
	}
	ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT,
			       desktop ? NULL : es_attr);
	if (ctx == EGL_NO_CONTEXT ||
	    !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		fprintf(stderr, "no %s context (error 0x%x)\n",
			desktop ? "OpenGL" : "OpenGL ES 2", eglGetError());
		return 1;
	}
	printf("GL_VENDOR: %s\n", (const char *)glGetString(GL_VENDOR));
	printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
	printf("GL_VERSION: %s\n", (const char *)glGetString(GL_VERSION));
	printf("GL_SHADING_LANGUAGE_VERSION: %s\n",
	       (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));

	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	if (gdev)
		gbm_device_destroy(gdev);
	if (fd >= 0)
		close(fd);
	return 0;
}
