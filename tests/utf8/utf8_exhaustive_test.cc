// SPDX-License-Identifier: Apache-2.0
// Every kernel against the reference decoder on every input of 1, 2 and 3
// bytes and on every 4-byte input that starts with F0..F4; and the reference
// decoder itself against an independent oracle written here from the Unicode
// definition of a UTF-8 code unit sequence (bit patterns and code point
// arithmetic, not the ABNF's byte ranges), so that the two can catch each
// other.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::SupportedKernels;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;

// ---- the oracle ----------------------------------------------------------
//
// Unicode §3.9 D92 in arithmetic form: a sequence of n bytes has the bit
// pattern 0xxxxxxx (n = 1), 110xxxxx 10xxxxxx (n = 2), 1110xxxx 10xxxxxx
// 10xxxxxx (n = 3) or 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx (n = 4); the x bits
// spell a code point that is a Unicode scalar value (at most 0x10FFFF, not a
// surrogate) and that needs exactly n bytes (the shortest form).

// The length a lead byte's bit pattern announces; 0 for 10xxxxxx and
// 11111xxx, which start no sequence.
int PatternLength(uint8_t b) {
  const int ones = std::countl_one(b);
  if (ones == 0) return 1;
  if (ones == 1 || ones > 4) return 0;
  return ones;
}

bool IsContinuationPattern(uint8_t b) { return (b >> 6) == 0b10; }

// The code points that need exactly `n` bytes.
constexpr uint32_t kShortestMin[5] = {0, 0, 0x80, 0x800, 0x10000};
constexpr uint32_t kShortestMax[5] = {0, 0x7F, 0x7FF, 0xFFFF, 0x10FFFF};

enum class PrefixVerdict {
  kCompletable,  // some continuation bytes complete it to a scalar value
  kTooSmall,     // every completion needs fewer bytes (overlong)
  kTooLarge,     // every completion is above U+10FFFF
  kSurrogate,    // every completion is a surrogate
};

// Judges the first k bytes (1 <= k <= n) of an n-byte pattern, whose bit
// patterns are already known to be right: the x bits seen so far fix the top
// of the code point, the 6 * (n - k) bits still missing can be anything.
PrefixVerdict JudgePrefix(const uint8_t* s, int k, int n) {
  uint32_t value = s[0] & (0x7Fu >> n);
  for (int j = 1; j < k; ++j) value = (value << 6) | (s[j] & 0x3Fu);
  const int missing_bits = 6 * (n - k);
  const uint32_t lo = value << missing_bits;
  const uint32_t hi = lo | ((1u << missing_bits) - 1);
  if (hi < kShortestMin[n]) return PrefixVerdict::kTooSmall;
  if (lo > kShortestMax[n]) return PrefixVerdict::kTooLarge;
  // [a, b] is what the completions can reach within this length's range; it
  // is contiguous, so it holds a scalar value unless it is all surrogates.
  const uint32_t a = lo > kShortestMin[n] ? lo : kShortestMin[n];
  const uint32_t b = hi < kShortestMax[n] ? hi : kShortestMax[n];
  if (a >= 0xD800 && b <= 0xDFFF) return PrefixVerdict::kSurrogate;
  return PrefixVerdict::kCompletable;
}

