// SPDX-License-Identifier: Apache-2.0
// Policy files: TOML (read with toml++) to Profile.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "src/common/read_file.h"
#include "src/common/system_error.h"
#include "src/profile/profile_fields.h"
#include "src/profile/toml_text.h"
#include "toml++/toml.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"

namespace u8guard {
namespace {

// A policy file is a few hundred bytes; anything near this is not one.
constexpr size_t kMaxPolicyFileBytes = 1 << 20;

// Reads the keys of the table into a profile (through the table of fields,
// profile_fields.h), or says what is wrong.
class ProfileReader {
 public:
  ProfileReader(const toml::table& table, std::string_view source)
      : table_(table), source_(EscapeForDisplay(source)) {}

  absl::StatusOr<Profile> Read() {
    Profile p;
    const std::span<const internal::ProfileField> fields =
        internal::ProfileFields();
    for (auto&& [name, node] : table_) {
      const std::string_view key = name.str();
      const auto field = std::find_if(
          fields.begin(), fields.end(),
          [&](const internal::ProfileField& f) { return f.key == key; });
      if (field == fields.end()) {
        std::vector<std::string> known;
        for (const internal::ProfileField& f : fields) {
          known.emplace_back(f.key);
        }
        return Error(node, key,
                     absl::StrCat("unknown key (known keys: ",
                                  absl::StrJoin(known, ", "), ")"));
      }
      const std::optional<ProfileSettingValue> value = ValueOf(node);
      const absl::Status s = value.has_value()
                                 ? field->set(p, *value)
                                 : absl::InvalidArgumentError(std::string(
                                       internal::ExpectedType(field->kind)));
      if (!s.ok()) {
        const absl::string_view why = s.message();
        return Error(node, key, std::string_view(why.data(), why.size()));
      }
    }
    for (const internal::ProfileField& f : fields) {
      if (f.required && !table_.contains(f.key)) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s: missing required key \"%s\"", source_, f.key));
      }
    }
    // A file that does not say how to map the key's case maps it as the
    // enforced form's.
    if (!table_.contains("key_case_mapping")) {
      p.key_case_mapping = p.case_mapping;
    }
    if (absl::Status s = CheckWhole(p); !s.ok()) return s;
    return p;
  }

 private:
  // The rules that involve more than one key, or a key's whole value.
  absl::Status CheckWhole(const Profile& p) const {
    if (p.name.empty()) {
      return Error(*table_.get("name"), "name", "must not be empty");
    }
    if (const std::string_view builtin = CanonicalProfileName(p.name);
        builtin != p.name) {
      return Error(*table_.get("name"), "name",
                   absl::StrFormat("\"%s\" is the RFC's name of the built-in "
                                   "profile %s; name profiles in kebab case",
                                   p.name, builtin));
    }
    if (p.max_input_bytes > kMaxInputBytesLimit) {
      return Error(*table_.get("max_input_bytes"), "max_input_bytes",
                   absl::StrFormat("at most %d (64 MiB)", kMaxInputBytesLimit));
    }
    if (p.min_output_bytes > p.max_output_bytes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: min_output_bytes (%d) exceeds max_output_bytes (%d)", source_,
          p.min_output_bytes, p.max_output_bytes));
    }
    return absl::OkStatus();
  }

  absl::Status Error(const toml::node& node, std::string_view key,
                     std::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s:%d: key \"%s\": %s", source_,
                        node.source().begin.line, EscapeForDisplay(key), what));
  }

  // A value of one of the TOML types policy files use (string, boolean,
  // integer); nullopt for any other (a float, an array, a table, a date).
  static std::optional<ProfileSettingValue> ValueOf(const toml::node& n) {
    if (n.is_string()) return *n.value<std::string>();
    if (n.is_boolean()) return *n.value<bool>();
    if (n.is_integer()) return *n.value<int64_t>();
    return std::nullopt;
  }

  const toml::table& table_;
  std::string source_;
};

}  // namespace

absl::StatusOr<Profile> ParseProfile(std::string_view toml_text,
                                     std::string_view source) {
  absl::StatusOr<toml::table> table =
      internal::ParseTomlText(toml_text, source);
  if (!table.ok()) return table.status();
  return ProfileReader(*table, source).Read();
}

absl::StatusOr<Profile> LoadProfileFile(const std::string& path) {
  // The name may come from a directory listing (LoadProfileDirectory):
  // escaped in every message, as ParseProfile escapes it.
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, kMaxPolicyFileBytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  return ParseProfile(*text, path);
}

absl::StatusOr<std::vector<Profile>> LoadProfileDirectory(
    const std::string& directory) {
  if (absl::Status s = internal::CheckFileName(directory); !s.ok()) return s;
  std::error_code ec;
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
    if (entry.path().extension() == ".toml") paths.push_back(entry.path());
  }
  if (ec) {
    return internal::ErrnoStatus(
        ec.value(), absl::StrCat(EscapeForDisplay(directory), ": cannot list"));
  }
  std::sort(paths.begin(), paths.end());
  std::vector<Profile> profiles;
  absl::flat_hash_map<std::string, std::string> defined_in;
  for (const std::string& path : paths) {
    absl::StatusOr<Profile> p = LoadProfileFile(path);
    if (!p.ok()) return p.status();
    auto [it, inserted] = defined_in.emplace(p->name, path);
    if (!inserted) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: profile \"%s\" is already defined in %s", EscapeForDisplay(path),
          EscapeForDisplay(p->name), EscapeForDisplay(it->second)));
    }
    profiles.push_back(*std::move(p));
  }
  return profiles;
}

}  // namespace u8guard
