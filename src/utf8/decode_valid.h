// SPDX-License-Identifier: Apache-2.0
// Internal: decoding and encoding of text already known to be valid UTF-8,
// inline for the layers above (no error checks: callers validated first).

#ifndef U8GUARD_SRC_UTF8_DECODE_VALID_H_
#define U8GUARD_SRC_UTF8_DECODE_VALID_H_

#include <cstdint>
#include <string>

namespace u8guard::internal {

// Decodes the code point at `p` in valid UTF-8 and advances `p` past it.
inline char32_t DecodeValid(const char*& p) {
  const auto* s = reinterpret_cast<const uint8_t*>(p);
  const uint8_t b0 = s[0];
  if (b0 < 0x80) {
    p += 1;
    return b0;
  }
  if (b0 < 0xE0) {
    p += 2;
    return (char32_t{b0 & 0x1Fu} << 6) | (s[1] & 0x3Fu);
  }
  if (b0 < 0xF0) {
    p += 3;
    return (char32_t{b0 & 0x0Fu} << 12) | ((s[1] & 0x3Fu) << 6) |
           (s[2] & 0x3Fu);
  }
  p += 4;
  return (char32_t{b0 & 0x07u} << 18) | ((s[1] & 0x3Fu) << 12) |
         ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu);
}

// Appends the UTF-8 form of a scalar value `cp` (not a surrogate, at most
// U+10FFFF: the caller guarantees it).
inline void AppendValid(char32_t cp, std::string& out) {
  char buf[4];
  size_t n;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
    return;
  }
  if (cp < 0x800) {
    buf[0] = static_cast<char>(0xC0 | (cp >> 6));
    buf[1] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    buf[0] = static_cast<char>(0xE0 | (cp >> 12));
    buf[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[2] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    buf[0] = static_cast<char>(0xF0 | (cp >> 18));
    buf[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 4;
  }
  out.append(buf, n);
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_DECODE_VALID_H_
