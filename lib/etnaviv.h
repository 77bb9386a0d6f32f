/* SPDX-License-Identifier: MIT */
/*
 * libetnaviv: a small user-space library over the etnaviv DRM ioctls for
 * Vivante GC GPU cores.
 *
 * Objects: a device (an open DRM node), a gpu (one core, addressed by its
 * pipe index), a pipe (the engine of a core jobs run on), buffer objects
 * (bo) and command streams. Functions that return a pointer return NULL
 * with errno set on failure; functions that return int return 0 or a
 * negative errno. Nothing here is thread-safe: use one device per thread
 * or lock around it.
 *
 * This header is self-contained: it needs no kernel or libdrm header.
 */
#ifndef ETNAVIV_H
#define ETNAVIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct etnaviv_device;
struct etnaviv_gpu;
struct etnaviv_pipe;
struct etnaviv_bo;
struct etnaviv_cmd_stream;

/* Number of pipe indices (cores) the ABI allows. */
#define ETNAVIV_MAX_CORES	4

/* Engines a job runs on (the ABI's exec_state values). */
enum etnaviv_pipe_id {
	ETNAVIV_PIPE_3D = 0,
	ETNAVIV_PIPE_2D = 1,
	ETNAVIV_PIPE_VG = 2,
};

/* Buffer flags (GEM_NEW): exactly one cache mode, optionally FORCE_MMU. */
#define ETNAVIV_BO_CACHED	0x00010000u
#define ETNAVIV_BO_WC		0x00020000u
#define ETNAVIV_BO_UNCACHED	0x00040000u
#define ETNAVIV_BO_FORCE_MMU	0x00100000u

/* CPU access kinds for etnaviv_bo_cpu_prep(). */
#define ETNAVIV_PREP_READ	0x01u
#define ETNAVIV_PREP_WRITE	0x02u
#define ETNAVIV_PREP_NOSYNC	0x04u

/* Userptr access the GPU gets (etnaviv_bo_from_user()). */
#define ETNAVIV_USERPTR_READ	0x01u
#define ETNAVIV_USERPTR_WRITE	0x02u

/* How a job uses a buffer (relocations). */
#define ETNAVIV_RELOC_READ	0x01u
#define ETNAVIV_RELOC_WRITE	0x02u

/* GET_PARAM identifiers (the ABI's values). */
enum etnaviv_param {
	ETNAVIV_GPU_MODEL = 0x01,
	ETNAVIV_GPU_REVISION = 0x02,
	ETNAVIV_GPU_FEATURES_0 = 0x03,	/* _1.._12 follow: minor features 0..11 */
	ETNAVIV_GPU_STREAM_COUNT = 0x10,
	ETNAVIV_GPU_REGISTER_MAX = 0x11,
	ETNAVIV_GPU_THREAD_COUNT = 0x12,
	ETNAVIV_GPU_VERTEX_CACHE_SIZE = 0x13,
	ETNAVIV_GPU_SHADER_CORE_COUNT = 0x14,
	ETNAVIV_GPU_PIXEL_PIPES = 0x15,
	ETNAVIV_GPU_VERTEX_OUTPUT_BUFFER_SIZE = 0x16,
	ETNAVIV_GPU_BUFFER_SIZE = 0x17,
	ETNAVIV_GPU_INSTRUCTION_COUNT = 0x18,
	ETNAVIV_GPU_NUM_CONSTANTS = 0x19,
	ETNAVIV_GPU_NUM_VARYINGS = 0x1a,
	ETNAVIV_SOFTPIN_START_ADDR = 0x1b,
	ETNAVIV_GPU_PRODUCT_ID = 0x1c,
	ETNAVIV_GPU_CUSTOMER_ID = 0x1d,
	ETNAVIV_GPU_ECO_ID = 0x1e,
};

