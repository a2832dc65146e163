// SPDX-License-Identifier: Apache-2.0
// The CLI's commands and their usage texts.

#include "src/cli/command_table.h"

#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"

namespace u8guard::cli {
namespace {

constexpr char kUsageHead[] =
    R"(usage: u8guard COMMAND [FLAG]... [--] [ARG]...
       u8guard --version | -V
       u8guard --help | -h

commands:
)";

// The rest of the tool's usage, after the list of commands (Commands()'
// summaries, then kHelpSummary).
constexpr char kUsageTail[] =
    R"(
Every command but path read (which writes files' bytes) and records export
(which writes JSON) takes -f, --format=text|json (JSON: one object per line;
a rejected input has "error", "rule", "offset" and, when a code point is to
blame, "code_point" ("U+200B") and "code_point_value" (8203)).
With no STRING (PATH, ID, NAME) arguments, key, enforce, skeleton, path
sanitize, path read, acl lookup and register read standard input, one input
per line (the "\n" is removed; nothing else is), and answer each line as it
is read; --line-buffered flushes standard output after every answer (for use
as a co-process).
--profile-dir=DIR loads policy files from DIR before the built-in profiles.
acl lookup, records export, and acl audit and records verify with
--memory-budget=0, refuse files over --max-acl-bytes=N (1 GiB); acl audit and
records verify otherwise read files of any size in --memory-budget=BYTES
(64M), with temporary files in --temp-dir=DIR ($TMPDIR, else /tmp).
acl audit, records export, records verify and register show their progress
(records done, the rate, the time left) on standard error when it is a
terminal, as a line redrawn in place; --progress shows it anywhere (else
as a line a second, then a final line), --no-progress never. Standard
output is the same either way.
The aliases listed under a command are that command in every respect
(canon, acl export and acl verify are the names u8guard 0.1 gave key,
records export and records verify; validate is another name for check).
Profiles are named as `u8guard profiles` lists them or, for the PRECIS
profiles, as the RFCs do (UsernameCaseMapped, UsernameCasePreserved,
OpaqueString, Nickname, IdentifierClass, FreeformClass).
Flags are --name=VALUE (booleans: --name, --noname); they may be written
with dashes or underscores (--percent-decode). Short forms take their value
as the next argument: -p NAME (--profile), -f FORMAT (--format), -a FILE
(--acl), -r DIR (--root); -h is --help, -V --version. "--" ends the flags:
put untrusted inputs after it, or on standard input.

exit status: 0 success, 1 a negative answer (invalid, rejected, different,
not found, findings), 2 usage or I/O error (a failed write included)
)";

// key: its line in the list of commands of `u8guard --help`.
constexpr char kKeySummary[] =
    R"(  key --profile=NAME [STRING]...     comparison key per input
)";

constexpr char kKeyUsage[] =
    R"(usage: u8guard key -p|--profile=NAME [--profile-dir=DIR]
                   [-f|--format=text|json] [--line-buffered] [--] [STRING]...

Prints the comparison key of each STRING or, with none, of each line
of standard input (the "\n" removed), answering each line as it is read,)";

// enforce: its line in the list of commands of `u8guard --help`.
constexpr char kEnforceSummary[] =
    R"(  enforce --profile=NAME [STRING]... stored/display form per input
)";

constexpr char kEnforceUsage[] =
    R"(usage: u8guard enforce -p|--profile=NAME [--profile-dir=DIR]
                       [-f|--format=text|json] [--line-buffered] [--] [STRING]...

Prints the enforced (stored/display) form of each STRING or, with none, of
each line of standard input (the "\n" removed), answering each line as it
is read,)";

// The rest of key's and enforce's usage.
constexpr char kKeyUsageRest[] =
    R"( or "rejected: MESSAGE". JSON: {"input", "ok", "output"} or
{"input", "ok", "error", "rule", "offset", "code_point", "code_point_value"}
("code_point", "U+200B", and "code_point_value", 8203, when one is to
blame), with "input_hex" when the input is not UTF-8. An
input longer than the profile's max_input_bytes is rejected without being
held whole; JSON shows its first 256 bytes, "input_truncated": true and
"input_bytes".
  -p, --profile=NAME    a profile (`u8guard profiles`, or an RFC's name:
                        UsernameCaseMapped, ...)
  --profile-dir=DIR     load policy files (*.toml) from DIR before the
                        built-ins
  -f, --format=FORMAT   text (the default) or json
  --line-buffered       flush standard output after every answer
Put untrusted strings after "--", or on standard input.

