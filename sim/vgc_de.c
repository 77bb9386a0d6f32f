// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 2D engine (DE) of the GC320 and GC600: what a DRAW_2D draws.
 * Register fields are from etna_viv rnndb state_2d.xml; where the public
 * facts run out the model chooses, and tools/ref2d.h documents the same
 * choices as the oracle's contract:
 *
 *  - commands: CLEAR (PE20: CLEAR_PIXEL_VALUE32; PE10 cores: the 8-byte
 *    LOW/HIGH pattern by destination address with CLEAR_BYTE_MASK), LINE,
 *    BIT_BLT and STRETCH_BLT. Filter and multi-source blits, alpha
 *    blending, tiled or byte-swapped surfaces, YUV and index formats,
 *    source rotation and mirror blits are counted in de_unsupported and
 *    the DRAW_2D is skipped;
 *  - formats 0-6 for source and destination, mono (10) for sources, from
 *    memory or the command stream; channels widen by bit replication and
 *    narrow by truncation; x channels read as 0xff and are written as
 *    ones; a swizzle orders the channels from the top bit down, each
 *    keeping its width;
 *  - per pixel (logical x,y in the rectangle and the clip): D destination,
 *    P pattern (solid PATTERN_FG_COLOR, or bit ((y+oy)&7)*8 + ((x+ox)&7)
 *    of PATTERN_LOW | HIGH << 32 choosing FG or BG), S source converted
 *    to the destination format (a mono bit m chooses SRC_COLOR_FG/BG);
 *    ROP code ROP_FG, or ROP_BG for ROP4 where m is 0; ROP2_PATTERN
 *    evaluates it with S := P, ROP2_SOURCE with P := S; the code is the
 *    Windows ROP3 truth table, bit index P<<2 | S<<1 | D;
 *  - transparency (SRC_CONFIG.TRANSPARENCY or PE_TRANSPARENCY.SOURCE not
 *    0): a colour source pixel equal, at source precision, to
 *    SRC_COLOR_BG leaves the destination untouched; a mono source bit
 *    equal to SRC_CONFIG.MONO_TRANSPARENCY does;
 *  - BIT_BLT: source (x,y) = origin + (x - x1, y - y1); origin SRC_ORIGIN
 *    (absolute), or the rectangle's top-left plus SRC_ORIGIN taken as
 *    signed 16-bit (SRC_RELATIVE). Rows top to bottom, each span read
 *    whole before it is written: overlapping copies with the source
 *    above the destination are undefined;
 *  - STRETCH_BLT: nearest sampling, source x = SRC_ORIGIN.x + ((x - x1) *
 *    STRETCH_FACTOR_LOW >> 16), the same for y with _HIGH (truncation,
 *    no rounding; SRC_RELATIVE ignored);
 *  - LINE: from top-left (drawn) to bottom-right (not drawn): major =
 *    max(|dx|, |dy|) points (x is major on a tie) of the Bresenham walk
 *    e = 2 minor - major; each point: plot; if e > 0, step the minor
 *    coordinate and e -= 2 major; e += 2 minor; step the major one. Each
 *    point is ROP2_PATTERN with ROP_FG (S := P);
 *  - mono bits: pixel x of a row is bit n & 7 of byte n / 8 (bit 0 of
 *    word 0 first), n = row start + x; rows are SRC_STRIDE bytes apart in
 *    memory, and in the stream the first rectangle's width in bits
 *    rounded up to 8, 16 or 32 (PACK 0-2) or not (PACK 3). Stream bits
 *    past DATA_COUNT read as 0;
 *  - destination rotation: ROT_ANGLE.DST (FLIP_X, FLIP_Y, ROT90, ROT180,
 *    ROT270), or ROT90 when only DEST_ROTATION_CONFIG.ROTATION is set, on
 *    a physical surface of DEST_ROTATION_CONFIG.WIDTH x
 *    DEST_ROTATION_HEIGHT; logical (x,y) lands at FLIP_X (W-1-x, y),
 *    FLIP_Y (x, H-1-y), ROT180 (W-1-x, H-1-y), ROT90 (W-1-y, x), ROT270
 *    (y, H-1-x), and nothing outside that surface is drawn;
 *  - memory goes through the PE client of the MMU, a span (up to
 *    VGC_DE_SPAN pixels of one row) at a time (a pixel at a time for 90
 *    and 270 degrees and lines); the first failed access ends the whole
 *    operation, and writes are split at 4 KiB pages so nothing past a
 *    faulting page is written. Where the host maps the memory and that
 *    cannot differ, spans are drawn in place instead
 *    (vgc_de_inplace_span(), sim/doc/2d-engine.md section 11), counted
 *    as those accesses.
 *
 * This file decodes the operation and draws it a pixel at a time where
 * the span-wise path (vgc_de_span.c) does not; the formats are in
 * vgc_de_fmt.c, the loops over spans in vgc_de_kern.c (what they share:
 * vgc_de_int.h).
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_de_int.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

