// SPDX-License-Identifier: Apache-2.0
// Names of UTF-8 errors and their Rejection.

#include <algorithm>
#include <string>

#include "src/utf8/decode_step.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/utf8.h"

namespace u8guard {

static_assert(
    Utf8ErrorRule(Utf8ErrorKind::kInvalidByte) == Rule::kUtf8InvalidByte &&
    Utf8ErrorRule(Utf8ErrorKind::kUnexpectedContinuation) ==
        Rule::kUtf8UnexpectedContinuation &&
    Utf8ErrorRule(Utf8ErrorKind::kMissingContinuation) ==
        Rule::kUtf8MissingContinuation &&
    Utf8ErrorRule(Utf8ErrorKind::kTruncated) == Rule::kUtf8Truncated &&
    Utf8ErrorRule(Utf8ErrorKind::kOverlong) == Rule::kUtf8Overlong &&
    Utf8ErrorRule(Utf8ErrorKind::kSurrogate) == Rule::kUtf8Surrogate &&
    Utf8ErrorRule(Utf8ErrorKind::kAboveMax) == Rule::kUtf8AboveMax);

std::string_view Utf8ErrorKindName(Utf8ErrorKind kind) {
  if (kind == Utf8ErrorKind::kNone) return "valid";
  return RuleDescription(Utf8ErrorRule(kind));
}

std::string_view Utf8ErrorKindId(Utf8ErrorKind kind) {
  if (kind == Utf8ErrorKind::kNone) return "none";
  std::string_view id = RuleId(Utf8ErrorRule(kind));  // "utf8/overlong"
  id.remove_prefix(id.find('/') + 1);
  return id;
}

Rejection Utf8ErrorRejection(std::string_view bytes, const Utf8Result& result) {
  const size_t at = std::min(result.valid_up_to, bytes.size());
  const auto byte = [&](size_t i) { return static_cast<uint8_t>(bytes[i]); };
  size_t shown = 1;
  if (result.kind == Utf8ErrorKind::kTruncated) {
    shown = bytes.size() - at;
  } else if (result.kind == Utf8ErrorKind::kMissingContinuation) {
    shown = result.error_len + 1u;
  } else if (at < bytes.size()) {
    const size_t announced = internal::AnnouncedLength(byte(at));
    while (shown < announced && at + shown < bytes.size() &&
           internal::IsTail(byte(at + shown))) {
      ++shown;
    }
  }
  shown = std::min({shown, bytes.size() - at, size_t{4}});
  Rejection r;
  r.offset = result.valid_up_to;
  r.rule = Utf8ErrorRule(result.kind);
  r.source = RejectionSource::kUtf8;
  r.bytes = std::string(bytes.substr(at, shown));
  return r;
}

std::string DescribeUtf8Error(std::string_view bytes,
                              const Utf8Result& result) {
  return RejectionMessage(Utf8ErrorRejection(bytes, result));
}

absl::Status CheckUtf8(std::string_view bytes) {
  const Utf8Result r = ValidateUtf8(bytes);
  if (r.ok()) return absl::OkStatus();
  return RejectionError(Utf8ErrorRejection(bytes, r));
}

}  // namespace u8guard
