// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 2D engine's loops over whole spans (sim/doc/2d-engine.md): each
 * computes, on whole words or pixels of the destination layout, what the
 * per-pixel path computes for each pixel (vgc_de_span.c says how):
 * format conversions and the colour key, the ROP's algebraic normal form
 * over a span, mono expansions, stretch gathers. In user space on x86-64
 * they are compiled for AVX2 too (span_loop, vgc_types.h).
 */
#include "vgc.h"
#include "vgc_de_int.h"

/*
 * The third set runs only with the masks of A8R8G8B8 (or X) to R5G6B5,
 * as constants: the narrowing takes a fifth less time so (the widening
 * sets gain nothing); other masks with its distances go to vgc_de_conv_any().
 */
const u32 vgc_de_conv_8888_565_m[6] = { 0xf80000, 0xfc00, 0xf8, 0, 0, 0 };

/* One term of a set: the mask @m moved by the constant @d. */
static __always_inline u32 shifted(u32 v, u32 m, int d)
{
	return d >= 0 ? (v & m) << (d & 31) : (v & m) >> (-d & 31);
}

/* A set's loop; M(k) is mask k for the pixel j of a block. */
#define CONV_LOOP(M, d0, d1, d2, d3, d4)				\
	do {								\
		for (i = 0; i < n; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++) {			\
				u32 v = in[i + j], r = M(5);		\
									\
				r |= shifted(v, M(0), d0) |		\
				     shifted(v, M(1), d1) |		\
				     shifted(v, M(2), d2) |		\
				     shifted(v, M(3), d3) |		\
				     shifted(v, M(4), d4);		\
				out[i + j] = r;				\
			}						\
	} while (0)

#define CONV_M_ANY(k)		m[k][j]
#define CONV_M_8888_565(k)	vgc_de_conv_8888_565_m[k]

/* conv_SD(): the conversion of a set, with the masks in @m */
#define CONV_SET(S, D, ST, DT, d0, d1, d2, d3, d4)			\
noinline span_loop void							\
vgc_de_conv_##S##_##D(const ST *restrict in, DT *restrict out,		\
		      unsigned int n, const u32 (*restrict m)[BLK])	\
{									\
	unsigned int i, j;						\
									\
	CONV_LOOP(CONV_M_ANY, d0, d1, d2, d3, d4);			\
}

CONV_SET(565, 8888, u16, u32, 8, 5, 3, -1, -2)
CONV_SET(4444, 8888, u16, u32, 16, 12, 8, 4, 0)

noinline span_loop void
vgc_de_conv_8888_565(const u32 *restrict in, u16 *restrict out, unsigned int n)
{
	unsigned int i, j;

	CONV_LOOP(CONV_M_8888_565, -8, -5, -3, 0, 0);
}

/* key_SD(): all ones for a source pixel the colour key makes transparent */
#define DEFINE_KEY(S, D, ST, DT)					\
noinline span_loop void							\
vgc_de_key_##S##_##D(const struct vgc_de *de, const ST *restrict in,	\
		     DT *restrict out, unsigned int n)			\
{									\
	u32 km = de->keymask, kv = de->keyraw;				\
	unsigned int i, j;						\
									\
	for (i = 0; i < n; i += BLK)					\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			out[i + j] = -(DT)((in[i + j] & km) == kv);	\
}

DEFINE_KEY(2, 2, u16, u16)
DEFINE_KEY(2, 4, u16, u32)
DEFINE_KEY(4, 2, u32, u16)
DEFINE_KEY(4, 4, u32, u32)

/*
 * The masks of @n pixels (@bpp bytes each) from contiguous mono bits, the
 * first at bit @bo of @bits: 8 pixels a byte, through @mtab (the tail of
 * the last 8 is padding).
 */
noinline span_loop void vgc_de_expand_mono(u8 *restrict out,
					   const u8 *restrict bits,
					   const u64 (*restrict mtab)[4],
					   unsigned int n, unsigned int bo,
					   unsigned int bpp)
{
	unsigned int i, v;

	if (bo == 0 && bpp == 4) {	/* whole bytes */
		for (i = 0; i < n; i += 8)
			memcpy(out + i * 4, mtab[bits[i / 8]], 32);
		return;
	}
	for (i = 0; i < n; i += 8) {
		v = (bits[i / 8] | bits[i / 8 + 1] << 8) >> bo;
		memcpy(out + i * bpp, mtab[v & 0xff], 8 * bpp);
	}
}

