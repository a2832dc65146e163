// SPDX-License-Identifier: Apache-2.0
// Internal: strict, single-pass percent-decoding of one path segment.

#ifndef U8GUARD_SRC_PATH_PERCENT_DECODE_H_
#define U8GUARD_SRC_PATH_PERCENT_DECODE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace u8guard::internal {

// Decodes every %XX escape (two hex digits, either case) of `segment` once
// into `out` (cleared first); other bytes are copied. `offsets` (cleared
// first) receives, for each byte of `out`, the offset in the raw input of
// the byte it came from (`base` + its position in `segment`; for an escape,
// the position of its '%'), plus one last entry, `base` + segment.size().
// Returns npos on success, else the position in `segment` of a '%' that is
// not followed by two hex digits. The output is not checked as UTF-8 here.
size_t PercentDecodeSegment(std::string_view segment, size_t base,
                            std::string& out, std::vector<size_t>& offsets);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_PERCENT_DECODE_H_
