// SPDX-License-Identifier: Apache-2.0
// Policy files: TOML (read with toml++) to Profile.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "src/common/read_file.h"
#include "src/common/system_error.h"
#include "toml++/toml.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

// A policy file is a few hundred bytes; anything near this is not one.
constexpr size_t kMaxPolicyFileBytes = 1 << 20;

// Reads one key of the table into the profile, or says what is wrong.
class ProfileReader {
 public:
  ProfileReader(const toml::table& table, std::string_view source)
      : table_(table), source_(EscapeForDisplay(source)) {}

  absl::StatusOr<Profile> Read() {
    Profile p;
    // Every key the format knows, and whether a file must set it.
    struct Key {
      const char* name;
      bool required;
      std::function<absl::Status(const toml::node&)> read;
    };
    bool key_case_set = false;
    const std::vector<Key> keys = {
        {"name", true, [&](const toml::node& n) { return String(n, p.name); }},
        {"description", false,
         [&](const toml::node& n) { return String(n, p.description); }},
        {"bom", true,
         [&](const toml::node& n) { return Enum(n, p.bom, &ParseBomPolicy); }},
        {"string_class", true,
         [&](const toml::node& n) {
           return Enum(n, p.string_class, &ParseStringClass);
         }},
        {"width_mapping", true,
         [&](const toml::node& n) { return Bool(n, p.width_mapping); }},
        {"additional_mapping", true,
         [&](const toml::node& n) {
           return Enum(n, p.additional_mapping, &ParseSpaceMapping);
         }},
        {"case_mapping", true,
         [&](const toml::node& n) {
           return Enum(n, p.case_mapping, &ParseCaseMapping);
         }},
        {"key_case_mapping", false,
         [&](const toml::node& n) {
           key_case_set = true;
           return Enum(n, p.key_case_mapping, &ParseCaseMapping);
         }},
        {"normalization", true,
         [&](const toml::node& n) {
           return Enum(n, p.normalization, &ParseNormalizationForm);
         }},
        {"directionality", true,
         [&](const toml::node& n) {
           return Enum(n, p.directionality, &ParseDirectionality);
         }},
        {"confusables", false,
         [&](const toml::node& n) {
           return Enum(n, p.confusables, &ParseConfusablesPolicy);
         }},
        {"reapply_rules", false,
         [&](const toml::node& n) { return Bool(n, p.reapply_rules); }},
        {"max_input_bytes", false,
         [&](const toml::node& n) { return Size(n, p.max_input_bytes); }},
        {"max_non_starters", false,
         [&](const toml::node& n) {
           if (absl::Status s = Size(n, p.max_non_starters); !s.ok()) {
             return s;
           }
           return p.max_non_starters >= 1
                      ? absl::OkStatus()
                      : Error(n, key_, "must be at least 1");
         }},
        {"min_output_bytes", false,
         [&](const toml::node& n) { return Size(n, p.min_output_bytes); }},
        {"max_output_bytes", false,
         [&](const toml::node& n) { return Size(n, p.max_output_bytes); }},
        {"max_output_code_points", false,
         [&](const toml::node& n) {
           return Size(n, p.max_output_code_points);
         }},
    };
    absl::flat_hash_map<std::string, const Key*> by_name;
    for (const Key& k : keys) by_name[k.name] = &k;

    for (auto&& [name, node] : table_) {
      const std::string key(name.str());
      auto it = by_name.find(key);
      if (it == by_name.end()) {
        std::vector<std::string> known;
        for (const Key& k : keys) known.push_back(k.name);
        return Error(node, key,
                     absl::StrCat("unknown key (known keys: ",
                                  absl::StrJoin(known, ", "), ")"));
      }
      key_ = key;
      if (absl::Status s = it->second->read(node); !s.ok()) return s;
    }
    for (const Key& k : keys) {
      if (k.required && !table_.contains(k.name)) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "%s: missing required key \"%s\"", source_, k.name));
      }
    }
    if (!key_case_set) p.key_case_mapping = p.case_mapping;
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

  absl::Status String(const toml::node& n, std::string& out) const {
    if (!n.is_string()) return Error(n, key_, "expected a string");
    out = *n.value<std::string>();
    return absl::OkStatus();
  }

  absl::Status Bool(const toml::node& n, bool& out) const {
    if (!n.is_boolean()) return Error(n, key_, "expected true or false");
    out = *n.value<bool>();
    return absl::OkStatus();
  }

  absl::Status Size(const toml::node& n, size_t& out) const {
    if (!n.is_integer()) return Error(n, key_, "expected an integer");
    const int64_t v = *n.value<int64_t>();
    if (v < 0) return Error(n, key_, "must not be negative");
    out = static_cast<size_t>(v);
    return absl::OkStatus();
  }

  // Reads an enumeration with its parser (the one the library and the CLI
  // use), reporting the parser's message at the key.
  template <typename E>
  absl::Status Enum(const toml::node& n, E& out,
                    absl::StatusOr<E> (*parse)(std::string_view)) const {
    if (!n.is_string()) return Error(n, key_, "expected a string");
    const absl::StatusOr<E> value = parse(*n.value<std::string>());
    if (!value.ok()) {
      const absl::string_view why = value.status().message();
      return Error(n, key_, std::string_view(why.data(), why.size()));
    }
    out = *value;
    return absl::OkStatus();
  }

  const toml::table& table_;
  std::string source_;
  std::string key_;
};

}  // namespace

absl::StatusOr<Profile> ParseProfile(std::string_view toml_text,
                                     std::string_view source) {
  toml::table table;
  try {
    table = toml::parse(toml_text, source);
  } catch (const toml::parse_error& e) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s:%d: TOML syntax error: %s", EscapeForDisplay(source),
        e.source().begin.line, EscapeForDisplay(e.description())));
  }
  return ProfileReader(table, source).Read();
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
