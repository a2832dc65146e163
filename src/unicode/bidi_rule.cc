// SPDX-License-Identifier: Apache-2.0
// RFC 5893 §2 Bidi Rule with ICU's Bidi_Class.

#include "src/unicode/bidi_rule.h"

#include <unicode/uchar.h>

#include <cstdint>
#include <string_view>

namespace u8guard::internal {
namespace {

constexpr uint32_t Bit(UCharDirection d) { return uint32_t{1} << d; }

UCharDirection DirectionOf(char32_t cp) {
  return u_charDirection(static_cast<UChar32>(cp));
}

bool In(uint32_t set, UCharDirection d) { return (set & Bit(d)) != 0; }

constexpr uint32_t kRtlAny =
    Bit(U_RIGHT_TO_LEFT) | Bit(U_RIGHT_TO_LEFT_ARABIC) | Bit(U_ARABIC_NUMBER);

// Condition 2 / 5: classes allowed anywhere in an RTL / LTR string.
constexpr uint32_t kCommonAllowed =
    Bit(U_EUROPEAN_NUMBER) | Bit(U_EUROPEAN_NUMBER_SEPARATOR) |
    Bit(U_COMMON_NUMBER_SEPARATOR) | Bit(U_EUROPEAN_NUMBER_TERMINATOR) |
    Bit(U_OTHER_NEUTRAL) | Bit(U_BOUNDARY_NEUTRAL) |
    Bit(U_DIR_NON_SPACING_MARK);
constexpr uint32_t kRtlAllowed = kCommonAllowed | Bit(U_RIGHT_TO_LEFT) |
                                 Bit(U_RIGHT_TO_LEFT_ARABIC) |
                                 Bit(U_ARABIC_NUMBER);
constexpr uint32_t kLtrAllowed = kCommonAllowed | Bit(U_LEFT_TO_RIGHT);

// Condition 3 / 6: the class of the last character that is not NSM.
constexpr uint32_t kRtlEnd = Bit(U_RIGHT_TO_LEFT) |
                             Bit(U_RIGHT_TO_LEFT_ARABIC) |
                             Bit(U_EUROPEAN_NUMBER) | Bit(U_ARABIC_NUMBER);
constexpr uint32_t kLtrEnd = Bit(U_LEFT_TO_RIGHT) | Bit(U_EUROPEAN_NUMBER);

static_assert(U_CHAR_DIRECTION_COUNT <= 32, "direction bit sets use 32 bits");

}  // namespace

bool HasRtl(std::u32string_view cps) {
  for (char32_t cp : cps) {
    if (In(kRtlAny, DirectionOf(cp))) return true;
  }
  return false;
}

BidiRuleResult CheckBidiRule(std::u32string_view cps) {
  if (cps.empty()) return BidiRuleResult::kBadFirst;
  // Condition 1.
  const UCharDirection first = DirectionOf(cps[0]);
  bool rtl;
  if (first == U_LEFT_TO_RIGHT) {
    rtl = false;
  } else if (first == U_RIGHT_TO_LEFT || first == U_RIGHT_TO_LEFT_ARABIC) {
    rtl = true;
  } else {
    return BidiRuleResult::kBadFirst;
  }
  // Conditions 3 / 6: the last non-NSM character (there is one: the first).
  size_t end = cps.size() - 1;
  UCharDirection last = DirectionOf(cps[end]);
  while (last == U_DIR_NON_SPACING_MARK) last = DirectionOf(cps[--end]);
  if (!In(rtl ? kRtlEnd : kLtrEnd, last)) {
    return rtl ? BidiRuleResult::kRtlBadEnd : BidiRuleResult::kLtrBadEnd;
  }
  // Conditions 2 / 5 for the characters between the first and the end (the
  // first and the end are allowed by 1 and 3 / 6, what follows the end is
  // NSM), and 4 for RTL strings: EN and AN exclude each other.
  const uint32_t allowed = rtl ? kRtlAllowed : kLtrAllowed;
  bool en = last == U_EUROPEAN_NUMBER, an = last == U_ARABIC_NUMBER;
  for (size_t i = 1; i < end; ++i) {
    const UCharDirection d = DirectionOf(cps[i]);
    if (!In(allowed, d)) {
      return rtl ? BidiRuleResult::kRtlDisallowed
                 : BidiRuleResult::kLtrDisallowed;
    }
    en |= d == U_EUROPEAN_NUMBER;
    an |= d == U_ARABIC_NUMBER;
    if (rtl && en && an) return BidiRuleResult::kRtlMixedNumbers;
  }
  return BidiRuleResult::kSatisfied;
}

bool SatisfiesBidiRule(std::u32string_view cps) {
  return CheckBidiRule(cps) == BidiRuleResult::kSatisfied;
}

std::string_view BidiRuleResultName(BidiRuleResult result) {
  switch (result) {
    case BidiRuleResult::kSatisfied:
      return "satisfied";
    case BidiRuleResult::kBadFirst:
      return "first_character";
    case BidiRuleResult::kRtlDisallowed:
      return "rtl_disallowed";
    case BidiRuleResult::kRtlBadEnd:
      return "rtl_end";
    case BidiRuleResult::kRtlMixedNumbers:
      return "rtl_en_an_mixed";
    case BidiRuleResult::kLtrDisallowed:
      return "ltr_disallowed";
    case BidiRuleResult::kLtrBadEnd:
      return "ltr_end";
  }
  return "?";
}

}  // namespace u8guard::internal
