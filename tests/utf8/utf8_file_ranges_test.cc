// SPDX-License-Identifier: Apache-2.0
// Validation of a file in ranges by several threads (src/utf8/file_ranges.h,
// Utf8FileOptions::threads): the answer is the reference decoder's on the
// whole file wherever the cuts fall, against the utf8tests corpus and
// Markus Kuhn's UTF-8-test.txt cut at every offset; a cut past the end of
// the file; and ValidateUtf8File with threads on files large enough to be
// cut.

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "src/utf8/file_ranges.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"
#include "u8guard/utf8_file.h"

namespace u8guard {
namespace {

using ::u8guard::testing::LoadUtf8TestsCases;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::SampledUnderSanitizer;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;
using ::u8guard::testing::WriteFileOrDie;

// An open file with the given bytes, closed on destruction.
class TempFile {
 public:
  TempFile(const ScopedTempDir& dir, std::string_view bytes)
      : path_(dir.File("ranges")) {
    WriteFileOrDie(path_, bytes);
    fd_ = open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  }
  ~TempFile() {
    if (fd_ >= 0) close(fd_);
  }
  int fd() const { return fd_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// The file's answer with these cuts, or a description of the read error.
std::string WithCuts(int fd, std::vector<uint64_t> cuts) {
  const absl::StatusOr<Utf8Result> r = internal::ValidateUtf8FileCuts(fd, cuts);
  if (!r.ok()) return r.status().ToString();
  return Utf8ResultString(*r);
}

bool IsAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<uint8_t>(c) >= 0x80) return false;
  }
  return true;
}

// Checks `bytes` with one cut at every offset, and with two and three cuts
// a few bytes apart, against ValidateUtf8Reference. Returns the number of
// cut sets tried. Under AddressSanitizer each offset gets one of the four
// sets of cuts, in turn (every offset still cut, every set still tried).
int CheckEveryCut(const ScopedTempDir& dir, std::string_view bytes,
                  const std::string& what) {
  const std::string want = Utf8ResultString(ValidateUtf8Reference(bytes));
  TempFile file(dir, bytes);
  EXPECT_GE(file.fd(), 0);
  int tried = 0;
  for (uint64_t c = 0; c <= bytes.size() + 1; ++c) {
    uint64_t set = 0;
    for (const std::vector<uint64_t>& cuts :
         {std::vector<uint64_t>{c}, std::vector<uint64_t>{c, c + 1},
          std::vector<uint64_t>{c, c + 2, c + 3},
          std::vector<uint64_t>{c, c + 4, c + 8}}) {
      if (testing::kAddressSanitizer && (c + bytes.size()) % 4 != set++) {
        continue;
      }
      ++tried;
      const std::string got = WithCuts(file.fd(), cuts);
      if (got != want) {
        ADD_FAILURE() << what << " (" << ToHex(bytes) << ") cut at " << cuts[0]
                      << " (" << cuts.size() << " cuts): " << got << ", want "
                      << want;
        return tried;
      }
    }
  }
  return tried;
}

TEST(Utf8FileRanges, EveryCutOfEveryUtf8TestsCase) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.txt");
  ScopedTempDir dir;
  int tried = 0;
  for (const auto& c : LoadUtf8TestsCases()) {
    // Valid text around the case, so that cuts land before and after it.
    const std::string bytes =
        absl::StrCat("ab\xC3\xA9\xE2\x82\xAC", c.bytes, "\xF0\x9F\x98\x80z");
    tried += CheckEveryCut(dir, bytes, "utf8tests " + c.id);
    tried += CheckEveryCut(dir, c.bytes, "utf8tests " + c.id + " alone");
  }
  EXPECT_GT(tried, testing::kAddressSanitizer ? 2500 : 10000);
}

TEST(Utf8FileRanges, EveryCutOfEveryKuhnLine) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/UTF-8-test.txt");
  ScopedTempDir dir;
  const std::vector<std::string> lines =
      SplitLines(ReadFileOrDie(SharedPath("testdata/UTF-8-test.txt")));
  int invalid = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (IsAscii(lines[i])) continue;  // nothing for a cut to move over
    if (!ValidateUtf8(lines[i]).ok()) ++invalid;
    CheckEveryCut(dir, lines[i], absl::StrCat("UTF-8-test.txt line ", i + 1));
  }
  EXPECT_GT(invalid, 50);  // the file is mostly a collection of errors
}

