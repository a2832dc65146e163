// SPDX-License-Identifier: Apache-2.0
// Every string the CLI did not write itself (file names, inputs, ACL
// entries, profile names, flags as typed, messages that quote them) is
// escaped in every output format of every subcommand:
// in text and on standard error with EscapeForDisplay, so that a file named
// "evil\nclean.txt: ok" forges no line and no escape sequence, C1 control
// or bidi override reaches the terminal; in JSON as \u escapes, so that
// every line parses to the exact string, with the bytes in hex
// ("file_hex", "input_hex", "entry_hex") where a name is not UTF-8, so that
// two names that differ only in invalid bytes print differently.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::JsonObject;
using ::u8guard::testing::JsonStringField;
using ::u8guard::testing::ParseJsonObject;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::WriteFileOrDie;

// Names and inputs an attacker chooses.
constexpr std::string_view kForging = "evil\nclean.txt: ok\nx";
constexpr std::string_view kEscapes = "esc\x1B[31mred\x1B[0m\x1B]0;pwned\x07";
constexpr std::string_view kC1 =
    "c1\xC2\x9B"
    "31m";
constexpr std::string_view kBidi = "bidi\xE2\x80\xAEtxt.exe";
constexpr std::string_view kInvalidFf = "bad\xFF.txt";
constexpr std::string_view kInvalidFe = "bad\xFE.txt";

const std::vector<std::string_view>& EvilNames() {
  static const auto* const names = new std::vector<std::string_view>{
      kForging, kEscapes, kC1, kBidi, kInvalidFf, kInvalidFe};
  return *names;
}

// Standard output, standard error and exit status of `u8guard ARGS`.
struct Output {
  int exit_code = -1;
  std::string out, err;
};

Output Cli(const std::string& args) {
  ScopedTempDir tmp;
  const std::string err = tmp.File("stderr");
  const testing::CommandResult r =
      RunCommand(absl::StrCat("env -u U8GUARD_KERNEL ", ShellQuote(CliPath()),
                              " ", args, " 2>", ShellQuote(err)));
  return {r.exit_code, r.out, ReadFileOrDie(err)};
}

// `args` quoted for the shell, after "--".
std::string Args(const std::vector<std::string>& args) {
  std::string out = "--";
  for (const std::string& a : args) absl::StrAppend(&out, " ", ShellQuote(a));
  return out;
}

// Fails unless `s` can go to a terminal as it is: valid UTF-8 without
// controls (but line feeds), C1 controls, bidi controls or other format
// characters that hide text or move the cursor.
void ExpectTerminalSafe(std::string_view s, std::string_view what) {
  SCOPED_TRACE(what);
  ASSERT_TRUE(IsValidUtf8(s)) << ToHex(s);
  size_t pos = 0;
  while (pos < s.size()) {
    const size_t at = pos;
    const int32_t cp = DecodeUtf8At(s, pos);
    ASSERT_GE(cp, 0);
    const bool control = (cp < 0x20 && cp != '\n') || (cp >= 0x7F && cp < 0xA0);
    const bool format =
        (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
        (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061C || cp == 0xFEFF;
    EXPECT_FALSE(control || format)
        << absl::StrFormat("U+%04X at byte %d of: ", cp, at) << ToHex(s);
  }
}

// Parses every line of `out` as a JSON object; fails on one that is not.
std::vector<JsonObject> JsonLines(std::string_view out) {
  ExpectTerminalSafe(out, "JSON output");
  std::vector<JsonObject> objects;
  for (const std::string& line : SplitLines(out)) {
    std::string error;
    const std::optional<JsonObject> o = ParseJsonObject(line, &error);
    EXPECT_TRUE(o.has_value()) << error;
    if (o) objects.push_back(*o);
  }
  return objects;
}

// The string `key` of `o`.
std::string Str(const JsonObject& o, const std::string& key) {
  return JsonStringField(o, key);
}

// Hex as AddInputField writes it ("61FF").
std::string PlainHex(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) absl::StrAppendFormat(&out, "%02X", c);
  return out;
}

class CliEscaping : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const std::string_view name : EvilNames()) {
      files_.push_back(dir_.File(name));
      WriteFileOrDie(files_.back(), "ok\n");
    }
    // An evil name with invalid contents, for "FILE:OFFSET: KIND".
    files_.push_back(dir_.File(std::string(kForging) + "2"));
    WriteFileOrDie(files_.back(), "a\xC0\xAE");
  }

  std::string Files() const {
    std::string out;
    for (const std::string& f : files_)
      absl::StrAppend(&out, " ", ShellQuote(f));
    return out;
  }

  ScopedTempDir dir_;
  std::vector<std::string> files_;
};

