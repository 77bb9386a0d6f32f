// SPDX-License-Identifier: GPL-2.0-only
/*
 * Decoding tables of the Vivante GC front end: commands and states (see
 * etna_states.h for the sources of the facts).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etna_states.h"

#define ENUM(n, ...)							\
	static const char *const n##_names[] = { __VA_ARGS__ };		\
	static const struct etna_enum n = {				\
		n##_names, ETNA_ARRAY_SIZE(n##_names)			\
	}

/*
 * Field helpers: F(name, high, low) (decimal), FH(...) (hexadecimal),
 * B(name, bit), E(name, high, low, enum), EQ(...): an enum left out of
 * descriptions when zero
 */
#define F(n, hi, lo)	{ n, lo, (hi) - (lo) + 1, NULL, false, false }
#define FH(n, hi, lo)	{ n, lo, (hi) - (lo) + 1, NULL, true, false }
#define B(n, pos)	{ n, pos, 1, NULL, false, false }
#define E(n, hi, lo, e)	{ n, lo, (hi) - (lo) + 1, &e, false, false }
#define EQ(n, hi, lo, e) { n, lo, (hi) - (lo) + 1, &e, false, true }
#define END_FIELDS	{ NULL, 0, 0, NULL, false, false }

/* ---------------------------------------------------------------------- */
/* Enumerations */

static const char *const sync_recipient_names[] = {
	[1] = "FE", [5] = "RA", [7] = "PE", [11] = "DE", [16] = "BLT",
};
static const struct etna_enum etna_sync_recipients = {
	sync_recipient_names, ETNA_ARRAY_SIZE(sync_recipient_names)
};

ENUM(primitive_type, [1] = "POINTS", [2] = "LINES", [3] = "LINE_STRIP",
     [4] = "TRIANGLES", [5] = "TRIANGLE_STRIP", [6] = "TRIANGLE_FAN",
     [7] = "LINE_LOOP", [8] = "QUADS");
ENUM(pipe_id, "3D", "2D");
ENUM(endian_mode, "NO_SWAP", "SWAP_16", "SWAP_32");
ENUM(de_format, [0] = "X4R4G4B4", [1] = "A4R4G4B4", [2] = "X1R5G5B5",
     [3] = "A1R5G5B5", [4] = "R5G6B5", [5] = "X8R8G8B8", [6] = "A8R8G8B8",
     [7] = "YUY2", [8] = "UYVY", [9] = "INDEX8", [10] = "MONOCHROME",
     [15] = "YV12", [16] = "A8", [17] = "NV12", [18] = "NV16",
     [19] = "RG16");
ENUM(de_swizzle, "ARGB", "RGBA", "ABGR", "BGRA");
ENUM(de_blendmode, "ZERO", "ONE", "NORMAL", "INVERSED", "COLOR",
     "COLOR_INVERSED", "SATURATED_ALPHA", "SATURATED_DEST_ALPHA");
ENUM(de_rot_mode, [0] = "ROT0", [1] = "FLIP_X", [2] = "FLIP_Y",
     [4] = "ROT90", [5] = "ROT180", [6] = "ROT270");
ENUM(de_mirror_mode, "NONE", "MIRROR_X", "MIRROR_Y", "MIRROR_XY");
ENUM(de_command, "CLEAR", "LINE", "BIT_BLT", "BIT_BLT_REVERSED",
     "STRETCH_BLT", "HOR_FILTER_BLT", "VER_FILTER_BLT",
     "ONE_PASS_FILTER_BLT", "MULTI_SOURCE_BLT");
ENUM(de_rop_type, "ROP2_PATTERN", "ROP2_SOURCE", "ROP3", "ROP4");
ENUM(de_pack, "PACKED8", "PACKED16", "PACKED32", "UNPACKED");
ENUM(de_transparency, "OPAQUE", "MASK", "KEY");
ENUM(de_transparency_override, "DEFAULT", "USE_ENABLE", "USE_DISABLE");
ENUM(de_location, "MEMORY", "STREAM");
ENUM(de_src_relative, "ABSOLUTE", "RELATIVE");
ENUM(de_global_alpha, "NORMAL", "GLOBAL", "SCALED");
ENUM(de_pattern_type, "SOLID_COLOR", "PATTERN");
ENUM(de_mirror_blt, "NORMAL", "HMIRROR", "VMIRROR", "FULL_MIRROR");
ENUM(de_dest_fetch, "DISABLE", "DEFAULT", "ALWAYS");
ENUM(de_vr_start, "HORIZONTAL_BLIT", "VERTICAL_BLIT", "ONE_PASS_BLIT");
ENUM(de_global_premultiply, "DISABLE", "ALPHA", "COLOR");
ENUM(rs_format, [0] = "X4R4G4B4", [1] = "A4R4G4B4", [2] = "X1R5G5B5",
     [3] = "A1R5G5B5", [4] = "R5G6B5", [5] = "X8R8G8B8", [6] = "A8R8G8B8",
     [7] = "YUY2", [16] = "S8", [21] = "64BPP_CLEAR", [22] = "A2R10G10B10",
     [23] = "D32", [24] = "D16");
ENUM(rs_clear_mode, "DISABLED", "ENABLED1", "ENABLED4", "ENABLED4_2");
ENUM(compare_func, "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
     "NOTEQUAL", "GEQUAL", "ALWAYS");
ENUM(stencil_op, "KEEP", "ZERO", "REPLACE", "INCR", "DECR", "INVERT",
     "INCR_WRAP", "DECR_WRAP");
ENUM(blend_eq, "ADD", "SUBTRACT", "REVERSE_SUBTRACT", "MIN", "MAX");
ENUM(blend_func, "ZERO", "ONE", "SRC_COLOR", "ONE_MINUS_SRC_COLOR",
     "SRC_ALPHA", "ONE_MINUS_SRC_ALPHA", "DST_ALPHA", "ONE_MINUS_DST_ALPHA",
     "DST_COLOR", "ONE_MINUS_DST_COLOR", "SRC_ALPHA_SATURATE",
     "CONSTANT_ALPHA", "ONE_MINUS_CONSTANT_ALPHA", "CONSTANT_COLOR",
     "ONE_MINUS_CONSTANT_COLOR");
ENUM(depth_mode, "NONE", "Z", "W");
ENUM(depth_format, "D16", "D24S8");
ENUM(stencil_mode, "DISABLED", "ONE_SIDED", "TWO_SIDED");
ENUM(cull_face, "OFF", "CW", "CCW");
ENUM(fill_mode, "POINT", "WIREFRAME", "SOLID");
ENUM(shade_model, "FLAT", "SMOOTH");
ENUM(fe_data_type, [0] = "BYTE", [1] = "UNSIGNED_BYTE", [2] = "SHORT",
     [3] = "UNSIGNED_SHORT", [4] = "INT", [5] = "UNSIGNED_INT",
     [6] = "INT_2_10_10_10_REV", [7] = "UNSIGNED_INT_2_10_10_10_REV",
     [8] = "FLOAT", [9] = "HALF_FLOAT", [11] = "FIXED",
     [12] = "INT_10_10_10_2", [13] = "UNSIGNED_INT_10_10_10_2");
ENUM(fe_normalize, "OFF", "SIGN_EXTEND", "ON");
ENUM(index_type, "UNSIGNED_CHAR", "UNSIGNED_SHORT", "UNSIGNED_INT");
ENUM(msaa_samples, "NONE", "2X", "4X");
ENUM(api_mode, "OPENGL", "OPENVG", "OPENCL");
ENUM(mmu_mode, "MODE4_K", "MODE1_K");
ENUM(blt_command, [1] = "CLEAR_IMAGE", [2] = "COPY_IMAGE",
     [3] = "COPY_BUFFER", [6] = "GEN_MIPMAPS");
ENUM(blt_tiling, [0] = "LINEAR", [3] = "SUPERTILED");
ENUM(blt_format, [0x01] = "A4R4G4B4", [0x06] = "A8R8G8B8",
     [0x1c] = "A16R16G16B16", [0x22] = "R8G8B8", [0x23] = "R8",
     [0x24] = "R8G8");

/* ---------------------------------------------------------------------- */
/* Bit fields of the well-known states */

static const struct etna_field f_clock_control[] = {
	B("CLK3D_DIS", 0), B("CLK2D_DIS", 1), F("FSCALE_VAL", 8, 2),
	B("FSCALE_CMD_LOAD", 9), B("DISABLE_RAM_CLK_GATING", 10),
	B("DISABLE_DEBUG_REGISTERS", 11), B("SOFT_RESET", 12),
	B("IDLE_3D", 16), B("IDLE_2D", 17), B("IDLE_VG", 18),
	B("ISOLATE_GPU", 19), F("DEBUG_PIXEL_PIPE", 23, 20), END_FIELDS
};

static const struct etna_field f_idle_state[] = {
	B("FE", 0), B("DE", 1), B("PE", 2), B("SH", 3), B("PA", 4),
	B("SE", 5), B("RA", 6), B("TX", 7), B("VG", 8), B("IM", 9),
	B("FP", 10), B("TS", 11), B("BL", 12), B("ASYNCFE", 13), B("MC", 14),
	B("PPA", 15), B("WD", 16), B("NN", 17), B("TP", 18),
	B("AXI_LP", 31), END_FIELDS
};

static const struct etna_field f_axi_config[] = {
	F("AWID", 3, 0), F("ARID", 7, 4), F("AWCACHE", 11, 8),
	F("ARCACHE", 15, 12), END_FIELDS
};

static const struct etna_field f_intr[] = {
	FH("EVENTS", 29, 0), B("MMU_EXCEPTION", 30), B("AXI_BUS_ERROR", 31),
	END_FIELDS
};

static const struct etna_field f_mmuv2_configuration[] = {
	EQ("MODE", 0, 0, mmu_mode), B("MODE_MASK", 3), B("FLUSH", 4),
	B("FLUSH_MASK", 7), B("ADDRESS_MASK", 8), FH("ADDRESS", 31, 10),
	END_FIELDS
};

static const struct etna_field f_enable0[] = { B("ENABLE", 0), END_FIELDS };

static const struct etna_field f_pta_config[] = {
	F("INDEX", 15, 0), B("UNK16", 16), END_FIELDS
};

static const struct etna_field f_command_control[] = {
	F("PREFETCH", 15, 0), B("ENABLE", 16), END_FIELDS
};

static const struct etna_field f_ahb_control[] = {
	B("RESET", 0), B("NONSEC_ACCESS", 1), END_FIELDS
};

