// SPDX-License-Identifier: MIT
/*
 * etnaviv-info: what the etnaviv driver reports about each GPU core:
 * identity, feature bits by name, specs. Through libetnaviv.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etnaviv.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Names of the feature bits (the hardware's, as in Vivante's common.xml),
 * per feature word; words 3 and up are only partly named.
 */
static const char *const features_0[32] = {
	"FAST_CLEAR", "SPECIAL_ANTI_ALIASING", "PIPE_3D", "DXT",
	"DEBUG_MODE", "Z_COMPRESSION", "YUV420_SCALER", "MSAA",
	"DC", "PIPE_2D", "ETC1", "FAST_SCALER",
	"HDR", "YUV420_TILER", "MODULE_CG", "MIN_AREA",
	"NO_EARLY_Z", "NO_422_TEXTURE", "BUFFER_INTERLEAVING", "BYTE_WRITE_2D",
	"NO_SCALER", "YUY2_AVERAGING", "HALF_PE_CACHE", "HALF_TX_CACHE",
	"YUY2_RENDER_TARGET", "MEM32", "PIPE_VG", "VGTS",
	"FE20", "BYTE_WRITE_3D", "RS_YUV_TARGET", "32_BIT_INDICES",
};

static const char *const minor_0[32] = {
	"FLIP_Y", "DUAL_RETURN_BUS", "ENDIANNESS_CONFIG", "TEXTURE_8K",
	"CORRECT_TEXTURE_CONVERTER", "SPECIAL_MSAA_LOD", "FAST_CLEAR_FLUSH",
	"2DPE20", "CORRECT_AUTO_DISABLE", "RENDERTARGET_8K", "2BITPERTILE",
	"SEPARATE_TILE_STATUS_WHEN_INTERLEAVED", "SUPER_TILED", "VG_20",
	"TS_EXTENDED_COMMANDS", "COMPRESSION_FIFO_FIXED",
	"HAS_SIGN_FLOOR_CEIL", "VG_FILTER", "VG_21", "SHADER_HAS_W",
	"HAS_SQRT_TRIG", "MORE_MINOR_FEATURES", "MC20", "MSAA_SIDEBAND",
	"BUG_FIXES0", "VAA", "BYPASS_IN_MSAA", "HZ",
	"NEW_TEXTURE", "2D_A8_TARGET", "CORRECT_STENCIL", "ENHANCE_VR",
};

static const char *const minor_1[32] = {
	"RSUV_SWIZZLE", "V2_COMPRESSION", "VG_DOUBLE_BUFFER",
	"EXTRA_EVENT_STATES", "NO_STRIPING_NEEDED", "TEXTURE_STRIDE",
	"BUG_FIXES3", "AUTO_DISABLE", "AUTO_RESTART_TS", "DISABLE_PE_GATING",
	"L2_WINDOWING", "HALF_FLOAT", "PIXEL_DITHER", "TWO_STENCIL_REFERENCE",
	"EXTENDED_PIXEL_FORMAT", "CORRECT_MIN_MAX_DEPTH", "2D_DITHER",
	"BUG_FIXES5", "NEW_2D", "NEW_FLOATING_POINT_ARITHMETIC",
	"TEXTURE_HALIGN", "NON_POWER_OF_TWO", "LINEAR_TEXTURE_SUPPORT",
	"HALTI0", "CORRECT_OVERFLOW_VG", "NEGATIVE_LOG_FIX", "RESOLVE_OFFSET",
	"OK_TO_GATE_AXI_CLOCK", "MMU_VERSION", "WIDE_LINE", "BUG_FIXES6",
	"FC_FLUSH_STALL",
};

static const char *const minor_2[32] = {
	"LINE_LOOP", "LOGIC_OP", "SEAMLESS_CUBE_MAP", "SUPERTILED_TEXTURE",
	"LINEAR_PE", "RECT_PRIMITIVE", "COMPOSITION",
	"CORRECT_AUTO_DISABLE_COUNT", "PE_SWIZZLE", "END_EVENT", "S1S8",
	"HALTI1", "RGB888", "TX_YUV_ASSEMBLER", "DYNAMIC_FREQUENCY_SCALING",
	"TX_FILTER", "FULL_DIRECTX", "2D_TILING", "THREAD_WALKER_IN_PS",
	"TILE_FILLER", "YUV_STANDARD", "2D_MULTI_SOURCE_BLIT",
	"YUV_CONVERSION", "FLUSH_FIXED_2D", "INTERLEAVER", "MIXED_STREAMS",
	"2D_420_L2CACHE", "BUG_FIXES7", "2D_NO_INDEX8_BRUSH",
	"TEXTURE_TILED_READ", "DECOMPRESS_Z16", "BUG_FIXES8",
};

static const char *const minor_3[32] = {
	[2] = "2D_MULTI_SOURCE_BLT_EX", [12] = "BUG_FIXES12",
	[23] = "2D_FC_SOURCE",
};

static const char *const minor_5[32] = { [31] = "BLT_ENGINE" };
static const char *const minor_7[32] = { [21] = "BIT_SECURITY" };
static const char *const minor_10[32] = { [14] = "SECURITY_AHB" };

