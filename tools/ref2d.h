/* SPDX-License-Identifier: MIT */
/*
 * ref2d: a per-pixel reference of the Vivante GC320 2D engine (DE)
 * operations on plain memory buffers. It is the oracle the device model
 * (sim/vgc_de.c) is tested against: written from the semantics below, it
 * shares no code with the model and favours obviousness over speed. The
 * GPU's pictures are checked against it too (the pixel tests, and
 * etnaviv-2d-demo --verify, which is why it lives beside the tools).
 *
 * Pixels. Formats (DE_FORMAT values): 0 X4R4G4B4, 1 A4R4G4B4, 2 X1R5G5B5,
 * 3 A1R5G5B5, 4 R5G6B5 (2 bytes), 5 X8R8G8B8, 6 A8R8G8B8 (4 bytes),
 * little-endian words; 10 MONO (1 bit, sources only). The swizzle (0 ARGB,
 * 1 RGBA, 2 ABGR, 3 BGRA) gives the order of the channels from the most
 * significant bit down; each channel keeps its width (R5G6B5 with ABGR is
 * B5G6R5, X4R4G4B4 with RGBA is R4G4B4X4). Colours in registers
 * (clear, pattern, mono, key) are always A8R8G8B8.
 *  ref2d_to_argb(raw, fmt, swz): expand a raw pixel to A8R8G8B8 by bit
 *	replication (5 bits abcde -> abcdeabc, 1 bit -> 0x00/0xff); the x
 *	channel of X formats reads as 0xff, R5G6B5 alpha as 0xff.
 *  ref2d_from_argb(argb, fmt, swz): narrow by truncation (keep the top
 *	bits of each channel); the x bits of X formats are written as ones.
 *  ref2d_convert(pixel, from, to): conversion between two formats, both
 *	with the ARGB swizzle: ref2d_from_argb(ref2d_to_argb(p, from, 0),
 *	to, 0).
 *  ref2d_get(), ref2d_put(): raw pixel access; outside the surface
 *	ref2d_get() returns 0 and ref2d_put() does nothing.
 *
 * Operations: every function draws one rectangle @r = [x1,x2) x [y1,y2) of
 * destination (logical) coordinates, intersected with op->clip and with the
 * logical surface (the destination rotated by op->rotation); nothing
 * outside that intersection is read or written.
 *  Rotation of the destination (op->rotation, REF2D_ROT_*), with W x H the
 *	physical surface size: logical (x,y) is physical FLIP_X (W-1-x, y),
 *	FLIP_Y (x, H-1-y), ROT180 (W-1-x, H-1-y), ROT90 (W-1-y, x),
 *	ROT270 (y, H-1-x); the logical surface is H x W for 90 and 270.
 *  ref2d_clear(): every pixel = ref2d_from_argb(op->clear_color); no ROP.
 *  ref2d_blit(): source pixel of (x,y) is (op->sx + x - x1, op->sy + y -
 *	y1) of op->src (the caller resolves relative/absolute origins, see
 *	ref2d_src_origin()). Per pixel, with D the destination, P the pattern
 *	(solid fg, or bit ((y+oy)&7)*8 + ((x+ox)&7) of the 64-bit mono
 *	pattern choosing fg (1) or bg (0)) and S the source, P and S converted
 *	to the destination format: a mono source bit m selects mono_fg (1) or
 *	mono_bg (0) as S; colour sources have m = 1. Transparency: with
 *	op->src_key, a colour source pixel whose A8R8G8B8 value equals
 *	ref2d_to_argb(ref2d_from_argb(op->key)) in the source format leaves
 *	the destination untouched; with op->mono_transparent >= 0, a mono
 *	bit equal to it does. ROP (op->rop): code = ROP4 ? (m ? fg : bg) : fg;
 *	ROP2_PATTERN evaluates it with S := P, ROP2_SOURCE with P := S,
 *	ROP3/ROP4 as given. Evaluation is the Windows ROP3 rule, per bit:
 *	result = (code >> (P<<2 | S<<1 | D)) & 1. X bits are then set.
 *  ref2d_stretch(): like ref2d_blit() with nearest sampling: source pixel
 *	of (x,y) is (op->sx + (((x-x1) * op->fx) >> 16), op->sy + (((y-y1) *
 *	op->fy) >> 16)), fx/fy unsigned 16.16.
 *  ref2d_line(): the "rectangle" is a line from (x1,y1), drawn, to
 *	(x2,y2), not drawn (nothing if equal): major = max(|dx|, |dy|)
 *	points, x major when |dx| >= |dy|, of the Bresenham walk e = 2 minor
 *	- major; repeat major times { plot; if (e > 0) { step the minor
 *	coordinate; e -= 2 major; } e += 2 minor; step the major one },
 *	each coordinate stepping towards the end point. Each point is
 *	clipped like any pixel and computed as ROP2_PATTERN with rop.fg:
 *	S := P.
 */
#ifndef REF2D_H
#define REF2D_H

#include <stdbool.h>
#include <stdint.h>

