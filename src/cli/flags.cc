#include "src/cli/flags.h"

#include "absl/flags/flag.h"

ABSL_FLAG(std::string, format, "text", "output format: text or json");
ABSL_FLAG(std::string, profile, "",
          "profile name (see `u8guard profiles`), e.g. username-case-mapped");
ABSL_FLAG(std::string, profile_dir, "",
          "directory of policy files (*.toml) to search before the built-in "
          "profiles");
