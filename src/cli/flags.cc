// The CLI's flags.

#include "src/cli/flags.h"

#include "absl/flags/flag.h"
#include "absl/status/status.h"

ABSL_FLAG(std::string, format, "text", "output format: text or json");
ABSL_FLAG(std::string, profile, "",
          "profile name (see `u8guard profiles`), e.g. username-case-mapped");
ABSL_FLAG(std::string, profile_dir, "",
          "directory of policy files (*.toml) to search before the built-in "
          "profiles");

// u8guard path sanitize (PathOptions, include/u8guard/path.h).
ABSL_FLAG(bool, percent_decode, false,
          "path: decode %XX escapes once per segment (strictly)");
ABSL_FLAG(bool, nfkc, false, "path: normalize segments with NFKC, not NFC");
ABSL_FLAG(std::string, root, "",
          "path: join results under this directory (never left)");
ABSL_FLAG(bool, backslash, false, "path: '\\' is a separator too");
ABSL_FLAG(bool, windows, false,
          "path: Windows rules (reserved names, trailing dots and spaces, "
          "< > : \" | ? *, '\\' as separator)");
ABSL_FLAG(bool, allow_hidden, false,
          "path: allow segments that start with '.'");
ABSL_FLAG(bool, leading_separator_is_root, false,
          "path: read a leading '/' as the root (request paths)");
ABSL_FLAG(std::string, dot_dot, "reject",
          "path: '..' segments: reject, or resolve (never above the root)");

// u8guard acl lookup (include/u8guard/acl.h).
ABSL_FLAG(std::string, acl, "", "acl lookup: the ACL file, one entry per line");
ABSL_FLAG(std::string, mode, "exact",
          "acl lookup: exact (allow lists: only canonical equality grants) or "
          "skeleton (deny lists: UTS #39 look-alikes; never grants)");

namespace u8guard::cli {

absl::StatusOr<Profile> SelectedProfile() {
  const std::string name = absl::GetFlag(FLAGS_profile);
  if (name.empty()) {
    return absl::InvalidArgumentError(
        "--profile=NAME is required (see `u8guard profiles`)");
  }
  return FindProfile(name, absl::GetFlag(FLAGS_profile_dir));
}

}  // namespace u8guard::cli