static bool uses_s(u8 code)
{
	return ((code >> 2) ^ code) & 0x33;
}

static bool uses_d(u8 code)
{
	return ((code >> 1) ^ code) & 0x55;
}

/* A ROP3 code as eight all-ones or all-zeroes words, for rop3(). */
static void rop_masks(u32 *m, u8 code)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		m[i] = code & (1u << i) ? ~0u : 0;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* Decode the DE states for the operation; false if it is unsupported. */
static bool de_setup(struct vgc_core *c)
{
	struct vgc_de *de = &c->de;
	u32 dcfg = REG(c, VGC_DE_DEST_CONFIG), scfg = REG(c, VGC_DE_SRC_CONFIG);
	u32 rop = REG(c, VGC_DE_ROP), tl, br, pcfg, bg;
	unsigned int sfmt, i;
	bool transparent;

	de->pe10 = !vgc_caps(c)->pe20;
	de->cmd = VGC_DE_DST_COMMAND(dcfg);
	if (de->cmd != VGC_DE_CMD_CLEAR && de->cmd != VGC_DE_CMD_LINE &&
	    de->cmd != VGC_DE_CMD_BIT_BLT && de->cmd != VGC_DE_CMD_STRETCH_BLT)
		return false;
	if ((dcfg & VGC_DE_DST_TILED) || VGC_DE_DST_ENDIAN(dcfg) ||
	    (REG(c, VGC_DE_ALPHA_CONTROL) & VGC_DE_ALPHA_ENABLE) ||
	    (REG(c, VGC_DE_CONFIG) & VGC_DE_MIRROR_BLT_ENABLE) ||
	    !vgc_de_fmt_decode(&de->df, VGC_DE_DST_FORMAT(dcfg),
			       VGC_DE_DST_SWIZZLE(dcfg)))
		return false;
	de->dst = REG(c, VGC_DE_DEST_ADDRESS);
	de->dst_stride = REG(c, VGC_DE_DEST_STRIDE) & 0x3ffff;

	de->rot = VGC_DE_ROT_DST(REG(c, VGC_DE_ROT_ANGLE));
	if (!de->rot &&
	    (REG(c, VGC_DE_DEST_ROTATION_CONFIG) & VGC_DE_ROTATION_ENABLE))
		de->rot = VGC_DE_ROT_90;
	if (de->rot == 3 || de->rot == 7)
		return false;	/* no such angle */
	de->rot_w = REG(c, VGC_DE_DEST_ROTATION_CONFIG) & VGC_DE_ROTATION_WIDTH;
	de->rot_h = REG(c, VGC_DE_DEST_ROTATION_HEIGHT) & 0xffff;

	tl = REG(c, VGC_DE_CLIP_TOP_LEFT);
	br = REG(c, VGC_DE_CLIP_BOTTOM_RIGHT);
	de->clip[0] = tl & 0x7fff;
	de->clip[1] = (tl >> 16) & 0x7fff;
	de->clip[2] = br & 0x7fff;
	de->clip[3] = (br >> 16) & 0x7fff;
	if (de->rot) {
		/* the logical surface: W x H, or H x W at 90 and 270 */
		bool swap = de->rot == VGC_DE_ROT_90 ||
			    de->rot == VGC_DE_ROT_270;
		int lw = swap ? de->rot_h : de->rot_w;
		int lh = swap ? de->rot_w : de->rot_h;

		de->clip[2] = min_int(de->clip[2], lw);
		de->clip[3] = min_int(de->clip[3], lh);
	}

	de->rop_type = VGC_DE_ROP_TYPE(rop);
	de->rop_fg = VGC_DE_ROP_FG(rop);
	de->rop_bg = VGC_DE_ROP_BG(rop);
	rop_masks(de->rop_m[0], de->rop_fg);
	rop_masks(de->rop_m[1], de->rop_bg);
	de->need_s = false;
	de->mono = false;
	de->key = false;
	de->mono_transparent = false;
	de->fast_copy = false;
	de->need_d = uses_d(de->rop_fg);

	pcfg = REG(c, VGC_DE_PATTERN_CONFIG);
	de->pat_mono = pcfg & VGC_DE_PATTERN_MONO;
	de->pat_bits = REG(c, VGC_DE_PATTERN_LOW) |
		       (u64)REG(c, VGC_DE_PATTERN_HIGH) << 32;
	de->pat_ox = (pcfg >> 16) & 7;
	de->pat_oy = (pcfg >> 20) & 7;
	de->pat_fg = vgc_de_from_argb(&de->df, REG(c, VGC_DE_PATTERN_FG_COLOR));
	de->pat_bg = vgc_de_from_argb(&de->df, REG(c, VGC_DE_PATTERN_BG_COLOR));

	switch (de->cmd) {
	case VGC_DE_CMD_CLEAR:
		bg = REG(c, VGC_DE_CLEAR_PIXEL_VALUE32);
		de->clear = vgc_de_from_argb(&de->df, bg);
		de->pe10_mask = REG(c, VGC_DE_CLEAR_BYTE_MASK) & 0xff;
		for (i = 0; i < 8; i++)	/* LOW is bytes 0-3, HIGH 4-7 */
			de->pe10_pat[i] = REG(c, i < 4 ?
					      VGC_DE_CLEAR_PIXEL_VALUE_LOW :
					      VGC_DE_CLEAR_PIXEL_VALUE_HIGH) >>
					  (8 * (i & 3));
		de->need_d = de->pe10 && de->pe10_mask != 0xff;
		return true;
	case VGC_DE_CMD_LINE:
		de->rop_type = VGC_DE_ROP2_PATTERN;
		return true;
	}

	sfmt = de->pe10 ? VGC_DE_SRC_PE10_FORMAT(scfg) :
			  VGC_DE_SRC_FORMAT(scfg);
	de->mono = sfmt == VGC_DE_FMT_MONO;
	transparent = VGC_DE_SRC_TRANSPARENCY(scfg) ||
		      (REG(c, VGC_DE_PE_TRANSPARENCY) & 3);
	de->need_s = de->rop_type == VGC_DE_ROP2_SOURCE ||
		     (de->rop_type >= VGC_DE_ROP3 && uses_s(de->rop_fg)) ||
		     (de->rop_type == VGC_DE_ROP4 && de->mono &&
		      de->rop_fg != de->rop_bg) ||
		     transparent;
	if (de->rop_type == VGC_DE_ROP4 && de->mono && uses_d(de->rop_bg))
		de->need_d = true;
	if (!de->need_s)
		return true;

	if ((scfg & VGC_DE_SRC_TILED) || VGC_DE_SRC_ENDIAN(scfg) ||
	    VGC_DE_ROT_SRC(REG(c, VGC_DE_ROT_ANGLE)) ||
	    (REG(c, VGC_DE_SRC_ROTATION_CONFIG) & VGC_DE_ROTATION_ENABLE))
		return false;
	de->src = REG(c, VGC_DE_SRC_ADDRESS);
	de->src_stride = REG(c, VGC_DE_SRC_STRIDE) & 0x3ffff;
	de->sox = REG(c, VGC_DE_SRC_ORIGIN) & 0xffff;
	de->soy = REG(c, VGC_DE_SRC_ORIGIN) >> 16;
	de->relative = de->cmd == VGC_DE_CMD_BIT_BLT &&
		       (scfg & VGC_DE_SRC_RELATIVE);
	de->fx = REG(c, VGC_DE_STRETCH_FACTOR_LOW) & 0x7fffffff;
	de->fy = REG(c, VGC_DE_STRETCH_FACTOR_HIGH) & 0x7fffffff;
	de->stream = scfg & VGC_DE_SRC_STREAM;
	if (transparent)
		de->need_d = true;

	if (de->mono) {
		de->mono_pitch = de->src_stride * 8;	/* stream: at DRAW_2D */
		de->mono_transparent = transparent;
		de->mono_tbit = !!(scfg & VGC_DE_SRC_MONO_TRANSPARENCY);
		de->mono_fg = vgc_de_from_argb(&de->df,
					       REG(c, VGC_DE_SRC_COLOR_FG));
		de->mono_bg = vgc_de_from_argb(&de->df,
					       REG(c, VGC_DE_SRC_COLOR_BG));
		return true;
	}
	if (de->stream ||
	    !vgc_de_fmt_decode(&de->sf, sfmt, VGC_DE_SRC_SWIZZLE(scfg)))
		return false;
	de->key = transparent;
	bg = REG(c, VGC_DE_SRC_COLOR_BG);
	de->keyv = vgc_de_to_argb(&de->sf, vgc_de_from_argb(&de->sf, bg));
	de->fast_copy = de->cmd == VGC_DE_CMD_BIT_BLT && !de->key &&
			de->rop_type >= VGC_DE_ROP3 && de->rop_fg == 0xcc &&
			de->sf.code == de->df.code && !de->df.xmask &&
			!de->rot;
	return true;
}

