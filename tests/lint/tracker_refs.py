#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""No text in the repository cites the number of an issue, a pull request
or a review finding: the repository has no tracker, so such a number tells
a reader nothing. A comment, test, document or log says the fact itself
(what the test replays, why the code is so, what a target asks).

    tracker_refs.py ROOT              list every citation as FILE:LINE: TEXT;
                                      exit 1 if any
    tracker_refs.py --self-test ROOT  plant each kind in a copy of a clean
                                      file, expect each caught and every
                                      documented exception left alone

Exit status 77 (skipped) where ROOT is not a git checkout. Scanned: every
file `git ls-files` lists that is text (no NUL byte in its first 8 KiB),
but for a top-level shared/ directory and anything that resolves outside
ROOT (a shared checkout linked in). A citation is, case-insensitively:

  * "issue N", "issues N", "issue #N" (N a number);
  * "PR N", "PR #N", "pull request N", "ticket N";
  * "#N" (1 to 4 digits, not part of a word, an HTML entity &#N;, a path
    or a URL, a hex colour or an anchor such as #1-intro);
  * a review cited by its place, version or parts: "finding N", "item N
    of", "review" after an ordinal ("third", "previous", "last") or a
    version ("0.2"), and "review's" or "review commit" after "the".

Not citations, and left alone: the numbers of standards, "UTS #39",
"UAX #15", "UTR #36", "UTN #5", "Corrigendum #9" (also when the name ends
the line before); "#N" after a noun that counts something of the text or
the program ("entry #3", "rule #1" in an RFC's text, "step #2", "line #4",
"column", "record", "element", "argument", "field", "byte", "row"); and
URLs, whose ".../issues/N" names the tracker it is on. "an outside review"
says where a finding came from without pointing into a history the reader
does not have, and is allowed.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ISSUE = re.compile(r'\b(?:issues?|tickets?|pull\s+requests?|PRs?)\s+#?\d+\b',
                   re.IGNORECASE)
HASH = re.compile(r'(?:^|(?<=[^&A-Za-z0-9/_#.:?=-]))#(\d{1,4})(?![-0-9A-Za-z_])')
REVIEW = re.compile(
    r'\bfindings?\s+\d'
    r'|\bitems?\s+\d+\s+of\b'
    r'|\b(?:first|second|third|fourth|fifth|sixth|previous|last|earlier|'
    r'latest|next|\d+(?:\.\d+)*)\s+(?:outside\s+)?review\b'
    r'|\bthe\s+review(?:\'s\b|\s+commit\b)',
    re.IGNORECASE)
# A standard's number: the name ends just before the "#N".
STANDARD = re.compile(r'\b(?:UTS|UAX|UTR|UTN|Corrigendum)\s*$')
# A noun counting something of the text or the program: "entry #3".
COUNTED = re.compile(r'\b(?:entry|entries|rule|step|line|column|record|'
                     r'element|argument|field|byte|row)\s*$', re.IGNORECASE)
URL = re.compile(r'\b[a-z][a-z0-9+.-]*://\S+', re.IGNORECASE)
# What may come before the text on a line: indentation and comment leaders.
LEADER = re.compile(r'^[\s/*#;>-]*$')


def tracked(root):
  out = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                       stdout=subprocess.PIPE, check=True).stdout
  return [p for p in out.decode('utf-8', 'surrogateescape').split('\0') if p]


def text_lines(full):
  try:
    with open(full, 'rb') as f:
      data = f.read()
  except (IsADirectoryError, FileNotFoundError, PermissionError):
    return None  # a submodule, or deleted in the work tree
  if b'\0' in data[:8192]:
    return None  # binary
  return data.decode('utf-8', 'replace').split('\n')


def hash_is_citation(line, start, previous):
  before = line[:start]
  if LEADER.match(before):
    before = previous.rstrip()  # the name may end the line before
  return not (STANDARD.search(before) or COUNTED.search(before))


def citations(lines):
  """Yields (line number, matched text) for each citation in lines."""
  previous = ''
  for number, raw in enumerate(lines, 1):
    line = URL.sub(lambda m: ' ' * len(m.group(0)), raw)
    for m in ISSUE.finditer(line):
      yield number, m.group(0)
    for m in REVIEW.finditer(line):
      yield number, m.group(0)
    for m in HASH.finditer(line):
      if hash_is_citation(line, m.start(), previous):
        yield number, m.group(0)
    previous = line


def check(root):
  hits = []
  top = os.path.realpath(root)
  for path in tracked(root):
    if path.startswith('shared/'):
      continue
    full = os.path.join(root, path)
    if not os.path.realpath(full).startswith(top + os.sep):
      continue
    lines = text_lines(full)
    if lines is None:
      continue
    found = {}
    for number, text in citations(lines):
      found.setdefault(number, []).append(text)
    for number, texts in sorted(found.items()):
      cited = ', '.join(repr(t) for t in dict.fromkeys(texts))
      hits.append(f'{path}:{number}: {cited}: {lines[number - 1].strip()}')
  return hits


