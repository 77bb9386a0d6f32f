// SPDX-License-Identifier: MIT
/*
 * etnaviv-top: live GPU usage of an etnaviv device, like top(1).
 *
 * Every interval it reads the DRM usage statistics of every open etnaviv
 * file of every process (/proc/PID/fdinfo/FD: drm-driver, drm-client-id,
 * drm-engine-3d/-2d in ns, drm-memory-system; the format of the kernel's
 * Documentation/gpu/drm-usage-stats.rst), counts each client once (by its
 * drm-client-id, however many fds or processes share it), and shows each
 * engine's utilisation (busy ns gained over the interval's ns), each
 * process's share and memory, and, where the driver has performance
 * counters (PM_QUERY_DOM answers), the first domain's signals of each
 * pipe, sampled through a perfmon request in an empty submit.
 *
 * Needs the right to read other processes' fdinfo (root) to see them;
 * clients that exit within an interval are missed.
 *
 * Usage: etnaviv-top [-d SECONDS] [-n] [-c COUNT] [--device PATH]
 *   -d  refresh interval (default 1)
 *   -n  no screen: print one line per interval (also --once-per-line)
 *   -c  stop after COUNT intervals (default: until q, or for ever)
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <ncurses.h>

#include <drm/etnaviv_drm.h>

#define MAX_CLIENTS	256
#define MAX_PROCS	128
#define MAX_SIGNALS	8
#define NR_ENGINES	2	/* ETNA_PIPE_3D, ETNA_PIPE_2D */

static const char *const engine_names[NR_ENGINES] = { "3d", "2d" };

struct client {
	uint64_t id;
	uint64_t t_ns;	/* when its fdinfo was read */
	int pid;
	uint64_t busy[NR_ENGINES];
	bool has[NR_ENGINES];
	uint64_t mem_kib;
};

struct sample {
	struct client c[MAX_CLIENTS];
	unsigned int n;
	uint64_t t_ns;
};

struct proc {
	int pid;
	char comm[32];
	double util[NR_ENGINES];
	uint64_t mem_kib;
	unsigned int clients;
};

/* the performance counters of one pipe, if the driver has them */
struct perf {
	bool present;
	uint32_t pipe;
	char domain[64];
	unsigned int nr;
	uint8_t dom_id;
	uint16_t sig_id[MAX_SIGNALS];
	char sig[MAX_SIGNALS][64];
	uint32_t last[MAX_SIGNALS];
	double rate[MAX_SIGNALS];
	bool valid;
};

static int dev_fd = -1;
static struct perf perfs[4];
static unsigned int nr_perfs;
static uint32_t perf_bo;
static uint32_t *perf_map;
static uint32_t perf_seq;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* One fdinfo: false unless it is an etnaviv client. */
static bool read_fdinfo(const char *path, struct client *c)
{
	char line[256], key[64], val[128];
	bool etna = false, id = false;
	unsigned int e;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	memset(c, 0, sizeof(*c));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63[^:]: %127s", key, val) != 2)
			continue;
		if (!strcmp(key, "drm-driver"))
			etna = !strcmp(val, "etnaviv");
		else if (!strcmp(key, "drm-client-id"))
			id = true, c->id = strtoull(val, NULL, 10);
		else if (!strcmp(key, "drm-memory-system"))
			c->mem_kib = strtoull(val, NULL, 10);
		for (e = 0; e < NR_ENGINES; e++)
			if (!strncmp(key, "drm-engine-", 11) &&
			    !strcmp(key + 11, engine_names[e])) {
				c->busy[e] = strtoull(val, NULL, 10);
				c->has[e] = true;
			}
	}
	fclose(f);
	return etna && id;
}

/* Every etnaviv client of every process, each once. */
static void take_sample(struct sample *s)
{
	char path[300];
	struct dirent *pd, *fd;
	DIR *proc, *fds;
	struct client c;
	unsigned int i;
	int pid;

	s->n = 0;
	s->t_ns = now_ns();
	proc = opendir("/proc");
	if (!proc)
		return;
	while ((pd = readdir(proc))) {
		if (!isdigit((unsigned char)pd->d_name[0]))
			continue;
		pid = atoi(pd->d_name);
		snprintf(path, sizeof(path), "/proc/%d/fdinfo", pid);
		fds = opendir(path);
		if (!fds)
			continue;
		while ((fd = readdir(fds))) {
			if (fd->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "/proc/%d/fdinfo/%s", pid,
				 fd->d_name);
			if (!read_fdinfo(path, &c))
				continue;
			c.t_ns = now_ns();
			for (i = 0; i < s->n && s->c[i].id != c.id; i++)
				;
			if (i < s->n || s->n == MAX_CLIENTS)
				continue;
			c.pid = pid;
			s->c[s->n++] = c;
		}
		closedir(fds);
	}
	closedir(proc);
}

