// SPDX-License-Identifier: Apache-2.0
// Feeding one range of a regular file to a stream validator, read with
// pread() or mapped. Internal: file_ranges.cc validates each range with it.

#ifndef U8GUARD_SRC_UTF8_RANGE_FEED_H_
#define U8GUARD_SRC_UTF8_RANGE_FEED_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {

// A range end meaning "until pread() reports the end of the file".
inline constexpr uint64_t kToEndOfFile = std::numeric_limits<uint64_t>::max();

// Bytes of the file mapped at once by all the threads validating it: the
// mapped pages count in the resident set until they are unmapped, and
// docs/utf8.md promises 32 MiB mapped at most.
inline constexpr size_t kMapBudget = size_t{32} << 20;

// The bytes one of `ranges` threads maps at a time: kMapBudget / ranges,
// rounded down to a multiple of 2 MiB (the kernel maps a 2 MiB-aligned piece
// of a file that the page cache holds in one 2 MiB folio with one page
// table entry: 1 MiB windows made a check of 1 GiB 1.5x slower), at least
// 2 MiB (16 x 2 MiB = kMapBudget) and at most 8 MiB (larger gained nothing).
size_t MapWindow(int ranges);

// How FeedFileRange reads.
struct RangeReading {
  // Map the part of the range that the file covers when FeedFileRange starts,
  // one window at a time, instead of copying it with pread(). A window that
  // the file no longer covers once it is read (another process truncated
  // it; mapped_read.h catches the SIGBUS) is read again with pread(), from
  // its start, as is anything past the mapped part and everything when
  // mapping fails.
  bool map = false;
  // Bytes per window: a multiple of the page size (tests use small ones).
  size_t map_window = MapWindow(1);
  // With `map`: map only while it measures faster than reading. The first
  // window that the range covers whole is mapped and as many bytes after it
  // are read with pread(), each timed with its validation; the rest of the
  // range goes the way that took less time per byte. (A first window the
  // range covers only in part is read before, untimed, so that the two
  // samples are as long and both start on a window.) Mapping is faster
  // where the kernel maps the file's page cache with 2 MiB pages, and
  // several times slower where it faults in every 4 KiB page.
  bool measure = false;
  // Tests only: with `measure`, the verdict to take instead of the timing's
  // (true: go on mapping).
  std::optional<bool> verdict;
  // Tests only: called with each window's file offset after it is mapped
  // and before it is read.
  std::function<void(uint64_t)> after_map;
};

// Why FeedFileRange stopped.
enum class RangeFed {
  kRangeEnd,  // the validator has every byte of the range and needs more
  kFinal,     // the end of the file or an error: v.Finish() is the answer
  kStopped,   // stop() returned true
};

// Feeds the bytes of the regular file `fd` in [begin, end) (end may be
// kToEndOfFile) to `v` in order, asking stop() before each chunk. Stops at
// the first invalid chunk (kFinal), at the end of the file (kFinal, also
// when it comes before `end`) or at `end` (kRangeEnd). Returns an error
// Status when pread() fails. Does not move `fd`'s offset.
absl::StatusOr<RangeFed> FeedFileRange(int fd, uint64_t begin, uint64_t end,
                                       const RangeReading& reading,
                                       Utf8StreamValidator& v,
                                       absl::FunctionRef<bool()> stop);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_RANGE_FEED_H_
