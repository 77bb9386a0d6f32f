// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit stream writer
 *
 * The tests of the validator build their streams here, word by word, with
 * the relocations that go with them, and run the validator on them.
 */
#include <kunit/test.h>

#include "etna_regs.h"
#include "etna_test_stream.h"
#include "etna_validate.h"

struct etna_tstream *etna_ts_new(struct kunit *test)
{
	struct etna_tstream *ts = kunit_kzalloc(test, sizeof(*ts), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts);
	ts->test = test;
	ts->w = kunit_kcalloc(test, TS_MAX_WORDS, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts->w);
	ts->run = kunit_kcalloc(test, TS_MAX_WORDS, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts->run);
	ts->relocs = kunit_kcalloc(test, TS_MAX_RELOCS, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts->relocs);
	ts->room = kunit_kcalloc(test, TS_MAX_RELOCS, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts->room);
	ts->addr = kunit_kcalloc(test, TS_MAX_RELOCS, sizeof(u32), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ts->addr);
	return ts;
}

/* Append one word; return its index. */
unsigned int etna_ts_word(struct etna_tstream *ts, u32 v)
{
	KUNIT_ASSERT_LT(ts->test, ts->n, TS_MAX_WORDS);
	ts->w[ts->n] = v;
	return ts->n++;
}

void etna_ts_pad(struct etna_tstream *ts)
{
	if (ts->n % 2)
		etna_ts_word(ts, 0);
}

/*
 * Relocate the word at index @word to GPU address @addr, with @room bytes
 * after it in its buffer.
 */
void etna_ts_reloc_at(struct etna_tstream *ts, unsigned int word, u32 addr,
		      u32 room)
{
	KUNIT_ASSERT_LT(ts->test, ts->nr, TS_MAX_RELOCS);
	ts->room[ts->nr] = room;
	ts->addr[ts->nr] = addr;
	ts->relocs[ts->nr++] = word * 4;
}

/*
 * Relocate the word at index @word to an address with @room bytes after
 * it in its buffer: each relocation its own buffer, TS_BO_SPACING apart.
 */
void etna_ts_reloc_room(struct etna_tstream *ts, unsigned int word, u32 room)
{
	etna_ts_reloc_at(ts, word, TS_BO_BASE + ts->nr * TS_BO_SPACING, room);
}

/* Relocate the word at index @word to the start of a 1 MiB buffer. */
void etna_ts_reloc(struct etna_tstream *ts, unsigned int word)
{
	etna_ts_reloc_room(ts, word, TS_ROOM);
}

/* Load address state @byte_addr with a relocation of @room bytes. */
unsigned int etna_ts_reloc1(struct etna_tstream *ts, u32 byte_addr, u32 room)
{
	unsigned int at = etna_ts_load1(ts, byte_addr, 0);

	etna_ts_reloc_room(ts, at, room);
	return at;
}

/*
 * The 2D destination states, as libetnaviv sets them: the address
 * relocated with @room bytes, @stride, @config (format and command), no
 * rotation, no mirroring; the clip is left alone.
 */
void etna_ts_de_dest(struct etna_tstream *ts, u32 room, u32 stride, u32 config)
{
	etna_ts_reloc1(ts, ETNA_DE_DEST_ADDRESS, room);
	etna_ts_load1(ts, ETNA_DE_DEST_STRIDE, stride);
	etna_ts_load1(ts, ETNA_DE_DEST_ROTATION_CONFIG, 0);
	etna_ts_load1(ts, ETNA_DE_DEST_CONFIG, config);
	etna_ts_load1(ts, ETNA_DE_ROT_ANGLE, 0);
	etna_ts_load1(ts, ETNA_DE_CONFIG, 0);
}

/* LOAD_STATE of @count zero values from @byte_addr on; returns the first value's index. */
unsigned int etna_ts_load(struct etna_tstream *ts, u32 byte_addr, unsigned int count)
{
	unsigned int first, i;

	etna_ts_word(ts, LS_HDR(byte_addr, count));
	first = ts->n;
	for (i = 0; i < count; i++)
		etna_ts_word(ts, 0);
	etna_ts_pad(ts);
	return first;
}

unsigned int etna_ts_load1(struct etna_tstream *ts, u32 byte_addr, u32 val)
{
	unsigned int at = etna_ts_load(ts, byte_addr, 1);

	ts->w[at] = val;
	return at;
}