/* Start the next non-empty rectangle; false when there is none. */
static bool next_rect(struct vgc_de *de)
{
	const u16 *r;

	for (; de->rect < de->nrects; de->rect++) {
		r = de->rects[de->rect];
		if (de->cmd == VGC_DE_CMD_LINE) {
			if (r[0] == r[2] && r[1] == r[3])
				continue;
			int dx = r[2] > r[0] ? r[2] - r[0] : r[0] - r[2];
			int dy = r[3] > r[1] ? r[3] - r[1] : r[1] - r[3];

			de->lx = r[0];
			de->ly = r[1];
			de->lsx = r[2] > r[0] ? 1 : -1;
			de->lsy = r[3] > r[1] ? 1 : -1;
			de->lxmajor = dx >= dy;
			de->lmaj = de->lxmajor ? dx : dy;
			de->lmin = de->lxmajor ? dy : dx;
			de->lerr = 2 * de->lmin - de->lmaj;
			de->lleft = de->lmaj;
			return true;
		}
		de->cx1 = max_int(r[0], de->clip[0]);
		de->cy1 = max_int(r[1], de->clip[1]);
		de->cx2 = min_int(r[2], de->clip[2]);
		de->cy2 = min_int(r[3], de->clip[3]);
		if (de->cx1 < de->cx2 && de->cy1 < de->cy2) {
			de->x = de->cx1;
			de->y = de->cy1;
			return true;
		}
	}
	de->busy = false;
	return false;
}

