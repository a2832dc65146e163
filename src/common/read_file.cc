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

absl::Status TooLarge(const std::string& path, size_t max_bytes) {
  return absl::ResourceExhaustedError(absl::StrFormat(
      "%s: larger than the limit of %d bytes", path, max_bytes));
}

}  // namespace

absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below anyway.
  if (absl::Status s = CheckFileName(path); !s.ok()) return s;
  const Fd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) return ErrnoStatus(errno, path);
  struct stat st;
  if (fstat(fd.get(), &st) != 0) {
    return ErrnoStatus(errno, absl::StrCat(path, ": stat"));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": not a regular file"));
  }
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    return TooLarge(path, max_bytes);
  }
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoStatus(errno, absl::StrCat(path, ": read"));
    }
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > max_bytes) {
      return TooLarge(path, max_bytes);
    }
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

}  // namespace u8guard::internal
