// SPDX-License-Identifier: Apache-2.0
// The CLI's output, byte for byte: every case of tests/data/cli_golden/
// cases.txt (text and JSON output of every command over the bundled examples
// and two input files, plus usage errors) runs the built `u8guard` and
// compares its exit status, standard output and standard error with
// NAME.golden. The golden files were written by the CLI before the error
// model was refactored, so that refactors which must not change behaviour
// are checked, not hoped. Set U8GUARD_UPDATE_GOLDEN=1 to rewrite them after
// an intended change of output (and say why in the commit).
//
// The ICU and Unicode versions the tool reports (the audit's summary, the
// version tags of registration records) are those of the ICU the build
// uses: the golden files say <icu> and <unicode> in their place, so that
// the same files hold under any ICU. Where the output itself depends on the
// Unicode version (UTS #39's skeletons), NAME.unicode-X.Y.golden holds it
// from Unicode X.Y on: the test reads the one of the newest version not
// newer than ICU's, else NAME.golden (written under ICU 72, Unicode 15.0).
// U8GUARD_UPDATE_GOLDEN rewrites the file the test reads.

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "tests/unicode_versions.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::TestDataPath;
using ::u8guard::testing::WriteFileOrDie;

struct GoldenCase {
  std::string name;
  std::string arguments;  // shell syntax
};

// How GoogleTest shows a case, in the names ctest registers ("...  #
// GetParam() = NAME: ARGUMENTS"): without it, the bytes of the strings'
// objects, heap addresses included, which change from build to build and
// run to run, so that ctest's names (and its timings, kept by name) did
// not carry over.
void PrintTo(const GoldenCase& c, std::ostream* os) {
  *os << c.name << ": " << c.arguments;
}

std::vector<GoldenCase> LoadCases() {
  std::vector<GoldenCase> cases;
  for (const std::string& line :
       SplitLines(ReadFileOrDie(TestDataPath("cli_golden/cases.txt")))) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> parts =
        absl::StrSplit(line, absl::MaxSplits(": ", 1));
    cases.push_back({parts[0], parts.size() > 1 ? parts[1] : ""});
  }
  return cases;
}

// `output` with the running ICU and Unicode versions, where the tool reports
// them, replaced by <icu> and <unicode>.
std::string WithoutVersions(const std::string& output) {
  const std::string icu = IcuVersion(), unicode = UnicodeVersion();
  return absl::StrReplaceAll(
      output,
      {{absl::StrCat("ICU ", icu, ", Unicode ", unicode, ")"),
        "ICU <icu>, Unicode <unicode>)"},
       {absl::StrCat("\"icu\": \"", icu, "\", \"unicode\": \"", unicode, "\""),
        "\"icu\": \"<icu>\", \"unicode\": \"<unicode>\""},
       {absl::StrCat("+icu-", icu, "+unicode-", unicode, "\""),
        "+icu-<icu>+unicode-<unicode>\""}});
}

// Exit status, stdout and stderr of one case, in the golden file's format.
std::string RunCase(const GoldenCase& c) {
  ScopedTempDir tmp;
  const std::string err = tmp.File("stderr");
  // The repository root: tests/data/.. /..; the environment must not pick
  // a kernel or locale that changes output.
  const std::string root = TestDataPath("../..");
  const testing::CommandResult r = RunCommand(absl::StrCat(
      "cd ", ShellQuote(root), " && env -u U8GUARD_KERNEL LC_ALL=C ",
      ShellQuote(CliPath()), " ", c.arguments, " 2>", ShellQuote(err)));
  return WithoutVersions(absl::StrCat("exit ", r.exit_code, "\n--- stdout\n",
                                      r.out, "--- stderr\n",
                                      ReadFileOrDie(err)));
}

// The golden file of case `name` for ICU's Unicode version.
std::string GoldenPath(const std::string& name) {
  const std::string dir = TestDataPath("cli_golden");
  const std::string prefix = name + ".unicode-";
  const testing::UnicodeVersionNumber icu = testing::IcuUnicodeVersion();
  std::optional<testing::UnicodeVersionNumber> best;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (!absl::StartsWith(file, prefix) || !absl::EndsWith(file, ".golden")) {
      continue;
    }
    const std::optional<testing::UnicodeVersionNumber> v =
        testing::ParseUnicodeVersion(file.substr(prefix.size()));
    if (v && *v <= icu && (!best || *v > *best)) best = v;
  }
  return best ? absl::StrCat(dir, "/", prefix, best->ToString(), ".golden")
              : absl::StrCat(dir, "/", name, ".golden");
}

class CliGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(CliGoldenTest, OutputIsUnchanged) {
  const GoldenCase& c = GetParam();
  const std::string path = GoldenPath(c.name);
  const std::string got = RunCase(c);
  const char* update = std::getenv("U8GUARD_UPDATE_GOLDEN");
  if (update != nullptr && std::string_view(update) == "1") {
    WriteFileOrDie(path, got);
    return;
  }
  EXPECT_EQ(got, ReadFileOrDie(path))
      << "u8guard " << c.arguments << "\n(golden file " << path << ")";
}

INSTANTIATE_TEST_SUITE_P(Cases, CliGoldenTest, ::testing::ValuesIn(LoadCases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) {
                           std::string name = info.param.name;
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

TEST(CliGoldenCases, CoverEveryCommand) {
  std::string all;
  for (const GoldenCase& c : LoadCases())
    absl::StrAppend(&all, c.arguments, "\n");
  for (const char* command :
       {"check ", "canon ", "enforce ", "compare ", "skeleton ", "profiles",
        "acl audit ", "acl lookup ", "path sanitize ", "path read ",
        "--format=json "}) {
    EXPECT_NE(all.find(command), std::string::npos) << command;
  }
}

}  // namespace
}  // namespace u8guard
