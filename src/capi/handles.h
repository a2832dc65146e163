// SPDX-License-Identifier: Apache-2.0
// The C API's opaque handles: each one wraps the C++ object it stands for.
// Created with new and destroyed with delete by the C API's _new/_open and
// _free functions only.

#ifndef U8GUARD_SRC_CAPI_HANDLES_H_
#define U8GUARD_SRC_CAPI_HANDLES_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/u8guard_c.h"
#include "u8guard/upgrade.h"
#include "u8guard/utf8.h"

struct u8guard_utf8_stream {
  u8guard::Utf8StreamValidator validator;
};

struct u8guard_profile {
  u8guard::Profile profile;
};

struct u8guard_allow_list {
  u8guard::AllowList list;
};

struct u8guard_deny_list {
  u8guard::DenyList list;
};

struct u8guard_registration_policy {
  u8guard::RegistrationPolicy policy;
};

namespace u8guard::capi {

// The policy a C caller passed, or the default one for NULL (every C
// function that takes a policy documents NULL as the default).
inline RegistrationPolicy PolicyOf(const u8guard_registration_policy* policy) {
  return policy != nullptr ? policy->policy : DefaultRegistrationPolicy();
}

}  // namespace u8guard::capi

struct u8guard_record_verification {
  u8guard::RecordVerification summary;
  std::vector<u8guard::RecordChange> changes;
};

struct u8guard_record_verifier {
  std::string profile_name;  // the records' profile
  // The changes of the last add; the verifier's sink fills it. Empty once
  // finished.
  std::vector<u8guard::RecordChange> last;
  std::optional<u8guard::RecordVerifier> verifier;
  // u8guard_record_verifier_finish_some was called: no more adds.
  bool finishing = false;

  // A verifier in bounded memory (u8guard_record_verifier_new_bounded)
  // instead of `verifier`: reset once finished, or spent by a failure.
  std::unique_ptr<u8guard::BoundedRecordVerifier> bounded;
  // Its callbacks, and whether one of them said stop.
  u8guard_record_verifier_options callbacks{};
  bool stopped = false;
  // Its result, between finish_some and finish.
  std::optional<u8guard::RecordVerification> bounded_result;
};

struct u8guard_acl_audit {
  u8guard::AclAudit audit;
  // RejectionMessage of each finding's rejection ("" when it has none), so
  // that u8guard_acl_audit_finding can hand out pointers that live as long
  // as the audit.
  std::vector<std::string> rejection_messages;
};

#endif  // U8GUARD_SRC_CAPI_HANDLES_H_
