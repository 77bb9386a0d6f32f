// SPDX-License-Identifier: MIT
/*
 * libetnaviv 2D helpers: CLEAR, BIT_BLT, STRETCH_BLT and LINE operations
 * of the Vivante 2D engine.
 */
#include <errno.h>

#include "etnaviv_2d.h"

#define PUBLIC __attribute__((visibility("default")))

#define MAX_COORD	32767	/* the clip registers have 15-bit fields */

PUBLIC unsigned int etnaviv_2d_format_bpp(enum etnaviv_2d_format format)
{
	switch (format) {
	case ETNAVIV_2D_X4R4G4B4:
	case ETNAVIV_2D_A4R4G4B4:
	case ETNAVIV_2D_X1R5G5B5:
	case ETNAVIV_2D_A1R5G5B5:
	case ETNAVIV_2D_R5G6B5:
		return 2;
	case ETNAVIV_2D_X8R8G8B8:
	case ETNAVIV_2D_A8R8G8B8:
		return 4;
	}
	return 0;
}

PUBLIC bool etnaviv_2d_surface_valid(const struct etnaviv_2d_surface *surf)
{
	unsigned int bpp;
	uint64_t bytes, size;

	if (!surf || !surf->bo)
		return false;
	bpp = etnaviv_2d_format_bpp(surf->format);
	if (!bpp || !surf->width || !surf->height ||
	    surf->width > MAX_COORD || surf->height > MAX_COORD)
		return false;
	if (surf->stride < surf->width * bpp || surf->stride >= 1u << 18 ||
	    (surf->offset & (bpp - 1)))
		return false;
	bytes = (uint64_t)surf->offset + (uint64_t)surf->stride *
		(surf->height - 1) + surf->width * bpp;
	size = etnaviv_bo_size(surf->bo);
	return !size || bytes <= size;
}

/* The top @bits of the 8-bit channel @shift of @argb, at @pos. */
static uint32_t field(uint32_t argb, unsigned int shift, unsigned int bits,
		      unsigned int pos)
{
	return ((argb >> shift & 0xff) >> (8 - bits)) << pos;
}

PUBLIC uint32_t etnaviv_2d_pack(enum etnaviv_2d_format format, uint32_t argb)
{
	uint32_t rgb444 = field(argb, 16, 4, 8) | field(argb, 8, 4, 4) |
			  field(argb, 0, 4, 0);
	uint32_t rgb555 = field(argb, 16, 5, 10) | field(argb, 8, 5, 5) |
			  field(argb, 0, 5, 0);

	switch (format) {
	case ETNAVIV_2D_X4R4G4B4:
		return 0xf000 | rgb444;
	case ETNAVIV_2D_A4R4G4B4:
		return field(argb, 24, 4, 12) | rgb444;
	case ETNAVIV_2D_X1R5G5B5:
		return 0x8000 | rgb555;
	case ETNAVIV_2D_A1R5G5B5:
		return field(argb, 24, 1, 15) | rgb555;
	case ETNAVIV_2D_R5G6B5:
		return field(argb, 16, 5, 11) | field(argb, 8, 6, 5) |
		       field(argb, 0, 5, 0);
	case ETNAVIV_2D_X8R8G8B8:
		return 0xff000000u | argb;
	case ETNAVIV_2D_A8R8G8B8:
		return argb;
	}
	return 0;
}

PUBLIC uint32_t etnaviv_2d_stretch_factor(unsigned int src, unsigned int dst)
{
	if (dst <= 1 || !src)
		return 0;
	return (uint32_t)(((uint64_t)(src - 1) << 16) / (dst - 1)) &
	       0x7fffffffu;
}

static bool rect_ok(const struct etnaviv_2d_rect *r)
{
	return r && r->x1 >= 0 && r->y1 >= 0 && r->x2 <= MAX_COORD &&
	       r->y2 <= MAX_COORD && r->x1 <= r->x2 && r->y1 <= r->y2;
}

