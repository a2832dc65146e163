// The `u8guard path sanitize` contract (README.md, "Paths (layer 6)"):
// arguments or standard input lines; text output (the sanitized path, or
// `rejected: <message>`); --format=json, one object per input per line with
// "input", "input_hex" (input not UTF-8), "ok", "output" or "error" (+
// "rule", "offset"); exit 0 all accepted, 1 any rejected, 2 usage.

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;

std::string Cli() { return ShellQuote(CliPath()); }

// Runs `u8guard ARGS` (ARGS already quoted for the shell).
CommandResult U8guard(const std::string& args) {
  return RunCommand(Cli() + " " + args + " 2>/dev/null");
}

// Runs `u8guard ARGS` with `stdin_bytes` on standard input.
CommandResult RunWithStdin(const std::string& args,
                           const std::string& stdin_bytes) {
  return RunCommand("printf '%s' " + ShellQuote(stdin_bytes) + " | " + Cli() +
                    " " + args + " 2>/dev/null");
}

TEST(PathCli, TextOutputAndExitStatus) {
  CommandResult r = U8guard("path sanitize a/b a/./b 'a//b/'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "a/b\na/b\na/b\n");

  r = U8guard("path sanitize a/b ../etc/passwd c");
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(SplitLines(r.out).size(), 3u) << r.out;
  EXPECT_EQ(SplitLines(r.out)[0], "a/b");
  EXPECT_EQ(SplitLines(r.out)[1],
            "rejected: path: rejected at byte 0: path/dot_dot: '..' segment");
  EXPECT_EQ(SplitLines(r.out)[2], "c");
}

TEST(PathCli, IisNimdaFromStandardInput) {
  const CommandResult r =
      RunWithStdin("path sanitize", "\x2F\xC0\xAE\x2E\x2F\nok/name\n");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0],
            "rejected: path: rejected at byte 1: utf8/overlong: overlong "
            "encoding (C0 AE)");
  EXPECT_EQ(lines[1], "ok/name");
}

TEST(PathCli, Json) {
  const CommandResult r = U8guard(
      "--format=json path sanitize 'caf\xC3\xA9/x' 'a/\xC0\xAE' '.env'");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0],
            "{\"input\": \"caf\xC3\xA9/x\", \"ok\": true, \"output\": "
            "\"caf\xC3\xA9/x\"}");
  EXPECT_EQ(lines[1],
            "{\"input\": \"a/\xEF\xBF\xBD\xEF\xBF\xBD\", \"input_hex\": "
            "\"612FC0AE\", \"ok\": false, \"error\": \"path: rejected at byte "
            "2: utf8/overlong: overlong encoding (C0 AE)\", \"rule\": "
            "\"utf8/overlong\", \"offset\": 2}");
  EXPECT_EQ(lines[2],
            "{\"input\": \".env\", \"ok\": false, \"error\": \"path: rejected "
            "at byte 0 (U+002E): path/hidden: hidden segment (starts with "
            "'.')\", \"rule\": \"path/hidden\", \"offset\": 0, "
            "\"code_point\": \"U+002E\"}");
}

TEST(PathCli, JsonAllAcceptedExitsZero) {
  const CommandResult r = RunWithStdin("--format=json path sanitize", "a\nb\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "{\"input\": \"a\", \"ok\": true, \"output\": \"a\"}\n"
            "{\"input\": \"b\", \"ok\": true, \"output\": \"b\"}\n");
}

TEST(PathCli, Flags) {
  // Percent-decoding, once and strictly.
  CommandResult r = U8guard(
      "path sanitize --percent-decode 'a/%2e%2e' '%252e' 'x/%c0%ae' 'x/%2'");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_EQ(lines[0],
            "rejected: path: rejected at byte 2: path/dot_dot: '..' segment");
  EXPECT_EQ(lines[1], "%2e");
  EXPECT_EQ(lines[2],
            "rejected: path: rejected at byte 2: utf8/overlong: overlong "
            "encoding (C0 AE) after percent-decoding");
  EXPECT_NE(lines[3].find("path/percent_decoding"), std::string::npos);
  // The same inputs without the flag are plain names.
  r = U8guard("path sanitize 'a/%2e%2e' 'x/%c0%ae'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "a/%2e%2e\nx/%c0%ae\n");

  // A root, a leading separator read as the root, ".." resolved.
  r = U8guard(
      "path sanitize --root=/srv/www --dot-dot=resolve "
      "--leading-separator-is-root /a/b/../c / /../x");
  EXPECT_EQ(r.exit_code, 1);
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], "/srv/www/a/c");
  EXPECT_EQ(lines[1], "/srv/www");
  EXPECT_NE(lines[2].find("path/above_root"), std::string::npos);

  // NFKC: compatibility characters fold; a fullwidth full stop is rejected
  // under both forms.
  r = U8guard(
      "path sanitize --nfkc '\xEF\xAC\x81le' 'a/\xEF\xBC\x8E\xEF\xBC\x8E'");
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], "file");
  EXPECT_NE(lines[1].find("path/structure_changed_by_nfkc"), std::string::npos);
  r = U8guard("path sanitize '\xEF\xAC\x81le' 'a/\xEF\xBC\x8E\xEF\xBC\x8E'");
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], "\xEF\xAC\x81le");
  EXPECT_NE(lines[1].find("path/structure_changed_by_nfkc"), std::string::npos);

  // Backslashes, Windows rules, hidden names.
  r = U8guard("path sanitize --backslash 'a\\b'");
  EXPECT_EQ(r.out, "a/b\n");
  r = U8guard("path sanitize 'a\\b'");
  EXPECT_NE(r.out.find("path/separator_in_segment"), std::string::npos);
  r = U8guard("path sanitize --windows 'x\\CON.txt' 'x\\a.' 'x\\ok.txt'");
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_NE(lines[0].find("path/windows_reserved"), std::string::npos);
  EXPECT_NE(lines[1].find("path/windows_trailing_dot_space"),
            std::string::npos);
  EXPECT_EQ(lines[2], "x/ok.txt");
  r = U8guard("path sanitize --allow-hidden .git/config");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, ".git/config\n");
  // Underscores work too.
  r = U8guard("path sanitize --allow_hidden .git/config");
  EXPECT_EQ(r.out, ".git/config\n");
}

TEST(PathCli, UsageErrorsExitTwo) {
  EXPECT_EQ(U8guard("path").exit_code, 2);
  EXPECT_EQ(U8guard("path frob a").exit_code, 2);
  EXPECT_EQ(U8guard("path sanitize --dot-dot=maybe a").exit_code, 2);
  EXPECT_EQ(U8guard("path sanitize --no-such-flag a").exit_code, 2);
  EXPECT_EQ(U8guard("path sanitize --root=$(printf 'r\\377') a").exit_code, 2);
  EXPECT_EQ(U8guard("--format=yaml path sanitize a").exit_code, 2);
  const CommandResult help = U8guard("help");
  EXPECT_NE(help.out.find("path sanitize"), std::string::npos);
}

}  // namespace
}  // namespace u8guard