static const struct etna_field f_vertex_element_config[] = {
	E("TYPE", 3, 0, fe_data_type), EQ("ENDIAN", 5, 4, endian_mode),
	B("NONCONSECUTIVE", 7), F("STREAM", 10, 8), F("NUM", 13, 12),
	EQ("NORMALIZE", 15, 14, fe_normalize), F("START", 23, 16),
	F("END", 31, 24), END_FIELDS
};

static const struct etna_field f_index_stream_control[] = {
	E("TYPE", 1, 0, index_type), B("PRIMITIVE_RESTART", 8), END_FIELDS
};

static const struct etna_field f_vertex_stream_control[] = {
	F("VERTEX_STRIDE", 7, 0), F("VERTEX_DIVISOR", 23, 16), END_FIELDS
};

static const struct etna_field f_pipe_select[] = {
	E("PIPE", 0, 0, pipe_id), END_FIELDS
};

static const struct etna_field f_event[] = {
	F("EVENT_ID", 4, 0), B("FROM_FE", 5), B("FROM_PE", 6),
	B("FROM_BLT", 7), F("SOURCE", 12, 8), END_FIELDS
};

static const struct etna_field f_semaphore_token[] = {
	E("FROM", 4, 0, etna_sync_recipients),
	E("TO", 12, 8, etna_sync_recipients), F("UNK28", 29, 28), END_FIELDS
};

static const struct etna_field f_stall_token[] = {
	E("FROM", 4, 0, etna_sync_recipients),
	E("TO", 12, 8, etna_sync_recipients), B("FLIP0", 30), B("FLIP1", 31),
	END_FIELDS
};

static const struct etna_field f_flush_cache[] = {
	B("DEPTH", 0), B("COLOR", 1), B("TEXTURE", 2), B("PE2D", 3),
	B("TEXTUREVS", 4), B("SHADER_L1", 5), B("SHADER_L2", 6),
	B("UNK10", 10), B("UNK11", 11), B("DESCRIPTOR_UNK12", 12),
	B("DESCRIPTOR_UNK13", 13), B("UNK14", 14), END_FIELDS
};

static const struct etna_field f_flush_mmu[] = {
	B("FLUSH_FEMMU", 0), B("FLUSH_UNK1", 1), B("FLUSH_UNK2", 2),
	B("FLUSH_PEMMU", 3), B("FLUSH_UNK4", 4), END_FIELDS
};

static const struct etna_field f_gl_vertex_element_config[] = {
	B("UNK0", 0), B("REUSE", 4), END_FIELDS
};

static const struct etna_field f_multi_sample_config[] = {
	E("MSAA_SAMPLES", 1, 0, msaa_samples), B("MSAA_SAMPLES_MASK", 3),
	FH("MSAA_ENABLES", 7, 4), B("MSAA_ENABLES_MASK", 8), F("UNK12", 14, 12),
	B("UNK12_MASK", 15), F("UNK16", 17, 16), B("UNK16_MASK", 19),
	END_FIELDS
};

static const struct etna_field f_api_mode[] = {
	E("MODE", 1, 0, api_mode), END_FIELDS
};

static const struct etna_field f_pa_config[] = {
	B("POINT_SIZE_ENABLE", 2), B("POINT_SIZE_ENABLE_MASK", 3),
	B("POINT_SPRITE_ENABLE", 4), B("POINT_SPRITE_ENABLE_MASK", 5),
	E("CULL_FACE_MODE", 9, 8, cull_face), B("CULL_FACE_MODE_MASK", 10),
	E("FILL_MODE", 13, 12, fill_mode), B("FILL_MODE_MASK", 14),
	E("SHADE_MODEL", 17, 16, shade_model), B("SHADE_MODEL_MASK", 18),
	B("UNK22", 22), B("UNK22_MASK", 23), END_FIELDS
};

static const struct etna_field f_pe_depth_config[] = {
	E("DEPTH_MODE", 1, 0, depth_mode), B("DEPTH_MODE_MASK", 3),
	E("DEPTH_FORMAT", 4, 4, depth_format), B("DEPTH_FORMAT_MASK", 5),
	E("DEPTH_FUNC", 10, 8, compare_func), B("DEPTH_FUNC_MASK", 11),
	B("WRITE_ENABLE", 12), B("WRITE_ENABLE_MASK", 13), B("EARLY_Z", 16),
	B("EARLY_Z_MASK", 17), B("ONLY_DEPTH", 20), B("ONLY_DEPTH_MASK", 21),
	B("SUPER_TILED", 26), B("SUPER_TILED_MASK", 27), END_FIELDS
};

static const struct etna_field f_pe_stencil_op[] = {
	E("FUNC_FRONT", 2, 0, compare_func), B("FUNC_FRONT_MASK", 3),
	E("PASS_FRONT", 6, 4, stencil_op), B("PASS_FRONT_MASK", 7),
	E("FAIL_FRONT", 10, 8, stencil_op), B("FAIL_FRONT_MASK", 11),
	E("DEPTH_FAIL_FRONT", 14, 12, stencil_op),
	B("DEPTH_FAIL_FRONT_MASK", 15),
	E("FUNC_BACK", 18, 16, compare_func), B("FUNC_BACK_MASK", 19),
	E("PASS_BACK", 22, 20, stencil_op), B("PASS_BACK_MASK", 23),
	E("FAIL_BACK", 26, 24, stencil_op), B("FAIL_BACK_MASK", 27),
	E("DEPTH_FAIL_BACK", 30, 28, stencil_op),
	B("DEPTH_FAIL_BACK_MASK", 31), END_FIELDS
};

static const struct etna_field f_pe_stencil_config[] = {
	E("MODE", 1, 0, stencil_mode), B("MODE_MASK", 4),
	B("REF_FRONT_MASK", 5), B("MASK_FRONT_MASK", 6),
	B("WRITE_MASK_MASK", 7), F("REF_FRONT", 15, 8),
	FH("MASK_FRONT", 23, 16), FH("WRITE_MASK", 31, 24), END_FIELDS
};

static const struct etna_field f_pe_alpha_op[] = {
	B("ALPHA_TEST", 0), B("ALPHA_TEST_MASK", 1),
	E("ALPHA_FUNC", 6, 4, compare_func), B("ALPHA_FUNC_MASK", 7),
	F("ALPHA_REF", 15, 8), B("ALPHA_REF_MASK", 16), END_FIELDS
};

static const struct etna_field f_bgra8[] = {
	FH("B", 7, 0), FH("G", 15, 8), FH("R", 23, 16), FH("A", 31, 24),
	END_FIELDS
};

static const struct etna_field f_pe_alpha_config[] = {
	B("BLEND_ENABLE_COLOR", 0), B("BLEND_ENABLE_COLOR_MASK", 1),
	B("SRC_FUNC_COLOR_MASK", 2), B("DST_FUNC_COLOR_MASK", 3),
	E("SRC_FUNC_COLOR", 7, 4, blend_func),
	E("DST_FUNC_COLOR", 11, 8, blend_func),
	E("EQ_COLOR", 14, 12, blend_eq), B("EQ_COLOR_MASK", 15),
	B("BLEND_SEPARATE_ALPHA", 16), B("BLEND_SEPARATE_ALPHA_MASK", 17),
	B("SRC_FUNC_ALPHA_MASK", 18), B("DST_FUNC_ALPHA_MASK", 19),
	E("SRC_FUNC_ALPHA", 23, 20, blend_func),
	E("DST_FUNC_ALPHA", 27, 24, blend_func),
	E("EQ_ALPHA", 30, 28, blend_eq), B("EQ_ALPHA_MASK", 31), END_FIELDS
};

static const struct etna_field f_pe_color_format[] = {
	E("FORMAT", 3, 0, rs_format), B("FORMAT_MASK", 4),
	FH("COMPONENTS", 11, 8), B("COMPONENTS_MASK", 12), B("OVERWRITE", 16),
	B("OVERWRITE_MASK", 17), B("SUPER_TILED", 20),
	B("SUPER_TILED_MASK", 21), END_FIELDS
};

static const struct etna_field f_rs_config[] = {
	E("SOURCE_FORMAT", 4, 0, rs_format), B("DOWNSAMPLE_X", 5),
	B("DOWNSAMPLE_Y", 6), B("SOURCE_TILED", 7),
	E("DEST_FORMAT", 12, 8, rs_format), B("DEST_TILED", 14),
	B("SWAP_RB", 29), B("FLIP", 30), END_FIELDS
};

static const struct etna_field f_rs_stride[] = {
	F("STRIDE", 17, 0), B("SUPER_TILED_NEW", 27), B("TS_MODE", 29),
	B("MULTI", 30), B("TILING", 31), END_FIELDS
};

static const struct etna_field f_width_height[] = {
	F("WIDTH", 15, 0), F("HEIGHT", 31, 16), END_FIELDS
};

static const struct etna_field f_rs_clear_control[] = {
	FH("BITS", 15, 0), E("MODE", 17, 16, rs_clear_mode), END_FIELDS
};

static const struct etna_field f_rs_extra_config[] = {
	F("AA", 1, 0), EQ("ENDIAN", 9, 8, endian_mode), B("TS_MODE", 24),
	END_FIELDS
};

static const struct etna_field f_ts_flush[] = { B("FLUSH", 0), END_FIELDS };

static const struct etna_field f_ts_mem_config[] = {
	B("DEPTH_FAST_CLEAR", 0), B("COLOR_FAST_CLEAR", 1),
	B("DEPTH_16BPP", 3), B("DEPTH_AUTO_DISABLE", 4),
	B("COLOR_AUTO_DISABLE", 5), B("DEPTH_COMPRESSION", 6),
	B("COLOR_COMPRESSION", 7), F("COMPRESSION_FORMAT", 11, 8),
	F("HDEPTH", 13, 12), END_FIELDS
};

/* 2D engine */

static const struct etna_field f_de_stride[] = {
	F("STRIDE", 17, 0), END_FIELDS
};

static const struct etna_field f_de_rotation_config[] = {
	F("WIDTH", 15, 0), B("ROTATION", 16), END_FIELDS
};

static const struct etna_field f_de_src_config[] = {
	EQ("PE10_SOURCE_FORMAT", 3, 0, de_format),
	EQ("TRANSPARENCY", 5, 4, de_transparency),
	EQ("SRC_RELATIVE", 6, 6, de_src_relative), B("TILED", 7),
	EQ("LOCATION", 8, 8, de_location), EQ("PACK", 13, 12, de_pack),
	B("MONO_TRANSPARENCY", 15), B("UNK16", 16),
	EQ("SWIZZLE", 21, 20, de_swizzle),
	E("SOURCE_FORMAT", 28, 24, de_format), B("DISABLE420_L2_CACHE", 29),
	EQ("ENDIAN_CONTROL", 31, 30, endian_mode), END_FIELDS
};

