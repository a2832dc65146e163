// SPDX-License-Identifier: Apache-2.0
// The C API's constants and names against the C++ API's: every integer the
// C header defines equals its C++ enumerator, and every rule, kind and
// version string is the one the C++ API gives. With capi_conformance.cc
// (results on the corpora) and the C11 suites of capi_*.c (every function,
// error path and NULL argument), registered by capi_harness.cc.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "u8guard/acl.h"
#include "u8guard/normalize.h"
#include "u8guard/open_beneath.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/skeleton.h"
#include "u8guard/u8guard_c.h"
#include "u8guard/upgrade.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

struct RuleValue {
  int c;
  Rule cc;
};

// Every U8GUARD_RULE_* with its C++ rule, in value order.
constexpr RuleValue kRuleValues[] = {
    {U8GUARD_RULE_UTF8_INVALID_BYTE, Rule::kUtf8InvalidByte},
    {U8GUARD_RULE_UTF8_UNEXPECTED_CONTINUATION,
     Rule::kUtf8UnexpectedContinuation},
    {U8GUARD_RULE_UTF8_MISSING_CONTINUATION, Rule::kUtf8MissingContinuation},
    {U8GUARD_RULE_UTF8_TRUNCATED, Rule::kUtf8Truncated},
    {U8GUARD_RULE_UTF8_OVERLONG, Rule::kUtf8Overlong},
    {U8GUARD_RULE_UTF8_SURROGATE, Rule::kUtf8Surrogate},
    {U8GUARD_RULE_UTF8_ABOVE_MAX, Rule::kUtf8AboveMax},
    {U8GUARD_RULE_BOM_NOT_ALLOWED, Rule::kBomNotAllowed},
    {U8GUARD_RULE_INPUT_TOO_LONG, Rule::kInputTooLong},
    {U8GUARD_RULE_TOO_SHORT, Rule::kTooShort},
    {U8GUARD_RULE_TOO_LONG, Rule::kTooLong},
    {U8GUARD_RULE_UNSTABLE, Rule::kUnstable},
    {U8GUARD_RULE_EMPTY, Rule::kEmpty},
    {U8GUARD_RULE_BIDI_RULE, Rule::kBidiRule},
    {U8GUARD_RULE_DISALLOWED_EXCEPTIONS, Rule::kDisallowedExceptions},
    {U8GUARD_RULE_DISALLOWED_BACKWARD_COMPATIBLE,
     Rule::kDisallowedBackwardCompatible},
    {U8GUARD_RULE_DISALLOWED_UNASSIGNED, Rule::kDisallowedUnassigned},
    {U8GUARD_RULE_DISALLOWED_OLD_HANGUL_JAMO, Rule::kDisallowedOldHangulJamo},
    {U8GUARD_RULE_DISALLOWED_PRECIS_IGNORABLE,
     Rule::kDisallowedPrecisIgnorable},
    {U8GUARD_RULE_DISALLOWED_CONTROLS, Rule::kDisallowedControls},
    {U8GUARD_RULE_DISALLOWED_HAS_COMPAT, Rule::kDisallowedHasCompat},
    {U8GUARD_RULE_DISALLOWED_OTHER_LETTER_DIGITS,
     Rule::kDisallowedOtherLetterDigits},
    {U8GUARD_RULE_DISALLOWED_SPACES, Rule::kDisallowedSpaces},
    {U8GUARD_RULE_DISALLOWED_SYMBOLS, Rule::kDisallowedSymbols},
    {U8GUARD_RULE_DISALLOWED_PUNCTUATION, Rule::kDisallowedPunctuation},
    {U8GUARD_RULE_DISALLOWED_OTHER, Rule::kDisallowedOther},
    {U8GUARD_RULE_CONTEXT_ZERO_WIDTH_NON_JOINER,
     Rule::kContextZeroWidthNonJoiner},
    {U8GUARD_RULE_CONTEXT_ZERO_WIDTH_JOINER, Rule::kContextZeroWidthJoiner},
    {U8GUARD_RULE_CONTEXT_MIDDLE_DOT, Rule::kContextMiddleDot},
    {U8GUARD_RULE_CONTEXT_GREEK_KERAIA, Rule::kContextGreekKeraia},
    {U8GUARD_RULE_CONTEXT_HEBREW_PUNCTUATION, Rule::kContextHebrewPunctuation},
    {U8GUARD_RULE_CONTEXT_KATAKANA_MIDDLE_DOT, Rule::kContextKatakanaMiddleDot},
    {U8GUARD_RULE_CONTEXT_ARABIC_INDIC_DIGITS, Rule::kContextArabicIndicDigits},
    {U8GUARD_RULE_CONTEXT_EXTENDED_ARABIC_INDIC_DIGITS,
     Rule::kContextExtendedArabicIndicDigits},
    {U8GUARD_RULE_PATH_ABSOLUTE, Rule::kPathAbsolute},
    {U8GUARD_RULE_PATH_PERCENT_DECODING, Rule::kPathPercentDecoding},
    {U8GUARD_RULE_PATH_NUL, Rule::kPathNul},
    {U8GUARD_RULE_PATH_CONTROL, Rule::kPathControl},
    {U8GUARD_RULE_PATH_SEPARATOR_IN_SEGMENT, Rule::kPathSeparatorInSegment},
    {U8GUARD_RULE_PATH_STRUCTURE_CHANGED_BY_NFKC,
     Rule::kPathStructureChangedByNfkc},
    {U8GUARD_RULE_PATH_DOT_DOT, Rule::kPathDotDot},
    {U8GUARD_RULE_PATH_ABOVE_ROOT, Rule::kPathAboveRoot},
    {U8GUARD_RULE_PATH_HIDDEN, Rule::kPathHidden},
    {U8GUARD_RULE_PATH_WINDOWS_RESERVED, Rule::kPathWindowsReserved},
    {U8GUARD_RULE_PATH_WINDOWS_TRAILING_DOT_SPACE,
     Rule::kPathWindowsTrailingDotSpace},
    {U8GUARD_RULE_PATH_WINDOWS_CHARACTER, Rule::kPathWindowsCharacter},
    {U8GUARD_RULE_PATH_TOO_DEEP, Rule::kPathTooDeep},
    {U8GUARD_RULE_PATH_TOO_LONG, Rule::kPathTooLong},
    {U8GUARD_RULE_STREAM_UNSAFE, Rule::kStreamUnsafe},
    {U8GUARD_RULE_PATH_EMPTY_SEGMENT, Rule::kPathEmptySegment},
    {U8GUARD_RULE_OPEN_ESCAPES_ROOT, Rule::kOpenEscapesRoot},
    {U8GUARD_RULE_OPEN_SYMLINK, Rule::kOpenSymlink},
    {U8GUARD_RULE_OPEN_MAGIC_LINK, Rule::kOpenMagicLink},
    {U8GUARD_RULE_OPEN_CROSS_DEVICE, Rule::kOpenCrossDevice},
    {U8GUARD_RULE_OPEN_SYMLINK_LOOP, Rule::kOpenSymlinkLoop},
    {U8GUARD_RULE_OPEN_FIFO, Rule::kOpenFifo},
    {U8GUARD_RULE_OPEN_SOCKET, Rule::kOpenSocket},
    {U8GUARD_RULE_OPEN_DEVICE, Rule::kOpenDevice},
    {U8GUARD_RULE_OPEN_DIRECTORY, Rule::kOpenDirectory},
    {U8GUARD_RULE_REPERTOIRE_CONTROL, Rule::kRepertoireControl},
    {U8GUARD_RULE_REPERTOIRE_NONCHARACTER, Rule::kRepertoireNoncharacter},
};

