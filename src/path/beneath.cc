// SPDX-License-Identifier: Apache-2.0
// Outcomes of resolving beneath a root.

#include "src/path/beneath.h"

#include <string>

namespace u8guard::internal {

BeneathOutcome RefusedBy(Rule rule, std::string_view path, size_t prefix_end) {
  Rejection r;
  r.rule = rule;
  r.source = RejectionSource::kOpen;
  r.detail = std::string(path.substr(0, prefix_end));
  BeneathOutcome out;
  out.rejection = std::move(r);
  return out;
}

}  // namespace u8guard::internal
