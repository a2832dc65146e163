// SPDX-License-Identifier: Apache-2.0
// Standard input of canon, enforce, path sanitize, acl lookup and register
// is read as it arrives (docs/cli.md, "Standard input"): each line is
// answered before the next one is read (the tool works as a co-process, with
// --line-buffered or without), in constant memory whatever the input (millions
// of lines, one line of hundreds of MiB), and a line longer than the command's
// limit is rejected exactly as the library rejects the whole line, while the
// output shows only a bounded prefix of it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CoProcess;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::WriteFileOrDie;

// Generous: a line is answered at once, but the machine may be busy.
constexpr int kTimeoutMs = 20'000;

// What output shows of an over-long input (src/cli/shown.h, docs/cli.md).
constexpr size_t kShownBytes = 256;

// Peak RSS allowed to a streaming command, whatever its input. The tool
// itself (ICU data, the binary) takes about 8 MiB.
constexpr int64_t kMaxPeakKib = 64 * 1024;

const Profile& UsernameProfile() {
  return **FindBuiltinProfile("username-case-mapped");
}

// The library's answer for `input`, as canon prints it.
std::string CanonText(std::string_view input) {
  const absl::StatusOr<std::string> key =
      Canonicalize(UsernameProfile(), input);
  return key.ok() ? *key : "rejected: " + std::string(key.status().message());
}

std::vector<std::string> WithCli(std::vector<std::string> args) {
  args.insert(args.begin(), CliPath());
  return args;
}

// An ACL file for the lookups.
class CliStream : public ::testing::Test {
 protected:
  void SetUp() override {
    acl_ = dir_.File("users.acl");
    WriteFileOrDie(acl_, "admin\nbob\n");
  }

  // Talks to `args` as a co-process: writes each of `lines` and reads its
  // answer before writing the next; `answers` are the expected lines.
  void ExpectAnswersOneByOne(const std::vector<std::string>& args,
                             const std::vector<std::string>& lines,
                             const std::vector<std::string>& answers) {
    SCOPED_TRACE(absl::StrCat("u8guard ", args[0], " ", args.back()));
    CoProcess p(WithCli(args), "/dev/null");
    ASSERT_TRUE(p.started());
    for (size_t i = 0; i < lines.size(); ++i) {
      ASSERT_TRUE(p.Write(lines[i] + "\n"));
      // The input stays open: the answer must come before more input.
      const std::optional<std::string> answer = p.ReadLine(kTimeoutMs);
      ASSERT_TRUE(answer.has_value()) << "no answer to line " << i;
      EXPECT_EQ(*answer, answers[i]) << "line " << i;
    }
    p.CloseInput();
    EXPECT_FALSE(p.ReadLine(kTimeoutMs).has_value());
    EXPECT_EQ(p.Wait().code, 1);  // the last line is rejected or not found
  }

  ScopedTempDir dir_;
  std::string acl_;
};

TEST_F(CliStream, EachLineIsAnsweredBeforeTheNextIsRead) {
  const std::vector<std::string> names = {"Admin", "\uFF22ob", "a b"};
  for (const char* buffering : {"--line-buffered", "--format=text"}) {
    ExpectAnswersOneByOne(
        {"canon", "--profile=username-case-mapped", buffering}, names,
        {"admin", "bob", CanonText("a b")});
    ExpectAnswersOneByOne(
        {"enforce", "--profile=nickname", buffering}, {" Juliet ", ""},
        {"Juliet", "rejected: " +
                       std::string(Enforce(**FindBuiltinProfile("nickname"), "")
                                       .status()
                                       .message())});
    ExpectAnswersOneByOne(
        {"path", "sanitize", buffering}, {"a/./b", "../x"},
        {"a/b",
         "rejected: " +
             std::string(
                 SanitizePath("../x", PathOptions()).status().message())});
    ExpectAnswersOneByOne({"acl", "lookup", "--profile=username-case-mapped",
                           "--acl=" + acl_, buffering},
                          {"ADMIN", "carol"},
                          {"\"ADMIN\": match: line 1 \"admin\" (key \"admin\")",
                           "\"carol\": no match"});
    // With --add, each answer depends on the lines before it.
    ExpectAnswersOneByOne(
        {"register", "--profile=username-case-mapped", "--acl=" + acl_, "--add",
         buffering},
        {"carol", "Carol"},
        {"\"carol\": accepted (key \"carol\")",
         "\"Carol\": refused: collision: \"carol\" (shared key \"carol\")"});
  }
  ExpectAnswersOneByOne(
      {"canon", "--profile=username-case-mapped", "--format=json"},
      {"Admin", "a b"},
      {"{\"input\": \"Admin\", \"ok\": true, \"output\": \"admin\"}",
       "{\"input\": \"a b\", \"ok\": false, \"error\": \"" +
           CanonText("a b").substr(10) +
           "\", \"rule\": \"DISALLOWED/spaces\", \"offset\": 1, "
           "\"code_point\": \"U+0020\", \"code_point_value\": 32}"});
}

