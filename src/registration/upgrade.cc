// SPDX-License-Identifier: Apache-2.0
// Upgrade verification: export the records of names, verify them after an
// upgrade.

#include "u8guard/upgrade.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/acl/acl_lines.h"
#include "src/common/file_lines.h"
#include "src/common/progress_counter.h"
#include "src/common/read_file.h"
#include "src/registration/upgrade_internal.h"
#include "u8guard/display.h"

namespace u8guard {
namespace {

// A set of up to 5 ids of keys (sorted; unused slots UINT32_MAX).
constexpr size_t kMaxKeySet = 5;
using KeySet = std::array<uint32_t, kMaxKeySet>;

// What an add once the verifier is finishing (FinishSome) returns.
absl::Status FinishingError() {
  return absl::FailedPreconditionError(
      "the verification is finishing: no record can be added");
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The new partners of each of `members` (records of one key): the
// members it did not share the key with in the records (a record's key
// is shared with itself only when it was valid).
std::vector<size_t> CollisionPartners(
    const std::vector<const internal::StoredRecord*>& members) {
  absl::flat_hash_map<std::string_view, size_t> by_old_key;
  for (const internal::StoredRecord* s : members) {
    if (s->valid) ++by_old_key[s->old_key];
  }
  std::vector<size_t> partners;
  partners.reserve(members.size());
  for (const internal::StoredRecord* s : members) {
    partners.push_back(members.size() -
                       (s->valid ? by_old_key.at(s->old_key) : 1));
  }
  return partners;
}

// The new partners of each of `members` (records of one look-alike key):
// the members it has another key than now and did not look like in the
// records (AlikeBefore), counted without comparing pairs. A record's keys
// are a set T of at most 5 ids (its key now and, when it was valid, its
// stored key and look-alike keys, each kind apart); the members that are
// not its new partners are those whose set meets T, and
// |union over k in T of S_k| = sum over the non-empty subsets U of T of
// (-1)^(|U|+1) times the number of members whose set contains U, which
// one pass counts for every subset of every member's set (31 at most).
std::vector<size_t> LookalikePartners(
    const std::vector<const internal::StoredRecord*>& members) {
  absl::flat_hash_map<std::string_view, uint32_t> ids[3];
  uint32_t next_id = 0;
  const auto id_of = [&](int kind, std::string_view k) {
    const auto [it, inserted] = ids[kind].try_emplace(k, next_id);
    if (inserted) ++next_id;
    return it->second;
  };
  std::vector<std::vector<uint32_t>> sets(members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    const internal::StoredRecord& s = *members[i];
    sets[i].push_back(id_of(0, s.new_key));
    if (s.valid) {
      sets[i].push_back(id_of(1, s.old_key));
      for (const std::string& k : s.old_lookalike_keys) {
        if (sets[i].size() == kMaxKeySet) break;  // a record holds 1 to 3
        sets[i].push_back(id_of(2, k));
      }
    }
    std::sort(sets[i].begin(), sets[i].end());
  }
  const auto subset = [](const std::vector<uint32_t>& set, unsigned mask) {
    KeySet u;
    u.fill(UINT32_MAX);
    size_t n = 0;
    for (size_t b = 0; b < set.size(); ++b) {
      if ((mask >> b) & 1u) u[n++] = set[b];
    }
    return u;
  };
  absl::flat_hash_map<KeySet, size_t> containing;
  for (const std::vector<uint32_t>& set : sets) {
    for (unsigned mask = 1; mask < (1u << set.size()); ++mask) {
      ++containing[subset(set, mask)];
    }
  }
  std::vector<size_t> partners;
  partners.reserve(members.size());
  for (const std::vector<uint32_t>& set : sets) {
    // The members that are not its new partners, itself included.
    int64_t old = 0;
    for (unsigned mask = 1; mask < (1u << set.size()); ++mask) {
      const auto n = static_cast<int64_t>(containing.at(subset(set, mask)));
      old += std::popcount(mask) % 2 == 1 ? n : -n;
    }
    partners.push_back(members.size() - static_cast<size_t>(old));
  }
  return partners;
}

// Record `s` as a member of `group`, with its new partners in it.
RecordGroupMember Member(const internal::StoredRecord& s,
                         const RecordGroup& group, size_t new_partners) {
  RecordGroupMember m;
  m.line = s.line;
  m.name = s.name;
  m.new_key = s.new_key;
  m.was_valid = s.valid;
  m.old_key = s.old_key;
  m.old_lookalike_keys = s.old_lookalike_keys;
  m.new_to_group =
      !s.valid ||
      (group.kind == RecordGroupKind::kCollision
           ? s.old_key != group.key
           : !std::binary_search(s.old_lookalike_keys.begin(),
                                 s.old_lookalike_keys.end(), group.key));
  m.new_partners = new_partners;
  return m;
}

}  // namespace

namespace internal {

bool AlikeBefore(const StoredRecord& a, const StoredRecord& b) {
  if (!a.valid || !b.valid) return false;
  if (a.old_key == b.old_key) return true;
  for (const std::string& k : a.old_lookalike_keys) {
    if (std::binary_search(b.old_lookalike_keys.begin(),
                           b.old_lookalike_keys.end(), k)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> SortedUnique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

absl::Status CheckVerifiedRecord(const Profile& profile, const NameRecord& old,
                                 size_t line) {
  const auto error = [&](std::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("line ", line, ": ", std::string(what)));
  };
  if (old.profile != profile.name) {
    return error(absl::StrCat(
        "a record of profile \"", EscapeForDisplay(old.profile),
        "\", verified with \"", EscapeForDisplay(profile.name), "\""));
  }
  if (old.lookalike_keys.size() > kMaxLookalikeKeys) {
    return error(
        absl::StrCat("more than ", kMaxLookalikeKeys, " look-alike keys"));
  }
  return absl::OkStatus();
}

absl::StatusOr<NameRecord> CheckDerivedRecord(const Profile& profile,
                                              const NameRecord& old,
                                              NameRecord now, size_t line) {
  const auto error = [&](std::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat(
        "line ", line, ": the record derived now ", std::string(what)));
  };
  if (now.name != old.name) return error("is of another name");
  if (now.profile != profile.name) {
    return error(
        absl::StrCat("is of profile \"", EscapeForDisplay(now.profile), "\""));
  }
  if (now.version_tag != VersionTag()) {
    return error(absl::StrCat("was made by \"",
                              EscapeForDisplay(now.version_tag),
                              "\", not by the versions running now"));
  }
  if (now.valid != now.rule.empty() ||
      now.lookalike_keys.size() > kMaxLookalikeKeys ||
      (!now.valid && (!now.key.empty() || !now.lookalike_keys.empty()))) {
    return error("is not a record MakeNameRecord makes");
  }
  return now;
}

std::optional<RecordChange> OwnChange(size_t line, const NameRecord& old,
                                      const NameRecord& now) {
  RecordChange c;
  if (old.valid && !now.valid) {
    c.kind = RecordChangeKind::kNowRejected;
    c.rule = now.rule;
  } else if (!old.valid && now.valid) {
    c.kind = RecordChangeKind::kNowAccepted;
  } else if (old.valid && old.key != now.key) {
    c.kind = RecordChangeKind::kKeyChanged;
  } else if (old.valid &&
             Sorted(old.lookalike_keys) != Sorted(now.lookalike_keys)) {
    c.kind = RecordChangeKind::kLookalikeKeysChanged;
  } else {
    return std::nullopt;  // unchanged
  }
  c.line = line;
  c.name = old.name;
  c.old_key = old.key;
  c.new_key = now.key;
  c.old_lookalike_keys = old.lookalike_keys;
  c.new_lookalike_keys = now.lookalike_keys;
  return c;
}

RecordChange PairChange(RecordChangeKind kind, const StoredRecord& me,
                        const StoredRecord& them, const std::string& new_key,
                        const std::string& shared) {
  RecordChange c;
  c.kind = kind;
  c.line = me.line;
  c.name = me.name;
  c.old_key = me.old_key;
  c.new_key = new_key;
  c.other_line = them.line;
  c.other_name = them.name;
  c.other_old_key = them.old_key;
  c.shared_key = shared;
  return c;
}

bool MakeRecordGroup(RecordGroupKind kind, std::string_view key,
                     const std::vector<const StoredRecord*>& members,
                     RecordGroup* group) {
  const std::vector<size_t> partners = kind == RecordGroupKind::kCollision
                                           ? CollisionPartners(members)
                                           : LookalikePartners(members);
  size_t sum = 0;
  for (size_t p : partners) sum += p;
  if (sum == 0) return false;  // every pair shared a key before
  group->kind = kind;
  group->key = std::string(key);
  group->new_pairs = sum / 2;
  group->members.clear();
  group->members.reserve(members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    group->members.push_back(Member(*members[i], *group, partners[i]));
  }
  return true;
}

}  // namespace internal

// One verification: the records read so far, and the records with each
// new key and look-alike key (the groups, and the first record with each
// for the pair summary).
class RecordVerifier::Impl {
  // The records that have one key, or one look-alike key, now: a list
  // linked through links_, in file order.
  struct GroupList {
    uint32_t first = 0;  // the first link (a links_ index)
    uint32_t last = 0;   // the last link
    uint32_t size = 0;
  };

