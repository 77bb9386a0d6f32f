// SPDX-License-Identifier: GPL-2.0-only
/*
 * The texture unit's wrap modes and filters as tables (issue 33): every
 * wrap mode (REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE) in u and in v, with
 * each magnification filter (NEAREST, LINEAR), at every size class (1
 * texel wide or high, powers of two, and non-powers of two with
 * CLAMP_TO_EDGE, the mode GL ES 2.0 allows them), over coordinates at
 * texel centres, between them and at the edges, from -2 to 3 times the
 * texture; then every minification filter (NEAREST, LINEAR) with every
 * mipmap mode (none, NEAREST, LINEAR) over a mip chain, at levels of
 * detail on both sides of the magnification switch, at and between
 * levels and past the last. Each lookup goes through vgc_tx_sample() and
 * through vgc_tx_sample_quad() (a quad of lookups, the 3D pipeline's
 * path with its fast bilinear forms), A8R8G8B8 texels of distinct values.
 *
 * The reference is GL ES 2.0 3.7.6 (wrap modes; texel indices wrapped as
 * tx_run.h's wrap_ref() does) and 3.7.7 (NEAREST: the texel at
 * floor(u); LINEAR: the four around u - 1/2, v - 1/2 weighted by the
 * fractions; mipmapping: NEAREST level ceil(lambda + 1/2) - 1, LINEAR the
 * levels floor(lambda) and the next weighted by the fraction, clamped to
 * the last level; magnification when lambda <= 0), in double precision.
 * Not tested: GL's c = 0.5 for a LINEAR magnification filter with a
 * NEAREST_MIPMAP minification (no lambda in (0, 0.5]), and coordinates
 * exactly on a texel boundary in a mirrored period, where GL ES 2.0's
 * mirror of the coordinate and later GLs' mirror of the texel index
 * differ by a texel.
 *
 * Tolerance: 1e-4 a channel (NEAREST: exact texels, 1e-6). GL leaves the
 * filter weights' precision to the implementation; the model filters in
 * single precision (errors near 1e-6); 1e-4 is a fortieth of an 8-bit
 * step, so a wrong texel of any weight above 1/40 shows.
 */
#include <math.h>

#include "sim_test.h"
#include "tx_run.h"

static const char *const wrap_name[3] = {
	[VGC_TEX_WRAP_REPEAT] = "repeat",
	[VGC_TEX_WRAP_MIRRORED_REPEAT] = "mirrored-repeat",
	[VGC_TEX_WRAP_CLAMP_TO_EDGE] = "clamp-to-edge",
};

static const char *const filt_name[3] = {
	[VGC_TEX_FILTER_NONE] = "none",
	[VGC_TEX_FILTER_NEAREST] = "nearest",
	[VGC_TEX_FILTER_LINEAR] = "linear",
};

/* ---- texels ------------------------------------------------------------ */

#define LEVELS	5	/* the chain: 16x16 down to 1x1 */

/* Texel (x, y) of level @l: A8R8G8B8, its channels apart in each. */
static uint32_t texel(unsigned int l, unsigned int x, unsigned int y)
{
	uint32_t r = (x * 37 + y * 101 + l * 53 + 17) & 0xff;
	uint32_t g = (x * 13 + y * 59 + l * 7 + 3) * 5 & 0xff;
	uint32_t b = (l * 40 + x * 3 + y * 11 + 20) & 0xff;
	uint32_t a = (x * 71 + y * 19 + l * 29 + 200) & 0xff;

	return a << 24 | r << 16 | g << 8 | b;
}

static void texel_rgba(unsigned int l, int x, int y, double o[4])
{
	uint32_t v = texel(l, x, y);

	o[0] = (v >> 16 & 0xff) / 255.0;
	o[1] = (v >> 8 & 0xff) / 255.0;
	o[2] = (v & 0xff) / 255.0;
	o[3] = (v >> 24) / 255.0;
}

static unsigned int align4(unsigned int v)
{
	return (v + 3) & ~3u;
}

