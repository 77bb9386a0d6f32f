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
 *    cannot differ, spans are drawn in place instead (inplace_span(),
 *    sim/doc/2d-engine.md section 11), counted as those accesses.
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
 * Loops over whole blocks of a fixed count, with no aliasing, so that a
 * compiler may use vector instructions where it can: the buffers are
 * whole blocks, and pixels or words past the span are computed and never
 * written. The inner loop (one block) is unrolled first, and what is the
 * same for every pixel or word comes as a block of its own (a vector
 * load) rather than a value to broadcast.
 */
#define BLK	VGC_DE_BLK
#define UNROLL	_Pragma("GCC unroll 8")

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

/*
 * The conversion as shifted source masks, at most VGC_DE_TERMS of them
 * (false if it takes more): each destination bit copies one source bit
 * or is constant, so the bits that move by the same distance share a
 * mask.
 */
static bool conv_terms(struct vgc_de *de)
{
	u32 zero = convert(de, 0), one, m[63];
	unsigned int sbit, dbit, t = 0;
	int d;

	memset(m, 0, sizeof(m));
	for (sbit = 0; sbit < de->sf.bpp * 8; sbit++) {
		one = convert(de, 1u << sbit) ^ zero;
		for (dbit = 0; dbit < de->df.bpp * 8; dbit++)
			if (one & (1u << dbit))
				m[dbit + 31 - sbit] |= 1u << sbit;
	}
	memset(de->cmask, 0, sizeof(de->cmask));
	memset(de->cl, 0, sizeof(de->cl));
	memset(de->cr, 0, sizeof(de->cr));
	for (d = 0; d < 63; d++) {
		if (!m[d])
			continue;
		if (t == VGC_DE_TERMS)
			return false;
		de->cmask[t] = m[d];
		de->cl[t] = d >= 31 ? d - 31 : 0;
		de->cr[t] = d < 31 ? 31 - d : 0;
		t++;
	}
	de->nterms = t;
	de->cconst = zero;
	return true;
}

static int conv_set(struct vgc_de *de);

/* rk without a mono pattern: the same for every word. */
static void row_k_solid(struct vgc_de *de)
{
	unsigned int mb, c, w;

	for (mb = 0; mb < 2; mb++)
		for (c = 0; c < 4; c++)
			for (w = 0; w < BLK; w++)
				de->rk[mb][c][w] = de->k[1][mb][c];
}

/* Decide whether the span-wise path draws the operation; prepare it. */
static void span_setup(struct vgc_de *de)
{
	unsigned int pb, mb, i, b, ch, bpp = de->df.bpp;
	u64 xm = rep(de, de->df.xmask), *k;
	const u32 *m;

	de->fill_n = 0;
	de->sidx_n = 0;
	de->direct = false;
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
	row_k_solid(de);
	if (de->need_s && de->mono && de->mtab_bpp != bpp) {
		for (b = 0; b < 256; b++)
			for (i = 0; i < 8; i++)
				memset((u8 *)de->mtab[b] + i * bpp,
				       b & (1u << i) ? 0xff : 0, bpp);
		de->mtab_bpp = bpp;
	}
	de->conv = false;
	if (!de->need_s || de->mono)
		return;
	de->conv = de->sf.code != de->df.code;
	if (de->conv) {
		conv_tables(de);
		de->cterms = conv_terms(de);
		de->conv_set = de->cterms ? conv_set(de) : -1;
	}
	de->keymask = 0;
	for (ch = B; ch <= A; ch++)
		if (de->sf.width[ch] && !(ch == A && de->sf.x))
			de->keymask |= ((1u << de->sf.width[ch]) - 1) <<
				       de->sf.shift[ch];
	/* to_argb() widens without loss: equal there is equal in these bits */
	de->keyraw = from_argb(&de->sf, de->keyv) & de->keymask;
	/*
	 * The result is S as converted (x bits set) where it does not
	 * depend on the pattern or D and nothing is transparent: S goes
	 * straight to the destination's buffer.
	 */
	k = de->k[1][1];
	de->direct = !de->pat_var && !de->key && k[0] == xm &&
		     k[1] == ~xm && !k[2] && !k[3] && (de->conv || !xm);
}

/*
 * Spans drawn in place (the host's memory read and written where it is,
 * see vgc_dma_map()): a copy between identical layouts and what the
 * span-wise path draws, on pixels aligned to their size. The
 * coefficients as blocks of pixels.
 */
