// The SIMD validation kernels' common interface. Internal.
//
// A kernel TU is compiled with its own -m flags, so it includes nothing but
// this header and <immintrin.h>: no inline function from a shared header may
// be emitted with instructions an older CPU lacks.

#ifndef U8GUARD_SRC_UTF8_KERNEL_H_
#define U8GUARD_SRC_UTF8_KERNEL_H_

#include <cstddef>
#include <cstdint>

namespace u8guard::internal {

// Returned by a kernel when the whole input is valid.
inline constexpr size_t kKernelValid = ~size_t{0};

// A kernel checks data[0..n) and returns kKernelValid, or the offset of the
// 64-byte block in which it saw the first error. Every byte before that block
// belongs to a valid sequence, except for a sequence that begins in the last
// three bytes before it. LocateUtf8Error turns that offset into the exact
// error with the reference decoder.
using KernelFn = size_t (*)(const uint8_t* data, size_t n);

size_t ValidateSse42Kernel(const uint8_t* data, size_t n);
size_t ValidateAvx2Kernel(const uint8_t* data, size_t n);
size_t ValidateAvx512Kernel(const uint8_t* data, size_t n);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_KERNEL_H_
