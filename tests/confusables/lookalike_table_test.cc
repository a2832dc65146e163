// SPDX-License-Identifier: Apache-2.0
// The one-pass look-alike skeletons (src/confusables/lookalike_table.h)
// against the step-by-step path they replace (SkeletonInto, CapitalsInto,
// FoldedSkeletonInto) and against ICU alone (uspoof_getSkeletonUTF8 and
// ICU's case mappings, with the small capitals): every code point alone,
// doubled and between letters and marks, every code point that changes or
// is a mark between the letters of each script, random strings of those,
// and the word lists and shared corpora. Wherever the table answers, its
// answer must be the step-by-step one; where it declines, the step-by-step
// path answers (LookalikeSkeletonsInto is checked on both sides).

#include "src/confusables/lookalike_table.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/common/warm_up.h"
#include "src/confusables/case_forms.h"
#include "src/confusables/skeleton.h"
#include "src/utf8/decode_valid.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

std::string Hex(std::string_view s) { return testing::ToHex(std::string(s)); }

const LookalikeTable& Table() {
  const LookalikeTable* table = LookalikeTable::Get();
  if (table == nullptr) std::abort();  // ICU's confusable data is missing
  return *table;
}

// What the tests count.
struct Counts {
  size_t fused = 0;     // the table answered (and agreed)
  size_t declined = 0;  // the table left the string to the step-by-step path
};

// The table's skeletons of `s` equal the step-by-step ones wherever the
// table answers, and LookalikeSkeletonsInto gives the step-by-step ones
// either way. On a difference, the input's bytes in hex.
void ExpectSameAsStepwise(std::string_view s, Counts& counts) {
  LookalikeSkeletons stepwise, ours;
  ASSERT_TRUE(StepwiseLookalikeSkeletonsInto(s, {}, stepwise).ok());
  ASSERT_TRUE(LookalikeSkeletonsInto(s, ours).ok());
  ASSERT_EQ(ours.size, stepwise.size) << "input " << Hex(s);
  for (size_t i = 0; i < stepwise.size; ++i) {
    ASSERT_EQ(Hex(ours.skeleton[i]), Hex(stepwise.skeleton[i]))
        << "skeleton " << i << " of input " << Hex(s);
  }
  std::string skeleton, folded;
  if (!Table().SkeletonsInto(s, skeleton, folded)) {
    ++counts.declined;
    return;
  }
  ++counts.fused;
  ASSERT_EQ(Hex(skeleton), Hex(stepwise.skeleton[0])) << "input " << Hex(s);
  ASSERT_EQ(Hex(folded), Hex(stepwise.size == 2 ? stepwise.skeleton[1]
                                                : stepwise.skeleton[0]))
      << "input " << Hex(s);
}

// ICU alone: the skeleton, and the skeleton of the lower case of the
// skeleton of the capitals. (The table holds no U+0307, so SkeletonInto's
// dropped dots never apply to a string it answers.)
void IcuLookalikes(std::string_view s, std::string& skeleton,
                   std::string& folded) {
  std::string capitals, step, lowered;
  ASSERT_TRUE(IcuSkeletonInto(s, skeleton).ok());
  IcuCaseFormInto(/*capitals=*/true, s, capitals);
  ASSERT_TRUE(IcuSkeletonInto(capitals, step).ok());
  IcuCaseFormInto(/*capitals=*/false, step, lowered);
  ASSERT_TRUE(IcuSkeletonInto(lowered, folded).ok());
}

// The table's skeletons of `s`, when it answers, equal ICU's alone.
void ExpectSameAsIcu(std::string_view s) {
  std::string skeleton, folded, icu_skeleton, icu_folded;
  if (!Table().SkeletonsInto(s, skeleton, folded)) return;
  IcuLookalikes(s, icu_skeleton, icu_folded);
  ASSERT_EQ(Hex(skeleton), Hex(icu_skeleton)) << "input " << Hex(s);
  ASSERT_EQ(Hex(folded), Hex(icu_folded)) << "input " << Hex(s);
}