static void inplace_setup(struct vgc_de *de)
{
	unsigned int mb, c, j;

	de->inplace = de->fast_copy || de->fast;
	if (!de->fast)
		return;
	for (j = 0; j < BLK; j++) {
		de->ikey32[0][j] = de->keymask;
		de->ikey32[1][j] = de->keyraw;
		de->ikey16[0][j] = de->keymask;
		de->ikey16[1][j] = de->keyraw;
	}
	for (mb = 0; mb < 2; mb++) {
		for (c = 0; c < 4; c++) {
			for (j = 0; j < BLK; j++) {
				de->ik32[mb][c][j] = de->k[1][mb][c];
				de->ik16[mb][c][j] = de->k[1][mb][c];
			}
		}
	}
}

static void fast_setup(struct vgc_de *de)
{
	span_setup(de);
	inplace_setup(de);
}

/* Pixel @i of a mask array of the destination layout: all ones or not. */
static void put_mask(const struct vgc_de *de, u64 *a, unsigned int i,
		     bool on)
{
	memset((u8 *)a + i * de->df.bpp, on ? 0xff : 0, de->df.bpp);
}

/*
 * The masks of @n pixels (@bpp bytes each) from contiguous mono bits, the
 * first at bit @bo of @bits: 8 pixels a byte, through @mtab (the tail of
 * the last 8 is padding).
 */
static noinline span_loop void expand_mono(u8 *restrict out,
					   const u8 *restrict bits,
					   const u64 (*restrict mtab)[4],
					   unsigned int n, unsigned int bo,
					   unsigned int bpp)
{
	unsigned int i, v;

	if (bo == 0 && bpp == 4) {	/* whole bytes */
		for (i = 0; i < n; i += 8)
			memcpy(out + i * 4, mtab[bits[i / 8]], 32);
		return;
	}
	for (i = 0; i < n; i += 8) {
		v = (bits[i / 8] | bits[i / 8 + 1] << 8) >> bo;
		memcpy(out + i * bpp, mtab[v & 0xff], 8 * bpp);
	}
}

/*
 * msel for the span (x..x+n-1, y) of a mono source; -1 if the read
 * failed. With @bits_ok, when the span's bits are contiguous and start
 * at a byte, leaves them in sbytes for the caller and returns 1.
 */
static int mono_sel(struct vgc_core *c, int x, int y, unsigned int n,
		    bool bits_ok)
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
		if (bits_ok && !bo)
			return 1;
		expand_mono(out, de->sbytes, de->mtab, n, bo, bpp);
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
 * Conversions with the shift distances of the common pairs as constants
 * (vector shifts; not inlined, where the compiler would lose that the
 * buffers do not overlap): R5G6B5 and A4R4G4B4 (or X) to A8R8G8B8, A8R8G8B8 to
 * R5G6B5; a conversion whose distances are all among one of these sets
 * runs with its masks there (0 for a distance it does not use).
 */
static const int conv_sets[3][5] = {
	{ 8, 5, 3, -1, -2 }, { 16, 12, 8, 4, 0 }, { -8, -5, -3, 0, 0 },
};

/*
 * The third set runs only with the masks of A8R8G8B8 (or X) to R5G6B5,
 * as constants: the narrowing takes a fifth less time so (the widening
 * sets gain nothing); other masks with its distances go to conv_any().
 */
static const u32 conv_8888_565_m[6] = { 0xf80000, 0xfc00, 0xf8, 0, 0, 0 };

/*
 * The set index for the conversion, its masks (and the constant bits)
 * in conv_m, each repeated for a block; -1 if none.
 */
static int conv_set(struct vgc_de *de)
{
	unsigned int set, t, i, j;
	bool widen, narrow;
	u32 m[6];
	int d;

	for (set = 0; set < ARRAY_SIZE(conv_sets); set++) {
		widen = set < 2;
		narrow = set == 2;
		if (widen != (de->sf.bpp == 2 && de->df.bpp == 4) ||
		    narrow != (de->sf.bpp == 4 && de->df.bpp == 2))
			continue;
		memset(m, 0, sizeof(m));
		for (t = 0; t < de->nterms; t++) {
			d = (int)de->cl[t] - (int)de->cr[t];
			for (i = 0; i < 5; i++)
				if (conv_sets[set][i] == d)
					break;
			if (i == 5)
				break;
			m[i] |= de->cmask[t];
		}
		m[5] = de->cconst;
		if (t < de->nterms ||
		    (narrow && memcmp(m, conv_8888_565_m, sizeof(m))))
			continue;
		for (i = 0; i < 6; i++)
			for (j = 0; j < BLK; j++)
				de->conv_m[i][j] = m[i];
		return set;
	}
	return -1;
}

/* One term of a set: the mask @m moved by the constant @d. */
#define SHIFTED(v, m, d)	((d) >= 0 ? ((v) & (m)) << ((d) & 31) : \
				 ((v) & (m)) >> (-(d) & 31))

