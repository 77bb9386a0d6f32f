// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Command-stream validation
 *
 * An MMUv1 gives every process the same GPU address space, so the MMU does
 * not keep one client away from another client's memory. On such cores the
 * kernel reads each user stream before it runs and allows it to run only if
 *
 *  - it uses no front-end (FE) command that changes the flow of command
 *    fetching: END, WAIT, LINK, CALL and RETURN belong to the kernel, which
 *    links into the user stream and back out of it. CHIP_SELECT and every
 *    opcode we do not know are refused too;
 *  - no command extends past the end of the stream;
 *  - every value it loads into a state that holds a GPU address is a word
 *    the kernel patched with a relocation, i.e. an address the kernel
 *    computed from a buffer object the client owns;
 *  - every relocation patches the value of such a state, loaded as it is
 *    (not in fixed point), and nothing else: the kernel applies the
 *    relocations before this walk, so the walk sees every word as the
 *    core will run it, and no relocation turns a bounded value (a
 *    rectangle, a stride, a window size, a pipe) or a command into a GPU
 *    address;
 *  - no LOAD_STATE reaches into the register window (byte addresses
 *    0x0100-0x05ff), where the FE accepts the MMUv2 configuration states:
 *    a client loading them could point the MMU at tables of its own;
 *  - it loads none of the states of the kernel's ring protocol: GL_EVENT
 *    (an event signals the fence of the job the kernel gave it to), and
 *    GL_PIPE_SELECT only with the job's own pipe (the kernel switches
 *    pipes and must know which one the core is on). The semaphore and
 *    stall tokens stay allowed: the kernel pairs its own before relying
 *    on them, and Mesa uses them;
 *  - on MMUv1, every DRAW_2D, every resolve and every 3D draw stays
 *    inside the buffers its addresses were relocated to: the footprints
 *    of etna_validate_2d.c, etna_validate_rs.c and etna_validate_3d.c
 *    (its samplers: etna_validate_tx.c; the indices an indexed draw
 *    reads: etna_validate_idx.c), from the states this walk notes as the
 *    stream loads them (etna_validate_state.c: each bounding state's
 *    value and, for an address, the bytes from it to the end of its
 *    buffer). An operation whose footprint these cannot bound (states
 *    not loaded in the stream, modes they do not know) is refused; each
 *    of those files says which.
 *
 * With an MMUv2 each client has its own page tables, so any address it
 * loads can only reach its own buffers: the address rule is dropped there
 * (@addr_relocs false), and the other rules, which keep the kernel's ring
 * and the MMU configuration out of the client's hands, stay.
 *
 * Where the hardware and the upstream driver disagree we follow the
 * hardware: a LOAD_STATE with COUNT 0 loads 1024 states, and a DRAW_2D
 * carries DATA_COUNT words of inline data after its rectangles.
 * Loads that run past the last state index are assumed to wrap to state 0,
 * and the wrapped part is checked as well. A LOAD_STATE with the FIXP flag
 * converts each value from 16.16 fixed point to float, which would mangle a
 * relocated address, so FIXP loads into address states are refused.
 *
 * Relocations must be 4-byte aligned, lie inside the stream and be sorted,
 * which lets one cursor move through them as the walk advances; several
 * relocations of one word are applied in order, the last one counts.
 *
 * An empty stream (0 words) has nothing to run and is accepted. Since every
 * command is at least two words long, a stream with an odd number of words
 * always ends in a truncated command and is refused.
 */

#include <linux/bitfield.h>
#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/minmax.h>
#include <linux/once.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <uapi/drm/etnaviv_drm.h>

#include "etna_regs.h"
#include "etna_validate.h"
#include "etna_validate_priv.h"

/* FE command header: the opcode sits in the top five bits. */
#define ETNA_CMD_OPCODE		GENMASK(31, 27)

#define ETNA_OP_LOAD_STATE	1
#define ETNA_OP_NOP		3
#define ETNA_OP_DRAW_2D		4
#define ETNA_OP_DRAW_PRIMITIVES	5
#define ETNA_OP_DRAW_INDEXED	6
#define ETNA_OP_STALL		9
#define ETNA_OP_DRAW_INSTANCED	12

