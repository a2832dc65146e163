#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""No build output is tracked: a compiled program or library in the
repository is code no one can review, and it goes stale beside its source.

    build_outputs.py ROOT              list tracked build outputs; exit 1 if any
    build_outputs.py --self-test ROOT  plant one of each kind, expect each caught

A build output is a tracked file that starts with an ELF, ar archive or
Python bytecode header, or whose name ends in .o, .a, .so (or .so.N), .pyc
or .test (what `go test -c` writes).
"""

import os
import re
import subprocess
import sys
import tempfile

MAGIC = (b'\x7fELF', b'!<arch>\n')
NAMES = re.compile(r'\.(o|a|so(\.[0-9]+)*|pyc|test)$')


def tracked(root):
  out = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                       stdout=subprocess.PIPE, check=True).stdout
  return [p for p in out.decode().split('\0') if p]


def is_output(root, path):
  if NAMES.search(path):
    return True
  try:
    with open(os.path.join(root, path), 'rb') as f:
      head = f.read(16)
  except (IsADirectoryError, FileNotFoundError):
    return False  # a submodule, or deleted in the work tree
  if head.startswith(MAGIC):
    return True
  # Python bytecode: a 2-byte magic number, then b'\r\n'.
  return len(head) >= 4 and head[2:4] == b'\r\n' and path.endswith('.pyc')


def check(root):
  return [p for p in tracked(root) if is_output(root, p)]


def self_test(root):
  del root  # the plants go into a repository of their own
  plants = {'tool': b'\x7fELF\x02\x01\x01' + bytes(9),
            'libx.a': b'!<arch>\n', 'x_test.test': b'#!',
            'lib/libx.so.0': b'', 'mod.pyc': b'\x6f\x0d\r\n'}
  failures = []
  with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(['git', 'init', '-q', tmp], check=True)
    with open(os.path.join(tmp, 'clean.txt'), 'w', encoding='utf-8') as f:
      f.write('text\n')
    subprocess.run(['git', '-C', tmp, 'add', '.'], check=True)
    if check(tmp):
      failures.append(f'a clean repository fails: {check(tmp)}')
    for name, data in plants.items():
      path = os.path.join(tmp, name)
      os.makedirs(os.path.dirname(path), exist_ok=True)
      with open(path, 'wb') as f:
        f.write(data)
      subprocess.run(['git', '-C', tmp, 'add', name], check=True)
      if name not in check(tmp):
        failures.append(f'planted {name} not caught')
      subprocess.run(['git', '-C', tmp, 'rm', '-q', '--cached', name],
                     check=True)
  return failures


def main(argv):
  if len(argv) == 3 and argv[1] == '--self-test':
    failures = self_test(argv[2])
    for f in failures:
      print(f)
    return 1 if failures else 0
  if len(argv) != 2:
    print(__doc__)
    return 2
  found = check(argv[1])
  for p in found:
    print(f'{p}: a build output is tracked (git rm --cached, .gitignore)')
  return 1 if found else 0


if __name__ == '__main__':
  sys.exit(main(sys.argv))
