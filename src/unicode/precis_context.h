// SPDX-License-Identifier: Apache-2.0
// Internal: the contextual rules of RFC 5892 Appendix A, which decide whether
// a CONTEXTJ or CONTEXTO code point (see precis_property.h) is valid where it
// stands in a string (RFC 8264 §4.2.1, §4.3.1: "CONTEXTJ/CONTEXTO ... if the
// rule is satisfied").
//
// Behaviour matches precis_i18n (context.py), including where the RFC text
// leaves room for reading: rules that look at a neighbour fail when there is
// no neighbour, and the KATAKANA MIDDLE DOT and Arabic digit rules look at the
// whole string. Scripts, joining types and combining classes come from ICU.

#ifndef U8GUARD_SRC_UNICODE_PRECIS_CONTEXT_H_
#define U8GUARD_SRC_UNICODE_PRECIS_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "u8guard/rule.h"

namespace u8guard::internal {

// The rules of RFC 5892 Appendix A.
enum class ContextRule : uint8_t {
  kNone,                       // the code point has no contextual rule
  kZeroWidthNonJoiner,         // A.1  U+200C (CONTEXTJ)
  kZeroWidthJoiner,            // A.2  U+200D (CONTEXTJ)
  kMiddleDot,                  // A.3  U+00B7
  kGreekKeraia,                // A.4  U+0375
  kHebrewPunctuation,          // A.5, A.6  U+05F3, U+05F4
  kKatakanaMiddleDot,          // A.7  U+30FB
  kArabicIndicDigits,          // A.8  U+0660..U+0669
  kExtendedArabicIndicDigits,  // A.9  U+06F0..U+06F9
};

// The rule that governs `cp`, or kNone for code points with no rule (every
// code point whose derived property is not CONTEXTJ or CONTEXTO).
ContextRule ContextRuleFor(char32_t cp);

// The Rule that rejects a code point whose context rule `rule` fails, e.g.
// Rule::kContextZeroWidthJoiner ("DISALLOWED/zero_width_joiner", precis_i18n's
// name); kDisallowedOther for kNone.
Rule ViolationRule(ContextRule rule);

// The kind of rule: "context_j" for the CONTEXTJ rules (A.1, A.2),
// "context_o" for the CONTEXTO rules (A.3-A.9), "" for kNone.
std::string_view ContextRuleKind(ContextRule rule);

// True if the contextual rule of cps[index] holds at that position of `cps`
// (the whole string, after the profile's mappings):
//   A.1 ZWNJ: the code point before has Canonical_Combining_Class Virama (9),
//       or the string matches (Joining_Type:{L,D})(Joining_Type:T)*\u200C
//       (Joining_Type:T)*(Joining_Type:{R,D}) around it.
//   A.2 ZWJ: the code point before has Canonical_Combining_Class Virama.
//   A.3 MIDDLE DOT: between two U+006C 'l'.
//   A.4 KERAIA: the next code point has Script Greek.
//   A.5/A.6 GERESH/GERSHAYIM: the previous code point has Script Hebrew.
//   A.7 KATAKANA MIDDLE DOT: some code point of the string (anywhere, per
//       the RFC's note and precis_i18n) has Script Hiragana, Katakana or Han.
//   A.8 ARABIC-INDIC DIGIT: no U+06F0..U+06F9 anywhere in the string.
//   A.9 EXTENDED ARABIC-INDIC DIGIT: no U+0660..U+0669 anywhere.
// A rule needing a neighbour that does not exist fails. Returns false when
// `index` is out of range or cps[index] has no rule (ContextRuleFor is
// kNone). Cost: O(1) for A.2-A.6, O(n) for A.1, A.7-A.9.
bool ContextRuleAllows(std::u32string_view cps, size_t index);

// nullopt if ContextRuleAllows(cps, index), else the rule that rejects
// cps[index] (ViolationRule of its context rule; kDisallowedOther for a
// code point without a context rule, or an `index` out of range).
std::optional<Rule> ContextRuleViolation(std::u32string_view cps, size_t index);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_PRECIS_CONTEXT_H_
