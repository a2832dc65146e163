#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every source file names its licence with an SPDX identifier.

    spdx.py ROOT           check: list the files without one; exit 1 if any
    spdx.py --add ROOT     add the line to those that lack it

A source file is one git tracks with a code or build extension (C, C++,
Python, shell, SQL, CMake, TOML, Go, the CMake templates) or one of the
extension-less scripts (dev, .ci/run). The line is
"SPDX-License-Identifier: Apache-2.0" in the file's comment syntax, among
its first three lines (after a shebang). Left out: the files the README
shows verbatim as quick starts (a user pastes them), the released extension
install script (never changed again), and data (test vectors, goldens,
seeds, word lists).
"""

import os
import subprocess
import sys

TAG = 'SPDX-License-Identifier: Apache-2.0'
COMMENT = {
    '.cc': '// {}', '.h': '// {}', '.inc': '// {}', '.c': '/* {} */',
    '.py': '# {}', '.pyi': '# {}', '.sh': '# {}', '.cmake': '# {}',
    '.toml': '# {}', '.go': '// {}', '.sql': '-- {}',
}
NAMED = {'CMakeLists.txt': '# {}', 'dev': '# {}', 'run': '# {}',
         'u8guard.pc.in': '# {}', 'u8guardConfig.cmake.in': '# {}',
         'u8guard.control.in': '# {}', 'version_macros.h.in': '/* {} */',
         'u8guard.map.in': '# {}', 'u8guard_pg.map': '# {}'}
EXEMPT_PREFIXES = ('examples/quickstart/', 'integrations/postgresql/examples/',
                   'tests/data/', 'tests/fuzz/seeds/', 'bench/data/')
EXEMPT = {'integrations/postgresql/sql/u8guard--0.1.sql'}


def comment_for(path):
    base = os.path.basename(path)
    if base in NAMED:
        if base == 'run' and not path.startswith('.ci/'):
            return None
        return NAMED[base]
    return COMMENT.get(os.path.splitext(path)[1])


def sources(root):
    files = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                           stdout=subprocess.PIPE, check=True).stdout
    for path in files.decode().split('\0'):
        if (not path or path in EXEMPT or path.startswith(EXEMPT_PREFIXES)):
            continue
        fmt = comment_for(path)
        if fmt is not None and os.path.isfile(os.path.join(root, path)):
            yield path, fmt


def main():
    args = sys.argv[1:]
    add = args[:1] == ['--add']
    if add:
        args = args[1:]
    if len(args) != 1:
        raise SystemExit(__doc__)
    root = args[0]
    missing = []
    for path, fmt in sources(root):
        full = os.path.join(root, path)
        with open(full, encoding='utf-8', errors='surrogateescape') as f:
            lines = f.read().split('\n')
        if any(TAG in line for line in lines[:3]):
            continue
        missing.append(path)
        if add:
            at = 1 if lines and lines[0].startswith('#!') else 0
            lines.insert(at, fmt.format(TAG))
            with open(full, 'w', encoding='utf-8',
                      errors='surrogateescape') as f:
                f.write('\n'.join(lines))
    if add:
        print('spdx: added the line to %d files' % len(missing))
        return 0
    for path in missing:
        print('%s: no "%s" line among its first three' % (path, TAG))
    if missing:
        print('spdx: %d files above lack it (tests/lint/spdx.py --add .)'
              % len(missing))
        return 1
    print('spdx: every source file names its licence')
    return 0


if __name__ == '__main__':
    sys.exit(main())
