// SPDX-License-Identifier: Apache-2.0
// The RFCs' spellings of the built-in profiles' names: one table, through
// which every interface (C++, C, the CLI, SQL, Python) resolves a name.

#include <string_view>

#include "u8guard/profile.h"

namespace u8guard {
namespace {

// Both are views of string literals: the C API hands `name` out as a
// NUL-terminated string (u8guard_canonical_profile_name).
struct ProfileAlias {
  std::string_view rfc_name;  // as the RFC writes it
  std::string_view name;      // the built-in profile's (policies/*.toml)
};

constexpr ProfileAlias kProfileAliases[] = {
    {"UsernameCaseMapped", "username-case-mapped"},        // RFC 8265 3.3
    {"UsernameCasePreserved", "username-case-preserved"},  // RFC 8265 3.4
    {"OpaqueString", "opaque-string"},                     // RFC 8265 4.2
    {"Nickname", "nickname"},                              // RFC 8266
    {"IdentifierClass", "identifier-class"},               // RFC 8264 4.2
    {"FreeformClass", "freeform-class"},                   // RFC 8264 4.3
};

}  // namespace

std::string_view CanonicalProfileName(std::string_view name) {
  for (const ProfileAlias& a : kProfileAliases) {
    if (a.rfc_name == name) return a.name;
  }
  return name;
}

}  // namespace u8guard