/* A set's loop; M(k) is mask k for the pixel j of a block. */
#define CONV_LOOP(M, d0, d1, d2, d3, d4)				\
	do {								\
		for (i = 0; i < n; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++) {			\
				u32 v = in[i + j], r = M(5);		\
									\
				r |= SHIFTED(v, M(0), d0) |		\
				     SHIFTED(v, M(1), d1) |		\
				     SHIFTED(v, M(2), d2) |		\
				     SHIFTED(v, M(3), d3) |		\
				     SHIFTED(v, M(4), d4);		\
				out[i + j] = r;				\
			}						\
	} while (0)

#define CONV_M_ANY(k)		m[k][j]
#define CONV_M_8888_565(k)	conv_8888_565_m[k]

/* conv_SD(): the conversion of a set, with the masks in @m */
#define CONV_SET(S, D, ST, DT, d0, d1, d2, d3, d4)			\
static noinline span_loop void						\
conv_##S##_##D(const ST *restrict in, DT *restrict out,			\
	       unsigned int n, const u32 (*restrict m)[BLK])		\
{									\
	unsigned int i, j;						\
									\
	CONV_LOOP(CONV_M_ANY, d0, d1, d2, d3, d4);			\
}

CONV_SET(565, 8888, u16, u32, 8, 5, 3, -1, -2)
CONV_SET(4444, 8888, u16, u32, 16, 12, 8, 4, 0)

static noinline span_loop void
conv_8888_565(const u32 *restrict in, u16 *restrict out, unsigned int n)
{
	unsigned int i, j;

	CONV_LOOP(CONV_M_8888_565, -8, -5, -3, 0, 0);
}

/* Any other conversion, a pixel at a time: the shifted masks or tables. */
static void conv_any(const struct vgc_de *de, const u8 *in, u8 *out,
		     unsigned int n)
{
	unsigned int i, t, sbpp = de->sf.bpp, dbpp = de->df.bpp;
	u32 raw, v;

	for (i = 0; i < n; i++) {
		raw = get_px(in + i * sbpp, sbpp);
		if (de->cterms) {
			v = de->cconst;
			for (t = 0; t < de->nterms; t++)
				v |= ((raw & de->cmask[t]) << de->cl[t]) >>
				     de->cr[t];
		} else {
			v = de->tab[0][raw & 0xff] |
			    de->tab[1][(raw >> 8) & 0xff] |
			    de->tab[2][(raw >> 16) & 0xff] |
			    de->tab[3][raw >> 24];
		}
		put_px(out + i * dbpp, dbpp, v);
	}
}

/* Tables, 16-bit sources: two lookups a pixel. */
static void conv_tab16(const struct vgc_de *de, const u16 *restrict in,
		       u8 *restrict out, unsigned int n)
{
	const u32 *t0 = de->tab[0], *t1 = de->tab[1];
	unsigned int i;

	if (de->df.bpp == 4) {
		u32 *o = (u32 *)out;

		for (i = 0; i < n; i++)
			o[i] = t0[in[i] & 0xff] | t1[in[i] >> 8];
	} else {
		u16 *o = (u16 *)out;

		for (i = 0; i < n; i++)
			o[i] = t0[in[i] & 0xff] | t1[in[i] >> 8];
	}
}

/* key_SD(): all ones for a source pixel the colour key makes transparent */
#define DEFINE_KEY(S, D, ST, DT)					\
static noinline span_loop void						\
key_##S##_##D(const struct vgc_de *de, const ST *restrict in,		\
	      DT *restrict out, unsigned int n)				\
{									\
	u32 km = de->keymask, kv = de->keyraw;				\
	unsigned int i, j;						\
									\
	for (i = 0; i < n; i += BLK)					\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			out[i + j] = -(DT)((in[i + j] & km) == kv);	\
}

DEFINE_KEY(2, 2, u16, u16)
DEFINE_KEY(2, 4, u16, u32)
DEFINE_KEY(4, 2, u32, u16)
DEFINE_KEY(4, 4, u32, u32)

/*
 * The span's source pixels as read (@in, source format) into @out in the
 * destination's format, and the colour key into kmask.
 */
