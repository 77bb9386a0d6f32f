/* SPDX-License-Identifier: MIT */
/*
 * User-space interface of the etnaviv DRM driver for Vivante GC GPU cores.
 *
 * Every number, structure layout and identifier in this file is part of a
 * binary interface that libdrm_etnaviv, Mesa and xf86-video-armada were
 * built against years ago.  They must never change.  The text around them
 * may.
 */

#ifndef __ETNAVIV_DRM_H__
#define __ETNAVIV_DRM_H__

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: etnaviv UAPI overview
 *
 * The driver has no display support: it exposes one DRM device, usable
 * through its render node, that drives every Vivante core of the system.
 * Each core (3D, 2D, VG, NPU) is addressed by a *pipe* index.  Pipes are
 * numbered from 0 in the order the cores' device-tree nodes appear; a core
 * that failed to initialise keeps its number but leaves a hole.  Every ioctl
 * that takes a pipe fails with -EINVAL for an index of %ETNA_MAX_PIPES or
 * more, and with -ENXIO for a hole.
 *
 * Buffers are GEM objects named by per-file handles.  They are created with
 * %DRM_IOCTL_ETNAVIV_GEM_NEW (shmem backed) or %DRM_IOCTL_ETNAVIV_GEM_USERPTR
 * (wrapping user memory), mapped into the CPU with %DRM_IOCTL_ETNAVIV_GEM_INFO
 * plus mmap(2), bracketed for CPU access with %DRM_IOCTL_ETNAVIV_GEM_CPU_PREP
 * and %DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, and handed to the GPU in a
 * %DRM_IOCTL_ETNAVIV_GEM_SUBMIT.  Completion is observed with
 * %DRM_IOCTL_ETNAVIV_WAIT_FENCE, %DRM_IOCTL_ETNAVIV_GEM_WAIT or a sync_file.
 * The generic DRM calls for GEM objects (GEM_CLOSE, PRIME import and
 * export) work as usual.
 *
 * The version reported by DRM_IOCTL_VERSION tells user space what to expect:
 * 1.1 added fence file descriptors, 1.2 the performance monitor, 1.3 softpin,
 * and 1.4 guarantees that the identity values of GET_PARAM are those read
 * from the hardware rather than replaced from the driver's chip database.
 */

/**
 * DOC: etnaviv UAPI layout rules
 *
 * All structures use fixed-size types only.  User pointers travel as __u64.
 * Every field is naturally aligned without help from the compiler, and a
 * structure holding a 64-bit field is a multiple of 8 bytes long (with one
 * historical exception, &struct drm_etnaviv_gem_submit_reloc).  The size of
 * the argument is encoded in the request number; the DRM core copies in what
 * user space passed and clears the rest of the kernel's copy, so a field may
 * be appended to a structure as long as zero keeps the old meaning.
 * &struct drm_etnaviv_gem_submit grew that way twice.
 *
 * Padding: &drm_etnaviv_gem_info.pad must be zero, and so must the reserved
 * words &drm_etnaviv_gem_cpu_fini.flags and &drm_etnaviv_gem_submit_reloc.flags
 * (-EINVAL otherwise).  The other pad fields (in the SUBMIT, WAIT_FENCE,
 * GEM_WAIT, submit PMR and PM_QUERY_SIG arguments) have never been checked,
 * so released binaries may leave garbage there and they can never carry
 * meaning.  User space must still write zero to all of them.
 *
 * Errors follow the DRM conventions.  Besides the ones listed per ioctl, any
 * ioctl may fail with -EFAULT when its argument cannot be copied, -ENOMEM
 * when the kernel runs out of memory, and -EINTR (or be restarted
 * transparently) when a signal interrupts a wait; an interrupted call can be
 * repeated with identical arguments.
 */

/**
 * DOC: etnaviv timeouts
 *
 * Blocking ioctls take a deadline, not a duration: a point in time on the
 * CLOCK_MONOTONIC clock, as returned by clock_gettime(CLOCK_MONOTONIC).  A
 * restarted ioctl thus still ends at the same moment.  A deadline that has
 * already passed turns the call into a test that does not sleep: it succeeds
 * if the object is idle and fails with -ETIMEDOUT otherwise.  The deadline
 * is tv_sec seconds plus tv_nsec nanoseconds: tv_nsec should lie in
 * [0, 999999999], but any value is taken as that sum (libdrm's etnaviv
 * sends more than a second, or less than 0, for long timeouts).
 */