// The code points whose skeleton, capitals or lower case differ from them
// or that are not starters: where the table holds more than the code point.
const std::vector<char32_t>& ChangedOrMarks() {
  static const std::vector<char32_t>* const pool = [] {
    auto* out = new std::vector<char32_t>;
    std::string skeleton, upper, lower;
    for (char32_t cp = 1; cp <= 0x10FFFF; ++cp) {
      if (!IsScalar(cp)) continue;
      const std::string c = Utf8(cp);
      EXPECT_TRUE(IcuSkeletonInto(c, skeleton).ok());
      IcuCaseFormInto(true, c, upper);
      IcuCaseFormInto(false, c, lower);
      if (skeleton != c || upper != c || lower != c ||
          u_getCombiningClass(static_cast<UChar32>(cp)) != 0) {
        out->push_back(cp);
      }
    }
    return out;
  }();
  return *pool;
}

TEST(LookalikeTable, BuildsFromIcu) {
  // Most code points are fusable: every letter of the common scripts,
  // accented or not; marks and the few whose mapping depends on their
  // neighbours are not.
  size_t fusable = 0, assigned = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (u_charType(static_cast<UChar32>(cp)) == U_UNASSIGNED) continue;
    ++assigned;
    fusable += Table().Fusable(cp);
  }
  EXPECT_GT(fusable, assigned * 9 / 10);
  for (const char32_t cp :
       {U'a', U'I', U'1', U'\u00E9', U'\u0142', U'\u00F1', U'\u03AD', U'\u0439',
        U'\u05D0', U'\u0627', U'\u4E00', U'\uAC00'}) {
    EXPECT_TRUE(Table().Fusable(cp)) << "U+" << std::hex << uint32_t{cp};
  }
  // U+0307 (dropped after a Soft_Dotted letter, its neighbour's) is not.
  EXPECT_FALSE(Table().Fusable(U'\u0307'));
  EXPECT_LT(fusable, assigned);
}

// One in `stride` of a loop's steps, four times fewer under
// AddressSanitizer; the offset turns with `salt`.
bool Sampled(size_t step, size_t salt, size_t stride = 1) {
  if (testing::kAddressSanitizer) stride *= 4;
  return (step + salt) % stride == 0;
}

