// SPDX-License-Identifier: Apache-2.0
// Internal: ICU spoof checkers of the confusables layer, opened once per
// process and only read afterwards.

#ifndef U8GUARD_SRC_CONFUSABLES_SPOOF_CHECKER_H_
#define U8GUARD_SRC_CONFUSABLES_SPOOF_CHECKER_H_

#include <unicode/uspoof.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace u8guard::internal {

// A spoof checker with `checks` (USPOOF_* flags) set, configured before it
// is returned and never modified afterwards, so every use through a const
// pointer is thread-safe (ICU: "functions that take a const USpoofChecker
// parameter are thread safe") once the caller stores it as a const pointer;
// nullptr when ICU cannot open it. Callers keep it in a function-local
// static: it lives as long as the process.
inline USpoofChecker* OpenSpoofChecker(int32_t checks) {
  UErrorCode status = U_ZERO_ERROR;
  USpoofChecker* sc = uspoof_open(&status);
  if (U_FAILURE(status)) return nullptr;
  uspoof_setChecks(sc, checks, &status);
  if (U_FAILURE(status)) {
    uspoof_close(sc);
    return nullptr;
  }
  return sc;
}

// Closes a USpoofCheckResult (for std::unique_ptr).
struct SpoofResultDeleter {
  void operator()(USpoofCheckResult* r) const { uspoof_closeCheckResult(r); }
};

// Internal: "ICU spoof checker: <what>: <ICU's error name>".
inline absl::Status SpoofCheckerError(std::string_view what,
                                      UErrorCode status) {
  return absl::InternalError(absl::StrCat(
      "ICU spoof checker: ", std::string(what), ": ", u_errorName(status)));
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_SPOOF_CHECKER_H_
