// SPDX-License-Identifier: Apache-2.0
// Upgrade verification: name records and their verification.

#include "u8guard/upgrade.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "src/capi/output.h"
#include "u8guard/registration.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::CheckProfileInput;
using ::u8guard::capi::Fail;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Output;
using ::u8guard::capi::PolicyOf;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

// Points `out`, `lens` and `count` at `keys` (at most
// U8GUARD_MAX_LOOKALIKE_SKELETONS: ParseNameRecord and MakeNameRecord
// never give more).
void PublishKeys(const std::vector<std::string>& keys, size_t& count,
                 const char** out, size_t* lens) {
  count = 0;
  for (const std::string& k : keys) {
    if (count == U8GUARD_MAX_LOOKALIKE_SKELETONS) break;
    out[count] = k.data();
    lens[count] = k.size();
    ++count;
  }
}

// Writes `c` to `change`, pointing into `c`.
void PublishChange(const u8guard::RecordChange& c,
                   u8guard_record_change& change) {
  change = u8guard_record_change{};
  change.kind = static_cast<int32_t>(c.kind);
  change.line = c.line;
  change.name = c.name.data();
  change.name_len = c.name.size();
  change.old_key = c.old_key.data();
  change.old_key_len = c.old_key.size();
  change.new_key = c.new_key.data();
  change.new_key_len = c.new_key.size();
  PublishKeys(c.old_lookalike_keys, change.old_lookalike_key_count,
              change.old_lookalike_keys, change.old_lookalike_key_lens);
  PublishKeys(c.new_lookalike_keys, change.new_lookalike_key_count,
              change.new_lookalike_keys, change.new_lookalike_key_lens);
  change.rule = c.rule.c_str();
  change.other_line = c.other_line;
  change.other_name = c.other_name.data();
  change.other_name_len = c.other_name.size();
  change.other_old_key = c.other_old_key.data();
  change.other_old_key_len = c.other_old_key.size();
  change.shared_key = c.shared_key.data();
  change.shared_key_len = c.shared_key.size();
}

// The record `fields` describe, of `profile`; false when a string is NULL
// with a length.
bool RecordOf(const u8guard_record_fields& fields, const std::string& profile,
              u8guard::NameRecord& record) {
  if (!ValidInput(fields.name, fields.name_len) ||
      !ValidInput(fields.key, fields.key_len) ||
      !ValidInput(fields.version_tag, fields.version_tag_len) ||
      (fields.lookalike_key_count != 0 &&
       (fields.lookalike_keys == nullptr ||
        fields.lookalike_key_lens == nullptr))) {
    return false;
  }
  record.name = View(fields.name, fields.name_len);
  record.profile = profile;
  record.valid = fields.valid != 0;
  record.key = View(fields.key, fields.key_len);
  record.version_tag = View(fields.version_tag, fields.version_tag_len);
  record.lookalike_keys.reserve(
      std::min<size_t>(fields.lookalike_key_count, 4));
  for (size_t i = 0; i < fields.lookalike_key_count; ++i) {
    if (!ValidInput(fields.lookalike_keys[i], fields.lookalike_key_lens[i])) {
      return false;
    }
    record.lookalike_keys.emplace_back(
        View(fields.lookalike_keys[i], fields.lookalike_key_lens[i]));
    // The verifier refuses past 3; copy no more than it reads.
    if (i == U8GUARD_MAX_LOOKALIKE_SKELETONS) break;
  }
  return true;
}

