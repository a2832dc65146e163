// SPDX-License-Identifier: Apache-2.0
// ValidateUtf8 (every kernel) against ICU 72's U8_NEXT, a decoder written
// independently of ours: on every input of up to 3 bytes and every 4-byte
// input starting F0..F4, ICU must agree with the RFC 3629 §4 ABNF (our
// reference decoder); on a few hundred thousand random and mutated strings
// (seeded, deterministic), the verdict, the first-error offset and the
// length of the maximal ill-formed subpart must agree with every kernel, and
// ToUtf8Lossy with ICU's U8_NEXT_OR_FFFD substitution.
//
// ICU (since ICU 60) rejects exactly what the ABNF rejects, surrogates
// included, and advances past one maximal subpart per error, as Unicode §3.9
// recommends. No case where ICU and this library differ has been found; if
// one ever appears, this test lists it.

#include <unicode/utf8.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::MutateUtf8;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::SupportedKernels;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;

// ICU's verdict: the offset of the first ill-formed sequence (or the size),
// and how many bytes U8_NEXT consumed there.
struct IcuVerdict {
  size_t valid_up_to;
  bool ok;
  int32_t advance;
};

IcuVerdict IcuValidate(std::string_view in) {
  const auto* s = reinterpret_cast<const uint8_t*>(in.data());
  const auto n = static_cast<int32_t>(in.size());
  int32_t i = 0;
  while (i < n) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, n, c);
    if (c < 0) return {static_cast<size_t>(start), false, i - start};
  }
  return {in.size(), true, 0};
}

// ICU's U+FFFD substitution: one U+FFFD per ill-formed sequence.
std::string IcuLossy(std::string_view in) {
  const auto* s = reinterpret_cast<const uint8_t*>(in.data());
  const auto n = static_cast<int32_t>(in.size());
  std::string out;
  int32_t i = 0;
  while (i < n) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, n, c);
    if (c < 0) {
      out += "\xEF\xBF\xBD";
    } else {
      out.append(in.substr(start, i - start));
    }
  }
  return out;
}

// What ICU's verdict must be, given ours: the same offset, and ICU consumes
// the maximal subpart (error_len bytes), or the unfinished tail.
bool Agrees(const IcuVerdict& icu, const Utf8Result& r, size_t size) {
  if (icu.ok != r.ok() || icu.valid_up_to != r.valid_up_to) return false;
  if (r.ok()) return true;
  const size_t want =
      r.kind == Utf8ErrorKind::kTruncated ? size - r.valid_up_to : r.error_len;
  return static_cast<size_t>(icu.advance) == want;
}

std::string IcuString(const IcuVerdict& v) {
  return absl::StrFormat("{ok=%d, valid_up_to=%d, advance=%d}", v.ok,
                         v.valid_up_to, v.advance);
}

// ICU against the reference on one input.
void CompareReference(std::string_view in, MismatchLog& log) {
  const IcuVerdict icu = IcuValidate(in);
  const Utf8Result ref = ValidateUtf8Reference(in);
  if (!Agrees(icu, ref, in.size())) {
    log.Add(absl::StrFormat("%s: ICU %s, reference %s", ToHex(in),
                            IcuString(icu), Utf8ResultString(ref)));
  }
}

TEST(IcuAgreesWithAbnf, EveryInputUpToThreeBytes) {
  MismatchLog log;
  char buf[3];
  CompareReference(std::string_view(), log);
  for (int b0 = 0; b0 < 256; ++b0) {
    buf[0] = static_cast<char>(b0);
    CompareReference(std::string_view(buf, 1), log);
    for (int b1 = 0; b1 < 256; ++b1) {
      buf[1] = static_cast<char>(b1);
      CompareReference(std::string_view(buf, 2), log);
      for (int b2 = 0; b2 < 256; ++b2) {
        buf[2] = static_cast<char>(b2);
        CompareReference(std::string_view(buf, 3), log);
      }
    }
  }
  log.ExpectNone("ICU vs reference, inputs of 1..3 bytes");
}

TEST(IcuAgreesWithAbnf, EveryFourByteInputFromF0ToF4) {
  MismatchLog log;
  char buf[4];
  for (int b0 = 0xF0; b0 <= 0xF4; ++b0) {
    buf[0] = static_cast<char>(b0);
    for (uint32_t rest = 0; rest < (1u << 24); ++rest) {
      buf[1] = static_cast<char>(rest >> 16);
      buf[2] = static_cast<char>(rest >> 8);
      buf[3] = static_cast<char>(rest);
      CompareReference(std::string_view(buf, 4), log);
    }
  }
  log.ExpectNone("ICU vs reference, F0..F4 + 3 bytes");
}