// Lines of max_input_bytes and max_input_bytes + 1 bytes and one of 1 MiB,
// between short ones: the library's rejection of the whole line, the
// short lines still answered, the over-long ones shown cut in JSON.
TEST_F(CliStream, LongLinesAreRejectedLikeTheWholeLine) {
  const size_t limit = UsernameProfile().max_input_bytes;
  const std::vector<std::string> lines = {
      "Admin", std::string(limit, 'a'), std::string(limit + 1, 'b'),
      std::string(size_t{1} << 20, 'c'), "bob"};
  std::string input;
  for (const std::string& line : lines) absl::StrAppend(&input, line, "\n");
  const std::string file = dir_.File("lines");
  WriteFileOrDie(file, input);
  const auto text =
      RunCommand(ShellQuote(CliPath()) +
                 " canon --profile=username-case-mapped < " + ShellQuote(file));
  EXPECT_EQ(text.exit_code, 1);
  const std::vector<std::string> out = SplitLines(text.out);
  ASSERT_EQ(out.size(), lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(out[i], CanonText(lines[i])) << "line " << i;
  }
  EXPECT_TRUE(absl::StrContains(out[2], absl::StrCat("byte ", limit)));
  EXPECT_TRUE(absl::StrContains(out[3], "input_too_long"));

  const auto json =
      RunCommand(ShellQuote(CliPath()) +
                 " canon --format=json --profile=username-case-mapped < " +
                 ShellQuote(file));
  const std::vector<std::string> objects = SplitLines(json.out);
  ASSERT_EQ(objects.size(), lines.size());
  // At the limit: shown whole.
  EXPECT_TRUE(absl::StartsWith(objects[1], "{\"input\": \"" + lines[1] + "\""));
  EXPECT_FALSE(absl::StrContains(objects[1], "input_truncated"));
  // Over it: the first 256 bytes, marked, with the whole length.
  for (size_t i : {2, 3}) {
    EXPECT_EQ(
        objects[i],
        absl::StrCat(
            "{\"input\": \"", lines[i].substr(0, kShownBytes),
            "\", \"input_truncated\": true, \"input_bytes\": ", lines[i].size(),
            ", \"ok\": false, \"error\": \"", CanonText(lines[i]).substr(10),
            "\", \"rule\": \"input_too_long\", \"offset\": 4096}"));
  }
}