// Adds `record` at `line` to the verifier: the verifier's status, its
// changes in v->last.
// Adds `record` (with `now`, its name's record made by the caller, when
// given) to v's verifier.
u8guard_status AddRecord(
    u8guard_record_verifier* v, u8guard::NameRecord record, size_t line,
    u8guard_error* error,
    std::optional<u8guard::NameRecord> now = std::nullopt) {
  v->last.clear();
  absl::Status s;
  if (v->bounded) {
    s = now.has_value()
            ? v->bounded->AddDerived(std::move(record), *std::move(now), line)
            : v->bounded->Add(std::move(record), line);
    // A record it refused leaves it as it was; any other failure (its
    // temporary files, a callback's stop, ICU) spends it.
    if (!s.ok() && s.code() != absl::StatusCode::kInvalidArgument) {
      v->bounded.reset();
    }
  } else {
    s = now.has_value()
            ? v->verifier->AddDerived(std::move(record), *std::move(now), line)
            : v->verifier->Add(std::move(record), line);
  }
  if (!s.ok()) {
    v->last.clear();
    return FailWith(error, s);
  }
  return Succeed(error);
}

// Whether records may still be added to `v`.
bool Open(const u8guard_record_verifier& v) {
  return (v.verifier.has_value() || v.bounded) && !v.finishing;
}

// Whether `v` has finishing work, or a result, still to give.
bool Unfinished(const u8guard_record_verifier& v) {
  return v.verifier.has_value() || v.bounded || v.bounded_result.has_value();
}

// INVALID_ARGUMENT: `v` is finished, or finishing.
u8guard_status FailFinished(u8guard_error* error,
                            const u8guard_record_verifier& v) {
  return Fail(error, U8GUARD_INVALID_ARGUMENT,
              Unfinished(v) && v.finishing
                  ? "the verifier is finishing: no record can be added"
                  : "the verifier is finished (or spent by a failure)");
}

// A new verifier handle in *out for `profile`, set up by `start` (which
// makes its verifier); the checks of both constructors.
u8guard_status NewVerifier(
    const u8guard_profile* profile, u8guard_record_verifier** out,
    u8guard_error* error,
    const std::function<void(u8guard_record_verifier&)>& start) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    auto handle = std::make_unique<u8guard_record_verifier>();
    handle->profile_name = profile->profile.name;
    start(*handle);
    *out = handle.release();
    return Succeed(error);
  });
}

// The stop a callback of `v` asked for.
absl::Status Stopped() {
  return absl::CancelledError("the verification was stopped by its caller");
}

// The bounded verifier's sink: each change to h's change callback, until
// a callback says stop.
std::function<void(const u8guard::RecordChange&)> BoundedChangeSink(
    u8guard_record_verifier& h) {
  return [&h](const u8guard::RecordChange& change) {
    const u8guard_record_verifier_options& c = h.callbacks;
    if (h.stopped || c.change == nullptr) return;
    u8guard_record_change published;
    PublishChange(change, published);
    if (c.change(c.context, &published) != 0) h.stopped = true;
  };
}

// How h's bounded verifier runs: its budget and directory, its interrupt
// (h's interrupted callback, or an earlier stop), its groups to h's group
// callback when there is one.
u8guard::RecordFileOptions BoundedRunOptions(u8guard_record_verifier& h) {
  const u8guard_record_verifier_options& cb = h.callbacks;
  u8guard::RecordFileOptions run;
  run.memory_budget = cb.memory_budget;
  if (cb.temp_dir != nullptr) run.temp_dir = cb.temp_dir;
  run.interrupt = [&h]() -> absl::Status {
    const u8guard_record_verifier_options& c = h.callbacks;
    if (!h.stopped && c.interrupted != nullptr &&
        c.interrupted(c.context) != 0) {
      h.stopped = true;
    }
    return h.stopped ? Stopped() : absl::OkStatus();
  };
  if (cb.group != nullptr) {
    run.group_sink = [&h](const u8guard::RecordGroup& g) {
      if (h.stopped) return;
      u8guard_record_verification one;
      one.summary.groups.push_back(g);
      one.summary.group_count = 1;
      const u8guard_record_verifier_options& c = h.callbacks;
      if (c.group(c.context, &one) != 0) h.stopped = true;
    };
  }
  return run;
}

