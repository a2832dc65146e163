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
                                  exempt))['lookalike_keys'] == ['modern']
    # The bidi override is escaped: the line shows nothing reordered.
    assert '\u202e' not in name_record(USER, '\u202eabc')


def test_own_records_are_unchanged():
    lines = export_records(USER, ['alice', 'Alice', 'p\u0430ypal', 'a b'])
    assert len(lines) == 4
    v = verify_records(USER, lines)
    assert v and v.changes == []
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
