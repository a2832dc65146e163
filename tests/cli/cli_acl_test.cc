// SPDX-License-Identifier: Apache-2.0
// The `u8guard acl` contract: `acl audit --profile=NAME FILE` and `acl lookup
// --profile=NAME --acl=FILE [--mode=exact|skeleton] [ID]...` (IDs as
// arguments or standard-input lines), text and --format=json (one object per
// finding / per lookup, one per line); exit 1 when an audit finds anything
// or a lookup finds nothing for some ID, 0 otherwise, 2 usage or I/O error.

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::WriteFileOrDie;

class CliAcl : public ::testing::Test {
 protected:
  void SetUp() override {
    acl_ = dir_.File("users.acl");
    WriteFileOrDie(acl_,
                   "# staff\n"
                   "admin\n"   // 2
                   "paypal\n"  // 3
                   "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC"
                   "\xAE\n"                 // 4 fullwidth
                   "al\xE2\x80\x8Bice\n");  // 5 U+200B
    clean_ = dir_.File("clean.acl");
    WriteFileOrDie(clean_, "alice\nbob\n");
  }

  // Runs the CLI with `args`; stdout only.
  ::u8guard::testing::CommandResult Run(const std::string& args,
                                        const std::string& stdin_text = "") {
    std::string command = ShellQuote(CliPath()) + " " + args;
    if (!stdin_text.empty()) {
      command = "printf '%s' " + ShellQuote(stdin_text) + " | " + command;
    } else {
      command += " </dev/null";
    }
    return RunCommand(command + " 2>/dev/null");
  }

  std::string Lookup(const std::string& flags) {
    return "acl lookup --profile=username-case-mapped --acl=" +
           ShellQuote(acl_) + " " + flags;
  }

  ScopedTempDir dir_;
  std::string acl_, clean_;
};

TEST_F(CliAcl, AuditText) {
  const auto r =
      Run("acl audit --profile=username-case-mapped " + ShellQuote(acl_));
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind(acl_ + ":4: collision: ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("of line 2 \"admin\""), std::string::npos);
  EXPECT_EQ(lines[1].rfind(acl_ + ":5: invalid: \"al\\u{200B}ice\"", 0), 0u)
      << lines[1];
  EXPECT_EQ(lines[2].rfind(acl_ + ": 4 entries, 3 valid, 2 findings", 0), 0u)
      << lines[2];
}

TEST_F(CliAcl, AuditJson) {
  const auto r = Run("acl audit --format=json --profile=username-case-mapped " +
                     ShellQuote(acl_));
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  const std::string file = "{\"file\": \"" + acl_ + "\", ";
  EXPECT_EQ(lines[0],
            file +
                "\"kind\": \"collision\", \"line\": 4, \"index\": 2, "
                "\"entry\": \"\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC"
                "\xA9\xEF\xBC\xAE\", \"key\": \"admin\", \"other_line\": 2, "
                "\"other_index\": 0, \"other_entry\": \"admin\", "
                "\"other_key\": \"admin\"}");
  EXPECT_EQ(lines[1],
            file +
                "\"kind\": \"invalid\", \"line\": 5, \"index\": 3, "
                // U+200B, invisible, as a \u escape.
                "\"entry\": \"al\\u200bice\", \"error\": "
                "\"username-case-mapped: rejected at byte 2 (U+200B): "
                "DISALLOWED/precis_ignorable_properties\", \"rule\": "
                "\"DISALLOWED/precis_ignorable_properties\", \"offset\": 2, "
                "\"code_point\": \"U+200B\", \"code_point_value\": 8203}");
  EXPECT_EQ(lines[2].rfind(file + "\"kind\": \"summary\", \"profile\": "
                                  "\"username-case-mapped\", \"entries\": 4, "
                                  "\"valid_entries\": 3, \"findings\": 2, ",
                           0),
            0u)
      << lines[2];
}

TEST_F(CliAcl, AuditInvalidUtf8GetsHex) {
  const std::string bad = dir_.File("bad.acl");
  WriteFileOrDie(bad, "ok\nx\xC0\xAFy\n");
  const auto r = Run("acl audit --format=json --profile=username-case-mapped " +
                     ShellQuote(bad));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"entry_hex\": \"78C0AF79\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"rule\": \"utf8/overlong\""), std::string::npos);
}

TEST_F(CliAcl, AuditCleanFileExitsZero) {
  const auto r =
      Run("acl audit --profile=username-case-mapped " + ShellQuote(clean_));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind(clean_ + ": 2 entries, 2 valid, 0 findings", 0), 0u)
      << r.out;
}

