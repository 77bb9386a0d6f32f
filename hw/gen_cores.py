# SPDX-License-Identifier: GPL-2.0-only
"""gen_cores.py: the outputs gen.py writes from hw/cores.db, the cores'
identities: the model's idents[] with each core's capabilities, the
driver's table and smoke's expectations."""
from gcdb import DB, Fail, banner, db_lines, wrap


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
