# SPDX-License-Identifier: Apache-2.0
"""precis_i18n's API on u8guard: switch by changing the import.

    from precis_i18n import get_profile      # before
    from u8guard.precis import get_profile   # after

    get_profile('UsernameCaseMapped').enforce('Juliet')   # 'juliet'

get_profile() knows precis_i18n's profile names (case-insensitive, ':' or
'_'): IdentifierClass, FreeFormClass, UsernameCasePreserved,
UsernameCaseMapped (and :ToLower, :CaseFold), OpaqueString,
NicknameCasePreserved, NicknameCaseMapped (and :ToLower, :CaseFold) and
Nickname (NicknameCaseMapped); other names raise KeyError. enforce() takes
str or bytes and returns str; a rejected value raises UnicodeEncodeError
whose reason is precis_i18n's ("DISALLOWED/spaces", "DISALLOWED/empty",
...). Bytes that are not UTF-8 raise Python's own UnicodeDecodeError, as
precis_i18n does. Profiles are immutable and thread-safe.

Where u8guard decides differently (each one is asserted by the tests in
integrations/python/tests/test_precis.py against precis_i18n itself):

* Unicode version. u8guard's Unicode data is ICU's (Unicode 15.0 with ICU
  72, 17.0 with ICU 78); precis_i18n uses Python's unicodedata (14.0 on
  Python 3.11). A code point assigned since Python's version is accepted
  when PRECIS allows it, where precis_i18n
  rejects it as DISALLOWED/unassigned (or, under the user-name profiles,
  DISALLOWED/bidi_rule, since an unassigned code point has no bidi class in
  Python).
* Byte order mark. The user-name, OpaqueString and Nickname profiles reject
  a leading U+FEFF as a signature (RFC 3629 §6, BOM policy "reject"):
  reason "bom_not_allowed" instead of DISALLOWED/precis_ignorable_properties.
  Both reject.
* Length bounds. u8guard's profiles bound their input (4096 UTF-8 bytes:
  "input_too_long") and their output (user names and nicknames 1024 bytes
  and 256 code points, OpaqueString 1024 bytes, the two classes 4096:
  "too_long"); precis_i18n has no bounds.
* Combining marks. Every profile rejects more than 30 non-starters in a
  row (UAX #15 §13's Stream-Safe Text Format, counted in NFKD: reason
  "stream_unsafe"), before ICU reorders them in quadratic time; precis_i18n
  accepts any run.
* U+3000 IDEOGRAPHIC SPACE in user names. Its decomposition is <wide>
  U+0020, so the width mapping of RFC 8265 §3.3.1 maps it to a space, which
  is then DISALLOWED/spaces; precis_i18n's width map only looks at
  U+FF01..U+FFEF and reports DISALLOWED/has_compat. Both reject.
* Nickname trimming. RFC 8266 §2.2 trims leading and trailing *space*
  characters (after non-ASCII spaces became U+0020); precis_i18n 1.0.5's
  str.strip() also removes tab, LF, CR, FS..US, NEL, U+2028 and U+2029 at
  the ends, which the FreeformClass would reject as controls or spaces.
  u8guard rejects them (DISALLOWED/controls, ...), as precis_i18n 1.1.0
  does.
* Lone surrogates. A str holding one cannot be encoded as UTF-8 and is
  rejected with precis_i18n's reason for it, DISALLOWED/other (the PRECIS
  derived property of U+D800..U+DFFF), at the first surrogate and before
  any other rule (precis_i18n may name an earlier character or a
  whole-string rule first); it is never encoded with "surrogatepass".
* Error positions. UnicodeEncodeError.object is the value you passed
  (decoded, for bytes) and start/end index into it (the offending
  character, or the whole string for whole-string rules); precis_i18n
  reports positions in its intermediate, already mapped string. The
  u8guard.Rejected behind it is chained as __cause__.
* Reasons u8guard has and precis_i18n does not: "bom_not_allowed",
  "input_too_long", "too_long". A result that changes when the rules are
  applied again is "DISALLOWED/not_idempotent", as in precis_i18n.
* IdentifierClass and FreeFormClass take bytes too; precis_i18n's string
  classes take str only (bytes raise TypeError there).
* Not provided: the unicodedata= argument of get_profile() (ValueError when
  given: u8guard's Unicode data is ICU's), and precis_i18n's internals
  (Profile.base, apply_five_rules() and the *_rule() methods). Added:
  compare(a, b), and the u8guard.Profile behind each profile (.profile).
"""

from typing import Any, Dict, Optional, Tuple, Union

from u8guard._rejected import Rejected
from u8guard._u8guard import Profile, unicode_version

__all__ = ['PrecisProfile', 'get_profile']

# Reasons precis_i18n names differently.
_REASONS = {'unstable': 'DISALLOWED/not_idempotent'}