  // One record in a GroupList.
  struct Link {
    uint32_t record = 0;
    uint32_t next = UINT32_MAX;  // the next link, UINT32_MAX at the end
  };

 public:
  Impl(const Profile& profile, const RegistrationPolicy& policy,
       std::function<void(const RecordChange&)> sink)
      : profile_(profile), policy_(policy), sink_(std::move(sink)) {
    summary_.profile = profile.name;
    summary_.version_tag = VersionTag();
  }

  size_t records() const { return summary_.records; }

  // Verifies the record `old` at line `number`, with `derived`, its name's
  // record now, when the caller made it (else made here).
  absl::Status Add(size_t number, NameRecord old,
                   std::optional<NameRecord> derived = std::nullopt) {
    if (finishing()) return FinishingError();
    if (absl::Status s = internal::CheckVerifiedRecord(profile_, old, number);
        !s.ok()) {
      return s;
    }
    // A record adds at most 4 links (its key, 3 look-alike keys).
    if (stored_.size() >= UINT32_MAX || links_.size() >= UINT32_MAX - 4) {
      return absl::ResourceExhaustedError("more than 2^32 - 1 records");
    }
    absl::StatusOr<NameRecord> now =
        derived.has_value() ? internal::CheckDerivedRecord(
                                  profile_, old, *std::move(derived), number)
                            : MakeNameRecord(profile_, policy_, old.name);
    if (!now.ok()) return now.status();
    if (tags_.insert(old.version_tag).second) {
      summary_.record_version_tags.push_back(old.version_tag);
    }
    ++summary_.records;
    if (const std::optional<RecordChange> c =
            internal::OwnChange(number, old, *now)) {
      ++summary_.changed_names;
      Report(*c);
    }
    Stored& self = stored_.emplace_back();
    self.line = number;
    self.name = std::move(old.name);
    self.valid = old.valid;
    self.old_key = std::move(old.key);
    self.old_lookalike_keys =
        internal::SortedUnique(std::move(old.lookalike_keys));
    if (now->valid) {
      self.new_key = now->key;
      ++summary_.valid;
      Pairs(static_cast<uint32_t>(stored_.size() - 1), *now);
    }
    return absl::OkStatus();
  }

