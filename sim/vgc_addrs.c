// SPDX-License-Identifier: GPL-2.0-only
/*
 * The states the device model dereferences as GPU addresses: what its
 * engines read through the MMU. The FE's own addresses (COMMAND_ADDRESS,
 * LINK and CALL targets) are register writes and command operands, not
 * loaded states; the MMUv2 SAFE_ADDRESS and the MTLB address in
 * CONFIGURATION are physical and bypass the MMU.
 */
#include "vgc_addrs.h"
#include "vgc_regs.h"

const u32 vgc_addr_states[] = {
	VGC_DE_SRC_ADDRESS,	/* vgc_de.c: the 2D source in memory */
	VGC_DE_DEST_ADDRESS,	/* vgc_de.c: the 2D destination */
	VGC_RS_SOURCE_ADDR,	/* vgc_rs.c: the resolve's source, one pipe */
	VGC_RS_DEST_ADDR,	/* its destination */
	VGC_RS_PIPE_SOURCE_ADDR(0),	/* two pipes: [0], and [1] for */
	VGC_RS_PIPE_SOURCE_ADDR(1),	/* the second half of a MULTI */
	VGC_RS_PIPE_DEST_ADDR(0),	/* surface */
	VGC_RS_PIPE_DEST_ADDR(1),
	VGC_TS_COLOR_STATUS_BASE,	/* the tile status a copy reads */
	VGC_TS_COLOR_SURFACE_BASE,	/* the surface it covers */
	VGC_TS_DEPTH_STATUS_BASE,
	VGC_TS_DEPTH_SURFACE_BASE,
	VGC_BLT_SRC_ADDR,	/* vgc_blt.c: a copy's source */
	VGC_BLT_SRC_TS,		/* its tile status */
	VGC_BLT_DEST_ADDR,	/* the destination of a clear, copy, resolve */
	VGC_BLT_DEST_TS,	/* its tile status */
};

const unsigned int vgc_nr_addr_states = ARRAY_SIZE(vgc_addr_states);

bool vgc_is_addr_state(u32 off)
{
	unsigned int i;

	for (i = 0; i < vgc_nr_addr_states; i++)
		if (vgc_addr_states[i] == off)
			return true;
	return false;
}
