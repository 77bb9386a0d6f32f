/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Vivante GC register offsets, bit fields and command encodings used by the
 * device model. Hardware facts, from the rules-ng database of the etna_viv
 * project (state_hi.xml, state.xml, cmdstream.xml) as summarised in
 * shared/reference/vivante-hw.md.
 */
#ifndef VGC_REGS_H
#define VGC_REGS_H

/* Host interface (AHB only) */
#define VGC_CLOCK_CONTROL		0x0000
#define   VGC_CLK_DISABLE_3D		BIT(0)
#define   VGC_CLK_DISABLE_2D		BIT(1)
#define   VGC_CLK_FSCALE_SHIFT		2
#define   VGC_CLK_FSCALE_MASK		(0x7fu << 2)
#define   VGC_CLK_FSCALE_LOAD		BIT(9)
#define   VGC_CLK_SOFT_RESET		BIT(12)
#define   VGC_CLK_IDLE_3D		BIT(16)
#define   VGC_CLK_IDLE_2D		BIT(17)
#define   VGC_CLK_IDLE_VG		BIT(18)
#define   VGC_CLK_ISOLATE		BIT(19)
#define VGC_IDLE_STATE			0x0004
#define   VGC_IDLE_FE			BIT(0)
#define   VGC_IDLE_DE			BIT(1)
#define   VGC_IDLE_PE			BIT(2)
#define   VGC_IDLE_ALL			0x7fffffffu
#define VGC_AXI_CONFIG			0x0008
#define VGC_AXI_STATUS			0x000c
#define   VGC_AXI_DET_WR_ERR		BIT(8)
#define   VGC_AXI_DET_RD_ERR		BIT(9)
#define VGC_INTR_ACK			0x0010
#define   VGC_INTR_MMU_EXCEPTION	BIT(30)
#define   VGC_INTR_AXI_BUS_ERROR	BIT(31)
#define VGC_INTR_ENBL			0x0014
#define VGC_CHIP_IDENTITY		0x0018
#define VGC_CHIP_FEATURE		0x001c
#define VGC_CHIP_MODEL			0x0020
#define VGC_CHIP_REV			0x0024
#define VGC_CHIP_DATE			0x0028
#define VGC_CHIP_TIME			0x002c
#define VGC_CHIP_CUSTOMER_ID		0x0030
#define VGC_CHIP_MINOR_FEATURE_0	0x0034
#define VGC_CHIP_SPECS			0x0048
#define VGC_CHIP_MINOR_FEATURE_1	0x0074
#define VGC_PROFILE_TOTAL_CYCLES	0x0078
#define VGC_CHIP_SPECS_2		0x0080
#define VGC_CHIP_MINOR_FEATURE_2	0x0084
#define VGC_CHIP_MINOR_FEATURE_3	0x0088
#define VGC_CHIP_SPECS_3		0x008c
#define VGC_CHIP_MINOR_FEATURE_4	0x0094
#define VGC_CHIP_SPECS_4		0x009c
#define VGC_CHIP_MINOR_FEATURE_5	0x00a0
#define VGC_CHIP_PRODUCT_ID		0x00a8
#define VGC_CHIP_ECO_ID			0x00e8

/* Power management */
#define VGC_PM_POWER_CONTROLS		0x0100
#define VGC_PM_MODULE_CONTROLS		0x0104
#define VGC_PM_MODULE_STATUS		0x0108
#define VGC_PM_PULSE_EATER		0x010c

/*
 * MMUv2 (state_hi.xml of Linux 6.1). SAFE_ADDRESS, CONFIGURATION and
 * PTA_CONFIG are states the FE loads; the others are AHB registers.
 */
