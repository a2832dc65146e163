// SPDX-License-Identifier: Apache-2.0
// u8guard's own skeleton engine (src/confusables/skeleton_table.h) against
// ICU's uspoof_getSkeletonUTF8, the oracle: every code point alone and
// between letters, every code point between two letters of each script,
// random runs of the code points that are not plain, the shared corpora and
// Debian's word lists. ICU is asked only for inputs short enough that its
// quadratic mark sorting does not matter.

#include "src/confusables/skeleton_table.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "src/utf8/decode_valid.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

std::string Hex(std::string_view s) { return testing::ToHex(std::string(s)); }

// The engine's skeleton of `s` equals ICU's; on a difference, the input's
// bytes in hex. (SkeletonInto also drops a dot above that only repeats a
// Soft_Dotted letter's dot before it runs the engine: skeleton.h.)
void ExpectSameAsIcu(std::string_view s) {
  std::string ours, icu;
  const SkeletonTable* table = SkeletonTable::Get();
  ASSERT_NE(table, nullptr);
  ASSERT_TRUE(table->AppendSkeleton(s, ours).ok());
  ASSERT_TRUE(IcuSkeletonInto(s, icu).ok());
  ASSERT_EQ(Hex(ours), Hex(icu)) << "input " << Hex(s);
}

// The code points whose skeleton is not themselves or that are not
// starters: where the engine does more than copy bytes. Computed once.
const std::vector<char32_t>& ChangedOrMarks() {
  static const std::vector<char32_t>* const pool = [] {
    auto* out = new std::vector<char32_t>;
    std::string skeleton;
    for (char32_t cp = 1; cp <= 0x10FFFF; ++cp) {
      if (!IsScalar(cp)) continue;
      const std::string c = Utf8(cp);
      EXPECT_TRUE(IcuSkeletonInto(c, skeleton).ok());
      if (skeleton != c || u_getCombiningClass(static_cast<UChar32>(cp)) != 0) {
        out->push_back(cp);
      }
    }
    return out;
  }();
  return *pool;
}

TEST(SkeletonTable, BuildsFromIcu) {
  const SkeletonTable* table = SkeletonTable::Get();
  ASSERT_NE(table, nullptr);
  // Thousands of code points have a skeleton of their own (UTS #39's
  // confusables: 6,000+ mappings, and the decompositions).
  EXPECT_GT(table->bytes(), size_t{10000});
}

// Compares the skeletons of pieces a few dozen at a time: a piece's
// surroundings stay what the test puts around it, and ICU is called once
// per batch instead of once per piece (the suite runs under ASan too).
class Batches {
 public:
  void Add(std::string_view piece) {
    batch_ += piece;
    if (++pieces_ == 32) Flush();
  }
  void Flush() {
    if (pieces_ != 0) ExpectSameAsIcu(batch_);
    batch_.clear();
    pieces_ = 0;
  }

 private:
  std::string batch_;
  int pieces_ = 0;
};

// Every scalar value alone, and doubled, between two letters and between
// an accented letter and a combining mark, in batches.
TEST(SkeletonTable, EveryCodePointAloneAndBetweenLetters) {
  Batches batches;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    // Under a sanitizer, a third.
    if (!IsScalar(cp) || !testing::SampledUnderSanitizer(cp, 3)) continue;
    const std::string c = Utf8(cp);
    ExpectSameAsIcu(c);
    batches.Add("a" + c + c + "b");
    batches.Add("\xC3\xA9" + c + "\xCC\x81" + "b");  // é c U+0301 b
    if (::testing::Test::HasFatalFailure()) return;
  }
  batches.Flush();
}

// Every code point that is changed or a mark, between the first two letters
// of each script ICU knows letters of.
TEST(SkeletonTable, ChangedCodePointsBetweenLettersOfEachScript) {
  const auto pairs = LetterPairsOfScripts();
  ASSERT_GT(pairs.size(), size_t{100});
  const std::vector<char32_t> pool = ChangedOrMarks();
  ASSERT_GT(pool.size(), size_t{5000});
  size_t context = 0;
  for (const auto& [first, second] : pairs) {
    Batches batches;
    ++context;
    for (size_t i = 0; i < pool.size(); ++i) {
      // Under a sanitizer, a quarter, another quarter for each pair.
      if (!testing::SampledUnderSanitizer(i + context, 4)) continue;
      const char32_t cp = pool[i];
      batches.Add(first + Utf8(cp) + second);
      if (::testing::Test::HasFatalFailure()) return;
    }
    batches.Flush();
  }
}

// Random strings of code points that are changed or marks, with letters:
// pieces of several code points, marks reordered by both NFD steps.
TEST(SkeletonTable, RandomRunsOfChangedCodePointsAndMarks) {
  std::vector<char32_t> pool = ChangedOrMarks();
  for (const char32_t c : {U'a', U'e', U'\u03B1', U'\u0627', U'\u1100',
                           U'\uAC00', U'\u0915', U'\u4E00'}) {
    pool.push_back(c);
  }
  std::mt19937_64 rng(20261128);
  for (int round = 0; round < 200000; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 8;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Each line of a text file that is valid UTF-8 and at most 256 bytes.
size_t CompareLinesOf(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  size_t compared = 0;
  while (std::getline(in, line)) {
    if (line.size() > 256 || !ValidateUtf8(line).ok()) continue;
    ExpectSameAsIcu(line);
    if (::testing::Test::HasFatalFailure()) return compared;
    ++compared;
  }
  return compared;
}

// Debian's word lists (wamerican, wfrench, wngerman, wspanish: ./dev test
// installs them) and the shared corpora, line by line.
TEST(SkeletonTable, WordListsAndSharedCorpora) {
  size_t words = 0;
  for (const char* list :
       {"american-english", "french", "ngerman", "spanish"}) {
    const std::string path = std::string("/usr/share/dict/") + list;
    if (!std::ifstream(path)) continue;
    words += CompareLinesOf(path);
  }
  // Fewer when only wamerican is installed (a build without ./dev).
  EXPECT_GT(words, size_t{100000}) << "no word lists in /usr/share/dict";
  std::string missing;
  for (const std::string& path : SharedTextCorpora(missing)) {
    EXPECT_GT(CompareLinesOf(path), size_t{0}) << path;
  }
  EXPECT_EQ(missing, "");
}

}  // namespace
}  // namespace u8guard::internal
