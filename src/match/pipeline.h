// Internal: one run of a profile's rules over an input (RFC 8264 §7).

#ifndef U8GUARD_SRC_MATCH_PIPELINE_H_
#define U8GUARD_SRC_MATCH_PIPELINE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Applies `profile` to `input` with `case_mapping` in place of the profile's
// own, writing the result into `out` (cleared first). Errors carry a
// Rejection with offsets into `input`. The BOM policy's kept prefix (kIgnore)
// is not written; the caller decides whether the output wants it.
absl::Status RunProfile(const Profile& profile, CaseMapping case_mapping,
                        std::string_view input, std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_PIPELINE_H_
