// SPDX-License-Identifier: Apache-2.0
// The `u8guard check` contract (docs/cli.md, "check"): text output
// `FILE:OFFSET: KIND` / `FILE: ok`; `--format=json`, one object per file per
// line; exit status 0 all valid, 1 any invalid, 2 usage or I/O error (a
// missing file is reported on stderr and the other files are still checked);
// standard input with no file or "-"; a 200 MiB file in constant memory.

#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::WriteFileOrDie;

std::string Cli() { return ShellQuote(CliPath()); }

class CliCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    valid_ = dir_.File("valid.txt");
    WriteFileOrDie(valid_, "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\n");
    overlong_ = dir_.File("overlong.txt");
    WriteFileOrDie(overlong_, "/\xC0\xAE./");  // RFC 3629 §10
    truncated_ = dir_.File("truncated.txt");
    WriteFileOrDie(truncated_, "abc\xE2\x82");
    empty_ = dir_.File("empty.txt");
    WriteFileOrDie(empty_, "");
  }

  // Runs `args` and returns what it wrote to stderr (stdout discarded).
  std::string Stderr(const std::string& args) {
    return RunCommand(Cli() + " " + args + " 2>&1 >/dev/null").out;
  }

  ScopedTempDir dir_;
  std::string valid_, overlong_, truncated_, empty_;
};

TEST_F(CliCheck, TextOutput) {
  const auto ok = RunCommand(Cli() + " check " + ShellQuote(valid_) + " " +
                             ShellQuote(empty_));
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(ok.out, absl::StrCat(valid_, ": ok\n", empty_, ": ok\n"));

  const auto bad =
      RunCommand(Cli() + " check " + ShellQuote(valid_) + " " +
                 ShellQuote(overlong_) + " " + ShellQuote(truncated_));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out, absl::StrCat(valid_, ": ok\n", overlong_,
                                  ":1: overlong encoding\n", truncated_,
                                  ":3: truncated sequence at end of input\n"));
}

TEST_F(CliCheck, JsonOutput) {
  const auto r =
      RunCommand(Cli() + " check --format=json " + ShellQuote(valid_) + " " +
                 ShellQuote(overlong_) + " " + ShellQuote(truncated_));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            absl::StrCat("{\"file\": \"", valid_,
                         "\", \"valid\": true, \"valid_up_to\": 15}\n",
                         "{\"file\": \"", overlong_,
                         "\", \"valid\": false, \"valid_up_to\": 1, \"error\": "
                         "\"overlong\", \"rule\": \"utf8/overlong\", "
                         "\"error_len\": 1}\n",
                         "{\"file\": \"", truncated_,
                         "\", \"valid\": false, \"valid_up_to\": 3, \"error\": "
                         "\"truncated\", \"rule\": \"utf8/truncated\", "
                         "\"error_len\": 0}\n"));
}

TEST_F(CliCheck, JsonEscapesFileNames) {
  const std::string odd = dir_.File("we\"ird\\name");
  WriteFileOrDie(odd, "ok");
  const auto r = RunCommand(Cli() + " check --format=json " + ShellQuote(odd));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, absl::StrCat("{\"file\": \"", dir_.path(),
                                "/we\\\"ird\\\\name\", \"valid\": true, "
                                "\"valid_up_to\": 2}\n"));
}

