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

// A Utf8Result in plain types (same layout; validate.cc checks it), so that a
// kernel returns the final answer itself and ValidateUtf8 makes one call.
struct KernelResult {
  size_t valid_up_to;
  uint8_t kind;  // a Utf8ErrorKind
  uint8_t error_len;
};

// A kernel's block check (ValidateBlocks in kernel_body.inc) returns
// kKernelValid, or the offset of the 64-byte block in which it saw the first
// error. Every byte before that block belongs to a valid sequence, except
// for a sequence that begins in the last three bytes before it.
// LocateUtf8Error (validate.cc) turns that offset into the exact error with
// the reference decoder.
KernelResult LocateUtf8Error(const uint8_t* data, size_t n, size_t block);

// The kernels: the exact result for data[0..n).
using KernelFn = KernelResult (*)(const uint8_t* data, size_t n);
KernelResult ValidateSse42Kernel(const uint8_t* data, size_t n);
KernelResult ValidateAvx2Kernel(const uint8_t* data, size_t n);
KernelResult ValidateAvx512Kernel(const uint8_t* data, size_t n);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_KERNEL_H_
