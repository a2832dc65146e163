// SPDX-License-Identifier: Apache-2.0
// Internal: a string in the order a reader sees it (UAX #9), the first step
// of UTS #39's bidi skeletons.

#ifndef U8GUARD_SRC_CONFUSABLES_VISUAL_ORDER_H_
#define U8GUARD_SRC_CONFUSABLES_VISUAL_ORDER_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/skeleton.h"

namespace u8guard::internal {

// Writes `valid_utf8` (valid UTF-8) into `out` in visual order, as shown on
// one line of a paragraph whose direction `order` gives: ICU's bidi
// algorithm (ubidi) with that paragraph level, its characters reordered
// (UAX #9 rules L1 and L2), those at right-to-left levels replaced by their
// mirrored glyphs (L4: "(" shows as ")"), a combining mark kept after its
// base (UBIDI_KEEP_BASE_COMBINING). This is the first step of UTS #39's
// bidiSkeleton(direction, X), as ICU 74's uspoof_getBidiSkeleton takes it.
// SkeletonOrder::kLogical copies `valid_utf8`. A string with nothing that
// could move (only left-to-right and weak or neutral characters for kLtr,
// only left-to-right letters for kRtl) is copied without calling ICU.
// InvalidArgument past 2^31 - 1 UTF-16 units; Internal when ICU fails.
absl::Status VisualOrderInto(std::string_view valid_utf8, SkeletonOrder order,
                             std::string& out);

// VisualOrderInto with ICU's bidi algorithm on every input (no shortcut):
// its oracle, for tests.
absl::Status IcuVisualOrderInto(std::string_view valid_utf8,
                                SkeletonOrder order, std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_VISUAL_ORDER_H_
