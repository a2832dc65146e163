// SPDX-License-Identifier: Apache-2.0
// Internal: the mapping rules of a profile (RFC 8264 §5.2.1-§5.2.4),
// described once.
//
// MappingRulesOf reads a profile's four mapping rules, and the functions of
// MappingRules say what each rule changes, on ASCII and on any other code
// point. Everything that maps or asks whether a mapping would change a
// text derives from them: the mapping pass and the stability check of the
// pipeline (pipeline.cc), its ASCII rules (AsciiRulesOf), the shortcut that
// keeps a text as it is (ProfileKeepsAsIs) and the path sanitizer's
// "normalizes only" test. tests/precis/mapping_rules_test.cc holds every
// answer against ICU's own mappings, on every code point.

#ifndef U8GUARD_SRC_PRECIS_MAPPING_RULES_H_
#define U8GUARD_SRC_PRECIS_MAPPING_RULES_H_

#include <cstdint>

#include "src/unicode/mapping_table.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// A profile's mapping rules with a case mapping (a profile's own, or its
// key_case_mapping), in RFC 8264 §7's order.
struct MappingRules {
  // §5.2.1, width mapping: a code point with a <wide> or <narrow>
  // decomposition (kHasWidthMapping) becomes it (WidthMappingOf). No ASCII
  // code point has one.
  bool width = false;
  // §5.2.2, additional mapping: a non-ASCII space (General_Category Zs,
  // kIsNonAsciiSpace) becomes U+0020...
  bool spaces = false;
  // ...and then (SpaceMapping::kToAsciiTrimCollapse) leading and trailing
  // U+0020 are removed and each run of them becomes one.
  bool trim = false;
  // §5.2.3, case mapping: which (kNone: none), and the MappingFlag of the
  // code points it changes (kChangesWhenLowercased for toLower,
  // kChangesWhenCasefolded for folding; 0 for none). Of ASCII it changes
  // A-Z, to a-z.
  CaseMapping case_mapping = CaseMapping::kNone;
  uint16_t case_changes = 0;
  // §5.2.4, normalization: the form (kNone: none), and the MappingFlag of
  // the code points whose Quick_Check for the form is Yes and that are
  // starters (kNfcStable, ...): a text of such code points only is in the
  // form already (UAX #15 §9). 0 when none is known (NFKC_Casefold, which
  // ICU applies). NFKC_Casefold also lower-cases A-Z; the other forms keep
  // every ASCII code point.
  NormalizationForm form = NormalizationForm::kNone;
  uint16_t kept_by_form = 0;
  // MayChangeFlags(), worked out once.
  uint16_t may_change = 0;

  // True when A-Z become a-z (by the case mapping or by NFKC_Casefold).
  bool LowersAsciiLetters() const {
    return case_changes != 0 || form == NormalizationForm::kNfkcCasefold;
  }

  // True when the case mapping changes ASCII `c` (A-Z, when there is one).
  bool CaseChangesAscii(char32_t c) const {
    return case_changes != 0 && c >= U'A' && c <= U'Z';
  }

  // True when ASCII byte `b` is a code point that no rule changes (not A-Z
  // where the case mapping lowers them; not U+0020, which the additional
  // mapping may trim) and that every string class allows anywhere
  // (U+0021..U+007E: PVALID). Any other byte: false.
  bool KeepsAscii(uint8_t b) const {
    return static_cast<uint8_t>(b - 0x21) < 0x7F - 0x21 && !CaseChangesAscii(b);
  }

  // `c` after the case mapping, for ASCII `c`.
  char32_t CaseMapAscii(char32_t c) const {
    return CaseChangesAscii(c) ? c + (U'a' - U'A') : c;
  }

  // The MappingFlag bits of a non-ASCII code point that one of rules
  // §5.2.1-§5.2.3 may change: a code point with none of them is kept by
  // all three. (kHasWidthMapping is in it though a few code points map to
  // themselves: ChangesNonAscii is exact.)
  uint16_t MayChangeFlags() const { return may_change; }

  // True when rules §5.2.1-§5.2.3 change non-ASCII `cp`, whose MappingFlag
  // bits are `flags`.
  bool ChangesNonAscii(char32_t cp, uint16_t flags) const {
    if ((flags & MayChangeFlags()) == 0) return false;
    if ((flags & case_changes) != 0) return true;
    if (spaces && (flags & kIsNonAsciiSpace) != 0) return true;
    return WidthMappingOf(cp) != cp;  // width, kHasWidthMapping: the rest
  }

  // True when trimming removes, or collapses, a U+0020 that is `first` or
  // `last` in its text or comes `after_space`.
  bool TrimRemovesSpace(bool first, bool last, bool after_space) const {
    return trim && (first || last || after_space);
  }

  // True when the normalization keeps a text whose non-ASCII code points'
  // MappingFlag bits have `all_flags` in common: no form, or every one of
  // them is a starter with Quick_Check Yes (so the text, ASCII included, is
  // in the form). False means the form has to run (it may still keep it).
  bool FormKeeps(uint16_t all_flags) const {
    return form == NormalizationForm::kNone || (all_flags & kept_by_form) != 0;
  }

  // True when the normalization is the only rule that can change anything.
  bool OnlyNormalizes() const {
    return !width && !spaces && !trim && case_changes == 0;
  }
};

// The MappingFlag that says a code point is kept by `form`: kNfcStable,
// kNfkcStable, kNfdStable or kNfkdStable; 0 for kNone and NFKC_Casefold.
constexpr uint16_t KeptByFormFlag(NormalizationForm form) {
  switch (form) {
    case NormalizationForm::kNfc:
      return kNfcStable;
    case NormalizationForm::kNfkc:
      return kNfkcStable;
    case NormalizationForm::kNfd:
      return kNfdStable;
    case NormalizationForm::kNfkd:
      return kNfkdStable;
    default:
      return 0;
  }
}

// The mapping rules of `p` with case mapping `cm` in place of its own.
inline MappingRules MappingRulesOf(const Profile& p, CaseMapping cm) {
  MappingRules r;
  r.width = p.width_mapping;
  r.spaces = p.additional_mapping != SpaceMapping::kNone;
  r.trim = p.additional_mapping == SpaceMapping::kToAsciiTrimCollapse;
  r.case_mapping = cm;
  r.case_changes = cm == CaseMapping::kLower  ? kChangesWhenLowercased
                   : cm == CaseMapping::kFold ? kChangesWhenCasefolded
                                              : 0;
  r.form = p.normalization;
  r.kept_by_form = KeptByFormFlag(p.normalization);
  r.may_change = r.case_changes | (r.width ? kHasWidthMapping : 0) |
                 (r.spaces ? kIsNonAsciiSpace : 0);
  return r;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PRECIS_MAPPING_RULES_H_