/*
 * Levels 0..@levels-1 of a @w x @h texture, tiled, each padded to 4x4
 * and to 64 bytes (Mesa), at TEX; their addresses into @s.
 */
static void place(struct sampler *s, unsigned int w, unsigned int h,
		  unsigned int levels)
{
	unsigned int l, x, y, lw, lh;
	uint32_t off = 0;

	for (l = 0; l < levels; l++) {
		lw = w >> l ? w >> l : 1;
		lh = h >> l ? h >> l : 1;
		s->addr[l] = TEX + off;
		for (y = 0; y < lh; y++)
			for (x = 0; x < lw; x++)
				put(TEX + off + tiled_off(x, y, align4(lw), 4),
				    4, texel(l, x, y));
		off += align4(lw) * align4(lh) * 4;
		off = (off + 63) & ~63u;
	}
	s->levels = levels;
}

/*
 * The same levels through an MMUv1 page table of the TX client (GPU page
 * k at TEX + k pages): a lookup whose texels' pages the TX TLB holds
 * reads them in place, the path of vgc_tx_quad.c's fast bilinear forms
 * (through the linear window every read is an access of the bus).
 */
#define PT	0x200000u	/* the page table */
#define PAGES	16

static void through_mmu(struct vgc_core *c, struct sampler *s)
{
	unsigned int k;

	for (k = 0; k < PAGES; k++)
		w32(PT)[k] = (uint32_t)(MEM_BASE + TEX + 4096 * k);
	for (k = 0; k < s->levels; k++)
		s->addr[k] = VGC_MMUV1_VIRT_BIT | (s->addr[k] - TEX);
	program(c, s, false);
	vgc_write(c, VGC_MC_MMU_TX_PAGE_TABLE, (uint32_t)(MEM_BASE + PT));
}

/* ---- the reference (GL ES 2.0 3.7.6, 3.7.7) ------------------------------ */

struct tex {
	unsigned int w, h, uw, vw;	/* size of level 0, wrap modes */
};

/* Filter @f of level @l at (@s, @t). */
static void ref_level(const struct tex *t, unsigned int l, unsigned int f,
		      double s, double tt, double o[4])
{
	int w = t->w >> l ? t->w >> l : 1, h = t->h >> l ? t->h >> l : 1;
	double u = s * w, v = tt * h, a, b, p[4][4];
	int i0, j0, k;

	if (f == VGC_TEX_FILTER_NEAREST) {
		texel_rgba(l, wrap_ref((int)floor(u), w, t->uw),
			   wrap_ref((int)floor(v), h, t->vw), o);
		return;
	}
	i0 = (int)floor(u - 0.5);
	j0 = (int)floor(v - 0.5);
	a = u - 0.5 - i0;
	b = v - 0.5 - j0;
	texel_rgba(l, wrap_ref(i0, w, t->uw), wrap_ref(j0, h, t->vw), p[0]);
	texel_rgba(l, wrap_ref(i0 + 1, w, t->uw), wrap_ref(j0, h, t->vw),
		   p[1]);
	texel_rgba(l, wrap_ref(i0, w, t->uw), wrap_ref(j0 + 1, h, t->vw),
		   p[2]);
	texel_rgba(l, wrap_ref(i0 + 1, w, t->uw),
		   wrap_ref(j0 + 1, h, t->vw), p[3]);
	for (k = 0; k < 4; k++)
		o[k] = (1 - a) * (1 - b) * p[0][k] + a * (1 - b) * p[1][k] +
		       (1 - a) * b * p[2][k] + a * b * p[3][k];
}

/*
 * A lookup at (@s, @t) with level of detail @lambda: filters @min, @mag,
 * mipmap mode @mip, levels 0..@last.
 */
