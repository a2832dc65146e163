// SPDX-License-Identifier: Apache-2.0
// Outcomes of resolving beneath a root.

#include "src/path/beneath.h"

#include <string>

#include "u8guard/display.h"

namespace u8guard::internal {

BeneathOutcome RefusedBy(Rule rule, std::string_view path, size_t prefix_end) {
  Rejection r;
  r.rule = rule;
  r.source = RejectionSource::kOpen;
  // For display only (rejection.h): escaped, since a sanitized path may
  // still hold format characters such as U+202E.
  r.detail = EscapeForDisplay(path.substr(0, prefix_end));
  BeneathOutcome out;
  out.rejection = std::move(r);
  return out;
}

}  // namespace u8guard::internal
