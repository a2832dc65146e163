// Why an input was rejected: the structured details every u8guard Status
// carries, so a caller can act on them without parsing messages.

#ifndef U8GUARD_REJECTION_H_
#define U8GUARD_REJECTION_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace u8guard {

// The first reason an input was rejected.
struct Rejection {
  // Byte offset in the caller's original input where the offending part
  // starts: 0 for rules about the whole string (e.g. "empty", "bidi_rule",
  // "unstable", "too_long"), the profile's max_input_bytes for
  // "input_too_long" (the first byte past the bound).
  size_t offset = 0;
  // The offending code point as the caller sent it (before any mapping),
  // when one is to blame.
  std::optional<char32_t> code_point;
  // The rule, e.g. "utf8/overlong", "bom_not_allowed",
  // "DISALLOWED/has_compat", "DISALLOWED/zero_width_joiner",
  // "DISALLOWED/bidi_rule", "DISALLOWED/empty", "unstable", "too_long".
  // PRECIS rules use precis_i18n's names.
  std::string rule;

  friend bool operator==(const Rejection&, const Rejection&) = default;
};

// Returns an InvalidArgument status whose message is "`context`: rejected
// at byte OFFSET (U+XXXX): RULE" (the code point part only when present,
// `context` only when not empty), or "`context`: `message`" when `message`
// is given, and which carries `r` as a payload.
absl::Status RejectionError(const Rejection& r, std::string_view context = "",
                            std::string_view message = "");

// Returns the Rejection carried by `status`, or nullopt when it carries none
// (OK statuses, I/O errors, statuses from other libraries).
std::optional<Rejection> GetRejection(const absl::Status& status);

}  // namespace u8guard

#endif  // U8GUARD_REJECTION_H_
