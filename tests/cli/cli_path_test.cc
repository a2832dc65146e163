// SPDX-License-Identifier: Apache-2.0
// The `u8guard path sanitize` contract (docs/cli.md, docs/paths.md):
// arguments or standard input lines; text output (the sanitized path, or
// `rejected: <message>`); --format=json, one object per input per line with
// "input", "input_hex" (input not UTF-8), "ok", "output" or "error" (+
// "rule", "offset"); exit 0 all accepted, 1 any rejected, 2 usage.
//
// `u8guard path read --root=DIR`: each file's bytes on standard output,
// opened beneath DIR only (both resolvers); refusals and missing files on
// standard error (`u8guard path read: "NAME": MESSAGE`, NAME escaped), the
// next file read; exit 0 all read, 1 any refused or missing, 2 usage or
// I/O error.

#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/open_beneath.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::WriteFileOrDie;

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
            "\"code_point\": \"U+002E\", \"code_point_value\": 46}");
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

// What `u8guard path read` did: exit status, standard output and error.
struct ReadResult {
  int exit_code;
  std::string out, err;
};

// base/secret (outside), base/root/{a.txt, bin, dir/b.txt, out ->
// ../secret, alias -> a.txt, abs -> base/secret}.
class PathReadCli : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (std::string(GetParam()) == "openat2" && !Openat2Available()) {
      GTEST_SKIP() << "openat2 is not available to this process: the walk "
                      "instance runs every case";
    }
    root_ = base_.File("root");
    ASSERT_EQ(mkdir(root_.c_str(), 0755), 0);
    ASSERT_EQ(mkdir((root_ + "/dir").c_str(), 0755), 0);
    WriteFileOrDie(base_.File("secret"), "SECRET");
    WriteFileOrDie(root_ + "/a.txt", "alpha\n");
    WriteFileOrDie(root_ + "/dir/b.txt", "beta\n");
    WriteFileOrDie(root_ + "/bin", std::string("\x00\xFF\xC0\xAE\n", 5));
    ASSERT_EQ(symlink("../secret", (root_ + "/out").c_str()), 0);
    ASSERT_EQ(symlink("a.txt", (root_ + "/alias").c_str()), 0);
    ASSERT_EQ(symlink(base_.File("secret").c_str(), (root_ + "/abs").c_str()),
              0);
  }

  // Runs `u8guard path read --root=ROOT --resolver=PARAM ARGS` (ARGS quoted
  // for the shell), with `stdin_bytes` on standard input when given.
  ReadResult Read(const std::string& args, const std::string& stdin_bytes = "",
                  const std::string& root = "") {
    const std::string err = base_.File("stderr");
    const std::string command =
        (stdin_bytes.empty()
             ? ""
             : "printf '%s' " + ShellQuote(stdin_bytes) + " | ") +
        Cli() + " path read --root=" + ShellQuote(root.empty() ? root_ : root) +
        " --resolver=" + GetParam() + " " + args + " 2>" + ShellQuote(err);
    const CommandResult r = RunCommand(command);
    return {r.exit_code, r.out, ReadFileOrDie(err)};
  }

  ScopedTempDir base_;
  std::string root_;
};

INSTANTIATE_TEST_SUITE_P(Resolvers, PathReadCli,
                         ::testing::Values("openat2", "walk"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

TEST_P(PathReadCli, WritesTheBytesOfEachFile) {
  ReadResult r = Read("a.txt dir/b.txt bin a.txt");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "alpha\nbeta\n" + std::string("\x00\xFF\xC0\xAE\n", 5) + "alpha\n");
  EXPECT_EQ(r.err, "");
  // Paths are sanitized first: "." and empty segments go.
  r = Read("./dir//b.txt");
  EXPECT_EQ(r.out, "beta\n");
  // A large file, whole.
  std::string big;
  for (int i = 0; i < 100000; ++i) big += "line " + std::to_string(i) + "\n";
  WriteFileOrDie(root_ + "/big", big);
  r = Read("big");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, big);
}

TEST_P(PathReadCli, RefusesWhatLeavesTheRootAndGoesOn) {
  ReadResult r = Read("out a.txt ../secret abs");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "alpha\n");
  const std::vector<std::string> lines = SplitLines(r.err);
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0],
            "u8guard path read: \"out\": open beneath root: refused at "
            "\"out\": open/symlink: a symbolic link where the options allow "
            "none");
  EXPECT_EQ(lines[1],
            "u8guard path read: \"../secret\": path: rejected at byte 0: "
            "path/dot_dot: '..' segment");
  EXPECT_NE(lines[2].find("open/symlink"), std::string::npos);
  // Links inside are followed with --symlinks=inside; out, never.
  r = Read("--symlinks=inside alias out abs");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "alpha\n");
  EXPECT_NE(r.err.find("\"out\": open/escapes_root"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("\"abs\": open/escapes_root"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("SECRET"), std::string::npos);
  EXPECT_EQ(r.out.find("SECRET"), std::string::npos);
  // --no-xdev: nothing is mounted here, so nothing changes.
  r = Read("--no-xdev a.txt");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "alpha\n");
}