int vgc_de_draw(struct vgc_core *c, u32 hdr, u32 addr)
{
	struct vgc_de *de = &c->de;
	u32 count = (hdr >> VGC_D2D_COUNT_SHIFT) & VGC_D2D_COUNT_MASK;
	u32 data = (hdr >> VGC_D2D_DATA_SHIFT) & VGC_D2D_DATA_MASK;
	u32 w[2];
	unsigned int i;

	if (!count)
		count = 256;
	if ((REG(c, VGC_GL_PIPE_SELECT) & 1) != 1 ||
	    !(c->id->pipes & VGC_PIPE_2D)) {
		c->stats.de_bad_pipe++;
		return 0;
	}
	if (!de_setup(c)) {
		c->stats.de_unsupported++;
		return 0;
	}
	addr += 8;	/* header, pad */
	for (i = 0; i < count; i++, addr += 8) {
		if (vgc_dma_fetch(c, addr, w, sizeof(w)))
			return -1;
		de->rects[i][0] = w[0] & 0xffff;
		de->rects[i][1] = w[0] >> 16;
		de->rects[i][2] = w[1] & 0xffff;
		de->rects[i][3] = w[1] >> 16;
	}
	if (data && vgc_dma_fetch(c, addr, de->data, data * 4))
		return -1;
	de->ndata = data;
	if (de->mono && de->stream) {
		/* rows as wide as the first rectangle, PACK-aligned */
		static const unsigned int pack[4] = { 8, 16, 32, 1 };
		unsigned int p = pack[VGC_DE_SRC_PACK(REG(c,
							  VGC_DE_SRC_CONFIG))];
		unsigned int w = de->rects[0][2] > de->rects[0][0] ?
				 de->rects[0][2] - de->rects[0][0] : 0;

		de->mono_pitch = (w + p - 1) / p * p;
	}
	vgc_de_fast_setup(de);
	de->nrects = count;
	de->rect = 0;
	de->busy = true;
	c->stats.de_ops += count;	/* a rectangle is an operation */
	next_rect(de);
	return 0;
}