// The full Utf8Result from the definition: the first position where no
// well-formed sequence starts; the error length is the longest prefix there
// that some continuation could still complete (Unicode §3.9 D93b, maximal
// subpart, at least 1), or 0 when the input ends inside such a prefix.
Utf8Result Oracle(const uint8_t* s, size_t size) {
  size_t i = 0;
  while (i < size) {
    const uint8_t* p = s + i;
    const size_t left = size - i;
    const int n = PatternLength(p[0]);
    if (n == 0) {
      return {i,
              IsContinuationPattern(p[0])
                  ? Utf8ErrorKind::kUnexpectedContinuation
                  : Utf8ErrorKind::kInvalidByte,
              1};
    }
    if (n == 1) {
      ++i;
      continue;
    }
    // k = bytes that form a completable prefix; checked one byte at a time.
    int k = 0;
    PrefixVerdict failure = PrefixVerdict::kCompletable;
    bool missing = false;
    while (k < n && static_cast<size_t>(k) < left) {
      if (k > 0 && !IsContinuationPattern(p[k])) {
        missing = true;
        break;
      }
      const PrefixVerdict v = JudgePrefix(p, k + 1, n);
      if (v != PrefixVerdict::kCompletable) {
        failure = v;
        break;
      }
      ++k;
    }
    if (k == n) {
      i += n;
      continue;
    }
    if (!missing && failure == PrefixVerdict::kCompletable) {
      // Ran out of input inside a completable prefix.
      return {i, Utf8ErrorKind::kTruncated, 0};
    }
    if (k == 0) {
      // The lead alone cannot start a scalar value: C0/C1 (too small) and
      // F5..F7 (too large). C0/C1 with a continuation is an overlong form.
      const bool overlong = failure == PrefixVerdict::kTooSmall && left >= 2 &&
                            IsContinuationPattern(p[1]);
      return {i,
              overlong ? Utf8ErrorKind::kOverlong : Utf8ErrorKind::kInvalidByte,
              1};
    }
    Utf8ErrorKind kind = Utf8ErrorKind::kMissingContinuation;
    if (!missing) {
      kind = failure == PrefixVerdict::kTooSmall   ? Utf8ErrorKind::kOverlong
             : failure == PrefixVerdict::kTooLarge ? Utf8ErrorKind::kAboveMax
                                                   : Utf8ErrorKind::kSurrogate;
    }
    return {i, kind, static_cast<uint8_t>(k)};
  }
  return {size, Utf8ErrorKind::kNone, 0};
}

// The oracle knows its own classics, so that a bug in it cannot hide.
TEST(Utf8Oracle, AgreesWithHandDerivedCases) {
  struct Case {
    std::string_view hex;
    Utf8Result want;
  };
  const Case cases[] = {
      {"", {0, Utf8ErrorKind::kNone, 0}},
      {"24 C2 A2 E2 82 AC F0 90 8D 88", {10, Utf8ErrorKind::kNone, 0}},
      {"C0 AF", {0, Utf8ErrorKind::kOverlong, 1}},
      {"C1", {0, Utf8ErrorKind::kInvalidByte, 1}},
      {"E0 9F BF", {0, Utf8ErrorKind::kOverlong, 1}},
      {"F0 8F BF BF", {0, Utf8ErrorKind::kOverlong, 1}},
      {"ED A0 80", {0, Utf8ErrorKind::kSurrogate, 1}},
      {"ED 9F BF", {3, Utf8ErrorKind::kNone, 0}},
      {"F4 90 80 80", {0, Utf8ErrorKind::kAboveMax, 1}},
      {"F4 8F BF BF", {4, Utf8ErrorKind::kNone, 0}},
      {"F5 80", {0, Utf8ErrorKind::kInvalidByte, 1}},
      {"F8", {0, Utf8ErrorKind::kInvalidByte, 1}},
      {"BF", {0, Utf8ErrorKind::kUnexpectedContinuation, 1}},
      {"41 E2 82", {1, Utf8ErrorKind::kTruncated, 0}},
      {"E2 82 41", {0, Utf8ErrorKind::kMissingContinuation, 2}},
      {"F0 9F 98 41", {0, Utf8ErrorKind::kMissingContinuation, 3}},
      {"F0 9F 98", {0, Utf8ErrorKind::kTruncated, 0}},
      {"C2 C2 80", {0, Utf8ErrorKind::kMissingContinuation, 1}},
  };
  for (const Case& c : cases) {
    const std::string in = testing::FromHex(c.hex);
    const Utf8Result got =
        Oracle(reinterpret_cast<const uint8_t*>(in.data()), in.size());
    EXPECT_EQ(got, c.want) << c.hex << ": " << Utf8ResultString(got);
  }
}

