// SPDX-License-Identifier: MIT
/* conformance: finds the engines, runs every group in order */
#include "conformance.h"

/* ------------------------------------------------------------------ */

/* The engines, and which pipes have a core (GET_PARAM answers). */
static void find_engines(void)
{
	uint64_t v;
	uint32_t pipe;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		present[pipe] = !etna_param(fd, pipe, ETNAVIV_PARAM_GPU_MODEL,
					    &v);
		if (!present[pipe] && absent_pipe < 0)
			absent_pipe = pipe;
	}
	nr_engines = engines_find(fd, engines);
}

int main(void)
{
	const char *drv = getenv("ETNAVIV_DRIVER");
	unsigned int i;
	uint32_t pipe;
	int fd2, ret;
	bool ok;

	upstream = drv && !strcmp(drv, "upstream");
	fd = etna_open();
	fd2 = etna_open();
	printf("INFO: conf/driver %s, board %s\n", drv ? drv : "(unset)",
	       getenv("ETNAVIV_BOARD") ?: "(unset)");

	check_model("start");
	find_engines();
	ok = nr_engines || fail("no 2D or 3D engine found");
	report(ok, "engines-found (%u)", nr_engines);

	test_wait_fence_unissued();
	test_requests();
	test_get_param();
	test_gem_new();
	test_bounds_gem();
	test_gem_info();
	test_cpu_prep_idle();
	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++)
		if (present[pipe])
			test_gem_wait_idle(pipe);
	test_gem_wait_pipes();

	test_userptr_args();

	ret = etna_gem_new(fd, BO_SIZE, ETNA_BO_WC, &sbo);
	ok = !ret || fail("GEM_NEW: %s", err_name(ret));
	report(ok, "submit-bo-created");
	if (ret)
		goto out;

	for (i = 0; i < nr_engines; i++) {
		const struct engine *e = &engines[i];

		test_submit_args(e);
		test_submit_softpin(e);
		test_submit_sizes(e);
		test_submit_fence_fds(e, fd2);
		test_submit_relocs(e);
		test_submit_reloc_words(e);
		test_submit_stream(e);
		test_submit_kernel_states(e);
		test_submit_footprint(e);
		test_submit_footprint_rs(e);
		test_submit_pmrs(e);
		test_bounds(e);
		test_bounds_idx(e);
		test_ts_carry(e);
		test_userptr_submit(e);
		test_submit_classes(e, fd2);
	}
	test_wait_fence_args();
	for (i = 0; i < nr_engines; i++)
		test_busy(&engines[i], fd2);
	if (nr_engines)
		test_userptr_overlap(&engines[0]);
	test_pm();

	etna_gem_close(fd, sbo);
out:
	close(fd2);
	close(fd);
	check_model("end");
	printf("%u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
