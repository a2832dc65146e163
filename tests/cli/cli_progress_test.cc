// SPDX-License-Identifier: Apache-2.0
// Progress on standard error (src/cli/progress.h): the reporter with a fake
// clock and a string sink (throttling, rate, time left, the final line, a
// terminal's redrawn line against plain lines), and the tool: --progress
// writes progress lines to standard error and leaves standard output as it
// is; without a terminal and without --progress, standard error has none.
// Nothing here depends on how fast anything runs.

#include <chrono>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "src/cli/progress.h"
#include "tests/test_support.h"

namespace u8guard::cli {
namespace {

using std::chrono::milliseconds;
using std::chrono::nanoseconds;
using std::chrono::seconds;
using ::testing::ContainsRegex;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::u8guard::testing::CliPath;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::WriteFileOrDie;

Progress Bytes(size_t records, size_t bytes, size_t total_bytes) {
  Progress p;
  p.records = records;
  p.bytes = bytes;
  p.total_bytes = total_bytes;
  return p;
}

TEST(ProgressLine, SharesRateAndTimeLeft) {
  // A quarter of the bytes in 10 s: 30 s left.
  EXPECT_EQ(ProgressLine("u8guard acl export", "names",
                         Bytes(250000, 1 << 20, 4 << 20), seconds(10)),
            "u8guard acl export: 250,000 names, 25% of 4.0 MiB, 25,000/s, "
            "0:30 left");
  // The share of the records where no bytes are counted.
  Progress audit;
  audit.records = 1024;
  audit.total_records = 8192;
  EXPECT_EQ(
      ProgressLine("u8guard acl audit: auditing", "entries", audit, seconds(2)),
      "u8guard acl audit: auditing: 1,024 of 8,192 entries, 12%, "
      "512/s, 0:14 left");
  // Neither total known (standard input from a pipe): no share, no
  // estimate; no time passed: no rate either.
  Progress pipe;
  pipe.records = 1234567;
  EXPECT_EQ(ProgressLine("u8guard register", "names", pipe, seconds(1)),
            "u8guard register: 1,234,567 names, 1,234,567/s");
  EXPECT_EQ(ProgressLine("u8guard register", "names", pipe, nanoseconds(0)),
            "u8guard register: 1,234,567 names");
  // Nothing done yet: no estimate.
  EXPECT_EQ(ProgressLine("x", "names", Bytes(0, 0, 900), seconds(3)),
            "x: 0 names, 0% of 900 B, 0/s");
  // Hours.
  EXPECT_EQ(ProgressLine("x", "names", Bytes(1, 1, 1001), seconds(5)),
            "x: 1 names, 0% of 1001 B, 0/s, 1:23:20 left");
}

TEST(ProgressLine, Final) {
  EXPECT_EQ(FinalProgressLine("u8guard acl export", "names",
                              Bytes(300000, 3 << 20, 3 << 20), seconds(3)),
            "u8guard acl export: 300,000 names (3.0 MiB) in 0:03, 100,000/s");
  Progress none;
  EXPECT_EQ(FinalProgressLine("x", "entries", none, nanoseconds(0)),
            "x: 0 entries in 0:00");
}

// A reporter on a string, with a clock the test moves.
class Reporter : public ::testing::Test {
 protected:
  ProgressReporter::Options Options(ProgressReporter::Style style) {
    ProgressReporter::Options o;
    o.style = style;
    o.label = "u8guard acl export";
    o.unit = "names";
    o.interval = milliseconds(250);
    return o;
  }
  ProgressReporter::Clock Clock() {
    return [this] { return now_; };
  }

