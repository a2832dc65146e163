// SPDX-License-Identifier: Apache-2.0
// Every kernel against hand-derived expectations (and the reference decoder)
// for bad and good byte patterns placed at every offset 0..191 of ASCII and
// multi-byte text, at every buffer alignment 0..63: errors at, before and
// after the 16/32/64-byte vector and block boundaries, sequences straddling
// them, and sequences left unfinished exactly at the end of the input.
//
// Each input is copied to the very end of its own heap block, so that
// AddressSanitizer reports any read past the input, and the bytes in front of
// it hold lead bytes, so that a kernel that looks before the input gets a
// wrong answer.

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::FromHex;
using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::SupportedKernels;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;

constexpr Utf8ErrorKind kOk = Utf8ErrorKind::kNone;
constexpr Utf8ErrorKind kInvalid = Utf8ErrorKind::kInvalidByte;
constexpr Utf8ErrorKind kStray = Utf8ErrorKind::kUnexpectedContinuation;
constexpr Utf8ErrorKind kMissing = Utf8ErrorKind::kMissingContinuation;
constexpr Utf8ErrorKind kTrunc = Utf8ErrorKind::kTruncated;
constexpr Utf8ErrorKind kOverlong = Utf8ErrorKind::kOverlong;
constexpr Utf8ErrorKind kSurrogate = Utf8ErrorKind::kSurrogate;
constexpr Utf8ErrorKind kAbove = Utf8ErrorKind::kAboveMax;

// Where a pattern's first error is, relative to the pattern's first byte;
// kind kOk means the pattern is valid.
struct Rel {
  size_t offset;
  Utf8ErrorKind kind;
  uint8_t error_len;
};

struct Pattern {
  std::string_view hex;
  Rel followed;  // followed by ASCII or a lead byte
  Rel at_end;    // the last bytes of the input
};

// From RFC 3629 §4 and Unicode §3.9 (maximal subparts), by hand.
const Pattern kPatterns[] = {
    {"FF", {0, kInvalid, 1}, {0, kInvalid, 1}},
    {"FE", {0, kInvalid, 1}, {0, kInvalid, 1}},
    {"80", {0, kStray, 1}, {0, kStray, 1}},
    {"BF", {0, kStray, 1}, {0, kStray, 1}},
    {"C0 AE", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"C1 BF", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"C0", {0, kInvalid, 1}, {0, kInvalid, 1}},
    {"C2", {0, kMissing, 1}, {0, kTrunc, 0}},
    {"E2 82", {0, kMissing, 2}, {0, kTrunc, 0}},
    {"E2 82 41", {0, kMissing, 2}, {0, kMissing, 2}},
    {"E0 80 80", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"E0 9F BF", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"ED A0 80", {0, kSurrogate, 1}, {0, kSurrogate, 1}},
    {"ED BF BF", {0, kSurrogate, 1}, {0, kSurrogate, 1}},
    {"F0 80 80 80", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"F0 8F BF BF", {0, kOverlong, 1}, {0, kOverlong, 1}},
    {"F4 90 80 80", {0, kAbove, 1}, {0, kAbove, 1}},
    {"F5 80 80 80", {0, kInvalid, 1}, {0, kInvalid, 1}},
    {"F8 88 80 80 80", {0, kInvalid, 1}, {0, kInvalid, 1}},
    {"F0 9F 98 41", {0, kMissing, 3}, {0, kMissing, 3}},
    {"F0 9F 98", {0, kMissing, 3}, {0, kTrunc, 0}},
    {"F0 9F", {0, kMissing, 2}, {0, kTrunc, 0}},
    {"F0", {0, kMissing, 1}, {0, kTrunc, 0}},
    {"F4 8F BF", {0, kMissing, 3}, {0, kTrunc, 0}},
    {"E2 82 AC 80", {3, kStray, 1}, {3, kStray, 1}},
    {"F0 9F 98 80 BF", {4, kStray, 1}, {4, kStray, 1}},
    {"ED 9F BF FF", {3, kInvalid, 1}, {3, kInvalid, 1}},
    {"C3 A9 E0 A0", {2, kMissing, 2}, {2, kTrunc, 0}},
    // Valid patterns: the whole input is valid.
    {"F4 8F BF BF", {0, kOk, 0}, {0, kOk, 0}},
    {"F0 90 80 80", {0, kOk, 0}, {0, kOk, 0}},
    {"ED 9F BF", {0, kOk, 0}, {0, kOk, 0}},
    {"EE 80 80", {0, kOk, 0}, {0, kOk, 0}},
    {"EF BF BF", {0, kOk, 0}, {0, kOk, 0}},
    {"E0 A0 80", {0, kOk, 0}, {0, kOk, 0}},
    {"C2 80", {0, kOk, 0}, {0, kOk, 0}},
    {"DF BF", {0, kOk, 0}, {0, kOk, 0}},
    {"EF BB BF", {0, kOk, 0}, {0, kOk, 0}},
    {"00", {0, kOk, 0}, {0, kOk, 0}},
};