# Each plant is written into a copy of a clean file; the word is split so
# that this file does not cite anything itself.
PLANTS = [
    '// replays the attack of ' + 'issue' + ' 32.\n',
    '# see ' + 'Issue' + ' #' + '27 for the Zen 4 figures\n',
    'Fixed in ' + '#' + '29.\n',
    '/* (' + 'issues' + ' 4 and 9) */\n',
    'Merged as ' + 'PR' + ' #' + '12.\n',
    '-- the third outside ' + 'review' + ' found it\n',
    '(' + 'finding' + ' 3 of the review)\n',
    'as the previous ' + 'review' + ' asked\n',
    '// the 0.2 ' + 'review' + "'s attack\n",
    'again after the ' + 'review' + ' commit\n',
    'item' + ' 7 of the outside review\n',
]
ALLOWED = [
    'UTS ' + '#' + '39 skeletons and UAX ' + '#' + '15 normalization\n',
    'as UAX\n  ' + '#' + '15 says\n',
    '"collision with entry ' + '#' + '0"\n',
    'RFC 5234 rule ' + '#' + '1\n',
    'color: ' + '#' + '123abc; &' + '#' + '39; [x](#' + '1-intro)\n',
    '#include <x.h>\n#if 1\n## Heading 2\n',
    'https://github.com/o/r/' + 'issues' + '/29 and an outside review\n',
    'Corrigendum ' + '#' + '9\n',
]


def self_test(root):
  """Plants each kind of citation in a copy of the tree's first clean text
  file, in a repository of its own; each must be caught, at its line, and
  no allowed text may be."""
  failures = []
  clean = next((p for p in tracked(root)
                if p.endswith('.md') and text_lines(os.path.join(root, p))
                and not any(True for _ in citations(
                    text_lines(os.path.join(root, p))))), None)
  if clean is None:
    return ['no clean Markdown file to plant into']
  with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(['git', 'init', '-q', tmp], check=True)
    target = os.path.join(tmp, clean)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(os.path.join(root, clean), target)
    with open(target, encoding='utf-8') as f:
      original = f.read()
    if not original.endswith('\n'):
      original += '\n'
    line = original.count('\n') + 1  # the plant's first line
    with open(os.path.join(tmp, 'image.bin'), 'wb') as f:
      f.write(b'\0' + b'issue' + b' 32\n')  # binary: never read
    subprocess.run(['git', '-C', tmp, 'add', '.'], check=True)
    if check(tmp):
      failures.append(f'the copy of {clean} fails clean: {check(tmp)}')
    for text in PLANTS + ALLOWED:
      with open(target, 'w', encoding='utf-8') as f:
        f.write(original + text)
      found = check(tmp)
      planted = text in PLANTS
      at = [h for h in found if h.startswith(f'{clean}:{line}:')]
      if planted and not at:
        failures.append(f'planted {text.strip()!r} not caught: {found}')
      elif planted:
        print(f'caught planted {at[0]}')
      elif found:
        failures.append(f'allowed {text.strip()!r} reported: {found}')
    # Not tracked: never read.
    with open(target, 'w', encoding='utf-8') as f:
      f.write(original)
    with open(os.path.join(tmp, 'untracked.md'), 'w', encoding='utf-8') as f:
      f.write(PLANTS[0])
    if check(tmp):
      failures.append(f'an untracked or binary file is read: {check(tmp)}')
  return failures


def is_checkout(root):
  return subprocess.run(['git', '-C', root, 'rev-parse', '--git-dir'],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        check=False).returncode == 0


def main(argv):
  if len(argv) in (2, 3) and not is_checkout(argv[-1]):
    print(f'tracker_refs: {argv[-1]} is not a git checkout: skipped')
    return 77
  if len(argv) == 3 and argv[1] == '--self-test':
    failures = self_test(argv[2])
    for f in failures:
      print(f)
    if not failures:
      print('tracker_refs: every planted citation caught, no exception '
            'reported')
    return 1 if failures else 0
  if len(argv) != 2:
    print(__doc__)
    return 2
  hits = check(argv[1])
  for h in hits:
    print(h)
  if hits:
    print(f'tracker_refs: {len(hits)} citations above of a tracker the '
          'repository does not have: say the fact itself (what the test '
          'replays, why the code is so)')
    return 1
  print('tracker_refs: no issue, pull request or review numbers')
  return 0


if __name__ == '__main__':
  sys.exit(main(sys.argv))
