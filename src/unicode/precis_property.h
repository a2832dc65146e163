// SPDX-License-Identifier: Apache-2.0
// Internal: the PRECIS derived property of a code point (RFC 8264 §8-9) and
// what each string class (RFC 8264 §4.2, §4.3) makes of it.
//
// Every Unicode property used comes from the ICU linked at run time, so the
// answers are those of ICU's Unicode version (15.0 for ICU 72). The only
// fixed data is the algorithm's own: the Exceptions list of RFC 5892 §2.6 and
// the (empty) BackwardCompatible list of RFC 8264 §9.7.

#ifndef U8GUARD_SRC_UNICODE_PRECIS_PROPERTY_H_
#define U8GUARD_SRC_UNICODE_PRECIS_PROPERTY_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "src/unicode/code_point_table.h"
#include "u8guard/rule.h"

namespace u8guard::internal {

// The derived property values of RFC 8264 §8. "ID_DIS or FREE_PVAL" is
// kFreePval: IdentifierClass disallows it, FreeformClass allows it.
enum class PrecisProperty : uint8_t {
  kPvalid,
  kFreePval,
  kContextJ,
  kContextO,
  kDisallowed,
  kUnassigned,
};

// Which rule of RFC 8264 §8 decided the property: the category a code point
// falls in (RFC 8264 §9.1-§9.18, categories A-R). Names follow precis_i18n (see
// PrecisReasonName), whose error messages are "DISALLOWED/<reason>".
enum class PrecisReason : uint8_t {
  kExceptions,                 // §9.6: the RFC 5892 §2.6 list
  kBackwardCompatible,         // §9.7 (currently empty)
  kUnassigned,                 // §9.10: Cn and not a noncharacter
  kAscii7,                     // §9.11: U+0021..U+007E
  kJoinControl,                // §9.8: Join_Control
  kOldHangulJamo,              // §9.9: Hangul_Syllable_Type L, V or T
  kPrecisIgnorableProperties,  // §9.13: Default_Ignorable or noncharacter
  kControls,                   // §9.12: Cc
  kHasCompat,                  // §9.17: toNFKC(cp) != cp
  kLetterDigits,               // §9.1: Ll Lu Lo Nd Lm Mn Mc
  kOtherLetterDigits,          // §9.18: Lt Nl No Me
  kSpaces,                     // §9.14: Zs
  kSymbols,                    // §9.15: Sm Sc Sk So
  kPunctuation,                // §9.16: Pc Pd Ps Pe Pi Pf Po
  kOther,                      // none of the above (Cs, Co, Zl, Zp, Cf...)
};

// A code point's derived property and the rule that decided it.
struct PrecisDerivation {
  PrecisProperty property;
  PrecisReason reason;