static void src_pixels(struct vgc_de *de, const void *in, void *out,
		       unsigned int n)
{
	unsigned int sel = (de->sf.bpp == 4) << 1 | (de->df.bpp == 4);

	if (!de->conv) {
		if (out && in != out)	/* NULL: the key alone */
			memcpy(out, in, n * de->df.bpp);
	} else if (de->conv_set == 0) {
		conv_565_8888(in, out, n, de->conv_m);
	} else if (de->conv_set == 1) {
		conv_4444_8888(in, out, n, de->conv_m);
	} else if (de->conv_set == 2) {
		conv_8888_565(in, out, n);
	} else if (de->sf.bpp == 2) {
		conv_tab16(de, in, out, n);
	} else {
		conv_any(de, in, out, n);
	}
	if (!de->key)
		return;
	if (sel == 0)
		key_2_2(de, in, de->k16, n);
	else if (sel == 1)
		key_2_4(de, in, de->k32, n);
	else if (sel == 2)
		key_4_2(de, in, de->k16, n);
	else
		key_4_4(de, in, de->k32, n);
}

/* Stretch: source pixel of each pixel of the span, from the first. */
static void stretch_index(struct vgc_de *de, int x, unsigned int n)
{
	const u16 *r = de->rects[de->rect];
	s64 first = src_x(de, r, x);
	unsigned int i;

	if (de->sidx_n == n && de->sidx_x == x && de->sidx_rect == de->rect)
		return;
	de->sidx_sorted = true;
	for (i = 0; i < n; i++) {
		de->sidx[i] = src_x(de, r, x + i) - first;
		if (i && de->sidx[i] < de->sidx[i - 1])
			de->sidx_sorted = false;
	}
	de->sidx_n = n;
	de->sidx_x = x;
	de->sidx_rect = de->rect;
}

/* sb (or dw, direct), and kmask, for the span (x..x+n-1, y). */
static int color_src(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	s64 sy = src_y(de, r, y), first = src_x(de, r, x);
	unsigned int i, bpp = de->sf.bpp;
	u32 at = de->src + (u32)sy * de->src_stride + (u32)first * bpp;
	size_t len = (src_x(de, r, x + n - 1) - first + 1) * bpp;
	u8 *out = de->direct ? de->dbytes : de->sb;
	const void *in = de->sbytes;

	if (de->cmd == VGC_DE_CMD_BIT_BLT && !de->conv)
		in = out;	/* the pixels are the ones read */
	if (vgc_dma_read(c, VGC_CLIENT_PE, at, (void *)in, len))
		return -1;
	if (de->cmd == VGC_DE_CMD_STRETCH_BLT) {
		stretch_index(de, x, n);
		if (!de->conv && !de->key)
			in = out;	/* gathered as they are */
		else
			in = de->g32;
		if (bpp == 4) {
			u32 *g = (u32 *)in;

			for (i = 0; i < n; i++)
				g[i] = de->s32[de->sidx[i]];
		} else {
			u16 *g = (u16 *)in;

			for (i = 0; i < n; i++)
				g[i] = de->s16[de->sidx[i]];
		}
	}
	src_pixels(de, in, out, n);
	return 0;
}

/* rk for the row y of the span at x: the pattern's 8 pixels chosen. */
static void row_k(struct vgc_de *de, int x, int y)
{
	unsigned int i, mb, c, w, bpp = de->df.bpp;
	u64 sel[4];
	u8 row;

	row = de->pat_bits >> (((y + de->pat_oy) & 7) * 8);
	for (i = 0; i < 32 / bpp; i++)
		put_mask(de, sel, i, (row >> ((x + i + de->pat_ox) & 7)) & 1);
	for (mb = 0; mb < 2; mb++)
		for (c = 0; c < 4; c++)
			for (w = 0; w < BLK; w++)
				de->rk[mb][c][w] = mux64(sel[w & 3],
							 de->k[1][mb][c],
							 de->k[0][mb][c]);
}

/*
 * o = k0 ^ k1 & S ^ k2 & D ^ k3 & S & D over @nw words, the coefficients
 * @k a block of words each; a loop for each set of them that is not 0.
 * D is the word at @d, or at @o itself (in place).
 */
#define EVAL_BODY(D)							\
	do {								\
		unsigned int i, j, w;					\
		u64 nz[4] = { 0 };					\
									\
		for (w = 0; w < BLK; w++) {				\
			nz[1] |= k[1][w];				\
			nz[2] |= k[2][w];				\
			nz[3] |= k[3][w];				\
		}							\
		if (!nz[1] && !nz[2] && !nz[3]) {	/* fill */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j];		\
		} else if (!nz[1] && !nz[3]) {	/* P ^ D, ~D */		\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[2][j] & D[i + j]); \
		} else if (!nz[2] && !nz[3]) {	/* S, ~S, P ^ S */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]); \
		} else if (!nz[3]) {		/* S ^ D, P ? S : D */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]) ^ \
						   (k[2][j] & D[i + j]); \
		} else if (!nz[1] && !nz[2]) {	/* S & D */		\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[3][j] & s[i + j] &	\
						    D[i + j]);		\
		} else {						\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]) ^ \
						   (k[2][j] & D[i + j]) ^ \
						   (k[3][j] & s[i + j] &	\
						    D[i + j]);		\
		}							\
	} while (0)