// Every assigned code point (one in 97 of the unassigned and private-use
// ones, which are their own images in every table) alone, doubled between
// two letters, between an accented letter and n with a tilde (both ending
// or starting open in NFD), and before a combining mark.
TEST(LookalikeTable, EveryCodePointAloneAndInContext) {
  Counts counts;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    const int8_t type = u_charType(static_cast<UChar32>(cp));
    if ((type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR) && cp % 97 != 0) {
      continue;
    }
    if (!Sampled(cp, cp >> 12)) continue;
    const std::string c = Utf8(cp);
    for (const std::string& s :
         {c, "a" + c + c + "b", "\xC3\xA9" + c + "\xC3\xB1",
          c + "\xCC\x81"}) {  // é c ñ, c U+0301
      ExpectSameAsStepwise(s, counts);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Most of them went through the table.
  EXPECT_GT(counts.fused, counts.declined);
}

// Every code point that changes or is a mark, alone and between the first
// two letters of each script ICU knows letters of, against ICU alone.
TEST(LookalikeTable, ChangedCodePointsBetweenLettersOfEachScriptMatchIcu) {
  const auto pairs = LetterPairsOfScripts();
  ASSERT_GT(pairs.size(), size_t{100});
  const std::vector<char32_t>& pool = ChangedOrMarks();
  ASSERT_GT(pool.size(), size_t{5000});
  for (const char32_t cp : pool) {
    ExpectSameAsIcu(Utf8(cp));
    if (::testing::Test::HasFatalFailure()) return;
  }
  for (size_t s = 0; s < pairs.size(); ++s) {
    const auto& [first, second] = pairs[s];
    // Every 11th code point per script (all of them in some script: the
    // offset turns), which keeps ICU's calls to about a hundred thousand.
    for (size_t i = s % 11; i < pool.size(); i += 11) {
      ExpectSameAsIcu(first + Utf8(pool[i]) + second);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Random strings of code points that change or are marks, with letters:
// open ends meeting open starts, capitals that expand, marks of every
// class; against the step-by-step path, and ICU alone for one in eight.
TEST(LookalikeTable, RandomStringsOfChangedCodePointsAndMarks) {
  std::vector<char32_t> pool = ChangedOrMarks();
  for (const char32_t c :
       {U'a', U'e', U'i', U'l', U'I', U'1', U'\u03B1', U'\u0627', U'\u1100',
        U'\uAC00', U'\u0915', U'\u4E00'}) {
    pool.push_back(c);
  }
  std::mt19937_64 rng(20261202);
  Counts counts;
  const int rounds = testing::kAddressSanitizer ? 25000 : 100000;
  for (int round = 0; round < rounds; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 8;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsStepwise(s, counts);
    if (round % 8 == 0) ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(counts.fused, size_t{1250});
}

// One in `stride` of the lines of a text file that are valid UTF-8 and at
// most 256 bytes, from line `salt` on (Sampled), and their lower case (keys
// are in lower case under the case-mapped profiles).
Counts CompareLinesOf(const std::string& path, size_t salt, size_t stride) {
  std::ifstream in(path);
  std::string line, lower;
  Counts counts;
  for (size_t n = 0; std::getline(in, line); ++n) {
    if (line.size() > 256 || !ValidateUtf8(line).ok() ||
        !Sampled(n, salt, stride)) {
      continue;
    }
    ExpectSameAsStepwise(line, counts);
    LowerInto(line, lower);
    if (lower != line) ExpectSameAsStepwise(lower, counts);
    if (::testing::Test::HasFatalFailure()) return counts;
  }
  return counts;
}

// Debian's word lists (./dev test installs them: a third of each, the
// third turning from list to list) and the shared corpora. Nearly every
// word goes through the table.
TEST(LookalikeTable, WordListsAndSharedCorpora) {
  Counts words;
  size_t salt = 0;
  for (const char* list :
       {"american-english", "french", "ngerman", "spanish"}) {
    const std::string path = std::string("/usr/share/dict/") + list;
    if (!std::ifstream(path)) continue;
    const Counts c = CompareLinesOf(path, salt++, 3);
    if (::testing::Test::HasFatalFailure()) return;
    words.fused += c.fused;
    words.declined += c.declined;
  }
  EXPECT_GT(words.fused,
            testing::kAddressSanitizer ? size_t{20000} : size_t{80000})
      << "no word lists in /usr/share/dict";
  EXPECT_LT(words.declined, words.fused / 1000);
  std::string missing;
  for (const std::string& path : SharedTextCorpora(missing)) {
    const Counts c = CompareLinesOf(path, 0, 1);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_GT(c.fused + c.declined, size_t{0}) << path;
  }
  EXPECT_EQ(missing, "");
}

// BuildTables makes every later call use the tables at once, and changes
// no answer.
TEST(BuildTables, ReadiesTheTablesAndChangesNoAnswer) {
  const std::vector<std::string> keys = {
      "paypal", "p\xC3\xA1ypal", "\xC5\x82ukasz.m\xC3\xBCller",
      "\xD0\xB4\xD0\xBC\xD0\xB8\xD1\x82\xD1\x80\xD0\xB8\xD0\xB9",
      "e\xCC\x81\xCC\x81"};
  std::vector<LookalikeSkeletons> before(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    ASSERT_TRUE(StepwiseLookalikeSkeletonsInto(keys[i], {}, before[i]).ok());
  }
  BuildTables();
  BuildTables();
  EXPECT_TRUE(TablesWarmUp().Ready());
  for (size_t i = 0; i < keys.size(); ++i) {
    LookalikeSkeletons after;
    ASSERT_TRUE(LookalikeSkeletonsInto(keys[i], after).ok());
    ASSERT_EQ(after.size, before[i].size) << i;
    for (size_t k = 0; k < after.size; ++k) {
      EXPECT_EQ(after.skeleton[k], before[i].skeleton[k]) << i;
    }
  }
}

}  // namespace
}  // namespace u8guard::internal
