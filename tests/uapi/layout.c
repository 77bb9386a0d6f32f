// SPDX-License-Identifier: MIT
/*
 * Compile-time check of the etnaviv UAPI binary layout.
 *
 * Every structure size, field offset, field type, request number and
 * constant of include/uapi/drm/etnaviv_drm.h is pinned here to the values
 * the existing user space (libdrm_etnaviv, Mesa) was built with.  A change
 * to any of them breaks the build of this file; if it builds, running it
 * prints "PASS: uapi/layout-<arch>".
 *
 * Build and run from the top of the tree (U is the headers_install output
 * of linux-source-6.1, which provides drm.h, linux/types.h and asm/ioctl.h):
 *
 *   U=~/.cache/etnaviv/uapi/include
 *   gcc -std=c11 -Wall -Wextra -Werror -I $U/drm -I $U \
 *       -o build/tests/uapi-layout tests/uapi/layout.c
 *   build/tests/uapi-layout
 *
 * tests/uapi/layout-cross.sh checks the same asserts, compile-only
 * (-DLAYOUT_COMPILE_ONLY), for i386 and 32-bit ARM.
 *
 * The header is included by its path relative to this file, so the test can
 * never silently pick up another copy of etnaviv_drm.h; "-I $U/drm" is what
 * lets the header's own #include "drm.h" resolve.
 */

#include <stddef.h>
#ifndef LAYOUT_COMPILE_ONLY
#include <stdio.h>
#endif

#include "../../include/uapi/drm/etnaviv_drm.h"

#define ASSERT_SIZE(s, size) \
	_Static_assert(sizeof(struct s) == (size), "sizeof(struct " #s ")")

/*
 * Offset and exact type of a field.  Taking the field's address keeps
 * arrays from decaying, so char[64] is told apart from char *; the
 * expression inside _Generic is never evaluated.
 */
#define ASSERT_FIELD(s, f, off, type)					\
	_Static_assert(offsetof(struct s, f) == (off),			\
		       "offsetof(struct " #s ", " #f ")");		\
	_Static_assert(_Generic(&((struct s *)0)->f, type *: 1, default: 0), \
		       "type of struct " #s "." #f)

#define ASSERT_VALUE(name, value) \
	_Static_assert((name) == (value), #name " == " #value)

typedef char name64_t[64];
typedef struct drm_etnaviv_timespec timespec_t;

/* Structures (sizes in bytes; see the reference, section 1.3). */

ASSERT_SIZE(drm_etnaviv_timespec, 16);
ASSERT_FIELD(drm_etnaviv_timespec, tv_sec, 0, __s64);
ASSERT_FIELD(drm_etnaviv_timespec, tv_nsec, 8, __s64);

ASSERT_SIZE(drm_etnaviv_param, 16);
ASSERT_FIELD(drm_etnaviv_param, pipe, 0, __u32);
ASSERT_FIELD(drm_etnaviv_param, param, 4, __u32);
ASSERT_FIELD(drm_etnaviv_param, value, 8, __u64);

ASSERT_SIZE(drm_etnaviv_gem_new, 16);
ASSERT_FIELD(drm_etnaviv_gem_new, size, 0, __u64);
ASSERT_FIELD(drm_etnaviv_gem_new, flags, 8, __u32);
ASSERT_FIELD(drm_etnaviv_gem_new, handle, 12, __u32);

ASSERT_SIZE(drm_etnaviv_gem_info, 16);
ASSERT_FIELD(drm_etnaviv_gem_info, handle, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_info, pad, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_info, offset, 8, __u64);

ASSERT_SIZE(drm_etnaviv_gem_cpu_prep, 24);
ASSERT_FIELD(drm_etnaviv_gem_cpu_prep, handle, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_cpu_prep, op, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_cpu_prep, timeout, 8, timespec_t);

ASSERT_SIZE(drm_etnaviv_gem_cpu_fini, 8);
ASSERT_FIELD(drm_etnaviv_gem_cpu_fini, handle, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_cpu_fini, flags, 4, __u32);

/* The one arch-dependent layout: __u64 is only 4-byte aligned on i386. */
#if defined(__i386__)
ASSERT_SIZE(drm_etnaviv_gem_submit_reloc, 20);
#else
ASSERT_SIZE(drm_etnaviv_gem_submit_reloc, 24);
#endif
ASSERT_FIELD(drm_etnaviv_gem_submit_reloc, submit_offset, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_reloc, reloc_idx, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_reloc, reloc_offset, 8, __u64);
ASSERT_FIELD(drm_etnaviv_gem_submit_reloc, flags, 16, __u32);

ASSERT_SIZE(drm_etnaviv_gem_submit_bo, 16);
ASSERT_FIELD(drm_etnaviv_gem_submit_bo, flags, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_bo, handle, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_bo, presumed, 8, __u64);

ASSERT_SIZE(drm_etnaviv_gem_submit_pmr, 20);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, flags, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, domain, 4, __u8);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, pad, 5, __u8);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, signal, 6, __u16);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, sequence, 8, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, read_offset, 12, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit_pmr, read_idx, 16, __u32);

