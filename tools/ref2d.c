// SPDX-License-Identifier: MIT
/*
 * ref2d: per-pixel reference of the DE operations; semantics in ref2d.h.
 * Deliberately simple: one pixel at a time, no shortcuts.
 */
#include <string.h>

#include "ref2d.h"

/* Channel indices in an A8R8G8B8 word: shift = 8 * index. */
enum { CH_B, CH_G, CH_R, CH_A };

struct fmtdesc {
	unsigned int bytes;
	unsigned int width[4];	/* by channel index: B, G, R, A */
	bool x;			/* the alpha bits are an x channel */
};

static const struct fmtdesc fmts[] = {
	[REF2D_X4R4G4B4] = { 2, { 4, 4, 4, 4 }, true },
	[REF2D_A4R4G4B4] = { 2, { 4, 4, 4, 4 }, false },
	[REF2D_X1R5G5B5] = { 2, { 5, 5, 5, 1 }, true },
	[REF2D_A1R5G5B5] = { 2, { 5, 5, 5, 1 }, false },
	[REF2D_R5G6B5] = { 2, { 5, 6, 5, 0 }, false },
	[REF2D_X8R8G8B8] = { 4, { 8, 8, 8, 8 }, true },
	[REF2D_A8R8G8B8] = { 4, { 8, 8, 8, 8 }, false },
};

/* Channels from the most significant end down, per swizzle. */
static const unsigned int order[4][4] = {
	[REF2D_ARGB] = { CH_A, CH_R, CH_G, CH_B },
	[REF2D_RGBA] = { CH_R, CH_G, CH_B, CH_A },
	[REF2D_ABGR] = { CH_A, CH_B, CH_G, CH_R },
	[REF2D_BGRA] = { CH_B, CH_G, CH_R, CH_A },
};

static const struct fmtdesc *desc(unsigned int format)
{
	if (format >= sizeof(fmts) / sizeof(fmts[0]) || !fmts[format].bytes)
		return NULL;
	return &fmts[format];
}

unsigned int ref2d_bpp(unsigned int format)
{
	const struct fmtdesc *d = desc(format);

	return d ? d->bytes : 0;
}

/* Position (lowest bit) of channel @ch in a pixel of @d with swizzle @swz. */
static unsigned int chan_shift(const struct fmtdesc *d, unsigned int swz,
			       unsigned int ch)
{
	unsigned int i, top = d->bytes * 8;

	for (i = 0; i < 4; i++) {
		top -= d->width[order[swz & 3][i]];
		if (order[swz & 3][i] == ch)
			return top;
	}
	return 0;
}

/* Widen an @n-bit value to 8 bits by repeating its bits. */
static uint32_t widen(uint32_t v, unsigned int n)
{
	uint32_t out = 0;
	int have = 0;

	if (!n)
		return 0xff;
	while (have < 8) {
		out = out << n | v;
		have += n;
	}
	return (out >> (have - 8)) & 0xff;
}

uint32_t ref2d_to_argb(uint32_t raw, unsigned int format, unsigned int swz)
{
	const struct fmtdesc *d = desc(format);
	uint32_t argb = 0, v;
	unsigned int ch, n;

	if (!d)
		return 0;
	for (ch = 0; ch < 4; ch++) {
		n = d->width[ch];
		v = (raw >> chan_shift(d, swz, ch)) & ((1u << n) - 1);
		if (ch == CH_A && d->x)
			v = 0xff;
		else
			v = widen(v, n);
		argb |= v << (8 * ch);
	}
	return argb;
}

uint32_t ref2d_from_argb(uint32_t argb, unsigned int format, unsigned int swz)
{
	const struct fmtdesc *d = desc(format);
	uint32_t raw = 0, v;
	unsigned int ch, n;

	if (!d)
		return 0;
	for (ch = 0; ch < 4; ch++) {
		n = d->width[ch];
		if (!n)
			continue;
		v = (argb >> (8 * ch)) & 0xff;
		if (ch == CH_A && d->x)
			v = 0xff;
		raw |= (v >> (8 - n)) << chan_shift(d, swz, ch);
	}
	return raw;
}

uint32_t ref2d_convert(uint32_t pixel, unsigned int from, unsigned int to)
{
	return ref2d_from_argb(ref2d_to_argb(pixel, from, 0), to, 0);
}

