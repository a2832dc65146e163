// SPDX-License-Identifier: Apache-2.0
// Internal: reading a whole file, with one error convention and a bound.

#ifndef U8GUARD_SRC_COMMON_READ_FILE_H_
#define U8GUARD_SRC_COMMON_READ_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace u8guard::internal {

// Returns the bytes of the regular file at `path` (a symbolic link is
// followed). Every error names the file as `shown`, the caller's escaped
// form of the path (EscapeForDisplay(path) above the unicode layer: a file
// name may come from a directory listing or a client, and messages reach
// logs, C and Python callers): the errno-based status of a failed open or
// read (NotFound, PermissionDenied, ...), carrying the errno (ErrnoStatus);
// InvalidArgument for a path with a NUL byte (CheckFileName);
// FailedPrecondition for anything but a regular file (a directory, a device
// such as /dev/zero, a FIFO), which could be endless, refused without
// blocking; ResourceExhausted for a file larger than `max_bytes`, checked
// before reading and again while reading (a file that grows meanwhile).
absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes,
                                             std::string_view shown);

// As above, naming the file as ShownFileName(path) (system_error.h).
absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             size_t max_bytes);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_READ_FILE_H_
