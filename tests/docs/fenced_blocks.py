# SPDX-License-Identifier: Apache-2.0
"""The fenced code blocks of a Markdown text, for the docs tests."""


def fenced_blocks(lines, start=0, stop_at_heading=False):
    """Returns [(index of the opening fence, body lines)] of the blocks in
    `lines` from index `start` on (up to the next "## " heading outside a
    block when `stop_at_heading`). A block runs from a line starting with
    ``` to the next line that is ``` alone; raises SystemExit for a block
    that is never closed."""
    blocks = []
    i = start
    while i < len(lines):
        if stop_at_heading and lines[i].startswith('## '):
            break
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
            raise SystemExit('line %d: unclosed code block' % (opening + 1))
        i += 1
        blocks.append((opening, body))
    return blocks
