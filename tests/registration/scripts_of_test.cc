// SPDX-License-Identifier: Apache-2.0
// internal::ScriptsOf (a registration record's scripts) against a
// straightforward reading of ICU: every code point's script
// (uscript_getScript), without Common, Inherited and Unknown, the short
// names sorted and each once.

#include <unicode/uscript.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/registration/registration_internal.h"
#include "src/utf8/decode_valid.h"
#include "tests/confusables/code_points.h"
#include "tests/test_support.h"

namespace u8guard::internal {
namespace {

std::vector<std::string> Reference(const std::string& s) {
  std::set<std::string> names;
  for (const char *p = s.data(), *end = p + s.size(); p < end;) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script =
        uscript_getScript(static_cast<UChar32>(DecodeValid(p)), &status);
    EXPECT_TRUE(U_SUCCESS(status));
    if (script != USCRIPT_COMMON && script != USCRIPT_INHERITED &&
        script != USCRIPT_UNKNOWN) {
      names.insert(uscript_getShortName(script));
    }
  }
  return {names.begin(), names.end()};
}

TEST(ScriptsOf, EveryCodePointAloneAndAfterLettersOfTwoScripts) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    if (testing::kAddressSanitizer && (cp + (cp >> 12)) % 4 != 0) continue;
    for (const std::string& s : {Utf8(cp), "a\xD0\xB0" + Utf8(cp) + "Z"}) {
      ASSERT_EQ(ScriptsOf(s), Reference(s)) << testing::ToHex(s);
    }
  }
}

TEST(ScriptsOf, RandomMixes) {
  const std::vector<std::pair<std::string, std::string>> pairs =
      LetterPairsOfScripts();
  std::mt19937_64 rng(20261202);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 8;
    for (size_t i = 0; i < n; ++i) {
      const auto& [first, second] = pairs[rng() % pairs.size()];
      s += rng() % 2 ? first : second;
      if (rng() % 3 == 0) s += "-1";
    }
    ASSERT_EQ(ScriptsOf(s), Reference(s)) << testing::ToHex(s);
  }
}

}  // namespace
}  // namespace u8guard::internal