/*
 * o = k0 ^ k1 & S ^ k2 & D ^ k3 & S & D over @nw words, the coefficients
 * @k a block of words each; a loop for each set of them that is not 0.
 * D is the word at @d, or at @o itself (in place).
 */
#define EVAL_BODY(D)							\
	do {								\
		unsigned int i, j, w;					\
		u64 nz[4] = { 0 };					\
									\
		for (w = 0; w < BLK; w++) {				\
			nz[1] |= k[1][w];				\
			nz[2] |= k[2][w];				\
			nz[3] |= k[3][w];				\
		}							\
		if (!nz[1] && !nz[2] && !nz[3]) {	/* fill */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j];		\
		} else if (!nz[1] && !nz[3]) {	/* P ^ D, ~D */		\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[2][j] & (D)[i + j]); \
		} else if (!nz[2] && !nz[3]) {	/* S, ~S, P ^ S */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]); \
		} else if (!nz[3]) {		/* S ^ D, P ? S : D */	\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]) ^ \
						   (k[2][j] & (D)[i + j]); \
		} else if (!nz[1] && !nz[2]) {	/* S & D */		\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[3][j] & s[i + j] & \
						    (D)[i + j]);		\
		} else {						\
			for (i = 0; i < nw; i += BLK)			\
				UNROLL					\
				for (j = 0; j < BLK; j++)	\
					o[i + j] = k[0][j] ^		\
						   (k[1][j] & s[i + j]) ^ \
						   (k[2][j] & (D)[i + j]) ^ \
						   (k[3][j] & s[i + j] & \
						    (D)[i + j]);		\
		}							\
	} while (0)

void vgc_de_eval_in(u64 *restrict o, const u64 *restrict s,
		    const u64 (*restrict k)[BLK], unsigned int nw)
{
	EVAL_BODY(o);
}

void vgc_de_eval_to(u64 *restrict o, const u64 *restrict s,
		    const u64 *restrict d, const u64 (*restrict k)[BLK],
		    unsigned int nw)
{
	EVAL_BODY(d);
}

/*
 * A mono source: S is fixed per mono bit, so each word is a0 ^ a2 & D
 * where the bit (@m) is 1 and b0 ^ b2 & D where it is 0, into @d.
 */
void vgc_de_eval_mono(u64 *restrict d, const u64 *restrict m,
		      const u64 (*restrict a)[BLK],
		      const u64 (*restrict b)[BLK], unsigned int nw)
{
	unsigned int i, j, w;
	u64 nz = 0;

	for (w = 0; w < BLK; w++)
		nz |= a[2][w] | b[2][w];
	if (!nz) {
		/* expansion to two colours (or two pattern rows) */
		for (i = 0; i < nw; i += BLK)
			UNROLL
			for (j = 0; j < BLK; j++)
				d[i + j] = mux64(m[i + j], a[0][j], b[0][j]);
		return;
	}
	for (i = 0; i < nw; i += BLK)
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = mux64(m[i + j], a[0][j] ^ (a[2][j] & d[i + j]),
					 b[0][j] ^ (b[2][j] & d[i + j]));
}

/* d = @sel ? d : @o, word-wise (the colour key keeps D). */
void vgc_de_keep_d(u64 *restrict d, const u64 *restrict sel,
		   const u64 *restrict o, unsigned int nw)
{
	unsigned int i, j;

	for (i = 0; i < nw; i += BLK)
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = mux64(sel[i + j], d[i + j], o[i + j]);
}

/*
 * d = k0 ^ k1 & S ^ k2 & D ^ k3 & S & D over @n pixels of type T in
 * place, the coefficients @k a block of pixels each; a loop for each set
 * of them that is not 0, then the pixels past the last whole block.
 */
