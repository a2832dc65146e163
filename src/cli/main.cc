// The u8guard command-line tool: a thin shell over the public API. See
// README.md ("Command-line tool") for the contract.

#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/match.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"

namespace u8guard::cli {
namespace {

constexpr char kUsage[] =
    R"(usage: u8guard COMMAND [--format=text|json] [ARG]...

commands:
  check [FILE|-]...                  strict UTF-8 validation (RFC 3629); prints FILE:OFFSET: KIND
  canon --profile=NAME [STRING]...   comparison key per input
  enforce --profile=NAME [STRING]... stored/display form per input
  compare --profile=NAME A B         exit 0 equivalent, 1 not (a rejected input is "not")
  path sanitize [PATH]...            safe relative path per input, or "rejected: REASON"
      [--percent-decode] [--nfkc] [--root=DIR] [--dot-dot=reject|resolve]
      [--backslash] [--windows] [--allow-hidden] [--leading-separator-is-root]
  acl audit --profile=NAME FILE      collisions, look-alikes, mixed scripts, invalid entries, BOMs
  acl lookup --profile=NAME --acl=FILE [--mode=exact|skeleton] [ID]...
                                     the entry each ID matches (exact) or resembles (skeleton)
  profiles                           built-in profiles and their settings
  version                            library, ICU and Unicode versions

With no STRING (PATH) arguments, canon, enforce and path sanitize read
standard input, one input per line (the "\n" is removed; nothing else is).
--profile-dir=DIR loads policy files from DIR before the built-in profiles.
Flags may be written with dashes or underscores (--percent-decode).

exit status: 0 success, 1 a negative answer (invalid), 2 usage or I/O error
)";

// Flags are written with dashes (--percent-decode); absl names them with
// underscores: rewrite the name part of each flag argument in place.
void UnderscoreFlagNames(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* arg = argv[i];
    if (std::string_view(arg) == "--") break;
    if (arg[0] != '-') continue;
    for (char* c = arg + (arg[1] == '-' ? 2 : 1); *c != '\0' && *c != '=';
         ++c) {
      if (*c == '-') *c = '_';
    }
  }
}

// absl exits with status 1 on an unknown flag; the contract says 2, so flags
// are checked against the registry before absl parses them.
bool FlagsAreKnown(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;
    arg.remove_prefix(arg[1] == '-' ? 2 : 1);
    arg = arg.substr(0, arg.find('='));
    // Debian's Abseil has its own string_view, distinct from std's.
    const absl::string_view name(arg.data(), arg.size());
    if (absl::FindCommandLineFlag(name) != nullptr) continue;
    if (absl::StartsWith(name, "no") &&
        absl::FindCommandLineFlag(name.substr(2)) != nullptr) {
      continue;
    }
    std::cerr << "u8guard: unknown flag --" << arg << "\n" << kUsage;
    return false;
  }
  return true;
}

int Main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  UnderscoreFlagNames(argc, argv);
  if (!FlagsAreKnown(argc, argv)) return kExitUsage;
  const std::vector<char*> positional = absl::ParseCommandLine(argc, argv);
  if (positional.size() < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::optional<Format> format = ParseFormat(absl::GetFlag(FLAGS_format));
  if (!format) {
    std::cerr << "u8guard: --format must be " << FormatNames() << "\n";
    return kExitUsage;
  }
  const std::string command = positional[1];
  const std::vector<std::string> args(positional.begin() + 2, positional.end());
  if (command == "check") return RunCheck(args, *format);
  if (command == "version") return RunVersion(args, *format);
  if (command == "canon") return RunCanon(args, *format, /*enforce=*/false);
  if (command == "enforce") return RunCanon(args, *format, /*enforce=*/true);
  if (command == "compare") return RunCompare(args, *format);
  if (command == "profiles") return RunProfiles(args, *format);
  if (command == "path") return RunPath(args, *format);
  if (command == "acl") return RunAcl(args, *format);
  if (command == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  std::cerr << "u8guard: unknown command '" << command << "'\n" << kUsage;
  return kExitUsage;
}

}  // namespace
}  // namespace u8guard::cli

int main(int argc, char** argv) { return u8guard::cli::Main(argc, argv); }
