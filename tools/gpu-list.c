// SPDX-License-Identifier: MIT
/*
 * gpu-list: one line per GPU core the etnaviv driver exposes: pipe, model,
 * revision, feature words and the main specs.
 */
#include "etna.h"

int main(void)
{
	static const struct { uint32_t param; const char *name; } specs[] = {
		{ ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT, "shaders" },
		{ ETNAVIV_PARAM_GPU_PIXEL_PIPES, "pixpipes" },
		{ ETNAVIV_PARAM_GPU_STREAM_COUNT, "streams" },
		{ ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT, "instrs" },
	};
	int fd = etna_open(), found = 0;
	uint64_t model, rev = 0, f0 = 0, f1 = 0, f2 = 0, v;
	unsigned int pipe, i;

	printf("%-4s %-7s %-10s %-10s %-10s %-10s %s\n", "pipe", "model",
	       "revision", "features", "minor0", "minor1", "specs");
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		int ret = etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &model);

		if (ret == -ENXIO)
			continue;	/* no core, or one the driver refused */
		if (ret) {
			fprintf(stderr, "pipe %u: GET_PARAM: %s\n", pipe,
				strerror(-ret));
			return 1;
		}
		etna_param(fd, pipe, ETNAVIV_PARAM_GPU_REVISION, &rev);
		etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0, &f0);
		etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_1, &f1);
		etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_2, &f2);
		printf("%-4u GC%-5llx 0x%-8llx 0x%08llx 0x%08llx 0x%08llx", pipe,
		       (unsigned long long)model, (unsigned long long)rev,
		       (unsigned long long)f0, (unsigned long long)f1,
		       (unsigned long long)f2);
		for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
			if (etna_param(fd, pipe, specs[i].param, &v))
				continue;
			printf(" %s=%llu", specs[i].name, (unsigned long long)v);
		}
		printf("  [%s%s%s]\n", f0 & (1u << 2) ? " 3D" : "",
		       f0 & (1u << 9) ? " 2D" : "", f0 & (1u << 26) ? " VG" : "");
		found++;
	}
	close(fd);
	if (!found) {
		fprintf(stderr, "no GPU cores found\n");
		return 1;
	}
	return 0;
}
