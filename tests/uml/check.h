/* SPDX-License-Identifier: MIT */
/*
 * Reporting for the test programs that run inside the simulated boards:
 * one line per check, "PASS: <prefix><name>" or "FAIL: <prefix><name>:
 * <why>". A program defines CHECK_PREFIX (e.g. "conf/") before including.
 */
#ifndef CHECK_H
#define CHECK_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "etna.h"

#define MODEL_DEBUGFS	"/sys/kernel/debug/vgc-model"

#ifndef CHECK_PREFIX
#define CHECK_PREFIX ""
#endif

/*
 * A program of several files defines CHECK_SHARED before including this
 * and, in one of its files, "unsigned int nr_failed, nr_passed; char
 * why[768];".
 */
#ifdef CHECK_SHARED
extern unsigned int nr_failed, nr_passed;
extern char why[768];		/* why the current check failed */
#else
static unsigned int nr_failed, nr_passed;
static char why[768];		/* why the current check failed */
#endif

/* Record why the current check fails; returns false to "return fail(...)". */
/*
 * Write @val to the file @path (a sysfs or debugfs attribute) in one
 * write. Return: 0, or -errno (a short write: -EIO).
 */
static inline int write_file(const char *path, const char *val)
{
	ssize_t len = (ssize_t)strlen(val), n;
	int fd = open(path, O_WRONLY);

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	close(fd);
	return n == len ? 0 : n < 0 ? -errno : -EIO;
}

/*
 * The number the file @path starts with (a sysfs or debugfs attribute).
 * Return: the number, or -1 if the file cannot be read.
 */
static inline long read_number(const char *path)
{
	char buf[32];
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		v = strtol(buf, NULL, 0);
	fclose(f);
	return v;
}

/*
 * The number in the model's debugfs file @knob of the core whose debugfs
 * directory is @core (a knob, such as "freeze", or a counter). Return: the
 * number, or -1 if the file cannot be read.
 */
static inline long model_knob_get(const char *core, const char *knob)
{
	char path[256];

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/%s", core, knob);
	return read_number(path);
}

/*
 * Runtime PM "on" (@on) or "auto" for every GPU core, both drivers. A
 * core that autosuspends (after 200 ms idle) loses its counters with its
 * power domain, and our driver's power-up runs the MMUv2 setup through
 * the FE, which a frozen FE (the model's freeze knob, a hung job) never
 * finishes: tests that need either keep the cores powered meanwhile.
 */
static inline void gpu_power_hold(bool on)
{
	glob_t g;
	size_t i;

	if (glob("/sys/bus/platform/drivers/etnaviv-gpu/*/power/control", 0,
		 NULL, &g))
		return;
	for (i = 0; i < g.gl_pathc; i++)
		write_file(g.gl_pathv[i], on ? "on" : "auto");
	globfree(&g);
}

/*
 * Loads the kernel module file @path; one already loaded counts as
 * loaded. Return: 0 or -errno.
 */
static inline int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * Opens vgem's primary node (the one with CREATE_DUMB), vgem and the
 * shmem helpers it needs (Linux 6.1's etnaviv does not load them) loaded
 * first from the kernel build in ETNAVIV_KDIR. The node appears after the
 * module loads: polled for 2 s at most. Return: the fd, its path in @node
 * (@len bytes); or -errno and why in @err (@errlen bytes).
 */
static inline int vgem_open(char *node, size_t len, char *err,
			    size_t errlen)
{
	const char *kdir = getenv("ETNAVIV_KDIR");
	char path[512], name[32];
	int i, tries, fd, ret;

	if (!kdir) {
		snprintf(err, errlen, "ETNAVIV_KDIR not set");
		return -ENOENT;
	}
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/drm_shmem_helper.ko",
		 kdir);
	load_module(path);
	snprintf(path, sizeof(path), "%s/drivers/gpu/drm/vgem/vgem.ko", kdir);
	ret = load_module(path);
	if (ret) {
		snprintf(err, errlen, "insmod %s: %s", path, strerror(-ret));
		return ret;
	}
	for (tries = 0; tries < 100; tries++) {
		for (i = 0; i < 8; i++) {
			struct drm_version v = {
				.name = name, .name_len = sizeof(name) - 1,
			};

			snprintf(node, len, "/dev/dri/card%d", i);
			fd = open(node, O_RDWR | O_CLOEXEC);
			if (fd < 0)
				continue;
			memset(name, 0, sizeof(name));
			if (!etna_ioctl(fd, DRM_IOCTL_VERSION, &v) &&
			    !strcmp(name, "vgem"))
				return fd;
			close(fd);
		}
		usleep(20000);
	}
	snprintf(err, errlen, "vgem loaded but no /dev/dri/cardN is vgem");
	return -ENODEV;
}