  std::ostringstream out_;
  nanoseconds now_ = seconds(100);
};

TEST_F(Reporter, LinesAreThrottledByTime) {
  ProgressReporter r(out_, Options(ProgressReporter::Style::kLines), Clock());
  // Before the interval has passed: nothing, however many updates.
  for (size_t i = 1; i <= 1000; ++i) r.Update(Bytes(i, i, 4000));
  now_ += milliseconds(249);
  r.Update(Bytes(1000, 1000, 4000));
  EXPECT_EQ(out_.str(), "");
  now_ += milliseconds(1);  // 250 ms from the start: 1000 names, 4,000/s
  r.Update(Bytes(1000, 1000, 4000));
  EXPECT_EQ(out_.str(),
            "u8guard acl export: 1,000 names, 25% of 3.9 KiB, 4,000/s, "
            "0:01 left\n");
  // The next one 250 ms after that one, not before.
  now_ += milliseconds(200);
  r.Update(Bytes(2000, 2000, 4000));
  now_ += milliseconds(50);
  r.Update(Bytes(2000, 2000, 4000));
  now_ += milliseconds(500);
  r.Finish();
  r.Finish();  // once
  EXPECT_THAT(absl::StrSplit(out_.str(), '\n'),
              ElementsAre(HasSubstr("1,000 names, 25%"),
                          "u8guard acl export: 2,000 names, 50% of 3.9 KiB, "
                          "4,000/s, 0:01 left",
                          "u8guard acl export: 2,000 names (3.9 KiB) in "
                          "0:01, 2,000/s",
                          ""));
}

TEST_F(Reporter, CountReadsTheClockEvery64Calls) {
  size_t readings = 0;
  ProgressReporter r(out_, Options(ProgressReporter::Style::kLines), [&] {
    ++readings;
    return now_;
  });
  EXPECT_EQ(readings, 1u);  // the start
  now_ += seconds(1);
  for (size_t i = 1; i < ProgressReporter::kCountsPerClockCheck; ++i) {
    r.Count(Bytes(i, i, 0));
  }
  EXPECT_EQ(readings, 1u);
  EXPECT_EQ(out_.str(), "");
  r.Count(Bytes(64, 64, 0));
  EXPECT_EQ(readings, 2u);
  EXPECT_EQ(out_.str(), "u8guard acl export: 64 names, 64/s\n");
  for (size_t i = 65; i <= 64 * 10; ++i) r.Count(Bytes(i, i, 0));
  EXPECT_EQ(readings, 11u);
}

TEST_F(Reporter, TerminalRedrawsOneLine) {
  ProgressReporter r(out_, Options(ProgressReporter::Style::kRedraw), Clock());
  now_ += seconds(1);
  r.Update(Bytes(10000, 10000, 40000));
  now_ += seconds(1);
  r.Update(Bytes(20000, 20000, 40000));
  now_ += seconds(2);
  r.Update(Bytes(40000, 40000, 40000));
  r.Finish();
  const std::string a =
      "u8guard acl export: 10,000 names, 25% of 39.1 KiB, 10,000/s, 0:03 left";
  const std::string b =
      "u8guard acl export: 20,000 names, 50% of 39.1 KiB, 10,000/s, 0:02 left";
  const std::string c =
      "u8guard acl export: 40,000 names, 100% of 39.1 KiB, 10,000/s";
  const std::string last =
      "u8guard acl export: 40,000 names (39.1 KiB) in 0:04, 10,000/s";
  // Each line over the last, padded over a longer one; a newline at the
  // end only.
  EXPECT_EQ(out_.str(), absl::StrCat("\r", a, "\r", b, "\r", c,
                                     std::string(b.size() - c.size(), ' '),
                                     "\r", last, "\n"));
}

TEST_F(Reporter, TerminalFlushesTheOtherStreamOnALineOfItsOwn) {
  std::ostringstream output;  // standard output on the same terminal
  ProgressReporter::Options o = Options(ProgressReporter::Style::kRedraw);
  o.flush_first = &output;
  ProgressReporter r(out_, o, Clock());
  now_ += seconds(1);
  r.Update(Bytes(1, 1, 2));
  const std::string first = out_.str();
  now_ += seconds(1);
  r.Update(Bytes(2, 2, 2));
  // The shown line is erased before the other stream is flushed.
  EXPECT_EQ(out_.str().substr(first.size(), first.size() + 1),
            absl::StrCat("\r", std::string(first.size() - 1, ' '), "\r"));
}

TEST_F(Reporter, AShortRunOnATerminalShowsNothingUnlessAsked) {
  ProgressReporter::Options o = Options(ProgressReporter::Style::kRedraw);
  o.always_finish = false;
  {
    ProgressReporter r(out_, o, Clock());
    r.Update(Bytes(5, 5, 5));
    r.Finish();
  }
  EXPECT_EQ(out_.str(), "");
  // With --progress: the final line.
  o.always_finish = true;
  ProgressReporter r(out_, o, Clock());
  r.Update(Bytes(5, 5, 5));
  r.Finish();
  EXPECT_EQ(out_.str(), "\ru8guard acl export: 5 names (5 B) in 0:00\n");
}

TEST_F(Reporter, StopEndsAShownLine) {
  ProgressReporter r(out_, Options(ProgressReporter::Style::kRedraw), Clock());
  now_ += seconds(1);
  r.Update(Bytes(1, 1, 2));
  r.Stop();
  r.Finish();  // nothing after Stop
  EXPECT_EQ(out_.str(),
            "\ru8guard acl export: 1 names, 50% of 2 B, 1/s, 0:01 left\n");
}

TEST_F(Reporter, DestructorStops) {
  {
    ProgressReporter r(out_, Options(ProgressReporter::Style::kRedraw),
                       Clock());
    now_ += seconds(1);
    r.Update(Bytes(1, 1, 0));
  }
  EXPECT_EQ(out_.str(), "\ru8guard acl export: 1 names, 1/s\n");
}

// ---- the tool ---------------------------------------------------------------

// Standard output and standard error of one run.
struct ToolRun {
  int exit_code = 0;
  std::string out, err;
};

class CliProgress : public ::testing::Test {
 protected:
  void SetUp() override {
    names_ = dir_.File("names.acl");
    std::string text = "# users\nAdmin\nadmin\n";
    for (int i = 0; i < 3000; ++i) absl::StrAppend(&text, "user", i, "\n");
    WriteFileOrDie(names_, text);
    records_ = dir_.File("records.jsonl");
    const ::u8guard::testing::CommandResult r = RunCommand(
        ShellQuote(CliPath()) + " acl export -p username-case-mapped " +
        ShellQuote(names_) + " 2>/dev/null >" + ShellQuote(records_));
    ASSERT_EQ(r.exit_code, 0);
  }

