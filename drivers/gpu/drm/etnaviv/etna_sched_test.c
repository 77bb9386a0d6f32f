// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the hang check's progress rule
 *
 * etna_job_progressed() (etna_sched.c) decides from the FE's DMA address
 * and the engines' work counters whether a job that outlived a timeout
 * period is busy or hung. Command buffers come from one pool, so
 * consecutive jobs often run the same commands at the same addresses: an
 * address remembered from an earlier job, or from this job before a
 * reset, must never make a job look hung. While an engine works, the FE
 * stands still and only the counters move.
 */
#include <kunit/test.h>

#include "etna_job.h"

/* A job the hang check has not looked at yet, as run_job leaves it. */
static void sched_fresh(struct etna_job *job)
{
	memset(job, 0, sizeof(*job));
}

static void sched_first_look(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 0));
	/* the same address at the next look: hung */
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 0));
}

static void sched_moves(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x1000, 0);
	/* forward, and backward (a LINK to an earlier buffer) */
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x1018, 0));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x0800, 0));
	/* the WAIT/LINK loop: 8 or 16 bytes either way is no progress */
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0808, 0));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0800, 0));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0810, 0));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x0828, 0));
}

/*
 * Two jobs from the same place of the pool, each seen once at the same
 * address (a long resolve at the same offset of their streams): the
 * second job's first look is not a second look at the first job.
 */
static void sched_other_job_same_address(struct kunit *test)
{
	struct etna_job a, b;

	sched_fresh(&a);
	sched_fresh(&b);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&a, 0x3810, 0));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&b, 0x3810, 0));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&b, 0x3810, 0));
}

/* Run again after a reset (run_job clears hang_seen): a fresh start. */
static void sched_rerun(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x3810, 0);
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 0));
	job.hang_seen = false;
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 0));
}

/* An engine works, the FE waiting at the command that started it. */
static void sched_engine_works(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x3810, 100);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 4196));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 9000));
	/* the engine done, the FE stuck after it: hung */
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 9000));
	/* in the WAIT/LINK loop, but an engine worked: busy */
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3818, 9001));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 9001));
}

/* The counters' sum wraps at 2^32: a smaller sum is work too. */
static void sched_work_wraps(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x3810, 0xfffffff0);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 0x10));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 0x10));
}

/*
 * Both remembered at every look: a FE that moved at one look and an
 * engine that worked at the next are compared with the look before each.
 */
static void sched_both_remembered(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x1000, 5);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x2000, 5));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x2000, 6));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x2008, 6));
}

/*
 * Counts left from an earlier run (before a reset) or an earlier job:
 * the first look at this run is progress, whatever they are.
 */
static void sched_first_look_stale_work(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x3810, 77);
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 77));
	job.hang_seen = false;
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810, 77));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810, 77));
}

static struct kunit_case etna_sched_cases[] = {
	KUNIT_CASE(sched_first_look),
	KUNIT_CASE(sched_moves),
	KUNIT_CASE(sched_other_job_same_address),
	KUNIT_CASE(sched_rerun),
	KUNIT_CASE(sched_engine_works),
	KUNIT_CASE(sched_work_wraps),
	KUNIT_CASE(sched_both_remembered),
	KUNIT_CASE(sched_first_look_stale_work),
	{}
};

static struct kunit_suite etna_sched_suite = {
	.name = "etna_sched",
	.test_cases = etna_sched_cases,
};

kunit_test_suites(&etna_sched_suite);
