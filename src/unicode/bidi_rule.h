// SPDX-License-Identifier: Apache-2.0
// Internal: the Bidi Rule of RFC 5893 §2, which PRECIS profiles with a
// directionality rule (RFC 8265 §3.3.3 / §3.4.3: UsernameCaseMapped and
// UsernameCasePreserved) apply to strings that contain right-to-left
// characters (RFC 8264 §10 leaves it to the profile).
//
// Behaviour matches precis_i18n (bidi.py): HasRtl decides whether the rule
// applies, SatisfiesBidiRule is the rule. Bidi classes come from ICU
// (u_charDirection).

#ifndef U8GUARD_SRC_UNICODE_BIDI_RULE_H_
#define U8GUARD_SRC_UNICODE_BIDI_RULE_H_

#include <cstdint>
#include <string_view>

namespace u8guard::internal {

// True if some code point of `cps` has Bidi_Class R, AL or AN, the set
// precis_i18n's has_rtl uses (and RFC 5893 §1.4's "RTL label" test for a
// Bidi domain name). Profiles apply the Bidi Rule only to such strings.
bool HasRtl(std::u32string_view cps);

// Which condition of RFC 5893 §2 a string breaks first, in the order
// precis_i18n tests them: 1; then 3 or 6 (the end); then, left to right
// over the characters before the end, 2 or 5 (allowed classes) and 4
// (EN with AN).
enum class BidiRuleResult : uint8_t {
  kSatisfied,
  kBadFirst,         // 1: the first character is not L, R or AL (or the
                     //    string is empty)
  kRtlDisallowed,    // 2: RTL string with a class not in R AL AN EN ES CS ET
                     //    ON BN NSM
  kRtlBadEnd,        // 3: RTL string not ending in R, AL, EN or AN, then NSM*
  kRtlMixedNumbers,  // 4: RTL string with both EN and AN
  kLtrDisallowed,    // 5: LTR string with a class not in L EN ES CS ET ON BN
                     //    NSM
  kLtrBadEnd,        // 6: LTR string not ending in L or EN, then NSM*
};

// Checks all six conditions of RFC 5893 §2 on `cps` (a whole string, after
// the profile's mappings; RFC 5893 calls it a label). The empty string fails
// condition 1. Does not look at HasRtl: callers decide when the rule applies.
BidiRuleResult CheckBidiRule(std::u32string_view cps);

// CheckBidiRule(cps) == BidiRuleResult::kSatisfied.
bool SatisfiesBidiRule(std::u32string_view cps);

// "satisfied", "first_character", "rtl_disallowed", "rtl_end",
// "rtl_en_an_mixed", "ltr_disallowed", "ltr_end": for diagnostics.
std::string_view BidiRuleResultName(BidiRuleResult result);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_BIDI_RULE_H_