  // Runs the tool with `args` (and standard input from `input`, else
  // /dev/null); standard error goes to a file, never a terminal.
  ToolRun Tool(const std::string& args,
               const std::string& input = "/dev/null") {
    const std::string err = dir_.File("stderr");
    const ::u8guard::testing::CommandResult r =
        RunCommand(ShellQuote(CliPath()) + " " + args + " <" +
                   ShellQuote(input) + " 2>" + ShellQuote(err));
    return ToolRun{r.exit_code, r.out, ReadFileOrDie(err)};
  }

  // The commands that show progress, each with its flags and arguments.
  std::vector<std::string> Commands() {
    return {
        "acl audit -p username-case-mapped -- " + ShellQuote(names_),
        "acl audit -f json -p username-case-mapped -- " + ShellQuote(names_),
        "acl export -p username-case-mapped -- " + ShellQuote(names_),
        "acl verify -p username-case-mapped -- " + ShellQuote(records_),
        "acl verify -f json -p username-case-mapped -- " + ShellQuote(records_),
        "register -p username-case-mapped --add -- alice Alice bob",
        "register -p username-case-mapped --acl=" + ShellQuote(names_) +
            " -- alice ADMIN",
    };
  }

  ScopedTempDir dir_;
  std::string names_, records_;
};

TEST_F(CliProgress, ProgressGoesToStandardErrorOnly) {
  for (const std::string& command : Commands()) {
    SCOPED_TRACE(command);
    const ToolRun plain = Tool(command);
    const ToolRun progress =
        Tool(absl::StrReplaceAll(command, {{" -- ", " --progress -- "}}));
    EXPECT_EQ(progress.exit_code, plain.exit_code);
    EXPECT_EQ(progress.out, plain.out);  // byte for byte
    EXPECT_THAT(progress.out, Not(ContainsRegex("[0-9]/s")));
    // Without a terminal: plain lines, no "\r", and a final line.
    EXPECT_THAT(progress.err, Not(HasSubstr("\r")));
    EXPECT_NE(progress.err, plain.err);
    EXPECT_TRUE(absl::StrContains(progress.err, " in 0:") ||
                absl::StrContains(progress.err, " in 1:"))
        << progress.err;
  }
}

TEST_F(CliProgress, NoneWithoutATerminalOrTheFlag) {
  for (const std::string& command : Commands()) {
    SCOPED_TRACE(command);
    const ToolRun plain = Tool(command);
    // Standard error holds the command's own messages only.
    EXPECT_THAT(plain.err, Not(ContainsRegex("[0-9]/s")));
    EXPECT_THAT(plain.err, Not(HasSubstr(" in 0:")));
    const ToolRun off =
        Tool(absl::StrReplaceAll(command, {{" -- ", " --no-progress -- "}}));
    EXPECT_EQ(off.out, plain.out);
    EXPECT_EQ(off.err, plain.err);
  }
  // acl export's standard error: its summary alone.
  const ToolRun e = Tool(Commands()[2]);
  EXPECT_THAT(absl::StrSplit(e.err, '\n'),
              ElementsAre(HasSubstr(": 3002 names, 3002 valid"), ""));
}

TEST_F(CliProgress, TheFinalLinesCountEverything) {
  ToolRun r = Tool("acl export --progress -p username-case-mapped -- " +
                   ShellQuote(names_));
  EXPECT_THAT(r.err, HasSubstr("u8guard records export: 3,002 names ("));
  r = Tool("acl verify --progress -p username-case-mapped -- " +
           ShellQuote(records_));
  EXPECT_THAT(r.err, HasSubstr("u8guard records verify: 3,002 records ("));
  // Then the grouping, its own line, in memory and in bounded memory.
  EXPECT_THAT(r.err, ContainsRegex("records \\([^\n]*\n"
                                   "u8guard records verify: grouping: "
                                   "[0-9,]+ steps in "));
  r = Tool(
      "acl verify --progress --memory-budget=0 "
      "-p username-case-mapped -- " +
      ShellQuote(records_));
  EXPECT_THAT(r.err, HasSubstr("u8guard records verify: 3,002 records ("));
  EXPECT_THAT(r.err, ContainsRegex("records \\([^\n]*\n"
                                   "u8guard records verify: grouping: "
                                   "[0-9,]+ steps in "));
  r = Tool(
      "acl audit --progress --memory-budget=0 -p username-case-mapped -- " +
      ShellQuote(names_));
  EXPECT_THAT(r.err, HasSubstr("u8guard acl audit: loading: 3,002 entries ("));
  EXPECT_THAT(r.err,
              HasSubstr("u8guard acl audit: auditing: 3,002 entries in"));
  // In bounded memory: the entries read, then the sorts read back.
  r = Tool(
      "acl audit --progress --memory-budget=64K -p username-case-mapped "
      "-- " +
      ShellQuote(names_));
  EXPECT_THAT(r.err, HasSubstr("u8guard acl audit: loading: 3,002 entries ("));
  EXPECT_THAT(r.err, ContainsRegex("entries \\([^\n]*\n"
                                   "u8guard acl audit: grouping: "
                                   "[0-9,]+ steps in "));
  // register: standard input from a file, its size known.
  const std::string input = dir_.File("new.txt");
  WriteFileOrDie(input, "carol\nCarol\ndave\n");
  r = Tool("register --progress --add -p username-case-mapped", input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("u8guard register: 3 names (17 B) in "));
  // register --acl: the accounts' file is loaded first, then the answers.
  r = Tool("register --progress -p username-case-mapped --acl=" +
           ShellQuote(names_) + " -- USER7 user2999 newcomer");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("u8guard register: loading: 3,002 names ("));
  EXPECT_THAT(r.out, HasSubstr("\"USER7\": refused: collision"));
  EXPECT_THAT(r.out, HasSubstr("\"user2999\": refused: collision"));
  EXPECT_THAT(r.out, HasSubstr("\"newcomer\": accepted"));
}

TEST_F(CliProgress, LinesHoldNoInput) {
  // A name that would show: progress lines never quote the input.
  const std::string input = dir_.File("evil.txt");
  WriteFileOrDie(input, "evil\x1b[2Jname\nother\n");
  const ToolRun r = Tool("register --progress -p username-case-mapped", input);
  EXPECT_THAT(r.err, Not(HasSubstr("evil")));
  EXPECT_THAT(r.err, Not(HasSubstr("\x1b")));
}

}  // namespace
}  // namespace u8guard::cli
