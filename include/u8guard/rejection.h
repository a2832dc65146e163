// SPDX-License-Identifier: Apache-2.0
// Why an input was rejected: one structured Rejection per rejected input,
// carried by every u8guard Status that rejects input, and one formatter for
// every rejection message.
//
//   absl::StatusOr<std::string> key = Canonicalize(profile, "al\u200Bice");
//   std::optional<Rejection> why = GetRejection(key.status());
//   // why->offset == 2, why->code_point == U+200B,
//   // why->rule == Rule::kDisallowedPrecisIgnorable
//   // key.status().message() == RejectionMessage(*why) ==
//   //   "username-case-mapped: rejected at byte 2 (U+200B): "
//   //   "DISALLOWED/precis_ignorable_properties"
//
// Statuses that are not about the input (a missing file, an ICU failure, a
// bad option) carry no Rejection.

#ifndef U8GUARD_REJECTION_H_
#define U8GUARD_REJECTION_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/export.h"
#include "u8guard/rule.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Which part of u8guard applied the rule. It decides the message's prefix:
// none for the UTF-8 and BOM layers on their own, the profile's name, or
// "path". Values are stable (the C API exposes them).
enum class RejectionSource : uint8_t {
  kUtf8 = 0,     // the strict UTF-8 layer on its own (CheckUtf8, Normalize..)
  kBom = 1,      // ApplyBomPolicy on its own
  kProfile = 2,  // a profile's rules (Canonicalize, Enforce, ACLs, secrets)
  kPath = 3,     // the path sanitizer
  kEncoder = 4,  // EncodeUtf8: a code point that has no UTF-8 form
  kOpen = 5,     // opening beneath a root (open_beneath.h)
};

// The first reason an input was rejected.
struct Rejection {
  // Byte offset in the caller's original input where the offending part
  // starts: 0 for rules about the whole string (empty, bidi_rule, unstable,
  // too_long, ...), the profile's max_input_bytes for input_too_long (the
  // first byte past the bound). For EncodeUtf8, the index of the code point.
  size_t offset = 0;
  // The offending code point as the caller sent it (before any mapping),
  // when one is to blame. Never set in a secret's rejection.
  std::optional<char32_t> code_point;
  Rule rule = Rule::kUtf8InvalidByte;
  RejectionSource source = RejectionSource::kUtf8;
  // The profile whose rule rejected the input: set for kProfile, and for
  // kPath when the segment profile's rule (not a path/ rule) rejected it.
  std::string profile;
  // UTF-8 rules: the ill-formed bytes at `offset` (1 to 4) as the message
  // shows them in hex. Empty in a secret's rejection.
  std::string bytes;
  // Path rules: what the sanitizer found, e.g. "drive letter" (shown after
  // the rule id); for a UTF-8 rule in a path, "after percent-decoding" when
  // the bytes came from an escape. Open rules (kOpen): the sanitized path up
  // to the component whose resolution was refused, e.g. "uploads/avatar",
  // escaped with EscapeForDisplay (display.h). Empty otherwise. For display
  // only.
  std::string detail;

  // The rule's stable id, e.g. "utf8/overlong" (RuleId(rule)).
  std::string_view rule_id() const { return RuleId(rule); }

  friend bool operator==(const Rejection&, const Rejection&) = default;
};

// The message of `r`, the one text every rejection of u8guard shows:
//   UTF-8 layer      "invalid UTF-8 at byte 1: overlong encoding (C0 AE)"
//   BOM layer        "rejected at byte 0 (U+FEFF): bom_not_allowed"
//   profile          "NAME: rejected at byte 2 (U+200B): RULE_ID", or for a
//                    UTF-8 rule "NAME: invalid UTF-8 at byte 1: ..." (a
//                    secret's: "NAME: rejected at byte 1: utf8/overlong")
//   path             "path: rejected at byte 3 (U+002E): RULE_ID: DETAIL",
//                    where DETAIL for a UTF-8 rule is "overlong encoding (C0
//                    AE)" and for a profile's rule "rejected by the NAME
//                    profile"
//   encoder          "cannot encode code point 3 (U+D800) as UTF-8: encoded
//                    surrogate (utf8/surrogate)"
//   open             "open beneath root: refused at \"uploads/avatar\":
//                    open/escapes_root: DESCRIPTION" (RuleDescription; the
//                    offset is 0: the rule is about what the filesystem
//                    holds, not about a byte of the input)
// The code point part appears only when `code_point` is set.
std::string RejectionMessage(const Rejection& r);

// "rejected at byte OFFSET (U+XXXX NAME): RULE_ID": where and why, without
// the source's prefix. `code_point_name` (e.g. a Unicode character name)
// follows the code point when not empty; the code point part appears only
// when `r.code_point` is set. RejectionMessage uses it.
std::string RejectionSummary(const Rejection& r,
                             std::string_view code_point_name = "");

// Returns an InvalidArgument status whose message is RejectionMessage(r)
// and which carries `r` (GetRejection returns it, field for field).
absl::Status RejectionError(const Rejection& r);

// Returns the Rejection carried by `status`, or nullopt when it carries none
// (OK statuses, I/O errors, statuses from other libraries, or a payload
// that is not a well-formed u8guard rejection).
std::optional<Rejection> GetRejection(const absl::Status& status);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_REJECTION_H_