// Text the patterns are embedded in: ASCII, 2-, 3- and 4-byte characters.
const std::vector<std::string> kFillers = {
    " ", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
    "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"};

// Exactly `n` bytes of valid text made of `filler`; when the filler does not
// divide n, shorter characters (3-, 2-, 1-byte) make up the rest.
std::string ValidText(const std::string& filler, size_t n) {
  std::string out;
  while (out.size() + filler.size() <= n) out += filler;
  for (std::string_view pad : {"\xE2\x82\xAC", "\xC3\xA9", "a"}) {
    while (out.size() + pad.size() <= n) out.append(pad);
  }
  return out;
}

// A copy of some bytes at `align` bytes past a 64-byte boundary and at the
// very end of its own heap block; the bytes before it are F0 lead bytes.
class PlacedInput {
 public:
  PlacedInput(std::string_view bytes, size_t align)
      : size_(align + bytes.size()),
        block_(static_cast<char*>(
            ::operator new (size_ == 0 ? 1 : size_, std::align_val_t{64}))),
        view_(block_ + align, bytes.size()) {
    std::fill(block_, block_ + align, '\xF0');
    std::copy(bytes.begin(), bytes.end(), block_ + align);
  }
  ~PlacedInput() { ::operator delete (block_, std::align_val_t{64}); }
  PlacedInput(const PlacedInput&) = delete;
  PlacedInput& operator=(const PlacedInput&) = delete;
  std::string_view view() const { return view_; }

 private:
  size_t size_;
  char* block_;
  std::string_view view_;
};

// Checks `in` with every kernel and ValidateUtf8 at every alignment 0..63
// against `want`; and the reference decoder once.
void CheckAllKernels(std::string_view in, const Utf8Result& want,
                     MismatchLog& log) {
  const Utf8Result ref = ValidateUtf8Reference(in);
  if (!(ref == want)) {
    log.Add(absl::StrFormat("reference on %s: want %s, got %s", ToHex(in),
                            Utf8ResultString(want), Utf8ResultString(ref)));
  }
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  for (size_t align = 0; align < 64; ++align) {
    const PlacedInput placed(in, align);
    for (Utf8Kernel k : kernels) {
      const Utf8Result got = ValidateUtf8With(k, placed.view());
      if (!(got == want)) {
        log.Add(absl::StrFormat("%s at alignment %d on %s: want %s, got %s",
                                Utf8KernelName(k), align, ToHex(in),
                                Utf8ResultString(want), Utf8ResultString(got)));
      }
    }
    const Utf8Result got = ValidateUtf8(placed.view());
    if (!(got == want)) {
      log.Add(absl::StrFormat(
          "ValidateUtf8 at alignment %d on %s: want %s, "
          "got %s",
          align, ToHex(in), Utf8ResultString(want), Utf8ResultString(got)));
    }
  }
}

// The expected result of valid text of `offset` bytes, the pattern, and
// valid text of `tail` bytes.
Utf8Result Expected(const Pattern& p, size_t offset, size_t tail,
                    size_t total) {
  const Rel& rel = tail == 0 ? p.at_end : p.followed;
  if (rel.kind == kOk) return {total, kOk, 0};
  return {offset + rel.offset, rel.kind, rel.error_len};
}

class PatternAtEveryOffset : public ::testing::TestWithParam<size_t> {};