static void ref_lookup(const struct tex *t, unsigned int min,
		       unsigned int mag, unsigned int mip, unsigned int last,
		       double lambda, double s, double tt, double o[4])
{
	double lo[4], hi[4], fr;
	unsigned int d, k;

	if (lambda <= 0) {
		ref_level(t, 0, mag, s, tt, o);
		return;
	}
	if (mip == VGC_TEX_FILTER_NONE) {
		ref_level(t, 0, min, s, tt, o);
		return;
	}
	if (mip == VGC_TEX_FILTER_NEAREST) {
		d = lambda <= 0.5 ? 0 : (unsigned int)ceil(lambda + 0.5) - 1;
		ref_level(t, d > last ? last : d, min, s, tt, o);
		return;
	}
	if (lambda >= last) {
		ref_level(t, last, min, s, tt, o);
		return;
	}
	d = (unsigned int)floor(lambda);
	fr = lambda - d;
	ref_level(t, d, min, s, tt, lo);
	ref_level(t, d + 1, min, s, tt, hi);
	for (k = 0; k < 4; k++)
		o[k] = (1 - fr) * lo[k] + fr * hi[k];
}

/* ---- checking ---------------------------------------------------------- */

static bool close4(const float *got, const double *want, double tol)
{
	unsigned int k;

	for (k = 0; k < 4; k++)
		if (!(fabs(got[k] - want[k]) <= tol))
			return false;
	return true;
}

static void check(struct sim_class *cls[2], const char *path, double s,
		  double t, double lambda, const float *got,
		  const double *want, double tol)
{
	unsigned int k;

	cls[0]->cases++;
	if (cls[1] != cls[0])
		cls[1]->cases++;
	for (k = 0; k < 2 && !close4(got, want, tol); k++)
		sim_class_fail(cls[k], "%s (%g, %g) lambda %g: (%.6f %.6f %.6f "
			       "%.6f), expected (%.6f %.6f %.6f %.6f)", path,
			       s, t, lambda, got[0], got[1], got[2], got[3],
			       want[0], want[1], want[2], want[3]);
}

/*
 * The lookup at (@s, @t) whose derivatives span @rho level-0 texels
 * (rho 0: none), alone and as thread 0..3 of a quad at (@s, @t) plus
 * @rho texels along x and y (the quad's derivatives): each against the
 * reference at its own coordinate. A failure is both classes' @cls1 and
 * @cls2 (the same, or the u and the v wrap mode's).
 */
static void lookup(struct vgc_core *c, const struct sampler *sm,
		   const struct tex *t, double rho, double s, double tt,
		   double tol, struct sim_class *cls1, struct sim_class *cls2)
{
	struct sim_class *cls[2] = { cls1, cls2 };
	unsigned int min = VGC_TE_MIN(sm->cfg0), mag = VGC_TE_MAG(sm->cfg0);
	unsigned int mip = VGC_TE_MIP(sm->cfg0), k, last = sm->levels - 1;
	double lambda = rho > 0 ? log2(rho) : -HUGE_VAL, want[4];
	float dx = rho / t->w, dy = rho / t->h, o[4], qo[4][4];
	struct vgc_sh_tex_req r = {
		.sampler = sm->n, .mode = VGC_SH_TEX_IMPLICIT,
		.coord = { s, tt, 0, 1 }, .ddx = { dx, 0 }, .ddy = { 0, dy },
	};
	struct vgc_sh_tex_quad q = { .sampler = sm->n };
	struct vgc_tx_cache tc;

	ref_lookup(t, min, mag, mip, last, lambda, s, tt, want);
	if (vgc_tx_sample(c, &r, o))
		sim_class_fail(cls1, "a lookup faulted");
	check(cls, "lookup", s, tt, lambda, o, want, tol);
	for (k = 0; k < 4; k++) {
		q.coord[k][0] = s + (k & 1 ? dx : 0);
		q.coord[k][1] = tt + (k & 2 ? dy : 0);
		q.coord[k][3] = 1;
	}
	vgc_tx_cache_init(&tc, c);
	if (vgc_tx_sample_quad(&tc, &q, qo) != 4)
		sim_class_fail(cls1, "a quad's lookups did not all complete");
	for (k = 0; k < 4; k++) {
		/* the coordinates the model was given, in double */
		ref_lookup(t, min, mag, mip, last, lambda, q.coord[k][0],
			   q.coord[k][1], want);
		check(cls, "quad lookup", q.coord[k][0], q.coord[k][1],
		      lambda, qo[k], want, tol);
	}
}

