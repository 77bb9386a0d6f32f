// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the command-buffer pool's search
 *
 * etna_pool_find() (etna_pool.c) looks for a run of free 64-byte bursts in
 * the pool's bitmap, from where the last range ended, then from the start:
 * a range never overlaps a taken burst, a hole too short is passed, room
 * before the starting point is found once the end has none, and a full
 * pool has no room. With owners of pages (MMUv2 clients): a client's
 * range lies only in its own pages or in empty pages of nobody's, never
 * in another client's or the kernel's, nor in a page reserved (emptied,
 * not yet unmapped) for another client; the kernel's never in a client's.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>

#include "etna_pool.h"

#define BURSTS	128

static void pool_from_next(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 0, 10);
	/* free at 10, and from the start too: the search starts at next */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 40, 4, NULL, NULL), 40u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, NULL, NULL), 10u);
}

static void pool_passes_short_hole(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 5, 3);	/* too short for 4 */
	bitmap_clear(map, 20, 4);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, NULL, NULL), 20u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 3, NULL, NULL), 5u);
}

static void pool_never_overlaps(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 12, 1);
	/* from 10, four bursts would cover the taken one */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 10, 4, NULL, NULL), 13u);
}

static void pool_wraps(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 8, 4);
	bitmap_clear(map, BURSTS - 2, 2);	/* at the end, too short */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 100, 4, NULL, NULL), 8u);
}

static void pool_full(struct kunit *test)
{
	DECLARE_BITMAP(map, BURSTS);

	bitmap_fill(map, BURSTS);
	bitmap_clear(map, 50, 3);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, NULL, NULL),
			(unsigned int)BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, BURSTS + 1, NULL, NULL),
			(unsigned int)BURSTS);
	bitmap_zero(map, BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, BURSTS, NULL, NULL), 0u);
}

#define PAGES	(BURSTS / ETNA_POOL_PAGE_BURSTS)
#define PB	ETNA_POOL_PAGE_BURSTS

static void pool_owner_own_pages(struct kunit *test)
{
	struct etna_pool_owner a = { 0 }, b = { 0 };
	const struct etna_pool_owner *owner[PAGES] = { &a, NULL };
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 0, 4);		/* a's range in page 0 */
	/* a packs into its page; b goes to the empty page of nobody's */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &a),
			4u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &b),
			(unsigned int)PB);
	/* nor does the kernel get a's page */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, NULL),
			(unsigned int)PB);
	/* a range of a's that would run into page 1 may: it is free */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, PB - 2, 4, owner,
					     &a), PB - 2u);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, PB - 2, 4, owner,
					     &b), (unsigned int)PB);
}

static void pool_owner_kernel_pages(struct kunit *test)
{
	struct etna_pool_owner a = { 0 };
	const struct etna_pool_owner *owner[PAGES] = { NULL, NULL };
	DECLARE_BITMAP(map, BURSTS);

	bitmap_zero(map, BURSTS);
	bitmap_set(map, 0, 1);		/* the kernel's (a ring) in page 0 */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &a),
			(unsigned int)PB);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, NULL),
			1u);
	/* no room outside a page another holds: none */
	bitmap_set(map, PB, 1);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &a),
			(unsigned int)BURSTS);
}

static void pool_owner_reserved(struct kunit *test)
{
	struct etna_pool_owner a = { 0 }, b = { 0 };
	const struct etna_pool_owner *owner[PAGES] = { &b, NULL };
	DECLARE_BITMAP(map, BURSTS);

	/* page 0 is empty, but reserved for b until b has unmapped it */
	bitmap_zero(map, BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &a),
			(unsigned int)PB);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, 4, owner, &b),
			0u);
	/* a range over both pages is b's only */
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, PB + 4, owner,
					     &a), (unsigned int)BURSTS);
	KUNIT_EXPECT_EQ(test, etna_pool_find(map, BURSTS, 0, PB + 4, owner,
					     &b), 0u);
}

static struct kunit_case etna_pool_cases[] = {
	KUNIT_CASE(pool_from_next),
	KUNIT_CASE(pool_passes_short_hole),
	KUNIT_CASE(pool_never_overlaps),
	KUNIT_CASE(pool_wraps),
	KUNIT_CASE(pool_full),
	KUNIT_CASE(pool_owner_own_pages),
	KUNIT_CASE(pool_owner_kernel_pages),
	KUNIT_CASE(pool_owner_reserved),
	{}
};

static struct kunit_suite etna_pool_suite = {
	.name = "etna_pool",
	.test_cases = etna_pool_cases,
};

kunit_test_suites(&etna_pool_suite);
