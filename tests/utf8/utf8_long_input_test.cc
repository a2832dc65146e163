// SPDX-License-Identifier: Apache-2.0
// Long inputs through every kernel: ASCII runs long enough for the kernels'
// run-skipping (aligned 256-byte steps) with one error or one multi-byte
// character placed at a random position, at every buffer misalignment 0..7,
// against the reference decoder.

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

TEST(Utf8LongInput, ErrorsAfterLongAsciiRunsAgreeWithTheReference) {
  std::mt19937_64 rng(20261122);
  int compared = 0;
  for (int it = 0; it < 600; ++it) {
    const size_t n = 600 + rng() % (1 << 15);
    std::string text(n, 'a');
    const size_t pos = rng() % n;
    switch (rng() % 5) {
      case 0:
        text[pos] = '\xFF';  // invalid byte
        break;
      case 1:
        text[pos] = '\xE2';  // truncated or missing continuation
        break;
      case 2:
        text[pos] = '\x80';  // stray continuation
        break;
      case 3:
        if (pos + 2 < n) text.replace(pos, 3, "\xE2\x82\xAC");  // valid €
        break;
      default:
        if (pos + 1 < n) text.replace(pos, 2, "\xC0\xAE");  // overlong '.'
        break;
    }
    const size_t misalign = rng() % 8;
    const std::string buffer = std::string(misalign, 'x') + text;
    const std::string_view in = std::string_view(buffer).substr(misalign);
    const Utf8Result want = ValidateUtf8Reference(in);
    for (Utf8Kernel k : testing::SupportedKernels()) {
      EXPECT_EQ(ValidateUtf8With(k, in), want)
          << Utf8KernelName(k) << " n=" << n << " pos=" << pos;
      ++compared;
    }
  }
  EXPECT_GE(compared, 600);
}

}  // namespace
}  // namespace u8guard