/* Byte offset in dbytes of the @i-th pixel of a span of @n (dst_io). */
static unsigned int slot(const struct vgc_de *de, unsigned int i,
			 unsigned int n)
{
	return (reversed(de) ? n - 1 - i : i) * de->df.bpp;
}

static int dst_access(struct vgc_core *c, u32 addr, u8 *p, size_t len,
		      bool write)
{
	if (write)
		return vgc_dma_write_pages(c, VGC_CLIENT_PE, addr, p, len);
	return vgc_dma_read(c, VGC_CLIENT_PE, addr, p, len);
}

/* Move the destination span (x..x+n-1, y) between memory and dbytes. */
static int dst_io(struct vgc_core *c, int x, int y, unsigned int n,
		  bool write)
{
	struct vgc_de *de = &c->de;
	unsigned int i, bpp = de->df.bpp;
	int px, py;

	if (per_pixel(de)) {
		for (i = 0; i < n; i++) {
			physical(de, x + i, y, &px, &py);
			if (dst_access(c, dst_addr(de, px, py),
				       de->dbytes + i * bpp, bpp, write))
				return -1;
		}
		return 0;
	}
	physical(de, reversed(de) ? x + (int)n - 1 : x, y, &px, &py);
	return dst_access(c, dst_addr(de, px, py), de->dbytes, n * bpp, write);
}

/*
 * Fetch the source of the span (x..x+n-1, y) into s[] in the destination
 * format and mark transparent pixels in skip[]; for mono sources s[] is
 * the colour and skip[] also tells the ROP4 mask (bit 1: background).
 */
static int src_fetch(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 sy = src_y(de, r, y), first = src_x(de, r, x), sx;
	unsigned int i, bpp = de->sf.bpp, m;
	u32 raw;

	if (de->mono) {
		s64 row = sy * de->mono_pitch, b0 = (row + first) >> 3;
		s64 b1 = (row + src_x(de, r, x + n - 1)) >> 3;

		if (!de->stream &&
		    vgc_dma_read(c, VGC_CLIENT_PE, de->src + (u32)b0,
				 de->sbytes, b1 - b0 + 1))
			return -1;
		for (i = 0; i < n; i++) {
			sx = row + src_x(de, r, x + i);
			if (de->stream)
				m = stream_bit(de, sx);
			else
				m = (de->sbytes[(sx >> 3) - b0] >>
				     (sx & 7)) & 1;
			de->s[i] = m ? de->mono_fg : de->mono_bg;
			de->skip[i] = (de->mono_transparent &&
				       m == de->mono_tbit) | (!m << 1);
		}
		return 0;
	}
	if (vgc_dma_read(c, VGC_CLIENT_PE,
			 de->src + (u32)sy * de->src_stride + (u32)first * bpp,
			 de->sbytes,
			 (src_x(de, r, x + n - 1) - first + 1) * bpp))
		return -1;
	for (i = 0; i < n; i++) {
		raw = get_px(de->sbytes + (src_x(de, r, x + i) - first) * bpp,
			     bpp);
		de->skip[i] = de->key &&
			      vgc_de_to_argb(&de->sf, raw) == de->keyv;
		de->s[i] = convert(de, raw);
	}
	return 0;
}

