// SPDX-License-Identifier: Apache-2.0
// MappingRules (src/precis/mapping_rules.h), the one description of a
// profile's mapping rules from which the pipeline's mapping pass, its
// stability check, its ASCII rules, ProfileKeepsAsIs and the path
// sanitizer derive whether a rule would change a text. Every answer is
// held against ICU's own mappings, computed here from ICU's properties and
// mappers (not from the mapping table), on every code point and every
// combination of the rules.

#include "src/precis/mapping_rules.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "src/precis/pipeline.h"
#include "src/unicode/mapping_table.h"
#include "u8guard/profile.h"

namespace u8guard::internal {
namespace {

// Every combination of the rules that MappingRulesOf reads (a profile with
// width mapping or not, each space mapping, each normalization form) with
// each case mapping.
struct Combination {
  Profile profile;
  CaseMapping case_mapping;
};

std::vector<Combination> AllCombinations() {
  std::vector<Combination> all;
  for (bool width : {false, true}) {
    for (SpaceMapping spaces : {SpaceMapping::kNone, SpaceMapping::kToAscii,
                                SpaceMapping::kToAsciiTrimCollapse}) {
      for (NormalizationForm form :
           {NormalizationForm::kNone, NormalizationForm::kNfc,
            NormalizationForm::kNfkc, NormalizationForm::kNfd,
            NormalizationForm::kNfkd, NormalizationForm::kNfkcCasefold}) {
        for (CaseMapping cm :
             {CaseMapping::kNone, CaseMapping::kLower, CaseMapping::kFold}) {
          Profile p;
          p.width_mapping = width;
          p.additional_mapping = spaces;
          p.normalization = form;
          all.push_back({p, cm});
        }
      }
    }
  }
  return all;
}

std::string Describe(const Combination& c) {
  return absl::StrFormat("width %d, spaces %d, form %d, case %d",
                         c.profile.width_mapping,
                         static_cast<int>(c.profile.additional_mapping),
                         static_cast<int>(c.profile.normalization),
                         static_cast<int>(c.case_mapping));
}

// Rules §5.2.1-§5.2.3 on the code point `cp` alone, by ICU, computed once
// per code point for every combination: the width mapping (a <wide> or
// <narrow> decomposition becomes its NFKC form when that is one code point,
// as RFC 8265 and precis_i18n map it), a non-ASCII space becomes U+0020,
// then the full case mapping.
class IcuMappings {
 public:
  explicit IcuMappings(UChar32 cp) : cp_(cp) {
    UErrorCode err = U_ZERO_ERROR;
    const icu::UnicodeString alone(cp);
    const int dt = u_getIntPropertyValue(cp, UCHAR_DECOMPOSITION_TYPE);
    widened_ = alone;
    if (dt == U_DT_WIDE || dt == U_DT_NARROW) {
      const icu::UnicodeString nfkc =
          icu::Normalizer2::getNFKCInstance(err)->normalize(alone, err);
      if (nfkc.countChar32() == 1) widened_ = nfkc;
    }
    EXPECT_TRUE(U_SUCCESS(err));
  }

  icu::UnicodeString Mapped(const Combination& c) const {
    icu::UnicodeString s =
        c.profile.width_mapping ? widened_ : icu::UnicodeString(cp_);
    if (c.profile.additional_mapping != SpaceMapping::kNone &&
        s.countChar32() == 1 && s.char32At(0) != U' ' &&
        u_charType(s.char32At(0)) == U_SPACE_SEPARATOR) {
      s = icu::UnicodeString(static_cast<UChar32>(U' '));
    }
    if (c.case_mapping == CaseMapping::kLower) {
      s.toLower(icu::Locale::getRoot());
    }
    if (c.case_mapping == CaseMapping::kFold) s.foldCase();
    return s;
  }

 private:
  UChar32 cp_;
  icu::UnicodeString widened_;
};

// The combinations that differ in rules §5.2.1-§5.2.3 (the normalization
// form left out).
std::vector<Combination> MappingCombinations() {
  std::vector<Combination> some;
  for (const Combination& c : AllCombinations()) {
    if (c.profile.normalization == NormalizationForm::kNone) some.push_back(c);
  }
  return some;
}

// Whether ICU's normalizer for `form` says `cp` is a starter whose
// Quick_Check is Yes: a text of such code points is in the form (UAX #15
// §9), whatever their order.
bool IcuQuickCheckYesStarter(NormalizationForm form, UChar32 cp) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* n = nullptr;
  switch (form) {
    case NormalizationForm::kNfc:
      n = icu::Normalizer2::getNFCInstance(err);
      break;
    case NormalizationForm::kNfkc:
      n = icu::Normalizer2::getNFKCInstance(err);
      break;
    case NormalizationForm::kNfd:
      n = icu::Normalizer2::getNFDInstance(err);
      break;
    case NormalizationForm::kNfkd:
      n = icu::Normalizer2::getNFKDInstance(err);
      break;
    default:
      return false;
  }
  return n->quickCheck(icu::UnicodeString(cp), err) == UNORM_YES &&
         u_getCombiningClass(cp) == 0 && U_SUCCESS(err);
}

bool IsScalar(UChar32 cp) { return cp < 0xD800 || cp > 0xDFFF; }

// ChangesNonAscii and CaseChangesAscii say exactly whether rules
// §5.2.1-§5.2.3 change a code point, and a code point without any of
// MayChangeFlags' bits is never changed.
TEST(MappingRules, ChangesEveryCodePointAsIcuMapsIt) {
  ASSERT_TRUE(MappingTableOk());
  const CodePointTable<uint16_t>& table = MappingFlagTable();
  const std::vector<Combination> combinations = MappingCombinations();
  std::vector<MappingRules> rules;
  for (const Combination& c : combinations) {
    rules.push_back(MappingRulesOf(c.profile, c.case_mapping));
  }
  size_t changed = 0, unchanged = 0;
  for (UChar32 cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp) || cp == U' ') continue;
    const IcuMappings icu(cp);
    const uint16_t flags = table.Get(cp);
    for (size_t i = 0; i < combinations.size(); ++i) {
      const bool icu_changes =
          icu.Mapped(combinations[i]) != icu::UnicodeString(cp);
      const bool ours = cp < 0x80 ? rules[i].CaseChangesAscii(cp)
                                  : rules[i].ChangesNonAscii(cp, flags);
      ASSERT_EQ(ours, icu_changes)
          << absl::StrFormat("U+%04X under %s", cp, Describe(combinations[i]));
      if (cp >= 0x80 && (flags & rules[i].MayChangeFlags()) == 0) {
        ASSERT_FALSE(icu_changes) << absl::StrFormat("U+%04X", cp);
      }
      (icu_changes ? changed : unchanged) += 1;
    }
  }
  // The comparison saw both answers, many times.
  EXPECT_GT(changed, 10000u);
  EXPECT_GT(unchanged, 1000000u);
}