TEST_F(CliEscaping, CheckTextShowsEachNameEscapedOnItsOwnLine) {
  const Output r = Cli("check --" + Files());
  EXPECT_EQ(r.exit_code, 1);
  ExpectTerminalSafe(r.out, "stdout");
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), files_.size()) << r.out;
  const std::string d = dir_.path() + "/";
  EXPECT_EQ(lines[0], d + "evil\\u{000A}clean.txt: ok\\u{000A}x: ok");
  EXPECT_EQ(lines[1], d + "esc\\u{001B}[31mred\\u{001B}[0m\\u{001B}]0;"
                          "pwned\\u{0007}: ok");
  EXPECT_EQ(lines[2], d + "c1\\u{009B}31m: ok");
  EXPECT_EQ(lines[3], d + "bidi\\u{202E}txt.exe: ok");
  EXPECT_EQ(lines[4], d + "bad\\xFF.txt: ok");
  EXPECT_EQ(lines[5], d + "bad\\xFE.txt: ok");
  EXPECT_EQ(lines[6],
            d + "evil\\u{000A}clean.txt: ok\\u{000A}x2:1: overlong encoding");
  for (const std::string& line : lines) {
    EXPECT_FALSE(line.starts_with("clean.txt")) << line;
  }
}

TEST_F(CliEscaping, CheckJsonParsesToTheExactNames) {
  const Output r = Cli("check --format=json --" + Files());
  EXPECT_EQ(r.exit_code, 1);
  const auto objects = JsonLines(r.out);
  ASSERT_EQ(objects.size(), files_.size()) << r.out;
  for (size_t i = 0; i < files_.size(); ++i) {
    SCOPED_TRACE(ToHex(files_[i]));
    const auto& o = objects[i];
    if (IsValidUtf8(files_[i])) {
      EXPECT_EQ(Str(o, "file"), files_[i]);
      EXPECT_FALSE(o.contains("file_hex"));
    } else {
      // Shown with U+FFFD, and exactly in hex.
      EXPECT_EQ(Str(o, "file"), ToUtf8Lossy(files_[i]));
      EXPECT_EQ(Str(o, "file_hex"), PlainHex(files_[i]));
    }
  }
  // Two names that differ only in an invalid byte print differently.
  EXPECT_EQ(Str(objects[4], "file"), Str(objects[5], "file"));
  EXPECT_NE(Str(objects[4], "file_hex"), Str(objects[5], "file_hex"));
  EXPECT_EQ(Str(objects[6], "error"), "overlong");
}

TEST_F(CliEscaping, MissingFilesAreNamedEscapedAndExactly) {
  const std::string missing = dir_.File("gone\x1B[2J" + std::string(kBidi));
  const std::string missing_bad = dir_.File("gone\xFF");
  const std::string args =
      absl::StrCat(" -- ", ShellQuote(missing), " ", ShellQuote(missing_bad));
  const Output text = Cli("check" + args);
  EXPECT_EQ(text.exit_code, 2);
  ExpectTerminalSafe(text.err, "stderr");
  // The library's message shows the name escaped already (for C++ callers'
  // logs); the CLI escapes every message again, so each backslash is
  // doubled.
  EXPECT_NE(text.err.find("gone\\\\u{001B}[2Jbidi\\\\u{202E}txt.exe"),
            std::string::npos)
      << text.err;
  EXPECT_NE(text.err.find("gone\\\\xFF"), std::string::npos) << text.err;

  const Output json = Cli("check --format=json" + args);
  ExpectTerminalSafe(json.err, "stderr");
  const auto objects = JsonLines(json.out);
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(Str(objects[0], "file"), missing);
  EXPECT_TRUE(objects[0].contains("io_error"));
  EXPECT_EQ(Str(objects[1], "file_hex"), PlainHex(missing_bad));
}

// What the user typed is quoted in usage errors: the command, a flag, a
// profile name, a file, a subcommand, a root.
TEST(CliEscapingErrors, UsageErrorsQuoteWhatWasTypedEscaped) {
  const std::string evil = "x\x1B[2J\xC2\x9B" + std::string(kBidi);
  const std::string shown = "x\\u{001B}[2J\\u{009B}bidi\\u{202E}txt.exe";
  for (const std::string& end : {std::string("\xFF"), std::string()}) {
    for (const std::string& args :
         {ShellQuote(evil + end), "check " + ShellQuote("--th" + evil + end),
          "canon --profile=" + ShellQuote(evil + end) + " -- a",
          "acl audit --profile=" + ShellQuote(evil + end) + " -- f",
          "acl lookup --profile=username-case-mapped --acl=" +
              ShellQuote(evil + end) + " -- a",
          "acl " + ShellQuote(evil + end),
          // (A root that is not UTF-8 is refused without being quoted.)
          "path sanitize --root=" + ShellQuote("/" + evil) + " -- a"}) {
      SCOPED_TRACE(args);
      const Output r = Cli(args);
      EXPECT_EQ(r.exit_code, 2);
      ExpectTerminalSafe(r.out, "stdout");
      ExpectTerminalSafe(r.err, "stderr");
      std::string want =
          shown + (end.empty() || args.starts_with("path") ? "" : "\\xFF");
      if (args.find("--profile='x") != std::string::npos ||
          args.find("--acl='") != std::string::npos ||
          args.starts_with("path")) {
        // The library's message escapes a profile name, file name or root
        // already (for C, Python and PostgreSQL callers); the CLI escapes
        // every message again, so each backslash is doubled.
        want = absl::StrReplaceAll(want, {{"\\", "\\\\"}});
      }
      EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
    }
  }
}