// Runs the bounded verifier's Finish into v.bounded_result; the verifier
// is gone after it either way.
absl::Status FinishBounded(u8guard_record_verifier& v) {
  v.finishing = true;
  absl::StatusOr<u8guard::RecordVerification> done =
      std::move(*v.bounded).Finish();
  v.bounded.reset();
  if (done.ok() && v.stopped) done = Stopped();
  if (!done.ok()) return done.status();
  v.bounded_result = *std::move(done);
  return absl::OkStatus();
}

}  // namespace

extern "C" {

u8guard_status u8guard_name_record(const u8guard_profile* profile,
                                   const u8guard_registration_policy* policy,
                                   const char* name, size_t name_len, char* out,
                                   size_t out_capacity, size_t* out_len,
                                   u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, name, name_len, "name", error);
    if (bad != U8GUARD_OK) return bad;
    const absl::StatusOr<u8guard::NameRecord> record = u8guard::MakeNameRecord(
        profile->profile, PolicyOf(policy), View(name, name_len));
    if (!record.ok()) return FailWith(error, record.status());
    return output.Write(u8guard::FormatNameRecord(*record), error);
  });
}

const char* u8guard_record_change_kind_name(int32_t kind) {
  if (kind < U8GUARD_RECORD_KEY_CHANGED ||
      kind > U8GUARD_RECORD_NEW_LOOKALIKE) {
    return "unknown";
  }
  // The names are string literals: NUL-terminated.
  return u8guard::RecordChangeKindName(
             static_cast<u8guard::RecordChangeKind>(kind))
      .data();
}

u8guard_status u8guard_records_verify(const u8guard_profile* profile,
                                      const u8guard_registration_policy* policy,
                                      const char* records, size_t records_len,
                                      u8guard_record_verification** out,
                                      u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    const u8guard_status bad =
        CheckProfileInput(profile, records, records_len, "records", error);
    if (bad != U8GUARD_OK) return bad;
    auto handle = std::make_unique<u8guard_record_verification>();
    absl::StatusOr<u8guard::RecordVerification> v = u8guard::VerifyRecords(
        profile->profile, PolicyOf(policy), View(records, records_len),
        [&](const u8guard::RecordChange& c) { handle->changes.push_back(c); });
    if (!v.ok()) return FailWith(error, v.status());
    handle->summary = *std::move(v);
    *out = handle.release();
    return Succeed(error);
  });
}

u8guard_status u8guard_verify_records(const u8guard_profile* profile,
                                      const u8guard_registration_policy* policy,
                                      const char* records, size_t records_len,
                                      u8guard_record_verification** out,
                                      u8guard_error* error) {
  return u8guard_records_verify(profile, policy, records, records_len, out,
                                error);
}

void u8guard_record_verification_free(u8guard_record_verification* v) {
  delete v;
}

size_t u8guard_record_verification_records(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.records;
}

size_t u8guard_record_verification_valid(const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.valid;
}

size_t u8guard_record_verification_changed_names(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.changed_names;
}

size_t u8guard_record_verification_change_count(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->changes.size();
}

u8guard_status u8guard_record_verification_change(
    const u8guard_record_verification* v, size_t index,
    u8guard_record_change* change) {
  if (v == nullptr || change == nullptr || index >= v->changes.size()) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  PublishChange(v->changes[index], *change);
  return U8GUARD_OK;
}

const char* u8guard_record_group_kind_name(int32_t kind) {
  if (kind < U8GUARD_RECORD_COLLISION_GROUP ||
      kind > U8GUARD_RECORD_LOOKALIKE_GROUP) {
    return "unknown";
  }
  // The names are string literals: NUL-terminated.
  return u8guard::RecordGroupKindName(
             static_cast<u8guard::RecordGroupKind>(kind))
      .data();
}

size_t u8guard_record_verification_group_count(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.groups.size();
}

size_t u8guard_record_verification_new_collision_pairs(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.new_collision_pairs;
}

size_t u8guard_record_verification_new_lookalike_pairs(
    const u8guard_record_verification* v) {
  return v == nullptr ? 0 : v->summary.new_lookalike_pairs;
}

