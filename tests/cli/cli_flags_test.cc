// SPDX-License-Identifier: Apache-2.0
// Exit status and flags of the CLI (docs/cli.md):
// every output error exits 2 with a message (a full disk, a closed standard
// output, a reader that goes away: SIGPIPE is ignored and EPIPE is a write
// error), and the tool stops instead of reading on; every usage error exits
// 2; only the CLI's own flags exist (none of Abseil's built-ins), each
// command takes only its own; --help and -h print usage and exit 0; "--"
// ends the flags.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::WriteFileOrDie;

class CliExit : public ::testing::Test {
 protected:
  void SetUp() override {
    acl_ = dir_.File("users.acl");
    WriteFileOrDie(acl_, "admin\nbob\n\xEF\xBC\xA1\xEF\xBC\xA4min\n");
    file_ = dir_.File("valid.txt");
    WriteFileOrDie(file_, "caf\xC3\xA9\n");
    err_ = dir_.File("stderr");
  }

  // Every command with arguments that make it print something, as shell
  // words (quoted where needed).
  std::vector<std::string> EveryCommand() const {
    const std::string acl = ShellQuote(acl_);
    return {
        "check " + ShellQuote(file_),
        "canon --profile=username-case-mapped Admin",
        "enforce --profile=nickname ' Romeo '",
        "compare --profile=username-case-mapped Admin admin",
        "path sanitize a/b",
        "acl audit --profile=username-case-mapped " + acl,
        "acl lookup --profile=username-case-mapped --acl=" + acl + " admin",
        "profiles",
        "version",
        "help",
        "--help",
        "canon --help",
        "--format=json canon --profile=username-case-mapped Admin",
    };
  }

  // Runs `u8guard ARGS REDIRECTS` through the shell, stderr to err_.
  CommandResult Run(const std::string& args, const std::string& redirects) {
    return RunCommand(ShellQuote(CliPath()) + " " + args + " " + redirects +
                      " 2>" + ShellQuote(err_));
  }

  std::string Stderr() const { return ReadFileOrDie(err_); }

  // `u8guard ARGS` is a usage error: exit 2, nothing on standard output,
  // `message` in standard error.
  void ExpectUsageError(const std::string& args, const std::string& message) {
    SCOPED_TRACE(args);
    const CommandResult r = Run(args, "");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(absl::StrContains(Stderr(), message)) << Stderr();
  }

  ScopedTempDir dir_;
  std::string acl_, file_, err_;
};

// Each command succeeds normally (so that the failures below are the
// output's).
TEST_F(CliExit, EveryCommandWorksWithAWritableOutput) {
  for (const std::string& args : EveryCommand()) {
    const CommandResult r = Run(args, "");
    EXPECT_LE(r.exit_code, 1) << args << "\n" << Stderr();
    EXPECT_FALSE(r.out.empty()) << args;
  }
}

TEST_F(CliExit, FullDiskExitsTwoWithAMessage) {
  for (const std::string& args : EveryCommand()) {
    SCOPED_TRACE(args);
    EXPECT_EQ(Run(args, "> /dev/full").exit_code, 2);
    EXPECT_EQ(Stderr(),
              "u8guard: cannot write standard output: No space left on "
              "device\n");
  }
  // Standard input, too (the answers are written as lines are read).
  EXPECT_EQ(
      Run("canon --profile=nickname", "< " + ShellQuote(acl_) + " > /dev/full")
          .exit_code,
      2);
  EXPECT_TRUE(absl::StrContains(Stderr(), "No space left on device"));
}

TEST_F(CliExit, ClosedStandardOutputExitsTwoWithAMessage) {
  for (const std::string& args : EveryCommand()) {
    SCOPED_TRACE(args);
    EXPECT_EQ(Run(args, ">&-").exit_code, 2);
    EXPECT_EQ(Stderr(),
              "u8guard: cannot write standard output: Bad file descriptor\n");
  }
  // A file the tool opens never becomes its standard output.
  EXPECT_EQ(Run("check " + ShellQuote(file_) + " " + ShellQuote(file_), ">&-")
                .exit_code,
            2);
  EXPECT_EQ(ReadFileOrDie(file_), "caf\xC3\xA9\n");
}

