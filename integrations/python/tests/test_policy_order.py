# SPDX-License-Identifier: Apache-2.0
"""One argument order for the registration policy (docs/vocabulary.md,
item 5): registration_record, name_record, export_records, verify_records
and Registry.load take the policy as the keyword policy=; the positional
policy of 0.x still works, with a DeprecationWarning naming the keyword
form, and gives the same result."""

import warnings

import pytest

from u8guard import (Registry, RegistrationPolicy, export_records,
                     name_record, registration_record, verify_records)

USER = 'username-case-mapped'
# An exemption that changes the answer, so that a policy left unused would
# show: 'mike' gets other look-alike keys under it.
RN_M = RegistrationPolicy(exemptions=['rn_m'])


def calls(tmp_path):
    """(keyword form, function, input) for each function."""
    acl = tmp_path / 'members.acl'
    acl.write_text('mike\n', encoding='utf-8')
    records = export_records(USER, ['mike', 'rnike'], policy=RN_M)
    return [
        ('registration_record(profile, name, policy=policy)',
         registration_record, 'mike',
         lambda r: r.lookalike_keys),
        ('name_record(profile, name, policy=policy)', name_record, 'mike',
         lambda r: r),
        ('export_records(profile, names, policy=policy)', export_records,
         ['mike', 'rnike'], lambda r: r),
        ('verify_records(profile, records, policy=policy)', verify_records,
         records, lambda r: (r.records, r.changed_names, len(r.changes))),
        ('Registry.load(profile, path, policy=policy)', Registry.load, acl,
         lambda r: r.decide('rnike').outcome),
    ]


def test_keyword_policy_is_used_without_warning(tmp_path):
    for _, function, argument, result in calls(tmp_path):
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            with_policy = result(function(USER, argument, policy=RN_M))
            default = result(function(USER, argument, policy=None))
        # The policy changes the answer: it was read.
        assert with_policy != default, function
        assert default == result(function(USER, argument)), function


def test_positional_policy_warns_and_gives_the_same(tmp_path):
    for keyword_form, function, argument, result in calls(tmp_path):
        with pytest.warns(DeprecationWarning) as caught:
            positional = result(function(USER, argument, RN_M))
        assert len(caught) == 1, keyword_form
        message = str(caught[0].message)
        assert 'positional policy is deprecated' in message, message
        assert message.endswith('write ' + keyword_form), message
        # The warning points at the caller, not at u8guard.
        assert caught[0].filename == __file__
        assert positional == result(function(USER, argument, policy=RN_M))
        # None positionally is the default policy, as before.
        with pytest.warns(DeprecationWarning):
            assert result(function(USER, argument, None)) == result(
                function(USER, argument))


def test_positional_policy_errors(tmp_path):
    for keyword_form, function, argument, _ in calls(tmp_path):
        name = keyword_form.split('(')[0]
        with pytest.raises(TypeError, match='policy twice'):
            function(USER, argument, RN_M, policy=RN_M)
        with pytest.raises(TypeError, match='at most one positional'):
            function(USER, argument, RN_M, RN_M)
        # A positional policy that is no policy: the same TypeError as
        # the keyword's, after the warning.
        with pytest.warns(DeprecationWarning):
            with pytest.raises(TypeError, match='RegistrationPolicy'):
                function(USER, argument, 'default')
        with pytest.raises(TypeError, match='RegistrationPolicy'):
            function(USER, argument, policy='default')
        # Warnings turned into errors stop the call.
        with warnings.catch_warnings():
            warnings.simplefilter('error', DeprecationWarning)
            with pytest.raises(DeprecationWarning, match=name):
                function(USER, argument, RN_M)
