// SPDX-License-Identifier: MIT
/*
 * op2d: a 2D operation for the GPU (libetnaviv) and for the CPU (ref2d).
 */
#include <errno.h>
#include <string.h>

#include "etnaviv_op2d.h"

static uint32_t default_rop(const struct op2d *op)
{
	if (op->rop)
		return op->rop;
	return op->kind == OP2D_BLIT || op->kind == OP2D_STRETCH ?
	       ETNAVIV_2D_ROP_COPY : ETNAVIV_2D_ROP_PATTERN;
}

int op2d_emit(struct etnaviv_cmd_stream *s,
	      const struct etnaviv_2d_surface *surf, const struct op2d *op)
{
	const struct etnaviv_2d_surface *dst = &surf[op->dst];
	const struct etnaviv_2d_rect *clip = op->has_clip ? &op->clip : NULL;
	const struct etnaviv_2d_rect *r = &op->rect;

	switch (op->kind) {
	case OP2D_CLEAR:
		return etnaviv_2d_clear(s, dst, r, op->color, clip);
	case OP2D_FILL:
		return etnaviv_2d_fill(s, dst, r, op->color, default_rop(op),
				       clip);
	case OP2D_BLIT:
		return etnaviv_2d_blit(s, dst, r, &surf[op->src],
				       op->src_rect.x1, op->src_rect.y1,
				       default_rop(op), op->color, clip);
	case OP2D_STRETCH:
		return etnaviv_2d_stretch(s, dst, r, &surf[op->src],
					  &op->src_rect, clip);
	case OP2D_LINE:
		return etnaviv_2d_line(s, dst, r->x1, r->y1, r->x2, r->y2,
				       op->color, default_rop(op), clip);
	}
	return -EINVAL;
}

struct ref2d_surface op2d_ref_surface(const struct etnaviv_2d_surface *gpu,
				      void *px)
{
	struct ref2d_surface s = {
		.px = px, .stride = gpu->stride, .width = gpu->width,
		.height = gpu->height, .format = gpu->format,
	};

	return s;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

static int imin(int a, int b)
{
	return a < b ? a : b;
}

void op2d_ref(const struct ref2d_surface *surf, const struct op2d *op)
{
	const struct ref2d_surface *dst = &surf[op->dst];
	struct ref2d_rect r = {
		op->rect.x1, op->rect.y1, op->rect.x2, op->rect.y2,
	};
	uint32_t rop = default_rop(op);
	struct ref2d_op o;

	memset(&o, 0, sizeof(o));
	o.clip.x2 = dst->width;
	o.clip.y2 = dst->height;
	if (op->has_clip) {
		o.clip.x1 = imax(0, op->clip.x1);
		o.clip.y1 = imax(0, op->clip.y1);
		o.clip.x2 = imin(o.clip.x2, op->clip.x2);
		o.clip.y2 = imin(o.clip.y2, op->clip.y2);
	}
	o.rop_type = rop >> 20 & 3;
	o.rop_fg = rop & 0xff;
	o.rop_bg = rop >> 8 & 0xff;
	o.pat_fg = op->color;
	o.pat_bg = op->color;
	o.mono_transparent = -1;
	switch (op->kind) {
	case OP2D_CLEAR:
		o.clear_color = op->color;
		ref2d_clear(dst, &r, &o);
		break;
	case OP2D_FILL:
		/* the library's fill reads the destination as its source */
		o.src = dst;
		o.sx = r.x1;
		o.sy = r.y1;
		ref2d_blit(dst, &r, &o);
		break;
	case OP2D_BLIT:
		o.src = &surf[op->src];
		o.sx = op->src_rect.x1;
		o.sy = op->src_rect.y1;
		ref2d_blit(dst, &r, &o);
		break;
	case OP2D_STRETCH:
		o.src = &surf[op->src];
		o.sx = op->src_rect.x1;
		o.sy = op->src_rect.y1;
		o.fx = etnaviv_2d_stretch_factor(op->src_rect.x2 -
						 op->src_rect.x1,
						 r.x2 - r.x1);
		o.fy = etnaviv_2d_stretch_factor(op->src_rect.y2 -
						 op->src_rect.y1,
						 r.y2 - r.y1);
		ref2d_stretch(dst, &r, &o);
		break;
	case OP2D_LINE:
		ref2d_line(dst, &r, &o);
		break;
	}
}
