/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the GL tools share: a surfaceless EGL context on Mesa (inside a
 * board, the etnaviv driver; on the host, llvmpipe), and PNG output of a
 * picture read back with glReadPixels.
 */
#ifndef GL_UTIL_H
#define GL_UTIL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Make a context current on the surfaceless platform: desktop OpenGL
 * (@desktop) or OpenGL ES 2. Prints what failed and returns false.
 */
bool gl_context(bool desktop);

/* Release and destroy the context gl_context() made, and its display. */
void gl_context_end(void);

/*
 * Bind a new framebuffer of @w x @h: RGBA8 colour and 16-bit depth
 * renderbuffers. Prints why and returns false if it is incomplete.
 */
bool gl_target(unsigned int w, unsigned int h);

/*
 * A linked program of the vertex shader @vs and fragment shader @fs, with
 * the attributes named in the NULL-terminated @attribs at locations 0,
 * 1, ... Prints the compiler's log and exits on failure.
 */
unsigned int gl_program(const char *vs, const char *fs,
			const char *const *attribs);

/*
 * Write @w x @h RGBA pixels as glReadPixels returns them (bottom row
 * first) to the PNG file @path, top row first. 0, or -1 with a message.
 */
int gl_write_png(const char *path, const uint8_t *px, unsigned int w,
		 unsigned int h);

#endif /* GL_UTIL_H */
