// SPDX-License-Identifier: Apache-2.0
// The AVX-512 kernel (F + BW), for CPUs without VBMI (Skylake-X, Cascade
// Lake): table lookups by VPSHUFB. Compiled with -mavx512f -mavx512bw -mbmi2
// (BZHI builds the load mask) and dispatched only when
// __builtin_cpu_supports reports avx512f, avx512bw and bmi2 (validate.cc,
// Utf8KernelSupported), which includes the OS saving the ZMM and mask state
// (XGETBV).

#include <immintrin.h>

#include "src/utf8/kernel.h"

namespace u8guard::internal {
namespace {

#include "src/utf8/kernel_avx512_ops.inc"

// VPSHUFB: a byte whose bit 7 is set gives 0, so the check passes nibbles.
inline V Lookup(V table, V idx) { return _mm512_shuffle_epi8(table, idx); }
constexpr bool kLookupIgnoresHighBits = false;

#include "src/utf8/kernel_body.inc"

}  // namespace

// See the end of kernel_body.inc (why it is written here, and aligned).
[[gnu::aligned(64)]] Utf8Result ValidateAvx512Kernel(const uint8_t* data,
                                                     size_t n) noexcept {
  if (n > 64) [[unlikely]]
    return ValidateLong(data, n);
  if (!ShortValid(data, n)) [[unlikely]]
    return LocateUtf8Error(data, n, 0);
  return {n, Utf8ErrorKind::kNone, 0};
}

}  // namespace u8guard::internal