/* Ones in the x bits of a pixel of @format (0 if it has none). */
static uint32_t x_bits(unsigned int format, unsigned int swz)
{
	const struct fmtdesc *d = desc(format);

	if (!d || !d->x)
		return 0;
	return ((1u << d->width[CH_A]) - 1) << chan_shift(d, swz, CH_A);
}

static bool inside(const struct ref2d_surface *s, int x, int y)
{
	return x >= 0 && y >= 0 && (unsigned int)x < s->width &&
	       (unsigned int)y < s->height;
}

uint32_t ref2d_get(const struct ref2d_surface *s, int x, int y)
{
	const uint8_t *row;
	unsigned long bit;

	if (!inside(s, x, y))
		return 0;
	if (s->format == REF2D_MONO) {
		if (s->bit_pitch)
			bit = (unsigned long)y * s->bit_pitch + x;
		else
			bit = (unsigned long)y * s->stride * 8 + x;
		row = s->px;
		return (row[bit / 8] >> (bit % 8)) & 1;
	}
	row = (const uint8_t *)s->px + (size_t)y * s->stride;
	if (ref2d_bpp(s->format) == 2)
		return row[2 * x] | row[2 * x + 1] << 8;
	return row[4 * x] | row[4 * x + 1] << 8 | row[4 * x + 2] << 16 |
	       (uint32_t)row[4 * x + 3] << 24;
}

void ref2d_put(const struct ref2d_surface *s, int x, int y, uint32_t raw)
{
	uint8_t *row;
	unsigned int i, n = ref2d_bpp(s->format);

	if (!inside(s, x, y) || !n)
		return;
	row = (uint8_t *)s->px + (size_t)y * s->stride + (size_t)x * n;
	for (i = 0; i < n; i++)
		row[i] = raw >> (8 * i);
}

uint32_t ref2d_rop3(uint8_t code, uint32_t p, uint32_t s, uint32_t d)
{
	uint32_t out = 0;
	unsigned int bit, idx;

	for (bit = 0; bit < 32; bit++) {
		idx = ((p >> bit) & 1) << 2 | ((s >> bit) & 1) << 1 |
		      ((d >> bit) & 1);
		out |= (uint32_t)((code >> idx) & 1) << bit;
	}
	return out;
}

void ref2d_src_origin(const struct ref2d_rect *r, int ox, int oy,
		      bool relative, int *sx, int *sy)
{
	if (relative) {
		*sx = r->x1 + (int16_t)ox;
		*sy = r->y1 + (int16_t)oy;
	} else {
		*sx = ox & 0xffff;
		*sy = oy & 0xffff;
	}
}

/* Logical destination size of @dst under @rot. */
static void logical_size(const struct ref2d_surface *dst, unsigned int rot,
			 int *w, int *h)
{
	bool swap = rot == REF2D_ROT90 || rot == REF2D_ROT270;

	*w = swap ? dst->height : dst->width;
	*h = swap ? dst->width : dst->height;
}

static void physical(const struct ref2d_surface *dst, unsigned int rot,
		     int x, int y, int *px, int *py)
{
	int w = dst->width, h = dst->height;

	switch (rot) {
	case REF2D_FLIP_X:
		*px = w - 1 - x; *py = y;
		break;
	case REF2D_FLIP_Y:
		*px = x; *py = h - 1 - y;
		break;
	case REF2D_ROT180:
		*px = w - 1 - x; *py = h - 1 - y;
		break;
	case REF2D_ROT90:
		*px = w - 1 - y; *py = x;
		break;
	case REF2D_ROT270:
		*px = y; *py = h - 1 - x;
		break;
	default:
		*px = x; *py = y;
		break;
	}
}

/* Whether logical (x,y) is drawn: inside the clip and the surface. */
static bool drawn(const struct ref2d_surface *dst, const struct ref2d_op *op,
		  int x, int y)
{
	int w, h;

	logical_size(dst, op->rotation, &w, &h);
	return x >= op->clip.x1 && x < op->clip.x2 && y >= op->clip.y1 &&
	       y < op->clip.y2 && x >= 0 && y >= 0 && x < w && y < h;
}

static uint32_t pattern_argb(const struct ref2d_op *op, int x, int y)
{
	unsigned int r = (unsigned int)(y + op->pat_oy) & 7;
	unsigned int c = (unsigned int)(x + op->pat_ox) & 7;

	if (!op->pat_mono)
		return op->pat_fg;
	return (op->pat_bits >> (r * 8 + c)) & 1 ? op->pat_fg : op->pat_bg;
}

