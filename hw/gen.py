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

HW = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HW)
DB = 'hw/gc.db'


class Fail(Exception):
    pass


# ---------------------------------------------------------------------------
# The database


class Field:
    def __init__(self, name, hi, lo, attrs):
        self.name, self.hi, self.lo = name, hi, lo
        self.width = hi - lo + 1
        self.enum = attrs.get('enum')
        self.hex = 'hex' in attrs
        self.quiet = 'quiet' in attrs
        self.shr = int(attrs.get('shr', '0'))
        self.mask = ((1 << self.width) - 1) << lo


class Entry:
    """A register or a state (or an array of them)."""

    def __init__(self, kind, addr, name, dims, attrs, source, line):
        self.kind, self.addr, self.name = kind, addr, name
        self.dims, self.attrs, self.source = dims, attrs, source
        self.line = line
        self.addr_state = 'addr' in attrs
        self.float = 'float' in attrs
        self.fieldset = attrs.get('fields')
        self.fields = []

    def elements(self):
        out = [self.addr]
        for count, stride in self.dims:
            out = [a + i * stride for a in out for i in range(count)]
        return out

    def span(self):
        """Bytes from the first element to the end of the array's footprint:
        whole rows of a two-dimensional array (the tail of a row holds no
        other state)."""
        if not self.dims:
            return 4
        return max(count * stride for count, stride in self.dims)


class Operand:
    def __init__(self, word, hi, lo, name, kind, attrs):
        self.word, self.hi, self.lo, self.name = word, hi, lo, name
        self.width = hi - lo + 1
        self.kind = kind
        self.optional = 'optional' in attrs
        self.zero_is_max = 'zero_is_max' in attrs
        self.enum = attrs.get('enum')
        self.shr = int(attrs.get('shr', '0'))
        self.hi_part = None
        if 'hi' in attrs:
            w, h, l = (int(x) for x in attrs['hi'].split(':'))
            self.hi_part = (w, h, l)


class Command:
    def __init__(self, op, name, words, attrs, source):
        self.op, self.name, self.words = op, name, words
        self.special = 'special' in attrs
        self.source = source
        self.operands = []


def db_lines(path):
    """
    The meaningful lines of a facts file (comments and blank lines left
    out), as (where, line, tokens, source): source is the text of the last
    "source:" line. A "source:" line itself comes as (where, None, None,
    source), so that a reader can end the entry it was in.
    """
    source = None
    with open(os.path.join(ROOT, path)) as f:
        lines = f.read().split('\n')
    for n, raw in enumerate(lines, 1):
        where = '%s:%d' % (path, n)
        line = raw.split(' #')[0].rstrip()
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        if line.startswith('source:'):
            source = line[len('source:'):].strip()
            yield where, None, None, source
            continue
        yield where, line, line.split(), source