#define DEFINE_INPLACE(name, T)						\
noinline span_loop void							\
name(T *restrict d, const T *restrict s,				\
	const T(*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, m = n / BLK * BLK;				\
	T z1 = 0, z2 = 0, z3 = 0;					\
									\
	for (j = 0; j < BLK; j++) {					\
		z1 |= k[1][j];						\
		z2 |= k[2][j];						\
		z3 |= k[3][j];						\
	}								\
	if (!z1 && !z3) {		/* P, P ^ D, ~D */		\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[2][j] & d[i + j]); \
	} else if (!z2 && !z3) {	/* ~S, P ^ S */			\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]); \
	} else if (!z3) {		/* S ^ D, P ? S : D */		\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]) ^ \
					   (k[2][j] & d[i + j]);	\
	} else if (!z1 && !z2) {	/* S & D */			\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^			\
					   (k[3][j] & s[i + j] & d[i + j]); \
	} else {							\
		for (i = 0; i < m; i += BLK)				\
			UNROLL						\
			for (j = 0; j < BLK; j++)		\
				d[i + j] = k[0][j] ^ (k[1][j] & s[i + j]) ^ \
					   (k[2][j] & d[i + j]) ^	\
					   (k[3][j] & s[i + j] & d[i + j]); \
	}								\
	for (i = m; i < n; i++) {					\
		j = i % BLK;						\
		d[i] = k[0][j] ^ (z1 ? k[1][j] & s[i] : 0) ^		\
		       (k[2][j] & d[i]) ^				\
		       (z3 ? k[3][j] & s[i] & d[i] : 0);		\
	}								\
}									\
									\
/* The same with a mono source: @a where the bit (@m) is 1, else @b. */	\
noinline span_loop void							\
name##_mono(T *restrict d, const T *restrict m,				\
	    const T (*restrict a)[BLK],					\
	    const T (*restrict b)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T z = 0;							\
									\
	for (j = 0; j < BLK; j++)					\
		z |= a[2][j] | b[2][j];					\
	for (i = 0; !z && i < e; i += BLK)	/* D not read */	\
		UNROLL							\
		for (j = 0; j < BLK; j++)				\
			d[i + j] = (m[i + j] & a[0][j]) |		\
				   (~m[i + j] & b[0][j]);		\
	for (i = z ? 0 : e; i < e; i += BLK)				\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			d[i + j] = (m[i + j] & (a[0][j] ^		\
						(a[2][j] & d[i + j]))) | \
				   (~m[i + j] & (b[0][j] ^		\
						 (b[2][j] & d[i + j])));\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		d[i] = (m[i] & (a[0][j] ^ (a[2][j] & d[i]))) |		\
		       (~m[i] & (b[0][j] ^ (b[2][j] & d[i])));		\
	}								\
}									\
									\
/* The same with a colour key: D stays where @t is all ones. */		\
noinline span_loop void							\
name##_key(T *restrict d, const T *restrict s,				\
	   const T *restrict t,						\
	   const T (*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T o;								\
									\
	for (i = 0; i < e; i += BLK)					\
		UNROLL							\
		for (j = 0; j < BLK; j++)			\
			d[i + j] = (t[i + j] & d[i + j]) |		\
				   (~t[i + j] &				\
				    (k[0][j] ^ (k[1][j] & s[i + j]) ^	\
				     (k[2][j] & d[i + j]) ^		\
				     (k[3][j] & s[i + j] & d[i + j])));	\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		o = k[0][j] ^ (k[1][j] & s[i]) ^ (k[2][j] & d[i]) ^	\
		    (k[3][j] & s[i] & d[i]);				\
		d[i] = (t[i] & d[i]) | (~t[i] & o);			\
	}								\
}

/*
 * inplace_N_keyed(): the same with the colour key on @s itself (no
 * conversion): D stays where (S & @km) == @kv.
 */
#define DEFINE_KEYED(name, T)						\
noinline span_loop void							\
name(T *restrict d, const T *restrict s,				\
	const T *restrict km, const T *restrict kv,			\
	const T (*restrict k)[BLK], unsigned int n)			\
{									\
	unsigned int i, j, e = n / BLK * BLK;				\
	T t, o;								\
									\
	for (i = 0; i < e; i += BLK) {					\
		UNROLL							\
		for (j = 0; j < BLK; j++) {				\
			t = -(T)((s[i + j] & km[j]) == kv[j]);		\
			o = k[0][j] ^ (k[1][j] & s[i + j]) ^		\
			    (k[2][j] & d[i + j]) ^			\
			    (k[3][j] & s[i + j] & d[i + j]);		\
			d[i + j] = (t & d[i + j]) | (~t & o);		\
		}							\
	}								\
	for (i = e; i < n; i++) {					\
		j = i % BLK;						\
		t = -(T)((s[i] & km[j]) == kv[j]);			\
		o = k[0][j] ^ (k[1][j] & s[i]) ^ (k[2][j] & d[i]) ^	\
		    (k[3][j] & s[i] & d[i]);				\
		d[i] = (t & d[i]) | (~t & o);				\
	}								\
}

