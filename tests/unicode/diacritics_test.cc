// SPDX-License-Identifier: Apache-2.0
// StripDiacritics (src/unicode/diacritics.h) from its table against ICU's
// normalizers (IcuStripDiacritics, the definition): every code point alone
// and between letters, random strings of letters with and without
// decompositions and marks of every class, the shared corpora.

#include "src/unicode/diacritics.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

void ExpectSameAsIcu(const std::string& s) {
  const absl::StatusOr<std::string> icu = IcuStripDiacritics(s);
  ASSERT_TRUE(icu.ok()) << icu.status();
  const absl::StatusOr<std::string> ours = StripDiacritics(s);
  ASSERT_TRUE(ours.ok()) << ours.status();
  ASSERT_EQ(testing::ToHex(*ours), testing::ToHex(*icu))
      << "input " << testing::ToHex(s);
}

TEST(StripDiacritics, Examples) {
  EXPECT_EQ(*StripDiacritics("\xC3\xA5"
                             "dm\xC3\xAEn"),
            "admin");  // ådmîn
  EXPECT_EQ(*StripDiacritics("admin"), "admin");
  EXPECT_EQ(*StripDiacritics("e\xCC\x81"), "e");                // e U+0301
  EXPECT_EQ(*StripDiacritics("\xEA\xB0\x80"), "\xEA\xB0\x80");  // 가
}

// Every assigned scalar value (one in 97 of the others) alone, between two
// letters, and after an "e" (which composes with some marks).
TEST(StripDiacritics, EveryCodePointAloneAndBetweenLetters) {
  size_t from_table = 0;
  std::string out;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    // One in 97 of the unassigned and private-use code points, which the
    // table holds as themselves without asking ICU.
    const int8_t type = u_charType(static_cast<UChar32>(cp));
    if ((type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR) && cp % 97 != 0) {
      continue;
    }
    if (testing::kAddressSanitizer && (cp + (cp >> 12)) % 4 != 0) continue;
    const std::string c = Utf8(cp);
    for (const std::string& s : {c, "a" + c + "b", "e" + c}) {
      ExpectSameAsIcu(s);
      if (::testing::Test::HasFatalFailure()) return;
    }
    from_table += DiacriticsTable::Get()->StripInto(c, out);
  }
  // Most code points are answered from the table.
  EXPECT_GT(from_table,
            testing::kAddressSanitizer ? size_t{30000} : size_t{120000});
}

// Random strings of letters with and without decompositions, Hangul
// syllables and jamo, and marks of every class.
TEST(StripDiacritics, RandomStrings) {
  std::vector<char32_t> pool;
  for (char32_t cp = 0x20; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const auto c = static_cast<UChar32>(cp);
    if (u_getCombiningClass(c) != 0 ||
        u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) != UNORM_YES ||
        u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE) == U_DT_CANONICAL) {
      pool.push_back(cp);
    }
  }
  for (const char32_t c : {U'a', U'e', U'o', U'\u0627', U'\u1100', U'\u1161',
                           U'\uAC00', U'\u0915', U'\u4E00'}) {
    pool.push_back(c);
  }
  ASSERT_GT(pool.size(), size_t{3000});
  std::mt19937_64 rng(20261202);
  const int rounds = testing::kAddressSanitizer ? 25000 : 100000;
  for (int round = 0; round < rounds; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 6;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Debian's word lists (./dev test installs them).
TEST(StripDiacritics, WordLists) {
  size_t words = 0;
  for (const char* list : {"french", "ngerman", "spanish"}) {
    std::ifstream in(std::string("/usr/share/dict/") + list);
    std::string line;
    for (size_t n = 0; std::getline(in, line); ++n) {
      // Every other word (one in eight under AddressSanitizer).
      if (!ValidateUtf8(line).ok() ||
          n % (testing::kAddressSanitizer ? 8 : 2) != 0) {
        continue;
      }
      ExpectSameAsIcu(line);
      if (::testing::Test::HasFatalFailure()) return;
      ++words;
    }
  }
  EXPECT_GT(words, size_t{10000}) << "no word lists in /usr/share/dict";
}

}  // namespace
}  // namespace u8guard::internal
