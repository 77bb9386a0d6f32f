/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The front end (vgc_fe.c): the command processor that fetches and
 * decodes the command stream and hands each loaded state to the unit it
 * concerns. Internal to the model core; vgc_fe_run() and the FE's
 * queries are in vgc.h.
 */
#ifndef VGC_FE_H
#define VGC_FE_H

#include "vgc.h"

/*
 * A unit's hook for the states it acts on: called with each value the FE
 * loads at @off (a byte address) in its range, before it is stored; it
 * may change *@val. Returns whether the FE stores *@val at @off.
 */
typedef bool vgc_state_hook(struct vgc_core *c, u32 off, u32 *val);

/* A reset: the FE idle at address 0, its FIFO empty. */
void vgc_fe_reset(struct vgc_core *c);

/*
 * The FE's registers on the AHB: vgc_fe_read() and vgc_fe_write()
 * answer for them (true) or leave @off to the caller.
 */
bool vgc_fe_read(struct vgc_core *c, u32 off, u32 *val);
bool vgc_fe_write(struct vgc_core *c, u32 off, u32 val);

/* Whatever may change what memory the FE sees: it fetches again. */
static inline void vgc_fe_fifo_flush(struct vgc_core *c)
{
	c->fifo_words = 0;
}

#endif /* VGC_FE_H */