TEST_P(PatternAtEveryOffset, EveryKernelEveryAlignment) {
  const std::string& filler = kFillers[GetParam()];
  MismatchLog log;
  size_t inputs = 0;
  for (const Pattern& p : kPatterns) {
    const std::string pattern = FromHex(p.hex);
    for (size_t offset = 0; offset < 192; ++offset) {
      // No tail (the pattern ends the input), a short one, and one that
      // carries the input across the next block boundary.
      for (size_t tail : {size_t{0}, size_t{1}, size_t{5}, size_t{70}}) {
        const std::string in =
            ValidText(filler, offset) + pattern + ValidText(filler, tail);
        ASSERT_EQ(in.size(), offset + pattern.size() + tail);
        CheckAllKernels(in, Expected(p, offset, tail, in.size()), log);
        ++inputs;
      }
    }
  }
  log.ExpectNone(absl::StrFormat("filler %s", ToHex(filler)));
  EXPECT_EQ(inputs, std::size(kPatterns) * 192 * 4);
}

std::string FillerName(const ::testing::TestParamInfo<size_t>& info) {
  constexpr std::string_view kNames[] = {"Ascii", "TwoByte", "ThreeByte",
                                         "FourByte", "Mixed"};
  return std::string(kNames[info.param]);
}

INSTANTIATE_TEST_SUITE_P(Fillers, PatternAtEveryOffset,
                         ::testing::Range(size_t{0}, kFillers.size()),
                         FillerName);

TEST(KernelBoundary, SixtyThreeSpacesThenFF) {
  MismatchLog log;
  const std::string in = std::string(63, ' ') + "\xFF";
  CheckAllKernels(in, {63, kInvalid, 1}, log);
  CheckAllKernels(in + "abc", {63, kInvalid, 1}, log);
  CheckAllKernels(std::string(64, ' ') + "\xFF", {64, kInvalid, 1}, log);
  log.ExpectNone("spaces then FF");
}

TEST(KernelBoundary, SequenceStraddlingBlockBoundary) {
  MismatchLog log;
  for (size_t block_end : {size_t{16}, size_t{32}, size_t{64}, size_t{128}}) {
    // A 4-byte character with 1, 2 or 3 of its bytes before the boundary.
    for (size_t before = 1; before <= 3; ++before) {
      const std::string head(block_end - before, 'x');
      const std::string smile = "\xF0\x9F\x98\x80";
      CheckAllKernels(head + smile + "yz", {head.size() + 6, kOk, 0}, log);
      // The same with its last byte bad, or cut off at the end.
      CheckAllKernels(head + "\xF0\x9F\x98" + "z", {head.size(), kMissing, 3},
                      log);
      CheckAllKernels(head + smile.substr(0, before), {head.size(), kTrunc, 0},
                      log);
      CheckAllKernels(head + "\xF4\x90\x80\x80", {head.size(), kAbove, 1}, log);
    }
  }
  log.ExpectNone("straddling sequences");
}

TEST(KernelBoundary, IncompleteSequenceExactlyAtEndOfBlock) {
  MismatchLog log;
  for (size_t size : {size_t{64}, size_t{128}, size_t{192}}) {
    for (std::string_view tail :
         {"\xC3", "\xE2\x82", "\xE2", "\xF0\x9F\x98", "\xF0\x9F", "\xF0"}) {
      std::string in(size - tail.size(), 'q');
      in.append(tail);
      ASSERT_EQ(in.size(), size);
      CheckAllKernels(in, {size - tail.size(), kTrunc, 0}, log);
      // And the same tail with the input continuing into the next block.
      CheckAllKernels(
          in + "q",
          {size - tail.size(), kMissing, static_cast<uint8_t>(tail.size())},
          log);
    }
  }
  log.ExpectNone("incomplete at end of block");
}

TEST(KernelBoundary, ValidTextOfEveryLength) {
  MismatchLog log;
  for (const std::string& filler : kFillers) {
    for (size_t n = 0; n <= 300; ++n) {
      const std::string in = ValidText(filler, n);
      CheckAllKernels(in, {n, kOk, 0}, log);
    }
  }
  log.ExpectNone("valid text");
}

