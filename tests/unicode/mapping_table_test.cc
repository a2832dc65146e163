// SPDX-License-Identifier: Apache-2.0
// The mapping flags table (src/unicode/mapping_table.h) against ICU's own
// per-code-point answers, for every code point: the table is generated from
// ICU property sets at start-up, and a set pattern ICU did not understand
// would silently leave a flag unset.

#include "src/unicode/mapping_table.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "gtest/gtest.h"
#include "src/unicode/bidi_rule.h"

namespace u8guard::internal {
namespace {

constexpr UChar32 kMax = 0x10FFFF;

bool QuickCheckYesCcc0(const icu::Normalizer2* n, UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  return n->getCombiningClass(c) == 0 &&
         n->quickCheck(icu::UnicodeString(c), status) == UNORM_YES;
}

TEST(MappingTable, EveryFlagOfEveryCodePointMatchesIcu) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  const icu::Normalizer2* nfkd = icu::Normalizer2::getNFKDInstance(status);
  ASSERT_TRUE(U_SUCCESS(status));
  int mismatches = 0;
  size_t counts[11] = {};
  for (UChar32 c = 0; c <= kMax; ++c) {
    const uint16_t f = MappingFlagsOf(static_cast<char32_t>(c));
    const int dt = u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE);
    // The properties, or the code point's own full mapping changes it
    // (an outside review found 24 code points, U+1FBE among them, that
    // fold although Changes_When_Casefolded, defined on NFD, says no).
    const icu::UnicodeString alone(c);
    icu::UnicodeString lower(alone), folded(alone);
    lower.toLower(icu::Locale::getRoot());
    folded.foldCase();
    const bool want[] = {
        u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_LOWERCASED) || lower != alone,
        u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_CASEFOLDED) ||
            folded != alone,
        dt == U_DT_WIDE || dt == U_DT_NARROW,
        c != 0x20 && u_charType(c) == U_SPACE_SEPARATOR,
        QuickCheckYesCcc0(nfc, c),
        QuickCheckYesCcc0(nfkc, c),
        QuickCheckYesCcc0(nfd, c),
        QuickCheckYesCcc0(nfkd, c),
        HasRtl(std::u32string(1, static_cast<char32_t>(c))),
    };
    const uint16_t bits[] = {kChangesWhenLowercased,
                             kChangesWhenCasefolded,
                             kHasWidthMapping,
                             kIsNonAsciiSpace,
                             kNfcStable,
                             kNfkcStable,
                             kNfdStable,
                             kNfkdStable,
                             kRightToLeft};
    for (size_t k = 0; k < std::size(bits); ++k) {
      counts[k] += want[k];
      if (((f & bits[k]) != 0) != want[k] && ++mismatches <= 20) {
        ADD_FAILURE() << "U+" << std::hex << c << " flag " << bits[k];
      }
    }
    // A "simple" case mapping must equal ICU's full mapping in context.
    for (const auto& [bit, fold] :
         {std::pair{kSimpleLower, false}, std::pair{kSimpleFold, true}}) {
      if (!(f & bit)) continue;
      counts[fold ? 10 : 9]++;
      const char32_t simple = fold ? SimpleFold(c) : SimpleLower(c);
      for (const char* context : {"", "x", "xy"}) {
        icu::UnicodeString s(context, -1, US_INV);
        s.append(c);
        icu::UnicodeString want_s(context, -1, US_INV);
        want_s.append(static_cast<UChar32>(simple));
        if (fold) {
          s.foldCase();
        } else {
          s.toLower(icu::Locale::getRoot());
        }
        if (s != want_s && ++mismatches <= 20) {
          ADD_FAILURE() << "U+" << std::hex << c << " simple case mapping";
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  // Every flag is set somewhere (an empty set would mean a failed pattern),
  // and the simple mappings cover most but not all case-changing code points
  // (U+0130 and U+03A3 need the full, contextual mapping).
  for (size_t k = 0; k < std::size(counts); ++k) EXPECT_GT(counts[k], 0u) << k;
  EXPECT_TRUE(MappingFlagsOf(0x1FBE) & kChangesWhenCasefolded);
  EXPECT_TRUE(MappingFlagsOf(0x390) & kChangesWhenCasefolded);
  EXPECT_FALSE(MappingFlagsOf(0x130) & kSimpleLower);
  EXPECT_FALSE(MappingFlagsOf(0x3A3) & kSimpleLower);
  EXPECT_TRUE(MappingFlagsOf(0x391) & kSimpleLower);
}

TEST(MappingTable, WidthMappingIsTheSingleCodePointNfkcForm) {
  EXPECT_EQ(WidthMappingOf(0xFF21), U'A');    // FULLWIDTH A
  EXPECT_EQ(WidthMappingOf(0xFF76), 0x30AB);  // HALFWIDTH KATAKANA KA
  EXPECT_EQ(WidthMappingOf(0x3000), U' ');    // IDEOGRAPHIC SPACE <wide>
  EXPECT_EQ(WidthMappingOf(U'a'), U'a');
  EXPECT_EQ(WidthMappingOf(0x212A), 0x212Au);  // KELVIN: not a width mapping
}

}  // namespace
}  // namespace u8guard::internal
