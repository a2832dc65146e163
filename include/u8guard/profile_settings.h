// SPDX-License-Identifier: Apache-2.0
// A profile's settings as its policy file states them, and the policy file
// of a profile.
//
// Every interface that shows or writes a profile's settings (Python's
// Profile.settings() and to_toml(), `u8guard profiles`) takes them from
// here, and ParseProfile reads the same keys: one table in the library
// lists each field of Profile once, so a field cannot be missing from one
// of them.

#ifndef U8GUARD_PROFILE_SETTINGS_H_
#define U8GUARD_PROFILE_SETTINGS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "u8guard/export.h"
#include "u8guard/profile.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// A setting's value with the TOML type its policy file uses: a string (the
// name and description, and the enumerations by the names their Name
// functions give: "reject", "NFC", ...), a boolean, or an integer (the
// sizes; TOML integers are signed 64-bit).
using ProfileSettingValue = std::variant<std::string, bool, int64_t>;

// One key of a policy file and its value.
struct ProfileSetting {
  // The policy file's key ("case_mapping"). ProfileSettings gives keys of
  // static storage duration.
  std::string_view key;
  ProfileSettingValue value;

  friend bool operator==(const ProfileSetting&,
                         const ProfileSetting&) = default;
};

// Returns every setting of `profile`, one per field of Profile, with the
// keys of a policy file in the order policy files and the documentation
// list them (name, description, bom, string_class, width_mapping,
// additional_mapping, case_mapping, key_case_mapping, normalization,
// directionality, confusables, reapply_rules, max_input_bytes,
// max_non_starters, min_output_bytes, max_output_bytes,
// max_output_code_points). key_case_mapping is always present, also where
// the file left it to follow case_mapping. A size above INT64_MAX, which no
// policy file can state, is shown as INT64_MAX (the same bound in
// practice). Accepts any profile; never fails.
std::vector<ProfileSetting> ProfileSettings(const Profile& profile);

// Returns `settings` as a policy file's text: one `key = value` line per
// setting, in the order given; strings as TOML basic strings (quotes,
// backslashes and the control characters U+0000-U+001F and U+007F
// escaped, other bytes as they are); a key that TOML cannot write bare,
// quoted. Writes any key and any value: whether they make a valid profile
// is for ParseProfile to say (an unknown key, a value of the wrong type, a
// negative size, a missing required key and text that is not UTF-8 are
// its errors). Never fails.
std::string ProfileSettingsToToml(const std::vector<ProfileSetting>& settings);

// Returns the policy file of `profile`: ProfileSettingsToToml of its
// ProfileSettings. ParseProfile reads it back to a profile with the same
// settings whenever `profile` is one ParseProfile could have given: name
// and description valid UTF-8 (any characters, quotes, backslashes and
// control characters included), sizes at most INT64_MAX, and ParseProfile's
// rules (a name neither empty nor an RFC's spelling, max_input_bytes at
// most kMaxInputBytesLimit, max_non_starters at least 1, min_output_bytes
// at most max_output_bytes). Otherwise: a size above INT64_MAX comes back
// as INT64_MAX, and a file that breaks a rule is refused by ParseProfile
// for that rule. Never fails.
std::string ProfileToToml(const Profile& profile);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_PROFILE_SETTINGS_H_
