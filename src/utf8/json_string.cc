// SPDX-License-Identifier: Apache-2.0
// The one writer of JSON string literals (json_string.h).

#include "src/utf8/json_string.h"

#include <cstdint>
#include <string>
#include <string_view>

#include "src/common/hex.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

// Appends one \uxxxx escape of the UTF-16 code unit `unit`.
void AppendUnit(std::string& out, uint32_t unit) {
  out.append("\\u");
  AppendHex(out, unit, 4, HexCase::kLower);
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view s,
                      JsonControlEscapes controls, bool (*escape)(char32_t)) {
  std::string lossy;
  if (!IsValidUtf8(s)) {
    lossy = ToUtf8Lossy(s);
    s = lossy;
  }
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  const char* it = s.data();
  const char* const end = it + s.size();
  while (it < end) {
    const auto c = static_cast<unsigned char>(*it);
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
      out.push_back(static_cast<char>(c));  // the common case
      ++it;
      continue;
    }
    const char* const start = it;
    const char32_t cp = DecodeValid(it);
    if (cp == '"' || cp == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(cp));
    } else if (controls == JsonControlEscapes::kShort &&
               (cp == '\n' || cp == '\r' || cp == '\t')) {
      out.push_back('\\');
      out.push_back(cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't');
    } else if (cp < 0x20 || (escape != nullptr && escape(cp))) {
      if (cp >= 0x10000) {
        AppendUnit(out, 0xD800 + ((cp - 0x10000) >> 10));
        AppendUnit(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        AppendUnit(out, cp);
      }
    } else {
      out.append(start, it);
    }
  }
  out.push_back('"');
}

}  // namespace u8guard::internal