exit status: 0 all accepted, 1 some rejected, 2 usage or I/O error
)";

// check: its line in the list of commands of `u8guard --help`.
constexpr char kCheckSummary[] =
    R"(  check [FILE|-]...                  strict UTF-8 validation (RFC 3629); prints FILE:OFFSET: KIND
)";

constexpr char kCheckUsage[] =
    R"(usage: u8guard check [-f|--format=text|json] [--threads=N] [--map[=false]]
                     [--] [FILE|-]...

Validates each FILE ("-" or none: standard input, from its offset; a
regular file there is read as FILE would be) as strict UTF-8 (RFC 3629),
streamed in constant memory. Prints "FILE: ok" or "FILE:OFFSET: KIND" (the
0-based byte offset of the first error). JSON: {"file", "valid",
"valid_up_to", "error", "rule", "error_len"} ("error": "overlong", "rule":
"utf8/overlong"), or {"file", "io_error"}.

  --threads=N  threads that read one regular file at once, each a range of
               it, for files of 32 MiB and more (at most one per 16 MiB, and
               16); 0, the default: one per CPU; 1: read in order. The answer
               is the same either way.
  --map        map regular files instead of copying them out of the page
               cache with read(); --map=false reads them. Neither, the
               default: read, but map a file of 32 MiB or more where that
               measures faster (each thread maps one window of its range and
               reads as much, and goes on the faster way). A file truncated
               while it is mapped is read again where it changed.

exit status: 0 all valid, 1 some invalid, 2 usage or I/O error
)";

// compare: its line in the list of commands of `u8guard --help`.
constexpr char kCompareSummary[] =
    R"(  compare --profile=NAME A B         exit 0 equivalent, 1 not (a rejected input is "not")
)";

constexpr char kCompareUsage[] =
    R"(usage: u8guard compare -p|--profile=NAME [--profile-dir=DIR]
                       [-f|--format=text|json] [--] A B

Prints "equivalent" or "different" for A and B under the profile, with the
reason when one is rejected (a rejected input is equivalent to nothing).
JSON: {"a", "b", "equivalent", "key_a" or "error_a", "key_b" or "error_b"}.

exit status: 0 equivalent, 1 different, 2 usage or I/O error
)";

// skeleton: its lines in the list of commands of `u8guard --help`.
constexpr char kSkeletonSummary[] =
    R"(  skeleton --profile=NAME [STRING]...
                                     UTS #39 skeleton (or --lookalike-keys) per input
)";

constexpr char kSkeletonUsage[] =
    R"(usage: u8guard skeleton -p|--profile=NAME [--lookalike-keys]
                        [--order=logical|ltr|rtl]
                        [--profile-dir=DIR] [-f|--format=text|json]
                        [--line-buffered] [--] [STRING]...

Prints the UTS #39 confusable skeleton of the comparison key of each STRING
or, with none, of each line of standard input (the "\n" removed), answering
each line as it is read, or "rejected: MESSAGE". Two strings look alike when
their skeletons are equal. With --lookalike-keys, prints the look-alike keys
instead: the key's skeleton, then the folded skeleton of the key in
capitals when it differs (1 to 3 keys, separated by a tab; a tab in a key is
shown escaped). Two names look alike, as `acl audit` and `register` decide
it, exactly when they share a look-alike key. With --order=ltr or rtl, both
read the key as shown on one line of a left-to-right or right-to-left
paragraph (UTS #39 bidi skeletons: reordered by the Unicode Bidirectional
Algorithm, right-to-left characters mirrored), as a registration policy's
skeleton_order does; logical, the default, reads it as stored. Skeletons and
look-alike keys are for comparison only: never keys, never shown as names.
Text output is escaped as canon's is. JSON: {"input", "ok", "skeleton"},
{"input", "ok", "lookalike_keys": [...]} or {"input", "ok", "error", "rule",
"offset", "code_point", "code_point_value"} (the code point's two when one
is to blame), with "input_hex" when the input is not UTF-8. An input longer
than the profile's max_input_bytes is rejected without being held whole;
JSON shows its first 256 bytes, "input_truncated": true and "input_bytes".
  -p, --profile=NAME    a profile (`u8guard profiles`, or an RFC's name:
                        UsernameCaseMapped, ...)
  --lookalike-keys      the look-alike keys instead of the skeleton
  --order=ORDER         logical (the default), ltr or rtl: the key as
                        stored or as shown in a paragraph of that direction
  --profile-dir=DIR     load policy files (*.toml) from DIR before the
                        built-ins
  -f, --format=FORMAT   text (the default) or json
  --line-buffered       flush standard output after every answer