// ---- the sweep -----------------------------------------------------------

// Compares every validator with the reference on many inputs and keeps the
// first few disagreements per validator; one gtest assertion per sweep, not
// per input, so that a sweep of 2^24 inputs stays fast.
class Sweep {
 public:
  Sweep() {
    for (Utf8Kernel k : SupportedKernels()) {
      names_.emplace_back(Utf8KernelName(k));
      kernels_.push_back(k);
    }
    names_.emplace_back("ValidateUtf8 (auto)");
    kernels_.push_back(Utf8Kernel::kAuto);
    mismatches_.assign(names_.size() + 1, 0);
    examples_.resize(names_.size() + 1);
  }

  // Checks one input against every kernel; with `check_oracle`, also the
  // reference against the oracle.
  void Check(std::string_view in, bool check_oracle) {
    ++inputs_;
    const Utf8Result want = ValidateUtf8Reference(in);
    if (want.ok()) ++valid_;
    for (size_t v = 0; v < kernels_.size(); ++v) {
      const Utf8Result got = kernels_[v] == Utf8Kernel::kAuto
                                 ? ValidateUtf8(in)
                                 : ValidateUtf8With(kernels_[v], in);
      if (!(got == want)) Note(v, in, want, got);
    }
    if (check_oracle) {
      const Utf8Result oracle =
          Oracle(reinterpret_cast<const uint8_t*>(in.data()), in.size());
      if (!(oracle == want)) Note(kernels_.size(), in, oracle, want);
    }
  }

  void ExpectNoMismatch() const {
    for (size_t v = 0; v <= kernels_.size(); ++v) {
      const std::string who = v < kernels_.size()
                                  ? names_[v] + " vs reference"
                                  : std::string("reference vs oracle");
      std::string shown;
      for (const std::string& e : examples_[v]) shown += "\n  " + e;
      EXPECT_EQ(mismatches_[v], 0u)
          << who << ", first cases (want, got):" << shown;
    }
  }

  uint64_t inputs() const { return inputs_; }
  uint64_t valid() const { return valid_; }

 private:
  void Note(size_t v, std::string_view in, const Utf8Result& want,
            const Utf8Result& got) {
    if (++mismatches_[v] <= 10) {
      examples_[v].push_back(absl::StrFormat("%s: %s, %s", ToHex(in),
                                             Utf8ResultString(want),
                                             Utf8ResultString(got)));
    }
  }

  std::vector<std::string> names_;
  std::vector<Utf8Kernel> kernels_;
  std::vector<uint64_t> mismatches_;  // last slot: reference vs oracle
  std::vector<std::vector<std::string>> examples_;
  uint64_t inputs_ = 0;
  uint64_t valid_ = 0;
};

// The number of valid sequences of each length follows from the code point
// ranges: 128 one-byte, 1920 two-byte, 61440 three-byte (63488 minus 2048
// surrogates), 1048576 four-byte.
constexpr uint64_t kValidOneByte = 0x80;
constexpr uint64_t kValidTwoByte = 0x800 - 0x80;
constexpr uint64_t kValidThreeByte = 0x10000 - 0x800 - 0x800;

TEST(Utf8Exhaustive, EmptyInput) {
  Sweep sweep;
  sweep.Check(std::string_view(), true);
  sweep.ExpectNoMismatch();
  EXPECT_EQ(sweep.valid(), 1u);
}

TEST(Utf8Exhaustive, EveryOneByteInput) {
  Sweep sweep;
  char buf[1];
  for (int b0 = 0; b0 < 256; ++b0) {
    buf[0] = static_cast<char>(b0);
    sweep.Check(std::string_view(buf, 1), true);
  }
  sweep.ExpectNoMismatch();
  EXPECT_EQ(sweep.inputs(), 256u);
  EXPECT_EQ(sweep.valid(), kValidOneByte);
}

