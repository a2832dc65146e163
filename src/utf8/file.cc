// Streaming validation of file descriptors.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "u8guard/utf8_file.h"

namespace u8guard {
namespace {

constexpr size_t kChunk = 256 * 1024;

}  // namespace

absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd) {
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  std::unique_ptr<char[]> buf(new char[kChunk]);
  Utf8StreamValidator v;
  for (;;) {
    const ssize_t got = read(fd, buf.get(), kChunk);
    if (got < 0) {
      if (errno == EINTR) continue;
      return absl::ErrnoToStatus(errno, "read");
    }
    if (got == 0) return v.Finish();
    const Utf8Result r = v.Feed(std::string_view(buf.get(), got));
    if (!r.ok()) return r;
  }
}

absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path) {
  const bool is_stdin = path == "-";
  const int fd =
      is_stdin ? STDIN_FILENO : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::ErrnoToStatus(errno, path);
  absl::StatusOr<Utf8Result> r = ValidateUtf8Fd(fd);
  if (!is_stdin) close(fd);
  if (!r.ok()) {
    return absl::Status(r.status().code(),
                        absl::StrCat(path, ": ", r.status().message()));
  }
  return r;
}

}  // namespace u8guard
