// SPDX-License-Identifier: Apache-2.0
// Internal: the outcome of applying rules to untrusted input inside the
// library, with the rejection as structured data.

#ifndef U8GUARD_SRC_COMMON_VERDICT_H_
#define U8GUARD_SRC_COMMON_VERDICT_H_

#include <memory>
#include <optional>

#include "absl/status/status.h"
#include "u8guard/rejection.h"

namespace u8guard::internal {

// Accepted, rejected (a Rejection that callers may still adjust: shift its
// offset, name the profile, drop the code point of a secret), or failed for
// a reason that is not about the input (an ICU failure). Layers pass
// Verdicts up; public functions turn one into an absl::Status once, with
// ToStatus(). Accepting costs one null pointer.
class Verdict {
 public:
  // Accepted.
  Verdict() = default;
  // Rejected for `r`. (Out of line, in verdict.cc: rejecting is the cold
  // path, and callers stay small.)
  Verdict(Rejection r);  // NOLINT: implicit, so that `return Rejection{...};`
  // OK is accepted; any other status is a failure that carries no
  // Rejection of ours (it is passed through as is by ToStatus()).
  Verdict(absl::Status status);  // NOLINT: implicit, for `return status;`

  bool ok() const { return failure_ == nullptr; }

  // The rejection, or nullptr when accepted or failed for another reason.
  Rejection* rejection() const {
    return failure_ != nullptr && failure_->rejection ? &*failure_->rejection
                                                      : nullptr;
  }

  // OkStatus(), RejectionError(*rejection()), or the other failure.
  absl::Status ToStatus() const {
    if (failure_ == nullptr) [[likely]] {
      return absl::OkStatus();
    }
    return FailureStatus();
  }

 private:
  absl::Status FailureStatus() const;

  struct Failure {
    std::optional<Rejection> rejection;
    absl::Status error;
  };
  std::unique_ptr<Failure> failure_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_VERDICT_H_
