// SPDX-License-Identifier: Apache-2.0
// Every named enumeration: its names and its parser come from one table, so
// a name round-trips, an unknown name is an error that lists the names, and
// policy files accept exactly what the library's parsers accept.

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "u8guard/u8guard.h"

namespace u8guard {
namespace {

// Checks that Name and Parse agree on `values`, that every other spelling
// in `wrong` is refused with a message naming all of them, and returns the
// names.
template <typename E>
std::vector<std::string> CheckTable(
    const std::vector<E>& values, std::string_view (*name)(E),
    absl::StatusOr<E> (*parse)(std::string_view),
    const std::vector<std::string>& wrong) {
  std::vector<std::string> names;
  for (const E v : values) {
    const std::string n(name(v));
    EXPECT_NE(n, "unknown");
    const absl::StatusOr<E> back = parse(n);
    EXPECT_TRUE(back.ok()) << n;
    if (back.ok()) {
      EXPECT_EQ(*back, v) << n;
    }
    names.push_back(n);
  }
  for (const std::string& w : wrong) {
    const absl::StatusOr<E> r = parse(w);
    EXPECT_FALSE(r.ok()) << w;
    if (r.ok()) continue;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    for (const std::string& n : names) {
      EXPECT_TRUE(absl::StrContains(r.status().message(), n))
          << r.status().message() << " should list " << n;
    }
  }
  return names;
}

TEST(EnumNames, EveryTableRoundTrips) {
  CheckTable<BomPolicy>({BomPolicy::kReject, BomPolicy::kLiteral,
                         BomPolicy::kStrip, BomPolicy::kIgnore},
                        &BomPolicyName, &ParseBomPolicy,
                        {"", "Strip", "strip ", "bom"});
  CheckTable<CaseMapping>(
      {CaseMapping::kNone, CaseMapping::kLower, CaseMapping::kFold},
      &CaseMappingName, &ParseCaseMapping, {"Lower", "upper", ""});
  CheckTable<NormalizationForm>(
      {NormalizationForm::kNone, NormalizationForm::kNfc,
       NormalizationForm::kNfd, NormalizationForm::kNfkc,
       NormalizationForm::kNfkd, NormalizationForm::kNfkcCasefold},
      &NormalizationFormName, &ParseNormalizationForm, {"NFKD2", "", "nf"});
  CheckTable<StringClass>(
      {StringClass::kIdentifier, StringClass::kFreeform, StringClass::kAnyText},
      &StringClassName, &ParseStringClass, {"Identifier", "any"});
  CheckTable<SpaceMapping>({SpaceMapping::kNone, SpaceMapping::kToAscii,
                            SpaceMapping::kToAsciiTrimCollapse},
                           &SpaceMappingName, &ParseSpaceMapping, {"trim"});
  CheckTable<Directionality>({Directionality::kNone, Directionality::kBidiRule},
                             &DirectionalityName, &ParseDirectionality,
                             {"bidi"});
  CheckTable<ConfusablesPolicy>(
      {ConfusablesPolicy::kNone, ConfusablesPolicy::kSkeleton},
      &ConfusablesPolicyName, &ParseConfusablesPolicy, {"skeletons"});
  CheckTable<Utf8Kernel>(
      {Utf8Kernel::kAuto, Utf8Kernel::kScalar, Utf8Kernel::kSse42,
       Utf8Kernel::kAvx2, Utf8Kernel::kAvx512, Utf8Kernel::kAvx512Vbmi},
      &Utf8KernelName, &ParseUtf8Kernel, {"bogus", "AVX2", "avx"});
  CheckTable<DotDotPolicy>({DotDotPolicy::kReject, DotDotPolicy::kResolve},
                           &DotDotPolicyName, &ParseDotDotPolicy, {"maybe"});
  CheckTable<AclMode>({AclMode::kExact, AclMode::kSkeleton}, &AclModeName,
                      &ParseAclMode, {"Exact", "fuzzy"});
  CheckTable<RestrictionLevel>(
      {RestrictionLevel::kAscii, RestrictionLevel::kSingleScriptRestrictive,
       RestrictionLevel::kHighlyRestrictive,
       RestrictionLevel::kModeratelyRestrictive,
       RestrictionLevel::kMinimallyRestrictive,
       RestrictionLevel::kUnrestrictive},
      &RestrictionLevelName, &ParseRestrictionLevel, {"loose"});
}

// Normalization forms are matched ignoring ASCII case, and ICU's name of
// NFKC_Casefold is an alias; every other table is exact.
TEST(EnumNames, NormalizationFormsIgnoreCaseAndKnowIcusAlias) {
  EXPECT_EQ(*ParseNormalizationForm("nfkc_casefold"),
            NormalizationForm::kNfkcCasefold);
  EXPECT_EQ(*ParseNormalizationForm("NFKC_CF"),
            NormalizationForm::kNfkcCasefold);
  EXPECT_EQ(*ParseNormalizationForm("nfc"), NormalizationForm::kNfc);
  EXPECT_EQ(NormalizationFormName(NormalizationForm::kNfkcCasefold),
            "NFKC_Casefold");
  EXPECT_EQ(ParseNormalizationForm("x").status().message(),
            "unknown normalization form \"x\" (expected none, NFC, NFD, NFKC, "
            "NFKD or NFKC_Casefold)");
}

// A policy file accepts exactly the spellings the library's parsers accept.
TEST(EnumNames, PolicyFilesUseTheSameParsers) {
  const std::string base =
      "name = \"p\"\nbom = \"%BOM%\"\nstring_class = \"identifier\"\n"
      "width_mapping = false\nadditional_mapping = \"none\"\n"
      "case_mapping = \"none\"\nnormalization = \"%NORM%\"\n"
      "directionality = \"none\"\n";
  const auto with = [&](std::string_view bom, std::string_view norm) {
    std::string text = base;
    text.replace(text.find("%BOM%"), 5, bom);
    text.replace(text.find("%NORM%"), 6, norm);
    return ParseProfile(text, "p.toml");
  };
  for (const std::string_view bom :
       {"reject", "literal", "strip", "ignore", "Strip", "x"}) {
    EXPECT_EQ(with(bom, "NFC").ok(), ParseBomPolicy(bom).ok()) << bom;
  }
  for (const std::string_view norm :
       {"none", "NFC", "nfkc", "NFKC_CF", "nfkc_casefold", "NFKD2"}) {
    const absl::StatusOr<Profile> p = with("reject", norm);
    const absl::StatusOr<NormalizationForm> f = ParseNormalizationForm(norm);
    EXPECT_EQ(p.ok(), f.ok()) << norm;
    if (p.ok() && f.ok()) {
      EXPECT_EQ(p->normalization, *f);
    }
    if (!f.ok()) {
      EXPECT_TRUE(absl::StrContains(p.status().message(), f.status().message()))
          << p.status().message();
    }
  }
}

}  // namespace
}  // namespace u8guard
