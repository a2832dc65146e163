# SPDX-License-Identifier: Apache-2.0
"""u8guard.Registry, RegistrationPolicy and registration_record: one
decision for a sign-up (registration.h)."""

import os
import threading

import pytest

import u8guard
from conftest import non_ascii_names
from u8guard import (Profile, Registry, RegistrationPolicy, Rejected,
                     registration_record)

USER = 'username-case-mapped'


@pytest.fixture(name='registry')
def fixture_registry():
    r = Registry(USER)
    for name in ['paypal', 'GOOGLE', 'mike', 'lan', 'bill']:
        r.add(name)
    return r


def test_every_outcome(registry):
    cases = [
        ('robert', 'accepted', None, None),
        ('a b', 'rejected', None, None),
        ('PayPal', 'collision', 'paypal', 'paypal'),
        ('\uff50\uff41\uff59\uff50\uff41\uff4c', 'collision', 'paypal',
         'paypal'),
        ('rnike', 'lookalike', 'mike', 'rnike'),
        ('paypaI', 'lookalike', 'paypal', 'paypal'),
        ('G00GLE', 'lookalike', 'GOOGLE', 'google'),
        ('g00gle', 'lookalike', 'GOOGLE', 'google'),  # one verdict a key
        ('r00t', 'protected_name', 'root', 'root'),
        ('Ian', 'lookalike', 'lan', 'lan'),
        ('Admin', 'protected_name', 'admin', 'admin'),
        ('adrnin', 'protected_name', 'admin', 'adrnin'),
        ('\u00e4dm\u00een', 'protected_name', 'admin', 'admin'),
        ('r\u043e\u043et', 'protected_name', 'root', 'root'),
        ('p\u0430ypal', 'restriction_level', None, None),
        # Devanagari one beside ASCII 2: one script, two decimal systems.
        ('\u0930\u093e\u092e\u09672', 'mixed_numbers', None, None),
    ]
    for name, outcome, conflict, shared_key in cases:
        d = registry.decide(name)
        assert (d.outcome, d.conflict, d.shared_key,
                d.identifier) == (outcome, conflict, shared_key, 0), name
        assert bool(d) == d.accepted == (outcome == 'accepted')
        assert (d.record is None) == (outcome == 'rejected')
        assert (d.rejection is None) == (outcome != 'rejected')
    assert len(registry) == 5  # decide() adds nothing


def test_the_record(registry):
    d = registry.decide('Robert')
    r = d.record
    # Look-alike keys are a function of the key: its skeleton, and the
    # folded skeleton of its capitals (ROBERT folds back to robert).
    assert (r.enforced, r.key, r.lookalike_keys) == ('robert', 'robert',
                                                     ['robert'])
    assert (r.restriction_level, r.scripts, r.display) == ('ascii', ['Latn'],
                                                           'as_typed')
    assert r.version_tag == u8guard.version_tag()
    assert r == registration_record(USER, 'Robert')
    mixed = registry.decide('p\u0430ypal').record
    assert mixed.scripts == ['Cyrl', 'Latn']
    assert mixed.restriction_level == 'minimally_restrictive'
    assert mixed.display == 'escaped'
    assert mixed.lookalike_keys[0] == 'paypal'
    assert 'restriction_level' in repr(mixed)


def test_bytes_in_bytes_out(registry):
    d = registry.decide(b'rnike')
    assert (d.conflict, d.shared_key) == (b'mike', b'rnike')
    assert (d.record.enforced, d.record.key,
            d.record.lookalike_keys) == (b'rnike', b'rnike',
                                         [b'rnike', b'rnlke'])
    assert d.record.scripts == ['Latn']  # names of things stay str
    d = registry.decide(bytearray(b'Robert'))
    assert d.accepted and d.record.key == b'robert'
    r = registration_record(Profile(USER), memoryview(b'Alice'))
    assert r.lookalike_keys == [b'alice', b'allce']
    with pytest.raises(TypeError):
        registry.decide(3)