static bool rect_empty(const struct etnaviv_2d_rect *r)
{
	return r->x1 >= r->x2 || r->y1 >= r->y2;
}

/* Whether @r and @b have no pixel in common (or one is empty). */
static bool disjoint(const struct etnaviv_2d_rect *r,
		     const struct etnaviv_2d_rect *b)
{
	return rect_empty(r) || rect_empty(b) || r->x2 <= b->x1 ||
	       r->x1 >= b->x2 || r->y2 <= b->y1 || r->y1 >= b->y2;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* @clip (NULL: all) within @dst's bounds, in *@out; false if invalid. */
static bool clip_rect(const struct etnaviv_2d_surface *dst,
		      const struct etnaviv_2d_rect *clip,
		      struct etnaviv_2d_rect *out)
{
	out->x1 = 0;
	out->y1 = 0;
	out->x2 = dst->width;
	out->y2 = dst->height;
	if (!clip)
		return true;
	if (!rect_ok(clip))
		return false;
	out->x1 = max_int(out->x1, clip->x1);
	out->y1 = max_int(out->y1, clip->y1);
	out->x2 = max_int(out->x1, min_int(out->x2, clip->x2));
	out->y2 = max_int(out->y1, min_int(out->y2, clip->y2));
	return true;
}

static uint32_t xy(int x, int y)
{
	return (uint32_t)y << 16 | (uint32_t)x;
}

/*
 * The states every operation sets: the destination with @command, the
 * clip, @rop, and neutral rotation, mirroring, blending and transparency.
 */
static void emit_common(struct etnaviv_cmd_stream *s,
			const struct etnaviv_2d_surface *dst,
			unsigned int command, uint32_t rop,
			const struct etnaviv_2d_rect *clip)
{
	etnaviv_emit_state_reloc(s, ETNAVIV_DE_DEST_ADDRESS, dst->bo,
				 dst->offset,
				 ETNAVIV_RELOC_READ | ETNAVIV_RELOC_WRITE);
	etnaviv_emit_state(s, ETNAVIV_DE_DEST_STRIDE, dst->stride);
	etnaviv_emit_state(s, ETNAVIV_DE_DEST_ROTATION_CONFIG, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_DEST_CONFIG,
			   dst->format | command << 12);
	etnaviv_emit_state(s, ETNAVIV_DE_ROT_ANGLE, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_CONFIG, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_ALPHA_CONTROL, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_PE_TRANSPARENCY, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_ROP, rop);
	etnaviv_emit_state(s, ETNAVIV_DE_CLIP_TOP_LEFT, xy(clip->x1, clip->y1));
	etnaviv_emit_state(s, ETNAVIV_DE_CLIP_BOTTOM_RIGHT,
			   xy(clip->x2, clip->y2));
}

/* Source @src at (@x, @y) (absolute), @w x @h. */
static void emit_source(struct etnaviv_cmd_stream *s,
			const struct etnaviv_2d_surface *src, int x, int y,
			int w, int h)
{
	etnaviv_emit_state_reloc(s, ETNAVIV_DE_SRC_ADDRESS, src->bo,
				 src->offset, ETNAVIV_RELOC_READ);
	etnaviv_emit_state(s, ETNAVIV_DE_SRC_STRIDE, src->stride);
	etnaviv_emit_state(s, ETNAVIV_DE_SRC_ROTATION_CONFIG, 0);
	/* both the PE 2.0 (b28:24) and the PE 1.0 (b3:0) format fields */
	etnaviv_emit_state(s, ETNAVIV_DE_SRC_CONFIG,
			   (uint32_t)src->format << 24 | src->format);
	etnaviv_emit_state(s, ETNAVIV_DE_SRC_ORIGIN, xy(x, y));
	etnaviv_emit_state(s, ETNAVIV_DE_SRC_SIZE, xy(w, h));
}

/* A solid pattern of colour @argb. */
static void emit_pattern(struct etnaviv_cmd_stream *s, uint32_t argb)
{
	etnaviv_emit_state(s, ETNAVIV_DE_PATTERN_CONFIG, 0);
	etnaviv_emit_state(s, ETNAVIV_DE_PATTERN_FG_COLOR, argb);
	etnaviv_emit_state(s, ETNAVIV_DE_PATTERN_BG_COLOR, argb);
}

/* DRAW_2D of one rectangle, then the PE2D flush. */
static void emit_draw(struct etnaviv_cmd_stream *s, int x1, int y1, int x2,
		      int y2)
{
	if (etnaviv_cmd_stream_size(s) & 1)
		etnaviv_emit(s, 0);
	etnaviv_emit(s, ETNAVIV_CMD_DRAW_2D(1, 0));
	etnaviv_emit(s, 0);
	etnaviv_emit(s, xy(x1, y1));
	etnaviv_emit(s, xy(x2, y2));
	etnaviv_emit_state(s, ETNAVIV_GL_FLUSH_CACHE, ETNAVIV_FLUSH_PE2D);
}

/* Checks shared by the operations; false: -EINVAL. */
static bool check_dst(const struct etnaviv_2d_surface *dst,
		      const struct etnaviv_2d_rect *rect,
		      const struct etnaviv_2d_rect *clip,
		      struct etnaviv_2d_rect *bounds)
{
	return etnaviv_2d_surface_valid(dst) && (!rect || rect_ok(rect)) &&
	       clip_rect(dst, clip, bounds);
}

PUBLIC int etnaviv_2d_clear(struct etnaviv_cmd_stream *s,
			    const struct etnaviv_2d_surface *dst,
			    const struct etnaviv_2d_rect *rect, uint32_t argb,
			    const struct etnaviv_2d_rect *clip)
{
	struct etnaviv_2d_rect bounds;
	uint32_t px;

	if (!check_dst(dst, rect, clip, &bounds))
		return -EINVAL;
	if (disjoint(rect, &bounds))
		return 0;
	px = etnaviv_2d_pack(dst->format, argb);
	if (etnaviv_2d_format_bpp(dst->format) == 2)
		px |= px << 16;
	emit_common(s, dst, ETNAVIV_DE_CMD_CLEAR, ETNAVIV_2D_ROP_COPY, &bounds);
	etnaviv_emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_VALUE32, argb);
	etnaviv_emit_state(s, ETNAVIV_DE_CLEAR_BYTE_MASK, 0xff);
	etnaviv_emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_LOW, px);
	etnaviv_emit_state(s, ETNAVIV_DE_CLEAR_PIXEL_HIGH, px);
	emit_draw(s, rect->x1, rect->y1, rect->x2, rect->y2);
	return 0;
}

