// SPDX-License-Identifier: Apache-2.0
// Internal: read-only per-code-point tables generated from ICU at start-up,
// stored as ICU's own code point trie (UCPTrie, "fast" type).

#ifndef U8GUARD_SRC_UNICODE_CODE_POINT_TABLE_H_
#define U8GUARD_SRC_UNICODE_CODE_POINT_TABLE_H_

#include <unicode/ucptrie.h>
#include <unicode/umutablecptrie.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

namespace u8guard::internal {

// A map from every code point U+0000..U+10FFFF to a `Value` (uint8_t,
// uint16_t or uint32_t), built once from a function and then only read
// (thread-safe). A lookup of a BMP code point is two dependent loads, inline,
// as with a two-stage table; above U+FFFF, ICU's small-index function. Code
// points above U+10FFFF read as 0. Hot loops take a reference to the table once
// and call Get per code point.
template <typename Value>
class CodePointTable {
  static_assert(std::is_same_v<Value, uint8_t> ||
                std::is_same_v<Value, uint16_t> ||
                std::is_same_v<Value, uint32_t>);

 public:
  // Builds the table from `value_of(cp)`, called once for every code point
  // in increasing order. Returns nullptr when ICU cannot build the trie
  // (out of memory): callers fail closed.
  template <typename F>
  static const CodePointTable* Build(F value_of) {
    UErrorCode status = U_ZERO_ERROR;
    UMutableCPTrie* m = umutablecptrie_open(0, 0, &status);
    // Runs of equal values become one range each.
    UChar32 start = 0;
    uint32_t run_value = value_of(0);
    for (UChar32 cp = 1; cp <= 0x110000 && U_SUCCESS(status); ++cp) {
      const uint32_t v = cp <= 0x10FFFF ? value_of(cp) : ~run_value;
      if (v == run_value) continue;
      if (run_value != 0) {
        umutablecptrie_setRange(m, start, cp - 1, run_value, &status);
      }
      start = cp;
      run_value = v;
    }
    UCPTrie* trie = umutablecptrie_buildImmutable(
        m, UCPTRIE_TYPE_FAST,
        sizeof(Value) == 1   ? UCPTRIE_VALUE_BITS_8
        : sizeof(Value) == 2 ? UCPTRIE_VALUE_BITS_16
                             : UCPTRIE_VALUE_BITS_32,
        &status);
    umutablecptrie_close(m);
    if (U_FAILURE(status)) {
      ucptrie_close(trie);
      return nullptr;
    }
    return new CodePointTable(trie);  // lives as long as the process
  }

  // The value of `cp`.
  Value Get(char32_t cp) const {
    const UChar32 c = static_cast<UChar32>(cp);
    if (cp <= 0xFFFF) [[likely]] {
      if constexpr (sizeof(Value) == 1) {
        return UCPTRIE_FAST_BMP_GET(trie_, UCPTRIE_8, c);
      } else if constexpr (sizeof(Value) == 2) {
        return UCPTRIE_FAST_BMP_GET(trie_, UCPTRIE_16, c);
      } else {
        return UCPTRIE_FAST_BMP_GET(trie_, UCPTRIE_32, c);
      }
    }
    if (cp > 0x10FFFF) return 0;
    if constexpr (sizeof(Value) == 1) {
      return UCPTRIE_FAST_SUPP_GET(trie_, UCPTRIE_8, c);
    } else if constexpr (sizeof(Value) == 2) {
      return UCPTRIE_FAST_SUPP_GET(trie_, UCPTRIE_16, c);
    } else {
      return UCPTRIE_FAST_SUPP_GET(trie_, UCPTRIE_32, c);
    }
  }

  // A table that maps every code point to `value`: what a table whose build
  // failed is replaced with, by an owner that reports the failure and fails
  // closed. Aborts only if ICU cannot build even this one-value trie (out of
  // memory at start-up).
  static const CodePointTable* Filled(Value value) {
    const CodePointTable* t = Build([value](UChar32) { return value; });
    if (t == nullptr) std::abort();
    return t;
  }

  // Bytes of the trie's index and data arrays.
  size_t bytes() const {
    return trie_->indexLength * sizeof(uint16_t) +
           static_cast<size_t>(trie_->dataLength) * sizeof(Value);
  }

 private:
  explicit CodePointTable(UCPTrie* trie) : trie_(trie) {}
  UCPTrie* trie_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_CODE_POINT_TABLE_H_
