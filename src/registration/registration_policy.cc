// SPDX-License-Identifier: Apache-2.0
// Registration policies: exemption names, the built-in protected names,
// policy files (TOML), and version tags.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "src/acl/acl_lines.h"
#include "src/common/enum_names.h"
#include "src/common/read_file.h"
#include "src/profile/toml_text.h"
#include "toml++/toml.h"
#include "u8guard/display.h"
#include "u8guard/registration.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<DisplaySafety> kDisplaySafetyNames[] = {
    {DisplaySafety::kAsTyped, "as_typed"},
    {DisplaySafety::kEscaped, "escaped"},
};

constexpr internal::EnumName<RegistrationOutcome> kOutcomeNames[] = {
    {RegistrationOutcome::kAccepted, "accepted"},
    {RegistrationOutcome::kRejected, "rejected"},
    {RegistrationOutcome::kProtectedName, "protected_name"},
    {RegistrationOutcome::kRestrictionLevel, "restriction_level"},
    {RegistrationOutcome::kCollision, "collision"},
    {RegistrationOutcome::kLookalike, "lookalike"},
    {RegistrationOutcome::kCrossFieldClash, "cross_field_clash"},
    {RegistrationOutcome::kMixedNumbers, "mixed_numbers"},
};

// The built-in name lists (policies/*.txt), compiled in.
struct EmbeddedList {
  const char* file;
  const char* text;
};
constexpr EmbeddedList kLists[] = {
#include "builtin_lists.inc"
};

// A policy file is a few hundred bytes; a list of names may be long.
constexpr size_t kMaxPolicyFileBytes = 1 << 20;
constexpr size_t kMaxListFileBytes = 64 << 20;

// True for a protected name with a space or tab at either end (or none at
// all): no identifier profile accepts one, and a name the profile rejects
// protects nothing, silently.
bool Unprotectable(std::string_view name) {
  return name.empty() || name.front() == ' ' || name.front() == '\t' ||
         name.back() == ' ' || name.back() == '\t';
}

// The names of a list in the ACL file format (acl.h: ForEachAclLine). An
// Unprotectable one is an error naming `source` and the line.
absl::StatusOr<std::vector<std::string>> ListNames(std::string_view text,
                                                   std::string_view source) {
  std::vector<std::string> names;
  bool signature = false;
  absl::Status s = internal::ForEachAclLine(
      text, &signature, [&](std::string_view line, size_t number) {
        if (Unprotectable(line)) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "%s:%d: protected name \"%s\" begins or ends with a space or "
              "tab",
              EscapeForDisplay(source), number, EscapeForDisplay(line)));
        }
        names.emplace_back(line);
        return absl::OkStatus();
      });
  if (!s.ok()) return s;
  return names;
}

// Reads the keys of a policy file into a RegistrationPolicy.
class PolicyReader {
 public:
  PolicyReader(const toml::table& table, std::string_view source)
      : table_(table), source_(source) {}

  absl::StatusOr<RegistrationPolicy> Read() {
    p_.protected_names.clear();
    for (auto&& [name, node] : table_) {
      if (absl::Status s = ReadKey(std::string(name.str()), node); !s.ok()) {
        return s;
      }
    }
    if (absl::Status s = ReadListFile(); !s.ok()) return s;
    if (absl::Status s = AddExtraNames(); !s.ok()) return s;
    return std::move(p_);
  }

 private:
  // One key of the table and its value.
  absl::Status ReadKey(const std::string& key, const toml::node& node) {
    if (key == "protected_names") return Strings(node, key, extra_);
    if (key == "protected_names_file") {
      if (!node.is_string()) return Error(node, key, "expected a string");
      list_file_ = *node.value<std::string>();
      return absl::OkStatus();
    }
    if (key == "confusable_exemptions") return ReadExemptions(node, key);
    if (key == "max_restriction_level") {
      return ReadName(node, key, ParseRestrictionLevel,
                      p_.max_restriction_level);
    }
    if (key == "refuse_mixed_numbers") {
      if (!node.is_boolean()) return Error(node, key, "expected a boolean");
      p_.refuse_mixed_numbers = *node.value<bool>();
      return absl::OkStatus();
    }
    if (key == "skeleton_order") {
      return ReadName(node, key, ParseSkeletonOrder, p_.skeleton_order);
    }
    return Error(node, key,
                 "unknown key (known keys: protected_names, "
                 "protected_names_file, confusable_exemptions, "
                 "max_restriction_level, refuse_mixed_numbers, "
                 "skeleton_order)");
  }

  absl::Status ReadExemptions(const toml::node& node, std::string_view key) {
    std::vector<std::string> names;
    if (absl::Status s = Strings(node, key, names); !s.ok()) return s;
    for (const std::string& name : names) {
      absl::StatusOr<ConfusableExemption> e = ParseConfusableExemption(name);
      if (!e.ok()) return Error(node, key, e.status().message());
      p_.exemptions.push_back(*e);
    }
    return absl::OkStatus();
  }

  // A string naming one value of an enumeration, which `parse` (a Parse*
  // function of the library) reads into `out`; its error names the
  // accepted names.
  template <typename T>
  absl::Status ReadName(const toml::node& node, std::string_view key,
                        absl::StatusOr<T> (*parse)(std::string_view), T& out) {
    absl::StatusOr<T> value =
        node.is_string() ? parse(*node.value<std::string>())
                         : absl::InvalidArgumentError("expected a string");
    if (!value.ok()) return Error(node, key, value.status().message());
    out = *value;
    return absl::OkStatus();
  }

