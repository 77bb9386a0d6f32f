/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the 2D engine share (internal to it): the operation's
 * decoding and the per-pixel path (vgc_de.c), the formats and their
 * conversions (vgc_de_fmt.c), the span-wise path (vgc_de_span.c) and its
 * loops over whole spans (vgc_de_kern.c).
 */
#ifndef VGC_DE_INT_H
#define VGC_DE_INT_H

#include "vgc.h"

/*
 * span_loop: the 2D engine's loops over the pixels of a span. In user
 * space on x86-64 GCC also compiles them for AVX2 and the program picks
 * the variant its host can run when it loads (as the C library does for
 * memcpy); the kernel builds them once, without vector registers.
 */
#if !defined(__KERNEL__) && defined(__x86_64__) && defined(__GNUC__) && \
	!defined(__clang__)
#define span_loop	__attribute__((__target_clones__("avx2", "default")))
#else
#define span_loop
#endif

enum { B, G, R, A };

/*
 * Loops over whole blocks of a fixed count, with no aliasing, so that a
 * compiler may use vector instructions where it can: the buffers are
 * whole blocks, and pixels or words past the span are computed and never
 * written. The inner loop (one block) is unrolled first, and what is the
 * same for every pixel or word comes as a block of its own (a vector
 * load) rather than a value to broadcast.
 */
#define BLK	VGC_DE_BLK
#define UNROLL	_Pragma("GCC unroll 8")

/* Bits of @one where @sel is set, of @zero elsewhere. */
static inline u32 mux(u32 sel, u32 one, u32 zero)
{
	return (sel & one) | (~sel & zero);
}

/*
 * The ROP3 truth table @m (rop_masks()) over three words, as a tree of
 * selections: P picks the table's upper or lower half, S a quarter, D
 * the bit.
 */
static inline u32 rop3(const u32 *m, u32 p, u32 s, u32 d)
{
	return mux(p, mux(s, mux(d, m[7], m[6]), mux(d, m[5], m[4])),
		   mux(s, mux(d, m[3], m[2]), mux(d, m[1], m[0])));
}

static inline u64 mux64(u64 sel, u64 one, u64 zero)
{
	return (sel & one) | (~sel & zero);
}

