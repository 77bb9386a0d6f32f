/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Functional model of the i.MX (e)LCDIF display controller in its DOTCLK
 * (DPI) mode, the fsl,imx28-lcdif family that Linux's mxsfb driver drives:
 * its registers, a frame timeline paced by the pixel clock and the timing
 * registers, the frame-done and vsync interrupts, CUR_BUF/NEXT_BUF, and a
 * scanout that reads each frame through the host's memory reads as the
 * controller's DMA would, converts it to what the panel receives and keeps
 * it with a CRC-32 a frame. The i.MX6SoloX's version adds the alpha
 * surface (an overlay blended over the frame). sim/doc/lcdif.md says what
 * is modelled, from which public source, and the model's own choices.
 *
 * This is the portable core: plain C, no kernel API; it never sleeps and
 * never allocates (the host hands it its buffers). Time is the host's
 * (lcdif_host_ops.now_ns): every register access first brings the model
 * up to now, and lcdif_advance() tells when its next event is due.
 *
 * Locking: the core has none. The caller serialises every call on one
 * instance (the UML shell holds a spinlock around each call).
 */
#ifndef LCDIF_H
#define LCDIF_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/string.h>
#include <linux/types.h>
#else
/* user space: the kernel types and macros the core uses, as sim/vgc.h */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
typedef __UINT8_TYPE__ u8;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
#ifndef BIT
#define BIT(n)		(1u << (n))
#endif
#ifndef fallthrough
#define fallthrough	__attribute__((__fallthrough__))
#endif
#endif

#include "lcdif_regs.h"

/* The widest line the model scans, and the frames it keeps (see init). */
#define LCDIF_MAX_WIDTH		2048
#define LCDIF_RING		64

/**
 * struct lcdif_host_ops - what the environment provides
 * @mem_read: read @len bytes of system memory at physical @pa into @buf;
 *	0, or non-zero where no memory answers (the line reads as zeros
 *	and counts as a DMA error)
 * @now_ns: monotonic time in nanoseconds: the display's timeline
 */
struct lcdif_host_ops {
	int (*mem_read)(void *ctx, u64 pa, void *buf, size_t len);
	u64 (*now_ns)(void *ctx);
};

/**
 * struct lcdif_frame - one scanned-out frame, as the frames ring keeps it
 * @seq: its number since the model was initialised (from 1)
 * @end_ns: when its active lines ended (the frame-done interrupt)
 * @buf: the frame buffer it was read from (CUR_BUF)
 * @crc: CRC-32 (IEEE 802.3, as zlib's crc32()) of the panel's pixels,
 *	R, G, B bytes a pixel, line after line
 * @flips: NEXT_BUF loads that changed CUR_BUF since the controller started
 * @width: its active pixels a line
 * @height: its active lines
 */
struct lcdif_frame {
	u64 seq, end_ns;
	u32 buf, crc, flips, width, height;
};

/**
 * struct lcdif_stats - what the model counts (debugfs "stats")
 * @frames: frames scanned out
 * @frames_late: frames that ended while the host could not run the model
 *	(a late timer): counted and shown, only the last one scanned
 * @frames_cut: frames stopped before their end (RUN or DOTCLK_MODE
 *	cleared, the clock gated, a reset)
 * @frames_changed: scanned frames whose pixels differed from the last one
 * @frames_repeated: frames not read again: the buffer was the last one
 *	read, fewer than @scan_every frames ago (lcdif_set_scan_every())
 * @irqs: rising edges of the interrupt line
 * @flips: NEXT_BUF loads that changed CUR_BUF
 * @dma_errors: lines whose read found no memory
 * @unsupported: frames of a configuration the model does not scan (a
 *	format, swizzle, bus width, alpha mode or size it does not have): the
 *	panel keeps its last frame
 * @bad_timing: starts refused because the timing registers do not give
 *	a frame (see lcdif_timing())
 * @bad_regs: accesses to offsets the model has no register at
 * @resets: soft resets (CTRL.SFTRST set)
 * @as_frames: frames blended with the alpha surface
 */
struct lcdif_stats {
	u64 frames, frames_late, frames_cut, frames_changed, frames_repeated;
	u64 irqs, flips;
	u64 dma_errors, unsupported, bad_timing, bad_regs, resets, as_frames;
};

