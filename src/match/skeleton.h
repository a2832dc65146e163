// Internal: UTS #39 confusable skeletons and restriction levels from ICU's
// spoof checker (uspoof.h).

#ifndef U8GUARD_SRC_MATCH_SKELETON_H_
#define U8GUARD_SRC_MATCH_SKELETON_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/skeleton.h"

namespace u8guard::internal {

// Writes the UTS #39 skeleton of `valid_utf8` (which must be valid UTF-8)
// into `out`, replacing its content. Internal when ICU fails (e.g. its
// confusable data is missing); `out` is then empty. Thread-safe: the checker
// is created once and only read (uspoof_getSkeletonUTF8 takes it const).
absl::Status SkeletonInto(std::string_view valid_utf8, std::string& out);

// SkeletonInto computed by ICU's spoof checker in every case (SkeletonInto
// answers ASCII input from a per-character table taken from ICU). For tests.
absl::Status IcuSkeletonInto(std::string_view valid_utf8, std::string& out);

// Returns the UTS #39 restriction level of `valid_utf8`. Internal when ICU
// fails. Thread-safe as SkeletonInto.
absl::StatusOr<RestrictionLevel> RestrictionLevelOfValid(
    std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_SKELETON_H_
