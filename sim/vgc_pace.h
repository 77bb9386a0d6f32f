/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pacing of the model's engines (vgc_pace.c): the core clock, and how
 * long the operation in flight (a 2D, resolve or 3D one) may take of the
 * environment's time before the FE goes on. Internal to the model core;
 * the environment's calls (vgc_set_clock_khz(), vgc_fe_stall_ns(), ...)
 * are in vgc.h.
 */
#ifndef VGC_PACE_H
#define VGC_PACE_H

#include "vgc.h"

/* The engines that work on the operation in flight, or on its time. */
#define VGC_ENG_DE	0x1u
#define VGC_ENG_RS	0x2u
#define VGC_ENG_3D	0x4u
#define VGC_ENG_BLT	0x8u

/* The environment's monotonic time, 0 without a clock. */
static inline u64 vgc_now_ns(struct vgc_core *c)
{
	return c->ops->now_ns ? c->ops->now_ns(c->ctx) : 0;
}

/* An engine has an operation in flight. */
static inline bool vgc_pace_pending(const struct vgc_core *c)
{
	return c->de.busy || c->rs.busy || c->blt.busy || c->p3d.busy;
}

/* A reset: no operation in flight, no time owed. */
void vgc_pace_reset(struct vgc_core *c);
/* The operation in flight goes on at a new rate from now. */
void vgc_pace_rebase(struct vgc_core *c);
/* VGC_ENG_* of the engines busy, or whose time has not run out. */
unsigned int vgc_pace_busy(const struct vgc_core *c);
/*
 * The engine in flight works for at most *@units budget units of the
 * time it has had (decremented); see vgc_pace.c. VGC_RUN_BUSY to go on,
 * VGC_RUN_STALL when it is ahead of its time, VGC_RUN_IDLE when the
 * units are spent.
 */
enum vgc_run vgc_pace_step(struct vgc_core *c, long *units);
/* Count @cycles of work at the current frequency scale. */
void vgc_pace_account(struct vgc_core *c, u64 cycles);

#endif /* VGC_PACE_H */
