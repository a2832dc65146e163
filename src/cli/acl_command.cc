// u8guard acl audit | acl lookup: a thin shell over acl.h.

#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "src/cli/acl_text.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/json.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {
namespace {

constexpr char kAclUsage[] =
    "usage: u8guard acl audit --profile=NAME FILE\n"
    "       u8guard acl lookup --profile=NAME --acl=FILE "
    "[--mode=exact|skeleton] [ID]...\n";

int UsageError(std::string_view message) {
  std::cerr << "u8guard acl: " << message << "\n" << kAclUsage;
  return kExitUsage;
}

std::string FindingJson(const std::string& file, const AclFinding& f) {
  JsonObject o;
  o.Add("file", file)
      .Add("kind", AclFindingKindName(f.kind))
      .Add("line", uint64_t{f.line});
  if (f.kind == AclFindingKind::kFileSignature) return o.Line();
  o.Add("index", uint64_t{f.index});
  AddInputField(o, "entry", f.original);
  if (!f.key.empty()) o.Add("key", f.key);
  switch (f.kind) {
    case AclFindingKind::kCollision:
    case AclFindingKind::kLookalike:
      o.Add("other_line", uint64_t{f.other_line})
          .Add("other_index", uint64_t{f.other_index})
          .Add("other_entry", f.other_original)
          .Add("other_key", f.other_key);
      if (f.kind == AclFindingKind::kLookalike) o.Add("skeleton", f.skeleton);
      break;
    case AclFindingKind::kInvalid:
      if (f.rejection) {
        o.Add("offset", uint64_t{f.rejection->offset});
        if (f.rejection->code_point) {
          o.Add("code_point",
                absl::StrFormat(
                    "U+%04X", static_cast<uint32_t>(*f.rejection->code_point)));
        }
        o.Add("rule", f.rejection->rule_id());
        o.Add("error", RejectionMessage(*f.rejection));
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

int RunAudit(const std::vector<std::string>& args, Format format) {
  if (args.size() != 1) return UsageError("audit needs exactly one FILE");
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return UsageError(std::string(profile.status().message()));
  const std::string& file = args[0];
  const absl::StatusOr<AclIndex> index =
      AclIndex::Load(*profile, file, AclMode::kExact);
  if (!index.ok()) {
    std::cerr << "u8guard acl: " << index.status().message() << "\n";
    return kExitUsage;
  }
  // Findings are printed as the audit finds them, never collected.
  const absl::StatusOr<AclAudit> audit =
      AuditAcl(*index, AclAuditOptions(), [&](const AclFinding& f) {
        if (format == Format::kJson) {
          std::cout << FindingJson(file, f) << "\n";
        } else if (f.line > 0) {
          std::cout << file << ":" << f.line << ": " << DescribeFinding(f)
                    << "\n";
        } else {
          std::cout << file << ": entry #" << f.index << ": "
                    << DescribeFinding(f) << "\n";
        }
      });
  if (!audit.ok()) {
    std::cerr << "u8guard acl: " << audit.status().message() << "\n";
    return kExitUsage;
  }
  if (format == Format::kJson) {
    std::cout << JsonObject()
                     .Add("file", file)
                     .Add("kind", "summary")
                     .Add("profile", audit->profile)
                     .Add("entries", uint64_t{audit->entries})
                     .Add("valid_entries", uint64_t{audit->valid_entries})
                     .Add("findings", uint64_t{audit->finding_count})
                     .Add("icu", audit->icu_version)
                     .Add("unicode", audit->unicode_version)
                     .Line()
              << "\n";
  } else {
    std::cout << absl::StrFormat(
        "%s: %d entries, %d valid, %d findings (profile %s, ICU %s, Unicode "
        "%s)\n",
        file, audit->entries, audit->valid_entries, audit->finding_count,
        audit->profile, audit->icu_version, audit->unicode_version);
  }
  return audit->finding_count == 0 ? kExitOk : kExitNegative;
}

int RunLookup(const std::vector<std::string>& args, Format format) {
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
    allow = AllowList::Load(*profile, acl);
    loaded = allow.status();
  } else {
    deny = DenyList::Load(*profile, acl);
    loaded = deny.status();
  }
  if (!loaded.ok()) {
    std::cerr << "u8guard acl: " << loaded.message() << "\n";
    return kExitUsage;
  }

  int exit_code = kExitOk;
  for (const std::string& id : ArgumentsOrStdinLines(args)) {
    const AclLookup r =
        *mode == AclMode::kExact ? allow->Grants(id) : deny->Resembles(id);
    if (!r) exit_code = kExitNegative;
    if (format == Format::kText) {
      std::cout << DescribeLookup(id, r, *mode) << "\n";
      continue;
    }
    JsonObject o;
    AddInputField(o, "id", id);
    o.Add("mode", AclModeName(*mode)).Add("found", r.match.has_value());
    if (!r.status.ok()) o.Add("error", std::string(r.status.message()));
    if (r.match) {
      o.Add("line", uint64_t{r.match->line})
          .Add("index", uint64_t{r.match->index})
          .Add("entry", r.match->original)
          .Add("key", r.match->key);
    }
    std::cout << o.Line() << "\n";
  }
  return exit_code;
}

}  // namespace

int RunAcl(const std::vector<std::string>& args, Format format) {
  if (args.empty()) return UsageError("needs a subcommand: audit or lookup");
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "audit") return RunAudit(rest, format);
  if (args[0] == "lookup") return RunLookup(rest, format);
  return UsageError("unknown subcommand '" + args[0] + "'");
}

}  // namespace u8guard::cli
