// SPDX-License-Identifier: Apache-2.0
// Internal: the enforced form of a string (Enforce) beside its key, for
// callers that need both (a registration record).

#ifndef U8GUARD_SRC_PRECIS_ENFORCED_H_
#define U8GUARD_SRC_PRECIS_ENFORCED_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Prepends the BOM that `profile` keeps (BomPolicy::kIgnore) to `enforced`,
// the profile's output for `bytes`, when `bytes` starts with one: Enforce's
// last step. Rejects (kTooLong) when the BOM takes the output past
// max_output_bytes.
absl::Status KeptBomInto(const Profile& profile, std::string_view bytes,
                         std::string& enforced);

// Writes CanonicalizeInto(profile, bytes) into `key` and what
// Enforce(profile, bytes) returns into `enforced`. Under a profile whose
// two case mappings are one (every built-in profile but Nickname) the two
// are one run of the profile, which runs once. Returns the key's
// rejection, else the enforced form's; Internal when ICU fails.
absl::Status KeyAndEnforcedInto(const Profile& profile, std::string_view bytes,
                                std::string& key, std::string& enforced);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PRECIS_ENFORCED_H_