static u32 pattern(const struct vgc_de *de, int x, int y)
{
	unsigned int bit;

	if (!de->pat_mono)
		return de->pat_fg;
	bit = ((y + de->pat_oy) & 7) * 8 + ((x + de->pat_ox) & 7);
	return (de->pat_bits >> bit) & 1 ? de->pat_fg : de->pat_bg;
}

/* One pixel through the ROP; @mask bit 1 set: mono background. */
static u32 rop_pixel(const struct vgc_de *de, u32 p, u32 s, u32 d,
		     unsigned int mask)
{
	const u32 *m = de->rop_type == VGC_DE_ROP4 && (mask & 2) ?
		       de->rop_m[1] : de->rop_m[0];

	if (de->rop_type == VGC_DE_ROP2_PATTERN)
		s = p;
	else if (de->rop_type == VGC_DE_ROP2_SOURCE)
		p = s;
	return rop3(m, p, s, d) | de->df.xmask;
}

/* PE10 clear: pattern bytes by destination address, under the mask. */
static void pe10_clear(struct vgc_de *de, int x, int y, unsigned int n)
{
	unsigned int i, j, bpp = de->df.bpp;
	u32 a;
	u8 *p;
	int px, py;

	for (i = 0; i < n; i++) {
		physical(de, x + i, y, &px, &py);
		a = dst_addr(de, px, py);
		p = de->dbytes + slot(de, i, n);
		for (j = 0; j < bpp; j++)
			if (de->pe10_mask & (1u << ((a + j) & 7)))
				p[j] = de->pe10_pat[(a + j) & 7];
	}
}

/* Draw the span (x..x+n-1, y) of a clear, blit or stretch. */
static int do_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int i, bpp = de->df.bpp, at;

	if (de->inplace) {
		int r = vgc_de_inplace_span(c, x, y, n);

		if (r <= 0)
			return r;
	}
	if (de->fast_copy) {
		const u16 *r = de->rects[de->rect];

		if (vgc_dma_read(c, VGC_CLIENT_PE, de->src +
				 (u32)src_y(de, r, y) * de->src_stride +
				 (u32)src_x(de, r, x) * bpp,
				 de->dbytes, n * bpp))
			return -1;
		return dst_io(c, x, y, n, true);
	}
	if (de->need_d && dst_io(c, x, y, n, false))
		return -1;
	if (de->cmd == VGC_DE_CMD_CLEAR && de->pe10) {
		pe10_clear(de, x, y, n);
		return dst_io(c, x, y, n, true);
	}
	if (de->cmd == VGC_DE_CMD_CLEAR) {
		/* one pixel, then the filled part doubled; kept for the op */
		if (!de->fill_n) {
			put_px(de->dbytes, bpp, de->clear);
			de->fill_n = 1;
		}
		for (i = de->fill_n; i < n; i *= 2)
			memcpy(de->dbytes + i * bpp, de->dbytes,
			       (i < n - i ? i : n - i) * bpp);
		if (de->fill_n < n)
			de->fill_n = n;
		return dst_io(c, x, y, n, true);
	}
	if (de->fast) {
		if (vgc_de_fast_span(c, x, y, n))
			return -1;
		return dst_io(c, x, y, n, true);
	}
	if (de->need_s && src_fetch(c, x, y, n))
		return -1;
	for (i = 0; i < n; i++) {
		at = slot(de, i, n);
		if (de->need_s && (de->skip[i] & 1))
			continue;
		put_px(de->dbytes + at, bpp,
		       rop_pixel(de, pattern(de, x + i, y),
				 de->need_s ? de->s[i] : 0,
				 de->need_d ? get_px(de->dbytes + at, bpp) : 0,
				 de->need_s ? de->skip[i] : 0));
	}
	return dst_io(c, x, y, n, true);
}

