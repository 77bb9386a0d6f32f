// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the page tables
 *
 * The MMUv1 and MMUv2 page-table entries (etna_pt.c, etna_pt2.c), written
 * and read on tables the test allocates.
 */
#include <kunit/test.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>

#include "etna_pt.h"
#include "etna_pt2.h"

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

	etna_pt_fill(pt, ETNA_VM_START, sgt, SZ_4K);
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

	etna_pt_fill(pt, ETNA_VM_START + 10 * SZ_4K, sgt, 6 * SZ_4K);
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

/*
 * An imported buffer whose scatter list is longer than the buffer: only
 * the buffer's pages are mapped, the entries after it (another mapping's)
 * stay.
 */
static void pt_fill_stops_at_size(struct kunit *test)
{
	static const u32 addr[] = { 0x20000000, 0x30000000 };
	static const u32 len[] = { 2 * SZ_4K, 8 * SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 2);
	u32 *pt = pt_alloc(test);

	etna_pt_fill(pt, ETNA_VM_START + 4 * SZ_4K, sgt, 3 * SZ_4K);
	KUNIT_EXPECT_EQ(test, pt[4], 0x20000000u);
	KUNIT_EXPECT_EQ(test, pt[5], 0x20001000u);
	KUNIT_EXPECT_EQ(test, pt[6], 0x30000000u);
	KUNIT_EXPECT_EQ(test, pt[7], 0x5a5a5a5au);
	KUNIT_EXPECT_EQ(test, pt[13], 0x5a5a5a5au);
	sg_free_table(sgt);
}

/* Scatter lists that cannot back a buffer's mapping. */
static void sgt_check_pages(struct kunit *test)
{
	static const u32 addr[] = { 0x20000000, 0x30000000 };
	static const u32 len[] = { 2 * SZ_4K, SZ_4K };
	static const u32 odd_len[] = { 2 * SZ_4K, 0x800 };
	static const u32 odd_addr[] = { 0x20000000, 0x30000200 };
	struct sg_table *sgt = sgt_make(test, addr, len, 2);
	struct sg_table *sgt_len = sgt_make(test, addr, odd_len, 2);
	struct sg_table *sgt_addr = sgt_make(test, odd_addr, len, 2);

	KUNIT_EXPECT_EQ(test, etna_sgt_check(sgt, 3 * SZ_4K), 0);
	KUNIT_EXPECT_EQ(test, etna_sgt_check(sgt, 2 * SZ_4K), 0);
	KUNIT_EXPECT_EQ(test, etna_sgt_check(sgt, 4 * SZ_4K), -EINVAL);
	KUNIT_EXPECT_EQ(test, etna_sgt_check(sgt_len, 2 * SZ_4K), -EINVAL);
	KUNIT_EXPECT_EQ(test, etna_sgt_check(sgt_addr, 2 * SZ_4K), -EINVAL);
	sg_free_table(sgt);
	sg_free_table(sgt_len);
	sg_free_table(sgt_addr);
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

	etna_pt_fill(pt, ETNA_VM_START + SZ_4K, sgt, 2 * SZ_4K);
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
	KUNIT_CASE(pt_fill_stops_at_size),
	KUNIT_CASE(sgt_check_pages),
	KUNIT_CASE(pt_clear_range),
	KUNIT_CASE(pt_fill_then_clear),
	KUNIT_CASE(pt_window),
	{}
};

static struct kunit_suite etna_pt_suite = {
	.name = "etnaviv-mmuv1-pt",
	.test_cases = etna_pt_cases,
};

/* ---- MMUv2 ---- */

/* Tables with the slave tables of master entries 0, 1 and 1023. */
static struct etna_pt2 *pt2_alloc(struct kunit *test)
{
	static const u32 used[] = { 0, 1, 1023 };
	struct etna_pt2 *pt = kunit_kzalloc(test, sizeof(*pt), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, pt);
	pt->mtlb = kunit_kcalloc(test, ETNA_PT2_ENTRIES, 4, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pt->mtlb);
	memset32(pt->mtlb, ETNA_PT2_EXCEPTION, ETNA_PT2_ENTRIES);
	for (i = 0; i < ARRAY_SIZE(used); i++) {
		u32 *stlb = kunit_kcalloc(test, ETNA_PT2_ENTRIES, 4, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, stlb);
		etna_pt2_set_stlb(pt, used[i], stlb, 0x7000000 + used[i] * SZ_4K);
	}
	return pt;
}

static void pt2_pte_bits(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, etna_pt2_pte(0x12345000, false), 0x12345001u);
	KUNIT_EXPECT_EQ(test, etna_pt2_pte(0x12345000, true), 0x12345005u);
	/* bits 39:32 of the address go to bits 11:4 */
	KUNIT_EXPECT_EQ(test, etna_pt2_pte(0xab12345000ull, true), 0x12345ab5u);
}