/* A command of @words words: the header of @op, then zeroes. */
unsigned int etna_ts_cmd(struct etna_tstream *ts, unsigned int op, unsigned int words)
{
	unsigned int at = etna_ts_word(ts, HDR(op));

	while (--words)
		etna_ts_word(ts, 0);
	return at;
}

/* The reader of etna_validate_indices(): @ts->idx_mem. */
static int etna_ts_read_idx(void *priv, unsigned int reloc, u32 offset,
			    void *dst, u32 len)
{
	struct etna_tstream *ts = priv;

	bool ok = ts->idx_reloc < 0 || reloc == ts->idx_reloc;

	KUNIT_EXPECT_TRUE(ts->test, ok);
	KUNIT_EXPECT_LE(ts->test, (u64)offset + len, (u64)ts->idx_len);
	if (!ok || (u64)offset + len > ts->idx_len)
		return -EFAULT;
	memcpy(dst, ts->idx_mem + offset, len);
	return 0;
}

/* What a run left to scan, freed when the test ends. */
static void etna_ts_scans_free(struct kunit_resource *res)
{
	etna_validate_indices_free(res->data);
}

/*
 * Validate the stream as the submit path does: its relocations applied
 * (to a copy, in order: the last of one word counts), then the walk, and
 * with @ts->idx_mem the indices of the draws they bound. What the walk
 * left to scan stays in @ts->scans until the test ends.
 */
int etna_ts_run(struct etna_tstream *ts, const char **why)
{
	struct etna_stream s = {
		.stream = ts->run,
		.words = ts->n,
		.reloc_offs = ts->relocs,
		.reloc_room = ts->room,
		.nr_relocs = ts->nr,
		.addr_relocs = !ts->mmu_v2,
		.pipe = ts->pipe,
		.pixel_pipes = ts->pixel_pipes,
		.ts_2bit = ts->ts_2bit,
		.single_buffer = ts->single_buffer,
		.pe_pipe_addrs = ts->pe_pipe_addrs,
		.streams = ts->streams,
		.halti0 = ts->halti0,
		.new_states = ts->new_states,
		.icache = ts->icache,
		.scans = ts->idx_mem ? &ts->scans : NULL,
		.ts_in = ts->ts_in,
		.ts_out = ts->ts_out,
	};
	const struct etna_idx_reader rd = {
		.read = etna_ts_read_idx, .priv = ts,
	};
	unsigned int i;
	int ret;

	memcpy(ts->run, ts->w, ts->n * sizeof(u32));
	for (i = 0; i < ts->nr; i++)
		if (ts->relocs[i] / 4 < ts->n)
			ts->run[ts->relocs[i] / 4] = ts->addr[i];
	ts->scans = NULL;
	ret = etna_validate_stream(&s, why);
	if (ret || !ts->scans)
		return ret;
	KUNIT_ASSERT_NOT_NULL(ts->test,
			      kunit_alloc_resource(ts->test, NULL,
						   etna_ts_scans_free,
						   GFP_KERNEL, ts->scans));
	return etna_validate_indices(ts->scans, &rd, why);
}

/* GC2000 (i.MX6Q): two pixel pipes, multi-tiled, PE_PIPE_* addresses. */
void etna_ts_gc2000(struct etna_tstream *ts)
{
	ts->pixel_pipes = 2;
	ts->ts_2bit = true;
	ts->pe_pipe_addrs = true;
	ts->halti0 = true;
	ts->streams = 8;
}

/* GC880 (i.MX6DL): one pixel pipe, PE_COLOR_ADDR and PE_DEPTH_ADDR. */
void etna_ts_gc880(struct etna_tstream *ts)
{
	ts->pixel_pipes = 1;
	ts->ts_2bit = true;
	ts->halti0 = true;
	ts->streams = 4;
}

/* GC600 (Dove): one pixel pipe, one vertex stream, no HALTI. */
void etna_ts_gc600(struct etna_tstream *ts)
{
	ts->pixel_pipes = 1;
	ts->streams = 1;
}

/* LOAD_STATE of one state in 16.16 fixed point (FIXP). */
unsigned int etna_ts_fixp1(struct etna_tstream *ts, u32 byte_addr, u32 val)
{
	unsigned int at = etna_ts_load1(ts, byte_addr, val);

	ts->w[at - 1] |= LS_FIXP;
	return at;
}

unsigned int etna_ts_draw(struct etna_tstream *ts, u32 type, u32 first,
			  u32 count)
{
	unsigned int at = etna_ts_cmd(ts, OP_DRAW_PRIMITIVES, 4);

	ts->w[at + 1] = type;
	ts->w[at + 2] = first;
	ts->w[at + 3] = count;
	return at;
}