static inline u32 get_px(const u8 *p, unsigned int bpp)
{
	if (bpp == 2)
		return p[0] | p[1] << 8;
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static inline void put_px(u8 *p, unsigned int bpp, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	if (bpp == 4) {
		p[2] = v >> 16;
		p[3] = v >> 24;
	}
}

/* Physical destination coordinates of logical (x,y). */
static inline void physical(const struct vgc_de *de, int x, int y, int *px,
			    int *py)
{
	int w = de->rot_w, h = de->rot_h;

	switch (de->rot) {
	case VGC_DE_ROT_FLIP_X:
		*px = w - 1 - x;
		*py = y;
		break;
	case VGC_DE_ROT_FLIP_Y:
		*px = x;
		*py = h - 1 - y;
		break;
	case VGC_DE_ROT_90:
		*px = w - 1 - y;
		*py = x;
		break;
	case VGC_DE_ROT_180:
		*px = w - 1 - x;
		*py = h - 1 - y;
		break;
	case VGC_DE_ROT_270:
		*px = y;
		*py = h - 1 - x;
		break;
	default:
		*px = x;
		*py = y;
		break;
	}
}

static inline u32 dst_addr(const struct vgc_de *de, int px, int py)
{
	return de->dst + (u32)py * de->dst_stride + (u32)px * de->df.bpp;
}

/* Rows of the destination are stored right to left. */
static inline bool reversed(const struct vgc_de *de)
{
	return de->rot == VGC_DE_ROT_FLIP_X || de->rot == VGC_DE_ROT_180;
}

/* A span is one access (false), or one per pixel (90/270 degrees). */
static inline bool per_pixel(const struct vgc_de *de)
{
	return de->rot == VGC_DE_ROT_90 || de->rot == VGC_DE_ROT_270;
}

/* Mono bit @bit (from the start of the source) of the stream data. */
static inline unsigned int stream_bit(const struct vgc_de *de, s64 bit)
{
	u32 byte;

	if (bit < 0 || bit >= (s64)de->ndata * 32)
		return 0;
	byte = de->data[bit >> 5] >> (8 * ((bit >> 3) & 3));
	return (byte >> (bit & 7)) & 1;
}

/*
 * Source coordinate, on one axis, of destination coordinate @d of the
 * current rectangle, which starts at @d1; @o is SRC_ORIGIN's field and
 * @f the axis' stretch factor.
 */
static inline s64 src_coord(const struct vgc_de *de, int d, int d1, u32 o,
			    u32 f)
{
	if (de->cmd == VGC_DE_CMD_STRETCH_BLT)
		return o + (s64)(((u64)(d - d1) * f) >> 16);
	if (de->relative)
		return (s64)d + (s16)o;
	return o + (s64)(d - d1);
}

static inline s64 src_x(const struct vgc_de *de, const u16 *r, int x)
{
	return src_coord(de, x, r[0], de->sox, de->fx);
}

static inline s64 src_y(const struct vgc_de *de, const u16 *r, int y)
{
	return src_coord(de, y, r[1], de->soy, de->fy);
}

/* vgc_de_fmt.c */
/* Decode DE format @fmt with swizzle @swz into @f; false if unknown. */
bool vgc_de_fmt_decode(struct vgc_de_fmt *f, unsigned int fmt,
		       unsigned int swz);
/* A pixel of format @f as A8R8G8B8 (channels widened), and back. */
u32 vgc_de_to_argb(const struct vgc_de_fmt *f, u32 raw);
u32 vgc_de_from_argb(const struct vgc_de_fmt *f, u32 argb);

/* A source pixel in the destination's format. */
static inline u32 convert(const struct vgc_de *de, u32 raw)
{
	if (de->sf.code == de->df.code)
		return raw | de->df.xmask;
	return vgc_de_from_argb(&de->df, vgc_de_to_argb(&de->sf, raw));
}

/* The source's bits in the destination format, a table per byte. */
void vgc_de_conv_tables(struct vgc_de *de);
/*
 * The conversion as shifted source masks, at most VGC_DE_TERMS of them
 * (false if it takes more).
 */
bool vgc_de_conv_terms(struct vgc_de *de);
/*
 * The set index for the conversion, its masks (and the constant bits)
 * in conv_m, each repeated for a block; -1 if none.
 */
int vgc_de_conv_set(struct vgc_de *de);
/* Any other conversion, a pixel at a time: the shifted masks or tables. */
void vgc_de_conv_any(const struct vgc_de *de, const u8 *in, u8 *out,
		     unsigned int n);
/*
 * The span's source pixels as read (@in, source format) into @out in the
 * destination's format, and the colour key into kmask; exactly @n pixels
 * of @in (host memory) for the second.
 */
void vgc_de_src_pixels(struct vgc_de *de, const void *in, void *out,
		       unsigned int n);
void vgc_de_src_pixels_exact(struct vgc_de *de, const u8 *in, u8 *out,
			     unsigned int n);

/* vgc_de_span.c */
/* Decide whether the span-wise path draws the operation; prepare it. */
void vgc_de_fast_setup(struct vgc_de *de);
/* Draw the span (x..x+n-1, y) span-wise; D is in dbytes if needed. */
int vgc_de_fast_span(struct vgc_core *c, int x, int y, unsigned int n);
/*
 * Draw the span (x..x+n-1, y) in place if it can be: 0, or -1 if the
 * mono source's read failed (the operation ends), or 1 if it cannot be
 * (nothing done).
 */
int vgc_de_inplace_span(struct vgc_core *c, int x, int y, unsigned int n);

/* vgc_de_kern.c: the loops (their comments there) */
extern const u32 vgc_de_conv_8888_565_m[6];
void vgc_de_conv_565_8888(const u16 *restrict in, u32 *restrict out,
			  unsigned int n, const u32 m[restrict][BLK]);
void vgc_de_conv_4444_8888(const u16 *restrict in, u32 *restrict out,
			   unsigned int n, const u32 m[restrict][BLK]);
void vgc_de_conv_8888_565(const u32 *restrict in, u16 *restrict out,
			  unsigned int n);
void vgc_de_key_2_2(const struct vgc_de *de, const u16 *restrict in,
		    u16 *restrict out, unsigned int n);
void vgc_de_key_2_4(const struct vgc_de *de, const u16 *restrict in,
		    u32 *restrict out, unsigned int n);
void vgc_de_key_4_2(const struct vgc_de *de, const u32 *restrict in,
		    u16 *restrict out, unsigned int n);
void vgc_de_key_4_4(const struct vgc_de *de, const u32 *restrict in,
		    u32 *restrict out, unsigned int n);
void vgc_de_expand_mono(u8 *restrict out, const u8 *restrict bits,
			const u64 mtab[restrict][4], unsigned int n,
			unsigned int bo, unsigned int bpp);
void vgc_de_eval_in(u64 *restrict o, const u64 *restrict s,
		    const u64 k[restrict][BLK], unsigned int nw);
void vgc_de_eval_to(u64 *restrict o, const u64 *restrict s,
		    const u64 *restrict d, const u64 k[restrict][BLK],
		    unsigned int nw);
void vgc_de_eval_mono(u64 *restrict d, const u64 *restrict m,
		      const u64 a[restrict][BLK],
		      const u64 b[restrict][BLK], unsigned int nw);
void vgc_de_keep_d(u64 *restrict d, const u64 *restrict sel,
		   const u64 *restrict o, unsigned int nw);
void vgc_de_inplace_32(u32 *restrict d, const u32 *restrict s,
		       const u32 k[restrict][BLK], unsigned int n);
void vgc_de_inplace_32_mono(u32 *restrict d, const u32 *restrict m,
			    const u32 a[restrict][BLK],
			    const u32 b[restrict][BLK], unsigned int n);
void vgc_de_inplace_32_key(u32 *restrict d, const u32 *restrict s,
			   const u32 *restrict t, const u32 k[restrict][BLK],
			   unsigned int n);
void vgc_de_inplace_16(u16 *restrict d, const u16 *restrict s,
		       const u16 k[restrict][BLK], unsigned int n);
void vgc_de_inplace_16_mono(u16 *restrict d, const u16 *restrict m,
			    const u16 a[restrict][BLK],
			    const u16 b[restrict][BLK], unsigned int n);
void vgc_de_inplace_16_key(u16 *restrict d, const u16 *restrict s,
			   const u16 *restrict t, const u16 k[restrict][BLK],
			   unsigned int n);
void vgc_de_inplace_32_mono_bits(u32 *restrict d, const u8 *restrict bits,
				 const u64 mtab[restrict][4],
				 const u32 a[restrict][BLK],
				 const u32 b[restrict][BLK], unsigned int n);
void vgc_de_inplace_32_keyed(u32 *restrict d, const u32 *restrict s,
			     const u32 *restrict km, const u32 *restrict kv,
			     const u32 k[restrict][BLK], unsigned int n);
void vgc_de_inplace_16_keyed(u16 *restrict d, const u16 *restrict s,
			     const u16 *restrict km, const u16 *restrict kv,
			     const u16 k[restrict][BLK], unsigned int n);
void vgc_de_gather_16(u16 *restrict g, const u16 *restrict s,
		      const u32 *restrict idx, unsigned int n);
void vgc_de_gather_32(u32 *restrict g, const u32 *restrict s,
		      const u32 *restrict idx, unsigned int n, unsigned int ns,
		      bool sorted);

#endif /* VGC_DE_INT_H */
