// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the table of known cores
 *
 * etna_hw_lookup() (etna_hw.c, its table generated from hw/cores.db)
 * against the public sources' values, written here again: the hardware
 * database words of Linux 6.1 etnaviv_hwdb.c and its later entries, the
 * clock gating and pulse eater quirks of Linux 6.1 etnaviv_gpu.c; the
 * neural-network core count of an NPU (later etnaviv_hwdb.c).
 */
#include <kunit/test.h>

#include "etna_core.h"

static void hw_hwdb_cores(struct kunit *test)
{
	static const struct {
		u32 model, revision, minor0, minor11, streams, pipes, shaders;
		u32 nn_cores;
	} want[] = {
		{ 0x400, 0x4652, 0xe1299fff, 0, 4, 1, 1, 0 },
		{ 0x7000, 0x6202, 0xc1489eff, 0x24, 8, 1, 2, 0 },
		{ 0x7000, 0x6203, 0xc1589eff, 0x24, 16, 1, 2, 0 },
		{ 0x7000, 0x6204, 0xc1589eff, 0x24, 16, 1, 2, 0 },
		{ 0x7000, 0x6214, 0xc1799eff, 0x24, 16, 2, 4, 0 },
		{ 0x520, 0x5341, 0xe9399eff, 0, 1, 1, 1, 0 },
		/* the NPUs: VIPNano-QI, VIP8000 Nano */
		{ 0x8000, 0x7120, 0xc1799eff, 0x10, 8, 1, 1, 8 },
		{ 0x8000, 0x8002, 0xc1799eff, 0x10, 8, 1, 1, 6 },
	};
	const struct etna_ident *id;
	unsigned int i;
	u32 quirks;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		id = etna_hw_lookup(want[i].model, want[i].revision, &quirks);
		KUNIT_ASSERT_NOT_NULL(test, id);
		KUNIT_EXPECT_EQ(test, id->model, want[i].model);
		KUNIT_EXPECT_EQ(test, id->revision, want[i].revision);
		KUNIT_EXPECT_EQ(test, id->minor[0], want[i].minor0);
		KUNIT_EXPECT_EQ(test, id->minor[11], want[i].minor11);
		KUNIT_EXPECT_EQ(test, id->stream_count, want[i].streams);
		KUNIT_EXPECT_EQ(test, id->pixel_pipes, want[i].pipes);
		KUNIT_EXPECT_EQ(test, id->shader_core_count, want[i].shaders);
		KUNIT_EXPECT_EQ(test, id->nn_core_count, want[i].nn_cores);
	}
}

static void hw_gating_quirks(struct kunit *test)
{
	u32 q;

	KUNIT_EXPECT_NULL(test, etna_hw_lookup(0x2000, 0x5108, &q));
	KUNIT_EXPECT_TRUE(test, q & ETNA_QUIRK_NO_TX_GATING);
	etna_hw_lookup(0x4000, 0x5222, &q);
	KUNIT_EXPECT_EQ(test, q, ETNA_QUIRK_NO_TX_GATING |
			ETNA_QUIRK_PULSE_EATER_UNK23);
	etna_hw_lookup(0x4000, 0x5208, &q);
	KUNIT_EXPECT_EQ(test, q, ETNA_QUIRK_PULSE_EATER_UNK23);
	etna_hw_lookup(0x1000, 0x5039, &q);
	KUNIT_EXPECT_EQ(test, q, ETNA_QUIRK_PULSE_EATER_UNK17);
	etna_hw_lookup(0x1000, 0x5040, &q);
	KUNIT_EXPECT_EQ(test, q, ETNA_QUIRK_PULSE_EATER_UNK17);
	etna_hw_lookup(0x7000, 0x6202, &q);
	KUNIT_EXPECT_EQ(test, q, ETNA_QUIRK_NO_SE_RA_TX_GATING);
	/* the other GC7000s and the GC880 keep TX gating */
	etna_hw_lookup(0x7000, 0x6214, &q);
	KUNIT_EXPECT_EQ(test, q, 0);
	etna_hw_lookup(0x880, 0x5106, &q);
	KUNIT_EXPECT_FALSE(test, q & ETNA_QUIRK_NO_TX_GATING);
}

static void hw_unknown_core(struct kunit *test)
{
	u32 q = ~0u;

	KUNIT_EXPECT_NULL(test, etna_hw_lookup(0x2000, 0x5109, &q));
	KUNIT_EXPECT_EQ(test, q, 0);
	KUNIT_EXPECT_NULL(test, etna_hw_lookup(0x7000, 0x6205, &q));
	KUNIT_EXPECT_EQ(test, q, 0);
}

static struct kunit_case etna_hw_cases[] = {
	KUNIT_CASE(hw_hwdb_cores),
	KUNIT_CASE(hw_gating_quirks),
	KUNIT_CASE(hw_unknown_core),
	{}
};

static struct kunit_suite etna_hw_suite = {
	.name = "etnaviv-hw-table",
	.test_cases = etna_hw_cases,
};

kunit_test_suites(&etna_hw_suite);
