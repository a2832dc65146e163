// SPDX-License-Identifier: Apache-2.0
// Look-alikes (UTS #39): confusable skeletons, restriction levels and mixed
// numbers of canonical keys, from ICU's spoof checker.
//
// A skeleton is a deliberately loose fold ("rn" ~ "m", "l" ~ "1" ~ "I",
// Cyrillic "а" ~ Latin "a"): two strings look alike when their skeletons
// are equal. Skeletons are for comparison only; they are not readable names
// and not keys, and an equal skeleton must never grant access (see acl.h).

#ifndef U8GUARD_SKELETON_H_
#define U8GUARD_SKELETON_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// UTS #39 §5.2 restriction levels, from strictest to loosest.
enum class RestrictionLevel : uint8_t {
  kAscii,
  kSingleScriptRestrictive,
  kHighlyRestrictive,      // e.g. Latin + Han + Hiragana + Katakana
  kModeratelyRestrictive,  // Latin + one other Recommended script
  kMinimallyRestrictive,   // any mix, e.g. Latin + Cyrillic
  kUnrestrictive,          // also non-Recommended characters
};

// Builds now the tables u8guard otherwise builds when a process first
// needs them (skeletons, case forms) or once it has made a few thousand
// calls that use them (both look-alike keys in one pass, script sets for
// restriction levels, names without diacritics): about a quarter of a
// second together, after which no call waits for one. For a service before
// it takes requests, and for a process that forks workers which then share
// the tables (PostgreSQL's postmaster with the extension preloaded).
// Results never depend on it. Thread-safe; later calls return at once.
void BuildTables();

// Returns "ascii", "single_script_restrictive", "highly_restrictive",
// "moderately_restrictive", "minimally_restrictive" or "unrestrictive".
std::string_view RestrictionLevelName(RestrictionLevel level);

// Parses a name RestrictionLevelName returns (exactly,
// case-sensitive). InvalidArgument naming the accepted names otherwise.
absl::StatusOr<RestrictionLevel> ParseRestrictionLevel(std::string_view name);

// A confusable mapping of UTS #39 that a registration policy may exempt:
// the ASCII characters it names keep their identity in look-alike keys.
enum class ConfusableExemption : uint8_t {
  kRnM,       // "m" is not "rn" (modern / modem, barn / bam)
  kDigits,    // ASCII digits are not letters ("0" ~ "O", "1" ~ "l")
  kCapitalI,  // capital "I" is not "l" (Ian / lan)
};

// Returns "rn_m", "digits" or "capital_i".
std::string_view ConfusableExemptionName(ConfusableExemption e);
// Parses a name ConfusableExemptionName returns; InvalidArgument naming
// the accepted names otherwise.
absl::StatusOr<ConfusableExemption> ParseConfusableExemption(
    std::string_view name);

// Returns the UTS #39 confusable skeleton (ICU's spoof checker) of the
// canonical key of `bytes` under `profile`. Two strings look alike when
// their skeletons are equal. The profile's rejection when it rejects
// `bytes`; Internal when ICU's confusable data cannot be loaded. Skeletons
// are for comparison only: they are not readable names and not keys.
absl::StatusOr<std::string> ConfusableSkeleton(const Profile& profile,
                                               std::string_view bytes);

// ConfusableSkeleton under the name every other surface gives it
// (docs/vocabulary.md: Profile.skeleton, u8guard_skeleton): the same
// function, skeletons and errors. ConfusableSkeleton stays.
inline absl::StatusOr<std::string> Skeleton(const Profile& profile,
                                            std::string_view bytes) {
  return ConfusableSkeleton(profile, bytes);
}

// The order in which a skeleton reads a string's characters (UTS #39
// section 4). Two strings that differ in logical order can look the same
// once a bidi paragraph has reordered them: Hebrew "\u05D0" + "1" and
// "1" + "\u05D0" both show as "1\u05D0" in a left-to-right paragraph.
enum class SkeletonOrder : uint8_t {
  kLogical,  // as stored: UTS #39's skeleton(X) (ConfusableSkeleton)
  kLtr,      // as shown in a left-to-right paragraph: bidiSkeleton(LTR, X)
  kRtl,      // as shown in a right-to-left paragraph: bidiSkeleton(RTL, X)
};

// Returns "logical", "ltr" or "rtl".
std::string_view SkeletonOrderName(SkeletonOrder order);
// Parses a name SkeletonOrderName returns (exactly, case-sensitive).
// InvalidArgument naming the accepted names otherwise.
absl::StatusOr<SkeletonOrder> ParseSkeletonOrder(std::string_view name);