Put untrusted strings after "--", or on standard input.

exit status: 0 all accepted, 1 some rejected, 2 usage or I/O error
)";

// path sanitize: its lines in the list of commands of `u8guard --help`.
constexpr char kPathSummary[] =
    R"(  path sanitize [PATH]...            safe relative path per input, or "rejected: REASON"
      [--percent-decode] [--normalization=NFC|NFKC] [--root=DIR]
      [--dot-dot=reject|resolve] [--backslash-is-separator] [--windows]
      [--allow-hidden] [--leading-separator-is-root]
)";

constexpr char kPathUsage[] =
    R"(usage: u8guard path sanitize [--percent-decode]
           [--normalization=NFC|NFKC | --nfkc] [-r|--root=DIR]
           [--dot-dot=reject|resolve] [--backslash-is-separator | --backslash]
           [--windows] [--allow-hidden] [--leading-separator-is-root]
           [-f|--format=text|json] [--line-buffered] [--] [PATH]...

Prints each PATH or, with none, each line of standard input (answered as it
is read) as a safe relative path, or "rejected: MESSAGE". JSON: {"input",
"ok", "output"} or {"input", "ok", "error", "rule", "offset", "code_point",
"code_point_value"} (the code point's two when one is to blame). An input over
4 * 4096 + 64 bytes is rejected without being held whole (JSON shows its
first 256 bytes, "input_truncated": true and "input_bytes").
  --percent-decode   decode %XX escapes once per segment, strictly
  --normalization=FORM
                     normalize segments with NFC (the default) or NFKC
                     (alias: --nfkc, which is --normalization=NFKC; the two
                     may not disagree)
  -r, --root=DIR     join results under DIR (never left)
  --dot-dot=POLICY   ".." segments: reject (the default), or resolve (never
                     above the root)
  --backslash-is-separator
                     "\" is a separator too (alias: --backslash)
  --windows          Windows rules: reserved names, trailing dots and spaces,
                     < > : " | ? *, "\" as a separator
  --allow-hidden     allow segments that start with "."
  --leading-separator-is-root
                     read a leading "/" as the root (request paths)
  --line-buffered    flush standard output after every answer

exit status: 0 all accepted, 1 some rejected, 2 usage or I/O error
)";

// path read: its lines in the list of commands of `u8guard --help`.
constexpr char kPathReadSummary[] =
    R"(  path read --root=DIR [PATH]...     each file's bytes, opened beneath DIR only (a safe cat)
      [--symlinks=none|inside] [--no-xdev] and the flags of path sanitize
)";

constexpr char kPathReadUsage[] =
    R"(usage: u8guard path read --root=DIR [--symlinks=none|inside] [--no-xdev]
           [--resolver=auto|openat2|walk] [--percent-decode]
           [--normalization=NFC|NFKC | --nfkc] [--dot-dot=reject|resolve]
           [--backslash-is-separator | --backslash] [--windows]
           [--allow-hidden] [--leading-separator-is-root] [--] [PATH]...

Writes the bytes of each PATH or, with none, of each file named by a line of
standard input, to standard output, opened beneath DIR only: each PATH is
sanitized as `path sanitize` does, then opened relative to DIR with the
kernel's confinement (openat2 RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS, or a
component-by-component walk with the same guarantees where openat2 is
missing), so that no link, "..", /proc magic link or concurrent rename leads
out of DIR. A PATH that is refused or not found is reported on standard
error ("u8guard path read: "PATH": MESSAGE", with the rule) and the next one
is read.
  --root=DIR         the directory to read beneath (required)
  --symlinks=POLICY  none (the default): any symbolic link is refused
                     (open/symlink); inside: links are followed while they
                     stay beneath DIR (open/escapes_root otherwise)
  --no-xdev          refuse to cross a mount point (open/cross_device)
  --resolver=NAME    auto (openat2 where the kernel has it), openat2 or walk
  and the flags of `path sanitize` (see `u8guard path sanitize --help`),
  but for --root

exit status: 0 all read, 1 some refused, not found or directories, 2 usage
or I/O error (a file that may not be read, or a read that fails, stops the
command)
)";

// acl audit: its line in the list of commands of `u8guard --help`.
constexpr char kAclAuditSummary[] =
    R"(  acl audit --profile=NAME FILE      collisions, look-alikes, mixed scripts, invalid entries, BOMs
)";

