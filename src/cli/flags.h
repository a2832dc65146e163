// The CLI's flags, defined in flags.cc.

#ifndef U8GUARD_SRC_CLI_FLAGS_H_
#define U8GUARD_SRC_CLI_FLAGS_H_

#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "u8guard/profile.h"

ABSL_DECLARE_FLAG(std::string, format);
ABSL_DECLARE_FLAG(std::string, profile);
ABSL_DECLARE_FLAG(std::string, profile_dir);
// u8guard path sanitize (PathOptions, include/u8guard/path.h).
ABSL_DECLARE_FLAG(bool, percent_decode);
ABSL_DECLARE_FLAG(bool, nfkc);
ABSL_DECLARE_FLAG(std::string, root);
ABSL_DECLARE_FLAG(bool, backslash);
ABSL_DECLARE_FLAG(bool, windows);
ABSL_DECLARE_FLAG(bool, allow_hidden);
ABSL_DECLARE_FLAG(bool, leading_separator_is_root);
ABSL_DECLARE_FLAG(std::string, dot_dot);
// u8guard acl lookup (include/u8guard/acl.h).
ABSL_DECLARE_FLAG(std::string, acl);
ABSL_DECLARE_FLAG(std::string, mode);

namespace u8guard::cli {

// The profile named by --profile (from --profile-dir's policy files, else
// the built-ins); InvalidArgument when --profile is missing, FindProfile's
// errors otherwise.
absl::StatusOr<Profile> SelectedProfile();

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_FLAGS_H_
