// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pixel engine (PE) of the 3D pipeline (sim/doc/3d-pipeline.md): per
 * covered pixel of a shaded quad the alpha test, stencil and depth, the
 * blending and the colour mask, in the render-target formats; the colour
 * and depth surfaces in their layouts (vgc_surf.h) and through their tile
 * status (a cleared 64-byte block reads as the clear value; the first
 * write to it fills it in memory and marks its entry 0). Memory goes
 * through the PE (colour, TS) and PEZ (depth) clients; a pixel's write
 * reuses what its read found in place (TLB hits noted per tile).
 */
#include "vgc.h"
#include "vgc_dma.h"
#include "vgc_3d_stages.h"
#include "vgc_math.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#define REG(c, off)	((c)->state[(off) >> 2])

/*
 * GPU address of the 4x4 tile of @s holding pixel (x, y), a tile other
 * than the last, which it becomes (a quad's four pixels share a tile).
 */
static noinline u32 surf_tile_new(struct vgc_3d_surf *s, u32 x, u32 y)
{
	s->last_ok = true;
	s->hit_ok = false;
	s->last_tx = x >> 2;
	s->last_ty = y >> 2;
	s->last = vgc_surf_tile(&s->mem, x >> 2, y >> 2);
	return s->last;
}

/*
 * surf_tile_new() of the tile last asked for again: the quad after a
 * quad often lies in the same tile. surf_init() empties it with each
 * draw.
 */
static inline u32 surf_tile_again(struct vgc_3d_surf *s, u32 x, u32 y)
{
	if (!s->last_ok || s->last_tx != x >> 2 || s->last_ty != y >> 2)
		return surf_tile_new(s, x, y);
	return s->last;
}

/* The TS entry of the block holding @addr: the byte at @byte, at @shift. */
static inline void ts_entry(const struct vgc_3d_surf *s, u32 addr, u32 *byte,
			    unsigned int *shift)
{
	vgc_ts_entry(&s->ts, vgc_ts_index(&s->ts, addr), byte, shift);
}

/* The TS entry at @shift of byte @v says cleared (1). */
static inline bool ts_cleared(const struct vgc_3d_surf *s, u8 v,
			      unsigned int shift)
{
	return vgc_ts_value(&s->ts, v, shift) == 1;
}

/* A read of @len bytes at @addr of a cleared block: the clear value's. */
static inline void ts_clear_read(const struct vgc_3d_surf *s, u32 addr,
				 u8 *buf, unsigned int len)
{
	vgc_fill32(buf, addr, s->mem.bpp == 8 && (addr & 4) ? s->clear_hi :
			      s->ts.clear, len);
}

/*
 * The first write of @len bytes at @addr to a cleared block: the block
 * becomes memory again, the clear value with the pixel in it, and its TS
 * entry (@shift in the byte at @byte) 0.
 */