static void eval_in(u64 *restrict o, const u64 *restrict s,
		    const u64 (*restrict k)[BLK], unsigned int nw)
{
	EVAL_BODY(o);
}

static void eval_to(u64 *restrict o, const u64 *restrict s,
		    const u64 *restrict d, const u64 (*restrict k)[BLK],
		    unsigned int nw)
{
	EVAL_BODY(d);
}

/*
 * A mono source: S is fixed per mono bit, so each word is a0 ^ a2 & D
 * where the bit (@m) is 1 and b0 ^ b2 & D where it is 0, into @d.
 */
static void eval_mono(u64 *restrict d, const u64 *restrict m,
		      const u64 (*restrict a)[BLK],
		      const u64 (*restrict b)[BLK], unsigned int nw)
{
	unsigned int i, j, w;
	u64 nz = 0;

	for (w = 0; w < BLK; w++)
		nz |= a[2][w] | b[2][w];
	if (!nz) {
		/* expansion to two colours (or two pattern rows) */
		for (i = 0; i < nw; i += BLK)
			UNROLL
			for (j = 0; j < BLK; j++)
				d[i + j] = mux64(m[i + j], a[0][j], b[0][j]);
		return;
	}
	for (i = 0; i < nw; i += BLK)
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = mux64(m[i + j], a[0][j] ^ (a[2][j] & d[i + j]),
					 b[0][j] ^ (b[2][j] & d[i + j]));
}

/* d = @sel ? d : @o, word-wise (the colour key keeps D). */
static void keep_d(u64 *restrict d, const u64 *restrict sel,
		   const u64 *restrict o, unsigned int nw)
{
	unsigned int i, j;

	for (i = 0; i < nw; i += BLK)
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = mux64(sel[i + j], d[i + j], o[i + j]);
}

/* Draw the span (x..x+n-1, y) span-wise; D is in dbytes if needed. */
static int fast_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int nw = (n * de->df.bpp + 8 * BLK - 1) / (8 * BLK) * BLK;

	/* the source is read whenever the generic path reads it (faults) */
	if (de->need_s && de->mono && mono_sel(c, x, y, n, false))
		return -1;
	if (de->need_s && !de->mono && color_src(c, x, y, n))
		return -1;
	if (de->direct)
		return 0;	/* the source is the result */
	if (de->pat_var)
		row_k(de, x, y);
	if (de->mono_var) {
		eval_mono(de->dw, de->msel, de->rk[1], de->rk[0], nw);
		return 0;
	}
	if (!de->key) {
		eval_in(de->dw, de->sw, de->rk[1], nw);
		return 0;
	}
	eval_to(de->t, de->sw, de->dw, de->rk[1], nw);
	keep_d(de->dw, de->kmask, de->t, nw);
	return 0;
}

/*
 * d = k0 ^ k1 & S ^ k2 & D ^ k3 & S & D over @n pixels of type T in
 * place, the coefficients @k a block of pixels each; a loop for each set
 * of them that is not 0, then the pixels past the last whole block.
 */
#define DEFINE_INPLACE(name, T)						\
static noinline span_loop void						\
name(T *restrict d, const T *restrict s,				\
	const T(*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, m = n / BLK * BLK;				\
	T z1 = 0, z2 = 0, z3 = 0;					\
									\
	for (j = 0; j < BLK; j++) {					\
		z1 |= k[1][j];						\
		z2 |= k[2][j];						\
		z3 |= k[3][j];						\
	}								\
	if (!z1 && !z3) {		/* P, P ^ D, ~D */		\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[2][j] & d[i + j]); \
	} else if (!z2 && !z3) {	/* ~S, P ^ S */			\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]); \
	} else if (!z3) {		/* S ^ D, P ? S : D */		\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]) ^ \
					   (k[2][j] & d[i + j]);	\
	} else if (!z1 && !z2) {	/* S & D */			\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^			\
					   (k[3][j] & s[i + j] & d[i + j]); \
	} else {							\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]) ^ \
					   (k[2][j] & d[i + j]) ^	\
					   (k[3][j] & s[i + j] & d[i + j]); \
	}								\
	for (i = m; i < n; i++) {					\
		j = i % BLK;						\
		d[i] = k[0][j] ^ (z1 ? k[1][j] & s[i] : 0) ^		\
		       (k[2][j] & d[i]) ^				\
		       (z3 ? k[3][j] & s[i] & d[i] : 0);		\
	}								\
}									\
									\
