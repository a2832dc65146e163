// SPDX-License-Identifier: Apache-2.0
// u8guard canon, enforce, compare, profiles.

#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {

int RunCanon(const std::vector<std::string>& args, Format format,
             bool enforce) {
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) {
    std::cerr << "u8guard: " << ShownMessage(profile.status()) << "\n";
    return kExitUsage;
  }
  return ForEachInput(
      enforce ? "enforce" : "canon", args, profile->max_input_bytes,
      [&](const Input& input) {
        const absl::StatusOr<std::string> out =
            enforce ? Enforce(*profile, input.bytes)
                    : Canonicalize(*profile, input.bytes);
        if (format == Format::kJson) {
          JsonObject o;
          AddInput(o, "input", input);
          o.Add("ok", out.ok());
          if (out.ok()) {
            o.Add("output", *out);
          } else {
            AddErrorFields(o, out.status());
          }
          std::cout << o.Line() << "\n";
        } else if (out.ok()) {
          std::cout << EscapeForDisplay(*out) << "\n";
        } else {
          std::cout << "rejected: " << ShownMessage(out.status()) << "\n";
        }
        return out.ok() ? kExitOk : kExitNegative;
      });
}

int RunCompare(const std::vector<std::string>& args, Format format) {
  if (args.size() != 2) {
    std::cerr << "u8guard compare: needs exactly two strings, A and B\n";
    return kExitUsage;
  }
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) {
    std::cerr << "u8guard: " << ShownMessage(profile.status()) << "\n";
    return kExitUsage;
  }
  const Comparison c = Compare(*profile, args[0], args[1]);
  const absl::StatusOr<std::string>& a = c.a;
  const absl::StatusOr<std::string>& b = c.b;
  const bool equivalent = c.equivalent;
  if (format == Format::kJson) {
    JsonObject o;
    AddInput(o, "a", WholeInput(args[0], profile->max_input_bytes));
    AddInput(o, "b", WholeInput(args[1], profile->max_input_bytes));
    o.Add("equivalent", equivalent);
    for (const auto& [name, key] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
      if (key->ok()) {
        o.Add(std::string("key_") + name, **key);
      } else {
        o.Add(std::string("error_") + name,
              std::string(key->status().message()));
      }
    }
    std::cout << o.Line() << "\n";
  } else {
    std::cout << (equivalent ? "equivalent" : "different") << "\n";
    for (const auto* key : {&a, &b}) {
      if (!key->ok()) std::cout << "  " << ShownMessage(key->status()) << "\n";
    }
  }
  return equivalent ? kExitOk : kExitNegative;
}

int RunProfiles(const std::vector<std::string>& args, Format format) {
  if (!args.empty()) {
    std::cerr << "u8guard profiles: takes no arguments\n";
    return kExitUsage;
  }
  for (const Profile& p : BuiltinProfiles()) {
    if (format == Format::kJson) {
      std::cout
          << JsonObject()
                 .Add("name", p.name)
                 .Add("description", p.description)
                 .Add("bom", BomPolicyName(p.bom))
                 .Add("string_class", StringClassName(p.string_class))
                 .Add("width_mapping", p.width_mapping)
                 .Add("additional_mapping",
                      SpaceMappingName(p.additional_mapping))
                 .Add("case_mapping", CaseMappingName(p.case_mapping))
                 .Add("key_case_mapping", CaseMappingName(p.key_case_mapping))
                 .Add("normalization", NormalizationFormName(p.normalization))
                 .Add("directionality", DirectionalityName(p.directionality))
                 .Add("confusables", ConfusablesPolicyName(p.confusables))
                 .Add("max_output_bytes", uint64_t{p.max_output_bytes})
                 .Line()
          << "\n";
    } else {
      std::cout << absl::StrFormat(
          "%-24s %s\n%24s bom=%s class=%s width=%s spaces=%s case=%s "
          "key_case=%s norm=%s dir=%s confusables=%s\n",
          p.name, p.description, "", BomPolicyName(p.bom),
          StringClassName(p.string_class), p.width_mapping ? "yes" : "no",
          SpaceMappingName(p.additional_mapping),
          CaseMappingName(p.case_mapping), CaseMappingName(p.key_case_mapping),
          NormalizationFormName(p.normalization),
          DirectionalityName(p.directionality),
          ConfusablesPolicyName(p.confusables));
    }
  }
  return kExitOk;
}

}  // namespace u8guard::cli
