# SPDX-License-Identifier: Apache-2.0
"""The exception every rejection of input raises: u8guard.Rejected."""

from typing import Optional


class Rejected(ValueError):
    """Input that u8guard rejects, and why.

    str(e) is the library's one message for the rejection, e.g.
    "username-case-mapped: rejected at byte 2 (U+200B):
    DISALLOWED/precis_ignorable_properties".

    Attributes:
        rule: the rule's stable id, e.g. "utf8/overlong", "bom_not_allowed",
            "DISALLOWED/precis_ignorable_properties", "path/dot_dot"
            (u8guard.rule_ids() lists them).
        rule_value: the rule's stable integer value (the C API's).
        offset: byte offset where the offending part starts, in the UTF-8
            bytes the library judged: the bytes you passed, or the UTF-8
            encoding of the str you passed. 0 for rules about the whole
            string (empty, bidi_rule, too_long, ...); the profile's
            max_input_bytes for input_too_long.
        index: the same position as an index into the object you passed:
            a code point index into a str (s[e.index] is the offending
            character), a byte index into bytes (equal to offset).
            len(s) when the position is the end.
        code_point: the offending code point as you sent it (before any
            mapping), or None for whole-string rules.
        source: what applied the rule: "utf8", "bom", "profile", "path",
            "encoder" (a str holding a lone surrogate, which has no UTF-8
            form: offset is then the number of UTF-8 bytes before it), or
            "open" (open_beneath and its kin: the filesystem would lead out
            of the root; offset and index are 0).
        profile: the profile whose rule rejected the input, or None.
        detail: for path rules, what the sanitizer found (e.g. "drive
            letter"); for open rules, the sanitized path up to the refused
            component (e.g. "uploads/avatar"); "" otherwise.
        bad_bytes: for UTF-8 rules, the ill-formed bytes at offset; b""
            otherwise.
    """

    def __init__(self,
                 message: str = '',
                 *,
                 rule: str = '',
                 rule_value: int = 0,
                 offset: int = 0,
                 index: int = 0,
                 code_point: Optional[int] = None,
                 source: str = '',
                 profile: Optional[str] = None,
                 detail: str = '',
                 bad_bytes: bytes = b'') -> None:
        super().__init__(message)
        self.rule = rule
        self.rule_value = rule_value
        self.offset = offset
        self.index = index
        self.code_point = code_point
        self.source = source
        self.profile = profile
        self.detail = detail
        self.bad_bytes = bad_bytes

    @property
    def message(self) -> str:
        """The rejection's message (str(e))."""
        return str(self.args[0]) if self.args else ''

    def __repr__(self) -> str:
        return ('Rejected(%r, rule=%r, offset=%d, index=%d, code_point=%s)' %
                (self.message, self.rule, self.offset, self.index,
                 'None' if self.code_point is None else
                 'U+%04X' % self.code_point))
