# SPDX-License-Identifier: Apache-2.0
"""u8guard.name_record, export_records and verify_records: what an upgrade
of ICU changes in the stored names (upgrade.h). The records an older ICU
wrote are made here by editing the running one's."""

import json

import pytest

import u8guard
from u8guard import (RegistrationPolicy, export_records, name_record,
                     verify_records)

USER = 'username-case-mapped'


def test_name_record():
    record = json.loads(name_record(USER, 'Alice'))
    assert record == {
        'name': 'Alice', 'profile': USER, 'valid': True, 'key': 'alice',
        'lookalike_keys': ['alice', 'allce'],
        'version_tag': u8guard.version_tag()}
    rejected = json.loads(name_record(USER, b'a b'))
    assert rejected['valid'] is False
    assert rejected['rule'] == 'DISALLOWED/spaces'
    assert json.loads(name_record(USER, b'\xff'))['name_hex'] == 'ff'
    # An exemption shapes the look-alike keys.
    exempt = RegistrationPolicy(exemptions=['rn_m'])
    assert json.loads(name_record(USER, 'modern'))['lookalike_keys'] == [
        'rnodern']
    assert json.loads(name_record(USER, 'modern',
                                  policy=exempt))['lookalike_keys'] == [
                                      'modern']
    # The bidi override is escaped: the line shows nothing reordered.
    assert '\u202e' not in name_record(USER, '\u202eabc')


def test_own_records_are_unchanged():
    lines = export_records(USER, ['alice', 'Alice', 'p\u0430ypal', 'a b'])
    assert len(lines) == 4
    v = verify_records(USER, lines)
    assert v and v.changes == [] and v.groups == []
    assert (v.new_collision_pairs, v.new_lookalike_pairs) == (0, 0)
    assert (v.records, v.valid, v.changed_names) == (4, 3, 0)
    assert v.record_version_tags == [v.version_tag]
    assert verify_records(USER, '\n'.join(lines)).records == 4
    assert verify_records(USER, '\n'.join(lines).encode()).records == 4


def old(name, **changes):
    record = json.loads(name_record(USER, name))
    record['version_tag'] = 'u8guard-0.0.1+icu-70.1+unicode-14.0'
    for key, value in changes.items():
        if value is None:
            record.pop(key, None)
        else:
            record[key] = value
    return json.dumps(record, ensure_ascii=False)


def test_every_change():
    records = [
        old('bob', key='b0b'),
        old('carol', lookalike_keys=['carol', 'caro1']),
        old('a b', valid=True, rule=None, key='a b', lookalike_keys=['a b']),
        old('dave', valid=False, rule='DISALLOWED/unassigned', key=None,
            lookalike_keys=None),
        old('Erin'),
        old('ERIN', key='erin-old', lookalike_keys=['erin-old']),
        old('paypal'),
        old('p\u0430ypal', lookalike_keys=['p-old']),
    ]
    v = verify_records(USER, records)
    assert not v
    found = [(c.kind, c.line, c.name, c.other_name) for c in v.changes]
    assert found == [
        ('key_changed', 1, 'bob', ''),
        ('lookalike_keys_changed', 2, 'carol', ''),
        ('now_rejected', 3, 'a b', ''),
        ('now_accepted', 4, 'dave', ''),
        ('key_changed', 6, 'ERIN', ''),
        ('new_collision', 6, 'ERIN', 'Erin'),
        ('lookalike_keys_changed', 8, 'p\u0430ypal', ''),
        ('new_lookalike', 8, 'p\u0430ypal', 'paypal'),
    ]
    assert (v.changes[0].old_key, v.changes[0].new_key) == ('b0b', 'bob')
    assert v.changes[1].old_lookalike_keys == ['carol', 'caro1']
    assert v.changes[2].rule == 'DISALLOWED/spaces'
    assert (v.changes[5].other_line, v.changes[5].shared_key) == (5, 'erin')
    assert v.changes[7].shared_key == 'paypal'
    assert v.changed_names == 6
    assert v.record_version_tags == ['u8guard-0.0.1+icu-70.1+unicode-14.0']
    assert repr(v.changes[0]) == 'RecordChange(key_changed, line 1)'


