# SPDX-License-Identifier: Apache-2.0
"""u8guard: compare untrusted text securely.

Strict UTF-8 validation (RFC 3629), PRECIS profiles (RFC 8264, 8265, 8266)
on ICU, access-control lists with UTS #39 look-alike detection, and path
sanitization, from the u8guard C++ library.

    >>> import u8guard
    >>> user = u8guard.Profile("username-case-mapped")
    >>> user.canonicalize("\\uff21\\uff24\\uff2d\\uff29\\uff2e")
    'admin'
    >>> user.equivalent("Admin", "admin")
    True

Text arguments are str or bytes; results have the type of the input.
Rejected input raises u8guard.Rejected (a ValueError) naming the rule, the
byte offset (offset) and the index into what you passed (index).

Registry(profile) decides sign-ups: registry.register(name) accepts a name,
or refuses it with the reason (a protected name, mixed scripts, taken, a
look-alike of a registered name) and returns the RegistrationRecord to
store with the account.

open_beneath(root, path) opens an untrusted path beneath a root directory
only: sanitized first, then resolved with the kernel's confinement, so that
no symbolic link, "..", /proc magic link or concurrent rename leads out.

u8guard.precis offers precis_i18n's API (get_profile(name).enforce(s)) on
the same engine, so that code written for precis_i18n switches by import.
"""

from u8guard._rejected import Rejected

try:
    from u8guard._u8guard import (GIL_RELEASE_MIN_BYTES, AclAudit, AclEntry,
                                  AclFinding, AclInvalidEntry, AclLookup,
                                  AllowList, DenyList, PathOptions, Profile,
                                  RecordChange, RecordGroup, RecordGroupMember,
                                  RecordVerification, RegistrationDecision,
                                  RegistrationPolicy, RegistrationRecord,
                                  Registry, Utf8Result, VersionTagParts,
                                  __version__, audit_file, build_tables,
                                  builtin_profiles,
                                  constant_time_equals, create_beneath_fd,
                                  escape_for_display, export_records,
                                  icu_version, library_version, load_profiles,
                                  mkdir_beneath, name_record, open_beneath_fd,
                                  openat2_available, parse_version_tag,
                                  registration_record, rule_description,
                                  rule_ids, sanitize_path, unicode_version,
                                  utf8_kernel, validate_utf8, verify_records,
                                  version_tag)
except ModuleNotFoundError as e:
    if e.name != 'u8guard._u8guard':
        raise
    # Built for another Python, or not built: say which, in plain words.
    from u8guard._why import why_no_extension
    raise ImportError(why_no_extension(), name=e.name) from None

from u8guard._beneath import open_beneath  # needs the extension module

__all__ = [
    'GIL_RELEASE_MIN_BYTES',
    'AclAudit',
    'AclEntry',
    'AclFinding',
    'AclInvalidEntry',
    'AclLookup',
    'AllowList',
    'DenyList',
    'PathOptions',
    'Profile',
    'RecordChange',
    'RecordGroup',
    'RecordGroupMember',
    'RecordVerification',
    'RegistrationDecision',
    'RegistrationPolicy',
    'RegistrationRecord',
    'Registry',
    'Rejected',
    'Utf8Result',
    'VersionTagParts',
    '__version__',
    'audit_file',
    'build_tables',
    'builtin_profiles',
    'constant_time_equals',
    'create_beneath_fd',
    'escape_for_display',
    'export_records',
    'icu_version',
    'library_version',
    'load_profiles',
    'mkdir_beneath',
    'name_record',
    'open_beneath',
    'open_beneath_fd',
    'openat2_available',
    'parse_version_tag',
    'registration_record',
    'rule_description',
    'rule_ids',
    'sanitize_path',
    'unicode_version',
    'utf8_kernel',
    'validate_utf8',
    'verify_records',
    'version_tag',
]
