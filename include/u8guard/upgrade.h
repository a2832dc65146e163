// SPDX-License-Identifier: Apache-2.0
// Upgrade verification (layer 5): what an upgrade of ICU (or of u8guard)
// changes in the names a service has stored.
//
// A key or look-alike key is derived from the name with one ICU's data:
// when a service upgrades ICU, a stored key may no longer be what the name
// gives, two stored names may start to collide or look alike, and a name
// that could not exist before may now take a stored name's key. Once the old
// ICU is gone the old keys cannot be re-derived, so the procedure is:
//
//   1. Before the upgrade, ExportRecords: one NameRecord per name (the
//      name, its key, its look-alike keys, the version tag), written as
//      JSON Lines (FormatNameRecord). Keep the file.
//   2. Upgrade.
//   3. VerifyRecords on the file: every name is derived again with the
//      running versions and compared with its record. It reports every
//      name whose key or look-alike keys changed, that is now rejected or
//      now accepted, and, as groups (RecordGroup), every key and every
//      look-alike key that two names now share and did not share before,
//      with all the names that have it: every pair of names that now
//      collides (equal keys) or looks alike (a shared look-alike key) and
//      did not before is a pair of members of a group (RecordGroup says
//      how to derive them), with no list of pairs in memory.
//
// A verification runs in memory (hash tables over the records: about 550
// bytes per record), or, with RecordFileOptions::memory_budget, in bounded
// memory at any number of records: the records file is streamed and the
// records are grouped by key by an external sort in temporary files
// (RecordFileOptions::temp_dir), with the same findings, groups and counts.
//
// docs/upgrading.md gives the procedure step by step (PostgreSQL included).
//
// Thread safety: the functions are reentrant; records are values.

#ifndef U8GUARD_UPGRADE_H_
#define U8GUARD_UPGRADE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"
#include "u8guard/progress.h"
#include "u8guard/registration.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// What one name gave under one profile and the versions of `version_tag`.
struct NameRecord {
  std::string name;     // as stored: any bytes
  std::string profile;  // the profile's name (Profile::name)
  bool valid = false;   // the profile accepted the name
  // valid: the comparison key (Canonicalize) and the look-alike keys
  // (RegistrationRecord::lookalike_keys: 1 to 3, the key's first).
  std::string key;
  std::vector<std::string> lookalike_keys;
  // !valid: the id of the rule that rejected it ("DISALLOWED/spaces").
  std::string rule;
  std::string version_tag;  // VersionTag() when it was made

  friend bool operator==(const NameRecord&, const NameRecord&) = default;
};

// Derives the record of `name` under `profile`, with the look-alike keys
// shaped by `policy`'s exemptions, with the versions running now. A name
// the profile rejects gives a record with valid false and the rule; the
// status is Internal only when ICU fails.
absl::StatusOr<NameRecord> MakeNameRecord(const Profile& profile,
                                          const RegistrationPolicy& policy,
                                          std::string_view name);

// Returns `record` as one JSON object on one line, without a newline:
//   {"name":"paypal","profile":"username-case-mapped","valid":true,
//    "key":"paypal","lookalike_keys":["paypal"],
//    "version_tag":"u8guard-0.1.0+icu-72.1+unicode-15.0"}
// or, for a rejected name, "valid":false and "rule" instead of the keys. A
// name that is not UTF-8 is written as "name_hex" (its bytes in lowercase
// hex) instead of "name". In strings, '"', '\', controls and every code
// point that EscapeForDisplay escapes (format characters such as the bidi
// overrides, invisible characters) are \u escapes: the line shows nothing
// that moves the cursor or reorders text, and parses back to the same bytes.
std::string FormatNameRecord(const NameRecord& record);

