// SPDX-License-Identifier: Apache-2.0
// Decoding, encoding and error reporting: DecodeUtf8, DecodeUtf8At,
// Utf8CodePoints, AppendUtf8 / EncodeUtf8 (every scalar value round-trips;
// surrogates and values above U+10FFFF are refused, RFC 3629 §3 and §10),
// ToUtf8Lossy, CheckUtf8 / DescribeUtf8Error messages and the error names.
// ICU's U8_APPEND_UNSAFE is the independent encoder the bytes are compared
// with.

#include <unicode/utf8.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::FromHex;
using ::u8guard::testing::MutateUtf8;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::ToHex;

bool IsScalarValue(uint32_t cp) {
  return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
}

std::string IcuEncode(uint32_t cp) {
  uint8_t buf[4];
  int32_t n = 0;
  U8_APPEND_UNSAFE(buf, n, static_cast<UChar32>(cp));
  return std::string(reinterpret_cast<char*>(buf), n);
}

// The fewest bytes that hold `cp` (RFC 3629 §3's table).
size_t ShortestLength(uint32_t cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

TEST(Encode, EveryScalarValueRoundTrips) {
  size_t mismatches = 0;
  std::string all;
  std::u32string all_cps;
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!IsScalarValue(cp)) continue;
    std::string out = "pre";
    const bool appended = AppendUtf8(static_cast<char32_t>(cp), out);
    const std::string_view enc = std::string_view(out).substr(3);
    size_t pos = 0;
    const bool ok =
        appended && out.substr(0, 3) == "pre" && enc == IcuEncode(cp) &&
        enc.size() == ShortestLength(cp) && ValidateUtf8Reference(enc).ok() &&
        DecodeUtf8At(enc, pos) == static_cast<int32_t>(cp) && pos == enc.size();
    if (!ok && ++mismatches <= 10) {
      ADD_FAILURE() << "U+" << std::hex << cp << ": " << ToHex(enc);
    }
    all.append(enc);
    all_cps.push_back(static_cast<char32_t>(cp));
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(all_cps.size(), 0x110000u - 0x800u);
  // The same through the string APIs, all at once.
  const absl::StatusOr<std::string> encoded = EncodeUtf8(all_cps);
  ASSERT_TRUE(encoded.ok()) << encoded.status();
  EXPECT_TRUE(*encoded == all);
  const absl::StatusOr<std::u32string> decoded = DecodeUtf8(all);
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_TRUE(*decoded == all_cps);
  EXPECT_TRUE(IsValidUtf8(all));
}

TEST(Encode, RefusesSurrogatesAndValuesAboveMax) {
  std::vector<uint32_t> refused;
  for (uint32_t cp = 0xD800; cp <= 0xDFFF; ++cp) refused.push_back(cp);
  for (uint32_t cp = 0x110000; cp < 0x120000; ++cp) refused.push_back(cp);
  for (uint32_t cp :
       {0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x200000u, 0x4000000u}) {
    refused.push_back(cp);
  }
  for (uint32_t cp : refused) {
    std::string out = "keep";
    EXPECT_FALSE(AppendUtf8(static_cast<char32_t>(cp), out)) << std::hex << cp;
    EXPECT_EQ(out, "keep") << std::hex << cp;
  }
}

TEST(Encode, EncodeUtf8NamesIndexAndValue) {
  const absl::StatusOr<std::string> ok = EncodeUtf8(U"a\u00E9\u20AC\U0001F600");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ToHex(*ok), "61 C3 A9 E2 82 AC F0 9F 98 80");
  EXPECT_EQ(*EncodeUtf8(U""), "");

  const char32_t surrogate[] = {U'a', U'b', 0xD800, U'c'};
  const absl::StatusOr<std::string> s =
      EncodeUtf8(std::u32string_view(surrogate, 4));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(s.status().message(), "2"))
      << s.status().message();
  EXPECT_TRUE(absl::StrContains(s.status().message(), "D800"))
      << s.status().message();
  EXPECT_TRUE(absl::StrContains(s.status().message(), "surrogate"))
      << s.status().message();

  const char32_t above[] = {0x110000};
  const absl::StatusOr<std::string> a =
      EncodeUtf8(std::u32string_view(above, 1));
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(a.status().message(), "110000"))
      << a.status().message();
  EXPECT_TRUE(absl::StrContains(a.status().message(), "above U+10FFFF"))
      << a.status().message();
}

