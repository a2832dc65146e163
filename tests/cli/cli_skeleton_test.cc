// SPDX-License-Identifier: Apache-2.0
// The CLI contract of `u8guard skeleton` (docs/cli.md): one line per input,
// the UTS #39 skeleton of its key or, with --lookalike-keys, its look-alike
// keys separated by a tab, or "rejected: MESSAGE"; --format=json one object
// per input; standard input line by line when there are no STRING
// arguments; exit 0 all accepted, 1 some rejected, 2 usage errors. Expected
// answers come from the library (ConfusableSkeleton, LookalikeSkeletons):
// the CLI is a thin shell over it.

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::WriteFileOrDie;

constexpr char kProfile[] = "username-case-mapped";

// Runs `u8guard ARGS...` (each argument quoted), standard error discarded,
// with `stdin_bytes` on standard input when given.
CommandResult Cli(const std::vector<std::string>& args,
                  const std::string* stdin_bytes = nullptr) {
  ScopedTempDir tmp;
  std::string cmd = ShellQuote(CliPath());
  for (const std::string& a : args) absl::StrAppend(&cmd, " ", ShellQuote(a));
  if (stdin_bytes != nullptr) {
    const std::string in = tmp.File("stdin");
    WriteFileOrDie(in, *stdin_bytes);
    absl::StrAppend(&cmd, " < ", ShellQuote(in));
  } else {
    absl::StrAppend(&cmd, " < /dev/null");
  }
  return RunCommand(cmd + " 2>/dev/null");
}

// Output lines without their '\n'.
std::vector<std::string> Lines(const std::string& out) {
  if (out.empty()) return {};
  EXPECT_EQ(out.back(), '\n') << "unterminated output: " << out;
  return absl::StrSplit(out.substr(0, out.size() - 1), '\n');
}

// The library's look-alike keys of `s` under kProfile.
std::vector<std::string> LibraryKeys(std::string_view s) {
  const absl::StatusOr<std::vector<std::string>> keys =
      LookalikeSkeletons(**FindBuiltinProfile(kProfile), s);
  EXPECT_TRUE(keys.ok()) << keys.status();
  return keys.ok() ? *keys : std::vector<std::string>{};
}

// True when `a` and `b` share a key.
bool ShareAKey(const std::vector<std::string>& a,
               const std::vector<std::string>& b) {
  for (const std::string& k : a) {
    for (const std::string& l : b) {
      if (k == l) return true;
    }
  }
  return false;
}

TEST(CliSkeleton, PrintsTheLibrarysSkeletonPerInput) {
  const std::vector<std::string> inputs = {"paypaI", "paypal", "R00T",
                                           "\uFF21\uFF24\uFF2D\uFF29\uFF2E",
                                           "p\u0430ypal"};
  std::vector<std::string> args = {"skeleton",
                                   std::string("--profile=") + kProfile};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const CommandResult r = Cli(args);
  EXPECT_EQ(r.exit_code, 0);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), inputs.size()) << r.out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const absl::StatusOr<std::string> skeleton =
        ConfusableSkeleton(**FindBuiltinProfile(kProfile), inputs[i]);
    ASSERT_TRUE(skeleton.ok()) << skeleton.status();
    EXPECT_EQ(lines[i], EscapeForDisplay(*skeleton)) << inputs[i];
  }
  // Cyrillic "а" looks like Latin "a".
  EXPECT_EQ(lines[4], lines[1]);
}

// --lookalike-keys prints LookalikeSkeletons' keys, tab-separated, in its
// order: every spelling of one account gets the same ones, and "paypaI"
// (capital i) shares one with "paypal".
TEST(CliSkeleton, LookalikeKeysAgreeWithTheLibrary) {
  const std::vector<std::string> inputs = {"paypaI", "paypal", "R00T",
                                           "r00t",   "R00t",   "admin"};
  std::vector<std::string> args = {
      "skeleton", std::string("--profile=") + kProfile, "--lookalike-keys"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const CommandResult r = Cli(args);
  EXPECT_EQ(r.exit_code, 0);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), inputs.size()) << r.out;
  std::vector<std::vector<std::string>> printed;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::vector<std::string> keys = LibraryKeys(inputs[i]);
    ASSERT_FALSE(keys.empty());
    EXPECT_LE(keys.size(), kMaxLookalikeSkeletons);
    EXPECT_EQ(lines[i], absl::StrJoin(keys, "\t")) << inputs[i];
    printed.push_back(absl::StrSplit(lines[i], '\t'));
  }
  EXPECT_TRUE(ShareAKey(printed[0], printed[1])) << lines[0] << " " << lines[1];
  EXPECT_EQ(lines[2], lines[3]);
  EXPECT_EQ(lines[2], lines[4]);
  // The first key is the key's skeleton: what `skeleton` alone prints.
  const CommandResult plain =
      Cli({"skeleton", std::string("--profile=") + kProfile, "R00T"});
  EXPECT_EQ(plain.out, printed[2][0] + "\n");
}

TEST(CliSkeleton, LookalikeKeysAsJson) {
  const CommandResult r = Cli({"skeleton", "-p", kProfile, "-f", "json",
                               "--lookalike-keys", "paypaI", "R00T"});
  EXPECT_EQ(r.exit_code, 0);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (size_t i = 0; i < 2; ++i) {
    const std::string input = i == 0 ? "paypaI" : "R00T";
    std::vector<std::string> quoted;
    for (const std::string& k : LibraryKeys(input)) {
      quoted.push_back("\"" + k + "\"");  // ASCII keys: no escapes
    }
    EXPECT_EQ(lines[i], absl::StrCat("{\"input\": \"", input,
                                     "\", \"ok\": true, \"lookalike_keys\": [",
                                     absl::StrJoin(quoted, ", "), "]}"));
  }
}