TEST_P(PathReadCli, MagicLinksUnderProc) {
  const ReadResult r =
      Read("--symlinks=inside root/etc/passwd fd/0 status", "", "/proc/self");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("Name:"), std::string::npos);  // status was read
  EXPECT_NE(r.err.find("\"root/etc/passwd\": open beneath root: refused at "
                       "\"root\": open/magic_link"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("\"fd/0\": open beneath root: refused at \"fd/0\": "
                       "open/magic_link"),
            std::string::npos)
      << r.err;
}

TEST_P(PathReadCli, MissingFilesAndDirectories) {
  const ReadResult r = Read("missing a.txt/x dir a.txt");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "alpha\n");
  const std::vector<std::string> lines = SplitLines(r.err);
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0],
            "u8guard path read: \"missing\": open beneath root: \"missing\": "
            "No such file or directory");
  EXPECT_EQ(lines[1],
            "u8guard path read: \"a.txt/x\": open beneath root: \"a.txt/x\": "
            "Not a directory");
  EXPECT_EQ(lines[2],
            "u8guard path read: \"dir\": open beneath root: refused at "
            "\"dir\": open/directory: a directory, not a regular file "
            "(O_DIRECTORY opens one)");
}

// Attack: a FIFO left beneath the root stalled `path read` forever (the
// open waited for a writer). Now the library refuses it at once
// (OpenBeneath opens regular files only: the CLI has no rule of its own),
// as a socket and a device that would never end, and the next path is
// read. `timeout` turns a hang back into a failure here (exit 124) instead
// of a stuck test.
TEST_P(PathReadCli, FifosAndDevicesAreRefusedWithoutWaiting) {
  ASSERT_EQ(mkfifo((root_ + "/fifo").c_str(), 0644), 0);
  const std::string err = base_.File("stderr");
  const CommandResult r = RunCommand(
      "timeout 20 " + Cli() + " path read --root=" + ShellQuote(root_) +
      " --resolver=" + GetParam() + " fifo a.txt 2>" + ShellQuote(err));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "alpha\n");
  EXPECT_EQ(ReadFileOrDie(err),
            "u8guard path read: \"fifo\": open beneath root: refused at "
            "\"fifo\": open/fifo: a FIFO (named pipe), not a regular file: "
            "opening or reading it can wait forever\n");
  // A device that never ends: opened under --root=/dev, refused by its
  // type before a byte is read.
  const CommandResult dev =
      RunCommand("timeout 20 " + Cli() + " path read --root=/dev --resolver=" +
                 GetParam() + " zero null 2>" + ShellQuote(err));
  EXPECT_EQ(dev.exit_code, 1);
  EXPECT_EQ(dev.out, "");
  EXPECT_EQ(ReadFileOrDie(err),
            "u8guard path read: \"zero\": open beneath root: refused at "
            "\"zero\": open/device: a device (character or block special "
            "file), not a regular file\n"
            "u8guard path read: \"null\": open beneath root: refused at "
            "\"null\": open/device: a device (character or block special "
            "file), not a regular file\n");
}

TEST_P(PathReadCli, NamesFromStandardInputAreEscaped) {
  const ReadResult r = Read("", "a.txt\n\x1B[2Jx\nout\nbad\xC0\xAF\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "alpha\n");
  const std::vector<std::string> lines = SplitLines(r.err);
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0],
            "u8guard path read: \"\\u{001B}[2Jx\": path: rejected at byte 0 "
            "(U+001B): path/control: control character");
  EXPECT_NE(lines[1].find("open/symlink"), std::string::npos);
  EXPECT_EQ(lines[2],
            "u8guard path read: \"bad\\xC0\\xAF\": path: rejected at byte 3: "
            "utf8/overlong: overlong encoding (C0 AF)");
}

TEST_P(PathReadCli, UsageErrorsExitTwo) {
  EXPECT_EQ(RunCommand(Cli() + " path read a.txt 2>/dev/null").exit_code, 2);
  EXPECT_EQ(Read("--symlinks=all a.txt").exit_code, 2);
  EXPECT_EQ(Read("--dot-dot=maybe a.txt").exit_code, 2);
  EXPECT_EQ(Read("a.txt", "", base_.File("no-such-dir")).exit_code, 2);
  EXPECT_EQ(Read("a.txt", "", root_ + "/a.txt").exit_code, 2);
  EXPECT_EQ(Read("--format=json a.txt").exit_code, 2);
  EXPECT_EQ(Read("--resolver=magic a.txt").exit_code, 2);
  const ReadResult r = Read("--percent-decode a.txt");  // a sanitizer flag
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(U8guard("path read --help").out.find("--symlinks"),
            std::string::npos);
}

}  // namespace
}  // namespace u8guard