static noinline int ts_fill(struct vgc_core *c, const struct vgc_3d_surf *s,
			    enum vgc_client cl, u32 addr, const u8 *buf,
			    unsigned int len, u32 byte, unsigned int shift)
{
	u32 b0 = addr - (addr - s->ts.surface) % s->ts.block;
	u8 blk[VGC_TS_MAX_BLOCK], v;
	unsigned int k;

	/* the clear value's words (b0 is word-aligned) */
	for (k = 0; k < s->ts.block; k += 4)
		ts_clear_read(s, b0 + k, blk + k, 4);
	memcpy(blk + (addr - b0), buf, len);
	if (vgc_dma_write(c, cl, b0, blk, s->ts.block) ||
	    vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
		return -1;
	v &= ~(((1u << s->ts.bits) - 1) << shift);
	c->stats.ts_blocks_filled++;
	return vgc_dma_write(c, VGC_CLIENT_PE, byte, &v, 1);
}

/*
 * Read (@write false) or write @len bytes of a pixel at @addr; inline in
 * each caller, where @cl and @write are constants.
 */
static __always_inline int px_access(struct vgc_core *c,
				     const struct vgc_3d_surf *s,
				     enum vgc_client cl, u32 addr, u8 *buf,
				     unsigned int len, bool write)
{
	unsigned int shift;
	u32 byte;
	u8 v;

	/* a pixel is 1, 2 or 4 bytes (surf_init()): its copies inline */
	len = len == 1 ? 1 : len == 2 ? 2 : 4;
	if (s->fast_clear && addr >= s->ts.surface) {
		ts_entry(s, addr, &byte, &shift);
		if (vgc_dma_read(c, VGC_CLIENT_PE, byte, &v, 1))
			return -1;
		if (ts_cleared(s, v, shift)) {
			if (write)
				return ts_fill(c, s, cl, addr, buf, len, byte,
					       shift);
			ts_clear_read(s, addr, buf, len);
			return 0;
		}
	}
	return write ? vgc_dma_write(c, cl, addr, buf, len) :
		       vgc_dma_read(c, cl, addr, buf, len);
}

/*
 * What the read of a pixel saw, for a write of the same pixel right after
 * it: @hit, every read it made was a TLB hit; then @ts, it read a TS
 * entry (in the byte at @byte, at @shift) and @cleared, the entry said
 * cleared, else @px is the pixel in place.
 */
struct px_seen {
	bool hit, ts, cleared;
	u32 byte;
	unsigned int shift;
	u8 *px;
};

/*
 * Note in @s what the read of the pixel at @addr in its last tile saw
 * (@seen: every read a hit, the pixel in place; @tsb its TS byte) if it
 * holds for every pixel of the tile: one page, one TS entry or none.
 */
static __always_inline void px_note(struct vgc_core *c,
				    struct vgc_3d_surf *s, u32 addr,
				    const struct px_seen *seen, u8 *tsb)
{
	u32 end = s->last + 16 * s->mem.bpp - 1;

	if (end < s->last || (s->last ^ end) >> VGC_PAGE_SHIFT)
		return;
	if (seen->ts) {
		if (s->last < s->ts.surface ||
		    vgc_ts_index(&s->ts, s->last) != vgc_ts_index(&s->ts, end))
			return;
	} else if (s->fast_clear && end >= s->ts.surface) {
		return;
	}
	s->hit_ok = true;
	s->hit_gen = c->mmu1.gen;
	s->hit_ts = seen->ts;
	s->hit_byte = seen->byte;
	s->hit_shift = seen->shift;
	s->hit_tsb = tsb;
	s->hit_px = seen->px - (addr - s->last);
}

/*
 * px_access()'s read, that notes in @seen what it saw, of a pixel of
 * @s's last tile (surf_tile_again()): through the hits noted in @s when
 * no TLB changed since (the same hits, the same counts).
 */
static __always_inline int px_read(struct vgc_core *c,
				   struct vgc_3d_surf *s,
				   enum vgc_client cl, u32 addr, u8 *buf,
				   unsigned int len, struct px_seen *seen)
{
	u8 *h = NULL, v;

	len = len == 1 ? 1 : len == 2 ? 2 : 4;
	if (s->hit_ok && s->hit_gen == c->mmu1.gen) {
		seen->hit = true;
		seen->ts = s->hit_ts;
		seen->cleared = false;
		seen->byte = s->hit_byte;
		seen->shift = s->hit_shift;
		seen->px = s->hit_px + (addr - s->last);
		if (s->hit_ts) {
			vgc_dma_count(c, s->hit_byte, 1, false);
			v = *s->hit_tsb;
			if (ts_cleared(s, v, s->hit_shift)) {
				seen->cleared = true;
				seen->px = NULL;
				ts_clear_read(s, addr, buf, len);
				return 0;
			}
		}
		vgc_dma_count(c, addr, len, false);
		vgc_copy_small(buf, seen->px, len);
		return 0;
	}
	seen->hit = true;
	seen->ts = s->fast_clear && addr >= s->ts.surface;
	seen->cleared = false;
	seen->byte = 0;
	seen->shift = 0;
	seen->px = NULL;
	if (seen->ts) {
		ts_entry(s, addr, &seen->byte, &seen->shift);
		/* vgc_dma_read(), the hit noted */
		h = vgc_dma_hit(c, VGC_CLIENT_PE, seen->byte, 1);
		if (h) {
			vgc_dma_count(c, seen->byte, 1, false);
			v = *h;
		} else {
			seen->hit = false;
			if (vgc_dma(c, VGC_CLIENT_PE, seen->byte, &v, 1,
				    false))
				return -1;
		}
		if (ts_cleared(s, v, seen->shift)) {
			seen->cleared = true;
			ts_clear_read(s, addr, buf, len);
			return 0;
		}
	}
	seen->px = vgc_dma_hit(c, cl, addr, len);
	if (!seen->px) {
		seen->hit = false;
		return vgc_dma(c, cl, addr, buf, len, false);
	}
	vgc_dma_count(c, addr, len, false);
	vgc_copy_small(buf, seen->px, len);
	if (seen->hit)
		px_note(c, s, addr, seen, h);
	return 0;
}

/*
 * px_access()'s write of the pixel px_read() read into @seen, with
 * nothing between them that accesses memory, fills a TLB or injects a
 * bus error: when its reads were TLB hits, this write's are the same
 * hits of the same bytes (the TS byte has its value), and its own the
 * same lookup.
 */
static __always_inline int px_rewrite(struct vgc_core *c,
				      const struct vgc_3d_surf *s,
				      enum vgc_client cl, u32 addr,
				      const u8 *buf, unsigned int len,
				      const struct px_seen *seen)
{
	if (!seen->hit)
		return px_access(c, s, cl, addr, (u8 *)buf, len, true);
	len = len == 1 ? 1 : len == 2 ? 2 : 4;
	if (seen->ts) {
		vgc_dma_count(c, seen->byte, 1, false);
		if (seen->cleared)
			return ts_fill(c, s, cl, addr, buf, len, seen->byte,
				       seen->shift);
	}
	vgc_dma_count(c, addr, len, true);
	vgc_copy_small(seen->px, buf, len);
	return 0;
}

static inline bool compare(unsigned int func, u32 a, u32 b)
{
	switch (func) {
	case VGC_CMP_NEVER:	return false;
	case VGC_CMP_LESS:	return a < b;
	case VGC_CMP_EQUAL:	return a == b;
	case VGC_CMP_LEQUAL:	return a <= b;
	case VGC_CMP_GREATER:	return a > b;
	case VGC_CMP_NOTEQUAL:	return a != b;
	case VGC_CMP_GEQUAL:	return a >= b;
	}
	return true;
}

static u8 stencil_op(unsigned int op, u8 s, u8 ref)
{
	switch (op) {
	case VGC_SOP_ZERO:	return 0;
	case VGC_SOP_REPLACE:	return ref;
	case VGC_SOP_INCR:
		return s == 255 ? 255 : s + 1;
	case VGC_SOP_DECR:
		return s ? s - 1 : 0;
	case VGC_SOP_INVERT:	return ~s;
	case VGC_SOP_INCR_WRAP:	return s + 1;
	case VGC_SOP_DECR_WRAP:	return s - 1;
	}
	return s;
}

/*
 * Stencil and depth of the pixel at @addr at window depth @z: false when
 * the pixel is discarded. Writes what the tests write.
 */
static bool depth_stencil(struct vgc_core *c, u32 addr, float z, bool front)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_pe *pe = &p->pe;
	u32 old = 0, val = 0, nv;
	bool d16 = p->depth.mem.bpp == 2, pass;
	unsigned int f, op;
	u8 ref, mask, wmask;
	u8 s = 0, ns;
	u8 b[4] = { 0 };
	struct px_seen seen;

	if (!p->has_depth)
		return true;
	if (px_read(c, &p->depth, VGC_CLIENT_PEZ, addr, b, p->depth.mem.bpp,
		    &seen)) {
		p->abort = true;
		return false;
	}
	old = b[0] | b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
	if (pe->depth_test)
		val = (u32)vgc_round_s64(vgc_clampf(z, 0.0f, 1.0f) *
					 pe->depth_norm);
	if (!d16) {
		s = old & 0xff;
		old >>= 8;
	}
	pass = true;
	ns = s;
	if (pe->sten) {
		f = pe->two_sided && !front;	/* 1: back */
		ref = pe->ref[f];
		mask = pe->mask[f];
		wmask = pe->wmask[f];
		if (!compare(pe->sfunc[f], ref & mask, s & mask)) {
			pass = false;
			op = pe->sfail[f];
		} else if (pe->depth_test &&
			   !compare(pe->depth_func, val, old)) {
			pass = false;
			op = pe->dfail[f];
		} else {
			op = pe->spass[f];
		}
		ns = (s & ~wmask) | (stencil_op(op, s, ref) & wmask);
	} else if (pe->depth_test && !compare(pe->depth_func, val, old)) {
		pass = false;
	}
	nv = pass && pe->depth_write ? val : old;
	if (nv != old || ns != s) {
		nv = d16 ? nv : nv << 8 | ns;
		b[0] = nv;
		b[1] = nv >> 8;
		b[2] = nv >> 16;
		b[3] = nv >> 24;
		if (px_rewrite(c, &p->depth, VGC_CLIENT_PEZ, addr, b,
			       p->depth.mem.bpp, &seen)) {
			p->abort = true;
			return false;
		}
	}
	return pass;
}