unsigned int etna_ts_draw_indexed(struct etna_tstream *ts, u32 type, u32 first,
				  u32 count, u32 bias)
{
	unsigned int at = etna_ts_cmd(ts, OP_DRAW_INDEXED, 6);

	ts->w[at + 1] = type;
	ts->w[at + 2] = first;
	ts->w[at + 3] = count;
	ts->w[at + 4] = bias;
	return at;
}

/* A load of @v into @state, unless @d leaves @state out. */
static unsigned int etna_ts_3d_load(struct etna_tstream *ts,
				    const struct etna_ts_3d *d, u32 state,
				    u32 v, bool fixp)
{
	if (state == d->skip)
		return 0;
	return fixp ? etna_ts_fixp1(ts, state, v) : etna_ts_load1(ts, state, v);
}

/* Its relocated address: the relocation's index, or -1 if left out. */
static int etna_ts_3d_reloc(struct etna_tstream *ts,
			    const struct etna_ts_3d *d, u32 state, u32 room)
{
	if (state == d->skip)
		return -1;
	etna_ts_reloc1(ts, state, room);
	return ts->nr - 1;
}

/* The states of struct etna_ts_3d, in the order Mesa loads them. */
void etna_ts_3d(struct etna_tstream *ts, struct etna_ts_3d *d)
{
	bool multi = ts->streams > 1;
	unsigned int p;

	etna_ts_3d_load(ts, d, ETNA_GL_MULTI_SAMPLE_CONFIG, 0, false);
	etna_ts_3d_load(ts, d, ETNA_FE_VERTEX_ELEMENT_CONFIG(0),
			ETNA_FE_VE_TYPE_SET(ETNA_FE_DT_FLOAT) |
			ETNA_FE_VE_END_SET(16), false);
	d->vtx_reloc = etna_ts_3d_reloc(ts, d, multi ?
					ETNA_FE_VERTEX_STREAMS_BASE_ADDR(0) :
					ETNA_FE_VERTEX_STREAM_BASE_ADDR,
					d->vtx_room);
	etna_ts_3d_load(ts, d, multi ? ETNA_FE_VERTEX_STREAMS_CONTROL(0) :
			ETNA_FE_VERTEX_STREAM_CONTROL, d->vtx_stride, false);
	etna_ts_3d_load(ts, d, ETNA_VS_INPUT_COUNT, 1, false);
	etna_ts_3d_load(ts, d, ETNA_PA_SYSTEM_MODE, ETNA_PA_HALF_PIXEL_CENTER,
			false);
	etna_ts_3d_load(ts, d, ETNA_SE_SCISSOR_RIGHT, (d->w << 16) + 0x1119,
			true);
	etna_ts_3d_load(ts, d, ETNA_SE_SCISSOR_BOTTOM, (d->h << 16) + 0x1111,
			true);
	etna_ts_3d_load(ts, d, ETNA_SE_CLIP_RIGHT, (d->w << 16) + 0xffff, true);
	etna_ts_3d_load(ts, d, ETNA_SE_CLIP_BOTTOM, (d->h << 16) + 0xffff,
			true);
	etna_ts_3d_load(ts, d, ETNA_PE_DEPTH_CONFIG, 0, false);
	etna_ts_3d_load(ts, d, ETNA_PE_STENCIL_CONFIG, 0, false);
	etna_ts_3d_load(ts, d, ETNA_PE_COLOR_FORMAT, d->cfg, false);
	etna_ts_3d_load(ts, d, ETNA_PE_COLOR_STRIDE, d->stride, false);
	for (p = 0; p < (ts->pe_pipe_addrs ? ts->pixel_pipes : 1); p++)
		d->color_reloc[p] =
			etna_ts_3d_reloc(ts, d, ts->pe_pipe_addrs ?
					 ETNA_PE_PIPE_COLOR_ADDR(p) :
					 ETNA_PE_COLOR_ADDR, d->room[p]);
	etna_ts_3d_load(ts, d, ETNA_PE_HDEPTH_CONTROL, 0, false);
	etna_ts_3d_load(ts, d, ETNA_TS_MEM_CONFIG, 0, false);
	if (d->skip != ETNA_TE_SAMPLER_CONFIG0(0))
		etna_ts_load(ts, ETNA_TE_SAMPLER_CONFIG0(0), ETNA_TE_SAMPLERS);
}
