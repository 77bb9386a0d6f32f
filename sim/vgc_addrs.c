// SPDX-License-Identifier: GPL-2.0-only
/*
 * The states the device model dereferences as GPU addresses: what its
 * engines read through the MMU. The FE's own addresses (COMMAND_ADDRESS,
 * LINK and CALL targets) are register writes and command operands, not
 * loaded states; the MMUv2 SAFE_ADDRESS and the MTLB address in
 * CONFIGURATION are physical and bypass the MMU.
 */
#include "vgc_addrs.h"

const u32 vgc_addr_states[] = {
	VGC_DE_SRC_ADDRESS,	/* vgc_de.c: the 2D source in memory */
	VGC_DE_DEST_ADDRESS,	/* vgc_de.c: the 2D destination */
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