/* The same with a mono source: @a where the bit (@m) is 1, else @b. */	\
static noinline span_loop void						\
name##_mono(T *restrict d, const T *restrict m,				\
	    const T (*restrict a)[BLK],					\
	    const T (*restrict b)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T z = 0;							\
									\
	for (j = 0; j < BLK; j++)					\
		z |= a[2][j] | b[2][j];					\
	for (i = 0; !z && i < e; i += BLK)	/* D not read */	\
		UNROLL							\
		for (j = 0; j < BLK; j++)				\
			d[i + j] = (m[i + j] & a[0][j]) |		\
				   (~m[i + j] & b[0][j]);		\
	for (i = z ? 0 : e; i < e; i += BLK)				\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			d[i + j] = (m[i + j] & (a[0][j] ^		\
						(a[2][j] & d[i + j]))) | \
				   (~m[i + j] & (b[0][j] ^		\
						 (b[2][j] & d[i + j])));\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		d[i] = (m[i] & (a[0][j] ^ (a[2][j] & d[i]))) |		\
		       (~m[i] & (b[0][j] ^ (b[2][j] & d[i])));		\
	}								\
}									\
									\
/* The same with a colour key: D stays where @t is all ones. */		\
static noinline span_loop void						\
name##_key(T *restrict d, const T *restrict s,				\
	   const T *restrict t,						\
	   const T (*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T o;								\
									\
	for (i = 0; i < e; i += BLK)					\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			d[i + j] = (t[i + j] & d[i + j]) |		\
				   (~t[i + j] &				\
				    (k[0][j] ^ (k[1][j] & s[i + j]) ^	\
				     (k[2][j] & d[i + j]) ^		\
				     (k[3][j] & s[i + j] & d[i + j])));	\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		o = k[0][j] ^ (k[1][j] & s[i]) ^ (k[2][j] & d[i]) ^	\
		    (k[3][j] & s[i] & d[i]);				\
		d[i] = (t[i] & d[i]) | (~t[i] & o);			\
	}								\
}

/*
 * inplace_N_keyed(): the same with the colour key on @s itself (no
 * conversion): D stays where (S & @km) == @kv.
 */
#define DEFINE_KEYED(name, T)						\
static noinline span_loop void						\
name(T *restrict d, const T *restrict s,				\
	const T *restrict km, const T *restrict kv,			\
	const T (*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T t, o;								\
									\
	for (i = 0; i < e; i += BLK) {					\
		UNROLL							\
		for (j = 0; j < BLK; j++) {				\
			t = -(T)((s[i + j] & km[j]) == kv[j]);		\
			o = k[0][j] ^ (k[1][j] & s[i + j]) ^		\
			    (k[2][j] & d[i + j]) ^			\
			    (k[3][j] & s[i + j] & d[i + j]);		\
			d[i + j] = (t & d[i + j]) | (~t & o);		\
		}							\
	}								\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		t = -(T)((s[i] & km[j]) == kv[j]);			\
		o = k[0][j] ^ (k[1][j] & s[i]) ^ (k[2][j] & d[i]) ^	\
		    (k[3][j] & s[i] & d[i]);				\
		d[i] = (t & d[i]) | (~t & o);				\
	}								\
}

DEFINE_INPLACE(inplace_32, u32)
DEFINE_INPLACE(inplace_16, u16)

/*
 * inplace_32_mono() with the span's mono bits themselves, 8 pixels a
 * byte from the first bit of @bits, each byte's masks read from @mtab:
 * one pass instead of a first one writing the span's masks. Where D is
 * read, a block's loads all come before its stores, so that GCC
 * vectorises the loop (it does not prove @mtab's rows apart from @d).
 */
static noinline span_loop void
inplace_32_mono_bits(u32 *restrict d, const u8 *restrict bits,
		     const u64 (*restrict mtab)[4],
		     const u32 (*restrict a)[BLK],
		     const u32 (*restrict b)[BLK], unsigned int n)
{
	unsigned int i, j, e = n / BLK * BLK;
	const u32 *m;
	u32 z = 0, t[BLK];

	for (j = 0; j < BLK; j++)
		z |= a[2][j] | b[2][j];
	for (i = 0; !z && i < e; i += BLK) {	/* D not read */
		m = (const u32 *)mtab[bits[i / BLK]];
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = (m[j] & a[0][j]) | (~m[j] & b[0][j]);
	}
	for (i = z ? 0 : e; i < e; i += BLK) {
		m = (const u32 *)mtab[bits[i / BLK]];
		UNROLL
		for (j = 0; j < BLK; j++)	/* every load before a store */
			t[j] = b[0][j] ^ (b[2][j] & d[i + j]) ^
			       (m[j] & (a[0][j] ^ b[0][j] ^
					((a[2][j] ^ b[2][j]) & d[i + j])));
		memcpy(d + i, t, sizeof(t));
	}
	if (e == n)
		return;
	m = (const u32 *)mtab[bits[e / BLK]];
	for (j = 0; e + j < n; j++)	/* the pixels past the last block */
		d[e + j] = (m[j] & (a[0][j] ^ (a[2][j] & d[e + j]))) |
			   (~m[j] & (b[0][j] ^ (b[2][j] & d[e + j])));
}

