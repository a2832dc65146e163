// SPDX-License-Identifier: Apache-2.0
// The ACL audit: file signature, BOMs, invalid entries, collisions,
// look-alikes, mixed-script entries, mixed numbers, streamed in list order.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "src/acl/acl_audit_internal.h"
#include "src/acl/acl_storage.h"
#include "src/common/enum_names.h"
#include "src/common/progress_counter.h"
#include "src/confusables/mixed_numbers.h"
#include "src/confusables/skeleton.h"
#include "u8guard/acl.h"

namespace u8guard {
namespace internal {

AclFinding About(AclFindingKind kind, const AclEntry& e) {
  AclFinding f;
  f.kind = kind;
  f.index = e.index;
  f.line = e.line;
  f.original = std::string(e.original);
  f.original_size = e.original.size();
  f.key = std::string(e.key);
  return f;
}

void SetOther(AclFinding& f, const AclEntry& other) {
  f.other_index = other.index;
  f.other_line = other.line;
  f.other_original = std::string(other.original);
  f.other_key = std::string(other.key);
}

absl::Status AuditScripts(const AclEntry& e, const AclAuditOptions& options,
                          absl::FunctionRef<void(const AclFinding&)> emit) {
  const absl::StatusOr<RestrictionLevel> level = RestrictionLevelOfValid(e.key);
  if (!level.ok()) return level.status();
  if (*level > options.max_restriction_level) {
    AclFinding f = About(AclFindingKind::kMixedScript, e);
    f.level = *level;
    emit(f);
  }
  const absl::StatusOr<bool> mixed = HasMixedNumbersValid(e.key);
  if (!mixed.ok()) return mixed.status();
  if (*mixed) emit(About(AclFindingKind::kMixedNumbers, e));
  return absl::OkStatus();
}

}  // namespace internal

namespace {

using internal::About;
using internal::SetOther;

constexpr internal::EnumName<AclFindingKind> kFindingKindNames[] = {
    {AclFindingKind::kFileSignature, "file_signature"},
    {AclFindingKind::kBom, "bom"},
    {AclFindingKind::kInvalid, "invalid"},
    {AclFindingKind::kCollision, "collision"},
    {AclFindingKind::kLookalike, "lookalike"},
    {AclFindingKind::kMixedScript, "mixed_script"},
    {AclFindingKind::kMixedNumbers, "mixed_numbers"},
};

// Debian's Abseil has its own string_view; the maps key on it.
absl::string_view Absl(std::string_view s) {
  return absl::string_view(s.data(), s.size());
}

// The first valid entry (its valid position) of each look-alike skeleton
// seen so far (an entry has up to three: of its key, its original, its
// enforced form). Skeletons are held as 64-bit hashes, not strings; a hash
// that matches is confirmed by recomputing the earlier entry's skeletons,
// and the rare different skeleton with the same hash goes to `overflow`.
class SkeletonFirsts {
 public:
  explicit SkeletonFirsts(const AclIndex& index) : index_(index) {
    by_hash_.reserve(index.size());
  }

  // The first valid position with `skeleton` before `v`, or -1; records `v`
  // as the first one when there was none.
  absl::StatusOr<int64_t> FirstOrAdd(std::string_view skeleton, size_t v) {
    const uint64_t hash = internal::TableHash(skeleton);
    const auto [it, inserted] = by_hash_.try_emplace(hash, v);
    if (inserted || it->second == v) return -1;
    const AclEntry e = index_.entry(it->second);
    if (absl::Status s = internal::LookalikeSkeletonsInto(e.key, earlier_);
        !s.ok()) {
      return s;
    }
    if (earlier_.Contains(skeleton)) return static_cast<int64_t>(it->second);
    const auto [o, added] = overflow_.try_emplace(std::string(skeleton), v);
    return added ? -1 : static_cast<int64_t>(o->second);
  }

 private:
  const AclIndex& index_;
  absl::flat_hash_map<uint64_t, size_t> by_hash_;
  absl::flat_hash_map<std::string, size_t> overflow_;
  internal::LookalikeSkeletons earlier_;
};

// One streaming audit: walks the entries in list order (valid ones by
// valid position, invalid ones and BOM markers merged by entry index) and
// hands each finding to the sink, counting it in the summary.
class Auditor {
 public:
  Auditor(const AclIndex& index, const AclAuditOptions& options,
          AclFindingSink sink, AclAudit& audit)
      : index_(index),
        options_(options),
        sink_(sink),
        audit_(audit),
        invalid_(index.invalid_entries()),
        first_by_skeleton_(index) {
    first_by_key_.reserve(index.size());
  }