/**
 * struct drm_etnaviv_timespec - A point in time on CLOCK_MONOTONIC.
 * @tv_sec: Whole seconds.
 * @tv_nsec: Nanoseconds within that second (see "etnaviv timeouts").
 *
 * Same meaning as struct timespec, with both members 64 bits wide so the
 * layout does not depend on the word size of the process.
 */
struct drm_etnaviv_timespec {
	__s64 tv_sec;
	__s64 tv_nsec;
};

/*
 * Request numbers.  Each is an offset from DRM_COMMAND_BASE; the full
 * request, as passed to ioctl(2), is built by the DRM_IOCTL_ETNAVIV_* macros
 * below, which also encode the direction and the argument size.  Number 0x01
 * was kept free for a SET_PARAM call that was never defined; the DRM core
 * fails it with -EINVAL like any other unused number.
 */
#define DRM_ETNAVIV_GET_PARAM          0x00
#define DRM_ETNAVIV_GEM_NEW            0x02
#define DRM_ETNAVIV_GEM_INFO           0x03
#define DRM_ETNAVIV_GEM_CPU_PREP       0x04
#define DRM_ETNAVIV_GEM_CPU_FINI       0x05
#define DRM_ETNAVIV_GEM_SUBMIT         0x06
#define DRM_ETNAVIV_WAIT_FENCE         0x07
#define DRM_ETNAVIV_GEM_USERPTR        0x08
#define DRM_ETNAVIV_GEM_WAIT           0x09
#define DRM_ETNAVIV_PM_QUERY_DOM       0x0a
#define DRM_ETNAVIV_PM_QUERY_SIG       0x0b
/* One past the highest request number in use. */
#define DRM_ETNAVIV_NUM_IOCTLS         0x0c

/* Calls whose argument is only read by the kernel use DRM_IOW. */
#define DRM_IOCTL_ETNAVIV_GET_PARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GET_PARAM, \
		 struct drm_etnaviv_param)
#define DRM_IOCTL_ETNAVIV_GEM_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_NEW, \
		 struct drm_etnaviv_gem_new)
#define DRM_IOCTL_ETNAVIV_GEM_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_INFO, \
		 struct drm_etnaviv_gem_info)
#define DRM_IOCTL_ETNAVIV_GEM_CPU_PREP \
	DRM_IOW(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_CPU_PREP, \
		struct drm_etnaviv_gem_cpu_prep)
#define DRM_IOCTL_ETNAVIV_GEM_CPU_FINI \
	DRM_IOW(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_CPU_FINI, \
		struct drm_etnaviv_gem_cpu_fini)
#define DRM_IOCTL_ETNAVIV_GEM_SUBMIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, \
		 struct drm_etnaviv_gem_submit)
#define DRM_IOCTL_ETNAVIV_WAIT_FENCE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_ETNAVIV_WAIT_FENCE, \
		struct drm_etnaviv_wait_fence)
#define DRM_IOCTL_ETNAVIV_GEM_USERPTR \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_USERPTR, \
		 struct drm_etnaviv_gem_userptr)
#define DRM_IOCTL_ETNAVIV_GEM_WAIT \
	DRM_IOW(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_WAIT, \
		struct drm_etnaviv_gem_wait)
#define DRM_IOCTL_ETNAVIV_PM_QUERY_DOM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_PM_QUERY_DOM, \
		 struct drm_etnaviv_pm_domain)
#define DRM_IOCTL_ETNAVIV_PM_QUERY_SIG \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_PM_QUERY_SIG, \
		 struct drm_etnaviv_pm_signal)

/* Number of pipe indices: valid pipes are 0 .. ETNA_MAX_PIPES - 1. */
#define ETNA_MAX_PIPES 4

/*
 * GET_PARAM: what can be asked about a core.  All values are returned
 * zero-extended in drm_etnaviv_param.value.
 *
 * Identity: the model number written as hex digits (0x2000 is a GC2000,
 * 0x7000 a GC7000), the revision (e.g. 0x5108), and the product, customer
 * and ECO identifiers (0 on cores that do not report them).
 */
#define ETNAVIV_PARAM_GPU_MODEL                     0x01
#define ETNAVIV_PARAM_GPU_REVISION                  0x02
/*
 * Feature words: FEATURES_0 is the main feature register, FEATURES_n for
 * n >= 1 is minor feature register n - 1.  A bit set means the core has the
 * feature; registers a core does not have read as 0.
 */
