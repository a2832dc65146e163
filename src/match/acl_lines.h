// SPDX-License-Identifier: Apache-2.0
// Internal: the lines of a text in the ACL file format (acl.h), the one
// copy of its rule, for ACL files and registration policies' name lists.

#ifndef U8GUARD_SRC_MATCH_ACL_LINES_H_
#define U8GUARD_SRC_MATCH_ACL_LINES_H_

#include <cstddef>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"

namespace u8guard::internal {

// Calls `entry(line, number)` (number 1-based) for each line of `text` that
// is neither blank (empty, or spaces and tabs only) nor a comment (first
// byte '#'), without its newline, one "\r" before it, and, on line 1, the
// file's signature EF BB BF, whose presence `*signature` reports. A final
// newline ends the last line. Stops at, and returns, the first error
// `entry` returns.
absl::Status ForEachAclLine(
    std::string_view text, bool* signature,
    absl::FunctionRef<absl::Status(std::string_view line, size_t number)>
        entry);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_ACL_LINES_H_