// A reader that goes away (`| head -1`): exit 2 with a message, and the
// tool stops reading, even an endless input.
TEST_F(CliExit, ClosedPipeExitsTwoAndNeverHangs) {
  const std::string big = dir_.File("big");
  {
    std::string lines;
    for (int i = 0; i < 200'000; ++i) lines += "Admin\n";
    WriteFileOrDie(big, lines);
  }
  const std::string rc = dir_.File("rc");
  struct Case {
    std::string input;  // shell: what feeds standard input
    std::string args;
  };
  const std::vector<Case> cases = {
      {"< " + ShellQuote(big), "canon --profile=username-case-mapped"},
      {"< " + ShellQuote(big), "--line-buffered canon --profile=nickname"},
      // Endless input: only the write error can stop it.
      {"yes Admin |", "canon --profile=username-case-mapped"},
      {"yes a/b |", "path sanitize"},
      {"yes admin |",
       "acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl_)},
      {"yes Admin |", "--format=json enforce --profile=nickname"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.input + " " + c.args);
    const std::string u8guard =
        absl::StrCat(ShellQuote(CliPath()), " ", c.args, " 2>",
                     ShellQuote(err_), "; echo $? >", ShellQuote(rc));
    // The input's redirection (or pipe) applies to u8guard alone.
    const std::string command =
        absl::StartsWith(c.input, "<")
            ? absl::StrCat("(", ShellQuote(CliPath()), " ", c.args, " ",
                           c.input, " 2>", ShellQuote(err_), "; echo $? >",
                           ShellQuote(rc), ") | head -n 1")
            : absl::StrCat(c.input, " (", u8guard, ") | head -n 1");
    const CommandResult r =
        RunCommand("timeout 120 sh -c " + ShellQuote(command));
    EXPECT_EQ(r.exit_code, 0) << "the pipeline did not end by itself";
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
    EXPECT_EQ(ReadFileOrDie(rc), "2\n");
    EXPECT_EQ(Stderr(), "u8guard: cannot write standard output: Broken pipe\n");
  }
}

// Flag errors are usage errors: exit 2, a message naming the flag, nothing
// on standard output.
TEST_F(CliExit, FlagErrorsExitTwo) {
  const std::string lookup =
      "acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl_);
  struct Case {
    std::string args;
    std::string message;  // part of stderr
  };
  const std::vector<Case> cases = {
      {"canon --noprofile x", "--noprofile: --profile is not a boolean flag"},
      {"canon --no-profile=x x", "--no-profile: --profile is not a boolean"},
      {"path sanitize --nfkc=maybe a", "--nfkc=maybe"},
      {"path sanitize --no-nfkc=false a", "--no-nfkc takes no value"},
      {"canon --profile", "--profile needs a value"},
      {"canon --profile x", "--profile needs a value"},
      {"--format canon --profile=nickname x", "--format needs a value"},
      {lookup + " --mode", "--mode needs a value"},
      {lookup + " --max-acl-bytes=-1 x", "--max-acl-bytes=-1"},
      {lookup + " --max-acl-bytes=1e9 x", "--max-acl-bytes=1e9"},
      {"canon --frobnicate x", "unknown flag --frobnicate"},
      {"canon -x", "unknown flag -x"},
      {"canon -profile=nickname x", "unknown flag -profile"},
      {"canon --=x", "unknown flag --"},
      // A flag of another command.
      {"canon --profile=nickname --mode=skeleton x",
       "--mode is not a flag of `u8guard key`"},
      {"check --profile=nickname " + ShellQuote(file_),
       "--profile is not a flag of `u8guard check`"},
      {"path sanitize --line_buffered --acl=x a",
       "--acl is not a flag of `u8guard path sanitize`"},
      {"acl audit --profile=nickname --line-buffered " + ShellQuote(acl_),
       "--line-buffered is not a flag of `u8guard acl audit`"},
      {"version --nfkc", "--nfkc is not a flag of `u8guard version`"},
      // Values that parse but mean nothing.
      {"canon --format=xml --profile=nickname x", "--format must be"},
      {lookup + " --mode=fuzzy x", "unknown ACL mode"},
      {"path sanitize --dot-dot=maybe a", "--dot-dot must be"},
  };
  for (const Case& c : cases) ExpectUsageError(c.args, c.message);
}

// Abseil's built-in flags do not exist: --flagfile cannot echo a file or
// swap the ACL, --fromenv cannot read the environment, --help* are unknown.
// (--version is the tool's own: VersionFlag.)
TEST_F(CliExit, AbseilBuiltinFlagsAreRefused) {
  const std::string other = dir_.File("other.acl");
  WriteFileOrDie(other, "carol\n");
  const std::string flagfile = dir_.File("flags");
  WriteFileOrDie(flagfile, "--acl=" + other + "\nsecret-line-of-the-file\n");
  const std::string lookup =
      "acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl_) +
      " carol";
  for (const std::string& flag :
       {"--flagfile=" + ShellQuote(flagfile), std::string("--fromenv=acl"),
        std::string("--tryfromenv=acl"), std::string("--undefok=frob"),
        std::string("--helpfull"), std::string("--helpshort"),
        std::string("--helppackage"), std::string("--helpon=flags"),
        std::string("--helpmatch=acl"), std::string("--help=full"),
        std::string("--only_check_args"), std::string("--only-check-args")}) {
    for (const std::string& args :
         {flag + " " + lookup, lookup + " " + flag, flag}) {
      SCOPED_TRACE(args);
      const CommandResult r =
          RunCommand("acl=" + ShellQuote(other) + " " + ShellQuote(CliPath()) +
                     " " + args + " 2>" + ShellQuote(err_));
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_EQ(r.out, "");
      EXPECT_FALSE(absl::StrContains(Stderr(), "secret-line")) << Stderr();
      EXPECT_FALSE(absl::StrContains(Stderr(), "carol")) << Stderr();
      const std::string written = flag.substr(0, flag.find('='));
      EXPECT_TRUE(absl::StrContains(Stderr(), "unknown flag " + written) ||
                  absl::StrContains(Stderr(), "--help takes no value"))
          << Stderr();
    }
  }
}

// --help, -h and `help COMMAND`: the usage on standard output, exit 0, for
// the tool and for each command, whatever else is on the command line.
TEST_F(CliExit, HelpForTheToolAndEachCommand) {
  const std::vector<std::string> commands = {"",
                                             "check",
                                             "key",
                                             "enforce",
                                             "compare",
                                             "path",
                                             "path sanitize",
                                             "acl",
                                             "acl audit",
                                             "acl lookup",
                                             "records",
                                             "records export",
                                             "records verify",
                                             "register",
                                             "profiles",
                                             "version",
                                             "help"};
  for (const std::string& command : commands) {
    const std::string synopsis = command.empty() || command == "acl" ||
                                         command == "path" ||
                                         command == "records"
                                     ? "usage: u8guard "
                                     : "usage: u8guard " + command;
    std::vector<std::string> variants = {command + " --help", command + " -h",
                                         "help " + command};
    // Other flags and arguments do not matter (words after the tool's own
    // --help or after `help` would name a command).
    if (!command.empty() && command != "help") {
      variants.push_back(command + " --help --frobnicate --format=xml x y");
    }
    for (const std::string& args : variants) {
      SCOPED_TRACE(args);
      const CommandResult r = Run(args, "");
      EXPECT_EQ(r.exit_code, 0) << Stderr();
      EXPECT_TRUE(absl::StartsWith(r.out, synopsis)) << r.out;
      EXPECT_TRUE(absl::StrContains(r.out, "exit status") || command == "acl" ||
                  command == "path" || command == "records" ||
                  command == "help")
          << r.out;
      EXPECT_EQ(Stderr(), "");
    }
  }
  // Help names every flag a command takes.
  const CommandResult path = Run("path sanitize --help", "");
  for (const char* flag :
       {"--percent-decode", "--nfkc", "--root=DIR", "--dot-dot", "--backslash",
        "--windows", "--allow-hidden", "--leading-separator-is-root",
        "--format", "--line-buffered"}) {
    EXPECT_TRUE(absl::StrContains(path.out, flag)) << flag;
  }
  const CommandResult lookup = Run("acl lookup -h", "");
  for (const char* flag : {"--profile", "--acl", "--mode", "--profile-dir",
                           "--max-acl-bytes", "--line-buffered"}) {
    EXPECT_TRUE(absl::StrContains(lookup.out, flag)) << flag;
  }
  // An unknown command is still an error.
  EXPECT_EQ(Run("frobnicate --help", "").exit_code, 2);
  EXPECT_EQ(Run("help frobnicate", "").exit_code, 2);
}

// A bare `u8guard` (or an unknown command) is a usage error that prints a
// short usage on standard error, not the whole --help: the synopsis, every
// command --help lists, and where the rest is (a new user who typed
// `u8guard` got the whole --help, about 50 lines, on standard error).
TEST_F(CliExit, BareInvocationPrintsAShortUsage) {
  const std::string help = Run("--help", "").out;
  for (const std::string args : {"", "frobnicate", "help frobnicate"}) {
    SCOPED_TRACE(args);
    const CommandResult r = Run(args, "");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    const std::string usage = Stderr();
    EXPECT_TRUE(absl::StrContains(
        usage, "usage: u8guard COMMAND [FLAG]... [--] [ARG]...\n"))
        << usage;
    EXPECT_LE(std::count(usage.begin(), usage.end(), '\n'), 6) << usage;
    EXPECT_TRUE(absl::StrContains(usage, "u8guard help COMMAND")) << usage;
    EXPECT_TRUE(absl::StrContains(usage, "u8guard --help")) << usage;
    for (const char* command :
         {"check,", "key,", "enforce,", "compare,", "path sanitize|read,",
          "acl audit|lookup,", "records export|verify,", "register,",
          "profiles,", "version,", "help\n"}) {
      EXPECT_TRUE(absl::StrContains(usage, command)) << command;
    }
  }
  // Each command the short usage names is one of --help's list.
  for (const char* command :
       {"\n  check ", "\n  key ", "\n  enforce ", "\n  compare ",
        "\n  path sanitize ", "\n  path read ", "\n  acl audit ",
        "\n  acl lookup ", "\n  records export ", "\n  records verify",
        "\n  register ", "\n  profiles ", "\n  version ", "\n  help "}) {
    EXPECT_TRUE(absl::StrContains(help, command)) << command;
  }
}

// --version and -V are `u8guard version`: the same output, exit 0, with
// --format; with another command they are a usage error.
TEST_F(CliExit, VersionFlag) {
  const CommandResult version = Run("version", "");
  ASSERT_EQ(version.exit_code, 0);
  ASSERT_TRUE(absl::StartsWith(version.out, "u8guard ")) << version.out;
  const CommandResult json = Run("version --format=json", "");
  for (const std::string args :
       {"--version", "-V", "version --version", "version -V"}) {
    SCOPED_TRACE(args);
    CommandResult r = Run(args, "");
    EXPECT_EQ(r.exit_code, 0) << Stderr();
    EXPECT_EQ(r.out, version.out);
    EXPECT_EQ(Stderr(), "");
    r = Run(args + " --format=json", "");
    EXPECT_EQ(r.exit_code, 0) << Stderr();
    EXPECT_EQ(r.out, json.out);
    EXPECT_EQ(Run("-f json " + args, "").out, json.out);
  }
  for (const std::string args : {"canon --version", "-V acl lookup", "-V x"}) {
    ExpectUsageError(args, "--version takes no command");
  }
  ExpectUsageError("--version --profile=nickname",
                   "--profile is not a flag of `u8guard version`");
  // Help wins; after "--" it is an input.
  EXPECT_TRUE(absl::StartsWith(Run("--version --help", "").out, "usage:"));
  const CommandResult input = Run("enforce --profile=nickname -- -V", "");
  EXPECT_EQ(input.out, "-V\n");
}

// The short forms -p, -f, -a and -r take their value from the next
// argument and mean what the long flags mean; another letter, or the value
// joined to the letter, is an unknown flag.
TEST_F(CliExit, ShortFlags) {
  const std::string acl = ShellQuote(acl_);
  const std::pair<std::string, std::string> same[] = {
      {"canon -p username-case-mapped -f json Admin",
       "canon --profile=username-case-mapped --format=json Admin"},
      {"-f json enforce -p UsernameCaseMapped Admin",
       "enforce --format=json --profile=username-case-mapped Admin"},
      {"acl lookup -p username-case-mapped -a " + acl + " ADMIN carol",
       "acl lookup --profile=username-case-mapped --acl=" + acl +
           " ADMIN carol"},
      {"path sanitize -r /srv -f json a/b ../c",
       "path sanitize --root=/srv --format=json a/b ../c"},
      {"compare -p nickname 'Ann ' ann",
       "compare --profile=nickname 'Ann ' ann"},
  };
  for (const auto& [short_form, long_form] : same) {
    SCOPED_TRACE(short_form);
    const CommandResult a = Run(short_form, "");
    const CommandResult b = Run(long_form, "");
    EXPECT_EQ(a.exit_code, b.exit_code);
    EXPECT_EQ(a.out, b.out);
    EXPECT_FALSE(a.out.empty());
  }
  const std::vector<std::pair<std::string, std::string>> errors = {
      {"canon x -p", "-p needs a value: -p VALUE"},
      {"canon -pnickname x", "unknown flag -pnickname"},
      {"canon -q x", "unknown flag -q"},
      {"canon -p nickname -r /srv x",
       "-r (--root) is not a flag of `u8guard key`"},
      {"canon -p nickname -f xml x", "--format must be"},
  };
  for (const auto& [args, message] : errors) ExpectUsageError(args, message);
}

// "--" ends the flags: what follows is input, even "--help" or "-x".
TEST_F(CliExit, DoubleDashEndsTheFlags) {
  CommandResult r =
      Run("canon --profile=nickname -- --help -h --format=json -", "");
  EXPECT_EQ(r.exit_code, 0) << Stderr();
  EXPECT_EQ(r.out, "--help\n-h\n--format=json\n-\n");
  r = Run("acl lookup --profile=username-case-mapped --acl=" +
              ShellQuote(acl_) + " -- --mode=skeleton -admin",
          "");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "\"--mode=skeleton\": no match\n\"-admin\": no match\n");
  // Without "--", an input that looks like a flag is a usage error, never
  // taken for a flag silently.
  EXPECT_EQ(Run("canon --profile=nickname -admin", "").exit_code, 2);
  EXPECT_EQ(Run("canon --profile=nickname --admin", "").exit_code, 2);
}

// Boolean flags: --name, --name=true|false, --noname, --no-name; dashes or
// underscores.
TEST_F(CliExit, BooleanFlagSpellings) {
  for (const char* on :
       {"--percent-decode", "--percent_decode", "--percent-decode=true",
        "--percent-decode=1", "--nopercent-decode --percent-decode"}) {
    const CommandResult r =
        Run(absl::StrCat("path sanitize ", on, " a%41"), "");
    EXPECT_EQ(r.out, "aA\n") << on;
  }
  for (const char* off :
       {"--percent-decode=false", "--nopercent-decode", "--no-percent-decode",
        "--no_percent_decode", "--percent-decode --no-percent-decode"}) {
    const CommandResult r =
        Run(absl::StrCat("path sanitize ", off, " a%41"), "");
    EXPECT_EQ(r.out, "a%41\n") << off;
  }
}

}  // namespace
}  // namespace u8guard
