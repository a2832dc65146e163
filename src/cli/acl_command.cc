// SPDX-License-Identifier: Apache-2.0
// u8guard acl audit | acl lookup: a thin shell over acl.h.

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/cli/acl_text.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/progress.h"
#include "src/cli/shown.h"
#include "u8guard/acl.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {
namespace {

constexpr char kAclUsage[] =
    "usage: u8guard acl audit --profile=NAME FILE\n"
    "       u8guard acl lookup --profile=NAME --acl=FILE "
    "[--mode=exact|skeleton] [ID]...\n"
    "       u8guard acl export --profile=NAME FILE\n"
    "       u8guard acl verify --profile=NAME RECORDS\n";

// `message` may quote what the user typed (a profile name, a word): it is
// escaped.
int UsageError(std::string_view message) {
  std::cerr << "u8guard acl: " << EscapeForDisplay(message) << "\n"
            << kAclUsage;
  return kExitUsage;
}

// Adds an entry, key or skeleton, cut at kShownBytes (shown.h).
void AddShown(JsonObject& o, std::string_view key, std::string_view value,
              size_t size, bool with_hex) {
  AddShownField(o, key, ShownPrefix(value), std::max(size, value.size()),
                with_hex);
}

std::string FindingJson(const std::string& file, const AclFinding& f) {
  JsonObject o;
  AddInputField(o, "file", file);
  o.Add("kind", AclFindingKindName(f.kind)).Add("line", uint64_t{f.line});
  if (f.kind == AclFindingKind::kFileSignature) return o.Line();
  o.Add("index", uint64_t{f.index});
  AddShown(o, "entry", f.original, f.original_size, /*with_hex=*/true);
  if (!f.key.empty()) AddShown(o, "key", f.key, 0, false);
  switch (f.kind) {
    case AclFindingKind::kCollision:
    case AclFindingKind::kLookalike:
      o.Add("other_line", uint64_t{f.other_line})
          .Add("other_index", uint64_t{f.other_index});
      AddShown(o, "other_entry", f.other_original, 0, false);
      AddShown(o, "other_key", f.other_key, 0, false);
      if (f.kind == AclFindingKind::kLookalike) {
        AddShown(o, "skeleton", f.skeleton, 0, false);
      }
      break;
    case AclFindingKind::kInvalid:
      if (f.rejection) {
        o.Add("error", RejectionMessage(*f.rejection));
        AddRejectionFields(o, *f.rejection);
      }
      break;
    case AclFindingKind::kMixedScript:
      o.Add("restriction_level", RestrictionLevelName(f.level));
      break;
    default:
      break;
  }
  return o.Line();
}

// AclLoadOptions from --max-acl-bytes.
AclLoadOptions LoadOptionsFromFlags() {
  AclLoadOptions o;
  const uint64_t max = absl::GetFlag(FLAGS_max_acl_bytes);
  o.max_file_bytes = max > std::numeric_limits<size_t>::max()
                         ? std::numeric_limits<size_t>::max()
                         : static_cast<size_t>(max);
  return o;
}

// AclAuditOptions from --max-restriction-level (a name RestrictionLevelName
// returns); InvalidArgument naming the flag otherwise.
absl::StatusOr<AclAuditOptions> AuditOptionsFromFlags() {
  AclAuditOptions o;
  const absl::StatusOr<RestrictionLevel> level =
      ParseRestrictionLevel(absl::GetFlag(FLAGS_max_restriction_level));
  if (!level.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max-restriction-level: ", level.status().message()));
  }
  o.max_restriction_level = *level;
  return o;
}

// One finding of `file` (shown as `shown_file` in text), as the audit
// finds it: a JSON line, or a text line at its line or entry number.
void PrintFinding(const AclFinding& f, const std::string& file,
                  const std::string& shown_file, Format format) {
  if (format == Format::kJson) {
    std::cout << FindingJson(file, f) << "\n";
    return;
  }
  const std::string text = DescribeFinding(f, f.original_size);
  if (f.line > 0) {
    std::cout << shown_file << ":" << f.line << ": " << text << "\n";
  } else {
    std::cout << shown_file << ": entry #" << f.index << ": " << text << "\n";
  }
}

// The audit's summary line, after its findings.
void PrintAuditSummary(const AclAudit& audit, const std::string& file,
                       const std::string& shown_file, Format format) {
  if (format == Format::kJson) {
    JsonObject o;
    AddInputField(o, "file", file);
    std::cout << o.Add("kind", "summary")
                     .Add("profile", audit.profile)
                     .Add("entries", uint64_t{audit.entries})
                     .Add("valid_entries", uint64_t{audit.valid_entries})
                     .Add("findings", uint64_t{audit.finding_count})
                     .Add("icu", audit.icu_version)
                     .Add("unicode", audit.unicode_version)
                     .Line()
              << "\n";
  } else {
    // A profile from --profile-dir is named by its policy file.
    std::cout << absl::StrFormat(
        "%s: %d entries, %d valid, %d findings (profile %s, ICU %s, Unicode "
        "%s)\n",
        shown_file, audit.entries, audit.valid_entries, audit.finding_count,
        EscapeForDisplay(audit.profile), audit.icu_version,
        audit.unicode_version);
  }
}

// Ends an audit: its progress, then the error (exit 2) or the summary
// (exit 1 when anything was found).
int EndAudit(const absl::StatusOr<AclAudit>& audit, ProgressReporter* progress,
             const std::string& file, const std::string& shown_file,
             Format format) {
  if (progress != nullptr) progress->End(audit.ok());
  if (!audit.ok()) {
    std::cerr << "u8guard acl: " << ShownMessage(audit.status()) << "\n";
    return kExitUsage;
  }
  PrintAuditSummary(*audit, file, shown_file, format);
  return audit->finding_count == 0 ? kExitOk : kExitNegative;
}

// The audit in bounded memory (AuditAclFile): progress as the file is
// read ("loading"), then as its sorts are read back ("grouping"); the
// findings once the file is read.
int AuditFile(const Profile& profile, const std::string& file,
              AclAuditOptions options, Format format) {
  std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard acl audit: loading", "entries");
  if (progress) {
    options.progress =
        StagedProgressCallback(progress, "u8guard acl audit: grouping");
  }
  const std::string shown_file = EscapeForDisplay(file);
  const absl::StatusOr<AclAudit> audit =
      AuditAclFile(profile, file, options, [&](const AclFinding& f) {
        if (std::cout.good()) PrintFinding(f, file, shown_file, format);
      });
  return EndAudit(audit, progress.get(), file, shown_file, format);
}

}  // namespace