PUBLIC int etnaviv_2d_fill(struct etnaviv_cmd_stream *s,
			   const struct etnaviv_2d_surface *dst,
			   const struct etnaviv_2d_rect *rect, uint32_t argb,
			   uint32_t rop, const struct etnaviv_2d_rect *clip)
{
	struct etnaviv_2d_rect bounds;
	int x1, y1;

	if (!check_dst(dst, rect, clip, &bounds))
		return -EINVAL;
	if (disjoint(rect, &bounds))
		return 0;
	/*
	 * The engine reads a source for every BIT_BLT: give it the
	 * destination itself, where the rectangle lies within the surface.
	 */
	x1 = min_int(rect->x1, dst->width - 1);
	y1 = min_int(rect->y1, dst->height - 1);
	emit_common(s, dst, ETNAVIV_DE_CMD_BIT_BLT, rop, &bounds);
	emit_source(s, dst, x1, y1, dst->width - x1, dst->height - y1);
	emit_pattern(s, argb);
	/* a source outside the surface would read beyond it: clip to it */
	emit_draw(s, rect->x1, rect->y1, min_int(rect->x2, dst->width),
		  min_int(rect->y2, dst->height));
	return 0;
}

PUBLIC int etnaviv_2d_blit(struct etnaviv_cmd_stream *s,
			   const struct etnaviv_2d_surface *dst,
			   const struct etnaviv_2d_rect *rect,
			   const struct etnaviv_2d_surface *src, int src_x,
			   int src_y, uint32_t rop, uint32_t pattern,
			   const struct etnaviv_2d_rect *clip)
{
	struct etnaviv_2d_rect bounds;
	int w, h;

	if (!check_dst(dst, rect, clip, &bounds) ||
	    !etnaviv_2d_surface_valid(src))
		return -EINVAL;
	w = rect->x2 - rect->x1;
	h = rect->y2 - rect->y1;
	if (src_x < 0 || src_y < 0 || src_x + w > (int)src->width ||
	    src_y + h > (int)src->height)
		return -EINVAL;
	if (disjoint(rect, &bounds))
		return 0;
	emit_common(s, dst, ETNAVIV_DE_CMD_BIT_BLT, rop, &bounds);
	emit_source(s, src, src_x, src_y, w, h);
	emit_pattern(s, pattern);
	emit_draw(s, rect->x1, rect->y1, rect->x2, rect->y2);
	return 0;
}