class PrecisProfile:
    """A PRECIS profile with precis_i18n's interface, run by u8guard.

    Args:
        name: precis_i18n's name of the profile, e.g. 'UsernameCaseMapped'.
        profile: the u8guard profile that implements it.
        key: True to return the profile's comparison key
            (Profile.canonicalize), False for its enforced form
            (Profile.enforce); they differ for NicknameCasePreserved, which
            keeps case, and NicknameCaseMapped, which maps it.
    """

    def __init__(self, name: str, profile: Profile, key: bool) -> None:
        self._name = name
        self._profile = profile
        self._apply = profile.canonicalize if key else profile.enforce

    @property
    def name(self) -> str:
        """precis_i18n's name of the profile."""
        return self._name

    @property
    def profile(self) -> Profile:
        """The u8guard.Profile that implements this profile."""
        return self._profile

    def enforce(self, value: Union[str, bytes]) -> str:
        """Returns `value` enforced by the profile.

        Bytes are decoded as UTF-8 first, as precis_i18n does.

        Args:
            value: the string to enforce.

        Returns:
            The enforced string.

        Raises:
            UnicodeEncodeError: the profile rejects the value (the reason is
                precis_i18n's, e.g. 'DISALLOWED/spaces').
            UnicodeDecodeError: `value` is bytes that are not UTF-8.
            ValueError: `value` is neither str nor bytes.
        """
        if isinstance(value, str):
            try:
                return self._apply(value)
            except Rejected as e:
                raise self._encode_error(value, e, None) from e
        if isinstance(value, bytes):
            try:
                return self._apply(value).decode('utf-8')
            except Rejected as e:
                # Ill-formed bytes raise Python's own UnicodeDecodeError here,
                # exactly as precis_i18n's value.decode('utf-8') does.
                text = value.decode('utf-8')
                raise self._encode_error(text, e, value) from e
        raise ValueError('not a string')

    def compare(self, value1: Union[str, bytes],
                value2: Union[str, bytes]) -> bool:
        """True when both values are accepted and compare equal.

        Compares the comparison keys of the u8guard profile (RFC 8264 §7;
        for the Nickname profiles the case-mapped key, RFC 8266 §2.4). A
        rejected value equals nothing; nothing is raised for it. precis_i18n
        has no compare(); this is u8guard's addition.
        """
        return self._profile.equivalent(value1, value2)

    def _encode_error(self, text: str, e: Rejected,
                      raw: Optional[bytes]) -> UnicodeEncodeError:
        if e.source == 'encoder':
            reason = 'DISALLOWED/other'  # a lone surrogate (see above)
        else:
            reason = _REASONS.get(e.rule, e.rule)
        if e.code_point is None:
            start, end = 0, len(text)
        else:
            start = e.index if raw is None else len(
                raw[:e.offset].decode('utf-8'))
            end = start + 1
        return UnicodeEncodeError(self._name, text, start, end, reason)

    def __repr__(self) -> str:
        return '<u8guard.precis profile %s: %r>' % (self._name, self._profile)


def _variant(builtin: str, name: str, **changes: Any) -> Profile:
    profile = Profile(builtin)
    return profile.replace(name=name, **changes) if changes else profile


# precis_i18n's keys (lower case, ':' as '_') -> (its name, u8guard profile,
# key?). The same mapping as tests/test_support.cc (PrecisTargets).
def _targets() -> Dict[str, Tuple[str, Profile, bool]]:
    fold = {'case_mapping': 'fold', 'key_case_mapping': 'fold'}
    return {
        'identifierclass': ('IdentifierClass', Profile('identifier-class'),
                            False),
        'freeformclass': ('FreeFormClass', Profile('freeform-class'), False),
        'usernamecasepreserved':
        ('UsernameCasePreserved', Profile('username-case-preserved'), False),
        'usernamecasemapped': ('UsernameCaseMapped',
                               Profile('username-case-mapped'), True),
        'usernamecasemapped_tolower': ('UsernameCaseMapped:ToLower',
                                       Profile('username-case-mapped'), True),
        'usernamecasemapped_casefold':
        ('UsernameCaseMapped:CaseFold',
         _variant('username-case-mapped', 'username-case-mapped-casefold',
                  **fold), True),
        'opaquestring': ('OpaqueString', Profile('opaque-string'), True),
        'nicknamecasepreserved': ('NicknameCasePreserved', Profile('nickname'),
                                  False),
        'nicknamecasemapped': ('NicknameCaseMapped', Profile('nickname'),
                               True),
        'nicknamecasemapped_tolower': ('NicknameCaseMapped:ToLower',
                                       Profile('nickname'), True),
        'nicknamecasemapped_casefold':
        ('NicknameCaseMapped:CaseFold',
         _variant('nickname', 'nickname-casefold', key_case_mapping='fold'),
         True),
        'nickname': ('Nickname', Profile('nickname'), True),
    }


_PROFILES = {
    key: PrecisProfile(name, profile, is_key)
    for key, (name, profile, is_key) in _targets().items()
}


def get_profile(name: str, *, unicodedata: Any = None) -> PrecisProfile:
    """Returns the PRECIS profile called `name`, as precis_i18n does.

    Args:
        name: a precis_i18n profile name, e.g. 'UsernameCaseMapped' or
            'NicknameCaseMapped:CaseFold' (case-insensitive).
        unicodedata: not supported: u8guard's Unicode data is ICU's. Must be
            None.

    Returns:
        The profile (immutable; the same object for the same name).

    Raises:
        KeyError: no such profile.
        ValueError: `unicodedata` was given.
    """
    if unicodedata is not None:
        raise ValueError('u8guard.precis uses ICU\'s Unicode data (Unicode '
                         '%s); another unicodedata module cannot be used' %
                         unicode_version())
    return _PROFILES[name.lower().replace(':', '_')]