// Long valid inputs with a single error in their last bytes: the kernels
// must carry state across many blocks and locate the error exactly.
TEST(KernelBoundary, ErrorNearEndOfLongInput) {
  MismatchLog log;
  for (const std::string& filler : kFillers) {
    for (size_t size : {size_t{1024}, size_t{4096} + 17}) {
      for (size_t back = 1; back <= 12; ++back) {
        const std::string in = ValidText(filler, size - back) + "\xC0\xAF" +
                               ValidText(filler, back);
        CheckAllKernels(in, {size - back, kOverlong, 1}, log);
      }
      const std::string valid = ValidText(filler, size);
      CheckAllKernels(valid, {size, kOk, 0}, log);
    }
  }
  log.ExpectNone("long input");
}

// Every input length 0..130 with one pattern at every position: the short
// path (up to 64 bytes: masked loads, or the string right-aligned in its
// block from overlapping loads, with word loads under 16 bytes) and the long
// path's overlapping last block, whose context comes from a 4-byte load when
// it starts within the first vector. Hand-derived expectations as above; the
// alignment varies from case to case.
class EveryLengthEveryPosition : public ::testing::TestWithParam<size_t> {};

TEST_P(EveryLengthEveryPosition, EveryKernel) {
  const std::string& filler = kFillers[GetParam()];
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  MismatchLog log;
  size_t inputs = 0;
  size_t errors = 0;
  for (size_t n = 0; n <= 130; ++n) {
    for (const Pattern& p : kPatterns) {
      const std::string pattern = FromHex(p.hex);
      if (pattern.size() > n) continue;
      for (size_t offset = 0; offset + pattern.size() <= n; ++offset) {
        const size_t tail = n - offset - pattern.size();
        const std::string in =
            ValidText(filler, offset) + pattern + ValidText(filler, tail);
        ASSERT_EQ(in.size(), n);
        const Utf8Result want = Expected(p, offset, tail, n);
        const Utf8Result ref = ValidateUtf8Reference(in);
        if (!(ref == want)) {
          log.Add(absl::StrFormat("reference on %s: want %s, got %s", ToHex(in),
                                  Utf8ResultString(want),
                                  Utf8ResultString(ref)));
        }
        const size_t align = (n * 7 + offset * 3 + inputs) % 64;
        const PlacedInput placed(in, align);
        for (Utf8Kernel k : kernels) {
          const Utf8Result got = ValidateUtf8With(k, placed.view());
          if (!(got == want)) {
            log.Add(absl::StrFormat(
                "%s at alignment %d on %s (%d bytes): want %s, got %s",
                Utf8KernelName(k), align, ToHex(in), n, Utf8ResultString(want),
                Utf8ResultString(got)));
          }
        }
        ++inputs;
        if (!want.ok()) ++errors;
      }
    }
  }
  log.ExpectNone(absl::StrFormat("filler %s", ToHex(filler)));
  // Every length with every pattern that fits, at every position.
  EXPECT_GT(inputs, 131u * 130 / 2 * 30);
  EXPECT_GT(errors, inputs / 2);
}

INSTANTIATE_TEST_SUITE_P(Fillers, EveryLengthEveryPosition,
                         ::testing::Range(size_t{0}, kFillers.size()),
                         FillerName);

// Inputs of 1 KiB and more: the kernels check the first 64-byte block where
// it is, then continue from the first 64-byte boundary (re-checking the
// overlap with the bytes before the boundary as context), and test errors
// once per group of four blocks. A block that starts three bytes or more
// into the input reads its context, the three bytes before each vector,
// from memory again; one that starts one or two bytes in (alignments 62
// and 63) takes it from the vectors already loaded. Every pattern at every
// offset up to 200 (the first block, the overlap, the first groups) and at
// every 61st offset after, at every alignment 0..63.
class LongInputEveryAlignment : public ::testing::TestWithParam<size_t> {};

