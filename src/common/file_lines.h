// SPDX-License-Identifier: Apache-2.0
// Internal: the lines of a regular file read in pieces, never whole, for
// the operations that stream a file of any size in bounded memory (upgrade
// verification, ACL audits).

#ifndef U8GUARD_SRC_COMMON_FILE_LINES_H_
#define U8GUARD_SRC_COMMON_FILE_LINES_H_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/progress.h"

namespace u8guard::internal {

// Calls `entry(line, number)` for each line of the regular file at `path`
// (shown in messages as `shown`), read in pieces: each line without its
// "\n" and one "\r" before it, numbered from 1, the last one without a
// final newline included. A line longer than `max_line` bytes is
// ResourceExhausted naming its number; NotFound, PermissionDenied, and
// FailedPrecondition for what is not a regular file (a FIFO is refused
// without waiting for a writer), each naming `shown`; a read error, the
// errno's status. `progress` hears of every line that `entry` says is a
// record (it returns whether it was) with the bytes consumed, and once at
// the end. Stops at, and returns, the first error `entry` returns.
absl::Status ForEachFileLine(
    const std::string& path, std::string_view shown, size_t max_line,
    const ProgressCallback& progress,
    const std::function<absl::StatusOr<bool>(std::string_view, size_t)>& entry);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_FILE_LINES_H_
