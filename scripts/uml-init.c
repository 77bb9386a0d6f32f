// SPDX-License-Identifier: GPL-2.0-only
/*
 * uml-init: the steps of a board's init script (scripts/uml-init.sh) that
 * would otherwise each start a program. Under UML every process costs a
 * new host address space: 0.15 to 0.3 s each, more than most tests'
 * work. This one static program does them with system calls.
 *
 *   uml-init start KMEMLEAK MODULE...
 *	mount proc, sysfs, devtmpfs, debugfs and a tmpfs on /run; load each
 *	MODULE (exit 126 when one fails); wait up to 10 s for
 *	/dev/dri/renderD128 (exit 127 without it); load the DRM shmem
 *	helpers and vgem from $ETNAVIV_KDIR where they exist (failures
 *	ignored), vgem's render node removed (hide_vgem_render_node());
 *	with KMEMLEAK 1, set aside what kmemleak reports now, in rounds as
 *	set-aside does (what loading modules allocated: UML's kmemleak does
 *	not scan module memory; one round missed objects still younger
 *	than the minimum age on a loaded host).
 *   uml-init set-aside
 *	for a command that loads a module itself (tests/uml/params.sh,
 *	tests/kunit.sh: the init script exports UML_INIT): set aside what
 *	kmemleak reports now, in rounds until one reports nothing more
 *	(at most four), with the task stacks left out of those scans.
 *	Does nothing without kmemleak.
 *   uml-init finish RUN STATUS KMEMLEAK
 *	with KMEMLEAK 1, let kmemleak judge every object and copy its
 *	report to RUN/kmemleak; write the device model's escapes (its
 *	oracle: MMUv1 engine accesses outside the page table, summed over
 *	the cores) to RUN/escapes; write STATUS to RUN/status; sync; power
 *	off.
 *
 * kmemleak judges in two scans: the first records each object's
 * checksum, the second, once every object is older than the minimum age
 * scripts/boot sets (500 ms), reports the unreferenced ones unchanged
 * since.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define KMEMLEAK	"/sys/kernel/debug/kmemleak"
#define RENDER_NODE	"/dev/dri/renderD128"

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/* Load the module at @path; with @quiet, a failure is not reported. */
static int load_module(const char *path, bool quiet)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0) {
		if (!quiet)
			fprintf(stderr, "uml-init: %s: %s\n", path,
				strerror(errno));
		return -1;
	}
	ret = syscall(SYS_finit_module, fd, "", 0);
	if (ret && !quiet)
		fprintf(stderr, "uml-init: loading %s: %s\n", path,
			strerror(errno));
	close(fd);
	return ret;
}

/* Two scans half a second apart; then, with @clear, set the report aside. */
static void kmemleak_judge(int clear)
{
	if (access(KMEMLEAK, W_OK))
		return;
	write_str(KMEMLEAK, "scan");
	nap_ms(500);
	write_str(KMEMLEAK, "scan");
	if (clear)
		write_str(KMEMLEAK, "clear");
}

/* The size of kmemleak's report: what its last scans found, not set aside. */
static long kmemleak_report_size(void)
{
	char buf[4096];
	long size = 0;
	ssize_t n;
	int fd = open(KMEMLEAK, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		size += n;
	close(fd);
	return n < 0 ? -1 : size;
}

/*
 * After a module load in the command: one round of two scans may miss
 * the load's objects. One allocated less than the minimum age before the
 * second scan is not reported yet; nor is one a stale pointer still
 * references, left in a kernel stack that a later task reuses (the
 * scans read whole stacks); the final judgement would then report them.
 * So the stacks stay out of these scans, and rounds go on until one has
 * nothing more to set aside. An object that some task holds only on its
 * stack now is set aside with the rest.
 */
static int set_aside(void)
{
	int round;
	long size;

	if (access(KMEMLEAK, W_OK))
		return 0;
	write_str(KMEMLEAK, "stack=off");
	for (round = 0; round < 4; round++) {
		kmemleak_judge(0);
		size = kmemleak_report_size();
		write_str(KMEMLEAK, "clear");
		if (size <= 0)
			break;
	}
	write_str(KMEMLEAK, "stack=on");
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in, out, ret = 0;
	ssize_t n;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			ret = -1;
			break;
		}
	if (n < 0)
		ret = -1;
	close(out);
	close(in);
	return ret;
}

