// SPDX-License-Identifier: MIT
/*
 * functional: runs the groups named on the command line (all without
 * arguments)
 */
#include "functional.h"

/* ------------------------------------------------------------------ */

/* With arguments, only the groups named (bo, prime, vgem, ...) run. */
static bool want(int argc, char **argv, const char *group)
{
	int i;

	if (argc < 2)
		return true;
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], group))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	const struct engine *cores[ETNA_MAX_PIPES];
	unsigned int n, i;
	int fd = etna_open();

	setvbuf(stdout, NULL, _IOLBF, 0);
	find_engines(fd);
	close(fd);
	info("setup", "board %s, driver %s",
	     getenv("ETNAVIV_BOARD") ?: "?", driver_name());
	if (!nr_engines)
		goto done;
	n = pipe_engines(cores);

	if (want(argc, argv, "bo"))
		test_bo_contents();
	if (want(argc, argv, "prime"))
		test_prime_etnaviv();
	if (want(argc, argv, "vgem"))
		test_prime_vgem();
	if (want(argc, argv, "prime-sync"))
		test_prime_sync();
	if (want(argc, argv, "fences"))
		test_fence_order();
	if (want(argc, argv, "fence-in"))
		test_fence_in();
	if (want(argc, argv, "sync"))
		test_implicit_sync();
	for (i = 0; i < n && want(argc, argv, "hang"); i++)
		test_hang(cores[i]);
	if (want(argc, argv, "hang-vm"))
		test_hang_vm_leak(cores[0]);
	for (i = 0; i < nr_engines && want(argc, argv, "job-max"); i++)
		if (engines[i].exec_state == ETNA_PIPE_2D) {
			test_job_max(&engines[i]);
			break;
		}
	for (i = 0; i < nr_engines && want(argc, argv, "long-2d"); i++)
		if (engines[i].exec_state == ETNA_PIPE_2D) {
			test_long_2d(&engines[i]);
			break;
		}
	for (i = 0; i < nr_engines && want(argc, argv, "long-rs"); i++)
		if (engines[i].exec_state == ETNA_PIPE_3D) {
			test_long_rs(&engines[i]);
			break;
		}
	for (i = 0; i < nr_engines && want(argc, argv, "hang-ends"); i++)
		test_hang_ends(&engines[i]);
	for (i = 0; i < nr_engines && want(argc, argv, "perfmon-queue"); i++)
		if (engines[i].exec_state == ETNA_PIPE_3D) {
			test_perfmon_queue(&engines[i]);
			break;
		}
	if (want(argc, argv, "cmdbuf"))
		test_cmdbuf();
	if (want(argc, argv, "coredump"))
		test_coredump(cores[0]);
	for (i = 0; i < nr_engines && want(argc, argv, "many-relocs"); i++)
		test_many_relocs(&engines[i]);
	if (want(argc, argv, "many-coredump"))
		test_many_coredump(cores[0]);
	if (want(argc, argv, "many-cores"))
		test_many_cores();
	if (want(argc, argv, "limits"))
		test_job_limits(cores[0]);
	if (want(argc, argv, "fdinfo"))
		test_fdinfo();
	if (want(argc, argv, "busy"))
		test_busy();
	if (want(argc, argv, "exit"))
		test_exit_inflight(cores[0]);
	if (want(argc, argv, "clients"))
		test_clients();
	if (want(argc, argv, "pool-share"))
		test_pool_share();
	if (want(argc, argv, "accounting"))
		test_accounting();
	if (want(argc, argv, "vm-share"))
		test_vm_share();
	if (want(argc, argv, "user-files"))
		test_user_files();
	if (want(argc, argv, "memlock"))
		test_memlock();
	for (i = 0; i < n && want(argc, argv, "bus-error"); i++)
		test_bus_error(cores[i]);
	for (i = 0; i < n && want(argc, argv, "signals"); i++)
		test_signals(cores[i]);
	if (vgem_fd >= 0)
		close(vgem_fd);
done:
	printf("functional: %u passed, %u failed\n", nr_passed, nr_failed);
	return nr_failed ? 1 : 0;
}
