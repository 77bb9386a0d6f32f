// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Validation, the 2D engine
 *
 * The footprint of a DRAW_2D (MMUv1). The walk keeps the value each
 * bounding DE state last got in this stream and, for address states, the
 * bytes from the relocated address to the end of its buffer. States the
 * stream did not load hold what the previous job left (maybe another
 * client's) and bound nothing, so the destination, its configuration,
 * stride, rotation and DE_CONFIG, and for blits the source's, must be set
 * in the stream. Then, with 64-bit arithmetic:
 *
 *  - destination: each rectangle (a line: the box of its end points) cut
 *    by the clip, if the stream set one; rows times DEST_STRIDE plus
 *    columns times the format's bytes per pixel must fit. Rotated, the
 *    rectangles must lie in the logical surface, and the physical one
 *    (DEST_ROTATION_CONFIG width x DEST_ROTATION_HEIGHT) must fit too;
 *  - source of BIT_BLT and STRETCH_BLT (unless it comes in the stream):
 *    origin plus the offset in the rectangle (relative origin: signed,
 *    and never before the buffer), or times the stretch factor; the larger
 *    of the two format fields (PE 1.0 and 2.0 cores);
 *  - pattern: read from memory unless solid; 8 x 8 pixels of at most 4
 *    bytes from DE_PATTERN_ADDRESS when the ROP uses it;
 *  - refused as not bounded: other commands (filter and multi-source
 *    blits), tiled surfaces, planar and unknown formats, mirror blits,
 *    destination mirroring, source rotation.
 *
 * Rectangles with x1 >= x2 or y1 >= y2 draw nothing, as in the device
 * model (sim/vgc_de.c).
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/minmax.h>

#include "etna_regs.h"
#include "etna_validate_priv.h"

/*
 * The most a pattern in memory can span: 8 x 8 pixels of at most 4 bytes
 * (the largest DE_PATTERN_CONFIG format).
 */
#define ETNA_DE_PATTERN_BYTES	(8 * 8 * 4)

/* Bytes per pixel of a DE format, or 0 for one whose footprint we do not bound. */
static unsigned int etna_de_bpp(unsigned int fmt)
{
	switch (fmt) {
	case ETNA_DE_FMT_X4R4G4B4 ... ETNA_DE_FMT_R5G6B5:
	case ETNA_DE_FMT_YUY2:
	case ETNA_DE_FMT_UYVY:
	case ETNA_DE_FMT_RG16:
		return 2;
	case ETNA_DE_FMT_X8R8G8B8:
	case ETNA_DE_FMT_A8R8G8B8:
		return 4;
	case ETNA_DE_FMT_INDEX8:
	case ETNA_DE_FMT_A8:
	case ETNA_DE_FMT_MONO:	/* a bit a pixel: a byte bounds it */
		return 1;
	default:
		return 0;
	}
}

/* Whether ROP3 code @code reads the pattern (P is bit 2 of its index). */
static bool etna_rop_uses_p(u32 code)
{
	return ((code >> 4) ^ code) & 0x0f;
}

/*
 * A surface's footprint, in bytes from its address: rows 0..@rows - 1 of
 * @stride bytes, pixels 0..@cols - 1 of @bpp bytes. It must fit in
 * @room, the bytes from the address to the end of the buffer. 64-bit
 * arithmetic: nothing here can wrap.
 */
static bool etna_fits(u64 rows, u64 cols, u32 stride, unsigned int bpp,
		      u32 room)
{
	if (!rows || !cols)
		return true;
	return (rows - 1) * stride + cols * bpp <= room;
}

/* The extent one source axis reaches: the last coordinate read. */
struct etna_src_axis {
	u32 origin;	/* SRC_ORIGIN's field */
	u32 factor;	/* stretch factor, 16.16 */
};

/*
 * The last source coordinate a destination span @c1..@c2 - 1 of a
 * rectangle starting at @r1 reads, or -1 if one lies before the origin
 * of the surface.
 */
static s64 etna_src_last(const struct etna_src_axis *a, u32 cmd,
			 bool relative, u32 r1, u32 c1, u32 c2)
{
	if (cmd == ETNA_DE_CMD_STRETCH_BLT)
		return a->origin + (s64)(((u64)(c2 - 1 - r1) * a->factor) >> 16);
	if (relative) {
		if ((s64)c1 + (s16)a->origin < 0)
			return -1;
		return (s64)c2 - 1 + (s16)a->origin;
	}
	return (s64)a->origin + (c2 - 1 - r1);
}

/*
 * The footprint of a DRAW_2D of @n rectangles at @rects on MMUv1: every
 * byte the destination, source and pattern fetches can reach must lie in
 * the buffer each address was relocated to. See the comment at the top
 * for what is refused because it cannot be bounded.
 */
int etna_check_draw_2d(struct etna_walk *w, const u32 *rects, unsigned int n)
{
	const struct etna_fp *fp = w->fp;
	const u32 *v = fp->val;
	u32 dcfg, scfg = 0, cmd, rot, rotcfg, lw = 0, lh = 0, w_phys = 0, h_phys = 0;
	u32 clip[4] = { 0, 0, U16_MAX + 1, U16_MAX + 1 };
	u32 x1, y1, x2, y2, cx1, cy1, cx2, cy2, maxx = 0, maxy = 0;
	struct etna_src_axis ax = {}, ay = {};
	unsigned int bpp, sbpp = 0, i;
	s64 sx, sy, smaxx = -1, smaxy = -1;
	bool rotated, line, need_s, relative = false;

	if (!etna_fp_known(fp, FP_DE_DEST_ADDRESS) ||
	    !etna_fp_known(fp, FP_DE_DEST_CONFIG) ||
	    !etna_fp_known(fp, FP_DE_DEST_STRIDE) ||
	    !etna_fp_known(fp, FP_DE_DEST_ROTATION_CONFIG) ||
	    !etna_fp_known(fp, FP_DE_ROT_ANGLE) ||
	    !etna_fp_known(fp, FP_DE_CONFIG))
		return etna_refuse(w, "2D destination states not set in this stream");
	dcfg = v[FP_DE_DEST_CONFIG];
	cmd = ETNA_DE_DST_CFG_COMMAND(dcfg);
	line = cmd == ETNA_DE_CMD_LINE;
	if (cmd != ETNA_DE_CMD_CLEAR && !line && cmd != ETNA_DE_CMD_BIT_BLT &&
	    cmd != ETNA_DE_CMD_STRETCH_BLT)
		return etna_refuse(w, "2D command whose footprint is not bounded");
	bpp = etna_de_bpp(ETNA_DE_DST_CFG_FORMAT(dcfg));
	if (!bpp || dcfg & (ETNA_DE_DST_CFG_TILED | ETNA_DE_DST_CFG_MINOR_TILED) ||
	    v[FP_DE_CONFIG] & ETNA_DE_CFG_MIRROR_BLT ||
	    v[FP_DE_ROT_ANGLE] & ETNA_DE_ROT_DST_MIRROR)
		return etna_refuse(w, "2D surface layout whose footprint is not bounded");

	/* destination rotation: the rectangles must lie in the surface */
	rot = ETNA_DE_ROT_DST_GET(v[FP_DE_ROT_ANGLE]);
	rotcfg = v[FP_DE_DEST_ROTATION_CONFIG];
	rotated = rot || rotcfg & ETNA_DE_ROT_CFG_ROTATION;
	if (rotated) {
		if (!etna_fp_known(fp, FP_DE_DEST_ROTATION_HEIGHT))
			return etna_refuse(w, "2D destination states not set in this stream");
		w_phys = ETNA_DE_ROT_CFG_WIDTH(rotcfg);
		h_phys = ETNA_DE_HEIGHT(v[FP_DE_DEST_ROTATION_HEIGHT]);
		lw = w_phys;
		lh = h_phys;
		if (!rot || rot == ETNA_DE_ROT_90 || rot == ETNA_DE_ROT_270)
			swap(lw, lh);
	}
	if (etna_fp_known(fp, FP_DE_CLIP_TOP_LEFT) &&
	    etna_fp_known(fp, FP_DE_CLIP_BOTTOM_RIGHT)) {
		clip[0] = ETNA_DE_XY15_X(v[FP_DE_CLIP_TOP_LEFT]);
		clip[1] = ETNA_DE_XY15_Y(v[FP_DE_CLIP_TOP_LEFT]);
		clip[2] = ETNA_DE_XY15_X(v[FP_DE_CLIP_BOTTOM_RIGHT]);
		clip[3] = ETNA_DE_XY15_Y(v[FP_DE_CLIP_BOTTOM_RIGHT]);
	}

	/* the source: blits read it, from memory unless it comes inline */
	need_s = cmd == ETNA_DE_CMD_BIT_BLT || cmd == ETNA_DE_CMD_STRETCH_BLT;
	if (need_s) {
		if (!etna_fp_known(fp, FP_DE_SRC_CONFIG))
			return etna_refuse(w, "2D source states not set in this stream");
		scfg = v[FP_DE_SRC_CONFIG];
		need_s = !(scfg & ETNA_DE_SRC_CFG_STREAM);
	}
	if (need_s) {
		if (!etna_fp_known(fp, FP_DE_SRC_ADDRESS) ||
		    !etna_fp_known(fp, FP_DE_SRC_STRIDE) ||
		    !etna_fp_known(fp, FP_DE_SRC_ORIGIN) ||
		    !etna_fp_known(fp, FP_DE_SRC_ROTATION_CONFIG) ||
		    (cmd == ETNA_DE_CMD_STRETCH_BLT &&
		     (!etna_fp_known(fp, FP_DE_STRETCH_FACTOR_LOW) ||
		      !etna_fp_known(fp, FP_DE_STRETCH_FACTOR_HIGH))))
			return etna_refuse(w, "2D source states not set in this stream");
		/* both format fields (PE 1.0 and 2.0 cores): the larger */
		sbpp = etna_de_bpp(ETNA_DE_SRC_CFG_FORMAT(scfg));
		if (sbpp)
			sbpp = max(sbpp,
				   etna_de_bpp(ETNA_DE_SRC_CFG_PE10_FORMAT(scfg)));
		if (!sbpp || !etna_de_bpp(ETNA_DE_SRC_CFG_PE10_FORMAT(scfg)) ||
		    scfg & ETNA_DE_SRC_CFG_TILED ||
		    v[FP_DE_ROT_ANGLE] & (ETNA_DE_ROT_SRC | ETNA_DE_ROT_SRC_MIRROR) ||
		    v[FP_DE_SRC_ROTATION_CONFIG] & ETNA_DE_ROT_CFG_ROTATION)
			return etna_refuse(w, "2D source layout whose footprint is not bounded");
		relative = cmd == ETNA_DE_CMD_BIT_BLT &&
			   scfg & ETNA_DE_SRC_CFG_RELATIVE;
		ax.origin = v[FP_DE_SRC_ORIGIN] & U16_MAX;
		ay.origin = v[FP_DE_SRC_ORIGIN] >> 16;
		ax.factor = v[FP_DE_STRETCH_FACTOR_LOW];
		ay.factor = v[FP_DE_STRETCH_FACTOR_HIGH];
	}

	for (i = 0; i < n; i++) {
		x1 = rects[2 * i] & U16_MAX;
		y1 = rects[2 * i] >> 16;
		x2 = rects[2 * i + 1] & U16_MAX;
		y2 = rects[2 * i + 1] >> 16;
		if (line) {
			/* the box of its end points, both counted */
			cx1 = max(min(x1, x2), clip[0]);
			cy1 = max(min(y1, y2), clip[1]);
			cx2 = min(max(x1, x2) + 1, clip[2]);
			cy2 = min(max(y1, y2) + 1, clip[3]);
		} else {
			cx1 = max(x1, clip[0]);
			cy1 = max(y1, clip[1]);
			cx2 = min(x2, clip[2]);
			cy2 = min(y2, clip[3]);
		}
		if (cx1 >= cx2 || cy1 >= cy2)
			continue;	/* draws nothing */
		if (rotated && (cx2 > lw || cy2 > lh))
			return etna_refuse(w, "2D rectangle outside the rotated destination");
		maxx = max(maxx, cx2);
		maxy = max(maxy, cy2);
		if (!need_s)
			continue;
		sx = etna_src_last(&ax, cmd, relative, x1, cx1, cx2);
		sy = etna_src_last(&ay, cmd, relative, y1, cy1, cy2);
		if (sx < 0 || sy < 0)
			return etna_refuse(w, "2D source before the start of its buffer");
		smaxx = max(smaxx, sx);
		smaxy = max(smaxy, sy);
	}

	/* rotated or not (a core without rotation), the larger must fit */
	if (!etna_fits(maxy, maxx, v[FP_DE_DEST_STRIDE], bpp,
		       fp->room[FP_DE_DEST_ADDRESS]) ||
	    (rotated && maxx &&
	     !etna_fits(h_phys, w_phys, v[FP_DE_DEST_STRIDE], bpp,
			fp->room[FP_DE_DEST_ADDRESS])))
		return etna_refuse(w, "2D operation past the end of its destination buffer");
	if (need_s && smaxx >= 0 &&
	    !etna_fits(smaxy + 1, smaxx + 1, v[FP_DE_SRC_STRIDE], sbpp,
		       fp->room[FP_DE_SRC_ADDRESS]))
		return etna_refuse(w, "2D operation past the end of its source buffer");

	/* a pattern other than a solid colour may come from memory */
	if (cmd == ETNA_DE_CMD_CLEAR || !maxx)
		return 0;
	if (etna_fp_known(fp, FP_DE_ROP) && !line) {
		u32 rop = v[FP_DE_ROP];

		if (ETNA_DE_ROP_TYPE(rop) == ETNA_DE_ROP2_SOURCE ||
		    (ETNA_DE_ROP_TYPE(rop) != ETNA_DE_ROP2_PATTERN &&
		     !etna_rop_uses_p(ETNA_DE_ROP_FG(rop)) &&
		     (ETNA_DE_ROP_TYPE(rop) != ETNA_DE_ROP4 ||
		      !etna_rop_uses_p(ETNA_DE_ROP_BG(rop)))))
			return 0;
	}
	if (etna_fp_known(fp, FP_DE_PATTERN_CONFIG) &&
	    !(v[FP_DE_PATTERN_CONFIG] & ETNA_DE_PAT_CFG_TYPE))
		return 0;
	if (!etna_fp_known(fp, FP_DE_PATTERN_ADDRESS))
		return etna_refuse(w, "2D pattern address not set in this stream");
	if (fp->room[FP_DE_PATTERN_ADDRESS] < ETNA_DE_PATTERN_BYTES)
		return etna_refuse(w, "2D pattern past the end of its buffer");
	return 0;
}