static const char *const *const feature_names[13] = {
	features_0, minor_0, minor_1, minor_2, minor_3, NULL, minor_5,
	NULL, minor_7, NULL, NULL, minor_10, NULL,
};

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--device PATH] [--help]\n"
		"Show each GPU core of the etnaviv device: identity, features\n"
		"and minor features by name (unnamed bits as bitN), specs.\n"
		"  -d, --device PATH  the DRM node (default: the first etnaviv one)\n"
		"  -h, --help         this text\n", argv0);
}

/* One feature word: its value, then the names of the bits set. */
static void print_features(const char *title, uint32_t value,
			   const char *const *names)
{
	unsigned int bit, col = 0;

	printf("  %-10s 0x%08x", title, value);
	for (bit = 0; bit < 32; bit++) {
		char buf[48];

		if (!(value & (1u << bit)))
			continue;
		if (names && names[bit])
			snprintf(buf, sizeof(buf), "%s", names[bit]);
		else
			snprintf(buf, sizeof(buf), "bit%u", bit);
		if (col && col + strlen(buf) > 66) {
			printf("\n  %-10s           ", "");
			col = 0;
		}
		printf(" %s", buf);
		col += strlen(buf) + 1;
	}
	printf("\n");
}

static void print_gpu(const struct etnaviv_gpu_info *in)
{
	static const char *const pipes[] = { "3D", "2D", "VG" };
	const struct {
		const char *name;
		uint32_t value;
	} specs[] = {
		{ "stream count", in->stream_count },
		{ "register max", in->register_max },
		{ "thread count", in->thread_count },
		{ "shader cores", in->shader_core_count },
		{ "pixel pipes", in->pixel_pipes },
		{ "vertex cache", in->vertex_cache_size },
		{ "vertex output buffer", in->vertex_output_buffer_size },
		{ "buffer size", in->buffer_size },
		{ "instruction count", in->instruction_count },
		{ "num constants", in->num_constants },
		{ "varyings", in->num_varyings },
	};
	static const uint32_t pipe_bits[] = {
		ETNAVIV_FEATURE_PIPE_3D, ETNAVIV_FEATURE_PIPE_2D,
		ETNAVIV_FEATURE_PIPE_VG,
	};
	unsigned int i;
	char title[16];

	printf("pipe %u: GC%x rev 0x%04x ", in->core, in->model, in->revision);
	for (i = 0; i < ARRAY_LEN(pipes); i++)
		if (in->features[0] & pipe_bits[i])
			printf(" [%s]", pipes[i]);
	printf("  MMU%s\n",
	       in->features[2] & ETNAVIV_MINOR1_MMU_V2 ? "v2" : "v1");
	printf("  product 0x%x, customer 0x%x, eco 0x%x\n", in->product_id,
	       in->customer_id, in->eco_id);
	print_features("features", in->features[0], feature_names[0]);
	for (i = 1; i < ARRAY_LEN(in->features); i++) {
		if (!in->features[i])
			continue;
		snprintf(title, sizeof(title), "minor%u", i - 1);
		print_features(title, in->features[i], feature_names[i]);
	}
	printf("  %-10s", "all zero:");
	for (i = 1; i < ARRAY_LEN(in->features); i++)
		if (!in->features[i])
			printf(" minor%u", i - 1);
	printf("\n  specs:");
	for (i = 0; i < ARRAY_LEN(specs); i++)
		printf("%s %s %u", !i ? "" : i % 4 ? "," : ",\n        ",
		       specs[i].name, specs[i].value);
	printf("\n");
	if (in->softpin_start != ~0ull)
		printf("  softpin from 0x%llx\n",
		       (unsigned long long)in->softpin_start);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct etnaviv_device *dev;
	const char *path = NULL;
	unsigned int core, found = 0;
	int c;

	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 0;
		default:
			usage(stderr, argv[0]);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0],
			argv[optind]);
		usage(stderr, argv[0]);
		return 2;
	}
	dev = etnaviv_device_open(path);
	if (!dev) {
		if (!path)
			fprintf(stderr, "%s: no etnaviv DRM device found\n",
				argv[0]);
		else
			fprintf(stderr, "%s: %s: %s\n", argv[0], path,
				errno == ENODEV ? "not an etnaviv DRM device" :
				strerror(errno));
		return 1;
	}
	printf("device: %s\n", etnaviv_device_path(dev));
	for (core = 0; core < ETNAVIV_MAX_CORES; core++) {
		struct etnaviv_gpu *gpu = etnaviv_gpu_open(dev, core);

		if (!gpu) {
			if (errno == ENXIO)
				continue;	/* no core at this index */
			fprintf(stderr, "%s: pipe %u: %s\n", argv[0], core,
				strerror(errno));
			etnaviv_device_close(dev);
			return 1;
		}
		print_gpu(etnaviv_gpu_info(gpu));
		etnaviv_gpu_close(gpu);
		found++;
	}
	etnaviv_device_close(dev);
	if (!found) {
		fprintf(stderr, "%s: no GPU cores\n", argv[0]);
		return 1;
	}
	return 0;
}