def test_rejections_are_decisions_with_offsets_into_the_input(registry):
    d = registry.decide('j\u00fcrgen\u200b')
    assert d.outcome == 'rejected' and d.record is None
    e = d.rejection
    assert isinstance(e, Rejected)
    assert (e.rule, e.offset, e.index,
            e.code_point) == ('DISALLOWED/precis_ignorable_properties', 7, 6,
                              0x200B)
    d = registry.decide(b'al\xc0\xafice')
    assert (d.rejection.rule, d.rejection.offset) == ('utf8/overlong', 2)
    d = registry.decide('x\ud800')
    assert (d.outcome, d.rejection.rule, d.rejection.index) == (
        'rejected', 'utf8/surrogate', 1)
    # An other identifier's rejection: identifier says which, offsets are
    # into it.
    d = registry.decide('bob', ['bob.smith', '\u00e9 x'])
    assert (d.outcome, d.identifier) == ('rejected', 2)
    assert (d.rejection.rule, d.rejection.offset,
            d.rejection.index) == ('DISALLOWED/spaces', 2, 1)
    assert d.record.key == 'bob'  # the name itself was accepted
    d = registry.decide('bob', ['ok', 'x\ud800'])
    assert (d.outcome, d.identifier, d.rejection.rule) == ('rejected', 2,
                                                           'utf8/surrogate')
    with pytest.raises(Rejected) as e:
        registration_record(USER, 'j\u00fcrgen\u200b')
    assert (e.value.offset, e.value.index) == (7, 6)


def test_other_identifiers_both_ways(registry):
    # A candidate's other identifier clashes with a registered name.
    d = registry.decide('bob', ('bob.smith', 'rnike'))
    assert (d.outcome, d.conflict, d.shared_key,
            d.identifier) == ('cross_field_clash', 'mike', 'rnike', 2)
    # A candidate's name clashes with another account's other identifier.
    registry.add('carol', ['carol.jones'])
    d = registry.decide('Carol.Jones')
    assert (d.outcome, d.conflict, d.identifier) == ('cross_field_clash',
                                                     'carol.jones', 0)
    # Other identifiers clash with other identifiers.
    d = registry.decide('dave', others=['carol.jones'])
    assert (d.outcome, d.identifier) == ('cross_field_clash', 1)
    assert registry.decide('dave', others=['dave.x']).accepted
    with pytest.raises(TypeError, match='iterable of identifiers'):
        registry.decide('dave', 'dave.x')
    with pytest.raises(TypeError):
        registry.decide('dave', None)


def test_register_adds_only_what_it_accepts():
    registry = Registry(USER)
    assert registry.register('alice', ['alice.smith'])
    assert len(registry) == registry.accounts == 1
    d = registry.register('ALICE')
    assert (d.outcome, d.conflict) == ('collision', 'alice')
    assert not registry.register('Alice.Smith')
    assert not registry.register('rnike') or not registry.register('mike')
    assert len(registry) == 2
    assert registry.memory_usage > 0


def test_add_raises_for_rejected_identifiers():
    registry = Registry(Profile(USER))
    with pytest.raises(Rejected) as e:
        registry.add('a b')
    assert (e.value.rule, e.value.offset) == ('DISALLOWED/spaces', 1)
    with pytest.raises(Rejected) as e:
        registry.add('bob', ['ok', '\u00e9 x'])
    assert (e.value.offset, e.value.index) == (2, 1)
    with pytest.raises(Rejected) as e:
        registry.add('x\ud800')
    assert e.value.rule == 'utf8/surrogate'
    assert len(registry) == 0
    # add() does not decide: an existing account is added as it is.
    registry.add('mike')
    registry.add('rnike')
    assert len(registry) == 2


