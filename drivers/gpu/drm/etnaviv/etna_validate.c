// SPDX-License-Identifier: GPL-2.0-only
/*
 * Command-stream validation.
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
 *    the kernel is about to overwrite with a relocation, i.e. an address
 *    the kernel computed from a buffer object the client owns;
 *  - no relocation lands on a command header: the patch happens after this
 *    check, so it would turn a validated header into an arbitrary command;
 *  - no LOAD_STATE reaches into the register window (byte addresses
 *    0x0100-0x05ff), where the FE accepts the MMUv2 configuration states:
 *    a client loading them could point the MMU at tables of its own.
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
 * Relocations may also point at words that need none (a plain state value,
 * a pad word, rectangle coordinates): that is harmless, the address is then
 * just a number. They must be 4-byte aligned, lie inside the stream and be
 * sorted, which lets one cursor move through them as the walk advances.
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
#include <linux/once.h>

#include "etna_validate.h"

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

/* States are 32 bits wide and indexed by a 16-bit number (byte address / 4). */
#define ETNA_NR_STATES		(ETNA_LS_INDEX + 1)

/* The register window, by state index: no user stream may load into it. */
#define ETNA_WINDOW_FIRST	(0x0100 / 4)
#define ETNA_WINDOW_END		(0x0600 / 4)

/*
 * States that take a GPU address, as runs of consecutive states. The first
 * member is the byte address of the run, as hardware documentation lists
 * states; the second is how many 32-bit states the run holds.
 */
static const struct {
	u32 byte_addr;
	u16 states;
} etna_addr_runs[] = {
	/* FE: index stream, vertex stream(s) */
	{ 0x00644, 1 }, { 0x0064c, 1 }, { 0x00680, 8 },
	/* VS and PS instruction memory bases */
	{ 0x0086c, 1 }, { 0x01028, 1 },
	/* DE (2D engine): source, destination, pattern, U/V planes, ... */
	{ 0x01200, 1 }, { 0x01228, 1 }, { 0x01238, 1 }, { 0x01284, 1 },
	{ 0x0128c, 1 }, { 0x01304, 1 }, { 0x01310, 1 }, { 0x01318, 1 },
	/* PE: depth and colour buffers, per-pixel-pipe copies */
	{ 0x01410, 1 }, { 0x01430, 1 }, { 0x01458, 1 }, { 0x01460, 8 },
	{ 0x01480, 8 }, { 0x01500, 8 }, { 0x01520, 8 }, { 0x01540, 8 },
	/* RS (resolve) and TS (tile status) */
	{ 0x01608, 1 }, { 0x01610, 1 }, { 0x01658, 1 }, { 0x0165c, 1 },
	{ 0x01664, 1 }, { 0x01668, 1 }, { 0x016a4, 1 }, { 0x016c0, 8 },
	{ 0x016e0, 8 }, { 0x01740, 8 }, { 0x017c0, 8 }, { 0x017e0, 8 },
	/* TE: mipmap level addresses of the samplers */
	{ 0x02400, 14 * 16 },
	/* GL: occlusion query */
	{ 0x03824, 1 },
	/* NTE: mipmap level addresses of the samplers, newer layout */
	{ 0x10800, 16 * 32 },
	/* DE multi-source blit: 4- and 8-source register blocks */
	{ 0x12800, 4 }, { 0x128a0, 4 }, { 0x128c0, 4 }, { 0x12970, 4 },
	{ 0x12a00, 8 }, { 0x12b40, 8 }, { 0x12b80, 8 }, { 0x12ce0, 8 },
	/* NFE: 16 vertex streams */
	{ 0x14600, 16 },
	/* PE: render target addresses, per target and pixel pipe */
	{ 0x14800, 8 * 8 },
};

/*
 * One bit per state index, set for the states of etna_addr_runs[]: 8 KiB.
 *
 * Ownership and lifetime: the map belongs to this file, lives as long as
 * the module and is never freed. It starts all zero and is filled exactly
 * once, by the first etna_validate_stream() call, under DO_ONCE() (which
 * serialises the fill with a spinlock and later patches the check out).
 * Nothing writes to it afterwards, so readers need no locking.
 */
static unsigned long etna_addr_map[BITS_TO_LONGS(ETNA_NR_STATES)];

static void etna_fill_addr_map(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(etna_addr_runs); i++)
		bitmap_set(etna_addr_map, etna_addr_runs[i].byte_addr / 4,
			   etna_addr_runs[i].states);
}

static void etna_addr_map_ready(void)
{
	DO_ONCE(etna_fill_addr_map);
}