// Parses one line FormatNameRecord writes (strict JSON; unknown members are
// skipped, for the records of later versions). InvalidArgument naming the
// column and what is wrong: not a JSON object, a duplicate or missing
// member, a member of the wrong type, a string that is not UTF-8, an
// invalid "name_hex", a valid record without a key or with no look-alike
// key or more than 3 (refused at the fourth element, before it is read),
// nesting deeper than 16. The memory it takes is bounded by the line's
// length: every string it keeps holds, and reserves, no more than its
// literal's bytes in the line, and no array grows past what a record holds.
absl::StatusOr<NameRecord> ParseNameRecord(std::string_view line);

struct RecordGroup;

// The memory budget `u8guard records verify` gives a verification unless
// told otherwise (--memory-budget): 64 MiB (faster than larger budgets up
// to millions of records, within 10% at 10 million: the sort of a smaller
// run stays in the caches; bench/README.md).
inline constexpr size_t kDefaultVerifyMemoryBudget = size_t{64} << 20;

// Limits on reading a names or records file, who hears of the progress of
// reading it, and how a verification runs.
struct RecordFileOptions {
  // Files larger than this are refused before they are read
  // (ResourceExhausted naming the limit). 1 GiB by default. (Not used by
  // the functions that take a text.)
  size_t max_file_bytes = size_t{1} << 30;
  // Called every kProgressInterval names (records) and once at the end
  // (progress.h) with the names (records, blank lines not counted) done so
  // far and the bytes of the text consumed (the whole text at the end), of
  // the text's size. Empty: no calls. A verification then reports its
  // grouping (ProgressStage::kGrouping, no bytes): in memory, the keys of
  // its tables scanned and the members of its groups made
  // (RecordVerifier::FinishProgress); in bounded memory, the keys read
  // back from its external sort, of all the keys it sorted.
  ProgressCallback progress;

  // VerifyRecords, VerifyRecordsFile: 0 (the default), the verification
  // runs in memory (RecordVerifier: hash tables over every record; a
  // file is read whole, up to max_file_bytes). Otherwise about the most
  // bytes of memory the verification uses for its tables, at any number
  // of records (kDefaultVerifyMemoryBudget is a good value; a few MiB
  // work, slowly): VerifyRecordsFile streams the file (max_file_bytes
  // does not apply; a line longer than max(memory_budget / 8, 1 MiB) is
  // ResourceExhausted naming it), and the records are grouped by key by
  // an external merge sort whose runs go to temporary files in temp_dir.
  // Beyond the budget it holds the largest group while it makes it, and
  // the distinct version tags. The findings, the groups and the counts
  // are those of the verification in memory, in the same order; the
  // sink hears of the findings only after the last record is read
  // (RecordChangeSink). Temporary files are made with O_TMPFILE (or
  // mkstemp and unlinked at once), mode 0600: they have no name and
  // vanish when the verification returns, on every path; a full disk is
  // ResourceExhausted naming the directory, another failure the errno's
  // status naming it. They hold about twice the records file, up to
  // twice that again while a merge pass runs (a very large file on a small
  // budget; RecordVerification::temp_bytes).
  size_t memory_budget = 0;
  // Where the temporary files go: "" for $TMPDIR, or /tmp when it is
  // unset or empty.
  std::string temp_dir;
  // VerifyRecords, VerifyRecordsFile: when set, each group is handed to
  // it, in RecordVerification::groups' order, instead of being kept in
  // RecordVerification::groups (which stays empty; group_count counts
  // them): with memory_budget, the groups are never all in memory.
  std::function<void(const RecordGroup&)> group_sink;
  // VerifyRecords, VerifyRecordsFile: when set, asked every 65,536 units
  // of the verification's work or so (records read, keys grouped, items a
  // merge pass of the external sort moves, findings and groups handed
  // out; a few milliseconds): a status other than OK stops the
  // verification, which returns that status. For a caller that must
  // answer a cancel (the C API's u8guard_record_verifier_options, and
  // through it PostgreSQL's u8guard_verify_records). Empty: never asked.
  std::function<absl::Status()> interrupt;
};

// Receives each record of an export, in the order of the names.
using NameRecordSink = absl::FunctionRef<void(const NameRecord&)>;

