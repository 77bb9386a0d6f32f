// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the MMUv1 page-table entries (etna_pt.c).
 */
#include <kunit/test.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>

#include "etna_pt.h"

#define BAD	0xbad00000u
#define ENTRIES	64

static u32 *pt_alloc(struct kunit *test)
{
	u32 *pt = kunit_kcalloc(test, ENTRIES, sizeof(*pt), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, pt);
	for (i = 0; i < ENTRIES; i++)
		pt[i] = 0x5a5a5a5a;
	return pt;
}

/* An sg table with DMA segments of the given addresses and lengths. */
static struct sg_table *sgt_make(struct kunit *test, const u32 *addr,
				 const u32 *len, unsigned int n)
{
	struct sg_table *sgt = kunit_kzalloc(test, sizeof(*sgt), GFP_KERNEL);
	struct scatterlist *sg;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, sgt);
	KUNIT_ASSERT_EQ(test, sg_alloc_table(sgt, n, GFP_KERNEL), 0);
	for_each_sgtable_sg(sgt, sg, i) {
		sg_dma_address(sg) = addr[i];
		sg_dma_len(sg) = len[i];
	}
	sgt->nents = n;
	return sgt;
}

static void pt_fill_first_page(struct kunit *test)
{
	static const u32 addr[] = { 0x10000000 }, len[] = { SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 1);
	u32 *pt = pt_alloc(test);

	etna_pt_fill(pt, ETNA_VM_START, sgt);
	KUNIT_EXPECT_EQ(test, pt[0], 0x10000000u);
	KUNIT_EXPECT_EQ(test, pt[1], 0x5a5a5a5au);
	sg_free_table(sgt);
}

static void pt_fill_segments(struct kunit *test)
{
	static const u32 addr[] = { 0x20000000, 0x30004000, 0x08000000 };
	static const u32 len[] = { 3 * SZ_4K, SZ_4K, 2 * SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 3);
	u32 *pt = pt_alloc(test);

	etna_pt_fill(pt, ETNA_VM_START + 10 * SZ_4K, sgt);
	KUNIT_EXPECT_EQ(test, pt[9], 0x5a5a5a5au);	/* before: untouched */
	KUNIT_EXPECT_EQ(test, pt[10], 0x20000000u);
	KUNIT_EXPECT_EQ(test, pt[11], 0x20001000u);
	KUNIT_EXPECT_EQ(test, pt[12], 0x20002000u);
	KUNIT_EXPECT_EQ(test, pt[13], 0x30004000u);
	KUNIT_EXPECT_EQ(test, pt[14], 0x08000000u);
	KUNIT_EXPECT_EQ(test, pt[15], 0x08001000u);
	KUNIT_EXPECT_EQ(test, pt[16], 0x5a5a5a5au);	/* after: untouched */
	sg_free_table(sgt);
}

static void pt_clear_range(struct kunit *test)
{
	u32 *pt = pt_alloc(test);

	etna_pt_clear(pt, ETNA_VM_START + 4 * SZ_4K, 3 * SZ_4K, BAD);
	KUNIT_EXPECT_EQ(test, pt[3], 0x5a5a5a5au);
	KUNIT_EXPECT_EQ(test, pt[4], BAD);
	KUNIT_EXPECT_EQ(test, pt[5], BAD);
	KUNIT_EXPECT_EQ(test, pt[6], BAD);
	KUNIT_EXPECT_EQ(test, pt[7], 0x5a5a5a5au);
}

static void pt_fill_then_clear(struct kunit *test)
{
	static const u32 addr[] = { 0x40000000 }, len[] = { 2 * SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 1);
	u32 *pt = pt_alloc(test);

	etna_pt_fill(pt, ETNA_VM_START + SZ_4K, sgt);
	etna_pt_clear(pt, ETNA_VM_START + SZ_4K, 2 * SZ_4K, BAD);
	KUNIT_EXPECT_EQ(test, pt[1], BAD);
	KUNIT_EXPECT_EQ(test, pt[2], BAD);
	KUNIT_EXPECT_EQ(test, pt[0], 0x5a5a5a5au);
	KUNIT_EXPECT_EQ(test, pt[3], 0x5a5a5a5au);
	sg_free_table(sgt);
}

static void pt_window(struct kunit *test)
{
	/* 2 GiB of 4 KiB pages: a 2 MiB table */
	KUNIT_EXPECT_EQ(test, ETNA_VM_ENTRIES * sizeof(u32), (size_t)SZ_2M);
	KUNIT_EXPECT_EQ(test, (u64)ETNA_VM_START + ETNA_VM_SIZE, 1ull << 32);
}

static struct kunit_case etna_pt_cases[] = {
	KUNIT_CASE(pt_fill_first_page),
	KUNIT_CASE(pt_fill_segments),
	KUNIT_CASE(pt_clear_range),
	KUNIT_CASE(pt_fill_then_clear),
	KUNIT_CASE(pt_window),
	{}
};

static struct kunit_suite etna_pt_suite = {
	.name = "etnaviv-mmuv1-pt",
	.test_cases = etna_pt_cases,
};

kunit_test_suite(etna_pt_suite);