/* LOAD_STATE header fields. */
#define ETNA_LS_FIXP		BIT(26)
#define ETNA_LS_COUNT		GENMASK(25, 16)
#define ETNA_LS_INDEX		GENMASK(15, 0)

/* DRAW_2D header fields. */
#define ETNA_D2D_DATA_WORDS	GENMASK(26, 16)
#define ETNA_D2D_RECTS		GENMASK(15, 8)

/* Why a relocation outside the value of an address state is refused. */
#define R_NOT_ADDR	"relocation of a word that is not an address state's value"

/* The register window, by state index: no user stream may load into it. */
#define ETNA_WINDOW_FIRST	(0x0100 / 4)
#define ETNA_WINDOW_END		(0x0600 / 4)

/*
 * The first relocation, from the cursor on, of a word at or past @end:
 * those before it patch the words up to @end. The cursor does not move.
 */
static unsigned int etna_relocs_upto(const struct etna_walk *w,
				     unsigned int end)
{
	unsigned int i = w->next_reloc;

	while (i < w->nr_relocs && w->reloc_offs[i] / 4 < end)
		i++;
	return i;
}

static int etna_check_relocs(struct etna_walk *w)
{
	unsigned int i;

	for (i = 0; i < w->nr_relocs; i++) {
		u32 off = w->reloc_offs[i];

		if (off % 4)
			return etna_refuse(w, "relocation offset not 32-bit aligned");
		if (off / 4 >= w->words)
			return etna_refuse(w, "relocation beyond the end of the stream");
		if (i && off < w->reloc_offs[i - 1])
			return etna_refuse(w, "relocations not sorted by offset");
	}

	return 0;
}

/*
 * Note the states @first..@end - 1 load, values from stream word @word on,
 * and check each resolve a load of a kicker among them starts, with the
 * states loaded before it.
 */
static int etna_track_and_kick(struct etna_walk *w, unsigned int first,
			       unsigned int end, unsigned int word, bool fixp)
{
	static const u32 kickers[] = {
		ETNA_RS_KICKER / 4, ETNA_RS_KICKER_INPLACE / 4,
	};
	unsigned int i, k;
	int ret;

	for (i = 0; i < ARRAY_SIZE(kickers); i++) {
		k = kickers[i];
		if (k < first || k >= end)
			continue;
		ret = etna_track_states(w, first, k, word, fixp);
		if (!ret)
			ret = etna_check_rs_kick(w, k * 4,
						 w->stream[word + (k - first)],
						 fixp);
		if (ret)
			return ret;
		word += k + 1 - first;
		first = k + 1;
	}
	return etna_track_states(w, first, end, word, fixp);
}

/*
 * States of the kernel's ring protocol: an EVENT signals the fence of
 * whichever job the kernel gave that event to, and PIPE_SELECT must match
 * the pipe the kernel believes the core is on.
 */
static int etna_check_kernel_states(struct etna_walk *w, unsigned int first,
				    unsigned int end, unsigned int word,
				    bool fixp)
{
	unsigned int pipe = ETNA_GL_PIPE_SELECT / 4;

	if (first <= ETNA_GL_EVENT / 4 && end > ETNA_GL_EVENT / 4)
		return etna_refuse(w, "load of GL_EVENT, which belongs to the kernel");
	if (first <= pipe && end > pipe &&
	    (fixp || w->stream[word + (pipe - first)] != w->pipe))
		return etna_refuse(w, "PIPE_SELECT of a pipe other than the job's");
	return 0;
}

/*
 * The walk's states (MMUv1): allocated at the first load or operation
 * that needs them, so that a stream of padding costs no allocation.
 */
static int etna_walk_fp(struct etna_walk *w)
{
	if (w->fp)
		return 0;
	w->fp = kmalloc(sizeof(*w->fp), GFP_KERNEL);
	if (!w->fp)
		return -ENOMEM;
	bitmap_zero(w->fp->known, FP_NR_SLOTS);
	etna_ts_seed(w);
	return 0;
}

