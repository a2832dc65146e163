#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs/vocabulary.md names every public name of every surface, and only
names that exist.

    vocabulary_test.py SOURCE_DIR TOOL              check the checkout
    vocabulary_test.py --self-test SOURCE_DIR TOOL  plant a new name in a
                                                    copy of each surface and
                                                    a stale one in a copy of
                                                    the table; expect each
                                                    reported

TOOL is the built `u8guard`. The names of each surface are taken from its
source, mechanically:

  C       every u8guard_* function declared in include/u8guard/u8guard_c.h
          and include/u8guard/c/*.h (comments removed);
  Python  every public module-level name of integrations/python/u8guard/
          _u8guard.pyi and __init__.py's __all__ and defs, and every public
          method (not a property, not a dunder) of a public class, as
          Class.method (the stub's _Acl lends its methods to AllowList and
          DenyList); u8guard.precis, the precis_i18n drop-in, is not one;
  SQL     every CREATE FUNCTION @extschema@.u8guard_* of the newest
          install script integrations/postgresql/sql/u8guard--X.Y.sql, and
          its views (u8guard_internal's functions are not public);
  CLI     the commands of `TOOL --help` (one or two words);
  Go      every exported function and method (Type.Method) of the package
          integrations/go/u8guard, tests left out; Error, Is and Unwrap,
          the error interface's plumbing, are not names a caller calls.

The table: every Markdown table of docs/vocabulary.md whose header has the
columns C++, C, Python, Go, SQL and CLI. In a surface's column each code
span names one thing: the dotted name it starts with, once the `u8guard.`
or `u8guard::` prefix and everything in parentheses or brackets is dropped
(`Profile(name).canonicalize(s)` names Profile.canonicalize); in the C and
SQL columns its first u8guard_* name (`u8guard_error.code_point` names a
field); in the CLI column a span that starts with `u8guard ` names the
command after it, and each --flag in it must be one the tool's help lists.

Fails, naming them, when a name of a surface is named in no cell of its
column (missing), and when a cell names what the surface does not have
(stale): for Python, Go, C and SQL a name, a field or a property of the
surface; for C++, a name no public header declares.
"""

import ast
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SURFACES = ('C++', 'C', 'Python', 'Go', 'SQL', 'CLI')
GO_PLUMBING = {'Error', 'Is', 'Unwrap'}


# ---- the surfaces ------------------------------------------------------------

def strip_c_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def c_surface(source):
    """(callable names, all names: functions, types, type.field)."""
    paths = [os.path.join(source, 'include', 'u8guard', 'u8guard_c.h')]
    paths += sorted(glob.glob(os.path.join(source, 'include', 'u8guard', 'c',
                                           '*.h')))
    functions, names = set(), set()
    for path in paths:
        with open(path, encoding='utf-8') as f:
            text = strip_c_comments(f.read())
        functions.update(re.findall(r'\b(u8guard_\w+)\s*\(', text))
        names.update(re.findall(r'\b(u8guard_\w+)\b', text))
        for name, body in re.findall(
                r'typedef\s+struct\s+(u8guard_\w+)\s*\{(.*?)\}', text, re.S):
            for field in re.findall(r'(\w+)\s*(?:\[[^\]]*\])?\s*;', body):
                names.add(name + '.' + field)
    return functions, functions | names


def is_property(node):
    return any(isinstance(d, ast.Name) and d.id == 'property'
               for d in node.decorator_list)


def python_surface(source):
    package = os.path.join(source, 'integrations', 'python', 'u8guard')
    callables, names = set(), set()

    def module(path):
        with open(path, encoding='utf-8') as f:
            return ast.parse(f.read(), path)

    stub = module(os.path.join(package, '_u8guard.pyi'))
    classes = {}
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = node
        elif isinstance(node, ast.FunctionDef):
            if not node.name.startswith('_'):
                callables.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            target = node.target.id
            if not target.startswith('_') or target == '__version__':
                callables.add(target)

    def members(cls):
        out = {}
        for base in cls.bases:
            if isinstance(base, ast.Name) and base.id in classes:
                out.update(members(classes[base.id]))
        for node in cls.body:
            if isinstance(node, ast.FunctionDef):
                out[node.name] = is_property(node)
        return out

    for name, cls in classes.items():
        if name.startswith('_'):
            continue
        callables.add(name)
        for member, prop in members(cls).items():
            if member.startswith('_'):
                continue
            names.add(name + '.' + member)
            if not prop:
                callables.add(name + '.' + member)

    init = module(os.path.join(package, '__init__.py'))
    for node in init.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            if not node.name.startswith('_'):
                callables.add(node.name)
        elif (isinstance(node, ast.Assign) and
              any(isinstance(t, ast.Name) and t.id == '__all__'
                  for t in node.targets)):
            callables.update(ast.literal_eval(node.value))

    # The exception's attributes: set in __init__, or properties.
    rejected = module(os.path.join(package, '_rejected.py'))
    for node in ast.walk(rejected):
        if isinstance(node, ast.ClassDef) and node.name == 'Rejected':
            for item in ast.walk(node):
                if (isinstance(item, ast.Attribute) and
                        isinstance(item.value, ast.Name) and
                        item.value.id == 'self' and
                        isinstance(item.ctx, ast.Store)):
                    names.add('Rejected.' + item.attr)
                elif (isinstance(item, ast.FunctionDef) and
                      not item.name.startswith('_')):
                    names.add('Rejected.' + item.name)
    return callables, callables | names


def newest_install_script(source):
    scripts = []
    for path in glob.glob(os.path.join(source, 'integrations', 'postgresql',
                                       'sql', 'u8guard--*.sql')):
        m = re.fullmatch(r'u8guard--(\d+(?:\.\d+)*)\.sql',
                         os.path.basename(path))
        if m:
            scripts.append((tuple(int(n) for n in m.group(1).split('.')),
                            path))
    if not scripts:
        raise SystemExit('no install script u8guard--X.Y.sql')
    return max(scripts)[1]


def balanced(text, start):
    """The text inside the parentheses that open at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == '(':
            depth += 1
        elif text[i] == ')':
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    return text[start + 1:]


def sql_surface(source):
    with open(newest_install_script(source), encoding='utf-8') as f:
        text = re.sub(r'--[^\n]*', '', f.read())
    callables, names = set(), set()
    for m in re.finditer(r'CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+'
                         r'@extschema@\.(u8guard\w*)\s*\(', text, re.I):
        name = m.group(1)
        callables.add(name)
        params = balanced(text, m.end() - 1)
        names.update(name + '.' + p for p in
                     re.findall(r'\bOUT\s+(\w+)', params, re.I))
        rest = text[m.end() - 1 + len(params) + 2:]
        t = re.match(r'\s*RETURNS\s+TABLE\s*\(', rest, re.I)
        if t:
            columns = balanced(rest, t.end() - 1)
            names.update(name + '.' + c for c in
                         re.findall(r'(?:^|,)\s*(\w+)\s', columns))
    for m in re.finditer(r'CREATE\s+TYPE\s+@extschema@\.(\w+)\s+AS\s*\(',
                         text, re.I):
        names.add(m.group(1))
        names.update(m.group(1) + '.' + c for c in re.findall(
            r'(?:^|,)\s*(\w+)\s', balanced(text, m.end() - 1)))
    for m in re.finditer(r'CREATE\s+VIEW\s+@extschema@\.(\w+)\s+AS\s+SELECT'
                         r'(.*?)\bFROM\b', text, re.I | re.S):
        callables.add(m.group(1))
        names.update(m.group(1) + '.' + c for c in
                     re.findall(r'(?:\w+\.)?(\w+)\s*(?:,|$)',
                                m.group(2).strip()))
    return callables, callables | names


def cli_commands(help_text):
    section = help_text.split('\ncommands:\n', 1)[1].split('\n\n', 1)[0]
    commands = set()
    for line in section.split('\n'):
        m = re.match(r'  ([a-z]+)(?: ([a-z]+)(?= |$))?', line)
        if m:
            commands.add(' '.join(w for w in m.groups() if w))
    return commands


def long_flags(text):
    return set(re.findall(r'--[a-z][a-z-]*[a-z]', text))


def run_tool(tool, *args):
    return subprocess.run([tool, *args], capture_output=True, text=True,
                          check=False).stdout


def cli_surface(tool):
    """(commands, commands, flags) from `TOOL --help` and each command's
    help."""
    help_text = run_tool(tool, '--help')
    if '\ncommands:\n' not in help_text:
        raise SystemExit('no list of commands in %s --help' % tool)
    commands = cli_commands(help_text)
    flags = long_flags(help_text)
    for command in sorted(commands):
        flags |= long_flags(run_tool(tool, 'help', *command.split()))
    return commands, commands, flags


def go_surface(source):
    package = os.path.join(source, 'integrations', 'go', 'u8guard')
    callables, names = set(), set()
    for path in sorted(glob.glob(os.path.join(package, '*.go'))):
        if path.endswith('_test.go'):
            continue
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for receiver, name in re.findall(
                r'^func\s+(?:\(\s*\w*\s*\*?(\w+)\s*\)\s*)?([A-Z]\w*)\s*\(',
                text, re.M):
            if receiver:
                if receiver[0].isupper() and name not in GO_PLUMBING:
                    callables.add(receiver + '.' + name)
                names.add(receiver + '.' + name)
            else:
                callables.add(name)
        names.update(re.findall(r'^type\s+([A-Z]\w*)', text, re.M))
        for name, body in re.findall(r'^type\s+([A-Z]\w*)\s+struct\s*\{'
                                     r'(.*?)^\}', text, re.M | re.S):
            for fields in re.findall(r'^\t([A-Z]\w*(?:\s*,\s*[A-Z]\w*)*)\s+\S',
                                     body, re.M):
                names.update(name + '.' + f.strip()
                             for f in fields.split(','))
        for block in re.findall(r'^(?:const|var)\s*\((.*?)^\)', text,
                                re.M | re.S):
            names.update(re.findall(r'^\t([A-Z]\w*)\b', block, re.M))
        names.update(re.findall(r'^(?:const|var)\s+([A-Z]\w*)', text, re.M))
    return callables, callables | names


def cpp_words(source):
    words = set()
    for path in glob.glob(os.path.join(source, 'include', 'u8guard', '*.h')):
        if os.path.basename(path) == 'u8guard_c.h':
            continue
        with open(path, encoding='utf-8') as f:
            words.update(re.findall(r'\w+', strip_c_comments(f.read())))
    return words


# ---- the table ---------------------------------------------------------------

def split_row(line):
    cells, cell, code = [], '', False
    i = 0
    line = line.strip()
    if line.startswith('|'):
        line = line[1:]
    while i < len(line):
        ch = line[i]
        if ch == '\\' and i + 1 < len(line) and line[i + 1] == '|':
            cell += '|'
            i += 2
            continue
        if ch == '`':
            code = not code
        if ch == '|' and not code:
            cells.append(cell.strip())
            cell = ''
        else:
            cell += ch
        i += 1
    if cell.strip():
        cells.append(cell.strip())
    return cells


def table_cells(doc_text):
    """[(line number, operation, surface, cell text)] of the vocabulary
    tables."""
    out = []
    columns = None
    for number, line in enumerate(doc_text.split('\n'), 1):
        if not line.lstrip().startswith('|'):
            columns = None
            continue
        cells = split_row(line)
        if columns is None:
            header = [c.strip() for c in cells]
            if all(s in header for s in SURFACES):
                columns = {s: header.index(s) for s in SURFACES}
            else:
                columns = {}
            continue
        if not columns or re.fullmatch(r'[\s:|-]+', line):
            continue
        operation = cells[0] if cells else ''
        for surface, index in columns.items():
            if index < len(cells):
                out.append((number, operation, surface, cells[index]))
    return out


def drop_brackets(span):
    previous = None
    while previous != span:
        previous = span
        span = re.sub(r'\([^()]*\)|\[[^\[\]]*\]|<[^<>]*>', '', span)
    return span


def named(surface, span):
    """The name a code span of a surface's column names, or None; for the
    CLI (command or None, flags)."""
    span = span.strip()
    if surface == 'CLI':
        m = re.match(r'u8guard(?:\s+([a-z]+))?(?:\s+([a-z]+))?', span)
        if not m:
            return None
        return (m.group(1), m.group(2)), long_flags(span)
    if surface in ('C', 'SQL'):
        m = re.search(r'\b(u8guard_\w+(?:\.\w+)?)', drop_brackets(span))
        return m.group(1) if m else None
    span = drop_brackets(span)
    span = re.sub(r'^u8guard(?:::|\.)', '', span)
    m = re.match(r'[A-Za-z_]\w*(?:(?:::|\.)[A-Za-z_]\w*)*', span)
    return m.group(0) if m else None


def check(source, tool, doc_path=None):
    """[problem] for the checkout at `source` and the tool `tool`."""
    doc_path = doc_path or os.path.join(source, 'docs', 'vocabulary.md')
    with open(doc_path, encoding='utf-8') as f:
        doc = f.read()
    surfaces = {
        'C': c_surface(source),
        'Python': python_surface(source),
        'SQL': sql_surface(source),
        'Go': go_surface(source),
    }
    commands, _, flags = cli_surface(tool)
    cpp = cpp_words(source)
    seen = {s: set() for s in SURFACES}
    problems = []
    cells = table_cells(doc)
    if not cells:
        return ['%s: no table with the columns %s' %
                (doc_path, ', '.join(SURFACES))]
    for number, operation, surface, cell in cells:
        for span in re.findall(r'`([^`]+)`', cell):
            name = named(surface, span)
            if name is None:
                continue
            where = 'vocabulary.md:%d (%s): %s `%s`' % (
                number, re.sub(r'[*`]', '', operation), surface, span)
            if surface == 'CLI':
                (first, second), span_flags = name
                command = None
                if first and second and first + ' ' + second in commands:
                    command = first + ' ' + second
                elif first in commands:
                    command = first
                elif first:
                    problems.append('stale: %s: no command %r' % (where, first))
                if command:
                    seen['CLI'].add(command)
                for flag in sorted(span_flags - flags):
                    problems.append('stale: %s: no flag %s' % (where, flag))
            elif surface == 'C++':
                unknown = [w for w in re.split(r'::|\.', name) if w not in cpp]
                if unknown:
                    problems.append('stale: %s: no public header declares %s'
                                    % (where, ', '.join(unknown)))
            else:
                callables, names = surfaces[surface]
                if name in names:
                    seen[surface].add(name)
                else:
                    problems.append('stale: %s: %s has no %s' %
                                    (where, surface, name))
    missing = {s: sorted(surfaces[s][0] - seen[s]) for s in surfaces}
    missing['CLI'] = sorted(commands - seen['CLI'])
    for surface in ('C', 'Python', 'SQL', 'CLI', 'Go'):
        for name in missing[surface]:
            problems.append('missing: %s %s is named in no cell of the %s '
                            'column' % (surface, name, surface))
    counts = {s: len(surfaces[s][0]) for s in surfaces}
    counts['CLI'] = len(commands)
    check.counts = counts
    return problems


# ---- the self-test -----------------------------------------------------------

PLANTS = [
    # (surface, file under the copy, text appended, name it plants)
    ('C', 'include/u8guard/c/base.h',
     '\nU8GUARD_EXPORT int u8guard_planted_function(void);\n',
     'u8guard_planted_function'),
    ('Python', 'integrations/python/u8guard/_u8guard.pyi',
     '\n\ndef planted_function() -> None:\n    ...\n', 'planted_function'),
    ('SQL', None,
     '\nCREATE FUNCTION @extschema@.u8guard_planted(name text) RETURNS text\n'
     '  AS \'MODULE_PATHNAME\', \'u8guard_pg_planted\' LANGUAGE C;\n',
     'u8guard_planted'),
    ('Go', 'integrations/go/u8guard/u8guard.go',
     '\nfunc PlantedFunction() {}\n', 'PlantedFunction'),
]
STALE_ROW = ('| planted stale row | `PlantedStaleCpp(x)` | '
             '`u8guard_planted_stale(x)` | `Profile.planted_stale(s)` | '
             '`Profile.PlantedStale(s)` | `u8guard_planted_stale(name)` | '
             '`u8guard obsolete --planted-flag` |\n')
STALE = ['PlantedStaleCpp', 'C has no u8guard_planted_stale',
         'Python has no Profile.planted_stale', 'Go has no Profile.PlantedStale',
         'SQL has no u8guard_planted_stale', "no command 'obsolete'",
         'no flag --planted-flag']


def self_test(source, tool):
    work = tempfile.mkdtemp(prefix='vocabulary_test.')
    try:
        for part in ('include', 'integrations/python/u8guard',
                     'integrations/postgresql/sql', 'integrations/go/u8guard',
                     'docs/vocabulary.md'):
            src = os.path.join(source, part)
            dst = os.path.join(work, part)
            if os.path.isdir(src):
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns(
                    '*.so', '__pycache__'))
            else:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(src, dst)
        for surface, part, text, _ in PLANTS:
            path = (newest_install_script(work) if part is None
                    else os.path.join(work, part))
            with open(path, 'a', encoding='utf-8') as f:
                f.write(text)
        # A command of the tool: a wrapper whose help lists one more.
        fake = os.path.join(work, 'u8guard')
        with open(fake, 'w', encoding='utf-8') as f:
            f.write('#!/bin/sh\n'
                    'if [ "$1" = --help ]; then\n'
                    '  "%s" --help | sed "s/^commands:$/commands:\\n'
                    '  planted COMMAND  planted/"\n'
                    'else exec "%s" "$@"; fi\n' % (tool, tool))
        os.chmod(fake, 0o755)
        doc = os.path.join(work, 'docs', 'vocabulary.md')
        with open(doc, encoding='utf-8') as f:
            lines = f.read().split('\n')
        # The stale row goes right after the first vocabulary table's
        # header and delimiter rows.
        for i, line in enumerate(lines):
            if (line.lstrip().startswith('|') and
                    all(s in split_row(line) for s in SURFACES)):
                lines.insert(i + 2, STALE_ROW.rstrip('\n'))
                break
        else:
            print('self-test: vocabulary.md has no vocabulary table')
            return 1
        with open(doc, 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines))
        problems = check(work, fake)
        text = '\n'.join(problems)
        failures = []
        for surface, _, _, name in PLANTS + [('CLI', None, None, 'planted')]:
            if not any(p.startswith('missing: %s %s ' % (surface, name))
                       for p in problems):
                failures.append('the new %s name %s was not reported' %
                                (surface, name))
        for needle in STALE:
            if needle not in text:
                failures.append('the stale name (%s) was not reported' %
                                needle)
        for failure in failures:
            print('self-test: ' + failure)
        if failures:
            print('what was reported:\n' + text)
            return 1
        print('self-test: %d planted new names and %d stale ones, each '
              'reported' % (len(PLANTS) + 1, len(STALE)))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    if len(argv) == 4 and argv[1] == '--self-test':
        return self_test(argv[2], argv[3])
    if len(argv) != 3:
        print(__doc__)
        return 2
    problems = check(argv[1], argv[2])
    for problem in problems:
        print(problem)
    print('names checked: ' + ', '.join(
        '%s %d' % (s, n) for s, n in check.counts.items()) +
          (': ok' if not problems else ': %d problems' % len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