  bool finishing() const { return stage_ != Stage::kAdding; }

  // About `work` units of Finish's work (RecordVerifier::FinishSome): the
  // tables' keys scanned for groups of two or more, the groups found
  // sorted, then each made with its members; then the tables and the
  // records freed. True once all is done.
  bool FinishSome(size_t work) {
    if (stage_ == Stage::kAdding) {
      stage_ = Stage::kScanKeys;
      scan_ = by_key_.begin();
      // Scanning each key, making each member of a group, and then
      // freeing each key and each record: the verifier's memory is
      // released here a part at a time, so that no single call (its
      // destructor included) frees a million strings at once.
      total_work_ = 2 * (by_key_.size() + by_lookalike_.size()) +
                    links_.size() + stored_.size();
    }
    work = std::max<size_t>(work, 1);
    const size_t start = work_done_;
    while (stage_ != Stage::kDone && work_done_ - start < work) {
      const size_t left = work - (work_done_ - start);
      if (stage_ < Stage::kReleaseKeys) {
        GroupStep(left);
      } else {
        ReleaseStep(left);
      }
    }
    // (Only the groups of two or more are made: the links of the others
    // are counted as done at the end.)
    if (stage_ == Stage::kDone) work_done_ = total_work_;
    return stage_ == Stage::kDone;
  }

