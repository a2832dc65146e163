// SPDX-License-Identifier: Apache-2.0
// Internal: the BOM policy as the profile pipeline applies it, with the
// rejection as data.

#ifndef U8GUARD_SRC_BOM_BOM_SPLIT_H_
#define U8GUARD_SRC_BOM_BOM_SPLIT_H_

#include <optional>
#include <string_view>

#include "u8guard/bom.h"
#include "u8guard/rejection.h"

namespace u8guard::internal {

// The split ApplyBomPolicy returns, or nullopt when `policy` rejects
// `bytes` (kReject and an initial EF BB BF).
std::optional<BomSplit> SplitBom(BomPolicy policy, std::string_view bytes);

// Why SplitBom returned nullopt: offset 0, U+FEFF, bom_not_allowed, from
// the BOM layer (callers that apply a profile make it the profile's).
Rejection BomNotAllowed();

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_BOM_BOM_SPLIT_H_
