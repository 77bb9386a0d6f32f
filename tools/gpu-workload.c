// SPDX-License-Identifier: MIT
/*
 * gpu-workload [JOBS]: keep every 2D and 3D engine busy with JOBS small
 * command streams each (state loads, a cache flush, NOPs), wait for their
 * fences, and report how long the GPU took. The demo part of `make run`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etnaviv.h"

#define STATE_PRIMITIVE_RESTART_INDEX	0x0678	/* FE */
#define STATE_FLUSH_CACHE		0x380c	/* GL */
#define FLUSH_DEPTH_COLOR		0x3

static uint64_t now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec * 1000000000ull + now.tv_nsec;
}

/* A stream the MMUv1 validator accepts: no addresses, only states. */
static void build_stream(struct etnaviv_cmd_stream *s, uint32_t seq)
{
	etnaviv_emit_state(s, STATE_PRIMITIVE_RESTART_INDEX, seq);
	etnaviv_emit_state(s, STATE_FLUSH_CACHE, FLUSH_DEPTH_COLOR);
	etnaviv_emit(s, ETNAVIV_CMD_NOP);
	etnaviv_emit(s, 0);
}

static int run_pipe(struct etnaviv_gpu *gpu, enum etnaviv_pipe_id id,
		    const char *engine, unsigned int jobs)
{
	unsigned int core = etnaviv_gpu_info(gpu)->core;
	struct etnaviv_cmd_stream *s = NULL;
	struct etnaviv_pipe *pipe;
	uint32_t first = 0, last = 0, fence;
	uint64_t t0, t1, t2;
	unsigned int i;
	int ret;

	pipe = etnaviv_pipe_new(gpu, id);
	if (pipe)
		s = etnaviv_cmd_stream_new(pipe, 8);
	if (!s) {
		fprintf(stderr, "pipe %u: %s: %s\n", core, engine,
			strerror(errno));
		etnaviv_pipe_del(pipe);
		return 1;
	}
	t0 = now_ns();
	for (i = 0; i < jobs; i++) {
		build_stream(s, i);
		ret = etnaviv_cmd_stream_flush(s, &fence);
		if (ret) {
			fprintf(stderr, "pipe %u: submit %u: %s\n", core, i,
				strerror(-ret));
			goto out;
		}
		if (!i)
			first = fence;
		last = fence;
	}
	t1 = now_ns();
	ret = etnaviv_pipe_wait(pipe, last, 10ull * 1000000000ull);
	if (ret) {
		fprintf(stderr, "pipe %u: fence %u: %s\n", core, last,
			strerror(-ret));
		goto out;
	}
	t2 = now_ns();
	printf("pipe %u GC%x %s: %u jobs, fences %u..%u signalled, "
	       "%.1f ms (%.0f jobs/s, drain %.2f ms)\n", core,
	       etnaviv_gpu_info(gpu)->model, engine, jobs, first, last,
	       (t2 - t0) / 1e6, jobs * 1e9 / (t2 - t0), (t2 - t1) / 1e6);
out:
	etnaviv_cmd_stream_del(s);
	etnaviv_pipe_del(pipe);
	return ret ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned int jobs = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	struct etnaviv_device *dev;
	struct etnaviv_gpu *gpu;
	unsigned int core;
	int err = 0;

	if (!jobs) {
		fprintf(stderr, "usage: gpu-workload [JOBS > 0]\n");
		return 2;
	}
	dev = etnaviv_device_open(NULL);
	if (!dev) {
		fprintf(stderr, "gpu-workload: no etnaviv device: %s\n",
			strerror(errno));
		return 2;
	}
	for (core = 0; core < ETNAVIV_MAX_CORES; core++) {
		gpu = etnaviv_gpu_open(dev, core);
		if (!gpu)
			continue;
		if (etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_3D))
			err |= run_pipe(gpu, ETNAVIV_PIPE_3D, "3D", jobs);
		if (etnaviv_gpu_has_pipe(gpu, ETNAVIV_PIPE_2D))
			err |= run_pipe(gpu, ETNAVIV_PIPE_2D, "2D", jobs);
		etnaviv_gpu_close(gpu);
	}
	etnaviv_device_close(dev);
	return err;
}