TEST_F(CliCheck, StandardInput) {
  // No file: standard input, named "-".
  auto r = RunCommand(Cli() + " check < " + ShellQuote(overlong_));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "-:1: overlong encoding\n");
  r = RunCommand(Cli() + " check - < " + ShellQuote(valid_));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "-: ok\n");
  r = RunCommand("printf 'ab\\355\\240\\200' | " + Cli() +
                 " check --format=json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "{\"file\": \"-\", \"valid\": false, \"valid_up_to\": 2, "
            "\"error\": \"surrogate\", \"rule\": \"utf8/surrogate\", "
            "\"error_len\": 1}\n");
  // A regular file on standard input is checked from its offset, mapped
  // or read, and a valid one is left at its end (the last dd reads nothing;
  // where an invalid one is left is not said).
  for (const std::string map : {"", " --map", " --map=false"}) {
    const std::string then_check = " count=1 status=none of=/dev/null; " +
                                   Cli() + " check" + map +
                                   " -; dd status=none | wc -c; } < ";
    r = RunCommand("{ dd bs=3" + then_check + ShellQuote(valid_));
    EXPECT_EQ(r.exit_code, 0) << map;
    EXPECT_EQ(r.out, "-: ok\n0\n") << map;
    r = RunCommand("{ dd bs=2" + then_check + ShellQuote(truncated_));
    EXPECT_TRUE(r.out.starts_with("-:1: truncated sequence at end of input\n"))
        << map << ": " << r.out;
    r = RunCommand("{ dd bs=4" + then_check + ShellQuote(valid_));
    EXPECT_TRUE(r.out.starts_with("-:0: unexpected continuation byte\n"))
        << map << ": " << r.out;
  }
  // "-" among files.
  r = RunCommand(Cli() + " check " + ShellQuote(valid_) + " - < " +
                 ShellQuote(truncated_));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, absl::StrCat(valid_,
                                ": ok\n-:3: truncated sequence at end of "
                                "input\n"));
}

TEST_F(CliCheck, MissingFileIsAnIoErrorAndOthersAreStillChecked) {
  const std::string missing = dir_.File("no-such-file");
  const std::string args = "check " + ShellQuote(missing) + " " +
                           ShellQuote(valid_) + " " + ShellQuote(overlong_);
  const auto r = RunCommand(Cli() + " " + args + " 2>/dev/null");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, absl::StrCat(valid_, ": ok\n", overlong_,
                                ":1: overlong encoding\n"));
  const std::string err = Stderr(args);
  EXPECT_NE(err.find(missing), std::string::npos) << err;

  // With only valid files besides the missing one: still 2.
  EXPECT_EQ(RunCommand(Cli() + " check " + ShellQuote(valid_) + " " +
                       ShellQuote(missing) + " 2>/dev/null")
                .exit_code,
            2);
  // A directory cannot be read as a file.
  EXPECT_EQ(
      RunCommand(Cli() + " check " + ShellQuote(dir_.path()) + " 2>/dev/null")
          .exit_code,
      2);
}

TEST_F(CliCheck, UsageErrorsExitTwo) {
  EXPECT_EQ(RunCommand(Cli() + " check --no-such-flag " + ShellQuote(valid_) +
                       " 2>/dev/null")
                .exit_code,
            2);
  EXPECT_FALSE(Stderr("check --no-such-flag").empty());
  EXPECT_EQ(RunCommand(Cli() + " check --format=xml " + ShellQuote(valid_) +
                       " 2>/dev/null")
                .exit_code,
            2);
  EXPECT_EQ(RunCommand(Cli() + " check --threads=-1 " + ShellQuote(valid_) +
                       " 2>/dev/null")
                .exit_code,
            2);
  EXPECT_NE(Stderr("check --threads=-1").find("--threads"), std::string::npos);
  EXPECT_EQ(RunCommand(Cli() + " 2>/dev/null").exit_code, 2);
  EXPECT_EQ(RunCommand(Cli() + " no-such-command 2>/dev/null").exit_code, 2);
}

// A sequence straddling the CLI's read chunks (the stream validator must
// carry it over) and one cut off at the end of the file, at 256 KiB and
// 1 MiB boundaries.
TEST_F(CliCheck, SequencesAcrossReadBoundaries) {
  for (size_t boundary : {size_t{1} << 18, size_t{1} << 20}) {
    for (size_t before = 1; before <= 3; ++before) {
      const std::string head(boundary - before, 'a');
      const std::string straddle = dir_.File("straddle");
      WriteFileOrDie(straddle, head + "\xF0\x9F\x98\x80" + "tail");
      auto r = RunCommand(Cli() + " check " + ShellQuote(straddle));
      EXPECT_EQ(r.exit_code, 0) << boundary << " " << before;
      WriteFileOrDie(straddle, head + "\xF0\x9F\x98" + "X");
      r = RunCommand(Cli() + " check " + ShellQuote(straddle));
      EXPECT_EQ(r.exit_code, 1);
      EXPECT_EQ(r.out, absl::StrCat(straddle, ":", head.size(),
                                    ": missing continuation byte\n"));
      const std::string cut = dir_.File("cut");
      WriteFileOrDie(cut, std::string(boundary, 'b') +
                              std::string("\xF0\x9F\x98").substr(0, before));
      r = RunCommand(Cli() + " check " + ShellQuote(cut));
      EXPECT_EQ(r.exit_code, 1);
      EXPECT_EQ(r.out, absl::StrCat(cut, ":", boundary,
                                    ": truncated sequence at end of input\n"));
    }
  }
}

