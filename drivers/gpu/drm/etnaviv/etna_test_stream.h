/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etnaviv KUnit: a writer of command streams, the way user space builds
 * them, and the checks of the validator's verdict on them.
 */
#ifndef ETNA_TEST_STREAM_H
#define ETNA_TEST_STREAM_H

#include <kunit/test.h>
#include <linux/sizes.h>
#include <linux/string.h>

struct etna_tsr_set;
struct etna_tsr_out;

/* FE opcodes, as used by the tests. */
enum {
	OP_LOAD_STATE = 1,
	OP_END = 2,
	OP_NOP = 3,
	OP_DRAW_2D = 4,
	OP_DRAW_PRIMITIVES = 5,
	OP_DRAW_INDEXED = 6,
	OP_WAIT = 7,
	OP_LINK = 8,
	OP_STALL = 9,
	OP_CALL = 10,
	OP_RETURN = 11,
	OP_DRAW_INSTANCED = 12,
	OP_CHIP_SELECT = 13,
};

#define HDR(op)			((u32)(op) << 27)
/* LOAD_STATE header; @count 1024 is encoded as 0, as the hardware reads it. */
#define LS_HDR(byte_addr, count) \
	(HDR(OP_LOAD_STATE) | (((count) & 0x3ff) << 16) | ((byte_addr) >> 2))
#define LS_FIXP			BIT(26)
#define D2D_HDR(rects, data) \
	(HDR(OP_DRAW_2D) | (((data) & 0x7ff) << 16) | (((rects) & 0xff) << 8))

#define TS_MAX_WORDS		20000
#define TS_MAX_RELOCS		8192

/* A stream under construction and the relocations that go with it. */
struct etna_tstream {
	struct kunit *test;
	u32 *w;
	u32 *run;	/* the copy the validator sees, relocations applied */
	unsigned int n;
	u32 *relocs;
	u32 *room;	/* per relocation: bytes from the address to the bo end */
	u32 *addr;	/* per relocation: the GPU address it patches in */
	unsigned int nr;
	bool mmu_v2;
	u32 pipe;	/* ETNA_PIPE_3D (0, the default) or ETNA_PIPE_2D */
	unsigned int pixel_pipes;	/* the core's (0, the default: 1) */
	bool ts_2bit;	/* 2-bit tile status entries (default: 4 bits) */
	/* the core's facts of struct etna_stream (default: all false, 0) */
	bool single_buffer, pe_pipe_addrs, halti0, new_states, icache;
	unsigned int streams;
	/*
	 * Indexed draws: @idx_mem holds the bytes of the buffer relocation
	 * @idx_reloc points into (-1: any relocation), from its address on
	 * (@idx_len of them); without it the walk may not leave draws to
	 * scan.
	 */
	const void *idx_mem;
	int idx_reloc;
	u32 idx_len;
	struct etna_idx_scans *scans;	/* what the last run left */
	/* tile-status states loaded before the stream; what it did to them */
	const struct etna_tsr_set *ts_in;
	struct etna_tsr_out *ts_out;
};

/* The room etna_ts_reloc() gives a relocation: a 1 MiB buffer's start. */
#define TS_ROOM			SZ_1M
/* The GPU address of relocation n, unless given: its own buffer's. */
#define TS_BO_BASE		0x10000000u
#define TS_BO_SPACING		SZ_4M

struct etna_tstream *etna_ts_new(struct kunit *test);
unsigned int etna_ts_word(struct etna_tstream *ts, u32 v);
void etna_ts_pad(struct etna_tstream *ts);
void etna_ts_reloc(struct etna_tstream *ts, unsigned int word);
void etna_ts_reloc_at(struct etna_tstream *ts, unsigned int word, u32 addr,
		      u32 room);
void etna_ts_reloc_room(struct etna_tstream *ts, unsigned int word, u32 room);
unsigned int etna_ts_reloc1(struct etna_tstream *ts, u32 byte_addr, u32 room);
void etna_ts_de_dest(struct etna_tstream *ts, u32 room, u32 stride, u32 config);
unsigned int etna_ts_load(struct etna_tstream *ts, u32 byte_addr, unsigned int count);
unsigned int etna_ts_load1(struct etna_tstream *ts, u32 byte_addr, u32 val);
unsigned int etna_ts_cmd(struct etna_tstream *ts, unsigned int op, unsigned int words);
int etna_ts_run(struct etna_tstream *ts, const char **why);

