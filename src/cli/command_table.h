// SPDX-License-Identifier: Apache-2.0
// The CLI's commands: their names, usage texts, flags and entry points. One
// table, from which `u8guard help`, `--help`, the short usage and the man
// page u8guard(1) (man_page.h) all come.

#ifndef U8GUARD_SRC_CLI_COMMAND_TABLE_H_
#define U8GUARD_SRC_CLI_COMMAND_TABLE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "src/cli/commands.h"

namespace u8guard::cli {

// A command: its name (one or two words), usage, flags, entry point and
// aliases. A group's own entry ("acl", "path": empty name) runs when no
// subcommand it knows follows, with the words after the group's name, to
// report that.
struct Command {
  std::string_view group;  // "acl", "path", or empty
  std::string_view name;   // "audit"; for a group's own entry, empty
  // Its lines in the list of commands of `u8guard --help` (ToolUsage), each
  // ended by "\n"; empty for a group's own entry.
  std::string_view summary;
  std::string usage;
  std::vector<std::string_view> flags;  // absl names
  int (*run)(const std::vector<std::string>& args, Format format);
  // Other full names it answers to, the same command in every respect
  // (0.1's names: "acl verify" for "records verify", "canon" for "key").
  // --help lists them beside the command, completion offers them too.
  std::vector<std::string_view> aliases = {};
};

// One way to name a command: its full name or one of its aliases, as its
// one or two words.
struct Spelling {
  std::string_view first;   // "records", "key", "acl"
  std::string_view second;  // "verify"; empty for a one-word name
  const Command* command;
  bool alias;  // one of command->aliases, not its own name
};

// Every spelling of every command but the groups' own entries, in --help's
// order, each command's aliases right after its own name.
const std::vector<Spelling>& Spellings();

// Every command, in the order `u8guard --help` lists them.
const std::vector<Command>& Commands();

// The tool's usage (`u8guard --help`): its synopsis, the summary of each
// command of Commands() and of help, and what every command shares.
std::string_view ToolUsage();

// The short usage a bare `u8guard` (or an unknown command) prints on
// standard error: the synopsis, the names of the commands of Commands()
// and help, and where the rest is (`u8guard help COMMAND`, `--help`).
std::string ShortUsage();

// The usage of `u8guard help` (`u8guard help --help`).
std::string_view HelpUsage();

// The command `words` name, by its own name or an alias, and how many words
// it took: "acl audit" (two), "acl verify" (records verify, two), "acl"
// alone or with an unknown subcommand (the group's own entry, one), "canon"
// (key, one). Nullptr when words[0] names no command.
const Command* FindCommand(const std::vector<std::string>& words,
                           size_t& taken);

// "key", "acl audit"; a group's own entry: "acl". Never an alias.
std::string FullName(const Command& c);

// The first paragraph of a usage text: its synopsis.
std::string_view Synopsis(std::string_view usage);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_COMMAND_TABLE_H_
