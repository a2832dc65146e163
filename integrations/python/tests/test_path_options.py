# SPDX-License-Identifier: Apache-2.0
"""u8guard.PathOptions: the C++ PathOptions (include/u8guard/path.h) as one
immutable value, taken by sanitize_path and the *_beneath functions beside
their keywords of the same names."""

import copy
import os
import pickle
import re

import pytest

import u8guard
from conftest import ROOT
from u8guard import PathOptions, Profile, Rejected, sanitize_path

PATH_H = os.path.join(ROOT, 'include', 'u8guard', 'path.h')


def cpp_fields():
    """[(name, default as written)] of struct PathOptions in path.h, in
    its order."""
    with open(PATH_H, encoding='utf-8') as f:
        text = f.read()
    body = re.search(r'struct PathOptions \{(.*?)\n\};', text, re.S).group(1)
    body = re.sub(r'//[^\n]*', '', body)
    return re.findall(r'[\w:*<> ]+?\b(\w+)(?:\s*=\s*([^;]+))?;', body)


def cpp_default(written):
    """A default of path.h as Python sees it."""
    if not written:
        return ''  # std::string root
    written = written.strip()
    if written in ('true', 'false'):
        return written == 'true'
    if re.fullmatch(r'\d+', written):
        return int(written)
    if written == 'nullptr':
        return None
    names = {'NormalizationForm::kNfc': 'NFC',
             'NormalizationForm::kNfkc': 'NFKC',
             'DotDotPolicy::kReject': 'reject',
             'DotDotPolicy::kResolve': 'resolve'}
    return names[written]


FIELDS = [name for name, _ in cpp_fields()]
DEFAULTS = {name: cpp_default(written) for name, written in cpp_fields()}


def path_of_length(n, segment=200):
    """A path of n bytes, in segments of at most `segment` bytes (the
    path-segment profile takes 255)."""
    parts, length = [], -1
    while length + 1 + segment < n:
        parts.append('x' * segment)
        length += 1 + segment
    parts.append('y' * (n - length - 1))
    return '/'.join(parts)


def properties():
    return [name for name, value in vars(PathOptions).items()
            if isinstance(value, property)]


def outcome(call):
    """('ok', result) or ('raised', the exception's type and fields)."""
    try:
        return ('ok', call())
    except Rejected as e:
        return ('raised', Rejected, e.rule, e.offset, e.index, e.code_point,
                e.source, e.profile, e.detail, str(e))
    except (TypeError, ValueError, LookupError) as e:
        return ('raised', type(e), str(e))


def test_the_fields_are_those_of_the_cpp_struct_in_its_order():
    assert FIELDS == [
        'backslash_is_separator', 'normalization', 'percent_decode',
        'dot_dot', 'leading_separator_is_root', 'root', 'allow_hidden',
        'windows', 'max_depth', 'max_length', 'segment_profile']
    assert sorted(properties()) == sorted(FIELDS)
    # The keywords of sanitize_path are the same names, in the same order.
    text = sanitize_path.__text_signature__
    assert re.findall(r'(\w+)=', text) == ['options'] + FIELDS


def test_the_defaults_are_those_of_the_cpp_struct():
    options = PathOptions()
    assert {name: getattr(options, name) for name in FIELDS} == DEFAULTS
    assert options.max_depth == 32 and options.max_length == 4096
    assert repr(options) == 'PathOptions()'


# Inputs around every default: what sanitize_path does without options.
CORPUS = [
    '', '.', 'a', 'a/./b//c', 'a/../b', '../a', '/etc/passwd', 'C:/x',
    'a\\b', '.git/config', 'a%20b', 'a%2Fb', 'CON.txt', 'a./b', 'a|b',
    'Jose\u0301/x', '\u2024\u2024/x', '\uff21/b', 'a\x00b', 'ok/a\u200bb',
    b'/\xc0\xae./', b'caf\xc3\xa9', 'a/\udc80',
] + [
    # The bounds: max_depth segments, max_length bytes, and one more.
    '/'.join(['d'] * DEFAULTS['max_depth']),
    '/'.join(['d'] * (DEFAULTS['max_depth'] + 1)),
    path_of_length(DEFAULTS['max_length']),
    path_of_length(DEFAULTS['max_length'] + 1),
    'x' * (4 * DEFAULTS['max_length'] + 65),
]


def test_the_bounds_of_the_corpus_are_reached():
    depth, deeper, length, longer, huge = CORPUS[-5:]
    assert sanitize_path(depth) == depth
    assert sanitize_path(length) == length
    assert len(length) == DEFAULTS['max_length']
    assert outcome(lambda: sanitize_path(deeper))[2] == 'path/too_deep'
    assert outcome(lambda: sanitize_path(longer))[2] == 'path/too_long'
    assert outcome(lambda: sanitize_path(huge))[2] == 'path/too_long'


