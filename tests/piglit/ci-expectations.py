#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""ci-expectations.py FAILS_TXT LIST...: the tests of our piglit LISTs that
Mesa's CI expects not to pass on a real board, as "RESULT KIND TEST" lines
(RESULT: Fail, Crash, Timeout...). FAILS_TXT is a Mesa CI expectations
file, e.g. Mesa 22.3's src/etnaviv/ci/etnaviv-gc2000-fails.txt ("NAME,
RESULT" lines, NAME piglit's in lower case: "spec@glsl-1.10@...@TEST").
Written once into tests/piglit/gc2000-ci.txt; scripts/piglit reads that."""
import sys


def ci_name(kind, test):
    """piglit's name of a test of our lists, or None where it has none
    we can derive (programs other than the "!opengl es 2.0" ones)."""
    if kind in ('shader', 'shader_gles2'):
        path = test[len('tests/'):] if test.startswith('tests/') else test
        return path.rsplit('.', 1)[0].replace('/', '@')
    if kind == 'prog' and test.endswith('_gles2'):
        return 'spec@!opengl es 2.0@' + test[:-len('_gles2')]
    return None


def main():
    fails = {}
    for line in open(sys.argv[1]):
        line = line.strip()
        if line and not line.startswith('#'):
            name, _, res = line.rpartition(',')
            fails[name.lower()] = res
    for lst in sys.argv[2:]:
        for line in open(lst):
            if line.startswith('#') or not line.strip():
                continue
            kind, test = line.split(None, 1)
            test = test.strip()
            name = ci_name(kind, test)
            if name and name.lower() in fails:
                print(fails[name.lower()], kind, test)


if __name__ == '__main__':
    main()