/*
 * Widths and shifts of R, G, B, A of a PE colour format @f, or of the
 * extended format @fx when not 0 (the unorm ones: A2B10G10R10, G8R8 and
 * R8, red in the lowest bits, Mesa 22.3 etnaviv_format.c); false if
 * none.
 */
static bool color_fmt(unsigned int f, unsigned int fx, u8 w[4], u8 sh[4],
		      bool *has_a)
{
	static const struct { u8 w[4], sh[4]; bool a; } fmts[] = {
		[VGC_RS_FMT_X4R4G4B4] = { { 4, 4, 4, 4 }, { 8, 4, 0, 12 }, 0 },
		[VGC_RS_FMT_A4R4G4B4] = { { 4, 4, 4, 4 }, { 8, 4, 0, 12 }, 1 },
		[VGC_RS_FMT_X1R5G5B5] = { { 5, 5, 5, 1 }, { 10, 5, 0, 15 }, 0 },
		[VGC_RS_FMT_A1R5G5B5] = { { 5, 5, 5, 1 }, { 10, 5, 0, 15 }, 1 },
		[VGC_RS_FMT_R5G6B5] = { { 5, 6, 5, 0 }, { 11, 5, 0, 16 }, 0 },
		[VGC_RS_FMT_X8R8G8B8] = { { 8, 8, 8, 8 }, { 16, 8, 0, 24 }, 0 },
		[VGC_RS_FMT_A8R8G8B8] = { { 8, 8, 8, 8 }, { 16, 8, 0, 24 }, 1 },
	};

	static const struct { u8 w[4], sh[4]; bool a; } ext[] = {
		{ { 10, 10, 10, 2 }, { 0, 10, 20, 30 }, 1 },
		{ { 8, 8, 0, 0 }, { 0, 8, 0, 0 }, 0 },
		{ { 8, 0, 0, 0 }, { 0, 0, 0, 0 }, 0 },
	};

	if (fx) {
		unsigned int i = fx == VGC_PE_FMT_A2B10G10R10 ? 0 :
				 fx == VGC_PE_FMT_G8R8 ? 1 :
				 fx == VGC_PE_FMT_R8 ? 2 : 3;

		if (i > 2)
			return false;
		memcpy(w, ext[i].w, 4);
		memcpy(sh, ext[i].sh, 4);
		*has_a = ext[i].a;
		return true;
	}
	if (f >= ARRAY_SIZE(fmts) || !fmts[f].w[0])
		return false;
	memcpy(w, fmts[f].w, 4);
	memcpy(sh, fmts[f].sh, 4);
	*has_a = fmts[f].a;
	return true;
}