TEST_P(LongInputEveryAlignment, EveryKernel) {
  const std::string& filler = kFillers[GetParam()];
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  MismatchLog log;
  size_t inputs = 0;
  for (size_t n : {size_t{1024}, size_t{1024 + 300 + 37}}) {
    for (const Pattern& p : kPatterns) {
      const std::string pattern = FromHex(p.hex);
      for (size_t offset = 0; offset + pattern.size() <= n;
           offset += offset < 200 ? 1 : 61) {
        const size_t tail = n - offset - pattern.size();
        const std::string in =
            ValidText(filler, offset) + pattern + ValidText(filler, tail);
        ASSERT_EQ(in.size(), n);
        const Utf8Result want = Expected(p, offset, tail, n);
        for (size_t align = 0; align < 64; ++align) {
          const PlacedInput placed(in, align);
          for (Utf8Kernel k : kernels) {
            const Utf8Result got = ValidateUtf8With(k, placed.view());
            if (!(got == want)) {
              log.Add(absl::StrFormat(
                  "%s at alignment %d, %d bytes, %s at %d: want %s, got %s",
                  Utf8KernelName(k), align, n, p.hex, offset,
                  Utf8ResultString(want), Utf8ResultString(got)));
            }
          }
        }
        ++inputs;
      }
    }
  }
  log.ExpectNone(absl::StrFormat("filler %s", ToHex(filler)));
  EXPECT_GT(inputs, std::size(kPatterns) * 2 * 200);
}

INSTANTIATE_TEST_SUITE_P(Fillers, LongInputEveryAlignment,
                         ::testing::Range(size_t{0}, kFillers.size()),
                         FillerName);

// Inputs that begin right after, or end right before, a page the process
// cannot read: a kernel that reads one byte outside its input (say, the
// context before the first block from memory) faults. AddressSanitizer
// cannot show this for the bytes before an input that is not 8-byte
// aligned, and PlacedInput's lead bytes only show reads that change the
// answer.
TEST(KernelBoundary, NoByteOutsideTheInputIsRead) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  // [no access][two pages][no access]
  void* const m = mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(m, MAP_FAILED);
  char* const base = static_cast<char*>(m);
  ASSERT_EQ(mprotect(base, page, PROT_NONE), 0);
  ASSERT_EQ(mprotect(base + 3 * page, page, PROT_NONE), 0);
  char* const first = base + page;
  char* const end = base + 3 * page;
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  MismatchLog log;
  size_t checked = 0;
  for (const std::string& filler : kFillers) {
    for (size_t n : {size_t{1}, size_t{3}, size_t{17}, size_t{64}, size_t{65},
                     size_t{1024}, size_t{1024 + 61}, 2 * page}) {
      const std::string in = ValidText(filler, n);
      for (char* at : {first, end - n}) {
        std::memcpy(at, in.data(), n);
        const std::string_view view(at, n);
        for (Utf8Kernel k : kernels) {
          const Utf8Result got = ValidateUtf8With(k, view);
          if (!(got == Utf8Result{n, kOk, 0})) {
            log.Add(absl::StrFormat("%s on %d bytes of %s at %s: got %s",
                                    Utf8KernelName(k), n, ToHex(filler),
                                    at == first ? "the start" : "the end",
                                    Utf8ResultString(got)));
          }
          ++checked;
        }
      }
    }
  }
  ASSERT_EQ(munmap(m, 4 * page), 0);
  log.ExpectNone("inputs next to unreadable pages");
  EXPECT_EQ(checked, kFillers.size() * 8 * 2 * kernels.size());
}

// Short strings whose bytes right after the end, or right before the start,
// would complete or spoil them if a kernel read them: the string is carved
// out of a larger valid (or invalid) buffer, and must be judged on its own
// bytes only.
TEST(KernelBoundary, ShortStringsIgnoreNeighbouringBytes) {
  MismatchLog log;
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  const std::string smile = "\xF0\x9F\x98\x80";
  for (size_t n = 1; n <= 70; ++n) {
    for (size_t cut = 1; cut <= 3; ++cut) {
      // n bytes ending `cut` bytes into a 4-byte character: truncated, even
      // though the character's other bytes follow in memory.
      const std::string body = ValidText("a", n - std::min(n, cut));
      const std::string buffer =
          "\xF0\x9F\x98" + body + smile + std::string(64, 'z');
      const std::string_view in =
          std::string_view(buffer).substr(3, body.size() + cut);
      const Utf8Result want = n >= cut ? Utf8Result{body.size(), kTrunc, 0}
                                       : ValidateUtf8Reference(in);
      for (Utf8Kernel k : kernels) {
        const Utf8Result got = ValidateUtf8With(k, in);
        if (!(got == want)) {
          log.Add(absl::StrFormat(
              "%s on %d bytes cut %d: want %s, got %s", Utf8KernelName(k),
              in.size(), cut, Utf8ResultString(want), Utf8ResultString(got)));
        }
      }
    }
    // n valid bytes that begin with continuation bytes of a character that
    // starts before them: an error at offset 0, though the bytes in front
    // would make them valid.
    const std::string buffer = smile + ValidText("a", n) + std::string(64, 'z');
    const std::string_view in = std::string_view(buffer).substr(1, n);
    for (Utf8Kernel k : kernels) {
      const Utf8Result got = ValidateUtf8With(k, in);
      if (!(got == Utf8Result{0, kStray, 1})) {
        log.Add(absl::StrFormat("%s on %d bytes after a lead: got %s",
                                Utf8KernelName(k), n, Utf8ResultString(got)));
      }
    }
  }
  log.ExpectNone("neighbouring bytes");
}

