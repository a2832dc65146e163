// SPDX-License-Identifier: Apache-2.0
// BOM policies (RFC 3629 §6).

#include "u8guard/bom.h"

#include "src/bom/bom_split.h"
#include "src/common/enum_names.h"
#include "u8guard/rejection.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<BomPolicy> kBomPolicyNames[] = {
    {BomPolicy::kReject, "reject"},
    {BomPolicy::kLiteral, "literal"},
    {BomPolicy::kStrip, "strip"},
    {BomPolicy::kIgnore, "ignore"},
};

}  // namespace

namespace internal {

std::optional<BomSplit> SplitBom(BomPolicy policy, std::string_view bytes) {
  if (policy == BomPolicy::kLiteral || !bytes.starts_with(kUtf8Bom)) {
    return BomSplit{{}, bytes, 0};
  }
  const std::string_view bom = bytes.substr(0, kUtf8Bom.size());
  const std::string_view text = bytes.substr(kUtf8Bom.size());
  switch (policy) {
    case BomPolicy::kReject:
      return std::nullopt;
    case BomPolicy::kStrip:
      return BomSplit{{}, text, kUtf8Bom.size()};
    case BomPolicy::kIgnore:
      return BomSplit{bom, text, kUtf8Bom.size()};
    case BomPolicy::kLiteral:
      break;
  }
  return BomSplit{{}, bytes, 0};
}

Rejection BomNotAllowed() {
  Rejection r;
  r.offset = 0;
  r.code_point = U'\uFEFF';
  r.rule = Rule::kBomNotAllowed;
  r.source = RejectionSource::kBom;
  return r;
}

}  // namespace internal

std::string_view BomPolicyName(BomPolicy policy) {
  return internal::NameIn(kBomPolicyNames, policy);
}

absl::StatusOr<BomPolicy> ParseBomPolicy(std::string_view name) {
  return internal::ParseIn(kBomPolicyNames, "BOM policy", name);
}

absl::StatusOr<BomSplit> ApplyBomPolicy(BomPolicy policy,
                                        std::string_view bytes) {
  const std::optional<BomSplit> split = internal::SplitBom(policy, bytes);
  if (!split) return RejectionError(internal::BomNotAllowed());
  return *split;
}

}  // namespace u8guard