static const struct client *find_client(const struct sample *s, uint64_t id)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (s->c[i].id == id)
			return &s->c[i];
	return NULL;
}

static void read_comm(int pid, char *comm, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	snprintf(comm, len, "?");
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(comm, len, f))
		comm[strcspn(comm, "\n")] = '\0';
	fclose(f);
}

/*
 * From two samples: each engine's utilisation (0..1), which engines
 * exist, the processes by pid.
 */
static unsigned int compare(const struct sample *a, const struct sample *b,
			    double util[NR_ENGINES], bool has[NR_ENGINES],
			    struct proc *procs, uint64_t *mem_kib)
{
	double dt = b->t_ns > a->t_ns ? (double)(b->t_ns - a->t_ns) : 1;
	unsigned int i, j, e, np = 0;
	double cdt;
	const struct client *old;
	uint64_t d;

	memset(util, 0, NR_ENGINES * sizeof(*util));
	*mem_kib = 0;
	for (i = 0; i < b->n; i++) {
		const struct client *c = &b->c[i];

		old = find_client(a, c->id);
		/* over the time between its two readings: /proc is slow */
		cdt = old && c->t_ns > old->t_ns ? (double)(c->t_ns - old->t_ns) :
		      dt;
		for (j = 0; j < np && procs[j].pid != c->pid; j++)
			;
		if (j == np && np < MAX_PROCS) {
			memset(&procs[np], 0, sizeof(procs[np]));
			procs[np].pid = c->pid;
			read_comm(c->pid, procs[np].comm,
				  sizeof(procs[np].comm));
			np++;
		}
		*mem_kib += c->mem_kib;
		if (j < np) {
			procs[j].mem_kib += c->mem_kib;
			procs[j].clients++;
		}
		for (e = 0; e < NR_ENGINES; e++) {
			has[e] |= c->has[e];
			d = old && c->busy[e] > old->busy[e] ?
			    c->busy[e] - old->busy[e] : 0;
			util[e] += d / cdt;
			if (j < np)
				procs[j].util[e] += d / cdt;
		}
	}
	/*
	 * A file's figure grows no faster than the clock on one core; the
	 * clients of an engine that several cores have could pass 100%
	 */
	for (e = 0; e < NR_ENGINES; e++) {
		if (util[e] > 1)
			util[e] = 1;
		for (j = 0; j < np; j++)
			if (procs[j].util[e] > 1)
				procs[j].util[e] = 1;
	}
	return np;
}

/* ---- performance counters ------------------------------------------- */

