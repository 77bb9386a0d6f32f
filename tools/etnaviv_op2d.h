/* SPDX-License-Identifier: MIT */
/*
 * op2d: one description of a 2D operation, run two ways: emitted through
 * libetnaviv for the GPU's 2D engine, or computed on the CPU by the
 * reference implementation (ref2d.h). The demo and the pixel tests
 * describe their pictures with it and compare the two.
 */
#ifndef ETNAVIV_OP2D_H
#define ETNAVIV_OP2D_H

#include <stdbool.h>

#include "etnaviv_2d.h"
#include "ref2d.h"

enum op2d_kind { OP2D_CLEAR, OP2D_FILL, OP2D_BLIT, OP2D_STRETCH, OP2D_LINE };

struct op2d {
	enum op2d_kind kind;
	unsigned int dst, src;		/* indices into the surface arrays */
	/* the destination rectangle; for a line, its end points */
	struct etnaviv_2d_rect rect;
	/* blit: source top-left in x1, y1; stretch: the source rectangle */
	struct etnaviv_2d_rect src_rect;
	uint32_t color;			/* clear, fill, line; blit pattern */
	uint32_t rop;			/* ETNAVIV_2D_ROP*(); 0: the default */
	bool has_clip;
	struct etnaviv_2d_rect clip;
};

/* Emit @op on the GPU surfaces @surf; 0 or -errno from libetnaviv. */
int op2d_emit(struct etnaviv_cmd_stream *s,
	      const struct etnaviv_2d_surface *surf, const struct op2d *op);

/* Compute @op on the CPU surfaces @surf (same indices). */
void op2d_ref(const struct ref2d_surface *surf, const struct op2d *op);

/* A CPU surface for @gpu's geometry over the memory at @px. */
struct ref2d_surface op2d_ref_surface(const struct etnaviv_2d_surface *gpu,
				      void *px);

#endif /* ETNAVIV_OP2D_H */
