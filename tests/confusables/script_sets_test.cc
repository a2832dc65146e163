// SPDX-License-Identifier: Apache-2.0
// UTS #39 restriction levels from u8guard's table of augmented script sets
// (src/confusables/script_sets.h) against ICU's spoof checker, the oracle:
// every code point alone and after a Latin letter, every pair of code
// points standing for the distinct script sets, with and without Latin,
// random strings of them, and the shared corpora.

#include "src/confusables/script_sets.h"

#include <unicode/uchar.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

const ScriptSetTable& Table() {
  const ScriptSetTable* table = ScriptSetTable::Get();
  if (table == nullptr) std::abort();
  return *table;
}

void ExpectSameAsIcu(const std::string& s) {
  const absl::StatusOr<RestrictionLevel> icu = IcuRestrictionLevelOfValid(s);
  ASSERT_TRUE(icu.ok()) << icu.status();
  ASSERT_EQ(RestrictionLevelName(Table().LevelOf(s)),
            RestrictionLevelName(*icu))
      << "input " << testing::ToHex(s);
  const absl::StatusOr<RestrictionLevel> ours = RestrictionLevelOfValid(s);
  ASSERT_TRUE(ours.ok());
  ASSERT_EQ(*ours, *icu);
}

// One code point for each distinct augmented script set (the first with
// it), and the letters the levels turn on.
std::vector<char32_t> OnePerScriptSet() {
  std::vector<char32_t> out;
  std::vector<const ScriptSetTable::ScriptSet*> seen;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    const ScriptSetTable::ScriptSet& set = Table().SetOf(cp);
    bool known = false;
    for (const auto* s : seen) known |= *s == set;
    if (known) continue;
    seen.push_back(&set);
    out.push_back(cp);
  }
  for (const char32_t c :
       {U'a', U'1', U'-', U'\u00E9', U'\u0430', U'\u03B1', U'\u13A0', U'\u4E00',
        U'\u3042', U'\u30A2', U'\uAC00', U'\u3105', U'\u0627', U'\u05D0',
        U'\u0915', U'\u0E01', U'\u3005', U'\u30FC', U'\u0301'}) {
    out.push_back(c);
  }
  return out;
}

// Every scalar value alone and after "a" (one in four of them under
// AddressSanitizer, the quarter turning with the block).
TEST(ScriptSetTable, EveryCodePointAloneAndAfterALatinLetter) {
  const size_t stride = testing::kAddressSanitizer ? 4 : 1;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp) || (cp + (cp >> 12)) % stride != 0) continue;
    const std::string c = Utf8(cp);
    ExpectSameAsIcu(c);
    ExpectSameAsIcu("a" + c);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Every pair of code points standing for two script sets, alone and with
// a Latin letter: every way two sets can meet, and Latin beside them.
TEST(ScriptSetTable, EveryPairOfScriptSets) {
  const std::vector<char32_t> pool = OnePerScriptSet();
  ASSERT_GT(pool.size(), size_t{100});
  for (const char32_t x : pool) {
    for (const char32_t y : pool) {
      const std::string pair = Utf8(x) + Utf8(y);
      ExpectSameAsIcu(pair);
      if (x % 3 == 0) ExpectSameAsIcu(pair + "b");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Random strings of one to six of those code points.
TEST(ScriptSetTable, RandomStringsOfScriptSets) {
  const std::vector<char32_t> pool = OnePerScriptSet();
  std::mt19937_64 rng(20261202);
  for (int round = 0; round < 100000; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 6;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(ScriptSetTable, SharedCorpora) {
  std::string missing;
  for (const std::string& path : SharedTextCorpora(missing)) {
    std::ifstream in(path);
    std::string line;
    size_t compared = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line.size() > 256 || !ValidateUtf8(line).ok()) {
        continue;
      }
      ExpectSameAsIcu(line);
      if (::testing::Test::HasFatalFailure()) return;
      ++compared;
    }
    EXPECT_GT(compared, size_t{0}) << path;
  }
  EXPECT_EQ(missing, "");
}

}  // namespace
}  // namespace u8guard::internal
