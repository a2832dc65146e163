// SPDX-License-Identifier: Apache-2.0
// Streaming validation of file descriptors: read() into one page-aligned
// buffer, each chunk validated while it is still in the cache; and, for a
// regular file when asked, several threads each reading one range of it, or
// ranges mapped instead of copied (file_ranges.cc, range_feed.cc).

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "src/common/system_error.h"
#include "src/utf8/escape.h"
#include "src/utf8/file_ranges.h"
#include "src/utf8/read_buffer.h"
#include "u8guard/utf8_file.h"

namespace u8guard {
namespace {

// The CPUs this process may run on (at least 1).
int UsableCpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    return std::max(1, CPU_COUNT(&set));
  }
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

// Files from this size on are mapped where that measures faster
// (ValidateUtf8FileMapIfFaster): the measurement maps one window of up to
// 8 MiB and reads as much; a smaller file is read.
constexpr uint64_t kMeasureFrom = 2 * internal::kMinRangeBytes;

// Validates `fd` from `start`, its offset: a regular file in ranges
// (file_ranges.h) when more than one thread may read it or it is to be
// mapped, anything else in order with read(). `map_if_faster`: map a large
// file where that measures faster (options.map is false then).
absl::StatusOr<Utf8Result> ValidateOpened(int fd, uint64_t start,
                                          const Utf8FileOptions& options,
                                          bool map_if_faster) {
  struct stat st;
  if ((options.threads == 1 && !options.map && !map_if_faster) ||
      fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    return ValidateUtf8Fd(fd);
  }
  const auto size = static_cast<uint64_t>(st.st_size);
  const uint64_t length = size > start ? size - start : 0;
  const bool measure = map_if_faster && length >= kMeasureFrom;
  const bool map = options.map || measure;
  const int ranges = internal::RangeCount(
      length, options.threads == 0 ? UsableCpus() : options.threads);
  if (ranges <= 1 && !map) return ValidateUtf8Fd(fd);
  absl::StatusOr<Utf8Result> r = internal::ValidateUtf8FileRanges(
      fd, start, size, ranges,
      {.map = map,
       .map_window = internal::MapWindow(ranges),
       .measure = measure});
  // As reading would, leave the offset after the bytes examined: the
  // input's end, or the error.
  if (r.ok()) lseek(fd, static_cast<off_t>(start + r->valid_up_to), SEEK_SET);
  return r;
}

// ValidateUtf8File and ValidateUtf8FileMapIfFaster.
absl::StatusOr<Utf8Result> ValidatePath(const std::string& path,
                                        const Utf8FileOptions& options,
                                        bool map_if_faster) {
  if (options.threads < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "threads must be 0 (one per CPU) or more, not ", options.threads));
  }
  if (absl::Status s = internal::CheckFileName(path); !s.ok()) return s;
  const bool is_stdin = path == "-";
  const int fd =
      is_stdin ? STDIN_FILENO : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;  // before the message is made
    return internal::ErrnoStatus(error, internal::EscapeBeyondAscii(path));
  }
  // Standard input from its offset (not 0 when something read before).
  const off_t start = is_stdin ? lseek(fd, 0, SEEK_CUR) : 0;
  absl::StatusOr<Utf8Result> r =
      start < 0 ? ValidateUtf8Fd(fd)  // a pipe
                : ValidateOpened(fd, start, options, map_if_faster);
  if (!is_stdin) close(fd);
  if (!r.ok()) {
    return absl::Status(r.status().code(),
                        absl::StrCat(internal::EscapeBeyondAscii(path), ": ",
                                     r.status().message()));
  }
  return r;
}

}  // namespace

absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd) {
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  const internal::ReadBuffer buf = internal::NewReadBuffer();
  Utf8StreamValidator v;
  for (;;) {
    const ssize_t got = read(fd, buf.get(), internal::kReadChunk);
    if (got < 0) {
      if (errno == EINTR) continue;
      return internal::ErrnoStatus(errno, "read");
    }
    if (got == 0) return v.Finish();
    const Utf8Result r = v.Feed(std::string_view(buf.get(), got));
    if (!r.ok()) return r;
  }
}

absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path,
                                            const Utf8FileOptions& options) {
  return ValidatePath(path, options, /*map_if_faster=*/false);
}

absl::StatusOr<Utf8Result> ValidateUtf8FileMapIfFaster(const std::string& path,
                                                       int threads) {
  return ValidatePath(path, {.threads = threads, .map = false},
                      /*map_if_faster=*/true);
}

absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path) {
  return ValidateUtf8File(path, Utf8FileOptions());
}

}  // namespace u8guard
