// SPDX-License-Identifier: Apache-2.0
// One step of the reference decoder: the RFC 3629 §4 ABNF, one sequence at a
// time. Internal; shared by the reference validator, the scalar kernel, the
// code point decoders, the lossy converter and the stream validator.

#ifndef U8GUARD_SRC_UTF8_DECODE_STEP_H_
#define U8GUARD_SRC_UTF8_DECODE_STEP_H_

#include <cstddef>
#include <cstdint>

#include "u8guard/utf8.h"

namespace u8guard::internal {

// The outcome of decoding the sequence that starts at a position.
struct DecodeStep {
  // Bytes of the well-formed sequence (1..4), or 0 on error.
  uint8_t length;
  // kNone when length > 0.
  Utf8ErrorKind kind;
  // Maximal ill-formed subpart (1..3), or 0 for kTruncated / success.
  uint8_t error_len;
  // The scalar value when length > 0.
  char32_t code_point;
};

inline bool IsTail(uint8_t b) { return (b & 0xC0) == 0x80; }

// The bytes of the sequence a byte starts, read from its high bits alone: 1
// for ASCII and continuation bytes, 2 for C0..DF, 3 for E0..EF, 4 for F0..FF
// (invalid leads count as the longest form, so that callers keep them in
// view and let DecodeOne decide their fate with the bytes after them).
inline size_t AnnouncedLength(uint8_t lead) {
  return lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

// Where the sequence left unfinished at `end` starts: the position of a lead
// byte among s[end-3 .. end-1] (not before `begin`) that announces more bytes
// than remain before `end`, or `end` when the bytes before `end` finish
// their sequences. Used to restart decoding at a character boundary before
// a block (LocateUtf8Error) and to hold back the end of a chunk (the stream
// validator).
inline size_t UnfinishedSequenceStart(const uint8_t* s, size_t begin,
                                      size_t end) {
  for (size_t back = 1; back <= 3 && back <= end - begin; ++back) {
    const uint8_t b = s[end - back];
    if (IsTail(b)) continue;
    return AnnouncedLength(b) > back ? end - back : end;
  }
  return end;
}

// Decodes the sequence at s[0..n). Requires n > 0.
//
//   UTF8-1 = %x00-7F
//   UTF8-2 = %xC2-DF UTF8-tail
//   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//            %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//            %xF4 %x80-8F 2( UTF8-tail )
inline DecodeStep DecodeOne(const uint8_t* s, size_t n) {
  const uint8_t b0 = s[0];
  if (b0 <= 0x7F) return {1, Utf8ErrorKind::kNone, 0, b0};
  if (b0 <= 0xBF) return {0, Utf8ErrorKind::kUnexpectedContinuation, 1, 0};
  if (b0 <= 0xC1) {
    // C0/C1 could only start an overlong two-byte form.
    const bool overlong = n >= 2 && IsTail(s[1]);
    return {0,
            overlong ? Utf8ErrorKind::kOverlong : Utf8ErrorKind::kInvalidByte,
            1, 0};
  }
  if (b0 >= 0xF5) return {0, Utf8ErrorKind::kInvalidByte, 1, 0};

  // The second byte's range depends on the lead (E0, ED, F0, F4 are narrower).
  uint8_t tails, lo = 0x80, hi = 0xBF;
  Utf8ErrorKind out_of_range = Utf8ErrorKind::kMissingContinuation;
  char32_t cp;
  if (b0 <= 0xDF) {
    tails = 1;
    cp = b0 & 0x1F;
  } else if (b0 <= 0xEF) {
    tails = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) {
      lo = 0xA0;
      out_of_range = Utf8ErrorKind::kOverlong;
    } else if (b0 == 0xED) {
      hi = 0x9F;
      out_of_range = Utf8ErrorKind::kSurrogate;
    }
  } else {
    tails = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) {
      lo = 0x90;
      out_of_range = Utf8ErrorKind::kOverlong;
    } else if (b0 == 0xF4) {
      hi = 0x8F;
      out_of_range = Utf8ErrorKind::kAboveMax;
    }
  }
  if (n < 2) return {0, Utf8ErrorKind::kTruncated, 0, 0};
  const uint8_t b1 = s[1];
  if (b1 < lo || b1 > hi) {
    return {0, IsTail(b1) ? out_of_range : Utf8ErrorKind::kMissingContinuation,
            1, 0};
  }
  cp = (cp << 6) | (b1 & 0x3F);
  for (uint8_t k = 2; k <= tails; ++k) {
    if (n <= k) return {0, Utf8ErrorKind::kTruncated, 0, 0};
    if (!IsTail(s[k])) return {0, Utf8ErrorKind::kMissingContinuation, k, 0};
    cp = (cp << 6) | (s[k] & 0x3F);
  }
  return {static_cast<uint8_t>(tails + 1), Utf8ErrorKind::kNone, 0, cp};
}

// Validates s[0..n) one sequence at a time, starting at a character boundary.
// Offsets in the result are relative to s.
inline Utf8Result ValidateFrom(const uint8_t* s, size_t n) {
  size_t i = 0;
  while (i < n) {
    const DecodeStep step = DecodeOne(s + i, n - i);
    if (step.length == 0) return {i, step.kind, step.error_len};
    i += step.length;
  }
  return {n, Utf8ErrorKind::kNone, 0};
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_DECODE_STEP_H_
