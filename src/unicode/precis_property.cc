// SPDX-License-Identifier: Apache-2.0
// The PRECIS derived property (RFC 8264 §8), computed from ICU, and the
// lookup table built from it.

#include "src/unicode/precis_property.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/unicode/code_point_table.h"

namespace u8guard::internal {
namespace {

using P = PrecisProperty;
using R = PrecisReason;

constexpr char32_t kMaxCodePoint = 0x10FFFF;

// RFC 5892 §2.6 "Exceptions (F)", which RFC 8264 §9.6 adopts: code points
// whose value the RFC fixes by hand, not Unicode data. Sorted by code point.
struct ExceptionEntry {
  char32_t cp;
  PrecisProperty property;
};
constexpr ExceptionEntry kExceptions[] = {
    // CONTEXTO, would otherwise have been DISALLOWED: MIDDLE DOT.
    {0x00B7, P::kContextO},
    // PVALID, would otherwise have been DISALLOWED: LATIN SMALL LETTER
    // SHARP S.
    {0x00DF, P::kPvalid},
    // CONTEXTO: GREEK LOWER NUMERAL SIGN (KERAIA).
    {0x0375, P::kContextO},
    // PVALID: GREEK SMALL LETTER FINAL SIGMA.
    {0x03C2, P::kPvalid},
    // CONTEXTO: HEBREW PUNCTUATION GERESH, GERSHAYIM.
    {0x05F3, P::kContextO},
    {0x05F4, P::kContextO},
    // DISALLOWED, would otherwise have been PVALID: ARABIC TATWEEL.
    {0x0640, P::kDisallowed},
    // CONTEXTO, would otherwise have been PVALID: ARABIC-INDIC DIGITS.
    {0x0660, P::kContextO},
    {0x0661, P::kContextO},
    {0x0662, P::kContextO},
    {0x0663, P::kContextO},
    {0x0664, P::kContextO},
    {0x0665, P::kContextO},
    {0x0666, P::kContextO},
    {0x0667, P::kContextO},
    {0x0668, P::kContextO},
    {0x0669, P::kContextO},
    // CONTEXTO: EXTENDED ARABIC-INDIC DIGITS.
    {0x06F0, P::kContextO},
    {0x06F1, P::kContextO},
    {0x06F2, P::kContextO},
    {0x06F3, P::kContextO},
    {0x06F4, P::kContextO},
    {0x06F5, P::kContextO},
    {0x06F6, P::kContextO},
    {0x06F7, P::kContextO},
    {0x06F8, P::kContextO},
    {0x06F9, P::kContextO},
    // PVALID: ARABIC SIGN SINDHI AMPERSAND, SINDHI POSTPOSITION MEN.
    {0x06FD, P::kPvalid},
    {0x06FE, P::kPvalid},
    // DISALLOWED: NKO LAJANYALAN.
    {0x07FA, P::kDisallowed},
    // PVALID: TIBETAN MARK INTERSYLLABIC TSHEG.
    {0x0F0B, P::kPvalid},
    // PVALID: IDEOGRAPHIC NUMBER ZERO.
    {0x3007, P::kPvalid},
    // DISALLOWED: HANGUL SINGLE/DOUBLE DOT TONE MARK.
    {0x302E, P::kDisallowed},
    {0x302F, P::kDisallowed},
    // DISALLOWED: VERTICAL KANA REPEAT MARKS.
    {0x3031, P::kDisallowed},
    {0x3032, P::kDisallowed},
    {0x3033, P::kDisallowed},
    {0x3034, P::kDisallowed},
    {0x3035, P::kDisallowed},
    // DISALLOWED: VERTICAL IDEOGRAPHIC ITERATION MARK.
    {0x303B, P::kDisallowed},
    // CONTEXTO: KATAKANA MIDDLE DOT.
    {0x30FB, P::kContextO},
};
static_assert(std::size(kExceptions) == 41, "RFC 5892 §2.6 lists 41");

constexpr bool ExceptionsSorted() {
  for (size_t i = 1; i < std::size(kExceptions); ++i) {
    if (kExceptions[i - 1].cp >= kExceptions[i].cp) return false;
  }
  return true;
}
static_assert(ExceptionsSorted());

const ExceptionEntry* FindException(char32_t cp) {
  const auto* end = std::end(kExceptions);
  const auto* it = std::lower_bound(
      std::begin(kExceptions), end, cp,
      [](const ExceptionEntry& e, char32_t c) { return e.cp < c; });
  return (it != end && it->cp == cp) ? it : nullptr;
}

// RFC 8264 §9.17 HasCompat: toNFKC(cp) != cp, with ICU's NFKC. nullopt if
// ICU cannot normalize (no data), which Derive treats as DISALLOWED.
std::optional<bool> HasCompat(char32_t cp) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfkc = unorm2_getNFKCInstance(&status);
  if (U_FAILURE(status)) return std::nullopt;
  UChar in[2];
  int32_t in_len = 0;
  U16_APPEND_UNSAFE(in, in_len, static_cast<UChar32>(cp));
  // NFKC_Quick_Check Yes: the code point is in NFKC already (UAX #15 §9),
  // so it is its own NFKC, without normalizing (most code points; the
  // table is built at start-up, where this saves about a fifth).
  if (unorm2_quickCheck(nfkc, in, in_len, &status) == UNORM_YES &&
      U_SUCCESS(status)) {
    return false;
  }
  status = U_ZERO_ERROR;
  // The longest NFKC expansion of one code point (U+FDFA) is 18 units.
  UChar out[32];
  const int32_t out_len =
      unorm2_normalize(nfkc, in, in_len, out, std::size(out), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) return true;  // longer than cp
  if (U_FAILURE(status)) return std::nullopt;
  return !std::equal(in, in + in_len, out, out + out_len);
}

// RFC 8264 §8's rules, in order, on ICU's properties; `cp` <= U+10FFFF.
PrecisDerivation Derive(char32_t cp) {
  const UChar32 c = static_cast<UChar32>(cp);
  if (const ExceptionEntry* e = FindException(cp)) {
    return {e->property, R::kExceptions};
  }
  // BackwardCompatible (RFC 8264 §9.7): empty in every version so far.
  const uint32_t gc = U_GET_GC_MASK(c);
  const bool noncharacter =
      u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT);
  if ((gc & U_GC_CN_MASK) != 0 && !noncharacter) {
    return {P::kUnassigned, R::kUnassigned};
  }
  if (cp >= 0x21 && cp <= 0x7E) return {P::kPvalid, R::kAscii7};
  if (u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL)) {
    return {P::kContextJ, R::kJoinControl};
  }
  switch (u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE)) {
    case U_HST_LEADING_JAMO:
    case U_HST_VOWEL_JAMO:
    case U_HST_TRAILING_JAMO:
      return {P::kDisallowed, R::kOldHangulJamo};
    default:
      break;
  }
  if (noncharacter ||
      u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
    return {P::kDisallowed, R::kPrecisIgnorableProperties};
  }
  if ((gc & U_GC_CC_MASK) != 0) return {P::kDisallowed, R::kControls};
  const std::optional<bool> has_compat = HasCompat(cp);
  if (!has_compat) return {P::kDisallowed, R::kOther};  // fail closed
  if (*has_compat) return {P::kFreePval, R::kHasCompat};
  constexpr uint32_t kLetterDigits = U_GC_LL_MASK | U_GC_LU_MASK |
                                     U_GC_LO_MASK | U_GC_ND_MASK |
                                     U_GC_LM_MASK | U_GC_MN_MASK | U_GC_MC_MASK;
  if ((gc & kLetterDigits) != 0) return {P::kPvalid, R::kLetterDigits};
  constexpr uint32_t kOtherLetterDigits =
      U_GC_LT_MASK | U_GC_NL_MASK | U_GC_NO_MASK | U_GC_ME_MASK;
  if ((gc & kOtherLetterDigits) != 0) {
    return {P::kFreePval, R::kOtherLetterDigits};
  }
  if ((gc & U_GC_ZS_MASK) != 0) return {P::kFreePval, R::kSpaces};
  if ((gc & U_GC_S_MASK) != 0) return {P::kFreePval, R::kSymbols};
  if ((gc & U_GC_P_MASK) != 0) return {P::kFreePval, R::kPunctuation};
  return {P::kDisallowed, R::kOther};
}