@pytest.mark.parametrize('path', CORPUS)
def test_default_options_do_what_no_options_do(path):
    expected = outcome(lambda: sanitize_path(path))
    assert outcome(lambda: sanitize_path(path, options=PathOptions())) == (
        expected)
    assert outcome(lambda: sanitize_path(path, options=None)) == expected
    assert outcome(lambda: sanitize_path(path, **DEFAULTS)) == expected
    assert outcome(lambda: sanitize_path(
        path, options=PathOptions(**DEFAULTS), **DEFAULTS)) == expected


LOWER = Profile('path-segment').replace(name='lower-segment',
                                        key_case_mapping='lower')

# For each field: a value other than the default, and the inputs whose
# outcome it changes.
CHANGES = {
    'backslash_is_separator': (True, ['a\\b', 'x\\..\\y']),
    'normalization': ('NFKC', ['\uff21/b', 'e\u0301/\u2460']),
    'percent_decode': (True, ['a%20b', 'a%2Fb', 'a%zz', 'x/%C0%AE/y']),
    'dot_dot': ('resolve', ['a/../b', '../a', 'a/b/../../..']),
    'leading_separator_is_root': (True, ['/etc/passwd', '//a', 'C:/x']),
    'root': ('/srv/www', ['a/b', '', 'a/../b']),
    'allow_hidden': (True, ['.git/config', '.well-known/x']),
    'windows': (True, ['CON.txt', 'a./b', 'a|b', 'a\\b']),
    'max_depth': (2, ['a/b', 'a/b/c', 'a/b/../c/d']),
    'max_length': (3, ['abc', 'abcd', 'a/b']),
    'segment_profile': (LOWER, ['A/B', 'Stra\u00dfe']),
}


def test_every_field_has_a_change():
    assert sorted(CHANGES) == sorted(FIELDS)


@pytest.mark.parametrize('field', FIELDS)
def test_each_field_does_what_its_keyword_does(field):
    value, inputs = CHANGES[field]
    options = PathOptions(**{field: value})
    assert getattr(options, field) == value
    assert repr(options) == 'PathOptions(%s=%r)' % (field, value)
    changed = 0
    for path in inputs + CORPUS[:20]:
        by_keyword = outcome(lambda: sanitize_path(path, **{field: value}))
        assert outcome(lambda: sanitize_path(path, options=options)) == (
            by_keyword), path
        # Both at once, agreeing.
        assert outcome(lambda: sanitize_path(path, options=options,
                                             **{field: value})) == by_keyword
        # replace() of the defaults is the same object.
        assert PathOptions().replace(**{field: value}) == options
        if by_keyword != outcome(lambda: sanitize_path(path)):
            changed += 1
    assert changed >= 1, field


@pytest.mark.parametrize('field', FIELDS)
def test_a_keyword_that_contradicts_the_options_is_a_type_error(field):
    value, _ = CHANGES[field]
    options = PathOptions(**{field: value})
    with pytest.raises(TypeError) as info:
        sanitize_path('a', options=options, **{field: DEFAULTS[field]})
    message = str(info.value)
    assert 'sanitize_path()' in message and 'conflict' in message
    assert message.count(field) == 2
    # And the other way round: a default options object and the keyword.
    with pytest.raises(TypeError):
        sanitize_path('a', options=PathOptions(), **{field: value})


def test_keywords_that_agree_or_set_other_fields_combine():
    web = PathOptions(dot_dot='resolve', root='/srv/www')
    assert sanitize_path('a/../b', options=web) == '/srv/www/b'
    assert sanitize_path('a/../b', options=web, dot_dot='resolve') == (
        '/srv/www/b')
    assert sanitize_path('a/../b', options=web, root=b'/srv/www') == (
        '/srv/www/b')
    # A field the options leave at its default is theirs too: a keyword
    # that differs conflicts; replace() makes the options wanted.
    with pytest.raises(TypeError, match='allow_hidden'):
        sanitize_path('.x/a', options=web, allow_hidden=True)
    assert sanitize_path('.x/a', options=web.replace(allow_hidden=True)) == (
        '/srv/www/.x/a')
    with pytest.raises(TypeError, match='root'):
        sanitize_path('a', options=web, root='/srv/other')
    # The segment profile agrees by value, given by name or as a Profile.
    nick = PathOptions(segment_profile='nickname')
    assert sanitize_path('A', options=nick,
                         segment_profile=Profile('nickname')) == 'a'


def test_the_options_are_immutable():
    options = PathOptions(max_depth=5)
    for field in FIELDS:
        with pytest.raises(AttributeError):
            setattr(options, field, DEFAULTS[field])
        with pytest.raises(AttributeError):
            delattr(options, field)
    with pytest.raises(AttributeError):
        options.extra = 1
    assert options.max_depth == 5
    changed = options.replace(max_depth=6, windows=True)
    assert (options.max_depth, options.windows) == (5, False)
    assert (changed.max_depth, changed.windows) == (6, True)
    assert options.replace() == options


