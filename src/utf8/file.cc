// Streaming validation of file descriptors: read() into one page-aligned
// buffer, each chunk validated while it is still in the cache.
//
// Not mmap: on the machine the figures in bench/README.md come from,
// mapping a cached file in windows cost as much in page faults as read()
// costs in copying (1 GiB: 66 ms either way for non-ASCII text, 52 vs 44 ms
// for ASCII), and a mapped page of a file that another process truncates
// raises SIGBUS, which would take down the whole calling process.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <new>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "u8guard/utf8_file.h"

namespace u8guard {
namespace {

// read() chunk: large enough that system calls cost little (4096 per GiB),
// small enough that the chunk is still in L2 when the kernel validates it.
constexpr size_t kChunk = 256 * 1024;

// The buffer's alignment. The kernel's copy into a destination that is not
// 64-byte aligned is slower (1.27x on the machine of bench/README.md, up to
// 5x on others), and malloc returns large blocks 16 bytes past a page
// boundary.
constexpr std::align_val_t kBufferAlign{4096};

struct AlignedDelete {
  void operator()(char* p) const { ::operator delete[](p, kBufferAlign); }
};

}  // namespace

absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd) {
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  const std::unique_ptr<char[], AlignedDelete> buf(
      new (kBufferAlign) char[kChunk]);
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
