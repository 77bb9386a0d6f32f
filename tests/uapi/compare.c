// SPDX-License-Identifier: MIT
/*
 * Prints every ABI fact of an etnaviv_drm.h: each structure's size and
 * alignment, each field's offset, size and type, and each constant's value
 * and type.  tests/uapi/compare.sh builds it once against our header and once
 * against the header installed from Linux 6.1, and diffs the two outputs.
 *
 * The header is chosen at build time:
 *   gcc -std=c11 -DETNAVIV_HEADER='"/path/to/etnaviv_drm.h"' -I $U/drm -I $U ...
 *
 * The lists below name everything Linux 6.1 exports, so a structure, field
 * or constant missing from the header under test is a compile error.  What a
 * header has beyond these lists is caught by compare.sh, which also compares
 * the sets of macro and structure names.
 */

#include <stddef.h>
#ifndef FACTS_ASM
#include <stdio.h>
#endif

#ifndef ETNAVIV_HEADER
#error "build with -DETNAVIV_HEADER='\"path/to/etnaviv_drm.h\"'"
#endif
#include ETNAVIV_HEADER

#ifndef FACTS_ASM

/* A name for the type of the object @p points to. */
#define TYPE_NAME(p) _Generic((p),					\
	__u8 *: "__u8", __u16 *: "__u16", __u32 *: "__u32",		\
	__u64 *: "__u64", __s8 *: "__s8", __s16 *: "__s16",		\
	__s32 *: "__s32", __s64 *: "__s64", char (*)[64]: "char[64]",	\
	struct drm_etnaviv_timespec *: "struct drm_etnaviv_timespec",	\
	default: "?")

/* The type of a constant expression, as the preprocessor left it. */
#define CONST_TYPE(x) _Generic((x),					\
	int: "int", unsigned int: "unsigned int", long: "long",		\
	unsigned long: "unsigned long", long long: "long long",		\
	unsigned long long: "unsigned long long", default: "?")

#define STRUCT(s)							\
	printf("struct %s: size %zu align %zu\n", #s,			\
	       sizeof(struct s), _Alignof(struct s))

#define FIELD(s, f)							\
	printf("  %s.%s: offset %zu size %zu type %s\n", #s, #f,	\
	       offsetof(struct s, f), sizeof(((struct s *)0)->f),	\
	       TYPE_NAME(&((struct s *)0)->f))

#define CONST(c)							\
	printf("%s = 0x%llx (%s)\n", #c, (unsigned long long)(c),	\
	       CONST_TYPE(c))

#else

/*
 * The same facts for a compiler that can build but not run a program
 * (i386 on a host without 32-bit support): `gcc -S -DFACTS_ASM` turns
 * each into a "#fact" line of the assembler text, with numbers for the
 * type names (compare.sh's table, in the order of the lists above) and
 * 64-bit values in 16-bit pieces (x86's "%c" prints signed 32-bit
 * immediates only); compare.sh prints them as main() would.
 */
#define TYPE_NAME(p) _Generic((p),					\
	__u8 *: 1, __u16 *: 2, __u32 *: 3, __u64 *: 4, __s8 *: 5,	\
	__s16 *: 6, __s32 *: 7, __s64 *: 8, char (*)[64]: 9,		\
	struct drm_etnaviv_timespec *: 10, default: 0)

#define CONST_TYPE(x) _Generic((x),					\
	int: 1, unsigned int: 2, long: 3, unsigned long: 4,		\
	long long: 5, unsigned long long: 6, default: 0)

#define STRUCT(s)							\
	__asm__ volatile("\n#fact struct " #s " %c0 %c1" : :		\
			 "n" (sizeof(struct s)), "n" (_Alignof(struct s)))

#define FIELD(s, f)							\
	__asm__ volatile("\n#fact field " #s "." #f " %c0 %c1 %c2" : :	\
			 "n" (offsetof(struct s, f)),			\
			 "n" (sizeof(((struct s *)0)->f)),		\
			 "n" (TYPE_NAME(&((struct s *)0)->f)))

#define HALF(c, n) (((unsigned long long)(c) >> (n)) & 0xffffu)
#define CONST(c)							\
	__asm__ volatile("\n#fact const " #c " %c0 %c1 %c2 %c3 %c4" : :	\
			 "n" (HALF(c, 48)), "n" (HALF(c, 32)),		\
			 "n" (HALF(c, 16)), "n" (HALF(c, 0)),		\
			 "n" (CONST_TYPE(c)))

#endif

