// SPDX-License-Identifier: Apache-2.0
// The one hex helper (src/common/hex.h), against printf's %X and %x, and
// the formats that use it, against the forms their goldens hold.

#include "src/common/hex.h"

#include <cstdint>
#include <string>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "u8guard/display.h"
#include "u8guard/rejection.h"

namespace u8guard::internal {
namespace {

std::string Hex(uint32_t value, int min_digits, HexCase hex_case) {
  std::string out;
  AppendHex(out, value, min_digits, hex_case);
  return out;
}

TEST(Hex, DigitsOfEveryNibbleInBothCases) {
  for (uint32_t n = 0; n < 16; ++n) {
    EXPECT_EQ(std::string(1, HexDigit(n, HexCase::kUpper)),
              absl::StrFormat("%X", n));
    EXPECT_EQ(std::string(1, HexDigit(n, HexCase::kLower)),
              absl::StrFormat("%x", n));
    // Only the low four bits count.
    EXPECT_EQ(HexDigit(n | 0xFFF0, HexCase::kUpper),
              HexDigit(n, HexCase::kUpper));
  }
}

TEST(Hex, AppendHexIsPrintfWithAWidth) {
  for (uint32_t v = 0; v < 0x11000; ++v) {
    ASSERT_EQ(Hex(v, 4, HexCase::kUpper), absl::StrFormat("%04X", v));
    ASSERT_EQ(Hex(v, 4, HexCase::kLower), absl::StrFormat("%04x", v));
    ASSERT_EQ(Hex(v, 2, HexCase::kUpper), absl::StrFormat("%02X", v));
  }
  for (const uint32_t v :
       {0u, 1u, 0xFu, 0x10u, 0xFFFFu, 0x10FFFFu, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
    for (int width = 1; width <= 8; ++width) {
      EXPECT_EQ(Hex(v, width, HexCase::kUpper),
                absl::StrFormat("%0*X", width, v));
    }
    // Widths outside 1..8 are clamped.
    EXPECT_EQ(Hex(v, 0, HexCase::kUpper), absl::StrFormat("%X", v));
    EXPECT_EQ(Hex(v, -3, HexCase::kUpper), absl::StrFormat("%X", v));
    EXPECT_EQ(Hex(v, 12, HexCase::kUpper), absl::StrFormat("%08X", v));
  }
  std::string out = "x";
  AppendHex(out, 0xAB, 2, HexCase::kLower);
  EXPECT_EQ(out, "xab");
}

TEST(Hex, EveryByte) {
  std::string all;
  for (int b = 0; b < 0x100; ++b) all.push_back(static_cast<char>(b));
  std::string upper, lower, spaced;
  AppendHexBytes(upper, all, HexCase::kUpper);
  AppendHexBytes(lower, all, HexCase::kLower);
  AppendHexBytes(spaced, all, HexCase::kUpper, " ");
  std::string want_upper, want_lower, want_spaced;
  for (int b = 0; b < 0x100; ++b) {
    absl::StrAppendFormat(&want_upper, "%02X", b);
    absl::StrAppendFormat(&want_lower, "%02x", b);
    absl::StrAppendFormat(&want_spaced, b ? " %02X" : "%02X", b);
  }
  EXPECT_EQ(upper, want_upper);
  EXPECT_EQ(lower, want_lower);
  EXPECT_EQ(spaced, want_spaced);
  std::string none = "keep";
  AppendHexBytes(none, "", HexCase::kUpper, " ");
  EXPECT_EQ(none, "keep");
}

TEST(Hex, CodePointNotation) {
  const struct {
    char32_t cp;
    const char* text;
  } cases[] = {{0, "U+0000"},          {0x41, "U+0041"},
               {0x200B, "U+200B"},     {0xFFFF, "U+FFFF"},
               {0x1F600, "U+1F600"},   {0x10FFFF, "U+10FFFF"},
               {0x110000, "U+110000"}, {0xD800, "U+D800"}};
  for (const auto& c : cases) {
    std::string out;
    AppendCodePointNotation(out, c.cp);
    EXPECT_EQ(out, c.text);
  }
}

// The public forms (display.h) are the same helpers: every code point
// and value just past the range, and every byte.
TEST(Hex, PublicNotationIsTheHelpers) {
  for (char32_t cp = 0; cp <= 0x110100; ++cp) {
    std::string want;
    AppendCodePointNotation(want, cp);
    ASSERT_EQ(CodePointNotation(cp), want);
    ASSERT_EQ(want, absl::StrFormat("U+%04X", static_cast<uint32_t>(cp)));
  }
  std::string all;
  for (int b = 0; b < 0x100; ++b) all.push_back(static_cast<char>(b));
  std::string want;
  AppendHexBytes(want, all, HexCase::kUpper);
  EXPECT_EQ(HexBytes(all), want);
  EXPECT_EQ(HexBytes("\xC0\xAE"), "C0AE");
  EXPECT_EQ(HexBytes(""), "");
}

TEST(Hex, DigitValueOfEveryChar) {
  for (int c = 0; c < 0x100; ++c) {
    int want = -1;
    if (c >= '0' && c <= '9') want = c - '0';
    if (c >= 'a' && c <= 'f') want = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') want = c - 'A' + 10;
    EXPECT_EQ(HexDigitValue(static_cast<char>(c)), want) << c;
  }
  for (uint32_t n = 0; n < 16; ++n) {
    EXPECT_EQ(HexDigitValue(HexDigit(n, HexCase::kUpper)), static_cast<int>(n));
    EXPECT_EQ(HexDigitValue(HexDigit(n, HexCase::kLower)), static_cast<int>(n));
  }
}

// The formats written with it keep the forms their documentation and
// goldens show (docs/errors.md, display.h, rejection.h).
TEST(Hex, FormatsThatUseIt) {
  EXPECT_EQ(EscapeForDisplay("a\xE2\x80\x8B\xC0\\"), "a\\u{200B}\\xC0\\\\");
  EXPECT_EQ(EscapeForDisplay("\xF3\xA0\x80\x81"), "\\u{E0001}");
  EXPECT_EQ(EscapeControls("a\x1B\x7F\xC2\x85z"), "a\\x1B\\x7F\\u0085z");
  Rejection r;
  r.rule = Rule::kUtf8Overlong;
  r.code_point = U'\u200B';
  r.bytes = "\xC0\xAE";
  const std::string message = RejectionMessage(r);
  EXPECT_NE(message.find("C0 AE"), std::string::npos) << message;
}

}  // namespace
}  // namespace u8guard::internal
