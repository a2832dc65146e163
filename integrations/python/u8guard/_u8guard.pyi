# SPDX-License-Identifier: Apache-2.0
"""Type hints for the extension module u8guard._u8guard (module.cc,
profile_bindings.cc, path_bindings.cc, acl_bindings.cc,
beneath_bindings.cc, registration_bindings.cc); the docstrings are in the
module, but for the old names kept as aliases of the names of
docs/vocabulary.md: each is the same object as its new name, and says so
here.

Text arguments (`_Text`) are str or bytes-like; functions that return text
return the type they were given (overloads): str for str, bytes for bytes.
The per-name methods take positional arguments only (named __s, __a, ...).
"""

import os
from typing import Any, Dict, Iterable, List, Optional, Union, overload

from u8guard._rejected import Rejected

# A text argument: str (taken as its UTF-8 encoding), or bytes-like.
_Text = Union[str, bytes, bytearray, memoryview]
_PathArg = Union[str, bytes, 'os.PathLike[str]', 'os.PathLike[bytes]']
# A value of a policy file's key (Profile.settings(), Profile.replace()).
_Setting = Union[str, bool, int]

__version__: str
# Inputs of at least this many bytes are processed with the GIL released.
GIL_RELEASE_MIN_BYTES: int


def library_version() -> str:
    ...


def icu_version() -> str:
    ...


def unicode_version() -> str:
    ...


def build_tables() -> None:
    ...


def utf8_kernel() -> str:
    ...


def rule_ids() -> List[str]:
    ...


def rule_description(rule: str) -> str:
    ...


class Utf8Result:
    @property
    def ok(self) -> bool:
        ...

    @property
    def offset(self) -> int:
        ...

    @property
    def valid_up_to(self) -> int:
        ...

    @property
    def kind(self) -> str:
        ...

    @property
    def error_len(self) -> int:
        ...

    @property
    def rule(self) -> Optional[str]:
        ...

    @property
    def message(self) -> str:
        ...

    def __bool__(self) -> bool:
        ...


def validate_utf8(data: Union[bytes, bytearray, memoryview]) -> Utf8Result:
    ...


@overload
def sanitize_path(path: str,
                  *,
                  options: Optional['PathOptions'] = ...,
                  backslash_is_separator: bool = ...,
                  normalization: str = ...,
                  percent_decode: bool = ...,
                  dot_dot: str = ...,
                  leading_separator_is_root: bool = ...,
                  root: Union[str, bytes] = ...,
                  allow_hidden: bool = ...,
                  windows: bool = ...,
                  max_depth: int = ...,
                  max_length: int = ...,
                  segment_profile: Union['Profile', str, None] = ...) -> str:
    ...


@overload
def sanitize_path(path: Union[bytes, bytearray, memoryview],
                  *,
                  options: Optional['PathOptions'] = ...,
                  backslash_is_separator: bool = ...,
                  normalization: str = ...,
                  percent_decode: bool = ...,
                  dot_dot: str = ...,
                  leading_separator_is_root: bool = ...,
                  root: Union[str, bytes] = ...,
                  allow_hidden: bool = ...,
                  windows: bool = ...,
                  max_depth: int = ...,
                  max_length: int = ...,
                  segment_profile: Union['Profile', str, None] = ...) -> bytes:
    ...


def open_beneath_fd(root: Union[int, _PathArg],
                    path: _Text,
                    flags: int = ...,
                    *,
                    symlinks: str = ...,
                    no_xdev: bool = ...,
                    resolver: str = ...,
                    any_file_type: bool = ...,
                    options: Optional['PathOptions'] = ...,
                    backslash_is_separator: bool = ...,
                    normalization: str = ...,
                    percent_decode: bool = ...,
                    dot_dot: str = ...,
                    leading_separator_is_root: bool = ...,
                    allow_hidden: bool = ...,
                    windows: bool = ...,
                    max_depth: int = ...,
                    max_length: int = ...,
                    segment_profile: Union['Profile', str, None] = ...) -> int:
    ...