/* PRIME_FD_TO_HANDLE of @dmabuf on @fd. Return: 0 or -errno (@handle 0). */
static inline int prime_import(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle req = { .fd = dmabuf };
	int ret = etna_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &req);

	*handle = ret ? 0 : req.handle;
	return ret;
}

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

/* One core's counters from the device model's debugfs. */
struct model_stats {
	char dir[256];
	char core[32];
	char fe[32];
	unsigned long long events, resets, bad_commands, mmu_faults,
			   bus_errors;
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

/* The counters of struct model_stats by their debugfs names. */
static const struct {
	const char *key;
	size_t off;
} model_stat_keys[] = {
	{ "events", offsetof(struct model_stats, events) },
	{ "resets", offsetof(struct model_stats, resets) },
	{ "bad_commands", offsetof(struct model_stats, bad_commands) },
	{ "mmu_faults", offsetof(struct model_stats, mmu_faults) },
	{ "bus_errors", offsetof(struct model_stats, bus_errors) },
	{ "de_ops", offsetof(struct model_stats, de_ops) },
	{ "de_pixels", offsetof(struct model_stats, de_pixels) },
	{ "de_unsupported", offsetof(struct model_stats, de_unsupported) },
	{ "de_bad_pipe", offsetof(struct model_stats, de_bad_pipe) },
	{ "de_flushes", offsetof(struct model_stats, de_flushes) },
	{ "commands", offsetof(struct model_stats, commands) },
	{ "access_while_off", offsetof(struct model_stats, access_while_off) },
	{ "power_offs", offsetof(struct model_stats, power_offs) },
	{ "power_ons", offsetof(struct model_stats, power_ons) },
	{ "cycles", offsetof(struct model_stats, cycles) },
	{ "busy_ticks", offsetof(struct model_stats, busy_ticks) },
	{ "powered", offsetof(struct model_stats, powered) },
	{ "draws_3d", offsetof(struct model_stats, draws_3d) },
	{ "pixels_written", offsetof(struct model_stats, pixels_written) },
};

static inline void model_stat_set(struct model_stats *c, const char *key,
				  const char *val)
{
	size_t i;

	for (i = 0; i < sizeof(model_stat_keys) / sizeof(model_stat_keys[0]);
	     i++)
		if (!strcmp(key, model_stat_keys[i].key))
			*(unsigned long long *)((char *)c +
						model_stat_keys[i].off) =
				strtoull(val, NULL, 10);
}

/*
 * Read the stats of every core of the model, at most @max; returns how
 * many, or -errno.
 */
static inline int read_model_stats(struct model_stats *st, unsigned int max)
{
	struct dirent *de;
	unsigned int n = 0;
	char path[512], line[128], key[32], val[32];
	DIR *d = opendir(MODEL_DEBUGFS);
	FILE *f;

	if (!d)
		return -errno;
	while ((de = readdir(d)) && n < max) {
		struct model_stats *c = &st[n];

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/stats",
			 de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		memset(c, 0, sizeof(*c));
		snprintf(c->dir, sizeof(c->dir), "%s", de->d_name);
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "%31[^:]: %31s", key, val) != 2)
				continue;
			if (!strcmp(key, "core"))
				snprintf(c->core, sizeof(c->core), "%s", val);
			else if (!strcmp(key, "fe"))
				snprintf(c->fe, sizeof(c->fe), "%s", val);
			else
				model_stat_set(c, key, val);
		}
		fclose(f);
		c->parsed = c->core[0] && c->fe[0];
		n++;
	}
	closedir(d);
	return n;
}

/* The MMU faults the model has counted, all its cores together. */
static inline unsigned long long model_mmu_faults(void)
{
	struct model_stats st[8];
	unsigned long long n = 0;
	int i, nr = read_model_stats(st, 8);

	for (i = 0; i < nr; i++)
		n += st[i].mmu_faults;
	return n;
}

#endif /* CHECK_H */