// What an export did.
struct RecordExport {
  size_t names = 0;  // records written
  size_t valid = 0;  // of which the profile accepted
  std::string version_tag;
};

// Derives the record of every name of `acl_text`, a file in the ACL format
// (acl.h: one name per line; comments, blank lines and the file signature
// skipped), and hands each to `sink`, keeping none. Names the profile
// rejects are recorded too (valid false), so that a verification can say
// which ones an upgrade lets in. options.progress, when set, hears how many
// names are done and how many bytes of `acl_text` read. Internal when ICU
// fails.
absl::StatusOr<RecordExport> ExportRecords(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view acl_text, NameRecordSink sink,
    const RecordFileOptions& options = {});

// Reads the ACL-format file at `path` and exports it as ExportRecords
// does. Errors as AclIndex::Load (NotFound, PermissionDenied,
// FailedPrecondition for what is not a regular file, ResourceExhausted over
// options.max_file_bytes), each naming the path.
absl::StatusOr<RecordExport> ExportRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, NameRecordSink sink,
    const RecordFileOptions& options = {});

// What a verification finds.
enum class RecordChangeKind : uint8_t {
  kKeyChanged,            // the name's key is not the stored one
  kLookalikeKeysChanged,  // same key, other look-alike keys
  kNowRejected,           // was valid, the profile rejects it now
  kNowAccepted,           // was rejected, the profile accepts it now
  // The pair summary (not every pair: RecordVerification::groups has them
  // all): a record against the first record in the file with its key, or
  // with one of its look-alike keys, where the two did not share one before.
  kNewCollision,  // two names have one key now, not before
  kNewLookalike,  // two names share a look-alike key now, not before
};

// Returns "key_changed", "lookalike_keys_changed", "now_rejected",
// "now_accepted", "new_collision" or "new_lookalike".
std::string_view RecordChangeKindName(RecordChangeKind kind);

// One finding. Which fields are set depends on the kind.
struct RecordChange {
  RecordChangeKind kind = RecordChangeKind::kKeyChanged;
  // The record it is about (for pairs, the later one): its 1-based line in
  // the records file and its name.
  size_t line = 0;
  std::string name;
  // The stored key and the key now ("" where the name is or was rejected).
  std::string old_key, new_key;
  // kLookalikeKeysChanged (and kKeyChanged): the stored and the new
  // look-alike keys.
  std::vector<std::string> old_lookalike_keys, new_lookalike_keys;
  // kNowRejected: the rule that rejects it now.
  std::string rule;
  // kNewCollision, kNewLookalike: the earlier record it now collides with
  // or looks like (the first one in the file that has the key now), and the
  // shared key or look-alike key. Only that first record is compared: a
  // record that shared a key with the first one before is not compared
  // with the others that have the key (the groups list those pairs).
  size_t other_line = 0;
  std::string other_name;
  std::string other_old_key;
  std::string shared_key;
};

// What a group is about: a key or a look-alike key that names share now.
enum class RecordGroupKind : uint8_t {
  kCollision,  // the names whose key is the group's key now
  kLookalike,  // the names that have the group's look-alike key now
};

// Returns "collision_group" or "lookalike_group".
std::string_view RecordGroupKindName(RecordGroupKind kind);

// One name of a RecordGroup: what it gives now and what its record held.
struct RecordGroupMember {
  // Its 1-based line in the records file and its name.
  size_t line = 0;
  std::string name;
  // Its key now (for a kCollision group, the group's key).
  std::string new_key;
  // Its record: whether the profile accepted it, and then its key and its
  // look-alike keys (sorted, each once; both empty when it was rejected).
  bool was_valid = false;
  std::string old_key;
  std::vector<std::string> old_lookalike_keys;
  // Whether its record lacks the group's key: kCollision, the record was
  // rejected or its key was another; kLookalike, the record was rejected
  // or its look-alike keys did not include the group's.
  bool new_to_group = false;
  // How many other members it makes a new pair with (see RecordGroup).
  size_t new_partners = 0;