constexpr char kAclAuditUsage[] =
    R"(usage: u8guard acl audit -p|--profile=NAME [--profile-dir=DIR]
                         [--max-restriction-level=LEVEL]
                         [--max-acl-bytes=N] [-f|--format=text|json]
                         [--memory-budget=BYTES] [--temp-dir=DIR]
                         [--progress] [--] FILE

Audits the ACL FILE (one entry per line) under the profile and prints each
finding, in the order of the file ("FILE:LINE: FINDING"): the file
signature, BOMs, invalid entries, collisions, look-alikes and mixed-script
entries; then a summary line. Entries, keys and skeletons are shown up to 256 bytes each
("..." and the length mark a cut; JSON: "entry_truncated", "entry_bytes").
  -p, --profile=NAME a profile (`u8guard profiles`)
  --max-restriction-level=LEVEL
                     report entries mixing scripts beyond LEVEL: ascii,
                     single_script_restrictive (the default),
                     highly_restrictive, moderately_restrictive,
                     minimally_restrictive or unrestrictive
  --memory-budget=BYTES
                     audit in about BYTES of memory at any size (default
                     64M; K, M, G, T: powers of 1024): the file streamed,
                     its entries sorted by key and skeleton in temporary
                     files, the findings printed once it is read; 0: the
                     list held in memory (about 140 bytes an entry) and
                     each finding printed as it is found, the same
                     findings in the same order
  --temp-dir=DIR     the directory of the temporary files (default:
                     $TMPDIR, else /tmp); they have no name and vanish on
                     exit
  --max-acl-bytes=N  with --memory-budget=0: refuse ACL files larger than
                     N bytes (default 1 GiB)
  --progress         entries read, then grouped (in memory: loaded, then
                     audited), the rate and the time left, on standard
                     error (default: when it is a terminal);
                     --no-progress: never

exit status: 0 nothing found, 1 findings, 2 usage or I/O error
)";

// acl lookup: its lines in the list of commands of `u8guard --help`.
constexpr char kAclLookupSummary[] =
    R"(  acl lookup --profile=NAME --acl=FILE [--mode=exact|skeleton] [ID]...
                                     the entry each ID matches (exact) or resembles (skeleton)
)";

constexpr char kAclLookupUsage[] =
    R"(usage: u8guard acl lookup -p|--profile=NAME -a|--acl=FILE
           [--mode=exact|skeleton] [--profile-dir=DIR] [--max-acl-bytes=N]
           [-f|--format=text|json] [--line-buffered] [--] [ID]...

Looks up each ID or, with none, each line of standard input (answered as it
is read) in the ACL FILE, and prints the entry it matches or resembles, "no
match", "resembles nothing" or "rejected: MESSAGE". JSON: {"id", "mode",
"found", "line", "index", "original", "entry", "key"} ("entry", the same as
"original", is its name in 0.1), with "error", "rule", "offset" and
"code_point" when the profile rejects the ID.
  -p, --profile=NAME a profile (`u8guard profiles`)
  -a, --acl=FILE     the ACL, one entry per line
  --mode=exact       allow lists: only canonical equality grants (default)
  --mode=skeleton    deny lists: UTS #39 look-alikes; never grants
  --max-acl-bytes=N  refuse ACL files larger than N bytes (default 1 GiB)
  --line-buffered    flush standard output after every answer
Put untrusted IDs after "--", or on standard input.

exit status: 0 every ID found, 1 some not, 2 usage or I/O error
)";

// register: its lines in the list of commands of `u8guard --help`.
constexpr char kRegisterSummary[] =
    R"(  register --profile=NAME [--acl=FILE] [NAME]...
                                     may each NAME sign up? accepted, or refused and why
      [--policy=FILE] [--others=A,B] [--add]
)";

constexpr char kRegisterUsage[] =
    R"(usage: u8guard register -p|--profile=NAME [-a|--acl=FILE] [--policy=FILE]
           [--others=A,B] [--add] [--profile-dir=DIR] [-f|--format=text|json]
           [--line-buffered] [--progress] [--] [NAME]...