def new_pairs(groups, kind):
    """The new pairs (by line) that the groups of `kind` give, by the rule
    RecordGroup states: what a reader of the groups does."""
    pairs = set()
    for g in groups:
        if g.kind != kind:
            continue
        for i, a in enumerate(g.members):
            for b in g.members[i + 1:]:
                if kind == 'lookalike_group' and a.new_key == b.new_key:
                    continue
                if a.was_valid and b.was_valid and (
                        a.old_key == b.old_key or
                        (kind == 'lookalike_group' and
                         set(a.old_lookalike_keys) & set(
                             b.old_lookalike_keys))):
                    continue
                pairs.add((a.line, b.line))
    return pairs


def test_groups_have_the_pairs_the_summary_misses():
    # upgrade_test.cc's VerifyGroups cases. pa(Cyrillic a)ypal, paypal and
    # (Cyrillic r)aypal all look like paypal now; the first and the third
    # shared the look-alike key thorn-aypal before, so the summary compares
    # the third with the first only: (Cyrillic r)aypal ~ paypal is lost.
    # Erin and ERIN had one key, erin another; now all three have "erin":
    # the summary has erin ~ Erin only.
    thorn = '\u00feaypal'
    records = [
        old('p\u0430ypal', lookalike_keys=[thorn]),
        old('paypal'),
        old('\u0440aypal', lookalike_keys=[thorn]),
        old('Erin', key='e-old'),
        old('ERIN', key='e-old'),
        old('erin'),
    ]
    v = verify_records(USER, records)
    assert not v
    summary = [(c.kind, c.line, c.other_line) for c in v.changes
               if c.kind in ('new_collision', 'new_lookalike')]
    assert summary == [('new_lookalike', 2, 1), ('new_collision', 6, 4)]
    assert (v.new_collision_pairs, v.new_lookalike_pairs) == (2, 2)
    assert [(g.kind, g.key, g.new_pairs) for g in v.groups] == [
        ('collision_group', 'erin', 2), ('lookalike_group', 'paypal', 2)]
    collision, lookalike = v.groups
    assert [(m.line, m.name, m.new_to_group, m.new_partners)
            for m in collision.members] == [(4, 'Erin', True, 1),
                                            (5, 'ERIN', True, 1),
                                            (6, 'erin', False, 2)]
    erin = collision.members[0]
    assert (erin.new_key, erin.was_valid, erin.old_key) == ('erin', True,
                                                            'e-old')
    assert erin.old_lookalike_keys == ['erin', 'erln']
    assert [(m.line, m.new_to_group, m.new_partners)
            for m in lookalike.members] == [(1, True, 1), (2, False, 2),
                                            (3, True, 1)]
    r = lookalike.members[2]
    assert (r.name, r.new_key, r.old_key) == ('\u0440aypal',) * 3
    assert r.old_lookalike_keys == [thorn]
    # The pairs the summary missed are in the groups.
    assert new_pairs(v.groups, 'collision_group') == {(4, 6), (5, 6)}
    assert new_pairs(v.groups, 'lookalike_group') == {(1, 2), (2, 3)}
    assert repr(collision) == (
        'RecordGroup(collision_group, 3 members, 2 new pairs)')
    assert repr(erin) == 'RecordGroupMember(line 4)'


def test_a_rejected_member():
    v = verify_records(USER, [
        old('zoe'),
        old('ZOE', valid=False, rule='DISALLOWED/unassigned', key=None,
            lookalike_keys=None),
        old('Zoe', key='zoe-old', lookalike_keys=['zoe-old']),
    ])
    assert len(v.groups) == 1
    zoe = v.groups[0].members[1]
    assert (zoe.name, zoe.was_valid, zoe.old_key, zoe.old_lookalike_keys,
            zoe.new_to_group) == ('ZOE', False, '', [], True)
    assert new_pairs(v.groups, 'collision_group') == {(1, 2), (1, 3), (2, 3)}
    assert (v.new_collision_pairs, v.new_lookalike_pairs) == (3, 0)


def test_errors():
    good = name_record(USER, 'alice')
    with pytest.raises(ValueError, match='line 3: column 1'):
        verify_records(USER, [good, '', 'x'])
    with pytest.raises(ValueError, match='a record of profile'):
        verify_records('nickname', [good])
    with pytest.raises(TypeError):
        verify_records(USER, 5)
    with pytest.raises(TypeError):
        name_record(USER, 'alice', policy='default')
    with pytest.raises(LookupError):
        name_record('no-such-profile', 'alice')
