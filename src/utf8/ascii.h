// SPDX-License-Identifier: Apache-2.0
// Internal: the ASCII test the layers above share.

#ifndef U8GUARD_SRC_UTF8_ASCII_H_
#define U8GUARD_SRC_UTF8_ASCII_H_

#include <cstdint>
#include <cstring>
#include <string_view>

namespace u8guard::internal {

// True when every byte of `s` is below 0x80 (so `s` is valid UTF-8 and each
// byte is one code point). Eight bytes at a time; inline for short keys.
inline bool IsAscii(std::string_view s) {
  constexpr uint64_t kHighBits = 0x8080808080808080ull;
  const char* p = s.data();
  size_t n = s.size();
  uint64_t any = 0;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    any |= word;
  }
  for (; n > 0; ++p, --n) any |= static_cast<uint8_t>(*p);
  return (any & kHighBits) == 0;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_ASCII_H_
