#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Times u8guard from Python against precis_i18n and hand-written code.

Every implementation runs on the same names in this one process; the names
are generated from a fixed seed and kept only when precis_i18n and u8guard
both accept them, so that no implementation pays for exceptions the others
do not raise. Prints the machine, the versions and a Markdown table
(bench/README.md, "Python").

    flock /tmp/u8guard-cpu.lock env PYTHONPATH=build/integrations/python \\
        /usr/bin/python3 bench/python_bench.py [--min-time 0.5]

Implementations (names are canonicalized under UsernameCaseMapped unless
the row says otherwise):

    precis_i18n          precis_i18n.get_profile(NAME).enforce(s)
    u8guard.precis       u8guard.precis.get_profile(NAME).enforce(s): the
                         drop-in, with precis_i18n's error handling
    u8guard.Profile      u8guard.Profile(name).canonicalize(s): the native
                         API
    NFKC + casefold      unicodedata.normalize('NFKC', s).casefold(): what
                         people write by hand (no PRECIS rules at all)
"""

import argparse
import datetime
import platform
import random
import subprocess
import sys
import time
import unicodedata
from typing import Any, Callable, Dict, List, Sequence

import precis_i18n

import u8guard
import u8guard.precis


def cpu_model() -> str:
    try:
        out = subprocess.run(['lscpu'], stdout=subprocess.PIPE, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or 'unknown'
    fields = dict(
        line.split(':', 1) for line in out.splitlines() if ':' in line)
    return '%s, %s CPUs' % (fields.get('Model name', '?').strip(),
                            fields.get('CPU(s)', '?').strip())


def make_names(seed: int, count: int, ascii_only: bool) -> List[str]:
    """User names of 6-16 characters, like the C++ benchmark's inputs."""
    rng = random.Random(seed)
    words = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace',
             'heidi', 'ivan', 'judy', 'mallory', 'oscar', 'peggy', 'trent',
             'victor', 'walter', 'admin', 'service', 'backup', 'build']
    foreign = [
        'J\u00fcrgen', 'Jos\u00e9', 'Jose\u0301', 'Fran\u00e7ois',
        '\uff2a\uff55\uff4c\uff49\uff45', '\u0391\u03b8\u03b7\u03bd\u03ac',
        '\u041c\u0430\u0448\u0430', '\u0410\u043b\u0435\u043a\u0441',
        '\u5c71\u7530', '\u738b\u82b3', '\u3072\u308d\u3057',
        '\u05e9\u05e8\u05d4', '\u0645\u062d\u0645\u062f', 'Zo\u00eb',
        '\u0141ukasz', '\u00d8yvind', 'Stra\u00dfe'
    ]
    names: List[str] = []
    while len(names) < count:
        if ascii_only:
            name = rng.choice(words).capitalize() + str(rng.randrange(10**6))
        else:
            name = rng.choice(foreign) + str(rng.randrange(10**4))
        names.append(name[:16])
    return names


def accepted_by_both(profile_name: str, names: Sequence[str]) -> List[str]:
    theirs = precis_i18n.get_profile(profile_name)
    ours = u8guard.precis.get_profile(profile_name)
    kept = []
    for n in names:
        try:
            want = theirs.enforce(n)
        except UnicodeEncodeError:
            continue
        try:
            got = ours.enforce(n)
        except UnicodeEncodeError:
            continue
        assert got == want, (n, got, want)
        kept.append(n)
    return kept


def rate(fn: Callable[..., object], names: Sequence[Any],
         min_time: float, repeats: int) -> float:
    """Best names per second over `repeats` runs of at least min_time s."""
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.perf_counter()
        while True:
            for n in names:
                fn(n)
            done += len(names)
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        best = max(best, done / elapsed)
    return best


