// SPDX-License-Identifier: Apache-2.0
// internal::ShownAsIs (src/unicode/display_internal.h) against what it
// stands for, EscapeForDisplay(s) == s: every code point alone and between
// letters, a backslash, ill-formed bytes.

#include "u8guard/display.h"

#include <string>

#include "gtest/gtest.h"
#include "src/unicode/display_internal.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

void ExpectAsEscapeSays(const std::string& s) {
  ASSERT_EQ(ShownAsIs(s), EscapeForDisplay(s) == s) << EscapeForDisplay(s);
}

TEST(ShownAsIs, EveryCodePointAloneAndBetweenLetters) {
  size_t escaped = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string c;
    AppendValid(cp, c);
    ExpectAsEscapeSays(c);
    ExpectAsEscapeSays("a" + c + "b");
    if (::testing::Test::HasFatalFailure()) return;
    escaped += !ShownAsIs(c);
  }
  // Controls, format characters, unassigned and private-use code points.
  EXPECT_GT(escaped, size_t{800000});
}

TEST(ShownAsIs, BackslashesAndIllFormedBytes) {
  for (const std::string s :
       {"", "plain", "a\\b", "\\", "a\xC0\xAF", "\xFF", "\xE2\x82",
        "caf\xC3\xA9", "a\tb", "a\x7F", "\xED\xA0\x80"}) {
    ExpectAsEscapeSays(s);
  }
}

}  // namespace
}  // namespace u8guard::internal
