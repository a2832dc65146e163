// SPDX-License-Identifier: Apache-2.0
// The cold paths of Verdict.

#include "src/common/verdict.h"

#include <utility>

namespace u8guard::internal {

Verdict::Verdict(Rejection r)
    : failure_(std::make_unique<Failure>(Failure{std::move(r), {}})) {}

Verdict::Verdict(absl::Status status)
    : failure_(status.ok() ? nullptr
                           : std::make_unique<Failure>(
                                 Failure{std::nullopt, std::move(status)})) {}

absl::Status Verdict::FailureStatus() const {
  if (failure_->rejection) return RejectionError(*failure_->rejection);
  return failure_->error;
}

}  // namespace u8guard::internal
