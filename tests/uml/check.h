/* SPDX-License-Identifier: MIT */
/*
 * Reporting for the test programs that run inside the simulated boards:
 * one line per check, "PASS: <prefix><name>" or "FAIL: <prefix><name>:
 * <why>". A program defines CHECK_PREFIX (e.g. "conf/") before including.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "etna.h"

#ifndef CHECK_PREFIX
#define CHECK_PREFIX ""
#endif

static unsigned int nr_failed, nr_passed;
static char why[768];		/* why the current check failed */

/* Record why the current check fails; returns false to "return fail(...)". */
static bool __printf(1, 2) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return false;
}

/* Report one check; the reason recorded by fail() goes with a failure. */
static void __printf(2, 3) report(bool ok, const char *fmt, ...)
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

#endif /* CHECK_H */