TEST(Utf8Exhaustive, EveryTwoByteInput) {
  Sweep sweep;
  char buf[2];
  for (int b0 = 0; b0 < 256; ++b0) {
    for (int b1 = 0; b1 < 256; ++b1) {
      buf[0] = static_cast<char>(b0);
      buf[1] = static_cast<char>(b1);
      sweep.Check(std::string_view(buf, 2), true);
    }
  }
  sweep.ExpectNoMismatch();
  // Valid: two ASCII bytes, or one two-byte sequence.
  EXPECT_EQ(sweep.valid(), kValidOneByte * kValidOneByte + kValidTwoByte);
}

// The 2^24 three-byte inputs, split by the first byte's high bits into four
// tests so that ctest can run them side by side.
class EveryThreeByteInput : public ::testing::TestWithParam<int> {};

TEST_P(EveryThreeByteInput, AllKernelsMatchReferenceAndOracle) {
  Sweep sweep;
  char buf[3];
  const int first = GetParam() * 64;
  for (int b0 = first; b0 < first + 64; ++b0) {
    buf[0] = static_cast<char>(b0);
    for (int b1 = 0; b1 < 256; ++b1) {
      buf[1] = static_cast<char>(b1);
      for (int b2 = 0; b2 < 256; ++b2) {
        buf[2] = static_cast<char>(b2);
        sweep.Check(std::string_view(buf, 3), true);
      }
    }
  }
  sweep.ExpectNoMismatch();
  EXPECT_EQ(sweep.inputs(), 64u * 256 * 256);
  // Valid inputs are concatenations of 1-, 2- and 3-byte sequences: an ASCII
  // lead (64 per quarter) followed by 2 valid bytes, none with a continuation
  // lead, and for C0..FF a 2-byte sequence and ASCII, or one 3-byte sequence.
  const uint64_t a = kValidOneByte;
  const uint64_t want[4] = {64 * (a * a + kValidTwoByte),
                            64 * (a * a + kValidTwoByte), 0,
                            kValidTwoByte * a + kValidThreeByte};
  EXPECT_EQ(sweep.valid(), want[GetParam()]);
}

INSTANTIATE_TEST_SUITE_P(Quarters, EveryThreeByteInput,
                         ::testing::Values(0, 1, 2, 3));

// Every 4-byte input whose first byte is F0..F4 (2^24 each).
class EveryFourByteInput : public ::testing::TestWithParam<int> {};

TEST_P(EveryFourByteInput, AllKernelsMatchReferenceAndOracle) {
  const int lead = GetParam();
  Sweep sweep;
  char buf[4];
  buf[0] = static_cast<char>(lead);
  // The whole space in every build: the five leads take about 10 s in
  // Release and under a minute with ASan+UBSan.
  for (int b1 = 0; b1 < 256; ++b1) {
    buf[1] = static_cast<char>(b1);
    for (int b2 = 0; b2 < 256; ++b2) {
      buf[2] = static_cast<char>(b2);
      for (int b3 = 0; b3 < 256; ++b3) {
        buf[3] = static_cast<char>(b3);
        sweep.Check(std::string_view(buf, 4), true);
      }
    }
  }
  sweep.ExpectNoMismatch();
  // F0: U+10000..U+3FFFF, F1..F3: 0x40000 each, F4: U+100000..U+10FFFF.
  const uint64_t want = lead == 0xF0   ? 0x40000 - 0x10000
                        : lead == 0xF4 ? 0x110000 - 0x100000
                                       : 0x40000;
  EXPECT_EQ(sweep.valid(), want);
  EXPECT_EQ(sweep.inputs(), uint64_t{1} << 24);
}

INSTANTIATE_TEST_SUITE_P(Leads, EveryFourByteInput,
                         ::testing::Values(0xF0, 0xF1, 0xF2, 0xF3, 0xF4),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return absl::StrFormat("%02X", info.param);
                         });

}  // namespace
}  // namespace u8guard