static int xioctl(unsigned long req, void *arg)
{
	int ret;

	do
		ret = ioctl(dev_fd, req, arg);
	while (ret && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/* The first domain of each pipe and its first signals, if any. */
static void perf_probe(void)
{
	struct drm_etnaviv_pm_domain dom;
	struct drm_etnaviv_pm_signal sig;
	struct drm_etnaviv_gem_new bo = { .size = 4096, .flags = ETNA_BO_CACHED };
	struct drm_etnaviv_gem_info bi = { 0 };
	struct perf *p;
	uint32_t pipe;
	void *m;

	for (pipe = 0; pipe < 4 && nr_perfs < 4; pipe++) {
		memset(&dom, 0, sizeof(dom));
		dom.pipe = pipe;
		dom.iter = 0;
		if (xioctl(DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, &dom) ||
		    !dom.nr_signals)
			continue;	/* no counters: skipped */
		p = &perfs[nr_perfs];
		memset(p, 0, sizeof(*p));
		p->pipe = pipe;
		p->dom_id = dom.id;
		snprintf(p->domain, sizeof(p->domain), "%.*s",
			 (int)sizeof(dom.name), dom.name);
		memset(&sig, 0, sizeof(sig));
		for (sig.iter = 0; p->nr < MAX_SIGNALS &&
		     p->nr < dom.nr_signals;) {
			sig.pipe = pipe;
			sig.domain = dom.id;
			if (xioctl(DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, &sig))
				break;
			p->sig_id[p->nr] = sig.id;
			snprintf(p->sig[p->nr], sizeof(p->sig[0]), "%.*s",
				 (int)sizeof(sig.name), sig.name);
			p->nr++;
			if (sig.iter == 0xffff)
				break;
		}
		p->present = p->nr > 0;
		nr_perfs += p->present;
	}
	if (!nr_perfs)
		return;
	if (xioctl(DRM_IOCTL_ETNAVIV_GEM_NEW, &bo)) {
		nr_perfs = 0;
		return;
	}
	perf_bo = bo.handle;
	bi.handle = bo.handle;
	m = xioctl(DRM_IOCTL_ETNAVIV_GEM_INFO, &bi) ? MAP_FAILED :
	    mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dev_fd,
		 bi.offset);
	if (m == MAP_FAILED)
		nr_perfs = 0;
	else
		perf_map = m;
}

/* Reads the counters of @p through an empty job with perfmon requests. */
static void perf_sample(struct perf *p, double dt_s)
{
	struct drm_etnaviv_gem_submit_pmr pmr[MAX_SIGNALS];
	struct drm_etnaviv_gem_submit_bo sbo = {
		.handle = perf_bo, .flags = ETNA_SUBMIT_BO_WRITE,
	};
	uint32_t stream[2] = { 0x18000000u, 0 };	/* NOP */
	struct drm_etnaviv_gem_submit req = {
		.pipe = p->pipe, .exec_state = ETNA_PIPE_3D,
		.nr_bos = 1, .bos = (uintptr_t)&sbo,
		.stream = (uintptr_t)stream, .stream_size = sizeof(stream),
		.nr_pmrs = p->nr, .pmrs = (uintptr_t)pmr,
	};
	struct drm_etnaviv_wait_fence wf = { .pipe = p->pipe };
	struct timespec ts;
	unsigned int i;
	uint32_t v;

	memset(pmr, 0, sizeof(pmr));
	for (i = 0; i < p->nr; i++) {
		pmr[i].flags = ETNA_PM_PROCESS_PRE;
		pmr[i].sequence = ++perf_seq;
		pmr[i].read_offset = i * 4;
		pmr[i].read_idx = 0;
		pmr[i].domain = p->dom_id;
		pmr[i].signal = p->sig_id[i];
	}
	if (xioctl(DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req)) {
		/* a 2D-only pipe: try its engine */
		req.exec_state = ETNA_PIPE_2D;
		if (xioctl(DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req)) {
			p->present = false;
			return;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &ts);
	wf.fence = req.fence;
	wf.timeout.tv_sec = ts.tv_sec + 1;
	wf.timeout.tv_nsec = ts.tv_nsec;
	if (xioctl(DRM_IOCTL_ETNAVIV_WAIT_FENCE, &wf))
		return;
	for (i = 0; i < p->nr; i++) {
		v = perf_map[i];
		p->rate[i] = p->valid ? (uint32_t)(v - p->last[i]) / dt_s : 0;
		p->last[i] = v;
	}
	p->valid = true;
}

/* ---- output --------------------------------------------------------- */

static void print_line(double t, const double util[NR_ENGINES],
		       const bool has[NR_ENGINES], const struct proc *procs,
		       unsigned int np, uint64_t mem_kib, unsigned int clients)
{
	unsigned int e, i, top = 0;

	printf("%.3f", t);
	for (e = 0; e < NR_ENGINES; e++)
		if (has[e])
			printf(" %s %5.1f%%", engine_names[e], 100 * util[e]);
	printf(" | clients %u | memory %" PRIu64 " KiB", clients, mem_kib);
	for (i = 1; i < np; i++)
		if (procs[i].util[0] + procs[i].util[1] >
		    procs[top].util[0] + procs[top].util[1])
			top = i;
	if (np)
		printf(" | top %s[%d] %.1f%%", procs[top].comm, procs[top].pid,
		       100 * (procs[top].util[0] + procs[top].util[1]));
	for (i = 0; i < nr_perfs; i++)
		if (perfs[i].present && perfs[i].valid && perfs[i].nr)
			printf(" | pipe%u %s %.0f/s", perfs[i].pipe,
			       perfs[i].sig[0], perfs[i].rate[0]);
	printf("\n");
	fflush(stdout);
}

static void draw(double interval, const double util[NR_ENGINES],
		 const bool has[NR_ENGINES], const struct proc *procs,
		 unsigned int np, uint64_t mem_kib, unsigned int clients,
		 const char *device)
{
	int row = 0, width = 40, bar, x;
	unsigned int e, i, s;

	erase();
	mvprintw(row++, 0, "etnaviv-top - %s - every %.1f s - q quits",
		 device, interval);
	row++;
	attron(A_BOLD);
	mvprintw(row++, 0, "ENGINE  UTILISATION");
	attroff(A_BOLD);
	for (e = 0; e < NR_ENGINES; e++) {
		if (!has[e])
			continue;
		bar = (int)(util[e] * width + 0.5);
		mvprintw(row, 0, "%-6s  [", engine_names[e]);
		for (x = 0; x < width; x++)
			addch(x < bar ? '|' : ' ');
		printw("] %5.1f%%", 100 * util[e]);
		row++;
	}
	row++;
	mvprintw(row++, 0, "clients %u, memory %" PRIu64 " KiB", clients,
		 mem_kib);
	row++;
	attron(A_BOLD);
	mvprintw(row++, 0, "%7s  %-16s %7s %7s %10s %7s", "PID", "COMMAND",
		 "3D", "2D", "MEMORY", "FILES");
	attroff(A_BOLD);
	for (i = 0; i < np && row < LINES - 2; i++)
		mvprintw(row++, 0, "%7d  %-16.16s %6.1f%% %6.1f%% %6" PRIu64
			 " KiB %7u", procs[i].pid, procs[i].comm,
			 100 * procs[i].util[0], 100 * procs[i].util[1],
			 procs[i].mem_kib, procs[i].clients);
	row++;
	for (i = 0; i < nr_perfs && row < LINES - 1; i++) {
		if (!perfs[i].present)
			continue;
		attron(A_BOLD);
		mvprintw(row++, 0, "pipe %u counters, domain %s (per second)",
			 perfs[i].pipe, perfs[i].domain);
		attroff(A_BOLD);
		for (s = 0; s < perfs[i].nr && row < LINES - 1; s++)
			mvprintw(row++, 2, "%-32s %14.0f", perfs[i].sig[s],
				 perfs[i].rate[s]);
	}
	if (!nr_perfs && row < LINES - 1)
		mvprintw(row++, 0, "no performance counters");
	refresh();
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: etnaviv-top [-d SECONDS] [-n] [-c COUNT] [--device PATH]\n"
"Live GPU usage of etnaviv clients, from /proc/PID/fdinfo.\n"
"  -d, --delay SECONDS  refresh interval (default 1)\n"
"  -n, --no-screen      print one line per interval instead of a screen\n"
"  -c, --count COUNT    stop after COUNT intervals\n"
"  --device PATH        the render node (default /dev/dri/renderD128)\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "delay", required_argument, NULL, 'd' },
		{ "no-screen", no_argument, NULL, 'n' },
		{ "once-per-line", no_argument, NULL, 'n' },
		{ "count", required_argument, NULL, 'c' },
		{ "device", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *device = "/dev/dri/renderD128";
	static struct sample s[2];
	struct proc procs[MAX_PROCS];
	double interval = 1, util[NR_ENGINES];
	bool has[NR_ENGINES], text = false;
	long count = -1, n;
	unsigned int np, i, cur = 0;
	uint64_t mem, t0;
	char *end;
	int opt, ch;

	while ((opt = getopt_long(argc, argv, "d:nc:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			interval = strtod(optarg, &end);
			if (*end || !(interval >= 0.05 && interval <= 3600)) {
				fprintf(stderr, "etnaviv-top: bad interval "
					"'%s' (0.05 to 3600 s)\n", optarg);
				return 2;
			}
			break;
		case 'n':
			text = true;
			break;
		case 'c':
			count = strtol(optarg, &end, 10);
			if (*end || count < 1) {
				fprintf(stderr, "etnaviv-top: bad count '%s'\n",
					optarg);
				return 2;
			}
			break;
		case 'D':
			device = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	dev_fd = open(device, O_RDWR | O_CLOEXEC);
	if (dev_fd < 0) {
		fprintf(stderr, "etnaviv-top: %s: %s\n", device,
			strerror(errno));
		return 1;
	}
	perf_probe();
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	if (!text) {
		initscr();
		cbreak();
		noecho();
		curs_set(0);
		timeout((int)(interval * 1000));
	}
	t0 = now_ns();
	take_sample(&s[cur]);
	for (i = 0; i < nr_perfs; i++)
		perf_sample(&perfs[i], interval);
	for (n = 0; !stop && (count < 0 || n < count); n++) {
		if (text) {
			struct timespec ts = {
				.tv_sec = (time_t)interval,
				.tv_nsec = (long)((interval - (time_t)interval) *
						  1e9),
			};
			while (nanosleep(&ts, &ts) && !stop)
				;
		} else {
			ch = getch();	/* waits up to the interval */
			if (ch == 'q' || ch == 'Q')
				break;
		}
		cur ^= 1;
		take_sample(&s[cur]);
		for (i = 0; i < nr_perfs; i++)
			perf_sample(&perfs[i],
				    (s[cur].t_ns - s[cur ^ 1].t_ns) / 1e9);
		memset(has, 0, sizeof(has));
		np = compare(&s[cur ^ 1], &s[cur], util, has, procs, &mem);
		if (text)
			print_line((s[cur].t_ns - t0) / 1e9, util, has, procs,
				   np, mem, s[cur].n);
		else
			draw(interval, util, has, procs, np, mem, s[cur].n,
			     device);
	}
	if (!text)
		endwin();
	close(dev_fd);
	return 0;
}
