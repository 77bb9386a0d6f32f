/* SPDX-License-Identifier: MIT */
/*
 * The tests' helper library (tests/uml/lib/, build/tests/lib/libtest.a),
 * for the test programs that run inside the simulated boards, tests/gl
 * and tests/tools: reporting, error names, the device model's debugfs,
 * files of sysfs and debugfs, waits, random numbers.
 *
 * Reporting: one line per check, "PASS: <prefix><name>" or "FAIL:
 * <prefix><name>: <why>". A program defines CHECK_PREFIX (e.g. "conf/")
 * before including this; the counters are the library's, one set for
 * every file of a program.
 */
#ifndef CHECK_H
#define CHECK_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "etna.h"

#define MODEL_DEBUGFS	"/sys/kernel/debug/vgc-model"

#ifndef CHECK_PREFIX
#define CHECK_PREFIX ""
#endif

/* ---- reporting (check.c) --------------------------------------------- */

extern unsigned int nr_failed, nr_passed;
extern char why[768];		/* why the current check failed */

/* Record why the current check fails; returns false to "return fail(...)". */
static inline bool __printf(1, 2) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return false;
}

/* Report one check; the reason recorded by fail() goes with a failure. */
static inline void __printf(2, 3) report(bool ok, const char *fmt, ...)
{
	char name[192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (ok) {
		printf("PASS: " CHECK_PREFIX "%s\n", name);
		nr_passed++;
	} else {
		printf("FAIL: " CHECK_PREFIX "%s: %s\n", name,
		       why[0] ? why : "?");
		nr_failed++;
	}
	fflush(stdout);
	why[0] = '\0';
}

/*
 * One check that cannot be decided this run (the host's load moved the
 * event it needs): "SKIP: <prefix><name>: undecided: <reason>", so that
 * the step still reports the line.
 */
static inline void __printf(2, 3) report_skip(const char *reason,
					      const char *fmt, ...)
{
	char name[192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	printf("SKIP: " CHECK_PREFIX "%s: undecided: %s\n", name, reason);
	fflush(stdout);
	why[0] = '\0';
}

/*
 * One check that says what it saw either way, for programs whose prefix
 * is made at run time (tests/gl): "PASS: <prefix><name>: <note>" or
 * "FAIL: ...", the note from @fmt (NULL: none).
 */
void __printf(4, 5) report_note(bool ok, const char *prefix,
				const char *name, const char *fmt, ...);

/* The symbolic name of errno @e ("EINVAL"), or "errno N". */
const char *errno_name(int e);
/*
 * A return value of the form 0 or -errno (etna_ioctl()'s) for a message:
 * "0", "EINVAL"; a positive one as its number.
 */
const char *err_name(int ret);
/* ETNAVIV_DRIVER (scripts/boot): the driver under test, "" if unset. */
const char *driver_name(void);
/* Whether the driver under test is upstream Linux 6.1's. */
bool is_upstream(void);

/* ---- files of sysfs and debugfs (check.c) ------------------------------- */

/*
 * Write @val to the file @path (a sysfs or debugfs attribute) in one
 * write. Return: 0, or -errno (a short write: -EIO).
 */
int write_file(const char *path, const char *val);
/* write_file() of the number @v and a newline. */
int write_number(const char *path, long v);
/*
 * The number the file @path starts with (a sysfs or debugfs attribute;
 * "Y" and "N" read as 1 and 0). Return: the number, or -1 if the file
 * cannot be read.
 */
long read_number(const char *path);
/*
 * The first line of the file @path, without its newline, in @buf (@len
 * bytes). Return: 0 or -errno (-EIO: empty).
 */
int read_line(const char *path, char *buf, size_t len);
/*
 * Loads the kernel module file @path; one already loaded counts as
 * loaded. Return: 0 or -errno.
 */
int load_module(const char *path);
/*
 * Runtime PM "on" (@on) or "auto" for every GPU core, both drivers. A
 * core that autosuspends (after 200 ms idle) loses its counters with its
 * power domain, and our driver's power-up runs the MMUv2 setup through
 * the FE, which a frozen FE (the model's freeze knob, a hung job) never
 * finishes: tests that need either keep the cores powered meanwhile.
 */
void gpu_power_hold(bool on);
/*
 * Opens vgem's primary node (the one with CREATE_DUMB), vgem and the
 * shmem helpers it needs (Linux 6.1's etnaviv does not load them) loaded
 * first from the kernel build in ETNAVIV_KDIR. The node appears after the
 * module loads: polled for 2 s at most. Return: the fd, its path in @node
 * (@len bytes); or -errno and why in @err (@errlen bytes).
 */
int vgem_open(char *node, size_t len, char *err, size_t errlen);

/* ---- the device model's debugfs (model.c) ------------------------------ */

/* One core's counters from the device model's debugfs. */
struct model_stats {
	char dir[256];
	char core[32];
	char fe[32];
	unsigned long long events, resets, bad_commands, mmu_faults,
			   bus_errors, escapes;
	bool parsed;
	/* the 2D engine */
	unsigned long long de_ops, de_pixels, de_unsupported, de_bad_pipe,
			   de_flushes;
	/* power: clock gates, power domain, frequency scale */
	unsigned long long commands, access_while_off, power_offs, power_ons,
			   cycles, busy_ticks, powered;
	/* the 3D pipeline */
	unsigned long long draws_3d, pixels_written;
};

/*
 * Read the stats of every core of the model, at most @max; returns how
 * many, or -errno.
 */
int read_model_stats(struct model_stats *st, unsigned int max);
/* The stats of the model core @dir (all 0 if it has none). */
struct model_stats model_stats_of(const char *dir);
/* One counter (at @off in struct model_stats) of @n stats, summed. */
unsigned long long model_stats_sum(const struct model_stats *st, int n,
				   size_t off);
/* One counter of every core of the model, summed (MODEL_SUM(field)). */
unsigned long long model_sum(size_t off);
#define MODEL_SUM(field)	model_sum(offsetof(struct model_stats, field))
/* The MMU faults the model has counted, all its cores together. */
#define model_mmu_faults()	MODEL_SUM(mmu_faults)
/*
 * The value of "@key:" in the stats of the model core @dir, as a number
 * (the return value, -1 if absent) and, with @str, as text (@len bytes).
 */
long long model_stat(const char *dir, const char *key, char *str, size_t len);
/*
 * The model's resets of the core @dir but those after a power-up: ours
 * resets a core it powers up (runtime PM does that at any idle moment),
 * Linux 6.1's runtime resume sets the core up without a reset.
 */
long long model_resets(const char *dir);
/*
 * The model core directory whose "core:" is gc<@model in hex>, or that
 * followed by "-<revision>" (the model's name when it has several), into
 * @dir (@len bytes). Return: 0, or -ENOENT ("" in @dir).
 */
int model_core_find(uint32_t model, char *dir, size_t len);
/*
 * The number in the model's debugfs file @knob of the core whose debugfs
 * directory is @core (a knob, such as "freeze", or a counter). Return: the
 * number, or -1 if the file cannot be read.
 */
long model_knob_get(const char *core, const char *knob);
/*
 * Writes @val to the knob @knob of the model core @core ("freeze",
 * "clock_khz", ...). Return: 0 or -errno.
 */
int model_knob_set(const char *core, const char *knob, long val);

/* ---- waits (util.c) ------------------------------------------------------ */

/* Sleeps @ms milliseconds (all of them, signals or not). */
void sleep_ms(unsigned int ms);
/* Whether @fd has one of @events within @ms milliseconds (poll). */
bool fd_ready(int fd, short events, int ms);
/*
 * A sync file's status: 1 signalled, 0 active, < 0 its error; -1000 -
 * errno when SYNC_IOC_FILE_INFO itself fails.
 */
int sync_status(int sfd);
/* Waits at most @ms for the sync file @sfd: its status (0: still active). */
int sync_wait(int sfd, int ms);
/* A sync_status() for a message: "1 (signalled)", ... */
const char *status_name(int st);
/* Waits (polling, at most @ns) until the word @p is @want. */
bool wait_word(const uint32_t *p, uint32_t want, uint64_t ns);

/* ---- numbers (util.c) ---------------------------------------------------- */

/* xorshift32: the next number of the sequence whose state is *@s (not 0). */
uint32_t xorshift32(uint32_t *s);
/* splitmix64: the next number of the sequence whose state is *@s. */
uint64_t splitmix64(uint64_t *s);
/* A word of a test pattern: word @i of the pattern @seed. */
uint32_t pattern(size_t i, uint32_t seed);

#endif /* CHECK_H */