Decides whether each NAME or, with none, each line of standard input
(answered as it is read) may sign up beside the names of the ACL FILE
(none: an empty registry), and prints `"NAME": accepted (key "KEY")` or
`"NAME": refused: OUTCOME: DETAIL`. OUTCOME is rejected (the profile
rejects it; DETAIL is why), protected_name (it is, or looks like, a
protected name), restriction_level (it mixes scripts more than the policy
allows), mixed_numbers (its digits are of more than one decimal system,
such as ASCII 1 with Devanagari one), collision (a registered name has its
key), lookalike (it shares a look-alike key with a registered name) or
cross_field_clash (an identifier of --others clashes, or the name clashes
with an other identifier); DETAIL then names what it clashes with and the
shared key. JSON: {"input", "outcome", "accepted", "enforced", "key",
"lookalike_keys", "restriction_level", "scripts", "display", "version_tag",
"identifier", "conflict", "shared_key"}, with "error", "rule", "offset",
"code_point" and "code_point_value" when the profile rejects it; the record
(enforced ... version_tag) is given whole, to be stored with the account.
  -p, --profile=NAME  a profile (`u8guard profiles`)
  -a, --acl=FILE      the registered names, one a line (the ACL format);
                      names the profile rejects are skipped (counted on
                      standard error)
  --policy=FILE       a registration policy (TOML: protected_names,
                      protected_names_file, confusable_exemptions,
                      max_restriction_level, refuse_mixed_numbers,
                      skeleton_order); default: the built-in protected
                      names, no exemptions, highly_restrictive, mixed
                      numbers refused, logical order
  --others=A,B        the account's other identifiers (an email's local
                      part, a display handle), checked with each NAME
  --add               add each accepted NAME to the registry, so that the
                      names after it are decided against it (a batch of
                      sign-ups); by default each NAME is decided alone
  --line-buffered     flush standard output after every answer
  --progress          names decided, the rate and, when standard input is
                      a file, the time left, on standard error (default:
                      when it is a terminal and standard output is not);
                      --no-progress: never
Put untrusted names after "--", or on standard input.

exit status: 0 all accepted, 1 some refused, 2 usage or I/O error
)";

// records export: its lines in the list of commands of `u8guard --help`.
constexpr char kRecordsExportSummary[] =
    R"(  records export --profile=NAME FILE the record of each name (key, look-alike keys, versions)
)";

constexpr char kRecordsExportUsage[] =
    R"(usage: u8guard records export -p|--profile=NAME [--policy=FILE]
                              [--profile-dir=DIR] [--max-acl-bytes=N]
                              [--progress] [--] FILE

Before an upgrade of ICU or u8guard: prints the record of each name of FILE
(the ACL format: one name per line), as the versions running now derive
it, one JSON object per line: {"name", "profile", "valid", "key",
"lookalike_keys", "version_tag"}, or "valid": false and "rule" for a name
the profile rejects; "name_hex" instead of "name" for one that is not
UTF-8. Keep the output: after the upgrade, `u8guard records verify` compares
it with what the new versions derive (docs/upgrading.md). A summary goes
to standard error.
  -p, --profile=NAME  a profile (`u8guard profiles`)
  --policy=FILE       a registration policy (its confusable exemptions shape
                      the look-alike keys; `u8guard register --help`)
  --max-acl-bytes=N   refuse files larger than N bytes (default 1 GiB)
  --progress          names exported, the rate and the time left, on
                      standard error (default: when it is a terminal);
                      --no-progress: never

exit status: 0 exported, 2 usage or I/O error
)";

// records verify: its lines in the list of commands of `u8guard --help`.
constexpr char kRecordsVerifySummary[] =
    R"(  records verify --profile=NAME RECORDS
                                     what an upgrade changed: keys, new collisions, look-alikes
)";

constexpr char kRecordsVerifyUsage[] =
    R"(usage: u8guard records verify -p|--profile=NAME [--policy=FILE]
                              [--profile-dir=DIR] [--memory-budget=BYTES]
                              [--temp-dir=DIR] [--max-acl-bytes=N]
                              [-f|--format=text|json] [--progress] [--] RECORDS