/*
 * Check @n states, from state index @first on, whose values sit in the
 * stream from word @word on. @first + @n must not exceed ETNA_NR_STATES.
 * (MMUv1) note what they give the slots, and check the resolves they
 * start.
 */
static int etna_check_states(struct etna_walk *w, unsigned int first,
			     unsigned int n, unsigned int word, bool fixp)
{
	unsigned int end = first + n;
	int ret;

	if (first < ETNA_WINDOW_END && end > ETNA_WINDOW_FIRST)
		return etna_refuse(w, "load into the register window");
	ret = etna_check_kernel_states(w, first, end, word, fixp);
	if (!ret && w->addr_relocs)
		ret = etna_walk_fp(w);
	if (ret || !w->addr_relocs)
		return ret;
	return etna_track_and_kick(w, first, end, word, fixp);
}

/*
 * The relocations of the LOAD_STATE at stream word @pos (@count states
 * from @first, @len words): each must patch the value of an address
 * state, loaded as it is (not fixed point), so that the address it
 * patches in is what the state will hold. Return: the number of words
 * they patch (several relocations of one word patch it once), or a
 * refusal.
 */
static int etna_load_relocs(struct etna_walk *w, unsigned int pos,
			    unsigned int count, unsigned int first, bool fixp,
			    unsigned int len)
{
	unsigned int i = w->next_reloc, end = etna_relocs_upto(w, pos + len);
	unsigned int n = 0, word, prev = 0;

	w->load_reloc = i;
	for (; i < end; i++) {
		word = w->reloc_offs[i] / 4;
		if (word == pos || word > pos + count ||
		    !etna_is_addr_state((first + word - pos - 1) %
					ETNA_NR_STATES))
			return etna_refuse(w, R_NOT_ADDR);
		if (fixp)
			return etna_refuse(w, "fixed-point load into an address state");
		n += word != prev;
		prev = word;
	}
	w->next_reloc = end;
	return n;
}

static int etna_check_load_state(struct etna_walk *w, u32 hdr,
				 unsigned int pos, unsigned int len)
{
	unsigned int count = FIELD_GET(ETNA_LS_COUNT, hdr) ?: 1024;
	unsigned int first = FIELD_GET(ETNA_LS_INDEX, hdr);
	unsigned int below_top = ETNA_NR_STATES - first;
	bool fixp = hdr & ETNA_LS_FIXP;
	unsigned int addrs;
	int ret;

	if (below_top > count)
		below_top = count;

	ret = etna_load_relocs(w, pos, count, first, fixp, len);
	if (ret < 0)
		return ret;
	/* MMUv1: every address state relocated, and only those */
	if (w->addr_relocs) {
		addrs = etna_addr_states_in(first, first + below_top) +
			etna_addr_states_in(0, count - below_top);
		if (addrs && fixp)
			return etna_refuse(w, "fixed-point load into an address state");
		if (addrs != ret)
			return etna_refuse(w, "address state loaded without a relocation");
	}

	ret = etna_check_states(w, first, below_top, pos + 1, fixp);
	if (ret || below_top == count)
		return ret;

	/* The rest of the load wraps around to state 0. */
	return etna_check_states(w, 0, count - below_top,
				 pos + 1 + below_top, fixp);
}

/* Length in words of the command with header @hdr, or 0 if it is refused. */
static unsigned int etna_cmd_words(struct etna_walk *w, u32 hdr)
{
	unsigned int n;

	switch (FIELD_GET(ETNA_CMD_OPCODE, hdr)) {
	case ETNA_OP_LOAD_STATE:
		n = FIELD_GET(ETNA_LS_COUNT, hdr) ?: 1024;
		return ALIGN(1 + n, 2);
	case ETNA_OP_DRAW_2D:
		n = FIELD_GET(ETNA_D2D_RECTS, hdr) ?: 256;
		return 2 + 2 * n + ALIGN(FIELD_GET(ETNA_D2D_DATA_WORDS, hdr), 2);
	case ETNA_OP_NOP:
	case ETNA_OP_STALL:
		return 2;
	case ETNA_OP_DRAW_PRIMITIVES:
	case ETNA_OP_DRAW_INSTANCED:
		return 4;
	case ETNA_OP_DRAW_INDEXED:
		return 6;
	default:
		etna_refuse(w, "command not permitted in a user stream");
		return 0;
	}
}