TEST(Decode, DecodeUtf8ReturnsCodePointsOrNamesTheError) {
  const absl::StatusOr<std::u32string> ok =
      DecodeUtf8("A\xE2\x82\xAC\xF0\x9F\x98\x80\xEF\xBF\xBF");
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_TRUE(*ok == (std::u32string{0x41, 0x20AC, 0x1F600, 0xFFFF}));
  EXPECT_TRUE(DecodeUtf8("")->empty());

  const absl::StatusOr<std::u32string> bad = DecodeUtf8("ab\xC0\xAF");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(bad.status().message()),
            "invalid UTF-8 at byte 2: overlong encoding (C0 AF)");
  const absl::StatusOr<std::u32string> cut = DecodeUtf8("ab\xF0\x9F\x98");
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(std::string(cut.status().message()),
            "invalid UTF-8 at byte 2: truncated sequence at end of input "
            "(F0 9F 98)");
}

TEST(Decode, DecodeUtf8AtAdvancesOrLeavesPosition) {
  const std::string s = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  size_t pos = 0;
  EXPECT_EQ(DecodeUtf8At(s, pos), 0x61);
  EXPECT_EQ(pos, 1u);
  EXPECT_EQ(DecodeUtf8At(s, pos), 0xE9);
  EXPECT_EQ(pos, 3u);
  EXPECT_EQ(DecodeUtf8At(s, pos), 0x20AC);
  EXPECT_EQ(pos, 6u);
  EXPECT_EQ(DecodeUtf8At(s, pos), 0x1F600);
  EXPECT_EQ(pos, 10u);
  EXPECT_EQ(DecodeUtf8At(s, pos), -1);  // at the end
  EXPECT_EQ(pos, 10u);
  // Inside a sequence: a continuation byte is an error.
  pos = 2;
  EXPECT_EQ(DecodeUtf8At(s, pos), -1);
  EXPECT_EQ(pos, 2u);
  for (std::string_view bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                               "\xE2\x82", "\xE2\x82\x41", "\xFF", "\x80"}) {
    const std::string in =
        absl::StrCat("x", absl::string_view(bad.data(), bad.size()));
    pos = 1;
    EXPECT_EQ(DecodeUtf8At(in, pos), -1) << ToHex(bad);
    EXPECT_EQ(pos, 1u) << ToHex(bad);
  }
}

TEST(Decode, CodePointIteratorYieldsValuesAndOffsets) {
  const std::string s = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  std::u32string values;
  std::vector<size_t> offsets;
  const Utf8CodePoints cps(s);
  for (auto it = cps.begin(); it != cps.end(); ++it) {
    values.push_back(*it);
    offsets.push_back(it.offset());
  }
  EXPECT_TRUE(values == (std::u32string{0x61, 0xE9, 0x20AC, 0x1F600}));
  EXPECT_EQ(offsets, (std::vector<size_t>{0, 1, 3, 6}));
  EXPECT_EQ(cps.end().offset(), s.size());
  // Post-increment returns the old position.
  auto it = cps.begin();
  const auto old = it++;
  EXPECT_EQ(old.offset(), 0u);
  EXPECT_EQ(it.offset(), 1u);
  // An empty string has no code points.
  const Utf8CodePoints none("");
  EXPECT_TRUE(none.begin() == none.end());
}

// On invalid input the iterator's values are unspecified, but it must end,
// move forward on every step and stay inside the string (ASan watches).
TEST(Decode, CodePointIteratorIsSafeOnInvalidInput) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const std::string in = MutateUtf8(rng, RandomValidUtf8(rng, rng() % 40), 3);
    const Utf8CodePoints cps(in);
    size_t last = 0, steps = 0;
    for (auto it = cps.begin(); it != cps.end(); ++it) {
      (void)*it;
      ASSERT_LE(it.offset(), in.size());
      if (steps++ > 0) {
        ASSERT_GT(it.offset(), last) << ToHex(in);
      }
      last = it.offset();
      ASSERT_LE(steps, in.size()) << ToHex(in);
    }
    // On valid input, the iterator agrees with DecodeUtf8.
    if (IsValidUtf8(in)) {
      std::u32string got;
      for (char32_t c : cps) got.push_back(c);
      EXPECT_TRUE(got == *DecodeUtf8(in)) << ToHex(in);
    }
  }
}