class Db:
    def __init__(self, path):
        self.enums, self.fieldsets, self.entries = {}, {}, []
        self.commands, self.consts = [], {}
        self.by_name = {}
        self.parse(path)
        self.check()

    @staticmethod
    def bits(tok, where):
        m = re.fullmatch(r'(\d+)(?::(\d+))?', tok)
        if not m:
            raise Fail('%s: bad bit range %r' % (where, tok))
        hi = int(m.group(1))
        lo = int(m.group(2)) if m.group(2) else hi
        if not 0 <= lo <= hi <= 31:
            raise Fail('%s: bad bit range %r' % (where, tok))
        return hi, lo

    @staticmethod
    def attrs(toks):
        out = {}
        for t in toks:
            k, _, v = t.partition('=')
            out[k] = v if _ else True
        return out

    def parse(self, path):
        cur = None
        for where, line, tok, source in db_lines(path):
            if line is None:
                cur = None
                continue
            if line[0].isspace():
                if cur is None:
                    raise Fail('%s: indented line outside an entry' % where)
                self.child(cur, tok, where)
                continue
            if not source:
                raise Fail('%s: an entry without a source: line' % where)
            kw = tok[0]
            if kw == 'enum' and len(tok) == 2:
                cur = ('enum', tok[1])
                self.enums[tok[1]] = ({}, source)
            elif kw == 'fields' and len(tok) == 2:
                cur = ('fields', tok[1])
                self.fieldsets[tok[1]] = []
            elif kw in ('reg', 'state') and len(tok) >= 3:
                addr = int(tok[1], 16)
                dims, rest = [], tok[3:]
                while rest and rest[0].startswith('['):
                    for m in re.finditer(r'\[(\w+)(?:/(\w+))?\]', rest[0]):
                        dims.append((int(m.group(1), 0),
                                     int(m.group(2) or '4', 0)))
                    rest = rest[1:]
                e = Entry(kw, addr, tok[2], dims, self.attrs(rest), source,
                          where)
                self.entries.append(e)
                cur = ('entry', e)
            elif kw == 'command' and len(tok) >= 4:
                words = None if tok[3] == 'var' else int(tok[3])
                c = Command(int(tok[1], 0), tok[2], words,
                            self.attrs(tok[4:]), source)
                self.commands.append(c)
                cur = ('command', c)
            elif kw == 'const' and len(tok) == 3:
                self.consts[tok[1]] = (int(tok[2], 0), source)
                cur = None
            else:
                raise Fail('%s: cannot parse %r' % (where, line))

    def child(self, cur, tok, where):
        kind, obj = cur
        if kind == 'enum':
            self.enums[obj][0][int(tok[0], 0)] = tok[1]
        elif kind in ('fields', 'entry'):
            hi, lo = self.bits(tok[0], where)
            f = Field(tok[1], hi, lo, self.attrs(tok[2:]))
            (self.fieldsets[obj] if kind == 'fields' else obj.fields).append(f)
        elif kind == 'command':
            hi, lo = self.bits(tok[1], where)
            obj.operands.append(Operand(int(tok[0]), hi, lo, tok[2], tok[3],
                                        self.attrs(tok[4:])))

    def fields_of(self, e):
        if e.fieldset:
            return self.fieldsets[e.fieldset]
        return e.fields

    def check(self):
        last_end = 0
        prev = None
        for e in self.entries:
            if e.name in self.by_name:
                raise Fail('%s: %s defined twice' % (e.line, e.name))
            self.by_name[e.name] = e
            if e.fieldset and e.fieldset not in self.fieldsets:
                raise Fail('%s: no field set %s' % (e.line, e.fieldset))
            if e.addr & 3 or e.addr < last_end and prev:
                raise Fail('%s: %s not sorted or overlapping %s' %
                           (e.line, e.name, prev.name))
            last_end = e.addr + max(e.elements()) - e.addr + 4
            prev = e
            for f in self.fields_of(e):
                if f.enum and f.enum not in self.enums:
                    raise Fail('%s: no enum %s' % (e.line, f.enum))
        for c in self.commands:
            for o in c.operands:
                if o.enum and o.enum not in self.enums:
                    raise Fail('command %s: no enum %s' % (c.name, o.enum))

    # -- references used by the name maps --------------------------------
    def entry(self, name):
        if name not in self.by_name:
            raise Fail('no register or state %s' % name)
        return self.by_name[name]

    def fields_named(self, name):
        """The fields of a register or state, of a field set (page-table
        entries) or of a command's header word."""
        if name in self.fieldsets:
            return self.fieldsets[name]
        for c in self.commands:
            if c.name == name:
                return [o for o in c.operands if o.word == 0]
        return self.fields_of(self.entry(name))

    def field(self, ref):
        reg, _, fname = ref.partition('.')
        for f in self.fields_named(reg):
            if f.name == fname:
                return reg, f
        raise Fail('%s has no field %s' % (reg, fname))

    def enum_value(self, enum, name):
        vals = self.enums[enum][0]
        for v, n in vals.items():
            if n == name:
                return v
        raise Fail('enum %s has no value %s' % (enum, name))

    def command(self, name):
        for c in self.commands:
            if c.name == name:
                return c
        raise Fail('no command %s' % name)