// The same rules for arguments, for path sanitize (whose limit is the raw
// input bound of PathOptions) and for acl lookup's text, which shows the ID.
TEST_F(CliStream, OverLongInputsAreShownCutEverywhere) {
  const PathOptions o;
  const size_t path_limit = 4 * o.max_length + 64;
  const std::string long_path(path_limit + 1, 'p');
  auto r =
      RunCommand("printf 'a/b\\n%s\\nc\\n' " + ShellQuote(long_path) + " | " +
                 ShellQuote(CliPath()) + " path sanitize --format=json");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> out = SplitLines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out.substr(0, 1000);
  EXPECT_EQ(
      out[1],
      absl::StrCat(
          "{\"input\": \"", long_path.substr(0, kShownBytes),
          "\", \"input_truncated\": true, \"input_bytes\": ", long_path.size(),
          ", \"ok\": false, \"error\": \"",
          SanitizePath(long_path, o).status().message(),
          "\", \"rule\": \"path/too_long\", \"offset\": ", path_limit, "}"));
  // A path of exactly the bound is not over-long.
  r = RunCommand(ShellQuote(CliPath()) + " path sanitize --format=json " +
                 std::string(path_limit, 'q'));
  EXPECT_FALSE(absl::StrContains(r.out, "input_truncated"));

  // An argument: cut at a character boundary (3-byte characters: 255 bytes).
  const std::string euros = [] {
    std::string s;
    for (int i = 0; i < 2000; ++i) s += "\u20AC";
    return s;
  }();
  r = RunCommand(ShellQuote(CliPath()) +
                 " canon --format=json --profile=username-case-mapped " +
                 ShellQuote(euros));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(absl::StartsWith(
      r.out, absl::StrCat("{\"input\": \"", euros.substr(0, 255),
                          "\", \"input_truncated\": true, \"input_bytes\": ",
                          euros.size(), ", ")))
      << r.out.substr(0, 400);
  EXPECT_FALSE(absl::StrContains(r.out, "input_hex"));

  // acl lookup, text: the ID cut, then its length.
  const std::string id(100'000, 'x');
  r = RunCommand(
      "printf '%s\\nadmin\\n' " + ShellQuote(id) + " | " +
      ShellQuote(CliPath()) +
      " acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl_));
  EXPECT_EQ(r.exit_code, 1);
  out = SplitLines(r.out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], absl::StrCat("\"", id.substr(0, kShownBytes),
                                 "\"... (100000 bytes): rejected: ",
                                 CanonText(id).substr(10)));
  EXPECT_EQ(out[1], "\"admin\": match: line 1 \"admin\" (key \"admin\")");
  // JSON: "id" cut, "id_truncated", "id_bytes".
  r = RunCommand("printf '%s\\n' " + ShellQuote(id) + " | " +
                 ShellQuote(CliPath()) +
                 " acl lookup --format=json --profile=username-case-mapped "
                 "--acl=" +
                 ShellQuote(acl_));
  EXPECT_TRUE(absl::StartsWith(
      r.out, absl::StrCat("{\"id\": \"", id.substr(0, kShownBytes),
                          "\", \"id_truncated\": true, \"id_bytes\": 100000, "
                          "\"mode\": \"exact\", \"found\": false, ")))
      << r.out.substr(0, 400);
  EXPECT_LT(r.out.size(), 1024u);
}

// Feeds `lines` copies of `line` + "\n" (or, with lines == 0, `line` alone,
// without a newline) to `args` through a pipe and returns how it ended,
// with the bytes and lines it printed and its last line.
struct StreamRun {
  CoProcess::Exit exit;
  uint64_t out_bytes = 0;
  uint64_t out_lines = 0;
  std::string last_line;
};

StreamRun Stream(const std::vector<std::string>& args, const std::string& line,
                 uint64_t lines) {
  StreamRun run;
  CoProcess p(WithCli(args), "/dev/null");
  if (!p.started()) return run;
  std::thread feeder([&] {
    if (lines == 0) {
      p.Write(line);
    } else {
      // Whole blocks of lines at a time.
      std::string block;
      const uint64_t per_block =
          std::max<uint64_t>(1, 65536 / (line.size() + 1));
      for (uint64_t i = 0; i < per_block; ++i)
        absl::StrAppend(&block, line, "\n");
      for (uint64_t sent = 0; sent < lines; sent += per_block) {
        const uint64_t n = std::min(per_block, lines - sent);
        if (!p.Write(
                std::string_view(block).substr(0, n * (line.size() + 1)))) {
          break;
        }
      }
    }
    p.CloseInput();
  });
  std::string tail;
  p.Drain([&](std::string_view chunk) {
    run.out_bytes += chunk.size();
    for (char c : chunk) run.out_lines += c == '\n';
    tail.append(chunk);
    if (tail.size() > 8192) tail.erase(0, tail.size() - 4096);
  });
  feeder.join();
  run.exit = p.Wait();
  if (!tail.empty() && tail.back() == '\n') tail.pop_back();
  run.last_line = tail.substr(tail.rfind('\n') + 1);
  return run;
}

// Before, 10 M lines took 531 MB: every line was read before the first
// answer. 2 M lines are enough to tell.
TEST_F(CliStream, MillionsOfLinesInConstantMemory) {
  constexpr uint64_t kLines = 2'000'000;
  const StreamRun run =
      Stream({"canon", "--profile=username-case-mapped"}, "Admin", kLines);
  EXPECT_EQ(run.exit.code, 0);
  EXPECT_EQ(run.out_lines, kLines);
  EXPECT_EQ(run.out_bytes, kLines * 6);
  EXPECT_EQ(run.last_line, "admin");
  EXPECT_GT(run.exit.peak_rss_kib, 0);
  EXPECT_LT(run.exit.peak_rss_kib, kMaxPeakKib) << "peak RSS in KiB";
  RecordProperty("peak_rss_kib", absl::StrCat(run.exit.peak_rss_kib));
}

// Before, one 1 GiB line took 2.1 GB (3.15 GB for acl lookup, which also
// wrote it back). 256 MiB, without a newline, is enough to tell.
TEST_F(CliStream, OneHugeLineInConstantMemory) {
  // Written 1 MiB at a time: wait4's peak RSS of a child also counts this
  // process's resident memory when the child was spawned, so this test
  // keeps its own small.
  const std::string chunk(size_t{1} << 20, 'a');
  struct Case {
    std::vector<std::string> args;
    std::string answer_start;
  };
  const std::vector<Case> cases = {
      {{"canon", "--profile=username-case-mapped"},
       CanonText(std::string(4097, 'a'))},
      {{"acl", "lookup", "--format=json", "--profile=username-case-mapped",
        "--acl=" + acl_},
       absl::StrCat("{\"id\": \"", std::string(kShownBytes, 'a'),
                    "\", \"id_truncated\": true, \"id_bytes\": ",
                    uint64_t{256} << 20, ", ")},
      {{"path", "sanitize"}, "rejected: path: rejected at byte 16448"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0]);
    StreamRun run;
    {
      CoProcess p(WithCli(c.args), "/dev/null");
      ASSERT_TRUE(p.started());
      std::thread feeder([&] {
        for (int i = 0; i < 256; ++i) {
          if (!p.Write(chunk)) break;
        }
        p.CloseInput();
      });
      std::string out;
      p.Drain([&](std::string_view s) {
        if (out.size() < 4096) out.append(s);
        run.out_bytes += s.size();
      });
      feeder.join();
      run.exit = p.Wait();
      run.last_line = out;
    }
    EXPECT_EQ(run.exit.code, 1);
    EXPECT_TRUE(absl::StartsWith(run.last_line, c.answer_start))
        << run.last_line.substr(0, 600);
    EXPECT_LT(run.out_bytes, 2048u);
    EXPECT_GT(run.exit.peak_rss_kib, 0);
    EXPECT_LT(run.exit.peak_rss_kib, kMaxPeakKib) << "peak RSS in KiB";
  }
}

// Standard input that cannot be read is an I/O error, not the end of the
// input.
TEST_F(CliStream, UnreadableStandardInputExitsTwo) {
  const std::string err = dir_.File("stderr");
  for (const std::string& redirect :
       {std::string("< ") + ShellQuote(dir_.path()), std::string("<&-")}) {
    SCOPED_TRACE(redirect);
    const auto r =
        RunCommand(ShellQuote(CliPath()) + " canon --profile=nickname " +
                   redirect + " 2>" + ShellQuote(err));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(absl::StrContains(ReadFileOrDie(err),
                                  "u8guard key: cannot read standard input"))
        << ReadFileOrDie(err);
  }
}

}  // namespace
}  // namespace u8guard