After an upgrade: derives every name of RECORDS (the output of `u8guard
records export`) again with the versions running now and prints, as
"RECORDS:LINE: KIND: DETAIL", each name whose key changed (key_changed),
whose look-alike keys changed (lookalike_keys_changed), that the profile
rejects now (now_rejected) or accepts now (now_accepted), and a summary of
the pairs that now have one key (new_collision) or share a look-alike key
(new_lookalike) and did not in the records: each later name against the
first one with the key, which can leave pairs out. Then the groups: each
key (collision_group) and look-alike key (lookalike_group) that names now
share and did not before, with all its names, one "member" line each (new
to the group or not, its new partners, its key now, its record's keys):
every new pair is two members of a group (docs/upgrading.md). Then a
summary line. RECORDS is read in pieces and its records grouped by key by
an external sort within --memory-budget, any number of them: the changes
come once the last record is read, then each group as it is made.
JSON: {"file", "kind", "line", "name", "old_key", "new_key",
"old_lookalike_keys", "new_lookalike_keys", "rule", "other_line",
"other_name", "other_old_key", "shared_key"} per change; {"file", "kind",
"line", "shared_key", "new_pairs", "members": [{"line", "name",
"new_to_group", "new_partners", "new_key", "was_valid", "old_key",
"old_lookalike_keys"}]} per group; {"kind": "summary", "profile",
"records", "valid", "changed_names", "changes", "groups",
"new_collision_pairs", "new_lookalike_pairs", "record_version_tags",
"version_tag"}.
  -p, --profile=NAME  the profile the records were exported with
  --policy=FILE       the registration policy they were exported with
  --memory-budget=BYTES
                      the memory for the verification's tables (default
                      64M; suffixes K, M, G, T: powers of 1024); beyond
                      it, sorted runs in temporary files (about twice
                      the size of RECORDS); 0: everything in
                      memory (about 550 bytes a record, RECORDS read
                      whole, changes printed as they are found)
  --temp-dir=DIR      where the temporary files go (default: $TMPDIR, else
                      /tmp); they have no name and vanish on exit
  --max-acl-bytes=N   with --memory-budget=0: refuse files larger than N
                      bytes (default 1 GiB)
  --progress          records verified, the rate and the time left, on
                      standard error (default: when it is a terminal),
                      then what the temporary files held; --no-progress:
                      never

exit status: 0 nothing changed, 1 changes or groups, 2 usage or I/O error
(a malformed record: its line and column)
)";

constexpr char kAclGroupUsage[] =
    R"(usage: u8guard acl audit -p|--profile=NAME FILE
       u8guard acl lookup -p|--profile=NAME -a|--acl=FILE [--mode=exact|skeleton] [ID]...
       u8guard acl export -p|--profile=NAME FILE (alias of records export)
       u8guard acl verify -p|--profile=NAME RECORDS (alias of records verify)

See `u8guard acl audit --help`, `u8guard acl lookup --help`,
`u8guard records export --help` and `u8guard records verify --help`.
)";

constexpr char kRecordsGroupUsage[] =
    R"(usage: u8guard records export -p|--profile=NAME FILE
       u8guard records verify -p|--profile=NAME RECORDS

See `u8guard records export --help` and `u8guard records verify --help`.
)";

constexpr char kPathGroupUsage[] =
    R"(usage: u8guard path sanitize [FLAG]... [--] [PATH]...
       u8guard path read --root=DIR [FLAG]... [--] [PATH]...

See `u8guard path sanitize --help` and `u8guard path read --help`.
)";

// profiles: its line in the list of commands of `u8guard --help`.
constexpr char kProfilesSummary[] =
    R"(  profiles                           built-in profiles and their settings
)";

constexpr char kProfilesUsage[] =
    R"(usage: u8guard profiles [-f|--format=text|json]

Lists the built-in profiles and their settings.

exit status: 0, or 2 for a usage or I/O error
)";

// version: its lines in the list of commands of `u8guard --help`.
constexpr char kVersionSummary[] =
    R"(  version                            library, ICU and Unicode versions, UTF-8 kernel
                                     (also --version, -V)
)";

constexpr char kVersionUsage[] =
    R"(usage: u8guard version [-f|--format=text|json]
       u8guard --version | -V [-f|--format=text|json]

Prints the library, ICU and Unicode versions and the UTF-8 kernel that runs,
with what U8GUARD_KERNEL asked for when that was not honoured. JSON:
{"u8guard", "library", "icu", "unicode", "utf8_kernel"} ("library", the
library's version, is "u8guard" under the name the other surfaces use),
with "utf8_kernel_requested" and "utf8_kernel_note" when U8GUARD_KERNEL
was not honoured.

exit status: 0, or 2 for a usage or I/O error
)";

// help's line in the tool's list of commands (it has no entry in the
// table: Help in main.cc answers it).
constexpr char kHelpSummary[] =
    "  help [COMMAND]                     this text, or a command's (also "
    "COMMAND --help, -h)\n";

constexpr char kHelpUsage[] =
    R"(usage: u8guard help [COMMAND]

Prints the usage of u8guard, or of COMMAND (as `u8guard COMMAND --help`).
)";

