# SPDX-License-Identifier: Apache-2.0
"""No program or shared object that the build makes may load libraries from
the directory it is run in.

glibc's loader reads an empty entry of a RUNPATH or RPATH (a leading,
trailing or doubled ':') as the current directory, and a relative entry as
relative to it. build/u8guard had the RUNPATH "::::::::::::::" (CMake's
padding for its install-time rewrite, cmake/rpath.cmake), so a
libtomlplusplus.so.3 in the directory of whoever ran it ran inside it.

  runpath_test.py scan DIR...      every ELF executable and shared object
                                   under each DIR (links not followed): its
                                   RUNPATH and RPATH entries must be
                                   absolute or start with $ORIGIN; each one
                                   that is not is reported with its file
  runpath_test.py self-test CC     the scan on programs linked here with
                                   each kind of entry: it must report the
                                   bad ones and only them
  runpath_test.py attack CC PROG...  the attack replayed: a library for
                                   each name PROG needs (NEEDED), built with
                                   CC, whose constructor leaves a marker, in
                                   an empty directory; PROG version run from
                                   there must print its version, exit 0 and
                                   leave no marker (a loader error about a
                                   planted library fails it too)

Exit status 0 when all is well, 1 otherwise (the findings on stderr).
"""

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

from elf_dynamic import elf_kind, search_paths

def bad_entries(value):
    """The entries of a RUNPATH value that are not absolute or
    $ORIGIN-relative (an empty one is the current directory)."""
    bad = []
    for entry in value.split(':'):
        if entry.startswith('/'):
            continue
        if re.match(r'^(\$ORIGIN|\$\{ORIGIN\})(/|$)', entry):
            continue
        bad.append(entry)
    return bad


def scan(roots):
    """Every finding under `roots`, as lines; and how many files were read."""
    findings = []
    checked = 0
    for root in roots:
        for directory, _, files in os.walk(root):
            for name in files:
                path = os.path.join(directory, name)
                try:
                    if not stat.S_ISREG(os.lstat(path).st_mode):
                        continue
                except OSError:
                    continue
                if elf_kind(path) is None:
                    continue
                checked += 1
                for tag, value in search_paths(path):
                    bad = bad_entries(value)
                    if bad:
                        findings.append(
                            '%s: %s "%s": %s' %
                            (path, tag, value, ', '.join(
                                '"%s" (%s)' %
                                (e, 'empty: the current directory'
                                 if not e else 'relative') for e in bad)))
    return findings, checked


def link(cc, work, name, rpath, new_dtags=True):
    """A program linked in `work` with the search path `rpath`."""
    source = os.path.join(work, 'main.c')
    with open(source, 'w', encoding='ascii') as f:
        f.write('int main(void) { return 0; }\n')
    program = os.path.join(work, name)
    subprocess.run([
        cc, '-o', program, source, '-Wl,-rpath,' + rpath,
        '-Wl,--enable-new-dtags' if new_dtags else '-Wl,--disable-new-dtags'
    ],
                   check=True)
    return program


def self_test(cc):
    cases = {
        'padding': ('::::', True),
        'trailing': ('/usr/lib:', True),
        'leading': (':/usr/lib', True),
        'relative': ('lib', True),
        'dollar_lib': ('$LIB', True),
        'absolute': ('/usr/lib:/opt/x/lib', False),
        'origin': ('$ORIGIN/../lib:$ORIGIN', False),
    }
    failures = []
    with tempfile.TemporaryDirectory() as work:
        for name, (rpath, bad) in cases.items():
            for new_dtags in (True, False):
                sub = os.path.join(work, '%s_%d' % (name, new_dtags))
                os.mkdir(sub)
                link(cc, sub, name, rpath, new_dtags)
                findings, checked = scan([sub])
                if checked != 1:
                    failures.append('%s: read %d files' % (name, checked))
                if bool(findings) != bad:
                    failures.append('%s (%s, %s): %s' %
                                    (name, rpath,
                                     'RUNPATH' if new_dtags else 'RPATH',
                                     findings or 'not reported'))
    return failures


def attack(cc, programs):
    failures = []
    with tempfile.TemporaryDirectory() as work:
        fake_source = os.path.join(work, 'fake.c')
        marker = os.path.join(work, 'marker')
        with open(fake_source, 'w', encoding='ascii') as f:
            f.write('#include <fcntl.h>\n'
                    '#include <stdlib.h>\n'
                    '#include <unistd.h>\n'
                    '__attribute__((constructor)) static void planted(void) {\n'
                    '  const char *m = getenv("U8GUARD_PLANTED_MARKER");\n'
                    '  if (m != NULL) close(open(m, O_WRONLY | O_CREAT, 0600));\n'
                    '}\n')
        fake = os.path.join(work, 'fake.so')
        subprocess.run([cc, '-shared', '-fPIC', '-o', fake, fake_source],
                       check=True)
        for program in programs:
            out = subprocess.run(['readelf', '-d', '-W', program],
                                 capture_output=True,
                                 text=True,
                                 check=True).stdout
            needed = re.findall(r'\(NEEDED\)\s+Shared library: \[(.*)\]', out)
            run_dir = tempfile.mkdtemp(dir=work)
            planted = [
                n for n in needed
                if not n.startswith(('libc.so', 'ld-linux', 'ld64'))
            ]
            for name in planted:
                shutil.copy(fake, os.path.join(run_dir, name))
            env = dict(os.environ, U8GUARD_PLANTED_MARKER=marker)
            env.pop('LD_LIBRARY_PATH', None)
            r = subprocess.run([os.path.abspath(program), 'version'],
                               cwd=run_dir,
                               env=env,
                               capture_output=True,
                               text=True,
                               errors='replace',
                               check=False)
            if os.path.exists(marker):
                failures.append('%s ran a library planted in the directory '
                                'it was run in' % program)
                os.unlink(marker)
            if r.returncode != 0 or not r.stdout.startswith('u8guard '):
                failures.append('%s version, run among planted %s: exit %d: '
                                '%s' % (program, ', '.join(planted),
                                        r.returncode, r.stderr.strip()))
    return failures


def main(argv):
    if len(argv) >= 3 and argv[1] == 'scan':
        findings, checked = scan(argv[2:])
        for line in findings:
            print(line, file=sys.stderr)
        print('%d ELF files read, %d with an empty or relative RUNPATH/RPATH '
              'entry' % (checked, len(findings)))
        return 1 if findings or checked == 0 else 0
    if len(argv) == 3 and argv[1] == 'self-test':
        failures = self_test(argv[2])
    elif len(argv) >= 4 and argv[1] == 'attack':
        failures = attack(argv[2], argv[3:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for line in failures:
        print(line, file=sys.stderr)
    print('%s: %s' % (argv[1], 'FAILED' if failures else 'ok'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
