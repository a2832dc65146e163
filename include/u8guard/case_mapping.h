// SPDX-License-Identifier: Apache-2.0
// Case mapping (RFC 8264 §5.2.3), as profiles and the Unicode layer name it.

#ifndef U8GUARD_CASE_MAPPING_H_
#define U8GUARD_CASE_MAPPING_H_

#include <cstdint>
#include <string_view>

#include "absl/status/statusor.h"
#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// The case mapping rule of a profile.
enum class CaseMapping : uint8_t {
  kNone,
  kLower,  // Unicode toLower, full, locale-independent (no Turkic rules)
  kFold,   // Unicode default full case folding
};

// Returns "none", "lower" or "fold" (the names policy files use).
std::string_view CaseMappingName(CaseMapping mapping);

// Parses a name CaseMappingName returns (exactly,
// case-sensitive). InvalidArgument naming the accepted names otherwise.
absl::StatusOr<CaseMapping> ParseCaseMapping(std::string_view name);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_CASE_MAPPING_H_