def create_beneath_fd(
        root: Union[int, _PathArg],
        path: _Text,
        mode: int = ...,
        flags: int = ...,
        *,
        symlinks: str = ...,
        no_xdev: bool = ...,
        resolver: str = ...,
        options: Optional['PathOptions'] = ...,
        backslash_is_separator: bool = ...,
        normalization: str = ...,
        percent_decode: bool = ...,
        dot_dot: str = ...,
        leading_separator_is_root: bool = ...,
        allow_hidden: bool = ...,
        windows: bool = ...,
        max_depth: int = ...,
        max_length: int = ...,
        segment_profile: Union['Profile', str, None] = ...) -> int:
    ...


def mkdir_beneath(root: Union[int, _PathArg],
                  path: _Text,
                  mode: int = ...,
                  *,
                  symlinks: str = ...,
                  no_xdev: bool = ...,
                  resolver: str = ...,
                  options: Optional['PathOptions'] = ...,
                  backslash_is_separator: bool = ...,
                  normalization: str = ...,
                  percent_decode: bool = ...,
                  dot_dot: str = ...,
                  leading_separator_is_root: bool = ...,
                  allow_hidden: bool = ...,
                  windows: bool = ...,
                  max_depth: int = ...,
                  max_length: int = ...,
                  segment_profile: Union['Profile', str, None] = ...) -> None:
    ...


class PathOptions:
    def __init__(self,
                 *,
                 backslash_is_separator: bool = ...,
                 normalization: str = ...,
                 percent_decode: bool = ...,
                 dot_dot: str = ...,
                 leading_separator_is_root: bool = ...,
                 root: Union[str, bytes] = ...,
                 allow_hidden: bool = ...,
                 windows: bool = ...,
                 max_depth: int = ...,
                 max_length: int = ...,
                 segment_profile: Union['Profile', str, None] = ...) -> None:
        ...

    def replace(self, **changes: Any) -> 'PathOptions':
        ...

    @property
    def backslash_is_separator(self) -> bool:
        ...

    @property
    def normalization(self) -> str:
        ...

    @property
    def percent_decode(self) -> bool:
        ...

    @property
    def dot_dot(self) -> str:
        ...

    @property
    def leading_separator_is_root(self) -> bool:
        ...

    @property
    def root(self) -> Union[str, bytes]:
        ...

    @property
    def allow_hidden(self) -> bool:
        ...

    @property
    def windows(self) -> bool:
        ...

    @property
    def max_depth(self) -> int:
        ...

    @property
    def max_length(self) -> int:
        ...

    @property
    def segment_profile(self) -> Optional['Profile']:
        ...

    def __eq__(self, other: object) -> bool:
        ...

    def __hash__(self) -> int:
        ...


def openat2_available() -> bool:
    ...


def constant_time_equals(a: _Text, b: _Text) -> bool:
    ...


def escape_for_display(s: _Text) -> str:
    ...


class Profile:
    def __init__(self,
                 name: str,
                 *,
                 policy_dir: Optional[_PathArg] = None) -> None:
        ...

    @staticmethod
    def load(path: _PathArg) -> 'Profile':
        ...

    @staticmethod
    def from_file(path: _PathArg) -> 'Profile':
        """Alias of Profile.load (the same function)."""

    @staticmethod
    def parse(text: Union[str, bytes], source: str = ...) -> 'Profile':
        ...

    @staticmethod
    def from_toml(text: Union[str, bytes], source: str = ...) -> 'Profile':
        """Alias of Profile.parse (the same function)."""

    @overload
    def key(self, __s: str) -> str:
        ...

    @overload
    def key(self, __s: Union[bytes, bytearray, memoryview]) -> bytes:
        ...

    @overload
    def canonicalize(self, __s: str) -> str:
        """Alias of Profile.key (the same method)."""

    @overload
    def canonicalize(self, __s: Union[bytes, bytearray, memoryview]) -> bytes:
        """Alias of Profile.key (the same method)."""

    @overload
    def enforce(self, __s: str) -> str:
        ...

    @overload
    def enforce(self, __s: Union[bytes, bytearray, memoryview]) -> bytes:
        ...

    def equivalent(self, __a: _Text, __b: _Text) -> bool:
        ...

    @overload
    def skeleton(self, s: str) -> str:
        ...

    @overload
    def skeleton(self, s: Union[bytes, bytearray, memoryview]) -> bytes:
        ...

    @overload
    def bidi_skeleton(self, s: str, order: str) -> str:
        ...

    @overload
    def bidi_skeleton(self, s: Union[bytes, bytearray, memoryview],
                      order: str) -> bytes:
        ...

    @overload
    def lookalike_keys(self, s: str) -> List[str]:
        ...

    @overload
    def lookalike_keys(
            self, s: Union[bytes, bytearray, memoryview]) -> List[bytes]:
        ...

    def restriction_level(self, s: _Text) -> str:
        ...

    def settings(self) -> Dict[str, _Setting]:
        ...

    def to_toml(self) -> str:
        ...

    def replace(self, **changes: _Setting) -> 'Profile':
        ...

    @property
    def name(self) -> str:
        ...

    @property
    def description(self) -> str:
        ...

    @property
    def bom(self) -> str:
        ...

    @property
    def string_class(self) -> str:
        ...

    @property
    def width_mapping(self) -> bool:
        ...

    @property
    def additional_mapping(self) -> str:
        ...

    @property
    def case_mapping(self) -> str:
        ...

    @property
    def key_case_mapping(self) -> str:
        ...

    @property
    def normalization(self) -> str:
        ...

    @property
    def directionality(self) -> str:
        ...

    @property
    def confusables(self) -> str:
        ...

    @property
    def reapply_rules(self) -> bool:
        ...

    @property
    def max_input_bytes(self) -> int:
        ...

    @property
    def max_non_starters(self) -> int:
        ...

    @property
    def min_output_bytes(self) -> int:
        ...

    @property
    def max_output_bytes(self) -> int:
        ...

    @property
    def max_output_code_points(self) -> int:
        ...

    @property
    def repertoire(self) -> str:
        ...

    def __eq__(self, other: object) -> bool:
        ...

    def __hash__(self) -> int:
        ...


