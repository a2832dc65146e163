// SPDX-License-Identifier: Apache-2.0
// Utf8ErrorKind and Utf8Result, the outcome of strict UTF-8 validation.
// utf8.h includes this header and declares the functions that return them;
// include utf8.h.
//
// A header of its own, free of every other include, so that the SIMD
// validation kernels (src/utf8/kernel.h), which are compiled for newer
// instruction sets than the rest of the library, can return a Utf8Result
// without compiling anything from other headers with those instructions
// (<iostream>, which utf8.h brings in through Abseil, gives each file that
// includes it a static initializer). Returning Utf8Result itself lets
// ValidateUtf8 end with a jump to the kernel instead of a call.

#ifndef U8GUARD_UTF8_RESULT_H_
#define U8GUARD_UTF8_RESULT_H_

#include <cstddef>
#include <cstdint>

#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Why a byte sequence is not UTF-8. Every kind names the first error only.
// Each kind other than kNone has the value of its Rule (rule.h): kOverlong
// is Rule::kUtf8Overlong, "utf8/overlong".
enum class Utf8ErrorKind : uint8_t {
  kNone = 0,
  // A byte that never appears in UTF-8: C0 or C1 not followed by a
  // continuation byte, or F5..FF (RFC 3629 §1: "never appear").
  kInvalidByte,
  // A continuation byte (80..BF) where a character must start.
  kUnexpectedContinuation,
  // A lead byte followed by fewer continuation bytes than it announces,
  // before the end of the input.
  kMissingContinuation,
  // The input ends inside an otherwise well-formed prefix of a sequence.
  kTruncated,
  // A longer form than needed: C0/C1 followed by a continuation byte,
  // E0 80..9F, F0 80..8F (RFC 3629 §10, the "/../" attack).
  kOverlong,
  // An encoded UTF-16 surrogate U+D800..U+DFFF: ED A0..BF (RFC 3629 §3).
  kSurrogate,
  // A value above U+10FFFF: F4 90..BF.
  kAboveMax,
};

// The outcome of validating a byte string.
struct Utf8Result {
  // Byte offset of the first error, or the input size when it is valid. The
  // bytes [0, valid_up_to) are always valid UTF-8.
  size_t valid_up_to = 0;
  // kNone when the input is valid.
  Utf8ErrorKind kind = Utf8ErrorKind::kNone;
  // Length (1..3) of the maximal ill-formed subpart that starts at
  // valid_up_to; 0 when the input is valid or ends inside a sequence
  // (kTruncated), as with Rust's error_len() returning None.
  uint8_t error_len = 0;

  // True when the whole input is valid UTF-8.
  bool ok() const { return kind == Utf8ErrorKind::kNone; }

  friend bool operator==(const Utf8Result&, const Utf8Result&) = default;
};

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_UTF8_RESULT_H_
