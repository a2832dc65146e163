// SPDX-License-Identifier: Apache-2.0
// Strict percent-decoding (RFC 3986 §2.1), once.

#include "src/path/percent_decode.h"

#include "src/common/hex.h"

namespace u8guard::internal {

size_t PercentDecodeSegment(std::string_view segment, size_t base,
                            std::string& out, std::vector<size_t>& offsets) {
  out.clear();
  offsets.clear();
  for (size_t i = 0; i < segment.size();) {
    if (segment[i] != '%') {
      out.push_back(segment[i]);
      offsets.push_back(base + i);
      ++i;
      continue;
    }
    const int hi = i + 1 < segment.size() ? HexDigitValue(segment[i + 1]) : -1;
    const int lo = i + 2 < segment.size() ? HexDigitValue(segment[i + 2]) : -1;
    if (hi < 0 || lo < 0) return i;
    out.push_back(static_cast<char>(hi * 16 + lo));
    offsets.push_back(base + i);
    i += 3;
  }
  offsets.push_back(base + segment.size());
  return std::string_view::npos;
}

}  // namespace u8guard::internal