def builtin_profiles() -> List[Profile]:
    ...


def load_profiles(directory: _PathArg) -> Dict[str, Profile]:
    ...


class AclEntry:
    @property
    def index(self) -> int:
        ...

    @property
    def line(self) -> int:
        ...

    @property
    def original(self) -> str:
        ...

    @property
    def key(self) -> str:
        ...


class AclInvalidEntry:
    @property
    def index(self) -> int:
        ...

    @property
    def line(self) -> int:
        ...

    @property
    def original(self) -> bytes:
        ...

    @property
    def original_size(self) -> int:
        ...

    @property
    def rejection(self) -> Rejected:
        ...


class AclLookup:
    @property
    def match(self) -> Optional[AclEntry]:
        ...

    @property
    def rejection(self) -> Optional[Rejected]:
        ...

    def __bool__(self) -> bool:
        ...


class AclFinding:
    @property
    def kind(self) -> str:
        ...

    @property
    def index(self) -> int:
        ...

    @property
    def line(self) -> int:
        ...

    @property
    def original(self) -> bytes:
        ...

    @property
    def original_size(self) -> int:
        ...

    @property
    def key(self) -> Optional[str]:
        ...

    @property
    def other_index(self) -> Optional[int]:
        ...

    @property
    def other_line(self) -> Optional[int]:
        ...

    @property
    def other_original(self) -> Optional[bytes]:
        ...

    @property
    def other_key(self) -> Optional[str]:
        ...

    @property
    def skeleton(self) -> Optional[str]:
        ...

    @property
    def rejection(self) -> Optional[Rejected]:
        ...

    @property
    def restriction_level(self) -> Optional[str]:
        ...

    @property
    def level(self) -> Optional[str]:
        """Alias of AclFinding.restriction_level (the same property)."""


class AclAudit:
    @property
    def profile(self) -> str:
        ...

    @property
    def entries(self) -> int:
        ...

    @property
    def valid_entries(self) -> int:
        ...

    @property
    def icu_version(self) -> str:
        ...

    @property
    def unicode_version(self) -> str:
        ...

    @property
    def findings(self) -> List[AclFinding]:
        ...


class _Acl:
    """What AllowList and DenyList share (not a runtime class)."""

    def __init__(self, profile: Union[Profile, str],
                 entries: Iterable[Union[str, bytes]]) -> None:
        ...

    def __contains__(self, __credential: Any) -> bool:
        ...

    def audit(self, *, max_restriction_level: str = ...) -> AclAudit:
        ...

    def entries(self) -> List[AclEntry]:
        ...

    @property
    def invalid_entries(self) -> List[AclInvalidEntry]:
        ...

    def __len__(self) -> int:
        ...

    @property
    def entry_count(self) -> int:
        ...

    @property
    def bom_entries(self) -> List[int]:
        ...

    @property
    def file_signature(self) -> bool:
        ...

    @property
    def profile(self) -> Profile:
        ...

    @property
    def mode(self) -> str:
        ...

    @property
    def icu_version(self) -> str:
        ...

    @property
    def unicode_version(self) -> str:
        ...

    @property
    def memory_usage(self) -> int:
        ...