  friend bool operator==(const RecordGroupMember&,
                         const RecordGroupMember&) = default;
};

// Every name that has one key (kCollision) or one look-alike key
// (kLookalike) now, reported when the group has a new pair: two members
// {a, b} that
//   kCollision: did not have one key in the records: not (a.was_valid and
//               b.was_valid and a.old_key == b.old_key);
//   kLookalike: have two keys now (a.new_key != b.new_key; two names with
//               one key now are their kCollision group's concern) and did
//               not look alike in the records: not (a.was_valid and
//               b.was_valid and (a.old_key == b.old_key or
//               a.old_lookalike_keys and b.old_lookalike_keys have a key in
//               common)).
// Every pair of names of the file that now has one key and did not in the
// records is a new pair of exactly one kCollision group; every pair with
// two keys now that shares a look-alike key and did not look alike in the
// records is a new pair of each kLookalike group of a look-alike key they
// share (1 to 3). So the new pairs are derivable from the groups alone, by
// the rule above, and no other pair is. A group holds each name once, in
// file order; a name is in at most one kCollision group and in up to 3
// kLookalike groups.
struct RecordGroup {
  RecordGroupKind kind = RecordGroupKind::kCollision;
  // The key, or look-alike key, that the members have now.
  std::string key;
  // Every record valid now that has the key, in file order (2 or more).
  std::vector<RecordGroupMember> members;
  // The number of new pairs (half the sum of the members' new_partners; 1
  // or more).
  size_t new_pairs = 0;

  friend bool operator==(const RecordGroup&, const RecordGroup&) = default;
};

// A verification's summary.
struct RecordVerification {
  std::string profile;
  size_t records = 0;  // records read
  size_t valid = 0;    // names the profile accepts now
  // Names with a change of their own (key, look-alike keys, verdict), and
  // all findings handed to the sink (those and the pair summary).
  size_t changed_names = 0;
  size_t change_count = 0;
  // The version tags of the records, each once, in the order first seen,
  // and the running one.
  std::vector<std::string> record_version_tags;
  std::string version_tag;
  // Every group with a new pair: the kCollision groups, then the kLookalike
  // groups, each in the order of their first member's line. Their members
  // hold copies of their records' keys: besides the text, a verification
  // keeps at most 4 member copies per record, and never a list of pairs.
  // Empty when RecordFileOptions::group_sink received them.
  std::vector<RecordGroup> groups;
  // The groups with a new pair (groups.size(), or how many group_sink
  // received).
  size_t group_count = 0;
  // The new pairs of the kCollision groups, and of the kLookalike groups
  // (a pair that shares two look-alike keys is counted in each group).
  size_t new_collision_pairs = 0;
  size_t new_lookalike_pairs = 0;
  // A verification in bounded memory (RecordFileOptions::memory_budget):
  // the most bytes its temporary files held at once, and the sorted runs
  // it wrote (merged ones included). 0 in memory.
  uint64_t temp_bytes = 0;
  size_t temp_runs = 0;
};

// Receives each finding of a verification: per record in file order, its
// own change first, then its new collision, then its new look-alikes (in
// the order of its look-alike keys now). In memory, each as soon as it is
// known (as the record is read); in bounded memory
// (RecordFileOptions::memory_budget), in that same order, but all after the
// last record is read, before the groups.
using RecordChangeSink = absl::FunctionRef<void(const RecordChange&)>;

