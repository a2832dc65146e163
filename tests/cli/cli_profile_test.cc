// SPDX-License-Identifier: Apache-2.0
// The CLI contract of `u8guard canon|enforce|compare|profiles` (README,
// "Command-line tool"): one output line per input (the key, or
// "rejected: <message>"); --format=json one object per input and line with
// "input", "ok", "output" or "error" (and "input_hex" when the input is not
// valid UTF-8); standard input line by line when there are no STRING
// arguments; exit 0 all accepted / equivalent, 1 any rejected / not
// equivalent, 2 usage errors; --profile-dir with a deployment's own policy
// files; `profiles` lists every built-in profile. Expected keys come from
// the library (the CLI is a thin shell over it) or are written out.

#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::JsonBoolField;
using ::u8guard::testing::JsonObject;
using ::u8guard::testing::JsonStringField;
using ::u8guard::testing::ParseJsonObject;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::ToHex;

// A temporary directory, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base && *base ? base : "/tmp") +
                       "/u8guard_cli_profile_XXXXXX";
    EXPECT_NE(mkdtemp(tmpl.data()), nullptr);
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string Write(const std::string& name, std::string_view bytes) const {
    const std::string file = path_ + "/" + name;
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    EXPECT_TRUE(out.good()) << file;
    return file;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Runs `u8guard ARGS...` (each argument quoted); stderr is discarded unless
// `with_stderr`.
CommandResult Cli(const std::vector<std::string>& args,
                  bool with_stderr = false) {
  std::string cmd = ShellQuote(CliPath());
  for (const std::string& a : args) absl::StrAppend(&cmd, " ", ShellQuote(a));
  cmd += with_stderr ? " 2>&1" : " 2>/dev/null";
  return RunCommand(cmd);
}

// Runs `u8guard ARGS...` with `stdin_bytes` on standard input.
CommandResult CliWithStdin(const std::vector<std::string>& args,
                           std::string_view stdin_bytes) {
  TempDir dir;
  const std::string in = dir.Write("stdin", stdin_bytes);
  std::string cmd = ShellQuote(CliPath());
  for (const std::string& a : args) absl::StrAppend(&cmd, " ", ShellQuote(a));
  return RunCommand(cmd + " < " + ShellQuote(in) + " 2>/dev/null");
}

// Output lines without their '\n'. Fails the test when the output does not
// end with '\n' (every line is terminated).
std::vector<std::string> Lines(const std::string& out) {
  std::vector<std::string> lines;
  if (out.empty()) return lines;
  EXPECT_EQ(out.back(), '\n') << "unterminated output: " << out;
  lines = absl::StrSplit(out.substr(0, out.size() - 1), '\n');
  return lines;
}

std::vector<JsonObject> JsonLines(const std::string& out) {
  std::vector<JsonObject> objects;
  for (const std::string& line : Lines(out)) {
    std::string error;
    std::optional<JsonObject> o = ParseJsonObject(line, &error);
    if (o) {
      objects.push_back(std::move(*o));
    } else {
      ADD_FAILURE() << error;
    }
  }
  return objects;
}

std::string Str(const JsonObject& o, const std::string& key) {
  return JsonStringField(o, key);
}

std::optional<bool> Bool(const JsonObject& o, const std::string& key) {
  return JsonBoolField(o, key);
}

// The library's key (or enforced form) of `s`, or its error message: what
// the CLI must print.
std::string LibraryAnswer(const std::string& profile, std::string_view s,
                          bool enforce) {
  const Profile& p = **FindBuiltinProfile(profile);
  const absl::StatusOr<std::string> r =
      enforce ? Enforce(p, s) : Canonicalize(p, s);
  // The tool shows a result escaped (a BOM a profile keeps as U+FEFF).
  return r.ok() ? EscapeForDisplay(*r)
                : "rejected: " + std::string(r.status().message());
}

// ---- canon / enforce, text ----------------------------------------------

TEST(CliCanon, PrintsOneLinePerInputInOrder) {
  const std::vector<std::string> inputs = {
      "Admin",      "\uFF21\uFF24\uFF2D\uFF29\uFF2E",
      "\u212Aevin", "ad\u00ADmin",
      "m\u0131ke",  "\xC0\xAE",
      "caf\u00E9",  "\u0130stanbul",
      "al\u200Bice"};
  std::vector<std::string> args = {"canon", "--profile=username-case-mapped"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const CommandResult r = Cli(args);
  EXPECT_EQ(r.exit_code, 1);  // some are rejected
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), inputs.size()) << r.out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_EQ(lines[i], LibraryAnswer("username-case-mapped", inputs[i], false))
        << "[" << ToHex(inputs[i]) << "]";
  }
  EXPECT_EQ(lines[0], "admin");
  EXPECT_EQ(lines[1], "admin");
  EXPECT_EQ(lines[2], "kevin");
  EXPECT_TRUE(absl::StartsWith(lines[3], "rejected: ")) << lines[3];
  EXPECT_TRUE(absl::StrContains(lines[3], "byte 2")) << lines[3];
  EXPECT_TRUE(absl::StrContains(lines[3], "U+00AD")) << lines[3];
  EXPECT_TRUE(absl::StrContains(lines[5], "C0 AE")) << lines[5];
}

