/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The 2D engine (DE) of the device model: the operation a DRAW_2D command
 * started, executed in bounded chunks by vgc_fe_run(). See vgc_de.c for
 * what is drawn and the rules chosen where the public facts run out.
 */
#ifndef VGC_DE_H
#define VGC_DE_H

#include "vgc_types.h"

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
/* Shifted source masks a format conversion is done with (else tables). */
#define VGC_DE_TERMS		8
/* Words or pixels the span-wise loops process at once. */
#define VGC_DE_BLK		8

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
 * @busy: an operation is in flight
 * @cmd: its DEST_CONFIG.COMMAND
 * @nrects: rectangles of the DRAW_2D
 * @rect: the current one
 * @rects: the rectangles as fetched: x1, y1, x2, y2
 * @ndata: inline data words of the DRAW_2D
 * @data: those words (mono stream sources)
 * @cx1: current rectangle clipped: left
 * @cy1: top
 * @cx2: right (exclusive)
 * @cy2: bottom (exclusive)
 * @x: next pixel to draw: column
 * @y: row
 * @lx: current line: next point, x
 * @ly: y
 * @lsx: x step (+1 or -1)
 * @lsy: y step
 * @lmaj: points on the major axis
 * @lmin: length on the minor axis
 * @lerr: the Bresenham error term
 * @lleft: points left to walk
 * @lxmajor: x is the major axis
 * @df: destination format
 * @sf: source format (colour sources)
 * @dst: DEST_ADDRESS
 * @dst_stride: DEST_STRIDE
 * @src: SRC_ADDRESS
 * @src_stride: SRC_STRIDE
 * @rot: destination rotation, a VGC_DE_ROT_* value
 * @rot_w: physical destination width for rotations
 * @rot_h: physical destination height
 * @clip: clip rectangle (x1, y1, x2, y2), cut to the rotated surface
 * @sox: SRC_ORIGIN x
 * @soy: SRC_ORIGIN y
 * @relative: SRC_RELATIVE (BIT_BLT only)
 * @fx: stretch factor x, 16.16
 * @fy: stretch factor y
 * @rop_type: ROP.TYPE (ROP2_PATTERN for lines)
 * @rop_fg: ROP_FG
 * @rop_bg: ROP_BG
 * @rop_m: ROP_FG and ROP_BG as rop masks (see vgc_de.c)
 * @need_s: the result depends on the source: it is read
 * @need_d: the result depends on the destination: it is read
 * @mono: the source is MONOCHROME
 * @stream: the source comes from @data
 * @key: colour-key transparency
 * @mono_transparent: mono transparency
 * @fast_copy: a straight copy between identical layouts
 * @mono_tbit: the mono bit value that is transparent
 * @mono_pitch: bits from one mono source row to the next
 * @keyv: the key, A8R8G8B8 at source precision
 * @mono_fg: SRC_COLOR_FG in the destination format
 * @mono_bg: SRC_COLOR_BG in the destination format
 * @pat_fg: PATTERN_FG_COLOR in the destination format
 * @pat_bg: PATTERN_BG_COLOR in the destination format
 * @pat_mono: 8x8 mono pattern (else solid @pat_fg)
 * @pat_bits: PATTERN_LOW | PATTERN_HIGH << 32
 * @pat_ox: pattern origin x
 * @pat_oy: pattern origin y
 * @clear: CLEAR_PIXEL_VALUE32 in the destination format
 * @pe10: the core is PE10 (no 2DPE20): clears use @pe10_pat
 * @pe10_pat: CLEAR_PIXEL_VALUE_LOW/HIGH as 8 bytes
 * @pe10_mask: CLEAR_BYTE_MASK
 * @fast: the span-wise path draws this operation (see vgc_de.c)
 * @pat_var: the result depends on the mono pattern's bit
 * @mono_var: the result depends on the mono source's bit
 * @conv: the source converts to the destination through @tab
 * @fill_n: pixels of @dbytes holding the clear colour (CLEAR)
 * @direct: span-wise, the result is the source: it goes straight to @dw
 * @inplace: spans are drawn in the host's memory where they can be
 * @ik32: for those, the coefficients per mono bit as a block of 32-bit
 *	pixels of the row (8: the pattern's width)
 * @ik16: or of 16-bit pixels
 * @ikey32: @keymask and @keyraw as blocks of 32-bit pixels
 * @ikey16: or of 16-bit pixels
 * @cterms: the conversion is @nterms shifted masks (else @tab)
 * @nterms: how many: the result is @cconst | OR of ((raw & @cmask[i]) <<
 *	@cl[i]) >> @cr[i]
 * @conv_set: the conversion's loop with constant distances (-1: none)
 * @conv_m: its masks and constant bits, each repeated for a block
 * @cconst: the destination bits no source bit sets
 * @cmask: source bits moved by one distance
 * @cl: that distance to the left
 * @cr: or to the right
 * @mtab_bpp: destination bytes per pixel @mtab was built for (0: none)
 * @sidx_n: pixels of @sidx (0: none), for the span at @sidx_x of
 *	rectangle @sidx_rect
 * @sidx_x: see @sidx_n
 * @sidx_rect: see @sidx_n
 * @sidx_sorted: @sidx never decreases
 * @k: per pattern bit and mono bit: the result as k0 ^ k1 & S ^ k2 & D ^
 *	k3 & S & D on 64-bit words of the destination layout
 * @rk: the same per mono bit for a block of words of the current row
 *	(the pattern repeats every 32 bytes)
 * @keymask: the source bits the colour key compares
 * @keyraw: the key's value in those bits
 * @mtab: 8 pixels of all-ones/all-zero masks, per byte of mono bits
 * @tab: per source byte, its bits in the destination format (ORed)
 * @sidx: stretch: source pixel of each pixel of the span, from its first
 * @sbytes: one span of source memory (@s16, @s32: as pixels)
 * @dbytes: one span of destination memory, as stored
 * @dw: the same as 64-bit words (@d16, @d32: as pixels)
 * @s: the span's source pixels in the destination format
 * @sw: for the span-wise path: those pixels as stored, as words
 * @sb: the same as bytes (@sh: as 16-bit pixels)
 * @skip: per source pixel: bit 0 transparent, bit 1 mono background
 * @msel: span-wise: all-ones pixels where the mono source bit is 1
 *	(@m16, @m32: as pixels)
 * @g16: stretch: the span's source pixels as read (@g32)
 * @kmask: span-wise: all-ones pixels the colour key makes transparent
 *	(@k16, @k32: as pixels)
 * @t: span-wise: the result before the colour key
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
	u16 rects[VGC_DE_MAX_RECTS][4];
	unsigned int ndata;
	u32 data[VGC_DE_MAX_DATA];

	int cx1, cy1, cx2, cy2;
	int x, y;
	int lx, ly, lsx, lsy, lmaj, lmin, lerr, lleft;
	bool lxmajor;

	struct vgc_de_fmt df, sf;
	u32 dst, dst_stride, src, src_stride;
	unsigned int rot, rot_w, rot_h;
	int clip[4];
	int sox, soy;
	bool relative;
	u32 fx, fy;
	unsigned int rop_type;
	u8 rop_fg, rop_bg;
	u32 rop_m[2][8];
	bool need_s, need_d, mono, stream, key, mono_transparent, fast_copy;
	unsigned int mono_tbit, mono_pitch;
	u32 keyv;
	u32 mono_fg, mono_bg;
	u32 pat_fg, pat_bg;
	bool pat_mono;
	u64 pat_bits;
	unsigned int pat_ox, pat_oy;
	u32 clear;
	bool pe10;
	u8 pe10_pat[8], pe10_mask;
	bool fast, pat_var, mono_var, conv;
	unsigned int fill_n;
	bool direct, cterms, inplace;
	u32 ik32[2][4][VGC_DE_BLK];
	u16 ik16[2][4][VGC_DE_BLK];
	u32 ikey32[2][VGC_DE_BLK];
	u16 ikey16[2][VGC_DE_BLK];
	unsigned int nterms;
	int conv_set;
	u32 conv_m[6][VGC_DE_BLK];
	u32 cconst, cmask[VGC_DE_TERMS];
	u8 cl[VGC_DE_TERMS], cr[VGC_DE_TERMS];
	unsigned int mtab_bpp, sidx_n, sidx_rect;
	int sidx_x;
	bool sidx_sorted;
	u64 k[2][2][4], rk[2][4][VGC_DE_BLK];
	u32 keymask, keyraw;
	u64 mtab[256][4];
	u32 tab[4][256];
	u32 sidx[VGC_DE_SPAN];

	union {
		u8 sbytes[VGC_DE_SPAN * 4 + 8];
		u16 s16[VGC_DE_SPAN * 2 + 4];
		u32 s32[VGC_DE_SPAN + 2];
	};
	union {
		u8 dbytes[VGC_DE_SPAN * 4];
		u64 dw[VGC_DE_SPAN / 2];
		u16 d16[VGC_DE_SPAN * 2];
		u32 d32[VGC_DE_SPAN];
	};
	union {
		u32 s[VGC_DE_SPAN];
		u64 sw[VGC_DE_SPAN / 2];
		u8 sb[VGC_DE_SPAN * 4];
		u16 sh[VGC_DE_SPAN * 2];
	};
	u8 skip[VGC_DE_SPAN];
	union {
		u64 msel[VGC_DE_SPAN / 2];
		u16 m16[VGC_DE_SPAN * 2];
		u32 m32[VGC_DE_SPAN];
	};
	union {
		u16 g16[VGC_DE_SPAN];
		u32 g32[VGC_DE_SPAN];
	};
	union {
		u64 kmask[VGC_DE_SPAN / 2];
		u16 k16[VGC_DE_SPAN * 2];
		u32 k32[VGC_DE_SPAN];
	};
	u64 t[VGC_DE_SPAN / 2];
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
/*
 * The FE's hook (vgc_fe.h) for the DE states that act when loaded:
 * *@val becomes what a LOAD_STATE of it into @off stores (the masks of
 * ROT_ANGLE).
 */
bool vgc_de_state(struct vgc_core *c, u32 off, u32 *val);

#endif /* VGC_DE_H */
