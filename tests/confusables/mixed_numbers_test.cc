// SPDX-License-Identifier: Apache-2.0
// UTS #39 §5.3 mixed numbers: DecimalSystemsOf and HasMixedNumbers against
// ICU's own USPOOF_MIXED_NUMBERS check, on every pair of the decimal
// systems ICU knows (found here from the general category Nd).

#include "src/confusables/mixed_numbers.h"

#include <unicode/uchar.h>
#include <unicode/uspoof.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "src/utf8/decode_valid.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

// The zero digit of every decimal system: cp - its digit value, for each
// code point of general category Nd.
const std::vector<char32_t>& DecimalZeros() {
  static const auto* const kZeros = [] {
    std::set<char32_t> zeros;
    for (UChar32 cp = 0; cp <= 0x10FFFF; ++cp) {
      if (u_charType(cp) != U_DECIMAL_DIGIT_NUMBER) continue;
      zeros.insert(static_cast<char32_t>(cp - u_charDigitValue(cp)));
    }
    return new std::vector<char32_t>(zeros.begin(), zeros.end());
  }();
  return *kZeros;
}

std::string Utf8(const std::vector<char32_t>& cps) {
  std::string out;
  for (const char32_t cp : cps) internal::AppendValid(cp, out);
  return out;
}

// ICU's verdict, from a checker of its own that checks mixed numbers only.
bool IcuSaysMixed(const std::string& s) {
  struct Closer {
    void operator()(USpoofChecker* sc) const { uspoof_close(sc); }
  };
  static USpoofChecker* const checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* sc = uspoof_open(&status);
    uspoof_setChecks(sc, USPOOF_MIXED_NUMBERS, &status);
    EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
    return sc;
  }();
  UErrorCode status = U_ZERO_ERROR;
  const int32_t checks = uspoof_checkUTF8(
      checker, s.data(), static_cast<int32_t>(s.size()), nullptr, &status);
  EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
  return (checks & USPOOF_MIXED_NUMBERS) != 0;
}

TEST(MixedNumbers, ManyDecimalSystemsExist) {
  // Unicode 15 has 68 systems; the ASCII one comes first.
  ASSERT_GE(DecimalZeros().size(), 60u);
  EXPECT_EQ(DecimalZeros().front(), U'0');
  EXPECT_TRUE(std::find(DecimalZeros().begin(), DecimalZeros().end(),
                        U'\u0660') != DecimalZeros().end());
  EXPECT_TRUE(std::find(DecimalZeros().begin(), DecimalZeros().end(),
                        U'\u0966') != DecimalZeros().end());
}

TEST(MixedNumbers, EachSystemAloneIsNotMixed) {
  for (const char32_t zero : DecimalZeros()) {
    SCOPED_TRACE(static_cast<uint32_t>(zero));
    std::vector<char32_t> digits = {U'a'};
    for (char32_t d = 0; d < 10; ++d) digits.push_back(zero + d);
    const std::string s = Utf8(digits);
    const absl::StatusOr<std::vector<char32_t>> found =
        internal::DecimalSystemsOfValid(s);
    ASSERT_TRUE(found.ok()) << found.status();
    EXPECT_EQ(*found, std::vector<char32_t>{zero});
    EXPECT_FALSE(*internal::HasMixedNumbersValid(s));
    EXPECT_FALSE(IcuSaysMixed(s));
  }
}

TEST(MixedNumbers, EveryPairOfSystemsIsMixedAsIcuSays) {
  const std::vector<char32_t>& zeros = DecimalZeros();
  size_t pairs = 0;
  for (size_t i = 0; i < zeros.size(); ++i) {
    for (size_t j = i + 1; j < zeros.size(); ++j) {
      // One of each, either way round, between letters.
      for (const bool swap : {false, true}) {
        const char32_t first = swap ? zeros[j] + 1 : zeros[i] + 1;
        const char32_t second = swap ? zeros[i] + 7 : zeros[j] + 7;
        const std::string s = Utf8({U'x', first, U'y', second});
        const absl::StatusOr<bool> mixed = internal::HasMixedNumbersValid(s);
        ASSERT_TRUE(mixed.ok()) << mixed.status();
        ASSERT_EQ(*mixed, IcuSaysMixed(s))
            << std::hex << static_cast<uint32_t>(zeros[i]) << " "
            << static_cast<uint32_t>(zeros[j]);
        EXPECT_TRUE(*mixed);
        EXPECT_EQ(*internal::DecimalSystemsOfValid(s),
                  (std::vector<char32_t>{zeros[i], zeros[j]}));
        ++pairs;
      }
    }
  }
  EXPECT_EQ(pairs, zeros.size() * (zeros.size() - 1));
}