class AllowList(_Acl):
    @staticmethod
    def parse(profile: Union[Profile, str],
              text: Union[str, bytes]) -> 'AllowList':
        ...

    @staticmethod
    def from_text(profile: Union[Profile, str],
                  text: Union[str, bytes]) -> 'AllowList':
        """Alias of AllowList.parse (the same function)."""

    @staticmethod
    def load(profile: Union[Profile, str],
             path: _PathArg) -> 'AllowList':
        ...

    @staticmethod
    def from_file(profile: Union[Profile, str],
                  path: _PathArg) -> 'AllowList':
        """Alias of AllowList.load (the same function)."""

    def grants(self, __credential: _Text) -> AclLookup:
        ...


class DenyList(_Acl):
    @staticmethod
    def parse(profile: Union[Profile, str],
              text: Union[str, bytes]) -> 'DenyList':
        ...

    @staticmethod
    def from_text(profile: Union[Profile, str],
                  text: Union[str, bytes]) -> 'DenyList':
        """Alias of DenyList.parse (the same function)."""

    @staticmethod
    def load(profile: Union[Profile, str],
             path: _PathArg) -> 'DenyList':
        ...

    @staticmethod
    def from_file(profile: Union[Profile, str],
                  path: _PathArg) -> 'DenyList':
        """Alias of DenyList.load (the same function)."""

    def resembles(self, __credential: _Text) -> AclLookup:
        ...


class RegistrationPolicy:
    def __init__(self,
                 *,
                 protected_names: Optional[Iterable[Union[str, bytes]]] = ...,
                 exemptions: Iterable[str] = ...,
                 max_restriction_level: str = ...,
                 refuse_mixed_numbers: bool = ...,
                 skeleton_order: str = ...) -> None:
        ...

    @staticmethod
    def default() -> 'RegistrationPolicy':
        ...

    @staticmethod
    def load(path: _PathArg) -> 'RegistrationPolicy':
        ...

    @staticmethod
    def parse(text: Union[str, bytes],
              source: str = ...) -> 'RegistrationPolicy':
        ...

    @staticmethod
    def from_toml(text: Union[str, bytes],
                  source: str = ...) -> 'RegistrationPolicy':
        """Alias of RegistrationPolicy.parse (the same function)."""

    @property
    def protected_names(self) -> List[Union[str, bytes]]:
        ...

    @property
    def exemptions(self) -> List[str]:
        ...

    @property
    def max_restriction_level(self) -> str:
        ...

    @property
    def refuse_mixed_numbers(self) -> bool:
        ...

    @property
    def skeleton_order(self) -> str:
        ...

    def __eq__(self, other: object) -> bool:
        ...


class RegistrationRecord:
    # enforced, key and lookalike_keys have the type of the name.
    @property
    def enforced(self) -> Union[str, bytes]:
        ...

    @property
    def key(self) -> Union[str, bytes]:
        ...

    @property
    def lookalike_keys(self) -> List[Union[str, bytes]]:
        ...

    @property
    def restriction_level(self) -> str:
        ...

    @property
    def scripts(self) -> List[str]:
        ...

    @property
    def display(self) -> str:
        ...

    @property
    def version_tag(self) -> str:
        ...

    def __eq__(self, other: object) -> bool:
        ...


class RegistrationDecision:
    @property
    def outcome(self) -> str:
        ...

    @property
    def accepted(self) -> bool:
        ...

    @property
    def record(self) -> Optional[RegistrationRecord]:
        ...

    @property
    def rejection(self) -> Optional[Rejected]:
        ...

    # conflict and shared_key have the type of the name.
    @property
    def conflict(self) -> Optional[Union[str, bytes]]:
        ...

    @property
    def shared_key(self) -> Optional[Union[str, bytes]]:
        ...

    @property
    def identifier(self) -> int:
        ...

    def __bool__(self) -> bool:
        ...