def test_exemptions():
    def decide(policy, registered, name):
        r = Registry(USER, policy)
        r.add(registered)
        return r.decide(name).outcome

    uts39 = RegistrationPolicy()
    assert decide(uts39, 'mike', 'rnike') == 'lookalike'
    assert decide(uts39, 'lan', 'Ian') == 'lookalike'
    assert decide(uts39, 'GOOGLE', 'G00GLE') == 'lookalike'
    rn_m = RegistrationPolicy(exemptions=['rn_m'])
    assert decide(rn_m, 'mike', 'rnike') == 'accepted'
    assert decide(rn_m, 'lan', 'Ian') == 'lookalike'
    capital_i = RegistrationPolicy(exemptions=('capital_i',))
    assert decide(capital_i, 'lan', 'Ian') == 'accepted'
    assert decide(capital_i, 'mike', 'rnike') == 'lookalike'
    digits = RegistrationPolicy(exemptions=['digits'])
    assert decide(digits, 'GOOGLE', 'G00GLE') == 'accepted'
    assert decide(digits, 'paypal', 'paypaI') == 'lookalike'
    # Exemptions shape the record's look-alike keys too.
    assert registration_record(USER, 'rnike').lookalike_keys == [
        'rnike', 'rnlke']
    assert registration_record(USER, 'mike', policy=rn_m).lookalike_keys == [
        'mike', 'mlke']
    assert registration_record(USER, 'mike').lookalike_keys == [
        'rnike', 'rnlke']
    with pytest.raises(ValueError, match='bogus'):
        RegistrationPolicy(exemptions=['bogus'])


def test_protected_names_and_restriction_level():
    default = Registry(USER)
    assert default.decide('ADMIN').outcome == 'protected_name'
    assert 'admin' in RegistrationPolicy.default().protected_names
    own = Registry(USER, RegistrationPolicy(protected_names=['acme']))
    assert own.decide('admin').accepted  # the list replaces the built-in one
    assert own.decide('\u00c4CME').conflict == 'acme'
    assert Registry(
        USER, RegistrationPolicy(protected_names=[])).decide('root').accepted
    loose = RegistrationPolicy(max_restriction_level='minimally_restrictive')
    assert Registry(USER, loose).decide('p\u0430ypal').accepted
    with pytest.raises(ValueError):
        RegistrationPolicy(max_restriction_level='lax')
    with pytest.raises(TypeError, match='iterable of names'):
        RegistrationPolicy(protected_names='admin')
    with pytest.raises(TypeError):
        Registry(USER, 'rn_m')


def test_mixed_numbers():
    ram = '\u0930\u093e\u092e'
    default = Registry(USER)
    assert RegistrationPolicy().refuse_mixed_numbers is True
    assert default.decide(ram + '\u0967\u0968').accepted  # Devanagari only
    assert default.decide(ram + '12').accepted  # ASCII only
    assert default.decide(ram + '\u09672').outcome == 'mixed_numbers'
    lax = RegistrationPolicy(refuse_mixed_numbers=False)
    assert lax.refuse_mixed_numbers is False
    assert lax != RegistrationPolicy()
    assert 'refuse_mixed_numbers=False' in repr(lax)
    assert Registry(USER, lax).decide(ram + '\u09672').accepted
    assert RegistrationPolicy.from_toml(
        'refuse_mixed_numbers = false\n') == lax
    with pytest.raises(ValueError, match='refuse_mixed_numbers'):
        RegistrationPolicy.from_toml('refuse_mixed_numbers = 1\n')


def test_skeleton_order():
    # Hebrew alef then "1", and "1" then alef: a left-to-right page shows
    # both as "1" then alef, so under skeleton_order="ltr" they look alike.
    alef_one, one_alef = '\u05d01', '1\u05d0'
    nickname = Profile('nickname')
    assert RegistrationPolicy().skeleton_order == 'logical'
    decided = {}
    for order in ('logical', 'ltr', 'rtl'):
        policy = RegistrationPolicy(skeleton_order=order)
        assert policy.skeleton_order == order
        assert f"skeleton_order='{order}'" in repr(policy)
        assert RegistrationPolicy.from_toml(
            f'skeleton_order = "{order}"\n') == policy
        registry = Registry(nickname, policy)
        registry.add(alef_one)
        decided[order] = registry.decide(one_alef).outcome
        # The registry's look-alike keys are the profile's in that order.
        record = u8guard.registration_record(nickname, one_alef,
                                             policy=policy)
        assert record.lookalike_keys[0] == nickname.bidi_skeleton(
            one_alef, order)
    assert decided == {'logical': 'accepted', 'ltr': 'lookalike',
                       'rtl': 'accepted'}
    assert RegistrationPolicy(skeleton_order='ltr') != RegistrationPolicy()
    with pytest.raises(ValueError, match='logical'):
        RegistrationPolicy(skeleton_order='LTR')
    with pytest.raises(ValueError, match='skeleton_order'):
        RegistrationPolicy.from_toml('skeleton_order = "visual"\n')
    # Profile.bidi_skeleton: str in, str out; bytes in, bytes out; logical
    # is skeleton().
    assert nickname.bidi_skeleton(alef_one, 'ltr') == nickname.bidi_skeleton(
        one_alef, 'ltr')
    assert nickname.bidi_skeleton(alef_one, 'rtl') != nickname.bidi_skeleton(
        one_alef, 'rtl')
    assert nickname.bidi_skeleton('abc!', 'rtl') == '!abc'
    assert nickname.bidi_skeleton(b'abc!', 'rtl') == b'!abc'
    assert nickname.bidi_skeleton('rnike', 'logical') == nickname.skeleton(
        'rnike')
    with pytest.raises(ValueError, match='skeleton order'):
        nickname.bidi_skeleton('a', 'visual')
    with pytest.raises(Rejected):
        nickname.bidi_skeleton(b'a\x80', 'ltr')


