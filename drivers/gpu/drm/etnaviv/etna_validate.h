/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Command-stream validation of user streams.
 */

#ifndef __ETNA_VALIDATE_H__
#define __ETNA_VALIDATE_H__

#include <kunit/visibility.h>
#include <linux/types.h>

/**
 * etna_validate_stream() - check a user command stream before a core runs it
 * @stream: the kernel's copy of the stream
 * @words: its length in 32-bit words
 * @reloc_offs: byte offsets in the stream of the words the kernel will patch with
 *	GPU addresses (the submit_offset of each relocation), sorted non-decreasing
 * @nr_relocs: number of entries in @reloc_offs
 * @addr_relocs: every state holding a GPU address must be relocated (MMUv1,
 *	where all clients share one address space)
 * @why: on failure, set to a static string saying what was wrong (may be NULL)
 *
 * Return: 0 if the stream may run, -EINVAL otherwise.
 */
int etna_validate_stream(const u32 *stream, unsigned int words,
			 const u32 *reloc_offs, unsigned int nr_relocs,
			 bool addr_relocs, const char **why);

#endif /* __ETNA_VALIDATE_H__ */
