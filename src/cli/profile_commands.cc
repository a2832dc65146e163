// SPDX-License-Identifier: Apache-2.0
// u8guard canon, enforce, compare, profiles.

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"
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
      enforce ? "enforce" : "key", args, profile->max_input_bytes,
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

namespace {

// A profile's settings after its name and description, as `key=value`
// words on lines of at most kWidth columns (a longer word alone on its
// line), each line indented to the description's column.
std::string SettingsLines(const std::vector<ProfileSetting>& settings) {
  constexpr size_t kIndent = 25;
  constexpr size_t kWidth = 80;
  std::string out;
  std::string line;
  for (const ProfileSetting& s : settings) {
    if (s.key == "name" || s.key == "description") continue;
    std::string word = std::string(s.key) + "=";
    if (const auto* text = std::get_if<std::string>(&s.value)) {
      absl::StrAppend(&word, EscapeForDisplay(*text));
    } else if (const auto* b = std::get_if<bool>(&s.value)) {
      absl::StrAppend(&word, *b ? "true" : "false");
    } else {
      absl::StrAppend(&word, std::get<int64_t>(s.value));
    }
    if (!line.empty() && kIndent + line.size() + 1 + word.size() > kWidth) {
      absl::StrAppend(&out, std::string(kIndent, ' '), line, "\n");
      line.clear();
    }
    absl::StrAppend(&line, line.empty() ? "" : " ", word);
  }
  if (!line.empty()) {
    absl::StrAppend(&out, std::string(kIndent, ' '), line, "\n");
  }
  return out;
}

}  // namespace

int RunProfiles(const std::vector<std::string>& args, Format format) {
  if (!args.empty()) {
    std::cerr << "u8guard profiles: takes no arguments\n";
    return kExitUsage;
  }
  // Every setting, from the library's table of a profile's fields: the keys
  // and values of policy files, in their order.
  for (const Profile& p : BuiltinProfiles()) {
    const std::vector<ProfileSetting> settings = ProfileSettings(p);
    if (format == Format::kJson) {
      JsonObject o;
      for (const ProfileSetting& s : settings) {
        if (const auto* text = std::get_if<std::string>(&s.value)) {
          o.Add(s.key, *text);
        } else if (const auto* b = std::get_if<bool>(&s.value)) {
          o.Add(s.key, *b);
        } else {
          // Sizes: ProfileSettings never gives a negative one.
          o.Add(s.key, static_cast<uint64_t>(std::get<int64_t>(s.value)));
        }
      }
      std::cout << o.Line() << "\n";
    } else {
      std::cout << absl::StrFormat("%-24s %s\n", EscapeForDisplay(p.name),
                                   EscapeForDisplay(p.description))
                << SettingsLines(settings);
    }
  }
  return kExitOk;
}

}  // namespace u8guard::cli
