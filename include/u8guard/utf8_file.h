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
// never mapped (a mapped file truncated by another process would raise
// SIGBUS in the caller). tests/cli_check_test.cc checks that `u8guard check`
// of a 200 MiB file stays under 64 MiB of peak RSS.
absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd);

// Opens `path` ("-" means standard input) and validates it as ValidateUtf8Fd
// does. Returns NotFound / PermissionDenied / an I/O error Status naming the
// path when it cannot be opened or read.
absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_UTF8_FILE_H_