static void pt2_stlb_install(struct kunit *test)
{
	struct etna_pt2 *pt = pt2_alloc(test);

	KUNIT_EXPECT_EQ(test, pt->mtlb[1], 0x7001000u | ETNA_PT2_PRESENT);
	KUNIT_EXPECT_EQ(test, pt->mtlb[2], (u32)ETNA_PT2_EXCEPTION);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][0], (u32)ETNA_PT2_EXCEPTION);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][1023], (u32)ETNA_PT2_EXCEPTION);
}

static void pt2_fill_across_stlbs(struct kunit *test)
{
	static const u32 addr[] = { 0x20000000, 0x30004000 };
	static const u32 len[] = { 2 * SZ_4K, SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 2);
	struct etna_pt2 *pt = pt2_alloc(test);
	u32 va = SZ_4M - 2 * SZ_4K;	/* the last two pages of entry 0 */
	bool w;
	u64 pa;

	etna_pt2_fill(pt, va, sgt, 3 * SZ_4K, false);
	KUNIT_EXPECT_EQ(test, pt->stlb[0][1021], (u32)ETNA_PT2_EXCEPTION);
	KUNIT_EXPECT_EQ(test, pt->stlb[0][1022], 0x20000001u);
	KUNIT_EXPECT_EQ(test, pt->stlb[0][1023], 0x20001001u);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][0], 0x30004001u);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][1], (u32)ETNA_PT2_EXCEPTION);
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, SZ_4M + 0x123, &pa, &w), 0);
	KUNIT_EXPECT_EQ(test, pa, 0x30004123ull);
	KUNIT_EXPECT_FALSE(test, w);
	sg_free_table(sgt);
}

/* As pt_fill_stops_at_size, with MMUv2 tables. */
static void pt2_fill_stops_at_size(struct kunit *test)
{
	static const u32 addr[] = { 0x20000000 }, len[] = { 8 * SZ_4K };
	struct sg_table *sgt = sgt_make(test, addr, len, 1);
	struct etna_pt2 *pt = pt2_alloc(test);

	etna_pt2_fill(pt, SZ_4M + SZ_4K, sgt, 2 * SZ_4K, true);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][1], 0x20000005u);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][2], 0x20001005u);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][3], (u32)ETNA_PT2_EXCEPTION);
	KUNIT_EXPECT_EQ(test, pt->stlb[1][8], (u32)ETNA_PT2_EXCEPTION);
	sg_free_table(sgt);
}

static void pt2_clear_and_lookup(struct kunit *test)
{
	struct etna_pt2 *pt = pt2_alloc(test);
	u32 va = 0xffc00000u + 5 * SZ_4K;	/* master entry 1023 */
	bool w = false;
	u64 pa;

	etna_pt2_fill_linear(pt, va, 0x1000000000ull, 3 * SZ_4K, true);
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, va + SZ_4K + 8, &pa, &w), 0);
	KUNIT_EXPECT_EQ(test, pa, 0x1000001008ull);
	KUNIT_EXPECT_TRUE(test, w);
	etna_pt2_clear(pt, va + SZ_4K, SZ_4K);
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, va + SZ_4K, &pa, &w), -ENOENT);
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, va, &pa, &w), 0);
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, va + 2 * SZ_4K, &pa, &w), 0);
	KUNIT_EXPECT_EQ(test, pa, 0x1000002000ull);
}

static void pt2_unmapped_master_faults(struct kunit *test)
{
	struct etna_pt2 *pt = pt2_alloc(test);
	bool w;
	u64 pa;

	/* master entry 2 has no slave table */
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, 2 * SZ_4M, &pa, &w), -ENOENT);
	/* entry 0 has one, but its pages are unmapped */
	KUNIT_EXPECT_EQ(test, etna_pt2_lookup(pt, 0, &pa, &w), -ENOENT);
}

static struct kunit_case etna_pt2_cases[] = {
	KUNIT_CASE(pt2_pte_bits),
	KUNIT_CASE(pt2_stlb_install),
	KUNIT_CASE(pt2_fill_across_stlbs),
	KUNIT_CASE(pt2_fill_stops_at_size),
	KUNIT_CASE(pt2_clear_and_lookup),
	KUNIT_CASE(pt2_unmapped_master_faults),
	{}
};

static struct kunit_suite etna_pt2_suite = {
	.name = "etnaviv-mmuv2-pt",
	.test_cases = etna_pt2_cases,
};

kunit_test_suites(&etna_pt_suite, &etna_pt2_suite);