/* Bits of features[0] that say which engines a core has. */
#define ETNAVIV_FEATURE_PIPE_3D	(1u << 2)
#define ETNAVIV_FEATURE_PIPE_2D	(1u << 9)
#define ETNAVIV_FEATURE_PIPE_VG	(1u << 26)
/* Bit of features[1] (minor features 0): the 2D engine is PE 2.0. */
#define ETNAVIV_MINOR0_2DPE20	(1u << 7)
/* Bit of features[2] (minor features 1): the core has an MMUv2. */
#define ETNAVIV_MINOR1_MMU_V2	(1u << 28)

/* What etnaviv_gpu_info() reports; read once at etnaviv_gpu_open(). */
struct etnaviv_gpu_info {
	uint32_t core;		/* pipe index */
	uint32_t model;		/* e.g. 0x2000 for a GC2000 */
	uint32_t revision;	/* e.g. 0x5108 */
	/* features[0] = FEATURE, features[1 + n] = minor features n */
	uint32_t features[13];
	uint32_t stream_count, register_max, thread_count, vertex_cache_size,
		 shader_core_count, pixel_pipes, vertex_output_buffer_size,
		 buffer_size, instruction_count, num_constants, num_varyings;
	uint32_t product_id, customer_id, eco_id;	/* 0 if not reported */
	uint64_t softpin_start;	/* ~0 when the core has no softpin */
};

/* ---- device ------------------------------------------------------------ */

/*
 * Open the DRM node at @path, or, with @path NULL, the first render node
 * (then card node) whose driver is "etnaviv". Fails with ENODEV when the
 * node is not an etnaviv device (or none is found).
 */
struct etnaviv_device *etnaviv_device_open(const char *path);

/*
 * Use an already open DRM file descriptor; the device does not own it
 * (etnaviv_device_close() leaves it open). No ioctl is made.
 */
struct etnaviv_device *etnaviv_device_wrap(int fd);

/* Close @dev (NULL is ignored). Its bos and streams must be freed first. */
void etnaviv_device_close(struct etnaviv_device *dev);

/* The file descriptor of @dev. */
int etnaviv_device_fd(const struct etnaviv_device *dev);

/* The path @dev was opened at ("" for a wrapped descriptor). */
const char *etnaviv_device_path(const struct etnaviv_device *dev);

/* ---- gpu --------------------------------------------------------------- */

/*
 * The core at pipe index @core: reads its identity and specs. Fails with
 * ENXIO when there is no such core (or the driver refused it), EINVAL for
 * an index out of range.
 */
struct etnaviv_gpu *etnaviv_gpu_open(struct etnaviv_device *dev,
				     unsigned int core);

/*
 * The index of the first core with engine @id (see ETNAVIV_FEATURE_PIPE_*),
 * or -ENODEV if none has it.
 */
int etnaviv_gpu_find(struct etnaviv_device *dev, enum etnaviv_pipe_id id);

/* Free @gpu (NULL is ignored). */
void etnaviv_gpu_close(struct etnaviv_gpu *gpu);

/* Identity and specs of @gpu. */
const struct etnaviv_gpu_info *etnaviv_gpu_info(const struct etnaviv_gpu *gpu);

/* Query any GET_PARAM value of @gpu's core; 0 or -errno. */
int etnaviv_gpu_param(const struct etnaviv_gpu *gpu, uint32_t param,
		      uint64_t *value);

/* Whether @gpu's core has engine @id. */
bool etnaviv_gpu_has_pipe(const struct etnaviv_gpu *gpu,
			  enum etnaviv_pipe_id id);

/* The device @gpu belongs to. */
struct etnaviv_device *etnaviv_gpu_device(const struct etnaviv_gpu *gpu);

/* ---- pipe -------------------------------------------------------------- */

/* Engine @id of @gpu; fails with ENODEV if the core lacks it. */
struct etnaviv_pipe *etnaviv_pipe_new(struct etnaviv_gpu *gpu,
				      enum etnaviv_pipe_id id);

