// The CLI's flags, defined in flags.cc.

#ifndef U8GUARD_SRC_CLI_FLAGS_H_
#define U8GUARD_SRC_CLI_FLAGS_H_

#include <string>

#include "absl/flags/declare.h"

ABSL_DECLARE_FLAG(std::string, format);
ABSL_DECLARE_FLAG(std::string, profile);
ABSL_DECLARE_FLAG(std::string, profile_dir);

#endif  // U8GUARD_SRC_CLI_FLAGS_H_
