// SPDX-License-Identifier: Apache-2.0
// u8guard records verify --memory-budget=BYTES --temp-dir=DIR: the output
// in bounded memory (an external sort, the default) is the output in memory
// (--memory-budget=0), line for line, in text and JSON; the sizes the flag
// takes and refuses; a temporary directory that does not exist.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard {
namespace {

using testing::CliPath;
using ::testing::HasSubstr;
using testing::ReadFileOrDie;
using testing::RunCommand;
using testing::ScopedTempDir;
using testing::ShellQuote;
using testing::WriteFileOrDie;

class CliVerifyBudget : public ::testing::Test {
 protected:
  void SetUp() override {
    // Names that collide and look alike, with records edited as an older
    // ICU could have written them: changes and groups.
    const Profile& profile = **FindBuiltinProfile("username-case-mapped");
    std::string text;
    for (int i = 0; i < 400; ++i) {
      for (const std::string& name :
           {absl::StrCat("paypal", i % 7), absl::StrCat("PayPal", i % 7),
            absl::StrCat("p\xD0\xB0ypal", i % 5), absl::StrCat("user", i),
            absl::StrCat("user", i % 3, "l")}) {
        absl::StatusOr<NameRecord> r =
            MakeNameRecord(profile, DefaultRegistrationPolicy(), name);
        ASSERT_TRUE(r.ok()) << r.status();
        if (i % 4 == 1) r->lookalike_keys = {absl::StrCat("old", i % 3)};
        if (i % 9 == 2) r->key = "old-key";
        text += FormatNameRecord(*r) + "\n";
      }
    }
    records_ = dir_.File("records.jsonl");
    WriteFileOrDie(records_, text);
  }

  testing::CommandResult Verify(const std::string& flags) {
    return RunCommand(absl::StrCat(
        ShellQuote(CliPath()), " records verify -p username-case-mapped ",
        flags, " -- ", ShellQuote(records_), " 2>", ShellQuote(err_)));
  }

  ScopedTempDir dir_;
  std::string records_;
  const std::string err_ = dir_.File("stderr");
};

TEST_F(CliVerifyBudget, SameOutputInMemoryAndInBoundedMemory) {
  for (const std::string format : {"text", "json"}) {
    SCOPED_TRACE(format);
    const auto memory = Verify("--memory-budget=0 -f " + format);
    EXPECT_EQ(memory.exit_code, 1);
    EXPECT_THAT(memory.out, HasSubstr("lookalike_group"));
    EXPECT_THAT(memory.out, HasSubstr("collision_group"));
    for (const std::string budget :
         {"", "--memory-budget=4K", "--memory-budget=1m",
          "--memory_budget=2GiB"}) {
      SCOPED_TRACE(budget);
      const auto external = Verify(absl::StrCat(
          budget, " --temp-dir=", ShellQuote(dir_.path()), " -f ", format));
      EXPECT_EQ(external.exit_code, memory.exit_code);
      EXPECT_EQ(external.out, memory.out);
      EXPECT_EQ(ReadFileOrDie(err_), "");
    }
  }
  // --progress adds the temporary files' line (on standard error only).
  const auto progress = Verify("--memory-budget=4K --progress --temp-dir=" +
                               ShellQuote(dir_.path()));
  EXPECT_THAT(ReadFileOrDie(err_), HasSubstr(" sorted runs, at most "));
  EXPECT_EQ(progress.out, Verify("--memory-budget=0").out);
}

TEST_F(CliVerifyBudget, RefusesWhatIsNotASize) {
  for (const std::string bad : {"", "x", "12X", "1.5G", "-1", "1KK", "5iB",
                                "99999999999999999999", "17179869184G"}) {
    SCOPED_TRACE(bad);
    const auto r = Verify("--memory-budget=" + ShellQuote(bad));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_THAT(ReadFileOrDie(err_),
                HasSubstr("--memory-budget=" + bad +
                          ": not a size in bytes (such as 512M, 2G, or 0)"));
  }
}

TEST_F(CliVerifyBudget, AMissingTempDirIsAnError) {
  const auto r = Verify("--memory-budget=4K --temp-dir=" +
                        ShellQuote(dir_.File("missing")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(ReadFileOrDie(err_), HasSubstr("missing: cannot create"));
}

}  // namespace
}  // namespace u8guard
