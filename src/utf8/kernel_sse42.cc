// SPDX-License-Identifier: Apache-2.0
// The SSE4.2 kernel: 16-byte vectors. Compiled with -msse4.2 and dispatched
// only when the CPU reports SSE4.2 (validate.cc, Utf8KernelSupported); it
// uses SSSE3 (PSHUFB, PALIGNR) and SSE4.1 (PTEST, PINSRQ), which -msse4.2
// enables and every CPU with SSE4.2 has.

#include <immintrin.h>

#include "src/utf8/kernel.h"

namespace u8guard::internal {
namespace {

using V = __m128i;
constexpr int kVecBytes = 16;

inline V Zero() { return _mm_setzero_si128(); }
inline V Splat32(uint32_t w) { return _mm_set1_epi32(static_cast<int>(w)); }
inline V LoadAligned(const uint8_t* p) {
  return _mm_load_si128(reinterpret_cast<const V*>(p));
}
inline V Table(const uint8_t* t) {
  return _mm_loadu_si128(reinterpret_cast<const V*>(t));
}
inline V Lookup(V table, V idx) { return _mm_shuffle_epi8(table, idx); }
constexpr bool kLookupIgnoresHighBits = false;
inline V And(V a, V b) { return _mm_and_si128(a, b); }
inline V Or(V a, V b) { return _mm_or_si128(a, b); }
inline V Xor(V a, V b) { return _mm_xor_si128(a, b); }
inline V SubsU8(V a, V b) { return _mm_subs_epu8(a, b); }
inline V WordsRight4(V v) { return _mm_srli_epi16(v, 4); }
template <int N>
inline V Prev(V cur, V prev) {
  return _mm_alignr_epi8(cur, prev, 16 - N);
}
inline bool AnyHighBit(V v) { return _mm_movemask_epi8(v) != 0; }
inline bool AnyNonZero(V v) { return !_mm_testz_si128(v, v); }
inline void LoadBlock(const uint8_t* p, V* v) {
  for (int k = 0; k < 4; ++k) {
    v[k] = _mm_loadu_si128(reinterpret_cast<const V*>(p + 16 * k));
  }
}
inline V LoadUnaligned(const uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const V*>(p));
}
inline V FromLanes(__m128i /*lo*/, __m128i hi) { return hi; }
// No masked loads: short strings are loaded right-aligned, long inputs end
// with an overlapping block (kernel_body.inc), so LoadPartial is never called.
constexpr bool kMaskedTail = false;
inline V LoadPartial(const uint8_t*, size_t) { __builtin_unreachable(); }

#include "src/utf8/kernel_body.inc"

}  // namespace

// See the end of kernel_body.inc (why it is written here, and aligned).
[[gnu::aligned(64)]] Utf8Result ValidateSse42Kernel(const uint8_t* data,
                                                    size_t n) noexcept {
  if (n > 64) [[unlikely]]
    return ValidateLong(data, n);
  if (!ShortValid(data, n)) [[unlikely]]
    return LocateUtf8Error(data, n, 0);
  return {n, Utf8ErrorKind::kNone, 0};
}

}  // namespace u8guard::internal