#define ETNAVIV_PARAM_GPU_FEATURES_0                0x03
#define ETNAVIV_PARAM_GPU_FEATURES_1                0x04
#define ETNAVIV_PARAM_GPU_FEATURES_2                0x05
#define ETNAVIV_PARAM_GPU_FEATURES_3                0x06
#define ETNAVIV_PARAM_GPU_FEATURES_4                0x07
#define ETNAVIV_PARAM_GPU_FEATURES_5                0x08
#define ETNAVIV_PARAM_GPU_FEATURES_6                0x09
#define ETNAVIV_PARAM_GPU_FEATURES_7                0x0a
#define ETNAVIV_PARAM_GPU_FEATURES_8                0x0b
#define ETNAVIV_PARAM_GPU_FEATURES_9                0x0c
#define ETNAVIV_PARAM_GPU_FEATURES_10               0x0d
#define ETNAVIV_PARAM_GPU_FEATURES_11               0x0e
#define ETNAVIV_PARAM_GPU_FEATURES_12               0x0f
/*
 * Core dimensions, as counts: vertex streams, temporary registers per shader
 * thread, shader threads, vertex cache entries, shader cores, pixel pipes,
 * vertex output buffer entries, internal buffer size, shader instruction
 * slots, shader uniform (constant) registers and varyings.
 */
#define ETNAVIV_PARAM_GPU_STREAM_COUNT              0x10
#define ETNAVIV_PARAM_GPU_REGISTER_MAX              0x11
#define ETNAVIV_PARAM_GPU_THREAD_COUNT              0x12
#define ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE         0x13
#define ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT         0x14
#define ETNAVIV_PARAM_GPU_PIXEL_PIPES               0x15
#define ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE 0x16
#define ETNAVIV_PARAM_GPU_BUFFER_SIZE               0x17
#define ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT         0x18
#define ETNAVIV_PARAM_GPU_NUM_CONSTANTS             0x19
#define ETNAVIV_PARAM_GPU_NUM_VARYINGS              0x1a
/*
 * Lowest GPU virtual address user space may choose with ETNA_SUBMIT_SOFTPIN
 * (4 MiB; everything below belongs to the kernel).  All ones (~0ULL) means
 * the core cannot softpin because it lacks per-process page tables (MMUv1).
 */
#define ETNAVIV_PARAM_SOFTPIN_START_ADDR            0x1b
#define ETNAVIV_PARAM_GPU_PRODUCT_ID                0x1c
#define ETNAVIV_PARAM_GPU_CUSTOMER_ID               0x1d
#define ETNAVIV_PARAM_GPU_ECO_ID                    0x1e

/**
 * struct drm_etnaviv_param - Argument of %DRM_IOCTL_ETNAVIV_GET_PARAM.
 * @pipe: In: the core to ask.
 * @param: In: one of the ETNAVIV_PARAM_* values.
 * @value: Out: the answer.  Its input value is ignored.
 *
 * Reads one fixed property of a core.  The call has no side effect.
 * Errors: -EINVAL for a bad pipe index or an unknown @param, -ENXIO when no
 * core sits at @pipe.
 */
struct drm_etnaviv_param {
	__u32 pipe;
	__u32 param;
	__u64 value;
};

/*
 * GEM_NEW flags.  Exactly one of the three CPU caching modes inside
 * ETNA_BO_CACHE_MASK must be given:
 *
 * ETNA_BO_CACHED    CPU mappings are cacheable.  The caches are cleaned
 *                   or invalidated at CPU_PREP / CPU_FINI, which therefore
 *                   must bracket every CPU access.
 * ETNA_BO_WC        CPU mappings are write-combined (uncached reads).
 * ETNA_BO_UNCACHED  CPU mappings are fully uncached.
 *
 * ETNA_BO_FORCE_MMU only matters on cores with the first-generation MMU
 * (MMUv1): the buffer is then always mapped through page tables, even when
 * its memory is physically contiguous and could be reached through the
 * linear window.  Other cores ignore it.
 */
#define ETNA_BO_CACHE_MASK   0x000f0000
#define ETNA_BO_CACHED       0x00010000
#define ETNA_BO_WC           0x00020000
#define ETNA_BO_UNCACHED     0x00040000
#define ETNA_BO_FORCE_MMU    0x00100000