static const struct etna_field f_xy16[] = {
	F("X", 15, 0), F("Y", 31, 16), END_FIELDS
};

static const struct etna_field f_xy15[] = {
	F("X", 14, 0), F("Y", 30, 16), END_FIELDS
};

static const struct etna_field f_de_dest_config[] = {
	E("FORMAT", 4, 0, de_format), B("TILED", 8),
	E("COMMAND", 15, 12, de_command), EQ("SWIZZLE", 17, 16, de_swizzle),
	EQ("ENDIAN_CONTROL", 21, 20, endian_mode), B("GDI_STRE", 24),
	B("INTER_TILE_PER_FIX_DISABLED", 25), B("MINOR_TILED", 26),
	END_FIELDS
};

static const struct etna_field f_de_pattern_config[] = {
	E("FORMAT", 3, 0, de_format), E("TYPE", 4, 4, de_pattern_type),
	B("COLOR_CONVERT", 5), F("INIT_TRIGGER", 7, 6), F("ORIGIN_X", 18, 16),
	F("ORIGIN_Y", 22, 20), END_FIELDS
};

static const struct etna_field f_de_rop[] = {
	FH("ROP_FG", 7, 0), FH("ROP_BG", 15, 8), E("TYPE", 21, 20, de_rop_type),
	END_FIELDS
};

static const struct etna_field f_de_config[] = {
	B("MIRROR_BLT_ENABLE", 0), EQ("MIRROR_BLT_MODE", 5, 4, de_mirror_blt),
	F("SOURCE_SELECT", 18, 16), F("DESTINATION_SELECT", 21, 20),
	END_FIELDS
};

static const struct etna_field f_de_alpha_control[] = {
	B("ENABLE", 0), FH("PE10_GLOBAL_SRC_ALPHA", 23, 16),
	FH("PE10_GLOBAL_DST_ALPHA", 31, 24), END_FIELDS
};

static const struct etna_field f_de_alpha_modes[] = {
	B("SRC_ALPHA_MODE_INVERSED", 0), B("DST_ALPHA_MODE_INVERSED", 4),
	EQ("GLOBAL_SRC_ALPHA_MODE", 9, 8, de_global_alpha),
	EQ("GLOBAL_DST_ALPHA_MODE", 13, 12, de_global_alpha),
	B("PE10_SRC_COLOR_MULTIPLY", 16), B("PE10_DST_COLOR_MULTIPLY", 20),
	E("SRC_BLENDING_MODE", 26, 24, de_blendmode),
	B("SRC_ALPHA_FACTOR", 27),
	E("DST_BLENDING_MODE", 30, 28, de_blendmode),
	B("DST_ALPHA_FACTOR", 31), END_FIELDS
};

static const struct etna_field f_de_vr_config[] = {
	E("START", 1, 0, de_vr_start), B("START_MASK", 3), END_FIELDS
};

static const struct etna_field f_de_vr_box[] = {
	F("LEFT", 15, 0), F("TOP", 31, 16), END_FIELDS
};

static const struct etna_field f_de_vr_box_high[] = {
	F("RIGHT", 15, 0), F("BOTTOM", 31, 16), END_FIELDS
};

static const struct etna_field f_de_pe_config[] = {
	EQ("DESTINATION_FETCH", 1, 0, de_dest_fetch),
	B("DESTINATION_FETCH_MASK", 3), END_FIELDS
};

static const struct etna_field f_de_height[] = {
	F("HEIGHT", 15, 0), END_FIELDS
};

static const struct etna_field f_de_rot_angle[] = {
	EQ("SRC", 2, 0, de_rot_mode), EQ("DST", 5, 3, de_rot_mode),
	B("SRC_MASK", 8), B("DST_MASK", 9),
	EQ("SRC_MIRROR", 13, 12, de_mirror_mode), B("SRC_MIRROR_MASK", 15),
	EQ("DST_MIRROR", 17, 16, de_mirror_mode), B("DST_MIRROR_MASK", 19),
	END_FIELDS
};

static const struct etna_field f_de_color_multiply[] = {
	B("SRC_PREMULTIPLY", 0), B("DST_PREMULTIPLY", 4),
	EQ("SRC_GLOBAL_PREMULTIPLY", 9, 8, de_global_premultiply),
	B("DST_DEMULTIPLY", 20), END_FIELDS
};

static const struct etna_field f_de_pe_transparency[] = {
	EQ("SOURCE", 1, 0, de_transparency),
	EQ("PATTERN", 5, 4, de_transparency),
	EQ("DESTINATION", 9, 8, de_transparency),
	B("TRANSPARENCY_MASK", 12),
	EQ("USE_SRC_OVERRIDE", 17, 16, de_transparency_override),
	EQ("USE_PAT_OVERRIDE", 21, 20, de_transparency_override),
	EQ("USE_DST_OVERRIDE", 25, 24, de_transparency_override),
	B("RESOURCE_OVERRIDE_MASK", 28), B("DFB_COLOR_KEY", 29),
	B("DFB_COLOR_KEY_MASK", 31), END_FIELDS
};

static const struct etna_field f_de_pe_control[] = {
	B("YUV_709", 0), B("YUV_MASK", 3), B("UV_SWIZZLE_VU", 4),
	B("UV_SWIZZLE_MASK", 7), B("YUVRGB", 8), B("YUVRGB_MASK", 11),
	END_FIELDS
};

static const struct etna_field f_de_src_ex_config[] = {
	B("MULTI_TILED", 0), B("SUPER_TILED", 3), B("MINOR_TILED", 8),
	END_FIELDS
};

static const struct etna_field f_de_multi_source[] = {
	F("MAX_SOURCE", 2, 0), F("HORIZONTAL_BLOCK", 10, 8),
	F("VERTICAL_BLOCK", 18, 16), END_FIELDS
};

/* BLT engine */

static const struct etna_field f_blt_stride[] = {
	F("STRIDE", 19, 0), E("FORMAT", 28, 21, blt_format),
	E("TILING", 30, 29, blt_tiling), END_FIELDS
};

static const struct etna_field f_blt_command[] = {
	E("COMMAND", 3, 0, blt_command), END_FIELDS
};

/* ---------------------------------------------------------------------- */
/* The states, by address */

#define S(a, n)			{ a, n, 1, 4, 0, 0, ETNA_T_HEX, NULL }
#define SF(a, n, f)		{ a, n, 1, 4, 0, 0, ETNA_T_HEX, f }
#define SA(a, n)		{ a, n, 1, 4, 0, 0, ETNA_T_ADDR, NULL }
#define SFL(a, n)		{ a, n, 1, 4, 0, 0, ETNA_T_FLOAT, NULL }
#define AR(a, n, c)		{ a, n, c, 4, 0, 0, ETNA_T_HEX, NULL }
#define ARF(a, n, c, f)		{ a, n, c, 4, 0, 0, ETNA_T_HEX, f }
#define ARA(a, n, c)		{ a, n, c, 4, 0, 0, ETNA_T_ADDR, NULL }
#define ARFL(a, n, c)		{ a, n, c, 4, 0, 0, ETNA_T_FLOAT, NULL }
#define AR2A(a, n, c, s, c2, s2) { a, n, c, s, c2, s2, ETNA_T_ADDR, NULL }

