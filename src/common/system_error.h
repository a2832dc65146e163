// SPDX-License-Identifier: Apache-2.0
// Internal: the statuses of failed system calls (carrying their errno) and
// the check every file name passes before one.

#ifndef U8GUARD_SRC_COMMON_SYSTEM_ERROR_H_
#define U8GUARD_SRC_COMMON_SYSTEM_ERROR_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace u8guard::internal {

// The status of a system call that failed with `error` on `what` (a name
// already quoted or escaped by the caller): absl::ErrnoToStatus's code and
// message, NotFound for ENOTDIR as for ENOENT (a file where the path needs
// a directory), and the errno as a payload that ErrnoOf reads back (the
// public SystemErrno, open_beneath.h).
absl::Status ErrnoStatus(int error, std::string_view what);

// The errno that ErrnoStatus attached to `status`; nullopt for OK and for
// every other status.
std::optional<int> ErrnoOf(const absl::Status& status);

// `path` as the layers below unicode show a file name in a message (they
// have no EscapeForDisplay, display.h): absl::CHexEscape, printable ASCII
// as it is and anything else as \xHH (quotes and backslashes escaped), so
// that no control character, escape sequence or bidi override in a name
// reaches a log. Layers above pass EscapeForDisplay(path) where they can.
std::string ShownFileName(std::string_view path);

// OK, or InvalidArgument when `path` holds a NUL byte: a system call would
// take the name only up to it ("users.acl\0.bak" would open "users.acl"),
// so such a name is refused before any. The message shows the name escaped
// (absl::CHexEscape).
absl::Status CheckFileName(std::string_view path);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_SYSTEM_ERROR_H_