/**
 * struct drm_etnaviv_gem_new - Argument of %DRM_IOCTL_ETNAVIV_GEM_NEW.
 * @size: In: size in bytes; rounded up to a whole number of pages.
 * @flags: In: one caching mode, optionally ORed with %ETNA_BO_FORCE_MMU.
 * @handle: Out: handle of the new object, never 0.
 *
 * Creates a buffer object backed by swappable shmem pages.  Memory is
 * allocated lazily, on the first CPU fault, CPU_PREP or GPU use, and its
 * contents start out zeroed.
 *
 * Errors: -EINVAL for an unknown flag, for no or several caching modes, and
 * for a @size of 0 or that rounds up to 4 GiB or more (GPU addresses are 32
 * bits wide); -ENOMEM.
 */
struct drm_etnaviv_gem_new {
	__u64 size;
	__u32 flags;
	__u32 handle;
};

/**
 * struct drm_etnaviv_gem_info - Argument of %DRM_IOCTL_ETNAVIV_GEM_INFO.
 * @handle: In: the object.
 * @pad: In: must be zero.
 * @offset: Out: the "fake" offset to pass to mmap(2); it is not an address.
 *
 * Returns the offset at which mmap(2) on the DRM file descriptor maps the
 * object, with the caching mode the object was created with.  Objects made
 * by %DRM_IOCTL_ETNAVIV_GEM_USERPTR already live in user memory: mmap(2)
 * refuses them with -EINVAL.
 *
 * Errors: -EINVAL if @pad is not zero, -ENOENT for an unknown handle.
 */
struct drm_etnaviv_gem_info {
	__u32 handle;
	__u32 pad;
	__u64 offset;
};

/*
 * CPU_PREP operations.  READ waits for pending GPU writes, WRITE (alone or
 * with READ) for every pending GPU access.  NOSYNC does not wait at all: it
 * fails with -EBUSY if the wait would have been needed.
 */
#define ETNA_PREP_READ        0x01
#define ETNA_PREP_WRITE       0x02
#define ETNA_PREP_NOSYNC      0x04

/**
 * struct drm_etnaviv_gem_cpu_prep - Argument of %DRM_IOCTL_ETNAVIV_GEM_CPU_PREP.
 * @handle: In: the object.
 * @op: In: ETNA_PREP_* bits.  0 is accepted and behaves like a read.
 * @timeout: In: deadline (absolute, CLOCK_MONOTONIC).  Ignored with
 *	%ETNA_PREP_NOSYNC.
 *
 * Starts a CPU access to an object: waits until the GPU no longer uses it in
 * a conflicting way, allocates its pages if needed, and for %ETNA_BO_CACHED
 * objects makes the CPU caches see what the GPU wrote.  Pair every call with
 * %DRM_IOCTL_ETNAVIV_GEM_CPU_FINI; the operation is remembered until then.
 * The direction in @op should describe the access, as it selects the cache
 * maintenance done here and at CPU_FINI.
 *
 * Errors: -EINVAL for an unknown bit in @op, -ENOENT for an unknown handle,
 * -EBUSY with %ETNA_PREP_NOSYNC when the object is busy, -ETIMEDOUT when
 * @timeout passes first, -EINTR.
 */
struct drm_etnaviv_gem_cpu_prep {
	__u32 handle;
	__u32 op;
	struct drm_etnaviv_timespec timeout;
};

/**
 * struct drm_etnaviv_gem_cpu_fini - Argument of %DRM_IOCTL_ETNAVIV_GEM_CPU_FINI.
 * @handle: In: the object.
 * @flags: In: reserved, must be zero.
 *
 * Ends the CPU access begun by CPU_PREP.  For %ETNA_BO_CACHED objects the
 * CPU's writes are cleaned out of its caches so the GPU sees them.  Never
 * blocks.
 *
 * Errors: -EINVAL if @flags is not zero, -ENOENT for an unknown handle.
 */
struct drm_etnaviv_gem_cpu_fini {
	__u32 handle;
	__u32 flags;
};