// `usage` with a paragraph after its synopsis that names `aliases`:
// "alias: `u8guard acl verify` (the same command)".
std::string WithAliases(std::string_view usage,
                        const std::vector<std::string_view>& aliases) {
  if (aliases.empty()) return std::string(usage);
  const size_t synopsis_end = usage.find("\n\n") + 2;
  std::string names;
  for (const std::string_view alias : aliases) {
    if (!names.empty()) names += ", ";
    names.append("`u8guard ").append(alias).append("`");
  }
  return std::string(usage.substr(0, synopsis_end)) + "alias: " + names +
         " (the same command)\n\n" + std::string(usage.substr(synopsis_end));
}

// The commands on text: check, key, enforce, compare, skeleton.
std::vector<Command> TextCommands() {
  return {
      {"",
       "check",
       kCheckSummary,
       kCheckUsage,
       {"format", "threads", "map"},
       &RunCheck,
       {"validate"}},
      {"",
       "key",
       kKeySummary,
       absl::StrCat(kKeyUsage, kKeyUsageRest),
       {"format", "profile", "profile_dir", "line_buffered"},
       [](const std::vector<std::string>& args, Format format) {
         return RunCanon(args, format, /*enforce=*/false);
       },
       {"canon"}},
      {"",
       "enforce",
       kEnforceSummary,
       absl::StrCat(kEnforceUsage, kKeyUsageRest),
       {"format", "profile", "profile_dir", "line_buffered"},
       [](const std::vector<std::string>& args, Format format) {
         return RunCanon(args, format, /*enforce=*/true);
       }},
      {"",
       "compare",
       kCompareSummary,
       kCompareUsage,
       {"format", "profile", "profile_dir"},
       &RunCompare},
      {"",
       "skeleton",
       kSkeletonSummary,
       kSkeletonUsage,
       {"format", "profile", "profile_dir", "lookalike_keys", "order",
        "line_buffered"},
       &RunSkeleton},
  };
}

// path sanitize, path read, and the path group's own entry.
std::vector<Command> PathCommands() {
  return {
      {"path",
       "sanitize",
       kPathSummary,
       kPathUsage,
       {"format", "percent_decode", "normalization", "nfkc", "root",
        "backslash_is_separator", "backslash", "windows", "allow_hidden",
        "leading_separator_is_root", "dot_dot", "line_buffered"},
       &RunPathSanitize},
      {"path",
       "read",
       kPathReadSummary,
       kPathReadUsage,
       {"root", "symlinks", "no_xdev", "resolver", "percent_decode",
        "normalization", "nfkc", "backslash_is_separator", "backslash",
        "windows", "allow_hidden", "leading_separator_is_root", "dot_dot"},
       &RunPathRead},
      {"path", "", "", kPathGroupUsage, {}, &RunPath},
  };
}

// acl audit, acl lookup, and the acl group's own entry.
std::vector<Command> AclCommands() {
  return {
      {"acl",
       "audit",
       kAclAuditSummary,
       kAclAuditUsage,
       {"format", "profile", "profile_dir", "max_restriction_level",
        "max_acl_bytes", "memory_budget", "temp_dir", "progress"},
       &RunAclAudit},
      {"acl",
       "lookup",
       kAclLookupSummary,
       kAclLookupUsage,
       {"format", "profile", "profile_dir", "acl", "mode", "max_acl_bytes",
        "line_buffered"},
       &RunAclLookup},
      {"acl", "", "", kAclGroupUsage, {}, &RunAcl},
  };
}

// records export, records verify, and the records group's own entry.
std::vector<Command> RecordsCommands() {
  return {
      {"records",
       "export",
       kRecordsExportSummary,
       kRecordsExportUsage,
       {"profile", "profile_dir", "policy", "max_acl_bytes", "progress"},
       &RunAclExport,
       {"acl export"}},
      {"records",
       "verify",
       kRecordsVerifySummary,
       kRecordsVerifyUsage,
       {"format", "profile", "profile_dir", "policy", "memory_budget",
        "temp_dir", "max_acl_bytes", "progress"},
       &RunAclVerify,
       {"acl verify"}},
      {"records", "", "", kRecordsGroupUsage, {}, &RunRecords},
  };
}

// register, profiles, version.
std::vector<Command> AccountAndToolCommands() {
  return {
      {"",
       "register",
       kRegisterSummary,
       kRegisterUsage,
       {"format", "profile", "profile_dir", "acl", "policy", "others", "add",
        "line_buffered", "progress"},
       &RunRegister},
      {"",
       "profiles",
       kProfilesSummary,
       kProfilesUsage,
       {"format"},
       &RunProfiles},
      {"", "version", kVersionSummary, kVersionUsage, {"format"}, &RunVersion},
  };
}

}  // namespace

