/* SPDX-License-Identifier: MIT */
/*
 * conformance: what the files of the bounds at their exact edges share
 * (bounds.c defines the helpers; bounds_rs.c the resolve engine's and the
 * tile status' edges).
 */
#ifndef BOUNDS_H
#define BOUNDS_H

#include "conformance.h"

#define EDGE_BO		4096u	/* the buffers of most checks */
#define EDGE_STRIDE	256u	/* 64 pixels of 4 bytes a row: 16 rows */
#define EDGE_W		64u
#define EDGE_H		16u
#define OLD		0xdeadbeefu	/* the buffers' contents before */
#define NEW		0x12345678u	/* what a fill or clear writes */

/* A stream being built, with its relocations (in stream order). */
struct sb {
	uint32_t w[96];
	unsigned int n;
	struct drm_etnaviv_gem_submit_reloc r[12];
	unsigned int nr;
};

void ls(struct sb *s, uint32_t state, uint32_t v);
/* A load of an address state: buffer @idx at @off. */
void ls_bo(struct sb *s, uint32_t state, uint32_t idx, uint64_t off);
/* @n buffers of @size bytes, each word @fill (through a mapping). */
bool bufs_new(uint32_t *h, unsigned int n, uint32_t size, uint32_t fill);
void bufs_close(const uint32_t *h, unsigned int n);
/*
 * Submit @s with the buffers @h (at most 4): expect @want with ours; on
 * upstream a refusal is not tried.
 */
bool __printf(6, 7)
edge_expect(const struct engine *e, const struct sb *s, const uint32_t *h,
	    unsigned int n, int want, const char *fmt, ...);
/*
 * Whether the buffer @h of @size bytes holds NEW in the @rows rows of
 * @row_bytes bytes, @stride apart, from @off on, and OLD everywhere else.
 */
void check_drawn(const struct engine *e, uint32_t h, uint32_t size,
		 uint32_t off, uint32_t rows, uint32_t stride,
		 uint32_t row_bytes, const char *name);

/* bounds_rs.c */
void test_bounds_rs(const struct engine *e, unsigned int pipes);
void test_bounds_ts(const struct engine *e, unsigned int bits);

#endif /* BOUNDS_H */
