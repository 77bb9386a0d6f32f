/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Vivante GC register offsets, fields and FE command encodings used by the
 * driver. Hardware facts from the etna_viv rules-ng database (state_hi.xml,
 * state.xml, cmdstream.xml), see shared/reference/vivante-hw.md.
 */
#ifndef ETNA_REGS_H
#define ETNA_REGS_H

#include <linux/bits.h>

/* Host interface */
#define ETNA_CLOCK_CONTROL		0x0000
#define   ETNA_CLK_FSCALE(x)		(((x) & 0x7f) << 2)
#define   ETNA_CLK_FSCALE_LOAD		BIT(9)
#define   ETNA_CLK_DISABLE_DEBUG_REGS	BIT(11)
#define   ETNA_CLK_SOFT_RESET		BIT(12)
#define   ETNA_CLK_IDLE_3D		BIT(16)
#define   ETNA_CLK_IDLE_2D		BIT(17)
#define   ETNA_CLK_ISOLATE		BIT(19)
#define ETNA_IDLE_STATE			0x0004
#define   ETNA_IDLE_FE			BIT(0)
#define ETNA_AXI_CONFIG			0x0008
#define ETNA_AXI_STATUS			0x000c
#define ETNA_INTR_ACK			0x0010
#define   ETNA_INTR_MMU_EXCEPTION	BIT(30)
#define   ETNA_INTR_AXI_BUS_ERROR	BIT(31)
#define ETNA_INTR_ENBL			0x0014
#define ETNA_CHIP_IDENTITY		0x0018
#define ETNA_CHIP_FEATURE		0x001c
#define ETNA_CHIP_MODEL			0x0020
#define ETNA_CHIP_REV			0x0024
#define ETNA_CHIP_DATE			0x0028
#define ETNA_CHIP_TIME			0x002c
#define ETNA_CHIP_CUSTOMER_ID		0x0030
#define ETNA_CHIP_MINOR_FEATURE_0	0x0034
#define ETNA_CHIP_SPECS			0x0048
#define ETNA_CHIP_MINOR_FEATURE_1	0x0074
#define ETNA_CHIP_SPECS_2		0x0080
#define ETNA_CHIP_MINOR_FEATURE_2	0x0084
#define ETNA_CHIP_MINOR_FEATURE_3	0x0088
#define ETNA_CHIP_SPECS_3		0x008c
#define ETNA_CHIP_MINOR_FEATURE_4	0x0094
#define ETNA_CHIP_SPECS_4		0x009c
#define ETNA_CHIP_MINOR_FEATURE_5	0x00a0
#define ETNA_CHIP_PRODUCT_ID		0x00a8
#define ETNA_CHIP_ECO_ID		0x00e8

/* Power management */
#define ETNA_PM_POWER_CONTROLS		0x0100
#define   ETNA_PM_MODULE_CLOCK_GATING	BIT(0)
#define ETNA_PM_MODULE_CONTROLS		0x0104
#define ETNA_PM_PULSE_EATER		0x010c

/* MMUv2 and the security block */
#define ETNA_MMUV2_SAFE_ADDRESS		0x0180	/* state */
#define ETNA_MMUV2_CONFIGURATION	0x0184	/* state, masked */
#define   ETNA_MMUV2_CFG_MODE_MASK	BIT(3)
#define   ETNA_MMUV2_CFG_FLUSH		BIT(4)
#define   ETNA_MMUV2_CFG_ADDRESS_MASK	BIT(8)
#define ETNA_MMUV2_STATUS		0x0188
#define ETNA_MMUV2_CONTROL		0x018c
#define   ETNA_MMUV2_ENABLE		BIT(0)
#define ETNA_MMUV2_EXCEPTION_ADDR(n)	(0x0190 + 4 * (n))	/* 4 slots */
#define ETNA_MMUV2_PTA_CONFIG		0x01ac	/* state */
#define ETNA_SEC_EXCEPTION_ADDR		0x0380
#define ETNA_SEC_STATUS			0x0384
#define ETNA_SEC_CONTROL		0x0388
#define ETNA_PTA_ADDRESS_LOW		0x038c
#define ETNA_PTA_ADDRESS_HIGH		0x0390
#define ETNA_PTA_CONTROL		0x0394
#define ETNA_NONSEC_SAFE_ADDR_LOW	0x0398
#define ETNA_SEC_SAFE_ADDR_LOW		0x039c
#define ETNA_SAFE_ADDRESS_CONFIG	0x03a0
#define ETNA_SEC_COMMAND_CONTROL	0x03a4
#define ETNA_AHB_CONTROL		0x03a8
#define   ETNA_AHB_RESET		BIT(0)
#define   ETNA_AHB_NONSEC_ACCESS	BIT(1)

