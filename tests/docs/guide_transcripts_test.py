#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs every command the guides (docs/*.md) show as a terminal transcript,
as written, and checks that it prints what the guide says.

    guide_transcripts_test.py SOURCE_DIR BUILD_DIR [self|unprivileged]

A transcript is a fenced code block whose first line starts with "$ ": each
"$ COMMAND" line is a command, and the lines after it, up to the next
command or the end of the block, are what it prints on standard output. A
line "..." stands for any number of lines (the guide leaves them out). The
exit status is free (a refusal exits 1), as in README.md's quick starts.

The commands run with bash, one after the other, in a scratch directory
under /tmp holding a copy of the files git tracks under examples/ and
tests/data/upgrade/ (what the guides name) and nothing else, with PATH
starting at a copy of BUILD_DIR's tool (`u8guard`) and `build/` holding the
worked example of docs/matching.md (`login_check`), in a clean environment
(PATH, HOME in the scratch directory, LANG=C.UTF-8). With "unprivileged"
(run as root) each command runs as nobody (setpriv), the scratch directory
readable by all; it exits 77 (skipped) when not root.

What depends on the machine is read alike on both sides: the UTF-8 kernel
`u8guard version` names (the CPU's), written KERNEL in both.

Exits 0 when every transcript holds; 1, naming each difference, otherwise.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from fenced_blocks import fenced_blocks

# The files the transcripts read, relative to the scratch directory.
COPIED_DIRS = ('examples', 'tests/data/upgrade')
# The kernel `u8guard version` runs: the CPU's, not the guide's.
KERNEL = re.compile(r'(UTF-8 kernel |using )[a-z0-9_]+')


def transcripts(text):
    """Returns [(line of the block, [(command, [expected lines])])] of the
    fenced blocks of `text` that are transcripts."""
    found = []
    for opening, body in fenced_blocks(text.split('\n')):
        if not body or not body[0].startswith('$ '):
            continue
        steps = []
        for line in body:
            if line.startswith('$ '):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append((opening + 1, steps))
    return found


def matches(expected, actual):
    """True when `actual` (lines) is `expected` (lines, "..." any run of
    lines)."""
    pattern = ''.join('(?:.*\n)*?' if line == '...' else
                      re.escape(line + '\n') for line in expected)
    return re.fullmatch(pattern, ''.join(l + '\n' for l in actual)) is not None


def tracked(source, directory):
    """The files git tracks under `directory` of `source`."""
    done = subprocess.run(['git', '-C', source, 'ls-files', '-z', '--',
                           directory], stdout=subprocess.PIPE, check=True)
    return [n for n in done.stdout.decode('utf-8').split('\0') if n]


def scratch_copy(source, build, scratch):
    """Fills `scratch`: the tracked files, bin/u8guard, build/login_check."""
    for directory in COPIED_DIRS:
        for name in tracked(source, directory):
            os.makedirs(os.path.join(scratch, os.path.dirname(name)),
                        exist_ok=True)
            shutil.copyfile(os.path.join(source, name),
                            os.path.join(scratch, name))
    for program, where in (('u8guard', 'bin'), ('login_check', 'build')):
        built = os.path.join(build, program)
        if not os.path.isfile(built):
            raise SystemExit('FAILED: %s is not built (the guides run it)' %
                             built)
        os.makedirs(os.path.join(scratch, where), exist_ok=True)
        shutil.copy2(built, os.path.join(scratch, where, program))
    os.makedirs(os.path.join(scratch, 'home'))
    for root, dirs, files in os.walk(scratch):
        for name in dirs:
            os.chmod(os.path.join(root, name), 0o755)
        for name in files:
            path = os.path.join(root, name)
            os.chmod(path, 0o755 if os.access(path, os.X_OK) else 0o644)
    os.chmod(scratch, 0o755)


def run(command, scratch, unprivileged):
    """Runs `command` with bash in `scratch`; returns its standard output's
    lines."""
    argv = ['bash', '-c', command]
    if unprivileged:
        argv = ['setpriv', '--reuid=nobody', '--regid=nogroup',
                '--clear-groups'] + argv
    environment = {'PATH': os.path.join(scratch, 'bin') + ':/usr/bin:/bin',
                   'HOME': os.path.join(scratch, 'home'),
                   'LANG': 'C.UTF-8'}
    done = subprocess.run(argv, cwd=scratch, env=environment,
                          stdout=subprocess.PIPE, check=False)
    return done.stdout.decode('utf-8', 'replace').split('\n')[:-1]


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    source, build = sys.argv[1:3]
    unprivileged = len(sys.argv) == 4 and sys.argv[3] == 'unprivileged'
    if unprivileged and os.geteuid() != 0:
        print('skipped: "unprivileged" runs as nobody, which needs root')
        return 77
    failures = []
    count = 0
    with tempfile.TemporaryDirectory(prefix='u8guard-guides.') as scratch:
        scratch_copy(source, build, scratch)
        guides = sorted(n for n in os.listdir(os.path.join(source, 'docs'))
                        if n.endswith('.md'))
        for guide in guides:
            with open(os.path.join(source, 'docs', guide),
                      encoding='utf-8') as f:
                text = f.read()
            for line, steps in transcripts(text):
                for command, expected in steps:
                    count += 1
                    actual = run(command, scratch, unprivileged)
                    want = [KERNEL.sub(r'\1KERNEL', l) for l in expected]
                    got = [KERNEL.sub(r'\1KERNEL', l) for l in actual]
                    if not matches(want, got):
                        failures.append(
                            'docs/%s:%d: $ %s\nthe guide shows:\n%s\nit '
                            'printed:\n%s' % (guide, line, command,
                                              '\n'.join(expected),
                                              '\n'.join(actual)))
    for failure in failures:
        print('FAILED: ' + failure + '\n', file=sys.stderr)
    if count == 0:
        print('FAILED: no transcript in docs/*.md', file=sys.stderr)
        return 1
    if failures:
        return 1
    print('%d commands of the guides print what the guides show%s' %
          (count, ' (as nobody)' if unprivileged else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main())
