// SPDX-License-Identifier: Apache-2.0
// Internal: the pieces of registration.cc that registry.cc uses.

#ifndef U8GUARD_SRC_REGISTRATION_REGISTRATION_INTERNAL_H_
#define U8GUARD_SRC_REGISTRATION_REGISTRATION_INTERNAL_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/confusables/skeleton.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard::internal {

// The comparison key and look-alike keys of one identifier.
struct IdentifierKeys {
  std::string key;
  std::vector<std::string> lookalike_keys;
};

// How `policy` shapes look-alike keys: its exemptions and skeleton order.
LookalikeShape LookalikeShapeOf(const RegistrationPolicy& policy);

// Fills `out` for `identifier` under `profile`, the look-alike keys shaped
// by `shape`. The profile's rejection; Internal when ICU fails.
absl::Status IdentifierKeysInto(const Profile& profile,
                                const LookalikeShape& shape,
                                std::string_view identifier,
                                IdentifierKeys& out);

// Fills `r` (MakeRegistrationRecord's record) for `name` under `profile`,
// the look-alike keys shaped by `shape`: what a Registry, which has its
// policy's shape already, decides on. The profile's rejection; Internal
// when ICU fails (`r` unspecified then).
absl::Status RegistrationRecordInto(const Profile& profile,
                                    const LookalikeShape& shape,
                                    std::string_view name,
                                    RegistrationRecord& r);

// The ISO 15924 codes of the scripts of `valid_utf8`'s code points, sorted,
// without Common, Inherited and Unknown.
std::vector<std::string> ScriptsOf(std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_REGISTRATION_REGISTRATION_INTERNAL_H_
