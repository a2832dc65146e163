// SPDX-License-Identifier: Apache-2.0
// Internal: the lines of a text file, and the ACL file format's rule for
// them (acl.h), one copy each: for ACL files, registration policies' name
// lists, and the name lists and records of upgrade verification.

#ifndef U8GUARD_SRC_ACL_ACL_LINES_H_
#define U8GUARD_SRC_ACL_ACL_LINES_H_

#include <cstddef>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"

namespace u8guard::internal {

// What ForEachLine and ForEachAclLine call: a line and its number.
using LineFunction =
    absl::FunctionRef<absl::Status(std::string_view line, size_t number)>;

// Calls `entry(line, number)` (number 1-based) for each line of `text`,
// without its newline and one "\r" before it. A final newline ends the
// last line; an empty text has no line. Stops at, and returns, the first
// error `entry` returns.
absl::Status ForEachLine(std::string_view text, LineFunction entry);

// How many bytes of `text` come before the end of `line`, a line that
// ForEachLine or ForEachAclLine handed out (a view into `text`), with the
// "\r\n" or "\n" that ends it: the bytes consumed once the line is read,
// for a ProgressCallback (progress.h). The last line gives text.size().
inline size_t ConsumedBytes(std::string_view text, std::string_view line) {
  size_t end = static_cast<size_t>(line.data() + line.size() - text.data());
  if (end < text.size() && text[end] == '\r') ++end;
  if (end < text.size() && text[end] == '\n') ++end;
  return end;
}

// True for an empty line or one of spaces and tabs only.
bool IsBlankLine(std::string_view line);

// The ACL file format's rule for line `number` (1-based) of a file: on
// line 1 the file's signature EF BB BF is removed from `line` (and
// *signature set to true; left alone otherwise); then false for a blank
// line or a comment (first byte '#'), which is no entry, else true.
bool AclEntryOfLine(std::string_view& line, size_t number, bool* signature);

// ForEachLine for the ACL file format: blank lines and comments (first
// byte '#') skipped, and on line 1 the file's signature EF BB BF removed,
// whose presence `*signature` reports.
absl::Status ForEachAclLine(std::string_view text, bool* signature,
                            LineFunction entry);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_LINES_H_
