// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: The devcoredump of a hung job
 *
 * When the hang check gives up on a job, before the core is reset, the
 * state of the core and of the job is written as a device coredump
 * (/sys/class/devcoredump/devcdN/data) in the file format of Linux 6.1's
 * etnaviv (drivers/gpu/drm/etnaviv/etnaviv_dump.h), which etnaviv-disasm
 * and the other etnaviv tools read:
 *
 * a table of object headers, each 32 bytes (little-endian): magic
 * 0x414e5445 ("ETNA"), type, offset of the object's data in the file,
 * its size, the GPU address it had (64 bits) and two words of type
 * specific data; then the data of each object. The objects, in order:
 *
 *  - registers (type 0): (register offset, value) pairs of 32 bits each,
 *    the list upstream dumps: host interface, power, memory controller
 *    and FE DMA registers;
 *  - MMU (1): MMUv1: the whole flat page table (2 MiB); MMUv2: the
 *    master table, then each slave table it points at, in master order;
 *  - ring (2): the core's ring, at its GPU address;
 *  - command buffer (3): the hung job's stream, with its return LINK;
 *    data[0] is the process that submitted it and data[1] its file's
 *    drm-client-id (as in its fdinfo), which Linux 6.1 leaves 0: whose
 *    job hung;
 *  - buffer map (4), if the job uses buffers: the physical address of
 *    every page of every buffer (64 bits each), buffer after buffer;
 *  - a buffer (5) for each buffer of the job: its contents, at its GPU
 *    address in the job's space; data[0] is the index of its first page
 *    in the buffer map (imported buffers: neither pages nor contents);
 *  - end (6), empty.
 *
 * The module parameter dump_core (default on, as upstream's) arms the
 * dump; like upstream's, a dump disarms it, so that a storm of hangs does
 * not flood memory: write 1 to /sys/module/etnaviv/parameters/dump_core
 * to dump the next hang too.
 */
#include <linux/devcoredump.h>
#include <linux/highmem.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/vmalloc.h>

#include "etna_bo.h"
#include "etna_core.h"
#include "etna_drv.h"
#include "etna_job.h"
#include "etna_pt.h"
#include "etna_regs.h"
#include "etna_vm.h"

static bool dump_core = true;
module_param(dump_core, bool, 0600);
MODULE_PARM_DESC(dump_core,
		 "Write a devcoredump of the next hung job (default 1; a dump clears it)");

#define DUMP_MAGIC	0x414e5445

enum etna_dump_type {
	DUMP_REGISTERS,
	DUMP_MMU,
	DUMP_RING,
	DUMP_CMD,
	DUMP_BOMAP,
	DUMP_BO,
	DUMP_END,
};

struct etna_dump_header {
	__le32 magic;
	__le32 type;
	__le32 offset;
	__le32 size;
	__le64 iova;
	__le32 data[2];
};

static const u16 etna_dump_regs[] = {
	ETNA_AXI_STATUS, ETNA_CLOCK_CONTROL, ETNA_IDLE_STATE,
	ETNA_AXI_CONFIG, ETNA_INTR_ENBL, ETNA_CHIP_IDENTITY,
	ETNA_CHIP_FEATURE, ETNA_CHIP_MODEL, ETNA_CHIP_REV, ETNA_CHIP_DATE,
	ETNA_CHIP_TIME, ETNA_CHIP_MINOR_FEATURE_0, ETNA_CACHE_CONTROL,
	ETNA_AXI_CONTROL, ETNA_PM_POWER_CONTROLS, ETNA_PM_MODULE_CONTROLS,
	ETNA_PM_MODULE_STATUS, ETNA_PM_PULSE_EATER,
	ETNA_MC_MMU_PAGE_TABLE(0), ETNA_MC_MMU_PAGE_TABLE(1),
	ETNA_MC_MMU_PAGE_TABLE(2), ETNA_MC_MMU_PAGE_TABLE(3),
	ETNA_MC_MMU_PAGE_TABLE(4), ETNA_MC_DEBUG_MEMORY,
	ETNA_MC_MEMORY_BASE(0), ETNA_MC_MEMORY_BASE(1),
	ETNA_MC_MEMORY_BASE(2), ETNA_MC_MEMORY_BASE(3),
	ETNA_MC_MEMORY_BASE(4), ETNA_MC_MEMORY_TIMING_CONTROL,
	ETNA_MC_BUS_CONFIG, ETNA_FE_DMA_STATUS, ETNA_FE_DMA_DEBUG_STATE,
	ETNA_FE_DMA_ADDRESS, ETNA_FE_DMA_LOW, ETNA_FE_DMA_HIGH,
	ETNA_FE_AUTO_FLUSH,
};

/**
 * struct etna_dump - a dump being written
 * @start: the file
 * @hdr: the next object header
 * @data: where the next object's data goes
 */
struct etna_dump {
	void *start;
	struct etna_dump_header *hdr;
	void *data;
};

/* Close the object whose data ends at @end: fill in its header. */
static void etna_dump_object(struct etna_dump *d, enum etna_dump_type type,
			     void *end, u64 iova)
{
	struct etna_dump_header *hdr = d->hdr++;

	hdr->magic = cpu_to_le32(DUMP_MAGIC);
	hdr->type = cpu_to_le32(type);
	hdr->offset = cpu_to_le32(d->data - d->start);
	hdr->size = cpu_to_le32(end - d->data);
	hdr->iova = cpu_to_le64(iova);
	d->data = end;
}

static size_t etna_dump_mmu_size(struct etna_vm *vm)
{
	size_t size = SZ_4K;
	unsigned int i;

	lockdep_assert_held(&vm->lock);
	if (!vm->edev->mmu_v2)
		return ETNA_VM_ENTRIES * sizeof(u32);
	for (i = 0; i < ETNA_PT2_ENTRIES; i++)
		if (vm->pt2.stlb[i])
			size += SZ_4K;
	return size;
}

static void etna_dump_mmu(struct etna_dump *d, struct etna_vm *vm)
{
	void *p = d->data;
	unsigned int i;

	lockdep_assert_held(&vm->lock);
	if (!vm->edev->mmu_v2) {
		memcpy(p, vm->pt, ETNA_VM_ENTRIES * sizeof(u32));
		p += ETNA_VM_ENTRIES * sizeof(u32);
	} else {
		memcpy(p, vm->pt2.mtlb, SZ_4K);
		p += SZ_4K;
		for (i = 0; i < ETNA_PT2_ENTRIES; i++) {
			if (!vm->pt2.stlb[i])
				continue;
			memcpy(p, vm->pt2.stlb[i], SZ_4K);
			p += SZ_4K;
		}
	}
	etna_dump_object(d, DUMP_MMU, p, 0);
}

/* The pages of a buffer the dump can read: not those of an import. */
static struct sg_table *etna_dump_bo_sgt(struct drm_gem_object *obj)
{
	if (obj->import_attach)
		return NULL;
	return to_etna_bo(obj)->shmem.sgt;
}

/* A buffer: its pages in the map, its contents, its GPU address. */
static void etna_dump_bo(struct etna_dump *d, struct drm_gem_object *obj,
			 u64 iova, __le64 **bomap, __le64 *bomap_start)
{
	struct sg_table *sgt = etna_dump_bo_sgt(obj);
	size_t npages = obj->size >> PAGE_SHIFT, n = 0;
	struct sg_page_iter it;
	struct page *page;

	if (sgt) {
		d->hdr->data[0] = cpu_to_le32(*bomap - bomap_start);
		for_each_sgtable_page(sgt, &it, 0) {
			if (n == npages)
				break;
			page = sg_page_iter_page(&it);
			(*bomap)[n] = cpu_to_le64(page_to_phys(page));
			memcpy_from_page(d->data + n * PAGE_SIZE, page, 0,
					 PAGE_SIZE);
			n++;
		}
		*bomap += npages;
	}
	etna_dump_object(d, DUMP_BO, d->data + obj->size, iova);
}

/**
 * etna_dump_job() - write the devcoredump of a hung job, if armed
 * @job: the job; its core is stopped (the scheduler too) and not reset
 *	yet, its buffers and mappings are held by it
 *
 * Takes the core's hw_lock and the job's address space lock, one after
 * the other.
 */
void etna_dump_job(struct etna_job *job)
{
	struct etna_core *core = job->core;
	struct etna_vm *vm = job->vm;
	size_t size, mmu_size, bomap_pages = 0;
	__le64 *bomap = NULL, *bomap_start = NULL;
	__le32 *reg;
	u32 i, nr_obj = 5;
	struct etna_dump d;

	/* one dump per arming, as upstream: a second racing hang may slip by */
	if (!READ_ONCE(dump_core))
		return;
	WRITE_ONCE(dump_core, false);

	for (i = 0; i < job->nr_bos; i++) {
		if (etna_dump_bo_sgt(job->bos[i]))
			bomap_pages += job->bos[i]->size >> PAGE_SHIFT;
		nr_obj++;
	}
	if (bomap_pages)
		nr_obj++;

	mutex_lock(&vm->lock);
	mmu_size = etna_dump_mmu_size(vm);
	size = nr_obj * sizeof(*d.hdr) + ARRAY_SIZE(etna_dump_regs) * 2 * sizeof(*reg) +
	       mmu_size + core->ring_node.size + job->cmd.size +
	       bomap_pages * sizeof(*bomap);
	for (i = 0; i < job->nr_bos; i++)
		size += job->bos[i]->size;
	d.start = __vmalloc(size, GFP_KERNEL | __GFP_NOWARN | __GFP_NORETRY);
	if (!d.start) {
		mutex_unlock(&vm->lock);
		dev_warn(core->dev, "no memory for a %zu byte core dump\n",
			 size);
		return;
	}
	memset(d.start, 0, size);
	d.hdr = d.start;
	d.data = d.hdr + nr_obj;

	reg = d.data;
	for (i = 0; i < ARRAY_SIZE(etna_dump_regs); i++) {
		*reg++ = cpu_to_le32(etna_dump_regs[i]);
		*reg++ = cpu_to_le32(etna_read(core, etna_dump_regs[i]));
	}
	etna_dump_object(&d, DUMP_REGISTERS, reg, 0);

	etna_dump_mmu(&d, vm);
	mutex_unlock(&vm->lock);

	mutex_lock(&core->hw_lock);
	memcpy(d.data, core->ring, core->ring_node.size);
	etna_dump_object(&d, DUMP_RING, d.data + core->ring_node.size,
			 core->ring_gpu);
	mutex_unlock(&core->hw_lock);

	memcpy(d.data, job->cmd_vaddr, job->cmd.size);
	d.hdr->data[0] = cpu_to_le32(job->pid);
	d.hdr->data[1] = cpu_to_le32(job->usage ? job->usage->id : 0);
	etna_dump_object(&d, DUMP_CMD, d.data + job->cmd.size, job->cmd_gpu);

	if (bomap_pages) {
		bomap_start = d.data;
		bomap = bomap_start;
		etna_dump_object(&d, DUMP_BOMAP, bomap_start + bomap_pages, 0);
	}
	for (i = 0; i < job->nr_bos; i++)
		etna_dump_bo(&d, job->bos[i],
			     job->maps ? job->maps[i]->node.start : 0,
			     &bomap, bomap_start);
	etna_dump_object(&d, DUMP_END, d.data, 0);

	dev_info(core->dev, "core dump of the job of %s[%d], drm-client-id %llu, written\n",
		 job->comm, job->pid, job->usage ? job->usage->id : 0);
	dev_coredumpv(core->dev, d.start, d.data - d.start, GFP_KERNEL);
}
