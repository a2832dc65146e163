// SPDX-License-Identifier: Apache-2.0
// Profiles: the policy of one protocol element (RFC 8264 §5), read from TOML.
//
// A Profile says how untrusted text for that element becomes its stored form
// and its comparison key: BOM policy (RFC 3629 §6), string class (PRECIS
// IdentifierClass, FreeformClass, or any valid text), width mapping,
// additional mapping, case mapping, normalization, directionality (RFC 5893
// Bidi Rule), and length bounds. The built-in profiles (policies/*.toml) are
// compiled into the library; a deployment can load its own files.

#ifndef U8GUARD_PROFILE_H_
#define U8GUARD_PROFILE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "u8guard/bom.h"
#include "u8guard/case_mapping.h"
#include "u8guard/export.h"
#include "u8guard/normalize.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Which code points may remain after the mappings (RFC 8264 §4).
enum class StringClass : uint8_t {
  kIdentifier,  // PRECIS IdentifierClass: PVALID, CONTEXTJ/O in context
  kFreeform,    // PRECIS FreeformClass: also FREE_PVAL (spaces, symbols...)
  kAnyText,     // any valid UTF-8 (no PRECIS classification)
};

// The additional mapping rule (RFC 8264 §5.2.2).
enum class SpaceMapping : uint8_t {
  kNone,
  // Non-ASCII spaces (General_Category Zs) become U+0020 (RFC 8265 §4.2).
  kToAscii,
  // As kToAscii, then leading and trailing spaces are removed and runs of
  // spaces become one (RFC 8266 §2.2).
  kToAsciiTrimCollapse,
};

// The directionality rule (RFC 8264 §5.2.5).
enum class Directionality : uint8_t {
  kNone,
  // RFC 5893's Bidi Rule, applied to strings that contain right-to-left
  // code points (RFC 8265 §3.3.3).
  kBidiRule,
};

// The code points a profile's input may hold at all, before any rule: the
// repertoire subsets of RFC 9839 §4 for protocol elements, each a subset
// of the one before. Checked on the caller's text, so a code point outside
// is rejected at its own offset (rules kRepertoireControl,
// kRepertoireNoncharacter) even where a mapping would remove it.
enum class Repertoire : uint8_t {
  kAny,                 // every Unicode scalar value: valid UTF-8 is enough
  kUnicodeScalars,      // RFC 9839 §4.1: the same as kAny in UTF-8
  kXmlCharacters,       // §4.2: no C0 control but TAB, LF, CR; no U+FFFE,
                        // U+FFFF
  kUnicodeAssignables,  // §4.3: no legacy control (C0 but TAB, LF, CR; DEL;
                        // C1), no noncharacter
};

// Confusable handling for ACLs built with this profile (layer 5).
enum class ConfusablesPolicy : uint8_t {
  kNone,      // canonical equality only
  kSkeleton,  // also compare UTS #39 skeletons (deny lists, registration)
};

// The largest input any profile takes, 64 MiB: ICU counts lengths in 32
// bits, and NFKC can multiply a length by 18. A larger max_input_bytes
// acts as this one; a policy file that asks for more is refused.
inline constexpr size_t kMaxInputBytesLimit = size_t{64} << 20;

// The policy of one protocol element.
struct Profile {
  std::string name;         // e.g. "username-case-mapped"
  std::string description;  // one line
  BomPolicy bom = BomPolicy::kReject;
  StringClass string_class = StringClass::kIdentifier;
  // Fullwidth and halfwidth characters map to their <wide>/<narrow>
  // decompositions (RFC 8265 §3.3.1).
  bool width_mapping = false;
  SpaceMapping additional_mapping = SpaceMapping::kNone;
  // Case mapping of the enforced (stored, displayed) form.
  CaseMapping case_mapping = CaseMapping::kNone;
  // Case mapping of the comparison key; differs from case_mapping only where
  // the RFC maps case for comparison alone (Nickname, RFC 8266 §2.4).
  CaseMapping key_case_mapping = CaseMapping::kNone;
  NormalizationForm normalization = NormalizationForm::kNfc;
  Directionality directionality = Directionality::kNone;
  ConfusablesPolicy confusables = ConfusablesPolicy::kNone;
  // Apply the mapping rules a second time before the stability check, as
  // RFC 8266 §2.3 requires for Nickname (trimming can expose a mapping that
  // case mapping or NFKC then changes). Otherwise the first result must
  // already be stable.
  bool reapply_rules = false;
  // Bounds on the input, checked before any work (a guard against huge
  // inputs), and on the enforced output. The input bound is at most
  // kMaxInputBytesLimit whatever this says (policy files may not say more).
  size_t max_input_bytes = 4096;
  // At most this many non-starters (combining marks, in the NFKD form) in a
  // row: UAX #15 §13's Stream-Safe Text Format, 30 by default. Checked in
  // the first pass over the code points, before ICU sees the input: ICU
  // reorders a run of marks in quadratic time. A longer run is rejected
  // ("stream_unsafe", at the first mark past the bound); u8guard never
  // inserts U+034F. At least 1.
  size_t max_non_starters = 30;
  size_t min_output_bytes = 1;  // RFC 8264 §5.2: empty results are rejected
  size_t max_output_bytes = 1024;
  size_t max_output_code_points = 1024;
  // RFC 9839 §4: which code points the input may hold at all.
  Repertoire repertoire = Repertoire::kAny;
};