// Returns the skeleton of the canonical key of `bytes` under `profile` read
// in `order`: for kLtr and kRtl UTS #39's bidiSkeleton (the key reordered as
// one line of a paragraph of that direction by the Unicode Bidirectional
// Algorithm, characters at right-to-left levels mirrored, each combining
// mark after its base; then its skeleton), as ICU 74's
// uspoof_getBidiSkeleton computes it (ICU 72 and 73 lack that function:
// u8guard builds it from ICU's bidi algorithm and skeletons on every ICU);
// for kLogical ConfusableSkeleton. A key without right-to-left characters
// has one skeleton in kLogical and kLtr. Two strings look alike in a
// paragraph of one direction when their skeletons in that order are equal.
// Errors as ConfusableSkeleton.
absl::StatusOr<std::string> BidiSkeleton(const Profile& profile,
                                         SkeletonOrder order,
                                         std::string_view bytes);

// The most skeletons LookalikeSkeletons returns.
inline constexpr size_t kMaxLookalikeSkeletons = 3;

// Returns the look-alike skeletons of `bytes` under `profile`: the UTS #39
// skeleton of its canonical key, then the folded skeleton of the key in
// capitals (small capitals counted as capitals; folded: the skeleton of the
// lower case of the skeleton), without repeats (1 to
// kMaxLookalikeSkeletons, the key's first). They are a function of the key
// alone, so every spelling of one account ("R00T", "r00t", "R00t") gets the
// same ones. Two accepted strings look alike, as DenyList::Resembles and
// AuditAcl decide it, exactly when their sets share a skeleton; so a table
// that holds every skeleton of every name at most once (a unique index over
// one row per skeleton) refuses the look-alikes that case mapping hides in
// any mixing of cases ("paypaI" with a capital i beside "paypal", "Ian"
// beside "lan", "g00gle" beside "GOOGLE", Latin small capitals beside
// capitals), which the key's skeleton alone misses. With `order` kLtr or
// kRtl, the skeletons of the key as shown in a paragraph of that direction
// (bidi skeletons, as BidiSkeleton; a registration policy's
// skeleton_order). Errors as ConfusableSkeleton.
absl::StatusOr<std::vector<std::string>> LookalikeSkeletons(
    const Profile& profile, std::string_view bytes,
    SkeletonOrder order = SkeletonOrder::kLogical);

// LookalikeSkeletons under the name every other surface gives them
// (docs/vocabulary.md: Profile.lookalike_keys, u8guard_lookalike_keys,
// RegistrationRecord.lookalike_keys): the same function, keys and errors.
// LookalikeSkeletons stays.
inline absl::StatusOr<std::vector<std::string>> LookalikeKeys(
    const Profile& profile, std::string_view bytes,
    SkeletonOrder order = SkeletonOrder::kLogical) {
  return LookalikeSkeletons(profile, bytes, order);
}

// Returns the UTS #39 restriction level of the canonical key of `bytes`
// under `profile` (ICU's uspoof_check2UTF8 with USPOOF_AUX_INFO). Errors as
// ConfusableSkeleton.
absl::StatusOr<RestrictionLevel> RestrictionLevelOf(const Profile& profile,
                                                    std::string_view bytes);

// Returns the decimal systems (UTS #39 §5.3) of the digits (general
// category Nd) in the canonical key of `bytes` under `profile`, each named
// by its zero digit, ascending: none for "alice", {U+0030} for "room101",
// {U+0030, U+0660} for "1" + Arabic-Indic "١" (ICU's
// uspoof_getCheckResultNumerics). Errors as ConfusableSkeleton.
absl::StatusOr<std::vector<char32_t>> DecimalSystemsOf(const Profile& profile,
                                                       std::string_view bytes);

// Returns true when the canonical key of `bytes` under `profile` has mixed
// numbers (UTS #39 §5.3): digits of more than one decimal system, such as
// ASCII "1" with Arabic-Indic "١" or Devanagari "१", which a reader cannot
// tell apart from one number (ICU's USPOOF_MIXED_NUMBERS). False for digits
// of one system, or none. Errors as ConfusableSkeleton. Thread-safe.
absl::StatusOr<bool> HasMixedNumbers(const Profile& profile,
                                     std::string_view bytes);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_SKELETON_H_
