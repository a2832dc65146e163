// SPDX-License-Identifier: Apache-2.0
// Strict UTF-8 validation of files and other file descriptors, streamed in
// constant memory.

#ifndef U8GUARD_UTF8_FILE_H_
#define U8GUARD_UTF8_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/utf8.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Reads `fd` from its current offset to its end with read() and validates
// the bytes as one UTF-8 stream (a sequence may straddle chunks). Returns the
// first error with its byte offset in the stream (reading stops there), or
// ok() with valid_up_to = the number of bytes read. Returns an error Status
// only when reading fails. Does not close `fd`.
//
// Memory is bounded whatever the input's size: one 256 KiB page-aligned
// buffer per call, freed on return (so the resident set grows by at most
// 256 KiB), plus the at most 3 bytes the stream validator holds. The file is
// never mapped (ValidateUtf8File can map one: Utf8FileOptions::map).
// tests/cli/cli_check_test.cc checks that `u8guard check` of a 200 MiB file
// stays under 64 MiB of peak RSS.
absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd);

// How ValidateUtf8File reads a file.
struct Utf8FileOptions {
  // Threads that read and validate one regular file at once, each one range
  // of it (with pread(), so copying out of the page cache runs in parallel
  // too: on a cached file that is most of the time). 1, the default: the
  // calling thread reads the file in order and no thread is started. 0: one
  // per CPU this process may run on (sched_getaffinity). Whatever is asked,
  // at most 16, and at most one per 16 MiB of the file, so files under
  // 32 MiB, pipes and devices are always read in order.
  // Each thread holds one 256 KiB buffer. The result is the same as reading
  // in order: the first error of the file, offset and kind.
  int threads = 1;

  // Map a regular file instead of copying it out of the page cache with
  // read(): on a cached file the copy is most of the time of a check with
  // one thread. false, the default: never map. true: each thread maps a
  // window of 2 to 8 MiB of its range at a time, at most 32 MiB in all, so
  // the memory bound above holds. Reading a mapped page of a file that another
  // process truncated raises SIGBUS: the first call with map = true installs
  // a process-wide SIGBUS handler that turns such a fault in a window this
  // library is reading into reading that window again with pread(), and
  // passes every other SIGBUS to the disposition it replaced (the program's
  // handler, or the default action). A program that installs its own SIGBUS
  // handler afterwards, or that ignores SIGBUS (SIG_IGN, which no handler
  // can imitate), turns mapping off (files are then read). Pipes and
  // devices are read whatever this says.
  bool map = false;
};

// Opens `path` ("-" means standard input) and validates it as ValidateUtf8Fd
// does, from its start (standard input: from its offset, and offsets in the
// result count from there), with options.threads threads for a large regular
// file and mapped when options.map says so (see Utf8FileOptions); standard
// input that is a regular file is one too, and is left at its end when it is
// valid, as reading leaves it. Returns
// NotFound / PermissionDenied / an I/O error Status naming the path when it
// cannot be opened or read, and InvalidArgument for threads < 0. When the file
// changes size while it is read, the result is that of the file as the readers
// found it: a reader that meets the end of the file ends the input there
// (mapped or not).
absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path,
                                            const Utf8FileOptions& options);

// ValidateUtf8File(path, {.threads = threads}), that is read(), except that
// a regular file of 32 MiB or more is mapped where that measures faster:
// each thread maps the first whole window of its range (as map = true does)
// and reads as many bytes after it with pread(), timing both with their
// validation, and goes on the faster way. Mapping saves copying the file out
// of the page cache, and is faster where the kernel maps the cached file
// with 2 MiB pages; where it faults in every 4 KiB page it is several times
// slower than reading. Installs the SIGBUS handler as map = true does (for
// such a file only), and answers exactly as reading would. What `u8guard
// check` runs by default. InvalidArgument for threads < 0.
absl::StatusOr<Utf8Result> ValidateUtf8FileMapIfFaster(const std::string& path,
                                                       int threads);

// ValidateUtf8File(path, {}): one thread, reading in order. (An overload,
// not a default argument, as in 0.1.0; the C++ API is source-compatible
// only, docs/c-api.md, "ABI policy".)
absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_UTF8_FILE_H_
