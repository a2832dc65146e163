// SPDX-License-Identifier: Apache-2.0
// Every reason u8guard can reject input, as one closed enumeration.
//
// Each rule has a stable string id (the one JSON output, log lines and
// rejection messages show, e.g. "utf8/overlong", "bom_not_allowed",
// "DISALLOWED/precis_ignorable_properties", "path/dot_dot") and a stable
// integer value (the one the C API exposes). Both are part of the contract:
// values are never renumbered or reused, and new rules are only ever
// appended, with the next free value. The ids of PRECIS rules are
// precis_i18n's ("DISALLOWED/<reason>"), so that logs of both read alike.

#ifndef U8GUARD_RULE_H_
#define U8GUARD_RULE_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Why input was rejected. The comment after each value is its id.
enum class Rule : uint16_t {
  // Not UTF-8 (RFC 3629 §3, §4, §10); the values equal Utf8ErrorKind's.
  kUtf8InvalidByte = 1,             // utf8/invalid_byte
  kUtf8UnexpectedContinuation = 2,  // utf8/unexpected_continuation
  kUtf8MissingContinuation = 3,     // utf8/missing_continuation
  kUtf8Truncated = 4,               // utf8/truncated
  kUtf8Overlong = 5,                // utf8/overlong
  kUtf8Surrogate = 6,               // utf8/surrogate
  kUtf8AboveMax = 7,                // utf8/above_max
  // An initial EF BB BF under the `reject` BOM policy (RFC 3629 §6).
  kBomNotAllowed = 8,  // bom_not_allowed
  // A profile's bounds and whole-string rules (RFC 8264 §5.2, §7).
  kInputTooLong = 9,  // input_too_long: over max_input_bytes, before any work
  kTooShort = 10,     // too_short: under min_output_bytes, not empty
  kTooLong = 11,      // too_long: over max_output_bytes or code points
  kUnstable = 12,     // unstable: the rules change their own result
  kEmpty = 13,        // DISALLOWED/empty
  kBidiRule = 14,     // DISALLOWED/bidi_rule (RFC 5893)
  // A code point the string class disallows, by the rule of RFC 8264 §8
  // that decided its derived property (precis_i18n's names).
  kDisallowedExceptions = 15,          // DISALLOWED/exceptions
  kDisallowedBackwardCompatible = 16,  // DISALLOWED/backward_compatible
  kDisallowedUnassigned = 17,          // DISALLOWED/unassigned
  kDisallowedOldHangulJamo = 18,       // DISALLOWED/old_hangul_jamo
  kDisallowedPrecisIgnorable = 19,     // DISALLOWED/precis_ignorable_properties
  kDisallowedControls = 20,            // DISALLOWED/controls
  kDisallowedHasCompat = 21,           // DISALLOWED/has_compat
  kDisallowedOtherLetterDigits = 22,   // DISALLOWED/other_letter_digits
  kDisallowedSpaces = 23,              // DISALLOWED/spaces
  kDisallowedSymbols = 24,             // DISALLOWED/symbols
  kDisallowedPunctuation = 25,         // DISALLOWED/punctuation
  kDisallowedOther = 26,               // DISALLOWED/other
  // A CONTEXTJ/CONTEXTO code point whose RFC 5892 Appendix A rule fails.
  kContextZeroWidthNonJoiner = 27,         // DISALLOWED/zero_width_nonjoiner
  kContextZeroWidthJoiner = 28,            // DISALLOWED/zero_width_joiner
  kContextMiddleDot = 29,                  // DISALLOWED/middle_dot
  kContextGreekKeraia = 30,                // DISALLOWED/greek_keraia
  kContextHebrewPunctuation = 31,          // DISALLOWED/hebrew_punctuation
  kContextKatakanaMiddleDot = 32,          // DISALLOWED/katakana_middle_dot
  kContextArabicIndicDigits = 33,          // DISALLOWED/arabic_indic
  kContextExtendedArabicIndicDigits = 34,  // DISALLOWED/extended_arabic_indic
  // The path sanitizer (path.h).
  kPathAbsolute = 35,                 // path/absolute
  kPathPercentDecoding = 36,          // path/percent_decoding
  kPathNul = 37,                      // path/nul
  kPathControl = 38,                  // path/control
  kPathSeparatorInSegment = 39,       // path/separator_in_segment
  kPathStructureChangedByNfkc = 40,   // path/structure_changed_by_nfkc
  kPathDotDot = 41,                   // path/dot_dot
  kPathAboveRoot = 42,                // path/above_root
  kPathHidden = 43,                   // path/hidden
  kPathWindowsReserved = 44,          // path/windows_reserved
  kPathWindowsTrailingDotSpace = 45,  // path/windows_trailing_dot_space
  kPathWindowsCharacter = 46,         // path/windows_character
  kPathTooDeep = 47,                  // path/too_deep
  kPathTooLong = 48,                  // path/too_long
  // More non-starters in a row than the profile's max_non_starters (UAX #15
  // §13 Stream-Safe Text Format; 30 by default).
  kStreamUnsafe = 49,  // stream_unsafe
  // A path segment that the segment profile maps to nothing (e.g. only
  // spaces under a profile that trims them).
  kPathEmptySegment = 50,  // path/empty_segment
  // Opening beneath a root (open_beneath.h): the filesystem would take a
  // sanitized path elsewhere.
  kOpenEscapesRoot = 51,  // open/escapes_root
  kOpenSymlink = 52,      // open/symlink
  kOpenMagicLink = 53,    // open/magic_link
  kOpenCrossDevice = 54,  // open/cross_device
  kOpenSymlinkLoop = 55,  // open/symlink_loop
  // Opening beneath a root found something other than the regular file it
  // was asked for (OpenBeneathOptions::any_file_type allows any): a FIFO
  // (opening or reading it can wait forever), a socket, a character or
  // block device (/dev/zero never ends), a directory without O_DIRECTORY.
  kOpenFifo = 56,       // open/fifo
  kOpenSocket = 57,     // open/socket
  kOpenDevice = 58,     // open/device
  kOpenDirectory = 59,  // open/directory
  // A code point outside the profile's repertoire (RFC 9839 §4): a legacy
  // control (C0 other than TAB, LF and CR; DEL and C1 for Unicode
  // Assignables), or a noncharacter (U+FFFE and U+FFFF for XML Characters;
  // all 66 for Unicode Assignables).
  kRepertoireControl = 60,       // repertoire/legacy_control
  kRepertoireNoncharacter = 61,  // repertoire/noncharacter
};