  friend bool operator==(const PrecisDerivation&,
                         const PrecisDerivation&) = default;
};

// "PVALID", "FREE_PVAL", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"
// (the names precis_i18n and its derived-props files use).
std::string_view PrecisPropertyName(PrecisProperty property);

// "exceptions", "backward_compatible", "unassigned", "ascii7",
// "join_control", "old_hangul_jamo", "precis_ignorable_properties",
// "controls", "has_compat", "letter_digits", "other_letter_digits",
// "spaces", "symbols", "punctuation", "other" (precis_i18n's names).
std::string_view PrecisReasonName(PrecisReason reason);

// Computes the derived property of `cp` from ICU properties, applying the
// rules of RFC 8264 §8 in the RFC's order (Exceptions, BackwardCompatible,
// Unassigned, ASCII7, JoinControl, OldHangulJamo, PrecisIgnorableProperties,
// Controls, HasCompat, LetterDigits, OtherLetterDigits, Spaces, Symbols,
// Punctuation, else DISALLOWED/other). Slow (one NFKC normalization per
// call): use PrecisPropertyOf on hot paths. `cp` above U+10FFFF, and
// surrogates, yield DISALLOWED/other.
PrecisDerivation DerivePrecisProperty(char32_t cp);

// The table behind PrecisPropertyOf: each code point's derivation packed
// in a byte (PackDerivation), built on first use (thread-safe, tens of
// milliseconds). If ICU could not build it, every code point reads as
// DISALLOWED/other (fail closed). Hot loops fetch it once.
const CodePointTable<uint8_t>& PrecisTable();

// One table byte: property in bits 0-2, reason in bits 3-6.
constexpr uint8_t PackDerivation(PrecisDerivation d) {
  return static_cast<uint8_t>(static_cast<uint8_t>(d.property) |
                              (static_cast<uint8_t>(d.reason) << 3));
}
constexpr PrecisDerivation UnpackDerivation(uint8_t v) {
  return {static_cast<PrecisProperty>(v & 7),
          static_cast<PrecisReason>(v >> 3)};
}

// PrecisPropertyOf for cp >= 0x80, from `table` (PrecisTable()).
inline PrecisDerivation PrecisPropertyOfNonAscii(
    char32_t cp, const CodePointTable<uint8_t>& table = PrecisTable()) {
  if (cp > 0x10FFFF) {
    return {PrecisProperty::kDisallowed, PrecisReason::kOther};
  }
  return UnpackDerivation(table.Get(cp));
}

// PrecisPropertyOf for cp < 0x80, without the table (see below).
constexpr PrecisDerivation PrecisPropertyOfAscii(char32_t cp) {
  if (cp >= 0x21 && cp != 0x7F) {
    return {PrecisProperty::kPvalid, PrecisReason::kAscii7};
  }
  if (cp == 0x20) return {PrecisProperty::kFreePval, PrecisReason::kSpaces};
  return {PrecisProperty::kDisallowed, PrecisReason::kControls};
}

// Same answer as DerivePrecisProperty, from a table built from it once, on
// first use (thread-safe; about 50 KB, built in tens of milliseconds),
// covering U+0000..U+10FFFF. ASCII is answered inline without the table:
// U+0021..U+007E is ASCII7 by the RFC's own definition (RFC 8264 §9.11),
// U+0000..U+001F and U+007F are Controls (gc=Cc, a set Unicode's stability
// policy makes immutable) and U+0020 is Spaces (gc=Zs); the tests check all
// 128 against DerivePrecisProperty. `cp` above U+10FFFF yields
// DISALLOWED/other.
inline PrecisDerivation PrecisPropertyOf(
    char32_t cp, const CodePointTable<uint8_t>& table = PrecisTable()) {
  if (cp < 0x80) return PrecisPropertyOfAscii(cp);
  return PrecisPropertyOfNonAscii(cp, table);
}

// Size and construction cost of the table behind PrecisPropertyOf (builds it
// if not yet built; an ICU code point trie). For tests and benchmarks.
struct PrecisTableInfo {
  size_t bytes;          // the trie's index and data; 0 if it failed
  double build_seconds;  // wall time of the one-time build
};
PrecisTableInfo GetPrecisTableInfo();

// The rule that rejects a code point whose property, decided by `reason`,
// its string class disallows: DISALLOWED/<reason> (Rule::kDisallowed...).
// Reasons that only ever make a code point PVALID or CONTEXTJ (ascii7,
// letter_digits, join_control) and kOther give kDisallowedOther.
Rule DisallowedRule(PrecisReason reason);

// The PRECIS string classes (RFC 8264 §4), as the derived property sees
// them (the profile's StringClass also has "any text", which has no PRECIS
// class).
enum class PrecisClass : uint8_t {
  kIdentifier,  // §4.2 IdentifierClass
  kFreeform,    // §4.3 FreeformClass
};

// What a string class makes of one code point, before context is looked at.
enum class ClassVerdict : uint8_t {
  kAllowed,       // valid anywhere in the string
  kNeedsContext,  // CONTEXTJ/CONTEXTO: valid only if its context rule (RFC
                  // 5892 Appendix A, see precis_context.h) holds at its place
  kDisallowed,    // never valid in this class
};

// Applies RFC 8264 §4.2.1-§4.2.3 / §4.3.1-§4.3.3: IdentifierClass allows
// PVALID only; FreeformClass allows PVALID and FREE_PVAL; both accept
// CONTEXTJ and CONTEXTO subject to their context rules; DISALLOWED and
// UNASSIGNED are disallowed in both.
constexpr ClassVerdict ClassifyInStringClass(PrecisClass string_class,
                                             PrecisProperty property) {
  switch (property) {
    case PrecisProperty::kPvalid:
      return ClassVerdict::kAllowed;
    case PrecisProperty::kFreePval:
      return string_class == PrecisClass::kFreeform ? ClassVerdict::kAllowed
                                                    : ClassVerdict::kDisallowed;
    case PrecisProperty::kContextJ:
    case PrecisProperty::kContextO:
      return ClassVerdict::kNeedsContext;
    case PrecisProperty::kDisallowed:
    case PrecisProperty::kUnassigned:
      break;
  }
  return ClassVerdict::kDisallowed;
}

// The properties `string_class` allows anywhere, without a context rule
// (ClassifyInStringClass says kAllowed), as a mask of bits
// 1 << PrecisProperty: a string whose code points' properties all fall in
// it is valid in the class.
constexpr unsigned AllowedPropertyMask(PrecisClass string_class) {
  unsigned mask = 0;
  for (unsigned q = 0; q <= static_cast<unsigned>(PrecisProperty::kUnassigned);
       ++q) {
    if (ClassifyInStringClass(string_class, static_cast<PrecisProperty>(q)) ==
        ClassVerdict::kAllowed) {
      mask |= 1u << q;
    }
  }
  return mask;
}

// True if `d` is allowed in IdentifierClass without any context rule
// (PVALID). CONTEXTJ/CONTEXTO code points return false: check them with
// ClassifyInStringClass and the context rules.
constexpr bool IsIdentifierClassValid(PrecisDerivation d) {
  return ClassifyInStringClass(PrecisClass::kIdentifier, d.property) ==
         ClassVerdict::kAllowed;
}

// True if `d` is allowed in FreeformClass without any context rule (PVALID or
// FREE_PVAL).
constexpr bool IsFreeformClassValid(PrecisDerivation d) {
  return ClassifyInStringClass(PrecisClass::kFreeform, d.property) ==
         ClassVerdict::kAllowed;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_PRECIS_PROPERTY_H_
