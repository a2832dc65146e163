// SPDX-License-Identifier: Apache-2.0
// Upgrade verification in bounded memory: the records streamed in and
// grouped by key by external sorts (upgrade_internal.h, ExternalVerifier).

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/common/external_sort.h"
#include "src/common/progress_counter.h"
#include "src/common/sort_items.h"
#include "src/common/system_error.h"
#include "src/registration/upgrade_internal.h"
#include "u8guard/display.h"
#include "u8guard/upgrade.h"

namespace u8guard::internal {
namespace {

// ---- the items of the sorts ------------------------------------------------

// A record, most of whose names and stored keys are its key now: those
// are written once (flags 2 and 4), which keeps the temporary files near
// twice the records file.
void PutRecord(std::string& out, const StoredRecord& r) {
  const bool same_name = r.name == r.new_key;
  const bool same_key = r.old_key == r.new_key;
  out.push_back(static_cast<char>((r.valid ? 1 : 0) | (same_name ? 2 : 0) |
                                  (same_key ? 4 : 0)));
  AppendVarint(r.line, out);
  PutString(out, r.new_key);
  if (!same_name) PutString(out, r.name);
  if (!same_key) PutString(out, r.old_key);
  PutStrings(out, r.old_lookalike_keys);
}

void PutChange(std::string& out, const RecordChange& c) {
  out.push_back(static_cast<char>(c.kind));
  AppendVarint(c.line, out);
  PutString(out, c.name);
  PutString(out, c.old_key);
  PutString(out, c.new_key);
  PutStrings(out, c.old_lookalike_keys);
  PutStrings(out, c.new_lookalike_keys);
  PutString(out, c.rule);
}

void PutGroup(std::string& out, const RecordGroup& g) {
  out.push_back(static_cast<char>(g.kind));
  PutString(out, g.key);
  AppendVarint(g.new_pairs, out);
  AppendVarint(g.members.size(), out);
  for (const RecordGroupMember& m : g.members) {
    AppendVarint(m.line, out);
    PutString(out, m.name);
    PutString(out, m.new_key);
    out.push_back(
        static_cast<char>((m.was_valid ? 1 : 0) | (m.new_to_group ? 2 : 0)));
    PutString(out, m.old_key);
    PutStrings(out, m.old_lookalike_keys);
    AppendVarint(m.new_partners, out);
  }
}

// Reads back what the Put functions wrote; any inconsistency (a temporary
// file changed under the sort) sets failed().
class Reader : public ItemReader {
 public:
  using ItemReader::ItemReader;

