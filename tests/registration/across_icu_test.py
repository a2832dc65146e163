#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Upgrade verification across two ICUs: exports the records of
tests/data/upgrade/names.txt with the u8guard of one ICU and verifies them
with the u8guard of another, as a service does across an upgrade.

    across_icu_test.py FROM_CLI TO_CLI NAMES

Then the same with every code point as a one-character name (what the
table "What ICU 72 to 78 changes" of docs/upgrading.md counts). FROM_CLI is
built against the older ICU (./dev test-icu passes build/u8guard, the
system's ICU), TO_CLI against the newer one. Both must verify their own
export unchanged. From Unicode 15.0 (ICU 72, 73) to 17.0 (ICU 78), the
verification must find exactly the changes listed below (and in that
table); for another pair of versions the changes are printed, and checked
for consistency only.
"""
import json
import os
import subprocess
import sys
import tempfile

PROFILE = 'username-case-mapped'

# (kind, name, other name) from Unicode 15.0 to 17.0: new capitals that fold
# onto existing letters (accepted now, colliding with the stored name),
# skeletons that change (thorn to p, palochka to l, sha to w, lambda with
# stroke), and UTS #39 dropping default-ignorables (the ZWJ) from skeletons.
EXPECTED_15_TO_17 = sorted([
    ('lookalike_keys_changed', '\u00feaypal', ''),
    ('new_lookalike', '\u00feaypal', 'paypal'),
    # (Its look-alike keys change, but it looked like paypal already: under
    # Unicode 15.0 its lowered form's skeleton was paypal.)
    ('lookalike_keys_changed', 'paypa\u04cf', ''),
    ('lookalike_keys_changed', '\u0448iki', ''),
    ('new_lookalike', '\u0448iki', 'wiki'),
    ('now_accepted', '\ua7d2x', ''),
    ('new_collision', '\ua7d2x', '\ua7d3x'),
    ('now_accepted', '\ua7cba', ''),
    ('new_collision', '\ua7cba', '\u0264a'),
    ('lookalike_keys_changed', '\u019bz', ''),
    ('now_accepted', '\ua7dcz', ''),
    ('new_collision', '\ua7dcz', '\u019bz'),
    ('now_accepted', '\ua7d4q', ''),
    ('new_collision', '\ua7d4q', '\ua7d5q'),
    ('lookalike_keys_changed', '\u0915\u094d\u200d', ''),
    ('new_lookalike', '\u0915\u094d\u200d', '\u0915\u094d'),
])


# Every code point as a one-character name, from Unicode 15.0 to 17.0: no
# key changes (the keys of what 15.0 assigns hold); 9,730 of the 10,615
# code points assigned since become valid; 228 valid ones get other
# look-alike keys; 55 new names collide with another (the new capitals that
# fold onto existing letters among them) and 193 now look like another they
# did not look like before. (Counted with ICU 78.3-2: the look-alike keys
# of a name's capitals and lowered forms, kept since these were first
# written as 227 and 196, already joined some of them under 15.0.)
EXPECTED_ALL_15_TO_17 = {
    'key_changed': 0, 'now_rejected': 0, 'now_accepted': 9730,
    'lookalike_keys_changed': 228, 'new_collision': 55, 'new_lookalike': 193,
}
NEW_CAPITALS = {(0xA7CB, 0x0264), (0xA7DC, 0x019B), (0xA7D2, 0xA7D3),
                (0xA7D4, 0xA7D5)}


def run(cli, *args):
    return subprocess.run([cli, *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)


def unicode_version(cli):
    out = run(cli, 'version', '--format=json')
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)['unicode']


def export(cli, names, path):
    out = run(cli, 'acl', 'export', f'--profile={PROFILE}', '--', names)
    assert out.returncode == 0, out.stderr.decode()
    with open(path, 'wb') as f:
        f.write(out.stdout)
    return out.stdout.decode().splitlines()


GROUP_KINDS = {'new_collision': 'collision_group',
               'new_lookalike': 'lookalike_group'}


def new_pair(kind, a, b):
    """Whether two members of a group of `kind` are a new pair (upgrade.h,
    RecordGroup)."""
    if kind == 'lookalike_group' and a['new_key'] == b['new_key']:
        return False
    if not a['was_valid'] or not b['was_valid']:
        return True
    if a['old_key'] == b['old_key']:
        return False
    return kind == 'collision_group' or not (
        set(a['old_lookalike_keys']) & set(b['old_lookalike_keys']))


def check_groups(changes, groups):
    """Every pair of the summary (new_collision, new_lookalike) is a new
    pair of the group of its shared key (the groups hold every new pair)."""
    by_key = {(g['kind'], g['shared_key']): g for g in groups}
    assert len(by_key) == len(groups), 'a group twice'
    for g in groups:
        lines = [m['line'] for m in g['members']]
        assert lines == sorted(set(lines)) and len(lines) >= 2, g
        assert g['new_pairs'] >= 1, g
        assert sum(m['new_partners'] for m in g['members']) == \
            2 * g['new_pairs'], g
    for c in changes:
        if c['kind'] not in GROUP_KINDS:
            continue
        g = by_key.get((GROUP_KINDS[c['kind']], c['shared_key']))
        assert g is not None, c
        members = {m['line']: m for m in g['members']}
        assert c['line'] in members and c['other_line'] in members, (c, g)
        assert new_pair(g['kind'], members[c['line']],
                        members[c['other_line']]), (c, g)


def verify(cli, records):
    out = run(cli, 'acl', 'verify', f'--profile={PROFILE}', '--format=json',
              '--', records)
    assert out.returncode in (0, 1), out.stderr.decode()
    lines = [json.loads(line) for line in out.stdout.decode().splitlines()]
    summary = lines[-1]
    assert summary['kind'] == 'summary', summary
    # The changes, then the groups (every pair that now shares a key).
    kinds = set(GROUP_KINDS.values())
    changes = [c for c in lines[:-1] if c['kind'] not in kinds]
    groups = [c for c in lines[:-1] if c['kind'] in kinds]
    assert lines[:-1] == changes + groups, 'groups before changes'
    assert out.returncode == (1 if changes or groups else 0), (
        out.returncode, changes)
    assert summary['changes'] == len(changes), summary
    assert summary['groups'] == len(groups), summary
    check_groups(changes, groups)
    return changes, summary


def check_all(old, new, changes, summary):
    """Checks the verification of every code point as a name."""
    counts = {kind: 0 for kind in EXPECTED_ALL_15_TO_17}
    for c in changes:
        counts[c['kind']] += 1
    print(f'every code point as a name: {json.dumps(counts)}')
    print(json.dumps(summary))
    # All but the surrogates, and LF, CR, tab, space and '#' (which the ACL
    # format reads as line ends, blank lines and comments).
    assert summary['records'] == 0x110000 - 2048 - 5, summary
    if old == new:
        assert changes == [], changes[:10]
        return
    if (old, new) != ('15.0', '17.0'):
        return
    assert counts == EXPECTED_ALL_15_TO_17, counts
    pairs = set()
    for c in changes:
        if c['kind'] == 'new_collision':
            pairs.add(frozenset((ord(c['name']), ord(c['other_name']))))
    for capital, letter in NEW_CAPITALS:
        assert frozenset((capital, letter)) in pairs, (hex(capital),
                                                       hex(letter))


def main():
    from_cli, to_cli, names = sys.argv[1:4]
    old, new = unicode_version(from_cli), unicode_version(to_cli)
    print(f'from Unicode {old} ({from_cli}) to Unicode {new} ({to_cli})')
    with tempfile.TemporaryDirectory() as tmp:
        old_records = os.path.join(tmp, 'old.jsonl')
        new_records = os.path.join(tmp, 'new.jsonl')
        exported = export(from_cli, names, old_records)
        export(to_cli, names, new_records)
        # Each ICU verifies its own records unchanged.
        for cli, records in ((from_cli, old_records), (to_cli, new_records)):
            changes, summary = verify(cli, records)
            assert changes == [], changes
            assert summary['record_version_tags'] == [summary['version_tag']]
        changes, summary = verify(to_cli, old_records)
        all_names = os.path.join(tmp, 'all.txt')
        with open(all_names, 'w', encoding='utf-8') as f:
            f.writelines(chr(cp) + '\n' for cp in range(0x110000)
                         if cp not in (0x0A, 0x0D)
                         and not 0xD800 <= cp <= 0xDFFF)
        export(from_cli, all_names, old_records)
        all_changes, all_summary = verify(to_cli, old_records)
    check_all(old, new, all_changes, all_summary)
    for c in changes:
        print(json.dumps(c, ensure_ascii=False))
    print(json.dumps(summary))
    assert summary['records'] == len(exported)
    if old != new:
        assert summary['record_version_tags'] != [summary['version_tag']]
    # Every change names a record of the file, and a pair the earlier one.
    for c in changes:
        assert 1 <= c['line'] <= len(exported), c
        assert json.loads(exported[c['line'] - 1])['name'] == c['name'], c
        if c['kind'] in ('new_collision', 'new_lookalike'):
            assert c['other_line'] < c['line'], c
    found = sorted((c['kind'], c['name'], c.get('other_name', ''))
                   for c in changes)
    if (old, new) == ('15.0', '17.0'):
        assert found == EXPECTED_15_TO_17, (
            'expected:\n' + '\n'.join(map(str, EXPECTED_15_TO_17)) +
            '\nfound:\n' + '\n'.join(map(str, found)))
        assert summary['changed_names'] == 9, summary
        print(f'the {len(found)} changes of Unicode 15.0 to 17.0, as expected')
    elif old == new:
        assert found == [], found
    else:
        print(f'note: no list of the changes from {old} to {new}: '
              'the changes above are checked for consistency only')
    return 0


if __name__ == '__main__':
    sys.exit(main())
