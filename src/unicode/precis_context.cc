// SPDX-License-Identifier: Apache-2.0
// RFC 5892 Appendix A contextual rules, with ICU's properties.

#include "src/unicode/precis_context.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <string_view>

namespace u8guard::internal {
namespace {

// Canonical_Combining_Class value "Virama" (UAX #44).
constexpr uint8_t kVirama = 9;

bool IsVirama(char32_t cp) {
  return u_getCombiningClass(static_cast<UChar32>(cp)) == kVirama;
}

UScriptCode ScriptOf(char32_t cp) {
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode s = uscript_getScript(static_cast<UChar32>(cp), &status);
  return U_SUCCESS(status) ? s : USCRIPT_INVALID_CODE;
}

// The code point ranges named by rules A.8 and A.9 themselves.
bool IsArabicIndicDigit(char32_t cp) { return cp >= 0x0660 && cp <= 0x0669; }
bool IsExtendedArabicIndicDigit(char32_t cp) {
  return cp >= 0x06F0 && cp <= 0x06F9;
}

int JoiningType(char32_t cp) {
  return u_getIntPropertyValue(static_cast<UChar32>(cp), UCHAR_JOINING_TYPE);
}

// A.1's regular expression around the ZWNJ at `index`: skipping Joining_Type
// T, the nearest code point before is L or D and the nearest after is R or
// D. (Join_Causing, e.g. U+0640 TATWEEL, does not count: the RFC names L, D
// and R only, as precis_i18n does.)
bool ZwnjJoiningContext(std::u32string_view cps, size_t index) {
  bool left = false;
  for (size_t i = index; i-- > 0;) {
    const int jt = JoiningType(cps[i]);
    if (jt == U_JT_TRANSPARENT) continue;
    left = jt == U_JT_LEFT_JOINING || jt == U_JT_DUAL_JOINING;
    break;
  }
  if (!left) return false;
  for (size_t i = index + 1; i < cps.size(); ++i) {
    const int jt = JoiningType(cps[i]);
    if (jt == U_JT_TRANSPARENT) continue;
    return jt == U_JT_RIGHT_JOINING || jt == U_JT_DUAL_JOINING;
  }
  return false;
}

bool IsHiraganaKatakanaHan(char32_t cp) {
  const UScriptCode s = ScriptOf(cp);
  return s == USCRIPT_HIRAGANA || s == USCRIPT_KATAKANA || s == USCRIPT_HAN;
}

}  // namespace

ContextRule ContextRuleFor(char32_t cp) {
  switch (cp) {
    case 0x200C:
      return ContextRule::kZeroWidthNonJoiner;
    case 0x200D:
      return ContextRule::kZeroWidthJoiner;
    case 0x00B7:
      return ContextRule::kMiddleDot;
    case 0x0375:
      return ContextRule::kGreekKeraia;
    case 0x05F3:
    case 0x05F4:
      return ContextRule::kHebrewPunctuation;
    case 0x30FB:
      return ContextRule::kKatakanaMiddleDot;
    default:
      break;
  }
  if (IsArabicIndicDigit(cp)) return ContextRule::kArabicIndicDigits;
  if (IsExtendedArabicIndicDigit(cp)) {
    return ContextRule::kExtendedArabicIndicDigits;
  }
  return ContextRule::kNone;
}

Rule ViolationRule(ContextRule rule) {
  switch (rule) {
    case ContextRule::kZeroWidthNonJoiner:
      return Rule::kContextZeroWidthNonJoiner;
    case ContextRule::kZeroWidthJoiner:
      return Rule::kContextZeroWidthJoiner;
    case ContextRule::kMiddleDot:
      return Rule::kContextMiddleDot;
    case ContextRule::kGreekKeraia:
      return Rule::kContextGreekKeraia;
    case ContextRule::kHebrewPunctuation:
      return Rule::kContextHebrewPunctuation;
    case ContextRule::kKatakanaMiddleDot:
      return Rule::kContextKatakanaMiddleDot;
    case ContextRule::kArabicIndicDigits:
      return Rule::kContextArabicIndicDigits;
    case ContextRule::kExtendedArabicIndicDigits:
      return Rule::kContextExtendedArabicIndicDigits;
    case ContextRule::kNone:
      break;
  }
  return Rule::kDisallowedOther;
}

std::string_view ContextRuleKind(ContextRule rule) {
  switch (rule) {
    case ContextRule::kNone:
      return "";
    case ContextRule::kZeroWidthNonJoiner:
    case ContextRule::kZeroWidthJoiner:
      return "context_j";
    default:
      return "context_o";
  }
}

bool ContextRuleAllows(std::u32string_view cps, size_t index) {
  if (index >= cps.size()) return false;
  const bool has_before = index > 0;
  const bool has_after = index + 1 < cps.size();
  switch (ContextRuleFor(cps[index])) {
    case ContextRule::kNone:
      return false;
    case ContextRule::kZeroWidthNonJoiner:
      return (has_before && IsVirama(cps[index - 1])) ||
             ZwnjJoiningContext(cps, index);
    case ContextRule::kZeroWidthJoiner:
      return has_before && IsVirama(cps[index - 1]);
    case ContextRule::kMiddleDot:
      return has_before && has_after && cps[index - 1] == U'l' &&
             cps[index + 1] == U'l';
    case ContextRule::kGreekKeraia:
      return has_after && ScriptOf(cps[index + 1]) == USCRIPT_GREEK;
    case ContextRule::kHebrewPunctuation:
      return has_before && ScriptOf(cps[index - 1]) == USCRIPT_HEBREW;
    case ContextRule::kKatakanaMiddleDot:
      // RFC 5892 A.7 loops over all characters of the label ("For All
      // Characters"; its note: "require at least one character in the label
      // to be in one of those scripts"), not the neighbours; precis_i18n
      // does the same. U+30FB itself is Script=Common, so it never counts.
      return std::any_of(cps.begin(), cps.end(), IsHiraganaKatakanaHan);
    case ContextRule::kArabicIndicDigits:
      return std::none_of(cps.begin(), cps.end(), IsExtendedArabicIndicDigit);
    case ContextRule::kExtendedArabicIndicDigits:
      return std::none_of(cps.begin(), cps.end(), IsArabicIndicDigit);
  }
  return false;
}

std::optional<Rule> ContextRuleViolation(std::u32string_view cps,
                                         size_t index) {
  if (ContextRuleAllows(cps, index)) return std::nullopt;
  if (index >= cps.size()) return Rule::kDisallowedOther;
  return ViolationRule(ContextRuleFor(cps[index]));
}

}  // namespace u8guard::internal
