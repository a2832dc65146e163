// SPDX-License-Identifier: Apache-2.0
// The Stream-Safe bound (UAX #15 §13): at most max_non_starters (30 by
// default) non-starters in a row, counted in the NFKD form, in every
// profile and in every path segment, rejected as "stream_unsafe" at the
// first excess mark before ICU sees the input.

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <string>

#include "gtest/gtest.h"
#include "src/unicode/mapping_table.h"
#include "u8guard/u8guard.h"

namespace u8guard {
namespace {

// `prefix` followed by `n` copies of `s`. (Built with append: GCC 12 warns
// wrongly, -Wrestrict, about "literal" + std::string.)
std::string Repeat(std::string_view s, int n, std::string_view prefix = "") {
  std::string out(prefix);
  for (int i = 0; i < n; ++i) out.append(s);
  return out;
}

constexpr std::string_view kAcute = "\xCC\x81";          // U+0301, ccc 230
constexpr std::string_view kGraveBelow = "\xCC\x96";     // U+0316, ccc 220
constexpr std::string_view kTibetanII = "\xE0\xBD\xB3";  // U+0F73: 2 in NFKD

// Every code point's non-starter counts in the table equal ICU's NFKD
// decomposition, computed here independently.
TEST(StreamSafe, TableMatchesIcuForEveryCodePoint) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkd = icu::Normalizer2::getNFKDInstance(status);
  ASSERT_TRUE(U_SUCCESS(status));
  int mismatches = 0;
  for (UChar32 c = 0; c <= 0x10FFFF; ++c) {
    icu::UnicodeString d;
    if (!nfkd->getDecomposition(c, d)) d = icu::UnicodeString(c);
    unsigned n = 0, non_starters = 0, trailing = 0;
    for (int32_t i = 0; i < d.length(); i += U16_LENGTH(d.char32At(i))) {
      ++n;
      if (u_getCombiningClass(d.char32At(i)) != 0) {
        ++non_starters;
        ++trailing;
      } else {
        trailing = 0;
      }
    }
    const unsigned all = non_starters == n ? n : 0;
    const uint16_t f = internal::MappingFlagsOf(static_cast<char32_t>(c));
    const unsigned got_all = (f >> internal::kNonStarterShift) & 3;
    const unsigned got_trailing = (f >> internal::kTrailingNonStarterShift) & 3;
    if (got_all != all || got_trailing != trailing) {
      if (++mismatches < 10) {
        ADD_FAILURE() << "U+" << std::hex << c << ": table " << got_all << "/"
                      << got_trailing << ", ICU " << all << "/" << trailing;
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// 30 non-starters in a row pass, 31 are rejected at the 31st, in every
// built-in profile; a starter between runs resets the count.
TEST(StreamSafe, ThirtyPassThirtyOneAreRejectedInEveryProfile) {
  for (const Profile& p : BuiltinProfiles()) {
    SCOPED_TRACE(p.name);
    ASSERT_EQ(p.max_non_starters, 30u);
    for (const std::string_view mark : {kAcute, kGraveBelow}) {
      const std::string ok = Repeat(mark, 30, "a");
      const absl::StatusOr<std::string> k = Canonicalize(p, ok);
      if (!k.ok()) {
        EXPECT_NE(GetRejection(k.status())->rule, Rule::kStreamUnsafe);
      }
      const absl::StatusOr<std::string> bad =
          Canonicalize(p, Repeat(mark, 31, "a"));
      ASSERT_FALSE(bad.ok());
      const std::optional<Rejection> r = GetRejection(bad.status());
      ASSERT_TRUE(r.has_value());
      EXPECT_EQ(r->rule, Rule::kStreamUnsafe);
      EXPECT_EQ(r->offset, 1 + 30 * mark.size());
      EXPECT_EQ(r->code_point,
                static_cast<char32_t>(mark == kAcute ? 0x301 : 0x316));
      EXPECT_EQ(GetRejection(Enforce(p, Repeat(mark, 31, "a")).status())->rule,
                Rule::kStreamUnsafe);
    }
    // Runs of 30 separated by starters are fine, however many.
    std::string runs;
    for (int i = 0; i < 20; ++i) runs += Repeat(kAcute, 30, "a");
    const absl::StatusOr<std::string> long_text = Canonicalize(p, runs);
    if (!long_text.ok()) {
      EXPECT_NE(GetRejection(long_text.status())->rule, Rule::kStreamUnsafe);
    }
    // U+0F73 counts twice (its NFKD form is two non-starters).
    const absl::StatusOr<std::string> tibetan =
        Canonicalize(p, Repeat(kTibetanII, 16, "a"));
    ASSERT_FALSE(tibetan.ok());
    EXPECT_EQ(GetRejection(tibetan.status())->rule, Rule::kStreamUnsafe);
    EXPECT_EQ(GetRejection(tibetan.status())->offset, 1 + 15 * 3u);
    // A BOM before the input shifts the offset into the caller's bytes.
    if (p.bom == BomPolicy::kStrip) {
      const absl::StatusOr<std::string> bom =
          Canonicalize(p,
                       "\xEF\xBB\xBF"
                       "a" +
                           Repeat(kAcute, 31));
      EXPECT_EQ(GetRejection(bom.status())->offset, 3 + 1 + 30 * 2u);
    }
  }
}

TEST(StreamSafe, PolicyKeySetsTheBound) {
  Profile p = **FindBuiltinProfile("freeform-class");
  p.max_non_starters = 2;
  EXPECT_TRUE(Canonicalize(p, Repeat(kAcute, 2, "a")).ok());
  EXPECT_EQ(
      GetRejection(Canonicalize(p, Repeat(kAcute, 3, "a")).status())->rule,
      Rule::kStreamUnsafe);
  const std::string policy =
      "name = \"p\"\nbom = \"reject\"\nstring_class = \"freeform\"\n"
      "width_mapping = false\nadditional_mapping = \"none\"\n"
      "case_mapping = \"none\"\nnormalization = \"NFC\"\n"
      "directionality = \"none\"\nmax_non_starters = ";
  const absl::StatusOr<Profile> four = ParseProfile(policy + "4\n", "p.toml");
  ASSERT_TRUE(four.ok()) << four.status();
  EXPECT_EQ(four->max_non_starters, 4u);
  const absl::StatusOr<Profile> zero = ParseProfile(policy + "0\n", "p.toml");
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.status().message().find("must be at least 1"),
            absl::string_view::npos);
}

// Attack (an outside review): under NFKC_Casefold, which removes default-
// ignorable code points, U+00AD between runs of 30 marks ended each run for
// the count but not for ICU, which sorted one unbounded run: 992 KB took
// 102 s. There such code points end no run; elsewhere they still do. (Path
// segments are NFC or NFKC only.)
TEST(StreamSafe, IgnorablesThatVanishEndNoRun) {
  Profile cf = **FindBuiltinProfile("text-document");
  cf.name = "cf";
  cf.normalization = NormalizationForm::kNfkcCasefold;
  Profile nfc = cf;
  nfc.normalization = NormalizationForm::kNfc;
  for (const std::string_view ignorable :
       {std::string_view("\xC2\xAD"), std::string_view("\xCD\x8F"),
        std::string_view("\xE2\x80\x8B")}) {  // U+00AD, U+034F, U+200B
    const std::string run =
        Repeat(std::string(kAcute) + std::string(kGraveBelow), 15);
    const std::string s = "a" + run + std::string(ignorable) + run;
    const absl::StatusOr<std::string> folded = Canonicalize(cf, s);
    ASSERT_FALSE(folded.ok());
    EXPECT_EQ(GetRejection(folded.status())->rule, Rule::kStreamUnsafe);
    EXPECT_TRUE(Canonicalize(nfc, s).ok());
  }
}

// Path segments: the bound (and the segment profile's input bound) are
// checked before the NFKC structure check normalizes the segment.
TEST(StreamSafe, PathSegments) {
  EXPECT_TRUE(SanitizePath(Repeat(kAcute, 30, "dir/a")).ok());
  const absl::StatusOr<std::string> bad =
      SanitizePath(Repeat(kAcute, 31, "dir/a") + "/x");
  ASSERT_FALSE(bad.ok());
  const std::optional<Rejection> r = GetRejection(bad.status());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->rule, Rule::kStreamUnsafe);
  EXPECT_EQ(r->source, RejectionSource::kPath);
  EXPECT_EQ(r->offset, 4 + 1 + 30 * 2u);
  EXPECT_EQ(r->profile, "path-segment");
  // Percent-encoded marks count where their escape starts.
  std::string escaped = "a";
  for (int i = 0; i < 31; ++i) escaped += "%CC%81";
  PathOptions o;
  o.percent_decode = true;
  const absl::StatusOr<std::string> decoded = SanitizePath(escaped, o);
  ASSERT_FALSE(decoded.ok());
  EXPECT_EQ(GetRejection(decoded.status())->rule, Rule::kStreamUnsafe);
  EXPECT_EQ(GetRejection(decoded.status())->offset, 1 + 30 * 6u);
  // A segment over the profile's input bound (1024 bytes) is refused at
  // the bound, before any normalization.
  const absl::StatusOr<std::string> huge =
      SanitizePath(Repeat("\xC3\xA9", 600, "a/"));
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(GetRejection(huge.status())->rule, Rule::kInputTooLong);
  EXPECT_EQ(GetRejection(huge.status())->offset, 2 + 1024u);
}

}  // namespace
}  // namespace u8guard