// ValidateUtf8With takes any value of the enum's type: one that names no
// kernel runs the scalar kernel, through an entry of a table of all 256
// values (a smaller table would be read past its end: a crash, or an
// AddressSanitizer report in the sanitizer build).
TEST(KernelBoundary, ValueNamingNoKernelRunsTheScalarKernel) {
  const std::string inputs[] = {
      "",
      "plain ascii",
      std::string(100, 'a') + "\xC3\xA9" + std::string(100, 'b'),
      "caf\xC3\xA9 \xE6\x97\xA5\xF0\x9F\x98\x80",
      std::string(70, 'x') + "\xED\xA0\x80",  // a surrogate
      "\xC0\xAF",                             // overlong
      "ab\xE2\x82",                           // cut off at the end
  };
  for (int v = static_cast<int>(Utf8Kernel::kAvx512Vbmi) + 1; v < 256; ++v) {
    const auto kernel = static_cast<Utf8Kernel>(v);
    for (const std::string& in : inputs) {
      const Utf8Result want = ValidateUtf8With(Utf8Kernel::kScalar, in);
      const Utf8Result got = ValidateUtf8With(kernel, in);
      EXPECT_EQ(Utf8ResultString(got), Utf8ResultString(want))
          << "kernel value " << v << ", input " << ToHex(in);
      EXPECT_EQ(Utf8ResultString(got),
                Utf8ResultString(ValidateUtf8Reference(in)));
    }
  }
}

// ValidateUtf8With<kernel>(bytes), the entry for a kernel named at compile
// time, gives what ValidateUtf8With(kernel, bytes) and the reference give:
// on every input of up to two bytes, and on strings long enough for every
// kernel's vector loop and tail. Covers every enumerator, supported here or
// not (one the CPU lacks runs the scalar kernel through both entries).
template <Utf8Kernel kKernel>
void ExpectCompileTimeEntryAgrees(MismatchLog& log) {
  std::vector<std::string> inputs = {
      std::string(200, 'a') + "\xC3\xA9" + std::string(100, 'b'),
      std::string(63, 'x') + "\xF0\x9F\x98\x80" + std::string(64, 'y'),
      std::string(70, 'x') + "\xED\xA0\x80",  // a surrogate
      std::string(129, 'x') + "\xE2\x82",     // cut off at the end
  };
  for (int a = 0; a < 256; ++a) {
    inputs.push_back(std::string(1, static_cast<char>(a)));
    for (int b = 0; b < 256; ++b) {
      inputs.push_back({static_cast<char>(a), static_cast<char>(b)});
    }
  }
  for (const std::string& in : inputs) {
    const Utf8Result want = ValidateUtf8Reference(in);
    const Utf8Result runtime = ValidateUtf8With(kKernel, in);
    const Utf8Result got = ValidateUtf8With<kKernel>(in);
    if (!(got == want) || !(runtime == want)) {
      log.Add(absl::StrFormat("%s on %s: want %s, <kernel> %s, (kernel) %s",
                              Utf8KernelName(kKernel), ToHex(in),
                              Utf8ResultString(want), Utf8ResultString(got),
                              Utf8ResultString(runtime)));
    }
  }
}

TEST(KernelBoundary, CompileTimeEntryAgreesWithRuntimeEntry) {
  MismatchLog log;
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kAuto>(log);
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kScalar>(log);
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kSse42>(log);
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kAvx2>(log);
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kAvx512>(log);
  ExpectCompileTimeEntryAgrees<Utf8Kernel::kAvx512Vbmi>(log);
  log.ExpectNone("compile-time kernel entries");
}

}  // namespace
}  // namespace u8guard
