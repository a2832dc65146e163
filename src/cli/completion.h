// SPDX-License-Identifier: Apache-2.0
// Bash completion for u8guard, made from the same table as `u8guard --help`
// (command_table.h), so that it completes exactly the commands and flags
// --help lists. The build writes it with the hidden
// `u8guard --help-bash-completion` (cmake/bash_completion.cmake) and
// installs it as share/bash-completion/completions/u8guard.

#ifndef U8GUARD_SRC_CLI_COMPLETION_H_
#define U8GUARD_SRC_CLI_COMPLETION_H_

#include <string>

namespace u8guard::cli {

// Returns a bash script that defines the function _u8guard and registers it
// with `complete` for u8guard: the commands (a group's subcommands after
// its name, command names after `help`), each command's flags (--help and
// the short forms too), the values a synopsis spells out
// (--mode=exact|skeleton), the built-in profiles after --profile, and
// bash's own file names for arguments and the other values.
std::string BashCompletion();

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_COMPLETION_H_
