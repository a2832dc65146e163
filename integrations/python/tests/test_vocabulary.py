# SPDX-License-Identifier: Apache-2.0
"""The names of docs/vocabulary.md and the old names kept beside them: each
old name is the very object of its new name (one implementation), so it
gives the same results and raises the same exceptions for every input."""

import os
import re

import pytest

from conftest import ROOT
from u8guard import (AclFinding, AllowList, DenyList, Profile, Rejected,
                     RegistrationPolicy)

USERS_ACL = os.path.join(ROOT, 'examples', 'acl', 'users.acl')
POLICY = os.path.join(ROOT, 'policies', 'nickname.toml')
STUB = os.path.join(ROOT, 'integrations', 'python', 'u8guard',
                    '_u8guard.pyi')

# (class, new name, old name): the aliases docs/python.md lists.
ALIASES = [
    (Profile, 'key', 'canonicalize'),
    (Profile, 'load', 'from_file'),
    (Profile, 'parse', 'from_toml'),
    (AllowList, 'load', 'from_file'),
    (AllowList, 'parse', 'from_text'),
    (DenyList, 'load', 'from_file'),
    (DenyList, 'parse', 'from_text'),
    (RegistrationPolicy, 'parse', 'from_toml'),
    (AclFinding, 'restriction_level', 'level'),
]
IDS = ['%s.%s' % (cls.__name__, old) for cls, _, old in ALIASES]


@pytest.mark.parametrize('cls,new,old', ALIASES, ids=IDS)
def test_the_old_name_is_the_same_object(cls, new, old):
    assert getattr(cls, old) is getattr(cls, new)
    assert vars(cls)[old] is vars(cls)[new]


@pytest.mark.parametrize('cls,new,old', ALIASES, ids=IDS)
def test_the_stub_types_the_alias_as_its_new_name(cls, new, old):
    with open(STUB, encoding='utf-8') as f:
        stub = f.read()
    body = re.search(r'\nclass %s\b.*?(?=\nclass |\Z)' % cls.__name__, stub,
                     re.S).group(0)

    def signatures(name):
        found = re.findall(r'\n((?:    @\w+\n)*)    def %s(\(.*?\) -> [^:]+):'
                           % name, body, re.S)
        return [(d, re.sub(r'\s+', ' ', s)) for d, s in found]

    assert signatures(old) and signatures(old) == signatures(new)
    alias_doc = '"""Alias of %s.%s (the same ' % (cls.__name__, new)
    assert body.count(alias_doc) == len(signatures(old))


# Names: accepted, mapped, rejected (each rule's fields compared), of both
# types, and what is no text.
NAMES = [
    'Admin', '\uff21\uff24\uff2d\uff29\uff2e', 'Kevin', '\u212aevin',
    'jos\u00e9', 'Jose\u0301', 'Stra\u00dfe', 'p\u0430ypal', 'rnike',
    '\u03a3\u03bf\u03c6\u03af\u03b1', '', ' ', 'a b', 'al\u200bice',
    '\u2163', 'x' * 5000, 'a\ud800', '\ufeffbom', '\u0661\u0662', 'A\u0308',
    b'Admin', b'al\xc0\xafice', b'\xff', b'', bytearray(b'mike'),
    memoryview(b'MIKE'), None, 42,
]
PROFILES = ['username-case-mapped', 'username-case-preserved', 'nickname',
            'opaque-string', 'path-segment', 'identifier-class']


def outcome(call):
    """('ok', result) or ('raised', the exception's type and fields)."""
    try:
        return ('ok', call())
    except Rejected as e:
        return ('raised', Rejected, e.rule, e.rule_value, e.offset, e.index,
                e.code_point, e.source, e.profile, e.detail, e.bad_bytes,
                str(e))
    except (TypeError, ValueError, LookupError, OSError) as e:
        return ('raised', type(e), str(e))


@pytest.mark.parametrize('profile', PROFILES)
def test_key_and_canonicalize_agree_on_every_name(profile):
    p = Profile(profile)
    rejected = 0
    for name in NAMES:
        key = outcome(lambda: p.key(name))
        assert outcome(lambda: p.canonicalize(name)) == key, name
        assert outcome(lambda: Profile.canonicalize(p, name)) == key, name
        rejected += key[0] == 'raised'
    assert rejected >= 5
    assert p.key('Kevin') == p.canonicalize('Kevin')


