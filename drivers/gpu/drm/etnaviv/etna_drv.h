/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etnaviv: DRM driver for Vivante GC GPU cores.
 *
 * One DRM device gathers every GPU core of the SoC (component framework);
 * each core is a "pipe" of the UAPI, with its own front-end ring, events,
 * fences and scheduler. On MMUv1 the cores share one GPU address space.
 */
#ifndef ETNA_DRV_H
#define ETNA_DRV_H

#include <linux/dma-fence.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/xarray.h>
#include <drm/drm_device.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_mm.h>
#include <drm/gpu_scheduler.h>
#include <drm/etnaviv_drm.h>

struct clk;
struct etna_core;

/**
 * struct etna_ident - what a core is, as read from it (and fixed up)
 * @model: chip model, e.g. 0x2000
 * @revision: chip revision
 * @product_id: product id (0 where the register does not exist)
 * @customer_id: customer id
 * @eco_id: ECO id
 * @features: CHIP_FEATURE
 * @minor: CHIP_MINOR_FEATURE_0..11
 * @stream_count: vertex streams
 * @register_max: shader registers
 * @thread_count: shader threads
 * @vertex_cache_size: vertex cache entries
 * @shader_core_count: shader cores
 * @pixel_pipes: pixel pipes
 * @vertex_output_buffer_size: VOB entries
 * @buffer_size: buffer size (unused by the hardware we know)
 * @instruction_count: shader instruction memory
 * @num_constants: shader constants
 * @varyings_count: varyings
 *
 * Filled once when the core is bound, read-only afterwards.
 */
struct etna_ident {
	u32 model, revision, product_id, customer_id, eco_id;
	u32 features;
	u32 minor[12];
	u32 stream_count, register_max, thread_count, vertex_cache_size;
	u32 shader_core_count, pixel_pipes, vertex_output_buffer_size;
	u32 buffer_size, instruction_count, num_constants, varyings_count;
};

/**
 * struct etna_pool - GPU-visible memory for the rings and command buffers
 * @vaddr: CPU address of the pool
 * @dma: its bus address; the pool is physically contiguous below 4 GiB
 * @size: its size in bytes
 * @lock: protects @mm
 * @mm: allocator of ranges within the pool
 * @wq: submitters wait here for space; woken on every free
 *
 * On MMUv1 the front-end reaches command buffers only through the linear
 * window, so they live in one contiguous block owned by the DRM device.
 */
struct etna_pool {
	void *vaddr;
	dma_addr_t dma;
	size_t size;
	struct mutex lock;	/* protects mm */
	struct drm_mm mm;
	wait_queue_head_t wq;
};

/**
 * struct etna_vm - the MMUv1 GPU address space shared by all cores
 * @lock: protects @mm, the page table entries and @flush_seq
 * @mm: allocator of GPU virtual addresses
 * @pt: the page table: one 32-bit page address per 4 KiB of GPU VA
 * @pt_dma: bus address of @pt
 * @bad_page: where unmapped addresses point: a page of a recognisable
 *	pattern, so a stray GPU access reads garbage instead of memory
 * @bad_dma: bus address of @bad_page
 * @flush_seq: bumped on every change of @pt; a core whose copy differs
 *	flushes its TLBs before its next job
 */
struct etna_vm {
	struct mutex lock;	/* protects mm, pt, flush_seq */
	struct drm_mm mm;
	u32 *pt;
	dma_addr_t pt_dma;
	u32 *bad_page;
	dma_addr_t bad_dma;
	u32 flush_seq;
};

/**
 * struct etna_dev - the DRM device
 * @drm: the DRM device
 * @cores: the bound cores by pipe number; NULL where a core was refused
 * @nr_cores: number of entries of @cores in use
 * @pool: command buffer and ring memory
 * @vm: MMUv1 address space
 * @linear_base: MMUv1 memory base: physical address of GPU address 0 in
 *	the linear window, the same for every core
 *
 * Created at master bind, destroyed at master unbind; the cores are bound
 * and unbound with it.
 */
struct etna_dev {
	struct drm_device drm;
	struct etna_core *cores[ETNA_MAX_PIPES];
	unsigned int nr_cores;
	struct etna_pool pool;
	struct etna_vm vm;
	u32 linear_base;
};