u8guard_status u8guard_record_verification_group(
    const u8guard_record_verification* v, size_t index,
    u8guard_record_group* group) {
  if (v == nullptr || group == nullptr || index >= v->summary.groups.size()) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  const u8guard::RecordGroup& g = v->summary.groups[index];
  *group = u8guard_record_group{};
  group->kind = static_cast<int32_t>(g.kind);
  group->key = g.key.data();
  group->key_len = g.key.size();
  group->member_count = g.members.size();
  group->new_pairs = g.new_pairs;
  return U8GUARD_OK;
}

u8guard_status u8guard_record_verification_group_member(
    const u8guard_record_verification* v, size_t group_index,
    size_t member_index, u8guard_record_group_member* member) {
  if (v == nullptr || member == nullptr ||
      group_index >= v->summary.groups.size() ||
      member_index >= v->summary.groups[group_index].members.size()) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  const u8guard::RecordGroupMember& m =
      v->summary.groups[group_index].members[member_index];
  *member = u8guard_record_group_member{};
  member->line = m.line;
  member->name = m.name.data();
  member->name_len = m.name.size();
  member->new_key = m.new_key.data();
  member->new_key_len = m.new_key.size();
  member->was_valid = m.was_valid ? 1 : 0;
  member->old_key = m.old_key.data();
  member->old_key_len = m.old_key.size();
  PublishKeys(m.old_lookalike_keys, member->old_lookalike_key_count,
              member->old_lookalike_keys, member->old_lookalike_key_lens);
  member->new_to_group = m.new_to_group ? 1 : 0;
  member->new_partners = m.new_partners;
  return U8GUARD_OK;
}

u8guard_status u8guard_record_verifier_new(
    const u8guard_profile* profile, const u8guard_registration_policy* policy,
    u8guard_record_verifier** out, u8guard_error* error) {
  return NewVerifier(profile, out, error, [&](u8guard_record_verifier& h) {
    h.verifier.emplace(
        profile->profile, PolicyOf(policy),
        [&h](const u8guard::RecordChange& c) { h.last.push_back(c); });
  });
}

u8guard_status u8guard_record_verifier_new_bounded(
    const u8guard_profile* profile, const u8guard_registration_policy* policy,
    const u8guard_record_verifier_options* options,
    u8guard_record_verifier** out, u8guard_error* error) {
  return NewVerifier(profile, out, error, [&](u8guard_record_verifier& h) {
    if (options != nullptr) h.callbacks = *options;
    h.bounded = std::make_unique<u8guard::BoundedRecordVerifier>(
        profile->profile, PolicyOf(policy), BoundedChangeSink(h),
        BoundedRunOptions(h));
  });
}

u8guard_status u8guard_record_verifier_add(u8guard_record_verifier* verifier,
                                           const char* record,
                                           size_t record_len, size_t line,
                                           u8guard_error* error) {
  return Guard(error, [&] {
    if (verifier == nullptr) return FailNull(error, "verifier");
    if (!ValidInput(record, record_len)) return FailNull(error, "record");
    if (!Open(*verifier)) return FailFinished(error, *verifier);
    absl::StatusOr<u8guard::NameRecord> r =
        u8guard::ParseNameRecord(View(record, record_len));
    if (!r.ok()) {
      verifier->last.clear();
      return Fail(
          error, U8GUARD_INVALID_ARGUMENT,
          absl::StrCat("line ", line, ": ", std::string(r.status().message())));
    }
    return AddRecord(verifier, *std::move(r), line, error);
  });
}