const std::vector<Command>& Commands() {
  // In --help's order; each usage with its aliases' paragraph.
  static const std::vector<Command>* const kCommands = [] {
    auto* commands = new std::vector<Command>();
    for (const auto area : {&TextCommands, &PathCommands, &AclCommands,
                            &RecordsCommands, &AccountAndToolCommands}) {
      for (Command& c : area()) {
        c.usage = WithAliases(c.usage, c.aliases);
        commands->push_back(std::move(c));
      }
    }
    return commands;
  }();
  return *kCommands;
}

const std::vector<Spelling>& Spellings() {
  static const auto* const kSpellings = [] {
    auto* spellings = new std::vector<Spelling>;
    for (const Command& c : Commands()) {
      if (c.name.empty()) continue;  // a group's own entry
      if (c.group.empty()) {
        spellings->push_back({c.name, "", &c, false});
      } else {
        spellings->push_back({c.group, c.name, &c, false});
      }
      for (const std::string_view alias : c.aliases) {
        const size_t space = alias.find(' ');
        spellings->push_back(space == std::string_view::npos
                                 ? Spelling{alias, "", &c, true}
                                 : Spelling{alias.substr(0, space),
                                            alias.substr(space + 1), &c, true});
      }
    }
    return spellings;
  }();
  return *kSpellings;
}

const Command* FindCommand(const std::vector<std::string>& words,
                           size_t& taken) {
  for (const Spelling& s : Spellings()) {
    if (s.first != words[0]) continue;
    if (s.second.empty()) {
      taken = 1;
      return s.command;
    }
    if (words.size() > 1 && s.second == words[1]) {
      taken = 2;
      return s.command;
    }
  }
  // A group without a subcommand it knows: the group's own entry.
  taken = 1;
  for (const Command& c : Commands()) {
    if (c.name.empty() && c.group == words[0]) return &c;
  }
  return nullptr;
}

std::string FullName(const Command& c) {
  if (c.group.empty()) return std::string(c.name);
  if (c.name.empty()) return std::string(c.group);
  return std::string(c.group) + " " + std::string(c.name);
}

std::string_view Synopsis(std::string_view usage) {
  return usage.substr(0, usage.find("\n\n") + 1);
}

std::string_view ToolUsage() {
  static const auto* const kUsage = [] {
    auto* usage = new std::string(kUsageHead);
    for (const Command& c : Commands()) {
      *usage += c.summary;
      // Under the command's description, as version's "(also ...)".
      for (size_t i = 0; i < c.aliases.size(); ++i) {
        if (i == 0) {
          usage->append(37, ' ').append("(alias: ");
        } else {
          usage->append(", ");
        }
        usage->append(c.aliases[i]);
      }
      if (!c.aliases.empty()) *usage += ")\n";
    }
    *usage += kHelpSummary;
    *usage += kUsageTail;
    return usage;
  }();
  return *kUsage;
}

std::string ShortUsage() {
  // The commands in one list, a group's subcommands after its name:
  // "check, ..., path sanitize|read, acl audit|lookup|export|verify, ...".
  std::vector<std::string> items;
  for (const Command& c : Commands()) {
    if (c.name.empty()) continue;  // a group's own entry
    if (!c.group.empty() && !items.empty() &&
        items.back().starts_with(c.group) &&
        items.back().size() > c.group.size() &&
        items.back()[c.group.size()] == ' ') {
      items.back().append("|").append(c.name);
    } else {
      items.push_back(FullName(c));
    }
  }
  items.emplace_back("help");
  const std::string_view head = kUsageHead;
  std::string out(head.substr(0, head.find('\n') + 1));
  std::string line = "commands:";
  for (size_t i = 0; i < items.size(); ++i) {
    const bool last = i + 1 == items.size();
    // Lines of 79 columns at most.
    if (line.size() + 1 + items[i].size() + (last ? 0 : 1) > 79) {
      out.append(line).append("\n");
      line.assign(1, ' ');  // (not = " ": GCC 12 -Wrestrict)
    }
    line.append(" ").append(items[i]).append(last ? "" : ",");
  }
  out.append(line).append("\n");
  out +=
      "`u8guard help COMMAND` (or `u8guard COMMAND --help`) describes a "
      "command,\n"
      "`u8guard --help` the tool.\n";
  return out;
}

std::string_view HelpUsage() { return kHelpUsage; }

}  // namespace u8guard::cli
