// SPDX-License-Identifier: Apache-2.0
// Internal: the ICU side of normalization (see include/u8guard/normalize.h).
// Exposed to the library and to tests only; not part of the public API.

#ifndef U8GUARD_SRC_UNICODE_NORMALIZE_INTERNAL_H_
#define U8GUARD_SRC_UNICODE_NORMALIZE_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/normalize.h"

namespace u8guard::internal {

// The most bytes ICU accepts in one call: its lengths are int32_t.
inline constexpr size_t kIcuMaxChunk =
    static_cast<size_t>(std::numeric_limits<int32_t>::max());

// How far back from a piece's end a split point is searched for, at most.
inline constexpr size_t kMaxBoundarySearch = size_t{1} << 20;

// Appends ICU's normalization of `valid_utf8` (already validated) in `form`
// (not kNone) to `out`, with no fast path of our own. ICU sees at most
// `max_chunk` bytes (>= 4) per call: longer input is cut only before a code
// point with a normalization boundary before it in `form`
// (Normalizer2::hasBoundaryBefore), so the pieces normalize independently and
// the result equals one call on the whole. Returns Internal if ICU reports a
// failure, OutOfRange if no such boundary exists in the last
// min(max_chunk, kMaxBoundarySearch) bytes of a piece. On failure `out` is
// left as it was.
absl::Status IcuAppendNormalized(NormalizationForm form,
                                 std::string_view valid_utf8, size_t max_chunk,
                                 std::string& out);

// Returns ICU's isNormalizedUTF8 for `valid_utf8` in `form` (not kNone), with
// the same splitting into pieces of at most `max_chunk` bytes and the same
// errors as IcuAppendNormalized.
absl::StatusOr<bool> IcuIsNormalized(NormalizationForm form,
                                     std::string_view valid_utf8,
                                     size_t max_chunk);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_NORMALIZE_INTERNAL_H_