ASSERT_SIZE(drm_etnaviv_gem_submit, 72);
ASSERT_FIELD(drm_etnaviv_gem_submit, fence, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, pipe, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, exec_state, 8, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, nr_bos, 12, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, nr_relocs, 16, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, stream_size, 20, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, bos, 24, __u64);
ASSERT_FIELD(drm_etnaviv_gem_submit, relocs, 32, __u64);
ASSERT_FIELD(drm_etnaviv_gem_submit, stream, 40, __u64);
ASSERT_FIELD(drm_etnaviv_gem_submit, flags, 48, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, fence_fd, 52, __s32);
ASSERT_FIELD(drm_etnaviv_gem_submit, pmrs, 56, __u64);
ASSERT_FIELD(drm_etnaviv_gem_submit, nr_pmrs, 64, __u32);
ASSERT_FIELD(drm_etnaviv_gem_submit, pad, 68, __u32);

ASSERT_SIZE(drm_etnaviv_wait_fence, 32);
ASSERT_FIELD(drm_etnaviv_wait_fence, pipe, 0, __u32);
ASSERT_FIELD(drm_etnaviv_wait_fence, fence, 4, __u32);
ASSERT_FIELD(drm_etnaviv_wait_fence, flags, 8, __u32);
ASSERT_FIELD(drm_etnaviv_wait_fence, pad, 12, __u32);
ASSERT_FIELD(drm_etnaviv_wait_fence, timeout, 16, timespec_t);

ASSERT_SIZE(drm_etnaviv_gem_userptr, 24);
ASSERT_FIELD(drm_etnaviv_gem_userptr, user_ptr, 0, __u64);
ASSERT_FIELD(drm_etnaviv_gem_userptr, user_size, 8, __u64);
ASSERT_FIELD(drm_etnaviv_gem_userptr, flags, 16, __u32);
ASSERT_FIELD(drm_etnaviv_gem_userptr, handle, 20, __u32);

ASSERT_SIZE(drm_etnaviv_gem_wait, 32);
ASSERT_FIELD(drm_etnaviv_gem_wait, pipe, 0, __u32);
ASSERT_FIELD(drm_etnaviv_gem_wait, handle, 4, __u32);
ASSERT_FIELD(drm_etnaviv_gem_wait, flags, 8, __u32);
ASSERT_FIELD(drm_etnaviv_gem_wait, pad, 12, __u32);
ASSERT_FIELD(drm_etnaviv_gem_wait, timeout, 16, timespec_t);

ASSERT_SIZE(drm_etnaviv_pm_domain, 72);
ASSERT_FIELD(drm_etnaviv_pm_domain, pipe, 0, __u32);
ASSERT_FIELD(drm_etnaviv_pm_domain, iter, 4, __u8);
ASSERT_FIELD(drm_etnaviv_pm_domain, id, 5, __u8);
ASSERT_FIELD(drm_etnaviv_pm_domain, nr_signals, 6, __u16);
ASSERT_FIELD(drm_etnaviv_pm_domain, name, 8, name64_t);

