// SPDX-License-Identifier: Apache-2.0
// ValidateUtf8FileRanges: the file is cut into ranges that start at a
// character boundary, each range is read (range_feed.h) and validated by its
// own Utf8StreamValidator, and the first range that does not end valid gives
// the answer.
//
// Why the answer is exact. The cut near offset a is moved to s, the first
// byte at or after a that is not a continuation byte (10xxxxxx), or a + 3
// when a, a + 1 and a + 2 all are. If everything before s is valid, s starts
// a character (no valid sequence runs on past three continuation bytes, and
// a non-continuation byte always starts one), so the range from s decodes
// exactly as the whole file does from there. A range that ends with a
// sequence left open is decided by the one byte at s, which is never a
// continuation byte in that case: the validator is given it, and an error
// it then reports before s is the range's error. A range's error therefore
// is the file's first error whenever every earlier range ends valid.

#include "src/utf8/file_ranges.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <span>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "absl/status/status.h"

namespace u8guard::internal {
namespace {

bool IsContinuation(uint8_t b) { return (b & 0xC0) == 0x80; }

// One range: [begin, end), or [begin, end of file) for the last.
struct Range {
  uint64_t begin = 0;
  uint64_t end = 0;
  bool last = false;
  uint8_t byte_at_end = 0;  // the file's byte at `end` (not for the last)
};

// What validating a range found.
struct RangeOutcome {
  // True when this range's result is the file's answer if every earlier
  // range ends valid: an error, a read error, or the end of the input.
  bool decided = false;
  absl::StatusOr<Utf8Result> result = Utf8Result{};
};

// The index of the first range decided so far (ranges.size() if none):
// later ranges stop reading, their outcome cannot matter.
class FirstDecided {
 public:
  explicit FirstDecided(size_t none) : index_(none) {}

  void Lower(size_t i) {
    size_t seen = index_.load(std::memory_order_relaxed);
    while (i < seen &&
           !index_.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
    }
  }

  bool Before(size_t i) const {
    return index_.load(std::memory_order_relaxed) < i;
  }

 private:
  std::atomic<size_t> index_;
};

Utf8Result Shifted(Utf8Result r, uint64_t by) {
  r.valid_up_to += by;
  return r;
}

// Validates `range`; results count from `start`, where the input begins.
RangeOutcome ValidateRange(int fd, uint64_t start, const Range& range,
                           size_t index, const RangeReading& reading,
                           FirstDecided& first) {
  Utf8StreamValidator v;
  const absl::StatusOr<RangeFed> fed =
      FeedFileRange(fd, range.begin, range.last ? kToEndOfFile : range.end,
                    reading, v, [&] { return first.Before(index); });
  if (!fed.ok()) return {true, fed.status()};
  switch (*fed) {
    case RangeFed::kStopped:
      return {};
    case RangeFed::kFinal:
      return {true, Shifted(v.Finish(), range.begin - start)};
    case RangeFed::kRangeEnd:
      break;
  }
  // The range ends valid but for a sequence it may leave open, which the
  // next byte (never a continuation byte then) decides.
  const char next = static_cast<char>(range.byte_at_end);
  const Utf8Result r = v.Feed(std::string_view(&next, 1));
  if (!r.ok() && r.valid_up_to < range.end - range.begin) {
    return {true, Shifted(r, range.begin - start)};
  }
  return {};
}

// Reads the 4 bytes at `at`; false if the file has fewer there.
bool ReadFour(int fd, uint64_t at, uint8_t (&out)[4]) {
  size_t have = 0;
  while (have < 4) {
    const ssize_t got =
        pread(fd, out + have, 4 - have, static_cast<off_t>(at + have));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    have += static_cast<size_t>(got);
  }
  return true;
}

// Ranges from `start` starting at character boundaries near `cuts` (see the
// top of this file); empty if the file does not hold the 4 bytes at a cut.
std::vector<Range> CutRanges(int fd, uint64_t start,
                             std::span<const uint64_t> cuts) {
  std::vector<Range> ranges(cuts.size() + 1);
  ranges[0].begin = start;
  for (size_t k = 1; k < ranges.size(); ++k) {
    const uint64_t cut = std::max(cuts[k - 1], ranges[k - 1].begin);
    uint8_t b[4];
    if (!ReadFour(fd, cut, b)) return {};
    int i = 0;
    while (i < 3 && IsContinuation(b[i])) ++i;
    ranges[k - 1].end = cut + i;
    ranges[k - 1].byte_at_end = b[i];
    ranges[k].begin = cut + i;
  }
  ranges.back().last = true;
  return ranges;
}

}  // namespace

int RangeCount(uint64_t size, int threads) {
  const uint64_t by_size = std::max<uint64_t>(1, size / kMinRangeBytes);
  return static_cast<int>(
      std::min<uint64_t>({static_cast<uint64_t>(std::max(threads, 1)),
                          static_cast<uint64_t>(kMaxRanges), by_size}));
}

absl::StatusOr<Utf8Result> ValidateUtf8FileRanges(int fd, uint64_t start,
                                                  uint64_t size, int count,
                                                  const RangeReading& reading) {
  // Page-aligned cuts, so that most reads start on a page.
  const uint64_t length = size > start ? size - start : 0;
  std::vector<uint64_t> cuts;
  for (int k = 1; k < count; ++k) {
    cuts.push_back((start + length / count * k) & ~uint64_t{4095});
  }
  return ValidateUtf8FileCuts(fd, cuts, reading, start);
}

absl::StatusOr<Utf8Result> ValidateUtf8FileCuts(int fd,
                                                std::span<const uint64_t> cuts,
                                                const RangeReading& reading,
                                                uint64_t start) {
  std::vector<Range> ranges = CutRanges(fd, start, cuts);
  if (ranges.empty()) {
    // The file ends before a cut: one range, the whole file from `start`.
    ranges.push_back({start, 0, true, 0});
  }
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  std::vector<RangeOutcome> outcomes(ranges.size());
  FirstDecided first(ranges.size());
  const auto run = [&](size_t i) {
    outcomes[i] = ValidateRange(fd, start, ranges[i], i, reading, first);
    if (outcomes[i].decided) first.Lower(i);
  };
  std::vector<std::thread> threads;
  std::vector<size_t> not_started;
  for (size_t i = 1; i < ranges.size(); ++i) {
    try {
      threads.emplace_back(run, i);
    } catch (const std::system_error&) {
      not_started.push_back(i);  // no thread to be had: this thread runs it
    }
  }
  run(0);
  for (size_t i : not_started) run(i);
  for (std::thread& t : threads) t.join();
  for (const RangeOutcome& o : outcomes) {
    if (o.decided) return o.result;
  }
  // Unreachable: the last range always ends decided (the end of the input,
  // an error, or a read error), unless an earlier range was decided first.
  return absl::InternalError("file ranges: no range decided");
}

}  // namespace u8guard::internal
