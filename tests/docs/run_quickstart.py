#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs a quick start's commands as README.md shows them, checking output.

    run_quickstart.py RUN_SH DIRECTORY

RUN_SH (examples/quickstart/*/run.sh) lists shell commands, each on one
line or on several joined by a trailing backslash, each followed by the
lines it prints on standard output written as comments ("# " and the
line). A blank line ends a command's output. The commands run one after
the other with bash in DIRECTORY, with this process's environment (the
install test and tests/docs/quickstart_test.sh point PATH,
PKG_CONFIG_PATH, CMAKE_PREFIX_PATH and LD_LIBRARY_PATH at an installed
u8guard). A command followed by output
lines must print exactly those (its exit status is free: a refusal exits
1); one followed by none must exit 0, whatever it prints.

Exits 0 when every command did what its file says, 1 at the first that did
not.
"""

import subprocess
import sys


def commands(text):
    """Returns [(command, expected stdout lines or None)]."""
    result = []
    pending = ''
    for line in text.split('\n'):
        if pending:
            pending += '\n' + line
            if not line.endswith('\\'):
                result.append([pending, None])
                pending = ''
        elif not line.strip():
            if result:
                result[-1].append('end')
        elif line.startswith('#'):
            if not result or len(result[-1]) > 2:
                continue  # a comment, not output
            if result[-1][1] is None:
                result[-1][1] = []
            result[-1][1].append(line[2:] if line.startswith('# ') else '')
        elif line.endswith('\\'):
            pending = line
        else:
            result.append([line, None])
    if pending:
        raise SystemExit('a command ends with a backslash: ' + pending)
    return [(c[0], c[1]) for c in result]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    run_sh, directory = sys.argv[1:]
    with open(run_sh, encoding='utf-8') as f:
        steps = commands(f.read())
    for command, expected in steps:
        print('$ ' + command, flush=True)
        done = subprocess.run(['bash', '-c', command], cwd=directory,
                              stdout=subprocess.PIPE, check=False)
        out = done.stdout.decode('utf-8', 'replace')
        sys.stdout.write(out)
        if expected is None:
            if done.returncode != 0:
                print('FAILED: exit status %d' % done.returncode,
                      file=sys.stderr)
                return 1
        elif out != ''.join(line + '\n' for line in expected):
            print('FAILED: %s says it prints:\n%s' %
                  (run_sh, ''.join(line + '\n' for line in expected)),
                  file=sys.stderr)
            return 1
    print('%s: %d commands as shown' % (run_sh, len(steps)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
