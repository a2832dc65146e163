// SPDX-License-Identifier: Apache-2.0
// Reading a whole regular file, bounded.

#include "src/common/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/common/system_error.h"

namespace u8guard::internal {
namespace {

// Closes a file descriptor when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

absl::Status TooLarge(std::string_view shown, size_t max_bytes) {
  return absl::ResourceExhaustedError(absl::StrFormat(
      "%s: larger than the limit of %d bytes", shown, max_bytes));
}

}  // namespace

absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes) {
  return ReadFileToString(path, max_bytes, ShownFileName(path));
}

absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes,
                                             std::string_view shown) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below anyway.
  if (absl::Status s = CheckFileName(path); !s.ok()) return s;
  const Fd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) return ErrnoStatus(errno, shown);
  struct stat st;
  if (fstat(fd.get(), &st) != 0) {
    const int error = errno;  // before the message is made
    return ErrnoStatus(error, absl::StrFormat("%s: stat", shown));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrFormat("%s: not a regular file", shown));
  }
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    return TooLarge(shown, max_bytes);
  }
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;  // before the message is made
      return ErrnoStatus(error, absl::StrFormat("%s: read", shown));
    }
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > max_bytes) {
      return TooLarge(shown, max_bytes);
    }
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

}  // namespace u8guard::internal
