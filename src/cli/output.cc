// SPDX-License-Identifier: Apache-2.0
// Standard output of the CLI.

#include "src/cli/output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>

namespace u8guard::cli {
namespace {

constexpr size_t kBufferBytes = size_t{1} << 16;

}  // namespace

FdOutputBuffer::FdOutputBuffer(int fd)
    : fd_(fd), buffer_(new char[kBufferBytes]) {
  setp(buffer_.get(), buffer_.get() + kBufferBytes);
}

FdOutputBuffer::~FdOutputBuffer() { FlushBuffer(); }

bool FdOutputBuffer::WriteAll(const char* p, size_t n) {
  while (n > 0 && error_ == 0) {
    const ssize_t w = write(fd_, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
    } else if (w == 0) {
      error_ = EIO;  // not expected from write(2) with n > 0
    } else {
      p += w;
      n -= static_cast<size_t>(w);
    }
  }
  return error_ == 0;
}

bool FdOutputBuffer::FlushBuffer() {
  const size_t n = static_cast<size_t>(pptr() - pbase());
  setp(buffer_.get(), buffer_.get() + kBufferBytes);
  return n == 0 ? error_ == 0 : WriteAll(buffer_.get(), n);
}

FdOutputBuffer::int_type FdOutputBuffer::overflow(int_type c) {
  if (!FlushBuffer()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) {
    return traits_type::not_eof(c);
  }
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize FdOutputBuffer::xsputn(const char* s, std::streamsize n) {
  if (error_ != 0) return 0;
  const size_t size = static_cast<size_t>(n);
  if (size <= static_cast<size_t>(epptr() - pptr())) {
    std::memcpy(pptr(), s, size);
    pbump(static_cast<int>(size));
    return n;
  }
  // Larger than the room left: flush, then buffer it or write it directly.
  if (!FlushBuffer()) return 0;
  if (size < kBufferBytes) {
    std::memcpy(pptr(), s, size);
    pbump(static_cast<int>(size));
    return n;
  }
  return WriteAll(s, size) ? n : 0;
}

int FdOutputBuffer::sync() { return FlushBuffer() ? 0 : -1; }

StdoutRedirect::StdoutRedirect()
    : buffer_(STDOUT_FILENO), previous_(std::cout.rdbuf(&buffer_)) {}

StdoutRedirect::~StdoutRedirect() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
}

int StdoutRedirect::Finish() {
  std::cout.flush();
  return buffer_.error();
}

void PrepareStandardDescriptors() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
    // open(2) returns the lowest free descriptor: this one.
    const int flags = fd == STDIN_FILENO ? O_WRONLY : O_RDONLY;
    const int opened = open("/dev/null", flags);
    if (opened >= 0 && opened != fd) {
      dup2(opened, fd);
      close(opened);
    }
  }
  std::signal(SIGPIPE, SIG_IGN);
}

}  // namespace u8guard::cli
