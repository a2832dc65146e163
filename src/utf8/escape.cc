// SPDX-License-Identifier: Apache-2.0
// The notation of escaped text in messages (escape.h).

#include "src/utf8/escape.h"

#include <cstdint>
#include <string>

#include "src/common/hex.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {

std::string EscapeCodePoints(std::string_view s, bool (*escape)(char32_t)) {
  std::string out;
  out.reserve(s.size());
  size_t pos = 0;
  while (pos < s.size()) {
    const size_t start = pos;
    const int32_t cp = DecodeUtf8At(s, pos);
    if (cp < 0) {
      out += "\\x";
      AppendHex(out, static_cast<uint8_t>(s[pos]), 2, HexCase::kUpper);
      ++pos;
      continue;
    }
    if (cp == '\\') {
      out += "\\\\";
    } else if (escape(static_cast<char32_t>(cp))) {
      out += "\\u{";
      AppendHex(out, static_cast<uint32_t>(cp), 4, HexCase::kUpper);
      out += '}';
    } else {
      out.append(s.substr(start, pos - start));
    }
  }
  return out;
}

std::string EscapeBeyondAscii(std::string_view s) {
  return EscapeCodePoints(s,
                          [](char32_t cp) { return cp < 0x20 || cp > 0x7E; });
}

}  // namespace u8guard::internal