ASSERT_SIZE(drm_etnaviv_pm_signal, 76);
ASSERT_FIELD(drm_etnaviv_pm_signal, pipe, 0, __u32);
ASSERT_FIELD(drm_etnaviv_pm_signal, domain, 4, __u8);
ASSERT_FIELD(drm_etnaviv_pm_signal, pad, 5, __u8);
ASSERT_FIELD(drm_etnaviv_pm_signal, iter, 6, __u16);
ASSERT_FIELD(drm_etnaviv_pm_signal, id, 8, __u16);
ASSERT_FIELD(drm_etnaviv_pm_signal, name, 10, name64_t);

/* Request numbers, relative to DRM_COMMAND_BASE. */

ASSERT_VALUE(DRM_ETNAVIV_GET_PARAM, 0x00);
ASSERT_VALUE(DRM_ETNAVIV_GEM_NEW, 0x02);
ASSERT_VALUE(DRM_ETNAVIV_GEM_INFO, 0x03);
ASSERT_VALUE(DRM_ETNAVIV_GEM_CPU_PREP, 0x04);
ASSERT_VALUE(DRM_ETNAVIV_GEM_CPU_FINI, 0x05);
ASSERT_VALUE(DRM_ETNAVIV_GEM_SUBMIT, 0x06);
ASSERT_VALUE(DRM_ETNAVIV_WAIT_FENCE, 0x07);
ASSERT_VALUE(DRM_ETNAVIV_GEM_USERPTR, 0x08);
ASSERT_VALUE(DRM_ETNAVIV_GEM_WAIT, 0x09);
ASSERT_VALUE(DRM_ETNAVIV_PM_QUERY_DOM, 0x0a);
ASSERT_VALUE(DRM_ETNAVIV_PM_QUERY_SIG, 0x0b);
ASSERT_VALUE(DRM_ETNAVIV_NUM_IOCTLS, 0x0c);
#ifdef DRM_ETNAVIV_SET_PARAM
#error "0x01 was never assigned; the ABI has no DRM_ETNAVIV_SET_PARAM"
#endif

/*
 * Full requests, decomposed: valid on every architecture whatever its
 * encoding of the direction bits.
 */
#define RW (_IOC_READ | _IOC_WRITE)
#define ASSERT_IOCTL(req, dir, nr, size)				\
	_Static_assert(_IOC_DIR(req) == (dir) && _IOC_TYPE(req) == 'd' && \
		       _IOC_NR(req) == 0x40 + (nr) && _IOC_SIZE(req) == (size), \
		       #req " fields")

ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GET_PARAM, RW, 0x00, 16);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_NEW, RW, 0x02, 16);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_INFO, RW, 0x03, 16);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, _IOC_WRITE, 0x04, 24);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, _IOC_WRITE, 0x05, 8);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_SUBMIT, RW, 0x06, 72);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_WAIT_FENCE, _IOC_WRITE, 0x07, 32);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_USERPTR, RW, 0x08, 24);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_GEM_WAIT, _IOC_WRITE, 0x09, 32);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, RW, 0x0a, 72);
ASSERT_IOCTL(DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, RW, 0x0b, 76);

/*
 * The same requests as literal numbers, on the architectures that use the
 * generic ioctl encoding (read = bit 31, write = bit 30, 14 size bits).
 */
#if defined(__x86_64__) || defined(__i386__) || defined(__arm__) || \
	defined(__aarch64__) || defined(__riscv)
#define GENERIC_IOCTL_ENCODING 1
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GET_PARAM, 0xc0106440);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_NEW, 0xc0106442);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_INFO, 0xc0106443);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_CPU_PREP, 0x40186444);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_CPU_FINI, 0x40086445);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_SUBMIT, 0xc0486446);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_WAIT_FENCE, 0x40206447);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_USERPTR, 0xc0186448);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_GEM_WAIT, 0x40206449);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_PM_QUERY_DOM, 0xc048644a);
ASSERT_VALUE(DRM_IOCTL_ETNAVIV_PM_QUERY_SIG, 0xc04c644b);

/*
 * The two older sizes of SUBMIT that the kernel must still accept: 48 bytes
 * end right before @flags, 56 bytes right before @pmrs.
 */
ASSERT_VALUE(_IOWR('d', 0x46, char[48]), 0xc0306446);
ASSERT_VALUE(_IOWR('d', 0x46, char[56]), 0xc0386446);
#else
#define GENERIC_IOCTL_ENCODING 0
#endif
_Static_assert(offsetof(struct drm_etnaviv_gem_submit, flags) == 48,
	       "4.5 SUBMIT ends before flags");