constexpr bool EveryRuleValueMatches() {
  for (const RuleValue& r : kRuleValues) {
    if (r.c != static_cast<int>(r.cc)) return false;
  }
  return true;
}
static_assert(EveryRuleValueMatches(),
              "a U8GUARD_RULE_* differs from its u8guard::Rule");
static_assert(U8GUARD_RULE_MAX == std::size(kRuleValues));
static_assert(std::is_same_v<u8guard_rule_t, int32_t>);

static_assert(U8GUARD_NORMALIZATION_NONE ==
              static_cast<int>(NormalizationForm::kNone));
static_assert(U8GUARD_NORMALIZATION_NFC ==
              static_cast<int>(NormalizationForm::kNfc));
static_assert(U8GUARD_NORMALIZATION_NFD ==
              static_cast<int>(NormalizationForm::kNfd));
static_assert(U8GUARD_NORMALIZATION_NFKC ==
              static_cast<int>(NormalizationForm::kNfkc));
static_assert(U8GUARD_NORMALIZATION_NFKD ==
              static_cast<int>(NormalizationForm::kNfkd));
static_assert(U8GUARD_NORMALIZATION_NFKC_CASEFOLD ==
              static_cast<int>(NormalizationForm::kNfkcCasefold));

static_assert(U8GUARD_SOURCE_UTF8 == static_cast<int>(RejectionSource::kUtf8));
static_assert(U8GUARD_SOURCE_BOM == static_cast<int>(RejectionSource::kBom));
static_assert(U8GUARD_SOURCE_PROFILE ==
              static_cast<int>(RejectionSource::kProfile));
