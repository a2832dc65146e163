// SPDX-License-Identifier: Apache-2.0
// Validation of a mapped file (Utf8FileOptions::map, src/utf8/range_feed.h,
// src/utf8/mapped_read.h): the answer is the reference decoder's wherever a
// sequence falls against a window boundary (the utf8tests corpus placed
// across one at every offset); a file truncated while it is mapped, before,
// inside and at the end of the window being read, gives the answer for the
// bytes the file still holds and does not end the process; a handler the
// program installs afterwards turns mapping off. (SIGBUS that is not a
// mapped read's: utf8_sigbus_chain_test.cc.)

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "src/utf8/file_ranges.h"
#include "src/utf8/mapped_read.h"
#include "src/utf8/range_feed.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"
#include "u8guard/utf8_file.h"

namespace u8guard {
namespace {

using ::u8guard::testing::LoadUtf8TestsCases;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::SampledUnderSanitizer;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;
using ::u8guard::testing::WriteFileOrDie;

const size_t kPage = static_cast<size_t>(sysconf(_SC_PAGESIZE));

// A file with the given bytes, open for reading, closed on destruction.
class OpenFile {
 public:
  OpenFile(const std::string& path, std::string_view bytes) : path_(path) {
    WriteFileOrDie(path_, bytes);
    fd_ = open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  }
  ~OpenFile() {
    if (fd_ >= 0) close(fd_);
  }
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// The answer for `fd` read as `reading` says, cut at `cuts`; also counts
// the windows mapped.
std::string Mapped(int fd, std::vector<uint64_t> cuts,
                   internal::RangeReading reading, int* windows = nullptr) {
  std::atomic<int> mapped{0};  // ranges after the first run in threads
  std::function<void(uint64_t)> then = reading.after_map;
  reading.after_map = [&](uint64_t at) {
    ++mapped;
    if (then) then(at);
  };
  const absl::StatusOr<Utf8Result> r =
      internal::ValidateUtf8FileCuts(fd, cuts, reading);
  if (windows != nullptr) *windows = mapped.load();
  if (!r.ok()) return r.status().ToString();
  return Utf8ResultString(*r);
}

TEST(Utf8FileMap, MapsWhenTheHandlerIsInstalled) {
  EXPECT_TRUE(internal::GuardMappedReads());
}

TEST(Utf8FileMap, WindowsShareTheBudgetInWholeHugePages) {
  constexpr size_t kMiB = size_t{1} << 20;
  EXPECT_EQ(internal::MapWindow(1), 8 * kMiB);
  EXPECT_EQ(internal::MapWindow(4), 8 * kMiB);
  EXPECT_EQ(internal::MapWindow(5), 6 * kMiB);
  EXPECT_EQ(internal::MapWindow(16), 2 * kMiB);
  for (int ranges = 1; ranges <= internal::kMaxRanges; ++ranges) {
    EXPECT_LE(internal::MapWindow(ranges) * ranges, internal::kMapBudget);
  }
}

// Every utf8tests case across a window boundary at every offset, mapped one
// page at a time, in one range and cut 5 bytes before the boundary (a range
// that starts off a page).
TEST(Utf8FileMap, EveryUtf8TestsCaseAcrossAWindowBoundary) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.txt");
  ScopedTempDir dir;
  int tried = 0;
  int windows_seen = 0;
  for (const auto& c : LoadUtf8TestsCases()) {
    for (size_t before = 1; before <= c.bytes.size() + 1; ++before) {
      // `before` bytes of the case fill the first page.
      const std::string head = absl::StrCat(
          "ab\xC3\xA9\xE2\x82\xAC", std::string(kPage - before - 7, 'a'));
      const std::string bytes =
          absl::StrCat(head, c.bytes, "z\xF0\x9F\x98\x80", std::string(9, 'q'));
      const std::string want = Utf8ResultString(ValidateUtf8Reference(bytes));
      OpenFile file(dir.File("window"), bytes);
      for (const std::vector<uint64_t>& cuts :
           {std::vector<uint64_t>{}, std::vector<uint64_t>{kPage - 5}}) {
        int windows = 0;
        const std::string got = Mapped(
            file.fd(), cuts, {.map = true, .map_window = kPage}, &windows);
        ++tried;
        windows_seen += windows;
        ASSERT_EQ(got, want)
            << "utf8tests " << c.id << " (" << ToHex(c.bytes) << ") with "
            << before << " bytes before the boundary, " << cuts.size()
            << " cuts";
      }
    }
  }
  EXPECT_GT(tried, 1000);
  EXPECT_GE(windows_seen, 2 * tried);  // it was mapped, not read
}

// Mapping where it measures faster (RangeReading::measure): a range maps its
// first whole window, reads as many bytes after it, then goes on mapping or
// reading. Whichever the verdict, and wherever the error lies (in a partial
// first window that is read, in the window measured mapped, in the one
// measured read, after them, at their boundaries), the answer is the one
// reading gives.
TEST(Utf8FileMap, MeasuringGivesTheAnswerReadingGives) {
  ScopedTempDir dir;
  const size_t kWindow = 2 * kPage;
  const size_t kSize = 7 * kWindow + 123;
  const std::string unit = "ab\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  std::string clean;
  while (clean.size() + unit.size() <= kSize) clean += unit;
  clean.resize(kSize, 'x');
  std::vector<size_t> at;
  for (size_t i = 0; i < kSize; i += 97) at.push_back(i);
  for (size_t k = 1; k * kPage < kSize; ++k) {
    for (size_t d = 0; d < 6; ++d) at.push_back(k * kPage - 3 + d);
  }
  int tried = 0;
  for (const size_t error_at : at) {
    std::string bytes = clean;
    bytes.replace(error_at, 3, "\xED\xA0\x80");         // a surrogate
    if (error_at % 3 == 1) bytes.resize(error_at + 2);  // truncated there
    const std::string want = Utf8ResultString(ValidateUtf8Reference(bytes));
    OpenFile file(dir.File("measured"), bytes);
    for (const std::vector<uint64_t>& cuts :
         {std::vector<uint64_t>{}, std::vector<uint64_t>{kPage + 100},
          std::vector<uint64_t>{kWindow, 4 * kWindow + 5}}) {
      for (const std::optional<bool> verdict :
           {std::optional<bool>(true), std::optional<bool>(false),
            std::optional<bool>()}) {
        int windows = 0;
        const std::string got = Mapped(file.fd(), cuts,
                                       {.map = true,
                                        .map_window = kWindow,
                                        .measure = true,
                                        .verdict = verdict},
                                       &windows);
        ++tried;
        ASSERT_EQ(got, want)
            << "error at " << error_at << ", " << cuts.size() << " cuts, "
            << (verdict ? (*verdict ? "map" : "read") : "timed");
      }
    }
  }
  EXPECT_GT(tried, 500);
}

// The measurement maps one window per range, and no more when reading wins.
TEST(Utf8FileMap, MeasuringMapsOneWindowWhenReadingWins) {
  ScopedTempDir dir;
  const size_t kWindow = 2 * kPage;
  OpenFile file(dir.File("ascii"), std::string(10 * kWindow, 'a'));
  const std::string want = Utf8ResultString({10 * kWindow});
  int windows = 0;
  EXPECT_EQ(Mapped(file.fd(), {},
                   {.map = true,
                    .map_window = kWindow,
                    .measure = true,
                    .verdict = false},
                   &windows),
            want);
  EXPECT_EQ(windows, 1);
  // Mapping wins: all but the window read for the measurement are mapped.
  EXPECT_EQ(Mapped(file.fd(), {},
                   {.map = true,
                    .map_window = kWindow,
                    .measure = true,
                    .verdict = true},
                   &windows),
            want);
  EXPECT_EQ(windows, 9);
  // Two ranges, the second starting inside a window: it reads to the next
  // window, maps one, reads one, then goes on reading.
  EXPECT_EQ(Mapped(file.fd(), {5 * kWindow + kPage},
                   {.map = true,
                    .map_window = kWindow,
                    .measure = true,
                    .verdict = false},
                   &windows),
            want);
  EXPECT_EQ(windows, 2);
}

// A file of five windows of two pages, truncated (by its path) right after
// window `window` is mapped and before it is read.
struct Truncation {
  int window;
  size_t new_size;
  std::string what;
};

TEST(Utf8FileMap, TruncatedWhileMappedGivesTheAnswerForWhatIsLeft) {
  ScopedTempDir dir;
  const size_t window = 2 * kPage;
  // ASCII but for sequences across page and window boundaries; a 4-byte one
  // across the first page boundary of window 2, to truncate inside it.
  std::string bytes(5 * window, 'a');
  bytes.replace(window - 1, 2, "\xC3\xA9");
  bytes.replace(2 * window - 2, 3, "\xE2\x82\xAC");
  const size_t seq = 2 * window + kPage - 2;
  bytes.replace(seq, 4, "\xF0\x9F\x98\x80");
  bytes.replace(4 * window - 1, 4, "\xF0\x9F\x98\x80");
  ASSERT_TRUE(ValidateUtf8(bytes).ok());
  const std::vector<Truncation> cases = {
      {2, 2 * window, "at the window's start"},
      {2, 2 * window + kPage / 2, "in the window's first page"},
      {2, seq + 2, "inside a sequence"},
      {2, 3 * window - 100, "in the window's last page"},
      {2, 0, "to nothing, after two windows were read"},
      {0, 10, "in the first window"},
      {4, 5 * window - 1, "one byte short"},
  };
  for (const Truncation& t : cases) {
    for (const std::vector<uint64_t>& cuts :
         {std::vector<uint64_t>{}, std::vector<uint64_t>{window + 7},
          std::vector<uint64_t>{3 * window + 1}}) {
      OpenFile file(dir.File("shrinking"), bytes);
      const uint64_t at = static_cast<uint64_t>(t.window) * window;
      // What was read before the window stays read, as with read(). With a
      // cut, a range before the one that truncates runs in another thread:
      // when the file shrinks below that range, it may have read none, some
      // or all of its windows first (each reader reads the file as it finds
      // it), so its answer is that of a prefix ending at a window boundary.
      const auto prefix = [&](uint64_t n) {
        return Utf8ResultString(
            ValidateUtf8Reference(std::string_view(bytes).substr(0, n)));
      };
      std::vector<std::string> want = {
          prefix(std::max<uint64_t>(t.new_size, at))};
      if (!cuts.empty() && t.new_size < at) {
        for (uint64_t n = t.new_size; n < at; n = (n / window + 1) * window) {
          want.push_back(prefix(n));
        }
      }
      std::atomic<bool> truncated{false};
      const auto truncate_there = [&](uint64_t mapped_at) {
        if (mapped_at != at || truncated.exchange(true)) return;
        ASSERT_EQ(::truncate(file.path().c_str(), t.new_size), 0);
      };
      const std::string got = Mapped(
          file.fd(), cuts,
          {.map = true, .map_window = window, .after_map = truncate_there});
      EXPECT_TRUE(truncated) << t.what;
      EXPECT_THAT(want, ::testing::Contains(got))
          << "truncated " << t.what << " (to " << t.new_size << " bytes), "
          << cuts.size() << " cuts";
    }
  }
}

// The same with windows of the real size and several threads, each range's
// thread truncating the file at a different point of its own range.
TEST(Utf8FileMap, ThreadedTruncationWhileMapped) {
  ScopedTempDir dir;
  std::mt19937_64 rng(12);
  const std::string bytes = RandomValidUtf8(rng, size_t{40} << 20);
  OpenFile file(dir.File("shrinking"), bytes);
  const size_t new_size = (size_t{25} << 20) + 3;
  std::atomic<bool> done{false};
  const auto truncate_once = [&](uint64_t) {
    if (!done.exchange(true)) {
      ASSERT_EQ(::truncate(file.path().c_str(), new_size), 0);
    }
  };
  const absl::StatusOr<Utf8Result> r = internal::ValidateUtf8FileRanges(
      file.fd(), 0, bytes.size(), 3, {.map = true, .after_map = truncate_once});
  ASSERT_TRUE(r.ok()) << r.status();
  // Every range saw the file after the truncation, except what was read
  // before the first window was mapped (nothing): the answer is the
  // truncated file's.
  EXPECT_EQ(Utf8ResultString(*r),
            Utf8ResultString(ValidateUtf8Reference(
                std::string_view(bytes).substr(0, new_size))));
}

TEST(Utf8FileMap, ValidateUtf8FileMatchesReadingInOrder) {
  ScopedTempDir dir;
  std::mt19937_64 rng(13);
  std::string text = RandomValidUtf8(rng, size_t{40} << 20);
  const std::string path = dir.File("big");
  size_t combination = 0;
  for (size_t spot :
       {size_t{5}, text.size() / 3, (size_t{2} << 20) - 1, text.size() - 2}) {
    for (const std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF0"}) {
      // Under a sanitizer, 4 of the 12 (each spot, each bad sequence).
      if (!SampledUnderSanitizer(combination++, 3)) continue;
      std::string bytes = text;
      bytes.replace(spot, bad.size(), bad);
      WriteFileOrDie(path, bytes);
      const Utf8Result want = ValidateUtf8Reference(bytes);
      for (int threads : {1, 3, 0}) {
        const absl::StatusOr<Utf8Result> r =
            ValidateUtf8File(path, {.threads = threads, .map = true});
        ASSERT_TRUE(r.ok()) << r.status();
        EXPECT_EQ(*r, want)
            << "threads " << threads << ", " << ToHex(bad) << " at " << spot;
      }
    }
  }
}

// Standard input that is a regular file is validated as one (in ranges,
// mapped) from its offset: results count from there, and the offset is
// left at the end, as reading would leave it.
TEST(Utf8FileMap, StandardInputIsValidatedFromItsOffset) {
  ScopedTempDir dir;
  std::mt19937_64 rng(17);
  std::string bytes = RandomValidUtf8(rng, size_t{40} << 20);
  const size_t bad = bytes.size() / 2;
  bytes.replace(bad, 3, "\xED\xA0\x80");
  const OpenFile file(dir.File("stdin"), bytes);
  const int saved = dup(STDIN_FILENO);
  ASSERT_GE(saved, 0);
  ASSERT_EQ(dup2(file.fd(), STDIN_FILENO), STDIN_FILENO);
  for (size_t start : {size_t{0}, size_t{1}, bad - 7, bad + 1, bad + 4,
                       bytes.size() - 1, bytes.size(), bytes.size() + 5}) {
    const Utf8Result want = ValidateUtf8Reference(
        std::string_view(bytes).substr(std::min(start, bytes.size())));
    for (const Utf8FileOptions options :
         {Utf8FileOptions{}, Utf8FileOptions{.threads = 3},
          Utf8FileOptions{.threads = 3, .map = true},
          Utf8FileOptions{.threads = 0, .map = true}}) {
      ASSERT_EQ(lseek(STDIN_FILENO, static_cast<off_t>(start), SEEK_SET),
                static_cast<off_t>(start));
      const absl::StatusOr<Utf8Result> r = ValidateUtf8File("-", options);
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_EQ(*r, want) << "from " << start << ", threads " << options.threads
                          << ", map " << options.map;
      if (r->ok()) {
        EXPECT_EQ(lseek(STDIN_FILENO, 0, SEEK_CUR),
                  static_cast<off_t>(std::max(start, bytes.size())))
            << start;
      }
    }
  }
  ASSERT_EQ(dup2(saved, STDIN_FILENO), STDIN_FILENO);
  close(saved);
}

extern "C" void ExitWith42(int) { std::_Exit(42); }

TEST(Utf8FileMap, AHandlerInstalledAfterwardsTurnsMappingOff) {
  ASSERT_TRUE(internal::GuardMappedReads());
  struct sigaction mine = {};
  mine.sa_handler = &ExitWith42;
  struct sigaction guard;
  ASSERT_EQ(sigaction(SIGBUS, &mine, &guard), 0);
  EXPECT_FALSE(internal::GuardMappedReads());
  ScopedTempDir dir;
  const std::string bytes = "caf\xC3\xA9 \xED\xA0\x80!";
  OpenFile file(dir.File("small"), bytes);
  int windows = -1;
  EXPECT_EQ(Mapped(file.fd(), {}, {.map = true}, &windows),
            Utf8ResultString(ValidateUtf8Reference(bytes)));
  EXPECT_EQ(windows, 0);  // read, not mapped
  ASSERT_EQ(sigaction(SIGBUS, &guard, nullptr), 0);
  EXPECT_TRUE(internal::GuardMappedReads());
  EXPECT_EQ(Mapped(file.fd(), {}, {.map = true}, &windows),
            Utf8ResultString(ValidateUtf8Reference(bytes)));
  EXPECT_EQ(windows, 1);
}

}  // namespace
}  // namespace u8guard
