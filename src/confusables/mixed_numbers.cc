// SPDX-License-Identifier: Apache-2.0
// UTS #39 §5.3 mixed numbers through ICU's spoof checker.

#include "src/confusables/mixed_numbers.h"

#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/utypes.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "src/confusables/spoof_checker.h"
#include "src/utf8/ascii.h"
#include "u8guard/match.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace internal {
namespace {

// The process's mixed-number checker (OpenSpoofChecker).
const USpoofChecker* MixedNumbersChecker() {
  static const USpoofChecker* const checker =
      OpenSpoofChecker(USPOOF_MIXED_NUMBERS);
  return checker;
}

}  // namespace

absl::StatusOr<std::vector<char32_t>> DecimalSystemsOfValid(
    std::string_view valid_utf8) {
  std::vector<char32_t> zeros;
  if (IsAscii(valid_utf8)) {
    // The only ASCII digits (Nd) are 0-9: one system or none.
    for (const char c : valid_utf8) {
      if (c >= '0' && c <= '9') return std::vector<char32_t>{U'0'};
    }
    return zeros;
  }
  if (valid_utf8.size() > static_cast<size_t>(INT32_MAX)) {
    return absl::InvalidArgumentError("string too long for ICU (2 GiB)");
  }
  const USpoofChecker* sc = MixedNumbersChecker();
  if (sc == nullptr) return SpoofCheckerError("open", U_MISSING_RESOURCE_ERROR);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<USpoofCheckResult, SpoofResultDeleter> result(
      uspoof_openCheckResult(&status));
  if (U_FAILURE(status)) return SpoofCheckerError("open result", status);
  uspoof_check2UTF8(sc, valid_utf8.data(),
                    static_cast<int32_t>(valid_utf8.size()), result.get(),
                    &status);
  const USet* numerics = uspoof_getCheckResultNumerics(result.get(), &status);
  if (U_FAILURE(status)) return SpoofCheckerError("check", status);
  const int32_t items = uset_getItemCount(numerics);
  for (int32_t i = 0; i < items; ++i) {
    UChar32 first = 0;
    UChar32 last = 0;
    uset_getItem(numerics, i, &first, &last, nullptr, 0, &status);
    for (UChar32 c = first; c <= last; ++c) {
      zeros.push_back(static_cast<char32_t>(c));
    }
  }
  if (U_FAILURE(status)) return SpoofCheckerError("numerics", status);
  return zeros;
}

absl::StatusOr<bool> HasMixedNumbersValid(std::string_view valid_utf8) {
  absl::StatusOr<std::vector<char32_t>> zeros =
      DecimalSystemsOfValid(valid_utf8);
  if (!zeros.ok()) return zeros.status();
  return zeros->size() > 1;
}

}  // namespace internal

absl::StatusOr<std::vector<char32_t>> DecimalSystemsOf(const Profile& profile,
                                                       std::string_view bytes) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  return internal::DecimalSystemsOfValid(*key);
}

absl::StatusOr<bool> HasMixedNumbers(const Profile& profile,
                                     std::string_view bytes) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  return internal::HasMixedNumbersValid(*key);
}

}  // namespace u8guard