// A verification fed one record at a time, for records that are not a
// file (rows of a table, read in an order the caller states): the
// verification in memory, which VerifyRecords runs over the lines of a
// text when RecordFileOptions::memory_budget is 0 (the one in bounded
// memory applies the same rules, the same code). Each Add verifies one record
// and hands its findings to the sink before it returns, in VerifyRecords' order
// (its own change, then its new collision, then its new look-alikes); Finish
// returns the summary with the groups. Memory is what VerifyRecords keeps
// besides the text: about the stored and the new keys of each record, never a
// list of pairs.
//
//   RecordVerifier verifier(profile, policy, sink);
//   for (each record r, in order) RETURN_IF_ERROR(verifier.Add(r, line));
//   RecordVerification v = std::move(verifier).Finish();
//
// Not thread-safe; `profile` must outlive it (it keeps a copy of `policy`
// and `sink`).
class RecordVerifier {
 public:
  RecordVerifier(const Profile& profile, const RegistrationPolicy& policy,
                 std::function<void(const RecordChange&)> sink);
  RecordVerifier(const RecordVerifier&) = delete;
  RecordVerifier& operator=(const RecordVerifier&) = delete;
  RecordVerifier(RecordVerifier&&) noexcept;
  RecordVerifier& operator=(RecordVerifier&&) noexcept;
  ~RecordVerifier();

  // Verifies `record` as the record at `line` (1-based: the line of a
  // records file, or the row's position in the caller's order; the findings
  // and the group members name it). A valid record may hold no look-alike
  // key (then they changed) and at most 3. InvalidArgument naming the line
  // for a record of another profile than the verifier's or with more than 3
  // look-alike keys; ResourceExhausted past 2^32 - 1 records; Internal when
  // ICU fails; FailedPrecondition once FinishSome was called. A failed Add
  // leaves the verifier as it was.
  absl::Status Add(NameRecord record, size_t line);

  // Parses `text`, one line of a records file (ParseNameRecord), and adds
  // it as Add does. InvalidArgument "line N: ..." (with the column) for a
  // line ParseNameRecord refuses, and Add's errors.
  absl::Status AddLine(std::string_view text, size_t line);

  // Verifies `record` as Add does, with `now`, the record of its name that
  // MakeNameRecord(profile, policy, record.name) gives with the versions
  // running now, made by the caller (elsewhere, in parallel: PostgreSQL's
  // parallel workers). The verifier's profile and policy must be the ones
  // `now` was made with: the policy is not in a record, so a `now` made under
  // another policy goes unnoticed. InvalidArgument naming the line when
  // `now` is of another name, another profile or other versions than
  // VersionTag(), or is not shaped as MakeNameRecord's records are (a rule
  // exactly when rejected, no key when rejected, at most 3 look-alike
  // keys); and Add's errors.
  absl::Status AddDerived(NameRecord record, NameRecord now, size_t line);

  // The records added so far.
  size_t records() const;

  // Finish's work a part at a time, for a caller that must stay
  // responsive while the groups are made (answer a cancel between calls,
  // as PostgreSQL's u8guard_verify_records does, or show progress): does
  // about `work` units of it and returns true once it is all done (the
  // groups made, and the verifier's tables and records freed a part at a
  // time too); Finish then returns at once. A unit is one key of the
  // verification's tables scanned or freed, one member of a group made, or
  // one record freed: at least one per call, and more only where a group
  // is made whole or the groups found are sorted (once). Once it is
  // called, Add, AddLine and AddDerived are FailedPrecondition.
  bool FinishSome(size_t work);

  // Finish's progress (progress.h): stage kGrouping, records the units
  // FinishSome has done and total_records all of them (known from the
  // first FinishSome call, both 0 before it; equal once it returned true).
  Progress FinishProgress() const;

