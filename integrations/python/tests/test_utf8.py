# SPDX-License-Identifier: Apache-2.0
"""u8guard.validate_utf8: strict UTF-8, checked against CPython's decoder."""

import random

import pytest

import u8guard
from conftest import hex_bytes, shared_file

# (bytes, offset, kind, error_len): one case per kind and the §10 attack.
KINDS = [
    (b'', 0, 'none', 0),
    (b'abc', 3, 'none', 0),
    ('\u00e9\u20ac\U0001F600'.encode(), 9, 'none', 0),
    (b'/\xc0\xae./', 1, 'overlong', 1),  # RFC 3629 §10: "/../"
    (b'a\xe0\x80\xaf', 1, 'overlong', 1),
    (b'a\xf0\x80\x80\xaf', 1, 'overlong', 1),
    (b'ab\xed\xa0\x80', 2, 'surrogate', 1),
    (b'\xf4\x90\x80\x80', 0, 'above_max', 1),
    (b'x\xff', 1, 'invalid_byte', 1),
    (b'\xc1', 0, 'invalid_byte', 1),
    (b'\x80abc', 0, 'unexpected_continuation', 1),
    (b'\xe2\x82x', 0, 'missing_continuation', 2),
    (b'\xc3x', 0, 'missing_continuation', 1),
    (b'ok\xe2\x82', 2, 'truncated', 0),
    (b'\xf0\x9f\x98', 0, 'truncated', 0),
]


@pytest.mark.parametrize('data,offset,kind,error_len', KINDS)
def test_each_kind(data, offset, kind, error_len):
    r = u8guard.validate_utf8(data)
    assert (r.offset, r.valid_up_to, r.kind, r.error_len) == (offset, offset,
                                                              kind, error_len)
    assert r.ok is (kind == 'none')
    assert bool(r) is r.ok
    if r.ok:
        assert r.rule is None and r.message == ''
    else:
        assert r.rule == 'utf8/' + kind
        assert r.message.startswith('invalid UTF-8 at byte %d: ' % offset)
        assert u8guard.rule_description(r.rule) in r.message


def test_message_names_the_bytes():
    r = u8guard.validate_utf8(b'/\xc0\xae./')
    assert r.message == 'invalid UTF-8 at byte 1: overlong encoding (C0 AE)'
    assert repr(r) == "Utf8Result(offset=1, kind='overlong', error_len=1)"


def test_bytes_like_objects_are_accepted():
    data = b'ab\xed\xa0\x80'
    want = u8guard.validate_utf8(data)
    assert u8guard.validate_utf8(bytearray(data)) == want
    assert u8guard.validate_utf8(memoryview(data)) == want
    assert u8guard.validate_utf8(memoryview(b'xx' + data)[2:]) == want
    assert u8guard.validate_utf8(b'abc') != want


@pytest.mark.parametrize('value', ['text', 42, None, ['a']])
def test_other_types_raise_type_error(value):
    with pytest.raises(TypeError):
        u8guard.validate_utf8(value)


def cpython_verdict(data):
    """(offset, kind-ish, error_len) from CPython's strict UTF-8 decoder."""
    try:
        data.decode('utf-8')
        return (len(data), True, 0)
    except UnicodeDecodeError as e:
        if e.reason == 'unexpected end of data':
            return (e.start, False, 0)
        return (e.start, False, e.end - e.start)


def our_verdict(data):
    r = u8guard.validate_utf8(data)
    return (r.offset, r.ok, r.error_len)


def test_utf8tests_corpus_agrees_with_its_verdicts_and_cpython():
    path = shared_file('testdata/utf8tests/utf8tests.txt')
    cases = 0
    with open(path, encoding='ascii') as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            fields = [x.strip() for x in line.split(':')]
            if fields[1] == 'valid':
                data = line.split(':', 2)[2].encode('ascii')
                valid = True
            elif fields[1] == 'valid hex':
                data, valid = hex_bytes(fields[2]), True
            else:
                assert fields[1] == 'invalid hex', line
                data, valid = hex_bytes(fields[2]), False
                # The file's U+FFFD substitution: one per maximal subpart,
                # as Python's errors='replace' does.
                assert data.decode('utf-8', 'replace').encode() == hex_bytes(
                    fields[4]), line
            assert u8guard.validate_utf8(data).ok is valid, line
            assert our_verdict(data) == cpython_verdict(data), line
            cases += 1
    assert cases == 222


def test_kuhn_stress_test_lines_agree_with_cpython():
    path = shared_file('testdata/UTF-8-test.txt')
    with open(path, 'rb') as f:
        lines = f.read().split(b'\n')
    invalid = 0
    for line in lines:
        assert our_verdict(line) == cpython_verdict(line), line
        invalid += not u8guard.validate_utf8(line).ok
    assert invalid > 50  # the file is mostly about ill-formed input


def test_random_mutations_agree_with_cpython():
    rng = random.Random(13)
    pieces = [b'a', b'\xc3\xa9', b'\xe2\x82\xac', b'\xf0\x9f\x98\x80',
              b'\x80', b'\xbf', b'\xc0', b'\xc1\xaf', b'\xed\xa0', b'\xf4\x90',
              b'\xf5', b'\xff', b'\xe2\x82', b'\xf0\x9f\x98', b'\xed\xbf\xbf']
    for _ in range(20000):
        data = b''.join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        assert our_verdict(data) == cpython_verdict(data), data


def test_long_input_is_validated_whole():
    # Long enough that the GIL is released; the error is near the end.
    data = ('\u00e9' * 100000).encode() + b'\xc0\xaf' + b'x' * 10
    r = u8guard.validate_utf8(data)
    assert len(data) >= u8guard.GIL_RELEASE_MIN_BYTES
    assert (r.offset, r.kind) == (200000, 'overlong')