// canon, enforce, compare and path sanitize echo their inputs (JSON) and
// the keys and paths made of them (text-document keeps any valid text).
TEST(CliEscapingInputs, InputsAndResultsAreEscaped) {
  const std::vector<std::string> inputs = {
      std::string(kForging), std::string(kEscapes),   std::string(kC1),
      std::string(kBidi),    std::string(kInvalidFf), std::string(kInvalidFe)};
  for (const std::string command :
       {"canon --profile=text-document", "enforce --profile=text-document",
        "canon --profile=username-case-mapped", "path sanitize",
        "path sanitize --percent-decode"}) {
    SCOPED_TRACE(command);
    const Output text = Cli(command + " " + Args(inputs));
    ExpectTerminalSafe(text.out, "stdout");
    ExpectTerminalSafe(text.err, "stderr");
    EXPECT_EQ(SplitLines(text.out).size(), inputs.size()) << text.out;

    const Output json = Cli(command + " --format=json " + Args(inputs));
    const auto objects = JsonLines(json.out);
    ASSERT_EQ(objects.size(), inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (IsValidUtf8(inputs[i])) {
        EXPECT_EQ(Str(objects[i], "input"), inputs[i]);
      } else {
        EXPECT_EQ(Str(objects[i], "input_hex"), PlainHex(inputs[i]));
      }
    }
    EXPECT_NE(Str(objects[4], "input_hex"), Str(objects[5], "input_hex"));
  }
  // text-document keeps the escape sequence in its key: shown escaped.
  const Output canon = Cli("canon --profile=text-document " +
                           Args({std::string(kEscapes), std::string(kBidi)}));
  EXPECT_EQ(canon.out,
            "esc\\u{001B}[31mred\\u{001B}[0m\\u{001B}]0;pwned\\u{0007}\n"
            "bidi\\u{202E}txt.exe\n");
  const Output json = Cli("canon --profile=text-document --format=json " +
                          Args({std::string(kBidi)}));
  EXPECT_EQ(json.out,
            "{\"input\": \"bidi\\u202etxt.exe\", \"ok\": true, \"output\": "
            "\"bidi\\u202etxt.exe\"}\n");

  for (const std::string format : {"text", "json"}) {
    const Output compare =
        Cli("compare --profile=text-document --format=" + format + " " +
            Args({std::string(kEscapes), std::string(kInvalidFf)}));
    EXPECT_EQ(compare.exit_code, 1);
    ExpectTerminalSafe(compare.out, "compare");
    if (format == "json") JsonLines(compare.out);
  }
}