_Static_assert(offsetof(struct drm_etnaviv_gem_submit, pmrs) == 56,
	       "4.12 SUBMIT ends before pmrs");

/* Constants. */

ASSERT_VALUE(ETNA_MAX_PIPES, 4);

ASSERT_VALUE(ETNAVIV_PARAM_GPU_MODEL, 0x01);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_REVISION, 0x02);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_0, 0x03);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_1, 0x04);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_2, 0x05);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_3, 0x06);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_4, 0x07);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_5, 0x08);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_6, 0x09);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_7, 0x0a);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_8, 0x0b);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_9, 0x0c);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_10, 0x0d);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_11, 0x0e);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_FEATURES_12, 0x0f);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_STREAM_COUNT, 0x10);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_REGISTER_MAX, 0x11);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_THREAD_COUNT, 0x12);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE, 0x13);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT, 0x14);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_PIXEL_PIPES, 0x15);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE, 0x16);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_BUFFER_SIZE, 0x17);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT, 0x18);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_NUM_CONSTANTS, 0x19);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_NUM_VARYINGS, 0x1a);
ASSERT_VALUE(ETNAVIV_PARAM_SOFTPIN_START_ADDR, 0x1b);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_PRODUCT_ID, 0x1c);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_CUSTOMER_ID, 0x1d);
ASSERT_VALUE(ETNAVIV_PARAM_GPU_ECO_ID, 0x1e);

ASSERT_VALUE(ETNA_BO_CACHE_MASK, 0x000f0000);
ASSERT_VALUE(ETNA_BO_CACHED, 0x00010000);
ASSERT_VALUE(ETNA_BO_WC, 0x00020000);
ASSERT_VALUE(ETNA_BO_UNCACHED, 0x00040000);
ASSERT_VALUE(ETNA_BO_FORCE_MMU, 0x00100000);

ASSERT_VALUE(ETNA_PREP_READ, 0x01);
ASSERT_VALUE(ETNA_PREP_WRITE, 0x02);
ASSERT_VALUE(ETNA_PREP_NOSYNC, 0x04);

ASSERT_VALUE(ETNA_SUBMIT_BO_READ, 0x0001);
ASSERT_VALUE(ETNA_SUBMIT_BO_WRITE, 0x0002);

ASSERT_VALUE(ETNA_PM_PROCESS_PRE, 0x0001);
ASSERT_VALUE(ETNA_PM_PROCESS_POST, 0x0002);

ASSERT_VALUE(ETNA_SUBMIT_NO_IMPLICIT, 0x0001);
ASSERT_VALUE(ETNA_SUBMIT_FENCE_FD_IN, 0x0002);
ASSERT_VALUE(ETNA_SUBMIT_FENCE_FD_OUT, 0x0004);
ASSERT_VALUE(ETNA_SUBMIT_SOFTPIN, 0x0008);
ASSERT_VALUE(ETNA_SUBMIT_FLAGS, 0x000f);

ASSERT_VALUE(ETNA_PIPE_3D, 0x00);
ASSERT_VALUE(ETNA_PIPE_2D, 0x01);
ASSERT_VALUE(ETNA_PIPE_VG, 0x02);

ASSERT_VALUE(ETNA_WAIT_NONBLOCK, 0x01);

ASSERT_VALUE(ETNA_USERPTR_READ, 0x01);
ASSERT_VALUE(ETNA_USERPTR_WRITE, 0x02);

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__i386__)
#define ARCH "i386"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#elif defined(__arm__)
#define ARCH "arm"
#elif defined(__riscv) && __riscv_xlen == 64
#define ARCH "riscv64"
#else
#define ARCH "other"
#endif

#ifndef LAYOUT_COMPILE_ONLY
int main(void)
{
	/* Everything was checked by the compiler. */
	printf("PASS: uapi/layout-%s%s\n", ARCH,
	       GENERIC_IOCTL_ENCODING ? "" : " (request numbers checked by field only)");
	return 0;
}
#endif /* LAYOUT_COMPILE_ONLY */
