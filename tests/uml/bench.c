// SPDX-License-Identifier: MIT
/*
 * bench [SUBMITS]: what the driver and the device model cost, measured in
 * one run inside a simulated board. Not a test: it prints numbers.
 *
 *   getparam_us       mean time of one GET_PARAM ioctl (the floor of any
 *                     ioctl under UML)
 *   submit_per_s      no-op submits per second on pipe 0's first engine,
 *                     SUBMITS (default 5000) of them back to back, the
 *                     time to drain the queue included
 *   submit_us         the same as mean time per submit
 *   submit_ioctl_us   mean time spent in the submit ioctls alone (they
 *                     block when the kernel's command buffer space or the
 *                     scheduler's job limit is exhausted)
 *   drain_ms          from the last submit until its fence signalled
 *
 * Output lines: "BENCH <key> <value> <unit>". Compare ratios between runs
 * on one machine, not absolute times.
 */
#include "etna.h"

#define GETPARAM_CALLS	20000
#define WARMUP_SUBMITS	16
#define DRAIN_TIMEOUT	(60ull * 1000000000ull)

static const uint32_t noop_stream[] = { ETNA_CMD_NOP, 0, ETNA_CMD_NOP, 0 };

static int noop_submit(int fd, uint32_t exec_state, uint32_t *fence)
{
	struct drm_etnaviv_gem_submit req = {
		.pipe = 0,
		.exec_state = exec_state,
		.stream_size = sizeof(noop_stream),
		.stream = (uintptr_t)noop_stream,
		.fence_fd = -1,
	};
	int ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GEM_SUBMIT, &req);

	*fence = req.fence;
	return ret;
}

static int die(const char *what, int ret)
{
	fprintf(stderr, "bench: %s: %s\n", what, strerror(-ret));
	return 1;
}

int main(int argc, char **argv)
{
	unsigned long submits = argc > 1 ? strtoul(argv[1], NULL, 0) : 5000;
	uint64_t t0, t1, t2, features, v;
	uint32_t exec_state, fence = 0;
	unsigned long i;
	int fd, ret;

	if (!submits) {
		fprintf(stderr, "usage: bench [SUBMITS > 0]\n");
		return 2;
	}
	fd = etna_open();
	ret = etna_param(fd, 0, ETNAVIV_PARAM_GPU_FEATURES_0, &features);
	if (ret)
		return die("pipe 0: GET_PARAM", ret);
	if (features & ETNA_FEATURE_PIPE_3D)
		exec_state = ETNA_PIPE_3D;
	else if (features & ETNA_FEATURE_PIPE_2D)
		exec_state = ETNA_PIPE_2D;
	else
		return die("pipe 0", -ENODEV);

	/* Warm up: the first submit starts the front end, resumes PM. */
	for (i = 0; i < WARMUP_SUBMITS; i++) {
		ret = noop_submit(fd, exec_state, &fence);
		if (ret)
			return die("warm-up submit", ret);
	}
	ret = etna_wait_fence(fd, 0, fence, 0, DRAIN_TIMEOUT);
	if (ret)
		return die("warm-up fence", ret);

	t0 = etna_now_ns();
	for (i = 0; i < GETPARAM_CALLS; i++) {
		ret = etna_param(fd, 0, ETNAVIV_PARAM_GPU_MODEL, &v);
		if (ret)
			return die("GET_PARAM", ret);
	}
	t1 = etna_now_ns();
	printf("BENCH getparam_us %.1f us\n",
	       (t1 - t0) / 1e3 / GETPARAM_CALLS);

	t0 = etna_now_ns();
	for (i = 0; i < submits; i++) {
		ret = noop_submit(fd, exec_state, &fence);
		if (ret)
			return die("submit", ret);
	}
	t1 = etna_now_ns();
	ret = etna_wait_fence(fd, 0, fence, 0, DRAIN_TIMEOUT);
	if (ret)
		return die("last fence", ret);
	t2 = etna_now_ns();

	printf("BENCH submit_per_s %.0f 1/s\n", submits * 1e9 / (t2 - t0));
	printf("BENCH submit_us %.1f us\n", (t2 - t0) / 1e3 / submits);
	printf("BENCH submit_ioctl_us %.1f us\n", (t1 - t0) / 1e3 / submits);
	printf("BENCH drain_ms %.2f ms\n", (t2 - t1) / 1e6);
	close(fd);
	return 0;
}