#define VGC_MMUV2_SAFE_ADDRESS		0x0180
#define VGC_MMUV2_CONFIGURATION		0x0184
#define   VGC_MMUV2_CFG_MODE_1K		BIT(0)
#define   VGC_MMUV2_CFG_MODE_MASK	BIT(3)
#define   VGC_MMUV2_CFG_FLUSH		BIT(4)
#define   VGC_MMUV2_CFG_FLUSH_MASK	BIT(7)
#define   VGC_MMUV2_CFG_ADDRESS_MASK	BIT(8)
#define   VGC_MMUV2_CFG_ADDRESS		0xfffffc00u
#define VGC_MMUV2_STATUS		0x0188	/* a nibble per client slot */
#define VGC_MMUV2_CONTROL		0x018c
#define   VGC_MMUV2_ENABLE		BIT(0)
#define VGC_MMUV2_EXCEPTION_ADDR	0x0190	/* [4], one per client slot */
#define VGC_MMUV2_PTA_CONFIG		0x01ac
#define   VGC_MMUV2_PTA_INDEX		0xffffu

/* MMUv2 exception codes (STATUS nibbles) */
#define VGC_MMU_EXC_SLAVE_NOT_PRESENT	1
#define VGC_MMU_EXC_PAGE_NOT_PRESENT	2
#define VGC_MMU_EXC_WRITE_VIOLATION	3

/* MMUv2 table entries (MTLB and STLB) */
#define VGC_MMUV2_PRESENT		BIT(0)
#define VGC_MMUV2_EXCEPTION		BIT(1)
#define VGC_MMUV2_WRITEABLE		BIT(2)	/* STLB */
#define VGC_MMUV2_MTLB_PAGE_SIZE	(3u << 2)	/* MTLB: 0 4K, 1 64K */
#define VGC_MMUV2_MTLB_64K		BIT(2)

/* Security block (cores with vgc_ident.security) */
#define VGC_SEC_EXCEPTION_ADDR		0x0380
#define VGC_SEC_STATUS			0x0384
#define VGC_SEC_CONTROL			0x0388	/* b0: MMU enable */
#define VGC_SEC_PTA_ADDRESS_LOW		0x038c
#define VGC_SEC_PTA_ADDRESS_HIGH	0x0390
#define VGC_SEC_PTA_CONTROL		0x0394	/* b0: PTA enable */
#define VGC_SEC_NONSEC_SAFE_ADDR_LOW	0x0398
#define VGC_SEC_SEC_SAFE_ADDR_LOW	0x039c
#define VGC_SEC_SAFE_ADDRESS_CONFIG	0x03a0	/* b7:0 non-sec high, b23:16 sec */
#define VGC_SEC_COMMAND_CONTROL		0x03a4	/* as FE COMMAND_CONTROL */
#define VGC_SEC_AHB_CONTROL		0x03a8
#define   VGC_SEC_AHB_RESET		BIT(0)
#define   VGC_SEC_AHB_NONSEC_ACCESS	BIT(1)
#define VGC_SEC_LAST			0x03ac

/* Memory controller: MMUv1 page tables and linear-window bases */
#define VGC_MC_MMU_FE_PAGE_TABLE	0x0400	/* FE, TX, PE, PEZ, RA: +4 each */
#define VGC_MC_DEBUG_MEMORY		0x0414
#define VGC_MC_MEMORY_BASE_RA		0x0418
#define VGC_MC_MEMORY_BASE_FE		0x041c
#define VGC_MC_MEMORY_BASE_TX		0x0420
#define VGC_MC_MEMORY_BASE_PEZ		0x0424
#define VGC_MC_MEMORY_BASE_PE		0x0428

/* Front-end */
#define VGC_FE_COMMAND_ADDRESS		0x0654
#define VGC_FE_COMMAND_CONTROL		0x0658
#define   VGC_FE_CONTROL_PREFETCH	0xffffu
#define   VGC_FE_CONTROL_ENABLE		BIT(16)
#define VGC_FE_DMA_STATUS		0x065c
#define VGC_FE_DMA_DEBUG_STATE		0x0660
#define VGC_FE_DMA_ADDRESS		0x0664
#define VGC_FE_DMA_LOW			0x0668
#define VGC_FE_DMA_HIGH			0x066c
#define VGC_FE_AUTO_FLUSH		0x0670

/* DMA_DEBUG_STATE.CMD_STATE values */
#define VGC_DBG_IDLE			0
#define VGC_DBG_WAIT			18
#define VGC_DBG_LINK			19
#define VGC_DBG_END			20