  // The summary of the records added, with every group (what FinishSome
  // left undone is done first). Call once; the verifier is spent after it.
  RecordVerification Finish() &&;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// RecordVerifier's verification in bounded memory, for records that are
// not a file (rows of a table): the one VerifyRecords runs with
// RecordFileOptions::memory_budget, fed one record at a time. The same
// records, added in the same order with the same lines, give
// RecordVerifier's findings, groups and counts, in the same order; the
// sink hears of the findings only in Finish (all of them, before the
// groups), never in Add. Memory: about options.memory_budget (0 is taken
// as kDefaultVerifyMemoryBudget), the largest group while it is made and
// the distinct version tags, at any number of records; the rest goes to
// temporary files in options.temp_dir (no name, mode 0600, gone when the
// verifier is, on every path). options.interrupt, when set, is asked in
// Add and all through Finish (the external sort's merges included);
// options.group_sink, when set, receives the groups instead of
// RecordVerification::groups; options.progress hears of the grouping
// (ProgressStage::kGrouping). max_file_bytes is not used.
//
//   BoundedRecordVerifier verifier(profile, policy, sink, options);
//   for (each record r, in order) RETURN_IF_ERROR(verifier.Add(r, line));
//   ASSIGN_OR_RETURN(RecordVerification v, std::move(verifier).Finish());
//
// Not thread-safe; `profile` must outlive it (it keeps copies of the
// rest).
class BoundedRecordVerifier {
 public:
  BoundedRecordVerifier(const Profile& profile,
                        const RegistrationPolicy& policy,
                        std::function<void(const RecordChange&)> sink,
                        RecordFileOptions options);
  BoundedRecordVerifier(const BoundedRecordVerifier&) = delete;
  BoundedRecordVerifier& operator=(const BoundedRecordVerifier&) = delete;
  ~BoundedRecordVerifier();

  // As RecordVerifier's (but no limit on the number of records), and the
  // errors of the temporary files (ResourceExhausted for a full disk, the
  // errno's status otherwise, naming the directory) and
  // options.interrupt's. An Add that refused its record
  // (InvalidArgument) leaves the verifier as it was; any other failure
  // spends it. FailedPrecondition once spent or once Finish was called.
  absl::Status Add(NameRecord record, size_t line);
  absl::Status AddLine(std::string_view text, size_t line);
  absl::Status AddDerived(NameRecord record, NameRecord now, size_t line);

  // The findings to the sink, then the summary (the groups in it, or to
  // options.group_sink). Call once. The errors of the temporary files and
  // options.interrupt's; the verifier is spent after it either way.
  absl::StatusOr<RecordVerification> Finish() &&;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// Derives every name of `records_text` (JSON Lines of FormatNameRecord;
// blank lines skipped) again under `profile` and `policy` with the
// versions running now, and hands each change to `sink`: names whose key
// or look-alike keys changed, that are now rejected or now accepted, and
// the pair summary (kNewCollision, kNewLookalike: each later name against
// the first one with the key, which can leave pairs out). Returns the
// summary with every group (RecordVerification::groups, or
// options.group_sink): all the pairs that now have one key, or share a
// look-alike key, and did not share a key in the records. In memory
// (options.memory_budget 0, the default), time is linear in the records
// and the groups' sizes (hash tables) and, besides the text, memory is
// about the stored and the new keys of each record: a loop of
// RecordVerifier::AddLine over the non-blank lines. With
// options.memory_budget, the same results in about that much memory
// besides the text, by an external sort in options.temp_dir (time
// O(n log n), temporary files). InvalidArgument naming the line (and
// column) for a line ParseNameRecord refuses, or a record of another
// profile than `profile`; Internal when ICU fails; with a memory budget,
// the errors of the temporary files (ResourceExhausted for a full disk).
// options.progress, when set, hears how many records are read and how many
// bytes of `records_text` (the groups are made after its last call).
absl::StatusOr<RecordVerification> VerifyRecords(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view records_text, RecordChangeSink sink,
    const RecordFileOptions& options = {});

// Reads the records file at `path` and verifies it as VerifyRecords does;
// errors as ExportRecordsFile's and VerifyRecords', each naming the path.
// With options.memory_budget, the file is read in pieces as it is verified
// (never whole; options.max_file_bytes does not apply), so a records file
// of any size is verified in bounded memory.
absl::StatusOr<RecordVerification> VerifyRecordsFile(
    const Profile& profile, const RegistrationPolicy& policy,
    const std::string& path, RecordChangeSink sink,
    const RecordFileOptions& options = {});

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_UPGRADE_H_
