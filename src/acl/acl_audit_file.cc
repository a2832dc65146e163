// SPDX-License-Identifier: Apache-2.0
// The audit of an ACL file in bounded memory (acl.h, AuditAclFile): the
// file streamed once, its entries grouped by key and the first entry of
// each key by look-alike skeleton with external sorts, the findings sorted
// back into list order.
//
// Three sorts, each with a third of the budget:
//   keys       key + index        -> the entry (line, original)
//   skeletons  skeleton + index   -> its place in the entry's skeletons,
//                                    the entry (index, line, original, key)
//   findings   index + slot [+ earliest index + place] -> the finding
// Reading the file adds each valid entry to `keys` and the BOM and invalid
// findings to `findings`; the keys' groups give the collisions (each later
// entry against the first) and, for each first entry, its script findings
// and its skeletons; the skeletons' groups give each later first entry a
// look-alike candidate against the group's first. Per entry, the findings
// come out in AuditAcl's order, and of its candidates the one with the
// earliest other entry (then the first of its skeletons), as AuditAcl
// picks it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/acl/acl_audit_internal.h"
#include "src/acl/acl_lines.h"
#include "src/common/external_sort.h"
#include "src/common/file_lines.h"
#include "src/common/progress_counter.h"
#include "src/common/sort_items.h"
#include "src/common/verdict.h"
#include "src/confusables/skeleton.h"
#include "src/precis/pipeline.h"
#include "u8guard/acl.h"
#include "u8guard/bom.h"
#include "u8guard/display.h"
#include "u8guard/version.h"

namespace u8guard::internal {
namespace {

// Where a finding goes among its entry's: AuditAcl's order.
enum Slot : uint8_t {
  kBomSlot = 0,
  kInvalidSlot = 1,
  kCollisionSlot = 2,
  kLookalikeSlot = 3,  // + the other entry's index and the skeleton's place
  kScriptsSlot = 4,    // mixed script, then mixed numbers
};

absl::Status Corrupt() {
  return absl::DataLossError(
      "a temporary file of the audit does not read back");
}

// ---- the items -------------------------------------------------------------

void PutFinding(std::string& out, const AclFinding& f) {
  out.push_back(static_cast<char>(f.kind));
  AppendVarint(f.index, out);
  AppendVarint(f.line, out);
  PutString(out, f.original);
  AppendVarint(f.original_size, out);
  PutString(out, f.key);
  AppendVarint(f.other_index, out);
  AppendVarint(f.other_line, out);
  PutString(out, f.other_original);
  PutString(out, f.other_key);
  PutString(out, f.skeleton);
  out.push_back(static_cast<char>(f.level));
  out.push_back(static_cast<char>(f.rejection.has_value() ? 1 : 0));
  if (!f.rejection) return;
  const Rejection& r = *f.rejection;
  AppendVarint(r.offset, out);
  AppendVarint(r.code_point ? uint64_t{*r.code_point} + 1 : 0, out);
  AppendVarint(static_cast<uint64_t>(r.rule), out);
  out.push_back(static_cast<char>(r.source));
  PutString(out, r.profile);
  PutString(out, r.bytes);
  PutString(out, r.detail);
}

AclFinding GetFinding(ItemReader& in) {
  AclFinding f;
  f.kind = static_cast<AclFindingKind>(in.Byte());
  f.index = in.Varint();
  f.line = in.Varint();
  f.original = in.String();
  f.original_size = in.Varint();
  f.key = in.String();
  f.other_index = in.Varint();
  f.other_line = in.Varint();
  f.other_original = in.String();
  f.other_key = in.String();
  f.skeleton = in.String();
  f.level = static_cast<RestrictionLevel>(in.Byte());
  if (in.Byte() == 0) return f;
  Rejection& r = f.rejection.emplace();
  r.offset = in.Varint();
  if (const uint64_t cp = in.Varint(); cp != 0) {
    r.code_point = static_cast<char32_t>(cp - 1);
  }
  r.rule = static_cast<Rule>(in.Varint());
  r.source = static_cast<RejectionSource>(in.Byte());
  r.profile = in.String();
  r.bytes = in.String();
  r.detail = in.String();
  return f;
}

// An entry as the sorts carry it: its original is written once when it
// is its key.
struct Entry {
  uint64_t index = 0;
  uint64_t line = 0;
  std::string original;
  std::string key;