/* 2D engine (DE) states, vivante-hw.md section 4.2 */
#define VGC_DE_SRC_ADDRESS		0x1200
#define VGC_DE_SRC_STRIDE		0x1204
#define VGC_DE_SRC_ROTATION_CONFIG	0x1208
#define VGC_DE_SRC_CONFIG		0x120c
#define VGC_DE_SRC_ORIGIN		0x1210
#define VGC_DE_SRC_SIZE			0x1214
#define VGC_DE_SRC_COLOR_BG		0x1218
#define VGC_DE_SRC_COLOR_FG		0x121c
#define VGC_DE_STRETCH_FACTOR_LOW	0x1220
#define VGC_DE_STRETCH_FACTOR_HIGH	0x1224
#define VGC_DE_DEST_ADDRESS		0x1228
#define VGC_DE_DEST_STRIDE		0x122c
#define VGC_DE_DEST_ROTATION_CONFIG	0x1230
#define VGC_DE_DEST_CONFIG		0x1234
#define VGC_DE_PATTERN_CONFIG		0x123c
#define VGC_DE_PATTERN_LOW		0x1240
#define VGC_DE_PATTERN_HIGH		0x1244
#define VGC_DE_PATTERN_BG_COLOR		0x1250
#define VGC_DE_PATTERN_FG_COLOR		0x1254
#define VGC_DE_ROP			0x125c
#define VGC_DE_CLIP_TOP_LEFT		0x1260
#define VGC_DE_CLIP_BOTTOM_RIGHT	0x1264
#define VGC_DE_CLEAR_BYTE_MASK		0x1268
#define VGC_DE_CONFIG			0x126c
#define VGC_DE_CLEAR_PIXEL_VALUE_LOW	0x1270
#define VGC_DE_CLEAR_PIXEL_VALUE_HIGH	0x1274
#define VGC_DE_ALPHA_CONTROL		0x127c
#define VGC_DE_DEST_ROTATION_HEIGHT	0x12b4
#define VGC_DE_SRC_ROTATION_HEIGHT	0x12b8
#define VGC_DE_ROT_ANGLE		0x12bc
#define VGC_DE_CLEAR_PIXEL_VALUE32	0x12c0
#define VGC_DE_PE_TRANSPARENCY		0x12d4
#define VGC_DE_PE_DITHER_LOW		0x12e8

/* SRC_CONFIG / DEST_CONFIG fields */
#define   VGC_DE_SRC_PE10_FORMAT(v)	((v) & 0xfu)
#define   VGC_DE_SRC_TRANSPARENCY(v)	(((v) >> 4) & 3u)
#define   VGC_DE_SRC_RELATIVE		BIT(6)
#define   VGC_DE_SRC_TILED		BIT(7)
#define   VGC_DE_SRC_STREAM		BIT(8)
#define   VGC_DE_SRC_PACK(v)		(((v) >> 12) & 3u)
#define   VGC_DE_SRC_MONO_TRANSPARENCY	BIT(15)
#define   VGC_DE_SRC_SWIZZLE(v)		(((v) >> 20) & 3u)
#define   VGC_DE_SRC_FORMAT(v)		(((v) >> 24) & 0x1fu)
#define   VGC_DE_SRC_ENDIAN(v)		(((v) >> 30) & 3u)
#define   VGC_DE_DST_FORMAT(v)		((v) & 0x1fu)
#define   VGC_DE_DST_TILED		BIT(8)
#define   VGC_DE_DST_COMMAND(v)		(((v) >> 12) & 0xfu)
#define   VGC_DE_DST_SWIZZLE(v)		(((v) >> 16) & 3u)
#define   VGC_DE_DST_ENDIAN(v)		(((v) >> 20) & 3u)
#define   VGC_DE_ROTATION_ENABLE	BIT(16)
#define   VGC_DE_ROTATION_WIDTH		0xffffu

/* DEST_CONFIG.COMMAND */
#define VGC_DE_CMD_CLEAR		0
#define VGC_DE_CMD_LINE			1
#define VGC_DE_CMD_BIT_BLT		2
#define VGC_DE_CMD_STRETCH_BLT		4

