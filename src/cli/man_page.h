// SPDX-License-Identifier: Apache-2.0
// The manual page u8guard(1), made from the same table as `u8guard --help`
// (command_table.h), so that the two never disagree. The build writes it
// with the hidden `u8guard --help-man` (cmake/man_page.cmake) and installs
// it into share/man/man1.

#ifndef U8GUARD_SRC_CLI_MAN_PAGE_H_
#define U8GUARD_SRC_CLI_MAN_PAGE_H_

#include <string>

namespace u8guard::cli {

// Returns u8guard(1) in roff (man(7) macros): NAME, SYNOPSIS and
// DESCRIPTION from the tool's usage, then one subsection per command with
// its usage text, each shown as `--help` shows it.
std::string ManPage();

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_MAN_PAGE_H_
