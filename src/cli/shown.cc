// SPDX-License-Identifier: Apache-2.0
// Untrusted strings quoted for display.

#include "src/cli/shown.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "u8guard/display.h"

namespace u8guard::cli {

std::string QuotedPart(std::string_view shown, size_t size) {
  std::string out = absl::StrCat("\"", EscapeForDisplay(shown), "\"");
  if (size > shown.size()) absl::StrAppend(&out, "... (", size, " bytes)");
  return out;
}

std::string QuotedShown(std::string_view s, size_t size) {
  return QuotedPart(ShownPrefix(s), std::max(size, s.size()));
}

}  // namespace u8guard::cli
