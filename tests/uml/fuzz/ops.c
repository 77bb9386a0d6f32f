// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz, ops: 3D draws as a GL driver makes them, on an MMUv1 3D core
 * (main.c). Each iteration builds one draw with lib/draw3d.h: the
 * shaders, the viewport, the colour target, and at random a D16 depth
 * target, the colour tile status, a texture and 16-bit indices, each at
 * an offset of its buffer that is mostly inside it (its start, its very
 * end, anywhere between) and sometimes just past its end; the vertices
 * anywhere in their buffer. Then, for most draws, one to three changes:
 * a state value, a relocation's offset, or the draw's first vertex or
 * count. A draw left as built, inside its buffers, must be accepted (a
 * refusal is a finding: the validator must not refuse what a client
 * sends in bounds); any accepted draw must complete and keep the oracles
 * (main.c).
 */
#include "fuzz.h"

#include "draw3d.h"
#include "etna_states.h"

static struct buf rt, vb, ib, tex, ts, depth;
/* the state values of the stream being built (state_words()) */
static unsigned int values[MAX_WORDS];

/* Where in @b an object of @bytes goes: inside, or (@out) past the end. */
static uint32_t place(const struct buf *b, uint32_t bytes, uint32_t align,
		      bool *out)
{
	uint32_t room = (b->size - bytes) / align;

	switch (rnd(8)) {
	case 0:
		return 0;
	case 1:
	case 2:
		return room * align;
	case 3:
		*out = true;
		return room * align + align * (1 + rnd(2));
	default:
		return align * rnd(room + 1);
	}
}

/* A value for a changed relocation offset: near the ends, or anything. */
static uint32_t edge_offset(void)
{
	switch (rnd(4)) {
	case 0:
		return 4096 - 64 * rnd(4);
	case 1:
		return 4096 + 64 * rnd(4);
	case 2:
		return 8192 + 64 * rnd(8) - 256;
	default:
		return interesting();
	}
}

/* The words of @s that are state values (LOAD_STATE payloads). */
static unsigned int state_words(const struct stream *s, unsigned int *at)
{
	unsigned int i = 0, n = 0, k, count;

	while (i < s->n) {
		uint32_t hdr = s->w[i];

		if (ETNA_OP(hdr) != ETNA_OP_LOAD_STATE) {
			i += etna_cmd_words(hdr);
			continue;
		}
		count = hdr >> ETNA_LS_COUNT_SHIFT & ETNA_LS_COUNT_MASK;
		count = count ?: 1024;
		for (k = 0; k < count && i + 1 + k < s->n; k++)
			at[n++] = i + 1 + k;
		i += (1 + count + 1) & ~1u;
	}
	return n;
}

/* One to three changes to the built draw @s, whose command is at @cmd. */
static void mutate(struct stream *s, unsigned int cmd)
{
	unsigned int n = state_words(s, values), k = 1 + rnd(3);

	while (k--) {
		switch (rnd(3)) {
		case 0:
			if (!n)
				break;
			s->w[values[rnd(n)]] = chance(50) ? interesting() :
					       s->w[values[rnd(n)]] ^ 1u << rnd(32);
			break;
		case 1:
			s->relocs[rnd(s->nr_relocs)].reloc_offset =
				edge_offset();
			break;
		default:
			/* FIRST or COUNT of DRAW_PRIMITIVES / _INDEXED */
			s->w[cmd + 2 + rnd(2)] = chance(50) ? interesting() :
						 s->w[cmd + 2] + rnd(130);
			break;
		}
	}
}

/* Six indices of the rectangle's vertices from @at, at @off in @ib. */
static void write_indices(uint32_t off, unsigned int at)
{
	uint16_t idx[6];
	unsigned int i;

	for (i = 0; i < 6; i++)
		idx[i] = at + i;
	if (off + sizeof(idx) <= ib.size)
		memcpy(ib.map + off, idx, sizeof(idx));
}

/* One ops iteration; false on a finding. */
static bool ops_iter(uint64_t seed, uint64_t it)
{
	static struct stream s;
	bool out = false, indexed, tx, changed;
	uint32_t rt_off, off, fence;
	unsigned int at, cmd;
	struct oracle before;
	int ret;

	prof(PROF_BUILD);
	seed_rng(seed, it);
	sh->cur_iter = it;
	at = rnd(vb.size / VTX_BYTES - 5);
	indexed = chance(30);
	tx = chance(30);
	rect_vertices(&vb, at);
	rt_off = place(&rt, RT_BYTES, 64, &out);
	setup(&s, &rt, rt_off, W, H, STRIDE, &vb, tx);
	if (chance(30))
		depth_target(&s, &depth, place(&depth, W * H * 2, 64, &out),
			     W * H);
	if (chance(20) && !rt_off && !out)
		color_ts(&s, &ts, place(&ts, RT_BYTES / 64 * d3_ts_bits / 8,
					16, &out), &rt);
	if (tx)
		texture_8x8(&s, &tex, place(&tex, 256, 64, &out));
	if (indexed) {
		off = place(&ib, 12, 2, &out);
		write_indices(off, at);
		index_stream(&s, &ib, off);
	}
	cmd = s.n;
	if (indexed)
		draw_indexed(&s, 0, 2);
	else
		draw(&s, at, 2);
	changed = chance(70);
	if (changed) {
		mutate(&s, cmd);
		sh->mutated++;
	}
	sh->cmd_count[ETNA_OP(s.w[cmd])]++;
	sh->state_loads += state_words(&s, values);
	sh->relocs += s.nr_relocs;
	prof(PROF_BUILD);
	oracle_last(&before);
	prof(PROF_ORACLE);
	ret = submit(&s, &fence, -1);
	prof(PROF_SUBMIT);
	sh->iters++;
	if (ret) {
		sh->refused++;
		if ((!changed && !out) ||
		    (ret != -EINVAL && ret != -EBUSY && ret != -ENOMEM)) {
			finding("ops seed=0x%llx iter=%llu: a draw %s refused: "
				"%s (replay: fuzz --mode ops --seed 0x%llx "
				"--first %llu --iters 1)",
				(unsigned long long)seed,
				(unsigned long long)it,
				changed || out ? "changed" : "in bounds",
				err_name(ret), (unsigned long long)seed,
				(unsigned long long)it);
			dump_stream(s.w, s.n, s.relocs, s.nr_relocs);
			return false;
		}
		return true;
	}
	sh->accepted++;
	if (!accepted_job_held(d3_fd, d3_pipe, fence, &before, "ops", seed,
			       it)) {
		dump_stream(s.w, s.n, s.relocs, s.nr_relocs);
		return false;
	}
	return true;
}

void run_ops(int fd, uint64_t seed, uint64_t first, uint64_t iters,
	     uint64_t loop, uint64_t deadline)
{
	if (!mmuv1 || !find_core(fd)) {
		printf("INFO: fuzz/ops: no MMUv1 3D core: nothing to run\n");
		why[0] = '\0';
		return;
	}
	if (!buf_new(&rt, 2 * RT_BYTES) || !buf_new(&vb, 4096) ||
	    !buf_new(&ib, 4096) || !buf_new(&tex, 4096) ||
	    !buf_new(&ts, 4096) || !buf_new(&depth, 4096)) {
		finding("ops: buffers: %s", why);
		return;
	}
	run_iterations(seed, first, iters, loop, deadline, ops_iter);
	buf_free(&rt);
	buf_free(&vb);
	buf_free(&ib);
	buf_free(&tex);
	buf_free(&ts);
	buf_free(&depth);
}
