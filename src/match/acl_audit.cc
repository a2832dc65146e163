// The ACL audit: file signature, BOMs, invalid entries, collisions,
// look-alikes, mixed-script entries.

#include <algorithm>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "src/common/enum_names.h"
#include "src/match/skeleton.h"
#include "u8guard/acl.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<AclFindingKind> kFindingKindNames[] = {
    {AclFindingKind::kFileSignature, "file_signature"},
    {AclFindingKind::kBom, "bom"},
    {AclFindingKind::kInvalid, "invalid"},
    {AclFindingKind::kCollision, "collision"},
    {AclFindingKind::kLookalike, "lookalike"},
    {AclFindingKind::kMixedScript, "mixed_script"},
};

// Debian's Abseil has its own string_view; the maps key on it.
absl::string_view Absl(std::string_view s) {
  return absl::string_view(s.data(), s.size());
}

AclFinding About(AclFindingKind kind, const AclEntry& e) {
  AclFinding f;
  f.kind = kind;
  f.index = e.index;
  f.line = e.line;
  f.original = std::string(e.original);
  f.key = std::string(e.key);
  return f;
}

void SetOther(AclFinding& f, const AclEntry& other) {
  f.other_index = other.index;
  f.other_line = other.line;
  f.other_original = std::string(other.original);
  f.other_key = std::string(other.key);
}

// The BOM finding of entry `index`, which is valid or invalid.
AclFinding BomFinding(const AclIndex& index, size_t entry_index) {
  const auto& invalid = index.invalid_entries();
  const auto bad = std::lower_bound(
      invalid.begin(), invalid.end(), entry_index,
      [](const AclInvalidEntry& e, size_t i) { return e.index < i; });
  AclFinding f;
  f.kind = AclFindingKind::kBom;
  f.index = entry_index;
  if (bad != invalid.end() && bad->index == entry_index) {
    f.line = bad->line;
    f.original = bad->original;
    return f;
  }
  // A valid entry: valid positions are increasing in entry index.
  size_t lo = 0, hi = index.size();
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (index.entry(mid).index < entry_index) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  const AclEntry e = index.entry(lo);
  f.line = e.line;
  f.original = std::string(e.original);
  f.key = std::string(e.key);
  return f;
}

}  // namespace

std::string_view AclFindingKindName(AclFindingKind kind) {
  return internal::NameIn(kFindingKindNames, kind);
}

absl::StatusOr<AclAudit> AuditAcl(const AclIndex& index,
                                  const AclAuditOptions& options) {
  AclAudit audit;
  audit.profile = index.profile().name;
  audit.entries = index.entry_count();
  audit.valid_entries = index.size();
  audit.icu_version = index.icu_version();
  audit.unicode_version = index.unicode_version();
  std::vector<AclFinding>& out = audit.findings;

  for (const size_t i : index.bom_entries()) {
    out.push_back(BomFinding(index, i));
  }
  for (const AclInvalidEntry& bad : index.invalid_entries()) {
    AclFinding f;
    f.kind = AclFindingKind::kInvalid;
    f.index = bad.index;
    f.line = bad.line;
    f.original = bad.original;
    f.rejection = bad.rejection;
    out.push_back(std::move(f));
  }

  // Keys and skeletons, first entry (valid position) of each.
  absl::flat_hash_map<absl::string_view, size_t> first_by_key;
  absl::flat_hash_map<std::string, size_t> first_by_skeleton;
  first_by_key.reserve(index.size());
  first_by_skeleton.reserve(index.size());
  std::string skeleton;
  for (size_t v = 0; v < index.size(); ++v) {
    const AclEntry e = index.entry(v);
    const auto [key_it, new_key] = first_by_key.emplace(Absl(e.key), v);
    if (!new_key) {
      // Same key, hence same skeleton and level as the first: one finding.
      AclFinding f = About(AclFindingKind::kCollision, e);
      SetOther(f, index.entry(key_it->second));
      out.push_back(std::move(f));
      continue;
    }
    if (absl::Status s = internal::SkeletonInto(e.key, skeleton); !s.ok()) {
      return s;
    }
    const auto [skel_it, new_skeleton] =
        first_by_skeleton.try_emplace(skeleton, v);
    if (!new_skeleton) {
      AclFinding f = About(AclFindingKind::kLookalike, e);
      SetOther(f, index.entry(skel_it->second));
      f.skeleton = skeleton;
      out.push_back(std::move(f));
    }
    const absl::StatusOr<RestrictionLevel> level =
        internal::RestrictionLevelOfValid(e.key);
    if (!level.ok()) return level.status();
    if (*level > options.max_restriction_level) {
      AclFinding f = About(AclFindingKind::kMixedScript, e);
      f.level = *level;
      out.push_back(std::move(f));
    }
  }

  // List order; per entry in the order of the kinds.
  std::stable_sort(out.begin(), out.end(),
                   [](const AclFinding& a, const AclFinding& b) {
                     if (a.index != b.index) return a.index < b.index;
                     return a.kind < b.kind;
                   });
  if (index.file_signature()) {
    AclFinding f;
    f.kind = AclFindingKind::kFileSignature;
    f.line = 1;
    out.insert(out.begin(), std::move(f));
  }
  return audit;
}

}  // namespace u8guard
