# SPDX-License-Identifier: Apache-2.0
"""u8guard.sanitize_path: untrusted paths to relative paths inside a root."""

import pytest

import u8guard
from u8guard import Profile, Rejected, sanitize_path


def rejection(path, **options):
    with pytest.raises(Rejected) as info:
        sanitize_path(path, **options)
    return info.value


def test_the_iis_nimda_input_is_an_overlong_not_a_traversal():
    e = rejection(b'/\xc0\xae./')  # RFC 3629 §10
    assert (e.rule, e.offset, e.source) == ('utf8/overlong', 1, 'path')
    assert e.bad_bytes == b'\xc0\xae'
    assert str(e) == ('path: rejected at byte 1: utf8/overlong: overlong '
                      'encoding (C0 AE)')


def test_normalized_relative_paths_keep_the_input_type():
    assert sanitize_path('a/./b//c') == 'a/b/c'
    assert sanitize_path(b'a/./b//c') == b'a/b/c'
    assert sanitize_path('Jose\u0301/x') == 'Jos\u00e9/x'  # NFC
    assert sanitize_path('') == ''
    assert sanitize_path('a/b', root='/srv/www') == '/srv/www/a/b'
    assert sanitize_path('a/b', root=b'/srv/www/') == '/srv/www/a/b'


def test_dot_dot():
    e = rejection('a/../../etc/passwd')
    assert (e.rule, e.offset, e.index) == ('path/dot_dot', 2, 2)
    assert sanitize_path('a/b/../c', dot_dot='resolve') == 'a/c'
    e = rejection('a/../../etc', dot_dot='resolve')
    assert e.rule == 'path/above_root'


def test_absolute_and_leading_separator():
    assert rejection('/etc/passwd').rule == 'path/absolute'
    assert sanitize_path('/etc/passwd',
                         leading_separator_is_root=True) == 'etc/passwd'
    assert rejection('C:/x', leading_separator_is_root=True).rule == (
        'path/absolute')


def test_normalization_cannot_create_structure():
    # U+FF0E FULLWIDTH FULL STOP and U+2024 ONE DOT LEADER become "." under
    # NFKC: rejected even under NFC.
    e = rejection('a/\uff0e\uff0e/b')
    assert (e.rule, e.index, e.code_point) == ('path/structure_changed_by_nfkc',
                                               2, 0xFF0E)
    assert e.offset == 2
    e = rejection('\u2024\u2024/x', normalization='NFKC')
    assert e.rule == 'path/structure_changed_by_nfkc'


def test_percent_decoding_happens_once_and_is_strict():
    assert sanitize_path('a%20b/c', percent_decode=True) == 'a b/c'
    assert sanitize_path('a%252e', percent_decode=True) == 'a%2e'
    e = rejection('x/%C0%AE%C0%AE/y', percent_decode=True)
    assert (e.rule, e.offset) == ('utf8/overlong', 2)
    assert e.detail == 'after percent-decoding'
    assert rejection('a%2Fb', percent_decode=True).rule == (
        'path/separator_in_segment')
    assert rejection('a%zz', percent_decode=True).rule == (
        'path/percent_decoding')
    assert sanitize_path('a%20b') == 'a%20b'  # off by default


def test_other_rules():
    assert rejection('a\\b').rule == 'path/separator_in_segment'
    assert sanitize_path('a\\b', backslash_is_separator=True) == 'a/b'
    assert rejection('.git/config').rule == 'path/hidden'
    assert sanitize_path('.well-known/x', allow_hidden=True) == '.well-known/x'
    assert rejection('a\x00b').rule == 'path/nul'
    assert rejection('a\x07b').rule == 'path/control'
    assert rejection('CON.txt', windows=True).rule == 'path/windows_reserved'
    assert rejection('a./b', windows=True).rule == (
        'path/windows_trailing_dot_space')
    assert rejection('a|b', windows=True).rule == 'path/windows_character'
    assert rejection('a/b/c', max_depth=2).rule == 'path/too_deep'
    assert rejection('abcdef', max_length=3).rule == 'path/too_long'


def test_segment_profile():
    # Segments are compared by their keys (key_case_mapping).
    strict = Profile('path-segment').replace(name='lower-segment',
                                             key_case_mapping='lower')
    assert sanitize_path('A/B', segment_profile=strict) == 'a/b'
    e = rejection('ok/a\u200bb', segment_profile='username-case-mapped')
    assert (e.rule, e.offset, e.index) == (
        'DISALLOWED/precis_ignorable_properties', 4, 4)
    assert e.profile == 'username-case-mapped'
    with pytest.raises(LookupError):
        sanitize_path('a', segment_profile='nope')
    with pytest.raises(TypeError):
        sanitize_path('a', segment_profile=42)


def test_bad_options_are_value_errors_not_rejections():
    for options in ({'normalization': 'NFD'}, {'normalization': 'bogus'},
                    {'dot_dot': 'ignore'}, {'root': 'a\x00b'}):
        with pytest.raises(ValueError) as info:
            sanitize_path('a', **options)
        assert not isinstance(info.value, Rejected), options
    with pytest.raises(TypeError):
        sanitize_path('a', windows=True, unknown=True)


def test_surrogates_and_types():
    e = rejection('a/\udc80')
    assert (e.rule, e.source, e.index) == ('utf8/surrogate', 'encoder', 2)
    with pytest.raises(TypeError):
        sanitize_path(None)
    assert sanitize_path(bytearray(b'a/b')) == b'a/b'


def test_sanitized_paths_are_fixed_points():
    for raw in ('a/./b', 'x/y/../z', 'caf\u00e9/men\u00fc', '%41/b'):
        once = sanitize_path(raw, dot_dot='resolve', percent_decode=True)
        assert sanitize_path(once, dot_dot='resolve') == once
    assert u8guard.validate_utf8(sanitize_path(b'caf\xc3\xa9')).ok