/* Free @pipe (NULL is ignored). */
void etnaviv_pipe_del(struct etnaviv_pipe *pipe);

/* The gpu and engine of @pipe. */
struct etnaviv_gpu *etnaviv_pipe_gpu(const struct etnaviv_pipe *pipe);
enum etnaviv_pipe_id etnaviv_pipe_id(const struct etnaviv_pipe *pipe);

/*
 * Wait until @fence of @pipe's core signalled, at most @timeout_ns (0:
 * just test). 0 once signalled, -ETIMEDOUT (also for a zero timeout that
 * finds it pending) or another -errno.
 */
int etnaviv_pipe_wait(struct etnaviv_pipe *pipe, uint32_t fence,
		      uint64_t timeout_ns);

/* ---- buffer objects ---------------------------------------------------- */

/* A new buffer of @size bytes (rounded up to pages by the kernel). */
struct etnaviv_bo *etnaviv_bo_new(struct etnaviv_device *dev, uint64_t size,
				  uint32_t flags);

/*
 * The bo for GEM @handle of @dev's file, @size bytes. If @dev already has
 * a bo for @handle, that one is returned with one more reference. The bo
 * owns the handle: the last unref closes it.
 */
struct etnaviv_bo *etnaviv_bo_from_handle(struct etnaviv_device *dev,
					  uint32_t handle, uint64_t size);

/*
 * A bo over user memory @ptr (page aligned) of @size bytes (a multiple of
 * the page size); @flags are ETNAVIV_USERPTR_*. The memory must stay
 * mapped until the bo is freed.
 */
struct etnaviv_bo *etnaviv_bo_from_user(struct etnaviv_device *dev, void *ptr,
					uint64_t size, uint32_t flags);

/*
 * Import dma-buf @fd (not consumed). Importing a buffer @dev already has
 * a bo for returns that bo with one more reference.
 */
struct etnaviv_bo *etnaviv_bo_import(struct etnaviv_device *dev, int fd);

/* Export @bo as a new dma-buf file descriptor in *@fd (close it). */
int etnaviv_bo_export(struct etnaviv_bo *bo, int *fd);

/* One more reference to @bo; returns @bo. */
struct etnaviv_bo *etnaviv_bo_ref(struct etnaviv_bo *bo);

/* Drop a reference (NULL is ignored); the last one frees the buffer. */
void etnaviv_bo_unref(struct etnaviv_bo *bo);

/* CPU mapping of the whole bo, made on first use; NULL with errno. */
void *etnaviv_bo_map(struct etnaviv_bo *bo);

/*
 * Wait (at most @timeout_ns) until the GPU is done with @bo for CPU
 * access @op (ETNAVIV_PREP_*); pair with etnaviv_bo_cpu_fini().
 */
int etnaviv_bo_cpu_prep(struct etnaviv_bo *bo, uint32_t op,
			uint64_t timeout_ns);
int etnaviv_bo_cpu_fini(struct etnaviv_bo *bo);

uint32_t etnaviv_bo_handle(const struct etnaviv_bo *bo);
uint64_t etnaviv_bo_size(const struct etnaviv_bo *bo);

/* ---- command streams --------------------------------------------------- */

/*
 * A growing buffer of command words for @pipe, with room for @words to
 * start with (0: a default). Emitting never fails on the spot: a failed
 * growth makes the stream remember -ENOMEM, which flush returns.
 */
struct etnaviv_cmd_stream *etnaviv_cmd_stream_new(struct etnaviv_pipe *pipe,
						  unsigned int words);

/* Free @s (NULL is ignored), dropping its references to bos. */
void etnaviv_cmd_stream_del(struct etnaviv_cmd_stream *s);

/* Forget the words, relocations and bos; the sticky error too. */
void etnaviv_cmd_stream_reset(struct etnaviv_cmd_stream *s);