/*
 * The halves a pixel of extended format @fx holds; 0: not a format of
 * halves.
 */
static unsigned int half_channels(unsigned int fx)
{
	switch (fx) {
	case VGC_PE_FMT_R16F:		return 1;
	case VGC_PE_FMT_G16R16F:	return 2;
	case VGC_PE_FMT_A16B16G16R16F:	return 4;
	}
	return 0;
}

/* Blend factor @f for channel @k (3: alpha) */
static float blend_factor(unsigned int f, unsigned int k, const float *s,
			  const float *d, const float *cc)
{
	switch (f) {
	case VGC_BF_ZERO:			return 0;
	case VGC_BF_ONE:			return 1;
	case VGC_BF_SRC_COLOR:			return s[k];
	case VGC_BF_ONE_MINUS_SRC_COLOR:	return 1 - s[k];
	case VGC_BF_SRC_ALPHA:			return s[3];
	case VGC_BF_ONE_MINUS_SRC_ALPHA:	return 1 - s[3];
	case VGC_BF_DST_ALPHA:			return d[3];
	case VGC_BF_ONE_MINUS_DST_ALPHA:	return 1 - d[3];
	case VGC_BF_DST_COLOR:			return d[k];
	case VGC_BF_ONE_MINUS_DST_COLOR:	return 1 - d[k];
	case VGC_BF_SRC_ALPHA_SATURATE:
		if (k == 3)
			return 1;
		return s[3] < 1 - d[3] ? s[3] : 1 - d[3];
	case VGC_BF_CONSTANT_ALPHA:		return cc[3];
	case VGC_BF_ONE_MINUS_CONSTANT_ALPHA:	return 1 - cc[3];
	case VGC_BF_CONSTANT_COLOR:		return cc[k];
	case VGC_BF_ONE_MINUS_CONSTANT_COLOR:	return 1 - cc[k];
	}
	return 0;
}

