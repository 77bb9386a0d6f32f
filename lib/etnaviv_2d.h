/* SPDX-License-Identifier: MIT */
/*
 * libetnaviv 2D helpers: operations of the Vivante 2D engine (DE) emitted
 * into a command stream of an ETNAVIV_PIPE_2D pipe.
 *
 * Each operation emits every state it depends on (so operations can be
 * mixed freely and with other clients), one DRAW_2D and a PE2D cache
 * flush. Rectangles are [x1, x2) x [y1, y2) in pixels. A clip rectangle of
 * NULL means the whole destination surface; a clip is always intersected
 * with the surface. Colours are A8R8G8B8 (B in bits 7:0) and are
 * converted to the destination format by the engine. Functions return 0
 * or -EINVAL for bad arguments (then nothing is emitted); a stream error
 * is reported by the flush.
 */
#ifndef ETNAVIV_2D_H
#define ETNAVIV_2D_H

#include "etnaviv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pixel formats of the 2D engine (DE_FORMAT values). */
enum etnaviv_2d_format {
	ETNAVIV_2D_X4R4G4B4 = 0,
	ETNAVIV_2D_A4R4G4B4 = 1,
	ETNAVIV_2D_X1R5G5B5 = 2,
	ETNAVIV_2D_A1R5G5B5 = 3,
	ETNAVIV_2D_R5G6B5 = 4,
	ETNAVIV_2D_X8R8G8B8 = 5,
	ETNAVIV_2D_A8R8G8B8 = 6,
};

/* A linear surface: pixel (x, y) at bo + offset + y * stride + x * bpp. */
struct etnaviv_2d_surface {
	struct etnaviv_bo *bo;
	uint32_t offset;
	uint32_t stride;	/* bytes per line */
	enum etnaviv_2d_format format;
	uint32_t width, height;	/* at most 32767 */
};

struct etnaviv_2d_rect {
	int x1, y1, x2, y2;	/* top-left inclusive, bottom-right exclusive */
};

/*
 * ROP register values: a ROP byte is a truth table indexed by
 * (pattern << 2 | source << 1 | destination), e.g. 0xcc copies the
 * source, 0xf0 the pattern, 0x66 is source XOR destination, 0x55 inverts
 * the destination, 0x5a is pattern XOR destination.
 */
#define ETNAVIV_2D_ROP3(rop)		(2u << 20 | (rop) << 8 | (rop))
#define ETNAVIV_2D_ROP2_PATTERN(rop)	(0u << 20 | (rop) << 8 | (rop))
#define ETNAVIV_2D_ROP2_SOURCE(rop)	(1u << 20 | (rop) << 8 | (rop))
#define ETNAVIV_2D_ROP4(fg, bg)		(3u << 20 | (bg) << 8 | (fg))
#define ETNAVIV_2D_ROP_COPY		ETNAVIV_2D_ROP3(0xccu)
#define ETNAVIV_2D_ROP_PATTERN		ETNAVIV_2D_ROP3(0xf0u)

/* Bytes per pixel of @format, 0 for an unknown one. */
unsigned int etnaviv_2d_format_bpp(enum etnaviv_2d_format format);

/*
 * Whether @surf is usable: a known format, a size within the engine's
 * limits, a stride that holds a line and a bo large enough (when its
 * size is known).
 */
bool etnaviv_2d_surface_valid(const struct etnaviv_2d_surface *surf);

/*
 * Convert A8R8G8B8 @argb to a packed pixel of @format the way the engine
 * does (keep the top bits of each channel, x bits set to ones).
 */
uint32_t etnaviv_2d_pack(enum etnaviv_2d_format format, uint32_t argb);

/*
 * CLEAR @rect of @dst to @argb. On PE 1.0 cores (GC600) the colour comes
 * from the 8-byte clear pattern, which this also programs.
 */
int etnaviv_2d_clear(struct etnaviv_cmd_stream *s,
		     const struct etnaviv_2d_surface *dst,
		     const struct etnaviv_2d_rect *rect, uint32_t argb,
		     const struct etnaviv_2d_rect *clip);

/*
 * Fill @rect of @dst with the solid pattern @argb through @rop (an
 * ETNAVIV_2D_ROP*() value): a BIT_BLT without source, e.g. with
 * ETNAVIV_2D_ROP3(0x5a) to XOR the colour into the destination.
 */
int etnaviv_2d_fill(struct etnaviv_cmd_stream *s,
		    const struct etnaviv_2d_surface *dst,
		    const struct etnaviv_2d_rect *rect, uint32_t argb,
		    uint32_t rop, const struct etnaviv_2d_rect *clip);