static inline struct etna_dev *to_etna_dev(struct drm_device *drm)
{
	return container_of(drm, struct etna_dev, drm);
}

/**
 * struct etna_file - per-open-file state
 * @entity: scheduler entity per pipe, so one client's jobs run in order
 */
struct etna_file {
	struct drm_sched_entity entity[ETNA_MAX_PIPES];
};

/**
 * struct etna_core - one GPU core ("pipe")
 * @dev: the core's platform device
 * @edev: the DRM device, while bound
 * @mmio: registers
 * @irq: interrupt
 * @clk_bus: AXI clock (optional)
 * @clk_core: core clock
 * @clk_shader: shader clock (optional)
 * @clk_reg: AHB clock (optional)
 * @pipe: index in the UAPI
 * @id: identity
 * @hw_lock: serialises the ring, @exec_state, @flush_seq and resets
 * @ring: CPU address of the 4 KiB ring in the pool
 * @ring_node: the ring's place in the pool
 * @ring_gpu: GPU (linear window) address of the ring
 * @ring_tail: byte offset where the next block goes
 * @ring_wait: byte offset of the WAIT the FE idles on
 * @exec_state: pipe the FE last selected (ETNA_PIPE_*), or -1
 * @flush_seq: the VM flush_seq this core's TLBs match
 * @event_lock: protects @event_fence and @event_free; taken in IRQ context
 * @event_fence: the hardware fence each event in flight signals
 * @event_free: bitmap of free events
 * @fence_ctx: dma_fence context of the hardware fences
 * @fence_seq: last hardware fence seqno handed out (@hw_lock)
 * @sched: job scheduler of this core
 * @submit_lock: orders job arming and pushing with @user_fences ids
 * @user_fences: out-fences by the id returned to user space
 * @next_fence_id: cyclic id allocator state for @user_fences
 * @hang_dma: FE DMA address at the last hang check
 * @hang_seq: @fence_seq completed at the last hang check
 * @axi_errors: AXI bus errors reported
 * @mmu_errors: MMU exceptions reported
 */
struct etna_core {
	struct device *dev;
	struct etna_dev *edev;
	void __iomem *mmio;
	int irq;
	struct clk *clk_bus, *clk_core, *clk_shader, *clk_reg;
	unsigned int pipe;
	struct etna_ident id;

	struct mutex hw_lock;	/* ring, exec_state, flush_seq, resets */
	u32 *ring;
	struct drm_mm_node ring_node;
	u32 ring_gpu;
	u32 ring_tail;
	u32 ring_wait;
	int exec_state;
	u32 flush_seq;

	spinlock_t event_lock;	/* event_fence, event_free */
	struct dma_fence *event_fence[30];
	unsigned long event_free;

	u64 fence_ctx;
	u32 fence_seq;
	struct drm_gpu_scheduler sched;
	struct mutex submit_lock;	/* arm+push order, user_fences */
	struct xarray user_fences;
	u32 next_fence_id;

	u32 hang_dma;
	u32 hang_seq;
	atomic_t axi_errors;
	atomic_t mmu_errors;
};

static inline u32 etna_read(struct etna_core *core, u32 reg)
{
	return readl(core->mmio + reg);
}

static inline void etna_write(struct etna_core *core, u32 reg, u32 val)
{
	writel(val, core->mmio + reg);
}

static inline bool etna_core_has_3d(const struct etna_core *core)
{
	return core->id.features & BIT(2);
}

static inline bool etna_core_has_2d(const struct etna_core *core)
{
	return core->id.features & BIT(9);
}

/**
 * struct etna_userptr - user memory behind a buffer object
 * @mm: the address space of the process that created it (a reference);
 *	only that process may make the pages resident
 * @ptr: user address
 * @pages: the pinned pages, once the GPU first uses the buffer
 * @npages: number of pages
 */
struct etna_userptr {
	struct mm_struct *mm;
	u64 ptr;
	struct page **pages;
	unsigned long npages;
};