/**
 * struct drm_etnaviv_gem_submit_reloc - A GPU address to patch into a stream.
 * @submit_offset: In: byte offset of the word to patch in the stream.
 * @reloc_idx: In: index of the target in &drm_etnaviv_gem_submit.bos.
 * @reloc_offset: In: byte offset added to the target's GPU address.
 * @flags: In: reserved, must be zero.
 *
 * After copying the stream, the kernel writes the 32-bit GPU virtual address
 * of buffer @reloc_idx, plus @reloc_offset, into the stream word at byte
 * @submit_offset.  Entries must come in non-decreasing @submit_offset order.
 * Relocations are not allowed in a softpin submit.
 *
 * Size: 24 bytes, the last 4 being tail padding, on every ABI that aligns
 * __u64 to 8 bytes (arm EABI, arm64, x86_64 and the other 64-bit ABIs).  On
 * i386 __u64 is 4-byte aligned and the structure is only 20 bytes; the
 * kernel always reads the array with its own stride, so 32-bit x86 programs
 * cannot use relocations on a 64-bit kernel.  No Vivante system is affected.
 *
 * Errors (reported by SUBMIT as -EINVAL): @flags not zero, @submit_offset not
 * a multiple of 4, outside the stream or smaller than the previous entry's,
 * @reloc_idx not below &drm_etnaviv_gem_submit.nr_bos, @reloc_offset beyond
 * the last word of the buffer.
 */
struct drm_etnaviv_gem_submit_reloc {
	__u32 submit_offset;
	__u32 reloc_idx;
	__u64 reloc_offset;
	__u32 flags;
};

/*
 * How the GPU uses a buffer of a submit.  Implicit synchronisation depends
 * on it: a written buffer waits for, and is waited on by, every other user;
 * a buffer only read waits for earlier writers only.  A buffer with neither
 * bit counts as read.
 */
#define ETNA_SUBMIT_BO_READ             0x0001
#define ETNA_SUBMIT_BO_WRITE            0x0002

/**
 * struct drm_etnaviv_gem_submit_bo - A buffer used by a submit.
 * @flags: In: ETNA_SUBMIT_BO_* bits.
 * @handle: In: GEM handle of the buffer.
 * @presumed: In: with %ETNA_SUBMIT_SOFTPIN, the GPU virtual address at
 *	which the buffer must be mapped: 4 KiB aligned and not below
 *	%ETNAVIV_PARAM_SOFTPIN_START_ADDR, and ending below the last
 *	4 KiB page of the 32-bit space.  An idle buffer mapped elsewhere in
 *	this file's address space moves; one that an unfinished job uses
 *	elsewhere, or a range another buffer holds, makes the submit fail.
 *	Without softpin the field is ignored, and the kernel never writes
 *	it back.
 *
 * Every buffer that the stream references, directly or through a
 * relocation, appears exactly once in &drm_etnaviv_gem_submit.bos.  The
 * kernel keeps each one mapped into the GPU and alive until the job is done.
 *
 * Errors (reported by SUBMIT): -EINVAL for an unknown flag, an unknown
 * handle or a bad softpin address, -EALREADY for a handle listed twice,
 * -ENOSPC when no GPU address range (or not the requested one) is free.
 */
struct drm_etnaviv_gem_submit_bo {
	__u32 flags;
	__u32 handle;
	__u64 presumed;
};

/* When a performance counter is sampled: before or after the stream. */
#define ETNA_PM_PROCESS_PRE             0x0001
#define ETNA_PM_PROCESS_POST            0x0002

/**
 * struct drm_etnaviv_gem_submit_pmr - A performance-counter sample request.
 * @flags: In: ETNA_PM_PROCESS_* bits; with neither, nothing is sampled.
 * @domain: In: domain index within the exec state's list.
 * @pad: In: ignored; write zero.
 * @signal: In: signal index within the domain.
 * @sequence: In: value stored into word 0 after post-stream sampling.
 * @read_offset: In: where the sample goes, counted in 32-bit words from
 *	the start of the buffer (word 0 is reserved for @sequence).  Earlier
 *	etnaviv kernels bounds-checked it as a byte offset only; keep the
 *	whole word inside the buffer.
 * @read_idx: In: index of the buffer in &drm_etnaviv_gem_submit.bos.
 *
 * Asks the kernel to stop the front end around the stream, read one counter
 * of the core and store it as a __u32 into a buffer of the submit.  After a
 * post-stream sample it also stores @sequence into word 0 of that buffer,
 * so user space can tell the samples of this submit have all landed.
 *
 * Domains are numbered here within the list that belongs to the submit's
 * &drm_etnaviv_gem_submit.exec_state (the 3D list or the 2D list), not in
 * the numbering of %DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, which runs through all
 * lists of the core one after the other.
 *
 * Errors (reported by SUBMIT as -EINVAL): a bit in @flags other than the
 * ETNA_PM_PROCESS_* ones, @domain or @signal unknown for the exec state,
 * @read_idx out of range, @read_offset 0 or outside the buffer.
 */
