#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The quick starts show the files they run verbatim: README.md's those of
examples/quickstart, docs/go.md's those of integrations/go/examples.

    readme_snippets_test.py SOURCE_DIR

Every fenced code block in the "## Quick start" section of each guide must
follow a line that names its file in backticks (`examples/quickstart/...`;
the last such name on the nearest non-blank line before the fence), and
hold exactly that file's bytes: the file is the block's lines, each ended
by a newline. Every file git tracks under examples/quickstart/ but the
expected outputs (*.out) must be shown in README.md (those of
examples/quickstart/postgresql in docs/postgresql.md), and every file under
integrations/go/examples in docs/go.md. The files themselves are compiled
and run by the install test (C++, C, the CLI), the Python tests, the Go
tests, the PostgreSQL tests and tests/docs/quickstart_test.sh (each of
README.md's, as written, from a scratch copy, as nobody too), so what the
guides show is what those tests ran.

Exits 0 when all of that holds; 1, naming each difference, otherwise.
"""

import difflib
import os
import re
import subprocess
import sys

from fenced_blocks import fenced_blocks

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
    """Returns [(file named before it, block text, line)] of a guide's
    quick-start section."""
    lines = readme.split('\n')
    try:
        start = lines.index(SECTION)
    except ValueError:
        raise SystemExit('a guide has no "%s" section' % SECTION)
    blocks = []
    for opening, body in fenced_blocks(lines, start + 1, stop_at_heading=True):
        before = opening - 1
        while before > start and not lines[before].strip():
            before -= 1
        names = FILE_NAME.findall(lines[before])
        name = names[-1] if names else None
        blocks.append((name, ''.join(line + '\n' for line in body),
                       opening + 1))
    return blocks


def tracked_files(source, directory):
    """The files git tracks under `directory` (not what running the quick
    starts in place leaves there); none outside a git checkout."""
    try:
        done = subprocess.run(
            ['git', '-C', source, 'ls-files', '-z', '--', directory],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    except (OSError, subprocess.CalledProcessError):
        return []
    return [n for n in done.stdout.decode('utf-8').split('\0') if n]


# The PostgreSQL quick start lives in its guide (README.md points there).
PG_QUICKSTART_DIR = QUICKSTART_DIR + '/postgresql'
# Each guide, and the directory whose every file its quick start shows
# (but those of another guide's directory under it).
GUIDES = (('README.md', QUICKSTART_DIR), ('docs/go.md', GO_QUICKSTART_DIR),
          ('docs/postgresql.md', PG_QUICKSTART_DIR))


def check_guide(source, guide, directory, failures):
    """Appends to `failures` what `guide`'s quick start gets wrong; returns
    how many files it shows."""
    with open(os.path.join(source, guide), encoding='utf-8') as f:
        text_of_guide = f.read()
    shown = set()
    for name, text, line in quick_start_blocks(text_of_guide):
        if name is None:
            failures.append('%s:%d: a quick-start block without its file '
                            '(`%s/...`) on the line before it' %
                            (guide, line, directory))
            continue
        shown.add(name)
        path = os.path.join(source, name)
        if not os.path.isfile(path):
            failures.append('%s:%d: %s does not exist' % (guide, line, name))
            continue
        with open(path, encoding='utf-8', newline='') as f:
            want = f.read()
        if text != want:
            diff = difflib.unified_diff(
                want.splitlines(True), text.splitlines(True), name,
                '%s:%d' % (guide, line))
            failures.append('%s:%d: the block differs from %s:\n%s' %
                            (guide, line, name, ''.join(diff)))
    others = [d for _, d in GUIDES if d.startswith(directory + '/')]
    for name in tracked_files(source, directory):
        if any(name.startswith(d + '/') for d in others):
            continue
        if not name.endswith('.out') and name not in shown:
            failures.append('%s is not shown in %s\'s quick start' %
                            (name, guide))
    return len(shown)


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    source = sys.argv[1]
    failures = []
    counts = [check_guide(source, guide, directory, failures)
              for guide, directory in GUIDES]
    for failure in failures:
        print('FAILED: ' + failure, file=sys.stderr)
    if failures:
        return 1
    print('the quick starts show %d files verbatim (%s)' % (
        sum(counts), ', '.join('%s %d' % (g, n)
                              for (g, _), n in zip(GUIDES, counts))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
