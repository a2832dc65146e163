// Rejection payloads on absl::Status.

#include "u8guard/rejection.h"

#include <cstdint>

#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace u8guard {
namespace {

constexpr char kPayloadUrl[] = "type.u8guard.dev/u8guard.Rejection";

}  // namespace

absl::Status RejectionError(const Rejection& r, std::string_view context,
                            std::string_view detail) {
  std::string message;
  if (!context.empty()) absl::StrAppend(&message, std::string(context), ": ");
  if (!detail.empty()) {
    absl::StrAppend(&message, std::string(detail));
  } else {
    absl::StrAppendFormat(&message, "rejected at byte %d", r.offset);
    if (r.code_point) {
      absl::StrAppendFormat(&message, " (U+%04X)",
                            static_cast<uint32_t>(*r.code_point));
    }
    absl::StrAppend(&message, ": ", r.rule);
  }
  absl::Status status = absl::InvalidArgumentError(message);
  // Payload: "offset;code point or -1;rule".
  status.SetPayload(
      kPayloadUrl,
      absl::Cord(absl::StrFormat(
          "%d;%d;%s", r.offset,
          r.code_point ? static_cast<int64_t>(*r.code_point) : int64_t{-1},
          r.rule)));
  return status;
}

std::optional<Rejection> GetRejection(const absl::Status& status) {
  const absl::optional<absl::Cord> payload = status.GetPayload(kPayloadUrl);
  if (!payload) return std::nullopt;
  const std::string text(*payload);
  const std::vector<std::string> parts =
      absl::StrSplit(text, absl::MaxSplits(';', 2));
  Rejection r;
  int64_t cp;
  if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &r.offset) ||
      !absl::SimpleAtoi(parts[1], &cp)) {
    return std::nullopt;
  }
  if (cp >= 0) r.code_point = static_cast<char32_t>(cp);
  r.rule = parts[2];
  return r;
}

}  // namespace u8guard