  // The protected names of protected_names_file: the built-in list, none
  // (""), or a file's (relative to the policy file's directory).
  absl::Status ReadListFile() {
    if (list_file_ == "builtin") {
      p_.protected_names = DefaultProtectedNames();
      return absl::OkStatus();
    }
    if (list_file_.empty()) return absl::OkStatus();
    std::filesystem::path path(list_file_);
    if (path.is_relative()) {
      path = std::filesystem::path(source_).parent_path() / path;
    }
    absl::StatusOr<std::string> text = internal::ReadFileToString(
        path.string(), kMaxListFileBytes, EscapeForDisplay(path.string()));
    if (!text.ok()) return text.status();
    absl::StatusOr<std::vector<std::string>> names =
        ListNames(*text, path.string());
    if (!names.ok()) return names.status();
    p_.protected_names = *std::move(names);
    return absl::OkStatus();
  }

  // The names of protected_names, after the list's; each must be
  // protectable.
  absl::Status AddExtraNames() {
    for (const std::string& name : extra_) {
      if (Unprotectable(name)) {
        return Error(*table_.get("protected_names"), "protected_names",
                     absl::StrCat("\"", EscapeForDisplay(name),
                                  "\" is empty or begins or ends with a "
                                  "space or tab"));
      }
    }
    p_.protected_names.insert(p_.protected_names.end(), extra_.begin(),
                              extra_.end());
    return absl::OkStatus();
  }

  absl::Status Error(const toml::node& node, std::string_view key,
                     absl::string_view what) const {
    // The source and key are the caller's (a file name, a client's TOML):
    // escaped, as the values quoted in `what` are.
    return absl::InvalidArgumentError(
        absl::StrFormat("%s:%d: key \"%s\": %s", EscapeForDisplay(source_),
                        node.source().begin.line, EscapeForDisplay(key), what));
  }

  absl::Status Strings(const toml::node& node, std::string_view key,
                       std::vector<std::string>& out) const {
    const toml::array* array = node.as_array();
    if (array == nullptr) return Error(node, key, "expected an array");
    for (const toml::node& element : *array) {
      if (!element.is_string()) {
        return Error(element, key, "expected an array of strings");
      }
      out.push_back(*element.value<std::string>());
    }
    return absl::OkStatus();
  }

  const toml::table& table_;
  std::string source_;
  RegistrationPolicy p_;
  std::string list_file_ = "builtin";
  std::vector<std::string> extra_;  // protected_names
};

}  // namespace

std::string_view DisplaySafetyName(DisplaySafety d) {
  return internal::NameIn(kDisplaySafetyNames, d);
}

std::string_view RegistrationOutcomeName(RegistrationOutcome o) {
  return internal::NameIn(kOutcomeNames, o);
}

const std::vector<std::string>& DefaultProtectedNames() {
  static const std::vector<std::string>* const kNames = [] {
    for (const EmbeddedList& list : kLists) {
      if (std::string_view(list.file) == "protected-names.txt") {
        absl::StatusOr<std::vector<std::string>> names =
            ListNames(list.text, list.file);
        if (!names.ok()) {
          std::fprintf(stderr, "u8guard: %s\n",
                       std::string(names.status().message()).c_str());
          std::abort();  // the build embedded a broken list
        }
        return new std::vector<std::string>(*std::move(names));
      }
    }
    return new std::vector<std::string>();  // a build without the list
  }();
  return *kNames;
}

RegistrationPolicy DefaultRegistrationPolicy() {
  RegistrationPolicy p;
  p.protected_names = DefaultProtectedNames();
  return p;
}

absl::StatusOr<RegistrationPolicy> ParseRegistrationPolicy(
    std::string_view toml_text, std::string_view source) {
  absl::StatusOr<toml::table> table =
      internal::ParseTomlText(toml_text, source);
  if (!table.ok()) return table.status();
  return PolicyReader(*table, source).Read();
}

absl::StatusOr<RegistrationPolicy> LoadRegistrationPolicy(
    const std::string& path) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, kMaxPolicyFileBytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  return ParseRegistrationPolicy(*text, path);
}

std::string VersionTag() {
  // The versions of a process do not change: built once.
  static const std::string* const tag = new std::string(
      absl::StrCat("u8guard-", LibraryVersion(), "+icu-", IcuVersion(),
                   "+unicode-", UnicodeVersion()));
  return *tag;
}

absl::StatusOr<VersionTagParts> ParseVersionTag(std::string_view tag) {
  const std::vector<absl::string_view> parts =
      absl::StrSplit(absl::string_view(tag.data(), tag.size()), '+');
  const auto fail = [&] {
    return absl::InvalidArgumentError(absl::StrFormat(
        "not a version tag: \"%s\" (expected "
        "u8guard-VERSION+icu-VERSION+unicode-VERSION)",
        absl::CHexEscape(absl::string_view(tag.data(), tag.size()))));
  };
  if (parts.size() != 3) return fail();
  VersionTagParts out;
  const struct {
    std::string_view prefix;
    std::string* value;
  } fields[] = {{"u8guard-", &out.library},
                {"icu-", &out.icu},
                {"unicode-", &out.unicode}};
  for (size_t i = 0; i < 3; ++i) {
    std::string_view p(parts[i].data(), parts[i].size());
    if (p.substr(0, fields[i].prefix.size()) != fields[i].prefix) return fail();
    p.remove_prefix(fields[i].prefix.size());
    if (p.empty() || p.find_first_not_of("0123456789.") != p.npos) {
      return fail();
    }
    *fields[i].value = std::string(p);
  }
  return out;
}

}  // namespace u8guard