/**
 * struct lcdif - one controller
 * @ops: the host's callbacks, with @ctx
 * @ctx: passed to them
 * @has_as: the controller has the alpha surface (i.MX6SoloX)
 * @ctrl: CTRL; @ctrl1: CTRL1; @ctrl2: CTRL2
 * @transfer_count: TRANSFER_COUNT
 * @cur_buf: CUR_BUF; @next_buf: NEXT_BUF
 * @vdctrl: VDCTRL0..4
 * @crc_stat: CRC_STAT: the last scanned frame's CRC
 * @as_ctrl: AS_CTRL; @as_buf: AS_BUF; @as_next_buf: AS_NEXT_BUF
 * @as_key: AS_CLRKEYLOW, AS_CLRKEYHIGH
 * @pix_hz: the pixel clock's rate, 0 while it is off
 * @running: the timeline runs: frames start and end
 * @frame_start: when the current frame's vertical sync began
 * @period_ns: the current frame's length
 * @done_ns: the time from its start to the end of its active lines
 * @done: the current frame's active lines have ended
 * @line: the interrupt line's level
 * @edge: it rose since the host last took the edge
 * @flips: NEXT_BUF loads that changed CUR_BUF since the last start
 * @seq: frames scanned out since init
 * @scan_every: read an unchanged buffer again every this many frames
 * @since_scan: frames since the last one read
 * @scan_buf: CUR_BUF and AS_BUF when a frame was last read
 * @scan_sig: the configuration it was read with
 * @max_pixels: the size of @src (in 4-byte pixels), @out and @cap (in
 *	3-byte pixels)
 * @src: the last scanned frame as read from memory (to see what changed)
 * @out: the panel's pixels: R, G, B bytes, @out_w by @out_h
 * @out_w: their width; @out_h: their height (0: nothing shown yet)
 * @out_sig: the configuration @out was made with (a change redraws all)
 * @out_crc: CRC-32 of @out
 * @cap: the captured frame (lcdif_capture())
 * @cap_flip: capture the first frame scanned after this many flips; -1:
 *	no capture armed
 * @cap_frame: the captured frame's record; @cap_frame.seq 0: none yet
 * @ring: the last LCDIF_RING frames, at @seq modulo LCDIF_RING
 * @stats: counters
 * @line_buf: one line as read from memory
 * @as_line: one line of the alpha surface
 */
struct lcdif {
	const struct lcdif_host_ops *ops;
	void *ctx;
	bool has_as;
	u32 ctrl, ctrl1, ctrl2, transfer_count, cur_buf, next_buf;
	u32 vdctrl[5];
	u32 crc_stat;
	u32 as_ctrl, as_buf, as_next_buf, as_key[2];
	u64 pix_hz;
	bool running, done, line, edge;
	u64 frame_start, period_ns, done_ns;
	u32 flips;
	u64 seq;
	u32 scan_every, since_scan, scan_buf[2], scan_sig;
	size_t max_pixels;
	u8 *src, *out, *cap;
	u32 out_w, out_h, out_sig, out_crc;
	long long cap_flip;
	struct lcdif_frame cap_frame;
	struct lcdif_frame ring[LCDIF_RING];
	struct lcdif_stats stats;
	u8 line_buf[LCDIF_MAX_WIDTH * 4];
	u8 as_line[LCDIF_MAX_WIDTH * 4];
};

/*
 * lcdif_init - a controller at power-on (every register at its reset
 * value, the pixel clock off). @src holds @max_pixels * 4 bytes, @out and
 * @cap @max_pixels * 3 each: frames larger than that are not scanned.
 */
void lcdif_init(struct lcdif *l, bool has_as, const struct lcdif_host_ops *ops,
		void *ctx, u8 *src, u8 *out, u8 *cap, size_t max_pixels);

/* Register accesses (32 bits, at the byte offset @off of the block). */
u32 lcdif_read(struct lcdif *l, u32 off);
void lcdif_write(struct lcdif *l, u32 off, u32 val);

/*
 * lcdif_set_scan_every - read the frame buffer at every frame (1, the
 * default: as silicon) or, while CUR_BUF, AS_BUF and the configuration
 * stay the same and no capture waits, every @n frames only, the panel
 * repeating its image in between (a host's saving).
 */
void lcdif_set_scan_every(struct lcdif *l, u32 n);

/* The pixel clock's rate; 0 stops it (the frame in progress is cut). */
void lcdif_set_pixel_clock(struct lcdif *l, u64 hz);

/*
 * lcdif_advance - bring the model up to now: frames end (scanned, their
 * interrupts raised), new ones start (NEXT_BUF loaded). Returns when its
 * next event is due (now_ns time), or 0 when none is (stopped).
 */
u64 lcdif_advance(struct lcdif *l);

/* The interrupt line, and whether it rose since the last call (cleared). */
bool lcdif_irq_line(const struct lcdif *l);
bool lcdif_irq_take_edge(struct lcdif *l);

/*
 * lcdif_capture - keep a copy of the first frame scanned out once the
 * controller has made @flips flips since it started (0: the first
 * frame); -1 disarms.
 */
void lcdif_capture(struct lcdif *l, long long flips);

/* CRC-32 (IEEE 802.3, zlib's) of @len bytes, continuing from @crc (0). */
u32 lcdif_crc32(u32 crc, const u8 *p, size_t len);

#endif /* LCDIF_H */
