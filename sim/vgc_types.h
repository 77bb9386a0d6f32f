/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The types and the few kernel macros every file of the device model's
 * core uses: from the kernel's headers in the kernel, defined here in
 * user space (the unit tests, the benches).
 */
#ifndef VGC_TYPES_H
#define VGC_TYPES_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#else
/*
 * user space: the few kernel types and macros the core uses; noinline
 * comes from the build's flags (the Makefile's SIM_CFLAGS)
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT16_TYPE__ s16;
typedef __INT32_TYPE__ s32;
typedef __INT64_TYPE__ s64;
#define BIT(n)		(1u << (n))
#define S64_MAX		((s64)0x7fffffffffffffffll)
#define S64_MIN		(-S64_MAX - 1)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define fallthrough	__attribute__((__fallthrough__))
#endif

#endif /* VGC_TYPES_H */
