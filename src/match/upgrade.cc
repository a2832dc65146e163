// SPDX-License-Identifier: Apache-2.0
// Upgrade verification: export the records of names, verify them after an
// upgrade.

#include "u8guard/upgrade.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/common/read_file.h"
#include "src/match/acl_lines.h"
#include "u8guard/display.h"

namespace u8guard {
namespace {

// What a verification keeps of each record for the pair checks: the stored
// key and look-alike keys (sorted), and where the record is.
struct Stored {
  size_t line = 0;
  std::string name;
  bool valid = false;
  std::string old_key;
  std::vector<std::string> old_lookalike_keys;  // sorted
};

// Did records a and b look alike (or collide) in the stored records?
bool AlikeBefore(const Stored& a, const Stored& b) {
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

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// One verification: the records read so far, and the first record with
// each new key and look-alike key.
class Verifier {
 public:
  Verifier(const Profile& profile, const RegistrationPolicy& policy,
           RecordChangeSink sink)
      : profile_(profile), policy_(policy), sink_(sink) {
    summary_.profile = profile.name;
    summary_.version_tag = VersionTag();
  }

  // Verifies the record on line `number`.
  absl::Status Record(size_t number, std::string_view line) {
    const auto error = [&](std::string_view what) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", number, ": ", std::string(what)));
    };
    absl::StatusOr<NameRecord> old = ParseNameRecord(line);
    if (!old.ok()) return error(std::string(old.status().message()));
    if (old->profile != profile_.name) {
      return error(absl::StrCat(
          "a record of profile \"", EscapeForDisplay(old->profile),
          "\", verified with \"", EscapeForDisplay(profile_.name), "\""));
    }
    if (stored_.size() >= UINT32_MAX) {
      return absl::ResourceExhaustedError("more than 2^32 - 1 records");
    }
    if (tags_.insert(old->version_tag).second) {
      summary_.record_version_tags.push_back(old->version_tag);
    }
    absl::StatusOr<NameRecord> now =
        MakeNameRecord(profile_, policy_, old->name);
    if (!now.ok()) return now.status();
    ++summary_.records;
    OwnChange(number, *old, *now);
    Stored& self = stored_.emplace_back();
    self.line = number;
    self.name = std::move(old->name);
    self.valid = old->valid;
    self.old_key = std::move(old->key);
    self.old_lookalike_keys = Sorted(std::move(old->lookalike_keys));
    if (now->valid) {
      ++summary_.valid;
      Pairs(static_cast<uint32_t>(stored_.size() - 1), *now);
    }
    return absl::OkStatus();
  }

  const RecordVerification& summary() const { return summary_; }

 private:
  void Report(const RecordChange& c) {
    ++summary_.change_count;
    sink_(c);
  }

  // Reports the change of the record itself, if any.
  void OwnChange(size_t number, const NameRecord& old, const NameRecord& now) {
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
      return;  // unchanged
    }
    c.line = number;
    c.name = old.name;
    c.old_key = old.key;
    c.new_key = now.key;
    c.old_lookalike_keys = old.lookalike_keys;
    c.new_lookalike_keys = now.lookalike_keys;
    ++summary_.changed_names;
    Report(c);
  }

  void ReportPair(RecordChangeKind kind, uint32_t id, uint32_t other,
                  const std::string& new_key, const std::string& shared) {
    const Stored& me = stored_[id];
    const Stored& them = stored_[other];
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
    Report(c);
  }

  // Reports the new collision and the new look-alikes of record `id`,
  // valid now with the keys of `now`.
  void Pairs(uint32_t id, const NameRecord& now) {
    // A collision: the first record with the key, unless they had one key.
    const auto [k, first_with_key] = by_key_.try_emplace(now.key, id);
    const uint32_t key_owner = k->second;
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
      const auto [it, inserted] = by_lookalike_.try_emplace(lk, id);
      const uint32_t other = it->second;
      if (inserted || other == id || (!first_with_key && other == key_owner) ||
          std::find(seen.begin(), seen.end(), other) != seen.end()) {
        continue;
      }
      seen.push_back(other);
      if (AlikeBefore(stored_[id], stored_[other])) continue;
      ReportPair(RecordChangeKind::kNewLookalike, id, other, now.key, lk);
    }
  }

  const Profile& profile_;
  const RegistrationPolicy& policy_;
  RecordChangeSink sink_;
  RecordVerification summary_;
  std::vector<Stored> stored_;
  // The new key, and each new look-alike key -> the first record with it.
  absl::flat_hash_map<std::string, uint32_t> by_key_;
  absl::flat_hash_map<std::string, uint32_t> by_lookalike_;
  absl::flat_hash_set<std::string> tags_;
};

}  // namespace

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

absl::StatusOr<RecordExport> ExportRecords(const Profile& profile,
                                           const RegistrationPolicy& policy,
                                           std::string_view acl_text,
                                           NameRecordSink sink) {
  RecordExport summary;
  summary.version_tag = VersionTag();
  bool signature = false;
  const absl::Status status = internal::ForEachAclLine(
      acl_text, &signature, [&](std::string_view line, size_t) {
        absl::StatusOr<NameRecord> r = MakeNameRecord(profile, policy, line);
        if (!r.ok()) return r.status();
        ++summary.names;
        if (r->valid) ++summary.valid;
        sink(*r);
        return absl::OkStatus();
      });
  if (!status.ok()) return status;
  return summary;
}

absl::StatusOr<RecordExport> ExportRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, NameRecordSink sink,
    const RecordFileOptions& options) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, options.max_file_bytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  return ExportRecords(profile, policy, *text, sink);
}

absl::StatusOr<RecordVerification> VerifyRecords(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view records_text, RecordChangeSink sink) {
  Verifier v(profile, policy, sink);
  const absl::Status status = internal::ForEachLine(
      records_text, [&v](std::string_view line, size_t number) {
        return internal::IsBlankLine(line) ? absl::OkStatus()
                                           : v.Record(number, line);
      });
  if (!status.ok()) return status;
  return v.summary();
}

absl::StatusOr<RecordVerification> VerifyRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, RecordChangeSink sink,
    const RecordFileOptions& options) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, options.max_file_bytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  absl::StatusOr<RecordVerification> v =
      VerifyRecords(profile, policy, *text, sink);
  if (!v.ok() && v.status().code() == absl::StatusCode::kInvalidArgument) {
    return absl::InvalidArgumentError(
        absl::StrCat(EscapeForDisplay(path), ": ", v.status().message()));
  }
  return v;
}

}  // namespace u8guard
