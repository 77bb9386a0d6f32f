#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench-ktime.py RAW: the in-kernel half of make bench's report.

RAW holds the lines tests/uml/bench.c printed from the kernel's timing files
(kernel/patches: debugfs dri/N/ioctl_times, drm_sched/*, vgc-model/*/jobs),
each prefixed by scripts/bench with the driver and the run:

  DRIVER RUN KTIME KEY NR NAME CALLS TOTAL_NS SAMPLES MIN P10 MEDIAN P90 MAX
  DRIVER RUN SCHED KEY PUSH_NS RUN_NS DONE_NS
  DRIVER RUN MODEL KEY START_NS IRQ_NS BUSY_NS

It prints, for each measurement, the time per call inside the kernel with
both drivers (the mean over the calls of a run, as the kernel's clock
ticks in steps of a fraction of a microsecond under UML, then the median
over the runs; min and max over every call of every run; spread: half the
p10..p90 range of the calls, as a share of the mean), the ratio of the
means and, for information, of the medians, every ioctl compared, the
phases of the jobs, and the goals met or not (on the means).
"""
import statistics
import sys
from collections import defaultdict

DRIVERS = ('upstream', 'ours')
NR_GET_PARAM, NR_GEM_NEW, NR_SUBMIT = 0x40, 0x42, 0x46
NR_FAULT = 0x100    # then mmap: not ioctls (kernel/patches)
LABEL = {
    'getparam_us': 'GET_PARAM',
    'floor_us': 'SUBMIT refused at its first check',
    'submit_us': 'empty submit',
    'relocs_us': 'submit, 64 BOs + 256 relocs',
    'stream64k_us': 'submit of a 64 KiB stream',
    'bo_cycle_us': 'BO create+mmap+fault+close',
    'one_client_us': 'no-op submit, one client',
    'two_clients_us': 'the same, two clients',
    'idx_scan_us': 'submit, 3000 indices read',
    'idx_noscan_us': 'submit, 3000 indices not read',
    'mesa_cube_us': "Mesa's submits: the cube scene",
    'mesa_gl_us': "Mesa's submits: the GL tests",
}
# (measurement, most ours/upstream may be), in-kernel per call
GOALS = [('relocs_us', 0.7), ('stream64k_us', 0.6), ('submit_us', 0.8),
         ('bo_cycle_us', 0.6), ('mesa_cube_us', 1.2), ('mesa_gl_us', 1.2)]
MAIN_NR = {'getparam_us': NR_GET_PARAM}


def med(v):
    return statistics.median(v) if v else None


def load(path):
    kt = defaultdict(dict)   # (drv, run, key) -> nr -> fields
    names = {}
    sched = defaultdict(list)  # (drv, run, key) -> [(push, run, done)]
    model = defaultdict(list)  # (drv, run, key) -> [(start, irq, busy)]
    for line in open(path):
        f = line.split()
        if len(f) < 4:
            continue
        drv, run, tag, key = f[:4]
        k = (drv, run, key)
        if tag == 'KTIME' and len(f) == 14:
            nr = int(f[4], 16)
            names.setdefault(nr, f[5])
            kt[k][nr] = dict(zip(('calls', 'total', 'n', 'min', 'p10', 'med',
                                  'p90', 'max'), map(int, f[6:14])))
        elif tag == 'SCHED' and len(f) == 7:
            sched[k].append(tuple(map(int, f[4:7])))
        elif tag == 'MODEL' and len(f) == 7:
            model[k].append(tuple(map(int, f[4:7])))
    return kt, names, sched, model


def per_call(key, ioctls):
    """One run's in-kernel ns per operation: (min, p10, mean, p90, max,
    median)."""
    if key == 'bo_cycle_us':
        # Create, GEM_INFO, mmap, faults and close: the sum of each
        # entry's statistic weighted by its calls per cycle. The median of
        # an entry called more than once a cycle (the faults: the first of
        # a cycle allocates the pages, the others do not) says nothing of
        # a cycle: its mean counts there instead.
        cycles = ioctls.get(NR_GEM_NEW, {}).get('calls')
        if not cycles:
            return None

        def stat(e, s):
            if not s or (s == 'med' and e['calls'] > cycles):
                return e['total'] / e['calls']
            return e[s]
        return tuple(sum(stat(e, s) * e['calls'] / cycles
                         for e in ioctls.values())
                     for s in ('min', 'p10', None, 'p90', 'max', 'med'))
    e = ioctls.get(MAIN_NR.get(key, NR_SUBMIT))
    if not e:
        return None
    return (e['min'], e['p10'], e['total'] / e['calls'], e['p90'], e['max'],
            e['med'])


def per_op(key, ioctls, nr):
    """Mean ns of entry @nr per call; for a BO cycle, per cycle."""
    e = ioctls[nr]
    cycles = ioctls.get(NR_GEM_NEW, {}).get('calls')
    if key == 'bo_cycle_us' and cycles:
        return e['total'] / cycles
    return e['total'] / e['calls']


def phases(jobs, stretches):
    """Per job: scheduler, ring, model, interrupt, total (ns)."""
    stretches = sorted(stretches, key=lambda s: s[1])
    out = []
    i = 0
    for push, run, done in sorted(jobs, key=lambda j: j[2]):
        # the last interrupt the model delivered before the fence signalled
        while i + 1 < len(stretches) and stretches[i + 1][1] <= done:
            i += 1
        if not stretches or stretches[i][1] > done or stretches[i][1] < run:
            continue
        start, irq, _ = stretches[i]
        start = max(start, run)
        out.append((run - push, start - run, irq - start, done - irq,
                    done - push))
    return out


def us(ns):
    return f"{ns / 1e3:.2f}" if ns is not None else '-'


def main():
    kt, names, sched, model = load(sys.argv[1])
    keys = []
    for (_, _, key) in kt:
        if key not in keys:
            keys.append(key)
    result, result_med = {}, {}
    print()
    print("inside the kernel, per call (µs): mean [min..max] "
          "±spread (half p10..p90, of the mean);")
    print("ours/upstream: the ratio of the means, and of the medians (a few "
          "calls of milliseconds move a mean;")
    print("a median moves in steps of UML's 0.256 µs clock)")
    print(f"{'measurement':<34} {'upstream':>26} {'ours':>26}  ours/upstream"
          "  medians")
    for key in keys:
        row = {}
        for drv in DRIVERS:
            runs = [per_call(key, v) for (d, _, k), v in kt.items()
                    if d == drv and k == key]
            runs = [r for r in runs if r]
            if not runs:
                continue
            m = med([r[2] for r in runs])
            spread = med([(r[3] - r[1]) / 2 / r[2] * 100 for r in runs if r[2]])
            row[drv] = (min(r[0] for r in runs), m, max(r[4] for r in runs),
                        spread, med([r[5] for r in runs]))
        cells = []
        for drv in DRIVERS:
            if drv in row:
                lo, m, hi, sp, _ = row[drv]
                cells.append(f"{us(m)} [{us(lo)}..{us(hi)}] ±{sp:.0f}%")
            else:
                cells.append('-')
        ratio, ratio_med = '', ''
        if 'upstream' in row and 'ours' in row and row['upstream'][1]:
            result[key] = row['ours'][1] / row['upstream'][1]
            ratio = f"{result[key]:.2f}x"
        if 'upstream' in row and 'ours' in row and row['upstream'][4]:
            result_med[key] = row['ours'][4] / row['upstream'][4]
            ratio_med = f"{result_med[key]:.2f}x"
        label = LABEL.get(key.replace('imx8mq_', ''), key)
        if key.startswith('imx8mq_'):
            label += ' (imx8mq)'
        print(f"{label:<34} {cells[0]:>26} {cells[1]:>26}  {ratio:<13}  "
              f"{ratio_med}")

    # Every ioctl (and mmap, fault) of every measurement, both drivers.
    print()
    print("each ioctl inside the kernel: mean per call (µs); "
          "a BO cycle's faults: per cycle")
    print(f"{'measurement':<16} {'ioctl':<28} {'upstream':>9} {'ours':>9}  ours/upstream")
    slower = []
    for key in keys:
        nrs = sorted({nr for (d, _, k), v in kt.items() if k == key for nr in v})
        for nr in nrs:
            m = {}
            for drv in DRIVERS:
                m[drv] = med([per_op(key, v, nr) for (d, _, k), v in kt.items()
                              if d == drv and k == key and nr in v])
            ratio = ''
            name = names[nr]
            if nr >= NR_FAULT:
                name += ' (per BO cycle)' if key == 'bo_cycle_us' else ''
            if m['upstream'] and m['ours']:
                r = m['ours'] / m['upstream']
                ratio = f"{r:.2f}x"
                # mmap and the fault handler are not ioctls
                if r > 1.0 and nr < NR_FAULT:
                    ratio += '  slower'
                    slower.append(f"{names[nr]} in {key} ({r:.2f}x)")
            print(f"{key:<16} {name:<28} {us(m['upstream']):>9} "
                  f"{us(m['ours']):>9}  {ratio}")

    # Job phases: push -> run_job -> FE starts -> interrupt -> fence.
    print()
    print("after the ioctl, per job (µs, medians): scheduler (push to "
          "run_job), ring (run_job to the FE starting it), model (FE work "
          "to its interrupt), interrupt (to the fence signalled)")
    print(f"{'measurement':<16} {'driver':<9} {'jobs':>5} {'scheduler':>9} "
          f"{'ring':>7} {'model':>7} {'irq':>7} {'total':>7}")
    for key in keys:
        for drv in DRIVERS:
            ph = []
            for (d, run, k), jobs in sched.items():
                if d == drv and k == key:
                    ph += phases(jobs, model.get((d, run, k), []))
            if not ph:
                continue
            cols = [us(med([p[i] for p in ph])) for i in range(5)]
            print(f"{key:<16} {drv:<9} {len(ph):>5} {cols[0]:>9} {cols[1]:>7} "
                  f"{cols[2]:>7} {cols[3]:>7} {cols[4]:>7}")

    print()
    print("goals (in-kernel, ours/upstream, mean per call; the ratio of "
          "the medians beside it, for information):")
    for key, most in GOALS:
        r = result.get(key)
        state = '-' if r is None else ('met' if r <= most else 'NOT met')
        got = f"{r:.2f}x" if r is not None else 'no data'
        rm = result_med.get(key)
        got_med = f"(medians {rm:.2f}x)" if rm is not None else ''
        print(f"  {LABEL[key]:<34} <= {most}x: {got:>7}  {state:<8} {got_med}")
    print(f"  {'no ioctl slower than upstream':<34}         "
          f"{'met' if not slower else 'NOT met: ' + ', '.join(slower)}")


if __name__ == '__main__':
    main()
