// SPDX-License-Identifier: Apache-2.0
// The reference decoder against RFC 3629 itself: the §7 examples, the §10
// attacks, and the boundaries of every row of the §4 ABNF.

#include <ostream>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::FromHex;

struct Case {
  const char* hex;
  size_t valid_up_to;
  Utf8ErrorKind kind;
  uint8_t error_len;
};

// How GoogleTest shows a case, and so the names ctest registers: its bytes
// ("hex C0 80"). Without it, the bytes of the struct, the address of its
// string included, which changed from run to run.
void PrintTo(const Case& c, std::ostream* os) { *os << "hex " << c.hex; }

class ReferenceTest : public ::testing::TestWithParam<Case> {};

TEST_P(ReferenceTest, MatchesExpectedResult) {
  const Case& c = GetParam();
  const Utf8Result r = ValidateUtf8Reference(FromHex(c.hex));
  EXPECT_EQ(r.valid_up_to, c.valid_up_to) << c.hex;
  EXPECT_EQ(r.kind, c.kind) << c.hex << ": " << Utf8ErrorKindName(r.kind);
  EXPECT_EQ(r.error_len, c.error_len) << c.hex;
}

constexpr Utf8ErrorKind kOk = Utf8ErrorKind::kNone;
constexpr Utf8ErrorKind kInvalid = Utf8ErrorKind::kInvalidByte;
constexpr Utf8ErrorKind kStray = Utf8ErrorKind::kUnexpectedContinuation;
constexpr Utf8ErrorKind kMissing = Utf8ErrorKind::kMissingContinuation;
constexpr Utf8ErrorKind kTrunc = Utf8ErrorKind::kTruncated;
constexpr Utf8ErrorKind kOverlong = Utf8ErrorKind::kOverlong;
constexpr Utf8ErrorKind kSurrogate = Utf8ErrorKind::kSurrogate;
constexpr Utf8ErrorKind kAbove = Utf8ErrorKind::kAboveMax;

INSTANTIATE_TEST_SUITE_P(Rfc3629Section7Examples, ReferenceTest,
                         ::testing::Values(
                             // "A<NOT IDENTICAL TO><ALPHA>."
                             Case{"41 E2 89 A2 CE 91 2E", 7, kOk, 0},
                             // Korean "hangugeo"
                             Case{"ED 95 9C EA B5 AD EC 96 B4", 9, kOk, 0},
                             // Japanese "nihongo"
                             Case{"E6 97 A5 E6 9C AC E8 AA 9E", 9, kOk, 0},
                             // U+233B4 preceded by a BOM
                             Case{"EF BB BF F0 A3 8E B4", 7, kOk, 0}));

INSTANTIATE_TEST_SUITE_P(
    Rfc3629Section10Attacks, ReferenceTest,
    ::testing::Values(
        Case{"C0 80", 0, kOverlong, 1},               // overlong NUL
        Case{"2F C0 AE 2E 2F", 1, kOverlong, 1},      // "/../" of the IIS worm
        Case{"ED A1 8C ED BE B4", 0, kSurrogate, 1},  // CESU-8 U+233B4
        Case{"F8 88 80 80 80", 0, kInvalid, 1},       // 5-byte form
        Case{"FC 84 80 80 80 80", 0, kInvalid, 1},    // 6-byte form
        Case{"FE", 0, kInvalid, 1}, Case{"FF", 0, kInvalid, 1}));

INSTANTIATE_TEST_SUITE_P(
    AbnfBoundaries, ReferenceTest,
    ::testing::Values(
        Case{"", 0, kOk, 0}, Case{"00", 1, kOk, 0}, Case{"7F", 1, kOk, 0},
        Case{"80", 0, kStray, 1}, Case{"BF", 0, kStray, 1},
        Case{"C1 BF", 0, kOverlong, 1}, Case{"C1 41", 0, kInvalid, 1},
        Case{"C0", 0, kInvalid, 1}, Case{"C2 80", 2, kOk, 0},
        Case{"DF BF", 2, kOk, 0}, Case{"C2", 0, kTrunc, 0},
        Case{"C2 41", 0, kMissing, 1}, Case{"C2 C2 80", 0, kMissing, 1},
        Case{"E0 9F BF", 0, kOverlong, 1}, Case{"E0 A0 80", 3, kOk, 0},
        Case{"E0 A0", 0, kTrunc, 0}, Case{"E0 A0 41", 0, kMissing, 2},
        Case{"E0", 0, kTrunc, 0}, Case{"E0 80", 0, kOverlong, 1},
        Case{"EC BF BF", 3, kOk, 0}, Case{"ED 9F BF", 3, kOk, 0},
        Case{"ED A0 80", 0, kSurrogate, 1}, Case{"ED BF BF", 0, kSurrogate, 1},
        Case{"EE 80 80", 3, kOk, 0}, Case{"EF BF BF", 3, kOk, 0},
        Case{"F0 8F BF BF", 0, kOverlong, 1}, Case{"F0 90 80 80", 4, kOk, 0},
        Case{"F0 90 80", 0, kTrunc, 0}, Case{"F0 90 80 41", 0, kMissing, 3},
        Case{"F1 80 80 80", 4, kOk, 0}, Case{"F3 BF BF BF", 4, kOk, 0},
        Case{"F4 8F BF BF", 4, kOk, 0}, Case{"F4 90 80 80", 0, kAbove, 1},
        Case{"F4 BF", 0, kAbove, 1}, Case{"F5 80 80 80", 0, kInvalid, 1},
        Case{"41 42 F4", 2, kTrunc, 0}, Case{"41 E2 82 41", 1, kMissing, 2}));

TEST(CheckUtf8, NamesOffsetKindAndBytes) {
  EXPECT_EQ(CheckUtf8(FromHex("2F C0 AE 2E 2F")).message(),
            "invalid UTF-8 at byte 1: overlong encoding (C0 AE)");
  EXPECT_EQ(CheckUtf8(FromHex("41 ED A0 80")).message(),
            "invalid UTF-8 at byte 1: encoded surrogate (ED A0 80)");
  EXPECT_EQ(CheckUtf8(FromHex("41 E2 82")).message(),
            "invalid UTF-8 at byte 1: truncated sequence at end of input "
            "(E2 82)");
  EXPECT_EQ(CheckUtf8(FromHex("E2 82 41")).message(),
            "invalid UTF-8 at byte 0: missing continuation byte (E2 82 41)");
  EXPECT_TRUE(CheckUtf8("plain").ok());
}

}  // namespace
}  // namespace u8guard
