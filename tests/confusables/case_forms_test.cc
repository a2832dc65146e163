// SPDX-License-Identifier: Apache-2.0
// CapitalsInto and LowerInto (src/confusables/case_forms.h), which map code
// point by code point from tables taken from ICU, against ICU's mappings of
// the whole string (IcuCaseFormInto): every code point alone and beside
// letters, random strings of the code points that change, Debian's word
// lists.

#include "src/confusables/case_forms.h"

#include <unicode/uchar.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/utf8/decode_valid.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"

namespace u8guard::internal {
namespace {

// Both forms of `s` equal ICU's whole-string mappings.
void ExpectSameAsIcu(const std::string& s) {
  std::string ours, icu;
  CapitalsInto(s, ours);
  IcuCaseFormInto(true, s, icu);
  ASSERT_EQ(testing::ToHex(ours), testing::ToHex(icu))
      << "capitals of " << testing::ToHex(s);
  LowerInto(s, ours);
  IcuCaseFormInto(false, s, icu);
  ASSERT_EQ(testing::ToHex(ours), testing::ToHex(icu))
      << "lower case of " << testing::ToHex(s);
}

// Every scalar value alone; and after a letter, before one, between two,
// and after a capital sigma (which lowers to a final sigma at a word's end)
// where the code point is cased or case-ignorable, the two properties a
// neighbour's mapping can depend on (Unicode's Final_Sigma condition).
TEST(CaseForms, EveryCodePointAloneAndBesideLetters) {
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    const std::string c = Utf8(cp);
    const auto u = static_cast<UChar32>(cp);
    if (!u_hasBinaryProperty(u, UCHAR_CASED) &&
        !u_hasBinaryProperty(u, UCHAR_CASE_IGNORABLE) &&
        !u_hasBinaryProperty(u, UCHAR_CHANGES_WHEN_CASEMAPPED)) {
      ExpectSameAsIcu(c);
      if (::testing::Test::HasFatalFailure()) return;
      continue;
    }
    for (const std::string& s :
         {c, "A" + c, c + "b", "a" + c + "B", "\xCE\xA3" + c, c + "\xCE\xA3"}) {
      ExpectSameAsIcu(s);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Random strings of the code points whose case changes (and the small
// capitals, and marks and ignorables that Final_Sigma looks through).
TEST(CaseForms, RandomStringsOfCasedCodePoints) {
  std::vector<char32_t> pool;
  for (char32_t cp = 0x41; cp <= 0x10FFFF; ++cp) {
    const auto c = static_cast<UChar32>(cp);
    if (u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_CASEMAPPED) ||
        CapitalOfSmallCapital(cp) != 0 ||
        (u_hasBinaryProperty(c, UCHAR_CASE_IGNORABLE) && cp < 0x3000)) {
      pool.push_back(cp);
    }
  }
  ASSERT_GT(pool.size(), size_t{2000});
  std::mt19937_64 rng(20261128);
  for (int round = 0; round < 100000; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 8;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Debian's word lists, word by word.
TEST(CaseForms, WordLists) {
  size_t words = 0;
  for (const char* list :
       {"american-english", "french", "ngerman", "spanish"}) {
    std::ifstream in(std::string("/usr/share/dict/") + list);
    std::string line;
    while (std::getline(in, line)) {
      ExpectSameAsIcu(line);
      if (::testing::Test::HasFatalFailure()) return;
      ++words;
    }
  }
  EXPECT_GT(words, size_t{100000}) << "no word lists in /usr/share/dict";
}

}  // namespace
}  // namespace u8guard::internal