enum ref2d_format {
	REF2D_X4R4G4B4 = 0,
	REF2D_A4R4G4B4 = 1,
	REF2D_X1R5G5B5 = 2,
	REF2D_A1R5G5B5 = 3,
	REF2D_R5G6B5 = 4,
	REF2D_X8R8G8B8 = 5,
	REF2D_A8R8G8B8 = 6,
	REF2D_MONO = 10,
};

enum ref2d_swizzle { REF2D_ARGB, REF2D_RGBA, REF2D_ABGR, REF2D_BGRA };

enum ref2d_rop_type {
	REF2D_ROP2_PATTERN, REF2D_ROP2_SOURCE, REF2D_ROP3, REF2D_ROP4,
};

/* Destination rotations: the values of ROT_ANGLE's DST field. */
enum ref2d_rotation {
	REF2D_ROT0 = 0, REF2D_FLIP_X = 1, REF2D_FLIP_Y = 2,
	REF2D_ROT90 = 4, REF2D_ROT180 = 5, REF2D_ROT270 = 6,
};

/**
 * struct ref2d_surface - a linear surface in plain memory (caller-owned)
 * @px: first byte of row 0
 * @stride: bytes from one row to the next
 * @width: width in pixels; nothing outside is read or written
 * @height: height in pixels
 * @format: enum ref2d_format
 * @swizzle: enum ref2d_swizzle (ignored for REF2D_MONO)
 * @bit_pitch: REF2D_MONO only: if non-zero, bits from one row to the next
 *	(overrides @stride; for stream data). Pixel x of a row is bit n & 7
 *	of byte n / 8 of @px, n = row start bit + x (bit 0 of a
 *	little-endian word first).
 */
struct ref2d_surface {
	void *px;
	unsigned int stride, width, height, format, swizzle;
	unsigned int bit_pitch;
};

/* A rectangle [x1,x2) x [y1,y2), or a line's end points. */
struct ref2d_rect {
	int x1, y1, x2, y2;
};

/**
 * struct ref2d_op - everything an operation needs besides its rectangle
 * @clip: clip rectangle, bottom-right exclusive
 * @rotation: destination rotation (enum ref2d_rotation)
 * @clear_color: ref2d_clear() colour, A8R8G8B8
 * @rop_type: ROP TYPE (enum ref2d_rop_type)
 * @rop_fg: ROP_FG
 * @rop_bg: ROP_BG
 * @pat_mono: false solid @pat_fg; true 8x8 mono pattern @pat_bits
 * @pat_fg: pattern foreground colour, A8R8G8B8
 * @pat_bg: pattern background colour, A8R8G8B8
 * @pat_bits: bit r*8+c is row r, column c (PATTERN_LOW | HIGH << 32)
 * @pat_ox: pattern origin x (0-7)
 * @pat_oy: pattern origin y (0-7)
 * @src: source surface (may be NULL for clear and line)
 * @sx: source x of the rectangle's top-left
 * @sy: source y of the rectangle's top-left
 * @fx: ref2d_stretch() x factor, 16.16
 * @fy: ref2d_stretch() y factor, 16.16
 * @src_key: colour key enabled
 * @key: the key, A8R8G8B8
 * @mono_fg: mono source colour of 1 bits, A8R8G8B8
 * @mono_bg: mono source colour of 0 bits, A8R8G8B8
 * @mono_transparent: -1 none, or the mono bit value left transparent
 */
struct ref2d_op {
	struct ref2d_rect clip;
	unsigned int rotation;
	uint32_t clear_color;
	unsigned int rop_type;
	uint8_t rop_fg, rop_bg;
	bool pat_mono;
	uint32_t pat_fg, pat_bg;
	uint64_t pat_bits;
	unsigned int pat_ox, pat_oy;
	const struct ref2d_surface *src;
	int sx, sy;
	uint32_t fx, fy;
	bool src_key;
	uint32_t key;
	uint32_t mono_fg, mono_bg;
	int mono_transparent;
};

/* Bytes per pixel of a colour format; 0 for others. */
unsigned int ref2d_bpp(unsigned int format);
uint32_t ref2d_to_argb(uint32_t raw, unsigned int format, unsigned int swz);
uint32_t ref2d_from_argb(uint32_t argb, unsigned int format,
			 unsigned int swz);
uint32_t ref2d_convert(uint32_t pixel, unsigned int from, unsigned int to);
uint32_t ref2d_get(const struct ref2d_surface *s, int x, int y);
void ref2d_put(const struct ref2d_surface *s, int x, int y, uint32_t raw);
/* Bitwise ROP3 of three words. */
uint32_t ref2d_rop3(uint8_t code, uint32_t p, uint32_t s, uint32_t d);
/*
 * The source coordinate of @r's top-left given SRC_ORIGIN (@ox, @oy, as
 * signed 16-bit values when @relative) and SRC_CONFIG's relative bit.
 */
void ref2d_src_origin(const struct ref2d_rect *r, int ox, int oy,
		      bool relative, int *sx, int *sy);

void ref2d_clear(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		 const struct ref2d_op *op);
void ref2d_blit(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		const struct ref2d_op *op);
void ref2d_stretch(const struct ref2d_surface *dst,
		   const struct ref2d_rect *r, const struct ref2d_op *op);
void ref2d_line(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		const struct ref2d_op *op);

#endif /* REF2D_H */
