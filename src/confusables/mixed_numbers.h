// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 §5.3 mixed-number detection from ICU's spoof checker
// (USPOOF_MIXED_NUMBERS).

#ifndef U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_
#define U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace u8guard::internal {

// Returns the zero digit of each decimal system (UTS #39 §5.3) whose digits
// (general category Nd) `valid_utf8` (valid UTF-8) holds, ascending: none
// for "abc", {U+0030} for "a1", {U+0030, U+0660} for "1" + U+0661. ASCII
// input is answered without ICU; anything else by ICU's spoof checker
// (uspoof_check2UTF8 with USPOOF_MIXED_NUMBERS, then
// uspoof_getCheckResultNumerics). Internal when ICU fails. Thread-safe: the
// checker is created once and only read.
absl::StatusOr<std::vector<char32_t>> DecimalSystemsOfValid(
    std::string_view valid_utf8);

// True when DecimalSystemsOfValid finds more than one system: what ICU's
// USPOOF_MIXED_NUMBERS reports. Errors as DecimalSystemsOfValid.
absl::StatusOr<bool> HasMixedNumbersValid(std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_MIXED_NUMBERS_H_
