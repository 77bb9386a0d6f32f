// SPDX-License-Identifier: MIT
/*
 * gpu-workload [JOBS]: keep every 2D and 3D engine busy with JOBS small
 * command streams each (state loads, a cache flush, NOPs), wait for their
 * fences, and report how long the GPU took. The demo part of `make run`.
 */
#include "etna.h"

#define FEATURE_PIPE_3D	(1u << 2)
#define FEATURE_PIPE_2D	(1u << 9)

/* A stream the MMUv1 validator accepts: no addresses, only states. */
static unsigned int build_stream(uint32_t *s, uint32_t seq)
{
	unsigned int n = 0;

	s[n++] = 0x08010000u | (0x0678 >> 2);	/* FE: PRIMITIVE_RESTART_INDEX */
	s[n++] = seq;
	s[n++] = 0x08010000u | (0x380c >> 2);	/* GL: FLUSH_CACHE */
	s[n++] = 0x3;				/* depth | color */
	s[n++] = 0x18000000u;			/* NOP */
	s[n++] = 0;
	return n;
}

static int run_pipe(int fd, uint32_t pipe, uint32_t exec_state,
		    const char *engine, unsigned int jobs)
{
	struct drm_etnaviv_gem_submit req;
	struct drm_etnaviv_wait_fence wait;
	uint32_t stream[8], first = 0, last = 0;
	uint64_t t0, t1, t2, model = 0;
	unsigned int i;
	int ret;

	etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL, &model);
	t0 = etna_now_ns();
	for (i = 0; i < jobs; i++) {
		memset(&req, 0, sizeof(req));
		req.pipe = pipe;
		req.exec_state = exec_state;
		req.stream_size = build_stream(stream, i) * 4;
		req.stream = (uintptr_t)stream;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);
		if (ret) {
			fprintf(stderr, "pipe %u: submit %u: %s\n", pipe, i,
				strerror(-ret));
			return 1;
		}
		if (!i)
			first = req.fence;
		last = req.fence;
	}
	t1 = etna_now_ns();
	memset(&wait, 0, sizeof(wait));
	wait.pipe = pipe;
	wait.fence = last;
	wait.timeout = etna_timeout(10ull * 1000000000ull);
	ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_WAIT_FENCE, &wait);
	if (ret) {
		fprintf(stderr, "pipe %u: fence %u: %s\n", pipe, last,
			strerror(-ret));
		return 1;
	}
	t2 = etna_now_ns();
	printf("pipe %u GC%llx %s: %u jobs, fences %u..%u signalled, "
	       "%.1f ms (%.0f jobs/s, drain %.2f ms)\n", pipe,
	       (unsigned long long)model, engine, jobs, first, last,
	       (t2 - t0) / 1e6, jobs * 1e9 / (t2 - t0), (t2 - t1) / 1e6);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int jobs = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	int fd = etna_open(), err = 0;
	uint64_t features;
	uint32_t pipe;

	if (!jobs) {
		fprintf(stderr, "usage: gpu-workload [JOBS > 0]\n");
		return 2;
	}
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (etna_param(fd, pipe, ETNAVIV_PARAM_GPU_FEATURES_0,
			       &features))
			continue;
		if (features & FEATURE_PIPE_3D)
			err |= run_pipe(fd, pipe, ETNA_PIPE_3D, "3D", jobs);
		if (features & FEATURE_PIPE_2D)
			err |= run_pipe(fd, pipe, ETNA_PIPE_2D, "2D", jobs);
	}
	close(fd);
	return err;
}
