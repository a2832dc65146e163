// SPDX-License-Identifier: Apache-2.0
// The AVX2 kernel: 32-byte vectors. Compiled with -mavx2 (and nothing else:
// no BMI1/BMI2 or other extension) and dispatched only when
// __builtin_cpu_supports("avx2") holds (validate.cc, Utf8KernelSupported),
// which also requires the OS to save the YMM state (XGETBV).

#include <immintrin.h>

#include "src/utf8/kernel.h"

namespace u8guard::internal {
namespace {

using V = __m256i;
constexpr int kVecBytes = 32;

inline V Zero() { return _mm256_setzero_si256(); }
inline V Splat32(uint32_t w) { return _mm256_set1_epi32(static_cast<int>(w)); }
inline V LoadAligned(const uint8_t* p) {
  return _mm256_load_si256(reinterpret_cast<const V*>(p));
}
inline V Table(const uint8_t* t) {
  return _mm256_broadcastsi128_si256(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}
inline V Lookup(V table, V idx) { return _mm256_shuffle_epi8(table, idx); }
constexpr bool kLookupIgnoresHighBits = false;
inline V And(V a, V b) { return _mm256_and_si256(a, b); }
inline V Or(V a, V b) { return _mm256_or_si256(a, b); }
inline V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
inline V SubsU8(V a, V b) { return _mm256_subs_epu8(a, b); }
inline V WordsRight4(V v) { return _mm256_srli_epi16(v, 4); }
template <int N>
inline V Prev(V cur, V prev) {
  // [prev.hi, cur.lo], then per-lane alignr brings the bytes across lanes.
  const V straddle = _mm256_permute2x128_si256(prev, cur, 0x21);
  return _mm256_alignr_epi8(cur, straddle, 16 - N);
}
inline bool AnyHighBit(V v) { return _mm256_movemask_epi8(v) != 0; }
inline bool AnyNonZero(V v) { return !_mm256_testz_si256(v, v); }
inline void LoadBlock(const uint8_t* p, V* v) {
  v[0] = _mm256_loadu_si256(reinterpret_cast<const V*>(p));
  v[1] = _mm256_loadu_si256(reinterpret_cast<const V*>(p + 32));
}
inline V LoadUnaligned(const uint8_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
}
inline V FromLanes(__m128i lo, __m128i hi) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
// No masked loads at byte granularity: short strings are loaded
// right-aligned, long inputs end with an overlapping block (kernel_body.inc),
// so LoadPartial is never called.
constexpr bool kMaskedTail = false;
inline V LoadPartial(const uint8_t*, size_t) { __builtin_unreachable(); }

#include "src/utf8/kernel_body.inc"

}  // namespace

// See the end of kernel_body.inc (why it is written here, and aligned).
[[gnu::aligned(64)]] Utf8Result ValidateAvx2Kernel(const uint8_t* data,
                                                   size_t n) noexcept {
  if (n > 64) [[unlikely]]
    return ValidateLong(data, n);
  if (!ShortValid(data, n)) [[unlikely]]
    return LocateUtf8Error(data, n, 0);
  return {n, Utf8ErrorKind::kNone, 0};
}

}  // namespace u8guard::internal