DEFINE_INPLACE(vgc_de_inplace_32, u32)
DEFINE_INPLACE(vgc_de_inplace_16, u16)

/*
 * vgc_de_inplace_32_mono() with the span's mono bits themselves, 8 pixels a
 * byte from the first bit of @bits, each byte's masks read from @mtab:
 * one pass instead of a first one writing the span's masks. Where D is
 * read, a block's loads all come before its stores, so that GCC
 * vectorises the loop (it does not prove @mtab's rows apart from @d).
 */
noinline span_loop void
vgc_de_inplace_32_mono_bits(u32 *restrict d, const u8 *restrict bits,
			    const u64 (*restrict mtab)[4],
			    const u32 (*restrict a)[BLK],
			    const u32 (*restrict b)[BLK], unsigned int n)
{
	unsigned int i, j, e = n / BLK * BLK;
	const u32 *m;
	u32 z = 0, t[BLK];

	for (j = 0; j < BLK; j++)
		z |= a[2][j] | b[2][j];
	for (i = 0; !z && i < e; i += BLK) {	/* D not read */
		m = (const u32 *)mtab[bits[i / BLK]];
		UNROLL
		for (j = 0; j < BLK; j++)
			d[i + j] = (m[j] & a[0][j]) | (~m[j] & b[0][j]);
	}
	for (i = z ? 0 : e; i < e; i += BLK) {
		m = (const u32 *)mtab[bits[i / BLK]];
		UNROLL
		for (j = 0; j < BLK; j++)	/* every load before a store */
			t[j] = b[0][j] ^ (b[2][j] & d[i + j]) ^
			       (m[j] & (a[0][j] ^ b[0][j] ^
					((a[2][j] ^ b[2][j]) & d[i + j])));
		memcpy(d + i, t, sizeof(t));
	}
	if (e == n)
		return;
	m = (const u32 *)mtab[bits[e / BLK]];
	for (j = 0; e + j < n; j++)	/* the pixels past the last block */
		d[e + j] = (m[j] & (a[0][j] ^ (a[2][j] & d[e + j]))) |
			   (~m[j] & (b[0][j] ^ (b[2][j] & d[e + j])));
}

DEFINE_KEYED(vgc_de_inplace_32_keyed, u32)
DEFINE_KEYED(vgc_de_inplace_16_keyed, u16)

/* Stretch: g[i] = s[idx[i]] for @n pixels of 16 bits. */
noinline span_loop void vgc_de_gather_16(u16 *restrict g,
					 const u16 *restrict s,
					 const u32 *restrict idx,
					 unsigned int n)
{
	unsigned int i, j, e = n / BLK * BLK;

	for (i = 0; i < e; i += BLK) {
		UNROLL
		for (j = 0; j < BLK; j++)
			g[i + j] = s[idx[i + j]];
	}
	for (i = e; i < n; i++)
		g[i] = s[idx[i]];
}

/* A block of 32-bit pixels, for the permutes of vgc_de_gather_32() */
typedef u32 vgc_de_px8 __attribute__((__vector_size__(4 * BLK)));

/*
 * The same for 32-bit pixels, from a source of @ns pixels; @sorted: idx
 * never decreases. A block whose pixels all come from the BLK source
 * pixels at its first one's is a permute of those (GCC makes it what the
 * target has: one instruction with AVX2, a pixel at a time without).
 * stretch_index() gives sorted indices for every stretch the engine
 * draws today (an unsigned factor from the rectangle's left edge); the
 * flag keeps the permute, which would take an index modulo BLK, from
 * ever reading a wrong pixel if that changes.
 */
noinline span_loop void vgc_de_gather_32(u32 *restrict g,
					 const u32 *restrict s,
					 const u32 *restrict idx,
					 unsigned int n, unsigned int ns,
					 bool sorted)
{
	unsigned int i, j, b;
	vgc_de_px8 v, m;

	for (i = 0; i + BLK <= n; i += BLK) {
		b = idx[i];
		if (sorted && idx[i + BLK - 1] - b < BLK && b + BLK <= ns) {
			memcpy(&v, s + b, sizeof(v));
			memcpy(&m, idx + i, sizeof(m));
			v = __builtin_shuffle(v, m - b);
			memcpy(g + i, &v, sizeof(v));
			continue;
		}
		UNROLL
		for (j = 0; j < BLK; j++)
			g[i + j] = s[idx[i + j]];
	}
	for (; i < n; i++)
		g[i] = s[idx[i]];
}