DEFINE_KEYED(inplace_32_keyed, u32)
DEFINE_KEYED(inplace_16_keyed, u16)

/* Stretch: g[i] = s[idx[i]] for @n pixels of 16 bits. */
static noinline span_loop void gather_16(u16 *restrict g,
					 const u16 *restrict s,
					 const u32 *restrict idx,
					 unsigned int n)
{
	unsigned int i, j, e = n / BLK * BLK;

	for (i = 0; i < e; i += BLK) {
		UNROLL
		for (j = 0; j < BLK; j++)
			g[i + j] = s[idx[i + j]];
	}
	for (i = e; i < n; i++)
		g[i] = s[idx[i]];
}

/* A block of 32-bit pixels, for the permutes of gather_32() */
typedef u32 vgc_de_px8 __attribute__((__vector_size__(4 * BLK)));

/*
 * The same for 32-bit pixels, from a source of @ns pixels; @sorted: idx
 * never decreases. A block whose pixels all come from the BLK source
 * pixels at its first one's is a permute of those (GCC makes it what the
 * target has: one instruction with AVX2, a pixel at a time without).
 * stretch_index() gives sorted indices for every stretch the engine
 * draws today (an unsigned factor from the rectangle's left edge); the
 * flag keeps the permute, which would take an index modulo BLK, from
 * ever reading a wrong pixel if that changes.
 */
static noinline span_loop void gather_32(u32 *restrict g,
					 const u32 *restrict s,
					 const u32 *restrict idx,
					 unsigned int n, unsigned int ns,
					 bool sorted)
{
	unsigned int i, j, b;
	vgc_de_px8 v, m;

	for (i = 0; i + BLK <= n; i += BLK) {
		b = idx[i];
		if (sorted && idx[i + BLK - 1] - b < BLK && b + BLK <= ns) {
			memcpy(&v, s + b, sizeof(v));
			memcpy(&m, idx + i, sizeof(m));
			v = __builtin_shuffle(v, m - b);
			memcpy(g + i, &v, sizeof(v));
			continue;
		}
		UNROLL
		for (j = 0; j < BLK; j++)
			g[i + j] = s[idx[i + j]];
	}
	for (; i < n; i++)
		g[i] = s[idx[i]];
}

/* ik for the row y of the span at x: the pattern's 8 pixels chosen. */
static void row_ik(struct vgc_de *de, int x, int y)
{
	unsigned int j, mb, c;
	u8 row = de->pat_bits >> (((y + de->pat_oy) & 7) * 8);
	bool bit;

	for (j = 0; j < BLK; j++) {
		bit = (row >> ((x + j + de->pat_ox) & 7)) & 1;
		for (mb = 0; mb < 2; mb++) {
			for (c = 0; c < 4; c++) {
				de->ik32[mb][c][j] = de->k[bit][mb][c];
				de->ik16[mb][c][j] = de->k[bit][mb][c];
			}
		}
	}
}

/*
 * src_pixels() reading exactly @n pixels of @in (host memory): whole
 * blocks, then the rest a pixel at a time.
 */
static void src_pixels_exact(struct vgc_de *de, const u8 *in, u8 *out,
			     unsigned int n)
{
	unsigned int i, m = n / BLK * BLK, sbpp = de->sf.bpp, dbpp = de->df.bpp;
	bool t;

	src_pixels(de, in, out, m);
	if (de->conv)
		conv_any(de, in + m * sbpp, out + m * dbpp, n - m);
	else if (out && in != out)
		memcpy(out + m * dbpp, in + m * sbpp, (n - m) * dbpp);
	for (i = m; de->key && i < n; i++) {
		t = (get_px(in + i * sbpp, sbpp) & de->keymask) == de->keyraw;
		put_px((u8 *)de->kmask + i * dbpp, dbpp, t ? ~0u : 0);
	}
}

/*
 * Draw the span (x..x+n-1, y) in place if it can be: 0, or -1 if the
 * mono source's read failed (the operation ends), or 1 if it cannot be
 * (nothing done). The destination and a colour source are in the host's
 * memory and do not overlap; each access counts as the copy it stands
 * for.
 */
