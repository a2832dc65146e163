// SPDX-License-Identifier: Apache-2.0
// The u8guard command-line tool: a thin shell over the public API. See
// docs/cli.md for the contract.

#include <cstddef>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "src/cli/command_table.h"
#include "src/cli/commands.h"
#include "src/cli/completion.h"
#include "src/cli/flags.h"
#include "src/cli/man_page.h"
#include "src/cli/output.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"

namespace u8guard::cli {
namespace {

// `u8guard [COMMAND] --help`, `u8guard help [COMMAND]`: the usage of the
// tool or of the command named by `words`, on standard output.
int Help(const std::vector<std::string>& words) {
  if (words.empty()) {
    std::cout << ToolUsage();
    return kExitOk;
  }
  if (words[0] == "help") {
    std::cout << HelpUsage();
    return kExitOk;
  }
  size_t taken = 0;
  const Command* c = FindCommand(words, taken);
  if (c == nullptr) {
    std::cerr << "u8guard: unknown command '" << EscapeForDisplay(words[0])
              << "'\n"
              << ShortUsage();
    return kExitUsage;
  }
  std::cout << c->usage;
  return kExitOk;
}

// The flags that are commands of their own: --help (over everything else
// on the command line; `help [COMMAND]` is `[COMMAND] --help`), --man,
// --bash-completion. Returns the exit code when one ran; otherwise turns
// --version and -V into the `version` command (nothing when the line names
// another command: that is a usage error, returned).
std::optional<int> RunToolFlags(CommandLine& line) {
  std::vector<std::string>& words = line.positional;
  // `help --help` is help's own.
  if (!words.empty() && words[0] == "help") {
    if (!line.help) words.erase(words.begin());
    line.help = true;
  }
  if (line.help) return Help(words);
  if (line.man) {
    std::cout << ManPage();
    return kExitOk;
  }
  if (line.bash_completion) {
    std::cout << BashCompletion();
    return kExitOk;
  }
  if (line.version) {
    if (!words.empty() && words != std::vector<std::string>{"version"}) {
      std::cerr << "u8guard: --version takes no command (it is `u8guard "
                   "version`)\n";
      return kExitUsage;
    }
    words = {"version"};
  }
  return std::nullopt;
}

// Runs `command` (named by the first `taken` words of the line) with the
// line's flags and the words after its name.
int RunCommand(const Command& command, const CommandLine& line, size_t taken) {
  const std::string name = FullName(command);
  if (const absl::Status s = SetFlags(line.flags, command.flags, name);
      !s.ok()) {
    std::cerr << "u8guard: " << ShownMessage(s) << "\n"
              << Synopsis(command.usage);
    return kExitUsage;
  }
  const std::optional<Format> format = ParseFormat(absl::GetFlag(FLAGS_format));
  if (!format) {
    std::cerr << "u8guard: --format must be " << FormatNames() << "\n";
    return kExitUsage;
  }
  const std::vector<std::string> args(
      line.positional.begin() + static_cast<std::ptrdiff_t>(taken),
      line.positional.end());
  return command.run(args, *format);
}

int Run(int argc, char** argv) {
  CommandLine line = SplitCommandLine(argc, argv);
  if (const std::optional<int> exit_code = RunToolFlags(line)) {
    return *exit_code;
  }
  const std::vector<std::string>& words = line.positional;
  if (words.empty()) {
    // No command: the short usage (--help has the whole); an unknown flag
    // (--flagfile=...) is named.
    if (const absl::Status s = SetFlags(line.flags, AllFlags(), ""); !s.ok()) {
      std::cerr << "u8guard: " << ShownMessage(s) << "\n";
    }
    std::cerr << ShortUsage();
    return kExitUsage;
  }
  size_t taken = 0;
  const Command* command = FindCommand(words, taken);
  if (command == nullptr) {
    std::cerr << "u8guard: unknown command '" << EscapeForDisplay(words[0])
              << "'\n"
              << ShortUsage();
    return kExitUsage;
  }
  if (command->name.empty()) {
    // "acl" or "path" without a subcommand it knows: the group says so.
    const std::vector<std::string> rest(words.begin() + 1, words.end());
    return command->run(rest, Format::kText);
  }
  return RunCommand(*command, line, taken);
}

int Main(int argc, char** argv) {
  PrepareStandardDescriptors();
  StdoutRedirect out;
  const int exit_code = Run(argc, argv);
  if (const int error = out.Finish(); error != 0) {
    std::cerr << "u8guard: cannot write standard output: "
              << std::strerror(error) << "\n";
    return kExitUsage;
  }
  return exit_code;
}

}  // namespace
}  // namespace u8guard::cli

int main(int argc, char** argv) { return u8guard::cli::Main(argc, argv); }
