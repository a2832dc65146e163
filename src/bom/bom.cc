// BOM policies (RFC 3629 §6).

#include "u8guard/bom.h"

#include "absl/strings/str_cat.h"
#include "u8guard/rejection.h"

namespace u8guard {

std::string_view BomPolicyName(BomPolicy policy) {
  switch (policy) {
    case BomPolicy::kReject:
      return "reject";
    case BomPolicy::kLiteral:
      return "literal";
    case BomPolicy::kStrip:
      return "strip";
    case BomPolicy::kIgnore:
      return "ignore";
  }
  return "unknown";
}

absl::StatusOr<BomPolicy> ParseBomPolicy(std::string_view name) {
  for (BomPolicy p : {BomPolicy::kReject, BomPolicy::kLiteral,
                      BomPolicy::kStrip, BomPolicy::kIgnore}) {
    if (BomPolicyName(p) == name) return p;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown BOM policy \"", std::string(name),
                   "\" (expected reject, literal, strip or ignore)"));
}

absl::StatusOr<BomSplit> ApplyBomPolicy(BomPolicy policy,
                                        std::string_view bytes) {
  const bool has_bom = bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom;
  if (!has_bom || policy == BomPolicy::kLiteral) return BomSplit{{}, bytes, 0};
  switch (policy) {
    case BomPolicy::kReject:
      return RejectionError({0, U'\uFEFF', "bom_not_allowed"});
    case BomPolicy::kStrip:
      return BomSplit{{}, bytes.substr(kUtf8Bom.size()), kUtf8Bom.size()};
    case BomPolicy::kIgnore:
      return BomSplit{bytes.substr(0, kUtf8Bom.size()),
                      bytes.substr(kUtf8Bom.size()), kUtf8Bom.size()};
    case BomPolicy::kLiteral:
      break;
  }
  return BomSplit{{}, bytes, 0};
}

}  // namespace u8guard