int RunAclAudit(const std::vector<std::string>& args, Format format) {
  if (args.size() != 1) return UsageError("audit needs exactly one FILE");
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return UsageError(std::string(profile.status().message()));
  absl::StatusOr<AclAuditOptions> audit_options = AuditOptionsFromFlags();
  if (!audit_options.ok()) {
    return UsageError(std::string(audit_options.status().message()));
  }
  const std::string& file = args[0];
  // In bounded memory unless --memory-budget=0.
  const absl::StatusOr<size_t> budget =
      ParseByteSize("memory_budget", absl::GetFlag(FLAGS_memory_budget));
  if (!budget.ok()) return UsageError(std::string(budget.status().message()));
  if (*budget != 0) {
    audit_options->memory_budget = *budget;
    audit_options->temp_dir = absl::GetFlag(FLAGS_temp_dir);
    return AuditFile(*profile, file, *audit_options, format);
  }
  // Progress on standard error: loading (canonicalizing) the entries, then
  // auditing them.
  std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard acl audit: loading", "entries");
  AclLoadOptions load_options = LoadOptionsFromFlags();
  if (progress) load_options.progress = progress->Callback();
  const absl::StatusOr<AclIndex> index =
      AclIndex::Load(*profile, file, AclMode::kExact, load_options);
  if (progress) progress->End(index.ok());
  if (!index.ok()) {
    std::cerr << "u8guard acl: " << ShownMessage(index.status()) << "\n";
    return kExitUsage;
  }
  if (progress) {
    progress = ProgressFromFlags("u8guard acl audit: auditing", "entries");
    audit_options->progress = progress->Callback();
  }
  // The file's name is untrusted too: escaped in text, in hex as well in
  // JSON when it is not UTF-8.
  const std::string shown_file = EscapeForDisplay(file);
  // Findings are printed as the audit finds them, never collected; the
  // audit stops being printed once standard output has failed.
  const absl::StatusOr<AclAudit> audit =
      AuditAcl(*index, *audit_options, [&](const AclFinding& f) {
        if (std::cout.good()) PrintFinding(f, file, shown_file, format);
      });
  return EndAudit(audit, progress.get(), file, shown_file, format);
}

int RunAclLookup(const std::vector<std::string>& args, Format format) {
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return UsageError(std::string(profile.status().message()));
  const std::string acl = absl::GetFlag(FLAGS_acl);
  if (acl.empty()) return UsageError("lookup needs --acl=FILE");
  const absl::StatusOr<AclMode> mode = ParseAclMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) return UsageError(std::string(mode.status().message()));

  // Exact lookups go through AllowList::Grants, skeleton ones through
  // DenyList::Resembles: the two types never mix.
  absl::StatusOr<AllowList> allow = absl::FailedPreconditionError("unused");
  absl::StatusOr<DenyList> deny = absl::FailedPreconditionError("unused");
  absl::Status loaded;
  if (*mode == AclMode::kExact) {
    allow = AllowList::Load(*profile, acl, LoadOptionsFromFlags());
    loaded = allow.status();
  } else {
    deny = DenyList::Load(*profile, acl, LoadOptionsFromFlags());
    loaded = deny.status();
  }
  if (!loaded.ok()) {
    std::cerr << "u8guard acl: " << ShownMessage(loaded) << "\n";
    return kExitUsage;
  }

  return ForEachInput(
      "acl lookup", args, profile->max_input_bytes, [&](const Input& id) {
        const AclLookup r = *mode == AclMode::kExact
                                ? allow->Grants(id.bytes)
                                : deny->Resembles(id.bytes);
        if (format == Format::kText) {
          std::cout << DescribeLookup(Shown(id), r, *mode, id.size) << "\n";
        } else {
          JsonObject o;
          AddInput(o, "id", id);
          o.Add("mode", AclModeName(*mode)).Add("found", r.match.has_value());
          if (!r.status.ok()) AddErrorFields(o, r.status);
          if (r.match) {
            o.Add("line", uint64_t{r.match->line})
                .Add("index", uint64_t{r.match->index});
            // "original", as every API names it; "entry", its name in
            // 0.1, stays.
            AddShown(o, "original", r.match->original, 0, false);
            AddShown(o, "entry", r.match->original, 0, false);
            AddShown(o, "key", r.match->key, 0, false);
          }
          std::cout << o.Line() << "\n";
        }
        return r ? kExitOk : kExitNegative;
      });
}

int RunAcl(const std::vector<std::string>& args, Format) {
  if (args.empty())
    return UsageError("needs a subcommand: audit, lookup, export or verify");
  return UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace u8guard::cli