/* DE_FORMAT values the model draws */
#define VGC_DE_FMT_A8R8G8B8		6
#define VGC_DE_FMT_MONO			10

/* ROP and ROT_ANGLE fields */
#define   VGC_DE_ROP_FG(v)		((v) & 0xffu)
#define   VGC_DE_ROP_BG(v)		(((v) >> 8) & 0xffu)
#define   VGC_DE_ROP_TYPE(v)		(((v) >> 20) & 3u)
#define VGC_DE_ROP2_PATTERN		0
#define VGC_DE_ROP2_SOURCE		1
#define VGC_DE_ROP3			2
#define VGC_DE_ROP4			3
#define VGC_DE_ROT_0			0	/* ROT_ANGLE SRC/DST values */
#define VGC_DE_ROT_FLIP_X		1
#define VGC_DE_ROT_FLIP_Y		2
#define VGC_DE_ROT_90			4
#define VGC_DE_ROT_180			5
#define VGC_DE_ROT_270			6
#define   VGC_DE_ROT_SRC(v)		((v) & 7u)
#define   VGC_DE_ROT_DST(v)		(((v) >> 3) & 7u)
#define   VGC_DE_ROT_SRC_MASK		BIT(8)
#define   VGC_DE_ROT_DST_MASK		BIT(9)
#define   VGC_DE_ROT_SRC_MIRROR_MASK	BIT(15)
#define   VGC_DE_ROT_DST_MIRROR_MASK	BIT(19)
#define   VGC_DE_PATTERN_MONO		BIT(4)
#define   VGC_DE_ALPHA_ENABLE		BIT(0)
#define   VGC_DE_MIRROR_BLT_ENABLE	BIT(0)

/* Global (GL) states */
#define VGC_GL_PIPE_SELECT		0x3800
#define VGC_GL_EVENT			0x3804
#define   VGC_GL_EVENT_ID_MASK		0x1fu
#define VGC_GL_SEMAPHORE_TOKEN		0x3808
#define VGC_GL_FLUSH_CACHE		0x380c
#define   VGC_GL_FLUSH_PE2D		BIT(3)
#define VGC_GL_FLUSH_MMU		0x3810
#define VGC_GL_STALL_TOKEN		0x3c00

/* FE opcodes: bits 31:27 of a command's first word */
#define VGC_OP_SHIFT			27
#define VGC_OP_LOAD_STATE		1
#define VGC_OP_END			2
#define VGC_OP_NOP			3
#define VGC_OP_DRAW_2D			4
#define VGC_OP_DRAW_PRIMITIVES		5
#define VGC_OP_DRAW_INDEXED		6
#define VGC_OP_WAIT			7
#define VGC_OP_LINK			8
#define VGC_OP_STALL			9
#define VGC_OP_CALL			10
#define VGC_OP_RETURN			11
#define VGC_OP_DRAW_INSTANCED		12
#define VGC_OP_CHIP_SELECT		13

/* LOAD_STATE header fields */
#define VGC_LS_FIXP			BIT(26)
#define VGC_LS_COUNT_SHIFT		16
#define VGC_LS_COUNT_MASK		0x3ffu
#define VGC_LS_ADDR_MASK		0xffffu

/* END header */
#define VGC_END_EVENT_ENABLE		BIT(8)

/* DRAW_2D header */
#define VGC_D2D_COUNT_SHIFT		8
#define VGC_D2D_COUNT_MASK		0xffu
#define VGC_D2D_DATA_SHIFT		16
#define VGC_D2D_DATA_MASK		0x7ffu

/* MINOR_FEATURE_0: the 2D engine is PE20 (else PE10) */
#define VGC_MINOR0_2DPE20		BIT(7)

/* Number of events the event bits of INTR_ACKNOWLEDGE carry. */
#define VGC_NR_EVENTS			30

/* MMUv1: GPU addresses with bit 31 set go through the page table. */
#define VGC_MMUV1_VIRT_BIT		BIT(31)
#define VGC_PAGE_SHIFT			12
#define VGC_PAGE_SIZE			BIT(VGC_PAGE_SHIFT)

#endif /* VGC_REGS_H */
