/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Command-stream validation of user streams.
 */

#ifndef __ETNA_VALIDATE_H__
#define __ETNA_VALIDATE_H__

#include <kunit/visibility.h>
#include <linux/types.h>

/**
 * struct etna_stream - a user command stream and what the validator needs
 * to know about it
 * @stream: the kernel's copy of the stream, its relocations applied: the
 *	words the core will run
 * @words: its length in 32-bit words
 * @reloc_offs: byte offsets in the stream of the words the kernel patched
 *	with GPU addresses (the submit_offset of each relocation), sorted
 *	non-decreasing
 * @reloc_room: for each relocation, the bytes from the address it patched
 *	in to the end of its buffer object (size - reloc_offset); only read
 *	when @addr_relocs is set
 * @nr_relocs: number of entries in @reloc_offs and @reloc_room
 * @addr_relocs: every state holding a GPU address must be relocated, and
 *	every operation must stay inside the buffers its addresses were
 *	relocated to (MMUv1, where all clients share one address space)
 * @pipe: the pipe the job runs on (ETNA_PIPE_3D or ETNA_PIPE_2D)
 * @pixel_pipes: the core's pixel pipes (0 is taken as 1): which address
 *	states a resolve uses
 * @ts_2bit: the core's tile status entries are 2 bits wide (2BITPERTILE),
 *	else 4
 */
struct etna_stream {
	const u32 *stream;
	unsigned int words;
	const u32 *reloc_offs;
	const u32 *reloc_room;
	unsigned int nr_relocs;
	bool addr_relocs;
	u32 pipe;
	unsigned int pixel_pipes;
	bool ts_2bit;
};

/**
 * etna_validate_stream() - check a user command stream before a core runs it
 * @s: the stream, its relocations and the job's pipe
 * @why: on failure, set to a static string saying what was wrong (may be NULL)
 *
 * Return: 0 if the stream may run, -EINVAL if not, -ENOMEM.
 */
int etna_validate_stream(const struct etna_stream *s, const char **why);

#endif /* __ETNA_VALIDATE_H__ */
