// Internal: one run of a profile's rules over an input (RFC 8264 §7).

#ifndef U8GUARD_SRC_MATCH_PIPELINE_H_
#define U8GUARD_SRC_MATCH_PIPELINE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Applies `profile` to `input` with `case_mapping` in place of the profile's
// own, writing the result into `out` (left empty on error). Errors carry a
// Rejection with offsets into `input`. The BOM policy's kept prefix (kIgnore)
// is not written; the caller decides whether the output wants it.
absl::Status RunProfile(const Profile& profile, CaseMapping case_mapping,
                        std::string_view input, std::string& out);

// The pipeline keeps per-thread scratch buffers. For secrets: reserve them
// to `bytes` (wiping what they held) before a run so that they never grow,
// and so never free a block holding a copy, during it...
void ReserveThreadScratch(size_t bytes);

// ...and zero them after it.
void WipeThreadScratch();

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_PIPELINE_H_