  Progress FinishProgress() const {
    Progress p;
    p.stage = ProgressStage::kGrouping;
    p.records = work_done_;
    p.total_records = total_work_;
    return p;
  }

  // The summary, with the groups: call once, after the last record.
  RecordVerification Finish() {
    while (!FinishSome(SIZE_MAX)) {
    }
    return std::move(summary_);
  }

 private:
  using Stored = internal::StoredRecord;
  using Index = absl::flat_hash_map<std::string, uint32_t>;

  // Where Finish's work is (FinishSome): finding the groups, making them,
  // then freeing the tables and the records.
  enum class Stage : uint8_t {
    kAdding,  // not started: records may be added
    kScanKeys,
    kScanLookalikes,
    kSort,
    kGroups,
    kReleaseKeys,
    kReleaseLookalikes,
    kReleaseRecords,
    kDone,
  };

  // A group of records sharing a new key or look-alike key.
  struct Found {
    RecordGroupKind kind;
    const std::string* key;
    const GroupList* list;
  };

  // Up to `work` units of finding and making the groups.
  void GroupStep(size_t work) {
    switch (stage_) {
      case Stage::kScanKeys:
        if (Scan(RecordGroupKind::kCollision, by_key_, work)) {
          stage_ = Stage::kScanLookalikes;
          scan_ = by_lookalike_.begin();
        }
        return;
      case Stage::kScanLookalikes:
        if (Scan(RecordGroupKind::kLookalike, by_lookalike_, work)) {
          stage_ = Stage::kSort;
        }
        return;
      case Stage::kSort:
        // The collision groups, then the look-alike groups, each in the
        // order of its first member (no unit: a group found was one).
        std::sort(found_.begin(), found_.end(),
                  [](const Found& a, const Found& b) {
                    return std::pair(a.kind, a.list->first) <
                           std::pair(b.kind, b.list->first);
                  });
        stage_ = Stage::kGroups;
        return;
      default:
        break;
    }
    for (size_t n = 0; next_group_ < found_.size() && n < work; ++next_group_) {
      AddGroup(found_[next_group_]);
      n += found_[next_group_].list->size;
      work_done_ += found_[next_group_].list->size;
    }
    if (next_group_ == found_.size()) {
      found_ = {};
      summary_.group_count = summary_.groups.size();
      stage_ = Stage::kReleaseKeys;
      scan_ = by_key_.begin();
    }
  }

  // Up to `work` units of freeing the tables, then the records.
  void ReleaseStep(size_t work) {
    if (stage_ == Stage::kReleaseKeys) {
      if (Release(by_key_, work)) {
        stage_ = Stage::kReleaseLookalikes;
        scan_ = by_lookalike_.begin();
      }
      return;
    }
    if (stage_ == Stage::kReleaseLookalikes) {
      if (Release(by_lookalike_, work)) stage_ = Stage::kReleaseRecords;
      return;
    }
    // The records, the last first (each frees its strings).
    for (size_t n = 0; !stored_.empty() && n < work; ++n) {
      stored_.pop_back();
      ++work_done_;
    }
    if (stored_.empty()) {
      stored_ = {};
      lists_ = {};
      links_ = {};
      stage_ = Stage::kDone;
    }
  }

  // Frees up to `work` keys of `index` from scan_; true (and `index`'s
  // table freed) at its end.
  bool Release(Index& index, size_t work) {
    for (size_t n = 0; scan_ != index.end() && n < work; ++n) {
      index.erase(scan_++);
      ++work_done_;
    }
    if (scan_ != index.end()) return false;
    index = Index();
    return true;
  }

