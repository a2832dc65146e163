// Strict UTF-8 validation of files and other file descriptors, streamed in
// constant memory.

#ifndef U8GUARD_UTF8_FILE_H_
#define U8GUARD_UTF8_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "u8guard/utf8.h"

namespace u8guard {

// Reads `fd` to its end in fixed-size chunks and validates the bytes as one
// UTF-8 stream (a sequence may straddle chunks). Returns the first error with
// its byte offset in the whole stream (reading stops there), or ok() with
// valid_up_to = the stream's size. Returns an error Status only when reading
// fails. Does not close `fd`. Memory use is constant (one 256 KiB buffer).
absl::StatusOr<Utf8Result> ValidateUtf8Fd(int fd);

// Opens `path` ("-" means standard input) and validates it as ValidateUtf8Fd
// does. Returns NotFound / PermissionDenied / an I/O error Status naming the
// path when it cannot be opened or read.
absl::StatusOr<Utf8Result> ValidateUtf8File(const std::string& path);

}  // namespace u8guard

#endif  // U8GUARD_UTF8_FILE_H_
