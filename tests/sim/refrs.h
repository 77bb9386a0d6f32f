/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refrs: a per-pixel reference of the Vivante resolve engine (RS) and of
 * the tile status (TS) it reads, on a flat byte array standing for GPU
 * memory. It is the oracle the device model's RS is tested against
 * (tests/sim/test_rs.c). It was written from the public sources listed in
 * Documentation/hardware/rs-ts-layouts.md (Mesa 22.3
 * src/gallium/drivers/etnaviv/etnaviv_rs.c, etnaviv_resource.c,
 * etnaviv_surface.c, etnaviv_screen.h/.c; etna_viv doc/hardware.md and
 * rnndb/state_3d.xml), shares no code with the model and favours
 * obviousness over speed.
 *
 * What it covers (anything else makes refrs_run() return an error before
 * touching memory, so that a test skips the case rather than compare
 * against garbage):
 *  - CONFIG: SOURCE_FORMAT == DEST_FORMAT, one of X4R4G4B4, A4R4G4B4,
 *    X1R5G5B5, A1R5G5B5, R5G6B5 (2 bytes), X8R8G8B8, A8R8G8B8 (4 bytes);
 *    SOURCE_TILED/DEST_TILED, SWAP_RB (copies only), FLIP; no
 *    DOWNSAMPLE_X/Y.
 *  - Layouts of source and destination: linear, tiled 4x4, supertiled
 *    64x64, and with two pixel pipes multi-tiled and multi-supertiled.
 *    Not SUPER_TILED_NEW nor TS_MODE (CACHE128B256BPERLINE cores).
 *  - CLEAR_CONTROL MODE DISABLED (copy) and ENABLED1 (fill with
 *    FILL_VALUE(0) under the low four BITS); not ENABLED4/ENABLED4_2.
 *  - EXTRA_CONFIG all zero (no AA, no endian swap).
 *  - TS_MEM_CONFIG: zero, or COLOR_FAST_CLEAR (with or without the
 *    AUTO_DISABLE bits, which concern the PE); not DEPTH_FAST_CLEAR nor
 *    compression. TS entries 0 (data in memory) and 1 (cleared) only.
 *  - 16-bpp fill and clear values whose two halves are equal (as Mesa
 *    always writes them).
 *  - Window width a multiple of 16, height of each pipe's window a
 *    multiple of 4 (etna_viv doc/hardware.md; Mesa aborts otherwise).
 *  - With FLIP, every active pipe's window must be the same.
 */
#ifndef REFRS_H
#define REFRS_H

#include <stdbool.h>
#include <stdint.h>

#define REFRS_PIPES	2	/* pixel pipes the reference knows */

/**
 * struct refrs_state - the RS and TS states an operation uses, as loaded
 * into the core (raw 32-bit values; the field macros of sim/vgc_regs.h
 * decode them)
 * @config: RS_CONFIG
 * @source_addr: RS_SOURCE_ADDR (single-pipe cores)
 * @source_stride: RS_SOURCE_STRIDE
 * @dest_addr: RS_DEST_ADDR (single-pipe cores)
 * @dest_stride: RS_DEST_STRIDE
 * @window_size: RS_WINDOW_SIZE
 * @dither: RS_DITHER(0..1) (no effect on same-format copies and fills)
 * @clear_control: RS_CLEAR_CONTROL
 * @fill_value: RS_FILL_VALUE(0..3)
 * @extra_config: RS_EXTRA_CONFIG
 * @single_buffer: RS_SINGLE_BUFFER
 * @pipe_source_addr: RS_PIPE_SOURCE_ADDR(0..1) (cores with two pipes)
 * @pipe_dest_addr: RS_PIPE_DEST_ADDR(0..1)
 * @pipe_offset: RS_PIPE_OFFSET(0..1)
 * @ts_mem_config: TS_MEM_CONFIG
 * @ts_color_status_base: TS_COLOR_STATUS_BASE
 * @ts_color_surface_base: TS_COLOR_SURFACE_BASE
 * @ts_color_clear_value: TS_COLOR_CLEAR_VALUE
 * @ts_depth_status_base: TS_DEPTH_STATUS_BASE (not used by the RS here)
 * @ts_depth_surface_base: TS_DEPTH_SURFACE_BASE (likewise)
 * @ts_depth_clear_value: TS_DEPTH_CLEAR_VALUE (likewise)
 */