  // Scans up to `work` keys of `index` from scan_, keeping the groups of
  // two or more records in found_; true at the end of `index`.
  bool Scan(RecordGroupKind kind, Index& index, size_t work) {
    for (size_t n = 0; scan_ != index.end() && n < work; ++scan_, ++n) {
      ++work_done_;
      const GroupList& list = lists_[scan_->second];
      if (list.size >= 2) found_.push_back({kind, &scan_->first, &list});
    }
    return scan_ == index.end();
  }

  // Adds group `f` to the summary when it has a new pair (a pair that
  // shared no key before), with its members and their new partners.
  void AddGroup(const Found& f) {
    std::vector<const Stored*> members;
    members.reserve(f.list->size);
    for (uint32_t l = f.list->first; l != UINT32_MAX; l = links_[l].next) {
      members.push_back(&stored_[links_[l].record]);
    }
    RecordGroup group;
    if (!internal::MakeRecordGroup(f.kind, *f.key, members, &group)) return;
    (f.kind == RecordGroupKind::kCollision ? summary_.new_collision_pairs
                                           : summary_.new_lookalike_pairs) +=
        group.new_pairs;
    summary_.groups.push_back(std::move(group));
  }

  void Report(const RecordChange& c) {
    ++summary_.change_count;
    sink_(c);
  }

  void ReportPair(RecordChangeKind kind, uint32_t id, uint32_t other,
                  const std::string& new_key, const std::string& shared) {
    Report(internal::PairChange(kind, stored_[id], stored_[other], new_key,
                                shared));
  }

  // Adds record `id` to the group of `key` in `index` (a new group when
  // none has the key), unless it is already its last member. Returns the
  // group's first record, and whether the group is new.
  std::pair<uint32_t, bool> Join(
      absl::flat_hash_map<std::string, uint32_t>& index, const std::string& key,
      uint32_t id) {
    const auto [it, inserted] =
        index.try_emplace(key, static_cast<uint32_t>(lists_.size()));
    const uint32_t link = static_cast<uint32_t>(links_.size());
    if (inserted) {
      lists_.push_back({link, link, 0});
    } else if (links_[lists_[it->second].last].record == id) {
      // A key the record repeats.
      return {links_[lists_[it->second].first].record, false};
    } else {
      links_[lists_[it->second].last].next = link;
    }
    GroupList& list = lists_[it->second];
    links_.push_back({id, UINT32_MAX});
    list.last = link;
    ++list.size;
    return {links_[list.first].record, inserted};
  }

  // Reports the new collision and the new look-alikes of record `id`,
  // valid now with the keys of `now`, and adds it to the groups of its key
  // and look-alike keys.
  void Pairs(uint32_t id, const NameRecord& now) {
    // A collision: the first record with the key, unless they had one key.
    const auto [key_owner, first_with_key] = Join(by_key_, now.key, id);
    if (!first_with_key) {
      const Stored& a = stored_[key_owner];
      const Stored& b = stored_[id];
      if (!(a.valid && b.valid && a.old_key == b.old_key)) {
        ReportPair(RecordChangeKind::kNewCollision, id, key_owner, now.key,
                   now.key);
      }
    }
    // Look-alikes: the first record with each look-alike key, once each,
    // unless it has the same key now or they looked alike before.
    std::vector<uint32_t> seen;
    for (const std::string& lk : now.lookalike_keys) {
      const auto [other, inserted] = Join(by_lookalike_, lk, id);
      if (inserted || other == id || (!first_with_key && other == key_owner) ||
          std::find(seen.begin(), seen.end(), other) != seen.end()) {
        continue;
      }
      seen.push_back(other);
      if (internal::AlikeBefore(stored_[id], stored_[other])) continue;
      ReportPair(RecordChangeKind::kNewLookalike, id, other, now.key, lk);
    }
  }

