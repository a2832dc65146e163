// SPDX-License-Identifier: Apache-2.0
// Escaped text and character names for people.

#include "u8guard/display.h"

#include <unicode/uchar.h>

#include <cstdint>
#include <string>

#include "src/common/hex.h"
#include "src/unicode/display_internal.h"
#include "src/utf8/escape.h"
#include "src/utf8/json_string.h"
#include "u8guard/utf8.h"

namespace u8guard {

bool IsInvisibleForDisplay(char32_t cp) {
  if (cp == U' ') return false;
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return true;
  if (u_hasBinaryProperty(cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
    return true;
  }
  switch (u_charType(cp)) {
    case U_FORMAT_CHAR:
    case U_CONTROL_CHAR:
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_UNASSIGNED:
    case U_PRIVATE_USE_CHAR:
    case U_SURROGATE:
      return true;
    default:
      return false;
  }
}

std::string EscapeForDisplay(std::string_view s) {
  return internal::EscapeCodePoints(s, &IsInvisibleForDisplay);
}

namespace internal {

bool ShownAsIs(std::string_view s) {
  size_t pos = 0;
  while (pos < s.size()) {
    const auto b = static_cast<unsigned char>(s[pos]);
    if (b < 0x80) {
      if (b < 0x20 || b == 0x7F || b == '\\') return false;
      ++pos;
      continue;
    }
    const int32_t cp = DecodeUtf8At(s, pos);
    if (cp < 0 || IsInvisibleForDisplay(static_cast<char32_t>(cp))) {
      return false;
    }
  }
  return true;
}

}  // namespace internal

std::string JsonStringForDisplay(std::string_view s) {
  std::string out;
  // \n, \r and \t as such: the tool's JSON has always written them so.
  internal::AppendJsonString(out, s, internal::JsonControlEscapes::kShort,
                             &IsInvisibleForDisplay);
  return out;
}

std::string CodePointNotation(char32_t cp) {
  std::string out;
  internal::AppendCodePointNotation(out, cp);
  return out;
}

std::string HexBytes(std::string_view bytes) {
  std::string out;
  internal::AppendHexBytes(out, bytes, internal::HexCase::kUpper);
  return out;
}

std::string EscapeControls(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) {
      out += "\\x";
      internal::AppendHex(out, c, 2, internal::HexCase::kUpper);
    } else if (c == 0xC2 && i + 1 < s.size() &&
               static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
      out += "\\u";
      internal::AppendHex(out, static_cast<unsigned char>(s[++i]), 4,
                          internal::HexCase::kUpper);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

std::string UnicodeCharacterName(char32_t cp) {
  if (cp > 0x10FFFF) return "";
  char name[128];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = u_charName(static_cast<UChar32>(cp), U_EXTENDED_CHAR_NAME,
                               name, sizeof name, &status);
  if (U_FAILURE(status) || n <= 0) return "";
  return std::string(name, static_cast<size_t>(n));
}

}  // namespace u8guard