/* Pixels of the next span of the current rectangle. */
static unsigned int span_len(const struct vgc_de *de)
{
	unsigned int n = min_int(de->cx2 - de->x, VGC_DE_SPAN), lim;

	/*
	 * A stretched span's source must fit the buffer too: n - 1 steps
	 * of fx cover at most VGC_DE_SPAN - 1 source pixels after the
	 * truncations.
	 */
	if (de->cmd == VGC_DE_CMD_STRETCH_BLT && de->need_s && de->fx) {
		lim = ((VGC_DE_SPAN - 2u) << 16) / de->fx + 1;
		if (n > lim)
			n = lim;
	}
	return n;
}

static int line_point(struct vgc_core *c)
{
	struct vgc_de *de = &c->de;
	int x = de->lx, y = de->ly, px, py;
	unsigned int bpp = de->df.bpp;
	u32 d = 0;

	if (x < de->clip[0] || x >= de->clip[2] || y < de->clip[1] ||
	    y >= de->clip[3])
		return 0;
	physical(de, x, y, &px, &py);
	if (de->need_d) {
		if (dst_io(c, x, y, 1, false))
			return -1;
		d = get_px(de->dbytes, bpp);
	}
	put_px(de->dbytes, bpp, rop_pixel(de, pattern(de, x, y), 0, d, 0));
	c->stats.de_pixels++;
	return dst_io(c, x, y, 1, true);
}

static int line_step(struct vgc_core *c, long *budget)
{
	struct vgc_de *de = &c->de;

	while (*budget > 0) {
		if (!de->lleft) {
			de->rect++;
			next_rect(de);
			return 0;
		}
		if (line_point(c))
			return -1;
		*budget -= VGC_DE_PIXEL_COST;
		if (de->lerr > 0) {	/* step the minor coordinate */
			if (de->lxmajor)
				de->ly += de->lsy;
			else
				de->lx += de->lsx;
			de->lerr -= 2 * de->lmaj;
		}
		de->lerr += 2 * de->lmin;
		if (de->lxmajor)
			de->lx += de->lsx;
		else
			de->ly += de->lsy;
		de->lleft--;
	}
	return 0;
}

static int rect_step(struct vgc_core *c, long *budget)
{
	struct vgc_de *de = &c->de;
	unsigned int n = span_len(de), cost = per_pixel(de) ?
					     VGC_DE_PIXEL_COST : 1;

	if (n * cost > *budget)
		n = (*budget + cost - 1) / cost;
	if (do_span(c, de->x, de->y, n))
		return -1;
	*budget -= n * cost;
	c->stats.de_pixels += n;
	de->x += n;
	if (de->x < de->cx2)
		return 0;
	de->x = de->cx1;
	if (++de->y < de->cy2)
		return 0;
	de->rect++;
	next_rect(de);
	return 0;
}

bool vgc_de_run(struct vgc_core *c, long *budget)
{
	struct vgc_de *de = &c->de;
	int r;

	while (de->busy && *budget > 0) {
		if (de->cmd == VGC_DE_CMD_LINE)
			r = line_step(c, budget);
		else
			r = rect_step(c, budget);
		if (r)
			de->busy = false;	/* aborted: fault reported */
	}
	return !de->busy;
}

bool vgc_de_state(struct vgc_core *c, u32 off, u32 *val)
{
	/* its masks are the FE's (vgc_fe.c); only the fields are kept */
	if (off == VGC_DE_ROT_ANGLE)
		*val &= 0x3303f;
	return true;
}