static_assert(UnpackDerivation(PackDerivation({P::kUnassigned, R::kOther})) ==
              PrecisDerivation{P::kUnassigned, R::kOther});

struct Table {
  // nullptr when ICU could not build the trie: every code point is then
  // DISALLOWED/other (fail closed).
  const CodePointTable<uint8_t>* trie = nullptr;
  double build_seconds = 0;
};

const Table& GetTable() {
  static const Table* const table = [] {
    const auto start = std::chrono::steady_clock::now();
    auto* t = new Table;
    t->trie = CodePointTable<uint8_t>::Build([](UChar32 cp) {
      return PackDerivation(Derive(static_cast<char32_t>(cp)));
    });
    t->build_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return t;
  }();
  return *table;
}

}  // namespace

std::string_view PrecisPropertyName(PrecisProperty property) {
  switch (property) {
    case P::kPvalid:
      return "PVALID";
    case P::kFreePval:
      return "FREE_PVAL";
    case P::kContextJ:
      return "CONTEXTJ";
    case P::kContextO:
      return "CONTEXTO";
    case P::kDisallowed:
      return "DISALLOWED";
    case P::kUnassigned:
      return "UNASSIGNED";
  }
  return "?";
}

std::string_view PrecisReasonName(PrecisReason reason) {
  switch (reason) {
    case R::kExceptions:
      return "exceptions";
    case R::kBackwardCompatible:
      return "backward_compatible";
    case R::kUnassigned:
      return "unassigned";
    case R::kAscii7:
      return "ascii7";
    case R::kJoinControl:
      return "join_control";
    case R::kOldHangulJamo:
      return "old_hangul_jamo";
    case R::kPrecisIgnorableProperties:
      return "precis_ignorable_properties";
    case R::kControls:
      return "controls";
    case R::kHasCompat:
      return "has_compat";
    case R::kLetterDigits:
      return "letter_digits";
    case R::kOtherLetterDigits:
      return "other_letter_digits";
    case R::kSpaces:
      return "spaces";
    case R::kSymbols:
      return "symbols";
    case R::kPunctuation:
      return "punctuation";
    case R::kOther:
      return "other";
  }
  return "?";
}

