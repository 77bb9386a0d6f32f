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

/*
 * Validate the stream as the submit path does: its relocations applied
 * (to a copy, in order: the last of one word counts), then the walk.
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
	};
	unsigned int i;

	memcpy(ts->run, ts->w, ts->n * sizeof(u32));
	for (i = 0; i < ts->nr; i++)
		if (ts->relocs[i] / 4 < ts->n)
			ts->run[ts->relocs[i] / 4] = ts->addr[i];
	return etna_validate_stream(&s, why);
}