static int inplace_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	const u16 *r = de->rects[de->rect];
	unsigned int bpp = de->df.bpp, sbpp = de->sf.bpp;
	u32 daddr, saddr = 0, len = n * bpp, slen = 0, a, k;
	u8 *d, *s = NULL, *g;
	const u8 *in, *sp;
	s64 first;
	int px, py, ms, bits = 0;

	physical(de, x, y, &px, &py);
	daddr = dst_addr(de, px, py);
	d = vgc_dma_map(c, VGC_CLIENT_PE, daddr, len, true);
	if (!d || (unsigned long)d % bpp)
		return 1;
	if (de->need_s && !de->mono) {
		first = src_x(de, r, x);
		saddr = de->src + (u32)src_y(de, r, y) * de->src_stride +
			(u32)first * sbpp;
		slen = (src_x(de, r, x + n - 1) - first + 1) * sbpp;
		s = vgc_dma_map(c, VGC_CLIENT_PE, saddr, slen, false);
		if (!s || (unsigned long)s % sbpp ||
		    (s < d + len && d < s + slen))
			return 1;
	}
	/* D read, S read, D written a page at a time */
	if (de->need_d)
		vgc_dma_count(c, daddr, len, false);
	if (de->need_s && de->mono) {
		/* 32-bit pixels: the bits straight into the ROP's loop */
		ms = mono_sel(c, x, y, n, bpp == 4 && de->mono_var);
		if (ms < 0)
			return -1;
		bits = ms;
	}
	if (s)
		vgc_dma_count(c, saddr, slen, false);
	for (a = 0; a < len; a += k) {
		k = VGC_PAGE_SIZE - ((daddr + a) & (VGC_PAGE_SIZE - 1));
		if (k > len - a)
			k = len - a;
		vgc_dma_count(c, daddr + a, k, true);
	}
	if (de->fast_copy) {
		memcpy(d, s, len);
		return 0;
	}
	in = s;
	if (s && de->cmd == VGC_DE_CMD_STRETCH_BLT) {
		stretch_index(de, x, n);
		g = de->direct && !de->conv ? d : (u8 *)de->g32;
		if (sbpp == 4)
			gather_32((u32 *)g, (const u32 *)s, de->sidx, n,
				  slen / 4, de->sidx_sorted);
		else
			gather_16((u16 *)g, (const u16 *)s, de->sidx, n);
		in = g;
	}
	if (de->direct && !de->conv) {
		/* the source as it is (gathered into d when stretched) */
		if (de->cmd == VGC_DE_CMD_BIT_BLT)
			memcpy(d, s, len);
		return 0;
	}
	sp = in;
	if (s && !de->conv && de->key && !de->pat_var) {
		/* the key on the source as it is, in the same loop */
		if (bpp == 4)
			inplace_32_keyed((u32 *)d, (const u32 *)in,
					 de->ikey32[0], de->ikey32[1],
					 de->ik32[1], n);
		else
			inplace_16_keyed((u16 *)d, (const u16 *)in,
					 de->ikey16[0], de->ikey16[1],
					 de->ik16[1], n);
		return 0;
	}
	if (s && (de->conv || de->key)) {
		if (de->conv)
			sp = de->direct ? d : de->sb;
		src_pixels_exact(de, in, de->conv ? (u8 *)sp : NULL, n);
		if (de->direct)
			return 0;
	}
	if (de->pat_var)
		row_ik(de, x, y);
	if (!sp)
		sp = d;	/* not read */
	if (bits)
		inplace_32_mono_bits((u32 *)d, de->sbytes, de->mtab,
				     de->ik32[1], de->ik32[0], n);
	else if (bpp == 4 && de->mono_var)
		inplace_32_mono((u32 *)d, de->m32, de->ik32[1], de->ik32[0], n);
	else if (bpp == 4 && de->key)
		inplace_32_key((u32 *)d, (const u32 *)sp, de->k32,
			       de->ik32[1], n);
	else if (bpp == 4)
		inplace_32((u32 *)d, (const u32 *)sp, de->ik32[1], n);
	else if (de->mono_var)
		inplace_16_mono((u16 *)d, de->m16, de->ik16[1], de->ik16[0], n);
	else if (de->key)
		inplace_16_key((u16 *)d, (const u16 *)sp, de->k16,
			       de->ik16[1], n);
	else
		inplace_16((u16 *)d, (const u16 *)sp, de->ik16[1], n);
	return 0;
}

/* Draw the span (x..x+n-1, y) of a clear, blit or stretch. */
static int do_span(struct vgc_core *c, int x, int y, unsigned int n)
{
	struct vgc_de *de = &c->de;
	unsigned int i, bpp = de->df.bpp, at;

	if (de->inplace) {
		int r = inplace_span(c, x, y, n);

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
