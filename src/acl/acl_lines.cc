// SPDX-License-Identifier: Apache-2.0
#include "src/acl/acl_lines.h"

#include "absl/strings/str_split.h"
#include "u8guard/bom.h"

namespace u8guard::internal {

absl::Status ForEachLine(std::string_view text, LineFunction entry) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  if (text.empty()) return absl::OkStatus();
  size_t number = 0;
  for (const absl::string_view piece :
       absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    std::string_view line(piece.data(), piece.size());
    ++number;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (absl::Status s = entry(line, number); !s.ok()) return s;
  }
  return absl::OkStatus();
}

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

bool AclEntryOfLine(std::string_view& line, size_t number, bool* signature) {
  if (number == 1 && line.starts_with(kUtf8Bom)) {
    line.remove_prefix(kUtf8Bom.size());  // the file's signature, once
    *signature = true;
  }
  return !IsBlankLine(line) && line.front() != '#';
}

absl::Status ForEachAclLine(std::string_view text, bool* signature,
                            LineFunction entry) {
  *signature = false;
  return ForEachLine(text, [&](std::string_view line, size_t number) {
    if (!AclEntryOfLine(line, number, signature)) return absl::OkStatus();
    return entry(line, number);
  });
}

}  // namespace u8guard::internal