/* Memory controller (MMUv1) */
#define ETNA_MC_MMU_PAGE_TABLE(n)	(0x0400 + 4 * (n))	/* 5 clients */
#define ETNA_MC_DEBUG_MEMORY		0x0414
#define ETNA_MC_MEMORY_BASE(n)		(0x0418 + 4 * (n))	/* 5 clients */
#define ETNA_MC_BUS_CONFIG		0x0480
#define ETNA_MC_CLIENTS			5

/* Front-end */
#define ETNA_FE_COMMAND_ADDRESS		0x0654
#define ETNA_FE_COMMAND_CONTROL		0x0658
#define   ETNA_FE_CONTROL_ENABLE	BIT(16)
#define ETNA_FE_DMA_STATUS		0x065c
#define ETNA_FE_DMA_DEBUG_STATE		0x0660
#define ETNA_FE_DMA_ADDRESS		0x0664
#define ETNA_FE_DMA_LOW			0x0668
#define ETNA_FE_DMA_HIGH		0x066c
#define   ETNA_IDLE_ALL_BUT_AXI		GENMASK(30, 0)

/* Global states loaded through the FE */
#define ETNA_GL_PIPE_SELECT		0x3800
#define ETNA_GL_EVENT			0x3804
#define   ETNA_GL_EVENT_FROM_PE		BIT(6)
#define ETNA_GL_SEMAPHORE_TOKEN		0x3808
#define ETNA_GL_FLUSH_CACHE		0x380c
#define   ETNA_FLUSH_DEPTH		BIT(0)
#define   ETNA_FLUSH_COLOR		BIT(1)
#define   ETNA_FLUSH_PE2D		BIT(3)
#define ETNA_GL_FLUSH_MMU		0x3810
#define   ETNA_FLUSH_MMU_ALL		0x1f
#define ETNA_TS_FLUSH_CACHE		0x1650

/* Synchronisation units: semaphore/stall token FROM=FE, TO=PE */
#define ETNA_SYNC_FE_TO_PE		((7 << 8) | 1)

/* FE opcodes, bits 31:27 of a command's first word */
#define ETNA_CMD_LOAD_STATE(reg, n)	(0x08000000 | ((n) & 0x3ff) << 16 | \
					 ((reg) >> 2))
#define ETNA_CMD_END			0x10000000
#define ETNA_CMD_NOP			0x18000000
#define ETNA_CMD_WAIT(cycles)		(0x38000000 | ((cycles) & 0xffff))
#define ETNA_CMD_LINK(qwords)		(0x40000000 | ((qwords) & 0xffff))
#define ETNA_CMD_STALL			0x48000000

/* Feature bits used by the driver */
#define ETNA_FEAT_PIPE_3D		BIT(2)
#define ETNA_FEAT_PIPE_2D		BIT(9)
#define ETNA_FEAT_PIPE_VG		BIT(26)
#define ETNA_FEAT_FE20			BIT(28)
#define ETNA_MINOR0_MC20		BIT(22)
#define ETNA_MINOR0_MORE_MINOR		BIT(21)
#define ETNA_MINOR1_MMU_V2		BIT(28)

#define ETNA_NR_EVENTS			30

#endif /* ETNA_REGS_H */