/**
 * struct etna_bo - a buffer object
 * @shmem: the GEM object: shmem-backed, or for userptr objects only its
 *	sg table is used (built from the pinned user pages); must be first,
 *	the shmem helpers free the object as a shmem object
 * @flags: ETNA_BO_* cache mode
 * @map_lock: protects @iova_node and the pinning of @uptr
 * @iova_node: GPU VA range while mapped in the MMUv1 address space
 * @iova: its start once the page table maps it, 0 before; published with
 *	release semantics so that submitters may read it without @map_lock
 * @prep_op: ETNA_PREP_* of the last CPU_PREP, for CPU_FINI
 * @uptr: user memory, for GEM_USERPTR objects; NULL otherwise
 */
struct etna_bo {
	struct drm_gem_shmem_object shmem;
	u32 flags;
	struct mutex map_lock;	/* iova_node, uptr pinning */
	struct drm_mm_node iova_node;
	u32 iova;
	u32 prep_op;
	struct etna_userptr *uptr;
};

static inline struct etna_bo *to_etna_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct etna_bo, shmem);
}

/**
 * struct etna_job - one submitted command stream
 * @base: scheduler job
 * @core: where it runs
 * @exec_state: ETNA_PIPE_* the stream is for
 * @cmd: its place in the pool
 * @cmd_vaddr: CPU address of the command buffer copy
 * @cmd_gpu: its GPU address
 * @cmd_size: bytes of commands, excluding the return LINK
 * @bos: referenced objects, one reference each
 * @nr_bos: entries of @bos
 * @hw_fence: signalled by the core's event, once running
 * @out_fence: the scheduler's finished fence, what user space sees
 * @fence_id: id of @out_fence in core->user_fences
 *
 * Owned by the scheduler after it is pushed; freed in free_job.
 */
struct etna_job {
	struct drm_sched_job base;
	struct etna_core *core;
	u32 exec_state;
	struct drm_mm_node cmd;
	u32 *cmd_vaddr;
	u32 cmd_gpu;
	u32 cmd_size;
	struct drm_gem_object **bos;
	u32 nr_bos;
	struct dma_fence *hw_fence;
	struct dma_fence *out_fence;
	u32 fence_id;
};

static inline struct etna_job *to_etna_job(struct drm_sched_job *job)
{
	return container_of(job, struct etna_job, base);
}

/* etna_core.c */
extern struct platform_driver etna_core_driver;
int etna_core_init(struct etna_core *core);
void etna_core_fini(struct etna_core *core);
int etna_core_get_param(struct etna_core *core, u32 param, u64 *value);
struct dma_fence *etna_core_run(struct etna_core *core, struct etna_job *job);
void etna_core_recover(struct etna_core *core);
void etna_core_debugfs(struct etna_core *core, struct seq_file *m);

/* etna_pool.c */
int etna_pool_init(struct etna_pool *pool, struct device *dev, size_t size);
void etna_pool_fini(struct etna_pool *pool, struct device *dev);
int etna_pool_alloc(struct etna_pool *pool, struct drm_mm_node *node,
		    size_t size, bool wait);
void etna_pool_free(struct etna_pool *pool, struct drm_mm_node *node);

/* etna_vm.c */
int etna_vm_init(struct etna_vm *vm, struct device *dev);
void etna_vm_fini(struct etna_vm *vm, struct device *dev);
int etna_vm_map(struct etna_vm *vm, struct etna_bo *bo);
void etna_vm_unmap(struct etna_vm *vm, struct etna_bo *bo);

/* etna_bo.c */
struct drm_gem_object *etna_bo_create_object(struct drm_device *drm,
					     size_t size);
int etna_ioctl_gem_new(struct drm_device *drm, void *data,
		       struct drm_file *file);
int etna_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_cpu_prep(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_cpu_fini(struct drm_device *drm, void *data,
			    struct drm_file *file);
int etna_ioctl_gem_wait(struct drm_device *drm, void *data,
			struct drm_file *file);
int etna_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file);
long etna_timeout_jiffies(const struct drm_etnaviv_timespec *ts);
struct sg_table *etna_bo_get_sgt(struct etna_bo *bo);

/* etna_submit.c */
extern const struct drm_sched_backend_ops etna_sched_ops;
int etna_ioctl_gem_submit(struct drm_device *drm, void *data,
			  struct drm_file *file);
int etna_ioctl_wait_fence(struct drm_device *drm, void *data,
			  struct drm_file *file);

/* etna_main.c */
struct etna_core *etna_pipe(struct drm_device *drm, u32 pipe, int *err);

#endif /* ETNA_DRV_H */
