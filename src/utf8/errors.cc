// Names of UTF-8 errors and their absl::Status form.

#include <algorithm>
#include <string>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "src/utf8/decode_step.h"
#include "u8guard/utf8.h"

namespace u8guard {

std::string_view Utf8ErrorKindName(Utf8ErrorKind kind) {
  switch (kind) {
    case Utf8ErrorKind::kNone:
      return "valid";
    case Utf8ErrorKind::kInvalidByte:
      return "invalid byte";
    case Utf8ErrorKind::kUnexpectedContinuation:
      return "unexpected continuation byte";
    case Utf8ErrorKind::kMissingContinuation:
      return "missing continuation byte";
    case Utf8ErrorKind::kTruncated:
      return "truncated sequence at end of input";
    case Utf8ErrorKind::kOverlong:
      return "overlong encoding";
    case Utf8ErrorKind::kSurrogate:
      return "encoded surrogate";
    case Utf8ErrorKind::kAboveMax:
      return "code point above U+10FFFF";
  }
  return "unknown";
}

std::string_view Utf8ErrorKindId(Utf8ErrorKind kind) {
  switch (kind) {
    case Utf8ErrorKind::kNone:
      return "none";
    case Utf8ErrorKind::kInvalidByte:
      return "invalid_byte";
    case Utf8ErrorKind::kUnexpectedContinuation:
      return "unexpected_continuation";
    case Utf8ErrorKind::kMissingContinuation:
      return "missing_continuation";
    case Utf8ErrorKind::kTruncated:
      return "truncated";
    case Utf8ErrorKind::kOverlong:
      return "overlong";
    case Utf8ErrorKind::kSurrogate:
      return "surrogate";
    case Utf8ErrorKind::kAboveMax:
      return "above_max";
  }
  return "unknown";
}

std::string DescribeUtf8Error(std::string_view bytes,
                              const Utf8Result& result) {
  const size_t at = std::min(result.valid_up_to, bytes.size());
  // Show the subpart and the byte that made it ill-formed: for a lead byte,
  // the continuation bytes it announces that are present; for a missing
  // continuation, the byte found instead; for a truncated tail, all of it.
  size_t shown = 1;
  if (result.kind == Utf8ErrorKind::kTruncated) {
    shown = bytes.size() - at;
  } else if (result.kind == Utf8ErrorKind::kMissingContinuation) {
    shown = result.error_len + 1u;
  } else if (at < bytes.size()) {
    const uint8_t lead = static_cast<uint8_t>(bytes[at]);
    const size_t announced = lead < 0xC0   ? 1
                             : lead < 0xE0 ? 2
                             : lead < 0xF0 ? 3
                                           : 4;
    shown = 1;
    while (shown < announced && at + shown < bytes.size() &&
           internal::IsTail(static_cast<uint8_t>(bytes[at + shown]))) {
      ++shown;
    }
  }
  shown = std::min({shown, bytes.size() - at, size_t{4}});
  std::string hex;
  for (size_t k = 0; k < shown; ++k) {
    absl::StrAppendFormat(&hex, "%s%02X", k ? " " : "",
                          static_cast<uint8_t>(bytes[at + k]));
  }
  return absl::StrFormat("invalid UTF-8 at byte %d: %s (%s)",
                         result.valid_up_to, Utf8ErrorKindName(result.kind),
                         hex);
}

absl::Status CheckUtf8(std::string_view bytes) {
  const Utf8Result r = ValidateUtf8(bytes);
  if (r.ok()) return absl::OkStatus();
  return absl::InvalidArgumentError(DescribeUtf8Error(bytes, r));
}

}  // namespace u8guard
