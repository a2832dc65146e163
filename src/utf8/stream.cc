// SPDX-License-Identifier: Apache-2.0
// Utf8StreamValidator: chunked validation with offsets in the whole stream.

#include <algorithm>
#include <cstring>

#include "src/utf8/decode_step.h"
#include "u8guard/utf8.h"

namespace u8guard {

Utf8Result Utf8StreamValidator::Feed(std::string_view chunk) noexcept {
  if (failed_) {
    fed_ += chunk.size();
    return error_;
  }
  // An empty chunk changes nothing (and must not make a held C0/C1 look
  // final: whether it is overlong depends on the byte after it).
  if (chunk.empty()) return {fed_ - pending_len_, Utf8ErrorKind::kNone, 0};
  const auto* s = reinterpret_cast<const uint8_t*>(chunk.data());
  const size_t n = chunk.size();
  const uint64_t base = fed_;  // stream offset of chunk[0]
  fed_ += n;
  size_t i = 0;

  // Finish a sequence the previous chunk left open.
  if (pending_len_ > 0) {
    uint8_t buf[4];
    std::memcpy(buf, pending_, pending_len_);
    const size_t take = std::min<size_t>(4 - pending_len_, n);
    std::memcpy(buf + pending_len_, s, take);
    const internal::DecodeStep step =
        internal::DecodeOne(buf, pending_len_ + take);
    if (step.kind == Utf8ErrorKind::kTruncated) {
      // Still unfinished: the whole chunk (under 4 bytes) joins it.
      std::memcpy(pending_ + pending_len_, s, n);
      pending_len_ += static_cast<uint8_t>(n);
      return {fed_ - pending_len_, Utf8ErrorKind::kNone, 0};
    }
    if (step.length == 0) {
      failed_ = true;
      error_ = {base - pending_len_, step.kind, step.error_len};
      return error_;
    }
    i = step.length - pending_len_;
    pending_len_ = 0;
  }

  // Hold back a sequence that starts in the last three bytes and needs more.
  const size_t end = internal::UnfinishedSequenceStart(s, i, n);

  Utf8Result body = ValidateUtf8(chunk.substr(i, end - i));
  if (body.kind == Utf8ErrorKind::kTruncated && end < n) {
    // The body ends inside a sequence and the held byte after it is a lead
    // byte, not the continuation byte the sequence needs.
    body.kind = Utf8ErrorKind::kMissingContinuation;
    body.error_len = static_cast<uint8_t>(end - i - body.valid_up_to);
  }
  if (!body.ok()) {
    failed_ = true;
    error_ = {base + i + body.valid_up_to, body.kind, body.error_len};
    return error_;
  }
  pending_len_ = static_cast<uint8_t>(n - end);
  std::memcpy(pending_, s + end, pending_len_);
  return {fed_ - pending_len_, Utf8ErrorKind::kNone, 0};
}

Utf8Result Utf8StreamValidator::Finish() noexcept {
  if (failed_) return error_;
  if (pending_len_ > 0) {
    const internal::DecodeStep step = internal::DecodeOne(
        reinterpret_cast<const uint8_t*>(pending_), pending_len_);
    failed_ = true;
    error_ = {fed_ - pending_len_, step.kind, step.error_len};
    return error_;
  }
  return {fed_, Utf8ErrorKind::kNone, 0};
}

}  // namespace u8guard