// Every scalar value alone, after an ASCII "1" and after an Arabic-Indic
// one: the systems found from ICU's character properties are the ones
// ICU's spoof checker finds.
TEST(MixedNumbers, EveryCodePointFindsTheSystemsIcuFinds) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (testing::kAddressSanitizer && (cp + (cp >> 12)) % 4 != 0) continue;
    for (const std::string& s :
         {Utf8({cp}), Utf8({U'1', cp}), Utf8({U'\u0661', cp})}) {
      const absl::StatusOr<std::vector<char32_t>> icu =
          internal::IcuDecimalSystemsOfValid(s);
      ASSERT_TRUE(icu.ok()) << icu.status();
      ASSERT_EQ(*internal::DecimalSystemsOfValid(s), *icu)
          << "U+" << std::hex << static_cast<uint32_t>(cp);
      ASSERT_EQ(*internal::HasMixedNumbersValid(s), icu->size() > 1);
    }
  }
}

TEST(MixedNumbers, NoDigitsNoSystems) {
  for (const std::string s : {"", "alice", "\xD0\xB0\xD0\xB1", "x_y-z"}) {
    EXPECT_TRUE(internal::DecimalSystemsOfValid(s)->empty()) << s;
    EXPECT_FALSE(*internal::HasMixedNumbersValid(s));
    EXPECT_FALSE(IcuSaysMixed(s));
  }
  // Other numbers (No, Nl) are not decimal digits: "½", Roman "Ⅻ".
  EXPECT_TRUE(internal::DecimalSystemsOfValid("\xC2\xBD")->empty());
  EXPECT_TRUE(internal::DecimalSystemsOfValid("1\xE2\x85\xAB")->size() == 1);
}

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

TEST(MixedNumbers, PublicFunctionsCheckTheCanonicalKey) {
  // ASCII 1 with Devanagari one; Arabic letter, Extended Arabic-Indic one
  // and ASCII 1 (the Bidi Rule refuses ASCII digits beside Arabic-Indic
  // ones: EN and AN in one label).
  EXPECT_TRUE(*HasMixedNumbers(UserNames(), "user1\xE0\xA5\xA7"));
  EXPECT_EQ(*DecimalSystemsOf(UserNames(), "user1\xE0\xA5\xA7"),
            (std::vector<char32_t>{U'0', U'\u0966'}));
  EXPECT_TRUE(*HasMixedNumbers(UserNames(),
                               "\xD8\xB9\xDB\xB1"
                               "1"));
  EXPECT_EQ(*DecimalSystemsOf(UserNames(),
                              "\xD8\xB9\xDB\xB1"
                              "1"),
            (std::vector<char32_t>{U'0', U'\u06F0'}));
  // One system: ASCII, Arabic-Indic, Devanagari.
  EXPECT_FALSE(*HasMixedNumbers(UserNames(), "room101"));
  EXPECT_FALSE(*HasMixedNumbers(UserNames(), "\xD8\xB9\xD9\xA1\xD9\xA2"));
  EXPECT_FALSE(*HasMixedNumbers(UserNames(), "\xE0\xA5\xA7\xE0\xA5\xA8"));
  // Fullwidth "１" is ASCII "1" in the key (width mapping): not mixed.
  EXPECT_FALSE(*HasMixedNumbers(UserNames(), "1\xEF\xBC\x91"));
  EXPECT_EQ(*DecimalSystemsOf(UserNames(), "1\xEF\xBC\x91"),
            std::vector<char32_t>{U'0'});
  // A name the profile rejects: its rejection.
  const absl::StatusOr<bool> rejected = HasMixedNumbers(UserNames(), "a b");
  ASSERT_FALSE(rejected.ok());
  EXPECT_TRUE(GetRejection(rejected.status()).has_value());
  EXPECT_TRUE(
      GetRejection(DecimalSystemsOf(UserNames(), "a b").status()).has_value());
}

TEST(MixedNumbers, ThreadsShareTheChecker) {
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < 500; ++i) {
        const bool mixed = (i + t) % 2 == 0;
        const std::string s = mixed ? "a1\xD9\xA1" : "a\xD9\xA1\xD9\xA1";
        if (*internal::HasMixedNumbersValid(s) != mixed) ++wrong[t];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace u8guard