static float blend_eq(unsigned int eq, float s, float fs, float d, float fd)
{
	switch (eq) {
	case VGC_BEQ_SUBTRACT:		return s * fs - d * fd;
	case VGC_BEQ_REVERSE_SUBTRACT:	return d * fd - s * fs;
	case VGC_BEQ_MIN:
		return s < d ? s : d;
	case VGC_BEQ_MAX:
		return s > d ? s : d;
	}
	return s * fs + d * fd;
}

/*
 * Colour @rgba of the pixel at @addr of a render target of IEEE halves
 * (the extended formats R16F, G16R16F and A16B16G16R16F: red in the
 * lowest two bytes, then green, blue and alpha): no clamp but the
 * saturation's, blending in single precision, each channel written
 * rounded to the nearest half (IEEE 754 binary16, ties to even). A pixel
 * of 8 bytes is read and written as its two words, one after the other.
 */
static noinline void write_half(struct vgc_core *c, u32 addr,
				const float *rgba)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_pe *pe = &p->pe;
	unsigned int n = p->color.mem.bpp, k, off;
	float s[4], d[4] = { 0, 0, 0, 1 }, o[4];
	u8 b[8];

	for (off = 0; off < n; off += 4)
		if (px_access(c, &p->color, VGC_CLIENT_PE, addr + off, b + off,
			      n < 4 ? n : 4, false)) {
			p->abort = true;
			return;
		}
	for (k = 0; k < 4; k++)
		s[k] = pe->saturate ? vgc_clampf(rgba[k], 0, 1) : rgba[k];
	for (k = 0; k < pe->nch; k++)
		d[k] = vgc_half_to_float(b[2 * k] | b[2 * k + 1] << 8);
	for (k = 0; k < 4; k++)
		o[k] = !pe->blend ? s[k] :
		       blend_eq(pe->eq[k], s[k],
				blend_factor(pe->src[k], k, s, d, pe->cc),
				d[k], blend_factor(pe->dst[k], k, s, d, pe->cc));
	for (k = 0; k < pe->nch; k++) {
		u16 h = vgc_float_to_half(o[k]);

		if (!(pe->comps & BIT(k)))
			continue;
		b[2 * k] = h;
		b[2 * k + 1] = h >> 8;
	}
	for (off = 0; off < n; off += 4)
		if (px_access(c, &p->color, VGC_CLIENT_PE, addr + off, b + off,
			      n < 4 ? n : 4, true)) {
			p->abort = true;
			return;
		}
	c->stats.pixels_written++;
}

/* Colour @rgba of the render target's pixel at @addr. */
static void write_color(struct vgc_core *c, u32 addr, const float *rgba)
{
	struct vgc_3d *p = &c->p3d;
	const struct vgc_3d_pe *pe = &p->pe;
	const u8 *w = pe->w, *sh = pe->sh;
	u32 old = 0, nv, m;
	unsigned int k;
	float s[4], d[4], o[4];
	u8 b[4] = { 0 };
	struct px_seen seen;

	if (!pe->comps)
		return;
	if (!pe->fmt_ok) {
		vgc_3d_unsupported(c);
		return;
	}
	if (pe->half) {
		write_half(c, addr, rgba);
		return;
	}
	if (px_read(c, &p->color, VGC_CLIENT_PE, addr, b, p->color.mem.bpp,
		    &seen)) {
		p->abort = true;
		return;
	}
	old = b[0] | b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
	if (!pe->blend) {
		/* the pack clamps as the saturation would: no need of it */
		for (k = 0; k < 4; k++)
			o[k] = rgba[k];
		goto pack;	/* no destination, no constant */
	}
	for (k = 0; k < 4; k++)
		s[k] = pe->saturate ? vgc_clampf(rgba[k], 0, 1) : rgba[k];
	for (k = 0; k < 4; k++) {
		m = (1u << w[k]) - 1;
		/* a channel the format lacks: 0, alpha 1 [deduced] */
		d[k] = w[k] ? (float)((old >> sh[k]) & m) / (float)m :
		       k == 3 ? 1.0f : 0.0f;
		if (k == 3 && !pe->has_a)
			d[k] = 1.0f;
	}
	for (k = 0; k < 4; k++)
		o[k] = blend_eq(pe->eq[k], s[k],
				blend_factor(pe->src[k], k, s, d, pe->cc),
				d[k], blend_factor(pe->dst[k], k, s, d, pe->cc));
pack:
	/*
	 * Each written channel rounded to its bits (vgc_round_s64() of a value
	 * clamped to [0, fm], never negative); a channel that is not
	 * written has fm 0 and adds 0
	 */
	nv = old & pe->keep;
	for (k = 0; k < 4; k++)
		nv |= (u32)(vgc_clampf(o[k], 0, 1) * pe->fm[k] + 0.5f) << sh[k];
	b[0] = nv;
	b[1] = nv >> 8;
	b[2] = nv >> 16;
	b[3] = nv >> 24;
	if (px_rewrite(c, &p->color, VGC_CLIENT_PE, addr, b, p->color.mem.bpp,
		       &seen)) {
		p->abort = true;
		return;
	}
	c->stats.pixels_written++;
}