static_assert(U8GUARD_SOURCE_PATH == static_cast<int>(RejectionSource::kPath));
static_assert(U8GUARD_SOURCE_ENCODER ==
              static_cast<int>(RejectionSource::kEncoder));
static_assert(U8GUARD_SOURCE_OPEN == static_cast<int>(RejectionSource::kOpen));

static_assert(U8GUARD_RESOLVER_AUTO ==
              static_cast<int>(BeneathResolver::kAuto));
static_assert(U8GUARD_RESOLVER_OPENAT2 ==
              static_cast<int>(BeneathResolver::kOpenat2));
static_assert(U8GUARD_RESOLVER_WALK ==
              static_cast<int>(BeneathResolver::kWalk));
static_assert(U8GUARD_SYMLINKS_NONE == static_cast<int>(SymlinkPolicy::kNone));
static_assert(U8GUARD_SYMLINKS_INSIDE ==
              static_cast<int>(SymlinkPolicy::kInside));

static_assert(U8GUARD_FINDING_FILE_SIGNATURE ==
              static_cast<int>(AclFindingKind::kFileSignature));
static_assert(U8GUARD_FINDING_BOM == static_cast<int>(AclFindingKind::kBom));
static_assert(U8GUARD_FINDING_INVALID ==
              static_cast<int>(AclFindingKind::kInvalid));
static_assert(U8GUARD_FINDING_COLLISION ==
              static_cast<int>(AclFindingKind::kCollision));
static_assert(U8GUARD_FINDING_LOOKALIKE ==
              static_cast<int>(AclFindingKind::kLookalike));
static_assert(U8GUARD_FINDING_MIXED_SCRIPT ==
              static_cast<int>(AclFindingKind::kMixedScript));
static_assert(U8GUARD_FINDING_MIXED_NUMBERS ==
              static_cast<int>(AclFindingKind::kMixedNumbers));

static_assert(U8GUARD_RESTRICTION_ASCII ==
              static_cast<int>(RestrictionLevel::kAscii));
static_assert(U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE ==
              static_cast<int>(RestrictionLevel::kSingleScriptRestrictive));
static_assert(U8GUARD_RESTRICTION_HIGHLY_RESTRICTIVE ==
              static_cast<int>(RestrictionLevel::kHighlyRestrictive));