struct drm_etnaviv_gem_submit_pmr {
	__u32 flags;
	__u8  domain;
	__u8  pad;
	__u16 signal;
	__u32 sequence;
	__u32 read_offset;
	__u32 read_idx;
};

/*
 * SUBMIT flags.
 *
 * ETNA_SUBMIT_NO_IMPLICIT   Do not wait for other users of the buffers
 *                           (fences in their reservation objects); user
 *                           space synchronises explicitly.  The job's own
 *                           fence is still attached to the buffers.
 * ETNA_SUBMIT_FENCE_FD_IN   fence_fd holds a sync_file the job waits for.
 * ETNA_SUBMIT_FENCE_FD_OUT  Return a new sync_file for the job in fence_fd.
 * ETNA_SUBMIT_SOFTPIN       User space chose the GPU addresses of all
 *                           buffers (drm_etnaviv_gem_submit_bo.presumed);
 *                           the submit has no relocations.  Needs a core
 *                           with per-process page tables (MMUv2).
 * ETNA_SUBMIT_FLAGS         All valid flags.
 */
#define ETNA_SUBMIT_NO_IMPLICIT         0x0001
#define ETNA_SUBMIT_FENCE_FD_IN         0x0002
#define ETNA_SUBMIT_FENCE_FD_OUT        0x0004
#define ETNA_SUBMIT_SOFTPIN             0x0008
#define ETNA_SUBMIT_FLAGS               (ETNA_SUBMIT_NO_IMPLICIT | \
					 ETNA_SUBMIT_FENCE_FD_IN | \
					 ETNA_SUBMIT_FENCE_FD_OUT | \
					 ETNA_SUBMIT_SOFTPIN)

/*
 * Execution states: the engine of a core a command stream is written for.
 * The kernel selects it before running the stream and flushes the caches of
 * the previous engine when it switches.
 */
#define ETNA_PIPE_3D      0x00
#define ETNA_PIPE_2D      0x01
#define ETNA_PIPE_VG      0x02

/**
 * struct drm_etnaviv_gem_submit - Argument of %DRM_IOCTL_ETNAVIV_GEM_SUBMIT.
 * @fence: Out: fence number of the job on this pipe, for
 *	%DRM_IOCTL_ETNAVIV_WAIT_FENCE.  It is an identifier handed out
 *	cyclically below 2^31, not a hardware sequence number.
 * @pipe: In: the core to run on.
 * @exec_state: In: ETNA_PIPE_* engine the stream starts on.
 * @nr_bos: In: number of entries in @bos.
 * @nr_relocs: In: number of entries in @relocs.
 * @stream_size: In: length of @stream in bytes.
 * @bos: In: user pointer to an array of &struct drm_etnaviv_gem_submit_bo.
 * @relocs: In: user pointer to an array of
 *	&struct drm_etnaviv_gem_submit_reloc, sorted by submit_offset.
 * @stream: In: user pointer to the commands, 32-bit words in CPU order.
 * @flags: In: ETNA_SUBMIT_* bits (since 4.12; 0 for older callers).
 * @fence_fd: In/out (since 4.12): with %ETNA_SUBMIT_FENCE_FD_IN, a
 *	sync_file descriptor the job waits for.  On success the kernel stores
 *	here the new close-on-exec sync_file descriptor of the job when
 *	%ETNA_SUBMIT_FENCE_FD_OUT is set, and leaves it alone otherwise
 *	(Linux 6.1's etnaviv stores -1 then).
 * @pmrs: In (since 4.15): user pointer to an array of
 *	&struct drm_etnaviv_gem_submit_pmr.
 * @nr_pmrs: In (since 4.15): number of entries in @pmrs.
 * @pad: In: ignored by the kernel; write zero.
 *
 * Queues a command stream for a core.  The kernel copies the stream out of
 * user memory into a command buffer of its own, patches the relocations into
 * the copy, maps the buffers, links the copy into the core's ring behind its
 * own pipe-select, MMU-flush and cache-flush commands, and returns at once
 * with a fence for the job.  The stream must not contain ring control of its
 * own.  On cores with the first-generation MMU, which cannot isolate
 * processes, the stream is also parsed: only drawing, state loads, NOP and
 * STALL are accepted, and every state that holds an address must be set
 * through a relocation.  This parser is stricter than Linux 6.1's: it
 * counts a LOAD_STATE of COUNT 0 as the 1024 states the hardware loads, it
 * counts the inline data of DRAW_2D, and it refuses a relocation that
 * patches a command header and a fixed-point (FIXP) load into an address
 * state.  The VG engine (%ETNA_PIPE_VG) has no core that runs it, and is
 * refused.
 *
 * Sizes: this structure was extended twice by appending fields, and the
 * kernel accepts all three sizes (it sees the size in the request number and
 * reads absent fields as zero):
 *
 * - 48 bytes (Linux 4.5, request 0xc0306446): @fence through @stream.
 * - 56 bytes (Linux 4.12, request 0xc0386446): @flags and @fence_fd added
 *   for explicit fencing.
 * - 72 bytes (Linux 4.15, request 0xc0486446): @pmrs, @nr_pmrs and @pad
 *   added for performance counters; @pad rounds the size up to a multiple
 *   of 8 so that arrays and 32/64-bit layouts agree.
 *
 * Limits: @stream_size at most 128 KiB, @nr_bos and @nr_relocs at most
 * 131072 each, @nr_pmrs at most 128.
 *
 * Errors: -EINVAL for a bad pipe index, a @stream_size that is not a
 * multiple of 4 or over the limit, an unknown @exec_state or flag, softpin
 * on a core without MMUv2, a count over its limit, an invalid buffer,
 * relocation or PMR entry (see those structures), a stream rejected by the
 * MMUv1 parser, or a @fence_fd that is not a sync_file; -ENXIO when no core
 * sits at @pipe; -ENOENT is *not* used for unknown handles here (they give
 * -EINVAL); -EALREADY for a buffer listed twice; -ENOSPC when GPU address
 * space runs out; -EPERM for a userptr buffer created by another process;
 * -EMFILE when no file descriptor is free for %ETNA_SUBMIT_FENCE_FD_OUT;
 * -ETIMEDOUT when no command-buffer space frees up within 10 seconds;
 * -EFAULT, -ENOMEM, -EINTR.  Nothing is queued when the call fails.
 */