TEST(CliCanon, ExitsZeroWhenEveryInputIsAccepted) {
  const CommandResult r =
      Cli({"canon", "--profile=username-case-mapped", "Admin", "B\u00F6b"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "admin\nb\u00F6b\n");
  EXPECT_EQ(
      Cli({"canon", "--profile=username-case-mapped", "ad\u00ADmin"}).exit_code,
      1);
}

TEST(CliEnforce, PrintsTheStoredForm) {
  const CommandResult r =
      Cli({"enforce", "--profile=nickname", "  Juliet   Capulet ", "\t"});
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], "Juliet Capulet");
  EXPECT_EQ(lines[1], LibraryAnswer("nickname", "\t", true));
  const CommandResult canon =
      Cli({"canon", "--profile=nickname", "  Juliet   Capulet "});
  EXPECT_EQ(canon.exit_code, 0);
  EXPECT_EQ(canon.out, "juliet capulet\n");
}

// The contract's "one output line per input" holds even when a key holds a
// line break: text-document accepts any valid text.
TEST(CliCanon, OneLinePerInputEvenWhenTheKeyHoldsALineBreak) {
  const CommandResult r =
      Cli({"canon", "--profile=text-document", "one\ntwo", "three"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(Lines(r.out).size(), 2u) << r.out;
}

// Every built-in profile through the CLI gives the library's answers.
TEST(CliCanon, AgreesWithTheLibraryForEveryBuiltinProfile) {
  const std::vector<std::string> inputs = {
      "Admin",    "\uFF21dmin",    "  Juliet  ",
      "\uFEFFx",  "a\xED\xA0\x80", "\u05D0\u05D1",
      "x\u00B7y", "\U0001F600",    "\u1D2E\u1D35"};
  for (const Profile& p : BuiltinProfiles()) {
    for (bool enforce : {false, true}) {
      std::vector<std::string> args = {enforce ? "enforce" : "canon",
                                       "--profile=" + p.name};
      args.insert(args.end(), inputs.begin(), inputs.end());
      const CommandResult r = Cli(args);
      const std::vector<std::string> lines = Lines(r.out);
      ASSERT_EQ(lines.size(), inputs.size()) << p.name << "\n" << r.out;
      bool any_rejected = false;
      for (size_t i = 0; i < inputs.size(); ++i) {
        const std::string want = LibraryAnswer(p.name, inputs[i], enforce);
        any_rejected |= absl::StartsWith(want, "rejected: ");
        EXPECT_EQ(lines[i], want) << p.name << " [" << ToHex(inputs[i]) << "]";
      }
      EXPECT_EQ(r.exit_code, any_rejected ? 1 : 0) << p.name;
    }
  }
}

// ---- JSON ---------------------------------------------------------------

TEST(CliCanonJson, OneObjectPerInput) {
  const std::vector<std::string> inputs = {"Admin", "ad\u00ADmin",
                                           "\"quoted\\\"", "\uFF21"};
  std::vector<std::string> args = {"canon", "--profile=username-case-mapped",
                                   "--format=json"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  const CommandResult r = Cli(args);
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<JsonObject> objects = JsonLines(r.out);
  ASSERT_EQ(objects.size(), inputs.size()) << r.out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const JsonObject& o = objects[i];
    SCOPED_TRACE(inputs[i]);
    EXPECT_EQ(Str(o, "input"), inputs[i]);
    EXPECT_EQ(o.count("input_hex"), 0u);
    const Profile& p = **FindBuiltinProfile("username-case-mapped");
    const absl::StatusOr<std::string> want = Canonicalize(p, inputs[i]);
    EXPECT_EQ(Bool(o, "ok"), want.ok());
    if (want.ok()) {
      EXPECT_EQ(Str(o, "output"), *want);
      EXPECT_EQ(o.count("error"), 0u);
    } else {
      EXPECT_EQ(Str(o, "error"), want.status().message());
      EXPECT_EQ(o.count("output"), 0u);
    }
  }
  EXPECT_EQ(Str(objects[0], "output"), "admin");
  EXPECT_EQ(Bool(objects[1], "ok"), false);
  EXPECT_TRUE(absl::StrContains(Str(objects[1], "error"), "U+00AD"));
}

TEST(CliCanonJson, InvalidUtf8InputGetsHexAndReplacementCharacters) {
  const CommandResult r = Cli({"canon", "--profile=opaque-string",
                               "--format=json", "a\xC0\xAE", "ok\xFF"});
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<JsonObject> objects = JsonLines(r.out);
  ASSERT_EQ(objects.size(), 2u) << r.out;
  // One U+FFFD per maximal ill-formed subpart: C0 and AE are two.
  EXPECT_EQ(Str(objects[0], "input"), "a\uFFFD\uFFFD");
  EXPECT_EQ(Str(objects[0], "input_hex"), "61C0AE");
  EXPECT_EQ(Bool(objects[0], "ok"), false);
  EXPECT_TRUE(absl::StrContains(Str(objects[0], "error"), "byte 1"));
  EXPECT_EQ(Str(objects[1], "input"), "ok\uFFFD");
  EXPECT_EQ(Str(objects[1], "input_hex"), "6F6BFF");
}

TEST(CliCanonJson, ControlsAndSeparatorsAreEscapedOrValid) {
  // text-document accepts any valid text: the key holds controls, which
  // JSON must escape; the line must stay one line.
  const std::string input = "a\nb\t\x01\x7F\u2028\"\\";
  const CommandResult r =
      Cli({"canon", "--profile=text-document", "--format=json", input});
  EXPECT_EQ(r.exit_code, 0);
  const std::vector<JsonObject> objects = JsonLines(r.out);
  ASSERT_EQ(objects.size(), 1u) << r.out;
  EXPECT_EQ(Str(objects[0], "input"), input);
  EXPECT_EQ(Str(objects[0], "output"), input);
}

// ---- standard input -------------------------------------------------------

TEST(CliCanonStdin, ReadsOneInputPerLine) {
  const CommandResult r =
      CliWithStdin({"canon", "--profile=username-case-mapped"},
                   "Admin\n\uFF42ob\nad\u00ADmin\n\nlast-without-newline");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_EQ(lines[0], "admin");
  EXPECT_EQ(lines[1], "bob");
  EXPECT_EQ(lines[2],
            LibraryAnswer("username-case-mapped", "ad\u00ADmin", false));
  // An empty line is an empty input: rejected, not skipped.
  EXPECT_EQ(lines[3], LibraryAnswer("username-case-mapped", "", false));
  EXPECT_TRUE(absl::StrContains(lines[3], "DISALLOWED/empty")) << lines[3];
  EXPECT_EQ(lines[4], "last-without-newline");
}

TEST(CliCanonStdin, OnlyTheNewlineIsRemoved) {
  // A CR before the LF is part of the input (a control: rejected).
  const CommandResult r =
      CliWithStdin({"canon", "--profile=username-case-mapped"}, "Admin\r\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            LibraryAnswer("username-case-mapped", "Admin\r", false) + "\n");
}

TEST(CliCanonStdin, JsonAndAllAcceptedExitZero) {
  const CommandResult r = CliWithStdin(
      {"enforce", "--profile=nickname", "--format=json"}, " Romeo \nJuliet\n");
  EXPECT_EQ(r.exit_code, 0);
  const std::vector<JsonObject> objects = JsonLines(r.out);
  ASSERT_EQ(objects.size(), 2u) << r.out;
  EXPECT_EQ(Str(objects[0], "input"), " Romeo ");
  EXPECT_EQ(Str(objects[0], "output"), "Romeo");
  EXPECT_EQ(Str(objects[1], "output"), "Juliet");
}

TEST(CliCanonStdin, NoInputNoOutput) {
  const CommandResult r =
      CliWithStdin({"canon", "--profile=username-case-mapped"}, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
}

// ---- compare --------------------------------------------------------------

TEST(CliCompare, ExitStatusSaysEquivalentOrNot) {
  struct Case {
    std::string profile, a, b;
    int exit_code;
  };
  const std::vector<Case> cases = {
      {"username-case-mapped", "Admin", "\uFF41DMIN", 0},
      {"username-case-mapped", "\u212Aevin", "kevin", 0},
      {"username-case-mapped", "m\u0131ke", "mike", 1},
      {"username-case-mapped", "ad\u00ADmin", "admin", 1},
      {"username-case-mapped", "\uFEFFadmin", "admin", 1},
      {"username-case-preserved", "Admin", "admin", 1},
      {"nickname", "  Juliet   Capulet ", "juliet capulet", 0},
      {"opaque-string", "correct horse", "correct\u00A0horse", 0},
      {"opaque-string", "Secret", "secret", 1},
      // Fail closed: a rejected input is not even equivalent to itself.
      {"username-case-mapped", "\xC0\xAE", "\xC0\xAE", 1},
      {"username-case-mapped", "al\u200Bice", "al\u200Bice", 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.profile + " [" + ToHex(c.a) + "] [" + ToHex(c.b) + "]");
    const CommandResult r =
        Cli({"compare", "--profile=" + c.profile, c.a, c.b});
    EXPECT_EQ(r.exit_code, c.exit_code) << r.out;
    const std::vector<std::string> lines = Lines(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0], c.exit_code == 0 ? "equivalent" : "different");
    const CommandResult j =
        Cli({"compare", "--profile=" + c.profile, "--format=json", c.a, c.b});
    EXPECT_EQ(j.exit_code, c.exit_code);
    const std::vector<JsonObject> objects = JsonLines(j.out);
    ASSERT_EQ(objects.size(), 1u) << j.out;
    EXPECT_EQ(Bool(objects[0], "equivalent"), c.exit_code == 0);
  }
}

TEST(CliCompare, RejectionsAreExplained) {
  const CommandResult r = Cli(
      {"compare", "--profile=username-case-mapped", "ad\u00ADmin", "admin"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(absl::StrContains(r.out, "U+00AD")) << r.out;
  EXPECT_TRUE(absl::StrContains(r.out, "byte 2")) << r.out;
}

// ---- usage errors: exit 2 ---------------------------------------------------

TEST(CliUsage, ErrorsExitTwoWithAMessage) {
  const std::vector<std::vector<std::string>> cases = {
      {"canon", "Admin"},                                    // no --profile
      {"enforce", "Admin"},                                  // no --profile
      {"canon", "--profile=no-such-profile", "Admin"},       // unknown profile
      {"compare", "--profile=nickname", "a"},                // 1 argument
      {"compare", "--profile=nickname", "a", "b", "c"},      // 3 arguments
      {"compare", "--profile=nickname"},                     // none
      {"compare", "a", "b"},                                 // no --profile
      {"compare", "--profile=no-such-profile", "a", "b"},    // unknown profile
      {"canon", "--profile=nickname", "--frobnicate", "a"},  // unknown flag
      {"canon", "--profile=nickname", "--format=xml", "a"},  // bad format
      {"profiles", "extra"},                                 // no arguments
      {"no-such-command"},
      {},
  };
  for (const std::vector<std::string>& args : cases) {
    SCOPED_TRACE(absl::StrJoin(args, " "));
    const CommandResult quiet = Cli(args);
    EXPECT_EQ(quiet.exit_code, 2);
    EXPECT_EQ(quiet.out, "");  // nothing on stdout
    const CommandResult loud = Cli(args, /*with_stderr=*/true);
    EXPECT_FALSE(loud.out.empty());  // a message on stderr
  }
}

TEST(CliUsage, UnknownProfileListsTheBuiltins) {
  const CommandResult r =
      Cli({"canon", "--profile=no-such-profile", "a"}, /*with_stderr=*/true);
  EXPECT_EQ(r.exit_code, 2);
  for (const Profile& p : BuiltinProfiles()) {
    EXPECT_TRUE(absl::StrContains(r.out, p.name)) << r.out;
  }
}

// The RFCs' names of the PRECIS profiles work wherever a profile is named,
// with the same answers as the kebab-case names.
TEST(CliUsage, RfcProfileNamesAreAccepted) {
  for (const auto& [rfc, kebab] : testing::RfcProfileNames()) {
    SCOPED_TRACE(rfc);
    for (const char* command : {"canon", "enforce"}) {
      const CommandResult by_rfc = Cli(
          {command, "--format=json", "--profile=" + rfc, "\uFF21dmin", " x"},
          /*with_stderr=*/true);
      const CommandResult by_kebab = Cli(
          {command, "--format=json", "--profile=" + kebab, "\uFF21dmin", " x"},
          /*with_stderr=*/true);
      EXPECT_EQ(by_rfc.exit_code, by_kebab.exit_code);
      EXPECT_EQ(by_rfc.out, by_kebab.out);
      // Rejections name the profile by its kebab-case name.
      EXPECT_FALSE(absl::StrContains(by_rfc.out, rfc + ":")) << by_rfc.out;
    }
    EXPECT_EQ(Cli({"compare", "--profile=" + rfc, "Admin", "Admin"}).exit_code,
              0);
  }
  EXPECT_EQ(Cli({"canon", "--profile=usernamecasemapped", "a"}).exit_code, 2);
}

// ---- profiles ---------------------------------------------------------------

TEST(CliProfiles, ListsEveryBuiltinProfile) {
  const CommandResult r = Cli({"profiles"});
  EXPECT_EQ(r.exit_code, 0);
  for (const Profile& p : BuiltinProfiles()) {
    bool found = false;
    for (const std::string& line : Lines(r.out)) {
      found |= absl::StartsWith(line, p.name + " ");
    }
    EXPECT_TRUE(found) << p.name << " not listed:\n" << r.out;
  }
  const CommandResult j = Cli({"profiles", "--format=json"});
  EXPECT_EQ(j.exit_code, 0);
  const std::vector<JsonObject> objects = JsonLines(j.out);
  ASSERT_EQ(objects.size(), BuiltinProfiles().size()) << j.out;
  for (size_t i = 0; i < objects.size(); ++i) {
    const Profile& p = BuiltinProfiles()[i];
    EXPECT_EQ(Str(objects[i], "name"), p.name);
    EXPECT_EQ(Str(objects[i], "bom"), BomPolicyName(p.bom));
    EXPECT_EQ(Str(objects[i], "case_mapping"), CaseMappingName(p.case_mapping));
    EXPECT_EQ(Str(objects[i], "normalization"),
              NormalizationFormName(p.normalization));
  }
  for (const char* name :
       {"username-case-mapped", "username-case-preserved", "opaque-string",
        "nickname", "path-segment", "text-document", "identifier-class",
        "freeform-class"}) {
    EXPECT_TRUE(absl::StrContains(r.out, name)) << name;
  }
}

// Every setting of every built-in profile (ProfileSettings: every field of
// Profile), under its policy-file key, in JSON with its value and type and
// in the text as key=value.
TEST(CliProfiles, ShowsEverySetting) {
  const CommandResult j = Cli({"profiles", "--format=json"});
  ASSERT_EQ(j.exit_code, 0);
  const std::vector<JsonObject> objects = JsonLines(j.out);
  ASSERT_EQ(objects.size(), BuiltinProfiles().size()) << j.out;
  const CommandResult t = Cli({"profiles"});
  ASSERT_EQ(t.exit_code, 0);
  // Each profile's text: its line and the indented ones after it.
  std::map<std::string, std::string> blocks;
  std::string current;
  for (const std::string& line : Lines(t.out)) {
    if (!absl::StartsWith(line, " ")) current = line.substr(0, line.find(' '));
    blocks[current] += line + "\n";
  }
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::vector<ProfileSetting> settings =
        ProfileSettings(BuiltinProfiles()[i]);
    EXPECT_EQ(objects[i].size(), settings.size()) << j.out;
    for (const ProfileSetting& s : settings) {
      const std::string key(s.key);
      const auto it = objects[i].find(key);
      ASSERT_NE(it, objects[i].end()) << key;
      std::string shown;
      if (const auto* text = std::get_if<std::string>(&s.value)) {
        EXPECT_EQ(it->second, testing::JsonValue(*text)) << key;
        shown = *text;
      } else if (const auto* b = std::get_if<bool>(&s.value)) {
        EXPECT_EQ(it->second, testing::JsonValue(*b)) << key;
        shown = *b ? "true" : "false";
      } else {
        const int64_t n = std::get<int64_t>(s.value);
        EXPECT_EQ(it->second, testing::JsonValue(static_cast<double>(n)))
            << key;
        shown = std::to_string(n);
      }
      if (key != "name" && key != "description") {
        const std::string& block = blocks[BuiltinProfiles()[i].name];
        EXPECT_TRUE(absl::StrContains(block, " " + key + "=" + shown + " ") ||
                    absl::StrContains(block, " " + key + "=" + shown + "\n"))
            << key << "=" << shown << " in\n"
            << block;
      }
    }
  }
}

// ---- --profile-dir ----------------------------------------------------------

constexpr char kCorpLogin[] = R"(# A deployment's own profile.
name = "corp-login"
description = "case-folded logins, BOM stripped, 16 code points"
bom = "strip"
string_class = "identifier"
width_mapping = true
additional_mapping = "none"
case_mapping = "fold"
key_case_mapping = "fold"
normalization = "NFC"
directionality = "bidi_rule"
confusables = "none"
max_input_bytes = 64
max_output_bytes = 32
max_output_code_points = 16
)";

// The flag as absl spells it (--profile_dir); see ProfileDirAsDocumented.
void CheckProfileDir(const std::string& flag) {
  TempDir dir;
  dir.Write("corp.toml", kCorpLogin);
  const std::string dir_flag = flag + "=" + dir.path();
  const std::string bom_strasse = std::string("\xEF\xBB\xBF") + "Stra\u00DFe";
  CommandResult r = Cli(
      {"canon", dir_flag, "--profile=corp-login", bom_strasse, "\uFF21dmin"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  // Case folding (not toLower): ß becomes ss; the BOM is stripped.
  EXPECT_EQ(r.out, "strasse\nadmin\n");
  r = Cli({"canon", dir_flag, "--profile=corp-login", "abcdefghijklmnopq"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(absl::StrContains(r.out, "too_long")) << r.out;
  r = Cli(
      {"compare", dir_flag, "--profile=corp-login", "STRASSE", "stra\u00DFe"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  // Built-in profiles are still found.
  r = Cli({"canon", dir_flag, "--profile=nickname", " A "});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "a\n");
  // A bad policy file is a usage error naming the file and the line.
  dir.Write("zbad.toml", "name = \"bad\"\nbom = \"sometimes\"\n");
  r = Cli({"canon", dir_flag, "--profile=corp-login", "a"}, true);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(absl::StrContains(r.out, "zbad.toml:2")) << r.out;
  // A directory that does not exist.
  r = Cli({"canon", flag + "=" + dir.path() + "/missing", "--profile=nickname",
           "a"});
  EXPECT_EQ(r.exit_code, 2);
}

TEST(CliProfileDir, LoadsADeploymentsPolicyFiles) {
  CheckProfileDir("--profile_dir");
}

// docs/cli.md, the usage text and the brief spell the flag --profile-dir (absl
// names it profile_dir): the documented spelling must work.
TEST(CliProfileDir, ProfileDirAsDocumented) {
  TempDir dir;
  dir.Write("corp.toml", kCorpLogin);
  const CommandResult r = Cli(
      {"canon", "--profile-dir=" + dir.path(), "--profile=corp-login", "Admin"},
      /*with_stderr=*/true);
  ASSERT_EQ(r.exit_code, 0) << "the documented flag --profile-dir is not "
                               "accepted:\n"
                            << r.out.substr(0, 200);
  CheckProfileDir("--profile-dir");
}

}  // namespace
}  // namespace u8guard
