// SPDX-License-Identifier: Apache-2.0
// The PRECIS derived property (RFC 8264 §8) of every code point, computed
// from ICU, against precis_i18n's golden files for Unicode 15.0 (ICU 72's
// version) and 16.0 (ICU 76's), and against IANA's PRECIS registry for
// Unicode 6.3.0 where the two versions are comparable. Each file is held to
// every code point both its version and ICU's assign (and those both leave
// unassigned); the code points only one of them assigns are counted
// (tests/unicode_versions.h).

#include <unicode/uchar.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "src/unicode/precis_property.h"
#include "tests/test_support.h"
#include "tests/unicode_versions.h"

namespace u8guard::internal {
namespace {

constexpr char32_t kCodeSpace = 0x110000;

std::optional<char32_t> ParseHex(std::string_view s) {
  uint32_t v = 0;
  if (s.empty() ||
      !absl::SimpleHexAtoi(absl::string_view(s.data(), s.size()), &v)) {
    return std::nullopt;
  }
  return static_cast<char32_t>(v);
}

// "0021-007E" or "00DF" -> [first, last].
bool ParseRange(std::string_view text, char32_t& first, char32_t& last) {
  const size_t dash = text.find('-');
  auto a = ParseHex(text.substr(0, dash));
  auto b = dash == std::string_view::npos ? a : ParseHex(text.substr(dash + 1));
  if (!a || !b || *a > *b || *b >= kCodeSpace) return false;
  first = *a;
  last = *b;
  return true;
}

std::string Describe(PrecisDerivation d) {
  return absl::StrFormat("%s/%s", PrecisPropertyName(d.property),
                         PrecisReasonName(d.reason));
}

// precis_i18n's golden files, one per Unicode version.
const char* const kGoldenFiles[] = {
    "testdata/precis_golden/derived-props-15.0.txt",
    "testdata/precis_golden/derived-props-16.0.txt",
};

// Expected "PROPERTY/reason" of every code point, from a golden file
// ("0021-007E PVALID/ascii7", one range a line, in order).
std::vector<std::string> LoadGolden(const std::string& file) {
  const std::string text = testing::ReadFileOrDie(testing::SharedPath(file));
  std::vector<std::string> expected(kCodeSpace);
  char32_t next = 0;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    std::vector<absl::string_view> f =
        absl::StrSplit(line, ' ', absl::SkipEmpty());
    char32_t first, last;
    if (f.size() != 2 ||
        !ParseRange(std::string_view(f[0].data(), f[0].size()), first, last)) {
      ADD_FAILURE() << "line " << line_no << " unparsable: " << line;
      continue;
    }
    EXPECT_EQ(first, next) << "line " << line_no
                           << ": gap or overlap in the golden file";
    for (char32_t cp = first; cp <= last; ++cp) {
      expected[cp] = std::string(f[1]);
    }
    next = last + 1;
  }
  EXPECT_EQ(next, kCodeSpace) << "golden file does not reach U+10FFFF";
  return expected;
}

// Every code point the golden file's Unicode version and ICU's both
// assign, or both leave unassigned, has the file's property. Those ICU
// assigns after the file's version (which it calls unassigned) and, for a
// file newer than ICU, those the file assigns and ICU does not, are counted
// and reported.
class PrecisDerivedPropertyGolden
    : public ::testing::TestWithParam<const char*> {};

TEST_P(PrecisDerivedPropertyGolden, EveryCodePointBothVersionsAssignMatches) {
  const std::string file = GetParam();
  U8GUARD_REQUIRE_SHARED_FILE(file);
  const std::optional<testing::UnicodeVersionNumber> version =
      testing::ParseUnicodeVersion(file);
  ASSERT_TRUE(version.has_value()) << file;
  const testing::UnicodeVersionNumber icu = testing::IcuUnicodeVersion();
  const std::vector<std::string> expected = LoadGolden(file);
  ASSERT_EQ(expected.size(), kCodeSpace);
  size_t compared = 0, mismatches = 0, newer_than_file = 0, newer_than_icu = 0;
  for (char32_t cp = 0; cp < kCodeSpace; ++cp) {
    ASSERT_FALSE(expected[cp].empty()) << absl::StrFormat(
        "U+%04X missing from golden file", static_cast<uint32_t>(cp));
    const std::string got = Describe(DerivePrecisProperty(cp));
    const bool file_assigns = expected[cp] != "UNASSIGNED/unassigned";
    if (testing::AssignedAfter(cp, *version) && !file_assigns) {
      ++newer_than_file;
      continue;
    }
    if (*version > icu && file_assigns && !testing::AgeOf(cp)) {
      ++newer_than_icu;
      continue;
    }
    ++compared;
    if (got != expected[cp] && ++mismatches <= 50) {
      ADD_FAILURE() << absl::StrFormat(
          "U+%04X DerivePrecisProperty=%s golden=%s", static_cast<uint32_t>(cp),
          got, expected[cp]);
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(compared + newer_than_file + newer_than_icu, size_t{kCodeSpace});
  if (*version >= icu) {
    EXPECT_EQ(newer_than_file, 0u);
  }
  if (*version <= icu) {
    EXPECT_EQ(newer_than_icu, 0u);
  }
  std::printf(
      "%s (Unicode %s) against ICU's Unicode %s: %zu code points compared; "
      "%zu assigned after %s, %zu assigned in %s only, not compared\n",
      file.c_str(), version->ToString().c_str(), icu.ToString().c_str(),
      compared, newer_than_file, version->ToString().c_str(), newer_than_icu,
      version->ToString().c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Files, PrecisDerivedPropertyGolden, ::testing::ValuesIn(kGoldenFiles),
    [](const ::testing::TestParamInfo<const char*>& info) {
      std::string name = std::string(info.param)
                             .substr(std::string(info.param).rfind('/') + 1);
      for (char& c : name) {
        if (!absl::ascii_isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

// The table (PrecisPropertyOf) holds what the derivation computes, for
// every code point; every reason the RFC's algorithm can give except
// backward_compatible (an empty set) occurs (from Unicode 15.0 on).
TEST(PrecisDerivedPropertyTest, TableAgreesWithDerivationEverywhere) {
  size_t table_mismatches = 0;
  std::map<std::string, size_t> counts;
  for (char32_t cp = 0; cp < kCodeSpace; ++cp) {
    const PrecisDerivation derived = DerivePrecisProperty(cp);
    ++counts[Describe(derived)];
    const PrecisDerivation fast = PrecisPropertyOf(cp);
    if (!(fast == derived) && ++table_mismatches <= 50) {
      ADD_FAILURE() << absl::StrFormat(
          "U+%04X PrecisPropertyOf=%s DerivePrecisProperty=%s",
          static_cast<uint32_t>(cp), Describe(fast), Describe(derived));
    }
  }
  EXPECT_EQ(table_mismatches, 0u);
  EXPECT_EQ(counts.count("DISALLOWED/backward_compatible"), 0u);
  for (const char* reason :
       {"PVALID/exceptions", "CONTEXTO/exceptions", "DISALLOWED/exceptions",
        "UNASSIGNED/unassigned", "PVALID/ascii7", "CONTEXTJ/join_control",
        "DISALLOWED/old_hangul_jamo", "DISALLOWED/precis_ignorable_properties",
        "DISALLOWED/controls", "FREE_PVAL/has_compat", "PVALID/letter_digits",
        "FREE_PVAL/other_letter_digits", "FREE_PVAL/spaces",
        "FREE_PVAL/symbols", "FREE_PVAL/punctuation", "DISALLOWED/other"}) {
    EXPECT_GT(counts[reason], 0u) << reason;
  }
}

TEST(PrecisDerivedPropertyTest, AsciiFastPathAgreesWithIcu) {
  for (char32_t cp = 0; cp < 0x80; ++cp) {
    EXPECT_EQ(Describe(PrecisPropertyOf(cp)),
              Describe(DerivePrecisProperty(cp)))
        << static_cast<uint32_t>(cp);
  }
}

// IANA's PRECIS registry for Unicode 6.3.0 (iana-precis-tables-6.3.0.csv:
// "Codepoint,Property,Description", one range a line). Properties of code
// points already assigned in 6.3.0 can in principle change when Unicode
// changes a property, but none has between 6.3.0 and 17.0: every code point
// the registry does not call UNASSIGNED must have the same property today
// ("ID_DIS or FREE_PVAL" is FREE_PVAL). Code points UNASSIGNED in 6.3.0 are
// not compared: many have been assigned since.
TEST(PrecisDerivedPropertyTest, AgreesWithIanaRegistryFor63Assigned) {
  U8GUARD_REQUIRE_SHARED_FILE(
      "testdata/precis_golden/iana-precis-tables-6.3.0.csv");
  const std::string text = testing::ReadFileOrDie(testing::SharedPath(
      "testdata/precis_golden/iana-precis-tables-6.3.0.csv"));
  char32_t next = 0;
  size_t compared = 0, mismatches = 0;
  bool header = true;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripTrailingAsciiWhitespace(line);
    if (line.empty()) continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<absl::string_view> f =
        absl::StrSplit(line, absl::MaxSplits(',', 2));
    char32_t first, last;
    ASSERT_EQ(f.size(), 3u) << line;
    ASSERT_TRUE(
        ParseRange(std::string_view(f[0].data(), f[0].size()), first, last))
        << line;
    EXPECT_EQ(first, next) << "gap or overlap at " << line;
    next = last + 1;
    std::string expected(f[1]);
    if (expected == "UNASSIGNED") continue;
    if (expected == "ID_DIS or FREE_PVAL") expected = "FREE_PVAL";
    for (char32_t cp = first; cp <= last; ++cp) {
      ++compared;
      const std::string_view got =
          PrecisPropertyName(PrecisPropertyOf(cp).property);
      if (got != expected && ++mismatches <= 50) {
        ADD_FAILURE() << absl::StrFormat("U+%04X now %s, IANA 6.3.0 %s",
                                         static_cast<uint32_t>(cp), got,
                                         expected);
      }
    }
  }
  EXPECT_EQ(next, kCodeSpace);
  EXPECT_EQ(mismatches, 0u);
  // Unicode 6.3.0 assigned 249,769 code points other than UNASSIGNED ones
  // (counting planes 15-16 private use and the noncharacters).
  EXPECT_EQ(compared, 249769u);
}

// Cases that show the order of the RFC 8264 §8 rules; the expectations come
// from the RFC's text (and agree with the golden file).
TEST(PrecisDerivedPropertyTest, RuleOrderSpotChecks) {
  struct Case {
    char32_t cp;
    const char* expected;
  };
  for (const Case& c : std::vector<Case>{
           {U'a', "PVALID/ascii7"},
           {U' ', "FREE_PVAL/spaces"},
           {0x00DF, "PVALID/exceptions"},      // sharp s: Exceptions first
           {0x0640, "DISALLOWED/exceptions"},  // tatweel (Lm otherwise)
           {0x0661, "CONTEXTO/exceptions"},    // Arabic-Indic one (Nd)
           {0x00AA, "FREE_PVAL/has_compat"},   // Lo, but HasCompat comes first
           {0x0958, "FREE_PVAL/has_compat"},   // composition exclusion: NFKC
                                               // decomposes it
           {0x01C5, "FREE_PVAL/has_compat"},   // Lt with a decomposition
           {0x1F88, "FREE_PVAL/other_letter_digits"},  // Lt, NFKC-stable
           {0x00AD, "DISALLOWED/precis_ignorable_properties"},  // soft hyphen
           {0x200C, "CONTEXTJ/join_control"},
           {0x200D, "CONTEXTJ/join_control"},
           {0x1100, "DISALLOWED/old_hangul_jamo"},
           {0xAC00, "PVALID/letter_digits"},    // LV syllable, not a jamo
           {0xE0000, "UNASSIGNED/unassigned"},  // Cn and Default_Ignorable:
                                                // Unassigned comes first
           {0xFFFF, "DISALLOWED/precis_ignorable_properties"},  // nonchar.
           {0xD800, "DISALLOWED/other"},                        // surrogate
           {0xE000, "DISALLOWED/other"},                        // private use
           {0x2028, "DISALLOWED/other"},  // Zl: White_Space but not Zs
           {0x0600, "DISALLOWED/other"},  // Cf, not ignorable
       }) {
    EXPECT_EQ(Describe(DerivePrecisProperty(c.cp)), c.expected)
        << absl::StrFormat("U+%04X", static_cast<uint32_t>(c.cp));
    EXPECT_EQ(Describe(PrecisPropertyOf(c.cp)), c.expected)
        << absl::StrFormat("U+%04X", static_cast<uint32_t>(c.cp));
  }
}

TEST(PrecisDerivedPropertyTest, BeyondUnicodeIsDisallowed) {
  for (char32_t cp :
       {char32_t{0x110000}, char32_t{0x7FFFFFFF}, char32_t{0xFFFFFFFF}}) {
    EXPECT_EQ(Describe(DerivePrecisProperty(cp)), "DISALLOWED/other");
    EXPECT_EQ(Describe(PrecisPropertyOf(cp)), "DISALLOWED/other");
  }
}

TEST(PrecisDerivedPropertyTest, StringClassVerdicts) {
  using P = PrecisProperty;
  using V = ClassVerdict;
  constexpr PrecisClass kId = PrecisClass::kIdentifier;
  constexpr PrecisClass kFree = PrecisClass::kFreeform;
  EXPECT_EQ(ClassifyInStringClass(kId, P::kPvalid), V::kAllowed);
  EXPECT_EQ(ClassifyInStringClass(kId, P::kFreePval), V::kDisallowed);
  EXPECT_EQ(ClassifyInStringClass(kId, P::kContextJ), V::kNeedsContext);
  EXPECT_EQ(ClassifyInStringClass(kId, P::kContextO), V::kNeedsContext);
  EXPECT_EQ(ClassifyInStringClass(kId, P::kDisallowed), V::kDisallowed);
  EXPECT_EQ(ClassifyInStringClass(kId, P::kUnassigned), V::kDisallowed);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kPvalid), V::kAllowed);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kFreePval), V::kAllowed);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kContextJ), V::kNeedsContext);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kContextO), V::kNeedsContext);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kDisallowed), V::kDisallowed);
  EXPECT_EQ(ClassifyInStringClass(kFree, P::kUnassigned), V::kDisallowed);
  EXPECT_TRUE(IsIdentifierClassValid(PrecisPropertyOf(U'x')));
  EXPECT_FALSE(IsIdentifierClassValid(PrecisPropertyOf(U' ')));
  EXPECT_TRUE(IsFreeformClassValid(PrecisPropertyOf(U' ')));
  EXPECT_FALSE(IsFreeformClassValid(PrecisPropertyOf(0x200D)));
  EXPECT_FALSE(IsFreeformClassValid(PrecisPropertyOf(0x0000)));
}

TEST(PrecisDerivedPropertyTest, TableIsCompact) {
  const PrecisTableInfo info = GetPrecisTableInfo();
  std::printf(
      "PRECIS table (ICU code point trie): %zu bytes, built in %.3f s\n",
      info.bytes, info.build_seconds);
  EXPECT_GT(info.bytes, 0u);  // 0: the trie could not be built
  EXPECT_LT(info.bytes, 128u * 1024u);
}

// Every reason that can disallow a code point has its own rule, named as
// precis_i18n names it; the reasons that never disallow map to "other".
TEST(PrecisDerivedPropertyTest, DisallowedRulesUsePrecisI18nNames) {
  for (int i = 0; i <= static_cast<int>(PrecisReason::kOther); ++i) {
    const auto reason = static_cast<PrecisReason>(i);
    const std::string_view name = PrecisReasonName(reason);
    const Rule rule = DisallowedRule(reason);
    if (name == "ascii7" || name == "letter_digits" || name == "join_control") {
      EXPECT_EQ(rule, Rule::kDisallowedOther) << name;
    } else {
      EXPECT_EQ(RuleId(rule), "DISALLOWED/" + std::string(name));
    }
  }
}

}  // namespace
}  // namespace u8guard::internal
