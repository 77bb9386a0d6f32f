// SPDX-License-Identifier: GPL-2.0-only
/*
 * Identities of the modelled cores.
 *
 * Sources: feature and minor-feature words are the values the Vivante HAL
 * reported on these parts, as collected in etna_viv tools/data/gpus.json,
 * and, for GC7000 r6214, the hardware database of Linux 6.1
 * (drivers/gpu/drm/etnaviv/etnaviv_hwdb.c). The SPECS words are those
 * HAL values re-encoded into the register layout of state_hi.xml.
 * Dates, times and customer/product/ECO ids of the i.MX6 and Dove parts
 * are not public: they read 0, except GC320 r5303 whose date 0x20140511
 * is the one the etnaviv driver keys its ECO fix-up on.
 * GC880 r5106 (i.MX6DL): no public HAL dump was found; its words are
 * inferred from GC2000 r5108 of the same generation with one shader core
 * and one pixel pipe.
 * GC3000 r5450 (i.MX6QP, which reads CHIP_MODEL 0x2000 and CHIP_REV
 * 0xffff5450): FEATURE and MINOR_FEATURE_0..5 and the decoded specs (16
 * streams, 64 registers, 1024 threads, vertex cache 16, 4 shader cores, 2
 * pixel pipes, VOB 1024, 256 instructions, 320 constants, 16 varyings) as
 * Linux reports them on the part, recorded in Mesa's etnaviv drm-shim
 * (src/etnaviv/drm-shim/etnaviv_noop.c); the SPECS words encode those.
 * GC3000 r5450 and GC320 r5303 have MINOR_FEATURE_1 bit 28 (MMU_VERSION):
 * both are MMUv2 cores, without the security block.
 */
#include "vgc.h"

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

static const struct vgc_ident idents[] = {
	{
		.name = "gc2000",	/* i.MX6Q/D 3D */
		.model = 0x2000, .revision = 0x5108,
		.features = 0xe0296cad,
		.minor = { 0xc9799eff, 0x2efbf2d9, 0, 0, 0, 0 },
		.specs = { 0x94410a68, 0x00a80000, 0, 0 },
		.pipes = VGC_PIPE_3D,
	}, {
		.name = "gc320",	/* i.MX6 2D */
		.model = 0x0320, .revision = 0x5007,
		.features = 0xe02c7eca,
		.minor = { 0xc1399eff, 0x020fb2db, 0, 0, 0, 0 },
		.specs = { 0xa4410a61, 0x01000008, 0, 0 },
		.pipes = VGC_PIPE_2D,
	}, {
		.name = "gc355",	/* i.MX6Q/D VG */
		.model = 0x0355, .revision = 0x1215,
		.features = 0x1e2c7cc8,
		.minor = { 0x0024207f, 0, 0x00010104, 0, 0, 0 },
		.pipes = VGC_PIPE_VG,
	}, {
		.name = "gc880",	/* i.MX6DL/S 3D (inferred, see above) */
		.model = 0x0880, .revision = 0x5106,
		.features = 0xe0296cad,
		.minor = { 0xc9799eff, 0x2efbf2d9, 0, 0, 0, 0 },
		.specs = { 0x92108964, 0x00a80000, 0, 0 },
		.pipes = VGC_PIPE_3D,
	}, {
		.name = "gc600",	/* Marvell Dove: 2D and 3D in one core */
		.model = 0x0600, .revision = 0x0019,
		.features = 0x00087ecd,
		.minor = { 0x00000007, 0, 0, 0, 0, 0 },
		.pipes = VGC_PIPE_2D | VGC_PIPE_3D,
		.no_product_regs = true,
	}, {
		.name = "gc7000",	/* i.MX8MQ GC7000L: MMUv2, security */
		.model = 0x7000, .revision = 0x6214,
		.features = 0xe0287cad,
		.minor = { 0xc1799eff, 0xfefbfad9, 0xeb9d4fbf, 0xedfffced,
			   0xdb0dafc7, 0xbb5ac333 },
		.specs = { 0xa4410a60, 0x02400000, 0x00000100, 0x00010000 },
		.pipes = VGC_PIPE_3D,
		.security = true,	/* hwdb MINOR7 b21, MINOR10 b14 */
	}, {
		.name = "gc3000",	/* i.MX6QP: reports itself as GC2000 */
		.model = 0x2000, .revision = 0xffff5450,
		.features = 0xe0287cad,
		.minor = { 0xc9799efb, 0xfefbfadb, 0xeb9d4bbf, 0xedffdced,
			   0x930d2f47, 0x10000133 },
		.specs = { 0xa4410a60, 0x01400000, 0x00000100, 0x00010000 },
		.pipes = VGC_PIPE_3D,
	}, {
		.name = "gc320-5303",	/* i.MX6QP 2D: MMUv2 */
		.model = 0x0320, .revision = 0x5303, .date = 0x20140511,
		.features = 0xe02c7eca,
		.minor = { 0xe9399eff, 0xfe1fb2db, 0xceff0080, 0x10000005,
			   0, 0 },
		.pipes = VGC_PIPE_2D,
	}, {
		.name = "gc355-1216",	/* i.MX6QP VG */
		.model = 0x0355, .revision = 0x1216,
		.features = 0x1e2c7cc8,
		.minor = { 0x0024207f, 0, 0x01010104, 0, 0, 0 },
		.pipes = VGC_PIPE_VG,
	},
};

unsigned int vgc_ident_count(void)
{
	return ARRAY_SIZE(idents);
}

const struct vgc_ident *vgc_ident_at(unsigned int i)
{
	return i < vgc_ident_count() ? &idents[i] : NULL;
}

const struct vgc_ident *vgc_ident_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < vgc_ident_count(); i++)
		if (!strcmp(idents[i].name, name))
			return &idents[i];
	return NULL;
}