/*
 * Removes vgem's render node from /dev/dri (its primary node, which the
 * tests import buffers through, stays). EGL's surfaceless platform of
 * Mesa tries every render node in the order of /dev/dri, and devtmpfs
 * lists the newest first: vgem's, loaded after etnaviv, came before
 * etnaviv's, and each GL program printed "failed to open vgem" (Mesa has
 * no vgem driver) before it found etnaviv's.
 */
static void hide_vgem_render_node(void)
{
	char link[512], path[300];
	struct dirent *de;
	DIR *d = opendir("/sys/class/drm");
	const char *base;
	ssize_t n;

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "renderD", 7))
			continue;
		snprintf(path, sizeof(path), "/sys/class/drm/%s/device",
			 de->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		base = strrchr(link, '/');
		if (strcmp(base ? base + 1 : link, "vgem"))
			continue;
		snprintf(path, sizeof(path), "/dev/dri/%s", de->d_name);
		unlink(path);
	}
	closedir(d);
}

static int start(int argc, char **argv)
{
	static const char *const extra[] = {
		"drivers/gpu/drm/drm_shmem_helper.ko",
		"drivers/gpu/drm/vgem/vgem.ko",
	};
	const char *kdir = getenv("ETNAVIV_KDIR");
	char path[4096];
	int i;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	/* /tmp stays the host's: the repository (and the command) may live there. */
	mount("tmpfs", "/run", "tmpfs", 0, NULL);

	for (i = 3; i < argc; i++)
		if (load_module(argv[i], false))
			return 126;
	for (i = 0; i < 500 && access(RENDER_NODE, F_OK); i++)
		nap_ms(20);
	if (access(RENDER_NODE, F_OK)) {
		printf("no %s appeared\n", RENDER_NODE);
		return 127;
	}

	/* vgem, which several tests import buffers from, before the baseline */
	for (i = 0; kdir && i < (int)(sizeof(extra) / sizeof(extra[0])); i++) {
		snprintf(path, sizeof(path), "%s/%s", kdir, extra[i]);
		load_module(path, true);
	}
	hide_vgem_render_node();
	if (!strcmp(argv[2], "1"))
		set_aside();
	return 0;
}

#define MODEL_DEBUGFS	"/sys/kernel/debug/vgc-model"

/* The sum of the "escapes:" lines of the model's cores' stats files. */
static unsigned long long model_escapes(void)
{
	unsigned long long sum = 0, n;
	char path[4096], line[256];
	struct dirent *de;
	DIR *d = opendir(MODEL_DEBUGFS);
	FILE *f;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/stats", MODEL_DEBUGFS,
			 de->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "escapes: %llu", &n) == 1)
				sum += n;
		fclose(f);
	}
	closedir(d);
	return sum;
}

static int finish(int argc, char **argv)
{
	char path[4096];
	int fd;

	if (argc != 5)
		return 2;
	if (!strcmp(argv[4], "1") && !access(KMEMLEAK, R_OK)) {
		kmemleak_judge(0);
		snprintf(path, sizeof(path), "%s/kmemleak", argv[2]);
		copy_file(KMEMLEAK, path);
	}
	snprintf(path, sizeof(path), "%s/escapes", argv[2]);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		dprintf(fd, "%llu\n", model_escapes());
		close(fd);
	}
	snprintf(path, sizeof(path), "%s/status", argv[2]);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		dprintf(fd, "%s\n", argv[3]);
		close(fd);
	}
	sync();
	reboot(RB_POWER_OFF);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "start"))
		return start(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "finish"))
		return finish(argc, argv);
	if (argc == 2 && !strcmp(argv[1], "set-aside"))
		return set_aside();
	fprintf(stderr, "usage: uml-init start KMEMLEAK MODULE... | finish RUN STATUS KMEMLEAK | set-aside\n");
	return 2;
}