class Registry:
    def __init__(self,
                 profile: Union[Profile, str],
                 policy: Optional[RegistrationPolicy] = ...) -> None:
        ...

    @staticmethod
    def load(profile: Union[Profile, str],
             path: _PathArg,
             *,
             policy: Optional[RegistrationPolicy] = ...) -> 'Registry':
        ...

    def decide(self, name: _Text,
               others: Iterable[_Text] = ...) -> RegistrationDecision:
        ...

    def register(self, name: _Text,
                 others: Iterable[_Text] = ...) -> RegistrationDecision:
        ...

    def add(self, name: _Text, others: Iterable[_Text] = ...) -> None:
        ...

    def __len__(self) -> int:
        ...

    @property
    def accounts(self) -> int:
        ...

    @property
    def skipped(self) -> int:
        ...

    @property
    def memory_usage(self) -> int:
        ...

    @property
    def profile(self) -> Profile:
        ...

    @property
    def policy(self) -> RegistrationPolicy:
        ...


def registration_record(
        profile: Union[Profile, str],
        name: _Text,
        *,
        policy: Optional[RegistrationPolicy] = ...) -> RegistrationRecord:
    ...


def name_record(profile: Union[Profile, str],
                name: _Text,
                *,
                policy: Optional[RegistrationPolicy] = ...) -> str:
    ...


def export_records(
        profile: Union[Profile, str],
        names: Iterable[_Text],
        *,
        policy: Optional[RegistrationPolicy] = ...) -> List[str]:
    ...


class RecordChange:
    @property
    def kind(self) -> str:
        ...

    @property
    def line(self) -> int:
        ...

    @property
    def name(self) -> Union[str, bytes]:
        ...

    @property
    def old_key(self) -> str:
        ...

    @property
    def new_key(self) -> str:
        ...

    @property
    def old_lookalike_keys(self) -> List[str]:
        ...

    @property
    def new_lookalike_keys(self) -> List[str]:
        ...

    @property
    def rule(self) -> str:
        ...

    @property
    def other_line(self) -> int:
        ...

    @property
    def other_name(self) -> Union[str, bytes]:
        ...

    @property
    def other_old_key(self) -> str:
        ...

    @property
    def shared_key(self) -> str:
        ...


class RecordGroupMember:
    @property
    def line(self) -> int:
        ...

    @property
    def name(self) -> Union[str, bytes]:
        ...

    @property
    def new_key(self) -> str:
        ...

    @property
    def was_valid(self) -> bool:
        ...

    @property
    def old_key(self) -> str:
        ...

    @property
    def old_lookalike_keys(self) -> List[str]:
        ...

    @property
    def new_to_group(self) -> bool:
        ...

    @property
    def new_partners(self) -> int:
        ...


class RecordGroup:
    @property
    def kind(self) -> str:
        ...

    @property
    def key(self) -> str:
        ...

    @property
    def members(self) -> List[RecordGroupMember]:
        ...

    @property
    def new_pairs(self) -> int:
        ...


class RecordVerification:
    @property
    def records(self) -> int:
        ...

    @property
    def valid(self) -> int:
        ...

    @property
    def changed_names(self) -> int:
        ...

    @property
    def record_version_tags(self) -> List[str]:
        ...

    @property
    def version_tag(self) -> str:
        ...

    @property
    def changes(self) -> List[RecordChange]:
        ...

    @property
    def groups(self) -> List[RecordGroup]:
        ...

    @property
    def new_collision_pairs(self) -> int:
        ...

    @property
    def new_lookalike_pairs(self) -> int:
        ...

    def __bool__(self) -> bool:
        ...


def audit_file(profile: Union[Profile, str],
               path: _PathArg,
               *,
               max_restriction_level: str = ...,
               memory_budget: int = ...,
               temp_dir: Optional[_PathArg] = ...) -> AclAudit:
    ...


def verify_records(
        profile: Union[Profile, str],
        records: Union[_Text, Iterable[_Text]],
        *,
        policy: Optional[RegistrationPolicy] = ...) -> RecordVerification:
    ...


class VersionTagParts:
    @property
    def library(self) -> str:
        ...

    @property
    def icu(self) -> str:
        ...

    @property
    def unicode(self) -> str:
        ...


def version_tag() -> str:
    ...


def parse_version_tag(tag: Union[str, bytes]) -> VersionTagParts:
    ...