  const Profile& profile_;
  const RegistrationPolicy policy_;  // a copy: callers pass temporaries
  std::function<void(const RecordChange&)> sink_;
  RecordVerification summary_;
  std::vector<Stored> stored_;
  // The new key, and each new look-alike key -> its GroupList in lists_
  // (the record of its first link is the first record with the key), and
  // the links of the lists: at most 4 per record.
  Index by_key_;
  Index by_lookalike_;
  std::vector<GroupList> lists_;
  std::vector<Link> links_;
  absl::flat_hash_set<std::string> tags_;
  // Finish's work (FinishSome): where it is, the groups found, the next
  // one to make, the units done and in all.
  Stage stage_ = Stage::kAdding;
  Index::iterator scan_;
  std::vector<Found> found_;
  size_t next_group_ = 0;
  size_t work_done_ = 0;
  size_t total_work_ = 0;
};

RecordVerifier::RecordVerifier(const Profile& profile,
                               const RegistrationPolicy& policy,
                               std::function<void(const RecordChange&)> sink)
    : impl_(std::make_unique<Impl>(profile, policy, std::move(sink))) {}
RecordVerifier::RecordVerifier(RecordVerifier&&) noexcept = default;
RecordVerifier& RecordVerifier::operator=(RecordVerifier&&) noexcept = default;
RecordVerifier::~RecordVerifier() = default;

absl::Status RecordVerifier::Add(NameRecord record, size_t line) {
  return impl_->Add(line, std::move(record));
}

absl::Status RecordVerifier::AddLine(std::string_view text, size_t line) {
  if (impl_->finishing()) return FinishingError();
  absl::StatusOr<NameRecord> record = ParseNameRecord(text);
  if (!record.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "line ", line, ": ", std::string(record.status().message())));
  }
  return impl_->Add(line, *std::move(record));
}

absl::Status RecordVerifier::AddDerived(NameRecord record, NameRecord now,
                                        size_t line) {
  return impl_->Add(line, std::move(record), std::move(now));
}

size_t RecordVerifier::records() const { return impl_->records(); }

bool RecordVerifier::FinishSome(size_t work) { return impl_->FinishSome(work); }

Progress RecordVerifier::FinishProgress() const {
  return impl_->FinishProgress();
}

RecordVerification RecordVerifier::Finish() && {
  RecordVerification v = impl_->Finish();
  impl_.reset();
  return v;
}

std::string_view RecordChangeKindName(RecordChangeKind kind) {
  switch (kind) {
    case RecordChangeKind::kKeyChanged:
      return "key_changed";
    case RecordChangeKind::kLookalikeKeysChanged:
      return "lookalike_keys_changed";
    case RecordChangeKind::kNowRejected:
      return "now_rejected";
    case RecordChangeKind::kNowAccepted:
      return "now_accepted";
    case RecordChangeKind::kNewCollision:
      return "new_collision";
    case RecordChangeKind::kNewLookalike:
      return "new_lookalike";
  }
  return "unknown";
}

std::string_view RecordGroupKindName(RecordGroupKind kind) {
  switch (kind) {
    case RecordGroupKind::kCollision:
      return "collision_group";
    case RecordGroupKind::kLookalike:
      return "lookalike_group";
  }
  return "unknown";
}

absl::StatusOr<RecordExport> ExportRecords(const Profile& profile,
                                           const RegistrationPolicy& policy,
                                           std::string_view acl_text,
                                           NameRecordSink sink,
                                           const RecordFileOptions& options) {
  RecordExport summary;
  summary.version_tag = VersionTag();
  internal::ProgressCounter progress(options.progress, acl_text.size(), 0);
  bool signature = false;
  const absl::Status status = internal::ForEachAclLine(
      acl_text, &signature, [&](std::string_view line, size_t) {
        absl::StatusOr<NameRecord> r = MakeNameRecord(profile, policy, line);
        if (!r.ok()) return r.status();
        ++summary.names;
        if (r->valid) ++summary.valid;
        sink(*r);
        progress.Record(internal::ConsumedBytes(acl_text, line));
        return absl::OkStatus();
      });
  if (!status.ok()) return status;
  progress.Finish();
  return summary;
}

absl::StatusOr<RecordExport> ExportRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, NameRecordSink sink,
    const RecordFileOptions& options) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, options.max_file_bytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  return ExportRecords(profile, policy, *text, sink, options);
}