def pair_rate(fn: Callable[..., object], names: Sequence[str],
              min_time: float, repeats: int) -> float:
    """As rate(), for a function of two names (each name with the next)."""
    pairs = list(zip(names, list(names[1:]) + [names[0]]))
    return rate(lambda p: fn(*p), pairs, min_time, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--min-time', type=float, default=0.5,
                        help='seconds per measurement (default 0.5)')
    parser.add_argument('--repeats', type=int, default=3,
                        help='measurements per cell; the best is shown')
    args = parser.parse_args()

    print('# u8guard from Python: %s' % datetime.datetime.now(
        datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'))
    print('# machine: %s; load average %s' %
          (cpu_model(), ' '.join('%.2f' % x for x in __import__('os')
                                 .getloadavg())))
    print('# Python %s (%s), unicodedata %s; precis_i18n %s; u8guard %s '
          '(ICU %s, Unicode %s, UTF-8 kernel %s)' %
          (platform.python_version(), sys.executable,
           unicodedata.unidata_version, precis_i18n.__version__,
           u8guard.__version__, u8guard.icu_version(),
           u8guard.unicode_version(), u8guard.utf8_kernel()))
    print('# best of %d runs of >= %.2f s each; M = million names per second'
          % (args.repeats, args.min_time))

    pools: Dict[str, List[str]] = {}
    for label, ascii_only in (('ASCII', True), ('non-ASCII', False)):
        names = make_names(13 if ascii_only else 14, 2000, ascii_only)
        pools[label] = accepted_by_both('UsernameCaseMapped', names)
        assert len(pools[label]) > 1000, label

    rows = []
    m, r = args.min_time, args.repeats

    def row(label: str, fn: Callable[..., object], pairs: bool = False) -> None:
        cells = [(pair_rate if pairs else rate)(fn, pools[p], m, r)
                 for p in ('ASCII', 'non-ASCII')]
        rows.append((label, cells))
        print('%-58s %8.3f M/s %8.3f M/s' % (label, cells[0] / 1e6,
                                             cells[1] / 1e6),
              file=sys.stderr)

    for name, native in (('UsernameCaseMapped', 'username-case-mapped'),
                         ('OpaqueString', 'opaque-string'),
                         ('NicknameCaseMapped', 'nickname')):
        row('%s: precis_i18n `enforce`' % name,
            precis_i18n.get_profile(name).enforce)
        row('%s: `u8guard.precis` `enforce`' % name,
            u8guard.precis.get_profile(name).enforce)
        row('%s: `u8guard.Profile.canonicalize`' % name,
            u8guard.Profile(native).canonicalize)

    def nfkc_casefold(s: str) -> str:
        return unicodedata.normalize('NFKC', s).casefold()

    row('`unicodedata.normalize("NFKC", s).casefold()`', nfkc_casefold)
    row('`str.lower()` (a floor: one C call per name)', str.lower)

    theirs = precis_i18n.get_profile('UsernameCaseMapped')
    user = u8guard.Profile('username-case-mapped')

    def precis_equal(a: str, b: str) -> bool:
        return bool(theirs.enforce(a) == theirs.enforce(b))

    row('compare two names: precis_i18n `enforce(a) == enforce(b)`',
        precis_equal, pairs=True)
    row('compare two names: `u8guard.Profile.equivalent(a, b)`',
        user.equivalent, pairs=True)

    def acl_rows(ns: Sequence[str]) -> List[float]:
        keys = {theirs.enforce(n) for n in ns}
        allow = u8guard.AllowList(user, ns)
        probes = [n.upper() for n in ns]

        def precis_lookup(s: str) -> bool:
            return theirs.enforce(s) in keys

        return [
            rate(precis_lookup, probes, m, r),
            rate(allow.grants, probes, m, r),
            rate(allow.__contains__, probes, m, r),
        ]

    acl = [acl_rows(pools['ASCII']), acl_rows(pools['non-ASCII'])]
    for i, label in enumerate([
            'ACL lookup: precis_i18n `enforce(s) in set_of_keys`',
            'ACL lookup: `AllowList.grants(s)`', 'ACL lookup: `s in AllowList`'
    ]):
        rows.append((label, [acl[0][i], acl[1][i]]))

    print()
    print('| names per second (millions) | ASCII | non-ASCII |')
    print('|---|---:|---:|')
    for label, (a, b) in rows:
        print('| %s | %.3f | %.3f |' % (label, a / 1e6, b / 1e6))
    print()
    print('pools: %d ASCII, %d non-ASCII names accepted by both' %
          (len(pools['ASCII']), len(pools['non-ASCII'])))


if __name__ == '__main__':
    main()
