// SPDX-License-Identifier: Apache-2.0
// Standard output of the CLI: a buffer in front of write(2) that remembers
// the first write error, so that every command can exit 2 when its output
// is lost (a full disk, a closed descriptor, a reader gone: EPIPE).

#ifndef U8GUARD_SRC_CLI_OUTPUT_H_
#define U8GUARD_SRC_CLI_OUTPUT_H_

#include <memory>
#include <ostream>
#include <streambuf>

namespace u8guard::cli {

// A streambuf writing to a file descriptor in 64 KiB blocks. After the first
// failed write(2) it discards everything and reports failure (so a stream
// over it goes bad and stays bad); error() is that write's errno.
class FdOutputBuffer : public std::streambuf {
 public:
  explicit FdOutputBuffer(int fd);
  FdOutputBuffer(const FdOutputBuffer&) = delete;
  FdOutputBuffer& operator=(const FdOutputBuffer&) = delete;
  ~FdOutputBuffer() override;

  // The errno of the first failed write, 0 while every write succeeded.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  // Writes `n` bytes at `p` completely (retrying after EINTR and partial
  // writes); false and error_ set on failure.
  bool WriteAll(const char* p, size_t n);
  // Writes out the buffered bytes; false once a write has failed.
  bool FlushBuffer();

  int fd_;
  int error_ = 0;
  std::unique_ptr<char[]> buffer_;
};

// Points std::cout at a FdOutputBuffer on descriptor 1 for its lifetime and
// puts the old buffer back afterwards (flushing first).
class StdoutRedirect {
 public:
  StdoutRedirect();
  StdoutRedirect(const StdoutRedirect&) = delete;
  StdoutRedirect& operator=(const StdoutRedirect&) = delete;
  ~StdoutRedirect();

  // Flushes std::cout; returns the errno of the first failed write of
  // standard output, 0 when all of it was written.
  int Finish();

 private:
  FdOutputBuffer buffer_;
  std::streambuf* previous_;
};

// Makes descriptors 0, 1 and 2 safe to use: one that is closed is occupied
// by /dev/null opened the wrong way round (0 write-only, 1 and 2 read-only),
// so that a file the tool opens never becomes standard output, and reading
// a closed standard input or writing a closed standard output still fails
// with EBADF as it would have. Ignores SIGPIPE: a reader that goes away is a
// write error (EPIPE), reported like any other.
void PrepareStandardDescriptors();

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_OUTPUT_H_
