// SPDX-License-Identifier: Apache-2.0
// u8guard register: a thin shell over registration.h. The decision is the
// library's (Registry::Decide); this file loads the registry and the
// policy and formats the answers.

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/progress.h"
#include "src/cli/shown.h"
#include "u8guard/acl.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"

namespace u8guard::cli {
namespace {

// Reports a usage or I/O error (or an ICU failure): exit 2.
int Fail(const absl::Status& status) {
  std::cerr << "u8guard register: " << ShownMessage(status) << "\n";
  return kExitUsage;
}

// The policy of --policy, or the default one.
absl::StatusOr<RegistrationPolicy> SelectedPolicy() {
  const std::string path = absl::GetFlag(FLAGS_policy);
  if (path.empty()) return DefaultRegistrationPolicy();
  return LoadRegistrationPolicy(path);
}

// The registry of --acl (empty without it); names the profile rejects are
// skipped and counted on standard error. Loading a large file shows its
// progress as `acl audit` does (--progress, or standard error a terminal).
absl::StatusOr<Registry> SelectedRegistry(const Profile& profile,
                                          const RegistrationPolicy& policy) {
  const std::string acl = absl::GetFlag(FLAGS_acl);
  if (acl.empty()) return Registry(profile, policy);
  const std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard register: loading", "names");
  AclLoadOptions options;
  if (progress) options.progress = progress->Callback();
  absl::StatusOr<Registry> registry =
      Registry::Load(profile, acl, policy, options);
  if (progress) progress->End(registry.ok());
  if (registry.ok() && registry->skipped() > 0) {
    std::cerr << "u8guard register: " << EscapeForDisplay(acl) << ": "
              << registry->skipped()
              << " names skipped (the profile rejects them)\n";
  }
  return registry;
}

// --others=A,B as a list; none when empty.
std::vector<std::string> SelectedOthers() {
  const std::string others = absl::GetFlag(FLAGS_others);
  if (others.empty()) return {};
  return absl::StrSplit(others, ',');
}

// The identifier that clashed or was rejected, when it is not the name:
// ` (other identifier N "X")`.
std::string WhichIdentifier(const RegistrationDecision& d,
                            const std::vector<std::string>& others) {
  if (d.identifier == 0 || d.identifier > others.size()) return "";
  return absl::StrCat(" (other identifier ", d.identifier, " ",
                      QuotedShown(others[d.identifier - 1]), ")");
}

// One line: `"NAME": accepted (key "KEY")` or `"NAME": refused: OUTCOME:
// DETAIL`.
std::string DecisionText(const Input& input, const RegistrationDecision& d,
                         const std::vector<std::string>& others,
                         const RegistrationPolicy& policy) {
  std::string out = absl::StrCat(QuotedPart(Shown(input), input.size), ": ");
  if (d.accepted()) {
    absl::StrAppend(&out, "accepted (key ", QuotedShown(d.record->key), ")");
    return out;
  }
  absl::StrAppend(&out,
                  "refused: ", std::string(RegistrationOutcomeName(d.outcome)),
                  WhichIdentifier(d, others), ": ");
  switch (d.outcome) {
    case RegistrationOutcome::kRejected:
      absl::StrAppend(&out, EscapeForDisplay(RejectionMessage(*d.rejection)));
      break;
    case RegistrationOutcome::kRestrictionLevel:
      absl::StrAppend(
          &out, std::string(RestrictionLevelName(d.record->restriction_level)),
          " (the policy allows up to ",
          std::string(RestrictionLevelName(policy.max_restriction_level)), ")");
      break;
    case RegistrationOutcome::kMixedNumbers:
      absl::StrAppend(&out, "digits of more than one decimal system in ",
                      QuotedShown(d.record->key),
                      " (the policy refuses mixed numbers)");
      break;
    default:
      absl::StrAppend(&out, QuotedShown(d.conflict), " (shared key ",
                      QuotedShown(d.shared_key), ")");
  }
  return out;
}

// One JSON object: the input, the decision and the record, whole (what to
// store).
std::string DecisionJson(const Input& input, const RegistrationDecision& d,
                         const std::vector<std::string>& others) {
  JsonObject o;
  AddInput(o, "input", input);
  if (!others.empty()) o.AddArray("others", others);
  o.Add("outcome", RegistrationOutcomeName(d.outcome))
      .Add("accepted", d.accepted());
  if (d.record) {
    const RegistrationRecord& r = *d.record;
    o.Add("enforced", r.enforced)
        .Add("key", r.key)
        .AddArray("lookalike_keys", r.lookalike_keys)
        .Add("restriction_level", RestrictionLevelName(r.restriction_level))
        .AddArray("scripts", r.scripts)
        .Add("display", DisplaySafetyName(r.display))
        .Add("version_tag", r.version_tag);
  }
  if (!d.accepted()) o.Add("identifier", uint64_t{d.identifier});
  if (!d.conflict.empty()) o.Add("conflict", d.conflict);
  if (!d.shared_key.empty()) o.Add("shared_key", d.shared_key);
  if (d.rejection) AddErrorFields(o, RejectionError(*d.rejection));
  return o.Line();
}

}  // namespace

int RunRegister(const std::vector<std::string>& args, Format format) {
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) return Fail(profile.status());
  const absl::StatusOr<RegistrationPolicy> policy = SelectedPolicy();
  if (!policy.ok()) return Fail(policy.status());
  absl::StatusOr<Registry> registry = SelectedRegistry(*profile, *policy);
  if (!registry.ok()) return Fail(registry.status());
  const std::vector<std::string> others = SelectedOthers();
  const bool add = absl::GetFlag(FLAGS_add);
  const std::unique_ptr<ProgressReporter> progress =
      ProgressFromFlags("u8guard register", "names",
                        /*answers_each_input=*/true);
  return ForEachInput(
      "register", args, profile->max_input_bytes,
      [&](const Input& input) -> int {
        // With --add, each accepted name joins the registry
        // before the next one is decided (a batch of sign-ups).
        const absl::StatusOr<RegistrationDecision> d =
            add ? registry->Register(input.bytes, others)
                : registry->Decide(input.bytes, others);
        if (!d.ok()) return Fail(d.status());  // ICU failed
        if (format == Format::kJson) {
          std::cout << DecisionJson(input, *d, others) << "\n";
        } else {
          std::cout << DecisionText(input, *d, others, *policy) << "\n";
        }
        return d->accepted() ? kExitOk : kExitNegative;
      },
      progress.get());
}

}  // namespace u8guard::cli
