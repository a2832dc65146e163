// SPDX-License-Identifier: Apache-2.0
// u8guard records export | records verify (aliases: acl export | acl
// verify): a thin shell over upgrade.h. The records,
// the comparison and the groups are the library's (ExportRecordsFile,
// VerifyRecordsFile); this file formats them.

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/json.h"
#include "src/cli/progress.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"
#include "u8guard/version.h"

namespace u8guard::cli {
namespace {

// Reports a usage or I/O error: exit 2. `message` may quote what the user
// typed: it is escaped.
int Fail(std::string_view command, std::string_view message) {
  std::cerr << "u8guard records " << command << ": "
            << EscapeForDisplay(message) << "\n";
  return kExitUsage;
}

// Reports an error status (its message escaped): exit 2.
int Fail(std::string_view command, const absl::Status& status) {
  std::cerr << "u8guard records " << command << ": " << ShownMessage(status)
            << "\n";
  return kExitUsage;
}

// The policy of --policy, or the default one.
absl::StatusOr<RegistrationPolicy> SelectedPolicy() {
  const std::string path = absl::GetFlag(FLAGS_policy);
  if (path.empty()) return DefaultRegistrationPolicy();
  return LoadRegistrationPolicy(path);
}

// RecordFileOptions from --max-acl-bytes.
RecordFileOptions FileOptionsFromFlags() {
  RecordFileOptions o;
  const uint64_t max = absl::GetFlag(FLAGS_max_acl_bytes);
  o.max_file_bytes = max > std::numeric_limits<size_t>::max()
                         ? std::numeric_limits<size_t>::max()
                         : static_cast<size_t>(max);
  return o;
}

// ["a", "b"], each escaped.
std::string QuotedList(const std::vector<std::string>& keys) {
  std::vector<std::string> shown;
  for (const std::string& k : keys) shown.push_back(QuotedShown(k));
  return absl::StrCat("[", absl::StrJoin(shown, ", "), "]");
}

// One line of text: what changed for the record at c.line.
std::string ChangeText(const RecordChange& c) {
  const std::string name = QuotedShown(c.name);
  switch (c.kind) {
    case RecordChangeKind::kKeyChanged:
      return absl::StrCat(name, ": key ", QuotedShown(c.old_key), " is now ",
                          QuotedShown(c.new_key));
    case RecordChangeKind::kLookalikeKeysChanged:
      return absl::StrCat(name, ": look-alike keys ",
                          QuotedList(c.old_lookalike_keys), " are now ",
                          QuotedList(c.new_lookalike_keys));
    case RecordChangeKind::kNowRejected:
      return absl::StrCat(name, ": rejected now (", c.rule, "; key was ",
                          QuotedShown(c.old_key), ")");
    case RecordChangeKind::kNowAccepted:
      return absl::StrCat(name, ": accepted now, key ", QuotedShown(c.new_key));
    case RecordChangeKind::kNewCollision:
      return absl::StrCat(name, " now collides with ",
                          QuotedShown(c.other_name), " (line ", c.other_line,
                          "): key ", QuotedShown(c.shared_key));
    case RecordChangeKind::kNewLookalike:
      return absl::StrCat(name, " now looks like ", QuotedShown(c.other_name),
                          " (line ", c.other_line, "): look-alike key ",
                          QuotedShown(c.shared_key));
  }
  return "";
}

std::string ChangeJson(const std::string& file, const RecordChange& c) {
  JsonObject o;
  AddInputField(o, "file", file);
  o.Add("kind", RecordChangeKindName(c.kind)).Add("line", uint64_t{c.line});
  AddInputField(o, "name", c.name);
  if (!c.old_key.empty()) o.Add("old_key", c.old_key);
  if (!c.new_key.empty()) o.Add("new_key", c.new_key);
  switch (c.kind) {
    case RecordChangeKind::kKeyChanged:
    case RecordChangeKind::kLookalikeKeysChanged:
      o.AddArray("old_lookalike_keys", c.old_lookalike_keys)
          .AddArray("new_lookalike_keys", c.new_lookalike_keys);
      break;
    case RecordChangeKind::kNowRejected:
      o.Add("rule", c.rule);
      break;
    case RecordChangeKind::kNewCollision:
    case RecordChangeKind::kNewLookalike:
      o.Add("other_line", uint64_t{c.other_line});
      AddInputField(o, "other_name", c.other_name);
      if (!c.other_old_key.empty()) o.Add("other_old_key", c.other_old_key);
      o.Add("shared_key", c.shared_key);
      break;
    default:
      break;
  }
  return o.Line();
}

// "1 new pair", "2 new pairs".
std::string Count(size_t n, std::string_view what) {
  return absl::StrCat(n, " ", std::string(what), n == 1 ? "" : "s");
}

// The lines of text of a group: a line about the group, on its first
// member's line, then one per member:
//   FILE:LINE: lookalike_group: look-alike key "paypal": 3 members, 2 new pairs
//   FILE:LINE: member: "paypal": 2 new partners; key now "paypal"; record:
//   key "paypal", look-alike keys ["paypal"]
std::string GroupText(const std::string& shown_file, const RecordGroup& g) {
  std::string out = absl::StrCat(
      shown_file, ":", g.members.front().line, ": ",
      std::string(RecordGroupKindName(g.kind)), ": ",
      g.kind == RecordGroupKind::kCollision ? "key " : "look-alike key ",
      QuotedShown(g.key), ": ", Count(g.members.size(), "member"), ", ",
      Count(g.new_pairs, "new pair"), "\n");
  for (const RecordGroupMember& m : g.members) {
    absl::StrAppend(
        &out, shown_file, ":", m.line, ": member: ", QuotedShown(m.name), ": ",
        m.new_to_group ? "new to the group, " : "",
        Count(m.new_partners, "new partner"), "; key now ",
        QuotedShown(m.new_key), "; record: ",
        m.was_valid
            ? absl::StrCat("key ", QuotedShown(m.old_key), ", look-alike keys ",
                           QuotedList(m.old_lookalike_keys))
            : std::string("rejected"),
        "\n");
  }
  return out;
}

// One JSON object for a group, its members in an array.
std::string GroupJson(const std::string& file, const RecordGroup& g) {
  JsonObject o;
  AddInputField(o, "file", file);
  o.Add("kind", RecordGroupKindName(g.kind))
      .Add("line", uint64_t{g.members.front().line})
      .Add("shared_key", g.key)
      .Add("new_pairs", uint64_t{g.new_pairs});
  std::vector<JsonObject> members;
  members.reserve(g.members.size());
  for (const RecordGroupMember& m : g.members) {
    JsonObject& member = members.emplace_back();
    member.Add("line", uint64_t{m.line});
    AddInputField(member, "name", m.name);
    member.Add("new_to_group", m.new_to_group)
        .Add("new_partners", uint64_t{m.new_partners})
        .Add("new_key", m.new_key)
        .Add("was_valid", m.was_valid);
    if (m.was_valid) {
      member.Add("old_key", m.old_key)
          .AddArray("old_lookalike_keys", m.old_lookalike_keys);
    }
  }
  return o.AddObjects("members", members).Line();
}

// One change of `file` (shown as `shown_file` in text), as the
// verification finds it: a JSON line, or a text line at its line.
void PrintChange(const RecordChange& c, const std::string& file,
                 const std::string& shown_file, Format format) {
  if (format == Format::kJson) {
    std::cout << ChangeJson(file, c) << "\n";
  } else {
    std::cout << shown_file << ":" << c.line << ": "
              << RecordChangeKindName(c.kind) << ": " << ChangeText(c) << "\n";
  }
}

// One group of a verification (every pair that now shares a key and did
// not before), after its changes.
void PrintGroup(const RecordGroup& g, const std::string& file,
                const std::string& shown_file, Format format) {
  if (format == Format::kJson) {
    std::cout << GroupJson(file, g) << "\n";
  } else {
    std::cout << GroupText(shown_file, g);
  }
}

// The verification's summary line, last.
void PrintVerificationSummary(const RecordVerification& v,
                              const std::string& file,
                              const std::string& shown_file, Format format) {
  if (format == Format::kJson) {
    JsonObject o;
    AddInputField(o, "file", file);
    std::cout << o.Add("kind", "summary")
                     .Add("profile", v.profile)
                     .Add("records", uint64_t{v.records})
                     .Add("valid", uint64_t{v.valid})
                     .Add("changed_names", uint64_t{v.changed_names})
                     .Add("changes", uint64_t{v.change_count})
                     .Add("groups", uint64_t{v.group_count})
                     .Add("new_collision_pairs",
                          uint64_t{v.new_collision_pairs})
                     .Add("new_lookalike_pairs",
                          uint64_t{v.new_lookalike_pairs})
                     .AddArray("record_version_tags", v.record_version_tags)
                     .Add("version_tag", v.version_tag)
                     .Line()
              << "\n";
  } else {
    std::cout << shown_file << ": " << v.records << " records, " << v.valid
              << " valid now, " << v.changed_names << " names changed, "
              << v.change_count << " changes, " << Count(v.group_count, "group")
              << " with " << Count(v.new_collision_pairs, "new collision pair")
              << " and " << Count(v.new_lookalike_pairs, "new look-alike pair")
              << " (profile " << EscapeForDisplay(v.profile) << "; records of "
              << (v.record_version_tags.empty()
                      ? std::string("none")
                      : EscapeForDisplay(
                            absl::StrJoin(v.record_version_tags, ", ")))
              << "; now ICU " << IcuVersion() << ", Unicode "
              << UnicodeVersion() << ")\n";
  }
}

}  // namespace

int RunAclExport(const std::vector<std::string>& args, Format) {
  if (args.size() != 1) return Fail("export", "needs exactly one FILE");
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return Fail("export", profile.status());
  const absl::StatusOr<RegistrationPolicy> policy = SelectedPolicy();
  if (!policy.ok()) return Fail("export", policy.status());
  const std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard records export", "names");
  RecordFileOptions options = FileOptionsFromFlags();
  if (progress) options.progress = progress->Callback();
  // Every record is written as soon as it is made, never collected.
  const absl::StatusOr<RecordExport> e = ExportRecordsFile(
      *profile, *policy, args[0],
      [](const NameRecord& r) {
        if (std::cout.good()) std::cout << FormatNameRecord(r) << "\n";
      },
      options);
  if (progress) progress->End(e.ok());
  if (!e.ok()) return Fail("export", e.status());
  std::cerr << "u8guard records export: " << EscapeForDisplay(args[0]) << ": "
            << e->names << " names, " << e->valid << " valid (ICU "
            << IcuVersion() << ", Unicode " << UnicodeVersion() << ")\n";
  return kExitOk;
}

int RunAclVerify(const std::vector<std::string>& args, Format format) {
  if (args.size() != 1) return Fail("verify", "needs exactly one RECORDS file");
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return Fail("verify", profile.status());
  const absl::StatusOr<RegistrationPolicy> policy = SelectedPolicy();
  if (!policy.ok()) return Fail("verify", policy.status());
  const std::string& file = args[0];
  const std::string shown_file = EscapeForDisplay(file);
  RecordFileOptions options = FileOptionsFromFlags();
  const absl::StatusOr<size_t> budget =
      ParseByteSize("memory_budget", absl::GetFlag(FLAGS_memory_budget));
  if (!budget.ok()) return Fail("verify", budget.status());
  options.memory_budget = *budget;
  options.temp_dir = absl::GetFlag(FLAGS_temp_dir);
  // Two stages, each its own lines: the records read, then the keys
  // grouped (ProgressStage::kGrouping), which begins once the reading ends.
  std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard records verify", "records");
  if (progress) {
    options.progress =
        StagedProgressCallback(progress, "u8guard records verify: grouping");
  }
  // Each group is printed as it is made, never all kept.
  bool progress_ended = false;
  options.group_sink = [&](const RecordGroup& g) {
    if (progress && !progress_ended) {
      progress->End(true);
      progress_ended = true;
    }
    if (std::cout.good()) PrintGroup(g, file, shown_file, format);
  };
  const absl::StatusOr<RecordVerification> v = VerifyRecordsFile(
      *profile, *policy, file,
      [&](const RecordChange& c) {
        if (std::cout.good()) PrintChange(c, file, shown_file, format);
      },
      options);
  if (progress && !progress_ended) progress->End(v.ok());
  if (!v.ok()) return Fail("verify", v.status());
  if (progress && v->temp_runs > 0) {
    std::cerr << "u8guard records verify: " << v->temp_runs
              << " sorted runs, at most " << v->temp_bytes
              << " bytes of temporary files\n";
  }
  PrintVerificationSummary(*v, file, shown_file, format);
  return v->change_count == 0 && v->group_count == 0 ? kExitOk : kExitNegative;
}

int RunRecords(const std::vector<std::string>& args, Format) {
  std::cerr << "u8guard records: "
            << (args.empty()
                    ? std::string("needs a subcommand: export or verify")
                    : "unknown subcommand '" + EscapeForDisplay(args[0]) + "'")
            << "\n"
            << "usage: u8guard records export --profile=NAME FILE\n"
               "       u8guard records verify --profile=NAME RECORDS\n";
  return kExitUsage;
}

}  // namespace u8guard::cli