/* ---- the magnification table ------------------------------------------ */

enum { SZ_ONE, SZ_POT, SZ_NPOT, SIZES };

static const char *const size_name[SIZES] = { "one", "pot", "npot" };

static const unsigned int sizes[SIZES][3][2] = {
	[SZ_ONE] = { { 1, 1 }, { 1, 8 }, { 8, 1 } },
	[SZ_POT] = { { 2, 2 }, { 8, 4 }, { 16, 16 } },
	[SZ_NPOT] = { { 5, 3 }, { 12, 7 }, { 3, 16 } },
};

/* classes: wrap mode x filter x size class (NPOT: CLAMP_TO_EDGE only) */
static struct sim_class mag_cls[3][3][SIZES];

/*
 * Coordinates along an axis of @n texels: texel centres and points a
 * fifth of a texel either side of them from -2n to 3n texels, and the
 * edges -2, -1, 0, 1, 2 (exact texel boundaries: the same texel by GL ES
 * 2.0's rule and later GLs' in every mode).
 */
static unsigned int coords(unsigned int n, double *out, unsigned int max)
{
	static const double frac[] = { 0.5, 0.3, 0.7 };
	unsigned int k = 0, f;
	int i;

	for (i = -2; i <= 2; i++)
		out[k++] = i;
	for (i = -2 * (int)n; i < 3 * (int)n && k + 3 <= max;
	     i += n > 4 ? 3 : 1)
		for (f = 0; f < 3; f++)
			out[k++] = (i + frac[f]) / n;
	return k;
}

static void t_magnify(struct vgc_core *c)
{
	unsigned int z, sz, uw, vw, f, i, j, ns, nt, pass;
	double sc[64], tc[64];

	for (z = 0; z < SIZES; z++)
		for (sz = 0; sz < 3; sz++)
			for (uw = 0; uw < 3; uw++)
				for (vw = 0; vw < 3; vw++)
					for (f = 1; f <= 2; f++) {
		const unsigned int w = sizes[z][sz][0], h = sizes[z][sz][1];
		struct tex t = { w, h, uw, vw };
		struct sampler s = {
			.n = 3,
			.cfg0 = cfg0(VGC_TEX_TYPE_2D, uw, vw, f,
				     VGC_TEX_FILTER_NONE, f,
				     VGC_TEX_FMT_A8R8G8B8, 0),
			.cfg1 = cfg1(SWZ_ID, VGC_TEX_HALIGN_FOUR),
			.size = w | h << 16,
			.lod = lodcfg(0, 0, false, 0),
		};
		double tol = f == VGC_TEX_FILTER_NEAREST ? 1e-6 : 1e-4;
		const unsigned int cl = VGC_TEX_WRAP_CLAMP_TO_EDGE;

		/* a size that is no power of two: CLAMP_TO_EDGE only */
		if (((w & (w - 1)) && uw != VGC_TEX_WRAP_CLAMP_TO_EDGE) ||
		    ((h & (h - 1)) && vw != VGC_TEX_WRAP_CLAMP_TO_EDGE))
			continue;
		place(&s, w, h, 1);
		ns = coords(w, sc, ARRAY_SIZE(sc));
		nt = coords(h, tc, ARRAY_SIZE(tc));
		/* through the linear window, then the page table */
		for (pass = 0; pass < 2; pass++) {
			if (pass)
				through_mmu(c, &s);
			else
				program(c, &s, false);
			for (i = 0; i < ns; i++)
				for (j = 0; j < nt; j += 3)
					lookup(c, &s, &t, 1.0 / 1024, sc[i],
					       tc[j], tol, &mag_cls[z == SZ_NPOT ?
								   cl : uw][f][z],
					       &mag_cls[z == SZ_NPOT ?
							cl : vw][f][z]);
		}
	}
}

/* ---- the minification table ------------------------------------------- */

