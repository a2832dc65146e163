// SPDX-License-Identifier: Apache-2.0
// Differential fuzzing of file validation (src/utf8/file_ranges.h,
// range_feed.h): the fuzzer's bytes, placed after a fuzzer-chosen run of
// ASCII so that they straddle page boundaries, are written to a memfd and
// validated in up to three ranges, read or mapped one page per window, and
// optionally truncated right after a fuzzer-chosen window is mapped (a real
// SIGBUS, caught by mapped_read.h), from offset 0 or from a fuzzer-chosen
// start (as standard input is, from its offset). The answer must be the
// reference decoder's on the file's bytes from the start, or, when
// truncated, on those of the prefix that was read: what preceded the window
// and what the file still holds.
//
// Mapped, a range may also measure (RangeReading::measure: map its first
// whole window, read as much after it, go on one way), with the verdict
// given, not timed, so that a run is repeatable; truncation is then off.
//
// Input: byte 0 flags (bit 0 map, bit 1 truncate, bits 2-3 the number of
// cuts, bits 4-7 the start: 0 for offset 0, else that many bytes minus one
// into the text), byte 1 the window to truncate after (counted from the
// start's; with map, its bit 7 measures and bit 6 is the verdict: go on
// mapping), bytes 2-3 the ASCII run's length (< 8192), bytes 4-5 the
// truncated size past the run, bytes 6-8 the cuts' offsets past the run; the
// rest is the text.

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "src/utf8/file_ranges.h"
#include "src/utf8/range_feed.h"
#include "u8guard/utf8.h"

namespace {

constexpr size_t kHeader = 9;

uint16_t U16(const uint8_t* p) {
  return static_cast<uint16_t>(p[0] | p[1] << 8);
}

void WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n <= 0) std::abort();
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < kHeader) return 0;
  const bool map = (data[0] & 1) != 0;
  const int cut_count = (data[0] >> 2) & 3;
  // Truncation is checked in one range: with several, the ranges before the
  // truncating one may read the file before or after it shrinks.
  const bool measure = map && (data[1] & 0x80) != 0;
  const bool shrink = (data[0] & 2) != 0 && map && cut_count == 0 && !measure;
  const size_t run = U16(data + 2) % 8192;
  const std::string_view text(reinterpret_cast<const char*>(data + kHeader),
                              size - kHeader);
  std::string bytes(run, 'a');
  bytes.append(text);

  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  std::vector<uint64_t> cuts;
  for (int i = 0; i < cut_count; ++i) {
    cuts.push_back(run + data[6 + i] % (text.size() + 1));
  }
  std::sort(cuts.begin(), cuts.end());
  const uint64_t start =
      data[0] >> 4 == 0 ? 0 : run + ((data[0] >> 4) - 1) % (text.size() + 1);
  // The windows mapped: one per page, from the start's on.
  const uint64_t first_window = start / page;
  const uint64_t windows = (bytes.size() + page - 1) / page;
  const uint64_t shrink_at =
      windows <= first_window
          ? bytes.size()  // none: nothing truncates
          : (first_window + data[1] % (windows - first_window)) *
                static_cast<uint64_t>(page);
  const uint64_t new_size = run + U16(data + 4) % (text.size() + 1);

  const int fd = memfd_create("u8guard_file_fuzz", MFD_CLOEXEC);
  if (fd < 0) std::abort();
  WriteAll(fd, bytes);
  u8guard::internal::RangeReading reading{.map = map, .map_window = page};
  if (measure) {
    reading.measure = true;
    reading.verdict = (data[1] & 0x40) != 0;
  }
  if (shrink) {
    reading.after_map = [&](uint64_t at) {
      if (at == shrink_at && ftruncate(fd, static_cast<off_t>(new_size)) != 0) {
        std::abort();
      }
    };
  }
  const absl::StatusOr<u8guard::Utf8Result> got =
      u8guard::internal::ValidateUtf8FileCuts(fd, cuts, reading, start);
  close(fd);
  if (!got.ok()) std::abort();
  std::string_view seen = bytes;
  if (shrink && shrink_at < bytes.size()) {
    seen = seen.substr(0, std::max(new_size, shrink_at));
  }
  seen.remove_prefix(std::min<size_t>(start, seen.size()));
  if (!(*got == u8guard::ValidateUtf8Reference(seen))) std::abort();
  return 0;
}
