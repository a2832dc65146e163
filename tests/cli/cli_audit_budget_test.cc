// SPDX-License-Identifier: Apache-2.0
// u8guard acl audit --memory-budget=BYTES --temp-dir=DIR: the audit in
// bounded memory (AuditAclFile) prints what the audit in memory prints,
// line for line, in text and JSON, with the same exit status; --max-acl-
// bytes does not apply to it; a size it refuses, a temporary directory
// that does not exist.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard {
namespace {

using testing::CliPath;
using ::testing::HasSubstr;
using testing::ReadFileOrDie;
using testing::RunCommand;
using testing::ScopedTempDir;
using testing::ShellQuote;
using testing::WriteFileOrDie;

class CliAuditBudget : public ::testing::Test {
 protected:
  void SetUp() override {
    // Collisions, look-alikes, invalid entries, a BOM, mixed scripts and
    // numbers, comments, a file signature.
    std::string text = "\xEF\xBB\xBF# users\n";
    for (int i = 0; i < 300; ++i) {
      absl::StrAppend(&text, "paypal", i % 7, "\nPayPal", i % 7,
                      "\np\xD0\xB0ypal", i % 5, "\nuser", i, "\nuse", i % 3,
                      "rn\nuser", i % 11, " x\n\xEF\xBB\xBFuser", i % 13,
                      "\nra\xE0\xA4\xAE", i % 4, "\xE0\xA5\xA7\n\n");
    }
    acl_ = dir_.File("users.acl");
    WriteFileOrDie(acl_, text);
  }

  testing::CommandResult Audit(const std::string& flags) {
    return RunCommand(absl::StrCat(
        ShellQuote(CliPath()), " acl audit -p username-case-mapped ", flags,
        " -- ", ShellQuote(acl_), " 2>", ShellQuote(err_)));
  }

  ScopedTempDir dir_;
  std::string acl_;
  const std::string err_ = dir_.File("stderr");
};

TEST_F(CliAuditBudget, SameOutputInMemoryAndInBoundedMemory) {
  for (const std::string format : {"text", "json"}) {
    SCOPED_TRACE(format);
    const auto memory = Audit("--memory-budget=0 -f " + format);
    EXPECT_EQ(memory.exit_code, 1);
    EXPECT_THAT(memory.out, HasSubstr("ollision"));
    EXPECT_THAT(memory.out, HasSubstr("ook"));
    // Without the flag: in 64M, bounded.
    for (const std::string budget : {"--memory-budget=4K", "--memory-budget=1m",
                                     "--memory_budget=2GiB", ""}) {
      SCOPED_TRACE(budget);
      const auto bounded = Audit(absl::StrCat(
          budget, " --temp-dir=", ShellQuote(dir_.path()), " -f ", format));
      EXPECT_EQ(bounded.exit_code, memory.exit_code);
      EXPECT_EQ(bounded.out, memory.out);
      EXPECT_EQ(ReadFileOrDie(err_), "");
    }
  }
  // The file limit is the in-memory audit's, which reads the file whole.
  EXPECT_EQ(Audit("--max-acl-bytes=100 --memory-budget=0").exit_code, 2);
  EXPECT_EQ(Audit("--max-acl-bytes=100").out, Audit("--memory-budget=0").out);
  EXPECT_EQ(Audit("--max-acl-bytes=100 --memory-budget=64K").out,
            Audit("--memory-budget=0").out);
}

TEST_F(CliAuditBudget, RefusesWhatIsNotASizeAndAMissingTempDir) {
  auto r = Audit("--memory-budget=12X");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(ReadFileOrDie(err_), HasSubstr("--memory-budget=12X"));
  r = Audit("--memory-budget=4K --temp-dir=" +
            ShellQuote(dir_.File("no-such-dir")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(ReadFileOrDie(err_), HasSubstr("no-such-dir"));
}

}  // namespace
}  // namespace u8guard
