// SPDX-License-Identifier: Apache-2.0
// Validation of a regular file by several threads, each reading (pread() or
// a mapping, range_feed.h) and validating one range of it. Internal:
// ValidateUtf8File (file.cc) calls it when Utf8FileOptions asks for more
// than one thread or for mapping.

#ifndef U8GUARD_SRC_UTF8_FILE_RANGES_H_
#define U8GUARD_SRC_UTF8_FILE_RANGES_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "src/utf8/range_feed.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {

// Each range at least this long: below it, starting a thread costs more than
// it saves.
inline constexpr uint64_t kMinRangeBytes = uint64_t{16} << 20;

// At most this many ranges (and read buffers of kReadChunk bytes).
inline constexpr int kMaxRanges = 16;

// The number of ranges for a file of `size` bytes when `threads` (>= 1) are
// asked for: at most `threads`, kMaxRanges, and one per kMinRangeBytes.
int RangeCount(uint64_t size, int threads);

// Validates the regular file `fd`, whose size was `size` when the caller
// looked, from offset `start` to its end, as `ranges` (>= 1) threads at
// once: the calling thread and ranges - 1 it starts; each reads as `reading`
// says. Returns exactly what reading the file in order from `start` with
// ValidateUtf8Fd would: the first error after `start`, with its offset
// (counted from `start`) and kind, or ok() with valid_up_to = the number of
// bytes from `start` to the end; a read error Status only when no UTF-8
// error comes before the range that failed to read.
//
// A file that changes size while it is read is validated up to the end that
// the range reading it found: a range that meets the end of the file early
// ends the input there (later ranges are ignored), and the last range reads
// on until read() reports the end. Does not move `fd`'s offset.
absl::StatusOr<Utf8Result> ValidateUtf8FileRanges(int fd, uint64_t start,
                                                  uint64_t size, int ranges,
                                                  const RangeReading& reading);

// ValidateUtf8FileRanges with the cuts given: one range ends and the next
// begins at or just after each of `cuts` (non-decreasing offsets), at the
// first byte there that starts a character. For tests, which place cuts
// anywhere; a cut at or past the end of the file makes it one range, and
// one before `start` is moved to it.
absl::StatusOr<Utf8Result> ValidateUtf8FileCuts(
    int fd, std::span<const uint64_t> cuts, const RangeReading& reading = {},
    uint64_t start = 0);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_FILE_RANGES_H_