/*
 * Classes: min filter (NEAREST, LINEAR) x mipmap mode (none, NEAREST,
 * LINEAR), each mipmap mode with the other filter magnifying. Without
 * mipmaps the sampler is as Mesa loads it (LOD_CONFIG MIN = MAX = 0: the
 * base level) and magnifies with the same filter: which filter a
 * minified lookup takes there when they differ depends on whether the
 * hardware decides magnification before or after that clamp, which no
 * public description says.
 */
static struct sim_class min_cls[3][3];

/* The lookups of the minification table in sampler @s. */
static void minify(struct vgc_core *c, const struct sampler *s,
		   const struct tex *t, unsigned int min, unsigned int mip)
{
	/* lambda: magnified at and below 0; at, between and past levels */
	static const double lambdas[] = {
		-1, 0, 0.7, 1, 1.3, 1.9, 2, 2.6, 3, 3.3, 4, 5.5,
	};
	/* multiples of 1/64: the quad's coordinates exact in floats */
	static const double st[][2] = {
		{ 0.40625, 0.59375 }, { -0.296875, 1.703125 },
		{ 0.03125, 0.96875 }, { 1.0, 0.0 }, { 2.515625, -1.5 },
	};
	unsigned int l, i;

	for (l = 0; l < ARRAY_SIZE(lambdas); l++)
		for (i = 0; i < ARRAY_SIZE(st); i++)
			lookup(c, s, t, exp2(lambdas[l]), st[i][0], st[i][1],
			       min == 1 && mip != 2 && lambdas[l] > 0 ?
			       1e-6 : 1e-4, &min_cls[min][mip],
			       &min_cls[min][mip]);
}

static void t_minify(struct vgc_core *c)
{
	static const unsigned int wraps[] = {
		VGC_TEX_WRAP_REPEAT, VGC_TEX_WRAP_CLAMP_TO_EDGE,
		VGC_TEX_WRAP_MIRRORED_REPEAT,
	};
	unsigned int min, mip, w, p;

	for (min = 1; min <= 2; min++)
		for (mip = 0; mip <= 2; mip++)
			for (w = 0; w < ARRAY_SIZE(wraps); w++) {
				struct tex t = { 16, 16, wraps[w], wraps[w] };
				struct sampler s = {
					.n = 5,
					.cfg0 = cfg0(VGC_TEX_TYPE_2D, wraps[w],
						     wraps[w], min, mip,
						     mip ? 3 - min : min,
						     VGC_TEX_FMT_A8R8G8B8, 0),
					.cfg1 = cfg1(SWZ_ID,
						     VGC_TEX_HALIGN_FOUR),
					.size = 16 | 16u << 16,
					.lod = lodcfg(0, mip ? LEVELS - 1 : 0,
						      false, 0),
				};

				place(&s, 16, 16, LEVELS);
				for (p = 0; p < 2; p++) {
					if (p)
						through_mmu(c, &s);
					else
						program(c, &s, false);
					minify(c, &s, &t, min, mip);
				}
			}
}

int main(void)
{
	static char names[3 * 3 * SIZES + 9][56];
	unsigned int n = 0, w, f, z;

	if (sim_test_begin())
		return 1;
	for (w = 0; w < 3; w++)
		for (f = 1; f <= 2; f++)
			for (z = 0; z < SIZES; z++) {
				if (z == SZ_NPOT &&
				    w != VGC_TEX_WRAP_CLAMP_TO_EDGE)
					continue;
				snprintf(names[n], sizeof(names[n]),
					 "tx-%s-%s-%s", wrap_name[w],
					 filt_name[f], size_name[z]);
				mag_cls[w][f][z].name = names[n++];
			}
	for (f = 1; f <= 2; f++)
		for (w = 0; w < 3; w++) {
			snprintf(names[n], sizeof(names[n]),
				 "tx-min-%s-mip-%s", filt_name[f],
				 filt_name[w]);
			min_cls[f][w].name = names[n++];
		}
	run_table("tx-magnify", t_magnify, "gc2000", &mag_cls[0][0][0],
		  3 * 3 * SIZES);
	run_table("tx-minify", t_minify, "gc2000", &min_cls[0][0], 9);
	return sim_test_end("sim wrap and filter tables");
}
