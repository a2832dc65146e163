// SPDX-License-Identifier: Apache-2.0
// The built-in profiles: policies/*.toml, embedded at build time.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

struct EmbeddedPolicy {
  const char* file;
  const char* text;
};

constexpr EmbeddedPolicy kEmbedded[] = {
#include "builtin_policies.inc"
};

std::vector<Profile> ParseEmbedded() {
  std::vector<Profile> out;
  for (const EmbeddedPolicy& e : kEmbedded) {
    absl::StatusOr<Profile> p =
        ParseProfile(e.text, absl::StrCat("policies/", e.file));
    // A built-in policy that does not parse is a build defect, caught by
    // the tests; it must never silently weaken a deployment.
    if (!p.ok()) {
      std::fprintf(stderr, "u8guard: built-in %s\n",
                   std::string(p.status().message()).c_str());
      std::abort();
    }
    out.push_back(*std::move(p));
  }
  return out;
}

}  // namespace

const std::vector<Profile>& BuiltinProfiles() {
  static const std::vector<Profile>* const kProfiles =
      new std::vector<Profile>(ParseEmbedded());
  return *kProfiles;
}

absl::StatusOr<const Profile*> FindBuiltinProfile(std::string_view name) {
  const std::string_view wanted = CanonicalProfileName(name);
  std::vector<std::string> names;
  for (const Profile& p : BuiltinProfiles()) {
    if (p.name == wanted) return &p;
    names.push_back(p.name);
  }
  // The name is the caller's, maybe a client's (an SQL argument): shown
  // escaped, as every untrusted string in a message is.
  return absl::NotFoundError(absl::StrCat("no built-in profile \"",
                                          EscapeForDisplay(name), "\" (have ",
                                          absl::StrJoin(names, ", "), ")"));
}

absl::StatusOr<Profile> FindProfile(std::string_view name,
                                    const std::string& directory) {
  if (!directory.empty()) {
    absl::StatusOr<std::vector<Profile>> loaded =
        LoadProfileDirectory(directory);
    if (!loaded.ok()) return loaded.status();
    const std::string_view wanted = CanonicalProfileName(name);
    for (Profile& p : *loaded) {
      if (p.name == wanted) return std::move(p);
    }
  }
  absl::StatusOr<const Profile*> builtin = FindBuiltinProfile(name);
  if (!builtin.ok()) return builtin.status();
  return **builtin;
}

}  // namespace u8guard