static void structs(void)
{
	STRUCT(drm_etnaviv_timespec);
	FIELD(drm_etnaviv_timespec, tv_sec);
	FIELD(drm_etnaviv_timespec, tv_nsec);

	STRUCT(drm_etnaviv_param);
	FIELD(drm_etnaviv_param, pipe);
	FIELD(drm_etnaviv_param, param);
	FIELD(drm_etnaviv_param, value);

	STRUCT(drm_etnaviv_gem_new);
	FIELD(drm_etnaviv_gem_new, size);
	FIELD(drm_etnaviv_gem_new, flags);
	FIELD(drm_etnaviv_gem_new, handle);

	STRUCT(drm_etnaviv_gem_info);
	FIELD(drm_etnaviv_gem_info, handle);
	FIELD(drm_etnaviv_gem_info, pad);
	FIELD(drm_etnaviv_gem_info, offset);

	STRUCT(drm_etnaviv_gem_cpu_prep);
	FIELD(drm_etnaviv_gem_cpu_prep, handle);
	FIELD(drm_etnaviv_gem_cpu_prep, op);
	FIELD(drm_etnaviv_gem_cpu_prep, timeout);

	STRUCT(drm_etnaviv_gem_cpu_fini);
	FIELD(drm_etnaviv_gem_cpu_fini, handle);
	FIELD(drm_etnaviv_gem_cpu_fini, flags);

	STRUCT(drm_etnaviv_gem_submit_reloc);
	FIELD(drm_etnaviv_gem_submit_reloc, submit_offset);
	FIELD(drm_etnaviv_gem_submit_reloc, reloc_idx);
	FIELD(drm_etnaviv_gem_submit_reloc, reloc_offset);
	FIELD(drm_etnaviv_gem_submit_reloc, flags);

	STRUCT(drm_etnaviv_gem_submit_bo);
	FIELD(drm_etnaviv_gem_submit_bo, flags);
	FIELD(drm_etnaviv_gem_submit_bo, handle);
	FIELD(drm_etnaviv_gem_submit_bo, presumed);

	STRUCT(drm_etnaviv_gem_submit_pmr);
	FIELD(drm_etnaviv_gem_submit_pmr, flags);
	FIELD(drm_etnaviv_gem_submit_pmr, domain);
	FIELD(drm_etnaviv_gem_submit_pmr, pad);
	FIELD(drm_etnaviv_gem_submit_pmr, signal);
	FIELD(drm_etnaviv_gem_submit_pmr, sequence);
	FIELD(drm_etnaviv_gem_submit_pmr, read_offset);
	FIELD(drm_etnaviv_gem_submit_pmr, read_idx);

	STRUCT(drm_etnaviv_gem_submit);
	FIELD(drm_etnaviv_gem_submit, fence);
	FIELD(drm_etnaviv_gem_submit, pipe);
	FIELD(drm_etnaviv_gem_submit, exec_state);
	FIELD(drm_etnaviv_gem_submit, nr_bos);
	FIELD(drm_etnaviv_gem_submit, nr_relocs);
	FIELD(drm_etnaviv_gem_submit, stream_size);
	FIELD(drm_etnaviv_gem_submit, bos);
	FIELD(drm_etnaviv_gem_submit, relocs);
	FIELD(drm_etnaviv_gem_submit, stream);
	FIELD(drm_etnaviv_gem_submit, flags);
	FIELD(drm_etnaviv_gem_submit, fence_fd);
	FIELD(drm_etnaviv_gem_submit, pmrs);
	FIELD(drm_etnaviv_gem_submit, nr_pmrs);
	FIELD(drm_etnaviv_gem_submit, pad);

	STRUCT(drm_etnaviv_wait_fence);
	FIELD(drm_etnaviv_wait_fence, pipe);
	FIELD(drm_etnaviv_wait_fence, fence);
	FIELD(drm_etnaviv_wait_fence, flags);
	FIELD(drm_etnaviv_wait_fence, pad);
	FIELD(drm_etnaviv_wait_fence, timeout);

	STRUCT(drm_etnaviv_gem_userptr);
	FIELD(drm_etnaviv_gem_userptr, user_ptr);
	FIELD(drm_etnaviv_gem_userptr, user_size);
	FIELD(drm_etnaviv_gem_userptr, flags);
	FIELD(drm_etnaviv_gem_userptr, handle);

	STRUCT(drm_etnaviv_gem_wait);
	FIELD(drm_etnaviv_gem_wait, pipe);
	FIELD(drm_etnaviv_gem_wait, handle);
	FIELD(drm_etnaviv_gem_wait, flags);
	FIELD(drm_etnaviv_gem_wait, pad);
	FIELD(drm_etnaviv_gem_wait, timeout);

	STRUCT(drm_etnaviv_pm_domain);
	FIELD(drm_etnaviv_pm_domain, pipe);
	FIELD(drm_etnaviv_pm_domain, iter);
	FIELD(drm_etnaviv_pm_domain, id);
	FIELD(drm_etnaviv_pm_domain, nr_signals);
	FIELD(drm_etnaviv_pm_domain, name);

	STRUCT(drm_etnaviv_pm_signal);
	FIELD(drm_etnaviv_pm_signal, pipe);
	FIELD(drm_etnaviv_pm_signal, domain);
	FIELD(drm_etnaviv_pm_signal, pad);
	FIELD(drm_etnaviv_pm_signal, iter);
	FIELD(drm_etnaviv_pm_signal, id);
	FIELD(drm_etnaviv_pm_signal, name);
}

