// SPDX-License-Identifier: GPL-2.0-only
/*
 * Identities of the modelled cores: the table idents[] is generated from
 * hw/cores.db, which holds each value with its public source.
 */
#include "vgc.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "vgc_ident_table.h"

unsigned int vgc_ident_count(void)
{
	return ARRAY_SIZE(idents);
}

const struct vgc_ident *vgc_ident_at(unsigned int i)
{
	return i < vgc_ident_count() ? &idents[i] : NULL;
}

const struct vgc_ident *vgc_ident_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < vgc_ident_count(); i++)
		if (!strcmp(idents[i].name, name))
			return &idents[i];
	return NULL;
}
