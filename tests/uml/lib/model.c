// SPDX-License-Identifier: MIT
/* The tests' helper library: the device model's debugfs (check.h). */
#include "check.h"

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
	{ "escapes", offsetof(struct model_stats, escapes) },
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

static void model_stat_set(struct model_stats *c, const char *key,
			   const char *val)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(model_stat_keys); i++)
		if (!strcmp(key, model_stat_keys[i].key))
			*(unsigned long long *)((char *)c +
						model_stat_keys[i].off) =
				strtoull(val, NULL, 10);
}

int read_model_stats(struct model_stats *st, unsigned int max)
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

#define MODEL_CORES_MAX	16

struct model_stats model_stats_of(const char *dir)
{
	struct model_stats st[MODEL_CORES_MAX], none = { .dir = "" };
	int i, n = read_model_stats(st, MODEL_CORES_MAX);

	for (i = 0; i < n; i++)
		if (!strcmp(st[i].dir, dir))
			return st[i];
	return none;
}

unsigned long long model_stats_sum(const struct model_stats *st, int n,
				   size_t off)
{
	unsigned long long sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += *(const unsigned long long *)((const char *)&st[i] + off);
	return sum;
}

unsigned long long model_sum(size_t off)
{
	struct model_stats st[MODEL_CORES_MAX];

	return model_stats_sum(st, read_model_stats(st, MODEL_CORES_MAX), off);
}

long long model_stat(const char *dir, const char *key, char *str, size_t len)
{
	char path[512], line[128], k[32], v[64];
	long long val = -1;
	FILE *f;

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/stats", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%31[^:]: %63s", k, v) != 2 || strcmp(k, key))
			continue;
		if (str)
			snprintf(str, len, "%s", v);
		val = strtoll(v, NULL, 10);
		break;
	}
	fclose(f);
	return val;
}

int model_core_find(uint32_t model, char *dir, size_t len)
{
	char want[32], name[32];
	struct dirent *de;
	size_t n;
	DIR *d;

	snprintf(want, sizeof(want), "gc%x", model);
	n = strlen(want);
	dir[0] = '\0';
	d = opendir(MODEL_DEBUGFS);
	if (!d)
		return -ENOENT;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		name[0] = '\0';
		model_stat(de->d_name, "core", name, sizeof(name));
		if (!strncmp(name, want, n) && (!name[n] || name[n] == '-')) {
			snprintf(dir, len, "%s", de->d_name);
			break;
		}
	}
	closedir(d);
	return dir[0] ? 0 : -ENOENT;
}

long long model_resets(const char *dir)
{
	struct model_stats st = model_stats_of(dir);

	return st.resets - (is_upstream() ? 0 : st.power_ons);
}

long model_knob_get(const char *core, const char *knob)
{
	char path[512];

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/%s", core, knob);
	return read_number(path);
}

int model_knob_set(const char *core, const char *knob, long val)
{
	char path[512];

	snprintf(path, sizeof(path), MODEL_DEBUGFS "/%s/%s", core, knob);
	return write_number(path, val);
}
