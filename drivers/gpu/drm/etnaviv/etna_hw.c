// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: Identification and quirks
 *
 * A core says what it is through its identity registers: model, revision,
 * feature words and spec words, whose zero fields stand for the default of
 * the core's generation. A few cores do not tell the whole truth. The
 * table etna_hw_cores[] lists them by model and revision (or every
 * revision of a model) with their quirks, ETNA_QUIRK_* flags which the
 * rest of the driver asks through etna_hw_has_quirk(), and, for cores
 * whose feature registers understate them, the words to use instead.
 *
 * The identity is read once, when the device binds the cores, and only
 * read afterwards; GET_PARAM reports it to user space.
 *
 * The table is generated from hw/cores.db, which holds the known cores'
 * facts with their sources. Hardware facts (identity fix-ups, spec
 * defaults) as in Linux 6.1 drivers/gpu/drm/etnaviv/etnaviv_gpu.c; the
 * SPECS fields from rnndb state_hi.xml; feature bits from common.xml.h.
 */
#include <kunit/visibility.h>
#include <linux/bitfield.h>

#include <drm/drm_file.h>

#include "etna_core.h"
#include "etna_drv.h"
#include "etna_regs.h"
#include "etna_vm.h"

/* etna_hw_core.revision matching every revision of the model */
#define ETNA_HW_ANY_REVISION	0xffffffffu

/**
 * struct etna_hw_core - a known core
 * @model: its model
 * @revision: its revision, or ETNA_HW_ANY_REVISION
 * @quirks: ETNA_QUIRK_* flags
 * @ident: the feature and spec words to use instead of the registers', or
 *	NULL
 */
struct etna_hw_core {
	u32 model;
	u32 revision;
	u32 quirks;
	const struct etna_ident *ident;
};

/* etna_hw_cores[], generated from hw/cores.db */
#include "etna_hw_table.h"

/**
 * etna_hw_lookup() - a core in the table of known cores
 * @model: its model
 * @revision: its revision
 * @quirks: set to its ETNA_QUIRK_* flags (0 for an unknown core)
 *
 * Return: the words that replace its registers, or NULL.
 */
