// SPDX-License-Identifier: GPL-2.0-only
/*
 * The (e)LCDIF display controller model (sim/lcdif.h): registers, the
 * frame timeline, interrupts and the scanout. The contract and its
 * sources: sim/doc/lcdif.md.
 */
#include "lcdif.h"

#define NSEC_PER_S	1000000000ull
/* The shortest frame the model runs (a guard against a timer storm). */
#define MIN_PERIOD_NS	100000ull

/* ---- CRC-32 --------------------------------------------------------- */

u32 lcdif_crc32(u32 crc, const u8 *p, size_t len)
{
	static u32 table[256];
	u32 i, j, c;

	if (!table[1]) {
		for (i = 0; i < 256; i++) {
			c = i;
			for (j = 0; j < 8; j++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
	}
	crc = ~crc;
	while (len--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* ---- registers ------------------------------------------------------ */

static u64 now(struct lcdif *l)
{
	return l->ops->now_ns(l->ctx);
}

static void reset_regs(struct lcdif *l)
{
	l->ctrl = LCDIF_CTRL_RESET;
	l->ctrl1 = LCDIF_CTRL1_RESET;
	l->ctrl2 = 0;
	l->transfer_count = 0;
	l->cur_buf = 0;
	l->next_buf = 0;
	memset(l->vdctrl, 0, sizeof(l->vdctrl));
	l->crc_stat = 0;
	l->as_ctrl = 0;
	l->as_buf = 0;
	l->as_next_buf = 0;
	l->as_key[0] = 0;
	l->as_key[1] = 0;
}

void lcdif_init(struct lcdif *l, bool has_as, const struct lcdif_host_ops *ops,
		void *ctx, u8 *src, u8 *out, u8 *cap, size_t max_pixels)
{
	memset(l, 0, sizeof(*l));
	l->ops = ops;
	l->ctx = ctx;
	l->has_as = has_as;
	l->src = src;
	l->out = out;
	l->cap = cap;
	l->max_pixels = max_pixels;
	l->cap_flip = -1;
	l->scan_every = 1;
	reset_regs(l);
}

void lcdif_set_scan_every(struct lcdif *l, u32 n)
{
	l->scan_every = n ? n : 1;
}

static void update_line(struct lcdif *l)
{
	bool line = lcdif_irq_line(l);

	if (line && !l->line) {
		l->edge = true;
		l->stats.irqs++;
	}
	l->line = line;
}

bool lcdif_irq_line(const struct lcdif *l)
{
	u32 status = l->ctrl1 >> 8 & 0xf;
	u32 enable = l->ctrl1 >> (8 + LCDIF_CTRL1_IRQ_EN_SHIFT) & 0xf;

	return status & enable;
}

bool lcdif_irq_take_edge(struct lcdif *l)
{
	bool e = l->edge;

	l->edge = false;
	return e;
}

/*
 * lcdif_timing - the frame length and the time to the end of its active
 * lines, from the timing registers and the pixel clock; false when they
 * give no frame. DOTCLK mode: VDCTRL2.HSYNC_PERIOD pixel clocks a line,
 * VDCTRL1 lines a frame (pixel clocks when VSYNC_PERIOD_UNIT is clear),
 * VDCTRL3's vertical wait lines before the TRANSFER_COUNT active lines.
 */
static bool lcdif_timing(struct lcdif *l, u64 *period, u64 *done)
{
	u64 htotal = LCDIF_HSYNC_PERIOD(l->vdctrl[2]);
	u64 vwait = LCDIF_VERT_WAIT(l->vdctrl[3]);
	u64 lines = LCDIF_V_COUNT(l->transfer_count);
	u64 clocks;

	if (!l->pix_hz || !htotal || !lines ||
	    !LCDIF_H_COUNT(l->transfer_count))
		return false;
	if (l->vdctrl[0] & LCDIF_VDCTRL0_VSYNC_PERIOD_UNIT)
		clocks = htotal * l->vdctrl[1];
	else
		clocks = l->vdctrl[1];
	if (clocks < (vwait + lines) * htotal)
		return false;
	*period = clocks * NSEC_PER_S / l->pix_hz;
	*done = (vwait + lines) * htotal * NSEC_PER_S / l->pix_hz;
	if (*period < MIN_PERIOD_NS) {
		*done = *done * MIN_PERIOD_NS / (*period ? *period : 1);
		*period = MIN_PERIOD_NS;
	}
	return true;
}

/* A frame begins: NEXT_BUF (and AS_NEXT_BUF) loaded, the timing read. */
static bool frame_begin(struct lcdif *l, u64 t, bool first)
{
	if (!lcdif_timing(l, &l->period_ns, &l->done_ns))
		return false;
	l->frame_start = t;
	l->done = false;
	if (!first) {
		if (l->next_buf != l->cur_buf) {
			l->flips++;
			l->stats.flips++;
		}
		l->cur_buf = l->next_buf;
		l->as_buf = l->as_next_buf;
		l->ctrl1 |= LCDIF_CTRL1_VSYNC_EDGE_IRQ;
	}
	return true;
}

static void stop(struct lcdif *l, bool cut)
{
	if (l->running && cut && !l->done)
		l->stats.frames_cut++;
	l->running = false;
}

static void start(struct lcdif *l)
{
	u32 need = LCDIF_CTRL_RUN | LCDIF_CTRL_DOTCLK_MODE;

	if ((l->ctrl & need) != need ||
	    l->ctrl & (LCDIF_CTRL_CLKGATE | LCDIF_CTRL_SFTRST) || !l->pix_hz)
		return;
	l->flips = 0;
	if (!frame_begin(l, now(l), true)) {
		l->stats.bad_timing++;
		return;
	}
	l->running = true;
}

/* The registers with SET, CLR and TOG aliases (hw/lcdif.db: "sct"). */
static u32 *sct_reg(struct lcdif *l, u32 base)
{
	switch (base) {
	case LCDIF_CTRL:
		return &l->ctrl;
	case LCDIF_CTRL1:
		return &l->ctrl1;
	case LCDIF_CTRL2:
		return &l->ctrl2;
	case LCDIF_VDCTRL0:
		return &l->vdctrl[0];
	}
	return NULL;
}

static u32 *plain_reg(struct lcdif *l, u32 off)
{
	switch (off) {
	case LCDIF_TRANSFER_COUNT:
		return &l->transfer_count;
	case LCDIF_CUR_BUF:
		return &l->cur_buf;
	case LCDIF_NEXT_BUF:
		return &l->next_buf;
	case LCDIF_VDCTRL1:
	case LCDIF_VDCTRL2:
	case LCDIF_VDCTRL3:
	case LCDIF_VDCTRL4:
		return &l->vdctrl[(off - LCDIF_VDCTRL0) / LCDIF_REG_STRIDE];
	}
	if (!l->has_as)
		return NULL;
	switch (off) {
	case LCDIF_AS_CTRL:
		return &l->as_ctrl;
	case LCDIF_AS_BUF:
		return &l->as_buf;
	case LCDIF_AS_NEXT_BUF:
		return &l->as_next_buf;
	case LCDIF_AS_CLRKEYLOW:
		return &l->as_key[0];
	case LCDIF_AS_CLRKEYHIGH:
		return &l->as_key[1];
	}
	return NULL;
}

u32 lcdif_read(struct lcdif *l, u32 off)
{
	u32 *r;

	lcdif_advance(l);
	if (off & 3)
		goto bad;
	r = sct_reg(l, off & ~(LCDIF_REG_STRIDE - 1));
	if (r)
		return *r;
	r = plain_reg(l, off);
	if (r)
		return *r;
	if (off == LCDIF_CRC_STAT)
		return l->crc_stat;
	if (off == LCDIF_STAT)
		return LCDIF_STAT_PRESENT;
bad:
	l->stats.bad_regs++;
	return 0;
}

static void ctrl_changed(struct lcdif *l, u32 old)
{
	u32 val = l->ctrl;

	if (val & LCDIF_CTRL_SFTRST && !(old & LCDIF_CTRL_SFTRST)) {
		/* the block resets and gates its clock */
		stop(l, true);
		reset_regs(l);
		l->stats.resets++;
		return;
	}
	if (val & LCDIF_CTRL_SFTRST)
		l->ctrl |= LCDIF_CTRL_CLKGATE;
	if (l->running && (!(val & LCDIF_CTRL_RUN) ||
			   !(val & LCDIF_CTRL_DOTCLK_MODE) ||
			   val & LCDIF_CTRL_CLKGATE)) {
		/* the FIFO drains within a few lines: RUN reads clear */
		stop(l, true);
		l->ctrl &= ~LCDIF_CTRL_RUN;
		return;
	}
	if (!l->running && val & LCDIF_CTRL_RUN && !(old & LCDIF_CTRL_RUN))
		start(l);
}

void lcdif_write(struct lcdif *l, u32 off, u32 val)
{
	u32 base = off & ~(LCDIF_REG_STRIDE - 1), *r, old;

	lcdif_advance(l);
	r = off & 3 ? NULL : sct_reg(l, base);
	if (r) {
		old = *r;
		switch (off - base) {
		case LCDIF_SET:
			*r |= val;
			break;
		case LCDIF_CLR:
			*r &= ~val;
			break;
		case LCDIF_TOG:
			*r ^= val;
			break;
		default:
			*r = val;
		}
		if (r == &l->ctrl)
			ctrl_changed(l, old);
		update_line(l);
		return;
	}
	r = off & 3 ? NULL : plain_reg(l, off);
	if (!r) {
		l->stats.bad_regs++;
		return;
	}
	*r = val;
}

void lcdif_set_pixel_clock(struct lcdif *l, u64 hz)
{
	lcdif_advance(l);
	l->pix_hz = hz;
	if (!hz)
		stop(l, true);
	else if (!l->running && l->ctrl & LCDIF_CTRL_RUN)
		start(l);
}

/* ---- scanout -------------------------------------------------------- */

struct rgba {
	u32 r, g, b, a;
};

/* 5, 4 or 6 bits widened to 8 by repeating their top bits. */
static u32 widen(u32 v, unsigned int bits)
{
	v &= (1u << bits) - 1;
	return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

static u32 rd16(const u8 *p)
{
	return p[0] | p[1] << 8;
}

static u32 rd32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

/*
 * The frame's pixel format: bytes a pixel, or 0 when the model does not
 * have it. CTRL.WORD_LENGTH with CTRL1.BYTE_PACKING_FORMAT (the bytes of
 * each 32-bit word that hold data): 16-bit RGB565 (0xf), 24-bit one pixel
 * a word (0x7: XRGB8888 in memory), 24-bit packed (0xf).
 */
static unsigned int ps_bpp(const struct lcdif *l)
{
	u32 wl = LCDIF_CTRL_WORD_LENGTH(l->ctrl);
	u32 bp = LCDIF_CTRL1_BYTE_PACKING(l->ctrl1);

	if (l->ctrl & LCDIF_CTRL_SWIZZLES)
		return 0;
	if (wl == LCDIF_WIDTH_16 && bp == 0xf)
		return 2;
	if (wl == LCDIF_WIDTH_24 && bp == 0x7)
		return 4;
	if (wl == LCDIF_WIDTH_24 && bp == 0xf)
		return 3;
	return 0;
}

static struct rgba ps_pixel(const u8 *p, unsigned int bpp)
{
	struct rgba c = { .a = 255 };
	u32 v;

	if (bpp == 2) {
		v = rd16(p);
		c.r = widen(v >> 11, 5);
		c.g = widen(v >> 5, 6);
		c.b = widen(v, 5);
	} else {
		c.b = p[0];
		c.g = p[1];
		c.r = p[2];
	}
	return c;
}

/* The alpha surface's bytes a pixel, 0 for a format the model lacks. */
static unsigned int as_bpp(u32 fmt)
{
	switch (fmt) {
	case LCDIF_AS_ARGB8888:
	case LCDIF_AS_RGB888:
		return 4;
	case LCDIF_AS_ARGB1555:
	case LCDIF_AS_ARGB4444:
	case LCDIF_AS_RGB555:
	case LCDIF_AS_RGB444:
	case LCDIF_AS_RGB565:
		return 2;
	}
	return 0;
}

static struct rgba as_pixel(const u8 *p, u32 fmt)
{
	struct rgba c = { .a = 255 };
	u32 v = fmt == LCDIF_AS_ARGB8888 || fmt == LCDIF_AS_RGB888 ?
		rd32(p) : rd16(p);

	switch (fmt) {
	case LCDIF_AS_ARGB8888:
		c.a = v >> 24;
		fallthrough;
	case LCDIF_AS_RGB888:
		c.r = v >> 16 & 0xff;
		c.g = v >> 8 & 0xff;
		c.b = v & 0xff;
		break;
	case LCDIF_AS_ARGB1555:
		c.a = v & 0x8000 ? 255 : 0;
		fallthrough;
	case LCDIF_AS_RGB555:
		c.r = widen(v >> 10, 5);
		c.g = widen(v >> 5, 5);
		c.b = widen(v, 5);
		break;
	case LCDIF_AS_ARGB4444:
		c.a = widen(v >> 12, 4);
		fallthrough;
	case LCDIF_AS_RGB444:
		c.r = widen(v >> 8, 4);
		c.g = widen(v >> 4, 4);
		c.b = widen(v, 4);
		break;
	case LCDIF_AS_RGB565:
		c.r = widen(v >> 11, 5);
		c.g = widen(v >> 5, 6);
		c.b = widen(v, 5);
		break;
	}
	return c;
}

static bool in_key(const struct lcdif *l, struct rgba c)
{
	u32 lo = l->as_key[0], hi = l->as_key[1];

	return c.r >= (lo >> 16 & 0xff) && c.r <= (hi >> 16 & 0xff) &&
	       c.g >= (lo >> 8 & 0xff) && c.g <= (hi >> 8 & 0xff) &&
	       c.b >= (lo & 0xff) && c.b <= (hi & 0xff);
}

/* The alpha surface's pixel @c over @ps, by AS_CTRL's alpha mode. */
static struct rgba blend(const struct lcdif *l, struct rgba c, struct rgba ps)
{
	u32 a, mode = LCDIF_AS_ALPHA_CTRL(l->as_ctrl);
	u32 g = LCDIF_AS_ALPHA(l->as_ctrl);

	if (mode == LCDIF_AS_ALPHA_OVERRIDE)
		a = g;
	else if (mode == LCDIF_AS_ALPHA_MULTIPLY)
		a = (c.a * g + 127) / 255;
	else
		a = c.a;
	if (l->as_ctrl & LCDIF_AS_ALPHA_INVERT)
		a = 255 - a;
	if (l->as_ctrl & LCDIF_AS_COLORKEY && in_key(l, c))
		a = 0;
	ps.r = (c.r * a + ps.r * (255 - a) + 127) / 255;
	ps.g = (c.g * a + ps.g * (255 - a) + 127) / 255;
	ps.b = (c.b * a + ps.b * (255 - a) + 127) / 255;
	return ps;
}

/* What a panel on the data bus of CTRL.LCD_DATABUS_WIDTH receives. */
static void panel_pixel(u8 *o, struct rgba c, u32 bus)
{
	if (bus == LCDIF_WIDTH_18) {
		c.r = widen(c.r >> 2, 6);
		c.g = widen(c.g >> 2, 6);
		c.b = widen(c.b >> 2, 6);
	} else if (bus == LCDIF_WIDTH_16) {
		c.r = widen(c.r >> 3, 5);
		c.g = widen(c.g >> 2, 6);
		c.b = widen(c.b >> 3, 5);
	}
	o[0] = c.r;
	o[1] = c.g;
	o[2] = c.b;
}

/*
 * One line of the alpha surface into l->as_line. The surface is as large
 * as the frame (the driver's overlay plane covers the CRTC). Silicon sends
 * 64 bytes of unknown origin before the surface's data (Linux's mxsfb
 * starts AS_BUF 64 bytes into the buffer for that reason, "HACK" in
 * mxsfb_plane_overlay_atomic_update()): the stream's byte k comes from
 * AS_BUF + k - 64, its first 64 bytes read as zeros here.
 */
static bool as_read_line(struct lcdif *l, u32 y, u32 w, unsigned int bpp)
{
	u64 start = (u64)y * w * bpp, len = (u64)w * bpp, skip = 0;

	if (start < 64) {
		skip = 64 - start < len ? 64 - start : len;
		memset(l->as_line, 0, skip);
	}
	if (skip == len)
		return true;
	return !l->ops->mem_read(l->ctx, l->as_buf + start + skip - 64,
				 l->as_line + skip, len - skip);
}

/* Everything that changes how memory becomes pixels, in one word. */
static u32 out_signature(const struct lcdif *l, u32 w, u32 h, bool as)
{
	u32 sig = w * 2654435761u ^ h * 40503u;

	sig ^= (l->ctrl & 0xff00u) << 8 ^ LCDIF_CTRL1_BYTE_PACKING(l->ctrl1);
	return as ? sig ^ 0x80000000u : sig & 0x7fffffffu;
}

static bool scan_config(struct lcdif *l, u32 *w, u32 *h, unsigned int *bpp,
			bool *as)
{
	*w = LCDIF_H_COUNT(l->transfer_count);
	*h = LCDIF_V_COUNT(l->transfer_count);
	*bpp = ps_bpp(l);
	*as = l->has_as && l->as_ctrl & LCDIF_AS_ENABLE;
	if (!*bpp || *w > LCDIF_MAX_WIDTH || (u64)*w * *h > l->max_pixels ||
	    LCDIF_CTRL_BUS_WIDTH(l->ctrl) == LCDIF_WIDTH_8)
		return false;
	if (*as && (!as_bpp(LCDIF_AS_FORMAT(l->as_ctrl)) ||
		    LCDIF_AS_ALPHA_CTRL(l->as_ctrl) > LCDIF_AS_ALPHA_MULTIPLY ||
		    l->as_ctrl & LCDIF_AS_PS_DISABLE))
		return false;
	return true;
}

/*
 * Scan the frame that just ended out of CUR_BUF: every line read through
 * the host (the controller's DMA), compared with the last frame's, and the
 * lines that changed (all of them with the alpha surface on, or after a
 * change of configuration) converted into the panel's pixels.
 */
static void scan(struct lcdif *l, u64 t)
{
	u32 w, h, y, x, sig, fmt = LCDIF_AS_FORMAT(l->as_ctrl);
	u32 bus = LCDIF_CTRL_BUS_WIDTH(l->ctrl);
	unsigned int bpp, abpp = as_bpp(fmt);
	bool as, all, changed = false, as_ok = true;
	struct lcdif_frame *f;

	if (!scan_config(l, &w, &h, &bpp, &as)) {
		l->stats.unsupported++;
		return;
	}
	sig = out_signature(l, w, h, as);
	all = as || sig != l->out_sig || !l->out_h;
	for (y = 0; y < h; y++) {
		size_t len = (size_t)w * bpp;
		u8 *s = l->src + (size_t)y * len;
		u8 *o = l->out + (size_t)y * w * 3;

		if (l->ops->mem_read(l->ctx, l->cur_buf + (u64)y * len,
				     l->line_buf, len)) {
			memset(l->line_buf, 0, len);
			l->stats.dma_errors++;
		}
		if (!all && !memcmp(s, l->line_buf, len))
			continue;
		memcpy(s, l->line_buf, len);
		changed = true;
		if (as && !as_read_line(l, y, w, abpp)) {
			memset(l->as_line, 0, (size_t)w * abpp);
			as_ok = false;
		}
		for (x = 0; x < w; x++) {
			struct rgba c = ps_pixel(s + x * bpp, bpp);

			if (as)
				c = blend(l, as_pixel(l->as_line + x * abpp,
						      fmt), c);
			panel_pixel(o + x * 3, c, bus);
		}
	}
	if (!as_ok)
		l->stats.dma_errors++;
	if (as)
		l->stats.as_frames++;
	if (changed) {
		l->out_w = w;
		l->out_h = h;
		l->out_sig = sig;
		l->out_crc = lcdif_crc32(0, l->out, (size_t)w * h * 3);
		l->stats.frames_changed++;
	}
	l->crc_stat = l->out_crc;
	l->stats.frames++;
	l->since_scan = 0;
	l->scan_buf[0] = l->cur_buf;
	l->scan_buf[1] = as ? l->as_buf : 0;
	l->scan_sig = sig;
	f = &l->ring[++l->seq % LCDIF_RING];
	f->seq = l->seq;
	f->end_ns = t;
	f->buf = l->cur_buf;
	f->crc = l->out_crc;
	f->flips = l->flips;
	f->width = w;
	f->height = h;
	if (l->cap_flip >= 0 && l->flips >= l->cap_flip) {
		memcpy(l->cap, l->out, (size_t)w * h * 3);
		l->cap_frame = *f;
		l->cap_flip = -1;
	}
}

/* Whether the frame that ends must be read, or may repeat the last one. */
static bool must_scan(struct lcdif *l)
{
	u32 w, h, sig;
	unsigned int bpp;
	bool as;

	if (++l->since_scan >= l->scan_every || !l->out_h ||
	    l->cur_buf != l->scan_buf[0] ||
	    (l->cap_flip >= 0 && l->flips >= l->cap_flip))
		return true;
	if (!scan_config(l, &w, &h, &bpp, &as))
		return true;	/* counted as unsupported by scan() */
	sig = out_signature(l, w, h, as);
	return sig != l->scan_sig || (as && l->as_buf != l->scan_buf[1]);
}

u64 lcdif_advance(struct lcdif *l)
{
	u64 t = now(l), skip;

	while (l->running) {
		if (!l->done) {
			u64 end = l->frame_start + l->done_ns;

			if (end > t)
				break;
			l->done = true;
			/* only the last frame to end before now is scanned */
			if (end + l->period_ns <= t)
				l->stats.frames_late++;
			else if (must_scan(l))
				scan(l, end);
			else
				l->stats.frames_repeated++;
			l->ctrl1 |= LCDIF_CTRL1_FRAME_DONE_IRQ;
		}
		if (l->frame_start + l->period_ns > t)
			break;
		/* whole frames the host slept through, at once */
		skip = (t - l->frame_start) / l->period_ns;
		if (skip > 2) {
			l->stats.frames_late += skip - 2;
			l->frame_start += (skip - 2) * l->period_ns;
		}
		if (!frame_begin(l, l->frame_start + l->period_ns, false)) {
			l->stats.bad_timing++;
			l->running = false;
			l->ctrl &= ~LCDIF_CTRL_RUN;
		}
	}
	update_line(l);
	if (!l->running)
		return 0;
	if (!l->done)
		return l->frame_start + l->done_ns;
	/* the next frame's start matters for its vsync interrupt only */
	if (l->ctrl1 & LCDIF_CTRL1_VSYNC_EDGE_IRQ_EN)
		return l->frame_start + l->period_ns;
	return l->frame_start + l->period_ns + l->done_ns;
}

void lcdif_capture(struct lcdif *l, long long flips)
{
	l->cap_flip = flips;
	if (flips >= 0)
		l->cap_frame.seq = 0;
}
