// SPDX-License-Identifier: Apache-2.0
// The rule table: value, stable id and description of every Rule, once.

#include "u8guard/rule.h"

#include <array>
#include <cstddef>

namespace u8guard {
namespace {

struct RuleInfo {
  Rule rule;
  std::string_view id;
  std::string_view description;
};

// In value order; a static_assert below checks that entry i has value i+1.
constexpr RuleInfo kRules[] = {
    {Rule::kUtf8InvalidByte, "utf8/invalid_byte", "invalid byte"},
    {Rule::kUtf8UnexpectedContinuation, "utf8/unexpected_continuation",
     "unexpected continuation byte"},
    {Rule::kUtf8MissingContinuation, "utf8/missing_continuation",
     "missing continuation byte"},
    {Rule::kUtf8Truncated, "utf8/truncated",
     "truncated sequence at end of input"},
    {Rule::kUtf8Overlong, "utf8/overlong", "overlong encoding"},
    {Rule::kUtf8Surrogate, "utf8/surrogate", "encoded surrogate"},
    {Rule::kUtf8AboveMax, "utf8/above_max", "code point above U+10FFFF"},
    {Rule::kBomNotAllowed, "bom_not_allowed",
     "byte order mark where the element forbids one"},
    {Rule::kInputTooLong, "input_too_long",
     "input longer than the profile's max_input_bytes"},
    {Rule::kTooShort, "too_short",
     "result shorter than the profile's min_output_bytes"},
    {Rule::kTooLong, "too_long",
     "result longer than the profile's max_output_bytes or "
     "max_output_code_points"},
    {Rule::kUnstable, "unstable",
     "applying the profile's rules again changes the result"},
    {Rule::kEmpty, "DISALLOWED/empty", "empty result"},
    {Rule::kBidiRule, "DISALLOWED/bidi_rule",
     "right-to-left text that breaks the Bidi Rule (RFC 5893)"},
    {Rule::kDisallowedExceptions, "DISALLOWED/exceptions",
     "disallowed by RFC 5892's exceptions list"},
    {Rule::kDisallowedBackwardCompatible, "DISALLOWED/backward_compatible",
     "disallowed by the PRECIS backward-compatible list"},
    {Rule::kDisallowedUnassigned, "DISALLOWED/unassigned",
     "unassigned code point"},
    {Rule::kDisallowedOldHangulJamo, "DISALLOWED/old_hangul_jamo",
     "conjoining Hangul jamo"},
    {Rule::kDisallowedPrecisIgnorable, "DISALLOWED/precis_ignorable_properties",
     "default-ignorable code point or noncharacter"},
    {Rule::kDisallowedControls, "DISALLOWED/controls", "control character"},
    {Rule::kDisallowedHasCompat, "DISALLOWED/has_compat",
     "compatibility character (NFKC changes it)"},
    {Rule::kDisallowedOtherLetterDigits, "DISALLOWED/other_letter_digits",
     "title-case letter, letter number, other number or enclosing mark"},
    {Rule::kDisallowedSpaces, "DISALLOWED/spaces", "space"},
    {Rule::kDisallowedSymbols, "DISALLOWED/symbols", "symbol"},
    {Rule::kDisallowedPunctuation, "DISALLOWED/punctuation", "punctuation"},
    {Rule::kDisallowedOther, "DISALLOWED/other",
     "code point of no allowed category"},
    {Rule::kContextZeroWidthNonJoiner, "DISALLOWED/zero_width_nonjoiner",
     "U+200C outside the context RFC 5892 A.1 allows"},
    {Rule::kContextZeroWidthJoiner, "DISALLOWED/zero_width_joiner",
     "U+200D not after a virama (RFC 5892 A.2)"},
    {Rule::kContextMiddleDot, "DISALLOWED/middle_dot",
     "U+00B7 not between two 'l' (RFC 5892 A.3)"},
    {Rule::kContextGreekKeraia, "DISALLOWED/greek_keraia",
     "U+0375 not before a Greek letter (RFC 5892 A.4)"},
    {Rule::kContextHebrewPunctuation, "DISALLOWED/hebrew_punctuation",
     "U+05F3/U+05F4 not after a Hebrew letter (RFC 5892 A.5, A.6)"},
    {Rule::kContextKatakanaMiddleDot, "DISALLOWED/katakana_middle_dot",
     "U+30FB without Hiragana, Katakana or Han (RFC 5892 A.7)"},
    {Rule::kContextArabicIndicDigits, "DISALLOWED/arabic_indic",
     "Arabic-Indic digit mixed with extended ones (RFC 5892 A.8)"},
    {Rule::kContextExtendedArabicIndicDigits,
     "DISALLOWED/extended_arabic_indic",
     "extended Arabic-Indic digit mixed with Arabic-Indic ones (RFC 5892 "
     "A.9)"},
    {Rule::kPathAbsolute, "path/absolute",
     "absolute path (leading separator or drive letter)"},
    {Rule::kPathPercentDecoding, "path/percent_decoding",
     "'%' not followed by two hex digits"},
    {Rule::kPathNul, "path/nul", "NUL"},
    {Rule::kPathControl, "path/control", "control character"},
    {Rule::kPathSeparatorInSegment, "path/separator_in_segment",
     "separator inside a segment"},
    {Rule::kPathStructureChangedByNfkc, "path/structure_changed_by_nfkc",
     "NFKC or NFKC_Casefold would change the segment's structure"},
    {Rule::kPathDotDot, "path/dot_dot", "'..' segment"},
    {Rule::kPathAboveRoot, "path/above_root", "'..' rises above the root"},
    {Rule::kPathHidden, "path/hidden", "hidden segment (starts with '.')"},
    {Rule::kPathWindowsReserved, "path/windows_reserved",
     "Windows reserved device name"},
    {Rule::kPathWindowsTrailingDotSpace, "path/windows_trailing_dot_space",
     "segment ends in '.' or ' '"},
    {Rule::kPathWindowsCharacter, "path/windows_character",
     "character not allowed in Windows file names"},
    {Rule::kPathTooDeep, "path/too_deep", "more segments than max_depth"},
    {Rule::kPathTooLong, "path/too_long", "path longer than max_length"},
    {Rule::kStreamUnsafe, "stream_unsafe",
     "more combining marks (non-starters) in a row than the profile allows "
     "(UAX #15 Stream-Safe Text Format)"},
    {Rule::kPathEmptySegment, "path/empty_segment",
     "a segment the segment profile maps to nothing"},
    {Rule::kOpenEscapesRoot, "open/escapes_root",
     "the filesystem leads out of the root (a symbolic link that points "
     "out, an absolute one, or '..' above the root after one)"},
    {Rule::kOpenSymlink, "open/symlink",
     "a symbolic link where the options allow none"},
    {Rule::kOpenMagicLink, "open/magic_link",
     "a /proc magic link (such as /proc/self/root or /proc/self/fd/N)"},
    {Rule::kOpenCrossDevice, "open/cross_device",
     "a mount point crossed where the options allow none"},
    {Rule::kOpenSymlinkLoop, "open/symlink_loop",
     "more than 40 symbolic links (a loop)"},
    {Rule::kOpenFifo, "open/fifo",
     "a FIFO (named pipe), not a regular file: opening or reading it can "
     "wait forever"},
    {Rule::kOpenSocket, "open/socket", "a socket, not a regular file"},
    {Rule::kOpenDevice, "open/device",
     "a device (character or block special file), not a regular file"},
    {Rule::kOpenDirectory, "open/directory",
     "a directory, not a regular file (O_DIRECTORY opens one)"},
    {Rule::kRepertoireControl, "repertoire/legacy_control",
     "a legacy control character outside the profile's RFC 9839 "
     "repertoire"},
    {Rule::kRepertoireNoncharacter, "repertoire/noncharacter",
     "a noncharacter outside the profile's RFC 9839 repertoire"},
};

constexpr bool ValuesAreDense() {
  for (size_t i = 0; i < std::size(kRules); ++i) {
    if (static_cast<size_t>(kRules[i].rule) != i + 1) return false;
  }
  return true;
}
static_assert(ValuesAreDense(), "kRules must list rule i at index i - 1");

constexpr std::array<Rule, std::size(kRules)> MakeAllRules() {
  std::array<Rule, std::size(kRules)> all{};
  for (size_t i = 0; i < all.size(); ++i) all[i] = kRules[i].rule;
  return all;
}
constexpr std::array<Rule, std::size(kRules)> kAllRules = MakeAllRules();

const RuleInfo* Find(Rule rule) {
  const size_t i = static_cast<size_t>(rule);
  return i >= 1 && i <= std::size(kRules) ? &kRules[i - 1] : nullptr;
}

}  // namespace

std::span<const Rule> AllRules() { return kAllRules; }

std::string_view RuleId(Rule rule) {
  const RuleInfo* info = Find(rule);
  return info != nullptr ? info->id : "unknown";
}

std::string_view RuleDescription(Rule rule) {
  const RuleInfo* info = Find(rule);
  return info != nullptr ? info->description : "unknown rule";
}

std::optional<Rule> RuleFromId(std::string_view id) {
  for (const RuleInfo& info : kRules) {
    if (info.id == id) return info.rule;
  }
  return std::nullopt;
}

std::optional<Rule> RuleFromValue(int value) {
  if (value < 1 || value > static_cast<int>(std::size(kRules))) {
    return std::nullopt;
  }
  return kRules[value - 1].rule;
}

}  // namespace u8guard
