// SPDX-License-Identifier: Apache-2.0
// The SIMD validation kernels' common interface. Internal.
//
// A kernel TU is compiled with its own -m flags (top-level CMakeLists.txt) and
// called only through validate.cc's dispatch, which checks exactly the
// features those flags enable, with __builtin_cpu_supports (which also
// requires the OS to save the vector state, via XGETBV, for AVX2 and
// AVX-512):
//
//   kernel_sse42.cc   -msse4.2                    "sse4.2"
//   kernel_avx2.cc    -mavx2                      "avx2"
//   kernel_avx512.cc  -mavx512f -mavx512bw -mbmi2 "avx512f", "avx512bw", "bmi2"
//   kernel_avx512vbmi.cc  the same and -mavx512vbmi, "avx512vbmi"
//
// So a kernel TU includes nothing but this header, u8guard/utf8_result.h (two
// plain types, which the kernels only construct: nothing of theirs is
// compiled there) and <immintrin.h>: no inline function from a shared header
// may be emitted with instructions an older CPU lacks (the linker could keep
// that copy for every caller), and no static initializer (<iostream>'s) may
// run them at start-up. tests/layering/check_kernel_objects.py checks the
// kernels' object files for both.

#ifndef U8GUARD_SRC_UTF8_KERNEL_H_
#define U8GUARD_SRC_UTF8_KERNEL_H_

#include <cstddef>
#include <cstdint>

#include "u8guard/utf8_result.h"

namespace u8guard::internal {

// Returned by a kernel when the whole input is valid.
inline constexpr size_t kKernelValid = ~size_t{0};

// A kernel's vector check (kernel_body.inc) only tells valid from invalid;
// on an error it names an offset `block` at or before the first error such
// that every byte before `block` belongs to a valid sequence, except for a
// sequence that begins in the last three bytes before it (0 for a string of
// up to 64 bytes; for a longer one, the start of the group of up to four
// 64-byte blocks in which the error was seen). LocateUtf8Error (validate.cc)
// turns that offset into the exact error with the reference decoder.
Utf8Result LocateUtf8Error(const uint8_t* data, size_t n,
                           size_t block) noexcept;

// The kernels: the exact result for data[0..n). They never read outside
// data[0..n): masked loads (AVX-512), or overlapping in-bounds loads. They
// return the Utf8Result that ValidateUtf8 returns, and are noexcept, so that
// ValidateUtf8 ends with a jump to the kernel (a call to a function that may
// throw, or a result to convert, would need a frame of its own: measured on
// a Xeon (family 6 model 167), 10-15% of the time of a short ASCII string).
using KernelFn = Utf8Result (*)(const uint8_t* data, size_t n) noexcept;
Utf8Result ValidateSse42Kernel(const uint8_t* data, size_t n) noexcept;
Utf8Result ValidateAvx2Kernel(const uint8_t* data, size_t n) noexcept;
Utf8Result ValidateAvx512Kernel(const uint8_t* data, size_t n) noexcept;
Utf8Result ValidateAvx512VbmiKernel(const uint8_t* data, size_t n) noexcept;

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_KERNEL_H_
