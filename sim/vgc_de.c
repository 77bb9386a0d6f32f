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
 *    faulting page is written.
 */
#include "vgc.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

enum { B, G, R, A };

/* Channel widths of DE formats 0-6, indexed B, G, R, A. */
static const u8 fmt_width[7][4] = {
	{ 4, 4, 4, 4 }, { 4, 4, 4, 4 }, { 5, 5, 5, 1 }, { 5, 5, 5, 1 },
	{ 5, 6, 5, 0 }, { 8, 8, 8, 8 }, { 8, 8, 8, 8 },
};

static const bool fmt_x[7] = { true, false, true, false, false, true, false };

/* Channels from the top bit down for ARGB, RGBA, ABGR, BGRA. */
static const u8 swz_order[4][4] = {
	{ A, R, G, B }, { R, G, B, A }, { A, B, G, R }, { B, G, R, A },
};

static bool fmt_decode(struct vgc_de_fmt *f, unsigned int fmt,
		       unsigned int swz)
{
	unsigned int i, ch, top;

	if (fmt >= ARRAY_SIZE(fmt_width))
		return false;
	f->bpp = fmt >= 5 ? 4 : 2;
	f->code = fmt << 2 | swz;
	top = f->bpp * 8;
	for (i = 0; i < 4; i++) {
		ch = swz_order[swz][i];
		top -= fmt_width[fmt][ch];
		f->width[ch] = fmt_width[fmt][ch];
		f->shift[ch] = top;
	}
	f->x = fmt_x[fmt];
	f->xmask = f->x ? ((1u << f->width[A]) - 1) << f->shift[A] : 0;
	return true;
}

static u32 widen(u32 v, unsigned int n)
{
	switch (n) {
	case 0:
		return 0xff;
	case 1:
		return v ? 0xff : 0;
	case 4:
		return v << 4 | v;
	case 5:
		return v << 3 | v >> 2;
	case 6:
		return v << 2 | v >> 4;
	}
	return v;
}

static u32 to_argb(const struct vgc_de_fmt *f, u32 raw)
{
	u32 argb = 0, v;
	unsigned int ch;

	for (ch = B; ch <= A; ch++) {
		v = (raw >> f->shift[ch]) & ((1u << f->width[ch]) - 1);
		v = ch == A && f->x ? 0xff : widen(v, f->width[ch]);
		argb |= v << (8 * ch);
	}
	return argb;
}

static u32 from_argb(const struct vgc_de_fmt *f, u32 argb)
{
	u32 raw = f->xmask;
	unsigned int ch;

	for (ch = B; ch <= A; ch++)
		if (f->width[ch] && !(ch == A && f->x))
			raw |= ((argb >> (8 * ch + 8 - f->width[ch])) &
				((1u << f->width[ch]) - 1)) << f->shift[ch];
	return raw;
}

/* A source pixel in the destination's format. */
static u32 convert(const struct vgc_de *de, u32 raw)
{
	if (de->sf.code == de->df.code)
		return raw | de->df.xmask;
	return from_argb(&de->df, to_argb(&de->sf, raw));
}

static bool uses_s(u8 code)
{
	return ((code >> 2) ^ code) & 0x33;
}

static bool uses_d(u8 code)
{
	return ((code >> 1) ^ code) & 0x55;
}

/* Bits of @one where @sel is set, of @zero elsewhere. */
static u32 mux(u32 sel, u32 one, u32 zero)
{
	return (sel & one) | (~sel & zero);
}

/* A ROP3 code as eight all-ones or all-zeroes words, for rop3(). */
static void rop_masks(u32 *m, u8 code)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		m[i] = code & (1u << i) ? ~0u : 0;
}

/*
 * The ROP3 truth table @m (rop_masks()) over three words, as a tree of
 * selections: P picks the table's upper or lower half, S a quarter, D
 * the bit.
 */