// Every rule, in increasing value (1, 2, ... without gaps).
std::span<const Rule> AllRules();

// Returns the stable id of `rule`, e.g. "utf8/overlong"; "unknown" for a
// value that is not a Rule.
std::string_view RuleId(Rule rule);

// Returns the rule whose id is `id` (exactly, case-sensitive), or nullopt.
std::optional<Rule> RuleFromId(std::string_view id);

// Returns the rule whose integer value is `value`, or nullopt when no rule
// has it (0, or a value added by a later version).
std::optional<Rule> RuleFromValue(int value);

// Returns a short English description of `rule`, e.g. "overlong encoding"
// for kUtf8Overlong (Utf8ErrorKindName's text), "'..' segment" for
// kPathDotDot. For documentation and tools; not stable.
std::string_view RuleDescription(Rule rule);

// True for the rules of the strict UTF-8 layer (kUtf8InvalidByte ..
// kUtf8AboveMax).
constexpr bool IsUtf8Rule(Rule rule) {
  return rule >= Rule::kUtf8InvalidByte && rule <= Rule::kUtf8AboveMax;
}

// True for the rules of the path sanitizer (kPathAbsolute .. kPathTooLong,
// kPathEmptySegment).
constexpr bool IsPathRule(Rule rule) {
  return (rule >= Rule::kPathAbsolute && rule <= Rule::kPathTooLong) ||
         rule == Rule::kPathEmptySegment;
}

// True for the rules of opening beneath a root (kOpenEscapesRoot ..
// kOpenDirectory).
constexpr bool IsOpenRule(Rule rule) {
  return rule >= Rule::kOpenEscapesRoot && rule <= Rule::kOpenDirectory;
}

// True for the open rules that refuse a file by its type (kOpenFifo ..
// kOpenDirectory): something other than a regular file.
constexpr bool IsFileTypeRule(Rule rule) {
  return rule >= Rule::kOpenFifo && rule <= Rule::kOpenDirectory;
}

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_RULE_H_