  StoredRecord Record() {
    StoredRecord r;
    const uint8_t flags = Byte();
    r.valid = (flags & 1) != 0;
    r.line = Varint();
    r.new_key = String();
    r.name = (flags & 2) != 0 ? r.new_key : String();
    r.old_key = (flags & 4) != 0 ? r.new_key : String();
    r.old_lookalike_keys = Strings();
    return r;
  }
  RecordChange Change() {
    RecordChange c;
    c.kind = static_cast<RecordChangeKind>(Byte());
    c.line = Varint();
    c.name = String();
    c.old_key = String();
    c.new_key = String();
    c.old_lookalike_keys = Strings();
    c.new_lookalike_keys = Strings();
    c.rule = String();
    return c;
  }
  RecordGroup Group() {
    RecordGroup g;
    g.kind = static_cast<RecordGroupKind>(Byte());
    g.key = String();
    g.new_pairs = Varint();
    const uint64_t n = Varint();
    for (uint64_t i = 0; i < n && !failed(); ++i) {
      RecordGroupMember& m = g.members.emplace_back();
      m.line = Varint();
      m.name = String();
      m.new_key = String();
      const uint8_t flags = Byte();
      m.was_valid = (flags & 1) != 0;
      m.new_to_group = (flags & 2) != 0;
      m.old_key = String();
      m.old_lookalike_keys = Strings();
      m.new_partners = Varint();
    }
    return g;
  }
};

absl::Status Corrupt() {
  return absl::DataLossError(
      "a temporary file of the verification does not read back");
}

// The findings' sort: by record, then by slot.
enum Slot : uint8_t {
  kOwnSlot = 0,        // the record's own change
  kCollisionSlot = 1,  // its key's first record
  kLookalikeSlot = 2,  // + j: its j-th look-alike key's first record
};

// A finding's kind in the findings' sort.
enum FindingType : uint8_t { kOwn = 0, kCandidate = 1 };

}  // namespace

ExternalVerifier::ExternalVerifier(const Profile& profile,
                                   const RegistrationPolicy& policy,
                                   RecordChangeSink sink,
                                   const RecordFileOptions& options)
    : profile_(profile),
      policy_(policy),
      sink_(sink),
      options_(options),
      stats_(std::make_unique<SpillStats>()) {
  summary_.profile = profile.name;
  summary_.version_tag = VersionTag();
  const std::string dir =
      options.temp_dir.empty() ? DefaultTempDir() : options.temp_dir;
  const size_t budget = options.memory_budget;
  // The memberships are most of the data: half the budget; the findings
  // and the groups a quarter each.
  memberships_ =
      std::make_unique<ExternalSorter>(budget / 2, dir, stats_.get());
  findings_ = std::make_unique<ExternalSorter>(budget / 4, dir, stats_.get());
  groups_ = std::make_unique<ExternalSorter>(budget / 4, dir, stats_.get());
  if (options.interrupt) {
    for (ExternalSorter* sorter :
         {memberships_.get(), findings_.get(), groups_.get()}) {
      sorter->set_interrupt(options.interrupt);
    }
  }
}

absl::Status ExternalVerifier::Tick() {
  if (!options_.interrupt ||
      ++ticks_ % ExternalSorter::kInterruptInterval != 0) {
    return absl::OkStatus();
  }
  return options_.interrupt();
}

ExternalVerifier::~ExternalVerifier() = default;

absl::Status ExternalVerifier::AddLine(std::string_view text, size_t line) {
  absl::StatusOr<NameRecord> record = ParseNameRecord(text);
  if (!record.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "line ", line, ": ", std::string(record.status().message())));
  }
  return Add(*std::move(record), line);
}

absl::Status ExternalVerifier::Add(NameRecord old, size_t line) {
  return Add(std::move(old), std::nullopt, line);
}

absl::Status ExternalVerifier::AddDerived(NameRecord old, NameRecord now,
                                          size_t line) {
  return Add(std::move(old), std::move(now), line);
}

absl::Status ExternalVerifier::Add(NameRecord old,
                                   std::optional<NameRecord> derived,
                                   size_t line) {
  if (absl::Status s = Tick(); !s.ok()) return s;
  if (absl::Status s = CheckVerifiedRecord(profile_, old, line); !s.ok()) {
    return s;
  }
  absl::StatusOr<NameRecord> now =
      derived.has_value()
          ? CheckDerivedRecord(profile_, old, *std::move(derived), line)
          : MakeNameRecord(profile_, policy_, old.name);
  if (!now.ok()) return now.status();
  const uint64_t seq = next_seq_;
  if (absl::Status s = AddOwnChange(seq, line, old, *now); !s.ok()) return s;
  StoredRecord self;
  self.line = line;
  self.name = std::move(old.name);
  self.valid = old.valid;
  self.old_key = std::move(old.key);
  self.old_lookalike_keys = SortedUnique(std::move(old.lookalike_keys));
  if (now->valid) {
    self.new_key = now->key;
    if (absl::Status s = AddMemberships(seq, self, *now); !s.ok()) return s;
    ++summary_.valid;
  }
  NoteVersionTag(old.version_tag);
  ++summary_.records;
  ++next_seq_;
  return absl::OkStatus();
}

absl::Status ExternalVerifier::AddOwnChange(uint64_t seq, size_t line,
                                            const NameRecord& old,
                                            const NameRecord& now) {
  const std::optional<RecordChange> c = OwnChange(line, old, now);
  if (!c.has_value()) return absl::OkStatus();
  std::string key;
  PutOrdered(key, seq);
  key.push_back(static_cast<char>(kOwnSlot));
  std::string& item = scratch_;
  item.clear();
  item.push_back(static_cast<char>(kOwn));
  PutChange(item, *c);
  if (absl::Status s = findings_->Add(key, item); !s.ok()) return s;
  ++summary_.changed_names;
  return absl::OkStatus();
}

