# SPDX-License-Identifier: Apache-2.0
"""u8guard.AllowList and u8guard.DenyList: lookups, invalid entries, audits."""

import os

import pytest

import u8guard
from conftest import ROOT
from u8guard import AllowList, DenyList, Profile, Rejected

USERS_ACL = os.path.join(ROOT, 'examples', 'acl', 'users.acl')


@pytest.fixture(name='users')
def fixture_users():
    return AllowList.from_file('username-case-mapped', USERS_ACL)


def test_allow_list_grants_on_canonical_equality_only():
    acl = AllowList(Profile('username-case-mapped'),
                    ['Admin', 'paypal', b'mike'])
    hit = acl.grants('\uff41\uff44\uff4d\uff49\uff4e')
    assert hit
    assert hit.match.index == 0 and hit.match.line == 0
    assert (hit.match.original, hit.match.key) == ('Admin', 'admin')
    assert hit.rejection is None
    assert acl.grants(b'MIKE').match.original == 'mike'
    # A look-alike never grants.
    assert not acl.grants('p\u0430ypal')
    assert acl.grants('p\u0430ypal').match is None
    assert 'ADMIN' in acl and b'paypal' in acl
    assert 'nobody' not in acl and 'p\u0430ypal' not in acl


def test_rejected_credentials_match_nothing_and_say_why():
    acl = AllowList('username-case-mapped', ['alice'])
    r = acl.grants('al\u200bice')
    assert not r and r.match is None
    assert isinstance(r.rejection, Rejected)
    assert (r.rejection.rule, r.rejection.offset,
            r.rejection.index) == ('DISALLOWED/precis_ignorable_properties',
                                   2, 2)
    r = acl.grants('\u00e9 x')
    assert (r.rejection.rule, r.rejection.offset,
            r.rejection.index) == ('DISALLOWED/spaces', 2, 1)
    r = acl.grants(b'al\xc0\xafice')
    assert r.rejection.rule == 'utf8/overlong'
    r = acl.grants('alice\ud800')
    assert (r.rejection.rule, r.rejection.index) == ('utf8/surrogate', 5)
    assert 'al\u200bice' not in acl and 'alice\ud800' not in acl
    with pytest.raises(TypeError):
        acl.grants(None)
    with pytest.raises(TypeError):
        assert 3 in acl
    with pytest.raises(TypeError, match='no keyword arguments'):
        acl.grants(credential='alice')
    with pytest.raises(TypeError, match="doesn't apply"):
        AllowList.grants(DenyList('nickname', []), 'x')


def test_deny_list_finds_look_alikes():
    deny = DenyList('username-case-mapped', ['paypal', 'admin', 'mike'])
    assert deny.resembles('p\u0430ypal').match.original == 'paypal'
    assert deny.resembles('PAYPAL').match.original == 'paypal'  # exact too
    assert deny.resembles('rnike').match.original == 'mike'
    assert deny.resembles('m\u0131ke').match.original == 'mike'
    assert not deny.resembles('alice')
    assert 'p\u0430ypal' in deny and 'alice' not in deny
    r = deny.resembles('a b')
    assert not r and r.rejection.rule == 'DISALLOWED/spaces'
    assert not hasattr(deny, 'grants') and not hasattr(AllowList, 'resembles')
    assert (deny.mode, AllowList('nickname', []).mode) == ('skeleton', 'exact')


def test_the_example_acl_file(users):
    assert (len(users), users.entry_count) == (30, 33)
    assert users.file_signature is False
    assert users.bom_entries == [29]
    assert users.profile == Profile('username-case-mapped')
    assert users.icu_version == u8guard.icu_version()
    assert users.unicode_version == u8guard.unicode_version()
    assert users.memory_usage > 0
    assert repr(users) == ("<u8guard.AllowList 30 entries, profile "
                           "'username-case-mapped'>")
    invalid = users.invalid_entries
    assert [(e.index, e.line, e.original, e.rejection.rule)
            for e in invalid] == [
                (28, 34, 'al\u200bice'.encode(),
                 'DISALLOWED/precis_ignorable_properties'),
                (29, 35, b'\xef\xbb\xbfwalter', 'bom_not_allowed'),
                (30, 36, b'svc\xc0\xaebackup', 'utf8/overlong'),
            ]
    assert invalid[2].rejection.offset == 3
    entries = users.entries()
    assert len(entries) == 30
    assert entries[0] == users.grants('ADMIN').match
    assert entries[0].line == 4 and entries[-1].original == 'yusuf'
    assert users.grants('\u212aevin').match.line == 15  # the first kevin
    assert users.grants('Jose\u0301').match.original == 'jos\u00e9'


