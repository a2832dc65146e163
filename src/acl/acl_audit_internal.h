// SPDX-License-Identifier: Apache-2.0
// Internal: the rules of an ACL audit that do not depend on how the
// entries are grouped, shared by the audit of an index (acl_audit.cc: hash
// tables, in list order) and the audit of a file in bounded memory
// (acl_audit_file.cc: external sorts).

#ifndef U8GUARD_SRC_ACL_ACL_AUDIT_INTERNAL_H_
#define U8GUARD_SRC_ACL_ACL_AUDIT_INTERNAL_H_

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "u8guard/acl.h"

namespace u8guard::internal {

// A finding of `kind` about entry `e`: its index, line, original and key.
AclFinding About(AclFindingKind kind, const AclEntry& e);

// Sets the finding's other entry (kCollision, kLookalike) to `other`.
void SetOther(AclFinding& f, const AclEntry& other);

// The findings of the first entry of its key besides a look-alike one, in
// this order: kMixedScript when its restriction level is looser than
// options.max_restriction_level, kMixedNumbers when its digits are of more
// than one decimal system (UTS #39 §5.3). Internal when ICU fails.
absl::Status AuditScripts(const AclEntry& e, const AclAuditOptions& options,
                          absl::FunctionRef<void(const AclFinding&)> emit);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_AUDIT_INTERNAL_H_