static const struct etna_state states[] = {
	/* HI: host interface (registers; the FE ignores loads into them) */
	SF(0x00000, "HI_CLOCK_CONTROL", f_clock_control),
	SF(0x00004, "HI_IDLE_STATE", f_idle_state),
	SF(0x00008, "HI_AXI_CONFIG", f_axi_config),
	S(0x0000c, "HI_AXI_STATUS"),
	SF(0x00010, "HI_INTR_ACKNOWLEDGE", f_intr),
	S(0x00014, "HI_INTR_ENBL"),
	S(0x00018, "HI_CHIP_IDENTITY"),
	S(0x0001c, "HI_CHIP_FEATURE"),
	S(0x00020, "HI_CHIP_MODEL"),
	S(0x00024, "HI_CHIP_REV"),
	S(0x00028, "HI_CHIP_DATE"),
	S(0x0002c, "HI_CHIP_TIME"),
	S(0x00030, "HI_CHIP_CUSTOMER_ID"),
	S(0x00034, "HI_CHIP_MINOR_FEATURE_0"),
	S(0x00038, "HI_CACHE_CONTROL"),
	S(0x0003c, "HI_MEMORY_COUNTER_RESET"),
	S(0x00040, "HI_PROFILE_READ_BYTES8"),
	S(0x00044, "HI_PROFILE_WRITE_BYTES8"),
	S(0x00048, "HI_CHIP_SPECS"),
	S(0x0004c, "HI_PROFILE_WRITE_BURSTS"),
	S(0x00050, "HI_PROFILE_WRITE_REQUESTS"),
	S(0x00058, "HI_PROFILE_READ_BURSTS"),
	S(0x0005c, "HI_PROFILE_READ_REQUESTS"),
	S(0x00060, "HI_PROFILE_READ_LASTS"),
	S(0x00064, "HI_GP_OUT0"),
	S(0x00068, "HI_GP_OUT1"),
	S(0x0006c, "HI_GP_OUT2"),
	S(0x00070, "HI_AXI_CONTROL"),
	S(0x00074, "HI_CHIP_MINOR_FEATURE_1"),
	S(0x00078, "HI_PROFILE_TOTAL_CYCLES"),
	S(0x0007c, "HI_PROFILE_IDLE_CYCLES"),
	S(0x00080, "HI_CHIP_SPECS_2"),
	S(0x00084, "HI_CHIP_MINOR_FEATURE_2"),
	S(0x00088, "HI_CHIP_MINOR_FEATURE_3"),
	S(0x0008c, "HI_CHIP_SPECS_3"),
	S(0x00090, "HI_COMPRESSION_FLAGS"),
	S(0x00094, "HI_CHIP_MINOR_FEATURE_4"),
	S(0x0009c, "HI_CHIP_SPECS_4"),
	S(0x000a0, "HI_CHIP_MINOR_FEATURE_5"),
	S(0x000a8, "HI_CHIP_PRODUCT_ID"),
	S(0x000d4, "HI_BLT_INTR"),
	S(0x000e8, "HI_CHIP_ECO_ID"),
	S(0x000ec, "HI_AUXBIT"),
	/* PM: power management */
	S(0x00100, "PM_POWER_CONTROLS"),
	S(0x00104, "PM_MODULE_CONTROLS"),
	S(0x00108, "PM_MODULE_STATUS"),
	S(0x0010c, "PM_PULSE_EATER"),
	/* MMUv2: SAFE_ADDRESS, CONFIGURATION, PTA_CONFIG are FE states */
	SA(0x00180, "MMUv2_SAFE_ADDRESS"),
	SF(0x00184, "MMUv2_CONFIGURATION", f_mmuv2_configuration),
	S(0x00188, "MMUv2_STATUS"),
	SF(0x0018c, "MMUv2_CONTROL", f_enable0),
	AR(0x00190, "MMUv2_EXCEPTION_ADDR", 4),
	S(0x001a4, "MMUv2_PROFILE_BLT_READ"),
	SF(0x001ac, "MMUv2_PTA_CONFIG", f_pta_config),
	AR(0x001c0, "MMUv2_AXI_POLICY", 8),
	S(0x00380, "MMUv2_SEC_EXCEPTION_ADDR"),
	S(0x00384, "MMUv2_SEC_STATUS"),
	SF(0x00388, "MMUv2_SEC_CONTROL", f_enable0),
	S(0x0038c, "MMUv2_PTA_ADDRESS_LOW"),
	S(0x00390, "MMUv2_PTA_ADDRESS_HIGH"),
	SF(0x00394, "MMUv2_PTA_CONTROL", f_enable0),
	S(0x00398, "MMUv2_NONSEC_SAFE_ADDR_LOW"),
	S(0x0039c, "MMUv2_SEC_SAFE_ADDR_LOW"),
	S(0x003a0, "MMUv2_SAFE_ADDRESS_CONFIG"),
	SF(0x003a4, "MMUv2_SEC_COMMAND_CONTROL", f_command_control),
	SF(0x003a8, "MMUv2_AHB_CONTROL", f_ahb_control),
	/* MC: memory controller, MMUv1 */
	S(0x00400, "MC_MMU_FE_PAGE_TABLE"),
	S(0x00404, "MC_MMU_TX_PAGE_TABLE"),
	S(0x00408, "MC_MMU_PE_PAGE_TABLE"),
	S(0x0040c, "MC_MMU_PEZ_PAGE_TABLE"),
	S(0x00410, "MC_MMU_RA_PAGE_TABLE"),
	S(0x00414, "MC_DEBUG_MEMORY"),
	S(0x00418, "MC_MEMORY_BASE_ADDR_RA"),
	S(0x0041c, "MC_MEMORY_BASE_ADDR_FE"),
	S(0x00420, "MC_MEMORY_BASE_ADDR_TX"),
	S(0x00424, "MC_MEMORY_BASE_ADDR_PEZ"),
	S(0x00428, "MC_MEMORY_BASE_ADDR_PE"),
	S(0x0042c, "MC_MEMORY_TIMING_CONTROL"),
	S(0x00430, "MC_MEMORY_FLUSH"),
	S(0x00438, "MC_PROFILE_CYCLE_COUNTER"),
	S(0x0043c, "MC_DEBUG_READ0"),
	S(0x00440, "MC_DEBUG_READ1"),
	S(0x00444, "MC_DEBUG_WRITE"),
	S(0x00448, "MC_PROFILE_RA_READ"),
	S(0x0044c, "MC_PROFILE_TX_READ"),
	S(0x00450, "MC_PROFILE_FE_READ"),
	S(0x00454, "MC_PROFILE_PE_READ"),
	S(0x00458, "MC_PROFILE_DE_READ"),
	S(0x0045c, "MC_PROFILE_SH_READ"),
	S(0x00460, "MC_PROFILE_PA_READ"),
	S(0x00464, "MC_PROFILE_SE_READ"),
	S(0x00468, "MC_PROFILE_MC_READ"),
	S(0x0046c, "MC_PROFILE_HI_READ"),
	S(0x00470, "MC_PROFILE_CONFIG0"),
	S(0x00474, "MC_PROFILE_CONFIG1"),
	S(0x00478, "MC_PROFILE_CONFIG2"),
	S(0x0047c, "MC_PROFILE_CONFIG3"),
	S(0x00480, "MC_BUS_CONFIG"),
	S(0x00554, "MC_START_COMPOSITION"),
	S(0x00558, "MC_FLAGS"),
	S(0x0055c, "MC_L2_CACHE_CONFIG"),
	S(0x00564, "MC_PROFILE_L2_READ"),
	/* FE: vertex fetch, index stream, command DMA */
	ARF(0x00600, "FE_VERTEX_ELEMENT_CONFIG", 16, f_vertex_element_config),
	SA(0x00640, "FE_CMD_STREAM_BASE_ADDR"),
	SA(0x00644, "FE_INDEX_STREAM_BASE_ADDR"),
	SF(0x00648, "FE_INDEX_STREAM_CONTROL", f_index_stream_control),
	SA(0x0064c, "FE_VERTEX_STREAM_BASE_ADDR"),
	SF(0x00650, "FE_VERTEX_STREAM_CONTROL", f_vertex_stream_control),
	SA(0x00654, "FE_COMMAND_ADDRESS"),
	SF(0x00658, "FE_COMMAND_CONTROL", f_command_control),
	S(0x0065c, "FE_DMA_STATUS"),
	S(0x00660, "FE_DMA_DEBUG_STATE"),
	S(0x00664, "FE_DMA_ADDRESS"),
	S(0x00668, "FE_DMA_LOW"),
	S(0x0066c, "FE_DMA_HIGH"),
	S(0x00670, "FE_AUTO_FLUSH"),
	S(0x00674, "FE_PRIMITIVE_RESTART_INDEX"),
	S(0x00678, "FE_UNK00678"),
	S(0x0067c, "FE_UNK0067C"),
	ARA(0x00680, "FE_VERTEX_STREAMS_BASE_ADDR", 8),
	ARF(0x006a0, "FE_VERTEX_STREAMS_CONTROL", 8, f_vertex_stream_control),
	AR(0x006c0, "FE_GENERIC_ATTRIB_UNK006C0", 16),
	AR(0x00700, "FE_GENERIC_ATTRIB_UNK00700", 16),
	AR(0x00740, "FE_GENERIC_ATTRIB_UNK00740", 16),
	ARFL(0x00780, "FE_GENERIC_ATTRIB_SCALE", 16),
	S(0x007c4, "FE_HALTI5_ID_CONFIG"),
	AR(0x007d0, "FE_HALTI5_UNK007D0", 2),
	S(0x007d8, "FE_HALTI5_UNK007D8"),
	SA(0x007dc, "FE_DESC_START"),
	SA(0x007e0, "FE_DESC_END"),
	S(0x007e4, "FE_DESC_AVAIL"),
	S(0x007e8, "FE_FENCE_WAIT_DATA_LOW"),
	S(0x007f4, "FE_FENCE_WAIT_DATA_HIGH"),
	S(0x007f8, "FE_ROBUSTNESS_UNK007F8"),
	/* VS: vertex shader */
	S(0x00800, "VS_END_PC"),
	S(0x00804, "VS_OUTPUT_COUNT"),
	S(0x00808, "VS_INPUT_COUNT"),
	S(0x0080c, "VS_TEMP_REGISTER_CONTROL"),
	AR(0x00810, "VS_OUTPUT", 4),
	AR(0x00820, "VS_INPUT", 4),
	S(0x00830, "VS_LOAD_BALANCING"),
	S(0x00834, "VS_PERF_COUNTER"),
	S(0x00838, "VS_START_PC"),
	S(0x00850, "VS_UNK00850"),
	S(0x00854, "VS_UNK00854"),
	S(0x00858, "VS_UNK00858"),
	S(0x0085c, "VS_RANGE"),
	S(0x00860, "VS_NEW_UNK00860"),
	/* CL: thread walker */
	S(0x00900, "CL_CONFIG"),
	S(0x00904, "CL_GLOBAL_X"),
	S(0x00908, "CL_GLOBAL_Y"),
	S(0x0090c, "CL_GLOBAL_Z"),
	S(0x00910, "CL_WORKGROUP_X"),
	S(0x00914, "CL_WORKGROUP_Y"),
	S(0x00918, "CL_WORKGROUP_Z"),
	S(0x0091c, "CL_THREAD_ALLOCATION"),
	S(0x00920, "CL_KICKER"),
	S(0x00924, "CL_UNK00924"),
	/* PA: primitive assembly */
	SFL(0x00a00, "PA_VIEWPORT_SCALE_X"),
	SFL(0x00a04, "PA_VIEWPORT_SCALE_Y"),
	SFL(0x00a08, "PA_VIEWPORT_SCALE_Z"),
	SFL(0x00a0c, "PA_VIEWPORT_OFFSET_X"),
	SFL(0x00a10, "PA_VIEWPORT_OFFSET_Y"),
	SFL(0x00a14, "PA_VIEWPORT_OFFSET_Z"),
	SFL(0x00a18, "PA_LINE_WIDTH"),
	SFL(0x00a1c, "PA_POINT_SIZE"),
	S(0x00a28, "PA_SYSTEM_MODE"),
	S(0x00a2c, "PA_W_CLIP_LIMIT"),
	S(0x00a30, "PA_ATTRIBUTE_ELEMENT_COUNT"),
	SF(0x00a34, "PA_CONFIG", f_pa_config),
	S(0x00a38, "PA_LINE_UNK00A38"),
	S(0x00a3c, "PA_LINE_UNK00A3C"),
	AR(0x00a40, "PA_SHADER_ATTRIBUTES", 10),
	S(0x00a80, "PA_VIEWPORT_UNK00A80"),
	S(0x00a84, "PA_VIEWPORT_UNK00A84"),
	S(0x00a8c, "PA_VIEWPORT_UNK00A8C"),
	/* SE: setup engine */
	S(0x00c00, "SE_SCISSOR_LEFT"),
	S(0x00c04, "SE_SCISSOR_TOP"),
	S(0x00c08, "SE_SCISSOR_RIGHT"),
	S(0x00c0c, "SE_SCISSOR_BOTTOM"),
	SFL(0x00c10, "SE_DEPTH_SCALE"),
	SFL(0x00c14, "SE_DEPTH_BIAS"),
	S(0x00c18, "SE_CONFIG"),
	S(0x00c1c, "SE_UNK00C1C"),
	S(0x00c20, "SE_CLIP_RIGHT"),
	S(0x00c24, "SE_CLIP_BOTTOM"),
	/* RA: rasterizer */
	S(0x00e00, "RA_CONTROL"),
	S(0x00e04, "RA_MULTISAMPLE_UNK00E04"),
	S(0x00e08, "RA_DEPTH_UNK00E08"),
	AR(0x00e10, "RA_MULTISAMPLE_UNK00E10", 4),
	AR(0x00e40, "RA_CENTROID_TABLE", 16),
	/* PS: pixel shader */
	S(0x01000, "PS_END_PC"),
	S(0x01004, "PS_OUTPUT_REG"),
	S(0x01008, "PS_INPUT_COUNT"),
	S(0x0100c, "PS_TEMP_REGISTER_CONTROL"),
	S(0x01010, "PS_CONTROL"),
	S(0x01014, "PS_PERF_COUNTER"),
	S(0x01018, "PS_START_PC"),
	S(0x0101c, "PS_RANGE"),
	/* DE: 2D drawing engine */
	SA(0x01200, "DE_SRC_ADDRESS"),
	SF(0x01204, "DE_SRC_STRIDE", f_de_stride),
	SF(0x01208, "DE_SRC_ROTATION_CONFIG", f_de_rotation_config),
	SF(0x0120c, "DE_SRC_CONFIG", f_de_src_config),
	SF(0x01210, "DE_SRC_ORIGIN", f_xy16),
	SF(0x01214, "DE_SRC_SIZE", f_xy16),
	SF(0x01218, "DE_SRC_COLOR_BG", f_bgra8),
	SF(0x0121c, "DE_SRC_COLOR_FG", f_bgra8),
	S(0x01220, "DE_STRETCH_FACTOR_LOW"),
	S(0x01224, "DE_STRETCH_FACTOR_HIGH"),
	SA(0x01228, "DE_DEST_ADDRESS"),
	SF(0x0122c, "DE_DEST_STRIDE", f_de_stride),
	SF(0x01230, "DE_DEST_ROTATION_CONFIG", f_de_rotation_config),
	SF(0x01234, "DE_DEST_CONFIG", f_de_dest_config),
	SA(0x01238, "DE_PATTERN_ADDRESS"),
	SF(0x0123c, "DE_PATTERN_CONFIG", f_de_pattern_config),
	S(0x01240, "DE_PATTERN_LOW"),
	S(0x01244, "DE_PATTERN_HIGH"),
	S(0x01248, "DE_PATTERN_MASK_LOW"),
	S(0x0124c, "DE_PATTERN_MASK_HIGH"),
	SF(0x01250, "DE_PATTERN_BG_COLOR", f_bgra8),
	SF(0x01254, "DE_PATTERN_FG_COLOR", f_bgra8),
	SF(0x0125c, "DE_ROP", f_de_rop),
	SF(0x01260, "DE_CLIP_TOP_LEFT", f_xy15),
	SF(0x01264, "DE_CLIP_BOTTOM_RIGHT", f_xy15),
	S(0x01268, "DE_CLEAR_BYTE_MASK"),
	SF(0x0126c, "DE_CONFIG", f_de_config),
	S(0x01270, "DE_CLEAR_PIXEL_VALUE_LOW"),
	S(0x01274, "DE_CLEAR_PIXEL_VALUE_HIGH"),
	SF(0x01278, "DE_SRC_ORIGIN_FRACTION", f_xy16),
	SF(0x0127c, "DE_ALPHA_CONTROL", f_de_alpha_control),
	SF(0x01280, "DE_ALPHA_MODES", f_de_alpha_modes),
	SA(0x01284, "DE_UPLANE_ADDRESS"),
	SF(0x01288, "DE_UPLANE_STRIDE", f_de_stride),
	SA(0x0128c, "DE_VPLANE_ADDRESS"),
	SF(0x01290, "DE_VPLANE_STRIDE", f_de_stride),
	SF(0x01294, "DE_VR_CONFIG", f_de_vr_config),
	SF(0x01298, "DE_VR_SOURCE_IMAGE_LOW", f_de_vr_box),
	SF(0x0129c, "DE_VR_SOURCE_IMAGE_HIGH", f_de_vr_box_high),
	S(0x012a0, "DE_VR_SOURCE_ORIGIN_LOW"),
	S(0x012a4, "DE_VR_SOURCE_ORIGIN_HIGH"),
	SF(0x012a8, "DE_VR_TARGET_WINDOW_LOW", f_de_vr_box),
	SF(0x012ac, "DE_VR_TARGET_WINDOW_HIGH", f_de_vr_box_high),
	SF(0x012b0, "DE_PE_CONFIG", f_de_pe_config),
	SF(0x012b4, "DE_DEST_ROTATION_HEIGHT", f_de_height),
	SF(0x012b8, "DE_SRC_ROTATION_HEIGHT", f_de_height),
	SF(0x012bc, "DE_ROT_ANGLE", f_de_rot_angle),
	SF(0x012c0, "DE_CLEAR_PIXEL_VALUE32", f_bgra8),
	S(0x012c4, "DE_DEST_COLOR_KEY"),
	SF(0x012c8, "DE_GLOBAL_SRC_COLOR", f_bgra8),
	SF(0x012cc, "DE_GLOBAL_DEST_COLOR", f_bgra8),
	SF(0x012d0, "DE_COLOR_MULTIPLY_MODES", f_de_color_multiply),
	SF(0x012d4, "DE_PE_TRANSPARENCY", f_de_pe_transparency),
	SF(0x012d8, "DE_PE_CONTROL", f_de_pe_control),
	S(0x012dc, "DE_SRC_COLOR_KEY_HIGH"),
	S(0x012e0, "DE_DEST_COLOR_KEY_HIGH"),
	S(0x012e4, "DE_VR_CONFIG_EX"),
	S(0x012e8, "DE_PE_DITHER_LOW"),
	S(0x012ec, "DE_PE_DITHER_HIGH"),
	S(0x012f0, "DE_BW_CONFIG"),
	SF(0x012f4, "DE_BW_BLOCK_SIZE", f_width_height),
	SF(0x012f8, "DE_BW_TILE_SIZE", f_width_height),
	S(0x012fc, "DE_BW_BLOCK_MASK"),
	SF(0x01300, "DE_SRC_EX_CONFIG", f_de_src_ex_config),
	SA(0x01304, "DE_SRC_EX_ADDRESS"),
	SF(0x01308, "DE_MULTI_SOURCE", f_de_multi_source),
	S(0x0130c, "DE_YUV_CONVERSION"),
	SA(0x01310, "DE_PLANE2_ADDRESS"),
	SF(0x01314, "DE_PLANE2_STRIDE", f_de_stride),
	SA(0x01318, "DE_PLANE3_ADDRESS"),
	SF(0x0131c, "DE_PLANE3_STRIDE", f_de_stride),
	SF(0x01320, "DE_STALL_DE", f_enable0),
	S(0x01328, "DE_TILE_CONFIG"),
	/* PE: pixel engine */
	SF(0x01400, "PE_DEPTH_CONFIG", f_pe_depth_config),
	SFL(0x01404, "PE_DEPTH_NEAR"),
	SFL(0x01408, "PE_DEPTH_FAR"),
	SFL(0x0140c, "PE_DEPTH_NORMALIZE"),
	SA(0x01410, "PE_DEPTH_ADDR"),
	S(0x01414, "PE_DEPTH_STRIDE"),
	SF(0x01418, "PE_STENCIL_OP", f_pe_stencil_op),
	SF(0x0141c, "PE_STENCIL_CONFIG", f_pe_stencil_config),
	SF(0x01420, "PE_ALPHA_OP", f_pe_alpha_op),
	SF(0x01424, "PE_ALPHA_BLEND_COLOR", f_bgra8),
	SF(0x01428, "PE_ALPHA_CONFIG", f_pe_alpha_config),
	SF(0x0142c, "PE_COLOR_FORMAT", f_pe_color_format),
	SA(0x01430, "PE_COLOR_ADDR"),
	S(0x01434, "PE_COLOR_STRIDE"),
	S(0x01454, "PE_HDEPTH_CONTROL"),
	SA(0x01458, "PE_HDEPTH_ADDR"),
	S(0x0145c, "PE_UNK0145C"),
	ARA(0x01460, "PE_PIPE_COLOR_ADDR", 8),
	ARA(0x01480, "PE_PIPE_DEPTH_ADDR", 8),
	S(0x014a0, "PE_STENCIL_CONFIG_EXT"),
	S(0x014a4, "PE_LOGIC_OP"),
	AR(0x014a8, "PE_DITHER", 2),
	S(0x014b0, "PE_UNK014B0"),
	S(0x014b4, "PE_UNK014B4"),
	ARA(0x01500, "PE_PIPE_ADDR_UNK01500", 8),
	ARA(0x01520, "PE_PIPE_ADDR_UNK01520", 8),
	AR(0x01580, "PE_UNK01580", 3),
	/* RS: resolve; TS: tile status */
	S(0x01600, "RS_KICKER"),
	SF(0x01604, "RS_CONFIG", f_rs_config),
	SA(0x01608, "RS_SOURCE_ADDR"),
	SF(0x0160c, "RS_SOURCE_STRIDE", f_rs_stride),
	SA(0x01610, "RS_DEST_ADDR"),
	SF(0x01614, "RS_DEST_STRIDE", f_rs_stride),
	SF(0x01620, "RS_WINDOW_SIZE", f_width_height),
	AR(0x01630, "RS_DITHER", 2),
	SF(0x0163c, "RS_CLEAR_CONTROL", f_rs_clear_control),
	AR(0x01640, "RS_FILL_VALUE", 4),
	SF(0x01650, "TS_FLUSH_CACHE", f_ts_flush),
	SF(0x01654, "TS_MEM_CONFIG", f_ts_mem_config),
	SA(0x01658, "TS_COLOR_STATUS_BASE"),
	SA(0x0165c, "TS_COLOR_SURFACE_BASE"),
	S(0x01660, "TS_COLOR_CLEAR_VALUE"),
	SA(0x01664, "TS_DEPTH_STATUS_BASE"),
	SA(0x01668, "TS_DEPTH_SURFACE_BASE"),
	S(0x0166c, "TS_DEPTH_CLEAR_VALUE"),
	S(0x01670, "TS_COLOR_AUTO_DISABLE_COUNT"),
	S(0x01674, "TS_DEPTH_AUTO_DISABLE_COUNT"),
	SF(0x016a0, "RS_EXTRA_CONFIG", f_rs_extra_config),
	SA(0x016a4, "TS_HDEPTH_STATUS_BASE"),
	S(0x016a8, "TS_HDEPTH_CLEAR_VALUE"),
	S(0x016ac, "TS_HDEPTH_SIZE"),
	S(0x016b0, "RS_KICKER_INPLACE"),
	S(0x016b4, "RS_UNK016B4"),
	S(0x016b8, "RS_SINGLE_BUFFER"),
	ARA(0x016c0, "RS_PIPE_SOURCE_ADDR", 8),
	ARA(0x016e0, "RS_PIPE_DEST_ADDR", 8),
	ARF(0x01700, "RS_PIPE_OFFSET", 8, f_xy16),
	AR(0x01720, "TS_SAMPLER_CONFIG", 8),
	ARA(0x01740, "TS_SAMPLER_STATUS_BASE", 8),
	AR(0x01760, "TS_SAMPLER_CLEAR_VALUE", 8),
	/* 2D filter kernels and palettes */
	AR(0x01800, "DE_FILTER_KERNEL", 128),
	AR(0x01c00, "DE_INDEX_COLOR_TABLE", 256),
	/* TE: texture samplers (old layout) */
	AR(0x02000, "TE_SAMPLER_CONFIG0", 12),
	ARF(0x02040, "TE_SAMPLER_SIZE", 12, f_width_height),
	AR(0x02080, "TE_SAMPLER_LOG_SIZE", 12),
	AR(0x020c0, "TE_SAMPLER_LOD_CONFIG", 12),
	AR(0x02100, "TE_SAMPLER_UNK02100", 12),
	AR(0x02140, "TE_SAMPLER_UNK02140", 12),
	AR(0x02180, "TE_SAMPLER_UNK02180", 12),
	AR(0x021c0, "TE_SAMPLER_CONFIG1", 12),
	AR(0x02200, "TE_SAMPLER_UNK02200", 12),
	AR(0x02240, "TE_SAMPLER_UNK02240", 12),
	AR2A(0x02400, "TE_SAMPLER_LOD_ADDR", 12, 4, 14, 0x40),
	AR(0x02800, "DE_HORI_FILTER_KERNEL", 128),
	AR(0x02a00, "DE_VERTI_FILTER_KERNEL", 128),
	AR(0x03400, "DE_INDEX_COLOR_TABLE32", 256),
	/* GL: global states */
	SF(0x03800, "GL_PIPE_SELECT", f_pipe_select),
	SF(0x03804, "GL_EVENT", f_event),
	SF(0x03808, "GL_SEMAPHORE_TOKEN", f_semaphore_token),
	SF(0x0380c, "GL_FLUSH_CACHE", f_flush_cache),
	SF(0x03810, "GL_FLUSH_MMU", f_flush_mmu),
	SF(0x03814, "GL_VERTEX_ELEMENT_CONFIG", f_gl_vertex_element_config),
	SF(0x03818, "GL_MULTI_SAMPLE_CONFIG", f_multi_sample_config),
	S(0x0381c, "GL_VARYING_TOTAL_COMPONENTS"),
	S(0x03820, "GL_VARYING_NUM_COMPONENTS"),
	SA(0x03824, "GL_OCCLUSION_QUERY_ADDR"),
	AR(0x03828, "GL_VARYING_COMPONENT_USE", 2),
	S(0x03830, "GL_OCCLUSION_QUERY_CONTROL"),
	S(0x03834, "GL_VARYING_NUM_COMPONENTS2"),
	S(0x03838, "GL_UNK03838"),
	SF(0x0384c, "GL_API_MODE", f_api_mode),
	S(0x03850, "GL_CONTEXT_POINTER"),
	S(0x03854, "GL_UNK03854"),
	S(0x03860, "GL_BUG_FIXES"),
	SA(0x03868, "GL_FENCE_OUT_ADDRESS"),
	S(0x0386c, "GL_FENCE_OUT_DATA_LOW"),
	S(0x03884, "GL_USC_CONTROL"),
	S(0x03888, "GL_HALTI5_SH_SPECIALS"),
	S(0x0388c, "GL_GS_UNK0388C"),
	S(0x03898, "GL_FENCE_OUT_DATA_HIGH"),
	S(0x0389c, "GL_SHADER_INDEX"),
	S(0x03900, "GL_SECURITY_UNK3900"),
	S(0x03904, "GL_SECURITY_UNK3904"),
	S(0x03a00, "GL_UNK03A00"),
	S(0x03a04, "GL_UNK03A04"),
	S(0x03a08, "GL_UNK03A08"),
	S(0x03a0c, "GL_UNK03A0C"),
	S(0x03a10, "GL_UNK03A10"),
	SF(0x03c00, "GL_STALL_TOKEN", f_stall_token),
	/* shader instruction memories and uniforms */
	AR(0x04000, "VS_INST_MEM", 1024),
	ARFL(0x05000, "VS_UNIFORMS", 1024),
	AR(0x06000, "PS_INST_MEM", 1024),
	ARFL(0x07000, "PS_UNIFORMS", 1024),
	AR(0x08000, "SH_INST_MEM_MIRROR", 4096),
	AR(0x0c000, "SH_INST_MEM", 4096),
	/* NTE: texture samplers (new layout) */
	AR(0x10000, "NTE_SAMPLER_CONFIG0", 32),
	ARF(0x10080, "NTE_SAMPLER_SIZE", 32, f_width_height),
	AR(0x10100, "NTE_SAMPLER_LOG_SIZE", 32),
	AR(0x10180, "NTE_SAMPLER_LOD_CONFIG", 32),
	AR(0x10200, "NTE_SAMPLER_UNK10200", 32),
	AR(0x10280, "NTE_SAMPLER_UNK10280", 32),
	AR(0x10300, "NTE_SAMPLER_UNK10300", 32),
	AR(0x10380, "NTE_SAMPLER_CONFIG1", 32),
	AR(0x10400, "NTE_SAMPLER_UNK10400", 32),
	AR(0x10480, "NTE_SAMPLER_UNK10480", 32),
	AR2A(0x10800, "NTE_SAMPLER_ADDR_LOD", 32, 0x40, 14, 4),
	AR(0x12000, "NTE_UNK12000", 256),
	AR(0x12400, "NTE_UNK12400", 256),
	/* DE multi-source blit: BLOCK4 (4 sources), BLOCK8 (8 sources) */
	ARA(0x12800, "DE_BLOCK4_SRC_ADDRESS", 4),
	ARF(0x12810, "DE_BLOCK4_SRC_STRIDE", 4, f_de_stride),
	ARF(0x12820, "DE_BLOCK4_SRC_ROTATION_CONFIG", 4, f_de_rotation_config),
	ARF(0x12830, "DE_BLOCK4_SRC_CONFIG", 4, f_de_src_config),
	ARF(0x12840, "DE_BLOCK4_SRC_ORIGIN", 4, f_xy16),
	ARF(0x12850, "DE_BLOCK4_SRC_SIZE", 4, f_xy16),
	ARF(0x12860, "DE_BLOCK4_SRC_COLOR_BG", 4, f_bgra8),
	ARF(0x12870, "DE_BLOCK4_ROP", 4, f_de_rop),
	ARF(0x12880, "DE_BLOCK4_ALPHA_CONTROL", 4, f_de_alpha_control),
	ARF(0x12890, "DE_BLOCK4_ALPHA_MODES", 4, f_de_alpha_modes),
	ARA(0x128a0, "DE_BLOCK4_ADDRESS_U", 4),
	ARF(0x128b0, "DE_BLOCK4_STRIDE_U", 4, f_de_stride),
	ARA(0x128c0, "DE_BLOCK4_ADDRESS_V", 4),
	ARF(0x128d0, "DE_BLOCK4_STRIDE_V", 4, f_de_stride),
	ARF(0x128e0, "DE_BLOCK4_SRC_ROTATION_HEIGHT", 4, f_de_height),
	ARF(0x128f0, "DE_BLOCK4_ROT_ANGLE", 4, f_de_rot_angle),
	ARF(0x12900, "DE_BLOCK4_GLOBAL_SRC_COLOR", 4, f_bgra8),
	ARF(0x12910, "DE_BLOCK4_GLOBAL_DEST_COLOR", 4, f_bgra8),
	ARF(0x12920, "DE_BLOCK4_COLOR_MULTIPLY_MODES", 4, f_de_color_multiply),
	ARF(0x12930, "DE_BLOCK4_TRANSPARENCY", 4, f_de_pe_transparency),
	ARF(0x12940, "DE_BLOCK4_CONTROL", 4, f_de_pe_control),
	AR(0x12950, "DE_BLOCK4_SRC_COLOR_KEY_HIGH", 4),
	ARF(0x12960, "DE_BLOCK4_SRC_EX_CONFIG", 4, f_de_src_ex_config),
	ARA(0x12970, "DE_BLOCK4_SRC_EX_ADDRESS", 4),
	ARA(0x12a00, "DE_BLOCK8_SRC_ADDRESS", 8),
	ARF(0x12a20, "DE_BLOCK8_SRC_STRIDE", 8, f_de_stride),
	ARF(0x12a40, "DE_BLOCK8_SRC_ROTATION_CONFIG", 8, f_de_rotation_config),
	ARF(0x12a60, "DE_BLOCK8_SRC_CONFIG", 8, f_de_src_config),
	ARF(0x12a80, "DE_BLOCK8_SRC_ORIGIN", 8, f_xy16),
	ARF(0x12aa0, "DE_BLOCK8_SRC_SIZE", 8, f_xy16),
	ARF(0x12ac0, "DE_BLOCK8_SRC_COLOR_BG", 8, f_bgra8),
	ARF(0x12ae0, "DE_BLOCK8_ROP", 8, f_de_rop),
	ARF(0x12b00, "DE_BLOCK8_ALPHA_CONTROL", 8, f_de_alpha_control),
	ARF(0x12b20, "DE_BLOCK8_ALPHA_MODES", 8, f_de_alpha_modes),
	ARA(0x12b40, "DE_BLOCK8_ADDRESS_U", 8),
	ARF(0x12b60, "DE_BLOCK8_STRIDE_U", 8, f_de_stride),
	ARA(0x12b80, "DE_BLOCK8_ADDRESS_V", 8),
	ARF(0x12ba0, "DE_BLOCK8_STRIDE_V", 8, f_de_stride),
	ARF(0x12bc0, "DE_BLOCK8_SRC_ROTATION_HEIGHT", 8, f_de_height),
	ARF(0x12be0, "DE_BLOCK8_ROT_ANGLE", 8, f_de_rot_angle),
	ARF(0x12c00, "DE_BLOCK8_GLOBAL_SRC_COLOR", 8, f_bgra8),
	ARF(0x12c20, "DE_BLOCK8_GLOBAL_DEST_COLOR", 8, f_bgra8),
	ARF(0x12c40, "DE_BLOCK8_COLOR_MULTIPLY_MODES", 8, f_de_color_multiply),
	ARF(0x12c60, "DE_BLOCK8_TRANSPARENCY", 8, f_de_pe_transparency),
	ARF(0x12c80, "DE_BLOCK8_CONTROL", 8, f_de_pe_control),
	AR(0x12ca0, "DE_BLOCK8_SRC_COLOR_KEY_HIGH", 8),
	ARF(0x12cc0, "DE_BLOCK8_SRC_EX_CONFIG", 8, f_de_src_ex_config),
	ARA(0x12ce0, "DE_BLOCK8_SRC_EX_ADDRESS", 8),
	/* BLT: blit engine (GC7000) */
	SA(0x14000, "BLT_SRC_ADDR"),
	SF(0x14008, "BLT_SRC_STRIDE", f_blt_stride),
	S(0x1400c, "BLT_SRC_CONFIG"),
	SA(0x14010, "BLT_SRC_TS"),
	S(0x14014, "BLT_UNK14014"),
	SA(0x14018, "BLT_DEST_ADDR"),
	SA(0x14020, "BLT_DEST_TS"),
	SF(0x14024, "BLT_DEST_STRIDE", f_blt_stride),
	S(0x14028, "BLT_DEST_CONFIG"),
	S(0x1402c, "BLT_UNK1402C"),
	SF(0x14030, "BLT_SRC_SIZE", f_width_height),
	S(0x14034, "BLT_SRC_TS_CLEAR_VALUE0"),
	S(0x14038, "BLT_SRC_TS_CLEAR_VALUE1"),
	S(0x1403c, "BLT_CLEAR_COLOR_UNK1403C"),
	S(0x14040, "BLT_CLEAR_COLOR_UNK14040"),
	S(0x14044, "BLT_CLEAR_COLOR_UNK14044"),
	S(0x14048, "BLT_CLEAR_COLOR_UNK14048"),
	S(0x1404c, "BLT_UNK1404C"),
	S(0x14050, "BLT_UNK14050"),
	S(0x14054, "BLT_BUFFER_SIZE"),
	S(0x14058, "BLT_UNK14058"),
	S(0x1405c, "BLT_UNK1405C"),
	SF(0x14060, "BLT_COMMAND", f_blt_command),
	S(0x14064, "BLT_UNK14064"),
	S(0x1409c, "BLT_UNK1409C"),
	S(0x140a0, "BLT_UNK140A0"),
	SA(0x140a4, "BLT_FENCE_OUT_ADDRESS"),
	S(0x140a8, "BLT_FENCE_OUT_DATA_LOW"),
	S(0x140ac, "BLT_SET_COMMAND"),
	S(0x140b0, "BLT_UNK140B0"),
	S(0x140b4, "BLT_FENCE_OUT_DATA_HIGH"),
	SF(0x140b8, "BLT_ENABLE", f_enable0),
	S(0x140bc, "BLT_SWIZZLE"),
	ARA(0x140c0, "BLT_MIP_ADDR", 13),
	SA(0x140f4, "BLT_SRC_END"),
	AR(0x14300, "BLT_MIP_STRIDE", 13),
	SA(0x14334, "BLT_DEST_END"),
	/* NFE: vertex streams and generic attributes (HALTI2+) */
	ARA(0x14600, "NFE_VERTEX_STREAMS_BASE_ADDR", 16),
	ARF(0x14640, "NFE_VERTEX_STREAMS_CONTROL", 16, f_vertex_stream_control),
	AR(0x14680, "NFE_VERTEX_STREAMS_VERTEX_DIVISOR", 16),
	AR(0x146c0, "NFE_VERTEX_STREAMS_ROBUSTNESS_UNK146C0", 16),
	S(0x14c44, "NTE_DESCRIPTOR_FLUSH"),
	AR(0x17800, "NFE_GENERIC_ATTRIB_CONFIG0", 32),
	AR(0x17880, "NFE_GENERIC_ATTRIB_UNK17880", 32),
	AR(0x17900, "NFE_GENERIC_ATTRIB_UNK17900", 32),
	AR(0x17980, "NFE_GENERIC_ATTRIB_UNK17980", 32),
	ARFL(0x17a00, "NFE_GENERIC_ATTRIB_SCALE", 32),
	AR(0x17a80, "NFE_GENERIC_ATTRIB_CONFIG1", 32),
	AR(0x20000, "SH_UNK20000", 8192),
	/* a harmless target for padding loads */
	S(0x3fffc, "DUMMY"),
};