TEST(Utf8FileRanges, CutsThroughRunsOfContinuationBytes) {
  // Four or more continuation bytes in a row: the cut moves at most three
  // bytes, and the range before it, or the one after, reports the stray byte.
  ScopedTempDir dir;
  for (int run = 1; run <= 6; ++run) {
    for (const std::string lead : {"", "\xC3", "\xE2", "\xF0", "\xF4"}) {
      const std::string bytes =
          absl::StrCat("abc", lead, std::string(run, '\x80'), "\x90xyz");
      CheckEveryCut(dir, bytes, absl::StrCat("run ", run));
    }
  }
}

TEST(Utf8FileRanges, CutPastTheEndIsOneRange) {
  ScopedTempDir dir;
  const std::string bytes = "caf\xC3\xA9 \xED\xA0\x80!";
  TempFile file(dir, bytes);
  const std::string want = Utf8ResultString(ValidateUtf8Reference(bytes));
  for (uint64_t cut : {uint64_t{bytes.size() - 3}, uint64_t{bytes.size()},
                       uint64_t{1} << 40}) {
    EXPECT_EQ(WithCuts(file.fd(), {2, cut}), want) << cut;
  }
}

TEST(Utf8FileRanges, RangeCountFollowsSizeThreadsAndTheCap) {
  constexpr uint64_t kMiB = uint64_t{1} << 20;
  EXPECT_EQ(internal::RangeCount(31 * kMiB, 8), 1);
  EXPECT_EQ(internal::RangeCount(32 * kMiB, 8), 2);
  EXPECT_EQ(internal::RangeCount(1024 * kMiB, 3), 3);
  EXPECT_EQ(internal::RangeCount(1024 * kMiB, 64), internal::kMaxRanges);
  EXPECT_EQ(internal::RangeCount(1024 * kMiB, 1), 1);
}

// A file of 40 MiB: ValidateUtf8File with 2, 3 and one-per-CPU threads
// gives the in-order answer, with errors near the cuts and far from them.
TEST(Utf8FileRanges, ThreadedFileValidationMatchesReadingInOrder) {
  ScopedTempDir dir;
  const std::string path = dir.File("big");
  std::string text;
  const std::string unit = "x\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";  // 10 B
  while (text.size() < (size_t{40} << 20)) text += unit;
  std::vector<size_t> spots = {text.size() / 2, text.size() / 3,
                               text.size() * 2 / 3, text.size() - 2, 5};
  size_t combination = 0;
  for (size_t spot : spots) {
    for (const std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\x80", "\xF0"}) {
      // Under a sanitizer, 4 of the 20 (each spot, each bad sequence).
      if (!SampledUnderSanitizer(combination++, 5)) continue;
      std::string bytes = text;
      bytes.replace(spot, bad.size(), bad);
      WriteFileOrDie(path, bytes);
      const absl::StatusOr<Utf8Result> in_order = ValidateUtf8File(path);
      ASSERT_TRUE(in_order.ok()) << in_order.status();
      EXPECT_EQ(*in_order, ValidateUtf8Reference(bytes));
      for (int threads : {2, 3, 0}) {
        const absl::StatusOr<Utf8Result> r =
            ValidateUtf8File(path, {.threads = threads});
        ASSERT_TRUE(r.ok()) << r.status();
        EXPECT_EQ(*r, *in_order)
            << "threads " << threads << ", " << ToHex(bad) << " at " << spot;
      }
    }
  }
  WriteFileOrDie(path, text);
  const absl::StatusOr<Utf8Result> r = ValidateUtf8File(path, {.threads = 4});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, (Utf8Result{text.size(), Utf8ErrorKind::kNone, 0}));
}

TEST(Utf8FileRanges, NegativeThreadsIsInvalidArgument) {
  ScopedTempDir dir;
  const std::string path = dir.File("small");
  WriteFileOrDie(path, "ok");
  const absl::StatusOr<Utf8Result> r = ValidateUtf8File(path, {.threads = -1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace u8guard