def test_equality_hash_copy_and_pickle():
    a = PathOptions(dot_dot='resolve', root='/srv', segment_profile='nickname')
    b = PathOptions(root=b'/srv', segment_profile=Profile('nickname'),
                    dot_dot='resolve')
    assert a == b and hash(a) == hash(b) and not a != b
    assert a != PathOptions() and a != 'PathOptions()' and a != None  # noqa
    assert len({a, b, PathOptions(), PathOptions()}) == 2
    for c in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert c == a and hash(c) == hash(a)
    assert pickle.loads(pickle.dumps(PathOptions())) == PathOptions()


def test_repr_names_the_fields_that_differ_from_the_defaults():
    assert repr(PathOptions(dot_dot='resolve', root='/srv/www')) == (
        "PathOptions(dot_dot='resolve', root='/srv/www')")
    assert repr(PathOptions(max_depth=32, windows=False)) == 'PathOptions()'
    assert repr(PathOptions(root=b'/\xff')) == "PathOptions(root=b'/\\xff')"
    assert repr(PathOptions(segment_profile='nickname')) == (
        "PathOptions(segment_profile=<u8guard.Profile 'nickname'>)")
    options = PathOptions(percent_decode=True, normalization='NFKC',
                          max_length=100)
    assert eval(repr(options), {'PathOptions': PathOptions}) == options


def test_bad_fields():
    with pytest.raises(TypeError, match="unexpected keyword argument 'depth'"):
        PathOptions(depth=3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'x'"):
        PathOptions().replace(x=1)
    with pytest.raises(TypeError):
        PathOptions(True)  # keywords only
    with pytest.raises(TypeError, match='max_depth'):
        PathOptions(max_depth='3')
    with pytest.raises(TypeError, match='max_length'):
        PathOptions(max_length=-1)
    with pytest.raises(TypeError, match='normalization'):
        PathOptions(normalization=3)
    with pytest.raises(TypeError, match='root'):
        PathOptions(root=3)
    for field, value in (('normalization', 'bogus'), ('dot_dot', 'ignore')):
        with pytest.raises(ValueError) as info:
            PathOptions(**{field: value})
        assert not isinstance(info.value, Rejected)
    with pytest.raises(LookupError):
        PathOptions(segment_profile='nope')
    with pytest.raises(TypeError):
        PathOptions(segment_profile=42)
    with pytest.raises(TypeError, match='PathOptions'):
        sanitize_path('a', options={'dot_dot': 'resolve'})
    with pytest.raises(TypeError, match="unexpected keyword argument 'x'"):
        sanitize_path('a', options=PathOptions(), x=1)
    # What the options mean is the call's to judge, as in C++.
    relative = PathOptions(root='relative')
    with pytest.raises(ValueError) as info:
        sanitize_path('a', options=relative)
    assert not isinstance(info.value, Rejected)
    assert outcome(lambda: sanitize_path('a', options=relative)) == outcome(
        lambda: sanitize_path('a', root='relative'))


def test_the_beneath_functions_take_options(tmp_path):
    (tmp_path / 'a').mkdir()
    (tmp_path / 'a' / 'f.txt').write_text('hi')
    up = PathOptions(dot_dot='resolve')
    with u8guard.open_beneath(str(tmp_path), 'a/x/../f.txt', options=up) as f:
        assert f.read() == 'hi'
    with u8guard.open_beneath(str(tmp_path), 'a/x/../f.txt',
                              dot_dot='resolve') as f:
        assert f.read() == 'hi'
    with pytest.raises(Rejected) as info:
        u8guard.open_beneath(str(tmp_path), 'a/x/../f.txt')
    assert info.value.rule == 'path/dot_dot'
    fd = u8guard.open_beneath_fd(str(tmp_path), 'a/x/../f.txt', options=up,
                                 dot_dot='resolve')
    os.close(fd)
    with pytest.raises(TypeError, match='conflict'):
        u8guard.open_beneath_fd(str(tmp_path), 'a/f.txt', options=up,
                                dot_dot='reject')
    u8guard.mkdir_beneath(str(tmp_path), 'a/x/../d', options=up)
    assert (tmp_path / 'a' / 'd').is_dir()
    fd = u8guard.create_beneath_fd(str(tmp_path), 'a/d/../n.txt', options=up)
    os.close(fd)
    assert (tmp_path / 'a' / 'n.txt').is_file()
    # The root is the root argument, never the options'.
    with pytest.raises(ValueError, match='root'):
        u8guard.open_beneath_fd(str(tmp_path), 'a/f.txt',
                                options=PathOptions(root='/srv'))
    with pytest.raises(TypeError):
        u8guard.open_beneath_fd(str(tmp_path), 'a/f.txt', root='/srv')
    with pytest.raises(TypeError, match='PathOptions'):
        u8guard.open_beneath_fd(str(tmp_path), 'a/f.txt', options=42)
