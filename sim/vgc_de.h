/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The 2D engine (DE) of the device model: the operation a DRAW_2D command
 * started, executed in bounded chunks by vgc_fe_run(). See vgc_de.c for
 * what is drawn and the rules chosen where the public facts run out.
 */
#ifndef VGC_DE_H
#define VGC_DE_H

#define VGC_DE_MAX_RECTS	256
#define VGC_DE_MAX_DATA		2048	/* DATA_COUNT is 11 bits */
#define VGC_DE_SPAN		4096	/* pixels per chunk */
#define VGC_DE_RUN_CHUNKS	16	/* chunks per vgc_fe_run() call */
/*
 * Budget a pixel drawn with accesses of its own (lines, 90 and 270
 * degrees) costs, against one for a pixel of a span: each is a
 * translation and a host call, and the UML glue holds a spinlock with
 * interrupts off around a vgc_fe_run().
 */
#define VGC_DE_PIXEL_COST	8

/**
 * struct vgc_de_fmt - how a pixel format is laid out (decoded once per op)
 * @bpp: bytes per pixel (2 or 4); 0 for the mono source
 * @width: bits of each channel, indexed B, G, R, A
 * @shift: lowest bit of each channel in the pixel word (after swizzle)
 * @xmask: the bits of the x channel of X formats (written as ones)
 * @x: the format's alpha bits are an x channel (read as 0xff)
 * @code: DE_FORMAT << 2 | swizzle, to recognise identical layouts
 */
struct vgc_de_fmt {
	unsigned int bpp, code;
	u8 width[4], shift[4];
	u32 xmask;
	bool x;
};

/**
 * struct vgc_de - the operation in flight
 *
 * Owned by its struct vgc_core (member de), private to vgc_de.c; the
 * caller's serialisation of every call on the core covers it. The DE
 * states are decoded into it when the DRAW_2D executes; the FE executes
 * nothing else until the operation completes, so they cannot change under
 * it. The buffers hold one span.
 */
struct vgc_de {
	bool busy;
	unsigned int cmd;
	unsigned int nrects, rect;
	u16 rects[VGC_DE_MAX_RECTS][4];	/* x1, y1, x2, y2 */
	unsigned int ndata;
	u32 data[VGC_DE_MAX_DATA];

	/* current rectangle: clipped bounds and the next pixel */
	int cx1, cy1, cx2, cy2;
	int x, y;
	/* current line */
	int lx, ly, lsx, lsy, lmaj, lmin, lerr, lleft;
	bool lxmajor;

	/* decoded configuration */
	struct vgc_de_fmt df, sf;
	u32 dst, dst_stride, src, src_stride;
	unsigned int rot, rot_w, rot_h;
	int clip[4];
	int sox, soy;
	bool relative;
	u32 fx, fy;
	unsigned int rop_type;
	u8 rop_fg, rop_bg;
	u32 rop_m[2][8];	/* ROP_FG, ROP_BG as rop_masks() */
	bool need_s, need_d, mono, stream, key, mono_transparent, fast_copy;
	unsigned int mono_tbit, mono_pitch;
	u32 keyv;		/* the key, A8R8G8B8 at source precision */
	u32 mono_fg, mono_bg;	/* destination format */
	u32 pat_fg, pat_bg;	/* destination format */
	bool pat_mono;
	u64 pat_bits;
	unsigned int pat_ox, pat_oy;
	u32 clear;		/* destination format */
	bool pe10;
	u8 pe10_pat[8], pe10_mask;

	u8 sbytes[VGC_DE_SPAN * 4 + 8];
	u8 dbytes[VGC_DE_SPAN * 4];
	u32 s[VGC_DE_SPAN], d[VGC_DE_SPAN];
	u8 skip[VGC_DE_SPAN];	/* source pixel is transparent */
};

struct vgc_core;

/*
 * Start the DRAW_2D at @addr (header @hdr); 0, or -1 if fetching its
 * words failed (the FE wedges).
 */
int vgc_de_draw(struct vgc_core *c, u32 hdr, u32 addr);
/*
 * Run the operation in flight for at most @budget pixels (decremented,
 * VGC_DE_PIXEL_COST for each drawn on its own).
 * Returns true when the DE is idle.
 */
bool vgc_de_run(struct vgc_core *c, long *budget);
/* The value a LOAD_STATE of @val into DE state @off stores (masks). */
u32 vgc_de_state(struct vgc_core *c, u32 off, u32 val);

#endif /* VGC_DE_H */