struct drm_etnaviv_gem_submit {
	__u32 fence;
	__u32 pipe;
	__u32 exec_state;
	__u32 nr_bos;
	__u32 nr_relocs;
	__u32 stream_size;
	__u64 bos;
	__u64 relocs;
	__u64 stream;
	__u32 flags;
	__s32 fence_fd;
	__u64 pmrs;
	__u32 nr_pmrs;
	__u32 pad;
};

/* Wait flag of WAIT_FENCE and GEM_WAIT: return -EBUSY instead of sleeping. */
#define ETNA_WAIT_NONBLOCK      0x01

/**
 * struct drm_etnaviv_wait_fence - Argument of %DRM_IOCTL_ETNAVIV_WAIT_FENCE.
 * @pipe: In: the core the job was submitted to.
 * @fence: In: &drm_etnaviv_gem_submit.fence of the job.
 * @flags: In: 0 or %ETNA_WAIT_NONBLOCK.
 * @pad: In: ignored; write zero.
 * @timeout: In: deadline (absolute, CLOCK_MONOTONIC).  Ignored with
 *	%ETNA_WAIT_NONBLOCK.
 *
 * Waits until the job that SUBMIT numbered @fence on @pipe has finished.
 * This serves fence objects of graphics APIs without a buffer to wait on;
 * to touch a buffer from the CPU, use CPU_PREP instead.  A number the
 * kernel does not know, because its job retired long ago or because it was
 * never handed out, counts as finished.
 *
 * Errors: -EINVAL for an unknown flag or a bad pipe index, -ENXIO when no
 * core sits at @pipe, -EBUSY with %ETNA_WAIT_NONBLOCK when the job is still
 * running, -ETIMEDOUT when @timeout passes first, -EINTR.
 */
struct drm_etnaviv_wait_fence {
	__u32 pipe;
	__u32 fence;
	__u32 flags;
	__u32 pad;
	struct drm_etnaviv_timespec timeout;
};

/* GEM_USERPTR access: what the GPU may do with the memory. */
#define ETNA_USERPTR_READ	0x01
#define ETNA_USERPTR_WRITE	0x02