# ---------------------------------------------------------------------------
# Name maps: a consumer's macros


class Style:
    """How a header writes numbers: the kernel's BIT()/GENMASK() or the
    model's unsigned literals."""

    def __init__(self, kernel):
        self.kernel = kernel

    def addr(self, a):
        return '0x%04x' % a

    def num(self, v):
        return '0x%x' % v if self.kernel else '0x%xu' % v

    def bit(self, pos):
        return 'BIT(%d)' % pos

    def mask(self, f):
        if f.width == 1:
            return self.bit(f.lo)
        if self.kernel:
            return 'GENMASK(%d, %d)' % (f.hi, f.lo)
        return self.num(f.mask)

    def small(self, v):
        return '%d' % v


def value_of(db, reg, terms, style):
    v = 0
    for t in terms:
        fname, eq, val = t.partition('=')
        _, f = db.field('%s.%s' % (reg, fname))
        if not eq:
            if f.width != 1:
                raise Fail('%s.%s needs a value' % (reg, fname))
            x = 1
        elif f.enum and val in db.enums[f.enum][0].values():
            x = db.enum_value(f.enum, val)
        else:
            x = int(val, 0)
        if x >> f.width:
            raise Fail('%s=%s does not fit' % (t, val))
        v |= x << f.lo
    return v


def expand(db, macro, expr, style):
    """The C replacement text of @macro (which may take parameters)."""
    m = re.fullmatch(r'(\w+)(?:\(([\w, ]+)\))?', macro)
    if not m:
        raise Fail('bad macro name %r' % macro)
    params = [p.strip() for p in m.group(2).split(',')] if m.group(2) else []
    tok = expr.split()
    op = tok[0]
    if op == 'get':		# get REG.FIELD: extract the field of (v)
        _, f = db.field(tok[1])
        p = params[0]
        if not f.lo:
            return '((%s) & %s)' % (p, style.num((1 << f.width) - 1))
        return '(((%s) >> %d) & %s)' % (p, f.lo, style.num((1 << f.width) - 1))
    if op == 'shift':
        return style.small(db.field(tok[1])[1].lo)
    if op == 'width':
        return style.small(db.field(tok[1])[1].width)
    if op == 'count':
        return style.small(db.entry(tok[1]).dims[0][0])
    if op == 'count2':		# the second dimension's length
        return style.small(db.entry(tok[1]).dims[1][0])
    if op == 'value':
        return style.num(value_of(db, tok[1], tok[2:], style))
    if op == 'not':
        return style.num(~db.field(tok[1])[1].mask & 0xffffffff)
    if op == 'const':
        return style.num(db.consts[tok[1]][0])
    if op == 'constdec':
        return style.small(db.consts[tok[1]][0])
    if op == 'op':
        return style.small(db.command(tok[1]).op)
    if op == 'cmd':			# cmd NAME [OPERAND=param ...]
        c = db.command(tok[1])
        parts = ['0x%08x' % (c.op << 27)]
        for t in tok[2:]:
            oname, _, p = t.partition('=')
            o = [x for x in c.operands if x.name == oname]
            if not o or p not in params:
                raise Fail('%s: bad operand %s' % (macro, t))
            o = o[0]
            arg = '(%s)' % p
            if o.shr:
                arg = '(%s >> %d)' % (arg, o.shr)
            arg = '(%s & 0x%x)' % (arg, (1 << o.width) - 1)
            if o.lo:
                arg = '(%s << %d)' % (arg, o.lo)
            parts.append(arg)
        return parts[0] if len(parts) == 1 else '(%s)' % ' | '.join(parts)
    if op == 'lowmask':		# the field's mask, unshifted
        return style.num((1 << db.field(tok[1])[1].width) - 1)
    if op == 'pow2':		# 2 to the field's width
        return style.num(1 << db.field(tok[1])[1].width)
    if op == 'end':			# the byte after a register
        e = db.entry(tok[1])
        return style.addr(e.addr + e.span())
    if op == 'mask':
        return style.num(db.field(tok[1])[1].mask)
    if len(tok) != 1:
        raise Fail('cannot read %r' % expr)
    ref = tok[0]
    if '.' in ref:
        head, _, tail = ref.partition('.')
        if head in db.enums:
            return style.small(db.enum_value(head, tail))
        _, f = db.field(ref)
        if params:		# insert a value into the field
            return '(((%s) & %s) << %d)' % (params[0],
                                            style.num((1 << f.width) - 1),
                                            f.lo)
        return style.mask(f)
    e = db.entry(ref)
    if len(params) == 2 and len(e.dims) == 2:	# element (n, m)
        return '(%s + %d * (%s) + %d * (%s))' % (
            style.addr(e.addr), e.dims[0][1], params[0], e.dims[1][1],
            params[1])
    if params:
        stride = e.dims[0][1] if e.dims else 4
        return '(%s + %d * (%s))' % (style.addr(e.addr), stride, params[0])
    return style.addr(e.addr)