// The names policy files use ("identifier", "freeform", "any_text";
// "none", "to_ascii", "to_ascii_trim_collapse"; "none", "bidi_rule";
// "none", "skeleton"), and their parsers, which accept exactly those names
// and return InvalidArgument naming them otherwise. (BomPolicy,
// CaseMapping and NormalizationForm have theirs in bom.h, case_mapping.h
// and normalize.h.) Policy files, the CLI and the library accept exactly
// these spellings.
std::string_view StringClassName(StringClass c);
absl::StatusOr<StringClass> ParseStringClass(std::string_view name);
std::string_view SpaceMappingName(SpaceMapping m);
absl::StatusOr<SpaceMapping> ParseSpaceMapping(std::string_view name);
std::string_view DirectionalityName(Directionality d);
absl::StatusOr<Directionality> ParseDirectionality(std::string_view name);
std::string_view ConfusablesPolicyName(ConfusablesPolicy c);
absl::StatusOr<ConfusablesPolicy> ParseConfusablesPolicy(std::string_view name);
// "any", "unicode_scalars", "xml_characters", "unicode_assignables".
std::string_view RepertoireName(Repertoire r);
absl::StatusOr<Repertoire> ParseRepertoire(std::string_view name);

// Returns the name of the profile that `name` designates: for the RFCs'
// spelling of a built-in PRECIS profile or string class, written exactly so
// ("UsernameCaseMapped", "UsernameCasePreserved", "OpaqueString",
// "Nickname", "IdentifierClass", "FreeformClass"), the built-in's name
// ("username-case-mapped", ...); any other name as it is. Every interface
// that takes a profile name (FindProfile and FindBuiltinProfile, and through
// them the C API, the CLI, SQL and Python) accepts both spellings this way,
// and a Profile always reports the kebab-case name. Never fails.
std::string_view CanonicalProfileName(std::string_view name);

// Parses one policy file's text. `source` names the file in error messages.
// Returns InvalidArgument naming the source, the line and the key for a
// TOML syntax error, an unknown key, a value of the wrong type, an unknown
// enumeration name, inconsistent bounds, or a name that is one of the RFCs'
// spellings above (it designates a built-in: use the kebab-case name).
absl::StatusOr<Profile> ParseProfile(std::string_view toml_text,
                                     std::string_view source);

// Reads and parses one policy file. A file that cannot be read gives the
// errno-based status of the failed call (NotFound, PermissionDenied, ...)
// naming the path; FailedPrecondition when it is not a regular file (also
// through a symbolic link, e.g. to /dev/zero; a FIFO is refused without
// waiting for a writer); ResourceExhausted when it is over 1 MiB; a bad
// file, ParseProfile's errors. Every message shows the path escaped
// (EscapeForDisplay): a name may hold control characters or bidi overrides.
absl::StatusOr<Profile> LoadProfileFile(const std::string& path);

// Reads every *.toml file in `directory` (sorted by name). Fails on the first
// bad file, naming it (escaped: the directory's entries are names no caller
// chose), anything but a regular file among them, and on two files that
// define the same profile name.
absl::StatusOr<std::vector<Profile>> LoadProfileDirectory(
    const std::string& directory);

// The built-in profiles, compiled from policies/*.toml: username-case-mapped,
// username-case-preserved, opaque-string, nickname, path-segment,
// text-document, and the bare string classes identifier-class and
// freeform-class. Parsed once, on first use; never empty.
const std::vector<Profile>& BuiltinProfiles();

// Returns the built-in profile called CanonicalProfileName(name), or
// NotFound listing the names.
absl::StatusOr<const Profile*> FindBuiltinProfile(std::string_view name);

// Returns the profile called CanonicalProfileName(name): from `directory`'s
// policy files when `directory` is not empty (a deployment's own profiles,
// which may also replace a built-in of the same name), else the built-in
// one. NotFound when neither has it; the loader's errors for a bad
// directory or file.
absl::StatusOr<Profile> FindProfile(std::string_view name,
                                    const std::string& directory = "");

// FindProfile under the vocabulary's verb for a profile by name
// (docs/vocabulary.md: open, as u8guard_profile_open and Go's OpenProfile):
// the same function, profiles and errors. FindProfile stays.
inline absl::StatusOr<Profile> OpenProfile(std::string_view name,
                                           const std::string& directory = "") {
  return FindProfile(name, directory);
}

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_PROFILE_H_