def test_policy_values():
    p = RegistrationPolicy(protected_names=['acme', b'\xff'],
                           exemptions=['rn_m', 'digits'],
                           max_restriction_level='moderately_restrictive')
    assert p.protected_names == ['acme', b'\xff']  # bytes: not UTF-8
    assert p.exemptions == ['rn_m', 'digits']
    assert p.max_restriction_level == 'moderately_restrictive'
    assert RegistrationPolicy.default() == RegistrationPolicy()
    assert p != RegistrationPolicy()
    assert "exemptions=['rn_m', 'digits']" in repr(p)
    registry = Registry(USER, p)
    assert registry.policy == p
    assert registry.profile == Profile(USER)
    assert registry.decide('acme').outcome == 'protected_name'


def test_policy_files(tmp_path):
    (tmp_path / 'names.txt').write_text('# ours\nacme\nacme-support\n')
    path = tmp_path / 'policy.toml'
    path.write_text('protected_names_file = "names.txt"\n'
                    'protected_names = ["widget"]\n'
                    'confusable_exemptions = ["rn_m", "capital_i"]\n'
                    'max_restriction_level = "single_script_restrictive"\n')
    for p in (RegistrationPolicy.load(path),
              RegistrationPolicy.load(str(path)),
              RegistrationPolicy.load(os.fsencode(path)),
              RegistrationPolicy.from_toml(path.read_text(), str(path))):
        assert p.protected_names == ['acme', 'acme-support', 'widget']
        assert p.exemptions == ['rn_m', 'capital_i']
        assert p.max_restriction_level == 'single_script_restrictive'
    assert RegistrationPolicy.from_toml('') == RegistrationPolicy()


def test_policy_file_errors(tmp_path):
    path = tmp_path / 'policy.toml'
    path.write_text('# exemptions\nconfusable_exemptions = ["rn_m", "x"]\n')
    with pytest.raises(ValueError) as e:
        RegistrationPolicy.load(path)
    assert str(e.value).startswith(
        '%s:2: key "confusable_exemptions": unknown confusable exemption' %
        path)
    with pytest.raises(ValueError, match=r'<string>:1: key "colour": unknown'):
        RegistrationPolicy.from_toml('colour = "blue"\n')
    with pytest.raises(ValueError, match='TOML syntax error'):
        RegistrationPolicy.from_toml('protected_names = [\n')
    with pytest.raises(FileNotFoundError):
        RegistrationPolicy.load(tmp_path / 'missing.toml')
    path.write_text('protected_names_file = "missing.txt"\n')
    with pytest.raises(FileNotFoundError):
        RegistrationPolicy.load(path)
    with pytest.raises(TypeError):
        RegistrationPolicy.load(3)


def test_registry_load(tmp_path):
    acl = tmp_path / 'members.acl'
    acl.write_bytes(b'# members\npaypal\nmike\na b\nal\xe2\x80\x8bice\n')
    registry = Registry.load(USER, acl)
    assert (len(registry), registry.skipped) == (2, 2)
    assert registry.decide('rnike').conflict == 'mike'
    relaxed = Registry.load(Profile(USER), str(acl),
                            policy=RegistrationPolicy(exemptions=['rn_m']))
    assert relaxed.decide('rnike').accepted
    assert '2 accounts' in repr(relaxed)
    with pytest.raises(FileNotFoundError):
        Registry.load(USER, tmp_path / 'missing.acl')
    with pytest.raises(OSError):
        Registry.load(USER, tmp_path)  # a directory
    with pytest.raises(LookupError):
        Registry.load('no-such-profile', acl)


