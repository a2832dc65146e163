// Internal: reading a whole file, with one error convention.

#ifndef U8GUARD_SRC_COMMON_READ_FILE_H_
#define U8GUARD_SRC_COMMON_READ_FILE_H_

#include <string>

#include "absl/status/statusor.h"

namespace u8guard::internal {

// Returns the bytes of the file at `path`. Errors name the path and come
// from errno (absl::ErrnoToStatus): NotFound, PermissionDenied, ... for
// open and read failures.
absl::StatusOr<std::string> ReadFileToString(const std::string& path);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_READ_FILE_H_
