// SPDX-License-Identifier: Apache-2.0
// UTS #39 §5.3 mixed numbers: the decimal systems of a string's digits.

#include "src/confusables/mixed_numbers.h"

#include <unicode/uchar.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/utypes.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "src/confusables/spoof_checker.h"
#include "src/utf8/decode_valid.h"
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

absl::StatusOr<std::vector<char32_t>> IcuDecimalSystemsOfValid(
    std::string_view valid_utf8) {
  std::vector<char32_t> zeros;
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

namespace {

// Calls `found(zero)` for the zero of the decimal system of each digit of
// `valid_utf8`, in order, until it returns false: a digit is a code point
// of general category Nd, and its system's zero is the code point minus
// its numeric value (Unicode keeps each system's ten digits contiguous, in
// order: what ICU's spoof checker computes).
template <typename Found>
void ForEachDecimalZero(std::string_view valid_utf8, Found found) {
  for (const char *p = valid_utf8.data(), *end = p + valid_utf8.size();
       p < end;) {
    const auto b = static_cast<unsigned char>(*p);
    if (b < 0x80) {
      ++p;
      if (b >= '0' && b <= '9' && !found(U'0')) return;
      continue;
    }
    const auto cp = static_cast<UChar32>(DecodeValid(p));
    if (u_charType(cp) != U_DECIMAL_DIGIT_NUMBER) continue;
    const auto zero =
        static_cast<char32_t>(cp - static_cast<UChar32>(u_getNumericValue(cp)));
    if (!found(zero)) return;
  }
}

}  // namespace

absl::StatusOr<std::vector<char32_t>> DecimalSystemsOfValid(
    std::string_view valid_utf8) {
  std::vector<char32_t> zeros;
  ForEachDecimalZero(valid_utf8, [&](char32_t zero) {
    if (std::find(zeros.begin(), zeros.end(), zero) == zeros.end()) {
      zeros.push_back(zero);
    }
    return true;
  });
  std::sort(zeros.begin(), zeros.end());
  return zeros;
}

absl::StatusOr<bool> HasMixedNumbersValid(std::string_view valid_utf8) {
  char32_t first = 0;
  bool mixed = false;
  ForEachDecimalZero(valid_utf8, [&](char32_t zero) {
    if (first == 0) first = zero;
    mixed = zero != first;
    return !mixed;
  });
  return mixed;
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