namespace {

// The longest line the verification in bounded memory reads: an eighth of
// the budget, and 1 MiB at least.
size_t MaxLine(const RecordFileOptions& options) {
  return std::max<size_t>(options.memory_budget / 8, size_t{1} << 20);
}

// How often VerifyRecords asks options.interrupt: every this many records
// read, and units of finishing work.
constexpr uint64_t kInterruptInterval = 65536;

// Hands the groups of `v` to options.group_sink, when there is one.
void ToGroupSink(const RecordFileOptions& options, RecordVerification& v) {
  if (!options.group_sink) return;
  for (const RecordGroup& g : v.groups) options.group_sink(g);
  v.groups.clear();
}

// Adds the non-blank lines of `text` to `verifier` (a RecordVerifier or an
// ExternalVerifier), telling options.progress.
template <typename Verifier>
absl::Status AddLines(Verifier& verifier, std::string_view text,
                      const RecordFileOptions& options) {
  internal::ProgressCounter progress(options.progress, text.size(), 0);
  uint64_t lines = 0;
  const absl::Status status =
      internal::ForEachLine(text, [&](std::string_view line, size_t number) {
        if (internal::IsBlankLine(line)) return absl::OkStatus();
        if (options.interrupt && ++lines % kInterruptInterval == 0) {
          if (absl::Status s = options.interrupt(); !s.ok()) return s;
        }
        absl::Status s = verifier.AddLine(line, number);
        progress.Record(internal::ConsumedBytes(text, line));
        return s;
      });
  if (status.ok()) progress.Finish();
  return status;
}

}  // namespace

absl::StatusOr<RecordVerification> VerifyRecords(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view records_text, RecordChangeSink sink,
    const RecordFileOptions& options) {
  if (options.memory_budget != 0) {
    internal::ExternalVerifier v(profile, policy, sink, options);
    if (absl::Status s = AddLines(v, records_text, options); !s.ok()) return s;
    return v.Finish();
  }
  RecordVerifier v(profile, policy, sink);
  if (absl::Status s = AddLines(v, records_text, options); !s.ok()) return s;
  if (options.progress || options.interrupt) {
    // A progress call every kProgressInterval units or so, and one at the
    // end; the interrupt asked every kInterruptInterval units.
    bool done = false;
    for (uint64_t units = kProgressInterval; !done;
         units += kProgressInterval) {
      done = v.FinishSome(kProgressInterval);
      if (options.progress) options.progress(v.FinishProgress());
      if (options.interrupt && units % kInterruptInterval == 0) {
        if (absl::Status s = options.interrupt(); !s.ok()) return s;
      }
    }
  }
  RecordVerification done = std::move(v).Finish();
  ToGroupSink(options, done);
  return done;
}

absl::StatusOr<RecordVerification> VerifyRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, RecordChangeSink sink,
    const RecordFileOptions& options) {
  const std::string shown = EscapeForDisplay(path);
  absl::StatusOr<RecordVerification> v;
  if (options.memory_budget != 0) {
    // Streamed: no whole file in memory, no size limit.
    internal::ExternalVerifier verifier(profile, policy, sink, options);
    const absl::Status status = internal::ForEachFileLine(
        path, shown, MaxLine(options), options.progress,
        [&](std::string_view line, size_t number) -> absl::StatusOr<bool> {
          if (internal::IsBlankLine(line)) return false;
          if (absl::Status s = verifier.AddLine(line, number); !s.ok()) {
            return s;
          }
          return true;
        });
    v = status.ok() ? verifier.Finish()
                    : absl::StatusOr<RecordVerification>(status);
  } else {
    absl::StatusOr<std::string> text =
        internal::ReadFileToString(path, options.max_file_bytes, shown);
    if (!text.ok()) return text.status();
    v = VerifyRecords(profile, policy, *text, sink, options);
  }
  if (!v.ok() && v.status().code() == absl::StatusCode::kInvalidArgument) {
    return absl::InvalidArgumentError(
        absl::StrCat(shown, ": ", v.status().message()));
  }
  return v;
}

}  // namespace u8guard