/*
 * BIT_BLT: @rect of @dst = ROP(source, pattern @pattern, destination),
 * the source being the same-sized rectangle of @src at (@src_x, @src_y)
 * (which must lie inside @src). The source is converted to @dst's format.
 */
int etnaviv_2d_blit(struct etnaviv_cmd_stream *s,
		    const struct etnaviv_2d_surface *dst,
		    const struct etnaviv_2d_rect *rect,
		    const struct etnaviv_2d_surface *src, int src_x, int src_y,
		    uint32_t rop, uint32_t pattern,
		    const struct etnaviv_2d_rect *clip);

/*
 * STRETCH_BLT: scale @src_rect of @src onto @rect of @dst (point
 * sampling, factor ((src - 1) << 16) / (dst - 1) per axis), copying.
 */
int etnaviv_2d_stretch(struct etnaviv_cmd_stream *s,
		       const struct etnaviv_2d_surface *dst,
		       const struct etnaviv_2d_rect *rect,
		       const struct etnaviv_2d_surface *src,
		       const struct etnaviv_2d_rect *src_rect,
		       const struct etnaviv_2d_rect *clip);

/*
 * LINE from (@x1, @y1), drawn, to (@x2, @y2), not drawn, in @argb through
 * @rop (ETNAVIV_2D_ROP_PATTERN to just draw it).
 */
int etnaviv_2d_line(struct etnaviv_cmd_stream *s,
		    const struct etnaviv_2d_surface *dst, int x1, int y1,
		    int x2, int y2, uint32_t argb, uint32_t rop,
		    const struct etnaviv_2d_rect *clip);

/* The stretch factor the engine wants for @src pixels onto @dst pixels. */
uint32_t etnaviv_2d_stretch_factor(unsigned int src, unsigned int dst);

/* DE state addresses (bytes) the helpers program. */
#define ETNAVIV_DE_SRC_ADDRESS		0x1200
#define ETNAVIV_DE_SRC_STRIDE		0x1204
#define ETNAVIV_DE_SRC_ROTATION_CONFIG	0x1208
#define ETNAVIV_DE_SRC_CONFIG		0x120c
#define ETNAVIV_DE_SRC_ORIGIN		0x1210
#define ETNAVIV_DE_SRC_SIZE		0x1214
#define ETNAVIV_DE_SRC_COLOR_BG		0x1218
#define ETNAVIV_DE_STRETCH_FACTOR_LOW	0x1220
#define ETNAVIV_DE_STRETCH_FACTOR_HIGH	0x1224
#define ETNAVIV_DE_DEST_ADDRESS		0x1228
#define ETNAVIV_DE_DEST_STRIDE		0x122c
#define ETNAVIV_DE_DEST_ROTATION_CONFIG	0x1230
#define ETNAVIV_DE_DEST_CONFIG		0x1234
#define ETNAVIV_DE_PATTERN_CONFIG	0x123c
#define ETNAVIV_DE_PATTERN_BG_COLOR	0x1250
#define ETNAVIV_DE_PATTERN_FG_COLOR	0x1254
#define ETNAVIV_DE_ROP			0x125c
#define ETNAVIV_DE_CLIP_TOP_LEFT	0x1260
#define ETNAVIV_DE_CLIP_BOTTOM_RIGHT	0x1264
#define ETNAVIV_DE_CLEAR_BYTE_MASK	0x1268
#define ETNAVIV_DE_CONFIG		0x126c
#define ETNAVIV_DE_CLEAR_PIXEL_LOW	0x1270
#define ETNAVIV_DE_CLEAR_PIXEL_HIGH	0x1274
#define ETNAVIV_DE_ALPHA_CONTROL	0x127c
#define ETNAVIV_DE_ROT_ANGLE		0x12bc
#define ETNAVIV_DE_CLEAR_PIXEL_VALUE32	0x12c0
#define ETNAVIV_DE_PE_TRANSPARENCY	0x12d4
#define ETNAVIV_GL_FLUSH_CACHE		0x380c
#define ETNAVIV_FLUSH_PE2D		(1u << 3)

/* DEST_CONFIG.COMMAND values. */
#define ETNAVIV_DE_CMD_CLEAR		0
#define ETNAVIV_DE_CMD_LINE		1
#define ETNAVIV_DE_CMD_BIT_BLT		2
#define ETNAVIV_DE_CMD_STRETCH_BLT	4

#ifdef __cplusplus
}
#endif

#endif /* ETNAVIV_2D_H */