void vgc_pe_init(struct vgc_core *c)
{
	struct vgc_3d *p = &c->p3d;
	struct vgc_3d_pe *pe = &p->pe;
	u32 ao = REG(c, VGC_PE_ALPHA_OP), dc = REG(c, VGC_PE_DEPTH_CONFIG);
	u32 sc = REG(c, VGC_PE_STENCIL_CONFIG), so = REG(c, VGC_PE_STENCIL_OP);
	u32 ext = REG(c, VGC_PE_STENCIL_CONFIG_EXT);
	u32 ext2 = REG(c, VGC_PE_STENCIL_CONFIG_EXT2);
	u32 cf = REG(c, VGC_PE_COLOR_FORMAT), ac = REG(c, VGC_PE_ALPHA_CONFIG);
	u32 bc = REG(c, VGC_PE_ALPHA_BLEND_COLOR), m;
	unsigned int mode = VGC_PE_SC_MODE(sc), k;

	pe->alpha_test = ao & VGC_PE_ALPHA_TEST;
	pe->alpha_func = VGC_PE_ALPHA_FUNC(ao);
	pe->alpha_ref = VGC_PE_ALPHA_REF(ao);

	pe->depth_test = VGC_PE_DEPTH_MODE(dc) != VGC_PE_DEPTH_MODE_NONE;
	pe->depth_write = pe->depth_test && (dc & VGC_PE_DEPTH_WRITE);
	pe->depth_func = VGC_PE_DEPTH_FUNC(dc);
	pe->depth_norm = vgc_3d_regf(c, VGC_PE_DEPTH_NORMALIZE);
	pe->sten = p->depth.mem.bpp != 2 && mode != VGC_PE_STENCIL_DISABLED;
	pe->two_sided = mode == VGC_PE_STENCIL_TWO_SIDED;
	pe->ref[0] = VGC_PE_SC_REF_FRONT(sc);
	pe->ref[1] = VGC_PE_SC_REF_BACK(ext);
	pe->mask[0] = VGC_PE_SC_MASK_FRONT(sc);
	pe->mask[1] = VGC_PE_SC_MASK_BACK(ext2);
	pe->wmask[0] = VGC_PE_SC_WRITE_MASK(sc);
	pe->wmask[1] = VGC_PE_SC_WRITE_MASK_BACK(ext2);
	pe->sfunc[0] = VGC_PE_SOP_FUNC_FRONT(so);
	pe->sfunc[1] = VGC_PE_SOP_FUNC_BACK(so);
	pe->sfail[0] = VGC_PE_SOP_FAIL_FRONT(so);
	pe->sfail[1] = VGC_PE_SOP_FAIL_BACK(so);
	pe->dfail[0] = VGC_PE_SOP_DFAIL_FRONT(so);
	pe->dfail[1] = VGC_PE_SOP_DFAIL_BACK(so);
	pe->spass[0] = VGC_PE_SOP_PASS_FRONT(so);
	pe->spass[1] = VGC_PE_SOP_PASS_BACK(so);

	pe->comps = VGC_PE_CF_COMPONENTS(cf);
	/* FORMAT_EXT 0: FORMAT's (Mesa 22.3 etna_set_framebuffer_state()) */
	pe->nch = half_channels(VGC_PE_CF_FORMAT_EXT(cf));
	pe->half = pe->nch;
	if (pe->half) {
		pe->fmt_ok = true;
		pe->has_a = pe->nch == 4;
	} else {
		pe->fmt_ok = color_fmt(VGC_PE_CF_FORMAT(cf),
				       VGC_PE_CF_FORMAT_EXT(cf), pe->w, pe->sh,
				       &pe->has_a);
	}
	pe->keep = ~0u;
	for (k = 0; k < 4; k++) {
		pe->fm[k] = 0;
		if (!pe->fmt_ok || pe->half || !pe->w[k] ||
		    !(pe->comps & BIT(k)))
			continue;
		m = (1u << pe->w[k]) - 1;
		pe->fm[k] = (float)m;
		pe->keep &= ~(m << pe->sh[k]);
	}
	pe->saturate = REG(c, VGC_PS_CONTROL) & VGC_PS_SATURATE_RT0;
	pe->blend = ac & VGC_PE_BLEND_ENABLE;
	for (k = 0; k < 4; k++) {
		if (k == 3 && (ac & VGC_PE_BLEND_SEPARATE)) {
			pe->src[k] = VGC_PE_BLEND_SRC_ALPHA(ac);
			pe->dst[k] = VGC_PE_BLEND_DST_ALPHA(ac);
			pe->eq[k] = VGC_PE_BLEND_EQ_ALPHA(ac);
		} else {
			pe->src[k] = VGC_PE_BLEND_SRC_COLOR(ac);
			pe->dst[k] = VGC_PE_BLEND_DST_COLOR(ac);
			pe->eq[k] = k == 3 ? VGC_PE_BLEND_EQ_ALPHA(ac) :
					     VGC_PE_BLEND_EQ_COLOR(ac);
		}
	}
	pe->cc[0] = VGC_BGRA8_R(bc) / 255.0f;
	pe->cc[1] = VGC_BGRA8_G(bc) / 255.0f;
	pe->cc[2] = VGC_BGRA8_B(bc) / 255.0f;
	pe->cc[3] = VGC_BGRA8_A(bc) / 255.0f;
	if (pe->half) {
		/*
		 * halves, in the order Mesa 22.3 loads them for these
		 * formats (etna_blend_color_state_create(): red, green in
		 * EXT0, blue, alpha in EXT1) [deduced]
		 */
		u32 e0 = REG(c, VGC_PE_ALPHA_COLOR_EXT0);
		u32 e1 = REG(c, VGC_PE_ALPHA_COLOR_EXT1);

		pe->cc[0] = vgc_half_to_float(e0 & 0xffff);
		pe->cc[1] = vgc_half_to_float(e0 >> 16);
		pe->cc[2] = vgc_half_to_float(e1 & 0xffff);
		pe->cc[3] = vgc_half_to_float(e1 >> 16);
	}
}

