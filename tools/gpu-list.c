// SPDX-License-Identifier: MIT
/*
 * gpu-list: one line per GPU core the etnaviv driver exposes: pipe, model,
 * revision, feature words and the main specs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "etnaviv.h"

static const struct {
	uint32_t param;
	const char *name;
} specs[] = {
	{ ETNAVIV_GPU_SHADER_CORE_COUNT, "shaders" },
	{ ETNAVIV_GPU_PIXEL_PIPES, "pixpipes" },
	{ ETNAVIV_GPU_STREAM_COUNT, "streams" },
	{ ETNAVIV_GPU_INSTRUCTION_COUNT, "instrs" },
};

/* One core's line; the specs the driver does not report are left out. */
static void print_core(const struct etnaviv_gpu *gpu)
{
	const struct etnaviv_gpu_info *info = etnaviv_gpu_info(gpu);
	uint32_t f0 = info->features[0];
	unsigned int i;
	uint64_t v;

	printf("%-4u GC%-5x 0x%-8x 0x%08x 0x%08x 0x%08x", info->core,
	       info->model, info->revision, f0, info->features[1],
	       info->features[2]);
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		if (etnaviv_gpu_param(gpu, specs[i].param, &v))
			continue;
		printf(" %s=%llu", specs[i].name, (unsigned long long)v);
	}
	printf("  [%s%s%s]\n", f0 & ETNAVIV_FEATURE_PIPE_3D ? " 3D" : "",
	       f0 & ETNAVIV_FEATURE_PIPE_2D ? " 2D" : "",
	       f0 & ETNAVIV_FEATURE_PIPE_VG ? " VG" : "");
}

int main(void)
{
	struct etnaviv_device *dev = etnaviv_device_open(NULL);
	struct etnaviv_gpu *gpu;
	unsigned int core;
	int found = 0;

	if (!dev) {
		fprintf(stderr, "gpu-list: no etnaviv device: %s\n",
			strerror(errno));
		return 2;
	}
	printf("%-4s %-7s %-10s %-10s %-10s %-10s %s\n", "pipe", "model",
	       "revision", "features", "minor0", "minor1", "specs");
	for (core = 0; core < ETNAVIV_MAX_CORES; core++) {
		gpu = etnaviv_gpu_open(dev, core);
		if (!gpu && errno == ENXIO)
			continue;	/* no core, or one the driver refused */
		if (!gpu) {
			fprintf(stderr, "pipe %u: GET_PARAM: %s\n", core,
				strerror(errno));
			etnaviv_device_close(dev);
			return 1;
		}
		print_core(gpu);
		etnaviv_gpu_close(gpu);
		found++;
	}
	etnaviv_device_close(dev);
	if (!found) {
		fprintf(stderr, "no GPU cores found\n");
		return 1;
	}
	return 0;
}
