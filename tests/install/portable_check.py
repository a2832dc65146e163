# SPDX-License-Identifier: Apache-2.0
"""A portable artifact (U8GUARD_STATIC_DEPS: the release tarball's tool,
./dev dist; the wheel's module, ./dev wheel) needs the C library and GCC's
unwinder and nothing else.

  portable_check.py scan [--max-glibc=2.34] FILE...
      each FILE (an ELF executable or shared object, or a wheel or tarball,
      whose ELF members are read) may name in DT_NEEDED only the C
      library's parts (libc, libm, libpthread, libdl, librt, the loader)
      and GCC's unwinder libgcc_s.so.1, asked for symbol versions no newer
      than GCC_7.0.0: no ICU, Abseil, toml++ or libstdc++; and ask for no
      glibc symbol version newer than --max-glibc. Prints, per ELF file,
      what it needs and the newest glibc version it asks for.
  portable_check.py chroot PROGRAM [ARG...]
      runs PROGRAM in an empty root holding only it and the files of the
      C library and libgcc_s it names (as root only): nothing of ICU,
      Abseil or toml++ can be found there. Prints the program's output.
  portable_check.py self-test
      the scan on the non-portable build of this tree's own tool (found
      through U8GUARD_CLI): it must be refused, naming ICU.

Exit status 0 when all is well, 1 otherwise (the findings on stderr).
"""

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'build'))
from elf_dynamic import (elf_kind, needed_libraries,  # noqa: E402
                         required_versions)

# The C library's parts: what a portable artifact may need.
C_LIBRARY = ('libc.so.6', 'libm.so.6', 'libpthread.so.0', 'libdl.so.2',
             'librt.so.1', 'ld-linux-x86-64.so.2', 'ld-linux-aarch64.so.1')
# GCC's unwinder, on every glibc system (glibc loads it to unwind a
# cancelled thread), and the newest of its symbol versions a portable
# artifact may ask for: GCC 7's, which every libgcc_s.so.1 since has
# (RHEL 8 and 9, Ubuntu 22.04, Debian 12).
UNWINDER = 'libgcc_s.so.1'
MAX_GCC = (7, 0, 0)


def version_text(v):
    return '.'.join(str(x) for x in v)


def check_elf(path, shown, max_glibc):
    """Findings (strings) about one ELF file; prints what it needs."""
    findings = []
    needed = needed_libraries(path)
    versions = required_versions(path)
    glibc = versions.get('GLIBC', ())
    print('%s: needs %s; newest glibc symbol %s' %
          (shown, ', '.join(needed) or 'nothing',
           version_text(glibc) or 'none'))
    for lib in needed:
        if lib not in C_LIBRARY and lib != UNWINDER:
            findings.append('%s needs %s, which is not part of the C library'
                            % (shown, lib))
    gcc = versions.get('GCC', ())
    if gcc > MAX_GCC:
        findings.append('%s asks for %s GCC_%s, newer than GCC_%s' %
                        (shown, UNWINDER, version_text(gcc),
                         version_text(MAX_GCC)))
    for name in versions:
        if name not in ('GLIBC', 'GLIBC_PRIVATE', 'GCC'):
            findings.append('%s asks for %s symbol versions (%s): %s is '
                            'linked dynamically' %
                            (shown, name, version_text(versions[name]), name))
    if max_glibc and glibc > max_glibc:
        findings.append('%s asks for glibc %s, newer than %s' %
                        (shown, version_text(glibc), version_text(max_glibc)))
    return findings


def members(path, scratch):
    """[(shown name, file)] of the ELF files in `path`: itself, or the
    members of a wheel (zip) or tarball, extracted into `scratch`."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            names = [n for n in z.namelist() if not n.endswith('/')]
            z.extractall(scratch, names)
    elif tarfile.is_tarfile(path):
        with tarfile.open(path) as t:
            regular = [m for m in t.getmembers() if m.isreg()]
            t.extractall(scratch, regular)  # nosec: our own artifact
            names = [m.name for m in regular]
    else:
        return [(path, path)]
    out = []
    for n in names:
        f = os.path.join(scratch, n)
        if elf_kind(f):
            out.append(('%s:%s' % (path, n), f))
    if not out:
        print('%s: holds no ELF file' % path, file=sys.stderr)
    return out


def scan(args):
    max_glibc = ()
    files = []
    for a in args:
        if a.startswith('--max-glibc='):
            max_glibc = tuple(int(x) for x in a.split('=', 1)[1].split('.'))
        else:
            files.append(a)
    findings = []
    with tempfile.TemporaryDirectory() as scratch:
        for i, f in enumerate(files):
            sub = os.path.join(scratch, str(i))
            os.mkdir(sub)
            elfs = members(f, sub)
            if not elfs:
                findings.append('%s: no ELF file to check' % f)
            for shown, path in elfs:
                findings += check_elf(path, shown, max_glibc)
    for f in findings:
        print('portable_check: ' + f, file=sys.stderr)
    return 1 if findings else 0


def chroot(args):
    program = os.path.abspath(args[0])
    if os.geteuid() != 0:
        print('portable_check: chroot needs root', file=sys.stderr)
        return 77
    ldd = subprocess.run(['ldd', program], capture_output=True, text=True,
                         check=False).stdout
    paths = [w for line in ldd.splitlines() for w in line.split()
             if w.startswith('/')]
    with tempfile.TemporaryDirectory() as root:
        for p in paths:
            target = os.path.join(root, p.lstrip('/'))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(os.path.realpath(p), target)
        shutil.copy2(program, os.path.join(root, 'program'))
        # The loader's usual directories, for a libc that looks there.
        for d in ('lib', 'lib64', 'usr/lib'):
            os.makedirs(os.path.join(root, d), exist_ok=True)
        print('root holds: ' + ', '.join(sorted(
            os.path.relpath(os.path.join(dp, f), root)
            for dp, _, fs in os.walk(root) for f in fs)))
        r = subprocess.run(['chroot', root, '/program'] + args[1:],
                           capture_output=True, text=True, check=False)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        return r.returncode


def self_test():
    cli = os.environ.get('U8GUARD_CLI')
    if not cli:
        print('portable_check: self-test needs U8GUARD_CLI', file=sys.stderr)
        return 2
    with tempfile.TemporaryFile('w+') as err:
        saved = sys.stderr
        sys.stderr = err
        try:
            status = scan([cli])
        finally:
            sys.stderr = saved
        err.seek(0)
        text = err.read()
    if status != 1 or 'libicuuc' not in text:
        print('portable_check: self-test: %s was not refused for ICU:\n%s' %
              (cli, text), file=sys.stderr)
        return 1
    print('self-test: the dynamically linked tool is refused')
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == 'scan':
        return scan(argv[2:])
    if len(argv) >= 3 and argv[1] == 'chroot':
        return chroot(argv[2:])
    if len(argv) == 2 and argv[1] == 'self-test':
        return self_test()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
