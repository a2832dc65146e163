// SPDX-License-Identifier: Apache-2.0
// The one reader of TOML text.

#include "src/profile/toml_text.h"

#include "absl/strings/str_format.h"
#include "u8guard/display.h"

namespace u8guard::internal {

absl::StatusOr<toml::table> ParseTomlText(std::string_view text,
                                          std::string_view source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s:%d: TOML syntax error: %s", EscapeForDisplay(source),
        e.source().begin.line, EscapeForDisplay(e.description())));
  }
}

}  // namespace u8guard::internal