static void ioctls(void)
{
	CONST(DRM_ETNAVIV_GET_PARAM);
	CONST(DRM_ETNAVIV_GEM_NEW);
	CONST(DRM_ETNAVIV_GEM_INFO);
	CONST(DRM_ETNAVIV_GEM_CPU_PREP);
	CONST(DRM_ETNAVIV_GEM_CPU_FINI);
	CONST(DRM_ETNAVIV_GEM_SUBMIT);
	CONST(DRM_ETNAVIV_WAIT_FENCE);
	CONST(DRM_ETNAVIV_GEM_USERPTR);
	CONST(DRM_ETNAVIV_GEM_WAIT);
	CONST(DRM_ETNAVIV_PM_QUERY_DOM);
	CONST(DRM_ETNAVIV_PM_QUERY_SIG);
	CONST(DRM_ETNAVIV_NUM_IOCTLS);

	CONST(DRM_IOCTL_ETNAVIV_GET_PARAM);
	CONST(DRM_IOCTL_ETNAVIV_GEM_NEW);
	CONST(DRM_IOCTL_ETNAVIV_GEM_INFO);
	CONST(DRM_IOCTL_ETNAVIV_GEM_CPU_PREP);
	CONST(DRM_IOCTL_ETNAVIV_GEM_CPU_FINI);
	CONST(DRM_IOCTL_ETNAVIV_GEM_SUBMIT);
	CONST(DRM_IOCTL_ETNAVIV_WAIT_FENCE);
	CONST(DRM_IOCTL_ETNAVIV_GEM_USERPTR);
	CONST(DRM_IOCTL_ETNAVIV_GEM_WAIT);
	CONST(DRM_IOCTL_ETNAVIV_PM_QUERY_DOM);
	CONST(DRM_IOCTL_ETNAVIV_PM_QUERY_SIG);
}

static void constants(void)
{
	CONST(ETNA_MAX_PIPES);

	CONST(ETNAVIV_PARAM_GPU_MODEL);
	CONST(ETNAVIV_PARAM_GPU_REVISION);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_0);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_1);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_2);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_3);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_4);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_5);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_6);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_7);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_8);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_9);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_10);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_11);
	CONST(ETNAVIV_PARAM_GPU_FEATURES_12);
	CONST(ETNAVIV_PARAM_GPU_STREAM_COUNT);
	CONST(ETNAVIV_PARAM_GPU_REGISTER_MAX);
	CONST(ETNAVIV_PARAM_GPU_THREAD_COUNT);
	CONST(ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE);
	CONST(ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT);
	CONST(ETNAVIV_PARAM_GPU_PIXEL_PIPES);
	CONST(ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE);
	CONST(ETNAVIV_PARAM_GPU_BUFFER_SIZE);
	CONST(ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT);
	CONST(ETNAVIV_PARAM_GPU_NUM_CONSTANTS);
	CONST(ETNAVIV_PARAM_GPU_NUM_VARYINGS);
	CONST(ETNAVIV_PARAM_SOFTPIN_START_ADDR);
	CONST(ETNAVIV_PARAM_GPU_PRODUCT_ID);
	CONST(ETNAVIV_PARAM_GPU_CUSTOMER_ID);
	CONST(ETNAVIV_PARAM_GPU_ECO_ID);

	CONST(ETNA_BO_CACHE_MASK);
	CONST(ETNA_BO_CACHED);
	CONST(ETNA_BO_WC);
	CONST(ETNA_BO_UNCACHED);
	CONST(ETNA_BO_FORCE_MMU);

	CONST(ETNA_PREP_READ);
	CONST(ETNA_PREP_WRITE);
	CONST(ETNA_PREP_NOSYNC);

	CONST(ETNA_SUBMIT_BO_READ);
	CONST(ETNA_SUBMIT_BO_WRITE);

	CONST(ETNA_PM_PROCESS_PRE);
	CONST(ETNA_PM_PROCESS_POST);

	CONST(ETNA_SUBMIT_NO_IMPLICIT);
	CONST(ETNA_SUBMIT_FENCE_FD_IN);
	CONST(ETNA_SUBMIT_FENCE_FD_OUT);
	CONST(ETNA_SUBMIT_SOFTPIN);
	CONST(ETNA_SUBMIT_FLAGS);

	CONST(ETNA_PIPE_3D);
	CONST(ETNA_PIPE_2D);
	CONST(ETNA_PIPE_VG);

	CONST(ETNA_WAIT_NONBLOCK);

	CONST(ETNA_USERPTR_READ);
	CONST(ETNA_USERPTR_WRITE);
}

int main(void)
{
	structs();
	ioctls();
	constants();
	return 0;
}
