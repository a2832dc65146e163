// The AVX-512 kernel (F + BW): one 64-byte vector per block, and masked loads
// for the tail, so short strings are checked without copying. Compiled with
// -mavx512f -mavx512bw -mbmi2 (BZHI builds the load mask) and dispatched only
// when __builtin_cpu_supports reports avx512f, avx512bw and bmi2
// (validate.cc, Utf8KernelSupported), which includes the OS saving the ZMM
// and mask state (XGETBV).

#include <immintrin.h>

#include "src/utf8/kernel.h"

namespace u8guard::internal {
namespace {

using V = __m512i;
constexpr int kVecBytes = 64;

inline V Zero() { return _mm512_setzero_si512(); }
inline V Splat32(uint32_t w) { return _mm512_set1_epi32(static_cast<int>(w)); }
inline V LoadAligned(const uint8_t* p) { return _mm512_load_si512(p); }
inline V Table(const uint8_t* t) {
  return _mm512_broadcast_i32x4(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}
inline V Lookup(V table, V idx) { return _mm512_shuffle_epi8(table, idx); }
inline V And(V a, V b) { return _mm512_and_si512(a, b); }
inline V Or(V a, V b) { return _mm512_or_si512(a, b); }
inline V Xor(V a, V b) { return _mm512_xor_si512(a, b); }
inline V SubsU8(V a, V b) { return _mm512_subs_epu8(a, b); }
inline V WordsRight4(V v) { return _mm512_srli_epi16(v, 4); }
template <int N>
inline V Prev(V cur, V prev) {
  // Lanes [prev.3, cur.0, cur.1, cur.2], then per-lane alignr.
  const V straddle = _mm512_alignr_epi32(cur, prev, 12);
  return _mm512_alignr_epi8(cur, straddle, 16 - N);
}
inline bool AnyHighBit(V v) { return _mm512_movepi8_mask(v) != 0; }
inline bool AnyNonZero(V v) { return _mm512_test_epi8_mask(v, v) != 0; }
inline void LoadBlock(const uint8_t* p, V* v) { v[0] = _mm512_loadu_si512(p); }
inline V LoadPartial(const uint8_t* p, size_t n) {
  // Masked-off bytes are neither read (no fault) nor kept (zeroed).
  return _mm512_maskz_loadu_epi8(_bzhi_u64(~uint64_t{0}, n), p);
}

inline V LoadUnaligned(const uint8_t* p) { return _mm512_loadu_si512(p); }
inline V FromLanes(__m128i lo, __m128i hi) {
  return _mm512_inserti32x4(_mm512_inserti32x4(Zero(), lo, 2), hi, 3);
}
constexpr bool kMaskedTail = true;

#include "src/utf8/kernel_body.inc"

}  // namespace

// See the end of kernel_body.inc (why it is written here, and aligned).
[[gnu::aligned(64)]] KernelResult ValidateAvx512Kernel(const uint8_t* data,
                                                       size_t n) {
  if (n > 64) [[unlikely]]
    return ValidateLong(data, n);
  if (!ShortValid(data, n)) [[unlikely]]
    return LocateUtf8Error(data, n, 0);
  return {n, 0, 0};
}

}  // namespace u8guard::internal
