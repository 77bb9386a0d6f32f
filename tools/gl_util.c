// SPDX-License-Identifier: GPL-2.0-only
/* The GL tools' shared EGL setup and PNG output (gl_util.h). */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "gl_util.h"

static EGLDisplay dpy = EGL_NO_DISPLAY;
static EGLContext ctx = EGL_NO_CONTEXT;

bool gl_context(bool desktop)
{
	static const EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	static const EGLint none[] = { EGL_NONE };
	const char *api = desktop ? "OpenGL" : "OpenGL ES 2";

	dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
				    EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) ||
	    !eglBindAPI(desktop ? EGL_OPENGL_API : EGL_OPENGL_ES_API)) {
		fprintf(stderr, "no EGL display with %s\n", api);
		return false;
	}
	ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
			       desktop ? none : es2);
	if (ctx == EGL_NO_CONTEXT ||
	    !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		fprintf(stderr, "no %s context (0x%x)\n", api, eglGetError());
		return false;
	}
	return true;
}

void gl_context_end(void)
{
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
}

bool gl_target(unsigned int w, unsigned int h)
{
	GLuint fb, rb[2];

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, 0x8058 /* RGBA8 */, w, h);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
				  GL_RENDERBUFFER, rb[0]);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, w, h);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
				  GL_RENDERBUFFER, rb[1]);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
	    GL_FRAMEBUFFER_COMPLETE) {
		fprintf(stderr, "framebuffer incomplete\n");
		return false;
	}
	return true;
}

static GLuint shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[512];

		glGetShaderInfoLog(s, sizeof(log), NULL, log);
		fprintf(stderr, "shader: %s\n", log);
		exit(1);
	}
	return s;
}

unsigned int gl_program(const char *vs, const char *fs,
			const char *const *attribs)
{
	GLuint p = glCreateProgram();
	GLint ok;

	glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
	glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
	for (GLuint i = 0; attribs[i]; i++)
		glBindAttribLocation(p, i, attribs[i]);
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok) {
		fprintf(stderr, "link failed\n");
		exit(1);
	}
	return p;
}

int gl_write_png(const char *path, const uint8_t *px, unsigned int w,
		 unsigned int h)
{
	png_image img;

	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	img.width = w;
	img.height = h;
	img.format = PNG_FORMAT_RGBA;
	/* GL rows go bottom up: a negative stride (in components) says so */
	if (!png_image_write_to_file(&img, path, 0, px, -(int)w * 4, NULL)) {
		fprintf(stderr, "%s: %s\n", path, img.message);
		return -1;
	}
	return 0;
}
