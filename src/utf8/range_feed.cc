// SPDX-License-Identifier: Apache-2.0
#include "src/utf8/range_feed.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

#include "absl/status/status.h"
#include "src/common/system_error.h"
#include "src/utf8/mapped_read.h"
#include "src/utf8/read_buffer.h"

namespace u8guard::internal {
namespace {

// The file's size now, or 0 when fstat() fails (then nothing is mapped).
uint64_t FileSizeNow(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_size < 0) return 0;
  return static_cast<uint64_t>(st.st_size);
}

enum class WindowFed { kValid, kInvalid, kUnread };

// Maps the pages holding [at, window_end) and feeds those bytes to `v`.
// kUnread, with `v` unchanged, when the window cannot be mapped or the file
// no longer covers all of it once it is read: a truncated file reads as
// zeros up to the end of its last page and faults past it, and neither is
// the file's content.
WindowFed FeedWindow(int fd, uint64_t at, uint64_t window_end,
                     const RangeReading& reading, Utf8StreamValidator& v) {
  const auto page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  const uint64_t map_begin = at / page * page;
  const auto length = static_cast<size_t>(window_end - map_begin);
  void* mapping = mmap(nullptr, length, PROT_READ, MAP_SHARED, fd,
                       static_cast<off_t>(map_begin));
  if (mapping == MAP_FAILED) return WindowFed::kUnread;
  if (reading.after_map) reading.after_map(map_begin);
  const char* bytes = static_cast<const char*>(mapping);
  const std::string_view window(bytes + (at - map_begin), window_end - at);
  Utf8StreamValidator trial = v;
  Utf8Result r;
  const bool read = ReadMapped(bytes, length, [&] { r = trial.Feed(window); });
  munmap(mapping, length);
  if (!read || FileSizeNow(fd) < window_end) return WindowFed::kUnread;
  v = trial;
  return r.ok() ? WindowFed::kValid : WindowFed::kInvalid;
}

int64_t NowNs() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return int64_t{t.tv_sec} * 1000000000 + t.tv_nsec;
}

// Feeds [at, until) (until may be kToEndOfFile) to `v` with pread() into
// `buf` (allocated on first use), advancing `at`. kRangeEnd when it got
// there; otherwise what FeedFileRange returns.
absl::StatusOr<RangeFed> ReadPart(int fd, uint64_t& at, uint64_t until,
                                  ReadBuffer& buf, Utf8StreamValidator& v,
                                  absl::FunctionRef<bool()> stop) {
  while (at < until) {
    if (stop()) return RangeFed::kStopped;
    if (buf == nullptr) buf = NewReadBuffer();
    const auto want =
        static_cast<size_t>(std::min<uint64_t>(kReadChunk, until - at));
    const ssize_t got = pread(fd, buf.get(), want, static_cast<off_t>(at));
    if (got < 0) {
      if (errno == EINTR) continue;
      return ErrnoStatus(errno, "read");
    }
    if (got == 0) return RangeFed::kFinal;
    if (!v.Feed(std::string_view(buf.get(), got)).ok()) {
      return RangeFed::kFinal;
    }
    at += static_cast<uint64_t>(got);
  }
  return RangeFed::kRangeEnd;
}

}  // namespace

size_t MapWindow(int ranges) {
  constexpr size_t kUnit = size_t{2} << 20;
  const size_t share = kMapBudget / static_cast<size_t>(std::max(ranges, 1));
  return std::clamp(share / kUnit * kUnit, kUnit, 4 * kUnit);
}

absl::StatusOr<RangeFed> FeedFileRange(int fd, uint64_t begin, uint64_t end,
                                       const RangeReading& reading,
                                       Utf8StreamValidator& v,
                                       absl::FunctionRef<bool()> stop) {
  uint64_t at = begin;
  ReadBuffer buf;
  if (reading.map && GuardMappedReads()) {
    const uint64_t mapped_end = std::min(end, FileSizeNow(fd));
    const uint64_t window = reading.map_window;
    bool measure = reading.measure;
    while (at < mapped_end) {
      if (stop()) return RangeFed::kStopped;
      const uint64_t window_end =
          std::min<uint64_t>(mapped_end, at - at % window + window);
      if (measure && window_end - at < window) {
        // Not a whole window: read it, and measure on the next one.
        const absl::StatusOr<RangeFed> r =
            ReadPart(fd, at, window_end, buf, v, stop);
        if (!r.ok() || *r != RangeFed::kRangeEnd) return r;
        continue;
      }
      const int64_t map_start = measure ? NowNs() : 0;
      const WindowFed fed = FeedWindow(fd, at, window_end, reading, v);
      if (fed == WindowFed::kUnread) break;  // read from `at` on
      if (fed == WindowFed::kInvalid) return RangeFed::kFinal;
      at = window_end;
      if (measure) {
        measure = false;
        const int64_t map_ns = NowNs() - map_start;
        if (buf == nullptr) buf = NewReadBuffer();  // not in the timing
        const uint64_t read_from = at;
        const int64_t read_start = NowNs();
        const absl::StatusOr<RangeFed> r =
            ReadPart(fd, at, std::min(end, at + window), buf, v, stop);
        if (!r.ok() || *r != RangeFed::kRangeEnd) return r;
        const int64_t read_ns = NowNs() - read_start;
        // Per byte: read_ns / (at - read_from) against map_ns / window.
        const bool map_faster = reading.verdict.value_or(
            static_cast<uint64_t>(read_ns) * window >
            static_cast<uint64_t>(map_ns) * (at - read_from));
        if (!map_faster) break;  // read the rest
      }
    }
  }
  return ReadPart(fd, at, end, buf, v, stop);
}

}  // namespace u8guard::internal