/* The layout and addresses of a colour or depth surface. */
static void surf_init(struct vgc_core *c, struct vgc_3d_surf *s, bool depth)
{
	u32 mc = REG(c, VGC_TS_MEM_CONFIG);

	struct vgc_surf *m = &s->mem;
	const struct vgc_caps *caps = vgc_caps(c);
	bool multi = caps->pixel_pipes == 2 && !caps->single_buffer, super;

	/* Mesa 22.3 etnaviv_emit.c loads PE_PIPE_*_ADDR or PE_*_ADDR */
	if (caps->pipe_addrs) {
		m->base[0] = REG(c, depth ? VGC_PE_PIPE_DEPTH_ADDR(0) :
					    VGC_PE_PIPE_COLOR_ADDR(0));
		m->base[1] = REG(c, depth ? VGC_PE_PIPE_DEPTH_ADDR(1) :
					    VGC_PE_PIPE_COLOR_ADDR(1));
	} else {
		m->base[0] = REG(c, depth ? VGC_PE_DEPTH_ADDR :
					    VGC_PE_COLOR_ADDR);
		m->base[1] = m->base[0];
	}
	s->ts.bits = caps->ts_bits;
	/* HALTI3+: PE_MEM_CONFIG's TS_MODE, where an entry covers 128 B+ */
	s->ts.block = !caps->ts_128b ? VGC_TS_BLOCK :
		      REG(c, VGC_PE_MEM_CONFIG) & (depth ?
		      VGC_PE_MEM_DEPTH_TS_MODE : VGC_PE_MEM_COLOR_TS_MODE) ?
		      256 : 128;
	s->last_ok = false;
	s->hit_ok = false;
	/* the stride of a row of pixels, four of a row of tiles */
	if (depth) {
		m->stride = 4 * REG(c, VGC_PE_DEPTH_STRIDE);
		m->bpp = VGC_PE_DEPTH_FORMAT(REG(c, VGC_PE_DEPTH_CONFIG)) ==
			 VGC_PE_DEPTH_D16 ? 2 : 4;
		super = REG(c, VGC_PE_DEPTH_CONFIG) & VGC_PE_DEPTH_SUPER;
		s->fast_clear = mc & VGC_TS_DEPTH_FAST_CLEAR;
		s->ts.status = REG(c, VGC_TS_DEPTH_STATUS_BASE);
		s->ts.surface = REG(c, VGC_TS_DEPTH_SURFACE_BASE);
		s->ts.clear = REG(c, VGC_TS_DEPTH_CLEAR_VALUE);
		s->clear_hi = s->ts.clear;
	} else {
		u32 cf = REG(c, VGC_PE_COLOR_FORMAT);
		u32 f = VGC_PE_CF_FORMAT(cf);
		unsigned int nch = half_channels(VGC_PE_CF_FORMAT_EXT(cf));

		m->stride = 4 * REG(c, VGC_PE_COLOR_STRIDE);
		switch (VGC_PE_CF_FORMAT_EXT(cf)) {
		case 0:
			m->bpp = f >= VGC_RS_FMT_X8R8G8B8 ? 4 : 2;
			break;
		case VGC_PE_FMT_G8R8:
			m->bpp = 2;
			break;
		case VGC_PE_FMT_R8:
			m->bpp = 1;
			break;
		default:	/* A2B10G10R10, and those not written */
			m->bpp = nch ? 2 * nch : 4;
		}
		super = REG(c, VGC_PE_COLOR_FORMAT) & VGC_PE_CF_SUPER;
		s->fast_clear = mc & VGC_TS_COLOR_FAST_CLEAR;
		s->ts.status = REG(c, VGC_TS_COLOR_STATUS_BASE);
		s->ts.surface = REG(c, VGC_TS_COLOR_SURFACE_BASE);
		s->ts.clear = REG(c, VGC_TS_COLOR_CLEAR_VALUE);
		s->clear_hi = REG(c, VGC_TS_COLOR_CLEAR_VALUE_EXT);
	}
	if (multi)
		m->layout = super ? VGC_MULTI_SUPER : VGC_MULTI_TILED;
	else
		m->layout = super ? VGC_SUPER : VGC_TILED;
}

