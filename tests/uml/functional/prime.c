// SPDX-License-Identifier: MIT
/* functional: PRIME between two files of the render node; vgem setup */
#include "functional.h"

/* ------------------------------------------------------------------ */
/* 2. PRIME */

static int dmabuf_sync(int dmabuf, uint64_t flags)
{
	struct dma_buf_sync s = { .flags = flags };

	return etna_ioctl(dmabuf, DMA_BUF_IOCTL_SYNC, &s);
}

/* A GPU job on @fd that uses @handle; true once its fence signalled. */
bool gpu_uses(int fd, uint32_t handle, uint32_t bo_flags)
{
	const struct engine *e = &engines[0];
	uint32_t fence;
	int ret;

	ret = submit_job(fd, e, handle, bo_flags, 0, &fence, NULL);
	if (ret)
		return fail("SUBMIT using the BO on %s returned %s",
			    engine_name(e), err_name(ret));
	ret = etna_wait_fence(fd, e->pipe, fence, 0, 5 * SEC_NS);
	if (ret)
		return fail("WAIT_FENCE on the job using the BO: %s",
			    err_name(ret));
	return true;
}

void test_prime_etnaviv(void)
{
	const size_t size = JOB_BO_SIZE;
	uint32_t h = 0, h2 = 0, h3, hs, dummy[2] = { 0, 0 }, *p1 = NULL,
		 *p2 = NULL, *pd;
	int fd1 = etna_open(), fd2 = etna_open(), dmabuf = -1, ret;
	long long faults0 = nr_engines ? stat_of(&engines[0], "mmu_faults")
				       : 0;
	bool ok;

	/* fd2 already has objects: the import gets a handle of its own */
	etna_gem_new(fd2, 4096, ETNA_BO_WC, &dummy[0]);
	etna_gem_new(fd2, 4096, ETNA_BO_WC, &dummy[1]);

	ret = etna_gem_new(fd1, size, ETNA_BO_WC, &h);
	if (!ret)
		p1 = map_bo(fd1, h, size);
	if (p1)
		fill(p1, size, 0x7001);
	ret = ret ? ret : prime_export(fd1, h, &dmabuf);
	ok = (!ret && p1) || fail("%s", ret ? err_name(ret) : why);
	report(ok, "prime: export a BO to a dma-buf fd");
	if (!ok)
		goto out;

	ret = prime_import(fd1, dmabuf, &hs);
	ok = (!ret && hs == h) ||
	     fail("import on the exporting file: %s, handle %u, want %u",
		  err_name(ret), hs, h);
	report(ok, "prime: import on the exporting file gives the original "
	       "handle");

	ret = prime_import(fd2, dmabuf, &h2);
	ok = (!ret && h2 && h2 != h && h2 != dummy[0] && h2 != dummy[1]) ||
	     fail("import on a second file: %s, handle %u (exporter's %u, "
		  "file's own %u %u)", err_name(ret), h2, h, dummy[0],
		  dummy[1]);
	report(ok, "prime: import on another file gives a new handle");
	if (ret)
		goto out;

	ret = prime_import(fd2, dmabuf, &h3);
	ok = (!ret && h3 == h2) ||
	     fail("second import: %s, handle %u, first gave %u",
		  err_name(ret), h3, h2);
	report(ok, "prime: importing the same dma-buf twice gives the same "
	       "handle");

	p2 = map_bo(fd2, h2, size);
	ok = p2 && check_pattern(p2, size, 0x7001, "importer's mapping");
	report(ok, "prime: importer sees the exporter's contents");
	if (p2) {
		fill(p2, size, 0x7002);
		ok = check_pattern(p1, size, 0x7002, "exporter's mapping after "
				   "a write by the importer");
		report(ok, "prime: exporter sees the importer's writes");
	}

	pd = map_fd(dmabuf, 0, size);
	if (!pd) {
		ok = fail("mmap of the dma-buf fd: %s", strerror(errno));
	} else {
		dmabuf_sync(dmabuf, DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW);
		ok = check_pattern(pd, size, 0x7002, "dma-buf mapping");
		dmabuf_sync(dmabuf, DMA_BUF_SYNC_END | DMA_BUF_SYNC_RW);
		munmap(pd, size);
	}
	report(ok, "prime: mmap of the dma-buf fd sees the contents");

	report(gpu_uses(fd2, h2, ETNA_SUBMIT_BO_READ | ETNA_SUBMIT_BO_WRITE),
	       "prime: a job on the importing file uses the imported BO");

	/* the import outlives the exporter's handle, fd and file */
	munmap(p1, size);
	p1 = NULL;
	if (p2)
		munmap(p2, size);
	p2 = NULL;
	etna_gem_close(fd1, h);
	h = 0;
	close(dmabuf);
	dmabuf = -1;
	close(fd1);
	fd1 = -1;
	p2 = map_bo(fd2, h2, size);
	ok = p2 && check_pattern(p2, size, 0x7002,
				 "import after the exporter closed");
	report(ok, "prime: import stays valid after the original handle, the "
	       "dma-buf fd and the exporting file are closed");
	report(gpu_uses(fd2, h2, ETNA_SUBMIT_BO_READ),
	       "prime: a job uses the import after the exporter closed");
	if (nr_engines) {
		long long f = stat_of(&engines[0], "mmu_faults");

		ok = f == faults0 ||
		     fail("mmu_faults %lld -> %lld", faults0, f);
		report(ok, "prime: jobs on imported BOs cause no MMU fault");
	}
out:
	if (p1)
		munmap(p1, size);
	if (p2)
		munmap(p2, size);
	if (dmabuf >= 0)
		close(dmabuf);
	if (fd1 >= 0)
		close(fd1);
	close(fd2);
}