TEST_F(CliAcl, LookupExactText) {
  auto r = Run(Lookup("ADMIN"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "\"ADMIN\": match: line 2 \"admin\" (key \"admin\")\n");
  r = Run(Lookup("admin p\xD0\xB0ypal 'a b'"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"admin\": match: line 2 \"admin\" (key \"admin\")\n"
            "\"p\xD0\xB0ypal\": no match\n"
            "\"a b\": rejected: username-case-mapped: rejected at byte 1 "
            "(U+0020): DISALLOWED/spaces\n");
}

TEST_F(CliAcl, LookupSkeletonNeverSaysMatch) {
  const auto r = Run(Lookup("--mode=skeleton p\xD0\xB0ypal nobody"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"p\xD0\xB0ypal\": resembles: line 3 \"paypal\" (key "
            "\"paypal\")\n"
            "\"nobody\": resembles nothing\n");
}

TEST_F(CliAcl, LookupJsonAndStdin) {
  const auto r = Run(Lookup("--format=json"), "Admin\nzed\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "{\"id\": \"Admin\", \"mode\": \"exact\", \"found\": true, "
            "\"line\": 2, \"index\": 0, \"original\": \"admin\", \"entry\": "
            "\"admin\", \"key\": "
            "\"admin\"}\n"
            "{\"id\": \"zed\", \"mode\": \"exact\", \"found\": false}\n");
  const auto rejected = Run(Lookup("--format=json --mode=skeleton 'a b'"));
  EXPECT_EQ(rejected.exit_code, 1);
  EXPECT_EQ(
      rejected.out,
      "{\"id\": \"a b\", \"mode\": \"skeleton\", \"found\": false, "
      "\"error\": \"username-case-mapped: rejected at byte 1 (U+0020): "
      "DISALLOWED/spaces\", \"rule\": \"DISALLOWED/spaces\", "
      "\"offset\": 1, \"code_point\": \"U+0020\", \"code_point_value\": 32}\n");
  const auto all_found = Run(Lookup(""), "admin\nPAYPAL\n");
  EXPECT_EQ(all_found.exit_code, 0);
}

TEST_F(CliAcl, UsageAndIoErrorsExitTwo) {
  const std::string p = "--profile=username-case-mapped ";
  for (const std::string& args : {
           std::string("acl"),
           std::string("acl frobnicate"),
           "acl audit " + p,  // no FILE
           "acl audit " + p + ShellQuote(acl_) + " " + ShellQuote(acl_),
           "acl audit " + ShellQuote(acl_),  // profile
           "acl audit --profile=no-such-profile " + ShellQuote(acl_),
           "acl audit " + p + ShellQuote(dir_.File("missing.acl")),
           "acl lookup " + p + "admin",  // no --acl
           "acl lookup " + p + "--acl=" + ShellQuote(dir_.File("missing")) +
               " admin",
           Lookup("--mode=fuzzy admin"),
           Lookup("--no-such-flag admin"),
       }) {
    const auto r = Run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
  }
}

// An ACL that is not a regular file (a device, a FIFO, a directory) is an
// I/O error at once: nothing is read, nothing waits for a writer.
TEST_F(CliAcl, AclThatIsNotARegularFileIsAnIoError) {
  const std::string fifo = dir_.File("fifo");
  ASSERT_EQ(RunCommand("mkfifo " + ShellQuote(fifo)).exit_code, 0);
  const std::string err = dir_.File("stderr");
  for (const std::string& path :
       {std::string("/dev/zero"), std::string("/dev/null"), fifo,
        dir_.path()}) {
    for (const std::string& args :
         {"acl lookup --profile=username-case-mapped --acl=" +
              ShellQuote(path) + " admin",
          "acl lookup --mode=skeleton --profile=username-case-mapped --acl=" +
              ShellQuote(path) + " admin",
          "acl audit --profile=username-case-mapped " + ShellQuote(path)}) {
      SCOPED_TRACE(args);
      const auto r = RunCommand("timeout 60 " + ShellQuote(CliPath()) + " " +
                                args + " </dev/null 2>" + ShellQuote(err));
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(ReadFileOrDie(err),
                "u8guard acl: " + path + ": not a regular file\n");
    }
  }
}

// --max-acl-bytes=N refuses larger files, for the audit in memory and
// lookup; the default is the library's (1 GiB).
TEST_F(CliAcl, MaxAclBytes) {
  const size_t size = ReadFileOrDie(acl_).size();
  const std::string err = dir_.File("stderr");
  for (const std::string& command :
       {"acl audit --memory-budget=0 --profile=username-case-mapped " +
            ShellQuote(acl_),
        "acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl_) +
            " admin"}) {
    SCOPED_TRACE(command);
    auto r = RunCommand(ShellQuote(CliPath()) + " " + command +
                        " --max-acl-bytes=" + std::to_string(size - 1) + " 2>" +
                        ShellQuote(err));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(ReadFileOrDie(err), "u8guard acl: " + acl_ +
                                      ": larger than the limit of " +
                                      std::to_string(size - 1) + " bytes\n");
    r = Run(command + " --max-acl-bytes=" + std::to_string(size));
    EXPECT_LE(r.exit_code, 1);
    EXPECT_FALSE(r.out.empty());
    r = Run("--max_acl_bytes=" + std::to_string(size) + " " + command);
    EXPECT_LE(r.exit_code, 1);
    EXPECT_FALSE(r.out.empty());
  }
}

// One finding never prints an entry, key or original whole: each is cut at
// 256 bytes (at a character boundary), followed by "... (N bytes)" in text
// and with "_truncated" and "_bytes" in JSON, N the whole length (for an
// invalid entry, of which the index keeps only the start, too).
TEST_F(CliAcl, LongEntriesAreShownCut) {
  constexpr size_t kMiB = size_t{1} << 20;
  const std::string big(kMiB, 'a');
  const std::string euros = [] {
    std::string s;
    for (int i = 0; i < 1000; ++i) s += "\u20AC";
    return s;
  }();
  const std::string file = dir_.File("long.acl");
  // text-document accepts 1 MiB entries; username-case-mapped rejects them.
  WriteFileOrDie(file, big + "\n" + big + "\n" + euros + "\nshort\n");

  auto r = Run("acl audit --profile=text-document " + ShellQuote(file));
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out.substr(0, 2000);
  const std::string shown = "\"" + big.substr(0, 256) + "\"... (1048576 bytes)";
  EXPECT_EQ(lines[0], file + ":2: collision: " + shown + " has the key " +
                          shown + " of line 1 " + shown);
  EXPECT_LT(r.out.size(), 2048u);

  r = Run("acl audit --format=json --profile=text-document " +
          ShellQuote(file));
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out.substr(0, 2000);
  const std::string a256 = big.substr(0, 256);
  EXPECT_EQ(lines[0],
            "{\"file\": \"" + file +
                "\", \"kind\": \"collision\", \"line\": 2, \"index\": 1, "
                "\"entry\": \"" +
                a256 +
                "\", \"entry_truncated\": true, \"entry_bytes\": 1048576, "
                "\"key\": \"" +
                a256 +
                "\", \"key_truncated\": true, \"key_bytes\": 1048576, "
                "\"other_line\": 1, \"other_index\": 0, \"other_entry\": \"" +
                a256 +
                "\", \"other_entry_truncated\": true, "
                "\"other_entry_bytes\": 1048576, \"other_key\": \"" +
                a256 +
                "\", \"other_key_truncated\": true, \"other_key_bytes\": "
                "1048576}");

  // Invalid entries: the whole length, though the index keeps 1 KiB.
  r = Run("acl audit --profile=username-case-mapped " + ShellQuote(file));
  EXPECT_EQ(r.exit_code, 1);
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out.substr(0, 3000);
  EXPECT_TRUE(absl::StartsWith(
      lines[0], file + ":1: invalid: " + shown + " rejected at byte 4096"))
      << lines[0].substr(0, 400);
  // 3-byte characters: cut at 255 bytes, not inside one.
  EXPECT_TRUE(absl::StartsWith(
      lines[2],
      file + ":3: invalid: \"" + euros.substr(0, 255) + "\"... (3000 bytes) "))
      << lines[2].substr(0, 400);
  r = Run("acl audit --format=json --profile=username-case-mapped " +
          ShellQuote(file));
  lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(absl::StrContains(
      lines[0], "\"entry\": \"" + a256 +
                    "\", \"entry_truncated\": true, \"entry_bytes\": 1048576, "
                    "\"error\": "))
      << lines[0].substr(0, 600);
  EXPECT_TRUE(absl::StrContains(
      lines[0], "\"rule\": \"input_too_long\", \"offset\": 4096}"))
      << lines[0].substr(0, 600);
  EXPECT_FALSE(absl::StrContains(r.out, "entry_hex"));
  EXPECT_LT(r.out.size(), 4096u);

  // A lookup that matches a long entry shows the entry and key cut too;
  // the ID, within text-document's max_input_bytes (64 MiB), is echoed
  // whole, as every input within its command's limit.
  const std::string ids = dir_.File("ids");
  WriteFileOrDie(ids, big + "\n");
  r = RunCommand(ShellQuote(CliPath()) +
                 " acl lookup --profile=text-document --acl=" +
                 ShellQuote(file) + " --format=json < " + ShellQuote(ids));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(absl::StrContains(
      r.out,
      "\"found\": true, \"line\": 1, \"index\": 0, \"original\": \"" + a256 +
          "\", \"original_truncated\": true, \"original_bytes\": "
          "1048576, \"entry\": \"" +
          a256 + "\", \"entry_truncated\": true, \"entry_bytes\": 1048576, "))
      << r.out.substr(0, 2000);
  EXPECT_TRUE(absl::StartsWith(r.out, "{\"id\": \"" + big + "\", \"mode\""));
  EXPECT_LT(r.out.size(), big.size() + 2048u);
}

}  // namespace
}  // namespace u8guard
