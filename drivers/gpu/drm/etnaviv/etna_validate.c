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
 *    the kernel is about to overwrite with a relocation, i.e. an address
 *    the kernel computed from a buffer object the client owns;
 *  - no relocation lands on a command header: the patch happens after this
 *    check, so it would turn a validated header into an arbitrary command;
 *  - no LOAD_STATE reaches into the register window (byte addresses
 *    0x0100-0x05ff), where the FE accepts the MMUv2 configuration states:
 *    a client loading them could point the MMU at tables of its own;
 *  - it loads none of the states of the kernel's ring protocol: GL_EVENT
 *    (an event signals the fence of the job the kernel gave it to), and
 *    GL_PIPE_SELECT only with the job's own pipe (the kernel switches
 *    pipes and must know which one the core is on). The semaphore and
 *    stall tokens stay allowed: the kernel pairs its own before relying
 *    on them, and Mesa uses them;
 *  - on MMUv1, every DRAW_2D and every resolve stays inside the buffers
 *    its addresses were relocated to (the footprints, below).
 *
 * The footprint of a DRAW_2D (MMUv1). The walk keeps the value each
 * bounding DE state last got in this stream and, for address states, the
 * bytes from the relocated address to the end of its buffer. States the
 * stream did not load hold what the previous job left (maybe another
 * client's) and bound nothing, so the destination, its configuration,
 * stride, rotation and DE_CONFIG, and for blits the source's, must be set
 * in the stream. Then, with 64-bit arithmetic:
 *
 *  - destination: each rectangle (a line: the box of its end points) cut
 *    by the clip, if the stream set one; rows times DEST_STRIDE plus
 *    columns times the format's bytes per pixel must fit. Rotated, the
 *    rectangles must lie in the logical surface, and the physical one
 *    (DEST_ROTATION_CONFIG width x DEST_ROTATION_HEIGHT) must fit too;
 *  - source of BIT_BLT and STRETCH_BLT (unless it comes in the stream):
 *    origin plus the offset in the rectangle (relative origin: signed,
 *    and never before the buffer), or times the stretch factor; the larger
 *    of the two format fields (PE 1.0 and 2.0 cores);
 *  - pattern: read from memory unless solid; 8 x 8 pixels of at most 4
 *    bytes from DE_PATTERN_ADDRESS when the ROP uses it;
 *  - refused as not bounded: other commands (filter and multi-source
 *    blits), tiled surfaces, planar and unknown formats, mirror blits,
 *    destination mirroring, source rotation.
 *
 * Rectangles with x1 >= x2 or y1 >= y2 draw nothing, as in the device
 * model (sim/vgc_de.c).
 *
 * The footprint of a resolve (MMUv1), at each load of RS_KICKER (whatever
 * its value) or RS_KICKER_INPLACE, from the states loaded before it in
 * this stream (a LOAD_STATE that runs over a kicker kicks with the states
 * below it only). The device model's resolve engine is the description
 * (sim/vgc_rs.c, sim/doc/rs-ts.md):
 *
 *  - each pixel pipe runs the RS_WINDOW_SIZE window at its RS_PIPE_OFFSET
 *    (one-pipe cores: at 0), so the image pixels below the largest
 *    offset plus the window are reached, on the destination halved by
 *    DOWNSAMPLE_X/Y. RS_SINGLE_BUFFER is ignored: both pipes may run;
 *  - a side's bytes from its address follow its layout (linear, tiled,
 *    supertiled, multi-tiled, multi-supertiled: RS_CONFIG's TILED bit
 *    and the stride's TILING and MULTI), the RS_FORMAT's bytes per pixel
 *    and the stride, tiled layouts in whole tiles and supertiles. A
 *    one-pipe core uses RS_SOURCE_ADDR and RS_DEST_ADDR; a two-pipe core
 *    RS_PIPE_*_ADDR[0], and [1] for the second half of a MULTI surface;
 *  - a fill (CLEAR_CONTROL ENABLED1) writes the destination only; a copy
 *    also reads the source and, with a FAST_CLEAR bit in TS_MEM_CONFIG,
 *    the status entry (2 bits with 2BITPERTILE, else 4) of each 64-byte
 *    block of the source at or above TS_*_SURFACE_BASE, from
 *    TS_*_STATUS_BASE on: the real addresses are compared, so the
 *    validator gets each relocation's address;
 *  - an in-place resolve of N tiles reads N entries and writes N 64-byte
 *    blocks of TS_*_SURFACE_BASE for each FAST_CLEAR bit set;
 *  - refused as not bounded: a state the stream did not load, the
 *    ENABLED4 fill modes, RS_EXTRA_CONFIG AA or TS_MODE, strides of the
 *    newer cores (SUPER_TILED_NEW, TS_MODE), unknown formats, MULTI on a
 *    core without two pipes, cores with more than two.
 *
 * The 3D engine is not bounded yet (Documentation/gpu/etnaviv.rst,
 * "What MMUv1 does not bound").
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
#include <linux/minmax.h>
#include <linux/once.h>
#include <uapi/drm/etnaviv_drm.h>

#include "etna_regs.h"
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

/*
 * The most a pattern in memory can span: 8 x 8 pixels of at most 4 bytes
 * (the largest DE_PATTERN_CONFIG format).
 */
#define ETNA_DE_PATTERN_BYTES	(8 * 8 * 4)

/* States are 32 bits wide and indexed by a 16-bit number (byte address / 4). */
#define ETNA_NR_STATES		(ETNA_LS_INDEX + 1)

/* The register window, by state index: no user stream may load into it. */
#define ETNA_WINDOW_FIRST	(0x0100 / 4)
#define ETNA_WINDOW_END		(0x0600 / 4)

/*
 * States that take a GPU address, as runs of consecutive states:
 * etna_addr_runs[], generated by hw/gen.py from hw/gc.db, the hardware
 * facts with their public sources.
 */
#include "etna_addr_states.h"

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

/*
 * The states whose values bound what a 2D operation reads and writes, as
 * slots of struct etna_fp.
 */
enum etna_slot {
	FP_DE_SRC_ADDRESS,
	FP_DE_SRC_STRIDE,
	FP_DE_SRC_ROTATION_CONFIG,
	FP_DE_SRC_CONFIG,
	FP_DE_SRC_ORIGIN,
	FP_DE_STRETCH_FACTOR_LOW,
	FP_DE_STRETCH_FACTOR_HIGH,
	FP_DE_DEST_ADDRESS,
	FP_DE_DEST_STRIDE,
	FP_DE_DEST_ROTATION_CONFIG,
	FP_DE_DEST_CONFIG,
	FP_DE_PATTERN_ADDRESS,
	FP_DE_PATTERN_CONFIG,
	FP_DE_ROP,
	FP_DE_CLIP_TOP_LEFT,
	FP_DE_CLIP_BOTTOM_RIGHT,
	FP_DE_CONFIG,
	FP_DE_DEST_ROTATION_HEIGHT,
	FP_DE_ROT_ANGLE,
	FP_RS_CONFIG,
	FP_RS_SOURCE_ADDR,
	FP_RS_SOURCE_STRIDE,
	FP_RS_DEST_ADDR,
	FP_RS_DEST_STRIDE,
	FP_RS_WINDOW_SIZE,
	FP_RS_CLEAR_CONTROL,
	FP_TS_MEM_CONFIG,
	FP_TS_COLOR_STATUS_BASE,
	FP_TS_COLOR_SURFACE_BASE,
	FP_TS_DEPTH_STATUS_BASE,
	FP_TS_DEPTH_SURFACE_BASE,
	FP_RS_EXTRA_CONFIG,
	FP_RS_PIPE_SOURCE_ADDR0,
	FP_RS_PIPE_SOURCE_ADDR1,
	FP_RS_PIPE_DEST_ADDR0,
	FP_RS_PIPE_DEST_ADDR1,
	FP_RS_PIPE_OFFSET0,
	FP_RS_PIPE_OFFSET1,
	FP_NR_SLOTS
};

/* The state (byte address) of each slot. */
static const u32 etna_slot_state[FP_NR_SLOTS] = {
	[FP_DE_SRC_ADDRESS] = ETNA_DE_SRC_ADDRESS,
	[FP_DE_SRC_STRIDE] = ETNA_DE_SRC_STRIDE,
	[FP_DE_SRC_ROTATION_CONFIG] = ETNA_DE_SRC_ROTATION_CONFIG,
	[FP_DE_SRC_CONFIG] = ETNA_DE_SRC_CONFIG,
	[FP_DE_SRC_ORIGIN] = ETNA_DE_SRC_ORIGIN,
	[FP_DE_STRETCH_FACTOR_LOW] = ETNA_DE_STRETCH_FACTOR_LOW,
	[FP_DE_STRETCH_FACTOR_HIGH] = ETNA_DE_STRETCH_FACTOR_HIGH,
	[FP_DE_DEST_ADDRESS] = ETNA_DE_DEST_ADDRESS,
	[FP_DE_DEST_STRIDE] = ETNA_DE_DEST_STRIDE,
	[FP_DE_DEST_ROTATION_CONFIG] = ETNA_DE_DEST_ROTATION_CONFIG,
	[FP_DE_DEST_CONFIG] = ETNA_DE_DEST_CONFIG,
	[FP_DE_PATTERN_ADDRESS] = ETNA_DE_PATTERN_ADDRESS,
	[FP_DE_PATTERN_CONFIG] = ETNA_DE_PATTERN_CONFIG,
	[FP_DE_ROP] = ETNA_DE_ROP,
	[FP_DE_CLIP_TOP_LEFT] = ETNA_DE_CLIP_TOP_LEFT,
	[FP_DE_CLIP_BOTTOM_RIGHT] = ETNA_DE_CLIP_BOTTOM_RIGHT,
	[FP_DE_CONFIG] = ETNA_DE_CONFIG,
	[FP_DE_DEST_ROTATION_HEIGHT] = ETNA_DE_DEST_ROTATION_HEIGHT,
	[FP_DE_ROT_ANGLE] = ETNA_DE_ROT_ANGLE,
	[FP_RS_CONFIG] = ETNA_RS_CONFIG,
	[FP_RS_SOURCE_ADDR] = ETNA_RS_SOURCE_ADDR,
	[FP_RS_SOURCE_STRIDE] = ETNA_RS_SOURCE_STRIDE,
	[FP_RS_DEST_ADDR] = ETNA_RS_DEST_ADDR,
	[FP_RS_DEST_STRIDE] = ETNA_RS_DEST_STRIDE,
	[FP_RS_WINDOW_SIZE] = ETNA_RS_WINDOW_SIZE,
	[FP_RS_CLEAR_CONTROL] = ETNA_RS_CLEAR_CONTROL,
	[FP_TS_MEM_CONFIG] = ETNA_TS_MEM_CONFIG,
	[FP_TS_COLOR_STATUS_BASE] = ETNA_TS_COLOR_STATUS_BASE,
	[FP_TS_COLOR_SURFACE_BASE] = ETNA_TS_COLOR_SURFACE_BASE,
	[FP_TS_DEPTH_STATUS_BASE] = ETNA_TS_DEPTH_STATUS_BASE,
	[FP_TS_DEPTH_SURFACE_BASE] = ETNA_TS_DEPTH_SURFACE_BASE,
	[FP_RS_EXTRA_CONFIG] = ETNA_RS_EXTRA_CONFIG,
	[FP_RS_PIPE_SOURCE_ADDR0] = ETNA_RS_PIPE_SOURCE_ADDR(0),
	[FP_RS_PIPE_SOURCE_ADDR1] = ETNA_RS_PIPE_SOURCE_ADDR(1),
	[FP_RS_PIPE_DEST_ADDR0] = ETNA_RS_PIPE_DEST_ADDR(0),
	[FP_RS_PIPE_DEST_ADDR1] = ETNA_RS_PIPE_DEST_ADDR(1),
	[FP_RS_PIPE_OFFSET0] = ETNA_RS_PIPE_OFFSET(0),
	[FP_RS_PIPE_OFFSET1] = ETNA_RS_PIPE_OFFSET(1),
};

/*
 * The first and last state index of the slots, so that a load can skip
 * the look-up when it does not reach them.
 */
#define FP_FIRST_STATE		(ETNA_DE_SRC_ADDRESS / 4)
#define FP_LAST_STATE		(ETNA_RS_PIPE_OFFSET(1) / 4)

/**
 * struct etna_fp - the bounding states as this stream left them
 * @val: each slot's value
 * @room: address slots: bytes from the address to the end of the buffer
 *	the relocation points into
 * @addr: address slots: the address the relocation patches in
 * @known: the slots this stream loaded; the others hold whatever the
 *	previous job (maybe another client's) left, so they bound nothing
 */
struct etna_fp {
	u32 val[FP_NR_SLOTS];
	u32 room[FP_NR_SLOTS];
	u32 addr[FP_NR_SLOTS];
	DECLARE_BITMAP(known, FP_NR_SLOTS);
};

/* Where a walk through one stream stands. */
struct etna_walk {
	const u32 *stream;
	unsigned int words;
	const u32 *reloc_offs;
	const u32 *reloc_room;
	const u32 *reloc_addr;
	unsigned int nr_relocs;
	unsigned int next_reloc;	/* first relocation not yet passed */
	bool addr_relocs;		/* address states need relocations */
	bool distinct;			/* no two relocations patch one word */
	u32 pipe;			/* the job's pipe, as PIPE_SELECT has it */
	unsigned int pixel_pipes;	/* the core's, at least 1 */
	unsigned int ts_bits;		/* bits of a tile status entry */
	const char *why;
	struct etna_fp fp;
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
 * The relocation that patches stream word @word: the last one of that
 * word counts, as the kernel patches them in order. -1 if none does.
 */
static int etna_reloc_at(const struct etna_walk *w, unsigned int word)
{
	unsigned int lo = 0, hi = w->nr_relocs, mid;

	/* @lo ends on the first relocation past @word */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (w->reloc_offs[mid] / 4 <= word)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && w->reloc_offs[lo - 1] / 4 == word)
		return lo - 1;
	return -1;
}

/*
 * DE_ROT_ANGLE is written under masks: a field whose mask bit is set in
 * the value keeps its old value. Merged with what this stream loaded
 * before, or unknown if it loaded none.
 */
static void etna_track_rot_angle(struct etna_fp *fp, u32 v)
{
	u32 keep = 0;

	if (v & ETNA_DE_ROT_SRC_MASK)
		keep |= ETNA_DE_ROT_SRC;
	if (v & ETNA_DE_ROT_DST_MASK)
		keep |= ETNA_DE_ROT_DST;
	if (v & ETNA_DE_ROT_SRC_MIRROR_MASK)
		keep |= ETNA_DE_ROT_SRC_MIRROR;
	if (v & ETNA_DE_ROT_DST_MIRROR_MASK)
		keep |= ETNA_DE_ROT_DST_MIRROR;
	if (keep && !test_bit(FP_DE_ROT_ANGLE, fp->known))
		return;
	fp->val[FP_DE_ROT_ANGLE] = (fp->val[FP_DE_ROT_ANGLE] & keep) |
				   (v & ~keep);
	__set_bit(FP_DE_ROT_ANGLE, fp->known);
}

/* Note the values the load of states @first..@end - 1 gives the slots. */
static void etna_track_states(struct etna_walk *w, unsigned int first,
			      unsigned int end, unsigned int word, bool fixp)
{
	struct etna_fp *fp = &w->fp;
	unsigned int i, state, at;
	int r;

	if (end <= FP_FIRST_STATE || first > FP_LAST_STATE)
		return;
	for (i = 0; i < FP_NR_SLOTS; i++) {
		state = etna_slot_state[i] / 4;
		if (state < first || state >= end)
			continue;
		at = word + (state - first);
		/* a fixed-point load turns the value into a float */
		if (fixp) {
			__clear_bit(i, fp->known);
			continue;
		}
		if (i == FP_DE_ROT_ANGLE) {
			etna_track_rot_angle(fp, w->stream[at]);
			continue;
		}
		fp->val[i] = w->stream[at];
		if (test_bit(state, etna_addr_map)) {
			/* the address check made sure there is one */
			r = etna_reloc_at(w, at);
			fp->room[i] = r < 0 ? 0 : w->reloc_room[r];
			fp->addr[i] = r < 0 || !w->reloc_addr ? 0 :
				      w->reloc_addr[r];
		}
		__set_bit(i, fp->known);
	}
}

static bool etna_fp_known(const struct etna_fp *fp, enum etna_slot slot)
{
	return test_bit(slot, fp->known);
}

/* Bytes per pixel of an RS format, or 0 for one whose size is not known. */
static unsigned int etna_rs_bpp(unsigned int fmt)
{
	switch (fmt) {
	case ETNA_RS_FMT_X4R4G4B4 ... ETNA_RS_FMT_R5G6B5:
	case ETNA_RS_FMT_YUY2:
	case ETNA_RS_FMT_D16:
		return 2;
	case ETNA_RS_FMT_X8R8G8B8:
	case ETNA_RS_FMT_A8R8G8B8:
	case ETNA_RS_FMT_A2R10G10B10:
	case ETNA_RS_FMT_D32:
		return 4;
	case ETNA_RS_FMT_64BPP_CLEAR:
		return 8;
	default:
		return 0;
	}
}

/*
 * The bytes from a surface's address (each half's, for a MULTI layout)
 * that the image pixels [0, @x1) x [0, @y1) reach, @x1 and @y1 not 0.
 * @stride is the RS stride state: a pixel row's pitch when linear, else
 * a row of 4x4 tiles' (sim/doc/rs-ts.md, section 4). Tiled layouts are
 * counted in whole tiles and supertiles.
 */
static u64 etna_rs_extent(u32 stride, bool tiled, unsigned int bpp,
			  u64 x1, u64 y1)
{
	u64 s = ETNA_RS_STRIDE(stride), tile = 16 * bpp;
	u64 tx = (x1 - 1) / 4, ty = (y1 - 1) / 4;
	bool super = stride & ETNA_RS_STRIDE_TILING;
	bool multi = stride & ETNA_RS_STRIDE_MULTI;

	if (!tiled)
		return (y1 - 1) * s + x1 * bpp;
	if (!super && !multi)
		return ty * s + (tx + 1) * tile;
	/* multi-tiled: every other row of tiles, each pair of columns */
	if (!super)
		return ty / 2 * s + ((tx | 1) + 1) * tile;
	/* supertiled: 64x64 blocks of 256 tiles, a row of them is 16 s */
	if (!multi)
		return ty / 16 * 16 * s + (tx / 16 + 1) * 256 * tile;
	/* multi-supertiled: a supertile of each half per 64x128 block */
	return ty / 32 * 16 * s + (tx / 16 + 1) * 256 * tile;
}

/* One side of a resolve: the address slot of each half and their extent. */
struct etna_rs_side {
	enum etna_slot addr[2];
	unsigned int halves;
	u64 bytes;
};

/*
 * The source (@src) or destination of a resolve over the image pixels
 * [0, @x1) x [0, @y1): every half it uses must hold the bytes the layout
 * reaches. A one-pipe core uses RS_SOURCE_ADDR/RS_DEST_ADDR, a two-pipe
 * core RS_PIPE_*_ADDR[0], and [1] too for the second half of a MULTI
 * surface (sim/doc/rs-ts.md, section 5).
 */
static int etna_check_rs_side(struct etna_walk *w, bool src, u64 x1, u64 y1,
			      struct etna_rs_side *side)
{
	const struct etna_fp *fp = &w->fp;
	enum etna_slot st = src ? FP_RS_SOURCE_STRIDE : FP_RS_DEST_STRIDE;
	u32 cfg = fp->val[FP_RS_CONFIG], stride = fp->val[st];
	bool tiled = cfg & (src ? ETNA_RS_CFG_SRC_TILED : ETNA_RS_CFG_DST_TILED);
	unsigned int bpp, h;

	if (!etna_fp_known(fp, st))
		return etna_refuse(w, "RS states not set in this stream");
	bpp = etna_rs_bpp(src ? ETNA_RS_CFG_SRC_FORMAT(cfg) :
				ETNA_RS_CFG_DST_FORMAT(cfg));
	if (!bpp || stride & (ETNA_RS_STRIDE_SUPER_TILED_NEW |
			      ETNA_RS_STRIDE_TS_MODE))
		return etna_refuse(w, "RS layout whose footprint is not bounded");
	side->halves = 1;
	if (w->pixel_pipes == 1) {
		side->addr[0] = src ? FP_RS_SOURCE_ADDR : FP_RS_DEST_ADDR;
	} else {
		side->addr[0] = src ? FP_RS_PIPE_SOURCE_ADDR0 :
				      FP_RS_PIPE_DEST_ADDR0;
		side->addr[1] = src ? FP_RS_PIPE_SOURCE_ADDR1 :
				      FP_RS_PIPE_DEST_ADDR1;
		if (tiled && stride & ETNA_RS_STRIDE_MULTI)
			side->halves = 2;
	}
	if (w->pixel_pipes != 2 && tiled && stride & ETNA_RS_STRIDE_MULTI)
		return etna_refuse(w, "RS layout whose footprint is not bounded");
	side->bytes = etna_rs_extent(stride, tiled, bpp, x1, y1);
	for (h = 0; h < side->halves; h++) {
		if (!etna_fp_known(fp, side->addr[h]))
			return etna_refuse(w, "RS states not set in this stream");
		if (side->bytes > fp->room[side->addr[h]])
			return etna_refuse(w, src ?
				"RS operation past the end of its source buffer" :
				"RS operation past the end of its destination buffer");
	}
	return 0;
}

/*
 * Whether the tile status entries @first..@last (2 or 4 bits each) lie in
 * the status buffer at slot @status. The entries are packed from the
 * buffer's address on.
 */
static bool etna_ts_fits(const struct etna_walk *w, enum etna_slot status,
			 u64 last)
{
	return DIV_ROUND_UP((last + 1) * w->ts_bits, 8) <=
	       w->fp.room[status];
}

/* The tile status states TS_MEM_CONFIG enables: colour, depth. */
static const enum etna_slot etna_ts_slots[2][2] = {
	{ FP_TS_COLOR_STATUS_BASE, FP_TS_COLOR_SURFACE_BASE },
	{ FP_TS_DEPTH_STATUS_BASE, FP_TS_DEPTH_SURFACE_BASE },
};

static const u32 etna_ts_enable[2] = {
	ETNA_TS_COLOR_FAST_CLEAR, ETNA_TS_DEPTH_FAST_CLEAR,
};

/*
 * Tile status @t (colour or depth) of TS_MEM_CONFIG: 0 when it is not
 * enabled; 1 with its status and surface base slots in @status and
 * @surface; a refusal when those were not set in this stream.
 */
static int etna_ts_in_use(struct etna_walk *w, unsigned int t,
			  enum etna_slot *status, enum etna_slot *surface)
{
	const struct etna_fp *fp = &w->fp;

	if (!(fp->val[FP_TS_MEM_CONFIG] & etna_ts_enable[t]))
		return 0;
	*status = etna_ts_slots[t][0];
	*surface = etna_ts_slots[t][1];
	if (!etna_fp_known(fp, *status) || !etna_fp_known(fp, *surface))
		return etna_refuse(w, "TS states not set in this stream");
	return 1;
}

/*
 * A copy with fast clear reads, for each 64-byte block of the source at
 * or above TS_*_SURFACE_BASE, its entry in TS_*_STATUS_BASE
 * (sim/doc/rs-ts.md, section 6): the entries up to the last source byte
 * must lie in the status buffer.
 */
static int etna_check_rs_ts(struct etna_walk *w, const struct etna_rs_side *src)
{
	const struct etna_fp *fp = &w->fp;
	enum etna_slot status, surface;
	unsigned int t, h;
	u64 last;
	int ret;

	if (!etna_fp_known(fp, FP_TS_MEM_CONFIG))
		return etna_refuse(w, "TS states not set in this stream");
	for (t = 0; t < ARRAY_SIZE(etna_ts_enable); t++) {
		ret = etna_ts_in_use(w, t, &status, &surface);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		for (h = 0; h < src->halves; h++) {
			last = (u64)fp->addr[src->addr[h]] + src->bytes - 1;
			if (last < fp->addr[surface])
				continue;	/* below the surface: no look-up */
			if (!etna_ts_fits(w, status,
					  (last - fp->addr[surface]) / 64))
				return etna_refuse(w, "RS tile status past the end of its buffer");
		}
	}
	return 0;
}

/*
 * An in-place resolve of @tiles 64-byte blocks (RS_KICKER_INPLACE): each
 * enabled tile status has its first @tiles entries read and the blocks
 * they cover at TS_*_SURFACE_BASE maybe written.
 */
static int etna_check_rs_inplace(struct etna_walk *w, u32 tiles, bool fixp)
{
	const struct etna_fp *fp = &w->fp;
	enum etna_slot status, surface;
	unsigned int t;
	int ret;

	if (fixp)
		return etna_refuse(w, "RS tile count whose footprint is not bounded");
	if (!tiles)
		return 0;
	if (!etna_fp_known(fp, FP_TS_MEM_CONFIG))
		return etna_refuse(w, "TS states not set in this stream");
	for (t = 0; t < ARRAY_SIZE(etna_ts_enable); t++) {
		ret = etna_ts_in_use(w, t, &status, &surface);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		if (!etna_ts_fits(w, status, (u64)tiles - 1))
			return etna_refuse(w, "RS tile status past the end of its buffer");
		if ((u64)tiles * 64 > fp->room[surface])
			return etna_refuse(w, "RS operation past the end of its TS surface buffer");
	}
	return 0;
}

/*
 * The footprint of a resolve started by a load of @kicker with value @v
 * (MMUv1), from the states this stream loaded before it. Every load of
 * RS_KICKER counts as a kick, whatever its value.
 */
static int etna_check_rs_kick(struct etna_walk *w, u32 kicker, u32 v,
			      bool fixp)
{
	const struct etna_fp *fp = &w->fp;
	const u32 *val = fp->val;
	struct etna_rs_side dst, src;
	unsigned int mode, p;
	u64 x1 = 0, y1 = 0, dx1, dy1, width, height;
	u32 cfg, off;
	int ret;

	if (kicker == ETNA_RS_KICKER_INPLACE)
		return etna_check_rs_inplace(w, v, fixp);
	if (!etna_fp_known(fp, FP_RS_CONFIG) ||
	    !etna_fp_known(fp, FP_RS_WINDOW_SIZE) ||
	    !etna_fp_known(fp, FP_RS_CLEAR_CONTROL) ||
	    !etna_fp_known(fp, FP_RS_EXTRA_CONFIG))
		return etna_refuse(w, "RS states not set in this stream");
	mode = ETNA_RS_CLEAR_MODE(val[FP_RS_CLEAR_CONTROL]);
	if ((mode != ETNA_RS_CLEAR_DISABLED && mode != ETNA_RS_CLEAR_ENABLED1) ||
	    ETNA_RS_EXTRA_AA(val[FP_RS_EXTRA_CONFIG]) ||
	    val[FP_RS_EXTRA_CONFIG] & ETNA_RS_EXTRA_TS_MODE ||
	    w->pixel_pipes > 2)
		return etna_refuse(w, "RS operation whose footprint is not bounded");
	width = ETNA_RS_WIDTH(val[FP_RS_WINDOW_SIZE]);
	height = ETNA_RS_HEIGHT(val[FP_RS_WINDOW_SIZE]);
	if (!width || !height)
		return 0;

	/* each pipe runs the window at its offset, in image coordinates */
	for (p = 0; p < w->pixel_pipes; p++) {
		off = 0;
		if (w->pixel_pipes > 1) {
			if (!etna_fp_known(fp, FP_RS_PIPE_OFFSET0 + p))
				return etna_refuse(w, "RS states not set in this stream");
			off = val[FP_RS_PIPE_OFFSET0 + p];
		}
		x1 = max(x1, ETNA_RS_OFFSET_X(off) + width);
		y1 = max(y1, ETNA_RS_OFFSET_Y(off) + height);
	}

	/* downsampling halves the window on the destination */
	cfg = val[FP_RS_CONFIG];
	dx1 = cfg & ETNA_RS_CFG_DOWNSAMPLE_X ? DIV_ROUND_UP(x1, 2) : x1;
	dy1 = cfg & ETNA_RS_CFG_DOWNSAMPLE_Y ? DIV_ROUND_UP(y1, 2) : y1;
	ret = etna_check_rs_side(w, false, dx1, dy1, &dst);
	/* a fill disregards the source and the tile status */
	if (ret || mode == ETNA_RS_CLEAR_ENABLED1)
		return ret;
	ret = etna_check_rs_side(w, true, x1, y1, &src);
	if (ret)
		return ret;
	return etna_check_rs_ts(w, &src);
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
		etna_track_states(w, first, k, word, fixp);
		ret = etna_check_rs_kick(w, k * 4, w->stream[word + (k - first)],
					 fixp);
		if (ret)
			return ret;
		word += k + 1 - first;
		first = k + 1;
	}
	etna_track_states(w, first, end, word, fixp);
	return 0;
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
 * Check @n states, from state index @first on, whose values sit in the
 * stream from word @word on. @first + @n must not exceed ETNA_NR_STATES.
 * Only the address states among them are visited.
 */
static int etna_check_states(struct etna_walk *w, unsigned int first,
			     unsigned int n, unsigned int word, bool fixp)
{
	unsigned int end = first + n;
	unsigned int state = first, run_end;

	int ret;

	if (first < ETNA_WINDOW_END && end > ETNA_WINDOW_FIRST)
		return etna_refuse(w, "load into the register window");
	ret = etna_check_kernel_states(w, first, end, word, fixp);
	if (ret || !w->addr_relocs)
		return ret;
	/* address states come in runs (arrays): look each run up once */
	for_each_set_bitrange_from(state, run_end, etna_addr_map, end) {
		if (fixp)
			return etna_refuse(w, "fixed-point load into an address state");
		if (!etna_words_relocated(w, word + (state - first),
					  run_end - state))
			return etna_refuse(w, "address state loaded without a relocation");
	}
	return etna_track_and_kick(w, first, end, word, fixp);
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

/* Bytes per pixel of a DE format, or 0 for one whose footprint we do not bound. */
static unsigned int etna_de_bpp(unsigned int fmt)
{
	switch (fmt) {
	case ETNA_DE_FMT_X4R4G4B4 ... ETNA_DE_FMT_R5G6B5:
	case ETNA_DE_FMT_YUY2:
	case ETNA_DE_FMT_UYVY:
	case ETNA_DE_FMT_RG16:
		return 2;
	case ETNA_DE_FMT_X8R8G8B8:
	case ETNA_DE_FMT_A8R8G8B8:
		return 4;
	case ETNA_DE_FMT_INDEX8:
	case ETNA_DE_FMT_A8:
	case ETNA_DE_FMT_MONO:	/* a bit a pixel: a byte bounds it */
		return 1;
	default:
		return 0;
	}
}

/* Whether ROP3 code @code reads the pattern (P is bit 2 of its index). */
static bool etna_rop_uses_p(u32 code)
{
	return ((code >> 4) ^ code) & 0x0f;
}

/*
 * A surface's footprint, in bytes from its address: rows 0..@rows - 1 of
 * @stride bytes, pixels 0..@cols - 1 of @bpp bytes. It must fit in
 * @room, the bytes from the address to the end of the buffer. 64-bit
 * arithmetic: nothing here can wrap.
 */
static bool etna_fits(u64 rows, u64 cols, u32 stride, unsigned int bpp,
		      u32 room)
{
	if (!rows || !cols)
		return true;
	return (rows - 1) * stride + cols * bpp <= room;
}

/* The extent one source axis reaches: the last coordinate read. */
struct etna_src_axis {
	u32 origin;	/* SRC_ORIGIN's field */
	u32 factor;	/* stretch factor, 16.16 */
};

/*
 * The last source coordinate a destination span @c1..@c2 - 1 of a
 * rectangle starting at @r1 reads, or -1 if one lies before the origin
 * of the surface.
 */
static s64 etna_src_last(const struct etna_src_axis *a, u32 cmd,
			 bool relative, u32 r1, u32 c1, u32 c2)
{
	if (cmd == ETNA_DE_CMD_STRETCH_BLT)
		return a->origin + (s64)(((u64)(c2 - 1 - r1) * a->factor) >> 16);
	if (relative) {
		if ((s64)c1 + (s16)a->origin < 0)
			return -1;
		return (s64)c2 - 1 + (s16)a->origin;
	}
	return (s64)a->origin + (c2 - 1 - r1);
}

/*
 * The footprint of a DRAW_2D of @n rectangles at @rects on MMUv1: every
 * byte the destination, source and pattern fetches can reach must lie in
 * the buffer each address was relocated to. See the comment at the top
 * for what is refused because it cannot be bounded.
 */
static int etna_check_draw_2d(struct etna_walk *w, const u32 *rects,
			      unsigned int n)
{
	const struct etna_fp *fp = &w->fp;
	const u32 *v = fp->val;
	u32 dcfg, scfg = 0, cmd, rot, rotcfg, lw = 0, lh = 0, w_phys = 0, h_phys = 0;
	u32 clip[4] = { 0, 0, U16_MAX + 1, U16_MAX + 1 };
	u32 x1, y1, x2, y2, cx1, cy1, cx2, cy2, maxx = 0, maxy = 0;
	struct etna_src_axis ax = {}, ay = {};
	unsigned int bpp, sbpp = 0, i;
	s64 sx, sy, smaxx = -1, smaxy = -1;
	bool rotated, line, need_s, relative = false;

	if (!etna_fp_known(fp, FP_DE_DEST_ADDRESS) ||
	    !etna_fp_known(fp, FP_DE_DEST_CONFIG) ||
	    !etna_fp_known(fp, FP_DE_DEST_STRIDE) ||
	    !etna_fp_known(fp, FP_DE_DEST_ROTATION_CONFIG) ||
	    !etna_fp_known(fp, FP_DE_ROT_ANGLE) ||
	    !etna_fp_known(fp, FP_DE_CONFIG))
		return etna_refuse(w, "2D destination states not set in this stream");
	dcfg = v[FP_DE_DEST_CONFIG];
	cmd = ETNA_DE_DST_CFG_COMMAND(dcfg);
	line = cmd == ETNA_DE_CMD_LINE;
	if (cmd != ETNA_DE_CMD_CLEAR && !line && cmd != ETNA_DE_CMD_BIT_BLT &&
	    cmd != ETNA_DE_CMD_STRETCH_BLT)
		return etna_refuse(w, "2D command whose footprint is not bounded");
	bpp = etna_de_bpp(ETNA_DE_DST_CFG_FORMAT(dcfg));
	if (!bpp || dcfg & (ETNA_DE_DST_CFG_TILED | ETNA_DE_DST_CFG_MINOR_TILED) ||
	    v[FP_DE_CONFIG] & ETNA_DE_CFG_MIRROR_BLT ||
	    v[FP_DE_ROT_ANGLE] & ETNA_DE_ROT_DST_MIRROR)
		return etna_refuse(w, "2D surface layout whose footprint is not bounded");

	/* destination rotation: the rectangles must lie in the surface */
	rot = ETNA_DE_ROT_DST_GET(v[FP_DE_ROT_ANGLE]);
	rotcfg = v[FP_DE_DEST_ROTATION_CONFIG];
	rotated = rot || rotcfg & ETNA_DE_ROT_CFG_ROTATION;
	if (rotated) {
		if (!etna_fp_known(fp, FP_DE_DEST_ROTATION_HEIGHT))
			return etna_refuse(w, "2D destination states not set in this stream");
		w_phys = ETNA_DE_ROT_CFG_WIDTH(rotcfg);
		h_phys = ETNA_DE_HEIGHT(v[FP_DE_DEST_ROTATION_HEIGHT]);
		lw = w_phys;
		lh = h_phys;
		if (!rot || rot == ETNA_DE_ROT_90 || rot == ETNA_DE_ROT_270)
			swap(lw, lh);
	}
	if (etna_fp_known(fp, FP_DE_CLIP_TOP_LEFT) &&
	    etna_fp_known(fp, FP_DE_CLIP_BOTTOM_RIGHT)) {
		clip[0] = ETNA_DE_XY15_X(v[FP_DE_CLIP_TOP_LEFT]);
		clip[1] = ETNA_DE_XY15_Y(v[FP_DE_CLIP_TOP_LEFT]);
		clip[2] = ETNA_DE_XY15_X(v[FP_DE_CLIP_BOTTOM_RIGHT]);
		clip[3] = ETNA_DE_XY15_Y(v[FP_DE_CLIP_BOTTOM_RIGHT]);
	}

	/* the source: blits read it, from memory unless it comes inline */
	need_s = cmd == ETNA_DE_CMD_BIT_BLT || cmd == ETNA_DE_CMD_STRETCH_BLT;
	if (need_s) {
		if (!etna_fp_known(fp, FP_DE_SRC_CONFIG))
			return etna_refuse(w, "2D source states not set in this stream");
		scfg = v[FP_DE_SRC_CONFIG];
		need_s = !(scfg & ETNA_DE_SRC_CFG_STREAM);
	}
	if (need_s) {
		if (!etna_fp_known(fp, FP_DE_SRC_ADDRESS) ||
		    !etna_fp_known(fp, FP_DE_SRC_STRIDE) ||
		    !etna_fp_known(fp, FP_DE_SRC_ORIGIN) ||
		    !etna_fp_known(fp, FP_DE_SRC_ROTATION_CONFIG) ||
		    (cmd == ETNA_DE_CMD_STRETCH_BLT &&
		     (!etna_fp_known(fp, FP_DE_STRETCH_FACTOR_LOW) ||
		      !etna_fp_known(fp, FP_DE_STRETCH_FACTOR_HIGH))))
			return etna_refuse(w, "2D source states not set in this stream");
		/* both format fields (PE 1.0 and 2.0 cores): the larger */
		sbpp = etna_de_bpp(ETNA_DE_SRC_CFG_FORMAT(scfg));
		if (sbpp)
			sbpp = max(sbpp,
				   etna_de_bpp(ETNA_DE_SRC_CFG_PE10_FORMAT(scfg)));
		if (!sbpp || !etna_de_bpp(ETNA_DE_SRC_CFG_PE10_FORMAT(scfg)) ||
		    scfg & ETNA_DE_SRC_CFG_TILED ||
		    v[FP_DE_ROT_ANGLE] & (ETNA_DE_ROT_SRC | ETNA_DE_ROT_SRC_MIRROR) ||
		    v[FP_DE_SRC_ROTATION_CONFIG] & ETNA_DE_ROT_CFG_ROTATION)
			return etna_refuse(w, "2D source layout whose footprint is not bounded");
		relative = cmd == ETNA_DE_CMD_BIT_BLT &&
			   scfg & ETNA_DE_SRC_CFG_RELATIVE;
		ax.origin = v[FP_DE_SRC_ORIGIN] & U16_MAX;
		ay.origin = v[FP_DE_SRC_ORIGIN] >> 16;
		ax.factor = v[FP_DE_STRETCH_FACTOR_LOW];
		ay.factor = v[FP_DE_STRETCH_FACTOR_HIGH];
	}

	for (i = 0; i < n; i++) {
		x1 = rects[2 * i] & U16_MAX;
		y1 = rects[2 * i] >> 16;
		x2 = rects[2 * i + 1] & U16_MAX;
		y2 = rects[2 * i + 1] >> 16;
		if (line) {
			/* the box of its end points, both counted */
			cx1 = max(min(x1, x2), clip[0]);
			cy1 = max(min(y1, y2), clip[1]);
			cx2 = min(max(x1, x2) + 1, clip[2]);
			cy2 = min(max(y1, y2) + 1, clip[3]);
		} else {
			cx1 = max(x1, clip[0]);
			cy1 = max(y1, clip[1]);
			cx2 = min(x2, clip[2]);
			cy2 = min(y2, clip[3]);
		}
		if (cx1 >= cx2 || cy1 >= cy2)
			continue;	/* draws nothing */
		if (rotated && (cx2 > lw || cy2 > lh))
			return etna_refuse(w, "2D rectangle outside the rotated destination");
		maxx = max(maxx, cx2);
		maxy = max(maxy, cy2);
		if (!need_s)
			continue;
		sx = etna_src_last(&ax, cmd, relative, x1, cx1, cx2);
		sy = etna_src_last(&ay, cmd, relative, y1, cy1, cy2);
		if (sx < 0 || sy < 0)
			return etna_refuse(w, "2D source before the start of its buffer");
		smaxx = max(smaxx, sx);
		smaxy = max(smaxy, sy);
	}

	/* rotated or not (a core without rotation), the larger must fit */
	if (!etna_fits(maxy, maxx, v[FP_DE_DEST_STRIDE], bpp,
		       fp->room[FP_DE_DEST_ADDRESS]) ||
	    (rotated && maxx &&
	     !etna_fits(h_phys, w_phys, v[FP_DE_DEST_STRIDE], bpp,
			fp->room[FP_DE_DEST_ADDRESS])))
		return etna_refuse(w, "2D operation past the end of its destination buffer");
	if (need_s && smaxx >= 0 &&
	    !etna_fits(smaxy + 1, smaxx + 1, v[FP_DE_SRC_STRIDE], sbpp,
		       fp->room[FP_DE_SRC_ADDRESS]))
		return etna_refuse(w, "2D operation past the end of its source buffer");

	/* a pattern other than a solid colour may come from memory */
	if (cmd == ETNA_DE_CMD_CLEAR || !maxx)
		return 0;
	if (etna_fp_known(fp, FP_DE_ROP) && !line) {
		u32 rop = v[FP_DE_ROP];

		if (ETNA_DE_ROP_TYPE(rop) == ETNA_DE_ROP2_SOURCE ||
		    (ETNA_DE_ROP_TYPE(rop) != ETNA_DE_ROP2_PATTERN &&
		     !etna_rop_uses_p(ETNA_DE_ROP_FG(rop)) &&
		     (ETNA_DE_ROP_TYPE(rop) != ETNA_DE_ROP4 ||
		      !etna_rop_uses_p(ETNA_DE_ROP_BG(rop)))))
			return 0;
	}
	if (etna_fp_known(fp, FP_DE_PATTERN_CONFIG) &&
	    !(v[FP_DE_PATTERN_CONFIG] & ETNA_DE_PAT_CFG_TYPE))
		return 0;
	if (!etna_fp_known(fp, FP_DE_PATTERN_ADDRESS))
		return etna_refuse(w, "2D pattern address not set in this stream");
	if (fp->room[FP_DE_PATTERN_ADDRESS] < ETNA_DE_PATTERN_BYTES)
		return etna_refuse(w, "2D pattern past the end of its buffer");
	return 0;
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
		.reloc_addr = s->reloc_addr,
		.nr_relocs = s->nr_relocs,
		.addr_relocs = s->addr_relocs,
		.distinct = true,
		.pipe = s->pipe == ETNA_PIPE_2D ? ETNA_PIPE_ID_2D :
						  ETNA_PIPE_ID_3D,
		.pixel_pipes = s->pixel_pipes ?: 1,
		.ts_bits = s->ts_2bit ? 2 : 4,
	};
	const u32 *stream = s->stream;
	unsigned int words = s->words, nr_relocs = s->nr_relocs;
	unsigned int pos = 0, len, next = 0, op;
	u32 hdr;
	int ret;

	etna_addr_map_ready();

	ret = etna_check_relocs(&w);

	while (!ret && pos < words) {
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
		/* @next: word of the first relocation not yet passed */
		if (pos >= next) {
			if (etna_word_relocated(&w, pos)) {
				ret = etna_refuse(&w, "relocation patches a command header");
				break;
			}
			next = w.next_reloc < nr_relocs ?
			       s->reloc_offs[w.next_reloc] / 4 : words;
		}
		if (op == ETNA_OP_LOAD_STATE) {
			ret = etna_check_load_state(&w, hdr, pos);
			next = 0;	/* it may have passed relocations */
		} else if (op == ETNA_OP_DRAW_2D && w.addr_relocs) {
			ret = etna_check_draw_2d(&w, stream + pos + 2,
						 FIELD_GET(ETNA_D2D_RECTS, hdr) ?: 256);
		}

		pos += len;
		/*
		 * Then a run of padding (a 64 KiB stream of NOPs is 8192 of
		 * them) up to the next relocation, which alone could patch
		 * a header: nothing in it to check but its end.
		 */
		while (!ret && pos < next && words - pos >= 2 &&
		       (FIELD_GET(ETNA_CMD_OPCODE, stream[pos]) == ETNA_OP_NOP ||
			FIELD_GET(ETNA_CMD_OPCODE, stream[pos]) == ETNA_OP_STALL))
			pos += 2;
	}

	if (ret && why)
		*why = w.why;

	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(etna_validate_stream);
