/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Command-stream validation of user streams.
 */

#ifndef __ETNA_VALIDATE_H__
#define __ETNA_VALIDATE_H__

#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/types.h>

struct etna_idx_scans;

/*
 * The tile-status states, in register order from TS_MEM_CONFIG on: the
 * states a job may take from its file's previous job on the core
 * (etna_carry.c). The status and surface bases are addresses.
 */
enum etna_tsr {
	ETNA_TSR_MEM_CONFIG,
	ETNA_TSR_COLOR_STATUS,
	ETNA_TSR_COLOR_SURFACE,
	ETNA_TSR_COLOR_CLEAR,
	ETNA_TSR_DEPTH_STATUS,
	ETNA_TSR_DEPTH_SURFACE,
	ETNA_TSR_DEPTH_CLEAR,
	ETNA_TSR_COUNT
};

#define ETNA_TSR_ADDRS	(BIT(ETNA_TSR_COLOR_STATUS) | \
			 BIT(ETNA_TSR_COLOR_SURFACE) | \
			 BIT(ETNA_TSR_DEPTH_STATUS) | \
			 BIT(ETNA_TSR_DEPTH_SURFACE))

/**
 * struct etna_tsr_set - values of the tile-status states
 * @known: the states that have one (bits by enum etna_tsr)
 * @val: their values (an address as the core takes it)
 * @room: address states: the bytes from the address to the end of the
 *	buffer it points into
 * @reloc: address states a stream loaded: the relocation that patched
 *	the address in
 */
struct etna_tsr_set {
	unsigned long known;
	u32 val[ETNA_TSR_COUNT];
	u32 room[ETNA_TSR_COUNT];
	int reloc[ETNA_TSR_COUNT];
};

/**
 * struct etna_tsr_out - what a stream did with the tile-status states
 * @loaded: the states it loaded (bits by enum etna_tsr)
 * @left: their values at its end; @left.known holds those it left whole
 *	and as they are (not in fixed point)
 * @wanted: it was refused for want of one that it did not load
 */
struct etna_tsr_out {
	unsigned long loaded;
	struct etna_tsr_set left;
	bool wanted;
};

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
 *	states a resolve and a draw use
 * @ts_2bit: the core's tile status entries are 2 bits wide (2BITPERTILE),
 *	else 4
 * @single_buffer: the core has SINGLE_BUFFER: its render targets are not
 *	split between the pixel pipes
 * @pe_pipe_addrs: the pixel engine takes PE_PIPE_COLOR_ADDR[] and
 *	PE_PIPE_DEPTH_ADDR[], not PE_COLOR_ADDR and PE_DEPTH_ADDR (HALTI0
 *	cores but the GC880)
 * @streams: the core's vertex streams: above 1, FE_VERTEX_STREAMS_*[]
 *	hold them, else FE_VERTEX_STREAM_*
 * @halti0: the core has HALTI0 (a texture format in TE_SAMPLER_CONFIG1)
 * @new_states: the core takes its samplers or vertex streams from the
 *	NTE or NFE states (HALTI1, HALTI2), which no draw is bounded with
 * @icache: the core has INSTRUCTION_CACHE: with VS_ICACHE_CONTROL's
 *	ENABLE it fetches shader code from memory
 * @scans: where the walk leaves the indexed draws whose indices must be
 *	read to be bounded (etna_validate_indices()); NULL: the caller
 *	cannot read them, and such draws are refused
 * @ts_in: MMUv1: tile-status states the kernel loads before the stream,
 *	which the walk takes as loaded (those in @ts_in->known), or NULL
 * @ts_out: MMUv1: where the walk says what the stream did with the
 *	tile-status states, or NULL
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
	bool single_buffer;
	bool pe_pipe_addrs;
	unsigned int streams;
	bool halti0;
	bool new_states;
	bool icache;
	struct etna_idx_scans **scans;
	const struct etna_tsr_set *ts_in;
	struct etna_tsr_out *ts_out;
};

/**
 * struct etna_idx_reader - how the validator reads a buffer's indices
 * @read: copy @len bytes from @offset bytes past the address that
 *	relocation @reloc patched in (inside its buffer) to @dst; 0 or a
 *	negative errno
 * @priv: the reader's
 */
struct etna_idx_reader {
	int (*read)(void *priv, unsigned int reloc, u32 offset, void *dst,
		    u32 len);
	void *priv;
};

/**
 * etna_validate_stream() - check a user command stream before a core runs it
 * @s: the stream, its relocations and the job's pipe
 * @why: on failure, set to a static string saying what was wrong (may be NULL)
 *
 * Return: 0 if the stream may run, -EINVAL if not, -ENOMEM.
 */
int etna_validate_stream(const struct etna_stream *s, const char **why);

/*
 * The indices of indexed draws (MMUv1). A hostile client may rewrite an
 * index buffer between the submit and the draw, so the validator does not
 * trust the buffer: it takes a copy of the indices the draws read (a
 * snapshot), bounds the vertices from the copy, and the core reads the
 * copy, which lies in the job's command buffer (FE_INDEX_STREAM_BASE_ADDR
 * is patched to it). Only the draws whose vertex streams do not hold the
 * largest index their index type can give need it.
 */
int etna_validate_indices(struct etna_idx_scans *sc,
			  const struct etna_idx_reader *rd, const char **why);
u32 etna_validate_indices_size(const struct etna_idx_scans *sc);
void etna_validate_indices_place(const struct etna_idx_scans *sc, u32 *stream,
				 void *dst, u32 gpu);
void etna_validate_indices_free(struct etna_idx_scans *sc);

/* For the tests: a draw's window from an edge of its scissor. */
u32 etna_edge_px(u32 v, bool fixp, bool half);

#endif /* __ETNA_VALIDATE_H__ */