  AclEntry View() const { return {index, line, original, key}; }
};

void PutEntry(std::string& out, uint64_t line, std::string_view original,
              std::string_view key) {
  AppendVarint(line, out);
  const bool same = original == key;
  out.push_back(static_cast<char>(same ? 1 : 0));
  if (!same) PutString(out, original);
}

// The entry whose sort key ended with `index` and whose key is `key`.
Entry GetEntry(ItemReader& in, uint64_t index, std::string_view key) {
  Entry e;
  e.index = index;
  e.key = std::string(key);
  e.line = in.Varint();
  e.original = in.Byte() == 1 ? e.key : in.String();
  return e;
}

// The sort key of a finding of entry `index` in `slot`.
std::string FindingKey(uint64_t index, Slot slot) {
  std::string key;
  PutOrdered(key, index);
  key.push_back(static_cast<char>(slot));
  return key;
}

// ---- the audit -------------------------------------------------------------

class FileAuditor {
 public:
  FileAuditor(const Profile& profile, const AclAuditOptions& options,
              AclFindingSink sink, AclAudit& audit)
      : profile_(profile), options_(options), sink_(sink), audit_(audit) {
    const std::string dir =
        options.temp_dir.empty() ? DefaultTempDir() : options.temp_dir;
    const size_t budget = options.memory_budget == 0 ? kDefaultAuditMemoryBudget
                                                     : options.memory_budget;
    keys_ = std::make_unique<ExternalSorter>(budget / 3, dir, &stats_);
    skeletons_ = std::make_unique<ExternalSorter>(budget / 3, dir, &stats_);
    findings_ = std::make_unique<ExternalSorter>(budget / 3, dir, &stats_);
  }

  // Entry number audit_.entries, `original` at `line`: its BOM and
  // invalid findings, or its place in the keys' sort.
  absl::Status Add(std::string_view original, size_t line) {
    const uint64_t index = audit_.entries++;
    const bool has_bom = original.starts_with(kUtf8Bom);
    const Verdict verdict =
        RunProfile(profile_, profile_.key_case_mapping, original, key_);
    if (const Rejection* r = verdict.rejection()) {
      AclFinding f;
      f.index = index;
      f.line = line;
      // As an index keeps an invalid entry: its first bytes.
      f.original = std::string(original.substr(
          0, std::min(original.size(), kAclInvalidEntryKeptBytes)));
      f.original_size = original.size();
      if (has_bom) {
        f.kind = AclFindingKind::kBom;
        if (absl::Status s = AddFinding(FindingKey(index, kBomSlot), f);
            !s.ok()) {
          return s;
        }
      }
      f.kind = AclFindingKind::kInvalid;
      f.rejection = *r;
      return AddFinding(FindingKey(index, kInvalidSlot), f);
    }
    if (!verdict.ok()) return verdict.ToStatus();
    ++audit_.valid_entries;
    const AclEntry e{index, line, original, key_};
    if (has_bom) {
      if (absl::Status s = AddFinding(FindingKey(index, kBomSlot),
                                      About(AclFindingKind::kBom, e));
          !s.ok()) {
        return s;
      }
    }
    std::string sort_key = key_;
    PutOrdered(sort_key, index);
    item_.clear();
    PutEntry(item_, line, original, key_);
    return keys_->Add(sort_key, item_);
  }

  // After the last entry: the groups, then the findings to the sink.
  absl::Status Finish(bool file_signature) {
    // The items of the three sorts read back; their total is not known
    // before the keys' groups are made (0).
    grouping_.emplace(options_.progress, 0, 0, ProgressStage::kGrouping);
    if (absl::Status s = GroupByKey(); !s.ok()) return s;
    if (absl::Status s = GroupBySkeleton(); !s.ok()) return s;
    if (file_signature) {
      AclFinding f;
      f.kind = AclFindingKind::kFileSignature;
      f.line = 1;
      Emit(f);
    }
    if (absl::Status s = Deliver(); !s.ok()) return s;
    grouping_->Finish();
    return absl::OkStatus();
  }

 private:
  absl::Status AddFinding(const std::string& sort_key, const AclFinding& f) {
    item_.clear();
    PutFinding(item_, f);
    return findings_->Add(sort_key, item_);
  }

  void Emit(const AclFinding& f) {
    ++audit_.finding_count;
    sink_(f);
  }

  // Reads `sorter`'s items in order, calling `item(key, value)` for each.
  template <typename Item>
  absl::Status ForEachSorted(ExternalSorter& sorter, Item item) {
    if (absl::Status s = sorter.Sort(); !s.ok()) return s;
    for (;;) {
      absl::StatusOr<bool> has = sorter.Next();
      if (!has.ok()) return has.status();
      if (!*has) return absl::OkStatus();
      if (sorter.key().size() < 8) return Corrupt();
      if (absl::Status s = item(sorter.key(), sorter.value()); !s.ok()) {
        return s;
      }
      if (grouping_) grouping_->Record(0);
    }
  }

  // The keys' groups: each later entry collides with the first; the first
  // has its script findings, and joins the skeletons' sort.
  absl::Status GroupByKey() {
    std::optional<Entry> first;
    absl::Status s = ForEachSorted(
        *keys_,
        [&](std::string_view sort_key, std::string_view value) -> absl::Status {
          const std::string_view key = sort_key.substr(0, sort_key.size() - 8);
          ItemReader in(value);
          Entry e = GetEntry(in, GetOrdered(sort_key.substr(key.size())), key);
          if (in.failed()) return Corrupt();
          if (first && first->key == key) {
            AclFinding f = About(AclFindingKind::kCollision, e.View());
            SetOther(f, first->View());
            return AddFinding(FindingKey(e.index, kCollisionSlot), f);
          }
          first = std::move(e);
          return FirstOfKey(*first);
        });
    keys_.reset();  // its memory and its files
    return s;
  }

