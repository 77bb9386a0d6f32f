// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the command-buffer pool's search
 *
 * etna_pool_find() (etna_pool.c) looks for a run of free 64-byte bursts in
 * the pool's bitmap, from where the last range ended, then from the start:
 * a range never overlaps a taken burst, a hole too short is passed, room
 * before the starting point is found once the end has none, and a full
 * pool has no room.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>

#include "etna_drv.h"

#define BURSTS	128

static void pool_from_next(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 0, 10);
	/* free at 10, and from the start too: the search starts at next */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 40, 4), 40u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4), 10u);
}

static void pool_passes_short_hole(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 5, 3);	/* too short for 4 */
	bitmap_clear(map, 20, 4);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4), 20u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 3), 5u);
}

static void pool_never_overlaps(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 12, 1);
	/* from 10, four bursts would cover the taken one */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 10, 4), 13u);
}

static void pool_wraps(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 8, 4);
	bitmap_clear(map, BURSTS - 2, 2);	/* at the end, too short */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 100, 4), 8u);
}

static void pool_full(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 50, 3);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4),
			(unsigned int)BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, BURSTS + 1),
			(unsigned int)BURSTS);
	bitmap_zero(map, BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, BURSTS), 0u);
}

static struct kunit_case etna_pool_cases[] = {
	KUNIT_CASE(pool_from_next),
	KUNIT_CASE(pool_passes_short_hole),
	KUNIT_CASE(pool_never_overlaps),
	KUNIT_CASE(pool_wraps),
	KUNIT_CASE(pool_full),
	{}
};

static struct kunit_suite etna_pool_suite = {
	.name = "etna_pool",
	.test_cases = etna_pool_cases,
};

kunit_test_suites(&etna_pool_suite);
