// SPDX-License-Identifier: Apache-2.0
// Byte-order-mark policies per protocol element (RFC 3629 §6).
//
// An initial EF BB BF means what the element's policy says. U+FEFF anywhere
// but at offset 0 is always ZERO WIDTH NO-BREAK SPACE, never a signature,
// under every policy, and at most one initial signature is ever removed.

#ifndef U8GUARD_BOM_H_
#define U8GUARD_BOM_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "absl/status/statusor.h"
#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// What an initial EF BB BF means.
enum class BomPolicy : uint8_t {
  // An error (rule "bom_not_allowed", offset 0): for elements the protocol
  // mandates to be UTF-8, e.g. user names, passwords, header values.
  kReject,
  // The character U+FEFF ZWNBSP; the string class then decides (PRECIS
  // disallows it). RFC 3629 §6's "forbid use as a signature".
  kLiteral,
  // A signature: removed, once, before anything else. For whole documents,
  // MIME text entities, files read from disk.
  kStrip,
  // Kept in the enforced (display) output, left out of the comparison key.
  kIgnore,
};

// The three bytes of a UTF-8 byte order mark.
inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// Returns "reject", "literal", "strip" or "ignore".
std::string_view BomPolicyName(BomPolicy policy);

// Parses one of the names BomPolicyName returns (exactly,
// case-sensitive). InvalidArgument naming the accepted names otherwise.
absl::StatusOr<BomPolicy> ParseBomPolicy(std::string_view name);

// The input as the next layer sees it after the BOM policy. Both views
// point into the bytes given to ApplyBomPolicy, which must outlive them.
struct BomSplit {
  // Bytes kept in front of the text in the enforced output: the BOM under
  // kIgnore when present, else empty.
  std::string_view kept_prefix;
  // The text the string rules apply to.
  std::string_view text;
  // Offset of `text` in the caller's input (0 or 3), to report errors in the
  // caller's offsets.
  size_t text_offset = 0;
};

// Applies `policy` to `bytes`. Returns the split, or (kReject only, when
// `bytes` starts with EF BB BF) an InvalidArgument status carrying a
// Rejection{offset 0, U+FEFF, Rule::kBomNotAllowed, RejectionSource::kBom}
// (see rejection.h). Does not validate the rest of the input.
absl::StatusOr<BomSplit> ApplyBomPolicy(BomPolicy policy,
                                        std::string_view bytes);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_BOM_H_