unsigned int etna_nr_states(void)
{
	return ETNA_ARRAY_SIZE(states);
}

const struct etna_state *etna_state_at_index(unsigned int i)
{
	return i < ETNA_ARRAY_SIZE(states) ? &states[i] : NULL;
}

/* Byte just past the last element of @s. */
static uint32_t state_end(const struct etna_state *s)
{
	uint32_t end = s->addr + (s->count - 1) * s->stride + 4;

	if (s->count2)
		end += (s->count2 - 1) * s->stride2;
	return end;
}

/* Whether @addr is element (i, j) of @s. */
static bool state_index(const struct etna_state *s, uint32_t addr,
			unsigned int *i, unsigned int *j)
{
	uint32_t off, jj = 0;

	if (addr < s->addr || addr >= state_end(s))
		return false;
	off = addr - s->addr;
	if (s->count2) {
		/* the larger stride is the outer index */
		uint32_t outer = s->stride > s->stride2 ? s->stride : s->stride2;
		uint32_t inner = s->stride > s->stride2 ? s->stride2 : s->stride;
		uint32_t no = s->stride > s->stride2 ? s->count : s->count2;
		uint32_t ni = s->stride > s->stride2 ? s->count2 : s->count;
		uint32_t a = off / outer, b = off % outer;

		if (b % inner || a >= no || b / inner >= ni)
			return false;
		b /= inner;
		if (s->stride > s->stride2) {
			*i = a;
			jj = b;
		} else {
			*i = b;
			jj = a;
		}
	} else {
		if (off % s->stride || off / s->stride >= s->count)
			return false;
		*i = off / s->stride;
	}
	*j = jj;
	return true;
}