/**
 * struct drm_etnaviv_gem_userptr - Argument of %DRM_IOCTL_ETNAVIV_GEM_USERPTR.
 * @user_ptr: In: page-aligned start address.
 * @user_size: In: page-aligned length in bytes.
 * @flags: In: ETNA_USERPTR_* bits.
 * @handle: Out: handle of the new object, never 0.
 *
 * Wraps a range of the caller's memory in a buffer object, so the GPU can
 * read or write it without a copy.  The object behaves as %ETNA_BO_CACHED:
 * bracket CPU accesses with CPU_PREP and CPU_FINI.  The pages are pinned at
 * the first GPU use, which must happen in the process that created the
 * object (-EPERM from SUBMIT otherwise), and stay pinned until the object is
 * freed.  The object cannot be mapped with mmap(2) on the DRM device.
 *
 * Errors: -EINVAL for @flags not a non-empty subset of the ETNA_USERPTR_*
 * bits, for @user_ptr or @user_size not page aligned, for a @user_size of 0
 * or of 4 GiB and more, or for a @user_ptr too wide for a kernel pointer;
 * -EFAULT for a range that is not user memory; -ENOMEM.
 */
struct drm_etnaviv_gem_userptr {
	__u64 user_ptr;
	__u64 user_size;
	__u32 flags;
	__u32 handle;
};

/**
 * struct drm_etnaviv_gem_wait - Argument of %DRM_IOCTL_ETNAVIV_GEM_WAIT.
 * @pipe: In: a core; it must exist, but the wait covers jobs of all cores.
 * @handle: In: the object.
 * @flags: In: 0 or %ETNA_WAIT_NONBLOCK.
 * @pad: In: ignored; write zero.
 * @timeout: In: deadline (absolute, CLOCK_MONOTONIC).  Ignored with
 *	%ETNA_WAIT_NONBLOCK.
 *
 * Waits until no queued or running job uses the object any more, whatever
 * the kind of access.  Unlike CPU_PREP it does no cache maintenance and
 * does not start a CPU access.
 *
 * Errors: -EINVAL for an unknown flag or a bad pipe index, -ENXIO when no
 * core sits at @pipe, -ENOENT for an unknown handle, -EBUSY with
 * %ETNA_WAIT_NONBLOCK when the object is busy, -ETIMEDOUT when @timeout
 * passes first, -EINTR.
 */
struct drm_etnaviv_gem_wait {
	__u32 pipe;
	__u32 handle;
	__u32 flags;
	__u32 pad;
	struct drm_etnaviv_timespec timeout;
};

/**
 * struct drm_etnaviv_pm_domain - Argument of %DRM_IOCTL_ETNAVIV_PM_QUERY_DOM.
 * @pipe: In: the core.
 * @iter: In: index of the domain to describe.  Out: index of the next
 *	domain, or 0xff after the last one.
 * @id: Out: index of this domain, to pass as
 *	&drm_etnaviv_pm_signal.domain.
 * @nr_signals: Out: number of signals in the domain.
 * @name: Out: NUL-terminated name of the domain.
 *
 * Describes one performance-counter domain of a core.  A core lists the
 * domains of its 3D engine first, then those of its 2D engine.  To walk the
 * list, start with @iter at 0 and call again with the returned @iter until
 * it comes back as 0xff.
 *
 * Errors: -EINVAL for a bad pipe index or an @iter at or past the end of the
 * list, -ENXIO when no core sits at @pipe.
 */
struct drm_etnaviv_pm_domain {
	__u32 pipe;
	__u8  iter;
	__u8  id;
	__u16 nr_signals;
	char  name[64];
};

/**
 * struct drm_etnaviv_pm_signal - Argument of %DRM_IOCTL_ETNAVIV_PM_QUERY_SIG.
 * @pipe: In: the core.
 * @domain: In: domain index, numbered as by PM_QUERY_DOM.
 * @pad: In: ignored; write zero.
 * @iter: In: index of the signal to describe.  Out: index of the next
 *	signal, or 0xffff after the last one.
 * @id: Out: index of this signal, to use as
 *	&drm_etnaviv_gem_submit_pmr.signal.
 * @name: Out: NUL-terminated name of the signal.
 *
 * Describes one signal (counter) of a performance-counter domain.  Walk the
 * signals as the domains: @iter from 0 until it comes back as 0xffff.
 *
 * Errors: -EINVAL for a bad pipe index, an unknown @domain or an @iter at or
 * past the end of the domain's signals, -ENXIO when no core sits at @pipe.
 */
struct drm_etnaviv_pm_signal {
	__u32 pipe;
	__u8  domain;
	__u8  pad;
	__u16 iter;
	__u16 id;
	char  name[64];
};

#if defined(__cplusplus)
}
#endif

#endif /* __ETNAVIV_DRM_H__ */
