// SPDX-License-Identifier: Apache-2.0
// Internal: the PRECIS case mapping rule (RFC 8264 §5.2.3) on UTF-8,
// answered by ICU. (Width and space mappings are per code point: see
// mapping_table.h.)

#ifndef U8GUARD_SRC_UNICODE_MAPPINGS_H_
#define U8GUARD_SRC_UNICODE_MAPPINGS_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/case_mapping.h"

namespace u8guard::internal {

// Appends `valid_utf8` with `mapping` applied: ICU's full, locale-independent
// lower-casing (final sigma in context, no Turkic rules) or default full case
// folding. Returns Internal only if ICU fails.
absl::Status AppendCaseMapped(CaseMapping mapping, std::string_view valid_utf8,
                              std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_MAPPINGS_H_
