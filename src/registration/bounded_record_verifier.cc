// SPDX-License-Identifier: Apache-2.0
// BoundedRecordVerifier (upgrade.h): the verification in bounded memory
// (internal::ExternalVerifier), fed one record at a time.

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/registration/upgrade_internal.h"
#include "u8guard/upgrade.h"

namespace u8guard {

class BoundedRecordVerifier::Impl {
 public:
  Impl(const Profile& profile, const RegistrationPolicy& policy,
       std::function<void(const RecordChange&)> sink, RecordFileOptions options)
      : sink_(std::move(sink)), options_(std::move(options)) {
    if (options_.memory_budget == 0) {
      options_.memory_budget = kDefaultVerifyMemoryBudget;
    }
    verifier_.emplace(profile, policy, forward_, options_);
  }

  // The verifier, or FailedPrecondition once finished.
  absl::StatusOr<internal::ExternalVerifier*> Open() {
    if (!verifier_.has_value()) {
      return absl::FailedPreconditionError("the verifier is finished");
    }
    return &*verifier_;
  }

  // `s`, after spending the verifier when `s` is a failure other than a
  // refused record (its temporary files, options.interrupt, ICU).
  absl::Status Spend(absl::Status s) {
    if (!s.ok() && s.code() != absl::StatusCode::kInvalidArgument) {
      verifier_.reset();
    }
    return s;
  }

  absl::StatusOr<RecordVerification> Finish() {
    absl::StatusOr<internal::ExternalVerifier*> v = Open();
    if (!v.ok()) return v.status();
    absl::StatusOr<RecordVerification> done = (*v)->Finish();
    verifier_.reset();  // its temporary files, now
    return done;
  }

 private:
  void Forward(const RecordChange& c) {
    if (sink_) sink_(c);
  }

  std::function<void(const RecordChange&)> sink_;
  RecordFileOptions options_;
  // The ExternalVerifier keeps a reference to a sink: this one, which
  // lives as long as the Impl.
  std::function<void(const RecordChange&)> forward_ =
      [this](const RecordChange& c) { Forward(c); };
  std::optional<internal::ExternalVerifier> verifier_;
};

BoundedRecordVerifier::BoundedRecordVerifier(
    const Profile& profile, const RegistrationPolicy& policy,
    std::function<void(const RecordChange&)> sink, RecordFileOptions options)
    : impl_(std::make_unique<Impl>(profile, policy, std::move(sink),
                                   std::move(options))) {}

BoundedRecordVerifier::~BoundedRecordVerifier() = default;

absl::Status BoundedRecordVerifier::Add(NameRecord record, size_t line) {
  absl::StatusOr<internal::ExternalVerifier*> v = impl_->Open();
  if (!v.ok()) return v.status();
  return impl_->Spend((*v)->Add(std::move(record), line));
}

absl::Status BoundedRecordVerifier::AddLine(std::string_view text,
                                            size_t line) {
  absl::StatusOr<internal::ExternalVerifier*> v = impl_->Open();
  if (!v.ok()) return v.status();
  return impl_->Spend((*v)->AddLine(text, line));
}

absl::Status BoundedRecordVerifier::AddDerived(NameRecord record,
                                               NameRecord now, size_t line) {
  absl::StatusOr<internal::ExternalVerifier*> v = impl_->Open();
  if (!v.ok()) return v.status();
  return impl_->Spend(
      (*v)->AddDerived(std::move(record), std::move(now), line));
}

absl::StatusOr<RecordVerification> BoundedRecordVerifier::Finish() && {
  return impl_->Finish();
}

}  // namespace u8guard