u8guard_status u8guard_record_verifier_add_fields(
    u8guard_record_verifier* verifier, const u8guard_record_fields* record,
    size_t line, u8guard_error* error) {
  return Guard(error, [&] {
    if (verifier == nullptr) return FailNull(error, "verifier");
    if (record == nullptr) return FailNull(error, "record");
    if (!Open(*verifier)) return FailFinished(error, *verifier);
    u8guard::NameRecord r;
    if (!RecordOf(*record, verifier->profile_name, r)) {
      verifier->last.clear();
      return Fail(error, U8GUARD_INVALID_ARGUMENT,
                  "record: a NULL string with a length");
    }
    return AddRecord(verifier, std::move(r), line, error);
  });
}

u8guard_status u8guard_record_verifier_add_derived(
    u8guard_record_verifier* verifier, const u8guard_record_fields* record,
    const char* now, size_t now_len, size_t line, u8guard_error* error) {
  return Guard(error, [&] {
    if (verifier == nullptr) return FailNull(error, "verifier");
    if (record == nullptr) return FailNull(error, "record");
    if (!ValidInput(now, now_len)) return FailNull(error, "now");
    if (!Open(*verifier)) return FailFinished(error, *verifier);
    verifier->last.clear();
    u8guard::NameRecord r;
    if (!RecordOf(*record, verifier->profile_name, r)) {
      return Fail(error, U8GUARD_INVALID_ARGUMENT,
                  "record: a NULL string with a length");
    }
    absl::StatusOr<u8guard::NameRecord> derived =
        u8guard::ParseNameRecord(View(now, now_len));
    if (!derived.ok()) {
      return Fail(error, U8GUARD_INVALID_ARGUMENT,
                  absl::StrCat("line ", line, ": the record derived now: ",
                               std::string(derived.status().message())));
    }
    return AddRecord(verifier, std::move(r), line, error, *std::move(derived));
  });
}

size_t u8guard_record_verifier_change_count(
    const u8guard_record_verifier* verifier) {
  return verifier == nullptr ? 0 : verifier->last.size();
}

u8guard_status u8guard_record_verifier_change(
    const u8guard_record_verifier* verifier, size_t index,
    u8guard_record_change* change) {
  if (verifier == nullptr || change == nullptr ||
      index >= verifier->last.size()) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  PublishChange(verifier->last[index], *change);
  return U8GUARD_OK;
}

u8guard_status u8guard_record_verifier_finish_some(
    u8guard_record_verifier* verifier, size_t work, int* done,
    u8guard_error* error) {
  if (done != nullptr) *done = 0;
  return Guard(error, [&] {
    if (verifier == nullptr) return FailNull(error, "verifier");
    if (done == nullptr) return FailNull(error, "done");
    if (!Unfinished(*verifier)) return FailFinished(error, *verifier);
    verifier->last.clear();
    verifier->finishing = true;
    if (verifier->bounded) {
      if (absl::Status s = FinishBounded(*verifier); !s.ok()) {
        return FailWith(error, s);
      }
      *done = 1;
    } else if (verifier->bounded_result.has_value()) {
      *done = 1;
    } else {
      *done = verifier->verifier->FinishSome(work) ? 1 : 0;
    }
    return Succeed(error);
  });
}

u8guard_status u8guard_record_verifier_finish(u8guard_record_verifier* verifier,
                                              u8guard_record_verification** out,
                                              u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (verifier == nullptr) return FailNull(error, "verifier");
    if (out == nullptr) return FailNull(error, "out");
    if (!Unfinished(*verifier)) return FailFinished(error, *verifier);
    auto handle = std::make_unique<u8guard_record_verification>();
    verifier->last.clear();
    if (verifier->bounded) {
      if (absl::Status s = FinishBounded(*verifier); !s.ok()) {
        return FailWith(error, s);
      }
    }
    if (verifier->bounded_result.has_value()) {
      handle->summary = *std::move(verifier->bounded_result);
      verifier->bounded_result.reset();
    } else {
      handle->summary = std::move(*verifier->verifier).Finish();
      verifier->verifier.reset();
    }
    *out = handle.release();
    return Succeed(error);
  });
}

void u8guard_record_verifier_free(u8guard_record_verifier* verifier) {
  delete verifier;
}

}  // extern "C"