// The ASCII rules: A-Z become a-z under a case mapping and under
// NFKC_Casefold, as ICU's mappers say, and nothing else changes.
TEST(MappingRules, AsciiLettersAsIcuMapsThem) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* casefold =
      icu::Normalizer2::getNFKCCasefoldInstance(err);
  ASSERT_TRUE(U_SUCCESS(err));
  for (const Combination& c : AllCombinations()) {
    const MappingRules rules = MappingRulesOf(c.profile, c.case_mapping);
    for (UChar32 cp = 0; cp < 0x80; ++cp) {
      icu::UnicodeString s = IcuMappings(cp).Mapped(c);
      ASSERT_EQ(
          icu::UnicodeString(static_cast<UChar32>(rules.CaseMapAscii(cp))), s)
          << absl::StrFormat("U+%04X under %s", cp, Describe(c));
      if (c.profile.normalization == NormalizationForm::kNfkcCasefold) {
        s = casefold->normalize(s, err);
      }
      const bool lowered = s != icu::UnicodeString(cp);
      ASSERT_EQ(lowered, rules.LowersAsciiLetters() && cp >= 'A' && cp <= 'Z')
          << absl::StrFormat("U+%04X under %s", cp, Describe(c));
      const AsciiProfileRules ascii = AsciiRulesOf(c.profile, c.case_mapping);
      ASSERT_EQ(ascii.bytes.lower, rules.LowersAsciiLetters());
      ASSERT_EQ(ascii.trim, rules.trim);
    }
  }
}

// FormKeeps: a set of flags that it says the form keeps belongs only to
// starters with Quick_Check Yes, by ICU's normalizer; no form keeps
// everything, and NFKC_Casefold is never assumed to keep anything.
TEST(MappingRules, FormKeepsOnlyWhatIcuKeeps) {
  const CodePointTable<uint16_t>& table = MappingFlagTable();
  for (NormalizationForm form :
       {NormalizationForm::kNfc, NormalizationForm::kNfkc,
        NormalizationForm::kNfd, NormalizationForm::kNfkd,
        NormalizationForm::kNfkcCasefold}) {
    Profile p;
    p.normalization = form;
    const MappingRules rules = MappingRulesOf(p, CaseMapping::kNone);
    size_t kept = 0, not_kept = 0;
    for (UChar32 cp = 0x80; cp <= 0x10FFFF; ++cp) {
      if (!IsScalar(cp)) continue;
      if (rules.FormKeeps(table.Get(cp))) {
        ASSERT_TRUE(IcuQuickCheckYesStarter(form, cp))
            << absl::StrFormat("U+%04X, form %d", cp, static_cast<int>(form));
        ++kept;
      } else {
        ++not_kept;
      }
    }
    if (form == NormalizationForm::kNfkcCasefold) {
      EXPECT_EQ(kept, 0u);
    } else {
      EXPECT_GT(kept, 100000u);
      EXPECT_GT(not_kept, 1000u);
    }
  }
  Profile none;
  none.normalization = NormalizationForm::kNone;
  EXPECT_TRUE(MappingRulesOf(none, CaseMapping::kNone).FormKeeps(0));
}

// Trimming removes a space first, last or after another, and only with
// kToAsciiTrimCollapse; OnlyNormalizes holds exactly when no other rule is
// on.
TEST(MappingRules, TrimAndOnlyNormalizes) {
  for (const Combination& c : AllCombinations()) {
    const MappingRules rules = MappingRulesOf(c.profile, c.case_mapping);
    const bool trim =
        c.profile.additional_mapping == SpaceMapping::kToAsciiTrimCollapse;
    for (int bits = 0; bits < 8; ++bits) {
      const bool first = bits & 1, last = bits & 2, after = bits & 4;
      EXPECT_EQ(rules.TrimRemovesSpace(first, last, after), trim && bits != 0);
    }
    EXPECT_EQ(rules.OnlyNormalizes(),
              !c.profile.width_mapping &&
                  c.profile.additional_mapping == SpaceMapping::kNone &&
                  c.case_mapping == CaseMapping::kNone)
        << Describe(c);
  }
}

}  // namespace
}  // namespace u8guard::internal