static_assert(U8GUARD_RESTRICTION_MODERATELY_RESTRICTIVE ==
              static_cast<int>(RestrictionLevel::kModeratelyRestrictive));
static_assert(U8GUARD_RESTRICTION_MINIMALLY_RESTRICTIVE ==
              static_cast<int>(RestrictionLevel::kMinimallyRestrictive));
static_assert(U8GUARD_RESTRICTION_UNRESTRICTIVE ==
              static_cast<int>(RestrictionLevel::kUnrestrictive));

// The status type is 32 bits wide, as the header promises FFI users.
static_assert(U8GUARD_RECORD_KEY_CHANGED ==
              static_cast<int>(RecordChangeKind::kKeyChanged));
static_assert(U8GUARD_RECORD_LOOKALIKE_KEYS_CHANGED ==
              static_cast<int>(RecordChangeKind::kLookalikeKeysChanged));
static_assert(U8GUARD_RECORD_NOW_REJECTED ==
              static_cast<int>(RecordChangeKind::kNowRejected));
static_assert(U8GUARD_RECORD_NOW_ACCEPTED ==
              static_cast<int>(RecordChangeKind::kNowAccepted));
static_assert(U8GUARD_RECORD_NEW_COLLISION ==
              static_cast<int>(RecordChangeKind::kNewCollision));
static_assert(U8GUARD_RECORD_NEW_LOOKALIKE ==
              static_cast<int>(RecordChangeKind::kNewLookalike));
static_assert(U8GUARD_RECORD_COLLISION_GROUP ==
              static_cast<int>(RecordGroupKind::kCollision));
static_assert(U8GUARD_RECORD_LOOKALIKE_GROUP ==
              static_cast<int>(RecordGroupKind::kLookalike));

static_assert(sizeof(u8guard_status) == 4);

// A rule appended to rule.h without its U8GUARD_RULE_* fails here.
TEST(CApiConstants, EveryRuleHasItsCValue) {
  const std::span<const Rule> rules = AllRules();
  ASSERT_EQ(rules.size(), std::size(kRuleValues))
      << "rule.h and u8guard_c.h list a different number of rules";
  for (size_t i = 0; i < rules.size(); ++i) {
    EXPECT_EQ(kRuleValues[i].cc, rules[i]) << RuleId(rules[i]);
  }
}

TEST(CApiConstants, RuleIdsAndDescriptionsAreTheCppOnes) {
  for (int value = -2; value <= U8GUARD_RULE_MAX + 2; ++value) {
    const Rule rule = static_cast<Rule>(value);
    const std::string_view id =
        value >= 0 ? RuleId(rule) : std::string_view("unknown");
    EXPECT_EQ(u8guard_rule_id(value), id) << value;
    EXPECT_EQ(u8guard_rule_description(value),
              RuleDescription(value >= 0 ? rule : Rule{0}))
        << value;
    if (RuleFromValue(value)) {
      EXPECT_EQ(u8guard_rule_from_id(std::string(id).c_str()), value);
    }
  }
}

TEST(CApiConstants, FindingKindNamesAreTheCppOnes) {
  for (int kind = -1; kind <= U8GUARD_FINDING_MIXED_NUMBERS + 2; ++kind) {
    EXPECT_EQ(u8guard_acl_finding_kind_name(kind),
              AclFindingKindName(static_cast<AclFindingKind>(
                  kind < 0 ? U8GUARD_FINDING_MIXED_NUMBERS + 1 : kind)))
        << kind;
  }
}

TEST(CApiConstants, VersionsAreTheCppOnes) {
  EXPECT_EQ(u8guard_version(), LibraryVersion());
  EXPECT_EQ(u8guard_icu_version(), IcuVersion());
  EXPECT_EQ(u8guard_unicode_version(), UnicodeVersion());
  EXPECT_EQ(LibraryVersion(), U8GUARD_VERSION_STRING);
}

}  // namespace
}  // namespace u8guard