int etna_validate_stream(const struct etna_stream *s, const char **why)
{
	struct etna_walk w = {
		.stream = s->stream,
		.words = s->words,
		.reloc_offs = s->reloc_offs,
		.reloc_room = s->reloc_room,
		.nr_relocs = s->nr_relocs,
		.addr_relocs = s->addr_relocs,
		.pipe = s->pipe == ETNA_PIPE_2D ? ETNA_PIPE_ID_2D :
						  ETNA_PIPE_ID_3D,
		.pixel_pipes = s->pixel_pipes ?: 1,
		.ts_bits = s->ts_2bit ? 2 : 4,
		.s = s,
		.dirty = ~0u,
		.idx_reloc = -1,
	};
	const u32 *stream = s->stream;
	unsigned int words = s->words;
	unsigned int pos = 0, len, next, op;
	u32 hdr;
	int ret;

	etna_maps_ready();
	if (s->ts_out)
		memset(s->ts_out, 0, sizeof(*s->ts_out));

	ret = etna_check_relocs(&w);

	while (!ret && pos < words) {
		/* a relocated header is an address: whatever it decodes to */
		if (w.next_reloc < w.nr_relocs &&
		    w.reloc_offs[w.next_reloc] / 4 == pos) {
			ret = etna_refuse(&w, R_NOT_ADDR);
			break;
		}
		hdr = stream[pos];
		op = FIELD_GET(ETNA_CMD_OPCODE, hdr);
		/* commands without a payload: the usual padding, fast */
		if (op == ETNA_OP_NOP || op == ETNA_OP_STALL)
			len = 2;
		else
			len = etna_cmd_words(&w, hdr);
		if (!len) {
			ret = -EINVAL;
			break;
		}
		if (len > words - pos) {
			ret = etna_refuse(&w, "command runs past the end of the stream");
			break;
		}
		if (op == ETNA_OP_LOAD_STATE) {
			ret = etna_check_load_state(&w, hdr, pos, len);
		} else if (etna_relocs_upto(&w, pos + len) != w.next_reloc) {
			/* only a LOAD_STATE loads a state: no address here */
			ret = etna_refuse(&w, R_NOT_ADDR);
		} else if (!w.addr_relocs) {
			/* MMUv2: the client's own space bounds its draws */
		} else if (op == ETNA_OP_DRAW_2D) {
			ret = etna_walk_fp(&w) ?:
			      etna_check_draw_2d(&w, stream + pos + 2,
						 FIELD_GET(ETNA_D2D_RECTS, hdr) ?: 256);
		} else if (op == ETNA_OP_DRAW_PRIMITIVES ||
			   op == ETNA_OP_DRAW_INDEXED ||
			   op == ETNA_OP_DRAW_INSTANCED) {
			ret = etna_walk_fp(&w) ?:
			      etna_check_draw_3d(&w, stream + pos);
		}

		pos += len;
		/*
		 * Then a run of padding (a 64 KiB stream of NOPs is 8192 of
		 * them) up to the word of the next relocation, which no
		 * padding may hold: nothing in it to check but its end.
		 */
		next = w.next_reloc < w.nr_relocs ?
		       w.reloc_offs[w.next_reloc] / 4 : words;
		while (!ret && pos + 2 <= next &&
		       (FIELD_GET(ETNA_CMD_OPCODE, stream[pos]) == ETNA_OP_NOP ||
			FIELD_GET(ETNA_CMD_OPCODE, stream[pos]) == ETNA_OP_STALL))
			pos += 2;
	}

	if (!ret && w.addr_relocs)
		ret = etna_check_stream_end_3d(&w);
	if (!ret)
		etna_ts_left(&w);
	kfree(w.fp);
	if (ret) {
		etna_validate_indices_free(w.scans);
		w.scans = NULL;
	}
	if (s->scans)
		*s->scans = w.scans;
	if (ret && why)
		*why = w.why;

	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_stream);