const struct etna_state *etna_state_find(uint32_t addr, unsigned int *i,
					 unsigned int *j)
{
	unsigned int lo = 0, hi = ETNA_ARRAY_SIZE(states), ii, jj;

	if (addr & 3)
		return NULL;
	/* last state starting at or below addr; arrays do not interleave */
	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (states[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || !state_index(&states[lo - 1], addr, &ii, &jj))
		return NULL;
	if (i)
		*i = ii;
	if (j)
		*j = jj;
	return &states[lo - 1];
}

bool etna_state_name(uint32_t addr, char *buf, size_t size)
{
	const struct etna_state *s;
	unsigned int i, j;

	s = etna_state_find(addr, &i, &j);
	if (!s)
		return false;
	if (s->count2)
		snprintf(buf, size, "%s[%u][%u]", s->name, i, j);
	else if (s->count > 1)
		snprintf(buf, size, "%s[%u]", s->name, i);
	else
		snprintf(buf, size, "%s", s->name);
	return true;
}

/* Parse "[N]" at *p; advances *p. */
static bool parse_index(const char **p, unsigned long *v)
{
	char *end;

	if (**p != '[' || !isdigit((unsigned char)(*p)[1]))
		return false;
	*v = strtoul(*p + 1, &end, 0);
	if (*end != ']')
		return false;
	*p = end + 1;
	return true;
}

bool etna_state_lookup(const char *name, uint32_t *addr)
{
	size_t len = strcspn(name, "[");
	unsigned long i = 0, j = 0;
	const char *p = name + len;
	unsigned int k;

	for (k = 0; k < ETNA_ARRAY_SIZE(states); k++) {
		const struct etna_state *s = &states[k];

		if (strlen(s->name) != len || strncasecmp(s->name, name, len))
			continue;
		if (s->count > 1 || s->count2) {
			if (!parse_index(&p, &i) || i >= s->count)
				return false;
			if (s->count2 &&
			    (!parse_index(&p, &j) || j >= s->count2))
				return false;
		}
		if (*p)
			return false;
		*addr = s->addr + i * s->stride + j * s->stride2;
		return true;
	}
	return false;
}

const char *etna_enum_name(const struct etna_enum *e, uint32_t v)
{
	return e && v < e->count ? e->names[v] : NULL;
}

bool etna_enum_value(const struct etna_enum *e, const char *name,
		     uint32_t *v)
{
	unsigned int i;

	for (i = 0; e && i < e->count; i++) {
		if (e->names[i] && !strcasecmp(e->names[i], name)) {
			*v = i;
			return true;
		}
	}
	return false;
}

static uint32_t field_mask(const struct etna_field *f)
{
	return (f->width >= 32 ? ~0u : (1u << f->width) - 1) << f->shift;
}

void etna_append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n;
}

