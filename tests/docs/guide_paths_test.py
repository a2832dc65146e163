#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every file of the repository a guide names exists.

    guide_paths_test.py SOURCE_DIR

README.md and docs/*.md name files of the repository in backticks
(`examples/acl/members.acl`, `integrations/postgresql/examples/
registration.sql`): each such name under examples/ or integrations/
must be a file or directory of the checkout, so that a guide's commands
find what they read. Names with a wildcard or a placeholder in capitals
(`examples/quickstart/*/run.sh`, `NAME`) are patterns, not files.

Exits 0 when all exist; 1, naming each missing one and where, otherwise.
"""

import glob
import os
import re
import sys

NAME = re.compile(r'`((?:examples|integrations)/[^`\s]*)`')


def main():
    source = sys.argv[1]
    guides = ['README.md'] + sorted(
        os.path.relpath(p, source)
        for p in glob.glob(os.path.join(source, 'docs', '*.md')))
    missing = []
    checked = 0
    for guide in guides:
        with open(os.path.join(source, guide), encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                for name in NAME.findall(line):
                    name = name.rstrip('.,:;)')
                    if re.search(r'[*?{}<>]|[A-Z]{3,}', name):
                        continue
                    checked += 1
                    if not os.path.exists(os.path.join(source, name)):
                        missing.append('%s:%d: %s' % (guide, number, name))
    for m in missing:
        print('no such file: ' + m)
    print('%d names of files in %d guides: %s' %
          (checked, len(guides), 'ok' if not missing else 'FAILED'))
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
