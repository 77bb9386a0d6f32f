// SPDX-License-Identifier: MIT
/*
 * The tests' helper library: reporting, error names, the driver under
 * test, files of sysfs and debugfs, modules, vgem (check.h).
 */
#define _GNU_SOURCE
#include <glob.h>
#include <sys/syscall.h>

#include "check.h"

unsigned int nr_failed, nr_passed;
char why[768];

void report_note(bool ok, const char *prefix, const char *name,
		 const char *fmt, ...)
{
	va_list ap;

	printf("%s: %s%s", ok ? "PASS" : "FAIL", prefix, name);
	if (fmt) {
		printf(": ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	fflush(stdout);
	ok ? nr_passed++ : nr_failed++;
}

const char *errno_name(int e)
{
	static char buf[4][24];
	static unsigned int n;
	const char *s = strerrorname_np(e);
	char *b;

	if (s)
		return s;
	b = buf[n++ % 4];
	snprintf(b, sizeof(buf[0]), "errno %d", e);
	return b;
}

const char *err_name(int ret)
{
	static char buf[4][16];
	static unsigned int n;
	char *b;

	if (ret < 0)
		return errno_name(-ret);
	b = buf[n++ % 4];
	snprintf(b, sizeof(buf[0]), "%d", ret);
	return b;
}

const char *driver_name(void)
{
	const char *d = getenv("ETNAVIV_DRIVER");

	return d ? d : "";
}

bool is_upstream(void)
{
	return !strcmp(driver_name(), "upstream");
}

int write_file(const char *path, const char *val)
{
	ssize_t len = (ssize_t)strlen(val), n;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	close(fd);
	return n == len ? 0 : n < 0 ? -errno : -EIO;
}

int write_number(const char *path, long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%ld\n", v);
	return write_file(path, buf);
}

int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (!f)
		return -errno;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	if (!ok)
		return -EIO;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

long read_number(const char *path)
{
	char buf[32];

	if (read_line(path, buf, sizeof(buf)))
		return -1;
	if (buf[0] == 'Y' || buf[0] == 'N')
		return buf[0] == 'Y';
	return strtol(buf, NULL, 0);
}

int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
		ret = -errno;
	close(fd);
	return ret;
}

void gpu_power_hold(bool on)
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

int vgem_open(char *node, size_t len, char *err, size_t errlen)
{
	const char *kdir = getenv("ETNAVIV_KDIR");
	char path[512];
	int tries, fd, ret;

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
		fd = drm_open_driver("/dev/dri/card%d", 0, 7, "vgem", node,
				     len);
		if (fd >= 0)
			return fd;
		usleep(20000);
	}
	snprintf(err, errlen, "vgem loaded but no /dev/dri/cardN is vgem");
	return -ENODEV;
}
