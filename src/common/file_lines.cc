// SPDX-License-Identifier: Apache-2.0
// The lines of a regular file read in pieces (file_lines.h).

#include "src/common/file_lines.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "src/common/progress_counter.h"
#include "src/common/system_error.h"

namespace u8guard::internal {

namespace {

// A file descriptor, closed with the object.
class ReadableFile {
 public:
  explicit ReadableFile(int fd) : fd_(fd) {}
  ReadableFile(const ReadableFile&) = delete;
  ReadableFile& operator=(const ReadableFile&) = delete;
  ~ReadableFile() { close(fd_); }
  int fd() const { return fd_; }

 private:
  int fd_;
};

// Opens the regular file at `path` for reading, and sets *size to its size;
// errors name `shown`: the open's errno, FailedPrecondition for what is not
// a regular file (a FIFO is refused without waiting for a writer).
absl::StatusOr<std::unique_ptr<ReadableFile>> OpenRegularFile(
    const std::string& path, std::string_view shown, size_t* size) {
  if (absl::Status s = CheckFileName(path); !s.ok()) return s;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return ErrnoStatus(errno, shown);
  auto file = std::make_unique<ReadableFile>(fd);
  struct stat st;
  if (fstat(fd, &st) != 0) {
    const int error = errno;
    return ErrnoStatus(error, absl::StrFormat("%s: stat", shown));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrFormat("%s: not a regular file", shown));
  }
  *size = static_cast<size_t>(st.st_size);
  return file;
}

// Splits a file's bytes into lines as they are read: Feed hands each
// complete line to `emit` with the bytes it took (its '\n' included),
// keeping a line that continues in the next read; Finish hands over the
// last line when the file does not end in '\n'. A line longer than
// `max_line` bytes is ResourceExhausted naming it, before it is kept whole.
class LineSplitter {
 public:
  using Emit = std::function<absl::Status(std::string_view line, size_t)>;
  LineSplitter(std::string_view shown, size_t max_line, Emit emit)
      : shown_(shown), max_line_(max_line), emit_(std::move(emit)) {}

  absl::Status Feed(std::string_view chunk) {
    for (;;) {
      const size_t nl = chunk.find('\n');
      const size_t part = nl == std::string_view::npos ? chunk.size() : nl;
      if (pending_.size() + part > max_line_ + 1) return TooLong();
      if (nl == std::string_view::npos) {
        pending_.append(chunk);
        return absl::OkStatus();
      }
      absl::Status s;
      if (pending_.empty()) {
        s = Line(chunk.substr(0, nl), nl + 1);
      } else {
        pending_.append(chunk.substr(0, nl));
        s = Line(pending_, pending_.size() + 1);
        pending_.clear();
      }
      if (!s.ok()) return s;
      chunk.remove_prefix(nl + 1);
    }
  }

  absl::Status Finish() {
    if (pending_.empty()) return absl::OkStatus();
    return Line(pending_, pending_.size());
  }

 private:
  absl::Status Line(std::string_view line, size_t bytes) {
    ++lines_;
    return emit_(line, bytes);
  }
  absl::Status TooLong() const {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "%s: line %d: longer than %d bytes", shown_, lines_ + 1, max_line_));
  }

  std::string_view shown_;
  size_t max_line_;
  Emit emit_;
  std::string pending_;  // a line that straddles two reads
  size_t lines_ = 0;
};

}  // namespace

absl::Status ForEachFileLine(
    const std::string& path, std::string_view shown, size_t max_line,
    const ProgressCallback& progress,
    const std::function<absl::StatusOr<bool>(std::string_view, size_t)>&
        entry) {
  size_t size = 0;
  absl::StatusOr<std::unique_ptr<ReadableFile>> file =
      OpenRegularFile(path, shown, &size);
  if (!file.ok()) return file.status();
  ProgressCounter counter(progress, size, 0);
  size_t number = 0;
  uint64_t consumed = 0;
  LineSplitter lines(shown, max_line,
                     [&](std::string_view line, size_t bytes) -> absl::Status {
                       ++number;
                       consumed += bytes;
                       if (line.ends_with('\r')) line.remove_suffix(1);
                       absl::StatusOr<bool> record = entry(line, number);
                       if (!record.ok()) return record.status();
                       if (*record)
                         counter.Record(static_cast<size_t>(consumed));
                       return absl::OkStatus();
                     });
  std::string buffer(size_t{1} << 20, '\0');
  for (;;) {
    const ssize_t n = read((*file)->fd(), buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      return ErrnoStatus(error, absl::StrFormat("%s: read", shown));
    }
    if (n == 0) break;
    if (absl::Status s =
            lines.Feed(std::string_view(buffer.data(), static_cast<size_t>(n)));
        !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = lines.Finish(); !s.ok()) return s;
  counter.Finish();
  return absl::OkStatus();
}

}  // namespace u8guard::internal