void vgc_pe_surfaces(struct vgc_core *c)
{
	struct vgc_3d *p = &c->p3d;

	surf_init(c, &p->color, false);
	surf_init(c, &p->depth, true);
}

void vgc_pe_quad(struct vgc_core *c, s32 qx, s32 qy, unsigned int live,
		 bool front)
{
	struct vgc_3d *p = &c->p3d;
	u32 dt, ct;
	unsigned int i, k;
	s32 x, y;
	float z;

	dt = p->has_depth ? surf_tile_again(&p->depth, qx, qy) : 0;
	ct = p->pe.comps ? surf_tile_again(&p->color, qx, qy) : 0;
	for (i = 0; i < 4 && !p->abort; i++) {
		float rgba[4];

		if (!(live & BIT(i)))
			continue;
		for (k = 0; k < 4; k++)
			rgba[k] = vgc_sh_getf(&p->t[i], p->ps.output_reg[0] %
					      VGC_SH_TEMPS, k);
		if (p->pe.alpha_test &&
		    !compare(p->pe.alpha_func,
			     (u32)vgc_round_s64(vgc_clampf(rgba[3], 0, 1) *
						255.0f),
			     p->pe.alpha_ref)) {
			c->stats.pe_color_killed++;
			continue;
		}
		x = qx + (i & 1);
		y = qy + (i >> 1);
		/* the depth as the PS leaves it in t0.z (gl_FragDepth) */
		z = vgc_sh_getf(&p->t[i], 0, 2);
		if (!depth_stencil(c, dt + vgc_tile_px(p->depth.mem.bpp, x, y),
				   z, front)) {
			c->stats.pe_depth_killed++;
			continue;
		}
		c->stats.pe_depth_passed++;
		write_color(c, ct + vgc_tile_px(p->color.mem.bpp, x, y), rgba);
	}
}