// With no STRING the lines of standard input are the inputs; a rejected one
// is answered in its place and the exit status is 1.
TEST(CliSkeleton, ReadsStandardInputAndReportsRejections) {
  const std::string in = "R00T\nal\u200Bice\nr00t\n";
  const CommandResult r = Cli(
      {"skeleton", std::string("--profile=") + kProfile, "--lookalike-keys"},
      &in);
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], absl::StrJoin(LibraryKeys("R00T"), "\t"));
  EXPECT_EQ(lines[1].rfind("rejected: ", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("U+200B"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2], lines[0]);
}

// Text output never carries a raw control character, whatever the input.
TEST(CliSkeleton, HostileInputsAreEscaped) {
  for (const std::string flag : {"--lookalike-keys", "--nolookalike-keys"}) {
    SCOPED_TRACE(flag);
    const bool keys = flag == "--lookalike-keys";
    const CommandResult r =
        Cli({"skeleton", "--profile=text-document", flag, "--",
             "a\tb\x1B[31m\u202Ex\r", "ok\xC0\xAF\x01"});
    EXPECT_EQ(r.exit_code, 1);
    const std::vector<std::string> lines = Lines(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    for (const std::string& line : lines) {
      for (size_t i = 0; i < line.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        // A tab separates keys; none comes from a key.
        EXPECT_TRUE((c >= 0x20 && c != 0x7F) || (keys && c == '\t'))
            << line << " at " << i;
      }
      EXPECT_EQ(line.find("\u202E"), std::string::npos) << line;
    }
    EXPECT_NE(lines[0].find("\\u{001B}"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("a\\u{0009}b"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1].rfind("rejected: ", 0), 0u) << lines[1];
  }
}

TEST(CliSkeleton, UsageErrorsExitTwo) {
  EXPECT_EQ(Cli({"skeleton", "x"}).exit_code, 2);
  EXPECT_EQ(Cli({"skeleton", "--profile=no-such-profile", "x"}).exit_code, 2);
  EXPECT_EQ(
      Cli({"skeleton", "--profile=nickname", "--lookalike-keys=maybe", "x"})
          .exit_code,
      2);
  EXPECT_EQ(
      Cli({"canon", "--profile=nickname", "--lookalike-keys", "x"}).exit_code,
      2);
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// --order=ltr|rtl reads the key as a page of that direction shows it, as
// the library's BidiSkeleton and LookalikeSkeletons(order) do; logical is
// the default; another order is a usage error naming the choices.
TEST(CliSkeleton, OrderReadsTheKeyAsAPageShowsIt) {
  using ::u8guard::testing::CliPath;
  using ::u8guard::testing::CommandResult;
  using ::u8guard::testing::RunCommand;
  using ::u8guard::testing::ShellQuote;
  const Profile& nickname = **FindBuiltinProfile("nickname");
  const std::vector<std::string> inputs = {"\u05D01", "1\u05D0", "abc!",
                                           "paypal", "\u05D0 (\u05D1)"};
  for (const char* order : {"logical", "ltr", "rtl"}) {
    const SkeletonOrder o = *ParseSkeletonOrder(order);
    for (const bool keys : {false, true}) {
      std::string cmd = absl::StrCat(
          ShellQuote(CliPath()), " skeleton --profile=nickname --order=", order,
          keys ? " --lookalike-keys" : "");
      std::string expected;
      for (const std::string& s : inputs) {
        absl::StrAppend(&cmd, " ", ShellQuote(s));
        if (keys) {
          absl::StrAppend(
              &expected,
              absl::StrJoin(*LookalikeSkeletons(nickname, s, o), "\t",
                            [](std::string* out, const std::string& k) {
                              out->append(EscapeForDisplay(k));
                            }),
              "\n");
        } else {
          absl::StrAppend(
              &expected, EscapeForDisplay(*BidiSkeleton(nickname, o, s)), "\n");
        }
      }
      const CommandResult r = RunCommand(cmd + " </dev/null 2>/dev/null");
      EXPECT_EQ(r.exit_code, 0) << cmd;
      EXPECT_EQ(r.out, expected) << cmd;
    }
  }
  // Alef-one and one-alef: one skeleton on a left-to-right page only.
  const auto first_two = [&](const char* order) {
    const CommandResult r = RunCommand(absl::StrCat(
        ShellQuote(CliPath()), " skeleton --profile=nickname --order=", order,
        " ", ShellQuote("\u05D01"), " ", ShellQuote("1\u05D0"),
        " </dev/null 2>/dev/null"));
    const std::vector<std::string> lines = absl::StrSplit(r.out, '\n');
    return lines.size() >= 2 && lines[0] == lines[1];
  };
  EXPECT_TRUE(first_two("ltr"));
  EXPECT_FALSE(first_two("logical"));
  EXPECT_FALSE(first_two("rtl"));
  const CommandResult bad = RunCommand(
      absl::StrCat(ShellQuote(CliPath()),
                   " skeleton --profile=nickname --order=visual x 2>&1"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("logical"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace u8guard