static u32 rop3(const u32 *m, u32 p, u32 s, u32 d)
{
	return mux(p, mux(s, mux(d, m[7], m[6]), mux(d, m[5], m[4])),
		   mux(s, mux(d, m[3], m[2]), mux(d, m[1], m[0])));
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
	u32 rop = REG(c, VGC_DE_ROP), tl, br, pcfg;
	unsigned int sfmt, i;
	bool transparent;

	de->pe10 = !(c->id->minor[0] & VGC_MINOR0_2DPE20);
	de->cmd = VGC_DE_DST_COMMAND(dcfg);
	if (de->cmd != VGC_DE_CMD_CLEAR && de->cmd != VGC_DE_CMD_LINE &&
	    de->cmd != VGC_DE_CMD_BIT_BLT && de->cmd != VGC_DE_CMD_STRETCH_BLT)
		return false;
	if ((dcfg & VGC_DE_DST_TILED) || VGC_DE_DST_ENDIAN(dcfg) ||
	    (REG(c, VGC_DE_ALPHA_CONTROL) & VGC_DE_ALPHA_ENABLE) ||
	    (REG(c, VGC_DE_CONFIG) & VGC_DE_MIRROR_BLT_ENABLE) ||
	    !fmt_decode(&de->df, VGC_DE_DST_FORMAT(dcfg),
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
	de->pat_fg = from_argb(&de->df, REG(c, VGC_DE_PATTERN_FG_COLOR));
	de->pat_bg = from_argb(&de->df, REG(c, VGC_DE_PATTERN_BG_COLOR));

	switch (de->cmd) {
	case VGC_DE_CMD_CLEAR:
		de->clear = from_argb(&de->df,
				      REG(c, VGC_DE_CLEAR_PIXEL_VALUE32));
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
		de->mono_fg = from_argb(&de->df, REG(c, VGC_DE_SRC_COLOR_FG));
		de->mono_bg = from_argb(&de->df, REG(c, VGC_DE_SRC_COLOR_BG));
		return true;
	}
	if (de->stream ||
	    !fmt_decode(&de->sf, sfmt, VGC_DE_SRC_SWIZZLE(scfg)))
		return false;
	de->key = transparent;
	de->keyv = to_argb(&de->sf, from_argb(&de->sf,
					      REG(c, VGC_DE_SRC_COLOR_BG)));
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

static void fast_setup(struct vgc_de *de);

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
		if (vgc_dma_read(c, VGC_CLIENT_FE, addr, w, sizeof(w)))
			return -1;
		de->rects[i][0] = w[0] & 0xffff;
		de->rects[i][1] = w[0] >> 16;
		de->rects[i][2] = w[1] & 0xffff;
		de->rects[i][3] = w[1] >> 16;
	}
	if (data && vgc_dma_read(c, VGC_CLIENT_FE, addr, de->data, data * 4))
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
	fast_setup(de);
	de->nrects = count;
	de->rect = 0;
	de->busy = true;
	c->stats.de_ops += count;	/* a rectangle is an operation */
	next_rect(de);
	return 0;
}

/* Physical destination coordinates of logical (x,y). */
static void physical(const struct vgc_de *de, int x, int y, int *px, int *py)
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

static u32 dst_addr(const struct vgc_de *de, int px, int py)
{
	return de->dst + (u32)py * de->dst_stride + (u32)px * de->df.bpp;
}

/* Rows of the destination are stored right to left. */
static bool reversed(const struct vgc_de *de)
{
	return de->rot == VGC_DE_ROT_FLIP_X || de->rot == VGC_DE_ROT_180;
}

/* A span is one access (false), or one per pixel (90/270 degrees). */
static bool per_pixel(const struct vgc_de *de)
{
	return de->rot == VGC_DE_ROT_90 || de->rot == VGC_DE_ROT_270;
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

static u32 get_px(const u8 *p, unsigned int bpp)
{
	if (bpp == 2)
		return p[0] | p[1] << 8;
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void put_px(u8 *p, unsigned int bpp, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	if (bpp == 4) {
		p[2] = v >> 16;
		p[3] = v >> 24;
	}
}

/* Mono bit @bit (from the start of the source) of the stream data. */
static unsigned int stream_bit(const struct vgc_de *de, s64 bit)
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
static s64 src_coord(const struct vgc_de *de, int d, int d1, u32 o, u32 f)
{
	if (de->cmd == VGC_DE_CMD_STRETCH_BLT)
		return o + (s64)(((u64)(d - d1) * f) >> 16);
	if (de->relative)
		return (s64)d + (s16)o;
	return o + (s64)(d - d1);
}

static s64 src_x(const struct vgc_de *de, const u16 *r, int x)
{
	return src_coord(de, x, r[0], de->sox, de->fx);
}

static s64 src_y(const struct vgc_de *de, const u16 *r, int y)
{
	return src_coord(de, y, r[1], de->soy, de->fy);
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
		de->skip[i] = de->key && to_argb(&de->sf, raw) == de->keyv;
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

/* ---- the span-wise path --------------------------------------------- */

/*
 * Every path below computes what rop_pixel() computes for each pixel, on
 * whole words of the destination layout (one 32-bit pixel, or two 16-bit
 * ones): the ROP3 is bitwise, so for a fixed P each result bit is a
 * function of the S and D bits only, k0 ^ k1 & S ^ k2 & D ^ k3 & S & D
 * (its algebraic normal form), with the coefficients found by evaluating
 * the ROP on all-zero and all-one S and D. The x channel's forced ones
 * fold into the coefficients; a mono source bit fixes S (and, for ROP4,
 * the code), a mono pattern bit fixes P, so each pixel is one of at most
 * four variants, chosen by per-pixel masks.
 */

/* @v, a pixel in the destination format, repeated as a word as stored. */
static u64 rep(const struct vgc_de *de, u32 v)
{
	unsigned int i;
	u8 b[8];
	u64 w;

	for (i = 0; i < 8; i += de->df.bpp)
		put_px(b + i, de->df.bpp, v);
	memcpy(&w, b, 8);
	return w;
}

/* rop3() on the two halves of 64-bit words. */
static u64 rop3_64(const u32 *m, u64 p, u64 s, u64 d)
{
	return rop3(m, p, s, d) |
	       (u64)rop3(m, p >> 32, s >> 32, d >> 32) << 32;
}

/* The coefficients of the ROP table @m with pattern word @p. */
static void anf(const struct vgc_de *de, u64 *k, const u32 *m, u64 p)
{
	u64 v[4], s, d;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		s = i & 2 ? ~0ull : 0;
		d = i & 1 ? ~0ull : 0;
		if (de->rop_type == VGC_DE_ROP2_PATTERN)
			v[i] = rop3_64(m, p, p, d);
		else if (de->rop_type == VGC_DE_ROP2_SOURCE)
			v[i] = rop3_64(m, s, s, d);
		else
			v[i] = rop3_64(m, p, s, d);
	}
	k[0] = v[0];
	k[1] = v[0] ^ v[2];
	k[2] = v[0] ^ v[1];
	k[3] = v[0] ^ v[1] ^ v[2] ^ v[3];
}

static u64 mux64(u64 sel, u64 one, u64 zero)
{
	return (sel & one) | (~sel & zero);
}

static bool same_k(const u64 *a, const u64 *b)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
}

/* The source's bits in the destination format, a table per byte. */
static void conv_tables(struct vgc_de *de)
{
	unsigned int k, i, b;
	u32 zero = convert(de, 0), one;

	for (k = 0; k < de->sf.bpp; k++) {
		de->tab[k][0] = k ? 0 : zero;
		for (i = 0; i < 8; i++) {
			one = convert(de, 1u << (8 * k + i));
			for (b = 1u << i; b < 2u << i; b++)
				de->tab[k][b] = de->tab[k][b - (1u << i)] |
						one;
		}
	}
	for (; k < 4; k++)
		memset(de->tab[k], 0, sizeof(de->tab[k]));
}

/* Decide whether the span-wise path draws the operation; prepare it. */
static void fast_setup(struct vgc_de *de)
{
	unsigned int pb, mb, i, j, ch, bpp = de->df.bpp;
	u64 xm = rep(de, de->df.xmask), *k;
	const u32 *m;

	de->fill_n = 0;
	de->fast = (de->cmd == VGC_DE_CMD_BIT_BLT ||
		    de->cmd == VGC_DE_CMD_STRETCH_BLT) &&
		   !per_pixel(de) && !reversed(de) && !de->fast_copy;
	if (!de->fast)
		return;
	for (pb = 0; pb < 2; pb++) {
		for (mb = 0; mb < 2; mb++) {
			k = de->k[pb][mb];
			m = de->rop_type == VGC_DE_ROP4 && de->mono && !mb ?
			    de->rop_m[1] : de->rop_m[0];
			anf(de, k, m, rep(de, de->pat_mono && !pb ?
					  de->pat_bg : de->pat_fg));
			if (!de->need_s || de->mono) {
				/* S is 0, or the mono bit's colour */
				u64 s = !de->need_s ? 0 :
					rep(de, mb ? de->mono_fg : de->mono_bg);

				k[0] ^= k[1] & s;
				k[2] ^= k[3] & s;
				k[1] = k[3] = 0;
			}
			k[0] |= xm;
			k[1] &= ~xm;
			k[2] &= ~xm;
			k[3] &= ~xm;
			if (de->mono_transparent && mb == de->mono_tbit) {
				k[0] = k[1] = k[3] = 0;	/* D unchanged */
				k[2] = ~0ull;
			}
		}
	}
	de->pat_var = de->pat_mono &&
		      (!same_k(de->k[0][0], de->k[1][0]) ||
		       !same_k(de->k[0][1], de->k[1][1]));
	de->mono_var = de->need_s && de->mono &&
		       (!same_k(de->k[0][0], de->k[0][1]) ||
			!same_k(de->k[1][0], de->k[1][1]));
	for (i = 0; i < 16; i++)
		for (j = 0; j < 4; j++)
			memset(de->nib[i] + j * bpp, i & (1u << j) ? 0xff : 0,
			       bpp);
	de->conv = false;
	if (!de->need_s || de->mono)
		return;
	de->conv = de->sf.code != de->df.code;
	if (de->conv)
		conv_tables(de);
	de->keymask = 0;
	for (ch = B; ch <= A; ch++)
		if (de->sf.width[ch] && !(ch == A && de->sf.x))
			de->keymask |= ((1u << de->sf.width[ch]) - 1) <<
				       de->sf.shift[ch];
	/* to_argb() widens without loss: equal there is equal in these bits */
	de->keyraw = from_argb(&de->sf, de->keyv) & de->keymask;
}

/* Pixel @i of a mask array of the destination layout: all ones or not. */
static void put_mask(const struct vgc_de *de, u64 *a, unsigned int i,
		     bool on)
{
	memset((u8 *)a + i * de->df.bpp, on ? 0xff : 0, de->df.bpp);
}

/* msel for the span (x..x+n-1, y) of a mono source. */
static int mono_sel(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 row = src_y(de, r, y) * de->mono_pitch, first = row + src_x(de, r, x);
	s64 b0 = first >> 3, b1 = (row + src_x(de, r, x + n - 1)) >> 3;
	unsigned int i, v, bo = first & 7, bpp = de->df.bpp;
	u8 *out = (u8 *)de->msel;
	s64 sx;

	if (!de->stream &&
	    vgc_dma_read(c, VGC_CLIENT_PE, de->src + (u32)b0, de->sbytes,
			 b1 - b0 + 1))
		return -1;
	if (!de->stream && de->cmd == VGC_DE_CMD_BIT_BLT) {
		/* contiguous bits: 8 pixels a byte (the tail is padding) */
		for (i = 0; i < n; i += 8) {
			v = (de->sbytes[i / 8] | de->sbytes[i / 8 + 1] << 8) >>
			    bo;
			memcpy(out + i * bpp, de->nib[v & 15], 4 * bpp);
			memcpy(out + (i + 4) * bpp, de->nib[(v >> 4) & 15],
			       4 * bpp);
		}
		return 0;
	}
	for (i = 0; i < n; i++) {
		sx = row + src_x(de, r, x + i);
		if (de->stream)
			v = stream_bit(de, sx);
		else
			v = (de->sbytes[(sx >> 3) - b0] >> (sx & 7)) & 1;
		put_mask(de, de->msel, i, v);
	}
	return 0;
}

/*
 * Source pixels into sb in the destination layout, and the key into
 * kmask: pixel i from sbytes at @idx[i] (or i when @idx is NULL).
 */
static void src_pixels(struct vgc_de *de, unsigned int n, const u32 *idx)
{
	unsigned int i, j, sbpp = de->sf.bpp, dbpp = de->df.bpp;
	u8 *kb = (u8 *)de->kmask;
	u32 raw, v;

	for (i = 0; i < n; i++) {
		j = idx ? idx[i] : i;
		raw = get_px(de->sbytes + j * sbpp, sbpp);
		v = raw;
		if (de->conv)
			v = de->tab[0][raw & 0xff] |
			    de->tab[1][(raw >> 8) & 0xff] |
			    de->tab[2][(raw >> 16) & 0xff] |
			    de->tab[3][raw >> 24];
		put_px(de->sb + i * dbpp, dbpp, v);
		if (de->key)
			put_px(kb + i * dbpp, dbpp,
			       (raw & de->keymask) == de->keyraw ? ~0u : 0);
	}
}

/* sb (and kmask) for the span (x..x+n-1, y) of a colour source. */
static int color_src(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 sy = src_y(de, r, y), first = src_x(de, r, x);
	unsigned int i, bpp = de->sf.bpp;
	u32 at = de->src + (u32)sy * de->src_stride + (u32)first * bpp;
	size_t len = (src_x(de, r, x + n - 1) - first + 1) * bpp;

	if (de->cmd == VGC_DE_CMD_BIT_BLT && !de->conv && !de->key)
		return vgc_dma_read(c, VGC_CLIENT_PE, at, de->sb, len);
	if (vgc_dma_read(c, VGC_CLIENT_PE, at, de->sbytes, len))
		return -1;
	if (de->cmd == VGC_DE_CMD_BIT_BLT) {
		src_pixels(de, n, NULL);
		return 0;
	}
	for (i = 0; i < n; i++)	/* t[0] is free until fast_span() uses it */
		((u32 *)de->t[0])[i] = src_x(de, r, x + i) - first;
	src_pixels(de, n, (u32 *)de->t[0]);
	return 0;
}

/* psel for the span (x..x+n-1, y): the pattern row, 8 pixels repeated. */
static void pat_sel(struct vgc_de *de, int x, int y, unsigned int n)
{
	unsigned int i, bpp = de->df.bpp, row;
	u8 *out = (u8 *)de->psel;

	row = de->pat_bits >> (((y + de->pat_oy) & 7) * 8);
	for (i = 0; i < 8 && i < n; i++)
		put_mask(de, de->psel, i,
			 (row >> ((x + i + de->pat_ox) & 7)) & 1);
	for (; i < n; i *= 2)
		memcpy(out + i * bpp, out, (i < n - i ? i : n - i) * bpp);
}

/*
 * Words are processed in blocks of a fixed count, with no aliasing, so a
 * compiler may use vector instructions where it can (the buffers are
 * whole blocks; words past the span are computed and never written).
 */
#define BLK	8

/* o = the variant @k of o (D) and @s, over @nw words. */
static void eval_in(u64 *restrict o, const u64 *restrict s, const u64 *k,
		    unsigned int nw)
{
	u64 k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
	unsigned int i, j;

	if (k1 | k3) {
		for (i = 0; i < nw; i += BLK)
			for (j = i; j < i + BLK; j++)
				o[j] = k0 ^ (k1 & s[j]) ^ (k2 & o[j]) ^
				       (k3 & s[j] & o[j]);
	} else if (k2 == ~0ull && !k0) {
		/* D unchanged */
	} else if (k2) {
		for (i = 0; i < nw; i += BLK)
			for (j = i; j < i + BLK; j++)
				o[j] = k0 ^ (k2 & o[j]);
	} else {
		for (i = 0; i < nw; i += BLK)
			for (j = i; j < i + BLK; j++)
				o[j] = k0;
	}
}

/* out = the variant @k over @nw words of S (sb) and D (dw). */
static void eval(struct vgc_de *de, u64 *out, const u64 *k, unsigned int nw)
{
	if (out != de->dw)
		memcpy(out, de->dw, nw * 8);
	eval_in(out, de->sw, k, nw);
}

/* a = @sel ? a : b, word-wise. */
static void choose(u64 *restrict a, const u64 *restrict sel,
		   const u64 *restrict b, unsigned int nw)
{
	unsigned int i, j;

	for (i = 0; i < nw; i += BLK)
		for (j = i; j < i + BLK; j++)
			a[j] = mux64(sel[j], a[j], b[j]);
}

/* o = @sel ? @a : @b, word-wise. */
static void pick(u64 *restrict o, const u64 *restrict sel, u64 a, u64 b,
		 unsigned int nw)
{
	unsigned int i, j;

	for (i = 0; i < nw; i += BLK)
		for (j = i; j < i + BLK; j++)
			o[j] = mux64(sel[j], a, b);
}

/* Draw the span (x..x+n-1, y) span-wise; D is in dbytes if needed. */
static int fast_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int nw = (n * de->df.bpp + 8 * BLK - 1) / (8 * BLK) * BLK;
	const u64 (*k)[4] = de->k[1];	/* pattern FG (or solid) */
	u64 *out = de->dw;

	/* the source is read whenever the generic path reads it (faults) */
	if (de->need_s && de->mono && mono_sel(c, x, y, n))
		return -1;
	if (de->need_s && !de->mono && color_src(c, x, y, n))
		return -1;
	if (de->pat_var)
		pat_sel(de, x, y, n);
	if (!de->pat_var && !de->mono_var && !de->key) {
		eval(de, out, k[1], nw);	/* one variant, in place */
		return 0;
	}
	if (!de->pat_var && !de->key && !(k[1][1] | k[1][2] | k[1][3] |
					   k[0][1] | k[0][2] | k[0][3])) {
		/* mono expansion to two colours */
		pick(out, de->msel, k[1][0], k[0][0], nw);
		return 0;
	}
	if (!de->mono_var && !de->key && !(de->k[1][1][1] | de->k[1][1][2] |
					   de->k[1][1][3] | de->k[0][1][1] |
					   de->k[0][1][2] | de->k[0][1][3])) {
		/* pattern fill */
		pick(out, de->psel, de->k[1][1][0], de->k[0][1][0], nw);
		return 0;
	}
	eval(de, de->t[0], k[1], nw);
	if (de->pat_var) {
		eval(de, de->t[1], de->k[0][1], nw);
		choose(de->t[0], de->psel, de->t[1], nw);
	}
	if (de->mono_var) {
		eval(de, de->t[1], de->k[1][0], nw);
		if (de->pat_var) {
			/* kmask is free: no colour key with a mono source */
			eval(de, de->kmask, de->k[0][0], nw);
			choose(de->t[1], de->psel, de->kmask, nw);
		}
		choose(de->t[0], de->msel, de->t[1], nw);
	}
	if (de->key)	/* transparent pixels keep D */
		choose(out, de->kmask, de->t[0], nw);
	else
		memcpy(out, de->t[0], nw * 8);
	return 0;
}

/* Draw the span (x..x+n-1, y) of a clear, blit or stretch. */
static int do_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int i, bpp = de->df.bpp, at;

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
		if (fast_span(c, x, y, n))
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

u32 vgc_de_state(struct vgc_core *c, u32 off, u32 val)
{
	u32 old = REG(c, off), keep = 0;

	if (off != VGC_DE_ROT_ANGLE)
		return val;
	/* Masked: a field changes only where its mask bit is 0. */
	if (val & VGC_DE_ROT_SRC_MASK)
		keep |= 0x7;
	if (val & VGC_DE_ROT_DST_MASK)
		keep |= 0x38;
	if (val & VGC_DE_ROT_SRC_MIRROR_MASK)
		keep |= 0x3000;
	if (val & VGC_DE_ROT_DST_MIRROR_MASK)
		keep |= 0x30000;
	return (old & keep) | (val & ~keep & 0x3303f);
}
