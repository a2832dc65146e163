// SPDX-License-Identifier: Apache-2.0
// Internal: the one table of a profile's fields. The policy-file parser
// reads keys through it and ProfileSettings (profile_settings.h) shows them
// from it, so that the parser, the TOML writer, `u8guard profiles` and the
// Python bindings know the same keys, in the same order.

#ifndef U8GUARD_SRC_PROFILE_PROFILE_FIELDS_H_
#define U8GUARD_SRC_PROFILE_PROFILE_FIELDS_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"

namespace u8guard::internal {

// The TOML type of a field's key and how its value is checked.
enum class FieldKind : uint8_t {
  kString,  // a string, any text
  kEnum,    // a string, one of the names of the enumeration's parser
  kBool,    // true or false
  kSize,    // an integer, not negative (and at least the field's minimum)
};

// One field of Profile as a policy file states it.
struct ProfileField {
  std::string_view key;  // the policy file's key
  bool required;         // whether a policy file must set it
  FieldKind kind;
  // The field's value in `profile`, as ProfileSettings shows it.
  ProfileSettingValue (*get)(const Profile& profile);
  // Sets the field of `profile` from `value`. Returns OK, or
  // InvalidArgument with what a policy file's error says after the key:
  // ExpectedType(kind) for a value of another TOML type, the enumeration
  // parser's message for an unknown name, "must not be negative" or "must
  // be at least N" for a size; `profile` is then unchanged. Checks this
  // field alone: the rules that involve several fields are ParseProfile's.
  absl::Status (*set)(Profile& profile, const ProfileSettingValue& value);
};

// Every field of Profile, once, in the order of policy files and of
// ProfileSettings. (profile_fields.cc checks at compile time that the table
// has as many entries as Profile has members.)
std::span<const ProfileField> ProfileFields();

// What a value of `kind` must be: "expected a string", "expected true or
// false", "expected an integer".
std::string_view ExpectedType(FieldKind kind);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PROFILE_PROFILE_FIELDS_H_
