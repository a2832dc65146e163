// SPDX-License-Identifier: Apache-2.0
// Code points for the confusables tests: UTF-8 of one code point, scalar
// values, and two letters of each script to put a code point between.

#ifndef U8GUARD_TESTS_CONFUSABLES_CODE_POINTS_H_
#define U8GUARD_TESTS_CONFUSABLES_CODE_POINTS_H_

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "src/utf8/decode_valid.h"
#include "tests/test_support.h"

namespace u8guard::internal {

// The UTF-8 of `cp` (a scalar value).
inline std::string Utf8(char32_t cp) {
  std::string s;
  AppendValid(cp, s);
  return s;
}

// Whether `cp` is a scalar value (not a surrogate).
inline bool IsScalar(char32_t cp) { return cp < 0xD800 || cp > 0xDFFF; }

// The first two letters (u_isalpha) of each script ICU knows two letters
// of, in UTF-8: more than a hundred pairs.
inline std::vector<std::pair<std::string, std::string>> LetterPairsOfScripts() {
  std::vector<std::string> first(USCRIPT_CODE_LIMIT),
      second(USCRIPT_CODE_LIMIT);
  for (char32_t cp = 0x41; cp <= 0x10FFFF; ++cp) {
    if (!u_isalpha(static_cast<UChar32>(cp))) continue;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script =
        uscript_getScript(static_cast<UChar32>(cp), &status);
    if (U_FAILURE(status) || script < 0 || script >= USCRIPT_CODE_LIMIT) {
      continue;
    }
    if (first[script].empty()) {
      first[script] = Utf8(cp);
    } else if (second[script].empty()) {
      second[script] = Utf8(cp);
    }
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (int s = 0; s < USCRIPT_CODE_LIMIT; ++s) {
    if (!second[s].empty()) out.emplace_back(first[s], second[s]);
  }
  return out;
}

// The paths of the shared corpora of text lines the skeleton tests read
// (testdata/: UTF-8-test.txt, utf8tests, the PRECIS golden file, fuzzdb's
// traversals) that are present; sets `missing` to the first one absent
// when the shared data is required (testing::SharedDataRequired), the
// message for the test to fail with.
inline std::vector<std::string> SharedTextCorpora(std::string& missing) {
  std::vector<std::string> out;
  for (const char* corpus : {"UTF-8-test.txt", "utf8tests/utf8tests.txt",
                             "precis_golden/golden.json",
                             "fuzzdb-traversals-8-deep-exotic-encoding.txt"}) {
    const std::string relative = std::string("testdata/") + corpus;
    const std::string path = testing::SharedPath(relative);
    if (std::ifstream(path)) {
      out.push_back(path);
    } else if (testing::SharedDataRequired() && missing.empty()) {
      missing = testing::MissingSharedFile(relative);
    }
  }
  return out;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_TESTS_CONFUSABLES_CODE_POINTS_H_