  // The first entry of its key: its script findings, its skeletons.
  absl::Status FirstOfKey(const Entry& e) {
    absl::Status added;
    if (absl::Status s = AuditScripts(
            e.View(), options_,
            [&](const AclFinding& f) {
              if (added.ok()) {
                added = AddFinding(FindingKey(e.index, kScriptsSlot), f);
              }
            });
        !s.ok()) {
      return s;
    }
    if (!added.ok()) return added;
    if (absl::Status s = LookalikeSkeletonsInto(e.key, own_); !s.ok()) {
      return s;
    }
    for (size_t k = 0; k < own_.size; ++k) {
      std::string sort_key = own_.skeleton[k];
      PutOrdered(sort_key, e.index);
      item_.clear();
      item_.push_back(static_cast<char>(k));
      PutString(item_, e.key);
      PutEntry(item_, e.line, e.original, e.key);
      if (absl::Status s = skeletons_->Add(sort_key, item_); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  // The skeletons' groups: each later entry is a look-alike candidate
  // against the first.
  absl::Status GroupBySkeleton() {
    std::string skeleton;
    std::optional<Entry> first;
    absl::Status s = ForEachSorted(
        *skeletons_,
        [&](std::string_view sort_key, std::string_view value) -> absl::Status {
          const std::string_view sk = sort_key.substr(0, sort_key.size() - 8);
          ItemReader in(value);
          const uint8_t place = in.Byte();
          const std::string key = in.String();
          Entry e = GetEntry(in, GetOrdered(sort_key.substr(sk.size())), key);
          if (in.failed()) return Corrupt();
          if (!first || skeleton != sk) {
            skeleton = std::string(sk);
            first = std::move(e);
            return absl::OkStatus();
          }
          if (e.index == first->index) return absl::OkStatus();
          AclFinding f = About(AclFindingKind::kLookalike, e.View());
          SetOther(f, first->View());
          f.skeleton = skeleton;
          std::string finding_key = FindingKey(e.index, kLookalikeSlot);
          PutOrdered(finding_key, first->index);
          finding_key.push_back(static_cast<char>(place));
          return AddFinding(finding_key, f);
        });
    skeletons_.reset();
    return s;
  }

  // The findings in list order; of an entry's look-alike candidates, the
  // first (the earliest other entry, then the first of its skeletons).
  absl::Status Deliver() {
    uint64_t lookalike_of = UINT64_MAX;
    absl::Status s = ForEachSorted(
        *findings_,
        [&](std::string_view sort_key, std::string_view value) -> absl::Status {
          if (sort_key.size() < 9) return Corrupt();
          const uint64_t index = GetOrdered(sort_key);
          if (sort_key[8] == kLookalikeSlot) {
            if (index == lookalike_of) return absl::OkStatus();
            lookalike_of = index;
          }
          ItemReader in(value);
          const AclFinding f = GetFinding(in);
          if (in.failed() || !in.AtEnd()) return Corrupt();
          Emit(f);
          return absl::OkStatus();
        });
    findings_.reset();
    return s;
  }

  const Profile& profile_;
  const AclAuditOptions& options_;
  AclFindingSink sink_;
  AclAudit& audit_;
  SpillStats stats_;
  std::unique_ptr<ExternalSorter> keys_, skeletons_, findings_;
  std::optional<ProgressCounter> grouping_;
  std::string key_, item_;
  LookalikeSkeletons own_;
};

}  // namespace
}  // namespace u8guard::internal

namespace u8guard {

absl::StatusOr<AclAudit> AuditAclFile(const Profile& profile,
                                      const std::string& path,
                                      const AclAuditOptions& options,
                                      AclFindingSink sink) {
  AclAudit audit;
  audit.profile = profile.name;
  audit.icu_version = IcuVersion();
  audit.unicode_version = UnicodeVersion();
  internal::FileAuditor auditor(profile, options, sink, audit);
  const size_t budget = options.memory_budget == 0 ? kDefaultAuditMemoryBudget
                                                   : options.memory_budget;
  bool signature = false;
  const absl::Status read = internal::ForEachFileLine(
      path, EscapeForDisplay(path),
      std::max<size_t>(budget / 8, size_t{1} << 20), options.progress,
      [&](std::string_view line, size_t number) -> absl::StatusOr<bool> {
        if (!internal::AclEntryOfLine(line, number, &signature)) return false;
        if (absl::Status s = auditor.Add(line, number); !s.ok()) return s;
        return true;
      });
  if (!read.ok()) return read;
  if (absl::Status s = auditor.Finish(signature); !s.ok()) return s;
  return audit;
}

}  // namespace u8guard
