# SPDX-License-Identifier: GPL-2.0-only
"""gcdb.py: the hardware facts of hw/gc.db as gen.py reads them (the
database, its entries, fields, commands and constants) and what turns a
name map (hw/*.names) into a header's defines."""
import os
import re

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
