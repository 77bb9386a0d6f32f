#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""gen.py: write the files generated from the hardware facts in hw/.

    hw/gen.py             regenerate every generated file in the tree
    hw/gen.py --out DIR   write them under DIR instead (same relative paths)
    hw/gen.py --states    list every state element and address run (for
                          tests/hw/consistency.c)
    hw/gen.py --check     regenerate into a temporary directory, compare with
                          the tree, and check the hand-kept defines of
                          lib/etnaviv_2d.h against the facts; prints PASS:/FAIL:
                          lines and exits non-zero on any difference

Inputs: hw/gc.db (the facts, see hw/README.md) and one name map per
consumer (hw/*.names), which gives each macro of a consumer's header the
fact it stands for. No number is written in a name map: every value comes
from hw/gc.db.
"""
import difflib
import os
import re
import sys
import tempfile

from gcdb import (DB, ROOT, Db, Fail, Style, banner, expand, header_body,
                  wrap)
from gen_cores import (read_cores, model_idents, driver_cores,
                       smoke_cores)


# ---------------------------------------------------------------------------
# Outputs


def driver_regs(db):
    body = header_body(db, 'hw/driver.names', Style(kernel=True))
    return '\n'.join(banner(
        'GPL-2.0-only',
        'Vivante GC register offsets, fields and FE command encodings used\n'
        'by the driver. The facts and their public sources are in hw/gc.db.',
        [DB, 'hw/driver.names']) + [
        '#ifndef ETNA_REGS_H', '#define ETNA_REGS_H', '',
        '#include <linux/bits.h>', ''] + body + [
        '', '#endif /* ETNA_REGS_H */', ''])


def model_regs(db):
    body = header_body(db, 'hw/model.names', Style(kernel=False))
    return '\n'.join(banner(
        'GPL-2.0-only',
        'Vivante GC register offsets, bit fields and command encodings used\n'
        'by the device model. The facts and their public sources are in\n'
        'hw/gc.db.',
        [DB, 'hw/model.names']) + [
        '#ifndef VGC_REGS_H', '#define VGC_REGS_H', ''] + body + [
        '', '#endif /* VGC_REGS_H */', ''])


def masked_fields(db, e):
    """The (mask bit, field mask) pairs of a state written under masks: a
    one-bit field F_MASK that, set in a value, keeps the state's field F
    as it was (etna_viv rnndb's *_MASK fields). A mask bit whose field the
    facts do not name is left out."""
    by_name = {f.name: f for f in db.fields_of(e)}
    pairs = []
    for f in db.fields_of(e):
        target = by_name.get(f.name[:-len('_MASK')])
        if f.name.endswith('_MASK') and f.width == 1 and target:
            pairs.append((f.mask, target.mask))
    for bit, _ in pairs:
        for f in db.fields_of(e):
            if f.mask & bit and f.mask != bit:
                raise Fail('%s: mask bit %#x inside field %s' %
                           (e.name, bit, f.name))
    return pairs


def model_masked(db):
    """sim/vgc_masked_table.h: every state written under masks, each
    element of an array apart, in address order, for the FE's loads."""
    rows, widest = [], 0
    for e in db.entries:
        pairs = masked_fields(db, e) if e.kind == 'state' else []
        widest = max(widest, len(pairs))
        for a in (e.elements() if pairs else []):
            rows.append((a, e.name, pairs))
    rows.sort()
    out = banner(
        'GPL-2.0-only',
        'The states written under masks: for each, the mask bits and the\n'
        'fields they keep (a field keeps its value when its mask bit is set\n'
        'in what is loaded; the mask bits themselves are not stored). The\n'
        'facts and their public sources are in hw/gc.db.',
        [DB])
    out += ['#ifndef VGC_MASKED_TABLE_H', '#define VGC_MASKED_TABLE_H', '',
            '#include "vgc_types.h"', '',
            '#define VGC_MASKED_FIELDS\t%d' % widest, '',
            'static const struct vgc_masked_state {', '\tu32 off;',
            '\tstruct { u32 bit, field; } f[VGC_MASKED_FIELDS];',
            '} vgc_masked_states[] = {']
    for a, name, pairs in rows:
        out.append('\t{ 0x%05x, {\t/* %s */' % (a, name))
        for bit, field in pairs:
            out.append('\t\t{ 0x%08x, 0x%08x },' % (bit, field))
        out.append('\t} },')
    out += ['};', '', '#endif /* VGC_MASKED_TABLE_H */', '']
    return '\n'.join(out)


LCDIF_DB = 'hw/lcdif.db'


def lcdif_regs(db):
    """The display model's header, from the display controller's own
    facts file (hw/lcdif.db; @db, the GPU's, is not used)."""
    body = header_body(Db(LCDIF_DB), 'hw/lcdif.names', Style(kernel=False))
    return '\n'.join(banner(
        'GPL-2.0-only',
        'i.MX (e)LCDIF register offsets and bit fields used by the display\n'
        'model. The facts and their public sources are in hw/lcdif.db.',
        [LCDIF_DB, 'hw/lcdif.names']) + [
        '#ifndef LCDIF_REGS_H', '#define LCDIF_REGS_H', ''] + body + [
        '', '#endif /* LCDIF_REGS_H */', ''])


def addr_runs(db):
    """Runs of consecutive state indices that hold GPU addresses."""
    runs = []
    for e in db.entries:
        if e.addr_state:
            runs.append((e.addr, e.span() // 4, e.name))
    return runs


def validator_table(db):
    lines = banner(
        'GPL-2.0-only',
        'The states that hold a GPU address, as runs of consecutive states:\n'
        'the byte address of the first (as hardware documentation lists\n'
        'states) and the number of 32-bit states in the run. The facts and\n'
        'their public sources are in hw/gc.db.',
        [DB])
    lines += ['#ifndef ETNA_ADDR_STATES_H', '#define ETNA_ADDR_STATES_H', '',
              'static const struct {', '\tu32 byte_addr;', '\tu16 states;',
              '} etna_addr_runs[] = {']
    for a, n, name in addr_runs(db):
        lines.append('\t{ 0x%05x, %d },\t/* %s */' % (a, n, name))
    lines += ['};', '', '#endif /* ETNA_ADDR_STATES_H */', '']
    return '\n'.join(lines)


def c_str(s):
    return '"%s"' % s


def tools_tables(db):
    """The tables of tools/etna_states.c: enums, fields, states, commands."""
    used_enums = []
    used_sets = []

    def use_enum(n):
        if n and n not in used_enums:
            used_enums.append(n)

    for e in db.entries:
        if e.fieldset and e.fieldset not in used_sets:
            used_sets.append(e.fieldset)
        for f in db.fields_of(e):
            use_enum(f.enum)
    for c in db.commands:
        if not c.special:
            for o in c.operands:
                use_enum(o.enum)

    def ename(n):
        return 'e_' + n.lower()

    out = banner('GPL-2.0-only',
                 'Decoding tables of etnaviv-disasm and etnaviv-asm, included\n'
                 'by tools/etna_states.c. The facts and their public sources\n'
                 'are in hw/gc.db.', [DB])
    out += ['', '/* Names of enumerated values */']
    for n in sorted(used_enums):
        vals = db.enums[n][0]
        items = ['[%d] = "%s"' % (v, vals[v]) for v in sorted(vals)]
        out.append('static const char *const %s_names[] = {' % ename(n))
        out += wrap(items, '\t')
        out.append('};')
        out.append('static const struct etna_enum %s = {' % ename(n))
        out.append('\t%s_names, ETNA_ARRAY_SIZE(%s_names)' % (ename(n),
                                                            ename(n)))
        out.append('};')

    def fields_array(cname, fields):
        out.append('static const struct etna_field %s[] = {' % cname)
        for f in fields:
            out.append('\t{ "%s", %d, %d, %s, %s, %s },' % (
                f.name, f.lo, f.width,
                '&' + ename(f.enum) if f.enum else 'NULL',
                'true' if f.hex else 'false',
                'true' if f.quiet else 'false'))
        out.append('\t{ NULL, 0, 0, NULL, false, false }')
        out.append('};')

    out += ['', '/* Bit fields of states */']
    for s in used_sets:
        fields_array('fs_' + s.lower(), db.fieldsets[s])
    for e in db.entries:
        if e.fields:
            fields_array('f_' + e.name.lower(), e.fields)

    out += ['', '/* The states and registers, by byte address */',
            'static const struct etna_state states[] = {']
    for e in db.entries:
        d = e.dims + [(1, 4)] * (2 - len(e.dims))
        count2, stride2 = (d[1] if len(e.dims) == 2 else (0, 0))
        typ = ('ETNA_T_ADDR' if e.addr_state else
               'ETNA_T_FLOAT' if e.float else 'ETNA_T_HEX')
        fl = ('fs_' + e.fieldset.lower() if e.fieldset else
              'f_' + e.name.lower() if e.fields else 'NULL')
        out.append('\t{ 0x%05x, "%s", %d, %d, %d, %d, %s, %s },' % (
            e.addr, e.name, d[0][0], d[0][1], count2, stride2, typ, fl))
    out.append('};')

    kinds = {'dec': 'ETNA_K_DEC', 'hex': 'ETNA_K_HEX', 'flag': 'ETNA_K_FLAG',
             'enum': 'ETNA_K_ENUM'}
    out += ['', '/* The FE commands */']
    for c in db.commands:
        if c.special or not c.operands:
            continue
        out.append('static const struct etna_operand op_%s[] = {' %
                   c.name.lower())
        for o in c.operands:
            hw, hs, hwid = 0, 0, 0
            if o.hi_part:
                hw, hh, hs = o.hi_part
                hwid = hh - hs + 1
            out.append('\t{ "%s", %d, %d, %d, %s, %s, %s, %s, %d, %d, %d },' % (
                o.name, o.word, o.lo, o.width, kinds[o.kind],
                'true' if o.optional else 'false',
                'true' if o.zero_is_max else 'false',
                '&' + ename(o.enum) if o.enum else 'NULL', hw, hs, hwid))
        out.append('};')
    out.append('static const struct etna_opcode opcodes[] = {')
    for c in db.commands:
        if c.special or not c.operands:
            ops = 'NULL, 0'
        else:
            ops = 'op_%s, ETNA_ARRAY_SIZE(op_%s)' % (c.name.lower(),
                                                    c.name.lower())
        out.append('\t{ %d, "%s", %d, %s },' % (c.op, c.name, c.words or 0,
                                                ops))
    out.append('};')
    return '\n'.join(out) + '\n'


def test_regs(db):
    """tests/uml/lib/gc_regs.h: the states, fields and FE commands the
    tests (the programs in the boards, tests/gl, tests/tools) use, by the
    names of hw/tests.names."""
    body = header_body(db, 'hw/tests.names', Style(kernel=False))
    return '\n'.join(banner(
        'MIT',
        'Vivante GC state addresses, bit fields and FE command encodings\n'
        'used by the tests. The facts and their public sources are in\n'
        'hw/gc.db.',
        [DB, 'hw/tests.names']) + [
        '#ifndef GC_REGS_H', '#define GC_REGS_H', '',
        '#ifndef BIT', '#define BIT(n)\t\t(1u << (n))', '#endif', ''] +
        body + ['', '#endif /* GC_REGS_H */', ''])


OUTPUTS = [
    ('drivers/gpu/drm/etnaviv/etna_regs.h', driver_regs),
    ('drivers/gpu/drm/etnaviv/etna_addr_states.h', validator_table),
    ('sim/vgc_regs.h', model_regs),
    ('tools/etna_states_gen.h', tools_tables),
    ('sim/vgc_ident_table.h', model_idents),
    ('sim/vgc_masked_table.h', model_masked),
    ('drivers/gpu/drm/etnaviv/etna_hw_table.h', driver_cores),
    ('tests/uml/core_ids.h', smoke_cores),
    ('tests/uml/lib/gc_regs.h', test_regs),
    ('sim/lcdif_regs.h', lcdif_regs),
]
# the outputs written from hw/cores.db
FROM_CORES = (model_idents, driver_cores, smoke_cores)


def check_lib(db):
    """lib/etnaviv_2d.h keeps its own (MIT) defines: each must equal the
    fact hw/lib.names gives for it."""
    style = Style(kernel=True)
    want = {}
    with open(os.path.join(ROOT, 'hw/lib.names')) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            macro, expr = line.split(None, 1)
            want[macro] = int(eval_num(expand(db, macro, expr, style)))
    have = {}
    with open(os.path.join(ROOT, 'lib/etnaviv_2d.h')) as f:
        for m in re.finditer(r'^#define\s+(ETNAVIV_(?:DE|GL|FLUSH)_\w+)'
                             r'\s+(.+?)\s*$', f.read(), re.M):
            have[m.group(1)] = int(eval_num(m.group(2)))
    bad = []
    for k in sorted(set(want) | set(have)):
        if k not in have:
            bad.append('%s: in hw/lib.names, not in lib/etnaviv_2d.h' % k)
        elif k not in want:
            bad.append('%s: in lib/etnaviv_2d.h, not in hw/lib.names' % k)
        elif want[k] != have[k]:
            bad.append('%s: lib/etnaviv_2d.h says 0x%x, hw/gc.db 0x%x' %
                       (k, have[k], want[k]))
    return bad


def eval_num(text):
    text = re.sub(r'BIT\((\d+)\)', r'(1 << \1)', text)
    text = re.sub(r'GENMASK\((\d+), (\d+)\)',
                  lambda m: str(((1 << (int(m.group(1)) - int(m.group(2)) +
                                        1)) - 1) << int(m.group(2))), text)
    return eval(text.replace('u', ''), {})


def states_listing(db):
    """Every element of every register and state ("elem ADDR NAME 0|1",
    1 for a GPU address), the runs the validator must cover ("span ADDR
    COUNT") and the FE commands ("cmd OP NAME WORDS", 0 words: variable),
    for tests/hw/consistency.c."""
    out = []
    for e in db.entries:
        if len(e.dims) == 2:
            (c1, s1), (c2, s2) = e.dims
            names = [(e.addr + i * s1 + j * s2, '%s[%d][%d]' % (e.name, i, j))
                     for i in range(c1) for j in range(c2)]
        elif e.dims:
            c1, s1 = e.dims[0]
            names = [(e.addr + i * s1, '%s[%d]' % (e.name, i))
                     for i in range(c1)]
        else:
            names = [(e.addr, e.name)]
        for a, n in sorted(names):
            out.append('elem 0x%05x %s %d' % (a, n, e.addr_state))
    for a, n, _ in addr_runs(db):
        out.append('span 0x%05x %d' % (a, n))
    for c in db.commands:
        out.append('cmd %d %s %d' % (c.op, c.name, c.words or 0))
    return out


def write_all(db, root):
    cores = read_cores(db)
    for path, fn in OUTPUTS:
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w') as f:
            f.write(fn(db, cores) if fn in FROM_CORES else fn(db))


def main(argv):
    try:
        db = Db(DB)
        if len(argv) == 2 and argv[1] == '--check':
            fails = 0
            with tempfile.TemporaryDirectory() as tmp:
                write_all(db, tmp)
                for path, _ in OUTPUTS:
                    new = open(os.path.join(tmp, path)).read().split('\n')
                    try:
                        old = open(os.path.join(ROOT, path)).read()
                    except OSError:
                        old = ''
                    old = old.split('\n')
                    if new == old:
                        print('PASS: hw-generated/%s' % path)
                        continue
                    fails += 1
                    d = list(difflib.unified_diff(old, new, path,
                                                  'hw/gen.py', lineterm=''))
                    print('FAIL: hw-generated/%s: differs from what hw/gen.py '
                          'writes (run hw/gen.py): %s' %
                          (path, ' | '.join(d[2:8])))
            bad = check_lib(db)
            for b in bad:
                print('FAIL: hw-generated/lib/etnaviv_2d.h: %s' % b)
            if not bad:
                print('PASS: hw-generated/lib/etnaviv_2d.h')
            fails += len(bad)
            return 1 if fails else 0
        if len(argv) == 2 and argv[1] == '--states':
            for line in states_listing(db):
                print(line)
            return 0
        if len(argv) == 3 and argv[1] == '--out':
            write_all(db, argv[2])
            return 0
        if len(argv) == 1:
            write_all(db, ROOT)
            return 0
        print(__doc__.strip(), file=sys.stderr)
        return 2
    except Fail as e:
        print('FAIL: hw-generated: %s' % e)
        return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
