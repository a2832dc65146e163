// SPDX-License-Identifier: Apache-2.0
// ProfileSettings and the one TOML writer of profiles (profile_settings.h),
// from the table of fields (profile_fields.h).

#include "u8guard/profile_settings.h"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "src/common/hex.h"
#include "src/profile/profile_fields.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

// `s` as a TOML basic string: quotes and backslashes escaped, and the
// control characters TOML forbids in one (U+0000-U+001F, U+007F) as
// \u00XX; every other byte as it is.
void AppendTomlString(std::string_view s, std::string& out) {
  out += '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7F) {
      // Upper case, as this writer always wrote them (TOML takes either).
      out += "\\u";
      internal::AppendHex(out, u, 4, internal::HexCase::kUpper);
    } else {
      out += c;
    }
  }
  out += '"';
}

// A key as TOML writes it: bare when it may be (every key of the table),
// else quoted, so that ParseProfile names it in its "unknown key" error.
void AppendTomlKey(std::string_view key, std::string& out) {
  bool bare = !key.empty();
  for (const char c : key) {
    bare &= absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' ||
            c == '-';
  }
  if (bare) {
    out += key;
  } else {
    AppendTomlString(key, out);
  }
}

}  // namespace

std::vector<ProfileSetting> ProfileSettings(const Profile& profile) {
  std::vector<ProfileSetting> settings;
  settings.reserve(internal::ProfileFields().size());
  for (const internal::ProfileField& field : internal::ProfileFields()) {
    settings.push_back({field.key, field.get(profile)});
  }
  return settings;
}

std::string ProfileSettingsToToml(const std::vector<ProfileSetting>& settings) {
  std::string toml;
  for (const ProfileSetting& setting : settings) {
    AppendTomlKey(setting.key, toml);
    toml += " = ";
    if (const auto* s = std::get_if<std::string>(&setting.value)) {
      AppendTomlString(*s, toml);
    } else if (const auto* b = std::get_if<bool>(&setting.value)) {
      toml += *b ? "true" : "false";
    } else {
      absl::StrAppend(&toml, std::get<int64_t>(setting.value));
    }
    toml += '\n';
  }
  return toml;
}

std::string ProfileToToml(const Profile& profile) {
  return ProfileSettingsToToml(ProfileSettings(profile));
}

}  // namespace u8guard