VISIBLE_IF_KUNIT const struct etna_ident *etna_hw_lookup(u32 model,
							 u32 revision,
							 u32 *quirks)
{
	const struct etna_hw_core *known;
	unsigned int i;

	*quirks = 0;
	for (i = 0; i < ARRAY_SIZE(etna_hw_cores); i++) {
		known = &etna_hw_cores[i];
		if (known->model != model ||
		    (known->revision != ETNA_HW_ANY_REVISION &&
		     known->revision != revision))
			continue;
		*quirks = known->quirks;
		return known->ident;
	}
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(etna_hw_lookup);

/* Find @core in the table by its identity so far and take its quirks. */
static const struct etna_ident *etna_hw_match(struct etna_core *core)
{
	return etna_hw_lookup(core->id.model, core->id.revision, &core->quirks);
}

/* Spec fields encode 0 as "the default of this generation". */
static void etna_decode_specs(struct etna_core *core)
{
	struct etna_ident *id = &core->id;
	u32 s = 0, s2 = 0, s3 = 0, s4 = 0;

	if (id->minor[0] & ETNA_MINOR0_MORE_MINOR) {
		s = etna_read(core, ETNA_CHIP_SPECS);
		s2 = etna_read(core, ETNA_CHIP_SPECS_2);
		s3 = etna_read(core, ETNA_CHIP_SPECS_3);
		s4 = etna_read(core, ETNA_CHIP_SPECS_4);
	}
	id->stream_count = FIELD_GET(ETNA_SPECS_STREAM_COUNT, s);
	id->register_max = 1 << FIELD_GET(ETNA_SPECS_REGISTER_MAX, s);
	id->thread_count = 1 << FIELD_GET(ETNA_SPECS_THREAD_COUNT, s);
	id->vertex_cache_size = FIELD_GET(ETNA_SPECS_VERTEX_CACHE_SIZE, s);
	id->shader_core_count = FIELD_GET(ETNA_SPECS_SHADER_CORE_COUNT, s);
	id->pixel_pipes = FIELD_GET(ETNA_SPECS_PIXEL_PIPES, s);
	id->vertex_output_buffer_size = 1 << FIELD_GET(ETNA_SPECS_VOB_SIZE, s);
	id->buffer_size = FIELD_GET(ETNA_SPECS2_BUFFER_SIZE, s2);
	id->instruction_count = FIELD_GET(ETNA_SPECS2_INSTRUCTION_COUNT, s2);
	id->num_constants = FIELD_GET(ETNA_SPECS2_NUM_CONSTANTS, s2);
	id->varyings_count = FIELD_GET(ETNA_SPECS3_VARYINGS_COUNT, s3);
	if (FIELD_GET(ETNA_SPECS4_STREAM_COUNT, s4))
		id->stream_count = FIELD_GET(ETNA_SPECS4_STREAM_COUNT, s4);

	/* the defaults of the generations */
	if (!id->stream_count)
		id->stream_count = id->model >= 0x1000 ? 4 : 1;
	if (!FIELD_GET(ETNA_SPECS_REGISTER_MAX, s))
		id->register_max = id->model == 0x400 ? 32 : 64;
	if (!FIELD_GET(ETNA_SPECS_THREAD_COUNT, s))
		id->thread_count = id->model == 0x400 ? 64 :
				   id->model == 0x500 || id->model == 0x530 ?
				   128 : 256;
	if (!id->vertex_cache_size)
		id->vertex_cache_size = 8;
	if (!id->shader_core_count)
		id->shader_core_count = id->model >= 0x1000 ? 2 : 1;
	if (!id->pixel_pipes)
		id->pixel_pipes = 1;
	if (!FIELD_GET(ETNA_SPECS_VOB_SIZE, s))
		id->vertex_output_buffer_size = 512;
	switch (id->instruction_count) {
	case 0:
		id->instruction_count =
			etna_hw_has_quirk(core, ETNA_QUIRK_512_INSTRUCTIONS) ?
			512 : 256;
		break;
	case 1:
		id->instruction_count = 1024;
		break;
	case 2:
		id->instruction_count = 2048;
		break;
	default:
		id->instruction_count = 256;
		break;
	}
	if (!id->num_constants)
		id->num_constants = 168;
	if (!id->varyings_count)
		id->varyings_count = id->minor[1] & ETNA_MINOR1_HALTI0 ? 12 : 8;
	if (etna_hw_has_quirk(core, ETNA_QUIRK_ONE_VARYING_LESS))
		id->varyings_count--;
}

static void etna_hw_read_ident(struct etna_core *core)
{
	struct etna_ident *id = &core->id;
	u32 chip_id = etna_read(core, ETNA_CHIP_IDENTITY);
	bool old_identity = ((chip_id >> 24) & 0xff) == 0x01;
	const struct etna_ident *known;
	struct etna_ident read;

	if (old_identity) {
		/* GC500: identity in the old register */
		id->model = 0x500;
		id->revision = (chip_id >> 12) & 0xf;
	} else {
		id->model = etna_read(core, ETNA_CHIP_MODEL);
		id->revision = etna_read(core, ETNA_CHIP_REV);
		id->customer_id = etna_read(core, ETNA_CHIP_CUSTOMER_ID);
	}
	known = etna_hw_match(core);
	if (!old_identity && !etna_hw_has_quirk(core, ETNA_QUIRK_NO_PRODUCT_ECO)) {
		id->product_id = etna_read(core, ETNA_CHIP_PRODUCT_ID);
		id->eco_id = etna_read(core, ETNA_CHIP_ECO_ID);
	}
	if (etna_hw_has_quirk(core, ETNA_QUIRK_REPORTS_GC2000)) {
		id->model = 0x3000;
		id->revision &= 0xffff;
		known = etna_hw_match(core);
	}
	if (etna_hw_has_quirk(core, ETNA_QUIRK_ECO_BY_DATE) &&
	    etna_read(core, ETNA_CHIP_DATE) == ETNA_ECO1_DATE)
		id->eco_id = 1;

	if (known) {
		/* the table's words, the identity the core reported */
		read = *id;
		*id = *known;
		id->product_id = read.product_id;
		id->customer_id = read.customer_id;
		id->eco_id = read.eco_id;
		return;
	}

	id->features = etna_read(core, ETNA_CHIP_FEATURE);
	id->minor[0] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_0);
	if (id->minor[0] & ETNA_MINOR0_MORE_MINOR) {
		id->minor[1] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_1);
		id->minor[2] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_2);
		id->minor[3] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_3);
		id->minor[4] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_4);
		id->minor[5] = etna_read(core, ETNA_CHIP_MINOR_FEATURE_5);
	}
	etna_decode_specs(core);
}

/**
 * etna_hw_identify() - find out what a bound core is
 * @core: the core
 *
 * Reads the identity and sets the quirks.
 *
 * Return: 0, or -ENXIO if the driver cannot drive this core.
 */
