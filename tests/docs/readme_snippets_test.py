#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""README.md's quick start shows the files of examples/quickstart verbatim.

    readme_snippets_test.py SOURCE_DIR

Every fenced code block in the "## Quick start" section of README.md must
follow a line that names its file in backticks (`examples/quickstart/...`;
the last such name on the nearest non-blank line before the fence), and
hold exactly that file's bytes: the file is the block's lines, each ended
by a newline. Every file git tracks under examples/quickstart/ but the
expected outputs (*.out) must be shown. The files themselves are compiled and run
by the install test (C++, C, the CLI), the Python tests, the Go tests
(integrations/go/examples/quickstart, every file of which must be shown
too) and the PostgreSQL tests, so what the README shows is what those
tests ran.

Exits 0 when all of that holds; 1, naming each difference, otherwise.
"""

import difflib
import os
import re
import subprocess
import sys

QUICKSTART_DIR = 'examples/quickstart'
SECTION = '## Quick start'
# The Go quick start lives in the Go module (a program built against it).
GO_QUICKSTART_DIR = 'integrations/go/examples'
# Files a quick start uses that live elsewhere may be shown too.
SHOWN_DIRS = (QUICKSTART_DIR, 'integrations/postgresql/examples',
              'integrations/go/examples')
FILE_NAME = re.compile(r'`((?:' + '|'.join(map(re.escape, SHOWN_DIRS)) +
                       r')/[^`]+)`')


def quick_start_blocks(readme):
    """Returns [(file named before it, block text, README line)]."""
    lines = readme.split('\n')
    try:
        start = lines.index(SECTION)
    except ValueError:
        raise SystemExit('README.md has no "%s" section' % SECTION)
    blocks = []
    i = start + 1
    while i < len(lines) and not lines[i].startswith('## '):
        if not lines[i].startswith('```'):
            i += 1
            continue
        opening = i
        i += 1
        body = []
        while i < len(lines) and lines[i] != '```':
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit('README.md:%d: unclosed code block' %
                             (opening + 1))
        i += 1
        before = opening - 1
        while before > start and not lines[before].strip():
            before -= 1
        names = FILE_NAME.findall(lines[before])
        name = names[-1] if names else None
        blocks.append((name, ''.join(line + '\n' for line in body),
                       opening + 1))
    return blocks


def tracked_files(source):
    """The files git tracks under examples/quickstart (not what running the
    quick starts in place leaves there); none outside a git checkout."""
    try:
        done = subprocess.run(
            ['git', '-C', source, 'ls-files', '-z', '--', QUICKSTART_DIR,
             GO_QUICKSTART_DIR],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    except (OSError, subprocess.CalledProcessError):
        return []
    return [n for n in done.stdout.decode('utf-8').split('\0') if n]


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    source = sys.argv[1]
    with open(os.path.join(source, 'README.md'), encoding='utf-8') as f:
        readme = f.read()
    failures = []
    shown = set()
    for name, text, line in quick_start_blocks(readme):
        if name is None:
            failures.append('README.md:%d: a quick-start block without '
                            'its file (`%s/...`) on the line before it' %
                            (line, QUICKSTART_DIR))
            continue
        shown.add(name)
        path = os.path.join(source, name)
        if not os.path.isfile(path):
            failures.append('README.md:%d: %s does not exist' % (line, name))
            continue
        with open(path, encoding='utf-8', newline='') as f:
            want = f.read()
        if text != want:
            diff = difflib.unified_diff(
                want.splitlines(True), text.splitlines(True), name,
                'README.md:%d' % line)
            failures.append('README.md:%d: the block differs from %s:\n%s' %
                            (line, name, ''.join(diff)))
    for name in tracked_files(source):
        if not name.endswith('.out') and name not in shown:
            failures.append('%s is not shown in README.md\'s quick start' %
                            name)
    for failure in failures:
        print('FAILED: ' + failure, file=sys.stderr)
    if failures:
        return 1
    print('README.md shows %d quick-start files verbatim' % len(shown))
    return 0


if __name__ == '__main__':
    sys.exit(main())