// An ACL file with an evil name and evil entries: audit and lookup.
TEST(CliEscapingAcl, FileNamesEntriesAndIdsAreEscaped) {
  ScopedTempDir dir;
  const std::string acl = dir.File(kForging);
  std::string text = "admin\n";
  for (const std::string_view name : EvilNames()) {
    if (name != kForging) text += std::string(name) + "\n";
  }
  WriteFileOrDie(acl, text);
  const std::string shown_acl =
      dir.path() + "/evil\\u{000A}clean.txt: ok\\u{000A}x";

  const Output audit =
      Cli("acl audit --profile=username-case-mapped -- " + ShellQuote(acl));
  EXPECT_EQ(audit.exit_code, 1);
  ExpectTerminalSafe(audit.out, "audit");
  const std::vector<std::string> lines = SplitLines(audit.out);
  ASSERT_EQ(lines.size(), 6u) << audit.out;  // 5 invalid entries, a summary
  for (const std::string& line : lines) {
    EXPECT_TRUE(line.starts_with(shown_acl + ":")) << line;
  }
  EXPECT_NE(lines[0].find("\"esc\\u{001B}[31mred"), std::string::npos);
  EXPECT_NE(lines[3].find("\"bad\\xFF.txt\""), std::string::npos);
  EXPECT_NE(lines[4].find("\"bad\\xFE.txt\""), std::string::npos);

  const Output audit_json =
      Cli("acl audit --profile=username-case-mapped --format=json -- " +
          ShellQuote(acl));
  const auto findings = JsonLines(audit_json.out);
  ASSERT_EQ(findings.size(), 6u);
  for (const auto& f : findings) EXPECT_EQ(Str(f, "file"), acl);
  EXPECT_EQ(Str(findings[0], "entry"), kEscapes);
  EXPECT_EQ(Str(findings[3], "entry_hex"), PlainHex(kInvalidFf));
  EXPECT_EQ(Str(findings[4], "entry_hex"), PlainHex(kInvalidFe));

  std::vector<std::string> ids;
  for (const std::string_view name : EvilNames()) ids.emplace_back(name);
  for (const std::string mode : {"exact", "skeleton"}) {
    const std::string lookup =
        "acl lookup --profile=username-case-mapped --acl=" + ShellQuote(acl) +
        " --mode=" + mode;
    const Output r = Cli(lookup + " " + Args(ids));
    ExpectTerminalSafe(r.out, "lookup");
    EXPECT_EQ(SplitLines(r.out).size(), ids.size()) << r.out;
    const auto objects =
        JsonLines(Cli(lookup + " --format=json " + Args(ids)).out);
    ASSERT_EQ(objects.size(), ids.size());
    EXPECT_EQ(Str(objects[0], "id"), kForging);
    EXPECT_EQ(Str(objects[4], "id_hex"), PlainHex(kInvalidFf));
    EXPECT_EQ(Str(objects[5], "id_hex"), PlainHex(kInvalidFe));
  }
}

// A policy file names its profile: the name reaches every rejection
// message and the audit's summary.
TEST(CliEscapingProfiles, AProfileNameFromAPolicyFileIsEscaped) {
  ScopedTempDir dir;
  const std::string profile = "evil\x1B[2J\xE2\x80\xAE";
  WriteFileOrDie(dir.File("evil.toml"),
                 "name = \"evil\\u001b[2J\\u202e\"\n"
                 "description = \"a profile with an evil name\"\n"
                 "bom = \"reject\"\n"
                 "string_class = \"identifier\"\n"
                 "width_mapping = false\n"
                 "additional_mapping = \"none\"\n"
                 "case_mapping = \"none\"\n"
                 "key_case_mapping = \"none\"\n"
                 "normalization = \"NFC\"\n"
                 "directionality = \"none\"\n"
                 "confusables = \"none\"\n");
  const std::string flags = "--profile-dir=" + ShellQuote(dir.path()) +
                            " --profile=" + ShellQuote(profile);
  const Output canon = Cli("canon " + flags + " -- 'a b'");
  EXPECT_EQ(canon.exit_code, 1) << canon.err;
  ExpectTerminalSafe(canon.out, "canon");
  EXPECT_EQ(canon.out,
            "rejected: evil\\u{001B}[2J\\u{202E}: rejected at byte 1 "
            "(U+0020): DISALLOWED/spaces\n");
  JsonLines(Cli("canon --format=json " + flags + " -- 'a b'").out);

  const std::string acl = dir.File("users.acl");
  WriteFileOrDie(acl, "alice\n");
  const Output audit = Cli("acl audit " + flags + " -- " + ShellQuote(acl));
  EXPECT_EQ(audit.exit_code, 0) << audit.err;
  ExpectTerminalSafe(audit.out, "audit");
  EXPECT_NE(audit.out.find("profile evil\\u{001B}[2J\\u{202E},"),
            std::string::npos)
      << audit.out;
  const auto summary = JsonLines(
      Cli("acl audit --format=json " + flags + " -- " + ShellQuote(acl)).out);
  ASSERT_EQ(summary.size(), 1u);
  EXPECT_EQ(Str(summary[0], "profile"), profile);
}

TEST(ParseJsonObject, IsStrict) {
  EXPECT_TRUE(ParseJsonObject("{}"));
  EXPECT_EQ(
      Str(*ParseJsonObject(R"({"a": "x\u00e9\ud83d\ude00\n", "b": 1})"), "a"),
      "x\xC3\xA9\xF0\x9F\x98\x80\n");
  for (const std::string_view bad :
       {"", "{", R"({"a": "x)", "{\"a\": \"\x01\"}", R"({"a": "\ud83d"})",
        R"({"a": 1} x)", R"({"a": 1, "a": 2})", "{\"a\": \"\xFF\"}",
        R"({"a": "\x"})"}) {
    EXPECT_FALSE(ParseJsonObject(bad)) << bad;
  }
}

}  // namespace
}  // namespace u8guard
