/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The core's own hooks for loaded states (vgc_core.c): events and the
 * cache flushes it keeps track of. Internal to the model core.
 */
#ifndef VGC_CORE_H
#define VGC_CORE_H

#include "vgc.h"

/* GL_EVENT: the event's interrupt, and whether a cache was left dirty. */
bool vgc_event_state(struct vgc_core *c, u32 off, u32 *val);
/* GL_FLUSH_CACHE, TS_FLUSH_CACHE, BLT_SET_COMMAND: caches flushed. */
bool vgc_cache_state(struct vgc_core *c, u32 off, u32 *val);

#endif /* VGC_CORE_H */
