// SPDX-License-Identifier: Apache-2.0
// The C API's name functions: rule ids and descriptions, status names,
// finding kind names. Every returned string is static.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "u8guard/acl.h"
#include "u8guard/rule.h"
#include "u8guard/u8guard_c.h"

namespace {

// NUL-terminated copies of the names `name(0)`, ..., `name(count)` the C++
// API gives as views, made once and never freed: the values 0 .. count - 1,
// then the C++ API's name for a value it does not know. nullptr if they
// cannot be made.
template <typename Name>
const std::vector<std::string>* CopyNames(size_t count, Name name) noexcept {
  try {
    auto* names = new std::vector<std::string>;
    for (size_t i = 0; i <= count; ++i) names->emplace_back(name(i));
    return names;
  } catch (...) {
    return nullptr;
  }
}

// The name of `value`: names[value], or for a value out of the table the
// C++ API's name for unknown values (its last entry).
const char* NameAt(const std::vector<std::string>* names, int64_t value) {
  if (names == nullptr) return "unknown";
  if (value < 0 || static_cast<uint64_t>(value) + 1 >= names->size()) {
    return names->back().c_str();
  }
  return (*names)[static_cast<size_t>(value)].c_str();
}

// Rule values are 1..N without gaps (rule.h); 0 is no rule.
size_t RuleTableSize() { return u8guard::AllRules().size() + 1; }

}  // namespace

extern "C" {

const char* u8guard_rule_id(u8guard_rule_t rule) {
  static const std::vector<std::string>* const kIds =
      CopyNames(RuleTableSize(), [](size_t value) {
        return u8guard::RuleId(static_cast<u8guard::Rule>(value));
      });
  return NameAt(kIds, rule);
}

const char* u8guard_rule_description(u8guard_rule_t rule) {
  static const std::vector<std::string>* const kDescriptions =
      CopyNames(RuleTableSize(), [](size_t value) {
        return u8guard::RuleDescription(static_cast<u8guard::Rule>(value));
      });
  return NameAt(kDescriptions, rule);
}

u8guard_rule_t u8guard_rule_from_id(const char* id) {
  if (id == nullptr) return U8GUARD_RULE_NONE;
  const std::optional<u8guard::Rule> rule = u8guard::RuleFromId(id);
  return rule ? static_cast<u8guard_rule_t>(*rule) : U8GUARD_RULE_NONE;
}

const char* u8guard_acl_finding_kind_name(int32_t kind) {
  static const std::vector<std::string>* const kNames =
      CopyNames(U8GUARD_FINDING_MIXED_NUMBERS + 1, [](size_t value) {
        return u8guard::AclFindingKindName(
            static_cast<u8guard::AclFindingKind>(value));
      });
  return NameAt(kNames, kind);
}

const char* u8guard_status_name(u8guard_status status) {
  switch (status) {
    case U8GUARD_OK:
      return "ok";
    case U8GUARD_REJECTED:
      return "rejected";
    case U8GUARD_NO_MATCH:
      return "no_match";
    case U8GUARD_BUFFER_TOO_SMALL:
      return "buffer_too_small";
    case U8GUARD_INVALID_ARGUMENT:
      return "invalid_argument";
    case U8GUARD_NOT_FOUND:
      return "not_found";
    case U8GUARD_PERMISSION_DENIED:
      return "permission_denied";
    case U8GUARD_IO_ERROR:
      return "io_error";
    case U8GUARD_LIMIT_EXCEEDED:
      return "limit_exceeded";
    case U8GUARD_OUT_OF_MEMORY:
      return "out_of_memory";
    case U8GUARD_INTERNAL:
      return "internal";
    case U8GUARD_ALREADY_EXISTS:
      return "already_exists";
    case U8GUARD_CANCELLED:
      return "cancelled";
    default:
      return "unknown";
  }
}

}  // extern "C"