def test_audit_of_the_example_acl_file(users):
    audit = users.audit()
    assert (audit.profile, audit.entries, audit.valid_entries) == (
        'username-case-mapped', 33, 30)
    assert audit.icu_version == u8guard.icu_version()
    got = [(f.kind, f.line) for f in audit.findings]
    assert got == [('collision', 31), ('collision', 32), ('lookalike', 33),
                   ('mixed_script', 33), ('invalid', 34), ('bom', 35),
                   ('invalid', 35), ('invalid', 36), ('collision', 37)]
    collision = audit.findings[0]
    assert collision.original == '\uff21\uff24\uff2d\uff29\uff2e'.encode()
    assert (collision.key, collision.other_line, collision.other_original,
            collision.other_key) == ('admin', 4, b'admin', 'admin')
    assert collision.skeleton is None and collision.rejection is None
    lookalike = audit.findings[2]
    assert (lookalike.key, lookalike.other_key,
            lookalike.skeleton) == ('p\u0430ypal', 'paypal', 'paypal')
    assert audit.findings[3].level == 'minimally_restrictive'
    assert audit.findings[4].rejection.rule == (
        'DISALLOWED/precis_ignorable_properties')
    assert audit.findings[4].key is None
    assert audit.findings[4].other_index is None
    # A looser bound: the Latin+Cyrillic name is still reported.
    loose = users.audit(max_restriction_level='moderately_restrictive')
    assert [f.kind for f in loose.findings].count('mixed_script') == 1
    none = users.audit(max_restriction_level='unrestrictive')
    assert [f.kind for f in none.findings].count('mixed_script') == 0
    with pytest.raises(ValueError):
        users.audit(max_restriction_level='lenient')


def test_audit_file_gives_the_audit_of_the_loaded_list(users, tmp_path):
    want = users.audit(max_restriction_level='moderately_restrictive')
    for budget, temp_dir in ((0, None), (4096, tmp_path), (1 << 26, None)):
        got = u8guard.audit_file(
            'username-case-mapped', USERS_ACL,
            max_restriction_level='moderately_restrictive',
            memory_budget=budget, temp_dir=temp_dir)
        assert (got.profile, got.entries, got.valid_entries) == (
            want.profile, want.entries, want.valid_entries)
        assert [(f.kind, f.index, f.line, f.original, f.key, f.other_line,
                 f.skeleton, f.restriction_level,
                 f.rejection.rule if f.rejection else None)
                for f in got.findings] == [
            (f.kind, f.index, f.line, f.original, f.key, f.other_line,
             f.skeleton, f.restriction_level,
             f.rejection.rule if f.rejection else None)
            for f in want.findings]
    assert os.listdir(tmp_path) == []  # no temporary file left
    with pytest.raises(OSError):
        u8guard.audit_file('username-case-mapped', tmp_path / 'missing.acl')
    with pytest.raises(ValueError):
        u8guard.audit_file('username-case-mapped', USERS_ACL,
                           max_restriction_level='lenient')


def test_audit_reports_mixed_numbers():
    # Devanagari one beside ASCII 2; Devanagari and ASCII digits alone.
    acl = AllowList('username-case-mapped',
                    ['room101', '\u0930\u093e\u092e\u0967\u0968',
                     '\u0930\u093e\u092e\u09672'])
    findings = acl.audit().findings
    assert [(f.kind, f.index) for f in findings] == [('mixed_numbers', 2)]
    assert findings[0].key == '\u0930\u093e\u092e\u09672'
    assert findings[0].restriction_level is None


def test_from_text_and_file_signature():
    text = '\ufeffalice\n# comment\n\n  \nBob\r\nalice \n'
    acl = AllowList.from_text('username-case-mapped', text)
    assert acl.file_signature
    assert acl.entry_count == 3 and len(acl) == 2
    assert acl.grants('bob').match.line == 5
    assert acl.invalid_entries[0].original == b'alice '
    assert acl.invalid_entries[0].original_size == 6
    kinds = [f.kind for f in acl.audit().findings]
    assert kinds == ['file_signature', 'invalid']
    deny = DenyList.from_text('nickname', b'Juliet\nRomeo\n')
    assert deny.resembles('JULIET').match.original == 'Juliet'


def test_an_entry_with_a_lone_surrogate_cannot_be_listed():
    with pytest.raises(Rejected) as info:
        AllowList('username-case-mapped', ['alice', 'b\udc80b'])
    assert (info.value.rule, info.value.index) == ('utf8/surrogate', 1)
    assert 'in ACL entry 1' in info.value.__notes__


def test_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match='missing.acl'):
        AllowList.from_file('username-case-mapped', tmp_path / 'missing.acl')
    with pytest.raises(OSError):
        DenyList.from_file('username-case-mapped', tmp_path)  # a directory
    with pytest.raises(LookupError):
        AllowList('no-such-profile', ['a'])
    with pytest.raises(TypeError, match='u8guard.Profile or a profile name'):
        AllowList(42, ['a'])
    with pytest.raises(TypeError):
        AllowList('nickname', ['a', 3])
    with pytest.raises(TypeError):
        AllowList('nickname', 3)
    path = tmp_path / 'names.acl'
    path.write_bytes(b'alice\nbob\n')
    assert len(DenyList.from_file(Profile('nickname'), str(path))) == 2


def test_entries_from_any_iterable():
    names = (n for n in ['alice', b'bob', bytearray(b'carol')])
    acl = AllowList('username-case-mapped', names)
    assert [e.original for e in acl.entries()] == ['alice', 'bob', 'carol']
    assert len(AllowList('username-case-mapped', [])) == 0


def test_a_long_invalid_entry_says_it_was_cut():
    # An index keeps the first 1,024 bytes of an invalid entry; original_size
    # tells the whole length, so that a caller can tell it was cut.
    acl = AllowList('username-case-mapped', [b'\x01' + b'a' * 2999])
    entry = acl.invalid_entries[0]
    assert (len(entry.original), entry.original_size) == (1024, 3000)
    finding = acl.audit().findings[0]
    assert finding.kind == 'invalid'
    assert (len(finding.original), finding.original_size) == (1024, 3000)