struct refrs_state {
	uint32_t config;
	uint32_t source_addr, source_stride;
	uint32_t dest_addr, dest_stride;
	uint32_t window_size;
	uint32_t dither[2];
	uint32_t clear_control;
	uint32_t fill_value[4];
	uint32_t extra_config;
	uint32_t single_buffer;
	uint32_t pipe_source_addr[REFRS_PIPES];
	uint32_t pipe_dest_addr[REFRS_PIPES];
	uint32_t pipe_offset[REFRS_PIPES];
	uint32_t ts_mem_config;
	uint32_t ts_color_status_base, ts_color_surface_base;
	uint32_t ts_color_clear_value;
	uint32_t ts_depth_status_base, ts_depth_surface_base;
	uint32_t ts_depth_clear_value;
};

/**
 * struct refrs_mem - flat GPU memory
 * @bytes: the memory
 * @base: GPU address of @bytes[0]
 * @size: its size in bytes
 */
struct refrs_mem {
	uint8_t *bytes;
	uint32_t base;
	uint32_t size;
};

/* Result of refrs_run() and refrs_check(). */
enum refrs_result {
	REFRS_OK = 0,
	REFRS_UNSUPPORTED,	/* the reference does not model this case */
	REFRS_OUT_OF_MEMORY,	/* an access falls outside @mem */
};

/*
 * Check that the reference covers the operation @s on a core with @pipes
 * pixel pipes and that every byte it would read or write lies in @mem;
 * nothing is written. refrs_run() checks the same first.
 */
enum refrs_result refrs_check(const struct refrs_state *s,
			      unsigned int pipes, const struct refrs_mem *mem);

/* Perform the operation (RS_KICKER written) on @mem. */
enum refrs_result refrs_run(const struct refrs_state *s, unsigned int pipes,
			    struct refrs_mem *mem);

/* Surface layouts, as the stride and config bits select them. */
enum refrs_layout {
	REFRS_LINEAR,
	REFRS_TILED,
	REFRS_SUPERTILED,
	REFRS_MULTI_TILED,
	REFRS_MULTI_SUPERTILED,
};

/*
 * GPU address of the first byte of pixel (@x, @y) of a surface of layout
 * @layout, @bpp bytes per pixel, stride register value @stride (bits 17:0
 * of RS_*_STRIDE: bytes per row for linear, per row of 4x4 tiles
 * otherwise) and base addresses @addr[0] (and @addr[1] for the multi
 * layouts: the second pipe's half).
 */
uint32_t refrs_pixel_addr(enum refrs_layout layout, unsigned int bpp,
			  uint32_t stride, const uint32_t addr[2],
			  unsigned int x, unsigned int y);

/*
 * The tile status entry (@bits bits: 2 or 4) of the surface byte at
 * @addr of a surface from @surface_base whose status buffer is at
 * @status_base in @mem; -1 when that entry is not in @mem.
 */
int refrs_ts_entry(const struct refrs_mem *mem, uint32_t status_base,
		   uint32_t surface_base, unsigned int bits, uint32_t addr);

/*
 * The same where an entry covers @block bytes of the surface: 64, or 128
 * or 256 on cores with CACHE128B256BPERLINE (Mesa 22.3 etnaviv_screen.h
 * etna_screen_get_tile_size(), by the surface's TS mode).
 */
int refrs_ts_entry_block(const struct refrs_mem *mem, uint32_t status_base,
			 uint32_t surface_base, unsigned int bits,
			 uint32_t block, uint32_t addr);

const char *refrs_result_name(enum refrs_result r);

#endif /* REFRS_H */
