// SPDX-License-Identifier: Apache-2.0
// Internal: LEB128 numbers (7 bits a byte, low bits first), the framing of
// the ACL index's arenas and of the items of the external sorts: numbers
// under 128 cost one byte.

#ifndef U8GUARD_SRC_COMMON_VARINT_H_
#define U8GUARD_SRC_COMMON_VARINT_H_

#include <cstdint>

namespace u8guard::internal {

// Appends `n` as LEB128 to `out` (a string of any allocator).
template <typename String>
void AppendVarint(uint64_t n, String& out) {
  while (n >= 0x80) {
    out.push_back(static_cast<char>((n & 0x7F) | 0x80));
    n >>= 7;
  }
  out.push_back(static_cast<char>(n));
}

// Reads a LEB128 number at `p` and advances `p`. The arenas are written by
// AppendVarint only, so the input is always well formed.
inline uint64_t ReadVarint(const char*& p) {
  uint64_t n = 0;
  int shift = 0;
  for (;;) {
    const uint8_t b = static_cast<uint8_t>(*p++);
    n |= static_cast<uint64_t>(b & 0x7F) << shift;
    if (b < 0x80) return n;
    shift += 7;
  }
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_VARINT_H_
