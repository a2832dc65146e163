// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 §5.3 mixed-number detection, as ICU's spoof checker
// (USPOOF_MIXED_NUMBERS) detects them.

#ifndef U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_
#define U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace u8guard::internal {

// Returns the zero digit of each decimal system (UTS #39 §5.3) whose digits
// (general category Nd) `valid_utf8` (valid UTF-8) holds, ascending: none
// for "abc", {U+0030} for "a1", {U+0030, U+0660} for "1" + U+0661. Each
// digit's zero is the digit minus its numeric value, from ICU's character
// properties (u_charType, u_getNumericValue), as ICU's spoof checker
// computes it. Thread-safe; never fails (the Status is kept for callers
// that may meet a checker's errors).
absl::StatusOr<std::vector<char32_t>> DecimalSystemsOfValid(
    std::string_view valid_utf8);

// True when DecimalSystemsOfValid finds more than one system: what ICU's
// USPOOF_MIXED_NUMBERS reports. Stops at the second system.
absl::StatusOr<bool> HasMixedNumbersValid(std::string_view valid_utf8);

// DecimalSystemsOfValid computed by ICU's spoof checker (uspoof_check2UTF8
// with USPOOF_MIXED_NUMBERS, then uspoof_getCheckResultNumerics): its
// oracle, for tests. Internal when ICU fails.
absl::StatusOr<std::vector<char32_t>> IcuDecimalSystemsOfValid(
    std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_