/* The sticky error of @s (0 if none). */
int etnaviv_cmd_stream_error(const struct etnaviv_cmd_stream *s);

/* Words emitted so far; the words themselves (valid until the next emit). */
unsigned int etnaviv_cmd_stream_size(const struct etnaviv_cmd_stream *s);
const uint32_t *etnaviv_cmd_stream_words(const struct etnaviv_cmd_stream *s);

/* Number of relocations and of distinct bos referenced so far. */
unsigned int etnaviv_cmd_stream_nr_relocs(const struct etnaviv_cmd_stream *s);
unsigned int etnaviv_cmd_stream_nr_bos(const struct etnaviv_cmd_stream *s);

/*
 * Index of @bo in the stream's bo list and the ETNAVIV_RELOC_* flags it
 * collected; -ENOENT if the stream does not reference it.
 */
int etnaviv_cmd_stream_bo_index(const struct etnaviv_cmd_stream *s,
				const struct etnaviv_bo *bo, uint32_t *flags);

/* Append one word. */
void etnaviv_emit(struct etnaviv_cmd_stream *s, uint32_t word);

/*
 * Append a LOAD_STATE of @count (1..1023) values to consecutive states
 * from byte address @addr, padded to 64 bits.
 */
void etnaviv_emit_load_state(struct etnaviv_cmd_stream *s, uint32_t addr,
			     const uint32_t *values, unsigned int count);

/* Append a LOAD_STATE of one value to state @addr. */
void etnaviv_emit_state(struct etnaviv_cmd_stream *s, uint32_t addr,
			uint32_t value);

/*
 * Append a word the kernel replaces with the GPU address of @bo plus
 * @offset, and add @bo (with @flags, ETNAVIV_RELOC_*) to the job.
 */
void etnaviv_emit_reloc(struct etnaviv_cmd_stream *s, struct etnaviv_bo *bo,
			uint32_t offset, uint32_t flags);

/* A LOAD_STATE of state @addr with a relocated address. */
void etnaviv_emit_state_reloc(struct etnaviv_cmd_stream *s, uint32_t addr,
			      struct etnaviv_bo *bo, uint32_t offset,
			      uint32_t flags);

/* Options of etnaviv_cmd_stream_flush_ext(). */
struct etnaviv_flush_args {
	int in_fence_fd;	/* wait for this sync file first; -1: none */
	bool want_fence_fd;	/* return a sync file in out_fence_fd */
	bool no_implicit;	/* skip implicit synchronisation */
	int out_fence_fd;	/* out: the sync file, or -1 */
	uint32_t fence;		/* out: the job's fence */
};

/*
 * Submit the words of @s as one job, then reset @s (also on failure). On
 * success *@fence (if not NULL) is the job's fence on the stream's pipe.
 * An empty stream submits nothing and returns -ENODATA.
 */
int etnaviv_cmd_stream_flush(struct etnaviv_cmd_stream *s, uint32_t *fence);

/* Flush with the options of @args (in and out fence fds). */
int etnaviv_cmd_stream_flush_ext(struct etnaviv_cmd_stream *s,
				 struct etnaviv_flush_args *args);

/* Flush and wait at most @timeout_ns for the job to finish. */
int etnaviv_cmd_stream_flush_wait(struct etnaviv_cmd_stream *s,
				  uint64_t timeout_ns);

/* Command words of the front end. */
#define ETNAVIV_CMD_LOAD_STATE(addr, count) \
	(0x08000000u | ((uint32_t)(count) & 0x3ff) << 16 | \
	 ((uint32_t)(addr) >> 2 & 0xffff))
#define ETNAVIV_CMD_NOP		0x18000000u
#define ETNAVIV_CMD_DRAW_2D(count, data) \
	(0x20000000u | ((uint32_t)(count) & 0xff) << 8 | \
	 ((uint32_t)(data) & 0x7ff) << 16)

#ifdef __cplusplus
}
#endif

#endif /* ETNAVIV_H */