PrecisDerivation DerivePrecisProperty(char32_t cp) {
  if (cp > kMaxCodePoint) return {P::kDisallowed, R::kOther};
  return Derive(cp);
}

const CodePointTable<uint8_t>& PrecisTable() {
  static const CodePointTable<uint8_t>* const kTable = [] {
    const CodePointTable<uint8_t>* trie = GetTable().trie;
    if (trie == nullptr) {
      trie = CodePointTable<uint8_t>::Filled(
          PackDerivation({P::kDisallowed, R::kOther}));
    }
    return trie;
  }();
  return *kTable;
}

PrecisTableInfo GetPrecisTableInfo() {
  const Table& t = GetTable();
  return {t.trie != nullptr ? t.trie->bytes() : 0, t.build_seconds};
}

Rule DisallowedRule(PrecisReason reason) {
  switch (reason) {
    case R::kExceptions:
      return Rule::kDisallowedExceptions;
    case R::kBackwardCompatible:
      return Rule::kDisallowedBackwardCompatible;
    case R::kUnassigned:
      return Rule::kDisallowedUnassigned;
    case R::kOldHangulJamo:
      return Rule::kDisallowedOldHangulJamo;
    case R::kPrecisIgnorableProperties:
      return Rule::kDisallowedPrecisIgnorable;
    case R::kControls:
      return Rule::kDisallowedControls;
    case R::kHasCompat:
      return Rule::kDisallowedHasCompat;
    case R::kOtherLetterDigits:
      return Rule::kDisallowedOtherLetterDigits;
    case R::kSpaces:
      return Rule::kDisallowedSpaces;
    case R::kSymbols:
      return Rule::kDisallowedSymbols;
    case R::kPunctuation:
      return Rule::kDisallowedPunctuation;
    case R::kAscii7:        // PVALID by definition (RFC 8264 §9.11)
    case R::kLetterDigits:  // PVALID by definition (RFC 8264 §9.1)
    case R::kJoinControl:   // CONTEXTJ: decided by its context rule
    case R::kOther:
      break;
  }
  return Rule::kDisallowedOther;
}

}  // namespace u8guard::internal