// Runs `u8guard check THREADS PATH` on the large file of the test below:
// the error at `error_at` is found and peak RSS stays under 64 MiB.
void CheckLargeFile(const std::string& path, const std::string& threads,
                    uint64_t error_at) {
  ScopedTempDir dir;
  const std::string rss_file = dir.File("rss");
  const bool have_time = RunCommand("test -x /usr/bin/time").exit_code == 0;
  const std::string check =
      Cli() + " check " + threads + " " + ShellQuote(path);
  const std::string command =
      have_time ? "/usr/bin/time -f %M -o " + ShellQuote(rss_file) + " " + check
                : check;
  const auto start = std::chrono::steady_clock::now();
  const auto r = RunCommand(command);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_EQ(r.exit_code, 1) << threads;
  EXPECT_EQ(r.out, absl::StrCat(path, ":", error_at, ": encoded surrogate\n"))
      << threads;

  int64_t peak_kib = -1;
  if (have_time) {
    // GNU time writes "Command exited with non-zero status 1" first.
    const std::vector<std::string> lines =
        testing::SplitLines(ReadFileOrDie(rss_file));
    ASSERT_FALSE(lines.empty());
    ASSERT_TRUE(
        absl::SimpleAtoi(absl::StripAsciiWhitespace(lines.back()), &peak_kib))
        << lines.back();
  } else {
    // popen's children are reaped by pclose, so RUSAGE_CHILDREN holds the
    // largest of them, including this one.
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    peak_kib = usage.ru_maxrss;
  }
  EXPECT_GT(peak_kib, 0);
  EXPECT_LT(peak_kib, 64 * 1024) << "peak RSS in KiB, " << threads;
  std::printf("200 MiB check %s: %.2f s, peak RSS %lld KiB\n", threads.c_str(),
              seconds, static_cast<long long>(peak_kib));
}

// 200 MiB of mixed valid text with one surrogate near the end: the offset is
// right and the process stays under 64 MiB of peak RSS.
TEST_F(CliCheck, LargeFileInConstantMemory) {
  std::mt19937_64 rng(5);
  const std::string block = RandomValidUtf8(rng, 1 << 20);
  constexpr uint64_t kSize = uint64_t{200} << 20;
  const std::string path = dir_.File("large.txt");
  uint64_t error_at = 0;
  {
    std::ofstream out(path, std::ios::binary);
    uint64_t written = 0;
    while (written + block.size() < kSize - 4096) {
      out.write(block.data(), static_cast<std::streamsize>(block.size()));
      written += block.size();
    }
    error_at = written + 1000;
    const std::string tail = std::string(1000, 'x') + "\xED\xA0\x80" +
                             std::string(kSize - error_at - 3, 'y');
    out.write(tail.data(), static_cast<std::streamsize>(tail.size()));
    out.close();
    ASSERT_TRUE(out.good());
  }
  // In order, in the most ranges the library allows, and one per CPU (the
  // default); read unless mapping measures faster (the default), mapped and
  // read.
  for (const std::string threads :
       {"--threads=1", "--threads=16", "", "--threads=1 --map",
        "--threads=16 --map", "--map", "--threads=1 --map=false",
        "--map=false"}) {
    CheckLargeFile(path, threads, error_at);
  }
}

}  // namespace
}  // namespace u8guard