PUBLIC int etnaviv_2d_stretch(struct etnaviv_cmd_stream *s,
			      const struct etnaviv_2d_surface *dst,
			      const struct etnaviv_2d_rect *rect,
			      const struct etnaviv_2d_surface *src,
			      const struct etnaviv_2d_rect *src_rect,
			      const struct etnaviv_2d_rect *clip)
{
	struct etnaviv_2d_rect bounds;
	int sw, sh, dw, dh;

	if (!check_dst(dst, rect, clip, &bounds) ||
	    !etnaviv_2d_surface_valid(src) || !rect_ok(src_rect) ||
	    rect_empty(src_rect) || src_rect->x2 > (int)src->width ||
	    src_rect->y2 > (int)src->height)
		return -EINVAL;
	if (disjoint(rect, &bounds))
		return 0;
	sw = src_rect->x2 - src_rect->x1;
	sh = src_rect->y2 - src_rect->y1;
	dw = rect->x2 - rect->x1;
	dh = rect->y2 - rect->y1;
	emit_common(s, dst, ETNAVIV_DE_CMD_STRETCH_BLT, ETNAVIV_2D_ROP_COPY,
		    &bounds);
	emit_source(s, src, src_rect->x1, src_rect->y1, sw, sh);
	etnaviv_emit_state(s, ETNAVIV_DE_STRETCH_FACTOR_LOW,
			   etnaviv_2d_stretch_factor(sw, dw));
	etnaviv_emit_state(s, ETNAVIV_DE_STRETCH_FACTOR_HIGH,
			   etnaviv_2d_stretch_factor(sh, dh));
	emit_pattern(s, 0);
	emit_draw(s, rect->x1, rect->y1, rect->x2, rect->y2);
	return 0;
}

PUBLIC int etnaviv_2d_line(struct etnaviv_cmd_stream *s,
			   const struct etnaviv_2d_surface *dst, int x1,
			   int y1, int x2, int y2, uint32_t argb, uint32_t rop,
			   const struct etnaviv_2d_rect *clip)
{
	struct etnaviv_2d_rect bounds;
	struct etnaviv_2d_rect ends = {
		.x1 = min_int(x1, x2), .y1 = min_int(y1, y2),
		.x2 = max_int(x1, x2), .y2 = max_int(y1, y2),
	};

	if (!check_dst(dst, &ends, clip, &bounds))
		return -EINVAL;
	ends.x2++;	/* the pixels the line may touch */
	ends.y2++;
	if ((x1 == x2 && y1 == y2) || disjoint(&ends, &bounds))
		return 0;
	emit_common(s, dst, ETNAVIV_DE_CMD_LINE, rop, &bounds);
	emit_source(s, dst, 0, 0, dst->width, dst->height);
	emit_pattern(s, argb);
	emit_draw(s, x1, y1, x2, y2);
	return 0;
}
