// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 skeletons in time linear in the input.

#ifndef U8GUARD_SRC_CONFUSABLES_SKELETON_LINEAR_H_
#define U8GUARD_SRC_CONFUSABLES_SKELETON_LINEAR_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace u8guard::internal {

// Writes the UTS #39 skeleton of `valid_utf8` (valid UTF-8) into `out`,
// the same bytes as ICU's uspoof_getSkeletonUTF8, in time linear in the
// input where ICU's takes time quadratic in the longest run of combining
// marks the prototypes create: some starters (U+0E4D, U+0ECD, U+1036,
// U+0902, ...) have a mark of ccc 230 as prototype, so "a" + (U+0E4D
// U+0316) * n, whose input has runs of one mark, makes one run of 2n marks
// that ICU's normalizer sorts by insertion. Computed as UTS #39 defines it:
// NFD, each code point replaced by its prototype (ICU's skeleton of that
// code point alone, from SkeletonTable), NFD again, where
// both NFDs reorder runs of marks by a stable sort on the canonical
// combining class (counting sort for long runs). Internal when ICU fails;
// `out` is then empty.
absl::Status LinearSkeletonInto(std::string_view valid_utf8, std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_SKELETON_LINEAR_H_