/* Where a walk through one stream stands. */
struct etna_walk {
	unsigned int words;
	const u32 *reloc_offs;
	unsigned int nr_relocs;
	unsigned int next_reloc;	/* first relocation not yet passed */
	bool addr_relocs;		/* address states need relocations */
	bool distinct;			/* no two relocations patch one word */
	const char *why;
};

static int etna_refuse(struct etna_walk *w, const char *why)
{
	w->why = why;
	return -EINVAL;
}

/*
 * Whether a relocation patches each of the @n words from stream word
 * @word. The relocation cursor moves on past them; the walk asks about
 * words in increasing order only.
 */
static bool etna_words_relocated(struct etna_walk *w, unsigned int word,
				 unsigned int n)
{
	const u32 *offs = w->reloc_offs;
	unsigned int i = w->next_reloc;
	bool ok = true;

	/* distinct and sorted: n of them from @word cover the words or not */
	if (w->distinct) {
		while (i < w->nr_relocs && offs[i] / 4 < word)
			i++;
		ok = n <= w->nr_relocs - i && offs[i] / 4 == word &&
		     offs[i + n - 1] / 4 == word + n - 1;
		w->next_reloc = ok ? i + n - 1 : i;
		return ok;
	}
	for (; n && ok; word++, n--) {
		while (i < w->nr_relocs && offs[i] / 4 < word)
			i++;
		ok = i < w->nr_relocs && offs[i] / 4 == word;
	}
	w->next_reloc = i;
	return ok;
}

static bool etna_word_relocated(struct etna_walk *w, unsigned int word)
{
	return etna_words_relocated(w, word, 1);
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
		if (i && off == w->reloc_offs[i - 1])
			w->distinct = false;
	}

	return 0;
}

/*
 * Check @n states, from state index @first on, whose values sit in the
 * stream from word @word on. @first + @n must not exceed ETNA_NR_STATES.
 * Only the address states among them are visited.
 */
static int etna_check_states(struct etna_walk *w, unsigned int first,
			     unsigned int n, unsigned int word, bool fixp)
{
	unsigned int end = first + n;
	unsigned int state = first, run_end;

	if (first < ETNA_WINDOW_END && end > ETNA_WINDOW_FIRST)
		return etna_refuse(w, "load into the register window");
	if (!w->addr_relocs)
		return 0;
	/* address states come in runs (arrays): look each run up once */
	for_each_set_bitrange_from(state, run_end, etna_addr_map, end) {
		if (fixp)
			return etna_refuse(w, "fixed-point load into an address state");
		if (!etna_words_relocated(w, word + (state - first),
					  run_end - state))
			return etna_refuse(w, "address state loaded without a relocation");
	}

	return 0;
}

static int etna_check_load_state(struct etna_walk *w, u32 hdr,
				 unsigned int pos)
{
	unsigned int count = FIELD_GET(ETNA_LS_COUNT, hdr) ?: 1024;
	unsigned int first = FIELD_GET(ETNA_LS_INDEX, hdr);
	unsigned int below_top = ETNA_NR_STATES - first;
	bool fixp = hdr & ETNA_LS_FIXP;
	int ret;

	if (below_top > count)
		below_top = count;

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

int etna_validate_stream(const u32 *stream, unsigned int words,
			 const u32 *reloc_offs, unsigned int nr_relocs,
			 bool addr_relocs, const char **why)
{
	struct etna_walk w = {
		.words = words,
		.reloc_offs = reloc_offs,
		.nr_relocs = nr_relocs,
		.addr_relocs = addr_relocs,
		.distinct = true,
	};
	unsigned int pos = 0, len, next = 0;
	u32 hdr;
	int ret;

	etna_addr_map_ready();

	ret = etna_check_relocs(&w);

	while (!ret && pos < words) {
		hdr = stream[pos];
		/* commands without a payload: the usual padding, fast */
		if (FIELD_GET(ETNA_CMD_OPCODE, hdr) == ETNA_OP_NOP ||
		    FIELD_GET(ETNA_CMD_OPCODE, hdr) == ETNA_OP_STALL)
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
		/* @next: word of the first relocation not yet passed */
		if (pos >= next) {
			if (etna_word_relocated(&w, pos)) {
				ret = etna_refuse(&w, "relocation patches a command header");
				break;
			}
			next = w.next_reloc < nr_relocs ?
			       reloc_offs[w.next_reloc] / 4 : words;
		}
		if (FIELD_GET(ETNA_CMD_OPCODE, hdr) == ETNA_OP_LOAD_STATE) {
			ret = etna_check_load_state(&w, hdr, pos);
			next = 0;	/* it may have passed relocations */
		}

		pos += len;
	}

	if (ret && why)
		*why = w.why;

	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_stream);