int etna_hw_identify(struct etna_core *core)
{
	etna_hw_read_ident(core);
	dev_info(core->dev, "GC%x rev 0x%04x\n", core->id.model,
		 core->id.revision);
	if ((core->id.features & ETNA_FEAT_PIPE_VG) &&
	    (core->id.features & ETNA_FEAT_FE20)) {
		dev_info(core->dev, "VG cores are not supported\n");
		return -ENXIO;
	}
	/*
	 * An NPU runs through its shader core like a 3D core; the UAPI has
	 * nothing yet for its neural-network and tensor units.
	 */
	if (core->id.nn_core_count)
		dev_warn(core->dev,
			 "an NPU (%u neural-network cores): its user-space interface is experimental\n",
			 core->id.nn_core_count);
	return 0;
}

/**
 * etna_hw_has_mmu_v2() - whether an identified core has an MMUv2
 * @core: the core
 *
 * Return: true for an MMUv2, false for an MMUv1.
 */
bool etna_hw_has_mmu_v2(const struct etna_core *core)
{
	return core->id.minor[1] & ETNA_MINOR1_MMU_V2;
}

/**
 * etna_hw_has_security() - whether an identified core has the security block
 * @core: the core
 *
 * Return: true if it has one.
 */
bool etna_hw_has_security(const struct etna_core *core)
{
	return core->id.minor[7] & ETNA_MINOR7_BIT_SECURITY;
}

static int etna_hw_param(struct etna_core *core, u32 param, u64 *value)
{
	const struct etna_ident *id = &core->id;

	switch (param) {
	case ETNAVIV_PARAM_GPU_MODEL:
		*value = id->model;
		break;
	case ETNAVIV_PARAM_GPU_REVISION:
		*value = id->revision;
		break;
	case ETNAVIV_PARAM_GPU_FEATURES_0:
		*value = id->features;
		break;
	case ETNAVIV_PARAM_GPU_FEATURES_1 ... ETNAVIV_PARAM_GPU_FEATURES_12:
		*value = id->minor[param - ETNAVIV_PARAM_GPU_FEATURES_1];
		break;
	case ETNAVIV_PARAM_GPU_STREAM_COUNT:
		*value = id->stream_count;
		break;
	case ETNAVIV_PARAM_GPU_REGISTER_MAX:
		*value = id->register_max;
		break;
	case ETNAVIV_PARAM_GPU_THREAD_COUNT:
		*value = id->thread_count;
		break;
	case ETNAVIV_PARAM_GPU_VERTEX_CACHE_SIZE:
		*value = id->vertex_cache_size;
		break;
	case ETNAVIV_PARAM_GPU_SHADER_CORE_COUNT:
		*value = id->shader_core_count;
		break;
	case ETNAVIV_PARAM_GPU_PIXEL_PIPES:
		*value = id->pixel_pipes;
		break;
	case ETNAVIV_PARAM_GPU_VERTEX_OUTPUT_BUFFER_SIZE:
		*value = id->vertex_output_buffer_size;
		break;
	case ETNAVIV_PARAM_GPU_BUFFER_SIZE:
		*value = id->buffer_size;
		break;
	case ETNAVIV_PARAM_GPU_INSTRUCTION_COUNT:
		*value = id->instruction_count;
		break;
	case ETNAVIV_PARAM_GPU_NUM_CONSTANTS:
		*value = id->num_constants;
		break;
	case ETNAVIV_PARAM_GPU_NUM_VARYINGS:
		*value = id->varyings_count;
		break;
	case ETNAVIV_PARAM_SOFTPIN_START_ADDR:
		/* MMUv1: no softpin */
		*value = core->edev->mmu_v2 ? ETNA_SOFTPIN_START : ~0ull;
		break;
	case ETNAVIV_PARAM_GPU_PRODUCT_ID:
		*value = id->product_id;
		break;
	case ETNAVIV_PARAM_GPU_CUSTOMER_ID:
		*value = id->customer_id;
		break;
	case ETNAVIV_PARAM_GPU_ECO_ID:
		*value = id->eco_id;
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

int etna_ioctl_get_param(struct drm_device *drm, void *data,
			 struct drm_file *file)
{
	struct drm_etnaviv_param *args = data;
	struct etna_core *core;
	int err;

	core = etna_pipe(drm, args->pipe, &err);
	if (!core)
		return err;
	return etna_hw_param(core, args->param, &args->value);
}