def header_body(db, names, style):
    """The macros of a name map, in its order; '##' lines become comments."""
    out = []
    comment = []
    with open(os.path.join(ROOT, names)) as f:
        lines = f.read().split('\n')

    def flush():
        if comment:
            if len(comment) == 1:
                out.append('/* %s */' % comment[0])
            else:
                out.append('/*')
                out.extend((' * ' + c).rstrip() for c in comment)
                out.append(' */')
            comment.clear()

    for n, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if line.startswith('##'):
            comment.append(line[2:].strip())
            continue
        if not line.strip():
            flush()
            if out and out[-1] != '':
                out.append('')
            continue
        if line.startswith('#'):
            continue
        flush()
        m = re.match(r'(\s*)(\w+(?:\([\w, ]+\))?)\s+(.*?)(?:\s+//\s*(.*))?$',
                     line)
        if not m:
            raise Fail('%s:%d: cannot parse %r' % (names, n, line))
        indent, macro, expr, note = m.groups()
        try:
            text = expand(db, macro, expr, style)
        except Fail as e:
            raise Fail('%s:%d: %s' % (names, n, e))
        name = '#define ' + ('  ' if indent else '') + macro
        pad = max(1, (40 - len(name) + 7) // 8)
        s = name + '\t' * pad + text
        if note:
            s += '\t/* %s */' % note
        if len(s.expandtabs()) > 80 and ' | ' in text:
            # one operand a line, under the first
            col = len((name + '\t' * pad).expandtabs())
            cont = '\t' * (col // 8) + ' ' * (col % 8 + 1)
            parts = text[1:-1].split(' | ')
            s = name + '\t' * pad + '(' + parts[0] + ' | \\'
            for i, part in enumerate(parts[1:], 2):
                s += '\n' + cont + part + (' | \\' if i < len(parts)
                                             else ')')
        out.append(s)
    flush()
    while out and out[-1] == '':
        out.pop()
    return out


def banner(spdx, what, inputs, style='c'):
    gen = 'generated by hw/gen.py from %s; do not edit' % ', '.join(inputs)
    return ['/* SPDX-License-Identifier: %s */' % spdx,
            '/*', ' * ' + what.replace('\n', '\n * '), ' *',
            ' * ' + gen + '.', ' */']


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


def wrap(items, indent, width=79):
    lines, cur = [], indent
    for i, it in enumerate(items):
        piece = it + (',' if i < len(items) - 1 else '')
        if cur.strip() and len(cur.expandtabs()) + 1 + len(piece) > width:
            lines.append(cur.rstrip())
            cur = indent
        cur += ('' if not cur.strip() else ' ') + piece
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


# ---------------------------------------------------------------------------
# The known cores (hw/cores.db)

CORES = 'hw/cores.db'
SPECS = ['streams', 'registers', 'threads', 'vertex_cache', 'shader_cores',
         'pixel_pipes', 'vob', 'buffer', 'instructions', 'constants',
         'varyings']
# the members of struct etna_ident, in the order of SPECS
ETNA_SPECS = ['stream_count', 'register_max', 'thread_count',
              'vertex_cache_size', 'shader_core_count', 'pixel_pipes',
              'vertex_output_buffer_size', 'buffer_size',
              'instruction_count', 'num_constants', 'varyings_count']
QUIRKS = ['MC_DEBUG_MEMORY', 'ECO_BY_DATE', 'NO_PRODUCT_ECO',
          '512_INSTRUCTIONS', 'ONE_VARYING_LESS', 'REPORTS_GC2000',
          'NO_TX_GATING', 'NO_SE_RA_TX_GATING', 'PULSE_EATER_UNK23',
          'PULSE_EATER_UNK17']
# the errata the device model reproduces (struct vgc_ident members)
ERRATA = {'tx_gating': 'tx_gating_erratum'}


class Core:
    def __init__(self, name, source, where):
        self.name, self.source, self.where = name, source, where
        self.sim = False
        self.model = self.revision = None
        self.reports = None
        self.date = 0
        self.features = None
        self.minor = []
        self.specs_words = [0, 0, 0, 0]
        self.specs = None
        self.pipes = []
        self.mmu = None
        self.security = False
        self.no_product_regs = False
        self.nn_cores = 0
        self.driver = None		# None, or (any_revision, [quirks])
        self.errata = []

    def reported(self):
        return self.reports or (self.model, self.revision)


def read_cores(db, path=CORES):
    cores, cur = [], None
    for where, line, tok, source in db_lines(path):
        if line is None:
            cur = None
            continue
        if not line[0].isspace():
            if tok[0] != 'core' or len(tok) != 2:
                raise Fail('%s: cannot parse %r' % (where, line))
            if not source:
                raise Fail('%s: a core without a source: line' % where)
            if any(c.name == tok[1] for c in cores):
                raise Fail('%s: core %s twice' % (where, tok[1]))
            cur = Core(tok[1], source, where)
            cores.append(cur)
            continue
        if cur is None:
            raise Fail('%s: indented line outside a core' % where)
        key, args = tok[0], tok[1:]
        try:
            nums = [int(a, 0) for a in args]
        except ValueError:
            nums = None
        if key in ('sim', 'security', 'no_product_regs') and not args:
            setattr(cur, key, True)
        elif key in ('model', 'revision', 'date', 'features', 'nn_cores') \
                and nums and len(nums) == 1:
            setattr(cur, key, nums[0])
        elif key == 'reports' and nums and len(nums) == 2:
            cur.reports = tuple(nums)
        elif key == 'minor' and nums and len(nums) in (6, 12):
            cur.minor = nums
        elif key == 'specs_words' and nums and len(nums) == 4:
            cur.specs_words = nums
        elif key == 'specs':
            kv = dict(a.partition('=')[::2] for a in args)
            if sorted(kv) != sorted(SPECS):
                raise Fail('%s: specs needs %s' % (where, ' '.join(SPECS)))
            cur.specs = [int(kv[k], 0) for k in SPECS]
        elif key == 'pipes' and args and set(args) <= {'2d', '3d', 'vg'}:
            cur.pipes = args
        elif key == 'mmu' and args in (['1'], ['2']):
            cur.mmu = int(args[0])
        elif key == 'errata' and args and set(args) <= set(ERRATA):
            cur.errata = args
        elif key == 'driver':
            anyrev = bool(args) and args[0] == 'any'
            quirks = args[1:] if anyrev else args
            for q in quirks:
                if q not in QUIRKS + ['hwdb']:
                    raise Fail('%s: no quirk %s' % (where, q))
            cur.driver = (anyrev, quirks)
        else:
            raise Fail('%s: cannot parse %r' % (where, line))
    for c in cores:
        check_core(db, c)
    return cores


def check_core(db, c):
    """What one core's facts must say of each other."""
    def bad(why):
        raise Fail('%s: core %s: %s' % (c.where, c.name, why))

    if c.model is None or c.revision is None or not c.pipes:
        bad('needs model, revision and pipes')
    if c.errata and not c.sim:
        bad('errata are what the model reproduces: it needs sim')
    if c.sim and c.features is None:
        bad('the model presents it: it needs its feature words')
    if c.minor and c.mmu:
        _, f = db.field('HI_CHIP_MINOR_FEATURE_1.MMU_VERSION')
        if (2 if c.minor[1] & f.mask else 1) != c.mmu:
            bad('mmu %d, but MINOR1 says otherwise' % c.mmu)
    if len(c.minor) == 12 and c.security != bool(c.minor[7] & (1 << 21)):
        bad('security disagrees with MINOR7 b21 (BIT_SECURITY)')
    if c.driver and 'hwdb' in c.driver[1]:
        if len(c.minor) != 12 or not c.specs:
            bad('hwdb needs 12 minor words and the specs')
    elif c.nn_cores:
        bad('nn_cores is a hardware database fact: it needs driver hwdb')


def sim_cores(cores):
    return [c for c in cores if c.sim]


def model_idents(db, cores):
    """sim/vgc_ident_table.h: idents[] of sim/vgc_ident.c."""
    out = banner('GPL-2.0-only',
                 'The identities of the cores the device model presents,\n'
                 'included by sim/vgc_ident.c. The facts and their public\n'
                 'sources are in hw/cores.db.', [CORES])
    out += ['', 'static const struct vgc_ident idents[] = {']
    for c in sim_cores(cores):
        out.append('\t{')
        out.append('\t\t.name = "%s",' % c.name)
        out.append('\t\t.model = 0x%04x, .revision = 0x%04x,' %
                   (c.model, c.revision))
        if c.date:
            out.append('\t\t.date = 0x%08x,' % c.date)
        out.append('\t\t.features = 0x%08x,' % c.features)
        words = ['0x%08x' % w if w else '0' for w in (c.minor + [0] * 6)[:6]]
        out += minor_lines('\t\t.minor = { ', words)
        if any(c.specs_words):
            out.append('\t\t.specs = { %s },' % ', '.join(
                '0x%08x' % w if w else '0' for w in c.specs_words))
        out.append('\t\t.pipes = %s,' % ' | '.join(
            'VGC_PIPE_%s' % p.upper() for p in c.pipes))
        if c.security:
            out.append('\t\t.security = true,')
        if c.no_product_regs:
            out.append('\t\t.no_product_regs = true,')
        for e in c.errata:
            out.append('\t\t.%s = true,' % ERRATA[e])
        out += model_caps(db, c)
        out.append('\t},')
    out += ['};', '']
    return '\n'.join(out)


def model_caps(db, c):
    """The .caps initialiser of a core of idents[] (struct vgc_caps,
    sim/vgc.h): what its engines need to know of it, decoded here once from
    the words the core presents, with the drivers' rules where what a
    driver does (and so what the model must accept) follows the model
    number rather than a feature bit. The engines compare no model ids."""
    minor = (c.minor + [0] * 6)[:6]
    words = {'HI_CHIP_SPECS': c.specs_words[0]}
    words.update(('HI_CHIP_MINOR_FEATURE_%d' % i, w)
                 for i, w in enumerate(minor))

    def get(ref):
        reg, f = db.field(ref)
        return (words[reg] & f.mask) >> f.lo

    # MINOR_FEATURE_6 is a word of the hardware database (cores.db gives
    # twelve words or six), not a register the cores present
    minor6 = c.minor[6] if len(c.minor) > 6 else 0
    cache128 = bool(minor6 & db.consts['MINOR6_CACHE128B256BPERLINE'][0])

    halti = -1
    for level, ref in enumerate(('HI_CHIP_MINOR_FEATURE_1.HALTI0',
                                 'HI_CHIP_MINOR_FEATURE_2.HALTI1',
                                 'HI_CHIP_MINOR_FEATURE_4.HALTI2',
                                 'HI_CHIP_MINOR_FEATURE_5.HALTI3',
                                 'HI_CHIP_MINOR_FEATURE_5.HALTI4',
                                 'HI_CHIP_MINOR_FEATURE_5.HALTI5')):
        # Mesa 22.3 etnaviv_screen.c: the highest level whose bit is set
        if get(ref):
            if halti != level - 1 and level <= 2:
                raise Fail('%s: core %s: HALTI%d without HALTI%d' %
                           (c.where, c.name, level, level - 1))
            halti = level
    # Mesa 22.3 etnaviv_screen.c: has_shader_range_registers and (its
    # negation) vs_need_z_div: model >= 0x1000 or GC880, as the core reads
    recent = c.model >= 0x1000 or c.model == 0x880
    flags = [
        # MINOR_FEATURE_1 MMU_VERSION: MMUv2 tables
        ('mmuv2', get('HI_CHIP_MINOR_FEATURE_1.MMU_VERSION')),
        ('single_buffer', get('HI_CHIP_MINOR_FEATURE_4.SINGLE_BUFFER')),
        ('pe20', get('HI_CHIP_MINOR_FEATURE_0.2DPE20')),
        ('blt', get('HI_CHIP_MINOR_FEATURE_5.BLT_ENGINE')),
        # Mesa 22.3 etna_screen_get_tile_size(): a tile status entry
        # covers 128 or 256 bytes (BLT_TS_MODE) on these cores
        ('ts_128b', cache128),
        ('v4_compression',
         bool(minor6 & db.consts['MINOR6_V4_COMPRESSION'][0])),
        ('icache', get('HI_CHIP_MINOR_FEATURE_3.INSTRUCTION_CACHE')),
        ('fast_transcendentals',
         get('HI_CHIP_MINOR_FEATURE_3.HAS_FAST_TRANSCENDENTALS')),
        # Mesa 22.3 etnaviv_emit.c: PE_PIPE_*_ADDR from HALTI0 on, but on
        # the GC880
        ('pipe_addrs', halti >= 0 and c.model != 0x880),
        ('range_registers', recent),
        ('gl_clip_z', recent),
        # Linux 6.1 etnaviv_perfmon.c: the cycle counters of GC880, GC2000
        # and GC2100, by the model the drivers report
        ('mc_cycles', c.reported()[0] in (0x880, 0x2000, 0x2100)),
    ]
    out = ['\t\t.caps = {',
           '\t\t\t.pixel_pipes = %d, .streams = %d, .halti = %d,' %
           (max(1, get('HI_CHIP_SPECS.PIXEL_PIPES')),
            get('HI_CHIP_SPECS.STREAM_COUNT'), halti),
           '\t\t\t.ts_bits = %d,' %
           # Mesa 22.3 etnaviv_screen.c: bits_per_tile
           (2 if get('HI_CHIP_MINOR_FEATURE_0.2BITPERTILE') and
            not cache128 else 4)]
    for name, on in flags:
        if on:
            out.append('\t\t\t.%s = true,' % name)
    out.append('\t\t},')
    return out


def minor_lines(head, words):
    """'head w0, w1, ... },' wrapped under the first word."""
    col = len(head.expandtabs())
    cont = '\t' * (col // 8) + ' ' * (col % 8)
    lines, cur = [], head
    for i, w in enumerate(words):
        piece = w + (',' if i < len(words) - 1 else ' },')
        if cur not in (head, cont) and \
                len(cur.expandtabs()) + 1 + len(piece) > 79:
            lines.append(cur.rstrip())
            cur = cont
        cur += ('' if cur in (head, cont) else ' ') + piece
    lines.append(cur)
    return lines


def driver_cores(db, cores):
    """drivers/gpu/drm/etnaviv/etna_hw_table.h: etna_hw_cores[] and the
    identities that replace the registers, included by etna_hw.c."""
    out = banner('GPL-2.0-only',
                 'The cores the driver knows by model and revision, with\n'
                 'their quirks, included by etna_hw.c. The facts and their\n'
                 'public sources are in hw/cores.db.', [CORES])
    out += ['#ifndef ETNA_HW_TABLE_H', '#define ETNA_HW_TABLE_H']
    known = [c for c in cores if c.driver]
    for c in known:
        if 'hwdb' not in c.driver[1]:
            continue
        m, r = c.reported()
        out += ['', '/* GC%x r%x: the registers understate the core. */' %
                (m, r),
                'static const struct etna_ident etna_%s_r%x = {' %
                (c.name.replace('-', '_'), r),
                '\t.model = 0x%x, .revision = 0x%x,' % (m, r)]
        out += wrap(['.%s = %d' % kv for kv in zip(ETNA_SPECS, c.specs)],
                    '\t', width=79)
        out[-1] += ','
        out.append('\t.features = 0x%08x,' % c.features)
        out += minor_lines('\t.minor = { ', ['0x%08x' % w for w in c.minor])
        if c.nn_cores:
            out.append('\t.nn_core_count = %d,' % c.nn_cores)
        out.append('};')
    out += ['', 'static const struct etna_hw_core etna_hw_cores[] = {']
    for c in known:
        anyrev, quirks = c.driver
        rev = 'ETNA_HW_ANY_REVISION' if anyrev else '0x%x' % c.revision
        flags = [q for q in quirks if q != 'hwdb']
        fl = ' | '.join('ETNA_QUIRK_' + q for q in flags) or '0'
        ident = ''
        if 'hwdb' in quirks:
            ident = ', &etna_%s_r%x' % (c.name.replace('-', '_'),
                                       c.reported()[1])
        line = '\t{ 0x%x, %s, %s%s },' % (c.model, rev, fl, ident)
        if len(line.expandtabs()) > 80:
            line = '\t{ 0x%x, %s,\n\t  %s%s },' % (c.model, rev, fl, ident)
        if any(len(x.expandtabs()) > 80 for x in line.split('\n')):
            line = '\t{ 0x%x, %s,\n\t  %s%s },' % (
                c.model, rev, ' |\n\t  '.join('ETNA_QUIRK_' + q
                                              for q in flags), ident)
        out.append(line)
    out += ['};', '', '#endif /* ETNA_HW_TABLE_H */', '']
    return '\n'.join(out)


def smoke_cores(db, cores):
    """tests/uml/core_ids.h: what smoke expects of every core the model
    presents to the drivers (not the VG cores, which both refuse)."""
    out = banner('MIT',
                 'What the smoke test expects GET_PARAM to report for each\n'
                 'core the device model presents, included by\n'
                 'tests/uml/smoke.c. The facts and their public sources are\n'
                 'in hw/cores.db; the specs there are stated apart from the\n'
                 'SPECS words the model presents, so each driver\'s decoding\n'
                 'is checked.', [CORES])
    shown = [c for c in sim_cores(cores) if c.pipes != ['vg']]
    for c in shown:
        if c.specs:
            out += ['', 'static const uint64_t %s_specs[NR_SPECS] = {' %
                    c.name.replace('-', '_')]
            out += wrap(['%d' % v for v in c.specs] + [''], '\t')
            out[-1] = out[-1].rstrip(',') + ','
            out.append('};')
    for c in shown:
        m, r = c.reported()
        out += ['', 'static const struct core_id %s = {' %
                c.name.replace('-', '_'),
                '\t"%s", 0x%04x, 0x%04x, true,' % (c.name, m, r),
                '\t{ 0x%08x, 0x%08x, 0x%08x }, %s, %s,' % (
                    c.features, c.minor[0], c.minor[1],
                    'true' if c.mmu == 2 else 'false',
                    '%s_specs' % c.name.replace('-', '_') if c.specs
                    else 'NULL'),
                '};']
    out += ['', '/* Every core a board may have, by the model\'s name. */',
            'static const struct core_id *const core_ids[] = {']
    out += wrap(['&' + c.name.replace('-', '_') for c in shown] + [''], '\t')
    out[-1] = out[-1].rstrip(',') + ','
    out += ['};', '']
    return '\n'.join(out)


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
