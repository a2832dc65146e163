# SPDX-License-Identifier: Apache-2.0
"""No installed program or shared object may load code from a directory that
anyone but root (or, in a prefix of one's own, its owner) can write.

A build against an ICU in ./dev test-icu's cache (~/.cache/u8guard/...)
installed everything with that directory in its RUNPATH: installed with
sudo, root's and postgres's processes then loaded ICU from a user's home.
`cmake --install` refuses that now (cmake/install_runpath_check.cmake); this
reads what was installed.

  runpath_check.py scan TREE...   every ELF executable and shared object
                                  under each TREE (links not followed): each
                                  directory its RUNPATH and RPATH name
                                  ($ORIGIN resolved, links resolved) and
                                  every parent of it must be owned by root,
                                  or by the owner of TREE, and be writable by
                                  its owner only (sticky or not); inside
                                  TREE only TREE and what is under it are
                                  read (where the tree lives is the
                                  installer's choice)
  runpath_check.py self-test CC   the scan on shared objects linked here with
                                  CC: with a RUNPATH, and with an RPATH, into
                                  a world-writable directory, a sticky one
                                  and one owned by another user (when run
                                  as root), and with safe ones: it must
                                  report the planted directories and only
                                  them

Exit status 0 when all is well, 1 otherwise (the findings on stderr).
"""

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'build'))
from elf_dynamic import elf_kind, search_paths  # noqa: E402


def is_elf(path):
    """Whether `path` is a regular ELF file (an executable or a shared
    object: what the loader reads a RUNPATH of)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
    except OSError:
        return False
    return elf_kind(path) is not None


def search_entries(path):
    """[(tag, entry)] of the RUNPATH and RPATH entries of the ELF file."""
    return [(tag, entry) for tag, value in search_paths(path)
            for entry in value.split(':')]


def unsafe(directory, tree, allowed):
    """[reason] for `directory` (absolute): each component that is owned by
    another uid than `allowed` or writable by group or others, from the
    directory up to `tree` when it is inside it, else up to /."""
    path = os.path.realpath(directory)
    while not os.path.lexists(path):
        path = os.path.dirname(path)  # nothing yet: who can make it decides
    stop = '/'
    if path == tree or path.startswith(tree + '/'):
        stop = tree
    found = []
    while True:
        st = os.lstat(path)
        mode = stat.S_IMODE(st.st_mode)
        if st.st_uid not in allowed:
            found.append(f'{path} is owned by uid {st.st_uid} '
                         f'(mode {mode:o})')
        elif mode & 0o022:
            found.append(f'{path} is writable by its group or anyone '
                         f'(mode {mode:o})')
        if path in (stop, '/'):
            return found
        path = os.path.dirname(path)


def scan(trees):
    """Every finding under `trees`, as lines; and how many ELF files were
    read."""
    findings = []
    count = 0
    for tree in trees:
        tree = os.path.realpath(tree)
        owner = os.stat(tree).st_uid
        allowed = {0, owner}
        for directory, _, files in os.walk(tree):
            for name in sorted(files):
                path = os.path.join(directory, name)
                if not is_elf(path):
                    continue
                count += 1
                origin = os.path.dirname(os.path.realpath(path))
                for tag, entry in search_entries(path):
                    resolved = re.sub(r'\$ORIGIN|\$\{ORIGIN\}', origin, entry)
                    if not resolved.startswith('/'):
                        findings.append(f'{path}: {tag} entry "{entry}" '
                                        'is not absolute')
                        continue
                    for reason in unsafe(resolved, tree, allowed):
                        findings.append(f'{path}: {tag} entry "{entry}": '
                                        f'{reason}')
    return findings, count


def self_test(cc):
    """The scan must report the planted directories, and only them."""
    work = tempfile.mkdtemp(prefix='u8guard-runpath-check-')
    try:
        tree = os.path.join(work, 'tree')
        os.mkdir(tree)
        os.mkdir(os.path.join(tree, 'lib'))
        planted = {}
        for name, mode in (('world', 0o777), ('sticky', 0o1777),
                           ('group', 0o775)):
            path = os.path.join(work, name)
            os.mkdir(path)
            os.chmod(path, mode)
            planted[name] = path
        if os.geteuid() == 0:
            path = os.path.join(work, 'others')
            os.mkdir(path, 0o755)
            os.chown(path, 65534, 65534)  # nobody's
            planted['others'] = path
        # The tree itself lives in /tmp (sticky, world-writable): only a
        # directory outside it is read up to /, so a planted one is read
        # from a directory whose parents are root's and safe.
        safe_outside = '/usr/lib'
        source = os.path.join(work, 'f.c')
        with open(source, 'w', encoding='utf-8') as f:
            f.write('int f(void) { return 1; }\n')
        expected = set()
        objects = []
        for name, directory in planted.items():
            for tags, flag in (('RUNPATH', '--enable-new-dtags'),
                               ('RPATH', '--disable-new-dtags')):
                output = os.path.join(tree, 'lib', f'lib{name}-{tags}.so')
                objects.append(
                    (output, [f'-Wl,{flag}', f'-Wl,-rpath,{directory}']))
                expected.add((output, tags, directory))
        objects.append((os.path.join(tree, 'lib', 'libsafe.so'), [
            '-Wl,--enable-new-dtags', '-Wl,-rpath,$ORIGIN:$ORIGIN/../lib:' +
            safe_outside
        ]))
        for output, flags in objects:
            subprocess.run([cc, '-shared', '-fPIC', '-o', output, source] +
                           flags,
                           check=True)
        # The planted ones sit in /tmp: their parent's findings are /tmp's
        # (sticky and world-writable), reported too; the planted directory
        # itself must be named.
        findings, count = scan([tree])
        if count != len(objects):
            print(f'FAILED: read {count} ELF files of {len(objects)}',
                  file=sys.stderr)
            return 1
        failed = False
        for output, tag, directory in sorted(expected):
            prefix = f'{output}: {tag} entry "{directory}": {directory} is'
            if not any(line.startswith(prefix) for line in findings):
                print(f'FAILED: not reported: {output} ({tag} {directory})',
                      file=sys.stderr)
                failed = True
        for line in findings:
            if 'libsafe.so' in line:
                print(f'FAILED: reported a safe entry: {line}',
                      file=sys.stderr)
                failed = True
        if failed:
            print('\n'.join(findings), file=sys.stderr)
            return 1
        print(f'runpath_check self-test: {len(expected)} planted RUNPATH and '
              'RPATH entries reported, the safe ones ($ORIGIN, '
              f'{safe_outside}) not')
        return 0
    finally:
        shutil.rmtree(work)


def main(argv):
    if len(argv) >= 3 and argv[1] == 'scan':
        findings, count = scan(argv[2:])
        if findings:
            print('\n'.join(findings), file=sys.stderr)
            print(f'FAILED: an installed RUNPATH or RPATH names a directory '
                  'that others can write (cmake/install_runpath_check.cmake)',
                  file=sys.stderr)
            return 1
        print(f'{count} ELF files: every RUNPATH and RPATH directory is '
              'owned by root (or the tree\'s owner) and writable by it only')
        return 0
    if len(argv) == 3 and argv[1] == 'self-test':
        return self_test(argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
