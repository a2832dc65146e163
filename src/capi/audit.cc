// SPDX-License-Identifier: Apache-2.0
// Audits of allow and deny lists.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "u8guard/acl.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::Fail;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Succeed;

// Whether `level` is a U8GUARD_RESTRICTION_*; sets options' when it is.
bool SetLevel(int32_t level, u8guard::AclAuditOptions& options) {
  if (level < U8GUARD_RESTRICTION_ASCII ||
      level > U8GUARD_RESTRICTION_UNRESTRICTIVE) {
    return false;
  }
  options.max_restriction_level = static_cast<u8guard::RestrictionLevel>(level);
  return true;
}

u8guard_status FailLevel(u8guard_error* error) {
  return Fail(error, U8GUARD_INVALID_ARGUMENT,
              "max_restriction_level is not a U8GUARD_RESTRICTION_*");
}

// The handle of `audit`, its findings in it, into *out.
u8guard_status Publish(absl::StatusOr<u8guard::AclAudit> audit,
                       u8guard_acl_audit** out, u8guard_error* error) {
  if (!audit.ok()) return FailWith(error, audit.status());
  std::unique_ptr<u8guard_acl_audit> handle(
      new u8guard_acl_audit{*std::move(audit), {}});
  for (const u8guard::AclFinding& f : handle->audit.findings) {
    handle->rejection_messages.push_back(
        f.rejection ? u8guard::RejectionMessage(*f.rejection) : "");
  }
  *out = handle.release();
  return Succeed(error);
}

u8guard_status Audit(const u8guard::AclIndex* index,
                     int32_t max_restriction_level, u8guard_acl_audit** out,
                     u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (index == nullptr) return FailNull(error, "list");
    u8guard::AclAuditOptions options;
    if (!SetLevel(max_restriction_level, options)) return FailLevel(error);
    return Publish(u8guard::AuditAcl(*index, options), out, error);
  });
}

}  // namespace

extern "C" {

u8guard_status u8guard_allow_list_audit(const u8guard_allow_list* list,
                                        int32_t max_restriction_level,
                                        u8guard_acl_audit** out,
                                        u8guard_error* error) {
  return Audit(list == nullptr ? nullptr : &list->list.index(),
               max_restriction_level, out, error);
}

u8guard_status u8guard_deny_list_audit(const u8guard_deny_list* list,
                                       int32_t max_restriction_level,
                                       u8guard_acl_audit** out,
                                       u8guard_error* error) {
  return Audit(list == nullptr ? nullptr : &list->list.index(),
               max_restriction_level, out, error);
}

u8guard_status u8guard_acl_audit_file(
    const u8guard_profile* profile, const char* path,
    int32_t max_restriction_level, size_t memory_budget, const char* temp_dir,
    u8guard_acl_audit** out, u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    if (path == nullptr) return FailNull(error, "path");
    u8guard::AclAuditOptions options;
    if (!SetLevel(max_restriction_level, options)) return FailLevel(error);
    options.memory_budget = memory_budget;
    if (temp_dir != nullptr) options.temp_dir = temp_dir;
    std::vector<u8guard::AclFinding> findings;
    absl::StatusOr<u8guard::AclAudit> audit = u8guard::AuditAclFile(
        profile->profile, path, options,
        [&](const u8guard::AclFinding& f) { findings.push_back(f); });
    if (audit.ok()) audit->findings = std::move(findings);
    return Publish(std::move(audit), out, error);
  });
}

void u8guard_acl_audit_free(u8guard_acl_audit* audit) { delete audit; }

size_t u8guard_acl_audit_entries(const u8guard_acl_audit* audit) {
  return audit == nullptr ? 0 : audit->audit.entries;
}

size_t u8guard_acl_audit_valid_entries(const u8guard_acl_audit* audit) {
  return audit == nullptr ? 0 : audit->audit.valid_entries;
}

size_t u8guard_acl_audit_finding_count(const u8guard_acl_audit* audit) {
  return audit == nullptr ? 0 : audit->audit.findings.size();
}

u8guard_status u8guard_acl_audit_finding(const u8guard_acl_audit* audit,
                                         size_t index,
                                         u8guard_acl_finding* finding) {
  if (audit == nullptr || finding == nullptr ||
      index >= audit->audit.findings.size()) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  const u8guard::AclFinding& f = audit->audit.findings[index];
  finding->kind = static_cast<int32_t>(f.kind);
  finding->index = f.index;
  finding->line = f.line;
  finding->original = f.original.data();
  finding->original_len = f.original.size();
  finding->key = f.key.data();
  finding->key_len = f.key.size();
  finding->other_index = f.other_index;
  finding->other_line = f.other_line;
  finding->other_original = f.other_original.data();
  finding->other_original_len = f.other_original.size();
  finding->other_key = f.other_key.data();
  finding->other_key_len = f.other_key.size();
  finding->skeleton = f.skeleton.data();
  finding->skeleton_len = f.skeleton.size();
  finding->rejection_rule = f.rejection
                                ? static_cast<u8guard_rule_t>(f.rejection->rule)
                                : U8GUARD_RULE_NONE;
  finding->rejection_offset = f.rejection ? f.rejection->offset : 0;
  finding->rejection_code_point =
      f.rejection && f.rejection->code_point
          ? static_cast<int32_t>(*f.rejection->code_point)
          : -1;
  finding->rejection_message = audit->rejection_messages[index].c_str();
  finding->restriction_level = f.kind == u8guard::AclFindingKind::kMixedScript
                                   ? static_cast<int32_t>(f.level)
                                   : 0;
  return U8GUARD_OK;
}

size_t u8guard_acl_audit_finding_original_size(const u8guard_acl_audit* audit,
                                               size_t index) {
  if (audit == nullptr || index >= audit->audit.findings.size()) return 0;
  return audit->audit.findings[index].original_size;
}

}  // extern "C"
