// SPDX-License-Identifier: Apache-2.0
// The one reader of TOML text (policy files of profiles and of
// registration policies).

#ifndef U8GUARD_SRC_PROFILE_TOML_TEXT_H_
#define U8GUARD_SRC_PROFILE_TOML_TEXT_H_

#include <string_view>

#include "absl/status/statusor.h"
#include "toml++/toml.h"

namespace u8guard::internal {

// Parses `text` as TOML. A syntax error is InvalidArgument
// "SOURCE:LINE: TOML syntax error: DESCRIPTION", the source name and the
// parser's description (which may quote the text) escaped for display.
absl::StatusOr<toml::table> ParseTomlText(std::string_view text,
                                          std::string_view source);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PROFILE_TOML_TEXT_H_