/*
 * One pixel of a blit or stretch: logical destination (x,y), source
 * pixel (sx,sy) of op->src.
 */
static void blit_pixel(const struct ref2d_surface *dst,
		       const struct ref2d_op *op, int x, int y, int sx, int sy)
{
	unsigned int f = dst->format, z = dst->swizzle;
	uint32_t p, s = 0, d, raw, code;
	unsigned int m = 1;
	int px, py;

	if (!drawn(dst, op, x, y))
		return;
	physical(dst, op->rotation, x, y, &px, &py);
	d = ref2d_get(dst, px, py);
	p = ref2d_from_argb(pattern_argb(op, x, y), f, z);
	if (op->src && op->src->format == REF2D_MONO) {
		m = ref2d_get(op->src, sx, sy);
		if (op->mono_transparent >= 0 &&
		    m == (unsigned int)op->mono_transparent)
			return;
		s = ref2d_from_argb(m ? op->mono_fg : op->mono_bg, f, z);
	} else if (op->src) {
		raw = ref2d_get(op->src, sx, sy);
		if (op->src_key &&
		    ref2d_to_argb(raw, op->src->format, op->src->swizzle) ==
		    ref2d_to_argb(ref2d_from_argb(op->key, op->src->format,
						  op->src->swizzle),
				  op->src->format, op->src->swizzle))
			return;
		s = ref2d_from_argb(ref2d_to_argb(raw, op->src->format,
						  op->src->swizzle), f, z);
	}
	code = op->rop_fg;
	if (op->rop_type == REF2D_ROP4 && !m)
		code = op->rop_bg;
	if (op->rop_type == REF2D_ROP2_PATTERN)
		s = p;
	else if (op->rop_type == REF2D_ROP2_SOURCE)
		p = s;
	raw = ref2d_rop3(code, p, s, d) | x_bits(f, z);
	ref2d_put(dst, px, py, raw);
}

void ref2d_clear(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		 const struct ref2d_op *op)
{
	uint32_t v = ref2d_from_argb(op->clear_color, dst->format,
				     dst->swizzle);
	int x, y, px, py;

	for (y = r->y1; y < r->y2; y++)
		for (x = r->x1; x < r->x2; x++) {
			if (!drawn(dst, op, x, y))
				continue;
			physical(dst, op->rotation, x, y, &px, &py);
			ref2d_put(dst, px, py, v);
		}
}

void ref2d_blit(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		const struct ref2d_op *op)
{
	int x, y;

	for (y = r->y1; y < r->y2; y++)
		for (x = r->x1; x < r->x2; x++)
			blit_pixel(dst, op, x, y, op->sx + x - r->x1,
				   op->sy + y - r->y1);
}

void ref2d_stretch(const struct ref2d_surface *dst,
		   const struct ref2d_rect *r, const struct ref2d_op *op)
{
	int x, y, sx, sy;

	for (y = r->y1; y < r->y2; y++) {
		sy = op->sy + (int)(((uint64_t)(y - r->y1) * op->fy) >> 16);
		for (x = r->x1; x < r->x2; x++) {
			sx = op->sx +
			     (int)(((uint64_t)(x - r->x1) * op->fx) >> 16);
			blit_pixel(dst, op, x, y, sx, sy);
		}
	}
}

void ref2d_line(const struct ref2d_surface *dst, const struct ref2d_rect *r,
		const struct ref2d_op *op)
{
	struct ref2d_op pt = *op;
	int dx = r->x2 - r->x1, dy = r->y2 - r->y1;
	int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
	int major = adx >= ady ? adx : ady, minor = adx >= ady ? ady : adx;
	int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
	int x = r->x1, y = r->y1, e = 2 * minor - major, i;

	pt.rop_type = REF2D_ROP2_PATTERN;
	pt.src = NULL;
	for (i = 0; i < major; i++) {
		blit_pixel(dst, &pt, x, y, 0, 0);
		if (e > 0) {
			if (adx >= ady)
				y += sy;
			else
				x += sx;
			e -= 2 * major;
		}
		e += 2 * minor;
		if (adx >= ady)
			x += sx;
		else
			y += sy;
	}
}
