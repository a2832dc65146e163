// SPDX-License-Identifier: Apache-2.0
// Internal: the rules of upgrade verification (upgrade.h) that the
// verification in memory (RecordVerifier) and the one in bounded memory
// (ExternalVerifier, an external sort) share, and the latter.

#ifndef U8GUARD_SRC_REGISTRATION_UPGRADE_INTERNAL_H_
#define U8GUARD_SRC_REGISTRATION_UPGRADE_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/profile.h"
#include "u8guard/progress.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard::internal {

// The most look-alike keys a record holds (RegistrationRecord).
inline constexpr size_t kMaxLookalikeKeys = 3;

// What a verification keeps of a record for the pair checks and the groups:
// the stored key and look-alike keys (sorted, each once), the key now, and
// where the record is.
struct StoredRecord {
  size_t line = 0;
  std::string name;
  bool valid = false;
  std::string old_key;
  std::vector<std::string> old_lookalike_keys;  // sorted, unique
  std::string new_key;                          // "" when rejected now
};

// Did records a and b look alike (or collide) in the stored records?
bool AlikeBefore(const StoredRecord& a, const StoredRecord& b);

std::vector<std::string> SortedUnique(std::vector<std::string> v);

// InvalidArgument naming `line` for a record of another profile than
// `profile`, or with more than 3 look-alike keys.
absl::Status CheckVerifiedRecord(const Profile& profile, const NameRecord& old,
                                 size_t line);

// `now` when it can be the record MakeNameRecord derives for `old`'s name
// under `profile` with the versions running now (RecordVerifier::
// AddDerived); else InvalidArgument naming `line` and what is wrong.
absl::StatusOr<NameRecord> CheckDerivedRecord(const Profile& profile,
                                              const NameRecord& old,
                                              NameRecord now, size_t line);

// The change of the record itself (key, look-alike keys, verdict), or none.
std::optional<RecordChange> OwnChange(size_t line, const NameRecord& old,
                                      const NameRecord& now);

// The finding kNewCollision or kNewLookalike of `me`, whose key is
// `new_key` now, against `them`, sharing `shared`.
RecordChange PairChange(RecordChangeKind kind, const StoredRecord& me,
                        const StoredRecord& them, const std::string& new_key,
                        const std::string& shared);

// Makes in `*group` the group of `kind` and `key` whose members are
// `members` (every record valid now with the key, in file order), with
// their new partners; false (and `*group` unspecified) when it has no new
// pair.
bool MakeRecordGroup(RecordGroupKind kind, std::string_view key,
                     const std::vector<const StoredRecord*>& members,
                     RecordGroup* group);

struct SpillStats;
class ExternalSorter;

// A verification in bounded memory (RecordFileOptions::memory_budget): the
// records are streamed in, and grouped by key by external sorts
// (external_sort.h) in options.temp_dir:
//   1. Add: each record is verified against itself (its own change) and
//      its memberships (its key now, each look-alike key now) go to the
//      sort of the groups; its own change to the sort of the findings.
//   2. Finish: the groups come out of their sort one key at a time, each
//      held while it is made (MakeRecordGroup); each member but the first
//      sends the sort of the findings a candidate pair with the first
//      member (the pair summary); each group with a new pair goes to a
//      third sort, by its first member.
//   3. The findings come out in the order of the records (per record:
//      its own change, its collision, its look-alikes in the order of its
//      look-alike keys), the pair summary decided as RecordVerifier does,
//      then the groups in RecordVerification::groups' order.
// The findings, the groups and the counts are RecordVerifier's; only the
// time the sink hears of the findings differs (all at Finish). Memory: the
// budget, the largest group, and the distinct version tags.
class ExternalVerifier {
 public:
  // `sink` and `options` must outlive the verifier.
  ExternalVerifier(const Profile& profile, const RegistrationPolicy& policy,
                   RecordChangeSink sink, const RecordFileOptions& options);
  ~ExternalVerifier();
  ExternalVerifier(const ExternalVerifier&) = delete;
  ExternalVerifier& operator=(const ExternalVerifier&) = delete;

  // As RecordVerifier::AddLine (but no limit on the number of records),
  // and the sorts' errors (a full disk: ResourceExhausted).
  absl::Status AddLine(std::string_view text, size_t line);
  absl::Status Add(NameRecord old, size_t line);
  // As RecordVerifier::AddDerived.
  absl::Status AddDerived(NameRecord old, NameRecord now, size_t line);

  // The summary; the findings go to the sink first, the groups to
  // options.group_sink or RecordVerification::groups. Call once.
  absl::StatusOr<RecordVerification> Finish();

 private:
  // Add or AddDerived (`derived` given).
  absl::Status Add(NameRecord old, std::optional<NameRecord> derived,
                   size_t line);
  // Add's steps: the record's own change (a finding in record order), its
  // memberships (the group of its new key and of each new look-alike key),
  // and its version tag.
  absl::Status AddOwnChange(uint64_t seq, size_t line, const NameRecord& old,
                            const NameRecord& now);
  absl::Status AddMemberships(uint64_t seq, const StoredRecord& self,
                              const NameRecord& now);
  void NoteVersionTag(const std::string& tag);
  absl::Status MakeGroups();
  absl::Status EndGroup();
  absl::Status DeliverFindings();
  absl::Status DeliverGroups();
  // options.interrupt's answer every kInterruptInterval calls; else OK.
  absl::Status Tick();

  const Profile& profile_;
  const RegistrationPolicy policy_;
  RecordChangeSink sink_;
  const RecordFileOptions& options_;
  RecordVerification summary_;
  std::vector<std::string> tags_;  // sorted, for lookups
  uint64_t next_seq_ = 0;
  uint64_t ticks_ = 0;
  std::unique_ptr<SpillStats> stats_;
  std::unique_ptr<ExternalSorter> memberships_, findings_, groups_;

  // The group being read in MakeGroups: its sort key (kind and key) and
  // its members.
  struct Member {
    uint64_t seq = 0;
    uint8_t slot = 0;
    StoredRecord record;
  };
  std::string group_prefix_;
  std::vector<Member> members_;
  std::string scratch_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_REGISTRATION_UPGRADE_INTERNAL_H_