  // Audits every entry; Internal when ICU's confusable data cannot be
  // loaded.
  absl::Status Run() {
    if (index_.file_signature()) {
      AclFinding f;
      f.kind = AclFindingKind::kFileSignature;
      f.line = 1;
      Emit(f);
    }
    const std::vector<size_t>& boms = index_.bom_entries();
    size_t bom = 0;
    internal::ProgressCounter progress(options_.progress, 0,
                                       index_.entry_count());
    // (Each entry is counted after its findings, whichever way it ends.)
    for (size_t i = 0; i < index_.entry_count(); ++i, progress.Record(0)) {
      const bool is_valid = v_ < index_.size() && index_.entry(v_).index == i;
      const bool has_bom = bom < boms.size() && boms[bom] == i;
      if (has_bom) ++bom;
      if (!is_valid) {
        AuditInvalid(has_bom);
        continue;
      }
      if (absl::Status s = AuditValid(has_bom); !s.ok()) return s;
      ++v_;
    }
    progress.Finish();
    return absl::OkStatus();
  }

 private:
  void Emit(const AclFinding& f) {
    ++audit_.finding_count;
    sink_(f);
  }

  // The next invalid entry (the index records every entry it did not
  // accept): its BOM, then its rejection.
  void AuditInvalid(bool has_bom) {
    AclInvalidEntry e = invalid_[bad_++];
    AclFinding f;
    f.index = e.index;
    f.line = e.line;
    f.original = std::move(e.original);
    f.original_size = e.original_size;
    if (has_bom) {
      f.kind = AclFindingKind::kBom;
      Emit(f);
    }
    f.kind = AclFindingKind::kInvalid;
    f.rejection = std::move(e.rejection);
    Emit(f);
  }

  // The valid entry at position v_: its BOM, then a collision with the
  // first entry of its key, or else its look-alike and mixed-script
  // findings.
  absl::Status AuditValid(bool has_bom) {
    const AclEntry e = index_.entry(v_);
    if (has_bom) Emit(About(AclFindingKind::kBom, e));
    const auto [key_it, new_key] = first_by_key_.emplace(Absl(e.key), v_);
    if (!new_key) {
      // Same key, hence same skeleton and level as the first: one finding.
      AclFinding f = About(AclFindingKind::kCollision, e);
      SetOther(f, index_.entry(key_it->second));
      Emit(f);
      return absl::OkStatus();
    }
    if (absl::Status s = AuditLookalike(e); !s.ok()) return s;
    return internal::AuditScripts(e, options_,
                                  [&](const AclFinding& f) { Emit(f); });
  }

  // A look-alike finding against the earliest entry that shares any of
  // this entry's skeletons, if one does.
  absl::Status AuditLookalike(const AclEntry& e) {
    if (absl::Status s = internal::LookalikeSkeletonsInto(e.key, skeletons_);
        !s.ok()) {
      return s;
    }
    int64_t earliest = -1;
    size_t shared = 0;
    for (size_t k = 0; k < skeletons_.size; ++k) {
      const absl::StatusOr<int64_t> first =
          first_by_skeleton_.FirstOrAdd(skeletons_.skeleton[k], v_);
      if (!first.ok()) return first.status();
      if (*first >= 0 && (earliest < 0 || *first < earliest)) {
        earliest = *first;
        shared = k;
      }
    }
    if (earliest >= 0) {
      AclFinding f = About(AclFindingKind::kLookalike, e);
      SetOther(f, index_.entry(static_cast<size_t>(earliest)));
      f.skeleton = skeletons_.skeleton[shared];
      Emit(f);
    }
    return absl::OkStatus();
  }

  const AclIndex& index_;
  const AclAuditOptions& options_;
  AclFindingSink sink_;
  AclAudit& audit_;
  const AclInvalidEntries invalid_;
  absl::flat_hash_map<absl::string_view, size_t> first_by_key_;
  SkeletonFirsts first_by_skeleton_;
  internal::LookalikeSkeletons skeletons_;
  size_t v_ = 0;    // the valid position of the next valid entry
  size_t bad_ = 0;  // the position of the next invalid entry
};

}  // namespace

std::string_view AclFindingKindName(AclFindingKind kind) {
  return internal::NameIn(kFindingKindNames, kind);
}

absl::StatusOr<AclAudit> AuditAcl(const AclIndex& index,
                                  const AclAuditOptions& options,
                                  AclFindingSink sink) {
  AclAudit audit;
  audit.profile = index.profile().name;
  audit.entries = index.entry_count();
  audit.valid_entries = index.size();
  audit.icu_version = index.icu_version();
  audit.unicode_version = index.unicode_version();
  if (absl::Status s = Auditor(index, options, sink, audit).Run(); !s.ok()) {
    return s;
  }
  return audit;
}

absl::StatusOr<AclAudit> AuditAcl(const AclIndex& index,
                                  const AclAuditOptions& options) {
  std::vector<AclFinding> findings;
  absl::StatusOr<AclAudit> audit = AuditAcl(
      index, options, [&](const AclFinding& f) { findings.push_back(f); });
  if (audit.ok()) audit->findings = std::move(findings);
  return audit;
}

}  // namespace u8guard