TEST(Lossy, ReplacesEachMaximalSubpartOnce) {
  struct Case {
    std::string_view in_hex;
    std::string_view want_hex;
  };
  const Case cases[] = {
      {"", ""},
      {"61 62 63", "61 62 63"},
      {"EF BF BD", "EF BF BD"},  // a real U+FFFD stays
      {"E2 82", "EF BF BD"},     // truncated tail: one U+FFFD
      {"41 F0 9F 98", "41 EF BF BD"},
      {"F0 9F 98 41", "EF BF BD 41"},
      {"C0 AF", "EF BF BD EF BF BD"},
      {"ED A0 80", "EF BF BD EF BF BD EF BF BD"},
      {"F4 90 80 80", "EF BF BD EF BF BD EF BF BD EF BF BD"},
      {"80 80", "EF BF BD EF BF BD"},
      {"E2 82 E2 82 AC", "EF BF BD E2 82 AC"},
      // Unicode Table 3-8: U+FFFD per maximal subpart.
      {"61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
       "61 EF BF BD EF BF BD EF BF BD 62 EF BF BD 63 EF BF BD EF BF BD 64"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(ToHex(ToUtf8Lossy(FromHex(c.in_hex))), ToHex(FromHex(c.want_hex)))
        << c.in_hex;
  }
}

TEST(Lossy, OutputIsAlwaysValid) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 20000; ++i) {
    const std::string in =
        MutateUtf8(rng, RandomValidUtf8(rng, rng() % 60), 1 + rng() % 4);
    const std::string lossy = ToUtf8Lossy(in);
    ASSERT_TRUE(ValidateUtf8Reference(lossy).ok()) << ToHex(in);
    if (IsValidUtf8(in)) {
      ASSERT_EQ(lossy, in);
    }
  }
}

TEST(Check, MessagesNameOffsetKindAndBytes) {
  struct Case {
    std::string_view in_hex;
    std::string_view message;
  };
  const Case cases[] = {
      {"FF", "invalid UTF-8 at byte 0: invalid byte (FF)"},
      {"61 62 80",
       "invalid UTF-8 at byte 2: unexpected continuation byte (80)"},
      {"C0 41", "invalid UTF-8 at byte 0: invalid byte (C0)"},
      {"C1 BF", "invalid UTF-8 at byte 0: overlong encoding (C1 BF)"},
      {"E0 80 AF", "invalid UTF-8 at byte 0: overlong encoding (E0 80 AF)"},
      {"61 ED A0 80", "invalid UTF-8 at byte 1: encoded surrogate (ED A0 80)"},
      {"F4 90 80 80",
       "invalid UTF-8 at byte 0: code point above U+10FFFF (F4 90 80 80)"},
      {"F0 9F 98 41",
       "invalid UTF-8 at byte 0: missing continuation byte (F0 9F 98 41)"},
      {"C2 41", "invalid UTF-8 at byte 0: missing continuation byte (C2 41)"},
      {"78 79 7A F0 9F 98",
       "invalid UTF-8 at byte 3: truncated sequence at end of input "
       "(F0 9F 98)"},
      // F5's bit pattern announces 4 bytes; they are shown, as for C1 BF.
      {"F5 80 80 80", "invalid UTF-8 at byte 0: invalid byte (F5 80 80 80)"},
      {"F5 41", "invalid UTF-8 at byte 0: invalid byte (F5)"},
  };
  for (const Case& c : cases) {
    const std::string in = FromHex(c.in_hex);
    const absl::Status s = CheckUtf8(in);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << c.in_hex;
    EXPECT_EQ(std::string(s.message()), c.message) << c.in_hex;
    EXPECT_EQ(DescribeUtf8Error(in, ValidateUtf8(in)), c.message) << c.in_hex;
  }
  EXPECT_TRUE(CheckUtf8("").ok());
  EXPECT_TRUE(CheckUtf8("\xF4\x8F\xBF\xBF").ok());
}

TEST(Check, ErrorNamesAreDistinctAndStable) {
  const Utf8ErrorKind kinds[] = {Utf8ErrorKind::kNone,
                                 Utf8ErrorKind::kInvalidByte,
                                 Utf8ErrorKind::kUnexpectedContinuation,
                                 Utf8ErrorKind::kMissingContinuation,
                                 Utf8ErrorKind::kTruncated,
                                 Utf8ErrorKind::kOverlong,
                                 Utf8ErrorKind::kSurrogate,
                                 Utf8ErrorKind::kAboveMax};
  std::set<std::string_view> names, ids;
  for (Utf8ErrorKind k : kinds) {
    names.insert(Utf8ErrorKindName(k));
    const std::string_view id = Utf8ErrorKindId(k);
    ids.insert(id);
    EXPECT_FALSE(id.empty());
    for (char c : id) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '_') << id;
  }
  EXPECT_EQ(names.size(), std::size(kinds));
  EXPECT_EQ(ids.size(), std::size(kinds));
  // The examples the header documents.
  EXPECT_EQ(Utf8ErrorKindName(Utf8ErrorKind::kOverlong), "overlong encoding");
  EXPECT_EQ(Utf8ErrorKindId(Utf8ErrorKind::kOverlong), "overlong");
}

}  // namespace
}  // namespace u8guard
