# SPDX-License-Identifier: Apache-2.0
"""u8guard.Profile.lookalike_keys: the look-alike keys of a name
(LookalikeSkeletons in C++, `u8guard skeleton --lookalike-keys`)."""

import os
import subprocess

import pytest

from conftest import BUILD_DIR
import u8guard
from u8guard import Profile, Rejected

CLI = os.path.join(BUILD_DIR, 'u8guard')


@pytest.fixture(name='user')
def fixture_user():
    return Profile('username-case-mapped')


def shares_a_key(a, b):
    """True when the lists of keys a and b have a key in common."""
    return bool(set(a) & set(b))


def test_types_follow_the_input(user):
    keys = user.lookalike_keys('R00T')
    assert isinstance(keys, list)
    assert 1 <= len(keys) <= 3
    assert all(type(k) is str for k in keys)
    raw = user.lookalike_keys(b'R00T')
    assert all(type(k) is bytes for k in raw)
    assert raw == [k.encode() for k in keys]
    assert user.lookalike_keys(bytearray(b'R00T')) == raw
    assert user.lookalike_keys(memoryview(b'R00T')) == raw


def test_every_spelling_of_one_account_gets_the_same_keys(user):
    keys = user.lookalike_keys('R00T')
    assert user.lookalike_keys('r00t') == keys
    assert user.lookalike_keys('R00t') == keys
    # The first key is the key's skeleton.
    assert keys[0] == user.skeleton('R00T')


def test_capital_i_shares_a_key_with_l(user):
    # The skeletons differ ("paypaI" keeps its i), the keys do not.
    assert user.skeleton('paypaI') != user.skeleton('paypal')
    assert shares_a_key(user.lookalike_keys('paypaI'),
                        user.lookalike_keys('paypal'))
    assert shares_a_key(user.lookalike_keys('p\u0430ypal'),
                        user.lookalike_keys('paypal'))
    assert not shares_a_key(user.lookalike_keys('alice'),
                            user.lookalike_keys('bob'))


def test_rejections_raise_with_the_offset(user):
    with pytest.raises(Rejected) as info:
        user.lookalike_keys('al\u200bice')
    assert info.value.rule == 'DISALLOWED/precis_ignorable_properties'
    assert info.value.offset == 2
    assert info.value.index == 2
    # An index into a str counts code points, the offset UTF-8 bytes.
    with pytest.raises(Rejected) as info:
        user.lookalike_keys('\u00e9a b')
    assert info.value.rule == 'DISALLOWED/spaces'
    assert info.value.offset == 3
    assert info.value.index == 2
    with pytest.raises(Rejected) as info:
        user.lookalike_keys(b'ok\xc0\xaf')
    assert info.value.rule == 'utf8/overlong'
    assert info.value.offset == 2
    with pytest.raises(Rejected) as info:
        user.lookalike_keys('a\ud800')
    assert info.value.rule == 'utf8/surrogate'
    with pytest.raises(TypeError):
        user.lookalike_keys(42)


@pytest.mark.skipif(not os.access(CLI, os.X_OK),
                    reason='no u8guard CLI at %s' % CLI)
def test_agrees_with_the_cli(user):
    names = ['paypaI', 'paypal', 'R00T', 'r00t', 'R00t', 'admin', 'Ian']
    out = subprocess.run(
        [CLI, 'skeleton', '--profile=username-case-mapped',
         '--lookalike-keys', '--'] + names,
        check=True, stdout=subprocess.PIPE).stdout.decode()
    lines = out.split('\n')
    assert lines.pop() == ''
    assert [line.split('\t') for line in lines] == [
        user.lookalike_keys(name) for name in names
    ]


def test_build_tables_changes_no_answer(user):
    # Names with accents, other scripts, mixed scripts and digits: their
    # look-alike keys and restriction levels before and after the tables.
    names = ['paypal', 'P\u00e1ypal', '\u0142ukasz.m\u00fcller',
             '\u0434\u043c\u0438\u0442\u0440\u0438\u0439', 'p\u0430ypal',
             '\u5c71\u7530\u3072\u308d', 'r\u0101m\u0967\u0968']

    def ask():
        return [(user.lookalike_keys(n), user.restriction_level(n))
                for n in names]

    before = ask()
    assert u8guard.build_tables() is None
    u8guard.build_tables()  # a second call returns at once
    assert ask() == before