void etna_state_describe(uint32_t addr, uint32_t value, char *buf,
			 size_t size)
{
	const struct etna_state *s = etna_state_find(addr, NULL, NULL);
	const struct etna_field *f;
	uint32_t known = 0;
	size_t len = 0;

	buf[0] = '\0';
	if (!s)
		return;
	if (s->type == ETNA_T_FLOAT) {
		float fl;

		memcpy(&fl, &value, sizeof(fl));
		etna_append(buf, size, &len, "%g", fl);
		return;
	}
	/* a zero says something only about a state with a single field */
	if (!s->fields || (!value && s->fields[0].name && s->fields[1].name))
		return;
	for (f = s->fields; f->name; f++) {
		uint32_t v = (value & field_mask(f)) >> f->shift;
		const char *name = etna_enum_name(f->values, v);

		known |= field_mask(f);
		if (f->width == 1 && !f->values) {
			if (v)
				etna_append(buf, size, &len, "%s%s", len ? " " : "",
				       f->name);
		} else if (f->quiet && !v) {
			continue;
		} else if (name) {
			etna_append(buf, size, &len, "%s%s=%s", len ? " " : "",
			       f->name, name);
		} else if (v) {
			etna_append(buf, size, &len, f->hex ? "%s%s=0x%x" : "%s%s=%u",
			       len ? " " : "", f->name, v);
		}
	}
	if (value & ~known)
		etna_append(buf, size, &len, "%sunknown=0x%x", len ? " " : "",
		       value & ~known);
}