absl::Status ExternalVerifier::AddMemberships(uint64_t seq,
                                              const StoredRecord& self,
                                              const NameRecord& now) {
  std::string record;
  PutRecord(record, self);
  // The group of its key, and of each of its look-alike keys (once each),
  // with the slot of the pair summary.
  const auto join = [&](RecordGroupKind kind, const std::string& key,
                        uint8_t slot) {
    std::string sort_key;
    sort_key.push_back(static_cast<char>(kind));
    PutOrdered(sort_key, key.size());
    sort_key.append(key);
    PutOrdered(sort_key, seq);
    std::string& item = scratch_;
    item.clear();
    item.push_back(static_cast<char>(slot));
    item.append(record);
    return memberships_->Add(sort_key, item);
  };
  if (absl::Status s =
          join(RecordGroupKind::kCollision, now.key, kCollisionSlot);
      !s.ok()) {
    return s;
  }
  const std::vector<std::string>& lks = now.lookalike_keys;
  for (size_t j = 0; j < lks.size(); ++j) {
    const auto before = lks.begin() + static_cast<std::ptrdiff_t>(j);
    if (std::find(lks.begin(), before, lks[j]) != before) {
      continue;  // a key the record repeats
    }
    if (absl::Status s = join(RecordGroupKind::kLookalike, lks[j],
                              static_cast<uint8_t>(kLookalikeSlot + j));
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

void ExternalVerifier::NoteVersionTag(const std::string& tag) {
  const auto at = std::lower_bound(tags_.begin(), tags_.end(), tag);
  if (at == tags_.end() || *at != tag) {
    tags_.insert(at, tag);
    summary_.record_version_tags.push_back(tag);
  }
}

absl::Status ExternalVerifier::EndGroup() {
  if (members_.empty()) return absl::OkStatus();
  const auto kind = static_cast<RecordGroupKind>(group_prefix_[0]);
  const std::string key = group_prefix_.substr(9);
  // The pair summary: each member against the first one.
  const Member& first = members_.front();
  for (size_t i = 1; i < members_.size(); ++i) {
    const Member& m = members_[i];
    std::string sort_key;
    PutOrdered(sort_key, m.seq);
    sort_key.push_back(static_cast<char>(m.slot));
    std::string& item = scratch_;
    item.clear();
    item.push_back(static_cast<char>(kCandidate));
    item.push_back(static_cast<char>(kind));
    PutOrdered(item, first.seq);
    PutRecord(item, m.record);
    PutRecord(item, first.record);
    PutString(item, key);
    if (absl::Status s = findings_->Add(sort_key, item); !s.ok()) return s;
  }
  if (members_.size() >= 2) {
    std::vector<const StoredRecord*> records;
    records.reserve(members_.size());
    for (const Member& m : members_) records.push_back(&m.record);
    RecordGroup group;
    if (MakeRecordGroup(kind, key, records, &group)) {
      (kind == RecordGroupKind::kCollision ? summary_.new_collision_pairs
                                           : summary_.new_lookalike_pairs) +=
          group.new_pairs;
      // In RecordVerification::groups' order: the kind, then the first
      // member's first membership.
      std::string sort_key;
      sort_key.push_back(static_cast<char>(kind));
      PutOrdered(sort_key, first.seq);
      sort_key.push_back(static_cast<char>(first.slot));
      std::string& item = scratch_;
      item.clear();
      PutGroup(item, group);
      if (absl::Status s = groups_->Add(sort_key, item); !s.ok()) return s;
    }
  }
  members_.clear();
  return absl::OkStatus();
}

absl::Status ExternalVerifier::MakeGroups() {
  ProgressCounter progress(options_.progress, 0, memberships_->items(),
                           ProgressStage::kGrouping);
  if (absl::Status s = memberships_->Sort(); !s.ok()) return s;
  for (;; progress.Record(0)) {
    if (absl::Status s = Tick(); !s.ok()) return s;
    absl::StatusOr<bool> has = memberships_->Next();
    if (!has.ok()) return has.status();
    if (!*has) break;
    const std::string_view key = memberships_->key();
    if (key.size() < 17) return Corrupt();
    const std::string_view prefix = key.substr(0, key.size() - 8);
    if (prefix != group_prefix_) {
      if (absl::Status s = EndGroup(); !s.ok()) return s;
      group_prefix_ = std::string(prefix);
    }
    Reader in(memberships_->value());
    Member& m = members_.emplace_back();
    m.seq = GetOrdered(key.substr(key.size() - 8));
    m.slot = in.Byte();
    m.record = in.Record();
    if (in.failed()) return Corrupt();
  }
  if (absl::Status s = EndGroup(); !s.ok()) return s;
  progress.Finish();
  memberships_.reset();  // its memory and its files
  return absl::OkStatus();
}

absl::Status ExternalVerifier::DeliverFindings() {
  if (absl::Status s = findings_->Sort(); !s.ok()) return s;
  uint64_t current = UINT64_MAX;
  uint64_t key_owner = UINT64_MAX;  // none
  std::vector<uint64_t> seen;
  for (;;) {
    if (absl::Status s = Tick(); !s.ok()) return s;
    absl::StatusOr<bool> has = findings_->Next();
    if (!has.ok()) return has.status();
    if (!*has) break;
    const std::string_view key = findings_->key();
    if (key.size() != 9) return Corrupt();
    const uint64_t seq = GetOrdered(key);
    if (seq != current) {
      current = seq;
      key_owner = UINT64_MAX;
      seen.clear();
    }
    Reader in(findings_->value());
    if (in.Byte() == kOwn) {
      const RecordChange c = in.Change();
      if (in.failed()) return Corrupt();
      ++summary_.change_count;
      sink_(c);
      continue;
    }
    const auto kind = static_cast<RecordGroupKind>(in.Byte());
    std::string other_seq(8, '\0');
    for (char& b : other_seq) b = static_cast<char>(in.Byte());
    const uint64_t other = GetOrdered(other_seq);
    const StoredRecord me = in.Record();
    const StoredRecord them = in.Record();
    const std::string shared = in.String();
    if (in.failed()) return Corrupt();
    if (kind == RecordGroupKind::kCollision) {
      // As RecordVerifier: the first record with the key, unless they had
      // one key.
      key_owner = other;
      if (!(them.valid && me.valid && them.old_key == me.old_key)) {
        ++summary_.change_count;
        sink_(PairChange(RecordChangeKind::kNewCollision, me, them, me.new_key,
                         shared));
      }
      continue;
    }
    // The first record with each look-alike key, once each, unless it has
    // the same key now or they looked alike before.
    if ((key_owner != UINT64_MAX && other == key_owner) ||
        std::find(seen.begin(), seen.end(), other) != seen.end()) {
      continue;
    }
    seen.push_back(other);
    if (AlikeBefore(me, them)) continue;
    ++summary_.change_count;
    sink_(PairChange(RecordChangeKind::kNewLookalike, me, them, me.new_key,
                     shared));
  }
  findings_.reset();
  return absl::OkStatus();
}

absl::Status ExternalVerifier::DeliverGroups() {
  if (absl::Status s = groups_->Sort(); !s.ok()) return s;
  for (;;) {
    if (absl::Status s = Tick(); !s.ok()) return s;
    absl::StatusOr<bool> has = groups_->Next();
    if (!has.ok()) return has.status();
    if (!*has) break;
    Reader in(groups_->value());
    RecordGroup g = in.Group();
    if (in.failed()) return Corrupt();
    ++summary_.group_count;
    if (options_.group_sink) {
      options_.group_sink(g);
    } else {
      summary_.groups.push_back(std::move(g));
    }
  }
  groups_.reset();
  return absl::OkStatus();
}

absl::StatusOr<RecordVerification> ExternalVerifier::Finish() {
  if (absl::Status s = MakeGroups(); !s.ok()) return s;
  if (absl::Status s = DeliverFindings(); !s.ok()) return s;
  if (absl::Status s = DeliverGroups(); !s.ok()) return s;
  summary_.temp_bytes = stats_->peak_bytes_held;
  summary_.temp_runs = stats_->runs;
  return std::move(summary_);
}

}  // namespace u8guard::internal