// Pieces for the concatenated inputs: valid characters at every length
// boundary and the classic ill-formed sequences.
constexpr std::string_view kPieces[] = {"a",
                                        " ",
                                        "\x7F",
                                        "\xC2\x80",
                                        "\xDF\xBF",
                                        "\xE0\xA0\x80",
                                        "\xED\x9F\xBF",
                                        "\xEE\x80\x80",
                                        "\xEF\xBF\xBF",
                                        "\xF0\x90\x80\x80",
                                        "\xF4\x8F\xBF\xBF",
                                        "\xC3\xA9",
                                        "\xE2\x82\xAC",
                                        "\xF0\x9F\x98\x80",
                                        "\x80",
                                        "\xBF",
                                        "\xC0",
                                        "\xC0\xAE",
                                        "\xC1\xBF",
                                        "\xE0\x80\xAF",
                                        "\xE0\x9F\xBF",
                                        "\xED\xA0\x80",
                                        "\xED\xBF\xBF",
                                        "\xF0\x8F\xBF\xBF",
                                        "\xF4\x90\x80\x80",
                                        "\xF5",
                                        "\xFF",
                                        "\xE2\x82",
                                        "\xF0\x9F\x98",
                                        "\xF0\x9F",
                                        "\xF8\x88\x80\x80\x80"};

std::string RandomInput(std::mt19937_64& rng) {
  switch (rng() % 5) {
    case 0:
    case 1: {
      // Mixed valid text with a few mutations.
      const std::string valid = RandomValidUtf8(rng, rng() % 120);
      return MutateUtf8(rng, valid, static_cast<int>(rng() % 4));
    }
    case 2: {
      // Long ASCII with one mutation: the SIMD kernels' block paths.
      std::string ascii(64 + rng() % 400, 'x');
      for (char& c : ascii) c = static_cast<char>(0x20 + rng() % 0x5F);
      return MutateUtf8(rng, ascii, 1);
    }
    case 3: {
      // Uniform random bytes.
      std::string bytes(rng() % 12, '\0');
      for (char& c : bytes) c = static_cast<char>(rng());
      return bytes;
    }
    default: {
      std::string out;
      const int n = static_cast<int>(rng() % 24);
      for (int i = 0; i < n; ++i)
        out.append(kPieces[rng() % std::size(kPieces)]);
      return out;
    }
  }
}

TEST(IcuDifferential, RandomAndMutatedInputs) {
  std::mt19937_64 rng(0x75386775617264);  // fixed seed: deterministic
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  MismatchLog log;
  constexpr int kInputs = 300000;
  int invalid = 0;
  for (int i = 0; i < kInputs; ++i) {
    const std::string in = RandomInput(rng);
    const IcuVerdict icu = IcuValidate(in);
    invalid += !icu.ok;
    for (Utf8Kernel k : kernels) {
      const Utf8Result r = ValidateUtf8With(k, in);
      if (!Agrees(icu, r, in.size())) {
        log.Add(absl::StrFormat("%s on %s: ICU %s, ours %s", Utf8KernelName(k),
                                ToHex(in), IcuString(icu),
                                Utf8ResultString(r)));
      }
    }
    const Utf8Result r = ValidateUtf8(in);
    if (!Agrees(icu, r, in.size())) {
      log.Add(absl::StrFormat("ValidateUtf8 on %s: ICU %s, ours %s", ToHex(in),
                              IcuString(icu), Utf8ResultString(r)));
    }
    const std::string lossy = ToUtf8Lossy(in);
    if (lossy != IcuLossy(in)) {
      log.Add(absl::StrFormat("ToUtf8Lossy on %s: ICU %s, ours %s", ToHex(in),
                              ToHex(IcuLossy(in)), ToHex(lossy)));
    }
  }
  log.ExpectNone("ICU vs u8guard");
  // Both verdicts occur often enough for the comparison to mean something.
  EXPECT_GT(invalid, kInputs / 4);
  EXPECT_LT(invalid, kInputs * 9 / 10);
}

}  // namespace
}  // namespace u8guard