def acl_sources(tmp_path):
    with open(USERS_ACL, 'rb') as f:
        text = f.read()
    written = tmp_path / 'list.acl'
    written.write_bytes(text + b'\n\xc0\xafbad\n#\n\xef\xbb\xbfbom\n')
    return [
        ('text', text), ('text', text.decode('utf-8', 'replace')),
        ('text', b'a\nb\n\xff\n'), ('text', ''), ('text', 'a\ud800\n'),
        ('text', 42), ('path', USERS_ACL), ('path', str(written)),
        ('path', os.fsencode(str(written))), ('path', written),
        ('path', str(tmp_path / 'missing.acl')), ('path', str(tmp_path)),
        ('path', 42),
    ]


def acl_view(acl):
    if acl[0] != 'ok':
        return acl
    a = acl[1]
    return ('ok', type(a), [(e.index, e.line, e.original, e.key)
                            for e in a.entries()],
            [(e.index, e.line, e.original, e.rejection.rule)
             for e in a.invalid_entries],
            a.entry_count, a.bom_entries, a.file_signature, a.mode,
            [(f.kind, f.line, f.restriction_level, f.level)
             for f in a.audit().findings],
            [a.grants(n) if hasattr(a, 'grants') else a.resembles(n)
             for n in ('admin', 'p\u0430ypal', 'rnike')].__repr__())


@pytest.mark.parametrize('cls', [AllowList, DenyList])
def test_acl_loaders_agree(cls, tmp_path):
    for kind, source in acl_sources(tmp_path):
        for profile in ('username-case-mapped', Profile('nickname'), 'nope'):
            if kind == 'text':
                new = outcome(lambda: cls.parse(profile, source))
                old = outcome(lambda: cls.from_text(profile, source))
            else:
                new = outcome(lambda: cls.load(profile, source))
                old = outcome(lambda: cls.from_file(profile, source))
            assert acl_view(old) == acl_view(new), (kind, source, profile)


def test_the_audit_findings_level_is_restriction_level():
    acl = AllowList.load('username-case-mapped', USERS_ACL)
    findings = acl.audit(max_restriction_level='ascii').findings
    levels = [(f.kind, f.restriction_level, f.level) for f in findings]
    assert ('mixed_script', 'minimally_restrictive',
            'minimally_restrictive') in levels
    assert all(new == old for _, new, old in levels)
    assert any(kind != 'mixed_script' and new is None
               for kind, new, _ in levels)


def profile_view(p):
    return p if p[0] != 'ok' else ('ok', p[1].to_toml(), p[1].name)


def test_profile_loaders_agree(tmp_path):
    with open(POLICY, encoding='utf-8') as f:
        toml = f.read()
    bad = tmp_path / 'bad.toml'
    bad.write_text('name = "x"\nstring_class = "nope"\n')
    paths = [POLICY, os.fsencode(POLICY), bad, str(tmp_path / 'missing'),
             str(tmp_path), None]
    for path in paths:
        assert profile_view(outcome(lambda: Profile.from_file(path))) == (
            profile_view(outcome(lambda: Profile.load(path)))), path
    texts = [toml, toml.encode(), Profile('opaque-string').to_toml(), '',
             'name = "x"\n', 'name = "x"\nwidth_mapping = 3\n', '[[', b'\xff',
             'name = "a\ud800"\n', None]
    for text in texts:
        for args in ((text,), (text, 'my.toml')):
            assert profile_view(outcome(lambda: Profile.from_toml(*args))) == (
                profile_view(outcome(lambda: Profile.parse(*args)))), text
    assert Profile.parse(toml) == Profile.load(POLICY)


def test_registration_policy_parse_and_from_toml_agree(tmp_path):
    (tmp_path / 'names.txt').write_text('acme\n')
    texts = ['', 'protected_names = ["widget"]\n',
             'protected_names_file = "names.txt"\n',
             'protected_names_file = "missing.txt"\n',
             'confusable_exemptions = ["rn_m"]\n',
             'confusable_exemptions = ["nope"]\n',
             'max_restriction_level = "ascii"\n', 'bogus = 1\n', '[[',
             b'protected_names = ["x"]\n', None]
    for text in texts:
        for args in ((text,), (text, str(tmp_path / 'p.toml'))):
            new = outcome(lambda: RegistrationPolicy.parse(*args))
            old = outcome(lambda: RegistrationPolicy.from_toml(*args))
            assert old == new, text
    assert RegistrationPolicy.parse('') == RegistrationPolicy()
