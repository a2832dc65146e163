// SPDX-License-Identifier: Apache-2.0
// Internal: the framing of the items of an external sort (external_sort.h):
// numbers and strings appended to an item, keys that sort as numbers, and
// a reader that gives them back and notices an item that does not read
// back (a temporary file changed under the sort).

#ifndef U8GUARD_SRC_COMMON_SORT_ITEMS_H_
#define U8GUARD_SRC_COMMON_SORT_ITEMS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "src/common/varint.h"

namespace u8guard::internal {

// Appends `s` with its length before it.
inline void PutString(std::string& out, std::string_view s) {
  AppendVarint(s.size(), out);
  out.append(s);
}

// Appends the count, then each string as PutString does.
inline void PutStrings(std::string& out, const std::vector<std::string>& v) {
  AppendVarint(v.size(), out);
  for (const std::string& s : v) PutString(out, s);
}

// Appends `v` in 8 bytes, big-endian: keys so written sort as the numbers.
inline void PutOrdered(std::string& out, uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((v >> shift) & 0xFF));
  }
}

// The number PutOrdered wrote at the start of `in` (8 bytes at least).
inline uint64_t GetOrdered(std::string_view in) {
  uint64_t v = 0;
  for (size_t i = 0; i < 8; ++i) {
    v = (v << 8) | static_cast<unsigned char>(in[i]);
  }
  return v;
}

// Reads back, in order, what AppendVarint, PutString and PutStrings wrote
// and single bytes. Past the end or on a malformed number it returns zeros
// and empty strings and failed() is true.
class ItemReader {
 public:
  explicit ItemReader(std::string_view in) : in_(in) {}
  bool failed() const { return failed_; }

  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in_.empty()) break;
      const auto b = static_cast<unsigned char>(in_.front());
      in_.remove_prefix(1);
      v |= uint64_t{b & 0x7Fu} << shift;
      if ((b & 0x80) == 0) return v;
    }
    failed_ = true;
    return 0;
  }

  uint8_t Byte() {
    if (in_.empty()) {
      failed_ = true;
      return 0;
    }
    const auto b = static_cast<uint8_t>(in_.front());
    in_.remove_prefix(1);
    return b;
  }

  // `n` bytes as they are (8 for a PutOrdered number).
  std::string_view Bytes(size_t n) {
    if (n > in_.size()) {
      failed_ = true;
      return {};
    }
    const std::string_view b = in_.substr(0, n);
    in_.remove_prefix(n);
    return b;
  }

  std::string String() { return std::string(Bytes(Varint())); }

  std::vector<std::string> Strings() {
    const uint64_t n = Varint();
    std::vector<std::string> v;
    if (n > in_.size()) {
      failed_ = true;
      return v;
    }
    v.reserve(n);
    for (uint64_t i = 0; i < n && !failed_; ++i) v.push_back(String());
    return v;
  }

  // Whether every byte was read.
  bool AtEnd() const { return in_.empty(); }

 private:
  std::string_view in_;
  bool failed_ = false;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_SORT_ITEMS_H_
