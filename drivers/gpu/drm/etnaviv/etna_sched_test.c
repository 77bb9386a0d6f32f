// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: KUnit tests of the hang check's progress rule
 *
 * etna_job_progressed() (etna_sched.c) decides from the FE's DMA address
 * whether a job that outlived a timeout period is busy or hung. Command
 * buffers come from one pool, so consecutive jobs often run the same
 * commands at the same addresses: an address remembered from an earlier
 * job, or from this job before a reset, must never make a job look hung.
 */
#include <kunit/test.h>

#include "etna_drv.h"

/* A job the hang check has not looked at yet, as run_job leaves it. */
static void sched_fresh(struct etna_job *job)
{
	memset(job, 0, sizeof(*job));
}

static void sched_first_look(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810));
	/* the same address at the next look: hung */
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810));
}

static void sched_moves(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x1000);
	/* forward, and backward (a LINK to an earlier buffer) */
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x1018));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x0800));
	/* the WAIT/LINK loop: 8 or 16 bytes either way is no progress */
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0808));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0800));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x0810));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x0828));
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
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&a, 0x3810));
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&b, 0x3810));
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&b, 0x3810));
}

/* Run again after a reset (run_job clears hang_seen): a fresh start. */
static void sched_rerun(struct kunit *test)
{
	struct etna_job job;

	sched_fresh(&job);
	etna_job_progressed(&job, 0x3810);
	KUNIT_EXPECT_FALSE(test, etna_job_progressed(&job, 0x3810));
	job.hang_seen = false;
	KUNIT_EXPECT_TRUE(test, etna_job_progressed(&job, 0x3810));
}

static struct kunit_case etna_sched_cases[] = {
	KUNIT_CASE(sched_first_look),
	KUNIT_CASE(sched_moves),
	KUNIT_CASE(sched_other_job_same_address),
	KUNIT_CASE(sched_rerun),
	{}
};

static struct kunit_suite etna_sched_suite = {
	.name = "etna_sched",
	.test_cases = etna_sched_cases,
};

kunit_test_suites(&etna_sched_suite);
