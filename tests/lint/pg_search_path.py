#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every statement the PostgreSQL extension's scripts run is safe under a
hostile search_path.

An extension script runs with the extension's schema (usually public) on
its search_path, as the superuser running CREATE or ALTER EXTENSION. A role
that can create objects in that schema (a database's owner owns public in
PostgreSQL 15) can put there an operator, function or type of its own, and
PostgreSQL takes an exact match there over pg_catalog's one that needs a
cast: `p.oid = pg_catalog.to_regprocedure(x)` calls a planted
=(oid, regprocedure). PostgreSQL's "Security Considerations for Extension
Scripts" ask for every operator as OPERATOR(pg_catalog.=), every function
and type named with its schema, or a search_path pinned to pg_catalog,
pg_temp. This lint parses the scripts (not a regex: a regex missed the `=`
inside a DO block) and reports each operator, function call, cast, typed
literal and COLLATE that a script executes or binds unpinned:

  * top-level statements: the query of CREATE VIEW, the DEFAULT, CHECK and
    GENERATED expressions of CREATE and ALTER TABLE, the DEFAULT values of
    function arguments, CREATE INDEX's expressions, SELECT, INSERT, UPDATE,
    DELETE, the function an event trigger or trigger executes;
  * DO blocks (PL/pgSQL): their DECLARE section always (it is compiled
    before the block runs), their statements unless the first one is
    `SET LOCAL search_path = pg_catalog, pg_temp`;
  * bodies of functions in SQL and PL/pgSQL, unless the function has
    `SET search_path = pg_catalog, pg_temp` (then they run, and are
    validated, under that path); SQL-standard bodies (BEGIN ATOMIC,
    RETURN) always, as PostgreSQL binds them at CREATE time.

Pinned means: an operator written OPERATOR(pg_catalog.op); a function
called as pg_catalog.f(...) or u8guard_internal.f(...) (the extension's own
schema may hold others' overloads: 0.3 moved everything that runs SQL out
of it); a type (cast, typed literal, DECLARE) written schema.type or one of
the SQL keywords the grammar maps to pg_catalog (integer, boolean, ...).
Constructs that look an operator up by name are reported too: IS [NOT]
DISTINCT FROM, IN, BETWEEN, LIKE, ILIKE, SIMILAR TO, NULLIF, a simple CASE,
JOIN ... USING and NATURAL JOIN (use explicit OPERATOR() comparisons), and
dynamic SQL (EXECUTE) in an unpinned block. A statement kind the lint does
not know is reported, so that nothing new slips past it.

Released scripts never change; those that do not pass are listed in
KNOWN_UNSAFE with the reason, and must be on no path PostgreSQL takes to
the current version (an install script of that version, or the shortest
chain of updates from any other): the lint checks that from the file names
too, as PostgreSQL chooses (PostgreSQL.PgScriptSecurity.* replays it with
planted operators on a real server).

Usage: pg_search_path.py [SQL_DIR]        check the scripts (default:
                                          integrations/postgresql/sql)
       pg_search_path.py --self-test      check the lint on snippets
       pg_search_path.py --list-names [SQL_DIR]
           every operator, function (with its argument counts) and type
           the scripts name, pinned or not, one a line (for the trap test)