def test_version_tags():
    tag = u8guard.version_tag()
    assert tag == 'u8guard-%s+icu-%s+unicode-%s' % (
        u8guard.library_version(), u8guard.icu_version(),
        u8guard.unicode_version())
    parts = u8guard.parse_version_tag(tag)
    assert (parts.library, parts.icu,
            parts.unicode) == (u8guard.library_version(),
                               u8guard.icu_version(),
                               u8guard.unicode_version())
    assert parts == u8guard.parse_version_tag(tag.encode())
    for bad in ['', 'u8guard-0.1.0', 'icu-72.1+u8guard-0.1+unicode-15.0',
                'u8guard-0.1.0+icu-72.1+unicode-', tag + ':key']:
        with pytest.raises(ValueError, match='not a version tag'):
            u8guard.parse_version_tag(bad)


# Threads: decide() in many threads at once on one registry, with long
# names (which release the GIL) mixed in, and register() racing itself.

THREADS = 8


def run_in_threads(work):
    """Runs work(i) in THREADS threads started together; returns the
    results in thread order."""
    barrier = threading.Barrier(THREADS)
    results = [None] * THREADS
    errors = []

    def worker(i):
        barrier.wait()
        try:
            results[i] = work(i)
        except BaseException as e:  # pylint: disable=broad-except
            errors.append(e)

    threads = [
        threading.Thread(target=worker, args=(i,)) for i in range(THREADS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    return results


def big_profile():
    return Profile(USER).replace(name='big-users', max_input_bytes=1 << 16,
                                 max_output_bytes=1 << 16,
                                 max_output_code_points=1 << 16)


def test_threads_deciding_at_once():
    names = non_ascii_names(300)
    long_name = 'zo\u00eb' * 1500  # 4500 bytes: decide() releases the GIL
    registry = Registry(big_profile())
    for name in names[:150] + [long_name]:
        registry.register(name)
    probes = (names + [n.upper() for n in names[::7]] + [
        long_name.upper(), long_name + 'x', 'rnike', 'admin', 'a b', b'\xff',
        'x\ud800', 'p\u0430ypal'
    ])

    def decide_all(_):
        return [(d.outcome, d.conflict, d.shared_key,
                 d.record.key if d.record else None)
                for d in (registry.decide(p) for p in probes)]

    expected = decide_all(0)
    assert sum(o[0] == 'accepted' for o in expected) >= 100
    assert expected[len(names) + len(names[::7])][:2] == ('collision',
                                                          long_name)
    for _ in range(5):
        assert run_in_threads(decide_all) == [expected] * THREADS


def test_register_is_atomic_across_threads():
    # Every thread registers the same names (and upper-case and look-alike
    # variants) at once: each name is accepted exactly once in all, exactly
    # as many as one thread alone would accept.
    names = non_ascii_names(200)
    batch = []
    for n in names:
        batch += [n, n.upper(), n.replace('m', 'rn')]
    batch.append('zo\u00eb' * 1500)
    alone = Registry(big_profile())
    accepted_alone = sum(bool(alone.register(n)) for n in batch)

    registry = Registry(big_profile())

    def register_all(i):
        # Each thread starts at its own place, so the threads collide.
        order = batch[i * 7:] + batch[:i * 7]
        return sum(bool(registry.register(n)) for n in order)

    accepted = run_in_threads(register_all)
    assert sum(accepted) == accepted_alone == len(registry)
    assert len(registry) > 150
    # Deciding while others register: every answer is a decision.
    probes = batch[::5]

    def mixed(i):
        if i % 2:
            return [registry.register(n + 'x%d' % i).outcome for n in probes]
        return [registry.decide(n).outcome for n in probes]

    for outcomes in run_in_threads(mixed):
        assert set(outcomes) <= {
            'accepted', 'collision', 'lookalike', 'rejected',
            'restriction_level'
        }