/*
 * A 3D draw's states as Mesa 22.3 loads them (etna_ts_3d()): a render
 * target of @w x @h pixels (the scissor and the clip) in @cfg
 * (PE_COLOR_FORMAT) at @stride bytes a row, its address relocated with
 * @room bytes (each pipe's on a core with PE_PIPE addresses); no depth,
 * no tile status, no sampler; one vertex element of four floats from
 * stream 0, @vtx_stride bytes a vertex, in a buffer of @vtx_room bytes.
 * The indices of the relocations, for the tests to change their room;
 * @skip, a state the helper leaves out.
 */
struct etna_ts_3d {
	u32 w, h, cfg, stride, room[2];
	u32 vtx_stride, vtx_room;
	u32 skip;	/* a state left out (0: none) */
	int color_reloc[2], vtx_reloc;
};

#define PE_A8R8G8B8	(ETNA_PE_CF_FORMAT_SET(ETNA_RS_FMT_A8R8G8B8) | 0xf00)
#define PE_R5G6B5	(ETNA_PE_CF_FORMAT_SET(ETNA_RS_FMT_R5G6B5) | 0xf00)

void etna_ts_3d(struct etna_tstream *ts, struct etna_ts_3d *d);
unsigned int etna_ts_fixp1(struct etna_tstream *ts, u32 byte_addr, u32 val);
unsigned int etna_ts_draw(struct etna_tstream *ts, u32 type, u32 first,
			  u32 count);
unsigned int etna_ts_draw_indexed(struct etna_tstream *ts, u32 type, u32 first,
				  u32 count, u32 bias);

/* The cores of the MMUv1 boards, as the submit path describes them. */
void etna_ts_gc2000(struct etna_tstream *ts);
void etna_ts_gc880(struct etna_tstream *ts);
void etna_ts_gc600(struct etna_tstream *ts);

#define EXPECT_ACCEPTED(ts)						\
	do {								\
		struct etna_tstream *ts_ = (ts);			\
		const char *why_ = NULL;				\
		int ret_ = etna_ts_run(ts_, &why_);			\
									\
		KUNIT_EXPECT_EQ_MSG(ts_->test, ret_, 0, "refused: %s",	\
				    why_ ? why_ : "(no reason)");	\
	} while (0)

/* Refused, and for a reason whose text contains @reason. */
#define EXPECT_REFUSED(ts, reason)					\
	do {								\
		struct etna_tstream *ts_ = (ts);			\
		const char *why_ = NULL;				\
		int ret_ = etna_ts_run(ts_, &why_);			\
									\
		KUNIT_EXPECT_EQ(ts_->test, ret_, -EINVAL);		\
		if (ret_)						\
			KUNIT_EXPECT_TRUE_MSG(ts_->test,		\
					      why_ && strstr(why_, reason), \
					      "reason: %s",		\
					      why_ ? why_ : "(none)");	\
	} while (0)

/* DE_DEST_CONFIG of a clear, blit, stretch or line of 32-bit pixels */
#define DE_CLEAR32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_CLEAR))
#define DE_BLIT32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_BIT_BLT))
#define DE_STRETCH32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_STRETCH_BLT))
#define DE_LINE32	(ETNA_DE_FMT_A8R8G8B8 | \
			 ETNA_DE_DST_CFG_CMD(ETNA_DE_CMD_LINE))
/* SRC_CONFIG of a 32-bit source in memory: both format fields */
#define DE_SRC32	(ETNA_DE_FMT_A8R8G8B8 << 24 | ETNA_DE_FMT_A8R8G8B8)
/* ROP3 SRCCOPY (S), and PATCOPY (P) */
#define DE_ROP_COPY	(ETNA_DE_ROP_TYPE_SET(2) | 0xcccc)
#define DE_ROP_PAT	(ETNA_DE_ROP_TYPE_SET(2) | 0xf0f0)

#define XY(x, y)	((u32)(y) << 16 | (x))

#define R_OPCODE	"not permitted"
#define R_OVERRUN	"past the end"
#define R_NORELOC	"without a relocation"
#define R_WINDOW	"register window"
#define R_PAST_BO	"past the end of its"
#define R_UNSET		"not set in this stream"
#define R_KERNEL	"belongs to the kernel"
#define R_PIPE		"other than the job's"
#define R_NOT_ADDR	"not an address state's value"
#define R_UNSET_3D	"3D states not set in this stream"
#define R_MODE_3D	"3D mode whose footprint is not bounded"
#define R_UNSET_TX	"sampler states not set in this stream"
#define R_MODE_TX	"texture whose footprint is not bounded"
#define R_YUV		"YUV tiler turned on"

#endif /* ETNA_TEST_STREAM_H */