Exit status 0 when clean, 1 with one line per finding otherwise.
"""

import collections
import os
import re
import sys

# Released scripts that fail this lint. Each is on no install or update path
# to the current version (checked below); a database that ran one before
# 0.4 is repaired by ALTER EXTENSION u8guard UPDATE (SECURITY.md).
KNOWN_UNSAFE = {
    'u8guard--0.1.sql':
        'released 0.1: its functions searched the extension\'s schema '
        'before pg_catalog (SET search_path = @extschema@, pg_catalog, '
        'pg_temp; fixed by 0.1 -> 0.2, which replaces every one of them), '
        'and its table default calls now() unqualified. Run only by an '
        'explicit CREATE EXTENSION u8guard VERSION \'0.1\' (or 0.2, 0.3); '
        'CREATE EXTENSION u8guard runs u8guard--0.4.sql instead',
    'u8guard--0.2--0.3.sql':
        'released 0.3: its last statement, a DO block without a pinned '
        'search_path, compares p.oid = pg_catalog.to_regprocedure(...) and '
        'g.grantee = 0 with unqualified operators, which a planted '
        '=(oid, regprocedure) or =(oid, integer) in the extension\'s schema '
        'takes over as the superuser (the escalation 0.4 fixes). Run only by '
        'an explicit VERSION \'0.3\' or UPDATE TO \'0.3\'; updates to 0.4 take '
        'u8guard--0.2--0.4.sql',
}

TRUSTED_FUNCTION_SCHEMAS = {'pg_catalog', 'u8guard_internal'}
TRUSTED_OPERATOR_SCHEMAS = {'pg_catalog'}
PINNED_PATH = ['pg_catalog', 'pg_temp']

# Type names that the grammar itself maps to pg_catalog (SystemTypeName).
KEYWORD_TYPES = {
    'int', 'integer', 'smallint', 'bigint', 'real', 'float', 'double',
    'decimal', 'dec', 'numeric', 'boolean', 'bit', 'character', 'char',
    'varchar', 'nchar', 'national', 'timestamp', 'time', 'interval',
}

# Words followed by "(" that are no function call.
NOT_CALL = {
    'all', 'and', 'any', 'array', 'as', 'between', 'by', 'case', 'check',
    'coalesce', 'conflict', 'constraint', 'cube', 'default', 'distinct',
    'do', 'else', 'elsif', 'end', 'except', 'exists', 'filter', 'for',
    'from', 'greatest', 'group', 'grouping', 'having', 'if', 'in',
    'intersect', 'into', 'is', 'join', 'key', 'lateral', 'least', 'limit',
    'loop', 'materialized', 'not', 'offset', 'on', 'or', 'order', 'over',
    'partition', 'perform', 'primary', 'query', 'recursive', 'references',
    'return', 'returning', 'rollup', 'row', 'select', 'set', 'sets', 'some',
    'table', 'then', 'union', 'unique', 'using', 'values', 'when', 'where',
    'while', 'window', 'with', 'within', 'next', 'raise', 'exclude',
    'include', 'only', 'tablesample', 'repeatable', 'escape',
}
# Special syntax the grammar maps to pg_catalog functions, when written
# with its keywords (EXTRACT(f FROM x), POSITION(a IN b), ...).
SPECIAL_SYNTAX = {'extract', 'overlay', 'position', 'substring', 'trim',
                  'normalize', 'treat'}
SPECIAL_SYNTAX_WORDS = {'from', 'in', 'placing', 'for', 'both', 'leading',
                        'trailing', 'similar'}
# Reserved words: never a type, an alias or a column.
RESERVED = NOT_CALL | {
    'asc', 'cast', 'collate', 'column', 'create', 'current_date',
    'current_role', 'current_time', 'current_timestamp', 'current_user',
    'desc', 'false', 'fetch', 'foreign', 'grant', 'ilike', 'initially',
    'leading', 'like', 'localtime', 'localtimestamp', 'natural', 'null',
    'placing', 'session_user', 'similar', 'symmetric', 'to', 'trailing',
    'true', 'user', 'variadic', 'begin', 'declare', 'exception', 'execute',
    'get', 'diagnostics', 'foreach', 'exit', 'continue', 'elseif', 'inner',
    'left', 'right', 'full', 'outer', 'cross', 'isnull', 'notnull',
    'nulls', 'first', 'last', 'update', 'delete', 'insert', 'atomic',
}
RAISE_OPTIONS = {'message', 'detail', 'hint', 'errcode', 'column',
                 'constraint', 'datatype', 'table', 'schema'}

Token = collections.namedtuple('Token', 'kind text value line')
# kind: word (value: lower-cased), qword (quoted identifier: value as is),
# string (value: content), dollar (value: body; text: the whole literal),
# number, param, op, punct, meta


class Finding(Exception):
    pass


WORD = re.compile(r'[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*')
NUMBER = re.compile(r'(\d+(\.(?!\.)\d*)?|\.\d+)([eE][+-]?\d+)?')
DOLLAR = re.compile(r'\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$')
OP_CHARS = set('+-*/<>=~!@#%^&|`?')


def tokenize(text, line=1):
    """The tokens of `text` (SQL, as PostgreSQL's lexer splits it)."""
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == '\n':
            line += 1
            i += 1
            at_line_start = True
            continue
        if c.isspace():
            i += 1
            continue
        start_line = line
        if at_line_start and c == '\\':
            # a psql meta-command (\echo ... \quit), to the end of the line
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(Token('meta', text[i:j], text[i:j], start_line))
            i = j
            continue
        at_line_start = False
        if text.startswith('--', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            if depth:
                raise Finding('line %d: unterminated comment' % start_line)
            line += text.count('\n', i, j)
            i = j
            continue
        if text.startswith('@extschema@', i):
            out.append(Token('word', '@extschema@', '@extschema@',
                             start_line))
            i += len('@extschema@')
            continue
        m = WORD.match(text, i)
        if m and not (text.startswith('U&', i) and i + 2 < n
                      and text[i + 2] in '\'"'):
            word = m.group(0)
            j = m.end()
            if (j < n and text[j] == "'" and
                    word.lower() in ('e', 'b', 'x', 'n')):
                i = j  # a prefixed string: E'...', B'...', X'...', N'...'
                escapes = word.lower() == 'e'
                tok, i, line = _string(text, i, line, escapes)
                out.append(tok)
                continue
            out.append(Token('word', word, word.lower(), start_line))
            i = j
            continue
        if text.startswith('U&', i) or text.startswith('u&', i):
            i += 2
            c = text[i]
        if c == "'":
            tok, i, line = _string(text, i, line, False)
            out.append(tok)
            continue
        if c == '"':
            j = i + 1
            value = []
            while True:
                k = text.find('"', j)
                if k < 0:
                    raise Finding('line %d: unterminated quoted identifier'
                                  % start_line)
                value.append(text[j:k])
                if text.startswith('""', k):
                    value.append('"')
                    j = k + 2
                    continue
                break
            j = k + 1
            line += text.count('\n', i, j)
            out.append(Token('qword', text[i:j], ''.join(value), start_line))
            i = j
            continue
        if c == '$':
            m = re.compile(r'\$\d+').match(text, i)
            if m:
                out.append(Token('param', m.group(0), m.group(0), start_line))
                i = m.end()
                continue
            m = DOLLAR.match(text, i)
            if m:
                tag = m.group(0)
                k = text.find(tag, m.end())
                if k < 0:
                    raise Finding('line %d: unterminated %s...%s string'
                                  % (start_line, tag, tag))
                body = text[m.end():k]
                j = k + len(tag)
                out.append(Token('dollar', text[i:j], body, start_line))
                line += text.count('\n', i, j)
                i = j
                continue
            raise Finding('line %d: stray $' % start_line)
        m = NUMBER.match(text, i)
        if m and (c.isdigit() or (c == '.' and i + 1 < n
                                  and text[i + 1].isdigit())):
            out.append(Token('number', m.group(0), m.group(0), start_line))
            i = m.end()
            continue
        for p in ('::', ':=', '=>', '..'):
            if text.startswith(p, i):
                out.append(Token('punct', p, p, start_line))
                i += len(p)
                break
        else:
            if c in '()[],;.:':
                out.append(Token('punct', c, c, start_line))
                i += 1
                continue
            if c in OP_CHARS:
                j = i
                while j < n and text[j] in OP_CHARS:
                    if j > i and (text.startswith('--', j) or
                                  text.startswith('/*', j)):
                        break
                    j += 1
                op = text[i:j]
                # PostgreSQL: a multi-character operator ends in + or -
                # only when it holds one of ~ ! @ # % ^ & | ` ?
                if len(op) > 1 and not set(op) & set('~!@#%^&|`?'):
                    while len(op) > 1 and op[-1] in '+-':
                        op = op[:-1]
                out.append(Token('op', op, op, start_line))
                i += len(op)
                continue
            raise Finding('line %d: unexpected character %r' % (line, c))
    return out


def _string(text, i, line, escapes):
    start_line = line
    j = i + 1
    value = []
    n = len(text)
    while True:
        if j >= n:
            raise Finding('line %d: unterminated string' % start_line)
        c = text[j]
        if escapes and c == '\\' and j + 1 < n:
            value.append(text[j:j + 2])
            j += 2
            continue
        if c == "'":
            if text.startswith("''", j):
                value.append("'")
                j += 2
                continue
            j += 1
            break
        value.append(c)
        j += 1
    line += text.count('\n', i, j)
    return Token('string', text[i:j], ''.join(value), start_line), j, line


def is_word(tok, *values):
    return tok is not None and tok.kind == 'word' and (
        not values or tok.value in values)


def is_punct(tok, *values):
    return tok is not None and tok.kind == 'punct' and tok.value in values


def matching(toks, i):
    """The index of the bracket that closes the one at toks[i]."""
    close = {'(': ')', '[': ']'}[toks[i].value]
    depth = 0
    for j in range(i, len(toks)):
        if is_punct(toks[j], toks[i].value):
            depth += 1
        elif is_punct(toks[j], close):
            depth -= 1
            if depth == 0:
                return j
    raise Finding('line %d: unbalanced %s' % (toks[i].line, toks[i].value))


def split_top(toks, sep=','):
    """toks split at `sep` outside brackets."""
    parts, cur, depth = [], [], 0
    for t in toks:
        if is_punct(t, '(', '['):
            depth += 1
        elif is_punct(t, ')', ']'):
            depth -= 1
        if depth == 0 and is_punct(t, sep):
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        parts.append(cur)
    return parts


def dotted_name(toks, i):
    """(parts, end) of the possibly qualified name starting at toks[i]."""
    parts = [toks[i]]
    j = i + 1
    while (j + 1 < len(toks) and is_punct(toks[j], '.') and
           toks[j + 1].kind in ('word', 'qword')):
        parts.append(toks[j + 1])
        j += 2
    return parts, j


def name_text(parts):
    return '.'.join(p.text for p in parts)


class Context:
    """Where the findings and the names go."""

    def __init__(self, where):
        self.where = where
        self.findings = []
        self.operators = set()
        self.functions = collections.defaultdict(set)
        self.types = set()

    def report(self, tok, message):
        self.findings.append('%s:%d: %s' % (self.where, tok.line, message))


def check_type(ctx, toks, i, checked, what):
    """Checks the type name at toks[i]; returns the index after it (and
    after its modifiers and array brackets)."""
    if i >= len(toks):
        return i
    tok = toks[i]
    if is_word(tok, 'setof'):
        i += 1
        tok = toks[i]
    if tok.kind not in ('word', 'qword'):
        return i
    parts, j = dotted_name(toks, i)
    if (len(parts) == 1 and tok.kind == 'word' and
            tok.value in KEYWORD_TYPES):
        # double precision, character varying, timestamp with time zone
        while j < len(toks) and is_word(toks[j], 'precision', 'varying',
                                        'with', 'without', 'time', 'zone'):
            j += 1
    else:
        ctx.types.add(parts[-1].value)
        if len(parts) == 1 and checked:
            ctx.report(tok, '%s %s is not schema-qualified (write '
                       'pg_catalog.%s)' % (what, tok.text, tok.text))
    if j < len(toks) and is_punct(toks[j], '('):
        j = matching(toks, j) + 1
    while j < len(toks) and is_punct(toks[j], '['):
        j = matching(toks, j) + 1
    if j < len(toks) and is_word(toks[j], 'array'):
        j += 1
    return j


def operand_end(tok):
    """True when `tok` can end an operand (so an operator after it is
    binary, and a word after it may be an alias)."""
    if tok is None:
        return False
    if tok.kind in ('qword', 'string', 'dollar', 'number', 'param'):
        return True
    if tok.kind == 'word':
        return tok.value not in RESERVED or tok.value in (
            'null', 'true', 'false', 'current_user', 'session_user',
            'current_date', 'current_timestamp', 'end')
    return is_punct(tok, ')', ']')


def check_expr(ctx, toks, checked, plpgsql=False):
    """Reports the unpinned operators, calls, casts and by-name lookups in
    `toks` (an expression, a query, or PL/pgSQL statements), and collects
    the names. `checked` False: collect only."""
    n = len(toks)
    stmt_start = True
    stmt_kind = None        # first word of the current PL/pgSQL statement
    set_depth = None        # paren depth of an UPDATE ... SET list
    set_target = False
    depth = 0
    after_using = False     # in RAISE ... USING
    cast_as = []            # paren depths of open CAST( ... AS
    cases = []              # open CASEs: True for a PL/pgSQL CASE statement
    i = 0

    def report(tok, message):
        if checked:
            ctx.report(tok, message)

    while i < n:
        t = toks[i]
        prev = toks[i - 1] if i > 0 else None
        nxt = toks[i + 1] if i + 1 < n else None
        was_start = stmt_start
        stmt_start = False
        if plpgsql and was_start and t.kind == 'word':
            stmt_kind = t.value
            after_using = False
        # ---- brackets and statement ends
        if is_punct(t, '(', '['):
            depth += 1
            i += 1
            continue
        if is_punct(t, ')', ']'):
            depth -= 1
            if cast_as and cast_as[-1] > depth:
                cast_as.pop()
            if set_depth is not None and depth < set_depth:
                set_depth = None
            i += 1
            continue
        if is_punct(t, ';'):
            stmt_start, stmt_kind, set_depth = True, None, None
            i += 1
            continue
        # CASE ... END: a statement's THEN and ELSE start statements, an
        # expression's do not
        if is_word(t, 'case') and not is_word(prev, 'end'):
            cases.append(plpgsql and was_start)
        elif is_word(t, 'end') and cases:
            cases.pop()
        if plpgsql and is_word(t, 'then', 'else', 'loop', 'begin',
                               'exception') and depth == 0 and (
                                   not cases or cases[-1] or
                                   not is_word(t, 'then', 'else')):
            stmt_start = True
            i += 1
            continue
        # ---- PL/pgSQL statements with their own syntax
        if plpgsql and was_start:
            if is_word(t, 'declare'):
                i = check_declarations(ctx, toks, i + 1, checked)
                stmt_start = True
                continue
            if t.kind == 'op' and t.value == '<<':
                # <<label>>
                i += 3
                stmt_start = True
                continue
            if t.kind in ('word', 'qword') and not is_word(
                    t, 'if', 'elsif', 'return', 'perform', 'raise', 'for',
                    'foreach', 'while', 'exit', 'continue', 'execute',
                    'get', 'case', 'when', 'select', 'insert', 'update',
                    'delete', 'with', 'set', 'open', 'fetch', 'close',
                    'move', 'call', 'assert', 'null', 'commit', 'rollback',
                    'end', 'values'):
                # an assignment: target [.field] [[i]] {:= | =} expr
                parts, j = dotted_name(toks, i)
                while j < n and is_punct(toks[j], '['):
                    j = matching(toks, j) + 1
                if j < n and (is_punct(toks[j], ':=') or
                              (toks[j].kind == 'op' and toks[j].value == '=')):
                    i = j + 1
                    continue
            if is_word(t, 'get'):
                # GET [CURRENT | STACKED] DIAGNOSTICS v = item, ...
                while i < n and not is_punct(toks[i], ';'):
                    i += 1
                continue
            if is_word(t, 'for', 'foreach'):
                # FOR v [, v] IN ... / FOREACH v [SLICE n] IN ARRAY ...
                j = i + 1
                while j < n and not is_word(toks[j], 'in'):
                    j += 1
                i = j + 1
                continue
            if is_word(t, 'set'):
                i = check_set_statement(ctx, toks, i, checked)
                continue
        # ---- utility SET at the start of a SQL statement
        if not plpgsql and i == 0 and is_word(t, 'set'):
            i = check_set_statement(ctx, toks, i, checked)
            continue
        if is_word(t, 'execute') and plpgsql:
            report(t, 'EXECUTE runs dynamic SQL with the search_path of the '
                   'caller: pin it (SET LOCAL search_path = pg_catalog, '
                   'pg_temp)')
            i += 1
            continue
        if plpgsql and stmt_kind == 'raise' and is_word(t, 'using'):
            after_using = True
            i += 1
            continue
        if (plpgsql and stmt_kind == 'raise' and after_using and
                t.kind == 'word' and t.value in RAISE_OPTIONS and nxt is not
                None and (is_punct(nxt, ':=') or
                          (nxt.kind == 'op' and nxt.value == '='))):
            i += 2
            continue
        # ---- UPDATE ... SET col = expr, ...
        if is_word(t, 'set') and (operand_end(prev) or is_word(
                prev, 'update')):
            set_depth, set_target = depth, True
            i += 1
            continue
        if set_depth is not None and depth == set_depth:
            if is_punct(t, ','):
                set_target = True
                i += 1
                continue
            if is_word(t, 'where', 'from', 'returning'):
                set_depth = None
            elif set_target:
                if t.kind in ('word', 'qword'):
                    parts, j = dotted_name(toks, i)
                    while j < n and is_punct(toks[j], '['):
                        j = matching(toks, j) + 1
                elif is_punct(t, '('):
                    j = matching(toks, i) + 1
                else:
                    j = i
                if j < n and toks[j].kind == 'op' and toks[j].value == '=':
                    set_target = False
                    i = j + 1
                    continue
                set_target = False
        # ---- OPERATOR(schema.op)
        if is_word(t, 'operator') and is_punct(nxt, '('):
            end = matching(toks, i + 1)
            inner = toks[i + 2:end]
            op = inner[-1] if inner else t
            schema = inner[0].value if len(inner) == 3 else None
            ctx.operators.add(op.value)
            if schema not in TRUSTED_OPERATOR_SCHEMAS:
                report(t, 'OPERATOR(%s) is not in pg_catalog' %
                       ''.join(x.text for x in inner))
            i = end + 1
            continue
        # ---- operators
        if t.kind == 'op':
            if t.value == '*' and (
                    prev is None or is_punct(prev, '.', '(', ',') or
                    is_word(prev, 'select', 'distinct', 'all',
                            'returning')) and (
                    nxt is None or is_punct(nxt, ',', ')', ';') or
                    is_word(nxt, 'from', 'into', 'where')):
                i += 1  # SELECT *, t.*, count(*)
                continue
            if (t.value in ('-', '+') and nxt is not None and
                    nxt.kind == 'number' and not operand_end(prev)):
                i += 1  # a signed constant
                continue
            ctx.operators.add(t.value)
            report(t, 'operator %s is not pinned (write OPERATOR(pg_catalog.%s))'
                   % (t.value, t.value))
            i += 1
            continue
        # ---- dynamic SQL written as a dollar-quoted literal: its names
        # are collected (the EXECUTE itself is reported above)
        if t.kind == 'dollar':
            try:
                check_expr(ctx, tokenize(t.value, t.line), False)
            except (Finding, IndexError, KeyError):
                pass
            i += 1
            continue
        # ---- casts
        if is_punct(t, '::'):
            i = check_type(ctx, toks, i + 1, checked, 'cast to')
            continue
        if t.kind != 'word':
            i += 1
            continue
        w = t.value
        if w == 'cast' and is_punct(nxt, '('):
            cast_as.append(depth + 1)
            i += 1
            continue
        if w == 'as' and cast_as and cast_as[-1] == depth:
            i = check_type(ctx, toks, i + 1, checked, 'cast to')
            continue
        if w == 'collate' and nxt is not None:
            parts, j = dotted_name(toks, i + 1)
            if len(parts) == 1:
                report(t, 'COLLATE %s is not schema-qualified (write '
                       'COLLATE pg_catalog.%s)' % (nxt.text, nxt.text))
            i = j
            continue
        if w == 'is' and (is_word(nxt, 'distinct') or (
                is_word(nxt, 'not') and i + 2 < n and
                is_word(toks[i + 2], 'distinct'))):
            report(t, 'IS [NOT] DISTINCT FROM looks = up by name (compare '
                   'with OPERATOR(pg_catalog.=) and IS NULL)')
            ctx.operators.add('=')
            i += 1
            continue
        if w in ('between', 'like', 'ilike', 'similar', 'natural'):
            report(t, '%s looks operators up by name (use OPERATOR(pg_catalog'
                   '.op))' % t.text.upper())
            i += 1
            continue
        if w == 'in':
            report(t, 'IN looks = up by name (use OPERATOR(pg_catalog.=) '
                   'ANY (...))')
            ctx.operators.add('=')
            i += 1
            continue
        if (w == 'case' and nxt is not None and not is_word(nxt, 'when')
                and not is_word(prev, 'end')):
            report(t, 'a simple CASE looks = up by name (write CASE WHEN '
                   'x OPERATOR(pg_catalog.=) y)')
            ctx.operators.add('=')
            i += 1
            continue
        if w == 'using' and is_punct(nxt, '('):
            report(t, 'JOIN ... USING looks = up by name (join ON '
                   'OPERATOR(pg_catalog.=))')
            ctx.operators.add('=')
            i += 1
            continue
        if w == 'nullif' and is_punct(nxt, '('):
            report(t, 'NULLIF looks = up by name (write CASE WHEN ... '
                   'OPERATOR(pg_catalog.=))')
            ctx.operators.add('=')
            i += 1
            continue
        # ---- function calls: [schema.]name(
        if is_punct(prev, '.'):
            i += 1  # inside a dotted name already looked at
            continue
        parts, j = dotted_name(toks, i)
        if j < n and is_punct(toks[j], '(') and not (
                len(parts) == 1 and w in NOT_CALL):
            end = matching(toks, j)
            after = toks[end + 1] if end + 1 < n else None
            after2 = toks[end + 2] if end + 2 < n else None
            name = parts[-1].value
            inner = toks[j + 1:end]
            if (is_word(prev, 'into', 'as', 'table', 'only', 'update',
                        'references', 'with') or
                    (len(parts) == 1 and operand_end(prev) and not
                     is_word(prev, 'end')) or
                    (is_word(after, 'as') and is_punct(after2, '('))):
                # INSERT INTO t (cols), an alias's column list t(a, b), a
                # WITH query's t(a, b) AS (...)
                i = j
                continue
            if name in SPECIAL_SYNTAX and len(parts) == 1 and (
                    name == 'extract' or any(
                        is_word(x, *SPECIAL_SYNTAX_WORDS) for x in inner)):
                i = j  # EXTRACT(f FROM x): the grammar names pg_catalog's
                continue
            args = split_top(inner)
            ctx.functions[name].add(len(args))
            if len(parts) == 1:
                report(t, 'function %s() is not schema-qualified (write '
                       'pg_catalog.%s())' % (t.text, t.text))
            elif parts[0].value not in TRUSTED_FUNCTION_SCHEMAS:
                report(t, 'function %s() is qualified with %s, which others '
                       'may create in (call pg_catalog\'s or '
                       'u8guard_internal\'s)' % (name_text(parts),
                                                 parts[0].text))
            i = j
            continue
        # ---- typed literals: type 'string'
        if (nxt is not None and nxt.kind == 'string' and
                w not in RESERVED and not operand_end(prev)):
            check_type(ctx, toks, i, checked, 'typed literal of')
            i += 2
            continue
        i = j if len(parts) > 1 else i + 1
    return


def check_set_statement(ctx, toks, i, checked):
    """SET [LOCAL | SESSION] name {= | TO} value: no expression. Returns the
    index after the statement."""
    n = len(toks)
    while i < n and not is_punct(toks[i], ';'):
        i += 1
    return i


def search_path_values(toks):
    """The schemas of a `search_path {= | TO} a, b` value (toks after the
    = or TO), or None for FROM CURRENT and the like."""
    out = []
    for t in toks:
        if is_punct(t, ','):
            continue
        if t.kind == 'word':
            out.append(t.value)
        elif t.kind == 'qword':
            out.append(t.value)
        elif t.kind == 'string':
            out.extend(s.strip().strip('"') for s in t.value.split(','))
        else:
            return None
    return out


def leading_set_local(toks, i):
    """True when the statement at toks[i] is SET LOCAL search_path =
    pg_catalog, pg_temp."""
    n = len(toks)
    if not (is_word(toks[i], 'set') and i + 2 < n and
            is_word(toks[i + 1], 'local') and
            is_word(toks[i + 2], 'search_path')):
        return False
    j = i + 3
    if j < n and (is_word(toks[j], 'to') or
                  (toks[j].kind == 'op' and toks[j].value == '=')):
        j += 1
    else:
        return False
    end = j
    while end < n and not is_punct(toks[end], ';'):
        end += 1
    return search_path_values(toks[j:end]) == PINNED_PATH


def check_declarations(ctx, toks, i, checked):
    """A DECLARE section from toks[i] to its BEGIN: each type and default.
    Returns the index of the BEGIN."""
    n = len(toks)
    while i < n and not is_word(toks[i], 'begin'):
        end = i
        while end < n and not is_punct(toks[end], ';'):
            end += 1
        decl = toks[i:end]
        i = end + 1
        if not decl:
            continue
        j = 1
        if j < len(decl) and is_word(decl[j], 'constant'):
            j += 1
        if j < len(decl) and is_word(decl[j], 'alias'):
            continue  # name ALIAS FOR $1
        if j < len(decl) and is_word(decl[j], 'cursor', 'no', 'scroll'):
            k = j
            while k < len(decl) and not is_word(decl[k], 'for', 'is'):
                k += 1
            check_expr(ctx, decl[k + 1:], checked)
            continue
        if (j + 1 < len(decl) and decl[j + 1].kind == 'op' and
                decl[j + 1].value == '%'):
            k = j + 3  # v t.col%TYPE / t%ROWTYPE
        else:
            k = check_type(ctx, decl, j, checked, 'variable type')
        while k < len(decl):
            d = decl[k]
            if is_word(d, 'collate'):
                parts, k2 = dotted_name(decl, k + 1)
                if len(parts) == 1 and checked:
                    ctx.report(d, 'COLLATE %s is not schema-qualified'
                               % decl[k + 1].text)
                k = k2
                continue
            if is_word(d, 'default') or is_punct(d, ':=') or (
                    d.kind == 'op' and d.value == '='):
                check_expr(ctx, decl[k + 1:], checked)
                break
            k += 1
    return i


def check_plpgsql(ctx, body, line, checked, is_do):
    """A PL/pgSQL body. DO blocks (is_do): the DECLARE section is always
    checked, the statements unless the first is SET LOCAL search_path =
    pg_catalog, pg_temp. Functions: all as `checked` says."""
    toks = tokenize(body, line)
    i = 0
    n = len(toks)
    if i < n and toks[i].kind == 'op' and toks[i].value == '<<':
        i += 3
    if i < n and is_word(toks[i], 'declare'):
        i = check_declarations(ctx, toks, i + 1, checked or is_do)
    if i < n and is_word(toks[i], 'begin'):
        i += 1
    protected = i < n and leading_set_local(toks, i)
    if protected and checked:
        # The pin holds to the end of the block only if nothing moves it.
        first_end = i
        while not is_punct(toks[first_end], ';'):
            first_end += 1
        for t in toks[first_end:]:
            if is_word(t, 'search_path') or (
                    t.kind == 'string' and t.value.lower() == 'search_path'):
                ctx.report(t, 'search_path changes again after the block '
                           'pinned it')
    check_expr(ctx, toks[i:], checked and not protected, plpgsql=True)


def check_sql_body(ctx, body, line, checked):
    toks = tokenize(body, line)
    for stmt in split_top(toks, ';'):
        if stmt:
            check_expr(ctx, stmt, checked)


def check_function(ctx, stmt):
    """CREATE [OR REPLACE] FUNCTION | PROCEDURE name(args) clauses."""
    i = 1
    while not is_word(stmt[i], 'function', 'procedure'):
        i += 1
    parts, j = dotted_name(stmt, i + 1)
    if not is_punct(stmt[j], '('):
        raise Finding('line %d: CREATE FUNCTION without arguments'
                      % stmt[0].line)
    end = matching(stmt, j)
    for arg in split_top(stmt[j + 1:end]):
        for k, t in enumerate(arg):
            if is_word(t, 'default') or (t.kind == 'op' and t.value == '='):
                # bound when the function is created, under the script's
                # search_path
                check_expr(ctx, arg[k + 1:], True)
                break
    clauses = stmt[end + 1:]
    language = None
    pinned = False
    bodies = []
    sql_body = None
    k = 0
    while k < len(clauses):
        t = clauses[k]
        if is_word(t, 'language') and k + 1 < len(clauses):
            language = clauses[k + 1].value.lower()
            k += 2
            continue
        if is_word(t, 'set') and k + 1 < len(clauses):
            name = clauses[k + 1].value
            m = k + 2
            if m < len(clauses) and (is_word(clauses[m], 'to') or (
                    clauses[m].kind == 'op' and clauses[m].value == '=')):
                m += 1
                values = []
                while m < len(clauses):
                    v = clauses[m]
                    if v.kind in ('word', 'qword', 'string') and not (
                            v.kind == 'word' and v.value in (
                                'language', 'as', 'set', 'security',
                                'immutable', 'stable', 'volatile', 'strict',
                                'parallel', 'cost', 'rows', 'returns',
                                'called', 'leakproof', 'not', 'external',
                                'support', 'window', 'begin', 'return',
                                'transform')):
                        values.append(v)
                        m += 1
                        if m < len(clauses) and is_punct(clauses[m], ','):
                            m += 1
                            continue
                    break
                if name == 'search_path':
                    pinned = search_path_values(values) == PINNED_PATH
            k = m
            continue
        if is_word(t, 'as') and k + 1 < len(clauses) and clauses[
                k + 1].kind in ('string', 'dollar'):
            bodies.append(clauses[k + 1])
            k += 2
            while (k + 1 < len(clauses) and is_punct(clauses[k], ',')):
                k += 2
            continue
        if is_word(t, 'begin') or (is_word(t, 'return') and not is_word(
                clauses[k - 1], 'null')):
            sql_body = clauses[k:]
            break
        if is_word(t, 'returns') and k + 1 < len(clauses):
            k += 1
            if is_word(clauses[k], 'table') and is_punct(
                    clauses[k + 1], '('):
                k = matching(clauses, k + 1) + 1
            continue
        k += 1
    if sql_body is not None:
        # SQL-standard body: parsed and bound at CREATE, under the script's
        # search_path, whatever SET clause the function has.
        if is_word(sql_body[0], 'begin'):
            sql_body = sql_body[2:-1]
        else:
            sql_body = sql_body[1:]
        for part in split_top(sql_body, ';'):
            if part:
                check_expr(ctx, part, True)
        return
    if not bodies or language not in ('sql', 'plpgsql'):
        return
    body = bodies[0]
    if language == 'sql':
        check_sql_body(ctx, body.value, body.line, not pinned)
    else:
        check_plpgsql(ctx, body.value, body.line, not pinned, is_do=False)


def check_do(ctx, stmt):
    body = None
    language = 'plpgsql'
    k = 1
    while k < len(stmt):
        t = stmt[k]
        if t.kind in ('string', 'dollar'):
            body = t
        elif is_word(t, 'language') and k + 1 < len(stmt):
            language = stmt[k + 1].value.lower()
            k += 1
        k += 1
    if body is None:
        raise Finding('line %d: DO without a body' % stmt[0].line)
    if language != 'plpgsql':
        ctx.report(stmt[0], 'DO in %s: the lint reads PL/pgSQL only'
                   % language)
        return
    check_plpgsql(ctx, body.value, body.line, True, is_do=True)


def check_table_elements(ctx, toks):
    """The DEFAULT, CHECK and GENERATED ... AS expressions of a table's
    columns and constraints (CREATE TABLE (...), ALTER TABLE ...)."""
    stops = {'not', 'null', 'constraint', 'primary', 'unique', 'references',
             'check', 'collate', 'generated', 'default', 'deferrable',
             'initially'}
    for element in split_top(toks):
        k = 0
        while k < len(element):
            t = element[k]
            if is_word(t, 'check', 'as') and k + 1 < len(element) and \
                    is_punct(element[k + 1], '('):
                end = matching(element, k + 1)
                check_expr(ctx, element[k + 2:end], True)
                k = end + 1
                continue
            if is_word(t, 'default', 'using'):
                m = k + 1
                depth = 0
                while m < len(element):
                    e = element[m]
                    if is_punct(e, '(', '['):
                        depth += 1
                    elif is_punct(e, ')', ']'):
                        depth -= 1
                    elif depth == 0 and is_word(e, *stops):
                        break
                    m += 1
                check_expr(ctx, element[k + 1:m], True)
                k = m
                continue
            k += 1


def check_statement(ctx, stmt):
    words = [t.value for t in stmt[:6] if t.kind == 'word']
    head = ' '.join(words[:2])
    first = words[0] if words else ''
    if first in ('grant', 'revoke', 'drop', 'comment'):
        return
    if head in ('create schema', 'alter schema', 'alter function',
                'alter procedure', 'alter extension', 'alter event',
                'alter type', 'alter view', 'alter index', 'alter sequence'):
        return
    if first == 'create':
        rest = words[1:]
        if rest[:2] == ['or', 'replace']:
            rest = rest[2:]
        kind = rest[0] if rest else ''
        if kind in ('function', 'procedure'):
            check_function(ctx, stmt)
            return
        if kind == 'type':
            # composite (AS (...)) and enum (AS ENUM) types run nothing;
            # base and range types name functions
            k = 0
            while not is_word(stmt[k], 'type'):
                k += 1
            parts, j = dotted_name(stmt, k + 1)
            if j >= len(stmt) or (is_word(stmt[j], 'as') and not is_word(
                    stmt[j + 1], 'range')):
                return
            ctx.report(stmt[0], 'CREATE TYPE %s names functions: the lint '
                       'does not read it yet' % name_text(parts))
            return
        if kind in ('view', 'temp', 'temporary', 'recursive', 'materialized'):
            for k, t in enumerate(stmt):
                if is_word(t, 'as') and k > 2 and not is_punct(
                        stmt[k + 1], '('):
                    check_expr(ctx, stmt[k + 1:], True)
                    return
            return
        if kind in ('table', 'unlogged'):
            k = 0
            while not is_punct(stmt[k], '('):
                k += 1
            end = matching(stmt, k)
            check_table_elements(ctx, stmt[k + 1:end])
            return
        if kind in ('index', 'unique'):
            k = 0
            while not is_word(stmt[k], 'on'):
                k += 1
            check_expr(ctx, stmt[k + 2:], True)
            return
        if kind in ('event', 'trigger', 'constraint'):
            for k, t in enumerate(stmt):
                if is_word(t, 'execute') and k + 2 < len(stmt):
                    parts, j = dotted_name(stmt, k + 2)
                    if len(parts) == 1:
                        ctx.report(parts[0], 'the trigger\'s function %s is '
                                   'not schema-qualified' % parts[0].text)
                if is_word(t, 'when') and kind != 'event' and is_punct(
                        stmt[k + 1], '('):
                    end = matching(stmt, k + 1)
                    check_expr(ctx, stmt[k + 2:end], True)
            return
    if head == 'alter table':
        check_table_elements(ctx, stmt[3:])
        return
    if first == 'do':
        check_do(ctx, stmt)
        return
    if first in ('select', 'with', 'insert', 'update', 'delete', 'values',
                 'call', 'table'):
        check_expr(ctx, stmt, True)
        return
    ctx.report(stmt[0], 'a statement the lint does not know (%s): teach it '
               'what the statement runs' % ' '.join(words[:3]).upper())


def statements(toks):
    """Top-level statements (psql's \\echo lines removed, as CREATE
    EXTENSION does), keeping a BEGIN ATOMIC body whole."""
    out, cur = [], []
    atomic = 0
    for k, t in enumerate(toks):
        if t.kind == 'meta':
            continue
        if is_word(t, 'begin') and k + 1 < len(toks) and is_word(
                toks[k + 1], 'atomic'):
            atomic += 1
        elif atomic and is_word(t, 'case'):
            atomic += 1
        elif atomic and is_word(t, 'end'):
            atomic -= 1
        if is_punct(t, ';') and not atomic:
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        out.append(cur)
    return out


def lint_text(text, where):
    ctx = Context(where)
    try:
        for stmt in statements(tokenize(text)):
            check_statement(ctx, stmt)
    except Finding as e:
        ctx.findings.append('%s: cannot parse: %s' % (where, e))
    except (IndexError, KeyError) as e:
        ctx.findings.append('%s: cannot parse (%r): the lint needs '
                            'teaching' % (where, e))
    return ctx


# ---- the paths PostgreSQL takes ---------------------------------------------

SCRIPT = re.compile(r'^u8guard--([0-9.]+)(?:--([0-9.]+))?\.sql$')


def shortest_paths(updates, source, target):
    """Every shortest chain of update scripts from `source` to `target` (as
    PostgreSQL's find_update_path, which takes the fewest steps)."""
    best = None
    found = []
    frontier = [[source]]
    while frontier and best is None:
        nxt = []
        for path in frontier:
            for a, b in updates:
                if a == path[-1] and b not in path:
                    p = path + [b]
                    if b == target:
                        found.append(p)
                        best = len(p)
                    else:
                        nxt.append(p)
        frontier = nxt
    return found


def check_paths(files, default_version):
    """The scripts PostgreSQL runs for CREATE EXTENSION u8guard and for an
    update from every other version to `default_version` hold no script of
    KNOWN_UNSAFE. Returns the findings."""
    installs, updates = set(), set()
    for f in files:
        m = SCRIPT.match(f)
        if m and m.group(2):
            updates.add((m.group(1), m.group(2)))
        elif m:
            installs.add(m.group(1))
    findings = []

    def scripts(path):
        return ['u8guard--%s--%s.sql' % (a, b) for a, b in zip(path, path[1:])]

    if default_version in installs:
        chosen = [['u8guard--%s.sql' % default_version]]
    else:
        chosen = []
        for v in sorted(installs):
            for p in shortest_paths(updates, v, default_version):
                chosen.append(['u8guard--%s.sql' % v] + scripts(p))
        if not chosen:
            findings.append('no install path to %s' % default_version)
    for chain in chosen:
        for s in chain:
            if s in KNOWN_UNSAFE:
                findings.append('CREATE EXTENSION u8guard (%s) runs %s' %
                                (default_version, s))
    versions = installs | {a for a, _ in updates} | {b for _, b in updates}
    for v in sorted(versions - {default_version}):
        paths = shortest_paths(updates, v, default_version)
        if not paths and v not in ('0.0',):
            findings.append('no update path from %s to %s' %
                            (v, default_version))
        for p in paths:
            for s in scripts(p):
                if s in KNOWN_UNSAFE:
                    findings.append('ALTER EXTENSION u8guard UPDATE from %s '
                                    'may run %s (%s)' % (v, s, '--'.join(p)))
    return findings


def default_version(sql_dir):
    """U8GUARD_PG_EXTENSION_VERSION of the CMakeLists.txt above SQL_DIR."""
    path = os.path.join(sql_dir, os.pardir, 'CMakeLists.txt')
    with open(path, encoding='utf-8') as f:
        m = re.search(r'set\(U8GUARD_PG_EXTENSION_VERSION\s+([0-9.]+)\)',
                      f.read())
    if not m:
        raise SystemExit('%s: no U8GUARD_PG_EXTENSION_VERSION' % path)
    return m.group(1)


def scripts_in(sql_dir):
    return sorted(f for f in os.listdir(sql_dir) if f.endswith('.sql'))


def main_check(sql_dir):
    status = 0
    files = scripts_in(sql_dir)
    known = 0
    for f in files:
        with open(os.path.join(sql_dir, f), encoding='utf-8') as fh:
            ctx = lint_text(fh.read(), f)
        if f in KNOWN_UNSAFE:
            known += len(ctx.findings)
            if not ctx.findings:
                print('%s: listed in KNOWN_UNSAFE but passes: remove it'
                      % f)
                status = 1
            continue
        for line in ctx.findings:
            print(line)
            status = 1
    for line in check_paths(files, default_version(sql_dir)):
        print(line)
        status = 1
    for f in sorted(KNOWN_UNSAFE):
        if f not in files:
            print('%s: listed in KNOWN_UNSAFE but not in %s' % (f, sql_dir))
            status = 1
    if status:
        print('pg_search_path: the statements above run unpinned under the '
              'search_path of CREATE/ALTER EXTENSION (see the docstring)')
    else:
        print('pg_search_path: %d scripts pinned; %d findings in the '
              'released scripts %s, which no path to %s runs' % (
                  len(files) - len(KNOWN_UNSAFE), known,
                  ', '.join(sorted(KNOWN_UNSAFE)), default_version(sql_dir)))
    return status


def main_list(sql_dir):
    ops, types = set(), set()
    functions = collections.defaultdict(set)
    for f in scripts_in(sql_dir):
        with open(os.path.join(sql_dir, f), encoding='utf-8') as fh:
            ctx = lint_text(fh.read(), f)
        ops |= ctx.operators
        types |= ctx.types
        for name, arities in ctx.functions.items():
            functions[name] |= arities
    for op in sorted(ops):
        print('operator', op)
    for name in sorted(functions):
        print('function', name, ' '.join(str(a) for a in
                                         sorted(functions[name])))
    for t in sorted(types):
        print('type', t)
    return 0


# ---- self-test -----------------------------------------------------------------

# (SQL, substrings of the findings expected; [] when it must pass)
SELF_TEST = [
    # The finding of 0.3, as it was written.
    ("""DO $$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT a.grantee FROM pg_catalog.pg_proc p
    CROSS JOIN LATERAL pg_catalog.aclexplode(p.proacl) a
    WHERE p.oid = pg_catalog.to_regprocedure('f()')
  LOOP
    EXECUTE pg_catalog.format('GRANT %s', CASE WHEN g.grantee = 0
      THEN 'PUBLIC' END);
  END LOOP;
END
$$;""", ['variable type record', 'operator =', 'operator =', 'EXECUTE']),
    ("DO $$ BEGIN PERFORM 1 WHERE x.oid = pg_catalog.to_regprocedure(y);"
     " END $$;", ['operator =']),
    # The same, pinned both ways.
    ("""DO $$
DECLARE
  g pg_catalog.record;
BEGIN
  SET LOCAL search_path = pg_catalog, pg_temp;
  FOR g IN SELECT p.oid FROM pg_proc p WHERE p.oid = to_regprocedure('f()')
  LOOP
    EXECUTE format('GRANT %s', g.oid::text);
  END LOOP;
END
$$;""", []),
    ("""DO $$
BEGIN
  PERFORM 1 FROM pg_catalog.pg_proc p
  WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('f()')
    AND p.proowner OPERATOR(pg_catalog.<>) 0::pg_catalog.oid;
END
$$;""", []),
    # What pins search_path must not be undone in the block.
    ("DO $$ BEGIN SET LOCAL search_path = pg_catalog, pg_temp; SET LOCAL "
     "search_path = public; PERFORM lower('a'); END $$;",
     ['changes again']),
    ("DO $$ BEGIN SET LOCAL search_path = pg_catalog, pg_temp; PERFORM "
     "pg_catalog.set_config('search_path', 'public', true); END $$;",
     ['changes again']),
    # SET LOCAL does not protect the DECLARE section, compiled before it.
    ("DO $$ DECLARE x pg_catalog.text := lower('A'); BEGIN SET LOCAL "
     "search_path = pg_catalog, pg_temp; END $$;", ['function lower()']),
    # A SET LOCAL to another path protects nothing.
    ("DO $$ BEGIN SET LOCAL search_path = public, pg_catalog; PERFORM "
     "lower('a'); END $$;", ['function lower()']),
    # Top level.
    ("SELECT lower(x) FROM t;", ['function lower()']),
    ("SELECT pg_catalog.lower(x) FROM t;", []),
    ("SELECT 'pg_class'::regclass;", ['cast to regclass']),
    ("SELECT x::pg_catalog.regclass, y::integer, CAST(z AS pg_catalog.text)"
     ", w::double precision;", []),
    ("SELECT CAST(z AS text);", ['cast to text']),
    ("SELECT regclass 'pg_class';", ['typed literal of regclass']),
    ("SELECT a IS DISTINCT FROM b;", ['IS [NOT] DISTINCT FROM']),
    ("SELECT 1 WHERE a IN (1, 2);", ['IN looks']),
    ("SELECT 1 WHERE a BETWEEN 1 AND 2;", ['BETWEEN']),
    ("SELECT 1 WHERE a LIKE 'x%';", ['LIKE']),
    ("SELECT NULLIF(a, b);", ['NULLIF']),
    ("SELECT CASE a WHEN 1 THEN 2 END;", ['simple CASE']),
    ("SELECT CASE WHEN a OPERATOR(pg_catalog.=) 1 THEN 2 END;", []),
    ("SELECT * FROM a JOIN b USING (x);", ['USING']),
    ("SELECT a COLLATE \"C\";", ['COLLATE']),
    ("SELECT a COLLATE pg_catalog.\"C\";", []),
    ("SELECT a OPERATOR(public.=) b;", ['OPERATOR(public.=)']),
    ("SELECT -1, +2, count(*), t.*, f.x FROM pg_catalog.unnest(a) f(x);",
     ['function count()']),
    ("SELECT pg_catalog.count(*), t.* FROM t;", []),
    ("SELECT -a;", ['operator -']),
    ("SELECT @extschema@.u8guard_key(a, 'p');", ['qualified with']),
    ("SELECT EXTRACT(epoch FROM x), substring(a FROM 2);", []),
    ("SELECT substring(a, 2);", ['function substring()']),
    ("WITH q(a) AS (SELECT 1) SELECT q.a FROM q;", []),
    ("INSERT INTO t (a, b) SELECT 1, 2 ON CONFLICT (a) DO UPDATE SET "
     "b = excluded.b;", []),
    ("UPDATE t SET a = b || c;", ['operator ||']),
    ("CREATE VIEW v AS SELECT a FROM t WHERE a = 1;", ['operator =']),
    ("CREATE VIEW v AS SELECT a FROM u8guard_internal.t;", []),
    ("CREATE TABLE t (a int DEFAULT now(), b text CHECK (b <> ''));",
     ['function now()', 'operator <>']),
    ("CREATE TABLE t (a oid PRIMARY KEY, b pg_catalog.timestamptz NOT NULL "
     "DEFAULT pg_catalog.now());", []),
    ("ALTER TABLE t ALTER COLUMN a SET DEFAULT lower('x');",
     ['function lower()']),
    ("ALTER TABLE @extschema@.t SET SCHEMA u8guard_internal;", []),
    # Function bodies: pinned ones are not read, others are.
    ("CREATE FUNCTION f(a regclass) RETURNS void LANGUAGE sql "
     "SET search_path = pg_catalog, pg_temp AS $$ SELECT a = 1 $$;", []),
    ("CREATE FUNCTION f(a regclass) RETURNS void LANGUAGE sql "
     "SET search_path = @extschema@, pg_catalog, pg_temp "
     "AS $$ SELECT a = 1 $$;", ['operator =']),
    ("CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $f$ BEGIN "
     "IF lower('a') = 'a' THEN RETURN; END IF; END $f$;",
     ['function lower()', 'operator =']),
    ("CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql SET search_path TO "
     "'pg_catalog, pg_temp' AS $f$ BEGIN x := lower('a'); END $f$;", []),
    ("CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql SET search_path "
     "FROM CURRENT AS $f$ BEGIN x := lower('a'); END $f$;",
     ['function lower()']),
    ("CREATE FUNCTION f(x text DEFAULT lower('A')) RETURNS text LANGUAGE C "
     "AS 'MODULE_PATHNAME', 'f';", ['function lower()']),
    ("CREATE FUNCTION f(x text DEFAULT 'reject', n integer DEFAULT 32) "
     "RETURNS text AS 'MODULE_PATHNAME', 'f' LANGUAGE C IMMUTABLE;", []),
    # SQL-standard bodies are bound at CREATE: read even when pinned.
    ("CREATE FUNCTION f(a int) RETURNS int LANGUAGE sql SET search_path = "
     "pg_catalog, pg_temp RETURN a + 1;", ['operator +']),
    ("CREATE FUNCTION f(a int) RETURNS int LANGUAGE sql BEGIN ATOMIC "
     "SELECT lower('a'); END;", ['function lower()']),
    # PL/pgSQL's own syntax is no operator.
    ("""DO $$
<<outer>>
DECLARE
  n pg_catalog.int4 := 0;
  r pg_catalog.text;
BEGIN
  n := n OPERATOR(pg_catalog.+) 1;
  r = 'x';
  GET DIAGNOSTICS n = ROW_COUNT;
  RAISE EXCEPTION 'x %', n USING ERRCODE = 'invalid_parameter_value',
    HINT = 'y';
  FOR r IN SELECT 1 LOOP END LOOP;
END
$$;""", []),
    ("DO $$ BEGIN n := n + 1; END $$;", ['operator +']),
    # THEN inside a CASE expression starts no statement (no assignment).
    ("DO $$ BEGIN RETURN CASE WHEN a THEN b = c ELSE d = e END; END $$;",
     ['operator =', 'operator =']),
    ("DO $$ BEGIN CASE WHEN a THEN b = 1; ELSE b := 2; END CASE; "
     "IF a THEN c = 1; ELSIF a = 2 THEN c = 2; END IF; END $$;",
     ['operator =']),
    ("CREATE EVENT TRIGGER e ON ddl_command_end WHEN TAG IN ('CREATE "
     "TABLE') EXECUTE FUNCTION f();", ['not schema-qualified']),
    ("CREATE EVENT TRIGGER e ON ddl_command_end WHEN TAG IN ('CREATE "
     "TABLE') EXECUTE FUNCTION u8guard_internal.f();", []),
    ("CREATE OPERATOR === (LEFTARG = int, RIGHTARG = int, FUNCTION = f);",
     ['does not know']),
    ("GRANT EXECUTE ON FUNCTION f(regclass) TO PUBLIC; REVOKE ALL ON "
     "FUNCTION f() FROM PUBLIC; CREATE SCHEMA s; DROP FUNCTION f();"
     "CREATE TYPE t AS (a text); ALTER FUNCTION f() SET SCHEMA s;", []),
    # Comments and strings hide nothing and fake nothing.
    ("-- a = b\n/* lower(x) /* nested */ */ SELECT 'a = lower(b)', "
     "$q$ x = y $q$, E'\\' = ';", []),
    ("\\echo Use \"CREATE EXTENSION u8guard\" \\quit\nSELECT 1;", []),
]


def self_test():
    failures = 0
    for sql, expected in SELF_TEST:
        got = lint_text(sql, 'snippet').findings
        missing = []
        remaining = list(got)
        for want in expected:
            hit = next((g for g in remaining if want in g), None)
            if hit is None:
                missing.append(want)
            else:
                remaining.remove(hit)
        if missing or (not expected and got) or (
                expected and len(got) != len(expected)):
            failures += 1
            print('FAIL: %s\n  expected %s\n  got      %s' % (
                sql, expected or 'no finding', got or 'no finding'))
    # The path check: with a direct install script and 0.2 -> 0.4, nothing
    # unsafe is on a path to 0.4; without them, 0.2 -> 0.3 is.
    released = ['u8guard--0.1.sql', 'u8guard--0.1--0.2.sql',
                'u8guard--0.2--0.3.sql']
    fixed = released + ['u8guard--0.2--0.4.sql', 'u8guard--0.3--0.4.sql',
                        'u8guard--0.4.sql']
    if check_paths(fixed, '0.4'):
        failures += 1
        print('FAIL: paths of %s: %s' % (fixed, check_paths(fixed, '0.4')))
    chained = released + ['u8guard--0.3--0.4.sql']
    got = check_paths(chained, '0.4')
    if not any('CREATE EXTENSION' in g for g in got) or not any(
            'UPDATE from 0.2' in g for g in got):
        failures += 1
        print('FAIL: paths of %s: %s' % (chained, got))
    if failures:
        print('pg_search_path self-test: %d of %d cases failed' % (
            failures, len(SELF_TEST) + 2))
        return 1
    print('pg_search_path self-test: %d cases ok' % (len(SELF_TEST) + 2))
    return 0


def main():
    args = sys.argv[1:]
    if args[:1] == ['--self-test']:
        return self_test()
    listing = args[:1] == ['--list-names']
    if listing:
        args = args[1:]
    if len(args) > 1 or (args and args[0].startswith('-')):
        raise SystemExit(__doc__)
    sql_dir = args[0] if args else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
        'integrations', 'postgresql', 'sql')
    if listing:
        return main_list(sql_dir)
    return main_check(sql_dir)


if __name__ == '__main__':
    sys.exit(main())
