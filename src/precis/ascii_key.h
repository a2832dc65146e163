// SPDX-License-Identifier: Apache-2.0
// Internal: the common case of an all-ASCII input, 16 bytes at a time.

#ifndef U8GUARD_SRC_PRECIS_ASCII_KEY_H_
#define U8GUARD_SRC_PRECIS_ASCII_KEY_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8guard::internal {

// What the fast path must reject or change in ASCII input.
struct AsciiRules {
  // Bytes below this are rejected (0x21 for IdentifierClass: controls and
  // space; 0x20 for FreeformClass: controls; 0 for any text). 0x7F is
  // rejected too unless `allow_del`.
  unsigned char min_byte;
  bool allow_del;
  bool lower;  // map A-Z to a-z
};

namespace ascii_key_detail {

inline bool ScalarAscii(const AsciiRules& rules, const char* src, char* d,
                        size_t n) {
  bool ok = true;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t c = static_cast<uint8_t>(src[i]);
    d[i] = static_cast<char>(c);
    ok &= c < 0x80 && c >= rules.min_byte && (rules.allow_del || c != 0x7F);
    if (rules.lower && static_cast<uint8_t>(c - 'A') < 26)
      d[i] = static_cast<char>(c + 0x20);
  }
  return ok;
}

#if defined(__SSE2__)
// `AsciiRules` on 16 bytes at a time: Map checks a block and lower-cases
// it, and Ok says whether every byte checked so far was allowed.
class AsciiBlockRules {
 public:
  explicit AsciiBlockRules(const AsciiRules& rules)
      : min_(_mm_set1_epi8(static_cast<char>(rules.min_byte))),
        del_(_mm_set1_epi8(rules.allow_del ? static_cast<char>(0x80) : 0x7F)),
        case_bit_(_mm_set1_epi8(rules.lower ? 0x20 : 0)) {}

  __m128i Map(__m128i v) {
    // Signed compares: bytes >= 0x80 are negative, so "below min_byte"
    // also catches every non-ASCII byte.
    bad_ = _mm_or_si128(
        bad_, _mm_or_si128(_mm_cmplt_epi8(v, min_), _mm_cmpeq_epi8(v, del_)));
    const __m128i upper =
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                      _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
    return _mm_add_epi8(v, _mm_and_si128(upper, case_bit_));
  }

  // `lanes`: the bits of the lanes that held input bytes.
  bool Ok(int lanes = 0xFFFF) const {
    return (_mm_movemask_epi8(bad_) & lanes) == 0;
  }

 private:
  __m128i min_, del_, case_bit_;
  __m128i bad_ = _mm_setzero_si128();
};

// n >= 16 bytes. Every load and store stays inside [0, n): a last,
// overlapping 16-byte step and then 16-byte steps from the start
// (lower-casing is idempotent, so overlap is harmless). That order matters
// to whoever reads `d` next (the hash and the key comparison of an ACL
// lookup): a load is served from the store buffer only when one store, the
// youngest that overlaps it, holds all of its bytes. Written this way,
// loads of 16-byte blocks from the start and loads within the remainder
// after the last whole block each find such a store; written the other way
// round, the first block's loads waited for both stores to reach the cache
// (~8 ns a lookup, bench/README.md).
inline bool LongAscii(AsciiBlockRules& rules, const char* src, char* d,
                      size_t n) {
  const __m128i last =
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + n - 16));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + n - 16), rules.Map(last));
  for (size_t i = 0; i + 16 <= n; i += 16) {
    const __m128i v =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i), rules.Map(v));
  }
  return rules.Ok();
}

// 8 <= n < 16 bytes: two overlapping 8-byte halves in one block.
inline bool MediumAscii(AsciiBlockRules& rules, const char* src, char* d,
                        size_t n) {
  const __m128i v = rules.Map(_mm_unpacklo_epi64(
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src)),
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + n - 8))));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(d), v);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(d + n - 8),
                   _mm_unpackhi_epi64(v, v));
  return rules.Ok();
}

// 4 <= n < 8 bytes: two overlapping 4-byte halves in one block.
inline bool ShortAscii(AsciiBlockRules& rules, const char* src, char* d,
                       size_t n) {
  uint32_t lo, hi;
  std::memcpy(&lo, src, 4);
  std::memcpy(&hi, src + n - 4, 4);
  const __m128i v = rules.Map(
      _mm_unpacklo_epi32(_mm_cvtsi32_si128(lo), _mm_cvtsi32_si128(hi)));
  lo = static_cast<uint32_t>(_mm_cvtsi128_si32(v));
  hi = static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_srli_epi64(v, 32)));
  std::memcpy(d, &lo, 4);
  std::memcpy(d + n - 4, &hi, 4);
  // Lanes 8..15 are zero and would count as "below min_byte".
  return rules.Ok(0xFF);
}
#endif

}  // namespace ascii_key_detail

// Copies `text` into `out` with A-Z lower-cased when `rules.lower`, if every
// byte of `text` is ASCII and allowed by `rules`. Returns false, with `out`
// unspecified, when a byte is not ASCII or not allowed: the caller then takes
// the general path, which finds and reports the exact problem.
inline bool TryAsciiFastPath(const AsciiRules& rules, std::string_view text,
                             std::string& out) {
  const size_t n = text.size();
  out.resize(n);
  char* d = out.data();
  const char* src = text.data();
#if defined(__SSE2__)
  if (n < 4) return ascii_key_detail::ScalarAscii(rules, src, d, n);
  ascii_key_detail::AsciiBlockRules block(rules);
  if (n >= 16) return ascii_key_detail::LongAscii(block, src, d, n);
  if (n >= 8) return ascii_key_detail::MediumAscii(block, src, d, n);
  return ascii_key_detail::ShortAscii(block, src, d, n);
#else
  return ascii_key_detail::ScalarAscii(rules, src, d, n);
#endif
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PRECIS_ASCII_KEY_H_
