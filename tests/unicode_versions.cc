// SPDX-License-Identifier: Apache-2.0
#include "tests/unicode_versions.h"

#include <unicode/uchar.h>
#include <unicode/uversion.h>

#include <charconv>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"

#ifndef U8GUARD_UNICODE_DATA_DIR
#define U8GUARD_UNICODE_DATA_DIR "/usr/share/unicode"
#endif

namespace u8guard::testing {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string UnicodeVersionNumber::ToString() const {
  return absl::StrCat(major, ".", minor);
}

std::optional<UnicodeVersionNumber> ParseUnicodeVersion(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (!IsDigit(text[i]) || (i > 0 && IsDigit(text[i - 1]))) continue;
    size_t dot = i;
    while (dot < text.size() && IsDigit(text[dot])) ++dot;
    size_t end = dot + 1;
    while (end < text.size() && IsDigit(text[end])) ++end;
    if (dot >= text.size() || text[dot] != '.' || end == dot + 1) continue;
    UnicodeVersionNumber v;
    const char* s = text.data();
    if (std::from_chars(s + i, s + dot, v.major).ec == std::errc() &&
        std::from_chars(s + dot + 1, s + end, v.minor).ec == std::errc()) {
      return v;
    }
  }
  return std::nullopt;
}

UnicodeVersionNumber IcuUnicodeVersion() {
  UVersionInfo v;
  u_getUnicodeVersion(v);
  return {v[0], v[1]};
}

std::optional<UnicodeVersionNumber> UnicodeVersionOfIcuRelease(int icu_major) {
  switch (icu_major) {
    case 72:
    case 73:
      return UnicodeVersionNumber{15, 0};
    case 74:
    case 75:
      return UnicodeVersionNumber{15, 1};
    case 76:
    case 77:
      return UnicodeVersionNumber{16, 0};
    case 78:
      return UnicodeVersionNumber{17, 0};
    default:
      return std::nullopt;
  }
}

std::optional<UnicodeVersionNumber> AgeOf(char32_t cp) {
  if (cp > 0x10FFFF) return std::nullopt;
  UVersionInfo age;
  u_charAge(static_cast<UChar32>(cp), age);
  if (age[0] == 0 && age[1] == 0) return std::nullopt;  // unassigned
  return UnicodeVersionNumber{age[0], age[1]};
}

bool AssignedAfter(char32_t cp, UnicodeVersionNumber v) {
  const std::optional<UnicodeVersionNumber> age = AgeOf(cp);
  return age && *age > v;
}

bool AssignedInBoth(char32_t cp, UnicodeVersionNumber v) {
  const std::optional<UnicodeVersionNumber> age = AgeOf(cp);
  return age && *age <= v;
}

std::optional<UnicodeVersionNumber> UcdFileVersion(std::string_view content) {
  return ParseUnicodeVersion(content.substr(0, content.find('\n')));
}

std::string UnicodeDataPath(std::string_view name) {
  const char* dir = std::getenv("U8GUARD_UNICODE_DATA_DIR");
  std::string path =
      dir != nullptr && *dir != '\0' ? dir : U8GUARD_UNICODE_DATA_DIR;
  return path.append("/").append(name);
}

}  // namespace u8guard::testing