bool etna_state_value_term(uint32_t addr, const char *term, uint32_t *value,
			   char *err, size_t errsize)
{
	const struct etna_state *s = etna_state_find(addr, NULL, NULL);
	const char *eq = strchr(term, '=');
	size_t len = eq ? (size_t)(eq - term) : strlen(term);
	const struct etna_field *f;

	if (!s || !s->fields) {
		snprintf(err, errsize, "state has no named fields");
		return false;
	}
	for (f = s->fields; f->name; f++) {
		uint32_t v;
		char *end;

		if (strlen(f->name) != len || strncasecmp(f->name, term, len))
			continue;
		if (!eq) {
			if (f->width != 1 || f->values) {
				snprintf(err, errsize,
					 "field %s needs a value (%s=...)",
					 f->name, f->name);
				return false;
			}
			*value = 1u << f->shift;
			return true;
		}
		if (!etna_enum_value(f->values, eq + 1, &v)) {
			if (!isdigit((unsigned char)eq[1])) {
				snprintf(err, errsize, "no value %s for field %s",
					 eq + 1, f->name);
				return false;
			}
			v = strtoul(eq + 1, &end, 0);
			if (*end) {
				snprintf(err, errsize, "bad number '%s'", eq + 1);
				return false;
			}
		}
		if (f->width < 32 && v >> f->width) {
			snprintf(err, errsize,
				 "value %u out of range for field %s (%u bits)",
				 v, f->name, f->width);
			return false;
		}
		*value = v << f->shift;
		return true;
	}
	snprintf(err, errsize, "no field %.*s in this state", (int)len, term);
	return false;
}

/* ---------------------------------------------------------------------- */
/* The commands */

/* Operand helpers: O(name, word, high, low, kind) */
#define OPND(n, w, hi, lo, k, opt, e) \
	{ n, w, lo, (hi) - (lo) + 1, k, opt, false, e, 0, 0, 0 }
#define O(n, w, hi, lo, k)	OPND(n, w, hi, lo, k, false, NULL)
#define OPT(n, w, hi, lo, k)	OPND(n, w, hi, lo, k, true, NULL)
#define OE(n, w, hi, lo, e)	OPND(n, w, hi, lo, ETNA_K_ENUM, false, &e)
#define OF(n, w, pos)		OPND(n, w, pos, pos, ETNA_K_FLAG, true, NULL)

static const struct etna_operand op_end[] = {
	OPT("id", 0, 4, 0, ETNA_K_DEC),
	OF("EVENT", 0, 8),
};

static const struct etna_operand op_draw_2d[] = {
	{ "count", 0, 8, 8, ETNA_K_DEC, false, true, NULL, 0, 0, 0 },
	O("data", 0, 26, 16, ETNA_K_DEC),
};

static const struct etna_operand op_draw_primitives[] = {
	OE("type", 1, 31, 0, primitive_type),
	O("start", 2, 31, 0, ETNA_K_DEC),
	O("count", 3, 31, 0, ETNA_K_DEC),
};

static const struct etna_operand op_draw_indexed[] = {
	OE("type", 1, 31, 0, primitive_type),
	O("start", 2, 31, 0, ETNA_K_DEC),
	O("count", 3, 31, 0, ETNA_K_DEC),
	O("offset", 4, 31, 0, ETNA_K_DEC),
};

static const struct etna_operand op_wait[] = {
	O("delay", 0, 15, 0, ETNA_K_DEC),
};

static const struct etna_operand op_link[] = {
	O("prefetch", 0, 15, 0, ETNA_K_DEC),
	O("address", 1, 31, 0, ETNA_K_HEX),
};

static const struct etna_operand op_stall[] = {
	OE("from", 1, 4, 0, etna_sync_recipients),
	OE("to", 1, 12, 8, etna_sync_recipients),
};

static const struct etna_operand op_call[] = {
	O("prefetch", 0, 15, 0, ETNA_K_DEC),
	O("address", 1, 31, 0, ETNA_K_HEX),
	O("return_prefetch", 2, 31, 0, ETNA_K_DEC),
	O("return_address", 3, 31, 0, ETNA_K_HEX),
};

static const struct etna_operand op_draw_instanced[] = {
	OE("type", 0, 19, 16, primitive_type),
	OF("INDEXED", 0, 20),
	{ "instances", 0, 0, 16, ETNA_K_DEC, false, false, NULL, 1, 24, 8 },
	O("count", 1, 23, 0, ETNA_K_DEC),
	O("start", 2, 31, 0, ETNA_K_DEC),
};

static const struct etna_operand op_chip_select[] = {
	O("chips", 0, 15, 0, ETNA_K_HEX),
};

/* header b17:16 are of unknown use: written as unk= */
static const struct etna_operand op_wait_fence[] = {
	O("count", 0, 15, 0, ETNA_K_DEC),
	O("address", 1, 31, 0, ETNA_K_HEX),
};

static const struct etna_operand op_draw_indirect[] = {
	OE("type", 0, 3, 0, primitive_type),
	OF("INDEXED", 0, 8),
	O("address", 1, 31, 0, ETNA_K_HEX),
};

#define CMD(o, n, w, ops)	{ o, n, w, ops, ETNA_ARRAY_SIZE(ops) }
#define CMD0(o, n, w)		{ o, n, w, NULL, 0 }

static const struct etna_opcode opcodes[] = {
	CMD0(ETNA_OP_LOAD_STATE, "LOAD_STATE", 0),
	CMD(ETNA_OP_END, "END", 2, op_end),
	CMD0(ETNA_OP_NOP, "NOP", 2),
	CMD(ETNA_OP_DRAW_2D, "DRAW_2D", 0, op_draw_2d),
	CMD(ETNA_OP_DRAW_PRIMITIVES, "DRAW_PRIMITIVES", 4, op_draw_primitives),
	CMD(ETNA_OP_DRAW_INDEXED_PRIMITIVES, "DRAW_INDEXED_PRIMITIVES", 6,
	    op_draw_indexed),
	CMD(ETNA_OP_WAIT, "WAIT", 2, op_wait),
	CMD(ETNA_OP_LINK, "LINK", 2, op_link),
	CMD(ETNA_OP_STALL, "STALL", 2, op_stall),
	CMD(ETNA_OP_CALL, "CALL", 4, op_call),
	CMD0(ETNA_OP_RETURN, "RETURN", 2),
	CMD(ETNA_OP_DRAW_INSTANCED, "DRAW_INSTANCED", 4, op_draw_instanced),
	CMD(ETNA_OP_CHIP_SELECT, "CHIP_SELECT", 2, op_chip_select),
	CMD(ETNA_OP_WAIT_FENCE, "WAIT_FENCE", 2, op_wait_fence),
	CMD(ETNA_OP_DRAW_INDIRECT, "DRAW_INDIRECT", 2, op_draw_indirect),
	CMD0(ETNA_OP_SNAP_PAGES, "SNAP_PAGES", 2),	/* b4:0 unknown */
};

unsigned int etna_nr_opcodes(void)
{
	return ETNA_ARRAY_SIZE(opcodes);
}

const struct etna_opcode *etna_opcode_at(unsigned int i)
{
	return i < ETNA_ARRAY_SIZE(opcodes) ? &opcodes[i] : NULL;
}

const struct etna_opcode *etna_opcode_by_op(unsigned int op)
{
	unsigned int i;

	for (i = 0; i < ETNA_ARRAY_SIZE(opcodes); i++)
		if (opcodes[i].op == op)
			return &opcodes[i];
	return NULL;
}

const struct etna_opcode *etna_opcode_by_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < ETNA_ARRAY_SIZE(opcodes); i++)
		if (!strcasecmp(opcodes[i].name, name))
			return &opcodes[i];
	return NULL;
}

unsigned int etna_cmd_words(uint32_t hdr)
{
	const struct etna_opcode *op = etna_opcode_by_op(ETNA_OP(hdr));
	unsigned int n;

	if (!op)
		return 2;
	switch (op->op) {
	case ETNA_OP_LOAD_STATE:
		n = (hdr >> ETNA_LS_COUNT_SHIFT) & ETNA_LS_COUNT_MASK;
		if (!n)
			n = ETNA_LS_MAX_COUNT;
		return (1 + n + 1) & ~1u;
	case ETNA_OP_DRAW_2D:
		n = (hdr >> ETNA_D2D_COUNT_SHIFT) & ETNA_D2D_COUNT_MASK;
		if (!n)
			n = ETNA_D2D_MAX_COUNT;
		return 2 + 2 * n +
		       ((((hdr >> ETNA_D2D_DATA_SHIFT) & ETNA_D2D_DATA_MASK) +
			 1) & ~1u);
	default:
		return op->words;
	}
}

static uint32_t bits(unsigned int width)
{
	return width >= 32 ? ~0u : (1u << width) - 1;
}

uint32_t etna_operand_mask(const struct etna_opcode *op, unsigned int word)
{
	uint32_t mask = word ? 0 : 0xf8000000u;
	unsigned int i;

	if (op->op == ETNA_OP_LOAD_STATE)
		return ~0u;	/* header fields and values cover every bit */
	for (i = 0; i < op->nr_operands; i++) {
		const struct etna_operand *o = &op->operands[i];

		if (o->word == word)
			mask |= bits(o->width) << o->shift;
		if (o->hi_width && o->hi_word == word)
			mask |= bits(o->hi_width) << o->hi_shift;
	}
	return mask;
}

uint32_t etna_operand_get(const struct etna_operand *o, const uint32_t *w)
{
	uint32_t v = (w[o->word] >> o->shift) & bits(o->width);

	if (o->hi_width)
		v |= ((w[o->hi_word] >> o->hi_shift) & bits(o->hi_width))
		     << o->width;
	if (o->zero_is_max && !v)
		v = 1u << o->width;
	return v;
}

uint32_t etna_operand_max(const struct etna_operand *o)
{
	unsigned int width = o->width + o->hi_width;

	if (o->zero_is_max)
		return 1u << width;
	return bits(width);
}

bool etna_operand_put(const struct etna_operand *o, uint32_t *w, uint32_t v)
{
	if (v > etna_operand_max(o) || (o->zero_is_max && !v))
		return false;
	if (o->zero_is_max && v == 1u << o->width)
		v = 0;
	w[o->word] &= ~(bits(o->width) << o->shift);
	w[o->word] |= (v & bits(o->width)) << o->shift;
	if (o->hi_width) {
		w[o->hi_word] &= ~(bits(o->hi_width) << o->hi_shift);
		w[o->hi_word] |= ((v >> o->width) & bits(o->hi_width))
				 << o->hi_shift;
	}
	return true;
}
