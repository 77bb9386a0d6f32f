/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The states the device model reads as GPU addresses (translated through
 * the MMU of the core when an engine uses them). tests/hw/consistency.c
 * holds the list against the hardware facts (hw/gc.db), the driver's
 * validator and the disassembler's tables.
 */
#ifndef VGC_ADDRS_H
#define VGC_ADDRS_H

#include "vgc_types.h"

extern const u32 vgc_addr_states[];
extern const unsigned int vgc_nr_addr_states;

/* Whether the model reads state @off (byte address) as a GPU address. */
bool vgc_is_addr_state(u32 off);

#endif /* VGC_ADDRS_H */
