// SPDX-License-Identifier: Apache-2.0
// Internal: the byte- and segment-level rules of the path sanitizer.

#ifndef U8GUARD_SRC_PATH_PATH_RULES_H_
#define U8GUARD_SRC_PATH_PATH_RULES_H_

#include <array>
#include <cstddef>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <optional>
#include <string>
#include <string_view>

#include "u8guard/rejection.h"
#include "u8guard/rule.h"

namespace u8guard::internal {

// Classes of single bytes, as bits (ASCII only: this is path syntax, not
// Unicode data).
enum PathByteClass : uint8_t {
  kByteSlash = 1 << 0,      // '/'
  kByteBackslash = 1 << 1,  // '\'
  kByteNul = 1 << 2,        // 00
  kByteControl = 1 << 3,    // 01..1F, 7F
  kBytePercent = 1 << 4,    // '%'
  kByteHigh = 1 << 5,       // 80..FF: part of a non-ASCII character
  kByteWindows = 1 << 6,    // < > : " | ? * (forbidden in Windows names)
};

// a == b, without comparing the bytes when both are the same view (a
// segment's forms often are the segment itself).
inline bool SameBytes(std::string_view a, std::string_view b) {
  return (a.data() == b.data() && a.size() == b.size()) || a == b;
}

// The PathByteClass bits of every byte value.
const std::array<uint8_t, 256>& PathByteClasses();

#if defined(__SSE2__)
// The PathByteClass bits of the bytes of `v` whose positions are set in
// `mask` (bit i: byte i), or'ed.
inline uint8_t ClassesOfBlock(__m128i v, unsigned mask) {
  const auto bytes = [&](__m128i eq) {
    return static_cast<unsigned>(_mm_movemask_epi8(eq)) & mask;
  };
  const unsigned high = bytes(v);
  const unsigned nul = bytes(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
  // Signed: bytes >= 0x80 are below 0x20 too; `high` takes them out.
  const unsigned control =
      (bytes(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20))) & ~high & ~nul) |
      bytes(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
  const auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  const unsigned windows = bytes(
      _mm_or_si128(_mm_or_si128(_mm_or_si128(eq('?'), eq(':')),
                                _mm_or_si128(eq('<'), eq('>'))),
                   _mm_or_si128(_mm_or_si128(eq('"'), eq('|')), eq('*'))));
  return static_cast<uint8_t>(
      (bytes(eq('/')) != 0 ? kByteSlash : 0) |
      (bytes(eq('\\')) != 0 ? kByteBackslash : 0) | (nul != 0 ? kByteNul : 0) |
      (control != 0 ? kByteControl : 0) |
      (bytes(eq('%')) != 0 ? kBytePercent : 0) | (high != 0 ? kByteHigh : 0) |
      (windows != 0 ? kByteWindows : 0));
}
#endif

// The PathByteClasses bits of the bytes s[begin, end), or'ed. Where `s` has
// at least 16 bytes, 16 at a time (SSE2), the last block overlapping what
// was already read or the bytes around the range, which it masks off; never
// reads outside `s`.
inline uint8_t ClassesOf(std::string_view s, size_t begin, size_t end) {
  uint8_t bits = 0;
#if defined(__SSE2__)
  if (s.size() >= 16) {
    size_t i = begin;
    for (; i + 16 <= end; i += 16) {
      bits |= ClassesOfBlock(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i)),
          0xFFFF);
    }
    if (i < end) {
      const size_t base = i < s.size() - 16 ? i : s.size() - 16;
      const unsigned mask =
          ((1u << (end - base)) - 1) & ~((1u << (i - base)) - 1);
      bits |= ClassesOfBlock(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + base)),
          mask);
    }
    return bits;
  }
#endif
  const std::array<uint8_t, 256>& table = PathByteClasses();
  for (size_t i = begin; i < end; ++i)
    bits |= table[static_cast<uint8_t>(s[i])];
  return bits;
}

// The bits of all bytes of `s`, or'ed.
inline uint8_t ClassesOf(std::string_view s) {
  return ClassesOf(s, 0, s.size());
}

// True when every byte of `s` is printable ASCII other than '%' and '\'
// (0x20..0x7E): then every segment of `s` has PathByteClasses bits 0 except
// for '.', and only '/' separates. 16 bytes at a time with SSE2.
bool IsPlainAsciiPath(std::string_view s);

// The position of the first '/' in `s` at or after `from` (<= s.size()), or
// s.size(). 16 bytes at a time with SSE2, inline; never reads outside `s`.
// (Not libc's memchr: segments are short, and a call per segment made
// BM_SanitizePath/ascii 6% slower; see bench/README.md.)
inline size_t FindSlash(std::string_view s, size_t from) {
#if defined(__SSE2__)
  const __m128i slash = _mm_set1_epi8('/');
  for (; from + 16 <= s.size(); from += 16) {
    const __m128i v =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + from));
    const unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash)));
    if (mask != 0) return from + static_cast<size_t>(__builtin_ctz(mask));
  }
  if (s.size() >= 16 && from < s.size()) {
    // The last 16 bytes, overlapping what was already searched.
    const size_t base = s.size() - 16;
    const __m128i v =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + base));
    const unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash))) >>
        (from - base);
    return mask != 0 ? from + static_cast<size_t>(__builtin_ctz(mask))
                     : s.size();
  }
#endif
  while (from < s.size() && s[from] != '/') ++from;
  return from;
}

// Why a segment is rejected: a position inside the segment's decoded bytes
// (mapped to a raw offset by the caller), the code point to blame, the rule
// and what was found (the Rejection's detail).
struct SegmentFinding {
  size_t pos = 0;
  std::optional<char32_t> code_point;
  Rule rule;
  std::string detail;
};

// The first byte of `d` (decoded segment bytes, not necessarily valid
// UTF-8) that may never appear in a segment: NUL, a C0 control or DEL, '/'
// or '\', a C1 control (C2 80..C2 9F), or with `windows` one of < > : " | ?
// *. `bits` is ClassesOf(d). nullopt when there is none.
std::optional<SegmentFinding> FindForbiddenByte(std::string_view d,
                                                uint8_t bits, bool windows);

// True when valid UTF-8 `a` and `b` contain the same structure characters
// (IsPathStructureCharacter) in the same order.
bool SameStructure(std::string_view a, std::string_view b, bool windows);

// True when `segment` names a Windows device: its part before the first '.',
// without trailing spaces, is CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$ or
// CONOUT$ in any ASCII case.
bool IsWindowsReservedName(std::string_view segment);

// True when `segment` begins with a drive letter: [A-Za-z] ':'.
bool StartsWithDriveLetter(std::string_view segment);

// The sanitizer's rejection: source kPath, `detail` saying what was found
// (RejectionMessage: "path: rejected at byte OFFSET (U+XXXX): RULE: DETAIL").
Rejection PathRejection(size_t offset, std::optional<char32_t> cp, Rule rule,
                        std::string_view detail);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_PATH_RULES_H_
