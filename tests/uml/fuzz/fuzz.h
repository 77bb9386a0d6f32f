/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz: the fuzzers of an etnaviv driver inside a simulated board, each
 * reproducible by seed (main.c says what they are and how to run them).
 * What their files share: the engines, the counters of a run (one page
 * every process of the run shares), the random numbers, the findings,
 * the innocent client and the device model's oracles.
 */
#ifndef FUZZ_H
#define FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <sys/types.h>

#define CHECK_PREFIX "fuzz/"
#include "check.h"

extern struct engine engines[ENGINES_MAX];
extern unsigned int nr_engines;
extern bool upstream, mmuv1, verbose;

/* Where a cs or ops iteration's time goes (--profile). */
enum prof_phase { PROF_BUILD, PROF_SUBMIT, PROF_WAIT, PROF_ORACLE,
		  PROF_PHASES };

/* Counters shared by every process of a run (a MAP_SHARED page). */
struct shared {
	unsigned long iters, calls, ok;
	unsigned long ioctl_calls[32], ioctl_ok[32];
	unsigned long cmd_count[32], state_loads, relocs, accepted, refused;
	unsigned long innocent_jobs, innocent_lost, findings;
	uint64_t cur_iter;	/* the cs or ops iteration running */
	unsigned long faulted;	/* accepted cs jobs that faulted */
	unsigned long canary_hits;	/* the innocent's BOs changed */
	unsigned long mutated;	/* ops: streams changed after they were built */
	uint64_t prof_ns[PROF_PHASES];	/* --profile: time in each phase */
	volatile int stop;
};

extern struct shared *sh;

/*
 * --profile: prof(PHASE) charges the time since the last prof() call to
 * PHASE; without --profile it costs nothing (no clock read).
 */
extern bool profile;
void prof(enum prof_phase phase);

/* Random numbers (splitmix64): iteration i of a run from (seed, i). */
uint64_t rnd64(void);
uint32_t rnd(uint32_t n);
bool chance(unsigned int pct);
void seed_rng(uint64_t seed, uint64_t i);
/* A value with the shapes hardware states like. */
uint32_t interesting(void);

/* A finding: printed, counted in @sh. */
void __printf(1, 2) finding(const char *fmt, ...);

/* A stream and its relocations, on FINDING: lines. */
void dump_stream(const uint32_t *w, unsigned int n,
		 const struct drm_etnaviv_gem_submit_reloc *r, unsigned int nr);

/* Every engine completes a plain job within 10 s. */
bool liveness(int fd);
/* The innocent client, a child process, until @sh->stop. */
pid_t innocent_start(void);
void innocent_stop(pid_t pid);

/*
 * The device model's counters that an accepted job must not move: bus
 * errors ever; on an MMUv1 board with our driver MMU faults (its
 * validator bounds every accepted job) and escapes (an engine reaching
 * memory outside the page table).
 */
struct oracle {
	unsigned long long faults, bus_errors, escapes;
};

void oracle_read(struct oracle *o);
/*
 * What the last oracle_read() saw (read once first): the counters before
 * a job. Between a job and the next only the innocent client's harmless
 * jobs run, so an accepted job is checked over the time since the last
 * accepted job was, which covers its own; a refused job reads nothing.
 */
void oracle_last(struct oracle *o);
/* What moved since @before, as text in @buf; false when it must not. */
bool oracle_held(const struct oracle *before, char *buf, size_t len);

bool accepted_job_held(int fd, uint32_t pipe, uint32_t fence,
		       const struct oracle *before, const char *mode,
		       uint64_t seed, uint64_t it);
void run_iterations(uint64_t seed, uint64_t first, uint64_t iters,
		    uint64_t loop, uint64_t deadline,
		    bool (*iter)(uint64_t seed, uint64_t it));

/* The fuzzers; @deadline 0: no limit but @iters. */
void run_cs(int fd, uint64_t seed, uint64_t first, uint64_t iters,
	    uint64_t loop, uint64_t deadline);
void run_ops(int fd, uint64_t seed, uint64_t first, uint64_t iters,
	     uint64_t loop, uint64_t deadline);
void run_ioctl(uint64_t seed, unsigned int procs, uint64_t iters,
	       uint64_t deadline);
void ioctl_summary(const char *what);

#endif /* FUZZ_H */
